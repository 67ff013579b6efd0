#!/usr/bin/env python3
"""Render docs/async-timeline.svg, the README's picture of --async-schedule.

Takes the JAX FSDP step of tests/fixtures/async/fsdp.mlir (4 layers, hidden
8192, bf16, 8 devices; written by tests/oracle/gen_async_programs.py), runs
`hlopt --stablehlo-async-collectives=form=upstream --view-schedule=...`
(before) and `... --async-schedule --view-schedule=...` (after), and draws
device 0's compute and communication tracks of both Chrome trace files as SVG.

    .venv/bin/python docs/async_picture.py
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from xml.sax.saxutils import escape

REPO = Path(__file__).resolve().parent.parent
FIXTURE = REPO / "tests" / "fixtures" / "async" / "fsdp.mlir"
OUT = REPO / "docs" / "async-timeline.svg"
COLORS = {"dot_general": "#4C78A8", "all_gather": "#F58518", "reduce_scatter": "#54A24B", "wait": "#E45756"}


def timeline(src: Path, passes: list[str], out: Path) -> list[dict]:
    hlopt = [sys.executable, "-m", "hlopt"]
    subprocess.run(hlopt + [str(src)] + passes + [f"--view-schedule={out}", "-o", str(out) + ".mlir"], check=True)
    return json.loads(out.read_text())["traceEvents"]


def track_events(events: list[dict], pid: int) -> dict[str, list[dict]]:
    names = {e["tid"]: e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
    out: dict[str, list[dict]] = {"compute": [], "communication": []}
    for e in events:
        if e["ph"] == "X" and e["pid"] == pid:
            out[names[e["tid"]]].append(e)
    return out


def render(panels: list[tuple[str, dict[str, list[dict]]]]) -> str:
    width, left, row, gap = 1000, 150, 26, 70
    end = max(e["ts"] + e["dur"] for _, t in panels for evs in t.values() for e in evs)
    scale = (width - left - 20) / end
    height = 40 + len(panels) * (2 * row + gap)
    s = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
         f'font-family="Helvetica, Arial, sans-serif" font-size="12">',
         f'<rect width="{width}" height="{height}" fill="white"/>']
    y = 30
    for title, tracks in panels:
        step = max(e["ts"] + e["dur"] for evs in tracks.values() for e in evs) / 1000
        exposed = sum(e["dur"] for e in tracks["compute"] if e["name"] == "wait") / 1000
        s.append(f'<text x="10" y="{y}" font-weight="bold">{escape(title)}: step {step:.2f} ms, '
                 f'exposed communication {exposed:.2f} ms</text>')
        y += 10
        for k, name in enumerate(("compute", "communication")):
            ty = y + k * row
            s.append(f'<text x="10" y="{ty + 17}">device 0 {name}</text>')
            s.append(f'<rect x="{left}" y="{ty}" width="{width - left - 20}" height="{row - 4}" fill="#f3f3f3"/>')
            for e in tracks[name]:
                x, w = left + e["ts"] * scale, max(1.0, e["dur"] * scale)
                c = COLORS.get(e["name"], "#9D9D9D")
                s.append(f'<rect x="{x:.1f}" y="{ty}" width="{w:.1f}" height="{row - 4}" fill="{c}">'
                         f'<title>{escape(e["name"])} {e["dur"]:.1f} us</title></rect>')
        y += 2 * row + gap - 10
    x = left
    for name, c in COLORS.items():
        s.append(f'<rect x="{x}" y="{height - 22}" width="12" height="12" fill="{c}"/>')
        s.append(f'<text x="{x + 16}" y="{height - 12}">{name}</text>')
        x += 160
    s.append(f'<text x="{x}" y="{height - 12}" fill="#666">other ops in grey; time axis 0..{end:.0f} us, '
             f'H100 defaults</text>')
    s.append("</svg>")
    return "\n".join(s) + "\n"


def main() -> None:
    wrap = "--stablehlo-async-collectives=form=upstream"
    with tempfile.TemporaryDirectory() as d:
        before = timeline(FIXTURE, [wrap], Path(d) / "before.json")
        after = timeline(FIXTURE, [wrap, "--async-schedule"], Path(d) / "after.json")
    OUT.write_text(render([("before --async-schedule", track_events(before, 0)),
                           ("after --async-schedule", track_events(after, 0))]))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
