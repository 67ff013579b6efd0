// chlo.scan in its custom form, as jaxlib's MLIR prints it (the oracle test
// tests/oracle/test_chlo_shape_oracle.py checks each chunk's expected text
// against jaxlib's print of the same input).
// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file | hlopt --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// A cumulative sum: one input, one carry; block arguments print as %input / %carry.
// CHECK-LABEL: func.func @cumsum
// CHECK:      %0:2 = chlo.scan(%arg0) inits (%arg1) dimension=0  {
// CHECK-NEXT: ^bb0(%input: tensor<3xf32>, %carry: tensor<3xf32>):
// CHECK-NEXT:   %1 = stablehlo.add %input, %carry : tensor<3xf32>
// CHECK-NEXT:   stablehlo.return %1, %1 : tensor<3xf32>, tensor<3xf32>
// CHECK-NEXT: } : (tensor<4x3xf32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>)
func.func @cumsum(%x: tensor<4x3xf32>, %i: tensor<3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>) {
  %0:2 = "chlo.scan"(%x, %i) <{dimension = 0 : i64, operandSegmentSizes = array<i32: 1, 1>, resultSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: tensor<3xf32>, %c: tensor<3xf32>):
    %s = stablehlo.add %a, %c : tensor<3xf32>
    stablehlo.return %s, %s : tensor<3xf32>, tensor<3xf32>
  }) : (tensor<4x3xf32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>)
  return %0#0, %0#1 : tensor<4x3xf32>, tensor<3xf32>
}

// -----

// The optional attributes (and discardable ones) print after `attributes`,
// sorted; is_reverse = false is printed when present.
// CHECK-LABEL: func.func @attrs
// CHECK: chlo.scan(%arg0) inits (%arg1) dimension=0  attributes {foo = 1 : i32, is_associative = false, is_reverse = true, scan_dim_size = 4 : i64} {
// CHECK: chlo.scan(%arg0) inits (%arg1) dimension=0  attributes {is_reverse = false} {
func.func @attrs(%x: tensor<4x3xf32>, %i: tensor<3xf32>) {
  %0:2 = chlo.scan(%x) inits (%i) dimension=0 attributes {is_reverse = true, foo = 1 : i32, scan_dim_size = 4 : i64, is_associative = false} {
  ^bb0(%a: tensor<3xf32>, %c: tensor<3xf32>):
    stablehlo.return %a, %c : tensor<3xf32>, tensor<3xf32>
  } : (tensor<4x3xf32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>)
  %1:2 = chlo.scan(%x) inits (%i) dimension=0 attributes {is_reverse = false} {
  ^bb0(%a: tensor<3xf32>, %c: tensor<3xf32>):
    stablehlo.return %a, %c : tensor<3xf32>, tensor<3xf32>
  } : (tensor<4x3xf32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>)
  return
}

// -----

// No inits (an empty `inits ()`), two inputs with uniqued names, a dynamic scan dimension.
// CHECK-LABEL: func.func @shapes
// CHECK:      %0 = chlo.scan(%arg0) inits () dimension=1  {
// CHECK-NEXT: ^bb0(%input: tensor<4xf32>):
// CHECK:      } : (tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK:      %1:3 = chlo.scan(%arg0, %arg1) inits (%arg2) dimension=0  {
// CHECK-NEXT: ^bb0(%input: tensor<3xf32>, %input_0: tensor<3xi32>, %carry: tensor<3xf32>):
// CHECK:      %2:2 = chlo.scan(%arg3) inits (%arg2) dimension=0  {
// CHECK:      } : (tensor<?x3xf32>, tensor<3xf32>) -> (tensor<?x3xf32>, tensor<3xf32>)
func.func @shapes(%x: tensor<4x3xf32>, %y: tensor<4x3xi32>, %i: tensor<3xf32>, %d: tensor<?x3xf32>) {
  %0 = chlo.scan(%x) inits () dimension=1 {
  ^bb0(%a: tensor<4xf32>):
    stablehlo.return %a : tensor<4xf32>
  } : (tensor<4x3xf32>) -> tensor<4x3xf32>
  %1:3 = chlo.scan(%x, %y) inits (%i) dimension=0 {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xi32>, %c: tensor<3xf32>):
    stablehlo.return %a, %b, %c : tensor<3xf32>, tensor<3xi32>, tensor<3xf32>
  } : (tensor<4x3xf32>, tensor<4x3xi32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<4x3xi32>, tensor<3xf32>)
  %2:2 = chlo.scan(%d) inits (%i) dimension=0 {
  ^bb0(%a: tensor<3xf32>, %c: tensor<3xf32>):
    stablehlo.return %a, %c : tensor<3xf32>, tensor<3xf32>
  } : (tensor<?x3xf32>, tensor<3xf32>) -> (tensor<?x3xf32>, tensor<3xf32>)
  return
}
