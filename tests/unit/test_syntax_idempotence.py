"""Idempotence: for every .mlir under tests/ (every `// -----` chunk),
print(parse(print(parse(x)))) == print(parse(x)) in the custom form, the
generic form and with debuginfo.

Negative chunks are marked explicitly: they carry an `expected-error`
annotation, or their file's RUN line expects hlopt to fail (`not hlopt`).
Only those may fail to parse or verify; any other chunk that stops parsing
fails this test."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from hlopt.ir.core import IRError
from hlopt.ir.verifier import verify
from hlopt.syntax.diagnostics import DiagnosticError
from hlopt.syntax.parser import parse_source
from hlopt.syntax.printer import print_op
from hlopt.syntax.source import Source
from hlopt.syntax.split import split_source

TESTS = Path(__file__).resolve().parents[1]
FILES = sorted(p for p in TESTS.rglob("*.mlir") if "Output" not in p.parts)
FORMS = {"custom": (False, False), "generic": (True, False), "debuginfo": (False, True),
         "generic-debuginfo": (True, True)}


def _parse(src: Source):
    try:
        module, resources = parse_source(src, True)
        verify(module)
    except (DiagnosticError, IRError):
        return None
    return module, resources


def _expects_failure(path: Path) -> bool:
    """The file's RUN line expects hlopt to fail on it."""
    with path.open(encoding="utf-8", errors="surrogateescape") as f:
        return any(line.lstrip("/ ").startswith("RUN: not hlopt") for line in f)


def _is_negative(path: Path, src: Source) -> bool:
    return "expected-error" in src.text or _expects_failure(path)


@functools.cache
def _parsed_chunks(path: Path) -> list[tuple[Source, tuple | None]]:
    """Parsed once per file, shared by the forms (printing does not mutate)."""
    text = path.read_text(encoding="utf-8", errors="surrogateescape")
    return [(src, _parse(src)) for src in split_source(str(path.relative_to(TESTS)), text)]


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(TESTS)) for p in FILES])
@pytest.mark.parametrize("form", list(FORMS))
def test_print_parse_print_is_stable(path: Path, form: str) -> None:
    generic, debuginfo = FORMS[form]
    checked = 0
    for src, first in _parsed_chunks(path):
        if first is None:
            assert _is_negative(path, src), (f"{src.name}:{src.line_offset + 1}: does not parse and verify, but "
                                             f"is not marked negative (no expected-error, no `RUN: not hlopt`)")
            continue
        text1 = print_op(first[0], generic, debuginfo, first[1])
        second = _parse(Source("<printed>", text1))
        assert second is not None, f"{src.name}:{src.line_offset + 1}: printed {form} text does not parse"
        text2 = print_op(second[0], generic, debuginfo, second[1])
        assert text2 == text1, f"{src.name}:{src.line_offset + 1}: {form} print is not a fixed point"
        checked += 1
    if checked == 0:
        assert all(_is_negative(path, src) for src, _ in _parsed_chunks(path))
        pytest.skip("every chunk is a negative test")


def test_corpus_is_found() -> None:
    assert len(FILES) > 20


def test_unmarked_chunk_that_stops_parsing_fails(tmp_path: Path) -> None:
    """The marking is what makes a chunk negative, not failing to parse."""
    bad = tmp_path / "positive.mlir"
    bad.write_text('func.func @f() {\n  "stablehlo.add"() : () -> ()\n  return\n}\n')
    src, = split_source(bad.name, bad.read_text())
    assert _parse(src) is None and not _is_negative(bad, src)
    marked = tmp_path / "negative.mlir"
    marked.write_text("// expected-error@+1 {{x}}\n" + bad.read_text())
    src2, = split_source(marked.name, marked.read_text())
    assert _parse(src2) is None and _is_negative(marked, src2)
