"""Bytecode read time beside text parse time of the same module (issue 27
item 1: a 100k-op bytecode file reads at least as fast as its text).

The modules are JAX transformers (bench/gen_transformer.py) of 32 and 320
layers, about 10k and 100k ops, as jax prints them (StableHLO, pretty
form); jaxlib writes each as MLIR bytecode (current format). Each read runs
in a fresh process (interned types and locations would favour a second
read): `parse_source` of the text, `read_bytecode` of the bytes, after a
warm-up parse of a small module, best of `repeat`. The two modules are
checked to print the same (generic form).

    python bench/bytecode_bench.py [--repeat 3] [--sizes 10k,100k]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent
CACHE = BENCH_DIR / ".cache"
LAYERS = {"10k": 32, "100k": 320}
GOAL = 1.0  # bytecode read time / text parse time at 100k ops


def inputs(label: str, mlir_python: str) -> tuple[Path, Path]:
    """(text, bytecode) of the transformer of that size, made on demand."""
    text = CACHE / f"transformer-{LAYERS[label]}.mlir"
    bc = text.with_suffix(".mlirbc")
    if not text.exists():
        subprocess.run([mlir_python, str(BENCH_DIR / "gen_transformer.py"), "--layers", str(LAYERS[label]),
                        "-o", str(text)], check=True)
    if not bc.exists():
        subprocess.run([mlir_python, str(Path(__file__).resolve()), "--_serialize", str(text), str(bc)],
                       check=True)
    return text, bc


def serialize(src: Path, dst: Path) -> None:
    """jaxlib's bytecode of a text module (current format version)."""
    import io

    sys.path.insert(0, str(REPO / "tests" / "oracle"))
    import mlir_ref
    from jaxlib.mlir import ir

    with mlir_ref._make_context(True):
        m = ir.Module.parse(src.read_text())
        buf = io.BytesIO()
        m.operation.write_bytecode(buf)
    dst.write_bytes(buf.getvalue())


def worker(kind: str, path: Path) -> None:
    """Time one read in this process; print JSON (time, generic print hash)."""
    import hashlib

    sys.path.insert(0, str(REPO))
    from hlopt.syntax.bytecode import read_bytecode
    from hlopt.syntax.parser import parse_source
    from hlopt.syntax.printer import print_op
    from hlopt.syntax.source import Source

    parse_source(Source("warm", 'func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n'
                        '  %0 = stablehlo.add %a, %a : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n'), True)
    if kind == "text":
        text = path.read_text()
        t0 = time.perf_counter()
        module, _ = parse_source(Source(str(path), text), True)
    else:
        data = path.read_bytes()
        t0 = time.perf_counter()
        module, _ = read_bytecode(str(path), data)
    t = time.perf_counter() - t0
    digest = hashlib.sha256(print_op(module, True).encode()).hexdigest()
    print(json.dumps({"time": t, "print": digest}))


def _run(kind: str, path: Path, python: str, timeout: float) -> dict:
    p = subprocess.run([python, str(Path(__file__).resolve()), "--_worker", kind, str(path)],
                       capture_output=True, text=True, timeout=timeout)
    try:
        return json.loads(p.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {"error": f"rc {p.returncode}: {p.stderr.strip()[-300:]}"}


def measure(mlir_python: str | None, labels=("10k", "100k"), repeat: int = 3, timeout: float = 1800,
            python: str = sys.executable) -> dict:
    if mlir_python is None:
        return {"status": "n/a", "why": "jaxlib missing (it writes the bytecode)"}
    CACHE.mkdir(parents=True, exist_ok=True)
    out: dict = {"status": "ok", "sizes": {}}
    for label in labels:
        text, bc = inputs(label, mlir_python)
        d: dict = {"text_bytes": text.stat().st_size, "bytecode_bytes": bc.stat().st_size}
        for kind, path in (("text", text), ("bytecode", bc)):
            runs = [_run(kind, path, python, timeout) for _ in range(repeat)]
            ok = [r for r in runs if "time" in r]
            if not ok:
                d[kind] = {"error": runs[0]["error"]}
                continue
            d[kind] = {"time": min(r["time"] for r in ok), "print": ok[0]["print"]}
        if "time" in d["text"] and "time" in d["bytecode"]:
            d["ratio"] = d["bytecode"]["time"] / d["text"]["time"]
            d["same_module"] = d["text"]["print"] == d["bytecode"]["print"]
        out["sizes"][label] = d
    return out


def render(res: dict) -> str:
    if res.get("status") != "ok":
        return f"bytecode read vs text parse: n/a ({res.get('why')})"
    lines = ["bytecode read vs text parse (transformer, in a fresh process each):"]
    for label, d in res["sizes"].items():
        if "ratio" not in d:
            lines.append(f"  {label}: error {d}")
            continue
        lines.append(f"  {label}: text {d['text']['time']:.2f} s, bytecode {d['bytecode']['time']:.2f} s, "
                     f"ratio {d['ratio']:.2f}, same module: {'yes' if d['same_module'] else 'NO'}")
    return "\n".join(lines)


def targets(res: dict) -> list[dict]:
    d = res.get("sizes", {}).get("100k", {})
    if "ratio" not in d:
        return [{"name": "bytecode read / text parse @ 100k", "value_str": "n/a", "goal": f"<= {GOAL:g}",
                 "result": "n/a"}]
    ok = d["ratio"] <= GOAL and d["same_module"]
    return [{"name": "bytecode read / text parse @ 100k", "value_str": f"{d['ratio']:.2f}"
             + ("" if d["same_module"] else " (modules differ)"), "goal": f"<= {GOAL:g}",
             "result": "ok" if ok else "FAIL"}]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sizes", default="10k,100k")
    ap.add_argument("--_worker", nargs=2, help=argparse.SUPPRESS)
    ap.add_argument("--_serialize", nargs=2, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a._worker:
        worker(a._worker[0], Path(a._worker[1]))
        return 0
    if a._serialize:
        serialize(Path(a._serialize[0]), Path(a._serialize[1]))
        return 0
    sys.path.insert(0, str(BENCH_DIR))
    from run import find_mlir_python

    res = measure(find_mlir_python(), tuple(a.sizes.split(",")), a.repeat)
    print(render(res))
    for t in targets(res):
        print(f"{t['name']}: {t['value_str']} (goal {t['goal']}) {t['result']}")
    return 0 if all(t["result"] != "FAIL" for t in targets(res)) else 1


if __name__ == "__main__":
    sys.exit(main())
