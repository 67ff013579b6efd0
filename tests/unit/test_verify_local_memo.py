"""The verifier checks an op marked `local_verify` once per distinct
(operand/result types, properties, attributes) in one run
(hlopt/ir/verifier.py); an op differing in any of these is still checked
and its error reported."""

from __future__ import annotations

import pytest

from hlopt.ir.core import IRError, Operation
from hlopt.ir.verifier import verify
from hlopt.syntax.parser import parse_module

HEAD = "func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {\n"


def _module(lines: list[str], ret: str = "%a"):
    return parse_module(HEAD + "".join(f"  {x}\n" for x in lines) + f"  return {ret} : tensor<4xf32>\n}}\n")


def _count_checks(monkeypatch, name: str) -> list[Operation]:
    """Record every op of `name` whose own checks run."""
    from hlopt.ir.opdef import lookup_op

    d = lookup_op(name)
    assert d.local_verify
    seen: list[Operation] = []
    inner = d.verify.__func__

    def counting(cls, op):
        seen.append(op)
        return inner(cls, op)

    monkeypatch.setattr(d, "verify", classmethod(counting))
    monkeypatch.delattr(d, "_op_checker", raising=False)  # rebuilt with the counting verify
    return seen


def test_same_shape_checked_once(monkeypatch) -> None:
    m = _module([f"%{i} = stablehlo.add %a, %b : tensor<4xf32>" for i in range(5)]
                + ["%5 = stablehlo.add %a, %b : tensor<4xf32>"], "%5")
    seen = _count_checks(monkeypatch, "stablehlo.add")
    verify(m)
    assert len(seen) == 1
    verify(m)  # a new run checks again
    assert len(seen) == 2


def test_other_types_or_attributes_checked_again(monkeypatch) -> None:
    m = _module([
        "%0 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>",
        "%1 = stablehlo.broadcast_in_dim %b, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>",
        "%2 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>",
        "%3 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<4xf32>) -> tensor<4x2xf32>",
    ])
    seen = _count_checks(monkeypatch, "stablehlo.broadcast_in_dim")
    verify(m)
    ops = m.regions[0].blocks[0].ops_list()[0].regions[0].blocks[0].ops_list()
    assert seen == [ops[0], ops[2], ops[3]]


def test_invalid_op_after_valid_ones_is_reported() -> None:
    m = _module([
        "%0 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>",
        "%1 = stablehlo.broadcast_in_dim %b, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>",
        "%2 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<4xf32>) -> tensor<4xf32>",
    ])
    ops = m.regions[0].blocks[0].ops_list()[0].regions[0].blocks[0].ops_list()
    with pytest.raises(IRError) as e:
        verify(m)
    assert e.value.op is ops[2]
