"""`#sdy.propagation_edges<[{step-N = [{"x" = operand-0 -> [result-0]}]}]>`:
the propagation steps Shardy's debug mode records on an op (which axis went
from which operand/result to which). Parsed into a structured attribute with
the checks Shardy's PropagationEdgesAttr::verify makes at parse time (step
indices non-negative and unique, no target equal to its source or repeated);
the checks against the op (indices in range, shardings on one mesh naming the
axes) are in dialect_hooks.py."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.dialects.sdy.attributes import AxisRef, unquote
from hlopt.ir.attributes import Attribute

PREFIX = "#sdy.propagation_edges<"
_TOKEN = re.compile(r'\s*(?:(step|operand|result)-(-?\d+)|("(?:[^"\\]|\\.)*")|(->)|(\d+)|([\[\]{}(),=:])|([\w.$-]+))')


class EdgeRef(tuple):
    """`operand-N` / `result-N`: (kind, index)."""

    __slots__ = ()

    def __new__(cls, kind: str, index: int) -> "EdgeRef":
        return tuple.__new__(cls, (kind, index))

    def text(self) -> str:
        return f"{self[0]}-{self[1]}"


class AxisEdges(tuple):
    """`{"x" = operand-0 -> [result-0, ...]}`: (axis, source, targets)."""

    __slots__ = ()

    def __new__(cls, axis: AxisRef, source: EdgeRef, targets: Sequence[EdgeRef]) -> "AxisEdges":
        return tuple.__new__(cls, (axis, source, tuple(targets)))

    def text(self) -> str:
        return f"{{{self[0].text()} = {self[1].text()} -> [{', '.join(t.text() for t in self[2])}]}}"


class PropagationEdgesAttr(Attribute):
    """The steps: (step index, axis entries) pairs, in their order."""

    __slots__ = ("steps",)

    def __new__(cls, steps: Sequence[tuple[int, Sequence[AxisEdges]]]) -> "PropagationEdgesAttr":
        return cls._make((tuple((int(i), tuple(e)) for i, e in steps),))

    def _init(self, steps: tuple) -> None:
        self.steps = steps

    def print_with(self, p: Any) -> str:
        steps = (f"{{step-{i} = [{', '.join(e.text() for e in entries)}]}}" for i, entries in self.steps)
        return PREFIX + "[" + ", ".join(steps) + "]>"

    def edges(self) -> list[AxisEdges]:
        return [e for _, entries in self.steps for e in entries]


class EdgesError(Exception):
    """PropagationEdgesAttr::verify's message (reported at the `<`), or a
    syntax error at `offset` (in the text after the `<`)."""

    def __init__(self, msg: str, offset: int | None = None):
        super().__init__(msg)
        self.offset = offset


class _Tokens:
    def __init__(self, text: str):
        self.toks: list[tuple[str, Any]] = []
        self.starts: list[int] = []
        pos, text = 0, text.rstrip()
        self.end = len(text)
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            if m is None or m.end() == pos:
                raise EdgesError("expected '{'", pos + len(text[pos:]) - len(text[pos:].lstrip()))
            if m.group(1):
                self.toks.append((m.group(1), int(m.group(2))))
            elif m.group(3):
                self.toks.append(("str", m.group(3)))
            elif m.group(5):
                self.toks.append(("int", int(m.group(5))))
            elif m.group(7):
                self.toks.append(("id", m.group(7)))
            else:
                self.toks.append(("p", m.group(4) or m.group(6)))
            self.starts.append(m.end() - len(m.group(0).lstrip()))
            pos = m.end()
        self.i = 0

    def fail(self, msg: str) -> EdgesError:
        return EdgesError(msg, self.starts[self.i] if self.i < len(self.toks) else self.end)

    def take(self, kind: str, value: Any = None) -> Any:
        t = self.toks[self.i] if self.i < len(self.toks) else None
        if t is None or t[0] != kind or (value is not None and t[1] != value):
            raise self.fail(f"expected '{value}'" if value else f"expected {kind}")
        self.i += 1
        return t[1]

    def accept(self, value: str) -> bool:
        if self.i < len(self.toks) and self.toks[self.i] == ("p", value):
            self.i += 1
            return True
        return False

    def list(self, item: Any) -> list:
        """`[item, ...]` with at least one item (as MLIR's parser asks)."""
        self.take("p", "[")
        out = [item()]
        while self.accept(","):
            out.append(item())
        self.take("p", "]")
        return out


def _edge(tk: _Tokens) -> EdgeRef:
    t = tk.toks[tk.i] if tk.i < len(tk.toks) else None
    if t is None or t[0] not in ("operand", "result"):
        raise tk.fail("expected valid keyword or string")  # MLIR's message for the enum keyword
    tk.i += 1
    return EdgeRef(t[0], t[1])


def _axis(tk: _Tokens) -> AxisRef:
    name = unquote(tk.take("str"))
    if not tk.accept(":"):
        return AxisRef(name)
    tk.take("p", "(")
    pre = _int(tk)
    tk.take("p", ")")
    return AxisRef(name, pre, _int(tk))


def _int(tk: _Tokens) -> int:
    t = tk.toks[tk.i] if tk.i < len(tk.toks) else None
    if t is None or t[0] != "int":
        raise tk.fail("expected integer value")
    tk.i += 1
    return t[1]


def _entry(tk: _Tokens) -> AxisEdges:
    tk.take("p", "{")
    axis = _axis(tk)
    tk.take("p", "=")
    source = _edge(tk)
    tk.take("p", "->")
    targets = tk.list(lambda: _edge(tk))
    tk.take("p", "}")
    return AxisEdges(axis, source, targets)


def _step(tk: _Tokens) -> tuple[int, list[AxisEdges]]:
    tk.take("p", "{")
    index = tk.take("step")
    tk.take("p", "=")
    entries = tk.list(lambda: _entry(tk))
    tk.take("p", "}")
    return index, entries


def parse(text: str) -> PropagationEdgesAttr | None:
    """The attribute, None when `text` is not `#sdy.propagation_edges<...>`;
    EdgesError for a syntax error or what Shardy's attribute verifier rejects."""
    if not (text.startswith(PREFIX) and text.endswith(">")):
        return None
    tk = _Tokens(text[len(PREFIX):-1])
    steps = tk.list(lambda: _step(tk))
    if tk.i != len(tk.toks):
        raise tk.fail("expected '>'")
    attr = PropagationEdgesAttr(steps)
    _verify(attr)
    return attr


def _verify(attr: PropagationEdgesAttr) -> None:
    seen: set[int] = set()
    for index, entries in attr.steps:
        if index < 0:
            raise EdgesError(f"propagation edges have negative step index: {index}")
        if index in seen:
            raise EdgesError(f"propagation edges have duplicate step index: {index}")
        seen.add(index)
        for axis, source, targets in entries:
            seen_targets: set[EdgeRef] = set()
            for t in targets:
                if t == source:
                    raise EdgesError("propagation edges have a source that is the same as a target")
                if t in seen_targets:
                    raise EdgesError(f"propagation edges have duplicate targets for step index: {index} and axis: "
                                     f"{axis.name}")
                seen_targets.add(t)
