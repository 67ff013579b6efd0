// IR printing instrumentation, on stderr, with MLIR's headers.
// RUN: hlopt %s --cse --symbol-dce --mlir-print-ir-after-all 2>&1 >/dev/null | filecheck %s --check-prefix=AFTER
// RUN: hlopt %s --cse --symbol-dce --mlir-print-ir-before-all 2>&1 >/dev/null | filecheck %s --check-prefix=BEFORE
// RUN: hlopt %s --cse --symbol-dce --mlir-print-ir-after-change 2>&1 >/dev/null | filecheck %s --check-prefix=CHANGE
// RUN: hlopt %s --pass-pipeline='builtin.module(func.func(cse))' --mlir-print-ir-after-all 2>&1 >/dev/null | filecheck %s --check-prefix=NESTED
// RUN: hlopt %s --cse --mlir-print-ir-after-all --mlir-print-op-generic 2>&1 >/dev/null | filecheck %s --check-prefix=GENERIC
// RUN: hlopt %s --cse --mlir-print-ir-after-failure 2>&1 >/dev/null | filecheck %s --check-prefix=NOFAIL --allow-empty

func.func @f() -> i32 {
  %c = arith.constant 1 : i32
  %d = arith.constant 1 : i32
  return %d : i32
}
func.func private @unused()

// AFTER: // -----// IR Dump After CSE (cse) ('builtin.module' operation) //----- //
// AFTER-NEXT: module {
// AFTER: func.func private @unused()
// AFTER: // -----// IR Dump After SymbolDCE (symbol-dce) ('builtin.module' operation) //----- //
// AFTER-NEXT: module {
// AFTER-NOT: @unused

// BEFORE: // -----// IR Dump Before CSE (cse) ('builtin.module' operation) //----- //
// BEFORE: %c1_i32_0 = arith.constant 1 : i32
// BEFORE: // -----// IR Dump Before SymbolDCE (symbol-dce) ('builtin.module' operation) //----- //
// BEFORE-NOT: %c1_i32_0

// The CSE dump shows the change; symbol-dce changes too.
// CHANGE: IR Dump After CSE (cse)
// CHANGE: IR Dump After SymbolDCE (symbol-dce)

// NESTED: // -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //
// NESTED-NEXT: func.func @f() -> i32 {
// NESTED: // -----// IR Dump After CSE (cse) ('func.func' operation: @unused) //----- //

// GENERIC: IR Dump After CSE (cse)
// GENERIC-NEXT: "builtin.module"() ({
// NOFAIL-NOT: IR Dump
