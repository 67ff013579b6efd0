"""`{-# ... #-}` resources -> the bytecode resource and resource-offset sections.

The text form keeps each entry as MLIR's printer spells it: `true`/`false`
(bool), a `"0x..."` string (a blob whose first 4 bytes are its alignment,
little endian) or any other string. The bytecode form (BytecodeFormat.md)
keeps each entry's bytes in the resource section and its key, size and kind
in the offset section; external groups come first, keyed by string, then
dialect groups keyed by dialect number. A dense_resource attribute names its
blob by handle: the entry's position among all dialect resource entries.
"""

from __future__ import annotations

from dataclasses import dataclass

BLOB, BOOL, STRING = 0, 1, 2
ALIGN_BYTE = 0xCB


class ResourceWriteError(ValueError):
    pass


@dataclass(frozen=True)
class ResourceEntry:
    key: str
    kind: int
    value: bytes | bool | str | None  # None: a declared handle without data
    alignment: int = 1


def _text(tok: str) -> str:
    from hlopt.syntax.attr_parser import unescape

    if tok.startswith('"'):
        return unescape(tok).decode("utf-8", "surrogateescape")
    return tok


def entry_from_text(key: str, tok: str) -> ResourceEntry:
    """One `key: value` of a resource group, as MLIR's parser classifies it."""
    if tok in ("true", "false"):
        return ResourceEntry(key, BOOL, tok == "true")
    if tok.startswith('"0x'):
        try:
            raw = bytes.fromhex(tok[3:-1])
        except ValueError:
            raise ResourceWriteError(f"resource '{key}': malformed hex blob") from None
        if len(raw) < 4:
            raise ResourceWriteError(f"resource '{key}': blob has no alignment prefix")
        align = int.from_bytes(raw[:4], "little")
        if align == 0 or align & (align - 1):
            raise ResourceWriteError(f"resource '{key}': blob alignment {align} is not a power of two")
        return ResourceEntry(key, BLOB, raw[4:], align)
    if tok.startswith('"'):
        return ResourceEntry(key, STRING, _text(tok))
    raise ResourceWriteError(f"resource '{key}': expected a string, a hex blob or a bool, got '{tok}'")


def groups_from_sections(sections: list[str]) -> tuple[list, list]:
    """(external groups, dialect groups) of `{-# ... #-}` sections, each a
    list of (group name, [ResourceEntry])."""
    from hlopt.syntax.resources import merge

    external: list = []
    dialect: list = []
    for title, groups in merge(list(sections)):
        if title not in ("dialect_resources", "external_resources"):
            raise ResourceWriteError(f"unknown file metadata section '{title}'")
        if not isinstance(groups, list):
            raise ResourceWriteError(f"'{title}' must hold groups of resources")
        out = dialect if title == "dialect_resources" else external
        for name, entries in groups:
            if not isinstance(entries, list):
                raise ResourceWriteError(f"resource group '{_text(name)}' must be a dictionary")
            items = []
            for k, v in entries:
                if isinstance(v, list):
                    raise ResourceWriteError(f"resource '{_text(k)}' has a nested dictionary as its value")
                items.append(entry_from_text(_text(k), v))
            out.append((_text(name), items))
    return external, dialect


def encode_entry(e: ResourceEntry, offset: int, string_index) -> bytes:
    """The entry's bytes at `offset` in the resource section (blob padding is
    relative to the section start, which the writer aligns in the file)."""
    from hlopt.syntax.bytecode.writer import varint

    if e.value is None:
        return b""
    if e.kind == BOOL:
        return bytes([int(bool(e.value))])
    if e.kind == STRING:
        return varint(string_index(e.value))
    assert isinstance(e.value, bytes)  # a blob: the other kinds returned above
    head = varint(e.alignment) + varint(len(e.value))
    pad = -(offset + len(head)) % e.alignment
    return head + bytes([ALIGN_BYTE]) * pad + e.value


def resource_sections(external: list, dialect: list, string_index, dialect_index) -> tuple[bytes, bytes, int]:
    """(offset section, resource section, its required alignment). `dialect`
    holds (dialect name, entries) in handle order."""
    from hlopt.syntax.bytecode.writer import varint

    data = bytearray()
    offs = bytearray(varint(len(external)))
    align = 1

    def group(key: int, entries: list) -> None:
        nonlocal align
        offs.extend(varint(key) + varint(len(entries)))
        for e in entries:
            enc = encode_entry(e, len(data), string_index)
            data.extend(enc)
            if e.kind == BLOB and e.value is not None:
                align = max(align, e.alignment)
            offs.extend(varint(string_index(e.key)) + varint(len(enc)) + bytes([e.kind]))

    for name, entries in external:
        group(string_index(name), entries)
    for name, entries in dialect:
        group(dialect_index(name), entries)
    return bytes(offs), bytes(data), align
