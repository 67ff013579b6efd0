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


def test_constant_block_lists_its_argument_and_result_attributes_as_iree_prints_them():
    # (no lit file can hold this: the printed text does not read back, in IREE either:
    # arg_attrs is then given twice; that error is in lit/iree/invalid-hal-executable-asm.mlir)
    m = hlopt.parse_module(
        'hal.executable.source private @src {\n'
        '  "hal.executable.constant.block"() <{arg_attrs = [{foo.a = 1 : i64}], function_type = (!hal.device) -> '
        '(i32, i32), keys = ["k0", "k1"], res_attrs = [{foo.b}, {}]}> ({\n'
        '  ^bb0(%d: !hal.device):\n'
        '    %c = "arith.constant"() <{value = 1 : i32}> : () -> i32\n'
        '    "hal.return"(%c, %c) : (i32, i32) -> ()\n'
        '  }) {c} : () -> ()\n'
        '}\n')
    hlopt.verify(m)
    (block,) = _ops(m, "hal.executable.constant.block")
    # the pinned iree-opt's text for this op
    assert hlopt.print_op(block).splitlines()[0] == (
        'hal.executable.constant.block(%arg0: !hal.device {foo.a = 1 : i64}) -> (i32 {foo.b}, i32) as ("k0", "k1") '
        'attributes {c, arg_attrs = [{foo.a = 1 : i64}], res_attrs = [{foo.b}, {}]} {')
    # written in the dictionary only (no signature attributes), they are the op's properties
    m2 = hlopt.parse_module(
        'hal.executable.source private @src {\n'
        '  hal.executable.constant.block(%d: !hal.device) -> i32 as "k" attributes {res_attrs = [{foo.b}]} {\n'
        '    %c = arith.constant 1 : i32\n'
        '    hal.return %c : i32\n'
        '  }\n'
        '}\n')
    (block2,) = _ops(m2, "hal.executable.constant.block")
    assert str(block2.properties.get("res_attrs")) == "[{foo.b}]" or block2.res_attrs is not None
    assert "res_attrs" not in block2.attributes
