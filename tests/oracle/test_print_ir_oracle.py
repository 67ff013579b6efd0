"""IR dumps (--mlir-print-ir-before-all / -after-all / -after-change, with
locations, generic form, local scope) byte for byte as iree-opt writes them
with --mlir-disable-threading: MLIR's header (the pass's name, then its
pipeline text with every option), nested ops printed in local scope, the
inliner's nested pipelines dumped too. Skipped without iree-opt."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))

import hlopt_cli  # noqa: E402
from gen_scf import gen_scf_region_program  # noqa: E402
from iree_tool import IREE_OPT, needs_iree  # noqa: E402

HLOPT = "hlopt"  # run in this process (hlopt_cli)

CALLS = """func.func private @g(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func @f(%a: i32) -> i32 {
  %0 = call @g(%a) : (i32) -> i32
  %1 = call @h(%0) : (i32) -> i32
  return %1 : i32
}
func.func @h(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  %0 = arith.addi %a, %c : i32
  return %0 : i32
}
"""

INPUTS = {"calls": CALLS, "scf_region": gen_scf_region_program(0)}
PIPELINES = (
    "canonicalize{disable-patterns=A,B}",
    "inline",
    "inline{op-pipelines=func.func(cse)}",
    "func.func(cse,canonicalize{region-simplify=aggressive top-down=false}),symbol-dce,strip-debuginfo",
)
FLAGS = {
    "before-after": ["--mlir-print-ir-before-all", "--mlir-print-ir-after-all"],
    "after-change": ["--mlir-print-ir-after-all", "--mlir-print-ir-after-change"],
    "debuginfo": ["--mlir-print-ir-after-all", "--mlir-print-debuginfo"],
    "generic-local": ["--mlir-print-ir-after-all", "--mlir-print-op-generic", "--mlir-print-local-scope",
                      "--mlir-print-debuginfo"],
}


def _dumps(tool: str, text: str, pipeline: str, flags: list[str]) -> str:
    args = ["-", f"--pass-pipeline=builtin.module({pipeline})", "--mlir-disable-threading", "-o", "/dev/null", *flags]
    if tool == HLOPT:
        p = hlopt_cli.run(args, text)
    else:
        p = subprocess.run([tool, *args], input=text, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    return p.stderr


@needs_iree
@pytest.mark.parametrize("flags", FLAGS)
@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize("name", INPUTS)
def test_ir_dumps_are_iree_opts(name: str, pipeline: str, flags: str) -> None:
    text = INPUTS[name]
    assert _dumps(HLOPT, text, pipeline, FLAGS[flags]) == _dumps(IREE_OPT, text, pipeline, FLAGS[flags])
