"""Side-effect queries (MLIR's isMemoryEffectFree / isOpTriviallyDead).

hlopt has no memory-effect interface: an op is effect free when it is
registered with the PURE trait, or when it has the RECURSIVE_MEMORY_EFFECTS
trait and every op nested in its regions is effect free. Unknown ops
(unregistered, or registered without PURE) are treated as side-effecting.
"""

from __future__ import annotations

from hlopt.ir.core import Operation
from hlopt.ir.opdef import PURE, RECURSIVE_MEMORY_EFFECTS, SYMBOL, TERMINATOR


def is_pure(op: Operation) -> bool:
    """No side effects (and, for region ops, none in the regions)."""
    d = op.opdef
    if d is None:
        return False
    traits = d.traits
    if PURE in traits:
        if not op.regions or RECURSIVE_MEMORY_EFFECTS not in traits:
            return True
    elif RECURSIVE_MEMORY_EFFECTS not in traits:
        return False
    for r in op.regions:
        for b in r.blocks:
            for nested in b.ops:
                if not is_pure(nested):
                    return False
    return True


def would_be_trivially_dead(op: Operation) -> bool:
    """Erasable if its results were unused: effect free, not a terminator
    and not a symbol (symbols are removed by symbol-dce)."""
    d = op.opdef
    if d is None or TERMINATOR in d.traits or SYMBOL in d.traits:
        return False
    return is_pure(op)


def is_trivially_dead(op: Operation) -> bool:
    for r in op.results:
        if r._uses:
            return False
    return would_be_trivially_dead(op)
