"""StableHLO op definitions: names, traits, inherent attributes, and the
custom (pretty) forms MLIR prints, with their parsers.

Each op with a one-line custom form has an `args_format` (its start symbol
in grammars/stablehlo_args.lark), `parse_custom(s, args, types, extra)`
(called by the grammar rule `stablehlo_op` with the decoded arguments, see
hlopt/dialects/shlo_args.py) and `print_custom(op, p)`; they mirror each other. Ops MLIR prints generically
(case, sort, collectives, send/recv, async ops, gather, scatter, ...) only
declare their inherent attributes. Verifiers live in stablehlo_verify.py.
"""

from __future__ import annotations

from typing import Any

from hlopt.dialects.shlo_args import Args
from hlopt.dialects.stablehlo_asm import (
    block_arg_text,
    decode_types,
    dims_text,
    functional,
    merged_attrs,
    print_return,
    same_type_signature,
    same_type_text,
)
from hlopt.dialects.stablehlo_attrs import DotDimensionNumbersAttr, EnumAttr
from hlopt.ir.attributes import (
    ArrayAttr,
    BoolAttr,
    DenseArrayAttr,
    IntegerAttr,
    OpaqueAttr,
    StringAttr,
    symbol_name_text,
)
from hlopt.ir.core import Block, Operation, Region
from hlopt.ir.opdef import COMMUTATIVE, CONSTANT_LIKE, PURE, RETURN_LIKE, TERMINATOR, OpDef
from hlopt.ir.types import (
    ComplexType,
    FloatType,
    FunctionType,
    RankedTensorType,
    TupleType,
    i32,
    i64,
)

INDENT = "  "
OPS: dict[str, type] = {}


def _reg(cls):
    OPS[cls.name] = cls
    return cls


def _err(msg: str, pos: int):
    from hlopt.syntax.parser import ParseError

    return ParseError(msg, pos)


def _build(s: Any, name: str, operands, results, props: dict, attrs) -> Operation:
    from hlopt.ir.attributes import DictionaryAttr

    p = DictionaryAttr(props) if props else None
    if attrs is not None and len(attrs):
        p, attrs = s.split_attrs(name, p, attrs)
    return Operation(name, operands, results, p, attrs)


class ShloOp(OpDef):
    """Base: a generic-only op (no custom form). Ops with a custom form set
    `args_format`: the start symbol of grammars/stablehlo_args.lark that
    decodes their argument text."""

    traits = frozenset()
    args_format = "uses_attrs"
    syntax_token: str | None = None

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        # ops with a one-line custom form lex as SHLO_OP (grammars/stablehlo.lark)
        if "syntax_token" not in vars(cls):
            cls.syntax_token = "SHLO_OP" if hasattr(cls, "parse_custom") else None

    @classmethod
    def build_functional(cls, s: Any, a: Args, types, props: dict) -> Operation:
        """The op from its decoded arguments and a `(ins) -> outs` type."""
        attrs = a.attrs()
        ft = functional(s, types, a.base)
        return _build(s, cls.name, a.operands(ft.inputs), ft.results, props, attrs)

    @classmethod
    def attrs_and_type(cls, op: Operation, p: Any) -> str:
        """The common tail ` {attrs} : (ins) -> outs` of custom forms."""
        return merged_attrs(op, p, elide=cls.inherent) + " : " + p.functional_type(op.operand_types,
                                                                                   op.result_types)


# ---------------------------------------------------------------------------
# elementwise and other `operands attr-dict : custom<SameOperandsAndResultType>`

class SameTypeOp(ShloOp):
    traits = frozenset({PURE})
    defaults: dict = {}
    min_operands = 1  # `stablehlo.abs : T` (no operand) is an error, as in MLIR

    @classmethod
    def parse_custom(cls, s, a: Args, types, extra) -> Operation:
        attrs = a.attrs()
        if a.n_uses < cls.min_operands:
            raise _err("expected SSA operand", a.base)
        if len(types) != 1:
            raise _err("expected a single type", types[1].start_pos)
        ins, outs = same_type_signature(a.n_uses, s.decode_type(types[0]))
        return _build(s, cls.name, a.operands(ins), outs, {}, attrs)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if len(op.results) != 1:
            return None
        head = p.op_name(op)
        if op.operands:
            head += " " + p.values(op.operands)
        else:
            head += " "
        return head + merged_attrs(op, p, defaults=cls.defaults) + " : " + same_type_text(p, op)


_ACCURACY_DEFAULT = OpaqueAttr("#stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<DEFAULT>>")

_UNARY = ("abs", "cbrt", "ceil", "convert", "cosine", "count_leading_zeros", "exponential",
          "exponential_minus_one", "floor", "imag", "is_finite", "log", "log_plus_one", "logistic",
          "negate", "not", "popcnt", "real", "round_nearest_afz", "round_nearest_even", "rsqrt", "sign",
          "sine", "sqrt", "tan", "tanh")
_ACCURACY = {"cbrt", "cosine", "exponential", "exponential_minus_one", "log", "log_plus_one", "logistic",
             "rsqrt", "sine", "sqrt", "tan", "tanh"}
_BINARY = {"add": True, "atan2": False, "divide": False, "maximum": True, "minimum": True,
           "multiply": True, "power": False, "remainder": False, "shift_left": False,
           "shift_right_arithmetic": False, "shift_right_logical": False, "subtract": False,
           "and": True, "or": True, "xor": True}
# binary ops the compact `reduce ... applies <op>` form accepts
REDUCE_BINARY = frozenset(f"stablehlo.{n}" for n in _BINARY)


def _make(base: type, name: str, **fields) -> type:
    cls = type("".join(w.title() for w in name.split("_")) + "Op", (base,), dict(name=f"stablehlo.{name}", **fields))
    return _reg(cls)


for _n in _UNARY:
    if _n in _ACCURACY:
        _make(SameTypeOp, _n, inherent=("result_accuracy",), defaults={"result_accuracy": _ACCURACY_DEFAULT})
    else:
        _make(SameTypeOp, _n)
for _n, _c in _BINARY.items():
    _make(SameTypeOp, _n, traits=frozenset({PURE, COMMUTATIVE} if _c else {PURE}))
_make(SameTypeOp, "clamp")
_make(SameTypeOp, "after_all", min_operands=0)


# ---------------------------------------------------------------------------
# `operands attr-dict : functional-type(operands, results)`

class FunctionalOp(ShloOp):
    traits = frozenset({PURE})

    @classmethod
    def parse_custom(cls, s, a: Args, types, extra) -> Operation:
        attrs = a.attrs()
        ft = functional(s, types, a.base)
        return _build(s, cls.name, a.operands(ft.inputs), ft.results, {}, attrs)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        return (p.op_name(op) + " " + p.values(op.operands) + merged_attrs(op, p) + " : "
                + p.functional_type(op.operand_types, op.result_types))


for _n in ("reshape", "bitcast_convert", "dynamic_update_slice", "dynamic_reshape", "dynamic_pad",
           "real_dynamic_slice"):
    _make(FunctionalOp, _n)


@_reg
class ComplexOp(ShloOp):
    name = "stablehlo.complex"
    traits = frozenset({PURE})

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        attrs = a.attrs()
        t = s.decode_type(types[0])
        if isinstance(t, FunctionType):
            ins, outs = list(t.inputs), list(t.results)
        else:
            if not isinstance(getattr(t, "element_type", None), ComplexType):
                raise _err("expected tensor with complex element type", types[0].start_pos)
            rt = t.clone_with(element_type=t.element_type.element_type) if hasattr(t, "clone_with") else \
                RankedTensorType(t.shape, t.element_type.element_type, t.encoding)
            ins, outs = [rt, rt], [t]
        return _build(s, cls.name, a.operands(ins), outs, {}, attrs)

    @classmethod
    def print_custom(cls, op, p):
        res = op.results[0].type
        head = p.op_name(op) + " " + p.values(op.operands) + merged_attrs(op, p) + " : "
        et = getattr(res, "element_type", None)
        if isinstance(res, RankedTensorType) and isinstance(et, ComplexType):
            real = RankedTensorType(res.shape, et.element_type, res.encoding)
            if all(t is real for t in op.operand_types):
                return head + p.type_text(res)
        return head + p.functional_type(op.operand_types, op.result_types)


@_reg
class SelectOp(ShloOp):
    name = "stablehlo.select"
    traits = frozenset({PURE})

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        attrs = a.attrs()
        ts = decode_types(s, types)
        if len(ts) == 2:
            ins, outs = [ts[0], ts[1], ts[1]], [ts[1]]
        elif len(ts) == 1 and isinstance(ts[0], FunctionType):
            ins, outs = list(ts[0].inputs), list(ts[0].results)
        else:
            raise _err("expected functional type or list of two types", types[0].start_pos)
        return _build(s, cls.name, a.operands(ins), outs, {}, attrs)

    @classmethod
    def print_custom(cls, op, p):
        head = p.op_name(op) + " " + p.values(op.operands) + merged_attrs(op, p) + " : "
        ts = op.operand_types
        r = op.results[0].type
        if len(ts) == 3 and ts[1] is r and ts[2] is r:
            return head + p.type_text(ts[0]) + ", " + p.type_text(r)
        return head + p.functional_type(ts, op.result_types)


# ---------------------------------------------------------------------------
# constant

@_reg
class ConstantOp(ShloOp):
    name = "stablehlo.constant"
    traits = frozenset({PURE, CONSTANT_LIKE})
    inherent = ("value",)
    args_format = "constant_args"

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        attrs = a.attrs()
        text, pos = a.span_text(a.get("value"))
        if len(types) != 1:
            raise _err("expected a single type", a.base)
        t = types[0]
        if text.startswith("("):  # `stablehlo.constant() <{value = ...}> : () -> T` is not this form
            raise _err("expected attribute value", pos)
        v = s.decode("attr", text + " : " + str(t), pos)
        rt = getattr(v, "type", None)
        if rt is None:
            raise _err("expected a typed elements attribute", pos)
        return _build(s, cls.name, (), [rt], {"value": v}, attrs)

    @classmethod
    def print_custom(cls, op, p):
        v = op.properties.get("value")
        if v is None or getattr(v, "type", None) is not op.results[0].type:
            return None
        return p.op_name(op) + merged_attrs(op, p, elide=("value",)) + " " + p.attr_text(v)

    @classmethod
    def asm_result_names(cls, op):
        t = op.results[0].type
        et = getattr(t, "element_type", t)
        return ["cst" if isinstance(et, (FloatType, ComplexType)) else "c"]

    @classmethod
    def fold(cls, op):
        return [op.properties.get("value")]


# ---------------------------------------------------------------------------
# ops with `, key = [dims]` style arguments


def _dims_op(name: str, kw: str, prop: str, same_type: bool = False, more: tuple = ()) -> None:
    class _Op(ShloOp):
        traits = frozenset({PURE})
        inherent = (prop,) + more
        args_format = f"{kw}_args"

        @classmethod
        def parse_custom(cls, s, a, types, extra):
            d = DenseArrayAttr(i64, a.get("dims"))
            attrs = a.attrs()
            if same_type:
                ins, outs = same_type_signature(a.n_uses, s.decode_type(types[0]))
            else:
                ft = functional(s, types, a.base)
                ins, outs = ft.inputs, ft.results
            return _build(s, cls.name, a.operands(ins), outs, {prop: d}, attrs)

        @classmethod
        def print_custom(cls, op, p):
            d = op.properties.get(prop)
            if not isinstance(d, DenseArrayAttr):
                return None
            ty = same_type_text(p, op) if same_type else p.functional_type(op.operand_types, op.result_types)
            return (f"{p.op_name(op)} {p.values(op.operands)}, {kw} = {dims_text(d)}"
                    + merged_attrs(op, p, elide=(prop,)) + " : " + ty)

    _Op.__name__ = "".join(w.title() for w in name.split("_")) + "Op"
    _Op.name = f"stablehlo.{name}"
    _reg(_Op)


_dims_op("broadcast_in_dim", "dims", "broadcast_dimensions")
_dims_op("transpose", "dims", "permutation")
_dims_op("reverse", "dims", "dimensions", same_type=True)
_dims_op("dynamic_slice", "sizes", "slice_sizes")
_dims_op("broadcast", "sizes", "broadcast_sizes")
_dims_op("dynamic_broadcast_in_dim", "dims", "broadcast_dimensions",
         more=("known_expanding_dimensions", "known_nonexpanding_dimensions"))


def _int_op(name: str, kw: str, prop: str, t, result_only: bool = False) -> None:
    """`%x, dim = 0 : (..) -> ..` / `dim = 0 : T` (iota)."""

    class _Op(ShloOp):
        traits = frozenset({PURE})
        args_format = "dim_args"
        inherent = (prop,)

        @classmethod
        def parse_custom(cls, s, a, types, extra):
            v = a.get("dim")
            attrs = a.attrs()
            if result_only:
                ins, outs = [], [s.decode_type(types[0])]
            else:
                ft = functional(s, types, a.base)
                ins, outs = ft.inputs, ft.results
            return _build(s, cls.name, a.operands(ins), outs, {prop: IntegerAttr(v, t)}, attrs)

        @classmethod
        def print_custom(cls, op, p):
            v = op.properties.get(prop)
            if not isinstance(v, IntegerAttr):
                return None
            head = p.op_name(op) + " "
            if op.operands:
                head += p.values(op.operands) + ", "
            ty = p.type_text(op.results[0].type) if result_only else p.functional_type(op.operand_types,
                                                                                       op.result_types)
            return head + f"{kw} = {v.value}" + merged_attrs(op, p, elide=(prop,)) + " : " + ty

    _Op.__name__ = "".join(w.title() for w in name.split("_")) + "Op"
    _Op.name = f"stablehlo.{name}"
    _reg(_Op)


_int_op("iota", "dim", "iota_dimension", i64, result_only=True)
_int_op("concatenate", "dim", "dimension", i64)
_int_op("get_dimension_size", "dim", "dimension", i64)
_int_op("set_dimension_size", "dim", "dimension", i64)
_int_op("dynamic_iota", "dim", "iota_dimension", i64)


@_reg
class CompareOp(ShloOp):
    name = "stablehlo.compare"
    args_format = "compare_args"
    traits = frozenset({PURE})
    inherent = ("comparison_direction", "compare_type")

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        props = {"comparison_direction": EnumAttr("comparison_direction", a.get("direction"))}
        if "compare_type" in a.r:
            props["compare_type"] = EnumAttr("comparison_type", a.get("compare_type"))
        return cls.build_functional(s, a, types, props)

    @classmethod
    def print_custom(cls, op, p):
        d = op.properties.get("comparison_direction")
        if not isinstance(d, EnumAttr):
            return None
        s = f"{p.op_name(op)} {d.value}, {p.values(op.operands)}"
        ct = op.properties.get("compare_type")
        if ct is not None:
            if not isinstance(ct, EnumAttr):
                return None
            s += ", " + ct.value
        return s + cls.attrs_and_type(op, p)


@_reg
class SliceOp(ShloOp):
    name = "stablehlo.slice"
    args_format = "slice_args"
    traits = frozenset({PURE})
    inherent = ("start_indices", "limit_indices", "strides")

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        ranges = a.get("range", ())
        start, limit, strides = [r[0] for r in ranges], [r[1] for r in ranges], [r[2] for r in ranges]
        attrs = a.attrs()
        ft = functional(s, types, a.base)
        props = {"start_indices": DenseArrayAttr(i64, start), "limit_indices": DenseArrayAttr(i64, limit),
                 "strides": DenseArrayAttr(i64, strides)}
        return _build(s, cls.name, a.operands(ft.inputs), ft.results, props, attrs)

    @classmethod
    def print_custom(cls, op, p):
        st, li, sr = (op.properties.get(k) for k in cls.inherent)
        if not all(isinstance(x, DenseArrayAttr) for x in (st, li, sr)):
            return None
        parts = []
        for b, e, k in zip(st.values, li.values, sr.values):
            parts.append(f"{b}:{e}" + (f":{k}" if k != 1 else ""))
        return (f"{p.op_name(op)} {p.values(op.operands)} [{', '.join(parts)}]"
                + cls.attrs_and_type(op, p))


@_reg
class PadOp(ShloOp):
    name = "stablehlo.pad"
    args_format = "pad_args"
    traits = frozenset({PURE})
    inherent = ("edge_padding_low", "edge_padding_high", "interior_padding")
    _KW = ("low", "high", "interior")

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        props = {prop: DenseArrayAttr(i64, a.get(kw)) for kw, prop in zip(cls._KW, cls.inherent)}
        return cls.build_functional(s, a, types, props)

    @classmethod
    def print_custom(cls, op, p):
        vals = [op.properties.get(k) for k in cls.inherent]
        if not all(isinstance(x, DenseArrayAttr) for x in vals):
            return None
        return (f"{p.op_name(op)} {p.values(op.operands)}, "
                + ", ".join(f"{kw} = {dims_text(v)}" for kw, v in zip(cls._KW, vals))
                + cls.attrs_and_type(op, p))


@_reg
class GetTupleElementOp(ShloOp):
    name = "stablehlo.get_tuple_element"
    args_format = "index_args"
    traits = frozenset({PURE})
    inherent = ("index",)

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        idx = a.get("index")
        attrs = a.attrs()
        ft = functional(s, types, a.base)
        return _build(s, cls.name, a.operands(ft.inputs), ft.results, {"index": IntegerAttr(idx, i32)}, attrs)

    @classmethod
    def print_custom(cls, op, p):
        idx = op.properties.get("index")
        if not isinstance(idx, IntegerAttr) or len(op.operands) != 1:
            return None
        return (f"{p.op_name(op)} {p.values(op.operands)}[{idx.value}]" + merged_attrs(op, p, elide=("index",))
                + " : " + p.functional_type(op.operand_types, op.result_types))


@_reg
class TupleOp(ShloOp):
    name = "stablehlo.tuple"
    traits = frozenset({PURE})

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        attrs = a.attrs()
        t = s.decode_type(types[0])
        if not isinstance(t, TupleType):
            raise _err("expected tuple type", types[0].start_pos)
        return _build(s, cls.name, a.operands(t.types), [t], {}, attrs)

    @classmethod
    def print_custom(cls, op, p):
        return (p.op_name(op) + " " + p.values(op.operands) + merged_attrs(op, p) + " : "
                + p.type_text(op.results[0].type))


@_reg
class OptimizationBarrierOp(ShloOp):
    name = "stablehlo.optimization_barrier"

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        attrs = a.attrs()
        ts = decode_types(s, types)
        return _build(s, cls.name, a.operands(ts), ts, {}, attrs)

    @classmethod
    def print_custom(cls, op, p):
        if not op.operands:
            return None
        return p.op_name(op) + " " + p.values(op.operands) + merged_attrs(op, p) + " : " + p.types(op.operand_types)


def _nullary(name: str) -> None:
    class _Op(ShloOp):
        args_format = "attrs_only"

        @classmethod
        def parse_custom(cls, s, a, types, extra):
            attrs = a.attrs()
            return _build(s, cls.name, (), [s.decode_type(types[0])], {}, attrs)

        @classmethod
        def print_custom(cls, op, p):
            return p.op_name(op) + merged_attrs(op, p) + " : " + p.type_text(op.results[0].type)

    _Op.__name__ = "".join(w.title() for w in name.split("_")) + "Op"
    _Op.name = f"stablehlo.{name}"
    _reg(_Op)


_nullary("partition_id")
_nullary("replica_id")
_nullary("create_token")


@_reg
class ReducePrecisionOp(ShloOp):
    name = "stablehlo.reduce_precision"
    args_format = "precision_format_args"
    traits = frozenset({PURE})
    inherent = ("exponent_bits", "mantissa_bits")

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        import re

        m = re.fullmatch(r"e(\d+)m(\d+)", a.get("format"))
        if m is None:
            raise a.error("expected exponent mantissa in format e#m#")
        attrs = a.attrs()
        ins, outs = same_type_signature(a.n_uses, s.decode_type(types[0]))
        props = {"exponent_bits": IntegerAttr(int(m.group(1)), i32), "mantissa_bits": IntegerAttr(int(m.group(2)), i32)}
        return _build(s, cls.name, a.operands(ins), outs, props, attrs)

    @classmethod
    def print_custom(cls, op, p):
        e, m = op.properties.get("exponent_bits"), op.properties.get("mantissa_bits")
        if not isinstance(e, IntegerAttr) or not isinstance(m, IntegerAttr):
            return None
        return (f"{p.op_name(op)} {p.values(op.operands)}, format = e{e.value}m{m.value}"
                + merged_attrs(op, p, elide=cls.inherent) + " : " + same_type_text(p, op))


@_reg
class RngBitGeneratorOp(ShloOp):
    name = "stablehlo.rng_bit_generator"
    args_format = "rng_algorithm_args"
    inherent = ("rng_algorithm",)

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        alg = EnumAttr("rng_algorithm", a.get("enum_value"))
        attrs = a.attrs()
        ft = functional(s, types, a.base)
        return _build(s, cls.name, a.operands(ft.inputs), ft.results, {"rng_algorithm": alg}, attrs)

    @classmethod
    def print_custom(cls, op, p):
        alg = op.properties.get("rng_algorithm")
        if not isinstance(alg, EnumAttr):
            return None
        return (f"{p.op_name(op)} {p.values(op.operands)}, algorithm = {alg.value}"
                + cls.attrs_and_type(op, p))

    @classmethod
    def asm_result_names(cls, op):
        return ["output_state", "output"]


# ---------------------------------------------------------------------------
# dot_general

_DOT_ALGO = "#stablehlo.dot_algorithm"


@_reg
class DotGeneralOp(ShloOp):
    name = "stablehlo.dot_general"
    args_format = "dot_general_args"
    traits = frozenset({PURE})
    inherent = ("dot_dimension_numbers", "precision_config", "algorithm")

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        props: dict = {}
        if "precision" in a.r:
            props["precision_config"] = ArrayAttr([EnumAttr("precision", w) for w in a.get("precision")])
        if "algorithm" in a.r:
            text, pos = a.span_text(a.get("algorithm"))
            props["algorithm"] = s.decode("attr", _DOT_ALGO + text, pos)
        attrs = a.attrs()
        (lb, rb), (lc, rc) = a.get("batching_dims", ([], [])), a.get("contracting_dims", ([], []))
        props["dot_dimension_numbers"] = DotDimensionNumbersAttr(lb, rb, lc, rc)
        ft = functional(s, types, a.base)
        return _build(s, cls.name, a.operands(ft.inputs), ft.results, props, attrs)

    @classmethod
    def print_custom(cls, op, p):
        dn = op.properties.get("dot_dimension_numbers")
        if not isinstance(dn, DotDimensionNumbersAttr):
            return None
        s = f"{p.op_name(op)} {p.values(op.operands)}"
        if dn.lhs_batching_dimensions or dn.rhs_batching_dimensions:
            s += (f", batching_dims = {dims_text(dn.lhs_batching_dimensions)} x "
                  f"{dims_text(dn.rhs_batching_dimensions)}")
        s += (f", contracting_dims = {dims_text(dn.lhs_contracting_dimensions)} x "
              f"{dims_text(dn.rhs_contracting_dimensions)}")
        pc = op.properties.get("precision_config")
        if pc is not None:
            if not isinstance(pc, ArrayAttr) or not all(isinstance(x, EnumAttr) for x in pc):
                return None
            if len(pc):
                s += ", precision = [" + ", ".join(x.value for x in pc) + "]"
        alg = op.properties.get("algorithm")
        if alg is not None:
            text = p.attr_text(alg)
            if not text.startswith(_DOT_ALGO + "<"):
                return None
            s += ", algorithm = " + text[len(_DOT_ALGO):]
        return s + cls.attrs_and_type(op, p)


# ---------------------------------------------------------------------------
# custom_call

_CC_DEFAULTS = {"api_version": IntegerAttr(1, i32), "called_computations": ArrayAttr(()),
                "has_side_effect": BoolAttr(False),
                "output_operand_aliases": ArrayAttr(())}


@_reg
class CustomCallOp(ShloOp):
    name = "stablehlo.custom_call"
    args_format = "custom_call_args"
    inherent = ("call_target_name", "has_side_effect", "backend_config", "api_version", "called_computations",
                "operand_layouts", "result_layouts", "output_operand_aliases")

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        from hlopt.syntax.parser import _symbol_name

        target = _symbol_name(a.span_text(a.get("target"))[0])
        attrs = a.attrs()
        ft = functional(s, types, a.base)
        return _build(s, cls.name, a.operands(ft.inputs), ft.results,
                      {"call_target_name": StringAttr(target)}, attrs)

    @classmethod
    def print_custom(cls, op, p):
        t = op.properties.get("call_target_name")
        if not isinstance(t, StringAttr):
            return None
        return (f"{p.op_name(op)} {symbol_name_text(t.value)}({p.values(op.operands)})"
                + merged_attrs(op, p, elide=("call_target_name",), defaults=_CC_DEFAULTS) + " : "
                + p.functional_type(op.operand_types, op.result_types))


# ---------------------------------------------------------------------------
# reduce (compact `applies` form and the `reducer` form)


def _follow_location(op: Operation, args, ops) -> None:
    """MLIR gives the compact reduce's block arguments and ops the reduce's
    own final location (its trailing `loc(...)`, else where its custom
    parser started, just after the op name)."""
    loc = op.location
    for arg in args:
        arg.location = loc
    for o in ops:
        o.location = loc

@_reg
class ReduceOp(ShloOp):
    name = "stablehlo.reduce"
    args_format = "reduce_args"
    inherent = ("dimensions",)

    @classmethod
    def parse_custom(cls, s, a, types, extra):
        extra["loc_pos"] = a.base  # MLIR locates reduce after its name, at '('
        pairs = a.get("input")
        inputs, inits = [p[0] for p in pairs], [p[1] for p in pairs]
        applies = a.get("applies")
        d = DenseArrayAttr(i64, a.get("dims"))
        attrs = a.attrs()
        ft = functional(s, types, a.base)
        operands = a.resolve(inputs + inits, ft.inputs)
        region = extra.get("region")
        if applies is not None:
            if region is not None:
                raise _err("unexpected reducer region after 'applies'", a.base)
            name, pos = applies[0], a.pos(applies[1])
            from hlopt.ir.opdef import lookup_op

            if lookup_op(name) is None:
                raise _err(f"unknown operation '{name}'", pos)
            n = len(inputs)
            region = Region()
            b = region.add_block()
            arg_types = []
            for init in operands[n:]:
                it = init.type
                arg_types.append(RankedTensorType((), it.element_type) if hasattr(it, "element_type") else it)
            args = [b.add_argument(t) for t in arg_types + arg_types]
            inner = Operation(name, [args[0], args[1]], [arg_types[0]])
            b.append(inner)
            ret = Operation("stablehlo.return", inner.results)
            b.append(ret)
            if hasattr(s, "finalizers"):
                s.finalizers.append(lambda: _follow_location(op, args, (inner, ret)))
        elif region is None:
            raise _err("expected 'applies' or a reducer region", a.base)
        op = _build(s, cls.name, operands, ft.results, {"dimensions": d}, attrs)
        op.regions = [region]
        region.parent = op
        return op

    @classmethod
    def compact_op(cls, op: Operation) -> Operation | None:
        """The inner op if MLIR prints the `applies` form."""
        if len(op.operands) != 2 or len(op.regions) != 1:
            return None
        blocks = op.regions[0].blocks
        if len(blocks) != 1:
            return None
        b = blocks[0]
        ops = b.ops_list()
        if len(ops) != 2 or len(b.args) != 2:
            return None
        inner, ret = ops
        if inner.name not in REDUCE_BINARY or inner.regions or len(inner.results) != 1:
            return None
        if inner.operands != list(b.args) or ret.name != "stablehlo.return" or ret.operands != inner.results:
            return None
        t = b.args[0].type
        if b.args[1].type is not t or inner.results[0].type is not t:
            return None
        it = op.operands[0].type
        if not isinstance(t, RankedTensorType) or t.shape or getattr(it, "element_type", None) is not t.element_type:
            return None
        return inner

    @classmethod
    def custom_hides_regions(cls, op: Operation) -> bool:
        """The `applies` form prints no region (so the printer's alias
        collection skips the body's locations, as MLIR's does)."""
        return isinstance(op.properties.get("dimensions"), DenseArrayAttr) and cls.compact_op(op) is not None

    @classmethod
    def print_custom(cls, op, p):
        d = op.properties.get("dimensions")
        n = len(op.operands) // 2
        if not isinstance(d, DenseArrayAttr) or len(op.regions) != 1 or not op.regions[0].blocks \
                or len(op.operands) % 2:
            return None
        names = [p.value(v) for v in op.operands]
        s = p.op_name(op) + ", ".join(f"({names[i]} init: {names[i + n]})" for i in range(n))
        tail = (f" across dimensions = {dims_text(d)}" + merged_attrs(op, p, elide=("dimensions",)) + " : "
                + p.functional_type(op.operand_types, op.result_types))
        inner = cls.compact_op(op)
        if inner is not None:
            return s + " applies " + inner.name + tail
        b = op.regions[0].blocks[0]
        if len(b.args) != 2 * n:
            return None
        s += tail + "\n" + INDENT * p.indent + " reducer"
        for i in range(n):
            s += f"({block_arg_text(p, b.args[i])}, {block_arg_text(p, b.args[i + n])}) "
        return s + " " + p.region(op.regions[0])


# ---------------------------------------------------------------------------
# while

@_reg
class WhileOp(ShloOp):
    name = "stablehlo.while"

    @classmethod
    def print_custom(cls, op, p):
        if len(op.regions) != 2 or any(len(r.blocks) != 1 for r in op.regions):
            return None
        cond = op.regions[0].blocks[0]
        if len(cond.args) != len(op.operands) or len(op.regions[1].blocks[0].args) != len(op.operands):
            return None
        s = p.op_name(op) + "(" + ", ".join(
            f"{p.value(a)} = {p.value(v)}" for a, v in zip(cond.args, op.operands)) + ")"
        if op.operands:
            s += " : " + p.types(op.operand_types)
        s += p.attr_dict(op.attributes, keyword=True)
        ind = INDENT * p.indent
        return s + "\n" + ind + "cond " + p.region(op.regions[0]) + " do " + p.region(op.regions[1])

    @classmethod
    def custom_prints_entry_args(cls, op) -> bool:
        """`cond`/`do` regions print without their `%iterArg` arguments."""
        return False

    @classmethod
    def asm_block_arg_names(cls, op, region):
        if not region.blocks:
            return []
        return [(a, "iterArg") for a in region.blocks[0].args]


# ---------------------------------------------------------------------------
# return

@_reg
class ReturnOp(ShloOp):
    name = "stablehlo.return"
    traits = frozenset({TERMINATOR, RETURN_LIKE, PURE})
    syntax_token = "RETURN_KW"

    @classmethod
    def print_custom(cls, op, p):
        return print_return(op, p)


# ---------------------------------------------------------------------------
# ops printed generically: inherent attribute names only

_GENERIC = {
    "case": (), "sort": ("dimension", "is_stable", "comparator"),
    "reduce_window": ("window_dimensions", "window_strides", "base_dilations", "window_dilations", "padding"),
    "select_and_scatter": ("window_dimensions", "window_strides", "padding"),
    "gather": ("dimension_numbers", "slice_sizes", "indices_are_sorted"),
    "scatter": ("scatter_dimension_numbers", "indices_are_sorted", "unique_indices"),
    "dynamic_gather": ("dimension_numbers", "indices_are_sorted"),
    "collective_permute": ("source_target_pairs", "channel_handle"),
    "collective_broadcast": ("replica_groups", "channel_handle"),
    "all_reduce": ("replica_groups", "channel_handle", "use_global_device_ids"),
    "all_gather": ("all_gather_dim", "replica_groups", "channel_handle", "use_global_device_ids"),
    "reduce_scatter": ("scatter_dimension", "replica_groups", "channel_handle", "use_global_device_ids"),
    "all_to_all": ("split_dimension", "concat_dimension", "split_count", "replica_groups", "channel_handle"),
    "send": ("channel_handle", "is_host_transfer", "source_target_pairs"),
    "recv": ("channel_handle", "is_host_transfer", "source_target_pairs"),
    "async_start": (), "async_done": (),
    "map": ("dimensions",), "batch_norm_training": ("epsilon", "feature_index"),
    "batch_norm_inference": ("epsilon", "feature_index"), "batch_norm_grad": ("epsilon", "feature_index"),
    "infeed": ("infeed_config", "layout"), "outfeed": ("outfeed_config",),
    "triangular_solve": (
        "left_side", "lower", "unit_diagonal", "transpose_a"),
    "dynamic_conv": ("window_strides", "padding", "lhs_dilation", "rhs_dilation", "window_reversal",
                     "dimension_numbers", "feature_group_count", "batch_group_count", "precision_config"),
    "uniform_quantize": (), "uniform_dequantize": (), "torch_index_select": ("dim", "batch_dims"),
    "if": (), "get_dimension_size_dyn": (),
}
for _n, _inh in _GENERIC.items():
    _make(ShloOp, _n, inherent=_inh)

__all__ = ["OPS", "REDUCE_BINARY", "ReduceOp", "WhileOp", "ConstantOp", "CustomCallOp", "Block"]
