// hlopt-run reports located errors and exits 1, never a traceback.
// RUN: not hlopt-run %S/Inputs/unsupported-custom-call.mlir 2>&1 | filecheck %s --check-prefix=CC
// RUN: not hlopt-run %S/Inputs/unknown-op.mlir --allow-unregistered-dialect 2>&1 | filecheck %s --check-prefix=OP
// RUN: not hlopt-run %s 2>&1 | filecheck %s --check-prefix=SYNTAX
// RUN: bash -c 'hlopt-run %s.does-not-exist 2>/dev/null; test $? = 2'
// RUN: python -c "import numpy as np; np.savez('%t.npz', arg0=np.zeros((3,), np.float32))"
// RUN: not hlopt-run %S/Inputs/unknown-op.mlir --allow-unregistered-dialect --inputs %t.npz 2>&1 | filecheck %s --check-prefix=SHAPE

// CC: unsupported-custom-call.mlir:4:{{[0-9]+}}: error: unsupported custom_call target '@my_kernel'
// OP: unknown-op.mlir:4:{{[0-9]+}}: error: the interpreter cannot run 'foo.bar'
// SYNTAX: errors.mlir:13:22: error: use of undeclared SSA value name
func.func @main() {
  %0 = stablehlo.add %nope, %nope : tensor<f32>
  return
}
// SHAPE: error: inputs '{{.*}}.npz': key 'arg0' has shape (3,), parameter 0 (tensor<4xf32>) expects (4,)
