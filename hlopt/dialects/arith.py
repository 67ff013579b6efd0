"""arith: constant (custom form, folding) and the inherent attributes of the
ops hlopt rewrites; other arith ops pass through generically."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hlopt.ir.attributes import Attribute, DenseElementsAttr, FloatAttr, IntegerAttr, OpaqueAttr
from hlopt.ir.core import IRError, Operation
from hlopt.ir.dialect import Dialect
from hlopt.ir.location import FusedLoc, UnknownLoc
from hlopt.ir.matchers import int_value
from hlopt.ir.opdef import (
    COMMUTATIVE,
    CONSTANT_LIKE,
    PURE,
    OpDef,
)
from hlopt.ir.types import IndexType, IntegerType, ShapedType, Type, i1


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
            raise IRError("'arith.constant' op failed to verify that all of {value, result} have same type", op)

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


# -- folding and canonicalization --------------------------------------------------
_NONE_OVERFLOW = OpaqueAttr("#arith.overflow<none>")


def _int_type(t: Type) -> Type | None:
    """The integer element type of an integer, index or integer-tensor type."""
    if isinstance(t, (IntegerType, IndexType)):
        return t
    et = getattr(t, "element_type", None)
    return et if isinstance(et, (IntegerType, IndexType)) else None


def _int_attr(value: int, t: Type) -> Attribute | None:
    """An integer constant of type `t` (scalar, or a splat for shaped types)."""
    if isinstance(t, (IntegerType, IndexType)):
        return IntegerAttr(value, t)
    et = _int_type(t)
    if et is None or not isinstance(t, ShapedType) or not t.has_static_shape:
        return None
    return DenseElementsAttr(t, [IntegerAttr(value, et).value], splat=True)


def _ints(op: Operation) -> list[int | None]:
    return [int_value(v) for v in op.operands]


def _bits(t: Type) -> int:
    et = _int_type(t)
    return 64 if isinstance(et, IndexType) else et.width


def _unsigned(v: int, t: Type) -> int:
    return v & ((1 << _bits(t)) - 1)


def _binary_fold(fn: Callable[[int, int, Type], int | None]) -> Callable:
    def fold(cls: Any, op: Operation) -> Any:
        t = op.results[0].type if len(op.results) == 1 else None
        if t is None or _int_type(t) is None or len(op.operands) != 2:
            return None
        a, b = _ints(op)
        if a is None or b is None:
            return _identity(op, a, b, t)
        r = fn(a, b, t)
        if r is None:
            return None
        attr = _int_attr(r, t)
        return [attr] if attr is not None else None
    fold.__name__ = "fold"
    return fold


_IDENTITIES: dict[str, Callable] = {}


def _identity(op: Operation, a: int | None, b: int | None, t: Type) -> Any:
    fn = _IDENTITIES.get(op.name)
    return fn(op, a, b, t) if fn is not None else None


def _zero(t: Type) -> list | None:
    z = _int_attr(0, t)
    return [z] if z is not None else None


def _ident_addi(op, a, b, t):
    x, y = op.operands
    if b == 0:
        return [x]
    for s, other in ((x, y), (y, x)):  # (a - b) + b -> a
        d = s.defining_op
        if d is not None and d.name == "arith.subi" and d.operand(1) is other:
            return [d.operand(0)]
    return None


def _ident_subi(op, a, b, t):
    x, y = op.operands
    if x is y:
        return _zero(t)
    if b == 0:
        return [x]
    d = x.defining_op
    if d is not None and d.name == "arith.addi":  # (a + b) - b -> a, (a + b) - a -> b
        if d.operand(1) is y:
            return [d.operand(0)]
        if d.operand(0) is y:
            return [d.operand(1)]
    return None


def _ident_muli(op, a, b, t):
    if b == 0:
        return [op.operand(1)]
    if b == 1:
        return [op.operand(0)]
    return None


def _ident_andi(op, a, b, t):
    x, y = op.operands
    if b == 0:
        return [y]
    if x is y or (b is not None and _unsigned(b, t) == (1 << _bits(t)) - 1):
        return [x]
    return None


def _ident_ori(op, a, b, t):
    x, y = op.operands
    if b == 0 or x is y:
        return [x]
    if b is not None and _unsigned(b, t) == (1 << _bits(t)) - 1:
        return [y]
    return None


def _ident_xori(op, a, b, t):
    x, y = op.operands
    if b == 0:
        return [x]
    if x is y:
        return _zero(t)
    return None


_IDENTITIES.update({"arith.addi": _ident_addi, "arith.subi": _ident_subi, "arith.muli": _ident_muli,
                    "arith.andi": _ident_andi, "arith.ori": _ident_ori, "arith.xori": _ident_xori})


def _divsi(a, b, t):
    if b == 0:
        return None
    q = abs(a) // abs(b)
    q = q if (a >= 0) == (b >= 0) else -q
    if q >= 1 << (_bits(t) - 1):  # INT_MIN / -1 overflows: MLIR does not fold it
        return None
    return q


def _divui(a, b, t):
    b = _unsigned(b, t)
    return None if b == 0 else _unsigned(a, t) // b


_FOLDS = {
    "arith.addi": lambda a, b, t: a + b,
    "arith.subi": lambda a, b, t: a - b,
    "arith.muli": lambda a, b, t: a * b,
    "arith.andi": lambda a, b, t: a & b,
    "arith.ori": lambda a, b, t: a | b,
    "arith.xori": lambda a, b, t: a ^ b,
    "arith.maxsi": lambda a, b, t: max(a, b),
    "arith.minsi": lambda a, b, t: min(a, b),
    "arith.divsi": _divsi,
    "arith.divui": _divui,
}


def _select_fold(cls: Any, op: Operation) -> Any:
    if len(op.operands) != 3 or len(op.results) != 1:
        return None
    c, x, y = op.operands
    if x is y:
        return [x]
    cv = int_value(c)
    if cv is not None:
        return [x if cv else y]
    # select(%c, true, false) : i1 -> %c
    if op.results[0].type is i1 and c.type is i1 and int_value(x) == 1 and int_value(y) == 0:
        return [c]
    return None




def _fused(locs: list) -> Any:
    out: list = []
    for loc in locs:
        if not isinstance(loc, UnknownLoc) and loc not in out:
            out.append(loc)
    if not out:
        return UnknownLoc()
    return out[0] if len(out) == 1 else FusedLoc(out)


def _merge_flags(a: Operation, b: Operation) -> dict:
    fa, fb = a.properties.get("overflowFlags"), b.properties.get("overflowFlags")
    if fa is None and fb is None:
        return {}
    return {"overflowFlags": fa if fa is fb else _NONE_OVERFLOW}


def _reassociate_constant(name: str, combine: Callable[[int, int], int]) -> Callable:
    """op(op(x, c0), c1) -> op(x, combine(c0, c1)) for an associative op."""
    def rewrite(op: Operation, rewriter: Any) -> bool:
        if len(op.operands) != 2:
            return False
        inner, c1 = op.operands
        b = int_value(c1)
        d = inner.defining_op
        if b is None or d is None or d.name != name or len(d.operands) != 2:
            return False
        a = int_value(d.operand(1))
        t = op.results[0].type
        if a is None or d.results[0].type is not t:
            return False
        attr = _int_attr(combine(a, b), t)
        if attr is None:
            return False
        loc = _fused([op.location, d.operand(1).defining_op.location])  # as MLIR's DRR pattern
        c = rewriter.create("arith.constant", (), [t], properties={"value": attr}, location=loc)
        rewriter.replace_op_with_new(op, name, [d.operand(0), c.results[0]], properties=_merge_flags(d, op),
                                     location=loc)
        return True
    rewrite.__name__ = f"{name.split('.')[1]}_{name.split('.')[1]}_constant"
    return rewrite


def _add_patterns(cls: Any) -> tuple:
    return (_reassociate_constant("arith.addi", lambda a, b: a + b),)


def _mul_patterns(cls: Any) -> tuple:
    return (_reassociate_constant("arith.muli", lambda a, b: a * b),)




# -- the other ops: generic form, folders and patterns declared with each -----

_OPS: list[type[OpDef]] = [ConstantOp]


def _binary(name: str, props: tuple[str, ...], commutative: bool, fold: Callable | None = None,
            patterns: Callable | None = None) -> type:
    traits = {PURE}
    if commutative:
        traits.add(COMMUTATIVE)
    body: dict[str, Any] = {"name": name, "traits": frozenset(traits), "inherent": props,
                            "summary": f"{name} operation"}
    if fold is not None:
        body["fold"] = classmethod(fold)
    if patterns is not None:
        body["canonicalization_patterns"] = classmethod(patterns)
    cls = type(name.title().replace(".", "").replace("_", "") + "Op", (OpDef,), body)
    _OPS.append(cls)
    return cls


def _fold_of(n: str) -> Callable | None:
    f = _FOLDS.get(f"arith.{n}")
    return _binary_fold(f) if f is not None else None


_PATTERNS = {"addi": _add_patterns, "muli": _mul_patterns}
for _n, _c in (("addi", True), ("subi", False), ("muli", True), ("shli", False)):
    _binary(f"arith.{_n}", ("overflowFlags",), _c, _fold_of(_n), _PATTERNS.get(_n))
for _n, _c in (("addf", True), ("subf", False), ("mulf", True), ("divf", False), ("maximumf", True),
               ("minimumf", True), ("remf", False)):
    _binary(f"arith.{_n}", ("fastmath",), _c)
for _n, _c in (("andi", True), ("ori", True), ("xori", True), ("divsi", False), ("divui", False),
               ("remsi", False), ("remui", False), ("maxsi", True), ("minsi", True), ("select", False),
               ("index_cast", False), ("sitofp", False), ("extsi", False), ("extui", False),
               ("trunci", False), ("truncf", False), ("extf", False), ("bitcast", False)):
    _binary(f"arith.{_n}", ("overflowFlags",) if _n == "trunci" else (), _c,
            _select_fold if _n == "select" else _fold_of(_n))
_binary("arith.cmpi", ("predicate",), False)
_binary("arith.cmpf", ("predicate", "fastmath"), False)


def materialize_constant(builder: Any, value: Any, type: Type, location: Any) -> Operation | None:
    """arith.constant for integer/float/dense values of exactly `type`."""
    if not isinstance(value, (IntegerAttr, FloatAttr, DenseElementsAttr)) or value.type is not type:
        return None
    return builder.create("arith.constant", (), [type], properties={"value": value}, location=location)



def _parse_constant(s: Any, c: list) -> tuple[Operation, int]:
    """grammars/arith.lark: `arith.constant {attrs} <typed attribute>`."""
    from hlopt.syntax.parser import ParseError

    kw, attrs, value = c
    v = s.decode_attr(value)
    t = getattr(v, "type", None)
    if t is None:
        raise ParseError("expected a typed attribute for arith.constant", value.start_pos)
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("arith.constant", (), [t], {"value": v}, a), kw.start_pos


DIALECT = Dialect("arith", ops=tuple(_OPS), materialize_constant=materialize_constant, grammar="arith.lark",
                  syntax={"arith_constant": _parse_constant})

__all__ = ["ConstantOp", "DenseElementsAttr", "FloatAttr", "materialize_constant"]
