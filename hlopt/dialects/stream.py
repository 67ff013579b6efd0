"""IREE's stream dialect, the subset encoding specialization works on, with
IREE's custom forms (grammars/stream.lark):

stream.executable / stream.executable.export / stream.binding.subspan
(executables and their bindings), stream.async.transfer,
stream.tensor.dispatch and stream.async.dispatch (dispatch sites),
stream.tensor.sizeof/empty/constant/splat/fill/encode/clone/slice/update
(tensor-phase ops carrying encodings). Other stream ops pass through
generically.

Tensor-phase ops say which of their properties are encodings
(`encoding_fields`) and run where their `affinity` says; the pass reads
those declarations, not op names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.dialects.util import return_text, visibility_prefix
from hlopt.ir.attributes import (
    ArrayAttr,
    DenseArrayAttr,
    DictionaryAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
    quote,
    symbol_name_text,
)
from hlopt.ir.core import Operation, Region
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import SymbolOpInterface
from hlopt.ir.opdef import OpDef, attr, operand, opt_attr, region, result, var_operand, var_result
from hlopt.ir.traits import (
    AttrSizedOperandSegments,
    HasParent,
    IsolatedFromAbove,
    Pure,
    ReturnLike,
    Symbol,
    SymbolTable,
    Terminator,
    op_error,
)
from hlopt.ir.types import DYNAMIC, IndexType, OpaqueType, RankedTensorType, Type, i32

_INDEX = IndexType()
UNUSED = OpaqueType("!util.unused")


def is_resource(t: Any) -> bool:
    """`!stream.resource<...>`: values whose affinity the analysis tracks."""
    return isinstance(t, OpaqueType) and t.spelling.startswith("!stream.resource")


def dynamic_dims(t: Any) -> int:
    return sum(1 for d in t.shape if d == DYNAMIC) if isinstance(t, RankedTensorType) else 0


def _type_of(op: Operation, name: str) -> Any:
    a = op.properties.get(name)
    return a.type if isinstance(a, TypeAttr) else None


_DIMS_NEEDED: dict = {}


def operand_groups(cls: Any, op: Operation) -> list[list[Any]]:
    """The operand groups of an op with AttrSizedOperandSegments, read
    straight from `operandSegmentSizes` (the verifier has checked it; the
    declared segmentation is the fallback)."""
    sizes = op.properties.get("operandSegmentSizes")
    vals = getattr(sizes, "values", None)
    ops = op.operands
    if vals is None or len(vals) != len(cls.operand_defs) or sum(vals) != len(ops):
        return [ops[a:a + n] for a, n in cls.operand_segments(op)]
    out, start = [], 0
    for n in vals:
        out.append(ops[start:start + n])
        start += n
    return out


def _custom_or_generic(fn: Any) -> Any:
    """Print the custom form, or the generic one (None) when the op's pieces
    do not fit it (IR the verifier would reject; never a traceback)."""

    def wrapper(cls: Any, op: Operation, p: Any) -> str | None:
        try:
            return fn(cls, op, p)
        except (IndexError, ValueError, AttributeError, TypeError):
            return None

    wrapper.__name__, wrapper.__doc__ = fn.__name__, fn.__doc__
    return wrapper


# ---------------------------------------------------------------------------
# executables


class ExecutableOp(OpDef, SymbolOpInterface):
    name = "stream.executable"
    summary = "Generic executable module"
    sym_name = attr()
    sym_visibility = opt_attr()
    body = region(1)
    traits = (IsolatedFromAbove(), Symbol(), SymbolTable())
    default_dialect = "stream"

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        name = op.properties.get("sym_name")
        if not isinstance(name, StringAttr) or len(op.regions) != 1:
            return None
        s = "stream.executable " + visibility_prefix(op) + symbol_name_text(name.value)
        s += p.attr_dict(op.attributes, keyword=True)
        return s + " " + p.region(op.regions[0], print_terminators=cls.custom_prints_terminators(op, 0))

    @classmethod
    def custom_prints_terminators(cls, op: Operation, region_index: int) -> bool:
        return False

    @classmethod
    def custom_visit_items(cls, op: Operation, debuginfo: bool) -> list[tuple] | None:
        # the implicit stream.executable.end is not printed: its location gets no alias
        if len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
            return None
        return [("a", v, False) for _, v in op.attributes.entries] + \
            [("op", o) for o in op.regions[0].blocks[0].ops if o.opdef is not ExecutableEndOp]

    @classmethod
    def inner_module(cls, op: Operation) -> Operation | None:
        for o in op.regions[0].blocks[0].ops if op.regions and op.regions[0].blocks else ():
            if o.name == "builtin.module":
                return o
        return None


class ExecutableEndOp(OpDef):
    name = "stream.executable.end"
    summary = "Terminator pseudo-op for the executable op"
    traits = (Terminator(), HasParent("stream.executable"))


class ExecutableExportOp(OpDef, SymbolOpInterface):
    name = "stream.executable.export"
    summary = "Executable entry point declaration"
    sym_name = attr()
    sym_visibility = opt_attr()
    function_ref = attr()
    workgroup_count = region()
    traits = (HasParent("stream.executable"), Symbol())

    @classmethod
    def custom_prints_entry_args(cls, op: Operation, region_index: int = 0) -> bool:
        return True

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        name = op.properties.get("sym_name")
        ref = op.properties.get("function_ref")
        if not isinstance(name, StringAttr) or not isinstance(ref, SymbolRefAttr) or ref.nested \
                or len(op.regions) != 1 or len(op.regions[0].blocks) > 1:
            return None
        # IREE prints `public` for an export without visibility
        s = "stream.executable.export " + (visibility_prefix(op) or "public ") + ref.text
        if ref.root != name.value:  # IREE's custom<SymbolAlias>
            s += " as(" + quote(name.value) + ")"
        # custom<WorkgroupCountRegion> prints a space even when the region is empty
        s += " "
        r = op.regions[0]
        if r.blocks:
            b = r.blocks[0]
            term = b.last_op
            if term is None:
                return None
            s += ("workgroups(" + ", ".join(f"{p.value(a)}: {p.type_text(a.type)}" + _arg_loc(p, a) for a in b.args)
                  + ") -> ("
                  + p.types(term.operand_types) + ") " + p.region(r))
        return s + p.attr_dict(op.attributes, keyword=True)


def _arg_loc(p: Any, a: Any) -> str:
    """` loc(...)` after a block argument, with --mlir-print-debuginfo."""
    if not p.debuginfo:
        return ""
    from hlopt.ir.location import UnknownLoc

    loc = a.location if a.location is not None else UnknownLoc()
    return " loc(" + loc.body(p) + ")"


class ReturnOp(OpDef):
    name = "stream.return"
    summary = "Returns results from a region"
    operands_ = var_operand()
    traits = (Pure(), ReturnLike(), Terminator(), HasParent("stream.executable.export"))

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        return return_text("stream.return", op, p)


class BindingSubspanOp(OpDef):
    name = "stream.binding.subspan"
    summary = "Returns an alias to a subspan of interface binding data"
    binding = operand()
    byte_offset = operand()
    dynamic_dims = var_operand()
    result = result()
    traits = (Pure(),)

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        b, off, *dims = op.operands
        return (f"stream.binding.subspan {p.value(b)}[{p.value(off)}]" + p.attr_dict(op.attributes)
                + f" : {p.type_text(b.type)} -> {p.type_text(op.results[0].type)}" + _pdims(p, dims))


# ---------------------------------------------------------------------------
# transfers and dispatches


def _pdims(p: Any, vals: Sequence[Any], always: bool = False) -> str:
    return "{" + p.values(vals) + "}" if vals or always else ""


def _aff(p: Any, op: Operation, key: str = "affinity", kw: str = "on") -> str:
    a = op.properties.get(key)
    return f"{kw}({p.attr_text(a)}) " if a is not None else ""


class AsyncTransferOp(OpDef):
    name = "stream.async.transfer"
    summary = "Transfers a resource from one location/state to another"
    source = operand()
    source_size = operand()
    result_size = operand()
    result = result()
    source_affinity = opt_attr()
    target_affinity = opt_attr()

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        src, ss, rs = op.operands
        s = f"stream.async.transfer {p.value(src)}" + p.attr_dict(op.attributes)
        s += f" : {p.type_text(src.type)}{{{p.value(ss)}}} "
        frm = _aff(p, op, "source_affinity", "from")
        to = _aff(p, op, "target_affinity", "to")
        return s + frm + "-> " + to + f"{p.type_text(op.results[0].type)}{{{p.value(rs)}}}"


def _entry_text(op: Operation) -> str | None:
    """`@ex::@fn`, or `{@a::@f, @b::@g}` for several entry points."""
    eps = op.properties.get("entry_points")
    if not isinstance(eps, ArrayAttr) or not len(eps) \
            or not all(isinstance(e, SymbolRefAttr) and len(e.nested) == 1 for e in eps.elements):
        return None
    if len(eps) == 1:
        return eps.elements[0].text
    return "{" + ", ".join(e.text for e in eps.elements) + "}"


def tied_operands(op: Operation) -> list[int]:
    t = op.properties.get("tied_operands")
    n = len(op.results)
    if not isinstance(t, ArrayAttr):
        return [-1] * n
    return [getattr(x, "value", -1) for x in t.elements]


class TensorDispatchOp(OpDef):
    """A dispatch site: launches `entry_points` on resources carrying
    encoded tensor types (`operand_encodings`, `result_encodings`)."""

    name = "stream.tensor.dispatch"
    summary = "Dispatches a parallelized grid of work"
    workload = var_operand()
    mixed_operands = var_operand()
    operand_sizes = var_operand()
    operand_encoding_dims = var_operand()
    result_sizes = var_operand()
    result_encoding_dims = var_operand()
    results = var_result()
    affinity = opt_attr()
    entry_points = attr()
    operand_encodings = attr()
    result_encodings = attr()
    tied_operands = opt_attr()
    traits = (AttrSizedOperandSegments(),)
    tensor_phase = True
    encoding_fields = ("operand_encodings", "result_encodings")

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        ep = _entry_text(op)
        if ep is None:
            return None
        g = dict(zip(("workload", "args", "sizes", "odims", "rsizes", "rdims"), operand_groups(cls, op)))
        oenc = [a.type for a in op.properties.get("operand_encodings").elements]
        renc = [a.type for a in op.properties.get("result_encodings").elements]
        s = "stream.tensor.dispatch " + _aff(p, op) + ep
        if g["workload"]:
            s += "[" + p.values(g["workload"]) + "]"
        s += "(" + p.values(g["args"]) + ")" + p.attr_dict(op.attributes) + " : ("
        items, si, di = [], 0, 0
        for v, t in zip(g["args"], oenc):
            if not is_resource(v.type):
                items.append(p.type_text(v.type))
                continue
            n = dynamic_dims(t)
            items.append(f"{p.type_text(t)}{_pdims(p, g['odims'][di:di + n])} in "
                         f"{p.type_text(v.type)}{{{p.value(g['sizes'][si])}}}")
            di += n
            si += 1
        s += ", ".join(items) + ") -> "
        outs, di = [], 0
        for i, (t, r, tie) in enumerate(zip(renc, op.results, tied_operands(op), strict=True)):
            n = dynamic_dims(t)
            where = p.value(g["args"][tie]) if tie >= 0 else p.type_text(r.type)
            outs.append(p.type_text(t) + _pdims(p, g["rdims"][di:di + n]) + " in " + where
                        + "{" + p.value(g["rsizes"][i]) + "}")
            di += n
        return s + (_result_list(outs) if outs else "()")

    @classmethod
    def verify(cls, op: Operation) -> None:
        _w, args, sizes, odims, rsizes, rdims = operand_groups(cls, op)
        oenc, renc = op.properties.get("operand_encodings"), op.properties.get("result_encodings")
        if not isinstance(oenc, ArrayAttr) or len(oenc) != len(args):
            raise op_error(op, "expects one operand encoding per operand")
        if not isinstance(renc, ArrayAttr) or len(renc) != len(op.results):
            raise op_error(op, "expects one result encoding per result")
        mask = tuple(is_resource(a.type) for a in args)
        if len(sizes) != sum(mask) or len(rsizes) != len(op.results):
            raise op_error(op, "expects one size per resource operand and result")
        # the dims each encoding list needs, counted once per (encodings, resource mask)
        key = (oenc, renc, mask)
        need = _DIMS_NEEDED.get(key)
        if need is None:
            need = _DIMS_NEEDED[key] = (sum(dynamic_dims(e.type) for e, r in zip(oenc, mask) if r),
                                        sum(dynamic_dims(e.type) for e in renc))
        for n, dims in zip(need, (odims, rdims)):
            if n != len(dims):
                raise op_error(op, f"type set has {n} dynamic dimensions but only {len(dims)} dimension "
                                   "values are attached")

    @classmethod
    def binding_layouts(cls, op: Operation) -> list[Any]:
        """The encodings of the executable's bindings, in order: operands,
        then untied results (IREE's getBindingLayoutAttrs)."""
        out = list(op.properties.get("operand_encodings").elements)
        for r, tie in zip(op.properties.get("result_encodings").elements, tied_operands(op)):
            if tie == -1:
                out.append(r)
        return out


class AsyncDispatchOp(OpDef):
    name = "stream.async.dispatch"
    summary = "Dispatches a parallelized grid of work"
    workload = var_operand()
    resource_operands = var_operand()
    resource_operand_sizes = var_operand()
    resource_operand_offsets = var_operand()
    resource_operand_ends = var_operand()
    resource_operand_lengths = var_operand()
    result_sizes = var_operand()
    results = var_result()
    affinity = opt_attr()
    entry_points = attr()
    tied_operands = opt_attr()
    traits = (AttrSizedOperandSegments(),)

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        ep = _entry_text(op)
        if ep is None or not op.results:
            return None
        w, args, sizes, offs, ends, lens, rsizes = operand_groups(cls, op)
        s = "stream.async.dispatch " + _aff(p, op) + ep
        if w:
            s += "[" + p.values(w) + "]"
        items, types, ri = [], [], 0
        for v in args:
            if is_resource(v.type):
                items.append(f"{p.value(v)}[{p.value(offs[ri])} to {p.value(ends[ri])} for {p.value(lens[ri])}]")
                types.append(f"{p.type_text(v.type)}{{{p.value(sizes[ri])}}}")
                ri += 1
            else:
                items.append(p.value(v))
                types.append(p.type_text(v.type))
        s += "(" + ", ".join(items) + ")" + p.attr_dict(op.attributes) + " : (" + ", ".join(types) + ") -> "
        outs = [(p.value(args[tie]) if tie >= 0 else p.type_text(r.type)) + "{" + p.value(rsizes[i]) + "}"
                for i, (r, tie) in enumerate(zip(op.results, tied_operands(op), strict=True))]
        return s + _result_list(outs)


def _result_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else "(" + ", ".join(items) + ")"


# ---------------------------------------------------------------------------
# tensor-phase ops


class _TensorOp(OpDef):
    tensor_phase = True
    encoding_fields: tuple[str, ...] = ()  # in the order the custom form prints them
    # encodings that must already be serialized (or unrecognized): the pass cannot update them
    fixed_encodings = False

    @classmethod
    def custom_visit_items(cls, op: Operation, debuginfo: bool) -> list[tuple] | None:
        # MLIR numbers aliases in print order: the affinity, the encodings as
        # printed (a slice's source before its result), then the rest
        props = op.properties
        first = ["affinity", *cls.encoding_fields]
        seq = [("a", props.get(k), False) for k in first if props.get(k) is not None]
        seq += [("a", v, False) for k, v in props.entries if k not in first]
        seq += [("a", u.value.type, False) for u in op._operands]
        seq += [("a", r.type, False) for r in op.results]
        seq += [("a", v, False) for _, v in op.attributes.entries]
        return seq

    @classmethod
    def verify(cls, op: Operation) -> None:
        # each `<x>_encoding` type has its dynamic dims in the `<x>_encoding_dims` operands
        for f in cls.encoding_fields:
            t = _type_of(op, f)
            dims = cls.get(op, f + "_dims")
            if t is not None and dynamic_dims(t) != len(dims):
                raise op_error(op, f"type set has {dynamic_dims(t)} dynamic dimensions but only {len(dims)} "
                                   "dimension values are attached")


class TensorSizeOfOp(_TensorOp):
    name = "stream.tensor.sizeof"
    summary = "Calculates the storage size of a given high-level type"
    encoding_dims = var_operand()
    storage_size = result()
    affinity = opt_attr()
    encoding = attr()
    traits = (Pure(),)
    encoding_fields = ("encoding",)

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        return ("stream.tensor.sizeof " + _aff(p, op) + p.type_text(_type_of(op, "encoding"))
                + _pdims(p, op.operands) + p.attr_dict(op.attributes) + " : " + p.type_text(op.results[0].type))


class TensorEmptyOp(_TensorOp):
    name = "stream.tensor.empty"
    summary = "Defines an empty tensor value"
    result_encoding_dims = var_operand()
    result_size = operand()
    result = result()
    affinity = opt_attr()
    result_encoding = attr()
    encoding_fields = ("result_encoding",)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["empty"]

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        *dims, size = op.operands
        return ("stream.tensor.empty " + _aff(p, op) + p.attr_dict(op.attributes).lstrip(" ")
                + (" " if op.attributes.entries else "") + ": "
                + p.type_text(_type_of(op, "result_encoding")) + _pdims(p, dims)
                + f" in {p.type_text(op.results[0].type)}{{{p.value(size)}}}")


class TensorConstantOp(_TensorOp):
    name = "stream.tensor.constant"
    summary = "Defines a constant tensor value"
    result_encoding_dims = var_operand()
    result = result()
    affinity = opt_attr()
    result_encoding = attr()
    value = attr()
    encoding_fields = ("result_encoding",)
    fixed_encodings = True

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["cst"]

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if op.attributes.entries:
            return None
        return ("stream.tensor.constant " + _aff(p, op) + ": " + p.type_text(_type_of(op, "result_encoding"))
                + _pdims(p, op.operands) + f" in {p.type_text(op.results[0].type)} = "
                + p.attr_text(op.properties.get("value")))


class TensorSplatOp(_TensorOp):
    name = "stream.tensor.splat"
    summary = "Splats a value into a shaped tensor"
    value = operand()
    result_encoding_dims = var_operand()
    result_size = operand()
    result = result()
    affinity = opt_attr()
    result_encoding = attr()
    encoding_fields = ("result_encoding",)

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        v, *dims, size = op.operands
        return ("stream.tensor.splat " + _aff(p, op) + p.value(v) + p.attr_dict(op.attributes) + " : "
                + p.type_text(v.type) + " -> " + p.type_text(_type_of(op, "result_encoding")) + _pdims(p, dims)
                + f" in {p.type_text(op.results[0].type)}{{{p.value(size)}}}")


class TensorFillOp(_TensorOp):
    name = "stream.tensor.fill"
    summary = "Fills a subview of a stream resource with a value"
    target = operand()
    target_encoding_dims = var_operand()
    target_size = operand()
    start_indices = var_operand()
    lengths = var_operand()
    value = operand()
    result = result()
    affinity = opt_attr()
    target_encoding = attr()
    traits = (AttrSizedOperandSegments(),)
    encoding_fields = ("target_encoding",)

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        (t,), dims, (size,), starts, lens, (v,) = operand_groups(cls, op)
        return ("stream.tensor.fill " + _aff(p, op) + f"{p.value(v)}, {p.value(t)}[{p.values(starts)} for "
                f"{p.values(lens)}]" + p.attr_dict(op.attributes) + f" : {p.type_text(v.type)} -> "
                + p.type_text(_type_of(op, "target_encoding")) + _pdims(p, dims)
                + f" in {p.value(t)} as {p.type_text(op.results[0].type)}{{{p.value(size)}}}")


class _SourceResultOp(_TensorOp):
    """`%r : tensor{dims} in T{size} -> tensor{dims} in T{size}` (encode, clone)."""

    source = operand()
    source_encoding_dims = var_operand()
    source_size = operand()
    result_encoding_dims = var_operand()
    result_size = operand()
    result = result()
    affinity = opt_attr()
    source_encoding = attr()
    result_encoding = attr()
    traits = (AttrSizedOperandSegments(),)
    encoding_fields = ("source_encoding", "result_encoding")

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        (src,), sdims, (ss,), rdims, (rs,) = operand_groups(cls, op)
        return (cls.name + " " + _aff(p, op) + p.value(src) + p.attr_dict(op.attributes) + " : "
                + p.type_text(_type_of(op, "source_encoding")) + _pdims(p, sdims)
                + f" in {p.type_text(src.type)}{{{p.value(ss)}}} -> "
                + p.type_text(_type_of(op, "result_encoding")) + _pdims(p, rdims)
                + f" in {p.type_text(op.results[0].type)}{{{p.value(rs)}}}")


class TensorEncodeOp(_SourceResultOp):
    name = "stream.tensor.encode"
    summary = "Encodes the contents of a value"


class TensorCloneOp(_SourceResultOp):
    name = "stream.tensor.clone"
    summary = "Clones the contents of a value"
    fixed_encodings = True

    @classmethod
    def verify(cls, op: Operation) -> None:
        super().verify(op)
        src, res = _type_of(op, "source_encoding"), _type_of(op, "result_encoding")
        se, re_ = getattr(src, "encoding", None), getattr(res, "encoding", None)
        if se is not re_:
            def text(e: Any) -> str:
                return "<<NULL ATTRIBUTE>>" if e is None else e.text

            raise op_error(op, f"clones changing tensor encoding from {text(se)} to {text(re_)}; not allowed")


class TensorSliceOp(_TensorOp):
    name = "stream.tensor.slice"
    summary = "Slices out a cloned subview of a value"
    source = operand()
    source_encoding_dims = var_operand()
    source_size = operand()
    start_indices = var_operand()
    lengths = var_operand()
    result_encoding_dims = var_operand()
    result_size = operand()
    result = result()
    affinity = opt_attr()
    source_encoding = attr()
    result_encoding = attr()
    traits = (AttrSizedOperandSegments(),)
    encoding_fields = ("source_encoding", "result_encoding")
    fixed_encodings = True

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        (src,), sdims, (ss,), starts, lens, rdims, (rs,) = operand_groups(cls, op)
        return ("stream.tensor.slice " + _aff(p, op) + f"{p.value(src)}[{p.values(starts)} for {p.values(lens)}]"
                + p.attr_dict(op.attributes) + " : " + p.type_text(_type_of(op, "source_encoding"))
                + _pdims(p, sdims) + f" in {p.type_text(src.type)}{{{p.value(ss)}}} -> "
                + p.type_text(_type_of(op, "result_encoding")) + _pdims(p, rdims)
                + f" in {p.type_text(op.results[0].type)}{{{p.value(rs)}}}")


class TensorUpdateOp(_TensorOp):
    name = "stream.tensor.update"
    summary = "Updates a slice of a subview of a resource in-place"
    target = operand()
    target_encoding_dims = var_operand()
    target_size = operand()
    start_indices = var_operand()
    update = operand()
    update_encoding_dims = var_operand()
    update_size = operand()
    result = result()
    affinity = opt_attr()
    target_encoding = attr()
    update_encoding = attr()
    traits = (AttrSizedOperandSegments(),)
    encoding_fields = ("update_encoding", "target_encoding")
    fixed_encodings = True

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        (t,), tdims, (ts,), starts, (u,), udims, (us,) = operand_groups(cls, op)
        return ("stream.tensor.update " + _aff(p, op) + f"{p.value(u)}, {p.value(t)}[{p.values(starts)}]"
                + p.attr_dict(op.attributes) + " : " + p.type_text(_type_of(op, "update_encoding"))
                + _pdims(p, udims) + f" in {p.type_text(u.type)}{{{p.value(us)}}} -> "
                + p.type_text(_type_of(op, "target_encoding")) + _pdims(p, tdims)
                + f" in {p.value(t)} as {p.type_text(op.results[0].type)}{{{p.value(ts)}}}")


# ---------------------------------------------------------------------------
# parsing (grammars/stream.lark)

_USE = re.compile(r"%([\w$.\-]+)(?:#(\d+))?")


def _use(s: Any, tok: Any, t: Any) -> Any:
    if type(tok) is _Use:  # already split
        return s.lookup(tok.name, tok.index, t, tok.start_pos)
    m = _USE.fullmatch(str(tok))
    return s.lookup(m.group(1), int(m.group(2) or 0), t, tok.start_pos)


def _uses(s: Any, toks: Sequence[Any] | None, t: Any = _INDEX) -> list[Any]:
    return [_use(s, x, t) for x in toks or ()]


def _segs(*groups: Sequence[Any]) -> DenseArrayAttr:
    return DenseArrayAttr(i32, [len(g) for g in groups])


def _props(aff: Any, **kw: Any) -> DictionaryAttr:
    """The properties as one dictionary attribute; sites repeat the same
    few combinations, so each is built (sorted and uniqued) once."""
    d = {k: v for k, v in kw.items() if v is not None}
    if aff is not None:
        d["affinity"] = aff
    key = tuple(d.items())
    r = _PROPS.get(key)
    if r is None:
        if len(_PROPS) > 4096:  # a bounded memo, not a second uniquing table
            _PROPS.clear()
        r = _PROPS[key] = DictionaryAttr(d)
    return r


_PROPS: dict = {}


def _check_dims(s: Any, t: Any, dims: list, pos: int) -> None:
    """Dims and types are matched by the ops' verifiers (IREE's message)."""


def _affinity(s: Any, tok: Any) -> Any:
    """`(#hal.device.affinity<...>)` after on/from/to (None when absent)."""
    if tok is None:
        return None
    text = str(tok)
    inner = text[1:-1]
    return s.decode("attr", inner.strip(), tok.start_pos + 1 + len(inner) - len(inner.lstrip()))

_DIMS = re.compile(r"\{\s*(?:%[\w$.\-]+(?:#\d+)?(?:\s*,\s*%[\w$.\-]+(?:#\d+)?)*)?\s*\}\Z")


class _Use:
    """A `%name` inside a coarse token, positioned for diagnostics, with its
    name and result index split out."""

    __slots__ = ("text", "start_pos", "name", "index")

    def __init__(self, text: str, start_pos: int):
        self.text, self.start_pos = text, start_pos
        name, _, index = text[1:].partition("#")
        self.name, self.index = name, int(index or 0)

    def __str__(self) -> str:
        return self.text


def _dims(s: Any, tok: Any) -> list:
    """`{%a, %b}` as positioned uses ([] when absent)."""
    if tok is None:
        return []
    text = str(tok)
    if _DIMS.match(text) is None:
        raise s.error("expected a list of SSA values '{%a, ...}'", tok.start_pos)
    return [_Use(m.group(), tok.start_pos + m.start()) for m in _USE.finditer(text)]


def _entry(s: Any, tok: Any) -> ArrayAttr:
    """`@ex::@fn` or `{@a::@f, @b::@g}`: the entry points (decoded once per text)."""
    from hlopt.syntax.parser import split_pieces

    text = str(tok)
    key = ("stream.entry", text)
    hit = s.cache.get(key)
    if hit is not None:
        return hit
    if text.startswith("{"):
        pieces = [(p.strip(), tok.start_pos + 1 + off + len(p) - len(p.lstrip()))
                  for p, off in split_pieces(text[1:-1])]
    else:
        pieces = [(text, tok.start_pos)]
    out = []
    for piece, at in pieces:
        a = s.decode("attr", piece, at) if piece else None
        if not isinstance(a, SymbolRefAttr) or len(a.nested) != 1:
            raise s.error("expected an entry point '@executable::@export'", at)
        out.append(a)
    s.cache[key] = r = ArrayAttr(out)
    return r


_WS = re.compile(r"\s*")
_ON = re.compile(r"on\s*(?=\()")


def _dispatch_head(s: Any, tok: Any) -> tuple:
    """`[on(#affinity)] @ex::@fn[%w, ...](%a, ...) [{attrs}]` (one OP_ARGS
    token: the text before the `:`) -> (affinity token, entry token,
    workload uses, operands token, attrs token); absent pieces are None."""
    from hlopt.syntax.lexer import SYMBOL_REF, LexError, scan_balanced

    text, base = str(tok), tok.start_pos
    i = _WS.match(text).end()

    def piece(j: int) -> tuple[_Tok, int]:
        try:
            e = scan_balanced(text, j)
        except LexError as ex:
            raise s.error(ex.message, base + ex.pos) from None
        return _Tok(text[j:e], base + j), _WS.match(text, e).end()

    aff = entry = workload = attrs = None
    m = _ON.match(text, i)
    if m is not None:
        aff, i = piece(m.end())
    if text.startswith("{", i):
        entry, i = piece(i)
    else:
        m = SYMBOL_REF.match(text, i)
        if m is None:
            raise s.error("expected an entry point '@executable::@export'", base + i)
        entry, i = _Tok(m.group(), base + i, "ATTR"), _WS.match(text, m.end()).end()
    if text.startswith("[", i):
        w, i = piece(i)
        workload = [_Use(m.group(), w.start_pos + m.start()) for m in _USE.finditer(w.text)]
    if not text.startswith("(", i):
        raise s.error("expected '(' and the dispatch operands", base + i)
    operands, i = piece(i)
    if text.startswith("{", i):
        attrs, i = piece(i)
    if i < len(text):
        raise s.error(f"unexpected '{text[i:i + 20]}' before ':'", base + i)
    return aff, entry, workload, operands, attrs


def stream_executable_head(s: Any, c: list) -> tuple:
    from hlopt.syntax.parser import symbol_name as _symbol_name

    kw, vis, sym, attrs = c
    props: dict = {"sym_name": StringAttr(_symbol_name(sym))}
    if vis is not None:
        props["sym_visibility"] = StringAttr(str(vis))
    s.pending.append(("stream.executable", None))
    return props, (s.decode_dict(attrs) if attrs is not None else None), kw.start_pos


def stream_executable(s: Any, c: list) -> tuple[Operation, int]:
    (props, attrs, pos), body = c
    s.pending.pop()
    if not body.blocks:
        body.add_block()
    block = body.blocks[0]
    if block.terminator is None or block.terminator.name != "stream.executable.end":
        block.append(Operation("stream.executable.end"))  # the implicit terminator
    return Operation("stream.executable", (), (), props, attrs, [body]), pos


def stream_export_head(s: Any, c: list) -> dict:
    from hlopt.syntax.parser import symbol_name as _symbol_name

    kw, vis, sym, alias = c
    ref = _symbol_name(sym)
    name = ref
    if alias is not None:  # `@fn as("name")`: the export `name` runs the function `fn`
        inner = str(alias)[1:-1]
        a = s.decode("attr", inner.strip(), alias.start_pos + 1 + len(inner) - len(inner.lstrip()))
        if not isinstance(a, StringAttr):
            raise s.error("expected a string export name in 'as(...)'", alias.start_pos)
        name = a.value
    props: dict = {"sym_name": StringAttr(name), "function_ref": SymbolRefAttr(ref)}
    if vis is not None:
        props["sym_visibility"] = StringAttr(str(vis))
    return {"props": props, "pos": kw.start_pos}


def stream_workgroups_head(s: Any, c: list) -> None:
    from hlopt.syntax.lexer import scan_balanced

    (sig,) = c
    text = str(sig)
    close = scan_balanced(text, 0)
    args = [(n, t, loc, at) for n, t, loc, _, at in s.parse_arg_list(text[1:close - 1], sig.start_pos + 1)]
    s.pending.append(("stream.executable.export", args))


def stream_workgroups(s: Any, c: list) -> Region:
    _, body = c
    s.pending.pop()
    return body


def stream_export(s: Any, c: list) -> tuple[Operation, int]:
    head, body, attrs = c
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("stream.executable.export", (), (), head["props"], a, [body or Region()]), head["pos"]


def stream_return(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.dialects.func import parse_return

    op, pos = parse_return(s, c)
    return Operation("stream.return", op.operands), pos


def stream_subspan(s: Any, c: list) -> tuple[Operation, int]:
    kw, b, off, attrs, bt, rt, dims = c
    dims = _dims(s, dims)
    btype, rtype = s.decode_type(bt), s.decode_type(rt)
    operands = [_use(s, b, btype), _use(s, off, _INDEX), *_uses(s, dims)]
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("stream.binding.subspan", operands, [rtype], {}, a), kw.start_pos


def stream_transfer(s: Any, c: list) -> tuple[Operation, int]:
    kw, src, attrs, st, sdims, frm, to, rt, rdims = c
    sdims, rdims, frm, to = _dims(s, sdims), _dims(s, rdims), _affinity(s, frm), _affinity(s, to)
    stype, rtype = s.decode_type(st), s.decode_type(rt)
    if len(sdims) != 1 or len(rdims) != 1:
        raise s.error("expected one size value for each resource", kw.start_pos)
    operands = [_use(s, src, stype), *_uses(s, sdims), *_uses(s, rdims)]
    props = _props(None, source_affinity=frm, target_affinity=to)
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("stream.async.transfer", operands, [rtype], props, a), kw.start_pos


def _int_array(vals: Sequence[int]) -> ArrayAttr:
    return ArrayAttr([IntegerAttr(v, _INDEX) for v in vals])


class _Tok:
    """A piece of a coarse token, shaped like a Lark token for the helpers."""

    __slots__ = ("text", "start_pos", "type")

    def __init__(self, text: str, start_pos: int, type: str = "TYPE"):
        self.text, self.start_pos, self.type = text, start_pos, type

    def __str__(self) -> str:
        return self.text


def _operand_types(s: Any, tok: Any, ties: bool = False) -> list[tuple]:
    """Split `(T{%d} in R{%s}, index, ...)` into (type, dims, (R, sizes) | None, pos).
    With `ties` (result lists), a type or R may be a `%value` tied to an
    operand: a VALUE_USE _Tok.

    The same list text recurs at most dispatch sites: it is split once per
    parse (the parser state's cache) and only the positions are moved."""
    text = str(tok)
    key = ("stream.operand_types", text, ties)
    hit = s.cache.get(key)
    if hit is None:
        items = split_operand_types(s, tok, ties)  # errors point into this occurrence
        s.cache[key] = (items, tok.start_pos)
        return items
    items, first = hit
    d = tok.start_pos - first
    return [(t if isinstance(t, Type) else _Tok(t.text, t.start_pos + d, t.type),
             [_Use(x.text, x.start_pos + d) for x in dims],
             None if res is None else (_Tok(res[0].text, res[0].start_pos + d, res[0].type),
                                       [_Use(x.text, x.start_pos + d) for x in res[1]]),
             p0 + d) for t, dims, res, p0 in items]


def split_operand_types(s: Any, tok: Any, ties: bool) -> list[tuple]:
    """`(T{%d} [in R{%s}], ...)` -> (type or tied `%value`, dims, resource, pos) per
    item, uncached (IREE's shaped type lists; hal.dispatch.extern reads them too)."""
    from hlopt.syntax.lexer import LexError, Scanner, scan_balanced
    from hlopt.syntax.parser import split_top

    text = str(tok)
    inner, base = text[1:-1], tok.start_pos + 1
    out: list[tuple] = []
    if not inner.strip():
        return out
    off = 0
    for piece in split_top(inner):
        lead = len(piece) - len(piece.lstrip())
        p0 = base + off + lead
        body = piece.strip()
        off += len(piece) + 1
        try:
            m = _USE.match(body) if ties else None
            if m is not None:
                t, e = _Tok(m.group(), p0, "VALUE_USE"), m.end()
            else:
                e = Scanner(body).type_end(0)
                if e < 0:
                    raise s.error("expected a type", p0)
                t = s.decode("type", body[:e], p0)
            rest = body[e:]
            dims: list = []
            r = rest.lstrip()
            if r.startswith("{"):
                j = scan_balanced(r, 0)
                at = p0 + len(body) - len(r)
                dims = _dims(s, _Tok(r[:j], at, "ATTR_DICT"))
                r = r[j:].lstrip()
            res = None
            if r.startswith("in") and r[2:3].isspace():
                r2 = r[2:].lstrip()
                at = p0 + len(body) - len(r2)
                m2 = _USE.match(r2) if ties else None
                e2 = m2.end() if m2 is not None else Scanner(r2).type_end(0)
                if e2 < 0:
                    raise s.error("expected a resource type after 'in'", at)
                size = r2[e2:].strip()
                res = (_Tok(r2[:e2], at, "VALUE_USE" if m2 is not None else "TYPE"),
                       _dims(s, _Tok(size, at + len(r2) - len(r2[e2:].lstrip()))))
                r = ""
            if r.strip():
                raise s.error(f"unexpected '{r.strip()[:20]}' in the operand types", p0 + len(body) - len(r))
        except LexError as ex:
            raise s.error(str(ex), p0) from None
        out.append((t, dims, res, p0))
    return out


def _is_use(x: Any) -> bool:
    """A `%value` token (a tied result), not a type."""
    return not isinstance(x, Type) and x.type == "VALUE_USE"


def _tie(s: Any, target: Any, names: list[tuple[str, str]], opname: str) -> int:
    """The operand a result `%x` names (it is tied to it)."""
    m = _USE.fullmatch(str(target))
    for i, (name, idx) in enumerate(names):
        if m is not None and name == m.group(1) and (idx or "0") == (m.group(2) or "0"):
            return i
    raise s.error(f"custom op '{opname}' tied operand not found for result reference {target}", target.start_pos)


def stream_tensor_dispatch(s: Any, c: list) -> tuple[Operation, int]:
    kw, head, types_tok, *res = c
    aff, entry, workload, ops_tok, attrs = _dispatch_head(s, head)
    aff, entry = _affinity(s, aff), _entry(s, entry)
    items = _operand_types(s, types_tok)
    names = _USE.findall(str(ops_tok))
    if len(names) != len(items):
        raise s.error(f"{len(names)} operands present, but expected {len(items)}", ops_tok.start_pos)
    args, sizes, odims, oenc = [], [], [], []
    for (name, idx), (t, dims, res_in, pos) in zip(names, items):
        if res_in is None:
            if dims:
                raise s.error("expected 'in' and a resource type after dimensions", pos)
            args.append(s.lookup(name, int(idx or 0), t, ops_tok.start_pos))
            oenc.append(TypeAttr(UNUSED))
            continue
        rtype_tok, sdims = res_in
        rtype = s.decode("type", str(rtype_tok), rtype_tok.start_pos)
        _check_dims(s, t, dims, pos)
        args.append(s.lookup(name, int(idx or 0), rtype, ops_tok.start_pos))
        sizes.extend(_uses(s, sdims))
        odims.extend(_uses(s, dims))
        oenc.append(TypeAttr(t))
    if len(res) == 1:  # `(T{%d} in R{%s}, T in %x{%s}, ...)`
        outs = []
        for t, dims, res_in, pos in _operand_types(s, res[0], ties=True):
            if res_in is None or not isinstance(t, Type):
                raise s.error("expected 'tensor-type in resource-type{size}'", pos)
            outs.append((t, dims, *res_in))
    else:
        rt_tok, rdims, target, rsize = res
        outs = [(s.decode_type(rt_tok), _dims(s, rdims), target, _dims(s, rsize))]
    renc, rtypes, ties, rd, rs = [], [], [], [], []
    for t, dims, target, size in outs:
        tie = _tie(s, target, names, "stream.tensor.dispatch") if _is_use(target) else -1
        renc.append(TypeAttr(t))
        rtypes.append(args[tie].type if tie >= 0 else s.decode_type(target))
        ties.append(tie)
        rd.extend(_uses(s, dims))
        rs.extend(_uses(s, size))
    wl = _uses(s, workload)
    props = _props(aff, entry_points=entry, operandSegmentSizes=_segs(wl, args, sizes, odims, rs, rd),
                   operand_encodings=ArrayAttr(oenc), result_encodings=ArrayAttr(renc),
                   tied_operands=_int_array(ties))
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("stream.tensor.dispatch", [*wl, *args, *sizes, *odims, *rs, *rd], rtypes, props, a), \
        kw.start_pos


_ASYNC_ARG = re.compile(r"\s*(%[\w$.\-]+(?:#\d+)?)\s*(?:\[\s*(%[^\]\s]+)\s+to\s+(%[^\]\s]+)\s+for\s+(%[^\]\s]+)\s*\])?\s*")


def stream_async_dispatch(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.syntax.parser import split_top

    kw, head, types_tok, *res = c
    aff, entry, workload, ops_tok, attrs = _dispatch_head(s, head)
    aff, entry = _affinity(s, aff), _entry(s, entry)
    items = []
    for t, dims, r_in, tpos in _operand_types(s, types_tok):
        if r_in is not None:
            raise s.error("unexpected 'in' in async dispatch operand types", tpos)
        items.append((t, dims, tpos))
    text = str(ops_tok)[1:-1]
    pieces = [x for x in split_top(text)] if text.strip() else []
    if len(pieces) != len(items):
        raise s.error(f"{len(pieces)} operands present, but expected {len(items)}", ops_tok.start_pos)
    pos = ops_tok.start_pos
    args, sizes, offs, ends, lens = [], [], [], [], []

    def use(name: str, t: Any) -> Any:
        m = _USE.fullmatch(name)
        return s.lookup(m.group(1), int(m.group(2) or 0), t, pos)

    for piece, (t, dims, tpos) in zip(pieces, items):
        m = _ASYNC_ARG.fullmatch(piece)
        if m is None:
            raise s.error("expected '%operand' or '%resource[%offset to %end for %length]'", pos)
        args.append(use(m.group(1), t))
        if is_resource(t):
            if m.group(2) is None or len(dims) != 1:
                raise s.error("resource operands need a range and a size", tpos)
            offs.append(use(m.group(2), _INDEX))
            ends.append(use(m.group(3), _INDEX))
            lens.append(use(m.group(4), _INDEX))
            sizes.extend(_uses(s, dims))
    if len(res) == 1:  # `(R{%s}, %x{%s}, ...)`
        outs = [(t, dims) for t, dims, _, _ in _operand_types(s, res[0], ties=True)]
    else:
        outs = [(res[0], _dims(s, res[1]))]
    arg_names = [_USE.fullmatch(_ASYNC_ARG.fullmatch(x).group(1)).groups() for x in pieces]
    rtypes, ties, rs = [], [], []
    for target, size in outs:
        tie = _tie(s, target, arg_names, "stream.async.dispatch") if _is_use(target) else -1
        rtypes.append(args[tie].type if tie >= 0 else target if isinstance(target, Type) else s.decode_type(target))
        ties.append(tie)
        rs.extend(_uses(s, size))
    wl = _uses(s, workload)
    props = _props(aff, entry_points=entry,
                   operandSegmentSizes=_segs(wl, args, sizes, offs, ends, lens, rs), tied_operands=_int_array(ties))
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("stream.async.dispatch", [*wl, *args, *sizes, *offs, *ends, *lens, *rs], rtypes, props, a), \
        kw.start_pos


def stream_sizeof(s: Any, c: list) -> tuple[Operation, int]:
    kw, aff, t, dims, rt = c
    aff, dims = _affinity(s, aff), _dims(s, dims)
    enc = s.decode_type(t)
    _check_dims(s, enc, dims or [], t.start_pos)
    return Operation("stream.tensor.sizeof", _uses(s, dims), [s.decode_type(rt)],
                     _props(aff, encoding=TypeAttr(enc))), kw.start_pos


def stream_empty(s: Any, c: list) -> tuple[Operation, int]:
    kw, aff, t, dims, rt, size = c
    aff, dims, size = _affinity(s, aff), _dims(s, dims), _dims(s, size)
    enc = s.decode_type(t)
    _check_dims(s, enc, dims or [], t.start_pos)
    return Operation("stream.tensor.empty", [*_uses(s, dims), *_uses(s, size)], [s.decode_type(rt)],
                     _props(aff, result_encoding=TypeAttr(enc))), kw.start_pos


def stream_constant(s: Any, c: list) -> tuple[Operation, int]:
    kw, aff, t, dims, rt, value = c
    aff, dims = _affinity(s, aff), _dims(s, dims)
    enc = s.decode_type(t)
    _check_dims(s, enc, dims or [], t.start_pos)
    return Operation("stream.tensor.constant", _uses(s, dims), [s.decode_type(rt)],
                     _props(aff, result_encoding=TypeAttr(enc), value=s.decode_attr(value))), kw.start_pos


def stream_splat(s: Any, c: list) -> tuple[Operation, int]:
    kw, aff, v, vt, t, dims, rt, size = c
    aff, dims, size = _affinity(s, aff), _dims(s, dims), _dims(s, size)
    enc = s.decode_type(t)
    _check_dims(s, enc, dims or [], t.start_pos)
    operands = [_use(s, v, s.decode_type(vt)), *_uses(s, dims), *_uses(s, size)]
    return Operation("stream.tensor.splat", operands, [s.decode_type(rt)],
                     _props(aff, result_encoding=TypeAttr(enc))), kw.start_pos


def stream_fill(s: Any, c: list) -> tuple[Operation, int]:
    kw, aff, v, target, starts, lens, vt, t, dims, target2, rt, size = c
    aff, dims, size = _affinity(s, aff), _dims(s, dims), _dims(s, size)
    enc, rtype = s.decode_type(t), s.decode_type(rt)
    _check_dims(s, enc, dims or [], t.start_pos)
    if str(target2) != str(target):
        raise s.error("expected the filled resource after 'in'", target2.start_pos)
    groups = [[_use(s, target, rtype)], _uses(s, dims), _uses(s, size), _uses(s, starts), _uses(s, lens),
              [_use(s, v, s.decode_type(vt))]]
    props = _props(aff, target_encoding=TypeAttr(enc), operandSegmentSizes=_segs(*groups))
    return Operation("stream.tensor.fill", [x for g in groups for x in g], [rtype], props), kw.start_pos


def _source_result(name: str):
    def cb(s: Any, c: list) -> tuple[Operation, int]:
        kw, aff, src, st, sdims, sres, ssize, rt, rdims, rres, rsize = c
        aff, sdims, ssize, rdims, rsize = (_affinity(s, aff), _dims(s, sdims), _dims(s, ssize), _dims(s, rdims),
                                           _dims(s, rsize))
        senc, renc = s.decode_type(st), s.decode_type(rt)
        _check_dims(s, senc, sdims or [], st.start_pos)
        _check_dims(s, renc, rdims or [], rt.start_pos)
        groups = [[_use(s, src, s.decode_type(sres))], _uses(s, sdims), _uses(s, ssize), _uses(s, rdims),
                  _uses(s, rsize)]
        props = _props(aff, source_encoding=TypeAttr(senc), result_encoding=TypeAttr(renc),
                       operandSegmentSizes=_segs(*groups))
        return Operation(name, [x for g in groups for x in g], [s.decode_type(rres)], props), kw.start_pos

    return cb


def stream_slice(s: Any, c: list) -> tuple[Operation, int]:
    kw, aff, src, starts, lens, st, sdims, sres, ssize, rt, rdims, rres, rsize = c
    aff, sdims, ssize, rdims, rsize = (_affinity(s, aff), _dims(s, sdims), _dims(s, ssize), _dims(s, rdims),
                                       _dims(s, rsize))
    senc, renc = s.decode_type(st), s.decode_type(rt)
    _check_dims(s, senc, sdims or [], st.start_pos)
    _check_dims(s, renc, rdims or [], rt.start_pos)
    groups = [[_use(s, src, s.decode_type(sres))], _uses(s, sdims), _uses(s, ssize), _uses(s, starts),
              _uses(s, lens), _uses(s, rdims), _uses(s, rsize)]
    props = _props(aff, source_encoding=TypeAttr(senc), result_encoding=TypeAttr(renc),
                   operandSegmentSizes=_segs(*groups))
    return Operation("stream.tensor.slice", [x for g in groups for x in g], [s.decode_type(rres)], props), \
        kw.start_pos


def stream_update(s: Any, c: list) -> tuple[Operation, int]:
    kw, aff, upd, target, starts, ut, udims, ures, usize, tt, tdims, target2, tres, tsize = c
    aff, udims, usize, tdims, tsize = (_affinity(s, aff), _dims(s, udims), _dims(s, usize), _dims(s, tdims),
                                       _dims(s, tsize))
    uenc, tenc = s.decode_type(ut), s.decode_type(tt)
    _check_dims(s, uenc, udims or [], ut.start_pos)
    _check_dims(s, tenc, tdims or [], tt.start_pos)
    if str(target2) != str(target):
        raise s.error("expected the updated resource after 'in'", target2.start_pos)
    rtype = s.decode_type(tres)
    groups = [[_use(s, target, rtype)], _uses(s, tdims), _uses(s, tsize), _uses(s, starts),
              [_use(s, upd, s.decode_type(ures))], _uses(s, udims), _uses(s, usize)]
    props = _props(aff, target_encoding=TypeAttr(tenc), update_encoding=TypeAttr(uenc),
                   operandSegmentSizes=_segs(*groups))
    return Operation("stream.tensor.update", [x for g in groups for x in g], [rtype], props), kw.start_pos


# -- timepoints -----------------------------------------------------------------------------


def _tail_attrs(p: Any, op: Operation, elide: Sequence[str] = ()) -> str:
    return p.attr_dict(op.attributes, elide, keyword=True)


class TimepointImmediateOp(OpDef):
    name = "stream.timepoint.immediate"
    summary = "An immediately-resolved timepoint"
    result_timepoint = result()
    traits = (Pure(),)

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if op.operands or len(op.results) != 1:
            return None
        return f"stream.timepoint.immediate{p.attr_dict(op.attributes)} => {p.type_text(op.results[0].type)}"


class TimepointJoinOp(OpDef):
    name = "stream.timepoint.join"
    summary = "Joins one or more timepoints into the max of all of them"
    await_timepoints = var_operand()
    result_timepoint = result()
    traits = (Pure(),)

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if len(op.results) != 1:
            return None
        return (f"stream.timepoint.join max({p.values(op.operands)}) => {p.type_text(op.results[0].type)}"
                + _tail_attrs(p, op))


class TimepointBarrierOp(OpDef):
    name = "stream.timepoint.barrier"
    summary = "Returns a timepoint indicating when a resource is available"
    resource = operand()
    resource_size = operand()
    barrier_result = result()
    result_timepoint = result()
    affinity = opt_attr()

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["result", "result_timepoint"] if len(op.results) == 2 else None

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        r, size = op.operands
        if op.results[0].type != r.type:
            return None
        return (f"stream.timepoint.barrier {_aff(p, op)}{p.value(r)} : {p.type_text(r.type)}{{{p.value(size)}}} => "
                f"{p.type_text(op.results[1].type)}" + _tail_attrs(p, op))


class TimepointAwaitOp(OpDef):
    name = "stream.timepoint.await"
    summary = "Awaits a timepoint before returning a set of resources"
    resource_operands = var_operand()
    resource_operand_sizes = var_operand()
    await_timepoint = operand()
    results_ = var_result()

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        seg = op.properties.get("operandSegmentSizes")
        if seg is None or len(op.properties) != 1 or list(seg.values) != [len(op.results), len(op.results), 1]:
            return None  # an affinity or other property: the generic form keeps it
        n = len(op.results)
        res, sizes, tp = op.operands[:n], op.operands[n:2 * n], op.operands[2 * n]
        if [v.type for v in res] != [r.type for r in op.results] or not n:
            return None
        sync = op.attributes.get("sync")
        if sync is not None and sync.text != "unit":
            return None
        head = "stream.timepoint.await " + ("sync " if sync is not None else "") + p.value(tp)
        types = ", ".join(f"{p.type_text(v.type)}{{{p.value(s)}}}" for v, s in zip(res, sizes))
        return f"{head} => {p.values(res)} : {types}" + _tail_attrs(p, op, ("sync",))


def stream_tp_immediate(s: Any, c: list) -> tuple[Operation, int]:
    kw, attrs, t = c
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("stream.timepoint.immediate", [], [s.decode_type(t)], {}, a), kw.start_pos


def stream_tp_join(s: Any, c: list) -> tuple[Operation, int]:
    kw, ops, t, attrs = c
    tt = s.decode_type(t)
    uses = [_Use(m.group(), ops.start_pos + m.start()) for m in _USE.finditer(str(ops))]
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("stream.timepoint.join", _uses(s, uses, tt), [tt], {}, a), kw.start_pos


def stream_tp_barrier(s: Any, c: list) -> tuple[Operation, int]:
    kw, aff, r, rt, size, tt, attrs = c
    size = _dims(s, size)
    if len(size) != 1:
        raise s.error("expected one size value for the resource", rt.start_pos)
    rtype = s.decode_type(rt)
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("stream.timepoint.barrier", [_use(s, r, rtype), *_uses(s, size)],
                     [rtype, s.decode_type(tt)], _props(_affinity(s, aff)), a), kw.start_pos


def stream_tp_await(s: Any, c: list) -> tuple[Operation, int]:
    kw, sync, tp, uses, *rest = c
    attrs = rest.pop() if len(rest) % 2 else None
    pairs = [(rest[i], rest[i + 1]) for i in range(0, len(rest), 2)]
    if len(pairs) != len(uses):
        raise s.error("expected one type per awaited resource", kw.start_pos)
    types, sizes = [], []
    for t, d in pairs:
        d = _dims(s, d)
        if len(d) != 1:
            raise s.error("expected one size value for each resource", t.start_pos)
        types.append(s.decode_type(t))
        sizes += d
    operands = [_use(s, u, t) for u, t in zip(uses, types)] + _uses(s, sizes)
    operands.append(_use(s, tp, s.decode("type", "!stream.timepoint", tp.start_pos)))
    a = dict(s.decode_dict(attrs).entries) if attrs is not None else {}
    if sync is not None:
        a = {"sync": UnitAttr(), **a}
    props = _props(None, operandSegmentSizes=_segs(uses, uses, [tp]))
    return Operation("stream.timepoint.await", operands, types, props, DictionaryAttr(a) if a else None), \
        kw.start_pos


# -- resource allocation --------------------------------------------------------------------


def _await_part(p: Any, op: Operation, extra: int) -> str | None:
    """`await(%t) =>` when the op has its optional trailing timepoint, else ''
    (None when the operand count fits neither)."""
    if len(op.operands) == extra + 1:
        return f"await({p.value(op.operands[-1])}) =>"
    return "" if len(op.operands) == extra else None


def _only_affinity(op: Operation) -> bool:
    return all(k == "affinity" for k, _ in op.properties.entries) if op.properties else True


class ResourceAllocaOp(OpDef):
    name = "stream.resource.alloca"
    summary = "Allocates a transient resource, ready after an optional timepoint"
    storage_size = operand()
    await_timepoint = var_operand()
    result_ = result()
    result_timepoint = result()
    affinity = opt_attr()

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["result", "result_timepoint"] if len(op.results) == 2 else None

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        wait = _await_part(p, op, 1)
        if wait is None or len(op.results) != 2 or not _only_affinity(op):
            return None
        # IREE always prints `uninitialized`; the attribute dictionary sits
        # after `await(...) =>` or after `:` when there is no await.
        parts = ["stream.resource.alloca uninitialized", _aff(p, op).strip(), wait or ":",
                 p.attr_dict(op.attributes).strip(),
                 f"{p.type_text(op.results[0].type)}{{{p.value(op.operands[0])}}} => "
                 f"{p.type_text(op.results[1].type)}"]
        return " ".join(x for x in parts if x)


class ResourceDeallocaOp(OpDef):
    name = "stream.resource.dealloca"
    summary = "Frees a transient resource after an optional timepoint"
    operand_ = operand()
    operand_size = operand()
    await_timepoint = var_operand()
    result_timepoint = result()
    affinity = opt_attr()

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        wait = _await_part(p, op, 2)
        if wait is None or len(op.results) != 1 or not _only_affinity(op):
            return None
        r, size = op.operands[:2]
        parts = ["stream.resource.dealloca", _aff(p, op).strip(), wait,
                 f"{p.value(r)} : {p.type_text(r.type)}{{{p.value(size)}}} => {p.type_text(op.results[0].type)}"]
        return " ".join(x for x in parts if x) + p.attr_dict(op.attributes)


def _await_operand(s: Any, tok: Any) -> list[Any]:
    if tok is None:
        return []
    uses = [_Use(m.group(), tok.start_pos + m.start()) for m in _USE.finditer(str(tok))]
    if len(uses) != 1 or str(tok)[1:-1].strip() != str(uses[0]):
        raise s.error("expected one timepoint value in 'await(...)'", tok.start_pos)
    return [_use(s, uses[0], s.decode("type", "!stream.timepoint", tok.start_pos))]


def stream_alloca(s: Any, c: list) -> tuple[Operation, int]:
    if len(c) == 6:  # `:` in place of `await(...) =>` leaves no child
        c = [*c[:2], None, *c[2:]]
    kw, aff, wait, attrs, rt, size, tt = c
    size = _dims(s, size)
    if len(size) != 1:
        raise s.error("expected one size value for the resource", rt.start_pos)
    operands = _uses(s, size) + _await_operand(s, wait)
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("stream.resource.alloca", operands, [s.decode_type(rt), s.decode_type(tt)],
                     _props(_affinity(s, aff)), a), kw.start_pos


def stream_dealloca(s: Any, c: list) -> tuple[Operation, int]:
    kw, aff, wait, r, rt, size, tt, attrs = c
    size = _dims(s, size)
    if len(size) != 1:
        raise s.error("expected one size value for the resource", rt.start_pos)
    rtype = s.decode_type(rt)
    operands = [_use(s, r, rtype), *_uses(s, size), *_await_operand(s, wait)]
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("stream.resource.dealloca", operands, [s.decode_type(tt)], _props(_affinity(s, aff)), a), \
        kw.start_pos


# -- command buffers ------------------------------------------------------------------------


class YieldOp(OpDef):
    name = "stream.yield"
    summary = "Yields results from an execution region"
    resource_operands = var_operand()
    traits = (Pure(), ReturnLike(), Terminator())

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        # `stream.yield %a, %b : T{%s}, T{%t}`: resources, then one size each
        n, rest = divmod(len(op.operands), 2)
        if rest or op.properties:
            return None
        res, sizes = op.operands[:n], op.operands[n:]
        if not n:
            return "stream.yield" + p.attr_dict(op.attributes)
        types = ", ".join(f"{p.type_text(v.type)}{{{p.value(z)}}}" for v, z in zip(res, sizes))
        return f"stream.yield {p.values(res)} : {types}" + p.attr_dict(op.attributes)


class CmdExecuteOp(OpDef):
    name = "stream.cmd.execute"
    summary = "Executes a command buffer, returning a timepoint"
    resource_operands = var_operand()
    resource_operand_sizes = var_operand()
    await_timepoint = var_operand()
    result_timepoint = result()
    affinity = opt_attr()
    once = opt_attr()
    body = region(1)
    traits = (AttrSizedOperandSegments(),)

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        seg = op.properties.get("operandSegmentSizes")
        if seg is None or any(k not in ("operandSegmentSizes", "affinity", "once") for k, _ in op.properties.entries):
            return None
        n, ns, nt = seg.values
        once = op.properties.get("once")
        if n != ns or nt > 1 or len(op.results) != 1 or len(op.regions) != 1 or len(op.regions[0].blocks) != 1 \
                or (once is not None and once.text != "unit"):
            return None
        block = op.regions[0].blocks[0]
        res, sizes = op.operands[:n], op.operands[n:2 * n]
        if len(block.args) != n or [a.type for a in block.args] != [v.type for v in res]:
            return None
        last = block._last
        if last is None or last.name != YieldOp.name or last.operands or last.attributes or last.properties:
            return None  # only an empty stream.yield is implicit
        parts = ["stream.cmd.execute", "once" if once is not None else "", _aff(p, op).strip(),
                 f"await({p.value(op.operands[2 * n])}) =>" if nt else ""]
        items = ", ".join(f"{p.value(v)} as {p.value(a)}: {p.type_text(a.type)}{{{p.value(sz)}}}"
                          for v, a, sz in zip(res, block.args, sizes))
        parts.append(f"with({items})")
        head = " ".join(x for x in parts if x)
        return (f"{head} {p.region(op.regions[0], print_terminators=False, print_empty_block=False)} => "
                f"{p.type_text(op.results[0].type)}" + _tail_attrs(p, op))

    @classmethod
    def custom_prints_terminators(cls, op: Operation, region_index: int) -> bool:
        return False

    @classmethod
    def custom_prints_entry_args(cls, op: Operation, region_index: int) -> bool:
        # `with(...)` names the arguments but prints no locations for them (iree-opt neither)
        return False


class CmdFillOp(OpDef):
    name = "stream.cmd.fill"
    summary = "Fills a subview of a stream resource with a value"
    target = operand()
    target_size = operand()
    target_offset = operand()
    target_length = operand()
    value = operand()

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        t, size, off, length, v = op.operands
        if op.results or op.properties:
            return None
        return (f"stream.cmd.fill {p.value(v)}, {p.value(t)}[{p.value(off)} for {p.value(length)}] : "
                f"{p.type_text(v.type)} -> {p.type_text(t.type)}{{{p.value(size)}}}" + _tail_attrs(p, op))


class CmdCopyOp(OpDef):
    name = "stream.cmd.copy"
    summary = "Copies a subview of a stream resource to another"
    source = operand()
    source_size = operand()
    source_offset = operand()
    target = operand()
    target_size = operand()
    target_offset = operand()
    length = operand()

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        src, ssize, soff, tgt, tsize, toff, length = op.operands
        if op.results or op.properties:
            return None
        return (f"stream.cmd.copy {p.value(src)}[{p.value(soff)}], {p.value(tgt)}[{p.value(toff)}], "
                f"{p.value(length)} : {p.type_text(src.type)}{{{p.value(ssize)}}} -> "
                f"{p.type_text(tgt.type)}{{{p.value(tsize)}}}" + _tail_attrs(p, op))


_WITH_ITEM = re.compile(r"\s*(%[\w$.\-]+(?:#\d+)?)\s+as\s+%([\w$.\-]+)\s*:\s*([^{]+?)\s*(\{[^}]*\})\s*(?:,|\Z)")


def stream_cmd_execute_head(s: Any, c: list) -> tuple:
    kw, once, aff, wait, with_ = c
    text, base = str(with_)[1:-1], with_.start_pos + 1
    uses, sizes, args, pos = [], [], [], 0
    while text[pos:].strip():
        m = _WITH_ITEM.match(text, pos)
        if m is None:
            raise s.error("expected '%resource as %arg: type{%size}'", base + pos)
        t = s.decode_type(_Tok(m.group(3), base + m.start(3)))
        d = _dims(s, _Tok(m.group(4), base + m.start(4)))
        if len(d) != 1:
            raise s.error("expected one size value for the resource", base + m.start(4))
        uses.append(_use(s, _Use(m.group(1), base + m.start(1)), t))
        sizes += d
        args.append((m.group(2), t, None, base + m.start(2) - 1))
        pos = m.end()
    operands = uses + _uses(s, sizes) + _await_operand(s, wait)
    props = _props(_affinity(s, aff), once=UnitAttr() if once is not None else None,
                   operandSegmentSizes=_segs(uses, sizes, operands[2 * len(uses):]))
    s.pending.append((CmdExecuteOp.name, args))
    return operands, props, kw.start_pos


def stream_cmd_execute(s: Any, c: list) -> tuple[Operation, int]:
    (operands, props, pos), body, tt, attrs = c
    s.pending.pop()
    if not body.blocks:
        body.add_block()
    block = body.blocks[0]
    if block.terminator is None or block.terminator.name != YieldOp.name:
        block.append(Operation(YieldOp.name))  # the implicit terminator
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation(CmdExecuteOp.name, operands, [s.decode_type(tt)], props, a, [body]), pos


def stream_yield(s: Any, c: list) -> tuple[Operation, int]:
    kw, uses, *rest = c
    attrs = rest.pop() if len(rest) % 2 else None
    pairs = [(rest[i], rest[i + 1]) for i in range(0, len(rest), 2) if rest[i] is not None]
    if len(pairs) != len(uses or ()):
        raise s.error("expected one type per yielded resource", kw.start_pos)
    types, sizes = [], []
    for t, d in pairs:
        d = _dims(s, d)
        if len(d) != 1:
            raise s.error("expected one size value for each resource", t.start_pos)
        types.append(s.decode_type(t))
        sizes += d
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation(YieldOp.name, [_use(s, u, t) for u, t in zip(uses or (), types)] + _uses(s, sizes), [], None, a), \
        kw.start_pos


class AsyncExecuteOp(OpDef):
    name = "stream.async.execute"
    summary = "Executes a dependency-aware sequence of streamable ops"
    resource_operands = var_operand()
    resource_operand_sizes = var_operand()
    result_sizes = var_operand()
    await_timepoint = var_operand()
    results_ = var_result()
    affinity = opt_attr()
    tied_operands = opt_attr()
    body = region(1)
    traits = (AttrSizedOperandSegments(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list | None:
        n = len(op.results) - 1
        return None if n < 0 else [("results", n), "result_timepoint"] if n else ["result_timepoint"]

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        seg = op.properties.get("operandSegmentSizes")
        if seg is None or any(k not in ("operandSegmentSizes", "affinity", "tied_operands")
                              for k, _ in op.properties.entries):
            return None
        n, ns, nr, nt = seg.values
        tied = op.properties.get("tied_operands")
        ties = [int(e.value) for e in tied.elements] if tied is not None else []
        if n != ns or nt > 1 or nr != len(op.results) - 1 or len(ties) != nr or (tied is None) != (nr == 0) \
                or len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
            return None
        block = op.regions[0].blocks[0]
        res, sizes, rsizes = op.operands[:n], op.operands[n:2 * n], op.operands[2 * n:2 * n + nr]
        if len(block.args) != n or [a.type for a in block.args] != [v.type for v in res]:
            return None
        parts = ["stream.async.execute", _aff(p, op).strip(),
                 f"await({p.value(op.operands[2 * n + nr])}) =>" if nt else ""]
        items = ", ".join(f"{p.value(v)} as {p.value(a)}: {p.type_text(a.type)}{{{p.value(sz)}}}"
                          for v, a, sz in zip(res, block.args, sizes))
        parts.append(f"with({items})")
        outs = []
        for r, z, t in zip(op.results[:nr], rsizes, ties):
            if t >= 0:
                if t >= n or res[t].type != r.type:
                    return None
                outs.append(f"{p.value(res[t])}{{{p.value(z)}}}")
            else:
                outs.append(f"{p.type_text(r.type)}{{{p.value(z)}}}")
        if outs:
            parts.append("-> " + (outs[0] if len(outs) == 1 else "(" + ", ".join(outs) + ")"))
        head = " ".join(x for x in parts if x)
        return (f"{head} {p.region(op.regions[0])} => {p.type_text(op.results[-1].type)}" + _tail_attrs(p, op))

    @classmethod
    def custom_prints_entry_args(cls, op: Operation, region_index: int) -> bool:
        return False


def stream_async_execute_head(s: Any, c: list) -> tuple:
    from hlopt.syntax.parser import split_pieces

    kw, aff, wait, with_, *outs = c
    text, base = str(with_)[1:-1], with_.start_pos + 1
    uses, sizes, args, pos = [], [], [], 0
    while text[pos:].strip():
        m = _WITH_ITEM.match(text, pos)
        if m is None:
            raise s.error("expected '%resource as %arg: type{%size}'", base + pos)
        t = s.decode_type(_Tok(m.group(3), base + m.start(3)))
        d = _dims(s, _Tok(m.group(4), base + m.start(4)))
        if len(d) != 1:
            raise s.error("expected one size value for the resource", base + m.start(4))
        uses.append((m.group(1), _use(s, _Use(m.group(1), base + m.start(1)), t)))
        sizes += d
        args.append((m.group(2), t, None, base + m.start(2) - 1))
        pos = m.end()
    outs = [x for x in outs if x is not None]
    if len(outs) == 1:  # `(r1, r2, ...)`
        tok = outs[0]
        pieces = [(pc.strip(), tok.start_pos + 1 + off + len(pc) - len(pc.lstrip()))
                  for pc, off in split_pieces(str(tok)[1:-1])]
    else:
        pieces = [(str(outs[0]) + str(outs[1]), outs[0].start_pos)] if outs else []
    names = [u for u, _ in uses]
    types, rsizes, ties = [], [], []
    for pc, at in pieces:
        brace = pc.rfind("{")
        if brace < 0:
            raise s.error("expected a result type or tied operand with its size '{%size}'", at)
        head, d = pc[:brace].strip(), _dims(s, _Tok(pc[brace:], at + brace))
        if len(d) != 1:
            raise s.error("expected one size value for the result", at + brace)
        if head.startswith("%"):
            if head not in names:
                raise s.error(f"tied operand '{head}' is not in the with(...) list", at)
            k = names.index(head)
            types.append(uses[k][1].type)
            ties.append(k)
        else:
            types.append(s.decode_type(_Tok(head, at)))
            ties.append(-1)
        rsizes += d
    operands = [u for _, u in uses] + _uses(s, sizes)
    rs, tp = _uses(s, rsizes), _await_operand(s, wait)
    props = _props(_affinity(s, aff), tied_operands=ArrayAttr([IntegerAttr(t, _INDEX) for t in ties]) if ties else None,
                   operandSegmentSizes=_segs(uses, sizes, rs, tp))
    s.pending.append((AsyncExecuteOp.name, args))
    return operands + rs + tp, props, types, kw.start_pos


def stream_async_execute(s: Any, c: list) -> tuple[Operation, int]:
    (operands, props, types, pos), body, tt, attrs = c
    s.pending.pop()
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation(AsyncExecuteOp.name, operands, [*types, s.decode_type(tt)], props, a, [body]), pos


def stream_cmd_fill(s: Any, c: list) -> tuple[Operation, int]:
    kw, v, t, off, length, vt, tt, size, attrs = c
    size = _dims(s, size)
    if len(size) != 1:
        raise s.error("expected one size value for the resource", tt.start_pos)
    ttype = s.decode_type(tt)
    operands = [_use(s, t, ttype), *_uses(s, [*size, off, length]), _use(s, v, s.decode_type(vt))]
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation(CmdFillOp.name, operands, [], None, a), kw.start_pos


def stream_cmd_copy(s: Any, c: list) -> tuple[Operation, int]:
    kw, src, soff, tgt, toff, length, st, ssize, tt, tsize, attrs = c
    ssize, tsize = _dims(s, ssize), _dims(s, tsize)
    if len(ssize) != 1 or len(tsize) != 1:
        raise s.error("expected one size value for each resource", kw.start_pos)
    stype, ttype = s.decode_type(st), s.decode_type(tt)
    operands = [_use(s, src, stype), *_uses(s, [*ssize, soff]), _use(s, tgt, ttype), *_uses(s, [*tsize, toff, length])]
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation(CmdCopyOp.name, operands, [], None, a), kw.start_pos


_ACCESS = {1: "ro", 2: "wo", 3: "rw"}
_ACCESS_BITS = {v: k for k, v in _ACCESS.items()}


class CmdDispatchOp(OpDef):
    name = "stream.cmd.dispatch"
    summary = "Dispatches a parallelized grid of work"
    workload = var_operand()
    uniform_operands = var_operand()
    resources = var_operand()
    resource_sizes = var_operand()
    resource_offsets = var_operand()
    resource_lengths = var_operand()
    entry_points = attr()
    resource_accesses = attr()
    traits = (AttrSizedOperandSegments(),)

    @classmethod
    @_custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        seg, acc, entry = (op.properties.get("operandSegmentSizes"), op.properties.get("resource_accesses"),
                           _entry_text(op))
        if seg is None or acc is None or entry is None or op.results or len(op.properties) != 3:
            return None
        nw, nu, nr, ns, no, nl = seg.values
        if not nr or not (nr == ns == no == nl) or len(acc) != nr:
            return None
        groups = operand_groups(cls, op)
        work, uni, res, sizes, offs, lens = groups
        kinds = [_ACCESS.get(int(a.value)) if isinstance(a, IntegerAttr) else None for a in acc.elements]
        if None in kinds:
            return None
        s = "stream.cmd.dispatch " + entry
        if work:
            s += f"[{p.values(work)}]"
        if uni:
            s += f"({p.values(uni)} : {', '.join(p.type_text(v.type) for v in uni)})"
        ind = "  " * p.indent
        items = [f"{ind}  {k} {p.value(r)}[{p.value(o)} for {p.value(n)}] : {p.type_text(r.type)}{{{p.value(z)}}}"
                 for k, r, o, n, z in zip(kinds, res, offs, lens, sizes)]
        return s + " {\n" + ",\n".join(items) + f"\n{ind}}}" + _tail_attrs(p, op)


_RESOURCE_ITEM = re.compile(r"\s*(\w+)\s+(%[\w$.\-]+(?:#\d+)?)\s*\[\s*(%[\w$.\-]+(?:#\d+)?)\s+for\s+"
                            r"(%[\w$.\-]+(?:#\d+)?)\s*\]\s*:\s*([^{]+?)\s*(\{[^}]*\})\s*(?:,|\Z)")


def stream_cmd_dispatch(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.syntax.parser import split_pieces

    kw, entry, work, args, resources, attrs = c
    eps = _entry(s, entry)
    uni: list = []
    if args is not None:
        text, base = str(args)[1:-1], args.start_pos + 1
        vals, colon, types = text.partition(":")
        uses = [_Use(m.group(), base + m.start()) for m in _USE.finditer(vals)]
        tys = [(t.strip(), base + len(vals) + 1 + off + len(t) - len(t.lstrip()))
               for t, off in split_pieces(types)] if colon else []
        if len(tys) != len(uses):
            raise s.error("expected one type per dispatch operand", args.start_pos)
        uni = [_use(s, u, s.decode_type(_Tok(t, at))) for u, (t, at) in zip(uses, tys)]
    text, base = str(resources)[1:-1], resources.start_pos + 1
    items, pos = [], 0
    while text[pos:].strip():
        m = _RESOURCE_ITEM.match(text, pos)
        if m is None or m.group(1) not in _ACCESS_BITS:
            at = base + pos + len(text[pos:]) - len(text[pos:].lstrip())
            raise s.error("expected 'ro', 'wo' or 'rw' %resource[%offset for %length] : type{%size}", at)
        t = s.decode_type(_Tok(m.group(5), base + m.start(5)))
        d = _dims(s, _Tok(m.group(6), base + m.start(6)))
        if len(d) != 1:
            raise s.error("expected one size value for the resource", base + m.start(6))
        at = [_Use(m.group(i), base + m.start(i)) for i in (2, 3, 4)]
        items.append((_ACCESS_BITS[m.group(1)], _use(s, at[0], t), d[0], at[1], at[2]))
        pos = m.end()
    if not items:
        raise s.error("expected at least one resource", resources.start_pos)
    workload = _uses(s, work)
    res = [i[1] for i in items]
    sizes, offs, lens = (_uses(s, [i[k] for i in items]) for k in (2, 3, 4))
    props = DictionaryAttr({
        "entry_points": eps, "operandSegmentSizes": _segs(workload, uni, res, sizes, offs, lens),
        "resource_accesses": ArrayAttr([IntegerAttr(i[0], i32) for i in items])})
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation(CmdDispatchOp.name, [*workload, *uni, *res, *sizes, *offs, *lens], [], props, a), kw.start_pos


CALLBACKS = {
    "stream_executable_head": stream_executable_head, "stream_executable": stream_executable,
    "stream_export": stream_export, "stream_export_head": stream_export_head,
    "stream_workgroups_head": stream_workgroups_head, "stream_workgroups": stream_workgroups,
    "stream_return": stream_return, "stream_subspan": stream_subspan, "stream_transfer": stream_transfer,
    "stream_tensor_dispatch": stream_tensor_dispatch, "stream_async_dispatch": stream_async_dispatch,
    "stream_sizeof": stream_sizeof, "stream_empty": stream_empty, "stream_constant": stream_constant,
    "stream_splat": stream_splat, "stream_fill": stream_fill, "stream_encode": _source_result("stream.tensor.encode"),
    "stream_clone": _source_result("stream.tensor.clone"), "stream_slice": stream_slice,
    "stream_update": stream_update, "stream_tp_immediate": stream_tp_immediate, "stream_tp_join": stream_tp_join,
    "stream_tp_barrier": stream_tp_barrier, "stream_tp_await": stream_tp_await,
    "stream_alloca": stream_alloca, "stream_dealloca": stream_dealloca,
    "stream_cmd_execute_head": stream_cmd_execute_head, "stream_cmd_execute": stream_cmd_execute,
    "stream_yield": stream_yield, "stream_cmd_fill": stream_cmd_fill, "stream_cmd_copy": stream_cmd_copy,
    "stream_cmd_dispatch": stream_cmd_dispatch,
    "stream_async_execute_head": stream_async_execute_head, "stream_async_execute": stream_async_execute,
}

OPS = (ExecutableOp, ExecutableEndOp, ExecutableExportOp, ReturnOp, BindingSubspanOp, AsyncTransferOp, TensorDispatchOp,
       AsyncDispatchOp, TensorSizeOfOp, TensorEmptyOp, TensorConstantOp, TensorSplatOp, TensorFillOp, TensorEncodeOp,
       TensorCloneOp, TensorSliceOp, TensorUpdateOp, TimepointImmediateOp, TimepointJoinOp, TimepointBarrierOp,
       TimepointAwaitOp, ResourceAllocaOp, ResourceDeallocaOp, YieldOp, CmdExecuteOp, CmdFillOp, CmdCopyOp, CmdDispatchOp, AsyncExecuteOp)



def __getattr__(name: str) -> Any:
    # DIALECT also holds stream_cmd.py's ops, which use this module's helpers:
    # it is built on first use, so neither module needs the other to load first
    if name != "DIALECT":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from hlopt.dialects import stream_cmd

    d = globals()["DIALECT"] = Dialect("stream", ops=OPS + stream_cmd.OPS, grammar="stream.lark",
                                       syntax={**CALLBACKS, **stream_cmd.CALLBACKS}, allow_unknown_ops=True)
    return d
