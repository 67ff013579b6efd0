"""The greedy pattern rewrite driver (MLIR's GreedyPatternRewriteDriver) and
the constant folder it uses (MLIR's OperationFolder).

Patterns
--------
A pattern is an object with `root` (the op name it applies to, or None for
any op), `benefit` (higher is tried first) and
`match_and_rewrite(op, rewriter) -> bool`. It either returns False leaving
the IR untouched, or changes the IR through `rewriter` (a
`hlopt.ir.rewriter.Rewriter`: create/replace/erase/move, `modified(op)`
after in-place changes) and returns True. Subclass `RewritePattern`, or
decorate a function:

    @pattern("arith.addi", benefit=1)
    def add_of_add_const(op, rewriter) -> bool: ...

Dialects declare the patterns of an op with the OpDef classmethod
`canonicalization_patterns()` (default: none); `--canonicalize` gathers
them from the ops of the loaded dialects (`canonicalization_patterns_for`).

Folding
-------
`OpDef.fold(op)` returns None (no fold), an empty list or the op's own
results (updated in place), or one Value or Attribute per result. Attributes
are turned into constant ops by `OpDef.materialize_constant` (by default the
dialect's registered materializer, e.g. arith.constant). Ops with the
Commutative trait also fold by moving constant operands last; Involution
and Idempotent ops fold f(f(x)) as MLIR does.

Driver
------
`apply_patterns_greedily(regions, patterns, config)` runs, up to
`max_iterations` times until nothing changes: populate the worklist with a
pre-order walk (top-down) in which constants are deduplicated per
"insertion region" (the nearest enclosing region of an IsolatedFromAbove op)
and hoisted to the start of that region's entry block; then pop ops and
erase them if trivially dead, else fold them, else try the patterns. The
rewriter's listener keeps the worklist current (inserted/modified ops and
the defining ops of erased ops' operands are re-queued). Optionally
unreachable blocks are erased afterwards (region simplification).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from hlopt.analysis.side_effects import is_trivially_dead, would_be_trivially_dead
from hlopt.ir.attributes import Attribute
from hlopt.ir.core import Block, Operation, Region, Value, no_gc
from hlopt.ir.location import UNKNOWN
from hlopt.ir.matchers import constant_of
from hlopt.ir.opdef import (
    COMMUTATIVE,
    CONSTANT_LIKE,
    IDEMPOTENT,
    INVOLUTION,
    ISOLATED,
    lookup_op,
)
from hlopt.ir.rewriter import Listener, Rewriter
from hlopt.passes.block_merging import drop_redundant_arguments, merge_identical_blocks


# -- patterns --------------------------------------------------------------------
class RewritePattern:
    """Base class: set `root`/`benefit`, override `match_and_rewrite`.
    `debug_name` is the name `--canonicalize{disable-patterns=...}` matches:
    MLIR's debug name (its C++ class name) where MLIR has the pattern;
    an empty name (MLIR's `canonicalize` method patterns) matches nothing."""

    root: str | None = None
    benefit: int = 1
    debug_name: str = ""
    debug_labels: tuple[str, ...] = ()

    def match_and_rewrite(self, op: Operation, rewriter: Rewriter) -> bool:  # pragma: no cover
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} on {self.root or '*'}>"


class FunctionPattern(RewritePattern):
    def __init__(self, fn: Callable[[Operation, Rewriter], bool], root: str | None, benefit: int = 1):
        self.fn, self.root, self.benefit = fn, root, benefit
        self.__name__ = getattr(fn, "__name__", "pattern")
        # a dialect names its pattern function after MLIR's class with a `debug_name` attribute
        self.debug_name = getattr(fn, "debug_name", self.__name__)

    def match_and_rewrite(self, op: Operation, rewriter: Rewriter) -> bool:
        return bool(self.fn(op, rewriter))

    def __call__(self, op: Operation, rewriter: Rewriter) -> bool:
        return self.match_and_rewrite(op, rewriter)

    def __repr__(self) -> str:
        return f"<pattern {self.__name__} on {self.root or '*'}>"


def pattern(root: str | None, benefit: int = 1) -> Callable[[Callable], FunctionPattern]:
    """Decorator making a `fn(op, rewriter) -> bool` a RewritePattern."""
    def wrap(fn: Callable[[Operation, Rewriter], bool]) -> FunctionPattern:
        return FunctionPattern(fn, root, benefit)
    return wrap


def as_pattern(p: Any, root: str | None = None) -> RewritePattern:
    if isinstance(p, RewritePattern):
        return p
    if callable(p):
        return FunctionPattern(p, root)
    raise TypeError(f"not a rewrite pattern: {p!r}")


class PatternSet:
    """Patterns indexed by root op name, ordered by benefit (stable)."""

    def __init__(self, patterns: Iterable[Any] = ()):
        self.by_name: dict[str, list[RewritePattern]] = {}
        self.generic: list[RewritePattern] = []
        self._cache: dict[str, list[RewritePattern]] = {}
        for p in patterns:
            self.add(p)

    def add(self, p: Any, root: str | None = None) -> None:
        p = as_pattern(p, root)
        if p.root is None:
            self.generic.append(p)
        else:
            self.by_name.setdefault(p.root, []).append(p)
        self._cache.clear()

    def __len__(self) -> int:
        return len(self.generic) + sum(len(v) for v in self.by_name.values())

    def __iter__(self) -> Iterator[RewritePattern]:
        for ps in self.by_name.values():
            yield from ps
        yield from self.generic

    def filtered(self, disabled: Iterable[str] = (), enabled: Iterable[str] = ()) -> PatternSet:
        """MLIR's FrozenRewritePatternSet filter: drop patterns whose debug
        name or a label is disabled; when `enabled` is non-empty keep only
        patterns named or labelled there."""
        off, on = set(disabled) - {""}, set(enabled) - {""}
        if not off and not on:
            return self
        out = PatternSet()
        for p in self:
            names = _spellings(p.debug_name) | set(p.debug_labels) - {""}
            if names & off or (on and not names & on):
                continue
            out.add(p)
        return out

    def for_op(self, name: str) -> list[RewritePattern]:
        r = self._cache.get(name)
        if r is None:
            r = self.by_name.get(name, []) + self.generic
            r.sort(key=lambda p: -p.benefit)
            self._cache[name] = r
        return r


_ANON = "(anonymous namespace)::"


def _spellings(name: str) -> set[str]:
    """The names that select a pattern, as iree-opt's MLIR matches them: a
    class in an anonymous namespace (its name has no `ns::` qualifier) by
    its name with or without `(anonymous namespace)::`, except a class
    template, which only the qualified name selects; a qualified name
    (`mlir::...`) only as written."""
    if not name:
        return set()
    if name.startswith(_ANON):
        name = name[len(_ANON):]
    if "::" in name.split("<", 1)[0]:
        return {name}
    return {_ANON + name} if "<" in name else {name, _ANON + name}


_ALL_PATTERNS: WeakKeyDictionary = WeakKeyDictionary()  # a cache per Context, not a registry


def canonicalization_patterns_for(op_names: Iterable[str] | None = None,
                                  dialects: Iterable[str] = ()) -> PatternSet:
    """The canonicalization patterns of the given ops; with `dialects`, of
    the ops of those dialects; by default of the dialects loaded in the
    current context, as MLIR's canonicalizer collects them (a dialect loads
    when its IR is parsed or created, so a module pays only for the dialects
    it uses). The default set follows dialects loaded while it is in use: an
    op of a dialect a rewrite loaded brings that dialect's patterns in."""
    dialects = tuple(dialects)
    if dialects:
        return _dialect_patterns(dialects)
    if op_names is None:
        return LoadedDialectPatterns()
    return _collect_patterns(op_names)


def _ops_of(dialects: Iterable[str]) -> list[str]:
    from hlopt.ir.context import current_context

    ctx = current_context()
    names: list[str] = []
    for dn in dialects:
        d = ctx.get_dialect(dn)
        if d is not None:
            names.extend(d.op_table)  # type: ignore[attr-defined]
    return sorted(names)  # (as in MLIR, the ops' lists are gathered in op-name order)


def _dialect_patterns(dialects: tuple[str, ...]) -> PatternSet:
    from hlopt.ir.context import current_context

    ctx = current_context()
    hit = _ALL_PATTERNS.get(ctx)
    if hit is None or hit[0] != dialects:  # the inliner asks once per callable: keep the last set
        hit = _ALL_PATTERNS[ctx] = (dialects, _collect_patterns(_ops_of(dialects)))
    return hit[1]


class LoadedDialectPatterns(PatternSet):
    """The canonicalization patterns of the dialects loaded in the current
    context. When the driver meets an op it has no list for yet, dialects
    loaded since (by a rewrite creating their ops) join the set."""

    def __init__(self, disabled: Iterable[str] = (), enabled: Iterable[str] = ()):
        super().__init__()
        from hlopt.ir.context import current_context

        self.ctx = current_context()
        self.off, self.on = tuple(disabled), tuple(enabled)
        self.loaded: tuple[str, ...] = ()
        self._sync()

    def _sync(self) -> None:
        loaded = tuple(self.ctx.loaded_dialects())
        if loaded != self.loaded:
            self.loaded = loaded
            # the set is shared with the cached one (never added to), sorted lists
            # included: the inliner canonicalizes once per callable
            ps = _dialect_patterns(loaded).filtered(self.off, self.on)
            self.by_name, self.generic, self._cache = ps.by_name, ps.generic, ps._cache

    def filtered(self, disabled: Iterable[str] = (), enabled: Iterable[str] = ()) -> PatternSet:
        if not set(disabled) - {""} and not set(enabled) - {""}:
            return self
        return LoadedDialectPatterns(disabled, enabled)

    def for_op(self, name: str) -> list[RewritePattern]:
        r = self._cache.get(name)
        if r is None:
            self._sync()
            r = super().for_op(name)
        return r


def _collect_patterns(op_names: Iterable[str]) -> PatternSet:
    ps = PatternSet()
    for name in op_names:
        d = lookup_op(name)
        if d is not None:
            for p in d.canonicalization_patterns():
                ps.add(p, root=getattr(p, "root_op", d.name))
    return ps


# -- folding ---------------------------------------------------------------------
def fold_op(op: Operation) -> list | None:
    """Fold hook + trait folds: None, [] (in place) or one Value/Attribute per result."""
    d = op.opdef
    if d is None:
        return None
    r = d.fold(op)
    if r is not None:
        r = list(r)
        if r and not (len(r) == len(op.results) and all(a is b for a, b in zip(r, op.results))):
            return r
        in_place = True
    else:
        in_place = False
    t = _fold_traits(op, d.traits)
    if t is not None:
        return t
    return [] if in_place else None


def _fold_traits(op: Operation, traits: frozenset) -> list | None:
    if COMMUTATIVE in traits and len(op._operands) >= 2:
        vals = op.operands
        is_const = [constant_of(v.defining_op) is not None for v in vals]
        first = next((i for i, c in enumerate(is_const) if c), None)
        if first is not None and not all(is_const[first:]):
            tail = vals[first:]
            tail_c = is_const[first:]
            new = vals[:first] + [v for v, c in zip(tail, tail_c) if not c] + [v for v, c in zip(tail, tail_c) if c]
            for i in range(first, len(vals)):
                if op.operand(i) is not new[i]:
                    op.set_operand(i, new[i])
            return []
    if len(op.results) == 1:
        if INVOLUTION in traits and len(op._operands) == 1:
            d = op.operand(0).defining_op
            if d is not None and d.name == op.name and len(d._operands) == 1:
                return [d.operand(0)]
        if IDEMPOTENT in traits:
            if len(op._operands) == 1:
                d = op.operand(0).defining_op
                if d is not None and d.name == op.name:
                    return [op.operand(0)]
            elif len(op._operands) == 2 and op.operand(0) is op.operand(1):
                return [op.operand(0)]
    return None


def insertion_region(block: Block) -> Region:
    """Where constants used in `block` are hoisted to: the region of the
    nearest IsolatedFromAbove (or unregistered, or top-level) ancestor."""
    while True:
        region = block.parent
        assert region is not None  # constants are hoisted from blocks in the IR
        parent = region.parent
        if parent is None or parent.parent is None:
            return region
        d = parent.opdef
        if d is None or ISOLATED in d.traits:
            return region
        block = parent.parent


class OperationFolder:
    """Uniques constants per insertion region and hoists them (MLIR's)."""

    def __init__(self, rewriter: Rewriter):
        self.rewriter = rewriter
        self.scopes: dict[Region, dict[tuple, Operation]] = {}
        self.owned: dict[Operation, tuple] = {}  # folder-owned constant -> (its region, its key)

    def insert_known_constant(self, op: Operation, value: Attribute | None = None) -> bool:
        """Returns False if `op` was replaced by an existing constant."""
        block = op.parent
        assert block is not None  # a constant in the IR
        if op in self.owned:
            first = block.first_op
            if first is not op and op.prev_op not in self.owned:
                assert first is not None  # the block holds `op`
                self.rewriter.move_op_before(op, first)
                op.location = UNKNOWN
            return True
        if value is None:
            value = constant_of(op)
        region = insertion_region(block)
        consts = self.scopes.setdefault(region, {})
        key = (op.dialect, value, op.result.type)  # a ConstantLike op has one result
        existing = consts.get(key)
        if existing is not None:
            self.rewriter.replace_op(op, existing.results)
            existing.location = UNKNOWN
            return False
        entry = region.blocks[0]
        first = entry.first_op
        assert first is not None  # the entry block holds at least `op`'s ancestor
        if block is not entry:
            self.rewriter.move_op_before(op, first)
            op.location = UNKNOWN
        elif first is not op and op.prev_op not in self.owned:
            self.rewriter.move_op_before(op, first)
        consts[key] = op
        self.owned[op] = (region, key)
        return True

    def notify_removal(self, op: Operation) -> None:
        entry = self.owned.pop(op, None)
        if entry is None:
            return
        region, key = entry  # its own scope only: a scan of every scope was quadratic in functions
        consts = self.scopes.get(region)
        if consts is not None and consts.get(key) is op:
            del consts[key]


# -- driver ----------------------------------------------------------------------
@dataclass
class GreedyConfig:
    max_iterations: int = 10  # <= 0: no limit
    top_down: bool = True
    region_simplify: bool = True
    merge_blocks: bool = False  # region-simplify=aggressive: also merge identical blocks, drop redundant args
    fold: bool = True
    cse_constants: bool = True
    max_num_rewrites: int = -1
    cse_between_iterations: bool = False  # full CSE after each iteration; a change means another


class _Worklist:
    def __init__(self) -> None:
        self.items: list[Operation | None] = []
        self.index: dict[Operation, int] = {}

    def push(self, op: Operation) -> None:
        if op not in self.index:
            self.index[op] = len(self.items)
            self.items.append(op)

    def pop(self) -> Operation | None:
        items = self.items
        while items:
            op = items.pop()
            if op is not None:
                del self.index[op]
                return op
        return None

    def remove(self, op: Operation) -> None:
        i = self.index.pop(op, None)
        if i is not None:
            self.items[i] = None

    def clear(self) -> None:
        self.items.clear()
        self.index.clear()

    def reverse(self) -> None:
        self.items.reverse()
        n = len(self.items) - 1
        for op in self.index:
            self.index[op] = n - self.index[op]

    def __bool__(self) -> bool:
        return bool(self.index)


class GreedyRewriteDriver(Listener):
    converged: bool  # set by apply_patterns_greedily once run() returns
    def __init__(self, regions: Sequence[Region], patterns: PatternSet, config: GreedyConfig | None = None):
        self.regions = list(regions)
        self.scope: dict[Region, None] = {r: None for r in self.regions}
        self.patterns = patterns
        self.config = config or GreedyConfig()
        self.rewriter = Rewriter(listener=self)
        self.folder = OperationFolder(self.rewriter)
        self.worklist = _Worklist()
        self.num_rewrites = 0
        self.num_folds = 0
        self.num_erased = 0
        self.iterations = 0

    # listener ----------------------------------------------------------------
    def op_inserted(self, op: Operation) -> None:
        self.add_to_worklist(op)

    def op_modified(self, op: Operation) -> None:
        self.add_to_worklist(op)

    def op_erased(self, op: Operation) -> None:
        for operand in op.operands:
            d = operand.defining_op
            if d is None:
                continue
            other: Operation | None = None
            many = False
            for use in operand._uses:
                u = use.owner
                if u is op or u is other:
                    continue
                if other is None:
                    other = u
                    continue
                many = True
                break
            if not many:
                self.add_to_worklist(d)
        self.worklist.remove(op)
        self.folder.notify_removal(op)

    def add_to_worklist(self, op: Operation) -> None:
        """Queue `op` and its ancestors inside the driver's scope."""
        chain = []
        o: Operation | None = op
        while o is not None:
            chain.append(o)
            r = o.parent_region
            if r is None:
                return
            if r in self.scope:
                for x in chain:
                    self.worklist.push(x)
                return
            o = r.parent

    def _in_scope(self, op: Operation) -> bool:
        o: Operation | None = op
        while o is not None:
            r = o.parent_region
            if r is None:
                return False
            if r in self.scope:
                return True
            o = r.parent
        return False

    # main loop ---------------------------------------------------------------
    def run(self) -> bool:
        """Returns True if the rewrites converged."""
        cfg = self.config
        again = True
        while again:
            if cfg.max_iterations > 0 and self.iterations >= cfg.max_iterations:
                return False
            self.iterations += 1
            self.worklist.clear()
            erased = False
            if not cfg.region_simplify:
                # MLIR's driver still erases unreachable blocks, before each
                # iteration (patterns assume dominance); a change like any other
                for r in self.regions:
                    erased |= self._erase_unreachable(r)
            # a fresh folder each iteration, as MLIR's: constants it owned
            # before are hoisted again only where they are not in a leading run
            self.folder = OperationFolder(self.rewriter)
            for r in self.regions:
                self._populate(r)
            if cfg.top_down:
                self.worklist.reverse()
            again = self._process() or erased
            if cfg.region_simplify:
                for r in self.regions:
                    again |= self._simplify_regions(r)
            if cfg.cse_between_iterations:
                from hlopt.passes.cse import eliminate_common_subexpressions

                again |= eliminate_common_subexpressions(self.regions)
        return True

    def _populate(self, region: Region) -> None:
        cfg = self.config
        ops = _walk_pre(region) if cfg.top_down else _walk_post(region)
        for op in ops:
            if cfg.cse_constants and op.parent is not None:
                value = constant_of(op)
                if value is not None and op.results and not self.folder.insert_known_constant(op, value):
                    continue
            if op.parent is not None:
                self.worklist.push(op)

    def _process(self) -> bool:
        changed = False
        cfg = self.config
        rw = self.rewriter
        start = self.num_rewrites  # MLIR's limit is per iteration
        while self.worklist:
            if 0 <= cfg.max_num_rewrites <= self.num_rewrites - start:
                break
            op = self.worklist.pop()
            if op is None or not self._in_scope(op):
                continue
            if is_trivially_dead(op):
                rw.erase_op(op)
                self.num_erased += 1
                changed = True
                continue
            d = op.opdef
            if cfg.fold and d is not None and CONSTANT_LIKE not in d.traits:
                r = fold_op(op)
                if r is not None:
                    if not r:
                        changed = True
                        self.num_folds += 1
                        self.op_modified(op)
                        continue
                    values = self._materialize(op, r)
                    if values is not None:
                        rw.replace_op(op, values)
                        changed = True
                        self.num_folds += 1
                        continue
            for p in self.patterns.for_op(op.name):
                rw.set_insertion_point_before(op)
                if p.match_and_rewrite(op, rw):
                    changed = True
                    self.num_rewrites += 1
                    break
        return changed

    def _materialize(self, op: Operation, results: list) -> list[Value] | None:
        if len(results) != len(op.results):
            return None
        d = op.opdef
        assert d is not None  # only registered ops fold
        rw = self.rewriter
        out: list[Value] = []
        created: list[Operation] = []
        with rw.saved():
            rw.set_insertion_point_before(op)
            for r, res in zip(results, op.results):
                if isinstance(r, Value):
                    out.append(r)
                    continue
                c = d.materialize_constant(rw, r, res.type, op.location)
                if c is None:
                    for x in reversed(created):
                        rw.erase_op(x)
                    return None
                created.append(c)
                out.append(c.result)
        return out

    def _simplify_regions(self, region: Region) -> bool:
        """MLIR's simplifyRegions: erase unreachable blocks, then dead ops and
        block arguments (runRegionDCE); at the aggressive level then merge
        identical blocks and drop redundant block arguments."""
        changed = self._erase_unreachable(region)
        changed |= run_region_dce(self.rewriter, [region], self)
        if self.config.merge_blocks:
            changed |= merge_identical_blocks(self.rewriter, [region], self._forget_block)
            changed |= drop_redundant_arguments(self.rewriter, [region])
        return changed

    def _erase_unreachable(self, region: Region) -> bool:
        """Erase blocks unreachable from their region's entry (all regions)."""
        changed = False
        stack = [region]
        while stack:
            r = stack.pop()
            if len(r.blocks) > 1:
                reachable = {r.blocks[0]: None}
                todo = [r.blocks[0]]
                while todo:
                    for s in todo.pop().successors:
                        if s not in reachable:
                            reachable[s] = None
                            todo.append(s)
                dead = [b for b in r.blocks if b not in reachable]
                for b in dead:
                    self._forget_block(b)
                    b.erase()
                    changed = True
            for b in r.blocks:
                for op in b.ops:
                    stack.extend(op.regions)
        return changed

    def _forget_block(self, b: Block) -> None:
        for op in list(b.ops):
            for nested in op.walk():
                self.worklist.remove(nested)
                self.folder.notify_removal(nested)


# -- region DCE (MLIR's runRegionDCE) --------------------------------------------------
def _post_order(region: Region) -> list[Block]:
    """Blocks reachable from the entry, successors first (llvm::post_order)."""
    if not region.blocks:
        return []
    out: list[Block] = []
    seen = {region.blocks[0]}
    stack = [(region.blocks[0], iter(region.blocks[0].successors))]
    while stack:
        b, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            stack.pop()
            out.append(b)
        elif nxt not in seen:
            seen.add(nxt)
            stack.append((nxt, iter(nxt.successors)))
    return out


def _erasable_successor_operands(op: Operation) -> bool:
    d = op.opdef
    return d is not None and hasattr(d, "successor_operand_index")


class _Liveness:
    def __init__(self) -> None:
        self.live: set = set()
        self.changed = False

    def mark(self, x: Any) -> None:
        if x not in self.live:
            self.live.add(x)
            self.changed = True

    def op_live(self, op: Operation) -> bool:
        """An op is live when marked or when any of its results is."""
        return _op_live(op, self.live)

    def region(self, region: Region) -> None:
        for block in _post_order(region):
            for op in reversed(list(block.ops)):
                self.op(op)
            if block is region.blocks[0]:
                continue  # entry arguments belong to the parent op's contract
            for a in block.args:
                if a not in self.live:
                    self.value(a)

    def op(self, op: Operation) -> None:
        for r in op.regions:
            self.region(r)
        if op.has_trait("Terminator"):
            self.mark(op)
            if not _erasable_successor_operands(op):
                for s in op.successors:
                    for a in s.args:
                        self.mark(a)
            return
        if self.op_live(op):
            return
        if not would_be_trivially_dead(op):
            self.mark(op)
            return
        for v in op.results:
            self.value(v)

    def value(self, v: Value) -> None:
        for use in v._uses:
            owner = use.owner
            if owner.has_trait("Terminator") and _erasable_successor_operands(owner):
                arg = _successor_arg(owner, use.index)
                if arg is not None and arg not in self.live:
                    continue  # feeds a dead block argument only
            if self.op_live(owner):
                self.mark(v)
                return


def _op_live(op: Operation, live: set) -> bool:
    return op in live or any(r in live for r in op.results)


def _successor_arg(op: Operation, operand_index: int) -> Any:
    """The successor block argument an operand of a branch feeds, if any."""
    d: Any = op.opdef  # duck-typed: _erasable_successor_operands checked for the methods
    for i, s in enumerate(op.successors):
        first, n = d.successor_operand_index(op, i)
        if first <= operand_index < first + n:
            return s.args[operand_index - first]
    return None


def run_region_dce(rewriter: Rewriter, regions: Sequence[Region], driver: Any = None) -> bool:
    lv = _Liveness()
    while True:
        lv.changed = False
        for r in regions:
            lv.region(r)
        if not lv.changed:
            break
    return _delete_dead(rewriter, regions, lv.live, driver)


def _delete_dead(rewriter: Rewriter, regions: Sequence[Region], live: set, driver: Any) -> bool:
    erased = False
    for region in regions:
        if not region.blocks:
            continue
        single = len(region.blocks) == 1
        for block in _post_order(region):
            term = block.last_op
            if not single and term is not None and _erasable_successor_operands(term):
                erased |= _erase_dead_successor_operands(rewriter, term, live)
            for op in reversed(list(block.ops)):
                if not _op_live(op, live):
                    for r in op.results:
                        for use in list(r._uses):
                            use.drop()
                    rewriter.erase_op(op)
                    erased = True
                else:
                    erased |= _delete_dead(rewriter, op.regions, live, driver)
        for block in region.blocks[1:]:
            for i in reversed(range(len(block.args))):
                if block.args[i] not in live:
                    block.erase_argument(i)
                    erased = True
    return erased


def _erase_dead_successor_operands(rewriter: Rewriter, op: Operation, live: set) -> bool:
    d: Any = op.opdef  # duck-typed: _erasable_successor_operands checked for the methods
    changed = False
    for si in reversed(range(len(op.successors))):
        succ = op.successors[si]
        first, n = d.successor_operand_index(op, si)
        for ai in reversed(range(n)):
            if succ.args[ai] not in live:
                d.erase_successor_operand(op, si, ai)
                changed = True
    if changed:
        rewriter.modified(op)
    return changed


def _walk_pre(region: Region):
    for b in list(region.blocks):
        op = b.first_op
        while op is not None:
            nxt = op.next_op
            yield op
            if op.parent is not None:
                for r in op.regions:
                    yield from _walk_pre(r)
            op = nxt


def _walk_post(region: Region):
    for b in list(region.blocks):
        op = b.first_op
        while op is not None:
            nxt = op.next_op
            for r in op.regions:
                yield from _walk_post(r)
            yield op
            op = nxt


def apply_patterns_greedily(root: Operation | Sequence[Region], patterns: PatternSet | Iterable[Any] = (),
                            config: GreedyConfig | None = None) -> GreedyRewriteDriver:
    """Run the driver on `root`'s regions (or the given regions); returns
    the driver (`.iterations`, `.num_rewrites`, ... and `.converged`)."""
    regions = root.regions if isinstance(root, Operation) else root
    if not isinstance(patterns, PatternSet):
        patterns = PatternSet(patterns)
    drv = GreedyRewriteDriver(regions, patterns, config)
    with no_gc():  # the cyclic GC would rescan the whole IR as ops are made (superlinear); see no_gc
        drv.converged = drv.run()
    return drv
