"""Structural and op-specific verification (MLIR's OperationVerifier).

Checks, per op in pre-order: the op definition's own rules, terminators of
registered ops, successors staying in their region, isolation from above;
then SSA dominance (same-block order, ancestor regions, CFG dominance for
multi-block regions).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from operator import attrgetter, itemgetter
from typing import Any

from hlopt.ir.attributes import DictionaryAttr
from hlopt.ir.context import current_context
from hlopt.ir.core import Block, BlockArgument, IRError, Operation, OpResult, Region, Value
from hlopt.ir.interfaces import CallableOpInterface, may_be_graph_region
from hlopt.ir.opdef import ISOLATED, NO_TERMINATOR, SYMBOL_TABLE, TERMINATOR
from hlopt.ir.symbols import SymbolCache, nearest_symbol_table

# the empty dictionary (uniqued: every op without discardable attributes has this one)
_EMPTY_DICT = DictionaryAttr()


def verify(top: Operation) -> None:
    """Raise IRError for the first problem found.

    A module that verifies (the usual case: the verifier runs after every
    pass) takes one walk doing the op checks, isolation and dominance
    together (`_Walk`). That walk reports problems in whatever order it
    meets them, so when it finds one, the ordered walks below run again from
    the start and raise the first problem in MLIR's order (op checks in
    pre-order, then region checks innermost first, then dominance)."""
    try:
        _Walk().op(top)
    except Exception as e:  # noqa: BLE001 - any failure: the ordered walks say which error is first
        first = e
    else:
        return
    _verify_ordered(top)
    raise first  # the ordered walks found nothing the one walk did: should not happen


def _verify_ordered(top: Operation) -> None:
    """The reference verifier: op checks, then region checks, then dominance."""
    symbols = SymbolCache()
    after_regions: list = []  # ops whose verify_regions runs once their nested ops verified
    seen: set = set()  # local_verify ops already found valid (ids of live objects)
    hooks: dict = {}  # discardable attribute name -> its dialect's hook (or None)
    for op in top.walk(post_order=False):
        d = op.opdef  # bound when the op was made, whatever the context now
        key = None
        if op.regions or op.successors:
            _verify_structure(op, d)
        else:
            _verify_operands(op)
            if d is not None and d.local_verify:
                key = tuple(map(id, (d, op.properties, op.attributes, *[o.value.type for o in op._operands], None,
                                     *[r.type for r in op.results])))
        if op.attributes:
            # dialect hooks may look beyond the op (e.g. a mesh symbol): never skipped
            _verify_operation_attributes(op, hooks)  # MLIR checks these before the op's own rules
        if key is not None and key in seen:
            continue
        if d is not None:
            if _op_checker(d)(op, symbols):
                after_regions.append((op, d))
            if key is not None:
                seen.add(key)
    for op, d in reversed(after_regions):  # innermost first, as MLIR's verifyRegionInvariants
        for t in _region_traits(d):
            t(op)
        d.verify_regions(op)
    _verify_dominance(top)


# how the one walk checks a region-less op of a class (its plan's first entry)
_NONE, _ALWAYS, _LOCAL, _SYMBOLS, _PARENT = "none", "always", "local", "symbols", "parent"


class _Walk:
    """One pre-order walk doing, per op, what the ordered walks do apart:
    null operands, isolation from above, dominance, dialect hooks on
    discardable attributes and the op's own checks (local_verify ops once
    per distinct types/properties/inherent attributes). An operand defined
    earlier in the op's block, or in a block enclosing it before the op's
    ancestor there (within the nearest isolated ancestor), is in its
    isolated region and dominates the use: two comparisons of op order
    numbers (computed once per block), no walk up the parents. Any other
    operand takes the general checks. Raises on the first problem it meets,
    in any order."""

    __slots__ = ("symbols", "after", "hooks", "cache", "checkers", "classes", "region_plans",
                 "terminators", "symtab")

    def __init__(self) -> None:
        self.symbols = SymbolCache()
        self.after: list = []  # ops whose verify_regions runs once their nested ops verified
        self.hooks: dict = {}  # discardable attribute name -> its dialect's hook (or None)
        self.cache: dict = {}  # dominance: per region, graph-ness and the CFG dominators
        self.checkers: dict = {}  # op class -> its compiled checks
        self.classes: dict = {}  # an op's class -> its plan (_plan)
        self.region_plans: dict = {}  # an op's class -> its plan for an op with regions (_region_plan)
        self.terminators: dict = {}  # an op's class -> whether it may end a block
        self.symtab: Operation | None = None  # the nearest symbol table above the ops being walked

    def op(self, top: Operation) -> None:
        self.symtab = nearest_symbol_table(top)
        self._with_regions(top, None, {}, top)
        for op, post in reversed(self.after):  # innermost first, as MLIR's verifyRegionInvariants
            for f in post:
                f(op)

    def _checker(self, d) -> Callable[[Operation, SymbolCache], bool]:
        check = self.checkers.get(d)
        if check is None:
            check = self.checkers[d] = _op_checker(d)
        return check

    def _with_regions(self, op: Operation, iso: Region | None, anc: dict, top: Operation | None = None) -> None:
        """An op with regions or successors (or the top op): the general
        checks, then its regions' blocks."""
        cls = op.__class__
        plan = self.region_plans.get(cls)
        if plan is None:
            plan = self.region_plans[cls] = self._region_plan(op.opdef)
        d, check, post, isolated, needs_term, symbol_table, inherent, memo = plan
        cache = self.cache
        b = op.parent if top is None else None  # the top op's operands: the general checks
        k = op._order
        for o in op._operands:
            v = o.value
            if b is not None:
                if type(v) is OpResult:
                    ow = v.owner
                    pb = ow.parent
                    if pb is b:
                        if ow._order < k:
                            continue
                    else:
                        pos = anc.get(pb)
                        if pos is not None and ow._order < pos:
                            continue
                elif type(v) is BlockArgument:
                    if v.owner is b or v.owner in anc:
                        continue
            _check_operand(op, v, iso, cache)
        regions = op.regions
        # _verify_structure's checks; it runs (and raises) only when one fails
        if op.successors:
            _verify_structure(op, d, isolation=False)
        if needs_term:
            terminators = self.terminators
            for r in regions:
                for blk in r.blocks:
                    last = blk._last
                    if last is None:
                        _verify_structure(op, d, isolation=False)  # (raises: an empty block)
                        continue
                    ok = terminators.get(last.__class__)
                    if ok is None:
                        ld = last.opdef  # an unregistered op might be a terminator (MLIR's mightHaveTerminator)
                        ok = terminators[last.__class__] = ld is None or TERMINATOR in ld.traits
                    if not ok:
                        _verify_structure(op, d, isolation=False)
        if symbol_table:
            _check_symbol_table(op)
        attrs = op.attributes
        ak = None
        if attrs is not _EMPTY_DICT:
            _verify_operation_attributes(op, self.hooks)
            if not inherent.isdisjoint([name for name, _ in attrs.entries]):
                ak = attrs
        if memo is not None and not op.successors:
            # a local_verify op with regions: its checks (and those after the nested ops) read its own
            # types, properties and inherent attributes, its blocks' arguments and last ops
            key = (op.properties, ak, tuple(map(_VALUE_TYPE, op._operands)), tuple(map(_TYPE, op.results)),
                   _region_shape(regions))
            if key in memo:
                check = None
                post = ()
            else:
                memo.add(key)
        if check is not None:
            check(op, self.symbols)
        if not regions:
            return
        if post:
            self.after.append((op, post))
        if isolated:
            if symbol_table:
                outer, self.symtab = self.symtab, op  # the nearest symbol table of the ops inside
                for r in regions:
                    for blk in r.blocks:
                        self._block(blk, r, {})
                self.symtab = outer
            else:
                for r in regions:
                    for blk in r.blocks:
                        self._block(blk, r, {})
            return
        if symbol_table:  # (not isolated: rare) the general way
            outer, self.symtab = self.symtab, op
            anc = dict(anc)
            if b is not None:
                b._ensure_order()
                anc.setdefault(b, op._order)
            for r in regions:
                for blk in r.blocks:
                    self._block(blk, iso, anc)
            self.symtab = outer
            return
        if b is not None and b not in anc:
            # what this block defines before `op` dominates its regions (its order numbers:
            # valid, the block's walk numbered them before reaching `op`)
            anc[b] = k
            for r in regions:
                for blk in r.blocks:
                    self._block(blk, iso, anc)
            del anc[b]
        else:
            for r in regions:
                for blk in r.blocks:
                    self._block(blk, iso, anc)

    def _region_plan(self, d) -> tuple:
        """(d, its compiled checks, its checks after the nested ops, isolated,
        needs terminators, symbol table, inherent names and memo as _plan's)
        of an op class with regions."""
        if d is None:
            return None, None, (), False, False, False, frozenset(), None
        traits = d.traits
        post = _region_traits(d) + ((d.verify_regions,) if _overrides_verify_regions(d) else ())
        local = bool(d.local_verify)
        return (d, self._checker(d), post, ISOLATED in traits,
                NO_TERMINATOR not in traits and _expects_terminator(d), SYMBOL_TABLE in traits,
                _inherent_names(d) if local else frozenset(), set() if local else None)

    def _block(self, b: Block, iso: Region | None, anc: dict) -> None:
        if not b._order_valid:
            b._ensure_order()
        symbols, classes, outer, first = self.symbols, self.classes, self._outer, _FIRST
        empty, none, always, local, symbolic = _EMPTY_DICT, _NONE, _ALWAYS, _LOCAL, _SYMBOLS  # (locals: per op)
        value_type, type_of = _VALUE_TYPE, _TYPE
        r = b.parent
        p = r.parent if r is not None else None
        parent = p.name if p is not None else None  # (HasParent's reading, for _PARENT keys)
        op = b._first
        while op is not None:
            if op.regions or op.successors:
                self._with_regions(op, iso, anc)
                op = op._next
                continue
            ods: Any = op._operands  # (Any: an operand's value is read as a result or an argument)
            if ods:
                k = op._order
                for o in ods:
                    # the usual operand: an earlier op's result or an argument of this block
                    # (a block argument's owner is its block, whose parent is a region)
                    ow = o.value.owner  # (a null operand raises here: the ordered walks report it)
                    if ow.parent is b:
                        if ow._order < k:
                            continue
                    elif ow is b:
                        continue
                    outer(op, o.value, b, iso, anc)
            cls = op.__class__
            plan = classes.get(cls)
            if plan is None:
                plan = classes[cls] = self._plan(op.opdef)
            kind, check, inherent, memo, plain = plan
            attrs = op.attributes
            ak = None
            # discardable attributes: nothing to do when every name is one without a dialect hook
            # that the class's checks do not read (one set test), else the hooks run
            if attrs is not empty and not plain.issuperset(map(first, attrs.entries)):
                ak = self._attributes(op, attrs, inherent, plain)
            if kind is always:
                check(op, symbols)
            elif kind is not none:
                # the memo key: what the checks read (one result and up to two operands: no lists)
                rs = op.results
                key: tuple
                if len(rs) == 1:
                    if not ods:
                        key = (op.properties, ak, rs[0].type)
                    elif len(ods) == 1:
                        key = (op.properties, ak, rs[0].type, ods[0].value.type)
                    elif len(ods) == 2:
                        key = (op.properties, ak, rs[0].type, ods[0].value.type, ods[1].value.type)
                    else:
                        key = (op.properties, ak, None, tuple(map(value_type, ods)), rs[0].type)
                else:
                    key = (op.properties, ak, None, tuple(map(value_type, ods)), tuple(map(type_of, rs)))
                if kind is not local:
                    if kind is symbolic:
                        key = (self.symtab, key)  # symbols resolve from the nearest symbol table
                    else:  # HasParent reads the parent's name, Terminator whether the op ends its block
                        key = (parent, op._next is None, key)
                if key not in memo:
                    check(op, symbols)
                    memo.add(key)
            op = op._next

    def _attributes(self, op: Operation, attrs: DictionaryAttr, inherent: frozenset, plain: set) -> DictionaryAttr | None:
        """Run the dialect hooks of an op's discardable attributes (they may
        look beyond the op: never memoized); the dictionary if it names an
        inherent attribute (then part of the memo key), else None. Names
        without a hook that the class does not read join `plain`."""
        hooks = self.hooks
        ak = None
        for name, attr in attrs.entries:
            hook = hooks.get(name, hooks)
            if hook is hooks:
                hook = hooks[name] = _hook(name, "verify_operation_attribute")
            if hook is not None:
                hook(op, name, attr)
            if name in inherent:
                ak = attrs
            elif hook is None:
                plain.add(name)
        return ak

    def _outer(self, op: Operation, v: Any, b: Block, iso: Region | None, anc: dict) -> None:
        """An operand defined outside the op's block: in an enclosing block
        before the op's ancestor there, or the general checks."""
        t = type(v)
        if t is OpResult:
            ow = v.owner
            pos = anc.get(ow.parent)
            if pos is not None and ow._order < pos:
                return
        elif t is BlockArgument and v.owner in anc:
            return
        _check_operand(op, v, iso, self.cache)

    def _plan(self, d) -> tuple:
        """How to check a region-less op of class d (None: unregistered):
        (kind, compiled checks, names whose presence in the discardable
        dictionary puts it in the memo key, the memo of keys found valid,
        the discardable names seen that need nothing: no hook, not read)."""
        if d is None:
            return _NONE, None, frozenset(), None, set()
        kind = (_LOCAL if d.local_verify else _SYMBOLS if d.symbol_verify else
                _PARENT if _parent_local(d) else _ALWAYS)
        if kind is _ALWAYS:
            return kind, self._checker(d), frozenset(), None, set()
        return kind, self._checker(d), _inherent_names(d), set(), set()  # (the memo of keys found valid)


def _parent_local(d) -> bool:
    """Whether class d's checks read only what local_verify allows, its
    parent op's name (HasParent) and whether it ends its block (Terminator):
    its declaration and traits alone, no verify or inferred types of its own
    (e.g. scf.yield, stablehlo.return)."""
    from hlopt.ir.opdef import OpDef
    from hlopt.ir.traits import HasParent, Terminator, Trait

    if d.region_defs or d.successor_defs or getattr(d, "infer_result_types", None) is not None:
        return False
    if not (_same_method(d, "verify", OpDef) and _same_method(d, "verify_declaration", OpDef)):
        return False
    if issubclass(d, CallableOpInterface):
        return False
    checked = [t for t in d.trait_objects if type(t).verify is not Trait.verify]
    return bool(checked) and all(type(t).verify in (HasParent.verify, Terminator.verify) for t in checked)


_VALUE_TYPE = attrgetter("value.type")  # an operand's type
_FIRST = itemgetter(0)  # a dictionary entry's name
_TYPE = attrgetter("type")


def _region_shape(regions) -> tuple:
    """What a local_verify op's checks may read of its regions: per region
    its block count, per block the argument types and the last op (class,
    name, operand types)."""
    shape: list = []
    for r in regions:
        blocks = r.blocks
        shape.append(len(blocks))
        for b in blocks:
            shape.append(tuple(map(_TYPE, b.args)))
            last = b._last
            if last is None:
                shape.append(None)
            else:
                shape += (last.__class__, last.name, tuple(map(_VALUE_TYPE, last._operands)))
    return tuple(shape)


def _inherent_names(d) -> frozenset:
    """Names an op class's checks may read from the discardable dictionary:
    its declared attributes (found there when not in the properties), the
    segment sizes, and any name its verify mentions (local_verify classes
    read no other discardable attribute)."""
    cached = d.__dict__.get("_inherent_names")
    if cached is not None:
        return cached
    names = {f.name for f in d.attr_defs} | {"operandSegmentSizes", "resultSegmentSizes"}
    code = getattr(getattr(d.verify, "__func__", None), "__code__", None)
    stack = [code] if code is not None else []
    while stack:
        c = stack.pop()
        for k in c.co_consts:
            if isinstance(k, str):
                names.add(k)
            elif hasattr(k, "co_consts"):
                stack.append(k)
    cached = frozenset(names)
    type.__setattr__(d, "_inherent_names", cached)
    return cached


def _check_operand(op: Operation, v: Value | None, iso: Region | None, cache: dict) -> None:
    """The general checks of one operand: present, defined inside the
    nearest isolated ancestor's region `iso`, dominating the use."""
    if v is None:
        raise IRError("null operand found", op)
    if iso is not None and not _defined_in(v, iso):
        raise IRError("using value defined outside the region", op)
    if not _dominates(v, op, cache):
        raise IRError("operand does not dominate this use", op)


def _op_checker(d) -> Callable[[Operation, SymbolCache], bool]:
    check = d.__dict__.get("_op_checker")
    if check is None:
        check = _compile_op_checker(d)
        type.__setattr__(d, "_op_checker", check)
    return check


def _compile_op_checker(d) -> Callable[[Operation, SymbolCache], bool]:
    """One op's checks, resolved once per class into one function: its
    declaration, its verify (with the symbol cache when it takes one);
    True when its verify_regions must run after the nested ops. Steps the
    class does not have (no trait check, the default verify) are left out
    instead of called."""
    from hlopt.ir.opdef import OpDef, compiled, declaration_parts

    own = d.verify
    with_symbols = len(inspect.signature(own).parameters) >= 2
    after = _overrides_verify_regions(d) or bool(_region_traits(d))
    env: dict = {"cls": d, "own": own, "argattrs": _verify_argument_attributes}
    lines = ["def check(op, symbols):"]
    if _same_method(d, "verify_declaration", OpDef):
        structural, fields, slow, traits, infer = declaration_parts(d)
        for i, t in enumerate(structural):
            env[f"s{i}"] = t
            lines.append(f"    s{i}(op)")
        if slow is not None:
            env["fields"], env["slow"] = fields, slow
            lines.append("    slow(cls, op)" if fields is None else "    if not fields(op): slow(cls, op)")
        for i, t in enumerate(traits):
            env[f"t{i}"] = t
            lines.append(f"    t{i}(op)")
        if infer is not None:
            env["infer"] = infer
            lines.append("    infer(op)")
    else:  # a class adding to its declaration's checks
        env["declaration"] = d.verify_declaration
        lines.append("    declaration(op)")
    if issubclass(d, CallableOpInterface):  # FunctionOpInterface's trait, before verify()
        lines.append("    argattrs(op, cls)")
    if not _same_method(d, "verify", OpDef):
        lines.append("    own(op, symbols)" if with_symbols else "    own(op)")
    lines.append("    return bool(op.regions)" if after else "    return False")
    exec(compiled("\n".join(lines)), env)  # noqa: S102 - the source is the fixed lines above
    return env["check"]


def _same_method(d, name: str, base) -> bool:
    """Whether class `d` inherits classmethod `name` from `base` unchanged."""
    return getattr(getattr(d, name), "__func__", None) is vars(base)[name].__func__


def _hook(name: str, which: str):
    """The dialect hook `which` for an attribute `<dialect>.x` (None if none)."""
    if "." not in name:
        return None
    d = current_context().loaded_dialect(name.split(".", 1)[0])
    return getattr(d, which, None) if d is not None else None


def _verify_operation_attributes(op: Operation, hooks: dict | None = None) -> None:
    """MLIR's verifyOperationAttribute hook for each discardable `<dialect>.x`
    (`hooks`: name -> hook, filled as names are met, for one verify run)."""
    for name, attr in op.attributes.entries:
        if hooks is None:
            hook = _hook(name, "verify_operation_attribute")
        else:
            hook = hooks.get(name, hooks)
            if hook is hooks:
                hook = hooks[name] = _hook(name, "verify_operation_attribute")
        if hook is not None:
            hook(op, name, attr)


_DEFAULT_ARG_ATTRS = vars(CallableOpInterface)["arg_attrs"].__func__
_DEFAULT_RES_ATTRS = vars(CallableOpInterface)["res_attrs"].__func__


def _verify_argument_attributes(op: Operation, d) -> None:
    """verifyRegionArgAttribute / verifyRegionResultAttribute for the
    `<dialect>.x` attributes of a function-like op's arguments and results."""
    if (getattr(d.arg_attrs, "__func__", None) is _DEFAULT_ARG_ATTRS
            and getattr(d.res_attrs, "__func__", None) is _DEFAULT_RES_ATTRS):
        props = op.properties  # (what the defaults read: no arrays, no dictionaries to check)
        if props.get("arg_attrs") is None and props.get("res_attrs") is None:
            return
    for which, dicts in (("verify_region_arg_attribute", d.arg_attrs(op)),
                         ("verify_region_result_attribute", d.res_attrs(op))):
        for i, attrs in enumerate(dicts):
            for name, attr in attrs.entries if attrs is not None else ():
                hook = _hook(name, which)
                if hook is not None:
                    hook(op, 0, i, name, attr)


def _region_traits(d) -> tuple:
    """The op's traits with checks after the nested ops (MLIR's region traits)."""
    from hlopt.ir.traits import Trait

    r = d.__dict__.get("_region_traits")
    if r is None:
        r = tuple(t.verify_regions for t in d.trait_objects if type(t).verify_regions is not Trait.verify_regions)
        type.__setattr__(d, "_region_traits", r)
    return r


def _overrides_verify_regions(d) -> bool:
    from hlopt.ir.opdef import OpDef

    return not _same_method(d, "verify_regions", OpDef)


def _verify_operands(op: Operation) -> None:
    for i, o in enumerate(op._operands):
        if o.value is None:
            raise IRError(f"null operand found (operand #{i})", op)


def _verify_structure(op: Operation, d, isolation: bool = True) -> None:
    _verify_operands(op)
    for s in op.successors:
        if s.parent is not op.parent_region:
            raise IRError("branching to block of a different region", op)
    if op.successors and d is not None and TERMINATOR not in d.traits:
        raise IRError("operation with block successors must terminate its parent block", op)
    if not op.regions:
        return
    isolated = d is not None and ISOLATED in d.traits
    needs_term = d is not None and NO_TERMINATOR not in d.traits and _expects_terminator(d)
    for ri, r in enumerate(op.regions):
        for b in r.blocks:
            if needs_term:
                last = b.last_op
                # an unregistered op might be a terminator (MLIR's mightHaveTerminator)
                last_def = last.opdef if last is not None else None
                if last is None or (last_def is not None and TERMINATOR not in last_def.traits):
                    if last is None:
                        raise IRError("empty block: expect at least a terminator", op)
                    raise IRError("block with no terminator, has " + _describe(last), last)
        if isolated and isolation:
            _check_isolated(op, r, ri)
    if d is not None and SYMBOL_TABLE in d.traits:
        _check_symbol_table(op)


def _check_symbol_table(op: Operation) -> None:
    """MLIR's SymbolTable trait: symbol names unique among the region's ops."""
    seen: dict[str, Operation] = {}
    for r in op.regions:
        for b in r.blocks:
            for o in b.ops:
                n = o.properties.get("sym_name") or o.attributes.get("sym_name")
                if n is None or not hasattr(n, "value"):
                    continue
                key = n.value
                prev = seen.get(key)
                if prev is not None:
                    name = key.decode("utf-8", "replace") if isinstance(key, bytes) else key
                    raise IRError(f"redefinition of symbol named '{name}'", o,
                                  notes=[("see existing symbol definition here", prev)])
                seen[key] = o


def _expects_terminator(d) -> bool:
    return getattr(d, "requires_terminator", True)


def _describe(op: Operation) -> str:
    return f'"{op.name}"'


def _check_isolated(op: Operation, region: Region, index: int) -> None:
    # pre-order with an explicit stack; nested isolated ops check their own
    # regions (whatever they use is inside them, hence inside `region`), so
    # each op is visited once per nearest isolated ancestor, not per ancestor
    stack: list[Operation] = []
    for b in reversed(region.blocks):
        stack.extend(reversed(list(b.ops)))
    while stack:
        nested = stack.pop()
        for o in nested._operands:
            if not _defined_in(o.value, region):
                raise IRError("using value defined outside the region", nested,
                              notes=[("required by region isolation constraints", op)])
        d = nested.opdef
        if d is not None and ISOLATED in d.traits:
            continue
        for r in reversed(nested.regions):
            for b in reversed(r.blocks):
                stack.extend(reversed(list(b.ops)))


def _defined_in(v: Value, region: Region) -> bool:
    b = v.parent_block
    r = b.parent if b is not None else None
    if r is None:
        return False
    return r is region or (r.parent is not None and region.is_ancestor_of(r.parent))


def _verify_dominance(top: Operation) -> None:
    dom_cache: dict[Region, dict[Block, set[Block]]] = {}
    for op in top.walk(post_order=False):
        for i, o in enumerate(op._operands):
            v = o.value
            if not _dominates(v, op, dom_cache):
                raise IRError(f"operand #{i} does not dominate this use", op, notes=[_dominance_note(op, v)])


def _proper_ancestor(outer: Region | None, inner: Region | None) -> bool:
    r = inner
    while r is not None:
        p = r.parent
        r = p.parent_region if p is not None else None
        if r is outer:
            return True
    return False


def _dominance_note(op: Operation, v: Value) -> tuple:
    """MLIR's diagnoseInvalidOperandDominance note."""
    b1 = op.parent
    r1 = b1.parent if b1 is not None else None
    if isinstance(v, BlockArgument):
        b2 = v.owner
        r2 = b2.parent if b2 is not None else None
        idx = r2.blocks.index(b2) if r2 is not None and b2 in r2.blocks else 0
        if r1 is r2:
            where = "the same region"
        elif _proper_ancestor(r2, r1):
            where = "a parent region"
        elif _proper_ancestor(r1, r2):
            where = "a child region"
        else:
            where = "neither a parent nor a child region"
        return (f"operand defined as a block argument (block #{idx} in {where})", v.location or b2.parent_op)
    assert isinstance(v, OpResult)  # a value is a block argument or an op result
    rb2 = v.owner.parent
    r2 = rb2.parent if rb2 is not None else None
    if b1 is rb2:
        where = "op in the same block"
    elif r1 is r2:
        where = "op in the same region"
    elif _proper_ancestor(r2, r1):
        where = "op in a parent region"
    elif _proper_ancestor(r1, r2):
        where = "op in a child region"
    else:
        where = "op is neither in a parent nor in a child region"
    return (f"operand defined here ({where})", v.owner)


def _dominates(v: Value, user: Operation, cache: dict) -> bool:
    def_block = v.parent_block
    if def_block is None:
        return False
    # find the ancestor of `user` that lives in def_block
    anc: Operation | None = user
    while anc is not None and anc.parent is not def_block:
        anc = anc.parent_op
    if anc is None:
        # not nested under the defining block: may still be dominated via the CFG
        region = def_block.parent
        o: Operation | None = user
        while o is not None and o.parent_region is not region:
            o = o.parent_op
        if o is None or o.parent is None or region is None:
            return False  # (the last two: a detached block, dominating nothing)
        return _block_dominates(def_block, o.parent, region, cache)
    if isinstance(v, BlockArgument):
        return True
    region = def_block.parent
    graph = cache.get(id(region))  # per region, once per verify (the IR does not change meanwhile)
    if graph is None:
        graph = cache[id(region)] = may_be_graph_region(region)
    if graph:
        return True  # a graph region: any op of the block, itself included, may use the value
    assert isinstance(v, OpResult)  # a value is a block argument or an op result
    if anc is v.owner:
        return False  # an op cannot use its own result (outside graph regions)
    return v.owner.is_before_in_block(anc)


def _block_dominates(a: Block, b: Block, region: Region, cache: dict) -> bool:
    if a is b:
        return True
    doms = cache.get(region)
    if doms is None:
        doms = cache[region] = _dominators(region)
    if b not in doms:  # uses in unreachable blocks are not checked (as in MLIR)
        return True
    return a in doms[b]


def _dominators(region: Region) -> dict[Block, set[Block]]:
    blocks = region.blocks
    entry = blocks[0]
    preds: dict[Block, list[Block]] = {b: [] for b in blocks}
    for b in blocks:
        for s in b.successors:
            if s in preds:
                preds[s].append(b)
    reachable = {entry}
    work = [entry]
    while work:
        for s in work.pop().successors:
            if s in preds and s not in reachable:
                reachable.add(s)
                work.append(s)
    blocks = [b for b in blocks if b in reachable]
    for b in blocks:
        preds[b] = [p for p in preds[b] if p in reachable]
    allset = set(blocks)
    dom = {b: set(allset) for b in blocks}
    dom[entry] = {entry}
    changed = True
    while changed:
        changed = False
        for b in blocks[1:]:
            ps = [dom[p] for p in preds[b]]
            new = set.intersection(*ps) if ps else set()
            new = new | {b}
            if new != dom[b]:
                dom[b] = new
                changed = True
    return dom
