"""IREE's HAL runtime ops (hal.devices.*, hal.device.*, hal.device.queue.*,
hal.fence.*, hal.command_buffer.*, hal.buffer.*, hal.allocator.*,
hal.channel.*, hal.ex.file.from_memory) in IREE's custom forms.

Nearly all of them print as `name<%obj : T> kw(%a) kw(%b : T)[%o, %l]
kw("Flag|Other") : R{%size} attributes {...}`: a keyword per operand or
attribute. So each op is one row of `_OPS`: its operands and attributes in
ODS order (their order in the generic form) and the order its form spells
them. One grammar rule (grammars/hal_runtime.lark) reads every such form
into pieces; `_Form` checks the pieces against the row and prints the row.
Enum attributes are integers in the generic form, names in the custom one
(hal_enums.ENUMS, the one table hal.py uses too).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.dialects.hal_enums import ENUMS, enum_constraint, enum_text, enum_value  # noqa: F401  (re-exported)
from hlopt.dialects.util_ops import NullOp
from hlopt.ir.attributes import DenseArrayAttr, DictionaryAttr, IntegerAttr, StringAttr
from hlopt.ir.constraints import AnyOf, Constraint, Index, Integer
from hlopt.ir.core import Operation
from hlopt.ir.matchers import constant_value
from hlopt.ir.opdef import (
    OpDef,
    attr,
    operand,
    opt_attr,
    opt_operand,
    region,
    result,
    var_operand,
    var_result,
)
from hlopt.ir.traits import AttrSizedOperandSegments, SameVariadicOperandSize, Trait, op_error
from hlopt.ir.types import IndexType, IntegerType, OpaqueType, i1, i32, i64

_INDEX = IndexType()

# -- operand types ---------------------------------------------------------------------

def _hal(name: str, summary: str) -> tuple[Constraint, OpaqueType]:
    t = OpaqueType(name)
    return Constraint(lambda x: x is t, summary), t


_DEVICE = _hal("!hal.device", "device")
_FENCE = _hal("!hal.fence", "fence")
_BUFFER = _hal("!hal.buffer", "buffer")
_CMD = _hal("!hal.command_buffer", "command_buffer")
_EXE = _hal("!hal.executable", "executable")
_ALLOC = _hal("!hal.allocator", "allocator")
_CHANNEL = _hal("!hal.channel", "collective.channel")
_FILE = _hal("!hal.file", "buffer")
_UBUF = _hal("!util.buffer", "A reference counted byte buffer.")
_I1 = Integer([1], "", "1-bit signless integer")
_I32 = Integer([32], "", "32-bit signless integer")
_I64 = Integer([64], "", "64-bit signless integer")

# type code -> (constraint, implicit type or None when the form spells the type)
_TYPES: dict[str, tuple[Constraint, Any]] = {
    "dev": _DEVICE, "fence": _FENCE, "buf": _BUFFER, "cmd": _CMD, "exe": _EXE, "alloc": _ALLOC,
    "chan": _CHANNEL, "file": _FILE, "ubuf": _UBUF,
    "i1": (_I1, i1), "i32": (_I32, i32), "i64": (_I64, i64), "idx": (Index, _INDEX),
    "bufidx": (AnyOf(Index, _BUFFER[0], summary="index or buffer"), None),
    "pat": (Integer([8, 16, 32], "", "8-bit signless integer or 16-bit signless integer or "
                    "32-bit signless integer"), None),
    "any": (Constraint(lambda t: True, "any type"), None),
    "resolved": (AnyOf(_DEVICE[0], _ALLOC[0], _I64, summary="device or allocator or 64-bit signless integer"),
                 None),
}


# -- the rows ---------------------------------------------------------------------------
#
# ins:  operands `name:code` (`*` variadic, `?` optional) and attributes `name=Enum`,
#       `name=str`, `name=attr` (`?` optional), in ODS order
# outs: results `name:code`
# fmt:  the custom form, piece by piece:
#   <x>       `<%x : T>`               %x        `%x` (type implied)
#   kw(x)     `kw(%x)` (type implied)   kw(x:)    `kw(%x : T)`
#   kw(x=)    `kw(Enum)` / `kw("s")` / `kw(#attr)`, whatever x's kind
#   kw([x])   `kw([%a, %b])`            [a,b] [a] [a~b]  `[%a, %b]`, `[%a]`, `[%a for %b]`
#   ?...      an optional group (present when its first operand/attribute is)
#   {}        `{attrs}` (attr-dict without keyword)
#   :r,s  :r{n}   result types after `:` (r{n}: `T{%n}`)   ->r   after `->`
#   *name     a custom piece (bindings, ...)
# names: the result names IREE's getAsmResultNames gives


class _Row:
    __slots__ = ("name", "operands", "attrs", "results", "fmt", "names", "segments", "same_size")

    def __init__(self, name: str, ins: str, outs: str, fmt: str, names: Sequence[str] = (),
                 segments: bool = False, same_size: bool = False):
        self.name = name
        self.operands: list[tuple[str, str, str]] = []  # (name, code, arity '', '?', '*')
        self.attrs: list[tuple[str, str, bool]] = []    # (name, kind, optional)
        for piece in ins.split():
            if "=" in piece:
                n, k = piece.split("=")
                self.attrs.append((n, k.rstrip("?"), k.endswith("?")))
            else:
                n, c = piece.split(":")
                arity = c[-1] if c[-1] in "*?" else ""
                self.operands.append((n, c.rstrip("*?"), arity))
        self.results: list[tuple[str, str]] = []  # (name, code[*])
        for p in outs.split():
            n, c = p.split(":")
            self.results.append((n, c))
        self.fmt = fmt.split()
        self.names = tuple(names)
        self.segments, self.same_size = segments, same_size


_DQ = "<device> affinity(queue_affinity) wait(wait_fence) signal(signal_fence)"
_DQ_INS = "device:dev queue_affinity:i64 wait_fence:fence signal_fence:fence"

_ROWS = [
    _Row("hal.devices.count", "", "result:idx", "{} :result", ["device_count"]),
    _Row("hal.devices.get", "index:idx", "result:dev", "%index {} :result", ["device_n"]),
    _Row("hal.device.allocator", "device:dev", "result:alloc", "<device> :result", ["allocator"]),
    _Row("hal.device.queue.alloca", _DQ_INS + " pool:i64 memory_types:i32 buffer_usage:i32 result_size:idx "
         "flags=AllocaFlag", "result:buf",
         _DQ + " pool(pool) type(memory_types) usage(buffer_usage) flags(flags=) :result{result_size}",
         ["transient_buffer"]),
    _Row("hal.device.queue.dealloca", _DQ_INS + " buffer:buf flags=DeallocaFlag", "",
         _DQ + " buffer(buffer:) flags(flags=)"),
    _Row("hal.device.queue.fill", _DQ_INS + " target_buffer:buf target_offset:idx length:idx pattern:pat "
         "flags=Flag", "",
         _DQ + " target(target_buffer:) [target_offset] length(length) pattern(pattern:) flags(flags=)"),
    _Row("hal.device.queue.update", _DQ_INS + " source_buffer:ubuf source_offset:idx target_buffer:buf "
         "target_offset:idx length:idx flags=Flag", "",
         _DQ + " source(source_buffer:) [source_offset] target(target_buffer:) [target_offset] length(length)"
         " flags(flags=)"),
    _Row("hal.device.queue.copy", _DQ_INS + " source_buffer:buf source_offset:idx target_buffer:buf "
         "target_offset:idx length:idx flags=Flag", "",
         _DQ + " source(source_buffer:) [source_offset] target(target_buffer:) [target_offset] length(length)"
         " flags(flags=)"),
    _Row("hal.device.queue.read", _DQ_INS + " source_file:file source_offset:i64 target_buffer:buf "
         "target_offset:idx length:idx flags=Flag", "",
         _DQ + " source(source_file:) [source_offset] target(target_buffer:) [target_offset] length(length)"
         " flags(flags=)"),
    _Row("hal.device.queue.write", _DQ_INS + " source_buffer:buf source_offset:idx target_file:file "
         "target_offset:i64 length:idx flags=Flag", "",
         _DQ + " source(source_buffer:) [source_offset] target(target_file:) [target_offset] length(length)"
         " flags(flags=)"),
    _Row("hal.device.queue.barrier", _DQ_INS + " flags=Flag", "", _DQ + " flags(flags=)"),
    _Row("hal.device.queue.execute", _DQ_INS + " command_buffer:cmd flags=Flag", "",
         _DQ + " commands(command_buffer) flags(flags=)"),
    _Row("hal.device.queue.execute.indirect", _DQ_INS + " command_buffer:cmd binding_buffers:buf* "
         "binding_offsets:idx* binding_lengths:idx* flags=Flag", "",
         _DQ + " commands(command_buffer) *table flags(flags=)", same_size=True),
    _Row("hal.device.queue.flush", "device:dev queue_affinity:i64", "", "<device> affinity(queue_affinity)"),
    _Row("hal.fence.create", "device:dev flags=Flag", "result:fence", "device(device:) flags(flags=) :result",
         ["fence"]),
    _Row("hal.fence.join", "flags=Flag fences:fence*", "result:fence", "at([fences]) flags(flags=) ->result",
         ["fence"]),
    _Row("hal.fence.query", "fence:fence", "status:i32", "<fence> :status"),
    _Row("hal.fence.signal", "fence:fence", "", "<fence>"),
    _Row("hal.fence.fail", "fence:fence status:i32", "", "<fence> status(status)"),
    _Row("hal.fence.await", "timeout_millis:i32 flags=Flag fences:fence*", "status:i32",
         "until([fences]) timeout_millis(timeout_millis) flags(flags=) :status", ["status"]),
    _Row("hal.command_buffer.create", "device:dev modes=CommandBufferMode command_categories=CommandCategory "
         "queue_affinity:i64 binding_capacity:idx?", "result:cmd",
         "device(device:) mode(modes=) categories(command_categories=) affinity(queue_affinity) "
         "?bindings(binding_capacity) :result", ["cmd"]),
    _Row("hal.command_buffer.finalize", "command_buffer:cmd", "", "<command_buffer>"),
    _Row("hal.command_buffer.device", "command_buffer:cmd", "device:dev", "<command_buffer> :device"),
    _Row("hal.command_buffer.begin_debug_group", "command_buffer:cmd label=str", "",
         "<command_buffer> label(label=)"),
    _Row("hal.command_buffer.end_debug_group", "command_buffer:cmd", "", "<command_buffer>"),
    _Row("hal.command_buffer.execution_barrier", "command_buffer:cmd source_stage_mask=ExecutionStage "
         "target_stage_mask=ExecutionStage flags=Flag", "",
         "<command_buffer> source(source_stage_mask=) target(target_stage_mask=) flags(flags=)"),
    _Row("hal.command_buffer.fill_buffer", "command_buffer:cmd target_buffer:bufidx target_offset:idx "
         "length:idx pattern:pat flags=Flag", "",
         "<command_buffer> target(target_buffer:) [target_offset,length] pattern(pattern:) flags(flags=)"),
    _Row("hal.command_buffer.update_buffer", "command_buffer:cmd source_buffer:ubuf source_size:idx "
         "source_offset:idx target_buffer:bufidx target_offset:idx length:idx flags=Flag", "",
         "<command_buffer> *source [source_offset] target(target_buffer:) [target_offset] length(length) "
         "flags(flags=)"),
    _Row("hal.command_buffer.copy_buffer", "command_buffer:cmd source_buffer:bufidx source_offset:idx "
         "target_buffer:bufidx target_offset:idx length:idx flags=Flag", "",
         "<command_buffer> source(source_buffer:) [source_offset] target(target_buffer:) [target_offset] "
         "length(length) flags(flags=)"),
    _Row("hal.command_buffer.dispatch", "command_buffer:cmd executable:exe entry_point:i64 workgroup_x:idx "
         "workgroup_y:idx workgroup_z:idx constants:i32* binding_buffers:bufidx* binding_offsets:idx* "
         "binding_lengths:idx* flags=Flag", "",
         "<command_buffer> target(executable:) [entry_point] *workgroups ?constants([constants]) *bindings "
         "flags(flags=)", segments=True),
    _Row("hal.command_buffer.dispatch.indirect", "command_buffer:cmd executable:exe entry_point:i64 "
         "workgroups_buffer:bufidx workgroups_offset:idx constants:i32* binding_buffers:bufidx* "
         "binding_offsets:idx* binding_lengths:idx* flags=Flag", "",
         "<command_buffer> target(executable:) [entry_point] workgroups(workgroups_buffer:) [workgroups_offset] "
         "?constants([constants]) *bindings flags(flags=)", segments=True),
    _Row("hal.command_buffer.flush_buffer", "command_buffer:cmd target_buffer:bufidx target_offset:idx length:idx",
         "", "<command_buffer> target(target_buffer:) [target_offset,length]"),
    _Row("hal.command_buffer.invalidate_buffer", "command_buffer:cmd target_buffer:bufidx target_offset:idx "
         "length:idx", "", "<command_buffer> target(target_buffer:) [target_offset,length]"),
    _Row("hal.command_buffer.collective", "command_buffer:cmd channel:chan op=collective element_count:idx "
         "param:i32? send_buffer:bufidx? send_offset:idx? send_length:idx? recv_buffer:bufidx? recv_offset:idx? "
         "recv_length:idx?", "",
         "<command_buffer> channel(channel:) op(op=) ?param(param:) ?send(send_buffer:) ?[send_offset,send_length] "
         "?recv(recv_buffer:) ?[recv_offset,recv_length] count(element_count)", segments=True),
    _Row("hal.device.query", "device:dev category=str key=str default_value=attr?", "ok:i1 value:any",
         "<device> *key :ok,value=default_value", ["ok", "value"]),
    _Row("hal.device.memoize", "device:dev queue_affinity:i64", "results:any*",
         "<device> affinity(queue_affinity) ->results* ^body"),
    _Row("hal.device.resolve", "affinity=attr?", "results:resolved*", "?on(affinity=) {} :results*"),
    _Row("hal.buffer.subspan", "source_buffer:buf source_offset:idx length:idx", "result:buf",
         "<source_buffer> [source_offset,length] :result", ["buffer"]),
    _Row("hal.buffer.length", "buffer:buf", "result:idx", "<buffer> :result", ["length"]),
    _Row("hal.buffer.load", "source_buffer:buf source_offset:idx", "result:any",
         "<source_buffer> [source_offset] :result"),
    _Row("hal.buffer.store", "value:any target_buffer:buf target_offset:idx", "",
         "<target_buffer> [target_offset] value(value:)"),
    _Row("hal.buffer.assert", "buffer:buf message=str allocator:alloc minimum_length:idx "
         "memory_types=MemoryType buffer_usage=BufferUsage", "",
         "<buffer> message(message=) allocator(allocator:) minimum_length(minimum_length) type(memory_types=) "
         "usage(buffer_usage=)"),
    _Row("hal.buffer.allocation.preserve", "buffer:buf", "", "<buffer>"),
    _Row("hal.buffer.allocation.discard", "buffer:buf", "result:i1", "<buffer> :result", ["was_terminal"]),
    _Row("hal.buffer.allocation.is_terminal", "buffer:buf", "result:i1", "<buffer> :result", ["is_terminal"]),
    _Row("hal.allocator.allocate", "allocator:alloc queue_affinity:i64 memory_types:i32 buffer_usage:i32 "
         "result_size:idx", "result:buf",
         "<allocator> affinity(queue_affinity) type(memory_types) usage(buffer_usage) :result{result_size}",
         ["buffer"]),
    _Row("hal.allocator.import", "allocator:alloc queue_affinity:i64 memory_types:i32 buffer_usage:i32 "
         "source:ubuf offset:idx length:idx", "did_import:i1 result:buf",
         "<allocator> source(source:) [offset,length] affinity(queue_affinity) type(memory_types) "
         "usage(buffer_usage) :did_import,result", ["did_import", "mapped"]),
    _Row("hal.allocator.resolve_memory_properties", "affinity=attr? lifetime=Lifetime",
         "memory_types:i32 buffer_usage:i32", "?for(affinity=) lifetime(lifetime=) :memory_types,buffer_usage",
         ["memory_types", "buffer_usage"]),
    _Row("hal.allocator.select", "devices:dev* queue_affinities:i64* memory_types:i32 buffer_usage:i32",
         "selected_device:dev selected_queue_affinity:i64",
         "*from type(memory_types) usage(buffer_usage) :selected_device,selected_queue_affinity",
         ["device", "queue_affinity"], same_size=True),
    _Row("hal.channel.create", "device:dev queue_affinity:i64 flags=Flag id:ubuf group:ubuf rank:i32 count:i32",
         "result:chan", "device(device:) affinity(queue_affinity) flags(flags=) id(id) group(group) rank(rank) "
         "count(count) :result", ["channel"]),
    _Row("hal.channel.split", "channel:chan color:i32 key:i32 flags=Flag", "result:chan",
         "<channel> color(color) key(key) flags(flags=) :result", ["channel"]),
    _Row("hal.channel.rank_and_count", "channel:chan", "rank:i32 count:i32", "<channel> :rank,count",
         ["ccl_rank", "ccl_count"]),
    _Row("hal.ex.file.from_memory", "device:dev queue_affinity:i64 access=MemoryAccess buffer:ubuf offset:idx "
         "length:idx flags:i32", "result:file",
         "device(device:) affinity(queue_affinity) access(access=) buffer(buffer:) [offset~length] flags(flags) "
         ":result", ["memory_file"]),
]

_ROW_BY_NAME = {r.name: r for r in _ROWS}
_KW_PIECE = re.compile(r"(\??)(\w+)\((.*)\)\Z")
_USE1 = re.compile(r"\s*(%[\w$.\-]+(?:#\d+)?)\s*\Z")
_USE_TYPE = re.compile(r"\s*(%[\w$.\-]+(?:#\d+)?)\s*:\s*(.*?)\s*\Z", re.S)


def _err(msg: str, pos: int) -> Exception:
    from hlopt.syntax import ParseError

    return ParseError(msg, pos)


def _ferr(msg: str, pos: int) -> Exception:
    return _FormError(msg, pos)


def _perr(msg: str, pos: int) -> Exception:
    """A missing punctuation token: MLIR's parser says so without naming the op."""
    return _FormError(msg, pos, False)


class _Parsed:
    """What a form's pieces say: operands by name (lists), attributes by name."""

    __slots__ = ("s", "row", "values", "attrs")

    def __init__(self, s: Any, row: _Row):
        self.s, self.row = s, row
        self.values: dict[str, list] = {}
        self.attrs: dict[str, Any] = {}

    def code(self, name: str) -> str:
        return next(c for n, c, _ in self.row.operands if n == name)

    def implied(self, name: str) -> Any:
        return _TYPES[self.code(name)][1]

    def use(self, text: str, pos: int, t: Any) -> Any:
        """The value `%name` or `%name#k` (at `pos`) names, of type `t`."""
        name, _, k = text[1:].partition("#")
        return self.s.lookup(name, int(k or 0), t, pos)

    def one(self, name: str, inner: str, pos: int) -> None:
        """`%x` whose type the operand's declaration implies."""
        m = _USE1.match(inner)
        if m is None:
            raise _ferr("expected SSA operand", pos)
        self.values.setdefault(name, []).append(self.use(m.group(1), pos + m.start(1), self.implied(name)))

    def typed(self, name: str, inner: str, pos: int) -> None:
        """`%x : T`."""
        m = _USE_TYPE.match(inner)
        if m is None:
            raise _ferr("expected ':'", pos + len(inner))
        t = self.s.decode("type", m.group(2), pos + m.start(2))
        self.values.setdefault(name, []).append(self.use(m.group(1), pos + m.start(1), t))

    def uses(self, name: str, inner: str, pos: int) -> None:
        """`[%a, %b]` (types implied)."""
        body = inner.strip()
        if not (body.startswith("[") and body.endswith("]")):
            raise _ferr("expected '['", pos)
        off = pos + inner.index("[") + 1
        vals = self.values.setdefault(name, [])
        text = body[1:-1]
        if text.strip():
            for piece in text.split(","):
                m = _USE1.match(piece)
                if m is None:
                    raise _ferr("expected SSA operand", off)
                vals.append(self.use(m.group(1), off + m.start(1), self.implied(name)))
                off += len(piece) + 1

    def attr(self, name: str, inner: str, pos: int) -> None:
        kind = next(k for n, k, _ in self.row.attrs if n == name)
        text = inner.strip()
        pos += len(inner) - len(inner.lstrip())
        if kind == "str":
            a = self.s.decode("attr", text, pos) if text.startswith('"') else None
            if not isinstance(a, StringAttr):
                raise _ferr("expected string", pos)
        elif kind == "attr":
            a = self.s.decode("attr", text, pos)
        elif kind == "collective":
            a = self.s.decode("attr", "#hal.collective" + text, pos - len("#hal.collective"))
        else:
            v = enum_value(kind, text)
            if v is None and text.startswith('"') and ENUMS[kind][1]:
                raise _ferr(f"invalid {name} attribute specification: {text}", pos)
            if v is None:
                cases = ", ".join(n for n, _ in ENUMS[kind][2])
                raise _ferr(f"expected string or keyword containing one of the "
                           f"following enum values for attribute '{name}' [{cases}]", pos)
            a = IntegerAttr(v, i64 if ENUMS[kind][0] == 64 else i32)
        self.attrs[name] = a


def _inner(tok: Any) -> tuple[str, int]:
    text = str(tok)
    return text[1:-1], tok.start_pos + 1


class _Cursor:
    """Reads the inside of a `kw(...)` token piece by piece, with MLIR's
    messages for a missing piece (punctuation reported at the end of the
    token before it)."""

    _USE = re.compile(r"%[\w$.\-]+(?:#\d+)?")
    _STR = re.compile(r'"(?:[^"\\]|\\.)*"')

    def __init__(self, pr: _Parsed, text: str, pos: int):
        self.pr, self.text, self.base, self.i = pr, text, pos, 0

    def _skip(self) -> None:
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1

    def at(self, tok: str) -> bool:
        self._skip()
        return self.text.startswith(tok, self.i)

    def missing(self, what: str) -> Exception:
        end = len(self.text[:self.i].rstrip())
        return _perr(f"expected {what}", self.base + end)

    def expect(self, tok: str) -> None:
        if not self.at(tok):
            raise self.missing(f"'{tok}'")
        self.i += len(tok)

    def use(self) -> tuple[str, int]:
        self._skip()
        m = self._USE.match(self.text, self.i)
        if m is None:
            raise _ferr("expected SSA operand", self.base + self.i)
        self.i = m.end()
        return m.group(), self.base + m.start()

    def string(self) -> tuple[str, int]:
        self._skip()
        m = self._STR.match(self.text, self.i)
        if m is None:
            raise _ferr("expected string", self.base + self.i)
        self.i = m.end()
        return m.group(), self.base + m.start()

    def type(self, stop: str) -> Any:
        """A type running up to `stop` (`)`, `,`, `{`) at bracket depth 0."""
        from hlopt.syntax import scan_balanced

        self._skip()
        start, k = self.i, self.i
        while k < len(self.text) and self.text[k] not in stop:
            k = scan_balanced(self.text, k) if self.text[k] in "<([{" else k + 1
        body = self.text[start:k].rstrip()
        if not body:
            raise _ferr("expected type", self.base + start)
        self.i = start + len(body)
        return self.pr.s.decode("type", body, self.base + start)

    def done(self) -> None:
        self._skip()
        if self.i < len(self.text):
            raise _perr("expected ')'", self.base + self.i)

    def operand(self, name: str, t: Any = None) -> None:
        text, pos = self.use()
        self.pr.values.setdefault(name, []).append(self.pr.use(text, pos, t or self.pr.implied(name)))


def _bindings(pr: _Parsed, inner: str, pos: int, names: Sequence[str]) -> None:
    """`[(%b : T)[%o, %l], ...]`: buffers, offsets, lengths (one or more)."""
    c = _Cursor(pr, inner, pos)
    c.expect("[")
    while True:
        c.expect("(")
        text, upos = c.use()
        c.expect(":")
        t = c.type(")")
        pr.values.setdefault(names[0], []).append(pr.use(text, upos, t))
        c.expect(")")
        c.expect("[")
        c.operand(names[1])
        c.expect(",")
        c.operand(names[2])
        c.expect("]")
        if not c.at(","):
            break
        c.expect(",")
    c.expect("]")
    c.done()


def _select_list(pr: _Parsed, inner: str, pos: int) -> None:
    """`[(%device, %affinity : !hal.device, i64), ...]` (one or more)."""
    c = _Cursor(pr, inner, pos)
    c.expect("[")
    while True:
        c.expect("(")
        dev = c.use()
        c.expect(",")
        aff = c.use()
        c.expect(":")
        td = c.type(",")
        c.expect(",")
        ta = c.type(")")
        c.expect(")")
        pr.values.setdefault("devices", []).append(pr.use(dev[0], dev[1], td))
        pr.values.setdefault("queue_affinities", []).append(pr.use(aff[0], aff[1], ta))
        if not c.at(","):
            break
        c.expect(",")
    c.expect("]")
    c.done()


def _workgroups(pr: _Parsed, inner: str, pos: int) -> None:
    """`[%x, %y, %z]`."""
    c = _Cursor(pr, inner, pos)
    c.expect("[")
    for k, name in enumerate(("workgroup_x", "workgroup_y", "workgroup_z")):
        if k:
            c.expect(",")
        c.operand(name)
    c.expect("]")
    c.done()


def _update_source(pr: _Parsed, inner: str, pos: int) -> None:
    """`%b : !util.buffer{%size}`."""
    c = _Cursor(pr, inner, pos)
    text, upos = c.use()
    c.expect(":")
    t = c.type("{")
    pr.values.setdefault("source_buffer", []).append(pr.use(text, upos, t))
    c.expect("{")
    c.operand("source_size")
    c.expect("}")
    c.done()


def _query_key(pr: _Parsed, inner: str, pos: int) -> None:
    """`"category" :: "key"`."""
    c = _Cursor(pr, inner, pos)
    cat = c.string()
    c.expect(":")
    c.expect(":")
    key = c.string()
    c.done()
    pr.attrs["category"] = pr.s.decode("attr", cat[0], cat[1])
    pr.attrs["key"] = pr.s.decode("attr", key[0], key[1])


_CUSTOM_KW = {
    "key": ("key", _query_key),
    "bindings": ("bindings", lambda pr, t, p: _bindings(pr, t, p, ("binding_buffers", "binding_offsets",
                                                                 "binding_lengths"))),
    "table": ("bindings", lambda pr, t, p: _bindings(pr, t, p, ("binding_buffers", "binding_offsets",
                                                              "binding_lengths"))),
    "from": ("from", _select_list),
    "workgroups": ("workgroups", _workgroups),
    "source": ("source", _update_source),
}


def _parse_form(s: Any, row: _Row, pieces: list, end_pos: int, head_end: int) -> _Parsed:
    try:
        return _walk_form(s, row, pieces, end_pos, head_end)
    except _FormError as e:  # MLIR names the op whose custom parser failed (not for punctuation)
        named = len(e.args) < 3 or e.args[2]
        raise _err(f"custom op '{row.name}' {e.args[0]}" if named else e.args[0], e.args[1]) from None


class _FormError(Exception):
    """A piece that does not fit the op's form (message, position)."""


def _trivia_end(text: str, pos: int) -> int:
    from hlopt.syntax import skip_trivia

    return skip_trivia(text, pos)


def _punct_pos(text: str, prev_end: int, nxt: int) -> int:
    """MLIR reports a missing punctuation token at the end of the token
    before it (backing up over whitespace from the next token)."""
    return max(prev_end, len(text[:nxt].rstrip()))


def _skip_closers(text: str, pos: int) -> int:
    """Past the `]` that closes an index list (the end of the last token)."""
    from hlopt.syntax import skip_trivia

    q = skip_trivia(text, pos)
    while text.startswith("]", q):
        pos = q + 1
        q = skip_trivia(text, pos)
    return pos


def _walk_form(s: Any, row: _Row, pieces: list, end_pos: int, head_end: int) -> _Parsed:
    pr = _Parsed(s, row)
    i = 0

    def peek() -> Any:
        return pieces[i] if i < len(pieces) else None

    def where() -> int:
        p = peek()
        return p[-1] if p is not None else end_pos

    def leftover(pos: int) -> Exception:
        """A token past the end of the form: MLIR starts reading the next op there."""
        return _perr("expected operation name in quotes", len(s.src.text[:pos].rstrip()))

    def punct_where() -> int:
        """MLIR reports a missing punctuation token at the next token, or at
        the end of the previous one when the next is on another line."""
        prev = _piece_end(pieces[i - 1]) if i else head_end
        return _punct_pos(s.src.text, _skip_closers(s.src.text, prev), where())

    for el in row.fmt:
        p = peek()
        if el == "^body":
            continue
        if el.startswith("<"):
            if p is None or p[0] != "angle":
                raise _ferr("expected '<'", where())
            pr.typed(el[1:-1], p[1], p[2])
        elif el.startswith("%"):
            if p is None or p[0] != "lead":
                raise _ferr("expected SSA operand", where())
            pr.values[el[1:]] = [pr.use(p[1], p[2], pr.implied(el[1:]))]
        elif el.startswith("[") or el.startswith("?["):
            if el[0] == "?":
                if p is None or p[0] != "idx":
                    continue
                el = el[1:]
            names = re.split(r"[,~]", el[1:-1])
            if p is None or p[0] != "idx":
                raise _perr("expected '['", punct_where())
            if len(p[1]) != len(names) or p[2] != ("~" in el):
                k = min(len(p[1]), len(names)) - 1  # the last use both agree on; the mismatch follows it
                text, pos = p[1][k]
                at = _trivia_end(s.src.text, pos + len(text))
                want = ("for" if "~" in el else ",") if len(p[1]) < len(names) or p[2] != ("~" in el) else "]"
                if len(p[1]) > len(names):
                    want = "]"
                raise _perr(f"expected '{want}'", at)
            for n, (text, pos) in zip(names, p[1]):
                pr.values[n] = [pr.use(text, pos, pr.implied(n))]
        elif el == "{}":
            if p is not None and p[0] == "dict":
                pr.attrs["__dict__"] = p[1]
            else:
                continue
        elif el.startswith(":") or el.startswith("->"):
            if p is None or p[0] != "sig" or p[1] != el[:1]:
                raise _perr("expected '" + ("->" if el.startswith("->") else ":") + "'", punct_where())
            outs_text, _, default = el.lstrip(":->").partition("=")
            outs = outs_text.split(",")
            if outs[-1].endswith("*"):  # variadic: every type listed
                outs = outs[:-1] + [outs[-1][:-1]] * (len(p[2]) - len(outs) + 1)
            if len(p[2]) < len(outs):
                raise _perr("expected ','", _trivia_end(s.src.text, p[2][-1][3]))
            if len(p[2]) > len(outs):
                raise leftover(p[2][len(outs) - 1][3])
            if p[4] is not None:
                if not default:
                    raise leftover(p[4][1])
                pr.attrs[default] = p[4][0]
            types = []
            for out, (t, dims, tpos, _) in zip(outs, p[2]):
                m = re.fullmatch(r"(\w+)(?:\{(\w+)\})?", out)
                assert m is not None  # the row's own result spec
                if dict(row.results).get(m.group(1)) == "idx" and not isinstance(t, IndexType):
                    raise _ferr(f"invalid kind of type specified: expected builtin.index, but found '{t.text}'", tpos)
                types.append(t)
                if m.group(2):
                    if dims is None:
                        raise _ferr("expected '{'", tpos)
                    pr.one(m.group(2), dims[0], dims[1])
                elif dims is not None:
                    raise leftover(dims[1] - 1)
            pr.attrs["__types__"] = types
        elif el.startswith("*"):
            kw, fn = _CUSTOM_KW[el[1:]]
            if p is None or p[0] != "kw" or p[1] != kw:
                raise _ferr(f"expected '{kw}'", where())
            fn(pr, p[2], p[3])
        else:
            km = _KW_PIECE.match(el)
            assert km is not None  # the row's own format piece
            opt, kw, what = km.groups()
            if p is None or p[0] != "kw" or p[1] != kw:
                if opt:
                    continue
                raise _ferr(f"expected '{kw}'", where())
            name = what.strip("[]:=")
            if what.startswith("["):
                pr.uses(name, p[2], p[3])
            elif what.endswith(":"):
                pr.typed(name, p[2], p[3])
            elif what.endswith("="):
                pr.attr(name, p[2], p[3])
            else:
                pr.one(name, p[2], p[3])
        i += 1
    if i < len(pieces):
        raise leftover(pieces[i][-1])
    return pr


def _build(row: _Row, pr: _Parsed, attrs: Any, regions: Sequence[Any] = ()) -> Operation:
    operands, sizes = [], []
    for name, _, _ in row.operands:
        vals = pr.values.get(name, [])
        operands += vals
        sizes.append(len(vals))
    props: dict[str, Any] = {n: pr.attrs[n] for n, _, _ in row.attrs if n in pr.attrs}
    if row.segments:
        props["operandSegmentSizes"] = DenseArrayAttr(i32, sizes)
    extra = pr.attrs.get("__dict__")
    return Operation(row.name, operands, pr.attrs.get("__types__", []), DictionaryAttr(props) if props else None,
                     attrs if attrs is not None else extra, list(regions))


# -- grammar callbacks ---------------------------------------------------------------------


def hal_rt_word(s: Any, c: list) -> tuple[str, int]:
    (tok,) = c
    return str(tok), tok.start_pos


def hal_rt_kw(s: Any, c: list) -> list:
    (word, pos), ops, idx = c
    inner, ipos = _inner(ops)
    out = [("kw", word, inner, ipos, pos)]
    if idx is not None:
        out.append(idx)
    return out


def hal_rt_idx(s: Any, c: list) -> tuple:
    uses = [(str(t), t.start_pos) for t in c if t is not None]
    return ("idx", uses, False, c[0].start_pos - 1)


def hal_rt_for(s: Any, c: list) -> tuple:
    return ("idx", [(str(t), t.start_pos) for t in c], True, c[0].start_pos - 1)


def hal_rt_type(s: Any, c: list) -> tuple:
    t, dims = c if len(c) == 2 else (c[0], None)
    d = None
    if dims is not None:
        d = _inner(dims)
    return (s.decode_type(t), d, t.start_pos, (dims or t).end_pos)


def hal_rt_sig(s: Any, c: list) -> tuple:
    *types, default = c
    d = (s.decode("attr", str(default), default.start_pos), default.start_pos, default.end_pos) \
        if default is not None else None
    return ("sig", ":", types, types[0][2], d, _before(s.src.text, types[0][2], ":"))


def hal_rt_arrow(s: Any, c: list) -> tuple:
    types = [x for x in c if x is not None]
    return ("sig", "-", types, types[0][2] if types else 0, None, _before(s.src.text, types[0][2], "->")
            if types else 0)


def hal_rt(s: Any, c: list) -> tuple[Operation, int]:
    (row, pr, attrs, pos, end), body = c
    s.pending.pop()
    if body is None:
        if "^body" in row.fmt:
            text = s.src.text
            end = _skip_closers(text, end)
            raise _err("expected '{' to begin a region", _punct_pos(text, end, _trivia_end(text, end)))
        return _build(row, pr, attrs), pos
    if "^body" not in row.fmt:  # MLIR reads the `{` as the start of another op
        text = s.src.text
        end = _skip_closers(text, end)
        raise _err("expected operation name in quotes", _punct_pos(text, end, _trivia_end(text, end)))
    if not body.blocks:
        body.add_block()
    block = body.blocks[0]
    if block.terminator is None:
        block.append(Operation("hal.return"))  # the implicit terminator
    return _build(row, pr, attrs, [body]), pos


def _before(text: str, pos: int, tok: str) -> int:
    """Where `tok` (the `:` or `->` before a type list) starts."""
    return text.rfind(tok, 0, pos)


def _piece_end(x: tuple) -> int:
    kind = x[0]
    if kind in ("angle", "kw"):
        return x[2 if kind == "angle" else 3] + len(x[1 if kind == "angle" else 2]) + 1
    if kind == "idx":
        return x[1][-1][1] + len(x[1][-1][0])
    if kind == "lead":
        return x[2] + len(x[1])
    if kind == "sig":
        return x[4][2] if x[4] is not None else x[2][-1][3] if x[2] else x[3] + 2
    return 0


def _next_token(text: str, pos: int) -> int:
    """Where the token after `pos` starts (past whitespace, comments and the
    `]` that closes an index list): MLIR reports a missing piece there."""
    from hlopt.syntax import skip_trivia

    pos = skip_trivia(text, pos)
    while text.startswith("]", pos):
        pos = skip_trivia(text, pos + 1)
    return pos


def hal_rt_head(s: Any, c: list) -> tuple:
    kw, angle, idx, lead, *mid = c
    pred, sig, attrs = mid[-3:]
    pieces: list = []
    if angle is not None:
        inner, pos = _inner(angle)
        pieces.append(("angle", inner, pos, angle.start_pos))
    if idx is not None:
        pieces.append(idx)
    if lead is not None:
        pieces.append(("lead", str(lead), lead.start_pos, lead.start_pos))
    for k in mid[:-3]:
        pieces.extend(k)
    if pred is not None:
        pieces.append(("dict", s.decode_dict(pred), pred.start_pos))
    if sig is not None:
        pieces.append(sig)
    row = _ROW_BY_NAME[str(kw)]
    if attrs is not None and "{}" in row.fmt:  # `{attrs}` forms end at their type: MLIR reads a new op
        raise _err("Dialect `' not found for custom op 'attributes'  (tried '.attributes' as well)",
                   s.src.text.rfind("attributes", 0, attrs.start_pos))
    end = max([kw.end_pos, *(_piece_end(x) for x in pieces)] + [x.end_pos for x in (attrs, pred) if x is not None])
    pr = _parse_form(s, row, pieces, _next_token(s.src.text, end), kw.end_pos)
    s.pending.append((row.name, None))
    return row, pr, s.decode_dict(attrs) if attrs is not None else None, kw.start_pos, end


SYNTAX = {"hal_rt": hal_rt, "hal_rt_head": hal_rt_head, "hal_rt_plain": hal_rt_type, "hal_rt_word": hal_rt_word, "hal_rt_kw": hal_rt_kw, "hal_rt_idx": hal_rt_idx,
          "hal_rt_for": hal_rt_for, "hal_rt_type": hal_rt_type, "hal_rt_sig": hal_rt_sig,
          "hal_rt_arrow": hal_rt_arrow}


# -- printing ------------------------------------------------------------------------------


def _print_bindings(p: Any, bufs: Sequence[Any], offs: Sequence[Any], lens: Sequence[Any]) -> str:
    from hlopt.syntax import INDENT

    ind = "\n" + INDENT * p.indent
    items = [f"{ind}  ({p.value(b)} : {p.type_text(b.type)})[{p.value(o)}, {p.value(n)}]"
             for b, o, n in zip(bufs, offs, lens, strict=True)]
    return " bindings([" + ", ".join(items) + ind + "])"


def _print_select(p: Any, devs: Sequence[Any], affs: Sequence[Any]) -> str:
    from hlopt.syntax import INDENT

    ind = "\n" + INDENT * p.indent
    items = [f"({p.value(d)}, {p.value(a)} : {p.type_text(d.type)}, {p.type_text(a.type)})"
             for d, a in zip(devs, affs, strict=True)]
    return " from([" + ind + "  " + ("," + ind + "  ").join(items) + ind + "])"


def _attr_text(p: Any, kind: str, a: Any) -> str:
    if kind == "str":
        if not isinstance(a, StringAttr):
            raise ValueError
        return p.attr_text(a)
    if kind == "attr":
        return p.attr_text(a)
    if kind == "collective":
        t = p.attr_text(a)
        if not t.startswith("#hal.collective<"):
            raise ValueError
        return t[len("#hal.collective"):]
    width = ENUMS[kind][0]
    if not isinstance(a, IntegerAttr) or not isinstance(a.type, IntegerType) or a.type.width != width:
        raise ValueError
    t = enum_text(kind, a.value)
    if t is None:
        raise ValueError
    return t


def print_form(row: _Row, cls: Any, op: Operation, p: Any) -> str | None:
    """The custom form, or None (generic) when the op's pieces do not fit it."""
    try:
        return _print_form(row, cls, op, p)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return None


def _print_form(row: _Row, cls: Any, op: Operation, p: Any) -> str:
    known = {n for n, _, _ in row.attrs} | ({"operandSegmentSizes"} if row.segments else set())
    if any(k not in known for k, _ in op.properties.entries) if op.properties else False:
        raise ValueError
    has_body = "^body" in row.fmt
    if len(op.regions) != has_body or op.successors:
        raise ValueError
    if not row.results[-1:] or not row.results[-1][1].endswith("*"):
        if len(op.results) != len(row.results):
            raise ValueError
    groups = {}
    for (name, _, arity), (start, n) in zip(row.operands, cls.operand_segments(op), strict=True):
        vals = op.operands[start:start + n]
        if arity == "" and n != 1 or arity == "?" and n > 1:
            raise ValueError
        groups[name] = vals
    kinds = {n: k for n, k, _ in row.attrs}
    props = op.properties
    s = row.name
    dict_printed = False
    for el in row.fmt:
        if el == "^body":
            continue
        if el.startswith("<"):
            (v,) = groups[el[1:-1]]
            s += f"<{p.value(v)} : {p.type_text(v.type)}>"
        elif el.startswith("%"):
            (v,) = groups[el[1:]]
            s += " " + p.value(v)
        elif el.startswith("[") or el.startswith("?["):
            names = re.split(r"[,~]", el.strip("?[]"))
            if el[0] == "?" and not groups[names[0]]:
                continue
            vals = [groups[n][0] for n in names]
            s += "[" + (" for " if "~" in el else ", ").join(p.value(v) for v in vals) + "]"
        elif el == "{}":
            s += p.attr_dict(op.attributes)
            dict_printed = True
        elif el.startswith(":") or el.startswith("->"):
            outs_text, _, default = el.lstrip(":->").partition("=")
            outs = outs_text.split(",")
            if outs[-1].endswith("*"):
                outs = outs[:-1] + [outs[-1][:-1]] * (len(op.results) - len(outs) + 1)
            parts = []
            for out, r in zip(outs, op.results, strict=True):
                m = re.fullmatch(r"(\w+)(?:\{(\w+)\})?", out)
                assert m is not None  # the row's own result spec
                t = p.type_text(r.type)
                if m.group(2):
                    (v,) = groups[m.group(2)]
                    t += "{" + p.value(v) + "}"
                parts.append(t)
            s += (" -> " if el.startswith("->") else " : ") + ", ".join(parts)
            dv = props.get(default) if default and props else None
            if dv is not None:
                s += " = " + p.attr_text(dv)
        elif el.startswith("*"):
            what = el[1:]
            if what in ("bindings", "table"):
                s += _print_bindings(p, groups["binding_buffers"], groups["binding_offsets"],
                                     groups["binding_lengths"])
            elif what == "from":
                s += _print_select(p, groups["devices"], groups["queue_affinities"])
            elif what == "workgroups":
                s += " workgroups([" + p.values([groups[n][0] for n in ("workgroup_x", "workgroup_y",
                                                                         "workgroup_z")]) + "])"
            elif what == "key":
                cat, key = props.get("category"), props.get("key")
                if not isinstance(cat, StringAttr) or not isinstance(key, StringAttr):
                    raise ValueError
                s += f" key({p.attr_text(cat)} :: {p.attr_text(key)})"
            elif what == "source":
                (b,), (n,) = groups["source_buffer"], groups["source_size"]
                s += f" source({p.value(b)} : {p.type_text(b.type)}{{{p.value(n)}}})"
        else:
            km = _KW_PIECE.match(el)
            assert km is not None  # the row's own format piece
            opt, kw, what = km.groups()
            name = what.strip("[]:=")
            if what.endswith("="):
                a = props.get(name) if props else None
                if a is None:
                    if opt:
                        continue
                    raise ValueError
                s += f" {kw}({_attr_text(p, kinds[name], a)})"
                continue
            vals = groups[name]
            if opt and not vals:
                continue
            if what.startswith("["):
                s += f" {kw}([{p.values(vals)}])"
            elif what.endswith(":"):
                (v,) = vals
                s += f" {kw}({p.value(v)} : {p.type_text(v.type)})"
            else:
                (v,) = vals
                s += f" {kw}({p.value(v)})"
    if not dict_printed:
        s += p.attr_dict(op.attributes, keyword=True)
    if has_body:
        body = op.regions[0]
        if len(body.blocks) != 1 or body.blocks[0].args:
            raise ValueError
        s += " " + p.region(body, print_terminators=_prints_terminator(op))
    return s


def _prints_terminator(op: Operation) -> bool:
    """An implicit `hal.return` without operands or attributes is not printed."""
    from hlopt.dialects.hal import ReturnOp  # hal imports this module

    r = op.regions[0] if op.regions else None
    term = r.blocks[0].last_op if r is not None and len(r.blocks) == 1 else None
    return not isinstance(term, ReturnOp) or bool(term.operands) or bool(term.attributes.entries)


# -- the op definitions ----------------------------------------------------------------------


def _field(code: str, arity: str, kind: str) -> Any:
    c = _TYPES[code][0]
    if kind == "result":
        return result(c)
    return {"": operand, "?": opt_operand, "*": var_operand}[arity](c)


def _attr_field(kind: str, optional: bool) -> Any:
    from hlopt.ir.constraints import AnyAttr, Str

    c = Str if kind == "str" else AnyAttr if kind in ("attr", "collective") else enum_constraint(kind)
    return opt_attr(c) if optional else attr(c)


def _opdef(row: _Row) -> type[OpDef]:
    body: dict[str, Any] = {"name": row.name, "summary": row.name, "syntax_token": "HAL_RT_OP", "row": row}
    # operand and result fields are accessed as `n_` (IREE's names may be
    # Operation's API: device, result, ...) and declared as IREE names them
    for n, code, arity in row.operands:
        body[n + "_"] = f = _field(code, arity, "operand")
        f.name = n
    for n, code in row.results:
        body[n + "_"] = f = var_result(_TYPES[code[:-1]][0]) if code.endswith("*") else _field(code, "", "result")
        f.name = n
    for n, kind, optional in row.attrs:
        body[n] = _attr_field(kind, optional)
    traits: list[Trait] = []
    if row.segments:
        traits.append(AttrSizedOperandSegments())
    if row.same_size:
        traits.append(SameVariadicOperandSize())
    body["traits"] = tuple(traits)

    def print_custom(cls: Any, op: Operation, p: Any) -> str | None:
        return print_form(cls.row, cls, op, p)

    body["print_custom"] = classmethod(print_custom)
    if "^body" in row.fmt:
        body["body"] = region(1)
        body["custom_prints_terminators"] = classmethod(lambda cls, op, k: _prints_terminator(op))
    if row.names:
        names = list(row.names)
        body["asm_result_names"] = classmethod(lambda cls, op: names if len(op.results) == len(names) else None)
    cls_name = "".join(w.capitalize() for w in re.split(r"[._]", row.name[4:])) + "Op"
    return type(cls_name, (OpDef,), body)


OPS: tuple[type[OpDef], ...] = tuple(_opdef(r) for r in _ROWS)


def _devices_get_names(cls: Any, op: Any) -> list[str] | None:
    """`%device_0` when the index is a constant, else `%device_n` (IREE's names)."""
    if len(op.results) != 1 or len(op.operands) != 1:
        return None
    v = constant_value(op.index_)
    if isinstance(v, IntegerAttr) and v.value >= 0:
        return [f"device_{v.value}"]
    return ["device_n"]


def _resolve_names(cls: Any, op: Operation) -> list[str] | None:
    """IREE names a resolved device, allocator and queue affinity by type."""
    out = ["device" if r.type is _DEVICE[1] else "allocator" if r.type is _ALLOC[1]
           else "queue_affinity" if isinstance(r.type, IntegerType) else "" for r in op.results]
    return out if out and all(out) else None


def _verify_queue_fences(cls: Any, op: Any) -> None:
    """A queue op may not wait and signal on one fence (unless it is util.null)."""
    wait, signal = op.wait_fence_, op.signal_fence_
    if wait is signal and not isinstance(wait.defining_op, NullOp):
        raise op_error(op, "device queue operations cannot wait and signal on the same fence.")


def _verify_bindings(cls: Any, op: Operation) -> None:
    names = [n for n, _, _ in cls.row.operands]
    segs = dict(zip(names, cls.operand_segments(op)))
    if not segs["binding_buffers"][1] == segs["binding_offsets"][1] == segs["binding_lengths"][1]:
        raise op_error(op, "requires that binding fields all have the same number of elements")


def _verify_query(cls: Any, op: Any) -> None:
    dv = op.default_value
    if dv is not None and len(op.results) == 2 and getattr(dv, "type", None) is not op.value_.type:
        raise op_error(op, "type mismatch between result and default value")


# the hooks of the table-made classes (their fields are made at run time, so
# the hooks take `op: Any`): (op name, hook, function)
_BY_NAME = {o.name: o for o in OPS}
_HOOKS: list[tuple[str, str, Any]] = [
    *((o.name, "verify", _verify_queue_fences) for o in OPS
      if o.name.startswith("hal.device.queue.") and o.name != "hal.device.queue.flush"),
    ("hal.command_buffer.dispatch", "verify", _verify_bindings),
    ("hal.command_buffer.dispatch.indirect", "verify", _verify_bindings),
    ("hal.device.query", "verify", _verify_query),
    ("hal.devices.get", "asm_result_names", _devices_get_names),
    ("hal.device.resolve", "asm_result_names", _resolve_names),
]
for _n, _hook, _fn in _HOOKS:
    setattr(_BY_NAME[_n], _hook, classmethod(_fn))


def with_runtime_ops(d: Any) -> Any:
    """The hal dialect `d` with these ops and their grammar callbacks added
    (hal.py's last lines: the groups of hal ops live in separate modules)."""
    import dataclasses

    return dataclasses.replace(d, ops=(*d.ops, *OPS), syntax={**d.syntax, **SYNTAX})
