"""Interpreter limits: a loop that never ends stops at --max-steps, a value
(or the total held) over --max-bytes is refused before it is allocated, and
many devices under an address-space limit get a clear error, never a crash.
Each is a located diagnostic naming the op and the limit."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
from click.testing import CliRunner

from hlopt.cli import main as hlopt_main
from hlopt.interp.limits import Limits, default_max_bytes, physical_memory
from hlopt.run_cli import main as run_main

FOREVER = """func.func @main(%a: tensor<i32>) -> tensor<i32> {
  %t = stablehlo.constant dense<true> : tensor<i1>
  %r = stablehlo.while(%it = %a) : tensor<i32>
    cond {
      stablehlo.return %t : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %n = stablehlo.add %it, %one : tensor<i32>
      stablehlo.return %n : tensor<i32>
    }
  return %r : tensor<i32>
}
"""
HUGE_ARG = """func.func @main(%a: tensor<100000x100000xf32>) -> tensor<100000x100000xf32> {
  return %a : tensor<100000x100000xf32>
}
"""
HUGE_BROADCAST = """func.func @main(%a: tensor<f32>) -> tensor<100000x100000xf32> {
  %b = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<100000x100000xf32>
  return %b : tensor<100000x100000xf32>
}
"""
MANY_SMALL = """func.func @main(%a: tensor<256xf32>) -> tensor<256xf32> {
  %0 = stablehlo.add %a, %a : tensor<256xf32>
  %1 = stablehlo.add %0, %a : tensor<256xf32>
  %2 = stablehlo.add %1, %a : tensor<256xf32>
  return %2 : tensor<256xf32>
}
"""


def run(main, args: list[str], stdin: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, args, input=stdin)
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return r.exit_code, r.stdout, r.stderr


def test_a_loop_that_never_ends_stops_at_max_steps() -> None:
    code, _, err = run(run_main, ["-", "--max-steps", "1000"], FOREVER)
    assert code == 1
    assert "<stdin>:3:" in err  # located at the while
    assert "'stablehlo.while' exceeded the step limit of 1000 op executions" in err
    assert "internal error" not in err and "Traceback" not in err


def test_check_semantics_stops_at_its_step_limit() -> None:
    code, _, err = run(hlopt_main, ["-", "--check-semantics", "--check-semantics-max-steps", "500", "--cse"],
                       FOREVER)
    assert code == 1
    assert "<stdin>:3:" in err and "exceeded the step limit of 500" in err and "Traceback" not in err


def test_default_limits_are_finite() -> None:
    lim = Limits()
    assert 0 < lim.max_steps <= 10**9
    assert 0 < lim.bytes_limit() <= physical_memory()
    assert lim.bytes_limit() == default_max_bytes()


def test_a_huge_parameter_is_refused_before_drawing_it() -> None:
    code, _, err = run(run_main, ["-"], HUGE_ARG)
    assert code == 1 and "<stdin>:1:" in err
    assert "over the memory limit" in err and "--max-bytes" in err and "Traceback" not in err


def test_a_huge_result_is_refused_before_the_op_allocates_it() -> None:
    code, _, err = run(run_main, ["-"], HUGE_BROADCAST)
    assert code == 1 and "<stdin>:2:" in err
    assert "'stablehlo.broadcast_in_dim' would allocate 37.3 GiB, over the memory limit" in err


def test_the_total_held_counts_against_max_bytes() -> None:
    # one value is 1 KiB; the argument and three results are 4 KiB
    code, _, err = run(run_main, ["-", "--max-bytes", "3500"], MANY_SMALL)
    assert code == 1 and "<stdin>:4:" in err
    assert "'stablehlo.add' would bring the values held by the run to 4.0 KiB" in err
    code, _, err = run(run_main, ["-", "--max-bytes", "5000"], MANY_SMALL)
    assert code == 0, err


def test_random_inputs_are_drawn_in_their_own_dtype() -> None:
    from hlopt import parse_module
    from hlopt.interp import random_inputs

    m = parse_module("func.func @main(%a: tensor<3xf32>, %b: tensor<3xi16>, %c: tensor<2xcomplex<f32>>, "
                     "%d: tensor<2xi1>) -> () {\n  return\n}\n")
    a, b, c, d = random_inputs(m, 1)
    assert (a.dtype, b.dtype, c.dtype, d.dtype) == (np.float32, np.int16, np.complex64, np.bool_)
    assert np.all(c.imag != 0) and set(np.unique(b)) <= set(range(-5, 6))


RING = """module attributes {mhlo.num_partitions = %d : i32} {
  func.func @main(%%a: tensor<2xf32>) -> tensor<2xf32> {
    %%0 = "stablehlo.collective_permute"(%%a) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
      source_target_pairs = dense<[%s]> : tensor<%dx2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
    return %%0 : tensor<2xf32>
  }
}
"""


def test_many_devices_under_an_address_space_limit_are_a_clear_error(tmp_path) -> None:
    n = 1000
    pairs = ", ".join(f"[{i}, {(i + 1) % n}]" for i in range(n))
    p = tmp_path / "ring.mlir"
    p.write_text(RING % (n, pairs, n))
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (6 << 30, 6 << 30)); "
            "from hlopt.run_cli import main; sys.argv = ['hlopt-run', sys.argv[1]]; main()")
    r = subprocess.run([sys.executable, "-c", code, str(p)], capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert r.returncode == 1, r.stderr
    assert "1000 devices need one thread each" in r.stderr and "allows at most" in r.stderr
    assert f"{p}:2:" in r.stderr and "Traceback" not in r.stderr


# -- resource exhaustion is a located error, never "internal error" ----------------------------------

BEYOND_NUMPY = """func.func @main(%a: tensor<f32>) -> tensor<1000000000000x1000000000000xf32> {
  %b = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<1000000000000x1000000000000xf32>
  return %b : tensor<1000000000000x1000000000000xf32>
}
"""
OUT_OF_MEMORY = """func.func @main(%a: tensor<f32>) -> tensor<100000x100000xf32> {
  %b = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<100000x100000xf32>
  %c = stablehlo.add %b, %b : tensor<100000x100000xf32>
  return %c : tensor<100000x100000xf32>
}
"""


def test_an_array_beyond_numpy_is_a_located_error() -> None:
    code, _, err = run(run_main, ["-", "--max-bytes", str(10**30)], BEYOND_NUMPY)
    assert code == 1 and "<stdin>:2:" in err
    assert "'stablehlo.broadcast_in_dim' needs an array too large for numpy" in err
    assert "internal error" not in err and "failed: ValueError" not in err


def test_running_out_of_memory_is_a_located_error(tmp_path) -> None:
    p = tmp_path / "oom.mlir"
    p.write_text(OUT_OF_MEMORY)
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30)); "
            "from hlopt.run_cli import main; sys.argv = ['hlopt-run', sys.argv[1], '--max-bytes', str(10**15)]; main()")
    r = subprocess.run([sys.executable, "-c", code, str(p)], capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert r.returncode == 1, r.stderr
    assert f"{p}:" in r.stderr and "ran out of memory" in r.stderr
    assert "internal error" not in r.stderr and "Traceback" not in r.stderr


def test_the_interpret_api_refuses_value_changing_argument_casts() -> None:
    import pytest

    from hlopt import parse_module
    from hlopt.interp import InterpError, interpret

    m = parse_module("func.func @main(%a: tensor<2xi32>) -> tensor<2xi32> {\n  return %a : tensor<2xi32>\n}\n")
    assert interpret(m, [np.array([1, -2], np.int64)])[0][0].tolist() == [1, -2]  # fits: converted
    with pytest.raises(InterpError, match="does not fit 'tensor<2xi32>'"):
        interpret(m, [np.array([2**40, 1], np.int64)])
    f = parse_module("func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n  return %a : tensor<2xf32>\n}\n")
    with pytest.raises(InterpError, match="does not fit 'tensor<2xf32>'"):
        interpret(f, [np.array([1 + 2j, 3j])])
