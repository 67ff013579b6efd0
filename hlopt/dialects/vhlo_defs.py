"""The versioned VHLO ops (`vhlo.add_v1`, ...), declared from vhlo_ops.py's
tables as VhloOps.td declares them: every operand and result VHLO_AnyType,
every attribute VHLO_AnyAttr and required, regions by name, `return_v1` a
terminator, the reduce/scatter ops' variadic groups of the same size. Only
`func_v1` has a custom form (VhloOps.td's `custom<FunctionBody>(...)
attr-dict`, below): MLIR prints the others generically. hlopt reads VHLO
from bytecode and converts it to StableHLO as it reads (vhlo.py); the
declarations are what makes the dialect closed, as MLIR's is."""

from __future__ import annotations

import re
from typing import Any, cast

from hlopt.dialects.vhlo_ops import OP_ATTRIBUTES, OP_SIGNATURES
from hlopt.ir.attributes import OpaqueAttr, StringAttr
from hlopt.ir.constraints import AnyAttr, AnyType
from hlopt.ir.opdef import SINGLE, VARIADIC, AttrDef, OpDef, OperandDef, RegionDef, ResultDef
from hlopt.ir.traits import SameVariadicOperandSize, Terminator

_OP_API = frozenset(n for c in OpDef.__mro__ for n in vars(c) if not n.startswith("__")) | {"name"}


def _accessor(name: str) -> str:
    """The class attribute a field is declared under (Operation's API names take `_`)."""
    return name + "_" if name in _OP_API else name


def _groups(text: str) -> list[tuple[str, str]]:
    return [(p.strip().rstrip("*"), VARIADIC if p.strip().endswith("*") else SINGLE)
            for p in text.split(",") if p.strip()]


_STRING_V1 = '#vhlo.string_v1<'
_BARE_SYMBOL = re.compile(r'[A-Za-z_][\w$.-]*', re.ASCII)


class _FunctionBody:
    """func_v1's form: `@name(%arg0: T, ...) -> (R, ...) { ... } {attrs}`
    (StableHLO's parseFunctionBody/printFunctionBody): the name and the
    function type are VHLO attributes (`#vhlo.string_v1<"name">`,
    `#vhlo.type_v1<!vhlo.func_v1<(T, ...) -> R, ...>>`)."""

    __slots__ = ()
    assembly_format = "custom<FunctionBody>($sym_name, $body, $function_type) attr-dict"

    @staticmethod
    def parse_FunctionBody(p: Any) -> tuple:
        r = p.resolver
        name, _pos = p.parse_symbol_name()
        p.parse_punct("(")
        args: list = []
        if not p.parse_optional_punct(")"):
            while True:
                a = p.parse_argument()
                a.type = r.type(a.type)
                args.append(a)
                if p.parse_optional_punct(")"):
                    break
                p.parse_comma()
        p.parse_punct("->")  # (MLIR's parseArrowTypeList: `-> T` or `-> (T, ...)`)
        if p.parse_optional_punct("("):
            results = r.types(p.parse_type_list())
            p.parse_punct(")")
        else:
            results = [r.type(p.parse_type())]
        body = p.parse_region(args)
        ins = ", ".join(a.type.text for a in args)
        outs = ", ".join(t.text for t in results)  # (FunctionV1Type lists its outputs without parentheses)
        return (OpaqueAttr(_STRING_V1 + StringAttr(name).text + ">"), [body],
                OpaqueAttr(f"#vhlo.type_v1<!vhlo.func_v1<({ins}) -> {outs}>>"))

    @staticmethod
    def print_FunctionBody(p: Any, op: Any, name: Any, body: list, function_type: Any) -> None:
        quoted = name.spelling[len(_STRING_V1):-1]  # printed as printSymbolName does
        raw = quoted[1:-1]
        p.write("@" + (raw if "\\" not in raw and _BARE_SYMBOL.fullmatch(raw) else quoted) + "(")
        region = body[0]
        for i, a in enumerate(region.blocks[0].args if region.blocks else ()):
            if i:
                p.write(", ")
            p.print_region_argument(a)
        p.write(") -> (")
        p.print_types(_func_v1_outputs(function_type))
        p.write(") ")
        p.print_region(region, False, True, True)

    @classmethod
    def asm_printable(cls, op: Any) -> bool:
        f = cast(Any, op)  # (a class generated from the tables: its fields are its accessors)
        name, ft = f.sym_name, f.function_type
        return (isinstance(name, OpaqueAttr) and name.spelling.startswith(_STRING_V1)
                and isinstance(ft, OpaqueAttr) and _func_v1_outputs(ft) is not None and len(op.regions) == 1)


def _func_v1_outputs(ft: Any) -> list | None:
    """The result types of `#vhlo.type_v1<!vhlo.func_v1<(ins) -> outs>>`, or None."""
    from hlopt.syntax import parse_type, split_pieces

    text = ft.spelling
    head, tail = "#vhlo.type_v1<!vhlo.func_v1<", ">>"
    if not (text.startswith(head) and text.endswith(tail)):
        return None
    sig = text[len(head):-len(tail)]
    depth = 0
    for i, c in enumerate(sig):  # the `->` at depth 0 after the inputs
        depth += c in "(<[{"
        depth -= c in ")>]}"
        if depth == 0 and sig.startswith(" -> ", i + 1):
            outs = sig[i + 5:]
            break
    else:
        return None
    pieces = [x.strip() for x, _ in split_pieces(outs)]
    return [parse_type(x) for x in pieces if x]


def _declare(mnemonic: str) -> type[OpDef]:
    spec = OP_SIGNATURES[mnemonic]
    same_size = spec.endswith("!")
    sig, _, regions = spec.rstrip("!").partition("|")
    ins, outs = sig.split("->")
    ns: dict[str, Any] = {"name": "vhlo." + mnemonic, "__module__": __name__,
                          "summary": f"VHLO's versioned `{mnemonic}` (VhloOps.td)"}
    for n, a in _groups(ins):
        ns[_accessor(n)] = OperandDef(a, AnyType, name=n)
    for n, a in _groups(outs):
        ns[_accessor(n)] = ResultDef(a, AnyType, name=n)
    for n in OP_ATTRIBUTES[mnemonic]:
        ns[_accessor(n)] = AttrDef(SINGLE, AnyAttr, name=n)
    for n, a in _groups(regions):
        ns[_accessor(n)] = RegionDef(a, None, name=n)
    traits: tuple = (Terminator(),) if mnemonic == "return_v1" else ()
    if same_size:
        traits += (SameVariadicOperandSize(),)
    ns["traits"] = traits
    cls_name = "".join(p.capitalize() for p in mnemonic.split("_")) + "Op"
    return type(cls_name, (_FunctionBody, OpDef) if mnemonic == "func_v1" else (OpDef,), ns)


OPS: tuple[type[OpDef], ...] = tuple(_declare(m) for m in OP_SIGNATURES)
