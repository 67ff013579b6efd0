"""Idempotence: for every .mlir under tests/ (every `// -----` chunk that
parses and verifies), print(parse(print(parse(x)))) == print(parse(x)) in the
custom form, the generic form and with debuginfo."""

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
            continue  # negative test chunk
        text1 = print_op(first[0], generic, debuginfo, first[1])
        second = _parse(Source("<printed>", text1))
        assert second is not None, f"{src.name}:{src.line_offset + 1}: printed {form} text does not parse"
        text2 = print_op(second[0], generic, debuginfo, second[1])
        assert text2 == text1, f"{src.name}:{src.line_offset + 1}: {form} print is not a fixed point"
        checked += 1
    if checked == 0:
        pytest.skip("no chunk parses (negative test file)")


def test_corpus_is_found() -> None:
    assert len(FILES) > 20
