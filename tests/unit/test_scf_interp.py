"""The interpreter runs scf's region ops (for, if, while, execute_region,
index_switch) by their declarations' rules. Expectations are computed by
hand."""

from __future__ import annotations

import numpy as np
import pytest

import hlopt
from hlopt.interp import interpret


def _run(text: str, *args: object) -> list:
    return interpret(hlopt.parse_module(text), list(args))[0]


FOR = """func.func @main(%n: index, %x: index, %y: i32) -> (index, i32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r:2 = scf.for %i = %c1 to %n step %c2 iter_args(%s = %x, %k = %y) -> (index, i32) {
    %t = arith.addi %s, %i : index
    %one = arith.constant 1 : i32
    %k1 = arith.addi %k, %one : i32
    scf.yield %t, %k1 : index, i32
  }
  return %r#0, %r#1 : index, i32
}
"""


@pytest.mark.parametrize("n,total,trips", [(8, 100 + 1 + 3 + 5 + 7, 4), (1, 100, 0), (0, 100, 0), (2, 101, 1)])
def test_for_carries_iter_args_over_the_induction_variable(n: int, total: int, trips: int) -> None:
    s, k = _run(FOR, np.int64(n), np.int64(100), np.int32(100))
    assert int(s) == total and int(k) == 100 + trips


def test_for_unsigned_compares_bounds_as_unsigned() -> None:
    # -1 : i8 is 255 unsigned: 0 to 255 step 100 runs for 0, 100, 200 (signed: not at all)
    text = """func.func @main(%x: i32) -> (i32, i32) {
  %lo = arith.constant 0 : i8
  %hi = arith.constant -1 : i8
  %st = arith.constant 100 : i8
  %u = scf.for unsigned %i = %lo to %hi step %st iter_args(%a = %x) -> (i32) : i8 {
    %one = arith.constant 1 : i32
    %b = arith.addi %a, %one : i32
    scf.yield %b : i32
  }
  %s = scf.for %i = %lo to %hi step %st iter_args(%a = %x) -> (i32) : i8 {
    %one = arith.constant 1 : i32
    %b = arith.addi %a, %one : i32
    scf.yield %b : i32
  }
  return %u, %s : i32, i32
}
"""
    u, s = _run(text, np.int32(0))
    assert int(u) == 3 and int(s) == 0


IF = """func.func @main(%c: i1, %x: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %d = arith.addi %x, %x : i32
    scf.yield %d : i32
  } else {
    %m = arith.muli %x, %x : i32
    scf.yield %m : i32
  }
  scf.if %c {
    %z = arith.addi %r, %x : i32
  }
  return %r : i32
}
"""


@pytest.mark.parametrize("c,expected", [(True, 14), (False, 49)])
def test_if_runs_the_taken_region(c: bool, expected: int) -> None:
    (r,) = _run(IF, np.bool_(c), np.int32(7))
    assert int(r) == expected


WHILE = """func.func @main(%x: i32, %limit: i32) -> (i32, i32) {
  %r:2 = scf.while (%a = %x, %n = %x) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %a, %limit : i32
    %cnt = arith.subi %n, %x : i32
    scf.condition(%c) %a, %cnt : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %two = arith.constant 2 : i32
    %one = arith.constant 1 : i32
    %d = arith.muli %p, %two : i32
    %e = arith.addi %d, %one : i32
    %q1 = arith.addi %q, %one : i32
    %n1 = arith.addi %q1, %x : i32
    scf.yield %e, %n1 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
"""


@pytest.mark.parametrize("x,limit,value,steps", [(1, 10, 15, 3), (1, 1, 1, 0), (0, 5, 7, 3), (20, 5, 20, 0)])
def test_while_runs_until_the_condition_fails(x: int, limit: int, value: int, steps: int) -> None:
    # a -> 2a + 1 while a < limit; the condition forwards how many steps ran
    a, n = _run(WHILE, np.int32(x), np.int32(limit))
    assert int(a) == value and int(n) == steps


EXECUTE = """func.func @main(%c: i1, %x: i32) -> (i32, i32) {
  %r:2 = scf.execute_region -> (i32, i32) {
    cf.cond_br %c, ^bb1, ^bb2(%x : i32)
  ^bb1:
    %d = arith.addi %x, %x : i32
    scf.yield %d, %x : i32, i32
  ^bb2(%v: i32):
    %m = arith.muli %v, %v : i32
    scf.yield %m, %v : i32, i32
  }
  %s = scf.execute_region -> i32 no_inline {
    %t = arith.subi %r#0, %r#1 : i32
    scf.yield %t : i32
  }
  return %r#0, %s : i32, i32
}
"""


@pytest.mark.parametrize("c,first,second", [(True, 10, 5), (False, 25, 20)])
def test_execute_region_runs_its_blocks_to_a_yield(c: bool, first: int, second: int) -> None:
    r, s = _run(EXECUTE, np.bool_(c), np.int32(5))
    assert int(r) == first and int(s) == second


SWITCH = """func.func @main(%i: index, %x: i32) -> i32 {
  %r = scf.index_switch %i -> i32
  case -3 {
    %d = arith.addi %x, %x : i32
    scf.yield %d : i32
  }
  case 7 {
    %m = arith.muli %x, %x : i32
    scf.yield %m : i32
  }
  default {
    scf.yield %x : i32
  }
  return %r : i32
}
"""


@pytest.mark.parametrize("i,expected", [(-3, 12), (7, 36), (0, 6), (3, 6)])
def test_index_switch_runs_the_matching_case_or_the_default(i: int, expected: int) -> None:
    (r,) = _run(SWITCH, np.int64(i), np.int32(6))
    assert int(r) == expected
