"""The op-level parser: Lark LALR over mlir.lark, IR built during the parse.

Callbacks run as LALR reductions happen, in textual order, so the session
keeps a stack of regions/blocks and name scopes and appends each op to the
current block as soon as it is reduced (no parse tree is ever built).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from sys import intern
from typing import Any

from lark import Transformer, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken
from lark.grammar import Rule
from lark.lexer import PatternStr

from hlopt.ir.attributes import (
    ArrayAttr,
    Attribute,
    DictionaryAttr,
    StringAttr,
    SymbolRefAttr,
    UnitAttr,
)
from hlopt.ir.core import Block, IRError, Operation, Region, Value, no_gc
from hlopt.ir.location import FileLineColLoc, Location
from hlopt.ir.opdef import ISOLATED, lookup_op
from hlopt.ir.types import FunctionType, Type
from hlopt.syntax.attr_parser import SyntaxErr, attr_parser, decode_dense_body, dense_array_value, unescape
from hlopt.syntax.diagnostics import Diagnostic, DiagnosticError
from hlopt.syntax.lexer import NUMBER, STRING, TRIVIA, LexError, Scanner, scan_balanced
from hlopt.syntax.source import Source

_NAME = r"(?:[A-Za-z_$.\-][\w$.\-]*|\d+)"
_RESULT_ITEM = re.compile(r"%(" + _NAME + r")(?::(\d+))?")
_USE = re.compile(r"%(" + _NAME + r")(?:#(\d+))?")
_BLOCK_NAME = re.compile(r"\^([\w$.\-]+)")
_ARG_HEAD = re.compile(r"\s*%(" + _NAME + r")\s*:\s*")
_ALIAS_DEF = re.compile(r"([#!])([A-Za-z_][\w$.]*)\s*=\s*")
_LOC_ALIAS = re.compile(r"loc\(#([A-Za-z_][\w$.]*)\)\Z")
_OPERANDS_OK = re.compile(r"\(\s*(?:%" + _NAME + r"(?:#\d+)?(?:\s*,\s*%" + _NAME + r"(?:#\d+)?)*)?\s*\)")
_COLON = re.compile(r"\s*:\s*")
_ONE_RESULT = re.compile(r"%(" + _NAME + r")\s*=\Z")
_USE1 = r"%(" + _NAME + r")(?:#(\d+))?"
# up to three operands `(%a, %b#1, %c)` as MLIR prints them: one match gives the uses
# (anything else takes resolve_operands_text's general path)
_OPERANDS_3 = re.compile(r"\((?:" + _USE1 + r"(?:, " + _USE1 + r"(?:, " + _USE1 + r")?)?)?\)\Z")
_OP_NAME = re.compile(r"[A-Za-z_][\w$]*(?:\.[\w$.]+)?")
# `NUMBER : T` with a builtin integer/index/float type spelled out (the grammar's number rule)
_TYPED_NUMBER = re.compile(r"(" + NUMBER.pattern + r") : ((?:[su]?i(?:1|8|16|32|64)|index|f16|bf16|f32|f64))\Z", re.ASCII)
_PLAIN_SYMBOL = re.compile(r"@[A-Za-z_][\w$.]*\Z", re.ASCII)
_UNIT = UnitAttr()


class ParseError(Exception):
    def __init__(self, message: str, pos: int, note: str | None = None, note_pos: int | None = None):
        super().__init__(message)
        # the note is located at `note_pos` (MLIR's "prior use here"), else at the error
        self.message, self.pos, self.note, self.note_pos = message, pos, note, note_pos


class ForwardRef(Value):
    """A use of a value not yet defined (e.g. defined in a later block)."""

    __slots__ = ("ref_name", "pos")
    ref_name: str
    pos: int


class Frame:
    """A region being parsed: its blocks, names and forward references."""

    __slots__ = ("region", "block", "defs", "def_pos", "isolated", "forward", "blocks", "block_refs", "iso")

    def __init__(self, region: Region, isolated: bool, parent: "Frame | None" = None):
        self.region = region
        # the nearest isolated frame, this one included: where forward references wait
        self.iso: Frame = self if isolated or parent is None else parent.iso
        self.block: Block | None = None
        self.defs: dict[str, Sequence[Value]] = {}
        self.def_pos: dict[str, int] = {}  # where each name is defined, for "prior use here"
        self.isolated = isolated
        self.forward: dict[str, ForwardRef] = {}
        self.blocks: dict[str, Block] = {}
        self.block_refs: dict[str, int] = {}


_DICT_SCAN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|->|>=|[<>(){}\[\],=]')
_KEY = re.compile(r'\s*([A-Za-z_][\w$.]*|"[^"\\]*(?:\\.[^"\\]*)*")?\s*')


# one `key = value,` / `key,` entry of a dictionary (Python 3.11: possessive
# quantifiers), its value up to the next comma at depth 0 with brackets counted
# as split_dict counts them (any opener, any closer; `->`, `>=` and strings
# skipped); a dictionary this does not walk to its `}` is split the long way
_DICT_STR = r'"[^"\\]*(?:\\.[^"\\]*)*"'
_DICT_ATOM = r'[^<>(){}\[\]",\-]++|->|-|>=|' + _DICT_STR
_inner = _DICT_ATOM
for _ in range(8):
    _inner = _DICT_ATOM + r"|,|[(\[{<](?:" + _inner + r")*+[)\]}>]"
try:
    _DICT_ENTRY: re.Pattern | None = re.compile(
        r"\s*+(?:([A-Za-z_][\w$.]*+)|(" + _DICT_STR + r"))\s*+(?:=((?:" + _DICT_ATOM
        + r"|[(\[{<](?:" + _inner + r")*+[)\]}>])*+))?(,|\}\Z)")
except re.error:  # Python 3.10
    _DICT_ENTRY = None
del _inner


def split_dict(inner: str) -> list[tuple[str, int, str | None, int]]:
    """Split `{k = v, u, ...}` into (key, key_offset, value|None, value_offset)."""
    if _DICT_ENTRY is not None and inner[:1] == "{":
        out: list[tuple[str, int, str | None, int]] = []
        match = _DICT_ENTRY.match
        pos = 1
        while True:
            m = match(inner, pos)
            if m is None:
                break
            key = m.group(1)
            kpos = m.start(1)
            if key is None:
                key = m.group(2)
                kpos = m.start(2)
            else:  # one string per attribute name, not one per dictionary entry
                key = intern(key)
            val = m.group(3)
            if val is None:
                out.append((key, kpos, None, 0))
            else:
                stripped = val.strip()
                if not stripped:
                    break
                out.append((key, kpos, stripped, m.start(3) + (len(val) - len(val.lstrip()))))
            if m.group(4) == "}":
                return out
            pos = m.end()
    return _split_dict(inner)


def _split_dict(inner: str) -> list[tuple[str, int, str | None, int]]:
    body_end = len(inner) - 1
    if inner[:1] != "{" or inner[body_end:] != "}":
        raise ParseError("expected '{' to begin a dictionary attribute", 0)
    out: list[tuple[str, int, str | None, int]] = []
    pos = 1
    while True:
        m = _KEY.match(inner, pos)
        assert m is not None  # every group of _KEY is optional
        if m.end() >= body_end and not m.group(1):
            if out:
                raise ParseError("expected attribute name", m.end())
            return out
        if not m.group(1):
            raise ParseError("expected attribute name", m.end())
        key, kpos = m.group(1), m.start(1)
        pos = m.end()
        if pos >= body_end or inner[pos] == ",":
            out.append((key, kpos, None, 0))
            if pos >= body_end:
                return out
            pos += 1
            continue
        if inner[pos] != "=":
            raise ParseError("expected '=' or ',' after attribute name", pos)
        pos += 1
        vstart = pos
        depth = 0
        for t in _DICT_SCAN.finditer(inner, pos):
            c = t.group()
            if len(c) > 1 and c != "->" and c != ">=" or c in ("->", ">=", "="):
                continue
            if c in "<([{":
                depth += 1
            elif c in ">)]}":
                if depth == 0:
                    end = t.start()
                    break
                depth -= 1
            elif c == "," and depth == 0:
                end = t.start()
                break
        else:
            raise ParseError("expected '}' to end dictionary attribute", len(inner))
        val = inner[vstart:end]
        stripped = val.strip()
        if not stripped:
            raise ParseError("expected attribute value", vstart)
        out.append((key, kpos, stripped, vstart + (len(val) - len(val.lstrip()))))
        pos = end
        if end >= body_end:
            return out
        pos += 1


_TOP_SCAN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|->|>=|[<>(){}\[\],]')


def split_top(text: str, sep: str = ",") -> list[str]:
    """Split at depth-0 commas (brackets and strings respected)."""
    parts, depth, start = [], 0, 0
    for m in _TOP_SCAN.finditer(text):
        c = m.group()
        if len(c) != 1:
            continue
        if c in "<([{":
            depth += 1
        elif c == ",":
            if depth == 0:
                parts.append(text[start:m.start()])
                start = m.end()
        else:
            depth -= 1
    parts.append(text[start:])
    return parts


_CACHE_MAX = 1 << 14  # attribute and dictionary texts a parse keeps decoded at most
_TEMPLATES_MAX = 1 << 14  # one-line op templates a parse keeps at most (then starts again)


class ParseSession:
    """State of one parse (one --split-input-file chunk)."""

    def __init__(self, source: Source, allow_unregistered: bool = False):
        self.src = source
        self.pos_at = source.pos_maker()  # an op's lazy location: pos_at(offset)
        self.allow_unregistered = allow_unregistered
        self.attrs = attr_parser()
        self.aliases: dict[str, tuple[str, str, int]] = {}  # name -> (kind, text, pos)
        self.alias_values: dict[str, Any] = {}
        self.alias_pending: set[str] = set()
        self.cache: dict[tuple[str, str], Any] = {}
        self.cache_limit = _CACHE_MAX
        self.names_cache: dict[str, str] = {}
        # one-line generic ops: text but the operands -> (name, type, properties, attributes)
        self.simple_templates: dict[str, tuple] = {}
        self.attr_templates: dict[str, tuple] = {}  # the same for ops with discardable attributes
        self.defs: dict[str, Any] = {}  # op name -> its OpDef (or None), looked up once per parse
        top = Region()
        self.top = top
        self.frames: list[Frame] = [Frame(top, True)]
        self.pending: list[tuple[str, Any]] = []  # ops whose regions are being parsed
        self.deferred_locs: list[tuple[Any, str, int]] = []
        self.resources: list[str] = []
        # run once every location is known (custom forms whose made-up ops
        # take the location of the op that made them: reduce's `applies`)
        self.finalizers: list[Any] = []
        self.pos = 0  # position of the token being reduced (for errors)
        self._line_at = (0, 0)  # (offset, its 0-based line): arg_location's cursor
        self._is_ascii: bool | None = None

    # -- errors ----------------------------------------------------------------
    def error(self, message: str, pos: int) -> ParseError:
        return ParseError(message, pos)

    # -- decoding coarse tokens ---------------------------------------------
    def _alias_lookup(self, kind: str, name: str) -> Any:
        if kind == "decode_type":
            return self.decode("type", name, self.pos)
        key = ("#" if kind in ("attr", "loc") else "!") + name
        if key in self.alias_values:
            return self.alias_values[key]
        ent = self.aliases.get(key)
        if ent is None:
            return None
        if key in self.alias_pending:
            raise SyntaxErr(f"alias '{key}' refers to itself")
        self.alias_pending.add(key)
        try:
            akind, text, pos = ent
            v = self.decode("type" if akind == "!" else "attr", text, pos)
        finally:
            self.alias_pending.discard(key)
        self.alias_values[key] = v
        return v

    def decode(self, start: str, text: str, pos: int) -> Any:
        key = (start, text)
        v = self.cache.get(key)
        if v is None and start == "attr":
            # compound values decode element-wise through the cache; the most
            # common leaves are built as the grammar's callbacks build them
            c = text[:1]
            try:
                v = self._decode_leaf(c, text, pos)
            except SyntaxErr as e:
                raise ParseError(e.message, pos + e.offset, e.note) from None
            except IRError as e:
                raise ParseError(e.message, pos) from None
            if v is not None:
                pass
            elif c == "{":  # deep nesting: the grammar parses it in one linear pass
                v = self.decode_dict_text(text, pos) if text.count("{", 0, 64) < 4 else None
            elif c == "[":
                v = self._decode_array(text, pos)
            elif c == "d" and text.startswith("dense<"):
                v = self._decode_dense(text, pos)
            if v is not None:
                self._remember(key, v)
        if v is None:
            saved = self.pos
            self.pos = pos
            try:
                v = self.attrs.parse(text, start, self._alias_lookup)
            except SyntaxErr as e:
                raise ParseError(e.message, pos + e.offset, e.note) from None
            except IRError as e:
                raise ParseError(e.message, pos) from None
            finally:
                self.pos = saved
            self._remember(key, v)
        return v

    def _remember(self, key: tuple[str, str], v: Any) -> None:
        """Cache a decoded text. Attribute and dictionary texts are dropped
        every _CACHE_MAX new ones: most are distinct (ids, names), and keeping
        them all to the end of the parse was a large part of its peak memory;
        a text that repeats is soon decoded and kept again."""
        cache = self.cache
        if len(cache) >= self.cache_limit:
            keep = {k: x for k, x in cache.items() if k[0] != "attr" and k[0] != "dict"}
            cache.clear()
            cache.update(keep)
            self.cache_limit = len(keep) + _CACHE_MAX
        cache[key] = v

    def _decode_leaf(self, c: str, text: str, pos: int) -> Any:
        """`N : T`, `"string"`, `@sym`, `array<T: ...>` (c = text[:1]) as the
        grammar's callbacks build them, or None (the grammar decodes it)."""
        if c == "-" or c.isdigit():
            m = _TYPED_NUMBER.match(text)
            if m is not None:
                return self.attrs.decoder.number([m.group(1), self.decode("type", m.group(2), pos + m.start(2))])
        elif c == '"':
            if STRING.fullmatch(text) is not None:
                return StringAttr(unescape(text), None)
        elif c == "@":
            if _PLAIN_SYMBOL.match(text) is not None:
                return SymbolRefAttr(text[1:], ())
        elif c == "a" and text.startswith("array<"):
            try:
                if scan_balanced(text, 5) != len(text):
                    return None
            except LexError:
                return None
            return dense_array_value(text[5:], lambda name: self.decode("type", name, pos))
        return None

    def _decode_array(self, text: str, pos: int) -> Any:
        """`[a, b, ...]` (the grammar's array rule), elements cached."""
        if text.startswith("[[[["):
            return None  # deep nesting: the grammar parses it in one linear pass
        try:
            if scan_balanced(text, 0) != len(text):
                return None
        except LexError:
            return None
        inner = text[1:-1]
        if not inner.strip():
            return ArrayAttr(())
        elems = []
        for piece, off in _pieces(inner):
            stripped = piece.strip()
            if not stripped:
                return None  # let the grammar report it
            elems.append(self.decode("attr", stripped, pos + 1 + off + piece.index(stripped[0])))
        return ArrayAttr(elems)

    def _decode_dense(self, text: str, pos: int) -> Any:
        """`dense<body> : type` (the grammar's dense rule)."""
        try:
            e = scan_balanced(text, 5)
        except LexError:
            return None
        m = _COLON.match(text, e)
        if m is None:
            return None
        t = self.decode("type", text[m.end():], pos + m.end())
        try:
            return decode_dense_body(text[5:e], t)
        except SyntaxErr as err:
            raise ParseError(err.message, pos + 5 + err.offset, err.note) from None

    def decode_type(self, tok) -> Type:
        return self.decode("type", str(tok), tok.start_pos)

    def decode_attr(self, tok) -> Attribute:
        return self.decode("attr", str(tok), tok.start_pos)

    def decode_dict(self, tok) -> DictionaryAttr:
        return self.decode_dict_text(str(tok), tok.start_pos)

    def decode_dict_text(self, text: str, pos: int) -> DictionaryAttr:
        """`{...}` or `<{...}>`. Cached by whole text, then per entry value,
        so only distinct values reach the attribute grammar."""
        key = ("dict", text)
        d = self.cache.get(key)
        if d is not None:
            return d
        if text.startswith("<"):  # `<{...}>`, or with comments around the braces
            tm = TRIVIA.match(text, 1)
            assert tm is not None  # TRIVIA also matches the empty string
            lead = tm.end()
            inner, base = text[lead:scan_balanced(text, lead)], pos + lead
        else:
            inner, base = text, pos
        try:
            pieces = split_dict(inner)
        except ParseError as e:  # its positions are offsets in `inner`
            raise ParseError(e.message, base + e.pos, e.note) from None
        names: list[str] = []
        values: list[Attribute] = []
        decode = self.decode
        for k_text, k_pos, v_text, v_pos in pieces:
            if k_text[0] == '"':
                name = unescape(k_text).decode("utf-8", "surrogateescape")
                if not name:
                    raise ParseError("expected valid attribute name", base + k_pos)
            else:
                name = k_text
            names.append(name)
            values.append(_UNIT if v_text is None else decode("attr", v_text, base + v_pos))
        if len(set(names)) != len(names):
            dup = next(n for n in names if names.count(n) > 1)
            raise ParseError(f"duplicate key '{dup}' in dictionary attribute", base)
        # MLIR prints dictionaries sorted: ASCII names in order need no sort
        # (their str order is the UTF-8 byte order DictionaryAttr sorts by)
        if names == sorted(names) and "".join(names).isascii():
            d = DictionaryAttr.from_sorted(tuple(zip(names, values)))
        else:
            d = DictionaryAttr(zip(names, values))
        self._remember(key, d)
        return d

    def decode_function_type(self, tok) -> FunctionType:
        t = self.decode("type", str(tok), tok.start_pos)
        if not isinstance(t, FunctionType):
            raise ParseError("expected function type", tok.start_pos)
        return t

    def defer_loc(self, target: Any, tok) -> None:
        if tok is not None:
            self.deferred_locs.append((target, str(tok), tok.start_pos))

    # -- names ------------------------------------------------------------------
    def use(self, tok: Any, type: Type | None) -> Value:
        """The value a VALUE_USE token (`%x`, `%x#1`) names, of type `type`."""
        m = _USE.match(str(tok))
        assert m is not None  # the lexer made tok a VALUE_USE
        return self.lookup(m.group(1), int(m.group(2) or 0), type, tok.start_pos)

    def uses(self, values: Sequence[Any] | None, types: Sequence[Type] | None, pos: int) -> list[Value]:
        """`%a, %b : A, B` (custom forms' trailing operand lists); a count
        mismatch is reported at `pos`."""
        values, types = values or [], types or []
        if len(values) != len(types):
            raise ParseError(f"{len(values)} operands present, but expected {len(types)}", pos)
        return [self.use(v, t) for v, t in zip(values, types)]

    def lookup(self, name: str, index: int, type: Type | None, pos: int) -> Value:
        for fr in reversed(self.frames):
            vals = fr.defs.get(name)
            if vals is not None:
                if index >= len(vals):
                    raise ParseError("reference to invalid result number", pos)
                v = vals[index]
                if type is not None and v.type is not type:
                    raise ParseError(
                        f"use of value '%{name}' expects different type than prior uses: "
                        f"'{type.text}' vs '{v.type.text}'", pos, "prior use here", fr.def_pos.get(name))
                return v
            if fr.isolated:
                break
        fr = self._isolated_frame()
        key = f"{name}#{index}"
        ref = fr.forward.get(key)
        if ref is None:
            if type is None:
                raise ParseError("use of undeclared SSA value name", pos)
            ref = ForwardRef(type)
            ref.ref_name, ref.pos = name, pos
            fr.forward[key] = ref
        elif type is not None and ref.type is not type:
            raise ParseError(
                f"use of value '%{name}' expects different type than prior uses: "
                f"'{type.text}' vs '{ref.type.text}'", pos, "prior use here", ref.pos)
        return ref

    def _isolated_frame(self) -> Frame:
        return self.frames[-1].iso

    def define(self, name: str, values: Sequence[Value], pos: int) -> None:
        fr = self.frames[-1]
        defs = fr.defs
        if name in defs:
            raise ParseError(f"redefinition of SSA value '%{name}'", pos, "previously defined here",
                             fr.def_pos.get(name))
        defs[name] = values
        fr.def_pos[name] = pos
        iso = fr.iso
        if iso.forward:
            for i, v in enumerate(values):
                ref = iso.forward.pop(f"{name}#{i}", None)
                if ref is not None:
                    if ref.type is not v.type:
                        raise ParseError(
                            f"definition of SSA value '%{name}#{i}' has type '{v.type.text}'", pos,
                            f"previously used here with type '{ref.type.text}'", ref.pos)
                    ref.replace_all_uses_with(v)

    def resolve_operands(self, tok, types: list[Type] | None) -> list[Value]:
        return self.resolve_operands_text(str(tok), tok.start_pos, types)

    def resolve_operands_text(self, text: str, pos: int, types) -> list[Value]:
        uses = _USE.findall(text)
        if types is not None and len(uses) != len(types):
            raise ParseError(f"{len(uses)} operands present, but expected {len(types)}", pos)
        if _OPERANDS_OK.fullmatch(text) is None:
            raise ParseError("expected SSA operand list '(%a, %b#1, ...)'", pos)
        out = []
        lookup = self.lookup
        try:
            for i, (name, idx) in enumerate(uses):
                out.append(lookup(name, int(idx) if idx else 0, types[i] if types else None, pos))
        except ParseError as e:
            # point at the offending use, as MLIR does
            m = list(_USE.finditer(text))[len(out)]
            raise ParseError(e.message, pos + m.start(), e.note, e.note_pos) from None
        return out

    def resolve_operands_fast(self, text: str, pos: int, types: Sequence[Type]) -> list[Value]:
        """resolve_operands_text for the usual operand list (at most three
        uses, MLIR's spacing); anything else, and every error, takes the
        general path (whose lookups find what these made, so it fails alike)."""
        m = _OPERANDS_3.match(text)
        if m is not None:
            n1, i1, n2, i2, n3, i3 = m.groups()
            k = len(types)
            lookup = self.lookup
            try:
                if n1 is None:
                    if k == 0:
                        return []
                elif n2 is None:
                    if k == 1:
                        return [lookup(n1, int(i1) if i1 else 0, types[0], pos)]
                elif n3 is None:
                    if k == 2:
                        return [lookup(n1, int(i1) if i1 else 0, types[0], pos),
                                lookup(n2, int(i2) if i2 else 0, types[1], pos)]
                elif k == 3:
                    return [lookup(n1, int(i1) if i1 else 0, types[0], pos),
                            lookup(n2, int(i2) if i2 else 0, types[1], pos),
                            lookup(n3, int(i3) if i3 else 0, types[2], pos)]
            except ParseError:
                pass
        return self.resolve_operands_text(text, pos, types)

    def op_name(self, quoted: str, pos: int) -> str:
        name = self.names_cache.get(quoted)
        if name is None:
            try:
                name = unescape(quoted).decode("utf-8", "surrogateescape")
            except SyntaxErr as e:
                raise ParseError(e.message, pos + e.offset) from None
            if not _OP_NAME.fullmatch(name):
                raise ParseError(f"invalid operation name '{name}'", pos)
            self.check_dialect(name, pos)
            self.names_cache[quoted] = name
        return name

    # -- blocks and regions ------------------------------------------------------
    def current_block(self) -> Block:
        fr = self.frames[-1]
        if fr.block is None:
            fr.block = fr.region.add_block()
        return fr.block

    def block_ref(self, label: str, pos: int) -> Block:
        fr = self.frames[-1]
        b = fr.blocks.get(label)
        if b is None:
            b = fr.blocks[label] = Block()
            fr.block_refs[label] = pos
        return b

    def open_region(self) -> None:
        isolated = False
        entry_args = None
        if self.pending:
            name, extra = self.pending[-1]
            d = self.opdef(name)
            isolated = d is not None and ISOLATED in d.traits
            if extra is not None:
                entry_args = extra
                self.pending[-1] = (name, None)
        fr = Frame(Region(), isolated, self.frames[-1])
        self.frames.append(fr)
        if entry_args is not None:
            b = fr.region.add_block()
            fr.block = b
            for name, t, loc_tok, pos in entry_args:
                a = b.add_argument(t)
                if loc_tok is not None:
                    self.deferred_locs.append((a, loc_tok, pos))
                else:  # MLIR locates an argument without loc(...) at its name (stablehlo.while's
                    # `%iterArg = %x` included; forms that print no entry arguments tell the printer
                    # with `custom_prints_entry_args`, so these locations get no alias there)
                    a.location = self.arg_location(pos)
                self.define(name, [a], pos)

    def close_region(self, pos: int) -> Region:
        fr = self.frames.pop()
        for label, b in fr.blocks.items():
            if b.parent is None:
                raise ParseError("reference to an undefined block", fr.block_refs.get(label, pos))
        if fr.isolated and fr.forward:
            ref = min(fr.forward.values(), key=lambda r: r.pos)
            raise ParseError("use of undeclared SSA value name", ref.pos)
        if fr.forward and not fr.isolated:
            # forward refs of non-isolated regions stay pending in the isolated frame
            pass
        return fr.region

    def arg_location(self, pos: int):
        src = self.src
        text = src.text
        n = len(text)
        while pos < n and text[pos] in " \t\r\n":
            pos += 1
        # the parse moves forward: lines counted from the last argument's, so a
        # round trip never builds the source's line table (a loop over every line)
        at, line = self._line_at
        if pos < at or type(src) is not Source or not self._ascii():
            return src.location(pos)
        line += text.count("\n", at, pos)
        self._line_at = (pos, line)
        return FileLineColLoc(src.name, line + 1 + src.line_offset, pos - text.rfind("\n", 0, pos))

    def _ascii(self) -> bool:
        a = self._is_ascii
        if a is None:
            a = self._is_ascii = self.src.text.isascii()
        return a

    def block_label(self, tok) -> None:
        text = str(tok)
        pos = tok.start_pos
        m = _BLOCK_NAME.match(text)
        assert m is not None  # the lexer made tok a block label
        label = m.group(1)
        fr = self.frames[-1]
        b = fr.blocks.get(label)
        if b is not None and b.parent is not None:
            raise ParseError(f"redefinition of block '^{label}'", pos)
        if b is None:
            b = fr.blocks[label] = Block()
        fr.region.add_block(b)
        fr.block = b
        rest = text[m.end():].rstrip()[:-1].strip()  # drop trailing ':'
        if rest.startswith("("):
            for name, t, loc_tok, _, apos in self.parse_arg_list(rest[1:-1], pos + text.index("(") + 1):
                a = b.add_argument(t)
                if loc_tok is not None:
                    self.deferred_locs.append((a, loc_tok, apos))
                else:  # MLIR locates an argument without loc(...) at its name
                    a.location = self.arg_location(apos)
                self.define(name, [a], apos)

    def parse_arg_list(self, inner: str, base: int, named: bool = True) -> list[tuple]:
        """`%a: T {attrs} loc(..), ...` (the inside of parentheses starting
        at `base`) -> [(name, type, loc text, attrs, position)]."""
        out = []
        if inner.strip():
            for piece, off in _pieces(inner):
                name, t, loc_tok, attrs = self.parse_arg(piece, base + off, named=named)
                out.append((name, t, loc_tok, attrs, base + off))
        return out

    def parse_arg(self, piece: str, pos: int, named: bool) -> tuple[str | None, Type, str | None, DictionaryAttr | None]:
        """`%name: type {attrs} loc(...)` (or without the name)."""
        name = None
        i = 0
        if named:
            m = _ARG_HEAD.match(piece)
            if m is None:
                raise ParseError("expected SSA value name and ':' type", pos)
            name = m.group(1)
            i = m.end()
        else:
            while i < len(piece) and piece[i].isspace():
                i += 1
        sc = Scanner(piece)
        try:
            end = sc.type_end(i)
        except LexError as e:
            raise ParseError(e.message, pos + e.pos) from None
        if end < 0:
            raise ParseError("expected type", pos + i)
        t = self.decode("type", piece[i:end], pos + i)
        rest = piece[end:]
        attrs = None
        loc_tok = None
        j = len(rest) - len(rest.lstrip())
        if rest[j:j + 1] == "{":
            stop = scan_balanced(rest, j)
            attrs = self.decode("attr", rest[j:stop], pos + end + j)
            j = stop
            j += len(rest[j:]) - len(rest[j:].lstrip())
        if rest[j:].startswith("loc("):
            stop = scan_balanced(rest, j + 3)
            loc_tok = rest[j:stop]
            j = stop
        if rest[j:].strip():
            raise ParseError(f"unexpected '{rest[j:].strip()[:20]}'", pos + end + j)
        return name, t, loc_tok, attrs

    # -- ops ------------------------------------------------------------------------
    def check_dialect(self, name: str, pos: int, custom: bool = False) -> None:
        from hlopt.ir.opdef import is_registered_dialect
        from hlopt.ir.opdef import lookup_op as _lk

        dialect = name.split(".", 1)[0]
        if not is_registered_dialect(dialect):
            if self.allow_unregistered:
                return
            if custom:
                raise ParseError(f"custom op '{name}' is unknown (tried '{name}' as well)", pos)
            raise ParseError(
                "operation being parsed with an unregistered dialect. If this is intended, please use "
                "-allow-unregistered-dialect with the MLIR tool used", pos)
        if _lk(name) is None:
            from hlopt.ir.opdef import dialect_allows_unknown_ops

            if not dialect_allows_unknown_ops(dialect):
                raise ParseError(
                    f"unregistered operation '{name}' found in dialect ('{dialect}') that does not allow "
                    f"unknown operations", pos)

    def finish_op(self, results_tok, op: Operation, loc_tok, pos: int) -> None:
        if results_tok is not None:
            self.bind_results(str(results_tok), results_tok.start_pos, None, op)
        if loc_tok is not None:
            self.deferred_locs.append((op, str(loc_tok), loc_tok.start_pos))
        else:
            op._loc = self.pos_at(pos)
        fr = self.frames[-1]
        b = fr.block
        if b is None:
            b = fr.block = fr.region.add_block()
        b.append(op)

    def finish_plain(self, res: str | None, res_pos: int, one: str | None, op: Operation, pos: int) -> None:
        """finish_op for an op without a location, its results' text given
        (`one`: the name when that text is `%name =`, else None)."""
        if res is not None:
            if one is not None and len(op.results) == 1:
                self.define(one, op.results, res_pos)
            else:
                self.bind_results(res, res_pos, one, op)
        op._loc = self.pos_at(pos)
        fr = self.frames[-1]
        b = fr.block
        if b is None:
            b = fr.block = fr.region.add_block()
        b.append(op)

    def bind_results(self, text: str, pos: int, one: str | None, op: Operation) -> None:
        """Define the names of `%a, %b:2 =` (at `pos`) as the op's results."""
        if one is None:
            m = _ONE_RESULT.match(text)
            one = m.group(1) if m is not None else None
        if one is not None and len(op.results) == 1:
            self.define(one, op.results, pos)
            return
        items = _RESULT_ITEM.findall(text)
        total = sum(int(c) if c else 1 for _, c in items)
        if total != len(op.results):
            raise ParseError(
                f"operation defines {len(op.results)} results but was provided {total} to bind", pos)
        k = 0
        for name, c in items:
            n = int(c) if c else 1
            self.define(name, op.results[k:k + n], pos)
            k += n

    def opdef(self, name: str) -> Any:
        try:
            return self.defs[name]
        except KeyError:
            d = self.defs[name] = lookup_op(name)
            return d

    def check_props(self, name: str, props: DictionaryAttr | None, pos: int) -> None:
        """`<{...}>` on a registered op that has no inherent attributes: MLIR
        rejects it (its properties are empty) rather than keeping the keys."""
        if not props or not len(props):
            return
        d = self.opdef(name)
        if d is None or d.inherent:
            return
        # segment sizes are properties of ops with attribute-sized groups
        sized = {"operandSegmentSizes": "AttrSizedOperandSegments", "resultSegmentSizes": "AttrSizedResultSegments"}
        if any(sized.get(k) not in d.traits for k, _ in props.entries):
            raise ParseError(f"invalid properties {props.text} for op {name}: this operation has empty properties",
                             pos)

    def split_attrs(self, name: str, props: DictionaryAttr | None, attrs: DictionaryAttr | None
                    ) -> tuple[DictionaryAttr | None, DictionaryAttr | None]:
        """Inherent attributes of registered ops live in properties."""
        d = self.opdef(name)
        if d is None or not attrs or not d.inherent:
            return props, attrs
        inh = [(k, v) for k, v in attrs.entries if k in d.inherent]
        if not inh:
            return props, attrs
        rest = [(k, v) for k, v in attrs.entries if k not in d.inherent]
        merged = list(props.entries) if props else []
        names = {k for k, _ in merged}
        merged += [(k, v) for k, v in inh if k not in names]
        return DictionaryAttr(merged), DictionaryAttr(rest)

    def finish(self) -> tuple[Operation, list[str]]:
        if len(self.frames) != 1:
            raise ParseError("unexpected end of input: unclosed region", len(self.src.text))
        fr = self.frames[0]
        if fr.forward:
            ref = min(fr.forward.values(), key=lambda r: r.pos)
            raise ParseError("use of undeclared SSA value name", ref.pos)
        for target, text, pos in self.deferred_locs:
            m = _LOC_ALIAS.match(text)
            if m is not None:
                loc = self._alias_lookup("loc", m.group(1))
                if loc is None:
                    raise ParseError("operation location alias was never defined" if isinstance(target, Operation)
                                     else f"undefined symbol alias id '{m.group(1)}'", pos + 4)
            else:
                loc = self.decode("attr", text, pos)
            if not isinstance(loc, Location):
                raise ParseError("expected location", pos)
            if isinstance(target, Operation):
                target._loc = loc
            else:
                target.location = loc
        for fn in self.finalizers:
            fn()
        # aliases defined but never used must still be valid
        for key in self.aliases:
            if key not in self.alias_values:
                self._alias_lookup("attr" if key[0] == "#" else "type", key[1:])
        block = self.top.blocks[0] if self.top.blocks else Block()
        ops = block.ops_list()
        if len(ops) == 1 and ops[0].name == "builtin.module":
            module = ops[0]
            module.detach()
            return module, self.resources
        # MLIR gives the implicit module the location file:0:0; in a later
        # --split-input-file chunk, where the chunk starts (the end of its marker)
        col = getattr(self.src, "start_col", 0)
        loc = FileLineColLoc(self.src.name, self.src.line_offset + 1, col + 1) if col \
            else FileLineColLoc(self.src.name, 0, 0)
        module = Operation("builtin.module", regions=1, location=loc)
        body = module.regions[0].add_block()
        for op in ops:
            op.detach()
            body.append(op)
        return module, self.resources


def _pieces(inner: str):
    off = 0
    for p in split_top(inner):
        yield p, off
        off += len(p) + 1


class OpBuilder(Transformer):
    """LALR callbacks for mlir.lark; delegates to the current session."""

    def __init__(self):
        super().__init__()
        self.s: ParseSession | None = None
        self.literals: dict[str, str] = {}
        self.rule_fns: dict[str, Any] = {}  # per parse (the context may differ between parses)

    def __default__(self, data, children, meta):
        fn = self.rule_fns.get(data)
        if fn is not None:
            return fn(self.s, children)
        if data.startswith("_"):
            return Tree(data, children)  # inlined into the parent rule by Lark
        # a dialect's grammar rule: its callback is in the dialect's `syntax`
        from hlopt.ir.context import current_context

        fn = current_context().rule_callback(data)
        if fn is None:
            raise ParseError(f"no callback for grammar rule '{data}'", self.s.pos if self.s is not None else 0)
        self.rule_fns[data] = fn
        return fn(self.s, children)

    def start(self, c):
        return None

    def alias_def(self, c):
        tok = c[0]
        text = str(tok)
        m = _ALIAS_DEF.match(text)
        assert m is not None  # the lexer made tok an alias definition
        key = m.group(1) + m.group(2)
        s = self.s
        assert s is not None  # callbacks run only inside a parse
        what = "attribute" if m.group(1) == "#" else "type"
        if "." in m.group(2):
            raise ParseError(f"{what} names with a '.' are reserved for dialect-defined names", tok.start_pos)
        if key in s.aliases:
            raise ParseError(f"redefinition of {what} alias id '{m.group(2)}'", tok.start_pos)
        s.aliases[key] = (m.group(1), text[m.end():], tok.start_pos + m.end())
        return None

    def resources(self, c):
        from hlopt.syntax.resources import validate

        text = c[0].value  # the token's plain str: str(token) would copy a multi-MB blob
        try:
            validate(text)
        except ValueError as e:
            raise ParseError(str(e), c[0].start_pos) from None
        assert self.s is not None  # callbacks run only inside a parse
        self.s.resources.append(text)
        return None

    def operation(self, c):
        results, op_and_pos, loc = c
        op, pos = op_and_pos  # MLIR locates an op at its name, not its results
        assert self.s is not None  # callbacks run only inside a parse
        self.s.finish_op(results, op, loc, pos)
        return None

    # generic form ----------------------------------------------------------------
    def generic_head(self, c):
        name_tok, operands_tok = c
        s = self.s
        assert s is not None  # callbacks run only inside a parse
        name = s.op_name(str(name_tok), name_tok.start_pos)
        s.pending.append((name, None))
        return (name, name_tok, operands_tok)

    def generic_op(self, c):
        head, succ, props, regions, attrs, ftype = c
        s = self.s
        assert s is not None  # callbacks run only inside a parse
        s.pending.pop()
        name, name_tok, operands_tok = head
        ft = s.decode_function_type(ftype)
        operands = s.resolve_operands(operands_tok, list(ft.inputs))
        successors = []
        if succ is not None:
            for label in _BLOCK_NAME.findall(str(succ)):
                successors.append(s.block_ref(label, succ.start_pos))
        p = s.decode_dict(props) if props is not None else None
        a = s.decode_dict(attrs) if attrs is not None else None
        s.check_props(name, p, name_tok.start_pos)
        p, a = s.split_attrs(name, p, a)
        op = Operation(name, operands, ft.results, p, a, regions or (), successors)
        return op, name_tok.start_pos

    def simple_operation(self, c):
        return self.simple(*c)

    def simple_run(self, tok):
        """A GENERIC_RUN token: its ops, in order, as `simple` builds each.
        An op whose text but the operands was seen before is made here
        from its template (see simple_text)."""
        s = self.s
        assert s is not None  # callbacks run only inside a parse
        templates = s.simple_templates
        resolve = s.resolve_operands_fast
        finish = s.finish_plain
        one = self.simple_text
        for res, res_pos, text, pos, spans, rname in tok.spans:
            ops_start, ops_end, props, attrs, type_start = spans
            if attrs is None:
                tpl = templates.get(text[:ops_start] + text[ops_end:])
                if tpl is not None:
                    name, ft, p, a, cls = tpl
                    op = cls(name, resolve(text[ops_start:ops_end], pos + ops_start, ft.inputs), ft.results, p, a)
                    finish(res, res_pos, rname, op, pos)
                    continue
            one(res, res_pos, rname, text, pos, spans, None)

    def simple(self, results, tok, loc):
        self.simple_text(None if results is None else str(results), 0 if results is None else results.start_pos,
                         None, str(tok), tok.start_pos, tok.spans, loc)

    def simple_text(self, res: str | None, res_pos: int, rname: str | None, text: str, pos: int, spans: tuple,
                    loc) -> None:
        s = self.s
        assert s is not None  # callbacks run only inside a parse
        ops_start, ops_end, props, attrs, type_start = spans
        # everything but the operand list is decoded once per distinct text
        # (a repeat decoded without error before, so only its operands can fail);
        # an op with discardable attributes (mostly distinct) is keyed by its
        # text without them, and they are decoded per op, as they come
        if attrs is None:
            key = text[:ops_start] + text[ops_end:]
            tpl = s.simple_templates.get(key)
        else:
            key = text[:ops_start] + text[ops_end:attrs[0]] + "{}" + text[attrs[1]:]
            tpl = s.attr_templates.get(key)
        if tpl is not None:
            name, ft, p, a, cls = tpl
            operands = s.resolve_operands_fast(text[ops_start:ops_end], pos + ops_start, ft.inputs)
            if attrs is not None:
                a = s.decode_dict_text(text[attrs[0]:attrs[1]], pos + attrs[0])
                if cls is not Operation and cls.inherent:  # (else split_attrs keeps them as they are)
                    p, a = s.split_attrs(name, p, a)
        else:
            name = s.op_name(text[:ops_start], pos)
            ft = s.decode("type", text[type_start:], pos + type_start)
            if not isinstance(ft, FunctionType):
                raise ParseError("expected function type", pos + type_start)
            operands = s.resolve_operands_fast(text[ops_start:ops_end], pos + ops_start, ft.inputs)
            p = s.decode_dict_text(text[props[0]:props[1]], pos + props[0]) if props else None
            a = s.decode_dict_text(text[attrs[0]:attrs[1]], pos + attrs[0]) if attrs else None
            s.check_props(name, p, pos)
            p0 = p
            p, a = s.split_attrs(name, p, a)
            # the op's class, as Operation(name) finds it in the parse's context
            cls = s.opdef(name) or Operation
            # bounded: keys that hold a distinct value (a constant's) are kept to no purpose
            templates = s.simple_templates if attrs is None else s.attr_templates
            if len(templates) >= _TEMPLATES_MAX:
                templates.clear()
            # (an attribute template keeps the properties before the split: they are split per op)
            templates[key] = (name, ft, p if attrs is None else p0, a, cls)
        op = cls(name, operands, ft.results, p, a)
        if loc is None:
            s.finish_plain(res, res_pos, rname, op, pos)
        else:
            if res is not None:
                s.bind_results(res, res_pos, rname, op)
            s.finish_op(None, op, loc, pos)

    def asm(self, results, tok, loc):
        """An op read by its op_asm form in the lexer: built here, where the
        names before it are defined."""
        from hlopt.syntax.op_asm import build_op

        d, state, _ = tok.spans
        s = self.s
        assert s is not None  # callbacks run only inside a parse
        s.pos = tok.start_pos
        op = build_op(d, s, state)
        s.finish_op(results, op, loc, tok.start_pos)
        return None

    def asm_operation(self, c):
        return self.asm(*c)

    def asm_region_operation(self, c):
        """An op with regions read and built by its op_asm form (the lexer's ASM_HEAD, ASM_BUILT)."""
        results, head, built, loc = c
        s = self.s
        assert s is not None  # callbacks run only inside a parse
        pos = head.start_pos
        if getattr(head.spans[0], "asm_location_after_name", False):  # stablehlo.reduce: where its parser starts
            from hlopt.syntax.text_scan import skip_trivia

            pos = skip_trivia(s.src.text, head.end_pos)
        s.finish_op(results, built.spans, loc, pos)
        return None

    def region_entry(self, c):
        return c[0]

    def shlo_simple(self, results, tok, loc):
        return self.__default__("stablehlo_simple_operation", [results, tok, loc], None)

    def regions(self, c):
        return list(c)

    def region_open(self, c):
        assert self.s is not None  # callbacks run only inside a parse
        self.s.open_region()
        return None

    def region(self, c):
        assert self.s is not None  # callbacks run only inside a parse
        return self.s.close_region(c[-1].start_pos if c and hasattr(c[-1], "start_pos") else 0)

    def block(self, c):
        return None

    def block_label(self, c):
        assert self.s is not None  # callbacks run only inside a parse
        self.s.block_label(c[0])
        return None

    def sym_visibility(self, c):
        return c[0]

    def value_list(self, c):
        return list(c)

    def type_list(self, c):
        s = self.s
        assert s is not None  # callbacks run only inside a parse
        return [s.decode_type(t) for t in c]


def symbol_name(tok) -> str:
    """The name of a `@sym` / `@"quoted sym"` token."""
    t = str(tok)[1:]
    return unescape(t).decode("utf-8", "surrogateescape") if t.startswith('"') else t


# compiled parsers, one per set of dialect grammars (a cache, not a registry)
_PARSERS: dict[tuple[str, ...], tuple[Any, "OpBuilder"]] = {}


def _parser():
    from hlopt.ir.context import current_context
    from hlopt.syntax.grammar import make_op_parser

    grammars = tuple(current_context().grammar_files())
    entry = _PARSERS.get(grammars)
    if entry is None:
        builder = OpBuilder()
        lark = make_op_parser(builder, grammars)
        _install_fast_callbacks(lark, builder)
        # keyword terminals' spellings, for "expected ..." messages
        builder.literals = {t.name: t.pattern.value for t in lark.terminals if isinstance(t.pattern, PatternStr)}
        entry = _PARSERS[grammars] = (lark, builder)
        lark.parser.lexer.lexer.region_reader = RegionReader(lark, builder)
    return entry


def _identity_rules(lark) -> None:
    """Rules compared and hashed by identity (grammar.IdentityRule) in the table
    and as the callbacks' keys. A table loaded from the cache has them
    already (its rules and the callbacks' keys are one pickle's objects); a
    grammar compiled in this run (no cache) is checked row by row first."""
    from hlopt.syntax.grammar import IdentityRule

    rules = lark.rules
    if all(type(r) is IdentityRule for r in rules):
        return
    parser = lark.parser.parser.parser
    ids = {id(r) for r in rules}
    if not all(id(arg) in ids for st in parser.parse_table.states.values() for _, arg in st.values()
               if isinstance(arg, Rule)):
        return  # not this Lark's layout: leave it as it is
    callbacks = parser.callbacks
    for r in rules:  # (one shared with another parser is already one)
        r.__class__ = IdentityRule
    items = list(callbacks.items())
    callbacks.clear()
    callbacks.update(items)  # re-keyed by identity


class _NestedLexer:
    """The token stream of one region of an op_asm form: the module's lexer
    from `pos` to the region's closing brace (its end goes to `end`)."""

    __slots__ = ("lexer", "text", "pos", "end")

    def __init__(self, lexer: Any, text: str, pos: int):
        self.lexer, self.text, self.pos, self.end = lexer, text, pos, pos

    def lex(self, parser_state: Any) -> Any:
        return self.lexer.lex_from(self.text, self.pos, parser_state, self)


class RegionReader:
    """Reads a region for an op_asm form (hlopt.syntax.op_asm.OpAsmParser.parse_region)
    with the module grammar, in the running parse session: the ops inside are
    built as they are read, the entry-block arguments are defined in the
    region's scope, isolation from above is the op's trait."""

    def __init__(self, lark: Any, builder: "OpBuilder"):
        self._lalr = lark.parser.parser
        self._builder = builder
        self._lexer = lark.parser.lexer.lexer

    @property
    def session(self) -> ParseSession:
        s = self._builder.s
        assert s is not None  # regions are read only inside a parse
        return s

    def region(self, text: str, pos: int, op_name: str, entry_args: list[tuple] | None,
               default_dialect: str) -> tuple[Region, int]:
        """The region `{...}` at `pos` -> (region, end). `entry_args`:
        [(name, type, location text or None, position)] of the entry block."""
        s = self.session
        s.pending.append((op_name, entry_args))
        dialects = self._lexer.default_dialects
        dialects.append(default_dialect)
        nested = _NestedLexer(self._lexer, text, pos)
        try:
            region = self._lalr.parse(nested, "region_entry")
        finally:
            dialects.pop()
            s.pending.pop()
        return region, nested.end


def _install_fast_callbacks(lark, builder: OpBuilder) -> None:
    """The hot rule (`operation -> simple_operation`, all terminals) gets
    a direct callback instead of Lark's generic child filter."""
    _identity_rules(lark)
    callbacks = lark.parser.parser.parser.callbacks
    for rule in lark.rules:
        if rule.alias == "simple_run":
            callbacks[rule] = lambda ch, f=builder.simple_run: f(ch[0])
            continue
        if rule.alias == "simple_operation":
            tok = "GENERIC_SIMPLE"
            f = builder.simple
        elif rule.alias == "asm_operation":
            tok = "ASM_OP"
            f = builder.asm
        elif rule.alias == "stablehlo_simple_operation":  # a dialect rule: its callback is per parse
            tok = "SHLO_SIMPLE"
            f = builder.shlo_simple
        else:
            continue
        names = [sym.name for sym in rule.expansion]
        ri = names.index("RESULTS") if "RESULTS" in names else None
        gi = names.index(tok)
        li = names.index("LOC") if "LOC" in names else None
        if ri is None and li is None:
            callbacks[rule] = lambda ch, f=f, gi=gi: f(None, ch[gi], None)
        elif li is None:
            callbacks[rule] = lambda ch, f=f, gi=gi, ri=ri: f(ch[ri], ch[gi], None)
        elif ri is None:
            callbacks[rule] = lambda ch, f=f, gi=gi, li=li: f(None, ch[gi], ch[li])
        else:
            callbacks[rule] = lambda ch, f=f, gi=gi, ri=ri, li=li: f(ch[ri], ch[gi], ch[li])


def parse_source(source: Source, allow_unregistered: bool = False) -> tuple[Operation, list[str]]:
    """Parse a whole buffer into a builtin.module (wrapping top-level ops
    in an implicit module as MLIR does). Raises DiagnosticError. A
    bytecode source (syntax.bytecode.BytecodeSource) is read from its bytes."""
    data = getattr(source, "data", None)
    if data is not None:
        from hlopt.syntax.bytecode import read_bytecode

        return read_bytecode(source.name, data, allow_unregistered)
    with no_gc():
        return _parse_source(source, allow_unregistered)


def _parse_source(source: Source, allow_unregistered: bool) -> tuple[Operation, list[str]]:
    lark, builder = _parser()
    session = ParseSession(source, allow_unregistered)
    outer = builder.s  # a parse started from inside a parse (re-entrancy)
    builder.s = session
    builder.rule_fns = {}
    text = source.text
    try:
        lark.parse(text, start="start")
        return session.finish()
    except ParseError as e:  # raised without a position: the op being parsed
        d = _diag(source, e.message, e.pos if e.pos is not None else session.pos)
        if e.note:
            at = source.location(e.note_pos) if e.note_pos is not None else d.location
            d.notes.append(Diagnostic("note", e.note, at, source=source))
        raise DiagnosticError([d]) from None
    except LexError as e:
        raise DiagnosticError([_diag(source, e.message, e.pos)]) from None
    except UnexpectedToken as e:
        tok = e.token
        if tok.type == "$END":
            raise DiagnosticError([_diag(source, _eof_message(e, builder.literals), len(text))]) from None
        raise DiagnosticError([_diag(source, _unexpected_message(tok, e.expected, builder.literals),
                                     tok.start_pos or 0)]) from None
    except UnexpectedCharacters as e:
        raise DiagnosticError([_diag(source, _char_message(text, e, builder.literals), e.pos_in_stream or 0)]) from None
    except UnexpectedEOF as e:
        raise DiagnosticError([_diag(source, _eof_message(e, builder.literals), len(text))]) from None
    except RecursionError:
        raise DiagnosticError([_diag(source, "nesting too deep", session.pos)]) from None
    except IRError as e:
        raise DiagnosticError([_diag(source, e.message, session.pos)]) from None
    except SyntaxErr as e:  # a decoding error not converted where it arose
        raise DiagnosticError([_diag(source, e.message, session.pos + e.offset)]) from None
    except (ValueError, OverflowError, MemoryError) as e:  # e.g. int() digit limits, absurd sizes
        raise DiagnosticError([_diag(source, f"invalid input: {e}", session.pos)]) from None
    finally:
        builder.s = outer


def _diag(source: Source, message: str, pos: int) -> Diagnostic:
    return Diagnostic("error", message, source.location(pos), source=source)


_TERMINAL_DESCR = {
    "RESULTS": "SSA result list", "VALUE_USE": "SSA value", "OP_STRING": "operation name",
    "OPERANDS": "operand list", "PROPS": "properties '<{'", "ATTR_DICT": "attribute dictionary",
    "FUNCTION_TYPE": "function type", "TYPE": "type", "LOC": "location", "BLOCK_HEADER": "block label",
    "SYMBOL": "symbol name", "FUNC_SIG": "function signature", "ATTR": "attribute value",
    "RBRACE": "'}'", "LBRACE": "'{'", "COLON": "':'", "COMMA": "','", "RPAR": "')'", "LPAR": "'('",
    "$END": "end of input",
    "ALIAS_DEF": "alias definition", "RESOURCES": "'{-#'", "MODULE": "'module'", "FUNC_FUNC": "'func.func'",
    "RETURN": "'return'", "FUNC_RETURN": "'func.return'", "CALL": "'call'", "FUNC_CALL": "'func.call'",
    "ARITH_CONSTANT": "'arith.constant'", "PUBLIC": "'public'", "PRIVATE": "'private'", "NESTED": "'nested'",
    "GENERIC_SIMPLE": "operation", "GENERIC_RUN": "operation", "CUSTOM_OP": "operation", "SUCCESSORS": "successor list", "STRING": "string",
    "INT": "integer", "BARE_ID": "identifier", "OP_ARGS": "operation arguments",
}


# terminals that start an operation: listed as one "operation" in messages, so
# an error's wording does not depend on which dialect grammars are composed
_OP_START = frozenset({"OP_STRING", "GENERIC_SIMPLE", "GENERIC_RUN", "CUSTOM_OP", "RESULTS", "ASM_HEAD"})


def _describe_terminal(t: str, literals: dict[str, str]) -> str:
    lit = literals.get(t)
    if t in _OP_START or (lit is not None and "." in lit) or t.endswith(("_OP", "_KW")):
        return "operation"
    if lit is None and t not in _TERMINAL_DESCR:
        # a dialect's op-name terminal (HIR_ALLOCATE, ...)
        from hlopt.ir.context import current_context

        if any(t.lower().startswith(d + "_") for d in current_context().registry):
            return "operation"
    if t in _TERMINAL_DESCR:
        return _TERMINAL_DESCR[t]
    if lit is not None:
        return f"'{lit}'"
    return t.lower()


def _expected(expected, literals: dict[str, str] | None = None) -> str:
    lits = literals or {}
    names = sorted({_describe_terminal(t, lits) for t in expected
                    if not t.startswith("__") and not t[:1].islower() and not t.startswith("_")},
                   key=lambda n: (n[:2].strip("'").isalpha() and n.startswith("'"), n))  # keywords last
    if not names:
        return "operation"
    if len(names) > 4:
        names = names[:4] + ["..."]
    return ", ".join(names)


def _unexpected_message(tok, expected, literals: dict[str, str] | None = None) -> str:
    return f"unexpected '{str(tok)[:40]}', expected {_expected(expected, literals)}"


def _eof_message(e, literals: dict[str, str] | None = None) -> str:
    exp = getattr(e, "expected", None)
    return "unexpected end of input" + (f", expected {_expected(exp, literals)}" if exp else "")


def _char_message(text: str, e: UnexpectedCharacters, literals: dict[str, str] | None = None) -> str:
    pos = e.pos_in_stream or 0  # lark declares it Optional; it is set for this exception
    c = text[pos] if pos < len(text) else ""
    allowed = getattr(e, "allowed", None) or ()
    m = re.compile(r"[A-Za-z_][\w$]*\.[\w$.]+").match(text, pos)
    if m is not None and "OP_STRING" in allowed:
        from hlopt.ir.context import current_context

        dialect = m.group().split(".", 1)[0]
        if not current_context().is_registered_dialect(dialect):
            # MLIR's text, trailing space included
            return f"Dialect `{dialect}' not found for custom op '{m.group()}' "
        return f"custom op '{m.group()}' is unknown"
    if c == "%":
        return "expected operation name in quotes"
    if not c.isprintable():
        return f"unexpected character {c!r}"
    allowed = getattr(e, "allowed", None) or ()
    return f"unexpected character '{c}'" + (f", expected {_expected(allowed, literals)}" if allowed else "")


def parse_module(text: str, filename: str = "<input>", allow_unregistered: bool = True) -> Operation:
    """Parse MLIR text into a builtin.module (API entry point)."""
    return parse_source(Source(filename, text), allow_unregistered)[0]


# public names for dialect grammar callbacks (the private spellings remain
# for older callers)
USE = _USE
_symbol_name = symbol_name


def split_pieces(inner: str):
    """(piece, offset) for each top-level comma-separated piece of `inner`."""
    return _pieces(inner)
