"""Per-op agreement of hlopt's StableHLO/CHLO verifier and printer with MLIR's
(jaxlib), on the valid and mechanically mutated cases of
tests/oracle/gen_shlo_agreement.py.

Every case must agree: the same verdict, a located diagnostic when hlopt
rejects, and MLIR's printed text when both accept. Known disagreements are
listed with their cause in shlo_agreement_known.txt (case id, tab, cause) and
run as strict xfails, so fixing one fails the test until the list is updated
(`python tests/oracle/gen_shlo_agreement.py --known tests/oracle/shlo_agreement_known.txt`).
`pytest -s` prints the per-op table (docs/stablehlo-agreement.md holds the
last one written by the generator). Skipped without JAX.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("jax")

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
import gen_shlo_agreement as gen  # noqa: E402
from iree_tool import IREE_OPT, needs_iree  # noqa: E402
from lit_chunks import expected_error_chunks  # noqa: E402

CASES = gen.cases()
KNOWN = dict(line.split("\t", 1) for line in (HERE / "shlo_agreement_known.txt").read_text().splitlines() if line)
_RESULTS: list[tuple[gen.Case, gen.Verdict]] = []


def test_the_cases_cover_the_ops() -> None:
    ops = {c.op for c in CASES}
    assert len(ops) >= 100, sorted(ops)
    kinds = {c.id.rsplit("/", 1)[1] for c in CASES}
    for kind in ("valid", "result-shape", "result-element", "operand-element", "region-arg"):
        assert kind in kinds
    stale = set(KNOWN) - {c.id for c in CASES}
    assert not stale, f"known disagreements name cases that no longer exist: {sorted(stale)[:5]}"


def _param(c: gen.Case):
    marks = [pytest.mark.xfail(strict=True, reason=KNOWN[c.id])] if c.id in KNOWN else []
    return pytest.param(c, id=c.id, marks=marks)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_agrees_with_mlir(case: gen.Case) -> None:
    v = gen.judge(case)
    _RESULTS.append((case, v))
    assert v.located, f"{case.id}: hlopt's rejection is not a located error: {v.hl_text}"
    assert v.agree, f"{case.id}: {v.cause()}"


def test_print_table() -> None:
    """Runs last in the module: the table of what this session judged."""
    if _RESULTS:
        print("\n" + gen.table(_RESULTS))
    assert all(c.id in {k.id for k in CASES} for c, _ in _RESULTS)


LIT = sorted([*(HERE.parent / "lit" / "stablehlo").glob("verify_spec_*.mlir"),
              *(HERE.parent / "lit").glob("chlo/verify*.mlir"), *(HERE.parent / "lit").glob("sdy/verify*.mlir")])


def _lit_chunks() -> list[tuple[str, str, str]]:
    return expected_error_chunks(LIT, lambda p: f"{p.parent.name}/{p.name}")


@pytest.mark.parametrize("name,chunk,message", _lit_chunks(), ids=[c[0] for c in _lit_chunks()])
def test_lit_diagnostics_are_mlirs(name: str, chunk: str, message: str) -> None:
    """Every expected error of the spec, chlo and sdy verify files under tests/lit is MLIR's own
    verdict and message for the same input (the lit run checks hlopt's)."""
    import mlir_ref

    ok, got = mlir_ref.verify(chunk)
    assert not ok, f"{name}: MLIR accepts it"
    assert message in got.split(" error: ", 1)[-1].splitlines()[0], got


# ---------------------------------------------------------------------------
# quantized types: jaxlib has no quant dialect, iree-opt (a complete mlir-opt) judges

QUANT = HERE.parent / "lit" / "quant"


@needs_iree
def test_quant_types_print_as_iree_opt() -> None:
    from hlopt.driver import Options, process
    from hlopt.syntax.source import Source

    text = (QUANT / "types.mlir").read_text()
    ref = subprocess.run([IREE_OPT, "-"], input=text, capture_output=True, text=True, check=True).stdout
    out, diags, _ = process(Source("types.mlir", text), Options())
    assert out is not None, diags[0].header()
    assert out == ref.rstrip("\n") + "\n"


def _quant_chunks() -> list[tuple[str, str, str]]:
    return expected_error_chunks([QUANT / "verify.mlir"], lambda p: "quant/verify.mlir")


@needs_iree
@pytest.mark.parametrize("name,chunk,message", _quant_chunks(), ids=[c[0] for c in _quant_chunks()])
def test_quant_diagnostics_are_iree_opts(name: str, chunk: str, message: str) -> None:
    r = subprocess.run([IREE_OPT, "-"], input=chunk, capture_output=True, text=True)
    assert r.returncode != 0, f"{name}: iree-opt accepts it"
    first = next(ln for ln in r.stderr.splitlines() if " error: " in ln)
    assert message in first, first


def _positive_chunks() -> list[tuple[str, str]]:
    path = HERE.parent / "lit" / "stablehlo" / "dynamic_compatible.mlir"
    return [(f"{path.name}#{i}", c) for i, c in enumerate(path.read_text().split("// -----"))]


@pytest.mark.parametrize("name,chunk", _positive_chunks(), ids=[c[0] for c in _positive_chunks()])
def test_dynamic_shapes_accepted_as_mlir_does(name: str, chunk: str) -> None:
    """Each function MLIR accepts with dynamic dims against static ones; hlopt
    accepts it too and prints MLIR's text."""
    import mlir_ref

    from hlopt.driver import Options, process
    from hlopt.syntax.source import Source

    ref = mlir_ref.parse_and_print(chunk)
    out, diags, _ = process(Source("chunk.mlir", chunk), Options())
    assert out is not None, diags[0].header()
    assert out == ref


# not in the lit file: MLIR prints this while in a custom form that does not
# parse back (its block argument takes the operand's type), and hlopt prints
# the same text
WHILE_DYNAMIC = """
func.func @w(%x: tensor<?xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %c = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<4xf32>):
    stablehlo.return %a : tensor<4xf32>
  }) : (tensor<?xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""


def test_while_dynamic_operands_accepted_as_mlir_does() -> None:
    test_dynamic_shapes_accepted_as_mlir_does("while", WHILE_DYNAMIC)
