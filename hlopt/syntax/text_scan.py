"""Scanning helpers for hand-written custom op forms: where a token of
MLIR's lexical syntax ends in a piece of op text.

They stand between dialects and the lexer's regular expressions, which are
internals of the front end (they change with its speed work); a dialect asks
"where does this string end", never matches a lexer pattern itself.
"""

from __future__ import annotations

from hlopt.syntax.lexer import BARE_WORD, STRING, SYMBOL_REF, TRIVIA, Scanner


def skip_trivia(text: str, pos: int) -> int:
    """Past the whitespace and `//` comments at pos (what MLIR's lexer skips)."""
    return TRIVIA.match(text, pos).end()


def string_end(text: str, pos: int) -> int | None:
    """End of the quoted string literal (escapes included) at pos, or None."""
    m = STRING.match(text, pos)
    return m.end() if m is not None else None


def symbol_ref_end(text: str, pos: int) -> int | None:
    """End of the symbol reference (`@a`, `@"q"`, `@a::@b`) at pos, or None."""
    m = SYMBOL_REF.match(text, pos)
    return m.end() if m is not None else None


def bare_word_end(text: str, pos: int) -> int | None:
    """End of the bare identifier (`[A-Za-z_][\\w$.]*`) at pos, or None."""
    m = BARE_WORD.match(text, pos)
    return m.end() if m is not None else None


def type_end(text: str, pos: int) -> int:
    """End of the type starting at pos, or -1 if none starts there (raises
    LexError for a function type without a result)."""
    return Scanner(text).type_end(pos)
