"""StableHLO ops with their own custom syntax beyond the core set in
stablehlo_ops.py: convolution (dim_numbers / window), fft, rng, dot,
cholesky, composite, einsum, and the dynamic-shape ops. Each mirrors the
op's assemblyFormat in StablehloOps.td; the printed text was checked
against jaxlib's MLIR (tests/lit/stablehlo/ops_more.mlir).
"""

from __future__ import annotations

from typing import Any

from hlopt.dialects.stablehlo_asm import (
    dims_text,
    functional,
    merged_attrs,
    same_type_signature,
    same_type_text,
)
from hlopt.dialects.stablehlo_attrs import ConvDimensionNumbersAttr, EnumAttr, parse_conv_dims
from hlopt.dialects.stablehlo_ops import ShloOp, _build, _reg
from hlopt.ir.attributes import (
    ArrayAttr,
    DenseArrayAttr,
    DenseElementsAttr,
    DictionaryAttr,
    IntegerAttr,
    StringAttr,
)
from hlopt.ir.opdef import PURE
from hlopt.ir.types import i1, i32, i64

# ---------------------------------------------------------------------------
# convolution

_WINDOW = (("stride", "window_strides"), ("pad", "padding"), ("lhs_dilate", "lhs_dilation"),
           ("rhs_dilate", "rhs_dilation"), ("reverse", "window_reversal"))


def window_text(op: Any) -> str | None:
    parts = []
    for kw, prop in _WINDOW:
        v = op.properties.get(prop)
        if v is None:
            continue
        if kw == "pad":
            if not isinstance(v, DenseElementsAttr) or len(v.type.shape) != 2 or v.type.shape[1] != 2:
                return None
            flat = v.flat_values()
            parts.append("pad = [" + ", ".join(f"[{flat[i]}, {flat[i + 1]}]" for i in range(0, len(flat), 2))
                         + "]")
        elif not isinstance(v, DenseArrayAttr):
            return None
        elif kw == "reverse":
            parts.append("reverse = [" + ", ".join("true" if x else "false" for x in v.values) + "]")
        else:
            parts.append(f"{kw} = {dims_text(v)}")
    return "{" + ", ".join(parts) + "}"


_CONV_ELIDE = ("dimension_numbers",) + tuple(p for _, p in _WINDOW)


@_reg
class ConvolutionOp(ShloOp):
    """`stablehlo.convolution(%lhs, %rhs) dim_numbers = ..., window = {...} {attrs} : (..) -> ..`"""

    name = "stablehlo.convolution"
    traits = frozenset({PURE})
    inherent = ("window_strides", "padding", "lhs_dilation", "rhs_dilation", "window_reversal",
                "dimension_numbers", "feature_group_count", "batch_group_count", "precision_config")

    args_format = "conv_args"

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        text, off = a.get("conv_dims")
        dn = parse_conv_dims(text)
        if dn is None:
            raise a.error("expected convolution dimension numbers like [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]", off)
        props: dict = {"dimension_numbers": dn}
        props.update(a.get("window"))
        return cls.build_functional(s, a, types, props)

    @classmethod
    def print_custom(cls, op, p):
        dn = op.properties.get("dimension_numbers")
        if not isinstance(dn, ConvDimensionNumbersAttr):
            return None
        w = window_text(op)
        if w is None:
            return None
        return (f"{p.op_name(op)}({p.values(op.operands)}) dim_numbers = {dn.compact_text()}, window = {w}"
                + merged_attrs(op, p, elide=_CONV_ELIDE) + " : "
                + p.functional_type(op.operand_types, op.result_types))


# ---------------------------------------------------------------------------
# `%x, kw = ENUM, kw2 = [..]` ops


@_reg
class FftOp(ShloOp):
    """`stablehlo.fft %x, type = FFT, length = [16] : (..) -> ..`"""

    name = "stablehlo.fft"
    args_format = "fft_args"
    traits = frozenset({PURE})
    inherent = ("fft_type", "fft_length")

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        props = {"fft_type": EnumAttr("fft_type", a.get("enum_value")), "fft_length": DenseArrayAttr(i64, a.get("dims"))}
        return cls.build_functional(s, a, types, props)

    @classmethod
    def print_custom(cls, op, p):
        t, n = op.properties.get("fft_type"), op.properties.get("fft_length")
        if not isinstance(t, EnumAttr) or not isinstance(n, DenseArrayAttr):
            return None
        return (f"{p.op_name(op)} {p.values(op.operands)}, type = {t.value}, length = {dims_text(n)}"
                + cls.attrs_and_type(op, p))


@_reg
class RngOp(ShloOp):
    """`stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (..) -> ..`"""

    name = "stablehlo.rng"
    args_format = "rng_args"
    inherent = ("rng_distribution",)

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        props = {"rng_distribution": EnumAttr("rng_distribution", a.get("enum_value"))}
        return cls.build_functional(s, a, types, props)

    @classmethod
    def print_custom(cls, op, p):
        d = op.properties.get("rng_distribution")
        if not isinstance(d, EnumAttr):
            return None
        return (f"{p.op_name(op)} {p.values(op.operands)}, distribution = {d.value}"
                + cls.attrs_and_type(op, p))


@_reg
class DotOp(ShloOp):
    """`stablehlo.dot %a, %b, precision = [DEFAULT, HIGHEST] : (..) -> ..`"""

    name = "stablehlo.dot"
    args_format = "dot_args"
    traits = frozenset({PURE})
    inherent = ("precision_config",)

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        props = {}
        if "precision" in a.r:
            props["precision_config"] = ArrayAttr([EnumAttr("precision", w) for w in a.get("precision")])
        return cls.build_functional(s, a, types, props)

    @classmethod
    def print_custom(cls, op, p):
        s = f"{p.op_name(op)} {p.values(op.operands)}"
        pc = op.properties.get("precision_config")
        if pc is not None:
            if not isinstance(pc, ArrayAttr) or not all(isinstance(x, EnumAttr) for x in pc):
                return None
            s += ", precision = [" + ", ".join(x.value for x in pc) + "]"
        return s + cls.attrs_and_type(op, p)


@_reg
class CholeskyOp(ShloOp):
    """`stablehlo.cholesky %a, lower = true : T` (`lower` printed only when true)."""

    name = "stablehlo.cholesky"
    args_format = "cholesky_args"
    traits = frozenset({PURE})
    inherent = ("lower",)

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        props = {}
        if "lower" in a.r:
            props["lower"] = IntegerAttr(1 if a.get("lower") else 0, i1)
        attrs = a.attrs()
        ins, outs = same_type_signature(a.n_uses, s.decode_type(types[0]))
        return _build(s, cls.name, a.operands(ins), outs, props, attrs)

    @classmethod
    def print_custom(cls, op, p):
        low = op.properties.get("lower")
        if low is not None and not (isinstance(low, IntegerAttr) and low.type is i1):
            return None
        s = f"{p.op_name(op)} {p.values(op.operands)}"
        if low is not None and low.value:
            s += ", lower = true"
        return s + merged_attrs(op, p, elide=cls.inherent) + " : " + same_type_text(p, op)


def _einsum(name: str, n_operands: int) -> None:
    class _Op(ShloOp):
        """`%a, %b, config = "ab,bc->ac" : (..) -> ..`"""

        traits = frozenset({PURE})
        inherent = ("einsum_config",)
        args_format = "einsum_args"

        @classmethod
        def parse_custom(cls, s, a, types, extra):
            v = a.attr("string")
            if not isinstance(v, StringAttr):
                raise a.error("expected string", a.get("string")[0])
            attrs = a.attrs()
            ft = functional(s, types, a.base)
            return _build(s, cls.name, a.operands(ft.inputs), ft.results, {"einsum_config": v}, attrs)

        @classmethod
        def print_custom(cls, op, p):
            c = op.properties.get("einsum_config")
            if not isinstance(c, StringAttr):
                return None
            return (f"{p.op_name(op)} {p.values(op.operands)}, config = {p.attr_text(c)}"
                    + cls.attrs_and_type(op, p))

    _Op.__name__ = "".join(w.title() for w in name.split("_")) + "Op"
    _Op.name = f"stablehlo.{name}"
    _reg(_Op)


_einsum("einsum", 2)
_einsum("unary_einsum", 1)


_COMPOSITE_DEFAULTS = {"composite_attributes": DictionaryAttr(()), "version": IntegerAttr(0, i32)}


@_reg
class CompositeOp(ShloOp):
    """`stablehlo.composite "name" %a, %b {decomposition = @f, ...} : (..) -> ..`"""

    name = "stablehlo.composite"
    args_format = "composite_args"
    inherent = ("name", "composite_attributes", "decomposition", "version")

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        v = a.attr("string")
        if not isinstance(v, StringAttr):
            raise a.error("expected string", a.get("string")[0])
        attrs = a.attrs()
        ft = functional(s, types, a.base)
        return _build(s, cls.name, a.operands(ft.inputs), ft.results, {"name": v}, attrs)

    @classmethod
    def print_custom(cls, op, p):
        n = op.properties.get("name")
        if not isinstance(n, StringAttr):
            return None
        s = f"{p.op_name(op)} {p.attr_text(n)} {p.values(op.operands)}"
        return (s + merged_attrs(op, p, elide=("name",), defaults=_COMPOSITE_DEFAULTS) + " : "
                + p.functional_type(op.operand_types, op.result_types))


__all__ = ["ConvolutionOp", "FftOp", "RngOp", "DotOp", "CholeskyOp", "CompositeOp", "window_text"]
