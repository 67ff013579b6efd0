"""IREE stream ops of the command phase and their neighbours, in IREE's custom
forms (grammars/stream_cmd.lark), added to the stream dialect by stream.py:

stream.cmd.flush / invalidate / discard (subview effects on a resource),
stream.cmd.serial / concurrent (regions scheduling the commands inside them),
stream.cmd.collective (a collective over a channel),
stream.dispatch.workgroup.id / count / size (a dispatch's grid, in executables).

The helpers (value lookups, `{%size}` lists, affinities, the `ro %r[%o for
%l] : T{%s}` resource items) are stream.py's.
"""

from __future__ import annotations

import re
from typing import Any

from hlopt.dialects.stream import (
    _ACCESS,
    _ACCESS_BITS,
    _RESOURCE_ITEM,
    _USE,
    YieldOp,
    _aff,
    _affinity,
    _custom_or_generic,
    _dims,
    _props,
    _segs,
    _tail_attrs,
    _Tok,
    _Use,
    _use,
    _uses,
    operand_groups,
)
from hlopt.ir.attributes import ArrayAttr, DictionaryAttr, IntegerAttr
from hlopt.ir.constraints import I32, Index, IndexAttr
from hlopt.ir.core import Operation
from hlopt.ir.opdef import OpDef, attr, operand, opt_attr, opt_operand, region, result, var_operand
from hlopt.ir.traits import AttrSizedOperandSegments, ParentOneOf, Pure, op_error
from hlopt.ir.types import IndexType, i32

_INDEX = IndexType()
_CMD_PARENTS = ("stream.cmd.execute", "stream.cmd.serial", "stream.cmd.concurrent")


# ---------------------------------------------------------------------------
# subview effects: flush, invalidate, discard


class _SubviewOp(OpDef):
    """`OP [kw(#affinity)] %r[%offset for %length] : T{%size} attributes {...}`."""

    target = operand()
    target_size = operand(Index)
    target_offset = operand(Index)
    target_length = operand(Index)
    affinity_keyword = ""  # `to`/`from` before the optional source affinity

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        t, size, off, length = op.operands
        if op.results or any(k != "source_affinity" or not cls.affinity_keyword for k, _ in op.properties.entries):
            return None
        aff = _aff(p, op, "source_affinity", cls.affinity_keyword) if cls.affinity_keyword else ""
        return (f"{cls.name} {aff}{p.value(t)}[{p.value(off)} for {p.value(length)}] : "
                f"{p.type_text(t.type)}{{{p.value(size)}}}" + _tail_attrs(p, op))


class CmdFlushOp(_SubviewOp):
    name = "stream.cmd.flush"
    summary = "Flushes a subview of a resource"
    source_affinity = opt_attr()
    affinity_keyword = "to"


class CmdInvalidateOp(_SubviewOp):
    name = "stream.cmd.invalidate"
    summary = "Invalidates a subview of a resource"
    source_affinity = opt_attr()
    affinity_keyword = "from"


class CmdDiscardOp(_SubviewOp):
    name = "stream.cmd.discard"
    summary = "Discards a subview of a resource"


def _subview(name: str):
    def cb(s: Any, c: list) -> tuple[Operation, int]:
        if len(c) == 7:  # discard has no affinity
            c = [c[0], None, *c[1:]]
        kw, aff, t, off, length, tt, size, attrs = c
        size = _dims(s, size)
        if len(size) != 1:
            raise s.error("expected one size value for the resource", tt.start_pos)
        operands = [_use(s, t, s.decode_type(tt)), *_uses(s, [*size, off, length])]
        a = s.decode_dict(attrs) if attrs is not None else None
        return Operation(name, operands, [], _props(None, source_affinity=_affinity(s, aff)), a), kw.start_pos

    return cb


# ---------------------------------------------------------------------------
# serial / concurrent regions


class _WaveOp(OpDef):
    """`stream.cmd.serial { ... } attributes {...}`: the region's stream.yield
    is implicit (printed only when it carries something)."""

    body = region(1)
    traits = (ParentOneOf(*_CMD_PARENTS),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        for o in op.regions[0].blocks[0].ops if op.regions and op.regions[0].blocks else ():
            if o.name != YieldOp.name and o.name not in CMD_PHASE:
                raise op_error(o, "explicit execution regions must only contain explicit ops")

    @classmethod
    def _bare_yield(cls, op: Operation) -> bool:
        blocks = op.regions[0].blocks if op.regions else []
        last = blocks[0]._last if len(blocks) == 1 else None
        return last is not None and last.name == YieldOp.name and not last.operands \
            and not last.attributes and not last.properties

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if op.operands or op.results or op.properties or len(op.regions) != 1 \
                or len(op.regions[0].blocks) != 1 or op.regions[0].blocks[0].args:
            return None
        terms = cls.custom_prints_terminators(op, 0)
        return (f"{cls.name} {p.region(op.regions[0], print_terminators=terms, print_empty_block=False)}"
                + _tail_attrs(p, op))

    @classmethod
    def custom_prints_terminators(cls, op: Operation, region_index: int) -> bool:
        return not cls._bare_yield(op)


class CmdSerialOp(_WaveOp):
    name = "stream.cmd.serial"
    summary = "Executes all ops serially (in-order)"


class CmdConcurrentOp(_WaveOp):
    name = "stream.cmd.concurrent"
    summary = "Executes all ops concurrently"


def stream_cmd_wave_head(s: Any, c: list) -> Any:
    (kw,) = c
    s.pending.append((str(kw), None))
    return kw


def stream_cmd_wave(s: Any, c: list) -> tuple[Operation, int]:
    kw, body, attrs = c
    s.pending.pop()
    if not body.blocks:
        body.add_block()
    block = body.blocks[0]
    if block.terminator is None or block.terminator.name != YieldOp.name:
        block.append(Operation(YieldOp.name))  # the implicit terminator
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation(str(kw), [], [], None, a, [body]), kw.start_pos


# ---------------------------------------------------------------------------
# collectives


def _resources_text(p: Any, kinds: list[str], res: Any, offs: Any, lens: Any, sizes: Any) -> str:
    """`{\\n  ro %r[%o for %l] : T{%s},\\n ...\\n}` (IREE's custom<DispatchResources>)."""
    ind = "  " * p.indent
    items = [f"{ind}  {k} {p.value(r)}[{p.value(o)} for {p.value(n)}] : {p.type_text(r.type)}{{{p.value(z)}}}"
             for k, r, o, n, z in zip(kinds, res, offs, lens, sizes)]
    return "{\n" + ",\n".join(items) + f"\n{ind}}}"


def _parse_resources(s: Any, tok: Any) -> list[tuple]:
    """The items of a `{ ro %r[%o for %l] : T{%s}, ... }` token:
    (access bits, resource value, size use, offset use, length use)."""
    text, base = str(tok)[1:-1], tok.start_pos + 1
    items, pos = [], 0
    while text[pos:].strip():
        m = _RESOURCE_ITEM.match(text, pos)
        if m is None or m.group(1) not in _ACCESS_BITS:
            at = base + pos + len(text[pos:]) - len(text[pos:].lstrip())
            raise s.error("expected 'ro', 'wo' or 'rw' %resource[%offset for %length] : type{%size}", at)
        t = s.decode_type(_Tok(m.group(5), base + m.start(5)))
        d = _dims(s, _Tok(m.group(6), base + m.start(6)))
        if len(d) != 1:
            raise s.error("expected one size value for the resource", base + m.start(6))
        at = [_Use(m.group(i), base + m.start(i)) for i in (2, 3, 4)]
        items.append((_ACCESS_BITS[m.group(1)], _use(s, at[0], t), d[0], at[1], at[2]))
        pos = m.end()
    return items


_COLLECTIVE_KIND = re.compile(r"#stream\.collective<\s*(\w+)")


class CmdCollectiveOp(OpDef):
    name = "stream.cmd.collective"
    summary = "Dispatches a collective operation"
    channel = operand()
    element_count = operand(Index)
    param = opt_operand(I32)
    resources = var_operand()
    resource_sizes = var_operand(Index)
    resource_offsets = var_operand(Index)
    resource_lengths = var_operand(Index)
    op = attr()
    resource_accesses = attr()
    traits = (AttrSizedOperandSegments(),)

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        kind, acc = op.properties.get("op"), op.properties.get("resource_accesses")
        text = p.attr_text(kind) if kind is not None else ""
        if not text.startswith("#stream.collective<") or acc is None or op.results or len(op.properties) != 3:
            return None
        (ch,), (count,), param, res, sizes, offs, lens = operand_groups(cls, op)
        kinds = [_ACCESS.get(int(a.value)) if isinstance(a, IntegerAttr) else None for a in acc.elements]
        if None in kinds or not (len(res) == len(sizes) == len(offs) == len(lens) == len(kinds)):
            return None
        s = f"stream.cmd.collective{text[len('#stream.collective'):]}[{p.value(count)}] channel({p.value(ch)})"
        if param:
            s += f" param({p.value(param[0])} : {p.type_text(param[0].type)})"
        return s + " " + _resources_text(p, kinds, res, offs, lens, sizes) + _tail_attrs(p, op)

    @classmethod
    def verify(cls, op: Operation) -> None:
        _ch, _n, _p, res, sizes, offs, lens = operand_groups(cls, op)
        acc = op.properties.get("resource_accesses")
        accs = list(acc.elements) if isinstance(acc, ArrayAttr) else []
        n = len(res)
        if not (len(sizes) == len(offs) == len(lens) == len(accs) == n):
            raise op_error(op, f"with {n} resources has mismatched associated ranges")
        m = _COLLECTIVE_KIND.match(op.properties.get("op").text)
        kind = m.group(1) if m else ""
        need = {"send": (1,), "recv": (2,)}.get(kind, (1, 2))  # ro / wo bits, in order
        if n != len(need):
            raise op_error(op, f"requires {len(need)} resources but {n} provided")
        for i, (bits, a) in enumerate(zip(need, accs)):
            got = int(getattr(a, "value", 0))
            if got & bits != bits:
                raise op_error(op, f"resource {i} requires access {_BITS_NAME[bits]} but is declared as "
                                   f"{_BITS_NAME.get(got, str(got))}")


_BITS_NAME = {0: "None", 1: "Read", 2: "Write", 3: "Read|Write"}


def stream_cmd_collective(s: Any, c: list) -> tuple[Operation, int]:
    kw, kind, count, channel, param, resources, attrs = c
    op_attr = s.decode("attr", "#stream.collective" + str(kind), kind.start_pos)
    ch = _USE.fullmatch(str(channel)[1:-1].strip())
    if ch is None:
        raise s.error("expected the channel value in 'channel(...)'", channel.start_pos)
    chan = _use(s, _Use(ch.group(), channel.start_pos + 1 + str(channel)[1:].index("%")),
                s.decode("type", "!stream.channel", channel.start_pos))
    params = []
    if param is not None:
        text = str(param)[1:-1]
        v, colon, t = text.partition(":")
        m = _USE.fullmatch(v.strip())
        if m is None or not colon:
            raise s.error("expected '(%value : type)' after 'param'", param.start_pos)
        params = [_use(s, _Use(m.group(), param.start_pos + 1 + text.index("%")),
                       s.decode("type", t.strip(), param.start_pos + 1 + len(v) + 1 + len(t) - len(t.lstrip())))]
    items = _parse_resources(s, resources)
    res = [i[1] for i in items]
    sizes, offs, lens = (_uses(s, [i[k] for i in items]) for k in (2, 3, 4))
    cnt = _uses(s, [count])
    props = DictionaryAttr({
        "op": op_attr, "operandSegmentSizes": _segs([chan], cnt, params, res, sizes, offs, lens),
        "resource_accesses": ArrayAttr([IntegerAttr(i[0], i32) for i in items])})
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation(CmdCollectiveOp.name, [chan, *cnt, *params, *res, *sizes, *offs, *lens], [], props, a), \
        kw.start_pos


# ---------------------------------------------------------------------------
# a dispatch's workgroup grid


class _WorkgroupInfoOp(OpDef):
    """`%workgroup_id_0 = stream.dispatch.workgroup.id[0] : index`."""

    dimension = attr(IndexAttr)
    result = result(Index)
    traits = (Pure(),)
    result_prefix = ""

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        d = op.properties.get("dimension")
        return [f"{cls.result_prefix}{d.value}"] if isinstance(d, IntegerAttr) and len(op.results) == 1 else None

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        d = op.properties.get("dimension")
        if not isinstance(d, IntegerAttr) or len(op.properties) != 1 or op.operands:
            return None
        return f"{cls.name}[{d.value}]" + p.attr_dict(op.attributes) + f" : {p.type_text(op.results[0].type)}"

    @classmethod
    def verify(cls, op: Operation) -> None:
        d = op.properties.get("dimension").value
        if not 0 <= d < 3:
            raise op_error(op, f"dimension {d % (1 << 64)} out of bounds of dispatch dimensions; expected [0, 3)")


class DispatchWorkgroupIDOp(_WorkgroupInfoOp):
    name = "stream.dispatch.workgroup.id"
    summary = "Returns the index of the current workgroup in the grid"
    result_prefix = "workgroup_id_"


class DispatchWorkgroupCountOp(_WorkgroupInfoOp):
    name = "stream.dispatch.workgroup.count"
    summary = "Returns the total workgroup count of the grid"
    result_prefix = "workgroup_count_"


class DispatchWorkgroupSizeOp(_WorkgroupInfoOp):
    name = "stream.dispatch.workgroup.size"
    summary = "Returns the size of each workgroup in invocations"
    result_prefix = "workgroup_size_"


def _workgroup(name: str):
    def cb(s: Any, c: list) -> tuple[Operation, int]:
        kw, dim, attrs, t = c
        a = s.decode_dict(attrs) if attrs is not None else None
        props = DictionaryAttr({"dimension": IntegerAttr(int(str(dim)), _INDEX)})
        return Operation(name, [], [s.decode_type(t)], props, a), kw.start_pos

    return cb


CALLBACKS = {
    "stream_cmd_flush": _subview(CmdFlushOp.name), "stream_cmd_invalidate": _subview(CmdInvalidateOp.name),
    "stream_cmd_discard": _subview(CmdDiscardOp.name),
    "stream_cmd_wave_head": stream_cmd_wave_head, "stream_cmd_wave": stream_cmd_wave,
    "stream_cmd_collective": stream_cmd_collective,
    "stream_wg_id": _workgroup(DispatchWorkgroupIDOp.name),
    "stream_wg_count": _workgroup(DispatchWorkgroupCountOp.name),
    "stream_wg_size": _workgroup(DispatchWorkgroupSizeOp.name),
}

OPS = (CmdFlushOp, CmdInvalidateOp, CmdDiscardOp, CmdSerialOp, CmdConcurrentOp, CmdCollectiveOp,
       DispatchWorkgroupIDOp, DispatchWorkgroupCountOp, DispatchWorkgroupSizeOp)

# ops that may sit in an explicit execution region (IREE's CmdPhaseOp / StreamableOp)
CMD_PHASE = ("stream.cmd.flush", "stream.cmd.invalidate", "stream.cmd.discard", "stream.cmd.fill",
             "stream.cmd.copy", "stream.cmd.collective", "stream.cmd.dispatch", "stream.cmd.call",
             "stream.cmd.serial", "stream.cmd.concurrent", "stream.cmd.parameter.load", "stream.cmd.parameter.read",
             "stream.cmd.parameter.write", "stream.cmd.parameter.gather", "stream.cmd.parameter.scatter")
