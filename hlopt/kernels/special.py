"""Special functions for the chlo ops JAX emits, computed in double
precision and rounded to the argument's type."""

from __future__ import annotations

import math
from typing import Any

import numpy as np


def via_f64(fn: Any) -> Any:
    """fn computed in double precision, rounded back to the argument's type."""

    def apply(x: Any) -> np.ndarray:
        x = np.asarray(x)
        return np.asarray(fn(x.astype(np.float64))).astype(x.dtype)

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


erf_inv = np.vectorize(_erfinv_scalar, otypes=[np.float64])
digamma = np.vectorize(_digamma_scalar, otypes=[np.float64])
lgamma = np.vectorize(_lgamma_scalar, otypes=[np.float64])
erf = np.vectorize(math.erf, otypes=[np.float64])
erfc = np.vectorize(math.erfc, otypes=[np.float64])


def top_k(x: Any, k: int, index_dtype: np.dtype) -> list:
    """The k largest along the last axis, descending, ties by lower index."""
    x = np.asarray(x)
    key = x.astype(np.float64) if x.dtype.kind == "V" else x
    order = np.argsort(-key if key.dtype.kind == "f" else ~key, axis=-1, kind="stable")[..., :k]
    return [np.take_along_axis(x, order, axis=-1), order.astype(index_dtype)]
