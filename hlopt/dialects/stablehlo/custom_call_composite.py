"""stablehlo.custom_call and stablehlo.composite: calls out of StableHLO
(to a backend target, or to a decomposition function)."""

from __future__ import annotations

import re
from typing import Any, cast

from hlopt.dialects.stablehlo.asm_directives import CustomCallTarget
from hlopt.dialects.stablehlo.attributes import dimension_fields
from hlopt.dialects.stablehlo.syntax import ShloOp
from hlopt.dialects.stablehlo.types import (
    HLO_CustomCallValue,
    HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTuple,
)
from hlopt.ir import opdef as ods
from hlopt.ir.attributes import (
    ArrayAttr,
    BoolAttr,
    DenseElementsAttr,
    DictionaryAttr,
    IntegerAttr,
    StringAttr,
)
from hlopt.ir.constraints import (
    AnyOf,
    Array,
    ArrayOf,
    BoolAttrC,
    Constraint,
    Dict,
    FlatSymbolRef,
    I32Attr,
    Str,
)
from hlopt.ir.core import Operation
from hlopt.ir.lazy import lazy_module
from hlopt.ir.symbols import SymbolCache
from hlopt.ir.types import (
    IndexType,
    MemRefType,
    RankedTensorType,
    ShapedType,
    TupleType,
    UnrankedTensorType,
    i32,
)
from hlopt.syntax import UntypedAttr

TensorType = (RankedTensorType, UnrankedTensorType)

custom_calls = lazy_module("hlopt.kernels.custom_calls")

_CC_DEFAULTS = {"api_version": IntegerAttr(1, i32), "called_computations": ArrayAttr(()),
                "has_side_effect": BoolAttr(False), "output_operand_aliases": ArrayAttr(())}

# CustomCallApiVersion: an i32 enum, API_VERSION_UNSPECIFIED (0) .. API_VERSION_TYPED_FFI (4)
_API_VERSION = Constraint(lambda a: I32Attr(a) and 0 <= a.value <= 4, "Custom call API version")


def _is_layout(a: Any) -> bool:
    t = getattr(a, "type", None)
    return (isinstance(a, DenseElementsAttr) and isinstance(t, ShapedType) and t.shape is not None
            and len(t.shape) == 1 and isinstance(t.element_type, IndexType))


_LAYOUTS = ArrayOf(Constraint(_is_layout, "layout"), "Array of layout (1D tensor of index type) attributes")
_SYMBOLS = ArrayOf(FlatSymbolRef, "flat symbol ref array attribute")


class CustomCallOp(CustomCallTarget, ShloOp):
    """`stablehlo.custom_call @target(%a, %b) {attrs} : (..) -> ..`"""

    assembly_format = ("custom<CustomCallTarget>($call_target_name) `(` $inputs `)` attr-dict `:` "
                       "functional-type(operands, results)")

    name = "stablehlo.custom_call"
    inputs = ods.var_operand(HLO_CustomCallValue)
    call_target_name = ods.attr(Str)
    has_side_effect = ods.attr(BoolAttrC, default=_CC_DEFAULTS["has_side_effect"])
    backend_config = ods.opt_attr(AnyOf(Str, Dict, summary="string attribute or dictionary of named attribute values"))
    api_version = ods.attr(_API_VERSION, default=_CC_DEFAULTS["api_version"])
    called_computations = ods.attr(_SYMBOLS, default=_CC_DEFAULTS["called_computations"])
    operand_layouts = ods.opt_attr(_LAYOUTS)
    result_layouts = ods.opt_attr(_LAYOUTS)
    output_operand_aliases = ods.attr(Array, default=_CC_DEFAULTS["output_operand_aliases"])
    results_ = ods.var_result(HLO_CustomCallValue, name="results")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return custom_calls.run(op, args, ctx)

    @classmethod
    def verify(cls, op: Operation) -> None:
        """CustomCallOp::verify: layouts for operands and results together,
        one per value, each a permutation of the value's dimensions; then
        output_operand_aliases name an operand part and a result part of the
        same type; backend_config's kind follows api_version."""
        from hlopt.dialects.stablehlo.verification import op_fail

        cls._verify_layouts(op, op_fail)
        cls._verify_aliases(op, op_fail)
        cc = cast(CustomCallOp, op)
        cfg = cc.backend_config
        if cfg is not None:
            version = cc.api_version
            v = version.value if isinstance(version, IntegerAttr) else None
            name = _API_NAMES.get(v, str(v)) if v is not None else str(v)
            if v == 4 and not isinstance(cfg, DictionaryAttr):
                raise op_fail(op, f"backend_config for api_version {name} must be a dictionary attribute.")
            if v != 4 and not isinstance(cfg, StringAttr):
                raise op_fail(op, f"backend_config for api_version {name} must be a string attribute.")
        _verify_buffer_calls(op, op_fail)

    @classmethod
    def _verify_layouts(cls, op: Operation, op_fail: Any) -> None:
        cc = cast(CustomCallOp, op)
        ins, outs = cc.operand_layouts, cc.result_layouts
        if ins is None and outs is None:
            return
        if (ins is None) != (outs is None):
            raise op_fail(op, "Layout attributes should be specified for either both operands and results or none.")
        rtypes = op.result_types
        if len(rtypes) == 1 and isinstance(rtypes[0], TupleType):  # one tuple result: layouts of its parts
            rtypes = list(rtypes[0].types)
        for what, types, layouts in (("operand", op.operand_types, ins), ("result", rtypes, outs)):
            if len(types) != len(layouts.elements):
                raise op_fail(op, f"Number of {what}s must match the number of {what} layouts, "
                                  f"{len(types)} != {len(layouts.elements)}")
            for i, (t, lay) in enumerate(zip(types, layouts.elements)):
                if isinstance(t, TupleType):
                    raise op_fail(op, "Tuple types are not fully supported with layout constraints yet")
                dims = [int(x) for x in lay.values] if lay.type.shape[0] else []
                if not isinstance(t, ShapedType):
                    if dims:
                        raise op_fail(op, f"Only tensor types can have non-empty layout: {what} #{i} of type "
                                          f"'{t.text}' has layout {lay.text}")
                    continue
                if t.shape is None:  # unranked: nothing more to check
                    continue
                if sorted(dims) != list(range(len(t.shape))):
                    raise op_fail(op, f"incorrect layout {lay.text} for type '{t.text}', layout must be a "
                                      f"permutation of [0, {len(t.shape)})")

    @classmethod
    def _verify_aliases(cls, op: Operation, op_fail: Any) -> None:
        for alias in cls.get(op, "output_operand_aliases"):
            f = dimension_fields(getattr(alias, "spelling", ""))
            k = f.get("operand_index", 0)
            if k < 0 or k >= len(op.operands):
                raise op_fail(op, f"expects operandIndex in the output_operand_alias attribute to be in range [0, "
                                  f"{len(op.operands)}); got: {k}.")
            part = op.operands[k].type
            for i in f.get("operand_tuple_indices", []):
                if not isinstance(part, TupleType) or not 0 <= i < len(part.types):
                    raise op_fail(op, "operand_tuple_indices in the output_operand_alias attribute out of bounds")
                part = part.types[i]
            outs = cast(CustomCallOp, op).results_
            out = TupleType(op.result_types) if len(outs) > 1 else outs[0].type
            for i in f.get("output_tuple_indices", []):
                if not isinstance(out, TupleType) or not 0 <= i < len(out.types):
                    raise op_fail(op, "output_tuple_indices in the output_operand_alias attribute out of bounds")
                out = out.types[i]
            if part is not out:
                raise op_fail(op, f"shapes mismatch in the output_operand_alias attribute: operand part has type "
                                  f"'{part.text}' and output part has type '{out.text}'")


def _verify_buffer_calls(op: Operation, op_fail: Any) -> None:
    """CustomCallOp::verifyKnownCustomCalls: the buffer targets' signatures,
    and every memref result of another target aliased to an operand."""
    target = cast(CustomCallOp, op).call_target_name
    name = target.value if isinstance(target, StringAttr) else ""
    ins, outs = op.operand_types, op.result_types
    if name == "CreateBuffer":
        if ins:
            raise op_fail(op, "CreateBuffer custom_call shouldn't have any inputs")
        if len(outs) != 1:
            raise op_fail(op, "CreateBuffer custom_call should have one result")
        if not isinstance(outs[0], MemRefType):
            raise op_fail(op, "CreateBuffer custom_call should have a memref result")
        return
    if name in ("Pin", "Unpin"):
        src, dst = (TensorType, MemRefType) if name == "Pin" else (MemRefType, TensorType)
        src_kind, dst_kind = ("tensor", "memref") if name == "Pin" else ("memref", "tensor")
        if len(ins) != 1:
            raise op_fail(op, f"{name} custom_call should have one input")
        if not isinstance(ins[0], src):
            raise op_fail(op, f"{name} custom_call should have a {src_kind} input")
        if len(outs) != 1:
            raise op_fail(op, f"{name} custom_call should have one output")
        if not isinstance(outs[0], dst):
            raise op_fail(op, f"{name} custom_call should have a {dst_kind} output")
        if not _compatible(ins[0], outs[0]):
            raise op_fail(op, f"{name} custom_call should have compatible input and output types")
        return
    aliased = set()
    for alias in CustomCallOp.get(op, "output_operand_aliases"):
        f = dimension_fields(getattr(alias, "spelling", ""))
        part = op.operands[f.get("operand_index", 0)].type
        for i in f.get("operand_tuple_indices", []):
            part = part.types[i]
        if isinstance(part, MemRefType):
            aliased.add(tuple(f.get("output_tuple_indices", [])))
    result = outs[0] if len(outs) == 1 else TupleType(outs)
    for path, t in _leaves(result, ()):
        if isinstance(t, MemRefType) and path not in aliased:
            raise op_fail(op, f"buffer output [{', '.join(map(str, path))}] is not used in output_operand_alias")


def _leaves(t: Any, path: tuple) -> list:
    if isinstance(t, TupleType):
        return [leaf for i, x in enumerate(t.types) for leaf in _leaves(x, path + (i,))]
    return [(path, t)]


def _compatible(a: Any, b: Any) -> bool:
    """verifyCompatibleShape and equal element types (dynamic dims match any)."""
    sa, sb = getattr(a, "shape", None), getattr(b, "shape", None)
    if getattr(a, "element_type", None) != getattr(b, "element_type", None):
        return False
    if sa is None or sb is None:
        return True
    return len(sa) == len(sb) and all(x == y or x < 0 or y < 0 for x, y in zip(sa, sb))


_API_NAMES = {0: "API_VERSION_UNSPECIFIED", 1: "API_VERSION_ORIGINAL", 2: "API_VERSION_STATUS_RETURNING",
              3: "API_VERSION_STATUS_RETURNING_UNIFIED", 4: "API_VERSION_TYPED_FFI"}

_COMPOSITE_DEFAULTS = {"composite_attributes": DictionaryAttr(()), "version": IntegerAttr(0, i32)}


_COMPOSITE_NAME = re.compile(r"^[a-zA-Z][a-zA-Z0-9_]*([.][a-zA-Z0-9_$]+)+$")


class CompositeOp(ShloOp):
    """`stablehlo.composite "name" %a, %b {decomposition = @f, ...} : (..) -> ..`"""

    name = "stablehlo.composite"
    inputs = ods.var_operand(HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTuple)
    composite_attributes = ods.attr(Dict, default=_COMPOSITE_DEFAULTS["composite_attributes"])
    decomposition = ods.attr(FlatSymbolRef)
    version = ods.attr(I32Attr, default=_COMPOSITE_DEFAULTS["version"])  # MLIR takes any i32
    results_ = ods.var_result(HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTuple, name="results")
    name_ = ods.attr(Str, name="name")  # the op's `name` attribute (`name` is the op name)
    composite_regions = ods.var_region()
    assembly_format = "$name operands (` ` `(` $composite_regions^ `)`)? attr-dict `:` functional-type(operands, results)"
    attr_syntax = {"name": UntypedAttr()}

    @classmethod
    def asm_printable(cls, op: Operation) -> bool:
        return len(op.regions) <= 1  # the format's group holds one region (MLIR: a list)

    @classmethod
    def verify(cls, op, symbols=None) -> None:
        n = op.name_
        from hlopt.dialects.stablehlo.verification import fail

        # composite_c1..c4 (verifyCompositeOp)
        if not _COMPOSITE_NAME.match(n.value):
            raise fail(op, "name must be a valid namespaced op name, i.e. it must match the following regular "
                           f"expression: {_COMPOSITE_NAME.pattern} e.g. \"my_namespace.my_op\"")
        ref = op.decomposition
        fn = (symbols or SymbolCache()).lookup(op, ref)
        from hlopt.dialects.func import FuncOp

        if not isinstance(fn, FuncOp):
            raise fail(op, f"'{ref.root}' does not reference a valid function")
        ft = fn.function_type.type
        for what, mine, theirs in (("operand", op.operand_types, ft.inputs), ("result", op.result_types, ft.results)):
            if len(mine) != len(theirs):
                raise fail(op, f"has {len(mine)} {what}(s), but decomposition has {len(theirs)}")
            for i, (a, b) in enumerate(zip(mine, theirs)):
                if a is not b:
                    raise fail(op, f"{what} at index {i} has type '{a.text}', but decomposition has type "
                                   f"'{b.text}'")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return ctx.call(ctx.lookup(op.get_attr("decomposition").leaf), args)


OPS = (CustomCallOp, CompositeOp)
