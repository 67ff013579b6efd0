"""Token-level fuzzing of valid modules (issue 7, item 5).

`mutate` edits a valid module at the level of MLIR tokens: it deletes,
duplicates, swaps or replaces whole tokens, and splices in the lexical
corners that once went wrong (comments inside signatures and dictionaries,
hex and out-of-range location numbers, `1e999`, non-ASCII symbols, huge
integers, early terminators). Here, with a hypothesis strategy over it,
every mutant must print (and re-parse to the same text) or fail with a
located diagnostic, never an internal error. tests/oracle/test_fuzz_oracle.py
draws a fixed sample with `fixed_sample` and asserts hlopt's accept/reject
verdict is MLIR's (jaxlib); tests/lit/reliability/fuzz-verdicts*.mlir pin
those verdicts in the main suite.
"""

from __future__ import annotations

import random
import re
import sys
import threading
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hlopt.driver import Options, process
from hlopt.syntax.source import Source

SEEDS = [
    # signatures, attribute and property dictionaries, custom and generic forms
    """func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> attributes {a = 1 : i32, b = "s"} {
  %0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>
  %1 = "stablehlo.multiply"(%0, %arg1) {tag = [1, 2]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "stablehlo.compare"(%1, %0) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %3 = stablehlo.select %2, %1, %0 : tensor<4xi1>, tensor<4xf32>
  return %3 : tensor<4xf32>
}
""",
    # constants: splat, list, hex, integers of several widths, index
    """func.func @consts() -> (tensor<2xf32>, tensor<3xi8>, tensor<i64>, tensor<2xui16>) {
  %0 = stablehlo.constant dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf32>
  %1 = stablehlo.constant dense<[127, -128, 5]> : tensor<3xi8>
  %2 = stablehlo.constant dense<9223372036854775807> : tensor<i64>
  %3 = stablehlo.constant dense<"0x0100FFFF"> : tensor<2xui16>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<3xi8>, tensor<i64>, tensor<2xui16>
}
""",
    # locations in all forms
    """#loc1 = loc("x.py":3:7)
func.func @locs(%arg0: tensor<f32> loc("a.py":1:2)) -> tensor<f32> {
  %0 = stablehlo.negate %arg0 : tensor<f32> loc(#loc1)
  %1 = stablehlo.abs %0 : tensor<f32> loc(callsite("f"("b.py":4:1) at "c.py":5:2))
  %2 = stablehlo.sqrt %1 : tensor<f32> loc(fused["d.py":1:1, "e.py":2:2 to 3:4])
  return %2 : tensor<f32> loc(unknown)
}
""",
    # module attributes, iota/broadcast custom forms with integer fields
    """module @m attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32>) -> tensor<3x2xf32> {
    %0 = stablehlo.iota dim = 0 : tensor<3xi32>
    %1 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<3xi32>) -> tensor<3x2xi32>
    return %1 : tensor<3x2xf32>
  }
}
""",
    # regions, block arguments, calls, private functions
    """func.func private @callee(%arg0: tensor<i32>) -> tensor<i32> {
  return %arg0 : tensor<i32>
}
func.func @caller(%arg0: tensor<4xi32>, %arg1: tensor<i32>) -> tensor<i32> {
  %0 = call @callee(%arg1) : (tensor<i32>) -> tensor<i32>
  %1 = stablehlo.reduce(%arg0 init: %0) applies stablehlo.add across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
  %2 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %3 = stablehlo.maximum %a, %b : tensor<i32>
    stablehlo.return %3 : tensor<i32>
  }) : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
  return %2 : tensor<i32>
}
""",
]

# MLIR's tokens, coarsely: strings, comments, ids with sigils, numbers, words, punctuation
TOKEN = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"|//[^\n]*|[%^#!@][\w$.\-]*|0x[0-9A-Fa-f]+'
                   r"|-?\d+(?:\.\d*(?:[eE][-+]?\d+)?)?|[A-Za-z_][\w.$]*|->|::|\S", re.ASCII)
# the lexical corners of issue 7 and their neighbours
CORNERS = [
    "// c\n", "/* no */", "1e999", "1.0e999", "1e5", "0x10", "0x7FF8000000000001", "4294967295", "4294967296",
    "99999999999999999999", "-1", "-0", "@méain", '@"méain"', "%é", "\u00a0", 'loc("a.py":1:0x10)',
    'loc("a":1)', 'loc("a":1 to :3)', 'loc("a":1:2 to :1.0e-999)', "return", "stablehlo.return",
    "#stablehlo<comparison_direction  EQ>", "index", "i1", "ui8", "si8", "f16", "bf16", "true", "unit",
    "dense<1e999>", "dense<2>", "array<i8: 300>", "{", "}", "<", ">", "(", ")", "[", "]", ",", ":", "=",
]

Choose = Callable[[int, int], int]  # (lo, hi) -> an int in [lo, hi]


def mutate(text: str, choose: Choose) -> str:
    """Apply 1-3 token edits; `choose` makes every decision (hypothesis or a
    seeded Random), so a run is reproducible from its choices."""
    for _ in range(choose(1, 3)):
        spans = [m.span() for m in TOKEN.finditer(text)]
        if not spans:
            return text
        i = choose(0, len(spans) - 1)
        a, b = spans[i]
        kind = choose(0, 5)
        if kind == 0:  # delete a token
            text = text[:a] + text[b:]
        elif kind == 1:  # duplicate it
            text = text[:b] + " " + text[a:b] + text[b:]
        elif kind == 2:  # swap with another token
            j = choose(0, len(spans) - 1)
            (a, b), (c, d) = sorted([spans[i], spans[j]])
            if b <= c:
                text = text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]
        elif kind == 3:  # replace with a lexical corner
            text = text[:a] + CORNERS[choose(0, len(CORNERS) - 1)] + text[b:]
        elif kind == 4:  # insert a corner after the token
            text = text[:b] + " " + CORNERS[choose(0, len(CORNERS) - 1)] + text[b:]
        else:  # replace with a token from elsewhere in the module
            c, d = spans[choose(0, len(spans) - 1)]
            text = text[:a] + text[c:d] + text[b:]
    return text


@st.composite
def mutated_modules(draw) -> str:
    seed = SEEDS[draw(st.integers(0, len(SEEDS) - 1))]
    return mutate(seed, lambda lo, hi: draw(st.integers(lo, hi)))


def fixed_sample(n: int, seed: int = 7) -> list[str]:
    """A deterministic sample of distinct mutants (for the oracle and lit)."""
    rng = random.Random(seed)
    out: dict[str, None] = {}
    while len(out) < n:
        text = mutate(SEEDS[rng.randrange(len(SEEDS))], rng.randint)
        out.setdefault(text, None)
    return list(out)


def verdict(text: str) -> tuple[bool, str]:
    """hlopt's verdict as mlir-opt would give it (registered dialects only):
    (accepted, output or first diagnostic). Raises on an internal error."""
    box: dict = {}

    def run() -> None:
        try:
            out, diags, _ = process(Source("fuzz.mlir", text), Options())
            box["r"] = (True, out) if out is not None else (False, diags[0].header() if diags else "")
        except BaseException as e:  # noqa: BLE001 - reported below
            box["e"] = e

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 200000))
    size = threading.stack_size(512 * 1024 * 1024)
    try:
        t = threading.Thread(target=run, daemon=True)
        t.start()
    finally:
        threading.stack_size(size)
    t.join()
    sys.setrecursionlimit(old)
    if "e" in box:
        raise AssertionError(f"internal error on:\n{text}") from box["e"]
    return box["r"]


LOCATED = re.compile(r"^fuzz\.mlir:\d+:\d+: error: \S")


def test_seeds_are_valid() -> None:
    for s in SEEDS:
        ok, out = verdict(s)
        assert ok, out


@settings(max_examples=400, derandomize=True, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(mutated_modules())
def test_token_mutants_print_or_give_located_errors(text: str) -> None:
    ok, out = verdict(text)
    if not ok:
        assert LOCATED.match(out), out
        return
    ok2, out2 = verdict(out)
    assert ok2 and out2 == out, f"output does not re-parse to itself:\n{out}"


def test_fixed_sample_is_deterministic() -> None:
    assert fixed_sample(20) == fixed_sample(20)
    assert len(set(fixed_sample(50))) == 50
