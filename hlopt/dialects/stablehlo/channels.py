"""Send/recv rules that look beyond one op, and the encodings of
`source_target_pairs` they share with the passes (FEATURES.md section 2).

Stricter than upstream StableHLO, which checks pairs only on
collective_permute (docs/send-recv.md says why):
- a device-to-device send/recv must say where its data goes: pairs in
  `source_target_pairs` or XLA's `_xla_send_recv_source_target_pairs`
  frontend attribute (the spec calls a transfer without them undefined);
- the sends and recvs of one channel carry the same pairs;
- a warning when `source_target_pairs` and the frontend attribute disagree:
  XLA silently uses the frontend attribute.
The per-op checks (shape, duplicates, bounds, channel type) are in
stablehlo.collectives_async; it calls `verify_transfer` last.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.dialects.stablehlo.attributes import ChannelHandleAttr
from hlopt.ir.attributes import DenseElementsAttr, DictionaryAttr, IntegerAttr, StringAttr
from hlopt.ir.context import current_context
from hlopt.ir.core import IRError, Operation
from hlopt.ir.types import RankedTensorType, i64

Pairs = tuple[tuple[int, int], ...]

# XLA's frontend attribute names (xla/side_effect_util.h)
PAIRS_ATTR = "_xla_send_recv_source_target_pairs"
PIPELINE_ATTR = "_xla_send_recv_pipeline"
VALIDATION_ATTR = "_xla_send_recv_validation"
FRONTEND = "mhlo.frontend_attributes"

FORWARD, BACKWARD = "forward", "backward"


def read_pairs(attr: object) -> Pairs | None:
    """Pairs of a well-formed (N, 2) dense attribute, else None."""
    if not isinstance(attr, DenseElementsAttr) or not isinstance(attr.type, RankedTensorType):
        return None
    shape = attr.type.shape
    if len(shape) != 2 or shape[1] != 2:
        return None
    v = attr.flat_values()
    return tuple((int(v[2 * i]), int(v[2 * i + 1])) for i in range(shape[0]))


def pairs_attr(pairs: Sequence[tuple[int, int]]) -> DenseElementsAttr:
    """`dense<[[s, t], ...]> : tensor<Nx2xi64>` (jaxlib's spelling)."""
    flat = [x for p in pairs for x in p]
    return DenseElementsAttr(RankedTensorType((len(pairs), 2), i64), flat)  # splat detected as MLIR does


def pairs_text(pairs: Sequence[tuple[int, int]]) -> str:
    """XLA's SourceTargetPairs::ToString: `{{0,1},{1,2}}`."""
    return "{" + ",".join(f"{{{s},{t}}}" for s, t in pairs) + "}"


_PAIR = re.compile(r"\{\s*(-?\d+)\s*,\s*(-?\d+)\s*\}")
_LIST = re.compile(r"^\{\s*(?:\{\s*-?\d+\s*,\s*-?\d+\s*\}\s*(?:,\s*\{\s*-?\d+\s*,\s*-?\d+\s*\}\s*)*)?\}$")


def parse_pairs_text(text: str) -> Pairs | None:
    """Inverse of pairs_text (whitespace tolerated); None when malformed."""
    s = text.strip()
    if not _LIST.match(s):
        return None
    return tuple((int(a), int(b)) for a, b in _PAIR.findall(s))


def frontend_attrs(op: object) -> DictionaryAttr | None:
    d = op.attributes.get(FRONTEND)  # type: ignore[attr-defined]
    return d if isinstance(d, DictionaryAttr) else None


def frontend_string(op: object, key: str) -> str | None:
    d = frontend_attrs(op)
    v = d.get(key) if d is not None else None
    return v.value if isinstance(v, StringAttr) else None


def with_frontend(op: object, updates: dict[str, str]) -> DictionaryAttr:
    """The op's frontend attributes with `updates` set (entries sorted, as MLIR keeps them)."""
    d = frontend_attrs(op)
    entries = dict(d.entries) if d is not None else {}
    for k, v in updates.items():
        entries[k] = StringAttr(v)
    return DictionaryAttr(entries)


# -- the checks ------------------------------------------------------------------------------

SEND, RECV = "stablehlo.send", "stablehlo.recv"


def is_device_transfer(op: Operation) -> bool:
    """A device-to-device send/recv (not a host transfer)."""
    host = op.get_attr("is_host_transfer")
    return op.name in (SEND, RECV) and not (isinstance(host, IntegerAttr) and host.value)


def channel_of(op: Operation) -> int | None:
    ch = op.get_attr("channel_handle")
    return ch.handle if isinstance(ch, ChannelHandleAttr) else None


def transfer_pairs(op: Operation) -> Pairs | None:
    """The pairs XLA would use: the frontend attribute when present (XLA
    takes it over the attribute), else `source_target_pairs`."""
    fe = frontend_string(op, PAIRS_ATTR)
    if fe is not None:
        p = parse_pairs_text(fe)
        if p is not None:
            return p
    return read_pairs(op.get_attr("source_target_pairs"))


def _module_int(op: Operation, key: str) -> int | None:
    from hlopt.dialects.stablehlo.verification import module_int

    return module_int(op, key)


def _check_frontend_pairs(op: Operation, pairs: Pairs) -> None:
    """collective_permute's C2-C4 for pairs given only as a frontend attribute."""
    n = _module_int(op, "mhlo.num_partitions")
    sources: set[int] = set()
    targets: set[int] = set()
    for s, t in pairs:
        if s < 0 or t < 0:
            raise IRError(f"replica ids in {PAIRS_ATTR} must be >= 0.", op)
        if s in sources:
            raise IRError(f"duplicate sources not allowed in {PAIRS_ATTR}.", op)
        if t in targets:
            raise IRError(f"duplicate targets not allowed in {PAIRS_ATTR}.", op)
        sources.add(s)
        targets.add(t)
        if n is not None and max(s, t) >= n:
            raise IRError(f"replica ids in {PAIRS_ATTR} must be < {n} (mhlo.num_partitions), but got "
                          f"{max(s, t)}.", op)


def _root(op: Operation) -> Operation:
    while op.parent_op is not None:
        op = op.parent_op
    return op


def channel_table(root: Operation) -> dict[int, dict[str, dict[Pairs, Operation]]]:
    """channel -> {send|recv -> {pairs -> first op carrying them}} over the
    device-to-device transfers nested in `root`."""
    table: dict[int, dict[str, dict[Pairs, Operation]]] = {}
    for o in root.walk(post_order=False):
        if o.name not in (SEND, RECV) or not is_device_transfer(o):
            continue
        h, p = channel_of(o), transfer_pairs(o)
        if h is None or p is None:
            continue
        table.setdefault(h, {SEND: {}, RECV: {}})[o.name].setdefault(p, o)
    return table


def verify_transfer(op: Operation, symbols: Any = None) -> None:
    """The rules above, for one send or recv (after its own checks)."""
    if not is_device_transfer(op):
        return
    h = channel_of(op)
    if h is None:
        return
    attr_pairs = read_pairs(op.get_attr("source_target_pairs"))
    fe = frontend_string(op, PAIRS_ATTR)
    fe_pairs = parse_pairs_text(fe) if fe is not None else None
    if fe is not None and fe_pairs is None:
        raise IRError(f"mhlo.frontend_attributes {PAIRS_ATTR} must be a list of {{source,target}} pairs such "
                      f"as \"{{{{0,1}},{{1,2}}}}\", but got \"{fe}\"", op)
    if attr_pairs is None and fe_pairs is None:
        raise IRError("a device-to-device transfer requires source_target_pairs (without them its "
                      "behaviour is undefined)", op)
    if fe_pairs is not None:
        if attr_pairs is None:
            _check_frontend_pairs(op, fe_pairs)
        elif fe_pairs != attr_pairs:
            current_context().emit("warning", f"source_target_pairs {pairs_text(attr_pairs)} disagree with "
                                   f"mhlo.frontend_attributes {PAIRS_ATTR} = \"{fe}\": XLA uses the frontend "
                                   f"attribute", op)
    mine = fe_pairs if fe_pairs is not None else attr_pairs
    assert mine is not None  # one of them is given (checked above)
    root = _root(op)
    build = lambda: channel_table(root)  # noqa: E731
    table = symbols.memo(("stablehlo.channels", root), build) if hasattr(symbols, "memo") else build()
    other = RECV if op.name == SEND else SEND
    for p, o in table.get(h, {}).get(other, {}).items():
        if p != mine:
            raise IRError(f"source_target_pairs {pairs_text(mine)} differ from {pairs_text(p)} of the "
                          f"'{other}' on channel {h}", op, notes=[(f"the '{other}' is here", o)])
