"""hal runtime ops (hlopt/dialects/hal_runtime.py) through the Python API:
the enum spellings IREE's custom forms use, the properties the parser builds,
and the generic form kept for IR no custom form can spell."""

from __future__ import annotations

import pathlib

import pytest

import hlopt
from hlopt.dialects.hal_runtime import enum_text, enum_value
from hlopt.ir.attributes import IntegerAttr


@pytest.mark.parametrize("kind, value, text", [
    ("Flag", 0, '"None"'),                      # `None` is quoted, as IREE prints it
    ("CommandBufferMode", 1, "OneShot"),        # one case: a bare keyword
    ("CommandBufferMode", 17, '"OneShot|AllowInlineExecution"'),
    ("MemoryType", 48, '"DeviceVisible|DeviceLocal"'),  # a case implies the bits it covers
    ("BufferUsage", 3, '"TransferSource|TransferTarget|Transfer"'),
    ("Lifetime", 0, '"*"'),                     # not a keyword: quoted
    ("Lifetime", 3, "transient"),
    ("CollectiveKind", 8, "SendRecv"),
])
def test_enum_spellings(kind, value, text):
    assert enum_text(kind, value) == text
    assert enum_value(kind, text) == value


def test_enum_values_not_spelled():
    assert enum_text("Flag", 2) is None          # a bit no case names
    assert enum_text("Lifetime", 9) is None
    assert enum_value("Flag", "Bogus") is None
    assert enum_value("MemoryType", '"DeviceLocal|Bogus"') is None
    assert enum_value("MemoryType", "DeviceLocal") == 48


_QUEUE = (
    "util.func public @f(%d: !hal.device, %a: i64, %w: !hal.fence, %s: !hal.fence, %n: index, %t: i32) {\n"
    "  %b = hal.device.queue.alloca<%d : !hal.device> affinity(%a) wait(%w) signal(%s) pool(%a) type(%t) "
    "usage(%t) flags(IndeterminateLifetime) : !hal.buffer{%n}\n"
    "  util.return\n}\n")


def test_queue_alloca_operands_and_flags():
    m = hlopt.parse_module(_QUEUE)
    (op,) = [o for o in m.walk() if o.name == "hal.device.queue.alloca"]
    f = op.opdef
    args = op.parent_op.regions[0].blocks[0].args
    # ODS order: device, affinity, wait, signal, pool, memory types, usage, size
    assert list(op.operands) == [args[0], args[1], args[2], args[3], args[1], args[5], args[5], args[4]]
    flags = op.properties.get("flags")
    assert isinstance(flags, IntegerAttr) and flags.value == 1 and flags.type.text == "i64"
    assert f.asm_result_names(op) == ["transient_buffer"]
    hlopt.verify(m)
    assert "%transient_buffer = hal.device.queue.alloca<%arg0 : !hal.device>" in hlopt.print_op(m)


def test_unspellable_flags_print_generically():
    m = hlopt.parse_module(
        'util.func public @f(%d: !hal.device) {\n'
        '  %0 = "hal.fence.create"(%d) <{flags = 2 : i64}> : (!hal.device) -> !hal.fence\n'
        '  util.return\n}\n')
    text = hlopt.print_op(m)
    assert '"hal.fence.create"(%arg0) <{flags = 2 : i64}> : (!hal.device) -> !hal.fence' in text


def test_dispatch_segments():
    m = hlopt.parse_module(
        "util.func public @f(%c: !hal.command_buffer, %e: !hal.executable, %o: i64, %x: index, %b: !hal.buffer) {\n"
        "  hal.command_buffer.dispatch<%c : !hal.command_buffer> target(%e : !hal.executable)[%o] "
        "workgroups([%x, %x, %x]) bindings([(%b : !hal.buffer)[%x, %x], (%x : index)[%x, %x]]) flags(\"None\")\n"
        "  util.return\n}\n")
    (op,) = [o for o in m.walk() if o.name == "hal.command_buffer.dispatch"]
    assert list(op.properties.get("operandSegmentSizes").values) == [1, 1, 1, 1, 1, 1, 0, 2, 2, 2]
    hlopt.verify(m)


def test_uneven_bindings_print_generically():
    """Binding lists of different lengths (invalid IR, printed unverified)
    have no custom form: the generic one, not a crash."""
    m = hlopt.parse_module(
        "util.func public @f(%c: !hal.command_buffer, %e: !hal.executable, %o: i64, %i: index, %b: !hal.buffer) {\n"
        '  "hal.command_buffer.dispatch"(%c, %e, %o, %i, %i, %i, %b, %i) <{flags = 0 : i64, operandSegmentSizes = '
        "array<i32: 1, 1, 1, 1, 1, 1, 0, 1, 1, 0>}> : (!hal.command_buffer, !hal.executable, i64, index, index, "
        "index, !hal.buffer, index) -> ()\n"
        "  util.return\n}\n")
    text = hlopt.print_op(m)
    assert '"hal.command_buffer.dispatch"(%arg0, %arg1, %arg2, %arg3, %arg3, %arg3, %arg4, %arg3)' in text
    with pytest.raises(Exception, match="binding fields all have the same number of elements"):
        hlopt.verify(m)


def test_every_runtime_op_reads_and_prints_through_its_declared_format():
    """Each op's form is its ODS assembly format, compiled by the format
    engine (no grammar rule of its own)."""
    from hlopt.dialects.hal_runtime import OPS
    from hlopt.syntax.asm_format import compile_format

    assert len(OPS) == 53
    for d in OPS:
        assert d.assembly_format and compile_format(d) is not None, d.name
    assert not (pathlib.Path(hlopt.__file__).parents[1] / "grammars" / "hal_runtime.lark").exists()
