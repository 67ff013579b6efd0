"""The func dialect: func.func, func.return, func.call."""

from __future__ import annotations

import re
from typing import Any

from hlopt.ir.attributes import (
    ArrayAttr,
    DictionaryAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    symbol_name_text,
)
from hlopt.ir.constraints import AnyFunction, ArrayOf, Dict, FlatSymbolRef, Str, TypeAttrOf, Unit
from hlopt.ir.core import IRError, Operation, Region
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import CallableOpInterface, CallOpInterface, SymbolOpInterface
from hlopt.ir.location import UnknownLoc
from hlopt.ir.opdef import OpDef, attr, opt_attr, region, var_operand, var_result
from hlopt.ir.traits import (
    AffineScope,
    AutomaticAllocationScope,
    HasParent,
    IsolatedFromAbove,
    Pure,
    ReturnLike,
    Symbol,
    Terminator,
)
from hlopt.ir.types import FunctionType

_FUNC_PROPS = ("sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs")


def function_type(op: Operation) -> FunctionType:
    t = op.properties.get("function_type")
    if not isinstance(t, TypeAttr) or not isinstance(t.type, FunctionType):
        raise IRError("'func.func' op requires attribute 'function_type'", op)
    return t.type


def _attr_list(op: Operation, name: str, n: int) -> list[DictionaryAttr | None]:
    a = op.properties.get(name)
    if a is None:
        return [None] * n
    return [d if isinstance(d, DictionaryAttr) and len(d) else None for d in a.elements]


class FuncOp(CallableOpInterface, SymbolOpInterface, OpDef):
    name = "func.func"
    summary = "An operation with a name containing a single SSACFG region"
    sym_name = attr(Str)
    function_type = attr(TypeAttrOf(AnyFunction, "type attribute of function type"))
    sym_visibility = opt_attr(Str)
    arg_attrs = opt_attr(ArrayOf(Dict, "Array of dictionary attributes"))
    res_attrs = opt_attr(ArrayOf(Dict, "Array of dictionary attributes"))
    no_inline = opt_attr(Unit)
    body = region()
    traits = (IsolatedFromAbove(), Symbol(), AutomaticAllocationScope(), AffineScope())
    default_dialect = "func"

    @classmethod
    def is_declaration(cls, op: Operation) -> bool:
        return not op.regions or not op.regions[0].blocks

    @classmethod
    def custom_visit_items(cls, op: Operation, debuginfo: bool) -> list[tuple]:
        return _func_visit_items(op, debuginfo)

    @classmethod
    def verify(cls, op: Operation) -> None:
        name = op.properties.get("sym_name")
        if not isinstance(name, StringAttr):
            raise IRError("'func.func' op requires attribute 'sym_name'", op)
        ft = function_type(op)
        vis = op.properties.get("sym_visibility")
        if vis is not None and (not isinstance(vis, StringAttr) or vis.value not in ("public", "private", "nested")):
            raise IRError("'func.func' op visibility expected to be one of [\"public\", \"private\", \"nested\"]", op)
        for key, count in (("arg_attrs", len(ft.inputs)), ("res_attrs", len(ft.results))):
            a = op.properties.get(key)
            if a is not None:
                if not isinstance(a, ArrayAttr) or not all(isinstance(d, DictionaryAttr) for d in a.elements):
                    raise IRError(f"'func.func' op expects {key} to be an array of dictionaries", op)
                if len(a) != count:
                    what = "argument" if key == "arg_attrs" else "result"
                    raise IRError(f"'func.func' op expects {what} attribute array to have the same number of "
                                  f"elements as the number of function {what}s, got {len(a)}, but expected {count}",
                                  op)
        body = op.regions[0] if op.regions else None
        if body is None or not body.blocks:
            if vis is None or vis.value == "public":  # no visibility means public
                raise IRError("'func.func' op symbol declaration cannot have public visibility", op)
            return
        entry = body.blocks[0]
        if len(entry.args) != len(ft.inputs):
            raise IRError(f"'func.func' op entry block must have {len(ft.inputs)} arguments to match function "
                          f"signature", op)
        for i, (a, t) in enumerate(zip(entry.args, ft.inputs)):
            if a.type is not t:
                raise IRError(f"'func.func' op type of entry block argument #{i}({a.type.text}) must match the "
                              f"type of the corresponding argument in function signature({t.text})", op)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        ft = function_type(op)
        s = "func.func "
        vis = op.properties.get("sym_visibility")
        if vis is not None:
            s += vis.value + " "
        s += symbol_name_text(op.properties.get("sym_name").value)
        body = op.regions[0] if op.regions else None
        has_body = body is not None and bool(body.blocks)
        arg_attrs = _attr_list(op, "arg_attrs", len(ft.inputs))
        args = []
        for i, t in enumerate(ft.inputs):
            if has_body:
                a = body.blocks[0].args[i]
                item = f"{p.value(a)}: {p.type_text(t)}"
            else:
                item = p.type_text(t)
            if arg_attrs[i] is not None:
                item += p.attr_dict(arg_attrs[i])
            if has_body and p.debuginfo:
                loc = a.location if a.location is not None else UnknownLoc()
                item += " loc(" + loc.body(p) + ")"
            args.append(item)
        s += "(" + ", ".join(args) + ")"
        if ft.results:
            res_attrs = _attr_list(op, "res_attrs", len(ft.results))
            if len(ft.results) == 1 and res_attrs[0] is None and not isinstance(ft.results[0], FunctionType):
                s += " -> " + p.type_text(ft.results[0])
            else:
                s += " -> (" + ", ".join(
                    p.type_text(t) + (p.attr_dict(ra) if ra is not None else "")
                    for t, ra in zip(ft.results, res_attrs)) + ")"
        s += p.attr_dict(op.attributes, elide=_FUNC_PROPS, keyword=True)
        if has_body:
            s += " " + p.region(body, print_entry_args=False)
        return s


def _enclosing_func(op: Operation) -> Operation | None:
    parent = op.parent_op
    return parent if parent is not None and parent.name == "func.func" else None


class ReturnOp(OpDef):
    name = "func.return"
    summary = "Function return operation"
    operands_ = var_operand(name="operands")
    traits = (Pure(), HasParent("func.func"), ReturnLike(), Terminator())

    @classmethod
    def verify(cls, op: Operation) -> None:
        f = _enclosing_func(op)
        if f is None:
            raise IRError("'func.return' op expects parent op 'func.func'", op)
        ft = function_type(f)
        name = f.properties.get("sym_name").value
        if len(op.operands) != len(ft.results):
            raise IRError(f"'func.return' op has {len(op.operands)} operands, but enclosing function (@{name}) "
                          f"returns {len(ft.results)}", op)
        for i, (v, t) in enumerate(zip(op.operands, ft.results)):
            if v.type is not t:
                raise IRError(f"type of return operand {i} ('{v.type.text}') doesn't match "
                              f"function result type ('{t.text}') in function @{name}", op)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        s = p.op_name(op)
        if op.operands:
            s += " " + p.values(op.operands) + " : " + p.types(op.operand_types)
        return s + p.attr_dict(op.attributes)


class CallOp(CallOpInterface, OpDef):
    name = "func.call"
    summary = "Call operation"
    args = var_operand()
    callee = attr(FlatSymbolRef)
    arg_attrs = opt_attr(ArrayOf(Dict, "Array of dictionary attributes"))
    res_attrs = opt_attr(ArrayOf(Dict, "Array of dictionary attributes"))
    no_inline = opt_attr(Unit)
    outs = var_result()

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        callee = op.properties.get("callee")
        if not isinstance(callee, SymbolRefAttr):
            raise IRError("'func.call' op requires attribute 'callee'", op)
        from hlopt.ir.symbols import SymbolCache

        fn = (symbols or SymbolCache()).lookup(op, callee)
        if fn is None or fn.name != "func.func":
            raise IRError(f"'func.call' op '{callee.leaf}' does not reference a valid function", op)
        ft = function_type(fn)
        if len(ft.inputs) != len(op.operands):
            raise IRError("'func.call' op incorrect number of operands for callee", op)
        for i, (v, t) in enumerate(zip(op.operands, ft.inputs)):
            if v.type is not t:
                raise IRError(f"'func.call' op operand type mismatch: expected operand type '{t.text}', but "
                              f"provided '{v.type.text}' for operand number {i}", op)
        if len(ft.results) != len(op.results):
            raise IRError("'func.call' op incorrect number of results for callee", op)
        for i, (r, t) in enumerate(zip(op.results, ft.results)):
            if r.type is not t:
                raise IRError(f"'func.call' op result type mismatch at index {i}", op,
                              notes=[("      op result types: " + ", ".join(f"'{x.type.text}'" for x in op.results), op),
                                     ("function result types: " + ", ".join(f"'{x.text}'" for x in ft.results), op)])

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if any(k not in cls.inherent for k, _ in op.properties.entries):
            return None
        # MLIR's format `$callee ( $operands ) prop-dict attr-dict`: the
        # properties but callee in declaration order, as `<...>`
        from hlopt.ir.attributes import print_named_attrs

        props = [(k, op.properties.get(k)) for k in _CALL_INHERENT if op.properties.get(k) is not None]
        s = p.op_name(op) + " " + op.properties.get("callee").text + "(" + p.values(op.operands) + ")"
        if props:
            s += " <" + print_named_attrs(props, p) + ">"
        s += p.attr_dict(op.attributes)
        return s + " : " + p.functional_type(op.operand_types, op.result_types)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        c = op.get_attr("callee")
        return ctx.call(ctx.lookup(c.leaf if hasattr(c, "leaf") else c.text.lstrip("@")), args)


# -- printing ---------------------------------------------------------------------

def _func_visit_items(o: Operation, dbg: bool) -> list[tuple]:
    """func.func custom form: signature (arg types and locs; arg attrs only for
    declarations), result types and attrs, other attrs, then the body."""
    ft = o.properties.get("function_type")
    ft = getattr(ft, "type", ft)
    body = o.regions[0] if o.regions else None
    has_body = body is not None and bool(body.blocks)
    seq: list[tuple] = []
    arg_attrs = o.properties.get("arg_attrs")
    res_attrs = o.properties.get("res_attrs")
    ins = list(getattr(ft, "inputs", ()))
    outs = list(getattr(ft, "results", ()))
    for i, t in enumerate(ins):
        seq.append(("a", t, False))
        if has_body:
            a = body.blocks[0].args[i]
            if dbg and a.location is not None:
                seq.append(("a", a.location, False))
        elif isinstance(arg_attrs, ArrayAttr) and i < len(arg_attrs.elements):
            d = arg_attrs.elements[i]
            if isinstance(d, DictionaryAttr):
                seq.extend(("a", v, False) for _, v in d.entries)
    for i, t in enumerate(outs):
        seq.append(("a", t, False))
        if isinstance(res_attrs, ArrayAttr) and i < len(res_attrs.elements):
            d = res_attrs.elements[i]
            if isinstance(d, DictionaryAttr):
                seq.extend(("a", v, False) for _, v in d.entries)
    seq.extend(("a", v, False) for _, v in o.attributes.entries)
    if has_body:
        for i, b in enumerate(body.blocks):
            seq.append(("blk", b, i > 0))
    return seq



# -- custom syntax: grammars/func.lark ------------------------------------------

def parse_func_head(s: Any, c: list) -> tuple:
    from hlopt.syntax.lexer import scan_balanced
    from hlopt.syntax.parser import ParseError, split_pieces, symbol_name

    kw, vis, sym, sig, attrs = c
    text = str(sig)
    base = sig.start_pos
    close = scan_balanced(text, 0)
    inner = text[1:close - 1]
    named = bool(re.match(r"\s*%", inner))
    parsed = s.parse_arg_list(inner, base + 1, named=named)
    args = [(name, t, loc_tok, apos) for name, t, loc_tok, _, apos in parsed]
    arg_attrs = [a for _, _, _, a, _ in parsed]
    rest = text[close:].strip()
    results, res_attrs = [], []
    if rest:
        rt = rest[2:].strip()  # after '->'
        rbase = base + text.index(rt, close)
        if rt.startswith("(") and not rt[1:-1].strip():
            pass  # `-> ()`: no results
        elif rt.startswith("("):  # an empty slot `(T, , U)` is an error, as in MLIR
            for piece, off in split_pieces(rt[1:-1]):
                if not piece.strip():
                    raise ParseError("expected non-function type", rbase + 1 + off)
                _, t, loc_tok, a = s.parse_arg(piece, rbase + 1 + off, named=False)
                if loc_tok is not None:  # results have no locations in MLIR's syntax
                    raise ParseError("expected ')'", rbase + 1 + off + piece.find("loc("))
                results.append(t)
                res_attrs.append(a)
        else:
            results.append(s.decode("type", rt, rbase))
            res_attrs.append(None)
    props = {
        "sym_name": StringAttr(symbol_name(sym)),
        "function_type": TypeAttr(FunctionType([a[1] for a in args], results)),
    }
    if vis is not None:
        props["sym_visibility"] = StringAttr(str(vis))
    if any(a is not None and len(a) for a in arg_attrs):
        props["arg_attrs"] = ArrayAttr(a if a is not None else DictionaryAttr() for a in arg_attrs)
    if any(a is not None and len(a) for a in res_attrs):
        props["res_attrs"] = ArrayAttr(a if a is not None else DictionaryAttr() for a in res_attrs)
    extra = s.decode_dict(attrs) if attrs is not None else None
    s.pending.append(("func.func", args if named else None))
    return props, extra, named, sym, kw.start_pos


def parse_func(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.syntax.parser import ParseError

    (props, attrs, named, sym, pos), region = c
    s.pending.pop()
    if region is not None and not region.blocks:
        raise ParseError("custom op 'func.func' expected non-empty function body", pos)
    if region is not None and not named and props["function_type"].type.inputs:
        raise ParseError("expected SSA identifier for function arguments with a body", sym.start_pos)
    return Operation("func.func", (), (), props, attrs, [region] if region is not None else [Region()]), pos


def parse_return(s: Any, c: list) -> tuple[Operation, int]:
    kw, values, types = c
    operands = s.uses(values, types, values[0].start_pos) if values is not None else []
    return Operation("func.return", operands), kw.start_pos


_CALL_INHERENT = ("arg_attrs", "res_attrs", "no_inline")


def parse_call(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.syntax.parser import symbol_name

    kw, sym, operands_tok, prop_tok, attrs, ftype = c
    ft = s.decode_function_type(ftype)
    operands = s.resolve_operands(operands_tok, list(ft.inputs))
    props = {"callee": SymbolRefAttr(symbol_name(sym))}
    if prop_tok is not None:  # `<no_inline>` (MLIR's prop-dict) or `<{no_inline}>`
        text = str(prop_tok)
        body = text[1:-1] if text.startswith("<{") else "{" + text[1:-1] + "}"
        props.update(s.decode_dict_text(body, prop_tok.start_pos + (1 if text.startswith("<{") else 0)).entries)
    a = s.decode_dict(attrs) if attrs is not None else None
    if a is not None and any(k in _CALL_INHERENT for k, _ in a.entries):  # inherent -> properties
        props.update((k, v) for k, v in a.entries if k in _CALL_INHERENT)
        a = DictionaryAttr([(k, v) for k, v in a.entries if k not in _CALL_INHERENT])
    return Operation("func.call", operands, ft.results, props, a), kw.start_pos


DIALECT = Dialect("func", ops=(FuncOp, ReturnOp, CallOp), grammar="func.lark", syntax={
    "func_func_head": parse_func_head, "func_func": parse_func,
    "func_return": parse_return, "func_call": parse_call})
