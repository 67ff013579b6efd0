// Builtin attributes and types of every encoding the reader builds from
// its record (and some it reads through their text): each must give the
// object the text parser gives for its spelling.
func.func @attrs(%v: vector<4xf32>, %t: tuple<i32, f32>, %u: tensor<*xf32>, %c: complex<f64>,
                 %m: memref<2x?xf32>, %d: tensor<?x3xbf16>) {
  "test.attrs"() {
    ints = [true, false, 7 : i8, -1 : i8, 255 : ui8, -128 : si8, 65535 : i16, -5 : i32, 1 : i64,
            123456789012 : i64, -9223372036854775808 : i64, 3 : index, -2 : index, 1 : i2, 170141183460469231731687303715884105727 : i128,
            -1 : si64, 18446744073709551615 : ui64],
    floats = [1.5 : f16, -2.0 : bf16, 0.1 : f32, 1.0e+300 : f64, 0x7FC00001 : f32, -0.0 : f64, 0x7FF0000000000000 : f64],
    strings = ["plain", "esc\"aped\n\00\FF", "typed" : i32, "", "unicod\C3\A9"],
    symbols = [@f, @"quoted sym", @a::@b::@c],
    types = [i32, si7, ui3, index, f16, bf16, f32, f64, f80, f128, none, complex<f32>, tuple<>, tuple<i1, tuple<f32>>,
             (i32, f32) -> (), (i32) -> i32, () -> (i1, i1), tensor<f32>, tensor<2x?x3xf32>, tensor<*xi8>,
             vector<2x3xi64>, vector<[4]xf32>, memref<4xf32>, memref<4xf32, 1>, memref<*xf32>, f8E4M3FN, tensor<4xf32, "enc">, tf32, f8E5M2, f8E4M3, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E3M4,
             f4E2M1FN, f6E2M3FN, f6E3M2FN, f8E8M0FNU],
    unit_attr,
    arrays = [array<i1: true, false, true>, array<i8: -1, 2>, array<i16: 300>, array<i32: 1, 2, 3>,
              array<i64: -9223372036854775808>, array<f32: 1.5, -0.0, 0x7FC00000>, array<f64: 0.1, 2.0e+100>,
              array<i64>, array<f32>],
    dense = [dense<1.0> : tensor<4xf32>, dense<[1, 2, 3]> : tensor<3xi32>, dense<true> : tensor<5xi1>,
             dense<[true, false, true]> : tensor<3xi1>, dense<false> : tensor<i1>, dense<[[true], [true]]> : tensor<2x1xi1>,
             dense<> : tensor<0xi32>, dense<> : tensor<0xi1>, dense<[1, 2]> : tensor<2xindex>, dense<(1.0, 2.0)> : tensor<complex<f32>>,
             dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i16>>, dense<[1.0, 2.0]> : vector<2xf64>, dense<7> : tensor<2x2xi64>,
             dense<["a", "b"]> : tensor<2x!test.str>, dense<"0x0102"> : tensor<2xi8>],
    nested = {a = [[1, [2]], {}], "b c" = {x = unit, y = "s"}, empty = []},
    sparse = sparse<[[0, 1]], [2.0]> : tensor<2x2xf32>,
    resource = dense_resource<blob1> : tensor<2xi32>,
    type_attr = tensor<2xf32>
  } : () -> ()
  return
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000"
    }
  }
#-}
