// --hir-insert-resharding makes the communication an op's sharding implies
// explicit (nvFuser's DecomposeReshardingsPass): each input sharded
// differently from what the output needs gets a hir.set to that sharding.
// RUN: hlopt %s --split-input-file --hir-insert-resharding --verify-diagnostics | filecheck %s
// RUN: hlopt %s --split-input-file --hir-insert-resharding --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=STATS

// The sharded operand is gathered to the matmul's stream-parallel layout;
// the replicated weight already fits.
#a = #hir.sharding<[serial, didx, serial], mesh = [0, 1]>
#w = #hir.sharding<[serial, serial], mesh = [0, 1]>
#out = #hir.sharding<[stream, serial, serial], mesh = [0, 1]>
// CHECK-LABEL: func.func @AG_matmul
// CHECK-NEXT:  %[[G:.*]] = hir.set %arg0 : tensor<4x2x8xf32, #sharding> -> tensor<4x2x8xf32, #sharding2>
// CHECK-NEXT:  %[[R:.*]] = hir.matmul %[[G]], %arg1 : (tensor<4x2x8xf32, #sharding2>, tensor<8x3xf32, #sharding1>) -> tensor<4x2x3xf32, #sharding2>
// CHECK-NEXT:  return %[[R]]
// STATS: HirInsertResharding
// STATS-NEXT: (S) 1 sets - resharding sets inserted
func.func @AG_matmul(%a: tensor<4x2x8xf32, #a>, %w: tensor<8x3xf32, #w>) -> tensor<4x2x3xf32, #out> {
  %0 = hir.matmul %a, %w : (tensor<4x2x8xf32, #a>, tensor<8x3xf32, #w>) -> tensor<4x2x3xf32, #out>
  return %0 : tensor<4x2x3xf32, #out>
}

// -----

// Both operands of an elementwise op move to the output's (other) mesh.
#d = #hir.sharding<[didx], mesh = [0, 1]>
#r = #hir.sharding<[serial], mesh = [2]>
// CHECK-LABEL: func.func @binary
// CHECK-NEXT:  %[[A:.*]] = hir.set %arg0 : tensor<4xf32, #sharding> -> tensor<4xf32, #sharding1>
// CHECK-NEXT:  %[[B:.*]] = hir.set %arg1 : tensor<4xf32, #sharding> -> tensor<4xf32, #sharding1>
// CHECK-NEXT:  hir.add %[[A]], %[[B]] : (tensor<4xf32, #sharding1>, tensor<4xf32, #sharding1>) -> tensor<4xf32, #sharding1>
func.func @binary(%a: tensor<4xf32, #d>, %b: tensor<4xf32, #d>) -> tensor<4xf32, #r> {
  %0 = hir.add %a, %b : (tensor<4xf32, #d>, tensor<4xf32, #d>) -> tensor<4xf32, #r>
  return %0 : tensor<4xf32, #r>
}

// -----

// Sets and reductions reshard by themselves (each is one communication), and
// a replicated input of a sharded result is sliced locally: nothing to insert.
#d = #hir.sharding<[didx, serial], mesh = [0, 1]>
#r = #hir.sharding<[serial, serial], mesh = [0, 1]>
#v = #hir.sharding<[serial], mesh = [0, 1]>
// CHECK-LABEL: func.func @nothing
// CHECK-NEXT:  hir.set %arg0
// CHECK-NEXT:  hir.sum
// CHECK-NEXT:  hir.neg %arg0
// CHECK-NEXT:  return
// expected-remark@+1 {{no resharding set inserted: no op's inputs are sharded differently from what its output needs}}
func.func @nothing(%a: tensor<4x6xf32, #r>, %b: tensor<4x6xf32, #d>) -> (tensor<4x6xf32, #d>, tensor<6xf32, #v>, tensor<4x6xf32, #d>) {
  %0 = hir.set %a : tensor<4x6xf32, #r> -> tensor<4x6xf32, #d>
  %1 = hir.sum %b dims = [0] : tensor<4x6xf32, #d> -> tensor<6xf32, #v>
  %2 = hir.neg %a : tensor<4x6xf32, #r> -> tensor<4x6xf32, #d>
  return %0, %1, %2 : tensor<4x6xf32, #d>, tensor<6xf32, #v>, tensor<4x6xf32, #d>
}
