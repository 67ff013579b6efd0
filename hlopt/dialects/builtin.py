"""builtin.module and builtin.unrealized_conversion_cast."""

from __future__ import annotations

from typing import Any

from hlopt.ir.attributes import DictionaryAttr, StringAttr, symbol_name_text
from hlopt.ir.core import IRError, Operation
from hlopt.ir.dialect import Dialect
from hlopt.ir.opdef import ISOLATED, NO_TERMINATOR, SYMBOL, SYMBOL_TABLE, OpDef


class ModuleOp(OpDef):
    name = "builtin.module"
    summary = "A top-level container operation"
    traits = frozenset({ISOLATED, NO_TERMINATOR, SYMBOL_TABLE, SYMBOL})
    inherent = ("sym_name", "sym_visibility")

    @classmethod
    def verify(cls, op: Operation) -> None:
        if len(op.regions) != 1:
            raise IRError("'builtin.module' op requires one region", op)
        if len(op.regions[0].blocks) > 1:
            raise IRError("'builtin.module' op expects region #0 to have 0 or 1 blocks", op)
        if op.results or op.operands:
            raise IRError("'builtin.module' op requires zero operands and results", op)
        for k, _ in op.attributes.entries:
            if "." not in k:
                raise IRError(f"'builtin.module' op can only contain attributes with dialect-prefixed names, "
                              f"found: '{k}'", op)
        name = op.properties.get("sym_name")
        if name is not None and not isinstance(name, StringAttr):
            raise IRError("'builtin.module' op attribute 'sym_name' failed to satisfy constraint: "
                          "string attribute", op)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        s = p.op_name(op)
        name = op.properties.get("sym_name")
        if name is not None:
            s += " " + symbol_name_text(name.value)
        # like MLIR: every attribute but the name, inherent ones included
        merged = DictionaryAttr([*op.properties.entries, *op.attributes.entries])
        s += p.attr_dict(merged, elide=("sym_name",), keyword=True)
        return s + " " + p.region(op.regions[0])


class UnrealizedConversionCastOp(OpDef):
    name = "builtin.unrealized_conversion_cast"
    summary = "An unrealized conversion from one set of types to another"


DIALECT = Dialect("builtin", ops=(ModuleOp, UnrealizedConversionCastOp))
