// scf.forall / forall.in_parallel (with tensor.parallel_insert_slice) and
// scf.parallel / reduce / reduce.return in MLIR's custom forms, printed as
// iree-opt prints them (compared in tests/oracle/test_scf_tensor_closed_oracle.py):
// `in (...)` for zero lower bounds and unit steps (a constant-0/1 operand
// counts, as MLIR's isNormalized), mixed static/dynamic bounds, the elided
// in_parallel of a forall without results, scf.parallel's explicit
// scf.reduce (with its trailing space when it has no regions).
// RUN: hlopt %s | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK:module {
// CHECK-NEXT:  func.func private @use(index)
// CHECK-NEXT:  func.func @forall(%arg0: tensor<8xf32>, %arg1: tensor<4x4xi32>, %arg2: index, %arg3: tensor<2xf32>, %arg4: tensor<4xi32>) -> (tensor<8xf32>, tensor<4x4xi32>) {
// CHECK-NEXT:    %0:2 = scf.forall (%arg5) in (4) shared_outs(%arg6 = %arg0, %arg7 = %arg1) -> (tensor<8xf32>, tensor<4x4xi32>) {
// CHECK-NEXT:      %c2 = arith.constant 2 : index
// CHECK-NEXT:      %1 = arith.muli %arg5, %c2 : index
// CHECK-NEXT:      scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %arg3 into %arg6[%1] [2] [1] : tensor<2xf32> into tensor<8xf32>
// CHECK-NEXT:        tensor.parallel_insert_slice %arg4 into %arg7[%arg5, 0] [1, 4] [1, 1] {tag} : tensor<4xi32> into tensor<4x4xi32>
// CHECK-NEXT:      } {note = 1 : i32}
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.forall (%arg5, %arg6) = (0, %arg2) to (%arg2, 8) step (2, %arg2) {
// CHECK-NEXT:      func.call @use(%arg5) : (index) -> ()
// CHECK-NEXT:    } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    scf.forall (%arg5) in (%arg2) {
// CHECK-NEXT:      func.call @use(%arg5) : (index) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.forall (%arg5, %arg6, %arg7) in (%arg2, 3, %arg2) {
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0#0, %0#1 : tensor<8xf32>, tensor<4x4xi32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @parallel(%arg0: index, %arg1: index, %arg2: f32) -> (f32, i32) {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    %0:2 = scf.parallel (%arg3, %arg4) = (%c0, %c0) to (%arg0, %arg1) step (%c1, %c1) init (%arg2, %c0_i32) -> (f32, i32) {
// CHECK-NEXT:      %2 = arith.index_cast %arg3 : index to i32
// CHECK-NEXT:      scf.reduce(%arg2, %2 : f32, i32) {
// CHECK-NEXT:      ^bb0(%arg5: f32, %arg6: f32):
// CHECK-NEXT:        %3 = arith.addf %arg5, %arg6 : f32
// CHECK-NEXT:        scf.reduce.return %3 : f32
// CHECK-NEXT:      }, {
// CHECK-NEXT:      ^bb0(%arg5: i32, %arg6: i32):
// CHECK-NEXT:        %3 = arith.addi %arg5, %arg6 : i32
// CHECK-NEXT:        scf.reduce.return %3 {k} : i32
// CHECK-NEXT:      }
// CHECK-NEXT:    } {foo}
// CHECK-NEXT:    %1 = scf.parallel (%arg3) = (%c0) to (%arg0) step (%c1) init (%c0_i32) -> i32 {
// CHECK-NEXT:      scf.reduce(%c0_i32 : i32) {
// CHECK-NEXT:      ^bb0(%arg4: i32, %arg5: i32):
// CHECK-NEXT:        %2 = arith.maxsi %arg4, %arg5 : i32
// CHECK-NEXT:        scf.reduce.return %2 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.parallel (%arg3) = (%c0) to (%arg0) step (%c1) {
// CHECK-NEXT:      func.call @use(%arg3) : (index) -> ()
// CHECK-NEXT:      scf.reduce 
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0#0, %0#1 : f32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:}

// GENERIC: "scf.forall"(%{{[a-z0-9#]+}}, %{{[a-z0-9#]+}}) <{operandSegmentSizes = array<i32: 0, 0, 0, 2>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
// GENERIC: "tensor.parallel_insert_slice"(%{{[a-z0-9#]+}}, %{{[a-z0-9#]+}}, %{{[a-z0-9#]+}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 2>, static_strides = array<i64: 1>}> : (tensor<2xf32>, tensor<8xf32>, index) -> ()
// GENERIC: }) {note = 1 : i32} : () -> ()
// GENERIC: "scf.forall"(%{{[a-z0-9#]+}}, %{{[a-z0-9#]+}}, %{{[a-z0-9#]+}}) <{mapping = [#gpu.thread<x>, #gpu.thread<y>], operandSegmentSizes = array<i32: 1, 1, 1, 0>, staticLowerBound = array<i64: 0, -9223372036854775808>, staticStep = array<i64: 2, -9223372036854775808>, staticUpperBound = array<i64: -9223372036854775808, 8>}> ({
// GENERIC: "scf.forall.in_parallel"() ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()
// GENERIC: "scf.parallel"(%{{[a-z0-9#]+}}, %{{[a-z0-9#]+}}, %{{[a-z0-9#]+}}, %{{[a-z0-9#]+}}, %{{[a-z0-9#]+}}, %{{[a-z0-9#]+}}, %{{[a-z0-9#]+}}, %{{[a-z0-9#]+}}) <{operandSegmentSizes = array<i32: 2, 2, 2, 2>}> ({
// GENERIC: "scf.reduce.return"(%{{.*}}) {k} : (i32) -> ()
// GENERIC: "scf.reduce"() : () -> ()

func.func private @use(index)
func.func @forall(%t: tensor<8xf32>, %u: tensor<4x4xi32>, %n: index, %x: tensor<2xf32>, %y: tensor<4xi32>) -> (tensor<8xf32>, tensor<4x4xi32>) {
  %r:2 = scf.forall (%i) in (4) shared_outs(%o = %t, %p = %u) -> (tensor<8xf32>, tensor<4x4xi32>) {
    %c2 = arith.constant 2 : index
    %off = arith.muli %i, %c2 : index
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[%off] [2] [1] : tensor<2xf32> into tensor<8xf32>
      tensor.parallel_insert_slice %y into %p[%i, 0] [1, 4] [1, 1] {tag} : tensor<4xi32> into tensor<4x4xi32>
    } {note = 1 : i32}
  }
  scf.forall (%i, %j) = (0, %n) to (%n, 8) step (2, %n) {
    func.call @use(%i) : (index) -> ()
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%i) = (%c0) to (%n) step (%c1) {
    func.call @use(%i) : (index) -> ()
  }
  scf.forall (%i, %j, %k) in (%n, 3, %n) {
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<4x4xi32>
}
func.func @parallel(%n: index, %m: index, %f: f32) -> (f32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i0 = arith.constant 0 : i32
  %r:2 = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) init (%f, %i0) -> (f32, i32) {
    %x = arith.index_cast %i : index to i32
    scf.reduce(%f, %x : f32, i32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      scf.reduce.return %s {k} : i32
    }
  } {foo}
  %one = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%i0) -> i32 {
    scf.reduce(%i0 : i32) {
    ^bb0(%a: i32, %b: i32):
      %s = arith.maxsi %a, %b : i32
      scf.reduce.return %s : i32
    }
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    func.call @use(%i) : (index) -> ()
  }
  return %r#0, %r#1 : f32, i32
}
