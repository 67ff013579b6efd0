"""Every mhlo op jaxlib registers, declared from its table (mhlo_table.py)
so the dialect is closed as in MLIR-HLO.

Most mhlo ops mirror a StableHLO op one for one. Where the declarations
agree (same operand/result/region groups and attributes) and the StableHLO
op's checks only involve builtin types and attributes, the mhlo op is
derived from the StableHLO declaration: its constraints, traits, verifier,
result inference and interpreter rule (not its folders or patterns, which
build StableHLO ops). The other ops -- those whose attributes are mhlo's
own (`#mhlo.gather<...>`, `#mhlo<comparison_direction ...>`, which hlopt
keeps opaque), that carry regions ending in `mhlo.return`, that use
`!mhlo.token`, or that StableHLO lacks -- are declared structurally from
the table: groups and their arities, required attributes, region counts.
The elementwise ops with mhlo's `%a, %b : T` form (MLIR-HLO's
custom<SameOperandsAndResultType>: one type when all agree, else
`(T1, T2) -> T3`) parse and print it (SAME_TYPE_FORM, the list checked
against jaxlib), and so do the ops of FORMS (their ODS assemblyFormat, with
MLIR-HLO's custom directives in _FormDirectives), constant, select, complex and
compare; reduce and while take StableHLO's hand-written forms (MLIR-HLO's are the
same); the other ops print in MLIR's generic form, as jaxlib prints them
(tests/oracle/test_mhlo_closed_oracle.py checks both lists against jaxlib).
"""

from __future__ import annotations

import re
from typing import Any, cast

from hlopt.dialects import stablehlo
from hlopt.dialects.mhlo_table import OPS as TABLE
from hlopt.ir.attributes import BoolAttr, IntegerAttr, OpaqueAttr, StringAttr, symbol_name_text
from hlopt.ir.constraints import AnyAttr, AnyType
from hlopt.ir.core import Operation
from hlopt.ir.opdef import (
    OPTIONAL,
    SINGLE,
    VARIADIC,
    AttrDef,
    OpDef,
    OperandDef,
    RegionDef,
    ResultDef,
)
from hlopt.ir.traits import (
    AttrSizedOperandSegments,
    AttrSizedResultSegments,
    Pure,
    ReturnLike,
    SameVariadicOperandSize,
    Terminator,
)
from hlopt.ir.types import ComplexType, IntegerType, RankedTensorType, i1, i32, i64
from hlopt.syntax import AllTypesMatch, AttrSyntax, BareInteger, FixedType, TypesMatchWith, UntypedAttr

_ARITY = {"": SINGLE, "?": OPTIONAL, "*": VARIADIC}
# the StableHLO checks a derived op takes over (folders and patterns stay behind)
_REUSED = ("verify", "verify_regions", "interpret", "infer_result_types", "compatible_return_types")
# attribute constraints that hold for mhlo's attributes as well (builtin ones)
_BUILTIN_ATTR = ("attribute", "dense array", "elements attribute", "unit attribute", "string attribute",
                 "bool attribute")


# what a structurally declared op needs beyond its groups: the region terminator
_TRAITS: dict[str, tuple] = {"return": (Pure(), ReturnLike(), Terminator())}


def _groups(text: str) -> list[tuple[str, str]]:
    out = []
    for part in text.split(","):
        part = part.strip()
        if part:
            arity = part[-1] if part[-1] in "?*" else ""
            out.append((part.rstrip("?*"), _ARITY[arity]))
    return out


def parse_entry(spec: str) -> tuple[list, list, list, list, bool]:
    """(operands, results, attributes, regions, segmented) of one table line."""
    sig, attrs, regions = (s.strip() for s in spec.split("|"))
    segmented = regions.endswith("!")
    ins, outs = (s.strip() for s in sig.split("->"))
    return _groups(ins), _groups(outs), _groups(attrs), _groups(regions.rstrip("!")), segmented


def _accessor(name: str) -> str:
    """The class attribute a field is declared under (Operation's API names take `_`)."""
    name = name.rstrip("_")
    return name + "_" if name in _OP_API else name


def _twin(name: str, entry: tuple) -> type[OpDef] | None:
    """The StableHLO declaration an mhlo op can be derived from, if any."""
    ops, res, attrs, regions, _seg = entry
    d = stablehlo.DIALECT.lookup_op("stablehlo." + name)
    if d is None or regions or d.region_defs:
        return None
    if [a for _, a in ops] != [f.arity for f in d.operand_defs] or [a for _, a in res] != [f.arity for f in d.result_defs]:
        return None
    if sorted(n for n, _ in attrs) != sorted(f.name for f in d.attr_defs):
        return None
    optional = {n for n, a in attrs if a == OPTIONAL}
    for f in d.attr_defs:
        summary = f.constraint.summary if f.constraint is not None else ""
        if not any(summary.endswith(s) for s in _BUILTIN_ATTR) or "stablehlo" in summary:
            return None
        if "dense array" in summary:  # mhlo keeps these as dense elements (`dense<[1, 0]> : tensor<2xi64>`)
            return None
        if (f.name in optional) != (f.arity == OPTIONAL or f.default is not None):
            return None
    for f in d.operand_defs + d.result_defs:
        if f.constraint is not None and "token" in f.constraint.summary:
            return None
    return d


def _derived(name: str, twin: type[OpDef]) -> type[OpDef]:
    ns: dict[str, Any] = {"name": "mhlo." + name, "summary": twin.summary, "traits": twin.trait_objects,
                          "__module__": __name__}
    for f in (*twin.operand_defs, *twin.result_defs, *twin.attr_defs):
        ns[f.attr or _accessor(f.name)] = type(f)(f.arity, f.constraint, f.default, f.doc, f.name)
    for m in _REUSED:
        fn = getattr(twin, m, None)
        base = getattr(OpDef, m, None)
        if fn is not None and getattr(fn, "__func__", fn) is not getattr(base, "__func__", base):
            ns[m] = classmethod(fn.__func__) if hasattr(fn, "__func__") else fn
    return type(_class_name(name), (OpDef,), ns)


def _structural(name: str, entry: tuple) -> type[OpDef]:
    ops, res, attrs, regions, segmented = entry
    ns: dict[str, Any] = {"name": "mhlo." + name, "__module__": __name__}
    for n, a in ops:
        ns[_accessor(n)] = OperandDef(a, AnyType, name=n.rstrip("_"))
    for n, a in res:
        ns[_accessor(n)] = ResultDef(a, AnyType, name=n.rstrip("_"))
    for n, a in attrs:
        ns[_accessor(n)] = AttrDef(a, AnyAttr, name=n)
    for n, a in regions:
        ns[_accessor(n)] = RegionDef(a, None, name=n)
    traits = _TRAITS.get(name, ())
    if segmented:
        traits += (AttrSizedOperandSegments(), AttrSizedResultSegments())
    ns["traits"] = traits
    return type(_class_name(name), (OpDef,), ns)


# the ops jaxlib prints as `mhlo.op %a[, %b] : T` (custom<SameOperandsAndResultType>)
SAME_TYPE_FORM = frozenset((
    "abs", "acos", "acosh", "add", "and", "asin", "asinh", "atan2", "atanh", "cbrt", "ceil", "convert", "copy",
    "cosh", "cosine", "count_leading_zeros", "divide", "erf", "exponential", "exponential_minus_one", "floor",
    "clamp", "imag", "is_finite", "log", "log_plus_one", "logistic", "maximum", "minimum", "mulhi", "multiply", "negate", "not", "or",
    "popcnt", "power", "real", "remainder", "round_nearest_afz", "round_nearest_even", "rsqrt", "shift_left",
    "shift_right_arithmetic", "shift_right_logical", "sign", "sine", "sinh", "sqrt", "subtract", "tan", "tanh",
    "xor"))


# other ops' forms, as their ODS assemblyFormat (checked against jaxlib's print);
# `operands` stands for the only operand group (the engine reads `results` as the directive)
FORMS = {
    "return": "operands attr-dict (`:` type(operands)^)?",
    "partition_id": "attr-dict `:` type(results)",
    "replica_id": "attr-dict `:` type(results)",
    "create_token": "attr-dict `:` type(results)",
    "reshape": "operands attr-dict `:` functional-type(operands, results)",
    "bitcast_convert": "operands attr-dict `:` functional-type(operands, results)",
    "bitcast": "operands attr-dict `:` functional-type(operands, results)",
    "add_dependency": "operands attr-dict `:` functional-type(operands, results)",
    "dynamic_update_slice": "operands attr-dict `:` functional-type(operands, results)",
    "dynamic_reshape": "operands attr-dict `:` functional-type(operands, results)",
    "real_dynamic_slice": "operands attr-dict `:` functional-type(operands, results)",
    "dynamic_pad": "operands attr-dict `:` functional-type(operands, results)",
    "minimum_broadcast_shapes": "$shapes attr-dict `:` type($shapes) `->` type($results)",
    "after_all": "$inputs attr-dict `:` type($result)",
    "get_tuple_element": "$operand `[` $index `]` attr-dict `:` functional-type(operands, results)",
    "tuple": "$val attr-dict `:` type($result)",
    "topk": ("`(` $operand `,` `k` `=` $k (`,` `largest` `=` $largest^)? `)` attr-dict `:` type($operand) `->` "
             "`(` type($values) `,` type($indices) `)`"),
    "trace": "$operand `,` $tag attr-dict `:` type($operand)",
    "xla.rng_get_and_update_state": "attr-dict",
    "reduce_precision": ("$operand `,` `format` `=` custom<ExponentMantissa>($exponent_bits, $mantissa_bits) attr-dict "
                         "`:` custom<SameTypes1>(type($operand), type($output))"),
    "optimization_barrier": "attr-dict ($operand^ `:` custom<PairwiseOpType>(type($operand), type($result))) : (`(` `)`)?",
    "custom_call": "custom<CustomCallTarget>($call_target_name) `(` $inputs `)` attr-dict `:` functional-type(operands, results)",
}


class _EnumCase(AttrSyntax):
    """`LT` for `#mhlo<comparison_direction LT>` (mhlo's enum attributes stay opaque in hlopt)."""

    def __init__(self, mnemonic: str, cases: tuple[str, ...]):
        self.mnemonic, self.cases = mnemonic, cases

    def can_start(self, p: Any) -> bool:
        return any(p.peek(c) for c in self.cases)

    def parse(self, p: Any, name: str) -> Any:
        at = p.pos
        w = p.parse_optional_keyword()
        if w not in self.cases:
            raise p.error(f"expected one of [{', '.join(self.cases)}] for attribute '{name}'", at)
        return OpaqueAttr(f"#mhlo<{self.mnemonic} {w}>")

    def printable(self, a: Any) -> bool:
        t = getattr(a, "text", "")
        return t.startswith(f"#mhlo<{self.mnemonic} ") and t[len(self.mnemonic) + 7:-1] in self.cases

    def print(self, p: Any, a: Any) -> None:
        p.print_alias_free(a, a.text[len(self.mnemonic) + 7:-1])


_DIRECTIONS = ("EQ", "NE", "GE", "GT", "LE", "LT")
_COMPARE_TYPES = ("NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED")


class _SelectForm:
    """`mhlo.select %p, %a, %b : P, T` (MLIR-HLO's custom<SelectOpType>)."""

    __slots__ = ()
    assembly_format = "operands attr-dict `:` custom<SelectTypes>(type(operands), type(results))"

    @staticmethod
    def parse_SelectTypes(p: Any) -> tuple:
        if p.parse_optional_punct("("):  # `(P, T, F) -> R` when the types differ
            ins = p.parse_type_list()
            p.parse_punct(")")
            p.parse_punct("->")
            return ins, [p.parse_type()]
        pred = p.parse_type()
        p.parse_punct(",")
        t = p.parse_type()
        return [pred, t, t], [t]

    @staticmethod
    def print_SelectTypes(p: Any, op: Operation, ins: list, outs: list) -> None:
        if ins[1] == ins[2] == outs[0]:
            p.print_type(ins[0])
            p.write(", ")
            p.print_type(ins[1])
        else:
            p.print_functional_type(ins, outs)


def _parse_same_types(p: Any, n: int) -> tuple:
    """`T` (every operand and the result) or `(T1, ..., Tn) -> R`."""
    if p.parse_optional_punct("("):
        ins = p.parse_type_list()
        p.parse_punct(")")
        p.parse_punct("->")
        if len(ins) != n:
            raise p.error(f"expected {n} types")
        return (*ins, p.parse_type())
    t = p.parse_type()
    return (t,) * (n + 1)


def _print_same_types(p: Any, op: Operation, *groups: list) -> None:
    ts = [t for g in groups for t in g]
    if all(t == ts[0] for t in ts):
        p.print_type(ts[0])
    else:
        p.print_functional_type(ts[:-1], ts[-1:])


class _SameTypeForm:
    """The custom directive of the SAME_TYPE_FORM ops (unary and binary)."""

    __slots__ = ()

    @staticmethod
    def parse_SameTypes1(p: Any) -> tuple:
        return _parse_same_types(p, 1)

    @staticmethod
    def parse_SameTypes2(p: Any) -> tuple:
        return _parse_same_types(p, 2)

    @staticmethod
    def parse_SameTypes3(p: Any) -> tuple:
        return _parse_same_types(p, 3)

    @staticmethod
    def print_SameTypes3(p: Any, op: Operation, *groups: list) -> None:
        _print_same_types(p, op, *groups)

    @staticmethod
    def print_SameTypes1(p: Any, op: Operation, *groups: list) -> None:
        _print_same_types(p, op, *groups)

    @staticmethod
    def print_SameTypes2(p: Any, op: Operation, *groups: list) -> None:
        _print_same_types(p, op, *groups)


class _FormDirectives:
    """MLIR-HLO's custom directives of the FORMS ops (hlo_ops.cc's parse/print pairs)."""

    __slots__ = ()

    @staticmethod
    def parse_PairwiseOpType(p: Any) -> tuple:
        ts = p.parse_type_list()
        return ts, ts

    @staticmethod
    def print_PairwiseOpType(p: Any, op: Operation, ins: list, outs: list) -> None:
        p.print_types(ins)

    @staticmethod
    def parse_ExponentMantissa(p: Any) -> tuple:
        """`e5m10`: the exponent and mantissa bit counts."""
        at = p.location()
        w = p.parse_optional_keyword()
        m = re.fullmatch(r"e(\d+)m(\d+)", w or "")
        if m is None:
            raise p.error(f"expected exponent mantissa in format e#m#, saw {w}", at)
        return IntegerAttr(int(m.group(1)), i32), IntegerAttr(int(m.group(2)), i32)

    @staticmethod
    def print_ExponentMantissa(p: Any, op: Operation, e: Any, m: Any) -> None:
        p.write(f"e{e.value}m{m.value}")

    @staticmethod
    def parse_CustomCallTarget(p: Any) -> tuple:
        return (StringAttr(p.parse_symbol_name()[0]),)

    @staticmethod
    def print_CustomCallTarget(p: Any, op: Operation, target: Any) -> None:
        p.write(symbol_name_text(target.value))


class _ComplexForm:
    """`mhlo.complex %a, %b : tensor<4xcomplex<f32>>` (both operands the real
    part of the result type), else `: (A, B) -> T` (MLIR-HLO's
    custom<ComplexOpType>, whose operand types derive from the result's)."""

    __slots__ = ()
    name: str

    @classmethod
    def parse_asm(cls, p: Any) -> dict:
        st = {"lhs": p.parse_operand()}
        p.parse_comma()
        st["rhs"] = p.parse_operand()
        st["attrs"] = p.parse_optional_attr_dict()
        p.parse_colon()
        st["at"] = p.location()
        st["ins"] = None
        if p.parse_optional_punct("("):
            st["ins"] = p.parse_type_list()
            p.parse_punct(")")
            p.parse_punct("->")
        st["out"] = p.parse_type()
        return st

    @classmethod
    def build_asm(cls, r: Any, st: dict) -> Operation:
        out = r.type(st["out"])
        if st["ins"] is not None:
            ins = r.types(st["ins"])
        else:
            real = _real_part(out)
            if real is None:
                raise r.error(f"custom op '{cls.name}' expected tensor with complex element type", st["at"])
            ins = [real, real]
        operands = r.operands([st["lhs"], st["rhs"]], ins, st["at"])
        props, attrs = r.split_attrs(cls.name, r.attr(st["attrs"]) if st["attrs"] is not None else None)
        return cast(Any, cls).build(*operands, result_types=[out], attributes=attrs,
                                    **dict(props.entries if props is not None else ()))

    @classmethod
    def print_asm(cls, op: Any, p: Any) -> bool:
        lhs, rhs = op.lhs, op.rhs
        p.write(" ")
        p.print_operands([lhs, rhs])
        p.print_optional_attr_dict(op.attributes)
        p.write(" : ")
        t = op.result_.type
        real = _real_part(t)
        if real is not None and lhs.type is real and rhs.type is real:
            p.print_type(t)
        else:
            p.print_functional_type([lhs.type, rhs.type], [t])
        return True


def _real_part(t: Any) -> Any:
    """tensor<...xcomplex<E>> -> tensor<...xE> (None for other types)."""
    et = getattr(t, "element_type", None)
    if not isinstance(t, RankedTensorType) or not isinstance(et, ComplexType):
        return None
    return RankedTensorType(t.shape, et.element_type, t.encoding)


# what the FORMS ops declare beside their format
_FORM_EXTRAS: dict[str, dict[str, Any]] = {
    "get_tuple_element": {"attr_syntax": {"index": BareInteger(i32)}},
    # largest: DefaultValuedOptionalAttr<BoolAttr, "true"> (printed only when false; not set by the parser)
    "topk": {"attr_syntax": {"k": BareInteger(i64), "largest": BareInteger(i1)},
             "largest": AttrDef(OPTIONAL, AnyAttr, BoolAttr(True), name="largest"), "asm_populate_defaults": False,
             "asm_result_names": classmethod(lambda c, op: ["values", "indices"])},
    "trace": {"attr_syntax": {"tag": UntypedAttr()}},
    "after_all": {"type_inference": (TypesMatchWith("result", "inputs", lambda t: t),)},
    "tuple": {"type_inference": (TypesMatchWith("result", "val", lambda t: list(getattr(t, "types", ()))),)},
    "xla.rng_get_and_update_state": {"type_inference": (FixedType("result", RankedTensorType((2,), IntegerType(64,
                                                                                                            False))),)},
}


def _shared_form(src: type, *names: str) -> dict[str, Any]:
    """A StableHLO op's hand-written form, taken over as it is (MLIR-HLO prints the op the same
    way and the functions build the op by the class's name), not copied."""
    out: dict[str, Any] = {}
    for n in names:
        fn = vars(src)[n]
        out[n] = classmethod(fn.__func__) if isinstance(fn, classmethod) else fn
    return out


def _while_form() -> dict[str, Any]:
    """hlo::parseWhileOp/printWhileOp: `(%iterArg = %x, ...) : T, ... cond { .. } do { .. }`."""
    from hlopt.dialects.stablehlo.reductions_control_flow import WhileOp

    return _shared_form(WhileOp, "parse_asm", "build_asm", "print_asm", "custom_prints_entry_args",
                        "asm_block_arg_names")


class _DenseI64Elements:
    """mhlo's reduce dimensions, `dense<[0, 1]> : tensor<2xi64>`, written as StableHLO writes
    its i64 array there (`[0, 1]`)."""

    def parse(self, p: Any, name: str) -> Any:
        from hlopt.dialects.stablehlo.asm_directives import DENSE_I64
        from hlopt.ir.attributes import DenseElementsAttr

        vals = DENSE_I64.parse(p, name).values
        return DenseElementsAttr(RankedTensorType((len(vals),), i64), vals)

    def printable(self, a: Any) -> bool:
        from hlopt.ir.attributes import DenseElementsAttr

        t = getattr(a, "type", None)
        return isinstance(a, DenseElementsAttr) and isinstance(t, RankedTensorType) and len(t.shape) == 1 \
            and t.element_type is i64

    def print(self, p: Any, a: Any) -> None:
        vals = list(a.values) * (a.type.shape[0] if a.splat else 1)
        p.print_alias_free(a, "[" + ", ".join(map(str, vals)) + "]")


def _reduce_form() -> dict[str, Any]:
    """hlo::parseReduceOp/printReduceOp (`applies mhlo.add across dimensions = [0]`, or the
    `reducer` form): StableHLO's, with mhlo's inner ops, return and dimensions attribute."""
    from hlopt.dialects.stablehlo.elementwise import REDUCE_BINARY
    from hlopt.dialects.stablehlo.reductions_control_flow import ReduceOp

    form = _shared_form(ReduceOp, "parse_asm", "build_asm", "print_asm", "compact_op")

    def reduce_return(cls: type) -> Any:
        from hlopt.dialects.mhlo import DIALECT

        return DIALECT.lookup_op("mhlo.return")

    return {**form, "reduce_inner_ops": frozenset("mhlo." + n.split(".", 1)[1] for n in REDUCE_BINARY),
            "reduce_dims": _DenseI64Elements(), "reduce_return": classmethod(reduce_return),
            "asm_location_after_name": True}


def _constant_printable(cls: type, op: Any) -> bool:
    """The value's type is the result's (the form prints only the value)."""
    return getattr(op.value, "type", None) == op.output.type


def _with_form(name: str, cls: type[OpDef]) -> type[OpDef]:
    """The op class with mhlo's `%a[, %b] : T` form when jaxlib prints it so."""
    if name in FORMS:
        return type(cls.__name__, (_FormDirectives, _SameTypeForm, cls),
                    {"assembly_format": FORMS[name], "__module__": __name__, **_FORM_EXTRAS.get(name, {})})
    if name == "compare":
        return type(cls.__name__, (cls,), {
            "assembly_format": ("$comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)? attr-dict `:` "
                                "functional-type(operands, results)"),
            "attr_syntax": {"comparison_direction": _EnumCase("comparison_direction", _DIRECTIONS),
                            "compare_type": _EnumCase("comparison_type", _COMPARE_TYPES)},
            "__module__": __name__})
    if name == "constant":  # `mhlo.constant {attrs} dense<...> : T`, T the value's type
        return type(cls.__name__, (cls,), {
            "assembly_format": "attr-dict $value", "type_inference": (AllTypesMatch("value", "output"),),
            "asm_printable": classmethod(_constant_printable), "__module__": __name__})
    if name == "select":
        return type(cls.__name__, (_SelectForm, cls), {"__module__": __name__})
    if name == "while":
        return type(cls.__name__, (cls,), {**_while_form(), "__module__": __name__})
    if name == "reduce":
        # (MLIR-HLO's reduce has SameVariadicOperandSize: its inputs and init_values split evenly)
        return type(cls.__name__, (cls,), {**_reduce_form(), "__module__": __name__,
                                           "traits": (*cls.trait_objects, SameVariadicOperandSize())})
    if name == "complex":
        return type(cls.__name__, (_ComplexForm, cls), {"__module__": __name__})
    if name not in SAME_TYPE_FORM:
        return cls
    ins = [f.name for f in cls.operand_defs]
    (res,) = [f.name for f in cls.result_defs]
    operands = " `,` ".join("$" + n for n in ins)
    types = ", ".join(f"type(${n})" for n in (*ins, res))
    fmt = f"{operands} attr-dict `:` custom<SameTypes{len(ins)}>({types})"
    return type(cls.__name__, (_SameTypeForm, cls), {"assembly_format": fmt, "__module__": __name__})


def _class_name(name: str) -> str:
    return "".join(p.capitalize() for p in name.replace("-", "_").replace(".", "_").split("_")) + "Op"


_OP_API = frozenset(n for c in OpDef.__mro__ for n in vars(c) if not n.startswith("__")) | {"name"}


def declare() -> tuple[tuple[type[OpDef], ...], tuple[str, ...]]:
    """The op classes of the table, and the names of those derived from StableHLO."""
    out, derived = [], []
    for name, spec in TABLE.items():
        entry = parse_entry(spec)
        twin = _twin(name, entry)
        if twin is not None:
            out.append(_with_form(name, _derived(name, twin)))
            derived.append(name)
        else:
            out.append(_with_form(name, _structural(name, entry)))
    return tuple(out), tuple(derived)


OPS, DERIVED = declare()
