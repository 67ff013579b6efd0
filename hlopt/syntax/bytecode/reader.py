"""MLIR bytecode -> generic MLIR text (BytecodeFormat.md, reader side).

Every section is decoded: strings, dialects (with versions) and op names,
attributes and types (builtin encodings here, other dialects' through
their `Dialect.bytecode` hooks, the assembly fallback as its text), the IR
with its regions (lazy sections of isolated regions) and use-list orders,
resources and native properties. The result is the module in the generic
form with locations, which the text parser reads as any other input.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hlopt.syntax.bytecode import MAGIC, builtin
from hlopt.syntax.bytecode.stream import BytecodeError, Stream

# bytecode format versions (mlir/Bytecode/Encoding.h)
DIALECT_VERSIONING = 1
LAZY_LOADING = 2
USE_LIST_ORDERING = 3
ELIDE_UNKNOWN_BLOCK_ARG_LOCATION = 4
NATIVE_PROPERTIES = 5
NATIVE_PROPERTIES_SEGMENT_SIZES = 6
CURRENT_VERSION = 6

S_STRING, S_DIALECT, S_ATTR_TYPE, S_ATTR_TYPE_OFFSET, S_IR, S_RESOURCE, S_RESOURCE_OFFSET, \
    S_DIALECT_VERSIONS, S_PROPERTIES = range(9)
_REQUIRED = {S_STRING: "string", S_DIALECT: "dialect", S_ATTR_TYPE: "attribute/type",
             S_ATTR_TYPE_OFFSET: "attribute/type offset", S_IR: "IR"}

HAS_ATTRS, HAS_RESULTS, HAS_OPERANDS, HAS_SUCCESSORS, HAS_INLINE_REGIONS, HAS_USE_LIST_ORDERS, \
    HAS_PROPERTIES = (1 << i for i in range(7))


class BytecodeDialect:
    """A dialect named in the file, with its version blob and hooks."""

    def __init__(self, name: str, version: bytes | None):
        self.name = name
        self.version = version
        self._hooks: Any = False

    def hooks(self) -> Any:
        """The dialect's `bytecode` object (read_attribute/read_type/...)."""
        if self._hooks is False:
            from hlopt.ir.context import current_context

            d = current_context().get_dialect(self.name)
            self._hooks = getattr(d, "bytecode", None) if d is not None else None
        return self._hooks


class DialectReader:
    """What an encoding reads with (MLIR's DialectBytecodeReader)."""

    __slots__ = ("file", "s", "dialect")

    def __init__(self, file: BytecodeFile, s: Stream, dialect: BytecodeDialect | None = None):
        self.file, self.s, self.dialect = file, s, dialect

    def fail(self, message: str) -> BytecodeError:
        return self.s.fail(message)

    def varint(self) -> int:
        return self.s.varint()

    def signed_varint(self) -> int:
        return self.s.signed_varint()

    def byte(self) -> int:
        return self.s.byte()

    def string(self) -> str:
        return self.file.string(self.s.varint(), self.s)

    def blob(self) -> bytes:
        return self.s.bytes(self.s.varint())

    # text entries here; the builder's reader (objects.py) gives attribute and type objects
    def attribute(self) -> Any:
        return self.file.attr(self.s.varint(), self.s)

    def optional_attribute(self) -> Any:
        v = self.s.varint()
        return self.file.attr((v >> 1), self.s) if v & 1 else None

    def type(self) -> Any:
        return self.file.type(self.s.varint(), self.s)

    def list(self, fn: Callable[[], Any]) -> list:
        return [fn() for _ in range(self.s.varint())]

    def apint(self, width: int) -> int:
        return builtin.read_apint(self, width)

    def resource_handle(self) -> str:
        return self.file.resource_handle(self.s.varint(), self.s)

    def distinct(self, referenced: str) -> str:
        return self.file.distinct(referenced)

    def version(self, dialect: str) -> bytes | None:
        """The version blob the file records for `dialect` (None: none)."""
        for d in self.file.dialects:
            if d.name == dialect:
                return d.version
        return None


class BytecodeFile:
    """One bytecode buffer, decoded on demand into text pieces."""

    def __init__(self, data: bytes, name: str = "<bytecode>"):
        self.data = data
        self.name = name
        s = Stream(data)
        if s.bytes(4) != MAGIC:
            raise BytecodeError("input buffer is not an MLIR bytecode file")
        self.version = s.varint()
        if self.version > CURRENT_VERSION:
            raise BytecodeError(f"bytecode version {self.version} is newer than the current version "
                                f"{CURRENT_VERSION}", 4)
        self.producer = s.cstring()
        sections: dict[int, tuple[int, int]] = {}
        while not s.empty():
            at = s.pos
            sid, start, end = s.section()
            if sid > S_PROPERTIES:
                raise BytecodeError(f"invalid section ID: {sid}", at)
            if sid in sections:
                raise BytecodeError(f"duplicate top-level section: {sid}", at)
            sections[sid] = (start, end)
        for sid, what in _REQUIRED.items():
            if sid not in sections:
                raise BytecodeError(f"missing data for top-level section: {what}", s.pos)
        self.sections = sections
        self._read_strings()
        self._read_dialects()
        self._read_attr_type_offsets()
        self._read_resources()
        self._read_properties()
        self.distincts: dict[str, int] = {}
        self.next_name = 0
        self.value_types: dict[str, str] = {}
        self.next_block = 0

    # -- strings -----------------------------------------------------------
    def _stream(self, sid: int) -> Stream:
        start, end = self.sections[sid]
        return Stream(self.data, start, end)

    def _read_strings(self) -> None:
        s = self._stream(S_STRING)
        n = s.varint()
        lengths = [s.varint() for _ in range(n)][::-1]
        pos = s.pos
        self.strings: list[str] = []
        for ln in lengths:
            if ln == 0 or pos + ln > s.end:
                raise BytecodeError("malformed string section", pos)
            raw = self.data[pos:pos + ln - 1]  # each string carries its null byte
            self.strings.append(raw.decode("utf-8", "surrogateescape"))
            pos += ln

    def string(self, i: int, at: Stream | None = None) -> str:
        if i >= len(self.strings):
            raise BytecodeError(f"invalid string index: {i}", at.pos if at else 0)
        return self.strings[i]

    # -- dialects and op names ---------------------------------------------
    def _read_dialects(self) -> None:
        s = self._stream(S_DIALECT)
        self.dialects: list[BytecodeDialect] = []
        for _ in range(s.varint()):
            if self.version < DIALECT_VERSIONING:
                name, versioned = self.string(s.varint(), s), False
            else:
                idx, versioned = s.varint_flag()
                name = self.string(idx, s)
            version = None
            if versioned:
                at = s.pos
                sid, start, end = s.section()
                if sid != S_DIALECT_VERSIONS:
                    raise BytecodeError(f"expected dialect version section, got: {sid}", at)
                version = self.data[start:end]
            self.dialects.append(BytecodeDialect(name, version))
        self._by_name = {d.name: d for d in self.dialects}
        self.op_names: list[tuple[str, bool]] = []
        if self.version >= ELIDE_UNKNOWN_BLOCK_ARG_LOCATION:
            s.varint()  # the number of op names, a reservation hint
        while not s.empty():
            d = self.dialect(s.varint(), s)
            for _ in range(s.varint()):
                if self.version >= NATIVE_PROPERTIES:
                    idx, registered = s.varint_flag()
                else:
                    idx, registered = s.varint(), True
                self.op_names.append((f"{d.name}.{self.string(idx, s)}", registered))

    def op_dialect(self, op: str) -> BytecodeDialect:
        d = self._by_name.get(op.partition(".")[0])
        if d is None:
            d = self._by_name[op.partition(".")[0]] = BytecodeDialect(op.partition(".")[0], None)
        return d

    def dialect(self, i: int, at: Stream) -> BytecodeDialect:
        if i >= len(self.dialects):
            raise BytecodeError(f"invalid dialect index: {i}", at.pos)
        return self.dialects[i]

    # -- attributes and types ----------------------------------------------
    def _read_attr_type_offsets(self) -> None:
        s = self._stream(S_ATTR_TYPE_OFFSET)
        base = self.sections[S_ATTR_TYPE][0]
        n_attrs, n_types = s.varint(), s.varint()
        entries: list[tuple[BytecodeDialect, int, int, bool]] = []
        offset = base
        for total in (n_attrs, n_types):
            got = 0
            while got < total:
                d = self.dialect(s.varint(), s)
                for _ in range(s.varint()):
                    size, custom = s.varint_flag()
                    entries.append((d, offset, offset + size, custom))
                    offset += size
                    got += 1
            if got != total:
                raise BytecodeError("attribute/type offset groups overrun their count", s.pos)
        if offset > self.sections[S_ATTR_TYPE][1]:
            raise BytecodeError("attribute/type entries run past their section", s.pos)
        self.attr_entries = entries[:n_attrs]
        self.type_entries = entries[n_attrs:]
        self.attr_cache: list[str | None] = [None] * n_attrs
        self.type_cache: list[str | None] = [None] * n_types

    def attr(self, i: int, at: Stream | None = None) -> str:
        if i >= len(self.attr_cache):
            raise BytecodeError(f"invalid attribute index: {i}", at.pos if at else 0)
        v = self.attr_cache[i]
        if v is None:
            v = self.attr_cache[i] = self._entry(self.attr_entries[i], "attribute")
        return v

    def type(self, i: int, at: Stream | None = None) -> str:
        if i >= len(self.type_cache):
            raise BytecodeError(f"invalid type index: {i}", at.pos if at else 0)
        v = self.type_cache[i]
        if v is None:
            v = self.type_cache[i] = self._entry(self.type_entries[i], "type")
        return v

    def _entry(self, entry: tuple, what: str) -> str:
        d, start, end, custom = entry
        s = Stream(self.data, start, end)
        if not custom:  # the assembly format fallback
            text = s.cstring()
            convert = getattr(d.hooks(), "convert_fallback", None) if d.name != "builtin" else None
            if convert is None:
                return text
            converted = convert(text, what)
            if converted is None:
                raise BytecodeError(f"unsupported {what} '{text}' of dialect '{d.name}'", start)
            return converted
        r = DialectReader(self, s, d)
        if d.name == "builtin":
            text = builtin.read_attribute(r) if what == "attribute" else builtin.read_type(r)
        else:
            hooks = d.hooks()
            fn = getattr(hooks, "read_attribute" if what == "attribute" else "read_type", None)
            if fn is None:
                known = "unknown dialect" if hooks is None and not _known(d.name) else "dialect"
                raise BytecodeError(f"{known} '{d.name}' has no bytecode encoding for its {what}s "
                                    f"(a {what} uses a custom encoding)", start)
            text = fn(r)
        if not s.empty():
            raise BytecodeError(f"trailing bytes after the {what} of dialect '{d.name}'", s.pos)
        return text

    # -- resources -----------------------------------------------------------
    def _read_resources(self) -> None:
        self.external_resources: list[tuple[str, list[tuple[str, str]]]] = []
        self.dialect_resources: list[tuple[str, list[tuple[str, str]]]] = []
        self.handles: list[str] = []
        if S_RESOURCE_OFFSET not in self.sections:
            if S_RESOURCE in self.sections:
                raise BytecodeError("unexpected resource section without a resource offset section", 0)
            return
        if S_RESOURCE not in self.sections:
            raise BytecodeError("missing data for top-level section: resource", 0)
        offs = self._stream(S_RESOURCE_OFFSET)
        data = self._stream(S_RESOURCE)
        n_external = offs.varint()

        def group(key: str, out: list, handles: bool) -> None:
            entries = []
            for _ in range(offs.varint()):
                name = self.string(offs.varint(), offs)
                size = offs.varint()
                kind = offs.byte()
                entry = Stream(self.data, data.pos, data.pos + size)
                data.pos += size
                if size:  # a data-less entry declares a handle that no blob defines (as MLIR writes it)
                    entries.append((name, self._resource_value(entry, kind)))
                if handles:
                    self.handles.append(name)
            out.append((key, entries))

        for _ in range(n_external):
            group(self.string(offs.varint(), offs), self.external_resources, False)
        while not offs.empty():
            group(self.dialect(offs.varint(), offs).name, self.dialect_resources, True)

    def _resource_value(self, s: Stream, kind: int) -> str:
        if kind == 0:  # blob: alignment, size, padding, bytes
            align = s.varint()
            size = s.varint()
            s.align(align)
            blob = s.bytes(size)
            return '"0x' + align.to_bytes(4, "little").hex().upper() + blob.hex().upper() + '"'
        if kind == 1:
            return "true" if s.byte() else "false"
        if kind == 2:
            from hlopt.ir.attributes import quote

            return quote(self.string(s.varint(), s))
        raise BytecodeError(f"unknown resource entry kind: {kind}", s.pos)

    def resource_handle(self, i: int, at: Stream) -> str:
        if i >= len(self.handles):
            raise BytecodeError(f"invalid resource handle index: {i}", at.pos)
        return self.handles[i]

    def resources_text(self) -> str:
        # a dialect group of declared-only handles prints nothing, as in MLIR
        dialect = [(k, e) for k, e in self.dialect_resources if e]
        if not self.external_resources and not dialect:
            return ""
        parts = []
        for title, groups in (("dialect_resources", dialect),
                              ("external_resources", self.external_resources)):
            if not groups:
                continue
            gs = []
            for key, entries in groups:
                body = ",\n".join(f"      {k}: {v}" for k, v in entries)
                gs.append(f"    {key}: {{\n{body}\n    }}")
            parts.append(f"  {title}: {{\n" + ",\n".join(gs) + "\n  }")
        return "\n{-#\n" + ",\n".join(parts) + "\n#-}\n"

    def distinct(self, referenced: str) -> str:
        n = len(self.distincts)
        return f"distinct[{n}]<{referenced}>"

    # -- properties ----------------------------------------------------------
    def _read_properties(self) -> None:
        self.properties: list[tuple[int, int]] = []
        if S_PROPERTIES not in self.sections:
            return
        s = self._stream(S_PROPERTIES)
        for _ in range(s.varint()):
            size = s.varint()
            self.properties.append((s.pos, s.pos + size))
            s.bytes(size)

    def read_properties(self, op: str, registered: bool, i: int, at: Stream) -> list[tuple[str, str]] | str:
        if i >= len(self.properties):
            raise BytecodeError(f"invalid properties index: {i}", at.pos)
        start, end = self.properties[i]
        s = Stream(self.data, start, end)
        r = DialectReader(self, s)
        if not registered:  # an unregistered op's properties are one attribute
            text = r.attribute()
            return text[1:-1] if text.startswith("{") else text  # spelled as is
        from hlopt.ir.context import current_context

        dialect = op.partition(".")[0]
        d = current_context().get_dialect(dialect)
        hook = getattr(getattr(d, "bytecode", None), "read_properties", None)
        entries = hook(op, r) if hook is not None else None
        if entries is None:
            opdef = current_context().lookup_op(op)
            if opdef is None or not opdef.declared:
                raise BytecodeError(f"cannot read the properties of op '{op}': its definition is unknown "
                                    "to hlopt", start)
            entries = read_ods_properties(opdef, r, self.version)
        if not s.empty():
            raise BytecodeError(f"properties of op '{op}' were not fully read", s.pos)
        return entries

    # -- IR ------------------------------------------------------------------
    def new_value(self) -> str:
        self.next_name += 1
        return f"%{self.next_name - 1}"

    def to_text(self) -> str:
        s = self._stream(S_IR)
        out: list[str | _Types] = []
        n_ops, has_args = s.varint_flag()
        if has_args:
            raise BytecodeError("the top-level block of the IR section has arguments", s.pos)
        scope = _Scope()
        scope.push(0)
        for _ in range(n_ops):
            self._op(s, scope, out, [], 0, None)
        types = self.value_types
        try:
            text = "".join(p if isinstance(p, str) else ", ".join(types[v] for v in p.values) for p in out)
        except KeyError as e:
            raise BytecodeError(f"value {e.args[0]} is used but never defined", 0) from None
        return text + self.resources_text()

    def _op(self, s: Stream, scope: _Scope, out: list[str | _Types], blocks: list[str], depth: int,
            parent: str | None) -> None:
        at = s.pos
        idx = s.varint()
        if idx >= len(self.op_names):
            raise BytecodeError(f"invalid operation name index: {idx}", at)
        name, registered = self.op_names[idx]
        mask = s.byte()
        loc = self.attr(s.varint(), s)
        attrs = self.attr(s.varint(), s) if mask & HAS_ATTRS else None
        props = self.read_properties(name, registered, s.varint(), s) if mask & HAS_PROPERTIES else None
        res_types = [self.type(s.varint(), s) for _ in range(s.varint())] if mask & HAS_RESULTS else []
        operands = [scope.use(s.varint(), self, s) for _ in range(s.varint())] if mask & HAS_OPERANDS else []
        succs = []
        if mask & HAS_SUCCESSORS:
            for _ in range(s.varint()):
                b = s.varint()
                if b >= len(blocks):
                    raise BytecodeError(f"invalid successor index: {b}", s.pos)
                succs.append(blocks[b])
        if mask & HAS_USE_LIST_ORDERS:
            # the order of uses does not show in the text: read and check, no more
            skip_use_lists(s, len(res_types))
        results = [scope.define(self, t) for t in res_types]
        if self.version < NATIVE_PROPERTIES and registered and attrs is not None:
            props, attrs = split_segment_sizes(attrs, props)
        hooks = self.op_dialect(name).hooks()
        convert = getattr(hooks, "convert_op", None)
        if convert is not None:  # e.g. VHLO's ops become StableHLO's as they are read
            name, props, attrs = convert(name, props or [], attrs, parent, at)
        if isinstance(props, list):
            from hlopt.ir.attributes import keyword_or_string

            props = ", ".join(f"{keyword_or_string(k)} = {v}" for k, v in props)
        ind = "  " * depth
        head = ind + (", ".join(results) + " = " if results else "") + _quote_op(name) + "(" + ", ".join(operands) + ")"
        if succs:
            head += "[" + ", ".join(succs) + "]"
        if props:
            head += " <{" + props + "}>"
        out.append(head)
        if mask & HAS_INLINE_REGIONS:
            n_regions, isolated = s.varint_flag()
            out.append(" (")
            rs, inner = s, scope
            if isolated:
                inner = _Scope()
                if self.version >= LAZY_LOADING:
                    at = s.pos
                    sid, start, end = s.section()
                    if sid != S_IR:
                        raise BytecodeError(f"expected IR section for an isolated region, got: {sid}", at)
                    rs = Stream(self.data, start, end)
            for i in range(n_regions):
                if i:
                    out.append(", ")
                self._region(rs, inner, out, depth, name)
            out.append(")")
        tail = ""
        if attrs and attrs != "{}":
            tail += " " + attrs
        out.append(tail + " : (")
        out.append(_Types(operands))  # forward references get their types later
        out.append(") -> ")
        out.append(res_types[0] if len(res_types) == 1 and not res_types[0].startswith("(")
                   else f"({', '.join(res_types)})")
        out.append(f" {loc if loc.startswith('loc(') else 'loc(' + loc + ')'}\n")

    def _region(self, s: Stream, scope: _Scope, out: list[str | _Types], depth: int, parent: str) -> None:
        n_blocks = s.varint()
        if n_blocks == 0:
            out.append("{\n" + "  " * depth + "}")
            return
        scope.push(s.varint())
        labels = []
        for _ in range(n_blocks):
            labels.append(f"^bb{self.next_block}")
            self.next_block += 1
        out.append("{\n")
        for label in labels:
            n_ops, has_args = s.varint_flag()
            args = []
            if has_args:
                for _ in range(s.varint()):
                    if self.version >= ELIDE_UNKNOWN_BLOCK_ARG_LOCATION:
                        t, has_loc = s.varint_flag()
                        loc = self.attr(s.varint(), s) if has_loc else "loc(unknown)"
                    else:
                        t = s.varint()
                        loc = self.attr(s.varint(), s)
                    ty = self.type(t, s)
                    v = scope.define(self, ty)
                    args.append(f"{v}: {ty} {loc if loc.startswith('loc(') else 'loc(' + loc + ')'}")
                if self.version >= USE_LIST_ORDERING and s.byte():
                    skip_use_lists(s, len(args))
            out.append("  " * depth + label + (f"({', '.join(args)})" if args else "") + ":\n")
            for _ in range(n_ops):
                self._op(s, scope, out, labels, depth + 1, parent)
        out.append("  " * depth + "}")
        scope.pop()


def split_segment_sizes(attrs: str, props: Any) -> tuple[Any, str | None]:
    """Before native properties, an op's segment sizes sat in its attribute
    dictionary; they are inherent (properties) in every later reader."""
    entries = getattr(attrs, "entries", None)
    if not entries or not any(k in ("operandSegmentSizes", "resultSegmentSizes") for k, _ in entries):
        return props, attrs
    moved = [(k, v) for k, v in entries if k in ("operandSegmentSizes", "resultSegmentSizes")]
    rest = [(k, v) for k, v in entries if k not in ("operandSegmentSizes", "resultSegmentSizes")]
    rest_text = "{" + ", ".join(builtin.entry_text(k, v) for k, v in rest) + "}" if rest else None
    if rest_text is not None:
        d = builtin.DictText(rest_text)
        d.entries = rest
        rest_text = d
    return (props if isinstance(props, list) else []) + moved, rest_text


def _known(name: str) -> bool:
    from hlopt.ir.context import current_context

    return current_context().is_registered_dialect(name)


def _quote_op(name: str) -> str:
    from hlopt.ir.attributes import quote

    return quote(name)


def read_use_lists(s: Stream, n_values: int) -> list[tuple[int, list[int], bool]]:
    """The use-list orders of a range of `n_values` values (an op's results
    or a block's arguments): (value index, indices, index-pair encoding)
    for each value the writer gave an order; a range of one value names no
    index. The indices are applied by build.apply_use_list_orders."""
    count = s.varint() if n_values > 1 else 1
    out = []
    for _ in range(count):
        idx = 0
        if n_values > 1:
            idx = s.varint()
            if idx >= n_values:
                raise BytecodeError(f"invalid use-list value index: {idx}", s.pos)
        n, pairs = s.varint_flag()  # n counts every index, pairs included (2 per pair)
        out.append((idx, [s.varint() for _ in range(n)], pairs))
    return out


def skip_use_lists(s: Stream, n_values: int) -> None:
    """Read and check a use-list record (the order of uses does not show
    in the text)."""
    read_use_lists(s, n_values)


class _Types:
    """The operand types of an op, known once every value is defined."""

    __slots__ = ("values",)

    def __init__(self, values: list[str]):
        self.values = values


class _Scope:
    """Values of one isolated-from-above scope, numbered in definition
    order; nested regions take slots after their parent's and give them
    back when they end (MLIR's ValueScope)."""

    def __init__(self) -> None:
        self.values: list[str | None] = []
        self.next: list[int] = []
        self.starts: list[int] = []

    def push(self, n: int) -> None:
        self.starts.append(len(self.values))
        self.next.append(len(self.values))
        self.values.extend([None] * n)

    def pop(self) -> None:
        del self.values[self.starts.pop():]
        self.next.pop()

    def define(self, f: BytecodeFile, type_: str | None = None) -> str:
        i = self.next[-1]
        if i >= len(self.values):  # only the top-level block declares no count
            self.values.append(None)
        name = self.values[i] or f.new_value()
        self.values[i] = name
        self.next[-1] = i + 1
        if type_ is not None:
            f.value_types[name] = type_
        return name

    def use(self, i: int, f: BytecodeFile, s: Stream) -> str:
        if i >= len(self.values):
            raise BytecodeError(f"invalid value index: {i}", s.pos)
        name = self.values[i]
        if name is None:  # a forward reference (graph regions, successors)
            name = self.values[i] = f.new_value()
        return name


def read_ods_properties(opdef: Any, r: DialectReader, version: int) -> list[tuple[str, str]]:
    """The properties an ODS op writes natively: its inherent attributes in
    name order, optional or defaulted ones by readOptionalAttribute, and
    the operand/result segment sizes as varint arrays (format >= 6)."""
    entries: list[tuple[str, str]] = []
    names = sorted(f.name for f in opdef.attr_defs)
    optional = {f.name for f in opdef.attr_defs if f.arity != "single" or f.default is not None}
    segments = [(n, len(defs)) for n, defs, trait in (
        ("operandSegmentSizes", opdef.operand_defs, "AttrSizedOperandSegments"),
        ("resultSegmentSizes", opdef.result_defs, "AttrSizedResultSegments")) if trait in opdef.traits]
    for n in names:
        v = r.optional_attribute() if n in optional else r.attribute()
        if v is not None:
            entries.append((n, v))
    for n, size in segments:
        if version < NATIVE_PROPERTIES_SEGMENT_SIZES:
            entries.append((n, r.attribute()))
        else:
            entries.append((n, f"array<i32: {', '.join(map(str, read_sparse_array(r, size)))}>"))
    return sorted(entries)


def read_sparse_array(r: DialectReader, size: int) -> list[int]:
    """readSparseArray: dense varints, or (index | value << bits) pairs."""
    out = [0] * size
    count, sparse = r.s.varint_flag()
    if not sparse:
        if count > size:
            raise r.fail(f"trying to read an array of {count} but only {size} storage available")
        for i in range(count):
            out[i] = r.varint()
        return out
    bits = r.varint()
    for _ in range(count):
        pair = r.varint()
        i = pair & ((1 << bits) - 1)
        if i >= size:
            raise r.fail(f"invalid sparse array index {i}")
        out[i] = pair >> bits
    return out
