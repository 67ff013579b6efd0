"""A test dialect (`tsd`) whose ops use the shared directives of
hlopt.syntax.directives (tests/unit/test_shared_directives.py)."""

from __future__ import annotations

from hlopt.ir.dialect import Dialect
from hlopt.ir.opdef import OpDef, attr, operand, result, var_operand
from hlopt.ir.traits import AttrSizedOperandSegments
from hlopt.ir.types import i1, i32, index
from hlopt.syntax import BareInteger, DenseI64List, DynamicIndexList, FixedType, TypesMatchWith, UntypedAttr


class ListsOp(OpDef, DynamicIndexList):
    """Two mixed static/dynamic lists around a keyword."""

    name = "tsd.lists"
    a = var_operand()
    b = var_operand()
    static_a = attr()
    static_b = attr()
    traits = (AttrSizedOperandSegments(),)
    assembly_format = ("custom<DynamicIndexList>($a, $static_a) `by` custom<DynamicIndexList>($b, $static_b) "
                       "attr-dict")
    type_inference = (FixedType("a", index), FixedType("b", index))


class AttrsOp(OpDef):
    """A bare i32 integer, a bare bool, a dense i64 list and an untyped string."""

    name = "tsd.attrs"
    n = attr()
    flag = attr()
    dims = attr()
    msg = attr()
    assembly_format = "$n `,` $flag `dims` `(` $dims `)` $msg attr-dict"
    attr_syntax = {"n": BareInteger(i32), "flag": BareInteger(i1), "dims": DenseI64List(), "msg": UntypedAttr()}


class SpreadOp(OpDef):
    """Its operand types come from the result type, one per operand."""

    name = "tsd.spread"
    xs = var_operand()
    out = result()
    assembly_format = "$xs attr-dict `:` type($out)"
    type_inference = (TypesMatchWith("out", "xs", lambda t: [t.element_type] * t.shape[0]),)


class UseOp(OpDef):
    name = "tsd.use"
    x = operand()
    assembly_format = "$x attr-dict `:` type($x)"


DIALECT = Dialect("tsd", ops=(ListsOp, AttrsOp, SpreadOp, UseOp))
