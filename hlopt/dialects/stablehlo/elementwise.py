"""StableHLO elementwise ops: constant, unary and binary math, logical ops,
compare, select, clamp, complex, conversions, reduce_precision and the
random-number ops. Operand/result constraints and traits follow
StablehloOps.td; custom forms mirror its assemblyFormat (checked against
jaxlib's MLIR by tests/lit/stablehlo and tests/oracle).
"""

from __future__ import annotations

from typing import Any

from hlopt.dialects.stablehlo import inference as inf
from hlopt.dialects.stablehlo.asm_directives import (
    ComplexOpType,
    EnumKeyword,
    ExponentMantissa,
    SameOperandsAndResultType,
    SelectOpType,
)
from hlopt.dialects.stablehlo.syntax import (
    ShloOp,
)
from hlopt.dialects.stablehlo.types import (
    HLO_ComplexTensor,
    HLO_FloatOrQuantizedIntOrPerAxisQuantizedIntTensor,
    HLO_Fp32Or64Tensor,
    HLO_FpComplexOrQuantizedIntTensor,
    HLO_FpOrComplexTensor,
    HLO_FpOrQuantizedIntTensor,
    HLO_FpTensor,
    HLO_IntFpOrComplexOrQuantizedIntTensor,
    HLO_IntOrFpTensor,
    HLO_IntTensor,
    HLO_NonQuantizedTensor,
    HLO_PredIntOrFpTensor,
    HLO_PredOrIntTensor,
    HLO_PredTensor,
    HLO_QuantizedIntOrPerAxisQuantizedIntTensor,
    HLO_ScalarPredIntOrFpTensor,
    HLO_SIntFpComplexOrQuantizedIntTensor,
    HLO_StaticDimensionTensor,
    HLO_StaticShapeIntOrFpTensor,
    HLO_StaticShapeTensorOrPerAxisQuantizedTensor,
    HLO_Tensor,
    HLO_TensorOrPerAxisQuantizedTensor,
)
from hlopt.dialects.stablehlo.verification import (
    AllElementTypesMatch,
    CompatibleOperandsAndResultElementType,
    CompatibleOperandsAndResultType,
    CompatibleOperandsElementType,
    dialect_attr,
    enum_attr,
    fail,
    inference_fail,
    verify_binary_quant,
)
from hlopt.ir import opdef as ods
from hlopt.ir.attributes import IntegerAttr, OpaqueAttr
from hlopt.ir.constraints import Constraint, ElementsAttr
from hlopt.ir.core import Operation
from hlopt.ir.lazy import deferred, lazy_module
from hlopt.ir.traits import (
    Commutative,
    ConstantLike,
    ElementwiseTrait,
    Pure,
    SameOperandsAndResultShape,
    SameOperandsElementType,
    Trait,
)
from hlopt.ir.types import ComplexType, FloatType, RankedTensorType, i32
from hlopt.kernels.marks import lifts
from hlopt.syntax import OpAsmParser, OpAsmPrinter, OpAsmResolver

np = lazy_module("numpy")
ew = lazy_module("hlopt.kernels.elementwise")
kernels = lazy_module("hlopt.kernels.heavy")
movement = lazy_module("hlopt.kernels.movement")
interp_attrs = lazy_module("hlopt.kernels.attrs")
interp_values = lazy_module("hlopt.kernels.values")

# ---------------------------------------------------------------------------
# constant


class ConstantOp(ShloOp):
    """`stablehlo.constant dense<...> : T`"""

    local_verify = True  # checks read only the op's own types and attributes

    name = "stablehlo.constant"
    value = ods.attr(ElementsAttr)
    output = ods.result(HLO_StaticShapeTensorOrPerAxisQuantizedTensor)
    traits = (ConstantLike(), Pure())

    @classmethod
    def parse_asm(cls, p: OpAsmParser) -> tuple:
        """hlo::parseConstantOp: `{attrs} dense<..> : T`, or `() <{props}> {attrs} : () -> T`."""
        if p.parse_optional_punct("("):
            p.parse_punct(")")
            props = p.parse_optional_prop_dict()
            attrs = p.parse_optional_attr_dict()
            p.parse_colon()
            p.parse_punct("(")
            p.parse_punct(")")
            p.parse_punct("->")
            return props, attrs, None, p.parse_type()
        attrs = p.parse_optional_attr_dict()
        at = p.location()
        v = p.parse_optional_attribute()
        if v is None:
            raise p.wrong_token("expected attribute value")
        return None, attrs, v, at

    @classmethod
    def build_asm(cls, r: OpAsmResolver, state: tuple) -> Operation:
        props, attrs, value, t = state
        a = r.attr(attrs) if attrs is not None else None
        if value is None:
            pd = r.attr(props) if props is not None else None
            return Operation(cls.name, (), [r.type(t)], pd, a)
        v = r.attr(value)
        rt = getattr(v, "type", None)
        if rt is None:
            raise r.error("expected a typed elements attribute", t)
        p_, a = r.split_attrs(cls.name, a)
        d = dict(p_.entries) if p_ is not None else {}
        d["value"] = v
        return Operation(cls.name, (), [rt], d, a)

    @classmethod
    def print_asm(cls, op: Operation, p: OpAsmPrinter) -> bool:
        v = op.value
        if getattr(v, "type", None) is not op.output.type or len(op.properties) != 1:
            return False  # as MLIR: the generic form when the types differ
        p.print_optional_attr_dict(op.attributes)
        p.write(" ")
        p.print_attribute(v)
        return True

    @classmethod
    def asm_result_names(cls, op):
        t = op.output.type
        et = getattr(t, "element_type", t)
        return ["cst" if isinstance(et, (FloatType, ComplexType)) else "c"]

    @classmethod
    def fold(cls, op):
        return [op.value]

    @classmethod
    def verify(cls, op: Operation) -> None:
        v = op.value
        t = getattr(v, "type", None)
        if t is not None and t is not op.output.type:

            raise inference_fail(op, f"inferred type(s) '{t.text}' are incompatible with return type(s) of operation "
                                     f"'{op.output.type.text}'")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [ctx.cached(op, movement.constant)]


# ---------------------------------------------------------------------------
# `operands attr-dict : custom<SameOperandsAndResultType>` ops

_ACCURACY_DEFAULT = OpaqueAttr("#stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<DEFAULT>>")
ResultAccuracy = dialect_attr("#stablehlo.result_accuracy", "Requested accuracy for unary functions.")


class SameTypeForm(SameOperandsAndResultType, ShloOp):
    """StableHLO's elementwise ops: `%a, %b {attrs} : T` when every type is
    T, else `: (T, U) -> V`."""

    traits = (Pure(),)


_UNARY_TRAITS = (Pure(), CompatibleOperandsAndResultType(), SameOperandsAndResultShape(), ElementwiseTrait())


class UnaryOp(SameTypeForm):
    """StableHLO_UnaryElementwiseOp: one operand, one result of the same type."""

    assembly_format = "$operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))"

    local_verify = True  # checks read only the op's own types and attributes

    operand_ = ods.operand(HLO_Tensor, name="operand")
    result_ = ods.result(HLO_Tensor, name="result")
    traits = _UNARY_TRAITS


class AccuracyUnaryOp(UnaryOp):
    """Transcendental unary ops with a `result_accuracy` (default elided)."""

    operand_ = ods.operand(HLO_FpComplexOrQuantizedIntTensor, name="operand")
    result_accuracy = ods.attr(ResultAccuracy, default=_ACCURACY_DEFAULT)
    result_ = ods.result(HLO_FpComplexOrQuantizedIntTensor, name="result")


class AbsOp(UnaryOp):
    name = "stablehlo.abs"
    operand_ = ods.operand(HLO_SIntFpComplexOrQuantizedIntTensor, name="operand")
    result_ = ods.result(HLO_SIntFpComplexOrQuantizedIntTensor, name="result")
    traits = (Pure(), SameOperandsAndResultShape(), ElementwiseTrait())  # complex -> float result

    @classmethod
    def infer_result_types(cls, op: Operation) -> list | None:
        t = op.operand_.type
        et = t.element_type
        if isinstance(et, ComplexType):
            return [RankedTensorType(t.shape, et.element_type, t.encoding)]
        return [t]

    compatible_return_types = staticmethod(inf.compatible_types)
    interpret = deferred(lambda: ew.unary(ew.abs_))


class CbrtOp(AccuracyUnaryOp):
    name = "stablehlo.cbrt"
    interpret = deferred(lambda: ew.unary(ew.f32_math(np.cbrt)))


class CeilOp(UnaryOp):
    name = "stablehlo.ceil"
    operand_ = ods.operand(HLO_FpOrQuantizedIntTensor, name="operand")
    result_ = ods.result(HLO_FpOrQuantizedIntTensor, name="result")
    interpret = deferred(lambda: ew.unary(ew.f32_math(np.ceil)))


class ConvertOp(UnaryOp):
    name = "stablehlo.convert"
    operand_ = ods.operand(HLO_NonQuantizedTensor, name="operand")
    result_ = ods.result(HLO_NonQuantizedTensor, name="result")
    traits = (Pure(), SameOperandsAndResultShape(), ElementwiseTrait())

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [ew.convert_array(args[0], ctx.cached(op, lambda o: interp_values.dtype_of(o.result_.type)))]


class CountLeadingZerosOp(UnaryOp):
    name = "stablehlo.count_leading_zeros"
    operand_ = ods.operand(HLO_IntTensor, name="operand")
    result_ = ods.result(HLO_IntTensor, name="result")
    interpret = deferred(lambda: ew.unary(ew.clz))


class CosineOp(AccuracyUnaryOp):
    name = "stablehlo.cosine"
    interpret = deferred(lambda: ew.unary(ew.f32_math(np.cos)))


class ExponentialOp(AccuracyUnaryOp):
    name = "stablehlo.exponential"
    interpret = deferred(lambda: ew.unary(ew.f32_math(np.exp)))


class ExponentialMinusOneOp(AccuracyUnaryOp):
    name = "stablehlo.exponential_minus_one"
    interpret = deferred(lambda: ew.unary(ew.f32_math(np.expm1)))


class FloorOp(UnaryOp):
    name = "stablehlo.floor"
    operand_ = ods.operand(HLO_FpOrQuantizedIntTensor, name="operand")
    result_ = ods.result(HLO_FpOrQuantizedIntTensor, name="result")
    interpret = deferred(lambda: ew.unary(ew.f32_math(np.floor)))


class ImagOp(UnaryOp):
    name = "stablehlo.imag"
    operand_ = ods.operand(HLO_FpOrComplexTensor, name="operand")
    result_ = ods.result(HLO_FpTensor, name="result")
    traits = (Pure(), SameOperandsAndResultShape(), ElementwiseTrait())
    interpret = deferred(lambda: ew.unary(np.imag))


class IsFiniteOp(UnaryOp):
    name = "stablehlo.is_finite"
    operand_ = ods.operand(HLO_FpOrQuantizedIntTensor, name="operand")
    result_ = ods.result(HLO_PredTensor, name="result")
    traits = (Pure(), SameOperandsAndResultShape(), ElementwiseTrait())
    interpret = deferred(lambda: ew.unary(ew.is_finite))


class LogOp(AccuracyUnaryOp):
    name = "stablehlo.log"
    interpret = deferred(lambda: ew.unary(ew.f32_math(np.log)))


class LogPlusOneOp(AccuracyUnaryOp):
    name = "stablehlo.log_plus_one"
    interpret = deferred(lambda: ew.unary(ew.f32_math(np.log1p)))


class LogisticOp(AccuracyUnaryOp):
    name = "stablehlo.logistic"
    interpret = deferred(lambda: ew.unary(ew.f32_math(ew.logistic)))


class NegateOp(UnaryOp):
    name = "stablehlo.negate"
    operand_ = ods.operand(HLO_IntFpOrComplexOrQuantizedIntTensor, name="operand")
    result_ = ods.result(HLO_IntFpOrComplexOrQuantizedIntTensor, name="result")
    interpret = deferred(lambda: ew.unary(ew.negate))


class NotOp(UnaryOp):
    name = "stablehlo.not"
    operand_ = ods.operand(HLO_PredOrIntTensor, name="operand")
    result_ = ods.result(HLO_PredOrIntTensor, name="result")
    interpret = deferred(lambda: ew.unary(ew.logical_not))


class PopcntOp(UnaryOp):
    name = "stablehlo.popcnt"
    operand_ = ods.operand(HLO_IntTensor, name="operand")
    result_ = ods.result(HLO_IntTensor, name="result")
    interpret = deferred(lambda: ew.unary(ew.popcnt))


class RealOp(ImagOp):
    name = "stablehlo.real"
    interpret = deferred(lambda: ew.unary(np.real))


class RoundNearestAfzOp(UnaryOp):
    name = "stablehlo.round_nearest_afz"
    operand_ = ods.operand(HLO_FpOrQuantizedIntTensor, name="operand")
    result_ = ods.result(HLO_FpOrQuantizedIntTensor, name="result")
    interpret = deferred(lambda: ew.unary(ew.f32_math(ew.round_afz)))


class RoundNearestEvenOp(RoundNearestAfzOp):
    name = "stablehlo.round_nearest_even"
    interpret = deferred(lambda: ew.unary(ew.f32_math(np.rint)))


class RsqrtOp(AccuracyUnaryOp):
    name = "stablehlo.rsqrt"
    interpret = deferred(lambda: ew.unary(ew.f32_math(ew.rsqrt)))


class SignOp(UnaryOp):
    name = "stablehlo.sign"
    operand_ = ods.operand(HLO_SIntFpComplexOrQuantizedIntTensor, name="operand")
    result_ = ods.result(HLO_SIntFpComplexOrQuantizedIntTensor, name="result")
    interpret = deferred(lambda: ew.unary(ew.sign))


class SineOp(AccuracyUnaryOp):
    name = "stablehlo.sine"
    interpret = deferred(lambda: ew.unary(ew.f32_math(np.sin)))


class SqrtOp(AccuracyUnaryOp):
    name = "stablehlo.sqrt"
    interpret = deferred(lambda: ew.unary(ew.f32_math(np.sqrt)))


class TanOp(AccuracyUnaryOp):
    name = "stablehlo.tan"
    interpret = deferred(lambda: ew.unary(ew.f32_math(np.tan)))


class TanhOp(AccuracyUnaryOp):
    name = "stablehlo.tanh"
    interpret = deferred(lambda: ew.unary(ew.f32_math(np.tanh)))


def _expressed(t: Any) -> Any:
    """The expressed float type of a tensor of `!quant.uniform` (None otherwise)."""
    from hlopt.ir.types import FloatType

    et = getattr(t, "element_type", None)
    name = getattr(et, "expressed", None)
    return FloatType(name) if isinstance(name, str) else None


class _FunctionalForm(ShloOp):
    """`NAME %x : (T) -> U` (uniform_quantize, uniform_dequantize, bitcast_convert)"""

    assembly_format = "operands attr-dict `:` functional-type(operands, results)"


class UniformQuantizeOp(_FunctionalForm):
    """`stablehlo.uniform_quantize %x : (T) -> U`"""

    name = "stablehlo.uniform_quantize"
    operand_ = ods.operand(HLO_FloatOrQuantizedIntOrPerAxisQuantizedIntTensor, name="operand")
    result_ = ods.result(HLO_QuantizedIntOrPerAxisQuantizedIntTensor, name="result")
    traits = (Pure(), SameOperandsAndResultShape(), ElementwiseTrait())

    @classmethod
    def verify(cls, op: Operation) -> None:
        """uniform_quantize_c2: the result's expressed type is the operand's
        float type (or its quantized type's expressed type)."""
        got = _expressed(op.result_.type)
        et = getattr(op.operand_.type, "element_type", None)
        want = _expressed(op.operand_.type) or et
        if got is not None and want is not None and got is not want:
            raise fail(op, f"Expressed type of result expected to be '{want.text}', but got '{got.text}'")


class UniformDequantizeOp(_FunctionalForm):
    name = "stablehlo.uniform_dequantize"
    operand_ = ods.operand(HLO_QuantizedIntOrPerAxisQuantizedIntTensor, name="operand")
    result_ = ods.result(HLO_FpTensor, name="result")
    traits = (Pure(), SameOperandsAndResultShape(), ElementwiseTrait())

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Any] | None:
        t, expressed = op.operand_.type, _expressed(op.operand_.type)
        if expressed is None or not isinstance(t, RankedTensorType):
            return None
        return [RankedTensorType(t.shape, expressed)]

    compatible_return_types = staticmethod(inf.compatible_types)


# ---------------------------------------------------------------------------
# binary

_BINARY_TRAITS = (Pure(), CompatibleOperandsAndResultType(), SameOperandsAndResultShape(), ElementwiseTrait())


class BinaryOp(SameTypeForm):
    """StableHLO_BinaryElementwiseOp"""

    assembly_format = ("$lhs `,` $rhs attr-dict `:` "
                       "custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))")

    local_verify = True  # checks read only the op's own types and attributes

    lhs = ods.operand(HLO_IntFpOrComplexOrQuantizedIntTensor)
    rhs = ods.operand(HLO_IntFpOrComplexOrQuantizedIntTensor)
    result_ = ods.result(HLO_IntFpOrComplexOrQuantizedIntTensor, name="result")
    traits = _BINARY_TRAITS


class HloCommutative(Trait):
    """StableHLO's own IsCommutative (mlir::hlo::OpTrait), not MLIR's: the
    operands commute, but generic passes do not see it (MLIR's CSE keeps
    add(a, b) beside add(b, a) and its folding leaves constants on the left;
    StableHLO wants no default folds). Only the compact `reduce ... applies`
    form asks for it."""

    name = "HloCommutative"


_COMMUTATIVE_TRAITS = (Pure(), HloCommutative()) + _BINARY_TRAITS[1:]


class AddOp(BinaryOp):
    name = "stablehlo.add"
    lhs = ods.operand(HLO_TensorOrPerAxisQuantizedTensor)
    rhs = ods.operand(HLO_TensorOrPerAxisQuantizedTensor)
    result_ = ods.result(HLO_TensorOrPerAxisQuantizedTensor, name="result")
    # no HLO_CompatibleOperandsAndResultType: verifyAddOp checks element types itself
    traits = (Pure(), HloCommutative(), SameOperandsAndResultShape(), ElementwiseTrait())
    interpret = deferred(lambda: ew.binary(np.add))

    @classmethod
    def verify(cls, op: Operation) -> None:
        """verifyAddOp: add_c2..c7 when quantized, else one element type."""
        ts = (*op.operand_types, op.result_.type)
        if any(getattr(getattr(t, "element_type", t), "zero_points", None) is not None for t in ts):
            verify_binary_quant(op, *ts)
        elif len({getattr(t, "element_type", t) for t in ts}) > 1:
            raise fail(op, "op requires the same element type for all operands and results")
        # then InferTypeOpInterface's check (MLIR runs it after verify): the result is lhs's type
        if not inf.compatible_types(ts[:1], ts[2:]):
            raise fail(op, f"'{op.name}' op inferred type(s) '{ts[0].text}' are incompatible with return type(s) of "
                           f"operation '{ts[2].text}'")


class Atan2Op(BinaryOp):
    name = "stablehlo.atan2"
    lhs = ods.operand(HLO_FpComplexOrQuantizedIntTensor)
    rhs = ods.operand(HLO_FpComplexOrQuantizedIntTensor)
    result_ = ods.result(HLO_FpComplexOrQuantizedIntTensor, name="result")
    interpret = deferred(lambda: ew.binary(ew.f32_math2(np.arctan2)))


class DivideOp(BinaryOp):
    name = "stablehlo.divide"
    interpret = deferred(lambda: ew.binary(ew.divide))


class MaximumOp(BinaryOp):
    name = "stablehlo.maximum"
    lhs = ods.operand(HLO_Tensor)
    rhs = ods.operand(HLO_Tensor)
    result_ = ods.result(HLO_Tensor, name="result")
    traits = _COMMUTATIVE_TRAITS
    interpret = deferred(lambda: ew.binary(np.maximum))


class MinimumOp(MaximumOp):
    name = "stablehlo.minimum"
    interpret = deferred(lambda: ew.binary(np.minimum))


class MultiplyOp(MaximumOp):
    name = "stablehlo.multiply"
    interpret = deferred(lambda: ew.binary(np.multiply))


class PowerOp(BinaryOp):
    name = "stablehlo.power"
    interpret = deferred(lambda: ew.binary(ew.power))


class RemainderOp(BinaryOp):
    name = "stablehlo.remainder"
    interpret = deferred(lambda: ew.binary(ew.remainder))


class ShiftLeftOp(BinaryOp):
    name = "stablehlo.shift_left"
    lhs = ods.operand(HLO_IntTensor)
    rhs = ods.operand(HLO_IntTensor)
    result_ = ods.result(HLO_IntTensor, name="result")
    interpret = deferred(lambda: ew.binary(ew.shift("left")))


class ShiftRightArithmeticOp(ShiftLeftOp):
    name = "stablehlo.shift_right_arithmetic"
    interpret = deferred(lambda: ew.binary(ew.shift("arith")))


class ShiftRightLogicalOp(ShiftLeftOp):
    name = "stablehlo.shift_right_logical"
    interpret = deferred(lambda: ew.binary(ew.shift("logical")))


class SubtractOp(BinaryOp):
    name = "stablehlo.subtract"
    interpret = deferred(lambda: ew.binary(ew.subtract))


class LogicalOp(BinaryOp):
    """StableHLO_BinaryBiwiseOrLogicalElementwiseOp"""

    lhs = ods.operand(HLO_PredOrIntTensor)
    rhs = ods.operand(HLO_PredOrIntTensor)
    result_ = ods.result(HLO_PredOrIntTensor, name="result")
    traits = _COMMUTATIVE_TRAITS


class AndOp(LogicalOp):
    name = "stablehlo.and"
    interpret = deferred(lambda: ew.binary(np.bitwise_and))


class OrOp(LogicalOp):
    name = "stablehlo.or"
    interpret = deferred(lambda: ew.binary(np.bitwise_or))


class XorOp(LogicalOp):
    name = "stablehlo.xor"
    interpret = deferred(lambda: ew.binary(np.bitwise_xor))


# binary ops the compact `reduce ... applies <op>` form accepts: the commutative
# ones (either trait), as StableHLO's isCommutativeNoRegionMatchingDialect asks
REDUCE_BINARY = frozenset(c.name for c in (
    AddOp, Atan2Op, DivideOp, MaximumOp, MinimumOp, MultiplyOp, PowerOp, RemainderOp, ShiftLeftOp,
    ShiftRightArithmeticOp, ShiftRightLogicalOp, SubtractOp, AndOp, OrOp, XorOp)
    if c.traits & {HloCommutative.name, Commutative.name})


class ClampOp(SameTypeForm):
    name = "stablehlo.clamp"
    assembly_format = ("$min `,` $operand `,` $max attr-dict `:` "
                       "custom<SameOperandsAndResultType>(type($min), type($operand), type($max), type($result))")
    min = ods.operand(HLO_Tensor)
    operand_ = ods.operand(HLO_Tensor, name="operand")
    max = ods.operand(HLO_Tensor)
    result_ = ods.result(HLO_Tensor, name="result")
    traits = (Pure(), CompatibleOperandsAndResultElementType())

    @classmethod
    @lifts
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [ew.clamp(args[0], args[1], args[2])]


class ComplexOp(ComplexOpType, ShloOp):
    """`stablehlo.complex %a, %b : tensor<2xcomplex<f32>>` (or a functional type)"""

    assembly_format = "operands attr-dict `:` custom<ComplexOpType>(type($lhs), type($rhs), type($result))"

    name = "stablehlo.complex"
    lhs = ods.operand(HLO_Fp32Or64Tensor)
    rhs = ods.operand(HLO_Fp32Or64Tensor)
    result_ = ods.result(HLO_ComplexTensor, name="result")
    traits = (Pure(), SameOperandsElementType(), SameOperandsAndResultShape(), ElementwiseTrait())

    interpret = deferred(lambda: ew.binary(ew.complex_))


class SelectOp(SelectOpType, ShloOp):
    """`stablehlo.select %p, %a, %b : tensor<..xi1>, T` (or a functional type)"""

    assembly_format = ("operands attr-dict `:` "
                       "custom<SelectOpType>(type($pred), type($on_true), type($on_false), type($result))")

    name = "stablehlo.select"
    pred = ods.operand(HLO_PredTensor)
    on_true = ods.operand(HLO_Tensor)
    on_false = ods.operand(HLO_Tensor)
    result_ = ods.result(HLO_Tensor, name="result")
    traits = (Pure(),)

    @classmethod
    @lifts
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.where(args[0], args[1], args[2])]

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Any]:
        """inferSelectOp: on_true and on_false of compatible shapes and the same
        element type (select_c2), pred's shape theirs unless scalar (select_c1)."""
        p, a, b = op.operand_types
        if not (_shapes_compatible(a, b) and getattr(a, "element_type", a) is getattr(b, "element_type", b)):
            raise fail(op, "requires compatible types for non-predicate operands")
        if getattr(p, "shape", None) != () and not _shapes_compatible(p, a):
            raise fail(op, "requires the same shape for all operands")
        return [a]

    compatible_return_types = staticmethod(inf.compatible_types)


def _shapes_compatible(a: Any, b: Any) -> bool:
    """verifyCompatibleShape: unranked matches anything, ranks equal, dynamic dims match any size."""
    sa, sb = getattr(a, "shape", None), getattr(b, "shape", None)
    return sa is None or sb is None or inf.compatible_shapes(sa, sb)


ComparisonDirection = enum_attr("comparison_direction", "Which comparison operation to perform.")
ComparisonType = enum_attr("comparison_type", "Which comparison type to use.")


class CompareOp(ShloOp):
    """`stablehlo.compare LT, %a, %b, FLOAT : (T, T) -> U`"""

    name = "stablehlo.compare"
    lhs = ods.operand(HLO_Tensor)
    rhs = ods.operand(HLO_Tensor)
    comparison_direction = ods.attr(ComparisonDirection)
    compare_type = ods.opt_attr(ComparisonType)
    result_ = ods.result(HLO_PredTensor, name="result")
    traits = (Pure(), ElementwiseTrait(), CompatibleOperandsElementType(), SameOperandsAndResultShape())
    assembly_format = ("$comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)? attr-dict `:` "
                       "functional-type(operands, results)")
    attr_syntax = {"comparison_direction": EnumKeyword("comparison_direction"),
                   "compare_type": EnumKeyword("comparison_type")}

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        direction, ctype = ctx.cached(op, lambda o: (interp_attrs.enum_value(o.get_attr("comparison_direction")),
                                                     interp_attrs.enum_value(o.get_attr("compare_type"))))
        return [ew.compare(args[0], args[1], direction, ctype)]


class BitcastConvertOp(_FunctionalForm):
    """`stablehlo.bitcast_convert %x : (T) -> U`"""

    name = "stablehlo.bitcast_convert"
    operand_ = ods.operand(HLO_TensorOrPerAxisQuantizedTensor, name="operand")
    result_ = ods.result(HLO_TensorOrPerAxisQuantizedTensor, name="result")
    traits = (Pure(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        a, b = inf.ranked(op.operand_.type), inf.ranked(op.result_.type)
        if a is not None and b is not None:
            inf.verify_bitcast_convert(op, a, b)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        rt = op.result_.type
        return [ew.bitcast_convert(args[0], interp_values.dtype_of(rt), tuple(rt.shape))]


_I32 = Constraint(lambda a: isinstance(a, IntegerAttr) and a.type is i32, "32-bit signless integer attribute")


class ReducePrecisionOp(ExponentMantissa, SameOperandsAndResultType, ShloOp):
    """`stablehlo.reduce_precision %x, format = e5m10 : T`"""

    assembly_format = ("$operand `,` `format` `=` custom<ExponentMantissa>($exponent_bits, $mantissa_bits) "
                       "attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($output))")

    name = "stablehlo.reduce_precision"
    operand_ = ods.operand(HLO_FpOrQuantizedIntTensor, name="operand")
    exponent_bits = ods.attr(Constraint(lambda a: _I32(a) and a.value > 0,
                                    "32-bit signless integer attribute whose value is positive"))
    mantissa_bits = ods.attr(Constraint(lambda a: _I32(a) and a.value >= 0,
                                    "32-bit signless integer attribute whose value is non-negative"))
    output = ods.result(HLO_FpOrQuantizedIntTensor)
    traits = (Pure(), ElementwiseTrait(), CompatibleOperandsAndResultType())

    @classmethod
    @lifts
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [ew.reduce_precision(args[0], interp_attrs.int_attr(op, "exponent_bits"), interp_attrs.int_attr(op, "mantissa_bits"))]


# ---------------------------------------------------------------------------
# random numbers

class RngOp(ShloOp):
    """`stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (..) -> ..`"""

    name = "stablehlo.rng"
    a = ods.operand(HLO_ScalarPredIntOrFpTensor)
    b = ods.operand(HLO_ScalarPredIntOrFpTensor)
    shape = ods.operand(HLO_StaticDimensionTensor)
    rng_distribution = ods.attr(enum_attr("rng_distribution", "Which distribution to use."))
    result_ = ods.result(HLO_PredIntOrFpTensor, name="result")
    traits = (AllElementTypesMatch("a", "b", "result"),)
    assembly_format = ("$a `,` $b `,` $shape `,` `distribution` `=` $rng_distribution attr-dict `:` "
                       "functional-type(operands, results)")
    attr_syntax = {"rng_distribution": EnumKeyword("rng_distribution")}

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        # deterministic per device and execution; the spec leaves the values to the implementation
        seed = bytes(str(ctx.device), "ascii") + repr(ctx.next_count(op)).encode()
        return [kernels.rng(interp_attrs.enum_value(op.get_attr("rng_distribution")), args[0], args[1], op.result_.type, seed)]


class RngBitGeneratorOp(ShloOp):
    """`stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (..) -> (..)`"""

    name = "stablehlo.rng_bit_generator"
    rng_algorithm = ods.attr(enum_attr("rng_algorithm", "Which RNG algorithm to use."))
    initial_state = ods.operand(HLO_IntOrFpTensor)
    output_state = ods.result(HLO_IntOrFpTensor)
    output = ods.result(HLO_StaticShapeIntOrFpTensor)
    assembly_format = "$initial_state `,` `algorithm` `=` $rng_algorithm attr-dict `:` functional-type(operands, results)"
    attr_syntax = {"rng_algorithm": EnumKeyword("rng_algorithm")}

    @classmethod
    def asm_result_names(cls, op):
        return ["output_state", "output"]

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return kernels.rng_bit_generator(args[0], op.output.type)

    @classmethod
    def verify(cls, op: Operation) -> None:
        a, b = inf.ranked(op.initial_state.type), inf.ranked(op.output_state.type)
        if a is not None and b is not None:
            inf.verify_rng_bit_generator(op, a, b)


OPS = (ConstantOp, AbsOp, CbrtOp, CeilOp, ConvertOp, CountLeadingZerosOp, CosineOp, ExponentialOp,
       ExponentialMinusOneOp, FloorOp, ImagOp, IsFiniteOp, LogOp, LogPlusOneOp, LogisticOp, NegateOp, NotOp,
       PopcntOp, RealOp, RoundNearestAfzOp, RoundNearestEvenOp, RsqrtOp, SignOp, SineOp, SqrtOp, TanOp, TanhOp,
       UniformQuantizeOp, UniformDequantizeOp, AddOp, Atan2Op, DivideOp, MaximumOp, MinimumOp, MultiplyOp,
       PowerOp, RemainderOp, ShiftLeftOp, ShiftRightArithmeticOp, ShiftRightLogicalOp, SubtractOp, AndOp, OrOp,
       XorOp, ClampOp, ComplexOp, SelectOp, CompareOp, BitcastConvertOp, ReducePrecisionOp, RngOp,
       RngBitGeneratorOp)
