"""The interpreter runs scf.forall (its in_parallel tensor.parallel_insert_slice
updates into the shared outputs) and scf.parallel (its scf.reduce regions
folding each iteration's values into the running ones). Expectations are
computed by hand."""

from __future__ import annotations

import numpy as np
import pytest

import hlopt
from hlopt.interp import interpret
from hlopt.kernels.values import InterpError

FORALL = """func.func @main(%t: tensor<8xf32>, %x: tensor<2xf32>) -> tensor<8xf32> {
  %r = scf.forall (%i) = (1) to (4) step (2) shared_outs(%o = %t) -> (tensor<8xf32>) {
    %c2 = arith.constant 2 : index
    %off = arith.muli %i, %c2 : index
    %y = stablehlo.add %x, %x : tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %o[%off] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}
"""


def _run(text: str, *args: object) -> list:
    return interpret(hlopt.parse_module(text), list(args))[0]


def test_forall_inserts_each_iteration_slice_into_the_shared_output() -> None:
    # iterations i = 1, 3 write x + x at offsets 2 and 6; the rest keeps the init
    t = np.arange(8, dtype=np.float32)
    (r,) = _run(FORALL, t, np.array([10, 20], np.float32))
    assert r.tolist() == [0, 1, 20, 40, 4, 5, 20, 40]
    assert t.tolist() == list(range(8))  # (the input is not written)


def test_forall_2d_strided_and_rank_reducing_inserts() -> None:
    # (i, j) in (2, 2): row 2*i, columns j and j + 2 (stride 2) get [i, j] + 1
    text = """func.func @main(%t: tensor<4x4xi32>, %a: tensor<2xi32>) -> tensor<4x4xi32> {
  %r = scf.forall (%i, %j) in (2, 2) shared_outs(%o = %t) -> (tensor<4x4xi32>) {
    %c2 = arith.constant 2 : index
    %row = arith.muli %i, %c2 : index
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %a into %o[%row, %j] [1, 2] [1, 2] : tensor<2xi32> into tensor<4x4xi32>
    }
  }
  return %r : tensor<4x4xi32>
}
"""
    (r,) = _run(text, np.zeros((4, 4), np.int32), np.array([7, 9], np.int32))
    want = np.zeros((4, 4), np.int32)
    for row in (0, 2):
        for j in (0, 1):
            want[row, j], want[row, j + 2] = 7, 9
    assert r.tolist() == want.tolist()


def test_forall_without_outputs_runs_every_iteration() -> None:
    text = """func.func @main(%n: index) {
  scf.forall (%i) in (%n) {
  }
  return
}
"""
    assert _run(text, np.int64(3)) == []


PARALLEL = """func.func @main(%n: index, %m: index, %a: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) init (%a, %c1) -> (index, index) {
    %x = arith.addi %i, %j : index
    %y = arith.addi %x, %c1 : index
    scf.reduce(%x, %y : index, index) {
    ^bb0(%l: index, %r: index):
      %s = arith.addi %l, %r : index
      scf.reduce.return %s : index
    }, {
    ^bb0(%l: index, %r: index):
      %s = arith.muli %l, %r : index
      scf.reduce.return %s : index
    }
  }
  return %r#0, %r#1 : index, index
}
"""


@pytest.mark.parametrize("n,m,total,product", [
    # i + j over 3x2: 0,1,1,2,2,3 (sum 9); i + j + 1: 1,2,2,3,3,4 (product 144)
    (3, 2, 100 + 9, 144),
    (1, 1, 100, 1),
    (0, 5, 100, 1),  # no iteration: the init values
])
def test_parallel_folds_reductions_over_both_dimensions(n: int, m: int, total: int, product: int) -> None:
    s, p = _run(PARALLEL, np.int64(n), np.int64(m), np.int64(100))
    assert int(s) == total and int(p) == product


def test_parallel_step_skips_iterations() -> None:
    text = """func.func @main(%n: index) -> index {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  %r = scf.parallel (%i) = (%c1) to (%n) step (%c3) init (%c0) -> index {
    scf.reduce(%i : index) {
    ^bb0(%l: index, %r: index):
      %s = arith.addi %l, %r : index
      scf.reduce.return %s : index
    }
  }
  return %r : index
}
"""
    (r,) = _run(text, np.int64(10))
    assert int(r) == 1 + 4 + 7


def test_forall_insert_outside_a_shared_output_is_a_located_error() -> None:
    # the interpreter may run IR nobody verified: an insert into a value that
    # is not a shared output is an InterpError naming the op, not a crash
    bad = FORALL.replace("tensor.parallel_insert_slice %y into %o", "tensor.parallel_insert_slice %y into %t")
    with pytest.raises(InterpError, match="may only insert into an output block argument") as e:
        interpret(hlopt.parse_module(bad), [np.zeros(8, np.float32), np.zeros(2, np.float32)])
    assert e.value.op is not None and e.value.op.name == "tensor.parallel_insert_slice"
