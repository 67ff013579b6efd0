"""The 240-layer JAX transformer of issue 26: tests/fixtures/gen_corpus.py's
deep_transformer_grad (value and gradient of a stack of attention + MLP
blocks, unrolled) with 240 layers instead of 24, about 75k ops, lowered by
jax to StableHLO text (pretty form, as `jax.jit(f).lower(...).as_text()`).

    python bench/gen_transformer.py [--layers 240] -o FILE

Needs jax (the oracle extra); cached by run.py under bench/.cache/.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def transformer_text(layers: int = 240) -> str:
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    sys.path.insert(0, str(REPO / "tests" / "fixtures"))
    import gen_corpus as g
    import jax
    import jax.numpy as jnp

    rng = g._rng(3)
    ps = [g._block_params(rng, 8, 16) for _ in range(layers)]
    x = g._f32(rng, 1, 4, 8)

    def loss(ps, x):
        for p in ps:  # unrolled, as the fixture
            x = g._block(p, x)
        return jnp.sum(x * x)

    def deep_transformer_grad(ps, x):
        return jax.value_and_grad(loss)(ps, x)

    return jax.jit(deep_transformer_grad).lower(ps, x).as_text()


JOBS = {"round trip": [], "inline,canonicalize,cse": ["--inline", "--canonicalize", "--cse"],
        "cse": ["--cse"], "canonicalize": ["--canonicalize"]}


def _process_cpu(cmd: list[str], timeout: float) -> dict:
    """CPU time (user + system) and peak RSS of one process run."""
    import subprocess
    import time

    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    t0 = time.monotonic()
    while True:
        pid, status, ru = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            if status != 0:
                return {"error": f"exit status {status}: {proc.stderr.read().decode(errors='replace')[-300:]}"}
            return {"cpu": ru.ru_utime + ru.ru_stime, "rss_mb": ru.ru_maxrss / 1024}
        if time.monotonic() - t0 > timeout:
            proc.kill()
            proc.wait()
            return {"error": "timeout"}
        time.sleep(0.02)


def measure(hlopt: list[str], iree_opt: str | None, cache: Path, timeout: float = 1800, layers: int = 240,
            jobs: tuple[str, ...] = tuple(JOBS), pairs: int = 2) -> dict:
    """Each of `jobs` (keys of JOBS) on the transformer: `hlopt` and
    `iree-opt` as processes (parse, verify, pass, print), CPU time and the
    ratio; the round trip as `pairs` interleaved pairs, best of each tool."""
    path = cache / f"transformer-{layers}.mlir"
    if not path.exists():
        import subprocess

        # in a child: jax would stay in this process, and the tools forked
        # from it would start with its resident size (ru_maxrss)
        p = subprocess.run([sys.executable, __file__, "--layers", str(layers), "-o", str(path)],
                           capture_output=True, text=True, timeout=timeout)
        if p.returncode != 0:  # jax missing or broken: report, don't crash the benchmark
            path.unlink(missing_ok=True)
            return {"error": f"generating the transformer failed: {p.stderr.strip()[-300:]}"}
    res: dict = {"file": str(path), "bytes": path.stat().st_size}
    for job in jobs:
        flags = JOBS[job]
        runs = []
        for _ in range(pairs if job == "round trip" else 1):
            runs.append((_process_cpu([*hlopt, str(path), *flags, "-o", os.devnull], timeout),
                         _process_cpu([iree_opt, str(path), *flags, "-o", os.devnull], timeout)
                         if iree_opt else {"error": "n/a"}))
        h = min((x for x, _ in runs), key=lambda x: x.get("cpu", float("inf")))
        r = min((y for _, y in runs), key=lambda y: y.get("cpu", float("inf")))
        d = {"hlopt": h, "iree_opt": r}
        if "cpu" in h and "cpu" in r:
            d["ratio"] = h["cpu"] / r["cpu"]
        res[job] = d
        print(f"  transformer {job}: {render_one(d)}", file=sys.stderr, flush=True)
    return res


def render_one(d: dict) -> str:
    h, r = d["hlopt"], d["iree_opt"]
    hs = f"hlopt {h['cpu']:.2f} s {h['rss_mb']:.0f} MB" if "cpu" in h else f"hlopt {h['error']}"
    rs = f"iree-opt {r['cpu']:.2f} s {r['rss_mb']:.0f} MB" if "cpu" in r else f"iree-opt {r['error']}"
    return f"{hs}; {rs}" + (f"; ratio {d['ratio']:.1f}x" if "ratio" in d else "")


def targets(res: dict) -> list[dict]:
    """Issue 26: round trip <= 4x iree-opt; inline,canonicalize,cse <= 2x."""
    out = []
    for job, goal in (("round trip", 4.0), ("inline,canonicalize,cse", 2.0)):
        d = res.get(job, {})
        if "ratio" in d:
            out.append({"name": f"240-layer transformer {job}: hlopt / iree-opt CPU", "value_str": f"{d['ratio']:.1f}x",
                        "goal": f"<= {goal:g}x", "result": "ok" if d["ratio"] <= goal else "FAIL"})
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layers", type=int, default=240)
    ap.add_argument("-o", dest="out", type=Path, required=True)
    a = ap.parse_args(argv)
    a.out.write_text(transformer_text(a.layers))
    return 0


if __name__ == "__main__":
    sys.exit(main())
