"""The results check behind --check-semantics: interpret a module on seeded
random inputs once, then tell whether a later version of it gives the same
results.

Integer and boolean results must be equal, floating ones within
max|after - before| <= tol * max(1, max|before|), NaNs in the same places.
This module knows nothing of passes: the pass manager's instrumentation
(hlopt.passes.semantics) calls `ResultsCheck` around each pass and turns its
`ResultsDiffer` into a pipeline failure, so the interpreter sits below the
pass manager.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hlopt.interp.api import interpret, random_inputs
from hlopt.interp.limits import Limits
from hlopt.ir.core import IRError
from hlopt.kernels.values import InterpError, Token

DEFAULT_TOLERANCE = 1e-5


class ResultsDiffer(IRError):
    """A version of the module gives other results than the first (or no
    longer runs); `op` is where to report it."""


def _return_op(module: Any, entry: str) -> Any:
    from hlopt.interp.api import entry_function

    f = entry_function(module, entry)
    blk = f.regions[0].blocks[0] if f.regions and f.regions[0].blocks else None
    return blk.last_op if blk is not None else f


def compare(before: Any, after: Any, tol: float) -> tuple[bool, float, str]:
    """(equal, largest difference, what differs)."""
    if isinstance(before, (Token, tuple)) or isinstance(after, (Token, tuple)):
        return type(before) is type(after), 0.0, "kind"
    a, b = np.asarray(after), np.asarray(before)
    if a.shape != b.shape or a.dtype != b.dtype:
        return False, float("inf"), f"type ({b.shape} {b.dtype} became {a.shape} {a.dtype})"
    if a.dtype.kind in "biu" or a.dtype.kind == "V" and "int" in a.dtype.name:
        diff = np.abs(a.astype(np.float64) - b.astype(np.float64))
        m = float(diff.max()) if diff.size else 0.0
        return m == 0, m, "value"
    wide = np.complex128 if a.dtype.kind == "c" else np.float64
    a64, b64 = a.astype(wide), b.astype(wide)
    if not np.array_equal(np.isnan(a64), np.isnan(b64)):
        return False, float("nan"), "NaN positions"
    fin = np.isfinite(a64) & np.isfinite(b64)
    if not np.array_equal(a64[~fin & ~np.isnan(a64)], b64[~fin & ~np.isnan(b64)]):
        return False, float("inf"), "infinities"
    if not fin.any():
        return True, 0.0, "value"
    m = float(np.abs(a64[fin] - b64[fin]).max())
    scale = max(1.0, float(np.abs(b64[fin]).max()))
    return m <= tol * scale, m, "value"


class ResultsCheck:
    """Runs the interpreter (or the hir evaluator on host IR) on seeded inputs
    and compares each later version of the module with the first run."""

    def __init__(self, seeds: int = 1, tol: float = DEFAULT_TOLERANCE, entry: str = "main",
                 num_partitions: int | None = None, num_replicas: int | None = None, limits: Limits | None = None):
        self.seeds = max(1, seeds)
        self.limits = limits
        self.tol = tol
        self.entry = entry
        self.np, self.nr = num_partitions, num_replicas
        self.inputs: list | None = None
        self.baseline: list | None = None

    @property
    def started(self) -> bool:
        return self.baseline is not None

    def start(self, module: Any) -> None:
        """Interpret the unchanged module; raises InterpError if it does not run."""
        self.runner = _runner(module, self)
        self.inputs = [self.runner.inputs(module, s) for s in range(self.seeds)]
        self.baseline = [self.runner.run(module, x) for x in self.inputs]

    def check(self, module: Any, changed_by: str) -> None:
        """Raise ResultsDiffer if `module` (as `changed_by`, e.g. "pass 'cse'",
        left it) no longer runs or gives other results than the first run."""
        assert self.inputs is not None and self.baseline is not None, "start() first"
        for seed, (x, base) in enumerate(zip(self.inputs, self.baseline)):
            try:
                now = self.runner.run(module, x)
            except InterpError as e:
                raise ResultsDiffer(f"after {changed_by} the program no longer runs: {e.message}",
                                    e.op if hasattr(e.op, "location") else None, notes=e.notes) from None
            self._compare(changed_by, module, seed, base, now)

    def _compare(self, changed_by: str, module: Any, seed: int, base: list, now: list) -> None:
        worst = None
        for d, (bd, nd) in enumerate(zip(base, now)):
            if len(bd) != len(nd):
                raise ResultsDiffer(f"{changed_by} changed the number of results from {len(bd)} to {len(nd)}",
                                    _return_op(module, self.entry))
            for i, (b, n) in enumerate(zip(bd, nd)):
                ok, diff, what = compare(b, n, self.tol)
                if not ok and (worst is None or not (diff <= worst[0])):
                    worst = (diff, i, d, what)
        if worst is not None:
            diff, i, d, what = worst
            detail = f"largest difference {diff:.6g}" if what == "value" else f"{what} differ"
            raise ResultsDiffer(
                f"{changed_by} changed the program's results: output {i} on device {d} "
                f"({detail}; inputs from seed {seed})", _return_op(module, self.entry))


class _Interpreter:
    """The StableHLO interpreter on the check's entry and device counts."""

    def __init__(self, check: ResultsCheck):
        self.check = check

    def inputs(self, module: Any, seed: int) -> list:
        return random_inputs(module, seed, self.check.entry, self.check.limits)

    def run(self, module: Any, x: list) -> list:
        c = self.check
        return interpret(module, x, c.np, c.nr, c.entry, limits=c.limits)


def _runner(module: Any, check: ResultsCheck) -> Any:
    from hlopt.analysis.hir_run import HirRunner, is_hir_module

    if is_hir_module(module):  # nvFuser-style host IR: the hir evaluator runs it
        runner = HirRunner(module, check.entry)
        check.entry = runner.entries[0]  # where a changed result is reported
        return runner
    return _Interpreter(check)
