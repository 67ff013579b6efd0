"""arith's convertf, flush_denormals, maximumnumf/minimumnumf, scaling_extf/
scaling_truncf and subui_extended: interpreter rules and APFloat folds on
hand-computed cases (NaNs, signed zeros, subnormals, borrows)."""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np
import pytest

import hlopt
from hlopt.interp import InterpError, interpret
from hlopt.ir import apfloat
from hlopt.ir.floats import semantics

F32 = semantics("f32")
NAN, SNAN, ONE, TWO = 0x7FC00000, 0x7FA00000, 0x3F800000, 0x40000000
PZERO, NZERO, DENORM, NDENORM = 0x00000000, 0x80000000, 0x00000001, 0x80000010


def _run(text: str, *args: object) -> list:
    return interpret(hlopt.parse_module(text), list(args))[0]


@pytest.mark.parametrize("fn,a,b,want", [
    (apfloat.maximumnum, NAN, ONE, ONE),  # a number wins over a NaN, on either side
    (apfloat.maximumnum, ONE, NAN, ONE),
    (apfloat.minimumnum, SNAN, TWO, TWO),  # a signaling NaN too (maxnum would return it)
    (apfloat.maximumnum, NAN, SNAN, 0x7FE00000),  # two NaNs: the second, quieted
    (apfloat.maximumnum, PZERO, NZERO, PZERO),  # -0 < +0
    (apfloat.maximumnum, NZERO, PZERO, PZERO),
    (apfloat.minimumnum, PZERO, NZERO, NZERO),
    (apfloat.minimumnum, ONE, TWO, ONE),
    (apfloat.maximumnum, ONE, TWO, TWO),
])
def test_maximumnum_minimumnum_bits(fn, a: int, b: int, want: int) -> None:
    assert fn(a, b, F32) == want


@pytest.mark.parametrize("bits,want", [
    (DENORM, PZERO), (NDENORM, NZERO),  # a subnormal keeps its sign
    (0x00800000, 0x00800000),  # the smallest normal stays
    (ONE, ONE), (NAN, NAN), (NZERO, NZERO),
])
def test_flush_denormal_bits(bits: int, want: int) -> None:
    assert apfloat.flush_denormal(bits, F32) == want


def test_flush_denormal_fnuz_has_no_negative_zero() -> None:
    s = semantics("f8E4M3FNUZ")
    assert apfloat.flush_denormal(0x81, s) == 0  # -2^-10 (subnormal) -> +0, the only zero


NUMBER = """func.func @main(%a: tensor<5xf32>, %b: tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>) {
  %0 = arith.maximumnumf %a, %b : tensor<5xf32>
  %1 = arith.minimumnumf %a, %b : tensor<5xf32>
  return %0, %1 : tensor<5xf32>, tensor<5xf32>
}
"""


def test_interpret_maximumnum_minimumnum() -> None:
    a = np.array([np.nan, 1.0, 0.0, -0.0, np.nan], np.float32)
    b = np.array([2.0, np.nan, -0.0, 0.0, np.nan], np.float32)
    mx, mn = _run(NUMBER, a, b)
    assert mx[:2].tolist() == [2.0, 1.0] and mn[:2].tolist() == [2.0, 1.0]
    assert [math.copysign(1, v) for v in mx[2:4]] == [1, 1]  # max(+0, -0) = max(-0, +0) = +0
    assert [math.copysign(1, v) for v in mn[2:4]] == [-1, -1]
    assert np.isnan(mx[4]) and np.isnan(mn[4])


FLUSH = """func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.flush_denormals %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""


def test_interpret_flush_denormals() -> None:
    a = np.array([1e-40, -1e-40, 1.5e-38, np.inf], np.float32)
    (r,) = _run(FLUSH, a)
    assert r.tolist() == [0.0, 0.0, np.float32(1.5e-38), np.inf]
    assert [math.copysign(1, v) for v in r[:2]] == [1, -1]


SUBUI = """func.func @main(%a: i8, %b: i8) -> (i8, i1) {
  %d, %bo = arith.subui_extended %a, %b : i8, i1
  return %d, %bo : i8, i1
}
"""


@pytest.mark.parametrize("a,b,diff,borrow", [
    (5, 7, -2, True),  # 5 - 7 wraps to 254 (-2) with a borrow
    (7, 5, 2, False),
    (-1, 1, -2, False),  # 255 - 1 unsigned: no borrow
    (1, -1, 2, True),  # 1 - 255: borrow
    (0, 0, 0, False),
])
def test_interpret_subui_extended(a: int, b: int, diff: int, borrow: bool) -> None:
    d, bo = _run(SUBUI, np.int8(a), np.int8(b))
    assert (int(d), bool(bo)) == (diff, borrow)


CONVERT = """func.func @main(%a: tensor<3xf16>) -> tensor<3xbf16> {
  %0 = arith.convertf %a : tensor<3xf16> to tensor<3xbf16>
  return %0 : tensor<3xbf16>
}
"""


def test_interpret_convertf_rounds_to_nearest_even() -> None:
    # 1 + 2^-8 lies halfway between two bf16 values (1 and 1 + 2^-7): to even (1);
    # 1 + 3 * 2^-8 lies halfway between 1 + 2^-7 and 1 + 2^-6: to even (1 + 2^-6)
    a = np.array([1.5, 1 + 2 ** -8, 1 + 3 * 2 ** -8], np.float16)
    (r,) = _run(CONVERT, a)
    assert r.dtype == ml_dtypes.bfloat16
    assert r.astype(np.float64).tolist() == [1.5, 1.0, 1 + 2 ** -6]


SCALING = """func.func @main(%a: tensor<3xf4E2M1FN>, %s: tensor<3xf8E8M0FNU>, %x: tensor<3xf32>)
    -> (tensor<3xf32>, tensor<3xf4E2M1FN>) {
  %0 = arith.scaling_extf %a, %s : tensor<3xf4E2M1FN>, tensor<3xf8E8M0FNU> to tensor<3xf32>
  %1 = arith.scaling_truncf %x, %s : tensor<3xf32>, tensor<3xf8E8M0FNU> to tensor<3xf4E2M1FN>
  return %0, %1 : tensor<3xf32>, tensor<3xf4E2M1FN>
}
"""


def test_interpret_scaling_casts() -> None:
    a = np.array([1.5, -6.0, 0.5], ml_dtypes.float4_e2m1fn)
    s = np.array([4.0, 0.5, 1.0], ml_dtypes.float8_e8m0fnu)
    x = np.array([12.0, -1.25, 5.0], np.float32)
    ext, trunc = _run(SCALING, a, s, x)
    assert ext.tolist() == [6.0, -3.0, 0.5]  # in * scale
    # in / scale rounded to f4E2M1FN (values 0, 0.5, 1, 1.5, 2, 3, 4, 6): 3 -> 3,
    # -2.5 -> -2 (tie to even), 5 -> 4 (tie to even)
    assert trunc.astype(np.float32).tolist() == [3.0, -2.0, 4.0]


def test_interpret_scaling_with_a_wide_scale_is_reported() -> None:
    text = """func.func @main(%a: f4E2M1FN, %s: f32) -> f32 {
  %0 = arith.scaling_extf %a, %s : f4E2M1FN, f32 to f32
  return %0 : f32
}
"""
    with pytest.raises(InterpError, match="'f32' scale is not supported by the interpreter"):
        _run(text, ml_dtypes.float4_e2m1fn(1.0), np.float32(2.0))
