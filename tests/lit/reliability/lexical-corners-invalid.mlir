// MLIR's verdicts on lexical corners: rejected forms.
// RUN: hlopt %s --split-input-file --verify-diagnostics

func.func @f() {
  // expected-error@+1 {{invalid number literal '1e999'}}
  %0 = stablehlo.constant dense<1e999> : tensor<f32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{invalid number literal '1e999'}}
  %0 = stablehlo.constant dense<[1.0, 1e999]> : tensor<2xf32>
  return
}

// -----

// expected-error@+1 {{unexpected character 'e'}}
func.func @f() attributes {a = 1e999} {
  return
}

// -----

// expected-error@+1 {{unexpected character 'é'}}
func.func @méain() {
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  return
  return
}

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
func.func @f() attributes {a = 99999999999999999999 : index} {
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{integer constant out of range for type}}
  %0 = stablehlo.constant dense<99999999999999999999> : tensor<index>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %0 = stablehlo.iota dim = 99999999999999999999 : tensor<4xi32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{integer constant out of range for type}}
  %0 = stablehlo.constant dense<2> : tensor<i1>
  return
}
