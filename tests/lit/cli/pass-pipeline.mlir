// Pipelines: --pass-pipeline (MLIR's textual form) and per-pass flags in
// order, with options.
// RUN: hlopt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' | filecheck %s
// RUN: hlopt %s --cse --canonicalize | filecheck %s
// RUN: hlopt %s --cse --canonicalize=max-iterations=3 | filecheck %s
// RUN: hlopt %s --cse '--canonicalize=max-iterations=3 top-down=false' | filecheck %s
// RUN: hlopt %s --pass-pipeline='builtin.module(cse,canonicalize{max-iterations=3 top-down=false},symbol-dce)' | filecheck %s --check-prefix=DCE
// RUN: hlopt %s --symbol-dce | filecheck %s --check-prefix=DCE
// RUN: hlopt %s | filecheck %s --check-prefix=NONE

func.func @f(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  %d = arith.constant 1 : i32
  return %c : i32
}
func.func private @unused() -> i32

// CHECK-LABEL: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    return %c1_i32 : i32
// CHECK:       func.func private @unused() -> i32

// DCE-NOT: @unused

// NONE: %c1_i32 = arith.constant 1 : i32
// NONE-NEXT: %c1_i32_0 = arith.constant 1 : i32
