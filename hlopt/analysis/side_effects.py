"""Side-effect queries (MLIR's isMemoryEffectFree / wouldOpBeTriviallyDead).

An op's effects come from its declaration: the Pure trait means none; an
op implementing MemoryEffectsInterface lists them (`effects(op)`); an op
with RecursiveMemoryEffects has those of the ops nested in it. Any other op
(unregistered, or registered with neither) is assumed to have every effect,
as MLIR assumes.
"""

from __future__ import annotations

from hlopt.ir.core import Operation
from hlopt.ir.interfaces import ALLOCATE, READ, Effect, MemoryEffectsInterface
from hlopt.ir.opdef import PURE, RECURSIVE_MEMORY_EFFECTS, SYMBOL, TERMINATOR

UNKNOWN = None  # "every effect": the op declares nothing


def own_effects(op: Operation) -> list[Effect] | None:
    """The op's own effects (nested ops aside), or None when unknown."""
    d = op.opdef
    if d is None:
        return UNKNOWN
    if PURE in d.traits:
        return []
    if issubclass(d, MemoryEffectsInterface):
        return list(d.effects(op))
    if RECURSIVE_MEMORY_EFFECTS in d.traits:
        return []
    return UNKNOWN


def _nested(op: Operation):
    for r in op.regions:
        for b in r.blocks:
            yield from b.ops


def is_pure(op: Operation) -> bool:
    """No memory effects at all (nested ones included for recursive ops)."""
    d = op.opdef
    if d is None:
        return False
    effects = own_effects(op)
    if effects is None or effects:
        return False
    if op.regions and RECURSIVE_MEMORY_EFFECTS in d.traits:
        return all(is_pure(n) for n in _nested(op))
    return True


def _only_removable_effects(op: Operation) -> bool:
    """Reads, and allocations of the op's own results, vanish with an unused op."""
    effects = own_effects(op)
    if effects is None:
        return False
    results = set(op.results)
    for e in effects:
        if e.kind == READ:
            continue
        if e.kind == ALLOCATE and e.value in results:
            continue
        return False
    d = op.opdef
    if op.regions and d is not None and RECURSIVE_MEMORY_EFFECTS in d.traits:
        return all(would_be_trivially_dead(n, nested=True) for n in _nested(op))
    return True


def would_be_trivially_dead(op: Operation, nested: bool = False) -> bool:
    """Erasable if its results were unused: no effects beyond reads and its
    own allocations, not a terminator (unless nested in a dead op) and not a
    symbol (symbols are removed by symbol-dce)."""
    d = op.opdef
    if d is None or SYMBOL in d.traits:
        return False
    if TERMINATOR in d.traits and not nested:
        return False
    return _only_removable_effects(op)


def is_trivially_dead(op: Operation) -> bool:
    for r in op.results:
        if r._uses:
            return False
    return would_be_trivially_dead(op)
