"""Decoding attribute, type and location text (attributes.lark)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from lark import Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from hlopt.ir.attributes import (
    AffineMapAttr,
    ArrayAttr,
    Attribute,
    BoolAttr,
    DenseArrayAttr,
    DenseElementsAttr,
    DenseResourceAttr,
    DictionaryAttr,
    FloatAttr,
    IntegerAttr,
    IntegerSetAttr,
    OpaqueAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
)
from hlopt.ir.floats import parse_decimal_literal, semantics
from hlopt.ir.location import CallSiteLoc, FileLineColLoc, Location, NameLoc, UnknownLoc
from hlopt.ir.types import (
    DYNAMIC,
    ComplexType,
    FloatType,
    FunctionType,
    IndexType,
    IntegerType,
    MemRefType,
    NoneType,
    OpaqueType,
    RankedTensorType,
    ShapedType,
    TupleType,
    Type,
    UnrankedMemRefType,
    UnrankedTensorType,
    VectorType,
    f64,
    i1,
    i64,
)
from hlopt.syntax.lexer import LexError, take_blob


class SyntaxErr(Exception):
    """A syntax error at an offset of the decoded text."""

    def __init__(self, message: str, offset: int = 0, note: str | None = None):
        super().__init__(message)
        self.message, self.offset, self.note = message, offset, note




def _dialect_hook(dialect: str, kind: str) -> Callable[[str], Any] | None:
    """The dialect's parse_attribute/parse_type (loading the dialect on first use)."""
    from hlopt.ir.context import current_context

    d = current_context().get_dialect(dialect)
    return getattr(d, kind, None) if d is not None else None

_ESC = re.compile(r"\\(?:([0-9a-fA-F]{2})|(.))", re.S)
_SIMPLE_ESC = {"n": b"\n", "t": b"\t", '"': b'"', "\\": b"\\"}


def unescape(tok: str) -> bytes:
    """Decode a quoted MLIR string literal to bytes."""
    body = tok[1:-1]
    if "\\" not in body:
        return body.encode("utf-8", "surrogateescape")
    out = bytearray()
    pos = 0
    for m in _ESC.finditer(body):
        out += body[pos:m.start()].encode("utf-8", "surrogateescape")
        if m.group(1):
            out.append(int(m.group(1), 16))
        else:
            c = m.group(2)
            if c not in _SIMPLE_ESC:
                raise SyntaxErr(f"unknown escape in string literal: '\\{c}'", m.start() + 1)
            out += _SIMPLE_ESC[c]
        pos = m.end()
    out += body[pos:].encode("utf-8", "surrogateescape")
    return bytes(out)


_NUMBER_LIT = re.compile(r"-?(?:0x[0-9a-fA-F]+|\d+(?:\.\d*(?:[eE][-+]?\d+)?)?)\Z")


def _is_float_literal(t: str) -> bool:
    return "." in t and not t.lstrip("-").startswith("0x")


def _check_number(tok: str) -> None:
    """Element tokens come from a loose split; MLIR's lexer would stop a
    number where this one is malformed (`1e5` is `1` then `e5`)."""
    if _NUMBER_LIT.match(tok) is None:
        raise SyntaxErr(f"invalid number literal '{tok[:40]}'")


def int_value(tok: str, t: Type) -> int:
    if _is_float_literal(tok):
        raise SyntaxErr("floating point value not valid for specified type")
    v = int(tok, 0)
    if isinstance(t, IntegerType):
        w = t.width
        if t.signedness == "u" and v < 0:
            raise SyntaxErr("negative integer literal not valid for unsigned integer type")
        if w == 1 and v not in (0, 1, -1):
            raise SyntaxErr("integer constant out of range for attribute")
        lo = -(1 << (w - 1)) if t.signedness != "u" else 0
        hi = (1 << (w - 1)) - 1 if t.signedness == "s" else (1 << w) - 1
        if not lo <= v <= hi:
            raise SyntaxErr("integer constant out of range for attribute")
    elif isinstance(t, IndexType) and not -(1 << 63) <= v < (1 << 64):  # index is stored in 64 bits
        raise SyntaxErr("integer constant out of range for attribute")
    return v


def float_bits(tok: str, t: FloatType) -> int:
    s = semantics(t.name)
    body = tok.lstrip("-")
    if body.startswith("0x"):
        bits = int(body, 16)
        if bits >> s.bits:
            raise SyntaxErr(f"hexadecimal float constant out of range for type {t.text}")
        if tok.startswith("-"):
            raise SyntaxErr("hexadecimal float literal should not have a leading minus")
        return bits
    if not _is_float_literal(tok):
        raise SyntaxErr("unexpected decimal integer literal for a floating point value",
                        note="add a trailing dot to make the literal a float")
    b = parse_decimal_literal(tok, s)
    if b is None:  # overflow: APFloat rounds to +-Inf (NaN / saturation without Inf)
        b = _overflow_bits(s, tok.startswith("-"))
    return b


def _overflow_bits(s, neg: bool) -> int:
    from hlopt.ir.floats import float_to_bits, nan_bits
    from hlopt.ir.floats import max_finite_bits as _max_finite_bits

    sign = (1 << (s.bits - 1)) if neg else 0
    if s.kind == "ieee":
        return float_to_bits(float("-inf") if neg else float("inf"), s)
    if s.kind == "fn":
        return nan_bits(s) | sign
    if s.kind in ("fnuz", "e8m0"):
        return nan_bits(s)
    return _max_finite_bits(s) | sign


def element_value(tok: str, t: Type) -> Any:
    """One dense/array element literal of element type t."""
    if tok not in ("true", "false"):
        _check_number(tok)
    if isinstance(t, FloatType):
        return float_bits(tok, t)
    if t is i1:
        if tok == "true":
            return 1
        if tok == "false":
            return 0
        try:
            return int_value(tok, t) & 1
        except SyntaxErr as e:  # MLIR's wording for elements
            raise SyntaxErr(e.message.replace("for attribute", "for type")) from None
    if isinstance(t, (IntegerType, IndexType)):
        if tok in ("true", "false"):
            raise SyntaxErr("expected integer elements, but parsed a boolean")
        if _is_float_literal(tok):
            raise SyntaxErr("expected integer elements, but parsed floating-point")
        try:
            v = int_value(tok, t)
        except SyntaxErr as e:  # MLIR's wording for elements
            raise SyntaxErr(e.message.replace("for attribute", "for type")) from None
        if isinstance(t, IntegerType):
            from hlopt.ir.attributes import wrap_int as _wrap_int

            v = _wrap_int(v, t)
        return v
    raise SyntaxErr(f"unexpected element type {t}")


_DENSE_TOK = re.compile(r'\s*(?:(\[)|(\])|(,)|(\()|(\))|("[^"\\]*(?:\\.[^"\\]*)*")|([-+\w.]+))')


_ELEMS: dict[Type, dict] = {}  # element type -> {literal: converted value} (bounded)


def decode_dense_body(body: str, t: Type) -> DenseElementsAttr:
    """Decode the `<...>` of dense<...> for shaped type t."""
    if not isinstance(t, ShapedType) or t.shape is None:
        raise SyntaxErr("elements literal type must be a ranked shaped type")
    if not t.has_static_shape:
        raise SyntaxErr("elements literal type must have static shape")
    et = t.element_type
    # a hex payload may be tens of MB: find it by index, slice it once
    lo, hi = 1, len(body) - 1
    while lo < hi and body[lo].isspace():
        lo += 1
    while hi > lo and body[hi - 1].isspace():
        hi -= 1
    if body.startswith('"0x', lo) and body[hi - 1] == '"' and hi - lo >= 4 and isinstance(
            et, (IntegerType, IndexType, FloatType, ComplexType)):
        if body.startswith("@", lo + 3):  # a payload the lexer took out (hlopt.syntax.lexer.take_blob)
            data = take_blob(body[lo + 3:hi - 1])
            if data is None:
                raise SyntaxErr("expected hex string to contain only hex digits")
            return _raw_dense(data, t)
        return _decode_hex(body, lo + 3, hi - 1, t)
    inner = body[lo:hi]
    if not inner:
        if t.num_elements != 0:
            raise SyntaxErr("parsed zero elements, but type has non-zero elements")
        return DenseElementsAttr(t, (), splat=False)
    if isinstance(et, (IntegerType, IndexType, FloatType)) and '"' not in inner and "(" not in inner:
        plain = _plain_elements(inner, t.shape)
        if plain is not None:
            # a splat's literal is the whole body (its skeleton `x`); a list's splat-ness is computed
            return DenseElementsAttr(t, _convert_plain(plain, et), splat=True if inner[:1] != "[" else None)
    pos = 0
    stack: list[list] = [[]]
    shape_check: list = []
    n = len(inner)
    complex_buf: list | None = None
    prev = "open"  # what came last: "open" ('[' or '('), "value" (element, ']' or ')') or ","
    while pos < n:
        m = _DENSE_TOK.match(inner, pos)
        if m is None:
            raise SyntaxErr("expected element literal of primitive type", pos + 1)
        pos = m.end()
        closing = m.group(2) or m.group(5)
        if m.group(3):
            if prev != "value":
                raise SyntaxErr("expected element literal of primitive type", pos)
            prev = ","
            continue
        if closing and prev == ",":
            raise SyntaxErr("expected element literal of primitive type", pos)
        if not closing and prev == "value":  # `[1 2]`: MLIR wants a ',' between elements
            raise SyntaxErr("expected ']'", pos)
        prev = "value" if closing or not (m.group(1) or m.group(4)) else "open"
        if m.group(1):
            stack.append([])
        elif m.group(2):
            lst = stack.pop()
            if not stack:
                raise SyntaxErr("unbalanced ']'", pos)
            stack[-1].append(lst)
        elif m.group(4):
            complex_buf = []
        elif m.group(5):
            if complex_buf is None or len(complex_buf) != 2:
                raise SyntaxErr("expected complex element (re, im)", pos)
            stack[-1].append(tuple(complex_buf))
            complex_buf = None
        else:
            tok = m.group(6) or m.group(7)
            if complex_buf is not None:
                complex_buf.append(tok)
            else:
                stack[-1].append(tok)
    if len(stack) != 1 or len(stack[0]) != 1:
        raise SyntaxErr("malformed dense elements literal")
    root = stack[0][0]
    flat: list = []
    shape = _flatten(root, flat, shape_check)
    if isinstance(root, list):
        if list(shape) != list(t.shape):
            raise SyntaxErr(
                f"inferred shape of elements literal ([{', '.join(map(str, shape))}]) does not match type "
                f"([{', '.join(map(str, t.shape))}])")
    if isinstance(et, (IntegerType, IndexType, FloatType)):
        elems: tuple = _convert_plain(flat, et)
    else:
        elems = tuple(_convert_elem(x, et) for x in flat)
    splat = not isinstance(root, list)
    return DenseElementsAttr(t, elems, splat=True if splat else None)


def _convert_plain(flat: list, et: Type) -> tuple:
    """Element literals of an integer/index/float type, converted in order;
    they repeat (0, 1, 1.000000e+00, ...): each distinct one converted once."""
    cache = _ELEMS.get(et)
    if cache is None or len(cache) > 4096:
        cache = _ELEMS[et] = {}
    vals = []
    for x in flat:
        v = cache.get(x)
        if v is None:
            v = cache[x] = _convert_elem(x, et)
        vals.append(v)
    return tuple(vals)


# a dense body of plain literals: each literal (with the whitespace around it)
# becomes `x`; what is left, whitespace dropped, is the bracket skeleton the
# type's shape implies (`[[x,x],[x,x]]` for 2x2, `x` for a splat), or the body
# takes decode_dense_body's token loop (which also makes every error message)
_ELEM_LIT = re.compile(r"[-+\w.]+")
_ELEM_SKEL = re.compile(r"\s*[-+\w.]+\s*")
_ANY_WS = re.compile(r"\s+")
_SKELETONS: dict[tuple, str] = {}
_SKELETON_MAX = 1 << 12  # elements: larger literals take the token loop


def _skeleton(shape: tuple) -> str | None:
    sk = _SKELETONS.get(shape)
    if sk is None:
        n = 1
        for d in shape:
            n *= d
        if not 0 < n <= _SKELETON_MAX:
            return None
        sk = "x"
        for d in reversed(shape):
            sk = "[" + ",".join([sk] * d) + "]"
        if len(_SKELETONS) > 256:
            _SKELETONS.clear()
        _SKELETONS[shape] = sk
    return sk


def _plain_elements(inner: str, shape: tuple) -> list | None:
    """The literals of a splat or of a nested list shaped as `shape` (no
    strings or complex elements), in order; None for anything else."""
    sk = _ELEM_SKEL.sub("x", inner)
    if sk == "x":  # a splat
        return [inner.strip()]
    if sk[:1] != "[":
        return None
    if " " in sk or not sk.isprintable():
        sk = _ANY_WS.sub("", sk)
    if sk != _skeleton(tuple(shape)):
        return None
    return _ELEM_LIT.findall(inner)


def dense_array_value(body: str, decode_type: Callable[[str], Type]) -> DenseArrayAttr:
    """`<T: v, ...>` of `array<...>` (the dense_array rule), the element
    type's text decoded by decode_type."""
    m = _ARRAY.match(body)
    if m is None:
        raise SyntaxErr("expected 'array<type: values>'")
    t = decode_type(m.group(1))
    body = (m.group(2) or "").strip()
    if not isinstance(t, (IntegerType, FloatType)):
        raise SyntaxErr("expected integer or float type")
    vals = [element_value(v.strip(), t) for v in body.split(",")] if body else []
    return DenseArrayAttr(t, vals)


def _flatten(x: Any, out: list, _check: list) -> list[int]:
    if not isinstance(x, list):
        out.append(x)
        return []
    shapes = [_flatten(e, out, _check) for e in x]
    if shapes and any(s != shapes[0] for s in shapes):
        raise SyntaxErr("tensor literal is invalid; ranks are not consistent between elements")
    return [len(x)] + (shapes[0] if shapes else [])


def _convert_elem(x: Any, et: Type) -> Any:
    if isinstance(et, ComplexType):
        if not isinstance(x, tuple):
            raise SyntaxErr("expected complex element")
        return (element_value(x[0], et.element_type), element_value(x[1], et.element_type))
    if isinstance(x, tuple):
        raise SyntaxErr("unexpected complex element for non-complex type")
    if isinstance(et, (IntegerType, IndexType, FloatType)):
        if x.startswith('"'):
            raise SyntaxErr("expected element literal of primitive type")
        return element_value(x, et)
    if not x.startswith('"'):
        raise SyntaxErr("expected string elements for a non-numeric element type")
    return unescape(x)


def _decode_hex(text: str, start: int, end: int, t: ShapedType) -> DenseElementsAttr:
    """`"0x..."` (digits in text[start:end]) into one bytes buffer; no
    per-element objects (MLIR's raw layout is kept as is)."""
    try:  # in chunks: no full-size copy of the digits
        if end - start <= 1 << 21:
            data = bytes.fromhex(text[start:end])
        else:
            buf = bytearray()
            for i in range(start, end, 1 << 21):
                buf += bytes.fromhex(text[i:min(i + (1 << 21), end)])
            data = bytes(buf)
            del buf
    except ValueError:
        raise SyntaxErr("expected hex string to contain only hex digits") from None
    return _raw_dense(data, t)


def _raw_dense(data: bytes, t: ShapedType) -> DenseElementsAttr:
    from hlopt.ir.dense import element_width

    ew = element_width(t.element_type)
    n = t.num_elements
    if not (len(data) == ew or len(data) == ew * n):
        raise SyntaxErr(f"elements hex data size is invalid for provided type: '{t.text}'")
    return DenseElementsAttr.from_raw(t, data)


_ARRAY = re.compile(r"<\s*([^:>\s]+)\s*(?::(.*))?>\Z", re.S)


_SPACING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|\s+|,|[<\[({]|[>\])}]')


def normalize_attr_spacing(text: str) -> str:
    """The spacing MLIR's attribute printers use: no space inside brackets,
    one after a comma, one for any other run of whitespace. Two spellings
    of one dialect attribute then intern as one value (so CSE merges them)."""
    if not any(c.isspace() for c in text) and ",]" not in text:
        out = text
    else:
        parts: list[str] = []
        pos = 0
        for m in _SPACING.finditer(text):
            parts.append(text[pos:m.start()])
            parts.append(m.group())
            pos = m.end()
        parts.append(text[pos:])
        toks = [t for t in parts if t]
        res: list[str] = []
        for i, t in enumerate(toks):
            if t.isspace():
                prev = res[-1] if res else ""
                nxt = toks[i + 1] if i + 1 < len(toks) else ""
                if prev in ("<", "[", "(", "{", ",") or nxt in (">", "]", ")", "}", ",") or not prev or not nxt:
                    continue
                res.append(" ")
            elif t == ",":
                res.append(", ")
            else:
                res.append(t)
        out = "".join(res).replace(",  ", ", ").replace(", ]", ",]")
        out = re.sub(r", (?=[>\])}])", ",", out)
    return out


class AttrDecoder(Transformer):
    """Builds attribute/type/location values from attributes.lark."""

    def __init__(self):
        super().__init__()
        self.aliases: Any = None  # set by the session: fn(kind, name) -> value

    # entry points
    def attr(self, c):
        return c[0]

    type = loc = attr

    # attributes
    def number(self, c):
        tok, t = c
        if t is None:
            if _is_float_literal(tok):
                return FloatAttr(float_bits(tok, f64), f64)
            return IntegerAttr(int_value(tok, i64), i64)
        if isinstance(t, FloatType):
            return FloatAttr(float_bits(tok, t), t)
        if isinstance(t, (IntegerType, IndexType)):
            if t is i1 and tok in ("0", "1"):
                return BoolAttr(tok == "1")
            return IntegerAttr(int_value(tok, t), t)
        raise SyntaxErr(f"invalid type {t.text} for a number literal")

    def string(self, c):
        return StringAttr(unescape(c[0]), c[1])

    def true(self, c):
        return BoolAttr(True)

    def false(self, c):
        return BoolAttr(False)

    def unit(self, c):
        return UnitAttr()

    def array(self, c):
        return ArrayAttr(x for x in c if x is not None)

    def dict(self, c):
        entries = [x for x in c if x is not None]
        names = set()
        for n, _ in entries:
            if n in names:
                raise SyntaxErr(f"duplicate key '{n}' in dictionary attribute")
            names.add(n)
        return DictionaryAttr(entries)

    def named(self, c):
        key, value = c
        name = unescape(key).decode("utf-8", "surrogateescape") if key.startswith('"') else str(key)
        return (name, UnitAttr() if value is None else value)

    def dense(self, c):
        body, t = c
        if t is None:
            raise SyntaxErr("expected ':' and a shaped type after dense<...>")
        return decode_dense_body(str(body), t)

    def dense_array(self, c):
        return dense_array_value(c[0], lambda name: self.aliases("decode_type", name))

    def dense_resource(self, c):
        return DenseResourceAttr(str(c[0]), c[1])

    def symbol_ref(self, c):
        parts = re.findall(r'@([A-Za-z_][\w$.]*|"[^"\\]*(?:\\.[^"\\]*)*")', c[0])
        names = [unescape(p).decode("utf-8", "surrogateescape") if p.startswith('"') else p for p in parts]
        return SymbolRefAttr(names[0], names[1:])

    def hash_attr(self, c):
        text = str(c[0])
        t = c[1] if len(c) > 1 else None
        if "<" not in text:
            v = self.aliases("attr", text[1:])
            if v is not None:
                if t is not None:
                    raise SyntaxErr("unexpected ':' after an attribute alias")
                return v
        dm = re.match(r"#([A-Za-z_][\w$]*)", text)
        assert dm is not None  # the grammar made text a dialect attribute
        dialect = dm.group(1)
        hook = _dialect_hook(dialect, "parse_attribute")
        if hook is not None:  # a dialect hlopt knows: MLIR reprints it normalized
            text = normalize_attr_spacing(text)
            v = hook(text)
            if v is not None:
                if t is None:
                    return v
                # typed dialect attributes (`#hal.device.target<...> : !hal.device`)
                with_type = getattr(v, "with_type", None)
                if with_type is None:
                    raise SyntaxErr(f"attribute '{text[:40]}' does not take a type")
                return with_type(t)
            if text.startswith(f"#{dialect}<"):  # `#dialect<kind VALUE>` is the enum form only
                raise SyntaxErr(f"invalid '{dialect}' enum attribute '{text[:80]}'")
        if "<" not in text and "." not in text:
            raise SyntaxErr(f"undefined symbol alias id '{text[1:]}'")
        return OpaqueAttr(text if t is None else text + " : " + t.text)

    def verbatim(self, c):
        tok, t = c
        text = str(tok)
        if text.startswith("affine_map<"):
            return AffineMapAttr(text[len("affine_map<"):-1])
        if text.startswith("affine_set<"):
            return IntegerSetAttr(text[len("affine_set<"):-1])
        if t is not None:
            text += " : " + t.text
        return OpaqueAttr(text)

    def location(self, c):
        return c[0]

    def type_attr(self, c):
        return TypeAttr(c[0])

    # types
    def scalar_type(self, c):
        return scalar_type(str(c[0]))

    def tensor_type(self, c):
        dims, et, enc = c
        if dims is not None and dims.replace(" ", "").startswith("*"):
            if enc is not None:
                raise SyntaxErr("cannot apply encoding to unranked tensor")
            return UnrankedTensorType(et)
        shape, scal = _dims(dims)
        if any(scal):
            raise SyntaxErr("tensor dimensions cannot be scalable")
        return RankedTensorType(shape, et, enc)

    def memref_type(self, c):
        dims, et, *rest = c
        if dims is not None and dims.replace(" ", "").startswith("*"):
            ms = rest[0] if rest else None
            if isinstance(ms, IntegerAttr) and ms.value == 0:
                ms = None
            return UnrankedMemRefType(et, ms)
        shape, _ = _dims(dims)
        layout = memspace = None
        for a in rest:
            if isinstance(a, (AffineMapAttr, OpaqueAttr)) and (
                    not isinstance(a, OpaqueAttr) or a.spelling.startswith("strided<")) and layout is None \
                    and memspace is None:
                layout = a
            else:
                memspace = a
        # MLIR drops an identity layout and the default memory space 0
        if isinstance(layout, AffineMapAttr) and (m := _IDENTITY_MAP.match(layout.map)):
            if m.group(1) == m.group(2) and m.group(1).count("d") == len(shape):
                layout = None
        if isinstance(memspace, IntegerAttr) and memspace.value == 0:
            memspace = None
        return MemRefType(shape, et, layout, memspace)

    def vector_type(self, c):
        dims, et = c
        shape, scal = _dims(dims)
        return VectorType(shape, et, scal)

    def complex_type(self, c):
        return ComplexType(c[0])

    def tuple_type(self, c):
        return TupleType([t for t in c if t is not None])

    def paren_types(self, c):
        return [t for t in c if t is not None]

    def function_type(self, c):
        ins, res = c
        return FunctionType(ins, res if isinstance(res, list) else [res])

    def bang_type(self, c):
        text = str(c[0])
        if "<" not in text and "." not in text:
            v = self.aliases("type", text[1:])
            if v is None:
                raise SyntaxErr(f"undefined symbol alias id '{text[1:]}'")
            return v
        dm = re.match(r"!([A-Za-z_][\w$]*)", text)
        assert dm is not None  # the grammar made text a dialect type
        dialect = dm.group(1)
        hook = _dialect_hook(dialect, "parse_type")
        if hook is not None:
            v = hook(text)
            if v is not None:
                return v
        return OpaqueType(text)

    # locations
    def unknown_loc(self, c):
        return UnknownLoc()

    def file_loc(self, c):
        name, line, col, rng = c
        line = _loc_number(line, "line")
        col = 0 if col is None else _loc_number(col, "column")  # `loc("a":1)` is line 1, column 0
        return FileLineColLoc(unescape(name), line, col, rng or "")

    def loc_range(self, c):
        line, col = c
        line = "" if line is None else _loc_number(line, "line")
        return f" to {line}:{_loc_number(col, 'column')}"

    def name_loc(self, c):
        name, child = c
        return NameLoc(unescape(name), child)

    def callsite_loc(self, c):
        return CallSiteLoc(c[0], c[1])

    def fused_loc(self, c):
        meta, *locs = c
        from hlopt.ir.location import fused

        return fused([x for x in locs if x is not None], meta)

    def loc_alias(self, c):
        v = self.aliases("loc", str(c[0])[1:])
        if v is None:
            raise SyntaxErr(f"undefined symbol alias id '{str(c[0])[1:]}'")
        if not isinstance(v, Location):
            raise SyntaxErr(f"expected location, but alias '{str(c[0])[1:]}' is not one")
        return v


_LOC_INT = re.compile(r"(?:0x[0-9a-fA-F]+|\d+)\Z")


def _loc_number(tok: Any, what: str) -> int:
    """A FileLineColRange line or column: an unsigned 32-bit integer literal
    (decimal or hex), as MLIR's parser requires."""
    text = str(tok)
    if _LOC_INT.match(text) is None or int(text, 0) > 0xFFFFFFFF:
        raise SyntaxErr(f"expected integer {what} number in FileLineColRange", getattr(tok, "start_pos", 0) or 0)
    return int(text, 0)


_SCALARS: dict[str, Type] = {"index": IndexType(), "none": NoneType()}


_IDENTITY_MAP = re.compile(r"\(((?:d\d+(?:, )?)*)\) -> \(((?:d\d+(?:, )?)*)\)$")


def scalar_type(name: str) -> Type:
    t = _SCALARS.get(name)
    if t is None:
        m = re.fullmatch(r"([su]?)i(\d+)", name)
        if m:
            w = int(m.group(2))
            if w > 16777215:
                raise SyntaxErr("invalid integer width")
            t = IntegerType(w, m.group(1))
        else:
            try:
                t = FloatType(name)
            except ValueError:
                raise SyntaxErr(f"unknown type '{name}'") from None
        _SCALARS[name] = t
    return t


def _dims(dims: str | None) -> tuple[list[int], list[bool]]:
    if dims is None:
        return [], []
    shape, scal = [], []
    for d in re.findall(r"(\[?)(\d+|\?)\]?\s*x", dims):
        scal.append(bool(d[0]))
        if d[1] != "?" and (len(d[1]) > 19 or int(d[1]) > 0x7FFFFFFFFFFFFFFF):
            raise SyntaxErr("invalid dimension")
        shape.append(DYNAMIC if d[1] == "?" else int(d[1]))
    return shape, scal


class AttrParser:
    """Decodes attribute/type/location texts, caching by text."""

    def __init__(self):
        from hlopt.syntax.grammar import make_attr_parser

        self.decoder = AttrDecoder()
        self.lark = make_attr_parser(self.decoder)

    def parse(self, text: str, start: str, aliases) -> Any:
        # restored after (calls nest through alias lookups): a finished parse
        # session must not stay reachable from this shared decoder, or its
        # caches (which key on token texts, maybe MBs each) outlive the parse
        saved = self.decoder.aliases
        self.decoder.aliases = aliases
        try:
            return lark_parse(self.lark, text, start, start)
        finally:
            self.decoder.aliases = saved


def lark_parse(lark: Any, text: str, start: str, what: str, expected: Callable | None = None) -> Any:
    """Run a Lark parse of `text`; its errors become SyntaxErr at an offset
    of the text. `expected` formats the terminals a parse error expected."""
    def exp(e: Any) -> str:
        return f", expected {expected(e.expected)}" if expected is not None else ""

    try:
        return lark.parse(text, start=start)
    except LexError as e:
        raise SyntaxErr(e.message, e.pos) from None
    except UnexpectedToken as e:
        if e.token.type == "$END":
            raise SyntaxErr(f"unexpected end of {what}{exp(e)}", len(text)) from None
        where = "" if expected is not None else f" in {what}"
        raise SyntaxErr(f"unexpected '{str(e.token)[:40]}'{where}{exp(e)}", e.token.start_pos or 0) from None
    except UnexpectedCharacters as e:
        where = "" if expected is not None else f" in {what}"
        pos = e.pos_in_stream or 0  # lark declares it Optional; it is set for this exception
        raise SyntaxErr(f"unexpected character '{text[pos]}'{where}", pos) from None
    except (UnexpectedEOF, UnexpectedInput) as e:
        raise SyntaxErr(f"malformed {what}: {e}", 0) from None
    except RecursionError:
        raise SyntaxErr(f"{what} nested too deeply", 0) from None


_PARSER: AttrParser | None = None


def attr_parser() -> AttrParser:
    global _PARSER
    if _PARSER is None:
        _PARSER = AttrParser()
    return _PARSER


def _no_aliases(kind: str, name: str) -> Any:
    if kind == "decode_type":
        return parse_type(name)
    return None


def parse_nested(text: str, start: str = "attr") -> Any:
    """Parse an attribute or type nested in a dialect attribute's body, with
    the aliases of the parse in progress (for dialect parse hooks)."""
    ap = attr_parser()
    return ap.parse(text, start, ap.decoder.aliases or _no_aliases)


def parse_attr(text: str) -> Attribute:
    """Parse one attribute (no aliases) -- for tests and passes."""
    return attr_parser().parse(text, "attr", _no_aliases)


def parse_type(text: str) -> Type:
    return attr_parser().parse(text, "type", _no_aliases)
