"""Async passes checked by the reference tools: MLIR's verifier (jaxlib)
accepts the upstream-form output, and XLA executes it on 8 CPU devices
with results bitwise equal to the original program's, on every JAX corpus
fixture with collectives and on the JAX programs of gen_async_programs.py
(same seeded random inputs for both runs; bf16 without excess precision)."""

from __future__ import annotations

import functools
import glob
import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))
from xla_exec import run_xla, xla_available  # noqa: E402

import hlopt  # noqa: E402
from hlopt.ir.types import RankedTensorType  # noqa: E402
from hlopt.passes.async_collectives import AsyncCollectives  # noqa: E402
from hlopt.passes.async_schedule import AsyncSchedule  # noqa: E402
from hlopt.passes.async_to_mhlo import StablehloAsyncToMhlo  # noqa: E402

pytestmark = pytest.mark.skipif(not xla_available(), reason="jax/jaxlib not installed")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_COLL = ("collective_permute", "all_reduce", "all_gather", "reduce_scatter", "all_to_all")
FIXTURES = sorted(f for f in glob.glob(os.path.join(ROOT, "tests/fixtures/stablehlo/*.mlir"))
                  if not f.endswith((".generic.mlir", ".debuginfo.mlir"))
                  and any(c in open(f).read() for c in _COLL))


def _ids(paths):
    return [os.path.basename(p)[:-5] for p in paths]


def _main(m):
    return next(o for o in m.regions[0].blocks[0].ops
                if o.name == "func.func" and o.get_attr("sym_name").value == "main")


def random_inputs(m, seed: int = 0) -> list[np.ndarray]:
    import ml_dtypes  # noqa: F401  (bf16 dtypes by name)

    rng = np.random.default_rng(seed)
    out = []
    for a in _main(m).regions[0].blocks[0].args:
        t = a.type
        assert isinstance(t, RankedTensorType)
        et = t.element_type.text
        if et.startswith("f") or et.startswith("bf"):
            x = rng.standard_normal(t.shape).astype(np.dtype("bfloat16" if et == "bf16" else f"float{et[1:]}"))
        elif et == "i1":
            x = rng.integers(0, 2, t.shape).astype(np.bool_)
        else:
            bits = int(et.lstrip("ui"))
            x = rng.integers(-100 if et.startswith("i") else 0, 100, t.shape).astype(
                np.dtype(("int" if et.startswith("i") else "uint") + str(bits)))
        out.append(x)
    return out


def _partitions(m) -> int:
    a = m.attributes.get("mhlo.num_partitions")
    return a.value if a is not None else 1


def scheduled(text: str, form: str = "upstream", mhlo: bool = False, schedule: bool = True,
              pipeline: bool = False) -> str:
    m = hlopt.parse_module(text)
    AsyncCollectives(form=form).run(m)
    if schedule:
        AsyncSchedule(pipeline_loops=pipeline).run(m)
    if mhlo:
        StablehloAsyncToMhlo().run(m)
    hlopt.verify(m)
    return hlopt.print_op(m)


def _bitwise_equal(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and a.dtype == b.dtype and a.tobytes() == b.tobytes()


@pytest.mark.parametrize("path", FIXTURES, ids=_ids(FIXTURES))
def test_upstream_form_verifies_in_mlir(path):
    from mlir_ref import verify

    out = scheduled(open(path).read())
    assert "stablehlo.async_start" in out
    ok, msg = verify(out)
    assert ok, msg


@pytest.mark.parametrize("form", ["upstream", "rfc"])
@pytest.mark.parametrize("path", FIXTURES, ids=_ids(FIXTURES))
def test_mhlo_bundles_verify_in_mlir(path, form):
    from mlir_ref import verify

    out = scheduled(open(path).read(), form=form, mhlo=True)
    assert "mhlo.async_start" in out and "stablehlo.async_start" not in out
    ok, msg = verify(out)
    assert ok, msg


def test_async_update_verifies_in_mlir():
    from mlir_ref import verify

    src = open(os.path.join(ROOT, "tests/lit/async/to_mhlo.mlir")).read()
    m = hlopt.parse_module(src)
    StablehloAsyncToMhlo(xla_compatible=False).run(m)
    out = hlopt.print_op(m)
    assert "mhlo.async_update" in out
    ok, msg = verify(out)
    assert ok, msg


# the JAX programs of gen_async_programs.py, lowered at test time: f32 and bf16 sizes
# (moe is bf16 at every size; fsdp and data_parallel also run in bf16, where the
# reductions' rounding would show any change of order)
GENERATED = ([f"{n}-small" for n in ("ring_matmul", "pipeline", "fsdp", "data_parallel", "moe")]
             + [f"{n}-small_bf16" for n in ("fsdp", "data_parallel")])


@functools.cache
def _generated(size: str) -> dict[str, str]:
    from gen_async_programs import programs

    return {n: text for n, (text, _) in programs(size).items()}


@functools.cache
def _program(key: str) -> tuple[str, str]:
    """(text, name) of a corpus fixture path or a generated program 'NAME-SIZE'."""
    if key.endswith(".mlir"):
        return open(key).read(), os.path.basename(key)
    name, size = key.rsplit("-", 1)
    return _generated(size)[name], key


@functools.cache
def _reference(key: str):
    text, _ = _program(key)
    m = hlopt.parse_module(text)
    args = random_inputs(m)
    return args, _partitions(m), run_xla(text, args, num_partitions=_partitions(m))


# what a user runs: the upstream form alone, with and without scheduling, lowered to mhlo with and without
# scheduling (--stablehlo-async-to-mhlo keeps what XLA cannot run asynchronously
# synchronous), and the RFC form through mhlo
VARIANTS = {"upstream-unscheduled": dict(schedule=False), "upstream": dict(),
            "upstream-mhlo": dict(schedule=False, mhlo=True),
            "upstream-scheduled-mhlo": dict(mhlo=True), "rfc-scheduled-mhlo": dict(form="rfc", mhlo=True)}


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("key", FIXTURES + GENERATED, ids=_ids(FIXTURES) + GENERATED)
def test_xla_executes_async_output_bitwise_equal(key, variant):
    args, n, want = _reference(key)
    text, _ = _program(key)
    opts = VARIANTS[variant]
    out = scheduled(text, **opts)
    if not opts.get("mhlo") and any(f"stablehlo.{c}" in text for c in _COLL if c != "all_to_all"):
        assert "stablehlo.async_start" in out
    assert "mhlo.async_update" not in out  # XLA:CPU rejects async_update
    got = run_xla(out, args, num_partitions=n)
    assert len(got.global_) == len(want.global_)
    for i, (g, w) in enumerate(zip(got.global_, want.global_)):
        assert _bitwise_equal(g, w), f"output {i} differs"
    for d, (gd, wd) in enumerate(zip(got.per_device, want.per_device)):
        for i, (g, w) in enumerate(zip(gd, wd)):
            assert _bitwise_equal(g, w), f"device {d} output {i} differs"


def test_mhlo_lowering_keeps_reduce_scatter_and_all_to_all_synchronous():
    """The ops XLA's generic async wrapper aborts on (reduce_scatter) or
    rejects (all_to_all) never reach it: their starts become synchronous."""
    for key in ("fsdp-small", "moe-small"):
        text, _ = _program(key)
        out = scheduled(text, form="rfc", mhlo=True)
        body_ops = [ln for ln in out.splitlines() if "async_body" in ln and "func.func" in ln]
        assert "reduce_scatter" in out or "all_to_all" in out
        for ln in out.split("func.func private @async_body")[1:]:
            head = ln.split("return", 1)[0]
            assert "reduce_scatter" not in head and "all_to_all" not in head
        assert len(body_ops) >= (1 if key.startswith("fsdp") else 0)


# software pipelining of loop-carried collectives (--async-schedule=pipeline-loops=true): the ring
# collective matmul and the FSDP layer scan (pipelined), the GPipe pipeline loop (left alone with a
# remark: its permute's operand is the stage's output) and the corpus' loops with collectives,
# through the upstream form and through mhlo
LOOP_FIXTURES = [f for f in FIXTURES if "stablehlo.while" in open(f).read()]
PIPELINE_KEYS = ["ring_matmul-small", "layer_scan-small", "pipeline-small", *LOOP_FIXTURES]
PIPELINED = {"ring_matmul-small", "layer_scan-small"}


@pytest.mark.parametrize("mhlo", [False, True], ids=["upstream", "mhlo"])
@pytest.mark.parametrize("key", PIPELINE_KEYS, ids=[os.path.basename(k).removesuffix(".mlir") for k in PIPELINE_KEYS])
def test_xla_executes_pipelined_loops_bitwise_equal(key, mhlo):
    args, n, want = _reference(key)
    text, _ = _program(key)
    out = scheduled(text, mhlo=mhlo, pipeline=True)
    plain = scheduled(text, mhlo=mhlo)
    start = "mhlo.async_start" if mhlo else "stablehlo.async_start"
    # a pipelined loop has one more start (the peeled first collective) than the scheduled input
    assert (out.count(start) > plain.count(start)) == (key in PIPELINED)
    got = run_xla(out, args, num_partitions=n)
    assert len(got.per_device) == len(want.per_device) == n
    for d, (gd, wd) in enumerate(zip(got.per_device, want.per_device)):
        for i, (g, w) in enumerate(zip(gd, wd)):
            assert _bitwise_equal(g, w), f"device {d} output {i} differs"
