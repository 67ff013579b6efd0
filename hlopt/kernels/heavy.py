"""numpy kernels for the heavy StableHLO ops: dot_general, convolution,
gather, scatter, reduce, reduce_window, select_and_scatter, sort, fft."""

from __future__ import annotations

from typing import Any

import numpy as np

from hlopt.kernels.attrs import dense_matrix, ints
from hlopt.kernels.movement import pad_array
from hlopt.kernels.regions import apply_region, bool_ufunc, cached_region_info
from hlopt.kernels.values import InterpError, dtype_of


def _compute_dtype(d: np.dtype) -> np.dtype:
    if d.kind == "V" or d == np.float16:
        return np.dtype(np.float32)
    return d


def dot_general(lhs: np.ndarray, rhs: np.ndarray, lb: tuple, rb: tuple, lc: tuple, rc: tuple,
                out: np.dtype) -> np.ndarray:
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    cd = _compute_dtype(out) if out.kind != "b" else np.dtype(np.int64)
    lhs = lhs.astype(cd, copy=False)
    rhs = rhs.astype(cd, copy=False)
    lf = [d for d in range(lhs.ndim) if d not in lb and d not in lc]
    rf = [d for d in range(rhs.ndim) if d not in rb and d not in rc]
    lt = np.transpose(lhs, list(lb) + lf + list(lc))
    rt = np.transpose(rhs, list(rb) + list(rc) + rf)
    bshape = [lhs.shape[d] for d in lb]
    nb = int(np.prod(bshape)) if bshape else 1
    m = int(np.prod([lhs.shape[d] for d in lf])) if lf else 1
    k = int(np.prod([lhs.shape[d] for d in lc])) if lc else 1
    n = int(np.prod([rhs.shape[d] for d in rf])) if rf else 1
    r = np.matmul(lt.reshape(nb, m, k), rt.reshape(nb, k, n))
    r = r.reshape(bshape + [lhs.shape[d] for d in lf] + [rhs.shape[d] for d in rf])
    if out == np.bool_:
        return r != 0
    return r.astype(out, copy=False)


def convolution(x: np.ndarray, w: np.ndarray, dn: dict, strides: tuple, padding: np.ndarray | None,
                lhs_dil: tuple, rhs_dil: tuple, reversal: tuple, fgc: int, bgc: int, out: np.dtype) -> np.ndarray:
    x, w = np.asarray(x), np.asarray(w)
    ib, if_, isp = dn["input_batch_dimension"], dn["input_feature_dimension"], dn["input_spatial_dimensions"]
    ki, ko, ksp = (dn["kernel_input_feature_dimension"], dn["kernel_output_feature_dimension"],
                   dn["kernel_spatial_dimensions"])
    ob, of, osp = dn["output_batch_dimension"], dn["output_feature_dimension"], dn["output_spatial_dimensions"]
    cd = _compute_dtype(out)
    xs = np.transpose(x, [ib, if_, *isp]).astype(cd)
    ws = np.transpose(w, [ko, ki, *ksp]).astype(cd)
    nsp = len(isp)
    strides = strides or (1,) * nsp
    lhs_dil = lhs_dil or (1,) * nsp
    rhs_dil = rhs_dil or (1,) * nsp
    if reversal and any(reversal):
        ws = np.flip(ws, tuple(2 + i for i, r in enumerate(reversal) if r))
    pad = padding if padding is not None else np.zeros((nsp, 2), np.int64)
    zero = np.zeros((), cd)
    xs = pad_array(xs, zero, (0, 0, *pad[:, 0]), (0, 0, *pad[:, 1]), (0, 0, *[d - 1 for d in lhs_dil]))
    r = _conv_core(xs, ws, strides, rhs_dil, fgc, bgc)
    # r is (N, O, spatial...): move to the output layout
    perm = [0] * r.ndim
    for src, dst in enumerate([ob, of, *osp]):
        perm[dst] = src
    return np.transpose(r, perm).astype(out, copy=False)


def _conv_core(xs: np.ndarray, ws: np.ndarray, strides: tuple, rhs_dil: tuple, fgc: int, bgc: int) -> np.ndarray:
    if bgc > 1:
        xg = np.split(xs, bgc, axis=0)
        wg = np.split(ws, bgc, axis=0)
        return np.concatenate([_conv_core(a, b, strides, rhs_dil, fgc, 1) for a, b in zip(xg, wg)], axis=1)
    if fgc > 1:
        xg = np.split(xs, fgc, axis=1)
        wg = np.split(ws, fgc, axis=0)
        return np.concatenate([_conv_core(a, b, strides, rhs_dil, 1, 1) for a, b in zip(xg, wg)], axis=1)
    n, c = xs.shape[:2]
    o = ws.shape[0]
    ksz = ws.shape[2:]
    in_sp = xs.shape[2:]
    out_sp = [max(0, (i - ((k - 1) * d + 1)) // s + 1) for i, k, d, s in zip(in_sp, ksz, rhs_dil, strides)]
    acc = np.zeros((n, o, *out_sp), dtype=np.result_type(xs.dtype, ws.dtype))
    if 0 in out_sp:
        return acc
    for kidx in np.ndindex(*ksz):
        sl = tuple(slice(k * d, k * d + (os_ - 1) * s + 1, s) for k, d, s, os_ in zip(kidx, rhs_dil, strides, out_sp))
        all2 = (slice(None), slice(None))
        win = xs[all2 + sl]  # (n, c, out...)
        wk = ws[all2 + tuple(kidx)]  # (o, c)
        acc += np.einsum("nc...,oc->no...", win, wk)
    return acc


def reduce(ctx: Any, region: Any, inputs: list, inits: list, dims: tuple) -> list:
    uf, _ = cached_region_info(ctx, region)
    if uf is not None and len(inputs) == 1:
        x = np.asarray(inputs[0])
        f = bool_ufunc(uf, x.dtype)
        r = f.reduce(x, axis=dims) if dims else x
        return [np.asarray(f(r, inits[0])).astype(x.dtype, copy=False)]
    # pairwise tree over the flattened reduced axes, the body applied to arrays
    xs = [np.asarray(a) for a in inputs]
    keep = [d for d in range(xs[0].ndim) if d not in dims]
    rshape = [xs[0].shape[d] for d in keep]
    k = int(np.prod([xs[0].shape[d] for d in dims])) if dims else 1
    xs = [np.transpose(a, keep + list(dims)).reshape(rshape + [k]) for a in xs]
    while xs[0].shape[-1] > 1:
        n = xs[0].shape[-1]
        h = n // 2
        a = [x[..., :h] for x in xs]
        b = [x[..., h:2 * h] for x in xs]
        comb = apply_region(ctx, region, a + b)
        comb = [np.broadcast_to(c, a[0].shape) for c in comb]
        if n % 2:
            comb = [np.concatenate([c, x[..., 2 * h:]], axis=-1) for c, x in zip(comb, xs)]
        xs = comb
    if xs[0].shape[-1] == 0:
        return [np.broadcast_to(np.asarray(i), rshape).astype(np.asarray(i).dtype) for i in inits]
    cur = [x[..., 0] for x in xs]
    res = apply_region(ctx, region, [np.broadcast_to(np.asarray(i), cur[0].shape) for i in inits] + cur)
    return [np.broadcast_to(r, rshape).astype(x.dtype, copy=False) for r, x in zip(res, inputs)]


def window_attrs(op: Any) -> tuple:
    """(window_dimensions, window_strides, base_dilations, window_dilations,
    padding) of reduce_window / select_and_scatter."""
    return (ints(op.get_attr("window_dimensions")), ints(op.get_attr("window_strides")),
            ints(op.get_attr("base_dilations")), ints(op.get_attr("window_dilations")),
            dense_matrix(op.get_attr("padding")))


def _window_slices(shape: tuple, wd: tuple, ws: tuple, wdil: tuple) -> tuple[list, list]:
    out = [max(0, (n - ((k - 1) * d + 1)) // s + 1) for n, k, d, s in zip(shape, wd, wdil, ws)]
    slices = []
    for kidx in np.ndindex(*wd):
        slices.append((kidx, tuple(slice(k * d, k * d + (o - 1) * s + 1, s) for k, d, s, o in zip(kidx, wdil, ws, out))))
    return out, slices


def reduce_window(ctx: Any, region: Any, inputs: list, inits: list, wd: tuple, ws: tuple, bdil: tuple,
                  wdil: tuple, padding: np.ndarray | None) -> list:
    r = len(wd)
    ws = ws or (1,) * r
    bdil = bdil or (1,) * r
    wdil = wdil or (1,) * r
    pad = padding if padding is not None else np.zeros((r, 2), np.int64)
    xs = [pad_array(np.asarray(x), np.asarray(i)[()], tuple(pad[:, 0]), tuple(pad[:, 1]),
                    tuple(b - 1 for b in bdil)) for x, i in zip(inputs, inits)]
    out, slices = _window_slices(xs[0].shape, wd, ws, wdil)
    acc = [np.full(out, np.asarray(i)[()], dtype=np.asarray(x).dtype) for i, x in zip(inits, inputs)]
    if 0 in out:
        return acc
    uf, _ = cached_region_info(ctx, region)
    for _, sl in slices:
        if uf is not None and len(xs) == 1:
            acc = [bool_ufunc(uf, acc[0].dtype)(acc[0], xs[0][sl]).astype(acc[0].dtype, copy=False)]
        else:
            acc = [np.broadcast_to(a, out).astype(x.dtype, copy=False)
                   for a, x in zip(apply_region(ctx, region, acc + [x[sl] for x in xs]), inputs)]
    return acc


def select_and_scatter(ctx: Any, select: Any, scatter: Any, operand: np.ndarray, source: np.ndarray,
                       init: Any, wd: tuple, ws: tuple, padding: np.ndarray | None) -> np.ndarray:
    operand = np.asarray(operand)
    r = operand.ndim
    ws = ws or (1,) * r
    pad = padding if padding is not None else np.zeros((r, 2), np.int64)
    lo, hi = tuple(pad[:, 0]), tuple(pad[:, 1])
    # padded positions are never selected: they hold no operand element
    xp = pad_array(operand, np.zeros((), operand.dtype), lo, hi, (0,) * r)
    valid = pad_array(np.ones(operand.shape, bool), False, lo, hi, (0,) * r)
    out, slices = _window_slices(xp.shape, wd, ws, (1,) * r)
    best = None
    best_k = np.full(out, -1, np.int64)
    for k, (_, sl) in enumerate(slices):
        cand, cvalid = xp[sl], valid[sl]
        if best is None:
            best = cand.copy()
            best_k = np.where(cvalid, k, -1)
            continue
        keep = np.asarray(apply_region(ctx, select, [best, cand])[0], bool)
        take = cvalid & ((best_k < 0) | ~keep)
        best = np.where(take, cand, best)
        best_k = np.where(take, k, best_k)
    res = np.full(xp.shape, np.asarray(init)[()], operand.dtype)
    src = np.asarray(source)
    for k, (_, sl) in enumerate(slices):
        m = best_k == k
        if not m.any():
            continue
        cur = res[sl]
        upd = np.asarray(apply_region(ctx, scatter, [cur, src])[0]).astype(operand.dtype)
        res[sl] = np.where(m, upd, cur)
    return res[tuple(slice(max(a, 0), res.shape[i] - max(b, 0)) for i, (a, b) in enumerate(zip(lo, hi)))]


# -- gather / scatter -----------------------------------------------------------------


def _index_vectors(idx: np.ndarray, ivd: int) -> np.ndarray:
    idx = np.asarray(idx)
    if ivd == idx.ndim:
        idx = idx[..., None]
    else:
        idx = np.moveaxis(idx, ivd, -1)
    return idx.astype(np.int64)


def gather(operand: np.ndarray, indices: np.ndarray, f: dict, sizes: tuple, result_shape: tuple) -> np.ndarray:
    operand = np.asarray(operand)
    offset_dims = f.get("offset_dims", ())
    collapsed = f.get("collapsed_slice_dims", ())
    obd = f.get("operand_batching_dims", ())
    sibd = f.get("start_indices_batching_dims", ())
    sim = f.get("start_index_map", ())
    ivd = f.get("index_vector_dim", 0)
    raw = np.asarray(indices)
    idx = _index_vectors(raw, ivd)
    bshape = idx.shape[:-1]
    nb = len(bshape)
    batch_axes = [d for d in range(raw.ndim) if d != ivd]  # start_indices dims in batch order
    odims = [d for d in range(operand.ndim) if d not in collapsed and d not in obd]
    osz = [sizes[d] for d in odims]
    full = []
    for d in range(operand.ndim):
        s = np.zeros(bshape, np.int64)
        if d in sim:
            k = sim.index(d)
            s = np.clip(idx[..., k], 0, operand.shape[d] - sizes[d])
        if d in obd:
            bpos = batch_axes.index(sibd[obd.index(d)])
            s = s + np.arange(bshape[bpos]).reshape([-1 if i == bpos else 1 for i in range(nb)])
        s = s.reshape(bshape + (1,) * len(odims))
        if d in odims:
            j = odims.index(d)
            s = s + np.arange(osz[j]).reshape([1] * nb + [-1 if i == j else 1 for i in range(len(odims))])
        full.append(s)
    g = operand[tuple(np.broadcast_arrays(*full))] if full else operand
    # result: offset dims at offset_dims positions, batch dims elsewhere in order
    rank = len(result_shape)
    perm = [0] * rank
    bi, oi = 0, 0
    for pos in range(rank):
        if pos in offset_dims:
            perm[pos] = nb + oi
            oi += 1
        else:
            perm[pos] = bi
            bi += 1
    return np.transpose(g, perm).reshape(result_shape)


def scatter(ctx: Any, region: Any, operands: list, indices: np.ndarray, updates: list, f: dict) -> list:
    operands = [np.array(o) for o in operands]
    op0, *_rest = operands  # (arrays, not IR operands)
    uwd = f.get("update_window_dims", ())
    iwd = f.get("inserted_window_dims", ())
    ibd = f.get("input_batching_dims", ())
    sibd = f.get("scatter_indices_batching_dims", ())
    sdod = f.get("scatter_dims_to_operand_dims", ())
    raw = np.asarray(indices)
    ivd = f.get("index_vector_dim", 0)
    idx = _index_vectors(raw, ivd)
    bshape = idx.shape[:-1]
    nb = len(bshape)
    batch_axes = [d for d in range(raw.ndim) if d != ivd]
    ups = [np.asarray(u) for u in updates]
    u0 = ups[0]
    usd = [d for d in range(u0.ndim) if d not in uwd]
    wdims = [d for d in range(op0.ndim) if d not in iwd and d not in ibd]
    wsz = [u0.shape[d] for d in uwd]
    # updates as (batch..., window...)
    ups = [np.transpose(u, usd + list(uwd)) for u in ups]
    full: Any = []  # index arrays, then broadcast together
    valid = np.ones(bshape, bool)
    for d in range(op0.ndim):
        s = np.zeros(bshape, np.int64)
        if d in sdod:
            s = idx[..., sdod.index(d)]
        if d in ibd:
            bpos = batch_axes.index(sibd[ibd.index(d)])
            s = s + np.arange(bshape[bpos]).reshape([-1 if i == bpos else 1 for i in range(nb)])
        wsize = wsz[wdims.index(d)] if d in wdims else 1
        valid &= (s >= 0) & (s <= op0.shape[d] - wsize)
        s = s.reshape(bshape + (1,) * len(wdims))
        if d in wdims:
            j = wdims.index(d)
            s = s + np.arange(wsz[j]).reshape([1] * nb + [-1 if i == j else 1 for i in range(len(wdims))])
        full.append(s)
    full = np.broadcast_arrays(*full, ups[0])[:-1] if full else []
    vmask = np.broadcast_to(valid.reshape(bshape + (1,) * len(wdims)), ups[0].shape)
    sel = tuple(np.asarray(a)[vmask] for a in full)
    vals = [u[vmask] for u in ups]
    uf, _ = cached_region_info(ctx, region)
    if uf is not None and len(operands) == 1:
        bool_ufunc(uf, op0.dtype).at(op0, sel, vals[0].astype(op0.dtype))
        return [op0]
    blk = region.blocks[0]
    ret = blk.last_op
    if len(operands) == 1 and ret is not None and list(ret.operands) == [blk.args[1]]:
        op0[sel] = vals[0]  # "set" combiner: later updates win
        return [op0]
    n = len(operands)
    for i in range(len(vals[0])):
        pos = tuple(int(a[i]) for a in sel)
        res = ctx.run_region(region, [np.asarray(o[pos]) for o in operands] + [np.asarray(v[i]) for v in vals])
        for o, r in zip(operands, res[:n]):
            o[pos] = r
    return operands


# -- sort ------------------------------------------------------------------------------


def _order_key(x: np.ndarray, total: bool) -> np.ndarray:
    d = x.dtype
    if d == np.bool_:
        return x.astype(np.int8)
    if d.kind in "iu":
        return x
    if d.kind == "V" or d == np.float16:
        x = x.astype(np.float32)
        d = x.dtype
    it = np.dtype(f"i{d.itemsize}")
    if not total:
        x = np.where(x == 0, np.zeros((), d), x)  # -0 == +0 under FLOAT comparison
    i = x.view(it)
    return np.where(i < 0, i ^ np.array(np.iinfo(it).max, it), i)


def simple_comparator(region: Any) -> tuple[int, str, str] | None:
    """(operand index, direction, compare type) when the comparator is one
    compare of block args 2k and 2k+1, else None."""
    from hlopt.kernels.attrs import enum_value

    blk = region.blocks[0]
    ops = list(blk.ops)
    if len(ops) != 2 or not ops[1].has_trait("ReturnLike"):
        return None
    c = ops[0]  # a compare: an elementwise op with a comparison_direction
    if not c.has_trait("Elementwise") or c.get_attr("comparison_direction") is None or len(c.operands) != 2:
        return None
    if len(c.results) != 1 or list(ops[1].operands) != [c.result]:  # (any compare op: its one result)
        return None
    a, b = c.operands
    if a not in blk.args or b not in blk.args:
        return None
    ia, ib = blk.args.index(a), blk.args.index(b)
    if ia % 2 or ib != ia + 1:
        return None
    d = enum_value(c.get_attr("comparison_direction"))
    t = enum_value(c.get_attr("compare_type")) or ""
    if d not in ("LT", "GT"):
        return None
    return ia // 2, d, t


def sort(ctx: Any, region: Any, inputs: list, dim: int, stable: bool) -> list:
    xs = [np.asarray(x) for x in inputs]
    simple = ctx.cached(region, simple_comparator)
    if simple is not None:
        k, direction, ctype = simple
        key = _order_key(np.moveaxis(xs[k], dim, -1), ctype == "TOTALORDER" or xs[k].dtype.kind in "iub")
        if direction == "GT":
            key = ~key if key.dtype != np.bool_ else ~key.astype(np.int8)
        order = np.argsort(key, axis=-1, kind="stable")
        return [np.moveaxis(np.take_along_axis(np.moveaxis(x, dim, -1), order, axis=-1), -1, dim) for x in xs]
    import functools

    moved = [np.moveaxis(x, dim, -1) for x in xs]
    outs = [np.empty_like(m) for m in moved]
    for idx in np.ndindex(*moved[0].shape[:-1]):
        rows = [m[idx] for m in moved]

        def cmp(i: int, j: int, rows: list = rows) -> int:
            args = []
            for r in rows:
                args += [np.asarray(r[i]), np.asarray(r[j])]
            if bool(ctx.run_region(region, args)[0]):
                return -1
            args = []
            for r in rows:
                args += [np.asarray(r[j]), np.asarray(r[i])]
            return 1 if bool(ctx.run_region(region, args)[0]) else 0

        perm = sorted(range(rows[0].shape[0]), key=functools.cmp_to_key(cmp))
        for o, r in zip(outs, rows):
            o[idx] = r[perm]
    return [np.moveaxis(o, -1, dim) for o in outs]


def fft(x: np.ndarray, kind: str, lengths: tuple, out: np.dtype) -> np.ndarray:
    x = np.asarray(x)
    axes = tuple(range(x.ndim - len(lengths), x.ndim))
    r: np.ndarray
    if kind == "FFT":
        r = np.fft.fftn(x, s=lengths, axes=axes)
    elif kind == "IFFT":
        r = np.fft.ifftn(x, s=lengths, axes=axes)
    elif kind == "RFFT":
        r = np.fft.rfftn(x, s=lengths, axes=axes)
    elif kind == "IRFFT":
        r = np.fft.irfftn(x, s=lengths, axes=axes)
    else:
        raise InterpError(f"unknown fft_type {kind}")
    return r.astype(out)


# -- random numbers (implementation-defined in the spec) ---------------------------------


def rng_bit_generator(state: np.ndarray, t: Any) -> list:
    """Deterministic bits from the state (the spec leaves the bits to the
    implementation; they do not match XLA's)."""
    state = np.asarray(state)
    g = np.random.default_rng(np.frombuffer(np.ascontiguousarray(state).tobytes(), np.uint32).tolist())
    d = dtype_of(t)
    bits = g.integers(0, 2 ** 63, size=tuple(t.shape), dtype=np.uint64, endpoint=False)
    bits = (bits << np.uint64(1)) | g.integers(0, 2, size=tuple(t.shape), dtype=np.uint64)
    out = bits.astype(np.dtype(f"u{d.itemsize}")).view(d) if d.itemsize < 8 else bits.view(d)
    new_state = (state.astype(np.uint64) + np.uint64(1)).astype(state.dtype)
    return [new_state, out.reshape(tuple(t.shape))]


def rng(dist: str | None, a: Any, b: Any, t: Any, seed: bytes) -> np.ndarray:
    """`rng` values drawn deterministically from `seed`."""
    import hashlib

    a, b = np.asarray(a), np.asarray(b)
    d = dtype_of(t)
    shape = tuple(t.shape)
    g = np.random.default_rng(int.from_bytes(hashlib.sha256(seed).digest()[:8], "little"))
    if dist == "UNIFORM":
        if d.kind in "iu":
            return g.integers(int(a), int(b), size=shape).astype(d)
        return (a + (b - a) * g.random(shape)).astype(d)
    if dist == "NORMAL":
        return (a + b * g.standard_normal(shape)).astype(d)
    raise InterpError(f"unknown rng_distribution {dist}")
