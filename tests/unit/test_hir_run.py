"""hir modules run from the command line (`hlopt-run`) and under
`--check-semantics` (hlopt.analysis.hir_run dispatches to the hir evaluator)."""

from __future__ import annotations

import pathlib
import subprocess
import sys
from dataclasses import dataclass

import numpy as np
import pytest

import hlopt
from hlopt.analysis import hir_run
from hlopt.driver import run_module
from hlopt.ir.rewriter import Rewriter
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass
from hlopt.passes.semantics import SemanticsChanged, check_semantics

LIT = pathlib.Path(__file__).parent.parent / "lit" / "hir"
PIPELINE = "builtin.module(func.func(hir-segment),hir-lower,lower-streams)"

AG = """
#d = #hir.sharding<[didx, serial], mesh = [0, 1]>
#c = #hir.sharding<[serial, didx], mesh = [0, 1]>
#r = #hir.sharding<[stream, serial], mesh = [0, 1]>
func.func @ag(%a: tensor<4x2xf32, #c>) -> tensor<4x2xf32, #r> {
  %0 = hir.set %a : tensor<4x2xf32, #c> -> tensor<4x2xf32, #r>
  return %0 : tensor<4x2xf32, #r>
}
func.func @neg(%a: tensor<4x3xf32, #d>) -> tensor<4x3xf32, #d> {
  %0 = hir.neg %a : tensor<4x3xf32, #d> -> tensor<4x3xf32, #d>
  return %0 : tensor<4x3xf32, #d>
}
"""


@register_pass
@dataclass
class _DropCommunications(Pass):
    """Wrong on purpose: communications (and their waits) disappear."""

    argument = "test-hir-drop-communications"
    summary = "(test) erase every hir.wait and hir.communication"

    def run(self, op) -> None:
        rw = Rewriter()
        for name in ("hir.wait", "hir.communication"):
            for o in [o for o in op.walk() if o.name == name]:
                rw.erase_op(o)


def _chunks(name: str) -> list[str]:
    return (LIT / name).read_text().split("// -----")


@pytest.mark.parametrize("file", ["lower-streams.mlir", "lower.mlir", "pipeline.mlir"])
def test_check_semantics_checks_every_hir_pass(file: str) -> None:
    for chunk in _chunks(file):
        m = hlopt.parse_module(chunk)
        assert check_semantics(m, PIPELINE, seeds=2) == 3


def test_a_wrong_pass_on_a_host_program_is_caught() -> None:
    m = hlopt.parse_module(AG)
    with pytest.raises(SemanticsChanged) as e:
        check_semantics(m, "builtin.module(func.func(hir-segment),hir-lower,test-hir-drop-communications)")
    assert "pass 'test-hir-drop-communications' changed the program's results: output 0 on device 0" \
        in e.value.message


def test_levels_and_devices() -> None:
    m = hlopt.parse_module(AG)
    assert hir_run.is_hir_module(m) and hir_run.is_fusion_level(m)
    assert hir_run.num_devices(m) == 2
    assert hir_run.entry_points(m) == ["ag", "neg"]
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    y = x[:, :2]
    fusion = hir_run.run(m, "ag", [y])
    run_module(m, PIPELINE)
    assert not hir_run.is_fusion_level(m)
    host = hir_run.run(m, "ag", [y])
    for d in (0, 1):
        np.testing.assert_array_equal(fusion[d][0], y)
        np.testing.assert_array_equal(host[d][0], y)
    neg = hir_run.run(m, "neg", [x], n=3)  # a device outside every mesh holds nothing
    np.testing.assert_array_equal(neg[1][0], -x[2:])
    assert neg[2] == [None]
    t = hir_run.function_types(m, "neg")[1]
    np.testing.assert_array_equal(hir_run.assemble(neg, t)[0], -x)


def _run(args: list[str], text: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hlopt.run_cli", *args], input=text, capture_output=True,
                          text=True)


def test_hlopt_run_fusion_and_host_program_agree(tmp_path: pathlib.Path) -> None:
    host = hlopt.parse_module(AG)
    run_module(host, PIPELINE)
    outs = []
    for text in (AG, hlopt.print_op(host)):
        r = _run(["-", "--entry", "ag", "--seed", "3", "-o", str(tmp_path / "o.npz")], text)
        assert r.returncode == 0, r.stderr
        assert r.stdout.startswith("result0: tensor<4x2xf32")
        assert "device 1: 4x2 float32 checksum" in r.stdout
        outs.append((r.stdout, np.load(tmp_path / "o.npz")["result0"]))
    assert outs[0][0] == outs[1][0]
    np.testing.assert_array_equal(outs[0][1], outs[1][1])


def test_hlopt_run_reports_bad_requests() -> None:
    r = _run(["-"], AG)  # two entry functions, no @main
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "no function named '@main' to run (entry functions: @ag, @neg; choose one with --entry)" in r.stderr
    r = _run(["-", "--entry", "neg", "--num-partitions", "1"], AG)
    assert r.returncode == 1 and "the module's meshes name 2 devices, --num-partitions gives 1" in r.stderr
    r = _run(["-", "--entry", "neg", "--num-partitions", "3", "--print-values"], AG)
    assert r.returncode == 0 and "device 2: not in the mesh" in r.stdout and "global: [[" in r.stdout


def test_hlopt_run_binds_hir_inputs_strictly(tmp_path: pathlib.Path) -> None:
    """hir entries read --inputs as StableHLO entries do: exact keys and dtypes, no silent gaps."""
    good, bad_key, bad_dtype = tmp_path / "good.npz", tmp_path / "key.npz", tmp_path / "dtype.npz"
    a = np.arange(12, dtype=np.float32).reshape(4, 3)
    np.savez(good, arg0=a)
    np.savez(bad_key, arg1=a)
    np.savez(bad_dtype, arg0=a.astype(np.float64))
    r = _run(["-", "--entry", "neg", "--inputs", str(good), "-o", str(tmp_path / "o.npz")], AG)
    assert r.returncode == 0, r.stderr
    np.testing.assert_array_equal(np.load(tmp_path / "o.npz")["result0"], -a)
    r = _run(["-", "--entry", "neg", "--inputs", str(bad_key)], AG)
    assert r.returncode == 1 and "key 'arg1' names no parameter of the entry (expected arg0)" in r.stderr
    r = _run(["-", "--entry", "neg", "--inputs", str(bad_dtype)], AG)
    assert r.returncode == 1 and "key 'arg0' has dtype float64" in r.stderr and "Traceback" not in r.stderr
