"""arith: constant (custom form, folding) and the inherent attributes of the
ops hlopt rewrites; other arith ops pass through generically."""

from __future__ import annotations

from typing import Any

from hlopt.ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr
from hlopt.ir.core import IRError, Operation
from hlopt.ir.opdef import COMMUTATIVE, CONSTANT_LIKE, PURE, OpDef, register_op
from hlopt.ir.types import IndexType, i1


@register_op
class ConstantOp(OpDef):
    name = "arith.constant"
    summary = "integer or floating point constant"
    traits = frozenset({PURE, CONSTANT_LIKE})
    inherent = ("value",)

    @classmethod
    def verify(cls, op: Operation) -> None:
        v = op.properties.get("value")
        if v is None:
            raise IRError("'arith.constant' op requires attribute 'value'", op)
        if len(op.results) != 1:
            raise IRError("'arith.constant' op requires one result", op)
        if getattr(v, "type", None) is not op.results[0].type:
            raise IRError("'arith.constant' op value type must match result type", op)  # noqa: E501

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        return p.op_name(op) + p.attr_dict(op.attributes) + " " + p.attr_text(op.properties.get("value"))

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        v = op.properties.get("value")
        if isinstance(v, IntegerAttr):
            if v.type is i1:
                return ["true" if v.value else "false"]
            if isinstance(v.type, IndexType):
                return [f"c{v.value}"]
            return [f"c{v.value}_{v.type.text}"]
        return ["cst"]

    @classmethod
    def fold(cls, op: Operation) -> Any:
        return [op.properties.get("value")]


def _binary(name: str, props: tuple[str, ...], commutative: bool) -> None:
    traits = {PURE}
    if commutative:
        traits.add(COMMUTATIVE)
    cls = type(name.title().replace(".", "").replace("_", "") + "Op", (OpDef,), {
        "name": name, "traits": frozenset(traits), "inherent": props,
        "summary": f"{name} operation"})
    register_op(cls)


for _n, _c in (("addi", True), ("subi", False), ("muli", True), ("shli", False)):
    _binary(f"arith.{_n}", ("overflowFlags",), _c)
for _n, _c in (("addf", True), ("subf", False), ("mulf", True), ("divf", False), ("maximumf", True),
               ("minimumf", True), ("remf", False)):
    _binary(f"arith.{_n}", ("fastmath",), _c)
for _n, _c in (("andi", True), ("ori", True), ("xori", True), ("divsi", False), ("divui", False),
               ("remsi", False), ("remui", False), ("maxsi", True), ("minsi", True), ("select", False),
               ("index_cast", False), ("sitofp", False), ("extsi", False), ("extui", False),
               ("trunci", False), ("truncf", False), ("extf", False), ("bitcast", False)):
    _binary(f"arith.{_n}", ("overflowFlags",) if _n == "trunci" else (), _c)
_binary("arith.cmpi", ("predicate",), False)
_binary("arith.cmpf", ("predicate", "fastmath"), False)
__all__ = ["ConstantOp", "DenseElementsAttr", "FloatAttr"]
