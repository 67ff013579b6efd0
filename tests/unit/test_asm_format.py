"""The declarative assembly format (hlopt.syntax.asm_format) and the op
parser/printer API (hlopt.syntax.op_asm): format compile errors, and each
directive read and printed through a test dialect (asm_test_dialect.py)."""

from __future__ import annotations

import pytest

from hlopt.dialects import DIALECTS
from hlopt.ir.context import Context, DialectInfo, use_context
from hlopt.ir.opdef import OpDef, attr, operand, opt_operand, region, result
from hlopt.ir.traits import SameOperandsAndResultType
from hlopt.syntax.asm_format import FormatError, compile_format
from hlopt.syntax.diagnostics import DiagnosticError
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op


@pytest.fixture(scope="module")
def ctx():
    c = Context(DIALECTS)
    c.register("tst", DialectInfo("asm_test_dialect"))
    with use_context(c):
        yield c


def _round_trip(ctx, body: str, args: str = "%a: i32, %b: i32") -> str:
    """Parse a function around `body` and print it back; returns the body lines."""
    text = f"func.func @f({args}) {{\n{body}\n  return\n}}\n"
    with use_context(ctx):
        out = print_op(parse_module(text, allow_unregistered=False))
    lines = out.splitlines()[2:-3]
    return "\n".join(ln.strip() for ln in lines).replace("%arg0", "%a").replace("%arg1", "%b")


def _generic(ctx, body: str, args: str = "%a: i32, %b: i32") -> str:
    text = f"func.func @f({args}) {{\n{body}\n  return\n}}\n"
    with use_context(ctx):
        return print_op(parse_module(text, allow_unregistered=False), generic=True)


def _error(ctx, body: str, args: str = "%a: i32, %b: i32") -> tuple[str, int, int]:
    text = f"func.func @f({args}) {{\n{body}\n  return\n}}\n"
    with use_context(ctx), pytest.raises(DiagnosticError) as e:
        parse_module(text, allow_unregistered=False)
    d = e.value.diagnostics[0]
    _, line, col = d.file_line_col()
    return d.message, line, col


# -- format compile errors ---------------------------------------------------------------------------


def _op(fmt: str, **fields):
    body = {"name": "tst.x", "assembly_format": fmt, **fields}
    return type("XOp", (OpDef,), body)


@pytest.mark.parametrize("fmt, fields, message", [
    ("$a `:` type($a)", {"a": operand()}, "'attr-dict' directive not found"),
    ("$a $a attr-dict `:` type($a)", {"a": operand()}, "'a' is already bound"),
    ("$zz attr-dict", {}, "expected variable to refer to an argument, region, result, or successor, got 'zz'"),
    ("attr-dict `:` type($a)", {"a": operand()}, "operand #0, named 'a', not found"),
    ("$a attr-dict", {"a": operand()}, "type of operand #0, named 'a', is not buildable"),
    ("$a attr-dict `:` type($a)", {"a": operand(), "r": result()}, "type of result #0, named 'r', is not buildable"),
    ("$r attr-dict", {"r": result()}, "result variable 'r' can only be used within a type directive"),
    ("($a `:` type($a))? attr-dict", {"a": opt_operand()}, "optional group has no anchor element"),
    ("(`:` $a^ type($a))? $b^ attr-dict", {"a": opt_operand(), "b": attr()}, "only valid within optional groups"),
    ("(attr-dict $a^)? `:` type($a)", {"a": opt_operand()}, "first parsable element of an optional group"),
    ("($a^ `:` type($a))? attr-dict", {"a": operand()}, "first parsable element of an optional group must be optional"),
    ("$a `@@` attr-dict `:` type($a)", {"a": operand()}, "expected valid literal but got '@@'"),
    ("$a attr-dict attr-dict `:` type($a)", {"a": operand()}, "'attr-dict' directive has already been seen"),
    ("custom<Nope>($a) attr-dict `:` type($a)", {"a": operand()}, "custom directive 'Nope' needs 'parse_Nope'"),
    ("$a attr-dict `:` type($a) results", {"a": operand()}, "'results' directive can only be used as a child"),
    ("$a attr-dict `:` type($a) )", {"a": operand()}, "unexpected ')'"),
    ("$a attr-dict `:` type($a", {"a": operand()}, "unexpected end of assembly format"),
    ("$a attr-dict `:` type($a) %", {"a": operand()}, "unexpected character '%'"),
    ("attr-dict", {"body": region()}, "region #0, named 'body', not found"),
])
def test_bad_formats_are_rejected(fmt, fields, message):
    with pytest.raises(FormatError) as e:
        compile_format(_op(fmt, **fields))
    assert message in str(e.value)
    assert str(e.value).startswith("tst.x: ")


def test_types_inferred_from_traits_compile():
    op = _op("$a `,` $b attr-dict `:` type($r)", a=operand(), b=operand(), r=result(),
             traits=(SameOperandsAndResultType(),))
    assert compile_format(op).elements


# -- each directive read and printed ---------------------------------------------------------------


@pytest.mark.parametrize("line", [
    "%0 = tst.bin %a, %b : i32",                               # variables, literals, inferred types
    "%0 = tst.bin %a, %b flags<x, y> {k = 1 : i64} : i32",    # optional group, `` spacing, stripped attr
    "%0 = tst.cast %a : i32 to i64",                           # keyword literal, two type directives
    "%0:2 = tst.call @g(%a, %b) : (i32, i32) -> (i32, i1)",    # attribute, variadic, functional-type
    "tst.call @h() : () -> ()",                                # empty variadic groups
    "tst.opt %a : i32",                                        # optional operand anchoring a group
    "tst.opt",                                                 # ... and the group absent
    "tst.kw high, %a attributes {k} : i32",                    # enum keyword, attr-dict-with-keyword
    "%0 = tst.cmp %a, %b : i32",                               # AllTypesMatch / TypesMatchWith inference
    "tst.all %a, %b : i32, i32",                               # operands, type(operands)
    "tst.props %a <{n = 3 : i64}> {k} : i32",                  # prop-dict
    "tst.index %a[%b] : i32, i32",                             # punctuation spacing
    "tst.space %a >: i32",                                     # ` ` and `` spacing elements
    "tst.exact %a exact : i32",                                # unit attribute anchor
    "tst.exact %a : i32",
    "tst.seg(%a, %b) (%b) : (i32, i32) (i32)",                 # two variadic groups, segment sizes
    "tst.seg() () : () ()",                                    # (`(` after `)` takes a space, as in MLIR)
    "tst.pair %a as i32",                                      # custom<Pair> written with the API
])
def test_directive_round_trips(ctx, line):
    assert _round_trip(ctx, "  " + line) == line


def test_segment_sizes_are_set_and_not_printed(ctx):
    out = _generic(ctx, "  tst.seg(%a, %b)(%b) : (i32, i32)(i32)")
    assert "operandSegmentSizes = array<i32: 2, 1>" in out


def test_default_valued_attribute_is_materialized_and_elided(ctx):
    assert "flags = #tst.flags<none>" in _generic(ctx, "  %0 = tst.bin %a, %b : i32")
    line = '  %0 = "tst.bin"(%a, %b) <{flags = #tst.flags<none>}> : (i32, i32) -> i32'
    assert _round_trip(ctx, line) == "%0 = tst.bin %a, %b : i32"


def test_inherent_attribute_in_the_dictionary_becomes_a_property(ctx):
    out = _generic(ctx, "  tst.exact %a {exact} : i32")
    assert "<{exact}>" in out
    assert _round_trip(ctx, "  tst.exact %a {exact} : i32") == "tst.exact %a exact : i32"


def test_unprintable_property_falls_back_to_the_generic_form(ctx):
    line = '  %0 = "tst.bin"(%a, %b) <{flags = 5 : i64}> : (i32, i32) -> i32'
    assert _round_trip(ctx, line) == line.strip()


def test_successors_and_block_arguments(ctx):
    text = """func.func @f(%arg0: i32) {
  tst.br ^bb1(%arg0 : i32)
^bb1(%0: i32):  // pred: ^bb0
  tst.br ^bb2
^bb2:  // pred: ^bb1
  return
}
"""
    with use_context(ctx):
        out = print_op(parse_module(text, allow_unregistered=False))
    assert out == "module {\n" + "".join("  " + ln + "\n" for ln in text.splitlines()) + "}\n"


def test_printed_attributes_get_aliases_in_print_order(ctx):
    # the form prints $b before $a: MLIR's alias collector (which runs the
    # printer) numbers b's map first, the generic form (sorted names) a's
    text = ("func.func @f() {\n  tst.maps affine_map<(d0) -> (d0 + 2)>, affine_map<(d0) -> (d0 + 1)>\n"
            "  return\n}\n")
    with use_context(ctx):
        m = parse_module(text, allow_unregistered=False)
        custom, generic = print_op(m), print_op(m, generic=True)
    assert custom.splitlines()[:2] == ["#map = affine_map<(d0) -> (d0 + 2)>", "#map1 = affine_map<(d0) -> (d0 + 1)>"]
    assert "tst.maps #map, #map1" in custom
    assert generic.splitlines()[:2] == ["#map = affine_map<(d0) -> (d0 + 1)>", "#map1 = affine_map<(d0) -> (d0 + 2)>"]


# -- errors, located as MLIR locates them ------------------------------------------------------------


def test_missing_punctuation_is_reported_after_the_last_token(ctx):
    msg, line, col = _error(ctx, "  %0 = tst.bin %a : i32")
    assert (msg, line, col) == ("expected ','", 2, 18)


def test_missing_keyword_is_reported_at_the_next_token(ctx):
    msg, line, col = _error(ctx, "  %0 = tst.cast %a : i32\n  %1 = tst.cast %a : i32 to i64")
    assert (msg, line, col) == ("custom op 'tst.cast' expected 'to'", 3, 3)


def test_bad_enum_keyword(ctx):
    msg, line, col = _error(ctx, "  tst.kw medium, %a : i32")
    assert msg == ("custom op 'tst.kw' expected string or keyword containing one of the following enum values for "
                   "attribute 'mode' [low, high]")
    assert (line, col) == (2, 10)


def test_operand_type_mismatch_is_located_at_the_use(ctx):
    msg, line, col = _error(ctx, "  %0 = tst.bin %a, %b : i64")
    assert msg == "use of value '%a' expects different type than prior uses: 'i64' vs 'i32'"
    assert (line, col) == (2, 16)


def test_bad_type_is_reported(ctx):
    msg, _, _ = _error(ctx, "  %0 = tst.bin %a, %b : %b")
    assert msg == "expected non-function type"


def test_hand_written_directive_errors(ctx):
    msg, line, col = _error(ctx, "  tst.pair %a to i32")
    assert (msg, line, col) == ("custom op 'tst.pair' expected 'as'", 2, 15)
