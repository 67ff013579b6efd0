"""The declarative op layer: fields, derived verification with MLIR's
messages, traits, interfaces, accessors, and a dialect declared inside a
test going through the parser, printer, verifier and generic passes."""

from __future__ import annotations

import pytest

from hlopt.ir.attributes import IntegerAttr, StringAttr
from hlopt.ir.constraints import AnyFloat, AnyInteger, I64Attr, Str, TensorOf
from hlopt.ir.context import Context, DialectInfo, current_context, use_context
from hlopt.ir.core import IRError
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import CallOpInterface, InferTypeOpInterface, implements
from hlopt.ir.opdef import (
    OpDef,
    attr,
    operand,
    opt_attr,
    opt_operand,
    region,
    result,
    successor,
    var_operand,
    var_result,
)
from hlopt.ir.traits import (
    AttrSizedOperandSegments,
    Commutative,
    HasParent,
    NoTerminator,
    Pure,
    SameOperandsAndResultType,
    Terminator,
)
from hlopt.ir.types import i64
from hlopt.ir.verifier import verify
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op

FloatTensor = TensorOf(AnyFloat)


class AddOp(OpDef):
    name = "tdecl.add"
    lhs = operand(FloatTensor)
    rhs = operand(FloatTensor)
    out = result(FloatTensor)
    traits = (Pure(), Commutative(), SameOperandsAndResultType())


class PackOp(OpDef):
    name = "tdecl.pack"
    head = operand(AnyInteger)
    rest = var_operand(AnyInteger)
    outs = var_result()
    tag = attr(Str)
    count = opt_attr(I64Attr)


class MaybeOp(OpDef):
    name = "tdecl.maybe"
    x = opt_operand()
    level = attr(I64Attr, default=IntegerAttr(0, i64))


class SegOp(OpDef):
    name = "tdecl.seg"
    a = var_operand()
    b = var_operand()
    traits = (AttrSizedOperandSegments(),)


class BodyOp(OpDef):
    name = "tdecl.body"
    body = region(blocks=1)


class YieldOp(OpDef):
    name = "tdecl.yield"
    vals = var_operand()
    traits = (Terminator(), HasParent("tdecl.body"))


class BrOp(OpDef):
    name = "tdecl.br"
    dest = successor()
    traits = (Terminator(),)


class InferOp(InferTypeOpInterface, OpDef):
    name = "tdecl.infer"
    x = operand()
    y = result()

    @classmethod
    def infer_result_types(cls, op):
        return [op.operands[0].type] if op.operands else None


class TCallOp(CallOpInterface, OpDef):
    """A call of another dialect: generic passes see it through the interface."""

    name = "tdecl.call"
    callee = attr()
    args = var_operand()
    outs = var_result()


class CheckedBodyOp(OpDef):
    """verify_regions runs after the nested ops are verified (MLIR's verifyRegions)."""

    name = "tdecl.checked_body"
    body = region(blocks=1)
    traits = (NoTerminator(),)

    @classmethod
    def verify_regions(cls, op):
        from hlopt.ir.traits import op_error

        raise op_error(op, "verify_regions ran")


TDECL = Dialect("tdecl", ops=(CheckedBodyOp, AddOp, PackOp, MaybeOp, SegOp, BodyOp, YieldOp, BrOp, InferOp, TCallOp))
current_context().load(TDECL)


def _verify_error(text: str) -> str:
    m = parse_module(text)
    with pytest.raises(IRError) as e:
        verify(m)
    return e.value.message


def test_declared_fields_are_collected_in_order():
    assert [f.name for f in PackOp.operand_defs] == ["head", "rest"]
    assert [f.name for f in PackOp.attr_defs] == ["tag", "count"]
    assert PackOp.inherent == ("tag", "count")
    assert PackOp.declared and not OpDef.declared
    assert "Pure" in AddOp.traits and "Commutative" in AddOp.traits


def test_interface_methods_are_not_shadowed_by_fields():
    # `callee` is both a declared attribute and CallOpInterface.callee
    assert callable(TCallOp.callee)
    assert [f.name for f in TCallOp.attr_defs] == ["callee"]


def test_valid_op_verifies():
    verify(parse_module('%0 = "tdecl.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>'
                        .replace("%a", "%arg0").join(["func.func @f(%arg0: tensor<2xf32>) {\n", "\nreturn\n}"])))


@pytest.mark.parametrize("body,message", [
    ('"tdecl.add"() : () -> ()', "'tdecl.add' op expected 2 operands, but found 0"),
    ('%0:2 = "tdecl.add"(%f, %f) : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)',
     "'tdecl.add' op requires one result"),
    ('%0 = "tdecl.add"(%i, %i) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>',
     "'tdecl.add' op operand #0 must be tensor of floating-point values, but got 'tensor<2xi32>'"),
    ('%0 = "tdecl.add"(%f, %f) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi32>',
     "'tdecl.add' op result #0 must be tensor of floating-point values, but got 'tensor<2xi32>'"),
    ('%0 = "tdecl.add"(%f, %f) : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>',
     "'tdecl.add' op requires the same type for all operands and results"),
    ('"tdecl.pack"(%c) : (i32) -> ()', "'tdecl.pack' op requires attribute 'tag'"),
    ('"tdecl.pack"() {tag = "x"} : () -> ()', "'tdecl.pack' op expected 1 or more operands, but found 0"),
    ('"tdecl.pack"(%c, %c, %f) {tag = "x"} : (i32, i32, tensor<2xf32>) -> ()',
     "'tdecl.pack' op operand #2 must be variadic of integer, but got 'tensor<2xf32>'"),
    ('"tdecl.pack"(%c) {tag = 1 : i64} : (i32) -> ()',
     "'tdecl.pack' op attribute 'tag' failed to satisfy constraint: string attribute"),
    ('"tdecl.pack"(%c) {tag = "x", count = 1 : i32} : (i32) -> ()',
     "'tdecl.pack' op attribute 'count' failed to satisfy constraint: 64-bit signless integer attribute"),
    ('"tdecl.maybe"(%c, %c) {level = 1 : i64} : (i32, i32) -> ()',
     "'tdecl.maybe' op operand group starting at #0 requires 0 or 1 element, but found 2"),
    ('"tdecl.seg"(%c) : (i32) -> ()', "'tdecl.seg' op requires attribute 'operandSegmentSizes'"),
    ('"tdecl.seg"(%c) <{operandSegmentSizes = array<i32: 1, 1>}> : (i32) -> ()',
     "'tdecl.seg' op operand count (1) does not match with the total size (2) specified in attribute "
     "'operandSegmentSizes'"),
    ('"tdecl.body"() : () -> ()', "'tdecl.body' op requires one region"),
    ('"tdecl.body"() ({\n^bb0:\n  "tdecl.yield"() : () -> ()\n^bb1:\n  "tdecl.yield"() : () -> ()\n}) : () -> ()',
     "'tdecl.body' op region #0 ('body') failed to verify constraint: region with 1 blocks"),
    ('"test.wrap"() ({\n  "tdecl.yield"() : () -> ()\n}) : () -> ()', "'tdecl.yield' op expects parent op 'tdecl.body'"),
    ('%0 = "tdecl.infer"(%c) : (i32) -> i64',
     "'tdecl.infer' op inferred type(s) 'i32' are incompatible with return type(s) of operation 'i64'"),
])
def test_derived_verifier_messages(body, message):
    text = ("func.func @f(%f: tensor<2xf32>, %i: tensor<2xi32>, %c: i32) {\n" + body + "\nreturn\n}")
    assert _verify_error(text) == message


def test_attribute_default_makes_it_optional():
    m = parse_module('func.func @f() {\n"tdecl.maybe"() : () -> ()\nreturn\n}')
    verify(m)
    op = m.regions[0].blocks[0].first_op.regions[0].blocks[0].first_op
    assert MaybeOp.get(op, "level") is IntegerAttr(0, i64)
    assert MaybeOp.get(op, "x") is None


def test_verify_regions_runs_after_nested_ops():
    nested_bad = ('func.func @f(%c: i32) {\n"tdecl.checked_body"() ({\n'
                  '  "tdecl.pack"(%c) : (i32) -> ()\n}) : () -> ()\nreturn\n}')
    assert _verify_error(nested_bad) == "'tdecl.pack' op requires attribute 'tag'"
    nested_ok = nested_bad.replace('"tdecl.pack"(%c)', '"tdecl.pack"(%c) {tag = "t"}')
    assert _verify_error(nested_ok) == "'tdecl.checked_body' op verify_regions ran"


def test_successor_count():
    text = 'func.func @f() {\n"tdecl.br"() : () -> ()\n}'
    assert _verify_error(text) == "'tdecl.br' op requires 1 successor"


def test_accessors_follow_segments():
    m = parse_module('func.func @f(%a: i32, %b: i32, %c: i32) {\n'
                     '"tdecl.seg"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 2>}> : (i32, i32, i32) -> ()\n'
                     '%0:2 = "tdecl.pack"(%a, %b, %c) {tag = "t"} : (i32, i32, i32) -> (i32, i32)\n'
                     'return\n}')
    verify(m)
    f = m.regions[0].blocks[0].first_op
    args = f.regions[0].blocks[0].args
    seg, pack = list(f.regions[0].blocks[0].ops)[:2]
    assert SegOp.get(seg, "a") == [args[0]]
    assert SegOp.get(seg, "b") == [args[1], args[2]]
    ad = PackOp.adaptor(pack)
    assert ad.head is args[0] and ad.rest == [args[1], args[2]]
    assert ad.tag == StringAttr("t") and ad.count is None
    assert ad.outs == pack.results
    with pytest.raises(AttributeError):
        PackOp.get(pack, "nope")


def test_interfaces_are_found_without_op_names():
    m = parse_module('func.func @g(%a: i32) -> i32 {\nreturn %a : i32\n}\n'
                     'func.func @f(%a: i32) -> i32 {\n%0 = "tdecl.call"(%a) {callee = @g} : (i32) -> i32\n'
                     'return %0 : i32\n}')
    verify(m)
    call = list(m.regions[0].blocks[0].ops)[1].regions[0].blocks[0].first_op
    assert implements(call, CallOpInterface)
    assert call.opdef.callee(call).leaf == "g"
    assert call.opdef.arg_operands(call) == call.operands


def test_test_dialect_round_trips_and_prints_generic():
    text = ('func.func @f(%arg0: tensor<2xf32>) -> tensor<2xf32> {\n'
            '  %0 = "tdecl.add"(%arg0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n'
            '  return %0 : tensor<2xf32>\n}\n')
    m = parse_module(text)
    verify(m)
    assert print_op(m) == "module {\n" + "".join("  " + ln + "\n" for ln in text.splitlines()) + "}\n"


def test_cse_and_dce_use_traits_of_a_test_dialect():
    from hlopt.passes.manager import PassManager

    m = parse_module('func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n'
                     '%0 = "tdecl.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n'
                     '%1 = "tdecl.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n'
                     '%2 = "tdecl.add"(%0, %1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n'
                     '%3 = "tdecl.add"(%2, %2) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n'
                     'return %2 : tensor<2xf32>\n}')
    PassManager.from_text("builtin.module(func.func(cse,canonicalize))").run(m)
    body = m.regions[0].blocks[0].first_op.regions[0].blocks[0]
    # the duplicate is merged (Pure) and the unused one erased (Pure, no uses)
    assert [o.name for o in body.ops] == ["tdecl.add", "tdecl.add", "func.return"]


def test_context_loads_dialects_lazily_and_separately():
    ctx = Context({"tdecl2": DialectInfo("tests.unit.no_such_module_is_imported_until_used")})
    assert ctx.is_registered_dialect("tdecl2")
    assert ctx.loaded_dialects() == []
    ctx2 = Context()
    ctx2.load(Dialect("tdecl3", ops=()))
    with use_context(ctx2):
        assert current_context() is ctx2
        assert current_context().is_registered_dialect("tdecl3")
        assert not current_context().is_registered_dialect("stablehlo")
    assert current_context() is not ctx2


def test_dialect_rejects_foreign_ops():
    with pytest.raises(ValueError):
        Dialect("other", ops=(AddOp,))


def test_parse_type_is_the_same_object_before_and_after_a_module_parse():
    # a fresh interpreter, so the dialect is not loaded before the first parse_type
    import subprocess
    import sys

    code = """
from hlopt.syntax.attr_parser import parse_type
from hlopt.syntax.parser import parse_module
t1 = parse_type("!stablehlo.token")
parse_module("func.func @f(%a: !stablehlo.token) -> !stablehlo.token {\\nreturn %a : !stablehlo.token\\n}")
t2 = parse_type("!stablehlo.token")
print(t1 is t2, type(t1).__name__)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "TokenType"]


def test_module_without_dialect_ops_loads_no_other_dialect():
    import subprocess
    import sys

    code = """
import sys
from hlopt.ir.context import current_context
from hlopt.ir.types import i64
from hlopt.ir.verifier import verify
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op
m = parse_module("module {}")
verify(m)
print_op(m)
print(current_context().loaded_dialects(), sorted(k for k in sys.modules if k.startswith("hlopt.dialects.")))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['builtin'] ['hlopt.dialects.builtin']"


def test_every_registered_op_method_taking_cls_is_a_classmethod():
    # a plain function whose first parameter is `cls` on an op class is a
    # forgotten @classmethod: the verifier would call it with the op as `cls`
    import inspect

    ctx = current_context()
    bad = []
    for name in ctx.registered_ops():
        d = ctx.lookup_op(name)
        for klass in d.__mro__:
            for attr_name, v in vars(klass).items():
                if inspect.isfunction(v) and not attr_name.startswith("__"):
                    params = list(inspect.signature(v).parameters)
                    if params and params[0] == "cls":
                        bad.append(f"{klass.__module__}.{klass.__name__}.{attr_name}")
    assert not sorted(set(bad))
