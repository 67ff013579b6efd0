"""StableHLO reductions, contractions and control flow: reduce,
reduce_window, select_and_scatter, scatter, sort, map, dot, dot_general,
einsum, convolution, fft, linear algebra, batch norm, while, if, case and
return."""

from __future__ import annotations

import re
from typing import Any

from hlopt.dialects.stablehlo import inference as inf
from hlopt.dialects.stablehlo import verification as vq
from hlopt.dialects.stablehlo.asm_directives import (
    DENSE_I64,
    ConvolutionDimensions,
    DotDimensionNumbers,
    EnumKeyword,
    PrecisionConfigDirectives,
    SameOperandsAndResultType,
    WindowAttributes,
)
from hlopt.dialects.stablehlo.attributes import (
    ConvDimensionNumbersAttr,
    DotDimensionNumbersAttr,
    dimension_fields,
)
from hlopt.dialects.stablehlo.elementwise import REDUCE_BINARY
from hlopt.dialects.stablehlo.syntax import (
    ShloOp,
)
from hlopt.dialects.stablehlo.types import (
    HLO_Float,
    HLO_FpComplexOrQuantizedIntTensor,
    HLO_FpOrComplexTensor,
    HLO_PredTensor,
    HLO_QuantizedInt,
    HLO_Static2DIntTensor,
    HLO_Tensor,
    HLO_TensorOrPerAxisQuantizedTensor,
    HLO_TensorOrPerAxisQuantizedTensorOrToken,
    HLO_TensorOrPerAxisQuantizedTensorOrTokenOrBuffer,
    I32RankedTensor,
    IntOrIndexRankedTensor,
    ranked_tensor_of,
)
from hlopt.dialects.stablehlo.verification import (
    AtLeastOneOperand,
    CompatibleOperandsAndResultElementType,
    dialect_attr,
    enum_attr,
    fail,
    inference_fail,
    non_negative,
    positive,
    reduction_body_types,
    types_text,
)
from hlopt.ir import opdef as ods
from hlopt.ir.attributes import (
    BoolAttr,
    DenseArrayAttr,
    DictionaryAttr,
    IntegerAttr,
)
from hlopt.ir.constraints import (
    AnyFloatAttr,
    Array,
    BoolAttrC,
    Constraint,
    DenseBoolArray,
    DenseI64Array,
    DenseIntElementsOf,
    I64Attr,
    IsA,
    Str,
)
from hlopt.ir.core import Operation, Region
from hlopt.ir.lazy import lazy_module
from hlopt.ir.traits import (
    Pure,
    RecursiveMemoryEffects,
    ReturnLike,
    SameOperandsAndResultShape,
    SameVariadicOperandSize,
    Terminator,
)
from hlopt.ir.types import FunctionType, RankedTensorType, Type, i1, i64
from hlopt.syntax import OPERAND_PATTERN, BareInteger, OpAsmParser, OpAsmPrinter, OpAsmResolver, UntypedAttr

np = lazy_module("numpy")
kernels = lazy_module("hlopt.kernels.heavy")
interp_attrs = lazy_module("hlopt.kernels.attrs")
interp_regions = lazy_module("hlopt.kernels.regions")
interp_values = lazy_module("hlopt.kernels.values")

FALSE = BoolAttr(False)


def _body_result_elements(op: Operation, n: int) -> "list[Type] | None":
    """Element types the reduction body returns (None if malformed)."""
    if not op.regions or not op.regions[-1].blocks:
        return None
    ret = op.regions[-1].blocks[0].last_op
    if ret is None or len(ret.operands) != n:
        return None
    return [getattr(t, "element_type", t) for t in ret.operand_types]


def _window_dim(size: int, window: int, stride: int, lo: int, hi: int, base_dil: int, win_dil: int) -> int:
    if size < 0:
        return size
    padded = (size - 1) * base_dil + 1 + lo + hi if size > 0 else lo + hi
    eff = (window - 1) * win_dil + 1
    return 0 if padded < eff else (padded - eff) // stride + 1

PrecisionConfig = Array  # ArrayAttr of #stablehlo<precision ...>
I64Elements = DenseIntElementsOf(64)

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


# the compact one-input form exactly as MLIR prints it (the transformer has
# thousands): read in one match; any other spelling takes the general steps
_USE = "(" + OPERAND_PATTERN + ")"
_APPLIES = re.compile(r"\(" + _USE + " init: " + _USE + r"\) applies (" + "|".join(map(re.escape, sorted(REDUCE_BINARY)))
                      + r") across dimensions = \[(\d{1,18}(?:, \d{1,18})*)?\] :(?!:)", re.ASCII)


def _reduce_applies(p: OpAsmParser, at: int) -> tuple | None:
    """parse_asm's state for `(%x init: %z) applies OP across dimensions = [..] : FT`, or None."""
    m = p.parse_optional_match(_APPLIES)
    if m is None:
        return None
    dims = m.group(4)
    dims_attr = DenseArrayAttr(i64, [int(x) for x in dims.split(", ")] if dims else [])
    ft = _function_type(p, ReduceOp.name)
    operands = p.resolver.operands([p.operand_of(m, 1), p.operand_of(m, 2)], ft.inputs, at)
    return operands, ft, dims_attr, None, m.group(3), None, at


def _function_type(p: OpAsmParser, name: str) -> FunctionType:
    t_at = p.location()
    r = p.resolver
    ft = r.type(p.parse_type())
    if not isinstance(ft, FunctionType):
        raise r.error(f"custom op '{name}' invalid kind of type specified: expected builtin.function, "
                      f"but found '{ft.text}'", t_at)
    return ft


class ReduceOp(ShloOp):
    """`stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : ...`
    or the `reducer(%a: T, %b: T) { ... }` form."""

    name = "stablehlo.reduce"
    infer_followup = False  # MLIR infers its shapes (InferShapedTypeOpInterface): no second error
    inputs = ods.var_operand(HLO_Tensor)
    init_values = ods.var_operand(HLO_Tensor)
    dimensions = ods.attr(DenseI64Array)
    results_ = ods.var_result(HLO_Tensor, name="results")
    body = ods.region(1)
    traits = (RecursiveMemoryEffects(), SameVariadicOperandSize())
    syntax_token = None  # a form with a region: read as ASM_OP
    local_verify = True  # its own types and dimensions, the body's arguments and return (verifier._region_shape)
    compatible_return_types = staticmethod(inf.compatible_types)
    # what the form depends on in its dialect (mhlo.reduce takes the form over with its own)
    reduce_inner_ops = REDUCE_BINARY
    reduce_dims = DENSE_I64

    @classmethod
    def reduce_return(cls) -> Any:
        return ReturnOp

    @classmethod
    def infer_result_types(cls, op: Operation) -> "list[Type] | None":
        inputs = op.inputs
        reduction_body_types(op, inputs)
        inf.verify_reduce_dims(op, inputs, inf.ints(op.dimensions))
        dims = set(op.dimensions.values)
        elems = _body_result_elements(op, len(inputs))
        if elems is None or any(not isinstance(v.type, RankedTensorType) for v in inputs):
            return None
        out = []
        for v, et in zip(inputs, elems):
            if any(d >= len(v.type.shape) for d in dims):
                return None
            out.append(RankedTensorType(tuple(s for i, s in enumerate(v.type.shape) if i not in dims), et))
        return out

    @classmethod
    def parse_asm(cls, p: OpAsmParser) -> tuple:
        """hlo::parseReduceOp: `(%x init: %z), ... applies OP across dimensions = [..] {attrs} : FT`
        or `... across dimensions = [..] {attrs} : FT reducer(%a: T, %b: T) ... { .. }`."""
        at = p.location()
        fast = _reduce_applies(p, at) if cls is ReduceOp else None  # (mhlo.reduce: other ops and dims codec)
        if fast is not None:
            return fast
        inputs, inits = [], []
        while p.parse_optional_punct("("):
            inputs.append(p.parse_operand())
            p.parse_keyword("init")
            p.parse_colon()
            inits.append(p.parse_operand())
            p.parse_punct(")")
            if not p.parse_optional_punct(","):
                break
        inner = None
        if p.parse_optional_keyword("applies") is not None:
            inner = p.parse_optional_keyword()
            if inner not in cls.reduce_inner_ops:
                raise p.error(f"expected the inner-op to be a commutative binary-op from the "
                              f"{cls.name.split('.')[0]} dialect, with zero region, producing single result", at)
        p.parse_keyword("across")
        if p.parse_optional_keyword("dimensions") is None:
            c = p.text[p.location():p.location() + 1]
            if c and not (c.isalnum() or c in "_$."):  # the message tests pin for a stray character here
                raise p.resolver.error(f"unexpected '{c}'", p.location())
            p.parse_keyword("dimensions")
        p.parse_punct("=")
        dims = cls.reduce_dims.parse(p, "dimensions")
        attrs = p.parse_optional_attr_dict()
        p.parse_colon()
        ft = _function_type(p, cls.name)
        operands = p.resolver.operands(inputs + inits, ft.inputs, at)
        if inner is not None:
            return operands, ft, dims, attrs, inner, None, at
        p.parse_keyword("reducer")
        firsts, seconds = [], []
        while p.parse_optional_punct("("):
            firsts.append(p.parse_argument())
            p.parse_comma()
            seconds.append(p.parse_argument())
            p.parse_punct(")")
        return operands, ft, dims, attrs, None, p.parse_region(firsts + seconds), at

    @classmethod
    def build_asm(cls, r: OpAsmResolver, state: tuple) -> Operation:
        operands, ft, dims, attrs, inner_name, region_, at = state
        a = r.attr(attrs) if attrs is not None else None
        props, a = r.split_attrs(cls.name, a)
        d = dict(props.entries) if props is not None else {}
        d["dimensions"] = dims
        if region_ is None:  # the `applies` form: the body is OP on two scalars of the element type
            it = operands[len(operands) // 2].type if operands else None
            et = RankedTensorType((), it.element_type) if hasattr(it, "element_type") else it
            region_ = Region()
            b = region_.add_block()
            args = [b.add_argument(et), b.add_argument(et)]
            inner = Operation(inner_name, args, [et])  # the name read from the text (REDUCE_BINARY)
            b.append(inner)
            ret = cls.reduce_return()(cls.reduce_return().name, inner.results)  # (build's field checks: nothing to check here)
            b.append(ret)
        op = Operation(cls.name, operands, ft.results, d, a, [region_])
        if inner_name is not None:
            r.at_end(lambda: _follow_location(op, args, (inner, ret)))
        return op

    asm_location_after_name = True  # MLIR locates reduce where its custom parser starts, at `(`

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
        if inner.name not in cls.reduce_inner_ops or inner.regions or len(inner.results) != 1:
            return None
        if inner.operands != list(b.args) or not isinstance(ret, cls.reduce_return()) \
                or ret.operands != inner.results:
            return None
        t = b.args[0].type
        if b.args[1].type is not t or inner.result.type is not t:  # (any of REDUCE_BINARY's ops)
            return None
        it = op.inputs[0].type
        if not isinstance(t, RankedTensorType) or t.shape or getattr(it, "element_type", None) is not t.element_type:
            return None
        return inner

    @classmethod
    def print_asm(cls, op: Operation, p: OpAsmPrinter) -> bool:
        """hlo::printReduceOp."""
        d = op.dimensions
        n = len(op.operands) // 2
        if not cls.reduce_dims.printable(d) or len(op.regions) != 1 or not op.regions[0].blocks \
                or len(op.operands) % 2:
            return False
        b = op.regions[0].blocks[0]
        inner = cls.compact_op(op)
        if inner is None and len(b.args) != 2 * n:
            return False
        vs = op.operands
        for i in range(n):
            if i:
                p.write(", ")
            p.write("(")
            p.print_operand(vs[i])
            p.write(" init: ")
            p.print_operand(vs[i + n])
            p.write(")")
        if inner is not None:
            p.write(" applies " + inner.name)
        p.write(" across dimensions = ")
        cls.reduce_dims.print(p, d)
        props, attrs = op.properties.entries, op.attributes.entries
        if attrs or len(props) > 1:  # (usually `dimensions` alone: nothing to print)
            p.print_optional_attr_dict(DictionaryAttr([e for e in props if e[0] != "dimensions"] + list(attrs)))
        p.write(" : ")
        p.print_functional_type(op.operand_types, op.result_types)
        if inner is None:
            p.print_newline()
            p.write(" reducer")
            for i in range(n):
                p.write("(")
                p.print_region_argument(b.args[i])
                p.write(", ")
                p.print_region_argument(b.args[i + n])
                p.write(") ")
            p.write(" ")
            p.print_region(op.regions[0])
        return True

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        n = len(args) // 2
        return kernels.reduce(ctx, op.regions[0], args[:n], args[n:], ctx.cached(op, lambda o: interp_attrs.ints(o.get_attr("dimensions"))))


class ReduceWindowOp(ShloOp):
    name = "stablehlo.reduce_window"
    infer_followup = False  # as reduce
    inputs = ods.var_operand(HLO_Tensor)
    init_values = ods.var_operand(HLO_Tensor)
    window_dimensions = ods.attr(DenseI64Array)
    window_strides = ods.opt_attr(DenseI64Array)
    base_dilations = ods.opt_attr(DenseI64Array)
    window_dilations = ods.opt_attr(DenseI64Array)
    padding = ods.opt_attr(I64Elements)
    results_ = ods.var_result(HLO_Tensor, name="results")
    body = ods.region(1)
    traits = (RecursiveMemoryEffects(), SameVariadicOperandSize())
    compatible_return_types = staticmethod(inf.compatible_types)

    @classmethod
    def infer_result_types(cls, op: Operation) -> "list[Type] | None":
        inputs = op.inputs
        reduction_body_types(op, inputs)
        inf.verify_reduce_window_window(op, inputs, *(inf.ints(cls.get(op, f)) for f in (
            "window_dimensions", "window_strides", "base_dilations", "window_dilations")), op.padding)
        elems = _body_result_elements(op, len(inputs))
        if elems is None or any(not isinstance(v.type, RankedTensorType) for v in inputs):
            return None
        rank = len(inputs[0].type.shape)

        def dims(field: str, default: int) -> list[int] | None:
            a = cls.get(op, field)
            vals = list(a.values) if a is not None else [default] * rank
            return vals if len(vals) == rank else None

        win, strides = dims("window_dimensions", 1), dims("window_strides", 1)
        base_dil, win_dil = dims("base_dilations", 1), dims("window_dilations", 1)
        pad = op.padding
        pads = pad.flat_values() if pad is not None else [0] * (2 * rank)
        if None in (win, strides, base_dil, win_dil) or len(pads) != 2 * rank or min(strides + base_dil + win_dil) < 1:
            return None
        out = []
        for v, et in zip(inputs, elems):
            shape = tuple(_window_dim(s, win[i], strides[i], pads[2 * i], pads[2 * i + 1], base_dil[i], win_dil[i])
                          for i, s in enumerate(v.type.shape))
            out.append(RankedTensorType(shape, et))
        return out

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        n = len(args) // 2
        return kernels.reduce_window(ctx, op.regions[0], args[:n], args[n:], *ctx.cached(op, kernels.window_attrs))


class SelectAndScatterOp(ShloOp):
    name = "stablehlo.select_and_scatter"
    operand_ = ods.operand(HLO_Tensor, name="operand")
    source = ods.operand(HLO_Tensor)
    init_value = ods.operand(HLO_Tensor)
    window_dimensions = ods.opt_attr(DenseI64Array)
    window_strides = ods.opt_attr(DenseI64Array)
    padding = ods.opt_attr(I64Elements)
    result_ = ods.result(HLO_Tensor, name="result")
    select = ods.region(1)
    scatter = ods.region(1)
    traits = (RecursiveMemoryEffects(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        want = RankedTensorType((), op.operand_.type.element_type)
        b = op.regions[0].blocks[0]
        for i, a in enumerate(b.args):
            if a.type is not want:
                raise fail(op, f"expects the type of select-region's parameter at index {i} to be "
                               f"'{want.text}', but got '{a.type.text}'")
        t, src = inf.ranked(op.operand_.type), inf.ranked(op.source.type)
        if t is not None and src is not None:
            inf.verify_select_and_scatter_window(op, t, src, inf.ints(op.window_dimensions),
                                                 inf.ints(op.window_strides), op.padding)
        # the inferred type (the operand's) is checked after the regions, as MLIR does
        if not inf.compatible_types(op.operand_types[:1], op.result_types):
            raise inference_fail(op, f"inferred type(s) '{op.operand_types[0].text}' are incompatible with return type(s) "
                                     f"of operation '{types_text(op.result_types)}'")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        wd, ws, _, _, pad = ctx.cached(op, kernels.window_attrs)
        return [kernels.select_and_scatter(ctx, op.regions[0], op.regions[1], args[0], args[1], args[2], wd, ws, pad)]


class ScatterOp(ShloOp):
    name = "stablehlo.scatter"
    infer_followup = False  # its region checks are MLIR's verify(), not inference: no second error
    inputs = ods.var_operand(HLO_Tensor)
    scatter_indices = ods.operand(IntOrIndexRankedTensor)
    updates = ods.var_operand(HLO_Tensor)
    scatter_dimension_numbers = ods.attr(dialect_attr("#stablehlo.scatter", "Attribute that models the dimension "
                                                                        "information for scatter"))
    indices_are_sorted = ods.attr(BoolAttrC, default=FALSE)
    unique_indices = ods.attr(BoolAttrC, default=FALSE)
    results_ = ods.var_result(HLO_Tensor, name="results")
    update_computation = ods.region(1)
    traits = (RecursiveMemoryEffects(), SameVariadicOperandSize())
    compatible_return_types = staticmethod(inf.compatible_types)

    @classmethod
    def infer_result_types(cls, op: Operation) -> "list[Type] | None":
        inputs = op.inputs
        reduction_body_types(op, inputs)
        elems = _body_result_elements(op, len(inputs))
        if elems is None or any(not isinstance(v.type, RankedTensorType) for v in inputs):
            return None
        return [RankedTensorType(v.type.shape, et, v.type.encoding) for v, et in zip(inputs, elems)]

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        n = (len(args) - 1) // 2
        f = ctx.cached(op, lambda o: interp_attrs.struct_fields(o.get_attr("scatter_dimension_numbers")))
        return kernels.scatter(ctx, op.regions[0], args[:n], args[n], args[n + 1:], f)

    @classmethod
    def verify(cls, op: Operation) -> None:
        inputs = [inf.ranked(v.type) for v in op.inputs]
        updates = [inf.ranked(v.type) for v in op.updates]
        idx = inf.ranked(op.scatter_indices.type)
        if idx is None or None in inputs or None in updates or not inputs:
            return
        fields = dimension_fields(op.scatter_dimension_numbers.spelling)
        inf.verify_scatter(op, inputs, idx, updates, fields)


class SortOp(ShloOp):
    name = "stablehlo.sort"
    inputs = ods.var_operand(HLO_Tensor)
    dimension = ods.attr(I64Attr, default=IntegerAttr(-1, i64))
    is_stable = ods.attr(BoolAttrC, default=FALSE)
    results_ = ods.var_result(HLO_Tensor, name="results")
    comparator = ods.region(1)
    traits = (RecursiveMemoryEffects(), AtLeastOneOperand(), SameOperandsAndResultShape())

    @classmethod
    def infer_result_types(cls, op: Operation) -> "list[Type]":
        return list(op.operand_types)

    compatible_return_types = staticmethod(inf.compatible_types)

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = inf.ranked(op.operand_types[0])
        if t is not None:
            inf.verify_sort_dimension(op, t, op.dimension.value)
        b = op.regions[0].blocks[0]
        want = [RankedTensorType((), t.element_type) for t in op.operand_types for _ in (0, 1)]
        if len(b.args) != len(want):
            raise fail(op, f"comparator block should have {len(want)} arguments")
        for i, (a, w) in enumerate(zip(b.args, want)):
            if a.type is not w:
                raise fail(op, f"comparator block argument #{i} should be of type '{w.text}' but got "
                               f"'{a.type.text}'")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        dim, stable = ctx.cached(op, lambda o: (interp_attrs.int_attr(o, "dimension", -1), interp_attrs.bool_attr(o, "is_stable")))
        if dim < 0:
            dim += np.asarray(args[0]).ndim
        return kernels.sort(ctx, op.regions[0], args, dim, stable)


class MapOp(ShloOp):
    name = "stablehlo.map"
    inputs = ods.var_operand(HLO_Tensor)
    dimensions = ods.attr(DenseI64Array)
    result_ = ods.result(HLO_Tensor, name="result")
    computation = ods.region(1)
    traits = (RecursiveMemoryEffects(), AtLeastOneOperand(), SameOperandsAndResultShape())

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        out = interp_values.dtype_of(op.result_.type)
        return [np.asarray(r).astype(out) for r in interp_regions.apply_region(ctx, op.regions[0], args)]

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type] | None:
        inputs = op.inputs
        if any(inf.ranked(v.type) is None for v in inputs):
            return None
        return inf.infer_map(op, inputs, inf.ints(op.dimensions))

    compatible_return_types = staticmethod(inf.compatible_types)


# ---------------------------------------------------------------------------
# contractions

_DOT_ALGO = "#stablehlo.dot_algorithm"


class DotOp(PrecisionConfigDirectives, ShloOp):
    """`stablehlo.dot %a, %b, precision = [DEFAULT, HIGHEST] : (..) -> ..`"""

    assembly_format = ("$lhs `,` $rhs `` custom<PrecisionConfig>($precision_config) attr-dict `:` "
                       "functional-type(operands, results)")

    name = "stablehlo.dot"
    lhs = ods.operand(HLO_Tensor)
    rhs = ods.operand(HLO_TensorOrPerAxisQuantizedTensor)
    precision_config = ods.opt_attr(PrecisionConfig)
    result_ = ods.result(HLO_TensorOrPerAxisQuantizedTensor, name="result")
    traits = (Pure(),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        a, b = np.asarray(args[0]), np.asarray(args[1])
        return [kernels.dot_general(a, b, (), (), (a.ndim - 1,), (0,), interp_values.dtype_of(op.result_.type))]


class DotGeneralOp(DotDimensionNumbers, PrecisionConfigDirectives, ShloOp):
    """`stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : ...`"""

    local_verify = True  # checks read only the op's own types and attributes

    name = "stablehlo.dot_general"
    lhs = ods.operand(HLO_Tensor)
    rhs = ods.operand(HLO_TensorOrPerAxisQuantizedTensor)
    dot_dimension_numbers = ods.attr(IsA(DotDimensionNumbersAttr, "Attribute that models the dimension information "
                                                              "for dot."))
    precision_config = ods.opt_attr(PrecisionConfig)
    algorithm = ods.opt_attr(dialect_attr(_DOT_ALGO, "Attribute that models the algorithm constraints to use for "
                                                 "computing dot."))
    result_ = ods.result(HLO_TensorOrPerAxisQuantizedTensor, name="result")
    assembly_format = ("$lhs `,` $rhs `,` custom<DotDimensionNumbers>($dot_dimension_numbers) `` "
                       "custom<PrecisionConfigAndAlgorithm>($precision_config, $algorithm) attr-dict `:` "
                       "functional-type(operands, results)")
    traits = (Pure(),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        def info(o: Operation) -> tuple:
            f = interp_attrs.struct_fields(o.get_attr("dot_dimension_numbers")) if o.get_attr("dot_dimension_numbers") else {}
            keys = ("lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
                    "rhs_contracting_dimensions")
            return tuple(tuple(f.get(k, ())) for k in keys) + (interp_values.dtype_of(o.result_.type),)

        lb, rb, lc, rc, out = ctx.cached(op, info)
        return [kernels.dot_general(args[0], args[1], lb, rb, lc, rc, out)]  # precision_config ignored, as XLA:CPU

    @classmethod
    def verify(cls, op: Operation) -> None:
        lhs, rhs, r = (inf.ranked(t) for t in (*op.operand_types, op.result_types[0]))
        dn = op.dot_dimension_numbers
        if lhs is None or rhs is None or r is None:
            return
        shape = inf.infer_dot_general(op, lhs, rhs, dn.lhs_batching_dimensions, dn.rhs_batching_dimensions,
                                      dn.lhs_contracting_dimensions, dn.rhs_contracting_dimensions,
                                      op.precision_config)
        inf.check_inferred_shape(op, shape, r)
        vq.verify_dot_general_quant(op, lhs, rhs, r, dn.rhs_contracting_dimensions)


class _EinsumForm(ShloOp):
    """`NAME %a[, %b], config = "ab,bc->ac" : (..) -> ..`"""

    traits = (Pure(),)
    attr_syntax = {"einsum_config": UntypedAttr()}


class EinsumOp(_EinsumForm):
    name = "stablehlo.einsum"
    lhs = ods.operand(HLO_Tensor)
    rhs = ods.operand(HLO_Tensor)
    einsum_config = ods.attr(Str)
    result_ = ods.result(HLO_Tensor, name="result")
    assembly_format = "$lhs `,` $rhs `,` `config` `=` $einsum_config attr-dict `:` functional-type(operands, results)"


class UnaryEinsumOp(_EinsumForm):
    name = "stablehlo.unary_einsum"
    operand_ = ods.operand(HLO_Tensor, name="operand")
    einsum_config = ods.attr(Str)
    result_ = ods.result(HLO_Tensor, name="result")
    assembly_format = "$operand `,` `config` `=` $einsum_config attr-dict `:` functional-type(operands, results)"


ConvDimensionNumbers = IsA(ConvDimensionNumbersAttr, "Structure of dimension information for conv op")
PositiveI64 = positive(I64Attr)


class ConvolutionOp(ConvolutionDimensions, WindowAttributes, ShloOp):
    """`stablehlo.convolution(%lhs, %rhs) dim_numbers = ..., window = {...} {attrs} : (..) -> ..`"""

    name = "stablehlo.convolution"
    lhs = ods.operand(HLO_Tensor)
    rhs = ods.operand(HLO_TensorOrPerAxisQuantizedTensor)
    window_strides = ods.opt_attr(DenseI64Array)
    padding = ods.opt_attr(I64Elements)
    lhs_dilation = ods.opt_attr(DenseI64Array)
    rhs_dilation = ods.opt_attr(DenseI64Array)
    window_reversal = ods.opt_attr(DenseBoolArray)
    dimension_numbers = ods.attr(ConvDimensionNumbers)
    feature_group_count = ods.attr(PositiveI64)
    batch_group_count = ods.attr(PositiveI64)
    precision_config = ods.opt_attr(PrecisionConfig)
    result_ = ods.result(HLO_TensorOrPerAxisQuantizedTensor, name="result")
    traits = (Pure(),)
    assembly_format = ("`(` operands `)` `dim_numbers` `=` custom<ConvolutionDimensions>($dimension_numbers) `,` "
                       "`window` `=` `{` custom<WindowAttributes>($window_strides, $padding, $lhs_dilation, "
                       "$rhs_dilation, $window_reversal) `}` attr-dict `:` functional-type(operands, results)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        lhs, rhs, r = (inf.ranked(t) for t in (*op.operand_types, op.result_types[0]))
        if lhs is None or rhs is None or r is None:
            return
        rev = op.window_reversal
        shape = inf.infer_convolution(
            op, lhs, rhs, op.dimension_numbers, inf.ints(op.window_strides),
            op.padding, inf.ints(op.lhs_dilation), inf.ints(op.rhs_dilation),
            list(rev.values) if rev is not None else [], op.feature_group_count.value,
            op.batch_group_count.value, op.precision_config)
        inf.check_inferred_shape(op, shape, r)
        dn = op.dimension_numbers
        vq.verify_convolution_quant(op, lhs, rhs, r, dn.kernel_output_feature_dimension, dn.output_feature_dimension)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        def info(o: Operation) -> tuple:
            return (interp_attrs.conv_dims(o.get_attr("dimension_numbers")), interp_attrs.ints(o.get_attr("window_strides")),
                    interp_attrs.dense_matrix(o.get_attr("padding")), interp_attrs.ints(o.get_attr("lhs_dilation")),
                    interp_attrs.ints(o.get_attr("rhs_dilation")), interp_attrs.ints(o.get_attr("window_reversal")),
                    interp_attrs.int_attr(o, "feature_group_count", 1), interp_attrs.int_attr(o, "batch_group_count", 1),
                    interp_values.dtype_of(o.result_.type))

        return [kernels.convolution(args[0], args[1], *ctx.cached(op, info))]


class DynamicConvOp(ShloOp):
    name = "stablehlo.dynamic_conv"
    lhs = ods.operand(HLO_Tensor)
    rhs = ods.operand(HLO_Tensor)
    d_padding = ods.operand(HLO_Static2DIntTensor)
    window_strides = ods.opt_attr(DenseI64Array)
    lhs_dilation = ods.opt_attr(DenseI64Array)
    rhs_dilation = ods.opt_attr(DenseI64Array)
    window_reversal = ods.opt_attr(DenseBoolArray)
    dimension_numbers = ods.attr(ConvDimensionNumbers)
    feature_group_count = ods.attr(PositiveI64)
    batch_group_count = ods.attr(PositiveI64)
    precision_config = ods.opt_attr(PrecisionConfig)
    result_ = ods.result(HLO_Tensor, name="result")
    traits = (Pure(),)


class FftOp(ShloOp):
    """`stablehlo.fft %x, type = FFT, length = [16] : (..) -> ..`"""

    name = "stablehlo.fft"
    operand_ = ods.operand(HLO_FpOrComplexTensor, name="operand")
    fft_type = ods.attr(enum_attr("fft_type", "XLA fast fourier transform type."))
    fft_length = ods.attr(DenseI64Array)
    result_ = ods.result(HLO_FpOrComplexTensor, name="result")
    assembly_format = ("$operand `,` `type` `=` $fft_type `,` `length` `=` $fft_length attr-dict `:` "
                       "functional-type(operands, results)")
    attr_syntax = {"fft_type": EnumKeyword("fft_type"), "fft_length": DENSE_I64}
    traits = (Pure(),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        kind, lengths, out = ctx.cached(op, lambda o: (interp_attrs.enum_value(o.get_attr("fft_type")), interp_attrs.ints(o.get_attr("fft_length")),
                                                       interp_values.dtype_of(o.result_.type)))
        return [kernels.fft(args[0], kind, lengths, out)]

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type] | None:
        t = inf.ranked(op.operand_.type)
        if t is None:
            return None
        return inf.infer_fft(op, t, op.fft_type.value, inf.ints(op.fft_length))

    compatible_return_types = staticmethod(inf.compatible_types)


class CholeskyOp(SameOperandsAndResultType, ShloOp):
    """`stablehlo.cholesky %a, lower = true : T` (`lower` printed only when true)."""

    name = "stablehlo.cholesky"
    a = ods.operand(HLO_FpComplexOrQuantizedIntTensor)
    lower = ods.attr(BoolAttrC, default=FALSE)
    result_ = ods.result(HLO_FpComplexOrQuantizedIntTensor, name="result")
    assembly_format = ("$a (`,` `lower` `=` $lower^)? attr-dict `:` "
                       "custom<SameOperandsAndResultType>(type($a), type($result))")
    attr_syntax = {"lower": BareInteger(i1)}
    traits = (Pure(), CompatibleOperandsAndResultElementType())


class TriangularSolveOp(ShloOp):
    name = "stablehlo.triangular_solve"
    a = ods.operand(HLO_FpOrComplexTensor)
    b = ods.operand(HLO_FpOrComplexTensor)
    left_side = ods.attr(BoolAttrC)
    lower = ods.attr(BoolAttrC)
    unit_diagonal = ods.attr(BoolAttrC)
    transpose_a = ods.attr(enum_attr("transpose", "Transpose options"))
    result_ = ods.result(HLO_FpOrComplexTensor, name="result")
    traits = (Pure(), CompatibleOperandsAndResultElementType())


_BN = ranked_tensor_of(HLO_Float, HLO_QuantizedInt)
_BN1D = ranked_tensor_of(HLO_Float, HLO_QuantizedInt, rank=1)
F32Attr = Constraint(
    lambda a: AnyFloatAttr(a) and getattr(a.type, "name", "") == "f32", "32-bit float attribute")
NonNegI64 = non_negative(I64Attr)


class _BatchNorm(ShloOp):
    """batch_norm_*: results inferred from the multi- and single-dimensional
    operands named by `_multi` / `_single` (inferBatchNormOp)."""

    _multi: tuple = ()
    _single: tuple = ()
    _inference = False

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type] | None:
        multi, single = [cls.get(op, f) for f in cls._multi], [cls.get(op, f) for f in cls._single]
        if any(inf.ranked(v.type) is None for v in multi + single):
            return None
        return inf.infer_batch_norm(op, multi, single, cls.get(op, "feature_index").value, cls._inference)

    compatible_return_types = staticmethod(inf.compatible_types)


class BatchNormGradOp(_BatchNorm):
    name = "stablehlo.batch_norm_grad"
    operand_ = ods.operand(_BN, name="operand")
    scale = ods.operand(_BN1D)
    mean = ods.operand(_BN1D)
    variance = ods.operand(_BN1D)
    grad_output = ods.operand(_BN)
    epsilon = ods.attr(F32Attr)
    feature_index = ods.attr(NonNegI64)
    grad_operand = ods.result(_BN)
    grad_scale = ods.result(_BN1D)
    grad_offset = ods.result(_BN1D)
    traits = (Pure(), CompatibleOperandsAndResultElementType())
    _multi, _single = ("operand", "grad_output"), ("scale", "mean", "variance")

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["grad_operand", "grad_scale", "grad_offset"]


class BatchNormInferenceOp(_BatchNorm):
    name = "stablehlo.batch_norm_inference"
    operand_ = ods.operand(_BN, name="operand")
    scale = ods.operand(_BN1D)
    offset = ods.operand(_BN1D)
    mean = ods.operand(_BN1D)
    variance = ods.operand(_BN1D)
    epsilon = ods.attr(F32Attr)
    feature_index = ods.attr(NonNegI64)
    result_ = ods.result(_BN, name="result")
    traits = (Pure(), CompatibleOperandsAndResultElementType())
    _multi, _single, _inference = ("operand",), ("scale", "offset", "mean", "variance"), True


class BatchNormTrainingOp(_BatchNorm):
    name = "stablehlo.batch_norm_training"
    operand_ = ods.operand(_BN, name="operand")
    scale = ods.operand(_BN1D)
    offset = ods.operand(_BN1D)
    epsilon = ods.attr(F32Attr)
    feature_index = ods.attr(NonNegI64)
    output = ods.result(_BN)
    batch_mean = ods.result(_BN1D)
    batch_var = ods.result(_BN1D)
    traits = (Pure(), CompatibleOperandsAndResultElementType())
    _multi, _single = ("operand",), ("scale", "offset")

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["output", "batch_mean", "batch_var"]


# ---------------------------------------------------------------------------
# control flow

class WhileOp(ShloOp):
    """`stablehlo.while(%iterArg = %x) : T attributes {..} cond { .. } do { .. }`
    (grammar rules stablehlo_while*)."""

    name = "stablehlo.while"
    operand_ = ods.var_operand(HLO_TensorOrPerAxisQuantizedTensorOrTokenOrBuffer, name="operand")
    results_ = ods.var_result(HLO_TensorOrPerAxisQuantizedTensorOrTokenOrBuffer, name="results")
    cond = ods.region(1)
    body = ods.region(1)
    traits = (RecursiveMemoryEffects(),)
    syntax_token = None  # a form with regions: read as ASM_OP

    @classmethod
    def verify(cls, op: Operation) -> None:
        cond, body = op.regions[0].blocks[0], op.regions[1].blocks[0]
        ins = op.operand_types
        for what, ts in (("condition block arguments", [a.type for a in cond.args]),
                         ("body block arguments", [a.type for a in body.args])):
            if not inf.compatible_types(ins, ts):  # dynamic dims match static ones, as in MLIR
                raise fail(op, f"expect operands to be compatible with {what} but got '{types_text(ins)}' vs "
                               f"'{types_text(ts)}'")
        bret = body.last_op
        bts = bret.operand_types if bret is not None else []
        if not inf.compatible_types(ins, bts):
            raise fail(op, f"expect operands to be compatible with body block return types but got "
                           f"'{types_text(ins)}' vs '{types_text(bts)}'")
        cret = cond.last_op
        cts = cret.operand_types if cret is not None else []
        if len(cts) != 1 or not (isinstance(cts[0], RankedTensorType) and not cts[0].shape
                                 and cts[0].element_type is i1):
            raise fail(op, "expect condition block return a zero-ranked tensor of i1 but got "
                           + (f"'{types_text(cts)}'" if len(cts) == 1 else f"{len(cts)} values"))
        if not inf.compatible_types(ins, op.result_types):
            raise inference_fail(op, f"inferred type(s) '{types_text(ins)}' are incompatible with return type(s) of "
                                     f"operation '{types_text(op.result_types)}'")

    @classmethod
    def parse_asm(cls, p: OpAsmParser) -> tuple:
        """hlo::parseWhileOp: `(%iterArg = %x, ...) : T, ... attributes {..} cond {..} do {..}`."""
        at = p.location()
        args, refs = [], []
        p.parse_punct("(")
        while not p.parse_optional_punct(")"):
            args.append(p.parse_argument(allow_type=False))
            p.parse_punct("=")
            refs.append(p.parse_operand())
            if p.parse_optional_punct(")"):
                break
            p.parse_comma()
        r = p.resolver
        types = []
        if refs:
            p.parse_colon()
            types = r.types(p.parse_type_list())
        operands = r.operands(refs, types, at)
        for a, t in zip(args, types):
            a.type = t
        attrs = p.parse_optional_attr_dict_with_keyword()
        p.parse_keyword("cond")
        cond = p.parse_region(args)
        p.parse_keyword("do")
        body = p.parse_region(args)
        return operands, types, attrs, cond, body

    @classmethod
    def build_asm(cls, r: OpAsmResolver, state: tuple) -> Operation:
        operands, types, attrs, cond, body = state
        a = r.attr(attrs) if attrs is not None else None
        return Operation(cls.name, operands, types, None, a, [cond, body])

    @classmethod
    def print_asm(cls, op: Operation, p: OpAsmPrinter) -> bool:
        if len(op.regions) != 2 or any(len(r.blocks) != 1 for r in op.regions) or len(op.properties):
            return False
        cond, body = op.regions
        if len(cond.blocks[0].args) != len(op.operands) or len(body.blocks[0].args) != len(op.operands):
            return False
        p.write("(")
        for i, (a, v) in enumerate(zip(cond.blocks[0].args, op.operands)):
            if i:
                p.write(", ")
            p.print_operand(a)
            p.write(" = ")
            p.print_operand(v)
        p.write(")")
        if op.operands:
            p.write(" : ")
            p.print_types(op.operand_types)
        p.print_optional_attr_dict(op.attributes, (), True)
        p.print_newline()
        p.write("cond ")
        p.print_region(cond)
        p.write(" do ")
        p.print_region(body)
        return True

    @classmethod
    def custom_prints_entry_args(cls, op, region_index: int = 0) -> bool:
        """`cond`/`do` regions print without their `%iterArg` arguments."""
        return False

    @classmethod
    def asm_block_arg_names(cls, op, region):
        if not region.blocks:
            return []
        return [(a, "iterArg") for a in region.blocks[0].args]

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        cond, loop = op.regions
        vals = list(args)
        while bool(np.asarray(ctx.run_region(cond, vals)[0])):
            vals = ctx.run_region(loop, vals)
        return vals


class IfOp(ShloOp):
    name = "stablehlo.if"
    pred = ods.operand(HLO_PredTensor)
    results_ = ods.var_result(HLO_TensorOrPerAxisQuantizedTensorOrToken, name="results")
    true_branch = ods.region(1)
    false_branch = ods.region(1)
    traits = (RecursiveMemoryEffects(),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return ctx.run_region(op.regions[0] if bool(np.asarray(args[0])) else op.regions[1], [])

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type] | None:
        t = inf.ranked(op.pred.type)
        return None if t is None else inf.infer_conditional(op, t)

    compatible_return_types = staticmethod(inf.compatible_types)


class CaseOp(ShloOp):
    name = "stablehlo.case"
    index = ods.operand(I32RankedTensor)
    results_ = ods.var_result(HLO_TensorOrPerAxisQuantizedTensorOrToken, name="results")
    branches = ods.var_region(1)
    traits = (RecursiveMemoryEffects(),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        i = int(np.asarray(args[0]))
        n = len(op.regions)
        return ctx.run_region(op.regions[i if 0 <= i < n else n - 1], [])  # out of range: the last branch

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type] | None:
        t = inf.ranked(op.index.type)
        return None if t is None else inf.infer_conditional(op, t)

    compatible_return_types = staticmethod(inf.compatible_types)


class ReturnOp(ShloOp):
    """`stablehlo.return %a, %b : T, U`"""

    name = "stablehlo.return"
    results_ = ods.var_operand(HLO_TensorOrPerAxisQuantizedTensorOrTokenOrBuffer, name="results")
    traits = (Terminator(), ReturnLike(), Pure())
    assembly_format = "$results attr-dict (`:` type($results)^)?"
    syntax_token = None  # no `: type` without operands: read as ASM_OP


OPS = (ReduceOp, ReduceWindowOp, SelectAndScatterOp, ScatterOp, SortOp, MapOp, DotOp, DotGeneralOp, EinsumOp,
       UnaryEinsumOp, ConvolutionOp, DynamicConvOp, FftOp, CholeskyOp, TriangularSolveOp, BatchNormGradOp,
       BatchNormInferenceOp, BatchNormTrainingOp, WhileOp, IfOp, CaseOp, ReturnOp)
