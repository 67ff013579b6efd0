#!/usr/bin/env python3
"""Inputs for the StableHLO agreement harness (tests/oracle/test_shlo_agreement.py).

Seeds are valid modules: JAX programs written here (lowered with jax 0.10.2,
static shapes and jax.export symbolic shapes, shard_map collectives on 8 CPU
devices) and hand-written MLIR for ops JAX does not emit. Every StableHLO /
CHLO op in a seed is isolated into a function of its own (its operands become
the function's arguments) and mutated mechanically:

    valid             the op unchanged
    result-shape      result #0 with one dimension one larger
    result-element    result #0 with another element type
    operand-element   operand #0 with another element type
    <attr>:oob        the first entry of an integer list/value made out of range
    <attr>:neg        ... made negative
    <attr>:dup        the second entry set to the first (duplicated dims)
    <attr>:perm       the list reversed (dims permuted)
    <attr>:drop       the last entry dropped
    <attr>.<field>:*  the same, inside `#stablehlo.gather<...>` and friends
    <attr>:unknown-axis / duplicate-axis / rank   a Shardy sharding broken so
                      (an axis not in the mesh, an axis twice, a dimension dropped)
    region-arg        the first block argument of region #0 with another element type

Quantized types are not among these seeds: jaxlib's MLIR context has no quant
dialect (it rejects every `!quant.uniform`), so it cannot judge them;
`quant_cases()` (below) are judged by iree-opt instead.

MLIR (jaxlib, tests/oracle/mlir_ref.py) is the judge: a case is valid when
MLIR accepts it. hlopt agrees when its verdict is the same and, for valid
cases, when it prints the same text as MLIR.

    python tests/oracle/gen_shlo_agreement.py                 # list the cases
    python tests/oracle/gen_shlo_agreement.py --table FILE    # write the per-op table
    python tests/oracle/gen_shlo_agreement.py --known FILE    # write the disagreements
    python tests/oracle/gen_shlo_agreement.py --lit FILE      # write the --verify-diagnostics sample
"""

from __future__ import annotations

import argparse
import functools
import os
import pathlib
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass

os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") + " --xla_force_host_platform_device_count=8").strip()
os.environ.setdefault("JAX_PLATFORMS", "cpu")

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DIALECTS = ("stablehlo", "chlo", "sdy")
PER_OP = 3  # isolated occurrences of one op kept (the first ones, over all seeds)


@dataclass(frozen=True)
class Case:
    op: str
    id: str  # "<op>/<seed>#<n>/<mutation>", stable across runs
    text: str


# ---------------------------------------------------------------------------
# seeds written as JAX programs

def _jax_seeds() -> dict[str, str]:
    try:
        import jax
        import jax.numpy as jnp
        import numpy as np
        from jax import export, lax
    except ImportError:
        return {}
    jax.config.update("jax_platforms", "cpu")
    S = jax.ShapeDtypeStruct
    f32, i32 = jnp.float32, jnp.int32
    out: dict[str, str] = {}

    def lower(name: str, f: Callable, *args) -> None:
        out[name] = jax.jit(f).lower(*args).as_text()

    def export_sym(name: str, f: Callable, *specs) -> None:
        out[name] = export.export(jax.jit(f))(*specs).mlir_module()

    x, y = S((4, 8), f32), S((4, 8), f32)
    xi, yi = S((4, 8), i32), S((4, 8), i32)
    lower("elementwise_f32", lambda a, b: [a + b, a - b, a * b, a / b, jnp.maximum(a, b), jnp.minimum(a, b),
                                           a ** b, lax.rem(a, b), jnp.arctan2(a, b), -a, jnp.abs(a), jnp.exp(a),
                                           jnp.log(a), jnp.log1p(a), jnp.expm1(a), jnp.tanh(a), jax.nn.sigmoid(a),
                                           jnp.sin(a), jnp.cos(a), jnp.tan(a), jnp.sqrt(a), lax.rsqrt(a),
                                           jnp.cbrt(a), jnp.floor(a), jnp.ceil(a), jnp.round(a),
                                           lax.round(a, lax.RoundingMethod.AWAY_FROM_ZERO), jnp.sign(a),
                                           jnp.isfinite(a), jnp.clip(a, 0.0, 1.0), jnp.where(a < b, a, b),
                                           lax.reduce_precision(a, 5, 10), a.astype(jnp.bfloat16)], x, y)
    lower("elementwise_i32", lambda a, b: [a & b, a | b, a ^ b, ~a, a << b, a >> b, lax.shift_right_logical(a, b),
                                           lax.population_count(a), lax.clz(a), a // b, a % b,
                                           lax.bitcast_convert_type(a, f32), a == b], xi, yi)
    lower("complex", lambda a, b: [lax.complex(a, b), jnp.real(lax.complex(a, b)), jnp.imag(lax.complex(a, b)),
                                   jnp.fft.fft(lax.complex(a, b)), jnp.fft.rfft(a)], x, y)
    lower("shapes", lambda a: [jnp.reshape(a, (8, 4)), jnp.transpose(a), jnp.flip(a, 0), a[1:3, ::2],
                               jnp.pad(a, ((1, 0), (0, 2))), jnp.concatenate([a, a], 1),
                               jnp.broadcast_to(a[:, None, :], (4, 3, 8)), lax.iota(i32, 5),
                               lax.broadcast(a, (2,)), lax.pad(a, 0.0, ((0, 0, 1), (1, 1, 0)))], x)
    lower("indexing", lambda a, i: [a[i], a.at[i].set(0.0), a.at[i].add(1.0), lax.dynamic_slice(a, (i, 0), (2, 8)),
                                    lax.dynamic_update_slice(a, a[:2], (i, 0)), jnp.take(a, jnp.array([0, 2]), 1)],
          x, S((), i32))
    lower("reductions", lambda a: [jnp.sum(a, 0), jnp.max(a, 1), jnp.argmax(a, 1), jnp.cumsum(a, 0),
                                   lax.reduce_window(a, 0.0, lax.add, (2, 2), (1, 2), "SAME"),
                                   jax.grad(lambda v: jnp.sum(lax.reduce_window(v, -jnp.inf, lax.max, (2, 2),
                                                                                (2, 2), "VALID")))(a),
                                   jnp.sort(a, 1), lax.sort((a, a), num_keys=1, dimension=0)[1]], x)
    lower("control_flow", lambda a, n: [lax.fori_loop(0, n, lambda i, v: v * 2.0, a),
                                        lax.cond(n > 0, lambda v: v + 1.0, lambda v: v - 1.0, a),
                                        lax.switch(n, [lambda v: v, lambda v: -v, jnp.exp], a),
                                        lax.optimization_barrier(a)], x, S((), i32))
    lower("contractions", lambda a, b, w: [jnp.einsum("bij,bjk->bik", a, b), a[0] @ b[0],
                                           lax.conv_general_dilated(a[None], w, (1, 1), "SAME",
                                                                    dimension_numbers=("NCHW", "OIHW", "NCHW")),
                                           lax.conv_general_dilated(a[None], jnp.ones((2, 2, 4, 3), f32), (2, 1), ((1, 0), (0, 1)),
                                                                    rhs_dilation=(1, 2),
                                                                    dimension_numbers=("NHWC", "HWIO", "NHWC"))],
          S((2, 4, 4), f32), S((2, 4, 3), f32), S((2, 2, 3, 3), f32))
    lower("linalg", lambda a: [jnp.linalg.cholesky(a @ a.T), lax.linalg.triangular_solve(a, a, left_side=True),
                               jax.random.bits(jax.random.key(0, impl="rbg"), (3,)), jax.scipy.special.erf(a),
                               lax.top_k(a, 2)[0], lax.erf_inv(a), jnp.arcsinh(a), lax.lgamma(a), lax.digamma(a)],
          S((4, 4), f32))
    export_sym("dynamic", lambda a: [a + 1.0, jnp.reshape(a, (-1,)), jnp.broadcast_to(a[:, :1], a.shape),
                                     jnp.arange(a.shape[0]), a[1:], jnp.sum(a, 0), jnp.pad(a, ((1, 0), (0, 0))),
                                     jnp.concatenate([a, a]), a @ a.T],
               S(export.symbolic_shape("b, 4"), f32))

    from jax.sharding import Mesh
    from jax.sharding import PartitionSpec as P

    devs = jax.devices()
    if len(devs) >= 8:
        mesh = Mesh(np.array(devs[:8]).reshape(4, 2), ("x", "y"))

        def coll(a):
            return [lax.psum(a, "x"), lax.all_gather(a, "x", axis=0, tiled=True),
                    lax.psum_scatter(a, "x", scatter_dimension=0, tiled=True),
                    lax.all_to_all(a, "x", 0, 0, tiled=True),
                    lax.ppermute(a, "x", [(i, (i + 1) % 4) for i in range(4)]), lax.pmax(a, "y")]

        f = jax.shard_map(coll, mesh=mesh, in_specs=P("x", "y"), out_specs=P("x", "y"), check_vma=False)
        lower("collectives", f, S((16, 8), f32))

        from jax.sharding import NamedSharding

        def constrained(a):
            b = jax.lax.with_sharding_constraint(a * 2.0, NamedSharding(mesh, P("y", "x")))
            return jax.lax.with_sharding_constraint(b @ b.T, NamedSharding(mesh, P(("x", "y"), None)))

        lower("shardings", jax.jit(constrained, in_shardings=NamedSharding(mesh, P("x", None))), S((16, 8), f32))
    return out


# ---------------------------------------------------------------------------
# hand-written seeds: ops JAX does not emit

_T = "tensor<2x3x4xf32>"
HAND = {
    "batch_norm": """
func.func @f(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) {
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) <{epsilon = 1.0e-5 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  %1:3 = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 1.0e-5 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  %2:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %x) <{epsilon = 1.0e-5 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}""",
    "rng_tokens": """
func.func @f(%a: tensor<f32>, %b: tensor<f32>, %s: tensor<2xi64>, %t: !stablehlo.token, %x: tensor<4xf32>) {
  %0 = "stablehlo.rng"(%a, %b, %s) <{rng_distribution = #stablehlo<rng_distribution UNIFORM>}> : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x5xf32>
  %1 = "stablehlo.after_all"(%t, %t) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
  %2 = "stablehlo.create_token"() : () -> !stablehlo.token
  %3:2 = "stablehlo.infeed"(%t) <{infeed_config = "", layout = [[0]]}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  %4 = "stablehlo.outfeed"(%x, %t) <{outfeed_config = ""}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  %5 = "stablehlo.replica_id"() : () -> tensor<ui32>
  %6 = "stablehlo.partition_id"() : () -> tensor<ui32>
  %7 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  %8:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 3>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  %9 = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %10:2 = "stablehlo.rng_bit_generator"(%s) <{rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>}> : (tensor<2xi64>) -> (tensor<2xi64>, tensor<4xui32>)
  return
}""",
    "misc": """
func.func @callee(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func @f(%x: tensor<4xf32>, %y: tensor<4xf32>, %i: tensor<2xi32>, %m: tensor<3x4xf32>, %d: tensor<2xi64>) {
  %0 = "stablehlo.composite"(%x) <{composite_attributes = {k = 1 : i64}, decomposition = @callee, name = "my.op", version = 1 : i32}> : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.dot"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  %2 = "stablehlo.einsum"(%m, %x) <{einsum_config = "ij,j->i"}> : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
  %3 = "stablehlo.torch_index_select"(%m, %i) <{batch_dims = 0 : i64, dim = 0 : i64}> : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  %4 = "stablehlo.map"(%x, %y) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %5 = "stablehlo.tuple"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tuple<tensor<4xf32>, tensor<4xf32>>
  %6 = "stablehlo.get_tuple_element"(%5) <{index = 1 : i32}> : (tuple<tensor<4xf32>, tensor<4xf32>>) -> tensor<4xf32>
  %7 = "stablehlo.custom_call"(%x) <{call_target_name = "foo", api_version = 4 : i32, backend_config = {a = 1 : i64}}> : (tensor<4xf32>) -> tensor<4xf32>
  %8 = "stablehlo.get_dimension_size"(%m) <{dimension = 1 : i64}> : (tensor<3x4xf32>) -> tensor<i32>
  %9 = "stablehlo.set_dimension_size"(%m, %8) <{dimension = 1 : i64}> : (tensor<3x4xf32>, tensor<i32>) -> tensor<3x?xf32, #stablehlo.bounds<?, 4>>
  %10 = "stablehlo.dynamic_iota"(%d) <{iota_dimension = 0 : i64}> : (tensor<2xi64>) -> tensor<?x?xf32>
  %11 = "stablehlo.dynamic_reshape"(%m, %d) : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %12 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) <{broadcast_dimensions = array<i64: 1>}> : (tensor<4xf32>, tensor<2xi64>) -> tensor<?x4xf32>
  %13 = "stablehlo.real_dynamic_slice"(%m, %d, %d, %d) : (tensor<3x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  %14 = "stablehlo.dynamic_pad"(%m, %0, %d, %d, %d) : (tensor<3x4xf32>, tensor<4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}""",
    "chlo": """
func.func @f(%c: tensor<4xcomplex<f32>>, %x: tensor<4xf32>, %p: tensor<4xi1>, %i: tensor<4xi32>, %l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  %0 = "chlo._asin_acos_kernel"(%c) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %1 = "chlo.broadcast_select"(%p, %x, %x) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "chlo.mulhi"(%i, %i) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %3 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  %4 = "chlo.broadcast_add"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %5 = "chlo.next_after"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}""",
    # chlo.scan (a reverse scan with one carry) and chlo.ragged_dot's batched modes: ragged
    # non-contracting with group_sizes [b, g], ragged contracting with a batch prefix
    "chlo_more": """
func.func @f(%x: tensor<4x3xf32>, %i: tensor<3xf32>, %l: tensor<2x11x5xf32>, %r: tensor<3x2x5x7xf32>, %g: tensor<2x3xi32>, %r2: tensor<2x5x7xf32>) {
  %0:2 = "chlo.scan"(%x, %i) <{dimension = 0 : i64, is_reverse = true, operandSegmentSizes = array<i32: 1, 1>, resultSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: tensor<3xf32>, %c: tensor<3xf32>):
    stablehlo.return %a, %c : tensor<3xf32>, tensor<3xf32>
  }) : (tensor<4x3xf32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>)
  %1 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<2x3xi32>) -> tensor<2x11x7xf32>
  %2 = "chlo.ragged_dot"(%l, %r2, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2], rhs_group_dimensions = []>}> : (tensor<2x11x5xf32>, tensor<2x5x7xf32>, tensor<2x3xi32>) -> tensor<3x2x11x7xf32>
  return
}""",
}


# ---------------------------------------------------------------------------
# isolating and mutating ops (on hlopt's IR; printed in the generic form)

def _seeds() -> dict[str, str]:
    out = dict(HAND)
    out.update(_jax_seeds())
    return dict(sorted(out.items()))


def _isolate(op):
    """A module holding `func.func @__case` whose body is a clone of `op` over
    the function's arguments (callees of the seed module kept)."""
    from hlopt.ir.attributes import StringAttr, TypeAttr
    from hlopt.ir.core import Operation, Region, values_defined_above
    from hlopt.ir.types import FunctionType

    # values the op's regions capture from above become arguments too
    free = list(op.operands)
    for r in op.regions:
        free += [v for v in values_defined_above(r) if v not in free]
    region = Region()
    block = region.add_block()
    args = [block.add_argument(v.type) for v in free]
    new = op.clone(dict(zip(free, args)))
    block.append(new)
    block.append(Operation("func.return"))
    fn = Operation("func.func", properties={"sym_name": StringAttr("__case"),
                                            "function_type": TypeAttr(FunctionType([v.type for v in free], []))},
                   regions=[region])
    module = Operation("builtin.module", regions=[Region()])
    body = module.regions[0].add_block()
    seed_module = op.parent_op
    while seed_module is not None and seed_module.name != "builtin.module":
        seed_module = seed_module.parent_op
    if seed_module is not None:  # keep the functions the op names (composite decompositions, ...)
        import hlopt

        text = hlopt.print_op(op, generic=True)
        for other in seed_module.regions[0].blocks[0].ops_list():
            name = other.properties.get("sym_name")  # callees, meshes
            if name is not None and re.search(rf"@{re.escape(name.value)}\b", text):
                body.append(other.clone())
    body.append(fn)
    return module, new


def _other_element(t):
    from hlopt.ir.types import FloatType, IntegerType, RankedTensorType

    if not isinstance(t, RankedTensorType):
        return None
    et = t.element_type
    new = IntegerType(32) if isinstance(et, FloatType) else FloatType("f32")
    return RankedTensorType(t.shape, new, t.encoding)


def _bigger(t):
    from hlopt.ir.types import RankedTensorType

    if not isinstance(t, RankedTensorType) or not t.shape:
        return None
    shape = list(t.shape)
    i = next((k for k, s in enumerate(shape) if s >= 0), None)
    if i is None:
        return None
    shape[i] += 1
    return RankedTensorType(tuple(shape), t.element_type, t.encoding)


def _list_mutations(vals: list[int]) -> Iterator[tuple[str, list[int]]]:
    if vals:
        yield "oob", [vals[0] + 9] + vals[1:]
        yield "neg", [-2] + vals[1:]
        yield "drop", vals[:-1]
    if len(vals) >= 2:
        yield "dup", [vals[0], vals[0]] + vals[2:]
        if vals[::-1] != vals:
            yield "perm", vals[::-1]


_LIST = re.compile(r"(\w+) = \[([-\d, ]*)\]|(\w+) = (-?\d+)")


def _opaque_mutations(spelling: str) -> Iterator[tuple[str, str]]:
    """Mutate each `field = [..]` / `field = N` inside `#stablehlo.x<...>`."""
    for m in _LIST.finditer(spelling):
        if m.group(1):
            field, vals = m.group(1), [int(v) for v in m.group(2).split(",") if v.strip()]
            for kind, new in _list_mutations(vals):
                text = f"{field} = [{', '.join(map(str, new))}]"
                yield f"{field}:{kind}", spelling[:m.start()] + text + spelling[m.end():]
        else:
            field, v = m.group(3), int(m.group(4))
            for kind, new in (("oob", v + 9), ("neg", -2)):
                yield f"{field}:{kind}", spelling[:m.start()] + f"{field} = {new}" + spelling[m.end():]


def _attr_mutations(attr) -> Iterator[tuple[str, object]]:
    from hlopt.dialects.stablehlo.attributes import ConvDimensionNumbersAttr, DotDimensionNumbersAttr
    from hlopt.ir.attributes import DenseArrayAttr, DenseElementsAttr, IntegerAttr, OpaqueAttr
    from hlopt.ir.types import IntegerType

    if isinstance(attr, DenseArrayAttr) and isinstance(attr.element_type, IntegerType) \
            and attr.element_type.width > 1:
        for kind, vals in _list_mutations(list(attr.values)):
            yield kind, DenseArrayAttr(attr.element_type, vals)
    elif isinstance(attr, IntegerAttr) and isinstance(attr.type, IntegerType) and attr.type.width > 1:
        yield "oob", IntegerAttr(attr.value + 9, attr.type)
        yield "neg", IntegerAttr(-2, attr.type)
    elif isinstance(attr, DenseElementsAttr) and isinstance(getattr(attr.type, "element_type", None), IntegerType):
        vals = list(attr.flat_values())
        if vals:
            yield "oob", DenseElementsAttr(attr.type, [vals[0] + 9] + vals[1:])
            yield "neg", DenseElementsAttr(attr.type, [-2] + vals[1:])
            if len(vals) >= 2:
                yield "dup", DenseElementsAttr(attr.type, [vals[0], vals[0]] + vals[2:])
    elif isinstance(attr, OpaqueAttr):
        for kind, text in _opaque_mutations(attr.spelling):
            yield kind, OpaqueAttr(text)
    elif type(attr).__name__ in ("ShardingAttr", "ShardingPerValueAttr"):
        yield from _sharding_mutations(attr)
    elif isinstance(attr, (DotDimensionNumbersAttr, ConvDimensionNumbersAttr)):
        fields = [f for f in type(attr).__slots__]
        for f in fields:
            v = getattr(attr, f)
            muts = (_list_mutations(list(v)) if isinstance(v, tuple)
                    else iter((("oob", v + 9), ("neg", -2))))
            for kind, new in muts:
                vals = [tuple(new) if g == f and isinstance(v, tuple) else (new if g == f else getattr(attr, g))
                        for g in fields]
                yield f"{f}:{kind}", type(attr)(*vals)


def _sharding_mutations(attr) -> Iterator[tuple[str, object]]:
    """An unknown axis, a duplicated axis, a dimension sharding dropped (in the
    first sharding of a per-value attribute)."""
    from hlopt.dialects.sdy.attributes import AxisRef, DimSharding, ShardingAttr, ShardingPerValueAttr

    one = attr.shardings[0] if isinstance(attr, ShardingPerValueAttr) else attr
    if not one.dims:
        return

    def rebuild(dims):
        new = ShardingAttr(one.mesh, dims, one.replicated, one.unreduced)
        return ShardingPerValueAttr((new,) + tuple(attr.shardings[1:])) if isinstance(attr, ShardingPerValueAttr) \
            else new

    first = one.dims[0]
    yield "unknown-axis", rebuild((DimSharding((AxisRef("zz"),) + first.axes, first.is_closed, first.priority),)
                                  + one.dims[1:])
    named = [d for d in one.dims if d.axes]
    if named:
        a = named[0].axes[0]
        yield "duplicate-axis", rebuild(tuple(DimSharding(d.axes + (a,), d.is_closed, d.priority) if d is named[-1]
                                              else d for d in one.dims))
    yield "rank", rebuild(one.dims[:-1])


def _mutants(op) -> Iterator[tuple[str, Callable[..., None]]]:
    """(name, apply) pairs; `apply(op)` mutates a fresh isolated copy in place."""
    if op.results:
        t = op.results[0].type
        if _bigger(t) is not None:
            yield "result-shape", lambda o: setattr(o.results[0], "type", _bigger(o.results[0].type))
        if _other_element(t) is not None:
            yield "result-element", lambda o: setattr(o.results[0], "type", _other_element(o.results[0].type))
    if op.operands and _other_element(op.operands[0].type) is not None:
        def operand_element(o) -> None:
            arg = o.operands[0]
            arg.type = _other_element(arg.type)
            _retype_function(o)
        yield "operand-element", operand_element
    for name, attr in op.properties.entries:
        for kind, new in _attr_mutations(attr):
            def set_prop(o, name=name, new=new) -> None:
                props = o.properties
                o.properties = type(props)([(k, new if k == name else v) for k, v in props.entries])
            yield f"{name}.{kind}" if "." not in kind and ":" in kind else f"{name}:{kind}", set_prop
    if op.regions and op.regions[0].blocks and op.regions[0].blocks[0].args:
        a0 = op.regions[0].blocks[0].args[0]
        if _other_element(a0.type) is not None:
            yield "region-arg", lambda o: setattr(o.regions[0].blocks[0].args[0], "type",
                                                  _other_element(o.regions[0].blocks[0].args[0].type))


def _retype_function(op) -> None:
    from hlopt.ir.attributes import TypeAttr
    from hlopt.ir.types import FunctionType

    fn = op.parent_op
    block = op.parent_region.blocks[0]
    fn.properties = type(fn.properties)([(k, TypeAttr(FunctionType([a.type for a in block.args], []))
                                          if k == "function_type" else v) for k, v in fn.properties.entries])


@functools.cache
def cases() -> tuple[Case, ...]:
    import hlopt

    out: list[Case] = []
    taken: dict[str, int] = {}
    for seed, text in _seeds().items():
        module = hlopt.parse_module(text, seed)
        for op in module.walk():
            if op.name.split(".", 1)[0] not in DIALECTS or op.opdef is None or op.has_trait("Terminator"):
                continue
            if op.parent_op is not None and op.parent_op.name == "builtin.module":
                continue  # module-level ops (sdy.mesh) are kept with the ops naming them
            if taken.get(op.name, 0) >= PER_OP:
                continue
            n = taken[op.name] = taken.get(op.name, 0) + 1
            base = f"{op.name}/{seed}#{n}"
            iso, _ = _isolate(op)
            out.append(Case(op.name, f"{base}/valid", hlopt.print_op(iso, generic=True)))
            for name, apply in _mutants(op):
                m2, target = _isolate(op)
                apply(target)
                out.append(Case(op.name, f"{base}/{name}", hlopt.print_op(m2, generic=True)))
        out.append(Case("(module)", f"(module)/{seed}/valid", text))
    out.extend(_sdy_cases())
    return tuple(out)


# ---------------------------------------------------------------------------
# Shardy: whole modules (an sdy op needs its mesh and its operand's sharding,
# so ops are not isolated); each sdy op, sdy.sharding and sdy.sharding_rule
# attribute and func.func argument sharding mutated in place

SDY_MESH = 'sdy.mesh @mesh = <["x"=4, "y"=2]>\nsdy.mesh @other = <["a"=8]>\n'
_SDY_ARG = '%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}'
SDY_HAND = {
    "sdy_collectives": SDY_MESH + f"""
func.func @f({_SDY_ARG}) -> tensor<16x8xf32> {{
  %0 = sdy.all_gather [{{"x"}}, {{}}] %arg0 out_sharding=<@mesh, [{{}}, {{}}]> : tensor<16x8xf32>
  %1 = sdy.all_slice [{{}}, {{"y"}}] %0 out_sharding=<@mesh, [{{}}, {{"y"}}]> : tensor<16x8xf32>
  %2 = sdy.all_to_all [{{"y"}}: 1->0] %1 out_sharding=<@mesh, [{{"y"}}, {{}}]> : tensor<16x8xf32>
  %3 = sdy.collective_permute %2 out_sharding=<@mesh, [{{"y"}}, {{}}]> : tensor<16x8xf32>
  %4 = sdy.all_reduce {{"x"}} %3 out_sharding=<@mesh, [{{"y"}}, {{}}]> : tensor<16x8xf32>
  %5 = sdy.reduce_scatter [{{}}, {{"x"}}] %4 out_sharding=<@mesh, [{{"y"}}, {{"x"}}]> : tensor<16x8xf32>
  %6 = sdy.all_gather [{{"y"}}, {{"x"}}] %5 out_sharding=<@mesh, [{{}}, {{}}]> : tensor<16x8xf32>
  return %6 : tensor<16x8xf32>
}}""",
    "sdy_sub_axes": SDY_MESH + f"""
func.func @f({_SDY_ARG}) -> tensor<16x8xf32> {{
  %0 = sdy.all_gather [{{"x":(2)2}}, {{}}] %arg0 out_sharding=<@mesh, [{{"x":(1)2}}, {{}}]> : tensor<16x8xf32>
  %1 = sdy.all_slice [{{"x":(2)2}}, {{"y"}}] %0 out_sharding=<@mesh, [{{"x"}}, {{"y"}}]> : tensor<16x8xf32>
  %2 = sdy.collective_permute %1 out_sharding=<@mesh, [{{"x"}}, {{"y"}}]> : tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}}""",
    "sdy_unreduced": SDY_MESH + f"""
func.func @f({_SDY_ARG}) -> tensor<16x8xf32> {{
  %0 = sdy.replicated_to_unreduced {{"y"}} %arg0 out_sharding=<@mesh, [{{"x"}}, {{}}], unreduced={{"y"}}> : tensor<16x8xf32>
  %1 = sdy.sharded_to_unreduced [{{"x"}}, {{}}] %0 out_sharding=<@mesh, [{{}}, {{}}], unreduced={{"x", "y"}}> : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}}""",
    "sdy_edges": SDY_MESH + """
func.func @f(%arg0: tensor<16x8xf32>, %arg1: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = sdy.func_data_flow_edge %arg0 : tensor<16x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<16x8xf32>
  %2 = sdy.data_flow_edge %1 sharding=<@mesh, [{"y"}, {"x"}]> : tensor<16x8xf32>
  %3 = stablehlo.negate %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}], replicated={"y"}>]>} : tensor<16x8xf32>
  %4 = sdy.propagation_barrier %3 allowed_direction=BACKWARD : tensor<16x8xf32>
  %5 = sdy.reshard %4 <@mesh, [{"x", "y"}, {}]> : tensor<16x8xf32>
  sdy.sharding_group %5 group_id=1 : tensor<16x8xf32>
  return %5 : tensor<16x8xf32>
}""",
    "sdy_manual": SDY_MESH + f"""
func.func @f({_SDY_ARG}) -> (tensor<16x8xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{"x"}}, {{"y"}}]>}}) {{
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{{"x", "y"}}, {{}}]>] out_shardings=[<@mesh, [{{"x"}}, {{"y"}}]>] manual_axes={{"x"}} (%a: tensor<4x8xf32>) {{
    %1 = sdy.sharding_constraint %a <@mesh, [{{"y"}}, {{}}]> : tensor<4x8xf32>
    %2 = sdy.named_computation<"inner">(%1) out_shardings=[<@mesh, [{{}}, {{"y"}}]>] (%b: tensor<4x8xf32>) {{
      sdy.return %b : tensor<4x8xf32>
    }} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    sdy.return %2 : tensor<4x8xf32>
  }} : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}}""",
    "sdy_value_owners": SDY_MESH + """
func.func @f(%arg0: tensor<16x8xf32>, %p: tensor<i32>) -> (tensor<16x8xf32>, tensor<16x8xf32>, tensor<16x8xf32>) {
  %0 = stablehlo.while(%iterArg = %arg0) : tensor<16x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
  cond {
    %c = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %g = sdy.all_gather [{"x"}, {}] %iterArg out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
    %s = sdy.all_slice [{"x"}, {}] %g out_sharding=<@mesh, [{"x"}, {}]> : tensor<16x8xf32>
    stablehlo.return %s : tensor<16x8xf32>
  }
  %1 = sdy.all_gather [{"x"}, {}] %0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
  %2 = sdy.named_computation<"n">(%arg0) in_shardings=[<@mesh, [{}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {"y"}]>] (%a: tensor<16x8xf32>) {
    %3 = sdy.all_slice [{"x"}, {}] %a out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<16x8xf32>
    sdy.return %3 : tensor<16x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  %4 = sdy.all_gather [{}, {"y"}] %2 out_sharding=<@mesh, [{"x"}, {}]> : tensor<16x8xf32>
  %5 = "stablehlo.case"(%p) ({
    stablehlo.return %arg0 : tensor<16x8xf32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : (tensor<i32>) -> tensor<16x8xf32>
  %6 = sdy.all_gather [{"y"}, {}] %5 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
  return %1, %4, %6 : tensor<16x8xf32>, tensor<16x8xf32>, tensor<16x8xf32>
}""",
    "sdy_propagation_edges": SDY_MESH + """
func.func @f(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 {sdy.propagation_edges = #sdy.propagation_edges<[{step-3 = [{"x" = operand-1 -> [operand-0, result-0]}]}, {step-7 = [{"y" = result-0 -> [operand-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x8xf32>
  %1 = stablehlo.abs %0 {sdy.result_propagation_edges = [#sdy.propagation_edges<[{step-1 = [{"x":(1)2 = result-0 -> [operand-0]}]}]>], sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}""",
    "sdy_rules": """
func.func @f(%a: tensor<8x4xf32>, %b: tensor<4x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k],[k, j])->([i, j]) {i=8, j=16, k=4} reduction={k}>} : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.reshape %0 {sdy.sharding_rule = #sdy.op_sharding_rule<([ij, k])->([ij, k]) {i=2, j=4, k=16} need_replication={j} permutation={i} blocked_propagation={k}, custom>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}""",
}


def _axes_mutations(lists: list) -> Iterator[tuple[str, list]]:
    """Per-dimension axis lists: an unknown axis, an axis twice, a list dropped, lists swapped."""
    from hlopt.dialects.sdy.attributes import AxisRef

    if not lists:
        return
    yield "unknown-axis", [[AxisRef("zz"), *lists[0]], *lists[1:]]
    named = [k for k, refs in enumerate(lists) if refs]
    if named:
        a = lists[named[0]][0]
        yield "duplicate-axis", [list(refs) + [a] if k == named[-1] else list(refs) for k, refs in enumerate(lists)]
    yield "rank", lists[:-1]
    if len(lists) >= 2 and lists[0] != lists[1]:
        yield "swap", [lists[1], lists[0], *lists[2:]]


def _sdy_attr_mutations(attr) -> Iterator[tuple[str, object]]:
    from hlopt.dialects.sdy.attributes import (
        AllToAllParam,
        AllToAllParamListAttr,
        AxisRefListAttr,
        ListOfAxisRefListsAttr,
    )
    from hlopt.dialects.sdy.propagation_edges import PropagationEdgesAttr
    from hlopt.dialects.sdy.sharding_rule import OpShardingRuleAttr
    from hlopt.ir.attributes import ArrayAttr

    if isinstance(attr, ListOfAxisRefListsAttr):
        for kind, new in _axes_mutations([list(x) for x in attr.lists]):
            yield kind, ListOfAxisRefListsAttr(new)
    elif isinstance(attr, AxisRefListAttr):
        for kind, new in _axes_mutations([list(attr.axes)]):
            if new:
                yield kind, AxisRefListAttr(new[0])
    elif isinstance(attr, AllToAllParamListAttr):
        p = attr.params[0]
        yield "src-oob", AllToAllParamListAttr([AllToAllParam(p[0], p[1] + 9, p[2])])
        yield "same-dims", AllToAllParamListAttr([AllToAllParam(p[0], p[2], p[2])])
        yield "empty", AllToAllParamListAttr([])
        for kind, new in _axes_mutations([list(p[0])]):
            if new:
                yield kind, AllToAllParamListAttr([AllToAllParam(new[0], p[1], p[2])])
    elif isinstance(attr, PropagationEdgesAttr):
        yield from _edges_mutations(attr)
    elif isinstance(attr, ArrayAttr) and attr.elements and isinstance(attr.elements[0], PropagationEdgesAttr):
        for kind, new in _edges_mutations(attr.elements[0]):
            yield kind, ArrayAttr([new, *attr.elements[1:]])
        yield "not-edges", ArrayAttr([*attr.elements, ArrayAttr([])])
    elif isinstance(attr, OpShardingRuleAttr):
        r = attr
        yield "factor-oob", OpShardingRuleAttr(r.operands, r.results, r.sizes + (3,), r.special, r.custom)
        yield "mapping-dropped", OpShardingRuleAttr(r.operands[:-1], r.results, r.sizes, r.special, r.custom)
        yield "rank", OpShardingRuleAttr([m[:-1] for m in r.operands], r.results, r.sizes, r.special, r.custom)
        yield "reduction-in-result", OpShardingRuleAttr(r.operands, r.results, r.sizes,
                                                        (tuple(range(len(r.sizes))),) + r.special[1:], r.custom)
        if r.special[0]:
            yield "special-dup", OpShardingRuleAttr(r.operands, r.results, r.sizes, (r.special[0], r.special[0]) +
                                                    r.special[2:], r.custom)
    else:
        yield from _attr_mutations(attr)
        yield from _sharding_variants(attr)


def _edges_mutations(attr) -> Iterator[tuple[str, object]]:
    """Step indices negative or repeated, an edge to a missing value or from a
    value to itself, an axis of no mesh, no step at all."""
    from hlopt.dialects.sdy.attributes import AxisRef
    from hlopt.dialects.sdy.propagation_edges import AxisEdges, EdgeRef, PropagationEdgesAttr

    (index, entries), rest = attr.steps[0], list(attr.steps[1:])
    (axis, source, targets), others = entries[0], list(entries[1:])

    def first(entry) -> PropagationEdgesAttr:
        return PropagationEdgesAttr([(index, [entry, *others]), *rest])

    yield "negative-step", PropagationEdgesAttr([(-1 - index, entries), *rest])
    yield "duplicate-step", PropagationEdgesAttr([*attr.steps, (index, entries)])
    yield "target-oob", first(AxisEdges(axis, source, [*targets, EdgeRef("operand", 9)]))
    yield "result-oob", first(AxisEdges(axis, EdgeRef("result", 5), targets))
    yield "self-target", first(AxisEdges(axis, source, [*targets, source]))
    yield "duplicate-target", first(AxisEdges(axis, source, [*targets, targets[0]]))
    yield "unknown-axis", first(AxisEdges(AxisRef("zz"), source, targets))
    yield "sub-axis", first(AxisEdges(AxisRef(axis.name, 1, 2), source, targets))
    yield "no-steps", PropagationEdgesAttr([])


def _sharding_variants(attr) -> Iterator[tuple[str, object]]:
    """Dimension shardings made open (`{"x", ?}`) or given a priority (`p0`):
    valid wherever the closed sharding is."""
    from hlopt.dialects.sdy.attributes import DimSharding, ShardingAttr, ShardingPerValueAttr

    def each(one, f):
        return ShardingAttr(one.mesh, [f(d) for d in one.dims], one.replicated, one.unreduced)

    for kind, f in (("open", lambda d: DimSharding(d.axes, False, d.priority)),
                    ("priority", lambda d: DimSharding(d.axes, d.is_closed, 0 if d.axes else d.priority))):
        if isinstance(attr, ShardingAttr) and attr.dims:
            yield kind, each(attr, f)
        elif isinstance(attr, ShardingPerValueAttr) and attr.shardings and attr.shardings[0].dims:
            yield kind, ShardingPerValueAttr([each(one, f) for one in attr.shardings])


def _sdy_mutants(op) -> Iterator[tuple[str, Callable[..., None]]]:
    """(name, apply) pairs; `apply(op)` mutates the same op of a fresh parse."""
    from hlopt.ir.attributes import ArrayAttr, DictionaryAttr, StringAttr

    def set_in(field: str, name: str, new) -> Callable[..., None]:
        def apply(o) -> None:
            d = getattr(o, field)
            setattr(o, field, type(d)([(k, new if k == name else v) for k, v in d.entries]))
        return apply

    if op.name.startswith("sdy."):  # valid variants: a discardable attribute in the custom form's dict
        yield "tagged", lambda o: setattr(o, "attributes", DictionaryAttr(list(o.attributes.entries)
                                                                          + [("tag", StringAttr("t"))]))
    if op.results and _bigger(op.results[0].type) is not None:
        yield "result-shape", lambda o: setattr(o.results[0], "type", _bigger(o.results[0].type))
    for field in ("properties", "attributes"):
        for name, attr in getattr(op, field).entries:
            if field == "attributes" and not name.startswith("sdy."):
                continue
            for kind, new in _sdy_attr_mutations(attr):
                if new is not None:
                    yield f"{name}:{kind}", set_in(field, name, new)
    arg_attrs = op.properties.get("arg_attrs") if op.name == "func.func" else None
    if isinstance(arg_attrs, ArrayAttr):
        for i, d in enumerate(arg_attrs.elements):
            sh = d.get("sdy.sharding") if isinstance(d, DictionaryAttr) else None
            for kind, new in _attr_mutations(sh) if sh is not None else ():
                def apply(o, i=i, new=new) -> None:
                    elems = list(o.properties.get("arg_attrs").elements)
                    elems[i] = DictionaryAttr([(k, new if k == "sdy.sharding" else v) for k, v in elems[i].entries])
                    set_in("properties", "arg_attrs", ArrayAttr(elems))(o)
                yield f"arg{i}.sdy.sharding:{kind}", apply


def _sdy_cases() -> list[Case]:
    """Each seed valid, then one case per mutation of each op carrying Shardy IR."""
    import hlopt

    out: list[Case] = []
    seeds = dict(SDY_HAND)
    seeds.update({k: v for k, v in _jax_seeds().items() if "sdy." in v})
    for seed, text in sorted(seeds.items()):
        module = hlopt.parse_module(text, seed)
        out.append(Case("(sdy module)", f"(sdy module)/{seed}/valid", hlopt.print_op(module, generic=True)))
        ops = list(module.walk(post_order=False))
        for k, op in enumerate(ops):
            sdy_attrs = any(n.startswith("sdy.") for n, _ in op.attributes.entries)
            if not (op.name.startswith("sdy.") or sdy_attrs or op.name == "func.func") or op.name == "sdy.mesh":
                continue
            for name, apply in _sdy_mutants(op):
                fresh = hlopt.parse_module(text, seed)
                target = list(fresh.walk(post_order=False))[k]
                apply(target)
                label = op.name if op.name.startswith("sdy.") else f"{op.name} (sdy attributes)"
                out.append(Case(label, f"{label}/{seed}#{k}/{name}", hlopt.print_op(fresh, generic=True)))
    return out


# ---------------------------------------------------------------------------
# judging (needs jaxlib)

@dataclass(frozen=True)
class Verdict:
    mlir_ok: bool
    mlir_text: str  # MLIR's print when ok, else its first diagnostic
    hl_ok: bool
    hl_text: str  # hlopt's print when ok, else its first diagnostic
    located: bool  # hlopt's rejection is a `file:line:col: error:` diagnostic

    @property
    def agree(self) -> bool:
        return self.mlir_ok == self.hl_ok and (not self.mlir_ok or self.mlir_text == self.hl_text)

    def cause(self) -> str:
        if self.mlir_ok and not self.hl_ok:
            return "hlopt rejects what MLIR accepts: " + self.hl_text
        if not self.mlir_ok and self.hl_ok:
            return "hlopt misses MLIR's check: " + self.mlir_text
        if self.mlir_ok:
            a, b = self.mlir_text.splitlines(), self.hl_text.splitlines()
            i = next((k for k, (p, q) in enumerate(zip(a, b)) if p != q), min(len(a), len(b)))
            return f"printed text differs at line {i + 1}: MLIR {a[i] if i < len(a) else '<end>'!r}"
        return ""


def judge(case: Case) -> Verdict:
    sys.path.insert(0, str(HERE))
    import mlir_ref

    from hlopt.driver import Options, process
    from hlopt.syntax.source import Source

    try:
        mlir_text, mlir_ok = mlir_ref.parse_and_print(case.text), True
    except ValueError as e:
        mlir_text, mlir_ok = str(e).split(" error: ", 1)[-1].splitlines()[0], False
    out, diags, _ = process(Source("case.mlir", case.text), Options())
    hl_ok = out is not None
    if hl_ok:
        hl_text = out
    else:
        hl_text = diags[0].header().split(" error: ", 1)[-1] if diags else "(no diagnostic)"
    located = hl_ok or bool(diags and re.match(r"^case\.mlir:\d+:\d+: error: ", diags[0].header()))
    return Verdict(mlir_ok, mlir_text, hl_ok, hl_text, located)


def table(results: list[tuple[Case, Verdict]]) -> str:
    per: dict[str, list[int]] = {}
    for c, v in results:
        row = per.setdefault(c.op, [0, 0, 0, 0])  # valid, valid agreed, invalid, invalid agreed
        k = 0 if v.mlir_ok else 2
        row[k] += 1
        row[k + 1] += v.agree
    lines = ["# StableHLO/CHLO agreement with MLIR (jaxlib)", "",
             "Generated by `python tests/oracle/gen_shlo_agreement.py --table docs/stablehlo-agreement.md`",
             "(tests/oracle/test_shlo_agreement.py checks every case). A valid case agrees when hlopt accepts it",
             "and prints MLIR's text; an invalid one when hlopt rejects it too.", "",
             "| op | valid | agreed | invalid | agreed | agreement |", "|---|---:|---:|---:|---:|---:|"]
    tot = [0, 0, 0, 0]
    for op, row in sorted(per.items()):
        tot = [a + b for a, b in zip(tot, row)]
        pct = 100.0 * (row[1] + row[3]) / max(1, row[0] + row[2])
        lines.append(f"| `{op}` | {row[0]} | {row[1]} | {row[2]} | {row[3]} | {pct:.0f}% |")
    pct = 100.0 * (tot[1] + tot[3]) / max(1, tot[0] + tot[2])
    lines.append(f"| **all** | {tot[0]} | {tot[1]} | {tot[2]} | {tot[3]} | {pct:.1f}% |")
    return "\n".join(lines) + "\n"


_NUMBERS = re.compile(r"-?\d+")


def lit_file(results: list[tuple[Case, Verdict]]) -> str:
    """A --verify-diagnostics file: for each op, one invalid case per distinct
    message (numbers ignored) that hlopt rejects with MLIR's own message."""
    from hlopt.driver import Options, process
    from hlopt.syntax.source import Source

    chunks, seen = [], set()
    for c, v in results:
        if v.mlir_ok or v.hl_ok or v.mlir_text != v.hl_text:
            continue
        key = (c.op, _NUMBERS.sub("N", v.mlir_text))
        if key in seen:
            continue
        seen.add(key)
        _, diags, _ = process(Source("chunk.mlir", c.text), Options())
        line = diags[0].file_line_col()[1]
        lines = c.text.rstrip("\n").split("\n")
        indent = " " * (len(lines[line - 1]) - len(lines[line - 1].lstrip()))
        lines.insert(line - 1, f"{indent}// expected-error@+1 {{{{{v.mlir_text}}}}}")
        for k, d in enumerate(x for x in diags[1:] if x.severity == "error"):  # e.g. 'failed to infer returned types'
            lines.insert(line - 1, f"{indent}// expected-error@+{k + 2} {{{{{d.message}}}}}")
        chunks.append(f"// {c.id}\n" + "\n".join(lines) + "\n")
    head = ("// Generated by `python tests/oracle/gen_shlo_agreement.py --lit FILE`: one mechanically mutated case\n"
            "// per op and message that jaxlib's MLIR rejects with the same message as hlopt\n"
            "// (re-checked against MLIR by tests/oracle/test_shlo_agreement.py).\n"
            "// RUN: hlopt %s --split-input-file --verify-diagnostics\n\n")
    return head + "\n// -----\n\n".join(chunks)


# ---------------------------------------------------------------------------
# quantized cases: jaxlib's MLIR has no quant dialect, so iree-opt (whose
# StableHLO registers it) judges them; JAX emits no quantized ops, so the
# seeds are written here, one function per op (per-tensor, per-axis, hybrid
# and dynamic shapes), and mutated mechanically on their quantized types:
#
#     quant-scale / quant-zero-point   a scale doubled / a zero point moved
#     quant-storage                    i8 storage made u8
#     quant-expressed                  f32 expressed type made f16
#     quant-float                      the quantized type replaced by its expressed type
#     quant-axis                       per-axis dimension moved (per-tensor made per-axis)
# (each applied to operand #0 and to result #0: `operand-quant-scale`, `result-quant-axis`, ...)

_Q = "!quant.uniform<i8:f32, 5.000000e-01:3>"
_Q2 = "!quant.uniform<i8:f32, 2.500000e-01:-1>"
_QW = "!quant.uniform<i8:f32, 1.250000e-01>"  # zero point 0 (dot/conv rhs)


def _qa(dim: int, n: int, zp: int = 0) -> str:
    scales = ",".join(f"{0.5 / (k + 1):.6e}" + (f":{zp}" if zp else "") for k in range(n))
    return f"!quant.uniform<i8:f32:{dim}, {{{scales}}}>"


def _qf(name: str, args: list[str], body: str) -> tuple[str, str]:
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(args))
    return name, f"func.func @{name}({params}) {{\n  {body}\n  return\n}}\n"


def _quant_seeds() -> dict[str, str]:
    q, q2, qw = _Q, _Q2, _QW
    t = lambda shape, e: f"tensor<{shape}x{e}>"  # noqa: E731
    seeds = [
        _qf("add", [t("2x4", q), t("2x4", q2)], f'%0 = "stablehlo.add"(%a0, %a1) : ({t("2x4", q)}, {t("2x4", q2)}) -> {t("2x4", q)}'),
        _qf("add_per_axis", [t("2x4", _qa(1, 4)), t("2x4", _qa(1, 4))],
            f'%0 = "stablehlo.add"(%a0, %a1) : ({t("2x4", _qa(1, 4))}, {t("2x4", _qa(1, 4))}) -> {t("2x4", _qa(1, 4))}'),
        _qf("add_dynamic", [t("?x4", q), t("?x4", q)], f'%0 = "stablehlo.add"(%a0, %a1) : ({t("?x4", q)}, {t("?x4", q)}) -> {t("?x4", q)}'),
        *[_qf(o, [t("2x4", q), t("2x4", q2)], f'%0 = "stablehlo.{o}"(%a0, %a1) : ({t("2x4", q)}, {t("2x4", q2)}) -> {t("2x4", q)}')
          for o in ("subtract", "multiply", "maximum", "minimum", "divide")],
        *[_qf(o, [t("4", q)], f'%0 = "stablehlo.{o}"(%a0) : ({t("4", q)}) -> {t("4", q2)}')
          for o in ("abs", "negate", "exponential", "tanh", "sqrt", "sign")],
        _qf("compare", [t("4", q), t("4", q2)], f'%0 = "stablehlo.compare"(%a0, %a1) <{{comparison_direction = #stablehlo<comparison_direction GT>}}> : ({t("4", q)}, {t("4", q2)}) -> tensor<4xi1>'),
        _qf("select", ["tensor<4xi1>", t("4", q), t("4", q)], f'%0 = "stablehlo.select"(%a0, %a1, %a2) : (tensor<4xi1>, {t("4", q)}, {t("4", q)}) -> {t("4", q)}'),
        _qf("reshape", [t("2x4", q)], f'%0 = "stablehlo.reshape"(%a0) : ({t("2x4", q)}) -> {t("8", q)}'),
        _qf("reshape_per_axis", [t("2x4", _qa(1, 4))], f'%0 = "stablehlo.reshape"(%a0) : ({t("2x4", _qa(1, 4))}) -> {t("2x1x4", _qa(2, 4))}'),
        _qf("transpose", [t("2x4", q)], f'%0 = "stablehlo.transpose"(%a0) <{{permutation = array<i64: 1, 0>}}> : ({t("2x4", q)}) -> {t("4x2", q)}'),
        _qf("transpose_per_axis", [t("2x4", _qa(1, 4))], f'%0 = "stablehlo.transpose"(%a0) <{{permutation = array<i64: 1, 0>}}> : ({t("2x4", _qa(1, 4))}) -> {t("4x2", _qa(0, 4))}'),
        _qf("broadcast_in_dim", [t("2x4", q)], f'%0 = "stablehlo.broadcast_in_dim"(%a0) <{{broadcast_dimensions = array<i64: 0, 1>}}> : ({t("2x4", q)}) -> {t("2x4x3", q)}'),
        _qf("broadcast_in_dim_per_axis", [t("2x4", _qa(1, 4))], f'%0 = "stablehlo.broadcast_in_dim"(%a0) <{{broadcast_dimensions = array<i64: 0, 2>}}> : ({t("2x4", _qa(1, 4))}) -> {t("2x3x4", _qa(2, 4))}'),
        _qf("broadcast_in_dim_size_one", [t("2x1", _qa(1, 1))], f'%0 = "stablehlo.broadcast_in_dim"(%a0) <{{broadcast_dimensions = array<i64: 0, 1>}}> : ({t("2x1", _qa(1, 1))}) -> {t("2x3", "!quant.uniform<i8:f32:1, {5.000000e-01,5.000000e-01,5.000000e-01}>")}'),
        _qf("dot_general", [t("2x4", q), t("4x3", qw)], f'%0 = "stablehlo.dot_general"(%a0, %a1) <{{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}}> : ({t("2x4", q)}, {t("4x3", qw)}) -> {t("2x3", q)}'),
        _qf("dot_general_hybrid", [t("2x4", "f32"), t("4x3", qw)], f'%0 = "stablehlo.dot_general"(%a0, %a1) <{{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}}> : ({t("2x4", "f32")}, {t("4x3", qw)}) -> {t("2x3", "f32")}'),
        _qf("dot_general_per_axis", [t("2x4", q), t("4x3", _qa(1, 3))], f'%0 = "stablehlo.dot_general"(%a0, %a1) <{{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}}> : ({t("2x4", q)}, {t("4x3", _qa(1, 3))}) -> {t("2x3", _qa(1, 3))}'),
        _qf("convolution", [t("1x4x5x5", q), t("3x4x3x3", qw)], f'%0 = "stablehlo.convolution"(%a0, %a1) <{{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64}}> : ({t("1x4x5x5", q)}, {t("3x4x3x3", qw)}) -> {t("1x3x3x3", q)}'),
        _qf("convolution_per_axis", [t("1x4x5x5", q), t("3x4x3x3", _qa(0, 3))], f'%0 = "stablehlo.convolution"(%a0, %a1) <{{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64}}> : ({t("1x4x5x5", q)}, {t("3x4x3x3", _qa(0, 3))}) -> {t("1x3x3x3", _qa(1, 3))}'),
        _qf("convolution_hybrid", [t("1x4x5x5", "f32"), t("3x4x3x3", qw)], f'%0 = "stablehlo.convolution"(%a0, %a1) <{{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64}}> : ({t("1x4x5x5", "f32")}, {t("3x4x3x3", qw)}) -> {t("1x3x3x3", "f32")}'),
        _qf("uniform_quantize", [t("4", "f32")], f'%0 = "stablehlo.uniform_quantize"(%a0) : ({t("4", "f32")}) -> {t("4", q)}'),
        _qf("uniform_quantize_requantize", [t("4", q)], f'%0 = "stablehlo.uniform_quantize"(%a0) : ({t("4", q)}) -> {t("4", q2)}'),
        _qf("uniform_quantize_per_axis", [t("2x4", "f32")], f'%0 = "stablehlo.uniform_quantize"(%a0) : ({t("2x4", "f32")}) -> {t("2x4", _qa(1, 4))}'),
        _qf("uniform_dequantize", [t("4", q)], f'%0 = "stablehlo.uniform_dequantize"(%a0) : ({t("4", q)}) -> {t("4", "f32")}'),
        _qf("uniform_dequantize_dynamic", [t("?", q)], f'%0 = "stablehlo.uniform_dequantize"(%a0) : ({t("?", q)}) -> {t("?", "f32")}'),
        _qf("concatenate", [t("4", q), t("4", q)], f'%0 = "stablehlo.concatenate"(%a0, %a1) <{{dimension = 0 : i64}}> : ({t("4", q)}, {t("4", q)}) -> {t("8", q)}'),
        _qf("slice", [t("4", q)], f'%0 = "stablehlo.slice"(%a0) <{{limit_indices = array<i64: 2>, start_indices = array<i64: 0>, strides = array<i64: 1>}}> : ({t("4", q)}) -> {t("2", q)}'),
        _qf("reduce_precision", [t("4", q)], f'%0 = "stablehlo.reduce_precision"(%a0) <{{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}}> : ({t("4", q)}) -> {t("4", q)}'),
    ]
    return dict(seeds)


def _quant_mutations(t) -> Iterator[tuple[str, object]]:
    """(name, new type) for a tensor type with a quantized element type."""
    from hlopt.dialects.quant import UniformQuantizedType as U
    from hlopt.dialects.quant import storage_range
    from hlopt.ir.floats import parse_decimal, semantics
    from hlopt.ir.types import FloatType, RankedTensorType

    e = getattr(t, "element_type", None)
    if not isinstance(t, RankedTensorType) or not isinstance(e, U):
        return

    def ret(new_e):
        return RankedTensorType(t.shape, new_e, t.encoding)

    f64 = semantics("f64")
    double = [parse_decimal("1.0", f64)] + list(e.scales[1:])  # a scale changed (to 1.0, or from it)
    if e.scales[0] == double[0]:
        double[0] = parse_decimal("2.0", f64)
    yield "quant-scale", ret(U(e.signed, e.width, e.storage_min, e.storage_max, e.expressed, double, e.zero_points,
                               e.axis))
    yield "quant-zero-point", ret(U(e.signed, e.width, e.storage_min, e.storage_max, e.expressed, e.scales,
                                    [e.zero_points[0] + 1] + list(e.zero_points[1:]), e.axis))
    lo, hi = storage_range(not e.signed, e.width)
    yield "quant-storage", ret(U(not e.signed, e.width, lo, hi, e.expressed, e.scales,
                                 [max(0, z) for z in e.zero_points], e.axis))
    yield "quant-expressed", ret(U(e.signed, e.width, e.storage_min, e.storage_max, "f16", e.scales, e.zero_points,
                                   e.axis))
    yield "quant-float", ret(FloatType(e.expressed))
    if t.shape:
        axis = 0 if e.axis is None else (e.axis + 1) % len(t.shape)
        n = t.shape[axis] if t.shape[axis] > 0 else 1
        yield "quant-axis", ret(U(e.signed, e.width, e.storage_min, e.storage_max, e.expressed,
                                  [e.scales[0]] * n, [e.zero_points[0]] * n, axis))


def _iree_opt() -> str:
    sys.path.insert(0, str(HERE))
    from iree_tool import IREE_OPT  # the binary itself, not pip's Python wrapper around it

    return IREE_OPT or "iree-opt"


@functools.cache
def _iree_quant_verdicts() -> dict[str, tuple[int, str, str]]:
    """(status, stdout, stderr) of iree-opt on each of quant_cases(), from one
    iree-opt run over all of them (tests/oracle/iree_batch.py)."""
    from iree_batch import run_many

    texts = list(dict.fromkeys(c.text for c in quant_cases()))
    return {t: (r.status, r.out, r.err) for t, r in zip(texts, run_many(_iree_opt(), [], texts))}


@functools.cache
def quant_cases() -> tuple[Case, ...]:
    """The quantized seeds' ops isolated (as `cases()` does) and mutated."""
    import hlopt

    out: list[Case] = []
    for seed, text in _quant_seeds().items():
        module = hlopt.parse_module(text, seed)
        op = next(o for o in module.walk() if o.name.startswith("stablehlo."))
        base = f"{op.name}/quant-{seed}"
        iso, _ = _isolate(op)
        out.append(Case(op.name, f"{base}/valid", hlopt.print_op(iso, generic=True)))
        for where in ("operand", "result"):
            vals = op.operands if where == "operand" else op.results
            if not vals:
                continue
            for name, new in _quant_mutations(vals[0].type):
                m2, target = _isolate(op)
                if where == "operand":
                    target.operands[0].type = new
                    _retype_function(target)
                else:
                    target.results[0].type = new
                out.append(Case(op.name, f"{base}/{where}-{name}", hlopt.print_op(m2, generic=True)))
    return tuple(out)


def judge_quant(case: Case) -> Verdict:
    """iree-opt judges (its output ends with one extra blank line); the
    diagnostics compared are the first error messages."""
    import subprocess

    from hlopt.driver import Options, process
    from hlopt.syntax.source import Source

    r = _iree_quant_verdicts().get(case.text)
    if r is None:  # not one of quant_cases(): a run of its own
        p = subprocess.run([_iree_opt(), "-"], input=case.text, capture_output=True, text=True)
        r = (p.returncode, p.stdout, p.stderr)
    if r[0] == 0:
        ref, ref_ok = r[1].rstrip("\n") + "\n", True
    else:
        ref = next((ln.split(" error: ", 1)[1] for ln in r[2].splitlines() if " error: " in ln), r[2])
        ref_ok = False
    out, diags, _ = process(Source("case.mlir", case.text), Options())
    hl_ok = out is not None
    hl_text = out if hl_ok else (diags[0].header().split(" error: ", 1)[-1] if diags else "(no diagnostic)")
    located = hl_ok or bool(diags and re.match(r"^case\.mlir:\d+:\d+: error: ", diags[0].header()))
    return Verdict(ref_ok, ref, hl_ok, hl_text, located)


def quant_table(results: list[tuple[Case, Verdict]]) -> str:
    """The per-op table of the quantized cases (a rejection agrees only with
    the reference's message)."""
    # a rejection with another message than iree-opt's counts as a disagreement
    strict = [(c, v if v.mlir_ok or v.hl_ok or v.hl_text == v.mlir_text else
               Verdict(v.mlir_ok, v.mlir_text, True, v.hl_text, v.located)) for c, v in results]
    text = table(strict)
    text = text.replace("# StableHLO/CHLO agreement with MLIR (jaxlib)", "## Quantized cases (judged by iree-opt)")
    text = text.replace("(tests/oracle/test_shlo_agreement.py checks every case)",
                        "(tests/oracle/test_quant_agreement.py checks every case)")
    return text.replace("and prints MLIR's text; an invalid one when hlopt rejects it too.",
                        "and prints iree-opt's text; an invalid one when hlopt rejects it with iree-opt's message.")


def quant_lit_file(results: list[tuple[Case, Verdict]]) -> str:
    """lit_file's sample for the quantized cases, whose messages are iree-opt's."""
    text = lit_file(results)
    return text.replace("// per op and message that jaxlib's MLIR rejects with the same message as hlopt\n"
                        "// (re-checked against MLIR by tests/oracle/test_shlo_agreement.py).",
                        "// of quantized types per op and message that iree-opt rejects with the same message as\n"
                        "// hlopt (re-checked against iree-opt by tests/oracle/test_quant_agreement.py).").replace(
        "gen_shlo_agreement.py --lit FILE", "gen_shlo_agreement.py --quant-lit FILE")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--table", metavar="FILE", help="write the per-op agreement table (markdown)")
    ap.add_argument("--known", metavar="FILE", help="write the disagreements (case id, tab, cause)")
    ap.add_argument("--lit", metavar="FILE", help="write the --verify-diagnostics sample")
    ap.add_argument("--quant-lit", metavar="FILE", help="write the quantized cases' --verify-diagnostics sample")
    args = ap.parse_args(argv)
    if args.quant_lit:
        pathlib.Path(args.quant_lit).write_text(quant_lit_file([(c, judge_quant(c)) for c in quant_cases()]))
        return 0
    if not (args.table or args.known or args.lit):
        for c in cases():
            print(c.id)
        return 0
    results = [(c, judge(c)) for c in cases()]
    if args.table:
        quant = [(c, judge_quant(c)) for c in quant_cases()]
        pathlib.Path(args.table).write_text(table(results) + "\n" + quant_table(quant))
    if args.known:
        lines = [f"{c.id}\t{v.cause()}" for c, v in results if not v.agree]
        pathlib.Path(args.known).write_text("".join(ln.replace("\n", " ") + "\n" for ln in lines))
    if args.lit:
        pathlib.Path(args.lit).write_text(lit_file(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
