"""The stablehlo dialect: ops declared by kind (elementwise, data_movement,
reductions_control_flow, collectives_async, custom_call_composite), their
attributes and types, shared verification helpers, and the custom syntax
(syntax + grammars/stablehlo.lark). The async
ops of both designs come from hlopt/dialects/stablehlo_async.py.
"""

import functools

from hlopt.dialects.hlo_bytecode import StablehloBytecode  # noqa: E402
from hlopt.dialects.stablehlo import (
    collectives_async,
    custom_call_composite,
    data_movement,
    elementwise,
    reductions_control_flow,
)
from hlopt.dialects.stablehlo.attributes import parse_stablehlo_attr
from hlopt.dialects.stablehlo.syntax import CALLBACKS
from hlopt.ir.dialect import Dialect


@functools.cache
def _dialect() -> Dialect:
    # stablehlo_async builds on this package's modules, so it is imported
    # once the package is complete (it may also be imported first, by a pass)
    from hlopt.dialects import stablehlo_async

    return Dialect(
        "stablehlo",
        ops=(elementwise.OPS + data_movement.OPS + reductions_control_flow.OPS + collectives_async.OPS
             + custom_call_composite.OPS + tuple(stablehlo_async.OPS.values())),
        grammar="stablehlo.lark", syntax=CALLBACKS,
        parse_attribute=parse_stablehlo_attr, parse_type=stablehlo_async.parse_type,
        bytecode=StablehloBytecode())


def __getattr__(name: str):
    """`DIALECT`, built on first use (PEP 562)."""
    if name == "DIALECT":
        return _dialect()
    raise AttributeError(name)
