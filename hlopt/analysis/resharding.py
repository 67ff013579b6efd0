"""Which communication lowers a resharding op (nvFuser's choice).

set (copy between shardings):
  sharded -> sharded, other mesh      sendrecv (pairwise)
  sharded -> sharded on another axis  alltoall (same mesh)
  unsharded -> sharded                scatter (root: the one input device)
  sharded -> unsharded                allgather (same mesh) / gather (one output device)
  unsharded -> unsharded, other mesh  broadcast (one input device) / sendrecv (pairwise)
reduction over the input's didx axis:
  sharded output                      reducescatter
  unsharded output                    allreduce (same mesh) / reduce (one output device)
"""

from __future__ import annotations

from hlopt.dialects.hir import ComputeOp, ReduceOp, SetOp
from hlopt.dialects.hir_attrs import didx_axis, mesh_of
from hlopt.ir.core import Operation


class NotLowerable(Exception):
    """The resharding op has no communication; the message says why."""


def communication_kind(op: Operation) -> tuple[str, str | None]:
    """(kind, reduction op or None) for a resharding op."""
    d = op.opdef
    if d is None or not issubclass(d, ComputeOp):
        raise NotLowerable(f"'{op.name}' is not an hir compute op")
    in_t, out_t = d.inputs(op)[0].type, d.dest_type(op)
    src, dst = mesh_of(in_t), mesh_of(out_t)
    di, do = didx_axis(in_t), didx_axis(out_t)
    if d is SetOp:
        if di is not None and do is not None:
            if src == dst:
                if di == do:
                    raise NotLowerable("the input and output shardings are the same")
                return "alltoall", None
            return "sendrecv", None
        if do is not None:
            return "scatter", None
        if di is not None:
            return ("allgather" if src == dst else "gather"), None
        if len(src) == 1 and (len(dst) > 1 or dst != src):
            return ("broadcast" if len(dst) > 1 else "sendrecv"), None
        return "sendrecv", None
    if isinstance(d, type) and issubclass(d, ReduceOp):
        dims = d.reduced_dims(op)
        if di is None or dims != [di]:
            raise NotLowerable("a resharding reduction must reduce exactly its input's didx axis")
        red = d.name.split(".")[1]
        if do is not None:
            return "reducescatter", red
        return ("allreduce" if src == dst else "reduce"), red
    raise NotLowerable(f"only hir.set and reductions lower to communications, not '{op.name}'")
