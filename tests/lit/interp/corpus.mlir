// The GSPMD and Shardy exports of the same JAX programs compute the same
// numbers on 8 simulated devices (same seeded inputs, same checksums).
// RUN: hlopt-run %S/../../fixtures/stablehlo/collectives_gspmd.mlir --seed 3 > %t.gspmd
// RUN: hlopt-run %S/../../fixtures/stablehlo/collectives_sdy.mlir --seed 3 > %t.sdy
// RUN: diff %t.gspmd %t.sdy
// RUN: hlopt-run %S/../../fixtures/stablehlo/pipeline_gspmd.mlir > %t.pg
// RUN: hlopt-run %S/../../fixtures/stablehlo/pipeline_sdy.mlir > %t.ps
// RUN: diff %t.pg %t.ps
// RUN: filecheck %s --input-file %t.sdy
// The generic form runs the same as the pretty form.
// RUN: hlopt-run %S/../../fixtures/stablehlo/collectives_sdy.generic.mlir --seed 3 | diff %t.sdy -

// CHECK: result0: tensor<64x16xf32>
// CHECK: device 7: 64x16 float32
// CHECK: result6: tensor<64x1xf32>
