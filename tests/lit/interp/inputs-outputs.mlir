// --inputs reads global arrays arg0, arg1, ...; -o writes global results
// result0, ... assembled from the result shardings (here split over 4
// devices by rows, each device doubling its rows and adding its id).
// RUN: python -c "import numpy as np; np.savez('%t.in.npz', arg0=np.arange(8, dtype=np.float32).reshape(4, 2))"
// RUN: hlopt-run %s --inputs %t.in.npz -o %t.out.npz --print-values | filecheck %s
// RUN: python -c "import numpy as np; r = np.load('%t.out.npz')['result0']; print(r.tolist())" | filecheck %s --check-prefix=NPZ

module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%a: tensor<4x2xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"}) -> (tensor<4x2xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"}) {
    %0 = stablehlo.custom_call @Sharding(%a) {mhlo.sharding = "{devices=[4,1]<=[4]}"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<4x2xf32>) -> tensor<1x2xf32>
    %2 = stablehlo.add %1, %1 : tensor<1x2xf32>
    %p = stablehlo.partition_id : tensor<ui32>
    %pf = stablehlo.convert %p : (tensor<ui32>) -> tensor<f32>
    %pb = stablehlo.broadcast_in_dim %pf, dims = [] : (tensor<f32>) -> tensor<1x2xf32>
    %3 = stablehlo.add %2, %pb : tensor<1x2xf32>
    %4 = stablehlo.custom_call @Sharding(%3) {mhlo.sharding = "{manual}"} : (tensor<1x2xf32>) -> tensor<1x2xf32>
    %5 = stablehlo.custom_call @SPMDShardToFullShape(%4) {mhlo.sharding = "{devices=[4,1]<=[4]}"} : (tensor<1x2xf32>) -> tensor<4x2xf32>
    return %5 : tensor<4x2xf32>
  }
}

// CHECK:      result0: tensor<4x2xf32>
// CHECK-NEXT:   device 0: 1x2 float32 checksum {{[0-9a-f]+}} = {{\[}}[0., 2.]]
// CHECK-NEXT:   device 1: 1x2 float32 checksum {{[0-9a-f]+}} = {{\[}}[5., 7.]]
// CHECK-NEXT:   device 2: 1x2 float32 checksum {{[0-9a-f]+}} = {{\[}}[10., 12.]]
// CHECK-NEXT:   device 3: 1x2 float32 checksum {{[0-9a-f]+}} = {{\[}}[15., 17.]]
// CHECK-NEXT:   global: {{\[}}[ 0.,  2.], [ 5.,  7.], [10., 12.], [15., 17.]]
// NPZ: {{\[}}[0.0, 2.0], [5.0, 7.0], [10.0, 12.0], [15.0, 17.0]]
