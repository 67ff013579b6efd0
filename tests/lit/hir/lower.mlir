// --hir-lower: kernels become outlined functions launched on the stream;
// each resharding op becomes allocate + the communication nvFuser picks + wait.
// RUN: hlopt %s --split-input-file --hir-segment --hir-lower | filecheck %s
// tests/unit/test_hir_eval.py runs every case here before and after lowering.

#d = #hir.sharding<[didx, serial], mesh = [0, 1]>
#r = #hir.sharding<[serial, serial], mesh = [0, 1]>
// CHECK-LABEL: func.func private @kernel_0
// CHECK-SAME:  (%arg0: tensor<4x8xf32, #sharding>) -> tensor<4x8xf32, #sharding>
// CHECK-NEXT:    %[[E:.*]] = hir.exp %arg0
// CHECK-NEXT:    %[[N:.*]] = hir.neg %[[E]]
// CHECK-NEXT:    return %[[N]]
// CHECK-LABEL: func.func private @kernel_1
// CHECK-NEXT:    hir.abs
// CHECK-LABEL: func.func @allgather
// CHECK-NEXT:    %[[K:.*]] = hir.post_on_stream @kernel_0(%arg0) : (tensor<4x8xf32, #sharding>) -> tensor<4x8xf32, #sharding>
// CHECK-NEXT:    %[[B:.*]] = hir.allocate : tensor<4x8xf32, #sharding1>
// CHECK-NEXT:    %[[Q:.*]] = hir.communication allgather %[[K]] into %[[B]] team = [0, 1] : tensor<4x8xf32, #sharding> into tensor<4x8xf32, #sharding1>
// CHECK-NEXT:    hir.wait %[[Q]]
// CHECK-NEXT:    %[[R:.*]] = hir.post_on_stream @kernel_1(%[[B]])
// CHECK-NEXT:    return %[[R]]
func.func @allgather(%a: tensor<4x8xf32, #d>) -> tensor<4x8xf32, #r> {
  %0 = hir.exp %a : tensor<4x8xf32, #d> -> tensor<4x8xf32, #d>
  %1 = hir.neg %0 : tensor<4x8xf32, #d> -> tensor<4x8xf32, #d>
  %2 = hir.set %1 : tensor<4x8xf32, #d> -> tensor<4x8xf32, #r>
  %3 = hir.abs %2 : tensor<4x8xf32, #r> -> tensor<4x8xf32, #r>
  return %3 : tensor<4x8xf32, #r>
}

// -----

#d = #hir.sharding<[didx], mesh = [0, 1]>
#one = #hir.sharding<[serial], mesh = [1]>
// CHECK-LABEL: func.func @gather
// CHECK: hir.allocate : tensor<4xf32, #sharding1>
// CHECK: hir.communication gather %arg0 into %{{.*}} team = [0, 1] root = 1 : tensor<4xf32, #sharding> into tensor<4xf32, #sharding1>
// CHECK: hir.wait
func.func @gather(%a: tensor<4xf32, #d>) -> tensor<4xf32, #one> {
  %0 = hir.set %a : tensor<4xf32, #d> -> tensor<4xf32, #one>
  return %0 : tensor<4xf32, #one>
}

// -----

#one = #hir.sharding<[serial, serial], mesh = [2]>
#d = #hir.sharding<[serial, didx], mesh = [0, 1, 2]>
// CHECK-LABEL: func.func @scatter
// CHECK: hir.communication scatter %arg0 into %{{.*}} team = [2, 0, 1] root = 2 : tensor<2x6xf32, #sharding> into tensor<2x6xf32, #sharding1>
func.func @scatter(%a: tensor<2x6xf32, #one>) -> tensor<2x6xf32, #d> {
  %0 = hir.set %a : tensor<2x6xf32, #one> -> tensor<2x6xf32, #d>
  return %0 : tensor<2x6xf32, #d>
}

// -----

#one = #hir.sharding<[serial], mesh = [0]>
#all = #hir.sharding<[serial], mesh = [0, 1, 2]>
// CHECK-LABEL: func.func @broadcast
// CHECK: hir.communication broadcast %arg0 into %{{.*}} team = [0, 1, 2] root = 0
func.func @broadcast(%a: tensor<5xf32, #one>) -> tensor<5xf32, #all> {
  %0 = hir.set %a : tensor<5xf32, #one> -> tensor<5xf32, #all>
  return %0 : tensor<5xf32, #all>
}

// -----

// Pairwise: device 0 -> 2, device 1 -> 3.
#src = #hir.sharding<[didx, serial], mesh = [0, 1]>
#dst = #hir.sharding<[didx, serial], mesh = [2, 3]>
// CHECK-LABEL: func.func @sendrecv
// CHECK: hir.communication sendrecv %arg0 into %{{.*}} team = [0, 1, 2, 3] :
func.func @sendrecv(%a: tensor<4x3xf32, #src>) -> tensor<4x3xf32, #dst> {
  %0 = hir.set %a : tensor<4x3xf32, #src> -> tensor<4x3xf32, #dst>
  return %0 : tensor<4x3xf32, #dst>
}

// -----

#a = #hir.sharding<[serial], mesh = [0]>
#b = #hir.sharding<[serial], mesh = [1]>
// CHECK-LABEL: func.func @sendrecv_single
// CHECK: hir.communication sendrecv %arg0 into %{{.*}} team = [0, 1] :
func.func @sendrecv_single(%x: tensor<3xf32, #a>) -> tensor<3xf32, #b> {
  %0 = hir.set %x : tensor<3xf32, #a> -> tensor<3xf32, #b>
  return %0 : tensor<3xf32, #b>
}

// -----

#d = #hir.sharding<[didx, serial], mesh = [0, 1]>
#r = #hir.sharding<[serial], mesh = [0, 1]>
// CHECK-LABEL: func.func @allreduce
// CHECK: %[[B:.*]] = hir.allocate : tensor<6xf32, #sharding1>
// CHECK: hir.communication allreduce %arg0 into %[[B]] team = [0, 1] reduce = sum : tensor<4x6xf32, #sharding> into tensor<6xf32, #sharding1>
func.func @allreduce(%a: tensor<4x6xf32, #d>) -> tensor<6xf32, #r> {
  %0 = hir.sum %a dims = [0] : tensor<4x6xf32, #d> -> tensor<6xf32, #r>
  return %0 : tensor<6xf32, #r>
}

// -----

#d = #hir.sharding<[didx, serial], mesh = [0, 1]>
#root = #hir.sharding<[serial], mesh = [0]>
// CHECK-LABEL: func.func @reduce
// CHECK: hir.communication reduce %arg0 into %{{.*}} team = [0, 1] root = 0 reduce = max
func.func @reduce(%a: tensor<4x6xf32, #d>) -> tensor<6xf32, #root> {
  %0 = hir.max %a dims = [0] : tensor<4x6xf32, #d> -> tensor<6xf32, #root>
  return %0 : tensor<6xf32, #root>
}

// -----

#d = #hir.sharding<[didx, serial], mesh = [0, 1]>
#s = #hir.sharding<[didx], mesh = [0, 1]>
// CHECK-LABEL: func.func @reducescatter
// CHECK: hir.communication reducescatter %arg0 into %{{.*}} team = [0, 1] reduce = min : tensor<4x6xf32, #sharding> into tensor<6xf32, #sharding1>
func.func @reducescatter(%a: tensor<4x6xf32, #d>) -> tensor<6xf32, #s> {
  %0 = hir.min %a dims = [0] : tensor<4x6xf32, #d> -> tensor<6xf32, #s>
  return %0 : tensor<6xf32, #s>
}

// -----

// Moving the didx axis within one mesh: an all-to-all.
#a = #hir.sharding<[didx, serial], mesh = [0, 1]>
#b = #hir.sharding<[serial, didx], mesh = [0, 1]>
// CHECK-LABEL: func.func @alltoall
// CHECK-NEXT:    %[[B:.*]] = hir.allocate : tensor<4x6xf32, #sharding1>
// CHECK-NEXT:    %[[Q:.*]] = hir.communication alltoall %arg0 into %[[B]] team = [0, 1] : tensor<4x6xf32, #sharding> into tensor<4x6xf32, #sharding1>
// CHECK-NEXT:    hir.wait %[[Q]]
func.func @alltoall(%x: tensor<4x6xf32, #a>) -> tensor<4x6xf32, #b> {
  %0 = hir.set %x : tensor<4x6xf32, #a> -> tensor<4x6xf32, #b>
  return %0 : tensor<4x6xf32, #b>
}

// -----

// A replicated input of a sharded result: each device takes its chunk; no
// communication (the set is a kernel).
#r = #hir.sharding<[serial, serial], mesh = [0, 1]>
#d = #hir.sharding<[serial, didx], mesh = [0, 1]>
// CHECK-LABEL: func.func private @kernel_0
// CHECK-NEXT:    hir.set %arg0 : tensor<4x6xf32, #sharding> -> tensor<4x6xf32, #sharding1>
// CHECK-LABEL: func.func @local_slice
// CHECK-NEXT:    %[[K:.*]] = hir.post_on_stream @kernel_0(%arg0)
// CHECK-NEXT:    return %[[K]]
func.func @local_slice(%x: tensor<4x6xf32, #r>) -> tensor<4x6xf32, #d> {
  %0 = hir.set %x : tensor<4x6xf32, #r> -> tensor<4x6xf32, #d>
  return %0 : tensor<4x6xf32, #d>
}
