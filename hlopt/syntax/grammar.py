"""Loading and composing the Lark grammars (cached compiled tables)."""

from __future__ import annotations

import copyreg
import hashlib
import logging
import os
import pickle
import stat
import tempfile
from functools import cache
from importlib import resources
from typing import Any

from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef
from lark.parsers.lalr_analysis import IntParseTable, Reduce, Shift
from lark.parsers.lalr_parser import LALR_Parser, _Parser
from lark.utils import SerializeMemoizer

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
    """The cache directory, or None (no cache) unless it is ours alone: the
    files are pickles, and loading a pickle runs code, so whoever else can
    write there must not be able to plant one."""
    d = os.environ.get("HLOPT_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "hlopt")
    try:
        os.makedirs(d, mode=0o700, exist_ok=True)
        st = os.stat(d)
    except OSError:
        return None
    if not stat.S_ISDIR(st.st_mode) or not _private(st) or not os.access(d, os.W_OK):
        return None
    return d


def _private(st: os.stat_result) -> bool:
    """Owned by this user, writable by nobody else."""
    return st.st_uid == os.getuid() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


# Bump when the layout of the cache files below changes.
_CACHE_FORMAT = 4


class _TableParser(LALR_Parser):
    """Lark's LALR parser, loaded from a table pickled as live objects.

    Lark's own cache rebuilds every action of the table through its generic
    deserializer (one Rule lookup per action, ~45k for the composed op
    grammar); pickled with each distinct action one shared tuple, the table
    loads several times faster."""

    @classmethod
    def deserialize(cls, data, memo, callbacks, debug=False):  # type: ignore[override]  # Lark's LALR_Parser widens Serialize.deserialize the same way
        if "live_states" not in data:  # a table in Lark's own layout
            return super().deserialize(data, memo, callbacks, debug)
        inst = cls.__new__(cls)
        # Lark annotates _parse_table as ParseTable yet stores an IntParseTable there itself
        inst._parse_table = IntParseTable(  # type: ignore[assignment]
            data["live_states"], data["start_states"], data["end_states"])
        inst.parser = _Parser(inst._parse_table, callbacks, debug)
        return inst


def _live_table(table: dict, memo: dict) -> dict:
    """Lark's serialized parse table with its actions as the parser uses
    them (one tuple per distinct action, rules from `memo`)."""
    # Plain, shared strings for every symbol name: Lark's grammar loader
    # leaves rule names as its Token (a str subclass), and each reduce
    # looks a rule's name up in the table, which would call Token.__eq__.
    names: dict[str, str] = {}

    def plain(n: str) -> str:
        s = str(n)
        return names.setdefault(s, s)

    for obj in memo.values():
        if isinstance(obj, Rule):
            obj.origin.name = plain(obj.origin.name)
            for sym in obj.expansion:
                sym.name = plain(sym.name)
        else:
            obj.name = plain(obj.name)
    tokens = {i: plain(t) for i, t in table["tokens"].items()}
    actions: dict[tuple, tuple] = {}

    def action(kind: int, arg: Any) -> tuple:
        key = (kind, arg["@"] if kind == 1 else arg)
        a = actions.get(key)
        if a is None:
            a = actions[key] = (Reduce, memo[key[1]]) if kind == 1 else (Shift, arg)
        return a

    states = {s: {tokens[t]: action(*act) for t, act in row.items()} for s, row in table["states"].items()}
    return {"live_states": states, "start_states": table["start_states"], "end_states": table["end_states"]}


def _action_named(name: str) -> Any:
    return {"Shift": Shift, "Reduce": Reduce}[name]


def _dump(obj: Any, f: Any) -> None:
    """Pickle, keeping Lark's Shift/Reduce singletons singletons (the parser
    compares actions by identity)."""
    p = pickle.Pickler(f, protocol=pickle.HIGHEST_PROTOCOL)
    p.dispatch_table = {**copyreg.dispatch_table, type(Shift): lambda a: (_action_named, (a.name,))}
    p.dump(obj)


def _build(text: str, lexer: type, start: list[str] | str, transformer, tag: str) -> Lark:
    """Compile a grammar, reusing the LALR tables cached on disk.

    The cache file is named by a hash of the grammar, Lark's version and
    the cache layout, and written under a temporary name then renamed, so
    concurrent runs (lit's parallel workers) never read a half-written
    cache. An unreadable cache is rebuilt, silently."""
    import lark as lark_module

    kwargs = dict(parser="lalr", lexer=lexer, start=start, maybe_placeholders=True,
                  transformer=transformer, propagate_positions=False)
    d = _cache_dir()
    if d is None:
        return Lark(text, **kwargs)
    key = hashlib.sha256((text + repr(start) + lark_module.__version__ + str(_CACHE_FORMAT))
                         .encode()).hexdigest()[:16]
    path = os.path.join(d, f"{tag}-{key}.pickle")
    try:
        return _load(path, transformer)
    except Exception:  # absent, unreadable or from another layout: rebuild below
        pass
    parser = Lark(text, **kwargs)
    if _save(parser, path, d, tag):
        try:  # the parser every later run loads, from its first run on
            return _load(path, transformer)
        except Exception:
            pass
    return parser


def _load(path: str, transformer: Any) -> Lark:
    # the file actually opened (no symlink followed) must be ours alone too
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode) or not _private(st):
            raise PermissionError(f"{path}: not a private regular file; not loaded")
        data, memo = pickle.load(f)
    for obj in memo.values():  # Rule caches its hash, and str hashes differ per process
        if isinstance(obj, Rule):
            obj._deserialize()
    return Lark._load_from_dict(data, memo, transformer=transformer, propagate_positions=False,
                                _plugins=_PLUGINS)


def _save(parser: Lark, path: str, d: str, tag: str) -> bool:
    """Write the compiled tables to `path` atomically; False if we cannot
    (a cache we cannot write only costs time)."""
    try:
        # the memoized rules and terminals are pickled as objects (Lark's memo
        # layout would rebuild each through its generic deserializer)
        memoizer = SerializeMemoizer([TerminalDef, Rule])
        data = parser.serialize(memoizer)
        memo = memoizer.memoized.reversed()
        data["parser"]["parser"] = _live_table(data["parser"]["parser"], memo)
        fd, tmp = tempfile.mkstemp(prefix=f".{tag}-", dir=d)
        try:
            with os.fdopen(fd, "wb") as f:
                _dump((data, memo), f)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        return True
    except (OSError, pickle.PicklingError):
        return False


_PLUGINS = {"LALR_Parser": _TableParser}


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

    return _build(op_grammar_source(dialect_grammars), ContextLexer, ["start", "region_entry"], transformer, "ops")


def make_attr_parser(transformer) -> Lark:
    from hlopt.syntax.lexer import AttrLexer

    return _build(grammar_text("attributes.lark"), AttrLexer, ["attr", "type", "loc"], transformer, "attrs")


# public name for dialects that compile a grammar of their own
build_parser = _build
