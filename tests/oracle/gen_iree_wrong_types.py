"""Wrong-typed instances of the stream, hal and util ops, for the oracle that
asks iree-opt for the verdict (test_iree_wrong_types_oracle.py).

Each case starts from valid IR of tests/lit/iree (IREE's printed forms, so
every op sits in a context IREE accepts) and replaces one operand of one op
with a value already in scope whose type the operand's declared constraint
rejects (another operand of the op, a block argument, an earlier result).
The module is then printed in generic form: both tools read the same text,
so the diagnostic (message and line:column) must be the same. One case per
(op, operand field) with a type constraint, the first instance found.
"""

from __future__ import annotations

import pathlib
import re
from collections.abc import Iterator

ROOT = pathlib.Path(__file__).resolve().parents[1]
DIALECTS = ("stream", "hal", "util")
_SPLIT = re.compile(r"^// -----\s*$", re.M)


def _inputs() -> Iterator[tuple[str, str]]:
    for path in sorted((ROOT / "lit" / "iree").glob("*.mlir")):
        if path.name.startswith("invalid"):
            continue
        for i, chunk in enumerate(_SPLIT.split(path.read_text())):
            yield f"{path.name}:{i}", chunk


def _visible(op):
    """Values defined before `op` that it may use: earlier results in its
    block and in the blocks of its ancestors (up to an isolated op), and
    those blocks' arguments; nearest first."""
    out = []
    cur = op
    while True:
        block = cur.parent
        if block is None:
            break
        for o in block.ops:
            if o is cur:
                break
            out.extend(o.results)
        out.extend(block.args)
        parent = cur.parent_op
        if parent is None or "IsolatedFromAbove" in getattr(parent.opdef, "traits", ()):
            break
        cur = parent
    return out


def _wrong_value(op, constraint):
    cands = list(op.operands) + _visible(op)
    for v in cands:
        if not constraint.check_type(v.type):
            return v
    return None


def cases(limit: int = 300) -> list[tuple[str, str]]:
    """(case id, generic-form module text): every op's first wrong-typed
    field, then further fields until `limit` cases."""
    every = all_cases()
    first: dict[str, int] = {}
    for i, (cid, _) in enumerate(every):
        first.setdefault(cid.split(":", 1)[0], i)
    chosen = sorted(first.values())
    rest = [i for i in range(len(every)) if i not in set(chosen)]
    chosen = sorted(chosen + rest[:max(0, limit - len(chosen))])
    return [every[i] for i in chosen]


def all_cases() -> list[tuple[str, str]]:
    """(case id, generic-form module text) for each (op, field)."""
    from hlopt.ir.constraints import AnyType
    from hlopt.ir.verifier import verify
    from hlopt.syntax.parser import parse_module
    from hlopt.syntax.printer import print_op

    seen: set[tuple[str, str]] = set()
    out: list[tuple[str, str]] = []
    for cid, text in _inputs():
        try:
            module = parse_module(text, allow_unregistered=True)
            verify(module)
        except Exception:  # a chunk hlopt rejects (or a negative one) gives no case
            continue
        ops = [o for o in module.walk() if o.name.split(".", 1)[0] in DIALECTS]
        for op in ops:
            cls = op.opdef
            if cls is None or not cls.declared:
                continue
            try:
                segs = cls.operand_segments(op)
            except Exception:
                continue
            for f, (start, size) in zip(cls.operand_defs, segs):
                key = (op.name, f.name)
                if key in seen or size == 0 or f.constraint is None or f.constraint is AnyType:
                    continue
                bad = _wrong_value(op, f.constraint)
                if bad is None:
                    continue
                seen.add(key)
                old = op.operands[start]
                op.set_operand(start, bad)
                try:
                    out.append((f"{op.name}:{f.name}@{cid}", print_op(module, generic=True)))
                finally:
                    op.set_operand(start, old)
    return out
