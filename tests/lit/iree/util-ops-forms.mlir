// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// util ops in IREE's custom forms: null, cmp.eq/ne, align, sizeof (attributes
// with the keyword), optimization_barrier (attributes first, none or several
// values), unfoldable_constant, cast, assume.int (one operand on the line,
// several one per line), lists (get/set name the element type only when it
// differs from the list's), and globals through pointers (%ptr_<global>).

util.func public @values(%arg0: index, %arg1: index, %arg2: i32, %arg3: tensor<4xf32>, %arg4: !util.buffer) -> index {
  %0 = util.null : !util.buffer
  %1 = util.null {x = 1 : i64} : !util.list<?>
  %2 = util.cmp.eq %arg0, %arg1 : index
  %3 = util.cmp.ne %arg2, %arg2 {x} : i32
  %4 = util.align %arg0, %arg1 : index
  %5 = util.align %arg2, %arg2 {q} : i32
  %6 = util.sizeof i32
  %7 = util.sizeof !util.buffer attributes {x}
  %8 = util.optimization_barrier %arg0 : index
  %9:2 = util.optimization_barrier {x} %arg0, %arg3 : index, tensor<4xf32>
  %10 = util.unfoldable_constant 4 : index
  %11 = util.unfoldable_constant dense<1.000000e+00> : tensor<4xf32>
  %12 = util.unfoldable_constant  {x} 4 : i32
  %13 = util.cast %arg4 : !util.buffer to !util.buffer
  util.optimization_barrier {x}
  util.optimization_barrier
  util.return %arg0 : index
}
// CHECK-LABEL: util.func public @values
// CHECK: %0 = util.null : !util.buffer
// CHECK: %1 = util.null {x = 1 : i64} : !util.list<?>
// CHECK: %2 = util.cmp.eq %arg0, %arg1 : index
// CHECK: %3 = util.cmp.ne %arg2, %arg2 {x} : i32
// CHECK: %4 = util.align %arg0, %arg1 : index
// CHECK: %5 = util.align %arg2, %arg2 {q} : i32
// CHECK: %6 = util.sizeof i32
// CHECK: %7 = util.sizeof !util.buffer attributes {x}
// CHECK: %8 = util.optimization_barrier %arg0 : index
// CHECK: %9:2 = util.optimization_barrier {x} %arg0, %arg3 : index, tensor<4xf32>
// CHECK: %10 = util.unfoldable_constant 4 : index
// CHECK: %11 = util.unfoldable_constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: %12 = util.unfoldable_constant  {x} 4 : i32
// CHECK: %13 = util.cast %arg4 : !util.buffer to !util.buffer
// CHECK: util.optimization_barrier {x}
// CHECK: util.optimization_barrier
// CHECK: util.return %arg0 : index

// -----

util.func public @assume(%arg0: index, %arg1: i32) -> (index, i32) {
  %0 = util.assume.int %arg0<umin = 0, umax = 4> : index
  %1:2 = util.assume.int 
      %arg0[<umin = 0>, <udiv = 16>], 
      %arg1<umin = 1, umax = 2, udiv = 1>
    : index, i32
  %2 = util.assume.int %arg0<> : index
  %3:3 = util.assume.int 
      %arg0<umin = 8>, 
      %arg1<udiv = 4>, 
      %0<umax = 7>
    : index, i32, index
  util.return %0, %1#1 : index, i32
}
// CHECK-LABEL: util.func public @assume
// CHECK: %0 = util.assume.int %arg0<umin = 0, umax = 4> : index
// CHECK: %1:2 = util.assume.int
// CHECK: %arg0[<umin = 0>, <udiv = 16>],
// CHECK: %arg1<umin = 1, umax = 2, udiv = 1>
// CHECK: : index, i32
// CHECK: %2 = util.assume.int %arg0<> : index
// CHECK: %3:3 = util.assume.int
// CHECK: %arg0<umin = 8>,
// CHECK: %arg1<udiv = 4>,
// CHECK: %0<umax = 7>
// CHECK: : index, i32, index
// CHECK: util.return %0, %1#1 : index, i32

// -----

// Attributes print after the types and read back from there, as iree-opt does.
// (The zero-operand form is pinned in tests/lit/syntax/iree-assume-int-empty.mlir:
// iree-opt cannot read back what it prints for it, so this oracle cannot judge it.)
util.func public @assume_attrs(%arg0: index) -> index {
  %0 = util.assume.int %arg0<umin = 0> : index {foo = 1 : i32}
  %1:2 = util.assume.int 
      %arg0<umin = 8>, 
      %0<udiv = 4>
    : index, index {bar}
  util.return %1#0 : index
}
// CHECK-LABEL: util.func public @assume_attrs
// CHECK: %0 = util.assume.int %arg0<umin = 0> : index {foo = 1 : i32}
// CHECK: %1:2 = util.assume.int
// CHECK: : index, index {bar}

// -----

util.func public @lists(%arg0: index, %arg1: i32, %arg2: !util.list<i32>, %arg3: !util.list<?>, %arg4: !util.list<tensor<4xf32>>, %arg5: tensor<4xf32>) {
  %0 = util.list.create : !util.list<i32>
  %1 = util.list.create %arg0 {x} : !util.list<?>
  %2 = util.list.size %arg2 : !util.list<i32>
  util.list.resize %arg2, %arg0 : !util.list<i32>
  util.list.resize %arg3, %arg0 {x} : !util.list<?>
  %3 = util.list.get %arg2[%arg0] : !util.list<i32>
  %4 = util.list.get %arg3[%arg0] {x} : !util.list<?> -> i32
  %5 = util.list.get %arg4[%arg0] : !util.list<tensor<4xf32>>
  util.list.set %arg2[%arg0], %arg1 : !util.list<i32>
  util.list.set %arg3[%arg0], %arg5 {x} : tensor<4xf32> -> !util.list<?>
  %6 = util.list.construct [%arg1 : i32, %arg0 : index] : !util.list<?>
  %7 = util.list.construct [] {x} : !util.list<i32>
  %8 = util.list.construct [%arg1 : i32] : !util.list<i32>
  util.return
}
// CHECK-LABEL: util.func public @lists
// CHECK: %0 = util.list.create : !util.list<i32>
// CHECK: %1 = util.list.create %arg0 {x} : !util.list<?>
// CHECK: %2 = util.list.size %arg2 : !util.list<i32>
// CHECK: util.list.resize %arg2, %arg0 : !util.list<i32>
// CHECK: util.list.resize %arg3, %arg0 {x} : !util.list<?>
// CHECK: %3 = util.list.get %arg2[%arg0] : !util.list<i32>
// CHECK: %4 = util.list.get %arg3[%arg0] {x} : !util.list<?> -> i32
// CHECK: %5 = util.list.get %arg4[%arg0] : !util.list<tensor<4xf32>>
// CHECK: util.list.set %arg2[%arg0], %arg1 : !util.list<i32>
// CHECK: util.list.set %arg3[%arg0], %arg5 {x} : tensor<4xf32> -> !util.list<?>
// CHECK: %6 = util.list.construct [%arg1 : i32, %arg0 : index] : !util.list<?>
// CHECK: %7 = util.list.construct [] {x} : !util.list<i32>
// CHECK: %8 = util.list.construct [%arg1 : i32] : !util.list<i32>

// -----

util.global private mutable @g : index
util.global private @gt : tensor<4xf32>
util.func public @indirect(%arg0: index, %arg1: !util.ptr<index>) -> index {
  %ptr_g = util.global.address @g : !util.ptr<index>
  %ptr_gt = util.global.address immutable @gt {x} : !util.ptr<tensor<4xf32>>
  %0 = util.global.load.indirect %arg1 : !util.ptr<index> -> index
  %1 = util.global.load.indirect immutable %ptr_g {x} : !util.ptr<index> -> index
  util.global.store.indirect %arg0, %arg1 : index -> !util.ptr<index>
  util.global.store.indirect %1, %ptr_g {x} : index -> !util.ptr<index>
  util.return %0 : index
}
// CHECK: util.global private mutable @g : index
// CHECK: util.global private @gt : tensor<4xf32>
// CHECK-LABEL: util.func public @indirect
// CHECK: %ptr_g = util.global.address @g : !util.ptr<index>
// CHECK: %ptr_gt = util.global.address immutable @gt {x} : !util.ptr<tensor<4xf32>>
// CHECK: %0 = util.global.load.indirect %arg1 : !util.ptr<index> -> index
// CHECK: %1 = util.global.load.indirect immutable %ptr_g {x} : !util.ptr<index> -> index
// CHECK: util.global.store.indirect %arg0, %arg1 : index -> !util.ptr<index>
// CHECK: util.global.store.indirect %1, %ptr_g {x} : index -> !util.ptr<index>
// CHECK: util.return %0 : index
