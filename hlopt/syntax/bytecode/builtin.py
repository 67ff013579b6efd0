"""The builtin dialect's bytecode encodings (BuiltinDialectBytecode.td's
codes), decoded to MLIR's textual spelling of each attribute and type."""

from __future__ import annotations

import re
import struct
from typing import TYPE_CHECKING

from hlopt.ir.attributes import quote

if TYPE_CHECKING:
    from hlopt.syntax.bytecode.reader import DialectReader

DYNAMIC = -(1 << 63)  # ShapedType::kDynamic

_FLOAT_WIDTH = {"bf16": 16, "f16": 16, "f32": 32, "f64": 64, "f80": 80, "f128": 128, "tf32": 19}
_INT = re.compile(r"(s|u)?i(\d+)\Z")


def float_width(t: str) -> int | None:
    if t in _FLOAT_WIDTH:
        return _FLOAT_WIDTH[t]
    if t.startswith("f8"):
        return 8
    if t.startswith("f6"):
        return 6
    if t.startswith("f4"):
        return 4
    return None


def int_kind(t: str) -> tuple[int, str] | None:
    """(width, '' | 's' | 'u') of an integer or index type spelling."""
    if t == "index":
        return 64, ""
    m = _INT.match(t)
    return (int(m.group(2)), m.group(1) or "") if m else None


def read_apint(r: DialectReader, width: int) -> int:
    """APInt of a known width, as raw bits (readAPIntWithKnownWidth)."""
    if width <= 8:
        return r.byte() & ((1 << width) - 1) if width else 0
    if width <= 64:
        return r.signed_varint() & ((1 << width) - 1)
    words = r.varint()
    value = 0
    for i in range(words):
        value |= (r.signed_varint() & ((1 << 64) - 1)) << (64 * i)
    return value & ((1 << width) - 1)


def int_text(bits: int, width: int, sign: str) -> str:
    if sign != "u" and width and bits >> (width - 1):
        bits -= 1 << width
    return str(bits)


def ranked_tensor_text(r: DialectReader, encoded: bool) -> str:
    """A ranked tensor type from its record: [encoding], dims, element type
    (builtin's RankedTensorType and VHLO's share the layout)."""
    enc = r.attribute() if encoded else None
    dims = r.list(r.signed_varint)
    et = r.type()
    return f"tensor<{shape_text(dims)}{et}{', ' + enc if enc else ''}>"


def shape_text(dims: list[int]) -> str:
    return "".join(("?" if d == DYNAMIC else str(d)) + "x" for d in dims)


def strip_loc(text: str) -> str:
    """`loc(X)` -> `X`: locations nest without their `loc(` wrapper."""
    return text[4:-1] if text.startswith("loc(") and text.endswith(")") else text


_IDENTITY = re.compile(r"affine_map<\(([^)]*)\) -> \(([^)]*)\)>\Z")


def _is_identity_layout(text: str) -> bool:
    m = _IDENTITY.match(text)
    return m is not None and m.group(1) == m.group(2) and "[" not in text


def read_attribute(r: DialectReader) -> str:
    code = r.varint()
    if code == 0:  # ArrayAttr
        return "[" + ", ".join(r.list(r.attribute)) + "]"
    if code == 1:  # DictionaryAttr
        entries = r.list(lambda: (unquote(r.attribute()), r.attribute()))
        d = DictText("{" + ", ".join(entry_text(k, v) for k, v in entries) + "}")
        d.entries = entries
        return d
    if code == 2:  # StringAttr
        return quote(r.string())
    if code == 3:  # StringAttr with a type
        s = quote(r.string())
        return f"{s} : {r.type()}"
    if code == 4:  # FlatSymbolRefAttr
        return symbol(r.attribute())
    if code == 5:  # SymbolRefAttr
        root = symbol(r.attribute())
        refs = r.list(r.attribute)  # FlatSymbolRefAttr spellings, `@x`
        return root + "".join("::" + n for n in refs)
    if code == 6:
        return r.type()
    if code == 7:
        return "unit"
    if code == 8:  # IntegerAttr
        t = r.type()
        kind = int_kind(t)
        if kind is None:
            raise r.fail(f"integer attribute of non-integer type '{t}'")
        bits = read_apint(r, kind[0])
        if t == "i1":
            return "true" if bits else "false"
        return f"{int_text(bits, kind[0], kind[1])} : {t}"
    if code == 9:  # FloatAttr: hex keeps every bit (NaN payloads, -0)
        t = r.type()
        w = float_width(t)
        if w is None:
            raise r.fail(f"float attribute of non-float type '{t}'")
        bits = read_apint(r, w)
        return f"0x{bits:0{max(1, (w + 3) // 4)}X} : {t}"
    if code == 10:  # CallSiteLoc
        callee, caller = strip_loc(r.attribute()), strip_loc(r.attribute())
        return f"loc(callsite({callee} at {caller}))"
    if code == 11:  # FileLineColLoc
        f = r.attribute()
        line, col = r.varint(), r.varint()
        return f"loc({f}:{line}:{col})"
    if code in (12, 13):  # FusedLoc
        locs = [strip_loc(x) for x in r.list(r.attribute)]
        meta = f"<{r.attribute()}>" if code == 13 else ""
        return f"loc(fused{meta}[{', '.join(locs)}])"
    if code == 14:  # NameLoc
        name = r.attribute()
        child = strip_loc(r.attribute())
        return f"loc({name})" if child == "unknown" else f"loc({name}({child}))"
    if code == 15:
        return "loc(unknown)"
    if code == 16:  # DenseResourceElementsAttr
        t = r.type()
        return f"dense_resource<{r.resource_handle()}> : {t}"
    if code == 17:  # DenseArrayAttr
        t = r.type()
        n = r.varint()
        data = r.blob()
        return dense_array_text(r, t, n, data)
    if code == 18:  # DenseIntOrFPElementsAttr
        t = r.type()
        data = r.blob()
        return dense_text(r, t, data)
    if code == 19:  # DenseStringElementsAttr
        t = r.type()
        splat = r.varint()
        count = 1 if splat else num_elements(r, t)
        strs = [quote(r.string()) for _ in range(count)]
        body = strs[0] if splat else nested(strs, shape_of(t))
        return f"dense<{body}> : {t}"
    if code == 20:  # SparseElementsAttr: MLIR spells its parts as element lists, never hex
        t = r.type()
        idx, vals = r.attribute(), r.attribute()
        return f"sparse<{element_list(idx)}, {element_list(vals)}> : {t}"
    if code == 21:  # DistinctAttr
        return r.distinct(r.attribute())
    raise r.fail(f"unknown builtin attribute code: {code}")


class DictText(str):
    """A dictionary's spelling with its (name, value spelling) entries, for
    dialects that convert ops as they are read (VHLO)."""

    entries: list = []


def entry_text(name: str, value: str) -> str:
    from hlopt.ir.attributes import keyword_or_string

    key = keyword_or_string(name)
    return key if value == "unit" else f"{key} = {value}"


def unquote(text: str) -> str:
    """The value of a quoted StringAttr spelling (the reader's own output)."""
    if not (text.startswith('"') and text.endswith('"')):
        return text
    body = text[1:-1]
    if "\\" not in body:
        return body
    out = bytearray()
    i = 0
    while i < len(body):
        c = body[i]
        if c == "\\":
            nxt = body[i + 1]
            if nxt == "\\" or nxt == '"':
                out.append(ord(nxt))
                i += 2
            else:
                out.append(int(body[i + 1:i + 3], 16))
                i += 3
        else:
            out.extend(c.encode("utf-8", "surrogateescape"))
            i += 1
    return out.decode("utf-8", "surrogateescape")


def symbol(text: str) -> str:
    from hlopt.ir.attributes import symbol_name_text

    return symbol_name_text(unquote(text))


def element_list(text: str) -> str:
    """The body of a dense elements spelling as MLIR prints it without
    hex (`[[0, 1]]`, a splat as its value)."""
    from hlopt.syntax.parser import ParseSession
    from hlopt.syntax.source import Source

    return ParseSession(Source("", ""), True).decode("attr", text, 0).body_text()


def shape_of(t: str) -> list[int]:
    m = re.match(r"(?:tensor|vector)<((?:[\d?]+x)*)", t)
    if m is None:
        return []
    return [int(d) for d in m.group(1).split("x")[:-1] if d != "?"] if m.group(1) else []


def element_type(t: str) -> str:
    m = re.match(r"(?:tensor|vector)<(?:\[?[\d?]+\]?x)*(.*)>\Z", t, re.S)
    if m is None:
        return t
    e = m.group(1)
    depth = 0  # drop a trailing `, encoding`
    for i, c in enumerate(e):
        if c in "<([{":
            depth += 1
        elif c in ">)]}":
            depth -= 1
        elif c == "," and depth == 0:
            return e[:i]
    return e


def num_elements(r: DialectReader, t: str) -> int:
    n = 1
    for d in shape_of(t):
        n *= d
    return n


def nested(items: list[str], shape: list[int]) -> str:
    if not shape:
        return items[0]
    if len(shape) == 1:
        return "[" + ", ".join(items) + "]"
    step = len(items) // shape[0] if shape[0] else 0
    return "[" + ", ".join(nested(items[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])) + "]"


def dense_text(r: DialectReader, t: str, data: bytes) -> str:
    et = element_type(t)
    if et == "i1":  # bit-packed in the raw buffer (one byte 0x00/0xFF when splat)
        n = num_elements(r, t)
        if len(data) == 1 and n != 1 and data[0] in (0, 0xFF):
            return f"dense<{'true' if data[0] else 'false'}> : {t}"
        bits = ["true" if (data[i // 8] >> (i % 8)) & 1 else "false" for i in range(n)]
        if not bits:
            return f"dense<> : {t}"
        return f"dense<{nested(bits, shape_of(t))}> : {t}"
    if not data:
        return f"dense<> : {t}" if num_elements(r, t) == 0 else f"dense<\"0x\"> : {t}"
    return f'dense<"0x{data.hex().upper()}"> : {t}'


_ARRAY_FMT = {"i8": "b", "i16": "h", "i32": "i", "i64": "q", "f32": "f", "f64": "d"}


def dense_array_text(r: DialectReader, t: str, n: int, data: bytes) -> str:
    if n == 0:
        return f"array<{t}>"
    if t == "i1":
        vals = ["true" if b else "false" for b in data[:n]]
    elif t in _ARRAY_FMT:
        raw = struct.unpack(f"<{n}{_ARRAY_FMT[t]}", data)
        if t[0] == "f":
            vals = []
            size = 4 if t == "f32" else 8
            for i, v in enumerate(raw):
                if v != v or v in (float("inf"), float("-inf")):
                    vals.append("0x" + data[i * size:(i + 1) * size][::-1].hex().upper())
                else:  # exact: an f32 widened to a double reads back to itself
                    t_ = repr(v)
                    if "." not in t_ and "e" in t_:  # `2e+100`: MLIR's literals want a fraction
                        t_ = t_.replace("e", ".0e", 1)
                    vals.append(t_)
        else:
            vals = [str(v) for v in raw]
    else:
        raise r.fail(f"unsupported dense array element type '{t}'")
    return f"array<{t}: {', '.join(vals)}>"


# builtin types whose record is their code alone (the narrow floats after
# VectorTypeWithScalableDims, in the order jaxlib's MLIR numbers them)
TYPE_NAMES = {1: "index", 3: "bf16", 4: "f16", 5: "f32", 6: "f64", 7: "f80", 8: "f128", 12: "none",
              21: "tf32", 22: "f8E5M2", 23: "f8E4M3", 24: "f8E4M3FN", 25: "f8E5M2FNUZ", 26: "f8E4M3FNUZ",
              27: "f8E4M3B11FNUZ", 28: "f8E3M4", 29: "f4E2M1FN", 30: "f6E2M3FN", 31: "f6E3M2FN", 32: "f8E8M0FNU"}


def read_type(r: DialectReader) -> str:
    code = r.varint()
    if code == 0:
        v = r.varint()
        width, sign = v >> 2, v & 3
        return ("", "si", "ui", "")[sign] + ("i" if sign == 0 else "") + str(width)
    simple = TYPE_NAMES.get(code)
    if simple is not None:
        return simple
    if code == 2:
        ins = r.list(r.type)
        outs = r.list(r.type)
        res = outs[0] if len(outs) == 1 and not outs[0].startswith("(") else f"({', '.join(outs)})"
        return f"({', '.join(ins)}) -> {res}"
    if code == 9:
        return f"complex<{r.type()}>"
    if code in (10, 11):  # MemRefType
        space = r.attribute() if code == 11 else None
        dims = r.list(r.signed_varint)
        et = r.type()
        layout = r.attribute()
        parts = [shape_text(dims) + et]
        if not _is_identity_layout(layout):
            parts.append(layout)
        if space is not None:
            parts.append(space)
        return f"memref<{', '.join(parts)}>"
    if code in (13, 14):  # RankedTensorType
        return ranked_tensor_text(r, code == 14)
    if code == 15:
        return f"tuple<{', '.join(r.list(r.type))}>"
    if code == 16:
        return f"memref<*x{r.type()}>"
    if code == 17:
        space = r.attribute()
        return f"memref<*x{r.type()}, {space}>"
    if code == 18:
        return f"tensor<*x{r.type()}>"
    if code == 19:
        dims = r.list(r.signed_varint)
        return f"vector<{shape_text(dims)}{r.type()}>"
    if code == 20:
        scalable = r.list(r.byte)
        dims = r.list(r.signed_varint)
        et = r.type()
        text = "".join((f"[{d}]" if s else str(d)) + "x" for d, s in zip(dims, scalable))
        return f"vector<{text}{et}>"
    raise r.fail(f"unknown builtin type code: {code}")
