"""hlopt.check_semantics / --check-semantics: generic passes keep results;
a deliberately wrong pass is caught, named, and located."""

from __future__ import annotations

import glob
import os
from dataclasses import dataclass

import pytest

import hlopt
from hlopt.interp.semantics import compare
from hlopt.ir.rewriter import Rewriter
from hlopt.passes.base import Pass
from hlopt.passes.manager import PassManager
from hlopt.passes.registry import register_pass
from hlopt.passes.semantics import SemanticsChanged, check_semantics

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@register_pass
@dataclass
class _SwapSubtract(Pass):
    """Wrong on purpose: a - b becomes b - a."""

    argument = "test-swap-subtract"
    summary = "(test) swap the operands of every stablehlo.subtract"

    def run(self, op) -> None:
        b = Rewriter()
        for o in list(op.walk()):
            if o.name == "stablehlo.subtract":
                lhs, rhs = o.operands
                b.set_operand(o, 0, rhs)
                b.set_operand(o, 1, lhs)


@register_pass
@dataclass
class _Nothing(Pass):
    argument = "test-nothing"
    summary = "(test) leave the IR alone"

    def run(self, op) -> None:
        pass


PROGRAM = """
module attributes {mhlo.num_partitions = 2 : i32} {
  func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %0 = stablehlo.add %a, %b : tensor<4xf32>
    %1 = stablehlo.add %a, %b : tensor<4xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<4xf32>
    %3 = stablehlo.subtract %a, %b : tensor<4xf32>
    return %2, %3 : tensor<4xf32>, tensor<4xf32>
  }
}
"""


def test_generic_passes_keep_results() -> None:
    m = hlopt.parse_module(PROGRAM)
    n = check_semantics(m, "builtin.module(test-nothing,func.func(cse),canonicalize)", seeds=2)
    assert n == 3
    assert hlopt.print_op(m).count("stablehlo.add") == 1  # cse did run


def test_wrong_pass_is_caught_with_pass_output_device_and_difference() -> None:
    m = hlopt.parse_module(PROGRAM)
    with pytest.raises(SemanticsChanged) as e:
        check_semantics(m, "builtin.module(func.func(cse),test-swap-subtract,canonicalize)")
    err = e.value
    assert err.pass_.argument == "test-swap-subtract"
    assert "pass 'test-swap-subtract' changed the program's results: output 1 on device 0" in err.message
    assert "largest difference" in err.message
    assert err.op is not None and err.op.name == "func.return"


def test_check_semantics_exported_from_hlopt() -> None:
    m = hlopt.parse_module(PROGRAM)
    assert hlopt.check_semantics(m, "builtin.module(cse)") == 1
    assert callable(hlopt.interpret)


def test_compare_rules() -> None:
    import numpy as np

    assert compare(np.array([1, 2]), np.array([1, 2]), 1e-5)[0]
    assert not compare(np.array([1, 2]), np.array([1, 3]), 1e-5)[0]
    assert compare(np.float32([1000.0]), np.float32([1000.001]), 1e-5)[0]
    assert not compare(np.float32([1.0]), np.float32([1.1]), 1e-5)[0]
    assert not compare(np.float32([np.nan]), np.float32([1.0]), 1e-5)[0]
    assert compare(np.float32([np.nan, np.inf]), np.float32([np.nan, np.inf]), 1e-5)[0]
    assert not compare(np.float32([1.0]), np.float64([1.0]), 1e-5)[0]


@pytest.mark.parametrize("path", sorted(f for f in glob.glob(os.path.join(ROOT, "tests/fixtures/stablehlo/*.mlir"))
                                        if not f.endswith((".generic.mlir", ".debuginfo.mlir"))
                                        and "io_callback" not in f),
                         ids=lambda p: os.path.basename(p)[:-5])
def test_generic_passes_on_corpus(path: str) -> None:
    # io_callback is left out: its host callbacks cannot run outside jax (see
    # test_program_that_cannot_run_is_reported)
    m = hlopt.parse_module(open(path).read(), path)
    pm = PassManager.from_text("builtin.module(inline,canonicalize,cse,symbol-dce)")
    assert check_semantics(m, pm) >= 4


def test_program_that_cannot_run_is_reported() -> None:
    from hlopt.passes.manager import PipelineFailure

    path = os.path.join(ROOT, "tests/fixtures/stablehlo/io_callback.mlir")
    m = hlopt.parse_module(open(path).read(), path)
    with pytest.raises(PipelineFailure) as e:
        check_semantics(m, "builtin.module(cse)")
    assert e.value.message.startswith("cannot check semantics: the input program does not run: "
                                      "unsupported custom_call target '@xla_ffi_python_cpu_callback'")
    assert e.value.op.name == "stablehlo.custom_call"
