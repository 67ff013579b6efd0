"""The context: which dialects exist, which are loaded, and lookups
through them (MLIRContext's role).

A context is built from a registry `{namespace: DialectInfo}` naming each
dialect's module (strings only: nothing is imported until a namespace is
used, so `hlopt` on `module {}` loads only builtin). The current context is
a ContextVar: `with Context(registry):` switches it, and `hlopt` installs a
default one holding its own dialects.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, NamedTuple

from hlopt.ir.types import UNIQUER

if TYPE_CHECKING:
    from hlopt.ir.dialect import Dialect
    from hlopt.ir.opdef import OpDef


class DialectInfo(NamedTuple):
    """Where a dialect lives. `module` defines DIALECT (or DIALECTS[name]);
    `grammar` is its grammar file (or files, for a dialect whose ops live in
    several modules), known before import so the op grammar can be composed
    without loading the dialect; `open`: ops the module does not define
    still parse (kept generic)."""

    module: str
    grammar: str | tuple[str, ...] | None = None
    open: bool = False


class Context:
    """`op_printer(op) -> str` is what `str(op)` uses (the printer lives in
    hlopt.syntax, above this package)."""

    def __init__(self, registry: Mapping[str, DialectInfo] | None = None,
                 op_printer: Callable[[Any], str] | None = None):
        self.registry: dict[str, DialectInfo] = dict(registry or {})
        self.op_printer = op_printer
        self._dialects: dict[str, Dialect | None] = {}
        self._ops: dict[str, type[OpDef] | None] = {}
        self._rules: dict[str, Any] = {}
        self._words: dict[str, str | None] = {}
        self._handlers: list[Any] = []
        self._all_ops: list[str] | None = None
        # the types and attributes made while this context is active (see
        # hlopt.ir.types.UNIQUER); None: the process-wide root tables
        self.uniquer: dict | None = {}

    # -- registration --------------------------------------------------------------
    def register(self, name: str, info: DialectInfo) -> None:
        """Make a dialect known (before its first use)."""
        self.registry[name] = info
        self._dialects.pop(name, None)
        self._clear_caches()

    def load(self, dialect: "Dialect") -> None:
        """Register an already-built Dialect object (tests, plugins)."""
        self.registry.setdefault(dialect.name, DialectInfo("", None, dialect.allow_unknown_ops))
        self._dialects[dialect.name] = dialect
        self._clear_caches()

    def _clear_caches(self) -> None:
        self._ops.clear()
        self._rules.clear()
        self._words.clear()
        self._all_ops = None

    # -- lookups -------------------------------------------------------------------
    def get_dialect(self, name: str) -> "Dialect | None":
        try:
            return self._dialects[name]
        except KeyError:
            pass
        info = self.registry.get(name)
        d = None
        if info is not None and info.module:
            # a dialect's module constants are made at import: they belong to
            # the root tables, whichever context happened to load it first
            token = UNIQUER.set(None)
            try:
                mod = importlib.import_module(info.module)
            finally:
                UNIQUER.reset(token)
            d = getattr(mod, "DIALECTS", {}).get(name) or getattr(mod, "DIALECT", None)
            if d is not None and d.name != name:
                d = None
        self._dialects[name] = d
        return d

    def loaded_dialect(self, name: str) -> "Dialect | None":
        """The dialect if already loaded (never imports one: MLIR's
        NamedAttribute::getNameDialect)."""
        return self._dialects.get(name)

    def lookup_op(self, name: str) -> "type[OpDef] | None":
        try:
            return self._ops[name]
        except KeyError:
            pass
        d = self.get_dialect(name.split(".", 1)[0])
        r = d.lookup_op(name) if d is not None else None
        self._ops[name] = r
        return r

    def is_registered_dialect(self, name: str) -> bool:
        return name in self.registry

    def allows_unknown_ops(self, name: str) -> bool:
        info = self.registry.get(name)
        if info is None:
            return False
        d = self.get_dialect(name)
        return info.open or (d is not None and d.allow_unknown_ops)

    def loaded_dialects(self) -> list[str]:
        return sorted(n for n, d in self._dialects.items() if d is not None)

    def grammar_files(self) -> list[str]:
        """Grammar files of every registered dialect, in registry order."""
        files: list[str] = []
        for info in self.registry.values():
            if isinstance(info.grammar, str):
                files.append(info.grammar)
            elif info.grammar:
                files.extend(info.grammar)
        return files

    def rule_callback(self, rule: str) -> Any:
        """The callback of a dialect grammar rule (rules are named after
        their dialect: `stablehlo_while`, `sdy_mesh`)."""
        try:
            return self._rules[rule]
        except KeyError:
            pass
        fn = None
        for name, info in self.registry.items():
            if info.grammar and rule.startswith(name + "_"):
                d = self.get_dialect(name)
                fn = d.syntax.get(rule) if d is not None else None
                if fn is not None:
                    break
        self._rules[rule] = fn
        return fn

    def op_token(self, word: str) -> str | None:
        """The terminal a bare op name lexes as when its op has a custom
        form in a dialect grammar (`syntax_token` on the op definition)."""
        try:
            return self._words[word]
        except KeyError:
            pass
        d = self.lookup_op(word) if "." in word else None
        t = getattr(d, "syntax_token", None) if d is not None else None
        if t is None and d is not None and (getattr(d, "assembly_format", None) or getattr(d, "parse_asm", None)):
            t = "ASM_OP"  # a form of hlopt.syntax.op_asm, read by the lexer
        self._words[word] = t
        return t

    # -- non-fatal diagnostics (MLIR's DiagnosticEngine) ---------------------------
    def emit(self, severity: str, message: str, op: Any = None) -> None:
        """Report a warning or remark about `op` to the innermost handler;
        errors are raised as IRError instead. Without a handler it is dropped."""
        if self._handlers:
            self._handlers[-1](severity, message, op)

    @contextmanager
    def diagnostic_handler(self, fn: Any) -> Iterator[None]:
        """`fn(severity, message, op)` receives what `emit` reports inside the block."""
        self._handlers.append(fn)
        try:
            yield
        finally:
            self._handlers.remove(fn)

    def registered_ops(self) -> list[str]:
        # kept until a dialect is registered or loaded (the op tables are
        # frozen): each canonicalize run asks, and the inliner runs one per callable
        if self._all_ops is None:
            out = []
            for name in self.registry:
                d = self.get_dialect(name)
                if d is not None:
                    out.extend(d.op_table)  # type: ignore[attr-defined]
            self._all_ops = sorted(out)
        return list(self._all_ops)


_current: ContextVar[Context | None] = ContextVar("hlopt_context", default=None)
_default: list[Context] = []


def set_default_context(ctx: Context) -> None:
    """The context used when none is active (installed once by `hlopt`);
    what it makes lives in the root tables, for the whole process."""
    ctx.uniquer = None
    _default[:] = [ctx]


def current_context() -> Context:
    ctx = _current.get()
    if ctx is not None:
        return ctx
    if not _default:
        set_default_context(Context())
    return _default[0]


@contextmanager
def use_context(ctx: Context) -> Iterator[Context]:
    token = _current.set(ctx)
    utoken = UNIQUER.set(ctx.uniquer)
    try:
        yield ctx
    finally:
        UNIQUER.reset(utoken)
        _current.reset(token)
