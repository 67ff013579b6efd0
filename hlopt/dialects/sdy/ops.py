"""Shardy (sdy) ops: sdy.mesh, sdy.manual_computation, sdy.named_computation,
sdy.return, sdy.sharding_constraint, sdy.reshard, sdy.sharding_group,
sdy.constant, sdy.propagation_barrier, sdy.data_flow_edge and
sdy.func_data_flow_edge with their custom forms and Shardy's verifiers (the
collectives are in collectives.py); other sdy ops pass through generically
(the dialect is open)."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.sdy.asm import (
    MANUAL_AXES,
    PER_VALUE,
    SHARDING,
    SYMBOL_NAME,
    SdyBody,
    SingleBlockRegionNoBlockId,
)
from hlopt.dialects.sdy.attributes import (
    ManualAxesAttr,
    MeshAttr,
    ShardingAttr,
    ShardingPerValueAttr,
)
from hlopt.dialects.sdy.collectives import COLLECTIVES, AnyShaped
from hlopt.dialects.stablehlo.asm_directives import I64_INT
from hlopt.dialects.stablehlo.elementwise import ConstantOp as ShloConstantOp
from hlopt.ir import opdef as ods
from hlopt.ir.attributes import IntegerAttr, OpaqueAttr
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
from hlopt.syntax import AllTypesMatch, EnumKeyword

manual = lazy_module("hlopt.kernels.manual")

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
    assembly_format = "$sym_name `=` $mesh attr-dict"
    attr_syntax = {"sym_name": SYMBOL_NAME,
                   "mesh": SdyBody("#sdy.mesh", "<", check=lambda m: m.verify() if isinstance(m, MeshAttr) else None)}

    @classmethod
    def verify(cls, op: Operation) -> None:
        m = op.mesh
        msg = m.verify() if isinstance(m, MeshAttr) else None
        if msg is not None:
            raise IRError(msg, op)

class ManualComputationOp(SingleBlockRegionNoBlockId, OpDef):
    name = "sdy.manual_computation"
    tensors = ods.var_operand(AnyTensor)
    in_shardings = ods.attr(PerValueC)
    out_shardings = ods.attr(PerValueC)
    manual_axes = ods.attr(ManualAxesC)
    results_ = ods.var_result(AnyTensor, name="results")
    body = ods.region(1)
    traits = (IsolatedFromAbove(), RecursiveMemoryEffects())
    assembly_format = ("`(` operands `)` `in_shardings` `` `=` `` $in_shardings `out_shardings` `` `=` `` "
                       "$out_shardings `manual_axes` `` `=` `` $manual_axes custom<SingleBlockRegionNoBlockId>($body) "
                       "attr-dict `:` functional-type(operands, results)")
    attr_syntax = {"in_shardings": PER_VALUE, "out_shardings": PER_VALUE, "manual_axes": MANUAL_AXES}

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
    assembly_format = "attr-dict ($results^ `:` type($results))?"

class _ShardingOp(OpDef):
    """`sdy.sharding_constraint %x <@mesh, [{"x"}, {}]> {attrs} : T` (and sdy.reshard)."""

    input = ods.operand(AnyTensor)
    sharding = ods.attr(ShardingC)
    result_ = ods.result(AnyTensor, name="result")
    traits = (Pure(), SameOperandsAndResultType())
    assembly_format = "$input $sharding attr-dict `:` type($result)"
    attr_syntax = {"sharding": SHARDING}

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        from hlopt.dialects.sdy.verification import ShardyError, check_sharding, raise_op_error

        sh = op.sharding
        if isinstance(sh, ShardingAttr):
            try:
                check_sharding(op, sh, op.result_.type, symbols)
            except ShardyError as e:
                raise_op_error(op, "", e)
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

    name = "sdy.sharding_group"
    input = ods.operand(AnyRankedTensor)
    group_id = ods.attr(I64Attr)
    assembly_format = "$input `group_id` `` `=` `` $group_id attr-dict `:` type($input)"
    attr_syntax = {"group_id": I64_INT}


class SdyConstantOp(ShloConstantOp):
    """`sdy.constant {attrs} dense<...> : T` (no result name hint)."""

    name = "sdy.constant"
    assembly_format = "attr-dict $value"  # ConstantOp::print: the dictionary first
    attr_syntax: dict = {}
    type_inference = (AllTypesMatch("value", "output"),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list:
        return []


class NamedComputationOp(SingleBlockRegionNoBlockId, OpDef):
    """`sdy.named_computation<"name">(%a) in_shardings=[..] out_shardings=[..] (%arg: T) { ... } : (T) -> T`"""

    name = "sdy.named_computation"
    name_ = ods.attr(Str, name="name")  # the op's `name` attribute (`name` is the op name)
    operands_ = ods.var_operand(name="operands")
    in_shardings = ods.opt_attr(PerValueC)
    out_shardings = ods.opt_attr(PerValueC)
    results_ = ods.var_result(name="results")
    body = ods.region(1)
    traits = (IsolatedFromAbove(), RecursiveMemoryEffects())
    assembly_format = ("`<` $name `>` `` `(` $operands `)` (`in_shardings` `` `=` `` $in_shardings^)? "
                       "(`out_shardings` `` `=` `` $out_shardings^)? custom<SingleBlockRegionNoBlockId>($body) "
                       "attr-dict `:` functional-type($operands, results)")
    attr_syntax = {"in_shardings": PER_VALUE, "out_shardings": PER_VALUE}

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

_DIRECTIONS = ("NONE", "FORWARD", "BACKWARD", "BOTH")


class PropagationBarrierOp(OpDef):
    """`sdy.propagation_barrier %x allowed_direction=BACKWARD {attrs} : T`"""

    name = "sdy.propagation_barrier"
    input = ods.operand(AnyRankedTensor)
    allowed_direction = ods.attr(Constraint(lambda a: isinstance(a, IntegerAttr) and a.type is i32
                                            and 0 <= a.value < len(_DIRECTIONS),
                                            "allowed propagation direction"))
    result_ = ods.result(AnyRankedTensor, name="result")
    traits = (Pure(), SameOperandsAndResultType())
    assembly_format = "$input `allowed_direction` `` `=` `` $allowed_direction attr-dict `:` type($input)"
    attr_syntax = {"allowed_direction": EnumKeyword(_DIRECTIONS, i32)}

    @classmethod
    def verify(cls, op: Operation) -> None:
        if _DIRECTIONS[op.allowed_direction.value] == "BOTH":
            raise IRError(f"'{op.name}' op cannot specify `BOTH` as the direction. Not blocking propagation "
                          "direction makes the op redundant.", op)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [args[0]]  # an annotation of a global value


def _static_result(op: Operation, t: Any) -> None:
    """`t`: the op's declared result's type."""
    if not getattr(t, "has_static_shape", False):
        raise IRError(f"'{op.name}' op expected {op.name} to have a static-shaped result. type: '{t.text}'", op)


class DataFlowEdgeOp(OpDef):
    """`sdy.data_flow_edge %x [sharding=<@mesh, [...]>] {attrs} : T`"""

    name = "sdy.data_flow_edge"
    input = ods.operand(AnyShaped)
    sharding = ods.opt_attr(ShardingC)
    result_ = ods.result(AnyShaped, name="result")
    traits = (SameOperandsAndResultType(),)
    assembly_format = "$input (`sharding` `` `=` `` $sharding^)? attr-dict `:` type($result)"
    attr_syntax = {"sharding": SHARDING}

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        from hlopt.dialects.sdy.verification import ShardyError, check_sharding, raise_op_error

        _static_result(op, op.result_.type)
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

class FuncDataFlowEdgeOp(OpDef):
    """`sdy.func_data_flow_edge %x {attrs} : T`"""

    name = "sdy.func_data_flow_edge"
    operand_ = ods.operand(AnyShaped, name="operand")
    result_ = ods.result(AnyShaped, name="result")
    traits = (SameOperandsAndResultType(),)
    assembly_format = "$operand attr-dict `:` type($result)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        from hlopt.ir.core import BlockArgument
        from hlopt.ir.interfaces import CallableOpInterface, CallOpInterface, implements

        _static_result(op, op.result_.type)
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

OPS = (MeshOp, ManualComputationOp, ReturnOp, ShardingConstraintOp, ReshardOp, ShardingGroupOp, SdyConstantOp,
       NamedComputationOp, PropagationBarrierOp, DataFlowEdgeOp, FuncDataFlowEdgeOp, *COLLECTIVES)
