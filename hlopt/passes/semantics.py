"""--check-semantics: interpret the module on seeded random inputs before a
pipeline and after every pass; stop at the first pass whose results differ.

The pass manager calls the checker (an instrumentation run after each pass
has run and its output verified); the checker itself (hlopt.interp.semantics)
knows nothing of passes, so the interpreter stays below the pass manager.
"""

from __future__ import annotations

from hlopt.interp.limits import Limits
from hlopt.interp.semantics import DEFAULT_TOLERANCE, ResultsCheck, ResultsDiffer
from hlopt.ir.core import Operation
from hlopt.kernels.values import InterpError
from hlopt.passes.base import Pass
from hlopt.passes.manager import Instrumentation, PassManager, PipelineFailure


class SemanticsChanged(PipelineFailure):
    """A pass changed the program's results (or made it unrunnable)."""


def _top(op: Operation) -> Operation:
    while op.parent_op is not None:
        op = op.parent_op
    return op


class _NoPass:
    argument = "(before the pipeline)"


class SemanticCheck(Instrumentation):
    """Runs the interpreter around passes; raises SemanticsChanged."""

    sees_dynamic_pipelines = False  # (the enclosing pass is checked as a whole)

    def __init__(self, seeds: int = 1, tol: float = DEFAULT_TOLERANCE, entry: str = "main",
                 num_partitions: int | None = None, num_replicas: int | None = None, limits: Limits | None = None):
        self.results = ResultsCheck(seeds, tol, entry, num_partitions, num_replicas, limits)
        self.checks = 0

    def start(self, module: Operation) -> None:
        """Interpret the unchanged module (done lazily before the first pass)."""
        try:
            self.results.start(module)
        except InterpError as e:
            raise PipelineFailure(f"cannot check semantics: the input program does not run: {e.message}",
                                  e.op if hasattr(e.op, "location") else None, _NoPass(), e.notes) from None

    def run_before_pass(self, p: Pass, op: Operation) -> None:
        if not self.results.started:
            self.start(_top(op))

    def run_after_pass(self, p: Pass, op: Operation) -> None:
        self.checks += 1
        try:
            self.results.check(_top(op), f"pass '{p.argument}'")
        except ResultsDiffer as e:
            raise SemanticsChanged(e.message, e.op or op, p, e.notes) from None


def check_semantics(module: Operation, pipeline: str | PassManager, seeds: int = 1, tol: float = DEFAULT_TOLERANCE,
                    entry: str = "main", num_partitions: int | None = None,
                    num_replicas: int | None = None, limits: Limits | None = None) -> int:
    """Run `pipeline` on `module` in place, interpreting it on seeded random
    inputs before and after every pass. Raises SemanticsChanged (a
    PipelineFailure naming the pass, output, device and difference) at the
    first pass that changes a result. Returns how many passes were checked."""
    pm = PassManager.from_text(pipeline) if isinstance(pipeline, str) else pipeline
    check = SemanticCheck(seeds, tol, entry, num_partitions, num_replicas, limits)
    check.start(module)
    pm.instrumentations.append(check)
    try:
        pm.run(module)
    finally:
        pm.instrumentations.remove(check)
    return check.checks
