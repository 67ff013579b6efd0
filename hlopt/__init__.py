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


def print_op(op, generic: bool = False, debuginfo: bool = False, local_scope: bool = False) -> str:
    from hlopt.syntax.printer import print_op as _p

    return _p(op, generic, debuginfo, local_scope=local_scope)


def verify(op) -> None:
    from hlopt.ir.verifier import verify as _v

    _v(op)


def interpret(module, args=None, num_partitions=None, num_replicas=None, entry: str = "main", seed: int = 0):
    """Run `entry` with the reference interpreter on num_partitions x
    num_replicas simulated devices; returns each device's results."""
    from hlopt.interp import interpret as _i

    return _i(module, args, num_partitions, num_replicas, entry, seed)


def check_semantics(module, pipeline, seeds: int = 1, **kw):
    """Run a pass pipeline, interpreting the module before it and after
    every pass; raises at the first pass that changes a result."""
    from hlopt.passes.semantics import check_semantics as _c

    return _c(module, pipeline, seeds, **kw)
