"""Device and resource affinity for stream programs (IREE's affinity and
device analyses, the part encoding specialization needs).

- Devices are the module's globals initialized with a device attribute
  exposing `executable_targets()` (`#hal.device.target`, `#hal.device.select`).
- Devices are grouped into equivalence classes by their list of executable
  targets with a union-find, so everything keyed by "where does this run"
  (layout resolvers, resolved layouts) is computed once per class, never
  per device pair.
- The resource affinity of a value is the affinity of the op that produced
  it; a transfer's result keeps its source's affinity (the data was laid
  out there); block arguments have none.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from hlopt.dialects.stream import AsyncTransferOp
from hlopt.dialects.util import GlobalOp
from hlopt.ir.core import BlockArgument, Operation, Value
from hlopt.ir.interfaces import affinity_of


class UnionFind:
    """Disjoint sets over hashable items (path halving, union by size)."""

    def __init__(self) -> None:
        self.parent: dict[Hashable, Hashable] = {}
        self.size: dict[Hashable, int] = {}

    def add(self, x: Hashable) -> None:
        if x not in self.parent:
            self.parent[x] = x
            self.size[x] = 1

    def find(self, x: Hashable) -> Hashable:
        p = self.parent
        while p[x] != x:
            p[x] = p[p[x]]
            x = p[x]
        return x

    def union(self, a: Hashable, b: Hashable) -> Hashable:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]
        return ra

    def classes(self) -> dict[Hashable, list[Hashable]]:
        out: dict[Hashable, list[Hashable]] = {}
        for x in self.parent:
            out.setdefault(self.find(x), []).append(x)
        return out


NO_DEVICE = "<none>"  # the class of affinities that name no single known device


class DeviceClasses:
    """Devices of a module grouped by their executable targets."""

    def __init__(self, module: Operation):
        self.targets: dict[str, tuple] = {}
        for op in _top_ops(module):
            if not isinstance(op, GlobalOp):
                continue
            init, name = op.initial_value, op.sym_name
            if init is not None and name is not None and hasattr(init, "executable_targets"):
                ts = init.executable_targets()
                # None: a device form hlopt does not model (its targets are unknown)
                self.targets[name.value] = tuple(ts) if ts is not None else ("unmodelled", init)
        self.uf = UnionFind()
        first: dict[tuple, str] = {}
        for dev, ts in self.targets.items():
            self.uf.add(dev)
            rep = first.setdefault(ts, dev)
            self.uf.union(rep, dev)
        self._class_targets = {self.uf.find(d): ts for d, ts in self.targets.items()}
        self._class_targets[NO_DEVICE] = ()
        self._affinity_class: dict[Any, Hashable] = {}

    def class_of(self, affinity: Any) -> Hashable:
        """The equivalence class an affinity executes in: a single named
        device's class; anything else (optimal, unknown devices) has no targets."""
        c = self._affinity_class.get(affinity)
        if c is None:
            c = NO_DEVICE
            device = getattr(affinity, "device", None)
            root = getattr(device, "root", None)
            if root is not None and root in self.targets and not getattr(device, "nested", ()):
                c = self.uf.find(root)
            self._affinity_class[affinity] = c
        return c

    def class_targets(self, cls: Hashable) -> tuple | None:
        """The class's executable targets; None when its device is a form
        hlopt does not model."""
        ts = self._class_targets.get(cls, ())
        return None if ts[:1] == ("unmodelled",) else ts

    def class_device(self, cls: Hashable) -> Any:
        """The device attribute of an unmodelled class (for its diagnostic)."""
        ts = self._class_targets.get(cls, ())
        return ts[1] if ts[:1] == ("unmodelled",) else None

    def num_classes(self) -> int:
        return len(self._class_targets) - 1


def _top_ops(module: Operation) -> Iterable[Operation]:
    for r in module.regions:
        for b in r.blocks:
            yield from b.ops


class AffinityLookupError(Exception):
    def __init__(self, value: Value):
        super().__init__("no affinity")
        self.value = value


def resource_affinity(v: Value) -> Any:
    """The affinity of the resource `v` (where its data was produced)."""
    seen = 0
    while True:
        if isinstance(v, BlockArgument):
            raise AffinityLookupError(v)
        op = v.defining_op
        assert op is not None  # a value is a block argument or an op result
        if isinstance(op, AsyncTransferOp):
            if op.source_affinity is not None:
                return op.source_affinity
            if op.target_affinity is None:
                raise AffinityLookupError(v)
            v = op.source  # a transfer without `from`: where its source lives
        else:
            aff = affinity_of(op)
            if aff is None:
                raise AffinityLookupError(v)
            return aff
        seen += 1
        if seen > 10000:
            raise AffinityLookupError(v)
