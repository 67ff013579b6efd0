"""`--canonicalize`: fold, erase trivially dead ops, deduplicate and hoist
constants, and apply the canonicalization patterns the dialects declare
(`OpDef.canonicalization_patterns()`), with the greedy driver of
hlopt.passes.greedy (MLIR's Canonicalizer)."""

from __future__ import annotations

from dataclasses import dataclass, field

from hlopt.ir.core import Operation
from hlopt.passes.base import Pass
from hlopt.passes.greedy import GreedyConfig, apply_patterns_greedily, canonicalization_patterns_for
from hlopt.passes.registry import register_pass


@register_pass
@dataclass
class Canonicalizer(Pass):
    argument = "canonicalize"
    summary = "Canonicalize operations"
    statistic_help = {
        "num-folded": "Number of operations folded",
        "num-rewrites": "Number of pattern rewrites applied",
        "num-dce'd": "Number of trivially dead operations erased",
    }

    max_iterations: int = field(default=10, metadata={
        "help": "Max. iterations between applying patterns / simplifying regions (<= 0: no limit)"})
    region_simplify: bool = field(default=True, metadata={
        "help": "Perform control flow optimizations to the region tree (erase unreachable blocks)"})
    top_down: bool = field(default=True, metadata={
        "help": "Seed the worklist in general top-down order"})
    test_convergence: bool = field(default=False, metadata={
        "help": "Fail the pass if the patterns did not converge within max-iterations"})

    def run(self, op: Operation) -> None:
        patterns = canonicalization_patterns_for()
        cfg = GreedyConfig(max_iterations=self.max_iterations, top_down=self.top_down,
                           region_simplify=self.region_simplify)
        drv = apply_patterns_greedily(op, patterns, cfg)
        self.stat("num-folded", drv.num_folds)
        self.stat("num-rewrites", drv.num_rewrites)
        self.stat("num-dce'd", drv.num_erased)
        if self.test_convergence and not drv.converged:
            self.fail(f"canonicalizer failed to converge within {self.max_iterations} iterations", op)
