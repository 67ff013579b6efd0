"""`--split-input-file`: chunks separated by `// -----` markers."""

from __future__ import annotations

import re

from hlopt.syntax.source import Source

MARKER = "// -----"


def split_source(name: str, text: str, marker: str = MARKER) -> list[Source]:
    """Chunks keep their original line numbers (via line_offset) and columns.

    As in MLIR (splitAndProcessBuffer), the marker splits wherever it occurs,
    and whatever follows it on its line (`// ----- x`, the sixth dash of
    `// ------`) is the start of the next chunk, not part of the marker. That
    chunk begins on the marker's line; the marker and what precedes it there
    become spaces so columns stay those of the file."""
    pat = re.compile(re.escape(marker))
    chunks = []
    start = 0
    line = 0
    pad = ""
    for m in pat.finditer(text):
        chunk = pad + text[start:m.start()]
        chunks.append(Source(name, chunk, line, len(pad)))
        line += text.count("\n", start, m.start())
        line_start = text.rfind("\n", 0, m.start()) + 1
        pad = " " * (m.end() - line_start)
        start = m.end()
    chunks.append(Source(name, pad + text[start:], line, len(pad)))
    return chunks
