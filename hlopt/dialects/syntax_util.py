"""Small helpers shared by dialects' grammar callbacks and printers."""

from __future__ import annotations

import re
from typing import Any

from hlopt.ir.core import Value
from hlopt.ir.types import Type

_NAME = r"(?:[A-Za-z_$.\-][\w$.\-]*|\d+)"
_ASSIGN = re.compile(r"\s*%(" + _NAME + r")\s*=\s*%(" + _NAME + r")(?:#(\d+))?\s*")


def parse_error(msg: str, pos: int) -> Exception:
    from hlopt.syntax import ParseError

    return ParseError(msg, pos)


def use(s: Any, tok: Any, t: Type | None) -> Value:
    """The value a VALUE_USE token names (of type `t`)."""
    return s.use(tok, t)


def assignments(tok: Any, expected: str = "expected '%arg = %value'") -> list[tuple[str, str, int, int]]:
    """`(%a = %x, %b = %y#1)` -> [(arg, value, result#, pos)]; `expected`:
    the error for a piece of another shape."""
    from hlopt.syntax import split_pieces as _pieces

    text = str(tok)
    out = []
    inner = text[1:-1]
    if inner.strip():
        for piece, off in _pieces(inner):
            m = _ASSIGN.fullmatch(piece)
            if m is None:
                raise parse_error(expected, tok.start_pos + 1 + off)
            out.append((m.group(1), m.group(2), int(m.group(3) or 0), tok.start_pos + 1 + off))
    return out


def dict_or_none(s: Any, tok: Any) -> Any:
    return s.decode_dict(tok) if tok is not None else None


def print_return(op: Any, p: Any) -> str:
    """`NAME %a, %b {attrs} : T, U` (stablehlo.return, sdy.return, hir.yield)."""
    s = p.op_name(op)
    if op.operands:
        s += " " + p.values(op.operands)
    s += p.attr_dict(op.attributes)
    if op.operands:
        s += " : " + p.types(op.operand_types)
    return s


def arg_loc_text(p: Any, a: Any) -> str:
    """` loc(...)` after a region argument a custom form prints (with
    --mlir-print-debuginfo; nothing without)."""
    if not p.debuginfo:
        return ""
    from hlopt.ir.location import UnknownLoc

    loc = a.location if a.location is not None else UnknownLoc()
    return " loc(" + loc.body(p) + ")"
