// Locations survive the host-IR pipeline: every op the passes create carries
// the location of the op it lowers, and so do the stream loops' induction
// variables (block arguments hold resolved locations, which the printer reads).
// RUN: hlopt %s --hir-segment=policy=standalone --hir-lower --lower-streams=num-streams=2 --mlir-print-debuginfo | filecheck %s
// RUN: hlopt %s --hir-segment=policy=standalone --hir-lower --lower-streams=num-streams=2 --mlir-print-debuginfo --mlir-print-op-generic | filecheck %s --check-prefix=GEN

#s = #hir.sharding<[stream, serial]>
#d = #hir.sharding<[didx, serial], mesh = [0, 1]>
#r = #hir.sharding<[serial, serial], mesh = [0, 1]>
// CHECK-LABEL: func.func private @kernel_0
// CHECK:         hir.exp {{.*}} loc(#[[EXP:loc[0-9]*]])
// CHECK:         return {{.*}} loc(#[[NEG:loc[0-9]*]])
// CHECK-LABEL: func.func @f
// CHECK:       hir.post_on_stream @kernel_0({{.*}} loc(#[[EXP]])
// CHECK:       hir.allocate : tensor<8x4xf32, #sharding{{[0-9]*}}> loc(#[[AG:loc[0-9]*]])
// CHECK-NEXT:  hir.communication allgather {{.*}} loc(#[[AG]])
// CHECK-NEXT:  hir.wait {{.*}} loc(#[[AG]])
// CHECK:       scf.for %{{.*}} {
// CHECK:       } loc(#[[SET:loc[0-9]*]])
// CHECK-NEXT:  scf.for %{{.*}} {
// CHECK:         hir.set {{.*}} into {{.*}} loc(#[[SET]])
// CHECK:       } loc(#[[SET]])
// CHECK-DAG:   #[[EXP]] = loc("{{.*}}debuginfo.mlir":[[# @LINE + 12]]:8)
// CHECK-DAG:   #[[NEG]] = loc("{{.*}}debuginfo.mlir":[[# @LINE + 12]]:8)
// CHECK-DAG:   #[[AG]] = loc("{{.*}}debuginfo.mlir":[[# @LINE + 12]]:8)
// CHECK-DAG:   #[[SET]] = loc("{{.*}}debuginfo.mlir":[[# @LINE + 12]]:8)

// the induction variables of the fork loop and of the work loop
// GEN:         "scf.for"
// GEN-NEXT:    ^bb0(%{{.*}}: index loc("{{.*}}debuginfo.mlir":[[# @LINE + 8]]:8)):
// GEN:         "scf.for"
// GEN-NEXT:    ^bb0(%{{.*}}: index loc("{{.*}}debuginfo.mlir":[[# @LINE + 6]]:8)):
// GEN:         "hir.set"({{.*}}) : (tensor<8xf32>, tensor<8xf32>) -> () loc(#loc{{[0-9]*}})
func.func @f(%x: tensor<8x4xf32, #d>, %a: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<8x4xf32, #r>, tensor<4x8xf32, #s>) {
  %e = hir.exp %a : tensor<4x8xf32> -> tensor<4x8xf32>
  %n = hir.neg %e : tensor<4x8xf32> -> tensor<4x8xf32>
  %g = hir.set %x : tensor<8x4xf32, #d> -> tensor<8x4xf32, #r>
  %s = hir.set %a : tensor<4x8xf32> -> tensor<4x8xf32, #s>
  return %n, %g, %s : tensor<4x8xf32>, tensor<8x4xf32, #r>, tensor<4x8xf32, #s>
}
