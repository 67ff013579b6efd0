// IR printing instrumentation, on stderr, with MLIR's headers (iree-opt's and
// jaxlib's: the pass's name, then its pipeline text; test_print_ir_oracle.py).
// The canonicalize header lists every option, sorted, lists empty:
// RUN: hlopt %s --canonicalize='disable-patterns=A,B' --mlir-print-ir-after-all 2>&1 >/dev/null | filecheck %s --check-prefix=OPTIONS
// RUN: hlopt %s --cse --symbol-dce --mlir-print-ir-after-all 2>&1 >/dev/null | filecheck %s --check-prefix=AFTER
// RUN: hlopt %s --cse --symbol-dce --mlir-print-ir-before-all 2>&1 >/dev/null | filecheck %s --check-prefix=BEFORE
// RUN: hlopt %s --cse --cse --symbol-dce --mlir-print-ir-after-all --mlir-print-ir-after-change 2>&1 >/dev/null | filecheck %s --check-prefix=CHANGE
// RUN: hlopt %s --cse --mlir-print-ir-after-change 2>&1 >/dev/null | filecheck %s --check-prefix=NOFAIL --allow-empty
// RUN: hlopt %s --mlir-print-debuginfo --pass-pipeline='builtin.module(func.func(cse))' --mlir-print-ir-after-all 2>&1 >/dev/null | filecheck %s --check-prefix=NESTEDLOC
// RUN: hlopt %s --pass-pipeline='builtin.module(func.func(cse))' --mlir-print-ir-after-all 2>&1 >/dev/null | filecheck %s --check-prefix=NESTED
// RUN: hlopt %s --cse --mlir-print-ir-after-all --mlir-print-op-generic 2>&1 >/dev/null | filecheck %s --check-prefix=GENERIC
// RUN: hlopt %s --cse --mlir-print-ir-after-failure 2>&1 >/dev/null | filecheck %s --check-prefix=NOFAIL --allow-empty

func.func @f() -> i32 {
  %c = arith.constant 1 : i32
  %d = arith.constant 1 : i32
  return %d : i32
}
func.func private @unused()

// AFTER: // -----// IR Dump After CSEPass: cse //----- //
// AFTER-NEXT: module {
// AFTER: func.func private @unused()
// AFTER: // -----// IR Dump After SymbolDCEPass: symbol-dce //----- //
// AFTER-NEXT: module {
// AFTER-NOT: @unused

// BEFORE: // -----// IR Dump Before CSEPass: cse //----- //
// BEFORE: %c1_i32_0 = arith.constant 1 : i32
// BEFORE: // -----// IR Dump Before SymbolDCEPass: symbol-dce //----- //
// BEFORE-NOT: %c1_i32_0

// --mlir-print-ir-after-change filters the after-pass dumps (alone it prints
// nothing, as in MLIR): the first CSE and symbol-dce change the module, the
// second CSE does not.
// CHANGE: IR Dump After CSEPass: cse
// CHANGE-NOT: IR Dump After CSEPass
// CHANGE: IR Dump After SymbolDCEPass: symbol-dce

// NESTED: // -----// IR Dump After CSEPass: cse //----- //
// NESTED-NEXT: func.func @f() -> i32 {
// NESTED: // -----// IR Dump After CSEPass: cse //----- //
// NESTED-NEXT: func.func private @unused()

// A nested op prints in local scope: its locations inline, no #loc aliases.
// NESTEDLOC: IR Dump After CSEPass: cse
// NESTEDLOC-NEXT: func.func @f() -> i32 {
// NESTEDLOC-NEXT: arith.constant 1 : i32 loc("{{.*}}print-ir.mlir":{{[0-9]+}}:8)
// NESTEDLOC-NOT: #loc

// GENERIC: IR Dump After CSEPass: cse
// GENERIC-NEXT: "builtin.module"() ({
// NOFAIL-NOT: IR Dump

// OPTIONS: // -----// IR Dump After CanonicalizerPass: canonicalize{cse-between-iterations=false disable-patterns={A,B}   max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true} //----- //
