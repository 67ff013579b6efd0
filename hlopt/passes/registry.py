"""The pass registry: filled by @register_pass, loaded lazily.

A pass `foo-bar` lives in module hlopt.passes.foo_bar, so looking one up
imports just that module; listing all passes imports every pass module.
"""

from __future__ import annotations

import importlib
import pkgutil

from hlopt.passes.base import Pass

_PASSES: dict[str, type[Pass]] = {}
_INFRA = {"base", "registry", "pipeline", "manager", "instrumentation", "greedy", "catalog", "semantics"}


def register_pass(cls: type[Pass]) -> type[Pass]:
    if not cls.argument:
        raise ValueError(f"{cls.__name__} has no argument name")
    _PASSES[cls.argument] = cls
    return cls


def get_pass(argument: str) -> type[Pass] | None:
    cls = _PASSES.get(argument)
    if cls is not None:
        return cls
    mod = "hlopt.passes." + argument.replace("-", "_")
    try:
        importlib.import_module(mod)
    except ModuleNotFoundError as e:
        if e.name != mod:
            raise
    cls = _PASSES.get(argument)
    if cls is None:
        load_all()
        cls = _PASSES.get(argument)
    return cls


def load_all() -> None:
    import hlopt.passes as pkg

    # walk_packages: passes may live in subpackages (hlopt/passes/x/y.py)
    for m in pkgutil.walk_packages(pkg.__path__, "hlopt.passes."):
        leaf = m.name.rsplit(".", 1)[1]
        if leaf not in _INFRA and not leaf.startswith("_"):
            importlib.import_module(m.name)


def registered() -> dict[str, type[Pass]]:
    """The passes registered so far (without importing any pass module)."""
    return dict(_PASSES)


def all_passes() -> list[type[Pass]]:
    load_all()
    return [_PASSES[k] for k in sorted(_PASSES)]


def closest_names(name: str, candidates: list[str], n: int = 3) -> list[str]:
    """The candidates nearest to a misspelled `name`, best first."""
    import difflib

    return difflib.get_close_matches(name, candidates, n=n, cutoff=0.6)


def did_you_mean(argument: str) -> str:
    """` (did you mean 'cse'?)` for a misspelled pass name; '' if none is close."""
    load_all()
    near = closest_names(argument, sorted(_PASSES))
    return " (did you mean " + " or ".join(f"'{x}'" for x in near) + "?)" if near else ""
