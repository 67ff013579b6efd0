"""IREE's tensor extension dialect (iree_tensor_ext): the
`!iree_tensor_ext.dispatch.tensor<access:tensor<...>>` type a dispatch
region's bindings are viewed as, structured so its tensor's encoding can be
read and replaced; `iree_tensor_ext.dispatch.workload.ordinal` in IREE's
declared form; its other ops are in iree_tensor_ext_ops.py."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.ir.core import Operation
from hlopt.ir.dialect import Dialect
from hlopt.ir.opdef import OpDef, attr, operand, result
from hlopt.ir.types import RankedTensorType, Type, index
from hlopt.syntax import AllTypesMatch, BareInteger

_ACCESS = ("readonly", "writeonly", "readwrite")


class DispatchTensorType(Type):
    """`!iree_tensor_ext.dispatch.tensor<readonly:tensor<4x?xf32, #enc>>`."""

    __slots__ = ("access", "tensor")

    def __new__(cls, access: str, tensor: Type):
        return cls._make((access, tensor))

    def _init(self, access, tensor) -> None:
        self.access, self.tensor = access, tensor
        self.has_alias_parts = tensor.has_alias_parts

    def print_with(self, p: Any) -> str:
        t = self.tensor.text if p is None or not self.tensor.has_alias_parts else p.type_text(self.tensor)
        return f"!iree_tensor_ext.dispatch.tensor<{self.access}:{t}>"

    def alias_children(self) -> Sequence[Any]:
        return (self.tensor,)

    @property
    def encoding(self) -> Any:
        return getattr(self.tensor, "encoding", None)

    def with_encoding(self, encoding: Any) -> "DispatchTensorType":
        """The same view of the tensor type re-encoded (IREE's EncodingTypeInterface::updateEncoding)."""
        if not isinstance(self.tensor, RankedTensorType):
            return self
        return DispatchTensorType(self.access, self.tensor.with_encoding(encoding))


_DT = re.compile(r"!iree_tensor_ext\.dispatch\.tensor<\s*(\w+)\s*:(.*)>\Z", re.S)


def parse_type(text: str) -> Type | None:
    m = _DT.match(text)
    if m is None:
        return None
    from hlopt.syntax import SyntaxErr, parse_nested

    if m.group(1) not in _ACCESS:
        raise SyntaxErr(f"unknown dispatch tensor access '{m.group(1)}'")
    return DispatchTensorType(m.group(1), parse_nested(m.group(2).strip(), "type"))


class WorkloadOrdinalOp(OpDef):
    """`%r = iree_tensor_ext.dispatch.workload.ordinal %v, N : index`: marks
    a dispatch function argument as the N-th workload value."""

    name = "iree_tensor_ext.dispatch.workload.ordinal"
    summary = "Annotates the values that correspond to the workload"
    operand_ = operand()
    ordinal = attr()
    result_ = result()

    assembly_format = "attr-dict $operand_ `,` $ordinal `:` type($operand_)"
    attr_syntax = {"ordinal": BareInteger(index)}
    type_inference = (AllTypesMatch("operand_", "result_"),)

    @classmethod
    def asm_printable(cls, op: Operation) -> bool:
        assert isinstance(op, cls)  # an op is printed by its own class
        return op.result_.type is op.operand_.type  # the form prints one type


from hlopt.dialects import iree_tensor_ext_ops as _ops  # noqa: E402  (they use the type above)

DIALECT = Dialect("iree_tensor_ext", ops=(WorkloadOrdinalOp, *_ops.OPS), parse_type=parse_type)
