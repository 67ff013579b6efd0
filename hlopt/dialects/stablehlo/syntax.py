"""StableHLO/CHLO/Shardy custom syntax: the base of their ops, the one-line
SHLO_OP path (with its per-line-shape template replay) and the argument
decoder the CHLO/Shardy forms not yet converted to assembly formats use.

StableHLO's own ops declare `assembly_format`s or op_asm forms
(hlopt/dialects/stablehlo/asm_directives.py); a one-line one lexes as SHLO_OP
and is read by its form (`_asm_op`), one with regions as ASM_OP.

Parsing the rest: the op grammar (grammars/stablehlo.lark) lexes a one-line custom op
as `NAME OP_ARGS : TYPE`, where OP_ARGS is one coarse token (everything up to
the `: type`). Its text is decoded by a Lark LALR parser over
grammars/stablehlo_args.lark whose start symbol is the op's `args_format`.
SSA uses make argument texts nearly unique, so the text is normalized first
(every use becomes a bare `%`), the decoded shape is cached per session by
(format, normalized text), and the actual uses are rebound positionally:
each distinct shape goes through Lark once. The decoded structure is a dict
of fields (see the grammar); `Args` maps it back onto one op's text and the
op's `parse_custom(s, args, types, extra)` builds it.

Printing helpers for those forms: merged attribute dictionaries (inherent
and discardable attributes print together, sorted) and block arguments the
way MLIR's OpAsmPrinter does.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

from lark import Token, Transformer
from lark.lexer import PatternStr

from hlopt.dialects.syntax_util import parse_error
from hlopt.ir.attributes import DictionaryAttr, print_named_attrs
from hlopt.ir.core import Operation, Value
from hlopt.ir.location import UnknownLoc
from hlopt.ir.opdef import OpDef, lookup_op
from hlopt.ir.types import Type
from hlopt.syntax import (
    ContextLexer,
    LexError,
    ParseError,
    SyntaxErr,
    bare_word_end,
    has_asm_form,
    lark_parse,
    read_op,
    scan_balanced,
    string_end,
)

_NAME = r"(?:[A-Za-z_$.\-][\w$.\-]*|\d+)"
_USE = re.compile(r"%(" + _NAME + r")(?:#(\d+))?")
_USE_TOKEN = re.compile(r"%(?:" + _NAME + r")?(?:#\d+)?")
_INT = re.compile(r"-?\d+")
_SYMBOL = re.compile(r'@(?:[A-Za-z_][\w$.]*|"(?:[^"\\\n]|\\.)*")')
INDENT = "  "
_PUNCT = ("->", "(", ")", "{", "}", "[", "]", ",", "=", ":")


class ArgsLexer(ContextLexer):
    """Lexer for stablehlo_args.lark (the parser state picks the token)."""

    def next(self, text: str, pos: int, acc: frozenset, sc: Any, kw: dict) -> tuple[str, int]:
        c = text[pos]
        if "REST" in acc and not (c == "{" and "ATTR_DICT" in acc):
            return "REST", len(text)
        if c == "%":
            return "USE", _USE_TOKEN.match(text, pos).end()
        if c == '"':
            e = string_end(text, pos)
            if e is None:
                raise LexError("unterminated string", pos)
            return "STRING", e
        if c == "@":
            m = _SYMBOL.match(text, pos)
            if m is not None:
                return "SYMBOL", m.end()
        elif c == "{" and "ATTR_DICT" in acc:
            return "ATTR_DICT", scan_balanced(text, pos)
        elif c == "<" and "ANGLE" in acc:
            return "ANGLE", scan_balanced(text, pos)
        elif c == "[" and "BRACKET" in acc:
            return "BRACKET", scan_balanced(text, pos)
        elif (c == "-" or c.isdigit()) and not text.startswith("->", pos):
            m = _INT.match(text, pos)
            if m is not None:
                if not -(1 << 63) <= int(m.group()) < (1 << 63):  # MLIR reads these as int64_t
                    raise LexError("integer constant out of range for attribute", pos)
                return "INT", m.end()
        e = bare_word_end(text, pos)
        if e is not None:
            w = text[pos:e]
            t = kw.get(w)
            if t is not None and t in acc:
                return t, e
            if "BOOL" in acc and w in ("true", "false"):
                return "BOOL", e
            return "WORD", e  # the parser reports it if no word fits here
        for p in _PUNCT:
            if text.startswith(p, pos):
                t = kw.get(p)
                if t is not None and t in acc:
                    return t, pos + len(p)
        raise LexError(f"unexpected '{c}'", pos)


def _span(tok: Any) -> tuple[int, int]:
    return tok.start_pos, tok.start_pos + len(tok)


def _ints(c: list) -> list[int]:
    return [int(t) for t in c if t is not None]


FORMATS = ("uses_attrs", "top_k_args", "sharding_args", "group_args")
_TERMINAL_DESCR = {"USE": "SSA operand", "INT": "integer", "WORD": "keyword", "BOOL": "'true' or 'false'",
                   "SYMBOL": "symbol name", "STRING": "string", "ATTR_DICT": "attribute dictionary",
                   "ANGLE": "'<'", "BRACKET": "'['", "REST": "attribute value", "$END": "end of arguments"}


class ArgsDecoder(Transformer):
    """Builds the field dict of stablehlo_args.lark's start rules."""

    def __init__(self):
        super().__init__()
        self.slots: dict[int, int] = {}  # position of a `%` placeholder -> use index

    def _fields(self, c: list) -> dict:
        return dict(item for item in c if item is not None)

    def _slot(self, tok: Any) -> int:
        i = self.slots.get(tok.start_pos)
        if i is None:
            raise SyntaxErr("expected SSA operand", tok.start_pos)
        return i

    _INT = frozenset(("k", "group_id"))

    def __getattr__(self, name: str) -> Any:
        """The callbacks Lark looks up for those rules (and every start rule)."""
        if name in ArgsDecoder._INT:
            return lambda c: (name, int(c[0]))
        if name in FORMATS:
            return self._fields
        raise AttributeError(name)

    def uses(self, c):
        if len(c) == 1:
            return "uses", (self._slot(c[0]),)
        return "uses", c[0][1] + (self._slot(c[1]),)

    def attrs(self, c):
        return "attrs", _span(c[0])

    def sharding(self, c):
        return "sharding", _span(c[0])


class _ArgsParser:
    def __init__(self):
        from hlopt.syntax import build_parser as _build
        from hlopt.syntax import grammar_text

        self.decoder = ArgsDecoder()
        self.lark = _build(grammar_text("stablehlo_args.lark"), ArgsLexer, list(FORMATS), self.decoder, "args")
        self.descr = dict(_TERMINAL_DESCR)
        for t in self.lark.terminals:
            if isinstance(t.pattern, PatternStr):
                self.descr[t.name] = f"'{t.pattern.value}'"

    def expected(self, names) -> str:
        out = sorted({self.descr.get(n, n.lower()) for n in names})
        return ", ".join(out[:5] + (["..."] if len(out) > 5 else []))

    def parse(self, text: str, fmt: str, slots: dict[int, int]) -> dict:
        self.decoder.slots = slots
        return lark_parse(self.lark, text, fmt, "arguments", self.expected)


@functools.cache
def _parser() -> _ArgsParser:
    """Built once, on the first custom op (the grammar is constant)."""
    return _ArgsParser()


class Args:
    """One op's decoded arguments: the cached field dict `r` bound to this
    op's text (its uses, and positions mapped back from the normalized text)."""

    __slots__ = ("s", "text", "base", "r", "m")

    def __init__(self, s: Any, text: str, base: int, r: dict, m: list):
        self.s, self.text, self.base, self.r, self.m = s, text, base, r, m

    def get(self, field: str, default: Any = None) -> Any:
        return self.r.get(field, default)

    def offset(self, norm: int) -> int:
        """Offset in this op's text of an offset in the normalized text."""
        shift = 0
        for m in self.m:
            if m.start() - shift >= norm:
                break
            shift += m.end() - m.start() - 1
        return norm + shift

    def pos(self, norm: int) -> int:
        return self.base + self.offset(norm)

    def span_text(self, span: tuple[int, int]) -> tuple[str, int]:
        a, b = self.offset(span[0]), self.offset(span[1])
        return self.text[a:b], self.base + a

    def error(self, msg: str, norm: int = 0):
        from hlopt.syntax import ParseError

        return ParseError(msg, self.pos(norm))

    def attrs(self) -> Any:
        span = self.r.get("attrs")
        if span is None:
            return None
        text, pos = self.span_text(span)
        return self.s.decode("attr", text, pos)

    def attr(self, field: str) -> Any:
        text, pos = self.span_text(self.r[field])
        return self.s.decode("attr", text, pos)

    def resolve(self, idxs: Sequence[int], types: Sequence[Type]) -> list:
        ms = self.m
        if len(idxs) != len(types):
            from hlopt.syntax import ParseError

            pos = self.base + ms[idxs[0]].start() if idxs else self.base
            raise ParseError(f"{len(idxs)} operands present, but expected {len(types)}", pos)
        lk = self.s.lookup
        base = self.base
        out = []
        for i, t in zip(idxs, types):
            m = ms[i]
            n = m.group(2)
            out.append(lk(m.group(1), int(n) if n else 0, t, base + m.start()))
        return out

    def operands(self, types: Sequence[Type]) -> list:
        return self.resolve(self.r.get("uses", ()), types)

    @property
    def n_uses(self) -> int:
        return len(self.r.get("uses", ()))


def decode_args(s: Any, fmt: str, text: str, base: int) -> Args:
    """Decode `text` (an OP_ARGS token at absolute position `base`) with the
    start symbol `fmt`."""
    if "%" in text:
        m = list(_USE.finditer(text))
        key = _USE.sub("%", text)
    else:
        m = []
        key = text
    ck = ("args", fmt, key)
    cache = s.cache
    r = cache.get(ck)
    if r is None:
        slots, shift = {}, 0
        for i, u in enumerate(m):
            slots[u.start() - shift] = i
            shift += u.end() - u.start() - 1
        try:
            r = _parser().parse(key, fmt, slots)
        except SyntaxErr as e:
            from hlopt.syntax import ParseError

            a = Args(s, text, base, {}, m)
            raise ParseError(e.message, a.pos(e.offset), e.note) from None
        cache[ck] = r
    return Args(s, text, base, r, m)


# ---------------------------------------------------------------------------
# printing


def merged_attrs(op: Operation, p: Any, elide: Sequence[str] = (), defaults: dict | None = None) -> str:
    """` {..}`: properties and discardable attributes together, sorted, minus
    the ones the custom form prints itself and those at their default."""
    entries = [e for e in op.properties.entries if e[0] not in elide]
    if defaults:
        entries = [e for e in entries if defaults.get(e[0]) is not e[1]]
    if op.attributes.entries:
        entries = DictionaryAttr(entries + list(op.attributes.entries)).entries
    if not entries:
        return ""
    return " {" + print_named_attrs(entries, p) + "}"


def block_arg_text(p: Any, a: Value) -> str:
    s = f"{p.value(a)}: {p.type_text(a.type)}"
    if p.debuginfo:
        loc = a.location if a.location is not None else UnknownLoc()
        s += " loc(" + loc.body(p) + ")"  # inline, like MLIR
    return s


# ---------------------------------------------------------------------------
# building ops and the base of ops with a one-line custom form

def build_op(s: Any, name: str, operands: Sequence[Any], results: Sequence[Type], props: dict,
             attrs: Any) -> Operation:
    """The op from parsed pieces; inherent attributes written in the
    attribute dictionary move to properties (as MLIR's parser does)."""
    p = DictionaryAttr(props) if props else None
    if attrs is not None and len(attrs):
        p, attrs = s.split_attrs(name, p, attrs)
    return Operation(name, operands, results, p, attrs)


class ShloOp(OpDef):
    """Base of StableHLO/CHLO/Shardy ops. StableHLO's forms are assembly
    formats or op_asm forms; the CHLO/Shardy ops not yet converted define
    `parse_custom(s, args, types, extra)` and set `args_format`, the start
    symbol of grammars/stablehlo_args.lark that decodes their argument text.
    One-line forms lex as SHLO_OP (grammars/stablehlo.lark)."""

    args_format = "uses_attrs"
    syntax_token: str | None = None
    asm_populate_defaults = False  # an attribute left at its default is not set (MLIR prints none)

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if "syntax_token" not in vars(cls):
            # a form of hlopt.syntax.op_asm lexes as SHLO_OP too: the one-line
            # case then replays per distinct line shape (stablehlo_simple)
            custom = hasattr(cls, "parse_custom") or has_asm_form(cls)
            cls.syntax_token = "SHLO_OP" if custom else None

# ---------------------------------------------------------------------------
# grammar callbacks (grammars/stablehlo.lark)



def keyword_pos(s: Any, keyword: str, before: int) -> int:
    """Start of the op keyword the grammar filtered out (MLIR locates an op
    at its name): the last `keyword` before position `before`."""
    i = s.src.text.rfind(keyword, 0, before)
    return i if i >= 0 else before


def stablehlo_op(s: Any, c: list) -> tuple[Operation, int]:
    name_tok, args_tok = c[0], c[1]
    if args_tok is None:
        args, args_pos = "", name_tok.end_pos
    else:
        args, args_pos = str(args_tok), args_tok.start_pos
    return _custom_op(s, str(name_tok), name_tok.start_pos, args, args_pos, c[2:-1], c[-1], None)


def stablehlo_simple(s: Any, c: list) -> tuple[Operation, int]:
    """stablehlo_op's one-line case as one token: its pieces become the
    tokens the long form would have given."""
    tok = c[0]
    text = tok.value
    pos = tok.start_pos
    name_end, args, types, result = tok.spans
    if args is None:
        args_text, args_pos = "", pos + name_end
    else:
        args_text, args_pos = text[args[0]:args[1]], pos + args[0]
    name = text[:name_end]
    # an op line seen before but for its SSA names is rebuilt from the
    # template the first one left: the same lookups (same order, types and
    # relative positions, so errors stay where they were), nothing decoded
    if "%" in args_text:
        uses = list(_USE.finditer(args_text))
        akey = _USE.sub("%", args_text)
    else:
        uses, akey = [], args_text
    # (a string may hold `%name` that is no use: such lines are not templated)
    tkey = None if '"' in args_text else \
        ("tmpl", name, akey, text[types[0][0]:types[-1][1] if result is None else result[1]])
    cache = s.cache
    t = cache.get(tkey) if tkey is not None else None
    if t is not None:
        calls, order, results, props, attrs = t
        lk = s.lookup
        vals = []
        for i, ty in calls:
            m = uses[i]
            n = m.group(2)
            vals.append(lk(m.group(1), int(n) if n else 0, ty, args_pos + m.start()))
        return Operation(name, [vals[k] for k in order], results, props, attrs), pos
    # the types follow the arguments, where the lexer may have cut a big hex
    # payload from the token's text: in the source they stand that much later
    at = pos + (tok.end_pos - pos - len(text))
    type_toks = [Token("TYPE", text[a:b], at + a, end_pos=at + b) for a, b in types]
    arrow = None if result is None else \
        Token("TYPE", text[result[0]:result[1]], at + result[0], end_pos=at + result[1])
    calls: list = []
    real = s.lookup

    def record(n: str, index: int, ty: Any, at: int) -> Any:
        v = real(n, index, ty, at)
        calls.append((n, index, ty, at, v))
        return v

    s.lookup = record
    try:
        op, loc = _custom_op(s, name, pos, args_text, args_pos, type_toks, arrow, None)
    finally:
        del s.lookup
    t = _template(op, loc == pos, calls, uses, args_pos) if tkey is not None else None
    if t is not None:
        cache[tkey] = t
    return op, loc


def stablehlo_simple_operation(s: Any, c: list) -> None:
    """`[RESULTS] SHLO_SIMPLE [LOC]`: the one-line op built and finished
    in one grammar callback."""
    results, tok, loc = c
    op, pos = stablehlo_simple(s, [tok])
    s.finish_op(results, op, loc, pos)


def _template(op: Operation, at_name: bool, calls: list, uses: list, base: int) -> tuple | None:
    """What rebuilds `op` for another line of the same shape, or None when
    its construction did more than look up each use once."""
    if not at_name or op.regions or op.successors:
        return None
    by_pos = {base + m.start(): i for i, m in enumerate(uses)}
    rec, seen = [], {}
    for k, (n, index, ty, at, v) in enumerate(calls):
        i = by_pos.get(at)
        if i is None or id(v) in seen:
            return None
        m = uses[i]
        g = m.group(2)
        if m.group(1) != n or (int(g) if g else 0) != index:
            return None
        seen[id(v)] = k
        rec.append((i, ty))
    order = []
    for v in op.operands:
        k = seen.get(id(v))
        if k is None:
            return None
        order.append(k)
    return tuple(rec), tuple(order), [r.type for r in op.results], op.properties, op.attributes


def _custom_op(s: Any, name: str, pos: int, args: str, args_pos: int, types: list, arrow: Any,
               region: Any) -> tuple[Operation, int]:
    d = lookup_op(name)
    if d is not None and has_asm_form(d):
        return _asm_op(s, d, name, pos, (arrow if arrow is not None else types[-1]).end_pos), pos
    parse = getattr(d, "parse_custom", None)
    if parse is None:
        raise parse_error(f"custom op '{name}' is unknown", pos)
    extra = {"region": region, "arrow": arrow}
    a = decode_args(s, d.args_format, args, args_pos)
    op = parse(s, a, types, extra)
    return op, extra.get("loc_pos", pos)


def _asm_op(s: Any, d: Any, name: str, pos: int, end: int) -> Operation:
    """An op with a form of hlopt.syntax.op_asm, lexed as SHLO_OP: its text
    from the name to `end` (where the op grammar saw its type end) read by
    the form's parse step, then built."""
    text = s.src.text
    try:
        return read_op(d, s, text, pos + len(name), end)
    except ParseError as e:
        raise _token_error(e, text) from None


_TOKEN = re.compile(r"[\w$.\-]+|\S")


def _token_error(e: Any, text: str) -> Any:
    """A missing operand where another token stands is reported at that token,
    naming it, as these ops' argument parser always did (`unexpected '3',
    expected SSA operand`); before the `:` it stays MLIR's wrong-token error."""
    if e.message != "expected SSA operand" or e.pos is None:
        return e
    at = len(text) - len(text[e.pos:].lstrip())
    m = _TOKEN.match(text, at)
    if m is None or m.group() == ":":
        return e
    return ParseError(f"unexpected '{m.group()[:40]}', expected SSA operand", at)


CALLBACKS = {
    "stablehlo_op": stablehlo_op,
    "stablehlo_simple": stablehlo_simple,
    "stablehlo_simple_operation": stablehlo_simple_operation,
}
