"""Shardy's dialect-attribute verifiers (SdyDialect::verifyOperationAttribute,
verifyRegionArgAttribute, verifyRegionResultAttribute): `sdy.sharding` on an
op's results and on func.func arguments/results, `sdy.sharding_rule` and
`sdy.propagation_edges` (and its result/block-argument arrays) on an op. The IR verifier calls them for every `sdy.*` discardable attribute."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.sdy.attributes import ShardingAttr, ShardingPerValueAttr, parse_sdy_attr
from hlopt.dialects.sdy.collectives import UNKNOWN, value_sharding
from hlopt.dialects.sdy.propagation_edges import PropagationEdgesAttr
from hlopt.dialects.sdy.sharding_rule import OpShardingRuleAttr, rule_error
from hlopt.dialects.sdy.verification import ShardyError, check_per_value, check_sharding, mesh_of
from hlopt.ir.attributes import ArrayAttr, OpaqueAttr
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
    elif name == "sdy.propagation_edges":
        edges = _structured(attr, PropagationEdgesAttr)
        if edges is None:
            raise IRError(f"'{op.name}' op should have a propagation edges attribute of type PropagationEdgesAttr "
                          "for attr named 'sdy.propagation_edges'", op)
        _check_edges(op, edges)
    elif name in ("sdy.result_propagation_edges", "sdy.block_arg_propagation_edges"):
        if not (isinstance(attr, ArrayAttr)
                and all(_structured(e, PropagationEdgesAttr) is not None for e in attr.elements)):
            raise IRError(f"'{op.name}' op should have a propagation edges attribute of type "
                          "ArrayAttr<PropagationEdgesAttr> for attr named 'sdy.result_propagation_edges' or "
                          "'sdy.block_arg_propagation_edges'", op)


def _edge_value(op: Operation, ref: Any) -> Any:
    values = op.results if ref[0] == "result" else op.operands
    return values[ref[1]] if 0 <= ref[1] < len(values) else None


def _check_edges(op: Operation, edges: Any) -> None:
    """verifyPropagationEdgesShardingAttr: the values the edges name carry
    shardings on one mesh that has each axis; indices in range."""
    shardings = []
    for _, source, targets in edges.edges():
        for ref in (source, *targets):
            v = _edge_value(op, ref)
            s = value_sharding(v) if v is not None else None
            if s is UNKNOWN or (s is not None and not isinstance(s, ShardingAttr)):
                return  # an owner hlopt does not model: no verdict rather than a wrong one
            if s is not None:
                shardings.append(s)
    if not shardings:
        raise IRError(f"'{op.name}' op expected propagation edges attr to reference a sharding.", op)
    meshes = {mesh_of(op, s) for s in shardings}
    mesh = meshes.pop() if len(meshes) == 1 else None
    if mesh is None:
        raise IRError(f"'{op.name}' op expected a common mesh for propagation edges attr.", op)
    for axis, source, targets in edges.edges():
        if mesh.axis_size(axis.name) is None:
            raise IRError(f"'{op.name}' op expected axis ref to be in one of the meshes", op)
        for ref in (source, *targets):
            n = len(op.results if ref[0] == "result" else op.operands)
            if not 0 <= ref[1] < n:
                kind = "a result" if ref[0] == "result" else "an operand"
                raise IRError(f"'{op.name}' op expected a value ref to have {kind} index in range [0, {n}), got: "
                              f"{ref[1]}", op)


def _func_attribute(op: Operation, index: int, name: str, attr: Any, what: str, types: list) -> None:
    from hlopt.dialects.func import FuncOp

    if not isinstance(op, FuncOp) or name != "sdy.sharding":  # Shardy checks func.func only
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
    d: Any = op.opdef  # a function op (FunctionOpInterface), or the attribute would not be verified here
    _func_attribute(op, index, name, attr, "arg", list(d.argument_types(op)))


def verify_region_result_attribute(op: Operation, region: int, index: int, name: str, attr: Any) -> None:
    d: Any = op.opdef  # as above
    _func_attribute(op, index, name, attr, "result", list(d.result_types(op)))
