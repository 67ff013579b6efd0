"""The compiled grammar tables cached on disk (hlopt/syntax/grammar.py):
a parser loaded from the cache parses exactly as a freshly compiled one,
in another process with other string hashes, and a damaged cache file is
rebuilt silently."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lark import Lark

from hlopt.syntax.grammar import _TableParser, build_parser, grammar_text
from hlopt.syntax.lexer import AttrLexer

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "stablehlo"
INPUTS = [FIXTURES / "deep_transformer_grad.mlir", FIXTURES / "chlo_misc.mlir", FIXTURES / "conv_net.mlir"]

_PRINT_ALL = """
import sys
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op
for path in sys.argv[1:]:
    m = parse_module(open(path).read(), path)
    sys.stdout.write(print_op(m, False, False) + print_op(m, True, False))
from hlopt.syntax.diagnostics import DiagnosticError, render
for bad in ('func.func @f() {\\n  %0 = stablehlo.add %x, : tensor<f32>\\n}', '"x.y"() : () -> (i32'):
    try:
        parse_module(bad, 'bad.mlir')
    except DiagnosticError as e:
        render(e.diagnostics, sys.stdout)
"""


def _run(cache: Path, seed: str) -> str:
    env = {**os.environ, "HLOPT_CACHE_DIR": str(cache), "PYTHONHASHSEED": seed}
    r = subprocess.run([sys.executable, "-c", _PRINT_ALL, *map(str, INPUTS)], env=env,
                       capture_output=True, text=True, check=True)
    assert r.stderr == ""
    return r.stdout


@pytest.fixture(scope="module")
def first_run(tmp_path_factory) -> tuple[Path, str]:
    """A run on an empty cache (it compiles and writes the tables), shared by
    the module's tests, and its output."""
    cache = tmp_path_factory.mktemp("first") / "cache"
    return cache, _run(cache, "1")


def test_cached_tables_parse_as_fresh_ones_across_processes(first_run):
    """The first run compiles and writes the tables, the second loads them
    under other string hashes (rules cache their hash): same bytes out,
    diagnostics included."""
    cache, first = first_run
    written = sorted(p.name for p in cache.iterdir())
    assert any(n.startswith("ops-") and n.endswith(".pickle") for n in written), written
    assert not [n for n in written if n.startswith(".")], written  # no temporary file left behind
    second = _run(cache, "2")
    assert second == first
    assert "bad.mlir:2:" in first and "bad.mlir:1:" in first  # the error cases really ran


def test_damaged_cache_is_rebuilt_silently(tmp_path, first_run):
    source, reference = first_run
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    for p in source.iterdir():
        shutil.copyfile(p, cache / p.name)
        (cache / p.name).chmod(0o600)
    for p in cache.iterdir():
        p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2])
    assert _run(cache, "3") == reference
    # the rebuilt files are whole again: a third run loads them
    assert _run(cache, "4") == reference


def _same_automaton(a, b) -> None:
    """Two LALR tables accept the same language with the same reductions:
    their states correspond one to one from the start states on (state
    numbers themselves differ between compiles)."""
    pairs = {}
    todo = [(a.start_states[k], b.start_states[k]) for k in a.start_states]
    while todo:
        x, y = todo.pop()
        if x in pairs:
            assert pairs[x] == y
            continue
        pairs[x] = y
        ra, rb = a.states[x], b.states[y]
        assert ra.keys() == rb.keys()
        for tok, (act, arg) in ra.items():
            act2, arg2 = rb[tok]
            assert act.name == act2.name
            if act.name == "Shift":
                todo.append((arg, arg2))
            else:
                assert arg == arg2  # the same rule (origin and expansion)
    assert len(pairs) == len(a.states) == len(b.states)


def test_loaded_parser_uses_the_live_table(tmp_path, monkeypatch):
    """A table loaded from the cache is the pickled one (not Lark's
    per-action deserialization), equivalent to a fresh compile, and its
    symbol names are plain strings (Lark's rule names are its Token, a str
    subclass whose Python __eq__ each reduce would call)."""
    monkeypatch.setenv("HLOPT_CACHE_DIR", str(tmp_path))
    text = grammar_text("attributes.lark")
    fresh = Lark(text, parser="lalr", lexer=AttrLexer, start=["attr", "type", "loc"], maybe_placeholders=True)
    first = build_parser(text, AttrLexer, ["attr", "type", "loc"], None, "t")  # compiles and writes the cache
    loaded = build_parser(text, AttrLexer, ["attr", "type", "loc"], None, "t")
    for p in (first, loaded):
        assert isinstance(p.parser.parser, _TableParser)
        table = p.parser.parser._parse_table
        _same_automaton(fresh.parser.parser._parse_table, table)
        names = [t for row in table.states.values() for t in row]
        names += [arg.origin.name for row in table.states.values() for a, arg in row.values() if a.name == "Reduce"]
        assert {type(n) for n in names} == {str}
