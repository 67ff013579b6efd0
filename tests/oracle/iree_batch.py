"""Run iree-opt once over many inputs instead of once per input.

Start-up is most of an iree-opt run on a small input (~0.2 s CPU), so the
oracle suites hand it all their inputs of one kind in one buffer:
`--split-input-file=<marker>` processes each chunk on its own (a fresh
MLIRContext per chunk, as a separate run would) and `--output-split-marker`
separates the outputs, a failed chunk's output being empty. The markers are
the suite's own, not `// -----`, so an input that is itself a split file stays
one input. Diagnostics name lines of the whole buffer, so each is given back
to the chunk holding its line. A crash kills the whole run: the batch is then
halved until the crashing inputs are alone, so only they report the crash.
"""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass

CASE_MARK = "// ==== hlopt-oracle input ===="
OUT_MARK = "// ==== hlopt-oracle output ===="
_DIAG_START = re.compile(r"^<stdin>:(\d+):\d+: ", re.M)


@dataclass(frozen=True)
class Result:
    """What a separate `iree-opt ARGS -` run on one input would give:
    status (0 ok, 1 rejected, -1 crashed), stdout, and its diagnostics."""

    status: int
    out: str
    err: str


def crashed(returncode: int, stderr: str) -> bool:
    return returncode < 0 or "Stack dump" in stderr or "PLEASE submit a bug report" in stderr


def run_many(exe: str, args: list[str], texts: list[str], timeout: float = 600) -> list[Result]:
    """`exe ARGS -` on each of `texts`, in as few processes as possible."""
    if not texts:
        return []
    buf = "".join(t if t.endswith("\n") else t + "\n" for t in _with_marks(texts))
    p = subprocess.run([exe, f"--split-input-file={CASE_MARK}", f"--output-split-marker={OUT_MARK}", *args, "-"],
                       input=buf, capture_output=True, text=True, timeout=timeout,
                       env={**os.environ, "LLVM_DISABLE_CRASH_REPORT": "1"})
    if crashed(p.returncode, p.stderr):
        if len(texts) == 1:
            return [Result(-1, "", p.stderr)]
        half = len(texts) // 2
        return run_many(exe, args, texts[:half], timeout) + run_many(exe, args, texts[half:], timeout)
    outs = p.stdout.split(OUT_MARK + "\n")
    if len(outs) != len(texts):
        raise RuntimeError(f"iree-opt gave {len(outs)} outputs for {len(texts)} inputs:\n{p.stderr[:2000]}")
    errs = _errors_by_chunk(texts, p.stderr)
    return [Result(0 if out else 1, out, errs.get(i, "")) for i, out in enumerate(outs)]


def _with_marks(texts: list[str]) -> list[str]:
    out = []
    for i, t in enumerate(texts):
        if CASE_MARK in t:
            raise ValueError(f"input {i} contains the split marker {CASE_MARK!r}")
        out.append(t if i == 0 else CASE_MARK + "\n" + t)
    return out


def _errors_by_chunk(texts: list[str], stderr: str) -> dict[int, str]:
    """Each diagnostic (with the source lines and notes after it) to the chunk
    whose lines hold its location."""
    starts, line = [], 1
    for t in _with_marks(texts):
        starts.append(line)
        line += t.count("\n") + (0 if t.endswith("\n") else 1)
    heads = list(_DIAG_START.finditer(stderr))
    by_chunk: dict[int, str] = {}
    for k, m in enumerate(heads):
        end = heads[k + 1].start() if k + 1 < len(heads) else len(stderr)
        line = int(m.group(1))
        idx = max(i for i, s in enumerate(starts) if s <= line)
        by_chunk[idx] = by_chunk.get(idx, "") + stderr[m.start():end]
    return by_chunk
