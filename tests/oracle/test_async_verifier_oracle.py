"""Upstream StableHLO's async ops and `!stablehlo.future`, judged by jaxlib's
MLIR: valid modules (one per collective the upstream form wraps) and
mechanical mutations of them. hlopt accepts what MLIR accepts and, for
what MLIR rejects, gives the same errors, word for word and in order
(including MLIR's second 'failed to infer returned types')."""

from __future__ import annotations

import os
import re
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
pytest.importorskip("jax")

import mlir_ref  # noqa: E402

from hlopt.driver import Options, process  # noqa: E402
from hlopt.syntax.source import Source  # noqa: E402

_ADD = """({
      ^bb0(%l: tensor<f32>, %r: tensor<f32>):
        %s = "stablehlo.add"(%l, %r) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%s) : (tensor<f32>) -> ()
      })"""
# (body op, its result type), operand tensor<8x4xf32>
BODIES = {
    "collective_permute": ('"stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : '
                           'tensor<2x2xi64>}> : (tensor<8x4xf32>) -> tensor<8x4xf32>', "tensor<8x4xf32>"),
    "all_reduce": ('"stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ' + _ADD
                   + " : (tensor<8x4xf32>) -> tensor<8x4xf32>", "tensor<8x4xf32>"),
    "all_gather": ('"stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : '
                   'tensor<1x2xi64>}> : (tensor<8x4xf32>) -> tensor<16x4xf32>', "tensor<16x4xf32>"),
    "reduce_scatter": ('"stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, '
                       'scatter_dimension = 0 : i64}> ' + _ADD + " : (tensor<8x4xf32>) -> tensor<4x4xf32>",
                       "tensor<4x4xf32>"),
}


def module(body: str, rt: str, *, arg: str = "%x: tensor<8x4xf32>", start_rt: str | None = None,
           done_rt: str | None = None, extra: str = "") -> str:
    fut = start_rt or f"!stablehlo.future<{rt}>"
    return f"""func.func @f(%a: tensor<8x4xf32>) -> {done_rt or rt} {{
  %f = "stablehlo.async_start"(%a) ({{
  ^bb0({arg}):
    %0 = {body}
{extra}    "stablehlo.return"(%0) : ({rt}) -> ()
  }}) : (tensor<8x4xf32>) -> {fut}
  %r = "stablehlo.async_done"(%f) : ({fut}) -> {done_rt or rt}
  "func.return"(%r) : ({done_rt or rt}) -> ()
}}
"""


def cases() -> list:
    out = []
    for name, (body, rt) in BODIES.items():
        out += [
            (f"{name}-valid", module(body, rt)),
            (f"{name}-future-of-scalar", module(body, rt, start_rt="!stablehlo.future<f32>")),
            (f"{name}-region-arg-type", module(body.replace("(%x)", "(%y)"), rt,
                                                arg="%x: tensor<8x4xi32>, %y: tensor<8x4xf32>")),
            (f"{name}-region-arg-count", module(body, rt, arg="%x: tensor<8x4xf32>, %z: tensor<8x4xf32>")),
            (f"{name}-arg-type", module(body.replace("tensor<8x4xf32>) ->", "tensor<8x4xi32>) ->"), rt,
                                        arg="%x: tensor<8x4xi32>")),
            (f"{name}-future-type", module(body, rt, start_rt="!stablehlo.future<tensor<1x4xf32>>",
                                           done_rt="tensor<1x4xf32>")),
            (f"{name}-two-futures", module(body, rt, start_rt=f"!stablehlo.future<{rt}, {rt}>")),
            (f"{name}-done-type", module(body, rt, done_rt="tensor<8x4xi32>")),
            (f"{name}-two-ops", module(body, rt, extra=f"    %1 = \"stablehlo.negate\"(%0) : ({rt}) -> {rt}\n")),
        ]
    out.append(("no-collective", module('"stablehlo.negate"(%x) : (tensor<8x4xf32>) -> tensor<8x4xf32>',
                                        "tensor<8x4xf32>")))
    return out


def _mlir_errors(text: str) -> list[str]:
    ok, err = mlir_ref.verify(text)
    return [] if ok else re.findall(r"\): error: (.*)", err)


def _hlopt_errors(text: str) -> list[str]:
    _, diags, _ = process(Source("-", text), Options())
    return [d.message for d in diags if d.severity == "error"]


@pytest.mark.parametrize("text", [pytest.param(t, id=n) for n, t in cases()])
def test_async_verifier_matches_mlir(text):
    want = _mlir_errors(text)
    got = _hlopt_errors(text)
    assert got == want
