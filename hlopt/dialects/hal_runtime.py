"""IREE's HAL runtime ops (hal.devices.*, hal.device.*, hal.device.queue.*,
hal.fence.*, hal.command_buffer.*, hal.buffer.*, hal.allocator.*,
hal.channel.*, hal.ex.file.from_memory) in IREE's declared forms.

Each op is one row of `_ROWS`: its operands and attributes in ODS order
(their order in the generic form), its results and its ODS assembly format
(HALOps.td), from which the format engine makes its parser and printer.
IREE's custom directives (SizeAwareType, Bindings, BindingTable,
DeviceQueueAffinityList) are written once on `_RuntimeOp`. Enum attributes
are integers in the generic form, names in the custom one (hal_enums.ENUMS,
the one table hal.py uses too).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.dialects.hal_enums import ENUMS, enum_constraint, enum_text, enum_value  # noqa: F401  (re-exported)
from hlopt.dialects.util_ops import NullOp
from hlopt.ir.attributes import Attribute, IntegerAttr, OpaqueAttr
from hlopt.ir.constraints import AnyOf, Constraint, Index, Integer
from hlopt.ir.core import Operation, Value
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
from hlopt.ir.traits import (
    AttrSizedOperandSegments,
    SameVariadicOperandSize,
    SingleBlockImplicitTerminator,
    Trait,
    op_error,
)
from hlopt.ir.types import IndexType, IntegerType, OpaqueType, Type, i1, i32, i64
from hlopt.syntax import AttrSyntax, FixedType, OpAsmParser, OpAsmPrinter, StrippedAttr, TypeRef, UntypedAttr

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
#       `name=str`, `name=attr`, `name=collective` (`?` optional), in ODS order
# outs: results `name:code` (`*` variadic)
# fmt:  IREE's assembly format (HALOps.td; device.resolve's `qualified($affinity)` is
#       `$affinity`: an attribute prints qualified here anyway)
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
        self.fmt = fmt
        self.names = tuple(names)
        self.segments, self.same_size = segments, same_size


_DQ = ("`<` $device `:` type($device) `>` `affinity` `(` $queue_affinity `)` `wait` `(` $wait_fence `)` "
       "`signal` `(` $signal_fence `)`")
_DQ_INS = "device:dev queue_affinity:i64 wait_fence:fence signal_fence:fence"

_ROWS = [
    _Row("hal.devices.count", "", "result:idx",
         "attr-dict `:` type($result)", ["device_count"]),
    _Row("hal.devices.get", "index:idx", "result:dev",
         "$index attr-dict `:` type($result)", ["device_n"]),
    _Row("hal.device.allocator", "device:dev", "result:alloc",
         "`<` $device `:` type($device) `>` `:` type($result) attr-dict-with-keyword", ["allocator"]),
    _Row("hal.device.queue.alloca", _DQ_INS + " pool:i64 memory_types:i32 buffer_usage:i32 result_size:idx "
         "flags=AllocaFlag", "result:buf",
         _DQ + " `pool` `(` $pool `)` `type` `(` $memory_types `)` `usage` `(` $buffer_usage `)` `flags` "
         "`(` $flags `)` `:` custom<SizeAwareType>(type($result), $result_size) "
         "attr-dict-with-keyword", ["transient_buffer"]),
    _Row("hal.device.queue.dealloca", _DQ_INS + " buffer:buf flags=DeallocaFlag", "",
         _DQ + " `buffer` `(` $buffer `:` type($buffer) `)` `flags` `(` $flags `)` attr-dict-with-keyword"),
    _Row("hal.device.queue.fill", _DQ_INS + " target_buffer:buf target_offset:idx length:idx pattern:pat "
         "flags=Flag", "",
         _DQ + " `target` `(` $target_buffer `:` type($target_buffer) `)` `` `[` $target_offset `]` "
         "`length` `(` $length `)` `pattern` `(` $pattern `:` type($pattern) `)` `flags` `(` $flags `)` "
         "attr-dict-with-keyword"),
    _Row("hal.device.queue.update", _DQ_INS + " source_buffer:ubuf source_offset:idx target_buffer:buf "
         "target_offset:idx length:idx flags=Flag", "",
         _DQ + " `source` `(` $source_buffer `:` type($source_buffer) `)` `` `[` $source_offset `]` "
         "`target` `(` $target_buffer `:` type($target_buffer) `)` `` `[` $target_offset `]` `length` `(` "
         "$length `)` `flags` `(` $flags `)` attr-dict-with-keyword"),
    _Row("hal.device.queue.copy", _DQ_INS + " source_buffer:buf source_offset:idx target_buffer:buf "
         "target_offset:idx length:idx flags=Flag", "",
         _DQ + " `source` `(` $source_buffer `:` type($source_buffer) `)` `` `[` $source_offset `]` "
         "`target` `(` $target_buffer `:` type($target_buffer) `)` `` `[` $target_offset `]` `length` `(` "
         "$length `)` `flags` `(` $flags `)` attr-dict-with-keyword"),
    _Row("hal.device.queue.read", _DQ_INS + " source_file:file source_offset:i64 target_buffer:buf "
         "target_offset:idx length:idx flags=Flag", "",
         _DQ + " `source` `(` $source_file `:` type($source_file) `)` `` `[` $source_offset `]` `target` "
         "`(` $target_buffer `:` type($target_buffer) `)` `` `[` $target_offset `]` `length` `(` $length "
         "`)` `flags` `(` $flags `)` attr-dict-with-keyword"),
    _Row("hal.device.queue.write", _DQ_INS + " source_buffer:buf source_offset:idx target_file:file "
         "target_offset:i64 length:idx flags=Flag", "",
         _DQ + " `source` `(` $source_buffer `:` type($source_buffer) `)` `` `[` $source_offset `]` "
         "`target` `(` $target_file `:` type($target_file) `)` `` `[` $target_offset `]` `length` `(` "
         "$length `)` `flags` `(` $flags `)` attr-dict-with-keyword"),
    _Row("hal.device.queue.barrier", _DQ_INS + " flags=Flag", "",
         _DQ + " `flags` `(` $flags `)` attr-dict-with-keyword"),
    _Row("hal.device.queue.execute", _DQ_INS + " command_buffer:cmd flags=Flag", "",
         _DQ + " `commands` `(` $command_buffer `)` `flags` `(` $flags `)` attr-dict-with-keyword"),
    _Row("hal.device.queue.execute.indirect", _DQ_INS + " command_buffer:cmd binding_buffers:buf* "
         "binding_offsets:idx* binding_lengths:idx* flags=Flag", "",
         _DQ + " `commands` `(` $command_buffer `)` `bindings` `(` `[` "
         "custom<BindingTable>($binding_buffers, type($binding_buffers), $binding_offsets, "
         "$binding_lengths) `]` `)` `flags` `(` $flags `)` attr-dict-with-keyword", same_size=True),
    _Row("hal.device.queue.flush", "device:dev queue_affinity:i64", "",
         "`<` $device `:` type($device) `>` `affinity` `(` $queue_affinity `)` attr-dict-with-keyword"),
    _Row("hal.fence.create", "device:dev flags=Flag", "result:fence",
         "`device` `(` $device `:` type($device) `)` `flags` `(` $flags `)` `:` type($result) "
         "attr-dict-with-keyword", ["fence"]),
    _Row("hal.fence.join", "flags=Flag fences:fence*", "result:fence",
         "`at` `(` `[` $fences `]` `)` `flags` `(` $flags `)` `->` type($result) "
         "attr-dict-with-keyword", ["fence"]),
    _Row("hal.fence.query", "fence:fence", "status:i32",
         "`<` $fence `:` type($fence) `>` `:` type($status) attr-dict-with-keyword"),
    _Row("hal.fence.signal", "fence:fence", "",
         "`<` $fence `:` type($fence) `>` attr-dict-with-keyword"),
    _Row("hal.fence.fail", "fence:fence status:i32", "",
         "`<` $fence `:` type($fence) `>` `status` `(` $status `)` attr-dict-with-keyword"),
    _Row("hal.fence.await", "timeout_millis:i32 flags=Flag fences:fence*", "status:i32",
         "`until` `(` `[` $fences `]` `)` `timeout_millis` `(` $timeout_millis `)` `flags` `(` $flags `)` "
         "`:` type($status) attr-dict-with-keyword", ["status"]),
    _Row("hal.command_buffer.create", "device:dev modes=CommandBufferMode "
         "command_categories=CommandCategory queue_affinity:i64 binding_capacity:idx?", "result:cmd",
         "`device` `(` $device `:` type($device) `)` `mode` `(` $modes `)` `categories` `(` "
         "$command_categories `)` `affinity` `(` $queue_affinity `)` (`bindings` `(` $binding_capacity^ "
         "`)`)? `:` type($result) attr-dict-with-keyword", ["cmd"]),
    _Row("hal.command_buffer.finalize", "command_buffer:cmd", "",
         "`<` $command_buffer `:` type($command_buffer) `>` attr-dict-with-keyword"),
    _Row("hal.command_buffer.device", "command_buffer:cmd", "device:dev",
         "`<` $command_buffer `:` type($command_buffer) `>` `:` type($device) attr-dict-with-keyword"),
    _Row("hal.command_buffer.begin_debug_group", "command_buffer:cmd label=str", "",
         "`<` $command_buffer `:` type($command_buffer) `>` `label` `(` $label `)` attr-dict-with-keyword"),
    _Row("hal.command_buffer.end_debug_group", "command_buffer:cmd", "",
         "`<` $command_buffer `:` type($command_buffer) `>` attr-dict-with-keyword"),
    _Row("hal.command_buffer.execution_barrier", "command_buffer:cmd source_stage_mask=ExecutionStage "
         "target_stage_mask=ExecutionStage flags=Flag", "",
         "`<` $command_buffer `:` type($command_buffer) `>` `source` `(` $source_stage_mask `)` `target` "
         "`(` $target_stage_mask `)` `flags` `(` $flags `)` attr-dict-with-keyword"),
    _Row("hal.command_buffer.fill_buffer", "command_buffer:cmd target_buffer:bufidx target_offset:idx "
         "length:idx pattern:pat flags=Flag", "",
         "`<` $command_buffer `:` type($command_buffer) `>` `target` `(` $target_buffer `:` "
         "type($target_buffer) `)` `` `[` $target_offset `,` $length `]` `pattern` `(` $pattern `:` "
         "type($pattern) `)` `flags` `(` $flags `)` attr-dict-with-keyword"),
    _Row("hal.command_buffer.update_buffer", "command_buffer:cmd source_buffer:ubuf source_size:idx "
         "source_offset:idx target_buffer:bufidx target_offset:idx length:idx flags=Flag", "",
         "`<` $command_buffer `:` type($command_buffer) `>` `source` `(` $source_buffer `:` "
         "type($source_buffer) `{` $source_size `}` `)` `` `[` $source_offset `]` `target` `(` "
         "$target_buffer `:` type($target_buffer) `)` `` `[` $target_offset `]` `length` `(` $length `)` "
         "`flags` `(` $flags `)` attr-dict-with-keyword"),
    _Row("hal.command_buffer.copy_buffer", "command_buffer:cmd source_buffer:bufidx source_offset:idx "
         "target_buffer:bufidx target_offset:idx length:idx flags=Flag", "",
         "`<` $command_buffer `:` type($command_buffer) `>` `source` `(` $source_buffer `:` "
         "type($source_buffer) `)` `` `[` $source_offset `]` `target` `(` $target_buffer `:` "
         "type($target_buffer) `)` `` `[` $target_offset `]` `length` `(` $length `)` `flags` `(` $flags "
         "`)` attr-dict-with-keyword"),
    _Row("hal.command_buffer.dispatch", "command_buffer:cmd executable:exe entry_point:i64 workgroup_x:idx "
         "workgroup_y:idx workgroup_z:idx constants:i32* binding_buffers:bufidx* binding_offsets:idx* "
         "binding_lengths:idx* flags=Flag", "",
         "`<` $command_buffer `:` type($command_buffer) `>` `target` `(` $executable `:` type($executable) "
         "`)` `` `[` $entry_point `]` `workgroups` `(` `[` $workgroup_x `,` $workgroup_y `,` $workgroup_z "
         "`]` `)` (`constants` `(` `[` $constants^ `]` `)`)? `bindings` `(` `[` "
         "custom<Bindings>($binding_buffers, type($binding_buffers), $binding_offsets, $binding_lengths) "
         "`]` `)` `flags` `(` $flags `)` attr-dict-with-keyword", segments=True),
    _Row("hal.command_buffer.dispatch.indirect", "command_buffer:cmd executable:exe entry_point:i64 "
         "workgroups_buffer:bufidx workgroups_offset:idx constants:i32* binding_buffers:bufidx* "
         "binding_offsets:idx* binding_lengths:idx* flags=Flag", "",
         "`<` $command_buffer `:` type($command_buffer) `>` `target` `(` $executable `:` type($executable) "
         "`)` `` `[` $entry_point `]` `workgroups` `(` $workgroups_buffer `:` type($workgroups_buffer) `)` "
         "`` `[` $workgroups_offset `]` (`constants` `(` `[` $constants^ `]` `)`)? `bindings` `(` `[` "
         "custom<Bindings>($binding_buffers, type($binding_buffers), $binding_offsets, $binding_lengths) "
         "`]` `)` `flags` `(` $flags `)` attr-dict-with-keyword", segments=True),
    _Row("hal.command_buffer.flush_buffer", "command_buffer:cmd target_buffer:bufidx target_offset:idx "
         "length:idx", "",
         "`<` $command_buffer `:` type($command_buffer) `>` `target` `(` $target_buffer `:` "
         "type($target_buffer) `)` `` `[` $target_offset `,` $length `]` attr-dict-with-keyword"),
    _Row("hal.command_buffer.invalidate_buffer", "command_buffer:cmd target_buffer:bufidx "
         "target_offset:idx length:idx", "",
         "`<` $command_buffer `:` type($command_buffer) `>` `target` `(` $target_buffer `:` "
         "type($target_buffer) `)` `` `[` $target_offset `,` $length `]` attr-dict-with-keyword"),
    _Row("hal.command_buffer.collective", "command_buffer:cmd channel:chan op=collective element_count:idx "
         "param:i32? send_buffer:bufidx? send_offset:idx? send_length:idx? recv_buffer:bufidx? "
         "recv_offset:idx? recv_length:idx?", "",
         "`<` $command_buffer `:` type($command_buffer) `>` `channel` `(` $channel `:` type($channel) `)` "
         "`op` `(` $op `)` (`param` `(` $param^ `:` type($param) `)`)? (`send` `(` $send_buffer^ `:` "
         "type($send_buffer) `)` `` `[` $send_offset `,` $send_length `]`)? (`recv` `(` $recv_buffer^ `:` "
         "type($recv_buffer) `)` `` `[` $recv_offset `,` $recv_length `]`)? `count` `(` $element_count `)` "
         "attr-dict-with-keyword", segments=True),
    _Row("hal.device.query", "device:dev category=str key=str default_value=attr?", "ok:i1 value:any",
         "`<` $device `:` type($device) `>` `key` `(` $category `:` `` `:` $key `)` `:` type($ok) `,` "
         "type($value) (`=` $default_value^)? attr-dict-with-keyword", ["ok", "value"]),
    _Row("hal.device.memoize", "device:dev queue_affinity:i64", "results:any*",
         "`<` $device `:` type($device) `>` `affinity` `(` $queue_affinity `)` `->` type($results) "
         "attr-dict-with-keyword $body"),
    _Row("hal.device.resolve", "affinity=attr?", "results:resolved*",
         "(`on` `(` $affinity^ `)`)? attr-dict `:` type($results)"),
    _Row("hal.buffer.subspan", "source_buffer:buf source_offset:idx length:idx", "result:buf",
         "`<` $source_buffer `:` type($source_buffer) `>` `` `[` $source_offset `,` $length `]` `:` "
         "type($result) attr-dict-with-keyword", ["buffer"]),
    _Row("hal.buffer.length", "buffer:buf", "result:idx",
         "`<` $buffer `:` type($buffer) `>` `:` type($result) attr-dict-with-keyword", ["length"]),
    _Row("hal.buffer.load", "source_buffer:buf source_offset:idx", "result:any",
         "`<` $source_buffer `:` type($source_buffer) `>` `` `[` $source_offset `]` `:` type($result) "
         "attr-dict-with-keyword"),
    _Row("hal.buffer.store", "value:any target_buffer:buf target_offset:idx", "",
         "`<` $target_buffer `:` type($target_buffer) `>` `` `[` $target_offset `]` `value` `(` $value `:` "
         "type($value) `)` attr-dict-with-keyword"),
    _Row("hal.buffer.assert", "buffer:buf message=str allocator:alloc minimum_length:idx "
         "memory_types=MemoryType buffer_usage=BufferUsage", "",
         "`<` $buffer `:` type($buffer) `>` `message` `(` $message `)` `allocator` `(` $allocator `:` "
         "type($allocator) `)` `minimum_length` `(` $minimum_length `)` `type` `(` $memory_types `)` "
         "`usage` `(` $buffer_usage `)` attr-dict-with-keyword"),
    _Row("hal.buffer.allocation.preserve", "buffer:buf", "",
         "`<` $buffer `:` type($buffer) `>` attr-dict-with-keyword"),
    _Row("hal.buffer.allocation.discard", "buffer:buf", "result:i1",
         "`<` $buffer `:` type($buffer) `>` `:` type($result) attr-dict-with-keyword", ["was_terminal"]),
    _Row("hal.buffer.allocation.is_terminal", "buffer:buf", "result:i1",
         "`<` $buffer `:` type($buffer) `>` `:` type($result) attr-dict-with-keyword", ["is_terminal"]),
    _Row("hal.allocator.allocate", "allocator:alloc queue_affinity:i64 memory_types:i32 buffer_usage:i32 "
         "result_size:idx", "result:buf",
         "`<` $allocator `:` type($allocator) `>` `affinity` `(` $queue_affinity `)` `type` `(` "
         "$memory_types `)` `usage` `(` $buffer_usage `)` `:` custom<SizeAwareType>(type($result), "
         "$result_size) attr-dict-with-keyword", ["buffer"]),
    _Row("hal.allocator.import", "allocator:alloc queue_affinity:i64 memory_types:i32 buffer_usage:i32 "
         "source:ubuf offset:idx length:idx", "did_import:i1 result:buf",
         "`<` $allocator `:` type($allocator) `>` `source` `(` $source `:` type($source) `)` `` `[` "
         "$offset `,` $length `]` `affinity` `(` $queue_affinity `)` `type` `(` $memory_types `)` `usage` "
         "`(` $buffer_usage `)` `:` type($did_import) `,` type($result) "
         "attr-dict-with-keyword", ["did_import", "mapped"]),
    _Row("hal.allocator.resolve_memory_properties", "affinity=attr? lifetime=Lifetime", "memory_types:i32 "
         "buffer_usage:i32",
         "(`for` `(` $affinity^ `)`)? `lifetime` `(` $lifetime `)` `:` type($memory_types) `,` "
         "type($buffer_usage) attr-dict-with-keyword", ["memory_types", "buffer_usage"]),
    _Row("hal.allocator.select", "devices:dev* queue_affinities:i64* memory_types:i32 "
         "buffer_usage:i32", "selected_device:dev selected_queue_affinity:i64",
         "`from` `(` custom<DeviceQueueAffinityList>($devices, type($devices), $queue_affinities) `)` "
         "`type` `(` $memory_types `)` `usage` `(` $buffer_usage `)` `:` type($selected_device) `,` "
         "type($selected_queue_affinity) "
         "attr-dict-with-keyword", ["device", "queue_affinity"], same_size=True),
    _Row("hal.channel.create", "device:dev queue_affinity:i64 flags=Flag id:ubuf group:ubuf rank:i32 "
         "count:i32", "result:chan",
         "`device` `(` $device `:` type($device) `)` `affinity` `(` $queue_affinity `)` `flags` `(` $flags "
         "`)` `id` `(` $id `)` `group` `(` $group `)` `rank` `(` $rank `)` `count` `(` $count `)` `:` "
         "type($result) attr-dict-with-keyword", ["channel"]),
    _Row("hal.channel.split", "channel:chan color:i32 key:i32 flags=Flag", "result:chan",
         "`<` $channel `:` type($channel) `>` `color` `(` $color `)` `key` `(` $key `)` `flags` `(` $flags "
         "`)` `:` type($result) attr-dict-with-keyword", ["channel"]),
    _Row("hal.channel.rank_and_count", "channel:chan", "rank:i32 count:i32",
         "`<` $channel `:` type($channel) `>` `:` type($rank) `,` type($count) "
         "attr-dict-with-keyword", ["ccl_rank", "ccl_count"]),
    _Row("hal.ex.file.from_memory", "device:dev queue_affinity:i64 access=MemoryAccess buffer:ubuf "
         "offset:idx length:idx flags:i32", "result:file",
         "`device` `(` $device `:` type($device) `)` `affinity` `(` $queue_affinity `)` `access` `(` "
         "$access `)` `buffer` `(` $buffer `:` type($buffer) `)` `` `[` $offset `for` $length `]` `flags` "
         "`(` $flags `)` `:` type($result) attr-dict-with-keyword", ["memory_file"]),

]


# -- attribute syntaxes and custom directives ----------------------------------------------


class _HalEnum(AttrSyntax):
    """A HAL enum attribute: `None`, `OneShot`, `"Transfer|Dispatch"` (hal_enums' spellings)."""

    def __init__(self, kind: str):
        self.kind = kind
        width, self.bits, cases = ENUMS[kind]
        self.type = i64 if width == 64 else i32
        self.cases = ", ".join(n for n, _ in cases)

    def can_start(self, p: OpAsmParser) -> bool:
        return p.peek('"') or re.compile(r"[A-Za-z_*]").match(p.text, p.pos) is not None

    def parse(self, p: OpAsmParser, name: str) -> Any:
        at = p.location()
        text = p.parse_optional_string()
        if text is None:
            text = p.parse_optional_keyword()
            if text is None and p.parse_optional_punct("*"):
                text = "*"
        v = enum_value(self.kind, text) if text is not None else None
        if v is None and text is not None and text.startswith('"') and self.bits:
            raise p.error(f"invalid {name} attribute specification: {text}", at)
        if v is None:
            raise p.error(f"expected string or keyword containing one of the following enum values for "
                          f"attribute '{name}' [{self.cases}]", at)
        return IntegerAttr(v, self.type)

    def printable(self, a: Attribute) -> bool:
        return isinstance(a, IntegerAttr) and a.type is self.type and enum_text(self.kind, a.value) is not None

    def print(self, p: OpAsmPrinter, a: Attribute) -> None:
        p.print_alias_free(a, enum_text(self.kind, a.value) or "")  # type: ignore[attr-defined]


_COLLECTIVE = StrippedAttr("#hal.collective", lambda body: OpaqueAttr("#hal.collective" + body))


def _attr_syntax(kind: str) -> AttrSyntax | None:
    if kind == "str":
        return UntypedAttr()
    if kind == "attr":
        return None
    if kind == "collective":
        return _COLLECTIVE
    return _HalEnum(kind)


class _RuntimeOp(OpDef):
    """IREE's custom directives of the runtime ops' formats."""

    @staticmethod
    def parse_SizeAwareType(p: OpAsmParser) -> tuple[TypeRef, Any]:
        """`T{%size}`."""
        t = p.parse_type()
        p.parse_punct("{")
        size = p.parse_operand()
        p.parse_punct("}")
        return t, size

    @staticmethod
    def print_SizeAwareType(p: OpAsmPrinter, op: Operation, types: Sequence[Type], sizes: Sequence[Value]) -> None:
        p.print_type(types[0])
        p.write("{")
        p.print_operand(sizes[0])
        p.write("}")

    @staticmethod
    def parse_Bindings(p: OpAsmParser) -> tuple[list, list, list, list]:
        """`(%b : T)[%o, %l], ...` (one or more)."""
        bufs, types, offs, lens = [], [], [], []
        while True:
            p.parse_punct("(")
            bufs.append(p.parse_operand())
            p.parse_colon()
            types.append(p.parse_type())
            p.parse_punct(")")
            p.parse_punct("[")
            offs.append(p.parse_operand())
            p.parse_comma()
            lens.append(p.parse_operand())
            p.parse_punct("]")
            if not p.parse_optional_punct(","):
                return bufs, types, offs, lens

    @staticmethod
    def print_Bindings(p: OpAsmPrinter, op: Operation, bufs: Sequence[Value], types: Sequence[Type],
                       offs: Sequence[Value], lens: Sequence[Value]) -> None:
        p.increase_indent()
        for i, (b, t, o, n) in enumerate(zip(bufs, types, offs, lens, strict=True)):
            if i:
                p.write(",")
                p.write(" ")
            p.print_newline()
            p.write("(")
            p.print_operand(b)
            p.write(" : ")
            p.print_type(t)
            p.write(")[")
            p.print_operand(o)
            p.write(", ")
            p.print_operand(n)
            p.write("]")
        p.decrease_indent()
        p.print_newline()

    parse_BindingTable = parse_Bindings
    print_BindingTable = print_Bindings

    @staticmethod
    def parse_DeviceQueueAffinityList(p: OpAsmParser) -> tuple[list, list, list]:
        """`[(%device, %affinity : !hal.device, i64), ...]` (one or more)."""
        devs, types, affs = [], [], []
        p.parse_punct("[")
        while True:
            p.parse_punct("(")
            devs.append(p.parse_operand())
            p.parse_comma()
            affs.append(p.parse_operand())
            p.parse_colon()
            types.append(p.parse_type())
            p.parse_comma()
            p.parse_type()  # the affinity's type (ODS: I64)
            p.parse_punct(")")
            if not p.parse_optional_punct(","):
                break
        p.parse_punct("]")
        return devs, types, affs

    @staticmethod
    def print_DeviceQueueAffinityList(p: OpAsmPrinter, op: Operation, devs: Sequence[Value],
                                      types: Sequence[Type], affs: Sequence[Value]) -> None:
        p.write("[")
        p.increase_indent()
        p.print_newline()
        for i, (d, t, a) in enumerate(zip(devs, types, affs, strict=True)):
            if i:
                p.write(",")
                p.print_newline()
            p.write("(")
            p.print_operand(d)
            p.write(", ")
            p.print_operand(a)
            p.write(" : ")
            p.print_type(t)
            p.write(", ")
            p.print_type(a.type)
            p.write(")")
        p.decrease_indent()
        p.print_newline()
        p.write("]")


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


_INDEX_KIND = ("builtin.index", lambda t: isinstance(t, IndexType))


def _opdef(row: _Row) -> type[OpDef]:
    body: dict[str, Any] = {"name": row.name, "summary": row.name, "assembly_format": row.fmt,
                            "asm_strict_properties": True, "row": row}
    # operand and result fields are accessed as `n_` (IREE's names may be
    # Operation's API: device, result, ...) and declared as IREE names them
    fixed = []
    for n, code, arity in row.operands:
        body[n + "_"] = f = _field(code, arity, "operand")
        f.name = n
        implied = _TYPES[code][1]
        if implied is not None and f"type(${n})" not in row.fmt:
            fixed.append(FixedType(n, implied))
    for n, code in row.results:
        body[n + "_"] = f = var_result(_TYPES[code[:-1]][0]) if code.endswith("*") else _field(code, "", "result")
        f.name = n
    syntax = {}
    for n, kind, optional in row.attrs:
        body[n] = _attr_field(kind, optional)
        s = _attr_syntax(kind)
        if s is not None:
            syntax[n] = s
    body["attr_syntax"] = syntax
    # a printed index type is read as one (MLIR's parseType<IndexType> error)
    body["asm_type_kinds"] = {n: _INDEX_KIND for n, code, *_ in (*row.operands, *row.results)
                              if code == "idx" and f"type(${n})" in row.fmt}
    body["type_inference"] = tuple(fixed)
    traits: list[Trait] = []
    if row.segments:
        traits.append(AttrSizedOperandSegments())
    if row.same_size:
        traits.append(SameVariadicOperandSize())
    if "$body" in row.fmt:
        body["body"] = region(1)
        traits.append(SingleBlockImplicitTerminator("hal.return"))
    body["traits"] = tuple(traits)
    if row.names:
        names = list(row.names)
        body["asm_result_names"] = classmethod(lambda cls, op: names if len(op.results) == len(names) else None)
    cls_name = "".join(w.capitalize() for w in re.split(r"[._]", row.name[4:])) + "Op"
    return type(cls_name, (_RuntimeOp,), body)


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


def _bindings_match(cls: Any, op: Operation) -> bool:
    names = [n for n, _, _ in cls.row.operands]
    segs = dict(zip(names, cls.operand_segments(op)))
    return bool(segs["binding_buffers"][1] == segs["binding_offsets"][1] == segs["binding_lengths"][1])


def _verify_bindings(cls: Any, op: Operation) -> None:
    if not _bindings_match(cls, op):
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
    # uneven binding lists have no custom form (IREE's printer asserts): the generic form
    ("hal.command_buffer.dispatch", "asm_printable", _bindings_match),
    ("hal.command_buffer.dispatch.indirect", "asm_printable", _bindings_match),
    ("hal.device.query", "verify", _verify_query),
    ("hal.devices.get", "asm_result_names", _devices_get_names),
    ("hal.device.resolve", "asm_result_names", _resolve_names),
]
for _n, _hook, _fn in _HOOKS:
    setattr(_BY_NAME[_n], _hook, classmethod(_fn))


def with_runtime_ops(d: Any) -> Any:
    """The hal dialect `d` with these ops added (hal.py's last lines: the
    groups of hal ops live in separate modules)."""
    import dataclasses

    return dataclasses.replace(d, ops=(*d.ops, *OPS))
