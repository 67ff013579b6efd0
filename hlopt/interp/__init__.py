"""The reference interpreter: runs StableHLO (with chlo, func, sdy) on
numpy over N x R simulated devices. See docs/interpreter.md.

The names below load on first use (PEP 562), so that op declarations can
import the numpy-free parts of this package (`marks`) without numpy.
"""

from __future__ import annotations

from typing import Any

__all__ = ["interpret", "assemble", "random_inputs", "InterpError", "TOKEN"]

_HOMES = {"interpret": "api", "assemble": "api", "random_inputs": "api", "InterpError": "values", "TOKEN": "values"}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'hlopt.interp' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"hlopt.interp.{_HOMES[name]}"), name)
