"""chlo.scan: parse/print of its custom form, the verifier's rules and the
interpreter rule (a cumulative sum / running product computed by hand)."""

from __future__ import annotations

import numpy as np
import pytest

import hlopt
from hlopt.interp import interpret
from hlopt.ir.core import IRError

SCAN = """func.func @main(%x: tensor<4x2xf32>, %i: tensor<2xf32>) -> (tensor<4x2xf32>, tensor<2xf32>) {
  %0:2 = chlo.scan(%x) inits (%i) dimension=0 ATTRS {
  ^bb0(%a: tensor<2xf32>, %c: tensor<2xf32>):
    %s = stablehlo.OP %a, %c : tensor<2xf32>
    stablehlo.return %s, %s : tensor<2xf32>, tensor<2xf32>
  } : (tensor<4x2xf32>, tensor<2xf32>) -> (tensor<4x2xf32>, tensor<2xf32>)
  return %0#0, %0#1 : tensor<4x2xf32>, tensor<2xf32>
}
"""


def _run(op: str, attrs: str, x: np.ndarray, init: np.ndarray) -> list:
    m = hlopt.parse_module(SCAN.replace("OP", op).replace("ATTRS", attrs))
    hlopt.verify(m)
    return interpret(m, [x, init])[0]


X = np.arange(1, 9, dtype=np.float32).reshape(4, 2)


def test_forward_scan_is_a_running_sum() -> None:
    outs, carry = _run("add", "", X, np.zeros(2, np.float32))
    assert outs.tolist() == [[1, 2], [4, 6], [9, 12], [16, 20]]
    assert carry.tolist() == [16, 20]


def test_reverse_scan_starts_at_the_end() -> None:
    outs, carry = _run("add", "attributes {is_reverse = true}", X, np.zeros(2, np.float32))
    assert outs.tolist() == [[16, 20], [15, 18], [12, 14], [7, 8]]
    assert carry.tolist() == [16, 20]


def test_running_product_with_a_nonzero_init() -> None:
    outs, carry = _run("multiply", "attributes {is_reverse = false}", X, np.full(2, 2, np.float32))
    assert outs[:, 0].tolist() == [2, 6, 30, 210]
    assert carry.tolist() == [210, 768]


def test_custom_form_keeps_segment_sizes() -> None:
    m = hlopt.parse_module(SCAN.replace("OP", "add").replace("ATTRS", ""))
    scan = next(op for op in m.walk() if op.name == "chlo.scan")
    assert scan.properties.get("operandSegmentSizes").values == (1, 1)
    assert scan.properties.get("resultSegmentSizes").values == (1, 1)
    assert scan.properties.get("dimension").value == 0


@pytest.mark.parametrize("attrs,message", [
    ("attributes {scan_dim_size = 3 : i64}", "invalid scan dimension size of operand 0"),
    ("attributes {scan_dim_size = -3 : i64}", "whose value is non-negative"),
])
def test_scan_dim_size_rules(attrs: str, message: str) -> None:
    m = hlopt.parse_module(SCAN.replace("OP", "add").replace("ATTRS", attrs))
    with pytest.raises(IRError, match=message):
        hlopt.verify(m)
