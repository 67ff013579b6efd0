"""A context-driven lexer for the Lark grammars.

Lark's LALR parser tells the lexer which terminals the current parser state
accepts (as its contextual lexer does). We use that to emit *coarse* tokens
where the grammar allows them: a whole type, attribute dictionary,
function signature, block header or `loc(...)` becomes one token, decoded
once per distinct text by the attribute grammar and cached. Coarse tokens
cut the token count, which is what Lark's cost follows.

Bracketed bodies are scanned with a small balanced-bracket scanner, so
nesting depth is unbounded (MLIR's own dialect-body lexer works the same
way: strings skipped, `->` not a closer).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from lark.exceptions import UnexpectedCharacters
from lark.lexer import Lexer, PatternStr, Token

_new_token = Token._future_new  # skips keyword handling in Token.__new__
new_token = _new_token  # (public: the parser makes RESULTS tokens of a GENERIC_RUN with it)


class SpanToken(Token):
    """A coarse token that carries the offsets of its pieces, so the parser
    callback does not scan the text again."""

    __slots__ = ("spans",)

# MLIR's identifiers, numbers and whitespace are ASCII: every pattern here
# uses re.ASCII, so `@méain` or a no-break space is an error, as in MLIR
_NAME = r"(?:[A-Za-z_$.\-][\w$.\-]*|\d+)"          # SSA / suffix id
_SYM = r'@(?:[A-Za-z_][\w$.]*|"[^"\\\n]*(?:\\.[^"\\\n]*)*")'  # @name or @"quoted"
WS = re.compile(r"(?:\s+|//[^\n]*)+", re.ASCII)
WS_ONLY = re.compile(r"\s*", re.ASCII)
TRIVIA = re.compile(r"(?:\s|//[^\n]*)*", re.ASCII)  # what MLIR's lexer skips between tokens


def _trivia_end(text: str, pos: int) -> int:
    m = TRIVIA.match(text, pos)
    assert m is not None  # TRIVIA matches the empty string
    return m.end()


OPERAND_LIST = re.compile(r"\([^()]*\)", re.ASCII)
BARE_WORD = re.compile(r"[A-Za-z_][\w$.]*", re.ASCII)
VALUE_USE = re.compile("%" + _NAME + r"(?:#\d+)?", re.ASCII)
RESULTS = re.compile("%" + _NAME + r"(?::\d+)?(?:\s*,\s*%" + _NAME + r"(?::\d+)?)*\s*=(?!=)", re.ASCII)
# `%name =`: where it matches, RESULTS matches the same text (group 1: the name)
ONE_RESULT = re.compile("%(" + _NAME + r")\s*=(?!=)", re.ASCII)
STRING = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"', re.ASCII)
# MLIR's float literals need the '.': `1e5` lexes as `1` then `e5`
NUMBER = re.compile(r"-?(?:0x[0-9a-fA-F]+|\d+(?:\.\d*(?:[eE][-+]?\d+)?)?)", re.ASCII)
INTEGER = re.compile(r"-?(?:0x[0-9a-fA-F]+|\d+)", re.ASCII)
# an integer that is a whole token (OpAsmParser.parse_integer): not the start of a word (`4x8`) or a float
WHOLE_INTEGER = re.compile(INTEGER.pattern + r"(?![\w.$])", re.ASCII)
SYMBOL = re.compile(_SYM, re.ASCII)
SYMBOL_REF = re.compile(_SYM + "(?:::" + _SYM + ")*", re.ASCII)
ALIAS_NAME = re.compile(r"[#!][A-Za-z_][\w$.]*", re.ASCII)
CARET_ID = re.compile(r"\^[\w$.\-]+", re.ASCII)
_GAP = r"(?:\s+|//[^\n]*(?![^\n]))*"  # whitespace and comments, as MLIR's lexer skips them
ARROW = re.compile(_GAP + "->" + _GAP, re.ASCII)
_TIED_AS = re.compile(_GAP + r"as\b" + _GAP, re.ASCII)
COLON_TYPE = re.compile(_GAP + ":" + _GAP + "(?![=:])", re.ASCII)
BUILTIN_SCALAR = re.compile(
    r"(?:[su]?i[1-9]\d*|index|none|bf16|f16|f32|f64|f80|f128|tf32|f8E[0-9A-Z]+|f6E[0-9A-Z]+|f4E[0-9A-Z]+)(?![\w$.])",
    re.ASCII)
BRACKETED_TYPES = ("tensor", "memref", "vector", "complex", "tuple")
BRACKETED_ATTRS = ("dense", "array", "affine_map", "affine_set", "dense_resource", "sparse",
                   "strided", "distinct", "opaque")
_BAL = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|//[^\n]*|->|>=|[<>(){}\[\]]')  # strings, comments skipped
_CLOSER = {"<": ">", "(": ")", "[": "]", "{": "}"}



def _op_token(word: str) -> str | None:
    """The terminal of a dialect op name with a custom form (the op's
    `syntax_token`, e.g. SHLO_OP); asking loads the op's dialect."""
    from hlopt.ir.context import current_context

    return current_context().op_token(word)

def _asm_op(name: str, text: str, name_end: int, length: int) -> tuple[int, tuple]:
    """An op with a form of hlopt.syntax.op_asm: its text read by the form's
    parse step; (end, (definition, state, length of the name)). A form with
    regions is read later (state None): see ContextLexer.lex."""
    from hlopt.ir.context import current_context
    from hlopt.syntax.op_asm import scan_op

    d = current_context().lookup_op(name)
    assert d is not None  # the op has an op_asm form, so a definition
    if d.region_defs:
        return name_end, (d, None, length)
    end, state = scan_op(d, text, name_end)
    m = _AFTER_FORM.match(text, end)
    if m is not None:  # no op starts with `{` or `,`: MLIR's message where the next op's name should be
        from hlopt.syntax.parser import ParseError

        raise ParseError("expected operation name in quotes", m.end() - 1 if "\n" not in m.group() else end)
    return end, (d, state, length)


_AFTER_FORM = re.compile(r"\s*[{,]", re.ASCII)


_OPARGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|//[^\n]*|->|::|[<>(){}\[\]:]', re.ASCII)


def scan_op_args(text: str, pos: int) -> int:
    """End of a custom op's argument text: up to the first `:` outside
    brackets and strings (the `: type` that ends every one-line op form)."""
    depth = 0
    search = _OPARGS.search
    n = len(text)
    while True:
        m = search(text, pos)
        if m is None:
            return n
        tok = m.group()
        if tok.startswith("//"):
            pass
        elif tok == ":":
            if depth == 0:
                end = m.start()
                while end > 0 and text[end - 1].isspace():
                    end -= 1
                return end
        elif tok in "<([{":
            depth += 1
        elif tok in ">)]}":
            depth -= 1
            if depth < 0:
                raise LexError(f"unexpected '{tok}'", m.start())
        pos = m.end()


_SPACES = re.compile(r"[ \t]*")
_BLANK = re.compile(r"\s*")


def _shlo_simple(text: str, start: int, name_end: int, sc: "Scanner") -> tuple | None:
    """A one-line custom op without a region (stablehlo_op's common case:
    `NAME [OP_ARGS] : TYPE (, TYPE)* [-> TYPE]`) as one token; None when the
    line is anything else (the op is then lexed token by token).

    Returns (end, spans): spans are (name_end, args or None, [types], result
    type or None), (start, end) pairs relative to `start`, each piece lexed
    exactly as the token-by-token path lexes it."""
    p = WS.match(text, name_end)
    q = p.end() if p is not None else name_end
    args = None
    if not text.startswith(":", q):
        m = _FAST_ARGS.match(text, q)
        assert m is not None  # _FAST_ARGS matches the empty string
        e = m.end()
        if text.startswith(":", e) and not text.startswith("::", e):
            while e > q and text[e - 1].isspace():
                e -= 1
        else:
            try:
                e = scan_op_args(text, q)
            except LexError:
                return None
        if e >= len(text) or "\n" in text[q:e]:
            return None
        args = (q - start, e - start)
        sp = _SPACES.match(text, e)
        assert sp is not None  # matches the empty string
        q = sp.end()
        if not text.startswith(":", q) or text.startswith("::", q):
            return None
    q += 1
    # the type tail repeats (only SSA names differ between lines): scanned
    # once per distinct text, its spans then shifted to where it stands
    eol = text.find("\n", q)
    if eol < 0:
        eol = len(text)
    tail = text[q:eol]
    hit = _TAILS.get(tail)
    if hit is None:
        hit = _type_tail(text, q, sc)
        if hit is None:
            return None
        if hit[2] <= eol and "//" not in tail:
            _TAILS[tail] = (tuple((a - q, b - q) for a, b in hit[0]),
                            None if hit[1] is None else (hit[1][0] - q, hit[1][1] - q), hit[2] - q)
        types = [(a - start, b - start) for a, b in hit[0]]
        result = None if hit[1] is None else (hit[1][0] - start, hit[1][1] - start)
        q = hit[2]
    else:
        d = q - start
        types = [(a + d, b + d) for a, b in hit[0]]
        result = None if hit[1] is None else (hit[1][0] + d, hit[1][1] + d)
        q += hit[2]
    # the line must end here (or with a location): no region, no reducer
    if text.startswith("loc(", q):
        end = q
    elif q >= len(text) or text[q] == "\n":
        end = q
        bl = _BLANK.match(text, q)
        assert bl is not None  # matches the empty string
        nxt = bl.end()
        if text.startswith("reducer", nxt):
            return None
    else:
        return None
    while end > start and text[end - 1] in " \t":
        end -= 1
    return end, (name_end - start, args, types, result)


# a plain argument text (`%a, %b`, `%x, dims = [0, 1]`): no brackets but one
# flat `[...]`, no strings, comments or line breaks; anything else takes scan_op_args
_FAST_ARGS = re.compile(r'(?:[^:<>(){}\[\]"/\n]|\[[^:<>(){}\[\]"/\n]*\])*')
_TAILS: dict[str, tuple] = {}


def _type_tail(text: str, q: int, sc: "Scanner") -> tuple | None:
    """`TYPE (, TYPE)* [-> TYPE]` from q: ([type spans], result span or
    None, where the tail ends), absolute positions; None if not a type list."""
    types: list[tuple[int, int]] = []
    result = None
    arrow = False
    while True:
        sp = _SPACES.match(text, q)
        assert sp is not None  # matches the empty string
        q = sp.end()
        try:
            te = sc.type_end(q)
        except LexError:
            return None
        if te <= 0:
            return None
        span = (q, te)
        sp = _SPACES.match(text, te)
        assert sp is not None  # matches the empty string
        q = sp.end()
        if arrow:
            result = span
            break
        types.append(span)
        if text.startswith(",", q):
            q += 1
        elif text.startswith("->", q):
            arrow = True
            q += 2
        else:
            break
    return types, result, q


PUNCT = ["->", "=>", "{-#", "#-}", "<{", "}>", "::", "(", ")", "{", "}", "[", "]", "<", ">", ",", ":",
         "=", "*", "?", "+", "x", "-"]


class LexError(Exception):
    def __init__(self, message: str, pos: int):
        super().__init__(message)
        self.message, self.pos = message, pos


# a bracket pair with at most one level of brackets and no strings or comments
# inside (`(%a, %b)`, `{%n}`, `(tensor<4xf32> in !stream.resource<*>{%s})`):
# the common case, matched at once instead of token by token (`->` and `>=`
# are not closers: `<` bodies with `-` or `=` take the long way)
_PLAIN = r'[^<>(){}\[\]"/]'
_PAIRS = (("(", r"\)", ""), ("{", r"\}", ""), ("[", r"\]", ""), ("<", ">(?!=)", r"\-"))
_INNER = "|".join(re.escape(o) + r'[^<>(){}\[\]"/' + extra + "]*" + c for o, c, extra in _PAIRS)
_FLAT = {o: re.compile(re.escape(o) + f"(?:{_PLAIN[:-1]}{extra}]|{_INNER})*" + c) for o, c, extra in _PAIRS}


# nested brackets (up to 8 deep) with strings inside, matched by one regex
# when Python has possessive quantifiers (3.11): `->`, `>=` and strings are
# skipped as _BAL skips them; any `/` (a comment?) or a stray quote takes the
# long way. The regex does not tell bracket kinds apart: the brackets left
# once strings and text are removed must then cancel in matching pairs.
_BAL_STR = r'"[^"\\]*(?:\\.[^"\\]*)*"'
_BAL_ATOM = r'[^<>(){}\[\]"/\-]++|->|-|>=|' + _BAL_STR


def _untyped_nest(atom: str, depth: int) -> str:
    inner = atom
    for _ in range(depth):
        inner = atom + r"|[(\[{<](?:" + inner + r")*+[)\]}>]"
    return inner


try:
    _NESTED: re.Pattern | None = re.compile(r"[(\[{<](?:" + _untyped_nest(_BAL_ATOM, 7) + r")*+[)\]}>]")
except re.error:  # Python 3.10: no possessive quantifiers
    _NESTED = None
_NOT_BRACKET = re.compile(_BAL_STR + r'|->|>=|-|[^<>(){}\[\]"\-]+')


def _pairs_match(seg: str) -> bool:
    """Whether the brackets of seg (matched as nested by _NESTED) pair up by kind."""
    b = _NOT_BRACKET.sub("", seg)
    while b:
        nb = b.replace("()", "").replace("[]", "").replace("{}", "").replace("<>", "")
        if len(nb) == len(b):
            return False
        b = nb
    return True


_BRACKET_OR_SKIP = re.compile(_BAL_STR + r"|->|>=|[<>(){}\[\]]")


def _pairs_match_in(text: str, start: int, end: int) -> bool:
    """_pairs_match over text[start:end] without copying it (a segment
    holding a big hex payload)."""
    stack = []
    for m in _BRACKET_OR_SKIP.finditer(text, start, end):
        s = m.start()
        if m.end() - s != 1:
            continue  # a string, `->` or `>=`
        c = text[s]
        if c in "<({[":
            stack.append(_CLOSER[c])
        elif not stack or stack.pop() != c:
            return False
    return not stack


def scan_balanced(text: str, pos: int) -> int:
    """text[pos] is an opening bracket; return the index after its closer."""
    flat = _FLAT.get(text[pos:pos + 1])
    if flat is not None:
        m = flat.match(text, pos)
        if m is not None:
            return m.end()
        if _NESTED is not None:
            m = _NESTED.match(text, pos)
            if m is not None and (_pairs_match(m.group()) if m.end() - pos < BLOB_MIN
                                  else _pairs_match_in(text, pos, m.end())):
                return m.end()
    stack = []
    opened: list[int] = []  # where each open bracket is, for the error on a missing closer
    search = _BAL.search
    while True:
        m = search(text, pos)
        if m is None:
            at = opened[-1] if opened else pos
            raise LexError(f"unbalanced '{text[at:at + 1]}': missing closing bracket", at)
        tok = m.group()
        pos = m.end()
        if len(tok) > 1 and tok[0] in '"/' or tok in ("->", ">="):
            continue
        if tok in _CLOSER:
            stack.append(_CLOSER[tok])
            opened.append(m.start())
            if len(stack) > 10000:
                raise LexError("nesting too deep", m.start())
        else:
            if not stack or stack.pop() != tok:
                raise LexError(f"unexpected '{tok}'", m.start())
            opened.pop()
            if not stack:
                return pos


class Scanner:
    """Scanning routines for coarse tokens (shared by both grammars)."""

    def __init__(self, text: str):
        self.text = text

    def type_end(self, pos: int) -> int:
        """End of a type starting at pos, or -1 if none starts there."""
        t = self.text
        c = t[pos:pos + 1]
        if c == "!":
            m = ALIAS_NAME.match(t, pos)
            if m is None:
                return -1
            end = m.end()
            if t.startswith("<", end):
                end = scan_balanced(t, end)
            return end
        if c == "(":
            end = scan_balanced(t, pos)
            m = ARROW.match(t, end)
            if m is None:
                return end  # a parenthesized type list (custom forms' result lists)
            rp = m.end()
            if t.startswith("(", rp):
                return scan_balanced(t, rp)
            r = self.type_end(rp)
            if r < 0:
                raise LexError("expected a result type after '->'", rp)
            return r
        m = BUILTIN_SCALAR.match(t, pos)
        if m is not None:
            return m.end()
        m = BARE_WORD.match(t, pos)
        if m is not None and m.group() in BRACKETED_TYPES:
            sp = WS.match(t, m.end())  # `tensor // c\n<...>`: MLIR skips comments between tokens
            lt = sp.end() if sp is not None else m.end()
            if t.startswith("<", lt):
                return scan_balanced(t, lt)
        return -1

    def attr_end(self, pos: int, typed: bool = True) -> int:
        """End of an attribute value (with an optional `: type`)."""
        t = self.text
        c = t[pos:pos + 1]
        end = -1
        if c == "#":
            m = ALIAS_NAME.match(t, pos)
            if m is None:
                return -1
            end = m.end()
            if t.startswith("<", end):
                end = scan_balanced(t, end)
        elif c in "[{":
            end = scan_balanced(t, pos)
        elif c == '"':
            m = STRING.match(t, pos)
            if m is None:
                raise LexError("unterminated string", pos)
            end = m.end()
        elif c == "@":
            m = SYMBOL_REF.match(t, pos)
            end = m.end() if m else -1
        elif c == "-" or c.isdigit():
            m = NUMBER.match(t, pos)
            end = m.end() if m else -1
        elif c == "(":
            end = self.type_end(pos)
        else:
            m = BARE_WORD.match(t, pos)
            if m is None:
                return -1
            w = m.group()
            end = m.end()
            if w == "loc" and t.startswith("(", end):
                return scan_balanced(t, end)
            if w in BRACKETED_ATTRS:
                if w == "distinct" and t.startswith("[", end):
                    end = scan_balanced(t, end)
                if t.startswith("<", end):
                    end = scan_balanced(t, end)
            elif w in ("true", "false", "unit"):
                pass
            else:
                e = self.type_end(pos)
                return e
        if typed and end > 0:
            m = COLON_TYPE.match(t, end)
            if m is not None:
                te = self.type_end(m.end())
                if te > 0:
                    end = te
        return end


_STRING_OR_COMMENT = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"|//[^\n]*')


def _blank(m: re.Match) -> str:
    t = m.group()
    return t if t[0] == '"' else " " * len(t)


def blank_comments(t: str) -> str:
    """`t` with its `//` comments blanked (strings kept, offsets unchanged)."""
    return _STRING_OR_COMMENT.sub(_blank, t) if "//" in t else t


# -- big dense payloads --------------------------------------------------------
# A `dense<"0x...">` payload of tens of MB would be copied by every slice of
# the tokens that contain it. The lexer decodes it to bytes once and puts a
# short placeholder `dense<"0x@N">` in the token instead; decode_dense_body
# takes the bytes back (take_blob). Offsets after a placeholder inside its
# token shift by the removed length (GENERIC_SIMPLE spans are adjusted).
BLOB_MIN = 1 << 16  # hex digits; smaller payloads stay in the text
_BLOB = re.compile(r'dense<(\s*)"0x([0-9A-Fa-f]{' + str(BLOB_MIN) + r',})"', re.ASCII)
_BLOBS: dict[int, bytes] = {}
_BLOB_AT: dict[tuple[int, int], int] = {}  # (id of the text, payload start) -> its placeholder number
_blob_ids = iter(range(1, 1 << 62))


def take_blob(ref: str) -> bytes | None:
    """The bytes behind a placeholder's digits (`@N`); the table is emptied
    when the next top-level parse starts (the attribute keeps the bytes)."""
    if not ref.startswith("@"):
        return None
    try:
        return _BLOBS.get(int(ref[1:]))
    except ValueError:
        return None


def _hex_bytes(text: str, start: int, end: int) -> bytes | None:
    """Decode text[start:end] (an even number of hex digits) slice by slice
    into a buffer of the final size: no full-size slice of the text, no
    regrowth of the buffer."""
    buf = bytearray((end - start) // 2)
    step = 1 << 20
    try:
        for i in range(start, end, step):
            j = min(i + step, end)
            buf[(i - start) // 2:(j - start) // 2] = bytes.fromhex(text[i:j])
    except ValueError:
        return None
    return bytes(buf)


def _cut_blobs(text: str, pos: int, end: int) -> tuple[str, list[tuple[int, int]]]:
    """Token text with big payloads replaced by placeholders, and the
    (offset in the original token, removed length) of each."""
    parts, shifts = [], []
    last = pos
    for m in _BLOB.finditer(text, pos, end):
        if (m.end(2) - m.start(2)) % 2:
            continue
        at = (id(text), m.start(2))
        n = _BLOB_AT.get(at, 0)
        if not n:  # (a hand-written form reads again what the lexer cut: one copy of the bytes)
            data = _hex_bytes(text, m.start(2), m.end(2))
            if data is None:
                continue  # not hex after all: the normal path reports it
            n = _BLOB_AT[at] = next(_blob_ids)
            _BLOBS[n] = data
        ref = f"@{n}"
        parts.append(text[last:m.start(2)])
        parts.append(ref)
        shifts.append((m.end(2) - pos, m.end(2) - m.start(2) - len(ref)))
        last = m.end(2)
    parts.append(text[last:end])
    return "".join(parts), shifts


def _shift(off: int, shifts: list[tuple[int, int]]) -> int:
    return off - sum(d for at, d in shifts if at <= off)


def _shift_span(s: Any, shifts: list[tuple[int, int]]) -> Any:
    """A span piece (an offset, a (start, end) pair, a list of pairs or
    None) moved by the cut blobs before it."""
    if s is None:
        return None
    if isinstance(s, int):
        return _shift(s, shifts)
    if isinstance(s, tuple):
        return tuple(_shift_span(x, shifts) for x in s)
    return [_shift_span(x, shifts) for x in s]


def _value(text: str, pos: int, end: int, spans: tuple | None = None) -> tuple[str, tuple | None]:
    """A token's text; a coarse token (signature, attribute dictionary,
    properties...) may span lines with `//` comments, which MLIR skips as
    whitespace: they become spaces, so offsets inside the token still hold."""
    if end - pos > BLOB_MIN and text.find('"0x', pos, end) >= 0:
        v, shifts = _cut_blobs(text, pos, end)
        if shifts and spans is not None:
            spans = tuple(_shift_span(s, shifts) for s in spans)
    else:
        v = text[pos:end]
    if "//" in v:
        v = _STRING_OR_COMMENT.sub(_blank, v)
    return v, spans


def token_text(text: str, pos: int, end: int) -> str:
    """text[pos:end] as a token holds it: `//` comments blanked, a big hex
    payload cut to its placeholder (read by hand-written forms, which see the
    source text rather than the lexer's tokens)."""
    return _value(text, pos, end)[0]


_KNOWN_MAX = 1 << 14  # texts _simple_op remembers as scanned


class ContextLexer(Lexer):
    """Lark custom lexer (interface 1: gets the parser state)."""

    __future_interface__ = 1

    def __init__(self, lexer_conf):
        self.keywords: dict[str, str] = {}
        self.shared: dict[str, tuple[str, ...]] = {}
        for term in lexer_conf.terminals:
            if isinstance(term.pattern, PatternStr):
                v = term.pattern.value
                if v in self.keywords:
                    # two dialects' terminals with one spelling (HAL_CONSUME, STREAM_CONSUME):
                    # the parser state picks the one it expects
                    self.shared[v] = (*self.shared.get(v, (self.keywords[v],)), term.name)
                self.keywords[v] = term.name
        self._state_cache: dict[int, frozenset] = {}
        self._known: set[str] = set()
        self._op_tokens: dict[str, str | None] = {}
        # regions of op_asm forms: the parser installs the reader (hlopt.syntax.parser.RegionReader);
        # default_dialects: the op-name prefix a bare op name takes (MLIR's defaultDialectStack)
        self.region_reader: Any = None
        self.default_dialects: list[str] = []

    def lex(self, lexer_state, parser_state) -> Iterator[Token]:
        text = lexer_state.text
        if not isinstance(text, str):
            text = text.text
        if type(self) is ContextLexer:  # a top-level parse: earlier payloads are owned by their attributes
            _BLOBS.clear()
            _BLOB_AT.clear()
            _TAILS.clear()
        self._known = set()
        self._op_tokens = {}  # per parse: the context may differ between parses
        self.default_dialects = []
        return self.lex_from(text, 0, parser_state, None)

    def lex_from(self, text: str, pos: int, parser_state, nested: Any) -> Iterator[Token]:
        """Tokens from `pos`. `nested`: a region of an op_asm form read by a
        parse of its own (start `region_entry`), which ends where the region
        closes; its end is stored in `nested.end`."""
        states = parser_state.parse_conf.parse_table.states
        cache = self._state_cache
        kw = self.keywords
        sc = Scanner(text)
        n = len(text)
        ws = WS.match
        depth = 0  # of the nested region's braces
        while True:
            m = ws(text, pos)
            if m is not None:
                pos = m.end()
            if pos >= n:
                self._known = set()  # its texts are not kept past the parse
                return
            st = parser_state.position
            acc = cache.get(st)
            if acc is None:
                acc = cache[st] = frozenset(states[st])
            if "GENERIC_RUN" in acc:
                run = self._simple_run(text, pos, acc, sc)
                if run is not None:
                    tok = SpanToken._future_new("GENERIC_RUN", run[0][0][2], pos, None, None, None, None, run[1])
                    tok.spans = run[0]
                    yield tok
                    pos = run[1]
                    continue
            tok_type, end = self.next(text, pos, acc, sc, kw)
            if tok_type == "ASM_OP":  # the op's form was read already: its state rides in the token
                end, spans = end
                tok = SpanToken._future_new(tok_type, text[pos:pos + spans[2]], pos, None, None, None, None, end)
                tok.spans = spans
                yield tok
            elif tok_type == "ASM_HEAD":
                # a form with regions: the op's name goes first, so that the parser builds the ops
                # before it; then the form is read and built at once, its regions read by nested
                # parses (MLIR's OpAsmParser::parseRegion)
                end, spans = end
                tok = SpanToken._future_new(tok_type, text[pos:end], pos, None, None, None, None, end)
                tok.spans = spans
                yield tok
                from hlopt.syntax.op_asm import scan_build_op

                end, op = scan_build_op(spans[0], text, end, self.region_reader)
                tok = SpanToken._future_new("ASM_BUILT", "", pos, None, None, None, None, end)
                tok.spans = op
                yield tok
            elif tok_type == "GENERIC_SIMPLE" or tok_type == "SHLO_SIMPLE":
                end, spans = end
                # the usual token needs neither step of _value (and a big one is never copied whole)
                if end - pos > BLOB_MIN or "//" in (v := text[pos:end]):
                    v, spans = _value(text, pos, end, spans)
                tok = SpanToken._future_new(tok_type, v, pos, None, None, None, None, end)
                tok.spans = spans
                yield tok
            else:  # end_pos too: errors about what follows a token point there
                if end - pos > BLOB_MIN or "//" in (v := text[pos:end]):
                    v = _value(text, pos, end)[0]
                yield _new_token(tok_type, v, pos, None, None, None, None, end)
                if nested is not None and (v == "{" or v == "}"):
                    depth += 1 if v == "{" else -1
                    if depth == 0:  # the region closed: the op's form continues after it
                        nested.end = end
                        return
            pos = end

    def next(self, text: str, pos: int, acc: frozenset, sc: Scanner, kw: dict) -> tuple[str, Any]:
        c = text[pos]
        try:
            if "OP_ARGS" in acc and c != ":":
                return "OP_ARGS", scan_op_args(text, pos)
            if c == "%":
                if "RESULTS" in acc:
                    m = RESULTS.match(text, pos)
                    if m is not None:
                        return "RESULTS", m.end()
                m = VALUE_USE.match(text, pos)
                if m is not None:
                    return "VALUE_USE", m.end()
            elif c == '"':
                m = STRING.match(text, pos)
                if m is None:
                    raise LexError("unterminated string", pos)
                # an op's optional trailing string binds to it, as MLIR's parser takes it
                # (`util.unreachable "message"`), before a generic op could start
                if "OP_STRING" in acc and "STRING" not in acc:
                    if "GENERIC_SIMPLE" in acc:
                        r = self._simple_op(text, pos, m.end(), sc)
                        if r is not None:
                            return "GENERIC_SIMPLE", r
                    return "OP_STRING", m.end()
                if "ATTR" in acc:
                    return "ATTR", sc.attr_end(pos)
                return "STRING", m.end()
            elif c == "(":
                if "OPERANDS" in acc:
                    return "OPERANDS", scan_balanced(text, pos)
                if "FUNC_SIG" in acc:
                    return "FUNC_SIG", self._func_sig_end(text, pos, sc)
                if "FUNCTION_TYPE" in acc or "TYPE" in acc:
                    name = "FUNCTION_TYPE" if "FUNCTION_TYPE" in acc else "TYPE"
                    e = sc.type_end(pos)
                    if name == "FUNCTION_TYPE" and ARROW.match(text, scan_balanced(text, pos)) is None:
                        raise LexError("expected '->' and result types after '(...)' in a function type",
                                       scan_balanced(text, pos))
                    return name, e
            elif c == "{":
                if text.startswith("{-#", pos) and "RESOURCES" in acc:
                    e = text.find("#-}", pos)
                    if e < 0:
                        raise LexError("unterminated '{-#' section", pos)
                    return "RESOURCES", e + 3
                if "ATTR_DICT" in acc:
                    return "ATTR_DICT", scan_balanced(text, pos)
                if "ATTR" in acc and "LBRACE" not in acc:
                    return "ATTR", sc.attr_end(pos)
            elif c == "<":
                if "PROPS" in acc and (text.startswith("<{", pos) or
                                       text.startswith("{", _trivia_end(text, pos + 1))):
                    return "PROPS", scan_balanced(text, pos)  # `<` and `{` are two tokens in MLIR
                if "ANGLE_BODY" in acc:
                    return "ANGLE_BODY", scan_balanced(text, pos)
            elif c == "^":
                if "BLOCK_HEADER" in acc:
                    m = CARET_ID.match(text, pos)
                    if m is not None:
                        e = m.end()
                        if text.startswith("(", e):
                            e = scan_balanced(text, e)
                        m2 = re.compile(r"\s*:", re.ASCII).match(text, e)
                        if m2 is None:
                            raise LexError("expected ':' after block name", e)
                        return "BLOCK_HEADER", m2.end()
                if "SUCCESSOR" in acc:
                    m = CARET_ID.match(text, pos)
                    if m is not None:
                        return "SUCCESSOR", m.end()
            elif c == "[":
                if "SUCCESSORS" in acc:
                    return "SUCCESSORS", scan_balanced(text, pos)
                if "ATTR" in acc:
                    return "ATTR", sc.attr_end(pos)
            elif c == "#" or c == "!":
                if "ALIAS_DEF" in acc:
                    m = ALIAS_NAME.match(text, pos)
                    if m is not None:
                        m2 = re.compile(r"\s*=\s*", re.ASCII).match(text, m.end())
                        if m2 is not None:
                            e = (sc.type_end if c == "!" else sc.attr_end)(m2.end())
                            if e < 0:
                                raise LexError("expected an attribute or type after '='", m2.end())
                            return "ALIAS_DEF", e
                if c == "!" and "TYPE" in acc:
                    return "TYPE", sc.type_end(pos)
                if "ATTR" in acc:
                    return "ATTR", sc.attr_end(pos)
            elif c == "@":
                if "SYMBOL" in acc:
                    m = SYMBOL.match(text, pos)
                    if m is not None:
                        return "SYMBOL", m.end()
                if "ATTR" in acc:
                    return "ATTR", sc.attr_end(pos)
            elif c == "-" or c.isdigit():
                if "ATTR" in acc:
                    return "ATTR", sc.attr_end(pos)
                if "INT" in acc:
                    m = INTEGER.match(text, pos)
                    if m is not None:
                        return "INT", m.end()
            m = BARE_WORD.match(text, pos)
            if m is not None:
                w = m.group()
                end = m.end()
                if w == "loc" and "LOC" in acc and text.startswith("(", end):
                    return "LOC", scan_balanced(text, end)
                t = kw.get(w)
                if t is not None and t in acc:
                    return t, end
                if w in self.shared:
                    for t in self.shared[w]:
                        if t in acc:
                            return t, end
                if "." in w:
                    ops = self._op_tokens
                    t = ops.get(w, ops)
                    if t is ops:
                        t = ops[w] = _op_token(w)
                elif self.default_dialects and self.default_dialects[-1] and "ASM_OP" in acc:
                    # a bare op name inside an op whose default dialect is set (`return` in func.func)
                    t = _op_token(self.default_dialects[-1] + "." + w)
                    if t is not None:
                        w = self.default_dialects[-1] + "." + w
                else:
                    t = None
                if t is not None and t in acc or t == "ASM_OP" and "ASM_HEAD" in acc:
                    if t == "ASM_OP":
                        r = _asm_op(w, text, end, end - pos)
                        return ("ASM_HEAD" if r[1][1] is None else t), r
                    if t == "SHLO_OP" and "SHLO_SIMPLE" in acc:
                        r = _shlo_simple(text, pos, end, sc)
                        if r is not None:
                            return "SHLO_SIMPLE", r
                    return t, end
                if "TYPE" in acc:
                    e = sc.type_end(pos)
                    if e > 0:
                        return "TYPE", e
                if "ATTR" in acc:
                    e = sc.attr_end(pos)
                    if e > 0:
                        return "ATTR", e
                if "BARE_ID" in acc:
                    return "BARE_ID", end
                if "CUSTOM_OP" in acc and "." in w:
                    return "CUSTOM_OP", end
            for p in PUNCT:
                if text.startswith(p, pos):
                    t = kw.get(p)
                    if t is not None and t in acc:
                        return t, pos + len(p)
        except LexError:
            raise
        raise UnexpectedCharacters(text, pos, None, None, allowed=set(acc))

    def _simple_run(self, text: str, pos: int, acc: frozenset, sc: Scanner):
        """Consecutive one-line generic ops (`[RESULTS] GENERIC_SIMPLE`
        each, without a location) as one token: one LALR step for the run
        instead of two or three per op. Returns
        ([(results, results_pos, op_text, op_pos, spans, name), ...], end) or None
        (name: the result's name when the results are `%name =`, else None).
        A line that does not lex as such an op (or that would lex
        differently: a location, a comment, a big hex payload) ends the run
        before it and is lexed on its own."""
        c = text[pos]
        if "OP_ARGS" in acc:  # next() would take the text as the arguments of the op before
            return None
        if c == "%":
            if "RESULTS" not in acc:
                return None
        elif c != '"' or "OP_STRING" not in acc or "STRING" in acc or "GENERIC_SIMPLE" not in acc:
            return None
        entries = []
        ws = WS.match
        n = len(text)
        p = pos
        end = pos
        while p < n:
            q = p
            res = rname = None
            if text[q] == "%":
                m = ONE_RESULT.match(text, q)
                if m is not None:
                    rname = m.group(1)
                else:
                    m = RESULTS.match(text, q)
                    if m is None:
                        break
                res, res_pos = m.group(), q
                q = m.end()
                m = ws(text, q)
                if m is not None:
                    q = m.end()
            elif text[q] != '"':
                break
            m = STRING.match(text, q)
            if m is None:
                break
            try:
                r = self._simple_op(text, q, m.end(), sc)
            except LexError:
                break
            if r is None:
                break
            e, spans = r
            if e - q > BLOB_MIN:
                break
            v = text[q:e]
            if "//" in v:
                break
            m = ws(text, e)
            nxt = m.end() if m is not None else e
            if text.startswith("loc(", nxt):
                break
            entries.append((res, res_pos if res is not None else 0, v, q, spans, rname))
            end = e
            p = nxt
        if not entries:
            return None
        return entries, end

    def _simple_op(self, text: str, start: int, p: int, sc: Scanner):
        """A generic op without regions or successors, as one token:
        `"name"(operands) <{props}> {attrs} : functype`. Returns
        (end, spans) with offsets relative to the token start, or None.

        Texts of props, attribute dicts and function types repeat a lot;
        one already scanned is recognized by a set lookup instead of a
        bracket scan (a balanced text found at the same place ends there)."""
        m = OPERAND_LIST.match(text, p)
        if m is None:
            return None
        ops_end = m.end()
        ws = WS_ONLY.match
        known = self._known
        if len(known) >= _KNOWN_MAX:  # most are distinct: a bounded memory of the recent ones
            known.clear()
        w = ws(text, ops_end)
        assert w is not None  # WS_ONLY matches the empty string
        q = w.end()
        props = attrs = None
        if text.startswith("<{", q):
            e = text.find("}>", q) + 2
            if text[q:e] not in known:
                e = scan_balanced(text, q)
                known.add(text[q:e])
            props = (q - start, e - start)
            w = ws(text, e)
            assert w is not None  # WS_ONLY matches the empty string
            q = w.end()
        c = text[q:q + 1]
        if c == "{":
            e = text.find("} : ", q) + 1
            if e <= 0 or text[q:e] not in known:
                e = scan_balanced(text, q)
                known.add(text[q:e])
            attrs = (q - start, e - start)
            w = ws(text, e)
            assert w is not None  # WS_ONLY matches the empty string
            q = w.end()
            c = text[q:q + 1]
        if c != ":":
            return None
        w = ws(text, q + 1)
        assert w is not None  # WS_ONLY matches the empty string
        q = w.end()
        if not text.startswith("(", q):
            return None
        e = text.find("\n", q)
        if e < 0:
            e = len(text)
        k = text.find(" loc(", q, e)
        cand = text[q:k if k >= 0 else e].rstrip()
        if cand in known:
            te = q + len(cand)
        else:
            te = sc.type_end(q)
            if te < 0:
                return None
            known.add(text[q:te])
        return te, (p - start, ops_end - start, props, attrs, q - start)

    def _func_sig_end(self, text: str, pos: int, sc: Scanner) -> int:
        end = scan_balanced(text, pos)
        m = ARROW.match(text, end)
        if m is None:
            return end
        rp = m.end()
        if text.startswith("(", rp):
            return scan_balanced(text, rp)
        if text.startswith("%", rp):  # a result tied to an argument: `-> %arg0 [as T]` (IREE's util.func)
            v = VALUE_USE.match(text, rp)
            if v is None:
                raise LexError("expected a result type after '->'", rp)
            m = _TIED_AS.match(text, v.end())
            if m is None:
                return v.end()
            rp = m.end()
        e = sc.type_end(rp)
        if e < 0:
            raise LexError("expected a result type after '->'", rp)
        return e


ATTR_DIMS = re.compile(r"(?:(?:\d+|\?|\[\d+\]|\*)\s*x\s*)+", re.ASCII)
VERBATIM_WORDS = ("affine_map", "affine_set", "strided", "sparse", "distinct", "opaque")


class AttrLexer(ContextLexer):
    """Lexer for attributes.lark: fine-grained, except verbatim bodies."""

    def next(self, text: str, pos: int, acc: frozenset, sc: Scanner, kw: dict) -> tuple[str, Any]:
        c = text[pos]
        if c == '"':
            m = STRING.match(text, pos)
            if m is None:
                raise LexError("unterminated string", pos)
            return "STRING", m.end()
        if c == "#" or c == "!":
            m = ALIAS_NAME.match(text, pos)
            if m is not None:
                end = m.end()
                if text.startswith("<", end):
                    end = scan_balanced(text, end)
                return ("HASH_ATTR" if c == "#" else "BANG_TYPE"), end
        elif c == "@":
            m = SYMBOL_REF.match(text, pos)
            if m is not None:
                return "SYMBOL_REF", m.end()
        elif c == "<":
            if "DENSE_BODY" in acc:
                return "DENSE_BODY", scan_balanced(text, pos)
            if "ARRAY_BODY" in acc:
                return "ARRAY_BODY", scan_balanced(text, pos)
        if "DIMS" in acc and (c.isdigit() or c in "?[*"):
            m = ATTR_DIMS.match(text, pos)
            if m is not None:
                return "DIMS", m.end()
        if c == "-" or c.isdigit():
            if not text.startswith("->", pos):
                m = NUMBER.match(text, pos)
                if m is not None:
                    return "NUMBER", m.end()
        m = BARE_WORD.match(text, pos)
        if m is not None:
            w = m.group()
            end = m.end()
            t = kw.get(w)
            if t is not None and t in acc:
                return t, end
            if "VERBATIM" in acc and w in VERBATIM_WORDS:
                if w == "distinct" and text.startswith("[", end):
                    end = scan_balanced(text, end)
                if text.startswith("<", end):
                    return "VERBATIM", scan_balanced(text, end)
            if "SCALAR_TYPE" in acc:
                m2 = BUILTIN_SCALAR.match(text, pos)
                if m2 is not None:
                    return "SCALAR_TYPE", m2.end()
            if "BARE_ID" in acc:
                return "BARE_ID", end
        for p in PUNCT:
            if text.startswith(p, pos):
                t = kw.get(p)
                if t is not None and t in acc:
                    return t, pos + len(p)
        raise UnexpectedCharacters(text, pos, None, None, allowed=set(acc))
