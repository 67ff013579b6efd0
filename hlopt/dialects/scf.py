"""scf: structured control flow (for, if, while/condition, yield) with
MLIR's custom forms exactly as mlir-opt prints them; other scf ops pass
through generically (the dialect is open).

Regions whose terminator carries no values print without it (MLIR's
SingleBlockImplicitTerminator) and the parser adds it back.
"""

from __future__ import annotations

from typing import Any

from hlopt.dialects.syntax_util import assignments, dict_or_none, parse_error, use
from hlopt.ir.attributes import UnitAttr
from hlopt.ir.constraints import I1, AnyType, Index, SignlessIntegerOrIndex, Unit
from hlopt.ir.core import Operation, Region
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import RegionBranchOpInterface
from hlopt.ir.opdef import (
    OpDef,
    operand,
    opt_attr,
    region,
    var_operand,
    var_result,
)
from hlopt.ir.traits import (
    HasParent,
    Pure,
    RecursiveMemoryEffects,
    ReturnLike,
    SingleBlockImplicitTerminator,
    Terminator,
    op_error,
)
from hlopt.ir.types import IndexType, i1

_YIELD_PARENTS = ("scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while")


def _types(ts: list) -> str:
    return ", ".join(t.text for t in ts)


def _terminator(op: Operation, region_index: int) -> Operation | None:
    r = op.regions[region_index]
    return r.blocks[0].last_op if r.blocks else None


def _edge(op: Operation, term: Operation | None, dest: str, operands: list, inputs: list) -> None:
    """MLIR's RegionBranchOpInterface check of one control-flow edge."""
    if term is None:
        return
    head = f"along control flow edge from Operation {term.name} to {dest}: "
    notes = [("region branch point", term)]
    if len(operands) != len(inputs):
        raise op_error(op, head + f"region branch point has {len(operands)} operands, but region successor "
                                  f"needs {len(inputs)} inputs", notes=notes)
    for i, (v, t) in enumerate(zip(operands, inputs)):
        if v.type is not t:
            raise op_error(op, head + f"successor operand type #{i} '{v.type.text}' should match successor "
                                      f"input type #{i} '{t.text}'", notes=notes)


def _yield_of(op: Operation, region_index: int) -> Operation | None:
    t = _terminator(op, region_index)
    return t if t is not None and t.name == "scf.yield" else None


class ForOp(OpDef, RegionBranchOpInterface):
    name = "scf.for"
    summary = "for operation"
    syntax_token = "SCF_FOR"
    lowerBound = operand(SignlessIntegerOrIndex)
    upperBound = operand(SignlessIntegerOrIndex)
    step = operand(SignlessIntegerOrIndex)
    initArgs = var_operand(AnyType)
    unsignedCmp = opt_attr(Unit)
    results = var_result(AnyType)
    region = region(blocks=1)
    traits = (SingleBlockImplicitTerminator("scf.yield"), RecursiveMemoryEffects())

    @classmethod
    def verify(cls, op: Operation) -> None:
        lb, ub, st = op.operands[:3]
        if not (lb.type is ub.type is st.type):
            raise op_error(op, "failed to verify that all of {lowerBound, upperBound, step} have same type")
        inits = op.operands[3:]
        if len(inits) != len(op.results):
            raise op_error(op, "mismatch in number of loop-carried values and defined values")
        for i, (v, r) in enumerate(zip(inits, op.results)):
            if v.type is not r.type:
                raise op_error(op, f"types mismatch between {i}th iter operand and defined value")
        b = op.regions[0].blocks[0]
        if len(b.args) != 1 + len(inits):
            raise op_error(op, "mismatch in number of basic block args and defined values")
        if b.args[0].type is not lb.type:
            raise op_error(op, "expected induction variable to be same type as bounds and step")
        for i, (a, r) in enumerate(zip(b.args[1:], op.results)):
            if a.type is not r.type:
                raise op_error(op, f"types mismatch between {i}th iter region arg and defined value")
        y = _yield_of(op, 0)
        if y is not None:
            _edge(op, y, "Region #0", y.operands, [a.type for a in b.args[1:]])
            _edge(op, y, "parent", y.operands, op.result_types)

    @classmethod
    def custom_prints_entry_args(cls, op: Operation) -> bool:
        return False

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        b = op.regions[0].blocks[0] if op.regions and op.regions[0].blocks else None
        if b is None or len(b.args) != len(op.operands) - 2 or len(op.operands) < 3:
            return None
        lb, ub, st = op.operands[:3]
        inits = op.operands[3:]
        s = "scf.for"
        if op.properties.get("unsignedCmp") is not None:
            s += " unsigned"
        s += f" {p.value(b.args[0])} = {p.value(lb)} to {p.value(ub)} step {p.value(st)}"
        if inits:
            s += " iter_args(" + ", ".join(f"{p.value(a)} = {p.value(v)}" for a, v in zip(b.args[1:], inits))
            s += ") -> (" + p.types([v.type for v in inits]) + ")"
        s += " "
        if not isinstance(b.args[0].type, IndexType):
            s += " : " + p.type_text(b.args[0].type) + " "
        s += p.region(op.regions[0], print_terminators=bool(inits))
        return s + p.attr_dict(op.attributes)

    @classmethod
    def induction_var(cls, op: Operation) -> Any:
        return op.regions[0].blocks[0].args[0]


class IfOp(OpDef, RegionBranchOpInterface):
    name = "scf.if"
    summary = "if-then-else operation"
    syntax_token = "SCF_IF"
    condition = operand(I1)
    results = var_result(AnyType)
    thenRegion = region(blocks=1)
    elseRegion = region()
    traits = (SingleBlockImplicitTerminator("scf.yield"), RecursiveMemoryEffects())

    @classmethod
    def verify(cls, op: Operation) -> None:
        if len(op.regions[1].blocks) > 1:
            raise op_error(op, "region #1 ('elseRegion') failed to verify constraint: region with at most 1 blocks")
        if op.results and not op.regions[1].blocks:
            raise op_error(op, "must have an else block if defining values")
        for i in (0, 1):
            y = _yield_of(op, i) if op.regions[i].blocks else None
            _edge(op, y, "parent", y.operands if y is not None else [], op.result_types)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if len(op.regions) != 2:
            return None
        s = "scf.if " + p.value(op.operands[0])
        if op.results:
            s += " -> (" + p.types(op.result_types) + ")"
        s += " " + p.region(op.regions[0], print_terminators=bool(op.results))
        if op.regions[1].blocks:
            s += " else " + p.region(op.regions[1], print_terminators=bool(op.results))
        return s + p.attr_dict(op.attributes)


class WhileOp(OpDef, RegionBranchOpInterface):
    name = "scf.while"
    summary = "a generic 'while' loop"
    syntax_token = "SCF_WHILE"
    inits = var_operand(AnyType)
    results = var_result(AnyType)
    before = region(blocks=None)
    after = region(blocks=None)
    traits = (RecursiveMemoryEffects(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        for i, what in ((0, "before"), (1, "after")):
            if not op.regions[i].blocks:
                raise op_error(op, f"region #{i} ('{what}') failed to verify constraint: region with 1 blocks")
        before = op.regions[0].blocks[0]
        if [a.type for a in before.args] != op.operand_types:
            raise op_error(op, "expects the 'before' region's arguments to match the operands")
        after = op.regions[1].blocks[0]
        c = _terminator(op, 0)
        if c is None or c.name != "scf.condition":
            raise op_error(op, "expects the 'before' region to terminate with 'scf.condition'")
        _edge(op, c, "parent", c.operands[1:], op.result_types)
        _edge(op, c, "Region #1", c.operands[1:], [a.type for a in after.args])
        y = _yield_of(op, 1)
        _edge(op, y, "Region #0", y.operands if y is not None else [], [a.type for a in before.args])

    @classmethod
    def custom_prints_entry_args(cls, op: Operation) -> bool:
        return False

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if len(op.regions) != 2 or not op.regions[0].blocks:
            return None
        before = op.regions[0].blocks[0]
        if len(before.args) != len(op.operands):
            return None
        s = "scf.while"
        if op.operands:
            s += " (" + ", ".join(f"{p.value(a)} = {p.value(v)}" for a, v in zip(before.args, op.operands)) + ")"
        s += " : " + p.functional_type(op.operand_types, op.result_types) + " "
        s += p.region(op.regions[0]) + " do " + p.region(op.regions[1], print_entry_args=True)
        return s + p.attr_dict(op.attributes, keyword=True)


class YieldOp(OpDef):
    name = "scf.yield"
    summary = "loop yield and termination operation"
    syntax_token = "SCF_YIELD"
    results = var_operand(AnyType)
    traits = (Pure(), Terminator(), ReturnLike(), HasParent(*_YIELD_PARENTS))

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        s = "scf.yield" + p.attr_dict(op.attributes)
        if op.operands:
            s += " " + p.values(op.operands) + " : " + p.types(op.operand_types)
        return s


class ConditionOp(OpDef):
    name = "scf.condition"
    summary = "loop continuation condition"
    syntax_token = "SCF_CONDITION"
    condition = operand(I1)
    args = var_operand(AnyType)
    traits = (Pure(), Terminator(), HasParent("scf.while"))

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        s = "scf.condition(" + p.value(op.operands[0]) + ")" + p.attr_dict(op.attributes)
        if len(op.operands) > 1:
            s += " " + p.values(op.operands[1:]) + " : " + p.types(op.operand_types[1:])
        return s


# ---------------------------------------------------------------------------
# grammar callbacks (grammars/scf.lark)


def _ensure_yield(s: Any, r: Region, owner: list) -> None:
    """MLIR's ensureTerminator: an empty region gets a block; a block not
    ending in a terminator gets `scf.yield` (located at the parent op)."""
    b = r.blocks[0] if r.blocks else r.add_block()
    last = b.last_op
    if last is None or not last.has_trait("Terminator"):
        y = b.append(Operation("scf.yield"))
        s.finalizers.append(lambda: setattr(y, "location", owner[0].location))


def scf_iter_args(s: Any, c: list) -> tuple:
    return c[0], c[1]


def scf_for_head(s: Any, c: list) -> tuple:
    name, unsigned, iv, lb, ub, step, iters, ttok = c
    t = s.decode_type(ttok) if ttok is not None else IndexType()
    operands = [use(s, v, t) for v in (lb, ub, step)]
    entry = [(str(iv)[1:], t, None, iv.start_pos)]
    if iters is not None:
        tok, types = iters
        pairs = assignments(tok)
        if len(pairs) != len(types):
            raise parse_error(f"{len(pairs)} operands present, but expected {len(types)}", tok.start_pos)
        operands += [s.lookup(n, k, ty, pos) for (_, n, k, pos), ty in zip(pairs, types)]
        entry += [(a, ty, None, pos) for (a, _, _, pos), ty in zip(pairs, types)]
    props = {"unsignedCmp": UnitAttr()} if unsigned is not None else None
    s.pending.append(("scf.for", entry))
    return operands, props, name.start_pos


def scf_for(s: Any, c: list) -> tuple[Operation, int]:
    (operands, props, pos), body, attrs = c
    s.pending.pop()
    results = [v.type for v in operands[3:]]
    op = Operation("scf.for", operands, results, props, dict_or_none(s, attrs), [body])
    _ensure_yield(s, body, [op])
    return op, pos


def scf_if_head(s: Any, c: list) -> tuple:
    name, cond, types = c
    s.pending.append(("scf.if", None))
    return use(s, cond, i1), types or [], name.start_pos


def scf_if(s: Any, c: list) -> tuple[Operation, int]:
    (cond, types, pos), then, els, attrs = c
    s.pending.pop()
    has_else = els is not None
    els = els if has_else else Region()
    op = Operation("scf.if", [cond], types, None, dict_or_none(s, attrs), [then, els])
    _ensure_yield(s, then, [op])
    if has_else:
        _ensure_yield(s, els, [op])
    return op, pos


def scf_while_head(s: Any, c: list) -> tuple:
    name, ops_tok, ftok = c
    ft = s.decode_function_type(ftok)
    pairs = assignments(ops_tok) if ops_tok is not None else []
    if len(pairs) != len(ft.inputs):
        raise parse_error(f"expected as many input types as operands (expected {len(pairs)} got "
                          f"{len(ft.inputs)})", ftok.start_pos)
    operands = [s.lookup(n, k, t, pos) for (_, n, k, pos), t in zip(pairs, ft.inputs)]
    s.pending.append(("scf.while", [(a, t, None, pos) for (a, _, _, pos), t in zip(pairs, ft.inputs)]))
    return operands, ft, name.start_pos


def scf_while(s: Any, c: list) -> tuple[Operation, int]:
    (operands, ft, pos), before, after, attrs = c
    s.pending.pop()
    if not before.blocks:  # no inits: the (empty-argument) entry block is implicit
        before.add_block()
    return Operation("scf.while", operands, ft.results, None, dict_or_none(s, attrs), [before, after]), pos


def _trailing(s: Any, values: Any, types: Any) -> list:
    return s.uses(values, types, values[0].start_pos if values else 0)


def scf_yield(s: Any, c: list) -> tuple[Operation, int]:
    name, attrs, values, types = c
    return Operation("scf.yield", _trailing(s, values, types), (), None, dict_or_none(s, attrs)), name.start_pos


def scf_condition(s: Any, c: list) -> tuple[Operation, int]:
    name, cond_tok, attrs, values, types = c
    conds = s.resolve_operands(cond_tok, [i1])
    operands = conds + _trailing(s, values, types)
    return Operation("scf.condition", operands, (), None, dict_or_none(s, attrs)), name.start_pos


CALLBACKS = {f.__name__: f for f in (scf_iter_args, scf_for_head, scf_for, scf_if_head, scf_if, scf_while_head,
                                     scf_while, scf_yield, scf_condition)}

DIALECT = Dialect("scf", ops=(ForOp, IfOp, WhileOp, YieldOp, ConditionOp), grammar="scf.lark", syntax=CALLBACKS,
                  allow_unknown_ops=True)

__all__ = ["ForOp", "IfOp", "WhileOp", "YieldOp", "ConditionOp", "DIALECT", "Index"]
