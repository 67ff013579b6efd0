"""cf: unstructured control flow (cf.br, cf.cond_br, cf.assert), declared
with MLIR's custom forms, verifiers, memory effects and canonicalization
patterns. Other cf ops (cf.switch) pass through generically.

    cf.br ^bb1(%a, %b : i32, f32)
    cf.cond_br %c, ^bb1(%a : i32), ^bb2
    cf.assert %c, "message"
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hlopt.interp.values import InterpError
from hlopt.ir.attributes import DenseArrayAttr, IntegerAttr, StringAttr
from hlopt.ir.constraints import Constraint, Str
from hlopt.ir.core import Block, IRError, Operation, Value
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import WRITE, BranchOpInterface, Effect, MemoryEffectsInterface
from hlopt.ir.matchers import int_value
from hlopt.ir.opdef import OpDef, attr, operand, opt_attr, successor, var_operand
from hlopt.ir.rewriter import debug_name
from hlopt.ir.traits import AttrSizedOperandSegments, Pure, Terminator
from hlopt.ir.types import IntegerType, i1

Bool = Constraint(lambda t: t is i1, "1-bit signless integer")


# -- helpers the patterns share --------------------------------------------------------
def _edge_count(block: Block) -> int:
    """Predecessor edges of `block` (a cond_br to it twice counts twice)."""
    n = 0
    for b in block.parent.blocks:
        t = b.last_op
        if t is not None:
            for s in t.successors:
                if s is block:
                    n += 1
    return n


def _collapse(dest: Block, operands: list[Value]) -> tuple[Block, list[Value]] | None:
    """MLIR's collapseBranch: `dest` only holds a `cf.br` whose operands use
    dest's arguments at most there: branch straight to its target."""
    br = dest.first_op
    if br is None or br is not dest.last_op or br.name != "cf.br":
        return None
    for a in dest.args:
        for u in a.uses:
            if u.owner is not br:
                return None
    target = br.successors[0]
    if target is dest:
        return None
    if not dest.args:
        return target, list(br.operands)
    out = []
    for v in br.operands:
        if getattr(v, "owner", None) is dest and v in dest.args:
            out.append(operands[v.index])
        else:
            out.append(v)
    return target, out


def _create_br(rw: Any, dest: Block, operands: list[Value], loc: Any) -> Operation:
    return rw.create("cf.br", operands, [], successors=[dest], location=loc)


def _create_cond_br(rw: Any, cond: Value, t: Block, t_ops: list[Value], f: Block, f_ops: list[Value],
                    loc: Any) -> Operation:
    seg = DenseArrayAttr(IntegerType(32), [1, len(t_ops), len(f_ops)])
    return rw.create("cf.cond_br", [cond, *t_ops, *f_ops], [], properties={"operandSegmentSizes": seg},
                     successors=[t, f], location=loc)


def _merge_blocks(rw: Any, source: Block, dest: Block, args: list[Value]) -> None:
    """RewriterBase::mergeBlocks: `source`'s ops move to the end of `dest`,
    its arguments replaced by `args`; `source` is erased."""
    for a, v in zip(source.args, args):
        rw.replace_all_uses_with(a, v)
    op = source.first_op
    while op is not None:
        nxt = op.next_op
        op.detach()
        dest.append(op)
        if rw.listener is not None:
            rw.listener.op_inserted(op)
        op = nxt
    source.erase()


# -- cf.br ----------------------------------------------------------------------------------
@debug_name("")
def _br_to_single_pred(op: Operation, rw: Any) -> bool:
    """br ^bb1(args) where ^bb1 has no other predecessor: merge ^bb1 in."""
    succ = op.successors[0]
    block = op.parent
    if succ is block or _edge_count(succ) != 1:
        return False
    args = list(op.operands)
    rw.erase_op(op)
    _merge_blocks(rw, succ, block, args)
    return True


@debug_name("")
def _br_pass_through(op: Operation, rw: Any) -> bool:
    """br ^bb1 where ^bb1 only branches on: branch to its target directly."""
    dest = op.successors[0]
    if dest is op.parent:
        return False
    r = _collapse(dest, list(op.operands))
    if r is None:
        return False
    new = _create_br(rw, r[0], r[1], op.location)
    rw.replace_op(op, new.results)
    return True


@debug_name("SimplifyUniformBlockArguments")
def _br_uniform_args(op: Operation, rw: Any) -> bool:
    """MLIR's uniform-incoming-values pattern (llvm PR 183966): a destination
    argument every predecessor passes the same value for is replaced by that
    value (the argument stays, for region DCE to drop)."""
    dest = op.successors[0]
    if not dest.args:
        return False
    incoming: list[list[Value]] = [[] for _ in dest.args]
    for b in dest.parent.blocks:
        t = b.last_op
        if t is None or dest not in t.successors:
            continue
        d = t.opdef
        if d is None or not hasattr(d, "successor_operand_index"):
            return False
        for si, sb in enumerate(t.successors):
            if sb is dest:
                first, n = d.successor_operand_index(t, si)
                for ai, v in enumerate(t.operands[first:first + n]):
                    incoming[ai].append(v)
    changed = False
    for a, vals in zip(dest.args, incoming):
        v = vals[0] if vals else None
        if v is None or v is a or any(x is not v for x in vals) or not a.uses:
            continue
        rw.replace_all_uses_with(a, v)
        changed = True
    return changed


class BranchOp(OpDef, BranchOpInterface):
    name = "cf.br"
    summary = "branch operation"
    syntax_token = "CF_BR"
    dest_operands = var_operand()
    dest = successor()
    traits = (Pure(), Terminator())

    @classmethod
    def verify(cls, op: Operation) -> None:
        _verify_successor_args(op, op.successors[0], list(op.operands), "")

    @classmethod
    def successor_operand_index(cls, op: Operation, index: int) -> tuple[int, int]:
        """(first operand, count) forwarded to successor `index`."""
        return 0, len(op.operands)

    @classmethod
    def erase_successor_operand(cls, op: Operation, index: int, arg: int) -> None:
        op.set_operands([v for i, v in enumerate(op.operands) if i != arg])

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if len(op.properties):
            return None
        return p.op_name(op) + " " + _succ_text(p, op.successors[0], op.operands) + p.attr_dict(op.attributes)

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_br_to_single_pred, _br_pass_through, _br_uniform_args)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> tuple[int, list]:
        return 0, list(args)  # successor #0 with the forwarded operands


# -- cf.cond_br -----------------------------------------------------------------------------
def _cond_br_parts(op: Operation) -> tuple[Value, list[Value], list[Value]]:
    seg = op.properties.get("operandSegmentSizes")
    vals = op.operands
    _, nt, nf = seg.values
    return vals[0], vals[1:1 + nt], vals[1 + nt:1 + nt + nf]


@debug_name("SimplifyConstCondBranchPred")
def _cond_br_const(op: Operation, rw: Any) -> bool:
    cond, t_ops, f_ops = _cond_br_parts(op)
    c = int_value(cond)
    if c is None:
        return False
    dest, ops = (op.successors[0], t_ops) if c else (op.successors[1], f_ops)
    new = _create_br(rw, dest, ops, op.location)
    rw.replace_op(op, new.results)
    return True


@debug_name("SimplifyPassThroughCondBranch")
def _cond_br_pass_through(op: Operation, rw: Any) -> bool:
    cond, t_ops, f_ops = _cond_br_parts(op)
    t, f = op.successors
    rt = _collapse(t, t_ops)
    rf = _collapse(f, f_ops)
    if rt is None and rf is None:
        return False
    t, t_ops = rt if rt is not None else (t, t_ops)
    f, f_ops = rf if rf is not None else (f, f_ops)
    new = _create_cond_br(rw, cond, t, t_ops, f, f_ops, op.location)
    rw.replace_op(op, new.results)
    return True


@debug_name("SimplifyCondBranchIdenticalSuccessors")
def _cond_br_identical(op: Operation, rw: Any) -> bool:
    cond, t_ops, f_ops = _cond_br_parts(op)
    t, f = op.successors
    if t is not f:
        return False
    if len(t_ops) == len(f_ops) and all(a is b for a, b in zip(t_ops, f_ops)):
        new = _create_br(rw, t, t_ops, op.location)
        rw.replace_op(op, new.results)
        return True
    preds = t.predecessors
    if len(preds) != 1 or preds[0] is not op.parent:
        return False
    merged = []
    for a, b in zip(t_ops, f_ops):
        if a is b:
            merged.append(a)
        else:
            s = rw.create("arith.select", [cond, a, b], [a.type], location=op.location)
            merged.append(s.results[0])
    new = _create_br(rw, t, merged, op.location)
    rw.replace_op(op, new.results)
    return True


@debug_name("CondBranchTruthPropagation")
def _cond_br_truth(op: Operation, rw: Any) -> bool:
    """Uses of the condition inside a successor reached only through this
    branch become constants (MLIR's CondBranchTruthPropagation)."""
    cond = op.operand(0)
    replaced = False
    for dest, value in ((op.successors[0], 1), (op.successors[1], 0)):
        if len(dest.predecessors) != 1:
            continue
        const = None
        for use in list(cond.uses):
            if use.owner.parent is dest:
                if const is None:
                    const = rw.create("arith.constant", [], [i1], properties={"value": IntegerAttr(value, i1)},
                                      location=op.location)
                use.set(const.results[0])
                rw.modified(use.owner)
                replaced = True
    return replaced


class CondBranchOp(OpDef, BranchOpInterface):
    name = "cf.cond_br"
    summary = "conditional branch operation"
    syntax_token = "CF_COND_BR"
    condition = operand(Bool)
    true_dest_operands = var_operand()
    false_dest_operands = var_operand()
    branch_weights = opt_attr()
    true_dest = successor()
    false_dest = successor()
    traits = (AttrSizedOperandSegments(), Pure(), Terminator())

    @classmethod
    def successor_operands(cls, op: Operation, index: int) -> list[Value]:
        _, t, f = _cond_br_parts(op)
        return t if index == 0 else f

    @classmethod
    def successor_operand_index(cls, op: Operation, index: int) -> tuple[int, int]:
        _, nt, nf = op.properties.get("operandSegmentSizes").values
        return (1, nt) if index == 0 else (1 + nt, nf)

    @classmethod
    def erase_successor_operand(cls, op: Operation, index: int, arg: int) -> None:
        """Drop one forwarded operand, keeping operandSegmentSizes in step."""
        first, _ = cls.successor_operand_index(op, index)
        op.set_operands([v for i, v in enumerate(op.operands) if i != first + arg])
        seg = list(op.properties.get("operandSegmentSizes").values)
        seg[1 + index] -= 1
        op.set_attr("operandSegmentSizes", DenseArrayAttr(IntegerType(32), seg))

    @classmethod
    def verify(cls, op: Operation) -> None:
        _, t, f = _cond_br_parts(op)
        _verify_successor_args(op, op.successors[0], t, "")
        _verify_successor_args(op, op.successors[1], f, "")

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if any(k not in ("operandSegmentSizes",) for k, _ in op.properties.entries):
            return None
        cond, t, f = _cond_br_parts(op)
        return (p.op_name(op) + " " + p.value(cond) + ", " + _succ_text(p, op.successors[0], t) + ", "
                + _succ_text(p, op.successors[1], f) + p.attr_dict(op.attributes))

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_cond_br_const, _cond_br_pass_through, _cond_br_identical, _cond_br_truth)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> tuple[int, list]:
        _, nt, _ = op.properties.get("operandSegmentSizes").values
        if bool(np.asarray(args[0])):
            return 0, list(args[1:1 + nt])
        return 1, list(args[1 + nt:])


# -- cf.assert ------------------------------------------------------------------------------
@debug_name("")
def _assert_true(op: Operation, rw: Any) -> bool:
    if int_value(op.operand(0)) == 1:
        rw.erase_op(op)
        return True
    return False


class AssertOp(OpDef, MemoryEffectsInterface):
    name = "cf.assert"
    summary = "Assert operation with message attribute"
    syntax_token = "CF_ASSERT"
    arg = operand(Bool)
    msg = attr(Str)

    @classmethod
    def effects(cls, op: Operation) -> list[Effect]:
        return [Effect(WRITE)]

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if any(k != "msg" for k, _ in op.properties.entries):
            return None
        return (p.op_name(op) + " " + p.value(op.operand(0)) + ", " + p.attr_text(op.properties.get("msg"))
                + p.attr_dict(op.attributes))

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_assert_true,)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        if not bool(np.asarray(args[0])):
            raise InterpError(f"assertion failed: {op.properties.get('msg').value}", op)
        return []


# -- shared verification and syntax ------------------------------------------------------
def _verify_successor_args(op: Operation, dest: Block, operands: list[Value], what: str) -> None:
    if len(operands) != len(dest.args):
        raise IRError(f"branch has {len(operands)} operands for successor #"
                      f"{op.successors.index(dest)}, but target block has {len(dest.args)}", op)
    for i, (v, a) in enumerate(zip(operands, dest.args)):
        if v.type is not a.type:
            raise IRError(f"type mismatch for bb argument #{i} of successor #"
                          f"{op.successors.index(dest)}", op)


def _succ_text(p: Any, block: Block, operands: list[Value]) -> str:
    s = p.block_name(block)
    if operands:
        s += "(" + p.values(operands) + " : " + p.types([v.type for v in operands]) + ")"
    return s


def _succ_operands(s: Any, tok: Any) -> list[Value]:
    """`(%a, %b : i32, f32)` after a successor."""
    if tok is None:
        return []
    from hlopt.syntax.parser import split_top

    text = str(tok)
    inner = text[1:-1]
    colon = inner.find(":")  # values come first and hold no ':'
    if colon < 0:
        raise s.error("expected '(%values : types)' after successor", tok.start_pos)
    vals_text, types_text = inner[:colon], inner[colon + 1:]
    types = [s.decode("type", t.strip(), tok.start_pos + 1 + len(vals_text) + 1) for t in split_top(types_text)
             if t.strip()]
    return s.resolve_operands_text("(" + vals_text.strip() + ")", tok.start_pos, types)


def cf_br(s: Any, c: list) -> tuple[Operation, int]:
    kw, succ, ops, attrs = c
    operands = _succ_operands(s, ops)
    a = s.decode_dict(attrs) if attrs is not None else None
    dest = s.block_ref(str(succ)[1:], succ.start_pos)
    return Operation("cf.br", operands, [], None, a, (), [dest]), kw.start_pos


def cf_cond_br(s: Any, c: list) -> tuple[Operation, int]:
    kw, cond_tok, t_succ, t_ops, f_succ, f_ops, attrs = c
    cond = s.lookup(str(cond_tok)[1:].split("#")[0], 0, i1, cond_tok.start_pos)
    tv = _succ_operands(s, t_ops)
    fv = _succ_operands(s, f_ops)
    seg = DenseArrayAttr(IntegerType(32), [1, len(tv), len(fv)])
    a = s.decode_dict(attrs) if attrs is not None else None
    succs = [s.block_ref(str(t)[1:], t.start_pos) for t in (t_succ, f_succ)]
    return Operation("cf.cond_br", [cond, *tv, *fv], [], {"operandSegmentSizes": seg}, a, (), succs), kw.start_pos


def cf_assert(s: Any, c: list) -> tuple[Operation, int]:
    kw, cond_tok, msg, attrs = c
    cond = s.lookup(str(cond_tok)[1:].split("#")[0], 0, i1, cond_tok.start_pos)
    m = s.decode("attr", str(msg), msg.start_pos)
    if not isinstance(m, StringAttr):
        raise s.error("expected string message", msg.start_pos)
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation("cf.assert", [cond], [], {"msg": m}, a), kw.start_pos


DIALECT = Dialect("cf", ops=(BranchOp, CondBranchOp, AssertOp), grammar="cf.lark",
                  syntax={"cf_br": cf_br, "cf_cond_br": cf_cond_br, "cf_assert": cf_assert},
                  allow_unknown_ops=True)
