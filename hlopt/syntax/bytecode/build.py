"""MLIR bytecode -> IR, built directly (no module-sized text in between).

The IR section is walked once and Operations, Blocks, Regions and Values
are made as the text parser's session makes them (same constructors, same
forward-reference replacement, same split of inherent attributes), so the
printed module is the one the text path gives. Attributes, types and
locations are decoded once per entry of the file's (deduplicated) tables
and the object is shared by every op that names the entry: builtin
entries from their records (objects.py, and locations here), other
dialects' from their spelling (the dialect encodings yield MLIR's), so
only those reach the attribute grammar, once each.

Use-list orders are applied once the IR is built (apply_use_list_orders):
a value's uses come in the order MLIR's reader gives them, reversed (hlopt
lists the oldest use first, MLIR the newest).

In formats before native properties, segment sizes move from the
attribute dictionary to the properties. Ops of dialects that convert ops
as they are read (VHLO -> StableHLO) are rewritten before they are built,
on the spellings the text path prints (so both paths give the same op),
by the dialect's `convert_op`: each distinct record (op name, property
and attribute entries, parent op) is rewritten and decoded once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hlopt.ir.attributes import DictionaryAttr
from hlopt.ir.core import Block, IRError, Operation, Region, Value
from hlopt.ir.location import CallSiteLoc, FileLineColLoc, Location, NameLoc, UnknownLoc
from hlopt.ir.opdef import lookup_op
from hlopt.syntax.bytecode.objects import BuiltinObjects
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
    read_ods_properties,
    read_use_lists,
    split_segment_sizes,
)
from hlopt.syntax.bytecode.stream import BytecodeError, Stream
from hlopt.syntax.bytecode.use_lists import apply_use_list_orders
from hlopt.syntax.parser import ForwardRef, ParseError, ParseSession, parse_source
from hlopt.syntax.source import Source

_SEGMENTS = ("operandSegmentSizes", "resultSegmentSizes")


def read_module(f: BytecodeFile, allow_unregistered: bool = True) -> tuple[Operation, list[str]]:
    """The module of a decoded bytecode file, and its resources (texts as
    the text parser returns them). Raises BytecodeError."""
    return _Builder(f, allow_unregistered).module()


class _Scope:
    """The values of one isolated-from-above scope by bytecode index
    (MLIR's ValueScope): nested regions take slots after their parent's
    and give them back when they end. A slot used before its definition
    holds a ForwardRef, replaced when the value is defined."""

    __slots__ = ("values", "next", "starts", "resolved")

    def __init__(self, resolved: list[Value]) -> None:
        self.values: list[Value | None] = []
        self.next: list[int] = []
        self.starts: list[int] = []
        self.resolved = resolved  # values that took a forward reference's uses

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
            self.resolved.append(v)

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
            self.resolved.append(v)

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
        n_attrs = len(f.attr_entries)
        # builtin entries built from their records, others from their text
        self.objects = BuiltinObjects(f, self._text_attr, self._text_type)
        self.types: list[Any] = self.objects.types
        self.locs: list[Any] = [None] * n_attrs
        self.props: dict[tuple[str, int], Any] = {}
        self.plain: dict[int, str | None] = {}
        self.ops: list[tuple[str, bool] | None] = [None] * len(f.op_names)
        # per op name: its dialect's convert_op hook (None: built as read)
        self.converts: list[Any] = [False] * len(f.op_names)
        self.legacy = f.version < NATIVE_PROPERTIES
        self.rewritten: dict[tuple, tuple[str, Any, Any]] = {}
        self.legacy_split: dict[Any, tuple[Any, Any]] = {}
        self.split: dict[tuple, tuple[Any, Any]] = {}
        self.checked: set[str] = set()
        self.data = f.data
        # use-list orders: (value, indices, index-pair encoding, offset),
        # and the values whose uses may not be in the order MLIR's reader
        # gives without one (see apply_use_list_orders)
        self.orders: list[tuple[Value, list[int], bool, int]] = []
        self.unsorted: list[Value] = []

    # -- table entries, decoded once each -----------------------------------
    def _decode(self, kind: str, text: str, at: int) -> Any:
        try:
            return self.session.decode(kind, text, 0)
        except ParseError as e:
            raise BytecodeError(f"cannot read the {kind} '{text[:80]}': {e.message}", at) from None
        except IRError as e:
            raise BytecodeError(f"cannot read the {kind} '{text[:80]}': {e.message}", at) from None

    def type(self, i: int, at: int) -> Any:
        return self.objects.type(i, at)

    def _text_type(self, i: int) -> Any:
        return self._decode("type", self.f.type(i), self.f.type_entries[i][1])

    def _text_attr(self, i: int) -> Any:
        return self._decode("attr", self.f.attr(i), self.f.attr_entries[i][1])

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
        v = self.objects.attr(i, at)
        if type(v) is not DictionaryAttr:
            raise BytecodeError(f"expected an attribute dictionary, got '{v.text[:80]}'", self.f.attr_entries[i][1])
        return v if v.entries else None

    def properties(self, name: str, registered: bool, i: int, s: Stream) -> Any:
        key = (name, i)
        v = self.props.get(key, False)
        if v is False:
            v = self.props[key] = self._properties(name, registered, i, s)
        return v

    def _properties(self, name: str, registered: bool, i: int, s: Stream) -> Any:
        """An op's native properties, from objects: an unregistered op's
        dictionary, or the attributes of an ODS op's declared properties.
        Ops whose dialect reads its own properties go through their text."""
        f = self.f
        if i >= len(f.properties):
            raise BytecodeError(f"invalid properties index: {i}", s.pos)
        start, end = f.properties[i]
        ps = Stream(self.data, start, end)
        r = self.objects.reader(ps)
        entries: Any = None
        if not registered:
            v = r.attribute()
            if type(v) is DictionaryAttr:
                entries = v.entries
        elif getattr(f.op_dialect(name).hooks(), "read_properties", None) is None:
            opdef = lookup_op(name)
            if opdef is None or not opdef.declared:
                raise BytecodeError(f"cannot read the properties of op '{name}': its definition is unknown "
                                    "to hlopt", start)
            entries = read_ods_properties(opdef, r, f.version)
        if entries is None:  # through the text, as the text path reads it
            return self._text_properties(name, registered, i, s)
        if not ps.empty():
            raise BytecodeError(f"properties of op '{name}' were not fully read", ps.pos)
        if not entries:
            return None
        # segment sizes (format 6) come as their spelling
        entries = [(k, self._decode("attr", v, start) if isinstance(v, str) else v) for k, v in entries]
        return DictionaryAttr(entries)

    def _text_properties(self, name: str, registered: bool, i: int, s: Stream) -> Any:
        at = s.pos
        entries = self.f.read_properties(name, registered, i, s)
        if isinstance(entries, list):
            from hlopt.ir.attributes import keyword_or_string

            entries = ", ".join(f"{keyword_or_string(k)} = {val}" for k, val in entries)
        if not entries:
            return None
        try:
            return self.session.decode_dict_text("{" + entries + "}", 0)
        except ParseError as e:
            raise BytecodeError(f"cannot read the properties of op '{name}': {e.message}", at) from None

    def _segments(self, attrs: DictionaryAttr, props: Any) -> tuple[Any, Any]:
        """Before native properties, an op's segment sizes sat among its
        attributes: they are properties (as split_segment_sizes does on
        the text path), once per distinct dictionary."""
        hit = self.legacy_split.get(attrs)
        if hit is None:
            moved: list | None = [(k, v) for k, v in attrs.entries if k in _SEGMENTS]
            if not moved:
                hit = (None, attrs)
            else:
                kept = [(k, v) for k, v in attrs.entries if k not in _SEGMENTS]
                hit = (moved, DictionaryAttr(kept) if kept else None)
            self.legacy_split[attrs] = hit
        moved, rest = hit
        if moved is None:
            return props, attrs
        return DictionaryAttr((list(props.entries) if props else []) + moved), rest

    def _rewrite(self, name: str, registered: bool, ai: int | None, pi: int | None, parent: str | None,
                 convert: Any, s: Stream, at: int) -> tuple[str, Any, Any]:
        """An op record rewritten on its spellings (see the module
        docstring): (name, properties, attributes), decoded once per
        distinct record."""
        key = (name, ai, pi, parent)
        hit = self.rewritten.get(key)
        if hit is not None:
            return hit
        f = self.f
        attrs = f.attr(ai, s) if ai is not None else None
        props = f.read_properties(name, registered, pi, s) if pi is not None else None
        if self.legacy and registered and attrs is not None:
            props, attrs = split_segment_sizes(attrs, props)
        if convert is not None:  # e.g. VHLO's ops become StableHLO's
            name, props, attrs = convert(name, props or [], attrs, parent, at)
            if name not in self.checked:
                try:
                    self.session.check_dialect(name, 0)
                except ParseError as e:
                    raise BytecodeError(f"op '{name}': {e.message}", at) from None
                self.checked.add(name)
        if isinstance(props, list):
            from hlopt.ir.attributes import keyword_or_string

            props = ", ".join(f"{keyword_or_string(k)} = {v}" for k, v in props)
        try:
            pd = self.session.decode_dict_text("{" + props + "}", 0) if props else None
            ad = self.session.decode_dict_text(attrs, 0) if attrs and attrs != "{}" else None
        except ParseError as e:
            raise BytecodeError(f"cannot read the attributes of op '{name}': {e.message}", at) from None
        out = self.rewritten[key] = (name, pd, ad)
        return out

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
        scope = _Scope(self.unsorted)
        scope.push(0)
        top = Block()
        for _ in range(n_ops):
            top.append(self._op(s, scope, (), None))
        scope.pop(s.pos)
        if self.orders or self.unsorted:
            apply_use_list_orders(top, self.orders, self.unsorted)
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

    def _op(self, s: Stream, scope: _Scope, blocks: Any, parent: str | None) -> Operation:
        at = s.pos
        varint = s.varint
        idx = varint()
        name, registered = self.op_name(idx, at)
        mask = s.byte()
        i = varint()
        loc = self.locs[i] if i < len(self.locs) else None
        if loc is None:
            loc = self.loc(i, s.pos)
        convert = self.converts[idx]
        if convert is False:
            convert = self.converts[idx] = getattr(self.f.op_dialect(name).hooks(), "convert_op", None)
        if convert is not None:
            ai = varint() if mask & HAS_ATTRS else None
            pi = varint() if mask & HAS_PROPERTIES else None
            name, props, attrs = self._rewrite(name, registered, ai, pi, parent, convert, s, at)
        else:
            attrs = self.attr_dict(varint(), s.pos) if mask & HAS_ATTRS else None
            props = self.properties(name, registered, varint(), s) if mask & HAS_PROPERTIES else None
            if self.legacy and registered and attrs is not None:
                props, attrs = self._segments(attrs, props)
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
        orders = read_use_lists(s, len(res_types)) if mask & HAS_USE_LIST_ORDERS else None
        if attrs is not None:  # inherent attributes among the others (older formats, generic writers)
            key = (name, props, attrs)  # interned: identity keys
            hit = self.split.get(key)
            if hit is None:
                hit = self.split[key] = self.session.split_attrs(name, props, attrs)
            props, attrs = hit
        if not mask & HAS_INLINE_REGIONS:
            try:
                op = Operation(name, operands, res_types, props, attrs, (), succs, loc)
            except IRError as e:
                raise BytecodeError(f"op '{name}': {e.message}", at) from None
            define = scope.define
            for r in op.results:
                define(r)
            if orders:
                self._orders(op.results, orders, at)
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
            inner = _Scope(self.unsorted)
            if self.f.version >= LAZY_LOADING:
                sat = s.pos
                sid, start, end = s.section()
                if sid != S_IR:
                    raise BytecodeError(f"expected IR section for an isolated region, got: {sid}", sat)
                rs = Stream(self.data, start, end)
        for rg in regions:
            self._region(rs, inner, rg, name)
        try:
            op = Operation(name, operands, res_types, props, attrs, regions, succs, loc)
        except IRError as e:
            raise BytecodeError(f"op '{name}': {e.message}", at) from None
        for k, r in enumerate(op.results):
            scope.fill(first + k, r)
        if orders:
            self._orders(op.results, orders, at)
        if operands and any(r.blocks for r in regions):
            # made after its regions: its operands' uses follow theirs
            self.unsorted.extend(operands)
        return op

    def _orders(self, values: Any, orders: list[tuple[int, list[int], bool]], at: int) -> None:
        for i, indices, pairs in orders:
            self.orders.append((values[i], indices, pairs, at))

    def _region(self, s: Stream, scope: _Scope, region: Region, parent: str) -> None:
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
                at = s.pos
                for _ in range(n_args):
                    if new_args:
                        t, has_loc = s.varint_flag()
                        loc = self.loc(s.varint(), s.pos) if has_loc else self._unknown()
                    else:
                        t = s.varint()
                        loc = self.loc(s.varint(), s.pos)
                    scope.define(b.add_argument(self.type(t, s.pos), loc))
                if self.f.version >= USE_LIST_ORDERING and s.byte():
                    self._orders(b.args, read_use_lists(s, n_args), at)
            append = b.append
            for _ in range(n_ops):
                append(self._op(s, scope, blocks, parent))
        scope.pop(s.pos)

    def _unknown(self) -> Location:
        return UnknownLoc()

