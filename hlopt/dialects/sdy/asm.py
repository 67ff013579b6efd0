"""Shardy's custom-form pieces for its ops' assembly formats (ops.td):
`#sdy` attributes printed stripped of their `#sdy.kind` prefix (`<@mesh,
[{"x"}, {}]>`, `[{"x"}, {}]`, `{"x"}`), the symbol name of sdy.mesh, and
the `custom<StrippedTensorShardingPerValueAttr>` / `custom<SingleBlockRegionNoBlockId>`
pieces of sdy.manual_computation and sdy.named_computation."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hlopt.dialects.sdy.attributes import parse_sdy_attr
from hlopt.ir.attributes import Attribute, OpaqueAttr, StringAttr, symbol_name_text
from hlopt.ir.core import Operation, Region
from hlopt.syntax import AttrSyntax, OpAsmParser, OpAsmPrinter, ParseError


def sdy_attr(text: str) -> Attribute:
    """`#sdy...` text as the structured attribute, or opaque if not canonical."""
    v = parse_sdy_attr(text)
    return v if v is not None else OpaqueAttr(text)


class SdyBody(AttrSyntax):
    """A `#sdy` attribute written as its body (`prefix` + body + `suffix` is
    the full spelling); `opening` is the body's first character. `invalid`:
    the attribute must parse (MLIR's "invalid <what>" at the body); `check`
    returns an attribute verifier's message (MLIR reports it as the custom
    op's error at the body)."""

    def __init__(self, prefix: str, opening: str, suffix: str = "", invalid: str | None = None,
                 check: Callable[[Attribute], str | None] | None = None):
        self.prefix, self.opening, self.suffix = prefix, opening, suffix
        self.invalid, self.check = invalid, check

    def named(self, invalid: str) -> "SdyBody":
        """This spelling, whose attribute must parse ("invalid <what>" otherwise)."""
        return SdyBody(self.prefix, self.opening, self.suffix, invalid, self.check)

    def can_start(self, p: OpAsmParser) -> bool:
        return p.peek(self.opening)

    def parse(self, p: OpAsmParser, name: str) -> Any:
        at = p.location()
        if not p.peek(self.opening):
            raise p.wrong_token(f"expected '{self.opening}'")
        if self.opening == "<":
            body = p.parse_angle_body()
        else:
            ref = p.parse_optional_attr_dict() if self.opening == "{" else p.parse_optional_attribute(typed=False)
            body = ref.text if ref is not None else None
        if body is None:
            raise p.wrong_token(f"expected '{self.opening}'")
        text = self.prefix + body + self.suffix
        if self.invalid is not None or self.check is not None:
            v = parse_sdy_attr(text, canonical_only=False)
            if v is None and self.invalid is not None:
                raise ParseError(f"invalid {self.invalid}", at)
            msg = self.check(v) if v is not None and self.check is not None else None
            if msg is not None:
                raise p.error(msg, at)
            if self.invalid is not None and v is not None:
                return v
        return sdy_attr(text)

    def printable(self, a: Attribute) -> bool:
        text = getattr(a, "text", "")
        return text.startswith(self.prefix + self.opening) and text.endswith(self.suffix)

    def print(self, p: OpAsmPrinter, a: Attribute) -> None:
        text = a.text  # (printable() checked it)
        p.print_alias_free(a, text[len(self.prefix):len(text) - len(self.suffix)])


SHARDING = SdyBody("#sdy.sharding", "<")
PER_VALUE = SdyBody("#sdy.sharding_per_value<", "[", ">")
MANUAL_AXES = SdyBody("#sdy<manual_axes", "{", ">")


class SymbolName(AttrSyntax):
    """A StrAttr symbol name written `@name` (ODS's SymbolNameAttr)."""

    def can_start(self, p: OpAsmParser) -> bool:
        return p.peek("@")

    def parse(self, p: OpAsmParser, name: str) -> Any:
        return StringAttr(p.parse_symbol_name()[0])

    def printable(self, a: Attribute) -> bool:
        return isinstance(a, StringAttr)

    def print(self, p: OpAsmPrinter, a: Attribute) -> None:
        p.print_alias_free(a, symbol_name_text(a.value))  # type: ignore[attr-defined]


SYMBOL_NAME = SymbolName()


class SingleBlockRegionNoBlockId:
    """`custom<SingleBlockRegionNoBlockId>($body)`: `(%arg: T, ...) { ops }`,
    the entry block's arguments before the braces (Shardy's parser)."""

    __slots__ = ()  # a mixin of op classes

    @staticmethod
    def parse_SingleBlockRegionNoBlockId(p: OpAsmParser) -> tuple:
        p.parse_punct("(")
        args = []
        if not p.parse_optional_punct(")"):
            while True:
                args.append(p.parse_argument())
                if p.parse_optional_punct(")"):
                    break
                p.parse_comma()
        return ([p.parse_region(args)],)

    @staticmethod
    def print_SingleBlockRegionNoBlockId(p: OpAsmPrinter, op: Operation, body: Sequence[Region]) -> None:
        p.write("(")
        for i, a in enumerate(body[0].blocks[0].args):
            if i:
                p.write(", ")
            p.print_region_argument(a)
        p.write(") ")
        p.print_region(body[0])

    @classmethod
    def asm_printable(cls, op: Operation) -> bool:
        """The form has one entry block to print the arguments of."""
        return len(op.regions) == 1 and len(op.regions[0].blocks) == 1
