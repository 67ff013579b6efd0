"""IREE's tensor extension dialect (iree_tensor_ext): the
`!iree_tensor_ext.dispatch.tensor<access:tensor<...>>` type a dispatch
region's bindings are viewed as, structured so its tensor's encoding can be
read and replaced. Its ops pass through generically."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.ir.dialect import Dialect
from hlopt.ir.types import RankedTensorType, Type

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
    from hlopt.syntax.attr_parser import SyntaxErr, parse_nested

    if m.group(1) not in _ACCESS:
        raise SyntaxErr(f"unknown dispatch tensor access '{m.group(1)}'")
    return DispatchTensorType(m.group(1), parse_nested(m.group(2).strip(), "type"))


DIALECT = Dialect("iree_tensor_ext", parse_type=parse_type, allow_unknown_ops=True)
