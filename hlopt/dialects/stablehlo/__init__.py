"""The stablehlo dialect: ops declared by kind (elementwise, data_movement,
reductions_control_flow, collectives_async, custom_call_composite), their
attributes and types, shared verification helpers, and the custom syntax
(syntax + grammars/stablehlo.lark, grammars/stablehlo_args.lark)."""

from hlopt.dialects.stablehlo import (
    collectives_async,
    custom_call_composite,
    data_movement,
    elementwise,
    reductions_control_flow,
)
from hlopt.dialects.stablehlo.attributes import parse_stablehlo_attr
from hlopt.dialects.stablehlo.syntax import CALLBACKS
from hlopt.dialects.stablehlo.types import parse_stablehlo_type
from hlopt.ir.dialect import Dialect

DIALECT = Dialect(
    "stablehlo",
    ops=(elementwise.OPS + data_movement.OPS + reductions_control_flow.OPS + collectives_async.OPS
         + custom_call_composite.OPS),
    grammar="stablehlo.lark", syntax=CALLBACKS,
    parse_attribute=parse_stablehlo_attr, parse_type=parse_stablehlo_type)
