#!/usr/bin/env python3
"""Speed of `--stablehlo-async-collectives --async-schedule` (issue 10, item 7):
time in-process (parsing excluded) on generated modules of 10k ops with 100
collectives and 100k ops with 1,000 collectives (10x input must take at most
11x time), and on the large JAX transformer fixture.

    python bench/async_bench.py [--repeat 3]
"""
from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FIXTURE = REPO / "tests" / "fixtures" / "stablehlo" / "deep_transformer_grad.mlir"
T_GROWTH = 11.0


def gen_module(n_ops: int, n_collectives: int) -> str:
    """A ring of collective_permutes, each followed by independent compute
    (dots and elementwise ops), `n_ops` ops in all."""
    per = max(4, n_ops // n_collectives)
    t = "tensor<16x16xf32>"
    pairs = "dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>"
    lines = ["module @gen attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {",
             f"  func.func @main(%x: {t}, %w: {t}) -> ({t}, {t}) {{"]
    carry, acc, k = "%x", "%w", 0
    for _ in range(n_collectives):
        lines.append(f'    %p{k} = "stablehlo.collective_permute"({carry}) <{{source_target_pairs = {pairs}}}> '
                     f": ({t}) -> {t}")
        carry = f"%p{k}"
        for j in range(per - 1):
            if j % 3 == 0:
                lines.append(f"    %c{k}_{j} = stablehlo.dot_general {acc}, %w, contracting_dims = [1] x [0] "
                             f": ({t}, {t}) -> {t}")
            else:
                lines.append(f"    %c{k}_{j} = stablehlo.add {acc}, %w : {t}")
            acc = f"%c{k}_{j}"
        k += 1
    lines.append(f"    return {carry}, {acc} : {t}, {t}")
    lines += ["  }", "}", ""]
    return "\n".join(lines)


def time_passes(text: str, repeat: int) -> dict:
    import hlopt
    from hlopt.passes.async_collectives import AsyncCollectives
    from hlopt.passes.async_schedule import AsyncSchedule

    best = None
    ops = moved = 0
    for _ in range(repeat):
        m = hlopt.parse_module(text)
        ops = sum(1 for _ in m.walk())
        gc.collect()  # the parse's garbage is not the passes' cost
        t0 = time.perf_counter()
        AsyncCollectives().run(m)
        s = AsyncSchedule()
        s.run(m)
        dt = time.perf_counter() - t0
        moved = s.statistics.get("num-moved", 0)
        best = dt if best is None else min(best, dt)
    return {"ops": ops, "time": best, "moved": moved}


def bench_async(repeat: int = 3) -> dict:
    res: dict = {}
    for n, c in ((10_000, 100), (100_000, 1_000)):
        print(f"async passes: {n} ops, {c} collectives ...", file=sys.stderr, flush=True)
        res[f"gen-{n}"] = time_passes(gen_module(n, c), repeat)
    if FIXTURE.exists():
        print("async passes: deep_transformer_grad ...", file=sys.stderr, flush=True)
        res["fixture"] = time_passes(FIXTURE.read_text(), repeat)
    a, b = res["gen-10000"]["time"], res["gen-100000"]["time"]
    growth = b / a if a else None
    res["growth"] = growth
    res["target"] = {"name": "async passes: time(100k) / time(10k)", "goal": f"<= {T_GROWTH:g}x",
                     "value": growth, "result": "PASS" if growth is not None and growth <= T_GROWTH else "FAIL"}
    for k, v in res.items():
        if isinstance(v, dict) and "ops" in v:
            print(f"  {k:>12}: {v['ops']:>7} ops  {v['time']:.3f} s  ({v['moved']} moved)", file=sys.stderr)
    print(f"  growth 10k -> 100k: {growth:.2f}x (goal <= {T_GROWTH:g}x): {res['target']['result']}",
          file=sys.stderr)
    return res


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    r = bench_async(a.repeat)
    print(json.dumps(r, indent=2))
    sys.exit(0 if r["target"]["result"] == "PASS" else 1)
