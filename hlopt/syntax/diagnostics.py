"""Diagnostics: MLIR-style `file:line:col: error: message` plus notes."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any, TextIO

from hlopt.ir.location import CallSiteLoc, FileLineColLoc, FusedLoc, Location, NameLoc


@dataclass
class Diagnostic:
    severity: str  # error | warning | note | remark
    message: str
    location: Location | None = None
    notes: list["Diagnostic"] = field(default_factory=list)
    source: Any = None  # the Source the location points into, for the caret
    # context hlopt adds (e.g. which pass failed); --verify-diagnostics
    # matches it when expected but does not require an annotation for it
    context: bool = False

    def file_line_col(self) -> tuple[str, int, int] | None:
        return file_line_col(self.location)

    def header(self) -> str:
        flc = self.file_line_col()
        where = f"{flc[0]}:{flc[1]}:{flc[2]}: " if flc else (
            f"{self.location.text}: " if self.location is not None else "")
        return f"{where}{self.severity}: {self.message}"


def file_line_col(loc: Location | None) -> tuple[str, int, int] | None:
    """The first file:line:col inside a location (as MLIR reports them)."""
    if loc is None:
        return None
    if isinstance(loc, FileLineColLoc):
        return loc.filename.decode("utf-8", "replace"), loc.line, loc.column
    if isinstance(loc, NameLoc):
        return file_line_col(loc.child)
    if isinstance(loc, CallSiteLoc):
        return file_line_col(loc.callee)
    if isinstance(loc, FusedLoc):
        for sub in loc.locations:
            r = file_line_col(sub)
            if r:
                return r
    return None


class DiagnosticError(Exception):
    """Carries diagnostics out of a failing stage."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__(diagnostics[0].message if diagnostics else "error")
        self.diagnostics = diagnostics


def render(diags: list[Diagnostic], out: TextIO | None = None, sources: dict | None = None) -> None:
    """Print diagnostics: plain text when piped; with rich (source line and
    caret) on a terminal."""
    out = out or sys.stderr
    tty = hasattr(out, "isatty") and out.isatty()
    for d in diags:
        _render_one(d, out, tty, sources or {})


def _render_one(d: Diagnostic, out: TextIO, tty: bool, sources: dict) -> None:
    if not tty:
        out.write(d.header() + "\n")
        for n in d.notes:
            out.write(n.header() + "\n")
        return
    from rich.console import Console
    from rich.text import Text

    console = Console(file=out, highlight=False)
    for diag in [d, *d.notes]:
        color = {"error": "bold red", "warning": "bold yellow", "note": "bold cyan",
                 "remark": "bold blue"}.get(diag.severity, "bold")
        flc = diag.file_line_col()
        line = Text()
        if flc:
            line.append(f"{flc[0]}:{flc[1]}:{flc[2]}: ", style="bold")
        line.append(f"{diag.severity}: ", style=color)
        line.append(diag.message)
        console.print(line)
        src = diag.source or (sources.get(flc[0]) if flc else None)
        if flc and src is not None:
            text = src.line_text(flc[1])
            if text:
                console.print(Text(text.expandtabs(1)))
                console.print(Text(" " * (flc[2] - 1) + "^", style=color))
