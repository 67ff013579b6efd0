"""hir API: the sharding encoding and its helpers, op classification used
by the passes (resharding, axis maps, communication choice), pluggable
segmentation predicates, and IR built through the rewriter."""
from __future__ import annotations

import numpy as np
import pytest

import hlopt
from hlopt.analysis.hir_segments import POLICIES, find_segments
from hlopt.analysis.resharding import NotLowerable, communication_kind
from hlopt.dialects.hir import input_axis_map, is_resharding, matmul_shape
from hlopt.dialects.hir_attrs import (
    ShardingAttr,
    StreamType,
    axes_of,
    didx_axis,
    drop_axis,
    local_shape,
    mesh_of,
    stream_axis,
)
from hlopt.ir.core import IRError, Operation, Region
from hlopt.ir.rewriter import Rewriter
from hlopt.ir.types import RankedTensorType, f32


def _ops(text: str) -> list[Operation]:
    m = hlopt.parse_module(text)
    hlopt.verify(m)
    fn = [o for o in m.regions[0].blocks[0].ops if o.name == "func.func"][-1]
    return list(fn.regions[0].blocks[0].ops)


def test_sharding_attr_interned_and_printed() -> None:
    a = ShardingAttr(["stream", "didx"], [0, 1])
    assert a is ShardingAttr(("stream", "didx"), (0, 1))
    assert a.text == "#hir.sharding<[stream, didx], mesh = [0, 1]>"
    assert ShardingAttr(["serial"]).text == "#hir.sharding<[serial]>"
    assert ShardingAttr(["serial"]).devices == (0,)


def test_type_helpers() -> None:
    t = RankedTensorType((4, 6, 8), f32, ShardingAttr(["stream", "didx", "serial"], [3, 5]))
    assert axes_of(t) == ("stream", "didx", "serial")
    assert (stream_axis(t), didx_axis(t), mesh_of(t)) == (0, 1, (3, 5))
    assert local_shape(t) == (4, 3, 8)
    s = drop_axis(t, 0)
    assert s.shape == (6, 8) and axes_of(s) == ("didx", "serial") and mesh_of(s) == (3, 5)
    plain = RankedTensorType((4, 8), f32)
    assert axes_of(plain) == ("serial", "serial") and mesh_of(plain) == (0,) and stream_axis(plain) is None
    # a slice that says nothing keeps no encoding
    assert drop_axis(RankedTensorType((4, 8), f32, ShardingAttr(["stream", "serial"])), 0) is \
        RankedTensorType((8,), f32)


def test_parsed_encoding_is_structured() -> None:
    (op, _ret) = _ops("""func.func @f(%a: tensor<4xf32, #hir.sharding<[didx], mesh = [0, 1]>>) -> tensor<4xf32> {
  %0 = hir.set %a : tensor<4xf32, #hir.sharding<[didx], mesh = [0, 1]>> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}""")
    enc = op.operands[0].type.encoding
    assert isinstance(enc, ShardingAttr) and enc.mesh == (0, 1)
    assert is_resharding(op)


def test_matmul_shapes_follow_numpy() -> None:
    assert matmul_shape((4, 8), (8, 2)) == (4, 2)
    assert matmul_shape((8,), (8, 2)) == (2,)
    assert matmul_shape((4, 8), (8,)) == (4,)
    assert matmul_shape((3, 4, 8), (8, 2)) == (3, 4, 2)
    assert matmul_shape((4, 8), (3, 8, 2)) == (3, 4, 2)
    assert matmul_shape((3, 4, 8), (2, 8, 2)) is None
    assert matmul_shape((4, 8), (4, 2)) is None


def test_axis_maps() -> None:
    ops = _ops("""func.func @f(%a: tensor<3x4x8xf32>, %b: tensor<8x2xf32>, %c: tensor<4x8xf32>, %d: tensor<3x8x5xf32>) {
  %0 = hir.matmul %a, %b : (tensor<3x4x8xf32>, tensor<8x2xf32>) -> tensor<3x4x2xf32>
  %1 = hir.sum %a dims = [1] : tensor<3x4x8xf32> -> tensor<3x8xf32>
  %2 = hir.matmul %c, %d : (tensor<4x8xf32>, tensor<3x8x5xf32>) -> tensor<3x4x5xf32>
  return
}""")
    mm, red, shared = ops[0], ops[1], ops[2]
    assert input_axis_map(mm, 0) == [0, 1, None]   # batch, M, K
    assert input_axis_map(mm, 1) == [None, 2]      # K, N
    assert input_axis_map(red, 0) == [0, None, 1]
    assert input_axis_map(shared, 0) == [1, None]        # M, K (batch only on the rhs)
    assert input_axis_map(shared, 1) == [0, None, 2]     # batch, K, N


def test_resharding_and_communication_choice() -> None:
    ops = _ops("""
#d = #hir.sharding<[didx, serial], mesh = [0, 1]>
#r = #hir.sharding<[serial, serial], mesh = [0, 1]>
#v = #hir.sharding<[serial], mesh = [0, 1]>
#one = #hir.sharding<[serial, serial], mesh = [0]>
func.func @f(%a: tensor<4x6xf32, #d>, %b: tensor<4x6xf32, #r>, %c: tensor<4x6xf32, #one>) {
  %0 = hir.set %a : tensor<4x6xf32, #d> -> tensor<4x6xf32, #r>
  %1 = hir.sum %a dims = [0] : tensor<4x6xf32, #d> -> tensor<6xf32, #v>
  %2 = hir.neg %b : tensor<4x6xf32, #r> -> tensor<4x6xf32, #r>
  %3 = hir.set %c : tensor<4x6xf32, #one> -> tensor<4x6xf32, #r>
  %4 = hir.add %a, %a : (tensor<4x6xf32, #d>, tensor<4x6xf32, #d>) -> tensor<4x6xf32, #r>
  %5 = hir.set %a : tensor<4x6xf32, #d> -> tensor<4x6xf32, #one>
  return
}""")
    assert [is_resharding(o) for o in ops[:6]] == [True, True, False, True, True, True]
    assert communication_kind(ops[0]) == ("allgather", None)
    assert communication_kind(ops[1]) == ("allreduce", "sum")
    assert communication_kind(ops[3]) == ("broadcast", None)
    assert communication_kind(ops[5]) == ("gather", None)
    with pytest.raises(NotLowerable):
        communication_kind(ops[4])


def test_segmentation_predicate_is_pluggable() -> None:
    ops = _ops("""func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hir.exp %a : tensor<4xf32> -> tensor<4xf32>
  %1 = hir.neg %0 : tensor<4xf32> -> tensor<4xf32>
  %2 = hir.abs %1 : tensor<4xf32> -> tensor<4xf32>
  return %2 : tensor<4xf32>
}""")
    block = ops[0].parent
    default = find_segments(block, POLICIES["resharding"].should_merge, POLICIES["resharding"].standalone)
    assert [len(s.ops) for s in default] == [3]
    # a custom should-merge predicate: never merge after a negation
    custom = find_segments(block, lambda prev, op: prev.name != "hir.neg", lambda op: False)
    assert [[o.name for o in s.ops] for s in custom] == [["hir.exp", "hir.neg"], ["hir.abs"]]


def test_memoized_policy_decides_once_per_signature() -> None:
    # two ops of one signature (name, properties, types) and two of others
    ops = _ops("""#d = #hir.sharding<[didx], mesh = [0, 1]>
#r = #hir.sharding<[serial], mesh = [0, 1]>
func.func @f(%a: tensor<4xf32, #d>, %b: tensor<4xf32, #r>) -> tensor<4xf32, #r> {
  %0 = hir.set %a : tensor<4xf32, #d> -> tensor<4xf32, #r>
  %1 = hir.set %a : tensor<4xf32, #d> -> tensor<4xf32, #r>
  %2 = hir.exp %b : tensor<4xf32, #r> -> tensor<4xf32, #r>
  %3 = hir.add %0, %1 : (tensor<4xf32, #r>, tensor<4xf32, #r>) -> tensor<4xf32, #r>
  return %3 : tensor<4xf32, #r>
}""")
    asked: list[Operation] = []

    def standalone(op: Operation) -> bool:
        asked.append(op)
        return POLICIES["standalone"].standalone(op)

    memo = type(POLICIES["standalone"])("counting", standalone).memoized()
    assert [memo.standalone(o) for o in ops[:4]] == [True, True, False, True]
    assert [memo.standalone(o) for o in ops[:4]] == [POLICIES["standalone"].standalone(o) for o in ops[:4]]
    assert asked == [ops[0], ops[2], ops[3]]  # %1 shares %0's signature
    segs = find_segments(ops[0].parent, memo.should_merge, memo.standalone)
    assert [(len(s.ops), s.standalone) for s in segs] == [(1, True), (1, True), (1, False), (1, True)]
    assert asked == [ops[0], ops[2], ops[3]]


def test_lowering_decides_each_signature_once_and_fails_at_the_op() -> None:
    """hir-lower plans once per signature: ops of one signature lower alike,
    others get their own communication, and an invalid one fails at its op."""
    from hlopt.passes.manager import PassManager, PipelineFailure

    head = """#d = #hir.sharding<[didx], mesh = [0, 1]>
#r = #hir.sharding<[serial], mesh = [0, 1]>
#g = #hir.sharding<[serial], mesh = [1]>
#s = #hir.sharding<[didx], mesh = [2, 3]>
func.func @f(%a: tensor<4xf32, #d>, %o: tensor<4xf32, #r>) -> tensor<4xf32, #r> {
  %0 = hir.set %a : tensor<4xf32, #d> -> tensor<4xf32, #r>
  %1 = hir.set %a : tensor<4xf32, #d> -> tensor<4xf32, #r>
  %2 = hir.set %a : tensor<4xf32, #d> -> tensor<4xf32, #g>
"""
    m = hlopt.parse_module(head + "  return %1 : tensor<4xf32, #r>\n}\n")
    PassManager.from_text("builtin.module(hir-lower)").run(m)
    fn = m.regions[0].blocks[0].first_op
    comms = [o for o in fn.regions[0].blocks[0].ops if o.name == "hir.communication"]
    assert [(o.properties.get("kind").value, list(o.properties.get("team").values)) for o in comms] == [
        ("allgather", [0, 1]), ("allgather", [0, 1]), ("gather", [0, 1])]
    assert comms[0].properties is comms[1].properties  # one plan, one uniqued dictionary

    m = hlopt.parse_module(head + "  %3 = hir.set %o : tensor<4xf32, #r> -> tensor<4xf32, #s>\n"
                           "  return %1 : tensor<4xf32, #r>\n}\n")
    bad = list(m.regions[0].blocks[0].first_op.regions[0].blocks[0].ops)[3]
    with pytest.raises(PipelineFailure) as e:
        PassManager.from_text("builtin.module(hir-lower)").run(m)
    assert e.value.op is bad
    assert e.value.message == "cannot lower resharding op to scatter: scatter requires a single-device input mesh"


def test_ops_built_through_the_rewriter_verify() -> None:
    m = hlopt.parse_module("func.func @f(%i: index) {\n  return\n}")
    fn = m.regions[0].blocks[0].first_op
    ret = fn.regions[0].blocks[0].last_op
    rw = Rewriter()
    rw.set_insertion_point_before(ret)
    iv = fn.regions[0].blocks[0].args[0]
    main = rw.create("hir.get_current_stream", (), [StreamType()])
    s = rw.create("hir.stream", [iv], [StreamType()], properties={"pool": hlopt_int(2)})
    rw.create("hir.set_current_stream", [s.results[0]])
    rw.create("hir.synchronize", [main.results[0]])
    hlopt.verify(m)
    assert "hir.stream %arg0 mod 2" in hlopt.print_op(m)
    rw.create("hir.kernel", (), (), regions=[Region()])
    with pytest.raises(IRError):
        hlopt.verify(m)


def hlopt_int(v: int):
    from hlopt.ir.attributes import IntegerAttr
    from hlopt.ir.types import i64

    return IntegerAttr(v, i64)


def test_matmul_broadcasts_batch_dims_as_aten() -> None:
    from hlopt.analysis.hir_eval import run_global

    assert matmul_shape((8, 4, 2, 4), (4, 4, 3)) == (8, 4, 2, 3)  # nvFuser's matmul_AR shapes
    assert matmul_shape((8, 1, 2, 4), (4, 4, 3)) == (8, 4, 2, 3)
    assert matmul_shape((4,), (2, 4, 3)) == (2, 3)
    assert matmul_shape((3, 2, 4), (2, 4, 3)) is None
    m = hlopt.parse_module("""
func.func @f(%a: tensor<8x1x2x4xf32>, %b: tensor<4x4x3xf32>) -> tensor<8x4x2x3xf32> {
  %0 = hir.matmul %a, %b : (tensor<8x1x2x4xf32>, tensor<4x4x3xf32>) -> tensor<8x4x2x3xf32>
  return %0 : tensor<8x4x2x3xf32>
}""")
    hlopt.verify(m)
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((8, 1, 2, 4)).astype(np.float32), rng.standard_normal((4, 4, 3)).astype(np.float32)
    np.testing.assert_allclose(run_global(m, "f", [a, b])[0], np.matmul(a, b), rtol=1e-6)
