"""Runtime values: numpy arrays for tensors, a sentinel for tokens, Python
tuples for tuples, and the mapping from IR element types to numpy dtypes.

bf16 and the f8 family come from ml_dtypes (the library JAX uses), so a
bf16 tensor here is bit-for-bit what XLA holds.
"""

from __future__ import annotations

from typing import Any

import ml_dtypes
import numpy as np

from hlopt.ir.types import (
    ComplexType,
    FloatType,
    IndexType,
    IntegerType,
    OpaqueType,
    ShapedType,
    TupleType,
    Type,
)


class Token:
    """The value of `!stablehlo.token`: carries ordering, no data."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<token>"


TOKEN = Token()


class InterpError(Exception):
    """An error while running a program; `op` locates it when known."""

    def __init__(self, message: str, op: Any = None, notes: list[tuple[str, Any]] | None = None):
        super().__init__(message)
        self.message = message
        self.op = op
        self.notes = list(notes or [])


_FLOATS = {
    "f16": np.dtype(np.float16),
    "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64),
    "bf16": np.dtype(ml_dtypes.bfloat16),
    "f8E4M3FN": np.dtype(ml_dtypes.float8_e4m3fn),
    "f8E5M2": np.dtype(ml_dtypes.float8_e5m2),
    "f8E4M3FNUZ": np.dtype(ml_dtypes.float8_e4m3fnuz),
    "f8E5M2FNUZ": np.dtype(ml_dtypes.float8_e5m2fnuz),
    "f8E4M3B11FNUZ": np.dtype(ml_dtypes.float8_e4m3b11fnuz),
}
for _name, _attr in (("f8E4M3", "float8_e4m3"), ("f8E3M4", "float8_e3m4"), ("f8E8M0FNU", "float8_e8m0fnu"),
                     ("f4E2M1FN", "float4_e2m1fn"), ("f6E2M3FN", "float6_e2m3fn"), ("f6E3M2FN", "float6_e3m2fn")):
    if hasattr(ml_dtypes, _attr):
        _FLOATS[_name] = np.dtype(getattr(ml_dtypes, _attr))

_SIGNED = {1: np.bool_, 2: ml_dtypes.int2 if hasattr(ml_dtypes, "int2") else np.int8,
           4: ml_dtypes.int4, 8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}
_UNSIGNED = {1: np.bool_, 2: ml_dtypes.uint2 if hasattr(ml_dtypes, "uint2") else np.uint8,
             4: ml_dtypes.uint4, 8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


def dtype_of(t: Type) -> np.dtype:
    """numpy dtype of an element type (or of a shaped type's elements)."""
    if isinstance(t, ShapedType):
        t = t.element_type
    if isinstance(t, FloatType):
        d = _FLOATS.get(t.name)
        if d is None:
            raise InterpError(f"element type '{t.name}' is not supported by the interpreter")
        return d
    if isinstance(t, IntegerType):
        table = _UNSIGNED if t.signedness == "u" else _SIGNED
        d = table.get(t.width)
        if d is None:
            raise InterpError(f"element type '{t.text}' is not supported by the interpreter")
        return np.dtype(d)
    if isinstance(t, IndexType):
        return np.dtype(np.int64)
    if isinstance(t, ComplexType):
        return np.dtype(np.complex64 if t.element_type.text == "f32" else np.complex128)
    raise InterpError(f"type '{t.text}' has no numpy element type")


def is_token_type(t: Type) -> bool:
    return isinstance(t, OpaqueType) and t.spelling == "!stablehlo.token"


def is_float_dtype(d: np.dtype) -> bool:
    return d.kind == "f" or d in _LOW_FLOATS


_LOW_FLOATS = frozenset(d for n, d in _FLOATS.items() if n not in ("f16", "f32", "f64"))


def random_value(t: Type, rng: np.random.Generator) -> Any:
    """A random value of type `t` for seeded test inputs: floats ~ N(0, 1),
    signed ints in [-5, 5], unsigned in [0, 10], booleans fair."""
    if is_token_type(t):
        return TOKEN
    if isinstance(t, TupleType):
        return tuple(random_value(x, rng) for x in t.types)
    scalar = isinstance(t, (IntegerType, FloatType, IndexType))  # i1, i32, f32, index: 0-d arrays
    if not scalar and (not isinstance(t, ShapedType) or t.shape is None):
        raise InterpError(f"cannot make a random value of type '{t.text}'")
    d = dtype_of(t)
    shape = () if scalar else tuple(t.shape)  # type: ignore[attr-defined]  # a ShapedType here
    # drawn in the target dtype (or one no wider than needed): a large f32
    # parameter must not pass through a float64 array twice its size
    if d == np.bool_:
        return rng.integers(0, 2, size=shape, dtype=np.uint8).view(np.bool_)
    if d.kind == "c":
        part = np.float32 if d == np.complex64 else np.float64
        out = np.empty(shape, d)
        out.real = rng.standard_normal(shape, dtype=part)
        out.imag = rng.standard_normal(shape, dtype=part)
        return out
    if d.kind == "i" or (d.kind == "V" and "int" in d.name and not d.name.startswith("u")):
        return rng.integers(-5, 6, size=shape, dtype=np.int8).astype(d, copy=False)
    if d.kind == "u" or "uint" in d.name:
        return rng.integers(0, 11, size=shape, dtype=np.uint8).astype(d, copy=False)
    if d == np.float64:
        return rng.standard_normal(shape)
    return rng.standard_normal(shape, dtype=np.float32).astype(d, copy=False)


def zeros_like_type(t: Type) -> Any:
    if is_token_type(t):
        return TOKEN
    if isinstance(t, TupleType):
        return tuple(zeros_like_type(x) for x in t.types)
    return np.zeros(tuple(t.shape), dtype_of(t))  # type: ignore[attr-defined]  # a shaped type here


def checksum(v: Any) -> str:
    """A short, deterministic digest of a value for per-device summaries."""
    import hashlib

    if isinstance(v, Token):
        return "token"
    if isinstance(v, tuple):
        return "(" + ",".join(checksum(x) for x in v) + ")"
    a = np.ascontiguousarray(np.asarray(v))
    return hashlib.sha256(a.tobytes()).hexdigest()[:12]


class Future:
    """The value of `!stablehlo.async<T>` / `!stablehlo.future<T...>`: the
    async body runs eagerly at async_start; async_done hands out its values."""

    __slots__ = ("values",)

    def __init__(self, values: list):
        self.values = values
