"""Diagnostics rendering (plain when piped, rich with source line and caret
on a terminal), split-file line numbers, and the expected-* parser."""

from __future__ import annotations

import io
import re

from hlopt.driver import Options, process
from hlopt.syntax.diagnostics import render
from hlopt.syntax.expected import UNKNOWN, check, parse_expectations
from hlopt.syntax.source import Source
from hlopt.syntax.split import split_source


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def _diags(text: str, name: str = "in.mlir"):
    src = Source(name, text)
    out, diags, _ = process(src, Options())
    assert out is None
    return src, diags


def test_plain_rendering_when_piped() -> None:
    _, diags = _diags('func.func @f() {\n  "t.x"() : () -> ()\n  return\n}\n')
    buf = io.StringIO()
    render(diags, buf)
    assert buf.getvalue() == ("in.mlir:2:3: error: operation being parsed with an unregistered dialect. If this "
                              "is intended, please use -allow-unregistered-dialect with the MLIR tool used\n")


def test_rich_rendering_on_a_terminal_shows_line_and_caret() -> None:
    _, diags = _diags('func.func @f() {\n  %0 = "t.x"() : () -> ()\n  return\n}\n')
    buf = _Tty()
    render(diags, buf)
    plain = re.sub(r"\x1b\[[0-9;]*m", "", buf.getvalue())  # colors on a terminal
    lines = [ln.rstrip() for ln in plain.splitlines()]
    assert lines[0].startswith("in.mlir:2:8: error: operation being parsed")
    i = lines.index('  %0 = "t.x"() : () -> ()')
    assert lines[i + 1] == " " * 7 + "^"
    assert "\x1b[" in buf.getvalue()


def test_notes_are_rendered_after_the_error() -> None:
    _, diags = _diags("func.func @f() {\n  return\n}\nfunc.func @f() {\n  return\n}\n")
    buf = io.StringIO()
    render(diags, buf)
    assert buf.getvalue() == ("in.mlir:4:1: error: redefinition of symbol named 'f'\n"
                              "in.mlir:1:1: note: see existing symbol definition here\n")


def test_split_chunks_keep_original_line_numbers() -> None:
    text = "module {\n}\n// -----\n\n// -----\nfoo\n"
    chunks = split_source("s.mlir", text)
    assert [c.line_offset for c in chunks] == [0, 2, 4]
    out, diags, _ = process(chunks[2], Options())
    assert diags[0].header().startswith("s.mlir:6:1: error:")
    assert chunks[2].line_text(6) == "foo"


def test_split_text_after_marker_starts_next_chunk() -> None:
    # MLIR splits wherever the marker occurs; the rest of its line belongs to
    # the next chunk, at the columns it has in the file
    text = "module {\n} // ----- x\nfoo\n// ------\n"
    chunks = split_source("s.mlir", text)
    assert [c.text for c in chunks] == ["module {\n} ", " " * 10 + " x\nfoo\n", " " * 8 + "-\n"]
    assert [c.line_offset for c in chunks] == [0, 1, 3]
    out, diags, _ = process(chunks[1], Options())
    assert diags[0].header().startswith("s.mlir:2:12: error:")


def test_expectation_forms() -> None:
    # MLIR's rules: @above/@below bind to the nearest line that is no annotation
    # (an op line carrying one is an annotation line); spaces may precede `@`/`{{`
    text = ("// expected-error@+2 {{a}}\n"        # 1 -> 3
            "// expected-note @below {{b}}\n"     # 2 -> 3 (next line that is no annotation)
            "op\n"                                 # 3
            "op // expected-warning {{c}}\n"       # 4 -> 4
            "// expected-remark  @-1  {{d}}\n"     # 5 -> 4
            "// expected-error@above {{e}}\n"      # 6 -> 3 (4 and 5 are annotations)
            "// expected-error-re@+1 {{x{{[0-9]+}}y}}\n"  # 7 -> 8
            "// prose: expected-error@+1 without braces, expected-note {{x}} mid-line\n"  # 8: none
            "// expected-error@unknown {{u}}\n"    # 9 -> unknown location
            "// expected-note@below {{dangling}}")  # 10 -> 10 (no line follows)
    exps, errors = parse_expectations(Source("e.mlir", text))
    assert not errors
    got = sorted((e.severity, e.line, e.pattern, e.regex) for e in exps)
    assert got == sorted([("error", 3, "a", False), ("note", 3, "b", False), ("warning", 4, "c", False),
                          ("remark", 4, "d", False), ("error", 3, "e", False), ("error", 8, "x{{[0-9]+}}y", True),
                          ("error", UNKNOWN, "u", False), ("note", 10, "dangling", False)])
    re_exp = next(e for e in exps if e.regex)
    assert re_exp.matches("prefix x123y suffix") and not re_exp.matches("xy")


def test_check_reports_missing_and_unexpected() -> None:
    src, diags = _diags('// expected-error@+1 {{never}}\n"t.x"() : () -> ()\n')
    errs = check(src, diags)
    assert [e.header() for e in errs] == [
        "in.mlir:2:1: error: unexpected error: operation being parsed with an unregistered dialect. If this is "
        "intended, please use -allow-unregistered-dialect with the MLIR tool used",
        'in.mlir:1:4: error: expected error "never" was not produced']
