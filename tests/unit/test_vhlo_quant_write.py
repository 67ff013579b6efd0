"""VHLO encodings hlopt writes for quantized types (UniformQuantizedV1Type,
code 24; UniformQuantizedPerAxisV1Type, code 30) and dot algorithms
(dot_general_v2's seven attributes), decoded field by field."""

from __future__ import annotations

import struct

import pytest

from hlopt.dialects.quant import parse_quant_type
from hlopt.dialects.vhlo_write import ArtifactError, VhloWriter, write_portable_artifact
from hlopt.syntax.bytecode.stream import Stream


def _f64_bits(x: float) -> int:
    return struct.unpack("<q", struct.pack("<d", x))[0]


def _parts(t_text: str, target: str = "1.17.0") -> tuple[VhloWriter, Stream]:
    w = VhloWriter(target, "1.17.0")
    parts = w._quant_parts(parse_quant_type(t_text))
    for i, e in enumerate(w.types.values()):
        e.index = i
    data = b"".join(p if isinstance(p, bytes) else bytes([p.index << 1 | 1]) for p in parts)
    return w, Stream(data)


def test_per_tensor_fields():
    w, s = _parts("!quant.uniform<u8<1:200>:f32, 1.25e-3:-7>")
    assert s.varint() == 24
    assert s.varint() == 0  # flags: unsigned
    storage, expressed = s.varint(), s.varint()
    keys = [k for _, k in w.types]
    assert keys[storage] == "i8" and keys[expressed] == "f32"  # signless storage
    assert s.signed_varint() == _f64_bits(1.25e-3)
    assert (s.signed_varint(), s.signed_varint(), s.signed_varint()) == (-7, 1, 200)
    assert s.empty()


def test_per_axis_fields():
    w, s = _parts("!quant.uniform<i8<-127:127>:bf16:1, {0.5:1, 0.25:2, 2.0:-3}>")
    assert s.varint() == 30 and s.varint() == 1  # signed
    s.varint(), s.varint()
    assert s.varint() == 1  # the quantized dimension
    assert (s.signed_varint(), s.signed_varint()) == (-127, 127)
    assert [s.signed_varint() for _ in range(s.varint())] == [_f64_bits(x) for x in (0.5, 0.25, 2.0)]
    assert [s.signed_varint() for _ in range(s.varint())] == [1, 2, -3]
    assert s.empty()


def test_per_axis_is_refused_before_it_exists():
    with pytest.raises(ArtifactError, match="per-axis quantization is since 0.18.0"):
        _parts("!quant.uniform<i8:f32:0, {0.5:1}>", target="0.17.0")


def _dot(algo: str) -> str:
    return ("func.func @d(%a: tensor<4x2xf32>, %b: tensor<2x3xf32>) -> tensor<4x3xf32> {\n"
            f"  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <{algo}>"
            " : (tensor<4x2xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>\n  return %0 : tensor<4x3xf32>\n}\n")


def test_dot_algorithm_round_trips_through_an_artifact():
    from hlopt.syntax.bytecode import bytecode_to_text
    from hlopt.syntax.parser import parse_source
    from hlopt.syntax.printer import print_op
    from hlopt.syntax.source import Source

    algo = ("lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, "
            "lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 6, "
            "allow_imprecise_accumulation = false")
    module, _ = parse_source(Source("-", _dot(algo)), False)
    art = write_portable_artifact(module, "1.6.0")
    back, res = parse_source(Source("x", bytecode_to_text("x", art)), False)
    assert f"algorithm = <{algo}>" in print_op(back, False, False, res)
    with pytest.raises(ArtifactError, match="'lhs_precision_type' is not in StableHLO 1.5.0"):
        write_portable_artifact(module, "1.5.0")
