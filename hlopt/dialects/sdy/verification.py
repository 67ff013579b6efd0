"""Shardy's verifier for a tensor sharding against its mesh and tensor
(verifyTensorShardingAttr): the mesh exists, one dimension sharding per
tensor dimension, priorities, every axis a mesh axis named once, sub-axes
that divide their axis and do not overlap, replicated/unreduced axes in
mesh order, no axis a parent manual computation already binds. Messages
are Shardy's (checked with jaxlib)."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.sdy.attributes import AxisRef, MeshAttr, ShardingAttr
from hlopt.ir.attributes import SymbolRefAttr
from hlopt.ir.core import IRError, Operation
from hlopt.ir.symbols import SymbolCache
from hlopt.ir.types import RankedTensorType, TupleType, Type


class ShardyError(Exception):
    """A broken rule: the message and notes ((text, op) pairs) to attach."""

    def __init__(self, msg: str, notes: list | None = None):
        super().__init__(msg)
        self.msg, self.notes = msg, notes or []


def mesh_of(op: Operation, sharding: ShardingAttr, symbols: Any = None) -> MeshAttr | None:
    """The sharding's mesh (inline, or the `sdy.mesh` its symbol names)."""
    if isinstance(sharding.mesh, MeshAttr):
        return sharding.mesh
    from hlopt.dialects.sdy.ops import MeshOp  # ops imports this module

    found = (symbols or SymbolCache()).lookup(op, SymbolRefAttr(sharding.mesh))
    if not isinstance(found, MeshOp):
        return None
    m = found.mesh
    return m if isinstance(m, MeshAttr) else None


# ---------------------------------------------------------------------------
# axis arithmetic: a full axis of size n covers pre-sizes [1, n), a sub-axis
# "x":(p)s covers [p, p*s)

def axis_size(ref: AxisRef, mesh: MeshAttr) -> int:
    return ref[2] if ref.is_sub_axis else (mesh.axis_size(ref.name) or 1)


def _span(ref: AxisRef, mesh: MeshAttr) -> tuple[int, int]:
    return (ref[1], ref[1] * ref[2]) if ref.is_sub_axis else (1, mesh.axis_size(ref.name) or 1)


def overlaps(a: AxisRef, b: AxisRef, mesh: MeshAttr) -> bool:
    if a.name != b.name:
        return False
    (a0, a1), (b0, b1) = _span(a, mesh), _span(b, mesh)
    return a0 < b1 and b0 < a1


def _ref(name: str, pre: int, end: int, mesh: MeshAttr) -> AxisRef:
    """The axis covering [pre, end): the full axis when that is all of it."""
    return AxisRef(name) if pre == 1 and end == mesh.axis_size(name) else AxisRef(name, pre, end // pre)


def is_suffix(a: AxisRef, b: AxisRef, mesh: MeshAttr) -> bool:
    """`a` is a suffix of `b` (same axis, ends where `b` ends)."""
    (a0, a1), (b0, b1) = _span(a, mesh), _span(b, mesh)
    return a.name == b.name and a1 == b1 and a0 >= b0


def prefix_without(b: AxisRef, a: AxisRef, mesh: MeshAttr) -> AxisRef | None:
    """What remains of `b` once its suffix `a` is removed (None if nothing)."""
    (a0, _), (b0, _) = _span(a, mesh), _span(b, mesh)
    return _ref(b.name, b0, a0, mesh) if b0 < a0 else None


def append_or_merge(axes: list, ref: AxisRef, mesh: MeshAttr) -> None:
    """Append `ref`, merging it into the last axis when they are adjacent."""
    if axes and axes[-1].name == ref.name:
        (p0, p1), (r0, r1) = _span(axes[-1], mesh), _span(ref, mesh)
        if p1 == r0:
            axes[-1] = _ref(ref.name, p0, r1, mesh)
            return
    axes.append(ref)


def mesh_key(ref: AxisRef, mesh: MeshAttr) -> tuple:
    """Shardy's mesh order: by the axis's position in the mesh, then sub-axes by pre-size."""
    names = [n for n, _ in mesh.axes]
    return (names.index(ref.name) if ref.name in names else len(names), *_span(ref, mesh))


# ---------------------------------------------------------------------------
# axis lists

def verify_axis_list(refs: Any, mesh: MeshAttr, seen: set, sub_axes: dict) -> str | None:
    """verifyAxisRefList: known, not seen before, no mergeable neighbours."""
    prev = None
    for ref in refs:
        if mesh.axis_size(ref.name) is None:
            return f"unknown axis name: \"{ref.name}\""
        if ref in seen:
            return f"duplicate axis ref: {ref.text()}"
        seen.add(ref)
        if ref.is_sub_axis:
            sub_axes.setdefault(ref.name, []).append(ref)
            if prev is not None and prev.name == ref.name and prev.is_sub_axis \
                    and prev[1] * prev[2] == ref[1]:
                return f"two consecutive sub-axes can be merged: {prev.text()}, {ref.text()}"
        prev = ref
    return None


def verify_sorted_axis_list(refs: Any, mesh: MeshAttr, seen: set, sub_axes: dict, what: str) -> str | None:
    keys = [mesh_key(r, mesh) for r in refs]
    if keys != sorted(keys):
        return f"{what} axes are not ordered w.r.t. mesh"
    return verify_axis_list(refs, mesh, seen, sub_axes)


def verify_sub_axes(name: str, subs: list, mesh: MeshAttr, seen: set) -> str | None:
    size = mesh.axis_size(name) or 1
    if subs and AxisRef(name) in seen:
        return f"both sub-axis and full-axis are used for axis name: \"{name}\""
    prev_next = 1
    prev = None
    for ref in sorted(subs, key=lambda r: mesh_key(r, mesh)):
        pre, sub = ref[1], ref[2]
        if pre < 1:
            return f"sub-axis pre-size must be at least 1: {ref.text()}"
        if sub <= 1:
            return f"sub-axis sizes must be greater than 1: {ref.text()}"
        if size % (pre * sub):
            return f"sub-axis next pre-size {pre * sub} doesn't divide the size of the full axis {size}: {ref.text()}"
        if sub == size:
            return f"sub-axis size is equal to the full axis size: {ref.text()}"
        if prev is not None and prev_next > pre:
            return f"overlapping sub-axes: {prev.text()}, {ref.text()}"
        prev, prev_next = ref, pre * sub
    return None


# ---------------------------------------------------------------------------
# tensor shardings

def bound_manual_axes(op: Operation) -> dict:
    """Axis name -> the enclosing sdy.manual_computation that makes it manual."""
    from hlopt.dialects.sdy.ops import ManualComputationOp  # ops imports this module

    out: dict = {}
    p = op.parent_op
    while p is not None:
        if isinstance(p, ManualComputationOp):
            axes = p.manual_axes
            for n in getattr(axes, "axes", ()):
                out.setdefault(n, p)
        p = p.parent_op
    return out


def check_sharding(op: Operation, sharding: ShardingAttr, t: Type | None, symbols: Any = None,
                   mesh: MeshAttr | None = None) -> None:
    """Raise ShardyError for the first rule `sharding` breaks on a value of type `t`."""
    mesh = mesh or mesh_of(op, sharding, symbols)
    if mesh is None:
        raise ShardyError(f"unknown mesh: @{sharding.mesh}")
    maximal = not mesh.axes and len(mesh.device_ids) == 1
    fully_replicated = all(not d.axes for d in sharding.dims)
    rank0 = not sharding.dims and not sharding.replicated and not sharding.unreduced
    if maximal or (t is None and fully_replicated):
        if not rank0:
            raise ShardyError("a maximal sharding can only have a sharding with rank 0 and no replicated or "
                              "unreduced axes.")
        return
    assert t is not None  # no type only for a lone maximal or fully replicated sharding (check_per_value)
    if isinstance(t, TupleType):
        if len(t.types) != 1:
            raise ShardyError(f"ops can only have a sharding for a tuple of size 1: '{t.text}'")
        t = t.types[0]
    shape = getattr(t, "shape", None)
    if not hasattr(t, "element_type"):
        if not rank0:
            raise ShardyError(f"non-shaped tensors can only have a sharding with rank 0 and no replicated or "
                              f"unreduced axes. type: '{t.text}', sharding: {sharding.text}")
        return
    if shape is None:
        raise ShardyError(f"only ranked tensors can have a sharding. type: '{t.text}'")
    if len(sharding.dims) != len(shape):
        raise ShardyError(f"sharding doesn't match tensor rank: {len(sharding.dims)} != {len(shape)}")
    seen: set = set()
    sub_axes: dict = {}
    for i, dim in enumerate(sharding.dims):
        if dim.priority is not None and dim.priority < 0:
            raise ShardyError(f"dim {i} has a negative priority")
        if dim.priority is not None and dim.is_closed and not dim.axes:
            raise ShardyError(f"dim {i} is empty and closed but has a priority")
        msg = verify_axis_list(dim.axes, mesh, seen, sub_axes)
        if msg is not None:
            raise ShardyError(msg)
    for what, refs in (("replicated", sharding.replicated), ("unreduced", sharding.unreduced)):
        msg = verify_sorted_axis_list(refs, mesh, seen, sub_axes, what)
        if msg is not None:
            raise ShardyError(msg)
    for name, subs in sub_axes.items():
        msg = verify_sub_axes(name, subs, mesh, seen)
        if msg is not None:
            raise ShardyError(msg)
    bound = bound_manual_axes(op)
    for ref in [a for d in sharding.dims for a in d.axes] + list(sharding.replicated) + list(sharding.unreduced):
        if ref.name in bound:
            raise ShardyError(f"operates on axis \"{ref.name}\" which is already bound by a parent "
                              f"sdy.manual_computation op", [("parent bounding this axis as manual", bound[ref.name])])


def check_per_value(op: Operation, per: Any, types: list, symbols: Any = None) -> None:
    """verifyTensorShardingPerValueAttr: one valid sharding per value (a
    lone fully replicated or maximal sharding may stand for no values)."""
    shs = per.shardings
    if not types and len(shs) == 1:
        mesh = mesh_of(op, shs[0], symbols)
        maximal = mesh is not None and not mesh.axes and len(mesh.device_ids) == 1
        if maximal or all(not d.axes for d in shs[0].dims):  # Shardy's isFullyReplicated: no sharded dims
            try:
                check_sharding(op, shs[0], None, symbols, mesh)
            except ShardyError as e:
                raise ShardyError(f"0 - {e.msg}", e.notes) from None
            return
    if len(shs) != len(types):
        raise ShardyError(f"shardings don't match number of values: {len(shs)} shardings vs {len(types)} values")
    for i, (sh, t) in enumerate(zip(shs, types)):
        try:
            check_sharding(op, sh, t, symbols)
        except ShardyError as e:
            raise ShardyError(("- " if len(types) == 1 else f"{i} - ") + e.msg, e.notes) from None


def raise_op_error(op: Operation, prefix: str, e: ShardyError) -> None:
    raise IRError(f"'{op.name}' op {prefix}{e.msg}", op, notes=e.notes) from None


def sharding_error(op: Operation, sharding: ShardingAttr, t: Type, symbols: Any = None) -> str | None:
    """Shardy's message for the first broken rule, or None."""
    try:
        check_sharding(op, sharding, t, symbols)
    except ShardyError as e:
        return e.msg
    return None


def local_type(op: Operation, sharding: ShardingAttr, t: Type, manual: set) -> Type | None:
    """The per-device type of `t` inside a manual computation: each dimension
    divided by the sizes of the manual axes sharding it (None if unknown)."""
    mesh = mesh_of(op, sharding)
    if mesh is None or not isinstance(t, RankedTensorType) or len(sharding.dims) != len(t.shape):
        return None
    shape = [d if d < 0 else d // manual_size(op, sharding, dim, manual, mesh) for d, dim in zip(t.shape,
                                                                                                 sharding.dims)]
    return RankedTensorType(tuple(shape), t.element_type)


def manual_size(op: Operation, sharding: ShardingAttr, dim: Any, manual: set, mesh: MeshAttr | None = None) -> int:
    """The product of the sizes of the manual axes sharding one dimension."""
    mesh = mesh or mesh_of(op, sharding)
    n = 1
    for ref in dim.axes:
        if ref.name in manual and mesh is not None:
            n *= axis_size(ref, mesh)
    return n
