"""MLIR bytecode -> IR, built directly (no module-sized text in between).

The IR section is walked once and Operations, Blocks, Regions and Values
are made as the text parser's session makes them (same constructors, same
forward-reference replacement, same split of inherent attributes), so the
printed module is the one the text path gives. Attributes, types and
locations are decoded once per entry of the file's (deduplicated) tables
and the object is shared by every op that names the entry; an entry's
value is built from its textual spelling (the builtin and dialect
encodings yield MLIR's spelling), cached per entry, so each distinct
attribute reaches the attribute grammar once.

Files this builder does not handle (formats before native properties,
whose segment sizes move out of the attribute dictionary, and dialects that
rewrite ops as they are read, VHLO) go through the text path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hlopt.ir.core import Block, IRError, Operation, Region, Value
from hlopt.ir.location import CallSiteLoc, FileLineColLoc, Location, NameLoc, UnknownLoc
from hlopt.syntax.bytecode.reader import (
    ELIDE_UNKNOWN_BLOCK_ARG_LOCATION,
    HAS_ATTRS,
    HAS_INLINE_REGIONS,
    HAS_OPERANDS,
    HAS_PROPERTIES,
    HAS_RESULTS,
    HAS_SUCCESSORS,
    HAS_USE_LIST_ORDERS,
    LAZY_LOADING,
    NATIVE_PROPERTIES,
    S_IR,
    USE_LIST_ORDERING,
    BytecodeFile,
    skip_use_lists,
)
from hlopt.syntax.bytecode.stream import BytecodeError, Stream
from hlopt.syntax.parser import ForwardRef, ParseError, ParseSession, parse_source
from hlopt.syntax.source import Source


def needs_text_path(f: BytecodeFile) -> bool:
    """Whether the file needs the text path (see the module docstring)."""
    if f.version < NATIVE_PROPERTIES:
        return True
    seen = set()
    for name, _ in f.op_names:
        d = f.op_dialect(name)
        if d.name not in seen:
            seen.add(d.name)
            if getattr(d.hooks(), "convert_op", None) is not None:
                return True
    return False


def read_module(f: BytecodeFile, allow_unregistered: bool = True) -> tuple[Operation, list[str]]:
    """The module of a decoded bytecode file, and its resources (texts as
    the text parser returns them). Raises BytecodeError."""
    if needs_text_path(f):
        return parse_source(Source(f.name, f.to_text()), allow_unregistered)
    return _Builder(f, allow_unregistered).module()


class _Scope:
    """The values of one isolated-from-above scope by bytecode index
    (MLIR's ValueScope): nested regions take slots after their parent's
    and give them back when they end. A slot used before its definition
    holds a ForwardRef, replaced when the value is defined."""

    __slots__ = ("values", "next", "starts")

    def __init__(self) -> None:
        self.values: list[Value | None] = []
        self.next: list[int] = []
        self.starts: list[int] = []

    def push(self, n: int) -> None:
        self.starts.append(len(self.values))
        self.next.append(len(self.values))
        self.values.extend([None] * n)

    def pop(self, at: int) -> None:
        start = self.starts.pop()
        for v in self.values[start:]:
            if v is not None and type(v) is ForwardRef:
                raise BytecodeError(f"value #{self.values.index(v)} is used but never defined", at)
        del self.values[start:]
        self.next.pop()

    def fill(self, i: int, v: Value) -> None:
        """Define slot `i`, reserved earlier by define(None)."""
        old = self.values[i]
        self.values[i] = v
        if old is not None:
            old.replace_all_uses_with(v)

    def define(self, v: Value | None) -> None:
        i = self.next[-1]
        values = self.values
        if i >= len(values):  # only the top-level block declares no count
            values.append(None)
        old = values[i]
        self.next[-1] = i + 1
        if v is None:  # a result slot reserved until its op is made: fill() replaces a forward reference in it
            return
        values[i] = v
        if old is not None:  # a forward reference (graph regions, successor blocks)
            old.replace_all_uses_with(v)

    def use(self, i: int, at: int) -> Value:
        values = self.values
        if i >= len(values):
            raise BytecodeError(f"invalid value index: {i}", at)
        v = values[i]
        if v is None:
            # its type is not known here: the definition replaces this placeholder before anything reads it
            v = values[i] = ForwardRef(None)  # type: ignore[arg-type]
        return v


class _Builder:
    def __init__(self, f: BytecodeFile, allow_unregistered: bool):
        self.f = f
        self.session = ParseSession(Source(f.name, ""), allow_unregistered)
        n_attrs, n_types = len(f.attr_entries), len(f.type_entries)
        self.types: list[Any] = [None] * n_types
        self.locs: list[Any] = [None] * n_attrs
        self.dicts: list[Any] = [None] * n_attrs
        self.props: dict[tuple[str, int], Any] = {}
        self.plain: dict[int, str | None] = {}
        self.ops: list[tuple[str, bool] | None] = [None] * len(f.op_names)
        self.data = f.data

    # -- table entries, decoded once each -----------------------------------
    def _decode(self, kind: str, text: str, at: int) -> Any:
        try:
            return self.session.decode(kind, text, 0)
        except ParseError as e:
            raise BytecodeError(f"cannot read the {kind} '{text[:80]}': {e.message}", at) from None
        except IRError as e:
            raise BytecodeError(f"cannot read the {kind} '{text[:80]}': {e.message}", at) from None

    def type(self, i: int, at: int) -> Any:
        types = self.types
        if i >= len(types):
            raise BytecodeError(f"invalid type index: {i}", at)
        t = types[i]
        if t is None:
            t = types[i] = self._decode("type", self.f.type(i), self.f.type_entries[i][1])
        return t

    def loc(self, i: int, at: int) -> Location:
        locs = self.locs
        if i >= len(locs):
            raise BytecodeError(f"invalid attribute index: {i}", at)
        v = locs[i]
        if v is None:
            v = self._struct_loc(i)
            if v is not None:
                locs[i] = v
                return v
            text = self.f.attr(i)
            if not text.startswith("loc("):
                text = "loc(" + text + ")"
            v = self._decode("attr", text, self.f.attr_entries[i][1])
            if not isinstance(v, Location):
                raise BytecodeError(f"expected a location, got '{text[:80]}'", at)
            locs[i] = v
        return v

    def _struct_loc(self, i: int) -> Location | None:
        """Builtin locations from their records (no text): file:line:col,
        names, call sites and unknown, the bulk of a file's table.
        None: anything else, read through its text."""
        d, start, end, custom = self.f.attr_entries[i]
        if not custom or d.name != "builtin":
            return None
        s = Stream(self.data, start, end)
        code = s.varint()
        v: Location
        if code == 11:  # FileLineColLoc
            name = self._plain_string(s.varint())
            if name is None:
                return None
            v = FileLineColLoc(name, s.varint(), s.varint())
        elif code == 14:  # NameLoc
            name = self._plain_string(s.varint())
            if name is None:
                return None
            v = NameLoc(name, self.loc(s.varint(), start))
        elif code == 10:  # CallSiteLoc
            v = CallSiteLoc(self.loc(s.varint(), start), self.loc(s.varint(), start))
        elif code == 15:
            v = UnknownLoc()
        else:
            return None
        if not s.empty():
            raise BytecodeError("trailing bytes after the attribute of dialect 'builtin'", s.pos)
        return v

    def _plain_string(self, i: int) -> str | None:
        """The value of a builtin StringAttr entry without a type (file
        names: one entry shared by many locations, read once)."""
        plain = self.plain
        if i not in plain:
            plain[i] = self._read_plain_string(i)
        return plain[i]

    def _read_plain_string(self, i: int) -> str | None:
        entries = self.f.attr_entries
        if i >= len(entries):
            raise BytecodeError(f"invalid attribute index: {i}", 0)
        d, start, end, custom = entries[i]
        if not custom or d.name != "builtin":
            return None
        s = Stream(self.data, start, end)
        if s.varint() != 2:
            return None
        out = self.f.string(s.varint(), s)
        return out if s.empty() else None

    def attr_dict(self, i: int, at: int) -> Any:
        dicts = self.dicts
        if i >= len(dicts):
            raise BytecodeError(f"invalid attribute index: {i}", at)
        v = dicts[i]
        if v is None:
            text = self.f.attr(i)
            if not text or text == "{}":
                v = False  # no discardable attributes
            else:
                try:
                    v = self.session.decode_dict_text(text, 0)
                except ParseError as e:
                    raise BytecodeError(f"cannot read the attribute dictionary '{text[:80]}': {e.message}",
                                        self.f.attr_entries[i][1]) from None
            dicts[i] = v
        return v or None

    def properties(self, name: str, registered: bool, i: int, s: Stream) -> Any:
        key = (name, i)
        v = self.props.get(key, False)
        if v is False:
            at = s.pos
            entries = self.f.read_properties(name, registered, i, s)
            if isinstance(entries, list):
                from hlopt.ir.attributes import keyword_or_string

                entries = ", ".join(f"{keyword_or_string(k)} = {val}" for k, val in entries)
            if not entries:
                v = None
            else:
                try:
                    v = self.session.decode_dict_text("{" + entries + "}", 0)
                except ParseError as e:
                    raise BytecodeError(f"cannot read the properties of op '{name}': {e.message}", at) from None
            self.props[key] = v
        return v

    def op_name(self, idx: int, at: int) -> tuple[str, bool]:
        if idx >= len(self.ops):
            raise BytecodeError(f"invalid operation name index: {idx}", at)
        entry = self.ops[idx]
        if entry is None:
            entry = self.f.op_names[idx]
            try:
                self.session.check_dialect(entry[0], 0)
            except ParseError as e:
                raise BytecodeError(f"op '{entry[0]}': {e.message}", at) from None
            self.ops[idx] = entry
        return entry

    # -- IR ----------------------------------------------------------------------
    def module(self) -> tuple[Operation, list[str]]:
        f = self.f
        start, end = f.sections[S_IR]
        s = Stream(f.data, start, end)
        n_ops, has_args = s.varint_flag()
        if has_args:
            raise BytecodeError("the top-level block of the IR section has arguments", s.pos)
        scope = _Scope()
        scope.push(0)
        top = Block()
        for _ in range(n_ops):
            top.append(self._op(s, scope, ()))
        scope.pop(s.pos)
        resources: list[str] = []
        text = f.resources_text()
        if text:  # the `{-# ... #-}` section, read as the text parser reads it
            _, resources = parse_source(Source(f.name, text), True)
        ops = top.ops_list()
        if len(ops) == 1 and ops[0].name == "builtin.module":
            module = ops[0]
            module.detach()
            return module, resources
        # MLIR gives the implicit module the location file:0:0
        module = Operation("builtin.module", regions=1, location=FileLineColLoc(f.name, 0, 0))
        body = module.regions[0].add_block()
        for op in ops:
            op.detach()
            body.append(op)
        return module, resources

    def _op(self, s: Stream, scope: _Scope, blocks: Any) -> Operation:
        at = s.pos
        varint = s.varint
        name, registered = self.op_name(varint(), at)
        mask = s.byte()
        i = varint()
        loc = self.locs[i] if i < len(self.locs) else None
        if loc is None:
            loc = self.loc(i, s.pos)
        attrs = self.attr_dict(varint(), s.pos) if mask & HAS_ATTRS else None
        props = self.properties(name, registered, varint(), s) if mask & HAS_PROPERTIES else None
        res_types: Sequence[Any] = ()  # (shared empty tuples: no list made for the common empty case)
        if mask & HAS_RESULTS:
            types = self.types
            rts: list[Any] = []
            for i in s.varints(varint()):
                t = types[i] if i < len(types) else None
                rts.append(t if t is not None else self.type(i, s.pos))
            res_types = rts
        operands: Sequence[Value] = ()
        if mask & HAS_OPERANDS:
            values = scope.values
            vals: list[Value] = []
            for i in s.varints(varint()):
                v = values[i] if i < len(values) else None
                vals.append(v if v is not None else scope.use(i, s.pos))
            operands = vals
        succs: Sequence[Block] = ()
        if mask & HAS_SUCCESSORS:
            bs: list[Block] = []
            for _ in range(varint()):
                b = varint()
                if b >= len(blocks):
                    raise BytecodeError(f"invalid successor index: {b}", s.pos)
                bs.append(blocks[b])
            succs = bs
        if mask & HAS_USE_LIST_ORDERS:
            # uses are kept in the order they are made, as the text path does
            skip_use_lists(s, len(res_types))
        if attrs is not None:
            props, attrs = self.session.split_attrs(name, props, attrs)
        if not mask & HAS_INLINE_REGIONS:
            try:
                op = Operation(name, operands, res_types, props, attrs, (), succs, loc)
            except IRError as e:
                raise BytecodeError(f"op '{name}': {e.message}", at) from None
            define = scope.define
            for r in op.results:
                define(r)
            return op
        # The text parser makes an op once its regions are read (so uses
        # inside them come first in the use lists); the results' slots come
        # before the regions' values, so they are held by placeholders.
        first = scope.next[-1]
        for _ in res_types:
            scope.define(None)
        n_regions, isolated = s.varint_flag()
        regions = [Region() for _ in range(n_regions)]
        rs, inner = s, scope
        if isolated:
            inner = _Scope()
            if self.f.version >= LAZY_LOADING:
                sat = s.pos
                sid, start, end = s.section()
                if sid != S_IR:
                    raise BytecodeError(f"expected IR section for an isolated region, got: {sid}", sat)
                rs = Stream(self.data, start, end)
        for rg in regions:
            self._region(rs, inner, rg)
        try:
            op = Operation(name, operands, res_types, props, attrs, regions, succs, loc)
        except IRError as e:
            raise BytecodeError(f"op '{name}': {e.message}", at) from None
        for k, r in enumerate(op.results):
            scope.fill(first + k, r)
        return op

    def _region(self, s: Stream, scope: _Scope, region: Region) -> None:
        n_blocks = s.varint()
        if n_blocks == 0:
            return
        scope.push(s.varint())
        blocks = [region.add_block() for _ in range(n_blocks)]
        new_args = self.f.version >= ELIDE_UNKNOWN_BLOCK_ARG_LOCATION
        for b in blocks:
            n_ops, has_args = s.varint_flag()
            if has_args:
                n_args = s.varint()
                for _ in range(n_args):
                    if new_args:
                        t, has_loc = s.varint_flag()
                        loc = self.loc(s.varint(), s.pos) if has_loc else self._unknown()
                    else:
                        t = s.varint()
                        loc = self.loc(s.varint(), s.pos)
                    scope.define(b.add_argument(self.type(t, s.pos), loc))
                if self.f.version >= USE_LIST_ORDERING and s.byte():
                    skip_use_lists(s, n_args)
            append = b.append
            for _ in range(n_ops):
                append(self._op(s, scope, blocks))
        scope.pop(s.pos)

    def _unknown(self) -> Location:
        return UnknownLoc()
