// Negative cases of the shape dialect: type constraints, error propagation, inferred
// types, witnesses and the assuming region's yield; each message is iree-opt's for
// the same input (tests/oracle/test_chlo_shape_oracle.py).
// RUN: hlopt %s --split-input-file --verify-diagnostics

func.func @num_elements_operand(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.num_elements' op operand #0 must be shape or extent tensor, but got 'tensor<?x4xf32>'}}
  %0 = "shape.num_elements"(%t) : (tensor<?x4xf32>) -> index
  return
}

// -----

func.func @num_elements_result(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.num_elements' op result #0 must be size or index, but got 'f32'}}
  %0 = "shape.num_elements"(%e) : (tensor<?xindex>) -> f32
  return
}

// -----

func.func @num_elements_error(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.num_elements' op if at least one of the operands can hold error values then the result must be of type `size` to propagate them}}
  %0 = shape.num_elements %s : !shape.shape -> index
  return
}

// -----

func.func @assuming_all_operand(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.assuming_all' op operand #0 must be variadic of , but got 'index'}}
  %0 = "shape.assuming_all"(%i) : (index) -> !shape.witness
  return
}

// -----

func.func @assuming_all_empty(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.assuming_all' op no operands specified}}
  %0 = "shape.assuming_all"() : () -> !shape.witness
  return
}

// -----

func.func @shape_of_operand(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.shape_of' op operand #0 must be shaped of any non-token type values or , but got 'index'}}
  %0 = "shape.shape_of"(%i) : (index) -> !shape.shape
  return
}

// -----

func.func @shape_of_result(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.shape_of' op result #0 must be shape or extent tensor, but got 'index'}}
  %0 = "shape.shape_of"(%t) : (tensor<?x4xf32>) -> index
  return
}

// -----

func.func @shape_of_inferred(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+2 {{'shape.shape_of' op failed to infer returned types}}
  // expected-error@+1 {{'shape.shape_of' op inferred type(s) 'tensor<2xindex>' are incompatible with return type(s) of operation 'tensor<3xindex>'}}
  %0 = shape.shape_of %t : tensor<?x4xf32> -> tensor<3xindex>
  return
}

// -----

func.func @shape_of_elem(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.shape_of' op result #0 must be shape or extent tensor, but got 'tensor<2xi32>'}}
  %0 = "shape.shape_of"(%t) : (tensor<?x4xf32>) -> tensor<2xi32>
  return
}

// -----

func.func @const_size_attr(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.const_size' op attribute 'value' failed to satisfy constraint: index attribute}}
  %0 = "shape.const_size"() <{value = 4 : i64}> : () -> !shape.size
  return
}

// -----

func.func @const_shape_attr(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.const_shape' op attribute 'shape' failed to satisfy constraint: index elements attribute}}
  %0 = "shape.const_shape"() <{shape = dense<[1, 2]> : tensor<2xi64>}> : () -> !shape.shape
  return
}

// -----

func.func @const_shape_inferred(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+2 {{'shape.const_shape' op failed to infer returned types}}
  // expected-error@+1 {{'shape.const_shape' op inferred type(s) 'tensor<2xindex>' are incompatible with return type(s) of operation 'tensor<3xindex>'}}
  %0 = shape.const_shape [1, 2] : tensor<3xindex>
  return
}

// -----

func.func @const_shape_dynamic(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+2 {{'shape.const_shape' op failed to infer returned types}}
  // expected-error@+1 {{'shape.const_shape' op inferred type(s) 'tensor<2xindex>' are incompatible with return type(s) of operation 'tensor<?xindex>'}}
  %0 = shape.const_shape [1, 2] : tensor<?xindex>
  return
}

// -----

func.func @const_shape_result(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.const_shape' op result #0 must be shape or extent tensor, but got 'tensor<?xi32>'}}
  %0 = shape.const_shape [1, 2] : tensor<?xi32>
  return
}

// -----

func.func @size_to_index_result(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.size_to_index' op result #0 must be index, but got 'i32'}}
  %0 = "shape.size_to_index"(%sz) : (!shape.size) -> i32
  return
}

// -----

func.func @from_extents_operand(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.from_extents' op operand #0 must be variadic of size or index, but got 'tensor<?x4xf32>'}}
  %0 = "shape.from_extents"(%t) : (tensor<?x4xf32>) -> !shape.shape
  return
}

// -----

func.func @from_extent_tensor_operand(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.from_extent_tensor' op operand #0 must be 1D tensor of index values, but got 'tensor<?x4xf32>'}}
  %0 = shape.from_extent_tensor %t : tensor<?x4xf32>
  return
}

// -----

func.func @max_operand(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.max' op operand #0 must be shape or size, but got 'index'}}
  %0 = shape.max %i, %i : index, index -> index
  return
}

// -----

func.func @get_extent_result(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.get_extent' op result #0 must be size or index, but got '!shape.shape'}}
  %0 = "shape.get_extent"(%e, %i) : (tensor<?xindex>, index) -> !shape.shape
  return
}

// -----

func.func @get_extent_error(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.get_extent' op if at least one of the operands can hold error values then the result must be of type `size` to propagate them}}
  %0 = shape.get_extent %s, %i : !shape.shape, index -> index
  return
}

// -----

func.func @rank_error(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.rank' op if at least one of the operands can hold error values then the result must be of type `size` to propagate them}}
  %0 = shape.rank %s : !shape.shape -> index
  return
}

// -----

func.func @dim_operand(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.dim' op operand #0 must be shaped of any non-token type values, but got 'index'}}
  %0 = "shape.dim"(%i, %i) : (index, index) -> index
  return
}

// -----

func.func @to_extent_tensor_result(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.to_extent_tensor' op result #0 must be tensor of index values, but got 'tensor<?xi32>'}}
  %0 = shape.to_extent_tensor %s : !shape.shape -> tensor<?xi32>
  return
}

// -----

func.func @cstr_broadcastable_one(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.cstr_broadcastable' op required at least 2 input shapes}}
  %0 = shape.cstr_broadcastable %e : tensor<?xindex>
  return
}

// -----

func.func @broadcast_error(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.broadcast' op if at least one of the operands can hold error values then the result must be of type `shape` to propagate them}}
  %0 = shape.broadcast %s, %e : !shape.shape, tensor<?xindex> -> tensor<?xindex>
  return
}

// -----

func.func @add_error(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.add' op if at least one of the operands can hold error values then the result must be of type `size` to propagate them}}
  %0 = shape.add %sz, %i : !shape.size, index -> index
  return
}

// -----

func.func @mul_error(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.mul' op if at least one of the operands can hold error values then the result must be of type `size` to propagate them}}
  %0 = shape.mul %i, %sz : index, !shape.size -> index
  return
}

// -----

func.func @div_error(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.div' op if at least one of the operands can hold error values then the result must be of type `size` to propagate them}}
  %0 = shape.div %sz, %i : !shape.size, index -> index
  return
}

// -----

func.func @cstr_require_pred(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.cstr_require' op operand #0 must be 1-bit signless integer, but got 'index'}}
  %0 = "shape.cstr_require"(%i) <{msg = "m"}> : (index) -> !shape.witness
  return
}

// -----

func.func @assuming_yield_count(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.assuming' op along control flow edge from Operation shape.assuming_yield to Operation shape.assuming: region branch point has 1 operands, but region successor needs 0 inputs}}
  shape.assuming %w {
    // expected-note@+1 {{region branch point}}
    shape.assuming_yield %i : index
  }
  return
}

// -----

func.func @assuming_yield_type(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.assuming' op along control flow edge from Operation shape.assuming_yield to Operation shape.assuming: successor operand type #0 'index' should match successor input type #0 'f32'}}
  %0 = shape.assuming %w -> (f32) {
    // expected-note@+1 {{region branch point}}
    shape.assuming_yield %i : index
  }
  return
}

// -----

func.func @assuming_witness(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %s: !shape.shape, %e: tensor<?xindex>, %i: index, %sz: !shape.size, %w: !shape.witness, %p: i1) {
  // expected-error@+1 {{'shape.assuming' op operand #0 must be , but got 'index'}}
  "shape.assuming"(%i) ({
    shape.assuming_yield
  }) : (index) -> ()
  return
}

// -----

func.func @const_size_bool() {
  // expected-error@+1 {{'shape.const_size' op attribute 'value' failed to satisfy constraint: index attribute}}
  %0 = shape.const_size true
  return
}
