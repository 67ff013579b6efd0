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
    UnitAttr,
    symbol_name_text,
)
from hlopt.ir.constraints import AnyFunction, ArrayOf, Dict, FlatSymbolRef, Str, TypeAttrOf, Unit
from hlopt.ir.core import IRError, Operation, Region
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import CallableOpInterface, CallOpInterface, SymbolOpInterface
from hlopt.ir.opdef import OpDef, attr, operand, opt_attr, region, result, var_operand, var_result
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


def function_type(op: Any) -> FunctionType:
    """The signature of a func.func (or of an op declaring the same field, shape.func)."""
    t = op.function_type
    if not isinstance(t, TypeAttr) or not isinstance(t.type, FunctionType):
        raise IRError("'func.func' op requires attribute 'function_type'", op)
    return t.type


def _attr_list(a: Any, n: int) -> list[DictionaryAttr | None]:
    """An arg_attrs/res_attrs array as one entry per argument/result (None: no attributes)."""
    if a is None:
        return [None] * n
    return [d if isinstance(d, DictionaryAttr) and len(d) else None for d in a.elements]


# (the interface's classmethod result_types is the class side; instances keep Operation's)
class FuncOp(CallableOpInterface, SymbolOpInterface, OpDef):  # type: ignore[misc]
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
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, FuncOp)  # (the type checker's view of the accessors below)
        name = op.sym_name
        if not isinstance(name, StringAttr):
            raise IRError("'func.func' op requires attribute 'sym_name'", op)
        ft = function_type(op)
        vis = op.sym_visibility
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

    # -- custom form: func.func [visibility] @name(args) [-> results] [attributes {...}] [{ body }]
    @staticmethod
    def parse_asm(p: Any) -> dict:
        return parse_function_form(p, lambda p, r, args, named: _parse_results(p, r))

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        inputs = [t for _a, t, _attrs in st["args"]]
        outputs = [t for t, _attrs in st["results"]]
        props: dict[str, Any] = {"sym_name": StringAttr(st["name"]),
                                 "function_type": TypeAttr(FunctionType(inputs, outputs))}
        if st["vis"] is not None:
            props["sym_visibility"] = StringAttr(st["vis"])
        for key, dicts in (("arg_attrs", [x[2] for x in st["args"]]), ("res_attrs", [x[1] for x in st["results"]])):
            if any(d is not None and len(d) for d in dicts):
                props[key] = ArrayAttr(d if d is not None else DictionaryAttr() for d in dicts)
        return FuncOp.build(attributes=st["attrs"], body=st["body"] if st["body"] is not None else Region(), **props)

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        # read generically: the form also prints shape.func and util.func (through a
        # view of its properties with its results taken out, util._Renamed)
        props = op.properties
        t = props.get("function_type")
        name = props.get("sym_name")
        if not isinstance(t, TypeAttr) or not isinstance(t.type, FunctionType) or not isinstance(name, StringAttr):
            return False
        ft = t.type
        p.write(" ")
        vis = props.get("sym_visibility")
        if vis is not None:
            p.write(vis.value + " ")
        p.write(symbol_name_text(name.value))
        body = op.regions[0] if op.regions else None
        has_body = body is not None and bool(body.blocks)
        arg_attrs = _attr_list(props.get("arg_attrs"), len(ft.inputs))
        p.write("(")
        for i, it in enumerate(ft.inputs):
            if i:
                p.write(", ")
            if has_body:
                assert body is not None  # has_body
                p.print_region_argument(body.blocks[0].args[i], arg_attrs[i])
            else:
                p.print_type(it)
                if arg_attrs[i] is not None:
                    p.print_optional_attr_dict(arg_attrs[i])
        p.write(")")
        if ft.results:
            res_attrs = _attr_list(props.get("res_attrs"), len(ft.results))
            p.write(" -> ")
            rts = list(ft.results)  # (the function type's result types)
            if len(rts) == 1 and res_attrs[0] is None and not isinstance(rts[0], FunctionType):
                p.print_type(rts[0])
            else:
                p.write("(")
                for i, (rt, ra) in enumerate(zip(ft.results, res_attrs)):
                    if i:
                        p.write(", ")
                    p.print_type(rt)
                    if ra is not None:
                        p.print_optional_attr_dict(ra)
                p.write(")")
        p.print_optional_attr_dict(op.attributes, _FUNC_PROPS, True)
        if has_body:
            assert body is not None  # has_body
            p.write(" ")
            p.print_region(body, False)
        return True


def _parse_arguments(p: Any, r: Any) -> tuple[list[tuple], bool]:
    """`(%a: T {attrs} loc(..), ...)` or, for a declaration, `(T {attrs}, ...)`:
    ([(argument or None, type, attrs)], whether the arguments are named)."""
    from hlopt.syntax import ParseError

    end = _balanced_end(p)
    p.parse_punct("(")
    args: list[tuple] = []
    named = p.peek("%")
    if p.parse_optional_punct(")"):
        return args, named
    while True:
        at = p.location()
        if named:
            a = p.parse_optional_argument(allow_type=False)
            if a is None or not p.parse_optional_punct(":"):
                raise ParseError("expected SSA value name and ':' type", at)
            a.type = r.type(_type(p))
            attrs = p.parse_optional_attr_dict()
            a.loc = p.parse_optional_location()
            args.append((a, a.type, r.attr(attrs) if attrs is not None else None))
        else:
            t = r.type(_type(p))
            attrs = p.parse_optional_attr_dict()
            p.parse_optional_location()  # a declaration's argument locations are not kept
            args.append((None, t, r.attr(attrs) if attrs is not None else None))
        if p.parse_optional_punct(")"):
            return args, named
        if not p.peek(","):
            raise _unexpected(p, end)
        p.parse_comma()


def parse_function_form(p: Any, read_results: Any) -> dict:
    """The head and body of a function op's form, `[visibility] @name(args)
    [-> results] [attributes {...}] [{ body }]`, as func.func reads it;
    `read_results(p, resolver, args, named)` reads what follows `->` (util.func's
    results may be tied to its arguments). The head is decoded before the body
    is read, as MLIR's parser does, so its errors come first."""
    from hlopt.syntax import ParseError

    vis = p.parse_optional_keyword(("public", "private", "nested"))
    sym = p.parse_optional_symbol_name()
    if sym is None:
        at = p.location()
        raise ParseError(f"unexpected character '{p.text[at:at + 1]}'", at)
    name, sym_pos = sym
    return {"vis": vis, "name": name, **parse_function_signature(p, sym_pos, read_results)}


def parse_function_signature(p: Any, sym_pos: int, read_results: Any = None, after_results: Any = None,
                             body_required: bool = False) -> dict:
    """What follows a function op's name: `(args) [-> results]` (results as
    func.func reads them unless `read_results` says otherwise), then
    `after_results(p, results)` (hal.executable.constant.block's keys), then
    `[attributes {...}] [{ body }]` (the body required: `body_required`)."""
    from hlopt.syntax import ParseError

    r = p.resolver
    args, named = _parse_arguments(p, r)
    results: list = []
    if p.parse_optional_punct("->"):
        results = read_results(p, r, args, named) if read_results is not None else _parse_results(p, r)
    if after_results is not None:
        after_results(p, results)
    attrs = p.parse_optional_attr_dict_with_keyword()
    attrs = r.attr(attrs) if attrs is not None else None
    body_pos = p.location()
    body = None
    if p.peek("{") or body_required:
        if args and not named:
            raise ParseError("expected SSA identifier for function arguments with a body", sym_pos)
        body = p.parse_region([a for a, _t, _attrs in args] if named else [])
        if not body.blocks:
            raise p.error("expected non-empty function body", body_pos)
    return {"args": args, "results": results, "attrs": attrs, "body": body}


def _parse_results(p: Any, r: Any) -> list[tuple]:
    """After `->`: `T` or `(T {attrs}, ...)` -> [(type, attrs)]."""
    from hlopt.syntax import ParseError

    if not p.peek("("):
        at = p.location()
        t = p.parse_optional_type()
        if t is None:
            raise ParseError("expected a result type after '->'", at)
        return [(r.type(t), None)]
    end = _balanced_end(p)
    p.parse_punct("(")
    out: list[tuple] = []
    if p.parse_optional_punct(")"):
        return out
    while True:
        t = r.type(_type(p))
        attrs = p.parse_optional_attr_dict()
        out.append((t, r.attr(attrs) if attrs is not None else None))
        if p.parse_optional_punct(")"):
            return out
        if not p.peek(","):
            if p.peek("loc("):  # results have no locations in MLIR's syntax
                raise p.wrong_token("expected ')'")
            raise _unexpected(p, end)
        p.parse_comma()


def _type(p: Any) -> Any:
    """A signature's type: "expected non-function type" for an empty slot, "expected type" otherwise."""
    from hlopt.syntax import ParseError

    at = p.location()
    t = p.parse_optional_type()
    if t is None:
        raise ParseError("expected non-function type" if p.peek(",") or p.peek(")") else "expected type", at)
    return t


def _balanced_end(p: Any) -> int:
    """End of the parenthesized list at the next token, its bracket errors as the lexer reports them."""
    from hlopt.syntax import LexError, ParseError, scan_balanced

    try:
        return scan_balanced(p.text, p.location())
    except LexError as e:
        raise ParseError(e.message, e.pos) from None


def _unexpected(p: Any, end: int) -> Exception:
    """What follows a signature entry that is not `,` or `)`: "unexpected '<the rest of the entry>'"."""
    from hlopt.syntax import ParseError, split_top

    rest = split_top(p.text[p.location():end - 1])[0]
    return ParseError(f"unexpected '{rest.strip()[:20]}'", p.location())


def _enclosing_func(op: Operation) -> FuncOp | None:
    parent = op.parent_op
    return parent if isinstance(parent, FuncOp) else None


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
        ods, results = op._operands, ft.results
        if len(ods) == len(results):  # the usual case: no message made
            for o, t in zip(ods, results):
                if o.value.type is not t:
                    break
            else:
                return
        name = f.sym_name.value
        if len(op.operands) != len(ft.results):
            raise IRError(f"'func.return' op has {len(op.operands)} operands, but enclosing function (@{name}) "
                          f"returns {len(ft.results)}", op)
        for i, (v, t) in enumerate(zip(op.operands, ft.results)):
            if v.type is not t:
                raise IRError(f"type of return operand {i} ('{v.type.text}') doesn't match "
                              f"function result type ('{t.text}') in function @{name}", op)

    assembly_format = "attr-dict ($operands^ `:` type($operands))?"


class CallOp(CallOpInterface, OpDef):
    name = "func.call"
    summary = "Call operation"
    args = var_operand()
    callee = attr(FlatSymbolRef)
    arg_attrs = opt_attr(ArrayOf(Dict, "Array of dictionary attributes"))
    res_attrs = opt_attr(ArrayOf(Dict, "Array of dictionary attributes"))
    no_inline = opt_attr(Unit)
    outs = var_result()
    symbol_verify = True  # checks read its own types and properties and the callee found from its symbol table

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        assert isinstance(op, CallOp)  # (the type checker's view of the accessors below)
        callee = op.callee
        if not isinstance(callee, SymbolRefAttr):
            raise IRError("'func.call' op requires attribute 'callee'", op)
        if symbols is None:
            from hlopt.ir.symbols import SymbolCache

            symbols = SymbolCache()
        fn = symbols.lookup(op, callee)
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

    # -- custom form: call @callee(%a, ...) [<props>] [{attrs}] : (T, ...) -> (U, ...)
    # MLIR's `$callee `(` $operands `)` prop-dict attr-dict `:` functional-type(...)`; the properties
    # but callee print in declaration order as `<...>`; `<{...}>` and inherent entries in `{...}` parse too
    @staticmethod
    def parse_asm(p: Any) -> dict:
        callee = p.parse_symbol_name()[0]
        p.parse_punct("(")
        operands = p.parse_operand_list()
        p.parse_punct(")")
        props = p.parse_optional_prop_dict(struct=True)
        attrs = p.parse_optional_attr_dict()
        p.parse_colon()
        ftype = p.parse_type()
        return {"callee": callee, "operands": operands, "props": props, "attrs": attrs, "type": ftype}

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        ft = r.type(st["type"])
        if not isinstance(ft, FunctionType):
            raise r.error("expected function type", st["type"].pos)
        operands = r.operands(st["operands"], ft.inputs, st["type"].pos)
        props: dict[str, Any] = {"callee": SymbolRefAttr(st["callee"])}
        if st["props"] is not None:
            props.update(r.attr(st["props"]).entries)
        a = r.attr(st["attrs"]) if st["attrs"] is not None else None
        if a is not None and any(k in _CALL_INHERENT for k, _ in a.entries):  # inherent -> properties
            props.update((k, v) for k, v in a.entries if k in _CALL_INHERENT)
            a = DictionaryAttr([(k, v) for k, v in a.entries if k not in _CALL_INHERENT])
        # the class itself (not `build`): properties stay as written, unknown ones for the verifier to report
        return CallOp(CallOp.name, operands, ft.results, props, a)

    @classmethod
    def print_asm(cls, op: Operation, p: Any) -> bool:
        assert isinstance(op, CallOp)  # (the type checker's view of the accessors below)
        callee = op.callee
        if not isinstance(callee, SymbolRefAttr) or any(k not in cls.inherent for k, _ in op.properties.entries):
            return False
        p.write(" ")
        p.print_attribute(callee)
        p.write("(")
        p.print_operands(op.operands)
        p.write(")")
        props = [(k, op.properties.get(k)) for k in _CALL_INHERENT if op.properties.get(k) is not None]
        if props:
            p.write(" <")
            for i, (k, v) in enumerate(props):
                if i:
                    p.write(", ")
                p.write(k)
                if not isinstance(v, UnitAttr):
                    p.write(" = ")
                    p.print_attribute(v)
            p.write(">")
        p.print_optional_attr_dict(op.attributes)
        p.write(" : ")
        p.print_functional_type(op.operand_types, op.result_types)
        return True

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        c = op.get_attr("callee")
        return ctx.call(ctx.lookup(c.leaf if hasattr(c, "leaf") else c.text.lstrip("@")), args)




class CallIndirectOp(CallOpInterface, OpDef):
    """`call_indirect %f(%a) : (T) -> U`: MLIR's `$callee `(` $callee_operands `)` attr-dict `:`
    type($callee)`, the operand and result types given by the callee's type."""

    name = "func.call_indirect"
    summary = "Indirect call operation"
    # the field is the instance side; the class side keeps CallOpInterface.callee (opdef._Accessor.shadow)
    callee = operand()  # type: ignore[assignment]
    callee_operands = var_operand()
    arg_attrs = opt_attr(ArrayOf(Dict, "Array of dictionary attributes"))
    res_attrs = opt_attr(ArrayOf(Dict, "Array of dictionary attributes"))
    results_ = var_result(name="results")

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, CallIndirectOp)  # (the type checker's view of the accessors below)
        ft = op.callee.type if op.operands else None
        if not isinstance(ft, FunctionType):
            raise IRError("'func.call_indirect' op operand #0 must be function type", op)
        args = op.callee_operands
        if len(args) != len(ft.inputs) or any(v.type is not t for v, t in zip(args, ft.inputs)):
            raise IRError("'func.call_indirect' op failed to verify that callee input types match argument types",
                          op)
        if len(op.results) != len(ft.results) or any(r.type is not t for r, t in zip(op.results, ft.results)):
            raise IRError("'func.call_indirect' op failed to verify that callee result types match result types",
                          op)

    @staticmethod
    def parse_asm(p: Any) -> dict:
        callee = p.parse_operand()
        p.parse_punct("(")
        operands = p.parse_operand_list()
        p.parse_punct(")")
        attrs = p.parse_optional_attr_dict()
        p.parse_colon()
        return {"callee": callee, "operands": operands, "attrs": attrs, "type": p.parse_type()}

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        ft = r.type(st["type"])
        if not isinstance(ft, FunctionType):
            raise r.error("custom op 'func.call_indirect' invalid kind of type specified: expected "
                          f"builtin.function, but found '{ft.text}'", st["type"].pos)
        callee = r.operand(st["callee"], ft)
        operands = r.operands(st["operands"], ft.inputs, st["type"].pos)
        props, attrs = r.split_attrs("func.call_indirect", r.attr(st["attrs"]) if st["attrs"] is not None else None)
        return CallIndirectOp(CallIndirectOp.name, [callee, *operands], ft.results, props, attrs)

    @classmethod
    def print_asm(cls, op: Operation, p: Any) -> bool:
        assert isinstance(op, CallIndirectOp)  # (the type checker's view of the accessors below)
        if not op.operands or not isinstance(op.callee.type, FunctionType):
            return False
        p.write(" ")
        p.print_operand(op.callee)
        p.write("(")
        p.print_operands(op.callee_operands)
        p.write(")")
        p.print_optional_attr_dict(_merged_attrs(op))
        p.write(" : ")
        p.print_type(op.callee.type)
        return True


def _merged_attrs(op: Operation) -> DictionaryAttr:
    """The properties and discardable attributes in one dictionary (MLIR's attr-dict
    of an op whose format prints no property by itself)."""
    if not op.properties.entries:
        return op.attributes
    return DictionaryAttr(sorted([*op.properties.entries, *op.attributes.entries], key=lambda kv: kv[0]))


class ConstantOp(OpDef):
    """`%f = constant @fn : (T) -> U`: a function as a value."""

    name = "func.constant"
    summary = "Constant"
    value = attr(FlatSymbolRef)
    result_ = result(name="result")
    traits = (Pure(),)  # (MLIR's ConstantLike too; hlopt's folders expect a value attribute there)
    assembly_format = "attr-dict $value `:` type($result)"

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["f"]  # MLIR's getAsmResultNames

    @classmethod
    def verify(cls, op: Operation, symbols: Any = None) -> None:
        from hlopt.ir.symbols import SymbolCache

        assert isinstance(op, ConstantOp)  # (the type checker's view of the accessors below)
        ref = op.value
        if not isinstance(ref, SymbolRefAttr):
            raise IRError("'func.constant' op requires attribute 'value'", op)
        fn = (symbols or SymbolCache()).lookup(op, ref)
        if fn is None or fn.name != "func.func":
            raise IRError(f"'func.constant' op reference to undefined function '{ref.leaf}'", op)
        if function_type(fn) is not op.result.type:
            raise IRError("'func.constant' op reference to function with mismatched type", op)


# -- helpers of other dialects' grammar rules (util.func's signature; stream/hal/util return) --

def parse_func_head(s: Any, c: list) -> tuple:
    from hlopt.syntax import ParseError, scan_balanced, split_pieces, symbol_name

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


def parse_return(s: Any, c: list) -> tuple[Operation, int]:
    kw, values, types = c
    operands = s.uses(values, types, values[0].start_pos) if values is not None else []
    return ReturnOp.build(operands), kw.start_pos


_CALL_INHERENT = ("arg_attrs", "res_attrs", "no_inline")


DIALECT = Dialect("func", ops=(FuncOp, ReturnOp, CallOp, CallIndirectOp, ConstantOp))
