"""The inliner on deep call chains: call-site locations stacked lazily
(StackedLoc) give MLIR's locations while building only the final chains,
and a single-use private callee is moved, leaving the same IR (locations
included) as copying it would."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import hlopt
from hlopt import DIALECTS
from hlopt.driver import run_module
from hlopt.ir.context import Context, use_context
from hlopt.ir.location import CallSiteLoc, FileLineColLoc, Location, NameLoc, StackedLoc, stack_locations

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from inline_chains import chain, tree  # noqa: E402


def _random_loc(rng: random.Random, names: list[Location]) -> Location:
    loc = rng.choice(names)
    for _ in range(rng.randrange(3)):
        loc = CallSiteLoc(loc, rng.choice(names))
    return loc


def test_stacked_loc_resolves_to_the_eager_stacking():
    rng = random.Random(7)
    names = [NameLoc(f"n{i}") for i in range(5)] + [FileLineColLoc("f.mlir", i, 1) for i in range(1, 4)]
    for _ in range(200):
        base = _random_loc(rng, names)
        eager: Location = base
        lazy: object = base
        for _ in range(rng.randrange(1, 8)):
            caller = _random_loc(rng, names)
            eager = stack_locations(eager, caller)
            lazy = StackedLoc(lazy, caller)
            if rng.random() < 0.3:  # read midway: later stackings start from the resolved value
                assert lazy.location() is eager
        assert lazy.location() is eager
        assert lazy.location() is lazy.location()


def test_stacked_loc_callers_may_be_lazy_too():
    a, b, c, d = (NameLoc(x) for x in "abcd")
    inner = StackedLoc(b, c)  # a call op's own (lazy) location used as the call site
    assert StackedLoc(StackedLoc(a, inner), d).location() is \
        CallSiteLoc(a, CallSiteLoc(b, CallSiteLoc(c, d)))


def _callsite_count(text: str) -> tuple[int, str]:
    with use_context(Context(DIALECTS)) as ctx:
        m = hlopt.parse_module(text, "chain.mlir")
        run_module(m, "builtin.module(inline)")
        out = hlopt.print_op(m, debuginfo=True)
        return len((ctx.uniquer or {}).get(CallSiteLoc, {})), out


def test_a_deep_chain_builds_a_linear_number_of_call_site_locations():
    # MLIR builds every intermediate chain: N^2/2 call-site locations (20300
    # for this chain, 3586 for the tree, before hlopt stacked them lazily);
    # the final IR needs about one per call, its chains sharing their outer parts
    n = 200
    count, out = _callsite_count(chain(n))
    assert "call @" not in out
    assert n <= count <= 3 * n
    count, out = _callsite_count(tree(255))
    assert "call @" not in out
    assert count <= 3 * 255


def _main_body(out: str) -> str:
    start = out.index("func.func @main")
    return out[start:out.index("\n  }", start)]


def test_moving_a_callee_gives_the_copy_paths_ir():
    # private single-use callees are moved; public ones (not discardable)
    # are copied and kept: @main comes out the same, locations included
    private = chain(30, add=True)
    public = private.replace("func.func private", "func.func")
    moved = hlopt.print_op(_run(private), debuginfo=True, local_scope=True)
    copied = hlopt.print_op(_run(public), debuginfo=True, local_scope=True)
    assert moved.count("func.func") == 1  # no dead private callee left behind
    assert copied.count("func.func") == 31
    assert "callsite(" in moved
    assert _main_body(moved) == _main_body(copied)


def _run(text: str):
    m = hlopt.parse_module(text, "chain.mlir")
    run_module(m, "builtin.module(inline)")
    return m
