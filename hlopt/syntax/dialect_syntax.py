"""Dialects with custom op forms in their own grammar files.

Each entry names grammars/<name>.lark (rules added with `%extend _op:`) and
the module whose CALLBACKS dict maps those rules to builder functions.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

SYNTAX_MODULES: list[tuple[str, str]] = [
    ("stablehlo", "hlopt.dialects.stablehlo_syntax"),
    ("sdy", "hlopt.dialects.sdy_syntax"),
]

CALLBACKS: dict[str, Callable] = {}
_loaded = False


def load_all() -> None:
    global _loaded
    if _loaded:
        return
    from hlopt.syntax import grammar

    for gname, module in SYNTAX_MODULES:
        mod = importlib.import_module(module)
        CALLBACKS.update(getattr(mod, "CALLBACKS", {}))
        from hlopt.syntax.lexer import WORD_TOKENS

        WORD_TOKENS.update(getattr(mod, "WORD_TOKENS", {}))
        if gname not in grammar.DIALECT_GRAMMARS:
            grammar.DIALECT_GRAMMARS.append(gname)
    _loaded = True
