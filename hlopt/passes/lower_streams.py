"""`--lower-streams{num-streams=N}`: stream-parallel host ops become host
loops (nvFuser's stream lowering).

One walk over each host function. An op whose output has a `stream` axis
runs in an `scf.for` over that axis: its output buffer is allocated before
the loop; each iteration makes stream `i mod N` current, runs the op on
slices (`hir.alias_select`, cached per tensor and axis) in
destination-passing form, then switches back and synchronizes (the main
stream waits for the iteration's stream). The workers' wait for the main
stream sits by default in a loop of its own before the work loop, as in
nvFuser's StreamParallelType pass (`fork`/`join` options: see StreamLoop).
Consecutive stream-parallel ops over the same extent share one loop; any
other op ends it (operand-less allocations are hoisted above an open loop
instead).

Which ops are stream-parallel and how each is moved into a loop is a list
of `StreamPattern`s, one per op kind (fusion ops, communications and their
waits here); other kinds (async regions) add theirs to `PATTERNS`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hlopt.dialects import arith, func, hir, scf
from hlopt.dialects.hir import ComputeOp, ReduceOp, input_axis_map, is_broadcast_axis, op_signature
from hlopt.dialects.hir_attrs import (
    RequestType,
    StreamType,
    didx_axis,
    drop_axis,
    local_shape,
    mesh_of,
    stream_axis,
)
from hlopt.ir.attributes import Attribute, DenseArrayAttr, DictionaryAttr, IntegerAttr, StringAttr
from hlopt.ir.core import Operation, Value, no_gc
from hlopt.ir.interfaces import ALLOCATE, MemoryEffectsInterface
from hlopt.ir.rewriter import Rewriter
from hlopt.ir.types import IndexType, RankedTensorType, Type, i1, i64
from hlopt.passes.base import Pass, PassFailure
from hlopt.passes.registry import register_pass

FORKS = ("before-loop", "in-loop")
COMMUNICATIONS = ("auto", "collective", "p2p")
JOINS = ("in-loop", "after-loop")


class LoopParts:
    """What the loops of one function share, made once instead of once per
    loop or per op: the attributes of the ops a loop creates, slice types,
    and each op signature's slicing plan (ComputePattern.plan)."""

    def __init__(self, num_streams: int):
        self.index = IndexType()
        self.pool = IntegerAttr(num_streams, i64)
        self._consts: dict[int, Attribute] = {}
        self._axes: dict[int, Attribute] = {}
        self._slices: dict[tuple[Type, int], Type] = {}
        self.plans: dict[tuple, Any] = {}

    def const(self, v: int) -> Attribute:
        """arith.constant's value for index `v`."""
        d = self._consts.get(v)
        if d is None:
            d = self._consts[v] = IntegerAttr(v, self.index)
        return d

    def axis(self, a: int) -> Attribute:
        """hir.alias_select's `axis = a`."""
        d = self._axes.get(a)
        if d is None:
            d = self._axes[a] = IntegerAttr(a, i64)
        return d

    def slice_type(self, t: Type, axis: int) -> Type:
        r = self._slices.get((t, axis))
        if r is None:
            r = self._slices[(t, axis)] = drop_axis(_ranked(t), axis)
        return r


class StreamLoop:
    """An open `scf.for` over a stream axis: its body's insertion point
    (before the closing stream switch), where allocations go (`head`, before
    the loop and its stream setup) and the slice cache.

    `fork`/`join` place the two synchronizations with the main stream (the
    stream current before the loop). A synchronization waits for everything
    enqueued on the awaited stream so far, including that stream's own
    waits, so a worker that waits for the main stream after the main stream
    waited for the previous iteration's worker waits for that iteration too:
    with both in the loop (nvFuser #4147) the slices serialize. nvFuser
    moved the fork into a loop of its own before the work loop (#4217,
    #4402; its StreamParallelType pass), or, in AssignStreams, the join into a
    loop after it; either way no worker waits for a main stream that waits
    for another worker."""

    def __init__(self, rw: Rewriter, before: Operation, extent: int, num_streams: int,
                 fork: str = "before-loop", join: str = "in-loop", parts: LoopParts | None = None):
        self.rw, self.extent = rw, extent
        self.parts = parts = parts if parts is not None else LoopParts(num_streams)
        loc = before.lazy_location
        arg_loc = before.location  # block arguments hold resolved locations (the printer reads them)
        rw.set_insertion_point_before(before)
        idx = parts.index
        pool = parts.pool
        bounds: list[Value] = [rw.create(arith.ConstantOp, value=parts.const(v), result_types=[idx], location=loc).result
                               for v in (0, extent, 1)]
        self.zero, self.bounds = bounds[0], bounds

        def worker_loop(fork: bool) -> None:
            """`scf.for` over the pool's streams `%w`: the fork (`%w` waits
            for the main stream) or the join (the current stream waits for `%w`)."""
            loop = rw.create(scf.ForOp, *bounds, result_types=(), location=loc)
            ip = rw.insertion_point()
            j = rw.create_block(loop.region, [idx], [arg_loc]).args[0]
            w = rw.create(hir.StreamOp, j, pool=pool, result_types=[StreamType()], location=loc).stream
            if fork:
                rw.create(hir.SetCurrentStreamOp, w, location=loc)
            rw.create(hir.SynchronizeOp, main if fork else w, location=loc)
            rw.create(scf.YieldOp, location=loc)
            rw.restore(ip)

        main: Value | None = None
        outside = fork == "before-loop" or join == "after-loop"
        if outside:  # the main stream, captured once before the loops
            head = rw.create(hir.GetCurrentStreamOp, result_types=[StreamType()], location=loc)
            self.head: Operation = head
            main = head.stream
        if fork == "before-loop":  # every worker waits once for the main stream's work so far
            worker_loop(fork=True)
        self.op = rw.create(scf.ForOp, *bounds, result_types=(), location=loc)
        if not outside:
            self.head = self.op
        if join == "after-loop":  # the main stream waits for every worker after the loop
            worker_loop(fork=False)
        body = rw.create_block(self.op.region, [idx], [arg_loc])
        self.iv = body.args[0]
        if main is None:
            main = rw.create(hir.GetCurrentStreamOp, result_types=[StreamType()], location=loc).stream
        worker = rw.create(hir.StreamOp, self.iv, pool=pool, result_types=[StreamType()], location=loc).stream
        rw.create(hir.SetCurrentStreamOp, worker, location=loc)
        if fork == "in-loop":
            rw.create(hir.SynchronizeOp, main, location=loc)
        self.tail: Operation = rw.create(hir.SetCurrentStreamOp, main, location=loc)
        if join == "in-loop":
            rw.create(hir.SynchronizeOp, worker, location=loc)
        rw.create(scf.YieldOp, location=loc)
        self.cache: dict[tuple[Value, int, bool], Value] = {}
        self.members: set[Operation] = set()
        self.index: Value = self.iv  # what slices index: the iteration, or the ring's offset index
        self.ring: Any = None        # RingValues once a ring transfer is in the loop
        self.epilogue: Operation | None = None  # first op of the body's end (deferred waits)
        self.form: tuple[str, tuple[int, ...]] | None = None  # ring (team) or collective, once one joined

    def at_body(self) -> None:
        self.rw.set_insertion_point_before(self.epilogue if self.epilogue is not None else self.tail)

    def slice(self, v: Value, axis: int, loc: Any, broadcast: bool = False) -> Value:
        """`v`'s slice at the loop index along `axis` (one alias_select per
        tensor and axis); a broadcast axis (extent 1) at index 0."""
        key = (v, axis, broadcast)
        s = self.cache.get(key)
        if s is None:
            self.at_body()
            parts = self.parts
            s = self.rw.create(hir.AliasSelectOp, v, self.zero if broadcast else self.index,
                               axis=parts.axis(axis), result_types=[parts.slice_type(v.type, axis)],
                               location=loc).result
            self.cache[key] = s
        return s


class StreamPattern:
    """How one kind of stream-parallel op moves into a stream loop."""

    def extent(self, op: Operation, loop: StreamLoop | None) -> int | None:
        """The loop extent `op` needs, or None when `op` is not of this kind."""
        return None

    def lower(self, op: Operation, loop: StreamLoop, p: "LowerStreams") -> None:
        raise NotImplementedError

    def form(self, op: Operation, p: "LowerStreams") -> tuple[str, tuple[int, ...]] | None:
        """How `op` moves slices: ("ring", team) for a per-device ring
        transfer, ("collective", ()) for one collective per slice, None for
        an op that fits any loop. A loop holds one form (see _lower_function)."""
        return None


def _fail(msg: str, op: Operation) -> PassFailure:
    return PassFailure(msg, op)


def _ranked(t: Type) -> RankedTensorType:
    """A type with a stream or didx axis: a ranked tensor (the axis is in its encoding)."""
    assert isinstance(t, RankedTensorType)
    return t


def _axis(t: Type) -> int:
    """The stream axis of the output of an op a pattern's extent() took."""
    ax = stream_axis(t)
    assert ax is not None  # extent() takes only ops whose output has a stream axis
    return ax


def _matched_axis(t: Type) -> int:
    """The stream axis of a value whose op a pattern's extent() matched."""
    ax = stream_axis(t)
    assert ax is not None
    return ax


class ComputePattern(StreamPattern):
    """A value-form fusion op whose result has a stream axis."""

    def extent(self, op: Operation, loop: StreamLoop | None) -> int | None:
        d = op.opdef
        if d is None or not issubclass(d, ComputeOp) or not op.results:
            return None
        ax = stream_axis(op.result.type)
        return _ranked(op.result.type).shape[ax] if ax is not None else None

    @staticmethod
    def plan(op: Operation) -> tuple[int, list[tuple[int, bool] | None], Any]:
        """The result's stream axis, the axis each input is sliced along
        (None: it does not vary along the stream axis, as matmul's other
        operand) and the sliced op's properties: a function of the op's
        signature."""
        d = op.opdef
        assert d is not None and issubclass(d, ComputeOp)  # extent() took only compute ops
        axis = _axis(op.result.type)
        slices: list[tuple[int, bool] | None] = []
        props: Any = op.properties  # kept as is (uniqued) unless a reduction's dims shift
        for i in range(len(d.inputs(op))):
            mapped = input_axis_map(op, i)
            a = mapped.index(axis) if axis in mapped else None
            slices.append(None if a is None else (a, is_broadcast_axis(op, i, a, axis)))
            if a is not None and issubclass(d, ReduceOp):  # dims after the dropped axis shift down
                dims = [x - (x > a) for x in d.reduced_dims(op)]
                props = DictionaryAttr({**dict(op.properties.entries), "dims": DenseArrayAttr(i64, dims)})
        return axis, slices, props

    def lower(self, op: Operation, loop: StreamLoop, p: "LowerStreams") -> None:
        key = op_signature(op)
        plans = loop.parts.plans
        plan = plans.get(key)
        if plan is None:
            plan = plans[key] = self.plan(op)
        axis, slices, props = plan
        rw, loc = loop.rw, op.lazy_location
        rw.set_insertion_point_before(loop.head)
        buf = rw.create(hir.AllocateOp, result_types=[op.result.type], location=loc).result
        ins = [v if a is None else loop.slice(v, a[0], loc, a[1]) for v, a in zip(op.operands, slices)]
        ins.append(loop.slice(buf, axis, loc))
        loop.at_body()
        rw.create(op.name, ins, (), properties=props, attributes=op.attributes, location=loc)
        rw.replace_all_uses_with(op.result, buf)
        rw.erase_op(op)


class CommunicationPattern(StreamPattern):
    """A communication into a buffer with a stream axis: each iteration
    moves one slice (so slice i's transfer overlaps slice i-1's compute)."""

    def extent(self, op: Operation, loop: StreamLoop | None) -> int | None:
        if not isinstance(op, hir.CommunicationOp):
            return None
        t = op.out.type
        ax = stream_axis(t)
        return _ranked(t).shape[ax] if ax is not None else None

    @staticmethod
    def ring_kind(op: hir.CommunicationOp, p: "LowerStreams") -> str | None:
        """The kind ("allgather", "alltoall") `op` is lowered to a ring as, or None."""
        src, dst = op.input, op.out
        ax = stream_axis(dst.type)
        kind = op.kind.value
        # auto: the ring where the stream axis is the input's didx axis (each
        # slice on one device: point-to-point moves it), collectives elsewhere
        ring_ok = p.communication == "p2p" or (p.communication == "auto" and didx_axis(src.type) == ax)
        if ring_ok and mesh_of(src.type) == mesh_of(dst.type) and kind in ("allgather", "alltoall") \
                and didx_axis(src.type) == ax:
            return kind
        return None

    def form(self, op: Operation, p: "LowerStreams") -> tuple[str, tuple[int, ...]] | None:
        assert isinstance(op, hir.CommunicationOp)  # extent() took only communications
        if self.ring_kind(op, p) is None:
            return ("collective", ())
        return ("ring", tuple(int(x) for x in op.team.values))

    def lower(self, op: Operation, loop: StreamLoop, p: "LowerStreams") -> None:
        assert isinstance(op, hir.CommunicationOp)
        src, dst = op.input, op.out
        ax = _axis(dst.type)
        kind = op.kind.value
        ring = self.ring_kind(op, p)
        if ring == "allgather":
            lower_allgather_ring(op, loop, p)
            return
        if ring == "alltoall":
            lower_alltoall_ring(op, loop, p)
            return
        if kind == "allgather" and didx_axis(src.type) == ax and mesh_of(src.type) == mesh_of(dst.type):
            lower_allgather_broadcasts(op, loop, p)
            return
        in_ax = ax
        if op.reduce is not None:  # the input also has the reduced didx axis
            di = didx_axis(src.type)
            in_ax = ax + (di is not None and di <= ax)
        if didx_axis(src.type) == in_ax or didx_axis(dst.type) == ax:
            raise _fail("a collective cannot run slice by slice along its sharded (didx) axis: each slice "
                        "lives on one device (an alltoall can: communication=p2p or auto)", op)
        if stream_axis(src.type) not in (None, in_ax):
            raise _fail("a stream-parallel communication needs its input's stream axis to match its output's", op)
        if loop.ring is not None:
            raise _fail(_MIXED, op)
        ins = [loop.slice(src, in_ax, op.lazy_location), loop.slice(dst, ax, op.lazy_location)]
        loop.at_body()
        loop.rw.move_op_before(op, loop.tail)
        for i, v in enumerate(ins):
            loop.rw.set_operand(op, i, v)
        loop.members.add(op)


class RingValues:
    """nvFuser's offset stream indexing (offset_stream_indexing_by_rank) at
    the top of a loop body: with k the device's team position, n the team
    size and i the iteration, iteration i handles slice `index` = (k + i)
    mod n, and `back` = (n + k - i) mod n is the ring neighbour on the other
    side; i = 0 (back = k) is the device's own slice (no transfer). Every
    slice of the loop then indexes with `index` (a permutation of the
    iterations per device), including slices made before the ring joined."""

    def __init__(self, loop: StreamLoop, team: list[int], loc: Any):
        rw, idx = loop.rw, loop.parts.index
        body = loop.op.regions[0].blocks[0]
        # after the iteration's stream setup, before its first slice or op
        first = next(o for o in body.ops if o is loop.tail or not isinstance(o, _STREAM_SETUP))
        rw.set_insertion_point_before(first)
        k = rw.create(hir.TeamRankOp, team=DenseArrayAttr(i64, team), result_types=[idx], location=loc).rank
        n = loop.bounds[1]

        def binop(cls: type[arith.IntBinaryOp], a: Value, b: Value) -> Value:
            return rw.create(cls, a, b, result_types=[idx], location=loc).result

        self.index = binop(arith.RemUIOp, binop(arith.AddIOp, k, loop.iv), n)
        self.back = binop(arith.RemUIOp, binop(arith.SubIOp, binop(arith.AddIOp, n, k), loop.iv), n)
        self.to_self = rw.create(arith.CmpIOp, self.back, k, predicate=IntegerAttr(0, i64), result_types=[i1],
                                 location=loc).result
        self.team = team
        for u in list(loop.iv.uses):  # earlier slices follow the ring too
            if isinstance(u.owner, hir.AliasSelectOp):
                rw.set_operand(u.owner, u.index, self.index)
        loop.index = self.index


# the ops of an iteration's stream setup (StreamLoop), before its slices and ops
_STREAM_SETUP = (hir.StreamOp, hir.SetCurrentStreamOp, hir.SynchronizeOp, hir.GetCurrentStreamOp)

# _lower_function starts a new loop rather than mixing the forms; these
# guards keep a pattern that bypasses it from emitting a wrong program
_MIXED = ("a ring transfer and a collective cannot share a stream loop: the ring orders each device's slices "
          "differently, a collective needs every device on the same slice")


def _ring(loop: StreamLoop, team: list[int], op: Operation) -> RingValues:
    if loop.members:
        raise _fail(_MIXED, op)
    if loop.ring is None:
        loop.ring = RingValues(loop, team, op.lazy_location)
    elif loop.ring.team != team:
        raise _fail("two ring transfers of one loop need the same team", op)
    return loop.ring


def _if(rw: Rewriter, cond: Value, results: list[Type], loc: Any) -> tuple[scf.IfOp, Any, Any]:
    """`scf.if` with both blocks; (op, then block, else block)."""
    op = rw.create(scf.IfOp, cond, result_types=results, location=loc)
    return op, rw.create_block(op.thenRegion, [], []), rw.create_block(op.elseRegion, [], [])


def lower_ring(op: hir.CommunicationOp, loop: StreamLoop, p: "LowerStreams", mine: Value, slot: Value,
               recv_from: Value, send_to: Value) -> None:
    """One iteration of nvFuser's P2P ring: receive `slot` from `recv_from`
    and send `mine` to `send_to`, except for the device's own slice, copied
    locally (no send to self); the receive is waited for at once (the
    slot's consumers follow in the iteration), the send at the end of the
    iteration (deferred until the consumers were enqueued). Replaces the
    collective `op` and its wait."""
    rw, ring, loc = loop.rw, loop.ring, op.lazy_location
    loop.at_body()
    team = DenseArrayAttr(i64, ring.team)
    first, then_b, else_b = _if(rw, ring.to_self, [RequestType()], loc)
    rw.set_insertion_point_to_end(then_b)
    rw.create(hir.SetOp, mine, slot, result_types=(), location=loc)
    none = rw.create(hir.NullRequestOp, result_types=[RequestType()], location=loc).request
    rw.create(scf.YieldOp, [none], location=loc)
    rw.set_insertion_point_to_end(else_b)
    recv = rw.create(hir.RecvOp, slot, recv_from, team=team, result_types=[RequestType()], location=loc)
    send = rw.create(hir.SendOp, mine, send_to, team=team, result_types=[RequestType()], location=loc)
    rw.create(hir.WaitOp, recv.request, location=loc)
    rw.create(scf.YieldOp, [send.request], location=loc)
    # the deferred wait: last in the iteration, after whatever consumes the slot
    rw.set_insertion_point_before(loop.tail)
    later, then_b, else_b = _if(rw, ring.to_self, [], loc)
    rw.set_insertion_point_to_end(then_b)
    rw.create(scf.YieldOp, location=loc)
    rw.set_insertion_point_to_end(else_b)
    rw.create(hir.WaitOp, first.results_[0], location=loc)
    rw.create(scf.YieldOp, location=loc)
    if loop.epilogue is None:
        loop.epilogue = later
    if p.inter_stream_sync:
        _inter_stream_sync(loop, p, loc)
    for u in list(op.request.uses):  # the collective's own wait goes with it
        p.erased.add(u.owner)
        rw.erase_op(u.owner)
    rw.erase_op(op)
    p.stat("p2p-rings")


def _one_slice_per_device(op: Operation, ty: Type, axis: int, team: list[int]) -> None:
    t = _ranked(ty)
    if t.shape[axis] != len(team) or local_shape(t)[axis] != 1:
        raise _fail(f"the ring lowering needs the stream extent ({t.shape[axis]}) to equal the team size "
                    f"({len(team)}), one slice per device", op)


def lower_allgather_ring(op: hir.CommunicationOp, loop: StreamLoop, p: "LowerStreams") -> None:
    """A stream-parallel allgather along its own didx axis (each slice lives
    on one device): iteration i receives slice (k + i) mod n from its owner
    into that slot and sends the device's own slice to (n + k - i) mod n
    (nvFuser's AllgatherP2p, AG_matmul_P2p)."""
    src, dst = op.input, op.out
    ax = _axis(dst.type)
    team = [int(x) for x in op.team.values]
    _one_slice_per_device(op, src.type, ax, team)
    ring = _ring(loop, team, op)
    mine = loop.slice(src, ax, op.lazy_location, broadcast=True)  # the one local slice (local index 0)
    slot = loop.slice(dst, ax, op.lazy_location)
    lower_ring(op, loop, p, mine, slot, recv_from=ring.index, send_to=ring.back)


def lower_allgather_broadcasts(op: hir.CommunicationOp, loop: StreamLoop, p: "LowerStreams") -> None:
    """The collective form of a stream-parallel allgather along its own didx
    axis (nvFuser without offset stream indexing): iteration i broadcasts
    slice i from its owner, team member i, into that slot on every device."""
    src, dst = op.input, op.out
    ax = _axis(dst.type)
    team = [int(x) for x in op.team.values]
    _one_slice_per_device(op, src.type, ax, team)
    if loop.ring is not None:
        raise _fail(_MIXED, op)
    loc = op.lazy_location
    mine = loop.slice(src, ax, loc, broadcast=True)  # each device's one local slice; the root's is sent
    slot = loop.slice(dst, ax, loc)
    loop.at_body()
    b = loop.rw.create(hir.CommunicationOp, mine, slot, loop.iv, kind=StringAttr("broadcast"),
                       team=DenseArrayAttr(i64, team), result_types=[RequestType()], location=loc)
    loop.rw.replace_all_uses_with(op.request, b.request)
    loop.rw.erase_op(op)
    loop.members.add(b)


def lower_alltoall_ring(op: hir.CommunicationOp, loop: StreamLoop, p: "LowerStreams") -> None:
    """A stream-parallel all-to-all whose output stream axis is the input's
    didx axis and whose input stream axis is the output's didx axis (the
    reduce-scatter of nvFuser's ReduceScatterP2p, before its local sum):
    iteration i sends the input's slice (k + i) mod n to that device and
    receives into the output's slot (n + k - i) mod n from that device."""
    src, dst = op.input, op.out
    ax, s_in = _axis(dst.type), stream_axis(src.type)
    if s_in is None or s_in != didx_axis(dst.type) or ax != didx_axis(src.type):
        raise _fail("the ring lowering of an alltoall needs the output's stream axis to be the input's didx axis "
                    "and the input's stream axis the output's didx axis", op)
    team = [int(x) for x in op.team.values]
    _one_slice_per_device(op, src.type, ax, team)
    ring = _ring(loop, team, op)
    loc = op.lazy_location
    mine = loop.slice(src, s_in, loc)  # along the ring index: the slice for device `index`
    loop.at_body()
    slot = loop.rw.create(hir.AliasSelectOp, dst, ring.back, axis=loop.parts.axis(ax),
                          result_types=[loop.parts.slice_type(dst.type, ax)], location=loc).result
    lower_ring(op, loop, p, mine, slot, recv_from=ring.back, send_to=ring.index)


def _inter_stream_sync(loop: StreamLoop, p: "LowerStreams", loc: Any) -> None:
    """nvFuser's inter_stream_synchronization: while i + 1 is below the
    pool size, the next iteration's stream waits for this one's, so the
    first round of transfers runs in ring order (no wrap-around)."""
    rw, idx = loop.rw, loop.parts.index
    loop.at_body()
    one = loop.bounds[2]
    nxt = rw.create(arith.AddIOp, loop.iv, one, result_types=[idx], location=loc).result
    pool = rw.create(arith.ConstantOp, value=loop.parts.const(p.num_streams), result_types=[idx],
                     location=loc).result
    cond = rw.create(arith.CmpIOp, nxt, pool, predicate=IntegerAttr(6, i64), result_types=[i1], location=loc).result
    op, then_b, else_b = _if(rw, cond, [], loc)
    rw.set_insertion_point_to_end(then_b)
    pool_size = loop.parts.pool
    worker = rw.create(hir.StreamOp, loop.iv, pool=pool_size, result_types=[StreamType()], location=loc).stream
    nxt_s = rw.create(hir.StreamOp, nxt, pool=pool_size, result_types=[StreamType()], location=loc).stream
    rw.create(hir.SetCurrentStreamOp, nxt_s, location=loc)
    rw.create(hir.SynchronizeOp, worker, location=loc)
    rw.create(hir.SetCurrentStreamOp, worker, location=loc)
    rw.create(scf.YieldOp, location=loc)
    rw.set_insertion_point_to_end(else_b)
    rw.create(scf.YieldOp, location=loc)


class WaitPattern(StreamPattern):
    """hir.wait of a communication already in the open loop joins it."""

    def extent(self, op: Operation, loop: StreamLoop | None) -> int | None:
        if not isinstance(op, hir.WaitOp) or loop is None or op.request.defining_op not in loop.members:
            return None
        return loop.extent

    def lower(self, op: Operation, loop: StreamLoop, p: "LowerStreams") -> None:
        loop.rw.move_op_before(op, loop.tail)


PATTERNS: list[StreamPattern] = [ComputePattern(), CommunicationPattern(), WaitPattern()]


def _hoistable(op: Operation) -> bool:
    """Allocations (and other operand-less allocate-only ops) may move above an open loop."""
    d = op.opdef
    if op.operands or op.regions or d is None or not issubclass(d, MemoryEffectsInterface):
        return False
    effects = d.effects(op)
    return bool(effects) and all(e.kind == ALLOCATE for e in effects)


def _stream_result(op: Operation) -> str | None:
    # a launch may read a stream-parallel tensor whole (it is a complete
    # buffer once its loop has run); it cannot produce one slice by slice
    for i, r in enumerate(op.results):
        if stream_axis(r.type) is not None:
            return f"result #{i}"
    return None


@register_pass
@dataclass
class LowerStreams(Pass):
    argument = "lower-streams"
    summary = "Run stream-parallel host ops in loops over their stream axis, one stream per iteration"
    anchor = "builtin.module"
    num_streams: int = field(default=4, metadata={"help": "size of the stream pool (iteration i runs on i mod N)"})
    fork: str = field(default="before-loop", metadata={
        "help": "where each worker stream waits for the main stream: before-loop: once, in a loop of its own "
                "before the work loop (nvFuser's StreamParallelType, #4217), so iterations on different streams "
                "overlap; in-loop: at the start of every iteration (nvFuser #4147; with join=in-loop the slices "
                "serialize)"})
    join: str = field(default="in-loop", metadata={
        "help": "where the main stream waits for each worker: in-loop: at the end of its iteration; "
                "after-loop: in a joining loop after the loop (nvFuser's AssignStreams)"})
    communication: str = field(default="auto", metadata={
        "help": "collective: one collective per slice; p2p: a stream-parallel allgather along its own didx axis "
                "(or an all-to-all swapping its stream and didx axes) becomes nvFuser's ring of per-iteration "
                "hir.send/hir.recv with the ring neighbours (send to self skipped, send waits deferred to the end "
                "of the iteration); auto: the ring where the stream axis is the input's didx axis (one slice per "
                "device), collectives elsewhere"})
    inter_stream_sync: bool = field(default=False, metadata={
        "help": "with communication=p2p: the next iteration's stream waits for this one's while i + 1 < "
                "num-streams (nvFuser's inter_stream_synchronization: ring order without wrap-around)"})
    predict: bool = field(default=True, metadata={
        "help": "report the predicted time of each host function with 1 stream and with num-streams streams "
                "(roofline cost model) as statistics"})
    statistic_help = {"loops": "stream loops created", "ops": "ops moved into stream loops",
                      "predicted-us-1-stream": "predicted time with one worker stream (us)",
                      "predicted-us-n-streams": "predicted time with num-streams worker streams (us)",
                      "async-regions": "async regions lowered to side streams and events",
                      "p2p-rings": "stream-parallel allgathers and all-to-alls lowered to send/recv rings"}

    def run(self, op: Operation) -> None:
        if self.num_streams < 1:
            self.fail(f"num-streams must be at least 1, got {self.num_streams}", op)
        if self.fork not in FORKS:
            self.fail(f"unknown fork '{self.fork}' (expected {' or '.join(FORKS)})", op)
        if self.join not in JOINS:
            self.fail(f"unknown join '{self.join}' (expected {' or '.join(JOINS)})", op)
        if self.communication not in COMMUNICATIONS:
            self.fail(f"unknown communication '{self.communication}' (expected {' or '.join(COMMUNICATIONS)})", op)
        body = op.regions[0].blocks[0]
        kernels = {o.callee.leaf for o in op.walk() if isinstance(o, hir.PostOnStreamOp) and o.callee is not None}
        for fn in [o for o in body.ops if isinstance(o, func.FuncOp)]:
            name = fn.sym_name
            if not fn.regions or not fn.regions[0].blocks:
                continue
            if isinstance(name, StringAttr) and name.value in kernels:
                continue  # launched kernels run whole; their launches are checked below
            with no_gc():  # the cyclic GC would rescan the growing IR (superlinear); see hlopt.ir.core.no_gc
                self._lower_function(fn)
        if self.predict and self.statistics.get("loops"):
            self._predict(op)

    def _predict(self, module: Operation) -> None:
        """Statistics: the host programs' predicted time without and with
        stream overlap (hlopt.analysis.hir_schedule)."""
        from hlopt.analysis.hir_eval import EvalError
        from hlopt.analysis.hir_schedule import host_functions, simulate

        try:
            for name in host_functions(module):
                self.stat("predicted-us-1-stream", round(simulate(module, name, streams=1)))
                self.stat("predicted-us-n-streams", round(simulate(module, name)))
        except (EvalError, KeyError) as e:  # a program the evaluator cannot run: no prediction
            self.statistics.pop("predicted-us-1-stream", None)
            self.statistics.pop("predicted-us-n-streams", None)
            self.stat("unpredicted", 1)
            del e

    def _lower_function(self, fn: Operation) -> None:
        # a function input may have a stream axis (nvFuser: "inputs can now be
        # stream parallelized"): it is a whole buffer, which the loops of its
        # consumers slice like any other
        block = fn.regions[0].blocks[0]
        rw = Rewriter()
        parts = LoopParts(self.num_streams)
        loop: StreamLoop | None = None
        self.erased: set[Operation] = set()  # ops a pattern erased ahead of the walk
        for op in list(block.ops):
            if op in self.erased:
                continue
            self._check_reduced_stream_axis(op)
            if isinstance(op, hir.PostOnStreamOp):
                where = _stream_result(op)
                if where is not None:
                    self.fail(f"a kernel launch cannot be stream-parallel ({where} has a stream axis)", op)
            pattern: StreamPattern | None = None
            extent = 0
            for pat in PATTERNS:
                e = pat.extent(op, loop)
                if e is not None:
                    pattern, extent = pat, e
                    break
            if pattern is None:
                if loop is not None and _hoistable(op):
                    rw.move_op_before(op, loop.head)
                    continue
                loop = None
                continue
            # a ring re-indexes every slice of its loop per device while a
            # collective needs every device on the same slice: an op of the
            # other form (or a ring over another team) starts a loop of its
            # own after the open one, which reads the open loop's results whole
            form = pattern.form(op, self)
            if loop is None or loop.extent != extent or (form is not None and loop.form not in (None, form)):
                loop = StreamLoop(rw, op, extent, self.num_streams, self.fork, self.join, parts)
                self.stat("loops")
            if form is not None:
                loop.form = form
            pattern.lower(op, loop, self)
            self.stat("ops")
        from hlopt.passes.async_streams import lower_async_regions  # async regions: side streams and events

        n = lower_async_regions(fn, rw, self.num_streams)
        if n:
            self.stat("async-regions", n)

    def _check_reduced_stream_axis(self, op: Operation) -> None:
        # an op whose result is not stream-parallel reads its inputs whole
        # (after their loops): it may reduce over a stream axis, as nvFuser's
        # ReduceScatterP2p sums over one
        d = op.opdef
        if d is None or not issubclass(d, ComputeOp) or stream_axis(d.dest_type(op)) is None:
            return
        for i, v in enumerate(d.inputs(op)):
            ax = stream_axis(v.type)
            if ax is not None and input_axis_map(op, i)[ax] is None:
                self.fail(f"operand #{i} has a stream axis on a reduction dimension ({ax})", op)
