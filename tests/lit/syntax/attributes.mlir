// RUN: hlopt %s --split-input-file --allow-unregistered-dialect | filecheck %s --strict-whitespace --match-full-lines
// Builtin attributes: integers, floats, strings, bool/unit, arrays,
// dictionaries, dense arrays, symbol refs, type attributes, affine maps/sets,
// unknown dialect attributes; dictionary ordering and key quoting.
"t.ints"() {a = 0, b = -1, c = 0x10 : i32, d = 0xFF : ui8, e = 255 : ui8, f = -128 : i8, g = 127 : si8, h = 18446744073709551615 : ui64, i = -170141183460469231731687303715884105728 : i128, j = 1 : index, k = true, l = false, m = 1 : i1, n = 0 : i1, o = 7 : i3, q = -1 : si1, r = -1 : i1, s = 123456789012345678901234567890 : i128} : () -> ()
// CHECK:module {
// CHECK-NEXT:  "t.ints"() {a = 0 : i64, b = -1 : i64, c = 16 : i32, d = 255 : ui8, e = 255 : ui8, f = -128 : i8, g = 127 : si8, h = 18446744073709551615 : ui64, i = -170141183460469231731687303715884105728 : i128, j = 1 : index, k = true, l = false, m = true, n = false, o = -1 : i3, q = -1 : si1, r = true, s = 123456789012345678901234567890 : i128} : () -> ()
// CHECK-NEXT:}
// -----
"t.floats"() {a = 1.0, b = -0.0, c = 0.1 : f32, d = 1.5e10 : f64, e = 0x7FC00000 : f32, f = 0x7C00 : f16, g = 3.14159265358979 : f64, h = 1.0e-45 : f32, i = 2.5 : bf16, j = 0x7F : f8E4M3FN, k = 1.0 : f8E5M2, l = 0xFFF0000000000000 : f64, o = 65504.0 : f16, p = 1.0E+2 : f32, q = 123456792.0 : f32, r = 0x00000001 : f32, s = 1.17549435e-38 : f32, t = 0.3 : f16} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.floats"() {a = 1.000000e+00 : f64, b = -0.000000e+00 : f64, c = 1.000000e-01 : f32, d = 1.500000e+10 : f64, e = 0x7FC00000 : f32, f = 0x7C00 : f16, g = 3.14159265358979 : f64, h = 1.401300e-45 : f32, i = 2.500000e+00 : bf16, j = 0x7F : f8E4M3FN, k = 1.000000e+00 : f8E5M2, l = 0xFFF0000000000000 : f64, o = 6.550400e+04 : f16, p = 1.000000e+02 : f32, q = 0x4CEB79A3 : f32, r = 1.401300e-45 : f32, s = 1.17549435E-38 : f32, t = 3.000490e-01 : f16} : () -> ()
// CHECK-NEXT:}
// -----
// Overflowing decimal literals round to Inf (NaN or saturation for types without Inf).
"t.overflow"() {a = 1.0e40 : f32, b = -1.0e40 : f32, c = 1.0e400 : f64, d = 70000.0 : f16, e = 500.0 : f8E4M3FN, f = -500.0 : f8E4M3FN, g = 1.0e6 : f8E4M3FNUZ, h = 1.0e40 : bf16, i = -100.0 : f4E2M1FN} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.overflow"() {a = 0x7F800000 : f32, b = 0xFF800000 : f32, c = 0x7FF0000000000000 : f64, d = 0x7C00 : f16, e = 0x7F : f8E4M3FN, f = 0xFF : f8E4M3FN, g = 0x80 : f8E4M3FNUZ, h = 0x7F80 : bf16, i = -6.000000e+00 : f4E2M1FN} : () -> ()
// CHECK-NEXT:}
// -----
"t.strs"() {a = "", b = "plain", c = "q\"b\\s\n\t\01\7fé", d = "\00\FF", e = "it's", f = "tab\there", g = "A\41", h = "a'b`c"} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.strs"() {a = "", b = "plain", c = "q\22b\\s\0A\09\01\7F\C3\A9", d = "\00\FF", e = "it's", f = "tab\09here", g = "AA", h = "a'b`c"} : () -> ()
// CHECK-NEXT:}
// -----
"t.misc"() {a, b = unit, c = [], d = [1, [2, [3]]], e = {}, f = {x = 1, y = {z = "w"}}, g = [i32, f32], h = [unit, true, "s", @sym], i = [1, 2 : i32, 1.0, 2.0 : f32, true, 3 : index]} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.misc"() {a, b, c = [], d = [1, [2, [3]]], e = {}, f = {x = 1 : i64, y = {z = "w"}}, g = [i32, f32], h = [unit, true, "s", @sym], i = [1, 2 : i32, 1.000000e+00, 2.000000e+00 : f32, true, 3 : index]} : () -> ()
// CHECK-NEXT:}
// -----
"t.keys"() {zeta = 1, alpha = 2 : i64, Beta = 3 : i32, _u = unit, "key with space" = 1, "1num" = 2, "a.b" = 3, "a-b" = 4, "a$b" = 5, "quoted\"key" = 6, "é" = 7} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.keys"() {"1num" = 2 : i64, Beta = 3 : i32, _u, a$b = 5 : i64, "a-b" = 4 : i64, a.b = 3 : i64, alpha = 2 : i64, "key with space" = 1 : i64, "quoted\22key" = 6 : i64, zeta = 1 : i64, "\C3\A9" = 7 : i64} : () -> ()
// CHECK-NEXT:}
// -----
"t.arr"() {a = array<i64: 1, 2, 3>, b = array<i64>, c = array<i32: -1>, d = array<f32: 1.0, 2.5>, e = array<f64: 0.1>, f = array<i1: true, false>, g = array<i8: 127, -128>, h = array<i16: 0x10>, i = array<f16: 1.0>} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.arr"() {a = array<i64: 1, 2, 3>, b = array<i64>, c = array<i32: -1>, d = array<f32: 1.000000e+00, 2.500000e+00>, e = array<f64: 1.000000e-01>, f = array<i1: true, false>, g = array<i8: 127, -128>, h = array<i16: 16>, i = array<f16: 1.000000e+00>} : () -> ()
// CHECK-NEXT:}
// -----
"t.syms"() {a = @foo, b = @foo::@bar, c = @foo::@bar::@baz, d = @"with space", e = @"q\"x"::@y, f = @"1abc", g = @a.b, h = @_x$y} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.syms"() {a = @foo, b = @foo::@bar, c = @foo::@bar::@baz, d = @"with space", e = @"q\22x"::@y, f = @"1abc", g = @a.b, h = @_x$y} : () -> ()
// CHECK-NEXT:}
// -----
"t.types"() {a = i32, b = tensor<2xf32>, c = () -> (), d = !t.x, e = index, f = none, g = complex<f32>, h = vector<[4]xi1>, i = (i32) -> (f32, i1)} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.types"() {a = i32, b = tensor<2xf32>, c = () -> (), d = !t.x, e = index, f = none, g = complex<f32>, h = vector<[4]xi1>, i = (i32) -> (f32, i1)} : () -> ()
// CHECK-NEXT:}
// -----
// Affine maps and integer sets get #map / #set aliases.
"t.affine"() {a = affine_map<(d0, d1) -> (d1, d0)>, b = affine_map<(d0)[s0] -> (d0 + s0, d0 * 2, d0 mod 3, d0 floordiv 4, d0 ceildiv 5)>, c = affine_map<() -> (0)>, d = affine_set<(d0) : (d0 >= 0, d0 - 10 == 0)>, e = affine_map<(d0, d1) -> (d1, d0)>, f = affine_map<(d0)[s0, s1] -> (-d0 + s1 - 1)>, g = affine_set<() : (0 == 0)>} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:#map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT:#map1 = affine_map<(d0)[s0] -> (d0 + s0, d0 * 2, d0 mod 3, d0 floordiv 4, d0 ceildiv 5)>
// CHECK-NEXT:#map2 = affine_map<() -> (0)>
// CHECK-NEXT:#map3 = affine_map<(d0)[s0, s1] -> (-d0 + s1 - 1)>
// CHECK-NEXT:#set = affine_set<(d0) : (d0 >= 0, d0 - 10 == 0)>
// CHECK-NEXT:#set1 = affine_set<() : (0 == 0)>
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.affine"() {a = #map, b = #map1, c = #map2, d = #set, e = #map, f = #map3, g = #set1} : () -> ()
// CHECK-NEXT:}
// -----
// Unknown dialect attributes are kept verbatim (balanced brackets, strings).
"t.dialect"() {a = #t.attr, b = #t.attr<"x">, c = #t<"opaque">, d = #t.a<1, [2, 3], {k = v}, "s>">, e = #t.a<(x)>, f = #t.a<<<>>>, g = #t.a<"\"">, h = #t.a.b, i = #t.a<"\\">, j = #t<a<b>, "]">} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.dialect"() {a = #t.attr, b = #t.attr<"x">, c = #t<"opaque">, d = #t.a<1, [2, 3], {k = v}, "s>">, e = #t.a<(x)>, f = #t.a<<<>>>, g = #t.a<"\"">, h = #t.a.b, i = #t.a<"\\">, j = #t<a<b>, "]">} : () -> ()
// CHECK-NEXT:}
// -----
// Inherent attributes of registered ops given in the attribute dictionary
// move to the properties.
func.func @f() -> i32 {
  %0 = "arith.constant"() {value = 5 : i32} : () -> i32
  return %0 : i32
}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  func.func @f() -> i32 {
// CHECK-NEXT:    %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:    return %c5_i32 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:}
