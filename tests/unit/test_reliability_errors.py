"""No `internal error` for any input or flag (issue 7, item 2): parse errors
without a position, custom ops missing operands, malformed location numbers,
pipeline misuse (exit 2)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from hlopt.cli import main
from hlopt.syntax import parser as parser_mod
from hlopt.syntax.diagnostics import DiagnosticError
from hlopt.syntax.source import Source

GOOD = "func.func @f() {\n  return\n}\n"


def run(args, input=GOOD):
    r = CliRunner().invoke(main, args, input=input, catch_exceptions=False)
    return r.exit_code, r.stdout, r.stderr


def test_parse_error_without_position_is_located(monkeypatch) -> None:
    def finish(self):
        raise parser_mod.ParseError("no position here", None)

    monkeypatch.setattr(parser_mod.ParseSession, "finish", finish)
    with pytest.raises(DiagnosticError) as e:
        parser_mod.parse_source(Source("x.mlir", GOOD))
    d = e.value.diagnostics[0]
    assert d.message == "no position here" and d.location is not None


def test_custom_op_without_operands_points_after_the_name() -> None:
    code, out, err = run([], "func.func @f() {\n  %0 = stablehlo.abs : (tensor<f32>) -> tensor<f32>\n  return\n}\n")
    assert code == 1 and out == ""
    assert err.startswith("<stdin>:2:21: error: expected SSA operand")  # MLIR: 2:21 too


@pytest.mark.parametrize("loc,msg", [
    ('"a":1:2 to :1.0e-999', "expected integer column number in FileLineColRange"),
    ('"a":1:0x7FF8000000000001', "expected integer column number in FileLineColRange"),
    ('"a":4294967296:1', "expected integer line number in FileLineColRange"),
    ('"a":1:2 to 4294967296:1', "expected integer line number in FileLineColRange"),
    ('"a":-1:2', "expected integer line number in FileLineColRange"),
])
def test_malformed_location_numbers_are_rejected(loc: str, msg: str) -> None:
    for extra in ([], ["--mlir-print-debuginfo"]):
        code, out, err = run(extra, f"func.func @f() {{\n  return loc({loc})\n}}\n")
        assert code == 1 and msg in err and "internal error" not in err, err


@pytest.mark.parametrize("args", [
    ["--inline=default-pipeline=bogus"], ["--inline=default-pipeline=func.func(cse"],
    ["--pass-pipeline=cse"], ["--pass-pipeline=func.func(cse)"], ["--pass-pipeline=builtin.module(cse),cse"],
    ["--pass-pipeline=builtin.module(inline{default-pipeline=bogus})"], ["--canonicalize{max-iterations=x}"],
])
def test_pipeline_misuse_exits_2(args) -> None:
    code, out, err = run(args)
    assert code == 2 and out == "" and "internal error" not in err, (args, err)


@pytest.mark.parametrize("args", [["--canonicalize{max-iterations=3}"], ["--inline=default-pipeline=cse"],
                                  ["--pass-pipeline=builtin.module(func.func(cse))"]])
def test_mlir_spellings_are_accepted(args) -> None:
    code, out, err = run(args)
    assert code == 0 and out.startswith("module {"), err
