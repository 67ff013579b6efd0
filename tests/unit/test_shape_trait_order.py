"""Trait verification in MLIR's order, with a test dialect declared here: the
structural traits (HasParent) before the op's own operand constraints, then
the other traits (Terminator's "must be the last operation") in declaration
order, whatever order the class lists them in (shape.assuming_yield lists
Terminator before HasParent, as its ODS does)."""

from __future__ import annotations

from hlopt.driver import Options, process
from hlopt.ir.constraints import I1
from hlopt.ir.context import current_context
from hlopt.ir.dialect import Dialect
from hlopt.ir.opdef import OpDef, operand
from hlopt.ir.traits import HasParent, Terminator
from hlopt.syntax.source import Source


class _Yield(OpDef):
    name = "ordertest.yield"
    flag = operand(I1)
    traits = (Terminator(), HasParent("ordertest.region"))


class _Region(OpDef):
    name = "ordertest.region"


current_context().load(Dialect("ordertest", ops=(_Yield, _Region)))


def _first_error(text: str) -> str:
    out, diags, _ = process(Source("in.mlir", text), Options())
    assert out is None
    return diags[0].header()


def test_parent_is_checked_before_operands_and_position() -> None:
    text = """func.func @f(%a: i32) {
  "ordertest.yield"(%a) : (i32) -> ()
  return
}
"""
    assert _first_error(text) == "in.mlir:2:3: error: 'ordertest.yield' op expects parent op 'ordertest.region'"


def test_operands_are_checked_before_the_terminator_position() -> None:
    text = """"ordertest.region"() ({
  %a = "other.v"() : () -> i32
  "ordertest.yield"(%a) : (i32) -> ()
  "other.x"() : () -> ()
}) : () -> ()
"""
    out, diags, _ = process(Source("in.mlir", text), Options(allow_unregistered=True))
    assert out is None
    assert diags[0].header() == ("in.mlir:3:3: error: 'ordertest.yield' op operand #0 must be 1-bit signless "
                                 "integer, but got 'i32'")


def test_a_misplaced_terminator_with_a_valid_parent_reports_its_position() -> None:
    text = """"ordertest.region"() ({
  %a = "other.v"() : () -> i1
  "ordertest.yield"(%a) : (i1) -> ()
  "other.x"() : () -> ()
}) : () -> ()
"""
    out, diags, _ = process(Source("in.mlir", text), Options(allow_unregistered=True))
    assert out is None
    assert diags[0].header() == "in.mlir:3:3: error: 'ordertest.yield' op must be the last operation in the parent block"
