// hlopt-run on send/recv with source_target_pairs: a ring and a chain where
// device i holds i. A recv whose sender never sends is an error naming both ops.
// RUN: hlopt-run %s --print-values | filecheck %s
// RUN: hlopt-run %s --num-partitions 4 --print-values | filecheck %s
// RUN: not hlopt-run %S/Inputs/recv-without-send.mlir 2>&1 | filecheck %s --check-prefix=ERR

module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main() -> (tensor<i32>, tensor<i32>) {
    %p = stablehlo.partition_id : tensor<ui32>
    %x = stablehlo.convert %p : (tensor<ui32>) -> tensor<i32>
    %t = stablehlo.after_all : !stablehlo.token
    %s1 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (tensor<i32>, !stablehlo.token) -> !stablehlo.token
    %r1:2 = "stablehlo.recv"(%s1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
    %s2 = "stablehlo.send"(%x, %r1#1) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>}> : (tensor<i32>, !stablehlo.token) -> !stablehlo.token
    %r2:2 = "stablehlo.recv"(%s2) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>}> : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
    return %r1#0, %r2#0 : tensor<i32>, tensor<i32>
  }
}

// CHECK:      result0: tensor<i32>
// CHECK-NEXT:   device 0: scalar int32 checksum {{[0-9a-f]+}} = 3
// CHECK-NEXT:   device 1: scalar int32 checksum {{[0-9a-f]+}} = 0
// CHECK-NEXT:   device 2: scalar int32 checksum {{[0-9a-f]+}} = 1
// CHECK-NEXT:   device 3: scalar int32 checksum {{[0-9a-f]+}} = 2
// CHECK-NEXT:   global: 3
// CHECK-NEXT: result1: tensor<i32>
// CHECK-NEXT:   device 0: scalar int32 checksum {{[0-9a-f]+}} = 0
// CHECK-NEXT:   device 1: scalar int32 checksum {{[0-9a-f]+}} = 0
// CHECK-NEXT:   device 2: scalar int32 checksum {{[0-9a-f]+}} = 1
// CHECK-NEXT:   device 3: scalar int32 checksum {{[0-9a-f]+}} = 2

// ERR: recv-without-send.mlir:10:{{[0-9]+}}: error: recv without matching send: device 3 waits for a message from device 2 on channel 8, and no device will send it
// ERR-NEXT: note: no 'stablehlo.send' uses channel 8
