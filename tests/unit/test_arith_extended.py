"""arith's ceil/floor divisions and extended ops: interpreter semantics (hand
computed, edge values included), and each pattern function carries MLIR's
debug name so disable-patterns selects it."""

from __future__ import annotations

import numpy as np
import pytest

import hlopt
from hlopt.interp import InterpError, interpret

DIVS = """func.func @main(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = arith.ceildivsi %a, %b : i32
  %1 = arith.ceildivui %a, %b : i32
  %2 = arith.floordivsi %a, %b : i32
  return %0, %1, %2 : i32, i32, i32
}
"""

EXTENDED = """func.func @main(%a: i8, %b: i8) -> (i8, i1, i8, i8, i8, i8) {
  %s, %o = arith.addui_extended %a, %b : i8, i1
  %l, %h = arith.mulsi_extended %a, %b : i8
  %l2, %h2 = arith.mului_extended %a, %b : i8
  return %s, %o, %l, %h, %l2, %h2 : i8, i1, i8, i8, i8, i8
}
"""


def _run(text: str, *args: object) -> list:
    return [int(np.asarray(v)) for v in interpret(hlopt.parse_module(text), list(args))[0]]


@pytest.mark.parametrize("a,b,want", [
    (7, 2, [4, 4, 3]),
    (-7, 2, [-3, 2147483645, -4]),
    (7, -2, [-3, 1, -4]),
    (-7, -2, [4, 1, 3]),
    (-2147483648, 2, [-1073741824, 1073741824, -1073741824]),
    (0, 5, [0, 0, 0]),
])
def test_ceil_floor_division(a: int, b: int, want: list[int]) -> None:
    assert _run(DIVS, np.int32(a), np.int32(b)) == want


def test_division_by_zero_is_reported() -> None:
    with pytest.raises(InterpError, match="undefined"):
        _run(DIVS, np.int32(1), np.int32(0))


@pytest.mark.parametrize("a,b,want", [
    # sum, overflow, signed low/high, unsigned low/high
    (-5, 7, [2, 1, -35, -1, -35, 6]),
    (100, 27, [127, 0, -116, 10, -116, 10]),
    (-128, -128, [0, 1, 0, 64, 0, 64]),
    (3, 0, [3, 0, 0, 0, 0, 0]),
])
def test_extended_ops(a: int, b: int, want: list[int]) -> None:
    assert _run(EXTENDED, np.int8(a), np.int8(b)) == want


def test_patterns_carry_mlir_names() -> None:
    from hlopt.dialects import arith

    names = {p.debug_name for ops in arith._PATTERNS.values() for p in ops}
    for n in ("AddIAddConstant", "SubISubILHSRHSLHS", "XOrINotCmpI", "SelectToExtUI", "TruncIShrSIToTrunciShrUI",
              "MulSIExtendedRHSOne", "AddUIExtendedToAddI", "BitcastOfBitcast"):
        assert n in names
    assert arith.s_lookup("arith.addi").canonicalization_patterns()[0].debug_name == "AddIAddConstant"
