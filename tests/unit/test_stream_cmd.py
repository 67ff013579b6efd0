"""stream_cmd.py's ops through the Python API and the command line: what the
parser builds from IREE's custom forms, and that malformed forms or
properties are located diagnostics (exit 1), never a traceback. (Their
printed forms are pinned byte for byte against iree-opt by the lit files
tests/lit/iree/{cmd,stream-call,stream-parameter,stream-test-ops}-forms.mlir.)"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import hlopt
from hlopt.cli import main


def _ops(m, name: str) -> list:
    return [o for o in m.walk() if o.name == name]


def _segments(op) -> list[int]:
    return list(op.properties.get("operandSegmentSizes").values)


def test_collective_parses_its_kind_param_and_resource_accesses():
    m = hlopt.parse_module(
        "util.func public @f(%r: !stream.resource<transient>, %n: index, %c: !stream.channel, %p: i32) "
        "-> !stream.timepoint {\n"
        "  %t = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%n}) {\n"
        "    stream.cmd.collective<all_reduce with sum : f32>[%n] channel(%c) param(%p : i32) {\n"
        "      ro %a[%n for %n] : !stream.resource<transient>{%n},\n"
        "      wo %a[%n for %n] : !stream.resource<transient>{%n}\n"
        "    }\n"
        "  } => !stream.timepoint\n"
        "  util.return %t : !stream.timepoint\n}\n")
    hlopt.verify(m)
    (op,) = _ops(m, "stream.cmd.collective")
    assert op.properties.get("op").text == "#stream.collective<all_reduce with sum : f32>"
    assert [a.value for a in op.properties.get("resource_accesses").elements] == [1, 2]
    assert _segments(op) == [1, 1, 1, 2, 2, 2, 2]


def test_cmd_func_resource_argument_carries_offset_and_length():
    m = hlopt.parse_module(
        "stream.cmd.func private @f(%arg0[%arg1 for %arg2]: !stream.resource<*> {x.y}, %arg3: i32) -> i32\n")
    (f,) = _ops(m, "stream.cmd.func")
    ft = f.properties.get("function_type").type
    assert [t.text for t in ft.inputs] == ["!stream.resource<*>", "index", "index", "i32"]
    assert [a.text for a in f.properties.get("arg_attrs").elements] == ["{x.y}", "{}", "{}", "{}"]
    hlopt.verify(m)


def test_async_call_ties_results_by_operand_name():
    m = hlopt.parse_module(
        "stream.async.func private @g(%arg0: !stream.resource<*>, %arg1: index) -> (%arg0, !stream.resource<*>)\n"
        "util.func public @f(%r: !stream.resource<*>, %n: index) {\n"
        "  %0:2 = stream.async.call @g(%r[%n to %n for %n], %n) : (!stream.resource<*>{%n}, index) -> "
        "(%r{%n}, !stream.resource<*>{%n})\n"
        "  util.return\n}\n")
    hlopt.verify(m)
    (g,) = _ops(m, "stream.async.func")
    (call,) = _ops(m, "stream.async.call")
    for op in (g, call):
        assert [a.value for a in op.properties.get("tied_operands").elements] == [0, -1]
    assert _segments(call) == [2, 1, 1, 1, 1, 2]


def test_parameter_gather_rows_share_one_scope_and_target():
    m = hlopt.parse_module(
        "util.func public @f(%s: !util.buffer, %k: !util.buffer, %o: i64, %r: !stream.resource<*>, %n: index) {\n"
        "  %0:2 = stream.async.parameter.gather {\n"
        "    %s::%k[%o] -> %r[%n to %n for %n] : !stream.resource<*>{%n},\n"
        "    %s::%k[%o] -> %r[%n to %n for %n] : !stream.resource<*>{%n}\n"
        "  } : !stream.resource<*> => !stream.timepoint\n"
        "  util.return\n}\n")
    hlopt.verify(m)
    (op,) = _ops(m, "stream.async.parameter.gather")
    assert _segments(op) == [1, 2, 2, 1, 1, 2, 2, 2, 0]


@pytest.mark.parametrize("text,where,message", [
    ("util.func public @f(%r: !stream.resource<*>, %l: index) {\n"
     "  stream.cmd.call @f(xx %r[%l for %l]) : (!stream.resource<*>{%l}) -> ()\n  util.return\n}\n",
     ":2:22:", "expected SSA operand"),  # iree-opt's message and place
    ("util.func public @f(%c: !stream.channel, %l: index) {\n"
     "  stream.cmd.collective<all_reduce with sum : f32>[%l] channel(%c) param(%l) {\n  }\n  util.return\n}\n",
     ":2:76:", "expected ':'"),  # iree-opt's message and place
    ("util.func public @f(%k: !util.buffer, %l: index) {\n"
     "  %0 = stream.cmd.parameter.gather { } => !stream.timepoint\n  util.return\n}\n",
     ":2:37:", "expected SSA operand"),  # iree-opt's message and place
    ("util.func public @f(%r: !stream.resource<*>, %l: index) {\n"
     "  %t = stream.test.timeline_op await_limit(x) with() : () -> () => !stream.timepoint\n  util.return\n}\n",
     ":2:44:", "expected attribute value"),  # iree-opt's message and place
    ('"stream.async.func"() <{function_type = 3 : i32, sym_name = "c", sym_visibility = "private"}> ({\n'
     "}) : () -> ()\n",
     ":1:1:", "attribute 'function_type' failed to satisfy constraint: type attribute of function type"),
    ("util.func public @f(%c: !stream.channel, %l: index, %r: !stream.resource<*>) {\n"
     '  "stream.cmd.collective"(%c, %l, %r, %l, %l, %l) <{op = 3 : i32, operandSegmentSizes = '
     "array<i32: 1, 1, 0, 1, 1, 1, 1>, resource_accesses = [1 : i32]}> : "
     "(!stream.channel, index, !stream.resource<*>, index, index, index) -> ()\n  util.return\n}\n",
     ":2:3:", "attribute 'op' failed to satisfy constraint: collective operation and specification"),
])
def test_bad_forms_are_located_errors(tmp_path, text, where, message):
    f = tmp_path / "bad.mlir"
    f.write_text(text)
    r = CliRunner().invoke(main, [str(f)], catch_exceptions=False)
    assert r.exit_code == 1
    assert f"{f}{where} error: " in r.output and message in r.output, r.output
    assert "Traceback" not in r.output and "internal error" not in r.output
