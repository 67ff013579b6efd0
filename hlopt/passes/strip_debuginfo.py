"""`--strip-debuginfo`: every op and block argument gets `loc(unknown)`."""

from __future__ import annotations

from dataclasses import dataclass

from hlopt.ir.core import Operation
from hlopt.ir.location import UNKNOWN
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass


@register_pass
@dataclass
class StripDebugInfo(Pass):
    argument = "strip-debuginfo"
    mlir_name = "StripDebugInfoPass"
    summary = "Strip debug info from all operations"

    def run(self, op: Operation) -> None:
        for o in op.walk(post_order=False):
            o.location = UNKNOWN
            for r in o.regions:
                for b in r.blocks:
                    for a in b.args:
                        a.location = UNKNOWN
