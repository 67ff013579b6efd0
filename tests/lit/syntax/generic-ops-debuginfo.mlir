// RUN: hlopt < %s --split-input-file --allow-unregistered-dialect --mlir-print-debuginfo | filecheck %s --strict-whitespace --match-full-lines
// Generic operation syntax: results (%0:2 / %0#1), operands, properties,
// attribute dictionaries, regions, blocks with arguments, successors.
%0:2 = "t.pair"() : () -> (i32, f32)
"t.use"(%0#1, %0#0) : (f32, i32) -> ()
%1 = "t.one"(%0#0) <{p = 1 : i32}> {a = 2 : i32} : (i32) -> i64
%2 = "t.props_only"() <{b = 1 : i32, a = 2 : i32}> : () -> i1
"t.empty_dict"() {} : () -> ()
// CHECK:module {
// CHECK-NEXT:  %0:2 = "t.pair"() : () -> (i32, f32) loc(#loc1)
// CHECK-NEXT:  "t.use"(%0#1, %0#0) : (f32, i32) -> () loc(#loc2)
// CHECK-NEXT:  %1 = "t.one"(%0#0) <{p = 1 : i32}> {a = 2 : i32} : (i32) -> i64 loc(#loc3)
// CHECK-NEXT:  %2 = "t.props_only"() <{a = 2 : i32, b = 1 : i32}> : () -> i1 loc(#loc4)
// CHECK-NEXT:  "t.empty_dict"() : () -> () loc(#loc5)
// CHECK-NEXT:} loc(#loc)
// CHECK-NEXT:#loc = loc("<stdin>":0:0)
// CHECK-NEXT:#loc1 = loc("<stdin>":4:8)
// CHECK-NEXT:#loc2 = loc("<stdin>":5:1)
// CHECK-NEXT:#loc3 = loc("<stdin>":6:6)
// CHECK-NEXT:#loc4 = loc("<stdin>":7:6)
// CHECK-NEXT:#loc5 = loc("<stdin>":8:1)
// -----
%0:3 = "t.three"() : () -> (i32, i32, i32)
"t.u"(%0#2) : (i32) -> ()
%named = "t.x"() {value = 3} : () -> index
"t.u"(%0#0, %0#1, %named) : (i32, i32, index) -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  %0:3 = "t.three"() : () -> (i32, i32, i32) loc(#loc1)
// CHECK-NEXT:  "t.u"(%0#2) : (i32) -> () loc(#loc2)
// CHECK-NEXT:  %1 = "t.x"() {value = 3 : i64} : () -> index loc(#loc3)
// CHECK-NEXT:  "t.u"(%0#0, %0#1, %1) : (i32, i32, index) -> () loc(#loc4)
// CHECK-NEXT:} loc(#loc)
// CHECK-NEXT:#loc = loc("<stdin>":22:9)
// CHECK-NEXT:#loc1 = loc("<stdin>":23:8)
// CHECK-NEXT:#loc2 = loc("<stdin>":24:1)
// CHECK-NEXT:#loc3 = loc("<stdin>":25:10)
// CHECK-NEXT:#loc4 = loc("<stdin>":26:1)
// -----
"t.region"() ({
  %a = "t.x"() : () -> i32
  "t.y"(%a) : (i32) -> ()
}, {
^bb0(%arg0: i32, %arg1: f32):
  "t.z"(%arg0) : (i32) -> ()
}) : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:#loc4 = loc("<stdin>":44:6)
// CHECK-NEXT:#loc5 = loc("<stdin>":44:18)
// CHECK-NEXT:module {
// CHECK-NEXT:  "t.region"() ({
// CHECK-NEXT:    %0 = "t.x"() : () -> i32 loc(#loc2)
// CHECK-NEXT:    "t.y"(%0) : (i32) -> () loc(#loc3)
// CHECK-NEXT:  }, {
// CHECK-NEXT:  ^bb0(%arg0: i32 loc("<stdin>":44:6), %arg1: f32 loc("<stdin>":44:18)):
// CHECK-NEXT:    "t.z"(%arg0) : (i32) -> () loc(#loc6)
// CHECK-NEXT:  }) : () -> () loc(#loc1)
// CHECK-NEXT:} loc(#loc)
// CHECK-NEXT:#loc = loc("<stdin>":39:9)
// CHECK-NEXT:#loc1 = loc("<stdin>":40:1)
// CHECK-NEXT:#loc2 = loc("<stdin>":41:8)
// CHECK-NEXT:#loc3 = loc("<stdin>":42:3)
// CHECK-NEXT:#loc6 = loc("<stdin>":45:3)
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
// CHECK-NEXT:  }) : () -> () loc(#loc1)
// CHECK-NEXT:  "t.empty_block"() ({
// CHECK-NEXT:  ^bb0:
// CHECK-NEXT:  }, {
// CHECK-NEXT:  }) : () -> () loc(#loc2)
// CHECK-NEXT:} loc(#loc)
// CHECK-NEXT:#loc = loc("<stdin>":64:9)
// CHECK-NEXT:#loc1 = loc("<stdin>":65:1)
// CHECK-NEXT:#loc2 = loc("<stdin>":67:1)
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
// CHECK-NEXT:#loc2 = loc("<stdin>":85:16)
// CHECK-NEXT:#loc3 = loc("<stdin>":85:24)
// CHECK-NEXT:#loc5 = loc("<stdin>":87:6)
// CHECK-NEXT:#loc8 = loc("<stdin>":91:6)
// CHECK-NEXT:module {
// CHECK-NEXT:  func.func @cfg(%arg0: i1 loc("<stdin>":85:16), %arg1: i32 loc("<stdin>":85:24)) -> i32 {
// CHECK-NEXT:    "t.cond_br"(%arg0, %arg1)[^bb1, ^bb2] : (i1, i32) -> () loc(#loc4)
// CHECK-NEXT:  ^bb1(%0: i32 loc("<stdin>":87:6)):  // pred: ^bb0
// CHECK-NEXT:    "t.br"(%0)[^bb3] : (i32) -> () loc(#loc6)
// CHECK-NEXT:  ^bb2:  // pred: ^bb0
// CHECK-NEXT:    "t.br"(%arg1)[^bb3] : (i32) -> () loc(#loc7)
// CHECK-NEXT:  ^bb3(%1: i32 loc("<stdin>":91:6)):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:    return %1 : i32 loc(#loc9)
// CHECK-NEXT:  } loc(#loc1)
// CHECK-NEXT:} loc(#loc)
// CHECK-NEXT:#loc = loc("<stdin>":83:9)
// CHECK-NEXT:#loc1 = loc("<stdin>":85:1)
// CHECK-NEXT:#loc4 = loc("<stdin>":86:3)
// CHECK-NEXT:#loc6 = loc("<stdin>":88:3)
// CHECK-NEXT:#loc7 = loc("<stdin>":90:3)
// CHECK-NEXT:#loc9 = loc("<stdin>":92:3)
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
// CHECK-NEXT:    "t.b"()[^bb1] : () -> () loc(#loc2)
// CHECK-NEXT:  ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    "t.c"()[^bb1, ^bb2] : () -> () loc(#loc3)
// CHECK-NEXT:  ^bb2:  // pred: ^bb1
// CHECK-NEXT:    "t.d"() : () -> () loc(#loc4)
// CHECK-NEXT:  }) : () -> () loc(#loc1)
// CHECK-NEXT:} loc(#loc)
// CHECK-NEXT:#loc = loc("<stdin>":116:9)
// CHECK-NEXT:#loc1 = loc("<stdin>":117:1)
// CHECK-NEXT:#loc2 = loc("<stdin>":118:3)
// CHECK-NEXT:#loc3 = loc("<stdin>":120:3)
// CHECK-NEXT:#loc4 = loc("<stdin>":122:3)
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
// CHECK-NEXT:    "t.br"()[^bb2] : () -> () loc(#loc2)
// CHECK-NEXT:  ^bb1:  // pred: ^bb2
// CHECK-NEXT:    "t.use"(%0) : (i32) -> () loc(#loc3)
// CHECK-NEXT:    "t.br"()[^bb3] : () -> () loc(#loc4)
// CHECK-NEXT:  ^bb2:  // pred: ^bb0
// CHECK-NEXT:    %0 = "t.def"() : () -> i32 loc(#loc5)
// CHECK-NEXT:    "t.br"()[^bb1] : () -> () loc(#loc6)
// CHECK-NEXT:  ^bb3:  // pred: ^bb1
// CHECK-NEXT:    return %0 : i32 loc(#loc7)
// CHECK-NEXT:  } loc(#loc1)
// CHECK-NEXT:} loc(#loc)
// CHECK-NEXT:#loc = loc("<stdin>":139:9)
// CHECK-NEXT:#loc1 = loc("<stdin>":141:1)
// CHECK-NEXT:#loc2 = loc("<stdin>":142:3)
// CHECK-NEXT:#loc3 = loc("<stdin>":144:3)
// CHECK-NEXT:#loc4 = loc("<stdin>":145:3)
// CHECK-NEXT:#loc5 = loc("<stdin>":147:8)
// CHECK-NEXT:#loc6 = loc("<stdin>":148:3)
// CHECK-NEXT:#loc7 = loc("<stdin>":150:3)
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
// CHECK-NEXT:#loc2 = loc("<stdin>":176:15)
// CHECK-NEXT:#loc3 = loc("<stdin>":176:23)
// CHECK-NEXT:#loc5 = loc("<stdin>":178:6)
// CHECK-NEXT:module {
// CHECK-NEXT:  func.func @cf(%arg0: i1 loc("<stdin>":176:15), %arg1: i32 loc("<stdin>":176:23)) -> i32 {
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2 loc(#loc4)
// CHECK-NEXT:  ^bb1(%0: i32 loc("<stdin>":178:6)):  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb2 loc(#loc6)
// CHECK-NEXT:  ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    return %arg1 : i32 loc(#loc7)
// CHECK-NEXT:  } loc(#loc1)
// CHECK-NEXT:} loc(#loc)
// CHECK-NEXT:#loc = loc("<stdin>":174:9)
// CHECK-NEXT:#loc1 = loc("<stdin>":176:1)
// CHECK-NEXT:#loc4 = loc("<stdin>":177:3)
// CHECK-NEXT:#loc6 = loc("<stdin>":179:3)
// CHECK-NEXT:#loc7 = loc("<stdin>":181:3)
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
// CHECK-NEXT:#loc3 = loc("<stdin>":205:6)
// CHECK-NEXT:#loc5 = loc("<stdin>":207:8)
// CHECK-NEXT:module {
// CHECK-NEXT:  %0 = "t.def"() : () -> i32 loc(#loc1)
// CHECK-NEXT:  "t.loop"() ({
// CHECK-NEXT:  ^bb0(%arg0: index loc("<stdin>":205:6)):
// CHECK-NEXT:    "t.inner"() ({
// CHECK-NEXT:    ^bb0(%arg1: index loc("<stdin>":207:8)):
// CHECK-NEXT:      "t.use"(%0, %arg0, %arg1) : (i32, index, index) -> () loc(#loc6)
// CHECK-NEXT:    }) : () -> () loc(#loc4)
// CHECK-NEXT:  }) : () -> () loc(#loc2)
// CHECK-NEXT:} loc(#loc)
// CHECK-NEXT:#loc = loc("<stdin>":201:9)
// CHECK-NEXT:#loc1 = loc("<stdin>":203:10)
// CHECK-NEXT:#loc2 = loc("<stdin>":204:1)
// CHECK-NEXT:#loc4 = loc("<stdin>":206:3)
// CHECK-NEXT:#loc6 = loc("<stdin>":208:5)
