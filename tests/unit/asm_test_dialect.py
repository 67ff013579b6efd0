"""The test dialect (`tst`) of the syntax engine's unit tests: ops exercising
every directive of the declarative assembly format (tests/unit/test_asm_format.py),
and ops with regions read by their formats or op_asm forms
(tests/unit/test_op_asm_regions.py): declarative regions, a hand-written head
declaring entry-block arguments, isolation from above and a default dialect for
the ops inside."""

from __future__ import annotations

from typing import Any, cast

from hlopt.ir.attributes import OpaqueAttr
from hlopt.ir.core import Operation
from hlopt.ir.dialect import Dialect
from hlopt.ir.opdef import (
    OpDef,
    attr,
    operand,
    opt_attr,
    opt_operand,
    region,
    result,
    successor,
    var_operand,
    var_result,
)
from hlopt.ir.traits import (
    AttrSizedOperandSegments,
    IsolatedFromAbove,
    SameOperandsAndResultType,
    SameTypeOperands,
    Terminator,
)
from hlopt.ir.types import i1
from hlopt.syntax.asm_format import (
    AllTypesMatch,
    EnumKeyword,
    FixedType,
    StrippedAttr,
    TypesMatchWith,
    UnitKeyword,
)
from hlopt.syntax.op_asm import OpAsmParser, OpAsmPrinter

FLAGS_NONE = OpaqueAttr("#tst.flags<none>")


class BinOp(OpDef):
    name = "tst.bin"
    lhs = operand()
    rhs = operand()
    result_ = result(name="result")
    flags = attr(default=FLAGS_NONE)
    traits = (SameOperandsAndResultType(),)
    assembly_format = "$lhs `,` $rhs (`flags` `` $flags^)? attr-dict `:` type($result)"
    attr_syntax = {"flags": StrippedAttr("#tst.flags", lambda body: OpaqueAttr("#tst.flags" + body))}


class CastOp(OpDef):
    name = "tst.cast"
    in_ = operand()
    out = result()
    assembly_format = "$in_ attr-dict `:` type($in_) `to` type($out)"


class CallOp(OpDef):
    name = "tst.call"
    callee = attr()
    args = var_operand()
    res = var_result()
    assembly_format = "$callee `(` $args `)` attr-dict `:` functional-type($args, results)"


class OptOp(OpDef):
    name = "tst.opt"
    x = opt_operand()
    assembly_format = "($x^ `:` type($x))? attr-dict"


class KwOp(OpDef):
    name = "tst.kw"
    mode = attr()
    a = operand()
    assembly_format = "$mode `,` $a attr-dict-with-keyword `:` type($a)"
    attr_syntax = {"mode": EnumKeyword(("low", "high"))}


class CmpOp(OpDef):
    name = "tst.cmp"
    lhs = operand()
    rhs = operand()
    result_ = result(name="result")
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs)"
    type_inference = (AllTypesMatch("lhs", "rhs"), TypesMatchWith("lhs", "result", lambda t: i1))


class AllOp(OpDef):
    name = "tst.all"
    xs = var_operand()
    traits = (SameTypeOperands(),)
    assembly_format = "operands attr-dict `:` type(operands)"


class PropsOp(OpDef):
    name = "tst.props"
    a = operand()
    n = opt_attr()
    assembly_format = "$a prop-dict attr-dict `:` type($a)"


class IndexOp(OpDef):
    name = "tst.index"
    a = operand()
    b = operand()
    assembly_format = "$a `[` $b `]` attr-dict `:` type($a) `,` type($b)"


class SpaceOp(OpDef):
    name = "tst.space"
    a = operand()
    assembly_format = "$a ` ` `>` `` `:` type($a) attr-dict"


class ExactOp(OpDef):
    name = "tst.exact"
    a = operand()
    exact = opt_attr()
    assembly_format = "$a (`exact` $exact^)? attr-dict `:` type($a)"
    attr_syntax = {"exact": UnitKeyword()}


class MapsOp(OpDef):
    name = "tst.maps"
    a = attr()
    b = attr()
    assembly_format = "$b `,` $a attr-dict"


class SegOp(OpDef):
    name = "tst.seg"
    xs = var_operand()
    ys = var_operand()
    traits = (AttrSizedOperandSegments(),)
    assembly_format = "`(` $xs `)` `(` $ys `)` attr-dict `:` `(` type($xs) `)` `(` type($ys) `)`"


class PairOp(OpDef):
    """custom<Pair>: `%a as T` written by hand with the same API."""

    name = "tst.pair"
    a = operand()
    assembly_format = "custom<Pair>($a, type($a)) attr-dict"

    @staticmethod
    def parse_Pair(p: OpAsmParser) -> tuple:
        a = p.parse_operand()
        p.parse_keyword("as")
        return a, p.parse_type()

    @staticmethod
    def print_Pair(p: OpAsmPrinter, op: Operation, a: list, types: list) -> None:
        p.print_operand(a[0])
        p.write(" as ")
        p.print_type(types[0])


class BrOp(OpDef):
    name = "tst.br"
    dest = successor()
    args = var_operand()
    traits = (Terminator(),)
    assembly_format = "$dest (`(` $args^ `:` type($args) `)`)? attr-dict"


# -- ops with regions (test_op_asm_regions.py)

class IfOp(OpDef):
    """`tst.if %c {...} else {...}`: two declared regions, the second optional."""

    name = "tst.if"
    cond = operand()
    then = region()
    else_ = region(name="else")
    assembly_format = "$cond $then (`else` $else^)? attr-dict"
    type_inference = (FixedType("cond", i1),)


class WrapOp(OpDef):
    """`tst.wrap {...}, {...} attributes {...}`: the `regions` directive."""

    name = "tst.wrap"
    a = region()
    b = region()
    assembly_format = "regions attr-dict-with-keyword"


class LoopOp(OpDef):
    """`tst.loop %i = %lb {...}`: a head that declares the entry block's argument
    (of %lb's type), written with the op_asm API; ops inside may drop `tst.`."""

    name = "tst.loop"
    lb = operand()
    body = region()
    default_dialect = "tst"

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
        return LoopOp.build(r.operand(st["lb"], r.type(st["type"])), body=st["body"])

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        loop = cast(LoopOp, op)
        p.write(" ")
        p.print_operand(loop.body.blocks[0].args[0])
        p.write(" = ")
        p.print_operand(loop.lb)
        p.write(" : ")
        p.print_type(loop.lb.type)
        p.write(" ")
        p.print_region(loop.body, False)
        return True


class IsolatedOp(OpDef):
    """`tst.isolated {...}`: values from outside are not visible inside."""

    name = "tst.isolated"
    body = region()
    traits = (IsolatedFromAbove(),)
    assembly_format = "$body attr-dict"


class YieldOp(OpDef):
    name = "tst.yield"
    values = var_operand()
    note = opt_attr()
    traits = (Terminator(),)
    assembly_format = "attr-dict ($values^ `:` type($values))?"


DIALECT = Dialect("tst", ops=(BinOp, CastOp, CallOp, OptOp, KwOp, CmpOp, AllOp, PropsOp, IndexOp, SpaceOp, ExactOp,
                              MapsOp, SegOp, PairOp, BrOp, IfOp, WrapOp, LoopOp, IsolatedOp, YieldOp))
