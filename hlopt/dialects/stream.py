"""IREE's stream dialect, the subset encoding specialization works on, with
IREE's custom forms (assembly formats and the directives of stream_syntax.py):

stream.executable / stream.executable.export / stream.binding.subspan
(executables and their bindings), stream.async.transfer,
stream.tensor.dispatch and stream.async.dispatch (dispatch sites),
stream.tensor.sizeof/empty/constant/splat/fill/encode/clone/slice/update
(tensor-phase ops carrying encodings), and in IREE's custom forms too the
resource, boundary-tensor, async, timepoint and channel ops IREE's compiler
prints around them. Stream ops not declared here pass through generically.

Tensor-phase ops say which of their properties are encodings
(`encoding_fields`) and run where their `affinity` says; the pass reads
those declarations, not op names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.dialects import stream_cmd
from hlopt.dialects.builtin import ModuleOp
from hlopt.dialects.stream_syntax import (
    ANY_RESOURCE,
    BINDING,
    BUFFER,
    CHANNEL,
    CONSTANT_OR_VARIABLE,
    FILL_PATTERN,
    INDEX,
    LOADABLE,
    NATIVE_FILL_PATTERN,
    PRIMITIVE,
    RESOURCE_OR_PRIMITIVE,
    STAGING,
    STREAM_OR_STAGING,
    STREAM_RESOURCE,
    TIMEPOINT,
    AttrArray,
    CollectiveKind,
    DispatchEntryPoints,
    DispatchOperands,
    DispatchResources,
    EncodedResourceOperands,
    EncodedShapedFunctionType,
    ResourceRegion,
    ShapedFunctionType,
    StreamAsm,
    SymbolNameAttr,
    TypeArray,
    dim_uses,
    dynamic_dims,
    encoded_printable,
    entry_points_printable,
    is_resource,
    operand_groups,
    region_fits,
    resources_printable,
    shaped_printable,
    tied_operands,
)
from hlopt.ir.attributes import (
    ArrayAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
)
from hlopt.ir.constraints import (
    I1,
    I32,
    I64,
    Index,
)
from hlopt.ir.core import Operation, Region
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import AffinityOpInterface, SymbolOpInterface
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
    AttrSizedOperandSegments,
    HasParent,
    IsolatedFromAbove,
    ParentOneOf,
    Pure,
    ReturnLike,
    SameVariadicOperandSize,
    SingleBlockImplicitTerminator,
    Symbol,
    SymbolTable,
    Terminator,
    op_error,
)
from hlopt.ir.types import OpaqueType, RankedTensorType
from hlopt.syntax import TypeRef, UnitKeyword, UntypedAttr

UNUSED = OpaqueType("!util.unused")


def _type_of(op: Operation, name: str) -> Any:
    a = op.properties.get(name)
    return a.type if isinstance(a, TypeAttr) else None


_DIMS_NEEDED: dict = {}


# ---------------------------------------------------------------------------
# executables


class ExecutableOp(StreamAsm, OpDef, SymbolOpInterface):
    name = "stream.executable"
    summary = "Generic executable module"
    assembly_format = "custom<SymbolVisibility>($sym_visibility) $sym_name attr-dict-with-keyword regions"
    sym_name = attr()
    sym_visibility = opt_attr()
    body = region(1)
    traits = (IsolatedFromAbove(), SingleBlockImplicitTerminator("stream.executable.end"), Symbol(), SymbolTable())
    attr_syntax = {"sym_name": SymbolNameAttr()}
    default_dialect = "stream"

    @classmethod
    def inner_module(cls, op: Operation) -> Operation | None:
        for o in op.regions[0].blocks[0].ops if op.regions and op.regions[0].blocks else ():
            if isinstance(o, ModuleOp):
                return o
        return None


class ExecutableEndOp(StreamAsm, OpDef):
    name = "stream.executable.end"
    summary = "Terminator pseudo-op for the executable op"
    assembly_format = 'attr-dict'
    traits = (Terminator(), HasParent("stream.executable"))


class ExecutableExportOp(StreamAsm, OpDef, SymbolOpInterface):
    name = "stream.executable.export"
    summary = "Executable entry point declaration"
    assembly_format = ("custom<SymbolVisibility>($sym_visibility) custom<SymbolAlias>($sym_name, $function_ref) "
                       "custom<WorkgroupCountRegion>($workgroup_count) attr-dict-with-keyword")
    sym_name = attr()
    sym_visibility = opt_attr()
    function_ref = attr()
    workgroup_count = region()
    traits = (HasParent("stream.executable"), Symbol())

    # custom<SymbolAlias>($sym_name, $function_ref): `@fn [as("name")]` (the name defaults to the function's)
    @staticmethod
    def parse_SymbolAlias(p: Any) -> tuple:
        ref, _ = p.parse_symbol_name()
        name: Any = StringAttr(ref)
        if p.parse_optional_keyword("as") is not None:
            p.parse_punct("(")
            name = p.parse_attribute(typed=False)  # a StrAttr, resolved with the op
            p.parse_punct(")")
        return name, SymbolRefAttr(ref)

    @staticmethod
    def print_SymbolAlias(p: Any, op: Operation, name: Any, ref: Any) -> None:
        p.print_attribute(ref)
        if name.value != ref.root:
            p.write(f' as("{name.value}")')

    # custom<WorkgroupCountRegion>($workgroup_count):
    # `workgroups(%a: index) -> (index, index, index) { ... }`, or nothing
    @staticmethod
    def parse_WorkgroupCountRegion(p: Any) -> tuple:
        if p.parse_optional_keyword("workgroups") is None:
            return ([Region()],)
        p.parse_punct("(")
        args = []
        if not p.parse_optional_punct(")"):
            args.append(p.parse_argument(allow_attrs=True))
            while p.parse_optional_punct(","):
                args.append(p.parse_argument(allow_attrs=True))
            p.parse_punct(")")
        p.parse_punct("->")
        p.parse_punct("(")
        types = p.parse_type_list()
        p.parse_punct(")")
        if len(types) != 3 or any(t.text != "index" for t in types):
            raise p.error("workgroup count region must return the XYZ dimension counts", p.location())
        return ([p.parse_region(args)],)

    @staticmethod
    def print_WorkgroupCountRegion(p: Any, op: Operation, regions: Sequence[Any]) -> None:
        r = regions[0]
        if not r.blocks:
            return
        p.write("workgroups(")
        for i, a in enumerate(r.blocks[0].args):
            if i:
                p.write(", ")
            p.print_region_argument(a)
        p.write(") -> (index, index, index) ")
        p.print_region(r, False, True)

class ReturnOp(StreamAsm, OpDef):
    name = "stream.return"
    summary = "Returns results from a region"
    assembly_format = 'attr-dict $operands_ `:` type($operands_)'
    operands_ = var_operand()
    traits = (Pure(), ReturnLike(), Terminator(), HasParent("stream.executable.export"))


class BindingSubspanOp(StreamAsm, OpDef):
    name = "stream.binding.subspan"
    summary = "Returns an alias to a subspan of interface binding data"
    assembly_format = '$binding `` `[` $byte_offset `]` attr-dict `:` type($binding) `->` type($result) (`{` $dynamic_dims^ `}`)?'
    binding = operand(BINDING)
    byte_offset = operand(Index)
    dynamic_dims = var_operand(Index)
    result_ = result(name="result")
    traits = (Pure(),)


# ---------------------------------------------------------------------------
# transfers and dispatches


class AsyncTransferOp(StreamAsm, OpDef):
    name = "stream.async.transfer"
    summary = "Transfers a resource from one location/state to another"
    assembly_format = '(`on` `(` $execution_affinity^ `)`)? $source `:` type($source) `` `{` $source_size `}` (`from` `(` $source_affinity^ `)`)? `->` (`to` `(` $target_affinity^ `)`)? type($result) `` `{` $result_size `}` attr-dict-with-keyword'
    execution_affinity = opt_attr()
    source = operand(STREAM_OR_STAGING)
    source_size = operand(Index)
    result_size = operand(Index)
    result_ = result(STREAM_OR_STAGING, name="result")
    source_affinity = opt_attr()
    target_affinity = opt_attr()


class TensorDispatchOp(AffinityOpInterface, DispatchEntryPoints, EncodedShapedFunctionType, StreamAsm, OpDef):
    """A dispatch site: launches `entry_points` on resources carrying
    encoded tensor types (`operand_encodings`, `result_encodings`)."""

    name = "stream.tensor.dispatch"
    summary = "Dispatches a parallelized grid of work"
    assembly_format = ("(`on` `(` $affinity^ `)`)? custom<DispatchEntryPoints>($entry_points) "
                       "(`[` $workload^ `]`)? `` `(` $mixed_operands `)` attr-dict `:` "
                       "custom<EncodedShapedFunctionType>(ref($mixed_operands), type($mixed_operands), "
                       "$operand_sizes, $operand_encodings, $operand_encoding_dims, type($results), $result_sizes, "
                       "$result_encodings, $result_encoding_dims, $tied_operands)")
    attr_syntax = {"entry_points": AttrArray(), "operand_encodings": TypeArray(), "result_encodings": TypeArray()}
    workload = var_operand(Index)
    mixed_operands = var_operand(RESOURCE_OR_PRIMITIVE)
    operand_sizes = var_operand(Index)
    operand_encoding_dims = var_operand(Index)
    result_sizes = var_operand(Index)
    result_encoding_dims = var_operand(Index)
    results_ = var_result(STREAM_RESOURCE, name="results")
    affinity = opt_attr()
    entry_points = attr()
    operand_encodings = attr()
    result_encodings = attr()
    tied_operands = opt_attr()
    traits = (AttrSizedOperandSegments(),)
    tensor_phase = True
    encoding_fields = ("operand_encodings", "result_encodings")

    @classmethod
    def asm_printable(cls, op: TensorDispatchOp) -> bool:
        _w, args, sizes, odims, rsizes, rdims = operand_groups(cls, op)  # (one split, not one per accessor)
        return entry_points_printable(op.entry_points) and encoded_printable(
            args, sizes, op.operand_encodings, odims, op.results, rsizes, op.result_encodings, rdims,
            op.tied_operands)

    @classmethod
    def verify(cls, op: Operation) -> None:
        _w, args, sizes, odims, rsizes, rdims = operand_groups(cls, op)
        oenc, renc = op.operand_encodings, op.result_encodings
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
        out = list(op.operand_encodings.elements)
        for r, tie in zip(op.result_encodings.elements, tied_operands(op)):
            if tie == -1:
                out.append(r)
        return out


class AsyncDispatchOp(AffinityOpInterface, DispatchEntryPoints, DispatchOperands, ShapedFunctionType, StreamAsm, OpDef):
    name = "stream.async.dispatch"
    summary = "Dispatches a parallelized grid of work"
    assembly_format = ("(`on` `(` $affinity^ `)`)? custom<DispatchEntryPoints>($entry_points) "
                       "(`[` $workload^ `]`)? `` custom<DispatchOperands>($resource_operands, "
                       "$resource_operand_offsets, $resource_operand_ends, $resource_operand_lengths) attr-dict `:` "
                       "custom<ShapedFunctionType>(ref($resource_operands), type($resource_operands), "
                       "$resource_operand_sizes, type($results), $result_sizes, $tied_operands)")
    attr_syntax = {"entry_points": AttrArray()}
    workload = var_operand(Index)
    resource_operands = var_operand(RESOURCE_OR_PRIMITIVE)
    resource_operand_sizes = var_operand(Index)
    resource_operand_offsets = var_operand(Index)
    resource_operand_ends = var_operand(Index)
    resource_operand_lengths = var_operand(Index)
    result_sizes = var_operand(Index)
    results_ = var_result(STREAM_RESOURCE, name="results")
    affinity = opt_attr()
    entry_points = attr()
    tied_operands = opt_attr()
    traits = (AttrSizedOperandSegments(),)

    @classmethod
    def asm_printable(cls, op: AsyncDispatchOp) -> bool:
        _w, args, sizes, offs, ends, lens, rsizes = operand_groups(cls, op)
        return entry_points_printable(op.entry_points) and shaped_printable(
            args, sizes, op.results, rsizes, op.tied_operands, -1, offs, ends, lens)


# ---------------------------------------------------------------------------
# tensor-phase ops


class _TensorOp(StreamAsm, OpDef):
    tensor_phase = True
    encoding_fields: tuple[str, ...] = ()  # in the order the custom form prints them
    # encodings that must already be serialized (or unrecognized): the pass cannot update them
    fixed_encodings = False

    @classmethod
    def verify(cls, op: Operation) -> None:
        # each `<x>_encoding` type has its dynamic dims in the `<x>_encoding_dims` operands
        for f in cls.encoding_fields:
            t = _type_of(op, f)
            dims = cls.get(op, f + "_dims")
            if t is not None and dynamic_dims(t) != len(dims):
                raise op_error(op, f"type set has {dynamic_dims(t)} dynamic dimensions but only {len(dims)} "
                                   "dimension values are attached")


class TensorSizeOfOp(AffinityOpInterface, _TensorOp):
    name = "stream.tensor.sizeof"
    summary = "Calculates the storage size of a given high-level type"
    assembly_format = '(`on` `(` $affinity^ `)`)? $encoding (`{` $encoding_dims^ `}`)? attr-dict `:` type($storage_size)'
    encoding_dims = var_operand(Index)
    storage_size = result(Index)
    affinity = opt_attr()
    encoding = attr()
    traits = (Pure(),)
    encoding_fields = ("encoding",)


class TensorEmptyOp(AffinityOpInterface, _TensorOp):
    name = "stream.tensor.empty"
    summary = "Defines an empty tensor value"
    assembly_format = '(`on` `(` $affinity^ `)`)? `:` $result_encoding (`` `{` $result_encoding_dims^ `}`)? `in` type($result) `` `{` $result_size `}` attr-dict-with-keyword'
    result_encoding_dims = var_operand(Index)
    result_size = operand(Index)
    result_ = result(STREAM_RESOURCE, name="result")
    affinity = opt_attr()
    result_encoding = attr()
    encoding_fields = ("result_encoding",)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["empty"]


class TensorConstantOp(AffinityOpInterface, _TensorOp):
    name = "stream.tensor.constant"
    summary = "Defines a constant tensor value"
    assembly_format = '(`on` `(` $affinity^ `)`)? `:` $result_encoding (`` `{` $result_encoding_dims^ `}`)? `in` type($result) `=` $value attr-dict-with-keyword'
    result_encoding_dims = var_operand(Index)
    result_ = result(STREAM_RESOURCE, name="result")
    affinity = opt_attr()
    result_encoding = attr()
    value = attr()
    encoding_fields = ("result_encoding",)
    fixed_encodings = True

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["cst"]


class TensorSplatOp(AffinityOpInterface, _TensorOp):
    name = "stream.tensor.splat"
    summary = "Splats a value into a shaped tensor"
    assembly_format = '(`on` `(` $affinity^ `)`)? $value `:` type($value) `->` $result_encoding (`` `{` $result_encoding_dims^ `}`)? `in` type($result) `` `{` $result_size `}` attr-dict-with-keyword'
    value = operand(PRIMITIVE)
    result_encoding_dims = var_operand(Index)
    result_size = operand(Index)
    result_ = result(STREAM_RESOURCE, name="result")
    affinity = opt_attr()
    result_encoding = attr()
    encoding_fields = ("result_encoding",)


class TensorFillOp(AffinityOpInterface, _TensorOp):
    name = "stream.tensor.fill"
    summary = "Fills a subview of a stream resource with a value"
    assembly_format = '(`on` `(` $affinity^ `)`)? $value `,` $target (`[` $start_indices `for` $lengths^ `]`)? `:` type($value) `->` $target_encoding (`` `{` $target_encoding_dims^ `}`)? `in` custom<ShapedTiedResult>(type($target), $target_size) attr-dict-with-keyword'
    same_types = (("target", "result"),)
    target = operand(STREAM_RESOURCE)
    target_encoding_dims = var_operand(Index)
    target_size = operand(Index)
    start_indices = var_operand(Index)
    lengths = var_operand(Index)
    value = operand(PRIMITIVE)
    result_ = result(STREAM_RESOURCE, name="result")
    affinity = opt_attr()
    target_encoding = attr()
    traits = (AttrSizedOperandSegments(),)
    encoding_fields = ("target_encoding",)


class _SourceResultOp(AffinityOpInterface, _TensorOp):
    """`%r : tensor{dims} in T{size} -> tensor{dims} in T{size}` (encode, clone)."""
    assembly_format = '(`on` `(` $affinity^ `)`)? $source `:` $source_encoding (`` `{` $source_encoding_dims^ `}`)? `in` type($source) `` `{` $source_size `}` `->` $result_encoding (`` `{` $result_encoding_dims^ `}`)? `in` type($result) `` `{` $result_size `}` attr-dict-with-keyword'

    source = operand(STREAM_RESOURCE)
    source_encoding_dims = var_operand(Index)
    source_size = operand(Index)
    result_encoding_dims = var_operand(Index)
    result_size = operand(Index)
    result_ = result(STREAM_RESOURCE, name="result")
    affinity = opt_attr()
    source_encoding = attr()
    result_encoding = attr()
    traits = (AttrSizedOperandSegments(),)
    encoding_fields = ("source_encoding", "result_encoding")


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


class TensorSliceOp(AffinityOpInterface, _TensorOp):
    name = "stream.tensor.slice"
    summary = "Slices out a cloned subview of a value"
    assembly_format = '(`on` `(` $affinity^ `)`)? $source `[` $start_indices `for` $lengths `]` `:` $source_encoding (`` `{` $source_encoding_dims^ `}`)? `in` type($source) `` `{` $source_size `}` `->` $result_encoding (`` `{` $result_encoding_dims^ `}`)? `in` type($result) `` `{` $result_size `}` attr-dict-with-keyword'
    source = operand(STREAM_RESOURCE)
    source_encoding_dims = var_operand(Index)
    source_size = operand(Index)
    start_indices = var_operand(Index)
    lengths = var_operand(Index)
    result_encoding_dims = var_operand(Index)
    result_size = operand(Index)
    result_ = result(STREAM_RESOURCE, name="result")
    affinity = opt_attr()
    source_encoding = attr()
    result_encoding = attr()
    traits = (AttrSizedOperandSegments(),)
    encoding_fields = ("source_encoding", "result_encoding")
    fixed_encodings = True


class TensorUpdateOp(AffinityOpInterface, _TensorOp):
    name = "stream.tensor.update"
    summary = "Updates a slice of a subview of a resource in-place"
    assembly_format = '(`on` `(` $affinity^ `)`)? $update `,` $target `[` $start_indices `]` `:` $update_encoding (`` `{` $update_encoding_dims^ `}`)? `in` type($update) `` `{` $update_size `}` `->` $target_encoding (`` `{` $target_encoding_dims^ `}`)? `in` custom<ShapedTiedResult>(type($target), $target_size) attr-dict-with-keyword'
    same_types = (("target", "result"),)
    target = operand(STREAM_RESOURCE)
    target_encoding_dims = var_operand(Index)
    target_size = operand(Index)
    start_indices = var_operand(Index)
    update = operand(STREAM_RESOURCE)
    update_encoding_dims = var_operand(Index)
    update_size = operand(Index)
    result_ = result(STREAM_RESOURCE, name="result")
    affinity = opt_attr()
    target_encoding = attr()
    update_encoding = attr()
    traits = (AttrSizedOperandSegments(),)
    encoding_fields = ("update_encoding", "target_encoding")
    fixed_encodings = True


# ---------------------------------------------------------------------------
# (the dispatch forms are declared on their classes above)


def _entry(s: Any, tok: Any) -> ArrayAttr:
    """`@ex::@fn` or `{@a::@f, @b::@g}`: the entry points (decoded once per text)."""
    from hlopt.syntax import split_pieces

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


# -- timepoints -----------------------------------------------------------------------------


class TimepointImmediateOp(StreamAsm, OpDef):
    name = "stream.timepoint.immediate"
    summary = "An immediately-resolved timepoint"
    assembly_format = 'attr-dict `=` `` `>` type($result_timepoint)'
    result_timepoint = result(TIMEPOINT)
    traits = (Pure(),)


class TimepointJoinOp(StreamAsm, OpDef):
    name = "stream.timepoint.join"
    summary = "Joins one or more timepoints into the max of all of them"
    assembly_format = '`max` `(` $await_timepoints `)` `=` `` `>` type($result_timepoint) attr-dict-with-keyword'
    await_timepoints = var_operand(TIMEPOINT)
    result_timepoint = result(TIMEPOINT)
    traits = (Pure(),)


class TimepointBarrierOp(AffinityOpInterface, StreamAsm, OpDef):
    name = "stream.timepoint.barrier"
    summary = "Returns a timepoint indicating when a resource is available"
    assembly_format = '(`on` `(` $affinity^ `)`)? $resource `:` type($resource) `` `{` $resource_size `}` `=` `` `>` type($result_timepoint) attr-dict-with-keyword'
    same_types = (("resource", "barrier_result"),)
    resource = operand(STREAM_OR_STAGING)
    resource_size = operand(Index)
    barrier_result = result(STREAM_OR_STAGING)
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["result", "result_timepoint"] if len(op.results) == 2 else None


class TimepointAwaitOp(StreamAsm, OpDef):
    name = "stream.timepoint.await"
    summary = "Awaits a timepoint before returning a set of resources"
    shaped_types_twice = True
    assembly_format = '(`sync` $sync^)? $await_timepoint `=` `` `>` $resource_operands `:` custom<ShapedTypeList>(type($resource_operands), type($results_), $resource_operand_sizes) attr-dict-with-keyword'
    attr_syntax = {"sync": UnitKeyword()}
    resource_operands = var_operand(STREAM_OR_STAGING)
    resource_operand_sizes = var_operand(Index)
    await_timepoint = operand(TIMEPOINT)
    results_ = var_result(STREAM_OR_STAGING)
    traits = (AttrSizedOperandSegments(),)
    sync = opt_attr()  # a unit property (`sync` before the timepoint)


# -- resource allocation --------------------------------------------------------------------


class ResourceAllocaOp(AffinityOpInterface, StreamAsm, OpDef):
    name = "stream.resource.alloca"
    summary = "Allocates a transient resource, ready after an optional timepoint"
    assembly_format = '`uninitialized` (`indeterminate` $indeterminate_lifetime^)? (`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)` `=` `` `>`):(`:`)? attr-dict type($result_) `{` $storage_size `}` `=` `` `>` type($result_timepoint)'
    indeterminate_lifetime = opt_attr()
    attr_syntax = {"indeterminate_lifetime": UnitKeyword()}
    storage_size = operand(Index)
    await_timepoint = opt_operand(TIMEPOINT)
    result_ = result(ANY_RESOURCE)
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["result", "result_timepoint"] if len(op.results) == 2 else None


class ResourceDeallocaOp(AffinityOpInterface, StreamAsm, OpDef):
    name = "stream.resource.dealloca"
    summary = "Frees a transient resource after an optional timepoint"
    assembly_format = '(`origin` $prefer_origin^)? (`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)` `=` `` `>`)? $operand_ `:` type($operand_) `{` $operand_size `}` `=` `` `>` type($result_timepoint) attr-dict'
    prefer_origin = opt_attr()
    attr_syntax = {"prefer_origin": UnitKeyword()}
    operand_ = operand(ANY_RESOURCE)
    operand_size = operand(Index)
    await_timepoint = opt_operand(TIMEPOINT)
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()


# -- command buffers ------------------------------------------------------------------------


class YieldOp(StreamAsm, OpDef):
    name = "stream.yield"
    summary = "Yields results from an execution region"
    assembly_format = 'attr-dict ($resource_operands^ `:` custom<ShapedTypeList>(type($resource_operands), $resource_operand_sizes))?'
    resource_operands = var_operand(STREAM_OR_STAGING)
    resource_operand_sizes = var_operand(Index)
    traits = (ParentOneOf("stream.async.execute", "stream.async.concurrent", "stream.cmd.execute", "stream.cmd.serial",
                          "stream.cmd.concurrent"), Pure(), ReturnLike(), Terminator(), SameVariadicOperandSize())


class CmdExecuteOp(AffinityOpInterface, ResourceRegion, StreamAsm, OpDef):
    name = "stream.cmd.execute"
    summary = "Executes a command buffer, returning a timepoint"
    assembly_format = '(`once` $once^)? (`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)` `=` `` `>`)? `with` `` custom<ExplicitResourceRegion>($resource_operands, type($resource_operands), $resource_operand_sizes, $body) `=` `` `>` type($result_timepoint) attr-dict-with-keyword'
    attr_syntax = {"once": UnitKeyword()}

    @classmethod
    def asm_printable(cls, op: Operation) -> bool:
        # only an empty stream.yield is implicit (IREE's printer drops the terminator)
        last = op.regions[0].blocks[0]._last if region_fits(op, op.resource_operands) else None
        return last is not None and last.name == YieldOp.name and not last.operands and not last.attributes \
            and not last.properties

    resource_operands = var_operand(STREAM_OR_STAGING)
    resource_operand_sizes = var_operand(Index)
    await_timepoint = opt_operand(TIMEPOINT)
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()
    once = opt_attr()
    body = region(1)
    traits = (AttrSizedOperandSegments(), SingleBlockImplicitTerminator("stream.yield"))


class CmdFillOp(StreamAsm, OpDef):
    name = "stream.cmd.fill"
    summary = "Fills a subview of a stream resource with a value"
    assembly_format = '$value `,` $target `[` $target_offset `for` $target_length `]` `:` type($value) `->` type($target) `` `{` $target_size `}` attr-dict-with-keyword'
    target = operand(STREAM_RESOURCE)
    target_size = operand(Index)
    target_offset = operand(Index)
    target_length = operand(Index)
    value = operand(NATIVE_FILL_PATTERN)


class CmdCopyOp(StreamAsm, OpDef):
    name = "stream.cmd.copy"
    summary = "Copies a subview of a stream resource to another"
    assembly_format = '$source `[` $source_offset `]` `,` $target `[` $target_offset `]` `,` $length `:` type($source) `` `{` $source_size `}` `->` type($target) `` `{` $target_size `}` attr-dict-with-keyword'
    source = operand(ANY_RESOURCE)
    source_size = operand(Index)
    source_offset = operand(Index)
    target = operand(ANY_RESOURCE)
    target_size = operand(Index)
    target_offset = operand(Index)
    length = operand(Index)


def _sized_count(values: Sequence[Any]) -> int:
    # IREE's size-aware types: resources and buffers carry a size operand each
    return sum(1 for v in values if is_resource(v.type) or getattr(v.type, "spelling", "") == "!util.buffer")


def verify_execution_region(cls: Any, op: Operation) -> None:
    """What IREE verifies of an async execution region op: a size per
    sized operand and result, every resource used inside captured by the
    entry block (or made there), and each stream.yield matching the results
    (verifyOpValueSizes, verifyAllResourcesCaptured, verifyEscapingResources)."""
    groups = operand_groups(cls, op)
    operands, operand_sizes, result_sizes = groups[0], groups[1], groups[2]
    results = [r for r in op.results if not TIMEPOINT.check_type(r.type)]
    for values, sizes in ((operands, operand_sizes), (results, result_sizes)):
        need = _sized_count(values)
        if len(sizes) != need:
            raise op_error(op, f"value set has {need} dynamic dimensions but only {len(sizes)} dimension values "
                               "are attached")
    if not op.regions or not op.regions[0].blocks:
        return
    block = op.regions[0].blocks[0]
    available = set(block.args)
    for inner in block.ops:
        available.update(inner.results)
        for v in inner.operands:
            if is_resource(v.type) and v not in available:
                raise op_error(inner, "used resource not listed in explicit captures (or produced internally)")
    for r in op.regions:
        for b in r.blocks:
            y = b.terminator
            if y is None or y.name != YieldOp.name:
                continue
            n = len(results)
            if len(y.operands) // 2 != n:
                raise op_error(y, "yield result count mismatch with parent op")
            for outer, inner_v in zip(results, y.operands[:n]):
                if outer.type is not inner_v.type:
                    raise op_error(y, f"result type mismatch: expected '{outer.type.text}' but got '{inner_v.type.text}'")
            for outer_size, inner_size in zip(result_sizes, y.operands[n:]):
                if outer_size is not inner_size:
                    raise op_error(y, "result size mismatch")


class AsyncExecuteOp(AffinityOpInterface, ResourceRegion, StreamAsm, OpDef):
    name = "stream.async.execute"
    summary = "Executes a dependency-aware sequence of streamable ops"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)` `=` `` `>`)? `with` `` custom<ResourceRegion>($resource_operands, type($resource_operands), $resource_operand_sizes, type($results_), $result_sizes, $tied_operands, $body) `=` `` `>` type($result_timepoint) attr-dict-with-keyword'

    @classmethod
    def asm_printable(cls, op: Operation) -> bool:
        tied = op.tied_operands
        ties = [e.value for e in tied.elements] if isinstance(tied, ArrayAttr) else []
        n = len(op.results_)
        return region_fits(op, op.resource_operands) and len(ties) == n and (tied is None) == (n == 0) \
            and all(-1 <= t < len(op.resource_operands) for t in ties)

    resource_operands = var_operand(STREAM_OR_STAGING)
    resource_operand_sizes = var_operand(Index)
    result_sizes = var_operand(Index)
    await_timepoint = opt_operand(TIMEPOINT)
    results_ = var_result(STREAM_OR_STAGING)
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()
    tied_operands = opt_attr()
    body = region(1)
    traits = (AttrSizedOperandSegments(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        verify_execution_region(cls, op)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list | None:
        n = len(op.results) - 1
        return None if n < 0 else [("results", n), "result_timepoint"] if n else ["result_timepoint"]


class AsyncConcurrentOp(AffinityOpInterface, ResourceRegion, StreamAsm, OpDef):
    name = "stream.async.concurrent"
    summary = "Executes all ops concurrently"
    assembly_format = '(`on` `(` $affinity^ `)`)? `with` `` custom<ResourceRegion>($resource_operands, type($resource_operands), $resource_operand_sizes, type($results_), $result_sizes, $tied_operands, $body) attr-dict-with-keyword'

    @classmethod
    def asm_printable(cls, op: Operation) -> bool:
        tied = op.tied_operands
        ties = [e.value for e in tied.elements] if isinstance(tied, ArrayAttr) else []
        n = len(op.results_)
        return region_fits(op, op.resource_operands) and len(ties) == n and (tied is None) == (n == 0) \
            and all(-1 <= t < len(op.resource_operands) for t in ties)

    resource_operands = var_operand(STREAM_OR_STAGING)
    resource_operand_sizes = var_operand(Index)
    result_sizes = var_operand(Index)
    results_ = var_result(STREAM_OR_STAGING)
    tied_operands = opt_attr()
    affinity = opt_attr()
    body = region(1)
    traits = (AttrSizedOperandSegments(), ParentOneOf("stream.async.execute", "stream.async.concurrent"))

    @classmethod
    def verify(cls, op: Operation) -> None:
        verify_execution_region(cls, op)


class CmdDispatchOp(DispatchEntryPoints, DispatchResources, StreamAsm, OpDef):
    name = "stream.cmd.dispatch"
    summary = "Dispatches a parallelized grid of work"
    assembly_format = ("custom<DispatchEntryPoints>($entry_points) (`[` $workload^ `]`)? `` "
                       "(`(` $uniform_operands^ `:` type($uniform_operands) `)`)? `{` "
                       "custom<DispatchResources>($resources, type($resources), $resource_sizes, $resource_offsets, "
                       "$resource_lengths, $resource_accesses) `\\n` `}` attr-dict-with-keyword")
    attr_syntax = {"entry_points": AttrArray()}
    workload = var_operand(Index)
    uniform_operands = var_operand(PRIMITIVE)
    resources = var_operand(STREAM_RESOURCE)
    resource_sizes = var_operand(Index)
    resource_offsets = var_operand(Index)
    resource_lengths = var_operand(Index)
    entry_points = attr()
    resource_accesses = attr()
    traits = (AttrSizedOperandSegments(),)

    @classmethod
    def asm_printable(cls, op: CmdDispatchOp) -> bool:
        _w, _u, res, sizes, offs, lens = operand_groups(cls, op)
        return bool(res) and entry_points_printable(op.entry_points) and resources_printable(
            res, op.resource_accesses, sizes, offs, lens)


# -- resource ops ---------------------------------------------------------------------------
# (resources, boundary tensors, timepoints and channels)


def _sized(p: Any, t: Any, size: Any) -> str:
    """`T{%size}`: a resource type and its size."""
    return f"{p.type_text(t)}{{{p.value(size)}}}"


def _one(s: Any, tok: Any, what: str = "the resource") -> list:
    """The single `{%size}` of a resource type, positioned for errors."""
    d = dim_uses(s, tok)
    if len(d) != 1:
        raise s.error(f"expected one size value for {what}", tok.start_pos)
    return d


class ResourceSizeOp(AffinityOpInterface, StreamAsm, OpDef):
    name = "stream.resource.size"
    summary = "Returns the size of the resource storage in bytes"
    assembly_format = '$operand_ `` custom<InherentAffinity>($affinity) attr-dict `:` type($operand_)'
    operand_ = operand(ANY_RESOURCE)
    result_ = result(Index)
    affinity = opt_attr()
    traits = (Pure(),)

    # IREE's format leaves the affinity out; MLIR prints such an inherent
    # attribute before the attribute dictionary as `<affinity = #a>`
    @staticmethod
    def parse_InherentAffinity(p: Any) -> tuple:
        if not p.parse_optional_punct("<"):
            return (None,)
        p.parse_keyword("affinity")
        p.parse_punct("=")
        a = p.parse_attribute()
        p.parse_punct(">")
        return (a,)

    @staticmethod
    def print_InherentAffinity(p: Any, op: Operation, affinity: Any) -> None:
        if affinity is not None:
            p.write(" <affinity = ")
            p.print_attribute(affinity)
            p.write(">")


class ResourceSubviewOp(StreamAsm, OpDef):
    name = "stream.resource.subview"
    summary = "Slices out a subview of a value"
    assembly_format = '$source `[` $source_offset `]` `:` type($source) `` `{` $source_size `}` `->` type($result_) `` `{` $result_size `}` attr-dict-with-keyword'
    source = operand(ANY_RESOURCE)
    source_size = operand(Index)
    source_offset = operand(Index)
    result_size = operand(Index)
    result_ = result(ANY_RESOURCE)
    traits = (Pure(),)


    @classmethod
    def verify(cls, op: Operation) -> None:
        if op.source.type != op.result_.type:
            raise op_error(op, "failed to verify that all of {source, result} have same type")


class ResourceAllocOp(AffinityOpInterface, StreamAsm, OpDef):
    name = "stream.resource.alloc"
    summary = "Allocates a persistent resource"
    assembly_format = '(`uninitialized` $uninitialized^)? (`on` `(` $affinity^ `)`)? attr-dict `:` type($result_) `{` $storage_size `}`'
    attr_syntax = {"uninitialized": UnitKeyword()}
    storage_size = operand(Index)
    result_ = result(ANY_RESOURCE)
    uninitialized = opt_attr()
    affinity = opt_attr()


class ResourceLoadOp(StreamAsm, OpDef):
    name = "stream.resource.load"
    summary = "Loads a value from a staging resource"
    assembly_format = '$source `[` $source_offset `]` `:` type($source) `` `{` $source_size `}` `->` type($result_) attr-dict-with-keyword'
    source = operand(STAGING)
    source_size = operand(Index)
    source_offset = operand(Index)
    result_ = result(LOADABLE)


class ResourceStoreOp(StreamAsm, OpDef):
    name = "stream.resource.store"
    summary = "Stores a value into a staging resource"
    assembly_format = '$value `,` $target `[` $target_offset `]` `:` type($value) `->` type($target) `{` $target_size `}` attr-dict-with-keyword'
    target = operand(STAGING)
    target_size = operand(Index)
    target_offset = operand(Index)
    value = operand(LOADABLE)


class _ResourceSizedOp(StreamAsm, OpDef):
    """`%r {attrs} : T{%size}` (retain, release, is_terminal)."""
    assembly_format = '$operand_ attr-dict `:` type($operand_) `{` $operand_size `}`'

    operand_ = operand(ANY_RESOURCE)
    operand_size = operand(Index)


class ResourceRetainOp(_ResourceSizedOp):
    name = "stream.resource.retain"
    summary = "Retains a resource for the caller"


class ResourceReleaseOp(_ResourceSizedOp):
    name = "stream.resource.release"
    summary = "Releases a resource from the caller"
    result_ = result(I1)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["is_terminal"]


class ResourceIsTerminalOp(_ResourceSizedOp):
    name = "stream.resource.is_terminal"
    summary = "Returns true if the resource is the last reference"
    result_ = result(I1)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["is_terminal"]


class ResourceTransientsOp(AffinityOpInterface, StreamAsm, OpDef):
    name = "stream.resource.transients"
    summary = "Attaches transient storage to a resource"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)` `=` `` `>`)? $resource `:` type($resource) `` `{` $resource_size `}` `from` $storage `:` type($storage) `` `{` $storage_size `}` `=` `` `>` type($result_timepoint) attr-dict-with-keyword'
    same_types = (("resource", "result_"),)
    resource = operand(STREAM_RESOURCE)
    resource_size = operand(Index)
    storage = operand(ANY_RESOURCE)
    storage_size = operand(Index)
    await_timepoint = opt_operand(TIMEPOINT)
    result_ = result(STREAM_RESOURCE)
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["result", "result_timepoint"] if len(op.results) == 2 else None


    @classmethod
    def verify(cls, op: Operation) -> None:
        if op.resource.type != op.result_.type:
            raise op_error(op, "failed to verify that all of {resource, result} have same type")


class ResourceTryMapOp(AffinityOpInterface, StreamAsm, OpDef):
    name = "stream.resource.try_map"
    summary = "Maps read-only memory into a resource"
    assembly_format = '(`on` `(` $affinity^ `)`)? $source `[` $source_offset `]` `:` type($source) `->` type($did_map) `,` type($result_) `` `{` $result_size `}` attr-dict-with-keyword'
    source = operand(BUFFER)
    source_offset = operand(Index)
    result_size = operand(Index)
    did_map = result(I1)
    result_ = result(STREAM_RESOURCE)
    affinity = opt_attr()
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["did_map", "result"] if len(op.results) == 2 else None


class ContextResolveOp(AffinityOpInterface, StreamAsm, OpDef):
    name = "stream.context.resolve"
    summary = "Resolves low-level context resources based on type"
    assembly_format = '(`on` `(` $affinity^ `)`)? attr-dict `:` type($results_)'
    results_ = var_result()
    affinity = opt_attr()
    traits = (Pure(),)


# -- tensors at the program boundary, staging loads/stores, traces, parameters ----------------
# They carry encoded tensor types, but encoding specialization leaves them alone (as IREE's does):
# `tensor_phase` is off.


class _BoundaryOp(_TensorOp):
    tensor_phase = False


class TensorImportOp(AffinityOpInterface, _BoundaryOp):
    name = "stream.tensor.import"
    summary = "Conversion placeholder for other->stream type conversion"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`consume` $consume^)? $source `:` type($source) `->` $result_encoding (`` `{` $result_encoding_dims^ `}`)? `in` type($result_) `{` $result_size `}` attr-dict-with-keyword'
    attr_syntax = {"consume": UnitKeyword()}
    source = operand()
    result_encoding_dims = var_operand(Index)
    result_size = operand(Index)
    result_ = result(STREAM_OR_STAGING)
    result_encoding = attr()
    consume = opt_attr()
    affinity = opt_attr()
    traits = (Pure(),)
    encoding_fields = ("result_encoding",)


class TensorExportOp(AffinityOpInterface, _BoundaryOp):
    name = "stream.tensor.export"
    summary = "Conversion placeholder for stream->other type conversion"
    assembly_format = '(`on` `(` $affinity^ `)`)? $source `:` $source_encoding (`` `{` $source_encoding_dims^ `}`)? `in` type($source) `` `{` $source_size `}` `->` type($result_) attr-dict-with-keyword'
    source = operand(STREAM_OR_STAGING)
    source_encoding_dims = var_operand(Index)
    source_size = operand(Index)
    result_ = result()
    source_encoding = attr()
    affinity = opt_attr()
    traits = (Pure(),)
    encoding_fields = ("source_encoding",)


class TensorLoadOp(_BoundaryOp):
    name = "stream.tensor.load"
    summary = "Loads a value from a tensor element"
    assembly_format = '$source (`[` $indices^ `]`)? `:` $source_encoding (`` `{` $source_encoding_dims^ `}`)? `in` type($source) `` `{` $source_size `}` `->` type($result_) attr-dict-with-keyword'
    source = operand(STAGING)
    source_encoding_dims = var_operand(Index)
    source_size = operand(Index)
    indices = var_operand(Index)
    result_ = result(LOADABLE)
    source_encoding = attr()
    traits = (Pure(), AttrSizedOperandSegments())
    encoding_fields = ("source_encoding",)

    @classmethod
    def verify(cls, op: Operation) -> None:
        super().verify(op)
        _check_indices(op, cls, "source_encoding", operand_groups(cls, op)[3])


def _check_indices(op: Operation, cls: Any, field: str, indices: Sequence[Any]) -> None:
    enc = _type_of(op, field)
    if isinstance(enc, RankedTensorType) and len(indices) != len(enc.shape):
        raise op_error(op, "indices rank mismatch")


class TensorStoreOp(_BoundaryOp):
    name = "stream.tensor.store"
    summary = "Stores a value into a tensor element"
    assembly_format = '$value `,` $target (`[` $indices^ `]`)? `:` type($value) `->` $target_encoding (`` `{` $target_encoding_dims^ `}`)? `in` custom<ShapedTiedResult>(type($target), $target_size) attr-dict-with-keyword'
    same_types = (("target", "result_"),)
    target = operand(STAGING)
    target_encoding_dims = var_operand(Index)
    target_size = operand(Index)
    indices = var_operand(Index)
    value = operand(LOADABLE)
    result_ = result(STAGING)
    target_encoding = attr()
    traits = (Pure(), AttrSizedOperandSegments())
    encoding_fields = ("target_encoding",)

    @classmethod
    def verify(cls, op: Operation) -> None:
        super().verify(op)
        _check_indices(op, cls, "target_encoding", operand_groups(cls, op)[3])


class TensorTraceOp(EncodedResourceOperands, StreamAsm, OpDef):
    name = "stream.tensor.trace"
    summary = "Traces one or more tensor values at runtime"
    assembly_format = '$key `=` `[` custom<EncodedResourceOperands>($resources, type($resources), $resource_sizes, $resource_encodings, $resource_encoding_dims) `]` attr-dict-with-keyword'
    attr_syntax = {"key": UntypedAttr(), "resource_encodings": TypeArray()}
    resources = var_operand(STAGING)
    resource_sizes = var_operand(Index)
    resource_encoding_dims = var_operand(Index)
    key = attr()
    resource_encodings = attr()
    traits = (AttrSizedOperandSegments(),)


    @classmethod
    def verify(cls, op: Operation) -> None:
        res, sizes, dims = operand_groups(cls, op)
        encs = op.resource_encodings
        if len(res) != len(getattr(encs, "elements", ())) or len(res) != len(sizes):
            raise op_error(op, "each resource needs a matching resource encoding and size (array length mismatch)")
        n = sum(dynamic_dims(getattr(e, "type", None)) for e in getattr(encs, "elements", ()))
        if n != len(dims):
            raise op_error(op, f"type set has {n} dynamic dimensions but only {len(dims)} dimension values "
                               "are attached")


class TensorParameterLoadOp(AffinityOpInterface, _BoundaryOp):
    name = "stream.tensor.parameter.load"
    summary = "Loads a resource from a parameter scope"
    assembly_format = '(`on` `(` $affinity^ `)`)? custom<ParameterReference>($source_scope, $source_key) `` `[` $source_offset `]` `:` $result_encoding (`` `{` $result_encoding_dims^ `}`)? `in` type($result_) `` `{` $result_size `}` attr-dict-with-keyword'
    source_scope = opt_operand(BUFFER)
    source_key = operand(BUFFER)
    source_offset = operand(I64)
    result_encoding_dims = var_operand(Index)
    result_size = operand(Index)
    result_ = result(STREAM_RESOURCE)
    result_encoding = attr()
    affinity = opt_attr()
    traits = (Pure(), AttrSizedOperandSegments())
    encoding_fields = ("result_encoding",)


class TensorParameterWriteOp(AffinityOpInterface, _BoundaryOp):
    name = "stream.tensor.parameter.write"
    summary = "Writes a resource to a parameter scope"
    assembly_format = '(`on` `(` $affinity^ `)`)? $source `->` custom<ParameterReference>($target_scope, $target_key) `` `[` $target_offset `]` `:` $source_encoding (`` `{` $source_encoding_dims^ `}`)? `in` type($source) `` `{` $source_size `}` attr-dict-with-keyword'
    same_types = (("source", "result_"),)
    source = operand(STREAM_RESOURCE)
    source_encoding_dims = var_operand(Index)
    source_size = operand(Index)
    target_scope = opt_operand(BUFFER)
    target_key = operand(BUFFER)
    target_offset = operand(I64)
    result_ = result(STREAM_RESOURCE)
    source_encoding = attr()
    affinity = opt_attr()
    traits = (AttrSizedOperandSegments(),)
    encoding_fields = ("source_encoding",)


# -- timepoints crossing the boundary, collective channels ------------------------------------


class TimepointImportOp(AffinityOpInterface, StreamAsm, OpDef):
    name = "stream.timepoint.import"
    summary = "Imports a timepoint from an external dialect type"
    assembly_format = '(`on` `(` $affinity^ `)`)? $operands_ `:` `(` type($operands_) `)` `=` `` `>` type($result_timepoint) attr-dict-with-keyword'
    operands_ = var_operand()
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()
    traits = (Pure(),)


class TimepointExportOp(AffinityOpInterface, StreamAsm, OpDef):
    name = "stream.timepoint.export"
    summary = "Exports a timepoint to an external dialect type"
    assembly_format = '(`on` `(` $affinity^ `)`)? $await_timepoint `=` `` `>` `(` type($results_) `)` attr-dict-with-keyword'
    await_timepoint = operand(TIMEPOINT)
    results_ = var_result()
    affinity = opt_attr()
    traits = (Pure(),)


class TimepointChainExternalOp(AffinityOpInterface, StreamAsm, OpDef):
    name = "stream.timepoint.chain_external"
    summary = "Exports a timepoint to an external dialect type"
    assembly_format = '(`on` `(` $affinity^ `)`)? $await_timepoint `=` `` `>` `(` $external_values `:` type($external_values) `)` attr-dict-with-keyword'
    await_timepoint = operand(TIMEPOINT)
    external_values = var_operand()
    affinity = opt_attr()


class ChannelCreateOp(AffinityOpInterface, StreamAsm, OpDef):
    name = "stream.channel.create"
    summary = "Creates a new channel for collective communication"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`id` `(` $id^ `)`)? (`group` `(` $group^ `)`)? (`rank` `(` $rank^ `)`)? (`count` `(` $count^ `)`)? `:` type($result_) attr-dict-with-keyword'
    attr_syntax = {"group": UntypedAttr()}
    id = opt_operand(BUFFER)
    rank = opt_operand(Index)
    count = opt_operand(Index)
    group = opt_attr()
    affinity = opt_attr()
    traits = (Pure(), AttrSizedOperandSegments())
    result_ = result(CHANNEL)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["channel"]


class ChannelSplitOp(StreamAsm, OpDef):
    name = "stream.channel.split"
    summary = "Splits a collective communication channel"
    assembly_format = '$channel `,` $color `,` $key `:` type($channel) `->` type($result_) attr-dict-with-keyword'
    channel = operand(CHANNEL)
    color = operand(Index)
    key = operand(Index)
    result_ = result(CHANNEL)
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["channel"]


class _ChannelQueryOp(StreamAsm, OpDef):
    assembly_format = '$channel `:` type($result_) attr-dict-with-keyword'
    channel = operand(CHANNEL)
    result_ = result(Index)
    traits = (Pure(),)
    result_name = ""

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return [cls.result_name]


class ChannelRankOp(_ChannelQueryOp):
    name = "stream.channel.rank"
    summary = "Returns the rank of the local participant in the group"
    result_name = "ccl_rank"


class ChannelCountOp(_ChannelQueryOp):
    name = "stream.channel.count"
    summary = "Returns the total number of participants in the group"
    result_name = "ccl_count"


# -- stream.async.* resource ops ---------------------------------------------------------------


class _AsyncOp(AffinityOpInterface, StreamAsm, OpDef):
    """Async resource ops run where `affinity` says; results are stream resources."""

    affinity = opt_attr()


class AsyncAllocaOp(_AsyncOp):
    name = "stream.async.alloca"
    summary = "Allocates a transient value with undefined contents"
    assembly_format = '(`on` `(` $affinity^ `)`)? attr-dict `:` type($result_) `{` $storage_size `}`'
    storage_size = operand(Index)
    result_ = result(STREAM_RESOURCE)


class AsyncBarrierOp(_AsyncOp):
    name = "stream.async.barrier"
    summary = "Indicates a value is resident on a particular device"
    assembly_format = '(`on` `(` $affinity^ `)`)? $source `:` type($source) `` `{` $size `}` attr-dict-with-keyword'
    same_types = (("source", "result_"),)
    source = operand(STREAM_OR_STAGING)
    size = operand(Index)
    result_ = result(STREAM_OR_STAGING)


class _AsyncSourceResultOp(_AsyncOp):
    """`%r : T{%s} -> U{%s}` (cast, clone)."""
    assembly_format = '(`on` `(` $affinity^ `)`)? $source `:` type($source) `` `{` $source_size `}` `->` type($result_) `` `{` $result_size `}` attr-dict-with-keyword'

    source = operand(STREAM_RESOURCE)
    source_size = operand(Index)
    result_size = operand(Index)
    result_ = result(STREAM_RESOURCE)
    keyword_attrs = True


class AsyncCastOp(_AsyncSourceResultOp):
    name = "stream.async.cast"
    summary = "Casts a resource to another lifetime"
    assembly_format = '(`on` `(` $affinity^ `)`)? $source `:` type($source) `{` $source_size `}` `->` type($result_) `{` $result_size `}` attr-dict'
    keyword_attrs = False

    @classmethod
    def verify(cls, op: Operation) -> None:
        if op.source_size is not op.result_size:
            raise op_error(op, "source and result sizes must be equal (tied storage)")


class AsyncCloneOp(_AsyncSourceResultOp):
    name = "stream.async.clone"
    summary = "Clones the contents of a value"


_COLLECTIVE_PARAM = {"broadcast": "source", "reduce": "target", "send": "target", "recv": "source",
                     "send_recv": "source_target_pair"}


def _collective_kind(a: Any) -> str:
    body = a.text[len("#stream.collective<"):]
    return re.match(r"\w*", body).group()


class AsyncCollectiveOp(_AsyncOp):
    name = "stream.async.collective"
    summary = "Performs a collective operation"
    assembly_format = '`` $op `` `[` $element_count `]` (`on` `(` $affinity^ `)`)? `channel` `(` $channel `)` custom<CollectiveParam>($param) `` $source `[` $source_offset `to` $source_end `for` $source_length `]` `,` $target `[` $target_offset `to` $target_end `for` $target_length `]` `:` type($source) `` `{` $source_size `}` `->` custom<ShapedTiedResult>(type($target), $target_size) attr-dict-with-keyword'
    same_types = (("target", "result_"),)
    attr_syntax = {"op": CollectiveKind()}
    # IREE passes the kind too (`ref($op)`); the printer reads it from the op

    @staticmethod
    def parse_CollectiveParam(p: Any) -> tuple:
        if p.parse_optional_keyword(("source", "target", "source_target_pair")) is None:
            return (None,)
        p.parse_punct("(")
        v = p.parse_operand()
        p.parse_punct(")")
        return (v,)

    @staticmethod
    def print_CollectiveParam(p: Any, op: Operation, param: Sequence[Any]) -> None:
        if param:
            p.write(_COLLECTIVE_PARAM[_collective_kind(op.op)] + "(")
            p.print_operand(param[0])
            p.write(") ")

    @classmethod
    def asm_printable(cls, op: Operation) -> bool:
        # a parameter the kind has no keyword for: only the generic form says it
        return not op.param or _COLLECTIVE_PARAM.get(_collective_kind(op.op)) is not None

    target = operand(STREAM_RESOURCE)
    target_size = operand(Index)
    target_offset = operand(Index)
    target_end = operand(Index)
    target_length = operand(Index)
    source = operand(STREAM_RESOURCE)
    source_size = operand(Index)
    source_offset = operand(Index)
    source_end = operand(Index)
    source_length = operand(Index)
    element_count = operand(Index)
    channel = operand(CHANNEL)
    param = opt_operand(I32)
    result_ = result(STREAM_RESOURCE)
    op = attr()


    @classmethod
    def verify(cls, op: Operation) -> None:
        kind = op.op
        kw = _COLLECTIVE_PARAM.get(_collective_kind(kind)) if kind is not None and hasattr(kind, "text") else None
        has = len(op.operands) == 13
        if kw is not None and not has:
            raise op_error(op, f"collective operation requires a {kw} parameter but none present")
        if kw is None and has:
            raise op_error(op, "collective operation does not require a parameter but one present")


class AsyncConstantOp(_AsyncOp):
    name = "stream.async.constant"
    summary = "Defines a constant resource"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)`)? `:` type($result_) `` `{` $result_size `}` `=` $value attr-dict-with-keyword'
    await_timepoint = opt_operand(TIMEPOINT)
    result_size = operand(Index)
    result_ = result(STREAM_RESOURCE)
    value = attr()
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["cst"]


class AsyncCopyOp(_AsyncOp):
    name = "stream.async.copy"
    summary = "Copies a subview of a stream resource to another"
    assembly_format = '(`on` `(` $affinity^ `)`)? $source `[` $source_offset `to` $source_end `]` `,` $target `[` $target_offset `to` $target_end `]` `,` $length `:` type($source) `` `{` $source_size `}` `->` custom<ShapedTiedResult>(type($target), $target_size) attr-dict-with-keyword'
    same_types = (("target", "result_"),)
    target = operand(STREAM_RESOURCE)
    target_size = operand(Index)
    target_offset = operand(Index)
    target_end = operand(Index)
    source = operand(STREAM_RESOURCE)
    source_size = operand(Index)
    source_offset = operand(Index)
    source_end = operand(Index)
    length = operand(Index)
    result_ = result(STREAM_RESOURCE)


class AsyncFillOp(_AsyncOp):
    name = "stream.async.fill"
    summary = "Fills a subview of a stream resource with a value"
    assembly_format = '(`on` `(` $affinity^ `)`)? $value `,` $target `[` $target_offset `to` $target_end `for` $target_length `]` `:` type($value) `->` custom<ShapedTiedResult>(type($target), $target_size) attr-dict-with-keyword'
    same_types = (("target", "result_"),)
    target = operand(STREAM_RESOURCE)
    target_size = operand(Index)
    target_offset = operand(Index)
    target_end = operand(Index)
    target_length = operand(Index)
    value = operand(FILL_PATTERN)
    result_ = result(STREAM_RESOURCE)


class AsyncLoadOp(StreamAsm, OpDef):
    name = "stream.async.load"
    summary = "Loads a value from a resource"
    assembly_format = '$source `[` $source_offset `]` `:` type($source) `` `{` $source_size `}` `->` type($result_) attr-dict-with-keyword'
    source = operand(STAGING)
    source_size = operand(Index)
    source_offset = operand(Index)
    result_ = result(LOADABLE)
    traits = (Pure(),)


class AsyncSliceOp(_AsyncOp):
    name = "stream.async.slice"
    summary = "Slices out a cloned subview of a value"
    assembly_format = '(`on` `(` $affinity^ `)`)? $source `[` $source_offset `to` $source_end `]` `:` type($source) `` `{` $source_size `}` `->` type($result_) `` `{` $result_size `}` attr-dict-with-keyword'
    source = operand(STREAM_RESOURCE)
    source_size = operand(Index)
    source_offset = operand(Index)
    source_end = operand(Index)
    result_size = operand(Index)
    result_ = result(STREAM_RESOURCE)


class AsyncSplatOp(_AsyncOp):
    name = "stream.async.splat"
    summary = "Splats a value into a resource"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)`)? $value `:` type($value) `->` type($result_) `` `{` $result_size `}` attr-dict-with-keyword'
    await_timepoint = opt_operand(TIMEPOINT)
    value = operand(FILL_PATTERN)
    result_size = operand(Index)
    result_ = result(STREAM_RESOURCE)
    traits = (Pure(),)


class AsyncStoreOp(StreamAsm, OpDef):
    name = "stream.async.store"
    summary = "Stores a value into a resource"
    assembly_format = '$value `,` $target `[` $target_offset `]` `:` type($value) `->` custom<ShapedTiedResult>(type($target), $target_size) attr-dict-with-keyword'
    same_types = (("target", "result_"),)
    target = operand(STAGING)
    target_size = operand(Index)
    target_offset = operand(Index)
    value = operand(LOADABLE)
    result_ = result(STAGING)


class AsyncUpdateOp(_AsyncOp):
    name = "stream.async.update"
    summary = "Updates a slice of a subview of a resource in-place"
    assembly_format = '(`on` `(` $affinity^ `)`)? $update `,` $target `[` $target_offset `to` $target_end `]` `:` type($update) `` `{` $update_size `}` `->` custom<ShapedTiedResult>(type($target), $target_size) attr-dict-with-keyword'
    same_types = (("target", "result_"),)
    target = operand(STREAM_RESOURCE)
    target_size = operand(Index)
    target_offset = operand(Index)
    target_end = operand(Index)
    update = operand(STREAM_RESOURCE)
    update_size = operand(Index)
    result_ = result(STREAM_RESOURCE)


# -- resource packing and constant uploads ----------------------------------------------------


class ResourcePackOp(AffinityOpInterface, StreamAsm, OpDef):
    name = "stream.resource.pack"
    summary = "Packs variable-sized slices into a single slab"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`offset` `(` $offset^ `)`)? `slices` `(` `{` custom<PackSliceRanges>($lifetime_intervals, $dynamic_slice_sizes, type($packed_offsets)) `}` `)` `:` type($total_length) attr-dict-with-keyword'

    # custom<PackSliceRanges>: one `[start, end] = %size` per line
    @staticmethod
    def parse_PackSliceRanges(p: Any) -> tuple:
        bounds, sizes, types = [], [], []
        while p.parse_optional_punct("["):
            bounds.append(IntegerAttr(p.parse_integer(), INDEX))
            p.parse_punct(",")
            bounds.append(IntegerAttr(p.parse_integer(), INDEX))
            p.parse_punct("]")
            p.parse_punct("=")
            types.append(TypeRef("index", p.location()))
            sizes.append(p.parse_operand())
            if not p.parse_optional_punct(","):
                break
        return ArrayAttr(bounds), sizes, types

    @staticmethod
    def print_PackSliceRanges(p: Any, op: Operation, bounds: Any, sizes: Sequence[Any], types: Sequence[Any]) -> None:
        for i, z in enumerate(sizes):
            p.print_newline()
            p.write(f"  [{bounds.elements[2 * i].value}, {bounds.elements[2 * i + 1].value}] = ")
            p.print_operand(z)
            if i < len(sizes) - 1:
                p.write(",")
        if sizes:
            p.print_newline()

    @classmethod
    def asm_printable(cls, op: Operation) -> bool:
        iv = op.lifetime_intervals
        n = len(op.packed_offsets)
        return isinstance(iv, ArrayAttr) and len(iv) == 2 * n and len(op.dynamic_slice_sizes) == n \
            and all(isinstance(e, IntegerAttr) for e in iv.elements)

    offset = opt_operand(Index)
    dynamic_slice_sizes = var_operand(Index)
    total_length = result(Index)
    packed_offsets = var_result(Index)
    lifetime_intervals = attr()
    affinity = opt_attr()
    traits = (Pure(), AttrSizedOperandSegments())


    @classmethod
    def verify(cls, op: Operation) -> None:
        _off, sizes = operand_groups(cls, op)
        n = len(op.results) - 1
        iv = op.lifetime_intervals
        if len(getattr(iv, "elements", ())) != 2 * n:
            raise op_error(op, "requires a [start, end] range for each slice")
        if len(sizes) != n:
            raise op_error(op, "requires a size for each slice")


class ResourceConstantsOp(AffinityOpInterface, StreamAsm, OpDef):
    name = "stream.resource.constants"
    summary = "Asynchronously uploads or maps constant values"
    assembly_format = '(`on` `(` $affinity^ `)`)? attr-dict `:` custom<ConstantValueList>(type($results_), $result_sizes, $values) `\\n` ` ` ` ` `=` `` `>` type($result_timepoint)'

    # custom<ConstantValueList>: one `T{%size} = value` per line
    @staticmethod
    def parse_ConstantValueList(p: Any) -> tuple:
        types, sizes, values = [], [], []
        while True:
            types.append(p.parse_type())
            p.parse_punct("{")
            sizes.append(p.parse_operand())
            p.parse_punct("}")
            p.parse_punct("=")
            values.append(p.parse_attribute())
            if not p.parse_optional_punct(","):
                return types, sizes, values

    @staticmethod
    def print_ConstantValueList(p: Any, op: Operation, types: Sequence[Any], sizes: Sequence[Any], values: Any) -> None:
        for i, (t, z, v) in enumerate(zip(types, sizes, values.elements)):
            p.print_newline()
            p.write("  ")
            p.print_type(t)
            p.write("{")
            p.print_operand(z)
            p.write("} = ")
            p.print_attribute(v)
            if i < len(types) - 1:
                p.write(",")

    @classmethod
    def asm_printable(cls, op: Operation) -> bool:
        vals = op.values
        return isinstance(vals, ArrayAttr) and len(vals) == len(op.results_) == len(op.result_sizes)

    result_sizes = var_operand(Index)
    results_ = var_result(CONSTANT_OR_VARIABLE)
    result_timepoint = result(TIMEPOINT)
    values = attr()
    affinity = opt_attr()
    attr_syntax = {"values": AttrArray()}
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list | None:
        n = len(op.results) - 1
        return None if n < 0 else [("results", n), "result_timepoint"] if n else ["result_timepoint"]


    @classmethod
    def verify(cls, op: Operation) -> None:
        n = len(op.results) - 1
        vals = op.values
        if len(op.operands) != n or len(getattr(vals, "elements", ())) != n:
            raise op_error(op, "mismatched constant/result counts")
        if len({r.type for r in op.results[:n]}) > 1:
            raise op_error(op, "all results must be of the same type")


CALLBACKS = {
}

OPS = (ExecutableOp, ExecutableEndOp, ExecutableExportOp, ReturnOp, BindingSubspanOp, AsyncTransferOp, TensorDispatchOp,
       AsyncDispatchOp, TensorSizeOfOp, TensorEmptyOp, TensorConstantOp, TensorSplatOp, TensorFillOp, TensorEncodeOp,
       TensorCloneOp, TensorSliceOp, TensorUpdateOp, TimepointImmediateOp, TimepointJoinOp, TimepointBarrierOp,
       TimepointAwaitOp, ResourceAllocaOp, ResourceDeallocaOp, YieldOp, CmdExecuteOp, CmdFillOp, CmdCopyOp, CmdDispatchOp, AsyncExecuteOp,
       ResourceSizeOp, ResourceSubviewOp, ResourceAllocOp, ResourceLoadOp, ResourceStoreOp, ResourceRetainOp,
       ResourceReleaseOp, ResourceIsTerminalOp, ResourceTransientsOp, ResourceTryMapOp, ContextResolveOp,
       TensorImportOp, TensorExportOp, TensorLoadOp, TensorStoreOp, TensorTraceOp, TensorParameterLoadOp,
       TensorParameterWriteOp, TimepointImportOp, TimepointExportOp, TimepointChainExternalOp, ChannelCreateOp,
       ChannelSplitOp, ChannelRankOp, ChannelCountOp,
       AsyncAllocaOp, AsyncBarrierOp, AsyncCastOp, AsyncCloneOp, AsyncCollectiveOp, AsyncConstantOp, AsyncCopyOp,
       AsyncFillOp, AsyncLoadOp, AsyncSliceOp, AsyncSplatOp, AsyncStoreOp, AsyncUpdateOp, AsyncConcurrentOp, ResourcePackOp, ResourceConstantsOp)


# the stream dialect spans this module and stream_cmd.py (which shares only stream_syntax.py with it)
DIALECT = Dialect("stream", ops=OPS + stream_cmd.OPS, grammar="stream_cmd.lark",
                  syntax={**CALLBACKS, **stream_cmd.CALLBACKS})
