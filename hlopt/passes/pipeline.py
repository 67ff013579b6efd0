"""MLIR's textual pipeline syntax:
`builtin.module(func.func(cse,canonicalize{max-iterations=4}),symbol-dce)`."""

from __future__ import annotations

from dataclasses import dataclass, field


class PipelineError(Exception):
    pass


@dataclass
class PassSpec:
    name: str
    options: dict[str, str] = field(default_factory=dict)


@dataclass
class NestedSpec:
    anchor: str
    items: list = field(default_factory=list)


def parse_pipeline(text: str) -> list:
    """Parse into a list of PassSpec / NestedSpec."""
    p = _P(text)
    items = p.elements()
    p.ws()
    if p.i != len(text):
        raise PipelineError(f"unexpected '{text[p.i:]}' in pass pipeline")
    return items


def parse_anchored_pipeline(text: str, top: str = "builtin.module") -> list:
    """`--pass-pipeline`: MLIR requires the text to be wrapped in its anchor
    op (`builtin.module(...)`) and the anchor to be the top-level op.
    Returns the anchored pipeline's items."""
    items = parse_pipeline(text)
    if len(items) != 1 or not isinstance(items[0], NestedSpec) or not text.rstrip().endswith(")"):
        raise PipelineError("expected pass pipeline to be wrapped with the anchor operation type, "
                            "e.g. 'builtin.module(...)'")
    if items[0].anchor != top:
        raise PipelineError(f"can't run '{items[0].anchor}' pass manager on '{top}' op")
    return items[0].items


def parse_options(text: str) -> dict[str, str]:
    """`a=1 b=x,y c` (spaces separate options; values may be {...} or quoted)."""
    p = _P("{" + text + "}")
    return p.options()


class _P:
    def __init__(self, text: str):
        self.t, self.i = text, 0

    def ws(self) -> None:
        while self.i < len(self.t) and self.t[self.i].isspace():
            self.i += 1

    def name(self) -> str:
        self.ws()
        j = self.i
        while self.i < len(self.t) and (self.t[self.i].isalnum() or self.t[self.i] in "-_."):
            self.i += 1
        if j == self.i:
            raise PipelineError(f"expected a pass or op name at '{self.t[j:j + 20]}'")
        return self.t[j:self.i]

    def peek(self) -> str:
        self.ws()
        return self.t[self.i:self.i + 1]

    def elements(self) -> list:
        items = [self.element()]
        while self.peek() == ",":
            self.i += 1
            items.append(self.element())
        return items

    def element(self):
        n = self.name()
        c = self.peek()
        if c == "(":
            self.i += 1
            items = [] if self.peek() == ")" else self.elements()
            if self.peek() != ")":
                raise PipelineError(f"expected ')' to close '{n}('")
            self.i += 1
            return NestedSpec(n, items)
        opts = self.options() if c == "{" else {}
        return PassSpec(n, opts)

    def options(self) -> dict[str, str]:
        assert self.t[self.i] == "{"
        self.i += 1
        out: dict[str, str] = {}
        while True:
            c = self.peek()
            if c == "}":
                self.i += 1
                return out
            if not c:
                raise PipelineError("expected '}' to close pass options")
            key = self.name()
            val = ""
            if self.t[self.i:self.i + 1] == "=":
                self.i += 1
                val = self.value()
            out[key] = val
            if self.peek() == ",":  # tolerate comma separators
                self.i += 1

    def value(self) -> str:
        t = self.t
        if self.i < len(t) and t[self.i] in "\"'":
            q = t[self.i]
            j = t.find(q, self.i + 1)
            if j < 0:
                raise PipelineError("unterminated quoted option value")
            v = t[self.i + 1:j]
            self.i = j + 1
            return v
        depth = 0
        j = self.i
        while self.i < len(t):
            c = t[self.i]
            if c == "{":
                depth += 1
            elif c == "}":
                if depth == 0:
                    break
                depth -= 1
            elif c.isspace() and depth == 0:
                break
            self.i += 1
        return t[j:self.i]
