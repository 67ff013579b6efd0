"""The resource encoders of the bytecode writer: entries classified as
MLIR's text parser does, blob padding relative to the section, offset
section layout (external groups first, keyed by string; dialect groups by
dialect number), sections aligned in the file, dense_resource handles."""

from __future__ import annotations

import pytest

from hlopt.syntax.bytecode.resource_writer import (
    BLOB,
    BOOL,
    STRING,
    ResourceEntry,
    ResourceWriteError,
    encode_entry,
    entry_from_text,
    groups_from_sections,
    resource_sections,
)
from hlopt.syntax.bytecode.stream import Stream
from hlopt.syntax.bytecode.writer import _aligned_section, varint, write_bytecode


def test_entries_are_classified_like_mlirs_parser():
    assert entry_from_text("a", "true") == ResourceEntry("a", BOOL, True)
    assert entry_from_text("a", "false") == ResourceEntry("a", BOOL, False)
    assert entry_from_text("a", '"x\\22y\\n"') == ResourceEntry("a", STRING, 'x"y\n')
    blob = entry_from_text("a", '"0x08000000AABB"')
    assert (blob.kind, blob.value, blob.alignment) == (BLOB, b"\xaa\xbb", 8)


@pytest.mark.parametrize(("tok", "msg"), [
    ('"0x0300000001"', "alignment 3 is not a power of two"),
    ('"0x0100"', "no alignment prefix"),
    ('"0xZZ000000"', "malformed hex blob"),
    ("12", "expected a string, a hex blob or a bool"),
])
def test_bad_entries_are_named(tok, msg):
    with pytest.raises(ResourceWriteError, match=msg):
        entry_from_text("k", tok)


@pytest.mark.parametrize("offset", range(0, 20))
@pytest.mark.parametrize("align", [1, 2, 8, 16])
def test_blob_padding_lands_data_on_its_alignment(offset, align):
    e = ResourceEntry("k", BLOB, b"\x01\x02\x03", align)
    enc = encode_entry(e, offset, lambda s: 0)
    s = Stream(b"\0" * offset + enc, offset)
    assert s.varint() == align and s.varint() == 3
    s.align(align)  # fails on a byte that is not 0xCB
    assert s.pos % align == 0 and s.bytes(3) == b"\x01\x02\x03" and s.empty()


def test_bool_and_string_encodings():
    strings = {"hello": 5}
    assert encode_entry(ResourceEntry("k", BOOL, True), 3, strings.get) == b"\x01"
    assert encode_entry(ResourceEntry("k", STRING, "hello"), 0, strings.get) == varint(5)
    assert encode_entry(ResourceEntry("k", BLOB, None), 0, strings.get) == b""  # a declaration


def test_offset_section_layout():
    names: dict[str, int] = {}

    def string(s: str) -> int:
        return names.setdefault(s, len(names))

    ext = [("ext", [ResourceEntry("flag", BOOL, False), ResourceEntry("s", STRING, "v")])]
    dia = [("builtin", [ResourceEntry("b", BLOB, b"\xff" * 4, 4)])]
    offs, data, align = resource_sections(ext, dia, string, {"builtin": 7}.get)
    assert align == 4
    s = Stream(offs)
    assert s.varint() == 1  # one external group
    assert s.varint() == names["ext"] and s.varint() == 2
    sizes = []
    for key in ("flag", "s"):
        assert s.varint() == names[key]
        sizes.append(s.varint())
        s.byte()
    assert s.varint() == 7 and s.varint() == 1  # the dialect group, by dialect number
    assert s.varint() == names["b"]
    blob_size = s.varint()
    assert s.byte() == BLOB and s.empty()
    assert sum(sizes) + blob_size == len(data)  # each size includes its padding
    assert data[sum(sizes) + blob_size - 4:] == b"\xff" * 4


def test_groups_from_sections_keeps_order_and_rejects_unknown_sections():
    sec = '{-#\n dialect_resources: { builtin: { x: "0x0100000001" } },\n external_resources: { r: { p: "q" } }\n#-}'
    ext, dia = groups_from_sections([sec])
    assert ext == [("r", [ResourceEntry("p", STRING, "q")])]
    assert dia == [("builtin", [ResourceEntry("x", BLOB, b"\x01", 1)])]
    with pytest.raises(ResourceWriteError, match="unknown file metadata section 'other'"):
        groups_from_sections(['{-# other: { a: { b: true } } #-}'])


@pytest.mark.parametrize("at", range(0, 40, 3))
def test_aligned_section_starts_its_contents_aligned(at):
    data = b"\x05" * 9
    sec = _aligned_section(at, 5, data, 16)
    s = Stream(b"\0" * at + sec, at)
    sid, start, end = s.section()
    assert sid == 5 and start % 16 == 0 and (b"\0" * at + sec)[start:end] == data


def test_dense_resource_uses_the_handle_encoding():
    from hlopt.syntax.bytecode import bytecode_to_text
    from hlopt.syntax.parser import parse_source
    from hlopt.syntax.source import Source

    text = ('func.func @f() -> (tensor<1xi8>, tensor<1xi8>) {\n'
            '  %0 = stablehlo.constant dense_resource<q> : tensor<1xi8>\n'
            '  %1 = stablehlo.constant dense_resource<p> : tensor<1xi8>\n'
            '  return %0, %1 : tensor<1xi8>, tensor<1xi8>\n}\n'
            '{-#\n  dialect_resources: {\n    builtin: {\n      p: "0x0100000007",\n      q: "0x0100000009"\n'
            '    }\n  }\n#-}\n')
    module, res = parse_source(Source("-", text), False)
    data = write_bytecode(module, resources=res)
    assert b"dense_resource" not in data  # not the text fallback
    back = bytecode_to_text("x", data)
    # handles in order of use: q is handle 0, p handle 1, each blob intact
    assert back.index('q: "0x0100000009"') < back.index('p: "0x0100000007"')
    assert 0 < back.index("dense_resource<q>") < back.index("dense_resource<p>")
