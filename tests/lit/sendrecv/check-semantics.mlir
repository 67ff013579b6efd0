// Every pass of this issue keeps the JAX pipeline loop's results, as the
// interpreter sees them on 8 simulated devices after each pass (--check-semantics);
// the interpreter reports a failing pass instead of printing the module.
// RUN: hlopt %S/../../fixtures/stablehlo/pipeline_sdy.mlir --check-semantics --check-semantics-seeds 2 --inline --symbol-dce --stablehlo-decompose-collective-permute=scope=all --stablehlo-pipeline-send-recv --stablehlo-send-recv-to-collective-permute --stablehlo-decompose-collective-permute="scope=all split-cycles=false" | filecheck %s
// RUN: hlopt %S/../../fixtures/stablehlo/collective_matmul_gspmd.mlir --check-semantics --stablehlo-decompose-collective-permute=scope=all --stablehlo-send-recv-to-collective-permute | filecheck %s --check-prefix=MATMUL

// CHECK:     sdy.manual_computation
// CHECK:     stablehlo.while
// CHECK:     "stablehlo.send"
// CHECK-NOT: collective_permute
// MATMUL-COUNT-7: "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}0, 7], [1, 0], [2, 1], [3, 2], [4, 3], [5, 4], [6, 5], [7, 6]]>
// MATMUL-NOT: stablehlo.send
