"""Types and attributes are uniqued by the context (MLIR's StorageUniquer):
identical within a context, owned by the context that made them, and the
module constants shared by every context."""

from __future__ import annotations

import gc
import subprocess
import sys
import weakref

from hlopt import DIALECTS
from hlopt.ir.attributes import IntegerAttr, StringAttr
from hlopt.ir.context import Context, use_context
from hlopt.ir.types import IntegerType, RankedTensorType, f32, i64
from hlopt.syntax.attr_parser import parse_attr, parse_type


def test_same_key_gives_the_same_object_inside_a_context():
    with use_context(Context(DIALECTS)):
        a = RankedTensorType((3, 977), f32)
        b = parse_type("tensor<3x977xf32>")
        assert a is b
        assert parse_attr('"only-in-ctx-1"') is StringAttr("only-in-ctx-1")


def test_each_context_owns_what_it_made():
    with use_context(Context(DIALECTS)):
        a = IntegerAttr(123457, IntegerType(61))
    with use_context(Context(DIALECTS)):
        b = IntegerAttr(123457, IntegerType(61))
    assert a is not b
    assert a.text == b.text == "123457 : i61"


def test_what_a_context_made_goes_with_it():
    ctx = Context(DIALECTS)
    with use_context(ctx):
        ref = weakref.ref(parse_type("tensor<7x7x7x5xi13>"))
        assert ref() is not None
        assert ctx.uniquer  # it was stored in the context's table, not the root
    del ctx
    gc.collect()
    assert ref() is None


def test_module_constants_are_shared_by_every_context():
    with use_context(Context(DIALECTS)):
        assert parse_type("i64") is i64
        assert IntegerType(64) is i64
        assert RankedTensorType((), f32).element_type is f32


def test_the_default_context_uses_the_root_tables():
    a = parse_type("tensor<5x3x1xi7>")
    with use_context(Context(DIALECTS)):
        assert parse_type("tensor<5x3x1xi7>") is a  # the root is seen first


def test_a_dialect_first_loaded_inside_a_context_keeps_its_constants_in_the_root():
    # fresh interpreter: stream is first imported while a temporary context is
    # active; its module constants must still be what every context gets
    code = """
from hlopt import DIALECTS
from hlopt.ir.context import Context, current_context, use_context
from hlopt.ir.types import OpaqueType
with use_context(Context(DIALECTS)):
    assert current_context().get_dialect("stream") is not None
    import hlopt.dialects.stream as s
    inside = OpaqueType("!util.unused") is s.UNUSED
print(inside, OpaqueType("!util.unused") is s.UNUSED)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "True"]


def test_verifying_in_a_context_keeps_none_of_its_types_alive():
    from hlopt.ir.verifier import verify
    from hlopt.syntax.parser import parse_module

    ctx = Context(DIALECTS)
    with use_context(ctx):
        m = parse_module("func.func @f(%a: tensor<3x11x17xi32>) -> tensor<3x11x17xi32> {\n"
                         "  %0 = stablehlo.add %a, %a : tensor<3x11x17xi32>\n"
                         "  return %0 : tensor<3x11x17xi32>\n}")
        verify(m)
        ref = weakref.ref(parse_type("tensor<3x11x17xi32>"))
    del ctx, m
    gc.collect()
    assert ref() is None
