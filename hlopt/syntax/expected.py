"""`--verify-diagnostics`: check emitted diagnostics against
`// expected-error@+1 {{...}}` annotations, as mlir-opt does."""

from __future__ import annotations

import re
from dataclasses import dataclass

from hlopt.syntax.diagnostics import Diagnostic
from hlopt.syntax.source import Source

_ANNOT = re.compile(
    r"expected-(error|warning|note|remark)(-re)?"
    r"(?:@(above|below|[+-]\d+|(?:[\w.\-/]+):\d+))?"
    r"(?:\s+(\d+))?\s*\{\{(.*)\}\}\s*$")


@dataclass
class Expected:
    severity: str
    line: int
    pattern: str
    regex: bool
    count: int
    annot_line: int
    annot_col: int
    matched: int = 0

    def matches(self, message: str) -> bool:
        if not self.regex:
            return self.pattern in message
        return re.search(_mlir_regex(self.pattern), message) is not None


def _mlir_regex(pattern: str) -> str:
    """`{{re}}` pieces are regexes, the rest literal (FileCheck style)."""
    out = []
    pos = 0
    for m in re.finditer(r"\{\{(.*?)\}\}", pattern):
        out.append(re.escape(pattern[pos:m.start()]))
        out.append("(?:" + m.group(1) + ")")
        pos = m.end()
    out.append(re.escape(pattern[pos:]))
    return "".join(out)


def parse_expectations(src: Source) -> tuple[list[Expected], list[Diagnostic]]:
    exps: list[Expected] = []
    errors: list[Diagnostic] = []
    lines = src.text.split("\n")
    pending_above: list[Expected] = []
    for i, line in enumerate(lines):
        lineno = i + 1 + src.line_offset
        k = line.find("expected-")
        if k < 0 or "//" not in line[:k]:
            continue
        m = _ANNOT.search(line, k)
        if m is None:
            if re.search(r"expected-(error|warning|note|remark)", line[k:]):
                errors.append(Diagnostic("error", "unexpected text after expected diagnostic: "
                                         "expected '{{' message '}}'", src.location(_offset(lines, i) + k)))
            continue
        sev, re_flag, where, count, pat = m.groups()
        target = lineno
        if where:
            if where == "above":
                target = lineno - 1
            elif where == "below":
                target = -1
            elif where[0] in "+-":
                target = lineno + int(where)
            else:
                target = int(where.rsplit(":", 1)[1])
        e = Expected(sev, target, pat, bool(re_flag), int(count) if count else 1, lineno, k + 1)
        if where == "below":
            pending_above.append(e)
        else:
            exps.append(e)
        if pending_above and where != "below" and line.strip() and not line.strip().startswith("//"):
            pass
    # @below binds to the next line that is not a comment-only line
    for e in pending_above:
        j = e.annot_line - src.line_offset  # index of the next line
        while j < len(lines) and lines[j].strip().startswith("//"):
            j += 1
        e.line = j + 1 + src.line_offset
        exps.append(e)
    return exps, errors


def _offset(lines: list[str], i: int) -> int:
    return sum(len(x) + 1 for x in lines[:i])


def check(src: Source, diags: list[Diagnostic]) -> list[Diagnostic]:
    """Return the mismatch errors (empty when everything matched)."""
    exps, errors = parse_expectations(src)
    flat: list[Diagnostic] = []
    for d in diags:
        flat.append(d)
        flat.extend(d.notes)
    for d in flat:
        flc = d.file_line_col()
        line = flc[1] if flc else None
        hit = None
        for e in exps:
            if e.severity == d.severity and e.line == line and e.matched < e.count and e.matches(d.message):
                hit = e
                break
        if hit is not None:
            hit.matched += 1
        elif not d.context:
            errors.append(Diagnostic("error", f"unexpected {d.severity}: {d.message}", d.location))
    for e in exps:
        if e.matched < e.count:
            loc = Source(src.name, src.text, src.line_offset)
            pos = _offset(src.text.split("\n"), e.annot_line - 1 - src.line_offset) + e.annot_col - 1
            errors.append(Diagnostic("error", f"expected {e.severity} \"{e.pattern}\" was not produced",
                                     loc.location(pos)))
    return errors
