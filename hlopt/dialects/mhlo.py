"""The mhlo ops hlopt models: HLO async bundles (XLA's async-start,
async-update and async-done), which --stablehlo-async-to-mhlo produces.

    %b = "mhlo.async_start"(%x) <{called_computation = @body, execution_thread = "main"}>
           : (T) -> !mhlo.async_bundle<tuple<T>, R, tensor<i32>>
    %u = "mhlo.async_update"(%b) : (B) -> B
    %r = "mhlo.async_done"(%u) : (B) -> R

`!mhlo.async_bundle<tuple<operands>, results, context>` holds the
in-flight operands, the results (one type, or a tuple of several) and
XLA's context. mhlo prints these ops generically. The other ops of the
dialect are declared in mhlo_ops.py (from mhlo_table.py); the dialect is
closed.
"""

from __future__ import annotations

from typing import Any

from hlopt.ir.attributes import StringAttr, SymbolRefAttr
from hlopt.ir.constraints import AnyType
from hlopt.ir.core import Operation
from hlopt.ir.dialect import Dialect
from hlopt.ir.opdef import OpDef, attr, operand, result, var_operand, var_result
from hlopt.ir.traits import op_error
from hlopt.ir.types import OpaqueType, TupleType, Type

_PREFIX = "!mhlo.async_bundle<"


class AsyncBundleType(OpaqueType):
    """`!mhlo.async_bundle<tuple<operands>, results, context>`; parts decoded on first use."""

    __slots__ = ("_parts",)

    def __new__(cls, spelling: str) -> "AsyncBundleType":
        return cls._make((spelling,))

    def _init(self, spelling: str) -> None:
        OpaqueType._init(self, spelling)
        self._parts = None

    @classmethod
    def of(cls, operands: list[Type], result_types: list[Type], context: Type) -> "AsyncBundleType":
        res = result_types[0] if len(result_types) == 1 else TupleType(result_types)
        return cls(f"{_PREFIX}{TupleType(operands).text}, {res.text}, {context.text}>")

    @property
    def parts(self) -> tuple[Type, ...]:
        if self._parts is None:
            from hlopt.syntax import parse_type, split_top

            self._parts = tuple(parse_type(x.strip()) for x in split_top(self.body or "") if x.strip())
        return self._parts

    @property
    def result_types(self) -> list[Type]:
        """The values async_done yields (a tuple part means several)."""
        parts = self.parts
        if len(parts) < 2:
            return []
        r = parts[1]
        return list(r.types) if isinstance(r, TupleType) else [r]


def parse_type(text: str) -> Type | None:
    if text.startswith(_PREFIX) and text.endswith(">"):
        return AsyncBundleType(text)
    return None


def _bundle(op: Operation, v: Any, what: str) -> AsyncBundleType:
    if not isinstance(v.type, AsyncBundleType):
        raise op_error(op, f"{what} must be async_bundle, but got '{v.type.text}'")
    return v.type


class Bundle:
    """The interpreter's value of an `!mhlo.async_bundle`: the called
    computation runs eagerly at async_start; async_done hands out its results."""

    __slots__ = ("values",)

    def __init__(self, values: list):
        self.values = values


class AsyncStartOp(OpDef):
    name = "mhlo.async_start"
    summary = "Start an asynchronous call of `called_computation` (HLO async-start)"
    inputs = var_operand()
    bundle = result(AnyType)
    called_computation = attr()
    execution_thread = attr()

    @classmethod
    def verify(cls, op: Operation) -> None:
        b = _bundle(op, op.bundle, "result #0")
        if not isinstance(op.called_computation, SymbolRefAttr):
            raise op_error(op, "attribute 'called_computation' failed to satisfy constraint: flat symbol "
                               "reference attribute")
        if not isinstance(op.execution_thread, StringAttr):
            raise op_error(op, "attribute 'execution_thread' failed to satisfy constraint: string attribute")
        ins = b.parts[0] if b.parts else None
        if not isinstance(ins, TupleType) or list(ins.types) != op.operand_types:
            raise op_error(op, "bundle operand types must match the operands, but got "
                               f"'{ins.text if ins is not None else ''}'")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        fn = ctx.lookup(op.called_computation.root)
        return [Bundle(list(ctx.call(fn, args)))]


class AsyncUpdateOp(OpDef):
    name = "mhlo.async_update"
    summary = "Pass an async bundle along (HLO async-update)"
    bundle = operand(AnyType)
    updated = result(AnyType)

    @classmethod
    def verify(cls, op: Operation) -> None:
        b = _bundle(op, op.bundle, "operand #0")
        if op.updated.type is not b:
            raise op_error(op, f"result type must be the operand's bundle type '{b.text}'")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [args[0]]


class AsyncDoneOp(OpDef):
    name = "mhlo.async_done"
    summary = "Wait for an async bundle and yield its results (HLO async-done)"
    bundle = operand(AnyType)
    values = var_result()

    @classmethod
    def verify(cls, op: Operation) -> None:
        b = _bundle(op, op.bundle, "operand #0")
        want = b.result_types
        if op.result_types != want:  # MLIR infers the results from the bundle: its two errors
            e = op_error(op, "inferred type(s) '" + "', '".join(t.text for t in want)
                         + "' are incompatible with return type(s) of operation '"
                         + "', '".join(t.text for t in op.result_types) + "'")
            e.followups = [f"'{op.name}' op failed to infer returned types"]
            raise e

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return list(args[0].values)


def _ops() -> tuple[type[OpDef], ...]:
    from hlopt.dialects import mhlo_ops  # the rest of jaxlib's mhlo ops, from the table

    return (AsyncStartOp, AsyncUpdateOp, AsyncDoneOp, *mhlo_ops.OPS)


# closed, as MLIR-HLO's mhlo: every op jaxlib registers is declared
DIALECT = Dialect("mhlo", ops=_ops(), parse_type=parse_type)
