// RUN: hlopt %s --split-input-file --verify-diagnostics
// One case per verifier rule of the seven newer arith ops; messages and
// locations are those iree-opt (MLIR) reports on the same input
// (tests/oracle/test_arith_new_ops_oracle.py runs this file through iree-opt).

func.func @convertf_wider(%x: f16) {
  // expected-error@+1 {{'arith.convertf' op operand type 'f16' and result type 'f32' are cast incompatible}}
  %0 = arith.convertf %x : f16 to f32
  return
}

// -----

func.func @convertf_same(%x: f16) {
  // expected-error@+1 {{'arith.convertf' op operand type 'f16' and result type 'f16' are cast incompatible}}
  %0 = arith.convertf %x : f16 to f16
  return
}

// -----

func.func @convertf_dims(%x: tensor<2xf16>) {
  // expected-error@+1 {{'arith.convertf' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.convertf %x : tensor<2xf16> to tensor<3xbf16>
  return
}

// -----

func.func @convertf_int(%x: i16) {
  // expected-error@+1 {{'arith.convertf' op operand #0 must be floating-point-like, but got 'i16'}}
  %0 = "arith.convertf"(%x) : (i16) -> bf16
  return
}

// -----

func.func @scaling_extf_narrower(%x: f32, %s: f8E8M0FNU) {
  // expected-error@+1 {{'arith.scaling_extf' op operand types 'f32', 'f8E8M0FNU' and result type 'f16' are cast incompatible}}
  %0 = arith.scaling_extf %x, %s : f32, f8E8M0FNU to f16
  return
}

// -----

func.func @scaling_truncf_wider(%x: f32, %s: f8E8M0FNU) {
  // expected-error@+1 {{'arith.scaling_truncf' op operand types 'f32', 'f8E8M0FNU' and result type 'f64' are cast incompatible}}
  %0 = arith.scaling_truncf %x, %s : f32, f8E8M0FNU to f64
  return
}

// -----

func.func @scaling_extf_cast_before_shape(%x: vector<4xf32>, %s: vector<2xf8E8M0FNU>) {
  // expected-error@+1 {{'arith.scaling_extf' op operand types 'vector<4xf32>', 'vector<2xf8E8M0FNU>' and result type 'vector<4xf16>' are cast incompatible}}
  %0 = arith.scaling_extf %x, %s : vector<4xf32>, vector<2xf8E8M0FNU> to vector<4xf16>
  return
}

// -----

func.func @scaling_extf_scale_shape(%x: vector<4xf4E2M1FN>, %s: vector<2xf8E8M0FNU>) {
  // expected-error@+1 {{'arith.scaling_extf' op all non-scalar operands/results must have the same shape and base type}}
  %0 = arith.scaling_extf %x, %s : vector<4xf4E2M1FN>, vector<2xf8E8M0FNU> to vector<4xf32>
  return
}

// -----

func.func @scaling_extf_dims(%x: tensor<4xf4E2M1FN>, %s: tensor<4xf8E8M0FNU>) {
  // expected-error@+1 {{'arith.scaling_extf' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.scaling_extf %x, %s : tensor<4xf4E2M1FN>, tensor<4xf8E8M0FNU> to tensor<3xf32>
  return
}

// -----

func.func @scaling_truncf_int_result(%x: f32, %s: f8E8M0FNU) {
  // expected-error@+1 {{'arith.scaling_truncf' op result #0 must be floating-point-like, but got 'i8'}}
  %0 = "arith.scaling_truncf"(%x, %s) : (f32, f8E8M0FNU) -> i8
  return
}

// -----

func.func @scaling_truncf_int_scale(%x: f32, %s: i8) {
  // expected-error@+1 {{'arith.scaling_truncf' op operand #1 must be floating-point-like, but got 'i8'}}
  %0 = "arith.scaling_truncf"(%x, %s) : (f32, i8) -> f16
  return
}

// -----

func.func @scaling_truncf_no_scale(%x: f32) {
  // expected-error@+1 {{'arith.scaling_truncf' op expected 2 operands, but found 1}}
  %0 = "arith.scaling_truncf"(%x) : (f32) -> f16
  return
}

// -----

func.func @subui_types(%x: i32, %y: i64) {
  // expected-error@+1 {{'arith.subui_extended' op failed to verify that all of {lhs, rhs, diff} have same type}}
  %0:2 = "arith.subui_extended"(%x, %y) : (i32, i64) -> (i32, i1)
  return
}

// -----

func.func @subui_borrow_type(%x: i32, %y: i32) {
  // expected-error@+1 {{'arith.subui_extended' op result #1 must be bool-like, but got 'i32'}}
  %0:2 = "arith.subui_extended"(%x, %y) : (i32, i32) -> (i32, i32)
  return
}

// -----

func.func @subui_scalar_borrow(%x: vector<2xi32>, %y: vector<2xi32>) {
  // expected-error@+1 {{'arith.subui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %0:2 = "arith.subui_extended"(%x, %y) : (vector<2xi32>, vector<2xi32>) -> (vector<2xi32>, i1)
  return
}

// -----

func.func @subui_float(%x: f32, %y: f32) {
  // expected-error@+1 {{'arith.subui_extended' op operand #0 must be signless-non-zero-bitwidth-integer-like, but got 'f32'}}
  %0:2 = "arith.subui_extended"(%x, %y) : (f32, f32) -> (f32, i1)
  return
}

// -----

func.func @flush_type(%x: f16) {
  // expected-error@+1 {{'arith.flush_denormals' op requires the same type for all operands and results}}
  %0 = "arith.flush_denormals"(%x) : (f16) -> f32
  return
}

// -----

func.func @flush_int(%x: i32) {
  // expected-error@+1 {{'arith.flush_denormals' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.flush_denormals"(%x) : (i32) -> i32
  return
}

// -----

func.func @maximumnumf_int(%x: i32) {
  // expected-error@+1 {{'arith.maximumnumf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.maximumnumf"(%x, %x) : (i32, i32) -> i32
  return
}

// -----

func.func @minimumnumf_types(%x: f32, %y: f16) {
  // expected-error@+1 {{'arith.minimumnumf' op requires the same type for all operands and results}}
  %0 = "arith.minimumnumf"(%x, %y) : (f32, f16) -> f32
  return
}
