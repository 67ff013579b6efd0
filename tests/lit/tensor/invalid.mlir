// RUN: hlopt %s --split-input-file --verify-diagnostics

// One case per tensor verifier rule and custom-form check; messages and
// lines are the ones iree-opt reports for the same input.

func.func @a(%i: index) -> tensor<4x?xf32> {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 0, expected 1}}
  %e = tensor.empty() : tensor<4x?xf32>
  return %e : tensor<4x?xf32>
}
// -----
func.func @b(%t: tensor<4xf32>, %i: index) -> f32 {
  // expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %x = tensor.extract %t[%i, %i] : tensor<4xf32>
  return %x : f32
}
// -----
func.func @c(%t: tensor<4xf32>, %i: index, %s: f32) -> tensor<4xf32> {
  // expected-error@+1 {{'tensor.insert' op incorrect number of indices}}
  %x = tensor.insert %s into %t[%i, %i] : tensor<4xf32>
  return %x : tensor<4xf32>
}
// -----
func.func @d(%t: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<3xf32>' are cast incompatible}}
  %x = tensor.cast %t : tensor<4xf32> to tensor<3xf32>
  return %x : tensor<3xf32>
}
// -----
func.func @e(%s: f32) -> tensor<3xf32> {
  // expected-error@+1 {{custom op 'tensor.from_elements' number of operands and types do not match: got 2 operands and 3 types}}
  %x = tensor.from_elements %s, %s : tensor<3xf32>
  return %x : tensor<3xf32>
}
// -----
func.func @f(%s: f32, %i: index) -> tensor<3xf32> {
  // expected-error@+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 1, expected 0}}
  %x = tensor.splat %s[%i] : tensor<3xf32>
  return %x : tensor<3xf32>
}
// -----
func.func @g(%s: tensor<f32>, %i: index) -> index {
  // expected-error@+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %x = tensor.dim %s, %i : tensor<f32>
  return %x : index
}
// -----
func.func @h(%t: tensor<4xi32>) -> tensor<4xf64> {
  // expected-error@+1 {{'tensor.bitcast' op operand type 'tensor<4xi32>' and result type 'tensor<4xf64>' are cast incompatible}}
  %x = tensor.bitcast %t : tensor<4xi32> to tensor<4xf64>
  return %x : tensor<4xf64>
}
// -----
func.func @i(%t: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
  %x = tensor.concat dim(1) %t, %t : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  return %x : tensor<8xf32>
}
// -----
func.func @j(%t: tensor<4xf32>) -> tensor<9xf32> {
  // expected-error@+1 {{'tensor.concat' op result type 'tensor<9xf32>'does not match inferred shape 'tensor<8xf32>' static sizes}}
  %x = tensor.concat dim(0) %t, %t : (tensor<4xf32>, tensor<4xf32>) -> tensor<9xf32>
  return %x : tensor<9xf32>
}
// -----
func.func @k(%t: tensor<4xf32>, %i: index) -> tensor<4xf32> {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 2, expected 1}}
  %e = tensor.empty(%i, %i) : tensor<4x?xf32>
  return %t : tensor<4xf32>
}
// -----
func.func @l(%t: tensor<4xf32>, %sh: tensor<1xindex>) -> tensor<5xf32> {
  // expected-error@+1 {{'tensor.reshape' op source and destination tensor should have the same number of elements}}
  %x = tensor.reshape %t(%sh) : (tensor<4xf32>, tensor<1xindex>) -> tensor<5xf32>
  return %x : tensor<5xf32>
}
// -----
func.func @m(%t: tensor<4xf32>) -> tensor<4x1xf64> {
  // expected-error@+1 {{custom op 'tensor.from_elements' number of operands and types do not match: got 1 operands and 4 types}}
  %x = tensor.from_elements %t : tensor<4xf32>
  return %x : tensor<4x1xf64>
}
// -----
func.func @n(%t: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expected type to be 'tensor<5xf32>' or a rank-reduced version. (size mismatch)}}
  %x = tensor.extract_slice %t[0] [5] [1] : tensor<8xf32> to tensor<4xf32>
  return %x : tensor<4xf32>
}
// -----
func.func @o(%t: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed.}}
  %x = tensor.extract_slice %t[0, 0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return %x : tensor<4xf32>
}
// -----
func.func @p(%t: tensor<4x5xf32>) -> tensor<20xf32> {
  // expected-error@+1 {{'tensor.collapse_shape' op expected collapsed rank (1) to equal the number of reassociation maps (2).}}
  %x = tensor.collapse_shape %t [[0], [1]] : tensor<4x5xf32> into tensor<20xf32>
  return %x : tensor<20xf32>
}
// -----
func.func @q(%t: tensor<8x8xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{offset 0 is out-of-bounds: 8 >= 8}}
  %x = tensor.extract_slice %t[8, 0] [2, 4] [1, 1] : tensor<8x8xf32> to tensor<2x4xf32>
  return %x : tensor<2x4xf32>
}
// -----
func.func @r(%t: tensor<8x8xf32>) -> tensor<3x4xf32> {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 8 >= 8}}
  %x = tensor.extract_slice %t[0, 0] [3, 4] [4, 1] : tensor<8x8xf32> to tensor<3x4xf32>
  return %x : tensor<3x4xf32>
}
// -----
func.func @s(%t: tensor<8x8xf32>, %s: tensor<2x4xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 8 >= 8}}
  %x = tensor.insert_slice %s into %t[7, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>
  return %x : tensor<8x8xf32>
}
// -----
func.func @t(%t: tensor<8x8xf32>) -> tensor<1x4xf32> {
  // expected-error@+1 {{expected offsets to be non-negative, but got -1}}
  %x = tensor.extract_slice %t[-1, 0] [1, 4] [1, 1] : tensor<8x8xf32> to tensor<1x4xf32>
  return %x : tensor<1x4xf32>
}
// -----
func.func @u(%t: tensor<8xf32>, %n: index) -> tensor<2x?xf32> {
  // expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %x = tensor.expand_shape %t [[0, 1]] output_shape [2, %n] : tensor<8xf32> into tensor<2x?xf32>
  return %x : tensor<2x?xf32>
}
// -----
func.func @v(%t: tensor<?xf32>) -> tensor<2x?xf32> {
  // expected-error@+1 {{'tensor.expand_shape' op incorrect number of dynamic sizes, has 0, expected 1}}
  %x = tensor.expand_shape %t [[0, 1]] output_shape [2, 4] : tensor<?xf32> into tensor<2x?xf32>
  return %x : tensor<2x?xf32>
}
