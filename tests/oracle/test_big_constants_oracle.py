"""MLIR (jaxlib) is the judge of the big-constant round trips in
tests/unit/test_big_constants.py: the inputs there are MLIR's own printed
form, and hlopt prints what MLIR prints, in the pretty, generic and
debuginfo forms (issue 7, item 4)."""

from __future__ import annotations

import pathlib
import random
import sys

import pytest

pytest.importorskip("jaxlib")
pytest.importorskip("jax")

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "unit"))

import mlir_ref  # noqa: E402
from test_big_constants import LARGE, SMALL, constants_module, nested_module, resource_module  # noqa: E402

from hlopt.syntax.parser import parse_module  # noqa: E402
from hlopt.syntax.printer import print_op  # noqa: E402


@pytest.mark.parametrize("n", [SMALL, LARGE])
@pytest.mark.parametrize("debuginfo", [False, True], ids=["plain", "debuginfo"])
def test_inputs_are_mlirs_printed_form(n: int, debuginfo: bool) -> None:
    text = constants_module(n, debuginfo)
    assert mlir_ref.parse_and_print(text, debuginfo=debuginfo) == text
    assert print_op(parse_module(text), debuginfo=debuginfo) == text


@pytest.mark.parametrize("debuginfo", [False, True], ids=["plain", "debuginfo"])
def test_generic_form_matches_mlir(debuginfo: bool) -> None:
    text = constants_module(LARGE, debuginfo)
    want = mlir_ref.parse_and_print(text, generic=True, debuginfo=debuginfo)
    assert print_op(parse_module(text), generic=True, debuginfo=debuginfo) == want


@pytest.mark.parametrize("generic", [False, True], ids=["pretty", "generic"])
def test_nested_payloads_match_mlir(generic: bool) -> None:
    text = nested_module(LARGE)
    want = mlir_ref.parse_and_print(text, generic=generic, allow_unregistered=True)
    assert want == nested_module(LARGE, generic)
    assert print_op(parse_module(text, allow_unregistered=True), generic=generic) == want


def test_long_element_lists_print_as_mlirs_hex() -> None:
    """More than 100 elements written as a list: MLIR prints hex."""
    r = random.Random(3)
    vals = [r.randrange(-2**31, 2**31) for _ in range(50_000)]
    t = f"tensor<{len(vals)}xi32>"
    text = (f"func.func @main() -> {t} {{\n  %0 = stablehlo.constant dense<[{', '.join(map(str, vals))}]> : {t}\n"
            f"  return %0 : {t}\n}}\n")
    want = mlir_ref.parse_and_print(text)
    assert 'dense<"0x' in want
    assert print_op(parse_module(text)) == want


def test_resource_blob_input_is_mlirs_printed_form() -> None:
    text = resource_module(LARGE)
    assert mlir_ref.parse_and_print(text) == text
    assert print_op(*_with_resources(text)) == text


def _with_resources(text: str):
    from hlopt.syntax.parser import parse_source
    from hlopt.syntax.source import Source

    module, resources = parse_source(Source("in.mlir", text), True)
    return module, False, False, resources
