#!/usr/bin/env python3
"""hlopt benchmark: parse + verify + print round trip of generated generic-form
MLIR modules, against xdsl-opt and MLIR's C++ implementation (via jaxlib).

    python bench/run.py                      # 1k, 10k, 100k ops, best of 3
    python bench/run.py --quick              # 1k, 10k, one run each
    python bench/run.py --sizes 1000,10000 --repeat 5
    python bench/run.py --inprocess          # also time hlopt parse/verify/print in-process
    python bench/run.py --check              # exit 1 if a stated target is missed

Tools that are not installed (or do not work yet) are reported as n/a.
Results are also written to bench/results.json.  Tool locations can be
overridden with the environment variables HLOPT, XDSL_OPT and MLIR_PYTHON
(a python that can import jaxlib).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent
CACHE = BENCH_DIR / ".cache"
RESULTS = BENCH_DIR / "results.json"

# targets (from the performance issues)
T_SPEEDUP = 5.0        # hlopt at least 5x faster than xdsl-opt at 10k and 100k
T_GROWTH = 11.0        # hlopt time(100k) / time(10k) at most 11x
T_RSS_MB = 300.0       # hlopt peak RSS at 100k ops
T_STARTUP = 0.15       # hlopt on `module {}`, best of 5, CPU seconds (issue 26 item 4)
T_FIXTURE = 15.0       # hlopt / MLIR C++ in-process on the large JAX transformer fixture
# issue 26 items 1 and 2 (CPU time, user + system, of the same run)
T_MLIR = 3.0           # hlopt / MLIR C++ (jaxlib worker process) at 100k ops
T_LINEAR = 1.3         # hlopt CPU per op at 1M / at 10k, start-up subtracted
T_RSS_MLIR = 1.0       # hlopt peak RSS / MLIR's at 1M ops
T_VERIFY = 3.0         # hlopt verify / MLIR verify, in process, same module (100k)
XDSL_MAX = 100_000     # xdsl-opt takes minutes above this: not run there
FIXTURE = REPO / "tests" / "fixtures" / "stablehlo" / "deep_transformer_grad.mlir"

REPEAT_CUTOFF = 20.0   # don't repeat a run that took longer than this


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------
# workers (run in child processes: `run.py --_worker KIND IN OUT`)

def mlir_worker(inp: str, out: str) -> None:
    clock = time.process_time  # CPU time of every thread (MLIR may verify in parallel)
    t0 = clock()
    from jaxlib.mlir import ir
    from jaxlib.mlir._mlir_libs import _jax_mlir_ext
    ctx = ir.Context()
    reg = ir.DialectRegistry()
    _jax_mlir_ext.register_dialects(reg)
    ctx.append_dialect_registry(reg)
    ctx.load_all_available_dialects()
    text = Path(inp).read_text()
    t1 = clock()
    with ctx:
        m = ir.Module.parse(text)
        t2 = clock()
        ok = m.operation.verify()
        t3 = clock()
        s = m.operation.get_asm(print_generic_op_form=True)
        t4 = clock()
    Path(out).write_text(s)
    print(json.dumps({"setup": t1 - t0, "parse": t2 - t1, "verify": t3 - t2,
                      "print": t4 - t3, "verified": bool(ok)}))


def hlopt_worker(inp: str, out: str) -> None:
    """In-process timing of hlopt's API: parse_module / verify / print_op."""
    import gc
    import resource
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    res: dict = {}
    clock = time.process_time  # CPU time, as the MLIR worker's
    t0 = clock()
    try:
        import hlopt
    except Exception as e:  # noqa: BLE001
        print(json.dumps({"error": f"import hlopt failed: {type(e).__name__}: {e}"}))
        return
    res["import"] = clock() - t0
    parse = getattr(hlopt, "parse_module", None)
    pr = getattr(hlopt, "print_op", None)
    if parse is None or pr is None:
        missing = [n for n, f in (("parse_module", parse), ("print_op", pr)) if f is None]
        print(json.dumps({"error": "hlopt API missing: " + ", ".join(missing)}))
        return
    text = Path(inp).read_text()
    t0 = clock()
    parse("module {}")  # grammar tables loaded (as MLIR's context set-up, not timed there either)
    res["setup"] = clock() - t0
    gc.collect()
    try:
        t0 = clock()
        mod = parse(text)
        res["parse"] = clock() - t0
        gc.freeze()  # as the CLI does after parsing
        verify = getattr(hlopt, "verify", None)
        t0 = clock()
        if verify is not None:
            verify(mod)
        elif hasattr(mod, "verify"):
            mod.verify()
        else:
            res["verify_missing"] = True
        res["verify"] = clock() - t0
        t0 = clock()
        s = pr(mod, generic=True)
        res["print"] = clock() - t0
    except Exception as e:  # noqa: BLE001
        res["error"] = f"{type(e).__name__}: {str(e)[:500]}"
        print(json.dumps(res))
        return
    if not s.endswith("\n"):
        s += "\n"  # the CLI ends the output with a newline, like mlir-opt
    Path(out).write_text(s)
    res["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(res))


# --------------------------------------------------------------------------
# running and measuring subprocesses

def run_measured(cmd: list[str], timeout: float, stdout_path: Path | None = None) -> dict:
    """Run cmd; return wall time, peak RSS (of the child, via wait4), status."""
    err_path = CACHE / "stderr.txt"
    so = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL
    with open(err_path, "wb") as se:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=so, stderr=se)
        timed_out = threading.Event()

        def kill():
            timed_out.set()
            p.kill()
        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            _, status, ru = os.wait4(p.pid, 0)
        finally:
            timer.cancel()
        wall = time.perf_counter() - t0
    if stdout_path:
        so.close()
    p.returncode = os.waitstatus_to_exitcode(status)
    r = {"time": wall, "cpu": ru.ru_utime + ru.ru_stime, "rss_mb": ru.ru_maxrss / 1024, "rc": p.returncode}
    if timed_out.is_set():
        r["status"] = "timeout"
    elif p.returncode != 0:
        r["status"] = "error"
        r["stderr"] = err_path.read_text(errors="replace")[-2000:]
    else:
        r["status"] = "ok"
    return r


def bench_tool(cmd: list[str], repeat: int, timeout: float, stdout_path=None) -> dict:
    runs = []
    for _ in range(repeat):
        r = run_measured(cmd, timeout, stdout_path)
        runs.append(r)
        if r["status"] != "ok" or r["time"] > REPEAT_CUTOFF:
            break
    ok = [r for r in runs if r["status"] == "ok"]
    if not ok:
        bad = runs[-1]
        return {"status": bad["status"], "error": bad.get("stderr", "")[-600:],
                "time": None, "rss_mb": None}
    return {"status": "ok", "time": min(r["time"] for r in ok),
            "times": [round(r["time"], 4) for r in ok],
            "cpu": min(r["cpu"] for r in ok), "cpus": [round(r["cpu"], 4) for r in ok],
            "rss_mb": max(r["rss_mb"] for r in ok)}


def real_exe(path: str | None) -> str | None:
    """Resolve pyenv shims to the real script (the shim adds ~0.1 s)."""
    if not path:
        return None
    if "/shims/" in path and shutil.which("pyenv"):
        p = subprocess.run(["pyenv", "which", os.path.basename(path)],
                           capture_output=True, text=True)
        if p.returncode == 0 and p.stdout.strip():
            return p.stdout.strip()
    return path


def find_hlopt() -> list[str] | None:
    if os.environ.get("HLOPT"):
        return os.environ["HLOPT"].split()
    for c in (REPO / ".venv" / "bin" / "hlopt", Path(sys.executable).parent / "hlopt"):
        if c.exists():
            return [str(c)]
    w = real_exe(shutil.which("hlopt"))
    return [w] if w else None


def find_xdsl() -> list[str] | None:
    if os.environ.get("XDSL_OPT"):
        return os.environ["XDSL_OPT"].split()
    c = Path(sys.executable).parent / "xdsl-opt"
    if c.exists():
        return [str(c)]
    w = real_exe(shutil.which("xdsl-opt"))
    return [w] if w else None


def find_mlir_python() -> str | None:
    cands = [os.environ.get("MLIR_PYTHON"), sys.executable,
             real_exe(shutil.which("python3")), real_exe(shutil.which("python"))]
    for c in cands:
        if not c:
            continue
        p = subprocess.run([c, "-c", "import jaxlib.mlir.ir, jaxlib.mlir._mlir_libs._jax_mlir_ext"],
                           capture_output=True)
        if p.returncode == 0:
            return c
    return None


def tool_version(cmd: list[str]) -> str | None:
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        return (p.stdout or p.stderr).strip().splitlines()[0] if p.returncode == 0 else None
    except Exception:  # noqa: BLE001
        return None


# --------------------------------------------------------------------------
# inputs

def ensure_inputs(sizes: list[int], mlir_python: str | None) -> tuple[dict[int, Path], bool]:
    """Paths of the generated modules (from bench/.cache, generating missing
    ones), and whether they are MLIR-normalized.  Generation needs jaxlib; it
    runs in the python that has it (which need not be this one)."""
    sys.path.insert(0, str(BENCH_DIR))
    import gen  # noqa: E402  (stdlib-only at import time)
    paths, normalized = {}, True
    for n in sizes:
        p = gen.cached_path(n)
        if not p.exists():
            if mlir_python:
                log(f"generating {n}-op module ...")
                subprocess.run([mlir_python, str(BENCH_DIR / "gen.py"), str(n)],
                               check=True, stdout=subprocess.DEVNULL)
            else:
                # no jaxlib anywhere: un-normalized text (output not comparable)
                p = p.with_name(p.stem + "-raw.mlir")
                if not p.exists():
                    log(f"generating {n}-op module (raw: jaxlib missing) ...")
                    p.write_text(gen.Gen(n).generate())
                normalized = False
        paths[n] = p
    return paths, normalized


def first_diff(a: bytes, b: bytes) -> str:
    la, lb = a.decode(errors="replace").splitlines(), b.decode(errors="replace").splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f"line {i + 1}: got {x[:160]!r}, expected {y[:160]!r}"
    if len(la) != len(lb):
        return f"line count {len(la)} vs expected {len(lb)}"
    return "trailing whitespace/newline differs"


# --------------------------------------------------------------------------
# report

def fmt_s(x):
    return "n/a" if x is None else (f"{x:.3f}" if x < 10 else f"{x:.1f}")


def fmt_mb(x):
    return "n/a" if x is None else f"{x:.0f}"


def fmt_ratio(x):
    return "n/a" if x is None else f"{x:.2f}x"


def ratio(a, b):
    return a / b if (a is not None and b) else None


def size_label(n):
    return f"{n // 1000}k" if n % 1000 == 0 and n >= 1000 else str(n)


def render_table(title: str, header: list[str], rows: list[list[str]], console=None) -> None:
    if console is not None:
        from rich.table import Table
        t = Table(title=title)
        for i, h in enumerate(header):
            t.add_column(h, justify="left" if i == 0 else "right")
        for r in rows:
            t.add_row(*r)
        console.print(t)
        return
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
              for i, h in enumerate(header)]
    print(f"\n{title}")
    print("  ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(header, widths))))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))


def colour(status: str, console) -> str:
    if console is None:
        return status
    return {"PASS": "[green]PASS[/]", "FAIL": "[red]FAIL[/]", "ok": "[green]ok[/]",
            "DIFF": "[red]DIFF[/]"}.get(status, status)


def report(res: dict, plain: bool) -> list[dict]:
    console = None
    if not plain:
        try:
            from rich.console import Console
            console = Console() if sys.stdout.isatty() else Console(width=130)
        except ImportError:
            pass
    sizes = res["sizes"]
    rows = []
    for key, s in sizes.items():
        n = int(key)
        t = s["tools"]
        h, x, m = (t.get(k, {}) for k in ("hlopt", "xdsl-opt", "mlir"))
        def tm(d):
            if not d:
                return "n/a"
            if d.get("status") == "ok":
                return fmt_s(d["cpu"])
            return d.get("status", "n/a")
        def cpu(d):
            return d.get("cpu") if d.get("status") == "ok" else None
        rows.append([
            size_label(n), f"{s['bytes'] / 1e6:.2f}",
            tm(h), fmt_mb(h.get("rss_mb")),
            tm(x), fmt_mb(x.get("rss_mb")),
            tm(m), fmt_mb(m.get("rss_mb")),
            fmt_ratio(ratio(cpu(x), cpu(h))),
            fmt_ratio(ratio(cpu(h), cpu(m))),
            colour(s.get("match", "n/a"), console),
        ])
    render_table("parse + verify + print round trip (CPU s = user + sys, best of N; peak RSS MB; "
                 f"load {res['meta'].get('load', 'n/a')} at the start, {res['meta'].get('load_end', 'n/a')} after)",
                 ["ops", "MB", "hlopt s", "hlopt MB", "xdsl s", "xdsl MB", "mlir s", "mlir MB",
                  "xdsl/hlopt", "hlopt/mlir", "output"], rows, console)

    st = res["startup"]
    render_table("start-up",
                 ["tool (`module {}`, best of 5)", "CPU s"],
                 [[k, fmt_s(v.get("cpu")) if v.get("status") == "ok" else v.get("status", "n/a")]
                  for k, v in st.items()], console)

    if res.get("inprocess"):
        ip_rows = []
        for key, d in res["inprocess"].items():
            if "error" in d:
                ip_rows.append([size_label(int(key)), *["n/a"] * 9, d["error"][:60]])
                continue
            tot = d["parse"] + d["verify"] + d["print"]
            mi = sizes.get(key, {}).get("tools", {}).get("mlir", {}).get("internal") or {}
            n = int(key)
            ip_rows.append([size_label(n), fmt_s(d["parse"]), fmt_s(d["verify"]), fmt_s(d["print"]), fmt_s(tot),
                            f"{d['verify'] / n * 1e6:.2f}",
                            fmt_s(mi.get("parse")), fmt_s(mi.get("verify")), fmt_s(mi.get("print")),
                            f"{mi['verify'] / n * 1e6:.2f}" if "verify" in mi else "n/a",
                            colour(d.get("match", "n/a"), console)])
        render_table("in process, CPU s (hlopt's API beside the MLIR worker's phases, same module)",
                     ["ops", "parse", "verify", "print", "total", "verify us/op",
                      "mlir parse", "mlir verify", "mlir print", "mlir us/op", "output"], ip_rows, console)

    targets = compute_targets(res)
    render_table("targets", ["target", "measured", "goal", "result"],
                 [[t["name"], t["value_str"], t["goal"], colour(t["result"], console)]
                  for t in targets], console)
    notes = []
    for key, s in sizes.items():
        for tool, d in s["tools"].items():
            if d.get("status") not in (None, "ok", "n/a"):
                notes.append(f"{tool} @ {size_label(int(key))}: {d['status']}: "
                             f"{(d.get('error') or '').strip().splitlines()[-1:] }")
        if s.get("diff"):
            notes.append(f"hlopt output @ {size_label(int(key))} differs from MLIR: {s['diff']}")
    for key, d in (res.get("inprocess") or {}).items():
        if d.get("diff"):
            notes.append(f"hlopt in-process output @ {size_label(int(key))} differs: {d['diff']}")
    for w in res.get("missing", []):
        notes.append(w)
    for n_ in notes:
        print("note:", n_)
    return targets


def compute_targets(res: dict) -> list[dict]:
    sizes = res["sizes"]

    def t(tool, n):
        d = sizes.get(str(n), {}).get("tools", {}).get(tool, {})
        return d.get("cpu") if d.get("status") == "ok" else None

    def rss(tool, n):
        d = sizes.get(str(n), {}).get("tools", {}).get(tool, {})
        return d.get("rss_mb") if d.get("status") == "ok" else None

    out = []

    def add(name, value, goal, ok, fmt):
        out.append({"name": name, "value": value, "goal": goal,
                    "value_str": "n/a" if value is None else fmt(value),
                    "result": "n/a" if value is None else ("PASS" if ok(value) else "FAIL")})

    for n in (10000, 100000):
        add(f"xdsl/hlopt speedup @ {size_label(n)}", ratio(t("xdsl-opt", n), t("hlopt", n)),
            f">= {T_SPEEDUP:g}x", lambda v: v >= T_SPEEDUP, fmt_ratio)
    add("hlopt growth 100k/10k", ratio(t("hlopt", 100000), t("hlopt", 10000)),
        f"<= {T_GROWTH:g}x", lambda v: v <= T_GROWTH, fmt_ratio)
    add("hlopt peak RSS @ 100k", rss("hlopt", 100000), f"<= {T_RSS_MB:g} MB",
        lambda v: v <= T_RSS_MB, lambda v: f"{v:.0f} MB")
    su = res["startup"].get("hlopt", {})
    su_cpu = su.get("cpu") if su.get("status") == "ok" else None
    add("hlopt start-up CPU (module {})", su_cpu,
        f"<= {T_STARTUP:g} s", lambda v: v <= T_STARTUP, lambda v: f"{v:.3f} s")
    # issue 26 item 1: CPU time against MLIR's, linearity, memory
    for n in (10000, 100000, 1000000):
        r = ratio(t("hlopt", n), t("mlir", n))
        if n == 100000:
            add(f"hlopt/MLIR C++ CPU @ {size_label(n)}", r, f"<= {T_MLIR:g}x", lambda v: v <= T_MLIR, fmt_ratio)
        elif r is not None:
            out.append({"name": f"hlopt/MLIR C++ CPU @ {size_label(n)}", "value": r, "goal": "(info)",
                        "value_str": fmt_ratio(r), "result": "-"})
    lin = None
    if t("hlopt", 1000000) and t("hlopt", 10000) and su_cpu is not None:
        lin = ((t("hlopt", 1000000) - su_cpu) / 1e6) / ((t("hlopt", 10000) - su_cpu) / 1e4)
    add("hlopt CPU per op 1M / 10k (start-up subtracted)", lin, f"<= {T_LINEAR:g}x",
        lambda v: v <= T_LINEAR, fmt_ratio)
    add("hlopt peak RSS / MLIR's @ 1M", ratio(rss("hlopt", 1000000), rss("mlir", 1000000)),
        f"<= {T_RSS_MLIR:g}x", lambda v: v <= T_RSS_MLIR, fmt_ratio)
    # issue 26 item 2: the verifier per op, in process, on the same module
    for n in (100000, 10000):
        h = (res.get("inprocess") or {}).get(str(n), {})
        mi = sizes.get(str(n), {}).get("tools", {}).get("mlir", {}).get("internal") or {}
        if "verify" in h and "verify" in mi:
            add(f"hlopt/MLIR verify per op @ {size_label(n)} (in process CPU)", ratio(h["verify"], mi["verify"]),
                f"<= {T_VERIFY:g}x", lambda v: v <= T_VERIFY, fmt_ratio)
            break
    fx = res.get("fixture", {})
    add("hlopt/MLIR C++ on JAX transformer (in-process)", ratio(fx.get("hlopt"), fx.get("mlir")),
        f"<= {T_FIXTURE:g}x", lambda v: v <= T_FIXTURE, fmt_ratio)
    matches = [s.get("match") for s in sizes.values() if s.get("match") in ("ok", "DIFF")]
    out.append({"name": "hlopt output == MLIR generic print", "value": matches or None,
                "goal": "byte-identical",
                "value_str": f"{matches.count('ok')}/{len(matches)} sizes" if matches else "n/a",
                "result": ("n/a" if not matches else
                           "PASS" if all(m == "ok" for m in matches) else "FAIL")})
    return out


# --------------------------------------------------------------------------

def bench_fixture(repeat: int) -> dict:
    """Parse + verify + print of the large JAX transformer (pretty form),
    hlopt's Python API against jaxlib's ir.Module.parse + get_asm, same
    text, same process, best of `repeat`."""
    if not FIXTURE.exists():
        return {"status": "n/a", "why": "fixture missing"}
    text = FIXTURE.read_text()
    out: dict = {"file": str(FIXTURE.relative_to(REPO)), "bytes": len(text)}

    def best(fn):
        ts = []
        for _ in range(max(repeat, 3)):
            t0 = time.perf_counter()
            fn()
            ts.append(time.perf_counter() - t0)
        return min(ts)

    try:
        import hlopt
        from hlopt.ir.verifier import verify

        hlopt.parse_module("module {}")

        def run_hlopt():
            m = hlopt.parse_module(text, str(FIXTURE))
            verify(m)
            out["hlopt_identical"] = hlopt.print_op(m) == text
        out["hlopt"] = best(run_hlopt)
    except Exception as e:  # report, don't crash the benchmark
        out["hlopt_error"] = f"{type(e).__name__}: {e}"
    try:
        sys.path.insert(0, str(REPO / "tests" / "oracle"))
        import mlir_ref

        mlir_ref.parse_and_print(text)
        out["mlir"] = best(lambda: mlir_ref.parse_and_print(text))
    except Exception as e:
        out["mlir_error"] = f"{type(e).__name__}: {e}"
    out["status"] = "ok" if "hlopt" in out and "mlir" in out else "n/a"
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--sizes", default="1000,10000,100000,1000000",
                    help="comma-separated op counts (default 1000,10000,100000,1000000; "
                         f"xdsl-opt runs up to {XDSL_MAX:,})")
    ap.add_argument("--quick", action="store_true", help="sizes 1k,10k and one run each")
    ap.add_argument("--repeat", type=int, default=3,
                    help="runs per measurement, best is reported (default 3; "
                         f"runs longer than {REPEAT_CUTOFF:g} s are not repeated)")
    ap.add_argument("--inprocess", action="store_true",
                    help="also time hlopt.parse_module / verify / print_op in-process at sizes above 100k "
                         "(always done up to 100k)")
    ap.add_argument("--tools", default="hlopt,xdsl-opt,mlir",
                    help="comma-separated subset of hlopt,xdsl-opt,mlir")
    ap.add_argument("--timeout", type=float, default=1800, help="per-run timeout, seconds")
    ap.add_argument("--json", type=Path, default=RESULTS, help="results file")
    ap.add_argument("--plain", action="store_true", help="plain text tables (no rich)")
    ap.add_argument("--check", action="store_true", help="exit 1 if a target FAILs")
    ap.add_argument("--roundtrip-only", action="store_true",
                    help="only the parse + verify + print table and its targets (e.g. to compare two hlopt "
                         "builds: HLOPT=... bench/run.py --roundtrip-only)")
    ap.add_argument("--inline-big", action="store_true",
                    help="iree-opt on the 10000 inliner chain and the 10000 sum chain too (minutes of CPU, "
                         "~3.4 GB for iree-opt; bench/inline_chains.py --big)")
    ap.add_argument("--skip-specialize-encodings", action="store_true",
                    help="skip bench/specialize_encodings.py (hlopt beside iree-opt)")
    ap.add_argument("--_worker", nargs=3, metavar=("KIND", "IN", "OUT"), help=argparse.SUPPRESS)
    a = ap.parse_args(argv)

    if a._worker:
        kind, inp, out = a._worker
        {"mlir": mlir_worker, "hlopt": hlopt_worker}[kind](inp, out)
        return 0

    sizes = [1000, 10000] if a.quick else [int(s) for s in a.sizes.replace("_", "").split(",") if s]
    repeat = 1 if a.quick else max(1, a.repeat)
    want = set(a.tools.split(","))
    CACHE.mkdir(parents=True, exist_ok=True)

    missing = []
    cmds: dict[str, list[str] | None] = {}
    cmds["hlopt"] = find_hlopt() if "hlopt" in want else None
    cmds["xdsl-opt"] = find_xdsl() if "xdsl-opt" in want else None
    mpy = find_mlir_python() if "mlir" in want else None
    cmds["mlir"] = [mpy, str(Path(__file__).resolve()), "--_worker", "mlir"] if mpy else None
    for k in ("hlopt", "xdsl-opt", "mlir"):
        if k in want and cmds[k] is None:
            missing.append(f"{k}: not installed" + (" (jaxlib not importable)" if k == "mlir" else ""))

    paths, normalized = ensure_inputs(sizes, mpy)
    if not normalized:
        missing.append("inputs are not MLIR-normalized (no jaxlib): output comparison skipped")
    empty = CACHE / "empty.mlir"
    empty.write_text("module {}\n")

    def argv_for(tool, inp: Path, out: Path) -> list[str]:
        if tool == "hlopt":
            return cmds["hlopt"] + [str(inp), "--mlir-print-op-generic", "-o", str(out)]
        if tool == "xdsl-opt":
            return cmds["xdsl-opt"] + [str(inp), "-o", str(out)]
        return cmds["mlir"] + [str(inp), str(out)]

    res: dict = {
        "meta": {"date": time.strftime("%Y-%m-%d %H:%M:%S"), "python": sys.version.split()[0],
                 "machine": platform.machine(), "cpus": os.cpu_count(),
                 "repeat": repeat, "commands": {k: v for k, v in cmds.items()},
                 "load": " ".join(f"{x:.1f}" for x in os.getloadavg())},
        "startup": {}, "sizes": {}, "missing": missing,
    }
    if cmds["xdsl-opt"]:
        res["meta"]["xdsl"] = tool_version([sys.executable, "-c",
                                            "import importlib.metadata as m; print(m.version('xdsl'))"])
    if mpy:
        res["meta"]["jaxlib"] = tool_version([mpy, "-c", "import jaxlib; print(jaxlib.__version__)"])

    # start-up
    for tool in ("hlopt", "xdsl-opt", "mlir"):
        if not cmds[tool]:
            res["startup"][tool] = {"status": "n/a"}
            continue
        log(f"start-up: {tool}")
        r = bench_tool(argv_for(tool, empty, CACHE / f"out-empty-{tool}.mlir"), 5, 120)
        res["startup"][tool] = r
        if tool == "hlopt" and r["status"] != "ok":
            # the CLI does not work yet: report it, skip it for the sizes
            missing.append(f"hlopt CLI not working: {(r.get('error') or r['status']).strip()[-300:]}")
            cmds["hlopt"] = None

    for n in sizes:
        inp = paths[n]
        entry = {"bytes": inp.stat().st_size, "tools": {}}
        res["sizes"][str(n)] = entry
        outs = {}
        for tool in ("hlopt", "xdsl-opt", "mlir"):
            if not cmds[tool] or (tool == "xdsl-opt" and n > XDSL_MAX):
                entry["tools"][tool] = {"status": "n/a", "time": None, "rss_mb": None}
                continue
            out = CACHE / f"out-{n}-{tool}.mlir"
            if out.exists():
                out.unlink()
            log(f"{size_label(n)}: {tool} ...")
            stdout_path = CACHE / f"mlir-{n}.json" if tool == "mlir" else None
            r = bench_tool(argv_for(tool, inp, out), repeat, a.timeout, stdout_path)
            if tool == "mlir" and r["status"] == "ok":
                try:
                    r["internal"] = json.loads(stdout_path.read_text())
                except (ValueError, OSError):
                    pass
            entry["tools"][tool] = r
            log(f"{size_label(n)}: {tool}: {r['status']} {fmt_s(r.get('cpu'))} s CPU, "
                f"{fmt_mb(r.get('rss_mb'))} MB")
            if r["status"] == "ok":
                outs[tool] = out
        # hlopt output vs MLIR's generic print (the input file is MLIR's print
        # of the same module, so it is the reference when MLIR is absent)
        if "hlopt" in outs and ("mlir" in outs or normalized):
            ref = outs.get("mlir", inp)
            got, exp = outs["hlopt"].read_bytes(), ref.read_bytes()
            entry["match"] = "ok" if got == exp else "DIFF"
            entry["match_reference"] = "mlir" if "mlir" in outs else "input"
            if got != exp:
                entry["diff"] = first_diff(got, exp)
        else:
            entry["match"] = "n/a"

    # hlopt's phases in process (issue 26 item 2 compares its verifier with MLIR's worker's)
    res["inprocess"] = {}
    if cmds["hlopt"]:
        for n in sizes:
            if n > 100_000 and not a.inprocess:
                continue
            out = CACHE / f"out-{n}-hlopt-inproc.mlir"
            log(f"{size_label(n)}: hlopt in-process ...")
            p = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--_worker",
                                "hlopt", str(paths[n]), str(out)],
                               capture_output=True, text=True, timeout=a.timeout)
            try:
                d = json.loads(p.stdout.strip().splitlines()[-1])
            except (ValueError, IndexError):
                d = {"error": f"worker failed (rc {p.returncode}): {p.stderr.strip()[-300:]}"}
            if "error" not in d and normalized:
                got, exp = out.read_bytes(), paths[n].read_bytes()
                d["match"] = "ok" if got == exp else "DIFF"
                if got != exp:
                    d["diff"] = first_diff(got, exp)
            res["inprocess"][str(n)] = d

    if "hlopt" in want and not a.quick and find_hlopt():  # issue 26 item 1: the 240-layer transformer
        import gen_transformer
        from generic_passes import find_tool

        jobs = ("round trip",) if a.roundtrip_only else tuple(gen_transformer.JOBS)
        log(f"240-layer transformer (jax): {', '.join(jobs)} beside iree-opt ...")
        res["transformer240"] = gen_transformer.measure(find_hlopt(), find_tool("iree-opt"), CACHE, a.timeout,
                                                        jobs=jobs)

    res["meta"]["load_end"] = " ".join(f"{x:.1f}" for x in os.getloadavg())
    if a.roundtrip_only:
        targets = report(res, a.plain)
        if "transformer240" in res:
            import gen_transformer

            for t in gen_transformer.targets(res["transformer240"]):
                print(f"{t['name']}: {t['value_str']} (goal {t['goal']}) {t['result']}")
                targets.append(t)
        res["targets"] = targets
        a.json.write_text(json.dumps(res, indent=2, default=str) + "\n")
        print(f"results written to {a.json}")
        return 1 if a.check and any(t["result"] == "FAIL" for t in res["targets"]) else 0

    import bytecode_bench  # issue 27: bytecode read vs text parse of the same module

    log("bytecode read vs text parse (transformer 10k/100k ops, fresh processes) ...")
    res["bytecode"] = bytecode_bench.measure(mpy, ("10k",) if a.quick else ("10k", "100k"), repeat, a.timeout)
    log(bytecode_bench.render(res["bytecode"]))

    log("fixture: deep_transformer_grad (in-process) ...")
    res["fixture"] = bench_fixture(repeat)
    from async_bench import bench_async  # issue 10: async passes, linear in size

    res["async"] = bench_async(repeat)
    from hir_bench import bench_hir  # issue 13: host IR passes, linear in size

    res["hir"] = bench_hir(repeat)
    log("interpreter: deep_transformer_grad (in-process) ...")
    import interp_bench  # bench/interp_bench.py: the reference interpreter's figures

    res["interpreter"] = interp_bench.measure(repeat)
    log(interp_bench.render(res["interpreter"]))
    log("send/recv passes: generated 1k and 10k permutes (in-process) ...")
    import sendrecv_bench  # bench/sendrecv_bench.py: decomposition/pipelining growth

    res["sendrecv"] = sendrecv_bench.measure(1)
    log(sendrecv_bench.render(res["sendrecv"]))

    if "hlopt" in want:  # big constants and deep nesting (bench/reliability.py)
        import reliability

        log("reliability: 50 MB hex constant, nested dictionaries ...")
        res["reliability"] = reliability.run_all(50, 3, a.timeout)
        print(reliability.render(res["reliability"]))

    if "hlopt" in want:  # the inliner on call chains and trees (bench/inline_chains.py, issue 25)
        import inline_chains

        log("inliner: call chains and trees beside iree-opt ...")
        res["inline_chains"] = inline_chains.measure(a.inline_big, timeout=a.timeout)
        print(inline_chains.render(res["inline_chains"]))

        log("240-layer transformer (jax): round trip, cse, canonicalize, inline pipeline beside iree-opt ...")
        res["transformer240"] = gen_transformer.measure(find_hlopt(), find_tool("iree-opt"), CACHE, a.timeout)

    import generic_passes  # each generic pass beside iree-opt's (bench/generic_passes.py)

    log("generic passes beside iree-opt ...")
    res["generic_passes"] = generic_passes.run((1_000, 10_000) if a.quick else (10_000, 100_000), repeat)
    generic_passes.report(res["generic_passes"])

    targets = report(res, a.plain) + [res["async"]["target"]] + res["hir"]["targets"]
    more = inline_chains.targets(res["inline_chains"]) if "inline_chains" in res else []
    more += bytecode_bench.targets(res["bytecode"])
    if "transformer240" in res:
        more += gen_transformer.targets(res["transformer240"])
    for t in interp_bench.targets(res["interpreter"]) + sendrecv_bench.targets(res["sendrecv"]) + more:
        print(f"{t['name']}: {t['value_str']} (goal {t['goal']}) {t['result']}")
        targets.append(t)
    res["targets"] = targets
    a.json.write_text(json.dumps(res, indent=2, default=str) + "\n")
    print(f"results written to {a.json}")
    if not a.skip_specialize_encodings:
        sys.path.insert(0, str(BENCH_DIR))
        import specialize_encodings

        specialize_encodings.main(["--quick"] if a.quick else [])
    if a.check and any(t["result"] == "FAIL" for t in targets):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
