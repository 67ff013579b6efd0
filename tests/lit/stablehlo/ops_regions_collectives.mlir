// while (%iterArg names, attributes), reduce (compact 'applies' and 'reducer' forms), and the ops MLIR prints generically (send, recv, collectives)
// Expected text is MLIR's own print (jaxlib) of this file.
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: hlopt %s | hlopt | filecheck %s

module {
  func.func @f(%arg0: tensor<4xf32>, %arg1: !stablehlo.token, %arg2: tensor<f32>, %arg3: tensor<2x3xf32>, %arg4: tensor<i32>) {
    %0:2 = stablehlo.while(%iterArg = %arg4, %iterArg_0 = %arg0) : tensor<i32>, tensor<4xf32> attributes {foo = 1 : i32}
    cond {
      %c = stablehlo.constant dense<true> : tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      stablehlo.return %iterArg, %iterArg_0 : tensor<i32>, tensor<4xf32>
    }
    %1 = stablehlo.reduce(%arg0 init: %arg2) applies stablehlo.add across dimensions = [0] {foo} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %2 = stablehlo.reduce(%arg0 init: %arg2) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
     reducer(%arg5: tensor<f32>, %arg6: tensor<f32>)  {
      %11 = stablehlo.add %arg6, %arg5 : tensor<f32>
      stablehlo.return %11 : tensor<f32>
    }
    %3 = stablehlo.reduce(%arg0 init: %arg2) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %4 = stablehlo.reduce(%arg0 init: %arg2) applies stablehlo.maximum across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %5 = "stablehlo.send"(%arg0, %arg1) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
    %6:2 = "stablehlo.recv"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
    %7 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    %8 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<8xf32>
    %9 = "stablehlo.all_to_all"(%arg0) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf32>
    %10 = stablehlo.cbrt %arg0 : tensor<4xf32>
    return
  }
}

// CHECK:      module {
// CHECK-NEXT: func.func @f(%arg0: tensor<4xf32>, %arg1: !stablehlo.token, %arg2: tensor<f32>, %arg3: tensor<2x3xf32>, %arg4: tensor<i32>) {
// CHECK-NEXT: %0:2 = stablehlo.while(%iterArg = %arg4, %iterArg_0 = %arg0) : tensor<i32>, tensor<4xf32> attributes {foo = 1 : i32}
// CHECK-NEXT: cond {
// CHECK-NEXT: %c = stablehlo.constant dense<true> : tensor<i1>
// CHECK-NEXT: stablehlo.return %c : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: stablehlo.return %iterArg, %iterArg_0 : tensor<i32>, tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %1 = stablehlo.reduce(%arg0 init: %arg2) applies stablehlo.add across dimensions = [0] {foo} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT: %2 = stablehlo.reduce(%arg0 init: %arg2) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT: reducer(%arg5: tensor<f32>, %arg6: tensor<f32>)  {
// CHECK-NEXT: %11 = stablehlo.add %arg6, %arg5 : tensor<f32>
// CHECK-NEXT: stablehlo.return %11 : tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: %3 = stablehlo.reduce(%arg0 init: %arg2) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT: %4 = stablehlo.reduce(%arg0 init: %arg2) applies stablehlo.maximum across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT: %5 = "stablehlo.send"(%arg0, %arg1) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
// CHECK-NEXT: %6:2 = "stablehlo.recv"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
// CHECK-NEXT: %7 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 0{{\]\]}}> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %8 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, replica_groups = dense<{{\[\[}}0, 1{{\]\]}}> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<8xf32>
// CHECK-NEXT: %9 = "stablehlo.all_to_all"(%arg0) <{concat_dimension = 0 : i64, replica_groups = dense<{{\[\[}}0, 1{{\]\]}}> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %10 = stablehlo.cbrt %arg0 : tensor<4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

// GENERIC: %0:2 = "stablehlo.while"(%arg4, %arg0) ({
// GENERIC: %1 = "stablehlo.reduce"(%arg0, %arg2) <{dimensions = array<i64: 0>}> ({
// GENERIC: %2 = "stablehlo.reduce"(%arg0, %arg2) <{dimensions = array<i64: 0>}> ({
// GENERIC: %3 = "stablehlo.reduce"(%arg0, %arg2) <{dimensions = array<i64: 0>}> ({
// GENERIC: %4 = "stablehlo.reduce"(%arg0, %arg2) <{dimensions = array<i64: 0>}> ({
// GENERIC: %5 = "stablehlo.send"(%arg0, %arg1) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
// GENERIC: %6:2 = "stablehlo.recv"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
// GENERIC: %7 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 0{{\]\]}}> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC: %8 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, replica_groups = dense<{{\[\[}}0, 1{{\]\]}}> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<8xf32>
// GENERIC: %9 = "stablehlo.all_to_all"(%arg0) <{concat_dimension = 0 : i64, replica_groups = dense<{{\[\[}}0, 1{{\]\]}}> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf32>
