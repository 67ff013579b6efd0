"""chlo ops JAX emits (special functions, top_k, next_after), computed in
double precision and rounded to the result type."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from hlopt.interp.registry import rule
from hlopt.interp.values import dtype_of


def _via_f64(fn: Any) -> Any:
    def apply(op: Any, args: list, ctx: Any) -> list:
        x = np.asarray(args[0])
        return [np.asarray(fn(x.astype(np.float64))).astype(x.dtype)]

    return apply


def _erfinv_scalar(y: float) -> float:
    if math.isnan(y) or y < -1 or y > 1:
        return math.nan
    if y == 1:
        return math.inf
    if y == -1:
        return -math.inf
    # initial guess (Giles), then Newton steps on erf
    w = -math.log((1.0 - y) * (1.0 + y))
    x = math.copysign(math.sqrt(max(w, 0.0)) * 0.9, y) if w > 5 else y * 0.886
    for _ in range(60):
        err = math.erf(x) - y
        step = err / (2.0 / math.sqrt(math.pi) * math.exp(-x * x))
        x -= step
        if abs(step) <= 1e-15 * max(1.0, abs(x)):
            break
    return x


def _digamma_scalar(x: float) -> float:
    if math.isnan(x) or x == -math.inf:
        return math.nan
    if x == math.inf:
        return math.inf
    if x <= 0 and x == math.floor(x):
        return math.nan
    r = 0.0
    if x < 0.5:
        return _digamma_scalar(1 - x) - math.pi / math.tan(math.pi * x)
    while x < 6:
        r -= 1 / x
        x += 1
    f = 1 / (x * x)
    return r + math.log(x) - 0.5 / x - f * (1 / 12 - f * (1 / 120 - f * (1 / 252 - f * (1 / 240 - f / 132))))


def _lgamma_scalar(x: float) -> float:
    try:
        return math.lgamma(x)
    except (ValueError, OverflowError):
        return math.inf


_erfinv = np.vectorize(_erfinv_scalar, otypes=[np.float64])
_digamma = np.vectorize(_digamma_scalar, otypes=[np.float64])
_lgamma = np.vectorize(_lgamma_scalar, otypes=[np.float64])
_erf = np.vectorize(math.erf, otypes=[np.float64])
_erfc = np.vectorize(math.erfc, otypes=[np.float64])

for _name, _fn in {
    "chlo.erf_inv": _erfinv, "chlo.digamma": _digamma, "chlo.lgamma": _lgamma, "chlo.erf": _erf,
    "chlo.erfc": _erfc, "chlo.asinh": np.arcsinh, "chlo.acosh": np.arccosh, "chlo.atanh": np.arctanh,
    "chlo.acos": np.arccos, "chlo.asin": np.arcsin, "chlo.atan": np.arctan, "chlo.sinh": np.sinh,
    "chlo.cosh": np.cosh, "chlo.tan": np.tan, "chlo.square": np.square,
}.items():
    _r = _via_f64(_fn)
    _r.__interp_ops__ = (_name,)  # type: ignore[attr-defined]
    globals()["_r_" + _name.replace(".", "_")] = _r


@rule("chlo.next_after")
def next_after(op: Any, args: list, ctx: Any) -> list:
    x = np.asarray(args[0])
    return [np.nextafter(x, np.asarray(args[1], x.dtype))]


@rule("chlo.top_k")
def top_k(op: Any, args: list, ctx: Any) -> list:
    x = np.asarray(args[0])
    k = int(op.get_attr("k").value)
    key = x.astype(np.float64) if x.dtype.kind == "V" else x
    # descending, ties by lower index (stable sort of the negated order)
    order = np.argsort(-key if key.dtype.kind == "f" else ~key, axis=-1, kind="stable")[..., :k]
    idt = dtype_of(op.results[1].type)
    return [np.take_along_axis(x, order, axis=-1), order.astype(idt)]


_BCAST = {
    "chlo.broadcast_add": np.add, "chlo.broadcast_subtract": np.subtract, "chlo.broadcast_multiply": np.multiply,
    "chlo.broadcast_maximum": np.maximum, "chlo.broadcast_minimum": np.minimum, "chlo.broadcast_and": np.bitwise_and,
    "chlo.broadcast_or": np.bitwise_or, "chlo.broadcast_xor": np.bitwise_xor,
}


@rule(*_BCAST)
def broadcast_binary(op: Any, args: list, ctx: Any) -> list:
    return [_BCAST[op.name](args[0], args[1])]
