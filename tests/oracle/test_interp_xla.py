"""The interpreter against XLA's own SPMD execution of the same text, on
every JAX corpus fixture, with the same seeded random inputs.

Tolerances (see docs/interpreter.md): integer and boolean results must be
equal; floating results must satisfy max|ours - xla| <= tol * max(1, max|xla|)
where tol depends on the fixture's op classes: 1e-6 for elementwise
arithmetic and data movement, 1e-5 with transcendental functions, 1e-4
with dots, convolutions, reductions and FFTs (XLA's accumulation order
differs), 5e-3 for the deep transformer gradient: it is ill-conditioned
(thousands of chained dots, loss ~1e5); switching only the interpreter's
dot accumulation from f32 to f64 moves its results by up to 9e-4 of their
scale, and XLA differs from us by up to 1.1e-3. Results the spec leaves implementation-defined (rng_bit_generator
bits and states, rng) are compared by shape and dtype only.
"""

from __future__ import annotations

import glob
import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))
from xla_exec import XlaError, run_xla, xla_available  # noqa: E402

import hlopt  # noqa: E402
from hlopt.interp import assemble, interpret, random_inputs  # noqa: E402
from hlopt.interp.api import module_counts  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = sorted(f for f in glob.glob(os.path.join(ROOT, "tests/fixtures/stablehlo/*.mlir"))
                  if not f.endswith((".generic.mlir", ".debuginfo.mlir")))

# python callbacks need jax's host callback registry, which XLA alone has not
SKIP = {"io_callback": "host python callbacks are not executable outside jax"}
IMPL_DEFINED_OPS = ("stablehlo.rng_bit_generator", "stablehlo.rng")

_TRANSCENDENTAL = ("exponential", "log", "tanh", "sine", "cosine", "tan", "rsqrt", "sqrt", "power", "atan2",
                   "cbrt", "logistic", "chlo.")
_ACCUMULATING = ("dot_general", "convolution", "reduce", "fft", "all_reduce", "reduce_scatter", "lapack")


def tolerance(name: str, text: str) -> float:
    if name.startswith("deep_transformer"):
        return 5e-3
    if any(k in text for k in _ACCUMULATING):
        return 1e-4
    if any(k in text for k in _TRANSCENDENTAL):
        return 1e-5
    return 1e-6


def impl_defined_results(module) -> set[int]:
    """Entry results that depend on an implementation-defined op."""
    tainted: set = set()
    funcs = {op.get_attr("sym_name").value: op for op in module.regions[0].blocks[0].ops
             if op.name == "func.func"}
    memo: dict[str, bool] = {}

    def func_tainted(name: str) -> bool:
        if name not in memo:
            memo[name] = False
            memo[name] = any(o.name in IMPL_DEFINED_OPS or (o.name == "func.call" and func_tainted(o.get_attr("callee").leaf))
                             for o in funcs[name].walk())
        return memo[name]

    main = funcs["main"]
    for op in main.walk(post_order=False):
        if op is main:
            continue
        hit = op.name in IMPL_DEFINED_OPS or any(v in tainted for v in op.operands)
        if op.name == "func.call" and func_tainted(op.get_attr("callee").leaf):
            hit = True
        if hit:
            tainted.update(op.results)
    ret = main.regions[0].blocks[0].last_op
    return {i for i, v in enumerate(ret.operands) if v in tainted}


def assert_matches(ours: list, theirs: list, tol: float, skip: set[int] = frozenset()) -> None:
    """Integers and booleans equal; floats within tol * max(1, max|xla|),
    NaNs and infinities in the same places."""
    assert len(ours) == len(theirs)
    for i, (a, b) in enumerate(zip(ours, theirs)):
        a, b = np.asarray(a), np.asarray(b)
        assert a.shape == b.shape and a.dtype == b.dtype, f"result {i}: {a.shape} {a.dtype} vs {b.shape} {b.dtype}"
        if i in skip:
            continue
        if a.dtype.kind in "biu":
            assert np.array_equal(a, b), f"result {i} differs at {np.argwhere(a != b)[:5].tolist()}"
            continue
        wide = np.complex128 if a.dtype.kind == "c" else np.float64
        a64, b64 = a.astype(wide), b.astype(wide)
        assert np.array_equal(np.isnan(a64), np.isnan(b64)), f"result {i}: NaNs differ"
        fin = np.isfinite(b64)
        assert np.array_equal(a64[~fin & ~np.isnan(b64)], b64[~fin & ~np.isnan(b64)]), f"result {i}: infinities differ"
        if fin.any():
            err = np.abs(a64[fin] - b64[fin]).max()
            scale = max(1.0, float(np.abs(b64[fin]).max()))
            assert err <= tol * scale, f"result {i}: max difference {err:.3g} > {tol:g} * {scale:.3g}"


@pytest.mark.skipif(not xla_available(), reason="jax/jaxlib not installed (oracle extra)")
@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: os.path.basename(p)[:-5])
def test_interpreter_matches_xla(path: str) -> None:
    name = os.path.basename(path)[:-5]
    if name in SKIP:
        pytest.skip(SKIP[name])
    text = open(path).read()
    m = hlopt.parse_module(text, path)
    P, R = module_counts(m)
    args = random_inputs(m, seed=0)
    ref = run_xla(text, args, P, R, timeout=1500 if name.startswith("deep_") else 300)
    ours = assemble(m, interpret(m, args))
    skip = impl_defined_results(m)
    assert_matches(ours, ref.global_, tolerance(name, text), skip)
    # per device, wherever XLA chose the same per-device layout
    per = interpret(m, args)
    for d in range(P * R):
        for i, (a, b) in enumerate(zip(per[d], ref.per_device[d])):
            a, b = np.asarray(a), np.asarray(b)
            if a.shape == b.shape and i not in skip and a.dtype.kind in "biu":
                assert np.array_equal(a, b), f"device {d} result {i} differs"


@pytest.mark.skipif(not xla_available(), reason="jax/jaxlib not installed (oracle extra)")
def test_impl_defined_results_found() -> None:
    m = hlopt.parse_module(open(os.path.join(ROOT, "tests/fixtures/stablehlo/random.mlir")).read())
    assert impl_defined_results(m) == {3, 4, 5, 6, 7, 8, 9}


@pytest.mark.skipif(not xla_available(), reason="jax/jaxlib not installed (oracle extra)")
def test_linalg_on_well_posed_inputs() -> None:
    """The LAPACK custom calls (potrf, trsm, getrf) on a symmetric positive
    definite matrix, so every result is finite (random inputs make the
    Cholesky factorization fail and most results NaN)."""
    text = open(os.path.join(ROOT, "tests/fixtures/stablehlo/linalg.mlir")).read()
    m = hlopt.parse_module(text)
    rng = np.random.default_rng(3)
    g = rng.standard_normal((4, 4))
    a = (g @ g.T + 4 * np.eye(4)).astype(np.float32)
    b = rng.standard_normal((4, 3)).astype(np.float32)
    ref = run_xla(text, [a, b])
    assert all(np.isfinite(r).all() for r in ref.global_)
    ours = assemble(m, interpret(m, [a, b]))
    assert_matches(ours, ref.global_, 1e-4)
    np.testing.assert_allclose(ours[3], np.linalg.solve(a, b), rtol=1e-4, atol=1e-5)


# XLA exports single-block functions only; its MLIR pipeline merges blocks first, so
# unconditional branches and branches on constants run, a data-dependent cf.cond_br does not
# ("only single block Function supported"): those are pinned by tests/unit/test_interp_cf.py.
BRANCHES = """module @branches attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%a: tensor<4xf32>, %b: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
    %0 = stablehlo.add %a, %a : tensor<4xf32>
    cf.br ^bb1(%b, %0 : tensor<4xi32>, tensor<4xf32>)
  ^bb1(%p: tensor<4xi32>, %q: tensor<4xf32>):
    %t = arith.constant true
    %1 = stablehlo.multiply %p, %b : tensor<4xi32>
    cf.cond_br %t, ^bb2(%q, %1 : tensor<4xf32>, tensor<4xi32>), ^bb3
  ^bb2(%r: tensor<4xf32>, %s: tensor<4xi32>):
    %2 = stablehlo.exponential %r : tensor<4xf32>
    cf.br ^bb4(%2, %s : tensor<4xf32>, tensor<4xi32>)
  ^bb3:
    cf.br ^bb4(%a, %b : tensor<4xf32>, tensor<4xi32>)
  ^bb4(%x: tensor<4xf32>, %y: tensor<4xi32>):
    return %x, %y : tensor<4xf32>, tensor<4xi32>
  }
}
"""


@pytest.mark.skipif(not xla_available(), reason="jax/jaxlib not installed (oracle extra)")
def test_branches_between_blocks_match_xla() -> None:
    m = hlopt.parse_module(BRANCHES)
    args = random_inputs(m, seed=2)
    ref = run_xla(BRANCHES, args)
    ours = assemble(m, interpret(m, args))
    assert_matches(ours, ref.global_, 1e-5)
    np.testing.assert_array_equal(ours[1], args[1] * args[1])  # and the branch taken is the true one


# jax 0.10.2 does not emit sub-axes in lowered modules: written by hand. Mesh x=4, y=2;
# "x":(1)2 is x's major half, "x":(2)2 its minor half.
SUBAXES = """module @subaxes attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4, "y"=2]>
  func.func public @main(%a: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"y"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"y"}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x":(2)2}, {}]>}) {
    %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x":(1)2}, {"y"}]>] out_shardings=[<@mesh, [{"x":(1)2}, {"y"}]>] manual_axes={"x", "y"} (%l: tensor<4x2xf32>) {
      %init = stablehlo.constant dense<0.0> : tensor<f32>
      %s = stablehlo.reduce(%l init: %init) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x2xf32>, tensor<f32>) -> tensor<f32>
      %b = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4x2xf32>
      %r = stablehlo.add %l, %b : tensor<4x2xf32>
      sdy.return %r : tensor<4x2xf32>
    } : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %1 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"y", "x":(2)2}, {}]>] out_shardings=[<@mesh, [{"y", "x":(2)2}, {}]>] manual_axes={"x", "y"} (%l: tensor<2x4xf32>) {
      %t = stablehlo.reverse %l, dims = [0] : tensor<2x4xf32>
      %m = stablehlo.multiply %t, %l : tensor<2x4xf32>
      sdy.return %m : tensor<2x4xf32>
    } : (tensor<8x4xf32>) -> tensor<8x4xf32>
    return %0, %1 : tensor<8x4xf32>, tensor<8x4xf32>
  }
}
"""


@pytest.mark.skipif(not xla_available(), reason="jax/jaxlib not installed (oracle extra)")
def test_shardy_sub_axes_match_xla() -> None:
    m = hlopt.parse_module(SUBAXES)
    args = random_inputs(m, seed=1)
    ref = run_xla(SUBAXES, args, 8, 1)
    per = interpret(m, args, num_partitions=8)
    assert_matches(assemble(m, per), ref.global_, 1e-6)
    for d in range(8):  # every device's block, not only the assembled arrays
        for i in range(2):
            np.testing.assert_allclose(per[d][i], ref.per_device[d][i], rtol=1e-6, atol=1e-6)


HOST_TRANSFER = """module @host attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<2xi32>) -> tensor<2xi32> {
    %t = stablehlo.after_all : !stablehlo.token
    %r:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 4, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)
    %s = stablehlo.add %x, %r#0 : tensor<2xi32>
    %t2 = "stablehlo.send"(%s, %r#1) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true} : (tensor<2xi32>, !stablehlo.token) -> !stablehlo.token
    return %s : tensor<2xi32>
  }
}
"""


@pytest.mark.skipif(not xla_available(), reason="jax/jaxlib not installed (oracle extra)")
def test_xla_cpu_does_not_run_host_transfers() -> None:
    """XLA:CPU refuses host send/recv, so the interpreter's host model is
    pinned by hand-computed unit tests; should a jaxlib run them, this test
    fails and they get compared here."""
    x = np.array([1, 2], np.int32)
    with pytest.raises(XlaError, match="HLO opcode `recv` is not supported by XLA:CPU"):
        run_xla(HOST_TRANSFER, [x])
    m = hlopt.parse_module(HOST_TRANSFER)
    sent: dict = {}
    (r,), = interpret(m, [x], host_inputs={4: [np.array([10, 20], np.int32)]}, host_outputs=sent)
    assert r.tolist() == [11, 22] and sent[5][0][0][0].tolist() == [11, 22]
