"""The inliner's call-site locations against iree-opt's (`--inline
--mlir-print-debuginfo`): hlopt stacks them lazily (StackedLoc) and moves
single-use private callees instead of copying them; the printed locations
must be MLIR's, whichever path an op took. Inputs: call chains, sum chains
and call trees (bench/inline_chains.py's generators, located by the parser),
and a hand-written module mixing explicit call-site, fused and named
locations, a callee used twice (copied) and constants the simplification
pipeline merges across levels (fused locations of stacked ones)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent.parent / "bench"))

from inline_chains import chain, sum_chain, tree  # noqa: E402
from iree_tool import IREE_OPT, needs_iree  # noqa: E402

pytestmark = needs_iree

MIXED = """module {
  func.func @main(%a: i32) -> i32 {
    %0 = func.call @f0(%a) : (i32) -> i32 loc("m0")
    %1 = func.call @g(%0) : (i32) -> i32 loc(fused["m1", "m1b"])
    return %1 : i32
  }
  func.func private @f0(%x: i32) -> i32 {
    %c = arith.constant 7 : i32 loc("k0")
    %0 = func.call @f1(%x) : (i32) -> i32 loc(callsite("c0" at "pre0"))
    %1 = arith.muli %0, %c : i32 loc("mul0")
    %2 = func.call @g(%1) : (i32) -> i32 loc("d0")
    return %2 : i32
  }
  func.func private @f1(%x: i32) -> i32 {
    %c = arith.constant 7 : i32 loc("k1")
    %0 = func.call @f2(%x) : (i32) -> i32 loc("c1")
    %1 = arith.muli %0, %c : i32 loc("mul1")
    return %1 : i32
  }
  func.func private @f2(%x: i32) -> i32 {
    %c = arith.constant 7 : i32 loc("k2")
    %c1 = arith.constant 1 : i32 loc("one")
    %0 = arith.muli %x, %c1 : i32 loc(callsite("mul" at "pre"))
    %1 = arith.addi %0, %c : i32 loc("add2")
    %2 = scf.execute_region -> i32 {
      %3 = arith.addi %1, %x : i32 loc("inner")
      scf.yield %3 : i32 loc("y")
    } loc("region")
    return %2 : i32
  }
  func.func private @g(%x: i32) -> i32 {
    %c = arith.constant 7 : i32 loc("kg")
    %0 = arith.addi %x, %c : i32 loc("add")
    return %0 : i32
  }
}
"""

# a multi-block callee (cf branches: the split-block path) moved in place two levels deep
BLOCKS = """module {
  func.func @main(%a: i32, %c: i1) -> i32 {
    %0 = func.call @h0(%a, %c) : (i32, i1) -> i32 loc("m")
    return %0 : i32
  }
  func.func private @h0(%x: i32, %c: i1) -> i32 {
    %0 = func.call @h1(%x, %c) : (i32, i1) -> i32 loc("h0call")
    return %0 : i32
  }
  func.func private @h1(%x: i32, %c: i1) -> i32 {
    cf.cond_br %c, ^bb1, ^bb2(%x : i32) loc("br")
  ^bb1:
    %0 = arith.muli %x, %x : i32 loc("sq")
    cf.br ^bb2(%0 : i32) loc("br1")
  ^bb2(%1: i32 loc("arg")):
    return %1 : i32 loc("ret")
  }
}
"""

CASES = {
    "chain-12": chain(12),
    "sum-chain-9": sum_chain(9),
    "tree-15": tree(15),
    "mixed": MIXED,
    "blocks": BLOCKS,
}


def _hlopt(path: Path) -> str:
    from hlopt.ir.verifier import verify
    from hlopt.passes.manager import PassManager
    from hlopt.syntax.parser import parse_source
    from hlopt.syntax.printer import print_op
    from hlopt.syntax.source import Source

    module, resources = parse_source(Source(str(path), path.read_text()), True)
    verify(module)
    PassManager.from_text("builtin.module(inline)").run(module)
    return print_op(module, False, True, resources)


@pytest.mark.parametrize("name", sorted(CASES))
def test_inlined_locations_as_iree_opt(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.mlir"
    path.write_text(CASES[name])
    p = subprocess.run([IREE_OPT, str(path), "--inline", "--mlir-print-debuginfo"], capture_output=True,
                       text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    expected = p.stdout[:-1] if p.stdout.endswith("\n\n") else p.stdout  # iree-opt's extra blank line
    got = _hlopt(path)
    assert "callsite(" in got  # the cases do stack call sites
    assert got == expected
