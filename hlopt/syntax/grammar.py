"""Loading and composing the Lark grammars (cached compiled tables)."""

from __future__ import annotations

import copyreg
import hashlib
import logging
import os
import pickle
import stat
import tempfile
from array import array
from functools import cache
from importlib import resources
from typing import Any

from lark import Lark, Tree
from lark.grammar import Rule
from lark.lark import _get_lexer_callbacks
from lark.lexer import TerminalDef
from lark.parse_tree_builder import ParseTreeBuilder
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
_CACHE_FORMAT = 6


class IdentityRule(Rule):
    """A Lark rule compared and hashed by identity (C slots): the LALR loop
    looks each reduction's callback up by its rule and compares the rule with
    the end state, which Rule's Python __hash__/__eq__ made a few percent of
    a parse. A loaded table's rules are its callbacks' keys (one pickle memo),
    so identity is the right equality for them."""

    __slots__ = ()
    __hash__ = object.__hash__
    __eq__ = object.__eq__
    __ne__ = object.__ne__


class _LazyStates(dict):
    """The LALR table's rows, each decoded from its packed form the first
    time the parser enters its state: a run reads a few hundred of the op
    grammar's ~3,600 rows, and unpickling all ~150k actions as dicts was a
    third of start-up. Iterating the mapping decodes every row first, so it
    reads as the whole table."""

    __slots__ = ("_packed", "_tokens", "_actions", "_code")

    def __init__(self, packed: dict[int, bytes], tokens: tuple[str, ...], actions: tuple[tuple, ...], code: str):
        super().__init__()
        self._packed, self._tokens, self._actions, self._code = packed, tokens, actions, code

    def __missing__(self, state: int) -> dict:
        packed = self._packed.get(state)
        if packed is None:
            raise KeyError(state)
        a = array(self._code, packed)
        n = len(a) // 2
        row = dict(zip(map(self._tokens.__getitem__, a[:n]), map(self._actions.__getitem__, a[n:])))
        self[state] = row
        return row

    def _fill(self) -> None:
        for state in self._packed:
            if not dict.__contains__(self, state):
                self.__missing__(state)

    def __len__(self) -> int:
        return len(self._packed)

    def __contains__(self, state: object) -> bool:
        return state in self._packed

    def __iter__(self):
        self._fill()
        return super().__iter__()

    def keys(self):
        self._fill()
        return super().keys()

    def values(self):
        self._fill()
        return super().values()

    def items(self):
        self._fill()
        return super().items()


class _LazyCallbacks(dict):
    """Lark's tree-builder callback of each rule, built the first time the
    rule is reduced (building all 2,000-odd wrappers was a sixth of
    start-up). Always true: Lark skips callbacks when the mapping is empty."""

    __slots__ = ("_builder", "_transformer")

    def __init__(self, builder: ParseTreeBuilder, transformer: Any):
        super().__init__()
        self._builder, self._transformer = builder, transformer

    def __missing__(self, rule: Any) -> Any:
        if not isinstance(rule, Rule):
            raise KeyError(rule)
        b = self._builder
        b.rule_builders = list(b._init_builders([rule]))
        f = self[rule] = b.create_callback(self._transformer)[rule]
        return f

    def __bool__(self) -> bool:
        return True


class _LoadedLark(Lark):
    """Lark loaded from our cache: callbacks built lazily (_LazyCallbacks)."""

    def _prepare_callbacks(self) -> None:
        o = self.options
        if o.ambiguity == "forest" or o.parser != "lalr":
            return super()._prepare_callbacks()
        builder = ParseTreeBuilder([], o.tree_class or Tree, o.propagate_positions, False, o.maybe_placeholders)
        callbacks = _LazyCallbacks(builder, o.transformer)
        callbacks.update(_get_lexer_callbacks(o.transformer, self.terminals))
        self._callbacks = callbacks


class _TableParser(LALR_Parser):
    """Lark's LALR parser, loaded from a table pickled as live objects.

    Lark's own cache rebuilds every action of the table through its generic
    deserializer (one Rule lookup per action, ~45k for the composed op
    grammar); pickled with each distinct action one shared tuple, the table
    loads several times faster."""

    @classmethod
    def deserialize(cls, data, memo, callbacks, debug=False):  # type: ignore[override]  # Lark's LALR_Parser widens Serialize.deserialize the same way
        if "packed_states" not in data:  # a table in Lark's own layout
            return super().deserialize(data, memo, callbacks, debug)
        inst = cls.__new__(cls)
        states = _LazyStates(data["packed_states"], data["tokens"], data["actions"], data["code"])
        # Lark annotates _parse_table as ParseTable yet stores an IntParseTable there itself
        inst._parse_table = IntParseTable(  # type: ignore[assignment]
            states, data["start_states"], data["end_states"])
        inst.parser = _Parser(inst._parse_table, callbacks, debug)
        return inst


def _packed_table(table: dict, memo: dict) -> dict:
    """Lark's serialized parse table with its actions as the parser uses
    them (one tuple per distinct action, rules from `memo`), each row packed
    as two arrays of indices (its tokens', its actions') for _LazyStates."""
    # Plain, shared strings for every symbol name: Lark's grammar loader
    # leaves rule names as its Token (a str subclass), and each reduce
    # looks a rule's name up in the table, which would call Token.__eq__.
    names: dict[str, str] = {}

    def plain(n: str) -> str:
        s = str(n)
        return names.setdefault(s, s)

    # One object per distinct symbol and per distinct rule options (Lark makes
    # one per occurrence; nothing mutates them once loaded): half as many
    # objects to unpickle at each start-up.
    symbols: dict[tuple, Any] = {}
    options: dict[tuple, Any] = {}

    def symbol(sym: Any) -> Any:
        sym.name = plain(sym.name)
        return symbols.setdefault((type(sym), sym.name, getattr(sym, "filter_out", None)), sym)

    for obj in memo.values():
        if isinstance(obj, Rule):
            obj.origin = symbol(obj.origin)
            obj.expansion = [symbol(sym) for sym in obj.expansion]
            o = obj.options
            obj.options = options.setdefault((o.keep_all_tokens, o.expand1, o.priority, o.template_source,
                                              tuple(o.empty_indices)), o)
        else:
            obj.name = plain(obj.name)
    tokens = {i: plain(t) for i, t in table["tokens"].items()}
    token_index = {t: i for i, t in enumerate(tokens.values())}
    actions: dict[tuple, int] = {}
    live: list[tuple] = []

    def action(kind: int, arg: Any) -> int:
        key = (kind, arg["@"] if kind == 1 else arg)
        i = actions.get(key)
        if i is None:
            i = actions[key] = len(live)
            live.append((Reduce, memo[key[1]]) if kind == 1 else (Shift, arg))
        return i

    rows = {s: ([token_index[tokens[t]] for t in row], [action(*act) for act in row.values()])
            for s, row in table["states"].items()}
    code = "H" if max(len(token_index), len(live)) <= 0xFFFF else "I"
    packed = {s: array(code, ts + acts).tobytes() for s, (ts, acts) in rows.items()}
    return {"packed_states": packed, "tokens": tuple(token_index), "actions": tuple(live), "code": code,
            "start_states": table["start_states"], "end_states": table["end_states"]}


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
    for obj in memo.values():  # the table's rules are the callbacks' keys: compared by identity
        if isinstance(obj, Rule):
            obj.__class__ = IdentityRule
    return _LoadedLark._load_from_dict(data, memo, transformer=transformer, propagate_positions=False,
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
        data["parser"]["parser"] = _packed_table(data["parser"]["parser"], memo)
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
