// --dump-pass-pipeline prints the pipeline about to run on stderr, one pass
// a line with every option, in MLIR's layout; the run then goes on.
// RUN: hlopt %s --cse --canonicalize --dump-pass-pipeline 2>&1 >/dev/null | filecheck %s
// CHECK:      Pass Manager with 2 passes:
// CHECK-NEXT: builtin.module(
// CHECK-NEXT:   cse,
// CHECK-NEXT:   canonicalize{cse-between-iterations=false    max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true}
// CHECK-NEXT: )
// CHECK-EMPTY:
// RUN: hlopt %s --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' --dump-pass-pipeline 2>&1 >/dev/null | filecheck %s --check-prefix=NEST
// NEST:      Pass Manager with 2 passes:
// NEST-NEXT: builtin.module(
// NEST-NEXT:   func.func(
// NEST-NEXT:     cse
// NEST-NEXT:   ),
// NEST-NEXT:   symbol-dce
// NEST-NEXT: )
// RUN: hlopt %s --dump-pass-pipeline 2>&1 >/dev/null | filecheck %s --check-prefix=EMPTY
// EMPTY:      Pass Manager with 0 passes:
// EMPTY-NEXT: builtin.module(
// EMPTY-EMPTY:
// EMPTY-NEXT: )
// RUN: hlopt %s --cse --dump-pass-pipeline 2>/dev/null | filecheck %s --check-prefix=IR
// IR: %0 = arith.addi %arg0, %arg0 : i32
// IR-NEXT: return %0, %0 : i32, i32
func.func @f(%a: i32) -> (i32, i32) {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  return %0, %1 : i32, i32
}
