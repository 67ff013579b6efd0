"""Interpreter rules: one function per op name.

A rule has the signature

    rule(op: Operation, args: list[Any], ctx: DeviceContext) -> list[Any]

`args` are the operand values (numpy arrays, TOKEN, tuples), the result is
one value per op result. `ctx` gives the device (ctx.partition_id,
ctx.replica_id, ctx.device), the collective runtime, the region executor
(`ctx.run_region(region, args) -> list`), per-op cached decoding
(`ctx.cached(op, fn)`) and module facts (ctx.num_partitions, ...).

Rules are declared with `@rule("stablehlo.add", ...)` in the modules of
hlopt.interp.rules; `rule_table()` collects them once into an immutable
mapping. An op definition may instead carry an `interpret` classmethod of
the same signature, which takes precedence (so rules can later move beside
the op declarations unchanged).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

Rule = Callable[[Any, list, Any], list]

_RULE_MODULES = (
    "hlopt.interp.rules.stablehlo_elementwise",
    "hlopt.interp.rules.stablehlo_shape",
    "hlopt.interp.rules.stablehlo_compute",
    "hlopt.interp.rules.stablehlo_control",
    "hlopt.interp.rules.stablehlo_collectives",
    "hlopt.interp.rules.custom_call",
    "hlopt.interp.rules.chlo",
    "hlopt.interp.rules.sdy",
)


def rule(*names: str) -> Callable[[Rule], Rule]:
    """Mark a function as the rule for the given op names (read by
    rule_table from the defining module; nothing global is mutated)."""

    def deco(fn: Rule) -> Rule:
        fn.__interp_ops__ = names  # type: ignore[attr-defined]
        return fn

    return deco


_TABLE: Mapping[str, Rule] | None = None


def rule_table() -> Mapping[str, Rule]:
    global _TABLE
    if _TABLE is None:
        table: dict[str, Rule] = {}
        for modname in _RULE_MODULES:
            mod = importlib.import_module(modname)
            for obj in vars(mod).values():
                for name in getattr(obj, "__interp_ops__", ()):
                    table[name] = obj
        _TABLE = MappingProxyType(table)
    return _TABLE


def lookup_rule(op: Any) -> Rule | None:
    d = op.opdef
    fn = getattr(d, "interpret", None) if d is not None else None
    if fn is not None:
        return fn
    return rule_table().get(op.name)
