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


def _alone(line: str, defs: list[str]):
    """The last op of `defs + [line]` parsed on its own (the first line of its shape)."""
    return _ops(parse_module(_func([*defs, line])))[len(defs)]


def test_ops_of_one_shape_keep_their_own_discardable_attributes() -> None:
    defs = ['%0 = "arith.constant"() <{value = 1 : i32}> : () -> i32']
    lines = [
        '%1 = "arith.addi"(%0, %0) {a = 1 : i32} : (i32, i32) -> i32',
        '%2 = "arith.addi"(%1, %0) {b = "x", c} : (i32, i32) -> i32',
        # an inherent attribute written among the discardable ones goes to the properties, per op
        '%3 = "arith.addi"(%2, %1) {overflowFlags = #arith.overflow<nsw>, t = 2 : i64} : (i32, i32) -> i32',
        '%4 = "arith.addi"(%3, %2) {overflowFlags = #arith.overflow<nuw>} : (i32, i32) -> i32',
    ]
    ops = _ops(parse_module(_func(defs + lines)))
    for k, line in enumerate(lines, start=1):
        alone = _alone(line.replace(f"%{k - 1}", "%0").replace(f"%{k - 2}", "%0"), defs)
        assert ops[k].attributes is alone.attributes, line
        assert ops[k].properties is alone.properties, line
    assert list(ops[4].operands) == [ops[3].results[0], ops[2].results[0]]
    assert ops[3].properties.get("overflowFlags") is not ops[4].properties.get("overflowFlags")
    assert ops[2].attributes.get("c") is not None


@pytest.mark.parametrize("bad", [
    '%3 = "arith.addi"(%0, %0) {a = 300 : i8} : (i32, i32) -> i32',  # the attribute fails
    '%3 = "arith.addi"(%0, %9) {a = 3 : i8} : (i32, i32) -> i32',  # the operand fails
    '%3 = "arith.addi"(%0, %0) {a = 3 : i8, a = 4 : i8} : (i32, i32) -> i32',
])
def test_an_error_on_a_line_with_attributes_of_a_known_shape_is_located_as_alone(bad: str) -> None:
    defs = ['%0 = "arith.constant"() <{value = 1 : i32}> : () -> i32']
    same_shape = '%1 = "arith.addi"(%0, %0) {z = 1 : i8} : (i32, i32) -> i32'
    errors = []
    for lines in (defs + [bad], defs + [same_shape, bad]):
        with pytest.raises(DiagnosticError) as e:
            parse_module(_func(lines), filename="in.mlir")
        d = e.value.diagnostics[0]
        errors.append((d.message, d.location.line - len(lines), d.location.column))
    assert errors[0] == errors[1]


@pytest.mark.parametrize(("body", "ty"), [
    ("[[1, 2, 3], [4, 5, 6]]", "tensor<2x3xi32>"),
    ("[ [1,2] , [3,\n 4] ]", "tensor<2x2xi8>"),
    ("-0.5", "tensor<2x2xf32>"),
    ("[1.0, 2.5]", "tensor<2xf64>"),
    ("[true, false]", "tensor<2xi1>"),
    ("[[1, 2], [3]]", "tensor<2x2xi32>"),  # ragged
    ("[1, 2, 3]", "tensor<2xi32>"),  # not the type's shape
    ("[1 2]", "tensor<2xi32>"),  # a missing comma
    ("[1,, 2]", "tensor<3xi32>"),
    ("[1, 2,]", "tensor<2xi32>"),
    ("[1, 2.5]", "tensor<2xi32>"),  # a float among integers
    ("[1e5, 2]", "tensor<2xi32>"),  # not a literal of MLIR's
    ("[300, 1]", "tensor<2xi8>"),  # out of range
    ("[[1]]", "tensor<i32>"),
])
def test_plain_dense_literals_decode_as_the_token_loop_does(body: str, ty: str, monkeypatch) -> None:
    from hlopt.syntax import attr_parser

    def decode(fast: bool):
        if not fast:
            monkeypatch.setattr(attr_parser, "_plain_elements", lambda inner, shape: None)
        try:
            return parse_attr(f"dense<{body}> : {ty}")
        except Exception as e:  # noqa: BLE001 - the message is what is compared
            return f"{type(e).__name__}: {e}"
        finally:
            monkeypatch.undo()

    assert decode(True) == decode(False)


def test_plain_dense_literals_take_the_skeleton_path() -> None:
    from hlopt.syntax.attr_parser import _plain_elements

    assert _plain_elements("[[1, -2], [3, 4.5]]", (2, 2)) == ["1", "-2", "3", "4.5"]
    assert _plain_elements(" 7 ", (3,)) == ["7"]
    assert _plain_elements("[[1, 2], [3]]", (2, 2)) is None
    assert _plain_elements("[1 2, 3]", (2,)) is None
