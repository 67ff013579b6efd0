"""The Shardy (sdy) dialect: ops (ops.py, collectives.py), structured
attributes (attributes.py, sharding_rule.py), Shardy's verifier
(verification.py, and dialect_hooks.py for `sdy.sharding` /
`sdy.sharding_rule` on other ops and on function arguments/results) and
custom syntax (each op's assembly format, as in Shardy's ops.td; the
stripped attribute spellings and the region directive in asm.py)."""

from typing import Any

from hlopt.dialects.sdy import dialect_hooks
from hlopt.dialects.sdy.attributes import (
    ManualAxesAttr,
    MeshAttr,
    ShardingAttr,
    ShardingPerValueAttr,
    parse_sdy_attr,
)
from hlopt.dialects.sdy.ops import OPS
from hlopt.dialects.sdy.sharding_rule import RuleSyntaxError, parse_sharding_rule
from hlopt.ir.dialect import Dialect


def _parse_attribute(text: str) -> Any:
    if text.startswith("#sdy.op_sharding_rule<"):
        from hlopt.syntax import SyntaxErr

        try:
            return parse_sharding_rule(text)
        except RuleSyntaxError as e:
            raise SyntaxErr(str(e)) from None
    return parse_sdy_attr(text)


from hlopt.dialects.sdy.bytecode import SdyBytecode  # noqa: E402

DIALECT = Dialect("sdy", ops=OPS, attributes=(MeshAttr, ShardingAttr, ShardingPerValueAttr, ManualAxesAttr),
                  parse_attribute=_parse_attribute,
                  verify_operation_attribute=dialect_hooks.verify_operation_attribute,
                  verify_region_arg_attribute=dialect_hooks.verify_region_arg_attribute,
                  verify_region_result_attribute=dialect_hooks.verify_region_result_attribute,
                  bytecode=SdyBytecode())
