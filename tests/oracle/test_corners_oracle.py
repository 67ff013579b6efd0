"""MLIR's verdict and print on the corners of issue 25: graph regions
(builtin.module's body and unregistered ops' regions) in the verifier and
in cse, and comments around a property dictionary's braces. jaxlib's MLIR
judges parse/verify/print, iree-opt judges cse. (sdy whitespace is in
tests/lit/sdy/whitespace.mlir, checked by test_sdy_oracle.py; custom_call's
verifier in tests/lit/stablehlo/verify_spec_custom_call.mlir, checked by
test_shlo_agreement.py.) Skipped without JAX / iree-opt."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("jax")

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
import hlopt_cli  # noqa: E402
import mlir_ref  # noqa: E402
from iree_tool import IREE_OPT, needs_iree  # noqa: E402

from hlopt.syntax.split import split_source  # noqa: E402

LIT = HERE.parent / "lit"
GRAPH = LIT / "cse" / "graph-regions.mlir"
SSA = LIT / "verifier-negative" / "ssacfg-forward-reference.mlir"
LEXICAL = LIT / "reliability" / "lexical-corners.mlir"


def _chunks(path: pathlib.Path) -> list[str]:
    return [c.text for c in split_source(path.name, path.read_text())]


def _hlopt(text: str, *args: str) -> subprocess.CompletedProcess:
    return hlopt_cli.run(["-", "--allow-unregistered-dialect", *args], text)  # the command line, in this process


GRAPH_CHUNKS = _chunks(GRAPH)


@pytest.mark.parametrize("i", range(len(GRAPH_CHUNKS)))
def test_graph_region_chunks_print_as_mlir(i: int) -> None:
    text = GRAPH_CHUNKS[i]
    r = _hlopt(text)
    assert r.returncode == 0, r.stderr
    assert r.stdout == mlir_ref.parse_and_print(text, allow_unregistered=True)


@needs_iree
@pytest.mark.parametrize("i", range(len(GRAPH_CHUNKS)))
def test_graph_region_chunks_cse_as_mlir(i: int) -> None:
    text = GRAPH_CHUNKS[i]
    ref = subprocess.run([IREE_OPT, "--allow-unregistered-dialect", "--cse", "-"], input=text,
                         capture_output=True, text=True)
    assert ref.returncode == 0, ref.stderr
    r = _hlopt(text, "--cse")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == ref.stdout.strip()


def test_forward_reference_in_a_function_body_is_rejected_by_mlir() -> None:
    ok, msg = mlir_ref.verify(SSA.read_text(), allow_unregistered=True)
    assert not ok and "operand #0 does not dominate this use" in msg


def test_comments_around_property_braces_print_as_mlir() -> None:
    chunk = next(c for c in _chunks(LEXICAL) if "@props" in c)
    r = _hlopt(chunk)
    assert r.returncode == 0, r.stderr
    assert r.stdout == mlir_ref.parse_and_print(chunk)
