"""scf: structured control flow (for, if, while/condition, execute_region,
index_switch, yield) with MLIR's custom forms exactly as mlir-opt prints
them; other scf ops pass through generically (the dialect is open).

Regions whose terminator carries no values print without it (MLIR's
SingleBlockImplicitTerminator) and the parser adds it back.

Canonicalization follows iree-opt's MLIR: scf.if's own patterns (CombineIfs,
CombineNestedIfs, ConditionPropagation, ConvertTrivialIfToSelect,
RemoveEmptyElseBranch, ReplaceIfYieldWithConditionOrValue) and its
negated-condition fold; scf.for's ForOpTensorCastFolder; scf.while's
WhileConditionTruth, WhileCmpCond, WhileOpAlignBeforeArgs, WhileMoveIfDown;
execute_region's MultiBlockExecuteInliner; then for every region op the
RegionBranchOpInterface patterns (MakeRegionBranchOpSuccessorInputsDead,
RemoveDuplicateSuccessorInputUses, RemoveDeadRegionBranchOpSuccessorInputs,
InlineRegionBranchOp) that replaced ForOpIterArgsFolder, SimplifyTrivialLoops,
RemoveUnusedResults, RemoveStaticCondition, FoldConstantCase,
SingleBlockExecuteInliner and scf.while's older patterns there.
"""

from __future__ import annotations

from typing import Any, cast

from hlopt.ir.attributes import DenseArrayAttr, IntegerAttr, UnitAttr
from hlopt.ir.constraints import (
    I1,
    AnyType,
    Array,
    DenseI64Array,
    Index,
    RankedTensorOf,
    SignlessIntegerOrIndex,
    Unit,
)
from hlopt.ir.core import Block, BlockArgument, Operation, Region, Value
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import CallableOpInterface, RegionBranchOpInterface
from hlopt.ir.lazy import lazy_module
from hlopt.ir.location import UnknownLoc
from hlopt.ir.matchers import constant_value, int_value
from hlopt.ir.opdef import (
    OpDef,
    attr,
    operand,
    opt_attr,
    region,
    var_operand,
    var_region,
    var_result,
)
from hlopt.ir.rewriter import debug_name
from hlopt.ir.traits import (
    AttrSizedOperandSegments,
    HasParent,
    Pure,
    RecursiveMemoryEffects,
    ReturnLike,
    SingleBlock,
    SingleBlockImplicitTerminator,
    Terminator,
    op_error,
)
from hlopt.ir.traits import (
    NoTerminator as NoTerminatorTrait,
)
from hlopt.ir.types import FunctionType, IndexType, IntegerType, i1
from hlopt.syntax import FixedType

np = lazy_module("numpy")
interp_values = lazy_module("hlopt.kernels.values")

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
    if len(operands) == len(inputs):  # the usual case: no message made
        for v, t in zip(operands, inputs):
            if v.type is not t:
                break
        else:
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
    return t if t is not None and isinstance(t, YieldOp) else None


# ---------------------------------------------------------------------------
# canonicalization (MLIR's scf folders and patterns, with their debug names)


def _bool_const(v: Value) -> bool | None:
    """The i1 constant `v` holds (MLIR's m_Constant on a BoolAttr)."""
    a = constant_value(v)
    if isinstance(a, IntegerAttr) and a.type is i1:
        return bool(a.value)
    return None


def _i1_const(rw: Any, value: int, loc: Any) -> Value:
    from hlopt.dialects.arith import ConstantOp as ArithConstantOp

    return rw.create(ArithConstantOp, value=IntegerAttr(value, i1), result_types=[i1], location=loc).result_


def _is_one(v: Value) -> bool:
    iv = int_value(v)
    return iv is not None and iv != 0 and (iv in (1, -1) if v.type is i1 else iv == 1)


def _replace_with_region(rw: Any, op: Operation, region: Region, args: list | tuple = ()) -> None:
    """MLIR's replaceOpWithRegion: inline the single block before `op`,
    replace `op` by the terminator's operands, erase the terminator."""
    block = region.blocks[0]
    term = block.last_op
    rw.inline_block_before(block, op, list(args))
    rw.replace_op(op, term.operands)  # (read after inlining: they may have been the block's arguments)
    rw.erase_op(term)


def _new_op(rw: Any, cls: Any, groups: list, types: list, like: Operation | None, n_regions: int,
            loc: Any) -> Operation:
    """A new `cls` op from its operand groups (through its builder), with
    `like`'s properties and attributes when given."""
    props = dict(like.properties.entries) if like is not None else {}
    attrs = like.attributes if like is not None else None
    return rw.create(cls, *groups, result_types=types, attributes=attrs, regions=n_regions, location=loc, **props)


def _value_loc(v: Value) -> Any:
    """MLIR's Value::getLoc: a block argument's own location, a result's op's."""
    if isinstance(v, BlockArgument):
        return v.location if v.location is not None else UnknownLoc()
    return v.defining_op.location


def _new_for(rw: Any, op: Operation, inits: list) -> Operation:
    """An scf.for with `op`'s bounds, attributes and the given inits; its
    block has the arguments and (without inits) an implicit yield."""
    lb, ub, st = op.operands[:3]
    body = Region()
    # (ForOp::build: the induction variable at the loop's location, an
    # iter_arg at its init value's)
    locs = [op.location] + [_value_loc(v) for v in inits]
    b = body.add_block(Block([lb.type] + [v.type for v in inits], locs))
    if not inits:
        b.append(YieldOp.build(location=op.location))
    return rw.create(ForOp, lb, ub, st, inits, result_types=[v.type for v in inits], attributes=op.attributes,
                     regions=[body], location=op.location, unsignedCmp=op.unsignedCmp)


def _for_trips(op: Operation) -> int | None:
    """The constant trip count of an scf.for (None when unknown)."""
    lb, ub, st = op.operands[:3]
    if lb is ub:
        return 0
    a, b, c = constant_value(lb), constant_value(ub), constant_value(st)
    if not (isinstance(a, IntegerAttr) and isinstance(b, IntegerAttr) and isinstance(c, IntegerAttr)):
        return None
    lo, hi, step = a.value, b.value, c.value
    if op.unsignedCmp is not None:
        w = lb.type.width if isinstance(lb.type, IntegerType) else 64
        lo, hi, step = lo % (1 << w), hi % (1 << w), step % (1 << w)
    if step <= 0:
        return None
    return max(0, -((lo - hi) // step))


def _successor_edges(op: Operation) -> dict[Value, list[Value]]:
    """Each successor input of a region branch op (entry arguments, results)
    with the successor operands that flow into it (MLIR's inverse successor
    mapping); scf.for's edges follow its constant trip count as MLIR's do."""
    inputs: dict[Value, list[Value]] = {}
    if isinstance(op, ForOp):
        body = op.regions[0].blocks[0]
        y = body.last_op
        trips = _for_trips(op)
        for init, arg, yv, res in zip(op.operands[3:], body.args[1:], y.operands, op.results):
            # (as iree-opt's MLIR: a known trip count >= 1 drops the skip edge, one trip
            # the back edge; zero trips keeps every edge)
            inputs[arg] = [init] if trips == 1 else [init, yv]
            inputs[res] = [yv, init] if trips is None or trips == 0 else [yv]
    elif isinstance(op, WhileOp):
        before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
        cond, y = before.last_op, after.last_op
        for init, arg, yv in zip(op.operands, before.args, y.operands):
            inputs[arg] = [init, yv]
        for arg, res, cv in zip(after.args, op.results, cond.operands[1:]):
            inputs[arg] = [cv]  # (as iree-opt's MLIR: a constant condition keeps both edges)
            inputs[res] = [cv]
    else:  # if, execute_region, index_switch: every region yields to the results
        ys = _yields(op)
        for i, res in enumerate(op.results):
            inputs[res] = [y.operand(i) for y in ys]
    return inputs


def _yields(op: Operation) -> list[Operation]:
    return [b.last_op for r in op.regions for b in r.blocks if b.last_op is not None and isinstance(b.last_op, YieldOp)]


def _reachable(v: Value, inputs: dict[Value, list[Value]]) -> set[Value]:
    """The non-input values a successor input can hold (MLIR's
    computeReachableValuesFromSuccessorInput)."""
    out: set[Value] = set()
    seen: set[Value] = set()
    work = [v]
    while work:
        x = work.pop()
        if x not in inputs:
            out.add(x)
            continue
        for o in inputs[x]:
            if o not in seen:
                seen.add(o)
                work.append(o)
    return out


def _defined_before(op: Operation, a: Value, b: Value) -> bool:
    """`a` may stand in for the successor input `b` (MLIR's isDefinedBefore)."""
    region = _value_region(a)
    if region is not None and region.parent is op:
        if not isinstance(b, BlockArgument):
            return False
        return isinstance(a, BlockArgument) and a.owner is b.owner
    return True


@debug_name("MakeRegionBranchOpSuccessorInputsDead")
def _make_inputs_dead(op: Operation, rw: Any) -> bool:
    """Uses of a successor input (an entry argument or a result) that can
    hold only one outside value are replaced by that value."""
    inputs = _successor_edges(op)
    changed = False
    for v in inputs:
        if not v.has_uses():
            continue
        reach = _reachable(v, inputs)
        if len(reach) != 1:
            continue
        (a,) = reach
        if not _defined_before(op, a, v):
            continue
        rw.replace_all_uses_with(v, a)
        changed = True
    return changed


@debug_name("RemoveDeadRegionBranchOpSuccessorInputs")
def _for_remove_dead(op: Operation, rw: Any) -> bool:
    """An iter_arg whose region argument and result are both unused is
    dropped with its init and yielded value."""
    block = op.regions[0].blocks[0]
    inits = op.operands[3:]
    keep = [arg.has_uses() or res.has_uses() for arg, res in zip(block.args[1:], op.results)]
    if all(keep):
        return False
    new = _new_for(rw, op, [v for v, k in zip(inits, keep) if k])
    nb = new.regions[0].blocks[0]
    transfer: list[Value] = [nb.args[0]]
    results: list[Any] = []
    n = 0
    for init, k in zip(inits, keep):
        if k:
            transfer.append(nb.args[1 + n])
            results.append(new.results[n])
            n += 1
        else:
            transfer.append(init)  # (the argument is unused)
            results.append(None)
    if n == 0:
        ny = nb.last_op
        rw.inline_block_before(block, ny, transfer)
        rw.erase_op(ny.prev_op)
    else:
        rw.merge_blocks(block, nb, transfer)
        merged = nb.last_op
        with rw.saved():
            rw.set_insertion_point_before(merged)
            rw.create(YieldOp, [v for v, k in zip(merged.operands, keep) if k], location=merged.location)
        rw.erase_op(merged)
    _replace_partially(rw, op, results)
    return True


@debug_name("InlineRegionBranchOp")
def _for_inline(op: Operation, rw: Any) -> bool:
    """A loop of zero trips is replaced by its inits, one of one trip by its
    body (the lower bound for the induction variable)."""
    trips = _for_trips(op)
    if trips == 0:
        rw.replace_op(op, op.operands[3:])
        return True
    if trips == 1:
        _replace_with_region(rw, op, op.regions[0], [op.lowerBound, *op.operands[3:]])
        return True
    return False


def _defined_outside(v: Value, op: Operation) -> bool:
    owner = v.owner.parent_op if isinstance(v, BlockArgument) else v.defining_op.parent_op
    while owner is not None:
        if owner is op:
            return False
        owner = owner.parent_op
    return True




def _value_region(v: Value) -> Region | None:
    b = v.owner if isinstance(v, BlockArgument) else v.defining_op.parent
    return b.parent if b is not None else None


@debug_name("RemoveDeadRegionBranchOpSuccessorInputs")
def _dead_results(op: Operation, rw: Any) -> bool:
    """Unused results (of an op whose only successor inputs are its
    results: if, execute_region, index_switch) are dropped with the values
    every region yields for them."""
    used = [r for r in op.results if r.has_uses()]
    if len(used) == len(op.results):
        return False
    like = op if not isinstance(op, IfOp) else None
    new = _new_op(rw, type(op), list(op.operands), [r.type for r in used], like, len(op.regions), op.location)
    for i, r in enumerate(op.regions):
        rw.inline_region_before(r, new.regions[i], 0)
    for y in _yields(new):
        y.set_operands([y.operand(r.index) for r in used])
        rw.modified(y)
    reps: list[Any] = [None] * len(op.results)
    for k, r in enumerate(used):
        reps[r.index] = new.results[k]
    _replace_partially(rw, op, reps)
    return True


def _replace_partially(rw: Any, op: Operation, reps: list) -> None:
    """replaceOp where unused results have no replacement (MLIR passes null)."""
    for r, v in zip(op.results, reps):
        if v is not None:
            rw.replace_all_uses_with(r, v)
    rw.erase_op(op)


@debug_name("InlineRegionBranchOp")
def _if_static(op: Operation, rw: Any) -> bool:
    c = _bool_const(op.condition)
    if c is None:
        return False
    if c:
        _replace_with_region(rw, op, op.regions[0])
    elif op.regions[1].blocks:
        _replace_with_region(rw, op, op.regions[1])
    else:
        rw.erase_op(op)
    return True


@debug_name("ConvertTrivialIfToSelect")
def _if_to_select(op: Operation, rw: Any) -> bool:
    from hlopt.dialects.arith import SelectOp

    if not op.results:
        return False
    cond = op.condition
    then_r, else_r = op.regions
    ty, ey = then_r.blocks[-1].last_op, else_r.blocks[-1].last_op
    tv, ev = ty.operands, ey.operands
    keep = [_value_region(a) is then_r or _value_region(b) is else_r for a, b in zip(tv, ev)]
    if all(keep):
        return False
    new = _new_op(rw, IfOp, [cond], [r.type for r, k in zip(op.results, keep) if k], None, 2, op.location)
    rw.inline_region_before(then_r, new.regions[0], 0)
    rw.inline_region_before(else_r, new.regions[1], 0)
    results: list[Value] = []
    n = 0
    with rw.saved():
        rw.set_insertion_point_before(new)
        for a, b, k in zip(tv, ev, keep):
            if k:
                results.append(new.results[n])
                n += 1
            elif a is b:
                results.append(a)
            else:
                results.append(rw.create(SelectOp, cond, a, b, result_types=[a.type], location=op.location).result_)
    for y in (ty, ey):
        with rw.saved():
            rw.set_insertion_point_to_end(y.parent)
            rw.replace_op_with_new(y, YieldOp, [v for v, k in zip(y.operands, keep) if k], location=y.location)
    rw.replace_op(op, results)
    return True


@debug_name("ConditionPropagation")
def _if_condition_propagation(op: Operation, rw: Any) -> bool:
    cond = op.condition
    if constant_value(cond) is not None:
        return False
    changed = False
    consts: dict[int, Value] = {}
    for u in list(cond.uses):
        owner = u.owner
        for r, val in ((op.regions[0], 1), (op.regions[1], 0)):
            if r.is_ancestor_of(owner):
                if val not in consts:
                    consts[val] = _i1_const(rw, val, op.location)
                u.set(consts[val])
                rw.modified(owner)
                changed = True
                break
    return changed


@debug_name("ReplaceIfYieldWithConditionOrValue")
def _if_yield_condition(op: Operation, rw: Any) -> bool:
    if not op.results:
        return False
    ty = op.regions[0].blocks[-1].last_op
    ey = op.regions[1].blocks[-1].last_op
    changed = False
    for a, b, r in zip(ty.operands, ey.operands, op.results):
        if a is b:
            if r.has_uses():
                r.replace_all_uses_with(a)  # (MLIR's plain RAUW: users are not requeued)
                changed = True
            continue
        ta, fb = _bool_const(a), _bool_const(b)
        if ta is None or fb is None:
            continue
        if not ta and fb and r.has_uses():
            from hlopt.dialects.arith import XOrIOp
            one = a.defining_op.opdef.materialize_constant(rw, IntegerAttr(1, i1), i1, op.location)
            x = rw.create(XOrIOp, op.condition, one.result, location=op.location)
            r.replace_all_uses_with(x.result_)
            changed = True
        if ta and not fb and r.has_uses():
            r.replace_all_uses_with(op.condition)
            changed = True
    return changed


def _xor_not_of(v: Value) -> Value | None:
    """x when `v` is `arith.xori x, 1`."""
    d = v.defining_op
    if d is not None and d.name == "arith.xori" and _is_one(cast(Any, d).rhs):  # (arith's generated XoriOp)
        return cast(Any, d).lhs
    return None



def _append_branch(rw: Any, src: Block, dst: Block) -> None:
    """CombineIfs: move `src`'s ops to the end of `dst`, one scf.yield of
    both blocks' yielded values closing the merged block."""
    y1, y2 = dst.last_op, src.last_op
    rw.merge_blocks(src, dst)
    with rw.saved():
        rw.set_insertion_point_to_end(dst)
        rw.create(YieldOp, y1.operands + y2.operands, location=y2.location)
    rw.erase_op(y1)
    rw.erase_op(y2)

@debug_name("CombineIfs")
def _if_combine(nxt: Operation, rw: Any) -> bool:
    prev = nxt.prev_op
    if prev is None or not isinstance(prev, IfOp):
        return False
    nthen: Block | None = None
    nelse: Block | None = None
    cond = cast(IfOp, nxt).condition
    if cond is prev.condition:
        nthen = nxt.regions[0].blocks[-1]
        nelse = nxt.regions[1].blocks[-1] if nxt.regions[1].blocks else None
    if _xor_not_of(cond) is prev.condition and prev.condition is not None:
        nelse = nxt.regions[0].blocks[-1]
        nthen = nxt.regions[1].blocks[-1] if nxt.regions[1].blocks else None
    if _xor_not_of(prev.condition) is cond:
        nelse = nxt.regions[0].blocks[-1]
        nthen = nxt.regions[1].blocks[-1] if nxt.regions[1].blocks else None
    if nthen is None and nelse is None:
        return False
    prev_then = prev.regions[0].blocks[-1].last_op.operands
    prev_else = prev.regions[1].blocks[-1].last_op.operands if prev.regions[1].blocks else []
    for r, tv, ev in zip(prev.results, prev_then, prev_else):
        for u in list(r.uses):
            o = u.owner
            if nthen is not None and nthen.parent.is_ancestor_of(o):
                u.set(tv)
                rw.modified(o)
            elif nelse is not None and nelse.parent.is_ancestor_of(o):
                u.set(ev)
                rw.modified(o)
    comb = _new_op(rw, IfOp, [prev.condition], prev.result_types + nxt.result_types, None, 2, nxt.location)
    rw.inline_region_before(prev.regions[0], comb.regions[0], 0)
    if nthen is not None:
        _append_branch(rw, nthen, comb.regions[0].blocks[-1])
    rw.inline_region_before(prev.regions[1], comb.regions[1], 0)
    if nelse is not None:
        if not comb.regions[1].blocks:
            rw.inline_region_before(nelse.parent, comb.regions[1], 0)
        else:
            _append_branch(rw, nelse, comb.regions[1].blocks[-1])
    k = len(prev.results)
    rw.replace_op(prev, comb.results[:k])
    rw.replace_op(nxt, comb.results[k:])
    return True


@debug_name("RemoveEmptyElseBranch")
def _if_empty_else(op: Operation, rw: Any) -> bool:
    if op.results or not op.regions[1].blocks:
        return False
    eb = op.regions[1].blocks[-1]
    if eb.first_op is not eb.last_op:
        return False
    new = _new_op(rw, IfOp, [op.condition], [], op, 2, op.location)
    rw.inline_region_before(op.regions[0], new.regions[0], 0)
    rw.erase_op(op)
    return True


@debug_name("CombineNestedIfs")
def _if_combine_nested(op: Operation, rw: Any) -> bool:
    from hlopt.dialects.arith import SelectOp

    tb = op.regions[0].blocks[-1]
    first = tb.first_op
    if first is None or first.next_op is not tb.last_op:
        return False
    eb = op.regions[1].blocks[-1] if op.regions[1].blocks else None
    if eb is not None and eb.first_op is not eb.last_op:
        return False
    nested = first
    if not isinstance(nested, IfOp):
        return False
    neb = nested.regions[1].blocks[-1] if nested.regions[1].blocks else None
    if neb is not None and neb.first_op is not neb.last_op:
        return False
    then_y = list(tb.last_op.operands)
    else_y = list(eb.last_op.operands) if eb is not None else []
    to_select: list[int] = []
    for i, v in enumerate(then_y):
        if v.defining_op is nested:
            if neb.last_op.operand(v.index) is not else_y[i]:
                return False
            then_y[i] = nested.regions[0].blocks[-1].last_op.operand(v.index)
            continue
        if _value_region(v) is op.regions[0]:
            return False
        to_select.append(i)
    loc = op.location
    from hlopt.dialects.arith import AndIOp
    cond = rw.create(AndIOp, op.condition, nested.condition, location=loc).result_
    new = _new_op(rw, IfOp, [cond], op.result_types, None, 2, loc)
    nb = new.regions[0].add_block()
    results = list(new.results)
    with rw.saved():
        rw.set_insertion_point_before(new)
        for i in to_select:
            results[i] = rw.create(SelectOp, op.condition, then_y[i], else_y[i], result_types=[then_y[i].type],
                                   location=loc).result_
    rw.merge_blocks(nested.regions[0].blocks[-1], nb)
    with rw.saved():
        rw.set_insertion_point_to_end(nb)
        rw.replace_op_with_new(nb.last_op, YieldOp, then_y, location=nb.last_op.location)
    if else_y:
        eb2 = new.regions[1].add_block()
        with rw.saved():
            rw.set_insertion_point_to_end(eb2)
            rw.create(YieldOp, else_y, location=loc)
    rw.replace_op(op, results)
    return True


@debug_name("RemoveDuplicateSuccessorInputUses")
def _duplicate_inputs(op: Operation, rw: Any) -> bool:
    """Of two successor inputs of one owner (block or op) that every
    predecessor feeds the same value, the later one's uses go to the first."""
    inputs = _successor_edges(op)
    order = sorted(inputs, key=lambda v: v.index)
    changed = False
    for i, a in enumerate(order):
        oa = _owner_key(a)
        for b in order[i + 1:]:
            if not b.has_uses() or _owner_key(b) != oa:
                continue
            if inputs[a] == inputs[b]:
                rw.replace_all_uses_with(b, a)
                changed = True
    return changed


def _owner_key(v: Value) -> Any:
    return ("arg", v.owner) if isinstance(v, BlockArgument) else ("res", v.defining_op)


@debug_name("InlineRegionBranchOp")
def _execute_inline(op: Operation, rw: Any) -> bool:
    """A single-block execute_region (not no_inline) is replaced by its body."""
    if op.no_inline is not None or len(op.regions[0].blocks) != 1:
        return False
    _replace_with_region(rw, op, op.regions[0])
    return True


@debug_name("InlineRegionBranchOp")
def _switch_inline(op: Operation, rw: Any) -> bool:
    """An index_switch on a constant, or with only its default region, is
    replaced by the region it takes."""
    k = 0
    if len(op.regions) > 1:
        c = constant_value(op.arg)
        if not isinstance(c, IntegerAttr):
            return False
        cases = list(op.cases)
        k = cases.index(c.value) + 1 if c.value in cases else 0
    _replace_with_region(rw, op, op.regions[k])
    return True


@debug_name("MultiBlockExecuteInliner")
def _execute_multi_block(op: Operation, rw: Any) -> bool:
    """An execute_region directly in a function (or another execute_region)
    becomes blocks of its parent: a branch into its entry block, each yield
    a branch to the block after it, whose arguments replace the results."""
    from hlopt.dialects.cf import BranchOp

    parent = op.parent_op
    if op.no_inline is not None or parent is None:
        return False
    d = parent.opdef
    if not (isinstance(parent, ExecuteRegionOp) or (d is not None and issubclass(d, CallableOpInterface))):
        return False
    prev = op.parent
    post = rw.split_block(prev, op)
    body = op.regions[0]
    with rw.saved():
        rw.set_insertion_point_to_end(prev)
        rw.create(BranchOp, dest=body.blocks[0], location=op.location)
        for b in body.blocks:
            y = b.last_op
            if y is not None and isinstance(y, YieldOp):
                rw.set_insertion_point_before(y)
                rw.create(BranchOp, y.operands, dest=post, location=y.location)
                rw.erase_op(y)
    rw.inline_region_before(body, prev.parent, prev.parent.blocks.index(post))
    args = [post.add_argument(r.type, op.location) for r in op.results]
    rw.replace_op(op, args)
    return True


@debug_name("WhileConditionTruth")
def _while_condition_truth(op: Operation, rw: Any) -> bool:
    """An after-region argument fed the loop condition itself is true there."""
    cond = op.regions[0].blocks[0].last_op
    true: Value | None = None
    changed = False
    for v, arg in zip(cond.operands[1:], op.regions[1].blocks[0].args):
        if v is cond.condition and arg.has_uses():
            if true is None:
                true = _i1_const(rw, 1, op.location)
            rw.replace_all_uses_with(arg, true)
            changed = True
    return changed


@debug_name("WhileCmpCond")
def _while_cmp_cond(op: Operation, rw: Any) -> bool:
    """In the after region, a cmpi of the forwarded operands that repeats
    the loop's condition (or its inverse) is a constant."""
    cond = op.regions[0].blocks[0].last_op
    from hlopt.dialects.arith import CmpIOp
    from hlopt.dialects.arith import ConstantOp as ArithConstantOp

    cmp = cond.condition.defining_op
    if not isinstance(cmp, CmpIOp):
        return False
    pred = cmp.predicate.value
    sides = (cmp.lhs, cmp.rhs)
    changed = False
    for v, arg in zip(cond.operands[1:], op.regions[1].blocks[0].args):
        for k in (0, 1):
            if v is not sides[k]:
                continue
            for u in list(arg.uses):
                c2 = u.owner
                if not isinstance(c2, CmpIOp) or (c2.lhs, c2.rhs)[1 - k] is not sides[1 - k]:
                    continue
                p2 = c2.predicate.value
                if p2 == pred:
                    val = 1
                elif p2 == _INVERSE_PREDICATE[pred]:
                    val = 0
                else:
                    continue
                with rw.saved():
                    rw.set_insertion_point_before(c2)
                    rw.replace_op_with_new(c2, ArithConstantOp, value=IntegerAttr(val, i1), result_types=[i1],
                                           location=c2.location)
                changed = True
    return changed


# arith.cmpi predicates (eq ne slt sle sgt sge ult ule ugt uge) -> their negation
_INVERSE_PREDICATE = {0: 1, 1: 0, 2: 5, 3: 4, 4: 3, 5: 2, 6: 9, 7: 8, 8: 7, 9: 6}


@debug_name("WhileOpAlignBeforeArgs")
def _while_align(op: Operation, rw: Any) -> bool:
    """A condition forwarding a permutation of the before-region arguments
    forwards them in order; after-region arguments and results follow."""
    before = op.regions[0].blocks[0]
    cond = before.last_op
    args, fwd = list(before.args), list(cond.operands[1:])
    if args == fwd or len(set(fwd)) != len(fwd) or len(args) != len(fwd) or set(args) != set(fwd):
        return False
    mapping = [args.index(v) for v in fwd]  # condition operand i is before argument mapping[i]
    with rw.saved():
        rw.set_insertion_point_before(cond)
        rw.replace_op_with_new(cond, ConditionOp, cond.condition, list(args), location=cond.location)
    types: list[Any] = [None] * len(args)
    for i, j in enumerate(mapping):
        types[j] = op.results[i].type
    new = _new_op(rw, WhileOp, [op.operands], types, None, 2, op.location)
    nb = new.regions[0].add_block(Block([a.type for a in args], [a.location for a in args]))
    na = new.regions[1].add_block(Block(types, [op.location] * len(types)))
    rw.merge_blocks(before, nb, list(nb.args))
    rw.merge_blocks(op.regions[1].blocks[0], na, [na.args[j] for j in mapping])
    rw.replace_op(op, [new.results[j] for j in mapping])
    return True


@debug_name("RemoveDeadRegionBranchOpSuccessorInputs")
def _while_remove_dead(op: Operation, rw: Any) -> bool:
    """Tied successor inputs that are all unused go with the operands that
    feed them: a before argument with its init and yielded value, an after
    argument and the result of its index with their condition operand."""
    before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
    cond, y = before.last_op, after.last_op
    n_b, n_a = len(before.args), len(after.args)
    # the tied sets: a before argument alone; an after argument with the result of its index
    drop_b = [not a.has_uses() for a in before.args]
    drop_a = [not (a.has_uses() or r.has_uses()) for a, r in zip(after.args, op.results)]
    if not any(drop_b) and not any(drop_a):
        return False
    y.set_operands([v for v, d in zip(y.operands, drop_b) if not d])
    rw.modified(y)
    cond.set_operands([cond.condition] + [v for v, d in zip(cond.operands[1:], drop_a) if not d])
    rw.modified(cond)
    for i in reversed(range(n_b)):
        if drop_b[i]:
            rw.erase_block_argument(before, i)
    for i in reversed(range(n_a)):
        if drop_a[i]:
            rw.erase_block_argument(after, i)
    new = _new_op(rw, WhileOp, [[v for v, d in zip(op.operands, drop_b) if not d]],
                  [r.type for r, d in zip(op.results, drop_a) if not d], op, 2, op.location)
    for i in (0, 1):
        rw.inline_region_before(op.regions[i], new.regions[i], 0)
    reps: list[Any] = []
    n = 0
    for d in drop_a:
        reps.append(None if d else new.results[n])
        n += 0 if d else 1
    _replace_partially(rw, op, reps)
    return True


@debug_name("InlineRegionBranchOp")
def _while_inline(op: Operation, rw: Any) -> bool:
    """A loop whose condition is constant false runs its before region once."""
    cond = op.regions[0].blocks[0].last_op
    if _bool_const(cond.condition) is not False:
        return False
    block = op.regions[0].blocks[0]
    rw.inline_block_before(block, op, list(op.operands))
    rw.replace_op(op, cond.operands[1:])
    rw.erase_op(cond)
    return True


@debug_name("WhileMoveIfDown")
def _while_move_if_down(op: Operation, rw: Any) -> bool:
    """An scf.if on the loop condition right before scf.condition (with an
    empty else) moves to the start of the after region: the condition
    forwards the else values, the after region gets the then values, and
    the before-region values the then branch uses become extra results."""
    cond = op.regions[0].blocks[0].last_op
    if_op = cond.prev_op
    if if_op is None or not isinstance(if_op, IfOp) or if_op.condition is not cond.condition:
        return False
    else_r = if_op.regions[1]
    if else_r.blocks and else_r.blocks[0].first_op is not else_r.blocks[0].last_op:
        return False
    if any(u.owner is not cond for r in if_op.results for u in r.uses):
        return False  # (MLIR asserts this)
    then_b = if_op.regions[0].blocks[0]
    then_y = then_b.last_op
    else_y = else_r.blocks[0].last_op if else_r.blocks else None
    after = op.regions[1].blocks[0]
    # (as MLIR: the condition's operands are read anew after each replacement)
    for idx in range(len(cond.operands) - 1):
        arg = cond.operands[1 + idx]
        if arg.defining_op is not if_op:
            continue
        k = arg.index
        rw.replace_all_uses_with(if_op.results[k], else_y.operand(k))
        rw.replace_all_uses_with(after.args[idx], then_y.operand(k))
    before_r = op.regions[0]
    extra: list[Value] = []
    seen: set[Value] = set()
    for top in list(then_b.ops):  # (MLIR's visitUsedValuesDefinedAbove walks in post order)
        for inner in top.walk():
            for v in inner.operands:
                if v not in seen and _value_region(v) is before_r:
                    seen.add(v)
                    extra.append(v)
    new = _new_op(rw, WhileOp, [op.operands], op.result_types + [v.type for v in extra], None, 2, op.location)
    for i in (0, 1):
        rw.inline_region_before(op.regions[i], new.regions[i], 0)
    new_args = [after.add_argument(v.type, op.location) for v in extra]
    rw.modified(new)
    cond.set_operands(cond.operands + extra)
    rw.modified(cond)
    then_r = if_op.regions[0]
    for v, a in zip(extra, new_args):
        for u in list(v.uses):
            if then_r.is_ancestor_of(u.owner):
                u.set(a)
                rw.modified(u.owner)
    rw.erase_op(then_y)
    if after.first_op is not None:
        rw.inline_block_before(then_b, after.first_op)
    else:
        rw.merge_blocks(then_b, after)
    rw.erase_op(if_op)
    rw.replace_op(op, new.results[:len(op.results)])
    return True


@debug_name("ForOpTensorCastFolder")
def _for_tensor_cast(op: Operation, rw: Any) -> bool:
    """An iter_arg initialized by a tensor.cast that only drops static
    information is carried in the cast's source type; casts convert at the
    body's entry and yield and after the loop."""
    from hlopt.dialects.tensor import CastOp, preserves_static

    for i, (init, res) in enumerate(zip(op.initArgs, op.results)):
        cast = init.defining_op
        if not isinstance(cast, CastOp):
            continue
        src = cast.source
        if src.type is init.type or not preserves_static(init.type, src.type) or len(res.uses) != 1:
            continue
        old_t, new_t = init.type, src.type
        inits = list(op.initArgs)
        inits[i] = src
        new = _new_for(rw, op, inits)
        nb = new.regions[0].blocks[0]
        transfer = list(nb.args)
        with rw.saved():
            rw.set_insertion_point_to_start(nb)
            transfer[1 + i] = rw.create(CastOp, nb.args[1 + i], result_types=[old_t], location=new.location).dest
        rw.merge_blocks(op.regions[0].blocks[0], nb, transfer)
        y = nb.last_op
        with rw.saved():
            rw.set_insertion_point_before(y)
            out = rw.create(CastOp, y.operand(i), result_types=[new_t], location=new.location).dest
            ops = list(y.operands)
            ops[i] = out
            rw.create(YieldOp, ops, location=new.location)
        rw.erase_op(y)
        results = list(new.results)
        with rw.saved():
            rw.set_insertion_point_after(new)
            results[i] = rw.create(CastOp, results[i], result_types=[old_t], location=new.location).dest
        rw.replace_op(op, results)
        return True
    return False


class ForOp(OpDef, RegionBranchOpInterface):
    name = "scf.for"
    summary = "for operation"
    lowerBound = operand(SignlessIntegerOrIndex)
    upperBound = operand(SignlessIntegerOrIndex)
    step = operand(SignlessIntegerOrIndex)
    initArgs = var_operand(AnyType)
    unsignedCmp = opt_attr(Unit)
    results_ = var_result(AnyType, name="results")
    region = region(blocks=1)
    traits = (SingleBlockImplicitTerminator("scf.yield"), RecursiveMemoryEffects())
    local_verify = True  # its own types, block arguments and yields (verifier._region_shape)

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

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        # RegionBranchOpInterface's edge checks run with the region traits,
        # after the nested ops (MLIR's verifyRegionInvariants)
        y = _yield_of(op, 0)
        if y is not None:
            _edge(op, y, "Region #0", y.operands, [a.type for a in op.regions[0].blocks[0].args[1:]])
            _edge(op, y, "parent", y.operands, op.result_types)

    @classmethod
    def custom_prints_entry_args(cls, op: Operation, region_index: int = 0) -> bool:
        return False

    # -- custom form: scf.for [unsigned] %iv = %lb to %ub step %s [iter_args(%a = %x, ...) -> (T, ...)] [: T]
    #    { ... } [{attrs}]
    @staticmethod
    def parse_asm(p: Any) -> dict:
        r = p.resolver
        unsigned = p.parse_optional_keyword("unsigned")
        iv = p.parse_argument(allow_type=False)
        p.parse_punct("=")
        bounds = [p.parse_operand()]
        p.parse_keyword("to")
        bounds.append(p.parse_operand())
        p.parse_keyword("step")
        bounds.append(p.parse_operand())
        args: list = []
        inits: list = []
        if p.parse_optional_keyword("iter_args") is not None:
            at = p.location()
            args, refs = _parse_assignments(p)
            p.parse_punct("->")
            p.parse_punct("(")
            types = r.types(p.parse_type_list())
            p.parse_punct(")")
            if len(refs) != len(types):
                raise r.error(f"{len(refs)} operands present, but expected {len(types)}", at)
            for a, t in zip(args, types):
                a.type = t
            inits = [r.operand(v, t) for v, t in zip(refs, types)]
        iv.type = r.type(p.parse_type()) if p.parse_optional_punct(":") else IndexType()
        operands = [r.operand(v, iv.type) for v in bounds] + inits
        body = p.parse_region([iv, *args])
        return {"operands": operands, "unsigned": unsigned, "body": body, "attrs": p.parse_optional_attr_dict()}

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        operands = st["operands"]
        attrs = r.attr(st["attrs"]) if st["attrs"] is not None else None
        lb, ub, step, *inits = operands
        op = ForOp.build(lb, ub, step, inits, result_types=[v.type for v in inits], regions=[st["body"]],
                         attributes=attrs, unsignedCmp=UnitAttr() if st["unsigned"] is not None else None)
        _ensure_yield(r, st["body"], op)
        return op

    @classmethod
    def print_asm(cls, op: Operation, p: Any) -> bool:
        b = op.regions[0].blocks[0] if op.regions and op.regions[0].blocks else None
        if b is None or len(b.args) != len(op.operands) - 2 or len(op.operands) < 3:
            return False
        lb, ub, st = op.operands[:3]
        inits = op.operands[3:]
        if op.unsignedCmp is not None:
            p.write(" unsigned")
        p.write(" ")
        p.print_operand(b.args[0])
        for kw, v in ((" = ", lb), (" to ", ub), (" step ", st)):
            p.write(kw)
            p.print_operand(v)
        if inits:
            p.write(" iter_args(")
            _print_assignments(p, b.args[1:], inits)
            p.write(") -> (")
            p.print_types([v.type for v in inits])
            p.write(")")
        p.write(" ")
        if not isinstance(b.args[0].type, IndexType):  # (MLIR's double space before the colon)
            p.write(" : ")
            p.print_type(b.args[0].type)
            p.write(" ")
        p.print_region(op.regions[0], False, cls.custom_prints_terminators(op, 0))
        p.print_optional_attr_dict(op.attributes)
        return True

    @classmethod
    def custom_prints_terminators(cls, op: Operation, region_index: int) -> bool:
        return len(op.operands) > 3  # (a yield of no iter_args is implicit)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        lb, ub, st = (int(np.asarray(a)) for a in args[:3])
        t = op.lowerBound.type
        if op.unsignedCmp is not None:
            w = t.width if isinstance(t, IntegerType) else 64
            lb, ub, st = lb % (1 << w), ub % (1 << w), st % (1 << w)
        dt = interp_values.dtype_of(t) if isinstance(t, IntegerType) else np.dtype(np.int64)
        vals = list(args[3:])
        i = lb
        while i < ub:
            vals = ctx.run_region(op.regions[0], [np.asarray(i).astype(dt)[()], *vals])
            i += st
        return vals

    @classmethod
    def induction_var(cls, op: Operation) -> Any:
        return op.regions[0].blocks[0].args[0]

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        # iree-opt's MLIR replaced ForOpIterArgsFolder and SimplifyTrivialLoops
        # by the RegionBranchOpInterface patterns; on scf.for it tries inlining
        # first (a zero-trip loop goes before its dead inputs or its cast), then
        # make-dead before dead-input removal (one rewrite at a time shows it:
        # tests/lit/scf/canonicalize-for-order.mlir)
        return (_for_inline, _for_tensor_cast, _make_inputs_dead, _duplicate_inputs, _for_remove_dead)


class IfOp(OpDef, RegionBranchOpInterface):
    name = "scf.if"
    summary = "if-then-else operation"
    condition = operand(I1)
    results_ = var_result(AnyType, name="results")
    thenRegion = region(blocks=1)
    elseRegion = region()
    traits = (SingleBlockImplicitTerminator("scf.yield"), RecursiveMemoryEffects())
    local_verify = True  # its own types, block arguments and yields (verifier._region_shape)

    @classmethod
    def verify(cls, op: Operation) -> None:
        if len(op.regions[1].blocks) > 1:
            raise op_error(op, "region #1 ('elseRegion') failed to verify constraint: region with at most 1 blocks")
        if op.results and not op.regions[1].blocks:
            raise op_error(op, "must have an else block if defining values")

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        for i in (0, 1):  # (RegionBranchOpInterface, after the nested ops)
            y = _yield_of(op, i) if op.regions[i].blocks else None
            _edge(op, y, "parent", y.operands if y is not None else [], op.result_types)

    # -- custom form: scf.if %c [-> (T, ...)] { ... } [else { ... }] [{attrs}]
    @staticmethod
    def parse_asm(p: Any) -> dict:
        r = p.resolver
        cond = r.operand(p.parse_operand(), i1)
        types = r.types(_parse_arrow_types(p))
        then = p.parse_region()
        els = p.parse_region() if p.parse_optional_keyword("else") is not None else None
        return {"cond": cond, "types": types, "then": then, "else": els, "attrs": p.parse_optional_attr_dict()}

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        els = st["else"] if st["else"] is not None else Region()
        attrs = r.attr(st["attrs"]) if st["attrs"] is not None else None
        op = IfOp.build(st["cond"], result_types=st["types"], regions=[st["then"], els], attributes=attrs)
        _ensure_yield(r, st["then"], op)
        if st["else"] is not None:
            _ensure_yield(r, els, op)
        return op

    @classmethod
    def print_asm(cls, op: Operation, p: Any) -> bool:
        if len(op.regions) != 2:
            return False
        p.write(" ")
        p.print_operand(op.condition)
        if op.results:
            p.write(" -> (")
            p.print_types(op.result_types)
            p.write(")")
        p.write(" ")
        p.print_region(op.regions[0], False, cls.custom_prints_terminators(op, 0))
        if op.regions[1].blocks:
            p.write(" else ")
            p.print_region(op.regions[1], False, cls.custom_prints_terminators(op, 1))
        p.print_optional_attr_dict(op.attributes)
        return True

    @classmethod
    def custom_prints_terminators(cls, op: Operation, region_index: int) -> bool:
        return bool(op.results)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        r = op.regions[0] if bool(np.asarray(args[0])) else op.regions[1]
        return ctx.run_region(r, []) if r.blocks else []

    @classmethod
    def fold(cls, op: Operation) -> Any:
        """`if !c then A else B` -> `if c then B else A` (in place)."""
        then_r, else_r = op.regions
        if not else_r.blocks:
            return None
        c = _xor_not_of(op.condition)
        if c is None:
            return None
        op.set_operand(0, c)
        tb, eb = list(then_r.blocks), list(else_r.blocks)
        then_r.blocks, else_r.blocks = [], []
        for b in eb:
            then_r.add_block(b)
        for b in tb:
            else_r.add_block(b)
        return []

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        # MLIR's own IfOp patterns, then the RegionBranchOpInterface ones that
        # replaced RemoveUnusedResults and RemoveStaticCondition in iree-opt's MLIR
        return (_if_combine, _if_combine_nested, _if_condition_propagation, _if_to_select, _if_empty_else,
                _if_yield_condition, _dead_results, _if_static, _make_inputs_dead, _duplicate_inputs)


class WhileOp(OpDef, RegionBranchOpInterface):
    name = "scf.while"
    summary = "a generic 'while' loop"
    inits = var_operand(AnyType)
    results_ = var_result(AnyType, name="results")
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
        c = _terminator(op, 0)
        if c is None or not isinstance(c, ConditionOp):
            raise op_error(op, "expects the 'before' region to terminate with 'scf.condition'")

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
        c = _terminator(op, 0)  # (RegionBranchOpInterface, after the nested ops)
        _edge(op, c, "parent", c.operands[1:], op.result_types)
        _edge(op, c, "Region #1", c.operands[1:], [a.type for a in after.args])
        y = _yield_of(op, 1)
        _edge(op, y, "Region #0", y.operands if y is not None else [], [a.type for a in before.args])

    @classmethod
    def custom_prints_entry_args(cls, op: Operation, region_index: int = 0) -> bool:
        return region_index == 1  # (the `do` region's; the before region's are the header's)

    # -- custom form: scf.while [(%a = %x, ...)] : (T, ...) -> (U, ...) { ... } do { ... } [attributes {...}]
    @staticmethod
    def parse_asm(p: Any) -> dict:
        r = p.resolver
        args: list = []
        refs: list = []
        if p.peek("("):
            args, refs = _parse_assignments(p)
        p.parse_colon()
        at = p.location()
        ft = r.type(p.parse_type())
        if not isinstance(ft, FunctionType):
            raise r.error("expected function type", at)
        if len(refs) != len(ft.inputs):
            raise r.error(f"expected as many input types as operands (expected {len(refs)} got "
                          f"{len(ft.inputs)})", at)
        for a, t in zip(args, ft.inputs):
            a.type = t
        operands = [r.operand(v, t) for v, t in zip(refs, ft.inputs)]
        before = p.parse_region(args)
        p.parse_keyword("do")
        after = p.parse_region()
        attrs = p.parse_optional_attr_dict_with_keyword()
        return {"operands": operands, "type": ft, "before": before, "after": after, "attrs": attrs}

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        before = st["before"]
        if not before.blocks:  # no inits: the (empty-argument) entry block is implicit
            before.add_block()
        attrs = r.attr(st["attrs"]) if st["attrs"] is not None else None
        return WhileOp.build(st["operands"], result_types=st["type"].results, regions=[before, st["after"]],
                             attributes=attrs)

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        if len(op.regions) != 2 or not op.regions[0].blocks:
            return False
        before = op.regions[0].blocks[0]
        if len(before.args) != len(op.operands):
            return False
        if op.operands:
            p.write(" (")
            _print_assignments(p, before.args, op.operands)
            p.write(")")
        p.write(" : ")
        p.print_functional_type(op.operand_types, op.result_types)
        p.write(" ")
        p.print_region(op.regions[0])
        p.write(" do ")
        p.print_region(op.regions[1], True)
        p.print_optional_attr_dict(op.attributes, (), True)
        return True

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        before, after = op.regions
        cond = before.blocks[0].last_op
        vals = list(args)
        while True:
            ctx.run_region(before, vals)
            out = [ctx.env[v] for v in cond.operands]
            if not bool(np.asarray(out[0])):
                return out[1:]
            vals = ctx.run_region(after, out[1:])

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_while_condition_truth, _while_cmp_cond, _while_align, _while_move_if_down, _make_inputs_dead,
                _duplicate_inputs, _while_remove_dead, _while_inline)


class ExecuteRegionOp(OpDef, RegionBranchOpInterface):
    name = "scf.execute_region"
    summary = "operation that executes its region exactly once"
    results_ = var_result(AnyType, name="results")
    no_inline = opt_attr(Unit)
    region = region()
    traits = (RecursiveMemoryEffects(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        r = op.regions[0]
        if not r.blocks:
            raise op_error(op, "region needs to have at least one block")
        if r.blocks[0].args:
            raise op_error(op, "region cannot have any arguments")

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        for b in op.regions[0].blocks:  # (RegionBranchOpInterface, after the nested ops)
            t = b.last_op
            if t is not None and isinstance(t, YieldOp):
                _edge(op, t, "parent", t.operands, op.result_types)

    # -- custom form: scf.execute_region [-> T | -> (T, ...)] [no_inline] { ... } [{attrs}]
    @staticmethod
    def parse_asm(p: Any) -> dict:
        types = p.resolver.types(_parse_arrow_types(p))
        no_inline = p.parse_optional_keyword("no_inline")
        body = p.parse_region()
        return {"types": types, "no_inline": no_inline, "body": body, "attrs": p.parse_optional_attr_dict()}

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        attrs = r.attr(st["attrs"]) if st["attrs"] is not None else None
        return ExecuteRegionOp.build(result_types=st["types"], regions=[st["body"]], attributes=attrs,
                                     no_inline=UnitAttr() if st["no_inline"] is not None else None)

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        if len(op.regions) != 1:
            return False
        _print_arrow_types(p, op.result_types)
        p.write(" ")
        if op.no_inline is not None:
            p.write("no_inline ")
        p.print_region(op.regions[0])
        p.print_optional_attr_dict(op.attributes)
        return True

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return ctx.run_region(op.regions[0], [])

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_execute_multi_block, _make_inputs_dead, _duplicate_inputs, _dead_results, _execute_inline)


class IndexSwitchOp(OpDef, RegionBranchOpInterface):
    name = "scf.index_switch"
    summary = "switch-case operation on an index argument"
    arg = operand(Index)
    cases = attr(DenseI64Array)
    results_ = var_result(AnyType, name="results")
    defaultRegion = region(blocks=1)
    caseRegions = var_region(blocks=1)
    traits = (SingleBlockImplicitTerminator("scf.yield"), RecursiveMemoryEffects())

    @classmethod
    def verify(cls, op: Operation) -> None:
        cases = list(op.cases)
        if len(cases) != len(op.regions) - 1:
            raise op_error(op, f"has {len(op.regions) - 1} case regions but {len(cases)} case values")
        seen: set[int] = set()
        for v in cases:
            if v in seen:
                raise op_error(op, f"has duplicate case value: {v}")
            seen.add(v)
        n = len(op.results)
        for i, r in enumerate(op.regions):
            what = "default region" if i == 0 else f"case region #{i - 1}"
            y = r.blocks[0].last_op
            if y is None or not isinstance(y, YieldOp):
                got = y.name if y is not None else "<none>"
                raise op_error(op, f"expected region to end with scf.yield, but got {got}")
            if len(y.operands) != n:
                raise op_error(op, f"expected each region to return {n} values, but {what} returns "
                                   f"{len(y.operands)}", notes=[("see yield operation here", y)])
            for k, (t, v) in enumerate(zip(op.result_types, y.operands)):
                if v.type is not t:
                    raise op_error(op, f"expected result #{k} of each region to be '{t.text}'",
                                   notes=[(f"{what} returns '{v.type.text}' here", y)])

    # -- custom form: scf.index_switch %i [{attrs}] [-> T, ...] (case N { ... })* default { ... }
    @staticmethod
    def parse_asm(p: Any) -> dict:
        r = p.resolver
        arg = r.operand(p.parse_operand(), IndexType())
        attrs = p.parse_optional_attr_dict()
        types = r.types(p.parse_type_list()) if p.parse_optional_punct("->") else []
        cases = []
        while p.parse_optional_keyword("case") is not None:
            at = p.location()
            v = p.parse_optional_integer()
            if v is None:
                raise p.error("expected integer value", at)
            cases.append((v, p.parse_region()))
        p.parse_keyword("default")
        default = p.parse_region()
        return {"arg": arg, "attrs": attrs, "types": types, "cases": cases, "default": default}

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        props = {"cases": DenseArrayAttr(IntegerType(64), [v for v, _ in st["cases"]])}
        attrs = r.attr(st["attrs"]) if st["attrs"] is not None else None
        op = IndexSwitchOp.build(st["arg"], result_types=st["types"], attributes=attrs, cases=props["cases"],
                                 regions=[st["default"]] + [c for _, c in st["cases"]])
        _ensure_yield(r, st["default"], op)
        return op

    @classmethod
    def print_asm(cls, op: Operation, p: Any) -> bool:
        cases = op.cases
        if cases is None or len(cases) != len(op.regions) - 1 or any(len(r.blocks) != 1 for r in op.regions):
            return False
        p.write(" ")
        p.print_operand(op.arg)
        p.print_optional_attr_dict(op.attributes)
        if op.results:
            p.write(" -> ")
            p.print_types(op.result_types)
        p.write(" ")
        for v, r in zip(cases, op.regions[1:]):
            p.print_newline()
            p.write(f"case {v} ")
            p.print_region(r)
        p.print_newline()
        p.write("default ")
        p.print_region(op.regions[0], False, cls.custom_prints_terminators(op, 0))
        return True

    @classmethod
    def custom_prints_terminators(cls, op: Operation, region_index: int) -> bool:
        return region_index > 0 or bool(op.results)  # (only the default region's yield is elided)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        i = int(np.asarray(args[0]))
        cases = list(op.cases)
        k = cases.index(i) + 1 if i in cases else 0
        return ctx.run_region(op.regions[k], [])

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_make_inputs_dead, _duplicate_inputs, _dead_results, _switch_inline)


def _arrow_types(ts: list, p: Any) -> str:
    """MLIR's printOptionalArrowTypeList."""
    if not ts:
        return ""
    if len(ts) == 1 and not ts[0].text.startswith("("):
        return " -> " + p.type_text(ts[0])
    return " -> (" + p.types(ts) + ")"



class YieldOp(OpDef):
    name = "scf.yield"
    summary = "loop yield and termination operation"
    results_ = var_operand(AnyType, name="results")
    traits = (Pure(), Terminator(), ReturnLike(), HasParent(*_YIELD_PARENTS))
    assembly_format = "attr-dict ($results^ `:` type($results))?"


class ConditionOp(OpDef):
    name = "scf.condition"
    summary = "loop continuation condition"
    condition = operand(I1)
    args = var_operand(AnyType)
    traits = (Pure(), Terminator(), HasParent("scf.while"))
    assembly_format = "`(` $condition `)` attr-dict ($args^ `:` type($args))?"
    type_inference = (FixedType("condition", i1),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return []  # (scf.while reads the operands)



def _ensure_yield(r: Any, region: Region, owner: Operation) -> None:
    """MLIR's ensureTerminator: an empty region gets a block; a block not
    ending in a terminator gets `scf.yield` (located at the parent op, once known)."""
    b = region.blocks[0] if region.blocks else region.add_block()
    last = b.last_op
    if last is None or not last.has_trait("Terminator"):
        y = b.append(YieldOp.build())
        r.at_end(lambda: setattr(y, "location", owner.location))


def _parse_assignments(p: Any) -> tuple[list, list]:
    """`(%a = %x, ...)` (MLIR's parseAssignmentList): (region arguments, operands)."""
    args: list = []
    refs: list = []
    p.parse_punct("(")
    if p.parse_optional_punct(")"):
        return args, refs
    while True:
        args.append(p.parse_argument(allow_type=False))
        p.parse_punct("=")
        refs.append(p.parse_operand())
        if p.parse_optional_punct(")"):
            return args, refs
        p.parse_comma()


def _print_assignments(p: Any, args: Any, values: Any) -> None:
    for i, (a, v) in enumerate(zip(args, values)):
        if i:
            p.write(", ")
        p.print_operand(a)
        p.write(" = ")
        p.print_operand(v)


def _parse_arrow_types(p: Any) -> list:
    """MLIR's parseOptionalArrowTypeList: `-> T` or `-> (T, ...)`, or nothing."""
    if not p.parse_optional_punct("->"):
        return []
    if p.parse_optional_punct("("):
        ts = p.parse_type_list()
        p.parse_punct(")")
        return ts
    return [p.parse_type()]


def _print_arrow_types(p: Any, ts: list) -> None:
    """MLIR's printOptionalArrowTypeList."""
    if not ts:
        return
    if len(ts) == 1 and not ts[0].text.startswith("("):
        p.write(" -> ")
        p.print_type(ts[0])
        return
    p.write(" -> (")
    p.print_types(ts)
    p.write(")")


# ---------------------------------------------------------------------------
# scf.forall / scf.forall.in_parallel and scf.parallel / scf.reduce /
# scf.reduce.return (MLIR's SCFOps.td; forms and messages as iree-opt's)

_K_DYNAMIC = -(1 << 63)  # ShapedType::kDynamic in forall's static bound arrays


def _mixed_list(static: Any, dyn: Any) -> list:
    """A DynamicIndexList's entries: ints, or the Values of dynamic ones."""
    it = iter(dyn)
    return [next(it, None) if s == _K_DYNAMIC else s for s in (static.values if static is not None else ())]


def _dyn_count(static: Any) -> int:
    return sum(1 for s in static.values if s == _K_DYNAMIC) if static is not None else 0


def _plain_error(op: Operation, msg: str) -> Exception:
    """An error at `op` without the `'op' op` prefix (MLIR's emitError)."""
    from hlopt.ir.core import IRError

    return IRError(msg, op)


def _i64_array(values: list[int]) -> DenseArrayAttr:
    return DenseArrayAttr(IntegerType(64), values)


def _parse_ivs(p: Any) -> list:
    """`(%i, %j)`: the induction variables (MLIR's parseArgumentList in parentheses)."""
    p.parse_punct("(")
    ivs: list = []
    if p.parse_optional_punct(")"):
        return ivs
    while True:
        ivs.append(p.parse_argument(allow_type=False))
        if p.parse_optional_punct(")"):
            return ivs
        p.parse_comma()


def _parse_paren_index_list(p: Any, r: Any) -> tuple[list, DenseArrayAttr]:
    """A DynamicIndexList in parentheses, `(0, %n)`: (the dynamic values, the static entries)."""
    p.parse_punct("(")
    values: list = []
    static: list[int] = []
    if not p.parse_optional_punct(")"):
        while True:
            v = p.parse_optional_operand()
            if v is not None:
                values.append(r.operand(v, IndexType()))
                static.append(_K_DYNAMIC)
            else:
                static.append(p.parse_integer())
            if not p.parse_optional_punct(","):
                break
        p.parse_punct(")")
    return values, _i64_array(static)


def _print_paren_index_list(p: Any, xs: list) -> None:
    p.write("(")
    for i, x in enumerate(xs):
        if i:
            p.write(", ")
        if isinstance(x, Value):
            p.print_operand(x)
        else:
            p.write(str(x))
    p.write(")")


def _attrs_of(r: Any, ref: Any) -> Any:
    return r.attr(ref) if ref is not None else None


def _split_attr_dict(r: Any, d: Any, ref: Any) -> tuple[dict, Any]:
    """The attr-dict of a hand-written form: its declared inherent entries
    (as build keywords) and the discardable rest. operandSegmentSizes is the
    form's to compute (MLIR's parsers set it after the dictionary)."""
    if ref is None:
        return {}, None
    props, rest = r.split_attrs(d.name, r.attr(ref))
    kw = {k: v for k, v in props.entries if k != "operandSegmentSizes"} if props is not None else {}
    return kw, rest


def _ensure_in_parallel(r: Any, region: Region, owner: Operation) -> None:
    """ForallOp::ensureTerminator: an in_parallel (with its empty block)."""
    b = region.blocks[0] if region.blocks else region.add_block()
    last = b.last_op
    if last is None or not last.has_trait("Terminator"):
        inner = Region()
        inner.add_block()
        t = b.append(InParallelOp.build(regions=[inner]))
        r.at_end(lambda: setattr(t, "location", owner.location))


# ODS's AnyRankedTensor (its element: any type but a token)
_AnyRankedTensor = RankedTensorOf(AnyType, summary="ranked tensor of any non-token type values")


def _merged_attrs(op: Operation, elide: tuple[str, ...]) -> Any:
    """MLIR's op->getAttrs() of an op with properties: inherent and
    discardable attributes in one sorted dictionary."""
    from hlopt.ir.attributes import DictionaryAttr

    return DictionaryAttr([kv for kv in (*op.properties.entries, *op.attributes.entries) if kv[0] not in elide])


class ForallOp(OpDef, RegionBranchOpInterface):
    name = "scf.forall"
    summary = "evaluate a block multiple times in parallel"
    dynamicLowerBound = var_operand(Index)
    dynamicUpperBound = var_operand(Index)
    dynamicStep = var_operand(Index)
    outputs = var_operand(_AnyRankedTensor)
    staticLowerBound = attr(DenseI64Array)
    staticUpperBound = attr(DenseI64Array)
    staticStep = attr(DenseI64Array)
    mapping = opt_attr(Array)
    results_ = var_result(AnyType, name="results")
    region = region(blocks=1)
    traits = (AttrSizedOperandSegments(), RecursiveMemoryEffects(),
              SingleBlockImplicitTerminator("scf.forall.in_parallel"))

    _ELIDED = ("operandSegmentSizes", "staticLowerBound", "staticUpperBound", "staticStep")

    @classmethod
    def rank(cls, op: Operation) -> int:
        return len(cast(ForallOp, op).staticLowerBound.values)

    @classmethod
    def bounds(cls, op: Operation) -> tuple[list, list, list]:
        """(lower bounds, upper bounds, steps) as mixed lists (ints or Values)."""
        f = cast(ForallOp, op)
        return (_mixed_list(f.staticLowerBound, f.dynamicLowerBound), _mixed_list(f.staticUpperBound, f.dynamicUpperBound),
                _mixed_list(f.staticStep, f.dynamicStep))

    @classmethod
    def verify(cls, op: Operation) -> None:
        f = op
        n = cls.rank(op)
        outs = list(f.outputs)
        if len(op.results) != len(outs):
            raise op_error(op, f"produces {len(op.results)} results, but has only {len(outs)} outputs")
        body = op.regions[0].blocks[0]
        if len(body.args) != n + len(outs):
            raise op_error(op, f"region expects {n} arguments")
        for i in range(n):
            if not isinstance(body.args[i].type, IndexType):
                raise op_error(op, f"expects {i}-th block argument to be an index")
        for i, v in enumerate(outs):
            if body.args[n + i].type is not v.type:
                raise op_error(op, f"type mismatch between {i}-th output and corresponding block argument")
        mapping = cast(ForallOp, op).mapping
        if mapping is not None and len(mapping) and len(mapping) != n:
            raise op_error(op, "mapping attribute size must match op rank")
        for what, static, dyn in (("lower bound", f.staticLowerBound, f.dynamicLowerBound),
                                  ("upper bound", f.staticUpperBound, f.dynamicUpperBound),
                                  ("step", f.staticStep, f.dynamicStep)):
            if len(static.values) != n:
                raise _plain_error(op, f"expected {n} {what} values, got {len(static.values)}")
            if _dyn_count(static) != len(dyn):
                raise _plain_error(op, f"expected {_dyn_count(static)} dynamic {what} values")

    @classmethod
    def custom_prints_entry_args(cls, op: Operation, region_index: int = 0) -> bool:
        return False

    @classmethod
    def custom_prints_terminators(cls, op: Operation, region_index: int) -> bool:
        return bool(op.results)

    # -- custom form (MLIR's ForallOp::parse/print): scf.forall (%i, ...) (in (ubs) | = (lbs) to (ubs)
    #    step (steps)) [shared_outs(%o = %t, ...) -> (T, ...)] { ... } [{attrs}]
    @staticmethod
    def parse_asm(p: Any) -> dict:
        r = p.resolver
        ivs = _parse_ivs(p)
        n = len(ivs)
        if p.parse_optional_keyword("in") is not None:
            ubs = _parse_paren_index_list(p, r)
            lbs, steps = ([], _i64_array([0] * n)), ([], _i64_array([1] * n))
        else:
            p.parse_punct("=")
            lbs = _parse_paren_index_list(p, r)
            p.parse_keyword("to")
            ubs = _parse_paren_index_list(p, r)
            p.parse_keyword("step")
            steps = _parse_paren_index_list(p, r)
        outs: list = []
        types: list = []
        out_args: list = []
        at = p.location()
        if p.parse_optional_keyword("shared_outs") is not None:
            out_args, refs = _parse_assignments(p)
            types = r.types(_parse_arrow_types(p))
            if len(refs) != len(types):
                raise r.error(f"{len(refs)} operands present, but expected {len(types)}", at)
            outs = [r.operand(v, t) for v, t in zip(refs, types)]
        for a in ivs:
            a.type = IndexType()
        for a, t in zip(out_args, types):
            a.type = t
        body = p.parse_region([*ivs, *out_args])
        return {"bounds": (lbs, ubs, steps), "outs": outs, "types": types, "body": body,
                "attrs": p.parse_optional_attr_dict()}

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        (lbs, lbs_s), (ubs, ubs_s), (steps, steps_s) = st["bounds"]
        props, attrs = _split_attr_dict(r, ForallOp, st["attrs"])
        op = ForallOp.build(lbs, ubs, steps, st["outs"], result_types=st["types"], regions=[st["body"]],
                            attributes=attrs, staticLowerBound=lbs_s, staticUpperBound=ubs_s, staticStep=steps_s,
                            **props)
        _ensure_in_parallel(r, st["body"], op)
        return op

    @classmethod
    def print_asm(cls, op: Operation, p: Any) -> bool:
        f = cast(ForallOp, op)
        if f.staticLowerBound is None or f.staticUpperBound is None or f.staticStep is None \
                or len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
            return False
        n = cls.rank(op)
        b = op.regions[0].blocks[0]
        outs = list(f.outputs)
        if len(b.args) != n + len(outs):
            return False
        lbs, ubs, steps = cls.bounds(op)
        if any(x is None for x in (*lbs, *ubs, *steps)):
            return False

        def const(x: Any) -> Any:
            return int_value(x) if isinstance(x, Value) else x

        p.write(" (")
        p.print_operands(b.args[:n])
        if all(const(x) == 0 for x in lbs) and all(const(x) == 1 for x in steps):  # MLIR's isNormalized
            p.write(") in ")
            _print_paren_index_list(p, ubs)
        else:
            p.write(") = ")
            _print_paren_index_list(p, lbs)
            p.write(" to ")
            _print_paren_index_list(p, ubs)
            p.write(" step ")
            _print_paren_index_list(p, steps)
        if outs:
            p.write(" shared_outs(")
            _print_assignments(p, b.args[n:], outs)
            p.write(")")
        p.write(" ")
        if outs:
            p.write("-> (")
            p.print_types(op.result_types)
            p.write(") ")
        p.print_region(op.regions[0], False, cls.custom_prints_terminators(op, 0))
        p.print_optional_attr_dict(_merged_attrs(op, cls._ELIDED))
        return True
    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        """Runs the iterations one after another (any order is a valid
        schedule of the parallel loop); each iteration's in_parallel
        inserts go into the shared outputs, which later iterations see."""
        f = op
        env = {v: a for v, a in zip(op.operands, args)}

        def val(x: Any) -> int:
            return int(np.asarray(env[x])) if isinstance(x, Value) else int(x)

        lbs, ubs, steps = ([val(x) for x in xs] for xs in cls.bounds(op))
        if any(s <= 0 for s in steps):
            raise interp_values.InterpError("'scf.forall' has a non-positive step", op)
        outs = [np.array(env[v], copy=True) for v in f.outputs]
        body = op.regions[0].blocks[0]
        n = len(lbs)
        term = body.last_op
        ranges = [range(lo, hi, st) for lo, hi, st in zip(lbs, ubs, steps)]
        import itertools

        for ivs in itertools.product(*ranges):
            idx = [np.asarray(i).astype(np.int64)[()] for i in ivs]
            ctx.run_region(op.regions[0], [*idx, *outs])
            if term is None or not term.regions or not term.regions[0].blocks:
                continue
            for ins in term.regions[0].blocks[0].ops:
                _parallel_insert(ins, body.args[n:], outs, ctx)
        return outs

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return ()


def _parallel_insert(op: Operation, out_args: Any, outs: list, ctx: Any) -> None:
    """Applies one tensor.parallel_insert_slice of an in_parallel region to
    the shared output it names (in place in `outs`)."""
    from hlopt.dialects.tensor import ParallelInsertSliceOp

    if not isinstance(op, ParallelInsertSliceOp):
        raise interp_values.InterpError(f"'scf.forall.in_parallel' cannot run '{op.name}'", op)
    src_v, dest_v = op.source, op.dest
    if dest_v not in list(out_args):  # (the verifier's rule; the interpreter may run unverified IR)
        raise interp_values.InterpError("'tensor.parallel_insert_slice' may only insert into an output block "
                                          "argument", op)
    k = list(out_args).index(dest_v)
    src = np.asarray(ctx.env[src_v])
    lists = []
    for static, dyn_values in ((op.static_offsets, op.offsets), (op.static_sizes, op.sizes),
                               (op.static_strides, op.strides)):
        dyn = iter(dyn_values)
        lists.append([int(np.asarray(ctx.env[next(dyn)])) if s == _K_DYNAMIC else s for s in static.values])
    offsets, sizes, strides = lists
    index = tuple(slice(o, o + (n - 1) * st + 1, st) if n > 0 else slice(o, o) for o, n, st in
                  zip(offsets, sizes, strides))
    outs[k][index] = src.reshape(sizes)


class InParallelOp(OpDef):
    name = "scf.forall.in_parallel"
    summary = "terminates a `forall` block"
    region = region(blocks=1)
    traits = (Pure(), Terminator(), HasParent("scf.forall"), NoTerminatorTrait(), SingleBlock())

    @classmethod
    def verify(cls, op: Operation) -> None:
        from hlopt.dialects.tensor import ParallelInsertSliceOp

        parent = op.parent_op
        if parent is None or parent.name != "scf.forall":
            raise op_error(op, "expected forall op parent")
        n = ForallOp.rank(parent)
        outs = list(parent.regions[0].blocks[0].args[n:])
        for inner in op.regions[0].blocks[0].ops:
            if not isinstance(inner, ParallelInsertSliceOp):
                raise op_error(op, "expected only ParallelCombiningOpInterface ops")
            if inner.dest not in outs:
                raise op_error(inner, "may only insert into an output block argument")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return []  # (scf.forall applies the inserts)

    # -- custom form: scf.forall.in_parallel { ... } [{attrs}]
    @staticmethod
    def parse_asm(p: Any) -> dict:
        return {"body": p.parse_region(), "attrs": p.parse_optional_attr_dict()}

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        body = st["body"]
        if not body.blocks:
            body.add_block()
        return InParallelOp.build(regions=[body], attributes=_attrs_of(r, st["attrs"]))

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        if len(op.regions) != 1 or len(op.regions[0].blocks) != 1 or op.regions[0].blocks[0].args:
            return False
        p.write(" ")
        p.print_region(op.regions[0], False, False)
        p.print_optional_attr_dict(op.attributes)
        return True


class ParallelOp(OpDef, RegionBranchOpInterface):
    name = "scf.parallel"
    summary = "parallel for operation"
    lowerBound = var_operand(Index)
    upperBound = var_operand(Index)
    step = var_operand(Index)
    initVals = var_operand(AnyType)
    results_ = var_result(AnyType, name="results")
    region = region(blocks=1)
    traits = (AttrSizedOperandSegments(), RecursiveMemoryEffects(), SingleBlockImplicitTerminator("scf.reduce"))

    @classmethod
    def verify(cls, op: Operation) -> None:
        f = op
        lbs, ubs, steps = list(f.lowerBound), list(f.upperBound), list(f.step)
        if not (len(lbs) == len(ubs) == len(steps)):
            raise op_error(op, "failed to verify that all of {lowerBound, upperBound, step} have same number "
                               "of elements")
        if not steps:
            raise op_error(op, "needs at least one tuple element for lowerBound, upperBound and step")
        for v in steps:
            c = int_value(v)
            if c is not None and c <= 0:
                raise op_error(op, "constant step operand must be positive")
        body = op.regions[0].blocks[0]
        if len(body.args) != len(steps):
            raise op_error(op, f"expects the same number of induction variables: {len(body.args)} as bound "
                               f"and step values: {len(steps)}")
        if any(not isinstance(a.type, IndexType) for a in body.args):
            raise op_error(op, "expects arguments for the induction variable to be of index type")
        red = body.last_op
        if red is None or red.name != "scf.reduce":
            raise op_error(op, "expects body to terminate with 'scf.reduce'",
                           notes=[("terminator here", red)] if red is not None else None)
        nres, nred, ninit = len(op.results), len(red.regions), len(list(f.initVals))
        if nres != nred:
            raise op_error(op, f"expects number of results: {nres} to be the same as number of reductions: {nred}")
        if nres != ninit:
            raise op_error(op, f"expects number of results: {nres} to be the same as number of initial values: "
                               f"{ninit}")
        for i, (r, v) in enumerate(zip(op.results, red.operands)):
            if r.type is not v.type:
                raise op_error(red, f"expects type of {i}-th reduction operand: '{v.type.text}' to be the same as "
                                    f"the {i}-th result type: '{r.type.text}'")

    @classmethod
    def custom_prints_entry_args(cls, op: Operation, region_index: int = 0) -> bool:
        return False

    # -- custom form (MLIR's ParallelOp::parse/print): scf.parallel (%i, ...) = (%lb, ...) to (%ub, ...)
    #    step (%s, ...) [init (%v, ...)] [-> T | -> (T, ...)] { ... } [{attrs}]
    @staticmethod
    def parse_asm(p: Any) -> dict:
        r = p.resolver
        ivs = _parse_ivs(p)
        bounds = []
        for kw in ("=", "to", "step"):
            if kw == "=":
                p.parse_punct("=")
            else:
                p.parse_keyword(kw)
            p.parse_punct("(")
            refs = p.parse_operand_list()
            if len(refs) != len(ivs):
                raise p.error(f"expected {len(ivs)} operands")
            p.parse_punct(")")
            bounds.append([r.operand(v, IndexType()) for v in refs])
        init_refs: list = []
        at = p.location()
        if p.parse_optional_keyword("init") is not None:
            p.parse_punct("(")
            init_refs = p.parse_operand_list()
            p.parse_punct(")")
        types = r.types(_parse_arrow_types(p))
        for a in ivs:
            a.type = IndexType()
        body = p.parse_region(ivs)
        attrs = p.parse_optional_attr_dict()
        if len(init_refs) != len(types):
            raise r.error(f"{len(init_refs)} operands present, but expected {len(types)}", at)
        inits = [r.operand(v, t) for v, t in zip(init_refs, types)]
        return {"bounds": bounds, "inits": inits, "types": types, "body": body, "attrs": attrs}

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        lbs, ubs, steps = st["bounds"]
        props, attrs = _split_attr_dict(r, ParallelOp, st["attrs"])
        body = st["body"]
        op = ParallelOp.build(lbs, ubs, steps, st["inits"], result_types=st["types"], regions=[body],
                              attributes=attrs, **props)
        b = body.blocks[0] if body.blocks else body.add_block()
        last = b.last_op
        if last is None or not last.has_trait("Terminator"):  # ensureTerminator: an scf.reduce
            red = b.append(ReduceOp.build())
            r.at_end(lambda: setattr(red, "location", op.location))
        return op

    @classmethod
    def print_asm(cls, op: Operation, p: Any) -> bool:
        f = cast(ParallelOp, op)
        if len(op.regions) != 1 or len(op.regions[0].blocks) != 1 or not cls.has_operand_groups(op):
            return False
        b = op.regions[0].blocks[0]
        p.write(" (")
        p.print_operands(b.args)
        for head, vs in ((") = (", f.lowerBound), (") to (", f.upperBound), (") step (", f.step)):
            p.write(head)
            p.print_operands(vs)
        p.write(")")
        inits = list(f.initVals)
        if inits:
            p.write(" init (")
            p.print_operands(inits)
            p.write(")")
        _print_arrow_types(p, op.result_types)
        p.write(" ")
        p.print_region(op.regions[0], False, True)
        p.print_optional_attr_dict(_merged_attrs(op, ("operandSegmentSizes",)))
        return True
    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        """Runs the iterations in order and folds each iteration's reduce
        operands into the running values with the reduction regions."""
        f = op
        n = len(list(f.step))
        lbs, ubs, steps = (int(np.asarray(a)) for a in args[:n]), (int(np.asarray(a)) for a in args[n:2 * n]), \
            (int(np.asarray(a)) for a in args[2 * n:3 * n])
        ranges = [range(lo, hi, st) for lo, hi, st in zip(lbs, ubs, steps)]
        acc = list(args[3 * n:])
        red = op.regions[0].blocks[0].last_op
        import itertools

        for ivs in itertools.product(*ranges):
            ctx.run_region(op.regions[0], [np.asarray(i).astype(np.int64)[()] for i in ivs])
            vals = [ctx.env[v] for v in red.operands]
            acc = [_run_reduction(ctx, r, a, v) for r, a, v in zip(red.regions, acc, vals)]
        return acc


def _run_reduction(ctx: Any, r: Region, acc: Any, v: Any) -> Any:
    """One reduction region on (running value, this iteration's operand):
    the value its scf.reduce.return returns."""
    ctx.run_region(r, [acc, v])
    return ctx.env[cast(ReduceReturnOp, r.blocks[0].last_op).result_]


class ReduceOp(OpDef):
    name = "scf.reduce"
    summary = "reduce operation for scf.parallel"
    operands_ = var_operand(AnyType, name="operands")
    reductions = var_region(blocks=1)
    traits = (Terminator(), HasParent("scf.parallel"), RecursiveMemoryEffects())
    assembly_format = "(`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict"

    @classmethod
    def verify(cls, op: Operation) -> None:
        # (MLIR's verifyRegions; hlopt runs an op's verify_regions only when it has regions)
        if len(op.regions) != len(op.operands):
            raise op_error(op, f"expects number of reduction regions: {len(op.regions)} to be the same as number "
                               f"of reduction operands: {len(op.operands)}")

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        for i, (r, v) in enumerate(zip(op.regions, op.operands)):
            block = r.blocks[0]
            if block.last_op is None:
                raise op_error(op, f"{i}-th reduction has an empty body")
            if len(block.args) != 2 or any(a.type is not v.type for a in block.args):
                raise op_error(op, f"expected two block arguments with type '{v.type.text}' in the {i}-th reduction "
                                   f"region")
            if block.last_op.name != "scf.reduce.return":
                raise op_error(op, "reduction bodies must be terminated with an 'scf.reduce.return' op")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return []  # (scf.parallel reads the operands and runs the regions)



class ReduceReturnOp(OpDef):
    name = "scf.reduce.return"
    summary = "terminator for reduce operation"
    result_ = operand(AnyType, name="result")
    traits = (Pure(), HasParent("scf.reduce"), Terminator())
    assembly_format = "$result attr-dict `:` type($result)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        block = op.parent
        want = block.args[0].type if block is not None and block.args else None
        if want is not None and want is not cast(ReduceReturnOp, op).result_.type:
            raise op_error(op, f"must have type '{want.text}' (the type of the reduction inputs)")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return []



DIALECT = Dialect("scf", ops=(ForOp, IfOp, WhileOp, ExecuteRegionOp, IndexSwitchOp, YieldOp, ConditionOp,
                             ForallOp, InParallelOp, ParallelOp, ReduceOp, ReduceReturnOp))

__all__ = ["ForOp", "IfOp", "WhileOp", "ExecuteRegionOp", "IndexSwitchOp", "YieldOp", "ConditionOp", "ForallOp",
           "InParallelOp", "ParallelOp", "ReduceOp", "ReduceReturnOp", "DIALECT", "Index"]
