"""A test dialect (`rgn`) whose ops have regions read by their op_asm forms
(tests/unit/test_op_asm_regions.py): declarative regions, a hand-written
head declaring entry-block arguments, isolation from above and a default
dialect for the ops inside."""

from __future__ import annotations

from typing import Any

from hlopt.ir.core import Operation
from hlopt.ir.dialect import Dialect
from hlopt.ir.opdef import OpDef, operand, opt_attr, region, var_operand
from hlopt.ir.traits import IsolatedFromAbove, Terminator
from hlopt.ir.types import i1
from hlopt.syntax.asm_format import FixedType


class IfOp(OpDef):
    """`rgn.if %c {...} else {...}`: two declared regions, the second optional."""

    name = "rgn.if"
    cond = operand()
    then = region()
    else_ = region(name="else")
    assembly_format = "$cond $then (`else` $else^)? attr-dict"
    type_inference = (FixedType("cond", i1),)


class WrapOp(OpDef):
    """`rgn.wrap {...}, {...} attributes {...}`: the `regions` directive."""

    name = "rgn.wrap"
    a = region()
    b = region()
    assembly_format = "regions attr-dict-with-keyword"


class LoopOp(OpDef):
    """`rgn.loop %i = %lb {...}`: a head that declares the entry block's argument
    (of %lb's type), written with the op_asm API; ops inside may drop `rgn.`."""

    name = "rgn.loop"
    lb = operand()
    body = region()
    default_dialect = "rgn"

    @staticmethod
    def parse_asm(p: Any) -> dict:
        iv = p.parse_argument(allow_type=False)
        p.parse_punct("=")
        lb = p.parse_operand()
        p.parse_colon()
        t = p.parse_type()
        iv.type = t
        return {"lb": lb, "type": t, "body": p.parse_region([iv])}

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        return Operation("rgn.loop", [r.operand(st["lb"], r.type(st["type"]))], (), None, None, [st["body"]])

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        p.write(" ")
        p.print_operand(op.regions[0].blocks[0].args[0])
        p.write(" = ")
        p.print_operand(op.operands[0])
        p.write(" : ")
        p.print_type(op.operands[0].type)
        p.write(" ")
        p.print_region(op.regions[0], False)
        return True


class IsolatedOp(OpDef):
    """`rgn.isolated {...}`: values from outside are not visible inside."""

    name = "rgn.isolated"
    body = region()
    traits = (IsolatedFromAbove(),)
    assembly_format = "$body attr-dict"


class YieldOp(OpDef):
    name = "rgn.yield"
    values = var_operand()
    note = opt_attr()
    traits = (Terminator(),)
    assembly_format = "attr-dict ($values^ `:` type($values))?"


DIALECT = Dialect("rgn", ops=(IfOp, WrapOp, LoopOp, IsolatedOp, YieldOp))
