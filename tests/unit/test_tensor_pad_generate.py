"""tensor.pad and tensor.generate in the interpreter: padding values come
from the region (run per padded element, with its indices), generate runs
its body per element; canonicalization keeps results. Expectations are
computed by hand with numpy."""

from __future__ import annotations

import numpy as np

import hlopt
from hlopt.interp import interpret
from hlopt.passes.semantics import check_semantics

PAD = """func.func @main(%t: tensor<2x3xindex>, %p: index, %i: index) -> tensor<?x6xindex> {
  %0 = tensor.pad %t low[%i, 1] high[1, 2] {
  ^bb0(%a: index, %b: index):
    %r = arith.addi %b, %p : index
    tensor.yield %r : index
  } : tensor<2x3xindex> to tensor<?x6xindex>
  return %0 : tensor<?x6xindex>
}
"""


def test_pad_places_the_source_and_fills_from_the_region() -> None:
    t = np.arange(100, 106, dtype=np.intp).reshape(2, 3)
    (r,) = interpret(hlopt.parse_module(PAD), [t, np.intp(10), np.intp(1)])[0]
    want = np.add.outer(np.zeros(4, np.intp), np.arange(6, dtype=np.intp)) + 10  # padding: column index + %p
    want[1:3, 1:4] = t
    assert r.shape == (4, 6)
    assert r.tolist() == want.tolist()


GEN = """func.func @main(%d: index) -> tensor<?x3xindex> {
  %0 = tensor.generate %d {
  ^bb0(%a: index, %b: index):
    %c10 = arith.constant 10 : index
    %m = arith.muli %a, %c10 : index
    %s = arith.addi %m, %b : index
    tensor.yield %s : index
  } : tensor<?x3xindex>
  return %0 : tensor<?x3xindex>
}
"""


def test_generate_runs_the_body_per_element() -> None:
    (r,) = interpret(hlopt.parse_module(GEN), [np.intp(2)])[0]
    assert r.tolist() == [[0, 1, 2], [10, 11, 12]]


ZERO = """func.func @main(%t: tensor<2x3xf32>, %p: f32) -> tensor<2x3xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.pad %t low[%c0, 0] high[0, %c0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %p : f32
  } : tensor<2x3xf32> to tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
"""


def test_zero_padding_canonicalizes_away_and_keeps_results() -> None:
    m = hlopt.parse_module(ZERO)
    check_semantics(m, "builtin.module(canonicalize)", seeds=2)
    assert "tensor.pad" not in hlopt.print_op(m)
