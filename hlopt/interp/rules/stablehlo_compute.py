"""Compute-heavy StableHLO ops; the numpy work is in hlopt.interp.kernels.
precision_config is ignored (XLA:CPU computes f32 dots in f32)."""

from __future__ import annotations

from typing import Any

import numpy as np

from hlopt.interp import kernels
from hlopt.interp.attrs import bool_attr, conv_dims, dense_matrix, enum_value, int_attr, ints, struct_fields
from hlopt.interp.regions import apply_region
from hlopt.interp.registry import rule
from hlopt.interp.values import InterpError, dtype_of

_DOT_FIELDS = ("lhs_batching_dimensions", "rhs_batching_dimensions",
               "lhs_contracting_dimensions", "rhs_contracting_dimensions")


def _dot_info(op: Any) -> tuple:
    a = op.get_attr("dot_dimension_numbers")
    f = struct_fields(a) if a is not None else {}
    return tuple(tuple(f.get(k, ())) for k in _DOT_FIELDS) + (dtype_of(op.results[0].type),)


@rule("stablehlo.dot_general")
def dot_general(op: Any, args: list, ctx: Any) -> list:
    lb, rb, lc, rc, out = ctx.cached(op, _dot_info)
    return [kernels.dot_general(args[0], args[1], lb, rb, lc, rc, out)]


@rule("stablehlo.dot")
def dot(op: Any, args: list, ctx: Any) -> list:
    a, b = np.asarray(args[0]), np.asarray(args[1])
    out = dtype_of(op.results[0].type)
    return [kernels.dot_general(a, b, (), (), (a.ndim - 1,), (0,), out)]


def _conv_info(op: Any) -> tuple:
    return (conv_dims(op.get_attr("dimension_numbers")), ints(op.get_attr("window_strides")),
            dense_matrix(op.get_attr("padding")), ints(op.get_attr("lhs_dilation")),
            ints(op.get_attr("rhs_dilation")), ints(op.get_attr("window_reversal")),
            int_attr(op, "feature_group_count", 1), int_attr(op, "batch_group_count", 1),
            dtype_of(op.results[0].type))


@rule("stablehlo.convolution")
def convolution(op: Any, args: list, ctx: Any) -> list:
    dn, st, pad, ld, rd, rev, fgc, bgc, out = ctx.cached(op, _conv_info)
    return [kernels.convolution(args[0], args[1], dn, st, pad, ld, rd, rev, fgc, bgc, out)]


def _dims(op: Any) -> tuple:
    return ints(op.get_attr("dimensions"))


@rule("stablehlo.reduce")
def reduce(op: Any, args: list, ctx: Any) -> list:
    n = len(args) // 2
    return kernels.reduce(ctx, op.regions[0], args[:n], args[n:], ctx.cached(op, _dims))


def _rw_info(op: Any) -> tuple:
    return (ints(op.get_attr("window_dimensions")), ints(op.get_attr("window_strides")),
            ints(op.get_attr("base_dilations")), ints(op.get_attr("window_dilations")),
            dense_matrix(op.get_attr("padding")))


@rule("stablehlo.reduce_window")
def reduce_window(op: Any, args: list, ctx: Any) -> list:
    n = len(args) // 2
    wd, ws, bd, wdl, pad = ctx.cached(op, _rw_info)
    return kernels.reduce_window(ctx, op.regions[0], args[:n], args[n:], wd, ws, bd, wdl, pad)


@rule("stablehlo.select_and_scatter")
def select_and_scatter(op: Any, args: list, ctx: Any) -> list:
    wd, ws, _, _, pad = ctx.cached(op, _rw_info)
    return [kernels.select_and_scatter(ctx, op.regions[0], op.regions[1], args[0], args[1], args[2], wd, ws, pad)]


def _sort_info(op: Any) -> tuple:
    return int_attr(op, "dimension", -1), bool_attr(op, "is_stable")


@rule("stablehlo.sort")
def sort(op: Any, args: list, ctx: Any) -> list:
    dim, stable = ctx.cached(op, _sort_info)
    if dim < 0:
        dim += np.asarray(args[0]).ndim
    return kernels.sort(ctx, op.regions[0], args, dim, stable)


def _gather_info(op: Any) -> tuple:
    return (struct_fields(op.get_attr("dimension_numbers")), ints(op.get_attr("slice_sizes")),
            tuple(op.results[0].type.shape))


@rule("stablehlo.gather")
def gather(op: Any, args: list, ctx: Any) -> list:
    f, sizes, shape = ctx.cached(op, _gather_info)
    return [kernels.gather(args[0], args[1], f, sizes, shape)]


@rule("stablehlo.dynamic_gather")
def dynamic_gather(op: Any, args: list, ctx: Any) -> list:
    f = struct_fields(op.get_attr("dimension_numbers"))
    return [kernels.gather(args[0], args[1], f, tuple(int(v) for v in np.asarray(args[2]).ravel()),
                           tuple(op.results[0].type.shape))]


def _scatter_info(op: Any) -> dict:
    return struct_fields(op.get_attr("scatter_dimension_numbers"))


@rule("stablehlo.scatter")
def scatter(op: Any, args: list, ctx: Any) -> list:
    n = (len(args) - 1) // 2
    return kernels.scatter(ctx, op.regions[0], args[:n], args[n], args[n + 1:], ctx.cached(op, _scatter_info))


def _fft_info(op: Any) -> tuple:
    return enum_value(op.get_attr("fft_type")), ints(op.get_attr("fft_length")), dtype_of(op.results[0].type)


@rule("stablehlo.fft")
def fft(op: Any, args: list, ctx: Any) -> list:
    kind, lengths, out = ctx.cached(op, _fft_info)
    return [kernels.fft(args[0], kind, lengths, out)]


@rule("stablehlo.map")
def map_(op: Any, args: list, ctx: Any) -> list:
    return [np.asarray(r).astype(dtype_of(op.results[0].type)) for r in apply_region(ctx, op.regions[0], args)]


# -- random numbers (implementation-defined in the spec) ---------------------------------


def _seeded(ctx: Any, op: Any, extra: bytes) -> np.random.Generator:
    import hashlib

    h = hashlib.sha256(extra + repr(ctx.next_count(op)).encode()).digest()
    return np.random.default_rng(int.from_bytes(h[:8], "little"))


@rule("stablehlo.rng_bit_generator")
def rng_bit_generator(op: Any, args: list, ctx: Any) -> list:
    """Deterministic bits from the state (the spec leaves the bits to the
    implementation; they do not match XLA's)."""
    state = np.asarray(args[0])
    g = np.random.default_rng(np.frombuffer(np.ascontiguousarray(state).tobytes(), np.uint32).tolist())
    t = op.results[1].type
    d = dtype_of(t)
    bits = g.integers(0, 2 ** 63, size=tuple(t.shape), dtype=np.uint64, endpoint=False)
    bits = (bits << np.uint64(1)) | g.integers(0, 2, size=tuple(t.shape), dtype=np.uint64)
    out = bits.astype(np.dtype(f"u{d.itemsize}")).view(d) if d.itemsize < 8 else bits.view(d)
    new_state = (state.astype(np.uint64) + np.uint64(1)).astype(state.dtype)
    return [new_state, out.reshape(tuple(t.shape))]


@rule("stablehlo.rng")
def rng(op: Any, args: list, ctx: Any) -> list:
    dist = enum_value(op.get_attr("rng_distribution"))
    a, b = np.asarray(args[0]), np.asarray(args[1])
    t = op.results[0].type
    d = dtype_of(t)
    shape = tuple(t.shape)
    g = _seeded(ctx, op, bytes(str(ctx.device), "ascii"))
    if dist == "UNIFORM":
        if d.kind in "iu":
            return [g.integers(int(a), int(b), size=shape).astype(d)]
        return [(a + (b - a) * g.random(shape)).astype(d)]
    if dist == "NORMAL":
        return [(a + b * g.standard_normal(shape)).astype(d)]
    raise InterpError(f"unknown rng_distribution {dist}")
