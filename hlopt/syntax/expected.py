"""`--verify-diagnostics`: check emitted diagnostics against
`// expected-error@+1 {{...}}` annotations, as mlir-opt does."""

from __future__ import annotations

import re
from dataclasses import dataclass

from hlopt.syntax.diagnostics import Diagnostic
from hlopt.syntax.source import Source

# MLIR's SourceMgrDiagnosticVerifierHandler pattern, searched in every line
# (right-trimmed): spaces (only) may precede `@` and `{{`; a line that does
# not match (prose that merely mentions the word) is no annotation
_ANNOT = re.compile(r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$")
UNKNOWN = -2  # the line of an `@unknown` expectation: diagnostics without a location


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
    """The expected-* annotations of a buffer, bound to lines as MLIR binds
    them: `@+N`/`@-N` relative, `@above` the last line above that is no
    annotation, `@below` the next such line (the last line when none
    follows), `@unknown` diagnostics without a location."""
    exps: list[Expected] = []
    lines = src.text.split("\n")
    below: list[Expected] = []
    last_plain = 0  # 0-based index of the last line that is no annotation
    for i, line in enumerate(lines):
        lineno = i + 1 + src.line_offset
        m = _ANNOT.search(line.rstrip())
        if m is None:
            for e in below:
                e.line = lineno
            below.clear()
            last_plain = i
            continue
        sev, re_flag, _at, where, pat = m.groups()
        e = Expected(sev, lineno, pat, bool(re_flag), 1, lineno, m.start() + 1)
        if where is not None:
            if where[0] in "+-":
                e.line = lineno + int(where)
            elif where == "unknown":
                e.line = UNKNOWN
            elif where == "above":
                e.line = last_plain + 1 + src.line_offset
            else:  # below: dangling ones stay on the last line
                e.line = len(lines) + src.line_offset
                below.append(e)
        exps.append(e)
    return exps, []


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
        line = flc[1] if flc else UNKNOWN
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
