"""The seven newer arith ops (convertf, flush_denormals, maximumnumf,
minimumnumf, scaling_extf, scaling_truncf, subui_extended) and the closed
arith dialect against iree-opt: the lit inputs print, print generically and
canonicalize to iree-opt's text byte for byte, and the negative files'
expected diagnostics are iree-opt's. Skipped without iree-opt."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest
from iree_tool import IREE_OPT, needs_iree

pytestmark = needs_iree
LIT = pathlib.Path(__file__).resolve().parents[1] / "lit"
HLOPT = [sys.executable, "-m", "hlopt"]

OUTPUT_CASES = [
    ("arith/new-ops.mlir", []),
    ("arith/new-ops.mlir", ["--mlir-print-op-generic"]),
    ("canonicalize/arith-new-ops.mlir", ["--canonicalize"]),
    ("canonicalize/arith-new-ops.mlir",
     ["--pass-pipeline=builtin.module(canonicalize{disable-patterns=SubUIExtendedToSubI})"]),
]


def _run(tool: list[str], args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([*tool, *args], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize(("path", "flags"), OUTPUT_CASES)
def test_same_output_as_iree_opt(path: str, flags: list[str]) -> None:
    ours = _run(HLOPT, [*flags, str(LIT / path)])
    theirs = _run([IREE_OPT], [*flags, str(LIT / path)])
    assert ours.returncode == theirs.returncode == 0, ours.stderr + theirs.stderr
    assert "arith." in ours.stdout
    # iree-opt ends its output with one more newline
    assert ours.stdout == theirs.stdout.removesuffix("\n")


def test_bytecode_reads_in_both_tools(tmp_path: pathlib.Path) -> None:
    """Each tool reads the other's bytecode of the ops (their properties in
    MLIR's order) to the same generic text."""
    src = str(LIT / "arith/new-ops.mlir")
    reference = _run([IREE_OPT], ["--mlir-print-op-generic", src]).stdout.rstrip("\n")
    for writer, reader in ((HLOPT, [IREE_OPT]), ([IREE_OPT], HLOPT)):
        bc = tmp_path / "out.mlirbc"
        assert _run(writer, [src, "--emit-bytecode", "-o", str(bc)]).returncode == 0
        r = _run(reader, ["--mlir-print-op-generic", str(bc)])
        assert r.returncode == 0, r.stderr
        assert r.stdout.rstrip("\n") == reference and "arith.scaling_truncf" in reference


@pytest.mark.parametrize(("path", "flags"), [
    ("arith/invalid-new-ops.mlir", ["--split-input-file"]),
    ("arith/unregistered.mlir", []),
    ("arith/unregistered.mlir", ["--allow-unregistered-dialect"]),
])
def test_expected_diagnostics_are_iree_opts(path: str, flags: list[str]) -> None:
    """Both tools produce exactly the expected-error lines of the file."""
    for tool in (HLOPT, [IREE_OPT]):
        r = _run(tool, [*flags, "--verify-diagnostics", str(LIT / path)])
        assert r.returncode == 0, (tool, r.stderr)
