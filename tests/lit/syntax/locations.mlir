// RUN: hlopt %s --split-input-file --allow-unregistered-dialect | filecheck %s --strict-whitespace --match-full-lines
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
// CHECK:module {
// CHECK-NEXT:  "t.a"() : () -> ()
// CHECK-NEXT:  "t.b"() : () -> ()
// CHECK-NEXT:  "t.c"() : () -> ()
// CHECK-NEXT:  "t.d"() : () -> ()
// CHECK-NEXT:  "t.e"() : () -> ()
// CHECK-NEXT:  "t.f"() : () -> ()
// CHECK-NEXT:  "t.g"() : () -> ()
// CHECK-NEXT:  "t.h"() : () -> ()
// CHECK-NEXT:  "t.i"() : () -> ()
// CHECK-NEXT:  "t.j"() : () -> ()
// CHECK-NEXT:  "t.k"() : () -> ()
// CHECK-NEXT:  "t.l"() : () -> ()
// CHECK-NEXT:  "t.m"() : () -> ()
// CHECK-NEXT:}
// -----
// Block-argument locations print inline; their aliases go to the top.
func.func @f(%a: i32 loc("arg.py":1:1), %b: f32 loc(unknown)) -> i32 {
  return %a : i32 loc("ret.py":2:2)
} loc("fn.py":3:3)
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  func.func @f(%arg0: i32, %arg1: f32) -> i32 {
// CHECK-NEXT:    return %arg0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:}
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
// CHECK-NEXT:module @m {
// CHECK-NEXT:  "t.r"() ({
// CHECK-NEXT:  ^bb0(%arg0: i32, %arg1: i32):
// CHECK-NEXT:    "t.y"(%arg0) : (i32) -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:}
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
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.a"() : () -> ()
// CHECK-NEXT:  "t.b"() : () -> ()
// CHECK-NEXT:  "t.c"() : () -> ()
// CHECK-NEXT:  "t.d"() : () -> ()
// CHECK-NEXT:  "t.e"() : () -> ()
// CHECK-NEXT:  "t.f"() : () -> ()
// CHECK-NEXT:  "t.g"() : () -> ()
// CHECK-NEXT:  "t.i"() : () -> ()
// CHECK-NEXT:}
// -----
// Locations the parser makes refer to the original file's lines.
module {
  "t.parser_made"() : () -> ()
}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.parser_made"() : () -> ()
// CHECK-NEXT:}
