#!/usr/bin/env python3
"""Scale benchmarks from issue 7 (item 4): a big hex dense constant and deep
attribute nesting, hlopt's CLI against MLIR's C++ (jaxlib).

    python bench/reliability.py              # 50 MB constant, depths 2000/4000/8000
    python bench/reliability.py --mb 10 --check

Targets:
- the constant: hlopt's peak RSS at most 3x the input size plus its start-up
  footprint (`module {}`, measured in the same run), whether it prints to a
  file (-o), to stdout, with --cse --canonicalize in the pipeline or with
  --mlir-print-debuginfo; and its time within 5x MLIR's;
- nesting: time linear in depth (doubling the depth at most ~2.5x the CPU
  time, start-up subtracted; CPU time, as wall time on a loaded machine is
  mostly waiting, and NEST_OPS ops per module so the work is well above it).
Also run by bench/run.py (`make bench`); results go to its JSON file.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import sys
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
if str(BENCH_DIR) not in sys.path:
    sys.path.insert(0, str(BENCH_DIR))

from run import CACHE, find_hlopt, find_mlir_python, run_measured  # noqa: E402

T_RSS_FACTOR = 3.0
T_TIME_VS_MLIR = 5.0
T_DEPTH_GROWTH = 2.5
NOISE_S = 0.1
DEPTHS = (2000, 4000, 8000)
NEST_OPS = 16  # nested ops per module, each with its own innermost value (no shared text to reuse)


def constant_module(mb: int) -> Path:
    """A module whose one constant has `mb` MB of hex digits (random f32 data)."""
    path = CACHE / f"hex-constant-{mb}mb.mlir"
    if not path.exists():
        n = mb * (1 << 20) // 8  # f32 elements: 8 hex digits each
        data = os.urandom(4 * n).hex().upper()
        path.write_text(f"func.func @main() -> tensor<{n}xf32> {{\n"
                        f"  %0 = stablehlo.constant dense<\"0x{data}\"> : tensor<{n}xf32>\n"
                        f"  return %0 : tensor<{n}xf32>\n}}\n")
    return path


def nested_module(depth: int) -> Path:
    path = CACHE / f"nested-dicts-{depth}x{NEST_OPS}.mlir"
    if not path.exists():
        path.write_text("".join('"t.a"() {a = ' + "{a = " * depth + str(k) + "}" * depth + "} : () -> ()\n"
                                for k in range(NEST_OPS)))
    return path


def mlir_worker(inp: str, out: str) -> None:
    """MLIR's parse + verify + print of `inp`, with JAX's dialects (stablehlo)."""
    from jax._src.interpreters.mlir import make_ir_context
    from jaxlib.mlir import ir

    ctx = make_ir_context()
    with ctx:
        m = ir.Module.parse(Path(inp).read_text())
        m.operation.verify()
        Path(out).write_text(str(m))


def measured(cmd: list[str], timeout: float, stdout_path: Path | None = None) -> dict:
    """run_measured plus the child's CPU time (user + sys)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = run_measured(cmd, timeout, stdout_path)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    r["cpu"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return r


def best(cmd: list[str], repeat: int, timeout: float, stdout_path: Path | None = None) -> dict:
    """Best times and worst peak RSS over `repeat` runs (each run kept too)."""
    runs = [measured(cmd, timeout, stdout_path) for _ in range(repeat)]
    ok = [r for r in runs if r["status"] == "ok"]
    if not ok:
        return {"status": runs[-1]["status"], "error": runs[-1].get("stderr", "")[-400:]}
    return {"status": "ok", "time": min(r["time"] for r in ok), "cpu": min(r["cpu"] for r in ok),
            "rss_mb": max(r["rss_mb"] for r in ok),
            "runs": [{"time": round(r["time"], 3), "cpu": round(r["cpu"], 3), "rss_mb": round(r["rss_mb"], 1)}
                     for r in ok]}


# how hlopt is run on the constant: (label, extra arguments, to stdout?)
VARIANTS = (
    ("-o file", [], False),
    ("stdout", [], True),
    ("--cse --canonicalize", ["--cse", "--canonicalize"], False),
    ("--mlir-print-debuginfo", ["--mlir-print-debuginfo"], True),
)


def run_all(mb: int = 50, repeat: int = 1, timeout: float = 600.0) -> dict:
    CACHE.mkdir(parents=True, exist_ok=True)
    hlopt = find_hlopt()
    mpy = find_mlir_python()
    res: dict = {"targets": []}
    if hlopt is None:
        res["error"] = "hlopt not installed"
        return res
    empty = CACHE / "empty.mlir"
    empty.write_text("module {}\n")
    start = best(hlopt + [str(empty), "-o", str(CACHE / "out-empty.mlir")], 3, 120)
    res["startup"] = start

    inp = constant_module(mb)
    size_mb = inp.stat().st_size / (1 << 20)
    out = CACHE / "out-hex-constant-hlopt.mlir"
    variants: dict = {}
    for label, extra, to_stdout in VARIANTS:
        cmd = hlopt + [str(inp), *extra] + ([] if to_stdout else ["-o", str(out)])
        variants[label] = best(cmd, repeat, timeout, out if to_stdout else None)
    h = variants[VARIANTS[0][0]]
    res["constant"] = {"input_mb": round(size_mb, 1), "hlopt": h, "variants": variants}
    if mpy:
        mout = CACHE / "out-hex-constant-mlir.mlir"
        m = best([mpy, str(Path(__file__).resolve()), "--_mlir", str(inp), str(mout)], repeat, timeout)
        res["constant"]["mlir"] = m
    if start.get("status") == "ok":
        limit = T_RSS_FACTOR * size_mb + start["rss_mb"]
        res["constant"]["rss_limit_mb"] = round(limit, 1)
        for label, v in variants.items():
            ok = v.get("status") == "ok" and v["rss_mb"] <= limit
            value = (f"{v['rss_mb']:.0f} MB (limit {T_RSS_FACTOR:g} x {size_mb:.0f} + {start['rss_mb']:.0f}"
                     f" = {limit:.0f} MB)" if v.get("status") == "ok" else str(v.get("status")))
            res["targets"].append({"target": f"hex constant, {label}: peak RSS <= {T_RSS_FACTOR:g}x input"
                                             " + start-up", "value": value, "result": "PASS" if ok else "FAIL"})
    m = res["constant"].get("mlir")
    if h.get("status") == "ok" and m and m.get("status") == "ok":
        r = h["time"] / m["time"]
        res["targets"].append({"target": f"hex constant: time <= {T_TIME_VS_MLIR:g}x MLIR",
                               "value": f"{h['time']:.2f} s vs {m['time']:.2f} s ({r:.1f}x)",
                               "result": "PASS" if r <= T_TIME_VS_MLIR else "FAIL"})

    depth: dict = {}
    for d in DEPTHS:
        depth[str(d)] = best(hlopt + ["--allow-unregistered-dialect", str(nested_module(d)), "-o",
                                      str(CACHE / "out-nested.mlir")], max(repeat, 3), timeout)
    res["nesting"] = depth
    ok = all(v.get("status") == "ok" for v in depth.values()) and start.get("status") == "ok"
    if ok:
        base = start["cpu"]
        work = {d: max(depth[str(d)]["cpu"] - base, 0.0) for d in DEPTHS}
        growth = [work[b] / max(work[a], 1e-3) for a, b in zip(DEPTHS, DEPTHS[1:])]
        # a quadratic cost would be 4x per doubling; NOISE_S absorbs scheduler noise on tiny times
        ok = all(work[b] <= T_DEPTH_GROWTH * work[a] + NOISE_S for a, b in zip(DEPTHS, DEPTHS[1:]))
        res["targets"].append({"target": f"nesting: doubling the depth <= {T_DEPTH_GROWTH:g}x the CPU time "
                                         f"(+{NOISE_S:g} s noise), start-up subtracted",
                               "value": ", ".join(f"{g:.2f}x" for g in growth) + " ("
                               + ", ".join(f"{work[d]:.2f} s" for d in DEPTHS) + ")",
                               "result": "PASS" if ok else "FAIL"})
    return res


def render(res: dict) -> str:
    lines = []
    s = res.get("startup", {})
    if s.get("status") == "ok":
        lines.append(f"start-up (module {{}}): {s['time']:.2f} s ({s['cpu']:.2f} s CPU), {s['rss_mb']:.0f} MB")
    c = res.get("constant")
    if c:
        rows = [(f"hlopt {label}", r) for label, r in c.get("variants", {}).items()]
        if c.get("mlir"):
            rows.append(("MLIR (jaxlib)", c["mlir"]))
        for tool, r in rows:
            if r.get("status") == "ok":
                runs = ", ".join(f"{x['time']:.2f} s/{x['rss_mb']:.0f} MB" for x in r.get("runs", []))
                lines.append(f"{c['input_mb']} MB hex constant, {tool}: {r['time']:.2f} s, {r['rss_mb']:.0f} MB"
                             + (f"  (runs: {runs})" if runs else ""))
            else:
                lines.append(f"{c['input_mb']} MB hex constant, {tool}: {r.get('status')}")
    for d, r in res.get("nesting", {}).items():
        lines.append(f"nested dictionaries, {NEST_OPS} ops of depth {d}: "
                     + (f"{r['time']:.2f} s ({r['cpu']:.2f} s CPU)" if r.get("status") == "ok"
                        else str(r.get("status"))))
    for t in res.get("targets", []):
        lines.append(f"[{t['result']}] {t['target']}: {t['value']}")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mb", type=int, default=50, help="hex digits of the constant, in MB")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--check", action="store_true", help="exit 1 if a target FAILs")
    ap.add_argument("--_mlir", nargs=2, metavar=("IN", "OUT"), help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a._mlir:
        mlir_worker(*a._mlir)
        return 0
    res = run_all(a.mb, a.repeat)
    print(render(res))
    (CACHE / "reliability.json").write_text(json.dumps(res, indent=2) + "\n")
    return 1 if a.check and any(t["result"] == "FAIL" for t in res["targets"]) else 0


if __name__ == "__main__":
    sys.exit(main())
