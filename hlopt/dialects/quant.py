"""The quant dialect's uniform quantized types, structured:
`!quant.uniform<i8:f32, 5.000000e-01:3>` (per tensor) and
`!quant.uniform<i8<-127:127>:f32:1, {5.000000e-01:1,2.000000e+00}>` (per axis).

Parsed from any spelling MLIR accepts and printed as MLIR prints them:
scales in MLIR's float format, zero points of 0 and full storage ranges
elided. The type checks are the quant dialect's (storage range within the
storage type, float expressed type, scales within the expressed type's
range), with its messages (checked against iree-opt). The types stay
`OpaqueType`s whose spelling is the canonical text, so StableHLO's type
constraints read them as before.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from hlopt.ir.dialect import Dialect
from hlopt.ir.floats import format_float, parse_decimal, semantics
from hlopt.ir.types import OpaqueType

_FLOATS = ("f16", "bf16", "f32", "f64")
_HEAD = re.compile(r"\s*([iu])(\d+)\s*(?:<\s*(-?\d+)\s*:\s*(-?\d+)\s*>)?\s*:\s*(\w+)\s*(?::\s*(\d+)\s*)?,\s*(.*?)\s*\Z",
                   re.S)
_PARAM = re.compile(r"\s*([^:,{}\s]+)\s*(?::\s*(-?\d+)\s*)?\Z")


def _error(msg: str) -> Exception:
    from hlopt.syntax import SyntaxErr

    return SyntaxErr(msg)


def storage_range(signed: bool, width: int) -> tuple[int, int]:
    """The default (full) range of an iN / uN storage type."""
    return (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, (1 << width) - 1)


def _expressed_range(name: str) -> tuple[float, float]:
    """Smallest positive and largest finite value of the expressed float type."""
    s = semantics(name)
    bias = (1 << (s.exp_bits - 1)) - 1
    tiny = 2.0 ** (1 - bias - s.man_bits)
    biggest = (2.0 - 2.0 ** -s.man_bits) * 2.0 ** bias
    return tiny, biggest


def _scale(text: str, expressed: str) -> int:
    """The scale's f64 bits, checked against the expressed type's range."""
    bits = parse_decimal(text, semantics("f64"))
    if bits is None and re.fullmatch(r"0x[0-9A-Fa-f]+", text):
        bits = int(text, 16)
    if bits is None:
        raise _error("expected floating point literal")
    value = _f64(bits)
    lo, hi = _expressed_range(expressed)
    if not (lo <= value <= hi):
        shown = "INF" if math.isinf(value) else ("NAN" if math.isnan(value) else f"{value:e}")
        raise _error(f"scale {shown} out of expressed type range [{lo:e}, {hi:e}]")
    return bits


def _f64(bits: int) -> float:
    import struct

    return struct.unpack("<d", bits.to_bytes(8, "little"))[0]


class UniformQuantizedType(OpaqueType):
    """`!quant.uniform<...>`: storage (signed, width, min, max), expressed
    float type name, scales (f64 bit patterns), zero points, and the
    quantized dimension (None per tensor)."""

    __slots__ = ("signed", "width", "storage_min", "storage_max", "expressed", "scales", "zero_points", "axis")

    def __new__(cls, signed: bool, width: int, storage_min: int, storage_max: int, expressed: str,
                scales: Sequence[int], zero_points: Sequence[int], axis: int | None = None) -> "UniformQuantizedType":
        return cls._make((signed, width, storage_min, storage_max, expressed, tuple(scales), tuple(zero_points),
                          axis))

    def _init(self, signed, width, storage_min, storage_max, expressed, scales, zero_points, axis) -> None:
        (self.signed, self.width, self.storage_min, self.storage_max, self.expressed, self.scales,
         self.zero_points, self.axis) = signed, width, storage_min, storage_max, expressed, scales, zero_points, axis
        storage = ("i" if signed else "u") + str(width)
        if (storage_min, storage_max) != storage_range(signed, width):
            storage += f"<{storage_min}:{storage_max}>"
        params = [format_float(s, "f64") + (f":{z}" if z else "") for s, z in zip(scales, zero_points)]
        if axis is None:
            head, body = f"{storage}:{expressed}", params[0]
        else:
            head, body = f"{storage}:{expressed}:{axis}", "{" + ",".join(params) + "}"
        super()._init(f"!quant.uniform<{head}, {body}>")

    @property
    def per_axis(self) -> bool:
        return self.axis is not None


def parse_quant_type(text: str) -> OpaqueType | None:
    """The dialect's type hook: `!quant.uniform<...>` (other quant types stay opaque)."""
    if not (text.startswith("!quant.uniform<") and text.endswith(">")):
        return None
    m = _HEAD.match(text[len("!quant.uniform<"):-1])
    if m is None:
        raise _error("expected '!quant.uniform<storage:expressed[:axis], scale[:zero_point]>'")
    signed, width = m.group(1) == "i", int(m.group(2))
    if not 0 < width <= 32:
        raise _error(f"illegal storage type size: {width}")
    lo, hi = storage_range(signed, width)
    smin = int(m.group(3)) if m.group(3) is not None else lo
    smax = int(m.group(4)) if m.group(4) is not None else hi
    if smin < lo:
        raise _error(f"illegal storage type minimum: {smin}")
    if smax > hi:
        raise _error(f"illegal storage type maximum: {smax}")
    if smin >= smax:
        raise _error(f"illegal storage min and storage max: ({smin}:{smax})")
    expressed = m.group(5)
    if expressed not in _FLOATS:
        raise _error("invalid kind of type specified")
    axis = int(m.group(6)) if m.group(6) is not None else None
    body = m.group(7)
    if axis is None:
        pieces = [body]
    else:
        if not (body.startswith("{") and body.endswith("}")):
            raise _error("expected '{'")
        pieces = body[1:-1].split(",")
    scales, zps = [], []
    for piece in pieces:
        p = _PARAM.match(piece)
        if p is None:
            raise _error("expected floating point literal")
        scales.append(_scale(p.group(1), expressed))
        zps.append(int(p.group(2) or 0))
    return UniformQuantizedType(signed, width, smin, smax, expressed, scales, zps, axis)


DIALECT = Dialect("quant", ops=(), parse_type=parse_quant_type)
