// On a pass failure, --mlir-pass-pipeline-crash-reproducer=FILE writes the
// pipeline's input with the pipeline in an `mlir_reproducer` external
// resource (MLIR's format); --run-reproducer runs that pipeline again.
// RUN: rm -f %t.repro
// RUN: not hlopt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize{max-iterations=1 test-convergence=true}))' --mlir-pass-pipeline-crash-reproducer=%t.repro 2>&1 | filecheck %s --check-prefix=ERR
// ERR: error: canonicalizer failed to converge within 1 iterations
// ERR: note: pass 'canonicalize' failed
// ERR: note: reproducer generated at `{{.*}}.repro`
// RUN: filecheck %s --check-prefix=REPRO < %t.repro
// REPRO:      module {
// REPRO-NEXT:   func.func @f(%arg0: i32) -> i32 {
// REPRO-NEXT:     %c0_i32 = arith.constant 0 : i32
// REPRO-NEXT:     %0 = arith.addi %arg0, %c0_i32 : i32
// REPRO:      {-#
// REPRO-NEXT:   external_resources: {
// REPRO-NEXT:     mlir_reproducer: {
// REPRO-NEXT:       pipeline: "builtin.module(func.func(cse,canonicalize{cse-between-iterations=false    max-iterations=1 max-num-rewrites=-1 region-simplify=normal test-convergence=true top-down=true}))",
// REPRO-NEXT:       disable_threading: false,
// REPRO-NEXT:       verify_each: true
// REPRO-NEXT:     }
// REPRO-NEXT:   }
// REPRO-NEXT: #-}
// RUN: not hlopt --run-reproducer %t.repro 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN: .repro:{{[0-9]+}}:{{[0-9]+}}: error: canonicalizer failed to converge within 1 iterations

// A successful run writes no reproducer.
// RUN: rm -f %t.none
// RUN: hlopt %s --cse --mlir-pass-pipeline-crash-reproducer=%t.none > /dev/null
// RUN: not test -e %t.none
// --run-reproducer needs the resource, and takes no other pipeline.
// RUN: bash -c 'hlopt %s --run-reproducer 2>/dev/null; test $? = 2'
// RUN: bash -c 'hlopt %t.repro --run-reproducer --cse 2>/dev/null; test $? = 2'
func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.addi %0, %c0 : i32
  %2 = arith.muli %1, %1 : i32
  return %2 : i32
}
