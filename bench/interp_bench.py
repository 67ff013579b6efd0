#!/usr/bin/env python3
"""Interpreter benchmark on the JAX transformer-gradient fixture.

    python bench/interp_bench.py           # report
    python bench/interp_bench.py --check   # exit 1 if a target is missed

Reports (best of --repeat runs):
- the time to interpret the fixture and the ops executed;
- the interpreter's per-op overhead beyond the rules' own work: the same run
  replayed with every rule replaced by a lookup of the values it produced,
  so what remains is dispatch (plans, environment, calls); target <= 50 us;
- the time `--check-semantics` adds to inline,canonicalize,cse on the
  fixture, relative to the pipeline's own time; target <= 10x.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
FIXTURE = REPO / "tests" / "fixtures" / "stablehlo" / "deep_transformer_grad.mlir"
T_OVERHEAD_US = 50.0
T_CHECK_RATIO = 10.0
PIPELINE = "builtin.module(inline,canonicalize,cse)"


def _count_and_record(program, ctx_factory, func, args):
    """Run once with every rule wrapped to count executions and keep each
    op's last results."""
    recorded: dict = {}
    count = [0]
    for block, (steps, term, branch) in list(program.plans.items()):
        new = []
        for fn, op, ins, outs in steps:
            def wrapped(op, a, ctx, _fn=fn):
                count[0] += 1
                r = _fn(op, a, ctx)
                recorded[op] = r
                return r
            new.append((wrapped, op, ins, outs))
        program.plans[block] = (tuple(new), term, branch)
    ctx_factory().call(func, args)
    return recorded, count[0]


def measure(repeat: int = 3) -> dict:
    import numpy as np

    import hlopt
    from hlopt.interp import interpret, random_inputs
    from hlopt.interp.api import entry_function
    from hlopt.interp.machine import DeviceContext, Program
    from hlopt.interp.runtime import Runtime
    from hlopt.passes.manager import PassManager
    from hlopt.passes.semantics import check_semantics

    text = FIXTURE.read_text()
    m = hlopt.parse_module(text, str(FIXTURE))
    args = random_inputs(m, 0)
    func = entry_function(m)

    best = None
    for _ in range(repeat):
        t = time.perf_counter()
        interpret(m, args)
        d = time.perf_counter() - t
        best = d if best is None else min(best, d)

    # ops executed and dispatch-only time (replay)
    prog = Program(m, 1, 1)

    def ctx():
        return DeviceContext(prog, 0, Runtime(1))

    with np.errstate(all="ignore"):
        ctx().call(func, args)  # builds every plan
        recorded, executed = _count_and_record(prog, ctx, func, args)
        def replayer(values):
            return lambda op, a, c: values

        for block, (steps, term, branch) in list(prog.plans.items()):
            prog.plans[block] = (tuple((replayer(recorded.get(op)), op, ins, outs)
                                       for _, op, ins, outs in steps), term, branch)
        replay = None
        for _ in range(repeat):
            t = time.perf_counter()
            ctx().call(func, args)
            d = time.perf_counter() - t
            replay = d if replay is None else min(replay, d)

    pipe = chk = None
    for _ in range(max(1, min(repeat, 2))):
        m1 = hlopt.parse_module(text)
        t = time.perf_counter()
        PassManager.from_text(PIPELINE).run(m1)
        d = time.perf_counter() - t
        pipe = d if pipe is None else min(pipe, d)
        m2 = hlopt.parse_module(text)
        t = time.perf_counter()
        check_semantics(m2, PIPELINE)
        d = time.perf_counter() - t
        chk = d if chk is None else min(chk, d)
    return {"fixture": FIXTURE.name, "ops_executed": executed, "time": best,
            "us_per_op": 1e6 * best / executed, "overhead_us_per_op": 1e6 * replay / executed,
            "pipeline": pipe, "pipeline_with_check": chk, "check_added_ratio": (chk - pipe) / pipe}


def targets(r: dict) -> list[dict]:
    out = []
    v = r["overhead_us_per_op"]
    out.append({"name": "interpreter overhead per op (transformer)", "value": v, "goal": f"<= {T_OVERHEAD_US:g} us",
                "value_str": f"{v:.1f} us", "result": "PASS" if v <= T_OVERHEAD_US else "FAIL"})
    v = r["check_added_ratio"]
    out.append({"name": "--check-semantics added time / pipeline", "value": v, "goal": f"<= {T_CHECK_RATIO:g}x",
                "value_str": f"{v:.2f}x", "result": "PASS" if v <= T_CHECK_RATIO else "FAIL"})
    return out


def render(r: dict) -> str:
    return (f"interpreter on {r['fixture']}: {r['ops_executed']} ops executed in {r['time']:.3f} s "
            f"({r['us_per_op']:.1f} us/op with numpy work, {r['overhead_us_per_op']:.1f} us/op dispatch overhead); "
            f"{PIPELINE}: {r['pipeline']:.2f} s, with --check-semantics {r['pipeline_with_check']:.2f} s "
            f"(+{r['check_added_ratio']:.2f}x)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--check", action="store_true", help="exit 1 if a target FAILs")
    a = ap.parse_args(argv)
    r = measure(a.repeat)
    print(render(r))
    ts = targets(r)
    for t in ts:
        print(f"  {t['name']}: {t['value_str']} (goal {t['goal']}) {t['result']}")
    return 1 if a.check and any(t["result"] == "FAIL" for t in ts) else 0


if __name__ == "__main__":
    sys.exit(main())
