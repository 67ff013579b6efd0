// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s

// util.global initial values that are dialect attributes hlopt keeps opaque,
// typed with a trailing `: type` (#util.uninitialized, #util.byte_pattern,
// #hal.device.fallback/ordinal): the type is the global's, so the form
// prints `= value` alone, as iree-opt does.

util.global private @g = #util.uninitialized : tensor<4xf32>
util.global private @h = #util.byte_pattern<1> : tensor<4xi8>
util.global private @j = #hal.device.target<"local"> : !hal.device
util.global private @k = #hal.device.fallback<@j> : !hal.device
util.global private mutable @l = #hal.device.ordinal<0> : !hal.device
// CHECK: util.global private @g = #util.uninitialized : tensor<4xf32>
// CHECK: util.global private @h = #util.byte_pattern<1> : tensor<4xi8>
// CHECK: util.global private @k = #hal.device.fallback<@j> : !hal.device
// CHECK: util.global private mutable @l = #hal.device.ordinal<0> : !hal.device
