// arith is closed, as MLIR's: an op name it does not declare is an error,
// with or without --allow-unregistered-dialect (iree-opt reports the same
// message at the same place).
// RUN: hlopt %s --verify-diagnostics
// RUN: hlopt %s --verify-diagnostics --allow-unregistered-dialect
// RUN: not hlopt %s 2>&1 | filecheck %s
// RUN: not hlopt %s --allow-unregistered-dialect 2>&1 | filecheck %s
// CHECK: unregistered.mlir:[[# @LINE + 4]]:8: error: unregistered operation 'arith.clampx' found in dialect ('arith') that does not allow unknown operations

func.func @clampx(%x: i32) -> i32 {
  // expected-error@+1 {{unregistered operation 'arith.clampx' found in dialect ('arith') that does not allow unknown operations}}
  %0 = "arith.clampx"(%x) : (i32) -> i32
  return %0 : i32
}
