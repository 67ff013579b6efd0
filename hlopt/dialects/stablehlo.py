"""The stablehlo dialect: ops (stablehlo_ops, stablehlo_ops_more, and the
async ops of both designs in stablehlo_async), attributes and types
(stablehlo_attrs, stablehlo_async), custom syntax (stablehlo_syntax +
grammars/stablehlo.lark) and verifiers (stablehlo_verify)."""

from hlopt.dialects import (  # noqa: F401
                  stablehlo_async,
                  stablehlo_attrs,
                  stablehlo_ops,
                  stablehlo_ops_more,
                  stablehlo_verify,
)
from hlopt.dialects.stablehlo_syntax import CALLBACKS
from hlopt.ir.dialect import Dialect

DIALECT = Dialect("stablehlo", ops=tuple({**stablehlo_ops.OPS, **stablehlo_async.OPS}.values()),
                  grammar="stablehlo.lark", syntax={**CALLBACKS, **stablehlo_async.CALLBACKS},
                  parse_attribute=stablehlo_attrs.parse_stablehlo_attr,
                  parse_type=stablehlo_async.parse_type)
