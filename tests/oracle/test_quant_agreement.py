"""Per-op agreement of hlopt's StableHLO verifier and printer with iree-opt on
quantized types (tests/oracle/gen_shlo_agreement.py's quant_cases(): valid
per-tensor, per-axis, hybrid and dynamic-shape seeds, and their quantized
types mutated). jaxlib's MLIR has no quant dialect, so iree-opt, whose
StableHLO registers it, judges: the same verdict, iree-opt's printed text when
both accept, and iree-opt's first message when both reject. `pytest -s`
prints the per-op table. Skipped without iree-opt."""

from __future__ import annotations

import pathlib
import sys

import pytest

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
import gen_shlo_agreement as gen  # noqa: E402
from iree_tool import IREE_OPT, needs_iree  # noqa: E402

pytestmark = needs_iree

CASES = gen.quant_cases()
# the two references' StableHLO versions differ in one constraint summary
KNOWN = {"stablehlo.abs/quant-abs/result-quant-axis":
         "iree-opt's abs result constraint summary omits complex types, which jaxlib's (hlopt's) lists"}
_RESULTS: list = []


def test_the_cases_cover_the_quantized_ops() -> None:
    ops = {c.op for c in CASES}
    for op in ("stablehlo.add", "stablehlo.dot_general", "stablehlo.convolution", "stablehlo.reshape",
               "stablehlo.transpose", "stablehlo.broadcast_in_dim", "stablehlo.uniform_quantize",
               "stablehlo.uniform_dequantize"):
        assert op in ops
    kinds = {c.id.rsplit("/", 1)[1] for c in CASES}
    assert {"valid", "operand-quant-scale", "result-quant-axis", "operand-quant-float"} <= kinds
    assert sum(c.id.endswith("/valid") for c in CASES) >= 30


def _param(c: gen.Case):
    marks = [pytest.mark.xfail(strict=True, reason=KNOWN[c.id])] if c.id in KNOWN else []
    return pytest.param(c, id=c.id, marks=marks)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_agrees_with_iree_opt(case: gen.Case) -> None:
    v = gen.judge_quant(case)
    _RESULTS.append((case, v))
    assert v.located, f"{case.id}: hlopt's rejection is not a located error: {v.hl_text}"
    assert v.agree, f"{case.id}: {v.cause()}"
    if not v.mlir_ok:
        assert v.hl_text == v.mlir_text, f"{case.id}: iree-opt says {v.mlir_text!r}, hlopt {v.hl_text!r}"


def test_print_table() -> None:
    if _RESULTS:
        print("\n" + gen.quant_table(_RESULTS))
    assert all(c in CASES for c, _ in _RESULTS)


def _lit_chunks() -> list[tuple[str, str, str]]:
    from lit_chunks import expected_error_chunks

    return expected_error_chunks([HERE.parent / "lit" / "quant" / "verify_ops.mlir"], lambda p: "quant/verify_ops.mlir")


@pytest.mark.parametrize("name,chunk,message", _lit_chunks(), ids=[c[0] for c in _lit_chunks()])
def test_lit_diagnostics_are_iree_opts(name: str, chunk: str, message: str) -> None:
    """Every expected error of tests/lit/quant/verify_ops.mlir is iree-opt's first message for the chunk."""
    import subprocess

    exe = IREE_OPT
    r = subprocess.run([exe, "-"], input=chunk, capture_output=True, text=True)
    assert r.returncode != 0, f"{name}: iree-opt accepts it"
    first = next(ln for ln in r.stderr.splitlines() if " error: " in ln)
    assert first.split(" error: ", 1)[1] == message, first
