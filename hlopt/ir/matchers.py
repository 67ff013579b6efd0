"""Small IR matchers used by folders and patterns (MLIR's m_Constant & co)."""

from __future__ import annotations

from typing import Any

from hlopt.ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr
from hlopt.ir.core import Operation, Value
from hlopt.ir.opdef import CONSTANT_LIKE


def constant_of(op: Operation | None) -> Any:
    """The value attribute of a CONSTANT_LIKE op (its `fold`), else None."""
    if op is None:
        return None
    d = op.opdef
    if d is None or CONSTANT_LIKE not in d.traits:
        return None
    r = d.fold(op)
    return r[0] if r else None


def defined_by(v: Value, name: str) -> Operation | None:
    """The op of that name defining `v` (MLIR's getDefiningOp<OpTy>), else None."""
    d = v.defining_op
    return d if d is not None and d.name == name else None


def constant_value(v: Value) -> Any:
    """The constant attribute `v` is defined by, or None."""
    return constant_of(v.defining_op)


def int_value(v: Value) -> int | None:
    """The integer `v` holds (a scalar IntegerAttr or an integer splat)."""
    a = constant_value(v)
    if isinstance(a, IntegerAttr):
        return a.value
    if isinstance(a, DenseElementsAttr) and a.splat and a.values:
        x = a.values[0]
        from hlopt.ir.types import IndexType, IntegerType

        if isinstance(a.element_type, (IntegerType, IndexType)) and isinstance(x, int):
            return x
    return None


def is_constant_int(v: Value, n: int) -> bool:
    return int_value(v) == n


def float_value(v: Value) -> float | None:
    a = constant_value(v)
    return a.value if isinstance(a, FloatAttr) else None
