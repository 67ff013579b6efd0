"""Instrumentation: IR printing around passes, timing, statistics."""

from __future__ import annotations

import hashlib
import sys
from typing import TextIO

from hlopt.ir.attributes import StringAttr
from hlopt.ir.core import Operation
from hlopt.passes.base import Pass
from hlopt.passes.manager import Instrumentation


def _header(when: str, p: Pass, op: Operation) -> str:
    sym = op.properties.get("sym_name")
    what = f"('{op.name}' operation" + (f": @{sym.value}" if isinstance(sym, StringAttr) else "") + ")"
    return f"// -----// IR Dump {when} {type(p).__name__} ({p.argument}) {what} //----- //"


class PrintIR(Instrumentation):
    def __init__(self, before: bool, after: bool, after_change: bool, after_failure: bool,
                 generic: bool, debuginfo: bool, top: Operation | None = None, out: TextIO | None = None,
                 local_scope: bool = False):
        self.before, self.after = before, after
        self.after_change, self.after_failure = after_change, after_failure
        self.generic, self.debuginfo, self.local_scope = generic, debuginfo, local_scope
        self.out = out or sys.stderr
        self._fingerprints: dict[int, str] = {}

    def _text(self, op: Operation) -> str:
        from hlopt.syntax.printer import print_op

        return print_op(op, self.generic, self.debuginfo, local_scope=self.local_scope)

    def run_before_pass(self, p: Pass, op: Operation) -> None:
        if self.before:
            self.out.write(_header("Before", p, op) + "\n" + self._text(op) + "\n")
        if self.after_change:
            self._fingerprints[id(op)] = hashlib.sha1(self._text(op).encode()).hexdigest()

    def run_after_pass(self, p: Pass, op: Operation) -> None:
        if self.after:
            self.out.write(_header("After", p, op) + "\n" + self._text(op) + "\n")
        elif self.after_change:
            text = self._text(op)
            if hashlib.sha1(text.encode()).hexdigest() != self._fingerprints.pop(id(op), None):
                self.out.write(_header("After", p, op) + "\n" + text + "\n")

    def run_after_pass_failed(self, p: Pass, op: Operation) -> None:
        if self.after_failure:
            name = type(p).__name__  # MLIR: "// -----// IR Dump After CSE Failed (cse) ..."
            self.out.write(_header("After", p, op).replace(f" {name} (", f" {name} Failed (", 1) + "\n"
                           + self._text(op) + "\n")


class Statistics(Instrumentation):
    """--mlir-pass-statistics: MLIR's pass statistics report."""

    def __init__(self, out: TextIO | None = None):
        self.out = out or sys.stderr

    def run_after_pipeline(self, pm, op: Operation) -> None:
        lines = [
            "===" + "-" * 73 + "===",
            " " * 25 + "... Pass statistics report ...",
            "===" + "-" * 73 + "===",
        ]

        def emit(items, depth):
            from hlopt.passes.manager import OpPassManager

            for it in items:
                if isinstance(it, OpPassManager):
                    lines.append("  " * depth + f"'{it.anchor}' Pipeline")
                    emit(it.items, depth + 1)
                else:
                    lines.append("  " * depth + type(it).__name__)
                    for name in sorted(it.statistics):
                        help_ = it.statistic_help.get(name, "")
                        lines.append("  " * (depth + 1) + f"(S) {it.statistics[name]} {name}"
                                     + (f" - {help_}" if help_ else ""))

        emit(pm.items, 0)
        self.out.write("\n".join(lines) + "\n\n")  # MLIR ends each report with a blank line


def timing_report(stages: list[tuple[str, float]], out: TextIO | None = None) -> None:
    """--mlir-timing: a rich table of wall times."""
    from rich.console import Console
    from rich.table import Table

    out = out or sys.stderr
    total = sum(t for _, t in stages) or 1e-12
    table = Table(title="Execution time report", title_justify="left")
    table.add_column("Wall Time (s)", justify="right")
    table.add_column("%", justify="right")
    table.add_column("Name")
    for name, t in stages:
        table.add_row(f"{t:.4f}", f"{100 * t / total:5.1f}%", name)
    table.add_row(f"{total:.4f}", "100.0%", "Total")
    Console(file=out, width=100).print(table)
