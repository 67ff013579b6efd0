"""Shardy sub-axes (`"x":(p)s`): a mesh axis of size n splits major to minor
into (p, s, n / (p * s)); a device's coordinate on the sub-axis is
(coord // (n / (p * s))) % s. Expectations computed by hand."""

from __future__ import annotations

import numpy as np
import pytest

import hlopt
from hlopt.interp import InterpError, assemble, interpret
from hlopt.kernels.sharding import parse_mesh, parse_sdy_shardings, sdy_layout


def test_sub_axis_refs_are_parsed_with_pre_size_and_size() -> None:
    (entry,) = parse_sdy_shardings('#sdy.sharding<@mesh, [{"x":(1)2}, {"y", "x":(2)2}, {}]>')
    assert entry == ("mesh", [[("x", 1, 2)], [("y", 1, None), ("x", 2, 2)], []])


def test_sub_axis_tiles_and_device_coordinates() -> None:
    # mesh x=4 (major), y=2: device d sits at x = d // 2, y = d % 2
    mesh = parse_mesh('<["x"=4, "y"=2]>')
    (_, dims), = parse_sdy_shardings('<@mesh, [{"x":(1)2}, {"y", "x":(2)2}]>')
    lay = sdy_layout(mesh, dims, 8)
    assert lay.tiles == (2, 4)
    # dim 0: x:(1)2 is x's major half, x // 2; dim 1: y * 2 + x % 2
    assert lay.coords == {0: (0, 0), 1: (0, 2), 2: (0, 1), 3: (0, 3), 4: (1, 0), 5: (1, 2), 6: (1, 1), 7: (1, 3)}


MINOR_HALF = """module @m attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=4]>
  func.func @main(%a: tensor<4xi32>) -> (tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(2)2}]>}) {
    %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x":(2)2}]>] out_shardings=[<@mesh, [{"x":(2)2}]>] manual_axes={"x"} (%l: tensor<2xi32>) {
      %c = stablehlo.constant dense<10> : tensor<2xi32>
      %r = stablehlo.multiply %l, %c : tensor<2xi32>
      sdy.return %r : tensor<2xi32>
    } : (tensor<4xi32>) -> tensor<4xi32>
    return %0 : tensor<4xi32>
  }
}
"""


def test_manual_computation_splits_along_the_minor_half_of_an_axis() -> None:
    m = hlopt.parse_module(MINOR_HALF)
    a = np.array([1, 2, 3, 4], np.int32)
    per = interpret(m, [a], num_partitions=4)
    # x:(2)2 is x % 2: devices 0 and 2 hold rows [0, 2), devices 1 and 3 rows [2, 4)
    assert [r[0].tolist() for r in per] == [[10, 20], [30, 40], [10, 20], [30, 40]]
    assert assemble(m, per)[0].tolist() == [10, 20, 30, 40]


def test_a_sub_axis_that_does_not_divide_its_axis_is_an_error() -> None:
    mesh = parse_mesh('<["x"=6]>')
    (_, dims), = parse_sdy_shardings('<@mesh, [{"x":(4)2}]>')
    with pytest.raises(InterpError) as e:
        sdy_layout(mesh, dims, 6)
    assert e.value.message == "sub-axis \"x\":(4)2 does not divide axis 'x' of size 6"
