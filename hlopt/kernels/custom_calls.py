"""custom_call targets JAX emits, by target name (custom_call's `interpret`
dispatches here): GSPMD sharding markers (Sharding, SPMDFullToShardShape,
SPMDShardToFullShape) and the LAPACK kernels jnp.linalg lowers to on CPU.
Any other target is a located error."""

from __future__ import annotations

from typing import Any

import numpy as np

from hlopt.kernels.sharding import Layout, parse_hlo_sharding
from hlopt.kernels.values import InterpError


def _target(op: Any) -> str:
    t = op.get_attr("call_target_name")
    return t.value if t is not None else ""


def _sharding_text(op: Any) -> str | None:
    s = op.get_attr("mhlo.sharding") if op is not None else None
    return s.value if s is not None else None


def _full_to_shard_layout(op: Any, ndev: int) -> Layout:
    src = op.operands[0]
    d = src.defining_op
    text = _sharding_text(d) if d is not None and d.opdef is op.opdef else None  # a Sharding marker
    full = tuple(src.type.shape)
    if text is not None:
        lay = parse_hlo_sharding(text, len(full), ndev)
        if lay is not None:
            return lay
    # no Sharding marker: tiles from the shape ratio, devices in order
    local = tuple(op.results[0].type.shape)
    tiles = tuple(max(1, f // max(1, s)) for f, s in zip(full, local))
    coords = {dev: tuple(int(c) for c in np.unravel_index(dev % int(np.prod(tiles)), tiles)) for dev in range(ndev)}
    return Layout(tiles, coords)


def _shard_to_full_layout(op: Any, ndev: int) -> Layout | None:
    text = _sharding_text(op)
    if text is None:
        return None
    return parse_hlo_sharding(text, len(op.results[0].type.shape), ndev)


def run(op: Any, args: list, ctx: Any) -> list:
    """Run a custom_call by its call_target_name."""
    target = ctx.cached(op, _target)
    fn = _TARGETS.get(target)
    if fn is None:
        raise InterpError(f"unsupported custom_call target '@{target}'", op)
    return fn(op, args, ctx)


def _sharding(op: Any, args: list, ctx: Any) -> list:
    return list(args)  # values outside manual code are global: a sharding only annotates


def _full_to_shard(op: Any, args: list, ctx: Any) -> list:
    lay = ctx.cached(op, lambda o: _full_to_shard_layout(o, ctx.num_devices))
    return [lay.split(args[0], ctx.device)]


def _shard_to_full(op: Any, args: list, ctx: Any) -> list:
    lay = ctx.cached(op, lambda o: _shard_to_full_layout(o, ctx.num_devices) or "replicated")
    if lay == "replicated" or all(t == 1 for t in lay.tiles):
        return [np.asarray(args[0])]
    group = tuple(range(ctx.num_devices))
    got = ctx.runtime.exchange((op, ctx.next_count(op), group), group, ctx.device, np.asarray(args[0]), op)
    return [lay.assemble(got, tuple(op.results[0].type.shape))]


# -- LAPACK (logical row-major arrays; XLA handles the column-major layouts) -----------


def _cfg(op: Any, name: str, default: str) -> str:
    c = op.get_attr("mhlo.backend_config")
    v = c.get(name) if c is not None and hasattr(c, "get") else None
    return chr(int(v.value)) if v is not None else default


def _batched(fn: Any, x: np.ndarray, *more: np.ndarray) -> list:
    """Apply fn over leading batch dims; fn returns a list of arrays."""
    if x.ndim == 2:
        return fn(x, *more)
    outs = [fn(x[i], *(m[i] for m in more)) for i in range(x.shape[0])]
    return [np.stack([o[k] for o in outs]) for k in range(len(outs[0]))]


def _getrf(a: np.ndarray) -> list:
    a = a.astype(np.float64 if a.dtype == np.float64 else np.float32).copy()
    m, n = a.shape
    k = min(m, n)
    piv = np.zeros(k, np.int32)
    info = 0
    for j in range(k):
        p = j + int(np.argmax(np.abs(a[j:, j])))
        piv[j] = p + 1
        if a[p, j] == 0:
            info = info or j + 1
            continue
        if p != j:
            a[[j, p]] = a[[p, j]]
        a[j + 1:, j] /= a[j, j]
        a[j + 1:, j + 1:] -= np.outer(a[j + 1:, j], a[j, j + 1:])
    return [a, piv, np.array(info, np.int32)]


def _potrf(a: np.ndarray, lower: bool) -> list:
    try:
        f = np.linalg.cholesky(a if lower else a.T.conj())
        info = 0
    except np.linalg.LinAlgError:
        return [a.copy(), np.array(1, np.int32)]
    out = a.copy()
    if lower:
        il = np.tril_indices(a.shape[0])
        out[il] = f[il]
    else:
        iu = np.triu_indices(a.shape[0])
        out[iu] = f.T.conj()[iu]
    return [out, np.array(info, np.int32)]


def _substitute(t: np.ndarray, b: np.ndarray, lower: bool, unit: bool) -> np.ndarray:
    """Solve t @ x = b for triangular t by substitution, reading only t's
    triangle (and not its diagonal when `unit`), as BLAS trsm does: a NaN
    outside what a row needs does not spread to it."""
    n = t.shape[0]
    x = np.zeros(b.shape, b.dtype)
    for i in (range(n) if lower else range(n - 1, -1, -1)):
        done = slice(0, i) if lower else slice(i + 1, n)
        r = b[i] - t[i, done] @ x[done]
        x[i] = r if unit else r / t[i, i]
    return x


def _trsm(a: np.ndarray, b: np.ndarray, left: bool, lower: bool, trans: str, unit: bool) -> list:
    """op(A) X = B (left) or X op(A) = B (right), op per trans_x."""
    t = a
    if trans == "T":
        t = t.T
    elif trans == "C":
        t = t.T.conj()
    t_lower = lower != (trans != "N")
    if left:
        return [_substitute(t, b, t_lower, unit)]
    return [_substitute(t.T, b.T, not t_lower, unit).T]  # X T = B  <=>  T^T X^T = B^T


def _lapack_getrf(op: Any, args: list, ctx: Any) -> list:
    x = np.asarray(args[0])
    r = _batched(_getrf, x)
    return [r[0].astype(x.dtype), r[1], r[2]]


def _lapack_potrf(op: Any, args: list, ctx: Any) -> list:
    lower = _cfg(op, "uplo", "L") == "L"
    x = np.asarray(args[0])
    return _batched(lambda a: _potrf(a, lower), x)


def _lapack_trsm(op: Any, args: list, ctx: Any) -> list:
    left = _cfg(op, "side", "L") == "L"
    lower = _cfg(op, "uplo", "L") == "L"
    trans = _cfg(op, "trans_x", "N")
    unit = _cfg(op, "diag", "N") == "U"
    a, b = np.asarray(args[0]), np.asarray(args[-1])
    return _batched(lambda x, y: _trsm(x, y, left, lower, trans, unit), a, b)


_TARGETS = {
    "Sharding": _sharding,
    "SPMDFullToShardShape": _full_to_shard,
    "SPMDShardToFullShape": _shard_to_full,
    "lapack_sgetrf_ffi": _lapack_getrf, "lapack_dgetrf_ffi": _lapack_getrf,
    "lapack_spotrf_ffi": _lapack_potrf, "lapack_dpotrf_ffi": _lapack_potrf,
    "lapack_strsm_ffi": _lapack_trsm, "lapack_dtrsm_ffi": _lapack_trsm,
}
