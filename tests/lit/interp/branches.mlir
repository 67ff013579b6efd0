// Multi-block functions: cf.br / cf.cond_br with block arguments, a loop
// counted with arith on i32, and a failing cf.assert located at the op.
// RUN: python -c "import numpy as np; np.savez('%t.in.npz', arg0=np.int32(3), arg1=np.array([1.5, -2], np.float32))"
// RUN: hlopt-run %s --inputs %t.in.npz --print-values | filecheck %s
// RUN: python -c "import numpy as np; np.savez('%t.neg.npz', arg0=np.int32(-1), arg1=np.array([1.5, -2], np.float32))"
// RUN: not hlopt-run %s --inputs %t.neg.npz 2>&1 | filecheck %s --check-prefix=ERR

func.func @main(%n: i32, %x: tensor<2xf32>) -> (tensor<2xf32>, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %ok = arith.cmpi sge, %n, %c0 : i32
  cf.assert %ok, "n must not be negative"
  cf.br ^loop(%c0, %x : i32, tensor<2xf32>)
^loop(%i: i32, %acc: tensor<2xf32>):
  %done = arith.cmpi sge, %i, %n : i32
  cf.cond_br %done, ^exit(%acc, %i : tensor<2xf32>, i32), ^body
^body:
  %y = stablehlo.add %acc, %acc : tensor<2xf32>
  %next = arith.addi %i, %c1 : i32
  cf.br ^loop(%next, %y : i32, tensor<2xf32>)
^exit(%r: tensor<2xf32>, %trips: i32):
  return %r, %trips : tensor<2xf32>, i32
}

// CHECK:      result0: tensor<2xf32>
// CHECK-NEXT:   device 0: 2 float32 checksum {{[0-9a-f]+}} = [ 12., -16.]
// CHECK:      result1: i32
// CHECK-NEXT:   device 0: scalar int32 checksum {{[0-9a-f]+}} = 3
// ERR: branches.mlir:12:3: error: assertion failed: n must not be negative
