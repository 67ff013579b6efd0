// RUN: hlopt %s --mlir-print-local-scope | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-local-scope --mlir-print-debuginfo | filecheck %s --check-prefix=LOC --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-disable-threading --mlir-print-local-scope --mlir-print-debuginfo --mlir-print-ir-after-all --cse 2>&1 >/dev/null | filecheck %s --check-prefix=AFTER
// --mlir-print-local-scope prints no aliases: maps, types and locations are
// written where they are used (iree-opt's output, byte for byte; the
// differential check is test_printer_oracle.py's local-scope comparison).
#map = affine_map<(d0) -> (d0 + 1)>
func.func @f(%x: tensor<4xf32> loc("x"), %i: index) -> index attributes {m = #map, n = #map} {
  %0 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32> loc(fused["a", "b"])
  %1 = arith.addf %x, %0 : tensor<4xf32> loc(callsite("c" at "d"))
  return %i : index loc("r")
} loc("f")

// CHECK:module {
// CHECK-NEXT:  func.func @f(%arg0: tensor<4xf32>, %arg1: index) -> index attributes {m = affine_map<(d0) -> (d0 + 1)>, n = affine_map<(d0) -> (d0 + 1)>} {
// CHECK-NEXT:    %cst = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    %0 = arith.addf %arg0, %cst : tensor<4xf32>
// CHECK-NEXT:    return %arg1 : index
// CHECK-NEXT:  }
// CHECK-NEXT:}
// CHECK-NOT:{{.}}

// LOC:module {
// LOC-NEXT:  func.func @f(%arg0: tensor<4xf32> loc("x"), %arg1: index loc({{.*}}local-scope.mlir":8:42)) -> index attributes {m = affine_map<(d0) -> (d0 + 1)>, n = affine_map<(d0) -> (d0 + 1)>} {
// LOC-NEXT:    %cst = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32> loc(fused["a", "b"])
// LOC-NEXT:    %0 = arith.addf %arg0, %cst : tensor<4xf32> loc(callsite("c" at "d"))
// LOC-NEXT:    return %arg1 : index loc("r")
// LOC-NEXT:  } loc("f")
// LOC-NEXT:} loc({{.*}}local-scope.mlir":0:0)
// LOC-NOT:#loc

// AFTER: // -----// IR Dump After CSE
// AFTER: } loc("f")
// AFTER-NOT: #loc
