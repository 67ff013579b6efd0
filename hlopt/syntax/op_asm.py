"""The one parser API and the one printer API of custom op forms.

An op's custom form is read in two steps, because Lark's lexer reads the
op's text before the parser has reduced the op in front of it (so SSA names
and aliases may not be known yet):

1. *parse* (from the lexer): an `OpAsmParser` walks the op's text token by
   token and returns what it read as unresolved pieces (`UnresolvedOperand`,
   `TypeRef`, `AttrRef`); where it stops is where the op ends.
2. *build* (from the parser callback): an `OpAsmResolver` decodes those
   pieces (types and attributes through the session's cache, SSA names
   through its scopes) and makes the Operation.

Printing goes through an `OpAsmPrinter`; the alias collector runs the same
print function with an `AliasVisitor`, which sees every type and attribute
the form prints, in print order (MLIR's dummy alias printer), so no form is
described twice.

A declared `assembly_format` (hlopt.syntax.asm_format) provides all three
steps; a hand-written form defines `parse_asm(p) -> state`,
`build_asm(r, state) -> Operation` and `print_asm(op, p) -> bool` on its op
class (False: print the generic form instead).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.ir.attributes import Attribute, DictionaryAttr
from hlopt.ir.core import Block, BlockArgument, Operation, Region, Value
from hlopt.ir.types import Type
from hlopt.syntax.lexer import (
    BARE_WORD,
    CARET_ID,
    STRING,
    SYMBOL,
    TRIVIA,
    VALUE_USE,
    WHOLE_INTEGER,
    LexError,
    Scanner,
    scan_balanced,
    token_text,
)
from hlopt.syntax.parser import ParseError
from hlopt.syntax.text_scan import skip_trivia

# -- unresolved pieces (what the parse step returns) ----------------------------------------


_skip = TRIVIA.match  # (matches the empty string too)
OPERAND_PATTERN = VALUE_USE.pattern  # an SSA use (`%name`, `%name#1`), for parse_optional_match's patterns


class UnresolvedOperand:
    """`%name#index` at `pos`, resolved against a type in the build step."""

    __slots__ = ("name", "index", "pos", "end")

    def __init__(self, name: str, index: int, pos: int, end: int):
        self.name, self.index, self.pos, self.end = name, index, pos, end

    def __repr__(self) -> str:
        return f"%{self.name}" + (f"#{self.index}" if self.index else "")


class TypeRef:
    """A type's text at `pos`, decoded (through the session cache) when built."""

    __slots__ = ("text", "pos")

    def __init__(self, text: str, pos: int):
        self.text, self.pos = text, pos


class AttrRef:
    """An attribute's text at `pos` (`kind`: "attr" or "dict")."""

    __slots__ = ("text", "pos", "kind")

    def __init__(self, text: str, pos: int, kind: str = "attr"):
        self.text, self.pos, self.kind = text, pos, kind


class SuccessorRef:
    __slots__ = ("label", "pos")

    def __init__(self, label: str, pos: int):
        self.label, self.pos = label, pos


class UnresolvedArgument:
    """A region argument declared by an op's form (MLIR's OpAsmParser::Argument):
    `%name : type {attrs} loc(...)`, each part but the name optional."""

    __slots__ = ("name", "pos", "type", "attrs", "loc")

    def __init__(self, name: UnresolvedOperand, type: TypeRef | Type | None = None, attrs: AttrRef | None = None,
                 loc: AttrRef | None = None):
        self.name, self.pos, self.type, self.attrs, self.loc = name, name.pos, type, attrs, loc


_PUNCT = ("->", "::", "...", "(", ")", "[", "]", "{", "}", "<", ">", ",", ":", "=", "*", "?", "+", "|", "-")


def _text(text: str, start: int, end: int) -> str:
    """A piece of the op's text, its `//` comments blanked (offsets inside hold)
    and a big `dense<"0x...">` payload cut to the lexer's placeholder."""
    return token_text(text, start, end)


# -- the parser API ------------------------------------------------------------------------------


class OpAsmParser:
    """MLIR's OpAsmParser over the source text of one op (after its name).

    Every `parse_x` raises ParseError located as MLIR locates it; every
    `parse_optional_x` returns None (or False) without moving when the next
    token is something else."""

    __slots__ = ("text", "pos", "op_name", "_sc", "prev_end", "_reader", "_default_dialect")

    def __init__(self, text: str, pos: int, op_name: str, reader: Any = None, default_dialect: str = ""):
        self.text = text
        self.op_name = op_name
        self._reader = reader  # reads regions (hlopt.syntax.parser.RegionReader); None: no regions here
        self._default_dialect = default_dialect
        self._sc = Scanner(text)
        self.prev_end = pos  # end of the last token read (MLIR reports wrong tokens there)
        self.pos = skip_trivia(text, pos)

    # -- positions and errors ---------------------------------------------------------------
    def _advance(self, end: int) -> None:
        self.prev_end = end
        self.pos = _skip(self.text, end).end()  # type: ignore[union-attr]  # skip_trivia inlined: once per token read

    def location(self) -> int:
        """Where the next token starts."""
        return self.pos

    def error(self, message: str, pos: int | None = None) -> ParseError:
        """`custom op 'name' message` at `pos` (default: the next token), as
        MLIR's emitError from a custom parser."""
        bad = self._bad_character()
        if bad is not None:
            return bad
        return ParseError(f"custom op '{self.op_name}' {message}", self.pos if pos is None else pos)

    def wrong_token(self, message: str) -> ParseError:
        """MLIR's emitWrongTokenError: located just after the last token read."""
        bad = self._bad_character()
        if bad is not None:
            return bad
        return ParseError(message, self.prev_end)

    def _bad_character(self) -> ParseError | None:
        """A character MLIR's lexer rejects (identifiers are ASCII) is its error, not the parser's."""
        c = self.text[self.pos:self.pos + 1]
        if c and ord(c) > 127:
            return ParseError(f"unexpected character '{c}'", self.pos)
        return None

    def at_end(self) -> bool:
        return self.pos >= len(self.text)

    def peek(self, s: str) -> bool:
        return self.text.startswith(s, self.pos)

    # -- punctuation and keywords -----------------------------------------------------------
    def parse_optional_punct(self, p: str) -> bool:
        if not self.text.startswith(p, self.pos):
            return False
        if p == "-" and self.text.startswith("->", self.pos):
            return False
        if p == ":" and self.text.startswith("::", self.pos):
            return False
        self._advance(self.pos + len(p))
        return True

    def parse_punct(self, p: str) -> None:
        if not self.parse_optional_punct(p):
            raise self.wrong_token(f"expected '{p}'")

    def parse_comma(self) -> None:
        self.parse_punct(",")

    def parse_colon(self) -> None:
        self.parse_punct(":")

    def parse_optional_keyword(self, allowed: str | Sequence[str] | None = None) -> str | None:
        """A bare identifier (one of `allowed` when given), or None."""
        m = BARE_WORD.match(self.text, self.pos)
        if m is None:
            return None
        w = m.group()
        if allowed is not None and (w != allowed if isinstance(allowed, str) else w not in allowed):
            return None
        self._advance(m.end())
        return w

    def parse_keyword(self, kw: str) -> None:
        if self.parse_optional_keyword(kw) is None:
            raise self.error(f"expected '{kw}'")

    def parse_optional_string(self) -> str | None:
        m = STRING.match(self.text, self.pos)
        if m is None:
            return None
        self._advance(m.end())
        return m.group()

    def parse_optional_symbol_name(self) -> tuple[str, int] | None:
        """`@name` / `@"quoted name"` -> (the name, its position), or None."""
        m = SYMBOL.match(self.text, self.pos)
        if m is None:
            return None
        t = m.group()[1:]
        if t.startswith('"'):
            from hlopt.syntax.parser import symbol_name

            t = symbol_name(m.group())
        self._advance(m.end())
        return t, m.start()

    def parse_symbol_name(self) -> tuple[str, int]:
        r = self.parse_optional_symbol_name()
        if r is None:
            raise self.error("expected valid '@'-identifier for symbol name")
        return r

    def parse_optional_match(self, pattern: "re.Pattern[str]") -> "re.Match[str] | None":
        """`pattern` matched at the next token, read whole (a form's fast path
        for its usual spelling; its groups are then read with operand_of), or
        None without moving."""
        m = pattern.match(self.text, self.pos)
        if m is not None:
            self._advance(m.end())
        return m

    @staticmethod
    def operand_of(m: "re.Match[str]", group: int) -> UnresolvedOperand:
        """The operand a group of OPERAND_PATTERN in a parse_optional_match matched."""
        name, _, idx = m.group(group)[1:].partition("#")
        return UnresolvedOperand(name, int(idx) if idx else 0, m.start(group), m.end(group))

    # -- operands ---------------------------------------------------------------------------
    def parse_optional_operand(self) -> UnresolvedOperand | None:
        m = VALUE_USE.match(self.text, self.pos)
        if m is None:
            return None
        t = m.group()
        name, _, idx = t[1:].partition("#")
        op = UnresolvedOperand(name, int(idx) if idx else 0, m.start(), m.end())
        self._advance(m.end())
        return op

    def parse_operand(self) -> UnresolvedOperand:
        u = self.parse_optional_operand()
        if u is None:  # MLIR's parseSSAUse: a wrong-token error, after the last token read
            raise self.wrong_token("expected SSA operand")
        return u

    def parse_operand_list(self) -> list[UnresolvedOperand]:
        """Zero or more comma-separated operands."""
        first = self.parse_optional_operand()
        if first is None:
            return []
        out = [first]
        while self.peek(",") and VALUE_USE.match(self.text, skip_trivia(self.text, self.pos + 1)):
            self.parse_comma()
            out.append(self.parse_operand())
        return out

    # -- types ------------------------------------------------------------------------------
    def parse_optional_type(self) -> TypeRef | None:
        try:
            end = self._sc.type_end(self.pos)
        except LexError as e:
            raise ParseError(e.message, e.pos) from None
        if end <= self.pos:
            return None
        ref = TypeRef(_text(self.text, self.pos, end), self.pos)
        self._advance(end)
        return ref

    def parse_type(self) -> TypeRef:
        t = self.parse_optional_type()
        if t is None:
            raise ParseError("expected non-function type", self.pos)
        return t

    def parse_type_list(self) -> list[TypeRef]:
        """Zero or more comma-separated types."""
        first = self.parse_optional_type()
        if first is None:
            return []
        out = [first]
        while self.parse_optional_punct(","):
            out.append(self.parse_type())
        return out

    # -- attributes -------------------------------------------------------------------------
    def parse_optional_attribute(self, typed: bool = True) -> AttrRef | None:
        c = self.text[self.pos:self.pos + 1]
        if not c or c in "%^)}],:" or (c == "{" and not typed):
            return None
        if c == "@":
            typed = False  # a symbol reference takes no `: type` (that colon is the op's)
        try:
            end = self._sc.attr_end(self.pos, typed)
        except LexError as e:
            raise ParseError(e.message, e.pos) from None
        if end <= self.pos:
            return None
        ref = AttrRef(_text(self.text, self.pos, end), self.pos)
        self._advance(end)
        return ref

    def parse_attribute(self, typed: bool = True) -> AttrRef:
        a = self.parse_optional_attribute(typed)
        if a is None:
            raise ParseError("expected attribute value", self.pos)
        return a

    def parse_optional_attr_dict(self) -> AttrRef | None:
        """`{a = 1, b}`, or None."""
        if not self.peek("{"):
            return None
        return self._balanced("dict")

    def parse_optional_attr_dict_with_keyword(self) -> AttrRef | None:
        """`attributes {a = 1}`, or None."""
        m = BARE_WORD.match(self.text, self.pos)
        if m is None or m.group() != "attributes":
            return None
        self._advance(m.end())
        if not self.peek("{"):
            raise self.wrong_token("expected '{' to begin a dictionary attribute")
        return self._balanced("dict")

    def parse_optional_prop_dict(self, struct: bool = False) -> AttrRef | None:
        """`<{a = 1}>`, or None; `struct`: `<a = 1, b>` too (read as the dictionary `{a = 1, b}`)."""
        if self.peek("<{"):
            return self._balanced("dict")
        if not struct or not self.peek("<"):
            return None
        ref = self._balanced("dict")
        return AttrRef("{" + ref.text[1:-1] + "}", ref.pos, "dict")

    def parse_angle_body(self) -> str | None:
        """A `<...>` body (a dialect attribute's parameters printed stripped), or None."""
        if not self.peek("<"):
            return None
        return self._balanced("attr").text

    def _balanced(self, kind: str) -> AttrRef:
        try:
            end = scan_balanced(self.text, self.pos)
        except LexError as e:
            raise ParseError(e.message, e.pos) from None
        ref = AttrRef(_text(self.text, self.pos, end), self.pos, kind)
        self._advance(end)
        return ref

    # -- successors and regions -------------------------------------------------------------
    def parse_optional_successor(self) -> SuccessorRef | None:
        m = CARET_ID.match(self.text, self.pos)
        if m is None:
            return None
        ref = SuccessorRef(m.group()[1:], m.start())
        self._advance(m.end())
        return ref

    def parse_successor(self) -> SuccessorRef:
        s = self.parse_optional_successor()
        if s is None:
            raise self.error("expected block name")
        return s

    # -- region arguments and locations -----------------------------------------------------
    def parse_optional_location(self) -> AttrRef | None:
        """`loc(...)` (MLIR's parseOptionalLocationSpecifier), or None."""
        m = BARE_WORD.match(self.text, self.pos)
        if m is None or m.group() != "loc" or not self.text.startswith("(", m.end()):
            return None
        try:
            end = scan_balanced(self.text, m.end())
        except LexError as e:
            raise ParseError(e.message, e.pos) from None
        ref = AttrRef(self.text[self.pos:end], self.pos, "loc")
        self._advance(end)
        return ref

    def parse_optional_argument(self, allow_type: bool = True, allow_attrs: bool = False
                                ) -> UnresolvedArgument | None:
        """`%name [: type [{attrs}] [loc(...)]]` (MLIR's parseOptionalArgument), or None."""
        name = self.parse_optional_operand()
        if name is None:
            return None
        arg = UnresolvedArgument(name)
        if allow_type:
            self.parse_colon()
            arg.type = self.parse_type()
            if allow_attrs:
                arg.attrs = self.parse_optional_attr_dict()
            arg.loc = self.parse_optional_location()
        return arg

    def parse_argument(self, allow_type: bool = True, allow_attrs: bool = False) -> UnresolvedArgument:
        a = self.parse_optional_argument(allow_type, allow_attrs)
        if a is None:
            raise self.error("expected SSA operand")
        return a

    # -- regions ----------------------------------------------------------------------------
    def parse_region(self, arguments: Sequence[UnresolvedArgument] | None = None) -> Region:
        """`{ ... }`, read by the module grammar in the running parse; `arguments`
        become the entry block's arguments, defined inside the region only."""
        r = self.parse_optional_region(arguments)
        if r is None:
            raise self.wrong_token("expected '{' to begin a region")
        return r

    @property
    def resolver(self) -> "OpAsmResolver":
        """The build step's API, usable while a form with regions is read (its
        operands resolve before its regions, in MLIR's order)."""
        if self._reader is None:
            raise self.error("only forms of ops that declare regions resolve while they parse")
        return OpAsmResolver(self._reader.session)

    def parse_optional_region(self, arguments: Sequence[UnresolvedArgument] | None = None) -> Region | None:
        if not self.peek("{"):
            return None
        if self._reader is None:
            raise self.error("regions are read only by forms of ops that declare regions")
        args = None
        if arguments:  # (none: `{}` stays a region without blocks, as in MLIR)
            dec = self._reader.session.decode
            args = []
            for a in arguments:
                if a.type is None:
                    raise ParseError("expected a type for a region argument", a.pos)
                t = dec("type", a.type.text, a.type.pos) if isinstance(a.type, TypeRef) else a.type
                args.append((a.name.name, t, a.loc.text if a.loc is not None else None, a.pos))
        region, end = self._reader.region(self.text, self.pos, self.op_name, args, self._default_dialect)
        self._advance(end)
        return region

    # -- integers ---------------------------------------------------------------------------
    def parse_optional_integer(self) -> int | None:
        """A decimal or hex integer literal (`-` allowed), or None."""
        m = WHOLE_INTEGER.match(self.text, self.pos)
        if m is None:
            return None
        self._advance(m.end())
        t = m.group()
        return int(t, 16) if "x" in t else int(t)

    def parse_integer(self) -> int:
        v = self.parse_optional_integer()
        if v is None:
            raise self.error("expected integer value")
        return v


# -- the build step ------------------------------------------------------------------------------


class OpAsmResolver:
    """Turns a parse step's pieces into IR with the parse session (decoding
    cache, SSA scopes, blocks), without exposing the session."""

    __slots__ = ("_s",)

    def __init__(self, session: Any):
        self._s = session

    def type(self, ref: TypeRef) -> Type:
        return self._s.decode("type", ref.text, ref.pos)

    def types(self, refs: Sequence[TypeRef]) -> list[Type]:
        dec = self._s.decode
        out = [dec("type", r.text, r.pos) for r in refs]
        if refs and refs[0].__class__ is DerivedTypes:  # a custom directive's types read from another type
            return refs[0].derive(out[0])
        return out

    def attr(self, ref: AttrRef) -> Attribute:
        if ref.kind == "dict":
            return self._s.decode_dict_text(ref.text, ref.pos)
        return self._s.decode("attr", ref.text, ref.pos)

    def operand(self, ref: UnresolvedOperand, type: Type | None) -> Value:
        return self._s.lookup(ref.name, ref.index, type, ref.pos)

    def operands(self, refs: Sequence[UnresolvedOperand], types: Sequence[Type], pos: int) -> list[Value]:
        if len(refs) != len(types):
            raise ParseError(f"{len(refs)} operands present, but expected {len(types)}", pos)
        lookup = self._s.lookup
        return [lookup(r.name, r.index, t, r.pos) for r, t in zip(refs, types)]

    def successor(self, ref: SuccessorRef) -> Block:
        return self._s.block_ref(ref.label, ref.pos)

    def split_attrs(self, name: str, attrs: DictionaryAttr | None) -> tuple[DictionaryAttr | None, DictionaryAttr | None]:
        """Inherent attributes written in the attribute dictionary become properties."""
        return self._s.split_attrs(name, None, attrs)

    def error(self, message: str, pos: int) -> ParseError:
        return ParseError(message, pos)

    def at_end(self, fn: Any) -> None:
        """Run `fn()` when the parse is done (every location known)."""
        self._s.finalizers.append(fn)


# -- the printer API ----------------------------------------------------------------------------


class OpAsmPrinter:
    """MLIR's OpAsmPrinter: a form prints through these methods into `parts`."""

    __slots__ = ("p", "parts", "_indent")

    def __init__(self, printer: Any):
        self.p = printer
        self.parts: list[str] = []
        self._indent = 0  # levels beyond the op's own

    def print_newline(self) -> None:
        """A line break, indented to the op's level plus increase_indent's."""
        self.parts.append("\n" + "  " * (self.p.indent + self._indent))

    def increase_indent(self) -> None:
        self._indent += 1

    def decrease_indent(self) -> None:
        self._indent -= 1

    def write(self, s: str) -> None:
        self.parts.append(s)

    def print_operand(self, v: Value) -> None:
        self.parts.append(self.p.value(v))

    def print_operands(self, vs: Sequence[Value]) -> None:
        self.parts.append(self.p.values(vs))

    def print_type(self, t: Type) -> None:
        self.parts.append(t.text if not t.has_alias_parts else self.p.type_text(t))

    def print_types(self, ts: Sequence[Type]) -> None:
        self.parts.append(self.p.types(ts))

    def print_functional_type(self, ins: Sequence[Type], outs: Sequence[Type]) -> None:
        self.parts.append(self.p.functional_type(ins, outs))

    def print_attribute(self, a: Attribute) -> None:
        self.parts.append(self.p.attr_text(a))

    def print_alias_free(self, a: Attribute, text: str) -> None:
        """Text derived from `a` (a stripped dialect attribute) that takes no alias."""
        self.parts.append(text)

    def print_optional_attr_dict(self, d: DictionaryAttr, elided: Sequence[str] = (), keyword: bool = False) -> None:
        self.parts.append(self.p.attr_dict(d, elided, keyword))

    def print_prop_dict(self, d: DictionaryAttr) -> None:
        if d.entries:
            self.parts.append(" <" + self.p.attr_text(d) + ">")

    def print_successor(self, b: Block) -> None:
        self.parts.append(self.p.block_name(b))

    def print_region(self, r: Region, entry_args: bool = False, terminators: bool = True,
                     empty_block: bool = False) -> None:
        self.parts.append(self.p.region(r, entry_args, terminators, empty_block, self._indent))  # at increase_indent's level

    @property
    def debuginfo(self) -> bool:
        return bool(self.p.debuginfo)

    def print_region_argument(self, a: BlockArgument, attrs: DictionaryAttr | None = None, omit_type: bool = False) -> None:
        """`%a: T {attrs} loc(...)` (the location with debuginfo), MLIR's printRegionArgument."""
        parts = self.parts
        parts.append(self.p.value(a))
        if not omit_type:
            parts.append(": ")
            self.print_type(a.type)
        if attrs is not None and attrs.entries:
            parts.append(self.p.attr_dict(attrs))
        if self.p.debuginfo:
            from hlopt.ir.location import UnknownLoc

            loc = a.location if a.location is not None else UnknownLoc()
            parts.append(" loc(" + loc.body(self.p) + ")")

    def text(self) -> str:
        return "".join(self.parts)


class AliasVisitor(OpAsmPrinter):
    """The printer API that prints nothing and records, in print order, what
    may get an alias: the work items of hlopt.syntax.printer.Aliases."""

    __slots__ = ("items", "_debuginfo")

    def __init__(self, debuginfo: bool = False) -> None:
        super().__init__(None)
        self.items: list[tuple] = []
        self._debuginfo = debuginfo

    @property
    def debuginfo(self) -> bool:
        return self._debuginfo

    def print_region_argument(self, a: BlockArgument, attrs: DictionaryAttr | None = None, omit_type: bool = False) -> None:
        # as MLIR's alias collector: the type and location, not the attributes
        if not omit_type:
            self.print_type(a.type)
        if self._debuginfo and a.location is not None:
            self.items.append(("a", a.location, False))

    def write(self, s: str) -> None:
        pass

    def print_newline(self) -> None:
        pass

    def print_operand(self, v: Value) -> None:
        pass

    def print_operands(self, vs: Sequence[Value]) -> None:
        pass

    def print_type(self, t: Type) -> None:
        if t.has_alias_parts:
            self.items.append(("a", t, False))

    def print_types(self, ts: Sequence[Type]) -> None:
        for t in ts:
            self.print_type(t)

    def print_functional_type(self, ins: Sequence[Type], outs: Sequence[Type]) -> None:
        self.print_types(ins)
        self.print_types(outs)

    def print_attribute(self, a: Attribute) -> None:
        self.items.append(("a", a, False))

    def print_alias_free(self, a: Attribute, text: str) -> None:
        pass

    def print_optional_attr_dict(self, d: DictionaryAttr, elided: Sequence[str] = (), keyword: bool = False) -> None:
        for k, v in d.entries:
            if k not in elided:
                self.items.append(("a", v, False))

    def print_prop_dict(self, d: DictionaryAttr) -> None:
        self.items.append(("a", d, False))

    def print_successor(self, b: Block) -> None:
        pass

    def print_region(self, r: Region, entry_args: bool = False, terminators: bool = True,
                     empty_block: bool = False) -> None:
        for i, b in enumerate(r.blocks):
            self.items.append(("blk", b, i > 0 or entry_args, terminators or i > 0))


# -- dispatch used by the lexer, the parser callback and the printer --------------------------


def forms_of(d: Any) -> Any:
    """The op definition's (parse, build, print) functions, or None when the
    op has no form written with this API. Compiled once per definition."""
    cached = d.__dict__.get("_asm_forms", False)
    if cached is not False:
        return cached
    forms = None
    if getattr(d, "assembly_format", None):
        from hlopt.syntax.asm_format import compile_format

        forms = compile_format(d).forms()
    elif callable(getattr(d, "parse_asm", None)) and callable(getattr(d, "print_asm", None)):
        forms = (d.parse_asm, d.build_asm, d.print_asm)
    d._asm_forms = forms
    return forms


def has_asm_form(d: Any) -> bool:
    return bool(getattr(d, "assembly_format", None)) or callable(getattr(d, "parse_asm", None))


def scan_op(d: Any, text: str, name_end: int) -> tuple[int, Any]:
    """The parse step of `d`'s form from `name_end`: (end of the op's text, state)."""
    p = OpAsmParser(text, name_end, d.name)
    state = forms_of(d)[0](p)
    return p.prev_end, state


def scan_build_op(d: Any, text: str, name_end: int, reader: Any) -> tuple[int, Operation]:
    """A form with regions, read and built at once (its regions are read by
    `reader` in the running parse, so the ops before it are built already):
    (end of the op's text, the op)."""
    p = OpAsmParser(text, name_end, d.name, reader, d.default_dialect or "")
    parse, build, _ = forms_of(d)
    state = parse(p)
    return p.prev_end, build(OpAsmResolver(reader.session), state)


def build_op(d: Any, session: Any, state: Any) -> Operation:
    return forms_of(d)[1](OpAsmResolver(session), state)


def print_text(d: Any, op: Operation, printer: Any) -> str | None:
    """The form after `%results = ` (op name included), or None for the generic form."""
    ap = OpAsmPrinter(printer)
    ap.parts.append(printer.op_name(op))
    if not forms_of(d)[2](op, ap):
        return None
    return ap.text()


def print_asm_text(d: Any, op: Operation, printer: Any) -> str | None:
    """`d`'s form of `op` (a form another op's printer reuses, e.g. util.func func.func's)."""
    return print_text(d, op, printer)


def visit_items(d: Any, op: Operation, debuginfo: bool = False) -> list[tuple] | None:
    """What the form prints that may get aliases, in print order; None when
    the op prints in the generic form."""
    v = AliasVisitor(debuginfo)
    if not forms_of(d)[2](op, v):
        return None
    return v.items


visit_asm_items = visit_items  # public name (hlopt.syntax)


def read_op(d: Any, session: Any, text: str, name_end: int, end: int) -> Operation:
    """Both steps of `d`'s form for an op whose extent a dialect grammar has
    already read (its op rule ends at `end`): the form must stop there."""
    stop, state = scan_op(d, text, name_end)
    if stop < end:  # the form ended before the rest of what the grammar took for this op
        raise ParseError("expected operation name in quotes", len(text) - len(text[stop:].lstrip()))
    if stop > end:
        raise ParseError("expected end of operation", end)
    return build_op(d, session, state)


class DerivedTypes(TypeRef):
    """A type group a custom directive reads off another type (a tuple's
    members, a complex tensor's parts): `derive(t)` gives the group from the
    type at `text`, or raises `message` there. Stands alone in its slot."""

    __slots__ = ("fn", "message")

    def __init__(self, ref: TypeRef, fn: Any, message: str):
        super().__init__(ref.text, ref.pos)
        self.fn, self.message = fn, message

    def derive(self, t: Type) -> list[Type]:
        out = self.fn(t)
        if out is None:
            raise ParseError(self.message, self.pos)
        return out
