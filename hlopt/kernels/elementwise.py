"""Elementwise numpy kernels with the StableHLO spec's semantics, called by
the ops' `interpret` methods: integers wrap, signed division truncates
toward zero and x/0 = -1, x%0 = x, shifts past the bit width give 0 (or the
sign for arithmetic shifts), NaN propagates through maximum/minimum, compare
honours comparison_type."""

from __future__ import annotations

from typing import Any

import numpy as np

from hlopt.kernels.marks import lifts
from hlopt.kernels.values import InterpError, is_float_dtype


def is_low_float(d: np.dtype) -> bool:
    return d.kind == "V" or d == np.float16


def f32_math(fn: Any) -> Any:
    """Apply a float math function, computing low-precision floats in f32
    as XLA:CPU does, and rounding back."""

    def apply(x: Any) -> Any:
        x = np.asarray(x)
        d = x.dtype
        if is_low_float(d):
            return fn(x.astype(np.float32)).astype(d)
        return fn(x)

    return apply


def round_afz(x: Any) -> Any:
    t = np.trunc(x)
    frac = x - t
    return t + np.where(np.abs(frac) >= 0.5, np.sign(x), 0).astype(x.dtype)


def sign(x: Any) -> Any:
    x = np.asarray(x)
    if x.dtype.kind in "iu":
        return np.sign(x).astype(x.dtype)
    if x.dtype.kind == "c":
        a = np.abs(x)
        return np.where(a == 0, 0, x / np.where(a == 0, 1, a)).astype(x.dtype)
    s = np.sign(x)
    return np.where(x == 0, x, s).astype(x.dtype)  # keeps -0.0


def logical_not(x: Any) -> Any:
    return np.logical_not(x) if np.asarray(x).dtype == np.bool_ else np.invert(x)


def unsigned_view(x: np.ndarray) -> np.ndarray:
    d = x.dtype
    if d.kind == "u":
        return x
    return x.astype(np.dtype(f"u{d.itemsize}")) if d.kind == "i" else x.view(np.dtype(f"u{d.itemsize}"))


def popcnt(x: Any) -> Any:
    x = np.asarray(x)
    u = unsigned_view(x)
    return np.bitwise_count(u).astype(x.dtype)


def clz(x: Any) -> Any:
    x = np.asarray(x)
    w = x.dtype.itemsize * 8
    u = unsigned_view(x).copy()
    bl = np.zeros(u.shape, np.int64)
    for _ in range(w):
        nz = u != 0
        if not nz.any():
            break
        bl += nz
        u >>= np.array(1, u.dtype)
    return (w - bl).astype(x.dtype)


def is_finite(x: Any) -> Any:
    x = np.asarray(x)
    return np.isfinite(x.astype(np.float32) if is_low_float(x.dtype) else x)


def rsqrt(x: Any) -> Any:
    return 1 / np.sqrt(x)


def logistic(x: Any) -> Any:
    return 1 / (1 + np.exp(-x))


def negate(x: Any) -> Any:
    x = np.asarray(x)
    if x.dtype.kind == "u":
        return (0 - x).astype(x.dtype)
    return np.negative(x)


def abs_(x: Any) -> Any:
    x = np.asarray(x)
    return np.abs(x) if x.dtype.kind == "c" else np.abs(x).astype(x.dtype)


# -- binary ------------------------------------------------------------------------


def _divisor(a: np.ndarray, b: np.ndarray) -> tuple:
    """(dtype, a, b == 0, a divisor safe to use, INT_MIN / -1 mask): the
    cases the spec defines apart are patched in afterwards."""
    d = np.result_type(a, b)
    a, b = np.asarray(a, d), np.asarray(b, d)
    zero = b == 0
    safe = np.where(zero, np.array(1, d), b)
    ovf = np.zeros(a.shape, bool)
    if d.kind == "i":
        ovf = (a == np.iinfo(d).min) & (safe == -1)
        safe = np.where(ovf, np.array(1, d), safe)
    return d, a, zero, safe, ovf


def int_div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    d, a, zero, safe, ovf = _divisor(a, b)
    if d.kind == "i":
        q = np.abs(a.astype(np.int64) if d.itemsize < 8 else a) // np.abs(safe.astype(np.int64) if d.itemsize < 8 else safe)
        q = np.where((a < 0) != (safe < 0), -q, q).astype(d)
        q = np.where(ovf, a, q)
        return np.where(zero, np.array(-1, d), q)
    q = a // safe
    return np.where(zero, np.array(np.iinfo(d).max, d), q)


def int_rem(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    d, a, zero, safe, ovf = _divisor(a, b)
    r = np.where(ovf, np.array(0, d), np.fmod(a, safe)) if d.kind == "i" else a % safe
    return np.where(zero, a, r)


def divide(a: Any, b: Any) -> Any:
    d = np.asarray(a).dtype
    if d.kind in "iu":
        return int_div(np.asarray(a), np.asarray(b))
    return np.divide(a, b)


def remainder(a: Any, b: Any) -> Any:
    d = np.asarray(a).dtype
    if d.kind in "iu":
        return int_rem(np.asarray(a), np.asarray(b))
    if is_low_float(d):
        return np.fmod(np.asarray(a, np.float32), np.asarray(b, np.float32)).astype(d)
    return np.fmod(a, b)


def power(a: Any, b: Any) -> Any:
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype.kind in "iu":
        pos = np.power(a, np.where(b < 0, 0, b).astype(a.dtype))
        if a.dtype.kind == "u":
            return pos
        neg = np.where(a == 1, 1, np.where(a == -1, np.where(b % 2 == 0, 1, -1), 0)).astype(a.dtype)
        return np.where(b < 0, neg, pos)
    if is_low_float(a.dtype):
        return np.power(a.astype(np.float32), b.astype(np.float32)).astype(a.dtype)
    return np.power(a, b)


def shift(kind: str) -> Any:
    def f(a: Any, b: Any) -> Any:
        a, b = np.asarray(a), np.asarray(b)
        d = a.dtype
        w = d.itemsize * 8
        ub = unsigned_view(np.asarray(b, d))
        big = ub >= w
        amt = np.where(big, 0, ub).astype(d)
        if kind == "left":
            r = np.left_shift(a, amt)
            return np.where(big, np.array(0, d), r)
        if kind == "logical":
            r = np.right_shift(unsigned_view(a), amt.astype(np.dtype(f"u{d.itemsize}")))
            r = r.astype(d) if d.kind == "i" else r
            return np.where(big, np.array(0, d), r)
        r = np.right_shift(a, amt)
        fill = np.where(a < 0, np.array(-1, d), np.array(0, d)) if d.kind == "i" else np.array(0, d)
        return np.where(big, fill, r)

    return f


def f32_math2(fn: Any) -> Any:
    def f(a: Any, b: Any) -> Any:
        a = np.asarray(a)
        if is_low_float(a.dtype):
            return fn(a.astype(np.float32), np.asarray(b, np.float32)).astype(a.dtype)
        return fn(a, b)

    return f


def subtract(a: Any, b: Any) -> Any:
    return np.subtract(a, b)


def complex_(a: Any, b: Any) -> Any:
    a = np.asarray(a)
    d = np.complex64 if a.dtype == np.float32 else np.complex128
    return (a + 1j * np.asarray(b)).astype(d)


# -- compare / select / clamp ----------------------------------------------------------


def total_order_key(x: np.ndarray) -> np.ndarray:
    """Map floats to signed ints ordered as IEEE totalOrder."""
    d = x.dtype
    if is_low_float(d) and d.itemsize not in (2,):
        x = x.astype(np.float32)
        d = x.dtype
    it = np.dtype(f"i{d.itemsize}")
    i = x.view(it)
    mask = np.array(np.iinfo(it).max, it)
    return np.where(i < 0, i ^ mask, i)


_CMP = {"EQ": np.equal, "NE": np.not_equal, "LT": np.less, "LE": np.less_equal,
        "GT": np.greater, "GE": np.greater_equal}


def compare(a: Any, b: Any, direction: str, ctype: str | None) -> np.ndarray:
    """`compare` honouring comparison_type (TOTALORDER, SIGNED, UNSIGNED)."""
    a, b = np.asarray(a), np.asarray(b)
    fn = _CMP.get(direction)
    if fn is None:
        raise InterpError(f"unknown comparison_direction {direction}")
    if ctype == "TOTALORDER" and is_float_dtype(a.dtype):
        return fn(total_order_key(a), total_order_key(b))
    if ctype == "UNSIGNED" and a.dtype.kind == "i":
        a, b = unsigned_view(a), unsigned_view(b)
    elif ctype == "SIGNED" and a.dtype.kind == "u":
        it = np.dtype(f"i{a.dtype.itemsize}")
        a, b = a.astype(it), b.astype(it)
    return fn(a, b)


def clamp(mn: Any, x: Any, mx: Any) -> np.ndarray:
    return np.minimum(np.maximum(x, mn), mx).astype(np.asarray(x).dtype)


# -- conversions -----------------------------------------------------------------------


def convert_array(x: Any, d: np.dtype) -> np.ndarray:
    x = np.asarray(x)
    s = x.dtype
    if s == d:
        return x
    if d == np.bool_:
        return x != 0
    if s.kind == "c" and d.kind != "c":
        x = np.real(x)
        s = x.dtype
    if (d.kind in "iu" or (d.kind == "V" and "int" in d.name)) and is_float_dtype(s):
        info = np.iinfo(d) if d.kind in "iu" else None
        f = x.astype(np.float64)
        f = np.where(np.isnan(f), 0, np.trunc(f))
        if info is not None:
            f = np.clip(f, info.min, info.max)
            out = np.where(f >= 2.0 ** 63, np.iinfo(np.int64).max, f).astype(np.int64) if d != np.uint64 else f.astype(np.uint64)
            if d == np.uint64:
                return out
            # values beyond int64 saturate at the target's bounds
            return np.where(f >= info.max, info.max, out).astype(d)
        return f.astype(d)
    if s.kind in "iu" and d.kind in "iu":
        return x.astype(d)  # wraps (two's complement), as the spec's convert
    return x.astype(d)


def bitcast_convert(x: Any, d: np.dtype, shape: tuple) -> np.ndarray:
    x = np.ascontiguousarray(x)
    if x.dtype == np.bool_ or d == np.bool_:
        raise InterpError("bitcast_convert of i1 is not supported")
    # a narrower result type adds a minor dimension, a wider one consumes it (spec)
    return x.reshape(x.shape or (1,)).view(d).reshape(shape)


def reduce_precision(x: Any, eb: int, mb: int) -> np.ndarray:
    x = np.asarray(x)
    d = x.dtype
    wide = np.float64 if d == np.float64 else np.float32
    f = x.astype(wide)
    if wide == np.float64:
        ut, nm, ne = np.uint64, 52, 11
    else:
        ut, nm, ne = np.uint32, 23, 8
    bits = f.view(ut).copy()
    one = ut(1)
    if mb < nm:
        last = ut(1 << (nm - mb))
        base_bias = ut((int(last) >> 1) - 1)
        last_bit = (bits & last) >> ut(nm - mb)
        bits = (bits + last_bit + base_bias) & ~(last - one)
    if eb < ne:
        sign = ut(1 << (nm + ne))
        expmask = ut(((1 << ne) - 1) << nm)
        bias = (1 << (ne - 1)) - 1
        rbias = (1 << (eb - 1)) - 1
        e = bits & expmask
        over = e > ut((bias + rbias) << nm)
        under = e <= ut((bias - rbias) << nm)
        sz = bits & sign
        bits = np.where(over, sz | expmask, np.where(under, sz, bits))
    out = bits.view(wide)
    if mb > 0:
        out = np.where(np.isnan(f), f, out)
    return out.astype(d)


# -- `interpret` classmethods for ops that apply one kernel --------------------------------


def unary(fn: Any) -> classmethod:
    """`interpret` for an op applying `fn` to its one operand."""

    def interpret(cls: Any, op: Any, args: list, ctx: Any) -> list:
        return [fn(args[0])]

    return classmethod(lifts(interpret))


def binary(fn: Any) -> classmethod:
    """`interpret` for an op applying `fn` to its two operands; a numpy
    ufunc is also used directly by reductions whose body is this one op."""

    def interpret(cls: Any, op: Any, args: list, ctx: Any) -> list:
        return [fn(args[0], args[1])]

    interpret.ufunc = fn if isinstance(fn, np.ufunc) else None  # type: ignore[attr-defined]  # read by reductions
    return classmethod(lifts(interpret))


# -- arith (MLIR) semantics --------------------------------------------------------------


def from_python_int(v: int, d: np.dtype) -> np.ndarray:
    """A Python int wrapped to `d`'s width (two's complement), 0-d."""
    if d == np.bool_:
        return np.array(bool(v & 1))
    bits = d.itemsize * 8
    v &= (1 << bits) - 1
    if d.kind == "i" and v >= 1 << (bits - 1):
        v -= 1 << bits
    return np.array(v, d)


_BASE_CMP = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal, "gt": np.greater,
             "ge": np.greater_equal}


def arith_compare(pred: str, a: Any, b: Any) -> np.ndarray:
    """arith.cmpi / arith.cmpf by predicate name (`slt`, `uge`, `olt`,
    `une`, `ord`, ...). i1 is signed as MLIR reads it: true is -1."""
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype.kind in "biu":
        if pred in ("eq", "ne"):
            return _BASE_CMP[pred](a, b)
        if pred[0] == "s":
            if a.dtype == np.bool_:
                a, b = -a.astype(np.int8), -b.astype(np.int8)
            elif a.dtype.kind == "u":
                it = np.dtype(f"i{a.dtype.itemsize}")
                a, b = a.view(it), b.view(it)
        elif a.dtype.kind == "i":
            a, b = unsigned_view(a), unsigned_view(b)
        return _BASE_CMP[pred[1:]](a, b)
    nan = np.isnan(a) | np.isnan(b)
    if pred in ("false", "true"):
        return np.full(np.broadcast(a, b).shape, pred == "true")
    if pred in ("ord", "uno"):
        return ~nan if pred == "ord" else nan
    r = _BASE_CMP[pred[1:]](a, b)
    return r & ~nan if pred[0] == "o" else r | nan
