"""An hlopt pass plugin: `hlopt model.mlir --load-pass-plugin=count_ops.py --count-ops`.

A plugin is a Python file that registers passes with `register_pass`;
`--load-pass-plugin` imports it before the command line's passes are looked
up, so its passes work as flags, in `--pass-pipeline` and in `--list-passes`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hlopt.ir.attributes import IntegerAttr
from hlopt.ir.core import Operation
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass


@register_pass
@dataclass
class CountOps(Pass):
    argument = "count-ops"
    summary = "Annotate each function with the number of ops in its body"
    anchor = "func.func"

    attr_name: str = field(default="plugin.num_ops", metadata={"help": "Attribute that receives the count"})

    def run(self, op: Operation) -> None:
        n = sum(1 for o in op.walk() if o is not op)
        op.set_discardable_attr(self.attr_name, IntegerAttr(n))
