"""Byte-identical round trips of the JAX-generated StableHLO corpus.

Each fixture is a fixed point of MLIR's printer in its own form: pretty
(`NAME.mlir`), generic (`NAME.generic.mlir`) and pretty with locations
(`NAME.debuginfo.mlir`). hlopt must reproduce each exactly. Runs without JAX
(tests/oracle/test_stablehlo_oracle.py re-checks against MLIR itself).
"""

from __future__ import annotations

import pathlib

import pytest

import hlopt

FIXTURES = sorted((pathlib.Path(__file__).parents[1] / "fixtures" / "stablehlo").glob("*.mlir"))


def _first_diff(got: str, exp: str) -> str:
    for i, (a, b) in enumerate(zip(got.splitlines(), exp.splitlines()), 1):
        if a != b:
            return f"line {i}:\n got: {a[:400]}\n exp: {b[:400]}"
    return f"line counts differ: {len(got.splitlines())} vs {len(exp.splitlines())}"


@pytest.mark.parametrize("path", FIXTURES, ids=[p.name for p in FIXTURES])
def test_roundtrip(path: pathlib.Path) -> None:
    text = path.read_text()
    generic = path.name.endswith(".generic.mlir")
    debuginfo = path.name.endswith(".debuginfo.mlir")
    out = hlopt.print_op(hlopt.parse_module(text, filename=path.name), generic=generic, debuginfo=debuginfo)
    assert out == text, _first_diff(out, text)


PRETTY = [p for p in FIXTURES if not p.name.endswith((".generic.mlir", ".debuginfo.mlir"))]


@pytest.mark.parametrize("path", PRETTY, ids=[p.name for p in PRETTY])
def test_pretty_to_generic_matches_generic_fixture_ops(path: pathlib.Path) -> None:
    """pretty -> generic -> pretty gives the pretty text back."""
    text = path.read_text()
    generic = hlopt.print_op(hlopt.parse_module(text), generic=True)
    again = hlopt.print_op(hlopt.parse_module(generic))
    assert again == text, _first_diff(again, text)


@pytest.mark.parametrize("path", [p for p in FIXTURES if p.name.endswith(".generic.mlir")],
                         ids=lambda p: p.name)
def test_generic_fixture_prints_pretty_fixture(path: pathlib.Path) -> None:
    """The generic fixture printed pretty equals the debuginfo fixture
    without locations, i.e. the pretty fixture (JAX prints both from one module)."""
    pretty = path.with_name(path.name.replace(".generic.mlir", ".mlir")).read_text()
    out = hlopt.print_op(hlopt.parse_module(path.read_text()))
    assert out == pretty, _first_diff(out, pretty)
