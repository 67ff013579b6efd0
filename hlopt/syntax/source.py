"""Source text, positions and lazily materialized file:line:col locations."""

from __future__ import annotations

from array import array
from bisect import bisect_right

from hlopt.ir.location import FileLineColLoc


class Source:
    """A buffer being parsed; `line_offset` shifts line numbers so chunks of
    a --split-input-file run report lines of the original file; `start_col`
    is where a chunk's own text starts on its first line (after the split
    marker, which the chunk holds as spaces), 0 for a whole file."""

    __slots__ = ("name", "text", "line_offset", "start_col", "_starts", "_ascii", "_pos_class", "__weakref__")

    def __init__(self, name: str, text: str, line_offset: int = 0, start_col: int = 0):
        self.name, self.text, self.line_offset, self.start_col = name, text, line_offset, start_col
        self._starts: array | None = None
        self._ascii: bool | None = None
        self._pos_class: type[SourcePos] | None = None

    def pos_maker(self) -> "type[SourcePos]":
        """The class whose instances are this source's lazy positions:
        `maker(offset)` is one (see SourcePos)."""
        c = self._pos_class
        if c is None:
            c = self._pos_class = type("SourcePos", (SourcePos,), {"__slots__": (), "src": self})
        return c

    def line_col(self, pos: int) -> tuple[int, int]:
        if self._starts is None:
            # 8 bytes a line (a list of ints is ~40): kept as long as the IR's positions
            starts = array("q", [0])
            t = self.text
            i = t.find("\n")
            while i >= 0:
                starts.append(i + 1)
                i = t.find("\n", i + 1)
            self._starts = starts
        pos = max(0, min(pos, len(self.text)))
        ln = bisect_right(self._starts, pos) - 1
        start = self._starts[ln]
        if self._ascii is None:
            self._ascii = self.text.isascii()
        if self._ascii:  # no slice: a line may hold a multi-MB constant
            col = pos - start
        else:  # MLIR counts columns in bytes of the UTF-8 buffer
            col = len(self.text[start:pos].encode("utf-8", "surrogatepass"))
        return ln + 1 + self.line_offset, col + 1

    def line_text(self, line: int) -> str:
        """The text of (original-file) line `line`."""
        self.line_col(0)
        assert self._starts is not None  # line_col built the line table
        i = line - 1 - self.line_offset
        if not 0 <= i < len(self._starts):
            return ""
        start = self._starts[i]
        end = self.text.find("\n", start)
        return self.text[start:] if end < 0 else self.text[start:end]

    def location(self, pos: int) -> FileLineColLoc:
        line, col = self.line_col(pos)
        return FileLineColLoc(self.name, line, col)


class SourcePos(int):
    """An op's position (an offset in its source), turned into a
    FileLineColLoc only when needed.

    Every parsed op has one, so it is an int (one small object, the offset
    inline) of a subclass made per source (`Source.pos_maker`) whose class
    attribute `src` is that source. It is always true and compares and
    hashes by identity, as the two-field object it replaced did (passes key
    caches by an op's lazy location)."""

    __slots__ = ()
    src: Source
    __eq__ = object.__eq__
    __ne__ = object.__ne__
    __hash__ = object.__hash__

    def __bool__(self) -> bool:
        return True

    @property
    def pos(self) -> int:
        return int(self)

    def location(self) -> FileLineColLoc:
        return self.src.location(int(self))

    def __repr__(self) -> str:
        return f"<SourcePos {self.src.name}+{int(self)}>"
