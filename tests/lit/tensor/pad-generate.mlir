// RUN: hlopt %s | filecheck %s --check-prefix=SYN
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s --check-prefix=SYN
// RUN: hlopt %s --canonicalize | filecheck %s
// RUN: hlopt %s --cse | filecheck %s --check-prefix=CSE

// tensor.pad, tensor.generate and tensor.yield: MLIR's custom forms (text as
// iree-opt prints it), pad's folder and FoldStaticZeroPadding, CSE of
// identical pads/generates (Pure; generate through its body's effects).
// iree-opt gives the same bytes (tests/oracle/test_ireeopt_oracle.py).

// SYN-LABEL: func.func @syntax
// SYN:      %padded = tensor.pad %arg0 nofold low[1, %arg2] high[1, 2] {
// SYN-NEXT: ^bb0(%arg3: index, %arg4: index):
// SYN-NEXT:   tensor.yield %arg1 : f32
// SYN-NEXT: } : tensor<4x?xf32> to tensor<6x?xf32>
// SYN:      %generated = tensor.generate %arg2 {
// SYN-NEXT: ^bb0(%arg3: index, %arg4: index):
// SYN-NEXT:   %0 = arith.index_cast %arg3 : index to i32
// SYN-NEXT:   %1 = arith.sitofp %0 : i32 to f32
// SYN-NEXT:   tensor.yield %1 : f32
// SYN-NEXT: } : tensor<?x3xf32>
// SYN:      %generated_0 = tensor.generate {
// SYN-NEXT: ^bb0(%arg3: index):
// SYN:      } {tag} : tensor<2xf32>
func.func @syntax(%t: tensor<4x?xf32>, %p: f32, %i: index) -> (tensor<6x?xf32>, tensor<?x3xf32>, tensor<2xf32>) {
  %0 = tensor.pad %t nofold low[1, %i] high[1, 2] {
  ^bb0(%a: index, %b: index):
    tensor.yield %p : f32
  } : tensor<4x?xf32> to tensor<6x?xf32>
  %1 = tensor.generate %i {
  ^bb0(%a: index, %b: index):
    %s = arith.index_cast %a : index to i32
    %f = arith.sitofp %s : i32 to f32
    tensor.yield %f : f32
  } : tensor<?x3xf32>
  %2 = tensor.generate {
  ^bb0(%a: index):
    tensor.yield %p : f32
  } {tag} : tensor<2xf32>
  return %0, %1, %2 : tensor<6x?xf32>, tensor<?x3xf32>, tensor<2xf32>
}

// Zero padding (static, or a constant 0) without nofold: a cast of the source,
// which folds away when the types agree.
// CHECK-LABEL: func.func @zero_pad
// CHECK-NEXT: return %arg0 : tensor<4x?xf32>
// CHECK-LABEL: func.func @zero_pad_static
// CHECK-NEXT: return %arg0 : tensor<4x5xf32>
// nofold keeps it.
// CHECK-LABEL: func.func @zero_pad_nofold
// CHECK-NEXT: %padded = tensor.pad %arg0 nofold low[0, 0] high[0, 0] {
// Identical pads and generates are merged by CSE; canonicalize keeps real padding.
// CHECK-LABEL: func.func @real_pad
// CHECK: %padded = tensor.pad
// CHECK: %padded_0 = tensor.pad
// CSE-LABEL: func.func @real_pad
// CSE: %padded = tensor.pad
// CSE-NOT: tensor.pad
// CSE: return %padded, %padded : tensor<6x8xf32>, tensor<6x8xf32>
// CSE-LABEL: func.func @gen
// CSE: %generated = tensor.generate
// CSE-NOT: tensor.generate
// CSE: return %generated, %generated
// An unused generate whose body is pure is dead.
// CHECK-LABEL: func.func @gen_dead
// CHECK-NEXT: return
func.func @zero_pad(%t: tensor<4x?xf32>, %p: f32) -> tensor<4x?xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.pad %t low[0, %c0] high[0, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %p : f32
  } : tensor<4x?xf32> to tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}
func.func @zero_pad_static(%t: tensor<4x5xf32>, %p: f32) -> tensor<4x5xf32> {
  %0 = tensor.pad %t low[0, 0] high[0, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %p : f32
  } : tensor<4x5xf32> to tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
func.func @zero_pad_nofold(%t: tensor<4x5xf32>, %p: f32) -> tensor<4x5xf32> {
  %0 = tensor.pad %t nofold low[0, 0] high[0, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %p : f32
  } : tensor<4x5xf32> to tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
func.func @real_pad(%t: tensor<4x5xf32>, %p: f32) -> (tensor<6x8xf32>, tensor<6x8xf32>) {
  %0 = tensor.pad %t low[1, 1] high[1, 2] {
  ^bb0(%a: index, %b: index):
    tensor.yield %p : f32
  } : tensor<4x5xf32> to tensor<6x8xf32>
  %1 = tensor.pad %t low[1, 1] high[1, 2] {
  ^bb0(%a: index, %b: index):
    tensor.yield %p : f32
  } : tensor<4x5xf32> to tensor<6x8xf32>
  return %0, %1 : tensor<6x8xf32>, tensor<6x8xf32>
}
func.func @gen(%d: index) -> (tensor<?x3xi32>, tensor<?x3xi32>) {
  %0 = tensor.generate %d {
  ^bb0(%a: index, %b: index):
    %s = arith.index_cast %a : index to i32
    tensor.yield %s : i32
  } : tensor<?x3xi32>
  %1 = tensor.generate %d {
  ^bb0(%a: index, %b: index):
    %s = arith.index_cast %a : index to i32
    tensor.yield %s : i32
  } : tensor<?x3xi32>
  return %0, %1 : tensor<?x3xi32>, tensor<?x3xi32>
}
func.func @gen_dead(%d: index) {
  %0 = tensor.generate %d {
  ^bb0(%a: index, %b: index):
    %c = arith.constant 1 : i32
    tensor.yield %c : i32
  } : tensor<?x3xi32>
  return
}
