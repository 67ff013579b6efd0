"""`hlopt-run` in-process: summaries, npz files, and bad input that must give
diagnostics (exit 1) or usage errors (exit 2), never a traceback."""

from __future__ import annotations

import os

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hlopt.run_cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROGRAM = """module attributes {mhlo.num_partitions = 2 : i32} {
  func.func @main(%a: tensor<3xi32>) -> tensor<3xi32> {
    %p = stablehlo.partition_id : tensor<ui32>
    %q = stablehlo.convert %p : (tensor<ui32>) -> tensor<i32>
    %b = stablehlo.broadcast_in_dim %q, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %0 = stablehlo.add %a, %b : tensor<3xi32>
    return %0 : tensor<3xi32>
  }
}
"""


def run(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, args, input=stdin)
    return r.exit_code, r.stdout, r.stderr


def test_summary_and_npz_round_trip(tmp_path) -> None:
    np.savez(tmp_path / "in.npz", arg0=np.array([1, 2, 3], np.int32))
    code, out, err = run(["-", "--inputs", str(tmp_path / "in.npz"), "-o", str(tmp_path / "out.npz"),
                          "--print-values"], PROGRAM)
    assert code == 0, err
    assert out.splitlines()[0] == "result0: tensor<3xi32>"
    assert out.splitlines()[1].startswith("  device 0: 3 int32 checksum ") and out.splitlines()[1].endswith("= [1, 2, 3]")
    assert out.splitlines()[2].endswith("= [2, 3, 4]")
    # no result sharding: replicated, so the global value is device 0's
    assert np.load(tmp_path / "out.npz")["result0"].tolist() == [1, 2, 3]


def test_num_partitions_option_and_seed_determinism() -> None:
    code, out4, _ = run(["-", "--num-partitions", "4", "--seed", "7"], PROGRAM)
    assert code == 0 and "device 3:" in out4
    assert run(["-", "--num-partitions", "4", "--seed", "7"], PROGRAM)[1] == out4
    assert run(["-", "--num-partitions", "4", "--seed", "8"], PROGRAM)[1] != out4


def test_missing_file_is_usage_error() -> None:
    code, _, err = run([os.path.join(ROOT, "no-such-file.mlir")])
    assert code == 2 and "could not open input file" in err


@pytest.mark.parametrize("text,msg", [
    ("func.func @main( {", "error:"),
    ('func.func @f() {\n  return\n}\n', "no function named '@main' to run"),
])
def test_bad_programs_are_diagnostics(text: str, msg: str) -> None:
    code, _, err = run(["-"], text)
    assert code == 1 and msg in err and "Traceback" not in err


_CORPUS = open(os.path.join(ROOT, "tests/fixtures/stablehlo/control_flow.mlir")).read()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(_CORPUS) - 1), st.integers(1, 40), st.sampled_from(["", "0", "2", "16", "x", "%", "}", "-1"]))
def test_mutated_corpus_never_tracebacks(pos: int, n: int, junk: str) -> None:
    text = _CORPUS[:pos] + junk + _CORPUS[pos + n:]
    code, _, err = run(["-"], text)
    assert code in (0, 1), err
    assert "Traceback" not in err and "internal error" not in err
