"""Shardy's attributes as structured values that passes can read:
`#sdy.mesh<["x"=4, "y"=2], device_ids=[...]>`,
`#sdy.sharding<@mesh, [{"x"}, {"y", ?}p1], replicated={"z"}>`,
`#sdy.sharding_per_value<[<@mesh, ...>, ...]>`, `#sdy<manual_axes{"x"}>` and
the collectives' parameters (`#sdy<axis_ref_list{"x"}>`,
`#sdy<list_of_axis_ref_lists[{"x"}, {}]>`, `#sdy<all_to_all_param_list[{"x"}: 0->1]>`).

Each class parses its parameters (`parse_sdy_attr`, the dialect's
parse_attribute hook), verifies them (axis sizes, sub-axes, duplicate axes)
and prints Shardy's canonical form. A spelling that is not canonical (so
printing the parsed value would change the text) stays an opaque attribute,
so IR round-trips exactly as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.ir.attributes import Attribute, symbol_name_text

_NAME = r'"(?:[^"\\]|\\.)*"'
_TOKEN = re.compile(r'\s*(?:(' + _NAME + r')|(@(?:[A-Za-z_][\w$.]*|' + _NAME + r'))|(-?\d+)|(p\d+)|'
                    r'(device_ids|replicated|unreduced|manual_axes)|(->)|([\[\]{}<>(),=:?]))')


class _Err(Exception):
    pass


class _Lexer:
    def __init__(self, text: str):
        self.toks: list[tuple[str, str]] = []
        pos = 0
        text = text.rstrip()
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            if m is None or m.end() == pos:
                raise _Err(f"unexpected text at {pos}")
            assert m.lastindex is not None  # every alternative of _TOKEN is a group
            kind = ("str", "sym", "int", "prio", "kw", "arrow", "punct")[m.lastindex - 1]
            self.toks.append((kind, m.group(m.lastindex)))
            pos = m.end()
        self.i = 0

    def peek(self) -> tuple[str, str] | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, kind: str, value: str | None = None) -> str:
        t = self.peek()
        if t is None or t[0] != kind or (value is not None and t[1] != value):
            raise _Err(f"expected {value or kind}")
        self.i += 1
        return t[1]

    def accept(self, kind: str, value: str | None = None) -> str | None:
        t = self.peek()
        if t is not None and t[0] == kind and (value is None or t[1] == value):
            self.i += 1
            return t[1]
        return None

    def done(self) -> None:
        if self.peek() is not None:
            raise _Err("trailing text")


def unquote(s: str) -> str:
    """An axis name from its quoted spelling."""
    return s[1:-1].replace('\\"', '"').replace("\\\\", "\\")


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ---------------------------------------------------------------------------
# mesh

class MeshAttr(Attribute):
    """`#sdy.mesh<["x"=4, "y"=2], device_ids=[...]>`: `axes` is a tuple of
    (name, size); `device_ids` is () when absent (iota order)."""

    __slots__ = ("axes", "device_ids")

    def __new__(cls, axes: Sequence[tuple[str, int]], device_ids: Sequence[int] = ()) -> "MeshAttr":
        return cls._make((tuple((str(n), int(s)) for n, s in axes), tuple(device_ids)))

    def _init(self, axes: tuple, device_ids: tuple) -> None:
        self.axes, self.device_ids = axes, device_ids

    def axis_size(self, name: str) -> int | None:
        for n, s in self.axes:
            if n == name:
                return s
        return None

    @property
    def total_size(self) -> int:
        n = 1
        for _, s in self.axes:
            n *= s
        return n

    def body(self) -> str:
        s = "[" + ", ".join(f"{_quote(n)}={v}" for n, v in self.axes) + "]"
        if self.device_ids:
            s += ", device_ids=[" + ", ".join(map(str, self.device_ids)) + "]"
        return s

    def print_with(self, p: Any) -> str:
        return "#sdy.mesh<" + self.body() + ">"

    def verify(self) -> str | None:
        """Shardy's MeshAxisAttr::verify for each axis (checked as it is
        parsed), then MeshAttr::verify (the message, or None)."""
        for _, s in self.axes:
            if s <= 0:
                return f"axis size must be at least 1, got: {s}"
        for d in self.device_ids:
            if d < 0:
                return f"device id must be non-negative, got: {d}"
        if not self.axes:
            return "axes is empty and device_ids has more than one element" if len(self.device_ids) > 1 else None
        seen = set()
        for n, _ in self.axes:
            if n in seen:
                return f"duplicate axis name: \"{n}\""
            seen.add(n)
        if self.device_ids:
            if len(self.device_ids) != self.total_size:
                return (f"total product of axis sizes must match total number of device ids, got: "
                        f"{self.total_size} != {len(self.device_ids)}")
            ids = sorted(self.device_ids)
            if ids != list(range(len(ids))):
                return f"sorted device ids must be iota(product(axes)), got: {', '.join(map(str, ids))}"
        return None


def _parse_mesh_body(lx: _Lexer) -> MeshAttr:
    lx.take("punct", "[")
    axes = []
    if not lx.accept("punct", "]"):
        while True:
            name = unquote(lx.take("str"))
            lx.take("punct", "=")
            axes.append((name, int(lx.take("int"))))
            if lx.accept("punct", "]"):
                break
            lx.take("punct", ",")
    ids: list[int] = []
    if lx.accept("punct", ","):
        lx.take("kw", "device_ids")
        lx.take("punct", "=")
        lx.take("punct", "[")
        if not lx.accept("punct", "]"):
            while True:
                ids.append(int(lx.take("int")))
                if lx.accept("punct", "]"):
                    break
                lx.take("punct", ",")
    return MeshAttr(axes, ids)


# ---------------------------------------------------------------------------
# sharding

class AxisRef(tuple):
    """`"x"` or the sub-axis `"x":(pre)size`: (name, pre_size, size); the
    sub-axis fields are 0 for a full axis."""

    __slots__ = ()

    def __new__(cls, name: str, pre_size: int = 0, size: int = 0) -> "AxisRef":
        return tuple.__new__(cls, (name, pre_size, size))

    @property
    def name(self) -> str:
        return self[0]

    @property
    def is_sub_axis(self) -> bool:
        return self[2] != 0

    def text(self) -> str:
        s = _quote(self[0])
        if self.is_sub_axis:
            s += f":({self[1]}){self[2]}"
        return s


class DimSharding(tuple):
    """One dimension: (axes, is_closed, priority or None)."""

    __slots__ = ()

    def __new__(cls, axes: Sequence[AxisRef], is_closed: bool = True, priority: int | None = None) -> "DimSharding":
        return tuple.__new__(cls, (tuple(axes), bool(is_closed), priority))

    @property
    def axes(self) -> tuple[AxisRef, ...]:
        return self[0]

    @property
    def is_closed(self) -> bool:
        return self[1]

    @property
    def priority(self) -> int | None:
        return self[2]

    def text(self) -> str:
        parts = [a.text() for a in self.axes]
        if not self.is_closed:
            parts.append("?")
        s = "{" + ", ".join(parts) + "}"
        if self.priority is not None:
            s += f"p{self.priority}"
        return s


def _axis_list(lx: _Lexer, allow_open: bool) -> tuple[list[AxisRef], bool]:
    lx.take("punct", "{")
    axes: list[AxisRef] = []
    closed = True
    if lx.accept("punct", "}"):
        return axes, closed
    while True:
        if allow_open and lx.accept("punct", "?"):
            closed = False
            lx.take("punct", "}")
            return axes, closed
        name = unquote(lx.take("str"))
        if lx.accept("punct", ":"):
            lx.take("punct", "(")
            pre = int(lx.take("int"))
            lx.take("punct", ")")
            axes.append(AxisRef(name, pre, int(lx.take("int"))))
        else:
            axes.append(AxisRef(name))
        if lx.accept("punct", "}"):
            return axes, closed
        lx.take("punct", ",")


class ShardingAttr(Attribute):
    """`#sdy.sharding<@mesh, [{"x"}, {}], replicated={"y"}, unreduced={"z"}>`:
    `mesh` is the mesh symbol name (or an inline MeshAttr), `dims` one
    DimSharding per tensor dimension."""

    __slots__ = ("mesh", "dims", "replicated", "unreduced")

    def __new__(cls, mesh: "str | MeshAttr", dims: Sequence[DimSharding], replicated: Sequence[AxisRef] = (),
                unreduced: Sequence[AxisRef] = ()) -> "ShardingAttr":
        return cls._make((mesh, tuple(dims), tuple(replicated), tuple(unreduced)))

    def _init(self, mesh: Any, dims: tuple, replicated: tuple, unreduced: tuple) -> None:
        self.mesh, self.dims, self.replicated, self.unreduced = mesh, dims, replicated, unreduced

    def body(self) -> str:
        m = symbol_name_text(self.mesh) if isinstance(self.mesh, str) else self.mesh.print_with(None)
        s = m + ", [" + ", ".join(d.text() for d in self.dims) + "]"
        if self.replicated:
            s += ", replicated={" + ", ".join(a.text() for a in self.replicated) + "}"
        if self.unreduced:
            s += ", unreduced={" + ", ".join(a.text() for a in self.unreduced) + "}"
        return s

    def print_with(self, p: Any) -> str:
        return "#sdy.sharding<" + self.body() + ">"

    def axis_names(self) -> list[str]:
        """Every axis the sharding names (dimensions, replicated, unreduced)."""
        out = [a.name for d in self.dims for a in d.axes]
        return out + [a.name for a in self.replicated] + [a.name for a in self.unreduced]

    def verify(self) -> str | None:
        """Duplicate axis references (Shardy's verifier message)."""
        seen: set = set()
        for a in [a for d in self.dims for a in d.axes] + list(self.replicated) + list(self.unreduced):
            if a in seen:
                return f"duplicate axis ref: {a.text()}"
            seen.add(a)
        return None


def _parse_sharding_body(lx: _Lexer) -> ShardingAttr:
    nxt = lx.peek()
    if nxt is not None and nxt[0] == "sym":
        tok = lx.take("sym")
        mesh: Any = unquote(tok[1:]) if tok[1] == '"' else tok[1:]
    else:
        raise _Err("expected mesh symbol")
    lx.take("punct", ",")
    lx.take("punct", "[")
    dims = []
    if not lx.accept("punct", "]"):
        while True:
            axes, closed = _axis_list(lx, True)
            prio = lx.accept("prio")
            dims.append(DimSharding(axes, closed, int(prio[1:]) if prio else None))
            if lx.accept("punct", "]"):
                break
            lx.take("punct", ",")
    repl: list[AxisRef] = []
    unred: list[AxisRef] = []
    while lx.accept("punct", ","):
        kw = lx.take("kw")
        lx.take("punct", "=")
        axes, _ = _axis_list(lx, False)
        if kw == "replicated":
            repl = axes
        elif kw == "unreduced":
            unred = axes
        else:
            raise _Err("unexpected keyword")
    return ShardingAttr(mesh, dims, repl, unred)


class ShardingPerValueAttr(Attribute):
    """`#sdy.sharding_per_value<[<@mesh, [...]>, ...]>`: one ShardingAttr per value."""

    __slots__ = ("shardings",)

    def __new__(cls, shardings: Sequence[ShardingAttr]) -> "ShardingPerValueAttr":
        return cls._make((tuple(shardings),))

    def _init(self, shardings: tuple) -> None:
        self.shardings = shardings

    def body(self) -> str:
        return "[" + ", ".join("<" + s.body() + ">" for s in self.shardings) + "]"

    def print_with(self, p: Any) -> str:
        return "#sdy.sharding_per_value<" + self.body() + ">"


def _parse_per_value_body(lx: _Lexer) -> ShardingPerValueAttr:
    lx.take("punct", "[")
    out = []
    if not lx.accept("punct", "]"):
        while True:
            lx.take("punct", "<")
            out.append(_parse_sharding_body(lx))
            lx.take("punct", ">")
            if lx.accept("punct", "]"):
                break
            lx.take("punct", ",")
    return ShardingPerValueAttr(out)


class ManualAxesAttr(Attribute):
    """`#sdy<manual_axes{"x", "y"}>`"""

    __slots__ = ("axes",)

    def __new__(cls, axes: Sequence[str]) -> "ManualAxesAttr":
        return cls._make((tuple(axes),))

    def _init(self, axes: tuple) -> None:
        self.axes = axes

    def body(self) -> str:
        return "{" + ", ".join(_quote(a) for a in self.axes) + "}"

    def print_with(self, p: Any) -> str:
        return "#sdy<manual_axes" + self.body() + ">"


def _parse_manual_axes_body(lx: _Lexer) -> ManualAxesAttr:
    axes, _ = _axis_list(lx, False)
    if any(a.is_sub_axis for a in axes):
        raise _Err("sub-axes are not manual axes")
    return ManualAxesAttr([a.name for a in axes])


# ---------------------------------------------------------------------------
# collective parameters: `#sdy<axis_ref_list{"x"}>`,
# `#sdy<list_of_axis_ref_lists[{"x"}, {}]>`, `#sdy<all_to_all_param_list[{"x"}: 0->1]>`

def _axes_text(axes: Sequence[AxisRef]) -> str:
    return "{" + ", ".join(a.text() for a in axes) + "}"


class AxisRefListAttr(Attribute):
    """`#sdy<axis_ref_list{"x", "y":(1)2}>` (all_reduce's reduction axes)."""

    __slots__ = ("axes",)

    def __new__(cls, axes: Sequence[AxisRef]) -> "AxisRefListAttr":
        return cls._make((tuple(axes),))

    def _init(self, axes: tuple) -> None:
        self.axes = axes

    def body(self) -> str:
        return _axes_text(self.axes)

    def print_with(self, p: Any) -> str:
        return "#sdy<axis_ref_list" + self.body() + ">"


class ListOfAxisRefListsAttr(Attribute):
    """`#sdy<list_of_axis_ref_lists[{"x"}, {}]>`: axes per dimension
    (all_gather, all_slice, reduce_scatter)."""

    __slots__ = ("lists",)

    def __new__(cls, lists: Sequence[Sequence[AxisRef]]) -> "ListOfAxisRefListsAttr":
        return cls._make((tuple(tuple(a) for a in lists),))

    def _init(self, lists: tuple) -> None:
        self.lists = lists

    def body(self) -> str:
        return "[" + ", ".join(_axes_text(a) for a in self.lists) + "]"

    def print_with(self, p: Any) -> str:
        return "#sdy<list_of_axis_ref_lists" + self.body() + ">"


class AllToAllParam(tuple):
    """`{"x"}: 0->1`: (axes, src_dim, tgt_dim)."""

    __slots__ = ()

    def __new__(cls, axes: Sequence[AxisRef], src_dim: int, tgt_dim: int) -> "AllToAllParam":
        return tuple.__new__(cls, (tuple(axes), int(src_dim), int(tgt_dim)))

    def text(self) -> str:
        return f"{_axes_text(self[0])}: {self[1]}->{self[2]}"


class AllToAllParamListAttr(Attribute):
    """`#sdy<all_to_all_param_list[{"x"}: 0->1, ...]>`"""

    __slots__ = ("params",)

    def __new__(cls, params: Sequence[AllToAllParam]) -> "AllToAllParamListAttr":
        return cls._make((tuple(params),))

    def _init(self, params: tuple) -> None:
        self.params = params

    def body(self) -> str:
        return "[" + ", ".join(p.text() for p in self.params) + "]"

    def print_with(self, p: Any) -> str:
        return "#sdy<all_to_all_param_list" + self.body() + ">"


def _bracketed(lx: _Lexer, item: Any) -> list:
    lx.take("punct", "[")
    out: list = []
    if lx.accept("punct", "]"):
        return out
    while True:
        out.append(item(lx))
        if lx.accept("punct", "]"):
            return out
        lx.take("punct", ",")


def _parse_axis_ref_list(lx: _Lexer) -> AxisRefListAttr:
    return AxisRefListAttr(_axis_list(lx, False)[0])


def _parse_list_of_lists(lx: _Lexer) -> ListOfAxisRefListsAttr:
    return ListOfAxisRefListsAttr(_bracketed(lx, lambda x: _axis_list(x, False)[0]))


def _param(lx: _Lexer) -> AllToAllParam:
    axes, _ = _axis_list(lx, False)
    lx.take("punct", ":")
    src = int(lx.take("int"))
    lx.take("arrow")
    return AllToAllParam(axes, src, int(lx.take("int")))


def _parse_all_to_all(lx: _Lexer) -> AllToAllParamListAttr:
    return AllToAllParamListAttr(_bracketed(lx, _param))


_FORMS = (("#sdy.mesh<", _parse_mesh_body), ("#sdy.sharding<", _parse_sharding_body),
          ("#sdy.sharding_per_value<", _parse_per_value_body), ("#sdy<manual_axes", _parse_manual_axes_body),
          ("#sdy<axis_ref_list", _parse_axis_ref_list), ("#sdy<list_of_axis_ref_lists", _parse_list_of_lists),
          ("#sdy<all_to_all_param_list", _parse_all_to_all))
# MLIR always reprints these canonically; the older forms above stay opaque
# when not canonical (their spelling round-trips as it was)
_CANONICALIZED = ("#sdy<axis_ref_list", "#sdy<list_of_axis_ref_lists", "#sdy<all_to_all_param_list")


def parse_sdy_attr(text: str, canonical_only: bool = True) -> Attribute | None:
    """The dialect's parse_attribute hook: a structured attribute, or None
    (kept opaque) for other `#sdy` attributes and non-canonical spellings
    (unless `canonical_only` is false)."""
    if text.startswith("#sdy.propagation_edges<"):
        return _parse_propagation_edges(text)
    for prefix, parse in _FORMS:
        if text.startswith(prefix) and text.endswith(">"):
            body = text[len(prefix):-1]
            try:
                lx = _Lexer(body)
                v = parse(lx)
                lx.done()
            except (_Err, ValueError):
                return None
            if v.text == text or prefix in _CANONICALIZED or not canonical_only or _same_tokens(v.text, prefix, lx):
                return v
            return None
    return None


def _same_tokens(canonical: str, prefix: str, lx: _Lexer) -> bool:
    """Whether the input differs from the canonical spelling only in
    whitespace (tabs, line breaks, extra spaces), which MLIR's lexer drops."""
    if not (canonical.startswith(prefix) and canonical.endswith(">")):
        return False
    try:
        return _Lexer(canonical[len(prefix):-1]).toks == lx.toks
    except _Err:
        return False


def from_body(prefix: str, body: str) -> Attribute | None:
    """Parse `prefix + body + '>'` (custom op forms spell the bodies only)."""
    return parse_sdy_attr(prefix + body + ">")


def _parse_propagation_edges(text: str) -> Attribute | None:
    from hlopt.dialects.sdy import propagation_edges as pe

    try:
        v = pe.parse(text)
    except pe.EdgesError as e:
        from hlopt.syntax import SyntaxErr

        # the attribute verifier's errors are reported at the `<`, syntax errors at their token
        raise SyntaxErr(str(e), len(pe.PREFIX) + (-1 if e.offset is None else e.offset)) from None
    return v  # MLIR reprints it canonically, whatever the spelling
