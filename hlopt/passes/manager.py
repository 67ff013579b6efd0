"""The pass manager: nested op pipelines, verification after each pass,
instrumentation hooks (MLIR's OpPassManager/PassManager)."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from hlopt.ir.core import IRError, Operation
from hlopt.ir.verifier import verify
from hlopt.passes.base import Pass, PassFailure
from hlopt.passes.pipeline import NestedSpec, PassSpec, PipelineError, parse_pipeline
from hlopt.passes.registry import get_pass


class PipelineFailure(Exception):
    """A pass failed or left invalid IR; carries what to report."""

    # pass_: the failing Pass, or a stand-in with its `argument` (a failure before the first pass)
    def __init__(self, message: str, op: Operation | None, pass_: Any, notes: list | None = None,
                 kind: str = "failed", errors: list | None = None):
        super().__init__(message)
        self.message, self.op, self.pass_, self.notes, self.kind = message, op, pass_, notes or [], kind
        self.errors = errors or []


class Instrumentation:
    # also told about the passes of pipelines a pass runs itself (the
    # inliner's), as MLIR's instrumentations are
    sees_dynamic_pipelines: bool = True

    def run_before_pass(self, p: Pass, op: Operation) -> None: ...
    def run_after_pass(self, p: Pass, op: Operation) -> None: ...
    def run_after_pass_failed(self, p: Pass, op: Operation) -> None: ...
    def run_after_pipeline(self, pm: "PassManager", op: Operation) -> None: ...
    # a nested pipeline (MLIR's pass adaptor) finished on the children of op
    def run_after_nested(self, pm: "OpPassManager", op: Operation) -> None: ...


class OpPassManager:
    def __init__(self, anchor: str = "builtin.module"):
        self.anchor = anchor
        self.items: list[Pass | OpPassManager] = []

    def add(self, p: Pass) -> None:
        """Add a pass; one anchored on another op nests implicitly
        (consecutive such passes share one nested pipeline)."""
        if p.anchor is None or p.anchor == self.anchor:
            self.items.append(p)
            return
        last = self.items[-1] if self.items else None
        if isinstance(last, OpPassManager) and last.anchor == p.anchor:
            last.add(p)
        else:
            self.nest(p.anchor).add(p)

    def nest(self, anchor: str) -> "OpPassManager":
        pm = OpPassManager(anchor)
        self.items.append(pm)
        return pm

    def passes(self) -> Iterable[Pass]:
        for it in self.items:
            if isinstance(it, OpPassManager):
                yield from it.passes()
            else:
                yield it

    def pipeline_text(self) -> str:
        return self.anchor + "(" + ",".join(
            it.pipeline_text() for it in self.items) + ")"

    def dump_text(self, indent: int = 0) -> str:
        """MLIR's --dump-pass-pipeline form: one item a line, nested
        pipelines indented by two."""
        pad = "  " * (indent + 1)
        parts = [pad + it.dump_text(indent + 1).lstrip() if isinstance(it, OpPassManager)
                 else pad + it.pipeline_text() for it in self.items]
        return self.anchor + "(\n" + ",\n".join(parts) + "\n" + "  " * indent + ")"

    def add_specs(self, specs: list) -> None:
        for s in specs:
            if isinstance(s, NestedSpec):
                self.nest(s.anchor).add_specs(s.items)
            else:
                self.add_spec(s)

    def add_spec(self, s: PassSpec) -> None:
        cls = get_pass(s.name)
        if cls is None:
            from hlopt.passes.registry import did_you_mean

            raise PipelineError(f"'{s.name}' does not refer to a registered pass or pass pipeline"
                                + did_you_mean(s.name))
        p = cls.from_options(s.options)
        if p.anchor is not None and p.anchor != self.anchor and p.anchor == "builtin.module":
            raise PipelineError(
                f"can't run '{p.anchor}' pass '{p.argument}' on '{self.anchor}' operation")
        self.add(p)  # e.g. a func.func pass listed at module level nests implicitly


class PassManager(OpPassManager):
    def __init__(self, anchor: str = "builtin.module", verify_each: bool = True):
        super().__init__(anchor)
        self.verify_each = verify_each
        self.instrumentations: list[Instrumentation] = []
        self.timings: dict[str, float] = {}

    @classmethod
    def from_text(cls, text: str) -> "PassManager":
        specs = parse_pipeline(text)
        pm = cls()
        if len(specs) == 1 and isinstance(specs[0], NestedSpec) and specs[0].anchor == "builtin.module":
            pm.add_specs(specs[0].items)
        else:
            pm.add_specs(specs)
        return pm

    def run(self, top: Operation, dynamic: bool = False) -> None:
        """Run on `top`; a `dynamic` pipeline (one a pass runs itself)
        ends without the whole-pipeline hooks (no statistics report)."""
        if top.name != self.anchor:
            raise PipelineError(f"can't run '{self.anchor}' pass manager on '{top.name}' op")
        self._run_items(self, top)
        if not dynamic:
            for ins in self.instrumentations:
                ins.run_after_pipeline(self, top)

    def _run_items(self, pm: OpPassManager, op: Operation) -> None:
        for it in pm.items:
            if isinstance(it, OpPassManager):
                for child in list(_children_named(op, it.anchor)):
                    self._run_items(it, child)
                for ins in self.instrumentations:
                    ins.run_after_nested(it, op)
            else:
                self._run_pass(it, op)

    def _run_pass(self, p: Pass, op: Operation) -> None:
        p.instrumentations = self.instrumentations
        for ins in self.instrumentations:
            ins.run_before_pass(p, op)
        t0 = time.perf_counter()
        try:
            p.run(op)
        except PassFailure as e:
            self._failed(p, op)
            raise PipelineFailure(e.message, e.op or op, p, e.notes, errors=e.errors) from None
        except IRError as e:
            self._failed(p, op)
            raise PipelineFailure(e.message, e.op or op, p, e.notes) from None
        finally:
            self.timings[p.argument] = self.timings.get(p.argument, 0.0) + time.perf_counter() - t0
        if self.verify_each:
            t1 = time.perf_counter()
            try:
                verify(op)
            except IRError as e:
                self._failed(p, op)
                raise PipelineFailure(e.message, e.op or op, p, e.notes, kind="invalid") from None
            finally:
                self.timings["(verifier)"] = self.timings.get("(verifier)", 0.0) + time.perf_counter() - t1
        for ins in self.instrumentations:
            ins.run_after_pass(p, op)

    def _failed(self, p: Pass, op: Operation) -> None:
        for ins in self.instrumentations:
            ins.run_after_pass_failed(p, op)


def _children_named(op: Operation, name: str) -> Iterable[Operation]:
    """Ops of `name` directly nested in op (as MLIR's nested pass managers)."""
    for r in op.regions:
        for b in r.blocks:
            for child in b.ops:
                if child.name == name:
                    yield child

