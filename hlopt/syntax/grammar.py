"""Loading and composing the Lark grammars (cached compiled tables)."""

from __future__ import annotations

import os
import tempfile
from functools import lru_cache
from importlib import resources

from lark import Lark

# Dialects with custom op forms: each contributes grammars/<name>.lark,
# whose rules are added to the op grammar with `%extend _op: ...`.
DIALECT_GRAMMARS: list[str] = []


def grammar_text(name: str) -> str:
    return resources.files("hlopt.grammars").joinpath(name).read_text(encoding="utf-8")


def _cache_path(tag: str) -> str:
    d = os.environ.get("HLOPT_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "hlopt")
    try:
        os.makedirs(d, exist_ok=True)
        return os.path.join(d, f"{tag}.lark.cache")
    except OSError:
        return os.path.join(tempfile.gettempdir(), f"hlopt-{tag}.lark.cache")


def _build(text: str, lexer: type, start: list[str] | str, transformer, tag: str) -> Lark:
    kwargs = dict(parser="lalr", lexer=lexer, start=start, maybe_placeholders=True,
                  transformer=transformer, propagate_positions=False)
    try:
        return Lark(text, cache=_cache_path(tag), **kwargs)
    except (OSError, PermissionError):
        return Lark(text, **kwargs)


@lru_cache(maxsize=None)
def op_grammar_source() -> str:
    parts = [grammar_text("mlir.lark")]
    for d in DIALECT_GRAMMARS:
        parts.append(grammar_text(f"{d}.lark"))
    return "\n".join(parts)


def make_op_parser(transformer) -> Lark:
    from hlopt.syntax.lexer import ContextLexer

    return _build(op_grammar_source(), ContextLexer, "start", transformer, "ops")


def make_attr_parser(transformer) -> Lark:
    from hlopt.syntax.lexer import AttrLexer

    return _build(grammar_text("attributes.lark"), AttrLexer, ["attr", "type", "loc"], transformer, "attrs")
