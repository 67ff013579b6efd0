"""The versioned VHLO ops (`vhlo.add_v1`, ...), declared from vhlo_ops.py's
tables as VhloOps.td declares them: every operand and result VHLO_AnyType,
every attribute VHLO_AnyAttr and required, regions by name, `return_v1` a
terminator, the reduce/scatter ops' variadic groups of the same size. VHLO
has no custom forms: MLIR prints these ops generically. hlopt reads VHLO
from bytecode and converts it to StableHLO as it reads (vhlo.py); the
declarations are what makes the dialect closed, as MLIR's is."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.vhlo_ops import OP_ATTRIBUTES, OP_SIGNATURES
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
    return type(cls_name, (OpDef,), ns)


OPS: tuple[type[OpDef], ...] = tuple(_declare(m) for m in OP_SIGNATURES)
