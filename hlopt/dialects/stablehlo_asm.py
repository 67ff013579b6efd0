"""Shared pieces of the StableHLO/CHLO/Shardy custom assembly.

Parsing: the op grammar lexes a one-line custom op as `NAME OP_ARGS : TYPE`,
where OP_ARGS is one coarse token (everything up to the `: type`), decoded
by grammars/stablehlo_args.lark (hlopt/dialects/shlo_args.py). The helpers
here read the types after the colon.

Printing: helpers that format dims, merged attribute dictionaries (inherent
and discardable attributes print together, sorted, in the custom form) and
block arguments the way MLIR's OpAsmPrinter does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hlopt.ir.attributes import DenseArrayAttr, DictionaryAttr, print_named_attrs
from hlopt.ir.core import Operation, Value
from hlopt.ir.location import UnknownLoc
from hlopt.ir.types import FunctionType, Type

# ---------------------------------------------------------------------------
# types after the colon


def decode_types(s: Any, toks: Sequence[Any]) -> list[Type]:
    return [s.decode_type(t) for t in toks]


def same_type_signature(n_operands: int, t: Type) -> tuple[list[Type], list[Type]]:
    """`: T` means every operand and the result have type T; `: (..) -> T`
    gives them explicitly."""
    if isinstance(t, FunctionType):
        return list(t.inputs), list(t.results)
    return [t] * n_operands, [t]


def functional(s: Any, toks: Sequence[Any], pos: int) -> FunctionType:
    if len(toks) != 1:
        from hlopt.syntax.parser import ParseError

        raise ParseError("expected a function type", pos)
    t = s.decode_type(toks[0])
    if not isinstance(t, FunctionType):
        from hlopt.syntax.parser import ParseError

        raise ParseError("invalid kind of type specified: expected function type", toks[0].start_pos)
    return t


# ---------------------------------------------------------------------------
# printing


def dims_text(a: Any) -> str:
    return "[" + ", ".join(map(str, a.values if isinstance(a, DenseArrayAttr) else a)) + "]"


def merged_attrs(op: Operation, p: Any, elide: Sequence[str] = (), defaults: dict | None = None) -> str:
    """` {..}`: properties and discardable attributes together, sorted, minus
    the ones the custom form prints itself and those at their default."""
    entries = [e for e in op.properties.entries if e[0] not in elide]
    if defaults:
        entries = [e for e in entries if defaults.get(e[0]) is not e[1]]
    if op.attributes.entries:
        entries = DictionaryAttr(entries + list(op.attributes.entries)).entries
    if not entries:
        return ""
    return " {" + print_named_attrs(entries, p) + "}"


def same_type_text(p: Any, op: Operation) -> str:
    """printSameOperandsAndResultType"""
    ins = op.operand_types
    res = op.result_types
    if len(res) == 1 and all(t is res[0] for t in ins):
        return p.type_text(res[0])
    return p.functional_type(ins, res)


def block_arg_text(p: Any, a: Value) -> str:
    s = f"{p.value(a)}: {p.type_text(a.type)}"
    if p.debuginfo:
        loc = a.location if a.location is not None else UnknownLoc()
        s += " loc(" + loc.body(p) + ")"  # inline, like MLIR
    return s


def print_return(op: Operation, p: Any) -> str:
    """`NAME %a, %b {attrs} : T, U` (stablehlo.return, sdy.return)."""
    s = p.op_name(op)
    if op.operands:
        s += " " + p.values(op.operands)
    s += p.attr_dict(op.attributes)
    if op.operands:
        s += " : " + p.types(op.operand_types)
    return s
