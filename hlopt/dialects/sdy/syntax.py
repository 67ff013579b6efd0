"""Grammar callbacks for grammars/sdy.lark (Shardy's custom op forms)."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.sdy.attributes import parse_sdy_attr
from hlopt.dialects.sdy.ops import sdy_attr
from hlopt.dialects.stablehlo.syntax import keyword_pos
from hlopt.ir.attributes import IntegerAttr, StringAttr
from hlopt.ir.core import Operation
from hlopt.ir.opdef import lookup_op
from hlopt.ir.types import i32


def sdy_mesh(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.syntax import symbol_name as _symbol_name

    sym, body, attrs = c
    props = {"sym_name": StringAttr(_symbol_name(sym)), "mesh": sdy_attr("#sdy.mesh" + str(body))}
    mesh = parse_sdy_attr("#sdy.mesh" + str(body), canonical_only=False)
    msg = mesh.verify() if mesh is not None else None
    if msg is not None:  # MLIR verifies the attribute as the custom form parses it
        raise s.error(f"custom op 'sdy.mesh' {msg}", body.start_pos)
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("sdy.mesh", (), (), props, a), keyword_pos(s, "sdy.mesh", sym.start_pos)


def sdy_manual_head(s: Any, c: list) -> tuple:
    ops_tok, ins, outs, axes, args_tok = c
    props = {"in_shardings": sdy_attr("#sdy.sharding_per_value<" + str(ins) + ">"),
             "out_shardings": sdy_attr("#sdy.sharding_per_value<" + str(outs) + ">"),
             "manual_axes": sdy_attr("#sdy<manual_axes" + str(axes) + ">")}
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
            props[kw] = sdy_attr("#sdy.sharding_per_value<" + str(tok) + ">")
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


def wrong_token_pos(s: Any, pos: int) -> int:
    """Where MLIR reports an unexpected token at `pos` (emitWrongTokenError):
    just after the last non-blank character before it."""
    text = s.src.text
    i = pos
    while i > 0 and text[i - 1] in " \t\r\n":
        i -= 1
    return i if i > 0 else pos


_AXES_PREFIX = {"sdy.all_reduce": "#sdy<axis_ref_list", "sdy.replicated_to_unreduced": "#sdy<axis_ref_list",
                "sdy.all_to_all": "#sdy<all_to_all_param_list"}


def _sharding(s: Any, tok: Any) -> Any:
    v = parse_sdy_attr("#sdy.sharding" + str(tok), canonical_only=False)
    if v is None:
        raise s.error("invalid tensor sharding", tok.start_pos)
    return v


def sdy_collective(s: Any, c: list) -> tuple[Operation, int]:
    """`NAME [AXES] %v out_sharding=<...> {attrs} : T`"""
    name_tok, axes_tok, use_tok, sharding_tok, attrs, type_tok = c
    name = str(name_tok)
    d = lookup_op(name)
    props: dict = {}
    if (axes_tok is None) != (d.axes_field is None):
        # MLIR's custom parser asks for the axes' opening bracket, or the operand
        want = ("'{'" if name == "sdy.all_reduce" else "'['") if d.axes_field else "SSA operand"
        raise s.error(f"expected {want}", wrong_token_pos(s, (axes_tok or use_tok).start_pos))
    if axes_tok is not None:
        prefix = _AXES_PREFIX.get(name, "#sdy<list_of_axis_ref_lists")
        v = parse_sdy_attr(prefix + str(axes_tok) + ">", canonical_only=False)
        opening = "{" if prefix == "#sdy<axis_ref_list" else "["
        if v is None and not str(axes_tok).startswith(opening):
            raise s.error(f"expected '{opening}'", wrong_token_pos(s, axes_tok.start_pos))
        if v is None:
            raise s.error(f"invalid {d.axes_field}", axes_tok.start_pos)
        props[d.axes_field] = v
    props["out_sharding"] = _sharding(s, sharding_tok)
    t = s.decode_type(type_tok)
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation(name, [s.use(use_tok, t)], [t], dict(sorted(props.items())), a), name_tok.start_pos


_DIRECTIONS = ("NONE", "FORWARD", "BACKWARD", "BOTH")


def sdy_unary_kw(s: Any, c: list) -> tuple:
    (tok,) = c
    if tok.type == "ANGLE_BODY":
        return "sharding", _sharding(s, tok)
    if str(tok) not in _DIRECTIONS:
        raise s.error("custom op 'sdy.propagation_barrier' expected string or keyword containing one of the following "
                      f"enum values for attribute 'allowed_direction' [{', '.join(_DIRECTIONS)}]", tok.start_pos)
    return "allowed_direction", IntegerAttr(_DIRECTIONS.index(str(tok)), i32)


def sdy_unary(s: Any, c: list) -> tuple[Operation, int]:
    """`NAME %v [kw=value] {attrs} : T` (propagation_barrier, data_flow_edge, func_data_flow_edge)."""
    name_tok, use_tok, kw, attrs, type_tok = c
    name = str(name_tok)
    want = {"sdy.propagation_barrier": "allowed_direction", "sdy.data_flow_edge": "sharding"}.get(name)
    if kw is not None and kw[0] != want or (kw is None and name == "sdy.propagation_barrier"):
        # MLIR's messages: the barrier's keyword is required, the edges' optional
        if name == "sdy.propagation_barrier":
            raise s.error(f"custom op '{name}' expected '{want}'", use_tok.end_pos + 1)
        raise s.error("expected ':'", wrong_token_pos(s, use_tok.end_pos + 1))
    t = s.decode_type(type_tok)
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation(name, [s.use(use_tok, t)], [t], dict([kw]) if kw else None, a), name_tok.start_pos


def sdy_return(s: Any, c: list) -> tuple[Operation, int]:
    kw, attrs, values, types = c
    operands = s.uses(values, types, kw.start_pos)
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation(str(kw), operands, (), None, a), kw.start_pos


CALLBACKS = {"sdy_mesh": sdy_mesh, "sdy_manual_head": sdy_manual_head, "sdy_manual": sdy_manual,
             "sdy_named_head": sdy_named_head, "sdy_named": sdy_named, "sdy_collective": sdy_collective,
             "sdy_unary_kw": sdy_unary_kw, "sdy_unary": sdy_unary, "sdy_return": sdy_return}

