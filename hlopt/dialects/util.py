"""IREE's util dialect, the subset stream programs use: util.global (device
globals initialized with `#hal.device.target`), util.func and util.return,
with IREE's custom forms (declared assembly formats; util.func and util.call
written with the op_asm parser/printer API). Other util ops: util_ops.py."""

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
from hlopt.syntax import AttrSyntax, SymbolName, SymbolRef, TypeRef, UnitKeyword

_StrAttr = IsA(StringAttr, "string attribute")
_TypeAttr = IsA(TypeAttr, "any type attribute")
_SymRef = IsA(SymbolRefAttr, "flat symbol reference attribute")


def visibility_prefix(op: Operation) -> str:
    """`private ` / `nested ` / `public ` as written before a symbol, or ''."""
    v = getattr(op, "sym_visibility", None)  # the op class's declared property
    return v.value + " " if isinstance(v, StringAttr) else ""


class SymbolVisibility:
    """Mixin: IREE's `custom<SymbolVisibility>($sym_visibility)`, the anchor
    of an optional group (the pinned iree-opt prints nothing for a missing
    visibility)."""

    __slots__ = ()

    @staticmethod
    def parse_optional_SymbolVisibility(p: Any) -> tuple | None:
        v = p.parse_optional_keyword(("public", "private", "nested"))
        return (StringAttr(v),) if v is not None else None

    @staticmethod
    def parse_SymbolVisibility(p: Any) -> tuple:
        return SymbolVisibility.parse_optional_SymbolVisibility(p) or (None,)

    @staticmethod
    def print_SymbolVisibility(p: Any, op: Operation, vis: Any) -> None:
        p.write(vis.value)


class _ValueOf:
    """`= value` of custom<TypeOrAttr>: the global's type is the value's."""

    __slots__ = ("ref",)

    def __init__(self, ref: Any):  # an AttrRef
        self.ref = ref


class _GlobalType(AttrSyntax):
    """util.global's `type`, as custom<TypeOrAttr> reads it: a type, or the
    type of the initial value (an opaque dialect attribute `#x<..> : T`
    counts by the type it spells)."""

    def build(self, r: Any, value: Any) -> Any:
        if isinstance(value, TypeRef):
            return TypeAttr(r.type(value))
        v = r.attr(value.ref)
        t = getattr(v, "type", None)
        if t is None:
            cut = _trailing_type(v.text)
            if cut is None:
                raise r.error("expected a typed initial value or ': type'", value.ref.pos)
            text = v.text[cut:]
            lead = len(text) - len(text.lstrip())
            t = r.type(TypeRef(text.strip(), value.ref.pos + cut + lead))
        return TypeAttr(t)

    def printable(self, a: Any) -> bool:
        return isinstance(a, TypeAttr)


def _typed_as(init: Any, t: Any) -> bool:
    """Whether printing `= init` alone gives the global's type `t`."""
    if getattr(init, "type", None) is t:
        return True
    if getattr(init, "type", None) is None and hasattr(init, "text"):
        cut = _trailing_type(init.text)
        return cut is not None and init.text[cut:].strip() == t.text
    return False


class GlobalOp(SymbolVisibility, OpDef, SymbolOpInterface):
    name = "util.global"
    summary = "Stateful global variable declaration"
    sym_name = attr(_StrAttr)
    sym_visibility = opt_attr(_StrAttr)
    type = attr(_TypeAttr)
    is_mutable = opt_attr(IsA(UnitAttr, "unit attribute"))
    initial_value = opt_attr()
    inlining_policy = opt_attr()
    traits = (Symbol(),)
    assembly_format = ("(custom<SymbolVisibility>($sym_visibility)^)? (`mutable` $is_mutable^)? $sym_name "
                       "attr-dict custom<TypeOrAttr>($type, $initial_value)")
    attr_syntax = {"is_mutable": UnitKeyword(), "sym_name": SymbolName(), "type": _GlobalType()}

    @staticmethod
    def parse_TypeOrAttr(p: Any) -> tuple:
        """`: T`, `: T = value` or `= value`."""
        if p.parse_optional_punct("="):
            v = p.parse_attribute()
            return _ValueOf(v), v
        p.parse_colon()
        t = p.parse_type()
        return t, (p.parse_attribute() if p.parse_optional_punct("=") else None)

    @staticmethod
    def print_TypeOrAttr(p: Any, op: Operation, t: Any, init: Any) -> None:
        # a typed initial value of the global's type names the type itself
        if init is None or not _typed_as(init, t.type):
            p.write(": ")
            p.print_type(t.type)
            if init is not None:
                p.write(" ")
        if init is not None:
            p.write("= ")
            p.print_attribute(init)


def _parse_tied_results(p: Any, names: list[tuple[str, int]], attrs: bool) -> list[tuple]:
    """IREE's custom<TiedFunctionResultList> after `->`: `T`, `%x [as T]` or a
    parenthesized list of those (with `{attrs}` when `attrs`), `()` for none,
    `%x` naming one of `names` (the arguments or the call's operands).
    Returns [(TypeRef, or None for the tied operand's type; AttrRef or None;
    tied index or -1)]."""
    out: list[tuple] = []
    paren = p.parse_optional_punct("(")
    if paren and p.parse_optional_punct(")"):
        return out
    while True:
        u = p.parse_optional_operand()
        if u is not None:
            key = (u.name, u.index)
            if key not in names:
                raise p.error(f"tied operand not found for result reference %{u.name}"
                              + (f"#{u.index}" if u.index else ""), u.pos)
            tie = names.index(key)
            t = p.parse_type() if p.parse_optional_keyword("as") else None
        else:
            tie, t = -1, p.parse_type()
        out.append((t, p.parse_optional_attr_dict() if paren and attrs else None, tie))
        if not p.parse_optional_punct(","):
            break
    if paren:
        if p.peek("loc("):  # results have no locations
            raise p.wrong_token("expected ')'")
        p.parse_punct(")")
    return out


def _print_tied_results(p: Any, ft: FunctionType, ties: list[int], res_attrs: list, tied_value: Any) -> None:
    """IREE's printShapedFunctionResultList/printTiedResultList, parenthesized
    unless one result without attributes."""
    paren = len(ft.results) != 1 or any(a is not None for a in res_attrs)
    if paren:
        p.write("(")
    for i, (t, tie, a) in enumerate(zip(ft.results, ties, res_attrs)):
        if i:
            p.write(", ")
        if tie >= 0:
            tied_value(tie)
            if t is ft.inputs[tie]:
                t = None
            else:
                p.write(" as ")
        if t is not None:
            p.print_type(t)
        if a is not None:
            p.print_optional_attr_dict(a)
    if paren:
        p.write(")")


def _resolve_results(r: Any, results: list[tuple], inputs: list) -> list[tuple]:
    """_parse_tied_results' pieces decoded: [(type, attrs, tie)]."""
    return [(r.type(t) if t is not None else inputs[tie], r.attr(a) if a is not None else None, tie)
            for t, a, tie in results]


def _dicts(a: Any, n: int) -> list:
    """An ArrayAttr of dictionaries as n entries (None for empty or absent)."""
    if not isinstance(a, ArrayAttr):
        return [None] * n
    return [d if isinstance(d, DictionaryAttr) and len(d) else None for d in a.elements]


def _dict_array(dicts: list) -> ArrayAttr | None:
    if not any(d is not None and len(d) for d in dicts):
        return None
    return ArrayAttr(d if d is not None else DictionaryAttr() for d in dicts)


_FUNC_ELIDED = ("sym_name", "function_type", "tied_operands", "sym_visibility", "arg_attrs", "res_attrs")


class FuncOp(OpDef, SymbolOpInterface, CallableOpInterface):  # type: ignore[misc]
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
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, FuncOp)  # (the type checker's view of its accessors)
        ft = op.function_type
        n_in = len(getattr(getattr(ft, "type", None), "inputs", ()))
        for i, tie in enumerate(tied_operands(op)):
            if tie != -1 and not 0 <= tie < n_in:
                raise op_error(op, f"result #{i} tied to invalid operand index {tie}")

    # -- IREE's form: util.func [visibility] @name(args) [-> tied results] [attributes {...}] [{ body }]
    # (the arguments are read as func.func reads them)
    @staticmethod
    def parse_asm(p: Any) -> dict:
        from hlopt.dialects.func import parse_function_form

        def tied_results(p: Any, r: Any, args: list, named: bool) -> list:
            names = [(a.name.name, a.name.index) for a, _t, _d in args] if named else []
            return _resolve_results(r, _parse_tied_results(p, names, True), [t for _a, t, _d in args])

        return parse_function_form(p, tied_results)

    @classmethod
    def build_asm(cls, r: Any, st: dict) -> Operation:
        inputs = [t for _a, t, _d in st["args"]]
        results = st["results"]
        return cls.build(
            sym_name=StringAttr(st["name"]),
            function_type=TypeAttr(FunctionType(inputs, [t for t, _a, _tie in results])),
            sym_visibility=StringAttr(st["vis"]) if st["vis"] is not None else None,
            arg_attrs=_dict_array([d for _a, _t, d in st["args"]]),
            res_attrs=_dict_array([a for _t, a, _tie in results]),
            tied_operands=_ties_attr([tie for _t, _a, tie in results]) if results else None,
            attributes=st["attrs"], regions=[st["body"] if st["body"] is not None else Region()])

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        assert isinstance(op, FuncOp)  # (the type checker's view of its accessors)
        ft = getattr(op.function_type, "type", None)
        name = op.sym_name
        if op.inlining_policy is not None or not isinstance(ft, FunctionType) or not isinstance(name, StringAttr):
            return False
        p.write(" " + visibility_prefix(op) + symbol_name_text(name.value) + "(")
        body = op.regions[0] if op.regions else None
        args = body.blocks[0].args if body is not None and body.blocks else None
        arg_attrs = _dicts(op.arg_attrs, len(ft.inputs))
        for i, t in enumerate(ft.inputs):
            if i:
                p.write(", ")
            # IREE prints the arguments as `%argN: T {attrs}` (no locations, even with debuginfo)
            if args is not None:
                p.print_operand(args[i])
            else:
                p.write(f"%arg{i}")
            p.write(": ")
            p.print_type(t)
            if arg_attrs[i] is not None:
                p.print_optional_attr_dict(arg_attrs[i])
        p.write(")")
        if ft.results:
            p.write(" -> ")
            _print_tied_results(p, ft, tied_operands(op), _dicts(op.res_attrs, len(ft.results)),
                                (lambda i: p.print_operand(args[i])) if args is not None
                                else (lambda i: p.write(f"%arg{i}")))
        p.print_optional_attr_dict(op.attributes, _FUNC_ELIDED, True)
        if body is not None and body.blocks:
            p.write(" ")
            p.print_region(body, False)
        return True


def tied_operands(op: Operation) -> list[int]:
    """The argument each result is tied to (-1: none), one per result."""
    ft = op.function_type if isinstance(op, FuncOp) else None
    n = len(getattr(getattr(ft, "type", None), "results", ())) if ft is not None else len(op.results)
    t = getattr(op, "tied_operands", None)  # util.func's and util.call's declared property
    vals = [getattr(x, "value", -1) for x in t.elements] if isinstance(t, ArrayAttr) else []
    return (vals + [-1] * n)[:n]


class InitializerOp(OpDef, CallableOpInterface):  # type: ignore[misc]
    name = "util.initializer"
    summary = "Global initialization function"
    function_type = attr(_TypeAttr)
    arg_attrs = opt_attr()
    res_attrs = opt_attr()
    body = region()
    traits = (IsolatedFromAbove(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, InitializerOp)  # (the type checker's view of its accessors)
        ft = op.function_type.type
        blocks = op.body.blocks
        if blocks and len(blocks[0].args) != len(ft.inputs):
            raise op_error(op, f"entry block must have {len(ft.inputs)} arguments to match function signature")

    # -- IREE's form: util.initializer [attributes {...}] { body }
    @staticmethod
    def parse_asm(p: Any) -> dict:
        attrs = p.parse_optional_attr_dict_with_keyword()
        attrs = p.resolver.attr(attrs) if attrs is not None else None
        # not a function's form (no name, arguments or results): IREE's parser reads any
        # region, `{}` included, and so does this one
        return {"attrs": attrs, "body": p.parse_region()}

    @classmethod
    def build_asm(cls, r: Any, st: dict) -> Operation:
        return cls.build(function_type=TypeAttr(FunctionType((), ())), attributes=st["attrs"], regions=[st["body"]])

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        assert isinstance(op, InitializerOp)  # (the type checker's view of its accessors)
        ft = getattr(op.function_type, "type", None)
        if not isinstance(ft, FunctionType) or ft.inputs or ft.results or len(op.properties) != 1:
            return False
        p.print_optional_attr_dict(op.attributes, (), True)
        p.write(" ")
        p.print_region(op.body)
        return True


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
    assembly_format = "(`immutable` $is_immutable^)? $global attr-dict `:` type($result)"
    attr_syntax = {"is_immutable": UnitKeyword(), "global": SymbolRef()}

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        assert isinstance(op, GlobalLoadOp)  # (the type checker's view of its accessors)
        _check_global_type(op, _global_of(op, symbols), op.result_.type, "load")

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        assert isinstance(op, GlobalLoadOp)  # (the type checker's view of its accessors)
        ref = op.global_
        return [ref.root] if isinstance(ref, SymbolRefAttr) else []


class GlobalStoreOp(OpDef):
    name = "util.global.store"
    summary = "Stores a value into a global variable"
    value = operand()
    global_ = attr(_SymRef, name="global")
    assembly_format = "$value `,` $global attr-dict `:` type($value)"

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        assert isinstance(op, GlobalStoreOp)  # (the type checker's view of its accessors)
        _check_global_type(op, _global_of(op, symbols), op.value.type, "store")


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
        assert isinstance(op, CallOp)  # (the type checker's view of its accessors)
        from hlopt.ir.symbols import SymbolCache

        # the call ties its results as the callee does (IREE's message)
        have, callee = op.tied_operands, op.callee
        f = (symbols or SymbolCache()).lookup(op, callee) if isinstance(callee, SymbolRefAttr) else None
        want = f.tied_operands if isinstance(f, FuncOp) else None
        if have is not None and want is not None and have != want:
            raise op_error(op, f"function tied operands mismatch; have {have.text} but callee is {want.text}")

    # -- IREE's form: `$callee ( $operands ) attr-dict : custom<OperandTypeList>(type($operands)) ->
    # custom<TiedFunctionResultList>(ref($operands), ...)`: the results name the operands they are
    # tied to, which a format's custom directive cannot see here, so the form is written by hand
    @staticmethod
    def parse_asm(p: Any) -> dict:
        callee = p.parse_attribute()
        p.parse_punct("(")
        uses = p.parse_operand_list()
        p.parse_punct(")")
        attrs = p.parse_optional_attr_dict()
        p.parse_colon()
        p.parse_punct("(")
        inputs = [] if p.peek(")") else p.parse_type_list()
        p.parse_punct(")")
        p.parse_punct("->")
        results = _parse_tied_results(p, [(u.name, u.index) for u in uses], False)
        return {"callee": callee, "uses": uses, "inputs": inputs, "results": results, "attrs": attrs,
                "pos": uses[0].pos if uses else p.location()}

    @classmethod
    def build_asm(cls, r: Any, st: dict) -> Operation:
        props, attrs = r.split_attrs(cls.name, r.attr(st["attrs"]) if st["attrs"] is not None else None)
        inputs = r.types(st["inputs"])
        results = _resolve_results(r, st["results"], inputs)
        fields = dict(props.entries) if props is not None else {}
        fields["callee"] = r.attr(st["callee"])
        if results:
            fields["tied_operands"] = _ties_attr([tie for _t, _a, tie in results])
        return cls.build(r.operands(st["uses"], inputs, st["pos"]), result_types=[t for t, _a, _tie in results],
                         attributes=attrs, **fields)

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        assert isinstance(op, CallOp)  # (the type checker's view of its accessors)
        callee = op.callee
        if not isinstance(callee, SymbolRefAttr) or callee.nested:
            return False
        p.write(" ")
        p.print_attribute(callee)
        p.write("(")
        p.print_operands(op.operands)
        p.write(")")
        extra = [(k, v) for k, v in op.properties.entries if k not in ("callee", "tied_operands")]
        attrs = DictionaryAttr(sorted(extra + list(op.attributes.entries))) if extra else op.attributes
        p.print_optional_attr_dict(attrs)
        ins = op.operand_types
        p.write(" : (")
        p.print_types(ins)
        p.write(") -> ")
        ft = FunctionType(ins, op.result_types)
        _print_tied_results(p, ft, tied_operands(op), [None] * len(ft.results),
                            lambda i: p.print_operand(op.operands[i]))
        return True


class ReturnOp(OpDef):
    name = "util.return"
    summary = "Return from a util.initializer or util.func"
    operands_ = var_operand()
    traits = (Pure(), ReturnLike(), Terminator())
    assembly_format = "attr-dict ($operands_^ `:` type($operands_))?"

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


def return_text(name: str, op: Operation, p: Any) -> str:
    """`name {attrs} %a, %b : A, B`: the form of IREE's return-like ops
    (hal's and stream's printers until they are declared formats)."""
    s = name + p.attr_dict(op.attributes)
    if op.operands:
        s += " " + p.values(op.operands) + " : " + p.types(op.operand_types)
    return s


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



# the text form of tied results, read by stream_cmd's parser (grammars/stream_cmd.lark)
_TIED_REF = re.compile(r"\s*%([\w$.\-]+(?:#\d+)?)")
_AS = re.compile(r"\s+as\s")


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


from hlopt.dialects import util_ops  # noqa: E402  (its ops' module, after the shared helpers above)

DIALECT = Dialect("util", ops=(GlobalOp, FuncOp, InitializerOp, GlobalLoadOp, GlobalStoreOp, CallOp, ReturnOp)
                  + util_ops.OPS)
