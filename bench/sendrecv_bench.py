#!/usr/bin/env python3
"""send/recv passes: are decomposition and pipelining linear in module size?

    python bench/sendrecv_bench.py           # report
    python bench/sendrecv_bench.py --check   # exit 1 if a target is missed

Generated modules (8 partitions): N collective_permutes in one function
(forward rings, chains and backward rings in turn, each on tanh of the
previous value), and N while loops each permuting its loop-carried value,
in turn as JAX's pipeline loop does (the received value goes to the next
iteration) and in XLA's pipelineable form (it feeds the compute). Times
the passes alone (best of --repeat, the IR re-parsed for every run), at N
and 10N; target: time(10N)/time(N) <= 11.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
T_GROWTH = 11.0
SIZES = (1000, 10000)

_FWD = "[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]"
_BWD = "[[0, 7], [1, 0], [2, 1], [3, 2], [4, 3], [5, 4], [6, 5], [7, 6]]"
_CHAIN = "[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7]]"
_HEAD = 'module attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {\n'
_T = "tensor<16xf32>"


def _permute(x: str, pairs: str) -> str:
    n = pairs.count("[") - 1
    return (f'"stablehlo.collective_permute"({x}) {{channel_handle = #stablehlo.channel_handle<handle = 1, '
            f'type = 1>, source_target_pairs = dense<{pairs}> : tensor<{n}x2xi64>}} : ({_T}) -> {_T}')


def permutes_module(n: int) -> str:
    lines = [_HEAD, f"  func.func @main(%x0: {_T}) -> {_T} {{\n"]
    for i in range(n):
        pairs = (_FWD, _CHAIN, _BWD)[i % 3]
        lines.append(f"    %y{i} = stablehlo.tanh %x{i} : {_T}\n")
        lines.append(f"    %x{i + 1} = {_permute(f'%y{i}', pairs)}\n")
    lines.append(f"    return %x{n} : {_T}\n  }}\n}}\n")
    return "".join(lines)


def loops_module(n: int) -> str:
    lines = [_HEAD, f"  func.func @main(%x0: {_T}) -> {_T} {{\n",
             "    %c0 = stablehlo.constant dense<0> : tensor<i32>\n"]
    for i in range(n):
        if i % 2:  # XLA's pipelineable form: the received value feeds the compute
            body = f"%q = {_permute('%a', _FWD)}\n      %r = stablehlo.tanh %q : {_T}"
        else:  # JAX's pipeline loop: the received value goes to the next iteration
            body = f"%y = stablehlo.tanh %a : {_T}\n      %r = {_permute('%y', _FWD)}"
        lines.append(f"""    %w{i}:2 = stablehlo.while(%i = %c0, %a = %x{i}) : tensor<i32>, {_T}
    cond {{
      %n = stablehlo.constant dense<4> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    }} do {{
      {body}
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, %r : tensor<i32>, {_T}
    }}
    %x{i + 1} = stablehlo.add %w{i}#1, %w{i}#1 : {_T}
""")
    lines.append(f"    return %x{n} : {_T}\n  }}\n}}\n")
    return "".join(lines)


CASES = {
    "decompose": (permutes_module, "builtin.module(stablehlo-decompose-collective-permute{scope=all})"),
    "recompose": (permutes_module, "builtin.module(stablehlo-decompose-collective-permute{scope=all},"
                                   "stablehlo-send-recv-to-collective-permute)"),
    "pipeline": (loops_module, "builtin.module(stablehlo-decompose-collective-permute{scope=all},"
                               "stablehlo-pipeline-send-recv)"),
}


def measure(repeat: int = 3, sizes: tuple[int, ...] = SIZES) -> dict:
    import gc

    import hlopt
    from hlopt.passes.manager import PassManager

    out: dict = {}
    for case, (gen, pipeline) in CASES.items():
        out[case] = {}
        for n in sizes:
            text = gen(n)
            best = float("inf")
            ops = 0
            for _ in range(repeat):
                gc.unfreeze()
                gc.collect()
                m = hlopt.parse_module(text)
                gc.freeze()  # as the driver does after parsing: collections then skip the parsed IR
                pm = PassManager.from_text(pipeline)
                pm.verify_each = False  # the passes alone
                t0 = time.perf_counter()
                pm.run(m)
                best = min(best, time.perf_counter() - t0)
                ops = sum(1 for _ in m.walk())
            hlopt.verify(m)
            gc.unfreeze()
            out[case][n] = {"time": best, "ops_after": ops}
    return out


def targets(r: dict) -> list[dict]:
    res = []
    for case, by_n in r.items():
        lo, hi = min(by_n), max(by_n)
        g = by_n[hi]["time"] / max(by_n[lo]["time"], 1e-9)
        res.append({"name": f"{case} time({hi})/time({lo}) permutes", "value": g, "goal": f"<= {T_GROWTH:g}x",
                    "value_str": f"{g:.2f}x", "result": "PASS" if g <= T_GROWTH else "FAIL"})
    return res


def render(r: dict) -> str:
    rows = []
    for case, by_n in r.items():
        rows.append(f"{case}: " + ", ".join(f"{n} permutes {d['time']:.3f} s ({d['ops_after']} ops after)"
                                            for n, d in by_n.items()))
    return "send/recv passes (passes alone, best run):\n  " + "\n  ".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    ap.add_argument("--check", action="store_true", help="exit 1 if a target FAILs")
    a = ap.parse_args(argv)
    r = measure(a.repeat, tuple(int(x) for x in a.sizes.split(",")))
    print(render(r))
    ts = targets(r)
    for t in ts:
        print(f"{t['name']}: {t['value_str']} (goal {t['goal']}) {t['result']}")
    return 1 if a.check and any(t["result"] == "FAIL" for t in ts) else 0


if __name__ == "__main__":
    sys.exit(main())
