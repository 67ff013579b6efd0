"""Collectives on simulated devices, against hand-computed results.

Every program makes device (replica r, partition p) hold x = 10 * r + p
(P partitions, R replicas, device id d = r * P + p), so each expected
value below is worked out from the spec's process-group definitions.
"""

from __future__ import annotations

import numpy as np
import pytest

import hlopt
from hlopt.interp import InterpError, interpret

ID = """
    %r = stablehlo.replica_id : tensor<ui32>
    %p = stablehlo.partition_id : tensor<ui32>
    %ten = stablehlo.constant dense<10> : tensor<ui32>
    %rt = stablehlo.multiply %r, %ten : tensor<ui32>
    %s = stablehlo.add %rt, %p : tensor<ui32>
    %x = stablehlo.convert %s : (tensor<ui32>) -> tensor<i32>
"""


def run(body: str, result: str, P: int, R: int) -> list[int]:
    text = (f"module attributes {{mhlo.num_partitions = {P} : i32, mhlo.num_replicas = {R} : i32}} {{\n"
            f"  func.func @main() -> {result} {{\n{ID}{body}\n  }}\n}}\n")
    m = hlopt.parse_module(text)
    hlopt.verify(m)
    return [r[0] for r in interpret(m)]


def xval(d: int, P: int) -> int:
    return 10 * (d // P) + d % P


def all_reduce(groups: str, extra: str) -> str:
    return f"""
    %y = "stablehlo.all_reduce"(%x) <{{replica_groups = dense<{groups}> : tensor<2x2xi64>{extra}}}> ({{
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %c = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %c : tensor<i32>
    }}) : (tensor<i32>) -> tensor<i32>
    return %y : tensor<i32>"""


def test_all_reduce_cross_replica() -> None:
    # no channel: groups of replicas, one set per partition
    P, R = 2, 4
    out = run(all_reduce("[[0, 1], [2, 3]]", ""), "tensor<i32>", P, R)
    for d, v in enumerate(out):
        r, p = divmod(d, P)
        g = [0, 1] if r < 2 else [2, 3]
        assert int(v) == sum(10 * q + p for q in g)


def test_all_reduce_cross_replica_and_partition() -> None:
    # channel, no use_global_device_ids: replica groups x all partitions
    P, R = 2, 4
    out = run(all_reduce("[[0, 1], [2, 3]]", ", channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>"),
              "tensor<i32>", P, R)
    for d, v in enumerate(out):
        r = d // P
        g = [0, 1] if r < 2 else [2, 3]
        assert int(v) == sum(10 * q + p for q in g for p in range(P))


def test_all_reduce_flattened_ids() -> None:
    # channel + use_global_device_ids: groups name device ids
    P, R = 2, 2
    out = run(all_reduce("[[0, 3], [1, 2]]",
                         ", channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids"),
              "tensor<i32>", P, R)
    assert [int(v) for v in out] == [0 + 11, 1 + 10, 1 + 10, 0 + 11]


def test_all_gather_cross_partition_groups() -> None:
    P, R = 4, 1
    body = """
    %v = stablehlo.reshape %x : (tensor<i32>) -> tensor<1xi32>
    %y = "stablehlo.all_gather"(%v) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 2], [3, 1]]> : tensor<2x2xi64>,
         channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids}> : (tensor<1xi32>) -> tensor<2xi32>
    return %y : tensor<2xi32>"""
    out = run(body, "tensor<2xi32>", P, R)
    assert [list(v) for v in out] == [[0, 2], [3, 1], [0, 2], [3, 1]]


def test_reduce_scatter() -> None:
    P, R = 4, 1
    body = """
    %v = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %io = stablehlo.iota dim = 0 : tensor<4xi32>
    %w = stablehlo.multiply %v, %io : tensor<4xi32>
    %y = "stablehlo.reduce_scatter"(%w) <{scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>,
         channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids}> ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %c = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %c : tensor<i32>
    }) : (tensor<4xi32>) -> tensor<1xi32>
    return %y : tensor<1xi32>"""
    out = run(body, "tensor<1xi32>", P, R)
    # element k of the sum over devices of x_d * k = 6 * k; device k keeps element k
    assert [int(v[0]) for v in out] == [0, 6, 12, 18]


def test_all_to_all_cross_partition() -> None:
    P, R = 2, 2
    body = """
    %v = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %io = stablehlo.iota dim = 0 : tensor<2xi32>
    %hundred = stablehlo.constant dense<100> : tensor<2xi32>
    %k = stablehlo.multiply %io, %hundred : tensor<2xi32>
    %w = stablehlo.add %v, %k : tensor<2xi32>
    %y = "stablehlo.all_to_all"(%w) <{split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64,
         replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>}>
         : (tensor<2xi32>) -> tensor<2xi32>
    return %y : tensor<2xi32>"""
    out = run(body, "tensor<2xi32>", P, R)
    # partition p receives piece p (value x + 100 p) from both partitions of its replica
    for d, v in enumerate(out):
        r, p = divmod(d, P)
        assert list(v) == [10 * r + 0 + 100 * p, 10 * r + 1 + 100 * p]


def test_all_to_all_cross_replica() -> None:
    P, R = 2, 2
    body = """
    %v = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %y = "stablehlo.all_to_all"(%v) <{split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64,
         replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>}> : (tensor<2xi32>) -> tensor<2xi32>
    return %y : tensor<2xi32>"""
    out = run(body, "tensor<2xi32>", P, R)
    for d, v in enumerate(out):
        p = d % P
        assert list(v) == [10 + p, p]  # group order: replica 1 first


def permute(pairs: str, n: int) -> str:
    return f"""
    %y = "stablehlo.collective_permute"(%x) <{{source_target_pairs = dense<{pairs}> : tensor<{n}x2xi64>,
         channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>}}> : (tensor<i32>) -> tensor<i32>
    return %y : tensor<i32>"""


def test_collective_permute_ring_and_chain() -> None:
    ring = run(permute("[[0, 1], [1, 2], [2, 3], [3, 0]]", 4), "tensor<i32>", 4, 1)
    assert [int(v) for v in ring] == [3, 0, 1, 2]
    chain = run(permute("[[0, 1], [1, 2], [2, 3]]", 3), "tensor<i32>", 4, 1)
    assert [int(v) for v in chain] == [0, 0, 1, 2]  # device 0 receives nothing: zeros


def test_collective_permute_cross_replica() -> None:
    body = """
    %y = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<i32>) -> tensor<i32>
    return %y : tensor<i32>"""
    out = run(body, "tensor<i32>", 2, 2)
    assert [int(v) for v in out] == [10, 11, 0, 1]


SEND_RECV = """
    %t = stablehlo.after_all : !stablehlo.token
    %st = "stablehlo.send"(%x, %t) <{{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, is_host_transfer = false,
          source_target_pairs = dense<{send}> : tensor<{ns}x2xi64>}}> : (tensor<i32>, !stablehlo.token) -> !stablehlo.token
    %y:2 = "stablehlo.recv"(%st) <{{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, is_host_transfer = false,
          source_target_pairs = dense<{recv}> : tensor<{nr}x2xi64>}}> : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
    return %y#0 : tensor<i32>"""


def test_send_recv_ring() -> None:
    pairs = "[[0, 1], [1, 2], [2, 3], [3, 0]]"
    out = run(SEND_RECV.format(send=pairs, ns=4, recv=pairs, nr=4), "tensor<i32>", 4, 1)
    assert [int(v) for v in out] == [3, 0, 1, 2]


def test_send_recv_chain() -> None:
    pairs = "[[0, 1], [1, 2], [2, 3]]"
    out = run(SEND_RECV.format(send=pairs, ns=3, recv=pairs, nr=3), "tensor<i32>", 4, 1)
    assert [int(v) for v in out] == [0, 0, 1, 2]


SKIPPED_SEND = """
    %t = stablehlo.after_all : !stablehlo.token
    %two = stablehlo.constant dense<2> : tensor<i32>
    %is2 = stablehlo.compare EQ, %x, %two, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %st = "stablehlo.if"(%is2) ({
      stablehlo.return %t : !stablehlo.token
    }, {
      %s = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>,
           is_host_transfer = false, source_target_pairs = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>}>
           : (tensor<i32>, !stablehlo.token) -> !stablehlo.token
      stablehlo.return %s : !stablehlo.token
    }) : (tensor<i1>) -> !stablehlo.token
    %y:2 = "stablehlo.recv"(%st) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, is_host_transfer = false,
          source_target_pairs = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>}> : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
    return %y#0 : tensor<i32>"""


def test_recv_without_matching_send_names_both_ops() -> None:
    # device 3 expects a message from device 2, whose send is on a branch device 2 does not take
    # (send and recv carry the same pairs: differing pairs on one channel are a verifier error)
    out = None
    with pytest.raises(InterpError) as e:
        out = run(SKIPPED_SEND, "tensor<i32>", 4, 1)
    assert out is None
    err = e.value
    assert "recv without matching send" in err.message
    assert "device 3" in err.message and "from device 2" in err.message
    assert err.op is not None and err.op.name == "stablehlo.recv"
    assert any(o is not None and o.name == "stablehlo.send" for _, o in err.notes)


def test_collective_not_reached_by_all_is_a_deadlock_error() -> None:
    body = """
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %is0 = stablehlo.compare EQ, %x, %zero, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %y = "stablehlo.if"(%is0) ({
      stablehlo.return %x : tensor<i32>
    }, {
      %z = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[1, 2]]> : tensor<1x2xi64>,
           channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>}> : (tensor<i32>) -> tensor<i32>
      stablehlo.return %z : tensor<i32>
    }) : (tensor<i1>) -> tensor<i32>
    return %y : tensor<i32>"""
    with pytest.raises(InterpError, match="deadlock"):
        run(body, "tensor<i32>", 4, 1)


def test_async_collective_upstream_future() -> None:
    body = """
    %f = "stablehlo.async_start"(%x) ({
    ^bb0(%a: tensor<i32>):
      %p = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>,
           channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>}> : (tensor<i32>) -> tensor<i32>
      stablehlo.return %p : tensor<i32>
    }) : (tensor<i32>) -> !stablehlo.future<tensor<i32>>
    %y = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<i32>>) -> tensor<i32>
    return %y : tensor<i32>"""
    out = run(body, "tensor<i32>", 2, 1)
    assert [int(v) for v in out] == [1, 0]


def test_sharded_main_arguments_are_split_and_results_assembled() -> None:
    text = """
module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%a: tensor<8x2xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"}) -> (tensor<8x2xf32> {mhlo.sharding = "{devices=[2,2]<=[4]}"}) {
    %b = stablehlo.add %a, %a : tensor<8x2xf32>
    return %b : tensor<8x2xf32>
  }
}"""
    from hlopt.interp import assemble

    m = hlopt.parse_module(text)
    x = np.arange(16, dtype=np.float32).reshape(8, 2)
    per = interpret(m, [x])
    assert [r[0].shape for r in per] == [(4, 1)] * 4
    np.testing.assert_array_equal(per[3][0], 2 * x[4:, 1:])
    np.testing.assert_array_equal(assemble(m, per)[0], 2 * x)


def test_async_rfc_form_one_future_per_result() -> None:
    # the RFC's form: one !stablehlo.async<T> per body result, a variadic async_done
    text = """
module attributes {mhlo.num_partitions = 2 : i32} {
  func.func @main() -> (tensor<i32>, tensor<i32>) {
    %p = stablehlo.partition_id : tensor<ui32>
    %x = stablehlo.convert %p : (tensor<ui32>) -> tensor<i32>
    %f:2 = "stablehlo.async_start"(%x) ({
    ^bb0(%a: tensor<i32>):
      %q = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>,
           channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>}> : (tensor<i32>) -> tensor<i32>
      %s = stablehlo.add %a, %q : tensor<i32>
      stablehlo.return %q, %s : tensor<i32>, tensor<i32>
    }) : (tensor<i32>) -> (!stablehlo.async<tensor<i32>>, !stablehlo.async<tensor<i32>>)
    %r:2 = "stablehlo.async_done"(%f#0, %f#1) : (!stablehlo.async<tensor<i32>>, !stablehlo.async<tensor<i32>>) -> (tensor<i32>, tensor<i32>)
    return %r#0, %r#1 : tensor<i32>, tensor<i32>
  }
}"""
    m = hlopt.parse_module(text)
    out = interpret(m)
    assert [(int(a), int(b)) for a, b in out] == [(1, 1), (0, 1)]


def test_sdy_manual_computation_over_a_2d_mesh() -> None:
    # mesh x=2, y=2 (device d has x = d // 2, y = d % 2); only "x" is manual:
    # the body sees rows [2x, 2x+2) and adds 10 * partition_id; the result is
    # reassembled from the first device holding each row block (y = 0).
    text = """
module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func @main(%a: tensor<4x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<4x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%b: tensor<2x2xi32>) {
      %p = stablehlo.partition_id : tensor<ui32>
      %pi = stablehlo.convert %p : (tensor<ui32>) -> tensor<i32>
      %ten = stablehlo.constant dense<10> : tensor<i32>
      %t = stablehlo.multiply %pi, %ten : tensor<i32>
      %tb = stablehlo.broadcast_in_dim %t, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
      %s = stablehlo.add %b, %tb : tensor<2x2xi32>
      sdy.return %s : tensor<2x2xi32>
    } : (tensor<4x2xi32>) -> tensor<4x2xi32>
    return %0 : tensor<4x2xi32>
  }
}"""
    from hlopt.interp import assemble

    m = hlopt.parse_module(text)
    hlopt.verify(m)
    x = np.arange(8, dtype=np.int32).reshape(4, 2)
    per = interpret(m, [x])
    expect = x + np.array([[0], [0], [20], [20]], np.int32)
    np.testing.assert_array_equal(assemble(m, per)[0], expect)
    # result sharding [{"x"}, {}]: device d holds row block x = d // 2
    for d in range(4):
        np.testing.assert_array_equal(per[d][0], expect[2 * (d // 2):2 * (d // 2) + 2])


def test_tuples_tokens_barrier_and_if() -> None:
    body = """
    %t = stablehlo.after_all : !stablehlo.token
    %tu = stablehlo.tuple %x, %t : tuple<tensor<i32>, !stablehlo.token>
    %e = stablehlo.get_tuple_element %tu[0] : (tuple<tensor<i32>, !stablehlo.token>) -> tensor<i32>
    %b:2 = stablehlo.optimization_barrier %e, %x : tensor<i32>, tensor<i32>
    %two = stablehlo.constant dense<2> : tensor<i32>
    %odd0 = stablehlo.remainder %b#0, %two : tensor<i32>
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %even = stablehlo.compare EQ, %odd0, %zero, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %y = "stablehlo.if"(%even) ({
      stablehlo.return %b#1 : tensor<i32>
    }, {
      %n = stablehlo.negate %b#1 : tensor<i32>
      stablehlo.return %n : tensor<i32>
    }) : (tensor<i1>) -> tensor<i32>
    return %y : tensor<i32>"""
    assert [int(v) for v in run(body, "tensor<i32>", 4, 1)] == [0, -1, 2, -3]
