module @jit_collective_matmul attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=8]> {stablehlo.mesh = {axes = [{name = "x", size = 8 : i64}]}}
  func.func public @main(%arg0: tensor<64x32xf32>, %arg1: tensor<32x64xf32>) -> (tensor<64x64xf32> {jax.result_info = "result"}) {
    %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{}, {"x"}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg2: tensor<8x32xf32>, %arg3: tensor<32x8xf32>) {
      %c = stablehlo.constant dense<1> : tensor<ui32>
      %c_0 = stablehlo.constant dense<8> : tensor<ui32>
      %1 = stablehlo.partition_id : tensor<ui32>
      %2 = stablehlo.divide %1, %c : tensor<ui32>
      %3 = stablehlo.remainder %2, %c_0 : tensor<ui32>
      %4 = stablehlo.convert %3 : (tensor<ui32>) -> tensor<i32>
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x64xf32>
      %6 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x32xf32>, tensor<32x8xf32>) -> tensor<8x8xf32>
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      %7 = stablehlo.add %4, %c_1 : tensor<i32>
      %c_2 = stablehlo.constant dense<8> : tensor<i32>
      %8 = func.call @remainder(%7, %c_2) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_3 = stablehlo.constant dense<8> : tensor<i32>
      %9 = stablehlo.multiply %8, %c_3 : tensor<i32>
      %c_4 = stablehlo.constant dense<0> : tensor<i32>
      %10 = stablehlo.compare LT, %9, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_5 = stablehlo.constant dense<64> : tensor<i32>
      %11 = stablehlo.add %9, %c_5 : tensor<i32>
      %12 = stablehlo.select %10, %11, %9 : tensor<i1>, tensor<i32>
      %c_6 = stablehlo.constant dense<0> : tensor<i32>
      %13 = stablehlo.dynamic_update_slice %5, %6, %c_6, %12 : (tensor<8x64xf32>, tensor<8x8xf32>, tensor<i32>, tensor<i32>) -> tensor<8x64xf32>
      %14 = "stablehlo.collective_permute"(%arg3) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 7], [1, 0], [2, 1], [3, 2], [4, 3], [5, 4], [6, 5], [7, 6]]> : tensor<8x2xi64>}> : (tensor<32x8xf32>) -> tensor<32x8xf32>
      %15 = stablehlo.dot_general %arg2, %14, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x32xf32>, tensor<32x8xf32>) -> tensor<8x8xf32>
      %c_7 = stablehlo.constant dense<1> : tensor<i32>
      %16 = stablehlo.add %4, %c_7 : tensor<i32>
      %c_8 = stablehlo.constant dense<8> : tensor<i32>
      %17 = func.call @remainder(%16, %c_8) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_9 = stablehlo.constant dense<8> : tensor<i32>
      %18 = stablehlo.multiply %17, %c_9 : tensor<i32>
      %c_10 = stablehlo.constant dense<0> : tensor<i32>
      %19 = stablehlo.compare LT, %18, %c_10, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_11 = stablehlo.constant dense<64> : tensor<i32>
      %20 = stablehlo.add %18, %c_11 : tensor<i32>
      %21 = stablehlo.select %19, %20, %18 : tensor<i1>, tensor<i32>
      %c_12 = stablehlo.constant dense<0> : tensor<i32>
      %22 = stablehlo.dynamic_update_slice %13, %15, %c_12, %21 : (tensor<8x64xf32>, tensor<8x8xf32>, tensor<i32>, tensor<i32>) -> tensor<8x64xf32>
      %23 = "stablehlo.collective_permute"(%14) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 7], [1, 0], [2, 1], [3, 2], [4, 3], [5, 4], [6, 5], [7, 6]]> : tensor<8x2xi64>}> : (tensor<32x8xf32>) -> tensor<32x8xf32>
      %24 = stablehlo.dot_general %arg2, %23, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x32xf32>, tensor<32x8xf32>) -> tensor<8x8xf32>
      %c_13 = stablehlo.constant dense<2> : tensor<i32>
      %25 = stablehlo.add %4, %c_13 : tensor<i32>
      %c_14 = stablehlo.constant dense<8> : tensor<i32>
      %26 = func.call @remainder(%25, %c_14) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_15 = stablehlo.constant dense<8> : tensor<i32>
      %27 = stablehlo.multiply %26, %c_15 : tensor<i32>
      %c_16 = stablehlo.constant dense<0> : tensor<i32>
      %28 = stablehlo.compare LT, %27, %c_16, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_17 = stablehlo.constant dense<64> : tensor<i32>
      %29 = stablehlo.add %27, %c_17 : tensor<i32>
      %30 = stablehlo.select %28, %29, %27 : tensor<i1>, tensor<i32>
      %c_18 = stablehlo.constant dense<0> : tensor<i32>
      %31 = stablehlo.dynamic_update_slice %22, %24, %c_18, %30 : (tensor<8x64xf32>, tensor<8x8xf32>, tensor<i32>, tensor<i32>) -> tensor<8x64xf32>
      %32 = "stablehlo.collective_permute"(%23) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 7], [1, 0], [2, 1], [3, 2], [4, 3], [5, 4], [6, 5], [7, 6]]> : tensor<8x2xi64>}> : (tensor<32x8xf32>) -> tensor<32x8xf32>
      %33 = stablehlo.dot_general %arg2, %32, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x32xf32>, tensor<32x8xf32>) -> tensor<8x8xf32>
      %c_19 = stablehlo.constant dense<3> : tensor<i32>
      %34 = stablehlo.add %4, %c_19 : tensor<i32>
      %c_20 = stablehlo.constant dense<8> : tensor<i32>
      %35 = func.call @remainder(%34, %c_20) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_21 = stablehlo.constant dense<8> : tensor<i32>
      %36 = stablehlo.multiply %35, %c_21 : tensor<i32>
      %c_22 = stablehlo.constant dense<0> : tensor<i32>
      %37 = stablehlo.compare LT, %36, %c_22, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_23 = stablehlo.constant dense<64> : tensor<i32>
      %38 = stablehlo.add %36, %c_23 : tensor<i32>
      %39 = stablehlo.select %37, %38, %36 : tensor<i1>, tensor<i32>
      %c_24 = stablehlo.constant dense<0> : tensor<i32>
      %40 = stablehlo.dynamic_update_slice %31, %33, %c_24, %39 : (tensor<8x64xf32>, tensor<8x8xf32>, tensor<i32>, tensor<i32>) -> tensor<8x64xf32>
      %41 = "stablehlo.collective_permute"(%32) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 7], [1, 0], [2, 1], [3, 2], [4, 3], [5, 4], [6, 5], [7, 6]]> : tensor<8x2xi64>}> : (tensor<32x8xf32>) -> tensor<32x8xf32>
      %42 = stablehlo.dot_general %arg2, %41, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x32xf32>, tensor<32x8xf32>) -> tensor<8x8xf32>
      %c_25 = stablehlo.constant dense<4> : tensor<i32>
      %43 = stablehlo.add %4, %c_25 : tensor<i32>
      %c_26 = stablehlo.constant dense<8> : tensor<i32>
      %44 = func.call @remainder(%43, %c_26) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_27 = stablehlo.constant dense<8> : tensor<i32>
      %45 = stablehlo.multiply %44, %c_27 : tensor<i32>
      %c_28 = stablehlo.constant dense<0> : tensor<i32>
      %46 = stablehlo.compare LT, %45, %c_28, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_29 = stablehlo.constant dense<64> : tensor<i32>
      %47 = stablehlo.add %45, %c_29 : tensor<i32>
      %48 = stablehlo.select %46, %47, %45 : tensor<i1>, tensor<i32>
      %c_30 = stablehlo.constant dense<0> : tensor<i32>
      %49 = stablehlo.dynamic_update_slice %40, %42, %c_30, %48 : (tensor<8x64xf32>, tensor<8x8xf32>, tensor<i32>, tensor<i32>) -> tensor<8x64xf32>
      %50 = "stablehlo.collective_permute"(%41) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 7], [1, 0], [2, 1], [3, 2], [4, 3], [5, 4], [6, 5], [7, 6]]> : tensor<8x2xi64>}> : (tensor<32x8xf32>) -> tensor<32x8xf32>
      %51 = stablehlo.dot_general %arg2, %50, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x32xf32>, tensor<32x8xf32>) -> tensor<8x8xf32>
      %c_31 = stablehlo.constant dense<5> : tensor<i32>
      %52 = stablehlo.add %4, %c_31 : tensor<i32>
      %c_32 = stablehlo.constant dense<8> : tensor<i32>
      %53 = func.call @remainder(%52, %c_32) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_33 = stablehlo.constant dense<8> : tensor<i32>
      %54 = stablehlo.multiply %53, %c_33 : tensor<i32>
      %c_34 = stablehlo.constant dense<0> : tensor<i32>
      %55 = stablehlo.compare LT, %54, %c_34, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_35 = stablehlo.constant dense<64> : tensor<i32>
      %56 = stablehlo.add %54, %c_35 : tensor<i32>
      %57 = stablehlo.select %55, %56, %54 : tensor<i1>, tensor<i32>
      %c_36 = stablehlo.constant dense<0> : tensor<i32>
      %58 = stablehlo.dynamic_update_slice %49, %51, %c_36, %57 : (tensor<8x64xf32>, tensor<8x8xf32>, tensor<i32>, tensor<i32>) -> tensor<8x64xf32>
      %59 = "stablehlo.collective_permute"(%50) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 7], [1, 0], [2, 1], [3, 2], [4, 3], [5, 4], [6, 5], [7, 6]]> : tensor<8x2xi64>}> : (tensor<32x8xf32>) -> tensor<32x8xf32>
      %60 = stablehlo.dot_general %arg2, %59, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x32xf32>, tensor<32x8xf32>) -> tensor<8x8xf32>
      %c_37 = stablehlo.constant dense<6> : tensor<i32>
      %61 = stablehlo.add %4, %c_37 : tensor<i32>
      %c_38 = stablehlo.constant dense<8> : tensor<i32>
      %62 = func.call @remainder(%61, %c_38) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_39 = stablehlo.constant dense<8> : tensor<i32>
      %63 = stablehlo.multiply %62, %c_39 : tensor<i32>
      %c_40 = stablehlo.constant dense<0> : tensor<i32>
      %64 = stablehlo.compare LT, %63, %c_40, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_41 = stablehlo.constant dense<64> : tensor<i32>
      %65 = stablehlo.add %63, %c_41 : tensor<i32>
      %66 = stablehlo.select %64, %65, %63 : tensor<i1>, tensor<i32>
      %c_42 = stablehlo.constant dense<0> : tensor<i32>
      %67 = stablehlo.dynamic_update_slice %58, %60, %c_42, %66 : (tensor<8x64xf32>, tensor<8x8xf32>, tensor<i32>, tensor<i32>) -> tensor<8x64xf32>
      %68 = "stablehlo.collective_permute"(%59) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 7], [1, 0], [2, 1], [3, 2], [4, 3], [5, 4], [6, 5], [7, 6]]> : tensor<8x2xi64>}> : (tensor<32x8xf32>) -> tensor<32x8xf32>
      %69 = stablehlo.dot_general %arg2, %68, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x32xf32>, tensor<32x8xf32>) -> tensor<8x8xf32>
      %c_43 = stablehlo.constant dense<7> : tensor<i32>
      %70 = stablehlo.add %4, %c_43 : tensor<i32>
      %c_44 = stablehlo.constant dense<8> : tensor<i32>
      %71 = func.call @remainder(%70, %c_44) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_45 = stablehlo.constant dense<8> : tensor<i32>
      %72 = stablehlo.multiply %71, %c_45 : tensor<i32>
      %c_46 = stablehlo.constant dense<0> : tensor<i32>
      %73 = stablehlo.compare LT, %72, %c_46, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_47 = stablehlo.constant dense<64> : tensor<i32>
      %74 = stablehlo.add %72, %c_47 : tensor<i32>
      %75 = stablehlo.select %73, %74, %72 : tensor<i1>, tensor<i32>
      %c_48 = stablehlo.constant dense<0> : tensor<i32>
      %76 = stablehlo.dynamic_update_slice %67, %69, %c_48, %75 : (tensor<8x64xf32>, tensor<8x8xf32>, tensor<i32>, tensor<i32>) -> tensor<8x64xf32>
      sdy.return %76 : tensor<8x64xf32>
    } : (tensor<64x32xf32>, tensor<32x64xf32>) -> tensor<64x64xf32>
    return %0 : tensor<64x64xf32>
  }
  func.func private @remainder(%arg0: tensor<i32>, %arg1: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.remainder %arg0, %2 : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.compare NE, %3, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.compare LT, %3, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %7 = stablehlo.compare NE, %5, %6, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %8 = stablehlo.and %7, %4 : tensor<i1>
    %9 = stablehlo.add %3, %2 : tensor<i32>
    %10 = stablehlo.select %8, %9, %3 : tensor<i1>, tensor<i32>
    return %10 : tensor<i32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
