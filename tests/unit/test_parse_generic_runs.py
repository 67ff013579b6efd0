"""The generic-form fast paths of the parser: consecutive one-line generic
ops lexed as one GENERIC_RUN token, a line's name/type/attributes decoded
once per distinct text, and common attribute leaves (`N : T`, strings,
symbols, `array<...>`) built without the attribute grammar. Each must give
what the one-op-at-a-time path gives: the same ops, operands, attributes,
locations and errors."""

from __future__ import annotations

import pytest

from hlopt.syntax.attr_parser import parse_attr
from hlopt.syntax.diagnostics import DiagnosticError
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op


def _func(lines: list[str]) -> str:
    body = "".join(f"  {line}\n" for line in lines)
    return ('"func.func"() <{function_type = () -> (), sym_name = "f"}> ({\n' + body +
            '  "func.return"() : () -> ()\n}) : () -> ()\n')


def _ops(m):
    return m.regions[0].blocks[0].ops_list()[0].regions[0].blocks[0].ops_list()


def test_run_builds_each_op_with_its_own_operands() -> None:
    text = _func([
        '%0 = "arith.constant"() <{value = 1 : i32}> : () -> i32',
        '%1 = "arith.addi"(%0, %0) : (i32, i32) -> i32',
        '%2 = "arith.addi"(%1, %0) : (i32, i32) -> i32',
        '%3:2 = "test.two"(%2) : (i32) -> (i32, i32)',
        '"test.sink"(%3#1, %3#0) : (i32, i32) -> ()',
    ])
    m = parse_module(text, allow_unregistered=True)
    ops = _ops(m)
    r0, r1, r2 = (op.results[0] for op in ops[:3])
    assert [list(op.operands) for op in ops[:5]] == [[], [r0, r0], [r1, r0], [r2], list(ops[3].results)[::-1]]
    # one distinct line shape: the decoded pieces are shared
    assert ops[1].properties is ops[2].properties and ops[1].attributes is ops[2].attributes
    func = m.regions[0].blocks[0].ops_list()[0]
    assert print_op(func, generic=True).rstrip("\n") == text.rstrip("\n")


def test_locations_and_comments_end_a_run_without_changing_the_ops() -> None:
    lines = [
        '%0 = "arith.constant"() <{value = 1 : i32}> : () -> i32',
        '%1 = "arith.addi"(%0, %0) : (i32, i32) -> i32 loc("here")',
        '%2 = "arith.addi"(%1, %0) : (i32, i32) -> i32 // a comment',
        '// a line comment',
        '%3 = "arith.addi"(%2, %2) : (i32, i32) -> i32',
        '%4 = "arith.addi"(%3, %2) : (i32, i32) -> i32',
    ]
    m = parse_module(_func(lines), filename="in.mlir")
    ops = _ops(m)
    assert ops[1].location.text == 'loc("here")'
    # ops in a run are located at their own line and column (the op name, after the results)
    assert ops[0].location.text == 'loc("in.mlir":2:8)'
    assert ops[3].location.text == 'loc("in.mlir":6:8)'
    assert ops[4].location.text == 'loc("in.mlir":7:8)'
    assert list(ops[4].operands) == [ops[3].results[0], ops[2].results[0]]


@pytest.mark.parametrize(("bad", "message", "col"), [
    ('%2 = "arith.addi"(%9, %0) : (i32, i32) -> i32', "use of undeclared SSA value name", 20),
    ('%1 = "arith.addi"(%0, %0) : (i32, i32) -> i32', "redefinition of SSA value '%1'", 3),
    ('%2 = "arith.addi"(%1) : (i32, i32) -> i32', "1 operands present, but expected 2", 20),
    ('%2 = "arith.constant"() <{value = 300 : i8}> : () -> i8', "integer constant out of range", 37),
])
def test_an_error_in_the_middle_of_a_run_is_located_as_alone(bad: str, message: str, col: int) -> None:
    lines = [
        '%0 = "arith.constant"() <{value = 1 : i32}> : () -> i32',
        '%1 = "arith.addi"(%0, %0) : (i32, i32) -> i32',
        bad,
        '%5 = "arith.addi"(%0, %0) : (i32, i32) -> i32',
    ]
    with pytest.raises(DiagnosticError) as e:
        parse_module(_func(lines), filename="in.mlir")
    d = e.value.diagnostics[0]
    assert message in d.message
    assert (d.location.line, d.location.column) == (4, col)


def test_lex_error_after_a_run() -> None:
    lines = [
        '%0 = "arith.constant"() <{value = 1 : i32}> : () -> i32',
        '%1 = "arith.addi"(%0, %0) : (i32, i32) -> i32 $',
    ]
    with pytest.raises(DiagnosticError) as e:
        parse_module(_func(lines), filename="in.mlir")
    d = e.value.diagnostics[0]
    assert "unexpected character '$'" in d.message
    assert (d.location.line, d.location.column) == (3, 49)


@pytest.mark.parametrize("text", [
    "7 : i32", "-128 : i8", "255 : ui8", "-3 : si16", "1 : i1", "0 : i1", "12 : index", "1.5 : f32",
    "-2.500000e+00 : f64", "1.0 : bf16", '"plain"', '"esc\\22aped\\n"', "@sym", "@f.g$1",
    "array<i64: 1, 2, 3>", "array<i32>", "array<f32: 1.0, 2.5>", "array<i1: true, false>",
])
def test_attribute_leaves_decode_as_the_grammar_does(text: str) -> None:
    m = parse_module(f'"test.op"() {{a = {text}}} : () -> ()', allow_unregistered=True)
    op = m.regions[0].blocks[0].ops_list()[0]
    assert op.attributes.get("a") is parse_attr(text)


@pytest.mark.parametrize("body", ["[1, 1, 2, 2]", "[1.0, 1.0, -0.5, 1.0]"])
def test_dense_elements_repeated_literals(body: str) -> None:
    et = "f32" if "." in body else "i32"
    text = f"dense<{body}> : tensor<4x{et}>"
    other = text.replace("1", "7")
    m = parse_module(f'"test.op"() {{a = {text}, b = {other}}} : () -> ()', allow_unregistered=True)
    op = m.regions[0].blocks[0].ops_list()[0]
    assert op.attributes.get("a") is parse_attr(text)
    assert op.attributes.get("b") is parse_attr(other)
