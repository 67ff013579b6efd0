"""Deferred imports for op declarations.

An op's `interpret` rule sits beside its declaration, but its numpy kernels
are only needed when something is interpreted (or constant-folded). Parsing,
verifying and printing StableHLO must not pay numpy's import (~80 ms), so a
dialect module names the kernel modules through `lazy_module` and builds
class-level rules with `deferred`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


class lazy_module:  # noqa: N801 - reads as the import it replaces
    """Stands for module `name`, imported on first attribute access.

    Each attribute read once is cached on the proxy, so later reads are plain
    instance-dict lookups (no `__getattr__` call on the interpreter's hot path).
    """

    def __init__(self, name: str) -> None:
        self.__dict__["_lazy_name"] = name

    def __getattr__(self, attr: str) -> Any:
        value = getattr(importlib.import_module(self.__dict__["_lazy_name"]), attr)
        self.__dict__[attr] = value
        return value

    def __repr__(self) -> str:
        return f"<lazy module {self.__dict__['_lazy_name']!r}>"


class deferred:  # noqa: N801 - used like a decorator/descriptor
    """A class attribute built by `build()` on first access.

    `interpret = deferred(lambda: ew.unary(np.cbrt))` keeps the rule beside its
    op while the kernels load only when the rule is first looked up. The built
    value replaces the descriptor on the class that declared it, so subclasses
    and later lookups see it directly.
    """

    def __init__(self, build: Callable[[], Any]) -> None:
        self.build = build
        self.owner: type | None = None
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.owner, self.name = owner, name

    def __get__(self, obj: Any, objtype: type | None = None) -> Any:
        value = self.build()
        setattr(self.owner, self.name, value)
        return getattr(objtype if obj is None else obj, self.name)
