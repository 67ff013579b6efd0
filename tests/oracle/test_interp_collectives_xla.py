"""The hand-written collective programs of tests/unit/test_interp_collectives.py,
run by XLA as per-device programs (no SPMD partitioning) on partitions x
replicas CPU devices: every device's result must equal the interpreter's.
This pins the process-group modes against XLA, not only against our reading
of the spec."""

from __future__ import annotations

import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "unit"))
from test_interp_collectives import ID, all_reduce  # noqa: E402
from xla_exec import run_xla, xla_available  # noqa: E402

import hlopt  # noqa: E402
from hlopt.interp import interpret  # noqa: E402

CH = ", channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>"

# XLA runs a program without SPMD partitioning only with one partition (and
# partition_id is meaningless to its SPMD partitioner), so these compare the
# replica dimension of each mode: 4 replicas x 1 partition (x = 10 * replica).
CASES = {
    "all_reduce_cross_replica": (all_reduce("[[0, 2], [3, 1]]", ""), 1, 4),
    "all_reduce_cross_replica_and_partition": (all_reduce("[[0, 1], [2, 3]]", CH), 1, 4),
    "all_reduce_flattened_ids": (all_reduce("[[0, 3], [1, 2]]", CH + ", use_global_device_ids"), 1, 4),
    "collective_permute_cross_replica": ("""
    %y = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 2], [2, 0]]> : tensor<3x2xi64>}> : (tensor<i32>) -> tensor<i32>
    return %y : tensor<i32>""", 1, 4),
    "all_gather_cross_replica": ("""
    %v = stablehlo.reshape %x : (tensor<i32>) -> tensor<1xi32>
    %y = "stablehlo.all_gather"(%v) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 2], [3, 1]]> : tensor<2x2xi64>}> : (tensor<1xi32>) -> tensor<2xi32>
    return %y : tensor<2xi32>""", 1, 4),
    "all_to_all_cross_replica": ("""
    %v = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %io = stablehlo.iota dim = 0 : tensor<2xi32>
    %hundred = stablehlo.constant dense<100> : tensor<2xi32>
    %k = stablehlo.multiply %io, %hundred : tensor<2xi32>
    %w = stablehlo.add %v, %k : tensor<2xi32>
    %y = "stablehlo.all_to_all"(%w) <{split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64,
         replica_groups = dense<[[1, 0], [2, 3]]> : tensor<2x2xi64>}> : (tensor<2xi32>) -> tensor<2xi32>
    return %y : tensor<2xi32>""", 1, 4),
    "reduce_scatter_cross_replica": ("""
    %v = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %io = stablehlo.iota dim = 0 : tensor<2xi32>
    %w = stablehlo.add %v, %io : tensor<2xi32>
    %y = "stablehlo.reduce_scatter"(%w) <{scatter_dimension = 0 : i64, replica_groups = dense<[[3, 0], [1, 2]]> : tensor<2x2xi64>}> ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %c = stablehlo.multiply %a, %b : tensor<i32>
      stablehlo.return %c : tensor<i32>
    }) : (tensor<2xi32>) -> tensor<1xi32>
    return %y : tensor<1xi32>""", 1, 4),
}


@pytest.mark.skipif(not xla_available(), reason="jax/jaxlib not installed (oracle extra)")
@pytest.mark.parametrize("name", sorted(CASES))
def test_collective_matches_xla(name: str) -> None:
    body, P, R = CASES[name]
    result = body.strip().splitlines()[-1].split(" : ")[-1]
    text = (f"module @m attributes {{mhlo.num_partitions = {P} : i32, mhlo.num_replicas = {R} : i32}} {{\n"
            f"  func.func public @main() -> {result} {{\n{ID}{body}\n  }}\n}}\n")
    m = hlopt.parse_module(text)
    ours = interpret(m)
    ref = run_xla(text, [], P, R, spmd=False)
    for d in range(P * R):
        np.testing.assert_array_equal(np.asarray(ours[d][0]), ref.per_device[d][0], err_msg=f"device {d}")
