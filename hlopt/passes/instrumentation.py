"""Instrumentation: IR printing around passes, timing, statistics."""

from __future__ import annotations

import hashlib
import sys
from typing import TextIO

from hlopt.ir.core import Operation
from hlopt.passes.base import Pass
from hlopt.passes.manager import Instrumentation


def _header(when: str, p: Pass, failed: bool = False) -> str:
    """MLIR's header: the pass's name, then its pipeline text with every
    option (the IR printed is the op the pass ran on)."""
    return f"// -----// IR Dump {when} {p.display_name()}{' Failed' if failed else ''}: {p.pipeline_text()} //----- //"


def _fingerprint(op: Operation) -> str:
    """What MLIR's OperationFingerPrint tells apart: every op's identity and
    everything it prints (locations included)."""
    from hlopt.syntax.printer import print_op

    h = hashlib.sha1(print_op(op, generic=True, debuginfo=True, local_scope=True).encode())
    h.update(repr([id(o) for o in op.walk()]).encode())
    return h.hexdigest()


class PrintIR(Instrumentation):
    def __init__(self, before: bool, after: bool, after_change: bool, after_failure: bool,
                 generic: bool, debuginfo: bool, top: Operation | None = None, out: TextIO | None = None,
                 local_scope: bool = False, before_passes: frozenset = frozenset(),
                 after_passes: frozenset = frozenset(), tree_dir: str | None = None):
        # --mlir-print-ir-tree-dir: each dump to its own file under tree_dir,
        # in a directory per op (MLIR's layout), numbered per op
        self.tree_dir = tree_dir
        self._counters: dict[int, int] = {}
        # before/after: every pass (-all); *_passes: only these pass arguments
        self.before_passes, self.after_passes = before_passes, after_passes
        self.before, self.after = before, after
        self.after_change, self.after_failure = after_change, after_failure
        self.generic, self.debuginfo, self.local_scope = generic, debuginfo, local_scope
        self.out = out or sys.stderr
        self._fingerprints: dict[int, str] = {}

    def _text(self, op: Operation) -> str:
        from hlopt.syntax.printer import print_op

        # MLIR prints a nested op in local scope (locations inline, no
        # aliases), and a top-level op in module scope with one more newline
        nested = op.parent is not None
        text = print_op(op, self.generic, self.debuginfo, local_scope=self.local_scope or nested)
        return text if nested or self.local_scope else text + "\n"

    def _dump(self, p: Pass, op: Operation, text: str) -> None:
        if self.tree_dir is None:
            self.out.write(text)
            return
        import os

        chain = []
        o: Operation | None = op
        while o is not None:
            chain.append(o)
            o = o.parent_op
        chain.reverse()
        dirs = []
        for o in chain:
            sym = o.get_attr("sym_name")
            name = sym.value if sym is not None and hasattr(sym, "value") else "no-symbol-name"
            dirs.append(o.name.replace(".", "_") + "_" + str(name))
        counters = [str(self._counters.get(id(o), 0)) for o in chain]
        self._counters[id(op)] = self._counters.get(id(op), 0) + 1
        path = os.path.join(self.tree_dir, *dirs, "_".join(counters) + f"_{p.argument}.mlir")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text)

    def run_after_nested(self, pm, op: Operation) -> None:
        if self.tree_dir is not None:  # the adaptor counts as one pass on op
            self._counters[id(op)] = self._counters.get(id(op), 0) + 1

    def run_before_pass(self, p: Pass, op: Operation) -> None:
        if self.before or p.argument in self.before_passes:
            self._dump(p, op, _header("Before", p) + "\n" + self._text(op) + "\n")
        if (self.after or p.argument in self.after_passes) and self.after_change:
            self._fingerprints[id(op)] = _fingerprint(op)

    def run_after_pass(self, p: Pass, op: Operation) -> None:
        # --mlir-print-ir-after-change only filters the after-pass dumps
        if not (self.after or p.argument in self.after_passes):
            return
        if self.after_change and _fingerprint(op) == self._fingerprints.pop(id(op), None):
            return
        self._dump(p, op, _header("After", p) + "\n" + self._text(op) + "\n")

    def run_after_pass_failed(self, p: Pass, op: Operation) -> None:
        if self.after_failure:
            self._dump(p, op, _header("After", p, failed=True) + "\n" + self._text(op) + "\n")


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
                    lines.append("  " * depth + it.display_name())
                    for name in sorted(it.statistics):
                        help_ = it.statistic_help.get(name, "")
                        lines.append("  " * (depth + 1) + f"(S) {it.statistics[name]} {name}"
                                     + (f" - {help_}" if help_ else ""))

        emit(pm.items, 0)
        self.out.write("\n".join(lines) + "\n\n")  # MLIR ends each report with a blank line


def timing_report(stages: list[tuple[str, float]], out: TextIO | None = None, display: str = "tree",
                  total: float | None = None) -> None:
    """--mlir-timing: MLIR's execution time report. `stages` are (name, wall
    seconds) in run order (pass arguments are shown by their pass names);
    `total` is the whole run's wall time, whose unaccounted part is 'Rest'.
    `display` is MLIR's --mlir-timing-display: `tree` in run order, `list`
    merged by name, slowest first, under a 'root' line."""
    from hlopt.passes.registry import get_pass

    def label(name: str) -> str:
        if name == "(verifier)":
            return "Verifier"
        cls = get_pass(name) if name[:1].islower() else None
        return cls.display_name() if cls is not None else name

    rows: dict[str, float] = {}
    for name, t in stages:
        key = label(name)
        rows[key] = rows.get(key, 0.0) + t
    accounted = sum(rows.values())
    total = max(total if total is not None else accounted, accounted)
    rows["Rest"] = total - accounted
    out = out or sys.stderr
    bar = "===" + "-" * 73 + "==="
    lines = [bar, " " * 25 + "... Execution time report ...", bar,
             f"  Total Execution Time: {total:.4f} seconds", "", "  ----Wall Time----  ----Name----"]

    def row(t: float, name: str) -> str:
        pct = 100.0 * t / total if total > 0 else 0.0
        return f"  {t:8.4f} ({pct:5.1f}%)  {name}"

    items = list(rows.items())
    if display == "list":
        lines.append(row(total, "root"))
        rest = items.pop()
        items.sort(key=lambda kv: -kv[1])
        items.append(rest)
    lines.extend(row(t, name) for name, t in items)
    lines.append(row(total, "Total"))
    out.write("\n".join(lines) + "\n")
