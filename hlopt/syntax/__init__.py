"""The text front end (Lark grammars -> IR), the printer, diagnostics and
bytecode.

What dialects may use is exported here (tests/unit/test_layering.py holds
them to it); the submodules behind it are the front end's internals:

    errors         ParseError (a located parse error), SyntaxErr (in an
                   attribute/type), LexError
    splitting      split_top, split_pieces, scan_balanced, symbol_name
    scanning       skip_trivia, string_end, symbol_ref_end, bare_word_end, type_end
    nested text    parse_type, parse_nested (an attribute or type inside op text)
    printing       INDENT, print_op; parsing: parse_module
    grammars       grammar_text, build_parser, ContextLexer, lark_parse, for a
                   dialect that brings its own Lark grammar
    op forms       what an op's `assembly_format` declares beside the string
                   (AllTypesMatch, TypesMatchWith, FixedType, EnumKeyword,
                   StrippedAttr, UnitKeyword, AttrSyntax, FormatError) and the API of
                   hand-written forms (OpAsmParser, OpAsmResolver, OpAsmPrinter);
                   print_asm_text, visit_asm_items (an op printing with
                   another op's op_asm form); directives several dialects
                   share (DynamicIndexList, BareInteger, DenseI64List,
                   UntypedAttr)

The names load on first use (PEP 562): importing this package imports no
parser, so a dialect module that only declares ops stays cheap to import.
"""

from __future__ import annotations

from typing import Any

_HOMES = {
    "ParseError": "parser", "split_top": "parser", "split_pieces": "parser", "symbol_name": "parser",
    "parse_module": "parser",
    "SyntaxErr": "attr_parser", "parse_type": "attr_parser", "parse_nested": "attr_parser",
    "lark_parse": "attr_parser",
    "LexError": "lexer", "scan_balanced": "lexer", "ContextLexer": "lexer",
    "skip_trivia": "text_scan", "string_end": "text_scan", "symbol_ref_end": "text_scan",
    "bare_word_end": "text_scan", "type_end": "text_scan",
    "INDENT": "printer", "print_op": "printer",
    "grammar_text": "grammar", "build_parser": "grammar",
    # op forms (docs/assembly-format.md)
    **dict.fromkeys(("AllTypesMatch", "TypesMatchWith", "FixedType", "EnumKeyword", "StrippedAttr", "UnitKeyword", "AttrSyntax",
                     "FormatError"), "asm_format"),
    **dict.fromkeys(("OpAsmParser", "OpAsmResolver", "OpAsmPrinter", "TypeRef", "has_asm_form", "read_op"), "op_asm"),
    "print_asm_text": "op_asm", "visit_asm_items": "op_asm",
    "DerivedTypes": "op_asm",
    "AttrRef": "op_asm", "OPERAND_PATTERN": "op_asm",
    # shared custom directives and attribute syntaxes (hlopt/syntax/directives.py)
    **dict.fromkeys(("DynamicIndexList", "BareInteger", "DenseI64List", "UntypedAttr", "TypeAsAttr", "parse_dynamic_index_list",
                     "print_dynamic_index_list"), "directives"),
    "SymbolName": "directives",
    "SymbolRef": "directives",
}
__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'hlopt.syntax' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"hlopt.syntax.{home}"), name)
    globals()[name] = value  # later lookups are plain module attributes
    return value
