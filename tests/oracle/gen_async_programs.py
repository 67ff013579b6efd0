#!/usr/bin/env python3
"""JAX programs whose communication the async passes should overlap,
written for this project (not taken from the corpus): a ring collective
matmul in a fori_loop, a GPipe-style pipeline loop, an FSDP layer stack
(all_gather of weights forward, reduce_scatter of gradients backward), a
data-parallel training step (psum of each gradient), a bf16 MoE layer
(all_to_all there and back) and an FSDP forward as a loop over layers
(all_gather of each layer's weights, the software-pipelining case).

`programs(size)` lowers them with jax (shard_map over 8 devices) and
returns {name: (stablehlo text, [(shape, dtype) of main's arguments])}.
`size="small"` is what the oracle executes on XLA:CPU; `size="h100"` is
hidden 8192 in bf16 (the cost model's H100 defaults), only lowered:

    python tests/oracle/gen_async_programs.py OUTDIR   # writes OUTDIR/NAME.mlir at h100 size

(`tests/fixtures/async/` holds that output for the lit and unit tests,
which run without jax.)
"""

from __future__ import annotations

import functools
import os
import sys

N = 8
SIZES = {
    # hidden, tokens per device, layers, dtype
    "small": dict(d=32, t=16, layers=3, dtype="float32"),
    "small_bf16": dict(d=32, t=16, layers=3, dtype="bfloat16"),
    "h100": dict(d=8192, t=4096, layers=4, dtype="bfloat16"),
}


def _jax():
    os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") + " --xla_force_host_platform_device_count=8").strip()
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    import jax

    return jax


def _builders(jax, d: int, t: int, layers: int, dtype: str):
    import jax.numpy as jnp
    import numpy as np
    from jax import lax
    from jax.sharding import Mesh
    from jax.sharding import PartitionSpec as P

    mesh = Mesh(np.array(jax.devices()[:N]), ("x",))
    dt = jnp.dtype(dtype)
    S = jax.ShapeDtypeStruct
    smap = functools.partial(jax.shard_map, mesh=mesh, check_vma=False)

    def ring_matmul():
        # out[t, all columns] = lhs_blk @ rhs, rhs's column blocks passed around a ring
        @functools.partial(smap, in_specs=(P("x", None), P(None, "x")), out_specs=P("x", None))
        def body(lhs_blk, rhs_blk):
            idx = lax.axis_index("x")
            cols = rhs_blk.shape[1]
            perm = [(j, (j - 1) % N) for j in range(N)]

            def step(i, carry):
                out, blk = carry
                part = jnp.dot(lhs_blk, blk)
                out = lax.dynamic_update_slice_in_dim(out, part, ((idx + i) % N) * cols, axis=1)
                return out, lax.ppermute(blk, "x", perm)

            out = jnp.zeros((lhs_blk.shape[0], cols * N), lhs_blk.dtype)
            return lax.fori_loop(0, N, step, (out, rhs_blk))[0]

        def ring_matmul(lhs, rhs):
            return body(lhs, rhs)
        return ring_matmul, (S((t * N, d), dt), S((d, d), dt))

    def pipeline():
        # GPipe: stage s holds layer s; microbatches flow stage to stage
        micro = 4

        @functools.partial(smap, in_specs=(P("x"), P()), out_specs=P("x"))
        def body(w, xs):
            w = w[0]
            stage = lax.axis_index("x")
            perm = [(i, (i + 1) % N) for i in range(N)]

            def step(i, carry):
                state, outs = carry
                inp = jnp.where(stage == 0, xs[jnp.minimum(i, micro - 1)], state)
                out = jnp.tanh(jnp.dot(inp, w))
                slot = jnp.clip(i - (N - 1), 0, micro - 1)
                outs = lax.dynamic_update_slice_in_dim(outs, out[None], slot, axis=0)
                return lax.ppermute(out, "x", perm), outs

            init = (jnp.zeros_like(xs[0]), jnp.zeros_like(xs))
            return lax.fori_loop(0, micro + N - 1, step, init)[1][None]

        def pipeline(w, xs):
            return body(w, xs)
        return pipeline, (S((N, d, d), dt), S((micro, t, d), dt))

    def _mlp_loss(ws, x):
        h = x
        for w in ws:
            h = jnp.tanh(jnp.dot(h, w))
        return jnp.sum(h.astype(jnp.float32) ** 2)

    def fsdp():
        # weights sharded by rows; gathered per layer forward, gradients reduce-scattered backward
        @functools.partial(smap, in_specs=(P(None, "x", None), P("x")), out_specs=P(None, "x", None))
        def body(ws, x):
            def loss(ws, x):
                full = [lax.all_gather(ws[i], "x", tiled=True) for i in range(layers)]
                return _mlp_loss(full, x)
            return jnp.stack(jax.grad(loss)([ws[i] for i in range(layers)], x))

        def fsdp(ws, x):
            return body(ws, x)
        return fsdp, (S((layers, d, d), dt), S((t * N, d), dt))

    def data_parallel():
        # replicated weights, sharded batch, one psum per gradient, SGD update
        @functools.partial(smap, in_specs=(P(), P("x")), out_specs=P())
        def body(ws, x):
            grads = jax.grad(_mlp_loss)([ws[i] for i in range(layers)], x)
            grads = [lax.psum(g, "x") for g in grads]
            return jnp.stack([ws[i] - (0.01 * g).astype(ws.dtype) for i, g in enumerate(grads)])

        def data_parallel(ws, x):
            return body(ws, x)
        return data_parallel, (S((layers, d, d), dt), S((t * N, d), dt))

    def moe():
        # one expert per device; tokens routed by an all_to_all there and back (bf16)
        bt = jnp.bfloat16

        @functools.partial(smap, in_specs=(P("x"), P("x")), out_specs=P("x"))
        def body(w, x):
            y = lax.all_to_all(x.reshape(N, -1, d), "x", 0, 0, tiled=True)
            h = jnp.tanh(jnp.einsum("ecd,df->ecf", y, w[0]))
            back = lax.all_to_all(h, "x", 0, 0, tiled=True)
            return back.reshape(x.shape) + x

        def moe(w, x):
            return body(w, x)
        return moe, (S((N, d, d), bt), S((t * N, d), bt))

    def layer_scan():
        # FSDP forward as a loop over layers: layer i's weight rows all-gathered, then its matmul
        @functools.partial(smap, in_specs=(P(None, "x", None), P("x")), out_specs=P("x"))
        def body(ws, x):
            def step(i, h):
                return jnp.tanh(jnp.dot(h, lax.all_gather(ws[i], "x", tiled=True)))
            return lax.fori_loop(0, layers, step, x)

        def layer_scan(ws, x):
            return body(ws, x)
        return layer_scan, (S((layers, d, d), dt), S((t * N, d), dt))

    return {"ring_matmul": ring_matmul, "pipeline": pipeline, "fsdp": fsdp,
            "data_parallel": data_parallel, "moe": moe, "layer_scan": layer_scan}


def programs(size: str = "small") -> dict[str, tuple[str, list[tuple[tuple[int, ...], str]]]]:
    jax = _jax()
    out = {}
    for name, b in _builders(jax, **SIZES[size]).items():
        f, args = b()
        text = jax.jit(f).lower(*args).as_text()
        out[name] = (text, [(tuple(a.shape), str(a.dtype)) for a in args])
    return out


def main(argv: list[str]) -> None:
    outdir = argv[1]
    os.makedirs(outdir, exist_ok=True)
    for name, (text, _) in programs("h100").items():
        with open(os.path.join(outdir, f"{name}.mlir"), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main(sys.argv)
