"""StableHLO types (`!stablehlo.token`, `!stablehlo.future<...>`) and the
type constraints its ops declare (Base.td's HLO_* constraints, with the
summaries MLIR prints when an operand or result violates them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hlopt.ir.constraints import AnyOf, Constraint
from hlopt.ir.types import (
    ComplexType,
    FloatType,
    IndexType,
    IntegerType,
    MemRefType,
    OpaqueType,
    RankedTensorType,
    TupleType,
    Type,
    UnrankedTensorType,
)


class TokenType(OpaqueType):
    """`!stablehlo.token`"""

    __slots__ = ()

    def __new__(cls) -> "TokenType":
        return cls._make(("!stablehlo.token",))


class FutureType(OpaqueType):
    """`!stablehlo.future<T...>` (upstream async ops). The element types are
    decoded on first use."""

    __slots__ = ("_types",)

    def __new__(cls, spelling: str) -> "FutureType":
        return cls._make((spelling,))

    def _init(self, spelling: str) -> None:
        OpaqueType._init(self, spelling)
        self._types: tuple[Type, ...] | None = None

    @classmethod
    def of(cls, types: Sequence[Type]) -> "FutureType":
        return cls("!stablehlo.future<" + ", ".join(t.text for t in types) + ">")

    @property
    def types(self) -> tuple[Type, ...]:
        if self._types is None:
            from hlopt.syntax import parse_type, split_top

            body = self.body or ""
            self._types = tuple(parse_type(x.strip()) for x in split_top(body) if x.strip())
        return self._types


def token_type() -> TokenType:
    return TokenType()


def parse_stablehlo_type(text: str) -> Type | None:
    """The dialect's parseType hook."""
    if text == "!stablehlo.token":
        return TokenType()
    if text.startswith("!stablehlo.future<"):
        t = FutureType(text)
        for et in t.types:
            if not isinstance(et, RankedTensorType):
                from hlopt.syntax import SyntaxErr

                # upstream's FutureType::verify, reported at the '<' as MLIR does
                raise SyntaxErr(f"future element type must be a ranked tensor, but got '{et.text}'",
                                len("!stablehlo.future"))
        return t
    return None


# ---------------------------------------------------------------------------
# element type constraints (Base.td)

_HLO_FLOATS = frozenset(("f4E2M1FN", "f6E2M3FN", "f6E3M2FN", "f8E3M4", "f8E4M3", "f8E4M3FN", "f8E4M3FNUZ",
                         "f8E4M3B11FNUZ", "f8E5M2", "f8E5M2FNUZ", "f8E8M0FNU", "f16", "f32", "f64", "bf16"))
_INT_WIDTHS = frozenset((2, 4, 8, 16, 32, 64))


def _quant(t: Any) -> str | None:
    """'tensor' / 'axis' for the `!quant.uniform<...>` element types StableHLO
    takes: 2/4/8/16/32-bit storage, zero points within the storage range."""
    if not (isinstance(t, OpaqueType) and t.spelling.startswith("!quant.uniform<")):
        return None
    zps = getattr(t, "zero_points", None)
    if zps is not None:  # structured (hlopt/dialects/quant.py): a quant type with width and storage range
        q: Any = t
        if q.width not in (2, 4, 8, 16, 32) or any(not q.storage_min <= z <= q.storage_max for z in zps):
            return None
    return "axis" if "{" in t.spelling else "tensor"


def _valid_quantized_dimension(t: RankedTensorType) -> bool:
    """isValidQuantizedDimension: a per-axis element type's axis is a
    dimension of the tensor, with one scale per element along it."""
    et: Any = t.element_type  # a per-axis quant type when it has an axis
    axis = getattr(et, "axis", None)
    if axis is None:
        return True
    return axis < len(t.shape) and (t.shape[axis] < 0 or t.shape[axis] == len(et.scales))


HLO_Pred = Constraint(lambda t: isinstance(t, IntegerType) and t.width == 1 and t.signedness == "", "bool")
HLO_SInt = Constraint(lambda t: isinstance(t, IntegerType) and t.width in _INT_WIDTHS and t.signedness == "",
                      "2/4/8/16/32/64-bit signless integer")
HLO_UInt = Constraint(lambda t: isinstance(t, IntegerType) and t.width in _INT_WIDTHS and t.signedness == "u",
                      "2/4/8/16/32/64-bit unsigned integer")
HLO_Int = Constraint(lambda t: isinstance(t, IntegerType) and t.width in _INT_WIDTHS and t.signedness in ("", "u"),
                     "2/4/8/16/32/64-bit integer")
HLO_Float = Constraint(lambda t: isinstance(t, FloatType) and t.name in _HLO_FLOATS, "4/6/8/16/32/64-bit float")
HLO_Float32Or64 = Constraint(lambda t: isinstance(t, FloatType) and t.name in ("f32", "f64"), "32/64-bit float")
HLO_Complex = Constraint(lambda t: isinstance(t, ComplexType) and HLO_Float32Or64(t.element_type),
                         "complex type with 32/64-bit float elements")
HLO_QuantizedInt = Constraint(lambda t: _quant(t) == "tensor", "per-tensor integer quantized")
HLO_PerAxisQuantizedInt = Constraint(lambda t: _quant(t) == "axis", "per-axis integer quantized")
HLO_DimensionValue = Constraint(lambda t: isinstance(t, IndexType) or HLO_Int(t), "index or 2/4/8/16/32/64-bit integer")

HLO_Token = Constraint(lambda t: isinstance(t, TokenType), "token")
HLO_Future = Constraint(lambda t: isinstance(t, FutureType), "future")


# ---------------------------------------------------------------------------
# tensor constraints: ODS's RankedTensorOf<[...]> summary is
# "ranked tensor of <a> or <b> values"

def ranked_tensor_of(*elems: Constraint, rank: int | None = None, static: bool = False,
                     summary: str | None = None) -> Constraint:
    preds = tuple(e.pred for e in elems)

    # (verdicts are remembered per type by Constraint.check_type)
    def pred(t: Any) -> bool:
        if not isinstance(t, RankedTensorType):
            return False
        if rank is not None and len(t.shape) != rank:
            return False
        if static and not t.has_static_shape:
            return False
        et = t.element_type
        return any(p(et) for p in preds) and _valid_quantized_dimension(t)

    if summary is None:
        kinds = " or ".join(e.summary for e in elems)
        if rank is not None:
            summary = f"{rank}D tensor of {kinds} values"
        elif static:
            summary = f"statically shaped tensor of {kinds} values"
        else:
            summary = f"ranked tensor of {kinds} values"
    return Constraint(pred, summary)


_ALL = (HLO_Float, HLO_Pred, HLO_Int, HLO_Complex, HLO_QuantizedInt)

HLO_Tensor = ranked_tensor_of(*_ALL)
HLO_NonQuantizedTensor = ranked_tensor_of(HLO_Float, HLO_Pred, HLO_Int, HLO_Complex)
HLO_TensorOrPerAxisQuantizedTensor = ranked_tensor_of(*_ALL, HLO_PerAxisQuantizedInt)
HLO_PerAxisQuantizedIntTensor = ranked_tensor_of(HLO_PerAxisQuantizedInt)
HLO_PredTensor = ranked_tensor_of(HLO_Pred)
HLO_IntTensor = ranked_tensor_of(HLO_Int)
HLO_FpTensor = ranked_tensor_of(HLO_Float)
HLO_Fp32Or64Tensor = ranked_tensor_of(HLO_Float32Or64)
HLO_ComplexTensor = ranked_tensor_of(HLO_Complex)
HLO_IntOrFpTensor = ranked_tensor_of(HLO_Int, HLO_Float)
HLO_PredOrIntTensor = ranked_tensor_of(HLO_Pred, HLO_Int)
HLO_FpOrComplexTensor = ranked_tensor_of(HLO_Float, HLO_Complex)
HLO_FpOrQuantizedIntTensor = ranked_tensor_of(HLO_Float, HLO_QuantizedInt)
HLO_FpComplexOrQuantizedIntTensor = ranked_tensor_of(HLO_Float, HLO_Complex, HLO_QuantizedInt)
HLO_IntFpOrComplexOrQuantizedIntTensor = ranked_tensor_of(HLO_Int, HLO_Float, HLO_Complex, HLO_QuantizedInt)
HLO_PredIntOrFpTensor = ranked_tensor_of(HLO_Pred, HLO_Int, HLO_Float)
HLO_SIntFpComplexOrQuantizedIntTensor = ranked_tensor_of(HLO_SInt, HLO_Float, HLO_Complex, HLO_QuantizedInt)
HLO_QuantizedIntOrPerAxisQuantizedIntTensor = ranked_tensor_of(HLO_QuantizedInt, HLO_PerAxisQuantizedInt)
HLO_FloatOrQuantizedIntOrPerAxisQuantizedIntTensor = ranked_tensor_of(HLO_Float, HLO_QuantizedInt,
                                                                      HLO_PerAxisQuantizedInt)
HLO_ScalarTensor = ranked_tensor_of(*_ALL, rank=0)
HLO_ScalarPredIntOrFpTensor = ranked_tensor_of(HLO_Pred, HLO_Int, HLO_Float, rank=0)
HLO_DimensionTensor = ranked_tensor_of(HLO_DimensionValue, rank=1)
HLO_StaticDimensionTensor = ranked_tensor_of(HLO_DimensionValue, rank=1, static=True,
                                             summary="statically shaped 1-dimensional tensor")
HLO_Static1DIntTensor = ranked_tensor_of(HLO_Int, rank=1, static=True,
                                         summary="statically shaped 1-dimensional integer tensor")
HLO_Static2DIntTensor = ranked_tensor_of(HLO_Int, rank=2, static=True,
                                         summary="statically shaped 2-dimensional integer tensor")
HLO_StaticShapeTensor = ranked_tensor_of(*_ALL, static=True)
HLO_StaticShapeTensorOrPerAxisQuantizedTensor = ranked_tensor_of(*_ALL, HLO_PerAxisQuantizedInt, static=True,
                                                                 summary="statically shaped tensor")
HLO_StaticShapeIntOrFpTensor = ranked_tensor_of(HLO_Int, HLO_Float, static=True)
HLO_StaticShapeIntFpComplexOrQuantizedTensor = ranked_tensor_of(HLO_Int, HLO_Float, HLO_Complex, HLO_QuantizedInt,
                                                                static=True)
I32RankedTensor = ranked_tensor_of(Constraint(lambda t: isinstance(t, IntegerType) and t.width == 32
                                              and t.signedness == "", "32-bit signless integer"))
UI32RankedTensor = ranked_tensor_of(Constraint(lambda t: isinstance(t, IntegerType) and t.width == 32
                                               and t.signedness == "u", "32-bit unsigned integer"))
IntOrIndexRankedTensor = ranked_tensor_of(Constraint(lambda t: isinstance(t, (IntegerType, IndexType)),
                                                     "integer or index"))

HLO_Buffer = Constraint(lambda t: isinstance(t, MemRefType) and any(e(t.element_type) for e in _ALL),
                        "memref of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type "
                        "with 32/64-bit float elements or per-tensor integer quantized values")


def _nested_tuple(t: Any) -> bool:
    return isinstance(t, TupleType) and all(
        _nested_tuple(e) or HLO_Tensor(e) or HLO_Buffer(e) or HLO_PerAxisQuantizedIntTensor(e) or HLO_Token(e)
        for e in t.types)


HLO_Tuple = Constraint(_nested_tuple, "nested tuple with any combination of ranked tensor of 4/6/8/16/32/64-bit "
                                      "float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit "
                                      "float elements or per-tensor integer quantized values or memref of "
                                      "4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex "
                                      "type with 32/64-bit float elements or per-tensor integer quantized values or "
                                      "ranked tensor of per-axis integer quantized values or token values")
HLO_TensorOrToken = AnyOf(HLO_Tensor, HLO_Token)
HLO_TensorOrPerAxisQuantizedTensorOrToken = AnyOf(HLO_Tensor, HLO_PerAxisQuantizedIntTensor, HLO_Token)
HLO_TensorOrPerAxisQuantizedTensorOrTokenOrBuffer = AnyOf(HLO_TensorOrPerAxisQuantizedTensorOrToken, HLO_Buffer)
HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTuple = AnyOf(HLO_Tensor, HLO_PerAxisQuantizedIntTensor, HLO_Token,
                                                         HLO_Tuple)
HLO_StaticShapeTensorOrPerAxisQuantizedTensorOrToken = AnyOf(HLO_StaticShapeTensor,
                                                             HLO_StaticShapeTensorOrPerAxisQuantizedTensor, HLO_Token)
# custom_call accepts unranked tensors too (HLO_AnyTensor)
HLO_AnyTensor = Constraint(lambda t: isinstance(t, (RankedTensorType, UnrankedTensorType)) and any(
    e(t.element_type) for e in _ALL), "tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or "
                                      "complex type with 32/64-bit float elements or per-tensor integer quantized values")
HLO_CustomCallValue = AnyOf(HLO_AnyTensor, HLO_Buffer, HLO_Token, HLO_Tuple, HLO_Future)


def tensor_of(*elems: Constraint) -> Constraint:
    """ODS TensorOf<[...]> (ranked or unranked): CHLO's HLO_Any*Tensor."""
    preds = tuple(e.pred for e in elems)
    return Constraint(lambda t: isinstance(t, (RankedTensorType, UnrankedTensorType))
                      and any(p(t.element_type) for p in preds),
                      "tensor of " + " or ".join(e.summary for e in elems) + " values")


HLO_AnyFpTensor = tensor_of(HLO_Float)
HLO_AnyFpOrComplexTensor = tensor_of(HLO_Float, HLO_Complex)
HLO_AnyComplexTensor = tensor_of(HLO_Complex)
HLO_AnyPredTensor = tensor_of(HLO_Pred)
HLO_AnyPredOrIntTensor = tensor_of(HLO_Pred, HLO_Int)
