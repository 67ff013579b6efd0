"""HAL's custom forms through the Python API: the properties the parser
builds (implicit terminators, bit enums, segment sizes, ties) and the
helpers that spell IREE's enums and result names."""

from __future__ import annotations

import hlopt
from hlopt.dialects.hal import (
    _BUFFER_USAGES,
    _DESCRIPTOR_FLAGS,
    _MEMORY_TYPES,
    bit_enum_text,
    parse_bit_enum,
    sanitize_name,
)


def _ops(m, name: str) -> list:
    return [o for o in m.walk() if o.name == name]


def test_bit_enums_spell_every_case_whose_bits_are_set():
    assert bit_enum_text(1, _DESCRIPTOR_FLAGS) == "ReadOnly"
    assert bit_enum_text(3, _DESCRIPTOR_FLAGS) == '"ReadOnly|Indirect"'
    assert bit_enum_text(0, _DESCRIPTOR_FLAGS) == '"None"'
    # composite cases are listed with their parts, in declaration order
    assert bit_enum_text(0x32, _MEMORY_TYPES) == '"HostVisible|DeviceVisible|DeviceLocal"'
    assert bit_enum_text(3, _BUFFER_USAGES) == '"TransferSource|TransferTarget|Transfer"'
    for value in (0, 1, 2, 3):
        assert parse_bit_enum(bit_enum_text(value, _DESCRIPTOR_FLAGS), _DESCRIPTOR_FLAGS) == value
    assert parse_bit_enum("Bogus", _DESCRIPTOR_FLAGS) is None


def test_result_names_are_sanitized_as_mlir_does():
    assert sanitize_name("element_type_complex<f32>") == "element_type_complex3Cf323E"
    assert sanitize_name("element_type_f32") == "element_type_f32"


def test_executable_and_variant_get_their_implicit_terminators():
    m = hlopt.parse_module(
        'hal.executable private @ex {\n'
        '  hal.executable.variant @v target(#hal.executable.target<"a", "b">) {\n  }\n}\n')
    (ex,) = _ops(m, "hal.executable")
    (v,) = _ops(m, "hal.executable.variant")
    assert [o.name for o in ex.regions[0].blocks[0].ops] == ["hal.executable.variant", "hal.executable_end"]
    assert [o.name for o in v.regions[0].blocks[0].ops] == ["hal.executable.variant_end"]
    # IREE reads a missing visibility as public
    assert v.properties.get("sym_visibility").value == "public"
    hlopt.verify(m)


def test_subspan_properties_and_segments():
    m = hlopt.parse_module(
        "#l = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>\n"
        "func.func @f(%o: index, %n: index) {\n"
        '  %0 = hal.interface.binding.subspan layout(#l) binding(0) offset(%o) flags("ReadOnly|Indirect")'
        " : memref<?xf32>{%n}\n  return\n}\n")
    (op,) = _ops(m, "hal.interface.binding.subspan")
    assert op.properties.get("descriptor_flags").value == 3
    assert list(op.properties.get("operandSegmentSizes").values) == [1, 1]
    hlopt.verify(m)


def test_dispatch_extern_tied_result_takes_the_operand_type():
    m = hlopt.parse_module(
        "#l = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>\n"
        "util.func public @f(%a: tensor<4xf32>) {\n"
        '  %0 = hal.dispatch.extern "k"(%a) : (tensor<4xf32>) -> %a\n'
        "    count(%d: !hal.device) -> (index, index, index) {\n"
        "      %c = arith.constant 1 : index\n"
        "      hal.return %c, %c, %c : index, index, index\n"
        "    }\n"
        '    layout(#l) objects({ #hal.executable.target<"a", "b"> ordinal(0) = [] })\n'
        "  util.return\n}\n")
    (op,) = _ops(m, "hal.dispatch.extern")
    assert [t.value for t in op.properties.get("tied_operands").elements] == [0]
    assert op.results[0].type is op.operands[0].type
    assert len(op.regions) == 2 and not op.regions[1].blocks
    hlopt.verify(m)
