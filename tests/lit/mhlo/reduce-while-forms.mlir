// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s

// mhlo.reduce and mhlo.while in MLIR-HLO's hand-written forms (StableHLO's,
// shared): the compact `applies` reduce (one input, a commutative binary op
// on scalars), the `reducer` form for several inputs, attributes, dimensions
// as mhlo's dense i64 elements; the while with its `%iterArg` names.
// tests/oracle/test_mhlo_closed_oracle.py compares this file's print with jaxlib's.

func.func @reduce(%a: tensor<4x5xf32>, %z: tensor<f32>, %b: tensor<4x5xi32>, %y: tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>, tensor<f32>) {
  %0 = mhlo.reduce(%a init: %z) applies mhlo.maximum across dimensions = [0] : (tensor<4x5xf32>, tensor<f32>) -> tensor<5xf32>
  %1:2 = mhlo.reduce(%a init: %z), (%b init: %y) across dimensions = [0] : (tensor<4x5xf32>, tensor<4x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
   reducer(%p: tensor<f32>, %q: tensor<f32>) (%s: tensor<i32>, %t: tensor<i32>)  {
    %2 = mhlo.add %p, %q : tensor<f32>
    %3 = mhlo.add %s, %t : tensor<i32>
    mhlo.return %2, %3 : tensor<f32>, tensor<i32>
  }
  %4 = mhlo.reduce(%a init: %z) applies mhlo.add across dimensions = [0, 1] {foo = 1 : i32} : (tensor<4x5xf32>, tensor<f32>) -> tensor<f32>
  return %0, %1#1, %4 : tensor<5xf32>, tensor<5xi32>, tensor<f32>
}
// CHECK-LABEL: func.func @reduce
// CHECK-NEXT: %0 = mhlo.reduce(%arg0 init: %arg1) applies mhlo.maximum across dimensions = [0] : (tensor<4x5xf32>, tensor<f32>) -> tensor<5xf32>
// CHECK-NEXT: %1:2 = mhlo.reduce(%arg0 init: %arg1), (%arg2 init: %arg3) across dimensions = [0] : (tensor<4x5xf32>, tensor<4x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
// CHECK-NEXT: reducer(%arg4: tensor<f32>, %arg6: tensor<f32>) (%arg5: tensor<i32>, %arg7: tensor<i32>)  {
// CHECK-NEXT: %3 = mhlo.add %arg4, %arg6 : tensor<f32>
// CHECK-NEXT: %4 = mhlo.add %arg5, %arg7 : tensor<i32>
// CHECK-NEXT: mhlo.return %3, %4 : tensor<f32>, tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: %2 = mhlo.reduce(%arg0 init: %arg1) applies mhlo.add across dimensions = [0, 1] {foo = 1 : i32} : (tensor<4x5xf32>, tensor<f32>) -> tensor<f32>

func.func @while(%x: tensor<i32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  %0:2 = mhlo.while(%i = %x, %w = %v) : tensor<i32>, tensor<4xf32> attributes {note = 2 : i32}
  cond {
    %c = mhlo.compare LT, %i, %x : (tensor<i32>, tensor<i32>) -> tensor<i1>
    mhlo.return %c : tensor<i1>
  } do {
    %n = mhlo.negate %w : tensor<4xf32>
    mhlo.return %i, %n : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}
// CHECK-LABEL: func.func @while
// CHECK-NEXT: %0:2 = mhlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<i32>, tensor<4xf32> attributes {note = 2 : i32}
// CHECK-NEXT: cond {
// CHECK-NEXT: %1 = mhlo.compare LT, %iterArg, %arg0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: mhlo.return %1 : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: %1 = mhlo.negate %iterArg_0 : tensor<4xf32>
// CHECK-NEXT: mhlo.return %iterArg, %1 : tensor<i32>, tensor<4xf32>
// CHECK-NEXT: }
