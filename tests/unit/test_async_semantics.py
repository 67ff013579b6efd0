"""--check-semantics over the JAX corpus: the reference interpreter runs the
module before and after each pass of the async pipeline (both forms,
through mhlo bundles and back) and every result stays equal; the RFC form
with awaits in parts and the async_update path run in the interpreter."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import hlopt
from hlopt.passes.async_to_mhlo import StablehloAsyncToMhlo

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "stablehlo"
# io_callback calls back into Python (xla_ffi_python_cpu_callback): the input itself does not run
CORPUS = sorted(p for p in FIXTURES.glob("*.mlir")
                if not p.name.endswith((".generic.mlir", ".debuginfo.mlir")) and p.stem != "io_callback")

PIPELINE = ("builtin.module(stablehlo-async-collectives{{form={form}}},async-schedule,"
            "stablehlo-async-to-mhlo,mhlo-async-to-stablehlo)")


@pytest.mark.parametrize("form", ["rfc", "upstream"])
@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_async_pipeline_keeps_semantics(path, form):
    m = hlopt.parse_module(path.read_text())
    assert hlopt.check_semantics(m, PIPELINE.format(form=form)) == 4


PARTS = """module attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%x0: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    %id = stablehlo.partition_id : tensor<ui32>
    %fid = stablehlo.convert %id : (tensor<ui32>) -> tensor<f32>
    %bid = stablehlo.broadcast_in_dim %fid, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %x = stablehlo.add %x0, %bid : tensor<4xf32>
    %f:3 = stablehlo.async_start(%x as %a: tensor<4xf32>, %y as %b: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>>, !stablehlo.async<tensor<4xf32>>, !stablehlo.async<tensor<4xf32>> {
      %0 = "stablehlo.collective_permute"(%a) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
      %1 = stablehlo.multiply %a, %b : tensor<4xf32>
      %2 = stablehlo.subtract %b, %a : tensor<4xf32>
      stablehlo.return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
    }
    %p = stablehlo.async_done %f#1 : !stablehlo.async<tensor<4xf32>>
    %m = stablehlo.add %p, %y : tensor<4xf32>
    %q:2 = stablehlo.async_done %f#2, %f#0 : !stablehlo.async<tensor<4xf32>>, !stablehlo.async<tensor<4xf32>>
    return %m, %q#0, %q#1 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
}
"""


def test_rfc_awaits_in_parts_and_async_update_run_in_the_interpreter():
    ref = hlopt.interpret(hlopt.parse_module(PARTS), seed=3)
    lowered = hlopt.parse_module(PARTS)
    StablehloAsyncToMhlo(xla_compatible=False).run(lowered)
    assert any(o.name == "mhlo.async_update" for o in lowered.walk())
    got = hlopt.interpret(lowered, seed=3)
    assert len(ref) == len(got) == 2  # devices
    assert not np.array_equal(ref[0][0], ref[1][0])  # the permute moved per-device data
    for dref, dgot in zip(ref, got):
        assert len(dref) == len(dgot) == 3
        for a, b in zip(dref, dgot):
            assert a.dtype == b.dtype and a.tobytes() == b.tobytes()
    assert hlopt.check_semantics(hlopt.parse_module(PARTS),
                                 "builtin.module(stablehlo-async-to-mhlo{xla-compatible=false},mhlo-async-to-stablehlo)") == 2


def test_xla_compatible_lowering_keeps_a_computing_body_synchronous_with_equal_results():
    """The default --stablehlo-async-to-mhlo inlines a body XLA would not run
    asynchronously (here compute beside the permute, awaited in parts)."""
    ref = hlopt.interpret(hlopt.parse_module(PARTS), seed=3)
    lowered = hlopt.parse_module(PARTS)
    StablehloAsyncToMhlo().run(lowered)
    hlopt.verify(lowered)
    names = {o.name for o in lowered.walk()}
    assert not names & {"mhlo.async_start", "mhlo.async_update", "stablehlo.async_start", "stablehlo.async_done"}
    got = hlopt.interpret(lowered, seed=3)
    for dref, dgot in zip(ref, got):
        for a, b in zip(dref, dgot):
            assert a.dtype == b.dtype and a.tobytes() == b.tobytes()
