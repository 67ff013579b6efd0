"""`{-# ... #-}` file metadata (dialect resources), re-printed as MLIR does."""

from __future__ import annotations

import re
from collections.abc import Sequence

_TOKEN = re.compile(r'\s*(?:([A-Za-z_][\w$.\-]*)|("[^"\\]*(?:\\.[^"\\]*)*")|([{}:,]))')


def _parse(text: str, pos: int = 0, end: int | None = None):
    """Parse `key: value, ...` where value is a string or a nested {...}
    (in text[pos:end], read in place: a blob may be tens of MB)."""
    toks = []
    end = len(text) if end is None else end
    while pos < end:
        m = _TOKEN.match(text, pos, end)
        if m is None:
            if text[pos:end].strip() == "":
                break
            raise ValueError(f"malformed resource section near '{text[pos:pos + 20]}'")
        toks.append(m.group(1) or m.group(2) or m.group(3))
        pos = m.end()
    i = 0

    def entries(end: str | None):
        nonlocal i
        out = []
        while i < len(toks) and toks[i] != end:
            key = toks[i]
            if toks[i + 1] != ":":
                raise ValueError("expected ':' in resource section")
            i += 2
            if toks[i] == "{":
                i += 1
                val = entries("}")
                i += 1
            else:
                val = toks[i]
                i += 1
            out.append((key, val))
            if i < len(toks) and toks[i] == ",":
                i += 1
        return out

    return entries(None)


def merge(sections: Sequence[str]) -> list:
    out: list = []
    for s in sections:
        s = s.strip()
        out.extend(_parse(s, 3, len(s) - 3))
    return out


def format_resources(sections: Sequence[str], used: set | None = None) -> list[str]:
    """The `{-# ... #-}` lines; with `used`, builtin blobs not referenced by a
    dense_resource are dropped (MLIR prints only referenced resources), as
    are groups left empty. No lines at all when nothing remains."""
    entries = merge(sections)
    if used is not None:
        entries = _filter(entries, used)
    if not entries:
        return []
    lines = ["{-#"]

    def emit(items, depth):
        for k, (key, val) in enumerate(items):
            comma = "," if k < len(items) - 1 else ""
            if isinstance(val, list):
                lines.append("  " * depth + f"{key}: {{")
                emit(val, depth + 1)
                lines.append("  " * depth + "}" + comma)
            else:
                lines.append("  " * depth + f"{key}: {val}{comma}")

    emit(entries, 1)
    lines.append("#-}")
    return lines


def _filter(entries: list, used: set) -> list:
    out = []
    for key, val in entries:
        if key == "dialect_resources" and isinstance(val, list):
            groups = []
            for dialect, blobs in val:
                if dialect == "builtin" and isinstance(blobs, list):
                    blobs = [(k, v) for k, v in blobs if k in used or k.strip('"') in used]
                if blobs:
                    groups.append((dialect, blobs))
            val = groups
        if val:
            out.append((key, val))
    return out


def validate(section: str) -> None:
    """Raise ValueError if the `{-# ... #-}` section is malformed."""
    try:
        s = section.strip()
        _parse(s, 3, len(s) - 3)
    except (IndexError, TypeError):
        raise ValueError("malformed resource section") from None
