// RUN: hlopt < %s --split-input-file --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic | filecheck %s --strict-whitespace --match-full-lines
// loc(...) in all forms, #loc aliases defined before and after use, alias
// numbering/ordering and where aliases are printed (--mlir-print-debuginfo).
#loc = loc("a.py":1:2)
"t.a"() : () -> () loc(#loc)
"t.b"() : () -> () loc(#loc1)
"t.c"() : () -> () loc("f.py":3:4 to 5:6)
"t.d"() : () -> () loc("f.py":3:4 to :9)
"t.e"() : () -> () loc(unknown)
"t.f"() : () -> () loc("name")
"t.g"() : () -> () loc("name"("f.py":1:1))
"t.h"() : () -> () loc(callsite("callee"("x.py":2:3) at "caller"("y.py":4:5)))
"t.i"() : () -> () loc(fused["a.py":1:1, "b.py":2:2])
"t.j"() : () -> () loc(fused<"meta">["a.py":1:1, unknown])
"t.k"() : () -> () loc(fused<#t.meta>["a.py":1:1])
"t.l"() : () -> () loc(callsite(#loc at "z.py":1:1))
"t.m"() : () -> () loc("esc\"ape\n"("fi\\le.py":7:8))
#loc1 = loc("later.py":10:20)
// CHECK:"builtin.module"() ({
// CHECK-NEXT:  "t.a"() : () -> () loc(#loc1)
// CHECK-NEXT:  "t.b"() : () -> () loc(#loc2)
// CHECK-NEXT:  "t.c"() : () -> () loc(#loc3)
// CHECK-NEXT:  "t.d"() : () -> () loc(#loc4)
// CHECK-NEXT:  "t.e"() : () -> () loc(#loc5)
// CHECK-NEXT:  "t.f"() : () -> () loc(#loc6)
// CHECK-NEXT:  "t.g"() : () -> () loc(#loc14)
// CHECK-NEXT:  "t.h"() : () -> () loc(#loc22)
// CHECK-NEXT:  "t.i"() : () -> () loc(#loc17)
// CHECK-NEXT:  "t.j"() : () -> () loc(#loc18)
// CHECK-NEXT:  "t.k"() : () -> () loc(#loc19)
// CHECK-NEXT:  "t.l"() : () -> () loc(#loc20)
// CHECK-NEXT:  "t.m"() : () -> () loc(#loc21)
// CHECK-NEXT:}) : () -> () loc(#loc)
// CHECK-NEXT:#loc = loc("<stdin>":0:0)
// CHECK-NEXT:#loc1 = loc("a.py":1:2)
// CHECK-NEXT:#loc2 = loc("later.py":10:20)
// CHECK-NEXT:#loc3 = loc("f.py":3:4 to 5:6)
// CHECK-NEXT:#loc4 = loc("f.py":3:4 to :9)
// CHECK-NEXT:#loc5 = loc(unknown)
// CHECK-NEXT:#loc6 = loc("name")
// CHECK-NEXT:#loc7 = loc("f.py":1:1)
// CHECK-NEXT:#loc8 = loc("x.py":2:3)
// CHECK-NEXT:#loc9 = loc("y.py":4:5)
// CHECK-NEXT:#loc10 = loc("a.py":1:1)
// CHECK-NEXT:#loc11 = loc("b.py":2:2)
// CHECK-NEXT:#loc12 = loc("z.py":1:1)
// CHECK-NEXT:#loc13 = loc("fi\\le.py":7:8)
// CHECK-NEXT:#loc14 = loc("name"(#loc7))
// CHECK-NEXT:#loc15 = loc("callee"(#loc8))
// CHECK-NEXT:#loc16 = loc("caller"(#loc9))
// CHECK-NEXT:#loc17 = loc(fused[#loc10, #loc11])
// CHECK-NEXT:#loc18 = loc(fused<"meta">[#loc10])
// CHECK-NEXT:#loc19 = loc(fused<#t.meta>[#loc10])
// CHECK-NEXT:#loc20 = loc(callsite(#loc1 at #loc12))
// CHECK-NEXT:#loc21 = loc("esc\22ape\0A"(#loc13))
// CHECK-NEXT:#loc22 = loc(callsite(#loc15 at #loc16))
// -----
// Block-argument locations print inline; their aliases go to the top.
func.func @f(%a: i32 loc("arg.py":1:1), %b: f32 loc(unknown)) -> i32 {
  return %a : i32 loc("ret.py":2:2)
} loc("fn.py":3:3)
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:#loc2 = loc("arg.py":1:1)
// CHECK-NEXT:#loc3 = loc(unknown)
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "func.func"() <{function_type = (i32, f32) -> i32, sym_name = "f"}> ({
// CHECK-NEXT:  ^bb0(%arg0: i32 loc("arg.py":1:1), %arg1: f32 loc(unknown)):
// CHECK-NEXT:    "func.return"(%arg0) : (i32) -> () loc(#loc4)
// CHECK-NEXT:  }) : () -> () loc(#loc1)
// CHECK-NEXT:}) : () -> () loc(#loc)
// CHECK-NEXT:#loc = loc("<stdin>":57:9)
// CHECK-NEXT:#loc1 = loc("fn.py":3:3)
// CHECK-NEXT:#loc4 = loc("ret.py":2:2)
// -----
module @m {
  "t.r"() ({
  ^bb0(%x: i32 loc("x"), %y: i32 loc(#a)):
    "t.y"(%x) : (i32) -> () loc(#b)
  }) : () -> () loc(#a)
} loc(unknown)
#a = loc("a":1:1)
#b = loc(fused[#a, "b":2:2])
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:#loc1 = loc("a":1:1)
// CHECK-NEXT:#loc2 = loc("x")
// CHECK-NEXT:"builtin.module"() <{sym_name = "m"}> ({
// CHECK-NEXT:  "t.r"() ({
// CHECK-NEXT:  ^bb0(%arg0: i32 loc("x"), %arg1: i32 loc("a":1:1)):
// CHECK-NEXT:    "t.y"(%arg0) : (i32) -> () loc(#loc4)
// CHECK-NEXT:  }) : () -> () loc(#loc1)
// CHECK-NEXT:}) : () -> () loc(#loc)
// CHECK-NEXT:#loc = loc(unknown)
// CHECK-NEXT:#loc3 = loc("b":2:2)
// CHECK-NEXT:#loc4 = loc(fused[#loc1, #loc3])
// -----
// FusedLoc::get: unknown and duplicate locations are dropped, nested fused
// locations with the same metadata are flattened, one location stays alone.
"t.a"() : () -> () loc(fused[unknown])
"t.b"() : () -> () loc(fused["a":1:1])
"t.c"() : () -> () loc(fused["a":1:1, "a":1:1, "b":1:1])
"t.d"() : () -> () loc(fused[fused["a":1:1, "c":1:1], "b":1:1])
"t.e"() : () -> () loc(fused<"m">[unknown])
"t.f"() : () -> () loc(fused<"m">[fused<"m">["a":1:1, "c":1:1], fused<"n">["x":1:1, "y":1:1]])
"t.g"() : () -> () loc(fused[])
"t.i"() : () -> () loc(fused<"m">["q":1:1])
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "t.a"() : () -> () loc(#loc1)
// CHECK-NEXT:  "t.b"() : () -> () loc(#loc2)
// CHECK-NEXT:  "t.c"() : () -> () loc(#loc8)
// CHECK-NEXT:  "t.d"() : () -> () loc(#loc9)
// CHECK-NEXT:  "t.e"() : () -> () loc(#loc10)
// CHECK-NEXT:  "t.f"() : () -> () loc(#loc13)
// CHECK-NEXT:  "t.g"() : () -> () loc(#loc1)
// CHECK-NEXT:  "t.i"() : () -> () loc(#loc12)
// CHECK-NEXT:}) : () -> () loc(#loc)
// CHECK-NEXT:#loc = loc("<stdin>":95:9)
// CHECK-NEXT:#loc1 = loc(unknown)
// CHECK-NEXT:#loc2 = loc("a":1:1)
// CHECK-NEXT:#loc3 = loc("b":1:1)
// CHECK-NEXT:#loc4 = loc("c":1:1)
// CHECK-NEXT:#loc5 = loc("x":1:1)
// CHECK-NEXT:#loc6 = loc("y":1:1)
// CHECK-NEXT:#loc7 = loc("q":1:1)
// CHECK-NEXT:#loc8 = loc(fused[#loc2, #loc3])
// CHECK-NEXT:#loc9 = loc(fused[#loc2, #loc4, #loc3])
// CHECK-NEXT:#loc10 = loc(fused<"m">[#loc1])
// CHECK-NEXT:#loc11 = loc(fused<"n">[#loc5, #loc6])
// CHECK-NEXT:#loc12 = loc(fused<"m">[#loc7])
// CHECK-NEXT:#loc13 = loc(fused<"m">[#loc2, #loc4, #loc11])
// -----
// Locations the parser makes refer to the original file's lines.
module {
  "t.parser_made"() : () -> ()
}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "t.parser_made"() : () -> () loc(#loc1)
// CHECK-NEXT:}) : () -> () loc(#loc)
// CHECK-NEXT:#loc = loc("<stdin>":133:1)
// CHECK-NEXT:#loc1 = loc("<stdin>":134:3)
