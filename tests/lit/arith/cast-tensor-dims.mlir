// RUN: hlopt %s --split-input-file --verify-diagnostics
// Every arith cast checks ArithOps.td's predicate first: the operand and
// result tensor shapes are the same dimensions (`?` matches only `?`, a
// non-tensor has none, an unranked tensor matches nothing). Messages and
// locations are those of iree-opt and jaxlib on the same input.

func.func @extf_dims(%x: tensor<4xf16>) -> tensor<2xf32> {
  // expected-error@+1 {{'arith.extf' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extf %x : tensor<4xf16> to tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @truncf_dims(%x: tensor<4xf32>) -> tensor<4x1xf16> {
  // expected-error@+1 {{'arith.truncf' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.truncf %x : tensor<4xf32> to tensor<4x1xf16>
  return %0 : tensor<4x1xf16>
}

// -----

func.func @extsi_dims(%x: tensor<4xi8>) -> tensor<2xi32> {
  // expected-error@+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extsi %x : tensor<4xi8> to tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @extui_dims(%x: tensor<2x3xi8>) -> tensor<3x2xi32> {
  // expected-error@+1 {{'arith.extui' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extui %x : tensor<2x3xi8> to tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

// -----

func.func @trunci_dims(%x: tensor<4xi32>) -> tensor<?xi8> {
  // expected-error@+1 {{'arith.trunci' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.trunci %x : tensor<4xi32> to tensor<?xi8>
  return %0 : tensor<?xi8>
}

// -----

func.func @sitofp_dims(%x: tensor<?xi32>) -> tensor<4xf32> {
  // expected-error@+1 {{'arith.sitofp' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.sitofp %x : tensor<?xi32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @uitofp_dims(%x: tensor<4xi32>) -> tensor<f32> {
  // expected-error@+1 {{'arith.uitofp' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.uitofp %x : tensor<4xi32> to tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @fptosi_dims(%x: tensor<4xf32>) -> i32 {
  // expected-error@+1 {{'arith.fptosi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.fptosi %x : tensor<4xf32> to i32
  return %0 : i32
}

// -----

func.func @fptoui_dims(%x: tensor<*xf32>) -> tensor<*xi32> {
  // expected-error@+1 {{'arith.fptoui' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.fptoui %x : tensor<*xf32> to tensor<*xi32>
  return %0 : tensor<*xi32>
}

// -----

func.func @index_cast_dims(%x: tensor<4xi32>) -> tensor<4x1xindex> {
  // expected-error@+1 {{'arith.index_cast' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.index_cast %x : tensor<4xi32> to tensor<4x1xindex>
  return %0 : tensor<4x1xindex>
}

// -----

func.func @index_castui_dims(%x: vector<4xi32>) -> tensor<4xindex> {
  // expected-error@+1 {{'arith.index_castui' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.index_castui %x : vector<4xi32> to tensor<4xindex>
  return %0 : tensor<4xindex>
}

// -----

func.func @bitcast_dims(%x: tensor<4xi32>) -> tensor<2xf32> {
  // expected-error@+1 {{'arith.bitcast' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.bitcast %x : tensor<4xi32> to tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Vectors are not tensors: the predicate holds, SameOperandsAndResultShape fails.
func.func @vector_shape(%x: vector<4xf16>) -> vector<2xf32> {
  // expected-error@+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %0 = arith.extf %x : vector<4xf16> to vector<2xf32>
  return %0 : vector<2xf32>
}

// -----

// The same dimensions, dynamic ones included, verify.
func.func @same_dims(%x: tensor<?x4xf16>, %y: vector<4xi8>) -> (tensor<?x4xf32>, vector<4xi32>) {
  %0 = arith.extf %x : tensor<?x4xf16> to tensor<?x4xf32>
  %1 = arith.extsi %y : vector<4xi8> to vector<4xi32>
  return %0, %1 : tensor<?x4xf32>, vector<4xi32>
}
