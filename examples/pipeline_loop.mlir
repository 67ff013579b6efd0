module @jit_pipeline attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16x16xf32>, %arg1: tensor<8x4x16xf32>) -> (tensor<8x4x16xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "", mhlo.sharding = "{devices=[8,1,1]<=[8]}"} : (tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<8x16x16xf32>) -> tensor<1x16x16xf32>
    %2 = stablehlo.custom_call @Sharding(%arg1) {backend_config = "", mhlo.sharding = "{devices=[8,1,1]<=[8]}"} : (tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
    %3 = stablehlo.custom_call @SPMDFullToShardShape(%2) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<8x4x16xf32>) -> tensor<1x4x16xf32>
    %4 = call @shmap_body(%1, %3) : (tensor<1x16x16xf32>, tensor<1x4x16xf32>) -> tensor<1x4x16xf32>
    %5 = stablehlo.custom_call @Sharding(%4) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<1x4x16xf32>) -> tensor<1x4x16xf32>
    %6 = stablehlo.custom_call @SPMDShardToFullShape(%5) {backend_config = "", mhlo.sharding = "{devices=[8,1,1]<=[8]}"} : (tensor<1x4x16xf32>) -> tensor<8x4x16xf32>
    return %6 : tensor<8x4x16xf32>
  }
  func.func private @shmap_body(%arg0: tensor<1x16x16xf32>, %arg1: tensor<1x4x16xf32>) -> (tensor<1x4x16xf32> {jax.result_info = "[('x',), None, None]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<1x16x16xf32>) -> tensor<16x16xf32>
    %c = stablehlo.constant dense<1> : tensor<ui32>
    %c_0 = stablehlo.constant dense<8> : tensor<ui32>
    %1 = stablehlo.partition_id : tensor<ui32>
    %2 = stablehlo.divide %1, %c : tensor<ui32>
    %3 = stablehlo.remainder %2, %c_0 : tensor<ui32>
    %4 = stablehlo.convert %3 : (tensor<ui32>) -> tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1x4x16xf32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7:6 = stablehlo.while(%iterArg = %4, %iterArg_3 = %arg1, %iterArg_4 = %0, %iterArg_5 = %c_2, %iterArg_6 = %5, %iterArg_7 = %6) : tensor<i32>, tensor<1x4x16xf32>, tensor<16x16xf32>, tensor<i32>, tensor<4x16xf32>, tensor<1x4x16xf32>
    cond {
      %c_8 = stablehlo.constant dense<15> : tensor<i32>
      %8 = stablehlo.compare LT, %iterArg_5, %c_8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %8 : tensor<i1>
    } do {
      %8:2 = func.call @closed_call(%iterArg, %iterArg_3, %iterArg_4, %iterArg_6, %iterArg_7) : (tensor<i32>, tensor<1x4x16xf32>, tensor<16x16xf32>, tensor<4x16xf32>, tensor<1x4x16xf32>) -> (tensor<4x16xf32>, tensor<1x4x16xf32>)
      %c_8 = stablehlo.constant dense<1> : tensor<i32>
      %9 = stablehlo.add %iterArg_5, %c_8 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_3, %iterArg_4, %9, %8#0, %8#1 : tensor<i32>, tensor<1x4x16xf32>, tensor<16x16xf32>, tensor<i32>, tensor<4x16xf32>, tensor<1x4x16xf32>
    }
    return %7#5 : tensor<1x4x16xf32>
  }
  func.func private @closed_call(%arg0: tensor<i32>, %arg1: tensor<1x4x16xf32>, %arg2: tensor<16x16xf32>, %arg3: tensor<4x16xf32>, %arg4: tensor<1x4x16xf32>) -> (tensor<4x16xf32>, tensor<1x4x16xf32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare EQ, %arg0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %1 = stablehlo.reshape %arg1 : (tensor<1x4x16xf32>) -> tensor<4x16xf32>
    %2 = call @_where(%0, %1, %arg3) : (tensor<i1>, tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %3 = stablehlo.dot_general %2, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
    %4 = stablehlo.tanh %3 : tensor<4x16xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [1, 2] : (tensor<4x16xf32>) -> tensor<1x4x16xf32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.dynamic_update_slice %arg4, %5, %c_0, %c_1, %c_2 : (tensor<1x4x16xf32>, tensor<1x4x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x16xf32>
    %7 = "stablehlo.collective_permute"(%4) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<4x16xf32>) -> tensor<4x16xf32>
    return %7, %6 : tensor<4x16xf32>, tensor<1x4x16xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<4x16xf32>, %arg2: tensor<4x16xf32>) -> tensor<4x16xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
}
