"""The bytecode reader on hand-made files: the format's primitives, a
minimal module end to end (through the CLI, whatever the file name), and
the located errors for what it cannot read."""

from __future__ import annotations

import subprocess
import sys

import pytest

from hlopt.syntax.bytecode import bytecode_to_text
from hlopt.syntax.bytecode.stream import BytecodeError, Stream
from hlopt.syntax.diagnostics import DiagnosticError


def varint(v: int) -> bytes:
    """PrefixVarInt, as MLIR's writer emits it."""
    for n in range(1, 9):
        if v < 1 << (7 * n):
            return ((v << n) | (1 << (n - 1))).to_bytes(n, "little")
    return b"\0" + v.to_bytes(8, "little")


def section(sid: int, data: bytes) -> bytes:
    return bytes([sid]) + varint(len(data)) + data


def build(version: int = 6, attrs: list[tuple[int, bytes]] | None = None) -> bytes:
    """A module with one empty block; `attrs` are (dialect, custom encoding)
    entries of the attribute table (the last one is the op's location)."""
    strings = [b"builtin", b"module", b"foo"]
    strsec = varint(len(strings)) + b"".join(varint(len(s) + 1) for s in reversed(strings)) + \
        b"".join(s + b"\0" for s in strings)
    dialects = varint(2) + varint(0 << 1) + varint(2 << 1) + varint(1) + varint(0) + varint(1) + varint(1 << 1 | 1)
    attrs = attrs if attrs is not None else [(0, varint(15))]  # builtin UnknownLoc
    at_data = b"".join(e for _, e in attrs)
    offsets = varint(len(attrs)) + varint(0)
    for d, e in attrs:
        offsets += varint(d) + varint(1) + varint(len(e) << 1 | 1)
    region = varint(1) + varint(0) + varint(0)  # one block, no values, no ops
    op = varint(0) + bytes([0x10]) + varint(len(attrs) - 1) + varint(1 << 1 | 1) + section(4, region)
    ir = varint(1 << 1) + op
    return (b"ML\xefR" + varint(version) + b"test\0" + section(0, strsec) + section(1, dialects)
            + section(2, at_data) + section(3, offsets) + section(4, ir))


@pytest.mark.parametrize("value", [0, 1, 127, 128, 16383, 16384, 1 << 40, (1 << 64) - 1])
def test_varint_round_trip(value):
    assert Stream(varint(value)).varint() == value


def test_signed_varint_is_zigzag():
    assert Stream(varint(3)).signed_varint() == -2
    assert Stream(varint(4)).signed_varint() == 2


def test_truncated_varint_is_an_error():
    with pytest.raises(BytecodeError, match="unexpected end"):
        Stream(varint(1 << 20)[:2]).varint()


def test_minimal_module_reads():
    text = bytecode_to_text("m.bc", build())
    assert '"builtin.module"() (' in text and "loc(unknown)" in text


def test_version_too_new_is_located():
    with pytest.raises(DiagnosticError) as e:
        bytecode_to_text("m.bc", build(version=7))
    d = e.value.diagnostics[0]
    assert d.header() == "m.bc:0:0: error: bytecode version 7 is newer than the current version 6 " \
                         "(at byte offset 4)"


def test_unknown_dialect_encoding_is_named():
    # the op's location (the last attribute) has a custom encoding of dialect
    # `foo`, which hlopt does not know
    with pytest.raises(DiagnosticError) as e:
        bytecode_to_text("m.bc", build(attrs=[(0, varint(15)), (1, varint(3))]))
    msg = e.value.diagnostics[0].message
    assert "unknown dialect 'foo'" in msg and "custom encoding" in msg


def test_bad_builtin_code_is_reported():
    with pytest.raises(DiagnosticError, match="unknown builtin attribute code: 99"):
        bytecode_to_text("m.bc", build(attrs=[(0, varint(99))]))


def test_cli_detects_bytecode_by_content(tmp_path):
    f = tmp_path / "model.txt"  # the name says nothing; the magic does
    f.write_bytes(build())
    r = subprocess.run([sys.executable, "-m", "hlopt", str(f)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "module {\n}\n"


def test_cli_reports_unreadable_bytecode(tmp_path):
    f = tmp_path / "model.mlirbc"
    f.write_bytes(build(version=9))
    r = subprocess.run([sys.executable, "-m", "hlopt", str(f)], capture_output=True, text=True)
    assert r.returncode == 1
    assert f"{f}:0:0: error: bytecode version 9 is newer than the current version 6" in r.stderr
    assert "unexpected character" not in r.stderr and "Traceback" not in r.stderr


def test_verify_roundtrip_reports_a_difference(monkeypatch):
    """--verify-roundtrip compares the re-read module's print with the
    original's: a writer that loses something is caught."""
    from hlopt.driver import roundtrip_problem
    from hlopt.syntax.bytecode import writer
    from hlopt.syntax.parser import parse_source
    from hlopt.syntax.source import Source

    text = 'func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n'
    module, _ = parse_source(Source("m.mlir", text))
    assert roundtrip_problem(module, "m.mlir", False) is None
    other, _ = parse_source(Source("m.mlir", text.replace("@f", "@g")))
    monkeypatch.setattr(writer, "write_bytecode", lambda m: writer.Writer().write(other))
    assert roundtrip_problem(module, "m.mlir", False) == \
        "roundTrip testing (bytecode) roundtripped module differs from reference"
