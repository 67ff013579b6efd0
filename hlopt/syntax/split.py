"""`--split-input-file`: chunks separated by `// -----` lines."""

from __future__ import annotations

import re

from hlopt.syntax.source import Source

MARKER = "// -----"


def split_source(name: str, text: str, marker: str = MARKER) -> list[Source]:
    """Chunks keep their original line numbers (via line_offset)."""
    pat = re.compile(r"^" + re.escape(marker) + r"[^\n]*(?:\n|\Z)", re.M)
    chunks = []
    start = 0
    line = 0
    for m in pat.finditer(text):
        chunk = text[start:m.start()]
        chunks.append(Source(name, chunk, line))
        line += chunk.count("\n") + text[m.start():m.end()].count("\n")
        start = m.end()
    chunks.append(Source(name, text[start:], line))
    return chunks
