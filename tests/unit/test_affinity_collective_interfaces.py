"""AffinityOpInterface and CollectiveOpInterface (hlopt.ir.interfaces): what
passes, analyses and kernels read instead of attributes by name; and the
declared operand groups of attribute-sized ops (OpDef.has_operand_groups,
set_operand_group_sizes) that replace checks of `operandSegmentSizes`."""

from __future__ import annotations

from hlopt.dialects.arith import ConstantOp
from hlopt.dialects.cf import CondBranchOp
from hlopt.dialects.stablehlo.collectives_async import AllReduceOp, CollectivePermuteOp, SendOp
from hlopt.dialects.stream import TensorEmptyOp
from hlopt.ir.interfaces import (
    AffinityOpInterface,
    CollectiveOpInterface,
    affinity_of,
    channel_handle_of,
    replica_groups_of,
    uses_global_device_ids,
)
from hlopt.syntax.parser import parse_module


def _ops(text: str) -> list:
    return list(parse_module(text).walk())


def _first(text: str, cls: type) -> object:
    return next(o for o in _ops(text) if isinstance(o, cls))


STREAM = """
func.func @f(%n: index, %size: index) -> !stream.resource<*> {
  %0 = stream.tensor.empty on(#hal.device.affinity<@dev>) : tensor<?x3xf32>{%n} in !stream.resource<*>{%size}
  return %0 : !stream.resource<*>
}
"""


def test_affinity_read_and_set_through_the_interface():
    op = _first(STREAM, TensorEmptyOp)
    assert isinstance(op, AffinityOpInterface)
    assert affinity_of(op).text == "#hal.device.affinity<@dev>"
    other = parse_module('func.func private @g() attributes {a = #hal.device.affinity<@other>}').walk()
    attr = next(o for o in other if o.name == "func.func").attributes.get("a")
    type(op).set_affinity(op, attr)
    assert affinity_of(op) is attr
    type(op).set_affinity(op, None)
    assert affinity_of(op) is None


def test_ops_without_the_interface_have_no_affinity():
    c = _first("func.func @f() {\n  %c = arith.constant 1 : i32\n  return\n}", ConstantOp)
    assert not isinstance(c, AffinityOpInterface)
    assert affinity_of(c) is None


COLLECTIVES = """
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token) {
  %0 = "stablehlo.all_reduce"(%a) ({
   ^bb0(%x: tensor<f32>, %y: tensor<f32>):
   %s = stablehlo.add %x, %y : tensor<f32>
   stablehlo.return %s : tensor<f32>
   }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
       channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, use_global_device_ids}
     : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}
     : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>,
       is_host_transfer = true} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return
}
"""


def test_collective_parts_through_the_interface():
    ops = _ops(COLLECTIVES)
    ar = next(o for o in ops if isinstance(o, AllReduceOp))
    cp = next(o for o in ops if isinstance(o, CollectivePermuteOp))
    send = next(o for o in ops if isinstance(o, SendOp))
    assert all(isinstance(o, CollectiveOpInterface) for o in (ar, cp, send))
    assert list(replica_groups_of(ar).flat_values()) == [0, 1]
    assert channel_handle_of(ar).handle == 2
    assert uses_global_device_ids(ar)
    # permute: no replica groups, no channel, ids not global
    assert replica_groups_of(cp) is None and channel_handle_of(cp) is None and not uses_global_device_ids(cp)
    assert channel_handle_of(send).handle == 5 and replica_groups_of(send) is None


def test_non_collectives_answer_none():
    c = _first("func.func @f() {\n  %c = arith.constant 1 : i32\n  return\n}", ConstantOp)
    assert replica_groups_of(c) is None and channel_handle_of(c) is None and not uses_global_device_ids(c)


CF = """
func.func @f(%c: i1, %a: i32) {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  return
^bb2:
  return
}
"""


def test_operand_groups_of_attribute_sized_ops():
    br = _first(CF, CondBranchOp)
    assert CondBranchOp.has_operand_groups(br)
    assert [s for _, s in CondBranchOp.operand_segments(br)] == [1, 1, 0]
    # sizes that do not add up to the operands: the declared groups do not apply
    CondBranchOp.set_operand_group_sizes(br, [1, 0, 0])
    assert [s for _, s in CondBranchOp.operand_segments(br)] == [1, 0, 0]
    assert not CondBranchOp.has_operand_groups(br)
    CondBranchOp.set_operand_group_sizes(br, [1, 0, 1])
    assert CondBranchOp.has_operand_groups(br) and list(br.false_dest_operands) == [br.operand(1)]
    br.remove_attr("operandSegmentSizes")
    assert not CondBranchOp.has_operand_groups(br)
    # ops without attribute-sized groups always split into their declared groups
    c = _first("func.func @f() {\n  %c = arith.constant 1 : i32\n  return\n}", ConstantOp)
    assert ConstantOp.has_operand_groups(c)
