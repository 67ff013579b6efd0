"""`--stablehlo-async-to-mhlo` and `--mhlo-async-to-stablehlo`: the RFC's
isomorphism between async values and HLO async bundles (seed 000).

Forward, for each stablehlo.async_start (either form):
- its body moves into a new private `func.func @async_body_N` with
  `execution_thread = "main"` at the end of the module (stablehlo.return
  becomes func.return);
- the start becomes `mhlo.async_start` with `called_computation` on
  `!mhlo.async_bundle<tuple<operands>, results, tensor<i32>>`;
- one async_done awaiting every result in order becomes `mhlo.async_done`;
  when a start is awaited in parts (the RFC allows it), one
  `mhlo.async_update` goes before the first await and each await becomes an
  `mhlo.async_done` of the update with `hlopt.awaited = array<i64: ...>`
  naming the results it takes (also used, without the update, when a single
  await takes the results in another order).
Upstream's `!stablehlo.future` form is marked `hlopt.future` on the start.

With `xla-compatible` (the default) only what XLA runs asynchronously is
lowered: XLA's exporter turns a computation whose body is one all_gather,
all_reduce or collective_permute of one operand, returned as is, into
XLA's native start/done pair; any other async computation goes to XLA's
generic async wrapper, whose done the exporter gives a tuple shape even
for one result, so its users receive a tuple where they need an array:
jaxlib 0.10.2 aborts (SIGABRT, "Check failed: buffer != nullptr" in
shape.h) on the upstream form's reduce_scatter, and rejects the others
("Expected array argument ...", "Convert does not allow non-arrays" for
all_to_all). Such a start is made synchronous again (its body inlined
where it started) with a remark.

Backward inverts it exactly: the output of one direction fed to the other
gives the input back, byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from hlopt.dialects import mhlo
from hlopt.dialects.func import FuncOp
from hlopt.dialects.func import ReturnOp as FuncReturnOp
from hlopt.dialects.mhlo import AsyncBundleType
from hlopt.dialects.stablehlo.reductions_control_flow import ReturnOp
from hlopt.dialects.stablehlo.types import FutureType
from hlopt.dialects.stablehlo_async import AsyncDoneOp, AsyncStartOp, AsyncType, is_rfc_start
from hlopt.ir.attributes import DenseArrayAttr, DictionaryAttr, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr
from hlopt.ir.context import current_context
from hlopt.ir.core import Operation, Region, Value
from hlopt.ir.rewriter import Rewriter
from hlopt.ir.types import FunctionType, RankedTensorType, i32, i64
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass

AWAITED, FUTURE = "hlopt.awaited", "hlopt.future"
_CONTEXT = RankedTensorType((), i32)


def _without(d: DictionaryAttr, *names: str) -> DictionaryAttr:
    return DictionaryAttr([(k, v) for k, v in d.entries if k not in names])


def _with(d: DictionaryAttr, name: str, value) -> DictionaryAttr:
    return DictionaryAttr(list(d.entries) + [(name, value)])


def _symbols(module: Operation) -> dict[str, Operation]:
    out = {}
    for r in module.regions:
        for b in r.blocks:
            for o in b.ops:
                sn = o.get_attr("sym_name")
                if isinstance(sn, StringAttr):
                    out[sn.value] = o
    return out


def _block_order(op: Operation) -> int:
    assert op.parent is not None  # ops of one block
    op.parent._ensure_order()
    return op._order


def _in_order(ops: set[Operation]) -> list[Operation]:
    """Ops of one block in block order."""
    out: list[Operation] = []
    o = min(ops, key=_block_order) if ops else None
    while o is not None and len(out) < len(ops):
        if o in ops:
            out.append(o)
        o = o.next_op
    return out


def _move_body(rw: Rewriter, src: Region, dst: Region, terminator: type[ReturnOp] | type[FuncReturnOp]) -> None:
    """Move the blocks of `src` into the empty `dst`; retarget the terminator."""
    rw.inline_region_before(src, dst, 0)
    for b in dst.blocks:
        ret = b.last_op
        if isinstance(ret, (ReturnOp, FuncReturnOp)):
            new = rw.replace_op_with_new(ret, terminator, list(ret.operands), result_types=[])
            new.attributes = ret.attributes


# XLA's exporter lowers these (one operand, result returned as is) to native async pairs
XLA_NATIVE_ASYNC = ("stablehlo.all_gather", "stablehlo.all_reduce", "stablehlo.collective_permute")


def xla_async_obstacle(start: AsyncStartOp) -> str | None:
    """Why XLA cannot run this async computation asynchronously (None: it can)."""
    blocks = start.body.blocks
    ops = list(blocks[0].ops) if len(blocks) == 1 else []
    kinds = ", ".join(sorted({o.name for o in ops[:-1]})) or "nothing"
    native = "XLA runs only one all_gather, all_reduce or collective_permute of one operand asynchronously"
    if len(ops) != 2:
        return f"{native} (the body holds {kinds})"
    coll, ret = ops
    if coll.name not in XLA_NATIVE_ASYNC:
        return f"{native} (the body holds {coll.name})"
    if len(coll.operands) != 1 or len(coll.results) != 1:
        return f"{native} (this {coll.name} has {len(coll.operands)} operands)"
    if list(ret.operands) != list(coll.results):
        return f"{native} (the body does not return its result as is)"
    if list(coll.operands) != list(blocks[0].args):  # its one operand (checked above)
        return f"{native} (the body's argument is not the collective's operand)"
    return None


def make_synchronous(rw: Rewriter, start: AsyncStartOp) -> None:
    """Inline the body of `start` where it stands; its awaits read the body's results."""
    block = start.body.blocks[0]
    ret = block.last_op
    assert ret is not None  # the body's terminator
    values = list(ret.operands)
    index: dict[Value, int] = {r: i for i, r in enumerate(start.results)}
    dones = {u.owner for r in start.results for u in r.uses}
    rw.erase_op(ret)
    rw.inline_block_before(block, start, list(start.inputs))
    for d in dones:
        if is_rfc_start(start):
            picked = [values[index[v]] for v in d.operands]
        else:
            picked = values
        for old, new in zip(d.results, picked):
            rw.replace_all_uses_with(old, new)
        rw.erase_op(d)
    rw.erase_op(start)


@register_pass
@dataclass
class StablehloAsyncToMhlo(Pass):
    argument = "stablehlo-async-to-mhlo"
    summary = "Lower stablehlo async_start/async_done to mhlo async bundles with outlined bodies"
    anchor = "builtin.module"
    xla_compatible: bool = field(default=True, metadata={
        "help": "lower only the bodies XLA runs asynchronously (one all_gather, all_reduce or collective_permute); "
                "make the others synchronous again, with a remark"})
    statistic_help = {"num-lowered": "Number of async_start ops lowered", "num-updates": "Number of async_update ops",
                      "num-kept-sync": "Number of async_start ops made synchronous for XLA"}

    def run(self, module: Operation) -> None:
        rw = Rewriter()
        taken = set(_symbols(module))
        counter = 0
        top = module.regions[0].blocks[0]
        for start in [o for o in module.walk() if isinstance(o, AsyncStartOp)]:
            why = xla_async_obstacle(start) if self.xla_compatible else None
            if why is not None:
                current_context().emit("remark", f"async_start left synchronous: {why}", start)
                make_synchronous(rw, start)
                self.stat("num-kept-sync")
                continue
            name = f"async_body_{counter}"
            while name in taken:
                counter += 1
                name = f"async_body_{counter}"
            taken.add(name)
            counter += 1
            self._lower(rw, start, name, top)
            self.stat("num-lowered")

    def _lower(self, rw: Rewriter, start: AsyncStartOp, name: str, top) -> None:
        rfc = is_rfc_start(start)
        body = start.body
        ret = body.blocks[0].last_op
        assert ret is not None  # the body's terminator
        results = list(ret.operand_types)
        loc = start.location
        # the outlined body
        rw.set_insertion_point_to_end(top)
        fn = rw.create(FuncOp, function_type=TypeAttr(FunctionType(start.operand_types, results)),
                       sym_name=StringAttr(name), sym_visibility=StringAttr("private"),
                       attributes={"execution_thread": StringAttr("main")}, location=loc)
        _move_body(rw, body, fn.body, FuncReturnOp)
        # the start
        bundle = AsyncBundleType.of(start.operand_types, results, _CONTEXT)
        attrs = start.attributes if rfc else _with(start.attributes, FUTURE, UnitAttr())
        rw.set_insertion_point_before(start)
        m = rw.create(mhlo.AsyncStartOp, list(start.inputs), called_computation=SymbolRefAttr(name),
                      execution_thread=StringAttr("main"), attributes=attrs, result_types=[bundle], location=loc)
        # the awaits, in block order
        # only async_done may await a future (AsyncStartOp.verify)
        dones = [cast(AsyncDoneOp, d) for d in _in_order({u.owner for r in start.results for u in r.uses})]
        index: dict[Value, int] = {r: i for i, r in enumerate(start.results)}
        src = m.bundle
        whole = list(range(len(results)))
        if len(dones) > 1:
            rw.set_insertion_point_before(dones[0])
            src = rw.create(mhlo.AsyncUpdateOp, src, result_types=[bundle], location=dones[0].location).updated
            self.stat("num-updates")
        for d in dones:
            awaited = [index[v] for v in d.futures] if rfc else whole
            a = d.attributes
            if awaited != whole or len(dones) > 1:
                a = _with(a, AWAITED, DenseArrayAttr(i64, awaited))
            rw.set_insertion_point_before(d)
            new = rw.create(mhlo.AsyncDoneOp, src, result_types=results, attributes=a, location=d.location)
            for j, i in enumerate(awaited):
                rw.replace_all_uses_with(d.values[j], new.values[i])
            rw.erase_op(d)
        rw.erase_op(start)


@register_pass
@dataclass
class MhloAsyncToStablehlo(Pass):
    argument = "mhlo-async-to-stablehlo"
    summary = "Raise mhlo async bundles back to stablehlo async_start/async_done (inverse of stablehlo-async-to-mhlo)"
    anchor = "builtin.module"
    statistic_help = {"num-raised": "Number of mhlo.async_start ops raised"}

    def run(self, module: Operation) -> None:
        rw = Rewriter()
        symbols = _symbols(module)
        starts = [o for o in module.walk() if isinstance(o, mhlo.AsyncStartOp)]
        calls: dict[str, int] = {}
        for s in starts:
            ref = s.called_computation
            if isinstance(ref, SymbolRefAttr):
                calls[ref.root] = calls.get(ref.root, 0) + 1
        for s in starts:
            ref = s.called_computation
            fn = symbols.get(ref.root) if isinstance(ref, SymbolRefAttr) and not ref.nested else None
            if not isinstance(fn, FuncOp) or not fn.body.blocks:
                self.fail("'mhlo.async_start' op called_computation does not name a function with a body", s)
            if calls[ref.root] > 1:
                self.fail(f"'mhlo.async_start' op called computation @{ref.root} is shared by several starts", s)
            self._raise(rw, s, fn)
            self.stat("num-raised")

    def _raise(self, rw: Rewriter, m: mhlo.AsyncStartOp, fn: FuncOp) -> None:
        rfc = FUTURE not in m.attributes
        results = list(fn.function_type.type.results)
        futures = [AsyncType.of(t) for t in results] if rfc else [FutureType.of(results)]
        rw.set_insertion_point_before(m)
        start = rw.create(AsyncStartOp, list(m.inputs), result_types=futures, attributes=_without(m.attributes, FUTURE),
                          location=m.location)
        _move_body(rw, fn.body, start.body, ReturnOp)
        users = [u.owner for u in m.bundle.uses]
        updates = [o for o in users if isinstance(o, mhlo.AsyncUpdateOp)]
        dones = [o for o in users if isinstance(o, mhlo.AsyncDoneOp)]
        for up in updates:
            dones.extend(u.owner for u in up.updated.uses if isinstance(u.owner, mhlo.AsyncDoneOp))
        for d in dones:
            a = d.attributes.get(AWAITED)
            awaited = list(a.values) if isinstance(a, DenseArrayAttr) else list(range(len(results)))
            for i, r in enumerate(d.results):
                if i not in awaited and r.has_uses():
                    self.fail(f"'mhlo.async_done' op result #{i} is used but not listed in '{AWAITED}'", d)
            operands = [start.results_[i] for i in awaited] if rfc else list(start.results)
            rw.set_insertion_point_before(d)
            new = rw.create(AsyncDoneOp, operands, result_types=[results[i] for i in awaited],
                            attributes=_without(d.attributes, AWAITED), location=d.location)
            for j, i in enumerate(awaited):
                rw.replace_all_uses_with(d.values[i], new.values[j])
            rw.erase_op(d)
        for up in updates:
            rw.erase_op(up)
        rw.erase_op(m)
        rw.erase_op(fn)
