"""Grammar callbacks for grammars/hir.lark: each returns (op, position of
the op name), as the core grammar's op rules do."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.syntax_util import assignments, dict_or_none, parse_error, use
from hlopt.ir.attributes import DenseArrayAttr, IntegerAttr, StringAttr, SymbolRefAttr
from hlopt.ir.core import Operation
from hlopt.ir.opdef import lookup_op
from hlopt.ir.types import FunctionType, i64


def _into(s: Any, tok: Any, t: Any) -> list:
    return [use(s, tok, t)] if tok is not None else []


def hir_into(s: Any, c: list) -> Any:
    return c[0]


def hir_unary(s: Any, c: list) -> tuple[Operation, int]:
    name, a, into, attrs, t_in, t_out = c
    ti, to = s.decode_type(t_in), s.decode_type(t_out)
    operands = [use(s, a, ti)] + _into(s, into, to)
    op = Operation(str(name), operands, [] if into is not None else [to], None, dict_or_none(s, attrs))
    return op, name.start_pos


def hir_binary(s: Any, c: list) -> tuple[Operation, int]:
    name, a, b, into, attrs, ftok = c
    ft = s.decode_function_type(ftok)
    if len(ft.inputs) != 2 or len(ft.results) != 1:
        raise parse_error("expected '(lhs type, rhs type) -> result type'", ftok.start_pos)
    to = ft.results[0]
    operands = [use(s, a, ft.inputs[0]), use(s, b, ft.inputs[1])] + _into(s, into, to)
    op = Operation(str(name), operands, [] if into is not None else [to], None, dict_or_none(s, attrs))
    return op, name.start_pos


def hir_ints(s: Any, c: list) -> list[int]:
    return [int(str(t)) for t in c if t is not None]


def hir_reduce(s: Any, c: list) -> tuple[Operation, int]:
    name, a, dims, into, attrs, t_in, t_out = c
    ti, to = s.decode_type(t_in), s.decode_type(t_out)
    operands = [use(s, a, ti)] + _into(s, into, to)
    props = {"dims": DenseArrayAttr(i64, dims)}
    op = Operation(str(name), operands, [] if into is not None else [to], props, dict_or_none(s, attrs))
    return op, name.start_pos


def hir_allocate(s: Any, c: list) -> tuple[Operation, int]:
    name, attrs, t = c
    return Operation("hir.allocate", (), [s.decode_type(t)], None, dict_or_none(s, attrs)), name.start_pos


def hir_alias_select(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.ir.types import IndexType

    name, a, axis, idx, attrs, t_in, t_out = c
    operands = [use(s, a, s.decode_type(t_in)), use(s, idx, IndexType())]
    props = {"axis": IntegerAttr(int(str(axis)), i64)}
    op = Operation("hir.alias_select", operands, [s.decode_type(t_out)], props, dict_or_none(s, attrs))
    return op, name.start_pos


def hir_handle(s: Any, c: list) -> tuple[Operation, int]:
    name, v, attrs = c
    d: Any = lookup_op(str(name))  # a _HandleOp class: the grammar's HIR_HANDLE names only those
    ot, rt = d.operand_type, d.result_type
    if (v is None) != (ot is None):
        raise parse_error(f"'{name}' expects {'one operand' if ot is not None else 'no operand'}",
                          v.start_pos if v is not None else name.end_pos)
    operands = [use(s, v, ot())] if v is not None else []
    op = Operation(str(name), operands, [rt()] if rt is not None else [], None, dict_or_none(s, attrs))
    return op, name.start_pos


def hir_stream(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.dialects.hir_attrs import StreamType
    from hlopt.ir.types import IndexType

    name, v, pool, attrs = c
    op = Operation("hir.stream", [use(s, v, IndexType())], [StreamType()],
                   {"pool": IntegerAttr(int(str(pool)), i64)}, dict_or_none(s, attrs))
    return op, name.start_pos


def hir_post(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.syntax import symbol_name as _symbol_name

    name, sym, ops_tok, attrs, ftok = c
    ft = s.decode_function_type(ftok)
    operands = s.resolve_operands(ops_tok, list(ft.inputs))
    props = {"callee": SymbolRefAttr(_symbol_name(sym))}
    return Operation("hir.post_on_stream", operands, ft.results, props, dict_or_none(s, attrs)), name.start_pos


def hir_kernel_head(s: Any, c: list) -> tuple:
    name, ops_tok, ftok, attrs = c
    ft: FunctionType = s.decode_function_type(ftok)
    pairs = assignments(ops_tok)
    if len(pairs) != len(ft.inputs):
        raise parse_error(f"{len(pairs)} operands present, but expected {len(ft.inputs)}", ops_tok.start_pos)
    operands = [s.lookup(n, k, t, pos) for (_, n, k, pos), t in zip(pairs, ft.inputs)]
    s.pending.append(("hir.kernel", [(a, t, None, pos) for (a, _, _, pos), t in zip(pairs, ft.inputs)]))
    return operands, ft, dict_or_none(s, attrs), name.start_pos


def hir_kernel(s: Any, c: list) -> tuple[Operation, int]:
    (operands, ft, attrs, pos), body = c
    s.pending.pop()
    return Operation("hir.kernel", operands, ft.results, None, attrs, [body]), pos


def hir_yield(s: Any, c: list) -> tuple[Operation, int]:
    name, values, attrs, types = c
    values, types = values or [], types or []
    if len(values) != len(types):
        raise parse_error(f"{len(values)} operands present, but expected {len(types)}", name.start_pos)
    operands = [use(s, v, t) for v, t in zip(values, types)]
    return Operation("hir.yield", operands, (), None, dict_or_none(s, attrs)), name.start_pos


def hir_comm(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.dialects.hir_attrs import RequestType
    from hlopt.ir.types import IndexType

    name, kind, a, b, team, root, root_index, red, attrs, t_in, t_out = c
    props: dict[str, Any] = {"kind": StringAttr(str(kind)), "team": DenseArrayAttr(i64, team)}
    if root is not None:
        props["root"] = IntegerAttr(int(str(root)), i64)
    if red is not None:
        props["reduce"] = StringAttr(str(red))
    operands = [use(s, a, s.decode_type(t_in)), use(s, b, s.decode_type(t_out))]
    if root_index is not None:
        operands.append(use(s, root_index, IndexType()))
    op = Operation("hir.communication", operands, [RequestType()], props, dict_or_none(s, attrs))
    return op, name.start_pos


def hir_team_rank(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.ir.types import IndexType

    name, team, attrs = c
    op = Operation("hir.team_rank", (), [IndexType()], {"team": DenseArrayAttr(i64, team)}, dict_or_none(s, attrs))
    return op, name.start_pos


def hir_p2p(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.dialects.hir_attrs import RequestType
    from hlopt.ir.types import IndexType

    name, buf, word, peer, team, attrs, t = c
    want = {"hir.send": "to", "hir.recv": "from"}[str(name)]
    if str(word) != want:
        raise parse_error(f"expected '{want}'", word.start_pos)
    operands = [use(s, buf, s.decode_type(t)), use(s, peer, IndexType())]
    op = Operation(str(name), operands, [RequestType()], {"team": DenseArrayAttr(i64, team)},
                   dict_or_none(s, attrs))
    return op, name.start_pos


CALLBACKS = {f.__name__: f for f in (hir_team_rank, hir_p2p, hir_into, hir_ints, hir_unary, hir_binary, hir_reduce, hir_allocate, hir_alias_select,
                                     hir_handle, hir_stream, hir_post, hir_kernel_head, hir_kernel, hir_yield,
                                     hir_comm)}
