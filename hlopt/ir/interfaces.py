"""Op interfaces: what generic passes ask of an op without knowing its name
(MLIR's OpInterfaces).

An op definition implements an interface by inheriting its mixin and, where
the defaults do not fit, overriding its classmethods. Passes test with
`implements(op, CallOpInterface)` and call `op.opdef.callee(op)`, so inline,
cse and symbol-dce work for any dialect's calls, functions and symbols.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hlopt.ir.attributes import ArrayAttr, DictionaryAttr, StringAttr, SymbolRefAttr, TypeAttr

if TYPE_CHECKING:
    from hlopt.ir.core import Operation, Region, Value
    from hlopt.ir.types import Type


class Interface:
    """Marker base of interface mixins. Every interface declares empty
    `__slots__`: an op class mixes them in, and ops keep no `__dict__`."""

    __slots__ = ()


def implements(op: "Operation", iface: type) -> bool:
    # an op's class is its definition, which mixes in its interfaces
    return isinstance(op, iface)


def interface_method(op: "Operation", name: str, *args: Any) -> Any:
    """Call interface method `name` of op's definition. A declared field of
    the same name (an op declaring `callee = attr()`) shadows the method on
    the class, so the method is found in the MRO."""
    d = op.opdef
    if d is None:
        raise AttributeError(f"'{op.name}' does not implement '{name}'")
    for klass in d.__mro__:
        v = vars(klass).get(name)
        if isinstance(v, classmethod):
            return v.__func__(d, op, *args)
    raise AttributeError(f"'{op.name}' does not implement '{name}'")


class SymbolOpInterface(Interface):
    """An op that defines a symbol through `sym_name` (and `sym_visibility`)."""

    __slots__ = ()

    @classmethod
    def sym_name(cls, op: "Operation") -> str | None:
        a = op.properties.get("sym_name") or op.attributes.get("sym_name")
        return a.value if isinstance(a, StringAttr) else None

    @classmethod
    def visibility(cls, op: "Operation") -> str:
        a = op.properties.get("sym_visibility") or op.attributes.get("sym_visibility")
        return a.value if isinstance(a, StringAttr) else "public"

    @classmethod
    def is_declaration(cls, op: "Operation") -> bool:
        return False

    @classmethod
    def can_discard_on_use_empty(cls, op: "Operation") -> bool:
        """symbol-dce may delete it once nothing refers to it (MLIR: private ones)."""
        return cls.visibility(op) != "public"


class CallableOpInterface(Interface):
    """A function-like op whose body a call can inline.

    Defaults fit func.func-shaped ops: `function_type` property, body in
    region 0, `arg_attrs`/`res_attrs`."""

    __slots__ = ()

    @classmethod
    def callable_region(cls, op: "Operation") -> "Region | None":
        if not op.regions or not op.regions[0].blocks:
            return None
        return op.regions[0]

    @classmethod
    def function_type(cls, op: "Operation") -> Any:
        t = op.properties.get("function_type") or op.attributes.get("function_type")
        return t.type if isinstance(t, TypeAttr) else None

    @classmethod
    def argument_types(cls, op: "Operation") -> "Sequence[Type]":
        ft = cls.function_type(op)
        return list(ft.inputs) if ft is not None else []

    @classmethod
    def result_types(cls, op: "Operation") -> "Sequence[Type]":
        ft = cls.function_type(op)
        return list(ft.results) if ft is not None else []

    @classmethod
    def arg_attrs(cls, op: "Operation") -> list[DictionaryAttr | None]:
        a = op.properties.get("arg_attrs")
        n = len(cls.argument_types(op))
        if not isinstance(a, ArrayAttr):
            return [None] * n
        return [d if isinstance(d, DictionaryAttr) else None for d in a.elements]

    @classmethod
    def res_attrs(cls, op: "Operation") -> list[DictionaryAttr | None]:
        a = op.properties.get("res_attrs")
        n = len(cls.result_types(op))
        if not isinstance(a, ArrayAttr):
            return [None] * n
        return [d if isinstance(d, DictionaryAttr) else None for d in a.elements]


class CallOpInterface(Interface):
    """A call: a `callee` symbol and the operands passed as arguments."""

    __slots__ = ()

    @classmethod
    def callee(cls, op: "Operation") -> SymbolRefAttr | None:
        c = op.properties.get("callee") or op.attributes.get("callee")
        return c if isinstance(c, SymbolRefAttr) else None

    @classmethod
    def arg_operands(cls, op: "Operation") -> "list[Value]":
        return op.operands

    @classmethod
    def can_inline(cls, op: "Operation") -> bool:
        return "no_inline" not in op.properties and "no_inline" not in op.attributes


class RegionKindInterface(Interface):
    """Regions are SSA CFGs (dominance applies) unless the op says `graph`."""

    __slots__ = ()

    @classmethod
    def region_kind(cls, op: "Operation", index: int) -> str:
        return "ssacfg"


def has_ssa_dominance(region: Any) -> bool:
    """Whether dominance orders `region`, as MLIR's DominanceInfo decides
    (cse, dominance queries): a multi-block region always; a single block
    unless its op declares a graph region through RegionKindInterface
    (builtin.module's body, ...). Unregistered ops and registered ops without
    the interface have SSA CFG regions here."""
    op = region.parent
    if op is None or len(region.blocks) > 1:
        return True
    d = op.opdef
    if d is None or not issubclass(d, RegionKindInterface):
        return True
    return d.region_kind(op, op.regions.index(region)) != "graph"


def may_be_graph_region(region: Any) -> bool:
    """MLIR's mayBeGraphRegion, which the verifier asks before checking
    dominance: a region its op declares a graph, or any region of an
    unregistered op (it may be a graph)."""
    op = region.parent
    if op is None:
        return False
    d = op.opdef
    if d is None:
        return True
    return issubclass(d, RegionKindInterface) and d.region_kind(op, op.regions.index(region)) == "graph"


@dataclass(frozen=True)
class Effect:
    """One memory effect: kind is read, write, allocate or free; resource
    names what is touched (`default` for unnamed memory)."""

    kind: str
    resource: str = "default"
    value: Any = None  # the operand/result affected, when known


READ, WRITE, ALLOCATE, FREE = "read", "write", "allocate", "free"


class MemoryEffectsInterface(Interface):
    """Ops with effects list them; `Pure` ops have none; ops implementing
    neither are assumed to have every effect (as MLIR assumes)."""

    __slots__ = ()

    @classmethod
    def effects(cls, op: "Operation") -> list[Effect]:
        return []


class InferTypeOpInterface(Interface):
    """Result types follow from operands and attributes; the verifier checks
    the declared ones against the inferred ones."""

    __slots__ = ()

    @classmethod
    def infer_result_types(cls, op: "Operation") -> "list[Type] | None":
        """Inferred result types, or None when they cannot be inferred."""
        return None

    @classmethod
    def compatible_return_types(cls, inferred: "Sequence[Type]", actual: "Sequence[Type]") -> bool:
        return len(inferred) == len(actual) and all(a is b for a, b in zip(inferred, actual))


class BranchOpInterface(Interface):
    """A terminator with successors: operands forwarded to successor i."""

    __slots__ = ()

    @classmethod
    def successor_operands(cls, op: "Operation", index: int) -> "list[Value]":
        return op.operands if len(op.successors) == 1 else []


class RegionBranchOpInterface(Interface):
    """An op whose regions are entered and left as structured control flow
    (while, if, for): used by dataflow analyses and the interpreter."""

    __slots__ = ()

    @classmethod
    def entry_regions(cls, op: "Operation") -> "list[int]":
        return list(range(len(op.regions)))


def _declared_attr(op: "Operation", name: str) -> Any:
    """The value of op's declared attribute field `name`, or None when its
    definition declares no such field (or it is absent)."""
    d = op.opdef
    if d is None or not any(f.name == name for f in d.attr_defs):
        return None
    return d.get(op, name)


class AffinityOpInterface(Interface):
    """An op placed on devices by an affinity attribute (IREE's Stream
    AffinityOpInterface). Passes and analyses read and set the placement
    through it, whatever the op; the defaults use the declared `affinity`
    field. Methods are named get_/set_ so the declared field does not shadow
    them."""

    __slots__ = ()

    @classmethod
    def get_affinity(cls, op: "Operation") -> Any:
        return _declared_attr(op, "affinity")

    @classmethod
    def set_affinity(cls, op: "Operation", value: Any) -> None:
        if value is None:
            op.remove_attr("affinity")
        else:
            op.set_attr("affinity", value)


class CollectiveOpInterface(Interface):
    """An op that exchanges data between devices (StableHLO's collectives,
    send and recv): its replica groups (None for point-to-point ops), its
    channel and whether its ids are global device ids. The defaults read the
    declared `replica_groups`, `channel_handle` and `use_global_device_ids`
    fields (None/False where the op declares none)."""

    __slots__ = ()

    @classmethod
    def get_replica_groups(cls, op: "Operation") -> Any:
        return _declared_attr(op, "replica_groups")

    @classmethod
    def get_channel_handle(cls, op: "Operation") -> Any:
        return _declared_attr(op, "channel_handle")

    @classmethod
    def uses_global_device_ids(cls, op: "Operation") -> bool:
        a = _declared_attr(op, "use_global_device_ids")
        return a is not None and bool(getattr(a, "value", True))  # a UnitAttr has no value: present means set


def affinity_of(op: "Operation") -> Any:
    """op's affinity through AffinityOpInterface (None: none, or op is not placed by one)."""
    d = op.opdef
    return d.get_affinity(op) if d is not None and issubclass(d, AffinityOpInterface) else None


def replica_groups_of(op: "Operation") -> Any:
    """op's replica groups through CollectiveOpInterface (None: none, or not a collective)."""
    d = op.opdef
    return d.get_replica_groups(op) if d is not None and issubclass(d, CollectiveOpInterface) else None


def channel_handle_of(op: "Operation") -> Any:
    """op's channel through CollectiveOpInterface (None: none, or not a collective)."""
    d = op.opdef
    return d.get_channel_handle(op) if d is not None and issubclass(d, CollectiveOpInterface) else None


def uses_global_device_ids(op: "Operation") -> bool:
    """Whether a CollectiveOpInterface op numbers devices globally (False for other ops)."""
    d = op.opdef
    return d is not None and issubclass(d, CollectiveOpInterface) and d.uses_global_device_ids(op)
