// RUN: hlopt %s --allow-unregistered-dialect | filecheck %s
// RUN: hlopt %s --allow-unregistered-dialect --mlir-print-op-generic | filecheck %s --check-prefix=GEN
// RUN: hlopt %s --allow-unregistered-dialect | hlopt --allow-unregistered-dialect | filecheck %s
// RUN: hlopt %s --allow-unregistered-dialect --mlir-print-op-generic | hlopt --allow-unregistered-dialect | filecheck %s

// cf.switch in MLIR's custom form (text as iree-opt prints it): one case a
// line, the default first, negative case values, attributes after the `]`.

// CHECK-LABEL: func.func @cases
// CHECK:      cf.switch %arg0 : i32, [
// CHECK-NEXT:   default: ^bb1(%arg1 : i32),
// CHECK-NEXT:   42: ^bb2,
// CHECK-NEXT:   -3: ^bb3(%arg2, %arg1 : i32, i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// GEN: "cf.switch"(%arg{{[0-9]+}}, %arg{{[0-9]+}}, %arg{{[0-9]+}}, %arg{{[0-9]+}})[^bb1, ^bb2, ^bb3] <{case_operand_segments = array<i32: 0, 2>, case_values = dense<[42, -3]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i32, i32, i32, i32) -> ()
func.func @cases(%flag: i32, %a: i32, %b: i32) -> i32 {
  cf.switch %flag : i32, [ default: ^bb1(%a : i32), 42: ^bb2, -3: ^bb3(%b, %a : i32, i32) ]
^bb1(%x: i32):
  return %x : i32
^bb2:
  return %b : i32
^bb3(%y: i32, %z: i32):
  return %z : i32
}

// Only a default: the `]` stays on the default's line.
// CHECK-LABEL: func.func @only_default
// CHECK:      cf.switch %arg0 : i8, [
// CHECK-NEXT:   default: ^bb1(%arg1 : i8)] {tag = 1 : i64}
// GEN: "cf.switch"(%arg{{[0-9]+}}, %arg{{[0-9]+}})[^bb1] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 1, 0>}> {tag = 1 : i64} : (i8, i8) -> ()
func.func @only_default(%flag: i8, %a: i8) -> i8 {
  cf.switch %flag : i8, [
    default: ^bb1(%a : i8)
  ] {tag = 1}
^bb1(%x: i8):
  return %x : i8
}

// A case value is held at the flag's width: 255 in i8 is -1.
// CHECK-LABEL: func.func @wrap
// CHECK:        -1: ^bb1
// CHECK-NEXT: ]
func.func @wrap(%flag: i8) {
  cf.switch %flag : i8, [ default: ^bb1, 255: ^bb1 ]
^bb1:
  return
}

// Nested in a region: the case lines follow the op's indentation.
// CHECK-LABEL: func.func @nested
// CHECK:          cf.switch %arg0 : i32, [
// CHECK-NEXT: {{^}}        default: ^bb1,
// CHECK-NEXT: {{^}}        7: ^bb2
// CHECK-NEXT: {{^}}      ]
func.func @nested(%flag: i32) {
  "test.region"() ({
    cf.switch %flag : i32, [ default: ^bb1, 7: ^bb2 ]
  ^bb1:
    "test.end"() : () -> ()
  ^bb2:
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
