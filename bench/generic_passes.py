#!/usr/bin/env python3
"""Generic passes beside MLIR: hlopt's cse, canonicalize, inline,
symbol-dce and strip-debuginfo against iree-opt's (MLIR's own passes).

Two measurements per pass and input:

- process level: `hlopt IN --PASS -o OUT` and `iree-opt IN --PASS -o OUT`
  wall time (start-up, parse, verify, pass, print), best of N; the ratio
  hlopt / iree-opt is reported;
- the pass alone, on generated modules of two sizes (10k and 100k ops):
  hlopt's pass is timed in-process in CPU time (time.process_time around
  the pass only, parse/verify/print excluded, minimum of N runs, each on a
  fresh parse), so the linearity verdict does not depend on machine load:
  the large/small time ratio must stay <= 1.1x the op-count ratio (11x for
  10x input). Where valgrind is installed the same ratio is also taken of
  the machine instructions the pass executes (bench/instructions.py), and
  that ratio is the verdict: it is the same on a loaded machine and a quiet
  one, and catches superlinear work at any level. iree-opt's pass time
  comes from its `--mlir-timing` rows.

Inputs: the large JAX transformer fixture and a generated module of N ops
(`pass_module`): public functions of arith code with duplicated constants,
each calling one private helper once (so inlining stays linear; bench/gen.py's
call DAG makes every inliner's output grow exponentially), dead private
functions and locations.

    python bench/generic_passes.py            # transformer + 100k, 3 runs
    python bench/generic_passes.py --quick    # transformer + 10k, 1 run
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent
CACHE = BENCH_DIR / ".cache"
FIXTURE = REPO / "tests" / "fixtures" / "stablehlo" / "deep_transformer_grad.mlir"
PASSES = ("cse", "canonicalize", "inline", "symbol-dce", "strip-debuginfo")
T_LINEAR = 1.1  # (pass CPU time ratio large/small) / (op-count ratio): 11x for 10x input


def find_tool(name: str) -> str | None:
    exe = shutil.which(name)
    if exe is None:
        cand = Path(sys.executable).with_name(name)
        exe = str(cand) if cand.exists() else None
    return exe


def best_of(cmd: list[str], repeat: int, timeout: float) -> float | None:
    best = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        p = subprocess.run(cmd, capture_output=True, timeout=timeout)
        dt = time.perf_counter() - t0
        if p.returncode != 0:
            return None
        best = dt if best is None else min(best, dt)
    return best


_FIXED_ROWS = {"Parser", "Verifier", "(verifier)", "Output", "Rest", "Total"}
_HLOPT_ROW = re.compile(r"^\S\s+([0-9.]+)\s+\S\s+[0-9.]+%\s+\S\s(\S.*?)\s+\S\s*$")
_MLIR_ROW = re.compile(r"^\s+([0-9.]+)\s+\(\s*[0-9.]+%\)\s{2}(\S.*?)\s*$")


_MLIR_NAMES = {"cse": "cse", "canonicalize": "canonicalizer", "inline": "inliner", "symbol-dce": "symboldce",
               "strip-debuginfo": "stripdebuginfo"}


def _norm(name: str) -> str:
    n = re.sub(r"[^a-z]", "", name.lower())
    return n[:-4] if n.endswith("pass") else n


def pass_seconds(timing: str, pass_name: str) -> float | None:
    """The pass's own wall time in a `--mlir-timing` report (hlopt's table or
    MLIR's text): its top-level row (MLIR lists a pass's nested pipeline as a
    sibling row already counted in the pass's own, so rows are picked by name)."""
    want = {_norm(pass_name), _MLIR_NAMES.get(pass_name, "")}
    total = None
    for line in timing.splitlines():
        m = _HLOPT_ROW.match(line) or _MLIR_ROW.match(line)
        if m is None or m.group(2) in _FIXED_ROWS or _norm(m.group(2)) not in want:
            continue
        total = (total or 0.0) + float(m.group(1))
    return total


def pass_only(tool: str, path: Path, pass_name: str, repeat: int, timeout: float) -> float | None:
    """The pass alone (parse, verify and print excluded) from `--mlir-timing`, best of `repeat`."""
    best = None
    for _ in range(repeat):
        p = subprocess.run([tool, str(path), f"--{pass_name}", "--mlir-timing", "-o", os.devnull],
                           capture_output=True, text=True, timeout=timeout)
        if p.returncode != 0:
            return None
        t = pass_seconds(p.stderr + p.stdout, pass_name)
        if t is not None:
            best = t if best is None else min(best, t)
    return best


def pass_cpu(path: Path, pass_name: str, repeat: int) -> float:
    """hlopt's pass alone, in this process: CPU seconds (time.process_time)
    around the pass run only, on a fresh parse each time; the minimum of
    `repeat` runs (the least disturbed by other load). As in the CLI, the
    parsed IR is moved out of the cyclic GC's reach (gc.freeze) before the
    pass, so collections during the pass do not rescan the whole module."""
    import gc

    import hlopt
    from hlopt.passes.manager import PassManager

    text = path.read_text()
    best = None
    for _ in range(repeat):
        module = hlopt.parse_module(text, str(path))
        pm = PassManager.from_text(f"builtin.module({pass_name})")
        pm.verify_each = False
        gc.collect()
        gc.freeze()
        try:
            t0 = time.process_time()
            pm.run(module)
            dt = time.process_time() - t0
        finally:
            gc.unfreeze()
        best = dt if best is None else min(best, dt)
        del module
        gc.collect()
    return best


def pass_instructions(path: Path, pass_name: str) -> int | None:
    """Machine instructions hlopt's pass executes (bench/instructions.py:
    valgrind counts only the pass, parse and set-up excluded, IR frozen out
    of the cyclic GC as in pass_cpu); None without valgrind. Unlike CPU
    time, the count does not depend on machine load."""
    from instructions import count

    setup = (f"import gc, hlopt\nfrom hlopt.passes.manager import PassManager\n"
             f"module = hlopt.parse_module(open({str(path)!r}).read(), {str(path)!r})\n"
             f"pm = PassManager.from_text('builtin.module({pass_name})')\npm.verify_each = False\n"
             f"gc.collect(); gc.freeze()\n")
    return count(setup, "pm.run(module)")


def count_ops(path: Path) -> int:
    import hlopt

    return sum(1 for _ in hlopt.parse_module(path.read_text(), str(path)).walk())


def pass_module(n: int) -> str:
    """A module of about `n` ops for the pass timings (custom form)."""
    lines = ["module {"]
    per_fn = 60
    k = 0
    ops = 1
    while ops < n:
        lines.append(f"  func.func private @h{k}(%x: i32) -> i32 {{")
        lines.append("    %c3 = arith.constant 3 : i32")
        lines.append("    %0 = arith.muli %x, %c3 : i32")
        lines.append("    return %0 : i32")
        lines.append("  }")
        lines.append(f"  func.func @f{k}(%a: i32, %b: i32) -> i32 {{")
        prev = "%a"
        for j in range(per_fn // 4):
            lines.append(f"    %c{j} = arith.constant {j % 7} : i32 loc(\"f.py\":{k}:{j})")
            lines.append(f"    %s{j} = arith.addi {prev}, %c{j} : i32")
            lines.append(f"    %t{j} = arith.muli %s{j}, %b : i32")
            lines.append(f"    %u{j} = arith.muli %s{j}, %b : i32")
            prev = f"%t{j}"
        lines.append(f"    %r = call @h{k}({prev}) : (i32) -> i32")
        lines.append("    return %r : i32")
        lines.append("  }")
        if k % 10 == 0:
            lines.append(f"  func.func private @dead{k}() {{")
            lines.append("    return")
            lines.append("  }")
        ops += per_fn + 9
        k += 1
    lines.append("}")
    return "\n".join(lines) + "\n"


def generated(n: int) -> Path:
    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / f"passes-{n}.mlir"
    if not path.exists():
        path.write_text(pass_module(n))
    return path


def run(sizes: tuple[int, int] = (10_000, 100_000), repeat: int = 3, timeout: float = 1800,
        instructions: bool = True) -> dict:
    hl = find_tool("hlopt")
    iree = find_tool("iree-opt")
    CACHE.mkdir(parents=True, exist_ok=True)
    res: dict = {"process": {}, "pass_only": {}, "tools": {"hlopt": hl, "iree-opt": iree}}
    inputs = {"transformer": FIXTURE}
    small, large = (generated(n) for n in sizes)
    inputs[f"gen-{sizes[1] // 1000}k"] = large
    for label, path in inputs.items():
        row = res["process"][label] = {"ops": count_ops(path)}
        for p in PASSES:
            out = CACHE / f"gp-{label}-{p}.mlir"
            th = best_of([hl, str(path), f"--{p}", "-o", str(out)], repeat, timeout) if hl else None
            ti = best_of([iree, str(path), f"--{p}", "-o", str(out)], repeat, timeout) if iree else None
            row[p] = {"hlopt": th, "iree-opt": ti, "ratio": th / ti if th and ti else None}
    n_small, n_large = count_ops(small), count_ops(large)
    for p in PASSES:
        a = pass_cpu(small, p, max(repeat, 3))
        b = pass_cpu(large, p, repeat)
        ia = pass_only(iree, small, p, repeat, timeout) if iree else None
        ib = pass_only(iree, large, p, repeat, timeout) if iree else None
        growth = (b / a) / (n_large / n_small) if a and b else None
        ins = (pass_instructions(small, p), pass_instructions(large, p)) if instructions else (None, None)
        ins_growth = (ins[1] / ins[0]) / (n_large / n_small) if all(ins) else None
        # the verdict: instruction counts where valgrind runs (load-independent), else CPU time
        verdict = ins_growth if ins_growth is not None else growth
        res["pass_only"][p] = {f"{n_small}": a, f"{n_large}": b, "time_ratio": b / a if a and b else None,
                               "ops_ratio": n_large / n_small, "per_op_growth": growth,
                               "instructions": list(ins), "instruction_ratio": ins[1] / ins[0] if all(ins) else None,
                               "linear": verdict is not None and verdict <= T_LINEAR,
                               f"iree-opt {n_small}": ia, f"iree-opt {n_large}": ib,
                               "ratio_large": b / ib if b and ib else None}
    return res


def report(res: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    for label, row in res["process"].items():
        t = Table(title=f"generic passes, process level: {label} ({row['ops']} ops)")
        for c in ("pass", "hlopt s", "iree-opt s", "hlopt / iree-opt"):
            t.add_column(c, justify="right")
        for p in PASSES:
            r = row[p]
            t.add_row(p, _s(r["hlopt"]), _s(r["iree-opt"]), f"{r['ratio']:.1f}x" if r["ratio"] else "n/a")
        console.print(t)
    if res["pass_only"]:
        t = Table(title="pass alone (hlopt: in-process CPU time, min of runs, and valgrind instruction counts; "
                        f"iree-opt: --mlir-timing); linear if the instruction ratio (the time ratio without "
                        f"valgrind) <= {T_LINEAR} x op ratio")
        first = next(iter(res["pass_only"].values()))
        sizes = [k for k in first if k.isdigit()]
        for c in ("pass", *(f"hlopt {s} ops s" for s in sizes), "time ratio", "instr. ratio", "op ratio", "linear",
                  f"iree-opt {sizes[-1]} ops s", "hlopt / iree-opt"):
            t.add_column(c, justify="right")
        for p, r in res["pass_only"].items():
            tr = r["time_ratio"]
            ir = r["instruction_ratio"]
            t.add_row(p, *(_s(r[s]) for s in sizes), f"{tr:.1f}x" if tr else "n/a", f"{ir:.2f}x" if ir else "n/a",
                      f"{r['ops_ratio']:.1f}x",
                      "PASS" if r["linear"] else "FAIL", _s(r[f"iree-opt {sizes[-1]}"]),
                      f"{r['ratio_large']:.1f}x" if r["ratio_large"] else "n/a")
        console.print(t)


def _s(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.3f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="1k/10k generated modules, one run")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-instructions", action="store_true",
                    help="skip the valgrind instruction counts (judge linearity on CPU time)")
    ap.add_argument("--json", type=Path, default=BENCH_DIR / "generic_passes.json")
    a = ap.parse_args(argv)
    sizes = (1_000, 10_000) if a.quick else (10_000, 100_000)
    res = run(sizes, 1 if a.quick else a.repeat, instructions=not a.no_instructions)
    report(res)
    a.json.write_text(json.dumps(res, indent=2, default=str) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
