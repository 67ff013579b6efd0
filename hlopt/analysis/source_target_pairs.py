"""The cycle shapes of `source_target_pairs` that XLA's collective-permute
cycle decomposer recognises (reading, writing and XLA's text form of pairs
are in hlopt.dialects.stablehlo.channels, beside the verifier using them).

Pairs are tuples `((source, target), ...)` in attribute order: the order
matters, because XLA finds a ring's backward edge by position.
"""

from __future__ import annotations

from collections.abc import Sequence

from hlopt.dialects.stablehlo.channels import Pairs

FORWARD, BACKWARD = "forward", "backward"

# -- cycles (XLA's collective_permute_cycle.cc semantics) --------------------------------

def is_forward_cycle(pairs: Sequence[tuple[int, int]]) -> bool:
    """`{k,k+1},{k+1,k+2},...,{m,k}`: consecutive ids, the backward edge last."""
    n = len(pairs)
    if n <= 1 or pairs[-1][1] != pairs[0][0]:
        return False
    for i in range(n - 1):
        nxt = pairs[i][0] + 1
        if pairs[i][1] != nxt or pairs[i + 1][0] != nxt:
            return False
    return True


def is_backward_cycle(pairs: Sequence[tuple[int, int]]) -> bool:
    """`{k,m},{k+1,k},...,{m,m-1}`: consecutive ids, the backward edge first."""
    n = len(pairs)
    if n <= 1 or pairs[0][1] != pairs[-1][0]:
        return False
    for i in range(n - 1, 0, -1):
        nxt = pairs[i][0] - 1
        if pairs[i][1] != nxt or pairs[i - 1][0] != nxt:
            return False
    return True


def cycle_type(pairs: Sequence[tuple[int, int]]) -> str | None:
    if is_forward_cycle(pairs):
        return FORWARD
    if is_backward_cycle(pairs):
        return BACKWARD
    return None


def split_cycle(pairs: Sequence[tuple[int, int]], kind: str) -> tuple[Pairs, Pairs]:
    """(backward edge, other edges): the last pair of a forward ring, the
    first of a backward one."""
    p = tuple(pairs)
    if kind == BACKWARD:
        return p[:1], p[1:]
    return p[-1:], p[:-1]


def forms_cycle(backedge: Sequence[tuple[int, int]], others: Sequence[tuple[int, int]]) -> bool:
    """Whether a single-pair backward edge and the other edges together make
    a forward or backward ring (XLA's CheckCyclePatterns)."""
    if len(backedge) != 1 or not others:
        return False
    return is_forward_cycle(tuple(others) + tuple(backedge)) or is_backward_cycle(tuple(backedge) + tuple(others))


def has_cycles(pairs: Sequence[tuple[int, int]]) -> bool:
    """Any cycle in the source -> target map (self-pairs count)."""
    nxt = dict(pairs)
    done: set[int] = set()
    for start in nxt:
        path: set[int] = set()
        cur: int | None = start
        while cur is not None and cur not in done:
            if cur in path:
                return True
            path.add(cur)
            cur = nxt.get(cur)
        done |= path
    return False
