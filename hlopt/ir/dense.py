"""Dense elements: printing as MLIR does, and conversion to numpy."""

from __future__ import annotations

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


def hex_body(values: tuple, t: Type) -> str:
    return '"0x' + b"".join(_to_bytes(v, t) for v in values).hex().upper() + '"'


def dense_body_text(a: "DenseElementsAttr") -> str:
    et = a.type.element_type
    shape = a.type.shape
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
    vals = a.flat_values()
    if isinstance(et, FloatType):
        from hlopt.ir.floats import bits_to_float

        s = semantics(et.name)
        arr = np.array([bits_to_float(b, s) for b in vals], dtype=np.float64)
    elif isinstance(et, ComplexType):
        from hlopt.ir.floats import bits_to_float

        s = semantics(et.element_type.name)
        arr = np.array([complex(bits_to_float(r, s), bits_to_float(i, s)) for r, i in vals])
    elif et is i1:
        arr = np.array(vals, dtype=bool)
    else:
        arr = np.array(vals, dtype=object if any(abs(v) >= 1 << 63 for v in vals) else np.int64)
    return arr.reshape(a.type.shape)
