"""The stablehlo dialect: ops (stablehlo_ops), attributes and types
(stablehlo_attrs), custom syntax (stablehlo_syntax + grammars/stablehlo.lark)
and verifiers (stablehlo_verify)."""

from hlopt.dialects import stablehlo_attrs, stablehlo_ops, stablehlo_ops_more, stablehlo_verify  # noqa: F401

stablehlo_attrs.register_hooks()
