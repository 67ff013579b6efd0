"""IREE's custom forms through the Python API: what the parser builds from
them (IREE's properties) and what the printer makes of IR built otherwise."""

from __future__ import annotations

import hlopt
from hlopt.ir.attributes import ArrayAttr, StringAttr, SymbolRefAttr


def _ops(m, name: str) -> list:
    return [o for o in m.walk() if o.name == name]


def _ties(op) -> list[int]:
    return [a.value for a in op.properties.get("tied_operands").elements]


def test_util_func_tied_results_become_tied_operands():
    m = hlopt.parse_module(
        "util.func private @d(%arg0: !stream.resource<*>, %arg1: index) -> "
        "(%arg1, index, %arg0 as !stream.resource<external>)\n")
    (f,) = _ops(m, "util.func")
    assert _ties(f) == [1, -1, 0]
    ft = f.properties.get("function_type").type
    assert [t.text for t in ft.results] == ["index", "index", "!stream.resource<external>"]
    hlopt.verify(m)


def test_util_func_prints_ties_from_generic_ir():
    m = hlopt.parse_module(
        '"util.func"() <{function_type = (index, i32) -> (i32, index), sym_name = "f", '
        'sym_visibility = "private", tied_operands = [1 : index, -1 : index]}> ({\n}) : () -> ()\n')
    assert "util.func private @f(%arg0: index, %arg1: i32) -> (%arg1, index)" in hlopt.print_op(m)


def test_export_without_visibility_prints_public_and_alias():
    m = hlopt.parse_module(
        '"stream.executable"() <{sym_name = "ex", sym_visibility = "private"}> ({\n'
        '  "stream.executable.export"() <{function_ref = @impl, sym_name = "run"}> ({\n  }) : () -> ()\n'
        '  "stream.executable.end"() : () -> ()\n}) : () -> ()\n')
    text = hlopt.print_op(m)
    assert 'stream.executable.export public @impl as("run") \n' in text


def test_export_alias_and_workgroups_parse():
    m = hlopt.parse_module(
        "stream.executable private @ex {\n"
        '  stream.executable.export public @impl as("run") workgroups(%a: index) -> (index, index, index) {\n'
        "    stream.return %a, %a, %a : index, index, index\n  }\n}\n")
    (e,) = _ops(m, "stream.executable.export")
    assert e.properties.get("sym_name") == StringAttr("run")
    assert e.properties.get("function_ref") == SymbolRefAttr("impl")
    (blk,) = e.regions[0].blocks
    assert [a.type.text for a in blk.args] == ["index"]
    assert blk.last_op.name == "stream.return"
    hlopt.verify(m)


def test_dispatch_with_several_entry_points_and_results():
    m = hlopt.parse_module(
        "util.func public @f(%r: !stream.resource<*>, %n: index) {\n"
        "  %0:2 = stream.async.dispatch {@a::@x, @b::@y}(%r[%n to %n for %n]) : (!stream.resource<*>{%n}) "
        "-> (!stream.resource<*>{%n}, %r{%n})\n  util.return\n}\n")
    (d,) = _ops(m, "stream.async.dispatch")
    eps = d.properties.get("entry_points")
    assert isinstance(eps, ArrayAttr) and [e.text for e in eps.elements] == ["@a::@x", "@b::@y"]
    assert len(d.results) == 2 and _ties(d) == [-1, 0]
    assert d.results[1].type is d.operands[0].type


def test_global_load_is_named_after_its_global():
    m = hlopt.parse_module(
        "util.global private @weights : index\n"
        "util.initializer {\n  %0 = util.global.load immutable @weights : index\n  util.return\n}\n")
    hlopt.verify(m)
    assert "%weights = util.global.load immutable @weights : index" in hlopt.print_op(m)


def test_util_call_ties_name_the_operand():
    m = hlopt.parse_module(
        "util.func private @k(%arg0: index, %arg1: !stream.resource<*>) -> %arg1\n"
        "util.func public @f(%a: index, %r: !stream.resource<*>) -> !stream.resource<*> {\n"
        "  %0 = util.call @k(%a, %r) : (index, !stream.resource<*>) -> %r\n"
        "  util.return %0 : !stream.resource<*>\n}\n")
    hlopt.verify(m)
    (c,) = _ops(m, "util.call")
    assert _ties(c) == [1] and c.results[0].type is c.operands[1].type
    assert "util.call @k(%arg0, %arg1) : (index, !stream.resource<*>) -> %arg1" in hlopt.print_op(m)
