// Predicted times of one AG+matmul (4 devices, M = 1024, K = N = 512) as
// nvFuser's collective pipeline (stream axis beside the didx axis: one
// allgather per slice) and as its P2P ring (stream axis on the didx axis:
// n - 1 sends and receives per device), each with 1 and 2 worker streams.
// Both overlap transfers with matmuls; the ring pays a link latency per
// transfer. (tests/unit/test_hir_schedule.py checks the overlap on the
// timeline.)
// RUN: hlopt %s --split-input-file --hir-segment --hir-lower --lower-streams=num-streams=2 --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s

#a = #hir.sharding<[serial, didx, serial, serial], mesh = [0, 1, 2, 3]>
#w = #hir.sharding<[serial, serial], mesh = [0, 1, 2, 3]>
#out = #hir.sharding<[stream, serial, serial, serial], mesh = [0, 1, 2, 3]>
// CHECK-LABEL: LowerStreams
// CHECK-NOT:   p2p-rings
// CHECK:       (S) 34 predicted-us-1-stream
// CHECK-NEXT:  (S) 26 predicted-us-n-streams
func.func @CollectiveBasedPipeline(%a: tensor<4x4x64x512xf32, #a>, %w: tensor<512x512xf32, #w>) -> tensor<4x4x64x512xf32, #out> {
  %0 = hir.matmul %a, %w : (tensor<4x4x64x512xf32, #a>, tensor<512x512xf32, #w>) -> tensor<4x4x64x512xf32, #out>
  return %0 : tensor<4x4x64x512xf32, #out>
}

// -----

#a = #hir.sharding<[didx, serial, serial], mesh = [0, 1, 2, 3]>
#w = #hir.sharding<[serial, serial], mesh = [0, 1, 2, 3]>
#out = #hir.sharding<[stream, serial, serial], mesh = [0, 1, 2, 3]>
// CHECK-LABEL: LowerStreams
// CHECK:       (S) 1 p2p-rings
// CHECK-NEXT:  (S) 50 predicted-us-1-stream
// CHECK-NEXT:  (S) 40 predicted-us-n-streams
func.func @AG_matmul_P2p(%a: tensor<4x256x512xf32, #a>, %w: tensor<512x512xf32, #w>) -> tensor<4x256x512xf32, #out> {
  %0 = hir.matmul %a, %w : (tensor<4x256x512xf32, #a>, tensor<512x512xf32, #w>) -> tensor<4x256x512xf32, #out>
  return %0 : tensor<4x256x512xf32, #out>
}
