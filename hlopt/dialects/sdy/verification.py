"""Shardy's verifier for a tensor sharding against its mesh and tensor
(verifyTensorShardingAttr): the mesh exists, one dimension sharding per
tensor dimension, every axis is a mesh axis, sub-axes divide their axis,
no axis is named twice. Messages are Shardy's (checked with jaxlib)."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.sdy.attributes import AxisRef, MeshAttr, ShardingAttr
from hlopt.ir.attributes import SymbolRefAttr
from hlopt.ir.core import Operation
from hlopt.ir.symbols import SymbolCache
from hlopt.ir.types import RankedTensorType, Type


def mesh_of(op: Operation, sharding: ShardingAttr, symbols: Any = None) -> MeshAttr | None:
    """The sharding's mesh (inline, or the `sdy.mesh` its symbol names)."""
    if isinstance(sharding.mesh, MeshAttr):
        return sharding.mesh
    found = (symbols or SymbolCache()).lookup(op, SymbolRefAttr(sharding.mesh))
    if found is None or found.name != "sdy.mesh":
        return None
    m = found.properties.get("mesh")
    return m if isinstance(m, MeshAttr) else None


def _axis_error(ref: AxisRef, mesh: MeshAttr) -> str | None:
    size = mesh.axis_size(ref.name)
    if size is None:
        return f"unknown axis name: \"{ref.name}\""
    if not ref.is_sub_axis:
        return None
    pre, sub = ref[1], ref[2]
    if pre < 1:
        return f"sub-axis pre-size must be at least 1: {ref.text()}"
    if sub <= 1:
        return f"sub-axis size must be greater than 1: {ref.text()}"
    if size % (pre * sub):
        return f"sub-axis next pre-size {pre * sub} doesn't divide the size of the full axis {size}: {ref.text()}"
    return None


def sharding_error(op: Operation, sharding: ShardingAttr, t: Type, symbols: Any = None) -> str | None:
    """Shardy's message for the first broken rule, or None."""
    mesh = mesh_of(op, sharding, symbols)
    if mesh is None:
        return f"unknown mesh: @{sharding.mesh}"
    if isinstance(t, RankedTensorType) and len(sharding.dims) != len(t.shape):
        return f"sharding doesn't match tensor rank: {len(sharding.dims)} != {len(t.shape)}"
    refs = [a for d in sharding.dims for a in d.axes] + list(sharding.replicated) + list(sharding.unreduced)
    for ref in refs:
        msg = _axis_error(ref, mesh)
        if msg is not None:
            return msg
    return sharding.verify()


def local_type(op: Operation, sharding: ShardingAttr, t: Type, manual: set) -> Type | None:
    """The per-device type of `t` inside a manual computation: each dimension
    divided by the sizes of the manual axes sharding it (None if unknown)."""
    mesh = mesh_of(op, sharding)
    if mesh is None or not isinstance(t, RankedTensorType) or len(sharding.dims) != len(t.shape):
        return None
    shape = [d if d < 0 else d // manual_size(op, sharding, dim, manual, mesh) for d, dim in zip(t.shape,
                                                                                                 sharding.dims)]
    return RankedTensorType(tuple(shape), t.element_type, t.encoding)


def manual_size(op: Operation, sharding: ShardingAttr, dim: Any, manual: set, mesh: MeshAttr | None = None) -> int:
    """The product of the sizes of the manual axes sharding one dimension."""
    mesh = mesh or mesh_of(op, sharding)
    n = 1
    for ref in dim.axes:
        if ref.name in manual and mesh is not None:
            n *= ref[2] if ref.is_sub_axis else (mesh.axis_size(ref.name) or 1)
    return n
