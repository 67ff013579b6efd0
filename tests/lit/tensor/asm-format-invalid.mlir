// RUN: hlopt %s --split-input-file --verify-diagnostics

// Malformed declared forms: the first error iree-opt reports for each input,
// at the same line and column.

func.func @a(%t: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expected ']' in dynamic index list}}
  %0 = tensor.extract_slice %t[0 [4] [1] : tensor<8xf32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
func.func @b(%t: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{custom op 'tensor.extract_slice' expected integer value}}
  %0 = tensor.extract_slice %t[x] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
func.func @c(%t: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{custom op 'tensor.extract_slice' expected 'to'}}
  %0 = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> into tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
func.func @d(%a: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{expected attribute value}}
  %0 = tensor.concat dim(x) %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
// -----
func.func @e(%s: tensor<4x5xf32>, %i: tensor<2x1xindex>, %k: index) -> tensor<2x1x5xf32> {
  // expected-error@+1 {{custom op 'tensor.gather' expected integer value}}
  %0 = tensor.gather %s[%i] gather_dims([%k]) : (tensor<4x5xf32>, tensor<2x1xindex>) -> tensor<2x1x5xf32>
  return %0 : tensor<2x1x5xf32>
}
// -----
func.func @f(%t: tensor<4xf32>, %i: index) -> f32 {
  // expected-error@+1 {{expected ']'}}
  %0 = tensor.extract %t[%i : tensor<4xf32>
  return %0 : f32
}
// -----
func.func @g(%i: index) -> tensor<?xf32> {
  // expected-error@+1 {{expected '('}}
  %0 = tensor.empty %i : tensor<?xf32>
  return %0 : tensor<?xf32>
}
// -----
func.func @h(%t: tensor<4xf32>) -> tensor<?xf32> {
  // expected-error@+2 {{custom op 'tensor.cast' expected 'to'}}
  %0 = tensor.cast %t : tensor<4xf32>
  return %0 : tensor<?xf32>
}
// -----
func.func @i(%t: tensor<4x5xf32>) -> tensor<20xf32> {
  // expected-error@+1 {{expected ':'}}
  %0 = tensor.collapse_shape %t [[0, 1]] output_shape [20] : tensor<4x5xf32> into tensor<20xf32>
  return %0 : tensor<20xf32>
}
// -----
func.func @j(%t: tensor<4xf32>, %i: index) -> tensor<4xf32> {
  // expected-error@+1 {{expected ','}}
  %0 = tensor.dim %t %i : tensor<4xf32>
  return %t : tensor<4xf32>
}
// -----
func.func @k(%t: tensor<4xf32>, %i: index) -> tensor<4xf32> {
  // expected-error@+1 {{custom op 'tensor.insert' expected 'into'}}
  %0 = tensor.insert %i, %t[%i] : tensor<4xf32>
  return %0 : tensor<4xf32>
}
