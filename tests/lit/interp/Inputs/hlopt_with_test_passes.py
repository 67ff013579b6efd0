"""Run hlopt's command line with an extra, deliberately wrong test pass
registered (`--test-swap-subtract`: a - b becomes b - a), so lit can check
what --check-semantics reports when a pass changes results."""

import sys
from dataclasses import dataclass

from hlopt.cli import main
from hlopt.ir.rewriter import Rewriter
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass


@register_pass
@dataclass
class SwapSubtract(Pass):
    argument = "test-swap-subtract"
    summary = "(test) swap the operands of every stablehlo.subtract"

    def run(self, op) -> None:
        r = Rewriter()
        for o in list(op.walk()):
            if o.name == "stablehlo.subtract":
                lhs, rhs = o.operands
                r.set_operand(o, 0, rhs)
                r.set_operand(o, 1, lhs)


if __name__ == "__main__":
    main(sys.argv[1:], prog_name="hlopt")
