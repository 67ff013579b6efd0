"""Fields are declared under the names IREE and Shardy give them, so the
verifier checks them, accessors read them and builders take them: an
attribute whose name collides with Operation's API (`name`) or a Python
keyword (`global`) is declared `name_ = attr(..., name="name")`."""

from __future__ import annotations

import pytest

import hlopt
from hlopt.dialects import hal, util
from hlopt.dialects.hal_runtime import OPS as HAL_RUNTIME_OPS
from hlopt.dialects.sdy.ops import NamedComputationOp
from hlopt.ir.core import IRError


def _op(module, name):
    return next(o for o in module.walk() if o.name == name)


_IMPORT = """
util.func public @f(%bv: !hal.buffer_view) -> tensor<4xf32> {
  %0 = "hal.tensor.import"(%bv) <{name = NAME, operandSegmentSizes = array<i32: 1, 0, 0, 0>,
                                  target_encoding = tensor<4xf32>}> : (!hal.buffer_view) -> tensor<4xf32>
  util.return %0 : tensor<4xf32>
}
"""


def test_hal_tensor_import_name_is_declared_and_checked():
    assert [f.name for f in hal.TensorImportOp.attr_defs if f.attr == "name_"] == ["name"]
    m = hlopt.parse_module(_IMPORT.replace("NAME", '"in0"'))
    hlopt.verify(m)
    op = _op(m, "hal.tensor.import")
    assert isinstance(op, hal.TensorImportOp) and op.name_.value == "in0"
    assert '%arg0 "in0" : !hal.buffer_view -> tensor<4xf32>' in hlopt.print_op(m)
    bad = hlopt.parse_module(_IMPORT.replace("NAME", "1 : i32"))
    with pytest.raises(IRError, match="attribute 'name' failed to satisfy constraint: string attribute"):
        hlopt.verify(bad)


def test_hal_tensor_export_name_is_declared():
    assert [f.name for f in hal.TensorExportOp.attr_defs if f.attr == "name_"] == ["name"]
    assert "name" in hal.TensorExportOp.inherent and "name_" not in hal.TensorExportOp.inherent


def test_sdy_named_computation_requires_a_string_name():
    assert "name" in NamedComputationOp.inherent
    text = """
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "sdy.named_computation"(%a) <{NAME}> ({
  ^bb0(%x: tensor<4xf32>):
    sdy.return %x : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""
    m = hlopt.parse_module(text.replace("NAME", 'name = "body"'))
    hlopt.verify(m)
    op = _op(m, "sdy.named_computation")
    assert op.name_.value == "body"
    assert 'sdy.named_computation<"body">(%arg0)' in hlopt.print_op(m)
    with pytest.raises(IRError, match="requires attribute 'name'"):
        hlopt.verify(hlopt.parse_module(text.replace("<{NAME}>", "")))


def test_util_global_fields_read_under_global_():
    m = hlopt.parse_module("""
util.global private @g : i32
util.func public @f(%v: i32) {
  util.global.store %v, @g : i32
  %0 = util.global.load @g : i32
  util.return
}
""")
    hlopt.verify(m)
    load, store = _op(m, "util.global.load"), _op(m, "util.global.store")
    assert isinstance(load, util.GlobalLoadOp) and load.global_.root == "g"
    assert isinstance(store, util.GlobalStoreOp) and store.global_.root == "g"
    assert [f.name for f in util.GlobalLoadOp.attr_defs][0] == "global"


def test_hal_runtime_fields_keep_iree_names():
    by_name = {o.name: o for o in HAL_RUNTIME_OPS}
    query = by_name["hal.device.query"]
    assert [f.name for f in query.operand_defs] == ["device"]
    assert [f.name for f in query.result_defs] == ["ok", "value"]
    assert [f.attr for f in query.result_defs] == ["ok_", "value_"]  # accessors: `device` etc. may be API names
    m = hlopt.parse_module("""
util.func public @f(%dev: !hal.device) -> i32 {
  %ok, %v = hal.device.query<%dev : !hal.device> key("a" :: "b") : i1, i32 = 7 : i32
  util.return %v : i32
}
""")
    hlopt.verify(m)
    op = _op(m, "hal.device.query")
    assert op.device_ is op.operands[0] and op.value_ is op.results[1]
    assert op.default_value.value == 7
