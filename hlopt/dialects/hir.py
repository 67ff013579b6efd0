"""hir: nvFuser-style host IR (FEATURES.md section 4).

Fusion ops compute on tensors whose types carry a `#hir.sharding` encoding
(hlopt/dialects/hir_attrs.py). Each has a value form (`%r = hir.add %a, %b`)
and, in host programs where a tensor value names a buffer, a
destination-passing form (`hir.add %a, %b into %c`). Host ops launch
kernels, allocate and alias buffers, run communications and manage streams
and events. hir has no upstream text form: its custom forms are hlopt's own,
declared on the ops (assembly formats, and the op_asm API where a form is
not declarative: the fusion ops' optional destination, hir.kernel's
`%arg = %v` list, the handle ops' implied types).
"""

from __future__ import annotations

import re
from typing import Any, cast

from hlopt.dialects.hir_attrs import (
    EventType,
    RequestType,
    StreamType,
    axes_of,
    didx_axis,
    drop_axis,
    mesh_of,
    parse_hir_attr,
    parse_hir_type,
)
from hlopt.ir.attributes import DenseArrayAttr, IntegerAttr, StringAttr
from hlopt.ir.constraints import (
    DenseI64Array,
    FlatSymbolRef,
    I64Attr,
    Index,
    IsA,
    RankedTensorOf,
    StrOneOf,
)
from hlopt.ir.core import Operation
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import (
    ALLOCATE,
    READ,
    WRITE,
    CallOpInterface,
    Effect,
    InferTypeOpInterface,
    MemoryEffectsInterface,
)
from hlopt.ir.opdef import (
    OpDef,
    attr,
    operand,
    opt_attr,
    opt_operand,
    opt_result,
    region,
    result,
    var_operand,
    var_result,
)
from hlopt.ir.traits import (
    HasParent,
    IsolatedFromAbove,
    Pure,
    ReturnLike,
    SingleBlock,
    Terminator,
    op_error,
)
from hlopt.ir.types import FunctionType, IndexType, RankedTensorType, Type, i64
from hlopt.syntax import (
    AttrSyntax,
    BareInteger,
    DenseI64List,
    FixedType,
    OpAsmParser,
    OpAsmPrinter,
    OpAsmResolver,
)

Tensor = RankedTensorOf(summary="ranked tensor of any type values")
Stream = IsA(StreamType, "hir stream")
Event = IsA(EventType, "hir event")
Request = IsA(RequestType, "hir request")

COMM_KINDS = ("allgather", "allreduce", "reducescatter", "reduce", "gather", "scatter", "broadcast", "sendrecv",
              "alltoall")
REDUCE_OPS = ("sum", "max", "min")


def _i64s(a: Any) -> list[int]:
    return [int(v) for v in a.values] if isinstance(a, DenseArrayAttr) else []


class _Word(AttrSyntax):
    """A StrAttr written as a bare keyword (`allgather`, `sum`)."""

    def can_start(self, p: OpAsmParser) -> bool:
        c = p.text[p.pos:p.pos + 1]
        return c.isalpha() or c == "_"

    def parse(self, p: OpAsmParser, name: str) -> Any:
        w = p.parse_optional_keyword()
        if w is None:
            raise p.error(f"expected keyword for attribute '{name}'")
        return StringAttr(w)

    def printable(self, a: Any) -> bool:
        return isinstance(a, StringAttr) and a.value.isidentifier()

    def print(self, p: OpAsmPrinter, a: Any) -> None:
        p.print_alias_free(a, a.value)


_WORD = _Word()
_I64 = BareInteger(i64)
_TEAM = DenseI64List()


def _ints(p: OpAsmParser) -> list[int]:
    """`[1, 2]` (possibly empty)."""
    p.parse_punct("[")
    out: list[int] = []
    if not p.parse_optional_punct("]"):
        while True:
            out.append(p.parse_integer())
            if p.parse_optional_punct("]"):
                return out
            p.parse_comma()
    return out


# ---------------------------------------------------------------------------
# fusion ops: value form or destination-passing form


class ComputeOp(OpDef, MemoryEffectsInterface):
    """Base of the fusion ops: `out` (destination) xor `result`."""

    kind_name = ""  # set, elementwise, reduction, matmul: what segmentation policies ask

    # the inputs are the leading operands, the optional `out` the last one
    # (read directly: passes ask this of every op)
    @classmethod
    def num_inputs(cls) -> int:
        return len(cls.operand_defs) - 1

    @classmethod
    def inputs(cls, op: Operation) -> list:
        return op.operands[:len(cls.operand_defs) - 1]

    @classmethod
    def dest(cls, op: Operation) -> Any:
        ops = op.operands
        n = len(cls.operand_defs) - 1
        return ops[n] if len(ops) > n else None

    @classmethod
    def dest_type(cls, op: Operation) -> Type:
        out = cls.dest(op)
        return out.type if out is not None else op.result_.type  # (every fusion op declares `result`)

    @classmethod
    def effects(cls, op: Operation) -> list[Effect]:
        out = cls.dest(op)
        if out is None:
            return []
        return [Effect(READ, value=v) for v in cls.inputs(op)] + [Effect(WRITE, value=out)]

    @classmethod
    def verify(cls, op: Operation) -> None:
        out = cls.dest(op)
        if (out is None) == (not op.results):
            raise op_error(op, "expects either a result or an 'into' destination, not both")
        cls.verify_shapes(op, [v.type for v in cls.inputs(op)], cls.dest_type(op))

    @classmethod
    def verify_shapes(cls, op: Operation, ins: list[Type], out: Type) -> None:
        for t in ins:
            if t.element_type is not out.element_type:
                raise op_error(op, "requires the same element type for all operands and results")

    # -- the form: `NAME %a[, %b][ extra][ into %out] {attrs} : A -> R` (one input) or `: (A, B) -> R`
    @classmethod
    def parse_asm(cls, p: OpAsmParser) -> dict:
        st: dict[str, Any] = {"ins": [p.parse_operand()]}
        for _ in range(cls.num_inputs() - 1):
            p.parse_comma()
            st["ins"].append(p.parse_operand())
        st["props"] = cls.parse_extra(p)
        st["out"] = p.parse_operand() if p.parse_optional_keyword("into") is not None else None
        st["attrs"] = p.parse_optional_attr_dict()
        p.parse_colon()
        st["at"] = p.location()
        if cls.num_inputs() == 1:
            st["types"] = [p.parse_type()]
        else:
            p.parse_punct("(")
            st["types"] = p.parse_type_list()
            p.parse_punct(")")
        p.parse_punct("->")
        st["dest"] = p.parse_type()
        return st

    @classmethod
    def build_asm(cls, r: OpAsmResolver, st: dict) -> Operation:
        dest = r.type(st["dest"])
        operands = r.operands(st["ins"], r.types(st["types"]), st["at"])
        if st["out"] is not None:
            operands.append(r.operand(st["out"], dest))
        props, attrs = r.split_attrs(cls.name, r.attr(st["attrs"]) if st["attrs"] is not None else None)
        merged = dict(st["props"])
        if props is not None:
            merged.update(props.entries)
        return cls(cls.name, operands, [] if st["out"] is not None else [dest], merged or None, attrs)

    @classmethod
    def print_asm(cls, op: Operation, p: OpAsmPrinter) -> bool:
        out = cls.dest(op)
        ins = cls.inputs(op)
        p.write(" ")
        p.print_operands(ins)
        cls.print_extra(op, p)
        if out is not None:
            p.write(" into ")
            p.print_operand(out)
        p.print_optional_attr_dict(op.attributes)
        p.write(" : ")
        dest = cls.dest_type(op)
        if len(ins) == 1:
            p.print_type(ins[0].type)
            p.write(" -> ")
            p.print_type(dest)
        else:
            p.print_functional_type([v.type for v in ins], [dest])
        return True

    @classmethod
    def parse_extra(cls, p: OpAsmParser) -> dict:
        return {}

    @classmethod
    def print_extra(cls, op: Operation, p: OpAsmPrinter) -> None:
        pass


def compute_def(op: Operation) -> type[ComputeOp]:
    """The definition of a fusion op (callers know `op` is one)."""
    d = op.opdef
    if d is None or not issubclass(d, ComputeOp):
        raise TypeError(f"'{op.name}' is not a fusion op")
    return d


def _same_shape(op: Operation, ins: list[Type], out: Type) -> None:
    for t in ins:
        if t.shape != out.shape:
            raise op_error(op, f"operand shape {list(t.shape)} does not match the result shape {list(out.shape)}")


class SetOp(ComputeOp):
    name = "hir.set"
    summary = "Copy a tensor (re-sharding it when the encodings differ)"
    kind_name = "set"
    input = operand(Tensor)
    out = opt_operand(Tensor)
    result_ = opt_result(Tensor, name="result")

    @classmethod
    def verify_shapes(cls, op: Operation, ins: list[Type], out: Type) -> None:
        super().verify_shapes(op, ins, out)
        _same_shape(op, ins, out)


def _unary(op_name: str, summary: str) -> type[ComputeOp]:
    body = {"name": op_name, "summary": summary, "kind_name": "elementwise",
            "input": operand(Tensor), "out": opt_operand(Tensor), "result_": opt_result(Tensor, name="result"),
            "verify_shapes": SetOp.verify_shapes}
    return type(op_name.split(".")[1].title() + "Op", (ComputeOp,), body)


def _binary(op_name: str, summary: str) -> type[ComputeOp]:
    body = {"name": op_name, "summary": summary, "kind_name": "elementwise",
            "lhs": operand(Tensor), "rhs": operand(Tensor), "out": opt_operand(Tensor),
            "result_": opt_result(Tensor, name="result"), "verify_shapes": SetOp.verify_shapes}
    return type(op_name.split(".")[1].title() + "Op", (ComputeOp,), body)


AbsOp = _unary("hir.abs", "Elementwise absolute value")
NegOp = _unary("hir.neg", "Elementwise negation")
ExpOp = _unary("hir.exp", "Elementwise exponential")
AddOp = _binary("hir.add", "Elementwise addition")
SubOp = _binary("hir.sub", "Elementwise subtraction")
MulOp = _binary("hir.mul", "Elementwise multiplication")
DivOp = _binary("hir.div", "Elementwise division")


def _matmul_layout(ra: int, rb: int) -> tuple[int, int, int, int]:
    """numpy.matmul's layout: (lhs batch rank, rhs batch rank, result batch rank, result rank)."""
    ba, bb = max(ra - 2, 0), max(rb - 2, 0)
    bo = max(ba, bb)
    return ba, bb, bo, bo + (ra >= 2) + (rb >= 2)


def matmul_shape(a: tuple, b: tuple) -> tuple | None:
    """ATen's (numpy's) matmul result shape: batch dimensions aligned from
    the right and broadcast (equal, or 1 on one side)."""
    if not a or not b:
        return None
    ka = a[-1]
    kb = b[-2] if len(b) >= 2 else b[0]
    ba, bb, bo, _ = _matmul_layout(len(a), len(b))
    batch_a, batch_b = (1,) * (bo - ba) + tuple(a[:ba]), (1,) * (bo - bb) + tuple(b[:bb])
    if ka != kb:
        return None
    out: tuple = ()
    for x, y in zip(batch_a, batch_b):
        if x != y and 1 not in (x, y):
            return None
        out += (y if x == 1 else x,)
    if len(a) >= 2:
        out += (a[-2],)
    if len(b) >= 2:
        out += (b[-1],)
    return out


class MatmulOp(ComputeOp):
    """ATen's matmul on tensors: `[..., M, K] x [..., K, N] -> [..., M, N]`;
    a 1-D operand is a vector; batch dimensions broadcast (aligned from the
    right, a 1 stretches), so `[8, 4, 2, 4] x [4, 4, 3] -> [8, 4, 2, 3]`."""

    name = "hir.matmul"
    summary = "(Batched) matrix multiplication"
    kind_name = "matmul"
    lhs = operand(Tensor)
    rhs = operand(Tensor)
    out = opt_operand(Tensor)
    result_ = opt_result(Tensor, name="result")

    @classmethod
    def verify_shapes(cls, op: Operation, ins: list[Type], out: Type) -> None:
        super().verify_shapes(op, ins, out)
        a, b = tuple(ins[0].shape), tuple(ins[1].shape)
        expect = matmul_shape(a, b)
        if expect is None:
            raise op_error(op, f"operand shapes {list(a)} and {list(b)} do not multiply")
        if tuple(out.shape) != expect:
            raise op_error(op, f"result shape {list(out.shape)} does not match the expected {list(expect)}")


class ReduceOp(ComputeOp):
    """Base of hir.sum/max/min: reduce `dims`, which the result drops."""

    kind_name = "reduction"
    input = operand(Tensor)
    out = opt_operand(Tensor)
    result_ = opt_result(Tensor, name="result")
    dims = attr(DenseI64Array)

    @classmethod
    def reduced_dims(cls, op: Operation) -> list[int]:
        return _i64s(op.dims or op.attributes.get("dims"))

    @classmethod
    def verify_shapes(cls, op: Operation, ins: list[Type], out: Type) -> None:
        super().verify_shapes(op, ins, out)
        shape = ins[0].shape
        dims = cls.reduced_dims(op)
        if len(set(dims)) != len(dims) or any(d < 0 or d >= len(shape) for d in dims):
            raise op_error(op, f"dims {dims} must be distinct dimensions of the rank-{len(shape)} operand")
        expect = tuple(n for i, n in enumerate(shape) if i not in dims)
        if tuple(out.shape) != expect:
            raise op_error(op, f"result shape {list(out.shape)} does not match the expected {list(expect)}")

    @classmethod
    def parse_extra(cls, p: OpAsmParser) -> dict:
        p.parse_keyword("dims")
        p.parse_punct("=")
        return {"dims": DenseArrayAttr(i64, _ints(p))}

    @classmethod
    def print_extra(cls, op: Operation, p: OpAsmPrinter) -> None:
        p.write(" dims = [" + ", ".join(map(str, cls.reduced_dims(op))) + "]")


class SumOp(ReduceOp):
    name = "hir.sum"
    summary = "Sum over dimensions"


class MaxOp(ReduceOp):
    name = "hir.max"
    summary = "Maximum over dimensions"


class MinOp(ReduceOp):
    name = "hir.min"
    summary = "Minimum over dimensions"


# ---------------------------------------------------------------------------
# segments and kernels


class KernelOp(OpDef):
    """A fused segment: its operands are the block arguments of its body;
    `hir.yield` gives its results."""

    name = "hir.kernel"
    summary = "A fused segment of a fusion (one kernel after --hir-lower)"
    inputs = var_operand(Tensor)
    outputs = var_result(Tensor)
    body = region(blocks=1)
    traits = (IsolatedFromAbove(), SingleBlock())

    @classmethod
    def verify(cls, op: Operation) -> None:
        b = op.regions[0].blocks[0]
        if [a.type for a in b.args] != op.operand_types:
            raise op_error(op, "expects its body's arguments to match its operands in number and type")
        y = b.last_op
        if y is None or not isinstance(y, YieldOp):
            raise op_error(op, "expects its body to end with 'hir.yield'")
        if y.operand_types != op.result_types:
            raise op_error(op, "expects 'hir.yield' operand types to match its result types")

    # -- the form: `hir.kernel(%arg = %v, ...) : (T, ...) -> (R, ...) [attributes {...}] { ... }`
    @classmethod
    def parse_asm(cls, p: OpAsmParser) -> dict:
        r = p.resolver
        at = p.location()
        p.parse_punct("(")
        args, vals = [], []
        if not p.parse_optional_punct(")"):
            while True:
                args.append(p.parse_argument(allow_type=False))
                p.parse_punct("=")
                vals.append(p.parse_operand())
                if p.parse_optional_punct(")"):
                    break
                p.parse_comma()
        p.parse_colon()
        ref = p.parse_type()
        ft = r.type(ref)
        if not isinstance(ft, FunctionType):
            raise r.error("expected a function type", ref.pos)
        operands = r.operands(vals, ft.inputs, at)
        for a, t in zip(args, ft.inputs):
            a.type = t
        attrs = p.parse_optional_attr_dict_with_keyword()
        return {"operands": operands, "results": ft.results, "attrs": attrs, "body": p.parse_region(args)}

    @classmethod
    def build_asm(cls, r: OpAsmResolver, st: dict) -> Operation:
        attrs = r.attr(st["attrs"]) if st["attrs"] is not None else None
        return cls.build(st["operands"], result_types=st["results"], regions=[st["body"]], attributes=attrs)

    @classmethod
    def print_asm(cls, op: Operation, p: OpAsmPrinter) -> bool:
        b = op.body.blocks[0] if op.body.blocks else None
        if b is None or len(b.args) != len(op.operands):
            return False
        p.write("(")
        for i, (a, v) in enumerate(zip(b.args, op.inputs)):
            if i:
                p.write(", ")
            p.print_operand(a)
            p.write(" = ")
            p.print_operand(v)
        p.write(") : ")
        p.print_functional_type(op.operand_types, op.result_types)
        p.print_optional_attr_dict(op.attributes, keyword=True)
        p.write(" ")
        p.print_region(op.body)
        return True

    @classmethod
    def custom_prints_entry_args(cls, op: Operation, region_index: int = 0) -> bool:
        return False


class YieldOp(OpDef):
    name = "hir.yield"
    summary = "Results of a kernel"
    values = var_operand()
    traits = (Pure(), Terminator(), ReturnLike(), HasParent("hir.kernel"))
    assembly_format = "$values attr-dict (`:` type($values)^)?"


class PostOnStreamOp(OpDef, CallOpInterface):
    """Launch the kernel function `callee` on the current stream."""

    name = "hir.post_on_stream"
    summary = "Launch a kernel on the current stream"
    callee = attr(FlatSymbolRef)
    inputs = var_operand(Tensor)
    outputs = var_result(Tensor)
    assembly_format = "$callee `(` $inputs `)` attr-dict `:` functional-type($inputs, results)"

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        from hlopt.ir.symbols import SymbolCache

        callee = op.callee
        fn = (symbols or SymbolCache()).lookup(op, callee)
        from hlopt.dialects.func import FuncOp

        if not isinstance(fn, FuncOp):
            raise op_error(op, f"'{callee.leaf}' does not reference a valid kernel function")
        ft = fn.function_type.type
        if list(ft.inputs) != op.operand_types or list(ft.results) != op.result_types:
            raise op_error(op, f"type {p_ft(op)} does not match the kernel's type {ft.text}")


def p_ft(op: Operation) -> str:
    from hlopt.ir.types import FunctionType

    return FunctionType(op.operand_types, op.result_types).text


# ---------------------------------------------------------------------------
# buffers


class AllocateOp(OpDef, MemoryEffectsInterface):
    """A buffer of the result type on every device of its mesh (none elsewhere)."""

    name = "hir.allocate"
    summary = "Allocate a tensor buffer on the devices of its mesh"
    result_ = result(Tensor, name="result")
    assembly_format = "attr-dict `:` type($result)"

    @classmethod
    def effects(cls, op: Operation) -> list[Effect]:
        return [Effect(ALLOCATE, value=op.result_)]



class AliasSelectOp(OpDef, InferTypeOpInterface):
    """A view of slice `index` of `input` along `axis` (the axis is dropped)."""

    name = "hir.alias_select"
    summary = "View of one slice of a buffer"
    input = operand(Tensor)
    index = operand(Index)
    axis = attr(I64Attr)
    result_ = result(Tensor, name="result")
    traits = (Pure(),)
    assembly_format = "$input `[` $axis `,` $index `]` attr-dict `:` type($input) `->` type($result)"
    attr_syntax = {"axis": _I64}
    type_inference = (FixedType("index", IndexType()),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.input.type
        ax = op.axis.value
        if not 0 <= ax < len(t.shape):
            raise op_error(op, f"axis {ax} is out of range for a rank-{len(t.shape)} tensor")

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type] | None:
        t = op.input.type
        ax = op.axis
        if not isinstance(t, RankedTensorType) or not isinstance(ax, IntegerAttr) or not 0 <= ax.value < len(t.shape):
            return None
        return [drop_axis(t, ax.value)]


# ---------------------------------------------------------------------------
# communications


def expected_team(kind: str, in_t: Type, out_t: Type) -> list[int]:
    """Devices taking part, as lowering computes them (and the verifier checks)."""
    src, dst = list(mesh_of(in_t)), list(mesh_of(out_t))
    if kind in ("gather", "reduce"):
        team = src + [d for d in dst if d not in src]
    elif kind in ("scatter", "broadcast"):
        team = src + [d for d in dst if d not in src]
    elif kind == "sendrecv":
        team = src + [d for d in dst if d not in src]
    else:
        team = src
    return team


def expected_root(kind: str, in_t: Type, out_t: Type) -> int | None:
    if kind in ("gather", "reduce"):
        return mesh_of(out_t)[0]
    if kind in ("scatter", "broadcast"):
        return mesh_of(in_t)[0]
    return None


def _drop(shape: tuple, axis: int | None) -> tuple:
    return shape if axis is None else shape[:axis] + shape[axis + 1:]


def communication_error(kind: str, in_t: Type, out_t: Type, reducing_op: bool,
                        dynamic_root: bool = False) -> str | None:
    """Why a `kind` communication cannot move `in_t` into `out_t` (with or
    without a reduction operation), or None. A function of the types alone,
    so that lowering can check a (kind, types) pair once, not once per op.
    `dynamic_root`: the root is an operand (a broadcast from any member of
    one mesh: nvFuser's per-iteration broadcast of a stream-parallel
    allgather)."""
    if in_t.element_type is not out_t.element_type:
        return "requires the same element type for input and output"
    src, dst = mesh_of(in_t), mesh_of(out_t)
    di, do = didx_axis(in_t), didx_axis(out_t)
    reducing = kind in ("allreduce", "reduce", "reducescatter")
    if reducing != reducing_op:
        return f"'{kind}' {'requires' if reducing else 'takes no'} a reduction operation"
    if reducing:
        checks = [(di is not None, "requires an input sharded (didx) on the reduced axis"),
                  (tuple(out_t.shape) == _drop(tuple(in_t.shape), di),
                   "requires the output shape to be the input shape without its didx axis")]
    else:
        checks = [(tuple(in_t.shape) == tuple(out_t.shape), "requires input and output of the same shape")]
    if kind == "allgather":
        checks += [(src == dst, "requires the input and output on the same mesh"),
                   (di is not None and do is None, "requires a sharded input and an unsharded output")]
    elif kind == "gather":
        checks += [(di is not None and do is None, "requires a sharded input and an unsharded output"),
                   (len(dst) == 1, "requires a single-device output mesh")]
    elif kind == "scatter":
        checks += [(di is None and do is not None, "requires an unsharded input and a sharded output"),
                   (len(src) == 1, "requires a single-device input mesh")]
    elif kind == "broadcast" and dynamic_root:
        checks += [(di is None and do is None, "requires unsharded input and output"),
                   (src == dst, "with a root operand requires the input and output on the same mesh")]
    elif kind == "broadcast":
        checks += [(di is None and do is None, "requires unsharded input and output"),
                   (len(src) == 1, "requires a single-device input mesh")]
    elif kind == "sendrecv":
        checks += [(len(src) == len(dst), "requires input and output meshes of the same size"),
                   (di == do, "requires the same didx axis on input and output"),
                   (src != dst, "requires different input and output meshes")]
    elif kind == "alltoall":
        checks += [(src == dst, "requires the input and output on the same mesh"),
                   (di is not None and do is not None and di != do,
                    "requires input and output sharded (didx) on different axes")]
    elif kind == "allreduce":
        checks += [(src == dst, "requires the input and output on the same mesh"),
                   (do is None, "requires an unsharded output")]
    elif kind == "reduce":
        checks += [(len(dst) == 1, "requires a single-device output mesh"),
                   (do is None, "requires an unsharded output")]
    elif kind == "reducescatter":
        checks += [(src == dst, "requires the input and output on the same mesh"),
                   (do is not None, "requires a sharded output")]
    for ok, msg in checks:
        if not ok:
            return f"{kind} {msg}"
    for t in (in_t, out_t):
        d = didx_axis(t)
        if d is not None and t.shape[d] % len(mesh_of(t)):
            return f"didx axis of extent {t.shape[d]} does not divide over {len(mesh_of(t))} devices"
    return None


class CommunicationOp(OpDef, MemoryEffectsInterface):
    """Start a collective (or point-to-point transfer) from `input` into the
    buffer `out`; `hir.wait` on its request completes it."""

    name = "hir.communication"
    summary = "Start a communication between the devices of a team"
    input = operand(Tensor)
    out = operand(Tensor)
    root_index = opt_operand(Index)  # the root's team position when it varies (a broadcast per iteration)
    kind = attr(StrOneOf(COMM_KINDS, "communication kind (" + ", ".join(COMM_KINDS) + ")"))
    team = attr(DenseI64Array)
    root = opt_attr(I64Attr)
    reduce = opt_attr(StrOneOf(REDUCE_OPS, "reduction operation (sum, max, min)"))
    request = result(Request)
    assembly_format = ("$kind $input `into` $out `team` `=` $team (`root` `=` $root^)? "
                       "(`root_index` `=` $root_index^)? (`reduce` `=` $reduce^)? attr-dict `:` "
                       "type($input) `into` type($out)")
    attr_syntax = {"kind": _WORD, "team": _TEAM, "root": _I64, "reduce": _WORD}
    type_inference = (FixedType("root_index", IndexType()), FixedType("request", RequestType()))

    @classmethod
    def effects(cls, op: Operation) -> list[Effect]:
        return [Effect(READ, value=op.input), Effect(WRITE, value=op.out)]

    @classmethod
    def verify(cls, op: Operation) -> None:
        kind = op.kind.value
        in_t, out_t = op.input.type, op.out.type
        dynamic = len(op.operands) > 2
        if dynamic and kind != "broadcast":
            raise op_error(op, f"only a broadcast takes a root operand, not a {kind}")
        msg = communication_error(kind, in_t, out_t, op.reduce is not None, dynamic)
        if msg is not None:
            raise op_error(op, msg)
        team = _i64s(op.team)
        want = expected_team(kind, in_t, out_t)
        if team != want:
            raise op_error(op, f"team {team} does not match the meshes of a {kind} (expected {want})")
        root = op.root
        want_root = None if dynamic else expected_root(kind, in_t, out_t)
        if (root.value if root is not None else None) != want_root:
            raise op_error(op, f"{kind} expects " + (f"root = {want_root}" if want_root is not None else "no root"))


def communication_props(kind: str, in_t: Type, out_t: Type, reduce: str | None = None) -> dict:
    props: dict[str, Any] = {"kind": StringAttr(kind),
                             "team": DenseArrayAttr(i64, expected_team(kind, in_t, out_t))}
    root = expected_root(kind, in_t, out_t)
    if root is not None:
        props["root"] = IntegerAttr(root, i64)
    if reduce is not None:
        props["reduce"] = StringAttr(reduce)
    return props


# ---------------------------------------------------------------------------
# point-to-point transfers (the ring lowering of stream-parallel collectives)


class TeamRankOp(OpDef):
    """The running device's position in `team` (nvFuser's rank): the one
    per-device value of an SPMD host program, from which ring peers are
    computed with index arithmetic."""

    name = "hir.team_rank"
    summary = "Position of the running device in a team"
    team = attr(DenseI64Array)
    rank = result(Index)
    traits = (Pure(),)
    assembly_format = "`team` `=` $team attr-dict"
    attr_syntax = {"team": _TEAM}
    type_inference = (FixedType("rank", IndexType()),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        team = _i64s(op.team)
        if not team or len(set(team)) != len(team):
            raise op_error(op, "requires a team of distinct devices")


class _P2POp(OpDef, MemoryEffectsInterface):
    """`hir.send %buf to %peer` / `hir.recv %buf from %peer`: one side of a
    transfer with the team member at position `peer`, started on the
    current stream; `hir.wait` on the request completes it."""

    buffer = operand(Tensor)
    peer = operand(Index)
    team = attr(DenseI64Array)
    request = result(Request)
    type_inference = (FixedType("peer", IndexType()), FixedType("request", RequestType()))
    attr_syntax = {"team": _TEAM}


class SendOp(_P2POp):
    name = "hir.send"
    summary = "Send a buffer to a team member"
    assembly_format = "$buffer `to` $peer `team` `=` $team attr-dict `:` type($buffer)"

    @classmethod
    def effects(cls, op: Operation) -> list[Effect]:
        return [Effect(READ, value=op.buffer)]


class RecvOp(_P2POp):
    name = "hir.recv"
    summary = "Receive a buffer from a team member"
    assembly_format = "$buffer `from` $peer `team` `=` $team attr-dict `:` type($buffer)"

    @classmethod
    def effects(cls, op: Operation) -> list[Effect]:
        return [Effect(WRITE, value=op.buffer)]


_RESULT_DEF = re.compile(r"%[\w$.\-]+\s*(?::\s*\d+\s*)?[=,]")


class _HandleForm:
    """`hir.x %v {attrs}` / `%r = hir.x {attrs}`: the operand's and result's
    types are implied (`operand_type`, `result_type`)."""

    __slots__ = ()  # a mixin of op classes
    name: str
    operand_type: Any = None
    result_type: Any = None

    @classmethod
    def parse_asm(cls, p: OpAsmParser) -> dict:
        st = {"name_end": p.prev_end}
        # a `%x =` (or `%x, %y =`, `%x:2 =`) after an operand-less form starts the next op
        st["v"] = None if _RESULT_DEF.match(p.text, p.pos) else p.parse_optional_operand()
        st["attrs"] = p.parse_optional_attr_dict()
        return st

    @classmethod
    def build_asm(cls, r: OpAsmResolver, st: dict) -> Operation:
        v, ot, rt = st["v"], cls.operand_type, cls.result_type
        if (v is None) != (ot is None):
            raise r.error(f"'{cls.name}' expects {'one operand' if ot is not None else 'no operand'}",
                          v.pos if v is not None else st["name_end"])
        operands = [r.operand(v, ot())] if v is not None else []
        attrs = r.attr(st["attrs"]) if st["attrs"] is not None else None
        return cast(Any, cls).build(*operands, result_types=[rt()] if rt is not None else [], attributes=attrs)

    @classmethod
    def print_asm(cls, op: Operation, p: OpAsmPrinter) -> bool:
        for v in op.operands:
            p.write(" ")
            p.print_operand(v)
        p.print_optional_attr_dict(op.attributes)
        return True


class NullRequestOp(_HandleForm, OpDef):
    """A request for no transfer (waiting on it does nothing): what the
    branch that skips a send to self yields for the deferred wait."""

    name = "hir.null_request"
    summary = "A request that is already complete"
    result_type = RequestType
    request = result(Request)
    traits = (Pure(),)


# ---------------------------------------------------------------------------
# streams, events, requests: one-operand (or none) forms with implicit types


class _HandleOp(_HandleForm, OpDef):
    """`hir.x %v {attrs}` / `%r = hir.x {attrs}`: types are implied."""


class WaitOp(_HandleOp):
    name = "hir.wait"
    summary = "Wait for a communication to complete"
    request = operand(Request)
    operand_type = RequestType


class GetCurrentStreamOp(_HandleOp):
    name = "hir.get_current_stream"
    summary = "The stream current now"
    stream = result(Stream)
    result_type = StreamType


class SetCurrentStreamOp(_HandleOp):
    name = "hir.set_current_stream"
    summary = "Make a stream current: later work is enqueued on it"
    stream = operand(Stream)
    operand_type = StreamType


class SynchronizeOp(_HandleOp):
    name = "hir.synchronize"
    summary = "The current stream waits for the work enqueued on a stream so far"
    stream = operand(Stream)
    operand_type = StreamType


class RecordEventOp(_HandleOp):
    name = "hir.record_event"
    summary = "An event completed when the stream's work so far is done"
    stream = operand(Stream)
    event = result(Event)
    operand_type = StreamType
    result_type = EventType


class WaitEventOp(_HandleOp):
    name = "hir.wait_event"
    summary = "The current stream waits for an event"
    event = operand(Event)
    operand_type = EventType


class StreamOp(OpDef):
    """Stream `index mod pool` of a pool of `pool` streams (0 is not the entry stream)."""

    name = "hir.stream"
    summary = "A stream of the stream pool"
    index = operand(Index)
    pool = attr(I64Attr)
    stream = result(Stream)
    traits = (Pure(),)
    assembly_format = "$index `mod` $pool attr-dict"
    attr_syntax = {"pool": _I64}
    type_inference = (FixedType("index", IndexType()), FixedType("stream", StreamType()))

    @classmethod
    def verify(cls, op: Operation) -> None:
        if op.pool.value < 1:
            raise op_error(op, "requires a pool of at least one stream")



OPS = (SetOp, AbsOp, NegOp, ExpOp, AddOp, SubOp, MulOp, DivOp, MatmulOp, SumOp, MaxOp, MinOp, KernelOp, YieldOp,
       PostOnStreamOp, AllocateOp, AliasSelectOp, CommunicationOp, WaitOp, GetCurrentStreamOp, SetCurrentStreamOp,
       SynchronizeOp, RecordEventOp, WaitEventOp, StreamOp, TeamRankOp, SendOp, RecvOp, NullRequestOp)

DIALECT = Dialect("hir", ops=OPS,
                  parse_attribute=parse_hir_attr, parse_type=parse_hir_type)


def op_signature(op: Operation) -> tuple:
    """Name, properties, operand and result types: all that `is_resharding`,
    `input_axis_map` and the segmentation policies read. Its parts are
    uniqued, so passes can decide once per signature instead of once per op."""
    return (op.name, op.properties, *op.operand_types, *op.result_types)


def is_broadcast_axis(op: Operation, i: int, a: int, o: int | None) -> bool:
    """Axis `a` of input `i`, mapped to result axis `o`, is a broadcast one
    (extent 1 stretched to more): every device and slice uses its one element."""
    d = op.opdef
    return o is not None and d.inputs(op)[i].type.shape[a] == 1 and d.dest_type(op).shape[o] != 1


def is_resharding(op: Operation) -> bool:
    """An input and the output differ in mesh, or an input axis is didx
    where its result axis is not (its shards must move). A replicated input
    axis whose result axis is didx is not resharding: each device takes its
    own chunk (a local slice, as in nvFuser), and neither is a broadcast
    axis (axes matched through the op's dimension mapping)."""
    d = op.opdef
    if d is None or not issubclass(d, ComputeOp):
        return False
    out_t = d.dest_type(op)
    out_axes, out_mesh = axes_of(out_t), mesh_of(out_t)
    for i, v in enumerate(d.inputs(op)):
        t = v.type
        if mesh_of(t) != out_mesh:
            return True
        mapped = input_axis_map(op, i)
        in_axes = axes_of(t)
        for a, kind in enumerate(in_axes):
            o = mapped[a]
            if kind == "didx" and not (o is not None and out_axes[o] == "didx") \
                    and not is_broadcast_axis(op, i, a, o):
                return True
    return False


def local_slices(op: Operation, i: int) -> list[int]:
    """Axes of input `i` that each device slices to its own chunk: not didx
    on the input, didx on the result, not broadcast."""
    d = op.opdef
    t = d.inputs(op)[i].type
    out_axes = axes_of(d.dest_type(op))
    in_axes = axes_of(t)
    return [a for a, o in enumerate(input_axis_map(op, i))
            if o is not None and out_axes[o] == "didx" and in_axes[a] != "didx"
            and not is_broadcast_axis(op, i, a, o)]


def input_axis_map(op: Operation, i: int) -> list[int | None]:
    """For input `i`: the result axis each of its axes becomes (None: reduced)."""
    d = op.opdef
    t = d.inputs(op)[i].type
    rank = len(t.shape)
    if issubclass(d, ReduceOp):
        dims = d.reduced_dims(op)
        out, k = [], 0
        for a in range(rank):
            if a in dims:
                out.append(None)
            else:
                out.append(k)
                k += 1
        return out
    if issubclass(d, MatmulOp):
        ra, rb = (len(v.type.shape) for v in d.inputs(op))
        ba, bb, bo, _ = _matmul_layout(ra, rb)
        m_pos = bo
        n_pos = bo + (ra >= 2)
        if i == 0:
            return [bo - ba + a for a in range(ba)] + ([m_pos, None] if ra >= 2 else [None])
        return [bo - bb + a for a in range(bb)] + ([None, n_pos] if rb >= 2 else [None])
    return list(range(rank))
