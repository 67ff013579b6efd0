"""Grammar callbacks for grammars/sdy.lark."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.stablehlo_syntax import keyword_pos
from hlopt.ir.attributes import OpaqueAttr, StringAttr
from hlopt.ir.core import Operation


def sdy_mesh(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.syntax.parser import _symbol_name

    sym, body, attrs = c
    props = {"sym_name": StringAttr(_symbol_name(sym)), "mesh": OpaqueAttr("#sdy.mesh" + str(body))}
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("sdy.mesh", (), (), props, a), keyword_pos(s, "sdy.mesh", sym.start_pos)


def sdy_manual_head(s: Any, c: list) -> tuple:
    ops_tok, ins, outs, axes, args_tok = c
    props = {"in_shardings": OpaqueAttr("#sdy.sharding_per_value<" + str(ins) + ">"),
             "out_shardings": OpaqueAttr("#sdy.sharding_per_value<" + str(outs) + ">"),
             "manual_axes": OpaqueAttr("#sdy<manual_axes" + str(axes) + ">")}
    entry = [(name, t, loc_tok, pos)
             for name, t, loc_tok, _, pos in s.parse_arg_list(str(args_tok)[1:-1], args_tok.start_pos + 1)]
    s.pending.append(("sdy.manual_computation", entry))
    return ops_tok, props


def sdy_manual(s: Any, c: list) -> tuple[Operation, int]:
    (ops_tok, props), region, attrs, ftype = c
    s.pending.pop()
    ft = s.decode_function_type(ftype)
    operands = s.resolve_operands(ops_tok, list(ft.inputs))
    a = s.decode_dict(attrs) if attrs is not None else None
    op = Operation("sdy.manual_computation", operands, ft.results, props, a, [region])
    return op, keyword_pos(s, "sdy.manual_computation", ops_tok.start_pos)


def sdy_named_head(s: Any, c: list) -> tuple:
    """`sdy.named_computation<"name">(%a) [in_shardings=[..]] [out_shardings=[..]] (%arg: T)`"""
    name_tok, ops_tok = c[0], c[1]
    args_tok = c[-1]
    props = {"name": s.decode("attr", str(name_tok)[1:-1].strip(), name_tok.start_pos + 1)}
    for kw, tok in zip(("in_shardings", "out_shardings"), c[2:4]):
        if tok is not None:
            props[kw] = OpaqueAttr("#sdy.sharding_per_value<" + str(tok) + ">")
    if not isinstance(props["name"], StringAttr):
        raise s.error("expected string name", name_tok.start_pos + 1)
    entry = [(name, t, loc_tok, pos)
             for name, t, loc_tok, _, pos in s.parse_arg_list(str(args_tok)[1:-1], args_tok.start_pos + 1)]
    s.pending.append(("sdy.named_computation", entry))
    return name_tok, ops_tok, props


def sdy_named(s: Any, c: list) -> tuple[Operation, int]:
    (name_tok, ops_tok, props), region, attrs, ftype = c
    s.pending.pop()
    ft = s.decode_function_type(ftype)
    operands = s.resolve_operands(ops_tok, list(ft.inputs))
    a = s.decode_dict(attrs) if attrs is not None else None
    op = Operation("sdy.named_computation", operands, ft.results, props, a, [region])
    return op, keyword_pos(s, "sdy.named_computation", name_tok.start_pos)


CALLBACKS = {"sdy_mesh": sdy_mesh, "sdy_manual_head": sdy_manual_head, "sdy_manual": sdy_manual,
             "sdy_named_head": sdy_named_head, "sdy_named": sdy_named}

