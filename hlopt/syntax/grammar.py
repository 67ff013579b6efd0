"""Loading and composing the Lark grammars (cached compiled tables)."""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from functools import cache
from importlib import resources

from lark import Lark

# Lark logs (with a traceback) when a cache file cannot be read; we rebuild
# silently instead, so users never see a traceback for it.
logging.getLogger("lark").setLevel(logging.CRITICAL)


def grammar_text(name: str) -> str:
    """A grammar shipped in hlopt.grammars, or (out-of-tree dialects) a file path."""
    if os.path.isabs(name):
        with open(name, encoding="utf-8") as f:
            return f.read()
    return resources.files("hlopt.grammars").joinpath(name).read_text(encoding="utf-8")


def _cache_dir() -> str | None:
    d = os.environ.get("HLOPT_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "hlopt")
    try:
        os.makedirs(d, exist_ok=True)
        return d if os.access(d, os.W_OK) else None
    except OSError:
        return None


def _build(text: str, lexer: type, start: list[str] | str, transformer, tag: str) -> Lark:
    """Compile a grammar, reusing the LALR tables cached on disk.

    The cache file is named by a hash of the grammar and Lark's version, and
    written under a temporary name then renamed, so concurrent runs (lit's
    parallel workers) never read a half-written cache."""
    import lark as lark_module

    kwargs = dict(parser="lalr", lexer=lexer, start=start, maybe_placeholders=True,
                  transformer=transformer, propagate_positions=False)
    d = _cache_dir()
    if d is None:
        return Lark(text, **kwargs)
    key = hashlib.sha256((text + repr(start) + lark_module.__version__).encode()).hexdigest()[:16]
    path = os.path.join(d, f"{tag}-{key}.lark")
    if os.path.exists(path):
        try:
            return Lark(text, cache=path, **kwargs)
        except Exception:  # unreadable cache: rebuild below
            pass
    fd, tmp = tempfile.mkstemp(prefix=f".{tag}-", dir=d)
    os.close(fd)
    os.unlink(tmp)
    try:
        parser = Lark(text, cache=tmp, **kwargs)
        os.replace(tmp, path)
        return parser
    except OSError:
        return Lark(text, **kwargs)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


@cache
def op_grammar_source(dialect_grammars: tuple[str, ...]) -> str:
    """The core op grammar composed with the dialects' grammar files (each
    adds custom op forms with `%extend _op: ...`)."""
    parts = [grammar_text("mlir.lark")]
    for g in dialect_grammars:
        parts.append(grammar_text(g))
    return "\n".join(parts)


def make_op_parser(transformer, dialect_grammars: tuple[str, ...]) -> Lark:
    from hlopt.syntax.lexer import ContextLexer

    return _build(op_grammar_source(dialect_grammars), ContextLexer, "start", transformer, "ops")


def make_attr_parser(transformer) -> Lark:
    from hlopt.syntax.lexer import AttrLexer

    return _build(grammar_text("attributes.lark"), AttrLexer, ["attr", "type", "loc"], transformer, "attrs")
