"""Where iree-opt (PyPI iree-base-compiler) is: on PATH, or beside the
running interpreter (a venv's bin/ that is not on PATH), or the one
$HLOPT_IREE_OPT names. The oracle suites that use it skip cleanly when it is
absent (fail under CI=true: see conftest.py)."""

from __future__ import annotations

import os
import shutil
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
    return exe


IREE_OPT = iree_opt()
needs_iree = pytest.mark.skipif(IREE_OPT is None, reason="iree-opt (pip install iree-base-compiler) not found")
