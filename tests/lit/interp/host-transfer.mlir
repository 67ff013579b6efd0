// Host transfers: --host-inputs gives the host's messages per channel
// (ch<C>_<k>), --host-outputs collects device-to-host sends per device
// (ch<C>_dev<D>_<k>); a host-to-device recv without host data is an error
// at the recv.
// RUN: python -c "import numpy as np; np.savez('%t.x.npz', arg0=np.array([1, 2], np.int32)); np.savez('%t.h.npz', ch4_0=np.array([10, 20], np.int32))"
// RUN: hlopt-run %s --inputs %t.x.npz --host-inputs %t.h.npz --host-outputs %t.d.npz --print-values | filecheck %s
// RUN: python -c "import numpy as np; d = np.load('%t.d.npz'); print(sorted(d.files), d['ch5_dev1_0'].tolist())" | filecheck %s --check-prefix=SENT
// RUN: not hlopt-run %s --inputs %t.x.npz 2>&1 | filecheck %s --check-prefix=ERR

module @m attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%x: tensor<2xi32>) -> tensor<2xi32> {
    %t = stablehlo.after_all : !stablehlo.token
    %r:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 4, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)
    %p = stablehlo.partition_id : tensor<ui32>
    %q = stablehlo.convert %p : (tensor<ui32>) -> tensor<i32>
    %b = stablehlo.broadcast_in_dim %q, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %m = stablehlo.multiply %r#0, %b : tensor<2xi32>
    %s = stablehlo.add %x, %m : tensor<2xi32>
    %t2 = "stablehlo.send"(%s, %r#1) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true} : (tensor<2xi32>, !stablehlo.token) -> !stablehlo.token
    return %s : tensor<2xi32>
  }
}

// CHECK:      result0: tensor<2xi32>
// CHECK-NEXT:   device 0: 2 int32 checksum {{[0-9a-f]+}} = [1, 2]
// CHECK-NEXT:   device 1: 2 int32 checksum {{[0-9a-f]+}} = [11, 22]
// SENT: ['ch5_dev0_0', 'ch5_dev1_0'] [11, 22]
// ERR: host-transfer.mlir:13:12: error: host-to-device recv on channel 4 has no host data
