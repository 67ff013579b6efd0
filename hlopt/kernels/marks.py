"""Marks that op declarations put on their `interpret` rules; numpy-free, so
declaring an op does not load the interpreter's kernels."""

from __future__ import annotations

from typing import Any


def lifts(fn: Any) -> Any:
    """Mark an `interpret` function as elementwise: a reduction body made of
    such ops runs once on whole arrays instead of once per element."""
    fn.lifts = True
    return fn
