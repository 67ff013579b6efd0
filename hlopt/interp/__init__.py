"""The reference interpreter: runs StableHLO (with chlo, func, sdy) on
numpy over N x R simulated devices. See docs/interpreter.md."""

from __future__ import annotations

from hlopt.interp.api import assemble, interpret, random_inputs
from hlopt.interp.values import TOKEN, InterpError

__all__ = ["interpret", "assemble", "random_inputs", "InterpError", "TOKEN"]
