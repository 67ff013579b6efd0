"""Shardy's custom forms and dialect-attribute hooks judged by jaxlib's MLIR
(which registers the sdy dialect): the sdy lit inputs print byte for byte
as MLIR prints them, in the custom and the generic form, and MLIR's generic
print reads back into the same custom text. Skipped without JAX."""

from __future__ import annotations

import pathlib
import sys

import pytest

pytest.importorskip("jax")

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
import mlir_ref  # noqa: E402

LIT = HERE.parent / "lit" / "sdy"
# inputs MLIR accepts (the verify*.mlir files are checked chunk by chunk by test_shlo_agreement.py;
# parse_errors.mlir holds hlopt's own parse messages)
POSITIVE = sorted(p for p in LIT.glob("*.mlir") if "expected-error" not in p.read_text())


def _hlopt(text: str, generic: bool = False) -> str:
    from hlopt.driver import Options, process
    from hlopt.syntax.source import Source

    out, diags, _ = process(Source("in.mlir", text), Options(generic=generic))
    assert out is not None, diags[0].header()
    return out


def test_there_are_positive_inputs() -> None:
    assert any(p.name == "ops.mlir" for p in POSITIVE)


@pytest.mark.parametrize("path", POSITIVE, ids=[p.name for p in POSITIVE])
def test_custom_form_prints_as_mlir(path: pathlib.Path) -> None:
    text = path.read_text()
    assert _hlopt(text) == mlir_ref.parse_and_print(text)


@pytest.mark.parametrize("path", POSITIVE, ids=[p.name for p in POSITIVE])
def test_generic_form_prints_as_mlir(path: pathlib.Path) -> None:
    text = path.read_text()
    generic = mlir_ref.parse_and_print(text, generic=True)
    assert _hlopt(text, generic=True) == generic
    assert _hlopt(generic) == mlir_ref.parse_and_print(text)


# hlopt's own wording where MLIR's generated attribute parsers report something else
OWN_PARSE_MESSAGES = {"invalid tensor sharding", "invalid params", "expected integer value, got 'x'",
                      "unexpected '%' in sharding rule"}


def _parse_error_chunks() -> list[tuple[str, str, str]]:
    from lit_chunks import expected_error_chunks

    return expected_error_chunks([LIT / "parse_errors.mlir"])


@pytest.mark.parametrize("name,chunk,message", _parse_error_chunks(), ids=[c[0] for c in _parse_error_chunks()])
def test_parse_errors_are_mlirs(name: str, chunk: str, message: str) -> None:
    """jaxlib rejects each malformed form; unless hlopt words it its own way,
    with the same message at the same line and column."""
    import re

    from hlopt.driver import Options, process
    from hlopt.syntax.source import Source

    ok, err = mlir_ref.verify(chunk)
    assert not ok, f"{name}: jaxlib accepts it"
    m = re.match(r'loc\("-":(\d+):(\d+)\): error: (.*)', err.splitlines()[0])
    out, diags, _ = process(Source("in.mlir", chunk), Options())
    assert out is None
    if message in OWN_PARSE_MESSAGES:
        return
    assert message == m.group(3)
    first = diags[0].header()
    assert f"in.mlir:{m.group(1)}:{m.group(2)}: error: {message}" in first, first
