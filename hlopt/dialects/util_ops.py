"""IREE util ops beyond globals and functions (hlopt/dialects/util.py):
null, comparisons, alignment, sizeof, barriers, unfoldable constants,
integer assumptions, lists, buffers, indirect globals, ranges, strings,
status and unreachable markers, each in IREE's form (a declared assembly
format, or an op_asm form where IREE's is hand-written). Inherent attributes the form does not spell
print as IREE's strict properties do: `<alignment = 16>` before the
discardable `{...}`."""

from __future__ import annotations

from typing import Any

from hlopt.ir.attributes import ArrayAttr, IntegerAttr, StringAttr, SymbolRefAttr, TypeAttr
from hlopt.ir.constraints import (
    AnyFloat,
    AnyInteger,
    AnyOf,
    AnySignless,
    AnyType,
    Index,
    IndexAttr,
    IsA,
    MemRefOf,
    SignlessIntegerOrIndex,
    Str,
    TensorOf,
    Unit,
)
from hlopt.ir.core import Operation
from hlopt.ir.opdef import (
    OpDef,
    attr,
    operand,
    opt_attr,
    opt_operand,
    region,
    result,
    var_operand,
    var_result,
)
from hlopt.ir.traits import (
    Pure,
    RecursiveMemoryEffects,
    SameOperandsAndResultType,
    SameVariadicOperandSize,
    SingleBlockImplicitTerminator,
    Terminator,
    op_error,
)
from hlopt.ir.types import IntegerType, OpaqueType, i1, index
from hlopt.syntax import (
    AllTypesMatch,
    AttrSyntax,
    FixedType,
    ParseError,
    SymbolRef,
    TypeAsAttr,
    TypesMatchWith,
    UnitKeyword,
)

_operand, _result = operand, result
_I1 = IsA(IntegerType, "1-bit signless integer")
_TypeAttr = IsA(TypeAttr, "any type attribute")


def _opaque(prefix: str, summary: str) -> Any:
    from hlopt.ir.constraints import Constraint

    return Constraint(lambda t: isinstance(t, OpaqueType) and t.spelling.startswith(prefix), summary)


_Buffer = _opaque("!util.buffer", "A reference counted byte buffer.")
_List = _opaque("!util.list<", "Dense list container type.")
# IREE's Util_Primitive, Util_FillPattern, Util_Element/Util_Tensor and string.format's argument types
PRIMITIVE = AnyOf(Index, AnyInteger, AnyFloat)
FILL_PATTERN = AnyOf(AnyInteger, AnyFloat, Index)
_ELEMENT = AnyOf(AnySignless, AnyFloat)
ELEMENT_OR_TENSOR = AnyOf(_ELEMENT, TensorOf(_ELEMENT))
FORMAT_ARG = AnyOf(Index, AnySignless, _Buffer)
_MEMREF = MemRefOf(AnyType, "memref of any non-token type values")
_RANGE = AnyOf(Index, AnyInteger)  # Util_Range
_Ptr = _opaque("!util.ptr<", "A pointer-like reference.")


class _Op(OpDef):
    """The ops of this module."""


class _FormOp(_Op):
    """Ops in IREE's declared formats: the util dialect's strict properties (inherent attributes a
    format does not name print as `<alignment = 16>`, never in the attribute dictionary)."""

    asm_strict_properties = True


_INDEX = index  # `index` is an operand's name in some ops' class bodies


def _index(*names: str) -> tuple:
    """The operands/results a format gives no type: all `index`."""
    return tuple(FixedType(n, index) for n in names)


class _OptionalString(AttrSyntax):
    """A string attribute leading an optional group (`util.buffer.constant "name"`)."""

    def can_start(self, p: Any) -> bool:
        return p.peek('"')


def OptionalString() -> AttrSyntax:
    return _OptionalString()


def _list_elem(t: Any) -> Any:
    """The element type of `!util.list<T>` (None for `?`, the variant)."""
    from hlopt.syntax import parse_nested

    inner = t.spelling[len("!util.list<"):-1].strip() if isinstance(t, OpaqueType) else "?"
    return None if inner == "?" else parse_nested(inner, "type")


def _ptr_elem(t: Any) -> Any:
    from hlopt.syntax import parse_nested

    return parse_nested(t.spelling[len("!util.ptr<"):-1].strip(), "type") if isinstance(t, OpaqueType) else None


# -- simple value ops ---------------------------------------------------------------------


class NullOp(_FormOp):
    name = "util.null"
    summary = "Returns a null type value"
    result_ = result(name="result")
    traits = (Pure(),)
    assembly_format = 'attr-dict `:` type($result)'


class CastOp(_FormOp):
    name = "util.cast"
    summary = "Casts one util type to another ~statically"
    operand_ = operand(name="operand")
    result_ = result(name="result")
    traits = (Pure(),)
    assembly_format = '$operand attr-dict `:` type($operand) `to` type($result)'


class _CmpOp(_FormOp):
    lhs = operand()
    rhs = operand()
    result_ = result(_I1, name="result")
    traits = (Pure(),)
    assembly_format = 'operands attr-dict `:` type($lhs)'
    type_inference = (AllTypesMatch("lhs", "rhs"), FixedType("result", i1))

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, _CmpOp)  # (the type checker's view of its accessors)
        if op.lhs.type is not op.rhs.type:
            raise op_error(op, "failed to verify that all of {lhs, rhs} have same type")


class CmpEqOp(_CmpOp):
    name = "util.cmp.eq"
    summary = "Compares two values for equality"


class CmpNeOp(_CmpOp):
    name = "util.cmp.ne"
    summary = "Compares two values for inequality"


_IntLike = AnyOf(SignlessIntegerOrIndex, summary="signless-integer-like")


class AlignOp(_FormOp):
    name = "util.align"
    summary = "Aligns up to a power-of-two alignment if required"
    value = operand(_IntLike)
    alignment = operand(_IntLike)
    result_ = result(_IntLike, name="result")
    traits = (Pure(),)
    assembly_format = '$value `,` $alignment attr-dict `:` type($result)'
    type_inference = (AllTypesMatch("value", "alignment", "result"),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, AlignOp)  # (the type checker's view of its accessors)
        ts = [op.value.type, op.alignment.type, op.result_.type]
        if ts[0] is not ts[1] or ts[0] is not ts[2]:
            raise op_error(op, "failed to verify that all of {value, alignment, result} have same type")


class SizeOfOp(_FormOp):
    name = "util.sizeof"
    summary = "Returns the size in bytes of a datatype"
    sizedType = attr(_TypeAttr)
    size = result(Index)
    traits = (Pure(),)
    assembly_format = '$sizedType attr-dict-with-keyword'
    type_inference = (FixedType("size", index),)
    attr_syntax = {"sizedType": TypeAsAttr()}


class OptimizationBarrierOp(_FormOp):
    name = "util.optimization_barrier"
    summary = "Prevents compiler optimizations across a value."
    operands_ = var_operand()
    results_ = var_result()
    assembly_format = 'attr-dict ($operands_^ `:` type($operands_))?'
    type_inference = (AllTypesMatch("operands_", "results_"),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        if [v.type for v in op.operands] != [r.type for r in op.results]:
            raise op_error(op, "failed to verify that all of {operands, results} have same type")


class UnfoldableConstantOp(_Op):
    name = "util.unfoldable_constant"
    summary = "A constant that cannot be folded by the compiler."
    value = attr()
    result_ = result(name="result")

    # -- IREE's custom form (std.constant's): `{attrs} value`, the result typed as the value
    @staticmethod
    def parse_asm(p: Any) -> dict:
        attrs = p.parse_optional_attr_dict()
        at = p.location()
        v = p.parse_optional_attribute()
        if v is None:
            raise ParseError("expected attribute value", at)
        return {"attrs": attrs, "value": v}

    @classmethod
    def build_asm(cls, r: Any, st: dict) -> Operation:
        v = r.attr(st["value"])
        t = getattr(v, "type", None)
        if t is None:
            raise r.error("expected a typed attribute value", st["value"].pos)
        return cls.build(value=v, result_types=[t],
                         attributes=r.attr(st["attrs"]) if st["attrs"] is not None else None)

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        assert isinstance(op, UnfoldableConstantOp)  # (the type checker's view of its accessors)
        v = op.value
        if getattr(v, "type", None) is not op.result_.type:
            return False
        p.write(" ")
        if len(op.attributes):  # IREE's printer leaves a space after a non-empty dictionary
            p.print_optional_attr_dict(op.attributes)
            p.write(" ")
        p.print_attribute(v)
        return True


# -- assumptions --------------------------------------------------------------------------


class AssumeIntOp(_Op):
    name = "util.assume.int"
    summary = "Memorializes assumptions about index/integer values."
    operands_ = var_operand(SignlessIntegerOrIndex)
    assumptions = attr(IsA(ArrayAttr, "array attribute"))
    results_ = var_result(SignlessIntegerOrIndex)
    traits = (Pure(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, AssumeIntOp)  # (the type checker's view of its accessors)
        arr = op.assumptions
        n = len(op.operands)
        if len(arr.elements) != n:
            raise op_error(op, f"expected {n} assumption rows to match number of operands")
        width = None  # a single assumption broadcasts; every other row has the same length (as IREE)
        for i, row in enumerate(arr.elements):
            k = len(row.elements) if isinstance(row, ArrayAttr) else -1
            if k != 1:
                if width is not None and width != k:
                    raise op_error(op, f"expected operand #{i} to have {width} assumptions but it has {k}")
                width = k

    # -- IREE's custom form: `%a<umin = 0>, %b[<udiv = 4>, <umax = 8>] : index, i32 {attrs}`,
    #    each operand followed by its assumptions printed stripped (one, or a `[...]` list)
    @staticmethod
    def parse_asm(p: Any) -> dict:
        vals, rows = [], []
        while True:
            vals.append(p.parse_operand())
            if p.parse_optional_punct("["):
                row: list = []
                if not p.parse_optional_punct("]"):
                    row.append(_parse_assumption(p))
                    while p.parse_optional_punct(","):
                        row.append(_parse_assumption(p))
                    p.parse_punct("]")
            else:
                row = [_parse_assumption(p)]
            rows.append(row)
            if not p.parse_optional_punct(","):
                break
        p.parse_colon()
        types = p.parse_type_list()
        # the attribute dictionary follows the types, where iree-opt prints it
        return {"vals": vals, "rows": rows, "types": types, "attrs": p.parse_optional_attr_dict()}

    @classmethod
    def build_asm(cls, r: Any, st: dict) -> Operation:
        types = r.types(st["types"])
        vals = r.operands(st["vals"], types, st["vals"][0].pos)
        rows = ArrayAttr([ArrayAttr([r.attr(a) for a in row]) for row in st["rows"]])
        attrs = r.attr(st["attrs"]) if st["attrs"] is not None else None
        return cls.build(vals, assumptions=rows, result_types=types, attributes=attrs)

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        assert isinstance(op, AssumeIntOp)  # (the type checker's view of its accessors)
        arr = op.assumptions
        # no operands: generic. iree-opt prints `util.assume.int  : `, which
        # neither IREE's parser nor hlopt's reads back (printed text must parse)
        if not _declared_props_only(op) or not isinstance(arr, ArrayAttr) or not op.operands \
                or len(arr.elements) != len(op.operands):
            return False
        bodies = []
        for row in arr.elements:
            if not isinstance(row, ArrayAttr):
                return False
            b = [_assumption_body(a) for a in row.elements]
            if any(x is None for x in b):
                return False
            bodies.append(b)
        p.write(" ")
        multi = len(op.operands) > 1  # IREE prints several operands one per line, indented under the op
        if multi:
            p.increase_indent()
            p.increase_indent()
            p.print_newline()
        for i, (v, row, b) in enumerate(zip(op.operands, arr.elements, bodies)):
            if i:
                p.write(", ")
                if multi:
                    p.print_newline()
            p.print_operand(v)
            if len(b) == 1:
                p.print_alias_free(row.elements[0], b[0])
            else:
                p.write("[")
                for j, (a, t) in enumerate(zip(row.elements, b)):
                    if j:
                        p.write(", ")
                    p.print_alias_free(a, t)
                p.write("]")
        if multi:
            p.decrease_indent()
            p.print_newline()
            p.decrease_indent()
        else:
            p.write(" ")
        p.write(": ")
        p.print_types(op.operand_types)
        p.print_optional_attr_dict(op.attributes)
        return True


_ASSUMPTION = "#util.int.assumption"


def _parse_assumption(p: Any) -> Any:
    """One `<...>` assumption (IREE's IntAssumptionAttr printed stripped), or the full attribute."""
    from hlopt.syntax import AttrRef

    at = p.location()
    body = p.parse_angle_body()
    if body is None:
        a = p.parse_optional_attribute()
        if a is None:
            raise p.error("expected '<'")
        return a
    # decoded as the full attribute (an error inside the body points past its prefix)
    return AttrRef(_ASSUMPTION + body, at - len(_ASSUMPTION))


def _assumption_body(a: Any) -> str | None:
    text = getattr(a, "text", None) or ""
    return text[len(_ASSUMPTION):] if text.startswith(_ASSUMPTION + "<") else None


def _declared_props_only(op: Operation) -> bool:
    """A custom form spells only the op's declared properties: any other keeps the generic form."""
    allowed = op.opdef.inherent if op.opdef is not None else ()
    return all(k in allowed or k == "operandSegmentSizes" for k, _ in op.properties.entries)


# -- lists --------------------------------------------------------------------------------


class ListCreateOp(_FormOp):
    name = "util.list.create"
    summary = "Creates a new empty list."
    initial_capacity = opt_operand(Index)
    result_ = result(_List, name="result")
    assembly_format = '($initial_capacity^)? attr-dict `:` type($result)'
    type_inference = (FixedType("initial_capacity", index),)


class ListConstructOp(_FormOp):
    name = "util.list.construct"
    summary = "Constructs a list with the given initial values."
    values = var_operand()
    result_ = result(_List, name="result")
    assembly_format = 'custom<ValueTypeList>($values, type($values)) attr-dict `:` type($result)'

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, ListConstructOp)  # (the type checker's view of its accessors)
        from hlopt.ir.core import IRError

        e = _list_elem(op.result_.type)
        for i, v in enumerate(op.operands):
            if not _castable(v.type, e):
                raise IRError(f"list[{i}] type '{v.type.text}' cannot be be cast to list type '{e.text}'", op)


class ListSizeOp(_FormOp):
    name = "util.list.size"
    summary = "The size of the list in elements."
    list = operand(_List)
    result_ = result(Index, name="result")
    assembly_format = 'operands attr-dict `:` type($list)'
    type_inference = (FixedType("result", index),)


class ListResizeOp(_FormOp):
    name = "util.list.resize"
    summary = "Resizes the list to a new count in elements."
    list = operand(_List)
    new_size = operand(Index)
    assembly_format = 'operands attr-dict `:` type($list)'
    type_inference = (FixedType("new_size", index),)


def _castable(a: Any, b: Any) -> bool:
    """IREE's ListType::canImplicitlyCast (None: the variant `?`)."""
    from hlopt.ir.types import RankedTensorType, UnrankedTensorType

    TensorType = (RankedTensorType, UnrankedTensorType)
    if a is None or b is None or a is b:
        return True
    if any(isinstance(x, OpaqueType) and x.spelling == "!util.object" for x in (a, b)):
        return True
    return isinstance(a, TensorType) and isinstance(b, TensorType)


def _check_access(op: Operation, lt: Any, et: Any, verb: str) -> None:
    from hlopt.ir.core import IRError

    e = _list_elem(lt)
    if not _castable(e, et):
        raise IRError(f"list contains '{e.text}' and cannot be {verb} as '{et.text}'", op)


class ListGetOp(_FormOp):
    name = "util.list.get"
    summary = "Element accessor."
    list = operand(_List)
    index = operand(Index)
    result_ = result(name="result")
    assembly_format = '$list `[` $index `]` attr-dict `:` custom<ListTypeGet>(type($list), type($result))'
    type_inference = (FixedType("index", _INDEX),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, ListGetOp)  # (the type checker's view of its accessors)
        _check_access(op, op.list.type, op.result_.type, "accessed")


class ListSetOp(_FormOp):
    name = "util.list.set"
    summary = "Element mutator."
    list = operand(_List)
    index = operand(Index)
    value = operand()
    assembly_format = '$list `[` $index `]` `,` $value attr-dict `:` custom<ListTypeSet>(type($list), type($value))'
    type_inference = (FixedType("index", _INDEX),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, ListSetOp)  # (the type checker's view of its accessors)
        _check_access(op, op.list.type, op.value.type, "mutated")


# -- globals through pointers -------------------------------------------------------------


class GlobalAddressOp(_FormOp):
    name = "util.global.address"
    summary = "Returns an address reference to a global"
    global_ = attr(IsA(SymbolRefAttr, "flat symbol reference attribute"), name="global")
    is_immutable = opt_attr(Unit)
    result_ = result(_Ptr, name="result")
    traits = (Pure(),)
    assembly_format = '(`immutable` $is_immutable^)? $global attr-dict `:` type($result)'
    attr_syntax = {"is_immutable": UnitKeyword(), "global": SymbolRef()}

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        assert isinstance(op, GlobalAddressOp)  # (the type checker's view of its accessors)
        ref = op.global_
        return ["ptr_" + ref.root] if isinstance(ref, SymbolRefAttr) else []


def _check_pointee(op: Operation, ptr: Any, t: Any, what: str) -> None:
    """IREE's isGlobalTypeCompatible: shaped types of compatible shapes, else the same type."""
    from hlopt.ir.types import ShapedType

    g = _ptr_elem(ptr)
    if g is None or g is t:
        return
    if isinstance(g, ShapedType) and isinstance(t, ShapedType):
        gs, ts = getattr(g, "shape", None), getattr(t, "shape", None)
        if gs is None or ts is None or (len(gs) == len(ts) and all(
                a is None or b is None or a < 0 or b < 0 or a == b for a, b in zip(gs, ts))):
            return
    raise op_error(op, f"global type mismatch; global pointer is '{g.text}' but {what} is '{t.text}'")


class GlobalLoadIndirectOp(_FormOp):
    name = "util.global.load.indirect"
    summary = "Loads a value from a global variable"
    global_ = operand(_Ptr, name="global")
    is_immutable = opt_attr(Unit)
    result_ = result(name="result")
    assembly_format = '(`immutable` $is_immutable^)? $global attr-dict `:` type($global) `->` type($result)'
    attr_syntax = {"is_immutable": UnitKeyword()}

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, GlobalLoadIndirectOp)  # (the type checker's view of its accessors)
        _check_pointee(op, op.global_.type, op.result_.type, "load")


class GlobalStoreIndirectOp(_FormOp):
    name = "util.global.store.indirect"
    summary = "Stores a value into a global variable"
    value = operand()
    global_ = operand(_Ptr, name="global")
    assembly_format = '$value `,` $global attr-dict `:` type($value) `->` type($global)'

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, GlobalStoreIndirectOp)  # (the type checker's view of its accessors)
        _check_pointee(op, op.global_.type, op.value.type, "store")


# -- buffers ------------------------------------------------------------------------------


class BufferConstantOp(_FormOp):
    name = "util.buffer.constant"
    summary = "Constant host-side byte buffer"
    name_ = opt_attr(Str, name="name")
    value = attr()
    alignment = opt_attr(IndexAttr)
    mime_type = opt_attr(Str)
    result_ = result(_Buffer, name="result")
    traits = (Pure(),)
    assembly_format = '($name^)? attr-dict `:` type($result) `=` $value'
    attr_syntax = {"name": OptionalString()}

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        assert isinstance(op, BufferConstantOp)  # (the type checker's view of its accessors)
        n = op.name_
        return [n.value if isinstance(n, StringAttr) else "buffer_cst"]


class BufferAllocOp(_FormOp):
    name = "util.buffer.alloc"
    summary = "Allocates a buffer with undefined contents."
    storage_size = operand(Index)
    alignment = opt_attr(IndexAttr)
    result_ = result(_Buffer, name="result")
    assembly_format = '`uninitialized` attr-dict `:` type($result) `` `{` $storage_size `}`'
    type_inference = (FixedType("storage_size", index),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["buffer"]

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, BufferAllocOp)  # (the type checker's view of its accessors)
        al = op.alignment
        if isinstance(al, IntegerAttr) and al.value > 0 and al.value & (al.value - 1):
            raise op_error(op, "invalid alignment; must be a power of two")


class BufferDeallocOp(_FormOp):
    name = "util.buffer.dealloc"
    summary = "Deallocates a buffer."
    operand_ = operand(_Buffer, name="operand")
    operand_size = _operand(Index)
    assembly_format = '$operand `:` type($operand) `{` $operand_size `}` attr-dict-with-keyword'
    type_inference = (FixedType("operand_size", index),)


class BufferSliceOp(_FormOp):
    name = "util.buffer.slice"
    summary = "Clones a subregion of a buffer."
    source = operand(_Buffer)
    source_size = operand(Index)
    source_offset = operand(Index)
    result_size = operand(Index)
    alignment = opt_attr(IndexAttr)
    result_ = result(_Buffer, name="result")
    traits = (Pure(),)
    assembly_format = '$source `[` $source_offset `]` attr-dict `:` type($source) `` `{` $source_size `}` `->` type($result) `` `{` $result_size `}`'
    type_inference = _index("source_offset", "source_size", "result_size")

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["buffer"]


class BufferSubspanOp(_FormOp):
    name = "util.buffer.subspan"
    summary = "Returns a reference to a subrange of a buffer."
    source = operand(_Buffer)
    source_size = operand(Index)
    source_offset = operand(Index)
    result_size = operand(Index)
    result_ = result(_Buffer, name="result")
    traits = (Pure(),)
    assembly_format = '$source `[` $source_offset `]` `:` type($source) `` `{` $source_size `}` `->` type($result) `` `{` $result_size `}` attr-dict-with-keyword'
    type_inference = _index("source_offset", "source_size", "result_size")

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["buffer_span"]


class BufferSizeOp(_FormOp):
    name = "util.buffer.size"
    summary = "Returns the total buffer storage size in bytes."
    operand_ = operand(_Buffer, name="operand")
    result_ = result(Index, name="result")
    traits = (Pure(),)
    assembly_format = '$operand `:` type($operand) attr-dict-with-keyword'
    type_inference = (FixedType("result", index),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["buffer_size"]


class BufferStorageOp(_FormOp):
    name = "util.buffer.storage"
    summary = "Returns the underlying buffer storage range."
    operand_ = operand(_Buffer, name="operand")
    operand_size = _operand(Index)
    result_ = result(_MEMREF, name="result")
    offset = _result(Index)
    traits = (Pure(),)
    assembly_format = '$operand `:` type($operand) `` `{` $operand_size `}` `->` `(` type($result) `,` type($offset) `)` attr-dict-with-keyword'
    type_inference = _index("operand_size")

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["buffer_storage", "buffer_offset"]


class _BufferTwoOp(_FormOp):
    """copy and compare: `%a[%ao], %b[%bo], %len : A{%as} (-> | ,) B{%bs}`."""

    sep = "->"


class BufferCopyOp(_BufferTwoOp):
    name = "util.buffer.copy"
    summary = "Copies a range of bytes between buffers."
    source = operand(_Buffer)
    source_size = operand(Index)
    source_offset = operand(Index)
    target = operand(_Buffer)
    target_size = operand(Index)
    target_offset = operand(Index)
    length = operand(Index)
    assembly_format = '$source `[` $source_offset `]` `,` $target `[` $target_offset `]` `,` $length `:` type($source) `` `{` $source_size `}` `->` type($target) `` `{` $target_size `}` attr-dict-with-keyword'
    type_inference = _index("source_offset", "target_offset", "length", "source_size", "target_size")


class BufferCompareOp(_BufferTwoOp):
    name = "util.buffer.compare"
    summary = "Compares a range of two buffers."
    sep = ","
    lhs = operand(_Buffer)
    lhs_size = operand(Index)
    lhs_offset = operand(Index)
    rhs = operand(_Buffer)
    rhs_size = operand(Index)
    rhs_offset = operand(Index)
    length = operand(Index)
    result_ = result(_I1, name="result")
    assembly_format = '$lhs `[` $lhs_offset `]` `,` $rhs `[` $rhs_offset `]` `,` $length `:` type($lhs) `` `{` $lhs_size `}` `,` type($rhs) `` `{` $rhs_size `}` attr-dict-with-keyword'
    type_inference = _index("lhs_offset", "rhs_offset", "length", "lhs_size", "rhs_size") + (FixedType("result", i1),)


class _BufferWriteOp(_FormOp):
    """fill and store: `%v, %buf[%o for %n] : T -> !util.buffer{%s}`."""


class BufferFillOp(_BufferWriteOp):
    name = "util.buffer.fill"
    summary = "Fills the buffer with the given repeating value."
    pattern = operand(FILL_PATTERN)
    target = operand(_Buffer)
    target_size = operand(Index)
    target_offset = operand(Index)
    length = operand(Index)
    assembly_format = '$pattern `,` $target `[` $target_offset `for` $length `]` `:` type($pattern) `->` type($target) `` `{` $target_size `}` attr-dict-with-keyword'
    type_inference = _index("target_offset", "length", "target_size")


class BufferStoreOp(_BufferWriteOp):
    name = "util.buffer.store"
    summary = "Stores a value into the buffer."
    source = operand(PRIMITIVE)
    target = operand(_Buffer)
    target_size = operand(Index)
    target_offset = operand(Index)
    length = operand(Index)
    assembly_format = '$source `,` $target `[` $target_offset `for` $length `]` `:` type($source) `->` type($target) `` `{` $target_size `}` attr-dict-with-keyword'
    type_inference = _index("target_offset", "length", "target_size")


class _BufferReadOp(_FormOp):
    """load and hash: `%buf[%o for %n] : !util.buffer{%s} -> T`."""


class BufferLoadOp(_BufferReadOp):
    name = "util.buffer.load"
    summary = "Loads a value from a buffer."
    source = operand(_Buffer)
    source_size = operand(Index)
    source_offset = operand(Index)
    length = operand(Index)
    result_ = result(PRIMITIVE, name="result")
    assembly_format = '$source `[` $source_offset `for` $length `]` `:` type($source) `` `{` $source_size `}` `->` type($result) attr-dict-with-keyword'
    type_inference = _index("source_offset", "length", "source_size")


class BufferHashOp(_BufferReadOp):
    name = "util.buffer.hash"
    summary = "Computes the hash of a byte range of a buffer."
    source = operand(_Buffer)
    source_size = operand(Index)
    source_offset = operand(Index)
    length = operand(Index)
    result_ = result(IsA(IntegerType, "64-bit signless integer"), name="result")
    assembly_format = '$source `[` $source_offset `for` $length `]` `:` type($source) `` `{` $source_size `}` `->` type($result) attr-dict-with-keyword'
    type_inference = _index("source_offset", "length", "source_size")


# -- ranges, numerics, strings, switch ----------------------------------------------------


class _RangeOp(_FormOp):
    operands_ = var_operand(_RANGE)
    result_ = result(_RANGE, name="result")
    traits = (Pure(),)
    assembly_format = '$operands_ attr-dict `:` type($result)'
    type_inference = (AllTypesMatch("operands_", "result"),)


class RangeMinOp(_RangeOp):
    name = "util.range.min"
    summary = "Returns the min of all values."


class RangeMaxOp(_RangeOp):
    name = "util.range.max"
    summary = "Returns the max of all values."


class RangeExtentsOp(_FormOp):
    name = "util.range.extents"
    summary = "Returns the min/max of a union of a set of ranges."
    offsets = var_operand(_RANGE)
    lengths = var_operand(_RANGE)
    vars()["min"] = result(_RANGE)
    vars()["max"] = result(_RANGE)
    traits = (Pure(), SameOperandsAndResultType(), SameVariadicOperandSize())
    assembly_format = 'custom<RangeList>($offsets, $lengths) attr-dict `:` type($min)'

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["min", "max"]


class NumericOptionalNarrowOp(_FormOp):
    name = "util.numeric.optional_narrow"
    summary = "Memorializes an optional numeric narrowing that is valid."
    operand_ = operand(ELEMENT_OR_TENSOR, name="operand")
    semantic_type = attr(_TypeAttr)
    min_value = opt_attr(IsA(IntegerAttr, "arbitrary integer attribute"))
    max_value = opt_attr(IsA(IntegerAttr, "arbitrary integer attribute"))
    result_ = result(ELEMENT_OR_TENSOR, name="result")
    traits = (Pure(),)
    assembly_format = '$operand `:` type($operand) `as` $semantic_type attr-dict'
    type_inference = (AllTypesMatch("operand", "result"),)
    attr_syntax = {"semantic_type": TypeAsAttr()}


class StringFormatOp(_FormOp):
    name = "util.string.format"
    summary = "Formats a string from a format string and arguments."
    format = attr(Str)
    args = var_operand(FORMAT_ARG)
    result_ = result(_Buffer, name="result")
    traits = (Pure(),)
    assembly_format = '$format `(` $args `)` attr-dict `:` functional-type($args, $result)'

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        assert isinstance(op, StringFormatOp)  # (the type checker's view of its accessors)
        f = op.format
        return [_format_name(f.value)] if isinstance(f, StringAttr) else []


def _format_name(fmt: str) -> str:
    """IREE's result name for a format string: placeholders become N, other
    characters outside [A-Za-z0-9_] are dropped (at most 32 characters)."""
    out, i = "", 0
    while i < len(fmt) and len(out) < 32:
        c = fmt[i]
        if c == "{":
            if fmt.startswith("{{", i):
                i += 2
                continue
            j = fmt.find("}", i)
            out += "N"
            i = len(fmt) if j < 0 else j + 1
            continue
        if c.isalnum() and c.isascii() or c == "_":
            out += c
        i += 1
    return out or "str"


class StringItoaOp(_FormOp):
    name = "util.string.itoa"
    summary = "Converts an integer to its decimal string representation."
    value = operand(AnyOf(Index, AnySignless))
    result_ = result(_Buffer, name="result")
    traits = (Pure(),)
    assembly_format = '$value attr-dict `:` type($value) `->` type($result)'

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["itoa"]


class SwitchOp(_FormOp):
    name = "util.switch"
    summary = "Primitive switch operation."
    vars()["index"] = operand(Index)
    default_value = operand(PRIMITIVE)
    values = var_operand(PRIMITIVE)
    result_ = result(PRIMITIVE, name="result")
    traits = (Pure(),)
    assembly_format = 'type($default_value) `from` custom<TypedValueList>($values) `at` $index `else` $default_value attr-dict `:` type($result)'
    type_inference = (FixedType("index", _INDEX), TypesMatchWith("default_value", "values", lambda t: t))

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, SwitchOp)  # (the type checker's view of its accessors)
        t = op.default_value.type
        if any(v.type is not t for v in op.values) or op.result_.type is not t:
            raise op_error(op, "failed to verify that all of {default_value, result} have same type")


# -- status and control -------------------------------------------------------------------


class StatusCheckOkOp(_FormOp):
    name = "util.status.check_ok"
    summary = "Raises a global failure if a status is not 'ok'."
    status = operand(IsA(IntegerType, "32-bit signless integer"))
    message = opt_attr(Str)
    assembly_format = '$status (`,` $message^)? attr-dict'
    type_inference = (FixedType("status", IntegerType(32)),)


class _UnreachableOp(_FormOp):
    message = opt_attr(Str)
    assembly_format = '($message^)? attr-dict'
    attr_syntax = {"message": OptionalString()}


class UnreachableOp(_UnreachableOp):
    name = "util.unreachable"
    summary = "Unreachable assertion op."
    traits = (Terminator(),)


class SCFUnreachableOp(_UnreachableOp):
    """Not a terminator: it sits in a structured region before its yield."""

    name = "util.scf.unreachable"
    summary = "Unreachable assertion op for structured control flow."


class HoistableConversionOp(_Op):
    name = "util.hoistable_conversion"
    summary = "Defines a hoistable conversion between inputs and outputs."
    tag = attr(Str)
    inverseTag = attr(Str)
    inputs = var_operand()
    results_ = var_result()
    body = region()
    traits = (RecursiveMemoryEffects(), SingleBlockImplicitTerminator("util.return"))

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, HoistableConversionOp)  # (the type checker's view of its accessors)
        blocks = op.body.blocks
        if len(blocks) != 1:
            raise op_error(op, "expected exactly one block in the body region")
        args, inputs = blocks[0].args, op.inputs
        if len(args) != len(inputs):
            raise op_error(op, f"expected {len(inputs)} block arguments but got {len(args)}")
        for i, (a, v) in enumerate(zip(args, inputs)):
            if a.type is not v.type:
                raise op_error(op, f"block argument #{i} type '{a.type.text}' does not match input type '{v.type.text}'")
        ret = blocks[0].last_op
        if ret is None or ret.name != "util.return":
            return  # the terminator checks report it
        if len(ret.operands) != len(op.results):
            raise op_error(op, f"return has {len(ret.operands)} operands but op has {len(op.results)} results")
        for i, (v, r) in enumerate(zip(ret.operands, op.results)):
            if v.type is not r.type:
                raise op_error(op, f"return operand #{i} type '{v.type.text}' does not match result type '{r.type.text}'")

    # -- IREE's custom form: `"tag" inverts("inverse") (%arg = %input, ...) : (T, ...) -> (U, ...)
    #    { body } {attrs}`, the entry block's arguments bound in the header
    @staticmethod
    def parse_asm(p: Any) -> dict:
        from hlopt.ir.types import FunctionType
        from hlopt.syntax import AttrRef

        r = p.resolver
        tags = []
        for i in range(2):
            if i:
                p.parse_keyword("inverts")
                p.parse_punct("(")
            at = p.location()
            t = p.parse_optional_string()
            if t is None:
                raise p.error("expected string")
            tags.append(r.attr(AttrRef(t, at)))
        p.parse_punct(")")
        args, refs = _parse_assignments(p)
        at = p.location()
        p.parse_colon()
        tref = p.parse_type()
        ft = r.type(tref)
        if not isinstance(ft, FunctionType):
            raise r.error("invalid kind of type specified", tref.pos)
        if len(ft.inputs) != len(refs):
            raise r.error(f"custom op 'util.hoistable_conversion' expected as many input types as operands "
                          f"(expected {len(refs)} got {len(ft.inputs)})", at)
        for a, t in zip(args, ft.inputs):
            a.type = t
        inputs = [r.operand(v, t) for v, t in zip(refs, ft.inputs)]
        body = p.parse_region(args)
        attrs = p.parse_optional_attr_dict()
        return {"tags": tags, "inputs": inputs, "results": list(ft.results), "body": body,
                "attrs": r.attr(attrs) if attrs is not None else None}

    @classmethod
    def build_asm(cls, r: Any, st: dict) -> Operation:
        # IREE's parser adds no implicit util.return: a block without one is the verifier's to report
        tag, inv = st["tags"]
        return cls.build(st["inputs"], tag=tag, inverseTag=inv, result_types=st["results"], regions=[st["body"]],
                         attributes=st["attrs"])

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        assert isinstance(op, HoistableConversionOp)  # (the type checker's view of its accessors)
        tag, inv = op.tag, op.inverseTag
        blocks = op.body.blocks
        if not _declared_props_only(op) or not isinstance(tag, StringAttr) or not isinstance(inv, StringAttr) \
                or len(blocks) != 1 or len(blocks[0].args) != len(op.inputs):
            return False
        p.write(" ")
        p.print_attribute(tag)
        p.write(" inverts(")
        p.print_attribute(inv)
        p.write(") (")
        for i, (a, v) in enumerate(zip(blocks[0].args, op.inputs)):
            if i:
                p.write(", ")
            p.print_operand(a)
            p.write(" = ")
            p.print_operand(v)
        p.write(") : ")
        p.print_functional_type(op.operand_types, [r.type for r in op.results])
        p.write(" ")
        p.print_region(op.body)
        p.print_optional_attr_dict(op.attributes)
        return True

    @classmethod
    def custom_prints_entry_args(cls, op: Operation, region_index: int = 0) -> bool:
        return False


def _parse_assignments(p: Any) -> tuple[list, list]:
    """`(%a = %x, ...)` (MLIR's parseAssignmentList): (region arguments, operands)."""
    args: list = []
    refs: list = []
    p.parse_punct("(")
    if p.parse_optional_punct(")"):
        return args, refs
    while True:
        args.append(p.parse_argument(allow_type=False))
        p.parse_punct("=")
        refs.append(p.parse_operand())
        if p.parse_optional_punct(")"):
            return args, refs
        p.parse_comma()


OPS = (NullOp, CastOp, CmpEqOp, CmpNeOp, AlignOp, SizeOfOp, OptimizationBarrierOp, UnfoldableConstantOp,
       AssumeIntOp, ListCreateOp, ListConstructOp, ListSizeOp, ListResizeOp, ListGetOp, ListSetOp, GlobalAddressOp,
       GlobalLoadIndirectOp, GlobalStoreIndirectOp, BufferConstantOp, BufferAllocOp, BufferDeallocOp, BufferSliceOp,
       BufferSubspanOp, BufferSizeOp, BufferStorageOp, BufferCopyOp, BufferCompareOp, BufferFillOp, BufferStoreOp,
       BufferLoadOp, BufferHashOp, RangeMinOp, RangeMaxOp, RangeExtentsOp, NumericOptionalNarrowOp, StringFormatOp,
       StringItoaOp, SwitchOp, StatusCheckOkOp, UnreachableOp, SCFUnreachableOp, HoistableConversionOp)

# -- IREE's custom directives of the list, switch and range ops ------------------------------


def _elem_ref(p: Any, t: Any) -> Any:
    """The element type of a `!util.list<T>` written at `t` (a TypeRef), as a TypeRef."""
    from hlopt.syntax import TypeRef

    text = t.text.strip()
    if not text.startswith("!util.list<") or not text.endswith(">"):
        raise p.error("expected !util.list<T> type", t.pos)
    return TypeRef(text[len("!util.list<"):-1].strip(), t.pos + len("!util.list<"))


def parse_ListTypeGet(p: Any) -> tuple:
    """`!util.list<T> [-> U]`: the list's type and the result's (its element type unless given)."""
    lt = p.parse_type()
    return lt, (p.parse_type() if p.parse_optional_punct("->") else _elem_ref(p, lt))


def print_ListTypeGet(p: Any, op: Operation, lt: list, rt: list) -> None:
    p.print_type(lt[0])
    if _list_elem(lt[0]) is not rt[0]:
        p.write(" -> ")
        p.print_type(rt[0])


def parse_ListTypeSet(p: Any) -> tuple:
    """`!util.list<T>` or `U -> !util.list<T>`: the list's type and the value's."""
    t = p.parse_type()
    if p.parse_optional_punct("->"):
        return p.parse_type(), t
    return t, _elem_ref(p, t)


def print_ListTypeSet(p: Any, op: Operation, lt: list, vt: list) -> None:
    if _list_elem(lt[0]) is not vt[0]:
        p.print_type(vt[0])
        p.write(" -> ")
    p.print_type(lt[0])


def parse_ValueTypeList(p: Any) -> tuple:
    """`[%a : T, %b : U]`."""
    vals, types = [], []
    p.parse_punct("[")
    if not p.parse_optional_punct("]"):
        while True:
            vals.append(p.parse_operand())
            p.parse_colon()
            types.append(p.parse_type())
            if not p.parse_optional_punct(","):
                break
        p.parse_punct("]")
    return vals, types


def print_ValueTypeList(p: Any, op: Operation, vals: list, types: list) -> None:
    p.write("[")
    for i, (v, t) in enumerate(zip(vals, types)):
        if i:
            p.write(", ")
        p.print_operand(v)
        p.write(" : ")
        p.print_type(t)
    p.write("]")


def parse_TypedValueList(p: Any) -> tuple:
    """`[%a, %b]` (their type is the default value's)."""
    p.parse_punct("[")
    vals = [] if p.peek("]") else p.parse_operand_list()
    p.parse_punct("]")
    return (vals,)


def print_TypedValueList(p: Any, op: Operation, vals: list) -> None:
    p.write("[")
    p.print_operands(vals)
    p.write("]")


def parse_RangeList(p: Any) -> tuple:
    """`[%o for %l], [%o2 for %l2]`."""
    offsets, lengths = [], []
    while True:
        p.parse_punct("[")
        offsets.append(p.parse_operand())
        p.parse_keyword("for")
        lengths.append(p.parse_operand())
        p.parse_punct("]")
        if not p.parse_optional_punct(","):
            return offsets, lengths


def print_RangeList(p: Any, op: Operation, offsets: list, lengths: list) -> None:
    for i, (o, n) in enumerate(zip(offsets, lengths)):
        p.write(", [" if i else "[")
        p.print_operand(o)
        p.write(" for ")
        p.print_operand(n)
        p.write("]")


for _c, _names in ((ListGetOp, ("ListTypeGet",)), (ListSetOp, ("ListTypeSet",)), (ListConstructOp, ("ValueTypeList",)),
                   (SwitchOp, ("TypedValueList",)), (RangeExtentsOp, ("RangeList",))):
    for _n in _names:  # the ops' custom<...> directives
        setattr(_c, "parse_" + _n, staticmethod(globals()["parse_" + _n]))
        setattr(_c, "print_" + _n, staticmethod(globals()["print_" + _n]))
