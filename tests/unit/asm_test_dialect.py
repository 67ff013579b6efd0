"""A test dialect (`tst`) whose ops exercise every directive of the
declarative assembly format (tests/unit/test_asm_format.py)."""

from __future__ import annotations

from hlopt.ir.attributes import OpaqueAttr
from hlopt.ir.core import Operation
from hlopt.ir.dialect import Dialect
from hlopt.ir.opdef import (
    OpDef,
    attr,
    operand,
    opt_attr,
    opt_operand,
    result,
    successor,
    var_operand,
    var_result,
)
from hlopt.ir.traits import AttrSizedOperandSegments, SameOperandsAndResultType, SameTypeOperands, Terminator
from hlopt.ir.types import i1
from hlopt.syntax.asm_format import AllTypesMatch, EnumKeyword, StrippedAttr, TypesMatchWith, UnitKeyword
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


DIALECT = Dialect("tst", ops=(BinOp, CastOp, CallOp, OptOp, KwOp, CmpOp, AllOp, PropsOp, IndexOp, SpaceOp, ExactOp,
                              MapsOp, SegOp, PairOp, BrOp))
