// The --canonicalize options beyond iteration limits, as mlir-opt has them
// (expected text from iree-opt on the same input).
// RUN: hlopt %s --split-input-file --canonicalize | filecheck %s --check-prefix=ALL
// RUN: hlopt %s --split-input-file '--pass-pipeline=builtin.module(canonicalize{disable-patterns=SimplifyConstCondBranchPred})' | filecheck %s --check-prefix=OFF
// RUN: hlopt %s --split-input-file '--pass-pipeline=builtin.module(canonicalize{disable-patterns={(anonymous namespace)::SimplifyConstCondBranchPred,Other}})' | filecheck %s --check-prefix=OFF
// RUN: hlopt %s --split-input-file '--pass-pipeline=builtin.module(canonicalize{enable-patterns=SimplifyConstCondBranchPred})' | filecheck %s --check-prefix=ON
// RUN: hlopt %s --split-input-file '--pass-pipeline=builtin.module(canonicalize{enable-patterns=Nothing})' | filecheck %s --check-prefix=NONE
// RUN: hlopt %s --split-input-file --canonicalize=filter-dialects=func | filecheck %s --check-prefix=NONE
// RUN: hlopt %s --split-input-file --canonicalize=filter-dialects=cf | filecheck %s --check-prefix=ALL
// RUN: hlopt %s --split-input-file --canonicalize=cse-between-iterations | filecheck %s --check-prefix=CSE
// RUN: not hlopt %s --split-input-file '--canonicalize=cse-between-iterations max-iterations=1 test-convergence' 2>&1 | filecheck %s --check-prefix=CONV
// RUN: hlopt %s --split-input-file '--canonicalize=cse-between-iterations max-iterations=2 test-convergence' | filecheck %s --check-prefix=CSE
// RUN: not hlopt %s --split-input-file --canonicalize=filter-dialects=nosuch 2>&1 | filecheck %s --check-prefix=BAD

// A constant condition: SimplifyConstCondBranchPred turns the cond_br into a br.
// ALL-LABEL: func.func @const_cond
// ALL-NEXT: return %arg0 : i32
// OFF-LABEL: func.func @const_cond
// OFF: cf.cond_br %true, ^bb1(%arg0 : i32), ^bb2(%arg1 : i32)
// ON-LABEL: func.func @const_cond
// ON-NEXT: cf.br ^bb1(%arg0 : i32)
// NONE-LABEL: func.func @const_cond
// NONE: cf.cond_br %true
// BAD: error: can't load dialect 'nosuch': missing registration?
func.func @const_cond(%a: i32, %b: i32) -> i32 {
  %t = arith.constant true
  cf.cond_br %t, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%x: i32):
  return %x : i32
^bb2(%y: i32):
  return %y : i32
}

// -----

// Patterns alone leave the duplicate chains; CSE between iterations merges them.
// ALL-LABEL: func.func @dup
// ALL: arith.addi
// ALL: arith.addi
// CSE-LABEL: func.func @dup
// CSE-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CSE-NEXT: %1 = arith.muli %0, %0 : i32
// CSE-NEXT: return %1, %1 : i32, i32
// CONV: error: canonicalizer failed to converge within 1 iterations
func.func @dup(%a: i32, %b: i32) -> (i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b : i32
  %2 = arith.muli %0, %0 : i32
  %3 = arith.muli %1, %1 : i32
  return %2, %3 : i32, i32
}
