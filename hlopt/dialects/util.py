"""IREE's util dialect, the subset stream programs use: util.global (device
globals initialized with `#hal.device.target`), util.func and util.return,
with IREE's custom forms (grammars/util.lark). Other util ops pass through
generically."""

from __future__ import annotations

from typing import Any

from hlopt.ir.attributes import ArrayAttr, IntegerAttr, StringAttr, TypeAttr, UnitAttr, symbol_name_text
from hlopt.ir.constraints import IsA
from hlopt.ir.core import Operation
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import CallableOpInterface, SymbolOpInterface
from hlopt.ir.opdef import OpDef, attr, opt_attr, region, var_operand
from hlopt.ir.traits import IsolatedFromAbove, Pure, ReturnLike, Symbol, Terminator, op_error
from hlopt.ir.types import IndexType

_StrAttr = IsA(StringAttr, "string attribute")
_TypeAttr = IsA(TypeAttr, "any type attribute")


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
        name = op.properties.get("sym_name")
        t = op.properties.get("type")
        if not isinstance(name, StringAttr) or not isinstance(t, TypeAttr):
            return None
        s = "util.global " + visibility_prefix(op)
        if op.properties.get("is_mutable") is not None:
            s += "mutable "
        s += symbol_name_text(name.value)
        extra = [e for e in op.properties.entries
                 if e[0] not in ("sym_name", "sym_visibility", "type", "is_mutable", "initial_value")]
        s += p.attr_dict(op.attributes) if not extra else p.attr_dict(
            type(op.attributes)(list(op.attributes.entries) + extra))
        init = op.properties.get("initial_value")
        # IREE's TypeOrAttr: a typed initial value of the global's type names the type itself
        if init is not None and getattr(init, "type", None) is t.type:
            return s + " = " + p.attr_text(init)
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
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        from hlopt.dialects.func import FuncOp as Func

        tied = op.properties.get("tied_operands")
        if tied is not None and any(getattr(x, "value", -1) != -1 for x in tied):
            return None  # tied results (`-> %arg0`) are not modelled
        if op.properties.get("inlining_policy") is not None:
            return None
        # the signature prints as func.func's; tied_operands of all -1 is implied
        text = Func.print_custom(_Renamed(op, ("tied_operands",)), p)
        if text is None:
            return None
        text = "util.func" + text[len("func.func"):]
        if not op.regions or not op.regions[0].blocks:
            text = _name_declaration_args(text)
        return text


def _name_declaration_args(text: str) -> str:
    """IREE prints a declaration's arguments named (`@f(%arg0: index)`)."""
    from hlopt.syntax.parser import split_top

    start = text.index("(")
    depth, end = 0, start
    for end in range(start, len(text)):
        depth += {"(": 1, ")": -1, "<": 1, ">": -1, "[": 1, "]": -1, "{": 1, "}": -1}.get(text[end], 0)
        if depth == 0:
            break
    inner = text[start + 1:end]
    args = [f"%arg{i}: {a.strip()}" for i, a in enumerate(split_top(inner))] if inner.strip() else []
    return text[:start + 1] + ", ".join(args) + text[end:]


class _Renamed:
    """A read-only view of an op without some properties (for printing
    through another op's form)."""

    def __init__(self, op: Operation, drop: tuple[str, ...]):
        self._op = op
        self.properties = type(op.properties)([e for e in op.properties.entries if e[0] not in drop])

    def __getattr__(self, name: str) -> Any:
        return getattr(self._op, name)


class ReturnOp(OpDef):
    name = "util.return"
    summary = "Return from a util.initializer or util.func"
    operands_ = var_operand()
    traits = (Pure(), ReturnLike(), Terminator())

    @classmethod
    def verify(cls, op: Operation) -> None:
        f = op.parent_op
        if f is None or f.name not in ("util.func", "util.initializer", "util.hoistable_conversion"):
            raise op_error(op, "expects parent op to be one of 'util.initializer, util.func, util.hoistable_conversion'")

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        s = "util.return" + p.attr_dict(op.attributes)
        if op.operands:
            s += " " + p.values(op.operands) + " : " + p.types(op.operand_types)
        return s


# ---------------------------------------------------------------------------
# parsing (grammars/util.lark)


def util_global(s: Any, c: list) -> tuple[Operation, int]:
    kw, vis, mut, sym, attrs, *init = c
    from hlopt.syntax.parser import symbol_name as _symbol_name

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
        if t is None:
            raise s.error("expected a typed initial value or ': type'", init[0].start_pos)
    props["type"] = TypeAttr(t)
    if value is not None:
        props["initial_value"] = value
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("util.global", (), (), props, a), kw.start_pos


def util_func_head(s: Any, c: list) -> tuple:
    from hlopt.dialects.func import parse_func_head

    # the signature is func.func's: parse it with func's callback
    props, extra, named, sym, pos = parse_func_head(s, c)
    s.pending[-1] = ("util.func", s.pending[-1][1])
    n = len(props["function_type"].type.results)
    if n:
        props["tied_operands"] = ArrayAttr([IntegerAttr(-1, IndexType())] * n)
    return props, extra, named, sym, pos


def util_func(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.ir.core import Region

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


CALLBACKS = {"util_global": util_global, "util_func_head": util_func_head, "util_func": util_func,
             "util_return": util_return}

DIALECT = Dialect("util", ops=(GlobalOp, FuncOp, ReturnOp), grammar="util.lark", syntax=CALLBACKS,
                  allow_unknown_ops=True)
