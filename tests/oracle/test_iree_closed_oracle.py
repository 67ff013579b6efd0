"""iree_gpu, iree_cpu and iree_encoding are closed, as iree-opt's are: every op
iree-opt registers in them is declared (iree_gpu's list from IREE's Python
bindings; iree_encoding's two ops; iree_cpu has none), the forms of
tests/lit/iree/iree-gpu-ops-forms.mlir print byte for byte as iree-opt
prints them (custom and generic, one iree-opt process per mode; the region
ops barrier_region and subgroup_scan included), and each
negative case of invalid-iree-gpu-ops.mlir (unknown ops in each dialect,
iree_gpu's verifier messages) passes iree-opt's --verify-diagnostics too."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from hlopt_cli import run as hlopt_run  # noqa: E402
from iree_batch import run_many  # noqa: E402
from iree_tool import IREE_OPT  # noqa: E402

pytestmark = pytest.mark.skipif(IREE_OPT is None, reason="iree-opt (pip install iree-base-compiler) not found")

LIT = HERE.parent / "lit" / "iree"
FORMS = LIT / "iree-gpu-ops-forms.mlir"
INVALID = LIT / "invalid-iree-gpu-ops.mlir"


def _binding_ops(dialect: str) -> list[str]:
    spec = importlib.util.find_spec("iree.compiler")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("iree.compiler (iree-base-compiler) not importable")
    path = Path(next(iter(spec.submodule_search_locations))) / "dialects" / f"_{dialect}_ops_gen.py"
    if not path.exists():
        pytest.skip(f"{path.name} not in this iree-base-compiler")
    return sorted(set(re.findall(r'OPERATION_NAME = "([^"]+)"', path.read_text())))


def test_iree_gpu_declares_every_op_iree_registers() -> None:
    from hlopt.ir.context import Context
    from hlopt.ir.opdef import lookup_op

    names = _binding_ops("iree_gpu")
    assert len(names) >= 8
    assert [n for n in names if lookup_op(n) is None] == []
    ctx = Context()
    assert [d for d in ("iree_gpu", "iree_cpu", "iree_encoding") if ctx.allows_unknown_ops(d)] == []


def _inputs(path: Path) -> list[str]:
    chunks = [c for c in path.read_text().split("// -----") if c.strip()]
    return ["\n".join(ln for ln in c.splitlines() if not ln.lstrip().startswith("//")) + "\n" for c in chunks]


@pytest.mark.parametrize("mode", ["custom", "generic"])
def test_forms_print_as_iree_opt_prints_them(mode: str) -> None:
    flags = ["--mlir-print-op-generic"] if mode == "generic" else []
    texts = _inputs(FORMS)
    refs = run_many(IREE_OPT, flags, texts)
    for i, (text, ref) in enumerate(zip(texts, refs)):
        assert ref.status == 0, (i, ref.err)
        got = hlopt_run(["-", *flags], input=text)
        assert got.returncode == 0, (i, got.stderr)
        assert got.stdout == ref.out.rstrip("\n") + "\n", i


def test_negative_cases_hold_for_iree_opt() -> None:
    r = subprocess.run([IREE_OPT, "--split-input-file", "--verify-diagnostics", str(INVALID)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
