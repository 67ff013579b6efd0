"""Negative differential tests of the op declarations (issue 6, item 8).

tests/oracle/gen_negative.py derives, for every registered StableHLO, CHLO
and Shardy op in the JAX corpus, the op unchanged and variants with one
operand fewer, one result more, another element type and a missing required
attribute. jaxlib's MLIR judges each; hlopt must give the same verdict, and
when it rejects, a located `file:line:col: error:` diagnostic (never a
traceback). Skipped without JAX.
"""

from __future__ import annotations

import pathlib
import re
import sys

import pytest

pytest.importorskip("jax")

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
import gen_negative  # noqa: E402
import mlir_ref  # noqa: E402
from lit_chunks import expected_error_chunks  # noqa: E402

from hlopt.driver import Options, process  # noqa: E402
from hlopt.syntax.source import Source  # noqa: E402

CASES = list(gen_negative.cases())
_LOCATED = re.compile(r"^neg\.mlir:\d+:\d+: error: ")


def test_every_corpus_op_has_variants() -> None:
    ops = {c.op for c in CASES}
    kinds = {c.kind for c in CASES}
    assert len(ops) >= 40, sorted(ops)
    assert kinds == set(gen_negative.KINDS)


@pytest.mark.parametrize("case", CASES, ids=[f"{c.op}-{c.kind}" for c in CASES])
def test_verdict_matches_mlir(case: gen_negative.Case) -> None:
    ok, message = mlir_ref.verify(case.text)
    out, diags, _ = process(Source("neg.mlir", case.text), Options())
    hl_ok = out is not None
    first = diags[0].header() if diags else ""
    if case.kind == "base":
        assert ok, f"MLIR rejects the unmutated {case.op} from {case.source}: {message}"
    assert hl_ok == ok, (f"{case.op} ({case.kind}, from {case.source}): MLIR "
                         f"{'accepts' if ok else 'rejects: ' + message.splitlines()[0]}; hlopt "
                         f"{'accepts' if hl_ok else 'rejects: ' + first}")
    if not hl_ok:
        assert _LOCATED.match(first), first


LIT = sorted((HERE.parent / "lit" / "verifier-negative").glob("*.mlir"))


def _lit_chunks() -> list[tuple[str, str, str]]:
    return expected_error_chunks(LIT)


@pytest.mark.parametrize("name,chunk,message", _lit_chunks(), ids=[c[0] for c in _lit_chunks()])
def test_pinned_sample_is_mlirs_verdict(name: str, chunk: str, message: str) -> None:
    """The lit sample's expected messages are MLIR's own for the same input."""
    ok, got = mlir_ref.verify(chunk)
    assert not ok, f"{name}: MLIR accepts it"
    assert got.split(" error: ", 1)[-1].splitlines()[0] == message
