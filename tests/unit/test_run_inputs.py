"""`hlopt-run --inputs`: keys bind to parameters exactly, dtypes match
exactly, every malformed file is a one-line error (exit 1), misuse is a
usage error (exit 2), and --save-inputs reproduces a run."""

from __future__ import annotations

import zipfile

import numpy as np
import pytest
from click.testing import CliRunner

from hlopt.run_cli import main

TWO = """func.func @main(%x: tensor<2xi32> {jax.arg_info = "x"}, %y: tensor<2xi32> {jax.arg_info = "y"}) -> tensor<2xi32> {
  %0 = stablehlo.subtract %x, %y : tensor<2xi32>
  return %0 : tensor<2xi32>
}
"""
ONE_F = """func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
"""
WITH_TOKEN = """func.func @main(%t: !stablehlo.token, %a: tensor<2xi32>) -> tensor<2xi32> {
  return %a : tensor<2xi32>
}
"""


def run(args: list[str], stdin: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, args, input=stdin)
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return r.exit_code, r.stdout, r.stderr


def values(out: str) -> list[str]:
    return [ln[len("  global: "):] for ln in out.splitlines() if ln.startswith("  global: ")]


def one_error_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and "Traceback" not in err, err
    return lines[0]


def test_arguments_bind_by_index_not_by_sorted_suffix(tmp_path) -> None:
    p = tmp_path / "in.npz"
    np.savez(p, arg1=np.array([1, 1], np.int32), arg0=np.array([10, 20], np.int32))
    code, out, err = run(["-", "--inputs", str(p), "--print-values"], TWO)
    assert code == 0, err
    assert values(out) == ["[ 9, 19]"]


def test_arguments_bind_by_parameter_name(tmp_path) -> None:
    p = tmp_path / "in.npz"
    np.savez(p, y=np.array([1, 1], np.int32), x=np.array([10, 20], np.int32))
    code, out, err = run(["-", "--inputs", str(p), "--print-values"], TWO)
    assert code == 0, err
    assert values(out) == ["[ 9, 19]"]


@pytest.mark.parametrize("keys,needle", [
    (["arg-1", "arg0"], "key 'arg-1' names no parameter"),
    (["arg0", "arg7"], "key 'arg7' names no parameter"),
    (["argX", "arg0", "arg1"], "key 'argX' names no parameter"),
    (["arg01", "arg1"], "key 'arg01' names no parameter"),
    (["arg0"], "no input for parameter 1"),
    (["arg0", "x"], "parameter 0 is given twice"),
])
def test_keys_that_do_not_name_exactly_the_parameters_are_errors(tmp_path, keys, needle) -> None:
    p = tmp_path / "in.npz"
    np.savez(p, **{k: np.zeros(2, np.int32) for k in keys})
    code, _, err = run(["-", "--inputs", str(p)], TWO)
    assert code == 1 and needle in one_error_line(err)


def test_dtype_must_match_exactly(tmp_path) -> None:
    p = tmp_path / "in.npz"
    np.savez(p, arg0=np.array([2**40, 1], np.int64), arg1=np.zeros(2, np.int32))
    code, _, err = run(["-", "--inputs", str(p)], TWO)
    assert code == 1 and "key 'arg0' has dtype int64, parameter 0 (tensor<2xi32>) needs int32" in one_error_line(err)
    # an unsafe cast stays an error even when casts are allowed
    code, _, err = run(["-", "--inputs", str(p), "--cast-inputs"], TWO)
    assert code == 1 and "dtype int64" in one_error_line(err)


def test_complex_into_float_is_refused(tmp_path) -> None:
    p = tmp_path / "in.npz"
    np.savez(p, arg0=np.array([1 + 2j, 3j], np.complex64))
    code, _, err = run(["-", "--inputs", str(p), "--cast-inputs"], ONE_F)
    assert code == 1 and "dtype complex64" in one_error_line(err)


def test_cast_inputs_allows_safe_casts_only_when_asked(tmp_path) -> None:
    p = tmp_path / "in.npz"
    np.savez(p, arg0=np.array([1, 2], np.int16), arg1=np.array([1, 1], np.int8))
    code, _, err = run(["-", "--inputs", str(p)], TWO)
    assert code == 1 and "--cast-inputs" in one_error_line(err)
    code, out, err = run(["-", "--inputs", str(p), "--cast-inputs", "--print-values"], TWO)
    assert code == 0, err
    assert values(out) == ["[0, 1]"]


def test_token_parameters_need_no_key(tmp_path) -> None:
    p = tmp_path / "in.npz"
    np.savez(p, arg1=np.array([4, 5], np.int32))
    code, out, err = run(["-", "--inputs", str(p), "--print-values"], WITH_TOKEN)
    assert code == 0, err
    assert values(out) == ["[4, 5]"]


def _planted_header(tmp_path, shape: tuple) -> str:
    """An .npz whose single member's header claims `shape` of f32 with a few bytes of data."""
    buf = tmp_path / "x.npy"
    with open(buf, "wb") as f:
        np.lib.format.write_array_header_1_0(f, {"descr": "<f4", "fortran_order": False, "shape": shape})
        f.write(b"\0" * 16)
    p = tmp_path / "big.npz"
    with zipfile.ZipFile(p, "w") as z:
        z.write(buf, "arg0.npy")
    return str(p)


def _bad_files(tmp_path) -> list[tuple[str, str]]:
    empty = tmp_path / "empty.npz"
    empty.write_bytes(b"")
    text = tmp_path / "text.npz"
    text.write_text("hello\n")
    npy = tmp_path / "single.npy"
    np.save(npy, np.zeros(2, np.int32))
    obj = tmp_path / "obj.npz"
    np.savez(obj, arg0=np.array([object(), 1], dtype=object), arg1=np.zeros(2, np.int32))
    strs = tmp_path / "str.npz"
    np.savez(strs, arg0=np.array(["a", "b"]), arg1=np.zeros(2, np.int32))
    return [
        (str(empty), "empty"),
        (str(text), "not an .npz archive"),
        (str(npy), "single .npy array"),
        (str(obj), "Python objects"),
        (str(strs), "dtype <U1"),
        (_planted_header(tmp_path, (100000, 100000)), "header claims shape (100000, 100000)"),
        (str(tmp_path / "missing.npz"), "no such file"),
        (str(tmp_path), "directory"),
    ]


def test_malformed_input_files_are_one_line_errors(tmp_path) -> None:
    for path, needle in _bad_files(tmp_path):
        code, _, err = run(["-", "--inputs", path], TWO)
        assert code == 1 and needle in one_error_line(err), (path, err)


def test_malformed_host_input_files_are_one_line_errors(tmp_path) -> None:
    for path, needle in _bad_files(tmp_path)[:4]:
        code, _, err = run(["-", "--host-inputs", path], TWO)
        assert code == 1 and needle in one_error_line(err), (path, err)


@pytest.mark.parametrize("args,needle", [
    (["--seed", "-5"], "--seed"),
    (["--num-partitions", "-1"], "--num-partitions"),
    (["--num-partitions", "0"], "--num-partitions"),
    (["--num-replicas", "0"], "--num-replicas"),
])
def test_misuse_is_a_usage_error(args, needle) -> None:
    code, _, err = run(["-", *args], TWO)
    assert code == 2 and needle in err and "Traceback" not in err


def test_save_inputs_reproduces_a_random_run(tmp_path) -> None:
    saved = tmp_path / "drawn.npz"
    code, out_random, err = run(["-", "--seed", "3", "--save-inputs", str(saved), "--print-values"], TWO)
    assert code == 0, err
    data = np.load(saved)
    assert sorted(data.files) == ["arg0", "arg1"] and data["arg0"].dtype == np.int32
    code, out_replay, err = run(["-", "--inputs", str(saved), "--print-values"], TWO)
    assert code == 0, err
    assert out_replay == out_random


def test_save_inputs_round_trips_low_precision_floats(tmp_path) -> None:
    """np.savez keeps bf16 as raw 2-byte records ('|V2'); they bind to a bf16 parameter bit for bit."""
    prog = ("func.func @main(%a: tensor<3xbf16>) -> tensor<3xbf16> {\n  %0 = stablehlo.add %a, %a : tensor<3xbf16>\n"
            "  return %0 : tensor<3xbf16>\n}\n")
    saved = tmp_path / "bf.npz"
    code, out_random, err = run(["-", "--seed", "2", "--save-inputs", str(saved), "--print-values"], prog)
    assert code == 0, err
    assert np.load(saved)["arg0"].dtype.kind == "V"
    code, out_replay, err = run(["-", "--inputs", str(saved), "--print-values"], prog)
    assert code == 0, err
    assert out_replay == out_random
    # raw records of another width are still refused
    np.savez(tmp_path / "v4.npz", arg0=np.zeros(3, dtype="V4"))
    code, _, err = run(["-", "--inputs", str(tmp_path / "v4.npz")], prog)
    assert code == 1 and "dtype |V4" in one_error_line(err)
