"""Graph regions come from RegionKindInterface, not from op names: an op
that declares its region a graph admits uses before definitions (verifier)
and cse keeps such uses valid; the same op shape without the declaration
is an SSA CFG region where the verifier rejects them."""

from __future__ import annotations

import pytest

from hlopt.ir.context import current_context
from hlopt.ir.core import IRError
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import RegionKindInterface, has_ssa_dominance, may_be_graph_region
from hlopt.ir.opdef import NO_TERMINATOR, OpDef, region
from hlopt.ir.verifier import verify
from hlopt.passes.manager import PassManager
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op


class _Graph(RegionKindInterface, OpDef):
    name = "tgraph.graph"
    body = region(blocks=1)
    traits = frozenset({NO_TERMINATOR})

    @classmethod
    def region_kind(cls, op, index: int) -> str:
        return "graph"


class _Ssa(OpDef):
    name = "tgraph.ssa"
    body = region(blocks=1)
    traits = frozenset({NO_TERMINATOR})


current_context().load(Dialect("tgraph", ops=(_Graph, _Ssa)))

BODY = """func.func @f() {
  "%s"() ({
    "test.use"(%%x) : (i32) -> ()
    %%x = arith.constant 1 : i32
    %%y = arith.constant 1 : i32
    "test.use"(%%x, %%y) : (i32, i32) -> ()
  }) : () -> ()
  return
}
"""


def _parse(op_name: str):
    return parse_module(BODY % op_name, allow_unregistered=True)


def _inner_region(m):
    f = m.regions[0].blocks[0].first_op
    return f.regions[0].blocks[0].first_op.regions[0]


def test_the_declared_kind_decides() -> None:
    assert not has_ssa_dominance(_inner_region(_parse("tgraph.graph")))
    assert has_ssa_dominance(_inner_region(_parse("tgraph.ssa")))
    m = _parse("tgraph.graph")
    assert not has_ssa_dominance(m.regions[0])  # builtin.module declares a graph body
    assert has_ssa_dominance(m.regions[0].blocks[0].first_op.regions[0])  # func.func does not


def test_verifier_accepts_forward_uses_only_in_a_declared_graph_region() -> None:
    verify(_parse("tgraph.graph"))
    with pytest.raises(IRError, match="operand #0 does not dominate this use"):
        verify(_parse("tgraph.ssa"))


def test_cse_in_a_declared_graph_region_keeps_earlier_uses_valid() -> None:
    m = _parse("tgraph.graph")
    PassManager.from_text("builtin.module(func.func(cse))").run(m)
    verify(m)
    body = [ln.strip() for ln in print_op(m).splitlines()]
    # the duplicate constant folds into the first one; the use before it still names it
    assert body[3:7] == ['"test.use"(%c1_i32) : (i32) -> ()', "%c1_i32 = arith.constant 1 : i32",
                         '"test.use"(%c1_i32, %c1_i32) : (i32, i32) -> ()', "}) : () -> ()"]


def test_unregistered_regions_may_be_graphs_for_the_verifier_but_are_ssa_for_dominance() -> None:
    """MLIR's two questions differ: mayBeGraphRegion (verifier) says yes for an
    unregistered op, DominanceInfo (cse) says its regions are SSA CFGs."""
    m = _parse("test.unknown")
    r = _inner_region(m)
    assert may_be_graph_region(r) and has_ssa_dominance(r)
    verify(m)  # the forward use inside the unregistered op is accepted, as jaxlib accepts it
    g = _inner_region(_parse("tgraph.graph"))
    assert may_be_graph_region(g) and not has_ssa_dominance(g)
    s = _inner_region(_parse("tgraph.ssa"))
    assert not may_be_graph_region(s) and has_ssa_dominance(s)
