"""hir attributes and types: the `#hir.sharding<...>` tensor encoding and
the `!hir.stream`, `!hir.event`, `!hir.request` handle types.

A tensor's logical shape is global. `#hir.sharding<[stream, serial, didx],
mesh = [0, 1, 2, 3]>` says, per axis, whether it runs over streams
(`stream`: host loop, one slice per iteration), is split over the mesh's
devices (`didx`: each device holds extent/|mesh| of it, device mesh[k] the
k-th chunk) or is plain (`serial`). Without `mesh` (or without an encoding)
the tensor lives on device 0.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.ir.attributes import Attribute
from hlopt.ir.types import RankedTensorType, Type

STREAM, SERIAL, DIDX = "stream", "serial", "didx"
AXIS_KINDS = (STREAM, SERIAL, DIDX)
DEFAULT_MESH = (0,)


class ShardingAttr(Attribute):
    __slots__ = ("axes", "mesh")

    def __new__(cls, axes: Sequence[str], mesh: Sequence[int] | None = None) -> "ShardingAttr":
        return cls._make((tuple(axes), tuple(mesh) if mesh is not None else None))

    def _init(self, axes: tuple[str, ...], mesh: tuple[int, ...] | None) -> None:
        self.axes, self.mesh = axes, mesh
        # aliased like MLIR dialects alias long attributes (`#sharding`, `#sharding1`)
        self.has_alias_parts = True

    def alias_prefix(self) -> str:
        return "sharding"

    def print_with(self, p: Any) -> str:
        s = "#hir.sharding<[" + ", ".join(self.axes) + "]"
        if self.mesh is not None:
            s += ", mesh = [" + ", ".join(map(str, self.mesh)) + "]"
        return s + ">"

    @property
    def devices(self) -> tuple[int, ...]:
        return self.mesh if self.mesh is not None else DEFAULT_MESH


class _HandleType(Type):
    __slots__ = ()
    spelling = ""

    def __new__(cls) -> "_HandleType":
        return cls._make(())

    def print_with(self, p: Any) -> str:
        return self.spelling


class StreamType(_HandleType):
    """A stream of the pool (or the stream current at entry)."""
    __slots__ = ()
    spelling = "!hir.stream"


class EventType(_HandleType):
    __slots__ = ()
    spelling = "!hir.event"


class RequestType(_HandleType):
    """An outstanding communication, completed by hir.wait."""
    __slots__ = ()
    spelling = "!hir.request"


_SHARDING = re.compile(r"#hir\.sharding<\s*\[([^\]]*)\]\s*(?:,\s*mesh\s*=\s*\[([^\]]*)\]\s*)?>\Z")


def parse_hir_attr(text: str) -> Attribute | None:
    from hlopt.syntax import SyntaxErr

    if not text.startswith("#hir.sharding"):
        return None
    m = _SHARDING.match(text)
    if m is None:
        raise SyntaxErr("expected '#hir.sharding<[axis, ...]>' or '#hir.sharding<[axis, ...], mesh = [d, ...]>'")
    axes = [a.strip() for a in m.group(1).split(",")] if m.group(1).strip() else []
    for a in axes:
        if a not in AXIS_KINDS:
            raise SyntaxErr(f"unknown axis kind '{a}' (expected stream, serial or didx)")
    if axes.count(STREAM) > 1:
        raise SyntaxErr("a tensor has at most one stream axis (split or merged stream axes are not supported)")
    if axes.count(DIDX) > 1:
        raise SyntaxErr("a tensor has at most one didx axis")
    mesh = None
    if m.group(2) is not None:
        try:
            mesh = [int(x) for x in m.group(2).split(",") if x.strip()]
        except ValueError:
            raise SyntaxErr("expected integer device ids in 'mesh'") from None
        if not mesh:
            raise SyntaxErr("mesh must list at least one device")
        if len(set(mesh)) != len(mesh) or min(mesh) < 0:
            raise SyntaxErr("mesh devices must be distinct non-negative integers")
    return ShardingAttr(axes, mesh)


def parse_hir_type(text: str) -> Type | None:
    for cls in (StreamType, EventType, RequestType):
        if text == cls.spelling:
            return cls()
    return None


# -- reading a tensor type's sharding ---------------------------------------------

def sharding(t: Type) -> ShardingAttr | None:
    enc = getattr(t, "encoding", None)
    return enc if isinstance(enc, ShardingAttr) else None


def axes_of(t: Type) -> tuple[str, ...]:
    s = sharding(t)
    rank = len(getattr(t, "shape", ()))
    return s.axes if s is not None and len(s.axes) == rank else (SERIAL,) * rank


def mesh_of(t: Type) -> tuple[int, ...]:
    s = sharding(t)
    return s.devices if s is not None else DEFAULT_MESH


def _axis_of_kind(t: Type, kind: str) -> int | None:
    # axes_of without building the all-serial tuple of an unsharded type
    # (the stream lowering asks this of every operand and result)
    s = getattr(t, "encoding", None)
    if not isinstance(s, ShardingAttr):
        return None
    ax = s.axes
    return ax.index(kind) if kind in ax and len(ax) == len(getattr(t, "shape", ())) else None


def stream_axis(t: Type) -> int | None:
    return _axis_of_kind(t, STREAM)


def didx_axis(t: Type) -> int | None:
    return _axis_of_kind(t, DIDX)


def with_sharding(t: RankedTensorType, axes: Sequence[str], mesh: Sequence[int] | None) -> RankedTensorType:
    """`t` with the given axes and mesh; the encoding is dropped when it says
    nothing (all serial, default mesh)."""
    if all(a == SERIAL for a in axes) and mesh is None:
        return t.with_encoding(None)
    return t.with_encoding(ShardingAttr(axes, mesh))


def drop_axis(t: RankedTensorType, axis: int) -> RankedTensorType:
    """The type of one slice of `t` along `axis` (hir.alias_select's result)."""
    s = sharding(t)
    shape = t.shape[:axis] + t.shape[axis + 1:]
    axes = list(axes_of(t))
    del axes[axis]
    base = RankedTensorType(shape, t.element_type)
    return with_sharding(base, axes, s.mesh if s is not None else None)


def local_shape(t: RankedTensorType) -> tuple[int, ...]:
    """The shape one device of the mesh holds."""
    shape = list(t.shape)
    d = didx_axis(t)
    if d is not None:
        shape[d] //= len(mesh_of(t))
    return tuple(shape)


__all__ = ["ShardingAttr", "StreamType", "EventType", "RequestType", "parse_hir_attr", "parse_hir_type",
           "sharding", "axes_of", "mesh_of", "stream_axis", "didx_axis", "with_sharding", "drop_axis",
           "local_shape", "STREAM", "SERIAL", "DIDX"]
