"""The func dialect: func.func, func.return, func.call."""

from __future__ import annotations

from typing import Any

from hlopt.ir.attributes import (
    ArrayAttr,
    DictionaryAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    symbol_name_text,
)
from hlopt.ir.core import IRError, Operation
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import CallableOpInterface, CallOpInterface, SymbolOpInterface
from hlopt.ir.location import UnknownLoc
from hlopt.ir.opdef import (
    ISOLATED,
    PURE,
    RETURN_LIKE,
    SYMBOL,
    TERMINATOR,
    OpDef,
)
from hlopt.ir.types import FunctionType

_FUNC_PROPS = ("sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs")


def function_type(op: Operation) -> FunctionType:
    t = op.properties.get("function_type")
    if not isinstance(t, TypeAttr) or not isinstance(t.type, FunctionType):
        raise IRError("'func.func' op requires attribute 'function_type'", op)
    return t.type


def _attr_list(op: Operation, name: str, n: int) -> list[DictionaryAttr | None]:
    a = op.properties.get(name)
    if a is None:
        return [None] * n
    return [d if isinstance(d, DictionaryAttr) and len(d) else None for d in a.elements]


class FuncOp(OpDef, CallableOpInterface, SymbolOpInterface):
    name = "func.func"
    summary = "An operation with a name containing a single SSACFG region"
    traits = frozenset({ISOLATED, SYMBOL})
    inherent = _FUNC_PROPS
    default_dialect = "func"

    @classmethod
    def verify(cls, op: Operation) -> None:
        name = op.properties.get("sym_name")
        if not isinstance(name, StringAttr):
            raise IRError("'func.func' op requires attribute 'sym_name'", op)
        ft = function_type(op)
        vis = op.properties.get("sym_visibility")
        if vis is not None and (not isinstance(vis, StringAttr) or vis.value not in ("public", "private", "nested")):
            raise IRError("'func.func' op visibility expected to be one of [\"public\", \"private\", \"nested\"]", op)
        for key, count in (("arg_attrs", len(ft.inputs)), ("res_attrs", len(ft.results))):
            a = op.properties.get(key)
            if a is not None:
                if not isinstance(a, ArrayAttr) or not all(isinstance(d, DictionaryAttr) for d in a.elements):
                    raise IRError(f"'func.func' op expects {key} to be an array of dictionaries", op)
                if len(a) != count:
                    what = "argument" if key == "arg_attrs" else "result"
                    raise IRError(f"'func.func' op expects {what} attribute array to have the same number of "
                                  f"elements as the number of function {what}s, got {len(a)}, but expected {count}",
                                  op)
        body = op.regions[0] if op.regions else None
        if body is None or not body.blocks:
            if vis is None or vis.value == "public":  # no visibility means public
                raise IRError("'func.func' op symbol declaration cannot have public visibility", op)
            return
        entry = body.blocks[0]
        if len(entry.args) != len(ft.inputs):
            raise IRError(f"'func.func' op entry block must have {len(ft.inputs)} arguments to match function "
                          f"signature", op)
        for i, (a, t) in enumerate(zip(entry.args, ft.inputs)):
            if a.type is not t:
                raise IRError(f"'func.func' op type of entry block argument #{i}({a.type.text}) must match the "
                              f"type of the corresponding argument in function signature({t.text})", op)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        ft = function_type(op)
        s = "func.func "
        vis = op.properties.get("sym_visibility")
        if vis is not None:
            s += vis.value + " "
        s += symbol_name_text(op.properties.get("sym_name").value)
        body = op.regions[0] if op.regions else None
        has_body = body is not None and bool(body.blocks)
        arg_attrs = _attr_list(op, "arg_attrs", len(ft.inputs))
        args = []
        for i, t in enumerate(ft.inputs):
            if has_body:
                a = body.blocks[0].args[i]
                item = f"{p.value(a)}: {p.type_text(t)}"
            else:
                item = p.type_text(t)
            if arg_attrs[i] is not None:
                item += p.attr_dict(arg_attrs[i])
            if has_body and p.debuginfo:
                loc = a.location if a.location is not None else UnknownLoc()
                item += " loc(" + loc.body(p) + ")"
            args.append(item)
        s += "(" + ", ".join(args) + ")"
        if ft.results:
            res_attrs = _attr_list(op, "res_attrs", len(ft.results))
            if len(ft.results) == 1 and res_attrs[0] is None and not isinstance(ft.results[0], FunctionType):
                s += " -> " + p.type_text(ft.results[0])
            else:
                s += " -> (" + ", ".join(
                    p.type_text(t) + (p.attr_dict(ra) if ra is not None else "")
                    for t, ra in zip(ft.results, res_attrs)) + ")"
        s += p.attr_dict(op.attributes, elide=_FUNC_PROPS, keyword=True)
        if has_body:
            s += " " + p.region(body, print_entry_args=False)
        return s


def _enclosing_func(op: Operation) -> Operation | None:
    parent = op.parent_op
    return parent if parent is not None and parent.name == "func.func" else None


class ReturnOp(OpDef):
    name = "func.return"
    summary = "Function return operation"
    traits = frozenset({TERMINATOR, RETURN_LIKE, PURE})

    @classmethod
    def verify(cls, op: Operation) -> None:
        f = _enclosing_func(op)
        if f is None:
            raise IRError("'func.return' op expects parent op 'func.func'", op)
        ft = function_type(f)
        name = f.properties.get("sym_name").value
        if len(op.operands) != len(ft.results):
            raise IRError(f"'func.return' op has {len(op.operands)} operands, but enclosing function (@{name}) "
                          f"returns {len(ft.results)}", op)
        for i, (v, t) in enumerate(zip(op.operands, ft.results)):
            if v.type is not t:
                raise IRError(f"type of return operand {i} ('{v.type.text}') doesn't match "
                              f"function result type ('{t.text}') in function @{name}", op)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        s = p.op_name(op)
        if op.operands:
            s += " " + p.values(op.operands) + " : " + p.types(op.operand_types)
        return s + p.attr_dict(op.attributes)


class CallOp(OpDef, CallOpInterface):
    name = "func.call"
    summary = "Call operation"
    inherent = ("callee", "arg_attrs", "res_attrs", "no_inline")

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        callee = op.properties.get("callee")
        if not isinstance(callee, SymbolRefAttr):
            raise IRError("'func.call' op requires attribute 'callee'", op)
        from hlopt.ir.symbols import SymbolCache

        fn = (symbols or SymbolCache()).lookup(op, callee)
        if fn is None or fn.name != "func.func":
            raise IRError(f"'func.call' op '{callee.leaf}' does not reference a valid function", op)
        ft = function_type(fn)
        if len(ft.inputs) != len(op.operands):
            raise IRError("'func.call' op incorrect number of operands for callee", op)
        for i, (v, t) in enumerate(zip(op.operands, ft.inputs)):
            if v.type is not t:
                raise IRError(f"'func.call' op operand type mismatch: expected operand type '{t.text}', but "
                              f"provided '{v.type.text}' for operand number {i}", op)
        if len(ft.results) != len(op.results):
            raise IRError("'func.call' op incorrect number of results for callee", op)
        for i, (r, t) in enumerate(zip(op.results, ft.results)):
            if r.type is not t:
                raise IRError(f"'func.call' op result type mismatch at index {i}", op,
                              notes=[("      op result types: " + ", ".join(f"'{x.type.text}'" for x in op.results), op),
                                     ("function result types: " + ", ".join(f"'{x.text}'" for x in ft.results), op)])

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if any(k not in cls.inherent for k, _ in op.properties.entries):
            return None
        # attr-dict prints the inherent attributes (callee elided) merged with the discardable ones
        attrs = op.attributes
        if len(op.properties.entries) > 1:
            from hlopt.ir.attributes import DictionaryAttr

            attrs = DictionaryAttr(list(op.properties.entries) + list(op.attributes.entries))
        s = p.op_name(op) + " " + op.properties.get("callee").text
        s += "(" + p.values(op.operands) + ")" + p.attr_dict(attrs, elide=("callee",))
        return s + " : " + p.functional_type(op.operand_types, op.result_types)


DIALECT = Dialect("func", ops=(FuncOp, ReturnOp, CallOp))
