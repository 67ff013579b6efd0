"""The compiled grammar tables cached on disk (hlopt/syntax/grammar.py):
a parser loaded from the cache parses exactly as a freshly compiled one,
in another process with other string hashes, and a damaged cache file is
rebuilt silently."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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


def test_cached_tables_parse_as_fresh_ones_across_processes(tmp_path):
    """The first run compiles and writes the tables, the second loads them
    under other string hashes (rules cache their hash): same bytes out,
    diagnostics included."""
    cache = tmp_path / "cache"
    first = _run(cache, "1")
    written = sorted(p.name for p in cache.iterdir())
    assert any(n.startswith("ops-") and n.endswith(".pickle") for n in written), written
    assert not [n for n in written if n.startswith(".")], written  # no temporary file left behind
    second = _run(cache, "2")
    assert second == first
    assert "bad.mlir:2:" in first and "bad.mlir:1:" in first  # the error cases really ran


def test_damaged_cache_is_rebuilt_silently(tmp_path):
    cache = tmp_path / "cache"
    reference = _run(cache, "0")
    for p in cache.iterdir():
        p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2])
    assert _run(cache, "3") == reference
    # the rebuilt files are whole again: a third run loads them
    assert _run(cache, "4") == reference


def test_loaded_parser_uses_the_live_table(tmp_path, monkeypatch):
    """A table loaded from the cache is the pickled one (not Lark's
    per-action deserialization), with every action of a fresh compile."""
    monkeypatch.setenv("HLOPT_CACHE_DIR", str(tmp_path))
    text = grammar_text("attributes.lark")
    fresh = build_parser(text, AttrLexer, ["attr", "type", "loc"], None, "t")
    loaded = build_parser(text, AttrLexer, ["attr", "type", "loc"], None, "t")
    assert isinstance(loaded.parser.parser, _TableParser)
    table, fresh_table = loaded.parser.parser._parse_table, fresh.parser.parser._parse_table
    assert table.states.keys() == fresh_table.states.keys()
    for s, row in fresh_table.states.items():
        assert {t: (a.name, getattr(arg, "origin", arg)) for t, (a, arg) in row.items()} == \
               {t: (a.name, getattr(arg, "origin", arg)) for t, (a, arg) in table.states[s].items()}
