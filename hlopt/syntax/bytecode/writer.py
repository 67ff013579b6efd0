"""IR -> MLIR bytecode (BytecodeFormat.md, writer side).

Written at format version 1, the layout every MLIR reader accepts (regions
inline, inherent attributes in the attribute dictionary, explicit block
argument locations). Locations, strings and dictionaries use the builtin
dialect's encodings; every other attribute and type is written in the
format's assembly fallback (its text), which readers parse with their own
dialects, so nothing hlopt models structurally is lost.
"""

from __future__ import annotations

from typing import Any

from hlopt.ir.location import CallSiteLoc, FileLineColLoc, FusedLoc, Location, NameLoc, UnknownLoc
from hlopt.syntax.bytecode import MAGIC

VERSION = 1
S_STRING, S_DIALECT, S_ATTR_TYPE, S_ATTR_TYPE_OFFSET, S_IR, S_RESOURCE, S_RESOURCE_OFFSET = range(7)


def varint(v: int) -> bytes:
    if v < 0:
        raise ValueError("negative varint")
    for n in range(1, 9):
        if v < 1 << (7 * n):
            return ((v << n) | (1 << (n - 1))).to_bytes(n, "little")
    return b"\0" + v.to_bytes(8, "little")


def _encode(parts: list) -> bytes:
    """Varints, with table entries written as their (final) indices."""
    return b"".join(varint(p.index if isinstance(p, Entry) else p) for p in parts)


def _section(sid: int, data: bytes) -> bytes:
    return bytes([sid]) + varint(len(data)) + data


def _aligned_section(at: int, sid: int, data: bytes, align: int) -> bytes:
    """A section whose contents start at a multiple of `align` in the file
    (offsets in the file, as the readers check them): the high bit of the id
    flags an alignment and padding after the length."""
    head = bytes([sid]) + varint(len(data))
    if align > 1 and (at + len(head)) % align:
        head = bytes([sid | 0x80]) + head[1:] + varint(align)
        head += bytes([0xCB]) * (-(at + len(head)) % align)
    return head + data


def _dialect_of(text: str) -> str:
    """`#stablehlo.x<..>` / `!sdy.y` / `#stablehlo<..>` -> its dialect; builtin else."""
    if text[:1] in "#!":
        i = 1
        while i < len(text) and (text[i].isalnum() or text[i] == "_"):
            i += 1
        if i < len(text) and text[i] in ".<" and i > 1:
            return text[1:i]
    return "builtin"


class Entry:
    """One attribute or type table entry: its dialect and an encoder that
    runs once every index is known."""

    __slots__ = ("dialect", "encode", "custom", "index")

    def __init__(self, dialect: str, encode: Any, custom: bool):
        self.dialect, self.encode, self.custom, self.index = dialect, encode, custom, -1


class Writer:
    def __init__(self, producer: str = "hlopt", resources: Any = ()):
        self.producer = producer
        self.resources = list(resources)
        self.handles: dict[str, int] = {}  # dense_resource key -> handle index (set in write)
        self.strings: dict[str, int] = {}
        self.dialects: dict[str, int] = {}
        self.op_names: dict[str, int] = {}
        self.attrs: dict[Any, Entry] = {}
        self.types: dict[Any, Entry] = {}

    # -- tables -------------------------------------------------------------
    def string(self, s: str) -> int:
        i = self.strings.get(s)
        if i is None:
            i = self.strings[s] = len(self.strings)
        return i

    def dialect(self, name: str) -> int:
        i = self.dialects.get(name)
        if i is None:
            self.string(name)
            i = self.dialects[name] = len(self.dialects)
        return i

    def op_name(self, name: str) -> int:
        i = self.op_names.get(name)
        if i is None:
            d, _, rest = name.partition(".")
            self.dialect(d)
            self.string(rest)
            i = self.op_names[name] = len(self.op_names)
        return i

    def text_attr(self, text: str) -> Entry:
        key = ("text", text)
        e = self.attrs.get(key)
        if e is None:
            data = text.encode("utf-8", "surrogateescape") + b"\0"
            e = self.attrs[key] = Entry(_dialect_of(text), lambda: data, False)
            self.dialect(e.dialect)
        return e

    def string_attr(self, s: str | bytes) -> Entry:
        if isinstance(s, bytes):
            s = s.decode("utf-8", "surrogateescape")
        key = ("str", s)
        e = self.attrs.get(key)
        if e is None:
            idx = self.string(s)
            e = self.attrs[key] = Entry("builtin", lambda: varint(2) + varint(idx), True)
            self.dialect("builtin")
        return e

    def attr(self, a: Any) -> Entry:
        from hlopt.ir.attributes import DenseResourceAttr

        if isinstance(a, DenseResourceAttr):
            return self.dense_resource(a)
        text = a.text
        if "dense_resource<" in text:
            # readers parse fallback text on its own, without the file's
            # resource handles: only a direct attribute value gets its handle
            raise ValueError("a dense_resource nested in another attribute cannot be written as bytecode")
        return self.text_attr(text)

    def dense_resource(self, a: Any) -> Entry:
        """builtin's DenseResourceElementsAttr encoding: type, resource handle."""
        key = ("dense_resource", a.handle, a.type.text)
        e = self.attrs.get(key)
        if e is None:
            t = self.type(a.type)
            self.handles.setdefault(a.handle, -1)
            handle = a.handle
            e = self.attrs[key] = Entry("builtin", lambda: _encode([16, t, self.handles[handle]]), True)
            self.dialect("builtin")
        return e

    def dict_attr(self, items: list[tuple[str, Any]]) -> Entry:
        key = ("dict", tuple((k, v.text) for k, v in items))
        e = self.attrs.get(key)
        if e is None:
            refs = [(self.string_attr(k), self.attr(v)) for k, v in items]

            def enc() -> bytes:
                out = varint(1) + varint(len(refs))
                for k, v in refs:
                    out += varint(k.index) + varint(v.index)
                return out

            e = self.attrs[key] = Entry("builtin", enc, True)
            self.dialect("builtin")
        return e

    def loc(self, loc: Location | None) -> Entry:
        if loc is None:
            loc = UnknownLoc()
        key = ("loc", loc.text)
        e = self.attrs.get(key)
        if e is not None:
            return e
        if isinstance(loc, UnknownLoc):
            parts: list = [15]
        elif isinstance(loc, FileLineColLoc) and not loc.end:
            parts = [11, self.string_attr(loc.filename), loc.line, loc.column]
        elif isinstance(loc, NameLoc):
            parts = [14, self.string_attr(loc.name), self.loc(loc.child)]
        elif isinstance(loc, CallSiteLoc):
            parts = [10, self.loc(loc.callee), self.loc(loc.caller)]
        elif isinstance(loc, FusedLoc):
            subs = [self.loc(x) for x in loc.locations]
            parts = [13 if loc.metadata is not None else 12, len(subs), *subs]
            if loc.metadata is not None:
                parts.append(self.attr(loc.metadata))
        else:  # other locations in their text form
            e = self.text_attr(loc.text)
            self.attrs[key] = e
            return e
        e = self.attrs[key] = Entry("builtin", lambda: _encode(parts), True)
        self.dialect("builtin")
        return e

    def type(self, t: Any) -> Entry:
        text = t.text
        e = self.types.get(text)
        if e is None:
            data = text.encode("utf-8", "surrogateescape") + b"\0"
            e = self.types[text] = Entry(_dialect_of(text), lambda: data, False)
            self.dialect(e.dialect)
        return e

    # -- IR -------------------------------------------------------------------
    def _collect(self, op: Any) -> list:
        """A tree of table references, resolved to indices in _emit_op."""
        items = list(op.properties.items()) + list(op.attributes.items())
        d = op.opdef
        isolated = d is not None and "IsolatedFromAbove" in d.traits
        self.op_name(op.name)
        return self._record(op, op.name, lambda: self.dict_attr(sorted(items, key=lambda kv: kv[0])) if items else None,
                            isolated)

    def _record(self, op: Any, name: str, attrs: Any, isolated: bool) -> dict:
        """The op's record with its regions collected (`_collect` of each nested op); `attrs`
        is called after the location is numbered, so tables fill in the same order."""
        rec = {
            "name": name,
            "loc": self.loc(op.location),
            "attrs": attrs(),
            "results": [self.type(r.type) for r in op.results],
            "operands": [o.value for o in op._operands],
            "successors": list(op.successors),
            "isolated": isolated,
            "regions": [],
            "_op_results": list(op.results),
        }
        for region in op.regions:
            blocks = []
            for b in region.blocks:
                args = [(a, self.type(a.type), self.loc(a.location)) for a in b.args]
                blocks.append((b, args, [self._collect(o) for o in b.ops]))
            rec["regions"].append(blocks)
        return rec

    def _resources(self) -> tuple[bytes, bytes, int] | None:
        """The resource sections: every external group, builtin blobs that a
        dense_resource refers to (as MLIR writes only referenced ones, with
        a data-less entry for a handle no blob defines), other dialects'
        groups whole."""
        from hlopt.syntax.bytecode import resource_writer as rw

        external, dialect = rw.groups_from_sections(self.resources) if self.resources else ([], [])
        groups: dict[str, list] = {}
        for name, entries in dialect:
            groups.setdefault(name, []).extend(entries)
        if self.handles:
            blobs = {e.key: e for e in groups.get("builtin", [])}
            groups["builtin"] = [blobs.get(k) or rw.ResourceEntry(k, rw.BLOB, None) for k in self.handles]
        elif "builtin" in groups:
            del groups["builtin"]
        for name in groups:
            self.dialect(name)
        ordered = sorted(groups.items(), key=lambda kv: self.dialects[kv[0]])
        n = 0
        for name, entries in ordered:
            if name == "builtin":
                for i, e in enumerate(entries):
                    self.handles[e.key] = n + i
            n += len(entries)
        if not external and not ordered:
            return None
        return rw.resource_sections(external, ordered, self.string, lambda d: self.dialects[d])

    def write(self, module: Any) -> bytes:
        top = self._collect(module)
        res = self._resources()
        # the offset section groups entries by dialect: number them that way
        order = {name: i for i, name in enumerate(self.dialects)}
        attrs = sorted(self.attrs.values(), key=lambda e: order[e.dialect])
        unique_attrs = []
        seen: set[int] = set()
        for e in attrs:
            if id(e) not in seen:
                seen.add(id(e))
                unique_attrs.append(e)
        types = sorted(self.types.values(), key=lambda e: order[e.dialect])
        for i, e in enumerate(unique_attrs):
            e.index = i
        for i, e in enumerate(types):
            e.index = i
        at_data = bytearray()
        offsets = bytearray(varint(len(unique_attrs)) + varint(len(types)))
        for group in (unique_attrs, types):
            i = 0
            while i < len(group):
                j = i
                while j < len(group) and group[j].dialect == group[i].dialect:
                    j += 1
                offsets += varint(order[group[i].dialect]) + varint(j - i)
                for e in group[i:j]:
                    data = e.encode()
                    at_data += data
                    offsets += varint(len(data) << 1 | int(e.custom))
                i = j
        dialect_sec = bytearray(varint(len(self.dialects)))
        for name in self.dialects:
            dialect_sec += varint(self.strings[name] << 1)
        by_dialect: dict[str, list[str]] = {}
        for name in self.op_names:
            by_dialect.setdefault(name.partition(".")[0], []).append(name)
        # the reader numbers op names in the order of these groups
        self.op_index = {n: i for i, n in enumerate(n for names in by_dialect.values() for n in names)}
        for d, names in by_dialect.items():
            dialect_sec += varint(self.dialects[d]) + varint(len(names))
            for n in names:
                dialect_sec += varint(self.strings[n.partition(".")[2]])
        ir = bytearray(varint(1 << 1))  # the top-level block: one op, no arguments
        self._emit_op(top, ir, _Numbering(), {})
        strs = list(self.strings)
        raw = [s.encode("utf-8", "surrogateescape") + b"\0" for s in strs]
        string_sec = varint(len(raw)) + b"".join(varint(len(r)) for r in reversed(raw)) + b"".join(raw)
        out = (MAGIC + varint(VERSION) + self.producer.encode() + b"\0"
               + _section(S_STRING, string_sec) + _section(S_DIALECT, bytes(dialect_sec))
               + _section(S_ATTR_TYPE, bytes(at_data)) + _section(S_ATTR_TYPE_OFFSET, bytes(offsets))
               + _section(S_IR, bytes(ir)))
        if res is not None:
            offs, data, align = res
            out += _section(S_RESOURCE_OFFSET, offs)
            out += _aligned_section(len(out), S_RESOURCE, data, align)
        return out

    def _emit_op(self, rec: dict, out: bytearray, num: _Numbering, blocks: dict) -> None:
        mask = 0
        if rec["attrs"] is not None:
            mask |= 1
        if rec["results"]:
            mask |= 2
        if rec["operands"]:
            mask |= 4
        if rec["successors"]:
            mask |= 8
        if rec["regions"]:
            mask |= 16
        out += varint(self.op_index[rec["name"]]) + bytes([mask]) + varint(rec["loc"].index)
        if rec["attrs"] is not None:
            out += varint(rec["attrs"].index)
        if rec["results"]:
            out += varint(len(rec["results"])) + b"".join(varint(t.index) for t in rec["results"])
        if rec["operands"]:
            out += varint(len(rec["operands"])) + b"".join(varint(num.id(v)) for v in rec["operands"])
        if rec["successors"]:
            out += varint(len(rec["successors"])) + b"".join(varint(blocks[b]) for b in rec["successors"])
        if rec["regions"]:
            out += varint(len(rec["regions"]) << 1 | int(rec["isolated"]))
            inner = _Numbering() if rec["isolated"] else num
            for region in rec["regions"]:
                self._emit_region(region, out, inner)

    def _emit_region(self, region: list, out: bytearray, num: _Numbering) -> None:
        out += varint(len(region))
        if not region:
            return
        values = []
        for _, args, ops in region:
            values.extend(a for a, _, _ in args)
            for rec_op in ops:
                values.extend(rec_op["_op_results"])
        num.push(values)
        blocks = {b: i for i, (b, _, _) in enumerate(region)}
        out += varint(len(values))
        for _, args, ops in region:
            out += varint(len(ops) << 1 | int(bool(args)))
            if args:
                out += varint(len(args))
                for _, t, loc in args:
                    out += varint(t.index) + varint(loc.index)
            for rec_op in ops:
                self._emit_op(rec_op, out, num, blocks)
        num.pop()


class _Numbering:
    """Value ids as the reader assigns them: a region's values after those
    of the regions enclosing it in the same isolated scope."""

    def __init__(self) -> None:
        self.ids: dict[int, int] = {}
        self.stack: list[tuple[int, list]] = []
        self.size = 0

    def push(self, values: list) -> None:
        self.stack.append((self.size, values))
        for v in values:
            self.ids[id(v)] = self.size
            self.size += 1

    def pop(self) -> None:
        start, values = self.stack.pop()
        for v in values:
            self.ids.pop(id(v), None)
        self.size = start

    def id(self, v: Any) -> int:
        i = self.ids.get(id(v))
        if i is None:
            raise ValueError("an operand's value is not defined in an enclosing region")
        return i


def write_bytecode(module: Any, producer: str = "hlopt", resources: Any = ()) -> bytes:
    """`resources`: the module's `{-# ... #-}` sections (text), written as the
    resource sections. Raises ValueError for what bytecode cannot hold."""
    return Writer(producer, resources).write(module)
