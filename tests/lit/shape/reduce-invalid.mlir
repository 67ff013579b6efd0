// RUN: hlopt %s --split-input-file --verify-diagnostics
// shape.reduce / shape.yield verifier messages as iree-opt's.

func.func @a(%s: !shape.shape, %z: !shape.size) {
  // expected-error@+1 {{'shape.reduce' op ReduceOp body is expected to have 3 arguments}}
  %0 = shape.reduce(%s, %z) : !shape.shape -> !shape.size {
  ^bb0(%i: index, %d: !shape.size):
    shape.yield %d : !shape.size
  }
  return
}

// -----

func.func @b(%s: !shape.shape, %z: !shape.size) {
  // expected-error@+1 {{'shape.reduce' op argument 0 of ReduceOp body is expected to be of IndexType}}
  %0 = shape.reduce(%s, %z) : !shape.shape -> !shape.size {
  ^bb0(%i: !shape.size, %d: !shape.size, %a: !shape.size):
    shape.yield %d : !shape.size
  }
  return
}

// -----

func.func @c(%s: !shape.shape, %z: !shape.size) {
  // expected-error@+1 {{'shape.reduce' op argument 1 of ReduceOp body is expected to be of SizeType if the ReduceOp operates on a ShapeType}}
  %0 = shape.reduce(%s, %z) : !shape.shape -> !shape.size {
  ^bb0(%i: index, %d: index, %a: !shape.size):
    shape.yield %a : !shape.size
  }
  return
}

// -----

func.func @d(%s: tensor<2xindex>, %z: index) {
  // expected-error@+1 {{'shape.reduce' op argument 1 of ReduceOp body is expected to be of IndexType if the ReduceOp operates on an extent tensor}}
  %0 = shape.reduce(%s, %z) : tensor<2xindex> -> index {
  ^bb0(%i: index, %d: !shape.size, %a: index):
    shape.yield %a : index
  }
  return
}

// -----

func.func @e(%s: tensor<2xindex>, %z: index) {
  // expected-error@+1 {{'shape.reduce' op type mismatch between argument 2 of ReduceOp body and initial value 0}}
  "shape.reduce"(%s, %z) ({
  ^bb0(%i: index, %d: index, %a: i32):
    "shape.yield"(%d) : (index) -> ()
  }) : (tensor<2xindex>, index) -> index
  return
}

// -----

func.func @f(%s: tensor<2xindex>, %z: index) {
  %0 = shape.reduce(%s, %z) : tensor<2xindex> -> index {
  ^bb0(%i: index, %d: index, %a: index):
    // expected-error@+1 {{'shape.yield' op number of operands does not match number of results of its parent}}
    shape.yield %a, %a : index, index
  }
  return
}

// -----

func.func @g(%s: tensor<2xindex>, %z: index, %k: i32) {
  %0 = shape.reduce(%s, %z) : tensor<2xindex> -> index {
  ^bb0(%i: index, %d: index, %a: index):
    // expected-error@+1 {{'shape.yield' op types mismatch between yield op and its parent}}
    shape.yield %k : i32
  }
  return
}

// -----

func.func @h(%k: i32) {
  // expected-error@+1 {{'shape.yield' op expects parent op to be one of 'shape.reduce, shape.function_library'}}
  "shape.yield"(%k) : (i32) -> ()
  return
}

// -----

func.func @reduce_comma_then_not_an_operand(%s: !shape.shape) {
  // expected-error@+1 {{expected SSA operand}}
  shape.reduce(%s, : !shape.shape {
  ^bb0(%i: index, %e: !shape.size):
    shape.yield
  }
  return
}
