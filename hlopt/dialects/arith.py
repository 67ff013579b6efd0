"""arith: every op declared (operands, results, inherent attributes, traits),
with MLIR's custom forms, folders and canonicalization patterns. The dialect
is closed, as MLIR's: an op name it does not declare is an error unless
--allow-unregistered-dialect.

Custom forms: MLIR's `assemblyFormat` strings of ArithOps.td (declared
on each op class, hlopt.syntax.asm_format); arith.select's hand-written form
uses the same parser/printer API (hlopt.syntax.op_asm):

    arith.addi %a, %b overflow<nsw> {attrs} : i32      (overflowFlags elided when none)
    arith.addf %a, %b fastmath<fast> : f32             (fastmath elided when none)
    arith.cmpi slt, %a, %b : i32
    arith.select %c, %a, %b : i32                      (`: i1, T` form for shaped conditions)
    arith.extsi %a : i32 to i64
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar, cast

from hlopt.ir import apfloat
from hlopt.ir.attributes import Attribute, DenseElementsAttr, FloatAttr, IntegerAttr, OpaqueAttr
from hlopt.ir.constraints import AnyType, Constraint
from hlopt.ir.core import IRError, Operation, OpResult, Value
from hlopt.ir.dialect import Dialect
from hlopt.ir.floats import bits_to_float, semantics
from hlopt.ir.interfaces import InferTypeOpInterface
from hlopt.ir.lazy import lazy_module
from hlopt.ir.location import fuse
from hlopt.ir.matchers import constant_value, defined_by, int_value
from hlopt.ir.opdef import OpDef, attr, operand, opt_attr, result
from hlopt.ir.rewriter import debug_name
from hlopt.ir.traits import (
    Commutative,
    ConstantLike,
    ElementwiseTrait,
    Idempotent,
    Pure,
    SameOperandsAndResultShape,
    SameOperandsAndResultType,
    Trait,
)
from hlopt.ir.types import (
    FloatType,
    IndexType,
    IntegerType,
    RankedTensorType,
    ShapedType,
    Type,
    UnrankedTensorType,
    VectorType,
    i1,
)
from hlopt.syntax import (
    AllTypesMatch,
    EnumKeyword,
    OpAsmParser,
    OpAsmPrinter,
    OpAsmResolver,
    ParseError,
    StrippedAttr,
    TypesMatchWith,
)

np = lazy_module("numpy")
ml_dtypes = lazy_module("ml_dtypes")
ew = lazy_module("hlopt.kernels.elementwise")
movement = lazy_module("hlopt.kernels.movement")
interp_values = lazy_module("hlopt.kernels.values")

# -- type constraints (ODS's SignlessIntegerLike & co) ---------------------------------


def _elem(t: Type) -> Type:
    return t.element_type if isinstance(t, (RankedTensorType, UnrankedTensorType, VectorType)) else t


_O = TypeVar("_O", bound=Operation)


def _def_of(v: Value, cls: type[_O]) -> _O | None:
    """The op of exactly class `cls` defining `v` (MLIR's getDefiningOp<OpTy>), else None."""
    d = v.defining_op
    return d if type(d) is cls else None


def _like(pred: Callable[[Type], bool], summary: str) -> Constraint:
    return Constraint(lambda t: pred(_elem(t)), summary)


def _signless(t: Type) -> bool:
    return isinstance(t, IndexType) or (isinstance(t, IntegerType) and t.signedness == "")


SignlessIntegerLike = _like(_signless, "signless-non-zero-bitwidth-integer-like")
FloatLike = _like(lambda t: isinstance(t, FloatType), "floating-point-like")
BoolLike = _like(lambda t: t is i1, "bool-like")
AnyScalarOrShaped = AnyType

OVERFLOW_NONE = OpaqueAttr("#arith.overflow<none>")
FASTMATH_NONE = OpaqueAttr("#arith.fastmath<none>")

CMPI_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
CMPF_PREDICATES = ("false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult",
                   "ule", "une", "uno", "true")
ROUNDING_MODES = ("to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away")


def _flag_attr(kind: str) -> StrippedAttr:
    """`#arith.overflow<...>` / `#arith.fastmath<...>` printed as `<...>` after its keyword."""
    return StrippedAttr("#arith." + kind, lambda body: OpaqueAttr("#arith." + _flags_text(kind, body[1:-1])))


OVERFLOW_FLAGS = _flag_attr("overflow")
FASTMATH_FLAGS = _flag_attr("fastmath")
ROUNDING = EnumKeyword(ROUNDING_MODES, IntegerType(32))


class ArithOp(OpDef):
    """An arith op with a declarative form (`assembly_format`)."""

    attr_syntax = {"overflowFlags": OVERFLOW_FLAGS, "fastmath": FASTMATH_FLAGS, "roundingmode": ROUNDING}
    local_verify = True  # checks read only the op's own types, properties and attributes

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        """MLIR's patterns for this op (the `_PATTERNS` entry of its name)."""
        return _PATTERNS.get(cls.name.split(".", 1)[1], ())


# -- integer arithmetic ----------------------------------------------------------------
def _bits(t: Type) -> int:
    et = _elem(t)
    return 64 if isinstance(et, IndexType) else cast(IntegerType, et).width


def _unsigned(v: int, t: Type) -> int:
    return v & ((1 << _bits(t)) - 1)


def _signed(v: int, t: Type) -> int:
    w = _bits(t)
    v &= (1 << w) - 1
    return v - (1 << w) if v >= 1 << (w - 1) else v


def _int_attr(value: int, t: Type) -> Attribute | None:
    """An integer constant of type `t` (scalar, or a splat for shaped types)."""
    if isinstance(t, IndexType):  # index folds in 64 bits, like MLIR's APInt
        return IntegerAttr(_signed(value, t), t)
    if isinstance(t, IntegerType):
        return IntegerAttr(value, t)
    et = _elem(t)
    if not isinstance(et, (IntegerType, IndexType)) or not isinstance(t, ShapedType) or not t.has_static_shape:
        return None
    if isinstance(et, IndexType):
        value = _signed(value, et)
    return DenseElementsAttr(t, [IntegerAttr(value, et).value], splat=True)


def _elements(v: Value) -> tuple | None:
    """The elements of a dense constant (a splat expanded), as stored: ints
    wrapped to the element type, floats as bit patterns."""
    a = constant_value(v)
    if not isinstance(a, DenseElementsAttr) or not isinstance(a.type, ShapedType) or not a.type.has_static_shape:
        return None
    return a.flat_values()


def _elementwise(op: Operation, fold_one: Callable) -> list | None:
    """MLIR's constFoldBinaryOp on two element constants of one type (not
    both splats): the element results, None if one element has none."""
    x, y = _elements(op.operand(0)), _elements(op.operand(1))
    if x is None or y is None or op.operand(0).type is not op.operand(1).type:
        return None
    out = []
    for a, b in zip(x, y):
        r = fold_one(a, b)
        if r is None:
            return None
        out.append(r)
    return out


def _fold_elementwise(op: Operation, fold_one: Callable, t: Type) -> list | None:
    """The one-result fold of `_elementwise` as a constant of type `t`."""
    out = _elementwise(op, fold_one) if isinstance(t, ShapedType) else None
    return [DenseElementsAttr(cast(ShapedType, t), out)] if out is not None else None


def _zero(t: Type) -> list | None:
    z = _int_attr(0, t)
    return [z] if z is not None else None


def _all_ones(b: int | None, t: Type) -> bool:
    return b is not None and _unsigned(b, t) == (1 << _bits(t)) - 1


def _ident_addi(op, a, b, t):
    x, y = op.operands
    if b == 0:
        return [x]
    s = defined_by(x, "arith.subi")  # (a - b) + b -> a
    if s is not None and s.operand(1) is y:
        return [s.operand(0)]
    s = defined_by(y, "arith.subi")  # b + (a - b) -> a
    if s is not None and s.operand(1) is x:
        return [s.operand(0)]
    return None


def _ident_subi(op, a, b, t):
    x, y = op.operands
    if x is y:
        return _zero(t)
    if b == 0:
        return [x]
    d = defined_by(x, "arith.addi")  # (a + b) - b -> a, (a + b) - a -> b
    if d is not None:
        if d.operand(1) is y:
            return [d.operand(0)]
        if d.operand(0) is y:
            return [d.operand(1)]
    d = defined_by(y, "arith.subi")  # a - (a - b) -> b
    if d is not None and d.operand(0) is x:
        return [d.operand(1)]
    return None


def _ident_muli(op, a, b, t):
    if b == 0:
        return [op.operand(1)]
    if b == 1:
        return [op.operand(0)]
    return None


def _is_not_of(v: Any, x: Any) -> bool:
    """`v = xori(x, -1)`: the bitwise not of x."""
    d = defined_by(v, "arith.xori")
    return d is not None and d.operand(0) is x and _all_ones(int_value(d.operand(1)), x.type)


def _ident_andi(op, a, b, t):
    x, y = op.operands
    if b == 0:
        return [y]
    if _all_ones(b, t) or (x is y and a is None):  # the Idempotent trait folds after constants do
        return [x]
    if _is_not_of(y, x) or _is_not_of(x, y):  # x & ~x -> 0
        return _zero(t)
    for prev, other in ((x, y), (y, x)):  # a & (a & b) -> a & b
        d = defined_by(prev, "arith.andi")
        if d is not None and other in (d.operand(0), d.operand(1)):
            return [prev]
    return None


def _ident_ori(op, a, b, t):
    x, y = op.operands
    if b == 0 or (x is y and a is None):
        return [x]
    if _all_ones(b, t):
        return [constant_value(y)]  # MLIR returns the attribute: a new constant is materialized
    if _is_not_of(y, x):  # x | ~x -> the all-ones operand of the not
        return [cast(IntBinaryOp, y.defining_op).rhs]
    if _is_not_of(x, y):
        return [cast(IntBinaryOp, x.defining_op).rhs]
    return None


def _ident_xori(op, a, b, t):
    x, y = op.operands
    if b == 0:
        return [x]
    if x is y:
        return _zero(t)
    d = defined_by(x, "arith.xori")  # (x ^ a) ^ a -> x, (a ^ x) ^ a -> x
    if d is not None:
        if d.operand(1) is y:
            return [d.operand(0)]
        if d.operand(0) is y:
            return [d.operand(1)]
    d = defined_by(y, "arith.xori")  # a ^ (x ^ a) -> x, a ^ (a ^ x) -> x
    if d is not None:
        if d.operand(1) is x:
            return [d.operand(0)]
        if d.operand(0) is x:
            return [d.operand(1)]
    return None


def _ident_div(op, a, b, t):
    x, y = op.operands
    if b == 1:
        return [x]
    m = defined_by(x, "arith.muli") if op.name in ("arith.divsi", "arith.divui") else None  # (a * b) / b -> a when the muli cannot wrap (nuw for divui, nsw for divsi)
    if m is not None and ("nuw" if op.name == "arith.divui" else "nsw") in _ovf(m):
        if m.operand(0) is y:
            return [m.operand(1)]
        if m.operand(1) is y:
            return [m.operand(0)]
    if a == 0:  # 0 / x -> the zero itself, as MLIR's fold (x == 0 is undefined behaviour)
        return [x]
    if x is y:  # x / x -> 1
        c = _int_attr(1, t)
        return [c] if c is not None else None
    return None


def _ident_rem(op, a, b, t):
    x, y = op.operands
    if b == 1 or a == 0 or x is y:  # x % 1, 0 % x, x % x -> 0
        return _zero(t)
    return None


def _ident_shift(op, a, b, t):
    if b == 0:
        return [op.operand(0)]
    if a == 0:  # 0 shifted stays 0: the zero operand itself
        return [op.operand(0)]
    name = op.name
    if name in ("arith.shrsi", "arith.shrui") and op.operand(0) is op.operand(1):
        return _zero(t)  # x >> x: any defined shift (x < width) gives 0
    if name == "arith.shrsi" and a is not None and _all_ones(a, t):
        return [op.operand(0)]  # -1 >> x (arithmetic) stays -1
    return None


def _minmax_ident(which: str) -> Callable:
    """max/min with x itself, or with the extreme values of the type."""
    def ident(op, a, b, t):
        x, y = op.operands
        if x is y:
            return [y]
        if b is None:
            return None
        w = _bits(t)
        signed = which in ("maxsi", "minsi")
        v = _signed(b, t) if signed else _unsigned(b, t)
        hi = (1 << (w - 1)) - 1 if signed else (1 << w) - 1
        lo = -(1 << (w - 1)) if signed else 0
        absorbing, neutral = (hi, lo) if which.startswith("max") else (lo, hi)
        if v == absorbing:
            return [y]
        if v == neutral:
            return [x]
        return None
    return ident


def _sdiv(a: int, b: int, t: Type) -> int | None:
    a, b = _signed(a, t), _signed(b, t)
    if b == 0:
        return None
    q = abs(a) // abs(b)
    q = q if (a >= 0) == (b >= 0) else -q
    if q >= 1 << (_bits(t) - 1):  # INT_MIN / -1 overflows: MLIR does not fold it
        return None
    return q


def _udiv(a: int, b: int, t: Type) -> int | None:
    b = _unsigned(b, t)
    return None if b == 0 else _unsigned(a, t) // b


def _srem(a: int, b: int, t: Type) -> int | None:
    a, b = _signed(a, t), _signed(b, t)
    if b == 0:
        return None
    r = abs(a) % abs(b)
    return r if a >= 0 else -r


def _urem(a: int, b: int, t: Type) -> int | None:
    b = _unsigned(b, t)
    return None if b == 0 else _unsigned(a, t) % b


def _ceildivui(a: int, b: int, t: Type) -> int | None:
    a, b = _unsigned(a, t), _unsigned(b, t)
    return None if b == 0 else -(-a // b)


def _ceildivsi(a: int, b: int, t: Type) -> int | None:
    a, b = _signed(a, t), _signed(b, t)
    if b == 0:
        return None
    q = -(-a // b)
    return None if q >= 1 << (_bits(t) - 1) else q  # INT_MIN / -1 overflows


def _floordivsi(a: int, b: int, t: Type) -> int | None:
    a, b = _signed(a, t), _signed(b, t)
    if b == 0:
        return None
    q = a // b
    return None if q >= 1 << (_bits(t) - 1) else q


def _floordivsi_wrapping(a: int, b: int, t: Type) -> int:
    """MLIR's element step of floordivsi: APInt's wrap on overflow (INT_MIN
    / -1 is INT_MIN), the dividend itself for a zero divisor."""
    a, b = _signed(a, t), _signed(b, t)
    return a if b == 0 else a // b


# APInt's shifts, total: by the width or more, nothing (or the sign) is left
def _apint_shl(a: int, b: int, t: Type) -> int:
    b = _unsigned(b, t)
    return 0 if b >= _bits(t) else a << b


def _apint_shrui(a: int, b: int, t: Type) -> int:
    b = _unsigned(b, t)
    return 0 if b >= _bits(t) else _unsigned(a, t) >> b


def _apint_shrsi(a: int, b: int, t: Type) -> int:
    b = _unsigned(b, t)
    return (-1 if _signed(a, t) < 0 else 0) if b >= _bits(t) else _signed(a, t) >> b


def _in_range(shift: Callable) -> Callable:
    """MLIR's shift fold: no value for an amount of the width or more."""
    return lambda a, b, t: None if _unsigned(b, t) >= _bits(t) else shift(a, b, t)


_shl, _shrui, _shrsi = _in_range(_apint_shl), _in_range(_apint_shrui), _in_range(_apint_shrsi)

# Ops whose MLIR folder keeps one flag that each element's step sets anew
# (a shift's in-range test, floordivsi's overflow-or-zero), so the last
# element alone decides whether a non-splat constant folds; every element
# then takes APInt's total result
_LAST_ELEMENT_DECIDES: dict[str, Callable] = {
    "arith.shli": _apint_shl, "arith.shrui": _apint_shrui, "arith.shrsi": _apint_shrsi,
    "arith.floordivsi": _floordivsi_wrapping,
}


# name -> (constant fold, identity fold, commutative, overflow flags)
_INT_BINARY: dict[str, tuple[Callable, Callable | None, bool, bool]] = {
    "addi": (lambda a, b, t: a + b, _ident_addi, True, True),
    "subi": (lambda a, b, t: a - b, _ident_subi, False, True),
    "muli": (lambda a, b, t: a * b, _ident_muli, True, True),
    "shli": (_shl, _ident_shift, False, True),
    "andi": (lambda a, b, t: a & b, _ident_andi, True, False),
    "ori": (lambda a, b, t: a | b, _ident_ori, True, False),
    "xori": (lambda a, b, t: a ^ b, _ident_xori, True, False),
    "divsi": (_sdiv, _ident_div, False, False),
    "divui": (_udiv, _ident_div, False, False),
    "remsi": (_srem, _ident_rem, False, False),
    "remui": (_urem, _ident_rem, False, False),
    "ceildivsi": (_ceildivsi, _ident_div, False, False),
    "ceildivui": (_ceildivui, _ident_div, False, False),
    "floordivsi": (_floordivsi, _ident_div, False, False),
    "shrsi": (_shrsi, _ident_shift, False, False),
    "shrui": (_shrui, _ident_shift, False, False),
    "maxsi": (lambda a, b, t: max(_signed(a, t), _signed(b, t)), _minmax_ident("maxsi"), True, False),
    "minsi": (lambda a, b, t: min(_signed(a, t), _signed(b, t)), _minmax_ident("minsi"), True, False),
    "maxui": (lambda a, b, t: max(_unsigned(a, t), _unsigned(b, t)), _minmax_ident("maxui"), True, False),
    "minui": (lambda a, b, t: min(_unsigned(a, t), _unsigned(b, t)), _minmax_ident("minui"), True, False),
}


class IntBinaryOp(ArithOp):
    lhs = operand(SignlessIntegerLike)
    rhs = operand(SignlessIntegerLike)
    result_ = result(SignlessIntegerLike, name="result")
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)"
    const_fold: Any = None  # (every op class sets it: a Callable)
    identity: Callable | None = None

    @classmethod
    def fold(cls, op: Operation) -> Any:
        t = op.result.type
        a, b = int_value(op.operand(0)), int_value(op.operand(1))
        if cls.identity is not None:
            r = cls.identity(op, a, b, t)
            if r is not None:
                return r
        if a is None or b is None:
            et = _elem(t)
            fold = cls.const_fold
            total = _LAST_ELEMENT_DECIDES.get(cls.name)
            if total is not None:
                x, y = _elements(op.operand(0)), _elements(op.operand(1))
                if not x or not y or cls.const_fold(x[-1], y[-1], t) is None:
                    return None
                fold = total

            def one(x: int, y: int) -> int | None:
                v = fold(x, y, t)
                return None if v is None else cast(IntegerAttr, _int_attr(v, et)).value
            return _fold_elementwise(op, one, t)
        v = cls.const_fold(a, b, t)
        if v is None:
            return None
        c = _int_attr(v, t)
        return [c] if c is not None else None

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        t = op.result.type
        d = interp_values.dtype_of(t)

        def one(a: Any, b: Any) -> Any:
            v = cls.const_fold(int(a), int(b), t)
            if v is None:  # division by zero, shift past the width: MLIR's undefined behaviour
                raise interp_values.InterpError(f"'{op.name}' is undefined for {int(a)} and {int(b)}", op)
            return ew.from_python_int(v, d)

        a, b = np.asarray(args[0]), np.asarray(args[1])
        if a.ndim == 0:
            return [one(a, b)]
        return [np.vectorize(lambda x, y: one(x, y)[()], otypes=[d])(a, b)]


def _make_int_binary(n: str, class_name: str) -> type[IntBinaryOp]:
    fold, ident, comm, ovf = _INT_BINARY[n]
    traits = [Pure(), SameOperandsAndResultType(), ElementwiseTrait()]
    if comm:
        traits.insert(1, Commutative())
    body: dict[str, Any] = {
        "name": f"arith.{n}", "summary": f"integer {n} operation", "traits": tuple(traits),
        "const_fold": staticmethod(fold), "identity": staticmethod(ident) if ident is not None else None,
    }

    if ovf:
        body["overflowFlags"] = attr(default=OVERFLOW_NONE)
        body["assembly_format"] = "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)"
    body["__module__"] = __name__
    return type(class_name, (IntBinaryOp,), body)


# one importable class per op (MLIR's C++ class names), for typed builders and matches
AddIOp = _make_int_binary("addi", "AddIOp")
SubIOp = _make_int_binary("subi", "SubIOp")
MulIOp = _make_int_binary("muli", "MulIOp")
ShLIOp = _make_int_binary("shli", "ShLIOp")
AndIOp = _make_int_binary("andi", "AndIOp")
OrIOp = _make_int_binary("ori", "OrIOp")
XOrIOp = _make_int_binary("xori", "XOrIOp")
DivSIOp = _make_int_binary("divsi", "DivSIOp")
DivUIOp = _make_int_binary("divui", "DivUIOp")
RemSIOp = _make_int_binary("remsi", "RemSIOp")
RemUIOp = _make_int_binary("remui", "RemUIOp")
CeilDivSIOp = _make_int_binary("ceildivsi", "CeilDivSIOp")
CeilDivUIOp = _make_int_binary("ceildivui", "CeilDivUIOp")
FloorDivSIOp = _make_int_binary("floordivsi", "FloorDivSIOp")
ShRSIOp = _make_int_binary("shrsi", "ShRSIOp")
ShRUIOp = _make_int_binary("shrui", "ShRUIOp")
MaxSIOp = _make_int_binary("maxsi", "MaxSIOp")
MinSIOp = _make_int_binary("minsi", "MinSIOp")
MaxUIOp = _make_int_binary("maxui", "MaxUIOp")
MinUIOp = _make_int_binary("minui", "MinUIOp")
_INT_BINARY_OPS = (AddIOp, SubIOp, MulIOp, ShLIOp, AndIOp, OrIOp, XOrIOp, DivSIOp, DivUIOp, RemSIOp,
    RemUIOp, CeilDivSIOp, CeilDivUIOp, FloorDivSIOp, ShRSIOp, ShRUIOp, MaxSIOp, MinSIOp, MaxUIOp, MinUIOp)


# -- float arithmetic ----------------------------------------------------------------------
# Folds compute on bit patterns with APFloat's semantics (hlopt.ir.apfloat), so
# every float type folds as MLIR folds it: rounded to nearest even in that
# format, NaN payloads and signs kept, overflow to inf (or NaN, or the largest
# value, in the formats without inf).
def _float_bits(v: Any) -> tuple[int, FloatType] | None:
    """The bits and type of a scalar or splat float constant."""
    a = constant_value(v)
    if isinstance(a, FloatAttr):
        return a.bits, a.type
    if isinstance(a, DenseElementsAttr) and a.splat and a.values and isinstance(a.element_type, FloatType):
        return a.values[0], a.element_type
    return None


def _float_attr(bits: int | None, t: Type) -> Attribute | None:
    """A constant of type `t` (a float, or a static shaped splat) with these bits."""
    if bits is None:
        return None
    if isinstance(t, FloatType):
        return FloatAttr(bits, t)
    if isinstance(t, ShapedType) and t.has_static_shape:
        return DenseElementsAttr(t, [bits], splat=True)
    return None


def _fp_semantics(t: FloatType) -> Any:
    s = semantics(t.name)
    return s if apfloat.supported(s) else None


# op name -> (APFloat operation, commutative)
_FLOAT_BINARY: dict[str, tuple[Callable | None, bool]] = {
    "addf": (apfloat.add, True), "subf": (apfloat.sub, False), "mulf": (apfloat.mul, True),
    "divf": (apfloat.div, False), "remf": (apfloat.mod, False), "maximumf": (apfloat.maximum, True),
    "minimumf": (apfloat.minimum, True), "maxnumf": (apfloat.maxnum, True), "minnumf": (apfloat.minnum, True),
    "maximumnumf": (apfloat.maximumnum, True), "minimumnumf": (apfloat.minimumnum, True),
}
# max/min ops: op(x, x) folds to x; a NaN constant on the right folds to x for
# the ops where a number wins over a NaN
_MINMAX_F = ("maximumf", "minimumf", "maxnumf", "minnumf", "maximumnumf", "minimumnumf")
_NUMBER_WINS = ("maxnumf", "minnumf", "maximumnumf", "minimumnumf")


class FloatBinaryOp(ArithOp):
    lhs = operand(FloatLike)
    rhs = operand(FloatLike)
    result_ = result(FloatLike, name="result")
    fastmath = attr(default=FASTMATH_NONE)
    assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"
    const_fold: Any = None  # a Callable, or None: no constant folding

    @staticmethod
    def asm_printable(op: Operation) -> bool:
        """A rounding mode has no spelling in this form: the generic form keeps it."""
        return "roundingmode" not in op.properties

    @classmethod
    def fold(cls, op: Operation) -> Any:
        t = op.result.type
        short = cls.name.split(".")[1]
        if short in _MINMAX_F and op.operand(0) is op.operand(1):
            return [op.operand(0)]  # max(x, x) -> x
        y = _float_bits(op.operand(1))
        fs = _fp_semantics(y[1]) if y is not None else None
        if fs is not None and y is not None:
            # x + -0.0 -> x, x - 0.0 -> x, x * 1.0 -> x, x / 1.0 -> x (MLIR's identities)
            cat, negative, v = apfloat.decode(y[0], fs)
            zero, inf = cat == "zero", cat == "inf"
            if (short == "addf" and zero and negative) or (short == "subf" and zero and not negative) or \
                    (short in ("mulf", "divf") and v == 1) or \
                    (short == "maximumf" and inf and negative) or (short == "minimumf" and inf and not negative) or \
                    (short in _NUMBER_WINS and cat == "nan"):
                return [op.operand(0)]
            if short in ("addf", "subf") and zero and "nsz" in _fastmath(op):
                return [op.operand(0)]  # x +- 0 -> x for either zero when the sign of zero is a don't-care
            if short == "mulf" and zero and {"nnan", "nsz"} <= _fastmath(op):
                return [op.operand(1)]  # x * 0 -> 0 when NaN and the sign of zero are don't-cares
        if cls.const_fold is None:
            return None
        x = _float_bits(op.operand(0))
        if x is None or fs is None or y is None or x[1] is not y[1]:
            et = _elem(t)
            efs = _fp_semantics(et) if isinstance(et, FloatType) else None
            if efs is None:
                return None
            return _fold_elementwise(op, lambda a, b: cls.const_fold(a, b, efs), t)
        c = _float_attr(cls.const_fold(x[0], y[0], fs), t)
        return [c] if c is not None else None


def _fastmath(op: Any) -> set[str]:  # (any op declaring `fastmath`)
    text = getattr(op.fastmath, "text", "") or ""
    names = set(text[text.find("<") + 1:-1].split(",")) if "<" in text else set()
    return set(_FLAG_ORDER["fastmath"]) if "fast" in names else names


def _number_extreme(larger: bool) -> Callable:
    """maximumnumf/minimumnumf on arrays: IEEE 754-2019 maximumNumber /
    minimumNumber (a number wins over a NaN, -0 is below +0)."""
    def interpret(cls: Any, op: Operation, args: list, ctx: Any) -> list:
        a, b = np.asarray(args[0]), np.asarray(args[1])
        with np.errstate(invalid="ignore"):
            r = np.fmax(a, b) if larger else np.fmin(a, b)  # fmax/fmin: the number over a NaN
            zeros = (a == 0) & (b == 0)  # numpy leaves the sign of equal zeros open
        pick_b = np.signbit(a) if larger else np.signbit(b)
        r = np.where(zeros, np.where(pick_b, b, a), r).astype(a.dtype)
        return [r[()] if a.ndim == 0 else r]
    return interpret


_NUMBER_INTERP = {"maximumnumf": _number_extreme(True), "minimumnumf": _number_extreme(False)}


def _make_float_binary(n: str, class_name: str) -> type[FloatBinaryOp]:
    fold, comm = _FLOAT_BINARY[n]
    traits = [Pure(), SameOperandsAndResultType(), ElementwiseTrait()]
    if comm:
        traits.insert(1, Commutative())
    body: dict[str, Any] = {"name": f"arith.{n}", "summary": f"floating point {n} operation",
                            "traits": tuple(traits), "const_fold": staticmethod(fold) if fold is not None else None}
    if n in _NUMBER_INTERP:
        body["interpret"] = classmethod(_NUMBER_INTERP[n])
    if n in ("addf", "subf", "mulf", "divf"):
        # MLIR's optional rounding mode (bytecode writes its slot among these
        # ops' properties, so the reader must know it is there)
        body["roundingmode"] = opt_attr()
    body["__module__"] = __name__
    return type(class_name, (FloatBinaryOp,), body)


AddFOp = _make_float_binary("addf", "AddFOp")
SubFOp = _make_float_binary("subf", "SubFOp")
MulFOp = _make_float_binary("mulf", "MulFOp")
DivFOp = _make_float_binary("divf", "DivFOp")
RemFOp = _make_float_binary("remf", "RemFOp")
MaximumFOp = _make_float_binary("maximumf", "MaximumFOp")
MinimumFOp = _make_float_binary("minimumf", "MinimumFOp")
MaxNumFOp = _make_float_binary("maxnumf", "MaxNumFOp")
MinNumFOp = _make_float_binary("minnumf", "MinNumFOp")
MaximumNumFOp = _make_float_binary("maximumnumf", "MaximumNumFOp")
MinimumNumFOp = _make_float_binary("minimumnumf", "MinimumNumFOp")
_FLOAT_BINARY_OPS = (AddFOp, SubFOp, MulFOp, DivFOp, RemFOp, MaximumFOp, MinimumFOp, MaxNumFOp, MinNumFOp,
    MaximumNumFOp, MinimumNumFOp)


class NegFOp(ArithOp):
    name = "arith.negf"
    summary = "floating point negation"
    operand_ = operand(FloatLike)
    result_ = result(FloatLike, name="result")
    fastmath = attr(default=FASTMATH_NONE)
    traits = (Pure(), SameOperandsAndResultType(), ElementwiseTrait())
    assembly_format = "$operand_ (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"

    @classmethod
    def fold(cls, op: Operation) -> Any:
        d = defined_by(op.operand(0), "arith.negf")  # -(-x) -> x
        if d is not None:
            return [d.operand(0)]
        x = _float_bits(op.operand(0))
        t = op.result.type
        if x is None:  # (MLIR's constFoldUnaryOp: a non-splat constant element by element)
            vals, et = _elements(op.operand(0)), _elem(t)
            efs = _fp_semantics(et) if isinstance(et, FloatType) else None
            if vals is None or efs is None or not isinstance(t, ShapedType):
                return None
            return [DenseElementsAttr(t, [apfloat.neg(v, efs) for v in vals])]
        fs = _fp_semantics(x[1])
        c = _float_attr(apfloat.neg(x[0], fs), t) if fs is not None else None
        return [c] if c is not None else None


class FlushDenormalsOp(ArithOp):
    name = "arith.flush_denormals"
    summary = "flush denormal floating-point values to zero"
    operand_ = operand(FloatLike)
    result_ = result(FloatLike, name="result")
    fastmath = attr(default=FASTMATH_NONE)
    traits = (Pure(), SameOperandsAndResultType(), Idempotent(), ElementwiseTrait())
    assembly_format = "$operand_ (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"

    @classmethod
    def fold(cls, op: Operation) -> Any:
        t = op.result.type
        et = _elem(t)
        fs = _fp_semantics(et) if isinstance(et, FloatType) else None
        x = _float_bits(op.operand(0))
        if x is not None and fs is not None:
            c = _float_attr(apfloat.flush_denormal(x[0], fs), t)
            if c is not None:
                return [c]
        vals = _elements(op.operand(0))
        if vals is not None and fs is not None and isinstance(t, ShapedType):
            return [DenseElementsAttr(t, [apfloat.flush_denormal(v, fs) for v in vals])]
        if defined_by(op.operand(0), cls.name) is not None:  # the Idempotent trait: f(f(x)) -> f(x)
            return [op.operand(0)]
        return None

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        a = np.asarray(args[0])
        tiny = ml_dtypes.finfo(a.dtype).smallest_normal
        with np.errstate(invalid="ignore"):
            sub = (np.abs(a) < tiny) & (a != 0)
        r = np.where(sub, np.copysign(np.zeros_like(a), a), a).astype(a.dtype)
        return [r[()] if a.ndim == 0 else r]


# -- extended arithmetic (two results) ---------------------------------------------------------
def _mulh(a: int, b: int, t: Type, signed: bool) -> int:
    w = _bits(t)
    conv = _signed if signed else _unsigned
    return (conv(a, t) * conv(b, t)) >> w


class ExtendedOp(ArithOp):
    """Two results."""

    lhs = operand(SignlessIntegerLike)
    rhs = operand(SignlessIntegerLike)
    traits: ClassVar[Any] = (Pure(), Commutative(), ElementwiseTrait())
    same: ClassVar[tuple[str, ...]] = ("lhs", "rhs", "low", "high")
    result_names: ClassVar[tuple[str, ...]]  # each subclass names its two results
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs)"
    type_inference = (AllTypesMatch("lhs", "rhs", "low", "high"),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        types = [op.operand(0).type, op.operand(1).type] + [r.type for r in op.results][:len(cls.same) - 2]
        if any(t is not types[0] for t in types):
            raise IRError(f"'{cls.name}' op failed to verify that all of {{{', '.join(cls.same)}}} have same type", op)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return list(cls.result_names)

    @classmethod
    def outputs(cls, op: Any) -> tuple[OpResult, OpResult]:  # pragma: no cover - every subclass has one
        """The op's two results, by their declared names."""
        raise NotImplementedError

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        r0, r1 = cls.outputs(op)
        t = r0.type
        d0, d1 = interp_values.dtype_of(r0.type), interp_values.dtype_of(r1.type)
        a, b = np.asarray(args[0]), np.asarray(args[1])
        pairs = [cls.compute(int(x), int(y), t) for x, y in zip(a.reshape(-1), b.reshape(-1))]
        lo = np.array([ew.from_python_int(p[0], d0)[()] for p in pairs], dtype=d0).reshape(a.shape)
        hi = np.array([ew.from_python_int(p[1], d1)[()] for p in pairs], dtype=d1).reshape(a.shape)
        return [lo[()] if a.ndim == 0 else lo, hi[()] if a.ndim == 0 else hi]

    @classmethod
    def compute(cls, a: int, b: int, t: Type) -> tuple[int, int]:  # pragma: no cover - every subclass has one
        raise NotImplementedError

    @classmethod
    def fold(cls, op: Operation) -> Any:
        r0, r1 = cls.outputs(op)
        t = r0.type
        a, b = int_value(op.operand(0)), int_value(op.operand(1))
        r = cls.fold_identity(op, b, t)
        if r is not None:
            return r
        if a is None or b is None:  # non-splat constants element by element
            pairs = _elementwise(op, lambda u, v: cls.compute(u, v, t)) if isinstance(t, ShapedType) else None
            if pairs is None:
                return None
            t1, e0, e1 = r1.type, _elem(t), _elem(r1.type)
            return [DenseElementsAttr(cast(ShapedType, t), [cast(IntegerAttr, _int_attr(p[0], e0)).value for p in pairs]),
                    DenseElementsAttr(cast(ShapedType, t1), [cast(IntegerAttr, _int_attr(p[1], e1)).value for p in pairs])]
        lo, hi = cls.compute(a, b, t)
        x, y = _int_attr(lo, t), _int_attr(hi, r1.type)
        return [x, y] if x is not None and y is not None else None

    @classmethod
    def fold_identity(cls, op: Operation, b: int | None, t: Type) -> list | None:
        if b == 0:  # x * 0 -> 0, 0: the zero operand's attribute twice
            z = constant_value(op.operand(1))
            return [z, z]
        return None


class AddUIExtendedOp(ExtendedOp):
    name = "arith.addui_extended"
    summary = "extended unsigned integer addition operation returning sum and overflow bit"
    sum = result(SignlessIntegerLike)
    overflow = result(BoolLike)
    same = ("lhs", "rhs", "sum")
    result_names = ("sum", "overflow")
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)"
    type_inference = (AllTypesMatch("lhs", "rhs", "sum"),)

    @classmethod
    def outputs(cls, op: Any) -> tuple[OpResult, OpResult]:
        return op.sum, op.overflow

    @classmethod
    def compute(cls, a: int, b: int, t: Type) -> tuple[int, int]:
        s = _unsigned(a + b, t)
        return s, int(s < _unsigned(a, t))

    @classmethod
    def fold_identity(cls, op: Operation, b: int | None, t: Type) -> list | None:
        if b == 0:  # x + 0 -> x, false
            return [op.operand(0), _int_attr(0, cast(AddUIExtendedOp, op).overflow.type)]
        return None


class MulSIExtendedOp(ExtendedOp):
    name = "arith.mulsi_extended"
    summary = "extended signed integer multiplication operation"
    low = result(SignlessIntegerLike)
    high = result(SignlessIntegerLike)
    result_names = ("low", "high")

    @classmethod
    def outputs(cls, op: Any) -> tuple[OpResult, OpResult]:
        return op.low, op.high

    @classmethod
    def compute(cls, a: int, b: int, t: Type) -> tuple[int, int]:
        return a * b, _mulh(a, b, t, True)


class MulUIExtendedOp(MulSIExtendedOp):
    name = "arith.mului_extended"
    summary = "extended unsigned integer multiplication operation"

    @classmethod
    def compute(cls, a: int, b: int, t: Type) -> tuple[int, int]:
        return a * b, _mulh(a, b, t, False)

    @classmethod
    def fold_identity(cls, op: Operation, b: int | None, t: Type) -> list | None:
        if b == 1:  # x * 1 -> x, 0
            return [op.operand(0), _int_attr(0, t)]
        return super().fold_identity(op, b, t)


class SubUIExtendedOp(ExtendedOp):
    name = "arith.subui_extended"
    summary = "extended unsigned integer subtraction operation returning difference and borrow bit"
    diff = result(SignlessIntegerLike)
    borrow = result(BoolLike)
    traits = (Pure(), ElementwiseTrait())  # not commutative
    same = ("lhs", "rhs", "diff")
    result_names = ("diff", "borrow")
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($diff) `,` type($borrow)"
    type_inference = (AllTypesMatch("lhs", "rhs", "diff"),)

    @classmethod
    def outputs(cls, op: Any) -> tuple[OpResult, OpResult]:
        return op.diff, op.borrow

    @classmethod
    def compute(cls, a: int, b: int, t: Type) -> tuple[int, int]:
        return _unsigned(a - b, t), int(_unsigned(a, t) < _unsigned(b, t))

    @classmethod
    def fold_identity(cls, op: Operation, b: int | None, t: Type) -> list | None:
        no_borrow = _int_attr(0, cast(SubUIExtendedOp, op).borrow.type)
        if b == 0 and no_borrow is not None:  # x - 0 -> x, false
            return [op.operand(0), no_borrow]
        if op.operand(0) is op.operand(1):  # x - x -> 0, false
            zero = _int_attr(0, t)
            return [zero, no_borrow] if zero is not None and no_borrow is not None else None
        return None


# -- comparisons ------------------------------------------------------------------------
def _i1_like(t: Type) -> Type:
    if isinstance(t, RankedTensorType):
        return RankedTensorType(t.shape, i1, t.encoding)
    if isinstance(t, UnrankedTensorType):
        return UnrankedTensorType(i1)
    if isinstance(t, VectorType):
        return VectorType(t.shape, i1, t.scalable)
    return i1


def _cmpi(pred: int, a: int, b: int, t: Type) -> bool:
    name = CMPI_PREDICATES[pred]
    if name in ("eq", "ne"):
        return (_unsigned(a, t) == _unsigned(b, t)) == (name == "eq")
    if name[0] == "s":
        a, b = _signed(a, t), _signed(b, t)
    else:
        a, b = _unsigned(a, t), _unsigned(b, t)
    return {"lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b}[name[1:]]


class CmpIOp(ArithOp, InferTypeOpInterface):
    name = "arith.cmpi"
    summary = "integer comparison operation"
    predicate = attr()
    lhs = operand(SignlessIntegerLike)
    rhs = operand(SignlessIntegerLike)
    result_ = result(BoolLike, name="result")
    traits = (Pure(), ElementwiseTrait())
    predicates: ClassVar[tuple[str, ...]] = CMPI_PREDICATES
    assembly_format = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)"
    attr_syntax = {"predicate": EnumKeyword(CMPI_PREDICATES)}
    type_inference = (AllTypesMatch("lhs", "rhs"), TypesMatchWith("lhs", "result", lambda t: _i1_like(t)))

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type] | None:
        return [_i1_like(op.operand(0).type)] if op.operands else None

    @classmethod
    def verify(cls, op: Operation) -> None:
        p = cast(CmpIOp, op).predicate
        if not isinstance(p, IntegerAttr) or not 0 <= p.value < len(cls.predicates):
            raise IRError(f"'{cls.name}' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit "
                          f"signless integer cases", op)
        if op.operand(0).type is not op.operand(1).type:
            raise IRError(f"'{cls.name}' op failed to verify that all of {{lhs, rhs}} have same type", op)

    @classmethod
    def fold(cls, op: Operation) -> Any:
        pred = cast(CmpIOp, op).predicate.value
        x, y = op.operands
        t = x.type
        if x is y:
            # cmpi(x, x): eq/sle/sge/ule/uge are true, the others false
            return _bool_result(CMPI_PREDICATES[pred] in ("eq", "sle", "sge", "ule", "uge"), op.result.type)
        a, b = int_value(x), int_value(y)
        ca, cb = a if a is not None else constant_value(x), b if b is not None else constant_value(y)
        if b == 0 and CMPI_PREDICATES[pred] == "ne":
            e = defined_by(x, "arith.extsi") or defined_by(x, "arith.extui")
            et = e.operand(0).type if e is not None else None
            if e is not None and (et is i1 or (isinstance(et, VectorType) and et.element_type is i1)):
                return [e.operand(0)]  # ext(%b : i1) != 0 -> %b
        if _elem(t) is i1 and b is not None and a is None:
            name = CMPI_PREDICATES[pred]
            if (name == "ne" and b == 0) or (name == "eq" and b != 0):
                return [x]  # cmpi ne, x, false -> x; cmpi eq, x, true -> x
        if ca is not None and cb is None:
            # constants move to the right, the predicate mirrored (MLIR's in-place fold)
            name = CMPI_PREDICATES[pred]
            mirrored = {"slt": "sgt", "sgt": "slt", "sle": "sge", "sge": "sle", "ult": "ugt", "ugt": "ult",
                        "ule": "uge", "uge": "ule"}.get(name, name)
            op.set_attr("predicate", IntegerAttr(CMPI_PREDICATES.index(mirrored)))
            op.set_operand(0, y)
            op.set_operand(1, x)
            return list(op.results)
        if a is None or b is None:
            return _fold_elementwise(op, lambda u, v: cast(IntegerAttr, _int_attr(int(_cmpi(pred, u, v, t)), i1)).value,
                                     op.result.type)
        return _bool_result(_cmpi(pred, a, b, t), op.result.type)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [ew.arith_compare(cls.predicates[cast(CmpIOp, op).predicate.value], args[0], args[1])]


def _bool_result(v: bool, t: Type) -> list | None:
    c = _int_attr(1 if v else 0, t)
    return [c] if c is not None else None


class CmpFOp(CmpIOp):
    name = "arith.cmpf"
    summary = "floating-point comparison operation"
    lhs = operand(FloatLike)
    rhs = operand(FloatLike)
    fastmath = attr(default=FASTMATH_NONE)
    predicates = CMPF_PREDICATES
    assembly_format = ("$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)")
    attr_syntax = {"predicate": EnumKeyword(CMPF_PREDICATES), "fastmath": FASTMATH_FLAGS}

    @classmethod
    def fold(cls, op: Operation) -> Any:
        """Scalar constants only (MLIR's fold takes FloatAttrs); one NaN
        constant is enough, as a NaN makes both sides unordered."""
        a, b = constant_value(op.operand(0)), constant_value(op.operand(1))
        a = a if isinstance(a, FloatAttr) else None
        b = b if isinstance(b, FloatAttr) else None
        ab = a or b
        fs = _fp_semantics(ab.type) if ab is not None else None
        if fs is None:
            return None
        if a is not None and apfloat.is_nan(a.bits, fs):
            b = a
        if b is not None and apfloat.is_nan(b.bits, fs):
            a = b
        if a is None or b is None:
            return None
        order = apfloat.compare(a.bits, b.bits, fs)
        return [IntegerAttr(int(_cmpf(CMPF_PREDICATES[cast(CmpIOp, op).predicate.value], order)), i1)]


def _cmpf(pred: str, order: str) -> bool:
    """applyCmpPredicate on APFloat's compare result ('lt', 'eq', 'gt' or 'unordered')."""
    if pred in ("false", "true"):
        return pred == "true"
    unordered = order == "unordered"
    if pred == "ord":
        return not unordered
    if pred == "uno":
        return unordered
    if unordered:
        return pred[0] == "u"
    return order in {"eq": ("eq",), "gt": ("gt",), "ge": ("gt", "eq"), "lt": ("lt",), "le": ("lt", "eq"),
                     "ne": ("lt", "gt")}[pred[1:]]


# -- select ------------------------------------------------------------------------------
class SelectOp(ArithOp):
    name = "arith.select"
    summary = "select operation"
    condition = operand(BoolLike)
    true_value = operand()
    false_value = operand()
    result_ = result(name="result")
    traits = (Pure(), ElementwiseTrait())

    @classmethod
    def verify(cls, op: Operation) -> None:
        c, x, y = op.operand_types
        r = op.result.type
        if not (x is y is r):
            raise IRError("'arith.select' op failed to verify that all of {true_value, false_value, result} "
                          "have same type", op)

    # MLIR's hand-written SelectOp::parse/print: `%c, %a, %b attr-dict : [cond type,] type`
    @classmethod
    def parse_asm(cls, p: OpAsmParser) -> tuple:
        at = p.location()
        operands = p.parse_operand_list()
        if len(operands) != 3:
            raise ParseError("expected 3 operands", at)
        attrs = p.parse_optional_attr_dict()
        p.parse_colon()
        types = [p.parse_type()]
        if p.parse_optional_punct(","):
            types.append(p.parse_type())
        return operands, attrs, types, at

    @classmethod
    def build_asm(cls, r: OpAsmResolver, state: tuple) -> Operation:
        operands, attrs, type_refs, at = state
        types = r.types(type_refs)
        cond_t, rt = (types[0], types[1]) if len(types) == 2 else (i1, types[0])
        a = r.attr(attrs) if attrs is not None else None
        return Operation(cls.name, r.operands(operands, [cond_t, rt, rt], at), [rt], None, a)

    @classmethod
    def print_asm(cls, op: Operation, p: OpAsmPrinter) -> bool:
        if len(op.properties):
            return False
        p.write(" ")
        p.print_operands(op.operands)
        p.print_optional_attr_dict(op.attributes)
        p.write(" : ")
        ct = op.operand(0).type
        if isinstance(ct, ShapedType):
            p.print_type(ct)
            p.write(", ")
        p.print_type(op.result.type)
        return True

    @classmethod
    def fold(cls, op: Operation) -> Any:
        c, x, y = op.operands
        if x is y:
            return [x]
        cv = int_value(c)
        if cv is not None:
            return [x if cv else y]
        # select(%c, true, false) : i1 -> %c
        if op.result.type is i1 and int_value(x) == 1 and int_value(y) == 0:
            return [c]
        cmp = _def_of(c, CmpIOp)
        if cmp is not None and CMPI_PREDICATES[cmp.predicate.value] in ("eq", "ne"):
            a, b = cmp.lhs, cmp.rhs
            if (a is x and b is y) or (b is x and a is y):
                return [x if CMPI_PREDICATES[cmp.predicate.value] == "ne" else y]
        cond, tv, fv = constant_value(c), constant_value(x), constant_value(y)
        if all(isinstance(v, DenseElementsAttr) for v in (cond, tv, fv)):  # element by element
            n = 1
            for d in cond.type.shape:
                n *= d
            elems = [v.values * n if v.splat else v.values for v in (cond, tv, fv)]
            return [DenseElementsAttr(cast(ShapedType, x.type), [a if k else b for k, a, b in zip(*elems)])]
        return None

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.where(args[0], args[1], args[2])]


# -- casts -------------------------------------------------------------------------------
class CastOp(ArithOp):
    in_ = operand()
    out = result()
    traits = (Pure(), ElementwiseTrait())
    assembly_format = "$in_ attr-dict `:` type($in_) `to` type($out)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, dst = op.operand(0).type, op.result.type
        if not _cast_compatible(cls.name.split(".")[1], src, dst):
            raise IRError(f"'{cls.name}' op operand type '{src.text}' and result type '{dst.text}' are cast "
                          f"incompatible", op)

    @classmethod
    def fold(cls, op: Operation) -> Any:
        short = cls.name.split(".")[1]
        src = op.operand(0)
        t = op.result.type
        if src.type is t:  # CastOpInterface: an identity cast folds away
            return [src]
        value = constant_value(src)
        if value is None:
            return _fold_cast_chain(op, short)
        c = _fold_cast_constant(short, value, _elem(src.type), t)
        return [c] if c is not None else None


def _cast_elem(short: str, v: int, src: Type, dst: Type) -> int | None:
    """One element of a constant cast, MLIR's constFoldCastOp semantics: ints
    are values, floats their bit patterns; None when MLIR does not fold."""
    if short in ("extsi", "index_cast"):
        return _signed(_signed(v, src), dst)
    if short in ("extui", "index_castui"):
        return _signed(_unsigned(v, src), dst)
    if short == "trunci":
        return _signed(v, dst)
    if short == "bitcast":
        bits = v & ((1 << _bits(src)) - 1) if isinstance(src, IntegerType) else v
        return _signed(bits, dst) if isinstance(dst, IntegerType) else bits
    fs = _fp_semantics(cast(FloatType, dst if short in ("sitofp", "uitofp", "extf", "truncf", "convertf") else src))
    if fs is None:
        return None
    if short in ("sitofp", "uitofp"):  # rounded to nearest even
        return apfloat.from_int(_signed(v, src) if short == "sitofp" else _unsigned(v, src), fs)
    if short in ("fptosi", "fptoui"):  # toward zero, in range
        k = apfloat.to_int(v, fs, cast(IntegerType, dst).width, short == "fptosi")
        return None if k is None else _signed(k, dst)
    if short in ("extf", "truncf", "convertf"):  # only when nothing is lost
        ss = _fp_semantics(cast(FloatType, src))
        return apfloat.convert(v, ss, fs) if ss is not None else None
    return None


def _fold_cast_constant(short: str, value: Attribute, src: Type, t: Type) -> Attribute | None:
    """A cast of an integer/float constant (scalar or dense) to `t`."""
    dst = _elem(t)
    if isinstance(value, (IntegerAttr, FloatAttr)):
        v = value.value if isinstance(value, IntegerAttr) else value.bits
        r = _cast_elem(short, v, src, dst)
        if r is None:
            return None
        if isinstance(dst, FloatType):
            return FloatAttr(r, t) if isinstance(t, FloatType) else None
        return _int_attr(r, t) if isinstance(t, (IntegerType, IndexType)) else None
    if isinstance(value, DenseElementsAttr) and isinstance(t, ShapedType) and t.has_static_shape:
        out = [_cast_elem(short, v, src, dst) for v in value.values]
        if any(r is None for r in out):
            return None
        return DenseElementsAttr(t, out, splat=value.splat)
    return None


def _int_t(t: Type) -> bool:
    return isinstance(t, IntegerType)


def _float_t(t: Type) -> bool:
    return isinstance(t, FloatType)


def _width(t: Type) -> int:
    return getattr(t, "width", 0)


# cast name -> (accepts source element, accepts result element, width relation)
_CAST_RULES: dict[str, tuple[Callable, Callable, Callable[[int, int], bool]]] = {
    "extsi": (_int_t, _int_t, lambda s, d: d > s),
    "extui": (_int_t, _int_t, lambda s, d: d > s),
    "trunci": (_int_t, _int_t, lambda s, d: d < s),
    "extf": (_float_t, _float_t, lambda s, d: d > s),
    "truncf": (_float_t, _float_t, lambda s, d: d < s),
    "sitofp": (_int_t, _float_t, lambda s, d: True),
    "uitofp": (_int_t, _float_t, lambda s, d: True),
    "fptosi": (_float_t, _int_t, lambda s, d: True),
    "fptoui": (_float_t, _int_t, lambda s, d: True),
    "bitcast": (lambda t: _int_t(t) or _float_t(t), lambda t: _int_t(t) or _float_t(t), lambda s, d: s == d),
    "convertf": (_float_t, _float_t, lambda s, d: s == d),  # (and two different formats: checked below)
}


def _cast_compatible(short: str, src: Type, dst: Type) -> bool:
    """MLIR's areCastCompatible: same container and shape, element types by kind and width."""
    shaped = isinstance(src, ShapedType) or isinstance(dst, ShapedType)
    if shaped and type(src) is not type(dst) and not (isinstance(src, (RankedTensorType, UnrankedTensorType))
                                           and isinstance(dst, (RankedTensorType, UnrankedTensorType))):
        return False
    ss, ds = getattr(src, "shape", None), getattr(dst, "shape", None)
    if isinstance(src, ShapedType) and isinstance(dst, ShapedType) and ss is not None and ds is not None \
            and len(ss) == len(ds):
        if any(a != b and a >= 0 and b >= 0 for a, b in zip(ss, ds)):
            return False
        if getattr(src, "encoding", None) is not getattr(dst, "encoding", None):
            return False
    elif isinstance(src, ShapedType) and isinstance(dst, ShapedType) and isinstance(src, RankedTensorType) \
            and isinstance(dst, RankedTensorType):
        return False
    s, d = _elem(src), _elem(dst)
    if short in ("index_cast", "index_castui"):
        return (isinstance(s, IndexType) and _signless(d) and _int_t(d)) or \
            (isinstance(d, IndexType) and _signless(s) and _int_t(s))
    ok_s, ok_d, rel = _CAST_RULES[short]
    if short == "convertf" and s is d:  # one format to another of the same width
        return False
    return ok_s(s) and ok_d(d) and rel(_width(s), _width(d))


def _fold_cast_chain(op: Operation, short: str) -> list | None:
    """MLIR's folds of a cast of a cast (some rewrite the op in place)."""
    src = op.operand(0)
    d = src.defining_op
    if d is None:
        return None
    t = op.result.type
    if short in ("extsi", "extui") and d.name == op.name:  # ext(ext(x)) -> ext(x), in place
        op.set_operand(0, d.operand(0))
        return list(op.results)
    if short == "trunci":
        if d.name in ("arith.extsi", "arith.extui"):
            x = d.operand(0)
            if _bits(x.type) > _bits(t):  # trunci(ext(x)) -> trunci(x), in place
                op.set_operand(0, x)
                return list(op.results)
            if _elem(x.type) is _elem(t):  # trunci(ext(x)) -> x
                return [x]
        if d.name == "arith.trunci":  # trunci(trunci(x)) -> trunci(x), in place
            op.set_operand(0, d.operand(0))
            return list(op.results)
    if short in ("index_cast", "index_castui") and d.name == op.name:
        # round trip x : A -> B -> A, lossless only when B is at least as wide as A
        x = d.operand(0)
        if x.type is t and _bits(d.result.type) >= _bits(x.type):
            return [x]
    return None


_CASTS = {
    "extsi": (), "extui": (), "trunci": ("overflowFlags",), "extf": ("fastmath",),
    "truncf": ("roundingmode", "fastmath"), "convertf": ("roundingmode", "fastmath"), "sitofp": (), "uitofp": (),
    "fptosi": (), "fptoui": (),
    "index_cast": (), "index_castui": (), "bitcast": (),
}


SignlessFixedWidthIntegerLike = _like(lambda t: isinstance(t, IntegerType) and t.signedness == "",
                                      "signless-fixed-width-integer-like")
# ODS's operand and result constraints of the casts with one element kind on each side
_CAST_TYPES: dict[str, tuple[Constraint, Constraint]] = {
    **{n: (SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike) for n in ("extsi", "extui", "trunci")},
    **{n: (FloatLike, FloatLike) for n in ("extf", "truncf", "convertf")},
    **{n: (SignlessFixedWidthIntegerLike, FloatLike) for n in ("sitofp", "uitofp")},
    **{n: (FloatLike, SignlessFixedWidthIntegerLike) for n in ("fptosi", "fptoui")},
}


class SameInputOutputTensorDims(Trait):
    """ArithOps.td's predicate on every cast: the tensor shapes of `in` and
    `out` are the same list of dimensions (a non-tensor has none; `?` only
    matches `?`). ODS checks it before the traits, so its message comes
    first. An unranked tensor matches nothing, as in MLIR (whose predicate
    reads a shape the unranked type does not have)."""

    name = "SameInputOutputTensorDims"

    def verify(self, op: Operation) -> None:
        a, b = (_tensor_dims(t) for t in (op.operand(0).type, op.result.type))
        if a is None or b is None or a != b:
            raise IRError(f"'{op.name}' op failed to verify that input and output have the same tensor dimensions",
                          op)


def _tensor_dims(t: Type) -> tuple | None:
    if isinstance(t, RankedTensorType):
        return tuple(t.shape)
    return None if isinstance(t, UnrankedTensorType) else ()


def _make_cast(n: str, class_name: str) -> type[CastOp]:
    props = _CASTS[n]
    body: dict[str, Any] = {"name": f"arith.{n}", "summary": f"{n} cast operation",
                            "traits": (Pure(), SameInputOutputTensorDims(), SameOperandsAndResultShape(),
                                       ElementwiseTrait())}
    if n in _CAST_TYPES:
        body["in_"], body["out"] = operand(_CAST_TYPES[n][0]), result(_CAST_TYPES[n][1])
    fmt = ""
    if n == "trunci":
        body["overflowFlags"] = attr(default=OVERFLOW_NONE)
        fmt = " (`overflow` `` $overflowFlags^)?"
    elif props:
        for k in props:
            body[k] = opt_attr()
        fmt = " ($roundingmode^)?" * ("roundingmode" in props) + " (`fastmath` `` $fastmath^)?" * ("fastmath" in props)
    body["assembly_format"] = "$in_" + fmt + " attr-dict `:` type($in_) `to` type($out)"
    if n == "convertf":
        body["interpret"] = classmethod(_interpret_convertf)
    body["__module__"] = __name__
    return type(class_name, (CastOp,), body)




def _interpret_convertf(cls: Any, op: Operation, args: list, ctx: Any) -> list:
    """Rounded to nearest even; an explicit rounding mode is reported as not supported."""
    if "roundingmode" in op.properties:
        raise interp_values.InterpError("'arith.convertf' with a rounding mode is not supported by the "
                                        "interpreter", op)
    a = np.asarray(args[0])
    r = a.astype(np.float64).astype(interp_values.dtype_of(op.result.type))  # f64 holds every narrower value
    return [r[()] if a.ndim == 0 else r]


# -- scaling casts (OCP MX): in * scale / in / scale, elementwise ------------------------------
ExtSIOp = _make_cast("extsi", "ExtSIOp")
ExtUIOp = _make_cast("extui", "ExtUIOp")
TruncIOp = _make_cast("trunci", "TruncIOp")
ExtFOp = _make_cast("extf", "ExtFOp")
TruncFOp = _make_cast("truncf", "TruncFOp")
ConvertFOp = _make_cast("convertf", "ConvertFOp")
SIToFPOp = _make_cast("sitofp", "SIToFPOp")
UIToFPOp = _make_cast("uitofp", "UIToFPOp")
FPToSIOp = _make_cast("fptosi", "FPToSIOp")
FPToUIOp = _make_cast("fptoui", "FPToUIOp")
IndexCastOp = _make_cast("index_cast", "IndexCastOp")
IndexCastUIOp = _make_cast("index_castui", "IndexCastUIOp")
BitcastOp = _make_cast("bitcast", "BitcastOp")
_CAST_OPS = (ExtSIOp, ExtUIOp, TruncIOp, ExtFOp, TruncFOp, ConvertFOp, SIToFPOp, UIToFPOp, FPToSIOp,
    FPToUIOp, IndexCastOp, IndexCastUIOp, BitcastOp)


class ScaledCastCompatible(Trait):
    """CastOpInterface's check for the two-operand casts: the input (not the
    scale) and the result are floats of a wider (extf) or narrower (truncf)
    format; MLIR's message lists both operand types."""

    name = "CastOpInterface"

    def __init__(self, wider: bool):
        self.wider = wider

    def verify(self, op: Operation) -> None:
        s, d = _elem(op.operand(0).type), _elem(op.result.type)
        ok = isinstance(s, FloatType) and isinstance(d, FloatType) and (
            _width(d) > _width(s) if self.wider else _width(d) < _width(s))
        if not ok:
            ins = ", ".join(f"'{o.type.text}'" for o in op.operands)
            raise IRError(f"'{op.name}' op operand types {ins} and result type '{op.result.type.text}' are "
                          f"cast incompatible", op)


def _e8m0_scale(op: Operation, scale: Any) -> Any:
    """The scale as f32: MLIR's expansion takes an f8E8M0FNU scale as it is
    (a power of two); other scale types are not modelled."""
    et = _elem(op.operand(1).type)
    if not (isinstance(et, FloatType) and et.name == "f8E8M0FNU"):
        raise interp_values.InterpError(f"'{op.name}' with a '{et.text}' scale is not supported by the interpreter "
                                        "(only f8E8M0FNU)", op)
    return np.asarray(scale).astype(np.float32)


class ScalingExtFOp(ArithOp):
    name = "arith.scaling_extf"
    summary = "upcasts input floats using provided scale values following the OCP MXFP spec"
    in_ = operand(FloatLike)
    scale = operand(FloatLike)
    out = result(FloatLike)
    fastmath = opt_attr()
    traits = (Pure(), SameInputOutputTensorDims(), ScaledCastCompatible(wider=True), ElementwiseTrait())
    assembly_format = ("$in_ `,` $scale (`fastmath` `` $fastmath^)? attr-dict `:` type($in_) `,` type($scale) "
                       "`to` type($out)")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        """extf(in) * extf(scale) in the result type (MLIR's expansion)."""
        d = interp_values.dtype_of(op.result.type)
        a = np.asarray(args[0])
        x = a.astype(np.float64).astype(d)  # widening: exact
        r = (x * _e8m0_scale(op, args[1]).astype(d)).astype(d)
        return [r[()] if a.ndim == 0 else r]


class ScalingTruncFOp(ArithOp):
    name = "arith.scaling_truncf"
    summary = "downcasts input floats using provided scale values following the OCP MXFP spec"
    in_ = operand(FloatLike)
    scale = operand(FloatLike)
    out = result(FloatLike)
    roundingmode = opt_attr()
    fastmath = opt_attr()
    traits = (Pure(), SameInputOutputTensorDims(), ScaledCastCompatible(wider=False), ElementwiseTrait())
    assembly_format = ("$in_ `,` $scale ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in_) "
                       "`,` type($scale) `to` type($out)")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        """truncf(in / scale) with the division in f32 (MLIR's expansion),
        rounded to nearest even."""
        if "roundingmode" in op.properties:
            raise interp_values.InterpError(f"'{op.name}' with a rounding mode is not supported by the interpreter",
                                            op)
        a = np.asarray(args[0])
        wide = np.float64 if a.dtype.itemsize >= 8 else np.float32  # f32 unless the input is wider
        with np.errstate(all="ignore"):
            q = a.astype(wide) / _e8m0_scale(op, args[1]).astype(wide)
        r = q.astype(np.float64).astype(interp_values.dtype_of(op.result.type))
        return [r[()] if a.ndim == 0 else r]


# -- constant ------------------------------------------------------------------------------
class ConstantOp(OpDef):
    name = "arith.constant"
    summary = "integer or floating point constant"
    value = attr()
    result_ = result(name="result")
    traits = (Pure(), ConstantLike())
    assembly_format = "attr-dict $value"
    type_inference = (AllTypesMatch("value", "result"),)
    local_verify = True  # checks read only the op's own types and properties

    @classmethod
    def verify(cls, op: Operation) -> None:
        v = cast(ConstantOp, op).value
        if getattr(v, "type", None) is not op.result.type:
            raise IRError("'arith.constant' op failed to verify that all of {value, result} have same type", op)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        v = cast(ConstantOp, op).value
        if isinstance(v, IntegerAttr):
            if v.type is i1:
                return ["true" if v.value else "false"]
            if isinstance(v.type, IndexType):
                return [f"c{v.value}"]
            return [f"c{v.value}_{v.type.text}"]
        return ["cst"]

    @classmethod
    def fold(cls, op: Operation) -> Any:
        return [cast(ConstantOp, op).value]

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [ctx.cached(op, movement.constant)]


# -- canonicalization patterns (MLIR's ArithCanonicalization.td and ArithOps.cpp) -----
# Each function is one MLIR pattern, named by `debug_name` after MLIR's class so
# `--canonicalize{disable-patterns=...}` selects it as mlir-opt does; an op
# lists its patterns in MLIR's registration order (all DRR patterns of one root
# have the same benefit, so that order is the order tried).
def _scalar_int(v: Any) -> int | None:
    """DRR's `ConstantLikeMatcher APIntAttr`: a scalar integer constant only."""
    a = constant_value(v)
    return a.value if isinstance(a, IntegerAttr) else None


def _ovf(op: Any) -> frozenset[str]:
    """The overflow flags of an op that declares them (addi, subi, muli, shli, trunci)."""
    v = op.overflowFlags
    text = getattr(v, "text", "") or ""
    inner = text[text.find("<") + 1:-1] if "<" in text else ""
    return frozenset(f.strip() for f in inner.split(",") if f.strip() and f.strip() != "none")


def _ovf_attr(flags: frozenset[str]) -> Attribute:
    return OpaqueAttr("#arith." + _flags_text("overflow", ", ".join(sorted(flags)))) if flags else OVERFLOW_NONE


def _merged(a: Operation, b: Operation) -> Attribute:
    """MLIR's mergeOverflowFlags: the flags both ops carry."""
    return _ovf_attr(_ovf(a) & _ovf(b))


def _ops_loc(*ops: Operation | None) -> Any:
    """DRR's fused location of the matched ops. DRR fuses as many locations as
    the source pattern has op nodes, taken from its list of matched ops, in
    which the constant a nested op matches precedes that op (found with
    iree-opt --mlir-print-debuginfo): callers pass exactly those."""
    return fuse([o.location for o in ops if o is not None])


def _const(rw: Any, value: Any, loc: Any) -> Any:
    return rw.create(ConstantOp, value=value, result_types=[value.type], location=loc).result


def _new(rw: Any, cls: type[OpDef], operands: list, t: Type, loc: Any, **props: Any) -> Any:
    """A one-result arith op of class `cls` through its typed builder; its result."""
    return rw.create(cls, *operands, result_types=[t], location=loc, **props).result


def _replace(rw: Any, op: Operation, value: Any) -> bool:
    rw.replace_op(op, [value])
    return True


def _const_operand(v: Any) -> Operation | None:
    d = v.defining_op
    return d if d is not None and constant_value(v) is not None else None


def _binary_with_const(v: Any, name: type[OpDef], const_side: int) -> tuple[Operation, Any, int] | None:
    """`v = name(x, c)` (const_side 1) or `name(c, x)` (0) with a scalar constant c:
    (defining op, x, c)."""
    d = _def_of(v, name)
    if d is None:
        return None
    c = _scalar_int(d.operand(const_side))
    return None if c is None else (d, d.operand(1 - const_side), c)


def _reassoc(root: type[OpDef], inner: type[OpDef], inner_side: int, root_side: int, out: type[OpDef], out_side: int,
             combine: Callable[[int, int], int], merge: bool = True) -> Callable:
    """The DRR constant reassociations: root(inner(x, c0) | inner(c0, x), c1)
    (or root(c1, inner)) -> out(x, k) or out(k, x), k = combine(c0, c1)."""
    def rewrite(op: Operation, rw: Any) -> bool:
        c1 = _scalar_int(op.operand(root_side))
        if c1 is None:
            return False
        m = _binary_with_const(op.operand(1 - root_side), inner, inner_side)
        if m is None:
            return False
        d, x, c0 = m
        t = op.result.type
        first = d.operand(inner_side) if root_side == 1 else op.operand(root_side)
        loc = _ops_loc(op, first.defining_op)
        k = _const(rw, _int_attr(combine(c0, c1), t), loc)
        flags = _merged(d, op) if merge else OVERFLOW_NONE
        operands = [x, k] if out_side == 1 else [k, x]
        return _replace(rw, op, _new(rw, out, operands, t, loc, overflowFlags=flags))
    return rewrite


_add, _sub, _rsub, _mul = (lambda a, b: a + b), (lambda a, b: a - b), (lambda a, b: b - a), (lambda a, b: a * b)
AddIAddConstant = debug_name("AddIAddConstant")(_reassoc(AddIOp, AddIOp, 1, 1, AddIOp, 1, _add))
AddISubConstantRHS = debug_name("AddISubConstantRHS")(
    _reassoc(AddIOp, SubIOp, 1, 1, AddIOp, 1, _rsub))
AddISubConstantLHS = debug_name("AddISubConstantLHS")(
    _reassoc(AddIOp, SubIOp, 0, 1, SubIOp, 0, _add))
SubIRHSAddConstant = debug_name("SubIRHSAddConstant")(
    _reassoc(SubIOp, AddIOp, 1, 1, AddIOp, 1, _sub, merge=False))
SubILHSAddConstant = debug_name("SubILHSAddConstant")(
    _reassoc(SubIOp, AddIOp, 1, 0, SubIOp, 0, _rsub))
SubIRHSSubConstantRHS = debug_name("SubIRHSSubConstantRHS")(
    _reassoc(SubIOp, SubIOp, 1, 1, SubIOp, 1, _add))
SubIRHSSubConstantLHS = debug_name("SubIRHSSubConstantLHS")(
    _reassoc(SubIOp, SubIOp, 0, 1, SubIOp, 0, _sub))
SubILHSSubConstantRHS = debug_name("SubILHSSubConstantRHS")(
    _reassoc(SubIOp, SubIOp, 1, 0, SubIOp, 0, _add))
SubILHSSubConstantLHS = debug_name("SubILHSSubConstantLHS")(
    _reassoc(SubIOp, SubIOp, 0, 0, AddIOp, 1, _rsub))
MulIMulIConstant = debug_name("MulIMulIConstant")(_reassoc(MulIOp, MulIOp, 1, 1, MulIOp, 1, _mul))


def _is_minus_one(v: Any) -> bool:
    """IsScalarOrSplatNegativeOne: an integer (splat) constant of all ones."""
    b = int_value(v)
    return _all_ones(b, v.type)


def _add_mul_neg_one(mul_side: int) -> Callable:
    """addi(x, muli(y, -1)) -> subi(x, y); addi(muli(x, -1), y) -> subi(y, x)."""
    def rewrite(op: Operation, rw: Any) -> bool:
        m = defined_by(op.operand(mul_side), MulIOp.name)
        if m is None or _const_operand(m.operand(1)) is None or not _is_minus_one(m.operand(1)):
            return False
        other = op.operand(1 - mul_side)
        loc = _ops_loc(op, m.operand(1).defining_op)
        return _replace(rw, op, _new(rw, SubIOp, [other, m.operand(0)], op.result.type, loc,
                                     overflowFlags=OVERFLOW_NONE))
    return rewrite


AddIMulNegativeOneRhs = debug_name("AddIMulNegativeOneRhs")(_add_mul_neg_one(1))
AddIMulNegativeOneLhs = debug_name("AddIMulNegativeOneLhs")(_add_mul_neg_one(0))


@debug_name("SubISubILHSRHSLHS")
def SubISubILHSRHSLHS(op: Operation, rw: Any) -> bool:
    """subi(subi(x, y), x) -> subi(0, y)."""
    d = defined_by(op.operand(0), SubIOp.name)
    if d is None or d.operand(0) is not op.operand(1):
        return False
    y = d.operand(1)
    zero = _int_attr(0, y.type)
    if zero is None:
        return False
    loc = _ops_loc(op, d)
    return _replace(rw, op, _new(rw, SubIOp, [_const(rw, zero, loc), y], op.result.type, loc,
                                 overflowFlags=_merged(d, op)))


_CMPI_INVERSE = {"eq": "ne", "ne": "eq", "slt": "sge", "sle": "sgt", "sgt": "sle", "sge": "slt",
                 "ult": "uge", "ule": "ugt", "ugt": "ule", "uge": "ult"}


def _is_i1(v: Any, value: int) -> bool:
    """DRR's `ConstantAttr<I1Attr, "value">`: exactly the scalar i1 constant."""
    a = constant_value(v)
    return isinstance(a, IntegerAttr) and a.type is i1 and a.value == value


@debug_name("XOrINotCmpI")
def XOrINotCmpI(op: Operation, rw: Any) -> bool:
    """xori(cmpi(pred, a, b), true) -> cmpi(not pred, a, b)."""
    c = _def_of(op.operand(0), CmpIOp)
    if c is None or not _is_i1(op.operand(1), 1):
        return False
    pred = _CMPI_INVERSE[CMPI_PREDICATES[c.predicate.value]]
    loc = _ops_loc(op, c)
    return _replace(rw, op, _new(rw, CmpIOp, [c.lhs, c.rhs], op.result.type, loc,
                                 predicate=IntegerAttr(CMPI_PREDICATES.index(pred))))


def _of_ext(logic: type[OpDef], ext: type[OpDef]) -> Callable:
    """logic(ext(x), ext(y)) -> ext(logic(x, y)) when x and y have one type."""
    def rewrite(op: Operation, rw: Any) -> bool:
        a, b = _def_of(op.operand(0), ext), _def_of(op.operand(1), ext)
        if a is None or b is None or a.operand(0).type is not b.operand(0).type:
            return False
        loc = _ops_loc(op, a, b)
        x = a.operand(0)
        inner = _new(rw, logic, [x, b.operand(0)], x.type, loc)
        return _replace(rw, op, _new(rw, ext, [inner], op.result.type, loc))
    return rewrite


XOrIOfExtUI = debug_name("XOrIOfExtUI")(_of_ext(XOrIOp, ExtUIOp))
XOrIOfExtSI = debug_name("XOrIOfExtSI")(_of_ext(XOrIOp, ExtSIOp))
AndOfExtUI = debug_name("AndOfExtUI")(_of_ext(AndIOp, ExtUIOp))
AndOfExtSI = debug_name("AndOfExtSI")(_of_ext(AndIOp, ExtSIOp))
OrOfExtUI = debug_name("OrOfExtUI")(_of_ext(OrIOp, ExtUIOp))
OrOfExtSI = debug_name("OrOfExtSI")(_of_ext(OrIOp, ExtSIOp))


def _cmpi_of_ext(ext: type[OpDef]) -> Callable:
    """cmpi(eq|ne, ext(a), ext(b)) -> cmpi(eq|ne, a, b) when a and b have one type."""
    def rewrite(op: Operation, rw: Any) -> bool:
        pred = cast(CmpIOp, op).predicate
        if CMPI_PREDICATES[pred.value] not in ("eq", "ne"):
            return False
        a, b = _def_of(op.operand(0), ext), _def_of(op.operand(1), ext)
        if a is None or b is None or a.operand(0).type is not b.operand(0).type:
            return False
        x = a.operand(0)
        return _replace(rw, op, _new(rw, CmpIOp, [x, b.operand(0)], _i1_like(x.type), _ops_loc(op, a, b),
                                     predicate=pred))
    return rewrite


CmpIExtSI = debug_name("CmpIExtSI")(_cmpi_of_ext(ExtSIOp))
CmpIExtUI = debug_name("CmpIExtUI")(_cmpi_of_ext(ExtUIOp))


def _redundant_select(side: int) -> Callable:
    """select(p, select(p, a, b), c) -> select(p, a, c) (side 1, the true value);
    select(p, a, select(p, b, c)) -> select(p, a, c) (side 2)."""
    def rewrite(op: Operation, rw: Any) -> bool:
        pred = op.operand(0)
        s = defined_by(op.operand(side), SelectOp.name)
        if s is None or s.operand(0) is not pred:
            return False
        vals = [pred, s.operand(1), op.operand(2)] if side == 1 else [pred, op.operand(1), s.operand(2)]
        return _replace(rw, op, _new(rw, SelectOp, vals, op.result.type, _ops_loc(op, s)))
    return rewrite


RedundantSelectFalse = debug_name("RedundantSelectFalse")(_redundant_select(2))
RedundantSelectTrue = debug_name("RedundantSelectTrue")(_redundant_select(1))


@debug_name("SelectNotCond")
def SelectNotCond(op: Operation, rw: Any) -> bool:
    """select(xori(p, -1), a, b) -> select(p, b, a)."""
    x = defined_by(op.operand(0), XOrIOp.name)
    if x is None or _scalar_int(x.operand(1)) is None or not _is_minus_one(x.operand(1)):
        return False
    vals = [x.operand(0), op.operand(2), op.operand(1)]
    return _replace(rw, op, _new(rw, SelectOp, vals, op.result.type,
                                 _ops_loc(op, x.operand(1).defining_op)))


@debug_name("SelectI1ToNot")
def SelectI1ToNot(op: Operation, rw: Any) -> bool:
    """select(p, false, true) -> xori(p, true)."""
    if not (_is_i1(op.operand(1), 0) and _is_i1(op.operand(2), 1)):
        return False
    loc = _ops_loc(op)
    p = op.operand(0)
    return _replace(rw, op, _new(rw, XOrIOp, [p, _const(rw, IntegerAttr(1, i1), loc)], p.type, loc))


@debug_name("SelectToExtUI")
def SelectToExtUI(op: Operation, rw: Any) -> bool:
    """select(p, 1, 0) -> extui(p); select(p, 0, 1) -> extui(xori(p, true)) (scalar integers wider than i1)."""
    t = op.result.type
    if not isinstance(t, IntegerType) or t is i1:
        return False
    a, b = int_value(op.operand(1)), int_value(op.operand(2))
    p = op.operand(0)
    if a == 1 and b == 0:
        return _replace(rw, op, _new(rw, ExtUIOp, [p], t, op.location))
    if a == 0 and b == 1:
        one = _const(rw, IntegerAttr(1, p.type), op.location)
        return _replace(rw, op, _new(rw, ExtUIOp, [_new(rw, XOrIOp, [p, one], p.type, op.location)], t,
                                     op.location))
    return False


def _cast_of_cast(inner: type[OpDef], out: type[OpDef] | None = None) -> Callable:
    """cast(inner(x)) -> out(x) (default: the same cast) with the outer result type."""
    def rewrite(op: Operation, rw: Any) -> bool:
        d = _def_of(op.operand(0), inner)
        if d is None:
            return False
        return _replace(rw, op, _new(rw, out or cast(type[OpDef], type(op)), [d.operand(0)], op.result.type, _ops_loc(op, d)))
    return rewrite


IndexCastOfExtSI = debug_name("IndexCastOfExtSI")(_cast_of_cast(ExtSIOp))
IndexCastUIOfExtUI = debug_name("IndexCastUIOfExtUI")(_cast_of_cast(ExtUIOp))
BitcastOfBitcast = debug_name("BitcastOfBitcast")(_cast_of_cast(BitcastOp))
ExtSIOfExtUI = debug_name("ExtSIOfExtUI")(_cast_of_cast(ExtUIOp, ExtUIOp))
UIToFPOfExtUI = debug_name("UIToFPOfExtUI")(_cast_of_cast(ExtUIOp))
SIToFPOfExtSI = debug_name("SIToFPOfExtSI")(_cast_of_cast(ExtSIOp))
SIToFPOfExtUI = debug_name("SIToFPOfExtUI")(_cast_of_cast(ExtUIOp, UIToFPOp))


def _trunci_of_ext(ext: type[OpDef]) -> Callable:
    """trunci(ext(x)) -> ext(x) when only extension bits are dropped."""
    def rewrite(op: Operation, rw: Any) -> bool:
        d = _def_of(op.operand(0), ext)
        if d is None:
            return False
        x = d.operand(0)
        if not _bits(d.result.type) > _bits(op.result.type) > _bits(x.type):
            return False
        return _replace(rw, op, _new(rw, ext, [x], op.result.type, _ops_loc(op, d)))
    return rewrite


TruncIExtSIToExtSI = debug_name("TruncIExtSIToExtSI")(_trunci_of_ext(ExtSIOp))
TruncIExtUIToExtUI = debug_name("TruncIExtUIToExtUI")(_trunci_of_ext(ExtUIOp))


@debug_name("TruncIShrSIToTrunciShrUI")
def TruncIShrSIToTrunciShrUI(op: Operation, rw: Any) -> bool:
    """trunci(shrsi(x, c)) -> trunci(shrui(x, c)) when c is exactly the truncated width."""
    s = defined_by(op.operand(0), ShRSIOp.name)
    if s is None:
        return False
    c = constant_value(s.operand(1))
    x = s.operand(0)
    if c is None or int_value(s.operand(1)) != _bits(x.type) - _bits(op.result.type):
        return False
    loc = _ops_loc(op, s.operand(1).defining_op)
    shr = _new(rw, ShRUIOp, [x, _const(rw, c, loc)], x.type, loc)
    return _replace(rw, op, _new(rw, TruncIOp, [shr], op.result.type, loc,
                                 overflowFlags=cast(Any, op).overflowFlags or OVERFLOW_NONE))  # (trunci's, a made class)


def _truncf_of_int_to_fp(inner: type[OpDef]) -> Callable:
    """truncf(sitofp|uitofp(x)) -> sitofp|uitofp(x) under the default rounding mode."""
    def rewrite(op: Operation, rw: Any) -> bool:
        d = _def_of(op.operand(0), inner)
        if d is None or cast(Any, op).roundingmode is not None:  # (truncf's, a made class)
            return False
        return _replace(rw, op, _new(rw, inner, [d.operand(0)], op.result.type, _ops_loc(op, d)))
    return rewrite


TruncFSIToFPToSIToFP = debug_name("TruncFSIToFPToSIToFP")(_truncf_of_int_to_fp(SIToFPOp))
TruncFUIToFPToUIToFP = debug_name("TruncFUIToFPToUIToFP")(_truncf_of_int_to_fp(UIToFPOp))


def _of_negf(name: type[OpDef]) -> Callable:
    """mulf|divf(negf(x), negf(y)) -> mulf|divf(x, y), keeping the root's fastmath."""
    def rewrite(op: Operation, rw: Any) -> bool:
        a, b = defined_by(op.operand(0), NegFOp.name), defined_by(op.operand(1), NegFOp.name)
        if a is None or b is None or a.operand(0).type is not b.operand(0).type:
            return False
        return _replace(rw, op, _new(rw, name, [a.operand(0), b.operand(0)], op.result.type, _ops_loc(op, a, b),
                                     fastmath=cast(FloatBinaryOp, op).fastmath or FASTMATH_NONE))
    return rewrite


MulFOfNegF = debug_name("MulFOfNegF")(_of_negf(MulFOp))
DivFOfNegF = debug_name("DivFOfNegF")(_of_negf(DivFOp))

def _extended_to_plain(name: type[OpDef]) -> Callable:
    """addui_extended/mul*_extended whose second result is unused -> the plain op
    (and the first operand for the dead result, as MLIR's replaceWithValue)."""
    def rewrite(op: Operation, rw: Any) -> bool:
        ext = cast(ExtendedOp, op)
        first, second = type(ext).outputs(ext)
        if second.uses:
            return False
        x, y = ext.lhs, ext.rhs
        plain = _new(rw, name, [x, y], first.type, op.location, overflowFlags=OVERFLOW_NONE)
        rw.replace_op(op, [plain, x])
        return True
    return rewrite


AddUIExtendedToAddI = debug_name("AddUIExtendedToAddI")(_extended_to_plain(AddIOp))
SubUIExtendedToSubI = debug_name("SubUIExtendedToSubI")(_extended_to_plain(SubIOp))
MulSIExtendedToMulI = debug_name("MulSIExtendedToMulI")(_extended_to_plain(MulIOp))
MulUIExtendedToMulI = debug_name("MulUIExtendedToMulI")(_extended_to_plain(MulIOp))


@debug_name("MulSIExtendedRHSOne")
def MulSIExtendedRHSOne(op: Operation, rw: Any) -> bool:
    """mulsi_extended(x, 1) -> x, extsi(cmpi slt, x, 0) (the sign bits)."""
    x, one = op.operands
    if _const_operand(one) is None or int_value(one) != 1:
        return False
    t = x.type
    zero = _const(rw, _int_attr(0, t), op.location)
    neg = _new(rw, CmpIOp, [x, zero], _i1_like(t), op.location, predicate=IntegerAttr(CMPI_PREDICATES.index("slt")))
    rw.replace_op(op, [x, _new(rw, ExtSIOp, [neg], t, op.location)])
    return True


# float type -> (mantissa width with the implicit bit, exponent of the largest finite value, numpy type name)
_FP_FORMAT = {"f16": (11, 15, "float16"), "f32": (24, 127, "float32"), "f64": (53, 1023, "float64")}
_CMPF_TO_CMPI = {"oeq": "eq", "ueq": "eq", "one": "ne", "une": "ne", "ogt": "gt", "ugt": "gt", "oge": "ge",
                 "uge": "ge", "olt": "lt", "ult": "lt", "ole": "le", "ule": "le"}


@debug_name("CmpFIntToFPConst")
def CmpFIntToFPConst(op: Operation, rw: Any) -> bool:
    """cmpf(sitofp|uitofp(x), C) -> cmpi(x, int(C)) (or a constant) when the
    conversion cannot change the comparison (MLIR's, after LLVM's InstCombine)."""
    import math

    c = constant_value(op.operand(1))
    if not isinstance(c, FloatAttr) or c.type.name not in _FP_FORMAT:
        return False
    rhs = bits_to_float(c.bits, semantics(c.type.name))
    if math.isnan(rhs):
        return False
    mantissa, max_exp, np_name = _FP_FORMAT[c.type.name]
    d = op.operand(0).defining_op
    if d is None or type(d) not in (SIToFPOp, UIToFPOp):
        return False
    unsigned = type(d) is UIToFPOp
    x = d.operand(0)
    if not isinstance(x.type, IntegerType):
        return False
    w = x.type.width
    value_bits = w if unsigned else w - 1
    if w > mantissa:  # the conversion rounds: only exponents outside [mantissa, value_bits] are safe
        if math.isinf(rhs):
            if max_exp < value_bits:
                return False
        elif rhs != 0 and mantissa <= math.frexp(rhs)[1] - 1 <= value_bits:
            return False
    fpred = CMPF_PREDICATES[cast(CmpFOp, op).predicate.value]

    def const_bool(v: bool) -> bool:
        rw.replace_op(op, [_const(rw, IntegerAttr(int(v), i1), op.location)])
        return True

    if fpred in ("ord", "uno"):  # an integer converts to no NaN
        return const_bool(fpred == "ord")
    if fpred not in _CMPF_TO_CMPI:
        return False  # (MLIR reaches llvm_unreachable on false/true here)
    base = _CMPF_TO_CMPI[fpred]
    pred = base if base in ("eq", "ne") else ("u" if unsigned else "s") + base
    hi = (1 << w) - 1 if unsigned else (1 << (w - 1)) - 1
    lo = 0 if unsigned else -(1 << (w - 1))

    def to_fp(v: int) -> float:
        with np.errstate(all="ignore"):  # an integer past the float's range rounds to inf, as APFloat's
            return float(getattr(np, np_name)(v))

    if to_fp(hi) < rhs:  # above every integer (inf included)
        return const_bool(pred in ("ne", "slt", "sle", "ult", "ule"))
    if to_fp(lo) > rhs:  # below every integer
        return const_bool(pred in ("ne", "sgt", "sge", "ugt", "uge"))
    k = math.trunc(rhs)
    if not lo <= k <= hi:  # the conversion toward zero is invalid
        return False
    if rhs != 0 and to_fp(k) != rhs:  # a fractional constant: adjust the predicate
        neg = rhs < 0
        if pred == "ne":
            return const_bool(True)
        if pred == "eq":
            return const_bool(False)
        if pred in ("ule", "ult") and neg:
            return const_bool(False)
        if pred in ("ugt", "uge") and neg:
            return const_bool(True)
        pred = {("sle", True): "slt", ("ult", False): "ule", ("slt", False): "sle", ("sgt", True): "sge",
                ("uge", False): "ugt", ("sge", False): "sgt"}.get((pred, neg), pred)
    k_val = _const(rw, IntegerAttr(k, x.type), op.location)
    rw.replace_op(op, [_new(rw, CmpIOp, [x, k_val], i1, op.location,
                            predicate=IntegerAttr(CMPI_PREDICATES.index(pred)))])
    return True


# root short name -> patterns, in MLIR's registration order
_PATTERNS: dict[str, tuple[Callable, ...]] = {
    "addi": (AddIAddConstant, AddISubConstantRHS, AddISubConstantLHS, AddIMulNegativeOneRhs, AddIMulNegativeOneLhs),
    "subi": (SubIRHSAddConstant, SubILHSAddConstant, SubIRHSSubConstantRHS, SubIRHSSubConstantLHS,
             SubILHSSubConstantRHS, SubILHSSubConstantLHS, SubISubILHSRHSLHS),
    "muli": (MulIMulIConstant,),
    "xori": (XOrINotCmpI, XOrIOfExtUI, XOrIOfExtSI),
    "andi": (AndOfExtUI, AndOfExtSI),
    "ori": (OrOfExtUI, OrOfExtSI),
    "cmpi": (CmpIExtSI, CmpIExtUI),
    "cmpf": (CmpFIntToFPConst,),
    "select": (RedundantSelectFalse, RedundantSelectTrue, SelectNotCond, SelectI1ToNot, SelectToExtUI),
    "index_cast": (IndexCastOfExtSI,),
    "index_castui": (IndexCastUIOfExtUI,),
    "bitcast": (BitcastOfBitcast,),
    "extsi": (ExtSIOfExtUI,),
    "trunci": (TruncIExtSIToExtSI, TruncIExtUIToExtUI, TruncIShrSIToTrunciShrUI),
    "truncf": (TruncFSIToFPToSIToFP, TruncFUIToFPToUIToFP),
    "mulf": (MulFOfNegF,),
    "divf": (DivFOfNegF,),
    "uitofp": (UIToFPOfExtUI,),
    "addui_extended": (AddUIExtendedToAddI,),
    "subui_extended": (SubUIExtendedToSubI,),
    "mulsi_extended": (MulSIExtendedToMulI, MulSIExtendedRHSOne),
    "mului_extended": (MulUIExtendedToMulI,),
    "sitofp": (SIToFPOfExtSI, SIToFPOfExtUI),
}


# -- the op list ---------------------------------------------------------------------------
_OPS: list[type[OpDef]] = [ConstantOp]
_OPS.extend(_INT_BINARY_OPS)
_OPS.extend(_FLOAT_BINARY_OPS)
_OPS += [NegFOp, FlushDenormalsOp, CmpIOp, CmpFOp, SelectOp, AddUIExtendedOp, SubUIExtendedOp, MulSIExtendedOp,
         MulUIExtendedOp]
_OPS.extend(_CAST_OPS)
_OPS += [ScalingExtFOp, ScalingTruncFOp]


def s_lookup(name: str) -> Any:
    """The op definition of an arith op name."""
    return next(o for o in _OPS if o.name == name)


# -- attribute spellings ------------------------------------------------------------------
_FLAG_ATTR = re.compile(r"#arith\.(overflow|fastmath)<([^>]*)>")


_FLAG_ORDER = {"overflow": ("nsw", "nuw"),
               "fastmath": ("reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn")}


def _flags_text(kind: str, inner: str) -> str:
    """The flags in MLIR's order and separators; all fastmath flags are `fast`."""
    names = {f.strip() for f in inner.split(",") if f.strip()}
    order = _FLAG_ORDER[kind]
    if "fast" in names:
        names = (names - {"fast"}) | set(order)
    names.discard("none")
    if any(n not in order for n in names):
        return f"{kind}<{inner}>"  # unknown flag: the verifier of MLIR would reject it; keep the text
    if kind == "fastmath" and names == set(order):
        return "fastmath<fast>"
    picked = [n for n in order if n in names]
    sep = ", " if kind == "overflow" else ","  # as MLIR prints each enum
    return f"{kind}<" + (sep.join(picked) if picked else "none") + ">"


def parse_attribute(text: str) -> Attribute | None:
    """#arith.overflow<..> / #arith.fastmath<..> kept opaque, in MLIR's spelling."""
    m = _FLAG_ATTR.fullmatch(text)
    if m is None:
        return None
    return OpaqueAttr("#arith." + _flags_text(m.group(1), m.group(2)))


def materialize_constant(builder: Any, value: Any, type: Type, location: Any) -> Operation | None:
    """arith.constant for integer/float/dense values of exactly `type`."""
    if not isinstance(value, (IntegerAttr, FloatAttr, DenseElementsAttr)) or value.type is not type:
        return None
    return builder.create(ConstantOp, value=value, result_types=[type], location=location)



DIALECT = Dialect("arith", ops=tuple(_OPS),
                  materialize_constant=materialize_constant, parse_attribute=parse_attribute)

__all__ = ["ConstantOp", "DenseElementsAttr", "FloatAttr", "materialize_constant"]
