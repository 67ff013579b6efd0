// --mlir-timing prints a table of wall times on stderr; --mlir-pass-statistics
// prints MLIR's statistics report. The IR on stdout is unaffected.
// RUN: hlopt %s --cse --canonicalize --mlir-timing 2>&1 >/dev/null | filecheck %s --check-prefix=TIME
// RUN: hlopt %s --cse --canonicalize --mlir-timing 2>/dev/null | filecheck %s --check-prefix=IR
// RUN: hlopt %s --cse --canonicalize --mlir-pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STAT
// RUN: hlopt %s --split-input-file --cse --canonicalize --mlir-timing 2>&1 >/dev/null | filecheck %s --check-prefix=TIME

func.func @f() -> (i32, i32) {
  %c = arith.constant 1 : i32
  %d = arith.constant 1 : i32
  return %c, %d : i32, i32
}

// TIME: Execution time report
// TIME: Wall Time
// TIME: Parser
// TIME: cse
// TIME: canonicalize
// TIME: Output
// TIME: Total

// IR: %c1_i32 = arith.constant 1 : i32
// IR-NEXT: return %c1_i32, %c1_i32 : i32, i32

// STAT: Pass statistics report
// STAT: CSE
// STAT-NEXT: (S) 1 num-cse'd - Number of operations CSE'd
// STAT: Canonicalizer
