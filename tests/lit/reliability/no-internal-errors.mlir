// Inputs that used to end in "internal error": each is a located diagnostic.
// RUN: hlopt %s --split-input-file --verify-diagnostics
// RUN: not hlopt %s --split-input-file 2>&1 | filecheck %s

func.func @no_operands() {
  // expected-error@+1 {{expected SSA operand}}
  %0 = stablehlo.abs : (tensor<f32>) -> tensor<f32>
  return
}
// CHECK: no-internal-errors.mlir:7:21: error: expected SSA operand

// -----

func.func @bad_range_column() {
  // expected-error@+1 {{expected integer column number in FileLineColRange}}
  return loc("a":1:2 to :1.0e-999)
}
// CHECK: no-internal-errors.mlir:16:26: error: expected integer column number in FileLineColRange

// -----

func.func @huge_column() {
  // expected-error@+1 {{expected integer column number in FileLineColRange}}
  return loc("a":1:0x7FF8000000000001)
}
// CHECK: no-internal-errors.mlir:24:20: error: expected integer column number in FileLineColRange

// -----

func.func @line_out_of_range() {
  // expected-error@+1 {{expected integer line number in FileLineColRange}}
  return loc("a":4294967296:1)
}

// -----

func.func @negative_line() {
  // expected-error@+1 {{expected integer line number in FileLineColRange}}
  return loc("a":-1:2)
}

// -----

func.func @range_line_out_of_range() {
  // expected-error@+1 {{expected integer line number in FileLineColRange}}
  return loc("a":1:2 to 4294967296:1)
}
// CHECK-NOT: internal error
