"""Shared pieces of the StableHLO/CHLO/Shardy custom assembly.

Parsing: the op grammar lexes a one-line custom op as `NAME OP_ARGS : TYPE`,
where OP_ARGS is one coarse token (everything up to the `: type`). `Args`
reads that text with a few regexes (operands, `key = [1, 2]`, enums,
attribute dictionaries) so the LALR parser sees 3-5 tokens per op.

Printing: helpers that format dims, merged attribute dictionaries (inherent
and discardable attributes print together, sorted, in the custom form) and
block arguments the way MLIR's OpAsmPrinter does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.ir.attributes import DenseArrayAttr, DictionaryAttr, print_named_attrs
from hlopt.ir.core import Operation, Value
from hlopt.ir.location import UnknownLoc
from hlopt.ir.types import FunctionType, Type, i64
from hlopt.syntax.lexer import LexError, Scanner, scan_balanced

_WS = re.compile(r"\s*")
_USE = re.compile(r"%((?:[A-Za-z_$.\-][\w$.\-]*|\d+))(?:#(\d+))?")
_WORD = re.compile(r"[A-Za-z_][\w$.]*")
_INT = re.compile(r"-?\d+")
_SYMBOL = re.compile(r'@(?:[A-Za-z_][\w$.]*|"(?:[^"\\\n]|\\.)*")')


class Args:
    """A cursor over an op's argument text (positions are absolute)."""

    __slots__ = ("s", "t", "base", "i")

    def __init__(self, session: Any, tok: Any):
        self.s = session
        if tok is None:
            self.t, self.base = "", 0
        else:
            self.t, self.base = str(tok), tok.start_pos
        self.i = 0

    # -- low level ---------------------------------------------------------
    def error(self, msg: str):
        from hlopt.syntax.parser import ParseError

        return ParseError(msg, self.base + self.i)

    def ws(self) -> None:
        self.i = _WS.match(self.t, self.i).end()

    def at_end(self) -> bool:
        self.ws()
        return self.i >= len(self.t)

    def end(self) -> None:
        if not self.at_end():
            raise self.error(f"unexpected '{self.t[self.i:self.i + 20]}'")

    def peek(self, lit: str) -> bool:
        self.ws()
        return self.t.startswith(lit, self.i)

    def accept(self, lit: str) -> bool:
        if self.peek(lit):
            self.i += len(lit)
            return True
        return False

    def expect(self, lit: str) -> None:
        if not self.accept(lit):
            raise self.error(f"expected '{lit}'")

    def word(self) -> str:
        self.ws()
        m = _WORD.match(self.t, self.i)
        if m is None:
            raise self.error("expected keyword")
        self.i = m.end()
        return m.group()

    def keyword(self, kw: str) -> None:
        self.ws()
        m = _WORD.match(self.t, self.i)
        if m is None or m.group() != kw:
            raise self.error(f"expected '{kw}'")
        self.i = m.end()

    def int(self) -> int:
        self.ws()
        m = _INT.match(self.t, self.i)
        if m is None:
            raise self.error("expected integer value")
        self.i = m.end()
        return int(m.group())

    def balanced(self) -> tuple[str, int]:
        """A bracketed chunk starting here: (text, absolute position)."""
        self.ws()
        start = self.i
        try:
            self.i = scan_balanced(self.t, start)
        except LexError as e:
            raise self.error(e.message) from None
        return self.t[start:self.i], self.base + start

    def rest(self) -> tuple[str, int]:
        self.ws()
        start = self.i
        self.i = len(self.t)
        return self.t[start:].rstrip(), self.base + start

    # -- MLIR pieces -----------------------------------------------------------
    def use(self) -> tuple[str, int, int]:
        self.ws()
        m = _USE.match(self.t, self.i)
        if m is None:
            raise self.error("expected SSA operand")
        self.i = m.end()
        return m.group(1), int(m.group(2) or 0), self.base + m.start()

    def uses(self) -> list[tuple[str, int, int]]:
        """`%a, %b#1, ...` (stops before a comma not followed by a value)."""
        self.ws()
        if not self.t.startswith("%", self.i):
            return []
        out = [self.use()]
        while True:
            save = self.i
            if self.accept(",") and self.peek("%"):
                out.append(self.use())
            else:
                self.i = save
                return out

    def int_list(self) -> list[int]:
        """`[1, 2, 3]`"""
        self.expect("[")
        out: list[int] = []
        if self.accept("]"):
            return out
        while True:
            out.append(self.int())
            if self.accept("]"):
                return out
            self.expect(",")

    def dims(self, kw: str) -> DenseArrayAttr:
        """`kw = [1, 2]` as array<i64: 1, 2>."""
        self.keyword(kw)
        self.expect("=")
        return DenseArrayAttr(i64, self.int_list())

    def attr_dict(self) -> DictionaryAttr | None:
        if not self.peek("{"):
            return None
        text, pos = self.balanced()
        return self.s.decode("attr", text, pos)

    def attr(self) -> Any:
        """An attribute value (with optional `: type`)."""
        self.ws()
        sc = Scanner(self.t)
        start = self.i
        try:
            end = sc.attr_end(start)
        except LexError as e:
            raise self.error(e.message) from None
        if end <= start:
            raise self.error("expected attribute value")
        self.i = end
        return self.s.decode("attr", self.t[start:end], self.base + start)

    def symbol(self) -> str:
        self.ws()
        m = _SYMBOL.match(self.t, self.i)
        if m is None:
            raise self.error("expected symbol name")
        self.i = m.end()
        return m.group()

    def resolve(self, uses: Sequence[tuple[str, int, int]], types: Sequence[Type]) -> list[Value]:
        if len(uses) != len(types):
            from hlopt.syntax.parser import ParseError

            pos = uses[0][2] if uses else self.base
            raise ParseError(f"{len(uses)} operands present, but expected {len(types)}", pos)
        lk = self.s.lookup
        return [lk(n, k, t, pos) for (n, k, pos), t in zip(uses, types)]


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
