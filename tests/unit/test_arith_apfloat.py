"""APFloat arithmetic on bit patterns (hlopt.ir.apfloat), what arith's float
folders use for every float type.

Independent reference: numpy/ml_dtypes compute one operation in float32 and
round the result to the narrow type. For formats of at most 11 significand
bits that double rounding is innocuous (24 >= 2p + 2), so +, -, *, / and fmod
must agree bit for bit on every value ml_dtypes does not treat differently
(NaN payloads and signs, which follow APFloat here and are pinned by hand).
The folds themselves are checked against iree-opt by tests/oracle.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hlopt
from hlopt.ir import apfloat
from hlopt.ir.floats import semantics
from hlopt.syntax.printer import print_op

# hlopt type name -> numpy dtype of the same format
NARROW = {
    "f16": np.float16, "bf16": ml_dtypes.bfloat16, "f8E4M3FN": ml_dtypes.float8_e4m3fn,
    "f8E5M2": ml_dtypes.float8_e5m2, "f8E4M3": ml_dtypes.float8_e4m3, "f8E3M4": ml_dtypes.float8_e3m4,
    "f8E4M3FNUZ": ml_dtypes.float8_e4m3fnuz, "f8E5M2FNUZ": ml_dtypes.float8_e5m2fnuz,
    "f8E4M3B11FNUZ": ml_dtypes.float8_e4m3b11fnuz,
}
UINT = {8: np.uint8, 16: np.uint16}
OPS = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide, "mod": np.fmod}


def _np_value(bits: int, name: str):
    s = semantics(name)
    return np.array([bits], dtype=UINT[s.bits]).view(NARROW[name])


def _np_bits(x, name: str) -> int:
    with np.errstate(all="ignore"):  # an overflow to inf or NaN is a result here
        return int(np.asarray(x).astype(NARROW[name]).view(UINT[semantics(name).bits])[0])


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(NARROW)), st.sampled_from(sorted(OPS)), st.integers(0, 0xFFFF), st.integers(0, 0xFFFF))
def test_binary_ops_agree_with_float32_then_round(name: str, op: str, a: int, b: int) -> None:
    s = semantics(name)
    a &= (1 << s.bits) - 1
    b &= (1 << s.bits) - 1
    got = apfloat.BINARY[op](a, b, s)
    x, y = _np_value(a, name), _np_value(b, name)
    with np.errstate(all="ignore"):
        want = OPS[op](x.astype(np.float32), y.astype(np.float32))
    want_bits = _np_bits(want, name)
    if np.isnan(want[0]):
        assert apfloat.is_nan(got, s)
    else:
        assert got == want_bits, (name, op, hex(a), hex(b), hex(got), hex(want_bits))


@pytest.mark.parametrize("name,op,a,b,want", [
    # round to nearest even: 1 + 2^-8 is a tie in bf16 (8 significand bits), the even neighbour is 1
    ("bf16", "add", 0x3F80, 0x3B80, 0x3F80),
    # ... and 1 + 3*2^-8 rounds up to 1 + 2^-6
    ("bf16", "add", 0x3F80, 0x3C40, 0x3F82),
    # f8E4M3FN has no infinity: 448 * 2 overflows to NaN, 1 / -0 is -NaN (APFloat's makeNaN(false, sign))
    ("f8E4M3FN", "mul", 0x7E, 0x40, 0x7F),
    ("f8E4M3FN", "div", 0x38, 0x80, 0xFF),
    # f8E5M2 has one: 57344 * 2 is +inf
    ("f8E5M2", "mul", 0x7B, 0x40, 0x7C),
    # FNUZ formats have no -0: -1 * 0 is +0, x - x is +0, 0x80 is their only NaN
    ("f8E4M3FNUZ", "mul", 0xC0, 0x00, 0x00),
    ("f8E4M3FNUZ", "div", 0x40, 0x00, 0x80),
    # f4E2M1FN has neither inf nor NaN: an overflow is its largest value, with the sign
    ("f4E2M1FN", "mul", 0x7, 0x7, 0x7),
    ("f4E2M1FN", "mul", 0xF, 0x7, 0xF),
    # IEEE NaNs propagate (the first one), quieted, sign and payload kept; generated NaNs are +qNaN
    ("f32", "add", 0xFF800001, 0x7FC00000, 0xFFC00001),
    ("f32", "mul", 0x3F800000, 0xFFC00123, 0xFFC00123),
    ("f32", "sub", 0x7F800000, 0x7F800000, 0x7FC00000),
    ("f16", "mod", 0x3C00, 0x0000, 0x7E00),
    # signed zeros: -0 + -0 = -0, -0 - -0 = +0, fmod keeps the dividend's sign
    ("f16", "add", 0x8000, 0x8000, 0x8000),
    ("f16", "sub", 0x8000, 0x8000, 0x0000),
    ("f16", "mod", 0xC200, 0x3C00, 0x8000),
    # maximum/minimum propagate a NaN; maxnum/minnum prefer the number unless the NaN is signaling
    ("f32", "maximum", 0x3F800000, 0x7FC00000, 0x7FC00000),
    ("f32", "maxnum", 0x3F800000, 0x7FC00000, 0x3F800000),
    ("f32", "minnum", 0x7F800001, 0x3F800000, 0x7FC00001),
    ("f16", "maximum", 0x8000, 0x0000, 0x0000),
    ("f16", "minimum", 0x0000, 0x8000, 0x8000),
    # f128 is exact beyond f64's range
    ("f128", "mul", 0x7FFE0000000000000000000000000000, 0x3FFF0000000000000000000000000000,
     0x7FFE0000000000000000000000000000),
])
def test_apfloat_edges(name: str, op: str, a: int, b: int, want: int) -> None:
    assert apfloat.BINARY[op](a, b, semantics(name)) == want


def test_conversions() -> None:
    f32, f16, e4m3, fnuz = (semantics(n) for n in ("f32", "f16", "f8E4M3FN", "f8E4M3FNUZ"))
    # a NaN converts with its payload shifted; a lost payload bit or a signaling NaN does not fold
    assert apfloat.convert(0x7FC02000, f32, f16) == 0x7E01
    assert apfloat.convert(0x7FC00001, f32, f16) is None
    assert apfloat.convert(0x7D00, f16, f32) is None
    assert apfloat.convert(0xFF, e4m3, f32) == 0xFFF00000
    assert apfloat.convert(0x80, fnuz, f32) == 0x7FC00000
    # only exact values fold
    assert apfloat.convert(0x3F800000, f32, f16) == 0x3C00
    assert apfloat.convert(0x3F800001, f32, f16) is None
    # integers round to nearest even and overflow per format
    assert apfloat.from_int(17, e4m3) == 0x58  # 17 is a tie between 16 (0x58) and 18 (0x59): the even 16
    assert apfloat.from_int(1000, e4m3) == 0x7F
    assert apfloat.from_int(-(1 << 20), f16) == 0xFC00
    assert apfloat.to_int(0xC0, e4m3, 8, signed=False) is None
    assert apfloat.to_int(0xB0, e4m3, 8, signed=False) == 0  # -0.5 truncates to 0
    assert apfloat.to_int(0xB8, e4m3, 8, signed=False) is None  # -1 is not unsigned


FOLDS = """func.func @f() -> (bf16, f8E4M3FN, f8E5M2, f16, tensor<2xbf16>, i1, f8E4M3FNUZ) {
  %a = arith.constant 1.000000e+00 : bf16
  %b = arith.constant 3.000000e+00 : bf16
  %0 = arith.divf %a, %b : bf16
  %c = arith.constant 4.480000e+02 : f8E4M3FN
  %1 = arith.addf %c, %c : f8E4M3FN
  %d = arith.constant 5.734400e+04 : f8E5M2
  %2 = arith.mulf %d, %d : f8E5M2
  %e = arith.constant 65504.0 : f32
  %3 = arith.truncf %e : f32 to f16
  %t = arith.constant dense<1.5> : tensor<2xbf16>
  %4 = arith.mulf %t, %t : tensor<2xbf16>
  %n = arith.constant 0x7FC0 : bf16
  %5 = arith.cmpf olt, %a, %n : bf16
  %g = arith.constant 1.0 : f8E4M3FNUZ
  %6 = arith.negf %g : f8E4M3FNUZ
  return %0, %1, %2, %3, %4, %5, %6 : bf16, f8E4M3FN, f8E5M2, f16, tensor<2xbf16>, i1, f8E4M3FNUZ
}
"""


def test_arith_folds_every_float_type() -> None:
    """Through --canonicalize: values and MLIR's printing of them (hex where
    MLIR prints hex: NaN and inf). Expected text from iree-opt."""
    from hlopt.passes.manager import PassManager

    m = hlopt.parse_module(FOLDS)
    PassManager.from_text("builtin.module(canonicalize)").run(m)
    out = print_op(m)
    for line in ("%cst = arith.constant 3.339840e-01 : bf16",
                 "%cst_0 = arith.constant 0x7F : f8E4M3FN",
                 "%cst_1 = arith.constant 0x7C : f8E5M2",
                 "%cst_2 = arith.constant 6.550400e+04 : f16",
                 "%cst_3 = arith.constant dense<2.250000e+00> : tensor<2xbf16>",
                 "%false = arith.constant false",
                 "%cst_4 = arith.constant -1.000000e+00 : f8E4M3FNUZ"):
        assert line in out, out
    assert "arith.divf" not in out and "arith.cmpf" not in out and "arith.negf" not in out
