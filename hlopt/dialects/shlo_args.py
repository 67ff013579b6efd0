"""Decoding custom op argument texts with grammars/stablehlo_args.lark.

The op grammar lexes a one-line StableHLO/CHLO/Shardy op as
`NAME OP_ARGS : TYPE`; the OP_ARGS text is decoded here by a Lark LALR
parser whose start symbol is the op's `args_format`. SSA uses make argument
texts nearly unique, so the text is normalized first (every use becomes a
bare `%`), the decoded shape is cached per session by (format, normalized
text), and the actual uses are rebound positionally: each distinct shape goes
through Lark once.

The decoded structure is a dict of fields (see the grammar): operand groups
as indices into the text's uses, `{attrs}`, strings and `<...>` bodies as
(start, end) spans of the normalized text, ints, int lists and enum words.
`Args` maps it back onto the actual text for one op.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from lark import Transformer
from lark.lexer import PatternStr

from hlopt.ir.attributes import DenseArrayAttr, DenseElementsAttr
from hlopt.ir.types import RankedTensorType, Type, i1, i64
from hlopt.syntax.attr_parser import SyntaxErr, lark_parse
from hlopt.syntax.lexer import BARE_WORD, STRING, ContextLexer, LexError, scan_balanced

_NAME = r"(?:[A-Za-z_$.\-][\w$.\-]*|\d+)"
_USE = re.compile(r"%(" + _NAME + r")(?:#(\d+))?")
_USE_TOKEN = re.compile(r"%(?:" + _NAME + r")?(?:#\d+)?")
_INT = re.compile(r"-?\d+")
_SYMBOL = re.compile(r'@(?:[A-Za-z_][\w$.]*|"(?:[^"\\\n]|\\.)*")')
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
            m = STRING.match(text, pos)
            if m is None:
                raise LexError("unterminated string", pos)
            return "STRING", m.end()
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
        m = BARE_WORD.match(text, pos)
        if m is not None:
            w = m.group()
            t = kw.get(w)
            if t is not None and t in acc:
                return t, m.end()
            if "BOOL" in acc and w in ("true", "false"):
                return "BOOL", m.end()
            return "WORD", m.end()  # the parser reports it if no word fits here
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


_REPEATED = ("range", "input")


class ArgsDecoder(Transformer):
    """Builds the field dict of stablehlo_args.lark's start rules."""

    def __init__(self):
        super().__init__()
        self.slots: dict[int, int] = {}  # position of a `%` placeholder -> use index

    def _fields(self, c: list) -> dict:
        out: dict = {}
        for item in c:
            if item is None:
                continue
            k, v = item
            if k in _REPEATED:
                out.setdefault(k, []).append(v)
            else:
                out[k] = v
        return out

    def _slot(self, tok: Any) -> int:
        i = self.slots.get(tok.start_pos)
        if i is None:
            raise SyntaxErr("expected SSA operand", tok.start_pos)
        return i

    def uses(self, c):
        if len(c) == 1:
            return "uses", (self._slot(c[0]),)
        return "uses", c[0][1] + (self._slot(c[1]),)

    def attrs(self, c):
        return "attrs", _span(c[0])

    def value(self, c):
        return "value", _span(c[0])

    def target(self, c):
        return "target", _span(c[0])

    def string(self, c):
        return "string", _span(c[0])

    def sharding(self, c):
        return "sharding", _span(c[0])

    def algorithm(self, c):
        return "algorithm", _span(c[0])

    def applies(self, c):
        return "applies", (str(c[0]), c[0].start_pos)

    def lower(self, c):
        return "lower", str(c[0]) == "true"

    def int_list(self, c):
        return _ints(c)

    def enum_list(self, c):
        return [str(t) for t in c if t is not None]

    def slice_range(self, c):
        a, b, k = c
        return "range", (int(a), int(b), 1 if k is None else int(k))

    def reduce_input(self, c):
        return "input", (self._slot(c[0]), self._slot(c[1]))

    def batching_dims(self, c):
        return "batching_dims", (c[0], c[1])

    def contracting_dims(self, c):
        return "contracting_dims", (c[0], c[1])

    def conv_dims(self, c):
        return "conv_dims", ("x".join(map(str, c[:2])) + "->" + str(c[2]), c[0].start_pos)

    # window = {stride = [..], pad = [[..]], lhs_dilate = [..], rhs_dilate = [..], reverse = [..]}
    def window(self, c):
        props: dict = {}
        for item in c:
            if item is None:
                continue
            kw, prop, v = item
            if prop in props:
                raise SyntaxErr(f"Duplicate entry for '{kw}' attribute")
            props[prop] = v
        return "window", props

    def stride(self, c):
        return "stride", "window_strides", DenseArrayAttr(i64, c[0])

    def lhs_dilate(self, c):
        return "lhs_dilate", "lhs_dilation", DenseArrayAttr(i64, c[0])

    def rhs_dilate(self, c):
        return "rhs_dilate", "rhs_dilation", DenseArrayAttr(i64, c[0])

    def reverse(self, c):
        return "reverse", "window_reversal", DenseArrayAttr(i1, c[0])

    def pad(self, c):
        pairs = c[0]
        return "pad", "padding", DenseElementsAttr(RankedTensorType((len(pairs), 2), i64),
                                                   [v for pr in pairs for v in pr])

    def pad_list(self, c):
        return [p for p in c if p is not None]

    def pad_pair(self, c):
        return int(c[0]), int(c[1])

    def bool_list(self, c):
        return [str(t) == "true" if t.type == "BOOL" else bool(int(t)) for t in c if t is not None]


def _named(field: str, conv):
    def cb(self, c):
        return field, conv(c[0])

    return cb


for _f in ("dims", "low", "high", "interior", "precision"):
    setattr(ArgsDecoder, _f, _named(_f, lambda v: v))
for _f in ("dim", "index", "k", "group_id"):
    setattr(ArgsDecoder, _f, _named(_f, int))
for _f in ("direction", "compare_type", "enum_value", "format"):
    setattr(ArgsDecoder, _f, _named(_f, str))

FORMATS = ("uses_attrs", "attrs_only", "constant_args", "dims_args", "sizes_args", "dim_args", "compare_args",
           "slice_args", "pad_args", "index_args", "precision_format_args", "rng_algorithm_args",
           "dot_general_args", "custom_call_args", "reduce_args", "conv_args", "fft_args", "rng_args", "dot_args",
           "cholesky_args", "einsum_args", "composite_args", "top_k_args", "sharding_args", "group_args")
for _f in FORMATS:
    setattr(ArgsDecoder, _f, ArgsDecoder._fields)

_TERMINAL_DESCR = {"USE": "SSA operand", "INT": "integer", "WORD": "keyword", "BOOL": "'true' or 'false'",
                   "SYMBOL": "symbol name", "STRING": "string", "ATTR_DICT": "attribute dictionary",
                   "ANGLE": "'<'", "BRACKET": "'['", "REST": "attribute value", "$END": "end of arguments"}


class _ArgsParser:
    def __init__(self):
        from hlopt.syntax.grammar import _build, grammar_text

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


_PARSER: _ArgsParser | None = None


def _parser() -> _ArgsParser:
    global _PARSER
    if _PARSER is None:
        _PARSER = _ArgsParser()
    return _PARSER


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
        from hlopt.syntax.parser import ParseError

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
            from hlopt.syntax.parser import ParseError

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
            from hlopt.syntax.parser import ParseError

            a = Args(s, text, base, {}, m)
            raise ParseError(e.message, a.pos(e.offset), e.note) from None
        cache[ck] = r
    return Args(s, text, base, r, m)
