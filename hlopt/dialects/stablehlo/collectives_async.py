"""StableHLO collectives, point-to-point and host communication, tokens,
process ids, and the async ops on `!stablehlo.future<...>` (upstream's
design, seed 000). Spec constraints (collective_permute C1-C5, send/recv
channel rules and -- beyond upstream, FEATURES.md section 2 --
source_target_pairs, all_reduce) are checked in each op's `verify` with
the reference verifier's messages."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.stablehlo import inference as inf
from hlopt.dialects.stablehlo.asm_directives import function_type_pieces, print_same_operands_and_result_type
from hlopt.dialects.stablehlo.attributes import DEVICE_TO_HOST, HOST_TO_DEVICE
from hlopt.dialects.stablehlo.channels import verify_transfer
from hlopt.dialects.stablehlo.syntax import ShloOp
from hlopt.dialects.stablehlo.types import (
    FutureType,
    HLO_Future,
    HLO_StaticShapeTensorOrPerAxisQuantizedTensorOrToken,
    HLO_Tensor,
    HLO_TensorOrPerAxisQuantizedTensor,
    HLO_Token,
    UI32RankedTensor,
)
from hlopt.dialects.stablehlo.verification import (
    ChannelHandle,
    I64Elements,
    PairwiseSameOperandAndResultElementType,
    ReplicaGroups,
    channel_rule,
    fail,
    inference_fail,
    is_tensor,
    non_negative,
    op_fail,
    positive,
    reduction_region,
    replica_groups,
    source_target_pairs,
    types_text,
)
from hlopt.ir import opdef as ods
from hlopt.ir.attributes import BoolAttr, StringAttr
from hlopt.ir.constraints import Array, BoolAttrC, I64Attr, Str, Unit
from hlopt.ir.core import IRError, Operation
from hlopt.ir.interfaces import CollectiveOpInterface
from hlopt.ir.lazy import lazy_module
from hlopt.ir.traits import Pure, SameOperandsAndResultElementType
from hlopt.ir.types import RankedTensorType
from hlopt.syntax import OpAsmParser, OpAsmPrinter, OpAsmResolver

np = lazy_module("numpy")
coll = lazy_module("hlopt.kernels.collectives")
interp_attrs = lazy_module("hlopt.kernels.attrs")
interp_regions = lazy_module("hlopt.kernels.regions")
interp_values = lazy_module("hlopt.kernels.values")

FALSE = BoolAttr(False)
NonNegI64 = non_negative(I64Attr)
PositiveI64 = positive(I64Attr)
EMPTY = StringAttr("")


def _body_element(op: Operation, first: Any) -> None:
    """The computation's block arguments have the element type of `first`,
    the op's first input (None: it has none)."""
    b = op.regions[0].blocks[0] if op.regions and op.regions[0].blocks else None
    if b is None or first is None:
        return
    want = RankedTensorType((), first.type.element_type)
    for a in b.args:
        if a.type is not want:
            raise fail(op, f"The element-type of reduction-region's result type at index 0 is expected to be "
                           f"promotable from the op's corresponding init-value element-type: '{a.type.text}' vs "
                           f"'{want.text}'")


def _accumulator(op: Operation) -> Any:
    """The element type the reduction body returns (None if it returns nothing)."""
    b = op.regions[0].blocks[0] if op.regions and op.regions[0].blocks else None
    ret = b.last_op if b is not None else None
    if ret is None or not ret.operands:
        return None
    # (whatever terminator the body has: its kind is checked elsewhere)
    return getattr(ret.operand(0).type, "element_type", None)


class AllReduceOp(CollectiveOpInterface, ShloOp):
    name = "stablehlo.all_reduce"
    operands_ = ods.var_operand(HLO_Tensor, name="operands")
    replica_groups = ods.attr(ReplicaGroups)
    channel_handle = ods.opt_attr(ChannelHandle)
    use_global_device_ids = ods.opt_attr(Unit)
    results_ = ods.var_result(HLO_Tensor, name="results")
    computation = ods.region(1)

    @classmethod
    def verify(cls, op: Operation) -> None:
        replica_groups(op)
        reduction_region(op, 1)
        inputs = op.operands_
        _body_element(op, inputs[0] if inputs else None)

    @classmethod
    def verify_declaration(cls, op: Operation) -> None:
        super().verify_declaration(op)
        if len(op.operands) != len(op.results):
            raise op_fail(op, "requires the same number of operands and results")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        group = coll.my_group(ctx, op)
        vals = coll.exchange(ctx, op, group, [np.asarray(a) for a in args])
        acc = list(vals[0])
        for v in vals[1:]:
            acc = interp_regions.apply_region(ctx, op.regions[0], acc + list(v))
        return [np.asarray(a).astype(np.asarray(x).dtype, copy=False) for a, x in zip(acc, args)]

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Any] | None:
        acc = _accumulator(op)
        if acc is None or any(inf.ranked(t) is None for t in op.operand_types):
            return None
        return [RankedTensorType(t.shape, acc, t.encoding) for t in op.operand_types]

    compatible_return_types = staticmethod(inf.compatible_types)


class AllGatherOp(CollectiveOpInterface, ShloOp):
    name = "stablehlo.all_gather"
    operands_ = ods.var_operand(HLO_Tensor, name="operands")
    all_gather_dim = ods.attr(NonNegI64)
    replica_groups = ods.attr(ReplicaGroups)
    channel_handle = ods.opt_attr(ChannelHandle)
    use_global_device_ids = ods.opt_attr(Unit)
    results_ = ods.var_result(HLO_Tensor, name="results")
    traits = (PairwiseSameOperandAndResultElementType(),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        group = coll.my_group(ctx, op)
        dim = interp_attrs.int_attr(op, "all_gather_dim", 0)
        vals = coll.exchange(ctx, op, group, [np.asarray(a) for a in args])
        return [np.concatenate([v[i] for v in vals], axis=dim) for i in range(len(args))]

    @classmethod
    def verify(cls, op: Operation) -> None:
        replica_groups(op, same_size=True, channel_rule="non-negative")
        inf.verify_all_gather(op, op.all_gather_dim.value, list(zip(op.operand_types, op.result_types)))


class ReduceScatterOp(CollectiveOpInterface, ShloOp):
    name = "stablehlo.reduce_scatter"
    operand_ = ods.operand(HLO_Tensor, name="operand")
    scatter_dimension = ods.attr(NonNegI64)
    replica_groups = ods.attr(ReplicaGroups)
    channel_handle = ods.opt_attr(ChannelHandle)
    use_global_device_ids = ods.opt_attr(Unit)
    result_ = ods.result(HLO_Tensor, name="result")
    computation = ods.region(1)

    @classmethod
    def verify(cls, op: Operation) -> None:
        replica_groups(op, same_size=True)
        _body_element(op, op.operand_)
        t, r = inf.ranked(op.operand_.type), inf.ranked(op.result_.type)
        if t is not None and r is not None:
            inf.verify_reduce_scatter(op, t, r, op.scatter_dimension.value, _accumulator(op))

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        group = coll.my_group(ctx, op)
        dim = interp_attrs.int_attr(op, "scatter_dimension", 0)
        vals = coll.exchange(ctx, op, group, [np.asarray(a) for a in args])
        acc = list(vals[0])
        for v in vals[1:]:
            acc = interp_regions.apply_region(ctx, op.regions[0], acc + list(v))
        i = group.index(ctx.device)
        return [np.split(np.asarray(a).astype(np.asarray(x).dtype, copy=False), len(group), axis=dim)[i]
                for a, x in zip(acc, args)]


class AllToAllOp(CollectiveOpInterface, ShloOp):
    name = "stablehlo.all_to_all"
    operands_ = ods.var_operand(HLO_Tensor, name="operands")
    split_dimension = ods.attr(NonNegI64)
    concat_dimension = ods.attr(NonNegI64)
    split_count = ods.attr(PositiveI64)
    replica_groups = ods.attr(I64Elements)
    channel_handle = ods.opt_attr(ChannelHandle)
    results_ = ods.var_result(HLO_Tensor, name="results")
    traits = (PairwiseSameOperandAndResultElementType(),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        group = coll.my_group(ctx, op, permute_like=True)
        sd, cd = interp_attrs.int_attr(op, "split_dimension", 0), interp_attrs.int_attr(op, "concat_dimension", 0)
        n = interp_attrs.int_attr(op, "split_count", len(group))
        if n != len(group):
            raise interp_values.InterpError(f"split_count {n} differs from the process group size {len(group)}", op)
        vals = coll.exchange(ctx, op, group, [np.split(np.asarray(a), n, axis=sd) for a in args])
        i = group.index(ctx.device)
        return [np.concatenate([v[k][i] for v in vals], axis=cd) for k in range(len(args))]

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Any] | None:
        split_count = op.split_count.value
        replica_groups(op, same_size=True, group_size=split_count, channel_rule="")
        return inf.infer_all_to_all(op, op.operand_types, op.split_dimension.value,
                                    op.concat_dimension.value, split_count)

    compatible_return_types = staticmethod(inf.compatible_types)


class CollectivePermuteOp(CollectiveOpInterface, ShloOp):
    name = "stablehlo.collective_permute"
    operand_ = ods.operand(HLO_Tensor, name="operand")
    source_target_pairs = ods.attr(I64Elements)
    channel_handle = ods.opt_attr(ChannelHandle)
    result_ = ods.result(HLO_Tensor, name="result")
    traits = (SameOperandsAndResultElementType(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        # no C4 upper bound here: MLIR's verifier does not check it, and valid JAX
        # output (ids >= mhlo.num_partitions) must not be rejected
        source_target_pairs(op, op.source_target_pairs, upper_bound=False)
        if not inf.compatible_types(op.operand_types, op.result_types):  # dynamic dims match static ones
            raise inference_fail(op, f"inferred type(s) '{types_text(op.operand_types)}' are incompatible with "
                                     f"return type(s) of operation '{types_text(op.result_types)}'")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        domain, _, me = coll.permute_domain(ctx, op)
        vals = coll.exchange(ctx, op, domain, np.asarray(args[0]))
        src = [s for s, t in ctx.cached(op, coll.pairs) if t == me]
        return [vals[src[0]] if src else np.zeros_like(np.asarray(args[0]))]  # zeros where no pair targets


class CollectiveBroadcastOp(CollectiveOpInterface, ShloOp):
    name = "stablehlo.collective_broadcast"
    operands_ = ods.var_operand(HLO_Tensor, name="operands")
    replica_groups = ods.attr(ReplicaGroups)
    channel_handle = ods.opt_attr(ChannelHandle)
    results_ = ods.var_result(HLO_Tensor, name="results")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        domain, _, me = coll.permute_domain(ctx, op)
        groups = coll.group_lists(op) or [list(range(len(domain)))]
        vals = coll.exchange(ctx, op, domain, np.asarray(args[0]))
        for g in groups:
            if me in g:
                return [vals[g[0]]]
        return [np.zeros_like(np.asarray(args[0]))]

    traits = (SameOperandsAndResultElementType(),)

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Any]:
        return list(op.operand_types)

    compatible_return_types = staticmethod(inf.compatible_types)

    @classmethod
    def verify(cls, op: Operation) -> None:
        inf.verify_collective_broadcast(op)


class SendOp(CollectiveOpInterface, ShloOp):
    name = "stablehlo.send"
    inputs = ods.var_operand(HLO_TensorOrPerAxisQuantizedTensor)
    token = ods.operand(HLO_Token)
    channel_handle = ods.attr(ChannelHandle)
    is_host_transfer = ods.attr(BoolAttrC, default=FALSE)
    source_target_pairs = ods.opt_attr(I64Elements)
    result_ = ods.result(HLO_Token, name="result")

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        channel_rule(op, DEVICE_TO_HOST, "DEVICE_TO_HOST", inferred=True)
        verify_transfer(op, symbols)  # cross-op channel rules (hlopt/dialects/stablehlo/channels.py)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        coll.send(ctx, op, args[:-1])
        return [interp_values.TOKEN]


class RecvOp(CollectiveOpInterface, ShloOp):
    name = "stablehlo.recv"
    token = ods.operand(HLO_Token)
    channel_handle = ods.attr(ChannelHandle)
    is_host_transfer = ods.attr(BoolAttrC, default=FALSE)
    source_target_pairs = ods.opt_attr(I64Elements)
    results_ = ods.var_result(HLO_StaticShapeTensorOrPerAxisQuantizedTensorOrToken, name="results")

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        channel_rule(op, HOST_TO_DEVICE, "HOST_TO_DEVICE")
        res = op.result_types
        if not res:
            raise fail(op, "result is expected to be at least of size 1, but got 0")
        if not HLO_Token(res[-1]):
            raise fail(op, f"last element of result types is expected to be of token type, but got "
                           f"'{res[-1].text}'")
        for t in res[:-1]:
            if not is_tensor(t):
                raise fail(op, f"everything but the last element of result types is expected to be of tensor "
                               f"type, but got '{t.text}'")
        verify_transfer(op, symbols)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        got = coll.recv(ctx, op, SendOp)
        if got is None:  # no pair targets this device
            return [interp_values.zeros_like_type(v.type) for v in op.results[:-1]] + [interp_values.TOKEN]
        return got + [interp_values.TOKEN]


class InfeedOp(ShloOp):
    name = "stablehlo.infeed"
    token = ods.operand(HLO_Token)
    infeed_config = ods.attr(Str, default=EMPTY)
    layout = ods.opt_attr(Array)
    results_ = ods.var_result(HLO_StaticShapeTensorOrPerAxisQuantizedTensorOrToken, name="results")


class OutfeedOp(ShloOp):
    name = "stablehlo.outfeed"
    inputs = ods.var_operand(HLO_TensorOrPerAxisQuantizedTensor)
    token = ods.operand(HLO_Token)
    outfeed_config = ods.attr(Str, default=EMPTY)
    result_ = ods.result(HLO_Token, name="result")


class AfterAllOp(ShloOp):
    """`stablehlo.after_all %a, %b : !stablehlo.token`: ODS's `$inputs attr-dict
    `:` custom<VariadicSameOperandsAndResultType>(ref($inputs), ...)`, whose
    single type stands for as many operands as were read, written whole."""

    name = "stablehlo.after_all"
    inputs = ods.var_operand(HLO_Token)
    result_ = ods.result(HLO_Token, name="result")
    traits = (Pure(),)

    @classmethod
    def parse_asm(cls, p: OpAsmParser) -> tuple:
        operands = p.parse_operand_list()
        attrs = p.parse_optional_attr_dict()
        p.parse_colon()
        at = p.location()
        if p.peek("("):
            ins, outs = function_type_pieces(p)
            if len(outs) != 1:
                raise p.error("expected single output", at)
            return operands, attrs, ins, outs[0], at
        return operands, attrs, None, p.parse_type(), at

    @classmethod
    def build_asm(cls, r: OpAsmResolver, state: tuple) -> Operation:
        operands, attrs, ins, out, at = state
        rt = r.type(out)
        ts = [rt] * len(operands) if ins is None else r.types(ins)
        a = r.attr(attrs) if attrs is not None else None
        return Operation(cls.name, r.operands(operands, ts, at), [rt], None, a)

    @classmethod
    def print_asm(cls, op: Operation, p: OpAsmPrinter) -> bool:
        if len(op.properties):
            return False
        p.write(" ")  # also without operands: MLIR prints `after_all  : T`
        p.print_operands(op.operands)
        p.print_optional_attr_dict(op.attributes)
        p.write(" : ")
        print_same_operands_and_result_type(p, op.operand_types, op.result_types)
        return True

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [interp_values.TOKEN]


class _NullaryForm(ShloOp):
    """`NAME {attrs} : T`"""

    assembly_format = "attr-dict `:` type(results)"


class CreateTokenOp(_NullaryForm):
    name = "stablehlo.create_token"
    output = ods.result(HLO_Token)
    traits = (Pure(),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [interp_values.TOKEN]


class ReplicaIdOp(_NullaryForm):
    name = "stablehlo.replica_id"
    result_ = ods.result(UI32RankedTensor, name="result")
    traits = (Pure(),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.array(ctx.replica_id, ctx.cached(op, lambda o: interp_values.dtype_of(o.result_.type)))]


class PartitionIdOp(_NullaryForm):
    name = "stablehlo.partition_id"
    result_ = ods.result(UI32RankedTensor, name="result")
    traits = (Pure(),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.array(ctx.partition_id, ctx.cached(op, lambda o: interp_values.dtype_of(o.result_.type)))]


# ---------------------------------------------------------------------------
# async ops on !stablehlo.future

_ASYNC_BODY_OPS = frozenset(f"stablehlo.{n}" for n in (
    "collective_permute", "all_reduce", "all_gather", "reduce_scatter", "all_to_all", "collective_broadcast",
    "slice", "dynamic_slice"))


def verify_async_start(op: Operation) -> None:
    """Upstream's async_start on `!stablehlo.future` (the RFC form's op class,
    hlopt/dialects/stablehlo_async.py, dispatches here by type). Every check
    is part of its return type inference, so each error is followed by
    MLIR's second one, 'failed to infer returned types'."""
    _with_inference_error(op, _check_async_start)


def _with_inference_error(op: Operation, check) -> None:
    try:
        check(op)
    except IRError as e:
        e.followups = [f"'{op.name}' op failed to infer returned types"]
        raise


def _check_async_start(op: Operation) -> None:
    if len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
        raise op_fail(op, "region must contain exactly one operation and a return")
    b = op.regions[0].blocks[0]
    if len(b.args) != len(op.operands):
        raise op_fail(op, f"number of operands ({len(op.operands)}) must match number of region arguments "
                          f"({len(b.args)})")
    for i, (v, a) in enumerate(zip(op.operands, b.args)):
        if v.type is not a.type:
            raise op_fail(op, f"operand type '{v.type.text}' at index {i} must match region argument type "
                              f"'{a.type.text}'")
    ops = b.ops_list()
    if len(ops) != 2 or ops[-1].name != "stablehlo.return":
        raise op_fail(op, "region must contain exactly one operation and a return")
    if ops[0].name not in _ASYNC_BODY_OPS:
        raise op_fail(op, "region must contain a collective or slice operation")
    inferred = FutureType.of(ops[-1].operand_types)
    res = op.result_types
    if len(res) != 1 or res[0] is not inferred:
        raise op_fail(op, f"inferred type(s) '{inferred.text}' are incompatible with return type(s) of "
                          f"operation '{types_text(res)}'")


def verify_async_done(op: Operation) -> None:
    _with_inference_error(op, _check_async_done)


def _check_async_done(op: Operation) -> None:
    futures = op.futures  # stablehlo_async.AsyncDoneOp's operands
    if len(futures) != 1 or not HLO_Future(futures[0].type):
        raise op_fail(op, f"operand #0 must be future, but got '{types_text(op.operand_types)}'")
    inferred = futures[0].type.types
    if len(inferred) != 1:  # upstream's done has one result: inference refuses any other future
        raise op_fail(op, f"future must have exactly one type parameter, but got {len(inferred)}")
    if tuple(op.result_types) != tuple(inferred):
        raise op_fail(op, f"inferred type(s) '{types_text(inferred)}' are incompatible with return type(s) of "
                          f"operation '{types_text(op.result_types)}'")


OPS = (AllReduceOp, AllGatherOp, ReduceScatterOp, AllToAllOp, CollectivePermuteOp, CollectiveBroadcastOp, SendOp,
       RecvOp, InfeedOp, OutfeedOp, AfterAllOp, CreateTokenOp, ReplicaIdOp, PartitionIdOp)
