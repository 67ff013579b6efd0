// Device 2 sends to device 0 only; device 3 waits for device 2 forever.
module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main() -> tensor<i32> {
    %p = stablehlo.partition_id : tensor<ui32>
    %x = stablehlo.convert %p : (tensor<ui32>) -> tensor<i32>
    %t = stablehlo.after_all : !stablehlo.token
    // device 3 expects data from device 2 on a channel nobody sends on (a send and
    // recv of one channel with different pairs is already a verifier error)
    %s = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1], [2, 0]]> : tensor<2x2xi64>}> : (tensor<i32>, !stablehlo.token) -> !stablehlo.token
    %r:2 = "stablehlo.recv"(%s) <{channel_handle = #stablehlo.channel_handle<handle = 8, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[2, 3]]> : tensor<1x2xi64>}> : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
    return %r#0 : tensor<i32>
  }
}
