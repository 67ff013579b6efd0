"""The expected-* annotation forms hlopt's --verify-diagnostics reads are
MLIR's: every lit file that pins them passes iree-opt's own
--verify-diagnostics (and the failing one fails there on the same
annotations). Skipped without iree-opt."""

from __future__ import annotations

import pathlib
import re
import subprocess

import pytest
from iree_tool import IREE_OPT, needs_iree

pytestmark = needs_iree
LIT = pathlib.Path(__file__).resolve().parents[1] / "lit"


@pytest.mark.parametrize(("path", "flags"), [
    ("diagnostics/verify-diagnostics.mlir", ["--allow-unregistered-dialect"]),
    ("passes/specialize-encodings-invalid.mlir", ["--iree-stream-specialize-encodings"]),
    ("iree/invalid-util-ops.mlir", []),  # IREE's messages for util, tensor_ext and encoding ops
    ("iree/invalid-tensor-ext-ops.mlir", []),
    ("iree/invalid-encoding-ops.mlir", []),
    ("iree/invalid-hal-op-forms.mlir", []),  # parse errors of hal's declared forms
])
def test_iree_opt_accepts_annotations(path: str, flags: list[str]) -> None:
    r = subprocess.run([IREE_OPT, "--split-input-file", "--verify-diagnostics", *flags,
                        str(LIT / path)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr


def test_iree_opt_rejects_the_same_annotations() -> None:
    """verify-diagnostics-fail.mlir: every expectation hlopt's CHECK lines say
    is not produced (file:line:col) is not produced for iree-opt either, the
    @below-binds-to-a-comment one included. (iree-opt also misses the
    'redefinition' expectation: it keeps no symbol table for unregistered ops.)"""
    path = LIT / "diagnostics" / "verify-diagnostics-fail.mlir"
    r = subprocess.run([IREE_OPT, "--split-input-file", "--verify-diagnostics", "--allow-unregistered-dialect",
                        str(path)], capture_output=True, text=True, timeout=300)
    assert r.returncode != 0
    iree = sorted(re.findall(r":(\d+:\d+): error: expected \w+ .* was not produced", r.stderr))
    ours = sorted(re.findall(r"mlir:(\d+:\d+): error: expected \w+ .* was not produced", path.read_text()))
    assert set(ours) <= set(iree) and len(ours) >= 5
