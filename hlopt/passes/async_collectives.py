"""`--stablehlo-async-collectives`: wrap each collective (collective_permute,
all_reduce, all_gather, reduce_scatter, all_to_all) in an async_start /
async_done pair, so --async-schedule can overlap it with compute.

form=rfc (default): the Async RFC's `!stablehlo.async<Ri>`, one per result;
form=upstream: upstream StableHLO's `!stablehlo.future<R...>`, the form XLA
compiles today. That form wraps only what XLA accepts: upstream's
async_done has one result, so collectives with several results stay
synchronous, and so does all_to_all (XLA expands it into an all-to-all
plus reshapes, and its verifier wants an async computation of one
instruction). Collectives already inside an async body are left alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hlopt.dialects.builtin import ModuleOp
from hlopt.dialects.stablehlo.reductions_control_flow import ReturnOp
from hlopt.dialects.stablehlo.types import FutureType
from hlopt.dialects.stablehlo_async import AsyncDoneOp, AsyncStartOp, AsyncType
from hlopt.ir.context import current_context
from hlopt.ir.core import Operation
from hlopt.ir.rewriter import Rewriter
from hlopt.ir.types import Type
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass

WRAPPED = frozenset(f"stablehlo.{n}" for n in (
    "collective_permute", "all_reduce", "all_gather", "reduce_scatter", "all_to_all"))


_UPSTREAM_SYNC = frozenset({"stablehlo.all_to_all"})


@register_pass
@dataclass
class AsyncCollectives(Pass):
    argument = "stablehlo-async-collectives"
    summary = "Wrap collectives in stablehlo.async_start/async_done"
    form: str = field(default="rfc", metadata={"help": "rfc (!stablehlo.async per result) or upstream "
                                                       "(!stablehlo.future, what XLA compiles)",
                                               "choices": ("rfc", "upstream")})
    ops: list[str] = field(default_factory=lambda: sorted(n.split(".", 1)[1] for n in WRAPPED),
                           metadata={"help": "which collectives to wrap (comma-separated op names without "
                                             "'stablehlo.')",
                                     "choices": lambda: sorted(n.split(".", 1)[1] for n in WRAPPED)})
    statistic_help = {"num-wrapped": "Number of collectives wrapped in async_start/async_done"}

    def run(self, op: Operation) -> None:
        if self.form not in ("rfc", "upstream"):
            self.fail(f"invalid form '{self.form}' (expected 'rfc' or 'upstream')", op)
        unknown = sorted(set(self.ops) - {n.split(".", 1)[1] for n in WRAPPED})
        if unknown:
            self.fail(f"unknown collective '{unknown[0]}' in option 'ops'", op)
        chosen = {f"stablehlo.{n}" for n in self.ops}
        todo = [o for o in op.walk() if o.name in chosen and not _in_async_body(o)
                and (self.form == "rfc" or (len(o.results) == 1 and o.name not in _UPSTREAM_SYNC))]
        rw = Rewriter()
        chosen_fns = {_function_of(c) for c in todo}
        for fn in dict.fromkeys(_function_of(o) for o in op.walk() if o.name in WRAPPED):
            if fn not in chosen_fns:
                current_context().emit("remark", f"no collective wrapped in this function: {self._why(fn, chosen)}",
                                       fn)
        for coll in todo:
            wrap(rw, coll, self.form)
        self.stat("num-wrapped", len(todo))

    def _why(self, fn: Operation, chosen: set[str]) -> str:
        colls = [o for o in fn.walk() if o.name in WRAPPED]
        if all(_in_async_body(o) for o in colls):
            return "its collectives are already asynchronous"
        if not any(o.name in chosen for o in colls):
            return "option 'ops' names none of its collectives"
        return ("the upstream form keeps all_to_all and collectives with several results synchronous "
                "(upstream's async_done has one result; XLA runs all_to_all only synchronously)")


def _function_of(op: Operation) -> Operation:
    """The module-level op (function) holding `op`."""
    while op.parent_op is not None and not isinstance(op.parent_op, ModuleOp):
        op = op.parent_op
    return op


def _in_async_body(op: Operation) -> bool:
    p = op.parent_op
    return isinstance(p, AsyncStartOp)


def wrap(rw: Rewriter, coll: Operation, form: str = "rfc") -> tuple[AsyncStartOp, AsyncDoneOp]:
    """Move `coll` into the body of a new async_start; its uses read the
    matching async_done's results. Returns (start, done)."""
    loc = coll.location
    types = coll.result_types
    rw.set_insertion_point_before(coll)
    futures: list[Type]
    if form == "rfc":
        futures = [AsyncType.of(t) for t in types]
    else:
        futures = [FutureType.of(types)]
    start = rw.create(AsyncStartOp, list(coll.operands), result_types=futures, location=loc)
    done = rw.create(AsyncDoneOp, start.results_, result_types=types, location=loc)
    for old, new in zip(coll.results, done.results):
        rw.replace_all_uses_with(old, new)
    body = rw.create_block(start.body, coll.operand_types, [loc] * len(coll.operands))
    ret = rw.create(ReturnOp, coll.results, location=loc)
    rw.move_op_before(coll, ret)
    for i, a in enumerate(body.args):
        rw.set_operand(coll, i, a)
    return start, done
