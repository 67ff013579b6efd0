"""Where iree-opt (PyPI iree-base-compiler) is: on PATH, or beside the
running interpreter (a venv's bin/ that is not on PATH), or the one
$HLOPT_IREE_OPT names. The oracle suites that use it skip cleanly when it is
absent (fail under CI=true: see conftest.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest


def iree_opt() -> str | None:
    forced = os.environ.get("HLOPT_IREE_OPT")  # a chosen binary ("" or a missing path: none)
    if forced is not None:
        return forced if forced and os.path.exists(forced) else None
    exe = shutil.which("iree-opt")
    if exe is None:
        cand = Path(sys.executable).with_name("iree-opt")
        exe = str(cand) if cand.exists() else None
    return exe and _native(exe)


def _native(exe: str) -> str:
    """The binary behind pip's `iree-opt`, a Python script that starts an
    interpreter, imports iree.compiler and then runs the binary: ~0.18 s of
    CPU per run against ~0.015 s for the binary itself, and the oracle suites
    run it thousands of times. The script's own lookup
    (iree.compiler.tools.binaries.find_tool) finds it, asked once."""
    with open(exe, "rb") as f:
        head = f.read(4096)
    if not head.startswith(b"#!") or b"iree.compiler" not in head:
        return exe
    interp = head[2:].split(b"\n", 1)[0].decode(errors="replace").split()  # the script's own interpreter
    try:
        r = subprocess.run([*interp, "-c", "from iree.compiler.tools.binaries import find_tool;"
                            "print(find_tool('iree-opt'))"], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return exe
    found = r.stdout.strip()
    return found if r.returncode == 0 and found and os.access(found, os.X_OK) else exe


IREE_OPT = iree_opt()
needs_iree = pytest.mark.skipif(IREE_OPT is None, reason="iree-opt (pip install iree-base-compiler) not found")
