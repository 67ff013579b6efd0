// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s

// A call whose operand is a tensor with dynamic dims stays generic. Such a
// tensor carries no size operands (IREE's verifier counts sizes for resources
// only), and iree-opt (3.13) prints its custom type list as
// `(tensor<?xf32>{<<INVALID>>})`, text no parser reads back; hlopt prints only
// text it can read back. (Outside tests/lit/iree: that oracle re-parses
// iree-opt's output.)
stream.async.func private @ag(%arg0: tensor<?xf32>) -> !stream.resource<*>
stream.cmd.func private @cg(%arg0: tensor<?x4xf32>) -> i32
util.func public @dyn(%arg0: index, %arg1: !stream.resource<transient>, %arg2: tensor<?xf32>, %arg3: tensor<?x4xf32>) -> !stream.resource<*> {
  %0 = "stream.async.call"(%arg2, %arg0) <{callee = @ag, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 1>}> : (tensor<?xf32>, index) -> !stream.resource<*>
  %1 = stream.cmd.execute with(%arg1 as %arg4: !stream.resource<transient>{%arg0}) {
    %2 = "stream.cmd.call"(%arg3) <{callee = @cg, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, resource_operand_accesses = []}> : (tensor<?x4xf32>) -> i32
  } => !stream.timepoint
  util.return %0 : !stream.resource<*>
}
// CHECK-LABEL: util.func public @dyn
// CHECK: %0 = "stream.async.call"(%arg2, %arg0) <{callee = @ag, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 1>}> : (tensor<?xf32>, index) -> !stream.resource<*>
// CHECK: %2 = "stream.cmd.call"(%arg3) <{callee = @cg, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, resource_operand_accesses = []}> : (tensor<?x4xf32>) -> i32
