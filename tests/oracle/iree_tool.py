"""Where iree-opt (PyPI iree-base-compiler) is: on PATH, or beside the
running interpreter (a venv's bin/ that is not on PATH). The oracle
suites that use it skip cleanly when it is absent."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest


def iree_opt() -> str | None:
    exe = shutil.which("iree-opt")
    if exe is None:
        cand = Path(sys.executable).with_name("iree-opt")
        exe = str(cand) if cand.exists() else None
    return exe


IREE_OPT = iree_opt()
needs_iree = pytest.mark.skipif(IREE_OPT is None, reason="iree-opt (pip install iree-base-compiler) not found")
