#!/usr/bin/env python3
"""Host-IR pass speed (process CPU time): --hir-segment, --hir-lower and --lower-streams on
generated fusions of N ops (in-process, parse and verification excluded).

    python bench/hir_bench.py                  # 10k and 100k ops
    python bench/hir_bench.py --sizes 1000,10000 --check

Each block of 8 ops has a fused kernel (exp, neg), standalone binary ops,
an allgather of the sharded input, and two stream-parallel ops that share
one loop. Target: 10x the ops costs at most 11x the time, per pass.
Per-op cost is flat from 5k to 100k ops; what varies is the shared
machine's load, so the sizes are timed interleaved, best of several runs.
"""
from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

T_GROWTH = 11.0
# the rewrites only: lower-streams predict=false skips its (separate) schedule prediction
PASSES = ("hir-segment{policy=standalone}", "hir-lower", "lower-streams{num-streams=4 predict=false}")
ANCHORS = {"hir-segment{policy=standalone}": "func.func"}


def fusion(n_ops: int) -> str:
    d = "tensor<8x16xf32, #d>"
    r = "tensor<8x16xf32, #r>"
    s = "tensor<8x16xf32, #s>"
    lines = ["#d = #hir.sharding<[didx, serial], mesh = [0, 1]>",
             "#r = #hir.sharding<[serial, serial], mesh = [0, 1]>",
             "#s = #hir.sharding<[stream, serial], mesh = [0, 1]>",
             f"func.func @fusion(%x: {d}, %y0: {r}) -> {r} {{"]
    y = "%y0"
    for b in range(max(1, n_ops // 8)):
        p = f"%b{b}_"
        lines += [
            f"  {p}e = hir.exp {y} : {r} -> {r}",
            f"  {p}n = hir.neg {p}e : {r} -> {r}",
            f"  {p}a = hir.add {p}n, {p}e : ({r}, {r}) -> {r}",
            f"  {p}s = hir.set {p}a : {r} -> {s}",
            f"  {p}m = hir.mul {p}s, {p}s : ({s}, {s}) -> {s}",
            f"  {p}t = hir.set {p}m : {s} -> {r}",
            f"  {p}g = hir.set %x : {d} -> {r}",
            f"  {p}y = hir.add {p}t, {p}g : ({r}, {r}) -> {r}",
        ]
        y = f"{p}y"
    lines += [f"  return {y} : {r}", "}"]
    return "\n".join(lines) + "\n"


def time_sizes(sizes: tuple[int, ...], repeat: int = 3, small_runs: int = 2) -> dict[int, dict[str, float]]:
    """Best time of each pass per size. The sizes are interleaved in each of
    `repeat` rounds (at least 3), so every size is sampled under the same
    machine load, and the smaller sizes (cheap) run `small_runs` times per
    round: on a shared machine noise only ever adds time, so the best of
    several interleaved samples is the stable figure to compare."""
    best: dict[int, dict[str, float]] = {n: {} for n in sizes}
    for _ in range(max(3, repeat)):
        for n in sizes:
            for _ in range(1 if n == max(sizes) else small_runs):
                for k, t in _time_once(n).items():
                    best[n][k] = min(t, best[n].get(k, t))
    return best


def _time_once(n_ops: int) -> dict[str, float]:
    import hlopt
    from hlopt.passes.manager import PassManager

    m = hlopt.parse_module(fusion(n_ops))
    gc.collect()
    gc.freeze()  # as the driver does after parsing: the parsed IR is not rescanned
    out = {}
    for p in PASSES:
        pipeline = f"builtin.module(func.func({p}))" if p in ANCHORS else f"builtin.module({p})"
        pm = PassManager.from_text(pipeline)
        pm.verify_each = False  # time the pass, not the verifier
        # the passes pause the collector while they build IR; keep a collection of
        # earlier garbage (or of the pass's own, right after it) out of the timed
        # region (not by collecting before it: a full collection walks the heap,
        # which leaves a small module, not a large one, in the CPU cache)
        gc.disable()
        t0 = time.process_time()  # CPU time: the machine may be shared
        pm.run(m)
        out[p.split("{")[0]] = time.process_time() - t0
        gc.enable()
    gc.unfreeze()
    hlopt.verify(m)  # the result is a valid host program
    return out


def bench_hir(repeat: int = 3, sizes: tuple[int, ...] = (10_000, 100_000)) -> dict:
    """For bench/run.py: times per pass and size, and one growth target per pass."""
    print(f"host IR passes: {', '.join(map(str, sizes))} ops, interleaved ...", file=sys.stderr, flush=True)
    res: dict = {str(n): t for n, t in time_sizes(sizes, repeat).items()}
    small, big = res[str(sizes[0])], res[str(sizes[-1])]
    bound = T_GROWTH * (sizes[-1] / sizes[0]) / 10
    res["targets"] = []
    for k in small:
        g = big[k] / small[k] if small[k] else None
        res["targets"].append({"name": f"{k}: time({sizes[-1] // 1000}k) / time({sizes[0] // 1000}k)",
                               "goal": f"<= {bound:g}x", "value": g,
                               "result": "PASS" if g is not None and g <= bound else "FAIL"})
        print(f"  {k}: {small[k]:.3f} s -> {big[k]:.3f} s, growth {g:.2f}x (goal <= {bound:g}x)", file=sys.stderr)
    return res


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--repeat", type=int, default=3,
                    help="interleaved rounds (at least 3); the best time per pass and size is reported")
    ap.add_argument("--check", action="store_true", help="exit 1 if the growth target is missed")
    a = ap.parse_args(argv)
    sizes = [int(x) for x in a.sizes.split(",") if x]
    results = time_sizes(tuple(sizes), a.repeat)
    names = list(next(iter(results.values())))
    print("host IR passes (seconds, in-process)")
    print(f"{'ops':>8} " + " ".join(f"{n:>14}" for n in names))
    for n, r in results.items():
        print(f"{n:>8} " + " ".join(f"{r[k]:>14.3f}" for k in names))
    ok = True
    for small, big in zip(sizes, sizes[1:]):
        for k in names:
            g = results[big][k] / max(results[small][k], 1e-9)
            scale = big / small
            bound = T_GROWTH * scale / 10
            status = "ok" if g <= bound else "FAIL"
            ok &= status == "ok"
            print(f"growth {k} {small}->{big}: {g:.2f}x (target <= {bound:.1f}x) {status}")
    return 0 if ok or not a.check else 1


if __name__ == "__main__":
    sys.exit(main())
