"""Big dense constants stay one buffer from lexer to printer (issue 7,
item 4): no per-element Python objects, bounded peak memory, MLIR's text."""

from __future__ import annotations

import os
import struct
import tracemalloc

import numpy as np

from hlopt.ir.attributes import DenseElementsAttr
from hlopt.ir.types import RankedTensorType, f32, i8, i32
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op


def _module(n: int, hexdata: str, et: str = "f32") -> str:
    return (f"func.func @main() -> tensor<{n}x{et}> {{\n"
            f"  %0 = stablehlo.constant dense<\"0x{hexdata}\"> : tensor<{n}x{et}>\n"
            f"  return %0 : tensor<{n}x{et}>\n}}\n")


def _constant(m) -> DenseElementsAttr:
    op = next(o for o in m.walk() if o.name == "stablehlo.constant")
    return op.properties.get("value")


def test_hex_constant_is_one_buffer_and_prints_back() -> None:
    n = 300_000
    data = os.urandom(4 * n)
    text = _module(n, data.hex().upper())
    m = parse_module(text)
    a = _constant(m)
    assert a.raw == data and a._values is None  # nothing decoded per element
    out = print_op(m)
    assert f'dense<"0x{data.hex().upper()}"> : tensor<{n}xf32>' in out
    assert a._values is None


def test_peak_memory_is_a_small_multiple_of_the_input() -> None:
    n = 1 << 20  # 8 MB of hex digits
    text = _module(n, os.urandom(4 * n).hex().upper())
    tracemalloc.start()
    try:
        m = parse_module(text)
        out = print_op(m)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(out) > len(text) - 100
    # input text (not counted: allocated before) + bytes + printed text and
    # its transient copies; one Python int per element alone would be ~36 MB
    assert peak < 6 * len(text), peak


def test_values_decode_on_demand_as_before() -> None:
    vals = [struct.unpack("<I", struct.pack("<f", x))[0] for x in np.linspace(-1, 1, 200, dtype=np.float32)]
    raw = b"".join(struct.pack("<I", v) for v in vals)
    t = RankedTensorType((200,), f32)
    a = DenseElementsAttr.from_raw(t, raw)
    assert a.raw == raw and a.values == tuple(vals)
    # the same contents built from values intern to the same attribute
    assert DenseElementsAttr(t, vals) is a


def test_signed_and_small_types_decode_like_mlir() -> None:
    t8 = RankedTensorType((300,), i8)
    a = DenseElementsAttr.from_raw(t8, bytes([0xFF, 0x01]) * 150)
    assert a.values[:2] == (-1, 1) and a.raw is not None
    t32 = RankedTensorType((4,), i32)  # few elements: kept as values, printed as a list
    b = DenseElementsAttr.from_raw(t32, struct.pack("<4i", 1, -2, 3, -4))
    assert b.raw is None and b.values == (1, -2, 3, -4)
    assert b.text == "dense<[1, -2, 3, -4]> : tensor<4xi32>"


def test_all_equal_hex_data_is_a_splat() -> None:
    n = 5000
    m = parse_module(_module(n, "0000803F" * n))
    a = _constant(m)
    assert a.splat and a.raw is None and "dense<1.000000e+00> : tensor<5000xf32>" in print_op(m)


def test_bad_hex_digits_in_a_big_payload_are_located() -> None:
    from hlopt.syntax.diagnostics import DiagnosticError

    n = 40_000
    digits = "00" * (4 * n - 1) + "G0"
    try:
        parse_module(_module(n, digits), filename="big.mlir")
    except DiagnosticError as e:
        d = e.diagnostics[0]
        assert "hex" in d.message and d.location.line == 2
    else:
        raise AssertionError("bad hex digits accepted")
