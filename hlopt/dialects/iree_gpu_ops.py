"""IREE's GPU codegen ops (IREEGPUOps.td): every op iree-opt registers in
`iree_gpu`, so the dialect is closed as in IREE.

Forms are the ODS assembly formats. `async_dma`'s (an `oilist` and a
custom type list for its gather indices) is written by hand with the same
parser/printer API. `barrier_region` and `subgroup_scan` declare theirs with
a `$region` (nested optional groups for the scan's cluster size and stride)."""

from __future__ import annotations

from typing import Any, cast

from hlopt.ir.attributes import DenseArrayAttr, DictionaryAttr, IntegerAttr, TypeAttr
from hlopt.ir.constraints import (
    AnyFloat,
    AnyOf,
    AnyRankedTensor,
    AnySignless,
    AnyType,
    ArrayOf,
    BoolAttrC,
    Constraint,
    I32Attr,
    Index,
    IsA,
    MemRefOf,
    Unit,
)
from hlopt.ir.core import Operation
from hlopt.ir.opdef import (
    OpDef,
    attr,
    operand,
    opt_attr,
    opt_operand,
    opt_result,
    region,
    result,
    var_operand,
    var_result,
)
from hlopt.ir.traits import (
    AttrSizedOperandSegments,
    ParentOneOf,
    Pure,
    ReturnLike,
    SingleBlockImplicitTerminator,
    Terminator,
    op_error,
)
from hlopt.ir.types import IndexType, MemRefType, RankedTensorType, VectorType, i32
from hlopt.syntax import AllTypesMatch, AttrSyntax, BareInteger, FixedType, UnitKeyword

_YIELD = "iree_gpu.yield"
AnyRankedTensorOrVector = AnyOf(AnyRankedTensor, IsA(VectorType, "vector of any type values"),
                                summary="ranked tensor of any type values or vector of any type values")
AnyRankedTensorOrMemRef = AnyOf(AnyRankedTensor, MemRefOf(), summary="ranked tensor or memref of any type values")
IntOrFloat = AnyOf(AnySignless, AnyFloat, summary="signless integer or floating-point")
_IndexLike = Constraint(
    lambda t: (isinstance(t, (RankedTensorType, VectorType, MemRefType))
               and (isinstance(t.element_type, IndexType)
                    or getattr(t.element_type, "width", 0) == 32 and getattr(t.element_type, "signedness", "") == "")),
    "ranked tensor or vector or memref of 32-bit signless integer or index values")
_IndexOrIndexVector = AnyOf(Index, Constraint(lambda t: isinstance(t, VectorType) and isinstance(t.element_type, IndexType),
                                              "vector of index values"),
                            summary="index or vector of index values")
BoolArray = ArrayOf(BoolAttrC, "1-bit boolean array attribute")


class _Untyped(AttrSyntax):
    """An attribute whose storage class is known (an array): no `: type` after it."""

    typed = False


def _power_of_2(v: int) -> bool:
    return v > 0 and v & (v - 1) == 0


class BarrierRegionOp(OpDef):
    name = "iree_gpu.barrier_region"
    summary = "Synchronizes workers on a region of shared code."
    inputs = var_operand(AnyType)
    results_ = var_result(AnyType, name="results")
    region_ = region(1, name="region")
    traits = (Pure(), SingleBlockImplicitTerminator(_YIELD))
    assembly_format = "(`ins` `(` $inputs^ `:` type($inputs) `)`)? $region attr-dict `:` type($results)"

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        block = op.regions[0].blocks[0]
        if len(block.args) != len(op.operands):
            raise op_error(op, "expected the block argument count to match operand count")
        if [a.type for a in block.args] != op.operand_types:
            raise op_error(op, "expected block argument types to match operand types")
        y = block.last_op
        if y is None or len(y.operands) != len(op.results):
            raise op_error(op, "expected body to yield same number of values as results")
        if y.operand_types != op.result_types:
            raise op_error(op, "expected yielded value types to match result types")


class ValueBarrierOp(OpDef):
    name = "iree_gpu.value_barrier"
    summary = "Synchronizes workers on a value semantic tensor or vector."
    inputs = var_operand(AnyRankedTensorOrVector)
    results_ = var_result(AnyRankedTensorOrVector, name="results")
    traits = (Pure(),)
    assembly_format = "$inputs attr-dict `:` type($inputs)"
    type_inference = (AllTypesMatch("inputs", "results"),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        ts = op.operand_types
        if op.result_types != ts:
            raise op_error(op, "failed to verify that all of {inputs, results} have same type")
        if not ts:
            raise op_error(op, "Atleast one input required")
        kind = RankedTensorType if isinstance(ts[0], RankedTensorType) else VectorType
        if not all(isinstance(t, kind) for t in ts):
            raise op_error(op, "All inputs should be either of tensor or vector type")


class YieldOp(OpDef):
    name = _YIELD
    summary = "Yield values from a iree_gpu region."
    values = var_operand(AnyType)
    traits = (Pure(), ReturnLike(), Terminator(), ParentOneOf(BarrierRegionOp.name, "iree_gpu.subgroup_scan"))
    assembly_format = "attr-dict ($values^ `:` type($values))?"


class SubgroupScanOp(OpDef):
    name = "iree_gpu.subgroup_scan"
    summary = "Prefix scan across subgroup lanes with total."
    value = operand(IntOrFloat)
    identity = opt_operand(IntOrFloat)
    inclusive = opt_attr(Unit)
    cluster_size = opt_attr(I32Attr)
    cluster_stride = attr(I32Attr, default=IntegerAttr(1, i32))
    result_ = result(IntOrFloat, name="result")
    total = result(IntOrFloat)
    combiner = region(1)
    traits = (SingleBlockImplicitTerminator(_YIELD),)
    assembly_format = ("(`inclusive` $inclusive^)? `(` $value (`,` `identity` `=` $identity^ `:` type($identity))? `)` "
                       "(`cluster` `(` `size` `=` $cluster_size^ (`,` `stride` `=` $cluster_stride^)? `)`)? "
                       "$combiner attr-dict `:` type($value)")
    attr_syntax = {"inclusive": UnitKeyword(), "cluster_size": BareInteger(i32), "cluster_stride": BareInteger(i32)}
    type_inference = (AllTypesMatch("value", "result", "total"),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["result", "total"]

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.operand_types[0]
        if op.result_types != [t, t]:
            raise op_error(op, "failed to verify that all of {value, result, total} have same type")
        f = cast(SubgroupScanOp, op)
        size = f.cluster_size
        if size is not None and not _power_of_2(size.value):
            raise op_error(op, "cluster_size must be a power of 2")
        if not _power_of_2(op.cluster_stride.value):
            raise op_error(op, "cluster_stride must be a power of 2")
        ident = f.identity
        if f.inclusive is None and ident is None:
            raise op_error(op, "exclusive scan requires an identity operand")
        if ident is not None and ident.type != t:
            raise op_error(op, "identity type must match value type")

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        block = op.regions[0].blocks[0]
        t = op.operand_types[0]
        if len(block.args) != 2:
            raise op_error(op, "combiner region must have exactly 2 arguments")
        if any(a.type != t for a in block.args):
            raise op_error(op, "combiner argument type must match value type")
        y = block.last_op
        if y is None or y.operand_types != [t]:
            raise op_error(op, "combiner must yield one value of the value type")


class BufferResourceCastOp(OpDef):
    name = "iree_gpu.buffer_resource_cast"
    summary = "Represents a cast to addr_space<7> (buffer resource) before bufferization."
    input = operand(AnyRankedTensor)
    cache_swizzle_stride = opt_operand(Index)
    result_ = result(AnyRankedTensor, name="result")
    traits = (Pure(),)
    # ODS: `$input oilist(...)`; with a single clause that is this optional group
    assembly_format = "$input (`cacheSwizzleStride` `(` $cache_swizzle_stride^ `)`)? attr-dict `:` type($result)"
    type_inference = (AllTypesMatch("input", "result"), FixedType("cache_swizzle_stride", IndexType()))

    @classmethod
    def verify(cls, op: Operation) -> None:
        if op.operand_types[0] != op.result_types[0]:
            raise op_error(op, "failed to verify that all of {input, result} have same type")


class CoalescedGatherDMAOp(OpDef):
    name = "iree_gpu.coalesced_gather_dma"
    summary = "Coalesced gather DMA operation for efficient GPU memory access"
    source = operand(AnyRankedTensorOrMemRef)
    indices = var_operand(_IndexLike)
    init = operand(AnyRankedTensorOrMemRef)
    lane = operand(Index)
    in_bounds = opt_attr(BoolArray)
    result_ = opt_result(AnyRankedTensorOrMemRef, name="result")
    assembly_format = ("$source (`[` $indices^ `]`)? `into` $init `lane` `(` $lane `)` (`in_bounds` $in_bounds^)? "
                       "attr-dict `:` type(operands) (`->` type($result)^)?")
    attr_syntax = {"in_bounds": _Untyped()}

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, init = op.source.type, op.init.type
        if isinstance(init, RankedTensorType) and not isinstance(src, RankedTensorType):
            raise op_error(op, "source must be tensor when init is tensor")
        if isinstance(init, MemRefType) and not isinstance(src, MemRefType):
            raise op_error(op, "source must be memref when init is memref")


class AsyncDMAOp(OpDef):
    name = "iree_gpu.async_dma"
    summary = "Asynchronous data movement"
    source = operand(AnyRankedTensorOrMemRef)
    source_indices = var_operand(_IndexOrIndexVector)
    dest = operand(AnyRankedTensorOrMemRef)
    dest_indices = var_operand(Index)
    transfer_type = attr()
    permutation_map = opt_attr()
    in_bounds = opt_attr(BoolArray)
    result_ = opt_result(AnyRankedTensorOrMemRef, name="result")
    traits = (AttrSizedOperandSegments(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, dst = op.source.type, op.dest.type
        srank, drank = len(getattr(src, "shape", ())), len(getattr(dst, "shape", ()))
        if len(op.source_indices) != srank:
            raise op_error(op, f"expected {srank} source indices (source rank), got {len(op.source_indices)}")
        if len(op.dest_indices) != drank:
            raise op_error(op, f"expected {drank} dest indices (dest rank), got {len(op.dest_indices)}")
        res = op.result_
        if isinstance(dst, RankedTensorType):
            if res is None:
                raise op_error(op, "expected result for tensor operand")
            if res.type != dst:
                raise op_error(op, "result type must match dest type")
        elif op.results:
            raise op_error(op, "unexpected result for memref operand")
        if getattr(src, "element_type", None) != getattr(dst, "element_type", None):
            raise op_error(op, "expected source and dest to have the same element type")
        tt = getattr(op.transfer_type, "type", None)
        if not isinstance(tt, VectorType):
            raise op_error(op, "transfer_type must be a VectorType")

    # the ODS form, written by hand: its `oilist` (either clause, in either
    # order) and the custom gather-index type list the format engine lacks
    #   %r = iree_gpu.async_dma %src[%i, %v] to %dst[%j], vector<4xf32> [permutation_map M] [in_bounds B]
    #        {attrs} : SrcT [index, vector<4xindex>], DstT -> ResT
    @classmethod
    def parse_asm(cls, p: Any) -> tuple:
        at = p.location()
        src = p.parse_operand()
        p.parse_punct("[")
        sidx = p.parse_operand_list()
        p.parse_punct("]")
        p.parse_keyword("to")
        dst = p.parse_operand()
        p.parse_punct("[")
        didx = p.parse_operand_list()
        p.parse_punct("]")
        p.parse_comma()
        transfer = p.parse_type()
        clauses: dict[str, Any] = {}
        while True:
            kw = p.parse_optional_keyword(("permutation_map", "in_bounds"))
            if kw is None:
                break
            if kw in clauses:
                raise p.error(f"`{kw}` clause can appear at most once in the expansion of the oilist directive")
            clauses[kw] = p.parse_attribute(False)
        attrs = p.parse_optional_attr_dict()
        p.parse_colon()
        src_t = p.parse_type()
        sidx_t = None
        if p.parse_optional_punct("["):
            sidx_t = p.parse_type_list()
            p.parse_punct("]")
        p.parse_comma()
        dst_t = p.parse_type()
        res_t = p.parse_type() if p.parse_optional_punct("->") else None
        return at, src, sidx, dst, didx, transfer, clauses, attrs, src_t, sidx_t, dst_t, res_t

    @classmethod
    def build_asm(cls, r: Any, state: tuple) -> Operation:
        at, src, sidx, dst, didx, transfer, clauses, attrs, src_t, sidx_t, dst_t, res_t = state
        index = IndexType()
        sidx_types = r.types(sidx_t) if sidx_t is not None else [index] * len(sidx)
        if len(sidx_types) != len(sidx):
            raise r.error(f"{len(sidx)} operands present, but expected {len(sidx_types)}", at)
        operands = [*r.operands([src], [r.type(src_t)], at), *r.operands(sidx, sidx_types, at),
                    *r.operands([dst], [r.type(dst_t)], at), *r.operands(didx, [index] * len(didx), at)]
        props: dict[str, Any] = {"transfer_type": TypeAttr(r.type(transfer))}
        for k, v in clauses.items():
            props[k] = r.attr(v)
        props["operandSegmentSizes"] = DenseArrayAttr(i32, [1, len(sidx), 1, len(didx)])
        results = [r.type(res_t)] if res_t is not None else []
        a = r.attr(attrs) if attrs is not None else None
        return Operation(cls.name, operands, results, DictionaryAttr(sorted(props.items())), a)

    @classmethod
    def print_asm(cls, op: Operation, p: Any) -> bool:
        known = {"transfer_type", "permutation_map", "in_bounds", "operandSegmentSizes"}
        tt = cast(AsyncDMAOp, op).transfer_type
        if any(k not in known for k, _ in op.properties.entries) or not isinstance(tt, TypeAttr):
            return False
        sidx, didx = op.source_indices, op.dest_indices
        p.write(" ")
        p.print_operand(op.source)
        p.write("[")
        p.print_operands(sidx)
        p.write("] to ")
        p.print_operand(op.dest)
        p.write("[")
        p.print_operands(didx)
        p.write("], ")
        p.print_type(tt.type)
        for k in ("permutation_map", "in_bounds"):
            v = op.properties.get(k)
            if v is not None:
                p.write(f" {k} ")
                p.print_attribute(v)
        p.print_optional_attr_dict(op.attributes)
        p.write(" : ")
        p.print_type(op.source.type)
        if not all(isinstance(v.type, IndexType) for v in sidx):
            p.write(" [")
            p.print_types([v.type for v in sidx])
            p.write("]")
        p.write(", ")
        p.print_type(op.dest.type)
        if op.results:
            p.write(" -> ")
            p.print_type(cast(AsyncDMAOp, op).result_.type)
        return True


class GlobalSubgroupBarrierOp(OpDef):
    name = "iree_gpu.global_subgroup_barrier"
    summary = "Synchronization-only barrier across all subgroups."
    assembly_format = "attr-dict"


OPS = (AsyncDMAOp, BarrierRegionOp, BufferResourceCastOp, CoalescedGatherDMAOp, GlobalSubgroupBarrierOp,
       SubgroupScanOp, ValueBarrierOp, YieldOp)
