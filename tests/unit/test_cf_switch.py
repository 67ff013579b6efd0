"""cf.switch: the interpreter takes the case holding the flag (compared at
the flag's width) or the default, forwarding that successor's operands;
canonicalization keeps the program's results (--check-semantics).
Expectations are computed by hand."""

from __future__ import annotations

import numpy as np
import pytest

import hlopt
from hlopt.interp import interpret
from hlopt.passes.semantics import check_semantics

SWITCH = """func.func @main(%flag: i8, %a: i32, %b: i32) -> i32 {
  cf.switch %flag : i8, [ default: ^bb1(%a : i32), 3: ^bb2, -1: ^bb3(%b, %a : i32, i32) ]
^bb1(%x: i32):
  return %x : i32
^bb2:
  %s = arith.addi %a, %b : i32
  return %s : i32
^bb3(%y: i32, %z: i32):
  %d = arith.subi %y, %z : i32
  return %d : i32
}
"""


@pytest.mark.parametrize("flag,want", [(0, 10), (3, 17), (-1, -3), (7, 10), (255, -3)])
def test_switch_takes_the_matching_case_or_the_default(flag: int, want: int) -> None:
    # 255 is -1 at i8: the case value -1 matches
    f = np.array(flag).astype(np.int64).astype(np.uint8).view(np.int8)
    (r,) = interpret(hlopt.parse_module(SWITCH), [f, np.int32(10), np.int32(7)])[0]
    assert int(r) == want


def test_switch_parse_keeps_cases_in_order() -> None:
    m = hlopt.parse_module(SWITCH)
    sw = m.regions[0].blocks[0].first_op.regions[0].blocks[0].last_op
    assert sw.name == "cf.switch"
    assert list(sw.properties.get("case_values").flat_values()) == [3, -1]
    assert list(sw.properties.get("case_operand_segments").values) == [0, 2]
    assert [sw.successors.index(b) for b in sw.successors] == [0, 1, 2]


CONST = """func.func @main(%a: i32, %b: i32) -> i32 {
  %c = arith.constant 3 : i32
  cf.switch %c : i32, [ default: ^bb1(%a : i32), 3: ^bb1(%b : i32), 4: ^bb2 ]
^bb1(%x: i32):
  return %x : i32
^bb2:
  return %a : i32
}
"""


def test_canonicalize_of_switches_keeps_results() -> None:
    """Random flags rarely hit a case: the switch module is also checked with
    the flag fixed through a constant-flag variant (CONST)."""
    m = hlopt.parse_module(SWITCH)
    check_semantics(m, "builtin.module(canonicalize,cse)", seeds=3)
    assert "cf.switch" in hlopt.print_op(m)  # nothing to fold: the switch stays


def test_constant_switch_folds_to_its_case_and_keeps_results() -> None:
    m = hlopt.parse_module(CONST)
    check_semantics(m, "builtin.module(canonicalize)", seeds=2)
    out = hlopt.print_op(m)
    assert "cf.switch" not in out
    assert "return %arg1 : i32" in out
