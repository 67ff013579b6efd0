"""`--hir-lower`: a segmented fusion becomes a host program, in one walk
over each function in program (topological) order:

* `hir.kernel` -> a private `func.func @kernel_N` holding its body, launched
  by `hir.post_on_stream @kernel_N(...)`;
* a resharding op -> `hir.allocate` of its result (a buffer on the devices
  of the output mesh) + `hir.communication` of the kind nvFuser picks
  (hlopt/analysis/resharding.py) + `hir.wait`;
* other ops stay (standalone host ops).
"""

from __future__ import annotations

from dataclasses import dataclass

from hlopt.analysis.resharding import NotLowerable, communication_kind
from hlopt.dialects import func, hir
from hlopt.dialects.hir import communication_error, communication_props, is_resharding, op_signature
from hlopt.dialects.hir_attrs import RequestType
from hlopt.ir.attributes import StringAttr, SymbolRefAttr, TypeAttr
from hlopt.ir.core import Operation, no_gc
from hlopt.ir.rewriter import Rewriter
from hlopt.ir.symbols import symbol_name
from hlopt.ir.types import FunctionType
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass


@register_pass
@dataclass
class HirLower(Pass):
    argument = "hir-lower"
    summary = "Lower segmented fusions to host IR: kernel launches and communications"
    anchor = "builtin.module"
    statistic_help = {"kernels": "kernels outlined and launched", "communications": "communications created"}

    def run(self, op: Operation) -> None:
        body = op.regions[0].blocks[0]
        taken = {n for o in body.ops if (n := symbol_name(o)) is not None}
        self._taken, self._next = taken, 0
        # what an op lowers to depends only on its signature: decided once
        # per distinct signature, not once per op
        self._plans: dict[tuple, tuple | None] = {}
        self._private = StringAttr("private")
        rw = Rewriter()
        with no_gc():  # the cyclic GC would rescan the growing IR (superlinear); see hlopt.ir.core.no_gc
            for fn in [o for o in body.ops if isinstance(o, func.FuncOp)]:
                if not fn.body.blocks:
                    continue
                for o in list(fn.body.blocks[0].ops):
                    if isinstance(o, hir.KernelOp):
                        self._outline(rw, fn, o)
                    elif o.results:
                        plan = self._plan(o)
                        if plan is not None:
                            self._communicate(rw, o, plan)

    def _plan(self, op: Operation) -> tuple | None:
        """None (not a resharding op), or (kind, properties, error message or None)."""
        key = op_signature(op)
        try:
            return self._plans[key]
        except KeyError:
            pass
        plan: tuple | None = None
        if is_resharding(op):
            try:
                kind, red = communication_kind(op)
            except NotLowerable as e:
                plan = (None, None, f"cannot lower resharding op: {e}")
            else:
                assert isinstance(op, hir.ComputeOp)  # communication_kind accepted it
                in_t, out_t = op.inputs(op)[0].type, op.result.type
                err = communication_error(kind, in_t, out_t, red is not None)
                plan = (kind, communication_props(kind, in_t, out_t, red),
                        None if err is None else f"cannot lower resharding op to {kind}: {err}")
        self._plans[key] = plan
        return plan

    def _fresh(self) -> str:
        while f"kernel_{self._next}" in self._taken:
            self._next += 1
        name = f"kernel_{self._next}"
        self._taken.add(name)
        return name

    def _outline(self, rw: Rewriter, host: Operation, kernel: hir.KernelOp) -> None:
        name = self._fresh()
        ft = FunctionType(kernel.operand_types, kernel.result_types)
        rw.set_insertion_point_before(host)
        fn = rw.create(func.FuncOp, sym_name=StringAttr(name), function_type=TypeAttr(ft),
                       sym_visibility=self._private, location=kernel.lazy_location)
        rw.inline_region_before(kernel.body, fn.body, 0)
        y = fn.body.blocks[0].last_op
        assert y is not None  # the kernel's body ends in its terminator (verified)
        rw.replace_op_with_new(y, func.ReturnOp, list(y.operands), result_types=[], location=y.lazy_location)
        rw.replace_op_with_new(kernel, hir.PostOnStreamOp, kernel.inputs, callee=SymbolRefAttr(name),
                               location=kernel.lazy_location)
        self.stat("kernels")

    def _communicate(self, rw: Rewriter, op: Operation, plan: tuple) -> None:
        _kind, props, err = plan
        if err is not None:
            self.fail(err, op)
        out_t = op.result.type
        loc = op.lazy_location
        rw.set_insertion_point_before(op)
        buf = rw.create(hir.AllocateOp, result_types=[out_t], location=loc)
        assert isinstance(op, hir.ComputeOp)  # a plan without error is made for resharding compute ops only
        comm = rw.create(hir.CommunicationOp, op.inputs(op)[0], buf.result, result_types=[RequestType()],
                         location=loc, **props)
        rw.create(hir.WaitOp, comm.request, location=loc)
        rw.replace_op(op, buf)
        self.stat("communications")
