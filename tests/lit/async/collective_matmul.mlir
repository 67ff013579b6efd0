// On JAX's collective matmul (a ring of 7 collective_permutes and 8
// dot_generals under sdy.manual_computation), every permute's start/done pair
// has a dot_general between them after scheduling, in both forms.
// RUN: hlopt %S/../../fixtures/stablehlo/collective_matmul_sdy.mlir --stablehlo-async-collectives --async-schedule | filecheck %s
// RUN: hlopt %S/../../fixtures/stablehlo/collective_matmul_sdy.mlir --stablehlo-async-collectives=form=upstream --async-schedule | filecheck %s --check-prefix=UP
// RUN: hlopt %S/../../fixtures/stablehlo/collective_matmul_sdy.mlir --stablehlo-async-collectives --async-schedule --mlir-pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STATS

// CHECK-LABEL: sdy.manual_computation
// CHECK: %[[S1:.*]] = stablehlo.async_start
// CHECK: stablehlo.dot_general
// CHECK: stablehlo.async_done %[[S1]]
// CHECK: %[[S2:.*]] = stablehlo.async_start
// CHECK: stablehlo.dot_general
// CHECK: stablehlo.async_done %[[S2]]
// CHECK: %[[S3:.*]] = stablehlo.async_start
// CHECK: stablehlo.dot_general
// CHECK: stablehlo.async_done %[[S3]]
// CHECK: %[[S4:.*]] = stablehlo.async_start
// CHECK: stablehlo.dot_general
// CHECK: stablehlo.async_done %[[S4]]
// CHECK: %[[S5:.*]] = stablehlo.async_start
// CHECK: stablehlo.dot_general
// CHECK: stablehlo.async_done %[[S5]]
// CHECK: %[[S6:.*]] = stablehlo.async_start
// CHECK: stablehlo.dot_general
// CHECK: stablehlo.async_done %[[S6]]
// CHECK: %[[S7:.*]] = stablehlo.async_start
// CHECK: stablehlo.dot_general
// CHECK: stablehlo.async_done %[[S7]]
// CHECK: stablehlo.dot_general
// CHECK-NOT: stablehlo.async_start
// CHECK: sdy.return

// UP-LABEL: sdy.manual_computation
// UP: %[[U1:.*]] = "stablehlo.async_start"
// UP: stablehlo.dot_general
// UP: "stablehlo.async_done"(%[[U1]])
// UP: %[[U2:.*]] = "stablehlo.async_start"
// UP: stablehlo.dot_general
// UP: "stablehlo.async_done"(%[[U2]])
// UP: %[[U3:.*]] = "stablehlo.async_start"
// UP: stablehlo.dot_general
// UP: "stablehlo.async_done"(%[[U3]])
// UP: %[[U4:.*]] = "stablehlo.async_start"
// UP: stablehlo.dot_general
// UP: "stablehlo.async_done"(%[[U4]])
// UP: %[[U5:.*]] = "stablehlo.async_start"
// UP: stablehlo.dot_general
// UP: "stablehlo.async_done"(%[[U5]])
// UP: %[[U6:.*]] = "stablehlo.async_start"
// UP: stablehlo.dot_general
// UP: "stablehlo.async_done"(%[[U6]])
// UP: %[[U7:.*]] = "stablehlo.async_start"
// UP: stablehlo.dot_general
// UP: "stablehlo.async_done"(%[[U7]])

// STATS:      AsyncCollectives
// STATS-NEXT: (S) 7 num-wrapped
// STATS-NEXT: AsyncSchedule
// STATS-NEXT: (S) {{[0-9]+}} @main exposed-comm-after-ns
// STATS-NEXT: (S) {{[0-9]+}} @main exposed-comm-before-ns
// STATS-NEXT: (S) {{[0-9]+}} @main step-time-after-ns
// STATS-NEXT: (S) {{[0-9]+}} @main step-time-before-ns
// STATS-NEXT: (S) 0 num-inlined-calls
// STATS-NEXT: (S) 7 num-moved
