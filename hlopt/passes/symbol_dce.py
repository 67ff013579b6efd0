"""`--symbol-dce`: erase private symbols nothing live references (MLIR's
SymbolDCE). Live: non-symbol ops, public symbols of visible tables, and
every symbol a live op references (SymbolRefAttr anywhere in attributes,
including nested ops); nested symbol tables are processed recursively and
are hidden (all their symbols discardable) when they are private."""

from __future__ import annotations

from dataclasses import dataclass

from hlopt.analysis.symbol_uses import SymbolTables, UnknownSymbolTable, is_symbol, symbol_uses, visibility
from hlopt.ir.core import Operation
from hlopt.ir.opdef import SYMBOL_TABLE
from hlopt.ir.rewriter import Rewriter
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass


@register_pass
@dataclass
class SymbolDCE(Pass):
    argument = "symbol-dce"
    mlir_name = "SymbolDCEPass"
    summary = "Eliminate dead symbols"
    statistic_help = {"num-dce'd": "Number of symbols DCE'd"}

    def run(self, op: Operation) -> None:
        if not op.has_trait(SYMBOL_TABLE):
            self.fail(f"'{op.name}' op  was scheduled to run under SymbolDCE, but does not define a symbol table",
                      op)
        hidden = is_symbol(op) and visibility(op) == "private"
        live: dict[Operation, None] = {}
        self.tables = SymbolTables()
        try:
            self._liveness(op, hidden, live)
        except UnknownSymbolTable as e:
            self.fail(str(e), e.op)
        rw = Rewriter()
        n = 0
        for table in list(op.walk()):
            if not table.has_trait(SYMBOL_TABLE):
                continue
            for r in table.regions:
                for b in r.blocks:
                    for child in b.ops:
                        if is_symbol(child) and child not in live:
                            n += 1
                            rw.erase_op(child)
        self.stat("num-dce'd", n)

    def _liveness(self, table: Operation, hidden: bool, live: dict) -> None:
        worklist: list[Operation] = []
        for r in table.regions[:1]:
            for b in r.blocks:
                for child in b.ops:
                    if not is_symbol(child):
                        worklist.append(child)
                        continue
                    discardable = hidden or visibility(child) != "public"
                    if not discardable and child not in live:
                        live[child] = None
                        worklist.append(child)
        while worklist:
            o = worklist.pop()
            if o.has_trait(SYMBOL_TABLE):
                self._liveness(o, hidden or not is_symbol(o) or visibility(o) == "private", live)
            for ref in symbol_uses(o):
                for found in self.tables.resolve_all(table, ref):
                    if found not in live:
                        live[found] = None
                        worklist.append(found)
