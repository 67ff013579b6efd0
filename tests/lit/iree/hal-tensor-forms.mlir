// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// hal.tensor.import/export/alias/transients/barrier in IREE's custom forms:
// optional affinity, wait fence, consume, byte offset and name; the
// ABI-facing type `T as U` (custom<TypeAlias>); dims after the tensor type.

util.global private @dev : !hal.device
util.func public @f(%bv: !hal.buffer_view, %b: !hal.buffer, %fence: !hal.fence, %n: index, %t: tensor<?x4xf32>, %u: tensor<4xf32>) {
  %0 = hal.tensor.import %bv : !hal.buffer_view -> tensor<4xf32>
  %1 = hal.tensor.import on(#hal.device.affinity<@dev>) wait(%fence) => consume %bv offset(%n) "name" : !hal.buffer_view -> tensor<?x4xf32>{%n} {a}
  %2 = hal.tensor.import %b : !hal.buffer -> tensor<2x2xf32> as tensor<4xf32>
  %3 = hal.tensor.export %u : tensor<4xf32> -> !hal.buffer_view
  %4 = hal.tensor.export on(#hal.device.affinity<@dev>) %t "out" : tensor<4x?xf32> as tensor<?x4xf32>{%n} -> !hal.buffer {b}
  %5 = hal.tensor.alias %u : tensor<4xf32> to %b : !hal.buffer
  %6 = hal.tensor.alias on(#hal.device.affinity<@dev>) wait(%fence) => %t : tensor<?x4xf32>{%n} to %bv : !hal.buffer_view {c}
  %7 = hal.tensor.transients %t : tensor<?x4xf32>{%n} from %b : !hal.buffer
  %8 = hal.tensor.transients on(#hal.device.affinity<@dev>) %u : tensor<4xf32> from %bv : !hal.buffer_view {d}
  %9:2 = hal.tensor.barrier join(%u, %t : tensor<4xf32>, tensor<?x4xf32>) => %fence : !hal.fence
  %10 = hal.tensor.barrier join(%u : tensor<4xf32>) => %fence : !hal.fence attributes {e}
  util.return
}
// CHECK: %0 = hal.tensor.import %arg0 : !hal.buffer_view -> tensor<4xf32>
// CHECK-NEXT: %1 = hal.tensor.import on(#hal.device.affinity<@dev>) wait(%arg2) => consume %arg0 offset(%arg3) "name" : !hal.buffer_view -> tensor<?x4xf32>{%arg3} {a}
// CHECK-NEXT: %2 = hal.tensor.import %arg1 : !hal.buffer -> tensor<2x2xf32> as tensor<4xf32>
// CHECK-NEXT: %3 = hal.tensor.export %arg5 : tensor<4xf32> -> !hal.buffer_view
// CHECK-NEXT: %4 = hal.tensor.export on(#hal.device.affinity<@dev>) %arg4 "out" : tensor<4x?xf32> as tensor<?x4xf32>{%arg3} -> !hal.buffer {b}
// CHECK-NEXT: %5 = hal.tensor.alias %arg5 : tensor<4xf32> to %arg1 : !hal.buffer
// CHECK-NEXT: %6 = hal.tensor.alias on(#hal.device.affinity<@dev>) wait(%arg2) => %arg4 : tensor<?x4xf32>{%arg3} to %arg0 : !hal.buffer_view {c}
// CHECK-NEXT: %7 = hal.tensor.transients %arg4 : tensor<?x4xf32>{%arg3} from %arg1 : !hal.buffer
// CHECK-NEXT: %8 = hal.tensor.transients on(#hal.device.affinity<@dev>) %arg5 : tensor<4xf32> from %arg0 : !hal.buffer_view {d}
// CHECK-NEXT: %9:2 = hal.tensor.barrier join(%arg5, %arg4 : tensor<4xf32>, tensor<?x4xf32>) => %arg2 : !hal.fence
// CHECK-NEXT: %10 = hal.tensor.barrier join(%arg5 : tensor<4xf32>) => %arg2 : !hal.fence attributes {e}
