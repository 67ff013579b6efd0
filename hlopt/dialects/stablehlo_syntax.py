"""Grammar callbacks for grammars/stablehlo.lark (StableHLO and CHLO).

`stablehlo_op` dispatches on the op name to the op's `parse_custom`; while,
return and the reducer block header are handled here because they open
regions (entry-block arguments are announced through `session.pending`
before the region is parsed).
"""

from __future__ import annotations

import re
from typing import Any

from hlopt.dialects.shlo_args import decode_args
from hlopt.ir.core import Operation
from hlopt.ir.opdef import lookup_op

_IN_USE = re.compile(r"\s*%((?:[A-Za-z_$.\-][\w$.\-]*|\d+))\s*=\s*%((?:[A-Za-z_$.\-][\w$.\-]*|\d+))(?:#(\d+))?\s*")


def keyword_pos(s: Any, keyword: str, before: int) -> int:
    """Start of the op keyword the grammar filtered out (MLIR locates an op
    at its name): the last `keyword` before position `before`."""
    i = s.src.text.rfind(keyword, 0, before)
    return i if i >= 0 else before


def _err(msg: str, pos: int):
    from hlopt.syntax.parser import ParseError

    return ParseError(msg, pos)


def stablehlo_op(s: Any, c: list) -> tuple[Operation, int]:
    name_tok, args_tok = c[0], c[1]
    region = c[-1]
    reducer = c[-2]
    arrow = c[-3]
    types = c[2:-3]
    name = str(name_tok)
    d = lookup_op(name)
    parse = getattr(d, "parse_custom", None)
    if parse is None:
        raise _err(f"custom op '{name}' is unknown", name_tok.start_pos)
    if reducer is not None:
        s.pending.pop()
    extra = {"region": region, "arrow": arrow}
    if args_tok is None:
        a = decode_args(s, d.args_format, "", name_tok.end_pos)
    else:
        a = decode_args(s, d.args_format, str(args_tok), args_tok.start_pos)
    op = parse(s, a, types, extra)
    return op, extra.get("loc_pos", name_tok.start_pos)


def stablehlo_reducer(s: Any, c: list) -> None:
    """`reducer(%a: T, %b: T) (%c: U, %d: U)`: block args are all the
    first members, then all the second members."""
    firsts, seconds = [], []
    for tok in c:
        text = str(tok)
        inner = text[1:-1]
        from hlopt.syntax.parser import _pieces

        pieces = list(_pieces(inner))
        if len(pieces) != 2:
            raise _err("expected '(%lhs: type, %rhs: type)' in reducer", tok.start_pos)
        for dest, (piece, off) in zip((firsts, seconds), pieces):
            pos = tok.start_pos + 1 + off
            name, t, loc_tok, _ = s.parse_arg(piece, pos, named=True)
            dest.append((name, t, loc_tok, pos))
    s.pending.append(("stablehlo.reduce", firsts + seconds))
    return None


def stablehlo_while_head(s: Any, c: list) -> tuple:
    ops_tok = c[0]
    attrs_tok = c[-1]
    type_toks = [t for t in c[1:-1] if t is not None]
    types = [s.decode_type(t) for t in type_toks]
    text = str(ops_tok)
    inner = text[1:-1]
    pairs = []
    if inner.strip():
        from hlopt.syntax.parser import _pieces

        for piece, off in _pieces(inner):
            m = _IN_USE.fullmatch(piece)
            if m is None:
                raise _err("expected '%iterArg = %value'", ops_tok.start_pos + 1 + off)
            pairs.append((m.group(1), m.group(2), int(m.group(3) or 0), ops_tok.start_pos + 1 + off))
    if len(types) != len(pairs):
        raise _err(f"{len(pairs)} operands present, but expected {len(types)}", ops_tok.start_pos)
    operands = [s.lookup(n, k, t, pos) for (_, n, k, pos), t in zip(pairs, types)]
    entry = [(a, t, None, pos) for (a, _, _, pos), t in zip(pairs, types)]
    attrs = s.decode_dict(attrs_tok) if attrs_tok is not None else None
    s.pending.append(("stablehlo.while", entry))
    s.__dict__.setdefault("_shlo_while", []).append(entry)
    return operands, types, attrs, entry, keyword_pos(s, "stablehlo.while", ops_tok.start_pos)


def stablehlo_while_do(s: Any, c: list) -> None:
    name, _ = s.pending[-1]
    s.pending[-1] = (name, s._shlo_while.pop())
    return None


def stablehlo_while(s: Any, c: list) -> tuple[Operation, int]:
    (operands, types, attrs, entry, pos), cond, _, body = c
    s.pending.pop()
    op = Operation("stablehlo.while", operands, types, None, attrs, [cond, body])
    return op, pos


def stablehlo_return(s: Any, c: list) -> tuple[Operation, int]:
    kw, values, attrs, types = c
    operands = []
    if values is not None or types is not None:
        values = values or []
        types = types or []
        if len(values) != len(types):
            raise _err(f"{len(values)} operands present, but expected {len(types)}", kw.start_pos)
        from hlopt.syntax.parser import _USE

        for tok, t in zip(values, types):
            m = _USE.match(str(tok))
            operands.append(s.lookup(m.group(1), int(m.group(2) or 0), t, tok.start_pos))
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation(str(kw), operands, (), None, a), kw.start_pos


CALLBACKS = {
    "stablehlo_op": stablehlo_op,
    "stablehlo_reducer": stablehlo_reducer,
    "stablehlo_while_head": stablehlo_while_head,
    "stablehlo_while_do": stablehlo_while_do,
    "stablehlo_while": stablehlo_while,
    "stablehlo_return": stablehlo_return,
}
