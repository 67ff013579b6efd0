"""Symbol uses: the SymbolRefAttrs an op (and the ops nested in it, not
looking inside nested symbol tables) holds, as MLIR's SymbolTable::getSymbolUses."""

from __future__ import annotations

import re
from collections.abc import Iterator

from hlopt.ir.attributes import ArrayAttr, Attribute, DictionaryAttr, OpaqueAttr, SymbolRefAttr
from hlopt.ir.core import Operation
from hlopt.ir.opdef import SYMBOL, SYMBOL_TABLE, is_registered_dialect
from hlopt.ir.symbols import SymbolTable, symbol_name

_BUILTIN_MODULES = ("hlopt.ir.attributes", "hlopt.ir.location", "hlopt.ir.types")
_REF = re.compile(r'@("(?:[^"\\]|\\.)*"|[A-Za-z_$.][\w$.-]*)((?:::@(?:"(?:[^"\\]|\\.)*"|[A-Za-z_$.][\w$.-]*))*)')


class UnknownSymbolTable(Exception):
    def __init__(self, op: Operation):
        super().__init__("operation contains potentially unknown symbol table, meaning that we can't "
                         "reliable compute symbol uses")
        self.op = op


def attr_symbol_refs(a: Attribute) -> Iterator[SymbolRefAttr]:
    """SymbolRefAttrs inside an attribute. Attributes hlopt keeps opaque (or
    models outside builtin) are scanned textually for `@name` references."""
    if isinstance(a, SymbolRefAttr):
        yield a
    elif isinstance(a, ArrayAttr):
        for e in a.elements:
            yield from attr_symbol_refs(e)
    elif isinstance(a, DictionaryAttr):
        for _, v in a.entries:
            yield from attr_symbol_refs(v)
    elif isinstance(a, OpaqueAttr) or type(a).__module__ not in _BUILTIN_MODULES:
        text = a.text
        if "@" in text:
            for m in _REF.finditer(text):
                nested = [n[1:] for n in m.group(2).split("::") if n] if m.group(2) else []
                yield SymbolRefAttr(_unquote(m.group(1)), [_unquote(n) for n in nested])


def _unquote(s: str) -> str:
    return s[1:-1] if s.startswith('"') else s


def _op_refs(op: Operation) -> Iterator[SymbolRefAttr]:
    for d in (op.properties, op.attributes):
        if len(d):
            yield from attr_symbol_refs(d)


def is_potentially_unknown_symbol_table(op: Operation) -> bool:
    return len(op.regions) == 1 and not is_registered_dialect(op.dialect)


def symbol_uses(op: Operation) -> list[SymbolRefAttr]:
    """All symbol references held by `op` and the ops nested in it (not
    descending into nested symbol tables). Raises UnknownSymbolTable."""
    if is_potentially_unknown_symbol_table(op):
        raise UnknownSymbolTable(op)
    out = list(_op_refs(op))
    stack = list(op.regions)
    while stack:
        r = stack.pop()
        for b in r.blocks:
            for o in b.ops:
                if is_potentially_unknown_symbol_table(o):
                    raise UnknownSymbolTable(o)
                out.extend(_op_refs(o))
                if not o.has_trait(SYMBOL_TABLE):
                    stack.extend(o.regions)
    return out


def is_symbol(op: Operation) -> bool:
    return op.has_trait(SYMBOL) and symbol_name(op) is not None


def visibility(op: Operation) -> str:
    v = op.get_attr("sym_visibility")
    return getattr(v, "value", "public") if v is not None else "public"


class SymbolTables:
    """Cached symbol tables (valid while symbols are not added or renamed)."""

    def __init__(self) -> None:
        self.tables: dict[Operation, SymbolTable] = {}

    def table(self, op: Operation) -> SymbolTable:
        t = self.tables.get(op)
        if t is None:
            t = self.tables[op] = SymbolTable(op)
        return t

    def resolve_all(self, table_op: Operation, ref: SymbolRefAttr) -> list[Operation]:
        """The ops `ref` names (root and nested) looked up in `table_op`;
        if the root is not there, in the enclosing symbol tables."""
        t: Operation | None = table_op
        while t is not None:
            if t.has_trait(SYMBOL_TABLE):
                found = self.table(t).lookup(ref.root)
                if found is not None:
                    out = [found]
                    for n in ref.nested:
                        if not found.has_trait(SYMBOL_TABLE):
                            break
                        found = self.table(found).lookup(n)
                        if found is None:
                            break
                        out.append(found)
                    return out
            t = t.parent_op
        return []
