// A function body is an SSA CFG region: a use before the definition is
// still an error there, even when the function sits in a graph region
// (builtin.module's body). Registered ops, so MLIR (jaxlib) judges it too.
// RUN: hlopt %s --split-input-file --verify-diagnostics

func.func @f() -> tensor<i32> {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  %1 = stablehlo.negate %0 : tensor<i32>
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %0 = stablehlo.constant dense<1> : tensor<i32>
  return %1 : tensor<i32>
}
