"""Differential suite for --specialize-encodings on IREE's real resolvers
(gen_encodings: CPU, VMVX and GPU targets x contraction kinds x element types x
1-3 devices, shared and distinct targets). iree-opt runs once on the whole
--split-input-file buffer; hlopt runs in this process chunk by chunk; both
outputs are then re-printed by one `iree-opt --mlir-print-op-generic
--mlir-print-local-scope` run each and compared chunk by chunk. A chunk
iree-opt rejects must be rejected by hlopt with the same messages.
"""

from __future__ import annotations

import re
import subprocess

import pytest
from gen_encodings import cases
from iree_tool import IREE_OPT, needs_iree

pytestmark = needs_iree

_SEP = "\n// -----\n"
_OUT_SPLIT = re.compile(r"^// -----\s*$", re.M)
_DIAG = re.compile(r"^<stdin>:(\d+):\d+: error: (.*)$", re.M)


def _iree(args: list[str], text: str) -> subprocess.CompletedProcess:
    return subprocess.run([IREE_OPT, "--split-input-file", *args, "-"], input=text, capture_output=True,
                          text=True, timeout=600)


def _chunk_of_line(texts: list[str]) -> list[int]:
    """First line (1-based) of each chunk in the joined buffer: its
    separator's line, where iree-opt locates a chunk's implicit module."""
    starts, line = [], 1
    for t in texts:
        starts.append(line)
        line += t.count("\n") + _SEP.count("\n")
    return [1] + [s - 1 for s in starts[1:]]


def _hlopt(text: str) -> tuple[str | None, list[str]]:
    from hlopt.driver import Options, build_pass_manager, process
    from hlopt.passes.pipeline import PassSpec
    from hlopt.syntax.source import Source

    opts = Options(pass_specs=[PassSpec("specialize-encodings", {})])
    out, diags, _ = process(Source("<stdin>", text), opts, build_pass_manager(opts))
    return out, [d.message for d in diags if d.severity == "error"]


@pytest.fixture(scope="module")
def judged() -> dict:
    items = cases()
    texts = [t for _, t in items]
    ref = _iree(["--iree-stream-specialize-encodings"], _SEP.join(texts))
    outs = _OUT_SPLIT.split(ref.stdout)
    assert len(outs) == len(texts), ref.stderr[:2000]
    starts = _chunk_of_line(texts)
    errors: dict[int, list[str]] = {}
    for m in _DIAG.finditer(ref.stderr):
        line = int(m.group(1))
        idx = max(i for i, s in enumerate(starts) if s <= line)
        errors.setdefault(idx, []).append(m.group(2))
    got = [_hlopt(t) for t in texts]
    ok = [i for i in range(len(texts)) if i not in errors and got[i][0] is not None]
    generic = ["--mlir-print-op-generic", "--mlir-print-local-scope"]
    ref_g = _OUT_SPLIT.split(_iree(generic, _SEP.join(outs[i] for i in ok)).stdout)
    got_run = _iree(generic, _SEP.join(got[i][0] for i in ok))
    got_g = _OUT_SPLIT.split(got_run.stdout)
    assert len(got_g) == len(ok), got_run.stderr[:2000]
    return {"ids": [n for n, _ in items], "errors": errors, "got": got,
            "generic": {i: (r, g) for i, r, g in zip(ok, ref_g, got_g)}}


def test_enough_cases() -> None:
    items = cases()
    assert len(items) >= 200
    assert len({n for n, _ in items}) == len(items)


@pytest.mark.parametrize("i", range(len(cases())), ids=[n for n, _ in cases()])
def test_specialize_encodings_matches_iree(judged: dict, i: int) -> None:
    out, errs = judged["got"][i]
    if i in judged["errors"]:
        assert out is None
        assert errs == judged["errors"][i]
        return
    assert out is not None, errs
    ref, got = judged["generic"][i]
    assert got.strip() == ref.strip()


def test_demo_example_matches_iree() -> None:
    """examples/encodings.mlir (the demo's step 6) specializes as iree-opt does."""
    import pathlib

    text = (pathlib.Path(__file__).resolve().parents[2] / "examples" / "encodings.mlir").read_text()
    ref = subprocess.run([IREE_OPT, "--iree-stream-specialize-encodings", "-"], input=text, capture_output=True,
                         text=True, timeout=300)
    assert ref.returncode == 0, ref.stderr
    out, errs = _hlopt(text)
    assert out is not None, errs
    assert out == ref.stdout.rstrip("\n") + "\n"
