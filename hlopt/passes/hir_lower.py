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
from hlopt.dialects.hir import CommunicationOp, communication_props, is_resharding
from hlopt.dialects.hir_attrs import RequestType
from hlopt.ir.attributes import StringAttr, SymbolRefAttr, TypeAttr
from hlopt.ir.core import IRError, Operation, no_gc
from hlopt.ir.rewriter import Rewriter
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
        taken = {o.properties.get("sym_name").value for o in body.ops
                 if isinstance(o.properties.get("sym_name"), StringAttr)}
        self._taken, self._next = taken, 0
        rw = Rewriter()
        with no_gc():  # the cyclic GC would rescan the growing IR (superlinear); see hlopt.ir.core.no_gc
            for fn in [o for o in body.ops if o.name == "func.func"]:
                if not fn.regions or not fn.regions[0].blocks:
                    continue
                for o in list(fn.regions[0].blocks[0].ops):
                    if o.name == "hir.kernel":
                        self._outline(rw, fn, o)
                    elif is_resharding(o) and o.results:
                        self._communicate(rw, o)

    def _fresh(self) -> str:
        while f"kernel_{self._next}" in self._taken:
            self._next += 1
        name = f"kernel_{self._next}"
        self._taken.add(name)
        return name

    def _outline(self, rw: Rewriter, host: Operation, kernel: Operation) -> None:
        name = self._fresh()
        ft = FunctionType(kernel.operand_types, kernel.result_types)
        rw.set_insertion_point_before(host)
        fn = rw.create("func.func", properties={"sym_name": StringAttr(name), "function_type": TypeAttr(ft),
                                                "sym_visibility": StringAttr("private")},
                       regions=1, location=kernel.lazy_location)
        rw.inline_region_before(kernel.regions[0], fn.regions[0], 0)
        y = fn.regions[0].blocks[0].last_op
        rw.replace_op_with_new(y, "func.return", y.operands, result_types=[], location=y.lazy_location)
        rw.replace_op_with_new(kernel, "hir.post_on_stream", kernel.operands, location=kernel.lazy_location,
                               properties={"callee": SymbolRefAttr(name)})
        self.stat("kernels")

    def _communicate(self, rw: Rewriter, op: Operation) -> None:
        try:
            kind, red = communication_kind(op)
        except NotLowerable as e:
            self.fail(f"cannot lower resharding op: {e}", op)
        out_t = op.results[0].type
        rw.set_insertion_point_before(op)
        buf = rw.create("hir.allocate", (), [out_t], location=op.lazy_location)
        comm = rw.create("hir.communication", [op.operands[0], buf.results[0]], [RequestType()],
                         properties=communication_props(kind, op.operands[0].type, out_t, red),
                         location=op.lazy_location)
        try:
            CommunicationOp.verify(comm)
        except IRError as e:
            msg = e.args[0].split(" op ", 1)[-1]
            self.fail(f"cannot lower resharding op to {kind}: {msg}", op)
        rw.create("hir.wait", [comm.results[0]], location=op.lazy_location)
        rw.replace_op(op, [buf.results[0]])
        self.stat("communications")
