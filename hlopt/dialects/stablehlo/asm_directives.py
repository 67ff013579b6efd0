"""StableHLO's custom assembly-format directives (hlo's AssemblyFormat.h),
written once with the hlopt.syntax.op_asm API and named by the ops'
`assembly_format` strings as in StablehloOps.td.

A directive `custom<Name>(args)` is `parse_Name(p) -> tuple` (one value per
argument) and `print_Name(p, op, *args)` on the op class; the mixins below
provide them. Attribute spellings (`[1, 0]` for a DenseI64ArrayAttr) are
AttrSyntax objects for the ops' `attr_syntax`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.dialects.stablehlo.attributes import DotDimensionNumbersAttr, EnumAttr, parse_conv_dims
from hlopt.ir.attributes import (
    ArrayAttr,
    Attribute,
    DenseArrayAttr,
    DenseElementsAttr,
    IntegerAttr,
    StringAttr,
    symbol_name_text,
)
from hlopt.ir.core import Operation, Value
from hlopt.ir.types import ComplexType, RankedTensorType, TupleType, Type, i1, i32, i64
from hlopt.syntax import AttrRef, AttrSyntax, DerivedTypes, OpAsmParser, OpAsmPrinter, TypeRef


def function_type_pieces(p: OpAsmParser) -> tuple[list[TypeRef], list[TypeRef]]:
    """`(T, U) -> V` or `(T) -> (V, W)`, read piece by piece so that each type
    is decoded (and located) on its own."""
    p.parse_punct("(")
    ins = p.parse_type_list()
    p.parse_punct(")")
    p.parse_punct("->")
    if p.parse_optional_punct("("):
        outs = p.parse_type_list()
        p.parse_punct(")")
    else:
        outs = [p.parse_type()]
    return ins, outs


class SameOperandsAndResultType:
    """`custom<SameOperandsAndResultType>(type($a), ..., type($result))`:
    `: T` when every operand and the result have type T, else `: (T, U) -> V`
    (hlo::parseSameOperandsAndResultType). The operand count is the op's
    declared single operands."""

    __slots__ = ()  # a mixin of op classes, whose instances have no __dict__

    @classmethod
    def parse_SameOperandsAndResultType(cls, p: OpAsmParser) -> tuple:
        n = len(cls.operand_defs)  # type: ignore[attr-defined]  # an OpDef subclass
        at = p.location()
        if not p.peek("("):
            t = p.parse_type()
            return (t,) * (n + 1)
        ins, outs = function_type_pieces(p)
        if len(ins) != n:
            raise p.error(f"{n} operands present, but expected {len(ins)}", at)
        if len(outs) != 1:
            raise p.error("expected single output", at)
        return (*ins, outs[0])

    @staticmethod
    def print_SameOperandsAndResultType(p: OpAsmPrinter, op: Operation, *types: Sequence[Type]) -> None:
        outs = types[-1]
        if len(outs) == 1:  # the common case first: one type everywhere
            t = outs[0]
            for ts in types[:-1]:
                if len(ts) != 1 or ts[0] is not t:
                    break
            else:
                p.print_type(t)
                return
        print_same_operands_and_result_type(p, [t for ts in types[:-1] for t in ts], list(outs))


def print_same_operands_and_result_type(p: OpAsmPrinter, ins: Sequence[Type], outs: Sequence[Type]) -> None:
    """hlo::printSameOperandsAndResultType: the result type alone when every
    operand has it (or there is none), else the functional type."""
    if len(outs) == 1 and all(t is outs[0] for t in ins):
        p.print_type(outs[0])
    else:
        p.print_functional_type(ins, outs)


class DenseI64ArrayBody(AttrSyntax):
    """A DenseI64ArrayAttr written as its bracketed list (`[1, 0]`), as an
    assembly format prints `array<i64: 1, 0>` stripped."""

    def can_start(self, p: OpAsmParser) -> bool:
        return p.peek("[")

    def parse(self, p: OpAsmParser, name: str) -> Any:
        p.parse_punct("[")
        vals: list[int] = []
        if not p.parse_optional_punct("]"):
            while True:
                at = p.location()
                v = p.parse_integer()
                if not -(1 << 63) <= v < (1 << 63):
                    raise p.error("integer constant out of range for attribute", at)
                vals.append(v)
                if p.parse_optional_punct("]"):
                    break
                p.parse_punct(",")
        return DenseArrayAttr(i64, vals)

    def printable(self, a: Attribute) -> bool:
        return isinstance(a, DenseArrayAttr) and a.element_type is i64

    def print(self, p: OpAsmPrinter, a: Attribute) -> None:
        p.print_alias_free(a, "[" + ", ".join(map(str, a.values)) + "]")  # type: ignore[attr-defined]


DENSE_I64 = DenseI64ArrayBody()


class IntKeyword(AttrSyntax):
    """An integer attribute of a fixed type written as its bare integer
    (`dim = 0`, `%t[1]`)."""

    def __init__(self, int_type: Type):
        self.int_type = int_type
        self.bits = int_type.width  # type: ignore[attr-defined]  # an IntegerType

    def can_start(self, p: OpAsmParser) -> bool:
        c = p.text[p.pos:p.pos + 1]
        return c == "-" or c.isdigit()

    def parse(self, p: OpAsmParser, name: str) -> Any:
        at = p.location()
        v = p.parse_integer()
        if not -(1 << (self.bits - 1)) <= v < (1 << self.bits):
            raise p.error("integer constant out of range for attribute", at)
        return IntegerAttr(v, self.int_type)

    def printable(self, a: Attribute) -> bool:
        return isinstance(a, IntegerAttr) and a.type is self.int_type

    def print(self, p: OpAsmPrinter, a: Attribute) -> None:
        p.print_alias_free(a, str(a.value))  # type: ignore[attr-defined]


I64_INT = IntKeyword(i64)
I32_INT = IntKeyword(i32)


class VariadicOperandWithAttribute:
    """`custom<VariadicOperandWithAttribute>($xs)`: each operand followed by
    a comma (`%a, %b, dim = 0`; hlo::parseVariadicOperandWithAttribute)."""

    __slots__ = ()  # a mixin of op classes, whose instances have no __dict__

    @staticmethod
    def parse_VariadicOperandWithAttribute(p: OpAsmParser) -> tuple:
        out: list[Any] = []
        while True:
            u = p.parse_optional_operand()
            if u is None:
                return (out,)
            out.append(u)
            p.parse_comma()

    @staticmethod
    def print_VariadicOperandWithAttribute(p: OpAsmPrinter, op: Operation, xs: Sequence[Value]) -> None:
        p.print_operands(xs)  # then the comma; the next element brings its own space
        p.write(",")


class EnumKeyword(AttrSyntax):
    """A `#stablehlo<kind VALUE>` enum attribute written as its VALUE
    (`GT`, `FLOAT`), as StableHLO's enum attributes print in a format."""

    def __init__(self, kind: str):
        self.kind = kind

    def can_start(self, p: OpAsmParser) -> bool:
        c = p.text[p.pos:p.pos + 1]
        return c.isalpha() or c == "_"

    def parse(self, p: OpAsmParser, name: str) -> Any:
        w = p.parse_optional_keyword()
        if w is None:
            raise p.error(f"expected keyword for attribute '{name}'")
        return EnumAttr(self.kind, w)

    def printable(self, a: Attribute) -> bool:
        return isinstance(a, EnumAttr) and a.kind == self.kind

    def print(self, p: OpAsmPrinter, a: Attribute) -> None:
        p.print_alias_free(a, a.value)  # type: ignore[attr-defined]



def _complex_parts(t: Any) -> list[Type] | None:
    """The operand type a complex tensor is built from, as a group (or None)."""
    et = getattr(t, "element_type", None)
    if not isinstance(t, RankedTensorType) or not isinstance(et, ComplexType):
        return None
    return [RankedTensorType(t.shape, et.element_type, t.encoding)]


class ComplexOpType:
    """`custom<ComplexOpType>(type($lhs), type($rhs), type($result))`: the
    complex result type alone when both operands are its real parts, else
    the functional type (hlo::parseComplexOpType)."""

    __slots__ = ()  # a mixin of op classes, whose instances have no __dict__

    @staticmethod
    def parse_ComplexOpType(p: OpAsmParser) -> tuple:
        if p.peek("("):
            at = p.location()
            ins, outs = function_type_pieces(p)
            if len(ins) != 2:
                raise p.error(f"2 operands present, but expected {len(ins)}", at)
            return ins[0], ins[1], outs
        ref = p.parse_type()
        part = DerivedTypes(ref, _complex_parts, f"custom op '{p.op_name}' expected tensor with complex element type")
        return part, part, ref

    @staticmethod
    def print_ComplexOpType(p: OpAsmPrinter, op: Operation, lhs: Sequence[Type], rhs: Sequence[Type],
                            res: Sequence[Type]) -> None:
        parts = _complex_parts(res[0])
        if parts is not None and lhs[0] is parts[0] and rhs[0] is parts[0]:  # types are interned
            p.print_type(res[0])
        else:
            p.print_functional_type([lhs[0], rhs[0]], res)


class SelectOpType:
    """`custom<SelectOpType>(type($pred), type($on_true), type($on_false),
    type($result))`: `: P, T` when both branches and the result have type T,
    else the functional type (hlo::parseSelectOpType)."""

    __slots__ = ()  # a mixin of op classes, whose instances have no __dict__

    @staticmethod
    def parse_SelectOpType(p: OpAsmParser) -> tuple:
        at = p.location()
        if p.peek("("):
            ins, outs = function_type_pieces(p)
            if len(ins) != 3:
                raise p.error(f"3 operands present, but expected {len(ins)}", at)
            return ins[0], ins[1], ins[2], outs
        ts = p.parse_type_list()
        if len(ts) != 2:
            raise p.error("expected functional type or list of two types", at)
        return ts[0], ts[1], ts[1], ts[1]

    @staticmethod
    def print_SelectOpType(p: OpAsmPrinter, op: Operation, pred: Sequence[Type], a: Sequence[Type],
                           b: Sequence[Type], res: Sequence[Type]) -> None:
        r = res[0]
        if a[0] is r and b[0] is r:
            p.print_type(pred[0])
            p.write(", ")
            p.print_type(r)
        else:
            p.print_functional_type([pred[0], a[0], b[0]], res)


class PairwiseOpType:
    """`custom<PairwiseOpType>(type($xs), type($ys))`: one type list for both
    groups (hlo::parsePairwiseOpType)."""

    __slots__ = ()  # a mixin of op classes, whose instances have no __dict__

    @staticmethod
    def parse_PairwiseOpType(p: OpAsmParser) -> tuple:
        ts = p.parse_type_list()
        return ts, list(ts)

    @staticmethod
    def print_PairwiseOpType(p: OpAsmPrinter, op: Operation, ins: Sequence[Type], outs: Sequence[Type]) -> None:
        p.print_types(ins)


def _tuple_members(t: Any) -> list[Type] | None:
    return list(t.types) if isinstance(t, TupleType) else None


class TupleOpType:
    """`custom<TupleOpType>(type($val), type($result))`: the tuple type
    alone, the operand types its members (hlo::parseTupleOpType)."""

    __slots__ = ()  # a mixin of op classes, whose instances have no __dict__

    @staticmethod
    def parse_TupleOpType(p: OpAsmParser) -> tuple:
        ref = p.parse_type()
        return DerivedTypes(ref, _tuple_members, f"custom op '{p.op_name}' expected tuple type"), ref

    @staticmethod
    def print_TupleOpType(p: OpAsmPrinter, op: Operation, ins: Sequence[Type], outs: Sequence[Type]) -> None:
        p.print_type(outs[0])


_EXP_MANTISSA = re.compile(r"e(\d+)m(\d+)")


class ExponentMantissa:
    """`custom<ExponentMantissa>($exponent_bits, $mantissa_bits)`: `e5m10`
    (hlo::parseExponentMantissa)."""

    __slots__ = ()  # a mixin of op classes, whose instances have no __dict__

    @staticmethod
    def parse_ExponentMantissa(p: OpAsmParser) -> tuple:
        at = p.location()
        w = p.parse_optional_keyword()
        m = _EXP_MANTISSA.fullmatch(w) if w is not None else None
        if m is None:
            raise p.error("expected exponent mantissa in format e#m#" + (f", saw {w}" if w else ""), at)
        return IntegerAttr(int(m.group(1)), i32), IntegerAttr(int(m.group(2)), i32)

    @staticmethod
    def print_ExponentMantissa(p: OpAsmPrinter, op: Operation, e: Any, m: Any) -> None:
        p.print_alias_free(e, f"e{e.value}m{m.value}")


def _int_list(p: OpAsmParser) -> list[int]:
    """`[1, 2]` (a DenseI64ArrayAttr's body)."""
    return list(DENSE_I64.parse(p, "").values)


def _dims(vs: Sequence[int]) -> str:
    return "[" + ", ".join(map(str, vs)) + "]"


class SliceRanges:
    """`custom<SliceRanges>($start_indices, $limit_indices, $strides)`:
    `[0:4:2, 1:3]`, a stride of 1 left out (hlo::parseSliceRanges)."""

    __slots__ = ()  # a mixin of op classes, whose instances have no __dict__

    @staticmethod
    def parse_SliceRanges(p: OpAsmParser) -> tuple:
        start: list[int] = []
        limit: list[int] = []
        stride: list[int] = []
        p.parse_punct("[")
        if not p.parse_optional_punct("]"):
            while True:
                start.append(p.parse_integer())
                p.parse_colon()
                limit.append(p.parse_integer())
                stride.append(p.parse_integer() if p.parse_optional_punct(":") else 1)
                if p.parse_optional_punct("]"):
                    break
                p.parse_comma()
        return DenseArrayAttr(i64, start), DenseArrayAttr(i64, limit), DenseArrayAttr(i64, stride)

    @staticmethod
    def print_SliceRanges(p: OpAsmPrinter, op: Operation, start: Any, limit: Any, stride: Any) -> None:
        st, li, sr = start.values, limit.values, stride.values
        if not len(st) == len(li) == len(sr):  # as MLIR: readable, not parseable
            p.write(f"[start_indices: {', '.join(map(str, st))}, limit_indices: {', '.join(map(str, li))}, "
                    f"strides: {', '.join(map(str, sr))}]")
            return
        p.write("[" + ", ".join(f"{b}:{e}" + (f":{k}" if k != 1 else "") for b, e, k in zip(st, li, sr)) + "]")


_PRECISIONS = ("DEFAULT", "HIGH", "HIGHEST")


def _parse_precision(p: OpAsmParser) -> Attribute:
    """`precision = [DEFAULT, HIGHEST]` (parsePrecisionConfigImpl)."""
    p.parse_keyword("precision")
    p.parse_punct("=")
    p.parse_punct("[")
    vals = []
    if not p.parse_optional_punct("]"):
        while True:
            at = p.location()
            w = p.parse_optional_keyword()
            if w not in _PRECISIONS:
                raise p.error("expected ::mlir::stablehlo::Precision to be one of: " + ", ".join(_PRECISIONS), at)
            vals.append(EnumAttr("precision", w))
            if p.parse_optional_punct("]"):
                break
            p.parse_comma()
    return ArrayAttr(vals)


def _print_precision(p: OpAsmPrinter, pc: Any) -> None:
    if pc is not None:
        p.print_alias_free(pc, ", precision = [" + ", ".join(x.value for x in pc) + "]")


_DOT_ALGO = "#stablehlo.dot_algorithm"


class PrecisionConfigDirectives:
    """`custom<PrecisionConfig>($precision_config)`: `, precision = [..]`
    when set (hlo's parsePrecisionConfig); with `AndAlgorithm`, then
    `, algorithm = <...>` (the dot_algorithm attribute stripped)."""

    __slots__ = ()  # a mixin of op classes, whose instances have no __dict__

    @staticmethod
    def parse_PrecisionConfig(p: OpAsmParser) -> tuple:
        if not p.parse_optional_punct(","):
            return (None,)
        return (_parse_precision(p),)

    @staticmethod
    def print_PrecisionConfig(p: OpAsmPrinter, op: Operation, pc: Any) -> None:
        _print_precision(p, pc)

    @staticmethod
    def parse_PrecisionConfigAndAlgorithm(p: OpAsmParser) -> tuple:
        if not p.parse_optional_punct(","):
            return None, None
        pc = None
        if p.parse_optional_keyword("algorithm") is None:
            pc = _parse_precision(p)
            if not p.parse_optional_punct(","):
                return pc, None
            p.parse_keyword("algorithm")
        p.parse_punct("=")
        at = p.location()
        body = p.parse_angle_body()
        if body is None:
            raise p.wrong_token("expected '<'")
        return pc, AttrRef(_DOT_ALGO + body, at)

    @staticmethod
    def print_PrecisionConfigAndAlgorithm(p: OpAsmPrinter, op: Operation, pc: Any, alg: Any) -> None:
        _print_precision(p, pc)
        if alg is not None:
            p.print_alias_free(alg, ", algorithm = " + alg.text[len(_DOT_ALGO):])


class DotDimensionNumbers:
    """`custom<DotDimensionNumbers>($dot_dimension_numbers)`:
    `batching_dims = [0] x [0], contracting_dims = [2] x [1]`, the batching
    part left out when empty (hlo::parseDotDimensionNumbers)."""

    __slots__ = ()  # a mixin of op classes, whose instances have no __dict__

    @staticmethod
    def parse_DotDimensionNumbers(p: OpAsmParser) -> tuple:
        lb: list[int] = []
        rb: list[int] = []
        if p.parse_optional_keyword("batching_dims") is not None:
            p.parse_punct("=")
            lb = _int_list(p)
            p.parse_keyword("x")
            rb = _int_list(p)
            p.parse_comma()
        p.parse_keyword("contracting_dims")
        p.parse_punct("=")
        lc = _int_list(p)
        p.parse_keyword("x")
        rc = _int_list(p)
        return (DotDimensionNumbersAttr(lb, rb, lc, rc),)

    @staticmethod
    def print_DotDimensionNumbers(p: OpAsmPrinter, op: Operation, dn: Any) -> None:
        s = ""
        if dn.lhs_batching_dimensions or dn.rhs_batching_dimensions:
            s = f"batching_dims = {_dims(dn.lhs_batching_dimensions)} x {_dims(dn.rhs_batching_dimensions)}, "
        p.print_alias_free(dn, s + f"contracting_dims = {_dims(dn.lhs_contracting_dimensions)} x "
                                   f"{_dims(dn.rhs_contracting_dimensions)}")


class CustomCallTarget:
    """`custom<CustomCallTarget>($call_target_name)`: the target as a symbol
    name (`@foo`, `@"a b"`)."""

    __slots__ = ()  # a mixin of op classes, whose instances have no __dict__

    @staticmethod
    def parse_CustomCallTarget(p: OpAsmParser) -> tuple:
        name, _ = p.parse_symbol_name()
        return (StringAttr(name),)

    @staticmethod
    def print_CustomCallTarget(p: OpAsmPrinter, op: Operation, target: Any) -> None:
        p.print_alias_free(target, symbol_name_text(target.value))


def _conv_dim_list(p: OpAsmParser) -> str:
    """`[b, 0, 1, f]` read token by token, given back as text."""
    p.parse_punct("[")
    items: list[str] = []
    if not p.parse_optional_punct("]"):
        while True:
            v = p.parse_optional_integer()
            items.append(str(v) if v is not None else (p.parse_optional_keyword() or "?"))
            if p.parse_optional_punct("]"):
                break
            p.parse_comma()
    return "[" + ", ".join(items) + "]"


class ConvolutionDimensions:
    """`custom<ConvolutionDimensions>($dimension_numbers)`:
    `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` (parseConvolutionDimensions)."""

    __slots__ = ()  # a mixin of op classes, whose instances have no __dict__

    @staticmethod
    def parse_ConvolutionDimensions(p: OpAsmParser) -> tuple:
        at = p.location()
        text = _conv_dim_list(p)
        p.parse_keyword("x")
        text += "x" + _conv_dim_list(p)
        p.parse_punct("->")
        text += "->" + _conv_dim_list(p)
        dn = parse_conv_dims(text)
        if dn is None:
            raise p.error("expected convolution dimension numbers like [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]", at)
        return (dn,)

    @staticmethod
    def print_ConvolutionDimensions(p: OpAsmPrinter, op: Operation, dn: Any) -> None:
        p.print_alias_free(dn, dn.compact_text())


_WINDOW = ("stride", "pad", "lhs_dilate", "rhs_dilate", "reverse")


class WindowAttributes:
    """`custom<WindowAttributes>($window_strides, $padding, $lhs_dilation,
    $rhs_dilation, $window_reversal)`: `stride = [..], pad = [[0, 0], ..],
    lhs_dilate = [..], rhs_dilate = [..], reverse = [..]`, each optional,
    in any order (parseWindowAttributes)."""

    __slots__ = ()  # a mixin of op classes, whose instances have no __dict__

    @staticmethod
    def parse_WindowAttributes(p: OpAsmParser) -> tuple:
        got: dict[str, Any] = {}
        while True:
            kw = p.parse_optional_keyword()
            if kw is None:
                break
            if kw not in _WINDOW or kw in got:  # each at most once (MLIR's message for both)
                raise p.error(f"Unexpected keyword {kw}")
            p.parse_punct("=")
            if kw == "pad":
                flat: list[int] = []
                p.parse_punct("[")
                if not p.parse_optional_punct("]"):
                    while True:
                        pair = _int_list(p)
                        if len(pair) != 2:
                            raise p.error(f"Expected array with 2 elements, got {len(pair)} elements instead")
                        flat += pair
                        if p.parse_optional_punct("]"):
                            break
                        p.parse_comma()
                got[kw] = DenseElementsAttr(RankedTensorType((len(flat) // 2, 2), i64), flat)
            elif kw == "reverse":
                flags: list[bool] = []
                p.parse_punct("[")
                if not p.parse_optional_punct("]"):
                    while True:
                        w = p.parse_optional_keyword(("true", "false"))
                        flags.append(w == "true" if w is not None else bool(p.parse_integer()))
                        if p.parse_optional_punct("]"):
                            break
                        p.parse_comma()
                got[kw] = DenseArrayAttr(i1, flags)
            else:
                got[kw] = DenseArrayAttr(i64, _int_list(p))
            if not p.parse_optional_punct(","):
                break
        return tuple(got.get(k) for k in _WINDOW)

    @staticmethod
    def print_WindowAttributes(p: OpAsmPrinter, op: Operation, *attrs: Any) -> None:
        parts = []
        for kw, v in zip(_WINDOW, attrs):
            if v is None:
                continue
            if kw == "pad":
                flat = v.flat_values()
                parts.append("pad = [" + ", ".join(f"[{flat[i]}, {flat[i + 1]}]" for i in range(0, len(flat), 2))
                             + "]")
            elif kw == "reverse":
                parts.append("reverse = [" + ", ".join("true" if x else "false" for x in v.values) + "]")
            else:
                parts.append(f"{kw} = {_dims(v.values)}")
        p.write(", ".join(parts))
