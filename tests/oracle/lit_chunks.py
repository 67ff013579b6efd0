"""The `// -----` chunks of lit `--verify-diagnostics` files that expect an
error on their next line, for oracle tests that ask MLIR for the same verdict."""

from __future__ import annotations

import pathlib
import re
from collections.abc import Callable, Iterable

EXPECTED = re.compile(r"// expected-error@\+1 \{\{(.*)\}\}")


def expected_error_chunks(paths: Iterable[pathlib.Path],
                          label: Callable[[pathlib.Path], str] = lambda p: p.name) -> list[tuple[str, str, str]]:
    """(id, chunk text, expected message) for each chunk with an expected error."""
    out = []
    for path in paths:
        for i, chunk in enumerate(path.read_text().split("// -----")):
            m = EXPECTED.search(chunk)
            if m is not None:
                out.append((f"{label(path)}#{i}", chunk, m.group(1)))
    return out
