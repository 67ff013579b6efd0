// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s

// Every mhlo op jaxlib registers is declared (mhlo is closed). The
// elementwise ops read and print mhlo's `%a, %b : T` form (a functional
// type when the types differ, as for convert and is_finite), and return,
// reshape, partition_id, replica_id, create_token, constant, select,
// compare, tuple, get_tuple_element, reduce_precision, after_all, custom_call,
// topk and optimization_barrier theirs (mhlo_ops.py's FORMS), reduce and while
// StableHLO's (`applies ...`, `cond { .. } do { .. }`); the others print in the
// generic form.
// tests/oracle/test_mhlo_closed_oracle.py checks with jaxlib: the generic
// print of this module is jaxlib's, and jaxlib prints every op hlopt prints
// in custom form the same way.

// CHECK-LABEL: func.func @elementwise
// CHECK: %0 = mhlo.add %arg0, %arg1 : tensor<4xf32>
// CHECK: %1 = mhlo.subtract %0, %arg1 : tensor<4xf32>
// CHECK: %2 = mhlo.multiply %1, %arg0 : tensor<4xf32>
// CHECK: %3 = mhlo.divide %2, %arg1 : tensor<4xf32>
// CHECK: %4 = mhlo.maximum %3, %arg0 : tensor<4xf32>
// CHECK: %5 = mhlo.minimum %4, %arg1 : tensor<4xf32>
// CHECK: %6 = mhlo.abs %5 : tensor<4xf32>
// CHECK: %7 = mhlo.negate %6 : tensor<4xf32>
// CHECK: %8 = mhlo.cosine %7 : tensor<4xf32>
// CHECK: %9 = mhlo.exponential %8 : tensor<4xf32>
// CHECK: %10 = mhlo.sqrt %9 : tensor<4xf32>
// CHECK: %11 = mhlo.tanh %10 : tensor<4xf32>
// CHECK: %12 = mhlo.select %arg3, %11, %arg0 : tensor<4xi1>, tensor<4xf32>
// CHECK: %13 = mhlo.convert %arg2 : (tensor<4xi32>) -> tensor<4xf32>
// CHECK: %14 = mhlo.clamp %arg0, %13, %arg1 : tensor<4xf32>
// CHECK: %15 = mhlo.and %arg2, %arg2 : tensor<4xi32>
// CHECK: %16 = mhlo.not %arg3 : tensor<4xi1>
// CHECK: %17 = mhlo.acos %14 : tensor<4xf32>
// CHECK: %18 = mhlo.erf %17 : tensor<4xf32>
// CHECK: %19 = mhlo.compare LT, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK: %20 = mhlo.is_finite %18 : (tensor<4xf32>) -> tensor<4xi1>
// CHECK: %21 = mhlo.power %18, %arg0 : tensor<4xf32>
// CHECK: %22 = mhlo.atan2 %21, %arg0 : tensor<4xf32>
// CHECK: %23 = mhlo.round_nearest_even %22 : tensor<4xf32>
// CHECK: %24 = mhlo.popcnt %15 : tensor<4xi32>
// CHECK: %25 = mhlo.shift_left %24, %arg2 : tensor<4xi32>
// CHECK-LABEL: func.func @shapes
// CHECK: %0 = mhlo.constant dense<1.000000e+00> : tensor<2x3xf32>
// CHECK: %1 = mhlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK: %2 = "mhlo.transpose"(%arg0) <{permutation = dense<[1, 0]> : tensor<2xi64>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK: %3 = "mhlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = dense<> : tensor<0xi64>}> : (tensor<f32>) -> tensor<2x3xf32>
// CHECK: %4 = "mhlo.slice"(%arg0) <{limit_indices = dense<[2, 3]> : tensor<2xi64>, start_indices = dense<[0, 1]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}> : (tensor<2x3xf32>) -> tensor<2x2xf32>
// CHECK: %5 = "mhlo.concatenate"(%arg0, %arg0) <{dimension = 0 : i64}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
// CHECK: %6 = "mhlo.pad"(%arg0, %arg1) <{edge_padding_high = dense<[0, 1]> : tensor<2xi64>, edge_padding_low = dense<[1, 0]> : tensor<2xi64>, interior_padding = dense<0> : tensor<2xi64>}> : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x4xf32>
// CHECK: %7 = "mhlo.reverse"(%arg0) <{dimensions = dense<0> : tensor<1xi64>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %8 = "mhlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<4xi32>
// CHECK: %9 = "mhlo.dot"(%arg0, %2) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
// CHECK: %10 = "mhlo.dynamic_broadcast_in_dim"(%arg1, %arg2) <{broadcast_dimensions = dense<> : tensor<0xi64>}> : (tensor<f32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK: %11 = mhlo.tuple %arg0, %arg1 : tuple<tensor<2x3xf32>, tensor<f32>>
// CHECK: %12 = mhlo.get_tuple_element %11[1] : (tuple<tensor<2x3xf32>, tensor<f32>>) -> tensor<f32>
// CHECK: %13 = mhlo.copy %arg0 : tensor<2x3xf32>
// CHECK: %14 = mhlo.partition_id : tensor<ui32>
// CHECK: %15 = mhlo.replica_id : tensor<ui32>
// CHECK: %16 = mhlo.reduce_precision %arg0, format = e5m10 : tensor<2x3xf32>
// CHECK-LABEL: func.func @regions
// CHECK: %0 = mhlo.reduce(%arg0 init: %arg1) applies mhlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
// CHECK: %1 = "mhlo.if"(%arg2) ({
// CHECK: mhlo.return %arg1 : tensor<f32>
// CHECK: mhlo.return %0 : tensor<f32>
// CHECK: %2:2 = mhlo.while(%iterArg = %arg1, %iterArg_0 = %arg0) : tensor<f32>, tensor<4xf32>
// CHECK-NEXT: cond {
// CHECK-NEXT: %9 = mhlo.compare LT, %iterArg, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: mhlo.return %9 : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: mhlo.return %iterArg, %iterArg_0 : tensor<f32>, tensor<4xf32>
// CHECK-NEXT: }
// CHECK: %3 = "mhlo.sort"(%arg0) <{dimension = 0 : i64}> ({
// CHECK: %9 = mhlo.compare GT, %arg3, %arg4 : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK: mhlo.return %9 : tensor<i1>
// CHECK: %4 = mhlo.create_token : !mhlo.token
// CHECK: %5 = mhlo.after_all %4, %4 : !mhlo.token
// CHECK: %6 = mhlo.custom_call @foo(%arg0) {backend_config = ""} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: %values, %indices = mhlo.topk(%arg0, k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
// CHECK: %7 = "mhlo.all_reduce"(%arg0) <{replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
// CHECK: %9 = mhlo.add %arg3, %arg4 : tensor<f32>
// CHECK: mhlo.return %9 : tensor<f32>
// CHECK: %8 = mhlo.optimization_barrier %arg0 : tensor<4xf32>

module {
  func.func @elementwise(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<4xi32>, %arg3: tensor<4xi1>) -> tensor<4xf32> {
    %0 = mhlo.add %arg0, %arg1 : tensor<4xf32>
    %1 = mhlo.subtract %0, %arg1 : tensor<4xf32>
    %2 = mhlo.multiply %1, %arg0 : tensor<4xf32>
    %3 = mhlo.divide %2, %arg1 : tensor<4xf32>
    %4 = mhlo.maximum %3, %arg0 : tensor<4xf32>
    %5 = mhlo.minimum %4, %arg1 : tensor<4xf32>
    %6 = mhlo.abs %5 : tensor<4xf32>
    %7 = mhlo.negate %6 : tensor<4xf32>
    %8 = mhlo.cosine %7 : tensor<4xf32>
    %9 = mhlo.exponential %8 : tensor<4xf32>
    %10 = mhlo.sqrt %9 : tensor<4xf32>
    %11 = mhlo.tanh %10 : tensor<4xf32>
    %12 = mhlo.select %arg3, %11, %arg0 : tensor<4xi1>, tensor<4xf32>
    %13 = mhlo.convert %arg2 : (tensor<4xi32>) -> tensor<4xf32>
    %14 = mhlo.clamp %arg0, %13, %arg1 : tensor<4xf32>
    %15 = mhlo.and %arg2, %arg2 : tensor<4xi32>
    %16 = mhlo.not %arg3 : tensor<4xi1>
    %17 = mhlo.acos %14 : tensor<4xf32>
    %18 = mhlo.erf %17 : tensor<4xf32>
    %19 = mhlo.compare LT, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %20 = mhlo.is_finite %18 : (tensor<4xf32>) -> tensor<4xi1>
    %21 = mhlo.power %18, %arg0 : tensor<4xf32>
    %22 = mhlo.atan2 %21, %arg0 : tensor<4xf32>
    %23 = mhlo.round_nearest_even %22 : tensor<4xf32>
    %24 = mhlo.popcnt %15 : tensor<4xi32>
    %25 = mhlo.shift_left %24, %arg2 : tensor<4xi32>
    return %23 : tensor<4xf32>
  }
  func.func @shapes(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>, %arg2: tensor<2xindex>) -> tensor<3x2xf32> {
    %0 = mhlo.constant dense<1.000000e+00> : tensor<2x3xf32>
    %1 = mhlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
    %2 = "mhlo.transpose"(%arg0) <{permutation = dense<[1, 0]> : tensor<2xi64>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %3 = "mhlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = dense<> : tensor<0xi64>}> : (tensor<f32>) -> tensor<2x3xf32>
    %4 = "mhlo.slice"(%arg0) <{limit_indices = dense<[2, 3]> : tensor<2xi64>, start_indices = dense<[0, 1]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}> : (tensor<2x3xf32>) -> tensor<2x2xf32>
    %5 = "mhlo.concatenate"(%arg0, %arg0) <{dimension = 0 : i64}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
    %6 = "mhlo.pad"(%arg0, %arg1) <{edge_padding_high = dense<[0, 1]> : tensor<2xi64>, edge_padding_low = dense<[1, 0]> : tensor<2xi64>, interior_padding = dense<0> : tensor<2xi64>}> : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x4xf32>
    %7 = "mhlo.reverse"(%arg0) <{dimensions = dense<0> : tensor<1xi64>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %8 = "mhlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<4xi32>
    %9 = "mhlo.dot"(%arg0, %2) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
    %10 = "mhlo.dynamic_broadcast_in_dim"(%arg1, %arg2) <{broadcast_dimensions = dense<> : tensor<0xi64>}> : (tensor<f32>, tensor<2xindex>) -> tensor<?x?xf32>
    %11 = "mhlo.tuple"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<f32>) -> tuple<tensor<2x3xf32>, tensor<f32>>
    %12 = "mhlo.get_tuple_element"(%11) <{index = 1 : i32}> : (tuple<tensor<2x3xf32>, tensor<f32>>) -> tensor<f32>
    %13 = mhlo.copy %arg0 : tensor<2x3xf32>
    %14 = mhlo.partition_id : tensor<ui32>
    %15 = mhlo.replica_id : tensor<ui32>
    %16 = "mhlo.reduce_precision"(%arg0) <{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %2 : tensor<3x2xf32>
  }
  func.func @regions(%arg0: tensor<4xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>) -> tensor<f32> {
    %0 = "mhlo.reduce"(%arg0, %arg1) <{dimensions = dense<0> : tensor<1xi64>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %10 = mhlo.add %arg3, %arg4 : tensor<f32>
      mhlo.return %10 : tensor<f32>
    }) : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %1 = "mhlo.if"(%arg2) ({
      mhlo.return %arg1 : tensor<f32>
    }, {
      mhlo.return %0 : tensor<f32>
    }) : (tensor<i1>) -> tensor<f32>
    %2:2 = "mhlo.while"(%arg1, %arg0) ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<4xf32>):
      %10 = mhlo.compare LT, %arg3, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      mhlo.return %10 : tensor<i1>
    }, {
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<4xf32>):
      mhlo.return %arg3, %arg4 : tensor<f32>, tensor<4xf32>
    }) : (tensor<f32>, tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>)
    %3 = "mhlo.sort"(%arg0) <{dimension = 0 : i64}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %10 = mhlo.compare GT, %arg3, %arg4 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      mhlo.return %10 : tensor<i1>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    %4 = mhlo.create_token : !mhlo.token
    %5 = "mhlo.after_all"(%4, %4) : (!mhlo.token, !mhlo.token) -> !mhlo.token
    %6 = "mhlo.custom_call"(%arg0) <{backend_config = "", call_target_name = "foo"}> : (tensor<4xf32>) -> tensor<4xf32>
    %7:2 = "mhlo.topk"(%arg0) <{k = 2 : i64}> : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xi32>)
    %8 = "mhlo.all_reduce"(%arg0) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %10 = mhlo.add %arg3, %arg4 : tensor<f32>
      mhlo.return %10 : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    %9 = "mhlo.optimization_barrier"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
    return %1 : tensor<f32>
  }
}
