// --hir-segment with both policies: kernels are maximal runs of mergeable
// ops in program order; resharding ops (and, with policy=standalone, matmul,
// binary, reduction and set ops) stay standalone host ops.
// RUN: hlopt %s --hir-segment | filecheck %s --check-prefix=RESHARD
// RUN: hlopt %s --hir-segment=policy=standalone | filecheck %s --check-prefix=ALONE
// RUN: hlopt %s --pass-pipeline='builtin.module(func.func(hir-segment{policy=standalone}))' | filecheck %s --check-prefix=ALONE
// RUN: not hlopt %s --hir-segment=policy=fastest 2>&1 | filecheck %s --check-prefix=BAD
// RUN: bash -c 'hlopt %s --hir-segment=policy=fastest 2>/dev/null; test $? = 2'
// BAD: Error: invalid value 'fastest' for option 'policy' of pass 'hir-segment' (expected one of: resharding, standalone)

#d = #hir.sharding<[didx, serial], mesh = [0, 1]>
#r = #hir.sharding<[serial, serial], mesh = [0, 1]>
#v = #hir.sharding<[serial], mesh = [0, 1]>

// RESHARD-LABEL: func.func @f
// RESHARD-NEXT:    %[[K0:.*]]:2 = hir.kernel(%[[X:.*]] = %arg0) : (tensor<4x8xf32, #sharding>) -> (tensor<4x8xf32, #sharding>, tensor<4x8xf32, #sharding>) {
// RESHARD-NEXT:      %[[E:.*]] = hir.exp %[[X]]
// RESHARD-NEXT:      %[[M:.*]] = hir.mul %[[E]], %[[X]]
// RESHARD-NEXT:      hir.yield %[[E]], %[[M]]
// RESHARD-NEXT:    }
// RESHARD-NEXT:    %[[G:.*]] = hir.set %[[K0]]#1 : tensor<4x8xf32, #sharding> -> tensor<4x8xf32, #sharding1>
// RESHARD-NEXT:    %[[K1:.*]] = hir.kernel(%[[Y:.*]] = %[[G]], %[[W:.*]] = %arg1) : (tensor<4x8xf32, #sharding1>, tensor<8x2xf32, #sharding1>) -> tensor<4xf32, #sharding2> {
// RESHARD-NEXT:      %[[MM:.*]] = hir.matmul %[[Y]], %[[W]]
// RESHARD-NEXT:      %[[S:.*]] = hir.sum %[[MM]] dims = [1]
// RESHARD-NEXT:      hir.yield %[[S]]
// RESHARD-NEXT:    }
// RESHARD-NEXT:    call @sink(%[[K0]]#0)
// RESHARD-NEXT:    %[[K2:.*]] = hir.kernel(%[[Z:.*]] = %[[K1]]) : (tensor<4xf32, #sharding2>) -> tensor<4xf32, #sharding2> {
// RESHARD-NEXT:      hir.neg %[[Z]]
// RESHARD-NEXT:      hir.yield
// RESHARD-NEXT:    }
// RESHARD-NEXT:    return %[[K2]]

// ALONE-LABEL: func.func @f
// ALONE-NEXT:    %[[K0:.*]] = hir.kernel(%[[X:.*]] = %arg0) : (tensor<4x8xf32, #sharding>) -> tensor<4x8xf32, #sharding> {
// ALONE-NEXT:      %[[E:.*]] = hir.exp %[[X]]
// ALONE-NEXT:      hir.yield %[[E]]
// ALONE-NEXT:    }
// ALONE-NEXT:    %[[M:.*]] = hir.mul %[[K0]], %arg0
// ALONE-NEXT:    %[[G:.*]] = hir.set %[[M]]
// ALONE-NEXT:    %[[MM:.*]] = hir.matmul %[[G]], %arg1
// ALONE-NEXT:    %[[S:.*]] = hir.sum %[[MM]] dims = [1]
// ALONE-NEXT:    call @sink(%[[K0]])
// ALONE-NEXT:    %[[K1:.*]] = hir.kernel(%[[Z:.*]] = %[[S]])
// ALONE-NEXT:      hir.neg %[[Z]]
// ALONE-NEXT:      hir.yield
// ALONE-NEXT:    }
// ALONE-NEXT:    return %[[K1]]
func.func private @sink(tensor<4x8xf32, #d>)
func.func @f(%a: tensor<4x8xf32, #d>, %w: tensor<8x2xf32, #r>) -> tensor<4xf32, #v> {
  %0 = hir.exp %a : tensor<4x8xf32, #d> -> tensor<4x8xf32, #d>
  %1 = hir.mul %0, %a : (tensor<4x8xf32, #d>, tensor<4x8xf32, #d>) -> tensor<4x8xf32, #d>
  %2 = hir.set %1 : tensor<4x8xf32, #d> -> tensor<4x8xf32, #r>
  %3 = hir.matmul %2, %w : (tensor<4x8xf32, #r>, tensor<8x2xf32, #r>) -> tensor<4x2xf32, #r>
  %4 = hir.sum %3 dims = [1] : tensor<4x2xf32, #r> -> tensor<4xf32, #v>
  func.call @sink(%0) : (tensor<4x8xf32, #d>) -> ()
  %5 = hir.neg %4 : tensor<4xf32, #v> -> tensor<4xf32, #v>
  return %5 : tensor<4xf32, #v>
}
