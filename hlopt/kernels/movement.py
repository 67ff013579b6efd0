"""Data-movement kernels shared by the ops' `interpret` methods: constants
and iota (decoded once, read-only), padding, clamped dynamic starts."""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np

from hlopt.kernels.attrs import dense_to_numpy
from hlopt.kernels.elementwise import convert_array, from_python_int
from hlopt.kernels.values import InterpError, dtype_of

# decoded constants, per attribute: attributes are immutable and uniqued, so a
# value can be shared across runs; weak keys, so a context's attributes (and
# their arrays) go with the context instead of living on in a cache
_CONSTS: "weakref.WeakKeyDictionary[Any, dict]" = weakref.WeakKeyDictionary()


def _const_value(a: Any, t: Any) -> np.ndarray:
    by_type = _CONSTS.get(a)
    if by_type is None:
        by_type = _CONSTS[a] = {}
    v = by_type.get(t)
    if v is None:
        v = by_type[t] = dense_to_numpy(a, t)
        v.setflags(write=False)
    return v


def constant(op: Any) -> np.ndarray:
    """The value of a constant op's `value` attribute."""
    a = op.get_attr("value")
    t = op.result.type  # (any constant op: its one result)
    if a is not None and not hasattr(a, "flat_values") and isinstance(getattr(a, "value", None), (bool, int, float)):
        # a scalar (arith.constant 3 : i32, true, 1.5 : f32): a 0-d array
        d = dtype_of(t)
        v = from_python_int(int(a.value), d) if d.kind in "biu" else np.array(a.value, d)
        v.setflags(write=False)
        return v
    if a is None or not hasattr(a, "flat_values"):
        raise InterpError(f"constant value {a.text if a is not None else '<none>'} is not supported", op)
    return _const_value(a, t)


def iota(t: Any, dim: int) -> np.ndarray:
    shape = tuple(t.shape)
    d = dtype_of(t)
    idx = np.arange(shape[dim], dtype=np.int64)
    view = [1] * len(shape)
    view[dim] = shape[dim]
    r = np.broadcast_to(idx.reshape(view), shape)
    out = convert_array(r, d) if d.kind not in "fc" else r.astype(d)
    out = np.ascontiguousarray(out)
    out.setflags(write=False)
    return out


def broadcast_in_dim(x: Any, dims: tuple, shape: tuple) -> np.ndarray:
    x = np.asarray(x)
    if x.shape == shape and list(dims) == list(range(len(shape))):
        return x
    view = [1] * len(shape)
    for i, d in enumerate(dims):
        view[d] = x.shape[i]
    if dims and list(dims) != sorted(dims):
        x = np.transpose(x, np.argsort(dims))
    return np.broadcast_to(x.reshape(view), shape)


def clamped_starts(x: np.ndarray, idx: list, sizes: tuple) -> list[int]:
    """dynamic_slice / dynamic_update_slice start indices, clamped so the
    window fits (spec)."""
    out = []
    for i, (s, n) in enumerate(zip(idx, sizes)):
        s = int(np.asarray(s))
        out.append(min(max(s, 0), x.shape[i] - n))
    return out


def pad_array(x: np.ndarray, value: Any, lo: tuple, hi: tuple, interior: tuple) -> np.ndarray:
    x = np.asarray(x)
    if any(interior):
        shape = [max(0, (n - 1) * (i + 1) + 1) if n else 0 for n, i in zip(x.shape, interior)]
        y = np.full(shape, value, x.dtype)
        y[tuple(slice(None, None, i + 1) for i in interior)] = x
        x = y
    pos = [(max(a, 0), max(b, 0)) for a, b in zip(lo, hi)]
    if any(a or b for a, b in pos):
        x = np.pad(x, pos, mode="constant", constant_values=np.asarray(value, x.dtype))
    if any(a < 0 or b < 0 for a, b in zip(lo, hi)):
        x = x[tuple(slice(-a if a < 0 else 0, n + b if b < 0 else n) for a, b, n in zip(lo, hi, x.shape))]
    return x
