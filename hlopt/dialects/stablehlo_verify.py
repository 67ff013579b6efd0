"""Verifiers for the StableHLO ops passes touch, with the reference
verifier's messages (jaxlib's StableHLO, checked with tests/oracle).

collective_permute (spec C1-C5), send/recv (channel type vs
is_host_transfer, result shapes, and -- beyond upstream, FEATURES.md
section 2 -- source_target_pairs), all_reduce, while, tuple,
get_tuple_element, after_all, async_start/async_done on
`!stablehlo.future<...>` (upstream's design).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hlopt.dialects.stablehlo_attrs import (
    DEVICE_TO_DEVICE,
    DEVICE_TO_HOST,
    HOST_TO_DEVICE,
    ChannelHandleAttr,
    FutureType,
    TokenType,
)
from hlopt.dialects.stablehlo_channels import verify_transfer
from hlopt.dialects.stablehlo_ops import OPS
from hlopt.ir.attributes import DenseElementsAttr, IntegerAttr
from hlopt.ir.core import IRError, Operation
from hlopt.ir.types import RankedTensorType, TupleType, Type, UnrankedTensorType, i1


def _fail(op: Operation, msg: str) -> IRError:
    return IRError(msg, op)


def _op_fail(op: Operation, msg: str) -> IRError:
    return IRError(f"'{op.name}' op {msg}", op)


def _types(ts: Sequence[Type]) -> str:
    """MLIR's diagnostic form of a type list: 'a', 'b' (the outer quotes are
    in the message text)."""
    return "', '".join(t.text for t in ts)


def _is_tensor(t: Type) -> bool:
    return isinstance(t, (RankedTensorType, UnrankedTensorType))


def _module_int(op: Operation, key: str) -> int | None:
    """`mhlo.num_partitions` / `mhlo.num_replicas` of the enclosing module."""
    p = op.parent_op
    while p is not None:
        if p.name == "builtin.module":
            a = p.attributes.get(key)
            if isinstance(a, IntegerAttr):
                return a.value
        p = p.parent_op
    return None


def _pairs(op: Operation, attr: Any, upper_bound: bool = True) -> list[tuple[int, int]]:
    """source_target_pairs checks shared by collective_permute and send/recv
    (spec C1-C4)."""
    if not isinstance(attr, DenseElementsAttr) or not isinstance(attr.type, RankedTensorType):
        raise _op_fail(op, "attribute 'source_target_pairs' failed to satisfy constraint: 64-bit signless "
                           "integer elements attribute")
    shape = attr.type.shape
    if len(shape) != 2 or shape[1] != 2:
        raise _fail(op, "expect source_target_pairs attribute of shape (N, 2), but got ("
                    + ", ".join(map(str, shape)) + ")")
    vals = attr.flat_values()
    pairs = [(vals[2 * i], vals[2 * i + 1]) for i in range(shape[0])]
    sources, targets = set(), set()
    for s, t in pairs:
        if s < 0 or t < 0:
            raise _fail(op, "replica ids in source_target_pairs must be >= 0.")
        if s in sources:
            raise _fail(op, "duplicate sources not allowed.")
        sources.add(s)
        if t in targets:
            raise _fail(op, "duplicate targets not allowed.")
        targets.add(t)
    # C4 upper bound: only when the module says how many processes there are
    ch = op.properties.get("channel_handle")
    key = "mhlo.num_partitions" if isinstance(ch, ChannelHandleAttr) and ch.handle > 0 else "mhlo.num_replicas"
    n = _module_int(op, key) if upper_bound else None
    if n is not None:
        for s, t in pairs:
            for v in (s, t):
                if v >= n:
                    raise _fail(op, f"replica ids in source_target_pairs must be < {n} ({key}), but got {v}.")
    return pairs


def verify_collective_permute(op: Operation) -> None:
    # no C4 upper bound here: MLIR's verifier does not check it, and valid JAX
    # output (ids >= mhlo.num_partitions) must not be rejected
    _pairs(op, op.properties.get("source_target_pairs"), upper_bound=False)
    if len(op.operands) != len(op.results):
        raise _op_fail(op, "requires the same number of operands and results")
    for a, r in zip(op.operand_types, op.result_types):
        if getattr(a, "element_type", a) is not getattr(r, "element_type", r):
            raise _op_fail(op, "requires the same element type for all operands and results")
        if a is not r:
            raise _op_fail(op, "requires the same type for all operands and results")


def _channel_rule(op: Operation, host_type: int, host_name: str) -> None:
    ch = op.properties.get("channel_handle")
    host = op.properties.get("is_host_transfer")
    is_host = isinstance(host, IntegerAttr) and bool(host.value)
    if isinstance(ch, ChannelHandleAttr):
        if is_host and ch.type != host_type:
            raise _fail(op, f"channel_type should be {host_name} when is_host_transfer is true")
        if not is_host and ch.type != DEVICE_TO_DEVICE:
            raise _fail(op, "channel_type should be DEVICE_TO_DEVICE when is_host_transfer is false")
    pairs = op.properties.get("source_target_pairs")
    if pairs is not None:
        if is_host:
            raise _fail(op, "source_target_pairs is not allowed when is_host_transfer is true")
        _pairs(op, pairs)
    elif not is_host and isinstance(ch, ChannelHandleAttr) and ch.type == DEVICE_TO_DEVICE \
            and "source_target_pairs" in op.attributes:
        _pairs(op, op.attributes.get("source_target_pairs"))


def verify_send(op: Operation) -> None:
    _channel_rule(op, DEVICE_TO_HOST, "DEVICE_TO_HOST")
    if not op.operands or not isinstance(op.operands[-1].type, TokenType):
        got = op.operands[-1].type.text if op.operands else "none"
        raise _op_fail(op, f"operand #{max(len(op.operands) - 1, 0)} must be token, but got '{got}'")
    if len(op.results) != 1 or not isinstance(op.results[0].type, TokenType):
        raise _op_fail(op, "result #0 must be token")


def verify_recv(op: Operation) -> None:
    _channel_rule(op, HOST_TO_DEVICE, "HOST_TO_DEVICE")
    res = op.result_types
    if not res:
        raise _fail(op, "result is expected to be at least of size 1, but got 0")
    if not isinstance(res[-1], TokenType):
        raise _fail(op, f"last element of result types is expected to be of token type, but got "
                        f"'{res[-1].text}'")
    for t in res[:-1]:
        if not _is_tensor(t):
            raise _fail(op, f"everything but the last element of result types is expected to be of tensor "
                            f"type, but got '{t.text}'")


def _replica_groups(op: Operation) -> None:
    rg = op.properties.get("replica_groups")
    if not isinstance(rg, DenseElementsAttr):
        return
    ids = [v for v in rg.flat_values() if v != -1]
    seen = set()
    for v in ids:
        if v in seen:
            raise _fail(op, f"replica id #{v} seen more than once")
        seen.add(v)
    for i in range(len(ids)):
        if i not in seen:
            raise _fail(op, f"replica id #{i} not seen in replica groups")
    if "use_global_device_ids" in op.properties:
        ch = op.properties.get("channel_handle")
        h = ch.handle if isinstance(ch, ChannelHandleAttr) else 0
        if h <= 0:
            raise _fail(op, f"channel_id must be positive when useGlobalDeviceIds is set but got: {h}")


def _reduction_region(op: Operation, n: int) -> None:
    if not op.regions or not op.regions[0].blocks:
        raise _op_fail(op, "region #0 ('computation') failed to verify constraint: region with 1 blocks")
    b = op.regions[0].blocks[0]
    if len(b.args) != 2 * n:
        raise _fail(op, f"Reduction-region must take {2 * n} parameters, but takes {len(b.args)} parameter(s)")
    ret = b.last_op
    if ret is None or ret.name != "stablehlo.return":
        raise _fail(op, "Reduction-region must end with a stablehlo.return")
    if len(ret.operands) != n:
        raise _fail(op, f"Reduction-region here must produce {n} tensors, but produces {len(ret.operands)} "
                        f"instead")
    for i, (a, c, r) in enumerate(zip(b.args[:n], b.args[n:], ret.operands)):
        if a.type is not c.type or a.type is not r.type:
            raise _fail(op, f"The type of reduction-region's parameter at index {i} is different than the "
                            f"corresponding result type: {a.type.text} vs {r.type.text}")


def verify_all_reduce(op: Operation) -> None:
    _replica_groups(op)
    _reduction_region(op, 1)
    if len(op.operands) != len(op.results):
        raise _op_fail(op, "requires the same number of operands and results")
    for a, r in zip(op.operand_types, op.result_types):
        if getattr(a, "shape", None) != getattr(r, "shape", None):
            raise _op_fail(op, f"inferred type(s) '{_types(op.operand_types)}' are incompatible with return "
                               f"type(s) of operation '{_types(op.result_types)}'")


def verify_while(op: Operation) -> None:
    if len(op.regions) != 2 or any(len(r.blocks) != 1 for r in op.regions):
        raise _op_fail(op, "requires two regions with one block each")
    cond, body = op.regions[0].blocks[0], op.regions[1].blocks[0]
    ins = op.operand_types
    for what, ts in (("condition block arguments", [a.type for a in cond.args]),
                     ("body block arguments", [a.type for a in body.args])):
        if list(ins) != ts:
            raise _fail(op, f"expect operands to be compatible with {what} but got '{_types(ins)}' vs "
                            f"'{_types(ts)}'")
    bret = body.last_op
    bts = bret.operand_types if bret is not None else []
    if list(ins) != list(bts):
        raise _fail(op, f"expect operands to be compatible with body block return types but got "
                        f"'{_types(ins)}' vs '{_types(bts)}'")
    cret = cond.last_op
    cts = cret.operand_types if cret is not None else []
    if len(cts) != 1 or not (isinstance(cts[0], RankedTensorType) and not cts[0].shape
                             and cts[0].element_type is i1):
        raise _fail(op, "expect condition block return a zero-ranked tensor of i1 but got "
                        + (f"'{_types(cts)}'" if len(cts) == 1 else f"{len(cts)} values"))
    if list(ins) != list(op.result_types):
        raise _op_fail(op, f"inferred type(s) '{_types(ins)}' are incompatible with return type(s) of "
                           f"operation '{_types(op.result_types)}'")


def verify_tuple(op: Operation) -> None:
    inferred = TupleType(op.operand_types)
    if len(op.results) != 1 or op.results[0].type is not inferred:
        raise _op_fail(op, f"inferred type(s) '{inferred.text}' are incompatible with return type(s) of "
                           f"operation '{_types(op.result_types)}'")


def verify_get_tuple_element(op: Operation) -> None:
    if len(op.operands) != 1 or not isinstance(op.operands[0].type, TupleType):
        raise _op_fail(op, "operand #0 must be nested tuple with any combination of ranked tensor or token "
                           "values")
    t = op.operands[0].type
    idx = op.properties.get("index")
    if not isinstance(idx, IntegerAttr):
        raise _op_fail(op, "requires attribute 'index'")
    if not 0 <= idx.value < len(t.types):
        raise _fail(op, f"index {idx.value} is out of bounds of operand with size {len(t.types)}")
    want = t.types[idx.value]
    if len(op.results) != 1 or op.results[0].type is not want:
        raise _op_fail(op, f"inferred type(s) '{want.text}' are incompatible with return type(s) of operation "
                           f"'{_types(op.result_types)}'")


def verify_after_all(op: Operation) -> None:
    for i, t in enumerate(op.operand_types):
        if not isinstance(t, TokenType):
            raise _op_fail(op, f"operand #{i} must be variadic of token, but got '{t.text}'")
    if len(op.results) != 1 or not isinstance(op.results[0].type, TokenType):
        raise _op_fail(op, f"result #0 must be token, but got '{_types(op.result_types)}'")


_ASYNC_BODY_OPS = frozenset(f"stablehlo.{n}" for n in (
    "collective_permute", "all_reduce", "all_gather", "reduce_scatter", "all_to_all", "collective_broadcast",
    "slice", "dynamic_slice"))


def verify_async_start(op: Operation) -> None:
    if len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
        raise _op_fail(op, "region must contain exactly one operation and a return")
    b = op.regions[0].blocks[0]
    if len(b.args) != len(op.operands):
        raise _op_fail(op, f"expects {len(op.operands)} region arguments, but got {len(b.args)}")
    for i, (v, a) in enumerate(zip(op.operands, b.args)):
        if v.type is not a.type:
            raise _op_fail(op, f"operand type '{v.type.text}' at index {i} must match region argument type "
                               f"'{a.type.text}'")
    ops = b.ops_list()
    if len(ops) != 2 or ops[-1].name != "stablehlo.return":
        raise _op_fail(op, "region must contain exactly one operation and a return")
    if ops[0].name not in _ASYNC_BODY_OPS:
        raise _op_fail(op, "region must contain a collective or slice operation")
    ret_types = ops[-1].operand_types
    inferred = FutureType.of(ret_types)
    res = op.result_types
    if len(res) != 1 or res[0] is not inferred:
        raise _op_fail(op, f"inferred type(s) '{inferred.text}' are incompatible with return type(s) of "
                           f"operation '{_types(res)}'")


def verify_async_done(op: Operation) -> None:
    if len(op.operands) != 1 or not isinstance(op.operands[0].type, FutureType):
        got = _types(op.operand_types)
        raise _op_fail(op, f"operand #0 must be future, but got '{got}'")
    inferred = op.operands[0].type.types
    if tuple(op.result_types) != tuple(inferred):
        raise _op_fail(op, f"inferred type(s) '{_types(inferred)}' are incompatible with return type(s) of "
                           f"operation '{_types(op.result_types)}'")


def verify_iota(op: Operation) -> None:
    """MLIR's iota checks (the custom form reads any int64 dimension)."""
    d = op.properties.get("iota_dimension")
    t = op.results[0].type if op.results else None
    if not isinstance(d, IntegerAttr) or not isinstance(t, RankedTensorType):
        return
    if d.value < 0:
        raise _op_fail(op, "attribute 'iota_dimension' failed to satisfy constraint: 64-bit signless integer "
                           "attribute whose value is non-negative")
    if d.value >= len(t.shape):
        raise _fail(op, "iota dimension cannot go beyond the output rank.")


def _as_verify(fn):
    def verify(cls, op: Operation) -> None:
        fn(op)
    return verify


def _with_channels(fn):
    """send/recv: their own rules, then the cross-op ones of stablehlo_channels."""
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        fn(op)
        verify_transfer(op, symbols)
    return verify


OPS["stablehlo.send"].verify = classmethod(_with_channels(verify_send))
OPS["stablehlo.recv"].verify = classmethod(_with_channels(verify_recv))
_prev_iota = getattr(OPS["stablehlo.iota"], "verify", None)


def _iota_and_previous(op: Operation) -> None:
    verify_iota(op)
    if _prev_iota is not None:
        _prev_iota(op)


for _name, _fn in (("iota", _iota_and_previous), ("collective_permute", verify_collective_permute),
                   ("all_reduce", verify_all_reduce), ("while", verify_while),
                   ("tuple", verify_tuple), ("get_tuple_element", verify_get_tuple_element),
                   ("after_all", verify_after_all), ("async_start", verify_async_start),
                   ("async_done", verify_async_done)):
    OPS[f"stablehlo.{_name}"].verify = classmethod(_as_verify(_fn))
