"""Reading the coarse tokens of IREE's one-line op forms (util, iree_tensor_ext,
iree_encoding): a cursor over an OP_ARGS token (everything before the `:`)
and the pieces after the colon, each with the word before it."""

from __future__ import annotations

import re
from typing import Any

from hlopt.ir.core import Value

_TOK = re.compile(r"\s*(?:(%[\w$.\-]+(?:#\d+)?)|(-?\d+)|([A-Za-z_][\w$.]*)|(\{)|([\[\](),=])|(\")|(<)|(@))",
                  re.ASCII)
_WS = re.compile(r"\s*")


def _ws_end(text: str, pos: int = 0) -> int:
    """Where the whitespace at `pos` ends (the pattern matches the empty string too)."""
    m = _WS.match(text, pos)
    assert m is not None
    return m.end()
_USE = re.compile(r"%([^#]+)(?:#(\d+))?")


class Args:
    """A cursor over an op's argument text (an OP_ARGS token, or none)."""

    def __init__(self, s: Any, tok: Any, base: int):
        self.s, self.base, self.pos = s, (tok.start_pos if tok is not None else base), 0
        self.text = str(tok) if tok is not None else ""

    def _peek(self) -> tuple[int, str, int] | None:
        m = _TOK.match(self.text, self.pos)
        if m is None:
            return None
        k = m.lastindex
        assert k is not None  # every alternative of _TOK is a group
        return k, m.group(k), m.start(k)

    def at(self) -> int:
        return self.base + _ws_end(self.text, self.pos)

    def error(self, msg: str) -> Exception:
        # MLIR reports a missing token right after the previous one
        return self.s.error(msg, self.base + self.pos if self.pos else self.at())

    def done(self) -> bool:
        return not self.text[self.pos:].strip()

    def finish(self) -> None:
        if not self.done():
            raise self.error("expected ':'")

    def punct(self, p: str, required: bool = True) -> bool:
        t = self._peek()
        if t is not None and t[0] in (4, 5, 7) and t[1] == p:
            self.pos = t[2] + 1
            return True
        if required:
            raise self.error(f"expected '{p}'")
        return False

    def keyword(self, w: str, required: bool = True) -> bool:
        t = self._peek()
        if t is not None and t[0] == 3 and t[1] == w:
            self.pos = t[2] + len(w)
            return True
        if required:
            raise self.error(f"expected '{w}'")
        return False

    def value_tok(self, required: bool = True) -> tuple[str, int] | None:
        t = self._peek()
        if t is not None and t[0] == 1:
            self.pos = t[2] + len(t[1])
            return t[1], self.base + t[2]
        if required:
            raise self.error("expected SSA operand")
        return None

    def integer(self) -> int:
        t = self._peek()
        if t is None or t[0] != 2:
            raise self.error("expected integer value")
        self.pos = t[2] + len(t[1])
        return int(t[1])

    def value(self, t: Any) -> Value:
        """The next `%x` operand, of type `t`."""
        tok = self.value_tok()
        assert tok is not None  # required: value_tok raised otherwise
        return use(self.s, tok[0], tok[1], t)

    def value_toks(self) -> list[tuple[str, int]]:
        """`%a, %b` (possibly none)."""
        out = []
        v = self.value_tok(required=False)
        while v is not None:
            out.append(v)
            if not self.punct(",", required=False):
                break
            v = self.value_tok()
        return out

    def balanced(self, open_: str) -> tuple[str, int] | None:
        """The next `{...}`/`<...>`/`[...]` text (brackets included), if it opens with `open_`."""
        from hlopt.syntax import scan_balanced

        i = _ws_end(self.text, self.pos)
        if not self.text.startswith(open_, i):
            return None
        end = scan_balanced(self.text, i)
        self.pos = end
        return self.text[i:end], self.base + i

    dict_pos = -1  # where the attribute dictionary read last starts

    def attr_dict(self) -> Any:
        b = self.balanced("{")
        if b is None:
            return None
        self.dict_pos = b[1]
        return self.s.decode_dict_text(*b)

    def string(self, required: bool = True) -> str | None:
        from hlopt.syntax import string_end

        i = _ws_end(self.text, self.pos)
        e = string_end(self.text, i) if self.text.startswith('"', i) else None
        if e is None:
            if required:
                raise self.error("expected string")
            return None
        self.pos = e
        return self.s.decode("attr", self.text[i:e], self.base + i).value

    def rest(self) -> tuple[str, int]:
        """The remaining text (stripped) and where it starts."""
        i = _ws_end(self.text, self.pos)
        self.pos = len(self.text)
        return self.text[i:].rstrip(), self.base + i

    def word(self) -> tuple[str, int]:
        """The next whitespace- or comma-delimited text at bracket depth 0 (a type, an attribute)."""
        i = _ws_end(self.text, self.pos)
        depth, j = 0, i
        while j < len(self.text):
            c = self.text[j]
            if c in "<([{":
                depth += 1
            elif c in ">)]}":
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and (c.isspace() or c == ","):
                break
            j += 1
        if j == i:
            raise self.error("expected type")
        self.pos = j
        return self.text[i:j], self.base + i

    def type(self) -> Any:
        text, pos = self.word()
        return self.s.decode("type", text, pos)


def use(s: Any, name: str, pos: int, t: Any) -> Value:
    m = _USE.fullmatch(name)
    assert m is not None  # a %value token
    return s.lookup(m.group(1)[1:] if m.group(1).startswith("%") else m.group(1), int(m.group(2) or 0), t, pos)


class Tail:
    """The tokens after an op's `:` as (word before it, token): the word is
    `,`, `->`, `to`, `as`, `=`, `attributes` or '' (a `{dims}` right after a type)."""

    def __init__(self, s: Any, colon_end: int, toks: list):
        self.items: list[tuple[str, Any]] = []  # (separator before it, token)
        self.s, prev = s, colon_end
        text = s.src.text
        for t in toks:
            if t is None:
                continue
            sep = text[prev:t.start_pos].strip()
            if sep == ":" and not self.items:
                sep = ""
            self.items.append((sep, t))
            prev = t.end_pos
        self.i = 0
        self.dict_pos = -1

    def error(self, msg: str) -> Exception:
        pos = self.items[self.i][1].start_pos if self.i < len(self.items) else (
            self.items[-1][1].end_pos if self.items else 0)
        return self.s.error(msg, pos)

    def peek(self) -> tuple[str, Any] | None:
        return self.items[self.i] if self.i < len(self.items) else None

    def take(self, sep: str | None = None, kind: str = "TYPE", required: bool = True) -> Any:
        """The next token if it is a `kind` after `sep` (None: any word); decoded."""
        it = self.peek()
        if it is not None and (sep is None or it[0] == sep) and it[1].type == kind:
            self.i += 1
            t = it[1]
            if kind == "TYPE":
                return self.s.decode_type(t)
            if kind == "ATTR_DICT":
                return t
            if kind == "ATTR":
                return self.s.decode_attr(t)
            return t
        if required:
            raise self.error(f"expected '{sep}'" if sep and (it is None or it[0] != sep) else
                             {"TYPE": "expected type", "ATTR_DICT": "expected '{'", "ATTR": "expected attribute value"}
                             .get(kind, "expected type"))
        return None

    def dims(self) -> Any:
        """A `{%a, ...}` right after a type (the token), or None."""
        return self.take("", "ATTR_DICT", required=False)

    def attributes(self) -> Any:
        """A trailing `attributes {...}` (decoded), or None."""
        t = self.take("attributes", "ATTR_DICT", required=False)
        if t is None:
            return None
        self.dict_pos = t.start_pos
        return self.s.decode_dict(t)

    def finish(self) -> None:
        if self.i < len(self.items):
            raise self.error("expected end of operation")


def dims_values(s: Any, tok: Any) -> list[Value]:
    """The index values of a `{%a, %b}` token."""
    from hlopt.ir.types import index

    inner = str(tok)[1:-1]
    out, off = [], 1
    for piece in inner.split(","):
        name = piece.strip()
        if name:
            out.append(use(s, name, tok.start_pos + off + piece.index(name), index))
        off += len(piece) + 1
    return out


def prop_text(op: Any, p: Any, names: tuple[tuple[str, bool], ...]) -> str:
    """` <a = 1, b = "x">`: the inherent attributes a strict-properties
    attr-dict prints before the discardable ones, in declaration order
    (`names`: (name, typed) where an untyped one prints without its type,
    as an attribute of a known type does)."""
    parts = []
    for name, typed in names:
        a = op.properties.get(name)
        if a is None:
            continue
        if type(a).__name__ == "UnitAttr":
            parts.append(name)
        elif not typed and hasattr(a, "value") and type(a).__name__ == "IntegerAttr":
            parts.append(f"{name} = {a.value}")
        else:
            parts.append(f"{name} = {p.attr_text(a)}")
    return " <" + ", ".join(parts) + ">" if parts else ""


def parse_props(s: Any, a: Args, names: tuple[tuple[str, bool], ...], known_types: dict) -> dict:
    """The `<a = 1, b = "x">` prop_text prints (values of an untyped name get
    their type from `known_types`)."""
    from hlopt.ir.attributes import IntegerAttr, UnitAttr
    from hlopt.syntax import split_pieces

    b = a.balanced("<")
    if b is None:
        return {}
    text, pos = b
    out: dict = {}
    allowed = [n for n, _ in names]
    for piece, off in split_pieces(text[1:-1]) if text[1:-1].strip() else []:
        at = pos + 1 + off + len(piece) - len(piece.lstrip())
        k, eq, v = piece.partition("=")
        k = k.strip()
        if k not in allowed:
            raise s.error(f"expected one of [{', '.join(allowed)}] keyword", at)
        if not eq:
            out[k] = UnitAttr()
            continue
        vpos = pos + 1 + off + piece.index("=") + 1 + len(v) - len(v.lstrip())
        t = known_types.get(k)
        if t is not None and re.fullmatch(r"\s*-?\d+\s*", v):
            out[k] = IntegerAttr(int(v), t)
        else:
            out[k] = s.decode("attr", v.strip(), vpos)
    return out


def _known_props_only(f: Any) -> Any:
    def print_custom(cls: Any, op: Any, p: Any) -> str | None:
        allowed = cls.inherent
        for k, _ in op.properties.entries:
            if k not in allowed and k != "operandSegmentSizes":
                return None  # a property the form cannot spell: the generic form keeps it
        return f(cls, op, p)
    return classmethod(print_custom)


def known_props_only(cls: Any) -> Any:
    """Class decorator for an op base: its subclasses' custom printers fall
    back to the generic form when the op carries properties they do not
    declare, so printing never drops one."""
    orig = cls.__init_subclass__.__func__

    def init_subclass(sub: Any, **kw: Any) -> None:
        orig(sub, **kw)
        pc = sub.__dict__.get("print_custom")
        if pc is not None:
            sub.print_custom = _known_props_only(pc.__func__)

    cls.__init_subclass__ = classmethod(init_subclass)
    return cls
