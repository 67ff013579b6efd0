"""The loop-call inliner the send/recv passes use finds calls, callees,
their bodies and returns through interfaces: a dialect of its own (no func,
no stablehlo) is inlined the same way, and the module names no op."""

from __future__ import annotations

import ast
from pathlib import Path

from hlopt.ir.context import current_context
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import CallableOpInterface, CallOpInterface, SymbolOpInterface
from hlopt.ir.opdef import OpDef, attr, opt_attr, region, result, var_operand, var_result
from hlopt.ir.traits import IsolatedFromAbove, Pure, ReturnLike, Symbol, Terminator
from hlopt.passes.loop_calls import inline_loop_calls
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op


class _Fn(OpDef, CallableOpInterface, SymbolOpInterface):
    name = "tlc.fn"
    sym_name = attr()
    function_type = attr()
    sym_visibility = opt_attr()
    body = region()
    traits = (IsolatedFromAbove(), Symbol())


class _Call(OpDef, CallOpInterface):
    name = "tlc.call"
    callee = attr()
    args = var_operand()
    res = var_result()


class _Ret(OpDef):
    name = "tlc.ret"
    vals = var_operand()
    traits = (Pure(), Terminator(), ReturnLike())


class _Loop(OpDef):
    name = "tlc.loop"
    inits = var_operand()
    outs = var_result()
    cond = region()
    body = region()


class _Send(OpDef):
    name = "tlc.send"
    arg = var_operand()
    out = result()


current_context().load(Dialect("tlc", ops=(_Fn, _Call, _Ret, _Loop, _Send)))

MODULE = """
"tlc.fn"() <{sym_name = "main", function_type = (i32) -> i32}> ({
^bb0(%a: i32):
  %0 = "tlc.loop"(%a) ({
  ^bb0(%x: i32):
    %c = "tlc.call"(%x) <{callee = @quiet}> : (i32) -> i32
    "tlc.ret"(%c) : (i32) -> ()
  }, {
  ^bb0(%x: i32):
    %1 = "tlc.call"(%x) <{callee = @step}> : (i32) -> i32
    %2 = "tlc.call"(%1) <{callee = @quiet}> : (i32) -> i32
    %3 = "tlc.call"(%2) <{callee = @shared}> : (i32) -> i32
    "tlc.ret"(%3) : (i32) -> ()
  }) : (i32) -> i32
  %4 = "tlc.call"(%0) <{callee = @shared}> : (i32) -> i32
  "tlc.ret"(%4) : (i32) -> ()
}) : () -> ()
"tlc.fn"() <{sym_name = "step", sym_visibility = "private", function_type = (i32) -> i32}> ({
^bb0(%a: i32):
  %0 = "tlc.call"(%a) <{callee = @inner}> : (i32) -> i32
  "tlc.ret"(%0) : (i32) -> ()
}) : () -> ()
"tlc.fn"() <{sym_name = "inner", sym_visibility = "private", function_type = (i32) -> i32}> ({
^bb0(%a: i32):
  %0 = "tlc.send"(%a) : (i32) -> i32
  "tlc.ret"(%0) : (i32) -> ()
}) : () -> ()
"tlc.fn"() <{sym_name = "quiet", sym_visibility = "private", function_type = (i32) -> i32}> ({
^bb0(%a: i32):
  "tlc.ret"(%a) : (i32) -> ()
}) : () -> ()
"tlc.fn"() <{sym_name = "shared", sym_visibility = "private", function_type = (i32) -> i32}> ({
^bb0(%a: i32):
  %0 = "tlc.send"(%a) : (i32) -> i32
  "tlc.ret"(%0) : (i32) -> ()
}) : () -> ()
"""


def _bodies(op):
    return (op.regions[1],) if op.name == "tlc.loop" else ()


def test_calls_in_loop_bodies_that_reach_the_wanted_ops_are_inlined():
    m = parse_module(MODULE)
    done = inline_loop_calls(m, lambda o: o.name == "tlc.send", _bodies)
    # @step, then the @inner call it brought into the body; @shared too
    assert done == ["step", "shared", "inner"]
    out = print_op(m, generic=True)
    body = out[out.index("}, {"):out.index("}) : (i32) -> i32")]
    assert body.count('"tlc.send"') == 2 and "@step" not in body and "@inner" not in body
    assert '<{callee = @quiet}>' in body  # holds no send: left alone
    # a private callee left without calls is erased; @shared is still called after the loop
    assert 'sym_name = "step"' not in out
    assert 'sym_name = "shared"' in out and 'sym_name = "quiet"' in out
    assert out.count("<{callee = @shared}>") == 1  # the call outside the loop stays


def test_nothing_wanted_nothing_inlined():
    m = parse_module(MODULE)
    before = print_op(m, generic=True)
    assert inline_loop_calls(m, lambda o: False, _bodies) == []
    assert print_op(m, generic=True) == before


def test_the_loop_call_inliner_names_no_op():
    src = Path(__file__).resolve().parents[2] / "hlopt" / "passes" / "loop_calls.py"
    names = [n.value for n in ast.walk(ast.parse(src.read_text())) if isinstance(n, ast.Constant)
             and isinstance(n.value, str) and "." in n.value and " " not in n.value]
    assert names == []
