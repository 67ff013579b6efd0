"""Primitive decoding: PrefixVarInt, zigzag, fixed bytes, sections."""

from __future__ import annotations


class BytecodeError(Exception):
    """A malformed or unsupported file; `offset` is the byte it concerns."""

    def __init__(self, message: str, offset: int = 0):
        super().__init__(message)
        self.message = message
        self.offset = offset


class Stream:
    """A cursor over data[pos:end] (a section or an entry)."""

    __slots__ = ("data", "pos", "end")

    def __init__(self, data: bytes, pos: int = 0, end: int | None = None):
        self.data = data
        self.pos = pos
        self.end = len(data) if end is None else end

    def empty(self) -> bool:
        return self.pos >= self.end

    def fail(self, message: str) -> BytecodeError:
        return BytecodeError(message, self.pos)

    def byte(self) -> int:
        if self.pos >= self.end:
            raise self.fail("unexpected end of bytecode data")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def bytes(self, n: int) -> bytes:
        if n < 0 or self.pos + n > self.end:
            raise self.fail(f"attempting to read {n} bytes past the end of the data")
        b = self.data[self.pos:self.pos + n]
        self.pos += n
        return b

    def varint(self) -> int:
        data, pos = self.data, self.pos
        if pos >= self.end:
            raise self.fail("unexpected end of bytecode data")
        first = data[pos]
        if first & 1:  # the common one-byte case
            self.pos = pos + 1
            return first >> 1
        if first == 0:  # 0x00 prefix: eight full bytes follow
            self.pos = pos + 1
            return int.from_bytes(self.bytes(8), "little")
        extra = (first & -first).bit_length() - 1  # trailing zeros = extra bytes
        if pos + extra + 1 > self.end:
            raise self.fail("unexpected end of bytecode data")
        self.pos = pos + extra + 1
        return int.from_bytes(data[pos:pos + extra + 1], "little") >> (extra + 1)

    def varints(self, n: int) -> list[int]:
        """n varints (an op's operand or result-type indices): one-byte
        ones, the common case, without a call each."""
        data, pos, end = self.data, self.pos, self.end
        out = []
        for _ in range(n):
            if pos < end and data[pos] & 1:
                out.append(data[pos] >> 1)
                pos += 1
            else:
                self.pos = pos
                out.append(self.varint())
                pos = self.pos
        self.pos = pos
        return out

    def varint_flag(self) -> tuple[int, bool]:
        v = self.varint()
        return v >> 1, bool(v & 1)

    def signed_varint(self) -> int:
        v = self.varint()
        return (v >> 1) ^ -(v & 1)

    def cstring(self) -> str:
        end = self.data.find(b"\0", self.pos, self.end)
        if end < 0:
            raise self.fail("malformed null-terminated string, no null character found")
        s = self.data[self.pos:end].decode("utf-8", "surrogateescape")
        self.pos = end + 1
        return s

    def align(self, alignment: int) -> None:
        if alignment & (alignment - 1) or alignment == 0:
            raise self.fail(f"expected alignment to be a power-of-two, got {alignment}")
        while self.pos % alignment:
            if self.byte() != 0xCB:
                raise BytecodeError("expected alignment byte (0xCB)", self.pos - 1)

    def section(self) -> tuple[int, int, int]:
        """(id, start, end) of the next section; the cursor moves past it."""
        at = self.pos
        code = self.byte()
        sid, aligned = code & 0x7F, bool(code & 0x80)
        length = self.varint()
        if aligned:
            self.align(self.varint())
        start = self.pos
        if start + length > self.end:
            raise BytecodeError(f"section with id {sid} runs past the end of the data", at)
        self.pos = start + length
        return sid, start, start + length
