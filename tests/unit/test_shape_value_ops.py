"""shape.meet, with_shape, value_as_shape, value_of, debug_print and reduce:
the interpreter's rules on hand-computed cases, and meet's type inference."""

from __future__ import annotations

import numpy as np
import pytest

import hlopt
from hlopt.interp import interpret
from hlopt.kernels.values import InterpError

PROG = """func.func @main(%t: tensor<2x3xf32>, %e: tensor<2xindex>) -> (tensor<2xindex>, tensor<2x3xf32>, tensor<2xindex>) {
  %s = shape.shape_of %t : tensor<2x3xf32> -> tensor<2xindex>
  %m = shape.meet %s, %e : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  %vs = shape.with_shape %t, %m : tensor<2x3xf32>, tensor<2xindex>
  %v = shape.value_of %vs : tensor<2x3xf32>
  %as = shape.value_as_shape %e : tensor<2xindex> -> tensor<2xindex>
  %p = "shape.debug_print"(%as) : (tensor<2xindex>) -> tensor<2xindex>
  return %m, %v, %p : tensor<2xindex>, tensor<2x3xf32>, tensor<2xindex>
}
"""


def test_value_ops_pass_values_and_shapes_through() -> None:
    t = np.arange(6, dtype=np.float32).reshape(2, 3)
    m, v, p = interpret(hlopt.parse_module(PROG), [t, np.array([2, 3], np.int64)])[0]
    assert np.asarray(m).tolist() == [2, 3]
    assert np.asarray(v).tolist() == t.tolist()
    assert np.asarray(p).tolist() == [2, 3]


def test_meet_of_unequal_shapes_is_a_located_error() -> None:
    t = np.zeros((2, 3), np.float32)
    with pytest.raises(InterpError, match=r"'shape.meet' of unequal operands \[2, 3\] and \[2, 4\]") as e:
        interpret(hlopt.parse_module(PROG), [t, np.array([2, 4], np.int64)])
    assert e.value.op is not None and e.value.op.name == "shape.meet"


@pytest.mark.parametrize("types,result,ok", [
    ("tensor<?xindex>, tensor<3xindex>", "tensor<3xindex>", True),   # the static one is compatible
    ("!shape.size, index", "index", True),                           # size meets index: size, index compatible
    ("!shape.shape, tensor<2xindex>", "tensor<2xindex>", True),
    ("tensor<2xindex>, tensor<3xindex>", "tensor<2xindex>", False),  # unequal cardinality
    ("!shape.size, !shape.size", "!shape.shape", False),
])
def test_meet_inference(types: str, result: str, ok: bool) -> None:
    a, b = (x.strip() for x in types.split(","))
    text = f"""func.func @f(%a: {a}, %b: {b}) -> {result} {{
  %0 = shape.meet %a, %b : {a}, {b} -> {result}
  return %0 : {result}
}}
"""
    m = hlopt.parse_module(text)
    if ok:
        hlopt.verify(m)
    else:
        with pytest.raises(Exception, match="shape.meet|cardinality"):
            hlopt.verify(m)


def test_reduce_folds_index_and_extent_into_the_accumulators() -> None:
    # over extents [2, 3, 4]: product 24; sum of index * extent = 0*2 + 1*3 + 2*4 = 11
    text = """func.func @main(%t: tensor<3xindex>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = shape.reduce(%t, %c1, %c0) : tensor<3xindex> -> (index, index) {
  ^bb0(%i: index, %d: index, %p: index, %s: index):
    %p1 = arith.muli %p, %d : index
    %w = arith.muli %i, %d : index
    %s1 = arith.addi %s, %w : index
    shape.yield %p1, %s1 : index, index
  }
  return %r#0, %r#1 : index, index
}
"""
    p, s = interpret(hlopt.parse_module(text), [np.array([2, 3, 4], np.int64)])[0]
    assert int(p) == 24 and int(s) == 11
