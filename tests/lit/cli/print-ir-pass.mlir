// --mlir-print-ir-before=PASS / --mlir-print-ir-after=PASS print the IR
// around the named passes only (comma-separated or repeated), with
// --mlir-print-ir-before-all's header.
// RUN: hlopt %s --cse --canonicalize --mlir-print-ir-after=cse 2>&1 >/dev/null | filecheck %s --check-prefix=AFTER
// AFTER:     // -----// IR Dump After CSEPass: cse //----- //
// AFTER-NEXT: module {
// AFTER:       %1 = arith.muli %0, %0 : i32
// AFTER-NOT: IR Dump
// RUN: hlopt %s --cse --canonicalize --mlir-print-ir-before=canonicalize,cse 2>&1 >/dev/null | filecheck %s --check-prefix=BEFORE
// BEFORE:     // -----// IR Dump Before CSEPass: cse //----- //
// BEFORE:       %1 = arith.addi %arg0, %arg0 : i32
// BEFORE:     // -----// IR Dump Before CanonicalizerPass: canonicalize{{.*}} //----- //
// BEFORE-NOT: IR Dump After
// RUN: hlopt %s --cse --canonicalize --mlir-print-ir-before=canonicalize --mlir-print-ir-after=canonicalize 2>&1 >/dev/null | filecheck %s --check-prefix=BOTH
// BOTH-NOT:  CSEPass
// BOTH:      IR Dump Before CanonicalizerPass
// BOTH:      IR Dump After CanonicalizerPass
// A name that is no registered pass is a usage error (exit 2) with a hint.
// RUN: bash -c 'hlopt %s --cse --mlir-print-ir-after=cs 2>/dev/null; test $? = 2'
// RUN: not hlopt %s --cse --mlir-print-ir-after=cs 2>&1 | filecheck %s --check-prefix=BAD
// BAD: 'cs' does not refer to a registered pass (did you mean 'cse'?)
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
