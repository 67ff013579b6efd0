"""Shardy's explicit collectives (what its propagation and export emit):
sdy.all_gather, sdy.all_slice, sdy.reduce_scatter, sdy.all_to_all,
sdy.collective_permute, sdy.all_reduce, sdy.sharded_to_unreduced and
sdy.replicated_to_unreduced, each with Shardy's custom form
(`sdy.all_gather [{"x"}, {}] %v out_sharding=<@mesh, [{}, {}]> : T`) and
verifier: the operand has a sharding, out_sharding is valid for the result
and on the operand's mesh, and applying the op's axes to the operand's
sharding gives out_sharding."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.sdy.asm import SdyBody
from hlopt.dialects.sdy.attributes import (
    AllToAllParamListAttr,
    AxisRefListAttr,
    DimSharding,
    ListOfAxisRefListsAttr,
    ShardingAttr,
)
from hlopt.dialects.sdy.verification import (
    ShardyError,
    append_or_merge,
    axis_size,
    check_sharding,
    is_suffix,
    mesh_key,
    mesh_of,
    overlaps,
    prefix_without,
    raise_op_error,
    verify_axis_list,
    verify_sorted_axis_list,
)
from hlopt.ir import opdef as ods
from hlopt.ir.constraints import IsA
from hlopt.ir.core import BlockArgument, IRError, Operation, Value
from hlopt.ir.interfaces import CallableOpInterface
from hlopt.ir.opdef import OpDef
from hlopt.ir.traits import SameOperandsAndResultType
from hlopt.ir.types import ShapedType

UNKNOWN = object()  # a value whose sharding hlopt does not model (never rejected for it)

ShardingC = IsA(ShardingAttr, "Tensor sharding")
AnyShaped = IsA(ShapedType, "shaped of any type values")


def _per_value(per: Any, index: int) -> Any:
    from hlopt.dialects.sdy.attributes import ShardingPerValueAttr

    if per is None:
        return None
    if isinstance(per, ShardingPerValueAttr) and index < len(per.shardings):
        return per.shardings[index]
    return UNKNOWN


def _block_argument_sharding(v: BlockArgument) -> Any:
    """getShardableValue + getSharding of a block argument: a function's
    argument attribute; named_computation's in_shardings; a while's
    result; none for other region ops (a reduction body's scalars)."""
    owner = v.owner.parent_op if v.owner is not None else None
    if owner is None:
        return None
    entry = v.owner is owner.regions[0].blocks[0] if owner.regions and owner.regions[0].blocks else False
    d = owner.opdef
    if d is not None and issubclass(d, CallableOpInterface):
        if not entry:
            return UNKNOWN
        attrs = d.arg_attrs(owner)
        a = attrs[v.index].get("sdy.sharding") if v.index < len(attrs) and attrs[v.index] is not None else None
        return a if isinstance(a, ShardingAttr) or a is None else UNKNOWN
    from hlopt.dialects.sdy.ops import ManualComputationOp, NamedComputationOp
    from hlopt.dialects.stablehlo.reductions_control_flow import WhileOp

    if isinstance(owner, NamedComputationOp):
        return _per_value(owner.in_shardings, v.index)
    if isinstance(owner, WhileOp):
        return _per_value(owner.attributes.get("sdy.sharding"), v.index)
    if isinstance(owner, ManualComputationOp):
        return _without_manual_axes(_per_value(owner.in_shardings, v.index), owner)
    if d is None:
        return UNKNOWN  # unregistered owners
    return None


def _without_manual_axes(sharding: Any, op: Operation) -> Any:
    """A manual computation's body argument: its in_sharding with the
    manual axes dropped (Shardy's getInShardingWithoutManualAxes)."""
    manual = op.manual_axes
    if not isinstance(sharding, ShardingAttr) or manual is None:
        return sharding
    names = set(getattr(manual, "axes", ()))

    def keep(axes: Any) -> tuple:
        return tuple(a for a in axes if a.name not in names)

    dims = [DimSharding(keep(dim.axes), dim.is_closed, dim.priority) for dim in sharding.dims]
    return ShardingAttr(sharding.mesh, dims, keep(sharding.replicated), keep(sharding.unreduced))


def value_sharding(v: Value) -> Any:
    """Shardy's getSharding: the sharding a value carries (None if it has
    none, UNKNOWN where hlopt does not model the owner)."""
    if isinstance(v, BlockArgument):
        return _block_argument_sharding(v)
    from hlopt.dialects.sdy.ops import (
        DataFlowEdgeOp,
        ManualComputationOp,
        NamedComputationOp,
        ReshardOp,
        ShardingConstraintOp,
    )

    op = v.owner
    if isinstance(op, (ManualComputationOp, NamedComputationOp)):
        return _per_value(op.out_shardings, v.index)
    if isinstance(op, (ShardingConstraintOp, ReshardOp, DataFlowEdgeOp)):
        return op.sharding
    if isinstance(op, _Collective):
        return op.out_sharding
    return _per_value(op.attributes.get("sdy.sharding"), v.index)


_FORMAT = "$tensor `out_sharding` `` `=` `` $out_sharding attr-dict `:` type($result)"
_OUT_SHARDING = SdyBody("#sdy.sharding", "<", invalid="tensor sharding")
_PER_DIM_AXES = SdyBody("#sdy<list_of_axis_ref_lists", "[", ">")
_ALL_TO_ALL = SdyBody("#sdy<all_to_all_param_list", "[", ">")
_AXIS_LIST = SdyBody("#sdy<axis_ref_list", "{", ">")


class _Collective(OpDef):
    """`NAME [AXES] %tensor out_sharding=<...> {attrs} : T` (the axes: `axes_field`)."""

    tensor = ods.operand(AnyShaped)
    out_sharding = ods.attr(ShardingC)
    result_ = ods.result(AnyShaped, name="result")
    traits = (SameOperandsAndResultType(),)
    axes_field: str | None = None  # the property printed before the operand
    assembly_format = _FORMAT
    attr_syntax = {"out_sharding": _OUT_SHARDING}

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        """verifyCollectiveOp, then the op's own rule (`check`)."""
        out = op.out_sharding
        operand = value_sharding(op.tensor)
        if operand is None:
            raise IRError(f"'{op.name}' op collective on operand without sharding", op)
        mesh = mesh_of(op, out, symbols)
        try:
            check_sharding(op, out, op.result_.type, symbols, mesh)
        except ShardyError as e:
            raise_op_error(op, "", e)
        if operand is UNKNOWN or not isinstance(operand, ShardingAttr):
            return
        in_mesh = mesh_of(op, operand, symbols)
        if in_mesh is None:
            return
        if not cls.different_meshes and in_mesh is not mesh:
            raise IRError(f"'{op.name}' op result mesh does not match operand mesh", op,
                          notes=[(f"operand mesh: {in_mesh.text}", op.tensor)])
        if len(out.dims) != len(operand.dims):
            raise IRError(f"'{op.name}' op result sharding has rank {len(out.dims)} but operand sharding has rank "
                          f"{len(operand.dims)}", op)
        try:
            cls.check(op, operand, out, mesh)
        except ShardyError as e:
            raise_op_error(op, "", e)

    different_meshes = False

    @classmethod
    def check(cls, op: Operation, operand: ShardingAttr, out: ShardingAttr, mesh: Any) -> None:
        pass

    @classmethod
    def asm_printable(cls, op: Operation) -> bool:
        return op.tensor.type is op.result_.type


def _expect_dims(expected: list, out: ShardingAttr, dim: int) -> None:
    if tuple(expected) != out.dims[dim].axes:
        raise ShardyError(f"result sharding doesn't match expected sharding "
                          f"[{', '.join(a.text() for a in expected)}] on dimension {dim}")


def _gather(axes: list, refs: Any, dim: int, mesh: Any, what: str) -> list:
    """Remove `refs` from the end of a dimension's axes (gatherAxesAlongDim)."""
    axes = list(axes)
    for ref in reversed(refs):
        if not axes or not is_suffix(ref, axes[-1], mesh):
            raise ShardyError(f"can't apply {what} axis {ref.text()} to operand sharding on dimension {dim}")
        rest = prefix_without(axes.pop(), ref, mesh)
        if rest is not None:
            axes.append(rest)
    return axes


def _slice(axes: Any, refs: Any, mesh: Any) -> list:
    out = list(axes)
    for ref in refs:
        append_or_merge(out, ref, mesh)
    return out


def _per_dim(op: Operation, lists: Any, operand: ShardingAttr, out: ShardingAttr, mesh: Any, apply: Any) -> None:
    """verifyCollectiveWithAxesPerDim."""
    seen: set = set()
    subs: dict = {}
    for refs in lists:
        msg = verify_axis_list(refs, mesh, seen, subs)
        if msg is not None:
            raise ShardyError(msg)
    if len(out.dims) != len(lists):
        raise ShardyError(f"result sharding has rank {len(out.dims)} but collective axes has rank {len(lists)}")
    for dim, (d, refs) in enumerate(zip(operand.dims, lists)):
        _expect_dims(apply(d.axes, refs, dim), out, dim)


_PER_DIM = IsA(ListOfAxisRefListsAttr, "List of axis ref lists")


class _PerDimCollective(_Collective):
    """Axes per dimension, applied to the operand's dimension shardings."""

    @classmethod
    def check(cls, op: Operation, operand: ShardingAttr, out: ShardingAttr, mesh: Any) -> None:
        _per_dim(op, op.properties.get(cls.axes_field).lists, operand, out, mesh,
                 lambda axes, refs, dim: cls.apply(axes, refs, dim, mesh))

    @classmethod
    def apply(cls, axes: Any, refs: Any, dim: int, mesh: Any) -> list:
        return _slice(axes, refs, mesh)


class AllGatherOp(_PerDimCollective):
    name = "sdy.all_gather"
    gathering_axes = ods.attr(_PER_DIM)
    axes_field = "gathering_axes"
    assembly_format = "$gathering_axes " + _FORMAT
    attr_syntax = {"gathering_axes": _PER_DIM_AXES.named("gathering_axes"), "out_sharding": _OUT_SHARDING}

    @classmethod
    def apply(cls, axes: Any, refs: Any, dim: int, mesh: Any) -> list:
        return _gather(axes, refs, dim, mesh, "gathering")


class AllSliceOp(_PerDimCollective):
    name = "sdy.all_slice"
    slicing_axes = ods.attr(_PER_DIM)
    axes_field = "slicing_axes"
    assembly_format = "$slicing_axes " + _FORMAT
    attr_syntax = {"slicing_axes": _PER_DIM_AXES.named("slicing_axes"), "out_sharding": _OUT_SHARDING}


class ReduceScatterOp(_PerDimCollective):
    name = "sdy.reduce_scatter"
    reduce_scatter_axes = ods.attr(_PER_DIM)
    axes_field = "reduce_scatter_axes"
    assembly_format = "$reduce_scatter_axes " + _FORMAT
    attr_syntax = {"reduce_scatter_axes": _PER_DIM_AXES.named("reduce_scatter_axes"), "out_sharding": _OUT_SHARDING}


class AllToAllOp(_Collective):
    name = "sdy.all_to_all"
    params = ods.attr(IsA(AllToAllParamListAttr, "List of all-to-all parameters"))
    axes_field = "params"
    assembly_format = "$params " + _FORMAT
    attr_syntax = {"params": _ALL_TO_ALL.named("params"), "out_sharding": _OUT_SHARDING}

    @classmethod
    def check(cls, op: Operation, operand: ShardingAttr, out: ShardingAttr, mesh: Any) -> None:
        params = op.params.params
        if not params:
            raise ShardyError("parameter list is empty")
        rank = len(getattr(op.result_.type, "shape", ()) or ())
        seen_dims: set = set()
        seen: set = set()
        subs: dict = {}
        prev_src = -1
        for axes, src, tgt in params:
            msg = verify_axis_list(axes, mesh, seen, subs)
            if msg is not None:
                raise ShardyError(msg)
            for d, what in ((src, "source"), (tgt, "target")):
                if not 0 <= d < rank:
                    raise ShardyError(f"{what} dimension {d} is out of range [0, {rank})")
            for d in (src, tgt):
                if d in seen_dims:
                    raise ShardyError(f"overlapping source/target dimensions in all-to-all params: {d}")
                seen_dims.add(d)
            if prev_src >= src:
                raise ShardyError(f"source dimensions are not sorted in ascending order: {src} appears after "
                                  f"{prev_src}")
            prev_src = src
        for axes, src, tgt in params:
            _expect_dims(_gather(operand.dims[src].axes, axes, src, mesh, "all-to-all"), out, src)
            _expect_dims(_slice(operand.dims[tgt].axes, axes, mesh), out, tgt)
        for dim, d in enumerate(operand.dims):
            if dim not in seen_dims:
                _expect_dims(list(d.axes), out, dim)


class CollectivePermuteOp(_Collective):
    name = "sdy.collective_permute"
    different_meshes = True

    @classmethod
    def check(cls, op: Operation, operand: ShardingAttr, out: ShardingAttr, mesh: Any) -> None:
        in_mesh = mesh_of(op, operand)
        if in_mesh is not None and in_mesh.axes != mesh.axes:
            raise ShardyError("result mesh has different axes than operand mesh",
                              [(f"operand mesh: {in_mesh.text}", op.tensor)])
        if in_mesh is not None and operand.mesh != out.mesh and in_mesh.device_ids == mesh.device_ids:
            raise ShardyError("result mesh name is different but same device ids as operand",
                              [(f"operand mesh: {in_mesh.text}", op.tensor)])
        for dim, (a, b) in enumerate(zip(operand.dims, out.dims)):
            if a.axes == b.axes:
                continue
            n_in = _sharded_size(a.axes, mesh)
            n_out = _sharded_size(b.axes, mesh)
            if n_in != n_out:
                raise ShardyError(f"sharded size of result doesn't match operand on dimension {dim}: {n_out} != "
                                  f"{n_in}")


def _sharded_size(axes: Any, mesh: Any) -> int:
    n = 1
    for a in axes:
        n *= axis_size(a, mesh)
    return n


class AllReduceOp(_Collective):
    name = "sdy.all_reduce"
    reduction_axes = ods.attr(IsA(AxisRefListAttr, "List of axis refs"))
    axes_field = "reduction_axes"
    assembly_format = "$reduction_axes " + _FORMAT
    attr_syntax = {"reduction_axes": _AXIS_LIST.named("reduction_axes"), "out_sharding": _OUT_SHARDING}

    @classmethod
    def check(cls, op: Operation, operand: ShardingAttr, out: ShardingAttr, mesh: Any) -> None:
        if [d.axes for d in operand.dims] != [d.axes for d in out.dims] or operand.replicated != out.replicated:
            raise ShardyError("operand and result shardings are not equivalent")
        refs = op.reduction_axes.axes
        msg = verify_sorted_axis_list(refs, mesh, set(), {}, "reduction")
        if msg is not None:
            raise ShardyError(msg)
        taken = [a for d in operand.dims for a in d.axes] + list(operand.replicated)
        for ref in refs:
            if any(overlaps(ref, a, mesh) for a in taken):
                raise ShardyError(f"reduction axis {ref.text()} overlaps with operand dimension sharding or "
                                  f"replicated axes")
            if any(overlaps(ref, a, mesh) for a in out.unreduced):
                raise ShardyError(f"reduction axis {ref.text()} overlaps with result unreduced axes")


def _sorted_merged(axes: list, mesh: Any) -> list:
    """Shardy's sortAndMergeAxes: mesh order, adjacent sub-axes merged."""
    out: list = []
    for ref in sorted(axes, key=lambda r: mesh_key(r, mesh)):
        append_or_merge(out, ref, mesh)
    return out


class ShardedToUnreducedOp(_PerDimCollective):
    name = "sdy.sharded_to_unreduced"
    axes = ods.attr(_PER_DIM)
    axes_field = "axes"
    assembly_format = "$axes " + _FORMAT
    attr_syntax = {"axes": _PER_DIM_AXES.named("axes"), "out_sharding": _OUT_SHARDING}

    @classmethod
    def apply(cls, axes: Any, refs: Any, dim: int, mesh: Any) -> list:
        return _gather(axes, refs, dim, mesh, "shard-to-unreduce")

    @classmethod
    def check(cls, op: Operation, operand: ShardingAttr, out: ShardingAttr, mesh: Any) -> None:
        super().check(op, operand, out, mesh)
        want = list(operand.unreduced) + [a for refs in op.axes.lists for a in refs]
        if _sorted_merged(want, mesh) != list(out.unreduced):
            raise ShardyError("out_unreduced_axes should be in_unreduced_axes + sharded_to_unreduced_axes")


class ReplicatedToUnreducedOp(_Collective):
    name = "sdy.replicated_to_unreduced"
    axes = ods.attr(IsA(AxisRefListAttr, "List of axis refs"))
    axes_field = "axes"
    assembly_format = "$axes " + _FORMAT
    attr_syntax = {"axes": _AXIS_LIST.named("axes"), "out_sharding": _OUT_SHARDING}

    @classmethod
    def check(cls, op: Operation, operand: ShardingAttr, out: ShardingAttr, mesh: Any) -> None:
        if operand.dims != out.dims:
            raise ShardyError("input and output must share the same dimension shardings")
        refs = op.axes.axes
        if not refs:
            raise ShardyError("r2u axes must not be empty")
        msg = verify_sorted_axis_list(refs, mesh, set(), {}, "r2u")
        if msg is not None:
            raise ShardyError(msg)
        for ref in refs:
            if any(overlaps(ref, a, mesh) for d in operand.dims for a in d.axes):
                raise ShardyError(f"r2u axis {ref.text()} overlaps with operand dimension sharding")
            if any(overlaps(ref, a, mesh) for a in operand.unreduced):
                raise ShardyError(f"r2u axis {ref.text()} overlaps with operand unreduced axes")
        if _sorted_merged(list(operand.unreduced) + list(refs), mesh) != list(out.unreduced):
            raise ShardyError("out_unreduced_axes should be in_unreduced_axes + r2u_axes")


COLLECTIVES = (AllGatherOp, AllSliceOp, ReduceScatterOp, AllToAllOp, CollectivePermuteOp, AllReduceOp,
               ShardedToUnreducedOp, ReplicatedToUnreducedOp)
