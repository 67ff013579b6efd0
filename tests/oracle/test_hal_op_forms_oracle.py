"""hal's ops outside executables (element/encoding/memory/usage codes,
buffer views, executable handle queries, hal.instrument.*, hal.tensor.*,
hal.dispatch.extern) print byte for byte as iree-opt prints them: the lit
files of their forms, each split input on its own, in the custom and the
generic form (one iree-opt process per mode), and with debug locations
(one iree-opt run per file: locations name the lines of the whole file)."""

from __future__ import annotations

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
FILES = ("hal-buffer-view-forms.mlir", "hal-handle-instrument-forms.mlir", "hal-tensor-forms.mlir",
         "hal-dispatch-extern-forms.mlir", "hal-op-forms-aliases.mlir", "tensor-boundary-forms.mlir")
MODES = {"custom": [], "generic": ["--mlir-print-op-generic"]}


def _inputs() -> list[tuple[str, str]]:
    out = []
    for name in FILES:
        chunks = [c for c in (LIT / name).read_text().split("// -----") if c.strip()]
        out += [(f"{name}#{i}", "\n".join(ln for ln in c.splitlines() if not ln.lstrip().startswith("//")) + "\n")
                for i, c in enumerate(chunks)]
    return out


@pytest.mark.parametrize("mode", sorted(MODES))
def test_hal_op_forms_print_as_iree_opt(mode: str) -> None:
    flags = MODES[mode]
    cases = _inputs()
    assert len(cases) >= len(FILES)
    refs = run_many(IREE_OPT, flags, [text for _, text in cases])
    for (case, text), ref in zip(cases, refs):
        assert ref.status == 0, (case, ref.err)
        got = hlopt_run(["-", *flags], input=text)
        assert got.returncode == 0, (case, got.stderr)
        assert got.stdout == ref.out.rstrip("\n") + "\n", case


def _lines(text: str) -> list[str]:
    """The output's lines without the blank ones (iree-opt ends each split input's output with one)."""
    return [ln for ln in text.splitlines() if ln.strip()]


@pytest.mark.parametrize("name", FILES)
def test_hal_op_forms_print_debuginfo_as_iree_opt(name: str) -> None:
    flags = ["--split-input-file", "--mlir-print-debuginfo", str(LIT / name)]
    ref = subprocess.run([IREE_OPT, *flags], capture_output=True, text=True, timeout=300)
    assert ref.returncode == 0, ref.stderr
    got = hlopt_run(flags)
    assert got.returncode == 0, got.stderr
    assert "loc(" in got.stdout
    assert _lines(got.stdout) == _lines(ref.stdout)
