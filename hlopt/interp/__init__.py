"""The reference interpreter: runs StableHLO (with chlo, func, sdy) on
numpy over N x R simulated devices. See docs/interpreter.md.

The executor lives here (api, machine, runtime, limits, inputs; --check-semantics
in semantics); the numpy kernels that op declarations' `interpret` rules call
live below the dialects in hlopt.kernels. The names below load on first use
(PEP 562), so importing this package does not import numpy.
"""

from __future__ import annotations

from typing import Any

__all__ = ["interpret", "assemble", "random_inputs", "InterpError", "TOKEN"]

_HOMES = {"interpret": "hlopt.interp.api", "assemble": "hlopt.interp.api", "random_inputs": "hlopt.interp.api",
          "InterpError": "hlopt.kernels.values", "TOKEN": "hlopt.kernels.values"}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'hlopt.interp' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(_HOMES[name]), name)
