"""--async-schedule=pipeline-loops=true keeps results bit for bit on 8
devices (reference interpreter): the ring and the layer scan of
tests/lit/async/pipeline_loops.mlir, pipelined, give the same arrays on
every device as the input; undoing the rotation (a loop running one
iteration too many) is caught by the same comparison."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import hlopt
from hlopt.interp.api import interpret, random_inputs
from hlopt.ir.core import BlockArgument
from hlopt.passes.async_collectives import AsyncCollectives
from hlopt.passes.async_schedule import AsyncSchedule

LIT = Path(__file__).resolve().parents[1] / "lit" / "async" / "pipeline_loops.mlir"
CASES = [c for c in LIT.read_text().split("// -----") if "module @" in c]


def _pipelined(text: str) -> tuple[object, dict]:
    m = hlopt.parse_module(text)
    AsyncCollectives(form="upstream").run(m)
    p = AsyncSchedule(pipeline_loops=True)
    p.run(m)
    hlopt.verify(m)
    return m, p.statistics


def _same(a: list[list[np.ndarray]], b: list[list[np.ndarray]]) -> bool:
    return len(a) == len(b) == 8 and all(
        len(x) == len(y) and all(u.dtype == v.dtype and u.shape == v.shape and u.tobytes() == v.tobytes()
                                 for u, v in zip(x, y)) for x, y in zip(a, b))


@pytest.mark.parametrize("case", range(len(CASES)))
def test_pipelined_loop_equal_bitwise_on_8_devices(case):
    src = hlopt.parse_module(CASES[case])
    m, stats = _pipelined(CASES[case])
    assert stats["num-loops-pipelined"] == 1
    for seed in (0, 1):
        args = random_inputs(src, seed=seed)
        assert _same(interpret(src, args), interpret(m, args))


@pytest.mark.parametrize("case", range(len(CASES)))
def test_unrotated_loop_is_caught(case):
    """Without the rotation the loop runs its last iteration twice (once
    inside, once as the epilogue): the results change."""
    src = hlopt.parse_module(CASES[case])
    m, _ = _pipelined(CASES[case])
    loop = next(o for o in m.walk() if o.name == "stablehlo.while")
    cond = loop.regions[0].blocks[0]
    cmp = cond.last_op.operands[0].defining_op
    add = cmp.operands[0].defining_op
    assert add.name == "stablehlo.add" and isinstance(add.operands[0], BlockArgument)
    cmp.set_operand(0, add.operands[0])
    args = random_inputs(src, seed=0)
    assert not _same(interpret(src, args), interpret(m, args))
