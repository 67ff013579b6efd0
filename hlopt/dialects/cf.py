"""cf: unstructured control flow (cf.br, cf.cond_br, cf.switch, cf.assert),
declared with MLIR's custom forms, verifiers, memory effects and
canonicalization patterns.

    cf.br ^bb1(%a, %b : i32, f32)
    cf.cond_br %c, ^bb1(%a : i32), ^bb2
    cf.switch %flag : i32, [
      default: ^bb1(%a : i32),
      42: ^bb2,
      -3: ^bb3(%b : i32)
    ]
    cf.assert %c, "message"
"""

from __future__ import annotations

from typing import Any

from hlopt.ir.attributes import DenseArrayAttr, DenseElementsAttr, IntegerAttr
from hlopt.ir.constraints import AnySignless, Constraint, DenseArrayOf, Str
from hlopt.ir.core import Block, IRError, Operation, Value
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import WRITE, BranchOpInterface, Effect, MemoryEffectsInterface
from hlopt.ir.lazy import lazy_module
from hlopt.ir.matchers import int_value
from hlopt.ir.opdef import OpDef, attr, operand, opt_attr, successor, var_operand, var_successor
from hlopt.ir.rewriter import debug_name
from hlopt.ir.traits import AttrSizedOperandSegments, Pure, Terminator, op_error
from hlopt.ir.types import IndexType, IntegerType, VectorType, i1
from hlopt.syntax import FixedType

np = lazy_module("numpy")
interp_values = lazy_module("hlopt.kernels.values")

Bool = Constraint(lambda t: t is i1, "1-bit signless integer")
IntElements = Constraint(lambda a: isinstance(a, DenseElementsAttr) and isinstance(a.element_type, (IntegerType,
                                                                                               IndexType)),
                         "integer elements attribute")


# -- helpers the patterns share --------------------------------------------------------
def _edge_count(block: Block) -> int:
    """Predecessor edges of `block` (a cond_br to it twice counts twice)."""
    n = 0
    assert block.parent is not None  # a successor is a block of a region
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
    return rw.create(BranchOp, operands, dest=dest, location=loc)


def _create_cond_br(rw: Any, cond: Value, t: Block, t_ops: list[Value], f: Block, f_ops: list[Value],
                    loc: Any) -> Operation:
    return rw.create(CondBranchOp, cond, t_ops, f_ops, true_dest=t, false_dest=f, location=loc)


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
    assert block is not None  # a pattern's root is in a block
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


@debug_name("")
def _uniform_block_args(op: Operation, rw: Any) -> bool:
    """MLIR's uniform-incoming-values pattern (llvm PR 183966), on every
    branch op's successors: a destination argument every predecessor passes
    the same value for is replaced by that value (the argument stays, for
    region DCE to drop); only blocks with several incoming edges. iree-opt
    tries it after cf.br's and cf.cond_br's own patterns but before
    cf.switch's (found with max-num-rewrites=N on inputs where several
    apply); it has no name disable-patterns can select."""
    changed = False
    seen: set[Block] = set()
    for dest in op.successors:
        if dest in seen or not dest.args:
            continue
        seen.add(dest)
        incoming: list[list[Value]] = [[] for _ in dest.args]
        ok = True
        assert dest.parent is not None  # a successor is a block of a region
        for b in dest.parent.blocks:
            t = b.last_op
            if t is None or dest not in t.successors:
                continue
            d = t.opdef
            if d is None or not hasattr(d, "successor_operand_index"):
                ok = False
                break
            for si, sb in enumerate(t.successors):
                if sb is dest:
                    first, n = d.successor_operand_index(t, si)
                    for ai, v in enumerate(t.operands[first:first + n]):
                        incoming[ai].append(v)
        if not ok or len(incoming[0]) < 2:  # one edge in: the merge and pass-through patterns' job
            continue
        for a, vals in zip(dest.args, incoming):
            common = vals[0] if vals else None
            if common is None or common is a or any(x is not common for x in vals) or not a.uses:
                continue
            rw.replace_all_uses_with(a, common)
            changed = True
    return changed


class _EditsSuccessorOperands:
    """Dropping and adding operands forwarded to one successor (block
    argument elimination, block merging), keeping the op's segment
    attributes in step through `resize_successor_segments`."""

    __slots__ = ()  # a mixin of op classes: ops keep no __dict__

    @classmethod
    def resize_successor_segments(cls, op: Operation, index: int, delta: int) -> None:
        pass  # one unsegmented operand group

    @classmethod
    def erase_successor_operand(cls, op: Operation, index: int, arg: int) -> None:
        branch: Any = cls  # a mixin of BranchOpInterface ops: they define successor_operand_index
        first, _ = branch.successor_operand_index(op, index)
        op.set_operands([v for i, v in enumerate(op.operands) if i != first + arg])
        cls.resize_successor_segments(op, index, -1)

    @classmethod
    def append_successor_operands(cls, op: Operation, index: int, values: list[Value]) -> None:
        branch: Any = cls  # (see erase_successor_operand)
        first, n = branch.successor_operand_index(op, index)
        ops = op.operands
        op.set_operands(ops[:first + n] + list(values) + ops[first + n:])
        cls.resize_successor_segments(op, index, len(values))


class BranchOp(_EditsSuccessorOperands, OpDef, BranchOpInterface):
    name = "cf.br"
    summary = "branch operation"
    dest_operands = var_operand()
    dest = successor()
    traits = (Pure(), Terminator())
    assembly_format = "$dest (`(` $dest_operands^ `:` type($dest_operands) `)`)? attr-dict"

    @classmethod
    def verify(cls, op: Operation) -> None:
        _verify_successor_args(op, 0, list(op.operands))

    @classmethod
    def successor_operand_index(cls, op: Operation, index: int) -> tuple[int, int]:
        """(first operand, count) forwarded to successor `index`."""
        return 0, len(op.operands)

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_br_to_single_pred, _br_pass_through, _uniform_block_args)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> tuple[int, list]:
        return 0, list(args)  # successor #0 with the forwarded operands


# -- cf.cond_br -----------------------------------------------------------------------------
def _cond_br_parts(op: Any) -> tuple[Value, list[Value], list[Value]]:
    return op.condition, list(op.true_dest_operands), list(op.false_dest_operands)


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
            from hlopt.dialects import arith

            merged.append(rw.create(arith.SelectOp, cond, a, b, result_types=[a.type], location=op.location).result)
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
                    from hlopt.dialects import arith

                    const = rw.create(arith.ConstantOp, value=IntegerAttr(value, i1), result_types=[i1],
                                      location=op.location)
                use.set(const.result)
                rw.modified(use.owner)
                replaced = True
    return replaced


class CondBranchOp(_EditsSuccessorOperands, OpDef, BranchOpInterface):
    name = "cf.cond_br"
    summary = "conditional branch operation"
    condition = operand(Bool)
    true_dest_operands = var_operand()
    false_dest_operands = var_operand()
    branch_weights = opt_attr()
    true_dest = successor()
    false_dest = successor()
    traits = (AttrSizedOperandSegments(), Pure(), Terminator())
    assembly_format = ("$condition `,` $true_dest (`(` $true_dest_operands^ `:` type($true_dest_operands) `)`)? `,` "
                       "$false_dest (`(` $false_dest_operands^ `:` type($false_dest_operands) `)`)? attr-dict")
    type_inference = (FixedType("condition", i1),)

    @staticmethod
    def asm_printable(op: Operation) -> bool:
        """Branch weights have no spelling in this form: the generic form keeps them."""
        return "branch_weights" not in op.properties

    @classmethod
    def successor_operands(cls, op: Operation, index: int) -> list[Value]:
        _, t, f = _cond_br_parts(op)
        return t if index == 0 else f

    @classmethod
    def successor_operand_index(cls, op: Any, index: int) -> tuple[int, int]:
        nt, nf = len(op.true_dest_operands), len(op.false_dest_operands)
        return (1, nt) if index == 0 else (1 + nt, nf)

    @classmethod
    def resize_successor_segments(cls, op: Any, index: int, delta: int) -> None:
        # the trait's segment attribute as stored: called after the operands changed, so
        # the declared groups (read through it) do not match the operands yet
        seg = [size for _, size in cls.operand_segments(op)]
        seg[1 + index] += delta
        cls.set_operand_group_sizes(op, seg)

    @classmethod
    def verify(cls, op: Operation) -> None:
        _, t, f = _cond_br_parts(op)
        _verify_successor_args(op, 0, t)
        _verify_successor_args(op, 1, f)

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_cond_br_const, _cond_br_pass_through, _cond_br_identical, _cond_br_truth, _uniform_block_args)

    @classmethod
    def interpret(cls, op: Any, args: list, ctx: Any) -> tuple[int, list]:
        nt = len(op.true_dest_operands)
        if bool(np.asarray(args[0])):
            return 0, list(args[1:1 + nt])
        return 1, list(args[1 + nt:])


# -- cf.switch ------------------------------------------------------------------------------
# successors are [default, case 0, case 1, ...]; operands are the flag, the
# default's operands, then every case's (case_operand_segments splits them)
_Case = tuple[int, Block, list[Value]]


def _switch_parts(op: Any) -> tuple[Value, list[Value], list[_Case]]:
    """(flag, default operands, [(value, dest, operands)] per case)."""
    cv = op.case_values
    values = list(cv.flat_values()) if cv is not None else []
    case_ops = list(op.caseOperands)
    cases, k = [], 0
    for v, dest, n in zip(values, op.caseDestinations, op.case_operand_segments.values):
        cases.append((v, dest, case_ops[k:k + n]))
        k += n
    return op.flag, list(op.defaultOperands), cases


def _create_switch(rw: Any, flag: Value, default: Block, default_ops: list[Value], cases: list[_Case],
                   loc: Any) -> Operation:
    segments = DenseArrayAttr(IntegerType(32), [len(c[2]) for c in cases])
    values = DenseElementsAttr(VectorType([len(cases)], flag.type), [c[0] for c in cases]) if cases else None
    case_ops = [v for c in cases for v in c[2]]
    return rw.create(SwitchOp, flag, default_ops, case_ops, case_values=values, case_operand_segments=segments,
                     defaultDestination=default, caseDestinations=[c[1] for c in cases], location=loc)


def _replace_switch(op: Operation, rw: Any, default: Block, default_ops: list[Value], cases: list[_Case]) -> bool:
    new = _create_switch(rw, op.operand(0), default, default_ops, cases, op.location)
    rw.replace_op(op, new.results)
    return True


def _branch_to_case(op: Operation, rw: Any, value: int) -> bool:
    """MLIR's foldSwitch: branch to the case holding `value`, else the default."""
    _, d_ops, cases = _switch_parts(op)
    dest, ops = next(((b, o) for v, b, o in cases if v == value), (op.successors[0], d_ops))
    rw.replace_op(op, _create_br(rw, dest, ops, op.location).results)
    return True


@debug_name("")
def _switch_only_default(op: Operation, rw: Any) -> bool:
    _, d_ops, cases = _switch_parts(op)
    if cases:
        return False
    rw.replace_op(op, _create_br(rw, op.successors[0], d_ops, op.location).results)
    return True


@debug_name("")
def _switch_drop_default_cases(op: Operation, rw: Any) -> bool:
    """Cases that branch where the default does, with its operands, go."""
    flag, d_ops, cases = _switch_parts(op)
    default = op.successors[0]
    keep = [c for c in cases if not (c[1] is default and _same_values(c[2], d_ops))]
    return len(keep) != len(cases) and _replace_switch(op, rw, default, d_ops, keep)


@debug_name("")
def _switch_const_flag(op: Operation, rw: Any) -> bool:
    c = int_value(op.operand(0))
    return c is not None and _branch_to_case(op, rw, c)


@debug_name("")
def _switch_pass_through(op: Operation, rw: Any) -> bool:
    flag, d_ops, cases = _switch_parts(op)
    changed = False
    default = op.successors[0]
    r = _collapse(default, d_ops)
    if r is not None:
        default, d_ops = r
        changed = True
    new_cases = []
    for v, b, o in cases:
        r = _collapse(b, o)
        if r is not None:
            b, o = r
            changed = True
        new_cases.append((v, b, o))
    return changed and _replace_switch(op, rw, default, d_ops, new_cases)


def _pred_switch(op: Operation) -> Operation | None:
    """The cf.switch on the same flag that is the only edge into op's block."""
    block = op.parent
    assert block is not None  # a pattern's root is in a block
    preds = block.predecessors
    if len(preds) != 1 or _edge_count(block) != 1:
        return None
    t = preds[0].last_op
    if t is None or t.name != "cf.switch" or t.operand(0) is not op.operand(0):
        return None
    return t


@debug_name("")
def _switch_from_case_of_switch(op: Operation, rw: Any) -> bool:
    """Reached through a case of a switch on the same flag: that case's value."""
    pred = _pred_switch(op)
    if pred is None or pred.successors[0] is op.parent:
        return False
    _, _, cases = _switch_parts(pred)
    value = next(v for v, b, _ in cases if b is op.parent)
    return _branch_to_case(op, rw, value)


@debug_name("")
def _switch_from_default_of_switch(op: Operation, rw: Any) -> bool:
    """Reached through the default of a switch on the same flag: the values
    that switch sends elsewhere cannot occur here."""
    pred = _pred_switch(op)
    if pred is None or pred.successors[0] is not op.parent:
        return False
    _, _, pred_cases = _switch_parts(pred)
    gone = {v for v, b, _ in pred_cases if b is not op.parent}
    _, d_ops, cases = _switch_parts(op)
    keep = [c for c in cases if c[0] not in gone]
    return len(keep) != len(cases) and _replace_switch(op, rw, op.successors[0], d_ops, keep)


def _same_values(a: list[Value], b: list[Value]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))


class SwitchOp(_EditsSuccessorOperands, OpDef, BranchOpInterface):
    name = "cf.switch"
    summary = "switch operation"
    flag = operand(AnySignless)
    defaultOperands = var_operand()
    caseOperands = var_operand()
    case_values = opt_attr(IntElements)
    case_operand_segments = attr(DenseArrayOf(32))
    defaultDestination = successor()
    caseDestinations = var_successor()
    traits = (AttrSizedOperandSegments(), Pure(), Terminator())

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, SwitchOp)  # (the type checker's view of the accessors below)
        segs = op.case_operand_segments.values
        nc = len(op.caseOperands)
        if any(n < 0 for n in segs):
            raise op_error(op, "'case_operand_segments' attribute cannot have negative elements")
        if sum(segs) != nc:
            raise op_error(op, f"caseOperands count ({nc}) does not match with the total size ({sum(segs)}) "
                               "specified in attribute 'case_operand_segments'")
        cv = op.case_values
        n_dest = len(op.successors) - 1
        if cv is None and n_dest == 0:
            return
        if cv is None:
            raise op_error(op, f"number of case values (0) should match number of case destinations ({n_dest})")
        flag_t = op.operand(0).type
        if cv.element_type is not flag_t:
            raise op_error(op, f"'flag' type ('{flag_t.text}') should match case value type "
                               f"('{cv.element_type.text}')")
        if len(cv.flat_values()) != n_dest:
            raise op_error(op, f"number of case values ({len(cv.flat_values())}) should match number of case "
                               f"destinations ({n_dest})")
        if len(segs) != n_dest:  # (MLIR accepts this and mis-prints it; hlopt would misread the operands)
            raise op_error(op, f"number of case operand segments ({len(segs)}) should match number of case "
                               f"destinations ({n_dest})")
        for i in range(len(op.successors)):
            first, n = cls.successor_operand_index(op, i)
            _verify_successor_args(op, i, op.operands[first:first + n])

    @classmethod
    def successor_operand_index(cls, op: Any, index: int) -> tuple[int, int]:
        nd = len(op.defaultOperands)
        if index == 0:
            return 1, nd
        segs = op.case_operand_segments.values
        return 1 + nd + sum(segs[:index - 1]), segs[index - 1]

    @classmethod
    def resize_successor_segments(cls, op: Any, index: int, delta: int) -> None:
        seg = [size for _, size in cls.operand_segments(op)]  # as stored (see CondBranchOp's)
        seg[1 if index == 0 else 2] += delta
        if index:
            cs = list(op.case_operand_segments.values)
            cs[index - 1] += delta
            op.set_attr("case_operand_segments", DenseArrayAttr(IntegerType(32), cs))
        cls.set_operand_group_sizes(op, seg)

    # -- custom form (custom in MLIR too):
    #   cf.switch %flag : i32, [
    #     default: ^bb1(%a : i32),
    #     42: ^bb2
    #   ] {attrs}
    @staticmethod
    def parse_asm(p: Any) -> dict:
        flag = p.parse_operand()
        p.parse_colon()
        t = p.parse_type()
        p.parse_comma()
        p.parse_punct("[")
        p.parse_keyword("default")
        p.parse_colon()
        default = (p.parse_successor(), *_parse_succ_operands(p))
        cases = []
        while p.parse_optional_punct(","):
            at = p.location()
            v = p.parse_optional_integer()
            if v is None:
                raise p.error("expected integer value", at)
            p.parse_colon()
            cases.append((v, p.parse_successor(), *_parse_succ_operands(p)))
        p.parse_punct("]")
        return {"flag": flag, "type": t, "default": default, "cases": cases, "attrs": p.parse_optional_attr_dict()}

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        t = r.type(st["type"])
        if not isinstance(t, IntegerType):  # MLIR's custom parser takes no index flag (the generic form does)
            raise r.error(f"custom op 'cf.switch' invalid kind of type specified: expected builtin.integer, "
                          f"but found '{t.text}'", st["type"].pos)
        flag = r.operand(st["flag"], t)
        d_dest, d_refs, d_types, d_pos = st["default"]
        d_ops = r.operands(d_refs, r.types(d_types), d_pos)
        cases = [(v, r.successor(b), r.operands(refs, r.types(ts), pos)) for v, b, refs, ts, pos in st["cases"]]
        case_ops = [v for _, _, o in cases for v in o]
        segments = DenseArrayAttr(IntegerType(32), [len(o) for _, _, o in cases])
        values = DenseElementsAttr(VectorType([len(cases)], t), [_wrap_signed(v, t.width) for v, _, _ in cases]) \
            if cases else None
        a = r.attr(st["attrs"]) if st["attrs"] is not None else None
        return SwitchOp.build(flag, d_ops, case_ops, case_values=values, case_operand_segments=segments, attributes=a,
                              defaultDestination=r.successor(d_dest), caseDestinations=[b for _, b, _ in cases])

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        if any(k not in ("operandSegmentSizes", "case_values", "case_operand_segments")
               for k, _ in op.properties.entries):
            return False
        assert isinstance(op, SwitchOp)  # (the type checker's view of the accessors below)
        cv = op.case_values
        if cv is not None and not isinstance(cv.type, VectorType) and len(op.successors) > 1:
            return False  # the custom form re-creates the values as a vector
        flag, d_ops, cases = _switch_parts(op)
        p.write(" ")
        p.print_operand(flag)
        p.write(" : ")
        p.print_type(flag.type)
        p.write(", [")
        p.increase_indent()
        p.print_newline()
        p.write("default: ")
        _print_succ(p, op.successors[0], d_ops)
        for v, b, o in cases:
            p.write(",")
            p.print_newline()
            p.write(f"{v}: ")
            _print_succ(p, b, o)
        p.decrease_indent()
        if cases:
            p.print_newline()
        p.write("]")
        p.print_optional_attr_dict(op.attributes)
        return True

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_uniform_block_args, _switch_only_default, _switch_drop_default_cases, _switch_const_flag, _switch_pass_through,
                _switch_from_case_of_switch, _switch_from_default_of_switch)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> tuple[int, list]:
        t = op.operand(0).type
        flag = int(np.asarray(args[0]))
        if isinstance(t, IntegerType) and t.width > 0:  # case values are held signed: compare bit patterns
            m = 1 << t.width
            flag %= m
            if flag >= m >> 1 and t.width > 1:
                flag -= m
        _, d_ops, cases = _switch_parts(op)
        nd = len(d_ops)
        k = 1 + nd
        for i, (v, _, o) in enumerate(cases):
            if flag == v or (t is i1 and flag % 2 == v % 2):
                return i + 1, list(args[k:k + len(o)])
            k += len(o)
        return 0, list(args[1:1 + nd])


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
    arg = operand(Bool)
    msg = attr(Str)
    assembly_format = "$arg `,` $msg attr-dict"
    type_inference = (FixedType("arg", i1),)

    @classmethod
    def effects(cls, op: Operation) -> list[Effect]:
        return [Effect(WRITE)]

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_assert_true,)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        if not bool(np.asarray(args[0])):
            raise interp_values.InterpError(f"assertion failed: {op.properties.get('msg').value}", op)
        return []


# -- shared verification and syntax ------------------------------------------------------
def _verify_successor_args(op: Operation, index: int, operands: list[Value]) -> None:
    dest = op.successors[index]
    if len(operands) != len(dest.args):
        raise IRError(f"branch has {len(operands)} operands for successor #{index}, but target block has "
                      f"{len(dest.args)}", op)
    for i, (v, a) in enumerate(zip(operands, dest.args)):
        if v.type is not a.type:
            raise IRError(f"type mismatch for bb argument #{i} of successor #{index}", op)


def _print_succ(p: Any, block: Block, operands: list[Value]) -> None:
    """`^bb1(%a, %b : i32, f32)` (MLIR's printSuccessorAndUseList)."""
    p.print_successor(block)
    if operands:
        p.write("(")
        p.print_operands(operands)
        p.write(" : ")
        p.print_types([v.type for v in operands])
        p.write(")")


def _parse_succ_operands(p: Any) -> tuple[list, list, int]:
    """`(%a, %b : i32, f32)` after a successor, or nothing: (operands, types, position)."""
    at = p.location()
    if not p.parse_optional_punct("("):
        return [], [], at
    refs = p.parse_operand_list()
    p.parse_colon()
    types = p.parse_type_list()
    p.parse_punct(")")
    return refs, types, at


def _wrap_signed(v: int, width: int) -> int:
    """A case value as MLIR's APInt of the flag's width holds it (signed)."""
    if width <= 0:
        return v
    m = 1 << width
    v %= m
    return v - m if v >= m >> 1 and width > 1 else v


DIALECT = Dialect("cf", ops=(BranchOp, CondBranchOp, SwitchOp, AssertOp))
