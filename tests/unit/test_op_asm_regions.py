"""Regions in op_asm forms (hlopt.syntax.op_asm.OpAsmParser.parse_region):
read by the module grammar in the running parse, entry-block arguments
declared by the op's head, scoping and isolation, the default dialect, and
the errors (test dialect: asm_test_dialect.py)."""

from __future__ import annotations

import pytest

from hlopt.dialects import DIALECTS
from hlopt.ir.context import Context, DialectInfo, use_context
from hlopt.syntax.diagnostics import DiagnosticError
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op


@pytest.fixture(scope="module")
def ctx():
    c = Context(DIALECTS)
    c.register("tst", DialectInfo("asm_test_dialect"))
    with use_context(c):
        yield c


def _func(body: str, args: str = "%a: i32, %c: i1") -> str:
    return f"func.func @f({args}) {{\n{body}\n  return\n}}\n"


def _print(ctx, text: str, generic: bool = False) -> str:
    with use_context(ctx):
        return print_op(parse_module(text, allow_unregistered=False), generic=generic)


def _body(out: str) -> list[str]:
    return [ln.strip() for ln in out.splitlines()[2:-3]]


def _error(ctx, text: str) -> tuple[str, int, int]:
    with use_context(ctx), pytest.raises(DiagnosticError) as e:
        parse_module(text, allow_unregistered=False)
    d = e.value.diagnostics[0]
    _, line, col = d.file_line_col()
    return d.message, line, col


def test_declared_regions_round_trip(ctx):
    body = ("  tst.if %c {\n    tst.yield %a : i32\n  } else {\n    tst.yield\n  } {tag}\n"
            "  tst.if %c {\n    tst.yield\n  }")
    assert _body(_print(ctx, _func(body))) == [
        "tst.if %arg1 {", "tst.yield %arg0 : i32", "} else {", "tst.yield", "} {tag}",
        "tst.if %arg1 {", "tst.yield", "}"]


def test_optional_region_left_out_is_an_empty_region(ctx):
    out = _print(ctx, _func("  tst.if %c {\n    tst.yield\n  }"), generic=True)
    assert '"tst.if"(%arg1) ({\n      "tst.yield"() : () -> ()\n    }, {\n    }) : (i1) -> ()' in out


def test_regions_directive_reads_a_comma_list(ctx):
    body = "  tst.wrap {\n    tst.yield\n  }, {\n    tst.yield %a : i32\n  } attributes {k = 1 : i32}"
    assert _body(_print(ctx, _func(body))) == [
        "tst.wrap {", "tst.yield", "}, {", "tst.yield %arg0 : i32", "} attributes {k = 1 : i32}"]


def test_head_declares_entry_arguments_and_default_dialect(ctx):
    # `yield` inside tst.loop is tst.yield (its default dialect); %i is defined inside only
    body = "  tst.loop %i = %a : i32 {\n    yield %i, %a : i32, i32\n  }"
    out = _print(ctx, _func(body))
    assert _body(out) == ["tst.loop %arg2 = %arg0 : i32 {", "yield %arg2, %arg0 : i32, i32", "}"]
    gen = _print(ctx, _func(body), generic=True)
    assert '"tst.loop"(%arg0) ({\n    ^bb0(%arg2: i32):' in gen
    assert '"tst.yield"(%arg2, %arg0) : (i32, i32) -> ()' in gen


def test_entry_argument_is_not_visible_after_the_region(ctx):
    body = "  tst.loop %i = %a : i32 {\n    yield\n  }\n  tst.yield %i : i32"
    assert _error(ctx, _func(body)) == ("use of undeclared SSA value name", 5, 13)


def test_entry_argument_redefining_an_inner_name_is_an_error(ctx):
    body = "  tst.loop %i = %a : i32 {\n    %i = \"tst.yield\"() : () -> i32\n  }"
    msg, line, col = _error(ctx, _func(body))
    assert (msg, line) == ("redefinition of SSA value '%i'", 3)


def test_isolated_region_does_not_see_outer_values(ctx):
    body = "  tst.isolated {\n    tst.yield %a : i32\n  }"
    assert _error(ctx, _func(body)) == ("use of undeclared SSA value name", 3, 15)


def test_ops_before_a_region_op_are_built_first(ctx):
    # the value defined just before the op (no result name to delay the lexer) is used inside
    body = '  %x = "tst.yield"() {note} : () -> i32\n  tst.if %c {\n    tst.yield %x : i32\n  }'
    assert _body(_print(ctx, _func(body)))[1:3] == ["tst.if %arg1 {", "tst.yield %0 : i32"]


def test_missing_region_is_reported_after_the_last_token(ctx):
    msg, line, col = _error(ctx, _func("  tst.if %c"))
    assert msg == "expected '{' to begin a region" and (line, col) == (2, 12)


def test_bare_name_without_a_default_dialect_is_not_an_op(ctx):
    # outside tst.loop (inside func.func) `yield` is not tst.yield
    msg, line, col = _error(ctx, _func("  yield"))
    assert msg.startswith("unexpected character 'y'") and (line, col) == (2, 3)


def test_unclosed_region_is_an_error(ctx):
    msg, _line, _col = _error(ctx, "func.func @f(%c: i1) {\n  tst.if %c {\n    tst.yield\n")
    assert msg.startswith("unexpected end of input")
