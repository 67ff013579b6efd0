"""stablehlo.custom_call and stablehlo.composite: calls out of StableHLO
(to a backend target, or to a decomposition function)."""

from __future__ import annotations

from hlopt.dialects.stablehlo.syntax import ShloOp, merged_attrs
from hlopt.dialects.stablehlo.types import (
    HLO_CustomCallValue,
    HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTuple,
)
from hlopt.ir import opdef as ods
from hlopt.ir.attributes import ArrayAttr, BoolAttr, DictionaryAttr, IntegerAttr, StringAttr, symbol_name_text
from hlopt.ir.constraints import AnyOf, Array, BoolAttrC, Constraint, Dict, FlatSymbolRef, I32Attr, Str
from hlopt.ir.types import i32

_CC_DEFAULTS = {"api_version": IntegerAttr(1, i32), "called_computations": ArrayAttr(()),
                "has_side_effect": BoolAttr(False), "output_operand_aliases": ArrayAttr(())}

# CustomCallApiVersion: an i32 enum, API_VERSION_UNSPECIFIED (0) .. API_VERSION_TYPED_FFI (4)
_API_VERSION = Constraint(lambda a: I32Attr(a) and 0 <= a.value <= 4, "Custom call API version")


class CustomCallOp(ShloOp):
    """`stablehlo.custom_call @target(%a, %b) {attrs} : (..) -> ..`"""

    name = "stablehlo.custom_call"
    inputs = ods.var_operand(HLO_CustomCallValue)
    call_target_name = ods.attr(Str)
    has_side_effect = ods.attr(BoolAttrC, default=_CC_DEFAULTS["has_side_effect"])
    backend_config = ods.opt_attr(AnyOf(Str, Dict, summary="string attribute or dictionary of named attribute values"))
    api_version = ods.attr(_API_VERSION, default=_CC_DEFAULTS["api_version"])
    called_computations = ods.attr(Array, default=_CC_DEFAULTS["called_computations"])
    operand_layouts = ods.opt_attr(Array)
    result_layouts = ods.opt_attr(Array)
    output_operand_aliases = ods.attr(Array, default=_CC_DEFAULTS["output_operand_aliases"])
    results = ods.var_result(HLO_CustomCallValue)
    args_format = "custom_call_args"

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        from hlopt.syntax.parser import symbol_name as _symbol_name

        target = _symbol_name(a.span_text(a.get("target"))[0])
        return cls.build_functional(s, a, types, {"call_target_name": StringAttr(target)})

    @classmethod
    def print_custom(cls, op, p):
        t = op.properties.get("call_target_name")
        if not isinstance(t, StringAttr):
            return None
        return (f"{p.op_name(op)} {symbol_name_text(t.value)}({p.values(op.operands)})"
                + merged_attrs(op, p, elide=("call_target_name",), defaults=_CC_DEFAULTS) + " : "
                + p.functional_type(op.operand_types, op.result_types))


_COMPOSITE_DEFAULTS = {"composite_attributes": DictionaryAttr(()), "version": IntegerAttr(0, i32)}


class CompositeOp(ShloOp):
    """`stablehlo.composite "name" %a, %b {decomposition = @f, ...} : (..) -> ..`"""

    name = "stablehlo.composite"
    inputs = ods.var_operand(HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTuple)
    composite_attributes = ods.attr(Dict, default=_COMPOSITE_DEFAULTS["composite_attributes"])
    decomposition = ods.attr(FlatSymbolRef)
    version = ods.attr(I32Attr, default=_COMPOSITE_DEFAULTS["version"])  # MLIR takes any i32
    results = ods.var_result(HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTuple)
    composite_regions = ods.var_region()
    args_format = "composite_args"
    inherent = ("name",)

    @classmethod
    def verify(cls, op) -> None:
        n = op.properties.get("name")
        if n is None:
            n = op.attributes.get("name")
        from hlopt.dialects.stablehlo.verification import op_fail

        if n is None:
            raise op_fail(op, "requires attribute 'name'")
        if not isinstance(n, StringAttr):
            raise op_fail(op, "attribute 'name' failed to satisfy constraint: string attribute")

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        v = a.attr("string")
        if not isinstance(v, StringAttr):
            raise a.error("expected string", a.get("string")[0])
        return cls.build_functional(s, a, types, {"name": v})

    @classmethod
    def print_custom(cls, op, p):
        n = op.properties.get("name")
        if not isinstance(n, StringAttr):
            return None
        s = f"{p.op_name(op)} {p.attr_text(n)} {p.values(op.operands)}"
        return (s + merged_attrs(op, p, elide=("name",), defaults=_COMPOSITE_DEFAULTS) + " : "
                + p.functional_type(op.operand_types, op.result_types))


OPS = (CustomCallOp, CompositeOp)
