"""The StableHLO/CHLO/Shardy declarations as an API: what the derived
verifier rejects (with MLIR's messages), the op list, and Shardy's
structured attributes that passes read."""

from __future__ import annotations

import pytest

import hlopt
from hlopt.dialects.sdy.attributes import (
    AxisRef,
    ManualAxesAttr,
    MeshAttr,
    ShardingAttr,
    ShardingPerValueAttr,
    parse_sdy_attr,
)
from hlopt.dialects.stablehlo import types as shlo_types
from hlopt.ir.context import current_context
from hlopt.ir.core import IRError
from hlopt.ir.types import FloatType, IntegerType, RankedTensorType


def _verify_error(body: str) -> str:
    m = hlopt.parse_module("func.func @f(%a: tensor<2xf32>, %i: tensor<2xi32>) {\n" + body + "\n  return\n}\n")
    with pytest.raises(IRError) as e:
        hlopt.verify(m)
    return str(e.value.args[0])


@pytest.mark.parametrize("body,message", [
    ('"stablehlo.add"() : () -> ()', "'stablehlo.add' op expected 2 operands, but found 0"),
    ('"stablehlo.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> ()', "'stablehlo.add' op requires one result"),
    ('%0 = "stablehlo.and"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>',
     "'stablehlo.and' op operand #0 must be ranked tensor of bool or 2/4/8/16/32/64-bit integer values, but got "
     "'tensor<2xf32>'"),
    ('%0 = "stablehlo.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi32>',
     "op requires the same element type for all operands and results"),
    ('%0 = "stablehlo.constant"() : () -> tensor<2xf32>', "'stablehlo.constant' op requires attribute 'value'"),
    ('%0 = "stablehlo.sqrt"(%i) : (tensor<2xi32>) -> tensor<2xi32>',
     "'stablehlo.sqrt' op operand #0 must be ranked tensor of 4/6/8/16/32/64-bit float or complex type with "
     "32/64-bit float elements or per-tensor integer quantized values, but got 'tensor<2xi32>'"),
    ('%0 = "stablehlo.transpose"(%a) : (tensor<2xf32>) -> tensor<2xf32>',
     "'stablehlo.transpose' op requires attribute 'permutation'"),
    ('%0 = "chlo.erf"(%i) : (tensor<2xi32>) -> tensor<2xi32>',
     "'chlo.erf' op operand #0 must be tensor of 4/6/8/16/32/64-bit float values, but got 'tensor<2xi32>'"),
])
def test_declaration_rejects(body: str, message: str) -> None:
    assert _verify_error("  " + body) == message


def test_defaults_and_optional_attributes_are_not_required() -> None:
    m = hlopt.parse_module("""func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.sqrt %a : tensor<2xf32>
  %1 = "stablehlo.sort"(%0) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GT, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
""")
    hlopt.verify(m)
    sort = next(o for o in m.walk() if o.name == "stablehlo.sort")
    assert sort.opdef.get(sort, "dimension").value == -1  # DefaultValuedOptionalAttr
    assert sort.opdef.get(sort, "is_stable").value == 0


def test_op_list_follows_upstream() -> None:
    d = current_context().get_dialect("stablehlo")
    assert "stablehlo.get_dimension_size_dyn" not in d.op_table
    for name in ("stablehlo.add", "stablehlo.while", "stablehlo.all_reduce", "stablehlo.custom_call",
                 "stablehlo.composite", "stablehlo.async_start"):
        assert name in d.op_table
    add = d.op_table["stablehlo.add"]
    assert [f.name for f in add.operand_defs] == ["lhs", "rhs"]
    # StableHLO's own commutativity trait, not MLIR's (which CSE and folding act on)
    assert "HloCommutative" in add.traits and "Commutative" not in add.traits and "Pure" in add.traits


def test_hlo_constraints() -> None:
    f32, i32 = FloatType("f32"), IntegerType(32)
    assert shlo_types.HLO_Tensor(RankedTensorType((2,), f32))
    assert not shlo_types.HLO_Tensor(RankedTensorType((2,), IntegerType(32, "s")))  # signed ints are not HLO
    assert shlo_types.HLO_IntTensor(RankedTensorType((), IntegerType(8, "u")))
    assert not shlo_types.HLO_PredTensor(RankedTensorType((2,), i32))
    assert shlo_types.HLO_StaticDimensionTensor(RankedTensorType((3,), i32))
    assert not shlo_types.HLO_StaticDimensionTensor(RankedTensorType((-1,), i32))
    assert shlo_types.HLO_Token(shlo_types.TokenType())


# -- Shardy attributes ------------------------------------------------------------------

def test_mesh_fields_and_print() -> None:
    m = parse_sdy_attr('#sdy.mesh<["x"=4, "y"=2]>')
    assert isinstance(m, MeshAttr)
    assert m.axes == (("x", 4), ("y", 2)) and m.axis_size("y") == 2 and m.total_size == 8
    assert m.text == '#sdy.mesh<["x"=4, "y"=2]>'
    ids = parse_sdy_attr("#sdy.mesh<[], device_ids=[0]>")
    assert ids.axes == () and ids.device_ids == (0,)
    assert parse_sdy_attr('#sdy.mesh<["x"=2, "x"=3]>').verify() == 'duplicate axis name: "x"'
    assert parse_sdy_attr('#sdy.mesh<["x"=2], device_ids=[0, 1, 2]>').verify() == (
        "total product of axis sizes must match total number of device ids, got: 2 != 3")  # jaxlib's text


def test_sharding_fields_and_print() -> None:
    text = '#sdy.sharding<@mesh, [{"x", ?}p1, {"y":(2)4}, {}], replicated={"z"}>'
    s = parse_sdy_attr(text)
    assert isinstance(s, ShardingAttr) and s.text == text
    assert s.mesh == "mesh"
    d0, d1, d2 = s.dims
    assert [a.name for a in d0.axes] == ["x"] and not d0.is_closed and d0.priority == 1
    assert d1.axes == (AxisRef("y", 2, 4),) and d1.axes[0].is_sub_axis
    assert d2.axes == () and d2.is_closed
    assert [a.name for a in s.replicated] == ["z"]
    assert s.axis_names() == ["x", "y", "z"]
    assert parse_sdy_attr('#sdy.sharding<@m, [{"x"}, {"x"}]>').verify() == 'duplicate axis ref: "x"'


def test_per_value_and_manual_axes() -> None:
    pv = parse_sdy_attr('#sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>, <@mesh, []>]>')
    assert isinstance(pv, ShardingPerValueAttr) and len(pv.shardings) == 2
    assert pv.shardings[1].dims == ()
    ma = parse_sdy_attr('#sdy<manual_axes{"x", "y"}>')
    assert isinstance(ma, ManualAxesAttr) and ma.axes == ("x", "y")


def test_whitespace_variants_are_respelled_as_mlir_does() -> None:
    # MLIR (jaxlib) prints `sdy.mesh @mesh = <["x" = 4]>` as `<["x"=4]>`: the attribute is structured
    mesh = parse_sdy_attr('#sdy.mesh<["x" = 4]>')
    assert isinstance(mesh, MeshAttr) and mesh.text == '#sdy.mesh<["x"=4]>' and mesh.axis_size("x") == 4
    m = hlopt.parse_module('sdy.mesh @mesh = <["x" = 4]>\n')
    assert isinstance(next(o for o in m.walk() if o.name == "sdy.mesh").properties.get("mesh"), MeshAttr)
    assert 'sdy.mesh @mesh = <["x"=4]>' in hlopt.print_op(m)


def test_unmodelled_spelling_stays_opaque() -> None:
    assert parse_sdy_attr("#sdy.op_sharding_rule<([i])->([i]) {i=4}>") is None  # kept as text, not guessed


def test_parsed_ops_carry_structured_attributes() -> None:
    m = hlopt.parse_module('''sdy.mesh @mesh = <["x"=8]>
func.func @f(%a: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %0 = sdy.sharding_constraint %a <@mesh, [{"x"}, {}]> : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
''')
    hlopt.verify(m)
    ops = {o.name: o for o in m.walk()}
    assert ops["sdy.mesh"].properties.get("mesh").axis_size("x") == 8
    sh = ops["sdy.sharding_constraint"].properties.get("sharding")
    assert isinstance(sh, ShardingAttr) and sh.dims[0].axes[0].name == "x"
    assert hlopt.print_op(m).count('<@mesh, [{"x"}, {}]>') == 1
