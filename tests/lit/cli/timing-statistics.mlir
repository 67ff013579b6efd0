// --mlir-timing prints MLIR's execution time report on stderr; --mlir-pass-statistics
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

// TIME:      ===-------------------------------------------------------------------------===
// TIME-NEXT:                          ... Execution time report ...
// TIME-NEXT: ===-------------------------------------------------------------------------===
// TIME-NEXT:   Total Execution Time: {{[0-9]+\.[0-9][0-9][0-9][0-9]}} seconds
// TIME-EMPTY:
// TIME-NEXT:   ----Wall Time----  ----Name----
// TIME-NEXT:   {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Parser
// TIME-NEXT:   {{.*}}  Verifier
// TIME-NEXT:   {{.*}}  CSEPass
// TIME-NEXT:   {{.*}}  CanonicalizerPass
// TIME-NEXT:   {{.*}}  Output
// TIME-NEXT:   {{.*}}  Rest
// TIME-NEXT:   {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \(100\.0%\)}}  Total

// --mlir-timing-display=list: merged by name, slowest first, under 'root'.
// RUN: hlopt %s --cse --canonicalize --mlir-timing --mlir-timing-display=list 2>&1 >/dev/null | filecheck %s --check-prefix=LIST
// LIST:      ----Wall Time----  ----Name----
// LIST-NEXT: (100.0%)  root
// LIST-DAG:  Parser
// LIST-DAG:  CSEPass
// LIST-DAG:  CanonicalizerPass
// LIST:      Rest
// LIST-NEXT: (100.0%)  Total
// RUN: not hlopt %s --mlir-timing --mlir-timing-display=flat 2>&1 | filecheck %s --check-prefix=BADDISP
// BADDISP: Invalid value for '--mlir-timing-display': 'flat' is not one of 'list', 'tree'.

// IR: %c1_i32 = arith.constant 1 : i32
// IR-NEXT: return %c1_i32, %c1_i32 : i32, i32

// STAT: Pass statistics report
// STAT: CSE
// STAT-NEXT: (S) 1 num-cse'd - Number of operations CSE'd
// STAT: Canonicalizer
