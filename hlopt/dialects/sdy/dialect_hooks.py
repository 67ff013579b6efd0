"""Shardy's dialect-attribute verifiers (SdyDialect::verifyOperationAttribute,
verifyRegionArgAttribute, verifyRegionResultAttribute): `sdy.sharding` on an
op's results and on func.func arguments/results, `sdy.sharding_rule` on an
op. The IR verifier calls them for every `sdy.*` discardable attribute."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.sdy.attributes import ShardingAttr, ShardingPerValueAttr, parse_sdy_attr
from hlopt.dialects.sdy.sharding_rule import OpShardingRuleAttr, rule_error
from hlopt.dialects.sdy.verification import ShardyError, check_per_value, check_sharding
from hlopt.ir.attributes import OpaqueAttr
from hlopt.ir.core import IRError, Operation


def _structured(attr: Any, cls: type) -> Any:
    """`attr` as `cls` (a non-canonical spelling is kept opaque by the parser)."""
    if isinstance(attr, OpaqueAttr):
        attr = parse_sdy_attr(attr.text, canonical_only=False)
    return attr if isinstance(attr, cls) else None


def _fail(op: Operation, prefix: str, e: ShardyError) -> None:
    raise IRError(f"'{op.name}' op {prefix}{e.msg}", op, notes=e.notes) from None


def verify_operation_attribute(op: Operation, name: str, attr: Any) -> None:
    if name == "sdy.sharding":
        per = _structured(attr, ShardingPerValueAttr)
        if per is None:
            raise IRError(f"'{op.name}' op should have a sharding attribute of type TensorShardingPerValueAttr", op)
        try:
            check_per_value(op, per, [v.type for v in op.results])
        except ShardyError as e:
            _fail(op, "result ", e)
    elif name == "sdy.sharding_rule":
        rule = attr if isinstance(attr, OpShardingRuleAttr) else None
        if rule is None:
            raise IRError(f"'{op.name}' op should have a sharding rule attribute of type OpShardingRuleAttr for attr "
                          "named 'sdy.sharding_rule'", op)
        msg = rule_error(rule, op)
        if msg is not None:
            raise IRError(f"'{op.name}' op {msg}", op)


def _func_attribute(op: Operation, index: int, name: str, attr: Any, what: str, types: list) -> None:
    if op.name != "func.func" or name != "sdy.sharding":  # Shardy checks func.func only
        return
    sh = _structured(attr, ShardingAttr)
    prefix = f"{what} {index} - "
    if sh is None:
        raise IRError(f"'{op.name}' op {prefix}should have a sharding attribute of type TensorShardingAttr", op)
    if index < len(types):
        try:
            check_sharding(op, sh, types[index])
        except ShardyError as e:
            _fail(op, prefix, e)


def verify_region_arg_attribute(op: Operation, region: int, index: int, name: str, attr: Any) -> None:
    _func_attribute(op, index, name, attr, "arg", list(op.opdef.argument_types(op)))


def verify_region_result_attribute(op: Operation, region: int, index: int, name: str, attr: Any) -> None:
    _func_attribute(op, index, name, attr, "result", list(op.opdef.result_types(op)))
