"""IREE stream ops of the command phase and their neighbours, in IREE's custom
forms (grammars/stream_cmd.lark), added to the stream dialect by stream.py:

stream.cmd.flush / invalidate / discard (subview effects on a resource),
stream.cmd.serial / concurrent (regions scheduling the commands inside them),
stream.cmd.collective (a collective over a channel),
stream.dispatch.workgroup.id / count / size (a dispatch's grid, in executables).

The helpers (value lookups, `{%size}` lists, affinities, the `ro %r[%o for
%l] : T{%s}` resource items) are stream.py's.
"""

from __future__ import annotations

import re
from typing import Any

from hlopt.dialects.stream_syntax import (
    ANY_RESOURCE,
    BUFFER,
    CHANNEL,
    COLLECTIVE,
    FENCE,
    FILE,
    FLAT_SYMBOL,
    FUNCTION_TYPE_ATTR,
    INDEX,
    NAME,
    PRIMITIVE,
    RESOURCE_OR_PRIMITIVE,
    STREAM_OR_STAGING,
    STREAM_RESOURCE,
    TIMEPOINT,
    USE_RE,
    CollectiveKind,
    DispatchOperands,
    DispatchResources,
    ParameterOperations,
    Piece,
    ShapedFunctionType,
    StreamAsm,
    custom_or_generic,
    dim_uses,
    is_resource,
    operand_groups,
    resources_printable,
    shaped_printable,
    tied_index,
)
from hlopt.dialects.util import visibility_prefix
from hlopt.ir.attributes import (
    ArrayAttr,
    DictionaryAttr,
    IntegerAttr,
    OpaqueAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    symbol_name_text,
)
from hlopt.ir.constraints import I32, I64, Index, IndexAttr
from hlopt.ir.core import Operation, Region
from hlopt.ir.interfaces import AffinityOpInterface, SymbolOpInterface
from hlopt.ir.opdef import (
    OpDef,
    attr,
    operand,
    opt_attr,
    opt_operand,
    region,
    result,
    var_operand,
    var_result,
)
from hlopt.ir.traits import (
    AttrSizedOperandSegments,
    IsolatedFromAbove,
    ParentOneOf,
    Pure,
    SingleBlockImplicitTerminator,
    Symbol,
    op_error,
)
from hlopt.ir.types import FunctionType, i64
from hlopt.syntax import BareInteger

_YIELD = "stream.yield"  # the cmd regions' terminator (stream.py declares it)
_CMD_PARENTS = ("stream.cmd.execute", "stream.cmd.serial", "stream.cmd.concurrent")


# ---------------------------------------------------------------------------
# subview effects: flush, invalidate, discard


class _SubviewOp(StreamAsm, OpDef):
    """`OP [kw(#affinity)] %r[%offset for %length] : T{%size} attributes {...}`."""

    target = operand(ANY_RESOURCE)
    target_size = operand(Index)
    target_offset = operand(Index)
    target_length = operand(Index)
    affinity_keyword = ""  # `to`/`from` before the optional source affinity


class CmdFlushOp(_SubviewOp):
    name = "stream.cmd.flush"
    summary = "Flushes a subview of a resource"
    assembly_format = '(`to` `(` $source_affinity^ `)`)? $target `[` $target_offset `for` $target_length `]` `:` type($target) `` `{` $target_size `}` attr-dict-with-keyword'
    source_affinity = opt_attr()
    affinity_keyword = "to"


class CmdInvalidateOp(_SubviewOp):
    name = "stream.cmd.invalidate"
    summary = "Invalidates a subview of a resource"
    assembly_format = '(`from` `(` $source_affinity^ `)`)? $target `[` $target_offset `for` $target_length `]` `:` type($target) `` `{` $target_size `}` attr-dict-with-keyword'
    source_affinity = opt_attr()
    affinity_keyword = "from"


class CmdDiscardOp(_SubviewOp):
    name = "stream.cmd.discard"
    summary = "Discards a subview of a resource"
    assembly_format = '$target `[` $target_offset `for` $target_length `]` `:` type($target) `` `{` $target_size `}` attr-dict-with-keyword'


# ---------------------------------------------------------------------------
# serial / concurrent regions


class _WaveOp(StreamAsm, OpDef):
    """`stream.cmd.serial { ... } attributes {...}`: the region's stream.yield
    is implicit (printed only when it carries something)."""

    assembly_format = "$body attr-dict-with-keyword"
    body = region(1)
    traits = (ParentOneOf(*_CMD_PARENTS), SingleBlockImplicitTerminator(_YIELD))

    @classmethod
    def verify(cls, op: Operation) -> None:
        for o in op.regions[0].blocks[0].ops if op.regions and op.regions[0].blocks else ():
            if o.name != _YIELD and o.name not in CMD_PHASE:
                raise op_error(o, "explicit execution regions must only contain explicit ops")


class CmdSerialOp(_WaveOp):
    name = "stream.cmd.serial"
    summary = "Executes all ops serially (in-order)"


class CmdConcurrentOp(_WaveOp):
    name = "stream.cmd.concurrent"
    summary = "Executes all ops concurrently"


# ---------------------------------------------------------------------------
# collectives


def _resources_text(p: Any, kinds: list[str], res: Any, offs: Any, lens: Any, sizes: Any) -> str:
    """`{\\n  ro %r[%o for %l] : T{%s},\\n ...\\n}` (IREE's custom<DispatchResources>)."""
    ind = "  " * p.indent
    items = [f"{ind}  {k} {p.value(r)}[{p.value(o)} for {p.value(n)}] : {p.type_text(r.type)}{{{p.value(z)}}}"
             for k, r, o, n, z in zip(kinds, res, offs, lens, sizes)]
    return "{\n" + ",\n".join(items) + f"\n{ind}}}"


_COLLECTIVE_KIND = re.compile(r"#stream\.collective<\s*(\w+)")


class CmdCollectiveOp(DispatchResources, StreamAsm, OpDef):
    name = "stream.cmd.collective"
    summary = "Dispatches a collective operation"
    assembly_format = ("`` $op `` `[` $element_count `]` `channel` `(` $channel `)` "
                       "(`param` `(` $param^ `:` type($param) `)`)? `{` "
                       "custom<DispatchResources>($resources, type($resources), $resource_sizes, $resource_offsets, "
                       "$resource_lengths, $resource_accesses) `\\n` `}` attr-dict-with-keyword")
    attr_syntax = {"op": CollectiveKind()}
    channel = operand(CHANNEL)
    element_count = operand(Index)
    param = opt_operand(I32)
    resources = var_operand(STREAM_RESOURCE)
    resource_sizes = var_operand(Index)
    resource_offsets = var_operand(Index)
    resource_lengths = var_operand(Index)
    op = attr(COLLECTIVE)
    resource_accesses = attr()
    traits = (AttrSizedOperandSegments(),)

    @classmethod
    def asm_printable(cls, op: CmdCollectiveOp) -> bool:
        return bool(op.resources) and isinstance(op.op, OpaqueAttr) and op.op.text.startswith(
            "#stream.collective<") and resources_printable(op.resources, op.resource_accesses, op.resource_sizes,
                                                           op.resource_offsets, op.resource_lengths)

    @classmethod
    def verify(cls, op: Operation) -> None:
        _ch, _n, _p, res, sizes, offs, lens = operand_groups(cls, op)
        acc = op.resource_accesses
        accs = list(acc.elements) if isinstance(acc, ArrayAttr) else []
        n = len(res)
        if not (len(sizes) == len(offs) == len(lens) == len(accs) == n):
            raise op_error(op, f"with {n} resources has mismatched associated ranges")
        m = _COLLECTIVE_KIND.match(op.op.text)
        kind = m.group(1) if m else ""
        need = {"send": (1,), "recv": (2,)}.get(kind, (1, 2))  # ro / wo bits, in order
        if n != len(need):
            raise op_error(op, f"requires {len(need)} resources but {n} provided")
        for i, (bits, a) in enumerate(zip(need, accs)):
            got = int(getattr(a, "value", 0))
            if got & bits != bits:
                raise op_error(op, f"resource {i} requires access {_BITS_NAME[bits]} but is declared as "
                                   f"{_BITS_NAME.get(got, str(got))}")


_BITS_NAME = {0: "None", 1: "Read", 2: "Write", 3: "Read|Write"}


# ---------------------------------------------------------------------------
# external functions and calls to them


def _function_type(t: Any) -> FunctionType | None:
    """The signature an op's `function_type` holds, if it is one."""
    return t.type if isinstance(t, TypeAttr) and isinstance(t.type, FunctionType) else None


def _dict_at(a: Any, i: int) -> Any:
    """The i-th dictionary of arg_attrs/res_attrs, None when absent or empty."""
    if not isinstance(a, ArrayAttr) or i >= len(a):
        return None
    d = a.elements[i]
    return d if isinstance(d, DictionaryAttr) and d.entries else None


def _attrs_text(p: Any, a: Any, i: int) -> str:
    d = _dict_at(a, i)
    return p.attr_dict(d) if d is not None else ""


class _ExternFuncOp(OpDef, SymbolOpInterface):
    """A streamable function declaration (IREE allows only external ones)."""

    sym_name = attr(NAME)
    function_type = attr(FUNCTION_TYPE_ATTR)
    sym_visibility = opt_attr()
    arg_attrs = opt_attr()
    res_attrs = opt_attr()
    body = region()
    traits = (IsolatedFromAbove(), Symbol())

    @classmethod
    def is_declaration(cls, op: Operation) -> bool:
        return True

    @classmethod
    def verify(cls, op: Operation) -> None:
        vis = op.sym_visibility
        # SymbolOpInterface: these are always declarations
        if vis is None or getattr(vis, "value", None) == "public":
            raise op_error(op, "symbol declaration cannot have public visibility")
        # FunctionOpInterface: one dictionary of dialect attributes per argument and result
        ft = _function_type(op.function_type)
        if ft is None:
            return
        for key, count, what in (("arg_attrs", len(ft.inputs), "argument"), ("res_attrs", len(ft.results), "result")):
            a = op.properties.get(key)
            if not isinstance(a, ArrayAttr):
                continue
            if len(a) != count:
                raise op_error(op, f"expects {what} attribute array to have the same number of elements as the "
                                   f"number of function {what}s, got {len(a)}, but expected {count}")
            for d in a.elements:
                if isinstance(d, DictionaryAttr) and any("." not in k for k, _ in d.entries):
                    raise op_error(op, f"{what}s may only have dialect attributes")

    @classmethod
    def signature_text(cls, op: Operation, p: Any, ft: FunctionType) -> str | None:
        raise NotImplementedError

    @classmethod
    @custom_or_generic
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        name, ft = op.sym_name, _function_type(op.function_type)
        if not isinstance(name, StringAttr) or ft is None or len(op.regions) != 1 or op.regions[0].blocks:
            return None
        sig = cls.signature_text(op, p, ft)
        if sig is None:
            return None
        return (f"{cls.name} {visibility_prefix(op)}{symbol_name_text(name.value)}{sig}"
                + p.attr_dict(op.attributes, keyword=True))


class AsyncFuncOp(_ExternFuncOp):
    name = "stream.async.func"
    summary = "Streamable function declaration"
    tied_operands = opt_attr()

    @classmethod
    def signature_text(cls, op: Operation, p: Any, ft: FunctionType) -> str | None:
        # IREE's custom<ShapedFunctionSignature>: arguments are named %argN, results
        # tied to an argument name it (`%arg0`, or `%arg0 as T` when the type changes)
        aa, ra = op.arg_attrs, op.res_attrs
        args = ", ".join(f"%arg{i}: {p.type_text(t)}" + _attrs_text(p, aa, i) for i, t in enumerate(ft.inputs))
        s = f"({args})"
        if not ft.results:
            return s
        ties = _ties(op.tied_operands, len(ft.results))
        outs = []
        for i, (t, tie) in enumerate(zip(ft.results, ties)):
            if 0 <= tie < len(ft.inputs):
                x = f"%arg{tie}" + ("" if ft.inputs[tie] == t else " as " + p.type_text(t))
            elif tie == -1:
                x = p.type_text(t)
            else:
                return None
            outs.append(x + _attrs_text(p, ra, i))
        any_attrs = any(_dict_at(ra, i) is not None for i in range(len(ft.results)))
        return s + " -> " + (outs[0] if len(outs) == 1 and not any_attrs else "(" + ", ".join(outs) + ")")


class CmdFuncOp(_ExternFuncOp):
    name = "stream.cmd.func"
    summary = "Streamable function declaration"

    @classmethod
    def signature_text(cls, op: Operation, p: Any, ft: FunctionType) -> str | None:
        # IREE's custom<DispatchFunctionSignature>: a resource argument carries
        # its offset and length arguments, `%arg0[%arg1 for %arg2]: T`
        aa, ra = op.arg_attrs, op.res_attrs
        items, i, ins = [], 0, ft.inputs
        while i < len(ins):
            t = ins[i]
            x = f"%arg{i}"
            if is_resource(t):
                x += f"[%arg{i + 1} for %arg{i + 2}]"
            items.append(x + f": {p.type_text(t)}" + _attrs_text(p, aa, i))
            i += 3 if is_resource(t) else 1
        s = "(" + ", ".join(items) + ")"
        if not ft.results:
            return s
        outs = [p.type_text(t) + _attrs_text(p, ra, k) for k, t in enumerate(ft.results)]
        return s + " -> " + (outs[0] if len(outs) == 1 else "(" + ", ".join(outs) + ")")


def _ties(t: Any, n: int) -> list[int]:
    """The operand each of n results is tied to (-1: none), from an op's `tied_operands`."""
    ties = [int(getattr(x, "value", -1)) for x in t.elements] if isinstance(t, ArrayAttr) else []
    return (ties + [-1] * n)[:n]


_ARG_RANGE = re.compile(r"\s*(%[\w$.\-]+)\s*\[\s*%[\w$.\-]+\s+for\s+%[\w$.\-]+\s*\]\s*:")


def stream_extern_func(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.dialects import util
    from hlopt.syntax import scan_balanced, split_pieces
    from hlopt.syntax import symbol_name as _symbol_name

    kw, vis, sym, sig, attrs = c
    name = str(kw)
    text, base = str(sig), sig.start_pos
    close = scan_balanced(text, 0)
    inner = text[1:close - 1]
    names, inputs, arg_attrs = [], [], []
    for piece, off in (split_pieces(inner) if inner.strip() else []):
        at = base + 1 + off
        m = _ARG_RANGE.match(piece) if name == CmdFuncOp.name else None
        if m is not None:  # `%arg0[%arg1 for %arg2]: T`: the resource, its offset and its length
            _, t, _, a = s.parse_arg(piece[m.end():], at + m.end(), named=False)
            names += [m.group(1)[1:], "", ""]
            inputs += [t, INDEX, INDEX]
            arg_attrs += [a or DictionaryAttr(), DictionaryAttr(), DictionaryAttr()]
            continue
        n, t, _, a = s.parse_arg(piece, at, named=True)
        names.append(n)
        inputs.append(t)
        arg_attrs.append(a or DictionaryAttr())
    rest = text[close:]
    opname = name
    if name == CmdFuncOp.name:
        names = []  # results are never tied
    # IREE's custom<ShapedFunctionSignature> is util's: util.func reads the same results
    results, res_attrs, ties = util._tied_results(s, rest, base + close, names, inputs, opname)
    props: dict = {"sym_name": StringAttr(_symbol_name(sym)),
                   "function_type": TypeAttr(FunctionType(inputs, results))}
    if vis is not None:
        props["sym_visibility"] = StringAttr(str(vis))
    if arg_attrs:
        props["arg_attrs"] = ArrayAttr(arg_attrs)
    if results:
        props["res_attrs"] = ArrayAttr([a or DictionaryAttr() for a in res_attrs])
        if name == AsyncFuncOp.name:
            props["tied_operands"] = ArrayAttr([IntegerAttr(t, INDEX) for t in ties])
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation(name, [], [], DictionaryAttr(props), a, [Region()]), kw.start_pos


_CALL_PROPS = ("arg_attrs", "res_attrs")


def _check_callee(op: Operation, callee: Any, symbols: Any, kind: str) -> None:
    from hlopt.ir.symbols import SymbolCache

    if isinstance(callee, SymbolRefAttr):
        f = (symbols or SymbolCache()).lookup(op, callee)
        if f is None or (kind and f.name != kind):
            raise op_error(op, f"undefined external call: {callee.root}")


class AsyncCallOp(AffinityOpInterface, DispatchOperands, ShapedFunctionType, StreamAsm, OpDef):
    name = "stream.async.call"
    summary = "Calls a streamable external host function"
    assembly_format = ("(`on` `(` $affinity^ `)`)? $callee `` custom<DispatchOperands>($resource_operands, "
                       "$resource_operand_offsets, $resource_operand_ends, $resource_operand_lengths) attr-dict `:` "
                       "custom<ShapedFunctionType>(ref($resource_operands), type($resource_operands), "
                       "$resource_operand_sizes, type($results), $result_sizes, $tied_operands)")
    asm_strict_properties = True  # arg_attrs/res_attrs print as `<...>`, as iree-opt does
    resource_operands = var_operand()
    resource_operand_sizes = var_operand(Index)
    resource_operand_offsets = var_operand(Index)
    resource_operand_ends = var_operand(Index)
    resource_operand_lengths = var_operand(Index)
    result_sizes = var_operand(Index)
    results_ = var_result(RESOURCE_OR_PRIMITIVE, name="results")
    callee = attr(FLAT_SYMBOL)
    tied_operands = opt_attr()
    arg_attrs = opt_attr()
    res_attrs = opt_attr()
    affinity = opt_attr()
    traits = (AttrSizedOperandSegments(),)

    @classmethod
    def asm_printable(cls, op: AsyncCallOp) -> bool:
        return isinstance(op.callee, SymbolRefAttr) and not op.callee.nested and shaped_printable(
            op.resource_operands, op.resource_operand_sizes, op.results_, op.result_sizes, op.tied_operands, -1,
            op.resource_operand_offsets, op.resource_operand_ends, op.resource_operand_lengths)

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        args, sizes, offs, ends, lens, rsizes = operand_groups(cls, op)
        _check_value_sizes(op, args, sizes)
        _check_value_sizes(op, op.results, rsizes)
        need = sum(1 for v in args if is_resource(v.type))
        if not len(ends) == len(lens) == len(offs):
            raise op_error(op, "mismatch on resource range offsets/ends/lengths; counts must match")
        if len(offs) != need:
            raise op_error(op, f"expects {need} resource range operand sets but {len(offs)} are present")
        if any(not is_resource(r.type) for r in op.results):
            raise op_error(op, "non-resource return values are not yet supported on async calls")
        _check_callee(op, op.callee, symbols, AsyncFuncOp.name)


def _check_value_sizes(op: Operation, values: Any, sizes: Any) -> None:
    """IREE's verifyOpValueSizes: one size per resource value."""
    need = sum(1 for v in values if is_resource(v.type))
    if len(sizes) != need:
        raise op_error(op, f"value set has {need} dynamic dimensions but only {len(sizes)} dimension values "
                           "are attached")


class CmdCallOp(DispatchOperands, ShapedFunctionType, StreamAsm, OpDef):
    name = "stream.cmd.call"
    summary = "Calls a streamable external host function"
    assembly_format = ("$callee `` custom<CmdCallOperands>($resource_operands, $resource_operand_offsets, "
                       "$resource_operand_lengths, $resource_operand_accesses) attr-dict `:` "
                       "custom<ShapedFunctionType>(ref($resource_operands), type($resource_operands), "
                       "$resource_operand_sizes, type($results), $result_sizes, $tied_operands)")
    asm_strict_properties = True  # arg_attrs/res_attrs print as `<...>`, as iree-opt does
    resource_operands = var_operand()
    resource_operand_sizes = var_operand(Index)
    resource_operand_offsets = var_operand(Index)
    resource_operand_lengths = var_operand(Index)
    result_sizes = var_operand(Index)
    results_ = var_result(PRIMITIVE, name="results")
    callee = attr(FLAT_SYMBOL)
    tied_operands = opt_attr()
    arg_attrs = opt_attr()
    res_attrs = opt_attr()
    resource_operand_accesses = attr()
    traits = (AttrSizedOperandSegments(),)

    @classmethod
    def asm_printable(cls, op: CmdCallOp) -> bool:
        acc = op.resource_operand_accesses
        return isinstance(op.callee, SymbolRefAttr) and not op.callee.nested and isinstance(acc, ArrayAttr) \
            and all(isinstance(e, IntegerAttr) and e.value & 3 for e in acc.elements) and shaped_printable(
                op.resource_operands, op.resource_operand_sizes, op.results_, op.result_sizes, op.tied_operands,
                -1, op.resource_operand_offsets, op.resource_operand_lengths, acc.elements)

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        args, sizes, offs, lens, rsizes = operand_groups(cls, op)
        _check_value_sizes(op, args, sizes)
        _check_value_sizes(op, op.results, rsizes)
        need = sum(1 for v in args if is_resource(v.type))
        if len(lens) != len(offs):
            raise op_error(op, "mismatch on resource range offsets/lengths; counts must match")
        if len(offs) != need:
            raise op_error(op, f"expects {need} resource range operand sets but {len(offs)} are present")
        acc = op.resource_operand_accesses
        n = len(acc) if isinstance(acc, ArrayAttr) else 0
        if n != need:
            raise op_error(op, f"expects {need} resource access specifiers but {n} are present")
        _check_callee(op, op.callee, symbols, "")


_AS_KW = re.compile(r"\s+as\s+")


def _result_piece(s: Any, piece: str, at: int, arg_names: list, args: list, opname: str) -> tuple[Any, int, list]:
    from hlopt.syntax import LexError, type_end

    body = piece.strip()
    p0 = at + len(piece) - len(piece.lstrip())
    try:
        m = USE_RE.match(body)
        if m is not None:
            tie = tied_index(s, Piece(m.group(), p0, "VALUE_USE"), arg_names, opname)
            rest, rp = body[m.end():], p0 + m.end()
            a = _AS_KW.match(rest)
            if a is not None:
                e = type_end(rest, a.end())
                if e < 0:
                    raise s.error("expected a type after 'as'", rp + a.end())
                t = s.decode("type", rest[a.end():e], rp + a.end())
                rest, rp = rest[e:], rp + e
            else:
                t = args[tie].type
        else:
            tie = -1
            e = type_end(body, 0)
            if e < 0:
                raise s.error("expected a result type", p0)
            t = s.decode("type", body[:e], p0)
            rest, rp = body[e:], p0 + e
    except LexError as ex:
        raise s.error(str(ex), p0) from None
    lead = len(rest) - len(rest.lstrip())
    dims = dim_uses(s, Piece(rest.strip(), rp + lead)) if rest.strip() else []
    return t, tie, dims


# ---------------------------------------------------------------------------
# parameters and files: `%scope::%key[%offset]` references into parameter archives


_V = r"%[\w$.\-]+(?:#\d+)?"
_REF = rf"({_V})(?:\s*::\s*({_V}))?\s*\[\s*({_V})\s*\]"


def _i64(s: Any, pos: int) -> Any:
    return s.decode("type", "i64", pos)


class _ParamOp(AffinityOpInterface, StreamAsm, OpDef):
    """Shared by the parameter ops: results named as IREE names them."""

    result_names: tuple = ()

    @classmethod
    def asm_result_names(cls, op: Operation) -> list | None:
        if cls.result_names == ("results", "result_timepoint"):
            n = len(op.results) - 1
            return None if n < 0 else [("results", n), "result_timepoint"] if n else ["result_timepoint"]
        return list(cls.result_names) if len(op.results) == len(cls.result_names) else None


class AsyncParameterLoadOp(_ParamOp):
    name = "stream.async.parameter.load"
    summary = "Allocates and loads a new resource from a parameter archive"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)`)? custom<ParameterReference>($source_scope, $source_key) `` `[` $source_offset `]` `:` type($result_) `` `{` $result_size `}` `=` `` `>` type($result_timepoint) attr-dict-with-keyword'
    await_timepoint = opt_operand(TIMEPOINT)
    source_scope = opt_operand(BUFFER)
    source_key = operand(BUFFER)
    source_offset = operand(I64)
    result_size = operand(Index)
    result_ = result(STREAM_RESOURCE)
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()
    traits = (AttrSizedOperandSegments(), Pure())
    result_names = ("result", "result_timepoint")


class AsyncParameterReadOp(_ParamOp):
    name = "stream.async.parameter.read"
    summary = "Reads a resource from a parameter archive"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)`)? custom<ParameterReference>($source_scope, $source_key) `` `[` $source_offset `]` `->` $target `` `[` $target_offset `to` $target_end `for` $target_length `]` `:` type($target) `` `{` $target_size `}` `=` `` `>` type($result_timepoint) attr-dict-with-keyword'
    same_types = (("target", "result_"),)
    target = operand(STREAM_RESOURCE)
    target_size = operand(Index)
    target_offset = operand(Index)
    target_end = operand(Index)
    target_length = operand(Index)
    source_scope = opt_operand(BUFFER)
    source_key = operand(BUFFER)
    source_offset = operand(I64)
    await_timepoint = opt_operand(TIMEPOINT)
    result_ = result(STREAM_RESOURCE)
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()
    traits = (AttrSizedOperandSegments(),)
    result_names = ("result", "result_timepoint")


class AsyncParameterWriteOp(_ParamOp):
    name = "stream.async.parameter.write"
    summary = "Writes a resource to a parameter archive"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)`)? $source `` `[` $source_offset `to` $source_end `for` $source_length `]` `->` custom<ParameterReference>($target_scope, $target_key) `` `[` $target_offset `]` `:` type($source) `` `{` $source_size `}` `=` `` `>` type($result_timepoint) attr-dict-with-keyword'
    same_types = (("source", "result_"),)
    source = operand(STREAM_RESOURCE)
    source_size = operand(Index)
    source_offset = operand(Index)
    source_end = operand(Index)
    source_length = operand(Index)
    target_scope = opt_operand(BUFFER)
    target_key = operand(BUFFER)
    target_offset = operand(I64)
    await_timepoint = opt_operand(TIMEPOINT)
    result_ = result(STREAM_RESOURCE)
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()
    traits = (AttrSizedOperandSegments(),)
    result_names = ("result", "result_timepoint")


class CmdParameterReadOp(_ParamOp):
    name = "stream.cmd.parameter.read"
    summary = "Reads a resource from a parameter archive"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)` `=` `` `>`)? custom<ParameterReference>($source_scope, $source_key) `` `[` $source_offset `]` `->` $target `[` $target_offset `for` $target_length `]` `:` type($target) `` `{` $target_size `}` `=` `` `>` type($result_timepoint) attr-dict-with-keyword'
    source_scope = opt_operand(BUFFER)
    source_key = operand(BUFFER)
    source_offset = operand(I64)
    target = operand(STREAM_RESOURCE)
    target_size = operand(Index)
    target_offset = operand(Index)
    target_length = operand(Index)
    await_timepoint = opt_operand(TIMEPOINT)
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()
    traits = (AttrSizedOperandSegments(),)


class CmdParameterWriteOp(_ParamOp):
    name = "stream.cmd.parameter.write"
    summary = "Writes a resource to a parameter archive"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)` `=` `` `>`)? $source `[` $source_offset `for` $source_length `]` `:` type($source) `` `{` $source_size `}` `->` custom<ParameterReference>($target_scope, $target_key) `` `[` $target_offset `]` `=` `` `>` type($result_timepoint) attr-dict-with-keyword'
    source = operand(STREAM_RESOURCE)
    source_size = operand(Index)
    source_offset = operand(Index)
    source_length = operand(Index)
    target_scope = opt_operand(BUFFER)
    target_key = operand(BUFFER)
    target_offset = operand(I64)
    await_timepoint = opt_operand(TIMEPOINT)
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()
    traits = (AttrSizedOperandSegments(),)


def _same_count(op: Operation, groups: list, message: str) -> None:
    if len({len(g) for g in groups}) > 1:
        raise op_error(op, message)


class AsyncParameterGatherOp(ParameterOperations, _ParamOp):
    name = "stream.async.parameter.gather"
    summary = "Gathers multiple resources from a parameter archive"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)`)? `{` custom<AsyncParameterGatherOperations>($source_scope, $source_keys, $source_offsets, $target, type($target), $target_size, $target_offsets, $target_ends, $target_lengths) `}` `:` type($result_) `=` `` `>` type($result_timepoint) attr-dict-with-keyword'
    source_scope = opt_operand(BUFFER)
    source_keys = var_operand(BUFFER)
    source_offsets = var_operand(I64)
    target = operand(STREAM_RESOURCE)
    target_size = operand(Index)
    target_offsets = var_operand(Index)
    target_ends = var_operand(Index)
    target_lengths = var_operand(Index)
    await_timepoint = opt_operand(TIMEPOINT)
    result_ = result(STREAM_RESOURCE)
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()
    traits = (AttrSizedOperandSegments(),)
    result_names = ("result", "result_timepoint")

    @classmethod
    def verify(cls, op: Operation) -> None:
        _s, keys, offs, _t, _z, tos, tes, tls, _tp = operand_groups(cls, op)
        _same_count(op, [keys, offs, tos, tes, tls], "requires that the source keys, source offsets, target offsets, "
                                                     "target ends, and lengths are all 1:1")


class AsyncParameterScatterOp(ParameterOperations, _ParamOp):
    name = "stream.async.parameter.scatter"
    summary = "Scatters multiple resources to a parameter archive"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)`)? `{` custom<AsyncParameterScatterOperations>($source, type($source), $source_size, $source_offsets, $source_ends, $source_lengths, $target_scope, $target_keys, $target_offsets) `}` `:` type($result_) `=` `` `>` type($result_timepoint) attr-dict-with-keyword'
    source = operand(STREAM_RESOURCE)
    source_size = operand(Index)
    source_offsets = var_operand(Index)
    source_ends = var_operand(Index)
    source_lengths = var_operand(Index)
    target_scope = opt_operand(BUFFER)
    target_keys = var_operand(BUFFER)
    target_offsets = var_operand(I64)
    await_timepoint = opt_operand(TIMEPOINT)
    result_ = result(STREAM_RESOURCE)
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()
    traits = (AttrSizedOperandSegments(),)
    result_names = ("result", "result_timepoint")

    @classmethod
    def verify(cls, op: Operation) -> None:
        _t, _z, sos, ses, sls, _s, keys, offs, _tp = operand_groups(cls, op)
        _same_count(op, [keys, sos, ses, sls, offs], "requires that the source offsets, source ends, lengths, "
                                                     "target keys, and target offsets are all 1:1")


class CmdParameterGatherOp(ParameterOperations, _ParamOp):
    name = "stream.cmd.parameter.gather"
    summary = "Gathers multiple resources from a parameter archive"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)` `=` `` `>`)? `{` custom<CmdParameterGatherOperations>($source_scope, $source_keys, $source_offsets, $target, type($target), $target_size, $target_offsets, $target_lengths) `}` `=` `` `>` type($result_timepoint) attr-dict-with-keyword'
    source_scope = opt_operand(BUFFER)
    source_keys = var_operand(BUFFER)
    source_offsets = var_operand(I64)
    target = operand(STREAM_RESOURCE)
    target_size = operand(Index)
    target_offsets = var_operand(Index)
    target_lengths = var_operand(Index)
    await_timepoint = opt_operand(TIMEPOINT)
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()
    traits = (AttrSizedOperandSegments(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        _s, keys, offs, _t, _z, tos, tls, _tp = operand_groups(cls, op)
        _same_count(op, [keys, offs, tos, tls], "requires that the source keys, source offsets, target offsets, "
                                                "and target lengths are all 1:1")


class CmdParameterScatterOp(ParameterOperations, _ParamOp):
    name = "stream.cmd.parameter.scatter"
    summary = "Scatters multiple resources to a parameter archive"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)` `=` `` `>`)? `{` custom<CmdParameterScatterOperations>($source, type($source), $source_size, $source_offsets, $source_lengths, $target_scope, $target_keys, $target_offsets) `}` `=` `` `>` type($result_timepoint) attr-dict-with-keyword'
    source = operand(STREAM_RESOURCE)
    source_size = operand(Index)
    source_offsets = var_operand(Index)
    source_lengths = var_operand(Index)
    target_scope = opt_operand(BUFFER)
    target_keys = var_operand(BUFFER)
    target_offsets = var_operand(I64)
    await_timepoint = opt_operand(TIMEPOINT)
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()
    traits = (AttrSizedOperandSegments(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        _t, _z, sos, sls, _s, keys, offs, _tp = operand_groups(cls, op)
        _same_count(op, [sos, sls, keys, offs], "requires that the source offsets, source lengths, target keys, "
                                                "and target offsets are all 1:1")


class CmdParameterLoadOp(ParameterOperations, _ParamOp):
    name = "stream.cmd.parameter.load"
    summary = "Reads one or more resources from a parameter archive"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)` `=` `` `>`)? `{` custom<ParameterLoadOperations>($source_scope, $source_keys, $source_offsets, type($results), $result_sizes) `}` `=` `` `>` type($result_timepoint) attr-dict-with-keyword'
    source_scope = opt_operand(BUFFER)
    source_keys = var_operand(BUFFER)
    source_offsets = var_operand(I64)
    result_sizes = var_operand(Index)
    await_timepoint = opt_operand(TIMEPOINT)
    results_ = var_result(STREAM_RESOURCE, name="results")
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()
    traits = (AttrSizedOperandSegments(), Pure())
    result_names = ("results", "result_timepoint")

    @classmethod
    def verify(cls, op: Operation) -> None:
        _s, keys, offs, sizes, _tp = operand_groups(cls, op)
        _same_count(op, [keys, offs, sizes], "requires that the source keys, source offsets, and result sizes are "
                                             "all 1:1")


class FileConstantOp(AffinityOpInterface, StreamAsm, OpDef):
    name = "stream.file.constant"
    summary = "Creates a file backed by the provided constant host memory"
    assembly_format = '(`on` `(` $affinity^ `)`)? $source `[` $source_offset `for` $source_length `]` `:` type($source) `` `{` $source_size `}` `->` type($result) attr-dict-with-keyword'
    source = operand(BUFFER)
    source_size = operand(Index)
    source_offset = operand(Index)
    source_length = operand(Index)
    result_ = result(FILE, name="result")
    affinity = opt_attr()
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["file"] if len(op.results) == 1 else None


class FileReadOp(AffinityOpInterface, StreamAsm, OpDef):
    name = "stream.file.read"
    summary = "Reads a segment of a file into a resource"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)` `=` `` `>`):(`:`)? $source `[` $source_offset `]` `,` $target `[` $target_offset `]` `,` $length `:` type($source) `->` type($target) `` `{` $target_size `}` `=` `` `>` type($result_timepoint) attr-dict-with-keyword'
    source = operand(FILE)
    source_offset = operand(I64)
    target = operand(STREAM_RESOURCE)
    target_size = operand(Index)
    target_offset = operand(Index)
    length = operand(Index)
    await_timepoint = opt_operand(TIMEPOINT)
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()


class FileWriteOp(AffinityOpInterface, StreamAsm, OpDef):
    name = "stream.file.write"
    summary = "Writes a segment of a file from a resource"
    assembly_format = '(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)` `=` `` `>`):(`:`)? $source `[` $source_offset `]` `,` $target `[` $target_offset `]` `,` $length `:` type($source) `` `{` $source_size `}` `->` type($target) `=` `` `>` type($result_timepoint) attr-dict-with-keyword'
    source = operand(STREAM_RESOURCE)
    source_size = operand(Index)
    source_offset = operand(Index)
    target = operand(FILE)
    target_offset = operand(I64)
    length = operand(Index)
    await_timepoint = opt_operand(TIMEPOINT)
    result_timepoint = result(TIMEPOINT)
    affinity = opt_attr()


# ---------------------------------------------------------------------------
# test ops IREE registers for its timeline passes


class TestTimelineOp(ShapedFunctionType, StreamAsm, OpDef):
    name = "stream.test.timeline_op"
    summary = "Test op implementing TimelineOpInterface"
    assembly_format = ("(`await_limit` `(` $await_limit^ `)`)? (`await` `(` $await_operands^ `)` `=` `` `>`)? "
                       "`with` `(` $resource_operands `)` attr-dict `:` "
                       "custom<ShapedFunctionType>(ref($resource_operands), type($resource_operands), "
                       "$resource_operand_sizes, type($results), $result_sizes, $tied_operands) "
                       "`=` `` `>` type($result_timepoint)")
    attr_syntax = {"await_limit": BareInteger(i64)}
    prints_ties = False  # the op is not tied (no TiedOpInterface): results print as types
    resource_operands = var_operand(STREAM_OR_STAGING)
    resource_operand_sizes = var_operand(Index)
    result_sizes = var_operand(Index)
    await_operands = var_operand(TIMEPOINT)
    results_ = var_result(STREAM_OR_STAGING, name="results")
    result_timepoint = result(TIMEPOINT)
    tied_operands = opt_attr()
    await_limit = opt_attr()
    traits = (AttrSizedOperandSegments(), Pure())

    @classmethod
    def asm_result_names(cls, op: Operation) -> list | None:
        n = len(op.results) - 1
        return None if n < 0 else [("results", n), "result_timepoint"] if n else ["result_timepoint"]


class TestTimelineAwareOp(StreamAsm, OpDef):
    name = "stream.test.timeline_aware"
    summary = "Test op implementing TimelineAwareOpInterface"
    assembly_format = '`(` $args `)` `waits` `(` $wait_fence_likes `)` `signals` `(` $signal_fence_like `)` attr-dict `:` functional-type($args, $results)'
    args = var_operand()
    wait_fence_likes = var_operand(FENCE)
    signal_fence_like = operand(FENCE)
    results_ = var_result(name="results")
    traits = (AttrSizedOperandSegments(), Pure())


# ---------------------------------------------------------------------------
# a dispatch's workgroup grid


class _WorkgroupInfoOp(StreamAsm, OpDef):
    """`%workgroup_id_0 = stream.dispatch.workgroup.id[0] : index`."""
    assembly_format = '`[` $dimension `]` attr-dict `:` type($result)'
    attr_syntax = {"dimension": BareInteger(INDEX)}

    dimension = attr(IndexAttr)
    result_ = result(Index, name="result")
    traits = (Pure(),)
    result_prefix = ""

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        d = op.dimension
        return [f"{cls.result_prefix}{d.value}"] if isinstance(d, IntegerAttr) and len(op.results) == 1 else None


    @classmethod
    def verify(cls, op: Operation) -> None:
        d = op.dimension.value
        if not 0 <= d < 3:
            raise op_error(op, f"dimension {d % (1 << 64)} out of bounds of dispatch dimensions; expected [0, 3)")


class DispatchWorkgroupIDOp(_WorkgroupInfoOp):
    name = "stream.dispatch.workgroup.id"
    summary = "Returns the index of the current workgroup in the grid"
    result_prefix = "workgroup_id_"


class DispatchWorkgroupCountOp(_WorkgroupInfoOp):
    name = "stream.dispatch.workgroup.count"
    summary = "Returns the total workgroup count of the grid"
    result_prefix = "workgroup_count_"


class DispatchWorkgroupSizeOp(_WorkgroupInfoOp):
    name = "stream.dispatch.workgroup.size"
    summary = "Returns the size of each workgroup in invocations"
    result_prefix = "workgroup_size_"


CALLBACKS = {
    "stream_extern_func": stream_extern_func,
}

OPS = (CmdFlushOp, CmdInvalidateOp, CmdDiscardOp, CmdSerialOp, CmdConcurrentOp, CmdCollectiveOp,
       AsyncFuncOp, CmdFuncOp, AsyncCallOp, CmdCallOp, AsyncParameterLoadOp, AsyncParameterReadOp,
       AsyncParameterWriteOp, AsyncParameterGatherOp, AsyncParameterScatterOp, CmdParameterLoadOp, CmdParameterReadOp,
       CmdParameterWriteOp, CmdParameterGatherOp, CmdParameterScatterOp, FileConstantOp, FileReadOp, FileWriteOp,
       TestTimelineOp, TestTimelineAwareOp, DispatchWorkgroupIDOp, DispatchWorkgroupCountOp, DispatchWorkgroupSizeOp)

# ops that may sit in an explicit execution region: IREE's CmdPhaseOp and
# StreamableOpInterface ops (IREE's verifyCmdOp)
CMD_PHASE = frozenset(
    "stream." + n for n in (
        "resource.retain", "resource.release", "resource.is_terminal", "resource.subview", "file.read",
        "file.write", "tensor.empty", "tensor.constant", "tensor.splat", "tensor.clone", "tensor.encode",
        "tensor.slice", "tensor.fill", "tensor.update", "tensor.dispatch", "tensor.parameter.load", "async.alloca",
        "async.constant", "async.splat", "async.clone", "async.slice", "async.fill", "async.update", "async.copy",
        "async.collective", "async.barrier", "async.transfer", "async.dispatch", "async.call", "async.concurrent",
        "cmd.flush", "cmd.invalidate", "cmd.discard", "cmd.fill", "cmd.copy", "cmd.collective", "cmd.dispatch",
        "cmd.func", "cmd.call", "cmd.execute", "cmd.serial", "cmd.concurrent", "cmd.parameter.load",
        "cmd.parameter.read", "cmd.parameter.write", "cmd.parameter.gather", "cmd.parameter.scatter"))
