"""Shardy (sdy) ops: sdy.mesh, sdy.manual_computation, sdy.named_computation,
sdy.return, sdy.sharding_constraint, sdy.reshard, sdy.sharding_group,
sdy.constant, sdy.propagation_barrier, sdy.data_flow_edge and
sdy.func_data_flow_edge with their custom forms and Shardy's verifiers (the
collectives are in collectives.py); other sdy ops pass through generically
(the dialect is open)."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.sdy.attributes import (
    ManualAxesAttr,
    MeshAttr,
    ShardingAttr,
    ShardingPerValueAttr,
    parse_sdy_attr,
)
from hlopt.dialects.sdy.collectives import COLLECTIVES, AnyShaped
from hlopt.dialects.stablehlo.elementwise import ConstantOp as ShloConstantOp
from hlopt.dialects.stablehlo.syntax import block_arg_text, build_op, merged_attrs
from hlopt.ir import opdef as ods
from hlopt.ir.attributes import Attribute, IntegerAttr, OpaqueAttr, StringAttr, symbol_name_text
from hlopt.ir.constraints import AnyOf, AnyRankedTensor, AnyTensor, Constraint, I64Attr, IsA, Str
from hlopt.ir.core import IRError, Operation
from hlopt.ir.lazy import lazy_module
from hlopt.ir.opdef import OpDef
from hlopt.ir.traits import (
    IsolatedFromAbove,
    Pure,
    RecursiveMemoryEffects,
    ReturnLike,
    SameOperandsAndResultType,
    Symbol,
    Terminator,
)
from hlopt.ir.types import i32

manual = lazy_module("hlopt.kernels.manual")

_MESH = "#sdy.mesh"
_SPV = "#sdy.sharding_per_value"
_AXES = "#sdy<manual_axes"


def _strip(a: Any, prefix: str) -> str | None:
    """The text of `a` after `prefix` (structured or opaque attributes)."""
    if not isinstance(a, Attribute):
        return None
    text = a.text
    return text[len(prefix):] if text.startswith(prefix) else None


def sdy_attr(text: str) -> Attribute:
    """`#sdy...` text as the structured attribute, or opaque if not canonical."""
    v = parse_sdy_attr(text)
    return v if v is not None else OpaqueAttr(text)


def _structured(cls: type, summary: str) -> Any:
    """A structured `#sdy` attribute, or its opaque spelling when not canonical."""
    prefix = {MeshAttr: "#sdy.mesh<", ShardingAttr: "#sdy.sharding<", ShardingPerValueAttr: "#sdy.sharding_per_value<",
              ManualAxesAttr: "#sdy<manual_axes"}[cls]
    return AnyOf(IsA(cls, summary), ods_opaque(prefix), summary=summary)


def ods_opaque(prefix: str) -> Any:
    from hlopt.ir.constraints import Constraint

    return Constraint(lambda a: isinstance(a, OpaqueAttr) and a.spelling.startswith(prefix), "")


MeshC = _structured(MeshAttr, "Mesh of axes and a list of devices")
ShardingC = _structured(ShardingAttr, "Tensor sharding")
PerValueC = _structured(ShardingPerValueAttr, "Tensor sharding per operand/result of an op")
ManualAxesC = _structured(ManualAxesAttr, "A list of axes that a ManualComputationOp is manual on")


class MeshOp(OpDef):
    name = "sdy.mesh"
    sym_name = ods.attr(Str)
    mesh = ods.attr(MeshC)
    traits = (Symbol(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        m = op.mesh
        msg = m.verify() if isinstance(m, MeshAttr) else None
        if msg is not None:
            raise IRError(msg, op)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        n, m = op.sym_name, _strip(op.mesh, _MESH)
        if not isinstance(n, StringAttr) or m is None or op.operands or op.results:
            return None
        return f"sdy.mesh {symbol_name_text(n.value)} = {m}" + p.attr_dict(op.attributes)


class ManualComputationOp(OpDef):
    name = "sdy.manual_computation"
    tensors = ods.var_operand(AnyTensor)
    in_shardings = ods.attr(PerValueC)
    out_shardings = ods.attr(PerValueC)
    manual_axes = ods.attr(ManualAxesC)
    results_ = ods.var_result(AnyTensor, name="results")
    body = ods.region(1)
    traits = (IsolatedFromAbove(), RecursiveMemoryEffects())

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        """ManualComputationOp::verify, then its verifySymbolUses (Shardy's order)."""
        from hlopt.dialects.sdy.verification import bound_manual_axes, mesh_of

        manual = op.manual_axes
        names = list(manual.axes) if isinstance(manual, ManualAxesAttr) else []
        bound = bound_manual_axes(op)
        for n in names:
            if n in bound:
                raise IRError(f"'{op.name}' op operates on axis \"{n}\" which is already bound by a parent "
                              "sdy.manual_computation op", op, notes=[("parent bounding this axis as manual", bound[n])])
        entry = op.regions[0].blocks[0] if op.regions[0].blocks else None
        if entry is None:
            return
        ret = entry.last_op
        inner_results = [v.type for v in ret.operands] if ret is not None and isinstance(ret, ReturnOp) else []
        for what, values, inner, attr_name in (("operand", op.operands, [a.type for a in entry.args], "in_shardings"),
                                               ("result", op.results, inner_results, "out_shardings")):
            sh = op.properties.get(attr_name)
            if isinstance(sh, ShardingPerValueAttr):
                _verify_manual_values(op, what, [v.type for v in values], inner, sh, set(names), symbols)
        ins, outs = op.in_shardings, op.out_shardings
        if not isinstance(ins, ShardingPerValueAttr) or not isinstance(outs, ShardingPerValueAttr):
            return
        if not ins.shardings and not outs.shardings:
            return
        meshes = {mesh_of(op, s, symbols) for s in ins.shardings + outs.shardings}
        mesh = meshes.pop() if len(meshes) == 1 else None
        if mesh is None and names:
            raise IRError(f"'{op.name}' op all in and out shardings must be bound to the same mesh or an empty mesh.",
                          op)
        for n in names:
            if mesh is not None and mesh.axis_size(n) is None:
                raise IRError(f"'{op.name}' op unknown manual axis: \"{n}\"", op)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        ins = _strip(op.in_shardings, _SPV)
        outs = _strip(op.out_shardings, _SPV)
        axes = _strip(op.manual_axes, _AXES)
        if ins is None or outs is None or axes is None or len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
            return None
        if not (ins.startswith("<") and outs.startswith("<") and axes.endswith(">")):
            return None
        entry = op.regions[0].blocks[0]
        s = (f"sdy.manual_computation({p.values(op.operands)}) in_shardings={ins[1:-1]} "
             f"out_shardings={outs[1:-1]} manual_axes={axes[:-1]} "
             f"({', '.join(block_arg_text(p, a) for a in entry.args)}) ")
        s += p.region(op.regions[0])
        return s + p.attr_dict(op.attributes) + " : " + p.functional_type(op.operand_types, op.result_types)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return manual.manual_computation(op, args, ctx)


def _verify_manual_values(op: Operation, what: str, outer: list, inner: list, sh: ShardingPerValueAttr,
                          manual: set, symbols: Any) -> None:
    """verifyManualComputationValue: shardings valid for the global types,
    counts, manual axes before free ones, local shapes."""
    from hlopt.dialects.sdy.verification import (
        ShardyError,
        check_per_value,
        local_type,
        manual_size,
        mesh_of,
        raise_op_error,
    )

    if not outer and not inner and not sh.shardings:
        return
    try:
        check_per_value(op, sh, outer, symbols)
    except ShardyError as e:
        raise_op_error(op, what + " ", e)
    if len(outer) != len(inner):
        raise IRError(f"'{op.name}' op number of op {what}s and region {what}s must match. Op has {len(outer)} op "
                      f"{what}s and {len(inner)} region {what}s", op)
    for i, (one, t, local) in enumerate(zip(sh.shardings, outer, inner)):
        for d, dim in enumerate(one.dims):
            free = next((k for k, a in enumerate(dim.axes) if a.name not in manual), None)
            late = next((a for a in dim.axes[free:] if a.name in manual), None) if free is not None else None
            if late is not None:
                raise IRError(f"'{op.name}' op {what} sharding at index {i} must have all manual axes come before free "
                              f"axes in its dimension sharding at index {d}. Saw manual axis {late.text()} after free "
                              f"axis {dim.axes[dim.axes.index(late) - 1].text()}", op)
        if not hasattr(t, "shape") or t.shape is None:
            continue
        mesh = mesh_of(op, one, symbols)
        for size, dim in zip(t.shape, one.dims):
            n = manual_size(op, one, dim, manual, mesh)
            if size >= 0 and size % n:
                raise IRError(f"'{op.name}' op {what} dimension size {size} is not divisible by the manual axes size "
                              f"{n}", op)
        want = local_type(op, one, t, manual)
        if want is not None and want is not local:
            raise IRError(f"'{op.name}' op {what} shape, corresponding sharding, and region {what} shape at index {i} "
                          f"must match. Expected local shape '{want.text}', actual local shape "
                          f"'{getattr(local, 'text', local)}'", op)


class ReturnOp(OpDef):
    name = "sdy.return"
    results_ = ods.var_operand(name="results")
    traits = (Terminator(), ReturnLike(), Pure())
    syntax_token = "SDY_RETURN"

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        """`sdy.return {attrs} %a : T` (Shardy's format puts the dictionary first)."""
        s = p.op_name(op) + p.attr_dict(op.attributes)
        if op.operands:
            s += f" {p.values(op.operands)} : {p.types(op.operand_types)}"
        return s


_SHARDING = "#sdy.sharding"


def _err(msg: str, pos: int):
    from hlopt.syntax import ParseError

    return ParseError(msg, pos)


class _ShardingOp(OpDef):
    """`sdy.sharding_constraint %x <@mesh, [{"x"}, {}]> {attrs} : T` (and sdy.reshard)."""
    syntax_token = "SHLO_OP"  # one-line form: grammars/stablehlo.lark's stablehlo_op

    input = ods.operand(AnyTensor)
    sharding = ods.attr(ShardingC)
    result_ = ods.result(AnyTensor, name="result")
    traits = (Pure(), SameOperandsAndResultType())

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        from hlopt.dialects.sdy.verification import ShardyError, check_sharding, raise_op_error

        sh = op.sharding
        if isinstance(sh, ShardingAttr):
            try:
                check_sharding(op, sh, op.result_.type, symbols)
            except ShardyError as e:
                raise_op_error(op, "", e)
    args_format = "sharding_args"

    @classmethod
    def parse_custom(cls, s: Any, a: Any, types: list, extra: dict) -> Operation:
        body, _ = a.span_text(a.get("sharding"))
        attrs = a.attrs()
        if len(types) != 1:
            raise _err("expected a single type", a.base)
        t = s.decode_type(types[0])
        return build_op(s, cls.name, a.operands([t]), [t], {"sharding": sdy_attr(_SHARDING + body)}, attrs)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:

        body = _strip(op.sharding, _SHARDING)
        if body is None or not body.startswith("<") or len(op.operands) != 1 or len(op.results) != 1:
            return None
        if op.input.type is not op.result_.type:
            return None
        return (f"{p.op_name(op)} {p.value(op.input)} {body}" + merged_attrs(op, p, elide=("sharding",))
                + " : " + p.type_text(op.result_.type))


class ShardingConstraintOp(_ShardingOp):
    name = "sdy.sharding_constraint"

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [args[0]]  # values outside manual code are global: only an annotation


class ReshardOp(_ShardingOp):
    name = "sdy.reshard"

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [args[0]]  # values outside manual code are global: only an annotation


class ShardingGroupOp(OpDef):
    """`sdy.sharding_group %x group_id=3 {attrs} : T`"""
    syntax_token = "SHLO_OP"  # one-line form: grammars/stablehlo.lark's stablehlo_op

    name = "sdy.sharding_group"
    input = ods.operand(AnyRankedTensor)
    group_id = ods.attr(I64Attr)
    args_format = "group_args"

    @classmethod
    def parse_custom(cls, s: Any, a: Any, types: list, extra: dict) -> Operation:
        from hlopt.ir.attributes import IntegerAttr
        from hlopt.ir.types import i64

        gid = a.get("group_id")
        attrs = a.attrs()
        t = s.decode_type(types[0])
        return build_op(s, cls.name, a.operands([t]), [], {"group_id": IntegerAttr(gid, i64)}, attrs)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        from hlopt.ir.attributes import IntegerAttr

        g = op.group_id
        if not isinstance(g, IntegerAttr) or len(op.operands) != 1 or op.results:
            return None
        return (f"{p.op_name(op)} {p.value(op.input)} group_id={g.value}"
                + merged_attrs(op, p, elide=("group_id",)) + " : " + p.type_text(op.input.type))


class SdyConstantOp(ShloConstantOp):
    """`sdy.constant {attrs} dense<...> : T` (no result name hint)."""

    name = "sdy.constant"

    @classmethod
    def asm_result_names(cls, op: Operation) -> list:
        return []


class NamedComputationOp(OpDef):
    """`sdy.named_computation<"name">(%a) in_shardings=[..] out_shardings=[..] (%arg: T) { ... } : (T) -> T`"""

    name = "sdy.named_computation"
    name_ = ods.attr(Str, name="name")  # the op's `name` attribute (`name` is the op name)
    operands_ = ods.var_operand(name="operands")
    in_shardings = ods.opt_attr(PerValueC)
    out_shardings = ods.opt_attr(PerValueC)
    results_ = ods.var_result(name="results")
    body = ods.region(1)
    traits = (IsolatedFromAbove(), RecursiveMemoryEffects())

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        from hlopt.dialects.sdy.verification import ShardyError, check_per_value, raise_op_error

        entry = op.regions[0].blocks[0] if op.regions[0].blocks else None
        args = entry.args if entry is not None else []
        if len(args) != len(op.operands):
            raise IRError(f"number of block arguments must match the number of operands: {len(args)} != "
                          f"{len(op.operands)}", op)
        for i, (a, v) in enumerate(zip(args, op.operands)):
            if a.type is not v.type:
                raise IRError(f"expected the type of the {i}'th block argument to match the type of the "
                              f"corresponding operand: '{a.type.text}' vs '{v.type.text}'", op)
        for kw, per, values in (("in_shardings", op.in_shardings, op.operands),
                                ("out_shardings", op.out_shardings, op.results)):
            if isinstance(per, ShardingPerValueAttr):
                try:
                    check_per_value(op, per, [v.type for v in values], symbols)
                except ShardyError as e:
                    raise_op_error(op, kw + " ", e)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        n = op.name_
        if not isinstance(n, StringAttr) or len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
            return None
        s = f"sdy.named_computation<{p.attr_text(n)}>({p.values(op.operands)})"
        for kw, v in (("in_shardings", op.in_shardings), ("out_shardings", op.out_shardings)):
            if v is None:
                continue
            body = _strip(v, _SPV)
            if body is None or not body.startswith("<"):
                return None
            s += f" {kw}={body[1:-1]}"
        entry = op.regions[0].blocks[0]
        s += f" ({', '.join(block_arg_text(p, a) for a in entry.args)}) " + p.region(op.regions[0])
        return s + p.attr_dict(op.attributes) + " : " + p.functional_type(op.operand_types, op.result_types)


_DIRECTIONS = ("NONE", "FORWARD", "BACKWARD", "BOTH")


def _print_unary(op: Operation, p: Any, keyword: str) -> str:
    """`NAME %x[ keyword=value] {attrs} : T` (grammars/sdy.lark's sdy_unary)."""
    return (f"{p.op_name(op)} {p.value(op.operands[0])}{keyword}" + p.attr_dict(op.attributes)
            + " : " + p.type_text(op.results[0].type))


class PropagationBarrierOp(OpDef):
    """`sdy.propagation_barrier %x allowed_direction=BACKWARD {attrs} : T`"""

    name = "sdy.propagation_barrier"
    syntax_token = "SDY_UNARY"
    input = ods.operand(AnyRankedTensor)
    allowed_direction = ods.attr(Constraint(lambda a: isinstance(a, IntegerAttr) and a.type is i32
                                            and 0 <= a.value < len(_DIRECTIONS),
                                            "allowed propagation direction"))
    result_ = ods.result(AnyRankedTensor, name="result")
    traits = (Pure(), SameOperandsAndResultType())

    @classmethod
    def verify(cls, op: Operation) -> None:
        if _DIRECTIONS[op.allowed_direction.value] == "BOTH":
            raise IRError(f"'{op.name}' op cannot specify `BOTH` as the direction. Not blocking propagation "
                          "direction makes the op redundant.", op)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        return _print_unary(op, p, f" allowed_direction={_DIRECTIONS[op.allowed_direction.value]}")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [args[0]]  # an annotation of a global value


def _static_result(op: Operation) -> None:
    t = op.results[0].type
    if not getattr(t, "has_static_shape", False):
        raise IRError(f"'{op.name}' op expected {op.name} to have a static-shaped result. type: '{t.text}'", op)


class DataFlowEdgeOp(OpDef):
    """`sdy.data_flow_edge %x [sharding=<@mesh, [...]>] {attrs} : T`"""

    name = "sdy.data_flow_edge"
    syntax_token = "SDY_UNARY"
    input = ods.operand(AnyShaped)
    sharding = ods.opt_attr(ShardingC)
    result_ = ods.result(AnyShaped, name="result")
    traits = (SameOperandsAndResultType(),)

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        from hlopt.dialects.sdy.verification import ShardyError, check_sharding, raise_op_error

        _static_result(op)
        v = op.input
        if len(v.uses) != 1:
            raise IRError(f"'{op.name}' op expected input of sdy.data_flow_edge to have a single user", op)
        dep = getattr(v, "defining_op", None)
        if isinstance(dep, Operation) and dep.name.startswith("sdy.") and not isinstance(dep, NamedComputationOp):
            raise IRError(f"'{op.name}' op expected input of sdy.data_flow_edge to not be defined by an SdyDialect "
                          "op (other than an sdy.named_computation).", op,
                          notes=[("sdy op defining the input of the sdy.data_flow_edge", dep)])
        sh = op.sharding
        if isinstance(sh, ShardingAttr):
            try:
                check_sharding(op, sh, op.result_.type, symbols)
            except ShardyError as e:
                raise_op_error(op, "", e)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        sh = op.sharding
        if sh is not None and not isinstance(sh, ShardingAttr):
            return None
        return _print_unary(op, p, f" sharding=<{sh.body()}>" if sh is not None else "")


class FuncDataFlowEdgeOp(OpDef):
    """`sdy.func_data_flow_edge %x {attrs} : T`"""

    name = "sdy.func_data_flow_edge"
    syntax_token = "SDY_UNARY"
    operand_ = ods.operand(AnyShaped, name="operand")
    result_ = ods.result(AnyShaped, name="result")
    traits = (SameOperandsAndResultType(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        from hlopt.ir.core import BlockArgument
        from hlopt.ir.interfaces import CallableOpInterface, CallOpInterface, implements

        _static_result(op)
        v = op.operand_
        if len(v.uses) != 1:
            raise IRError(f"'{op.name}' op expected operand of sdy.func_data_flow_edge to have a single user", op)
        if isinstance(v, BlockArgument):
            owner = v.owner.parent_op
            if owner is None or not implements(owner, CallableOpInterface):
                raise IRError(f"'{op.name}' op expected operand of sdy.func_data_flow_edge to be a block argument of "
                              "a func op.", op)
        elif not implements(v.owner, CallOpInterface):
            raise IRError(f"'{op.name}' op expected operand of sdy.func_data_flow_edge to be a result of call op.", op)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        return _print_unary(op, p, "")


OPS = (MeshOp, ManualComputationOp, ReturnOp, ShardingConstraintOp, ReshardOp, ShardingGroupOp, SdyConstantOp,
       NamedComputationOp, PropagationBarrierOp, DataFlowEdgeOp, FuncDataFlowEdgeOp, *COLLECTIVES)
