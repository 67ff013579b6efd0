"""The directives several dialects share (hlopt.syntax.directives), read and
printed through a test dialect (directives_test_dialect.py)."""

from __future__ import annotations

import pytest

from hlopt.dialects import DIALECTS
from hlopt.ir.attributes import DenseArrayAttr, IntegerAttr
from hlopt.ir.context import Context, DialectInfo, use_context
from hlopt.ir.types import i1, i32
from hlopt.syntax.diagnostics import DiagnosticError
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op

K_DYNAMIC = -(1 << 63)


@pytest.fixture(scope="module")
def ctx():
    c = Context(DIALECTS)
    c.register("tsd", DialectInfo("directives_test_dialect"))
    with use_context(c):
        yield c


def _module(ctx, body: str):
    text = f"func.func @f(%i: index, %j: index, %s: f32) {{\n{body}\n  return\n}}\n"
    with use_context(ctx):
        return parse_module(text, allow_unregistered=False)


def _body(ctx, body: str) -> list[str]:
    with use_context(ctx):
        out = print_op(_module(ctx, body))
    return [ln.strip() for ln in out.splitlines()[2:-3]]


def _op(ctx, body: str):
    return next(o for o in _module(ctx, body).walk() if o.name.startswith("tsd."))


def test_dynamic_index_list_reads_values_and_static_entries(ctx):
    op = _op(ctx, "  tsd.lists [0, %i, -2, 0x10] by [%j] {k}")
    assert list(op.properties.get("static_a").values) == [0, K_DYNAMIC, -2, 16]
    assert list(op.properties.get("static_b").values) == [K_DYNAMIC]
    assert list(op.properties.get("operandSegmentSizes").values) == [1, 1]
    assert [v.type.text for v in op.operands] == ["index", "index"]
    assert _body(ctx, "  tsd.lists [0, %i, -2, 0x10] by [%j] {k}") == ["tsd.lists [0, %arg0, -2, 16] by [%arg1] {k}"]
    assert _body(ctx, "  tsd.lists [] by []") == ["tsd.lists [] by []"]


@pytest.mark.parametrize("body, message, col", [
    ("  tsd.lists [0 by [1]", "expected ']' in dynamic index list", 15),
    ("  tsd.lists [x] by [1]", "custom op 'tsd.lists' expected integer value", 14),
    ("  tsd.lists 0 by [1]", "expected '['", 12),
])
def test_dynamic_index_list_errors(ctx, body, message, col):
    with use_context(ctx), pytest.raises(DiagnosticError) as e:
        _module(ctx, body)
    d = e.value.diagnostics[0]
    assert d.message == message
    assert d.file_line_col()[1:] == (2, col)


def test_bare_integer_dense_list_and_untyped_attr(ctx):
    op = _op(ctx, '  tsd.attrs 7, 1 dims([0, 2]) "m" {k}')
    assert op.properties.get("n") is IntegerAttr(7, i32)
    assert op.properties.get("flag") is IntegerAttr(1, i1)
    dims = op.properties.get("dims")
    assert isinstance(dims, DenseArrayAttr) and list(dims.values) == [0, 2]
    assert _body(ctx, '  tsd.attrs 7, 1 dims([0, 2]) "m" {k}') == ['tsd.attrs 7, true dims([0, 2]) "m" {k}']
    assert _body(ctx, '  tsd.attrs -3, false dims([]) "m"') == ['tsd.attrs -3, false dims([]) "m"']


def test_bare_integer_keeps_another_attribute_for_the_verifier(ctx):
    # MLIR reads any attribute where the typed integer goes; the op's
    # constraints judge it (here: none, so it prints generically)
    lines = _body(ctx, '  tsd.attrs "s", true dims([1]) "m"')
    assert lines == ['"tsd.attrs"() <{dims = array<i64: 1>, flag = true, msg = "m", n = "s"}> : () -> ()']


def test_types_match_with_gives_one_type_per_operand(ctx):
    assert _body(ctx, "  %0 = tsd.spread %s, %s : tensor<2xf32>") == ["%0 = tsd.spread %arg2, %arg2 : tensor<2xf32>"]
    with use_context(ctx), pytest.raises(DiagnosticError) as e:
        _module(ctx, "  %0 = tsd.spread %s : tensor<2xf32>")
    d = e.value.diagnostics[0]
    assert d.message == "custom op 'tsd.spread' number of operands and types do not match: got 1 operands and 2 types"
    assert d.file_line_col()[1:] == (2, 19)
