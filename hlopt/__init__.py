"""hlopt: an opt-style compiler driver for MLIR textual IR."""

from __future__ import annotations

from hlopt.dialects import DIALECTS
from hlopt.ir.context import Context, set_default_context


def _print(op) -> str:
    from hlopt.syntax.printer import print_op as _p

    return _p(op)


# the context used when none is active: hlopt's own dialects (names only)
set_default_context(Context(DIALECTS, op_printer=_print))

__version__ = "0.1.0"


def parse_module(text: str, filename: str = "<input>", allow_unregistered: bool = True):
    from hlopt.syntax.parser import parse_module as _p

    return _p(text, filename, allow_unregistered)


def print_op(op, generic: bool = False, debuginfo: bool = False) -> str:
    from hlopt.syntax.printer import print_op as _p

    return _p(op, generic, debuginfo)


def verify(op) -> None:
    from hlopt.ir.verifier import verify as _v

    _v(op)
