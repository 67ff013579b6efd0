"""IREE's util dialect, the subset stream programs use: util.global (device
globals initialized with `#hal.device.target`), util.func and util.return,
with IREE's custom forms (grammars/util.lark). Other util ops pass through
generically."""

from __future__ import annotations

import re
from typing import Any

from hlopt.ir.attributes import (
    ArrayAttr,
    DictionaryAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
    symbol_name_text,
)
from hlopt.ir.constraints import IsA
from hlopt.ir.core import Operation, Region
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import CallableOpInterface, SymbolOpInterface
from hlopt.ir.opdef import OpDef, attr, operand, opt_attr, region, result, var_operand, var_result
from hlopt.ir.traits import IsolatedFromAbove, Pure, ReturnLike, Symbol, Terminator, op_error
from hlopt.ir.types import FunctionType, IndexType

_StrAttr = IsA(StringAttr, "string attribute")
_TypeAttr = IsA(TypeAttr, "any type attribute")
_SymRef = IsA(SymbolRefAttr, "flat symbol reference attribute")


def visibility_prefix(op: Operation) -> str:
    """`private ` / `nested ` / `public ` as written before a symbol, or ''."""
    v = op.properties.get("sym_visibility")
    return v.value + " " if isinstance(v, StringAttr) else ""


class GlobalOp(OpDef, SymbolOpInterface):
    name = "util.global"
    summary = "Stateful global variable declaration"
    sym_name = attr(_StrAttr)
    sym_visibility = opt_attr(_StrAttr)
    type = attr(_TypeAttr)
    is_mutable = opt_attr(IsA(UnitAttr, "unit attribute"))
    initial_value = opt_attr()
    inlining_policy = opt_attr()
    traits = (Symbol(),)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        name = op.sym_name
        t = op.type
        if not isinstance(name, StringAttr) or not isinstance(t, TypeAttr):
            return None
        s = "util.global " + visibility_prefix(op)
        if op.is_mutable is not None:
            s += "mutable "
        s += symbol_name_text(name.value)
        extra = [e for e in op.properties.entries
                 if e[0] not in ("sym_name", "sym_visibility", "type", "is_mutable", "initial_value")]
        s += p.attr_dict(op.attributes) if not extra else p.attr_dict(
            type(op.attributes)(list(op.attributes.entries) + extra))
        init = op.initial_value
        # IREE's TypeOrAttr: a typed initial value of the global's type names the type itself
        if init is not None and getattr(init, "type", None) is t.type:
            return s + " = " + p.attr_text(init)
        cut = _trailing_type(init.text) if init is not None and getattr(init, "type", None) is None else None
        if cut is not None and init.text[cut:].strip() == t.type.text:
            return s + " = " + p.attr_text(init)  # an opaque dialect attribute of that type
        s += " : " + p.type_text(t.type)
        if init is not None:
            s += " = " + p.attr_text(init)
        return s


class FuncOp(OpDef, SymbolOpInterface, CallableOpInterface):
    name = "util.func"
    summary = "Function operation containing a CFG region"
    function_type = attr(_TypeAttr)
    sym_name = attr(_StrAttr)
    sym_visibility = opt_attr(_StrAttr)
    arg_attrs = opt_attr()
    res_attrs = opt_attr()
    tied_operands = opt_attr()
    inlining_policy = opt_attr()
    body = region()
    traits = (IsolatedFromAbove(), Symbol())

    @classmethod
    def custom_visit_items(cls, op: Operation, debuginfo: bool) -> list[tuple]:
        from hlopt.dialects.func import FuncOp as Func

        return Func.custom_visit_items(op, False)  # IREE prints no argument locations

    @classmethod
    def verify(cls, op: Operation) -> None:
        ft = op.function_type
        n_in = len(getattr(getattr(ft, "type", None), "inputs", ()))
        for i, tie in enumerate(tied_operands(op)):
            if tie != -1 and not 0 <= tie < n_in:
                raise op_error(op, f"result #{i} tied to invalid operand index {tie}")

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        from hlopt.dialects.func import FuncOp as Func
        from hlopt.syntax import scan_balanced

        if op.inlining_policy is not None:
            return None
        ft = op.function_type
        ft = getattr(ft, "type", None)
        if not isinstance(ft, FunctionType):
            return None
        ties = tied_operands(op)
        # the arguments, attributes and body print as func.func's; the results
        # (which may name the argument they are tied to) are spliced in after them
        head = _Renamed(op, ("tied_operands", "res_attrs"), function_type=TypeAttr(FunctionType(ft.inputs, ())))
        text = Func.print_custom(head, _WithoutArgLocations(p))
        if text is None:
            return None
        text = "util.func" + text[len("func.func"):]
        close = scan_balanced(text, len("util.func " + visibility_prefix(op)
                                        + symbol_name_text(op.sym_name.value)))
        has_body = bool(op.regions and op.regions[0].blocks)
        res = _results_text(op, p, ft, ties, op.regions[0].blocks[0].args if has_body else None)
        text = text[:close] + res + text[close:]
        if not has_body:
            text = _name_declaration_args(text)
        return text


def tied_operands(op: Operation) -> list[int]:
    """The argument each result is tied to (-1: none), one per result."""
    ft = op.properties.get("function_type")
    n = len(getattr(getattr(ft, "type", None), "results", ()))
    t = op.properties.get("tied_operands")
    vals = [getattr(x, "value", -1) for x in t.elements] if isinstance(t, ArrayAttr) else []
    return (vals + [-1] * n)[:n]


def _results_text(op: Operation, p: Any, ft: FunctionType, ties: list[int], args: Any) -> str:
    """` -> T`, ` -> %arg0 as T` or ` -> (%arg0, T {attrs})`, as IREE prints
    a signature with tied results."""
    if not ft.results:
        return ""
    ra = op.properties.get("res_attrs")
    attrs = [d if isinstance(d, DictionaryAttr) and len(d) else None for d in ra.elements] \
        if isinstance(ra, ArrayAttr) else [None] * len(ft.results)
    items = []
    for t, tie, a in zip(ft.results, ties, attrs):
        if tie >= 0:
            item = p.value(args[tie]) if args is not None else f"%arg{tie}"
            if t is not ft.inputs[tie]:
                item += " as " + p.type_text(t)
        else:
            item = p.type_text(t)
        items.append(item + (p.attr_dict(a) if a is not None else ""))
    if len(items) == 1 and attrs[0] is None and not isinstance(ft.results[0], FunctionType):
        return " -> " + items[0]
    return " -> (" + ", ".join(items) + ")"


def _name_declaration_args(text: str) -> str:
    """IREE prints a declaration's arguments named (`@f(%arg0: index)`)."""
    from hlopt.syntax import split_top

    start = text.index("(")
    depth, end = 0, start
    for end in range(start, len(text)):
        depth += {"(": 1, ")": -1, "<": 1, ">": -1, "[": 1, "]": -1, "{": 1, "}": -1}.get(text[end], 0)
        if depth == 0:
            break
    inner = text[start + 1:end]
    args = [f"%arg{i}: {a.strip()}" for i, a in enumerate(split_top(inner))] if inner.strip() else []
    return text[:start + 1] + ", ".join(args) + text[end:]


class _WithoutArgLocations:
    """The printer, saying debuginfo is off: IREE's util.func prints no
    argument locations even with --mlir-print-debuginfo."""

    debuginfo = False

    def __init__(self, p: Any):
        self._p = p

    def __getattr__(self, name: str) -> Any:
        return getattr(self._p, name)


class _Renamed:
    """A read-only view of an op without some properties, or with some
    replaced (for printing through another op's form)."""

    def __init__(self, op: Operation, drop: tuple[str, ...], **replace: Any):
        self._op = op
        entries = [(k, replace.pop(k, v)) for k, v in op.properties.entries if k not in drop]
        self.properties = type(op.properties)(entries + sorted(replace.items()))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._op, name)


class InitializerOp(OpDef, CallableOpInterface):
    name = "util.initializer"
    summary = "Global initialization function"
    function_type = attr(_TypeAttr)
    arg_attrs = opt_attr()
    res_attrs = opt_attr()
    body = region()
    traits = (IsolatedFromAbove(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        ft = op.function_type.type
        blocks = op.regions[0].blocks if op.regions else ()
        if blocks and len(blocks[0].args) != len(ft.inputs):
            raise op_error(op, f"entry block must have {len(ft.inputs)} arguments to match function signature")

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        ft = op.function_type
        if not isinstance(getattr(ft, "type", None), FunctionType) or ft.type.inputs or ft.type.results \
                or len(op.properties) != 1 or len(op.regions) != 1 or not op.regions[0].blocks:
            return None
        return "util.initializer" + p.attr_dict(op.attributes, keyword=True) + " " + p.region(op.regions[0])


def _global_of(op: "GlobalLoadOp | GlobalStoreOp", symbols: Any) -> GlobalOp:
    """The util.global `op` names (its `global` property), or an error."""
    from hlopt.ir.symbols import SymbolCache

    ref = op.global_
    g = (symbols or SymbolCache()).lookup(op, ref) if isinstance(ref, SymbolRefAttr) else None
    if not isinstance(g, GlobalOp):
        raise op_error(op, f"undefined global: {ref.text if ref is not None else '<null>'}")
    return g


def _check_global_type(op: Operation, g: GlobalOp, t: Any, what: str) -> None:
    gt = g.type.type
    if gt is not t:
        name = g.sym_name.value
        raise op_error(op, f"global type mismatch; global \"{name}\" is '{gt.text}' but {what} is '{t.text}'")


class GlobalLoadOp(OpDef):
    name = "util.global.load"
    summary = "Loads a value from a global variable"
    global_ = attr(_SymRef, name="global")
    is_immutable = opt_attr(IsA(UnitAttr, "unit attribute"))
    result_ = result(name="result")

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        _check_global_type(op, _global_of(op, symbols), op.result_.type, "load")

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        ref = op.global_
        return [ref.root] if isinstance(ref, SymbolRefAttr) else []

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        ref = op.global_
        if not isinstance(ref, SymbolRefAttr) or ref.nested or op.operands or len(op.results) != 1:
            return None
        imm = "immutable " if op.is_immutable is not None else ""
        return ("util.global.load " + imm + ref.text + p.attr_dict(op.attributes) + " : "
                + p.type_text(op.result_.type))


class GlobalStoreOp(OpDef):
    name = "util.global.store"
    summary = "Stores a value into a global variable"
    value = operand()
    global_ = attr(_SymRef, name="global")

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        _check_global_type(op, _global_of(op, symbols), op.value.type, "store")

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        ref = op.global_
        if not isinstance(ref, SymbolRefAttr) or ref.nested or len(op.operands) != 1 or op.results:
            return None
        v = op.value
        return ("util.global.store " + p.value(v) + ", " + ref.text + p.attr_dict(op.attributes) + " : "
                + p.type_text(v.type))


class CallOp(OpDef):
    name = "util.call"
    summary = "Function call operation"
    callee = attr(_SymRef)
    tied_operands = opt_attr()
    arg_attrs = opt_attr()
    res_attrs = opt_attr()
    operands_ = var_operand()
    results_ = var_result()

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        from hlopt.ir.symbols import SymbolCache

        # the call ties its results as the callee does (IREE's message)
        have, callee = op.tied_operands, op.callee
        f = (symbols or SymbolCache()).lookup(op, callee) if isinstance(callee, SymbolRefAttr) else None
        want = f.tied_operands if isinstance(f, FuncOp) else None
        if have is not None and want is not None and have != want:
            raise op_error(op, f"function tied operands mismatch; have {have.text} but callee is {want.text}")

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        callee = op.callee
        if not isinstance(callee, SymbolRefAttr) or callee.nested or op.arg_attrs is not None:
            return None
        ins = [v.type for v in op.operands]
        ft = FunctionType(ins, [r.type for r in op.results])
        ties = [getattr(x, "value", -1) for x in op.tied_operands.elements] \
            if isinstance(op.tied_operands, ArrayAttr) else []
        ties = (ties + [-1] * len(op.results))[:len(op.results)]
        s = ("util.call " + callee.text + "(" + p.values(op.operands) + ")" + p.attr_dict(op.attributes)
             + " : (" + p.types(ins) + ")")
        return s + (_results_text(op, p, ft, ties, op.operands) or " -> ()")


class ReturnOp(OpDef):
    name = "util.return"
    summary = "Return from a util.initializer or util.func"
    operands_ = var_operand()
    traits = (Pure(), ReturnLike(), Terminator())

    @classmethod
    def verify(cls, op: Operation) -> None:
        f = op.parent_op
        if not isinstance(f, (FuncOp, InitializerOp, util_ops.HoistableConversionOp)):
            raise op_error(op, "expects parent op to be one of 'util.initializer, util.func, util.hoistable_conversion'")
        # hoistable_conversion has no signature to check against
        ft = getattr(f.function_type, "type", None) if isinstance(f, (FuncOp, InitializerOp)) else None
        if not isinstance(ft, FunctionType):
            return
        if len(op.operands) != len(ft.results):
            raise op_error(op, f"has {len(op.operands)} operands, but enclosing function-like op returns "
                               f"{len(ft.results)}")
        for i, (v, t) in enumerate(zip(op.operands, ft.results)):
            if v.type is not t:
                raise op_error(op, f"type of return operand {i} ('{v.type.text}') doesn't match function result "
                                   f"type ('{t.text}')")

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        return return_text("util.return", op, p)


def return_text(name: str, op: Operation, p: Any) -> str:
    """`name {attrs} %a, %b : A, B`: the form of IREE's return-like ops."""
    s = name + p.attr_dict(op.attributes)
    if op.operands:
        s += " " + p.values(op.operands) + " : " + p.types(op.operand_types)
    return s


# ---------------------------------------------------------------------------
# parsing (grammars/util.lark)


def util_global(s: Any, c: list) -> tuple[Operation, int]:
    kw, vis, mut, sym, attrs, *init = c
    from hlopt.syntax import symbol_name as _symbol_name

    props: dict = {"sym_name": StringAttr(_symbol_name(sym))}
    if vis is not None:
        props["sym_visibility"] = StringAttr(str(vis))
    if mut is not None:
        props["is_mutable"] = UnitAttr()
    t = value = None
    for tok in init:
        if tok is None:
            continue
        if tok.type == "TYPE":
            t = s.decode_type(tok)
        else:
            value = s.decode_attr(tok)
    if t is None:
        t = getattr(value, "type", None)
        if t is None and value is not None:
            # a dialect attribute hlopt keeps opaque, typed: `#util.uninitialized : tensor<4xf32>`
            cut = _trailing_type(value.text)
            if cut is not None:
                t = s.decode("type", value.text[cut:].strip(), init[0].start_pos + cut)
        if t is None:
            raise s.error("expected a typed initial value or ': type'", init[0].start_pos)
    props["type"] = TypeAttr(t)
    if value is not None:
        props["initial_value"] = value
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("util.global", (), (), props, a), kw.start_pos


def _trailing_type(text: str) -> int | None:
    """Where the type of `#dialect.attr<...> : type` starts (after the colon
    outside brackets and strings), or None when it has none."""
    depth, i, n = 0, 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c in "<([{":
            depth += 1
        elif c in ">)]}" and not (c == ">" and text[i - 1] == "-"):
            depth -= 1
        elif c == ":" and depth == 0:
            if text.startswith("::", i):
                i += 2
                continue
            return i + 1
        i += 1
    return None


_TIED_REF = re.compile(r"\s*%([\w$.\-]+(?:#\d+)?)")
_AS = re.compile(r"\s+as\s")


def util_func_head(s: Any, c: list) -> tuple:
    from lark import Token

    from hlopt.dialects.func import parse_func_head
    from hlopt.syntax import scan_balanced

    kw, vis, sym, sig, attrs = c
    text = str(sig)
    close = scan_balanced(text, 0)
    # the arguments are func.func's: parse them with func's callback; the
    # results may name the argument they are tied to, so they are read here
    args_tok = Token("FUNC_SIG", text[:close], start_pos=sig.start_pos)
    props, extra, named, sym, pos = parse_func_head(s, [kw, vis, sym, args_tok, attrs])
    s.pending[-1] = ("util.func", s.pending[-1][1])
    names = [a[0] for a in s.pending[-1][1] or ()] if named else []
    inputs = props["function_type"].type.inputs
    results, res_attrs, ties = _tied_results(s, text[close:], sig.start_pos + close, names, inputs, "util.func")
    props["function_type"] = TypeAttr(FunctionType(inputs, results))
    if any(a is not None and len(a) for a in res_attrs):
        props["res_attrs"] = ArrayAttr(a if a is not None else DictionaryAttr() for a in res_attrs)
    if results:
        props["tied_operands"] = _ties_attr(ties)
    return props, extra, named, sym, pos


def _ties_attr(ties: list[int]) -> ArrayAttr:
    return ArrayAttr([IntegerAttr(t, IndexType()) for t in ties])


def _tied_results(s: Any, rest: str, base: int, names: list[str], inputs: Any, opname: str) -> tuple:
    """The results after a signature's arguments (`rest` starts at `base`):
    ` -> T`, ` -> %x [as T]`, ` -> (T {attrs}, %x, ...)`, where `%x` is one
    of `names` (the arguments, or a call's operands) the result is tied to.
    Returns (types, attribute dicts, tied operand indices)."""
    from hlopt.syntax import split_pieces

    if not rest.strip():
        return [], [], []
    rt = rest.lstrip()[2:]  # after '->'
    rbase = base + len(rest) - len(rt)
    if rt.lstrip().startswith("("):
        lead = len(rt) - len(rt.lstrip())
        inner = rt.strip()[1:-1]
        pieces = split_pieces(inner) if inner.strip() else []
        rbase += lead + 1
    else:
        pieces = [(rt, 0)]
    results, res_attrs, ties = [], [], []
    for piece, off in pieces:
        at = rbase + off
        m = _TIED_REF.match(piece)
        if m is None:
            _, t, loc, a = s.parse_arg(piece, at, named=False)
            if loc is not None:
                raise s.error("expected ')'", at + piece.find("loc("))
            tie = -1
        else:
            if m.group(1) not in names:
                raise s.error(f"custom op '{opname}' tied operand not found for result reference %{m.group(1)}",
                              at + m.start(1) - 1)
            tie = names.index(m.group(1))
            tail = piece[m.end():]
            a_m = _AS.match(tail)
            if a_m is not None:
                _, t, _, a = s.parse_arg(tail[a_m.end():], at + m.end() + a_m.end(), named=False)
            else:
                t = inputs[tie]
                a = s.decode_dict_text(tail.strip(), at + m.end() + len(tail) - len(tail.lstrip())) \
                    if tail.strip() else None
        results.append(t)
        res_attrs.append(a)
        ties.append(tie)
    return results, res_attrs, ties


def util_call(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.syntax import scan_balanced
    from hlopt.syntax import symbol_name as _symbol_name

    kw, sym, ops_tok, attrs, sig = c
    text = str(sig)
    close = scan_balanced(text, 0)
    inner = text[1:close - 1]
    inputs = [s.decode("type", p.strip(), sig.start_pos + 1 + off + len(p) - len(p.lstrip()))
              for p, off in _pieces(inner)]
    uses = _USE_REF.findall(str(ops_tok))
    if len(uses) != len(inputs):
        raise s.error(f"{len(uses)} operands present, but expected {len(inputs)}", ops_tok.start_pos)
    operands = [s.lookup(n, int(i or 0), t, ops_tok.start_pos) for (n, i), t in zip(uses, inputs)]
    names = [n if not i else f"{n}#{i}" for n, i in uses]
    rest = text[close:]
    if rest.strip() and rest.lstrip()[2:].strip() == "()":
        rest = ""  # `-> ()`
    results, res_attrs, ties = _tied_results(s, rest, sig.start_pos + close, names, inputs, "util.call")
    props: dict = {"callee": SymbolRefAttr(_symbol_name(sym))}
    if results:
        props["tied_operands"] = _ties_attr(ties)
    if any(a is not None and len(a) for a in res_attrs):
        props["res_attrs"] = ArrayAttr(a if a is not None else DictionaryAttr() for a in res_attrs)
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("util.call", operands, results, props, a), kw.start_pos


_USE_REF = re.compile(r"%([\w$.\-]+)(?:#(\d+))?")


def _pieces(inner: str) -> list:
    from hlopt.syntax import split_pieces

    return list(split_pieces(inner)) if inner.strip() else []


def util_func(s: Any, c: list) -> tuple[Operation, int]:

    (props, attrs, named, sym, pos), body = c
    s.pending.pop()
    if body is not None and not body.blocks:
        raise s.error("custom op 'util.func' expected non-empty function body", pos)
    if body is not None and not named and props["function_type"].type.inputs:
        raise s.error("expected SSA identifier for function arguments with a body", sym.start_pos)
    return Operation("util.func", (), (), props, attrs, [body if body is not None else Region()]), pos


def util_return(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.dialects.func import parse_return

    op, pos = parse_return(s, c)
    return Operation("util.return", op.operands), pos


def util_initializer_head(s: Any, c: list) -> tuple:
    kw, attrs = c
    s.pending.append(("util.initializer", None))
    return (s.decode_dict(attrs) if attrs is not None else None), kw.start_pos


def util_initializer(s: Any, c: list) -> tuple[Operation, int]:
    (attrs, pos), body = c
    s.pending.pop()
    if not body.blocks:
        raise s.error("custom op 'util.initializer' expected non-empty function body", pos)
    return Operation("util.initializer", (), (), {"function_type": TypeAttr(FunctionType((), ()))}, attrs,
                     [body]), pos


def _global_ref(s: Any, tok: Any) -> SymbolRefAttr:
    from hlopt.syntax import symbol_name as _symbol_name

    return SymbolRefAttr(_symbol_name(tok))


def util_global_load(s: Any, c: list) -> tuple[Operation, int]:
    kw, imm, sym, attrs, t = c
    props: dict = {"global": _global_ref(s, sym)}
    if imm is not None:
        props["is_immutable"] = UnitAttr()
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("util.global.load", (), [s.decode_type(t)], props, a), kw.start_pos


def util_global_store(s: Any, c: list) -> tuple[Operation, int]:
    kw, v, sym, attrs, t = c
    m = re.fullmatch(r"%([^#]+)(?:#(\d+))?", str(v))
    value = s.lookup(m.group(1), int(m.group(2) or 0), s.decode_type(t), v.start_pos)
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("util.global.store", [value], (), {"global": _global_ref(s, sym)}, a), kw.start_pos


CALLBACKS = {"util_global": util_global, "util_func_head": util_func_head, "util_func": util_func,
             "util_initializer_head": util_initializer_head, "util_initializer": util_initializer,
             "util_global_load": util_global_load, "util_global_store": util_global_store, "util_call": util_call,
             "util_return": util_return}

from hlopt.dialects import util_ops  # noqa: E402  (its ops' module, after the shared helpers above)

DIALECT = Dialect("util", ops=(GlobalOp, FuncOp, InitializerOp, GlobalLoadOp, GlobalStoreOp, CallOp, ReturnOp)
                  + util_ops.OPS, grammar="util.lark", syntax={**CALLBACKS, **util_ops.CALLBACKS})
