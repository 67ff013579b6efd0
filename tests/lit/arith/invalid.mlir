// RUN: hlopt %s --split-input-file --verify-diagnostics
// One case per arith cast and operand rule; messages and locations are
// those iree-opt (MLIR) reports on the same input.

func.func @extsi_narrow(%x: i64) -> i32 {
  // expected-error@+1 {{'arith.extsi' op operand type 'i64' and result type 'i32' are cast incompatible}}
  %0 = arith.extsi %x : i64 to i32
  return %0 : i32
}

// -----

func.func @trunci_wide(%x: i8) -> i16 {
  // expected-error@+1 {{'arith.trunci' op operand type 'i8' and result type 'i16' are cast incompatible}}
  %0 = arith.trunci %x : i8 to i16
  return %0 : i16
}

// -----

func.func @index_cast_ints(%x: i32) -> i64 {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %x : i32 to i64
  return %0 : i64
}

// -----

func.func @bitcast_width(%x: i32) -> f64 {
  // expected-error@+1 {{'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible}}
  %0 = arith.bitcast %x : i32 to f64
  return %0 : f64
}

// -----

func.func @sitofp_float(%x: f32) -> f64 {
  // expected-error@+1 {{'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.sitofp %x : f32 to f64
  return %0 : f64
}

// -----

func.func @truncf_scalar_to_tensor(%x: f32) -> tensor<f16> {
  // expected-error@+1 {{'arith.truncf' op requires the same shape for all operands and results}}
  %0 = arith.truncf %x : f32 to tensor<f16>
  return %0 : tensor<f16>
}

// -----

func.func @ceildivsi_float(%x: f32) -> f32 {
  // expected-error@+1 {{'arith.ceildivsi' op operand #0 must be signless-non-zero-bitwidth-integer-like, but got 'f32'}}
  %0 = arith.ceildivsi %x, %x : f32
  return %0 : f32
}

// -----

func.func @overflow_not_bool(%a: i32, %b: i32) -> (i32, i8) {
  // expected-error@+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i8'}}
  %s, %o = arith.addui_extended %a, %b : i32, i8
  return %s, %o : i32, i8
}

// -----

func.func @sum_type(%a: i32, %b: i64) -> (i64, i1) {
  // expected-error@+1 {{'arith.addui_extended' op failed to verify that all of {lhs, rhs, sum} have same type}}
  %s, %o = "arith.addui_extended"(%a, %b) : (i32, i64) -> (i64, i1)
  return %s, %o : i64, i1
}

// -----

func.func @high_type(%a: i32, %b: i32) -> (i32, i64) {
  // expected-error@+1 {{'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %s, %o = "arith.mulsi_extended"(%a, %b) : (i32, i32) -> (i32, i64)
  return %s, %o : i32, i64
}

// -----

func.func @overflow_type_missing(%a: i32) -> i32 {
  // expected-error@+1 {{expected ','}}
  %s, %o = arith.addui_extended %a, %a : i32
  return %s : i32
}
