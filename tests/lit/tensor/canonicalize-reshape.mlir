// RUN: hlopt %s --canonicalize | filecheck %s

// tensor.reshape, tensor.expand_shape, tensor.collapse_shape: their folds and the patterns MLIR registers.
// (expected text: iree-opt --canonicalize, MLIR's own canonicalizer)

// fold: reshape of a splat constant is a splat constant
// CHECK-LABEL: func.func @reshape_splat(
// CHECK-NEXT: %cst = arith.constant dense<1.000000e+00> : tensor<2x3xf32>
// CHECK-NEXT: return %cst : tensor<2x3xf32>
// CHECK-NEXT: }
func.func @reshape_splat(%s: tensor<2xindex>) -> tensor<2x3xf32> {
  %c = arith.constant dense<1.0> : tensor<6xf32>
  %0 = tensor.reshape %c(%s) : (tensor<6xf32>, tensor<2xindex>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// fold: reshape of a reshape reshapes the first source (in place)
// CHECK-LABEL: func.func @reshape_reshape(
// CHECK-NEXT: %reshape = tensor.reshape %arg0(%arg2) : (tensor<6xf32>, tensor<1xindex>) -> tensor<?xf32>
// CHECK-NEXT: return %reshape : tensor<?xf32>
// CHECK-NEXT: }
func.func @reshape_reshape(%t: tensor<6xf32>, %s: tensor<2xindex>, %s1: tensor<1xindex>) -> tensor<?xf32> {
  %0 = tensor.reshape %t(%s) : (tensor<6xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %1 = tensor.reshape %0(%s1) : (tensor<?x?xf32>, tensor<1xindex>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// fold: a 1-d reshape to its own type, and one to the dims the tensor already has, are no-ops
// CHECK-LABEL: func.func @reshape_noop(
// CHECK-NEXT: return %arg0, %arg2 : tensor<?xf32>, tensor<4x?xf32>
// CHECK-NEXT: }
func.func @reshape_noop(%t: tensor<?xf32>, %s1: tensor<1xindex>, %u: tensor<4x?xf32>) -> (tensor<?xf32>, tensor<4x?xf32>) {
  %0 = tensor.reshape %t(%s1) : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %d = tensor.dim %u, %c1 : tensor<4x?xf32>
  %s = tensor.from_elements %c4, %d : tensor<2xindex>
  %1 = tensor.reshape %u(%s) : (tensor<4x?xf32>, tensor<2xindex>) -> tensor<4x?xf32>
  return %0, %1 : tensor<?xf32>, tensor<4x?xf32>
}

// fold: collapse/expand of a dense constant is a constant; of its own type, the source
// CHECK-LABEL: func.func @reshape_constants(
// CHECK-NEXT: %cst = arith.constant dense<1.000000e+00> : tensor<6xf32>
// CHECK-NEXT: %cst_0 = arith.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
// CHECK-NEXT: return %cst, %cst_0, %arg0 : tensor<6xf32>, tensor<6xi32>, tensor<?xf32>
// CHECK-NEXT: }
func.func @reshape_constants(%t: tensor<?xf32>, %n: index) -> (tensor<6xf32>, tensor<6xi32>, tensor<?xf32>) {
  %c = arith.constant dense<1.0> : tensor<2x3xf32>
  %0 = tensor.collapse_shape %c [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %d = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %1 = tensor.collapse_shape %d [[0, 1]] : tensor<2x3xi32> into tensor<6xi32>
  %2 = tensor.expand_shape %t [[0]] output_shape [%n] : tensor<?xf32> into tensor<?xf32>
  return %0, %1, %2 : tensor<6xf32>, tensor<6xi32>, tensor<?xf32>
}

// fold: collapse of expand (and back) to the original type is the original
// CHECK-LABEL: func.func @reshape_inverse(
// CHECK-NEXT: return %arg0, %arg1 : tensor<2x3xf32>, tensor<?x3xf32>
// CHECK-NEXT: }
func.func @reshape_inverse(%t: tensor<2x3xf32>, %u: tensor<?x3xf32>) -> (tensor<2x3xf32>, tensor<?x3xf32>) {
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %1 = tensor.expand_shape %0 [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %u, %c0 : tensor<?x3xf32>
  %2 = tensor.collapse_shape %u [[0, 1]] : tensor<?x3xf32> into tensor<?xf32>
  %3 = tensor.expand_shape %2 [[0, 1]] output_shape [%n, 3] : tensor<?xf32> into tensor<?x3xf32>
  return %1, %3 : tensor<2x3xf32>, tensor<?x3xf32>
}

// FoldReshapeWithSplat, FoldReshapeWithFromElements: the reshape becomes a splat / from_elements of the result type
// CHECK-LABEL: func.func @reshape_producers(
// CHECK-NEXT: %splat = tensor.splat %arg0 : tensor<2x3xf32>
// CHECK-NEXT: %from_elements = tensor.from_elements %arg0, %arg1 : tensor<2xf32>
// CHECK-NEXT: return %splat, %from_elements : tensor<2x3xf32>, tensor<2xf32>
// CHECK-NEXT: }
func.func @reshape_producers(%x: f32, %y: f32) -> (tensor<2x3xf32>, tensor<2xf32>) {
  %s = tensor.splat %x : tensor<6xf32>
  %0 = tensor.expand_shape %s [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  %f = tensor.from_elements %x, %y : tensor<1x2xf32>
  %1 = tensor.collapse_shape %f [[0, 1]] : tensor<1x2xf32> into tensor<2xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2xf32>
}

// FoldCollapseOfCastOp: collapse of an information-dropping cast collapses the source, cast back
// CHECK-LABEL: func.func @collapse_cast(
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK-NEXT: %cast = tensor.cast %collapsed : tensor<6xf32> to tensor<?xf32>
// CHECK-NEXT: return %cast : tensor<?xf32>
// CHECK-NEXT: }
func.func @collapse_cast(%t: tensor<2x3xf32>) -> tensor<?xf32> {
  %c = tensor.cast %t : tensor<2x3xf32> to tensor<?x3xf32>
  %0 = tensor.collapse_shape %c [[0, 1]] : tensor<?x3xf32> into tensor<?xf32>
  return %0 : tensor<?xf32>
}

// ComposeReassociativeReshapeOps: collapse of collapse, expand of expand are one reshape
// CHECK-LABEL: func.func @compose(
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %arg1 {{\[\[}}0, 1, 2]] output_shape [2, 3, 4] : tensor<24xf32> into tensor<2x3x4xf32>
// CHECK-NEXT: return %collapsed, %expanded : tensor<24xf32>, tensor<2x3x4xf32>
// CHECK-NEXT: }
func.func @compose(%t: tensor<2x3x4xf32>, %u: tensor<24xf32>) -> (tensor<24xf32>, tensor<2x3x4xf32>) {
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %1 = tensor.collapse_shape %0 [[0, 1]] : tensor<6x4xf32> into tensor<24xf32>
  %2 = tensor.expand_shape %u [[0, 1]] output_shape [6, 4] : tensor<24xf32> into tensor<6x4xf32>
  %3 = tensor.expand_shape %2 [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  return %1, %3 : tensor<24xf32>, tensor<2x3x4xf32>
}

// ComposeExpandOfCollapseOp, ComposeCollapseOfExpandOp: regroupings are one reshape
// CHECK-LABEL: func.func @regroup(
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0], [1, 2]] : tensor<2x3x4xf32> into tensor<2x12xf32>
// CHECK-NEXT: %collapsed_0 = tensor.collapse_shape %arg1 {{\[\[}}0, 1]] : tensor<2x12xf32> into tensor<24xf32>
// CHECK-NEXT: return %collapsed, %collapsed_0 : tensor<2x12xf32>, tensor<24xf32>
// CHECK-NEXT: }
func.func @regroup(%t: tensor<2x3x4xf32>, %u: tensor<2x12xf32>) -> (tensor<2x12xf32>, tensor<24xf32>) {
  %0 = tensor.collapse_shape %t [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  %1 = tensor.expand_shape %0 [[0, 1]] output_shape [2, 12] : tensor<24xf32> into tensor<2x12xf32>
  %2 = tensor.expand_shape %u [[0], [1, 2]] output_shape [2, 3, 4] : tensor<2x12xf32> into tensor<2x3x4xf32>
  %3 = tensor.collapse_shape %2 [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  return %1, %3 : tensor<2x12xf32>, tensor<24xf32>
}

// ComposeExpandOfCollapseOp, ComposeCollapseOfExpandOp with dynamic sizes: a dynamic dim takes the dims around it; a collapsed dynamic size is a product
// CHECK-LABEL: func.func @regroup_dynamic(
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0], [1, 2]] : tensor<2x?x4xf32> into tensor<2x?xf32>
// CHECK-NEXT: %collapsed_0 = tensor.collapse_shape %arg1 {{\[\[}}0, 1], [2]] : tensor<?x2x4xf32> into tensor<?x4xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %arg2 {{\[\[}}0], [1, 2]] output_shape [%arg4, 3, 4] : tensor<?x12xf32> into tensor<?x3x4xf32>
// CHECK-NEXT: %0 = arith.muli %arg4, %c3 overflow<nsw> : index
// CHECK-NEXT: %expanded_1 = tensor.expand_shape %arg3 {{\[\[}}0, 1]] output_shape [%0, 4] : tensor<?xf32> into tensor<?x4xf32>
// CHECK-NEXT: return %collapsed, %collapsed_0, %expanded, %expanded_1 : tensor<2x?xf32>, tensor<?x4xf32>, tensor<?x3x4xf32>, tensor<?x4xf32>
// CHECK-NEXT: }
func.func @regroup_dynamic(%t: tensor<2x?x4xf32>, %u: tensor<?x2x4xf32>, %v: tensor<?x12xf32>, %w: tensor<?xf32>, %a: index) -> (tensor<2x?xf32>, tensor<?x4xf32>, tensor<?x3x4xf32>, tensor<?x4xf32>) {
  %0 = tensor.collapse_shape %t [[0, 1, 2]] : tensor<2x?x4xf32> into tensor<?xf32>
  %1 = tensor.expand_shape %0 [[0, 1]] output_shape [2, %a] : tensor<?xf32> into tensor<2x?xf32>
  %2 = tensor.collapse_shape %u [[0, 1, 2]] : tensor<?x2x4xf32> into tensor<?xf32>
  %3 = tensor.expand_shape %2 [[0, 1]] output_shape [%a, 4] : tensor<?xf32> into tensor<?x4xf32>
  %4 = tensor.collapse_shape %v [[0, 1]] : tensor<?x12xf32> into tensor<?xf32>
  %5 = tensor.expand_shape %4 [[0, 1, 2]] output_shape [%a, 3, 4] : tensor<?xf32> into tensor<?x3x4xf32>
  %6 = tensor.expand_shape %w [[0, 1, 2]] output_shape [%a, 3, 4] : tensor<?xf32> into tensor<?x3x4xf32>
  %7 = tensor.collapse_shape %6 [[0, 1], [2]] : tensor<?x3x4xf32> into tensor<?x4xf32>
  return %1, %3, %5, %7 : tensor<2x?xf32>, tensor<?x4xf32>, tensor<?x3x4xf32>, tensor<?x4xf32>
}

// ConvertToStaticExpandShape: constant output sizes over a static source become static
// CHECK-LABEL: func.func @expand_static(
// CHECK-NEXT: %expanded = tensor.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [%arg1, 2, 4] : tensor<?x8xf32> into tensor<?x2x4xf32>
// CHECK-NEXT: %cast = tensor.cast %expanded : tensor<?x2x4xf32> to tensor<?x?x4xf32>
// CHECK-NEXT: return %cast : tensor<?x?x4xf32>
// CHECK-NEXT: }
func.func @expand_static(%t: tensor<?x8xf32>, %d: index) -> tensor<?x?x4xf32> {
  %c2 = arith.constant 2 : index
  %c = tensor.cast %t : tensor<?x8xf32> to tensor<?x?xf32>
  %0 = tensor.expand_shape %c [[0], [1, 2]] output_shape [%d, %c2, 4] : tensor<?x?xf32> into tensor<?x?x4xf32>
  return %0 : tensor<?x?x4xf32>
}
