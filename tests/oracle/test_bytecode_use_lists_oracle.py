"""jaxlib judges the order of uses after reading bytecode: each corpus
fixture is parsed by jaxlib, every third op's first operand is set again
(which moves that use to the front of MLIR's use list, so the file carries
use-list orders), written as bytecode and read back by jaxlib and by
hlopt. MLIR lists a value's newest use first and hlopt its oldest, so for
every value hlopt's uses must be jaxlib's reversed, as (owner op number
in pre-order, operand number). One jaxlib context per fixture."""

from __future__ import annotations

import io
import pathlib
import sys

import pytest

pytest.importorskip("jaxlib")

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))

import mlir_ref  # noqa: E402

from hlopt.syntax.bytecode import read_bytecode  # noqa: E402

CORPUS = sorted(p for p in (HERE.parent / "fixtures" / "stablehlo").glob("*.mlir")
                if ".generic" not in p.name and ".debuginfo" not in p.name)


def _jaxlib_ops(m) -> list:
    ops = []

    def walk(op):
        ops.append(op)
        for r in op.regions:
            for b in r.blocks:
                for o in b.operations:
                    walk(o.operation)
    walk(m.operation)
    return ops


def _jaxlib_orders(m) -> list:
    ops = _jaxlib_ops(m)
    ids = {op: i for i, op in enumerate(ops)}
    out = []
    for op in ops:
        for r in op.regions:
            for b in r.blocks:
                out.extend([[ids[u.owner.operation], u.operand_number] for u in a.uses] for a in b.arguments)
        out.extend([[ids[u.owner.operation], u.operand_number] for u in v.uses] for v in op.results)
    return out


def _hlopt_orders(module) -> list:
    ops = []
    stack = [module]
    while stack:
        op = stack.pop()
        ops.append(op)
        stack.extend(reversed([o for r in op.regions for b in r.blocks for o in b.ops_list()]))
    ids = {op: i for i, op in enumerate(ops)}
    out = []
    for op in ops:
        for r in op.regions:
            for b in r.blocks:
                out.extend([[ids[u.owner], u.index] for u in reversed(a.uses)] for a in b.args)
        out.extend([[ids[u.owner], u.index] for u in reversed(v.uses)] for v in op.results)
    return out


def _bytecode(path: pathlib.Path, shuffle: bool) -> tuple[bytes, list]:
    from jaxlib.mlir import ir

    with mlir_ref._make_context(True):
        m = ir.Module.parse(path.read_text())
        if shuffle:
            for k, op in enumerate(_jaxlib_ops(m)):
                if k % 3 == 0 and len(op.operands):
                    op.operands[0] = op.operands[0]
        buf = io.BytesIO()
        m.operation.write_bytecode(buf)
        return buf.getvalue(), _jaxlib_orders(ir.Module.parse(buf.getvalue()))


@pytest.mark.parametrize("shuffle", [False, True], ids=["as-parsed", "shuffled"])
@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem) for p in CORPUS])
def test_uses_are_in_the_order_jaxlib_reads(path, shuffle):
    data, want = _bytecode(path, shuffle)
    module, _ = read_bytecode(path.name, data)
    # the module op's own number: jaxlib numbers from its module too
    assert _hlopt_orders(module) == want
