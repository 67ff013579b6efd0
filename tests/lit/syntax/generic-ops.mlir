// RUN: hlopt %s --split-input-file --allow-unregistered-dialect | filecheck %s --strict-whitespace --match-full-lines
// Generic operation syntax: results (%0:2 / %0#1), operands, properties,
// attribute dictionaries, regions, blocks with arguments, successors.
%0:2 = "t.pair"() : () -> (i32, f32)
"t.use"(%0#1, %0#0) : (f32, i32) -> ()
%1 = "t.one"(%0#0) <{p = 1 : i32}> {a = 2 : i32} : (i32) -> i64
%2 = "t.props_only"() <{b = 1 : i32, a = 2 : i32}> : () -> i1
"t.empty_dict"() {} : () -> ()
// CHECK:module {
// CHECK-NEXT:  %0:2 = "t.pair"() : () -> (i32, f32)
// CHECK-NEXT:  "t.use"(%0#1, %0#0) : (f32, i32) -> ()
// CHECK-NEXT:  %1 = "t.one"(%0#0) <{p = 1 : i32}> {a = 2 : i32} : (i32) -> i64
// CHECK-NEXT:  %2 = "t.props_only"() <{a = 2 : i32, b = 1 : i32}> : () -> i1
// CHECK-NEXT:  "t.empty_dict"() : () -> ()
// CHECK-NEXT:}
// -----
%0:3 = "t.three"() : () -> (i32, i32, i32)
"t.u"(%0#2) : (i32) -> ()
%named = "t.x"() {value = 3} : () -> index
"t.u"(%0#0, %0#1, %named) : (i32, i32, index) -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  %0:3 = "t.three"() : () -> (i32, i32, i32)
// CHECK-NEXT:  "t.u"(%0#2) : (i32) -> ()
// CHECK-NEXT:  %1 = "t.x"() {value = 3 : i64} : () -> index
// CHECK-NEXT:  "t.u"(%0#0, %0#1, %1) : (i32, i32, index) -> ()
// CHECK-NEXT:}
// -----
"t.region"() ({
  %a = "t.x"() : () -> i32
  "t.y"(%a) : (i32) -> ()
}, {
^bb0(%arg0: i32, %arg1: f32):
  "t.z"(%arg0) : (i32) -> ()
}) : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.region"() ({
// CHECK-NEXT:    %0 = "t.x"() : () -> i32
// CHECK-NEXT:    "t.y"(%0) : (i32) -> ()
// CHECK-NEXT:  }, {
// CHECK-NEXT:  ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT:    "t.z"(%arg0) : (i32) -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:}
// -----
"t.empty_regions"() ({
}) : () -> ()
"t.empty_block"() ({
^bb0:
}, {
}) : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.empty_regions"() ({
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:  "t.empty_block"() ({
// CHECK-NEXT:  ^bb0:
// CHECK-NEXT:  }, {
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:}
// -----
// Multiple blocks, block arguments, successors, predecessor comments.
func.func @cfg(%c: i1, %x: i32) -> i32 {
  "t.cond_br"(%c, %x)[^bb1, ^bb2] : (i1, i32) -> ()
^bb1(%y: i32):
  "t.br"(%y)[^bb3] : (i32) -> ()
^bb2:
  "t.br"(%x)[^bb3] : (i32) -> ()
^bb3(%z: i32):
  return %z : i32
}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  func.func @cfg(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:    "t.cond_br"(%arg0, %arg1)[^bb1, ^bb2] : (i1, i32) -> ()
// CHECK-NEXT:  ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:    "t.br"(%0)[^bb3] : (i32) -> ()
// CHECK-NEXT:  ^bb2:  // pred: ^bb0
// CHECK-NEXT:    "t.br"(%arg1)[^bb3] : (i32) -> ()
// CHECK-NEXT:  ^bb3(%1: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:    return %1 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:}
// -----
"t.a"() ({
  "t.b"()[^bb1] : () -> ()
^bb1:
  "t.c"()[^bb1, ^bb2] : () -> ()
^bb2:
  "t.d"() : () -> ()
}) : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.a"() ({
// CHECK-NEXT:    "t.b"()[^bb1] : () -> ()
// CHECK-NEXT:  ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    "t.c"()[^bb1, ^bb2] : () -> ()
// CHECK-NEXT:  ^bb2:  // pred: ^bb1
// CHECK-NEXT:    "t.d"() : () -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:}
// -----
// Forward references to values defined in a later block.
func.func @fwd() -> i32 {
  "t.br"()[^bb2] : () -> ()
^bb1:
  "t.use"(%v) : (i32) -> ()
  "t.br"()[^bb3] : () -> ()
^bb2:
  %v = "t.def"() : () -> i32
  "t.br"()[^bb1] : () -> ()
^bb3:
  return %v : i32
}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  func.func @fwd() -> i32 {
// CHECK-NEXT:    "t.br"()[^bb2] : () -> ()
// CHECK-NEXT:  ^bb1:  // pred: ^bb2
// CHECK-NEXT:    "t.use"(%0) : (i32) -> ()
// CHECK-NEXT:    "t.br"()[^bb3] : () -> ()
// CHECK-NEXT:  ^bb2:  // pred: ^bb0
// CHECK-NEXT:    %0 = "t.def"() : () -> i32
// CHECK-NEXT:    "t.br"()[^bb1] : () -> ()
// CHECK-NEXT:  ^bb3:  // pred: ^bb1
// CHECK-NEXT:    return %0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:}
// -----
// cf ops given in the generic form print in their custom form, as MLIR prints them.
func.func @cf(%c: i1, %x: i32) -> i32 {
  "cf.cond_br"(%c, %x)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
^bb1(%y: i32):
  "cf.br"()[^bb2] : () -> ()
^bb2:
  return %x : i32
}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  func.func @cf(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2
// CHECK-NEXT:  ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb2
// CHECK-NEXT:  ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    return %arg1 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:}
// -----
// Nested regions and values from enclosing regions.
%outer = "t.def"() : () -> i32
"t.loop"() ({
^bb0(%i: index):
  "t.inner"() ({
  ^bb0(%j: index):
    "t.use"(%outer, %i, %j) : (i32, index, index) -> ()
  }) : () -> ()
}) : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  %0 = "t.def"() : () -> i32
// CHECK-NEXT:  "t.loop"() ({
// CHECK-NEXT:  ^bb0(%arg0: index):
// CHECK-NEXT:    "t.inner"() ({
// CHECK-NEXT:    ^bb0(%arg1: index):
// CHECK-NEXT:      "t.use"(%0, %arg0, %arg1) : (i32, index, index) -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:}
