"""send/recv passes against the reference tools (issue 11).

- MLIR's own parser and verifier (jaxlib) accept what the decomposition
  and the pipelining write, on every JAX shard_map fixture in all three
  spellings.
- XLA:CPU cannot execute device-to-device send/recv, so execution is
  checked through the inverse: decompose then recompose (and decompose,
  pipeline, recompose) gives modules XLA runs on 8 CPU devices with
  results bitwise equal to the original's on the same random inputs.
"""

from __future__ import annotations

import glob
import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))
import mlir_ref  # noqa: E402
from xla_exec import run_xla, xla_available  # noqa: E402

import hlopt  # noqa: E402
from hlopt.driver import run_module  # noqa: E402
from hlopt.interp import random_inputs  # noqa: E402
from hlopt.interp.api import module_counts  # noqa: E402

pytestmark = pytest.mark.skipif(not xla_available(), reason="jax/jaxlib not installed")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ALL = sorted(f for f in glob.glob(os.path.join(ROOT, "tests/fixtures/stablehlo/*.mlir"))
             if "collective_permute" in open(f).read())
PLAIN = [f for f in ALL if not f.endswith((".generic.mlir", ".debuginfo.mlir"))]

DECOMPOSE = "builtin.module(stablehlo-decompose-collective-permute{scope=all})"
WHOLE = "builtin.module(stablehlo-decompose-collective-permute{scope=all split-cycles=false})"
PIPELINE = "builtin.module(inline,symbol-dce,stablehlo-decompose-collective-permute{scope=all},stablehlo-pipeline-send-recv{backedge-send-recv=true})"
RECOMPOSE = ",stablehlo-send-recv-to-collective-permute)"


def _run(path: str, pipeline: str, debuginfo: bool = False) -> str:
    m = hlopt.parse_module(open(path).read(), os.path.basename(path))
    run_module(m, pipeline)
    return hlopt.print_op(m, debuginfo=debuginfo)


@pytest.mark.parametrize("pipeline", [DECOMPOSE, WHOLE, PIPELINE], ids=["decompose", "whole", "pipeline"])
@pytest.mark.parametrize("path", ALL, ids=os.path.basename)
def test_mlir_accepts_the_output(path: str, pipeline: str) -> None:
    out = _run(path, pipeline, debuginfo=path.endswith(".debuginfo.mlir"))
    assert "stablehlo.send" in out
    ok, msg = mlir_ref.verify(out)
    assert ok, msg
    # and MLIR prints it as hlopt does
    assert mlir_ref.parse_and_print(out) == hlopt.print_op(hlopt.parse_module(out))


@pytest.mark.parametrize("pipeline", [DECOMPOSE[:-1] + RECOMPOSE, WHOLE[:-1] + RECOMPOSE, PIPELINE[:-1] + RECOMPOSE],
                         ids=["decompose", "whole", "pipeline"])
@pytest.mark.parametrize("path", PLAIN, ids=os.path.basename)
def test_xla_results_bitwise_equal_after_the_round_trip(path: str, pipeline: str) -> None:
    text = open(path).read()
    m = hlopt.parse_module(text)
    parts, reps = module_counts(m)
    args = random_inputs(m, seed=3)
    out = _run(path, pipeline)
    assert "stablehlo.send" not in out and "stablehlo.recv" not in out
    want = run_xla(text, args, parts, reps)
    got = run_xla(out, args, parts, reps)
    assert len(want.per_device) == len(got.per_device)
    for d, (a, b) in enumerate(zip(want.per_device, got.per_device)):
        for i, (x, y) in enumerate(zip(a, b)):
            assert x.dtype == y.dtype and x.shape == y.shape, (d, i)
            assert np.array_equal(x, y, equal_nan=True), f"device {d} output {i} differs"


# -- generated loops: the three shapes of loop-carried permutes, rings both ways
# and a chain, 0 to 5 iterations (the generator is the unit tests')
sys.path.insert(0, os.path.join(ROOT, "tests", "unit"))
from test_send_recv import BODIES, RINGS, _loop_module  # noqa: E402

LOOPS = [(b, r, n) for b in sorted(BODIES) for r in sorted(RINGS) for n in (0, 1, 5)]
LOOP_IDS = [f"{b}-{r}-{n}" for b, r, n in LOOPS]


def _pipelined(text: str, recompose: bool) -> str:
    m = hlopt.parse_module(text)
    run_module(m, "builtin.module(stablehlo-decompose-collective-permute{scope=all},stablehlo-pipeline-send-recv{backedge-send-recv=true}"
               + (",stablehlo-send-recv-to-collective-permute)" if recompose else ")"))
    return hlopt.print_op(m)


@pytest.mark.parametrize("body,ring,trips", LOOPS, ids=LOOP_IDS)
def test_mlir_accepts_pipelined_loops(body: str, ring: str, trips: int) -> None:
    out = _pipelined(_loop_module(body, RINGS[ring], trips), recompose=False)
    assert ("_xla_send_recv_pipeline" in out) == (trips > 0)
    ok, msg = mlir_ref.verify(out)
    assert ok, msg
    assert mlir_ref.parse_and_print(out) == hlopt.print_op(hlopt.parse_module(out))


@pytest.mark.parametrize("body,ring,trips", LOOPS, ids=LOOP_IDS)
def test_xla_runs_pipelined_loops_bitwise_equal(body: str, ring: str, trips: int) -> None:
    """Pipelined, then recomposed (XLA:CPU has no device-to-device send/recv):
    the peeled transfer, the carried value and tokens run in XLA."""
    text = _loop_module(body, RINGS[ring], trips)
    m = hlopt.parse_module(text)
    parts, reps = module_counts(m)
    args = random_inputs(m, seed=5)
    out = _pipelined(text, recompose=True)
    assert "stablehlo.send" not in out and out.count("collective_permute") >= 1 + (trips > 0)
    want = run_xla(text, args, parts, reps)
    got = run_xla(out, args, parts, reps)
    for d, (a, b) in enumerate(zip(want.per_device, got.per_device)):
        for i, (x, y) in enumerate(zip(a, b)):
            assert np.array_equal(x, y, equal_nan=True), f"device {d} output {i} differs"


# -- edge cases (issue 23): MLIR verifies the output of every pass, every option
# set; XLA runs the round trip (decompose, pipeline, recompose) bitwise equal
from sendrecv_edge_cases import cases as edge_cases  # noqa: E402
from sendrecv_edge_cases import pipelines as edge_pipelines  # noqa: E402

EDGES = edge_cases()
EDGE_PIPELINES = edge_pipelines()


@pytest.mark.parametrize("name", sorted(EDGES))
def test_mlir_verifies_every_pass_output_on_edge_cases(name: str) -> None:
    from hlopt.ir.context import current_context

    ok, msg = mlir_ref.verify(EDGES[name])
    assert ok, msg  # the input is valid for MLIR
    for pid, pipeline in sorted(EDGE_PIPELINES.items()):
        m = hlopt.parse_module(EDGES[name])
        passes = pipeline[len("builtin.module("):-1].split(",stablehlo-")
        for i, p in enumerate(passes):
            with current_context().diagnostic_handler(lambda *a: None):
                run_module(m, "builtin.module(" + ("" if i == 0 else "stablehlo-") + p + ")")
            out = hlopt.print_op(m)
            ok, msg = mlir_ref.verify(out)
            assert ok, f"{pid}, after {p}: {msg}"


# XLA:CPU rejects ids beyond the partitions and cross-replica pairs on one replica
XLA_EDGES = sorted(n for n in EDGES if n not in ("id_beyond_partitions", "no_channel"))


@pytest.mark.parametrize("pid", ["default"])  # one pipeline: XLA compiles slowly
@pytest.mark.parametrize("name", XLA_EDGES)
def test_xla_runs_edge_cases_bitwise_equal_after_the_round_trip(name: str, pid: str) -> None:
    from hlopt.ir.context import current_context

    text = EDGES[name]
    m = hlopt.parse_module(text)
    parts, reps = module_counts(m)
    args = random_inputs(m, seed=7)
    with current_context().diagnostic_handler(lambda *a: None):
        run_module(m, EDGE_PIPELINES[pid])
    out = hlopt.print_op(m)
    assert "stablehlo.send" not in out
    if out == hlopt.print_op(hlopt.parse_module(text)):
        return  # the round trip gave the input back: nothing for XLA to compare
    want = run_xla(text, args, parts, reps)
    got = run_xla(out, args, parts, reps)
    for d, (a, b) in enumerate(zip(want.per_device, got.per_device)):
        for i, (x, y) in enumerate(zip(a, b)):
            assert np.array_equal(x, y, equal_nan=True), f"device {d} output {i} differs"
