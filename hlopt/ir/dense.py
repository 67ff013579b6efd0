"""Dense elements: printing as MLIR does, and conversion to numpy."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from hlopt.ir.floats import format_float, semantics
from hlopt.ir.types import ComplexType, FloatType, IndexType, IntegerType, Type, i1

if TYPE_CHECKING:
    from hlopt.ir.attributes import DenseElementsAttr

HEX_THRESHOLD = 100  # MLIR prints non-splat int/float data with more elements as hex


def _scalar_text(v: Any, t: Type) -> str:
    if isinstance(t, FloatType):
        return format_float(v, t.name)
    if t is i1:
        return "true" if v else "false"
    if isinstance(t, ComplexType):
        et = t.element_type
        return f"({_scalar_text(v[0], et)},{_scalar_text(v[1], et)})"
    if isinstance(t, (IntegerType, IndexType)):
        return str(v)
    from hlopt.ir.attributes import escape_string

    return escape_string(v)


def _byte_width(t: Type) -> int:
    if t is i1:
        return 1
    if isinstance(t, IntegerType):
        return (t.width + 7) // 8
    if isinstance(t, IndexType):
        return 8
    if isinstance(t, FloatType):
        return (semantics(t.name).bits + 7) // 8
    raise TypeError


def _to_bytes(v: Any, t: Type) -> bytes:
    if isinstance(t, ComplexType):
        return _to_bytes(v[0], t.element_type) + _to_bytes(v[1], t.element_type)
    w = _byte_width(t)
    # MLIR stores an iN element in whole bytes, zero-extended from N bits
    # (i4 -1 is 0x0F, i12 -1 is 0xFF 0x0F)
    bits = t.width if isinstance(t, IntegerType) else 8 * w
    return (v & ((1 << bits) - 1)).to_bytes(w, "little")


def is_raw_type(t: Type) -> bool:
    """Element types whose data MLIR keeps (and prints) as raw bytes."""
    if isinstance(t, ComplexType):
        t = t.element_type
    return isinstance(t, (IntegerType, IndexType, FloatType))


def element_width(t: Type) -> int:
    """Bytes per element in MLIR's raw layout."""
    if isinstance(t, ComplexType):
        return 2 * _byte_width(t.element_type)
    return _byte_width(t)


def values_to_raw(values: tuple, t: Type) -> bytes:
    return b"".join(_to_bytes(v, t) for v in values)


def is_splat_buffer(raw: bytes, ew: int) -> bool:
    """All elements equal: the buffer repeats with period ew (memoryview
    comparison, no copies)."""
    if len(raw) <= ew:
        return True
    m = memoryview(raw)
    return m[:ew] == m[ew:2 * ew] and m[ew:] == m[:-ew]


_NP_WIDTHS = (1, 2, 4, 8)


def raw_to_values(raw: bytes, t: Type, count: int) -> tuple:
    """Decode `count` elements of MLIR's raw layout to hlopt's value form:
    ints wrapped to the type (signless read as signed), floats as bit
    patterns, complex as pairs."""
    if isinstance(t, ComplexType):
        flat = raw_to_values(raw, t.element_type, 2 * count)
        return tuple(zip(flat[0::2], flat[1::2]))
    w = _byte_width(t)
    signed = isinstance(t, IndexType) or (isinstance(t, IntegerType) and t.signedness != "u" and t is not i1
                                          and t.width == 8 * w)
    if w in _NP_WIDTHS and (not isinstance(t, IntegerType) or t is i1 or t.width == 8 * w):
        import numpy as np

        arr = np.frombuffer(raw, dtype=f"<{'i' if signed else 'u'}{w}", count=count)
        if t is i1:
            arr = arr & 1
        return tuple(arr.tolist())
    from hlopt.ir.attributes import wrap_int as _wrap_int

    out = []
    for i in range(count):
        v = int.from_bytes(raw[i * w:(i + 1) * w], "little")
        if isinstance(t, IntegerType):
            v = _wrap_int(v, t)
        elif isinstance(t, IndexType):
            v -= (v >> 63) << 64
        out.append(v)
    return tuple(out)


_CHUNK = 1 << 20
STREAM_MIN = 1 << 16  # payload bytes from which the printer streams the text


def hex_chunks(raw: bytes) -> Iterator[str]:
    """`"0x...."` (upper case) in pieces of at most 2 * _CHUNK digits."""
    m = memoryview(raw)
    yield '"0x'
    for i in range(0, len(raw), _CHUNK):
        yield m[i:i + _CHUNK].hex().upper()
    yield '"'


def hex_text(raw: bytes, prefix: str = "", suffix: str = "") -> str:
    """prefix + `"0x..."` (upper case) + suffix, filled chunk by chunk into
    one buffer, so only the buffer and the resulting text are ever full size."""
    if len(raw) <= _CHUNK:
        return prefix + '"0x' + raw.hex().upper() + '"' + suffix
    import binascii

    head = (prefix + '"0x').encode("utf-8", "surrogateescape")
    tail = ('"' + suffix).encode("utf-8", "surrogateescape")
    buf = bytearray(len(head) + 2 * len(raw) + len(tail))
    buf[:len(head)] = head
    buf[len(buf) - len(tail):] = tail
    m = memoryview(raw)
    at = len(head)
    for i in range(0, len(raw), _CHUNK):
        chunk = binascii.hexlify(m[i:i + _CHUNK]).upper()
        buf[at + 2 * i:at + 2 * i + len(chunk)] = chunk
    return buf.decode("utf-8", "surrogateescape")


def hex_body(values: tuple, t: Type) -> str:
    return '"0x' + values_to_raw(values, t).hex().upper() + '"'


def dense_body_text(a: "DenseElementsAttr") -> str:
    et = a.type.element_type
    shape = a.type.shape
    if a.raw is not None:
        return hex_text(a.raw)
    if a.splat:
        return _scalar_text(a.values[0], et) if a.values else ""
    n = len(a.values)
    if n == 0:
        return ""
    numeric = isinstance(et, (IntegerType, IndexType, FloatType, ComplexType))
    if numeric and n > HEX_THRESHOLD:
        return hex_body(a.values, et)
    flat = [_scalar_text(v, et) for v in a.values]
    return _nest(flat, list(shape))


def _nest(flat: list[str], shape: list[int]) -> str:
    if not shape:
        return flat[0]
    if len(shape) == 1:
        return "[" + ", ".join(flat) + "]"
    inner = 1
    for d in shape[1:]:
        inner *= d
    return "[" + ", ".join(_nest(flat[i * inner:(i + 1) * inner], shape[1:]) for i in range(shape[0])) + "]"


def to_numpy(a: "DenseElementsAttr") -> Any:
    import numpy as np

    et = a.type.element_type
    if a.raw is not None and isinstance(et, IntegerType) and et.width in (8, 16, 32, 64):
        arr = np.frombuffer(a.raw, dtype=f"<{'u' if et.signedness == 'u' else 'i'}{et.width // 8}")
        return arr.reshape(a.type.shape)
    vals = a.flat_values()
    if isinstance(et, FloatType):
        from hlopt.ir.floats import bits_to_float

        s = semantics(et.name)
        arr = np.array([bits_to_float(b, s) for b in vals], dtype=np.float64)
    elif isinstance(et, ComplexType):
        from hlopt.ir.floats import bits_to_float

        assert isinstance(et.element_type, FloatType)  # float complex only (complex<iN> is not converted here)
        s = semantics(et.element_type.name)
        arr = np.array([complex(bits_to_float(r, s), bits_to_float(i, s)) for r, i in vals])
    elif et is i1:
        arr = np.array(vals, dtype=bool)
    else:
        arr = np.array(vals, dtype=object if any(abs(v) >= 1 << 63 for v in vals) else np.int64)
    return arr.reshape(a.type.shape)
