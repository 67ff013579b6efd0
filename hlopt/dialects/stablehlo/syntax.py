"""StableHLO/CHLO/Shardy custom syntax: the base of their ops and the one-line
SHLO_OP path (with its per-line-shape template replay).

Their ops declare `assembly_format`s or op_asm forms
(hlopt/dialects/stablehlo/asm_directives.py); a one-line one lexes as SHLO_OP
(grammars/stablehlo.lark: everything up to the `: type` as one coarse token)
and is read by its form (`_asm_op`), one with regions as ASM_OP.
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token

from hlopt.dialects.syntax_util import parse_error
from hlopt.ir.core import Operation
from hlopt.ir.opdef import OpDef, lookup_op
from hlopt.syntax import (
    ParseError,
    has_asm_form,
    read_op,
)

_NAME = r"(?:[A-Za-z_$.\-][\w$.\-]*|\d+)"
_USE = re.compile(r"%(" + _NAME + r")(?:#(\d+))?")


class ShloOp(OpDef):
    """Base of StableHLO/CHLO/Shardy ops, whose forms are assembly formats or
    op_asm forms. One-line forms lex as SHLO_OP (grammars/stablehlo.lark)."""

    syntax_token: str | None = None
    asm_populate_defaults = False  # an attribute left at its default is not set (MLIR prints none)

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if "syntax_token" not in vars(cls):
            # a form of hlopt.syntax.op_asm lexes as SHLO_OP too: the one-line
            # case then replays per distinct line shape (stablehlo_simple)
            cls.syntax_token = "SHLO_OP" if has_asm_form(cls) else None


# ---------------------------------------------------------------------------
# grammar callbacks (grammars/stablehlo.lark)


def stablehlo_op(s: Any, c: list) -> tuple[Operation, int]:
    name_tok, args_tok = c[0], c[1]
    if args_tok is None:
        args, args_pos = "", name_tok.end_pos
    else:
        args, args_pos = str(args_tok), args_tok.start_pos
    return _custom_op(s, str(name_tok), name_tok.start_pos, args, args_pos, c[2:-1], c[-1], None)


def stablehlo_simple(s: Any, c: list) -> tuple[Operation, int]:
    """stablehlo_op's one-line case as one token: its pieces become the
    tokens the long form would have given."""
    tok = c[0]
    text = tok.value
    pos = tok.start_pos
    name_end, args, types, result = tok.spans
    if args is None:
        args_text, args_pos = "", pos + name_end
    else:
        args_text, args_pos = text[args[0]:args[1]], pos + args[0]
    name = text[:name_end]
    # an op line seen before but for its SSA names is rebuilt from the
    # template the first one left: the same lookups (same order, types and
    # relative positions, so errors stay where they were), nothing decoded
    if "%" in args_text:
        uses = list(_USE.finditer(args_text))
        akey = _USE.sub("%", args_text)
    else:
        uses, akey = [], args_text
    # (a string may hold `%name` that is no use: such lines are not templated)
    tkey = None if '"' in args_text else \
        ("tmpl", name, akey, text[types[0][0]:types[-1][1] if result is None else result[1]])
    cache = s.cache
    t = cache.get(tkey) if tkey is not None else None
    if t is not None:
        calls, order, results, props, attrs = t
        lk = s.lookup
        vals = []
        for i, ty in calls:
            m = uses[i]
            n = m.group(2)
            vals.append(lk(m.group(1), int(n) if n else 0, ty, args_pos + m.start()))
        return Operation(name, [vals[k] for k in order], results, props, attrs), pos
    # the types follow the arguments, where the lexer may have cut a big hex
    # payload from the token's text: in the source they stand that much later
    at = pos + (tok.end_pos - pos - len(text))
    type_toks = [Token("TYPE", text[a:b], at + a, end_pos=at + b) for a, b in types]
    arrow = None if result is None else \
        Token("TYPE", text[result[0]:result[1]], at + result[0], end_pos=at + result[1])
    calls: list = []
    real = s.lookup

    def record(n: str, index: int, ty: Any, at: int) -> Any:
        v = real(n, index, ty, at)
        calls.append((n, index, ty, at, v))
        return v

    s.lookup = record
    try:
        op, loc = _custom_op(s, name, pos, args_text, args_pos, type_toks, arrow, None)
    finally:
        del s.lookup
    t = _template(op, loc == pos, calls, uses, args_pos) if tkey is not None else None
    if t is not None:
        cache[tkey] = t
    return op, loc


def stablehlo_simple_operation(s: Any, c: list) -> None:
    """`[RESULTS] SHLO_SIMPLE [LOC]`: the one-line op built and finished
    in one grammar callback."""
    results, tok, loc = c
    op, pos = stablehlo_simple(s, [tok])
    s.finish_op(results, op, loc, pos)


def _template(op: Operation, at_name: bool, calls: list, uses: list, base: int) -> tuple | None:
    """What rebuilds `op` for another line of the same shape, or None when
    its construction did more than look up each use once."""
    if not at_name or op.regions or op.successors:
        return None
    by_pos = {base + m.start(): i for i, m in enumerate(uses)}
    rec, seen = [], {}
    for k, (n, index, ty, at, v) in enumerate(calls):
        i = by_pos.get(at)
        if i is None or id(v) in seen:
            return None
        m = uses[i]
        g = m.group(2)
        if m.group(1) != n or (int(g) if g else 0) != index:
            return None
        seen[id(v)] = k
        rec.append((i, ty))
    order = []
    for v in op.operands:
        k = seen.get(id(v))
        if k is None:
            return None
        order.append(k)
    return tuple(rec), tuple(order), [r.type for r in op.results], op.properties, op.attributes


def _custom_op(s: Any, name: str, pos: int, args: str, args_pos: int, types: list, arrow: Any,
               region: Any) -> tuple[Operation, int]:
    d = lookup_op(name)
    if d is None or not has_asm_form(d):
        raise parse_error(f"custom op '{name}' is unknown", pos)
    return _asm_op(s, d, name, pos, (arrow if arrow is not None else types[-1]).end_pos), pos


def _asm_op(s: Any, d: Any, name: str, pos: int, end: int) -> Operation:
    """An op with a form of hlopt.syntax.op_asm, lexed as SHLO_OP: its text
    from the name to `end` (where the op grammar saw its type end) read by
    the form's parse step, then built."""
    text = s.src.text
    try:
        return read_op(d, s, text, pos + len(name), end)
    except ParseError as e:
        raise _token_error(e, text) from None


_TOKEN = re.compile(r"[\w$.\-]+|\S")


def _token_error(e: Any, text: str) -> Any:
    """A missing operand where another token stands is reported at that token,
    naming it, as these ops' argument parser always did (`unexpected '3',
    expected SSA operand`); before the `:` it stays MLIR's wrong-token error."""
    if e.message != "expected SSA operand" or e.pos is None:
        return e
    at = len(text) - len(text[e.pos:].lstrip())
    m = _TOKEN.match(text, at)
    if m is None or m.group() == ":":
        return e
    return ParseError(f"unexpected '{m.group()[:40]}', expected SSA operand", at)


CALLBACKS = {
    "stablehlo_op": stablehlo_op,
    "stablehlo_simple": stablehlo_simple,
    "stablehlo_simple_operation": stablehlo_simple_operation,
}
