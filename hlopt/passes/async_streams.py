"""Async regions on host streams: the part of `--lower-streams` for
stablehlo.async_start/async_done (FEATURES.md sections 1 and 4).

Each async region runs on a side stream of the pool; the stream current
before it resumes afterwards. One event is recorded per result, right after
the op producing it (so a result computed early is awaitable early), and each
async_done waits only for the events of the results it awaits:

    %main = hir.get_current_stream
    %c = arith.constant K : index
    %side = hir.stream %c mod N
    hir.set_current_stream %side
    hir.synchronize %main          // the side stream waits for its operands
    ... body ops ...  %e_i = hir.record_event %side (after result i's producer)
    hir.set_current_stream %main
    ...
    hir.wait_event %e_i            // at each async_done, for the awaited results only

K counts the function's async regions from 0; `hir.stream` is pure, so
regions K and K + N share a stream.
"""

from __future__ import annotations

from hlopt.dialects import arith, hir
from hlopt.dialects.hir_attrs import EventType, StreamType
from hlopt.dialects.stablehlo_async import AsyncDoneOp, AsyncStartOp, is_rfc_start
from hlopt.ir.attributes import IntegerAttr
from hlopt.ir.core import Operation, OpResult, Value
from hlopt.ir.rewriter import Rewriter
from hlopt.ir.types import IndexType, i64


def lower_async_regions(fn: Operation, rw: Rewriter, num_streams: int) -> int:
    """Lower every async region of `fn`; returns how many."""
    starts = [o for o in fn.walk(post_order=False) if isinstance(o, AsyncStartOp)]
    for k, start in enumerate(starts):
        _lower(rw, start, k, num_streams)
    return len(starts)


def _result_index(v: Value) -> int:
    assert isinstance(v, OpResult)  # an await reads its start's results
    return v.index


def _lower(rw: Rewriter, start: AsyncStartOp, k: int, num_streams: int) -> None:
    loc = start.location
    idx = IndexType()
    rw.set_insertion_point_before(start)
    main = rw.create(hir.GetCurrentStreamOp, result_types=[StreamType()], location=loc).stream
    c = rw.create(arith.ConstantOp, value=IntegerAttr(k, idx), result_types=[idx], location=loc).result
    side = rw.create(hir.StreamOp, c, pool=IntegerAttr(num_streams, i64), result_types=[StreamType()],
                     location=loc).stream
    rw.create(hir.SetCurrentStreamOp, side, location=loc)
    sync = rw.create(hir.SynchronizeOp, main, location=loc)
    tail = rw.create(hir.SetCurrentStreamOp, main, location=loc)
    body = start.body.blocks[0]
    ret = body.last_op
    assert ret is not None  # the async body ends in its terminator (verified)
    rw.inline_block_before(body, tail, start.inputs)
    values = list(ret.operands)
    rw.erase_op(ret)
    # one event per result, after its producer (or at the region's start)
    events = []
    last: dict[Operation, Operation] = {}
    for v in values:
        producer = v.owner if isinstance(v, OpResult) and v.owner.parent is tail.parent else None
        if producer is not None and not sync.is_before_in_block(producer):
            producer = None  # defined before the region: available at its start
        key = producer if producer is not None else sync
        rw.set_insertion_point_after(last.get(key, key))
        ev = rw.create(hir.RecordEventOp, side, result_types=[EventType()], location=loc)
        last[key] = ev
        events.append(ev.event)
    # each await waits for just its results' events
    rfc = is_rfc_start(start)
    for done in list({u.owner: None for r in start.results for u in r.uses}):
        if not isinstance(done, AsyncDoneOp):
            continue
        awaited = [_result_index(r) for r in done.operands] if rfc else list(range(len(values)))
        rw.set_insertion_point_before(done)
        for i in awaited:
            rw.create(hir.WaitEventOp, events[i], location=done.location)
        for j, i in enumerate(awaited):
            rw.replace_all_uses_with(done.results[j], values[i])
        rw.erase_op(done)
    rw.erase_op(start)
