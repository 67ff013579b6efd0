"""Bytecode read time beside text parse time of the same module (issue 27
item 1: a 100k-op bytecode file reads at least as fast as its text).

The modules are JAX transformers (bench/gen_transformer.py) of 32 and 320
layers, about 10k and 100k ops, as jax prints them (StableHLO, pretty
form); jaxlib writes each as MLIR bytecode in the current format (`v6`),
in format 1 (`v1`: before lazy sections, use lists and native properties,
segment sizes among the attributes) and as a portable artifact (`vhlo`:
VHLO bytecode for the current StableHLO version, converted back as read,
timed beside the text of the module jaxlib deserializes it to, as VHLO
drops attributes at their defaults). Each read runs in a fresh process (interned types and locations would favour a second
read): `parse_source` of the text, `read_bytecode` of the bytes, after a
warm-up parse of a small module, best of `repeat`. The two modules are
checked to print the same (generic form).

    python bench/bytecode_bench.py [--repeat 3] [--sizes 10k,100k] [--formats v6,v1,vhlo]
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
FORMATS = ("v6", "v1", "vhlo")
_SUFFIX = {"v6": ".mlirbc", "v1": ".v1.mlirbc", "vhlo": ".vhlo.mlirbc"}


def inputs(label: str, mlir_python: str, fmt: str = "v6") -> tuple[Path, Path]:
    """(text, bytecode in format `fmt`) of the transformer of that size,
    made on demand."""
    text = CACHE / f"transformer-{LAYERS[label]}.mlir"
    bc = CACHE / (text.stem + _SUFFIX[fmt])
    if not text.exists():
        subprocess.run([mlir_python, str(BENCH_DIR / "gen_transformer.py"), "--layers", str(LAYERS[label]),
                        "-o", str(text)], check=True)
    if not bc.exists():
        subprocess.run([mlir_python, str(Path(__file__).resolve()), "--_serialize", fmt, str(text), str(bc)],
                       check=True)
    return text, bc


def serialize(fmt: str, src: Path, dst: Path) -> None:
    """jaxlib's bytecode of a text module in format `fmt` (FORMATS)."""
    import io

    sys.path.insert(0, str(REPO / "tests" / "oracle"))
    import mlir_ref
    from jaxlib.mlir import ir

    if fmt == "vhlo":
        from jaxlib.mlir.dialects import stablehlo

        art = stablehlo.serialize_portable_artifact_str(src.read_text(), stablehlo.get_current_version())
        with mlir_ref._make_context(True) as ctx:  # what it converts back to, as text (VHLO drops defaults)
            dst.with_suffix(".mlir").write_text(str(stablehlo.deserialize_portable_artifact(ctx, art)))
        dst.write_bytes(art)
        return
    with mlir_ref._make_context(True):
        m = ir.Module.parse(src.read_text())
        buf = io.BytesIO()
        m.operation.write_bytecode(buf, desired_version=None if fmt == "v6" else int(fmt[1:]))
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
            python: str = sys.executable, formats=("v6",)) -> dict:
    """Per size: the text parse and, per format, the bytecode read (the
    current format under "bytecode", others under "formats")."""
    if mlir_python is None:
        return {"status": "n/a", "why": "jaxlib missing (it writes the bytecode)"}
    CACHE.mkdir(parents=True, exist_ok=True)
    out: dict = {"status": "ok", "sizes": {}}

    def best(kind: str, path: Path) -> dict:
        runs = [_run(kind, path, python, timeout) for _ in range(repeat)]
        ok = [r for r in runs if "time" in r]
        if not ok:
            return {"error": runs[0]["error"]}
        return {"time": min(r["time"] for r in ok), "print": ok[0]["print"]}

    def compare(into: dict, text: dict, bc: dict) -> None:
        if "time" in text and "time" in bc:
            into["ratio"] = bc["time"] / text["time"]
            into["same_module"] = text["print"] == bc["print"]

    for label in labels:
        text, _ = inputs(label, mlir_python)
        d: dict = {"text_bytes": text.stat().st_size, "text": best("text", text), "formats": {}}
        for fmt in formats:
            _, bc = inputs(label, mlir_python, fmt)
            r = {"bytes": bc.stat().st_size, "bytecode": best("bytecode", bc)}
            if fmt == "vhlo":  # beside the text of the module it converts to
                r["text"] = best("text", bc.with_suffix(".mlir"))
            compare(r, r.get("text", d["text"]), r["bytecode"])
            if fmt == "v6":  # the goal, and the keys run.py reads
                d["bytecode_bytes"], d["bytecode"] = r["bytes"], r["bytecode"]
                compare(d, d["text"], d["bytecode"])
            else:
                d["formats"][fmt] = r
        out["sizes"][label] = d
    return out


def render(res: dict) -> str:
    if res.get("status") != "ok":
        return f"bytecode read vs text parse: n/a ({res.get('why')})"
    lines = ["bytecode read vs text parse (transformer, in a fresh process each):"]
    for label, d in res["sizes"].items():
        if "ratio" not in d and "bytecode" in d:
            lines.append(f"  {label}: error {d}")
            continue
        if "ratio" in d:
            lines.append(f"  {label}: text {d['text']['time']:.2f} s, bytecode {d['bytecode']['time']:.2f} s, "
                         f"ratio {d['ratio']:.2f}, same module: {'yes' if d['same_module'] else 'NO'}")
        for fmt, r in d.get("formats", {}).items():
            if "ratio" not in r:
                lines.append(f"  {label} {fmt}: error {r}")
                continue
            own = f"its text {r['text']['time']:.2f} s, " if "text" in r else ""
            lines.append(f"  {label} {fmt}: {own}bytecode {r['bytecode']['time']:.2f} s ({r['bytes']} bytes), "
                         f"ratio {r['ratio']:.2f}, same module: {'yes' if r['same_module'] else 'NO'}")
    return "\n".join(lines)


def targets(res: dict) -> list[dict]:
    """The goal at 100k ops: the current format, and each other format measured."""
    d = res.get("sizes", {}).get("100k", {})
    out = []
    for name, r in [("bytecode read / text parse @ 100k", d)] + [
            (f"bytecode read / text parse @ 100k ({fmt})", r) for fmt, r in d.get("formats", {}).items()]:
        if "ratio" not in r:
            if r is d and "bytecode" not in d and d.get("formats"):
                continue  # the current format was not measured
            out.append({"name": name, "value_str": "n/a", "goal": f"<= {GOAL:g}", "result": "n/a"})
            continue
        ok = r["ratio"] <= GOAL and r["same_module"]
        out.append({"name": name, "value_str": f"{r['ratio']:.2f}" + ("" if r["same_module"] else " (modules differ)"),
                    "goal": f"<= {GOAL:g}", "result": "ok" if ok else "FAIL"})
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sizes", default="10k,100k")
    ap.add_argument("--formats", default=",".join(FORMATS))
    ap.add_argument("--_worker", nargs=2, help=argparse.SUPPRESS)
    ap.add_argument("--_serialize", nargs=3, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a._worker:
        worker(a._worker[0], Path(a._worker[1]))
        return 0
    if a._serialize:
        serialize(a._serialize[0], Path(a._serialize[1]), Path(a._serialize[2]))
        return 0
    sys.path.insert(0, str(BENCH_DIR))
    from run import find_mlir_python

    res = measure(find_mlir_python(), tuple(a.sizes.split(",")), a.repeat, formats=tuple(a.formats.split(",")))
    print(render(res))
    for t in targets(res):
        print(f"{t['name']}: {t['value_str']} (goal {t['goal']}) {t['result']}")
    return 0 if all(t["result"] != "FAIL" for t in targets(res)) else 1


if __name__ == "__main__":
    sys.exit(main())
