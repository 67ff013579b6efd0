"""hlopt drives Lark through private parts of its API (hlopt/syntax/grammar.py:
LALR_Parser/_Parser, IntParseTable, Shift/Reduce, Rule._deserialize,
SerializeMemoizer, Lark._load_from_dict(_plugins=); parser.py:
lark.parser.parser.parser.callbacks; lexer.py: Token._future_new). Those
were verified on the Lark releases in VERIFIED; a release outside that range
fails here, so whoever installs it re-runs the parser tests on it and widens
the range (and the pin in pyproject.toml) on purpose."""

from __future__ import annotations

import re
from pathlib import Path

import lark

VERIFIED = ("1.2.2", "1.3.1")  # oldest and newest release the private-API uses were checked on
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.match(r"\d+(?:\.\d+)*", text).group().split("."))


def test_installed_lark_is_a_verified_release():
    lo, hi = (_version(v) for v in VERIFIED)
    assert lo <= _version(lark.__version__) <= hi, (
        f"lark {lark.__version__} is outside the releases hlopt's use of Lark's private API was verified on "
        f"({VERIFIED[0]} .. {VERIFIED[1]}): run tests/unit and tests/lit on it, then widen VERIFIED and the pin")


def test_the_pin_admits_the_verified_releases_and_no_next_minor():
    deps = re.search(r"^dependencies = \[(.*)\]", PYPROJECT.read_text(), re.M).group(1)
    spec = re.search(r'"lark([^"]*)"', deps).group(1)
    lo = re.search(r">=\s*([\d.]+)", spec)
    hi = re.search(r"<\s*([\d.]+)", spec)
    assert lo and hi, f"lark must be pinned to a range in pyproject.toml, not {spec!r}"
    assert _version(lo.group(1)) == _version(VERIFIED[0])
    # the cap is the next minor release after the newest verified one: Lark changes private API in minors
    newest = _version(VERIFIED[1])
    assert _version(hi.group(1)) == (newest[0], newest[1] + 1)


def test_the_private_names_hlopt_uses_exist():
    """The names themselves, so a release that drops one fails with its name."""
    from lark import Lark, Token
    from lark.grammar import Rule
    from lark.lexer import Lexer, PatternStr, TerminalDef  # noqa: F401
    from lark.parsers.lalr_analysis import IntParseTable, Reduce, Shift  # noqa: F401
    from lark.parsers.lalr_parser import LALR_Parser, _Parser  # noqa: F401
    from lark.utils import SerializeMemoizer  # noqa: F401

    assert callable(Token._future_new)
    assert callable(Lark._load_from_dict)
    assert callable(Rule._deserialize)
    assert callable(LALR_Parser.deserialize)
