"""The Shardy (sdy) dialect: ops (ops.py), structured attributes
(attributes.py) and custom syntax (syntax.py + grammars/sdy.lark; the
one-line forms go through grammars/stablehlo.lark's stablehlo_op rule)."""

from hlopt.dialects.sdy import syntax
from hlopt.dialects.sdy.attributes import (
    ManualAxesAttr,
    MeshAttr,
    ShardingAttr,
    ShardingPerValueAttr,
    parse_sdy_attr,
)
from hlopt.dialects.sdy.ops import OPS
from hlopt.ir.dialect import Dialect

DIALECT = Dialect("sdy", ops=OPS, attributes=(MeshAttr, ShardingAttr, ShardingPerValueAttr, ManualAxesAttr),
                  grammar="sdy.lark", syntax=syntax.CALLBACKS, allow_unknown_ops=True,
                  parse_attribute=parse_sdy_attr)
