"""Custom directives and attribute syntaxes several dialects share, written
once with the op_asm parser/printer API (MLIR's ViewLikeInterface and
OpImplementation helpers).

- `DynamicIndexList`: mixin giving an op `custom<DynamicIndexList>($values,
  $static_values)`: `[0, %i, 4]`, the static entries in a DenseI64Array
  (kDynamic where an SSA value stands) and the values in a variadic operand.
- `BareInteger(type)`: an integer attribute printed and read without its type
  (`dim(0)`: an I64Attr of an ODS format; `true`/`1` for a BoolAttr).
- `DenseI64List()`: a DenseI64ArrayAttr printed as its bare list (`[0, 1]`).
- `UntypedAttr()`: an attribute read without a trailing `: type` (an array
  attribute followed by the op's `:`, as `$reassociation attr-dict `:``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hlopt.ir.attributes import Attribute, DenseArrayAttr, IntegerAttr, TypeAttr
from hlopt.ir.core import Operation, Value
from hlopt.ir.types import IntegerType, i1, i64
from hlopt.syntax.asm_format import AttrSyntax
from hlopt.syntax.op_asm import OpAsmParser, OpAsmPrinter, UnresolvedOperand
from hlopt.syntax.parser import ParseError

K_DYNAMIC = -(1 << 63)  # ShapedType::kDynamic in a static entries array


def _i64s(values: Sequence[int]) -> DenseArrayAttr:
    return DenseArrayAttr(IntegerType(64), list(values))


def parse_dynamic_index_list(p: OpAsmParser) -> tuple[list[UnresolvedOperand], DenseArrayAttr]:
    """`[` (ssa-use | integer) (`,` ...)* `]` (MLIR's parseDynamicIndexList)."""
    values: list[UnresolvedOperand] = []
    static: list[int] = []
    p.parse_punct("[")
    if not p.parse_optional_punct("]"):
        while True:
            v = p.parse_optional_operand()
            if v is not None:
                values.append(v)
                static.append(K_DYNAMIC)
            else:
                static.append(p.parse_integer())
            if not p.parse_optional_punct(","):
                break
        if not p.parse_optional_punct("]"):
            raise p.wrong_token("expected ']' in dynamic index list")
    return values, _i64s(static)


def print_dynamic_index_list(p: OpAsmPrinter, values: Sequence[Value], static: Attribute | None) -> None:
    """`[0, %i, 4]`: each kDynamic entry takes the next value."""
    entries = list(getattr(static, "values", ()))
    it = iter(values)
    p.write("[")
    for i, s in enumerate(entries):
        if i:
            p.write(", ")
        if s == K_DYNAMIC:
            p.print_operand(next(it))
        else:
            p.write(str(s))
    p.write("]")


class DynamicIndexList:
    """Mixin: the op's `custom<DynamicIndexList>(...)` directive."""

    __slots__ = ()  # a mixin of op classes, whose instances have no __dict__

    @staticmethod
    def parse_DynamicIndexList(p: OpAsmParser) -> tuple:
        return parse_dynamic_index_list(p)

    @staticmethod
    def print_DynamicIndexList(p: OpAsmPrinter, op: Operation, values: Sequence[Value], static: Any) -> None:
        print_dynamic_index_list(p, values, static)


class BareInteger(AttrSyntax):
    """An IntegerAttr of one type printed as its value alone (`0`), as ODS
    prints an attribute whose type the format knows (I64Attr)."""

    def __init__(self, type: Any = i64):
        self.type = type

    def can_start(self, p: OpAsmParser) -> bool:
        return p.peek("-") or p.text[p.pos:p.pos + 1].isdigit()

    def parse(self, p: OpAsmParser, name: str) -> Any:
        v = p.parse_optional_integer()
        if v is not None:
            return IntegerAttr(v, self.type)
        # MLIR reads any attribute here (given the known type): another kind is
        # kept for the verifier to reject
        a = p.parse_optional_attribute(typed=False)
        if a is None:
            raise ParseError("expected attribute value", p.location())
        return a

    def printable(self, a: Attribute) -> bool:
        return isinstance(a, IntegerAttr) and a.type is self.type

    def print(self, p: OpAsmPrinter, a: Attribute) -> None:
        v = a.value  # type: ignore[attr-defined]  # printable() checked it
        p.print_alias_free(a, ("true" if v else "false") if self.type is i1 else str(v))


class DenseI64List(AttrSyntax):
    """A DenseI64ArrayAttr printed as its list (`[0, 1]`), as ODS prints
    DenseI64ArrayAttr parameters."""

    def can_start(self, p: OpAsmParser) -> bool:
        return p.peek("[")

    def parse(self, p: OpAsmParser, name: str) -> Any:
        p.parse_punct("[")
        out: list[int] = []
        if not p.parse_optional_punct("]"):
            out.append(p.parse_integer())
            while p.parse_optional_punct(","):
                out.append(p.parse_integer())
            p.parse_punct("]")
        return _i64s(out)

    def printable(self, a: Attribute) -> bool:
        return isinstance(a, DenseArrayAttr) and getattr(a.element_type, "width", None) == 64

    def print(self, p: OpAsmPrinter, a: Attribute) -> None:
        p.print_alias_free(a, "[" + ", ".join(str(v) for v in a.values) + "]")  # type: ignore[attr-defined]


class TypeAsAttr(AttrSyntax):
    """ODS's TypeAttr in a format: written as the type itself
    (`hal.element_type<f32>`, `util.sizeof i32`)."""

    def can_start(self, p: Any) -> bool:
        return True

    def parse(self, p: Any, name: str) -> Any:
        return p.parse_type()

    def build(self, r: Any, value: Any) -> Any:
        return TypeAttr(r.type(value))

    def printable(self, a: Any) -> bool:
        return isinstance(a, TypeAttr)

    def print(self, p: Any, a: Any) -> None:
        p.print_type(a.type)


class UntypedAttr(AttrSyntax):
    """An attribute in full whose text takes no `: type` suffix (MLIR parses
    array and dictionary attributes so), so a format's `:` may follow it."""

    typed = False


class SymbolName(AttrSyntax):
    """A symbol's name (`sym_name`, a StrAttr) read and printed as `@name`
    (ODS's SymbolNameAttr)."""

    def can_start(self, p: OpAsmParser) -> bool:
        return p.peek("@")

    def parse(self, p: OpAsmParser, name: str) -> Any:
        from hlopt.ir.attributes import StringAttr

        return StringAttr(p.parse_symbol_name()[0])

    def printable(self, a: Attribute) -> bool:
        from hlopt.ir.attributes import StringAttr

        return isinstance(a, StringAttr)

    def print(self, p: OpAsmPrinter, a: Attribute) -> None:
        from hlopt.ir.attributes import symbol_name_text

        p.print_alias_free(a, symbol_name_text(a.value))  # type: ignore[attr-defined]  # printable() checked it


class SymbolRef(AttrSyntax):
    """A FlatSymbolRefAttr variable (`@g`): another attribute kind is MLIR's
    "invalid kind of attribute specified"."""

    def parse(self, p: OpAsmParser, name: str) -> Any:
        at = p.location()
        a = p.parse_attribute()
        if not a.text.startswith("@"):
            raise p.error("invalid kind of attribute specified", at)
        return a
