"""A numpy evaluator for hir programs (self-contained; the StableHLO
interpreter lives in hlopt/interp).

Two levels:

* `run_global(module, fn, inputs)`: fusion semantics on global tensors,
  sharding ignored (what the program means);
* `run_devices(module, fn, inputs)`: the host program as every device of
  the meshes runs it: each value maps device -> local array (the shard the
  device holds; absent where the device is not in the value's mesh);
  `hir.allocate` makes zeroed buffers, `hir.alias_select` numpy views, ops
  with `into` write through them, communications move data between the
  devices' arrays, kernels run their outlined functions, and streams run in
  program order (every stream op is recorded in `trace`, in order, for
  schedule views). Devices run in lockstep: a value that differs by device
  (`hir.team_rank` and index arithmetic on it) maps device -> value, a
  branch on one runs each side for its devices only, and `hir.send` /
  `hir.recv` pairs are matched between devices as they are posted.

`trace_host` records the host actions without numerics; each records the
buffer regions it reads and writes (a root buffer and the alias_select path
into it), for the race check (hlopt.analysis.hir_races). Traced for one
given device, it records only what that device does: a communication,
send or receive whose team excludes the device is a no-op for it (as
nvFuser's postSingleCommunication returns no work for a non-member), and so
is its wait; the `hir.team_rank` of a team without the device has no value
there (`ABSENT`), nor has what is computed from it, and a branch on such a
value runs neither side; compute,
kernels and allocations run where the device is in their mesh. A program
that differs by device (`per_device`) must be traced one device at a time.

`shard(x, type)` splits a global array as a type's sharding places it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from hlopt.dialects import arith, func, hir, scf
from hlopt.dialects.hir import ComputeOp, ReduceOp, local_slices
from hlopt.dialects.hir_attrs import didx_axis, local_shape, mesh_of
from hlopt.ir.attributes import IntegerAttr, StringAttr
from hlopt.ir.core import Block, Operation, Value
from hlopt.ir.types import FloatType, IntegerType, RankedTensorType, ShapedType, Type


class _Absent:
    """The value, on the device traced, of what only a team's members have
    (the team rank of a non-member, and what is computed from it)."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT = _Absent()


class EvalError(Exception):
    def __init__(self, message: str, op: Operation | None = None):
        super().__init__(message)
        self.op = op


_UNARY: dict[str, Callable] = {"hir.set": lambda x: x.copy(), "hir.abs": np.abs, "hir.neg": np.negative,
                               "hir.exp": np.exp}
_BINARY: dict[str, Callable] = {"hir.add": np.add, "hir.sub": np.subtract, "hir.mul": np.multiply,
                                "hir.div": np.divide, "hir.matmul": np.matmul}
_REDUCE: dict[str, Callable] = {"hir.sum": np.sum, "hir.max": np.max, "hir.min": np.min,
                                "sum": np.sum, "max": np.max, "min": np.min}


def dtype_of(t: Type) -> Any:
    assert isinstance(t, ShapedType)  # hir values are tensors
    et = t.element_type
    if isinstance(et, FloatType):
        return {"f16": np.float16, "f32": np.float32, "f64": np.float64}.get(et.name, np.float32)
    if isinstance(et, IntegerType):
        return {1: np.bool_, 8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}.get(et.width, np.int64)
    return np.float32


def shard(x: np.ndarray, t: Type) -> dict[int, np.ndarray]:
    """Device -> local array, as `t`'s sharding places the global `x`."""
    mesh = mesh_of(t)
    d = didx_axis(t)
    if d is None:
        return {dev: np.array(x, copy=True) for dev in mesh}
    return {dev: np.array(p, copy=True) for dev, p in zip(mesh, np.split(x, len(mesh), axis=d))}


@dataclass
class TraceEvent:
    """One host action: what ran (`kind`: kernel, compute, communication,
    wait, allocate, alias, stream ops...), on which stream, with which op."""

    kind: str
    stream: int
    op: Operation
    iteration: tuple[int, ...] = ()
    other: Any = None  # synchronize: the stream waited for; wait_event: the event's (stream, index);
    #                    send/recv (traced): the peer device; wait (traced): ("p2p" or "comm", trace
    #                    index of the send/recv or communication it completes), None for a null request
    reads: tuple["Region", ...] = ()  # trace_host only: buffer regions read and written
    writes: tuple["Region", ...] = ()


# A buffer region: (root buffer number, ((axis, index), ...) of the
# alias_selects from the root); roots: function arguments and every buffer
# an op creates.
Region = tuple[int, tuple[tuple[int, int], ...]]


# the terminators a block the evaluator runs ends with (their operands are its results)
_TERMINATORS = (func.ReturnOp, hir.YieldOp, scf.YieldOp)


class _Machine:
    def __init__(self, module: Operation, global_mode: bool, dry: bool = False):
        self.global_mode = global_mode
        self.dry = dry  # trace only: no numerics (buffers are None)
        self.funcs = {o.sym_name.value: o for o in module.regions[0].blocks[0].ops
                      if isinstance(o, func.FuncOp) and isinstance(o.sym_name, StringAttr)}
        self.trace: list[TraceEvent] = []
        self.stream = 0  # the current stream (0: the stream current at entry)
        self.iters: list[int] = []
        self.depth = 0  # > 0 inside a launched kernel (its ops are one kernel event)
        # devices run in lockstep (SPMD); values that differ by device (the
        # team rank and what is computed from it) are dicts device -> value,
        # and a branch on one runs each side for its devices only (`active`)
        self.active: frozenset[int] | None = None
        self.device: int | None = None  # dry runs of a program with per-device values: the one device traced
        self.mail: dict[tuple[int, int], list[tuple[str, Any]]] = {}  # unmatched sends / recvs
        # dry runs: the region each value's stand-in names (keyed by id; the
        # stand-in is kept alive beside it so ids are not reused)
        self.regions: dict[int, tuple[Any, Region]] = {}

    # -- regions (dry runs) ------------------------------------------------------
    def new_root(self, obj: Any) -> Region:
        r = (len(self.regions), ())
        self.regions[id(obj)] = (obj, r)
        return r

    def region(self, obj: Any) -> Region | None:
        e = self.regions.get(id(obj))
        return e[1] if e is not None and e[0] is obj else None

    def regions_of(self, objs: Sequence[Any]) -> tuple[Region, ...]:
        return tuple(r for r in map(self.region, objs) if r is not None)

    def takes_part(self, types: Sequence[Type]) -> bool:
        """A dry run for one device: whether it is in any of these meshes
        (always, when every device's actions are traced together)."""
        return self.device is None or any(self.device in mesh_of(t) for t in types)

    def held(self, op: Operation, *objs: Any) -> None:
        """The traced device acts in `op`: it must have every operand."""
        if any(o is ABSENT for o in objs):
            raise EvalError(f"device {self.device} runs '{op.name}' on a value only another team has", op)

    # -- values --------------------------------------------------------------
    def devices(self, t: Type) -> tuple[int, ...]:
        devs = (0,) if self.global_mode else mesh_of(t)
        return devs if self.active is None else tuple(d for d in devs if d in self.active)

    def local(self, t: Type) -> tuple[int, ...]:
        assert isinstance(t, RankedTensorType)  # hir values are ranked tensors
        return tuple(t.shape) if self.global_mode else local_shape(t)

    def call(self, name: str, args: Sequence[Any], at: Operation | None = None) -> list[Any]:
        fn = self.funcs.get(name)
        if fn is None or not fn.regions or not fn.regions[0].blocks:
            raise EvalError(f"no function body for @{name}", at)
        block = fn.regions[0].blocks[0]
        env: dict[Value, Any] = dict(zip(block.args, args))
        return self.run_block(block, env)

    def run_block(self, block: Block, env: dict[Value, Any]) -> list[Any]:
        for op in block.ops:
            if isinstance(op, _TERMINATORS):
                return [env[v] for v in op.operands]
            self.run_op(op, env)
        return []

    def record(self, kind: str, op: Operation, other: Any = None, reads: tuple[Region, ...] = (),
               writes: tuple[Region, ...] = ()) -> None:
        if self.depth:
            return
        self.trace.append(TraceEvent(kind, self.stream, op, tuple(self.iters), other, reads, writes))

    # -- ops -------------------------------------------------------------------
    def run_op(self, op: Operation, env: dict[Value, Any]) -> None:
        name = op.name
        d = op.opdef
        if d is not None and isinstance(d, type) and issubclass(d, ComputeOp):
            self.compute(op, d, env)
            return
        handler = getattr(self, "op_" + name.replace(".", "_"), None)
        if handler is None:
            raise EvalError(f"the hir evaluator cannot run '{name}'", op)
        handler(op, env)

    def compute(self, op: Operation, d: Any, env: dict[Value, Any]) -> None:
        ins = d.inputs(op)
        dest_t = d.dest_type(op)
        out = d.dest(op)
        res: dict[int, np.ndarray] = {}
        written: Region | None
        if self.dry:
            if out is None:
                env[op.result] = dict.fromkeys(self.devices(dest_t))
                written = self.new_root(env[op.result])
            if not self.takes_part([dest_t]):
                return
            self.held(op, *(env[v] for v in ins), env[out] if out is not None else None)
            if out is not None:
                written = self.region(env[out])
            self.record("compute", op, reads=self.regions_of([env[v] for v in ins]),
                        writes=(written,) if written is not None else ())
            return
        # a replicated input axis whose result axis is didx: each device
        # takes its own chunk (a local slice, no communication)
        cuts = [] if self.global_mode else [local_slices(op, i) for i in range(len(ins))]
        mesh = mesh_of(dest_t)
        for dev in self.devices(dest_t):
            args = []
            for k, v in enumerate(ins):
                local = env[v].get(dev)
                if local is None:
                    raise EvalError(f"device {dev} holds no data for an operand of '{op.name}'", op)
                for a in cuts[k] if cuts else ():
                    local = np.split(local, len(mesh), axis=a)[mesh.index(dev)]
                args.append(local)
            if op.name in _UNARY:
                r = _UNARY[op.name](args[0])
            elif op.name in _BINARY:
                r = _BINARY[op.name](args[0], args[1])
            elif issubclass(d, ReduceOp):
                r = _REDUCE[op.name](args[0], axis=tuple(d.reduced_dims(op)))
            else:
                raise EvalError(f"the hir evaluator cannot run '{op.name}'", op)
            r = np.asarray(r, dtype=dtype_of(dest_t))
            if out is not None:
                buf = env[out].get(dev)
                if buf is None:
                    raise EvalError(f"device {dev} has no buffer for the destination of '{op.name}'", op)
                buf[...] = r
            else:
                res[dev] = r
        self.record("compute", op)
        if out is None:
            env[op.result] = res

    def op_arith_constant(self, op: arith.ConstantOp, env: dict) -> None:
        v = op.value
        if not isinstance(v, IntegerAttr):
            raise EvalError("the hir evaluator only runs integer/index constants", op)
        env[op.result] = v.value

    # index arithmetic (ring peers): values are ints, or device -> int
    def _lift(self, op: Operation, env: dict, f: Callable) -> None:
        xs = [env[v] for v in op.operands]
        if any(x is ABSENT for x in xs):
            env[op.result] = ABSENT
            return
        keys = next((list(x) for x in xs if isinstance(x, dict)), None)
        if keys is None:
            env[op.result] = f(*xs)
        else:
            env[op.result] = {k: f(*(x[k] if isinstance(x, dict) else x for x in xs)) for k in keys}

    def op_arith_addi(self, op: Operation, env: dict) -> None:
        self._lift(op, env, lambda a, b: a + b)

    def op_arith_subi(self, op: Operation, env: dict) -> None:
        self._lift(op, env, lambda a, b: a - b)

    def op_arith_muli(self, op: Operation, env: dict) -> None:
        self._lift(op, env, lambda a, b: a * b)

    def op_arith_remui(self, op: Operation, env: dict) -> None:
        self._lift(op, env, lambda a, b: a % b)

    def op_arith_remsi(self, op: Operation, env: dict) -> None:
        self._lift(op, env, lambda a, b: int(np.fmod(a, b)))

    def op_arith_cmpi(self, op: arith.CmpIOp, env: dict) -> None:
        pred = op.predicate.value
        tests = {0: lambda a, b: a == b, 1: lambda a, b: a != b, 2: lambda a, b: a < b, 3: lambda a, b: a <= b,
                 4: lambda a, b: a > b, 5: lambda a, b: a >= b, 6: lambda a, b: a < b, 7: lambda a, b: a <= b,
                 8: lambda a, b: a > b, 9: lambda a, b: a >= b}
        self._lift(op, env, tests[pred])

    def op_scf_if(self, op: scf.IfOp, env: dict) -> None:
        c = env[op.condition]
        if c is ABSENT:  # a branch on what the traced device does not have: it runs neither side
            for r in op.results:
                env[r] = ABSENT
            return
        if not isinstance(c, dict):
            region = op.thenRegion if c else op.elseRegion
            outs = self.run_block(region.blocks[0], dict(env)) if region.blocks else []
            for r, v in zip(op.results, outs):
                env[r] = v
            return
        if self.dry:
            raise EvalError("a branch on a per-device value needs a device to trace", op)
        merged: list[dict] = [{} for _ in op.results]
        outer = self.active
        for region, take in ((op.thenRegion, True), (op.elseRegion, False)):
            devs = frozenset(d for d, v in c.items() if bool(v) == take and (outer is None or d in outer))
            if not devs or not region.blocks:
                continue
            self.active = devs
            try:
                outs = self.run_block(region.blocks[0], dict(env))
            finally:
                self.active = outer
            for m, v in zip(merged, outs):
                m.update({d: v[d] if isinstance(v, dict) else v for d in devs if not isinstance(v, dict) or d in v})
        for r, m in zip(op.results, merged):
            env[r] = m

    def op_hir_team_rank(self, op: hir.TeamRankOp, env: dict) -> None:
        team = [int(x) for x in op.team.values]
        if self.dry:
            if self.device is None:
                raise EvalError("hir.team_rank differs by device: trace one device at a time", op)
            env[op.rank] = team.index(self.device) if self.device in team else ABSENT
        else:
            env[op.rank] = {d: k for k, d in enumerate(team) if self.active is None or d in self.active}

    def op_hir_null_request(self, op: hir.NullRequestOp, env: dict) -> None:
        env[op.request] = None

    def _p2p(self, op: hir.SendOp | hir.RecvOp, env: dict, send: bool) -> None:
        team = [int(x) for x in op.team.values]
        buf, peer = env[op.buffer], env[op.peer]
        env[op.request] = None
        if self.dry:
            if self.device is not None and self.device not in team:
                env[op.request] = ABSENT  # not a member: no transfer, nothing to wait for
                return
            self.held(op, buf, peer)
            r = self.region(buf)
            regions = (r,) if r is not None else ()
            # the traced device's peer (a device id), and a request naming this
            # post's trace index, which its hir.wait records (deadlock check)
            p = peer.get(self.device) if isinstance(peer, dict) else peer
            other = team[p] if isinstance(p, int) and 0 <= p < len(team) else None
            env[op.request] = ("p2p", len(self.trace))
            self.record("send" if send else "recv", op, other, reads=regions if send else (),
                        writes=() if send else regions)
            return
        for dev, local in buf.items():
            if (self.active is not None and dev not in self.active) or dev not in team:  # not a member: a no-op
                continue
            p = peer[dev] if isinstance(peer, dict) else peer
            if not 0 <= p < len(team):
                raise EvalError(f"peer {p} is outside the team of {len(team)} devices", op)
            other = team[p]
            key = (dev, other) if send else (other, dev)
            queue = self.mail.setdefault(key, [])
            want = "recv" if send else "send"
            if queue and queue[0][0] == want:  # the other side is waiting: transfer now
                _, x = queue.pop(0)
                if send:
                    x[...] = local
                else:
                    local[...] = x
            else:
                queue.append(("send", np.array(local, copy=True)) if send else ("recv", local))
        self.record("send" if send else "recv", op)

    def op_hir_send(self, op: hir.SendOp, env: dict) -> None:
        self._p2p(op, env, True)

    def op_hir_recv(self, op: hir.RecvOp, env: dict) -> None:
        self._p2p(op, env, False)

    def op_scf_for(self, op: scf.ForOp, env: dict) -> None:
        lb, ub, step = (env[v] for v in (op.lowerBound, op.upperBound, op.step))
        if ABSENT in (lb, ub, step):
            raise EvalError(f"device {self.device} has no value for a bound of this loop", op)
        carried = [env[v] for v in op.initArgs]
        block = op.region.blocks[0]
        for i in range(lb, ub, step):
            self.iters.append(i)
            inner = dict(env)
            inner[block.args[0]] = i
            inner.update(zip(block.args[1:], carried))
            carried = self.run_block(block, inner)
            self.iters.pop()
        for r, v in zip(op.results, carried):
            env[r] = v

    def op_hir_kernel(self, op: Operation, env: dict) -> None:
        block = op.regions[0].blocks[0]
        inner: dict[Value, Any] = dict(zip(block.args, (env[v] for v in op.operands)))
        for r, v in zip(op.results, self.run_block(block, inner)):
            env[r] = v

    def op_hir_post_on_stream(self, op: hir.PostOnStreamOp, env: dict) -> None:
        if self.dry and not self.takes_part([v.type for v in (*op.operands, *op.results)]):
            for r in op.results:  # a kernel of other devices: its results are buffers of theirs
                env[r] = dict.fromkeys(mesh_of(r.type))
                self.new_root(env[r])
            return
        if self.dry:
            self.held(op, *(env[v] for v in op.operands))
        at = len(self.trace)
        self.record("kernel", op)
        self.depth += 1
        try:
            outs = self.call(op.callee.leaf, [env[v] for v in op.operands], op)
        finally:
            self.depth -= 1
        for r, v in zip(op.results, outs):
            env[r] = v
        if self.dry and at < len(self.trace):  # the launch reads its operands, writes its results
            e = self.trace[at]
            e.reads = self.regions_of([env[v] for v in op.operands])
            e.writes = self.regions_of(outs)

    def op_func_call(self, op: func.CallOp, env: dict) -> None:
        outs = self.call(op.callee.leaf, [env[v] for v in op.operands], op)
        for r, v in zip(op.results, outs):
            env[r] = v

    def op_hir_allocate(self, op: hir.AllocateOp, env: dict) -> None:
        t = op.result.type
        if self.dry:
            env[op.result] = dict.fromkeys(self.devices(t))
            self.new_root(env[op.result])
            if not self.takes_part([t]):
                return
        else:
            env[op.result] = {dev: np.zeros(self.local(t), dtype_of(t)) for dev in self.devices(t)}
        self.record("allocate", op)

    def op_hir_alias_select(self, op: hir.AliasSelectOp, env: dict) -> None:
        axis = op.axis.value
        i = env[op.index]
        if i is ABSENT or env[op.input] is ABSENT:
            env[op.result] = ABSENT
            return

        def at(dev: int, a: Any) -> Any:
            k = i[dev] if isinstance(i, dict) else i  # a per-device index (ring lowering)
            return a[(slice(None),) * axis + (k, Ellipsis)] if a is not None else None  # a view even when 0-d

        env[op.result] = {dev: at(dev, a) for dev, a in env[op.input].items()
                              if not isinstance(i, dict) or dev in i}
        base = self.region(env[op.input]) if self.dry else None
        if base is not None:
            self.regions[id(env[op.result])] = (env[op.result], (base[0], base[1] + ((axis, i),)))

    # streams run in program order: only the current stream is tracked
    def op_hir_get_current_stream(self, op: hir.GetCurrentStreamOp, env: dict) -> None:
        env[op.stream] = self.stream

    def op_hir_stream(self, op: hir.StreamOp, env: dict) -> None:
        env[op.stream] = 1 + env[op.index] % op.pool.value

    def op_hir_set_current_stream(self, op: hir.SetCurrentStreamOp, env: dict) -> None:
        self.stream = env[op.stream]
        self.record("set_stream", op)

    def op_hir_synchronize(self, op: hir.SynchronizeOp, env: dict) -> None:
        self.record("synchronize", op, env[op.stream])

    def op_hir_record_event(self, op: hir.RecordEventOp, env: dict) -> None:
        env[op.event] = (env[op.stream], len(self.trace))
        self.record("record_event", op, env[op.event])

    def op_hir_wait_event(self, op: hir.WaitEventOp, env: dict) -> None:
        self.record("wait_event", op, env[op.event])

    def op_hir_wait(self, op: hir.WaitOp, env: dict) -> None:
        req = env.get(op.request)
        if req is ABSENT:  # the request of a communication the traced device is not in
            return
        self.record("wait", op, req if self.dry else None)

    def op_hir_communication(self, op: hir.CommunicationOp, env: dict) -> None:
        kind = op.kind.value
        if self.active is not None:
            raise EvalError(f"a collective ({kind}) cannot run on only some devices of its team (inside a branch)", op)
        if self.dry:
            team = [int(x) for x in op.team.values]
            if self.device is not None and self.device not in team:
                env[op.request] = ABSENT
                return
            self.held(op, *(env[v] for v in op.operands))
            # a request naming this post's trace index, which its hir.wait records
            env[op.request] = ("comm", len(self.trace))
            read, written = (self.region(env[v]) for v in (op.input, op.out))
            self.record("communication", op, reads=(read,) if read is not None else (),
                        writes=(written,) if written is not None else ())
            return
        src_v, dst_v = op.input, op.out
        in_t, out_t = src_v.type, dst_v.type
        src, dst = mesh_of(in_t), mesh_of(out_t)
        di, do = didx_axis(in_t), didx_axis(out_t)
        inp, out = env[src_v], env[dst_v]

        def put(dev: int, x: np.ndarray) -> None:
            buf = out.get(dev)
            if buf is None:
                raise EvalError(f"device {dev} has no output buffer for the {kind}", op)
            buf[...] = x

        def out_axis() -> int:
            if do is None:
                raise EvalError(f"the {kind}'s output has no didx axis to split along", op)
            return do

        def get(dev: int) -> np.ndarray:
            x = inp.get(dev)
            if x is None:
                raise EvalError(f"device {dev} holds no input for the {kind}", op)
            return x

        if kind in ("allgather", "gather"):
            full = np.concatenate([get(d) for d in src], axis=di)
            for dev in dst:
                put(dev, full)
        elif kind == "alltoall":
            full = np.concatenate([get(d) for d in src], axis=di)
            for dev, part in zip(dst, np.split(full, len(dst), axis=out_axis())):
                put(dev, part)
        elif kind == "scatter":
            for dev, part in zip(dst, np.split(get(src[0]), len(dst), axis=out_axis())):
                put(dev, part)
        elif kind == "broadcast":
            team = [int(x) for x in op.team.values]
            root = src[0] if op.root_index is None else team[env[op.root_index]]  # a root operand: its position
            x = get(root)
            for dev in dst:
                put(dev, x)
        elif kind == "sendrecv":
            for s_dev, r_dev in zip(src, dst):
                put(r_dev, get(s_dev))
        else:
            red = _REDUCE[op.reduce.value]
            total = red(np.stack([red(get(d), axis=di) for d in src]), axis=0)
            if kind == "reducescatter":
                for dev, part in zip(dst, np.split(total, len(dst), axis=out_axis())):
                    put(dev, part)
            else:
                for dev in dst:
                    put(dev, total)
        self.record("communication", op)


def _check_args(fn: Operation, inputs: Sequence[np.ndarray]) -> list[Type]:
    types = [a.type for a in fn.regions[0].blocks[0].args]
    if len(types) != len(inputs):
        raise EvalError(f"expected {len(types)} inputs, got {len(inputs)}", fn)
    for t, x in zip(types, inputs):
        if not isinstance(t, RankedTensorType) or tuple(t.shape) != tuple(np.shape(x)):
            raise EvalError(f"input of shape {list(np.shape(x))} does not fit '{t.text}'", fn)
    return types


def run_global(module: Operation, fn: str, inputs: Sequence[np.ndarray]) -> list[np.ndarray]:
    """The fusion's meaning: global arrays in, global arrays out."""
    m = _Machine(module, True)
    f = m.funcs.get(fn)
    if f is None:
        raise EvalError(f"no function @{fn}")
    types = _check_args(f, inputs)
    outs = m.call(fn, [{0: np.asarray(x, dtype_of(t))} for x, t in zip(inputs, types)])
    return [o[0] for o in outs]


def per_device(module: Operation) -> bool:
    """The host program has values that differ by device (hir.team_rank):
    its trace is one per device."""
    return any(isinstance(o, hir.TeamRankOp) for o in module.walk())


def trace_host(module: Operation, fn: str, device: int | None = None) -> list[TraceEvent]:
    """The host actions of `fn` in order, without computing values (for
    schedule simulation); `device`: the device traced when the program
    differs by device (per_device)."""
    return host_accesses(module, fn, device)[0]


def host_accesses(module: Operation, fn: str, device: int | None = None
                  ) -> tuple[list[TraceEvent], list[Region], list[Region]]:
    """`trace_host`, plus the regions of `fn`'s arguments and of its results
    (for one `device`: those in its meshes)."""
    m = _Machine(module, False, dry=True)
    m.device = device
    f = m.funcs.get(fn)
    if f is None:
        raise EvalError(f"no function @{fn}")
    types = [a.type for a in f.regions[0].blocks[0].args]
    args = [dict.fromkeys(mesh_of(t)) for t in types]
    roots = [m.new_root(a) for a in args]  # numbered alike on every device
    arg_regions = [r for r, t in zip(roots, types) if m.takes_part([t])]
    outs = m.call(fn, args)
    mine = [o for o, t in zip(outs, f.function_type.type.results) if m.takes_part([t])]
    return m.trace, arg_regions, list(m.regions_of(mine))


def run_devices(module: Operation, fn: str, inputs: Sequence[np.ndarray]
                ) -> tuple[list[dict[int, np.ndarray]], list[TraceEvent]]:
    """The host program on every device: global inputs are sharded as the
    argument types say; returns each result as device -> local array, and
    the trace of host actions."""
    m = _Machine(module, False)
    f = m.funcs.get(fn)
    if f is None:
        raise EvalError(f"no function @{fn}")
    types = _check_args(f, inputs)
    outs = m.call(fn, [shard(np.asarray(x, dtype_of(t)), t) for x, t in zip(inputs, types)])
    left = sorted(k for k, q in m.mail.items() if q)
    if left:
        src, dst = left[0]
        raise EvalError(f"a {m.mail[left[0]][0][0]} between devices {src} and {dst} has no matching transfer", f)
    return outs, m.trace


__all__ = ["ABSENT", "EvalError", "Region", "TraceEvent", "host_accesses", "per_device", "run_global", "run_devices", "shard", "trace_host"]
