"""Verification helpers shared by StableHLO ops' `verify` classmethods,
with the reference verifier's messages (jaxlib's StableHLO, checked with
tests/oracle): source_target_pairs (collective_permute and send/recv, spec
C1-C4), channel rules (send/recv), replica groups and reduction regions
(collectives).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from hlopt.dialects.stablehlo.attributes import DEVICE_TO_DEVICE, ChannelHandleAttr
from hlopt.ir.attributes import DenseElementsAttr, IntegerAttr, OpaqueAttr
from hlopt.ir.constraints import AnyOf, Constraint, DenseIntElementsOf
from hlopt.ir.core import IRError, Operation
from hlopt.ir.interfaces import channel_handle_of, replica_groups_of, uses_global_device_ids
from hlopt.ir.traits import Trait, one_type
from hlopt.ir.types import RankedTensorType, Type, UnrankedTensorType


def fail(op: Operation, msg: str) -> IRError:
    return IRError(msg, op)


def op_fail(op: Operation, msg: str) -> IRError:
    return IRError(f"'{op.name}' op {msg}", op)


def inference_fail(op: Operation, msg: str, prefix: bool = True) -> IRError:
    """An error of the op's type inference: MLIR follows it with a second one.
    ``prefix=False`` for inference messages MLIR emits without the op's name."""
    e = op_fail(op, msg) if prefix else fail(op, msg)
    e.followups = [f"'{op.name}' op failed to infer returned types"]
    return e


def types_text(ts: Sequence[Type]) -> str:
    """MLIR's diagnostic form of a type list: 'a', 'b' (the outer quotes are
    in the message text)."""
    return "', '".join(t.text for t in ts)


def is_tensor(t: Type) -> bool:
    return isinstance(t, (RankedTensorType, UnrankedTensorType))


def module_int(op: Operation, key: str) -> int | None:
    """`mhlo.num_partitions` / `mhlo.num_replicas` of the enclosing module."""
    p = op.parent_op
    while p is not None:
        if p.name == "builtin.module":
            a = p.attributes.get(key)
            if isinstance(a, IntegerAttr):
                return a.value
        p = p.parent_op
    return None


def source_target_pairs(op: Operation, attr: Any, upper_bound: bool = True) -> list[tuple[int, int]]:
    """source_target_pairs checks shared by collective_permute and send/recv
    (spec C1-C4)."""
    if not isinstance(attr, DenseElementsAttr) or not isinstance(attr.type, RankedTensorType):
        raise op_fail(op, "attribute 'source_target_pairs' failed to satisfy constraint: 64-bit signless "
                           "integer elements attribute")
    shape = attr.type.shape
    if len(shape) != 2 or shape[1] != 2:
        raise fail(op, "expect source_target_pairs attribute of shape (N, 2), but got ("
                    + ", ".join(map(str, shape)) + ")")
    vals = attr.flat_values()
    pairs = [(vals[2 * i], vals[2 * i + 1]) for i in range(shape[0])]
    sources, targets = set(), set()
    for s, t in pairs:
        if s < 0 or t < 0:
            raise fail(op, "replica ids in source_target_pairs must be >= 0.")
        if s in sources:
            raise fail(op, "duplicate sources not allowed.")
        sources.add(s)
        if t in targets:
            raise fail(op, "duplicate targets not allowed.")
        targets.add(t)
    # C4 upper bound: only when the module says how many processes there are
    ch = channel_handle_of(op)
    key = "mhlo.num_partitions" if isinstance(ch, ChannelHandleAttr) and ch.handle > 0 else "mhlo.num_replicas"
    n = module_int(op, key) if upper_bound else None
    if n is not None:
        for s, t in pairs:
            for v in (s, t):
                if v >= n:
                    raise fail(op, f"replica ids in source_target_pairs must be < {n} ({key}), but got {v}.")
    return pairs


def channel_rule(op: Operation, host_type: int, host_name: str, inferred: bool = False) -> None:
    """``inferred``: the channel type check is part of the op's type inference
    (send's, not recv's in jaxlib), so MLIR adds 'failed to infer returned types'."""
    f: Any = op  # send or recv: both declare the channel, is_host_transfer and source_target_pairs
    ch = f.channel_handle
    err = (lambda o, m: inference_fail(o, m, prefix=False)) if inferred else fail
    host = f.is_host_transfer
    is_host = isinstance(host, IntegerAttr) and bool(host.value)
    if isinstance(ch, ChannelHandleAttr):
        if is_host and ch.type != host_type:
            raise err(op, f"channel_type should be {host_name} when is_host_transfer is true")
        if not is_host and ch.type != DEVICE_TO_DEVICE:
            raise err(op, "channel_type should be DEVICE_TO_DEVICE when is_host_transfer is false")
    pairs = f.source_target_pairs
    if pairs is not None:
        if is_host:
            raise fail(op, "source_target_pairs is not allowed when is_host_transfer is true")
        source_target_pairs(op, pairs)


def replica_groups(op: Operation, same_size: bool = False, group_size: int | None = None,
                   channel_rule: str = "positive") -> None:
    """verifyReplicaGroups, then the channel rule under use_global_device_ids
    (all_reduce/reduce_scatter: positive; all_gather: non-negative)."""
    rg = replica_groups_of(op)  # (all_reduce, all_gather, reduce_scatter, all_to_all: CollectiveOpInterface)
    global_ids = uses_global_device_ids(op)
    if isinstance(rg, DenseElementsAttr):
        shape: tuple[int, ...] = tuple(getattr(rg.type, "shape", ()))
        if len(shape) != 2:
            raise fail(op, "replica groups should be a rank 2 tensor")
        if global_ids and shape[0] * shape[1] == 0:
            raise fail(op, "if `use_global_device_ids` is set, the replica groups cannot be empty")
        seen = set()
        for v in rg.flat_values():
            if v == -1:
                if not same_size:
                    continue
                raise fail(op, "Invalid replica id -1")
            if v in seen:
                raise fail(op, f"replica id #{v} seen more than once")
            seen.add(v)
        for i in range(len(seen)):
            if i not in seen:
                raise fail(op, f"replica id #{i} not seen in replica groups")
        if same_size and group_size is not None and (shape[0] == 0 or len(rg.flat_values()) // shape[0]
                                                     != group_size):
            raise fail(op, f"group size of replica_groups must be {group_size}")
    if global_ids and channel_rule:
        ch = channel_handle_of(op)
        h = ch.handle if isinstance(ch, ChannelHandleAttr) else 0
        if channel_rule == "positive" and h <= 0:
            raise fail(op, f"channel_id must be positive when useGlobalDeviceIds is set but got: {h}")
        if channel_rule == "non-negative" and h < 0:
            raise fail(op, "channel_id cannot be negative when useGlobalDeviceIds is set")


def reduction_region(op: Operation, n: int) -> None:
    if not op.regions or not op.regions[0].blocks:
        raise op_fail(op, "region #0 ('computation') failed to verify constraint: region with 1 blocks")
    b = op.regions[0].blocks[0]
    if len(b.args) != 2 * n:
        raise fail(op, f"Reduction-region must take {2 * n} parameters, but takes {len(b.args)} parameter(s)")
    ret = b.last_op
    if ret is None or ret.name != "stablehlo.return":
        raise fail(op, "Reduction-region must end with a stablehlo.return")
    if len(ret.operands) != n:
        raise fail(op, f"Reduction-region here must produce {n} tensors, but produces {len(ret.operands)} "
                        f"instead")
    for i, (a, c, r) in enumerate(zip(b.args[:n], b.args[n:], ret.operands)):
        if a.type is not c.type or a.type is not r.type:
            raise fail(op, f"The type of reduction-region's parameter at index {i} is different than the "
                            f"corresponding result type: '{a.type.text}' vs '{r.type.text}'")


# ---------------------------------------------------------------------------
# StableHLO's own traits (Base.h), as trait objects

def _element(t: Type) -> Any:
    return getattr(t, "element_type", t)


def compatible_elements(a: Any, b: Any) -> bool:
    """isCompatibleElementTypeForHloTypeInference: equal, or both quantized
    with the same storage (type and range), expressed type and granularity
    (quantization parameters may differ); a quantized type and a float never
    (iree-opt's StableHLO, the reference for quantized types)."""
    if a is b:
        return True
    qa, qb = getattr(a, "zero_points", None) is not None, getattr(b, "zero_points", None) is not None
    if not (qa and qb):
        return False
    return ((a.signed, a.width, a.storage_min, a.storage_max, a.expressed, a.axis is None)
            == (b.signed, b.width, b.storage_min, b.storage_max, b.expressed, b.axis is None))


def _compatible(a: Type, b: Type) -> bool:
    """isCompatibleForHloTypeInference, without bounds: compatible element
    types, and shapes equal where both are known."""
    if a is b:
        return True
    if not compatible_elements(_element(a), _element(b)):
        return False
    sa, sb = getattr(a, "shape", None), getattr(b, "shape", None)
    if sa is None or sb is None:
        return isinstance(a, UnrankedTensorType) or isinstance(b, UnrankedTensorType)
    return len(sa) == len(sb) and all(x == y or x < 0 or y < 0 for x, y in zip(sa, sb))


class CompatibleOperandsAndResultType(Trait):
    name = "HLO_CompatibleOperandsAndResultType"

    def verify(self, op: Operation) -> None:
        if one_type(op):  # the common case: one type object throughout
            return
        ts = list(op.operand_types) + list(op.result_types)
        expected = ts[0]  # the first operand's type, else the first result's
        if not all(_compatible(t, expected) for t in ts):
            raise op_fail(op, "requires compatible types for all operands and results")


class CompatibleOperandsAndResultElementType(Trait):
    name = "HLO_CompatibleOperandsAndResultElementType"

    def verify(self, op: Operation) -> None:
        if one_type(op, _element):  # the common case: one element type object throughout
            return
        ts = list(op.operand_types) + list(op.result_types)
        expected = _element(ts[0])  # the first operand's, else the first result's
        if not all(compatible_elements(_element(t), expected) for t in ts):
            raise op_fail(op, "requires compatible element types for all operands and results")


class PairwiseSameOperandAndResultType(Trait):
    name = "HLO_PairwiseSameOperandAndResultType"

    def verify(self, op: Operation) -> None:
        if len(op.operands) != len(op.results):
            raise op_fail(op, "requires the same number of operands and results")
        for i, (a, r) in enumerate(zip(op.operand_types, op.result_types)):
            if a is not r:
                raise op_fail(op, f"requires the same type for operand and result at index {i}")


class PairwiseSameOperandAndResultElementType(Trait):
    name = "HLO_PairwiseSameOperandAndResultElementType"

    def verify(self, op: Operation) -> None:
        if len(op.operands) != len(op.results):
            raise op_fail(op, "requires the same number of operands and results")
        for i, (a, r) in enumerate(zip(op.operand_types, op.result_types)):
            if _element(a) is not _element(r):
                raise op_fail(op, f"requires the same element type for operand and result at index {i}")


# ---------------------------------------------------------------------------
# attribute constraints

def enum_attr(kind: str, summary: str) -> Constraint:
    """`#stablehlo<kind VALUE>` (StableHLO's EnumAttr of that kind)."""
    from hlopt.dialects.stablehlo.attributes import ENUM_VALUES, EnumAttr

    values = ENUM_VALUES.get(kind, (None, None))[1]
    return Constraint(lambda a: isinstance(a, EnumAttr) and a.kind == kind and (values is None or a.value in values),
                      summary)


def dialect_attr(prefix: str, summary: str) -> Constraint:
    """An attribute kept by its spelling (`#stablehlo.gather<...>`, ...)."""
    return Constraint(lambda a: isinstance(a, OpaqueAttr) and a.spelling.startswith(prefix + "<"), summary)


def non_negative(c: Constraint) -> Constraint:
    return Constraint(lambda a: c(a) and a.value >= 0, c.summary + " whose value is non-negative")


def positive(c: Constraint) -> Constraint:
    return Constraint(lambda a: c(a) and a.value > 0, c.summary + " whose value is positive")


ChannelHandle = Constraint(lambda a: isinstance(a, ChannelHandleAttr), "two 64-bit integers 'handle' and 'type'")
I64Elements = DenseIntElementsOf(64)
ReplicaGroups = AnyOf(I64Elements, dialect_attr("#stablehlo.replica_group_mesh_axes", ""),
                      summary="64-bit signless integer elements attribute or replica group mesh axes")


class CompatibleOperandsElementType(Trait):
    name = "HLO_CompatibleOperandsElementType"

    def verify(self, op: Operation) -> None:
        ts = op.operand_types
        if ts and any(not compatible_elements(_element(t), _element(ts[0])) for t in ts[1:]):
            raise op_fail(op, "requires compatible element types for all operands")


class AllElementTypesMatch(Trait):
    """ODS's AllElementTypesMatch<[fields]> (fields read through the declaration)."""

    name = "AllElementTypesMatch"

    def __init__(self, *fields: str):
        self.fields = fields

    def verify(self, op: Operation) -> None:
        d = op.opdef
        if d is None:  # (traits verify registered ops only)
            return
        ts = []
        for f in self.fields:
            v = d.get(op, f)
            if v is not None:
                ts.append(_element(v.type))
        if ts and any(t is not ts[0] for t in ts[1:]):
            raise op_fail(op, "failed to verify that all of {" + ", ".join(self.fields)
                          + "} have same element type")


class AtLeastOneOperand(Trait):
    """MLIR's SameOperandsAndResultShape first requires an operand."""

    name = "AtLeastOneOperand"

    def verify(self, op: Operation) -> None:
        if not op.operands:
            raise op_fail(op, "expected 1 or more operands, but found 0")


def reduction_body_types(op: Operation, inputs: Sequence[Any], what: str = "argument") -> None:
    """The reduction body's arguments (accumulators, then elements) have the
    element types of the inputs (isPromotableElementType for non-quantized
    types is equality)."""
    if not inputs:
        raise fail(op, "requires at least 1 input value")
    if not op.regions or not op.regions[-1].blocks:
        return
    b = op.regions[-1].blocks[0]
    n = len(inputs)
    if len(b.args) != 2 * n:
        raise fail(op, f"Reduction-region must take {2 * n} parameters, but takes {len(b.args)} parameter(s)")
    for i, a in enumerate(b.args):
        want = _element(inputs[i % n].type)
        if _element(a.type) is not want:
            raise fail(op, f"The element-type of reduction-region's {what} at index {i} is expected to be "
                           f"promotable from '{want.text}', but got '{_element(a.type).text}'")


class AllSameSize(Trait):
    """ODS's AllMatchSameOperatorTrait<[fields], "$_self.size()", "size">."""

    name = "AllSameSize"

    def __init__(self, *fields: str):
        self.fields = fields

    def verify(self, op: Operation) -> None:
        d = op.opdef
        if d is None:  # (traits verify registered ops only)
            return
        sizes = {len(getattr(d.get(op, f), "values", ())) for f in self.fields}
        if len(sizes) > 1:
            raise op_fail(op, "failed to verify that all of {" + ", ".join(self.fields) + "} have same size")


# ---------------------------------------------------------------------------
# quantization rules of the spec (TypeInference.cpp's verify*Quant* helpers),
# with their messages (checked against iree-opt: jaxlib has no quant dialect)

def _quant(t: Any) -> Any:
    """The uniform quantized element type of `t` (or `t` itself), else None."""
    e = _element(t)
    return e if getattr(e, "zero_points", None) is not None else None


def _per_axis(t: Any) -> Any:
    q = _quant(t)
    return q if q is not None and q.axis is not None else None


def _per_tensor(t: Any) -> Any:
    q = _quant(t)
    return q if q is not None and q.axis is None else None


def verify_binary_quant(op: Operation, lhs: Type, rhs: Type, result: Type) -> None:
    """add_c2..c7 (verifyBinaryOpQuantizationConstraints), when any side is quantized."""
    ts = (lhs, rhs, result)
    if not any(_quant(t) for t in ts):
        return
    if not all(_quant(t) for t in ts):
        raise fail(op, "expects  all operands and results to be either quantized or non-quantized")
    ql, qr, qres = (_quant(t) for t in ts)
    # add_c3 (one storage type) is not checked by the reference (iree-opt's StableHLO accepts i8 + u8)
    if not ql.expressed == qr.expressed == qres.expressed:
        raise fail(op, "mismatched operands and result quantization expressed types")
    if ql.axis is not None or qr.axis is not None:
        if qres.axis is None:
            raise fail(op, "result is not per_axis quantized but lhs or rhs are")
        for side, q in (("lhs", ql), ("rhs", qr)):
            if q.axis is not None and q.axis != qres.axis:
                raise fail(op, f"quantization_dimension of {side} and result are not same '{q.text}' vs "
                               f"'{qres.text}'")
    elif qres.axis is not None:
        raise fail(op, "result per_axis quantized but none from rhs and lhs are per_axis quantized")


def verify_conv_dot_quant(op: Operation, lhs: Type, rhs: Type, result: Type) -> None:
    """convolution_c28/c32..c34, dot_general_c14/c18..c20 (the storage check
    c31/c17 is not made by the reference, iree-opt's StableHLO)."""
    ql, qr, qres = _quant(lhs), _quant(rhs), _quant(result)
    if qr is None or (ql is None) != (qres is None):
        raise fail(op, "rhs should be quantized for quantized operations and is_quantized(lhs)=is_quantized(result) "
                       "should hold")
    if ql is not None:
        if not ql.expressed == qr.expressed == qres.expressed:
            raise fail(op, "mismatched lhs, rhs and result quantization expressed types")
        if qr.axis is None and qres.axis is not None:
            raise fail(op, "mismatched rhs and result quantization granularity")
    else:
        if getattr(_element(lhs), "name", None) != qr.expressed or _element(lhs) is not _element(result):
            raise fail(op, "mismatched rhs quantization expressed type and lhs and result element type")


def verify_dot_general_quant(op: Operation, lhs: Type, rhs: Type, result: Type, rhs_contracting: Sequence[int]) -> None:
    """dot_general_c14..c20 (verifyDotGeneralOpQuantizationConstraints)."""
    if not any(_quant(t) for t in (lhs, rhs, result)):
        return
    qr = _quant(rhs)
    if qr is not None and qr.axis is None and qr.zero_points[0] != 0:
        raise fail(op, "Zero point of rhs should be 0")
    if qr is not None and qr.axis is not None:
        if any(z != 0 for z in qr.zero_points):
            raise fail(op, "Zero points of rhs should be 0")
        if qr.axis in rhs_contracting:
            raise fail(op, "Quantization dimension of rhs should not be in the contracting dimension of rhs")
    verify_conv_dot_quant(op, lhs, rhs, result)


def verify_convolution_quant(op: Operation, lhs: Type, rhs: Type, result: Type, kernel_out: int, out: int) -> None:
    """convolution_c28..c34 (verifyConvolutionOpQuantizationConstraints)."""
    if not any(_quant(t) for t in (lhs, rhs, result)):
        return
    qr, qres = _per_axis(rhs), _per_axis(result)
    if qr is not None and qr.axis != kernel_out:
        raise fail(op, "quantization dimension of rhs should be same with kernel_output_feature_dimension")
    if qres is not None and qres.axis != out:
        raise fail(op, "quantization dimension of result should be same with output_feature_dimension")
    verify_conv_dot_quant(op, lhs, rhs, result)


def _same_params(op: Operation, a: Type, b: Type, per_axis: bool = True) -> None:
    """reshape_c1 / transpose_c1 / broadcast_in_dim_c1: quantization parameters
    carried over (per-axis ones too, except for broadcast_in_dim)."""
    pa, pb = _per_tensor(a), _per_tensor(b)
    if pa is not None and pb is not None and pa is not pb:
        raise fail(op, f"expect same quantization scale and zero_point but got '{a.text}' vs '{b.text}'")
    if not per_axis:
        return
    xa, xb = _per_axis(a), _per_axis(b)
    if xa is not None and xb is not None and (xa.scales[:len(xb.scales)] != xb.scales[:len(xa.scales)]
                                              or xa.zero_points[:len(xb.zero_points)]
                                              != xb.zero_points[:len(xa.zero_points)]):
        raise fail(op, f"expect same quantization scales and zero_points but got '{a.text}' vs '{b.text}'")


def verify_reshape_quant(op: Operation, operand: Type, result: Type) -> None:
    """reshape_c1, reshape_c3 (verifyReshapeOpQuantizationConstraints)."""
    _same_params(op, operand, result)
    qa, qb = _per_axis(operand), _per_axis(result)
    if qa is None or qb is None:
        return
    sa, sb = cast(RankedTensorType, operand).shape, cast(RankedTensorType, result).shape  # (per-axis: ranked)
    if sa[qa.axis] >= 0 and sb[qb.axis] >= 0 and sa[qa.axis] != sb[qb.axis]:
        raise fail(op, f"expect same quantization dimension size for operand and result '{operand.text}' and "
                       f"'{result.text}'")
    if all(d >= 0 for d in sa) and all(d >= 0 for d in sb):
        pa, pb = _prod(sa[:qa.axis]), _prod(sb[:qb.axis])
        if pa != pb:
            raise fail(op, "product of dimensions before quantization dimension must match between operand and "
                           f"result for {pa} and {pb}")


def _prod(xs: Sequence[int]) -> int:
    out = 1
    for x in xs:
        out *= x
    return out


def verify_transpose_quant(op: Operation, operand: Type, perm: Sequence[int], result: Type) -> None:
    """transpose_c1, transpose_c4."""
    _same_params(op, operand, result)
    qr, qo = _per_axis(result), _per_axis(operand)
    if qr is not None and qo is not None and qr.axis < len(perm) and qo.axis != perm[qr.axis]:
        raise fail(op, f"operand quantization_dimension {qo.axis} is not same as permutation[{qr.axis}] = "
                       f"{perm[qr.axis]}")


def verify_broadcast_in_dim_quant(op: Operation, operand: Type, dims: Sequence[int], result: Type) -> None:
    """broadcast_in_dim_c1 (same parameters) and c6 (per-axis dimension, a
    size-1 quantized dimension's parameters repeated)."""
    _same_params(op, operand, result, per_axis=False)
    qo, qr = _per_axis(operand), _per_axis(result)
    if qo is None or qr is None or qo.axis >= len(dims):
        return
    if qr.axis != dims[qo.axis]:
        raise fail(op, f"result quantization_dimension {qr.axis} not same as broadcast_dimensions[{qo.axis}] = "
                       f"{dims[qo.axis]}")
    if cast(RankedTensorType, operand).shape[qo.axis] == 1:  # (per-axis quantized: ranked)
        from hlopt.ir.floats import format_float

        for i in range(cast(RankedTensorType, result).shape[qr.axis]):
            if i >= len(qr.scales):
                break
            if qr.scales[i] != qo.scales[0]:
                raise fail(op, f"mismatch result scale {i} ({format_float(qr.scales[i], 'f64')}) and operand scale 0 "
                               f"({format_float(qo.scales[0], 'f64')})")
            if qr.zero_points[i] != qo.zero_points[0]:
                raise fail(op, f"mismatch result zero_point {i} ({qr.zero_points[i]}) and operand zero_point 0 "
                               f"({qo.zero_points[0]})")
