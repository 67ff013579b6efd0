"""The dialect-attribute verifier hooks (MLIR's verifyOperationAttribute,
verifyRegionArgAttribute, verifyRegionResultAttribute) with a test dialect
declared here, and Shardy's use of them for `sdy.sharding`."""

from __future__ import annotations

import pytest

import hlopt
from hlopt.driver import Options, process
from hlopt.ir.context import current_context
from hlopt.ir.core import IRError
from hlopt.ir.dialect import Dialect
from hlopt.ir.opdef import OpDef
from hlopt.syntax.source import Source

CALLS: list[tuple] = []


class _HookOp(OpDef):
    name = "hooktest.op"


def _on_op(op, name, attr) -> None:
    CALLS.append(("op", op.name, name, attr.value))
    if attr.value < 0:
        raise IRError(f"'{op.name}' op negative {name}", op)


def _on_arg(op, region, index, name, attr) -> None:
    CALLS.append(("arg", op.name, region, index, name, attr.value))


def _on_result(op, region, index, name, attr) -> None:
    CALLS.append(("result", op.name, region, index, name, attr.value))


current_context().load(Dialect("hooktest", ops=(_HookOp,), verify_operation_attribute=_on_op,
                               verify_region_arg_attribute=_on_arg, verify_region_result_attribute=_on_result))

TEXT = """
func.func @f(%a: tensor<2xf32>, %b: tensor<2xf32> {hooktest.x = 1 : i64, other.y = 2 : i64}) -> (tensor<2xf32> {hooktest.r = 3 : i64}) {
  "hooktest.op"() {hooktest.c = 4 : i64, plain = 5 : i64} : () -> ()
  return %a : tensor<2xf32>
}
"""


def test_hooks_see_each_dialect_attribute_once_with_its_position() -> None:
    CALLS.clear()
    hlopt.verify(hlopt.parse_module(TEXT))
    assert sorted(CALLS) == sorted([
        ("arg", "func.func", 0, 1, "hooktest.x", 1),
        ("result", "func.func", 0, 0, "hooktest.r", 3),
        ("op", "hooktest.op", "hooktest.c", 4),
    ])


def test_a_hook_error_is_a_located_diagnostic() -> None:
    bad = TEXT.replace("hooktest.c = 4", "hooktest.c = -4")
    out, diags, _ = process(Source("in.mlir", bad), Options())
    assert out is None
    assert diags[0].header() == "in.mlir:3:3: error: 'hooktest.op' op negative hooktest.c"


def test_attributes_without_a_hook_are_not_checked() -> None:
    CALLS.clear()
    hlopt.verify(hlopt.parse_module('"hooktest.op"() {plain = -1 : i64} : () -> ()'))
    assert CALLS == []


MESH = 'sdy.mesh @mesh = <["x"=4, "y"=2]>\n'


@pytest.mark.parametrize("where,message", [
    ('(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"x"}]>}) -> tensor<8x8xf32>',
     "'func.func' op arg 0 - duplicate axis ref: \"x\""),
    ('(%a: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"q"}, {}]>})',
     "'func.func' op result 0 - unknown axis name: \"q\""),
    ('(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8x8xf32>',
     "'func.func' op arg 0 - sharding doesn't match tensor rank: 1 != 2"),
])
def test_sdy_checks_func_argument_and_result_shardings(where: str, message: str) -> None:
    m = hlopt.parse_module(MESH + f"func.func @f{where} {{\n  return %a : tensor<8x8xf32>\n}}\n")
    with pytest.raises(IRError) as e:
        hlopt.verify(m)
    assert e.value.message == message


def test_sdy_accepts_valid_func_shardings() -> None:
    m = hlopt.parse_module(MESH + 'func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, '
                           '[{"x", ?}p0, {"y"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, '
                           '[{}, {}], replicated={"x"}>}) {\n  return %a : tensor<8x8xf32>\n}\n')
    hlopt.verify(m)


def test_attributes_of_dialects_not_loaded_are_not_verified() -> None:
    """As MLIR (NamedAttribute::getNameDialect): verifying never loads a dialect."""
    from hlopt.dialects import DIALECTS
    from hlopt.ir.context import Context, use_context

    ctx = Context(DIALECTS)
    with use_context(ctx):
        m = hlopt.parse_module('func.func @f(%a: tensor<2xf32> {mhlo.layout_mode = "default"}) {\n  return\n}\n')
        hlopt.verify(m)
    assert ctx.loaded_dialect("func") is not None
    assert ctx.loaded_dialect("mhlo") is None
