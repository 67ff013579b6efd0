#!/usr/bin/env python3
"""Instructions executed by one region of a Python run, counted by valgrind.

CPU time on a shared machine varies with load and with cache pressure, so a
10x-input / 11x-time verdict can flip between runs. The number of machine
instructions a piece of code executes does not: callgrind counts them, and
with instrumentation off until the region starts (`--instr-atstart=no`, the
worker switches it on and off through `callgrind_control`), the rest of the
run (start-up, parsing the input) costs valgrind's plain JIT overhead only.
The counts catch superlinear work at any level (a quadratic list scan in C
as much as a Python loop), which call counts do not.

    from instructions import available, count
    n = count(SETUP_CODE, REGION_CODE)   # int, or None without valgrind

The worker runs `setup` then `region` with the same globals; only `region`
is counted.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

_WORKER = r"""
import os, subprocess, sys
sys.path.insert(0, {repo!r})
def _toggle(on):
    subprocess.run(["callgrind_control", "-i", "on" if on else "off", str(os.getpid())],
                   capture_output=True, check=True)
g = {{}}
exec(compile({setup!r}, "<setup>", "exec"), g)
_toggle(True)
exec(compile({region!r}, "<region>", "exec"), g)
_toggle(False)
"""


def available() -> bool:
    return shutil.which("valgrind") is not None and shutil.which("callgrind_control") is not None


def count(setup: str, region: str, timeout: float = 3600) -> int | None:
    """Instructions executed by `region` (after `setup`), or None when
    valgrind is not installed or the run fails."""
    if not available():
        return None
    python = sys.executable
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "callgrind.out")
        code = _WORKER.format(repo=str(REPO), setup=setup, region=region)
        p = subprocess.run(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
                            python, "-c", code], capture_output=True, text=True, timeout=timeout,
                           env={**os.environ, "PYTHONHASHSEED": "0"})
        if p.returncode != 0:
            return None
        m = re.search(r"Collected : (\d+)", p.stderr)
        return int(m.group(1)) if m else None


if __name__ == "__main__":
    print(count("n = 10**6", "sum(range(n))"))
