"""The stablehlo dialect: ops (stablehlo_ops, stablehlo_ops_more), attributes
and types (stablehlo_attrs), custom syntax (stablehlo_syntax +
grammars/stablehlo.lark) and verifiers (stablehlo_verify)."""

from hlopt.dialects import stablehlo_attrs, stablehlo_ops, stablehlo_ops_more, stablehlo_verify  # noqa: F401
from hlopt.dialects.stablehlo_syntax import CALLBACKS
from hlopt.ir.dialect import Dialect

DIALECT = Dialect("stablehlo", ops=tuple(stablehlo_ops.OPS.values()), grammar="stablehlo.lark", syntax=CALLBACKS,
                  parse_attribute=stablehlo_attrs.parse_stablehlo_attr,
                  parse_type=stablehlo_attrs.parse_stablehlo_type)
