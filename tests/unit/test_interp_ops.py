"""Single-device op semantics with hand-computed expectations."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import hlopt
from hlopt.interp import InterpError, interpret


def run1(body: str, args: list, arg_types: list[str], result: str) -> list:
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(arg_types))
    text = f"func.func @main({params}) -> {result} {{\n{body}\n}}\n"
    m = hlopt.parse_module(text)
    hlopt.verify(m)
    return interpret(m, args)[0]


def binary(op: str, t: str, a, b) -> np.ndarray:
    return run1(f"  %0 = stablehlo.{op} %a0, %a1 : {t}\n  return %0 : {t}", [a, b], [t, t], t)[0]


def test_signed_division_truncates_and_divides_by_zero_as_xla() -> None:
    a = np.array([7, -7, 7, -7, 5, -2147483648], np.int32)
    b = np.array([2, 2, -2, -2, 0, -1], np.int32)
    assert binary("divide", "tensor<6xi32>", a, b).tolist() == [3, -3, -3, 3, -1, -2147483648]
    assert binary("remainder", "tensor<6xi32>", a, b).tolist() == [1, -1, 1, -1, 5, 0]
    u = binary("divide", "tensor<2xui8>", np.array([7, 9], np.uint8), np.array([0, 2], np.uint8))
    assert u.tolist() == [255, 4]


def test_integer_overflow_wraps() -> None:
    r = binary("add", "tensor<2xi8>", np.array([127, -128], np.int8), np.array([1, -1], np.int8))
    assert r.tolist() == [-128, 127]
    r = binary("multiply", "tensor<1xui16>", np.array([300], np.uint16), np.array([300], np.uint16))
    assert r.tolist() == [(300 * 300) % 65536]


def test_shifts_past_the_bit_width() -> None:
    a = np.array([-8, 8, 1, -1], np.int32)
    s = np.array([1, 40, 31, 32], np.int32)
    assert binary("shift_left", "tensor<4xi32>", a, s).tolist() == [-16, 0, -2147483648, 0]
    assert binary("shift_right_arithmetic", "tensor<4xi32>", a, s).tolist() == [-4, 0, 0, -1]
    assert binary("shift_right_logical", "tensor<4xi32>", a, s).tolist() == [2147483644, 0, 0, 0]


def test_max_min_propagate_nan() -> None:
    a = np.array([1.0, np.nan, -0.0], np.float32)
    b = np.array([np.nan, 2.0, 0.0], np.float32)
    r = binary("maximum", "tensor<3xf32>", a, b)
    assert np.isnan(r[0]) and np.isnan(r[1])


@pytest.mark.parametrize("ctype,expect", [("FLOAT", [False, False, False, True]),
                                          ("TOTALORDER", [True, False, True, True])])
def test_compare_types(ctype: str, expect: list[bool]) -> None:
    body = f"""  %0 = stablehlo.compare LT, %a0, %a1, {ctype} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>"""
    a = np.array([-0.0, np.nan, -np.nan, 1.0], np.float32)
    b = np.array([0.0, 1.0, 1.0, 2.0], np.float32)
    assert run1(body, [a, b], ["tensor<4xf32>"] * 2, "tensor<4xi1>")[0].tolist() == expect


def test_compare_unsigned_on_signless() -> None:
    body = """  %0 = stablehlo.compare LT, %a0, %a1, UNSIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>"""
    r = run1(body, [np.array([-1, 1], np.int32), np.array([1, 2], np.int32)], ["tensor<2xi32>"] * 2, "tensor<2xi1>")
    assert r[0].tolist() == [False, True]


def test_convert_float_to_int_saturates_and_nan_is_zero() -> None:
    body = """  %0 = stablehlo.convert %a0 : (tensor<5xf32>) -> tensor<5xi8>
  return %0 : tensor<5xi8>"""
    a = np.array([1e9, -1e9, np.nan, -2.7, 2.7], np.float32)
    assert run1(body, [a], ["tensor<5xf32>"], "tensor<5xi8>")[0].tolist() == [127, -128, 0, -2, 2]


def test_bf16_arithmetic_rounds_like_jax() -> None:
    bf = ml_dtypes.bfloat16
    a = np.array([1.0, 3.0], bf)
    b = np.array([1 / 256, 1 / 3], bf)
    r = binary("add", "tensor<2xbf16>", a, b)
    assert r.dtype == np.dtype(bf)
    np.testing.assert_array_equal(r, (a.astype(np.float32) + b.astype(np.float32)).astype(bf))


def test_bitcast_convert_changes_width() -> None:
    body = """  %0 = stablehlo.bitcast_convert %a0 : (tensor<2xf32>) -> tensor<2x2xui16>
  return %0 : tensor<2x2xui16>"""
    a = np.array([1.0, -2.0], np.float32)
    r = run1(body, [a], ["tensor<2xf32>"], "tensor<2x2xui16>")[0]
    np.testing.assert_array_equal(r, a.view(np.uint16).reshape(2, 2))


def test_pad_with_interior_and_negative_edges() -> None:
    body = """  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.pad %a0, %c, low = [-1], high = [2], interior = [1] : (tensor<3xi32>, tensor<i32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>"""
    r = run1(body, [np.array([1, 2, 3], np.int32)], ["tensor<3xi32>"], "tensor<6xi32>")[0]
    assert r.tolist() == [0, 2, 0, 3, 0, 0]


def test_dynamic_slice_clamps_start() -> None:
    body = """  %0 = stablehlo.dynamic_slice %a0, %a1, sizes = [2] : (tensor<4xi32>, tensor<i32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>"""
    r = run1(body, [np.arange(4, dtype=np.int32), np.array(3, np.int32)], ["tensor<4xi32>", "tensor<i32>"],
             "tensor<2xi32>")[0]
    assert r.tolist() == [2, 3]


def test_dot_general_batch_and_contract() -> None:
    body = """  %0 = stablehlo.dot_general %a0, %a1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>"""
    rng = np.random.default_rng(0)
    a = rng.standard_normal((2, 3, 4)).astype(np.float32)
    b = rng.standard_normal((2, 4, 5)).astype(np.float32)
    r = run1(body, [a, b], ["tensor<2x3x4xf32>", "tensor<2x4x5xf32>"], "tensor<2x3x5xf32>")[0]
    np.testing.assert_allclose(r, np.einsum("bik,bkj->bij", a, b), rtol=1e-5)


def test_reduce_with_generic_body_argmax() -> None:
    body = """  %i = stablehlo.iota dim = 0 : tensor<5xi32>
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%a0 init: %init), (%i init: %z) across dimensions = [0] : (tensor<5xf32>, tensor<5xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%x: tensor<f32>, %y: tensor<f32>) (%xi: tensor<i32>, %yi: tensor<i32>)  {
    %gt = stablehlo.compare GT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %gt, %x, %y : tensor<i1>, tensor<f32>
    %k = stablehlo.select %gt, %xi, %yi : tensor<i1>, tensor<i32>
    stablehlo.return %v, %k : tensor<f32>, tensor<i32>
  }
  return %0#1 : tensor<i32>"""
    r = run1(body, [np.array([1.0, 7.0, 3.0, -1.0, 2.0], np.float32)], ["tensor<5xf32>"], "tensor<i32>")[0]
    assert int(r) == 1


def test_while_loop_and_case() -> None:
    body = """  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %s = %c0) : tensor<i32>, tensor<i32>
    cond {
    %lt = stablehlo.compare LT, %i, %a0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %n = stablehlo.add %i, %c1 : tensor<i32>
    %t = stablehlo.add %s, %n : tensor<i32>
    stablehlo.return %n, %t : tensor<i32>, tensor<i32>
  }
  %1 = "stablehlo.case"(%a0) ({
    stablehlo.return %c0 : tensor<i32>
  }, {
    stablehlo.return %0#1 : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %1 : tensor<i32>"""
    assert int(run1(body, [np.array(4, np.int32)], ["tensor<i32>"], "tensor<i32>")[0]) == 10  # 1+2+3+4, last branch
    assert int(run1(body, [np.array(0, np.int32)], ["tensor<i32>"], "tensor<i32>")[0]) == 0


def test_sort_descending_stable_with_payload() -> None:
    body = """  %0:2 = "stablehlo.sort"(%a0, %a1) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>, %p: tensor<i32>, %q: tensor<i32>):
    %gt = stablehlo.compare GT, %x, %y, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) : (tensor<5xi32>, tensor<5xi32>) -> (tensor<5xi32>, tensor<5xi32>)
  return %0#1 : tensor<5xi32>"""
    r = run1(body, [np.array([3, 1, 3, 2, 1], np.int32), np.arange(5, dtype=np.int32)],
             ["tensor<5xi32>", "tensor<5xi32>"], "tensor<5xi32>")[0]
    assert r.tolist() == [0, 2, 3, 1, 4]


def test_gather_rows() -> None:
    body = """  %0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>"""
    x = np.arange(12, dtype=np.int32).reshape(4, 3)
    r = run1(body, [x, np.array([[2], [9]], np.int32)], ["tensor<4x3xi32>", "tensor<2x1xi32>"], "tensor<2x3xi32>")[0]
    assert r.tolist() == [[6, 7, 8], [9, 10, 11]]  # index 9 clamps to the last row


def test_scatter_add_accumulates_duplicates_and_skips_out_of_bounds() -> None:
    body = """  %0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>"""
    r = run1(body, [np.zeros(4, np.float32), np.array([[1], [1], [7]], np.int32), np.array([1, 2, 4], np.float32)],
             ["tensor<4xf32>", "tensor<3x1xi32>", "tensor<3xf32>"], "tensor<4xf32>")[0]
    assert r.tolist() == [0, 3, 0, 0]


def test_reduce_window_and_select_and_scatter_maxpool() -> None:
    body = """  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a0, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<2xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = "stablehlo.select_and_scatter"(%a0, %0, %zero) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %ge = stablehlo.compare GE, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0, %1 : tensor<2xf32>, tensor<4xf32>"""
    r = run1(body, [np.array([1, 5, 7, 2], np.float32)], ["tensor<4xf32>"], "(tensor<2xf32>, tensor<4xf32>)")
    assert r[0].tolist() == [5, 7]
    assert r[1].tolist() == [0, 5, 7, 0]


def test_lapack_targets_match_numpy() -> None:
    rng = np.random.default_rng(1)
    a = rng.standard_normal((4, 4)).astype(np.float32)
    spd = (a @ a.T + 4 * np.eye(4)).astype(np.float32)
    body = """  %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a0) {mhlo.backend_config = {uplo = 76 : ui8}} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  %1:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%a0) {mhlo.backend_config = {}} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xi32>, tensor<i32>)
  %2 = stablehlo.custom_call @lapack_strsm_ffi(%0#0, %a0) {mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0#0, %1#0, %1#1, %2 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xi32>, tensor<4x4xf32>"""
    chol, lu, piv, x = run1(body, [spd], ["tensor<4x4xf32>"],
                            "(tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xi32>, tensor<4x4xf32>)")
    L = np.tril(chol)
    np.testing.assert_allclose(L @ L.T, spd, rtol=1e-4, atol=1e-4)
    np.testing.assert_array_equal(np.triu(chol, 1), np.triu(spd, 1))  # LAPACK leaves the other triangle
    P = np.eye(4)
    for i, p in enumerate(piv):
        P[[i, p - 1]] = P[[p - 1, i]]
    Lu, U = np.tril(lu, -1) + np.eye(4), np.triu(lu)
    np.testing.assert_allclose(Lu @ U, P @ spd, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(L @ x, spd, rtol=1e-4, atol=1e-4)


def test_unknown_op_and_custom_call_are_located_errors() -> None:
    m = hlopt.parse_module('func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n'
                           '  %0 = "foo.bar"(%a) : (tensor<2xf32>) -> tensor<2xf32>\n'
                           '  return %0 : tensor<2xf32>\n}\n')
    with pytest.raises(InterpError) as e:
        interpret(m, [np.zeros(2, np.float32)])
    assert e.value.message == "the interpreter cannot run 'foo.bar'"
    assert e.value.op.name == "foo.bar"


def test_every_corpus_op_declares_its_interpreter_rule() -> None:
    """Each op the corpus uses carries an `interpret` classmethod on its
    declaration (there is no separate rule table)."""
    import glob
    import os
    import re

    from hlopt.ir.context import current_context

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    names = set()
    for f in glob.glob(os.path.join(root, "tests/fixtures/stablehlo/*.generic.mlir")):
        names |= set(re.findall(r'"((?:stablehlo|chlo|sdy|func)\.[a-z_]+)"\(', open(f).read()))
    assert len(names) > 50
    structural = {"func.func", "func.return", "stablehlo.return", "sdy.return", "sdy.mesh"}
    ctx = current_context()
    missing = []
    for n in sorted(names - structural):
        d = ctx.lookup_op(n)
        if d is None or not callable(getattr(d, "interpret", None)):
            missing.append(n)
    assert missing == []


def test_a_test_dialect_op_runs_through_its_interpret_classmethod() -> None:
    from hlopt.ir.opdef import OpDef

    class _Twice(OpDef):
        name = "interptest.twice"

        @classmethod
        def interpret(cls, op, args, ctx):
            return [np.asarray(args[0]) * 2]

    from hlopt.ir.context import current_context
    from hlopt.ir.dialect import Dialect

    current_context().load(Dialect("interptest", ops=(_Twice,)))

    m = hlopt.parse_module('func.func @main(%a: tensor<2xi32>) -> tensor<2xi32> {\n'
                           '  %0 = "interptest.twice"(%a) : (tensor<2xi32>) -> tensor<2xi32>\n'
                           '  return %0 : tensor<2xi32>\n}\n')
    assert interpret(m, [np.array([1, 2], np.int32)])[0][0].tolist() == [2, 4]
