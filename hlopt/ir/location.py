"""Location attributes: `loc(...)` in all of MLIR's forms."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hlopt.ir.attributes import Attribute, escape_string


class Location(Attribute):
    __slots__ = ()

    def _init(self, *key: Any) -> None:
        self.has_alias_parts = True

    def print_with(self, p: Any) -> str:
        return "loc(" + self.body(p) + ")"

    def body(self, p: Any) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def children(self) -> Sequence["Location"]:
        return ()


def _ref(loc: Location, p: Any) -> str:
    """A nested location: its alias if the printer gave it one."""
    if p is not None:
        alias = p.alias_of(loc)
        if alias is not None:
            return alias
    return loc.body(p)


class UnknownLoc(Location):
    __slots__ = ()

    def __new__(cls) -> "UnknownLoc":
        return cls._make(())

    def body(self, p: Any) -> str:
        return "unknown"


class FileLineColLoc(Location):
    __slots__ = ("filename", "line", "column", "end")

    def __new__(cls, filename: bytes | str, line: int, column: int, end: str = "") -> "FileLineColLoc":
        if isinstance(filename, str):
            filename = filename.encode("utf-8", "surrogateescape")
        return cls._make((filename, line, column, end))

    def _init(self, filename, line, column, end) -> None:
        super()._init()
        self.filename, self.line, self.column, self.end = filename, line, column, end

    def body(self, p: Any) -> str:
        # `end` keeps the input spelling (" to :C" / " to L:C"), which MLIR stores
        # as distinct attributes, but it prints by value: nothing when the range
        # is empty, " to :C" when it stays on the start line
        end = self.end
        if end:
            el, _, ec = end[4:].rpartition(":")
            el = int(el) if el else self.line
            if el == self.line:
                end = "" if int(ec) == self.column else f" to :{ec}"
            else:
                end = f" to {el}:{ec}"
        return f"{escape_string(self.filename)}:{self.line}:{self.column}{end}"


class NameLoc(Location):
    __slots__ = ("name", "child")

    def __new__(cls, name: bytes | str, child: Location | None = None) -> "NameLoc":
        if isinstance(name, str):
            name = name.encode("utf-8", "surrogateescape")
        return cls._make((name, child if child is not None else UnknownLoc()))

    def _init(self, name, child) -> None:
        super()._init()
        self.name, self.child = name, child

    def children(self) -> Sequence[Location]:
        return (self.child,)

    def body(self, p: Any) -> str:
        s = escape_string(self.name)
        if isinstance(self.child, UnknownLoc):
            return s
        return f"{s}({_ref(self.child, p)})"


class CallSiteLoc(Location):
    __slots__ = ("callee", "caller")

    def __new__(cls, callee: Location, caller: Location) -> "CallSiteLoc":
        return cls._make((callee, caller))

    def _init(self, callee, caller) -> None:
        # Location._init inlined: inlining deep call chains makes many of these
        self.has_alias_parts = True
        self.callee, self.caller = callee, caller

    def children(self) -> Sequence[Location]:
        return (self.callee, self.caller)

    def body(self, p: Any) -> str:
        return f"callsite({_ref(self.callee, p)} at {_ref(self.caller, p)})"


class FusedLoc(Location):
    __slots__ = ("locations", "metadata")

    def __new__(cls, locations: Sequence[Location], metadata: Attribute | None = None) -> "FusedLoc":
        return cls._make((tuple(locations), metadata))

    def _init(self, locations, metadata) -> None:
        super()._init()
        self.locations, self.metadata = locations, metadata

    def children(self) -> Sequence[Location]:
        return self.locations

    def body(self, p: Any) -> str:
        meta = ""
        if self.metadata is not None:
            meta = "<" + (self.metadata.text if p is None else p.attr_text(self.metadata)) + ">"
        return "fused" + meta + "[" + ", ".join(_ref(loc, p) for loc in self.locations) + "]"


def fuse(locations: Sequence[Location]) -> Location:
    """MLIR's FusedLoc::get without metadata: nested metadata-free fusions
    flattened, unknown locations dropped, duplicates kept once; one location
    stays itself and none is unknown."""
    out: list[Location] = []
    for loc in locations:
        for x in (loc.locations if isinstance(loc, FusedLoc) and loc.metadata is None else (loc,)):
            if not isinstance(x, UnknownLoc) and x not in out:
                out.append(x)
    if not out:
        return UnknownLoc()
    return out[0] if len(out) == 1 else FusedLoc(out)


class OpaqueLoc(Location):
    """Location forms hlopt keeps verbatim (dialect-specific)."""

    __slots__ = ("spelling",)

    def __new__(cls, spelling: str) -> "OpaqueLoc":
        return cls._make((spelling,))

    def _init(self, spelling) -> None:
        super()._init()
        self.spelling = spelling

    def body(self, p: Any) -> str:
        return self.spelling


UNKNOWN = UnknownLoc()


def fused(locations: Sequence[Location], metadata: Attribute | None = None) -> Location:
    """MLIR's FusedLoc::get: flattens nested fused locations with the same
    metadata, drops unknown locations and duplicates, and returns the single
    location (no metadata) or `unknown` (nothing left, no metadata)."""
    out: dict[Location, None] = {}
    for loc in locations:
        if isinstance(loc, FusedLoc) and loc.metadata == metadata:
            for sub in loc.locations:
                out.setdefault(sub, None)
        elif not isinstance(loc, UnknownLoc):
            out.setdefault(loc, None)
    locs = list(out)
    if not locs:
        return UNKNOWN if metadata is None else FusedLoc([UNKNOWN], metadata)
    if len(locs) == 1 and metadata is None:
        return locs[0]
    return FusedLoc(locs, metadata)


def stack_locations(callee: Location, caller: Location) -> Location:
    """MLIR's stackLocations: `caller` goes under the innermost caller of
    `callee`'s call-site chain, so callsite(a at b) inlined at c is
    callsite(a at callsite(b at c)), whatever the order of the inlinings."""
    chain: list[CallSiteLoc] = []
    last = callee
    while isinstance(last, CallSiteLoc):
        chain.append(last)
        last = last.caller
    make = CallSiteLoc._make  # CallSiteLoc(callee, caller) without __new__'s frame
    loc: Location = make((last, caller))
    for c in reversed(chain):
        loc = make((c.callee, loc))
    return loc


def _resolve(loc: Any) -> Location:
    return loc if isinstance(loc, Location) else loc.location()


class StackedLoc:
    """`stack_locations(inner, caller)`, built when first read.

    Inlining an op N calls deep stacks N call sites under its location, each
    at the bottom of the chain: building every intermediate chain (as MLIR
    does) costs the chain's depth per inlining, N^2/2 locations for a chain
    of calls. An op's location here is a lazy value (like the parser's
    source positions: `Operation.location` resolves it), one per inlining;
    reading it builds only the final chain, whose outer part the ops inlined
    at the same call sites share. `inner` and `caller` are locations or
    lazy ones."""

    __slots__ = ("inner", "caller", "_loc")

    def __init__(self, inner: Any, caller: Any):
        self.inner, self.caller = inner, caller
        self._loc: Location | None = None

    def location(self) -> Location:
        loc = self._loc
        if loc is not None:
            return loc
        callers = []  # outermost first
        cur: Any = self
        while isinstance(cur, StackedLoc) and cur._loc is None:
            callers.append(cur.caller)
            cur = cur.inner
        # stack(stack(x, c1), c2) = stack(x, stack(c1, c2)): stack the callers
        # onto each other from the outermost, then the base onto them
        tail = _resolve(callers[0])
        for c in callers[1:]:
            tail = stack_locations(_resolve(c), tail)
        loc = self._loc = stack_locations(_resolve(cur), tail)
        return loc
