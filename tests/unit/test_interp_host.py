"""Host transfers (send/recv with is_host_transfer = true): a host-to-device
recv reads the host's messages for its channel in order, each device from
the first; a device-to-host send appends its payload per device. Missing
host data is a located error. Expectations computed by hand."""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

import hlopt
from hlopt.interp import InterpError, interpret
from hlopt.run_cli import main

PROGRAM = """module @host attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    %t = stablehlo.after_all : !stablehlo.token
    %a:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
    %b:2 = "stablehlo.recv"(%a#1) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
    %p = stablehlo.partition_id : tensor<ui32>
    %pf = stablehlo.convert %p : (tensor<ui32>) -> tensor<f32>
    %pb = stablehlo.broadcast_in_dim %pf, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %s = stablehlo.add %x, %a#0 : tensor<2xf32>
    %m = stablehlo.multiply %b#0, %pb : tensor<2xf32>
    %r = stablehlo.add %s, %m : tensor<2xf32>
    %t2 = "stablehlo.send"(%r, %b#1) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 2>, is_host_transfer = true} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
    %t3 = "stablehlo.send"(%m, %pf, %t2) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 2>, is_host_transfer = true} : (tensor<2xf32>, tensor<f32>, !stablehlo.token) -> !stablehlo.token
    return %r : tensor<2xf32>
  }
}
"""
X = np.array([1.0, 2.0], np.float32)
MSGS = {1: [np.array([10.0, 20.0], np.float32), np.array([100.0, 200.0], np.float32)]}


def test_recv_reads_host_messages_in_order_and_send_reaches_the_host() -> None:
    m = hlopt.parse_module(PROGRAM)
    sent: dict = {}
    per = interpret(m, [X], host_inputs=MSGS, host_outputs=sent)
    # device p: x + first message + p * second message
    assert [r[0].tolist() for r in per] == [[11.0, 22.0], [111.0, 222.0]]
    assert sorted(sent) == [2]
    assert [[v.tolist() for v in msg] for msg in sent[2][0]] == [[[11.0, 22.0]], [[0.0, 0.0], 0.0]]
    assert [[v.tolist() for v in msg] for msg in sent[2][1]] == [[[111.0, 222.0]], [[100.0, 200.0], 1.0]]


def test_recv_without_host_data_is_a_located_error() -> None:
    m = hlopt.parse_module(PROGRAM, "host.mlir")
    with pytest.raises(InterpError) as e:
        interpret(m, [X])
    assert e.value.message == ("host-to-device recv on channel 1 has no host data (give it with "
                               "interpret(..., host_inputs={1: [...]}) or hlopt-run --host-inputs)")
    assert e.value.op.name == "stablehlo.recv" and e.value.op.location.line == 4


def test_a_recv_past_the_host_messages_is_an_error() -> None:
    m = hlopt.parse_module(PROGRAM)
    with pytest.raises(InterpError) as e:
        interpret(m, [X], host_inputs={1: MSGS[1][:1]})
    assert "the host gave 1 message(s) and device" in e.value.message
    assert e.value.message.endswith("reads message #2")
    assert e.value.op.location.line == 5


def test_a_host_message_of_the_wrong_shape_is_an_error() -> None:
    m = hlopt.parse_module(PROGRAM)
    with pytest.raises(InterpError) as e:
        interpret(m, [X], host_inputs={1: [np.zeros(3, np.float32)] * 2})
    assert e.value.message == "the host message has shape (3,), the recv returns 'tensor<2xf32>'"


def test_hlopt_run_host_inputs_and_outputs(tmp_path) -> None:
    src = tmp_path / "host.mlir"
    src.write_text(PROGRAM)
    np.savez(tmp_path / "x.npz", arg0=X)
    np.savez(tmp_path / "h.npz", ch1_0=MSGS[1][0], ch1_1=MSGS[1][1])
    r = CliRunner().invoke(main, [str(src), "--inputs", str(tmp_path / "x.npz"), "--host-inputs",
                                  str(tmp_path / "h.npz"), "--host-outputs", str(tmp_path / "d.npz")])
    assert r.exit_code == 0, r.output
    out = np.load(tmp_path / "d.npz")
    assert sorted(out.files) == ["ch2_dev0_0", "ch2_dev0_1_0", "ch2_dev0_1_1", "ch2_dev1_0", "ch2_dev1_1_0",
                                 "ch2_dev1_1_1"]
    assert out["ch2_dev1_0"].tolist() == [111.0, 222.0]
    assert out["ch2_dev1_1_1"].tolist() == 1.0
    r = CliRunner().invoke(main, [str(src), "--inputs", str(tmp_path / "x.npz")])
    assert r.exit_code == 1
    assert "host.mlir:4:" in r.output and "has no host data" in r.output
