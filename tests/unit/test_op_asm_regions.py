"""Regions in op_asm forms (hlopt.syntax.op_asm.OpAsmParser.parse_region):
read by the module grammar in the running parse, entry-block arguments
declared by the op's head, scoping and isolation, the default dialect, and
the errors (tests dialect: asm_region_dialect.py)."""

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
    c.register("rgn", DialectInfo("asm_region_dialect"))
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
    body = ("  rgn.if %c {\n    rgn.yield %a : i32\n  } else {\n    rgn.yield\n  } {tag}\n"
            "  rgn.if %c {\n    rgn.yield\n  }")
    assert _body(_print(ctx, _func(body))) == [
        "rgn.if %arg1 {", "rgn.yield %arg0 : i32", "} else {", "rgn.yield", "} {tag}",
        "rgn.if %arg1 {", "rgn.yield", "}"]


def test_optional_region_left_out_is_an_empty_region(ctx):
    out = _print(ctx, _func("  rgn.if %c {\n    rgn.yield\n  }"), generic=True)
    assert '"rgn.if"(%arg1) ({\n      "rgn.yield"() : () -> ()\n    }, {\n    }) : (i1) -> ()' in out


def test_regions_directive_reads_a_comma_list(ctx):
    body = "  rgn.wrap {\n    rgn.yield\n  }, {\n    rgn.yield %a : i32\n  } attributes {k = 1 : i32}"
    assert _body(_print(ctx, _func(body))) == [
        "rgn.wrap {", "rgn.yield", "}, {", "rgn.yield %arg0 : i32", "} attributes {k = 1 : i32}"]


def test_head_declares_entry_arguments_and_default_dialect(ctx):
    # `yield` inside rgn.loop is rgn.yield (its default dialect); %i is defined inside only
    body = "  rgn.loop %i = %a : i32 {\n    yield %i, %a : i32, i32\n  }"
    out = _print(ctx, _func(body))
    assert _body(out) == ["rgn.loop %arg2 = %arg0 : i32 {", "yield %arg2, %arg0 : i32, i32", "}"]
    gen = _print(ctx, _func(body), generic=True)
    assert '"rgn.loop"(%arg0) ({\n    ^bb0(%arg2: i32):' in gen
    assert '"rgn.yield"(%arg2, %arg0) : (i32, i32) -> ()' in gen


def test_entry_argument_is_not_visible_after_the_region(ctx):
    body = "  rgn.loop %i = %a : i32 {\n    yield\n  }\n  rgn.yield %i : i32"
    assert _error(ctx, _func(body)) == ("use of undeclared SSA value name", 5, 13)


def test_entry_argument_redefining_an_inner_name_is_an_error(ctx):
    body = "  rgn.loop %i = %a : i32 {\n    %i = \"rgn.yield\"() : () -> i32\n  }"
    msg, line, col = _error(ctx, _func(body))
    assert (msg, line) == ("redefinition of SSA value '%i'", 3)


def test_isolated_region_does_not_see_outer_values(ctx):
    body = "  rgn.isolated {\n    rgn.yield %a : i32\n  }"
    assert _error(ctx, _func(body)) == ("use of undeclared SSA value name", 3, 15)


def test_ops_before_a_region_op_are_built_first(ctx):
    # the value defined just before the op (no result name to delay the lexer) is used inside
    body = '  %x = "rgn.yield"() {note} : () -> i32\n  rgn.if %c {\n    rgn.yield %x : i32\n  }'
    assert _body(_print(ctx, _func(body)))[1:3] == ["rgn.if %arg1 {", "rgn.yield %0 : i32"]


def test_missing_region_is_reported_after_the_last_token(ctx):
    msg, line, col = _error(ctx, _func("  rgn.if %c"))
    assert msg == "expected '{' to begin a region" and (line, col) == (2, 12)


def test_bare_name_without_a_default_dialect_is_not_an_op(ctx):
    # outside rgn.loop (inside func.func) `yield` is not rgn.yield
    msg, line, col = _error(ctx, _func("  yield"))
    assert msg.startswith("unexpected character 'y'") and (line, col) == (2, 3)


def test_unclosed_region_is_an_error(ctx):
    msg, _line, _col = _error(ctx, "func.func @f(%c: i1) {\n  rgn.if %c {\n    rgn.yield\n")
    assert msg.startswith("unexpected end of input")
