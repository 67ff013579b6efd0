// RUN: hlopt %s --split-input-file --verify-diagnostics

// Malformed declared shape forms: the error iree-opt reports, at the same
// line and column.

func.func @a(%a: tensor<2xindex>) {
  // expected-error@+1 {{expected '='}}
  %0 = shape.broadcast %a, %a error "x" : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  return
}
// -----
func.func @b(%a: tensor<2xindex>) {
  // expected-error@+1 {{expected '->'}}
  %0 = shape.shape_of %a : tensor<2xindex>
  return
}
// -----
func.func @c() {
  // expected-error@+1 {{expected ':'}}
  %0 = shape.const_shape [1, 2] tensor<2xindex>
  return
}
// -----
func.func @d(%p: i1) {
  // expected-error@+1 {{expected ','}}
  %0 = shape.cstr_require %p "m"
  return
}
// -----
func.func @e(%a: tensor<2xindex>) {
  // expected-error@+1 {{expected ':'}}
  %0 = shape.cstr_eq %a, %a
  return
}
// -----
func.func @f(%s: !shape.shape) {
  // expected-error@+1 {{custom op 'shape.meet' expected 'error'}}
  %0 = shape.meet %s, %s, "x" : !shape.shape, !shape.shape -> !shape.shape
  return
}
