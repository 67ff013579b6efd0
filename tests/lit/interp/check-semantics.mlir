// --check-semantics interprets the module before the pipeline and after
// every pass, on 2 devices here; generic passes keep the results, a wrong
// pass is stopped with a diagnostic naming it, the output, the device and
// the largest difference, and nothing is printed.
// RUN: hlopt %s --check-semantics --check-semantics-seeds=3 --cse --canonicalize | filecheck %s
// RUN: not python %S/Inputs/hlopt_with_test_passes.py %s --check-semantics --cse --test-swap-subtract --canonicalize 2>&1 | filecheck %s --check-prefix=BAD
// RUN: not python %S/Inputs/hlopt_with_test_passes.py %s --check-semantics --pass-pipeline='builtin.module(func.func(test-swap-subtract))' 2>&1 | filecheck %s --check-prefix=BAD
// RUN: python %S/Inputs/hlopt_with_test_passes.py %s --test-swap-subtract | filecheck %s --check-prefix=UNCHECKED
// RUN: not hlopt %S/Inputs/unsupported-custom-call.mlir --check-semantics --cse 2>&1 | filecheck %s --check-prefix=CANNOT
// RUN: not hlopt %s --check-semantics-seeds=0 2>&1 | filecheck %s --check-prefix=USAGE

module attributes {mhlo.num_partitions = 2 : i32} {
  func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %0 = stablehlo.add %a, %b : tensor<4xf32>
    %1 = stablehlo.add %a, %b : tensor<4xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<4xf32>
    %3 = stablehlo.subtract %a, %b : tensor<4xf32>
    return %2, %3 : tensor<4xf32>, tensor<4xf32>
  }
}

// CHECK:      %0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>
// CHECK-NEXT: %1 = stablehlo.multiply %0, %0 : tensor<4xf32>
// CHECK-NEXT: %2 = stablehlo.subtract %arg0, %arg1 : tensor<4xf32>

// BAD: check-semantics.mlir:[[# @LINE - 8]]:5: error: pass 'test-swap-subtract' changed the program's results: output 1 on device 0 (largest difference {{[0-9.e+-]+}}; inputs from seed 0)
// BAD-NEXT: note: pass 'test-swap-subtract' failed
// BAD-NOT: stablehlo

// UNCHECKED: stablehlo.subtract %arg1, %arg0

// CANNOT: unsupported-custom-call.mlir:4:{{[0-9]+}}: error: cannot check semantics: the input program does not run: unsupported custom_call target '@my_kernel'

// USAGE: Invalid value for '--check-semantics-seeds'
