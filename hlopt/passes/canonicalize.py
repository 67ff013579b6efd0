"""`--canonicalize`: fold, erase trivially dead ops, deduplicate and hoist
constants, and apply the canonicalization patterns the dialects declare
(`OpDef.canonicalization_patterns()`), with the greedy driver of
hlopt.passes.greedy (MLIR's Canonicalizer, same options; like MLIR's it
reports no statistics). `disable-patterns`/`enable-patterns` name patterns
by MLIR's debug names (the C++ class names, e.g. SimplifyConstCondBranchPred)."""

from __future__ import annotations

from dataclasses import dataclass, field

from hlopt.ir.context import current_context
from hlopt.ir.core import Operation
from hlopt.passes.base import Pass
from hlopt.passes.greedy import GreedyConfig, apply_patterns_greedily, canonicalization_patterns_for
from hlopt.passes.registry import register_pass

_REGION_SIMPLIFY = ("disabled", "normal", "aggressive")


@register_pass
@dataclass
class Canonicalizer(Pass):
    argument = "canonicalize"
    mlir_name = "CanonicalizerPass"
    summary = "Canonicalize operations"

    # options in MLIR's (alphabetical) order
    cse_between_iterations: bool = field(default=False, metadata={
        "help": "Run full CSE between each pattern-application iteration"})
    disable_patterns: tuple[str, ...] = field(default=(), metadata={
        "help": "Labels of patterns that should be filtered out during application"})
    enable_patterns: tuple[str, ...] = field(default=(), metadata={
        "help": "Labels of patterns that should be used during application, all other patterns are filtered out"})
    filter_dialects: tuple[str, ...] = field(default=(), metadata={
        "help": "If non-empty, only collect canonicalization patterns from the dialects with the given namespaces"})
    max_iterations: int = field(default=10, metadata={
        "help": "Max. iterations between applying patterns / simplifying regions (-1: no limit)"})
    max_num_rewrites: int = field(default=-1, metadata={
        "help": "Max. number of pattern rewrites within an iteration (-1: no limit)"})
    region_simplify: str = field(default="normal", metadata={
        "help": "Perform control flow optimizations to the region tree (disabled, normal, aggressive)",
        "choices": _REGION_SIMPLIFY})
    test_convergence: bool = field(default=False, metadata={
        "help": "Test only: Fail pass on non-convergence to detect cyclic pattern"})
    top_down: bool = field(default=True, metadata={
        "help": "Seed the worklist in general top-down order"})

    def __post_init__(self) -> None:
        # booleans of the older spelling map onto MLIR's levels
        self.region_simplify = {"true": "normal", "1": "normal", "false": "disabled", "0": "disabled"}.get(
            str(self.region_simplify), self.region_simplify)

    def run(self, op: Operation) -> None:
        level = self.region_simplify
        if level not in _REGION_SIMPLIFY:
            self.fail(f"invalid value '{self.region_simplify}' for option 'region-simplify' "
                      f"(expected disabled, normal or aggressive)", op)
        ctx = current_context()
        for d in self.filter_dialects:
            if not ctx.is_registered_dialect(d):
                self.fail(f"can't load dialect '{d}': missing registration?", op)
        cfg = GreedyConfig(max_iterations=self.max_iterations, top_down=self.top_down,
                           region_simplify=level != "disabled", merge_blocks=level == "aggressive",
                           max_num_rewrites=self.max_num_rewrites,
                           cse_between_iterations=self.cse_between_iterations)
        patterns = canonicalization_patterns_for(dialects=self.filter_dialects).filtered(
            self.disable_patterns, self.enable_patterns)
        converged = True
        for region in op.regions:  # one driver per region, as MLIR's applyPatternsGreedily(op)
            drv = apply_patterns_greedily([region], patterns, cfg)
            converged &= drv.converged
        if self.test_convergence and not converged:
            self.fail(f"canonicalizer failed to converge within {self.max_iterations} iterations", op)
