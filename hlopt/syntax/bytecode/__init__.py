"""MLIR bytecode (docs/BytecodeFormat.md): detection, reading, writing.

Reading decodes every section and builds the IR directly (build.py), with
the text parser's constructors, so bytecode and text meet one verifier and
give the same IR (uses in the writer's order); `bytecode_to_text` gives
the module as generic text. Dialect-specific attribute/type encodings come
from the dialect's `bytecode` hooks (hlopt.ir.dialect.Dialect); this package
names no dialect but builtin, whose encodings are part of the format.
"""

from __future__ import annotations

from typing import Any

from hlopt.syntax.source import Source

MAGIC = b"ML\xefR"


class BytecodeSource(Source):
    """An input that is MLIR bytecode: parse_source builds its IR from
    `data`; its text is empty (diagnostics point at `name:0:0` or at the
    locations the file carries)."""

    __slots__ = ("data",)

    def __init__(self, name: str, data: bytes):
        super().__init__(name, "")
        self.data = data


def is_bytecode(data: bytes) -> bool:
    return data[:4] == MAGIC


def bytecode_to_text(name: str, data: bytes) -> str:
    """The module of a bytecode buffer as generic MLIR text (with its
    locations and resources). Raises DiagnosticError located at
    `name:0:0`, as MLIR's reader reports, with the byte offset."""
    from hlopt.ir.location import FileLineColLoc
    from hlopt.syntax.bytecode.reader import BytecodeFile
    from hlopt.syntax.bytecode.stream import BytecodeError
    from hlopt.syntax.diagnostics import Diagnostic, DiagnosticError

    try:
        return BytecodeFile(data, name).to_text()
    except BytecodeError as e:
        msg = f"{e.message} (at byte offset {e.offset})"
        raise DiagnosticError([Diagnostic("error", msg, FileLineColLoc(name, 0, 0))]) from None
    except RecursionError:
        raise


def read_bytecode(name: str, data: bytes, allow_unregistered: bool = True) -> tuple:
    """(module, resources) of a bytecode buffer, the IR built directly.
    Errors as bytecode_to_text's."""
    from hlopt.ir.core import no_gc
    from hlopt.ir.location import FileLineColLoc
    from hlopt.syntax.bytecode.build import read_module
    from hlopt.syntax.bytecode.reader import BytecodeFile
    from hlopt.syntax.bytecode.stream import BytecodeError
    from hlopt.syntax.diagnostics import Diagnostic, DiagnosticError

    try:
        with no_gc():
            return read_module(BytecodeFile(data, name), allow_unregistered)
    except BytecodeError as e:
        msg = f"{e.message} (at byte offset {e.offset})"
        raise DiagnosticError([Diagnostic("error", msg, FileLineColLoc(name, 0, 0))]) from None


# -- the codec a dialect's `bytecode` hooks use (its public API) ---------------
# A dialect that reads or writes its own attribute/type encodings (VHLO) uses
# these names, from this package, and none of its submodules; they load on
# first use (PEP 562) so importing the package stays cheap.
_CODEC = {
    # writing: the writer a dialect's encoder extends, its table entries, LEB128
    "Writer": "writer", "Entry": "writer", "varint": "writer",
    # reading: the format error, builtin attribute/type spellings and payloads
    "BytecodeError": "stream",
    "element_type": "builtin", "num_elements": "builtin", "int_kind": "builtin", "float_width": "builtin",
    "read_apint": "builtin", "int_text": "builtin", "dense_text": "builtin", "ranked_tensor_text": "builtin",
    "entry_text": "builtin", "unquote": "builtin",
}
__all__ = sorted(["MAGIC", "BytecodeSource", "is_bytecode", "bytecode_to_text", "read_bytecode", *_CODEC])


def __getattr__(name: str) -> Any:
    home = _CODEC.get(name)
    if home is None:
        raise AttributeError(f"module 'hlopt.syntax.bytecode' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"hlopt.syntax.bytecode.{home}"), name)
    globals()[name] = value
    return value
