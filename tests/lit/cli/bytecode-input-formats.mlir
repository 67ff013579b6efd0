// Older bytecode formats and old portable artifacts read as the current
// ones (the IR is built directly, no text in between); the files are the
// unit tests' jaxlib-written inputs (tests/unit/bytecode_inputs/make_inputs.py).
// RUN: hlopt --allow-unregistered-dialect %S/../../unit/bytecode_inputs/forward_refs.v1.mlirbc | filecheck %s --check-prefix=V1
// RUN: hlopt --allow-unregistered-dialect %S/../../unit/bytecode_inputs/forward_refs.v4.mlirbc | filecheck %s --check-prefix=V1
// RUN: hlopt --allow-unregistered-dialect %S/../../unit/bytecode_inputs/forward_refs.mlirbc | filecheck %s --check-prefix=V1
// RUN: hlopt --allow-unregistered-dialect --mlir-print-op-generic %S/../../unit/bytecode_inputs/forward_refs.v1.mlirbc | filecheck %s --check-prefix=GEN

// format 1 kept cf.cond_br's segment sizes among its attributes: they are
// properties, as in every later format
// V1:      cf.br ^bb2(%c0_i32 : i32)
// V1:      ^bb1:  // pred: ^bb2
// V1-NEXT:   %0 = arith.addi %1, %arg0 : i32
// V1:      ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
// V1-NEXT:   cf.cond_br %arg1, ^bb1, ^bb3
// V1:      "test.graph"() ({
// V1-NEXT:   %0 = "test.use"(%1) : (i32) -> i32
// V1-NEXT:   %1 = "test.def"(%0) : (i32) -> i32
// GEN: "cf.cond_br"(%arg1)[^bb1, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()

// Portable artifacts of the oldest VHLO version jaxlib writes (bytecode
// format 0) and of the current one convert to the same StableHLO.
// RUN: hlopt %S/../../unit/bytecode_inputs/artifact.vhlo-0.9.0.mlirbc | filecheck %s --check-prefix=ART
// RUN: hlopt %S/../../unit/bytecode_inputs/artifact.vhlo-1.17.0.mlirbc | filecheck %s --check-prefix=ART
// ART:      %1:2 = stablehlo.while(%iterArg = %c, %iterArg_1 = %0) : tensor<i32>, tensor<4x2xf32>
// ART-NEXT: cond {
// ART-NEXT:   %6 = stablehlo.compare LT, %iterArg, %arg2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
// ART-NEXT:   stablehlo.return %6 : tensor<i1>
// ART:      %2 = stablehlo.reduce(%1#1 init: %cst) applies stablehlo.add across dimensions = [0, 1]
// ART-NEXT: %3 = stablehlo.custom_call @foo(%2) {backend_config = "cfg"} : (tensor<f32>) -> tensor<f32>
// ART:      return %5, %3 : tensor<4x2xf32>, tensor<f32>

// Builtin encodings: narrow float types, bit-packed i1 elements, sparse
// elements (as MLIR prints them), dense string elements.
// RUN: hlopt --allow-unregistered-dialect %S/../../unit/bytecode_inputs/attributes.mlirbc | filecheck %s --check-prefix=ATTR
// ATTR: dense<true> : tensor<5xi1>, dense<[true, false, true]> : tensor<3xi1>, dense<false> : tensor<i1>
// ATTR-SAME: dense<["a", "b"]> : tensor<2x!test.str>
// ATTR-SAME: sparse = sparse<[[0, 1]], 2.000000e+00> : tensor<2x2xf32>
// ATTR-SAME: f8E4M3FN, tensor<4xf32, "enc">, tf32, f8E5M2, f8E4M3, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E3M4, f4E2M1FN, f6E2M3FN, f6E3M2FN, f8E8M0FNU]
