"""One-line StableHLO ops rebuilt from the template of an earlier line of
the same shape (hlopt/dialects/stablehlo/syntax.py `stablehlo_simple`): the
same operands, types and attributes as a full parse, and errors located
where a full parse locates them."""

from __future__ import annotations

import pytest

from hlopt.syntax.diagnostics import DiagnosticError
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op

HEAD = "func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {\n"


def _body(lines: list[str], ret: str) -> str:
    return HEAD + "".join(f"  {line}\n" for line in lines) + f"  return {ret} : tensor<4xf32>\n}}\n"


def test_lines_of_one_shape_keep_their_own_operands() -> None:
    text = _body([
        "%0 = stablehlo.add %a, %b : tensor<4xf32>",
        "%1 = stablehlo.add %b, %0 : tensor<4xf32>",
        "%2 = stablehlo.add %1, %1 : tensor<4xf32>",
        "%3 = stablehlo.add %2, %a : tensor<4xf32>",
        "%4 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>",
        "%5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>",
    ], "%5")
    m = parse_module(text)
    func = m.regions[0].blocks[0].ops_list()[0]
    ops = func.regions[0].blocks[0].ops_list()
    a, b = func.regions[0].blocks[0].args
    r = [op.results[0] for op in ops[:6]]
    assert [list(op.operands) for op in ops[:6]] == [[a, b], [b, r[0]], [r[1], r[1]], [r[2], a], [r[3]], [r[4]]]
    assert ops[4].properties is ops[5].properties
    out = print_op(m)
    assert "%4 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>" in out
    assert "%5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>" in out
    assert "%2 = stablehlo.add %1, %1 : tensor<4xf32>" in out


def _error(text: str) -> tuple[str, int, int]:
    with pytest.raises(DiagnosticError) as e:
        parse_module(text)
    d = e.value.diagnostics[0]
    return d.message, d.location.line, d.location.column


@pytest.mark.parametrize("bad", [
    "%9 = stablehlo.add %a, %zz : tensor<4xf32>",  # never defined
    "%9 = stablehlo.add %a, %p : tensor<4xf32>",  # %p has another type
    "%9 = stablehlo.add %a, %p#1 : tensor<4xf32>",  # no such result
])
def test_an_error_on_a_templated_line_is_where_a_full_parse_puts_it(bad: str) -> None:
    p = "%p = stablehlo.constant dense<0> : tensor<i32>"
    first = _error(_body([p, bad], "%a"))  # the first line of its shape: full parse
    after = _error(_body([p, "%0 = stablehlo.add %b, %a : tensor<4xf32>", bad], "%a"))  # from the template
    assert first[0] == after[0]
    assert (first[1] + 1, first[2]) == after[1:]


def test_a_string_with_ssa_like_text_is_not_taken_for_a_use() -> None:
    text = _body([
        '%0 = stablehlo.custom_call @foo(%a) {backend_config = "%x"} : (tensor<4xf32>) -> tensor<4xf32>',
        '%1 = stablehlo.custom_call @foo(%0) {backend_config = "%y"} : (tensor<4xf32>) -> tensor<4xf32>',
    ], "%1")
    out = print_op(parse_module(text))
    assert 'backend_config = "%x"' in out and 'backend_config = "%y"' in out
