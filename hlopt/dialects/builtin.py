"""builtin.module and builtin.unrealized_conversion_cast."""

from __future__ import annotations

from typing import Any

from hlopt.ir.attributes import DictionaryAttr, StringAttr, symbol_name_text
from hlopt.ir.constraints import Str
from hlopt.ir.core import IRError, Operation
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import RegionKindInterface, SymbolOpInterface
from hlopt.ir.opdef import OpDef, opt_attr, region, var_operand, var_result
from hlopt.ir.traits import (
    AffineScope,
    IsolatedFromAbove,
    NoTerminator,
    Pure,
    SingleBlock,
    Symbol,
    SymbolTable,
)


class ModuleOp(SymbolOpInterface, RegionKindInterface, OpDef):
    name = "builtin.module"
    summary = "A top-level container operation"
    sym_name = opt_attr(Str)
    sym_visibility = opt_attr(Str)
    bodyRegion = region(blocks=1)
    traits = (AffineScope(), IsolatedFromAbove(), NoTerminator(), SymbolTable(), Symbol(), SingleBlock())

    @classmethod
    def region_kind(cls, op: Operation, index: int) -> str:
        return "graph"  # MLIR's ModuleOp: top-level ops may refer to each other in any order

    @classmethod
    def verify(cls, op: Operation) -> None:
        for k, _ in op.attributes.entries:
            if "." not in k:
                raise IRError(f"'builtin.module' op can only contain attributes with dialect-prefixed names, "
                              f"found: '{k}'", op)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        assert isinstance(op, ModuleOp)  # (for the type checker: the accessors below are ModuleOp's)
        s = p.op_name(op)
        name = op.sym_name
        if name is not None:
            s += " " + symbol_name_text(name.value)
        # like MLIR: every attribute but the name, inherent ones included
        merged = DictionaryAttr([*op.properties.entries, *op.attributes.entries])
        s += p.attr_dict(merged, elide=("sym_name",), keyword=True)
        return s + " " + p.region(op.regions[0])


class UnrealizedConversionCastOp(OpDef):
    name = "builtin.unrealized_conversion_cast"
    summary = "An unrealized conversion from one set of types to another"
    inputs = var_operand()
    outputs = var_result()
    traits = (Pure(),)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        # `($inputs^ : type($inputs))? to type($outputs) attr-dict`, name spelled out
        s = op.name
        if op.operands:
            s += " " + p.values(op.operands) + " : " + p.types(op.operand_types)
        return s + " to " + p.types(op.result_types) + p.attr_dict(op.attributes)


# -- custom syntax: grammars/builtin.lark ----------------------------------------

def _module_head(s: Any, c: list) -> tuple:
    from hlopt.syntax import symbol_name

    kw, sym, attrs = c
    props = {}
    if sym is not None:
        props["sym_name"] = StringAttr(symbol_name(sym))
    a = s.decode_dict(attrs) if attrs is not None else None
    s.pending.append(("builtin.module", None))
    return props, a, kw.start_pos


def _module(s: Any, c: list) -> tuple[Operation, int]:
    (props, attrs, pos), region = c
    s.pending.pop()
    if not region.blocks:  # a module body always has its (possibly empty) block
        region.add_block()
    # inherent attributes written in `attributes {...}` become properties
    props, attrs = s.split_attrs("builtin.module", DictionaryAttr(props), attrs)
    # the class itself (not `build`): properties stay as written, unknown ones for the verifier to report
    return ModuleOp(ModuleOp.name, (), (), props, attrs, [region]), pos


def _cast(s: Any, c: list) -> tuple[Operation, int]:
    kw, values, in_types, out_types, attrs = c
    operands = s.uses(values, in_types, values[0].start_pos) if values is not None else []
    a = s.decode_dict(attrs) if attrs is not None else None
    return UnrealizedConversionCastOp.build(operands, result_types=out_types, attributes=a), kw.start_pos


def _cast_types(s: Any, c: list) -> list:
    # left-recursive list: its lookaheads are not merged with other rules' type lists
    head = c[0] if isinstance(c[0], list) else [s.decode_type(c[0])]
    return head + [s.decode_type(c[1])] if len(c) == 2 else head


DIALECT = Dialect("builtin", ops=(ModuleOp, UnrealizedConversionCastOp), grammar="builtin.lark",
                  syntax={"builtin_module_head": _module_head, "builtin_module": _module, "builtin_cast": _cast,
                          "builtin_cast_types": _cast_types})
