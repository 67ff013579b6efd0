"""Declarative op definitions and the lazy op registry.

A dialect module declares one `OpDef` subclass per op (name, traits,
inherent attribute names, verify, custom printer) and registers it with
`@register_op`. The IR never imports dialects: `lookup_op` imports a
dialect's module the first time one of its ops is seen, using the module
names announced with `announce_dialect` (strings only, so start-up is
cheap).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from hlopt.ir.core import Operation

# Traits (strings keep definitions terse and printable)
PURE = "Pure"
COMMUTATIVE = "Commutative"
TERMINATOR = "Terminator"
RETURN_LIKE = "ReturnLike"
ISOLATED = "IsolatedFromAbove"
SYMBOL = "Symbol"
SYMBOL_TABLE = "SymbolTable"
NO_TERMINATOR = "NoTerminator"
SAME_OPERANDS_AND_RESULT_TYPE = "SameOperandsAndResultType"
CONSTANT_LIKE = "ConstantLike"
IDEMPOTENT = "Idempotent"
INVOLUTION = "Involution"
# the op's own effects are those of the ops in its regions (MLIR's
# RecursiveMemoryEffects): Pure if every nested op is
RECURSIVE_MEMORY_EFFECTS = "RecursiveMemoryEffects"


class OpDef:
    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    traits: ClassVar[frozenset[str]] = frozenset()
    # inherent attributes, printed as properties in the generic form
    inherent: ClassVar[tuple[str, ...]] = ()
    # ops inside this op's regions may drop this dialect prefix (func.func -> "func")
    default_dialect: ClassVar[str | None] = None

    @classmethod
    def verify(cls, op: "Operation") -> None:
        """Raise IRError on invalid IR."""

    @classmethod
    def print_custom(cls, op: "Operation", p: Any) -> str | None:
        """Custom (pretty) form of the op after `%results = `, or None to use
        the generic form. `p` is the printer (see hlopt.syntax.printer)."""
        return None

    @classmethod
    def fold(cls, op: "Operation") -> Any:
        """Return a list of Values/Attributes replacing the results, or None.

        An empty list means the op was updated in place. Folders must not
        create ops; attributes are materialized by `materialize_constant`.
        For CONSTANT_LIKE ops, `fold` returns `[value_attr]`.
        """
        return None

    @classmethod
    def canonicalization_patterns(cls) -> "Sequence[Any]":
        """Rewrite patterns `--canonicalize` applies to this op: objects
        with `match_and_rewrite(op, rewriter) -> bool` (see
        hlopt.passes.greedy.RewritePattern and its `pattern` decorator)."""
        return ()

    @classmethod
    def materialize_constant(cls, builder: Any, value: Any, type: Any, location: Any) -> "Operation | None":
        """Create a constant op for a folded `value` of `type` at the
        builder's insertion point (MLIR's Dialect::materializeConstant).
        The default asks the materializer registered for the op's dialect."""
        fn = constant_materializer(cls.name.split(".", 1)[0])
        return fn(builder, value, type, location) if fn is not None else None


_OPS: dict[str, type[OpDef] | None] = {}
_DIALECT_MODULES: dict[str, str] = {}
_OPEN_DIALECTS: set[str] = set()
_LOADED: set[str] = set()


_MATERIALIZERS: dict[str, Callable[..., Any]] = {}


def register_constant_materializer(dialect: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn(builder, attr, type, location) -> Operation | None` creates the
    dialect's constant op for folded values (arith: arith.constant)."""
    _MATERIALIZERS[dialect] = fn
    return fn


def constant_materializer(dialect: str) -> Callable[..., Any] | None:
    load_dialect(dialect)
    return _MATERIALIZERS.get(dialect)


def announce_dialect(dialect: str, module: str, open: bool = False) -> None:
    """Make a dialect known. `open` dialects accept ops hlopt does not
    model (kept generic, verified structurally only)."""
    _DIALECT_MODULES[dialect] = module
    if open:
        _OPEN_DIALECTS.add(dialect)


def dialect_allows_unknown_ops(dialect: str) -> bool:
    return dialect in _OPEN_DIALECTS


def register_op(cls: type[OpDef]) -> type[OpDef]:
    _OPS[cls.name] = cls
    return cls


def load_dialect(dialect: str) -> bool:
    if dialect in _LOADED:
        return True
    mod = _DIALECT_MODULES.get(dialect)
    if mod is None:
        return False
    _LOADED.add(dialect)
    importlib.import_module(mod)
    return True


def lookup_op(name: str) -> type[OpDef] | None:
    try:
        return _OPS[name]
    except KeyError:
        pass
    dialect = name.split(".", 1)[0]
    if dialect not in _LOADED and load_dialect(dialect):
        return lookup_op(name)
    _OPS[name] = None
    return None


def is_registered_dialect(dialect: str) -> bool:
    return dialect in _DIALECT_MODULES


def registered_ops() -> list[str]:
    for d in list(_DIALECT_MODULES):
        load_dialect(d)
    return sorted(k for k, v in _OPS.items() if v is not None)
