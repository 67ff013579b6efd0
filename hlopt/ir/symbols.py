"""Symbol tables: lookups of `@sym` references, cached per table op."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

from hlopt.ir.attributes import StringAttr, SymbolRefAttr
from hlopt.ir.core import Operation
from hlopt.ir.opdef import SYMBOL_TABLE


def symbol_name(op: Operation) -> str | None:
    a = op.properties.get("sym_name") or op.attributes.get("sym_name")
    return a.value if isinstance(a, StringAttr) else None


class SymbolTable:
    """Name -> op for the ops directly inside a symbol-table op."""

    def __init__(self, table_op: Operation):
        self.op = table_op
        self.symbols: dict[str, Operation] = {}
        for r in table_op.regions:
            for b in r.blocks:
                for o in b.ops:
                    n = symbol_name(o)
                    if n is not None and n not in self.symbols:
                        self.symbols[n] = o

    def lookup(self, name: str) -> Operation | None:
        return self.symbols.get(name)


class SymbolCache:
    """Caches SymbolTables while the IR is not being changed (verifier, analyses)."""

    def __init__(self):
        self._tables: WeakKeyDictionary = WeakKeyDictionary()
        self._memo: dict[Any, Any] = {}

    def memo(self, key: Any, build: Callable[[], Any]) -> Any:
        """Another fact about the unchanging IR, built once per cache (e.g.
        the verifier's table of a module's send/recv channels)."""
        try:
            return self._memo[key]
        except KeyError:
            v = self._memo[key] = build()
            return v

    def table(self, op: Operation) -> SymbolTable:
        t = self._tables.get(op)
        if t is None:
            t = self._tables[op] = SymbolTable(op)
        return t

    def lookup(self, from_op: Operation, ref: SymbolRefAttr) -> Operation | None:
        """Resolve `ref` from the nearest enclosing symbol table upward."""
        o = from_op.parent_op
        while o is not None:
            if o.has_trait(SYMBOL_TABLE):
                found = self.table(o).lookup(ref.root)
                if found is not None:
                    for n in ref.nested:
                        found = self.table(found).lookup(n) if found.has_trait(SYMBOL_TABLE) else None
                        if found is None:
                            return None
                    return found
                if not ref.nested:
                    pass
            o = o.parent_op
        return None


def nearest_symbol_table(op: Operation) -> Operation | None:
    o = op.parent_op
    while o is not None:
        if o.has_trait(SYMBOL_TABLE):
            return o
        o = o.parent_op
    return None


def lookup_symbol(from_op: Operation, ref: SymbolRefAttr | str) -> Operation | None:
    if isinstance(ref, str):
        ref = SymbolRefAttr(ref)
    return SymbolCache().lookup(from_op, ref)
