"""scf custom forms: hlopt prints exactly what MLIR (jaxlib) prints, in the
custom and the generic form, and rejects what MLIR's verifier rejects; the
patterns of while, execute_region, index_switch and for's tensor.cast
folder each fire in hlopt as in iree-opt (tests/lit/scf inputs)."""
from __future__ import annotations

import pathlib
import sys

import pytest

pytest.importorskip("jaxlib")
pytest.importorskip("jax")

sys.path.insert(0, str(pathlib.Path(__file__).parent))

import mlir_ref  # noqa: E402

import hlopt  # noqa: E402
from hlopt.ir.core import IRError  # noqa: E402
from hlopt.syntax.diagnostics import DiagnosticError  # noqa: E402

_DECLS = """
func.func private @use(index)
func.func private @use32(i32) -> i32
func.func private @cond() -> i1
"""

CASES = {
    "for": """func.func @f(%lb: index, %ub: index) {
  %s = arith.constant 2 : index
  scf.for %i = %lb to %ub step %s {
    func.call @use(%i) : (index) -> ()
  }
  return
}""",
    "for-iter-args": """func.func @f(%lb: index, %ub: index, %x: i32, %y: i32) -> i32 {
  %s = arith.constant 1 : index
  %r:2 = scf.for %i = %lb to %ub step %s iter_args(%a = %x, %b = %y) -> (i32, i32) {
    %n = func.call @use32(%a) : (i32) -> i32
    scf.yield %b, %n : i32, i32
  } {tag = "loop"}
  return %r#1 : i32
}""",
    "for-i32": """func.func @f(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x) -> (i32) : i32 {
    scf.yield %i : i32
  }
  scf.for %j = %c0 to %c4 step %c1 : i32 {
  }
  scf.for unsigned %j = %c0 to %c4 step %c1 : i32 {
  }
  return %r : i32
}""",
    "nested": """func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %i to %n step %c1 {
      func.call @use(%j) : (index) -> ()
    }
  }
  return
}""",
    "if": """func.func @f(%c: i1, %x: i32, %y: i32) -> i32 {
  scf.if %c {
    %u = func.call @use32(%x) : (i32) -> i32
  }
  %r = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    %v = func.call @use32(%y) : (i32) -> i32
    scf.yield %v : i32
  }
  scf.if %c {
  } else {
  } {note}
  return %r : i32
}""",
    "while": """func.func @f(%x: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = func.call @cond() : () -> i1
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    %n = func.call @use32(%b) : (i32) -> i32
    scf.yield %n : i32
  } attributes {w = 1 : i32}
  scf.while : () -> () {
    %c = func.call @cond() : () -> i1
    scf.condition(%c)
  } do {
    scf.yield
  }
  return %r : i32
}""",
    "execute-region": """func.func @f(%c: i1, %x: i32) -> i32 {
  %r = scf.execute_region -> i32 no_inline {
    %n = func.call @use32(%x) : (i32) -> i32
    scf.yield %n : i32
  } {a = 1}
  %s:2 = scf.execute_region -> (i32, i32) {
    cf.cond_br %c, ^bb1, ^bb2(%x : i32)
  ^bb1:
    scf.yield %r, %r : i32, i32
  ^bb2(%v: i32):
    scf.yield %v, %x : i32, i32
  }
  scf.execute_region {
    %n = func.call @use32(%s#0) : (i32) -> i32
    scf.yield
  }
  return %s#1 : i32
}""",
    "index-switch": """func.func @f(%i: index, %c: i1, %x: i32) -> i32 {
  %t:2 = scf.index_switch %i {tag} -> i32, i32
  case -3 {
    %n = func.call @use32(%x) : (i32) -> i32
    scf.yield %n, %x : i32, i32
  }
  case 7 {
    scf.yield %x, %x : i32, i32
  }
  default {
    scf.yield %x, %x : i32, i32
  }
  scf.index_switch %i
  case 1 {
    scf.yield
  }
  default {
    %n = func.call @use32(%t#1) : (i32) -> i32
  }
  scf.if %c {
    scf.index_switch %i
    default {
    }
  }
  return %t#0 : i32
}""",
}


def _hlopt(text: str, generic: bool = False) -> str:
    m = hlopt.parse_module(text)
    hlopt.verify(m)
    return hlopt.print_op(m, generic=generic)


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("generic", [False, True])
def test_scf_prints_as_mlir(name: str, generic: bool) -> None:
    text = CASES[name] + _DECLS
    assert _hlopt(text, generic) == mlir_ref.parse_and_print(text, generic=generic)


@pytest.mark.parametrize("name", sorted(CASES))
def test_scf_generic_input(name: str) -> None:
    """MLIR's generic print parses back to MLIR's custom print."""
    text = CASES[name] + _DECLS
    generic = mlir_ref.parse_and_print(text, generic=True)
    assert _hlopt(generic) == mlir_ref.parse_and_print(text)


INVALID = {
    "for-bound-types": """func.func @f(%a: index, %b: i32) {
  "scf.for"(%a, %b, %a) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, i32, index) -> ()
  return
}""",
    "if-results-no-else": """func.func @f(%c: i1, %x: i32) -> i32 {
  %r = "scf.if"(%c) ({
    "scf.yield"(%x) : (i32) -> ()
  }, {
  }) : (i1) -> i32
  return %r : i32
}""",
    "yield-parent": """func.func @f() {
  "scf.yield"() : () -> ()
}""",
    # MLIR's verifier accepts a zero step (a run-time matter), and so does hlopt
    "execute-region-args": """func.func @f(%x: i32) -> i32 {
  %r = scf.execute_region -> i32 {
  ^bb0(%a: i32):
    scf.yield %a : i32
  }
  return %r : i32
}""",
    "execute-region-empty": """func.func @f() {
  "scf.execute_region"() ({
  }) : () -> ()
  return
}""",
    "index-switch-duplicate": """func.func @f(%i: index, %x: i32) -> i32 {
  %r = scf.index_switch %i -> i32
  case 1 {
    scf.yield %x : i32
  }
  case 1 {
    scf.yield %x : i32
  }
  default {
    scf.yield %x : i32
  }
  return %r : i32
}""",
    "index-switch-yield-type": """func.func @f(%i: index, %x: i32, %y: i64) -> i32 {
  %r = scf.index_switch %i -> i32
  case 1 {
    scf.yield %x : i32
  }
  default {
    scf.yield %y : i64
  }
  return %r : i32
}""",
    "index-switch-empty-case": """func.func @f(%i: index) {
  scf.index_switch %i
  case 1 {
  }
  default {
  }
  return
}""",
}


@pytest.mark.parametrize("name", sorted(INVALID))
def test_scf_invalid_rejected_by_both(name: str) -> None:
    ok, _ = mlir_ref.verify(INVALID[name])
    assert not ok
    with pytest.raises((IRError, DiagnosticError)):
        _hlopt(INVALID[name])


# -- every scf pattern iree-opt's MLIR applies to while, execute_region,
# index_switch (and for's tensor.cast folder) fires: on the lit file made for
# it, disabling the pattern by MLIR's debug name changes iree-opt's output, and
# hlopt prints what iree-opt prints with and without it.
_LIT = pathlib.Path(__file__).resolve().parent.parent / "lit" / "scf"
_REGION_BRANCH = ("MakeRegionBranchOpSuccessorInputsDead", "RemoveDeadRegionBranchOpSuccessorInputs",
                  "RemoveDuplicateSuccessorInputUses")
FIRES = [("canonicalize-while.mlir", n) for n in ("WhileConditionTruth", "WhileCmpCond", "WhileOpAlignBeforeArgs",
                                                 "WhileMoveIfDown", "InlineRegionBranchOp", *_REGION_BRANCH)]
FIRES += [("canonicalize-execute-switch.mlir", n) for n in ("MultiBlockExecuteInliner", "InlineRegionBranchOp",
                                                            *_REGION_BRANCH)]
FIRES += [("canonicalize-for-cast.mlir", n) for n in ("ForOpTensorCastFolder", "RemoveDuplicateSuccessorInputUses")]


def _canonicalize_both(text: str, pipeline: str) -> tuple[str, str]:
    import subprocess

    from iree_tool import IREE_OPT

    from hlopt.passes.manager import PassManager

    if IREE_OPT is None:
        pytest.skip("iree-opt (pip install iree-base-compiler) not found")
    p = subprocess.run([IREE_OPT, "-", f"--pass-pipeline={pipeline}"], input=text, capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 0, p.stderr
    ref = p.stdout[:-1] if p.stdout.endswith("\n\n") else p.stdout
    m = hlopt.parse_module(text)
    hlopt.verify(m)
    PassManager.from_text(pipeline).run(m)
    return ref, hlopt.print_op(m)


@pytest.mark.parametrize("name,pattern", FIRES)
def test_each_scf_region_pattern_fires_as_in_iree_opt(name: str, pattern: str) -> None:
    text = (_LIT / name).read_text()
    ref, mine = _canonicalize_both(text, "builtin.module(canonicalize)")
    assert mine == ref
    ref_off, mine_off = _canonicalize_both(text, f"builtin.module(canonicalize{{disable-patterns={pattern}}})")
    assert mine_off == ref_off
    assert ref != ref_off, f"{pattern} changes nothing on {name}"
