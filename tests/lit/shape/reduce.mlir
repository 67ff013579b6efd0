// shape.reduce (single and parenthesized result types, entry block printed)
// and shape.yield, printed as iree-opt prints them (compared in
// tests/oracle/test_scf_tensor_closed_oracle.py).
// RUN: hlopt %s | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK:module {
// CHECK-NEXT:  func.func @r(%arg0: !shape.shape, %arg1: tensor<3xindex>) -> (!shape.size, index) {
// CHECK-NEXT:    %c1 = shape.const_size 1
// CHECK-NEXT:    %0 = shape.reduce(%arg0, %c1) : !shape.shape -> !shape.size {
// CHECK-NEXT:    ^bb0(%arg2: index, %arg3: !shape.size, %arg4: !shape.size):
// CHECK-NEXT:      %2 = shape.mul %arg4, %arg3 : !shape.size, !shape.size -> !shape.size
// CHECK-NEXT:      shape.yield %2 : !shape.size
// CHECK-NEXT:    }
// CHECK-NEXT:    %c1_0 = arith.constant 1 : index
// CHECK-NEXT:    %1:2 = shape.reduce(%arg1, %c1_0, %c1_0) : tensor<3xindex> -> (index, index) {
// CHECK-NEXT:    ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
// CHECK-NEXT:      %2 = arith.muli %arg4, %arg3 : index
// CHECK-NEXT:      shape.yield %2, %arg5 : index, index
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0, %1#0 : !shape.size, index
// CHECK-NEXT:  }
// CHECK-NEXT:}

// GENERIC: "shape.yield"(%{{[0-9]+}}) : (!shape.size) -> ()
// GENERIC: }) : (!shape.shape, !shape.size) -> !shape.size
// GENERIC: }) : (tensor<3xindex>, index, index) -> (index, index)

func.func @r(%s: !shape.shape, %t: tensor<3xindex>) -> (!shape.size, index) {
  %one = shape.const_size 1
  %n = shape.reduce(%s, %one) : !shape.shape -> !shape.size {
    ^bb0(%i: index, %d: !shape.size, %acc: !shape.size):
      %p = shape.mul %acc, %d : !shape.size, !shape.size -> !shape.size
      shape.yield %p : !shape.size
  }
  %c1 = arith.constant 1 : index
  %m:2 = shape.reduce(%t, %c1, %c1) : tensor<3xindex> -> (index, index) {
    ^bb0(%i: index, %d: index, %a: index, %b: index):
      %p = arith.muli %a, %d : index
      shape.yield %p, %b : index, index
  }
  return %n, %m#0 : !shape.size, index
}
