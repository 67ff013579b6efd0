"""Differential suite: hlopt's generic passes against MLIR's own, run by
`iree-opt` (PyPI iree-base-compiler, a complete mlir-opt).

Each generic pass (cse, canonicalize, inline, symbol-dce, strip-debuginfo)
and the chains inline,canonicalize,cse and canonicalize,cse run on

- every corpus fixture iree-opt can read (tests/fixtures/stablehlo without
  sdy or mhlo),
- generated generic modules (tests/oracle/gen_modules.py, unregistered ops,
  every builtin type and attribute, nested regions, CFGs),
- generated func/arith/cf programs (tests/oracle/gen_programs.py: calls,
  folds, identities, branches),
- generated StableHLO/CHLO programs (tests/oracle/gen_hlo.py: every case
  a folder could touch; iree-opt folds only constants and chlo.constant_like),
- the lit inputs of the tensor dialect and the chlo folds (every tensor
  custom form, printed as iree-opt prints it),
- generated tensor programs (tests/oracle/gen_tensor.py: every declared
  tensor op, the folds and patterns MLIR registers for them, duplicates),
- generated cf.switch programs (tests/oracle/gen_cf.py: every switch
  pattern MLIR registers),
- generated arith programs (tests/oracle/gen_arith.py: every arith fold
  and canonicalization pattern, with edge values and near misses),

and the output printed in the custom and the generic form must be the same
text (iree-opt's one extra trailing newline aside). A known difference is a
strict xfail naming its cause. Skipped when iree-opt is not installed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

from gen_arith import PATTERN_CASES, gen_arith_program, pattern_case  # noqa: E402
from gen_cf import gen_switch_program  # noqa: E402
from gen_hlo import gen_hlo_program  # noqa: E402
from gen_modules import gen_module  # noqa: E402
from gen_programs import gen_program  # noqa: E402
from gen_scf import gen_cfg_merge_program, gen_scf_program, gen_scf_region_program  # noqa: E402
from gen_tensor import gen_tensor_program  # noqa: E402
from iree_batch import run_many  # noqa: E402
from iree_tool import IREE_OPT  # noqa: E402

pytestmark = pytest.mark.skipif(IREE_OPT is None, reason="iree-opt (pip install iree-base-compiler) not found")

PIPELINES = {
    "cse": "builtin.module(cse)",
    "canonicalize": "builtin.module(canonicalize)",
    "inline": "builtin.module(inline)",
    "symbol-dce": "builtin.module(symbol-dce)",
    "strip-debuginfo": "builtin.module(strip-debuginfo)",
    "inline,canonicalize,cse": "builtin.module(inline,canonicalize,cse)",
    "canonicalize,cse": "builtin.module(canonicalize,cse)",
}
MODES = ("custom", "generic")
# every --canonicalize option iree-opt lists, on the CFG-heavy inputs
OPTION_PIPELINES = {
    "canon-no-region-simplify": "builtin.module(canonicalize{region-simplify=disabled})",
    "canon-bottom-up": "builtin.module(canonicalize{top-down=false})",
    "canon-one-iteration": "builtin.module(canonicalize{max-iterations=1})",
    "canon-one-rewrite": "builtin.module(canonicalize{max-num-rewrites=1 region-simplify=disabled})",
    "canon-two-rewrites": "builtin.module(canonicalize{max-num-rewrites=2 max-iterations=2})",
    "canon-cse-between": "builtin.module(canonicalize{cse-between-iterations})",
    "canon-cse-between-converge": "builtin.module(canonicalize{cse-between-iterations max-iterations=1 "
                                  "test-convergence})",
    "canon-filter-cf": "builtin.module(canonicalize{filter-dialects=cf})",
    "canon-filter-arith-func": "builtin.module(canonicalize{filter-dialects=arith,func})",
    "canon-disable": "builtin.module(canonicalize{disable-patterns=SimplifyConstCondBranchPred,"
                     "SimplifyPassThroughCondBranch,SimplifyUniformBlockArguments})",
    "canon-disable-anon": "builtin.module(canonicalize{disable-patterns={(anonymous namespace)::"
                          "CondBranchTruthPropagation,(anonymous namespace)::SimplifyCondBranchIdenticalSuccessors}})",
    "canon-enable": "builtin.module(canonicalize{enable-patterns=SimplifyConstCondBranchPred,"
                    "SimplifyPassThroughCondBranch})",
    "canon-enable-none": "builtin.module(canonicalize{enable-patterns=NoSuchPattern})",
    "canon-aggressive": "builtin.module(canonicalize{region-simplify=aggressive})",
}
ALL_PIPELINES = {**PIPELINES, **OPTION_PIPELINES}


# -- inputs ----------------------------------------------------------------------------
_READABLE: list[Path] | None = None


def _corpus() -> list[Path]:
    """The fixtures iree-opt can read (it registers neither sdy nor mhlo)."""
    global _READABLE
    if _READABLE is None:
        _READABLE = []
        if IREE_OPT is not None:
            paths = sorted((ROOT / "tests" / "fixtures" / "stablehlo").glob("*.mlir"))
            results = run_many(IREE_OPT, [], [p.read_text() for p in paths])  # one iree-opt run for all
            _READABLE += [p for p, r in zip(paths, results) if r.status == 0]
    return _READABLE


GEN_MODULE_SEEDS = range(8)
GEN_PROGRAM_SEEDS = range(40)
GEN_TENSOR_SEEDS = range(48)  # from 24 on: the rest of MLIR's tensor patterns (gen_tensor.EXTENDED_FROM)
GEN_HLO_SEEDS = range(16)
GEN_SWITCH_SEEDS = range(24)
GEN_SCF_SEEDS = range(16)
GEN_SCF_REGION_SEEDS = range(4)  # scf.while, index_switch, execute_region, for's tensor.cast folder
GEN_ARITH_SEEDS = range(12)
# hand-written inputs: every tensor custom form, the tensor and chlo folds
# (func-call-properties.mlir is not one: it also parses jaxlib's `{no_inline}`, which iree-opt rejects)
LIT_INPUTS = ("tensor/syntax.mlir", "tensor/canonicalize.mlir", "generic/canonicalize-chlo.mlir",
              "cf/switch-canonicalize.mlir", "canonicalize/options.mlir", "tensor/pad-generate.mlir",
              "tensor/canonicalize-dim.mlir", "tensor/canonicalize-cast.mlir", "tensor/canonicalize-slice.mlir",
              "tensor/canonicalize-reshape.mlir", "tensor/canonicalize-pad.mlir", "canonicalize/aggressive.mlir",
              "scf/canonicalize-while.mlir", "scf/canonicalize-execute-switch.mlir",
              "scf/canonicalize-for-cast.mlir")


def _inputs() -> list[tuple[str, str, bool]]:
    """(id, text, needs --allow-unregistered-dialect)."""
    out = [(f"corpus/{p.name}", p.read_text(), False) for p in _corpus()]
    out += [(f"gen_module/{s}", gen_module(s, features=frozenset()), True) for s in GEN_MODULE_SEEDS]
    out += [(f"gen_program/{s}", gen_program(s), False) for s in GEN_PROGRAM_SEEDS]
    out += [(f"gen_tensor/{s}", gen_tensor_program(s), False) for s in GEN_TENSOR_SEEDS]
    out += [(f"gen_hlo/{s}", gen_hlo_program(s), False) for s in GEN_HLO_SEEDS]
    out += [(f"gen_switch/{s}", gen_switch_program(s), False) for s in GEN_SWITCH_SEEDS]
    out += [(f"gen_scf/{s}", gen_scf_program(s), False) for s in GEN_SCF_SEEDS]
    out += [(f"gen_cfg_merge/{s}", gen_cfg_merge_program(s), False) for s in GEN_SCF_SEEDS]
    out += [(f"gen_scf_region/{s}", gen_scf_region_program(s), False) for s in GEN_SCF_REGION_SEEDS]
    out += [(f"gen_arith/{s}", gen_arith_program(s), False) for s in GEN_ARITH_SEEDS]
    out += [(f"lit/{p}", (ROOT / "tests" / "lit" / p).read_text(), False) for p in LIT_INPUTS]
    return out


INPUTS = {i: (text, unreg) for i, text, unreg in _inputs()}

# -- known differences: (input id, pipeline or "*", mode or "*") -> cause -------------------
XFAIL: dict[tuple[str, str, str], str] = {}

# The two references disagree: iree-opt's newer MLIR rejects arith.constant of
# si/ui integer tensors, jaxlib's MLIR (hlopt's verifier reference) accepts them.
_SIGNLESS = "iree-opt's MLIR rejects non-signless arith.constant tensors that jaxlib's MLIR accepts"
XFAIL[("gen_module/3", "*", "*")] = _SIGNLESS
for _p in ("cse", "canonicalize", "inline", "strip-debuginfo", "inline,canonicalize,cse", "canonicalize,cse"):
    XFAIL[("gen_module/6", _p, "*")] = _SIGNLESS  # (its symbol-dce fails on an unknown symbol table in both)


IREE_CRASHES = "iree-opt crashes on this input (an MLIR bug), nothing to compare"


def _cause(input_id: str, pipeline: str, mode: str) -> str | None:
    for key in ((input_id, pipeline, mode), (input_id, pipeline, "*"), (input_id, "*", mode), (input_id, "*", "*")):
        if key in XFAIL:
            return XFAIL[key]
    return None


# -- runners -----------------------------------------------------------------------------
_IREE_CACHE: dict[tuple[str, str, str], tuple[int, str, str]] = {}


def run_iree(input_id: str, pipeline: str, mode: str) -> tuple[int, str, str]:
    """(exit status, output, stderr) of iree-opt on one input as a run of its
    own would give them; a negative status is a crash. The first call for a
    (pipeline, mode) runs iree-opt once over every input the suite checks with
    them (those with the same --allow-unregistered-dialect), start-up being
    most of a run."""
    key = (input_id, pipeline, mode)
    if key not in _IREE_CACHE:
        unreg = INPUTS[input_id][1]
        ids = [i for i in _pipeline_inputs(pipeline) if INPUTS[i][1] == unreg and (i, pipeline, mode) not in _IREE_CACHE]
        if input_id not in ids:
            ids.append(input_id)
        args = [f"--pass-pipeline={ALL_PIPELINES[pipeline]}"]
        if unreg:
            args.append("--allow-unregistered-dialect")
        if mode == "generic":
            args.append("--mlir-print-op-generic")
        for i, r in zip(ids, run_many(IREE_OPT, args, [INPUTS[i][0] for i in ids])):
            out = r.out
            if out.endswith("\n\n"):
                out = out[:-1]  # iree-opt ends its output with one extra blank line
            _IREE_CACHE[(i, pipeline, mode)] = (r.status, out, r.err)
    return _IREE_CACHE[key]


_HLOPT_CACHE: dict[tuple[str, str], tuple[str, str] | str] = {}


def run_hlopt(input_id: str, pipeline: str, mode: str) -> str:
    """hlopt in-process (parse, verify, pipeline with verification, print),
    both print modes from one run."""
    key = (input_id, pipeline)
    if key not in _HLOPT_CACHE:
        from hlopt.ir.verifier import verify
        from hlopt.passes.manager import PassManager
        from hlopt.syntax.parser import parse_source
        from hlopt.syntax.printer import print_op
        from hlopt.syntax.source import Source

        text, unreg = INPUTS[input_id]
        module, resources = parse_source(Source("-", text), True)
        verify(module)
        PassManager.from_text(ALL_PIPELINES[pipeline]).run(module)
        _HLOPT_CACHE[key] = (print_op(module, False, False, resources), print_op(module, True, False, resources))
    custom, generic = _HLOPT_CACHE[key]
    return custom if mode == "custom" else generic


def _cases():
    for input_id in INPUTS:
        for pipeline in PIPELINES:
            for mode in MODES:
                cause = _cause(input_id, pipeline, mode)
                marks = [pytest.mark.xfail(strict=True, reason=cause)] if cause else []
                yield pytest.param(input_id, pipeline, mode, marks=marks, id=f"{input_id}-{pipeline}-{mode}")


@pytest.mark.parametrize("input_id,pipeline,mode", list(_cases()))
def test_same_output_as_iree_opt(input_id: str, pipeline: str, mode: str) -> None:
    rc, expected, err = run_iree(input_id, pipeline, mode)
    if rc < 0:
        pytest.skip(IREE_CRASHES)
    if rc != 0:  # MLIR reports an error: hlopt must refuse the input too
        from hlopt.ir.core import IRError
        from hlopt.passes.manager import PipelineFailure
        from hlopt.syntax.diagnostics import DiagnosticError

        with pytest.raises((DiagnosticError, IRError, PipelineFailure)):
            run_hlopt(input_id, pipeline, mode)
        return
    assert run_hlopt(input_id, pipeline, mode) == expected


def _option_inputs() -> list[str]:
    return [i for i in INPUTS if i.startswith(("gen_program/", "gen_switch/", "gen_arith/", "lit/cf/",
                                               "lit/canonicalize/", "gen_scf/", "gen_cfg_merge/", "lit/scf/",
                                               "gen_scf_region/"))]


def _pipeline_inputs(pipeline: str) -> list[str]:
    """The inputs the suite runs `pipeline` on."""
    return _option_inputs() if pipeline in OPTION_PIPELINES else list(INPUTS)


def _option_cases():
    for input_id in _option_inputs():
        for pipeline in OPTION_PIPELINES:
            cause = _cause(input_id, pipeline, "custom")
            marks = [pytest.mark.xfail(strict=True, reason=cause)] if cause else []
            yield pytest.param(input_id, pipeline, marks=marks, id=f"{input_id}-{pipeline}")


@pytest.mark.parametrize("input_id,pipeline", list(_option_cases()))
def test_canonicalize_options_as_iree_opt(input_id: str, pipeline: str) -> None:
    """Each canonicalize option means what it means to mlir-opt (pattern
    names are MLIR's debug names), printed in the custom form."""
    test_same_output_as_iree_opt(input_id, pipeline, "custom")


def test_suite_covers_the_corpus_and_every_pass() -> None:
    """The suite is not vacuous: the corpus inputs are there, and the
    generated programs exercise folding, inlining and branches."""
    assert len(_corpus()) >= 20
    progs = "".join(gen_program(s) for s in GEN_PROGRAM_SEEDS)
    for needle in ("call @", "cf.cond_br", "cf.br", "arith.cmpi", "arith.select", "arith.addi", "no_inline",
                   "func.func private", "arith.extsi", "cf.assert"):
        assert needle in progs, needle
    tensors = "".join(gen_tensor_program(s) for s in GEN_TENSOR_SEEDS)
    for needle in ("tensor.empty", "tensor.dim", "tensor.rank", "tensor.cast", "tensor.bitcast", "tensor.extract ",
                   "tensor.insert ", "tensor.from_elements", "tensor.splat", "tensor.concat", "tensor.extract_slice",
                   "tensor.insert_slice", "tensor.expand_shape", "tensor.collapse_shape", "tensor.pad", "tensor.generate",
                   "tensor.reshape", "arith.index_cast %w4", "to tensor<2x8xf32>", "to tensor<4x?xf32>",
                   "tensor.concat dim(1)", "output_shape [%i, %v", "into tensor<?x?xf32>", "to tensor<6x?xf32>",
                   "tensor.insert %s into %vec"):
        assert needle in tensors, needle
    switches = "".join(gen_switch_program(s) for s in GEN_SWITCH_SEEDS)
    for needle in ("cf.switch %flag : i8", ": i64, [", "default: ^inner", ": ^inner", "cf.switch %v1", "-128:",
                   "arith.addi %a, %b"):
        assert needle in switches, needle
    hlo = "".join(gen_hlo_program(s) for s in GEN_HLO_SEEDS)
    for needle in ("chlo.constant_like", "(%d)", "stablehlo.select", "stablehlo.get_tuple_element", "stablehlo.pad",
                   "stablehlo.compare", "stablehlo.transpose", "stablehlo.multiply", "stablehlo.concatenate"):
        assert needle in hlo, needle
    scf = "".join(gen_scf_program(s) for s in GEN_SCF_SEEDS)
    for needle in ("scf.for", "iter_args(", "-> (i32, i32", "scf.if %c", "} else {", "arith.xori %c", "tensor<4xf32>",
                   "arith.constant true", "arith.constant 1 : index", "to %n step", "scf.if %d {"):
        assert needle in scf, needle
    regions = "".join(gen_scf_region_program(s) for s in GEN_SCF_REGION_SEEDS)
    for needle in ("scf.while (", "scf.condition(", "arith.cmpi slt, %w", "attributes {w}", "scf.index_switch %i",
                   "case -1 {", "default {", "scf.execute_region -> (i32, i32)", "no_inline", "cf.cond_br %c, ^bb",
                   "arith.constant false", "tensor.cast %t : tensor<4xf32> to tensor<?xf32>", ": i32, i32, i1"):
        assert needle in regions, needle
    cfgs = "".join(gen_cfg_merge_program(s) for s in GEN_SCF_SEEDS)
    for needle in ("cf.cond_br %c", "cf.switch %f", "^bb3(%p3: i32)", "arith.muli %p1"):
        assert needle in cfgs, needle


# -- every scf pattern fires: disabling it changes the output of an input made for it ------
# (ReplaceIfYieldWithConditionOrValue is not among them: ConvertTrivialIfToSelect, tried
# before it, already hoists every yield it could replace, in iree-opt as in hlopt; a one-trip
# loop is not InlineRegionBranchOp's input here: with that pattern disabled iree-opt's dead-input
# pattern drops the loop's argument but not its result and emits invalid IR)
_SCF_DECL = "func.func private @use32(i32) -> i32\n"
_SCF_TARGETED = {
    "CombineIfs": """func.func @f(%c: i1, %x: i32) -> i32 {
  %a = scf.if %c -> (i32) {
    %n = func.call @use32(%x) : (i32) -> i32
    scf.yield %n : i32
  } else {
    scf.yield %x : i32
  }
  %b = scf.if %c -> (i32) {
    %m = func.call @use32(%a) : (i32) -> i32
    scf.yield %m : i32
  } else {
    scf.yield %a : i32
  }
  return %b : i32
}""",
    "CombineNestedIfs": """func.func @f(%c: i1, %d: i1, %x: i32) {
  scf.if %c {
    scf.if %d {
      %n = func.call @use32(%x) : (i32) -> i32
    }
  }
  return
}""",
    "ConditionPropagation": """func.func @f(%c: i1) {
  scf.if %c {
    %z = arith.extui %c : i1 to i32
    %n = func.call @use32(%z) : (i32) -> i32
  }
  return
}""",
    "ConvertTrivialIfToSelect": """func.func @f(%c: i1, %x: i32, %y: i32) -> (i32, i32) {
  %a, %b = scf.if %c -> (i32, i32) {
    %n = func.call @use32(%x) : (i32) -> i32
    scf.yield %n, %x : i32, i32
  } else {
    scf.yield %y, %y : i32, i32
  }
  return %a, %b : i32, i32
}""",
    "RemoveEmptyElseBranch": """func.func @f(%c: i1, %x: i32) {
  scf.if %c {
    %n = func.call @use32(%x) : (i32) -> i32
  } else {
  }
  return
}""",
    "InlineRegionBranchOp": """func.func @f(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c4 to %c0 step %c1 iter_args(%a = %x) -> (i32) {
    %n = func.call @use32(%a) : (i32) -> i32
    scf.yield %n : i32
  }
  return %r : i32
}""",
    "MakeRegionBranchOpSuccessorInputsDead": """func.func @f(%lb: index, %ub: index, %x: i32) -> i32 {
  %s = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (i32) {
    %n = func.call @use32(%a) : (i32) -> i32
    scf.yield %a : i32
  }
  return %r : i32
}""",
    "RemoveDeadRegionBranchOpSuccessorInputs": """func.func @f(%lb: index, %ub: index, %x: i32) {
  %s = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (i32) {
    %n = func.call @use32(%x) : (i32) -> i32
    scf.yield %n : i32
  }
  return
}""",
}


@pytest.mark.parametrize("name", list(_SCF_TARGETED))
def test_each_scf_pattern_fires_as_in_iree_opt(name: str) -> None:
    from hlopt.passes.manager import PassManager
    from hlopt.syntax.parser import parse_module
    from hlopt.syntax.printer import print_op

    text = _SCF_DECL + _SCF_TARGETED[name]
    outs = {}
    for opts in ("", f"disable-patterns={name}"):
        pipe = f"builtin.module(canonicalize{{{opts}}})" if opts else "builtin.module(canonicalize)"
        m = parse_module(text)
        PassManager.from_text(pipe).run(m)
        mine = print_op(m)
        p = subprocess.run([IREE_OPT, "-", f"--pass-pipeline={pipe}"], input=text, capture_output=True, text=True,
                           timeout=600)
        assert p.returncode == 0, p.stderr
        ref = p.stdout[:-1] if p.stdout.endswith("\n\n") else p.stdout
        assert mine == ref, (name, opts)
        outs[opts] = mine
    assert outs[""] != outs[f"disable-patterns={name}"], f"{name} changed nothing"


def _run_text(text: str, pipeline: str) -> tuple[str, str]:
    """(iree-opt's output, hlopt's output) of `pipeline` on `text`, custom form."""
    from hlopt.ir.verifier import verify
    from hlopt.passes.manager import PassManager
    from hlopt.syntax.parser import parse_source
    from hlopt.syntax.printer import print_op
    from hlopt.syntax.source import Source

    p = subprocess.run([IREE_OPT, "-", f"--pass-pipeline={pipeline}"], input=text, capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 0, p.stderr
    expected = p.stdout[:-1] if p.stdout.endswith("\n\n") else p.stdout
    module, resources = parse_source(Source("-", text), True)
    verify(module)
    PassManager.from_text(pipeline).run(module)
    return expected, print_op(module, False, False, resources)


@pytest.mark.parametrize("name", sorted(PATTERN_CASES))
def test_each_arith_pattern_fires_as_in_iree_opt(name: str) -> None:
    """Each arith pattern is exercised: on its case, disabling it by MLIR's
    debug name changes the output (it fired), and with and without it hlopt
    prints what iree-opt prints."""
    text = pattern_case(name)
    full = _run_text(text, "builtin.module(canonicalize)")
    without = _run_text(text, f"builtin.module(canonicalize{{disable-patterns={name}}})")
    assert full[1] == full[0]
    assert without[1] == without[0]
    assert full[0] != without[0], f"{name} does not fire on its case"
