"""Ops are their definitions: an op is bound to its OpDef class when it is
created, reads its declared fields through typed accessors, and is built
from them (OpDef.build, Builder.create(OpClass, ...))."""

from __future__ import annotations

import pytest

from hlopt.ir.attributes import DenseArrayAttr, IntegerAttr, StringAttr, SymbolRefAttr
from hlopt.ir.constraints import AnyFloat, I64Attr, Str, TensorOf
from hlopt.ir.context import Context, current_context, use_context
from hlopt.ir.core import Block, IRError, Operation, Region
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import CallOpInterface, InferTypeOpInterface, implements
from hlopt.ir.opdef import (
    AttrDef,
    OpDef,
    OperandDef,
    attr,
    operand,
    opt_attr,
    opt_operand,
    region,
    result,
    successor,
    var_operand,
    var_result,
    var_successor,
)
from hlopt.ir.rewriter import Rewriter
from hlopt.ir.traits import (
    AttrSizedOperandSegments,
    NoTerminator,
    Pure,
    SameOperandsAndResultType,
    Terminator,
)
from hlopt.ir.types import RankedTensorType, f32, i32, i64
from hlopt.ir.verifier import verify

T4 = RankedTensorType([4], f32)


class AccAddOp(OpDef):
    name = "tacc.add"
    lhs = operand(TensorOf(AnyFloat))
    rhs = operand(TensorOf(AnyFloat))
    out = result(TensorOf(AnyFloat))
    traits = (Pure(), SameOperandsAndResultType())


class AccMixOp(OpDef):
    """Optional + variadic groups, sized by operandSegmentSizes."""

    name = "tacc.mix"
    first = operand()
    maybe = opt_operand()
    rest = var_operand()
    last = operand()
    outs = var_result()
    tag = attr(Str)
    level = attr(I64Attr, default=IntegerAttr(0, i64))
    note = opt_attr(Str)
    traits = (AttrSizedOperandSegments(),)


class AccTailOp(OpDef):
    """A single operand after a variadic one (found from the end)."""

    name = "tacc.tail"
    init = var_operand()
    cond = operand()


class AccCollideOp(OpDef):
    """Fields named like Operation's API keep Operation's meaning; the
    accessor gets a trailing underscore."""

    name = "tacc.collide"
    operand_ = operand(name="operand")
    operands_ = var_operand(name="operands")
    results_ = var_result(name="results")
    name_field_is_fine = opt_attr(Str)


class AccCallOp(CallOpInterface, OpDef):
    """A field named like an interface classmethod (`callee`)."""

    name = "tacc.call"
    callee = attr()
    args = var_operand()
    outs = var_result()


class AccInferOp(InferTypeOpInterface, OpDef):
    name = "tacc.infer"
    x = operand()
    y = result()

    @classmethod
    def infer_result_types(cls, op):
        return [RankedTensorType([2], op.operands[0].type)]


class AccBodyOp(OpDef):
    name = "tacc.body"
    body = region(blocks=1)
    traits = (NoTerminator(),)


class AccBrOp(OpDef):
    name = "tacc.br"
    dest = successor()
    others = var_successor()
    traits = (Terminator(),)


TACC = Dialect("tacc", ops=(AccAddOp, AccMixOp, AccTailOp, AccCollideOp, AccCallOp, AccInferOp, AccBodyOp,
                            AccBrOp))


@pytest.fixture()
def ctx():
    c = Context()
    c.load(TACC)
    with use_context(c):
        yield c


def _args(*types):
    return Block(list(types)).args


def _verify_in_body(op, args_block):
    """Verify `op` inside a body whose block defines its operands."""
    host = AccBodyOp.build()
    host.body.add_block(args_block)
    args_block.append(op)
    verify(host)


# -- binding ----------------------------------------------------------------

def test_op_is_bound_to_its_class_at_creation(ctx):
    a, b = _args(T4, T4)
    op = Operation("tacc.add", [a, b], [T4])
    assert type(op) is AccAddOp and isinstance(op, OpDef)
    assert op.opdef is AccAddOp
    assert op.name == "tacc.add" and AccAddOp.name == "tacc.add"
    # unregistered names stay plain Operations
    plain = Operation("tacc.nope", [a])
    assert type(plain) is Operation and plain.opdef is None


def test_binding_does_not_follow_the_ambient_context():
    c = Context()
    c.load(TACC)
    with use_context(c):
        blk = Block([T4, T4])
        a, b = blk.args
        op = Operation("tacc.add", [a, b], [T4])
        host = Operation("tacc.body", regions=1)
    # outside the context that made them, the ops keep their definitions
    assert op.opdef is AccAddOp and op.has_trait("Pure")
    host.regions[0].add_block(blk)
    blk.append(op)
    verify(host)
    with use_context(c):
        bad = Operation("tacc.add", [a], [T4])
    blk.append(bad)
    with pytest.raises(IRError, match="expected 2 operands, but found 1"):
        verify(host)
    # and a new op of that name outside it is not bound
    other = Operation("tacc.add", [a, b], [T4])
    assert other.opdef is None


def test_clone_keeps_the_class_and_rename_rebinds(ctx):
    a, b = _args(T4, T4)
    op = AccAddOp.build(a, b)
    with use_context(Context()):  # cloning does not look the name up again
        assert type(op.clone()) is AccAddOp
    op.rename("tacc.tail")
    assert type(op) is AccTailOp and op.name == "tacc.tail"
    op.rename("tacc.unknown")
    assert type(op) is Operation and op.opdef is None


def test_ops_have_no_instance_dict():
    """Every op class of hlopt's dialects keeps Operation's slots only."""
    import hlopt.cli  # noqa: F401  (installs hlopt's dialects in the default context)

    ctx = current_context()
    names = ctx.registered_ops()
    assert len(names) > 300
    for n in names:
        cls = ctx.lookup_op(n)
        op = Operation.__new__(cls)
        assert not hasattr(op, "__dict__"), n
    assert not hasattr(AccAddOp.build(*_args(T4, T4)), "__dict__")


def test_a_field_named_like_operation_api_must_declare_its_accessor():
    # declared under the colliding name, type checkers would see the field
    # where instances give Operation's API: the class is rejected
    with pytest.raises(TypeError, match=r"Bad.operand: the name is Operation's API; declare the field as "
                                        r"`operand_ = operand\(..., name=\"operand\"\)`"):
        class Bad(OpDef):
            operand = operand()
    with pytest.raises(TypeError, match=r"a field called 'name' is declared `name_ = attr"):
        class BadName(OpDef):
            name = attr(Str)
    # declared with its accessor name: the declared name stays the given one
    assert [f.name for f in AccCollideOp.operand_defs] == ["operand", "operands"]
    assert [f.name for f in AccCollideOp.result_defs] == ["results"]


def test_class_name_is_settable_and_instance_name_is_the_slot(ctx):
    class Later(OpDef):
        name_ = attr(Str, name="name")  # a field called `name`: the class name is set afterwards

    Later.name = "tacc.later"
    assert Later.name == "tacc.later"
    assert [f.name for f in Later.attr_defs] == ["name"]
    op = Later.build(name_=StringAttr("x"))
    assert op.name == "tacc.later" and op.name_ == StringAttr("x")


# -- accessors -----------------------------------------------------------------

def test_single_operands_results_and_setter(ctx):
    a, b, c = _args(T4, T4, T4)
    op = AccAddOp.build(a, b)
    assert op.lhs is a and op.rhs is b
    assert op.out is op.results[0]
    op.lhs = c
    assert op.lhs is c and op.operands == [c, b]
    assert not a.has_uses() and c.has_uses()
    # class access gives the declaration
    assert isinstance(AccAddOp.lhs, OperandDef) and AccAddOp.lhs.name == "lhs"


def test_optional_variadic_and_segments(ctx):
    blk = Block([i32] * 5)
    x, y, z, w, v = blk.args
    op = AccMixOp.build(x, None, [y, z], w, tag=StringAttr("t"), result_types=[i32, i32])
    assert op.properties.get("operandSegmentSizes") == DenseArrayAttr(i32, [1, 0, 2, 1])
    assert op.first is x and op.maybe is None and op.rest == [y, z] and op.last is w
    assert op.outs == op.results and len(op.outs) == 2
    op2 = AccMixOp.build(x, v, [], w, tag=StringAttr("t"), result_types=[])
    assert op2.properties.get("operandSegmentSizes") == DenseArrayAttr(i32, [1, 1, 0, 1])
    assert op2.maybe is v and op2.rest == [] and op2.last is w
    blk.append(op)
    _verify_in_body(op2, blk)
    # a single operand after the variadic group is found from the end
    tail = AccTailOp.build([x, y, z], w)
    assert tail.cond is w and tail.init == [x, y, z]
    tail.cond = v
    assert tail.operands == [x, y, z, v]
    # the same value in the variadic group and the single one: the single slot changes
    dup = AccTailOp.build([x, w], x)
    dup.cond = v
    assert dup.operands == [x, w, v] and dup.init == [x, w]
    # a single operand between variadic groups is placed through the segments
    op3 = AccMixOp.build(x, None, [y, z], w, tag=StringAttr("t"), result_types=[])
    op3.last = x
    op3.first = v
    assert op3.operands == [v, y, z, x] and op3.last is x


def test_attributes_defaults_and_setters(ctx):
    (x,) = _args(i32)
    op = AccMixOp.build(x, None, [], x, tag=StringAttr("t"), result_types=[])
    assert op.tag == StringAttr("t")
    assert op.level == IntegerAttr(0, i64)  # the declared default
    assert op.note is None
    op.level = IntegerAttr(3, i64)
    assert op.level == IntegerAttr(3, i64) and "level" in op.properties
    op.note = StringAttr("n")
    assert op.note == StringAttr("n")
    op.note = None
    assert op.note is None and "note" not in op.properties
    assert isinstance(AccMixOp.tag, AttrDef)
    with pytest.raises(AttributeError):
        op.rest = [x]  # a variadic group is changed through set_operands


def test_regions_and_successors(ctx):
    body = AccBodyOp.build()
    assert isinstance(body.body, Region) and body.body is body.regions[0]
    b1, b2, b3 = Block(), Block(), Block()
    br = AccBrOp.build(dest=b1, others=[b2, b3])
    assert br.dest is b1 and br.others == [b2, b3]


def test_field_names_that_collide_with_operation_api(ctx):
    a, b, c = _args(i32, i32, i32)
    op = AccCollideOp.build(a, [b, c], result_types=[i32])
    # Operation's API wins: generic code sees every operand and result
    assert op.operands == [a, b, c] and op.operand(0) is a
    assert op.results[0].type is i32
    # the declared groups under `name_`
    assert op.operand_ is a and op.operands_ == [b, c] and op.results_ == op.results


def test_field_named_like_interface_method(ctx):
    (a,) = _args(i32)
    ref = SymbolRefAttr("f")
    op = AccCallOp.build([a], callee=ref, result_types=[])
    assert op.callee == ref  # instance: the field
    assert AccCallOp.callee(op) == ref  # class: the interface method, as generic passes call it
    assert op.opdef.callee(op) == ref
    assert implements(op, CallOpInterface) and op.args == [a]


def test_interface_classmethod_named_like_operation_api():
    """func.func: CallableOpInterface.result_types on the class, Operation's
    result_types on the instance."""
    import hlopt.cli  # noqa: F401
    from hlopt.syntax.parser import parse_module

    m = parse_module("func.func @f(%a: i32) -> (i32, i64) {\n  %c = arith.constant 1 : i64\n"
                     "  return %a, %c : i32, i64\n}\n")
    f = next(iter(m.regions[0].blocks[0].ops))
    assert f.name == "func.func" and f.result_types == []
    assert list(f.opdef.result_types(f)) == [i32, i64]
    assert f.sym_name == StringAttr("f") and f.opdef.sym_name(f) == "f"


# -- builders ---------------------------------------------------------------------

def test_build_infers_result_types(ctx):
    blk = Block([T4, T4])
    a, b = blk.args
    add = AccAddOp.build(a, b)  # SameOperandsAndResultType
    assert add.result_types == [T4]
    _verify_in_body(add, blk)
    inf = AccInferOp.build(x=a)  # infer_result_types
    assert inf.result_types == [RankedTensorType([2], T4)]
    explicit = AccAddOp.build(a, b, result_types=[T4])
    assert explicit.result_types == [T4]


def test_build_errors(ctx):
    blk = Block([i32])
    (a,) = blk.args
    with pytest.raises(TypeError, match="missing operand 'rhs'"):
        AccAddOp.build(a)
    with pytest.raises(TypeError, match="no declared field"):
        AccAddOp.build(a, a, bogus=1)
    with pytest.raises(TypeError, match="cannot infer"):
        AccCollideOp.build(a, [])
    with pytest.raises(TypeError, match="given twice"):
        AccAddOp.build(a, a, lhs=a)
    # a built op that breaks its declaration is caught by the verifier as usual
    bad = AccMixOp.build(a, None, [], a, result_types=[])
    with pytest.raises(IRError, match="requires attribute 'tag'"):
        _verify_in_body(bad, blk)


def test_rewriter_create_and_replace_with_class(ctx):
    host = AccBodyOp.build()
    blk = host.body.add_block(Block([T4, T4]))
    a, b = blk.args
    rw = Rewriter()
    rw.set_insertion_point_to_end(blk)
    add = rw.create(AccAddOp, a, b)
    assert type(add) is AccAddOp and add.parent is blk and add.result_types == [T4]
    add2 = rw.create(AccAddOp, add.out, b)
    new = rw.replace_op_with_new(add, AccAddOp, b, a)
    assert type(new) is AccAddOp and new.lhs is b and add2.lhs is new.out
    assert [op.name for op in blk.ops] == ["tacc.add", "tacc.add"]
    # the name form is unchanged
    gen = rw.create("tacc.add", [a, b], [T4])
    assert type(gen) is AccAddOp
