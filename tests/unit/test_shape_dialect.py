"""The shape dialect: its types, custom forms through the API, and the
interpreter rules on a dynamic-shape program of the kind StableHLO's
broadcasting lowerings produce (hand-computed expectations)."""

from __future__ import annotations

import numpy as np
import pytest

import hlopt
from hlopt.interp import InterpError, interpret
from hlopt.ir.types import OpaqueType

PROGRAM = """func.func @main(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2xindex>, index, !shape.size) {
  %0 = shape.shape_of %a : tensor<2x3xf32> -> tensor<2xindex>
  %1 = shape.shape_of %b : tensor<3xf32> -> tensor<1xindex>
  %2 = shape.cstr_broadcastable %0, %1 : tensor<2xindex>, tensor<1xindex>
  %w = shape.const_witness true
  %3 = shape.assuming_all %2, %w
  %4:2 = shape.assuming %3 -> (tensor<2x3xf32>, tensor<2xindex>) {
    %5 = shape.broadcast %0, %1 : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
    %6 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
    %7 = stablehlo.add %a, %6 : tensor<2x3xf32>
    shape.assuming_yield %7, %5 : tensor<2x3xf32>, tensor<2xindex>
  }
  %8 = shape.num_elements %0 : tensor<2xindex> -> index
  %s = shape.from_extent_tensor %0 : tensor<2xindex>
  %9 = shape.rank %s : !shape.shape -> !shape.size
  return %4#0, %4#1, %8, %9 : tensor<2x3xf32>, tensor<2xindex>, index, !shape.size
}
"""


def _module(text: str):
    m = hlopt.parse_module(text)
    hlopt.verify(m)
    return m


def test_broadcasting_program_runs_under_its_witnesses() -> None:
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.array([10, 20, 30], np.float32)
    out, bshape, n, rank = interpret(_module(PROGRAM), [a, b])[0]
    assert out.tolist() == [[10, 21, 32], [13, 24, 35]]
    assert bshape.tolist() == [2, 3]
    assert int(n) == 6 and int(rank) == 2


def test_a_failing_constraint_stops_the_assuming_region() -> None:
    text = """func.func @main(%a: tensor<2x4xf32>, %b: tensor<3xf32>) -> tensor<2x4xf32> {
  %0 = shape.shape_of %a : tensor<2x4xf32> -> tensor<2xindex>
  %1 = shape.shape_of %b : tensor<3xf32> -> tensor<1xindex>
  %2 = shape.cstr_broadcastable %0, %1 : tensor<2xindex>, tensor<1xindex>
  %3 = shape.assuming %2 -> (tensor<2x4xf32>) {
    shape.assuming_yield %a : tensor<2x4xf32>
  }
  return %3 : tensor<2x4xf32>
}
"""
    with pytest.raises(InterpError, match="witness does not hold"):
        interpret(_module(text), [np.zeros((2, 4), np.float32), np.zeros(3, np.float32)])


def test_types_are_the_dialects_spellings() -> None:
    m = _module(PROGRAM)
    types = {r.type.text for op in m.walk() for r in op.results if isinstance(r.type, OpaqueType)}
    assert types == {"!shape.witness", "!shape.shape", "!shape.size"}


def test_const_size_is_named_after_its_value_and_folds() -> None:
    text = """func.func @main() -> index {
  %0 = shape.const_size 7
  %1 = shape.size_to_index %0 : !shape.size
  return %1 : index
}
"""
    m = _module(text)
    assert "%c7 = shape.const_size 7" in hlopt.print_op(m)
    assert int(interpret(m, [])[0][0]) == 7


@pytest.mark.parametrize("shapes,expected", [
    ([[2, 1, 3], [4, 3]], [2, 4, 3]),
    ([[], [5]], [5]),
    ([[2], [3]], None),
])
def test_broadcast_shapes(shapes: list, expected: list | None) -> None:
    from hlopt.dialects.shape import broadcast_shapes

    assert broadcast_shapes(shapes) == expected
