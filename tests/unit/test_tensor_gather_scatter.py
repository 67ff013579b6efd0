"""tensor.gather and tensor.scatter: the interpreter's rules on hand-computed
cases (full and rank-reduced result shapes, several gathered dims), and the
declarations' accessors and verifier."""

from __future__ import annotations

import numpy as np
import pytest

import hlopt
from hlopt.interp import interpret


def _run(text: str, *args: object) -> list:
    return interpret(hlopt.parse_module(text), list(args))[0]


SRC = np.arange(12, dtype=np.int32).reshape(3, 4)  # [[0..3], [4..7], [8..11]]


def test_gather_rows_keeps_the_gathered_dim_as_one() -> None:
    text = """func.func @main(%s: tensor<3x4xi32>, %i: tensor<2x1xindex>) -> tensor<2x1x4xi32> {
  %g = tensor.gather %s[%i] gather_dims([0]) : (tensor<3x4xi32>, tensor<2x1xindex>) -> tensor<2x1x4xi32>
  return %g : tensor<2x1x4xi32>
}
"""
    (r,) = _run(text, SRC, np.array([[2], [0]], np.int64))
    assert r.tolist() == [[[8, 9, 10, 11]], [[0, 1, 2, 3]]]


def test_gather_rank_reduced_columns() -> None:
    text = """func.func @main(%s: tensor<3x4xi32>, %i: tensor<3x1xi32>) -> tensor<3x3xi32> {
  %g = tensor.gather %s[%i] gather_dims([1]) unique : (tensor<3x4xi32>, tensor<3x1xi32>) -> tensor<3x3xi32>
  return %g : tensor<3x3xi32>
}
"""
    # batch entry b takes column i[b] of every row
    (r,) = _run(text, SRC, np.array([[3], [1], [0]], np.int32))
    assert r.tolist() == [[3, 7, 11], [1, 5, 9], [0, 4, 8]]


def test_gather_of_points_with_a_2d_batch() -> None:
    text = """func.func @main(%s: tensor<3x4xi32>, %i: tensor<2x2x2xindex>) -> tensor<2x2xi32> {
  %g = tensor.gather %s[%i] gather_dims([0, 1]) : (tensor<3x4xi32>, tensor<2x2x2xindex>) -> tensor<2x2xi32>
  return %g : tensor<2x2xi32>
}
"""
    idx = np.array([[[0, 0], [2, 3]], [[1, 2], [2, 0]]], np.int64)
    (r,) = _run(text, SRC, idx)
    assert r.tolist() == [[0, 11], [6, 8]]


def test_scatter_writes_rows_into_a_copy_of_dest() -> None:
    text = """func.func @main(%u: tensor<2x4xi32>, %d: tensor<3x4xi32>, %i: tensor<2x1xindex>) -> tensor<3x4xi32> {
  %r = tensor.scatter %u into %d[%i] scatter_dims([0]) unique : (tensor<2x4xi32>, tensor<3x4xi32>, tensor<2x1xindex>) -> tensor<3x4xi32>
  return %r : tensor<3x4xi32>
}
"""
    upd = np.array([[-1, -2, -3, -4], [-5, -6, -7, -8]], np.int32)
    dest = SRC.copy()
    (r,) = _run(text, upd, dest, np.array([[2], [0]], np.int64))
    assert r.tolist() == [[-5, -6, -7, -8], [4, 5, 6, 7], [-1, -2, -3, -4]]
    assert dest.tolist() == SRC.tolist()


def test_accessors_name_the_declared_operands() -> None:
    m = hlopt.parse_module("""func.func @f(%s: tensor<3x4xf32>, %i: tensor<2x1xindex>) -> tensor<2x4xf32> {
  %g = tensor.gather %s[%i] gather_dims([0]) : (tensor<3x4xf32>, tensor<2x1xindex>) -> tensor<2x4xf32>
  return %g : tensor<2x4xf32>
}
""")
    from hlopt.dialects.tensor import GatherOp

    g = next(op for op in m.walk() if isinstance(op, GatherOp))
    f_args = g.parent.args
    assert g.source is f_args[0] and g.indices is f_args[1] and g.result is g.results[0]
    assert list(g.gather_dims.values) == [0] and g.unique is None


@pytest.mark.parametrize("dims,msg", [
    ("[1]", "result type mismatch: expected 'tensor<2x3x1xf32>' or its rank-reduced variant 'tensor<2x3xf32>'"),
    ("[0, 1]", "gather_dims length must match the size of last dimension of indices"),
])
def test_verifier_rejects_wrong_dims(dims: str, msg: str) -> None:
    text = f"""func.func @f(%s: tensor<3x4xf32>, %i: tensor<2x1xindex>) -> tensor<2x4xf32> {{
  %g = tensor.gather %s[%i] gather_dims({dims}) : (tensor<3x4xf32>, tensor<2x1xindex>) -> tensor<2x4xf32>
  return %g : tensor<2x4xf32>
}}
"""
    import re

    m = hlopt.parse_module(text)
    with pytest.raises(Exception, match=re.escape(msg)):
        hlopt.verify(m)
