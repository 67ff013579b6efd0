"""IREE's HAL dialect (hal): the device and executable-target attributes
that say where stream ops run and how their encodings resolve.

`#hal.device.target<"local", {config}, [#hal.executable.target<...>, ...]> : !hal.device`,
`#hal.executable.target<"backend", "format", {config}>`,
`#hal.device.affinity<@device[, [queues]]>`, `#hal.device.optimal<[affinities]>`,
`#hal.device.select<[devices]> : !hal.device`. Targets print through aliases
named as IREE names them (`#device_target_<id>[_<ordinal>_]`,
`#executable_target_<format>`).

Ops in IREE's custom forms (grammars/hal.lark): executables
(hal.executable[.source|.variant] with their implicit end ops,
.export/.condition/.constant.block/.binary), the interface ops of dispatch
functions (hal.interface.binding.subspan/constant.load/workgroup.*,
hal.executable.constant.load). Ops in IREE's declared assembly formats
(`assembly_format` on the class): tensor <-> buffer pseudo-ops
(hal.tensor.*), buffer views and their element/encoding/memory/usage codes,
executable handles (hal.executable.create/lookup/...), hal.dispatch.extern
and the hal.instrument.* ops. Other HAL ops pass through generically.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.dialects.hal_enums import bit_enum_text, enum_cases, parse_bit_enum
from hlopt.dialects.syntax_util import arg_loc_text, end_op_written
from hlopt.ir.attributes import (
    ArrayAttr,
    Attribute,
    DictionaryAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
    quote,
    symbol_name_text,
)
from hlopt.ir.constraints import (
    AnyComplex,
    AnyFloat,
    AnyOf,
    AnySignless,
    Array,
    Constraint,
    Dict,
    FlatSymbolRef,
    Index,
    IndexAttr,
    IsA,
    Str,
    Unit,
)
from hlopt.ir.core import IRError, Operation, Region
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import SymbolOpInterface
from hlopt.ir.opdef import (
    OpDef,
    attr,
    operand,
    opt_attr,
    opt_operand,
    region,
    result,
    var_operand,
    var_region,
    var_result,
)
from hlopt.ir.symbols import symbol_name
from hlopt.ir.traits import (
    AttrSizedOperandSegments,
    HasParent,
    IsolatedFromAbove,
    Pure,
    Symbol,
    SymbolTable,
    Terminator,
    op_error,
)
from hlopt.ir.types import OpaqueType, RankedTensorType, UnrankedTensorType
from hlopt.ir.types import i32 as _i32_type
from hlopt.ir.types import i64 as _i64_type
from hlopt.ir.types import index as _index_type
from hlopt.syntax import (
    AllTypesMatch,
    AttrSyntax,
    BareInteger,
    FixedType,
    SymbolRef,
    UnitKeyword,
    UntypedAttr,
)


def _text(a: Any, p: Any) -> str:
    if p is None or not a.has_alias_parts:
        return a.text
    return p.attr_text(a)


def _sanitize(s: str) -> str:
    return re.sub(r"[^A-Za-z0-9_]", "_", s)


class ExecutableTargetAttr(Attribute):
    """`#hal.executable.target<"backend", "format"[, {config}]>`."""

    __slots__ = ("backend", "format", "config")

    def __new__(cls, backend: str, format: str, config: DictionaryAttr | None = None):
        if config is not None and not len(config):
            config = None
        return cls._make((backend, format, config))

    def _init(self, backend, format, config) -> None:
        self.backend, self.format, self.config = backend, format, config
        self.has_alias_parts = True

    def print_with(self, p: Any) -> str:
        s = f"#hal.executable.target<{quote(self.backend)}, {quote(self.format)}"
        if self.config is not None:
            s += ", " + _text(self.config, p)
        return s + ">"

    def alias_prefix(self) -> str:
        return "executable_target_" + _sanitize(self.format)

    def alias_children(self) -> Sequence[Any]:
        return (self.config,) if self.config is not None else ()

    @property
    def resolver(self) -> Attribute | None:
        """The target's `iree.encoding.resolver` (None: it has none)."""
        return self.config.get("iree.encoding.resolver") if self.config is not None else None


class DeviceTargetAttr(Attribute):
    """`#hal.device.target<"id"[, {config}][, [targets]]> : !hal.device`."""

    __slots__ = ("device_id", "config", "targets", "type")

    def __new__(cls, device_id: str, config: DictionaryAttr | None = None,
                targets: Sequence[Attribute] | None = None, type: Any = None):
        if config is not None and not len(config):
            config = None
        return cls._make((device_id, config, tuple(targets) if targets else None, type))

    def _init(self, device_id, config, targets, type) -> None:
        self.device_id, self.config, self.targets, self.type = device_id, config, targets, type
        self.has_alias_parts = True

    def with_type(self, t: Any) -> "DeviceTargetAttr":
        return DeviceTargetAttr(self.device_id, self.config, self.targets, t)

    def print_with(self, p: Any) -> str:
        s = f"#hal.device.target<{quote(self.device_id)}"
        if self.config is not None:
            s += ", " + _text(self.config, p)
        if self.targets:
            s += ", [" + ", ".join(_text(t, p) for t in self.targets) + "]"
        s += ">"
        if self.type is not None:
            s += " : " + (self.type.text if p is None else p.type_text(self.type))
        return s

    def alias_prefix(self) -> str:
        s = "device_target_" + _sanitize(self.device_id)
        ordinal = self.config.get("ordinal") if self.config is not None else None
        if isinstance(ordinal, IntegerAttr):
            s += f"_{ordinal.value}_"
        return s

    def alias_children(self) -> Sequence[Any]:
        out: list = []
        if self.config is not None:
            out.append(self.config)
        out.extend(self.targets or ())
        if self.type is not None:
            out.append(self.type)
        return out

    def executable_targets(self) -> tuple:
        return self.targets or ()


class DeviceSelectAttr(Attribute):
    """`#hal.device.select<[device, ...]> : !hal.device`: one of several devices."""

    __slots__ = ("devices", "type")

    def __new__(cls, devices: Sequence[Attribute], type: Any = None):
        return cls._make((tuple(devices), type))

    def _init(self, devices, type) -> None:
        self.devices, self.type = devices, type
        self.has_alias_parts = any(d.has_alias_parts for d in devices)

    def with_type(self, t: Any) -> "DeviceSelectAttr":
        return DeviceSelectAttr(self.devices, t)

    def print_with(self, p: Any) -> str:
        s = "#hal.device.select<[" + ", ".join(_text(d, p) for d in self.devices) + "]>"
        if self.type is not None:
            s += " : " + (self.type.text if p is None else p.type_text(self.type))
        return s

    def alias_children(self) -> Sequence[Any]:
        return self.devices + ((self.type,) if self.type is not None else ())

    def executable_targets(self) -> tuple | None:
        """The devices' targets in IREE's order (DeviceAnalysis's worklist is
        a set popped from the back: the last device first, a nested select's
        devices before the ones listed ahead of it). None when a device is
        not a modelled device attribute (a fallback, an opaque attribute)."""
        worklist: dict = dict.fromkeys(reversed(self.devices))  # popped from the front here
        devices: dict = {}
        while worklist:
            d = next(iter(worklist))
            del worklist[d]
            if isinstance(d, DeviceSelectAttr):
                worklist = {**dict.fromkeys(x for x in reversed(d.devices) if x not in worklist), **worklist}
            elif isinstance(d, DeviceTargetAttr):
                devices.setdefault(d, None)
            else:
                return None
        out: dict = {}
        for d in devices:
            for t in d.executable_targets():
                out.setdefault(t, None)
        return tuple(out)


class DeviceAffinityAttr(Attribute):
    """`#hal.device.affinity<@device[, [queue, ...]]>`."""

    __slots__ = ("device", "queues")

    def __new__(cls, device: SymbolRefAttr, queues: Sequence[int] | None = None):
        return cls._make((device, tuple(queues) if queues is not None else None))

    def _init(self, device, queues) -> None:
        self.device, self.queues = device, queues

    def print_with(self, p: Any) -> str:
        s = "#hal.device.affinity<" + self.device.text
        if self.queues is not None:
            s += ", [" + ", ".join(map(str, self.queues)) + "]"
        return s + ">"

    def devices(self) -> tuple[str, ...]:
        return (self.device.root,)


class DeviceOptimalAttr(Attribute):
    """`#hal.device.optimal<[affinity, ...]>`: whichever of them is best."""

    __slots__ = ("affinities",)

    def __new__(cls, affinities: Sequence[Attribute]):
        return cls._make((tuple(affinities),))

    def _init(self, affinities) -> None:
        self.affinities = affinities
        self.has_alias_parts = any(a.has_alias_parts for a in affinities)

    def print_with(self, p: Any) -> str:
        return "#hal.device.optimal<[" + ", ".join(_text(a, p) for a in self.affinities) + "]>"

    def alias_children(self) -> Sequence[Any]:
        return self.affinities

    def devices(self) -> tuple[str, ...]:
        out: dict = {}
        for a in self.affinities:
            for d in getattr(a, "devices", lambda: ())():
                out.setdefault(d, None)
        return tuple(out)


# ---------------------------------------------------------------------------
# parsing


_HEAD = re.compile(r"#hal\.([A-Za-z_][\w.]*?)(?=<|$)")


def _err(msg: str) -> Exception:
    from hlopt.syntax import SyntaxErr

    return SyntaxErr(msg)


def _nested(text: str) -> Any:
    from hlopt.syntax import parse_nested

    return parse_nested(text.strip(), "attr")


def _split(body: str) -> list[str]:
    from hlopt.syntax import split_top

    parts = [x.strip() for x in split_top(body)]
    return [] if parts == [""] else parts


def _string(text: str, what: str) -> str:
    a = _nested(text)
    if not isinstance(a, StringAttr):
        raise _err(f"expected a string {what}")
    return a.value


def _array(text: str, what: str) -> tuple:
    a = _nested(text)
    if not isinstance(a, ArrayAttr):
        raise _err(f"expected a list of {what}")
    return a.elements


def parse_attribute(text: str) -> Attribute | None:
    m = _HEAD.match(text)
    if m is None:
        return None
    name = m.group(1)
    rest = text[m.end():].strip()
    if not (rest.startswith("<") and rest.endswith(">")):
        return None
    if name == "pipeline.layout":
        return PipelineLayoutAttr(" ".join(rest[1:-1].split()))
    if name == "executable.objects":
        return _parse_objects(rest[1:-1])
    parts = _split(rest[1:-1])
    if name == "executable.target":
        if len(parts) not in (2, 3):
            raise _err("expected #hal.executable.target<\"backend\", \"format\"[, {config}]>")
        cfg = _nested(parts[2]) if len(parts) == 3 else None
        if cfg is not None and not isinstance(cfg, DictionaryAttr):
            raise _err("expected a configuration dictionary")
        return ExecutableTargetAttr(_string(parts[0], "backend"), _string(parts[1], "format"), cfg)
    if name == "device.target":
        if not parts:
            raise _err("expected a device identifier")
        cfg, targets = None, None
        for piece in parts[1:]:
            if piece.startswith("{") and cfg is None and targets is None:
                cfg = _nested(piece)
            elif piece.startswith("[") and targets is None:
                targets = _array(piece, "executable targets")
            else:
                raise _err("unexpected parameter in #hal.device.target")
        return DeviceTargetAttr(_string(parts[0], "device identifier"), cfg, targets)
    if name == "device.affinity":
        if len(parts) not in (1, 2):
            raise _err("expected #hal.device.affinity<@device[, [queues]]>")
        dev = _nested(parts[0])
        if not isinstance(dev, SymbolRefAttr):
            raise _err("expected a device symbol reference")
        queues = None
        if len(parts) == 2:
            queues = [getattr(q, "value", None) for q in _array(parts[1], "queue ordinals")]
            if any(not isinstance(q, int) for q in queues):
                raise _err("expected integer queue ordinals")
        return DeviceAffinityAttr(dev, queues)
    if name == "device.optimal":
        if len(parts) != 1:
            raise _err("expected #hal.device.optimal<[affinities]>")
        return DeviceOptimalAttr(_array(parts[0], "affinities"))
    if name == "device.select":
        if len(parts) != 1:
            raise _err("expected #hal.device.select<[devices]>")
        return DeviceSelectAttr(_array(parts[0], "devices"))
    return None


class ExecutableObjectsAttr(Attribute):
    """`#hal.executable.objects<{#target = [#hal.executable.object<...>, ...], ...}>`:
    object files per executable target (the targets print through their aliases)."""

    __slots__ = ("entries",)

    def __new__(cls, entries: Sequence[tuple[Attribute, Attribute]]):
        return cls._make((tuple(entries),))

    def _init(self, entries) -> None:
        self.entries = entries
        self.has_alias_parts = True

    def print_with(self, p: Any) -> str:
        return "#hal.executable.objects<{" + ", ".join(f"{_text(t, p)} = {_text(o, p)}" for t, o in self.entries) + "}>"

    def alias_children(self) -> Sequence[Any]:
        return [x for e in self.entries for x in e]


def _split_top_equal(text: str) -> tuple[str, str] | None:
    """`key = value` split at the first `=` outside brackets and strings."""
    depth, i, n = 0, 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c in "<([{":
            depth += 1
        elif c in ">)]}":
            depth -= 1
        elif c == "=" and depth == 0:
            return text[:i], text[i + 1:]
        i += 1
    return None


def _parse_objects(body: str) -> ExecutableObjectsAttr:
    inner = body.strip()
    if not (inner.startswith("{") and inner.endswith("}")):
        raise _err("expected '{' in #hal.executable.objects")
    entries = []
    for piece in _split(inner[1:-1]):
        kv = _split_top_equal(piece)
        if kv is None:
            raise _err("expected '#target = [objects]' in #hal.executable.objects")
        objs = _nested(kv[1])
        if not isinstance(objs, ArrayAttr):
            raise _err("expected an array of executable objects")
        entries.append((_nested(kv[0]), objs))
    return ExecutableObjectsAttr(entries)


class PipelineLayoutAttr(Attribute):
    """`#hal.pipeline.layout<...>`, kept as (whitespace-normalized) text;
    printed through a `#pipeline_layout` alias, as IREE's dialect names it."""

    __slots__ = ("body",)

    def __new__(cls, body: str):
        return cls._make((body,))

    def _init(self, body) -> None:
        self.body = body
        self.has_alias_parts = True

    def print_with(self, p: Any) -> str:
        return f"#hal.pipeline.layout<{self.body}>"

    def alias_prefix(self) -> str | None:
        return "pipeline_layout"


def unqualified(p: Any, a: Any) -> str:
    """An attribute where an assembly format prints it unqualified: its
    alias, or its text without the `#hal.<mnemonic>` prefix."""
    text = p.attr_text(a)
    if text.startswith("#hal."):
        i = text.find("<")
        if i > 0:
            return text[i:]
    return text


def _visibility_prefix(op: Operation) -> str:
    from hlopt.dialects.util import visibility_prefix

    return visibility_prefix(op)


class _ContainerOp(OpDef):
    """A symbol op with one block ended by an implicit terminator
    (`end_op`), printed `name [visibility] <head> @sym <tail> attributes {...} { ... }`."""

    end_op = ""

    @classmethod
    def head_text(cls, op: Operation, p: Any) -> str | None:
        """What follows the symbol name, before the attribute dictionary."""
        return ""

    @classmethod
    def head_attrs(cls, op: Operation) -> list[Any]:
        """The properties the form prints, in print order (for aliases)."""
        return []

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        name = symbol_name(op)  # every container op declares sym_name
        if name is None or len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
            return None
        tail = cls.head_text(op, p)
        if tail is None:
            return None
        s = cls.name + " " + _visibility_prefix(op) + cls.prefix_text(op) + symbol_name_text(name) + tail
        s += p.attr_dict(op.attributes, keyword=True)
        return s + " " + p.region(op.regions[0], print_terminators=cls.custom_prints_terminators(op, 0))

    @classmethod
    def prefix_text(cls, op: Operation) -> str:
        return ""

    @classmethod
    def custom_prints_terminators(cls, op: Operation, region_index: int) -> bool:
        # the implicit end op is written out only when it carries attributes (as IREE prints it)
        return end_op_written(op, cls.end_op)

    @classmethod
    def custom_visit_items(cls, op: Operation, debuginfo: bool) -> list[tuple] | None:
        # an elided end op is not printed: its location gets no alias
        if len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
            return None
        written = end_op_written(op, cls.end_op)
        return [("a", v, False) for v in cls.head_attrs(op)] + \
            [("a", v, False) for _, v in op.attributes.entries] + \
            [("op", o) for o in op.regions[0].blocks[0].ops if written or o.name != cls.end_op]


class ExecutableSourceOp(_ContainerOp, SymbolOpInterface):
    """`hal.executable.source private @ex attributes {...} { ... }`."""

    name = "hal.executable.source"
    summary = "Generic source contents of an executable op"
    sym_name = attr(Str)
    sym_visibility = opt_attr(Str)
    objects = opt_attr()
    body = region(1)
    traits = (IsolatedFromAbove(), Symbol(), SymbolTable())
    default_dialect = "hal"
    end_op = "hal.executable.source_end"

    @classmethod
    def head_text(cls, op: Operation, p: Any) -> str | None:
        # `objects` has no keyword: MLIR's implicit prop-dict, the attribute unqualified
        objects = op.objects
        return f" <objects = {unqualified(p, objects)}>" if objects is not None else ""

    @classmethod
    def head_attrs(cls, op: Operation) -> list[Any]:
        return [op.objects] if op.objects is not None else []

    @classmethod
    def verify(cls, op: Operation) -> None:
        _one_condition(op, "an executable")


def _one_condition(op: Operation, where: str) -> None:
    if len(op.regions) == 1 and op.regions[0].blocks and \
            sum(isinstance(o, ExecutableConditionOp) for o in op.regions[0].blocks[0].ops) > 1:
        raise op_error(op, f"only one condition op is allowed in {where}")




def _print_end(cls: type, op: Operation, p: Any) -> str | None:
    """A container's terminator written out: `NAME attr-dict`."""
    if op.operands or op.results or op.regions or op.properties:
        return None
    return f"{cls.name}{p.attr_dict(op.attributes)}"


def hal_end(s: Any, c: list) -> tuple[Operation, int]:
    kw, attrs = c
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation(str(kw), [], [], {}, a), kw.start_pos


class ExecutableSourceEndOp(OpDef):
    name = "hal.executable.source_end"
    summary = "Terminator pseudo-op for the executable source op"
    traits = (Terminator(), HasParent("hal.executable.source"))
    print_custom = classmethod(_print_end)


class ExecutableOp(_ContainerOp, SymbolOpInterface):
    """`hal.executable private [lazy] @ex { variants... }`."""

    name = "hal.executable"
    summary = "Target-specific executable module"
    sym_visibility = opt_attr(Str)
    sym_name = attr(Str)
    lazy = opt_attr(Unit)
    body = region(1)
    traits = (IsolatedFromAbove(), Symbol(), SymbolTable())
    default_dialect = "hal"
    end_op = "hal.executable_end"

    @classmethod
    def prefix_text(cls, op: Operation) -> str:
        return "lazy " if op.lazy is not None else ""


class ExecutableEndOp(OpDef):
    name = "hal.executable_end"
    summary = "Terminator pseudo-op for the executable op"
    traits = (Terminator(), HasParent("hal.executable"))
    print_custom = classmethod(_print_end)


class ExecutableVariantOp(_ContainerOp, SymbolOpInterface):
    """`hal.executable.variant public @v target(#t) [objects(...)] [sources(...)] { ... }`."""

    name = "hal.executable.variant"
    summary = "Target-specific variant of an executable op"
    sym_visibility = opt_attr(Str)
    sym_name = attr(Str)
    target = attr(IsA(ExecutableTargetAttr, "executable target attribute"))
    objects = opt_attr(Array)
    sources = opt_attr(Dict)
    body = region(1)
    traits = (IsolatedFromAbove(), HasParent("hal.executable"), Symbol(), SymbolTable())
    default_dialect = "hal"
    end_op = "hal.executable.variant_end"

    @classmethod
    def head_attrs(cls, op: Operation) -> list[Any]:
        return [a for a in (op.target, op.objects, op.sources) if a is not None]

    @classmethod
    def head_text(cls, op: Operation, p: Any) -> str | None:
        target = op.target
        if target is None:
            return None
        s = f" target({unqualified(p, target)})"
        for k, a in (("objects", op.objects), ("sources", op.sources)):
            if a is not None:
                s += f" {k}({p.attr_text(a)})"
        return s

    @classmethod
    def verify(cls, op: Operation) -> None:
        _one_condition(op, "a variant")


class ExecutableVariantEndOp(OpDef):
    name = "hal.executable.variant_end"
    summary = "Terminator pseudo-op for the executable variant op"
    traits = (Terminator(), HasParent("hal.executable.variant"))
    print_custom = classmethod(_print_end)


def _prop_dict(op: Operation, keys: Sequence[str], p: Any, untyped: Sequence[str] = ()) -> str:
    """MLIR's implicit prop-dict: the properties the format leaves out, in
    declaration order, as ` <k = v, ...>` (index attributes without type)."""
    parts = []
    for k in keys:
        v = op.properties.get(k)
        if v is None:
            continue
        text = str(v.value) if k in untyped and isinstance(v, IntegerAttr) else p.attr_text(v)
        parts.append(f"{k} = {text}")
    return " <" + ", ".join(parts) + ">" if parts else ""


def _signature_region(kw: str, r: Region, results: str, p: Any) -> str | None:
    """` kw(%a: T, ...) -> R { ... }` of a region whose arguments the form
    declares (IREE's custom<WorkgroupCountRegion> and friends)."""
    if len(r.blocks) != 1:
        return None
    args = ", ".join(f"{p.value(a)}: {p.type_text(a.type)}" + arg_loc_text(p, a) for a in r.blocks[0].args)
    return f" {kw}({args}) -> {results} " + p.region(r)


class ExecutableExportOp(OpDef, SymbolOpInterface):
    """`hal.executable.export public @fn [ordinal(N)] layout(#layout)
    [condition(...) -> i1 {...} fallback(@f)] [count(...) -> (index, index, index) {...}]
    [<other properties>] [attributes {...}]`."""

    name = "hal.executable.export"
    summary = "Executable entry point declaration"
    sym_visibility = opt_attr(Str)
    sym_name = attr(Str)
    ordinal = opt_attr(IndexAttr)
    layout = attr(IsA(PipelineLayoutAttr, "executable entry point layout specification"))
    condition_fallback = opt_attr(FlatSymbolRef)
    workgroup_size = opt_attr(Array)
    subgroup_size = opt_attr(IndexAttr)
    workgroup_local_memory = opt_attr(IndexAttr)
    source_locs = opt_attr(Dict)
    workgroup_count = region()
    condition = region()
    traits = (Symbol(), HasParent("hal.executable.source", "hal.executable.variant"), IsolatedFromAbove())
    _PROP_DICT = ("workgroup_size", "subgroup_size", "workgroup_local_memory", "source_locs")

    @classmethod
    def custom_prints_entry_args(cls, op: Operation, region_index: int = 0) -> bool:
        return True

    @classmethod
    def custom_visit_items(cls, op: Operation, debuginfo: bool) -> list[tuple] | None:
        if len(op.regions) != 2:
            return None
        props = op.properties
        seq: list[tuple] = [("a", op.layout, False)] if op.layout is not None else []
        for r in (op.regions[1], op.regions[0]):  # condition, then count, as printed
            seq.extend(("blk", b, True, True) for b in r.blocks)
        seq.extend(("a", props.get(k), False) for k in cls._PROP_DICT if props.get(k) is not None)
        return seq + [("a", v, False) for _, v in op.attributes.entries]

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        name, layout, ordinal = op.sym_name, op.layout, op.ordinal
        fallback = op.condition_fallback
        if not isinstance(name, StringAttr) or layout is None or len(op.regions) != 2 \
                or (ordinal is not None and not isinstance(ordinal, IntegerAttr)):
            return None
        s = "hal.executable.export " + _visibility_prefix(op) + symbol_name_text(name.value)
        if ordinal is not None:
            s += f" ordinal({ordinal.value})"
        s += f" layout({p.attr_text(layout)})"
        count, cond = op.regions
        if cond.blocks:
            c = _signature_region("condition", cond, "i1", p)
            if c is None:
                return None
            s += c
        if fallback is not None:
            s += f" fallback({fallback.text})"
        if count.blocks:
            c = _signature_region("count", count, "(index, index, index)", p)
            if c is None:
                return None
            s += c
        s += _prop_dict(op, cls._PROP_DICT, p, untyped=("subgroup_size", "workgroup_local_memory"))
        return s + p.attr_dict(op.attributes, keyword=True)

    @classmethod
    def verify(cls, op: Operation) -> None:
        count, cond = op.regions
        fallback = op.condition_fallback
        if cond.blocks:
            if len(cond.blocks) != 1:
                raise op_error(op, "expected a single region block for the condition")
            _check_device_workload(op, cond, "condition region")
            for o in cond.blocks[0].ops:
                if isinstance(o, ReturnOp) and [t.text for t in o.operand_types] != ["i1"]:
                    raise IRError("condition region must return a boolean value", op)
            if fallback is None:
                raise op_error(op, "must have a fallback if a condition region is defined")
        elif fallback is not None:
            raise op_error(op, "fallback must only be present if a condition region is defined")
        if count.blocks:
            if len(count.blocks) != 1:
                raise op_error(op, "expected a single region block for the workgroup count")
            _check_device_workload(op, count, "workgroup_count")
            for o in count.blocks[0].ops:
                if isinstance(o, ReturnOp) and [t.text for t in o.operand_types] != ["index"] * 3:
                    raise IRError("workgroup count region must return the XYZ dimension counts as `index` types", op)


def _check_device_workload(op: Operation, r: Region, what: str) -> None:
    """A region taking (%device: !hal.device, %workload_0: index, ...)."""
    args = r.blocks[0].args
    if not args or args[0].type.text != "!hal.device" or any(a.type.text != "index" for a in args[1:]):
        raise op_error(op, f"expected {what} to take (%device: !hal.device, %workload_0: index, "
                           "%workload_1: index, ...")


class ReturnOp(OpDef):
    name = "hal.return"
    summary = "Return from a hal.* region"
    operands_ = var_operand()
    traits = (Terminator(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        # in a function-like parent (condition, constant block) the values match its signature
        parent = op.parent_op
        if not isinstance(parent, (ExecutableConditionOp, ExecutableConstantBlockOp)):
            return
        ft = getattr(parent.function_type, "type", None)
        if ft is None or not hasattr(ft, "results"):
            return
        if len(op.operands) != len(ft.results):
            raise op_error(op, "return must have the same number of operands as the parent result signature "
                               f"(have {len(op.operands)}, expected {len(ft.results)})")
        for i, (v, t) in enumerate(zip(op.operands, ft.results)):
            if v.type is not t:
                raise op_error(op, f"parent expected result {i} to be '{t.text}' but returning '{v.type.text}'")

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        from hlopt.dialects.util import return_text

        return return_text("hal.return", op, p)


class ExecutableConditionOp(OpDef):
    """`hal.executable.condition(%device: !hal.device) -> i1 { ... } [attributes {...}]`."""

    name = "hal.executable.condition"
    summary = "Host code to determine if the executable is enabled"
    function_type = attr()
    arg_attrs = opt_attr(Array)
    res_attrs = opt_attr(Array)
    body = region()
    traits = (IsolatedFromAbove(),)

    @classmethod
    def custom_prints_entry_args(cls, op: Operation, region_index: int = 0) -> bool:
        return True

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if len(op.regions) != 1:
            return None
        r = op.regions[0]
        s = "hal.executable.condition"
        if r.blocks:
            c = _signature_region("", r, "i1", p)
            if c is None:
                return None
            s += c[1:]
        return s + p.attr_dict(op.attributes, keyword=True)

    @classmethod
    def verify(cls, op: Operation) -> None:
        _verify_entry_args(op, op.function_type)
        _verify_target_condition(op, op.regions[0])


def _verify_entry_args(op: Operation, function_type: Any) -> None:
    """FunctionOpInterface's check of the entry block against the op's `function_type`."""
    ft = getattr(function_type, "type", None)
    if ft is None or not hasattr(ft, "inputs") or not op.regions or not op.regions[0].blocks:
        return
    args = op.regions[0].blocks[0].args
    if len(args) != len(ft.inputs):
        raise op_error(op, f"entry block must have {len(ft.inputs)} arguments to match function signature")
    for i, (a, t) in enumerate(zip(args, ft.inputs)):
        if a.type is not t:
            raise op_error(op, f"type of entry block argument #{i}('{a.type.text}') must match the type of the "
                               f"corresponding argument in function signature('{t.text}')")


def _verify_target_condition(op: Operation, r: Region) -> None:
    if not r.blocks:
        return
    args = r.blocks[0].args
    if len(args) != 1 or args[0].type.text != "!hal.device":
        raise op_error(op, "target condition region must take a !hal.device")
    for b in r.blocks:
        for o in b.ops:
            if isinstance(o, ReturnOp) and [t.text for t in o.operand_types] != ["i1"]:
                raise op_error(o, "target condition region must return a single i1 result")


class ExecutableConstantBlockOp(OpDef):
    """`hal.executable.constant.block(%device: !hal.device) -> (i32, i32) as ("a", "b") { ... }`."""

    name = "hal.executable.constant.block"
    summary = "Executable constant block initializer"
    function_type = attr()
    keys = attr(Array)
    arg_attrs = opt_attr(Array)
    res_attrs = opt_attr(Array)
    body = region()
    traits = (HasParent("hal.executable.source", "hal.executable.variant"), IsolatedFromAbove())

    @classmethod
    def custom_prints_entry_args(cls, op: Operation, region_index: int = 0) -> bool:
        return True

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        ft = getattr(op.function_type, "type", None)
        keys = op.keys
        if ft is None or not hasattr(ft, "inputs") or not isinstance(keys, ArrayAttr) or len(op.regions) != 1 \
                or len(op.regions[0].blocks) < 1 or op.arg_attrs is not None \
                or op.res_attrs is not None:
            return None
        r = op.regions[0]
        b = r.blocks[0]
        if len(b.args) != len(ft.inputs):
            return None
        s = "hal.executable.constant.block(" + ", ".join(
            f"{p.value(a)}: {p.type_text(t)}" + arg_loc_text(p, a) for a, t in zip(b.args, ft.inputs)) + ")"
        if len(ft.results) == 1 and not hasattr(ft.results[0], "inputs"):
            s += " -> " + p.type_text(ft.results[0])
        elif ft.results:
            s += " -> (" + p.types(ft.results) + ")"
        k = ", ".join(p.attr_text(x) for x in keys.elements)
        s += " as " + (k if len(ft.results) == 1 else f"({k})")
        return s + p.attr_dict(op.attributes, keyword=True) + " " + p.region(r)

    @classmethod
    def custom_visit_items(cls, op: Operation, debuginfo: bool) -> list[tuple] | None:
        ft = getattr(op.function_type, "type", None)
        keys = op.keys
        if ft is None or not hasattr(ft, "inputs") or not isinstance(keys, ArrayAttr) or len(op.regions) != 1:
            return None
        seq: list[tuple] = [("a", t, False) for t in ft.inputs]
        if debuginfo and op.regions[0].blocks:
            seq.extend(("a", a.location, False) for a in op.regions[0].blocks[0].args if a.location is not None)
        seq.extend(("a", t, False) for t in ft.results)
        seq.extend(("a", x, False) for x in keys.elements)
        seq.extend(("a", v, False) for _, v in op.attributes.entries)
        return seq + [("blk", b, i > 0) for i, b in enumerate(op.regions[0].blocks)]

    @classmethod
    def verify(cls, op: Operation) -> None:
        _verify_entry_args(op, op.function_type)
        ft = op.function_type.type
        if ft.inputs and (len(ft.inputs) > 1 or ft.inputs[0].text != "!hal.device"):
            raise op_error(op, "initializer must take a !hal.device or nothing")
        for i, t in enumerate(ft.results):
            if t.text != "i32":
                raise op_error(op, f"initializer must return only i32 values (result {i} is '{t.text}')")
        if len(ft.results) != len(op.keys):
            raise op_error(op, "must have one key for every result")


class ExecutableBinaryOp(OpDef, SymbolOpInterface):
    """`hal.executable.binary public @b <format = "...", data = ..., mime_type = "..."> attributes {...}`."""

    name = "hal.executable.binary"
    summary = "Compiled executable binary data"
    sym_visibility = opt_attr(Str)
    sym_name = attr(Str)
    format = attr(Str)
    data = attr()
    mime_type = opt_attr(Str)
    traits = (HasParent("hal.executable"), Symbol())

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        name = op.sym_name
        if not isinstance(name, StringAttr) or op.regions or op.operands or op.results:
            return None
        s = "hal.executable.binary " + _visibility_prefix(op) + symbol_name_text(name.value)
        return s + _prop_dict(op, ("format", "data", "mime_type"), p) + p.attr_dict(op.attributes, keyword=True)

    @classmethod
    def custom_visit_items(cls, op: Operation, debuginfo: bool) -> list[tuple] | None:
        props = op.properties
        return [("a", props.get(k), False) for k in ("format", "data", "mime_type") if props.get(k) is not None] \
            + [("a", v, False) for _, v in op.attributes.entries]


# ---------------------------------------------------------------------------
# executable interface ops (inside a variant's builtin.module)

_DESCRIPTOR_FLAGS = enum_cases("DescriptorFlags")
_PrimitiveType = AnyOf(Index, AnySignless, AnyFloat, AnyComplex,
                       summary="index or signless integer or floating-point or complex-type")


def _enum_error(op: str, key: str, cases: dict[str, int]) -> str:
    return (f"custom op '{op}' expected string or keyword containing one of the following enum values for "
            f"attribute '{key}' [{', '.join(cases)}]")


def _layout_counts(layout: Any) -> tuple[int, int] | None:
    """(constants, bindings) of a `#hal.pipeline.layout` (None: not one)."""
    if not isinstance(layout, PipelineLayoutAttr):
        return None
    m = re.match(r"\s*constants\s*=\s*(\d+)", layout.body)
    return (int(m.group(1)) if m else 0), layout.body.count("#hal.pipeline.binding<")


class InterfaceBindingSubspanOp(OpDef):
    """`hal.interface.binding.subspan layout(#l) binding(N) [alignment(A)]
    [offset(%o)] [flags(F)] : T[{%dims}]`."""

    name = "hal.interface.binding.subspan"
    summary = "Returns an alias to a subspan of interface binding data"
    byte_offset = opt_operand(Index)
    dynamic_dims = var_operand(Index)
    result_ = result()
    layout = attr(IsA(PipelineLayoutAttr, "executable entry point layout specification"))
    binding = attr(IndexAttr)
    alignment = opt_attr(IndexAttr)
    descriptor_flags = opt_attr(IsA(IntegerAttr, "valid Descriptor flags"))
    traits = (Pure(), AttrSizedOperandSegments())

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        props = op.properties
        layout, binding = props.get("layout"), props.get("binding")
        seg = props.get("operandSegmentSizes")
        if layout is None or not isinstance(binding, IntegerAttr) or seg is None or len(op.results) != 1:
            return None
        noff = list(seg.values)[0]
        off, dims = op.operands[:noff], op.operands[noff:]
        s = f"hal.interface.binding.subspan layout({unqualified(p, layout)}) binding({binding.value})"
        align, flags = props.get("alignment"), props.get("descriptor_flags")
        if align is not None:
            s += f" alignment({align.value})"
        if off:
            s += f" offset({p.value(off[0])})"
        if flags is not None:
            s += f" flags({bit_enum_text(flags.value, _DESCRIPTOR_FLAGS)})"
        s += p.attr_dict(op.attributes) + " : " + p.type_text(op.result_.type)
        return s + ("{" + p.values(dims) + "}" if dims else "")

    @classmethod
    def custom_visit_items(cls, op: Operation, debuginfo: bool) -> list[tuple] | None:
        return [("a", op.layout, False)] if op.layout is not None else None

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.result_.type
        shape = getattr(t, "shape", None)
        seg = op.properties.get("operandSegmentSizes")
        ndims = list(seg.values)[1] if seg is not None else 0
        if shape is not None:
            dyn = sum(1 for d in shape if d < 0)
            if dyn != ndims:
                raise op_error(op, f"result type '{t.text}' has {dyn} dynamic dimensions but {ndims} "
                                   "associated dimension SSA values")
        counts = _layout_counts(op.layout)
        b = op.binding.value
        if counts is not None and b >= counts[1]:
            raise op_error(op, f"binding ordinal {b} out of bounds in layout {op.layout.text}")


class InterfaceConstantLoadOp(OpDef):
    """`hal.interface.constant.load layout(#l) ordinal(N) [alignment(A)] [values([...])] : T`."""

    name = "hal.interface.constant.load"
    summary = "Loads a constant value from the interface constant block"
    result_ = result(_PrimitiveType)
    layout = attr(IsA(PipelineLayoutAttr, "executable entry point layout specification"))
    ordinal = attr(IndexAttr)
    alignment = opt_attr(IndexAttr)
    values = opt_attr(Array)
    traits = (Pure(),)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        props = op.properties
        layout, ordinal = props.get("layout"), props.get("ordinal")
        if layout is None or not isinstance(ordinal, IntegerAttr) or op.operands or len(op.results) != 1:
            return None
        s = f"hal.interface.constant.load layout({unqualified(p, layout)}) ordinal({ordinal.value})"
        align, values = props.get("alignment"), props.get("values")
        if align is not None:
            s += f" alignment({align.value})"
        if values is not None:
            s += f" values({p.attr_text(values)})"
        return s + p.attr_dict(op.attributes) + " : " + p.type_text(op.result_.type)

    @classmethod
    def custom_visit_items(cls, op: Operation, debuginfo: bool) -> list[tuple] | None:
        props = op.properties
        return [("a", a, False) for a in (props.get("layout"), props.get("values")) if a is not None] + \
            [("a", v, False) for _, v in op.attributes.entries] + [("a", op.result_.type, False)]

    @classmethod
    def verify(cls, op: Operation) -> None:
        counts = _layout_counts(op.layout)
        if counts is not None and op.ordinal.value >= counts[0]:
            raise op_error(op, "push constant ordinal out of bounds")


class _WorkgroupOp(OpDef):
    """`hal.interface.workgroup.<x>[D] [upper_bound N] : index`, named
    `%workgroup_<x>_x/y/z` for dimensions 0-2."""

    result_ = result(Index)
    dimension = attr(IndexAttr)
    upper_bound = opt_attr(IndexAttr)
    traits = (Pure(),)
    prefix = ""

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        d = op.dimension
        if isinstance(d, IntegerAttr) and 0 <= d.value <= 2:
            return [cls.prefix + "xyz"[d.value]]
        return None

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        d, ub = op.dimension, op.upper_bound
        if not isinstance(d, IntegerAttr) or op.operands or len(op.results) != 1:
            return None
        s = f"{cls.name}[{d.value}]" + (f" upper_bound {ub.value}" if ub is not None else "")
        return s + p.attr_dict(op.attributes) + " : " + p.type_text(op.result_.type)


class InterfaceWorkgroupIDOp(_WorkgroupOp):
    name = "hal.interface.workgroup.id"
    summary = "Returns the index of the current workgroup in the grid"
    prefix = "workgroup_id_"


class InterfaceWorkgroupCountOp(_WorkgroupOp):
    name = "hal.interface.workgroup.count"
    summary = "Returns the total workgroup count of the grid"
    prefix = "workgroup_count_"


class InterfaceWorkgroupSizeOp(_WorkgroupOp):
    name = "hal.interface.workgroup.size"
    summary = "Returns the size of each workgroup in invocations"
    prefix = "workgroup_size_"


class ExecutableConstantLoadOp(OpDef):
    """`hal.executable.constant.load "key" : i32`."""

    name = "hal.executable.constant.load"
    summary = "Loads a constant value from the executable constant block"
    result_ = result(_PrimitiveType)
    key = attr(Str)
    traits = (Pure(),)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        key = op.key
        if not isinstance(key, StringAttr) or op.operands or len(op.results) != 1:
            return None
        return f"hal.executable.constant.load {quote(key.value)}" + p.attr_dict(op.attributes) + \
            " : " + p.type_text(op.result_.type)


def hal_type(*names: str, summary: str) -> Constraint:
    """One of the `!hal.<name>` types (kept as opaque types)."""
    texts = frozenset("!hal." + n for n in names)
    return Constraint(lambda t: getattr(t, "text", None) in texts, summary)


# ---------------------------------------------------------------------------
# element/encoding/memory types, buffer usage and buffer views

_MEMORY_TYPES = enum_cases("MemoryType")
_BUFFER_USAGES = enum_cases("BufferUsage")
_I32 = Constraint(lambda t: getattr(t, "text", None) == "i32", "32-bit signless integer")
_BufferView = hal_type("buffer_view", summary="buffer_view")
_Buffer = hal_type("buffer", summary="buffer")


def sanitize_name(name: str) -> str:
    """MLIR's SSA name sanitizing: other characters become their hex code."""
    return "".join(c if c.isalnum() or c in "_$." else f"{ord(c):X}" for c in name)


def _element_type_supported(t: Any) -> bool:
    """Whether IREE's ElementTypeOp::getTypeValue maps `t` to a runtime value."""
    from hlopt.ir.types import ComplexType, FloatType, IntegerType

    if isinstance(t, IntegerType):
        return True
    if isinstance(t, FloatType):
        return t.text in ("f16", "f32", "f64", "f128", "bf16", "f8E5M2", "f8E4M3FN", "f8E5M2FNUZ",
                          "f8E4M3FNUZ", "f8E8M0FNU")
    if isinstance(t, ComplexType):
        return isinstance(t.element_type, (IntegerType, FloatType))
    return False


def _fixed(index_names: Sequence[str] = (), i32_names: Sequence[str] = (), i64_names: Sequence[str] = ()) -> tuple:
    """ODS's buildable types of the operands a format gives no type: Index, I32, I64."""
    return tuple(FixedType(n, t) for names, t in ((index_names, _index_type), (i32_names, _i32_type),
                                                  (i64_names, _i64_type)) for n in names)


class _StrictFormOp(OpDef):
    """HAL ops in IREE's declared assembly formats: the HAL dialect's strict properties (an inherent attribute
    in the attribute dictionary is an error)."""

    asm_strict_properties = True


class _BareType(AttrSyntax):
    """ODS's TypeAttr in a format: the type itself (`hal.element_type<f32>`)."""

    def can_start(self, p: Any) -> bool:
        return True

    def parse(self, p: Any, name: str) -> Any:
        return p.parse_type()

    def build(self, r: Any, value: Any) -> Any:
        return TypeAttr(r.type(value))

    def printable(self, a: Any) -> bool:
        return isinstance(a, TypeAttr)

    def print(self, p: Any, a: Any) -> None:
        p.print_type(a.type)


class _BitEnum(AttrSyntax):
    """An I32 bit enum: `HostVisible` or `"HostVisible|DeviceLocal"` (hal_enums' texts)."""

    def __init__(self, cases: dict[str, int]):
        self.cases = cases

    def parse(self, p: Any, name: str) -> Any:
        from hlopt.ir.types import i32

        at = p.location()
        word = p.parse_optional_string()
        bits = parse_bit_enum(word, self.cases) if word is not None else None
        if word is not None and bits is None:  # MLIR's message for a quoted case list
            raise p.error(f"invalid {name} attribute specification: {word}", at)
        if word is None:
            word = p.parse_optional_keyword()
            bits = self.cases.get(word) if word is not None else None
        if bits is None:
            raise p.error("expected string or keyword containing one of the following enum values for attribute "
                          f"'{name}' [{', '.join(self.cases)}]", at)
        return IntegerAttr(bits, i32)

    def printable(self, a: Any) -> bool:
        return isinstance(a, IntegerAttr)

    def print(self, p: Any, a: Any) -> None:
        p.write(bit_enum_text(a.value, self.cases))


class _HashAttr(AttrSyntax):
    """An optional attribute that only starts with `#` (hal.encoding_type's `<dense_row_major>` else branch)."""

    def can_start(self, p: Any) -> bool:
        return p.peek("#")


class _QuotedString(AttrSyntax):
    """A StrAttr (no `: type` after it) that may lead an optional group (`hal.tensor.import %v "name"`)."""

    typed = False

    def can_start(self, p: Any) -> bool:
        return p.peek('"')


class ElementTypeOp(_StrictFormOp):
    """`hal.element_type<f32> : i32`, named `%element_type_<type>`."""

    name = "hal.element_type"
    summary = "An iree_hal_element_type_t for the given MLIR type"
    result_ = result(_I32, name="result")
    type = attr(IsA(TypeAttr, "any type attribute"))
    traits = (Pure(),)
    assembly_format = "`<` $type `>` attr-dict `:` type($result)"
    attr_syntax = {"type": _BareType()}

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        assert isinstance(op, ElementTypeOp)  # (the type checker's view of the accessors below)
        t = op.type
        return [sanitize_name("element_type_" + t.type.text)] if isinstance(t, TypeAttr) else None

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, ElementTypeOp)  # (the type checker's view of the accessors below)
        if not _element_type_supported(op.type.type):
            raise op_error(op, "unsupported element type")


class EncodingTypeOp(_StrictFormOp):
    """`hal.encoding_type<dense_row_major> : i32` (no encoding attribute)."""

    name = "hal.encoding_type"
    summary = "An iree_hal_encoding_type_t for the given MLIR encoding"
    result_ = result(_I32, name="result")
    encoding = opt_attr()
    traits = (Pure(),)
    assembly_format = "`<` ($encoding^):(`` `dense_row_major`)? `>` attr-dict `:` type($result)"
    attr_syntax = {"encoding": _HashAttr()}

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        assert isinstance(op, EncodingTypeOp)  # (the type checker's view of the accessors below)
        return ["dense_row_major"] if op.encoding is None else None

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, EncodingTypeOp)  # (the type checker's view of the accessors below)
        if op.encoding is not None:
            raise op_error(op, "unsupported encoding type")


class MemoryTypeOp(_StrictFormOp):
    name = "hal.memory_type"
    summary = "An iree_hal_memory_type_t for the given memory type bits"
    result_ = result(_I32, name="result")
    type = attr(IsA(IntegerAttr, "valid MemoryType"))
    traits = (Pure(),)
    assembly_format = "`<` $type `>` attr-dict `:` type($result)"
    attr_syntax = {"type": _BitEnum(_MEMORY_TYPES)}

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["memory_type"]


class BufferUsageOp(_StrictFormOp):
    name = "hal.buffer_usage"
    summary = "An iree_hal_buffer_usage_t for the given usage bits"
    result_ = result(_I32, name="result")
    usage = attr(IsA(IntegerAttr, "valid BufferUsage"))
    traits = (Pure(),)
    assembly_format = "`<` $usage `>` attr-dict `:` type($result)"
    attr_syntax = {"usage": _BitEnum(_BUFFER_USAGES)}

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["buffer_usage"]


class BufferViewCreateOp(_StrictFormOp):
    """`hal.buffer_view.create buffer(%b : !hal.buffer)[%off, %len] shape([%d, ...])
    type(%et) encoding(%enc) : !hal.buffer_view [attributes {...}]`."""

    name = "hal.buffer_view.create"
    summary = "Buffer view reference initializer"
    source_buffer = operand(_Buffer)
    source_offset = operand(Index)
    source_length = operand(Index)
    element_type = operand(_I32)
    encoding_type = operand(_I32)
    shape = var_operand(Index)
    result_ = result(_BufferView, name="result")
    traits = (Pure(),)
    assembly_format = ("`buffer` `(` $source_buffer `:` type($source_buffer) `)` `` `[` $source_offset `,` "
                       "$source_length `]` `shape` `(` `[` $shape `]` `)` `type` `(` $element_type `)` "
                       "`encoding` `(` $encoding_type `)` `:` type($result) attr-dict-with-keyword")
    type_inference = _fixed(("source_offset", "source_length", "shape"), ("element_type", "encoding_type"))

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["view"]


class BufferViewAssertOp(_StrictFormOp):
    """`hal.buffer_view.assert<%bv : !hal.buffer_view> message("m") shape([...]) type(%et) encoding(%enc)`."""

    name = "hal.buffer_view.assert"
    summary = "Buffer view contents assertion"
    buffer_view = operand(_BufferView)
    element_type = operand(_I32)
    encoding_type = operand(_I32)
    shape = var_operand(Index)
    message = attr(Str)
    assembly_format = ("`<` $buffer_view `:` type($buffer_view) `>` `message` `(` $message `)` `shape` `(` `[` "
                       "$shape `]` `)` `type` `(` $element_type `)` `encoding` `(` $encoding_type `)` "
                       "attr-dict-with-keyword")
    type_inference = _fixed(("shape",), ("element_type", "encoding_type"))
    attr_syntax = {"message": UntypedAttr()}


class _BufferViewQueryOp(_StrictFormOp):
    """`hal.buffer_view.<query><%bv : !hal.buffer_view> : T [attributes {...}]`."""

    buffer_view = operand(_BufferView)
    traits = (Pure(),)
    result_name: str | None = None
    assembly_format = "`<` $buffer_view `:` type($buffer_view) `>` `:` type($result) attr-dict-with-keyword"

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return [cls.result_name] if cls.result_name else None


class BufferViewBufferOp(_BufferViewQueryOp):
    name = "hal.buffer_view.buffer"
    summary = "Buffer view buffer accessor"
    result_ = result(_Buffer, name="result")
    result_name = "buffer"


class BufferViewElementTypeOp(_BufferViewQueryOp):
    name = "hal.buffer_view.element_type"
    summary = "Buffer view element type query"
    result_ = result(_I32, name="result")


class BufferViewEncodingTypeOp(_BufferViewQueryOp):
    name = "hal.buffer_view.encoding_type"
    summary = "Buffer view encoding type query"
    result_ = result(_I32, name="result")


class BufferViewRankOp(_BufferViewQueryOp):
    name = "hal.buffer_view.rank"
    summary = "Buffer view rank query"
    result_ = result(Index, name="result")


class BufferViewDimOp(_BufferViewQueryOp):
    name = "hal.buffer_view.dim"
    summary = "Buffer view dimension value query"
    result_ = result(Index, name="result")
    index = attr(IndexAttr)
    assembly_format = ("`<` $buffer_view `:` type($buffer_view) `>` `` `[` $index `]` `:` type($result) "
                       "attr-dict-with-keyword")
    attr_syntax = {"index": BareInteger(_index_type)}


class BufferViewTraceOp(_StrictFormOp):
    """`hal.buffer_view.trace "key" = %a, %b : !hal.buffer_view, !hal.buffer_view`."""

    name = "hal.buffer_view.trace"
    summary = "Trace value(s) operation"
    operands_ = var_operand(_BufferView, name="operands")
    key = attr(Str)
    assembly_format = "$key `=` $operands `:` type($operands) attr-dict-with-keyword"
    attr_syntax = {"key": UntypedAttr()}


# ---------------------------------------------------------------------------
# executable handles and entry point queries

_Device = hal_type("device", summary="device")
_Executable = hal_type("executable", summary="executable")
_I64 = Constraint(lambda t: getattr(t, "text", None) == "i64", "64-bit signless integer")
_SymbolRef = IsA(SymbolRefAttr, "symbol reference attribute")


class ExecutableCreateOp(_StrictFormOp):
    """`hal.executable.create device(%d : !hal.device) affinity(%a) target(@ex::@v)
    [constants([%c, ...])] : !hal.executable`."""

    name = "hal.executable.create"
    summary = "Creates an executable"
    device = operand(_Device)
    queue_affinity = operand(_I64)
    constants = var_operand(_I32)
    result_ = result(_Executable, name="result")
    executable_target = attr(_SymbolRef)
    traits = (Pure(),)
    assembly_format = ("`device` `(` $device `:` type($device) `)` `affinity` `(` $queue_affinity `)` `target` `(` "
                       "$executable_target `)` (`constants` `(` `[` $constants^ `]` `)`)? `:` type($result) "
                       "attr-dict-with-keyword")
    type_inference = _fixed((), ("constants",), ("queue_affinity",))
    attr_syntax = {"executable_target": SymbolRef()}

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["executable"]


class ExecutableLookupOp(_StrictFormOp):
    """`hal.executable.lookup device(%d : !hal.device) executable(@ex) : !hal.executable`."""

    name = "hal.executable.lookup"
    summary = "Executable cache lookup pseudo-op"
    device = operand(_Device)
    result_ = result(_Executable, name="result")
    executable = attr(FlatSymbolRef)
    traits = (Pure(),)
    assembly_format = ("`device` `(` $device `:` type($device) `)` `executable` `(` $executable `)` `:` "
                       "type($result) attr-dict-with-keyword")
    attr_syntax = {"executable": SymbolRef()}

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["exe"]


class ExecutableLookupFunctionOp(_StrictFormOp):
    """`hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@v::@e) : i64`."""

    name = "hal.executable.lookup.function"
    summary = "Executable function lookup pseudo-op"
    executable = operand(_Executable)
    result_ = result(_I64, name="result")
    entry_point = attr(_SymbolRef)
    traits = (Pure(),)
    assembly_format = ("`target` `(` $executable `:` type($executable) `)` `function` `(` $entry_point `)` `:` "
                       "type($result) attr-dict-with-keyword")
    attr_syntax = {"entry_point": SymbolRef()}

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["function_id"]


class ExecutableExportOrdinalOp(_StrictFormOp):
    """`hal.executable.export.ordinal target(@ex::@v::@e) : index`."""

    name = "hal.executable.export.ordinal"
    summary = "Executable export ordinal lookup pseudo-op"
    result_ = result(Index, name="result")
    entry_point = attr(_SymbolRef)
    traits = (Pure(),)
    assembly_format = "`target` `(` $entry_point `)` `:` type($result) attr-dict-with-keyword"
    attr_syntax = {"entry_point": SymbolRef()}

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["ordinal"]


class ExecutableCalculateWorkgroupsOp(_StrictFormOp):
    """`hal.executable.calculate_workgroups device(%d : !hal.device) target(@ex::@v::@e)
    [workload([%w, ...])] : index, index, index`."""

    name = "hal.executable.calculate_workgroups"
    summary = "Calculates workgroup count from workload for an exported function"
    device = operand(_Device)
    workload = var_operand(Index)
    workgroup_x = result(Index)
    workgroup_y = result(Index)
    workgroup_z = result(Index)
    entry_point = attr(_SymbolRef)
    traits = (Pure(),)
    assembly_format = ("`device` `(` $device `:` type($device) `)` `target` `(` $entry_point `)` (`workload` `(` `[` "
                       "$workload^ `]` `)`)? `:` type($workgroup_x) `,` type($workgroup_y) `,` type($workgroup_z) "
                       "attr-dict-with-keyword")
    type_inference = _fixed(("workload",))
    attr_syntax = {"entry_point": SymbolRef()}

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["workgroup_x", "workgroup_y", "workgroup_z"] if len(op.results) == 3 else None


# ---------------------------------------------------------------------------
# instrumentation (hal.instrument.*)

_AnyMemRef = Constraint(lambda t: type(t).__name__ in ("MemRefType", "UnrankedMemRefType"), "memref of any non-token type values")
_INSTR_HEAD = "`` `[` $buffer `:` type($buffer) `for` $workgroupKey `]`"


class InstrumentWorkgroupOp(_StrictFormOp):
    """`hal.instrument.workgroup[%buf : memref<?xi8>] dispatch(%id) : index`."""

    name = "hal.instrument.workgroup"
    summary = "Emits a dispatch workgroup instrumentation event"
    buffer = operand(_AnyMemRef)
    dispatchId = operand(_I32)
    workgroupKey = result(Index)
    assembly_format = "`` `[` $buffer `:` type($buffer) `]` `dispatch` `(` $dispatchId `)` attr-dict `:` type($workgroupKey)"
    type_inference = _fixed((), ("dispatchId",))


class InstrumentPrintOp(_StrictFormOp):
    """`hal.instrument.print[%buf : T for %key] "fmt" [* (%a, ... : A, ...)]`."""

    name = "hal.instrument.print"
    summary = "Emits a human-readable printf-style string event"
    buffer = operand(_AnyMemRef)
    workgroupKey = operand(Index)
    values = var_operand()
    format = attr(Str)
    assembly_format = _INSTR_HEAD + " $format (`*` `(` $values^ `:` type($values) `)`)? attr-dict"
    type_inference = _fixed(("workgroupKey",))
    attr_syntax = {"format": UntypedAttr()}


class InstrumentValueOp(_StrictFormOp):
    """`hal.instrument.value[%buf : T for %key] 3 : i8 = %v : f32`."""

    name = "hal.instrument.value"
    summary = "Emits a scalar value instrumentation event"
    buffer = operand(_AnyMemRef)
    workgroupKey = operand(Index)
    operand_ = operand(name="operand")
    result_ = result(name="result")
    ordinal = attr(Constraint(lambda a: isinstance(a, IntegerAttr) and getattr(a.type, "text", "") in
                              ("i8", "si8", "ui8"), "8-bit integer attribute"))
    assembly_format = _INSTR_HEAD + " $ordinal `=` $operand attr-dict `:` type($operand)"
    type_inference = (*_fixed(("workgroupKey",)), AllTypesMatch("operand", "result"))

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, InstrumentValueOp)  # (the type checker's view of the accessors below)
        if op.operand_.type is not op.result_.type:
            raise op_error(op, "failed to verify that all of {operand, result} have same type")


class InstrumentMemoryLoadOp(_StrictFormOp):
    """`hal.instrument.memory.load[%buf : T for %key] %base[%i, ...], %v : memref<...>, T`."""

    name = "hal.instrument.memory.load"
    summary = "Emits a memory load instrumentation event"
    buffer = operand(_AnyMemRef)
    workgroupKey = operand(Index)
    loadValue = operand()
    base = operand(_AnyMemRef)
    indices = var_operand(Index)
    result_ = result(name="result")
    traits = (Pure(),)
    assembly_format = _INSTR_HEAD + " $base `[` $indices `]` `,` $loadValue attr-dict `:` type($base) `,` type($result)"
    type_inference = (*_fixed(("workgroupKey", "indices")), AllTypesMatch("loadValue", "result"))

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, InstrumentMemoryLoadOp)  # (the type checker's view of the accessors below)
        if op.loadValue.type is not op.result_.type:
            raise op_error(op, "failed to verify that all of {loadValue, result} have same type")


class InstrumentMemoryStoreOp(_StrictFormOp):
    """`hal.instrument.memory.store[%buf : T for %key] %base[%i, ...], %v : memref<...>, T`."""

    name = "hal.instrument.memory.store"
    summary = "Emits a memory store instrumentation event"
    buffer = operand(_AnyMemRef)
    workgroupKey = operand(Index)
    storeValue = operand()
    base = operand(_AnyMemRef)
    indices = var_operand(Index)
    result_ = result(name="result")
    traits = (Pure(),)
    assembly_format = _INSTR_HEAD + " $base `[` $indices `]` `,` $storeValue attr-dict `:` type($base) `,` type($result)"
    type_inference = (*_fixed(("workgroupKey", "indices")), AllTypesMatch("storeValue", "result"))

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, InstrumentMemoryStoreOp)  # (the type checker's view of the accessors below)
        if op.storeValue.type is not op.result_.type:
            raise op_error(op, "failed to verify that all of {storeValue, result} have same type")


# ---------------------------------------------------------------------------
# hal.dispatch.extern


class _Unqualified(AttrSyntax):
    """A HAL attribute of a known kind as a format prints it: its alias, or its text without the
    `#hal.<mnemonic>` prefix (`layout(<constants = 1, ...>)`); both spellings read back."""

    def __init__(self, prefix: str):
        self.prefix = prefix

    def parse(self, p: Any, name: str) -> Any:
        from hlopt.syntax import AttrRef

        at = p.location()
        body = p.parse_angle_body() if p.peek("<") else None
        if body is None:
            return p.parse_attribute()
        return AttrRef(self.prefix + body, at - len(self.prefix))

    def print(self, p: Any, a: Any) -> None:
        p.print_attribute(a)  # the alias visitor records it; the printer wrote the alias or the full text
        parts = getattr(p, "parts", None)
        if parts and parts[-1].startswith(self.prefix + "<"):
            parts[-1] = parts[-1][len(self.prefix):]


def _dims_of(types: Sequence[Any]) -> int:
    return sum(_dynamic(t) for t in types)


class DispatchExternOp(_StrictFormOp):
    """`hal.dispatch.extern "name"[%w](%a, ...) : (A, B{%d}) -> R{%d} count(...) -> (index, index, index) {...}
    layout(#l) objects({ #target [if(...) -> i1 {...}] ordinal(N) = [objects], ... }) [<props>] [attributes {...}]`."""

    name = "hal.dispatch.extern"
    summary = "A dispatch of workgroups across a 3-dimensional grid"
    workload = var_operand(Index)
    arguments = var_operand()
    argument_dims = var_operand(Index)
    result_dims = var_operand(Index)
    results_ = var_result(name="results")
    export_name = attr(Str)
    layout = attr(IsA(PipelineLayoutAttr, "executable entry point layout specification"))
    targets = attr(Array)
    target_ordinals = attr(Array)
    target_objects = attr(Array)
    workgroup_size = opt_attr(Array)
    subgroup_size = opt_attr(IndexAttr)
    workgroup_local_memory = opt_attr(IndexAttr)
    tied_operands = opt_attr(Array)
    workgroup_count = region()
    target_regions = var_region()
    traits = (Pure(), IsolatedFromAbove(), AttrSizedOperandSegments())
    # IREE's `` `(` $arguments `)` `:` custom<ShapedFunctionType>(ref($arguments), ...)``: one directive here,
    # as the tied results name the arguments
    assembly_format = ("$export_name (`[` $workload^ `]`)? `` custom<ExternSignature>($arguments, type($arguments), "
                       "$argument_dims, type($results), $result_dims, $tied_operands) `count` `` "
                       "custom<WorkgroupCountRegion>($workgroup_count) `layout` `(` $layout `)` `objects` `(` `{` "
                       "custom<TargetConditionObjects>($targets, $target_ordinals, $target_objects, $target_regions) "
                       "`}` `)` attr-dict-with-keyword")
    attr_syntax = {"export_name": UntypedAttr(), "layout": _Unqualified("#hal.pipeline.layout")}
    type_inference = _fixed(("workload", "argument_dims", "result_dims"))

    @classmethod
    def asm_printable(cls, op: Operation) -> bool:
        """The form holds ties for every result and one condition region per target."""
        assert isinstance(op, DispatchExternOp)
        targets, ords, objs = op.targets, op.target_ordinals, op.target_objects
        if not (isinstance(targets, ArrayAttr) and isinstance(ords, ArrayAttr) and isinstance(objs, ArrayAttr)
                and len(targets) == len(ords) == len(objs) == len(op.regions) - 1
                and len(op.regions[0].blocks) == 1):
            return False
        ties = op.tied_operands
        if ties is None:
            return True
        n = len(op.arguments)
        return isinstance(ties, ArrayAttr) and len(ties) == len(op.results) and all(
            isinstance(t, IntegerAttr) and -1 <= t.value < n for t in ties.elements)

    # custom<ExternSignature>: `(%a, %b) : (A, B{%d}) -> R{%d}`; a result tied to an argument is written as
    # that argument (`-> %a`, `-> (%a as T{%d}, U)`); one untied result without parentheses
    @staticmethod
    def parse_ExternSignature(p: Any) -> tuple:
        p.parse_punct("(")
        at = p.location()
        names = p.parse_operand_list()
        p.parse_punct(")")
        p.parse_colon()
        p.parse_punct("(")
        arg_types: list = []
        arg_dims: list = []
        if not p.parse_optional_punct(")"):
            while True:
                t = p.parse_type()
                arg_types.append(t)
                arg_dims += _parse_shaped_dims(p, t)
                if not p.parse_optional_punct(","):
                    break
            p.parse_punct(")")
        if len(names) != len(arg_types):
            raise p.error(f"number of operands and types do not match: got {len(names)} operands and "
                          f"{len(arg_types)} types", at)
        p.parse_punct("->")
        types: list = []
        dims: list = []
        ties: list = []

        def one() -> None:
            at = p.location()
            tied = p.parse_optional_operand()
            if tied is not None:
                k = next((i for i, n in enumerate(names) if (n.name, n.index) == (tied.name, tied.index)), None)
                if k is None:
                    raise p.error(f"tied operand not found for result reference {p.text[tied.pos:tied.end]}", at)
                t = p.parse_type() if p.parse_optional_keyword("as") else arg_types[k]
                ties.append(k)
            else:
                t = p.parse_type()
                ties.append(-1)
            types.append(t)
            dims.extend(_parse_shaped_dims(p, t))

        if p.parse_optional_punct("("):
            if not p.parse_optional_punct(")"):
                one()
                while p.parse_optional_punct(","):
                    one()
                p.parse_punct(")")
        else:
            one()
        return (names, arg_types, arg_dims, types, dims,
                ArrayAttr([IntegerAttr(t, _index_type) for t in ties]))

    @staticmethod
    def print_ExternSignature(p: Any, op: Operation, args: Sequence[Any], arg_types: Sequence[Any],
                              arg_dims: Sequence[Any], types: Sequence[Any], dims: Sequence[Any], ties: Any) -> None:
        p.write("(")
        p.print_operands(args)
        p.write(") : (")
        k = 0
        for i, t in enumerate(arg_types):
            if i:
                p.write(", ")
            k = _print_shaped(p, t, arg_dims, k)
        p.write(") -> ")
        tie = [t.value for t in ties.elements] if isinstance(ties, ArrayAttr) else [-1] * len(types)
        paren = len(types) != 1 or (tie[0] < 0 and hasattr(types[0], "inputs"))  # a function type needs them
        if paren:
            p.write("(")
        k = 0
        for i, (t, j) in enumerate(zip(types, tie)):
            if i:
                p.write(", ")
            if j >= 0:
                p.print_operand(args[j])
                if arg_types[j] is not t:
                    p.write(" as ")
                    p.print_type(t)
                n = _dynamic(t)
                if n:
                    p.write("{")
                    p.print_operands(dims[k:k + n])
                    p.write("}")
                k += n
            else:
                k = _print_shaped(p, t, dims, k)
        if paren:
            p.write(")")

    # custom<WorkgroupCountRegion> (IREE's HAL one): `(%device: !hal.device, %w: index) -> (index, index, index) {}`
    @staticmethod
    def parse_WorkgroupCountRegion(p: Any) -> tuple:
        args = _parse_region_args(p)
        p.parse_punct("->")
        p.parse_punct("(")
        p.parse_type_list()
        p.parse_punct(")")
        return ([p.parse_region(args)],)

    @staticmethod
    def print_WorkgroupCountRegion(p: Any, op: Operation, regions: Sequence[Any]) -> None:
        r = regions[0]
        _print_region_args(p, r)
        p.write(" -> (index, index, index) ")
        p.print_region(r)

    # custom<TargetConditionObjects>: one line per target, `#target [if(%device: !hal.device) -> i1 {...}]
    # ordinal(N) = [objects]`, comma-separated
    @staticmethod
    def parse_TargetConditionObjects(p: Any) -> tuple:
        targets, ordinals, objects, regions = [], [], [], []
        r = p.resolver  # (an op with regions: its attributes resolve as they are read)
        while True:
            targets.append(r.attr(p.parse_attribute()))
            if p.parse_optional_keyword("if"):
                args = _parse_region_args(p)
                p.parse_punct("->")
                if p.parse_type().text != "i1":
                    raise p.error("target condition region must return one i1")
                regions.append(p.parse_region(args))
            else:
                regions.append(Region())
            p.parse_keyword("ordinal")
            p.parse_punct("(")
            ordinals.append(IntegerAttr(p.parse_integer(), _index_type))
            p.parse_punct(")")
            p.parse_punct("=")
            objects.append(r.attr(p.parse_attribute()))
            if not p.parse_optional_punct(","):
                break
        return ArrayAttr(targets), ArrayAttr(ordinals), ArrayAttr(objects), regions

    @staticmethod
    def print_TargetConditionObjects(p: Any, op: Operation, targets: Any, ordinals: Any, objects: Any,
                                     regions: Sequence[Any]) -> None:
        p.increase_indent()
        for i, (t, o, objs, r) in enumerate(zip(targets.elements, ordinals.elements, objects.elements, regions)):
            if i:
                p.write(",")
            p.print_newline()
            p.print_attribute(t)
            if r.blocks:
                p.write(" if")
                _print_region_args(p, r)
                p.write(" -> i1 ")
                p.print_region(r)
            p.write(f" ordinal({o.value}) = ")
            p.print_attribute(objs)
        p.decrease_indent()
        p.print_newline()

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, DispatchExternOp)  # (the type checker's view of the accessors below)
        for vals, dims in ((op.arguments, op.argument_dims), (op.results, op.result_dims)):
            need = _dims_of([v.type for v in vals])
            if need != len(dims):
                raise op_error(op, f"value set has {need} dynamic dimensions but only {len(dims)} dimension "
                                   "values are attached")
        for v in list(op.arguments) + list(op.results):
            et = getattr(v.type, "element_type", None)
            if et is not None and getattr(et, "text", None) == "index":
                raise op_error(op, f"I/O type {v.type.text} is invalid: index types must not cross the "
                                   "dispatch boundary")
        count = op.workgroup_count
        if count.blocks:
            _check_device_workload(op, count, "workgroup_count")
            captured = [a.type for a in count.blocks[0].args if a.type.text != "!hal.device"]
            if len(op.workload) != len(captured):
                raise op_error(op, f"workload operands and workgroup count args mismatch ({len(op.workload)} vs "
                                   f"{len(captured)})")
        if len(op.targets) != len(op.target_objects):
            raise op_error(op, "target and objects arrays must match")
        if len(op.targets) != len(op.target_regions):
            raise op_error(op, "target and condition regions must match (but they may be empty)")
        for r in op.target_regions:
            _verify_target_condition(op, r)


def _parse_shaped_dims(p: Any, t: Any) -> list:
    """IREE's shaped type dims: `{%d, ...}` after a type with dynamic dimensions (`t` a TypeRef)."""
    n = _dynamic(p.resolver.type(t))
    if not n:
        return []
    p.parse_punct("{")
    at = p.location()
    dims = p.parse_operand_list()
    p.parse_punct("}")
    if len(dims) != n:
        raise p.error(f"expected {n} operands", at)
    return dims


def _print_shaped(p: Any, t: Any, dims: Sequence[Any], k: int) -> int:
    p.print_type(t)
    n = _dynamic(t)
    if n:
        p.write("{")
        p.print_operands(dims[k:k + n])
        p.write("}")
    return k + n


def _parse_region_args(p: Any) -> list:
    """`(%a: T, ...)`: a region's entry arguments."""
    p.parse_punct("(")
    args: list = []
    if not p.parse_optional_punct(")"):
        args.append(p.parse_argument())
        while p.parse_optional_punct(","):
            args.append(p.parse_argument())
        p.parse_punct(")")
    return args


def _print_region_args(p: Any, r: Any) -> None:
    p.write("(")
    for i, a in enumerate(r.blocks[0].args):
        if i:
            p.write(", ")
        p.print_region_argument(a)
    p.write(")")


# ---------------------------------------------------------------------------
# tensor <-> buffer (view) pseudo-ops (hal.tensor.*)


_BufferOrView = hal_type("buffer", "buffer_view", summary="buffer or buffer_view")
_Fence = hal_type("fence", summary="fence")
_FENCE_TYPE = OpaqueType("!hal.fence")
_AnyTensor = Constraint(lambda t: isinstance(t, (RankedTensorType, UnrankedTensorType)), "tensor of any non-token type values")


def _dynamic(t: Any) -> int:
    return sum(1 for d in getattr(t, "shape", ()) if d < 0)


def _check_storage(op: Operation, encoding: Any, storage: Any) -> None:
    """IREE's verifyTypeStorageCompatibility: shaped types of one value must
    carry the same number of dynamic dimensions."""
    if encoding is storage or not hasattr(encoding, "shape") or not hasattr(storage, "shape"):
        return
    if _dynamic(encoding) != _dynamic(storage):
        raise op_error(op, "encoding and storage types must have the same dynamic dimension values; encoding "
                           f"shape '{encoding.text}' incompatible with storage shape '{storage.text}'")




class _TypeAlias:
    """IREE's custom<TypeAlias>($encoding, type($value)): `T` or `T as U` (the encoding, then the storage type
    when it differs)."""

    __slots__ = ()  # a mixin of op classes

    @staticmethod
    def parse_TypeAlias(p: Any) -> tuple:
        enc = p.parse_type()
        return enc, (p.parse_type() if p.parse_optional_keyword("as") else enc)

    @staticmethod
    def print_TypeAlias(p: Any, op: Operation, encoding: Any, types: Sequence[Any]) -> None:
        p.print_type(encoding.type)
        if types[0] is not encoding.type:
            p.write(" as ")
            p.print_type(types[0])


class TensorImportOp(_TypeAlias, _StrictFormOp):
    """`hal.tensor.import [on(#a)] [wait(%f) =>] [consume] %src [offset(%o)] ["name"]
    : !hal.buffer_view -> T [as T2]{%dims}`."""

    name = "hal.tensor.import"
    summary = "Imports a tensor from a HAL buffer view"
    source = operand(_BufferOrView)
    target_dims = var_operand(Index)
    wait_fence = opt_operand(_Fence)
    byte_offset = opt_operand(Index)
    target = result(_AnyTensor)
    target_encoding = attr(IsA(TypeAttr, "any type attribute"))
    consume = opt_attr(Unit)
    name_ = opt_attr(Str, name="name")
    affinity = opt_attr()
    traits = (Pure(), AttrSizedOperandSegments())
    assembly_format = ("(`on` `(` $affinity^ `)`)? (`wait` `(` $wait_fence^ `)` `=` `` `>`)? (`consume` $consume^)? "
                       "$source (`offset` `(` $byte_offset^ `)`)? ($name^)? `:` type($source) `->` "
                       "custom<TypeAlias>($target_encoding, type($target)) (`{` $target_dims^ `}`)? attr-dict")
    attr_syntax = {"consume": UnitKeyword(), "name": _QuotedString(), "target_encoding": _BareType()}
    type_inference = (*_fixed(("target_dims", "byte_offset")), FixedType("wait_fence", _FENCE_TYPE))

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, TensorImportOp)  # (the type checker's view of the accessors below)
        t = op.target.type
        if _dynamic(t) != len(op.target_dims):
            raise op_error(op, "number of target_dims must match number of dynamic dims in target type")
        _check_storage(op, op.target_encoding.type, t)


class TensorExportOp(_TypeAlias, _StrictFormOp):
    """`hal.tensor.export [on(#a)] %src ["name"] : T2 [as T]{%dims} -> !hal.buffer_view`."""

    name = "hal.tensor.export"
    summary = "Exports a tensor to a HAL buffer view"
    source = operand(_AnyTensor)
    source_dims = var_operand(Index)
    target = result(_BufferOrView)
    source_encoding = attr(IsA(TypeAttr, "any type attribute"))
    name_ = opt_attr(Str, name="name")
    affinity = opt_attr()
    traits = (Pure(),)
    assembly_format = ("(`on` `(` $affinity^ `)`)? $source ($name^)? `:` custom<TypeAlias>($source_encoding, "
                       "type($source)) (`{` $source_dims^ `}`)? `->` type($target) attr-dict")
    attr_syntax = {"name": _QuotedString(), "source_encoding": _BareType()}
    type_inference = _fixed(("source_dims",))

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, TensorExportOp)  # (the type checker's view of the accessors below)
        src = op.source.type
        if _dynamic(src) != len(op.source_dims):
            raise op_error(op, "number of source_dims must match number of dynamic dims in source type")
        _check_storage(op, op.source_encoding.type, src)


class TensorAliasOp(_StrictFormOp):
    """`hal.tensor.alias [on(#a)] [wait(%f) =>] %t : T{%dims} to %storage : !hal.buffer`."""

    name = "hal.tensor.alias"
    summary = "Hints that tensor storage should alias a HAL buffer view"
    source = operand(_AnyTensor)
    source_dims = var_operand(Index)
    storage = operand(_BufferOrView)
    wait_fence = opt_operand(_Fence)
    result_ = result(_AnyTensor, name="result")
    affinity = opt_attr()
    traits = (Pure(), AttrSizedOperandSegments())
    assembly_format = ("(`on` `(` $affinity^ `)`)? (`wait` `(` $wait_fence^ `)` `=` `` `>`)? $source `:` "
                       "type($source) (`{` $source_dims^ `}`)? `to` $storage `:` type($storage) attr-dict")
    type_inference = (*_fixed(("source_dims",)), FixedType("wait_fence", _FENCE_TYPE),
                      AllTypesMatch("source", "result"))

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, TensorAliasOp)  # (the type checker's view of the accessors below)
        if _dynamic(op.source.type) != len(op.source_dims):
            raise op_error(op, "number of dynamic dims must match the operand type")
        if op.result_.type is not op.source.type:
            raise op_error(op, "failed to verify that all of {source, result} have same type")


class TensorTransientsOp(_StrictFormOp):
    """`hal.tensor.transients [on(#a)] %t : T{%dims} from %storage : !hal.buffer`."""

    name = "hal.tensor.transients"
    summary = "Annotates a tensor to use transient storage from a provided buffer"
    source = operand(_AnyTensor)
    source_dims = var_operand(Index)
    storage = operand(_BufferOrView)
    result_ = result(_AnyTensor, name="result")
    affinity = opt_attr()
    traits = (Pure(),)
    assembly_format = ("(`on` `(` $affinity^ `)`)? $source `:` type($source) (`{` $source_dims^ `}`)? `from` "
                       "$storage `:` type($storage) attr-dict")
    type_inference = (*_fixed(("source_dims",)), AllTypesMatch("source", "result"))

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, TensorTransientsOp)  # (the type checker's view of the accessors below)
        if _dynamic(op.source.type) != len(op.source_dims):
            raise op_error(op, "number of dynamic dims must match the operand type")
        if op.result_.type is not op.source.type:
            raise op_error(op, "failed to verify that all of {source, result} have same type")


class TensorBarrierOp(_StrictFormOp):
    """`hal.tensor.barrier join(%a, %b : A, B) => %fence : !hal.fence [attributes {...}]`."""

    name = "hal.tensor.barrier"
    summary = "Signals a fence when all tensors are available"
    sources = var_operand(_AnyTensor)
    signal_fence = operand(_Fence)
    results_ = var_result(_AnyTensor, name="results")
    assembly_format = ("`join` `` `(` $sources `:` type($sources) `)` `=` `` `>` $signal_fence `:` "
                       "type($signal_fence) attr-dict-with-keyword")
    type_inference = (AllTypesMatch("sources", "results"),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, TensorBarrierOp)  # (the type checker's view of the accessors below)
        if [v.type for v in op.sources] != [r.type for r in op.results]:
            raise op_error(op, "failed to verify that all of {sources, results} have same type")


def hal_source_head(s: Any, c: list) -> tuple:
    kw, vis, sym, prop_dict, attrs = c
    props = _symbol_head(s, ExecutableSourceOp.name, vis, sym)
    if prop_dict is not None:  # `<objects = <{...}>>`: the objects attribute unqualified
        text = str(prop_dict)
        m = re.match(r"<\s*objects\s*=\s*(<.*>)\s*>\Z", text, re.S)
        if m is None:
            raise s.error("expected '<objects = <{...}>>'", prop_dict.start_pos)
        props["objects"] = s.decode("attr", "#hal.executable.objects" + m.group(1),
                                    prop_dict.start_pos + m.start(1) - len("#hal.executable.objects"))
    return props, (_attr_dict(s, attrs, ExecutableSourceOp)), kw.start_pos


def hal_source(s: Any, c: list) -> tuple[Operation, int]:
    return _container(s, c, ExecutableSourceOp.name, ExecutableSourceEndOp.name)


def _paren_attr_of(s: Any, tok: Any, mnemonic: str) -> Any:
    """`(#hal.<mnemonic><...>)` or, as an assembly format's unqualified
    `$attr` also reads it, `(<...>)`."""
    inner = str(tok)[1:-1]
    body = inner.strip()
    at = tok.start_pos + 1 + len(inner) - len(inner.lstrip())
    if body.startswith("<"):
        return s.decode("attr", "#hal." + mnemonic + body, at - len("#hal." + mnemonic))
    return s.decode("attr", body, at)


def _paren_attr(s: Any, tok: Any) -> Any:
    inner = str(tok)[1:-1]
    return s.decode("attr", inner.strip(), tok.start_pos + 1 + len(inner) - len(inner.lstrip()))


def hal_export_head(s: Any, c: list) -> tuple[dict, int]:
    from hlopt.ir.types import index
    from hlopt.syntax import symbol_name

    kw, vis, sym, ordinal, layout = c
    props: dict = {"sym_name": StringAttr(symbol_name(sym)), "layout": _paren_attr(s, layout)}
    props["sym_visibility"] = StringAttr(str(vis) if vis is not None else "public")
    if ordinal is not None:
        n = str(ordinal)[1:-1].strip()
        if not re.fullmatch(r"-?\d+", n):
            raise s.error("expected an integer ordinal", ordinal.start_pos)
        props["ordinal"] = IntegerAttr(int(n), index)
    return props, kw.start_pos


def hal_count_head(s: Any, c: list) -> None:
    from hlopt.syntax import scan_balanced

    (sig,) = c
    text = str(sig)
    close = scan_balanced(text, 0)
    args = [(n, t, loc, at) for n, t, loc, _, at in s.parse_arg_list(text[1:close - 1], sig.start_pos + 1)]
    s.pending.append((ExecutableExportOp.name, args))


def hal_count(s: Any, c: list) -> Region:
    _, body = c
    s.pending.pop()
    return body


def hal_cond_head(s: Any, c: list) -> None:
    hal_count_head(s, c)


def hal_export(s: Any, c: list) -> tuple[Operation, int]:
    (props, pos), cond, fallback, count, prop_dict, attrs = c
    if fallback is not None:
        props["condition_fallback"] = _paren_attr(s, fallback)
    if prop_dict is not None:
        props.update(_parse_prop_dict(s, prop_dict, ("subgroup_size", "workgroup_local_memory")))
    a = _attr_dict(s, attrs, ExecutableExportOp)
    return Operation(ExecutableExportOp.name, (), (), props, a, [count or Region(), cond or Region()]), pos


def _parse_prop_dict(s: Any, tok: Any, index_keys: Sequence[str] = ()) -> dict:
    """`<k = v, ...>` (MLIR's prop-dict) -> properties; integers of
    `index_keys` are index attributes, printed there without their type."""
    from hlopt.ir.types import index

    text = str(tok)
    d = dict(s.decode_dict_text("{" + text[1:-1] + "}", tok.start_pos).entries)
    for k in index_keys:
        v = d.get(k)
        if isinstance(v, IntegerAttr):
            d[k] = IntegerAttr(v.value, index)
    return d


def _sig_args(s: Any, sig: Any) -> tuple[list, list]:
    """`(%a: T, ...) [-> R | -> (R, ...)]` -> (entry args, result types)."""
    from hlopt.syntax import scan_balanced, split_pieces

    text = str(sig)
    close = scan_balanced(text, 0)
    args = [(n, t, loc, at) for n, t, loc, _, at in s.parse_arg_list(text[1:close - 1], sig.start_pos + 1)]
    rest = text[close:].strip()
    results: list = []
    if rest:
        rt = rest[2:].strip()
        base = sig.start_pos + text.index(rt, close)
        if rt.startswith("("):
            results = [s.decode("type", piece.strip(), base + 1 + off) for piece, off in split_pieces(rt[1:-1])
                       if piece.strip()]
        else:
            results = [s.decode("type", rt, base)]
    return args, results


def hal_condition_head(s: Any, c: list) -> int:
    kw, sig = c
    args, results = _sig_args(s, sig)
    if [t.text for t in results] != ["i1"]:
        at = sig.end_pos + len(s.src.text[sig.end_pos:]) - len(s.src.text[sig.end_pos:].lstrip())
        raise s.error(f"custom op '{ExecutableConditionOp.name}' target condition region must return one i1", at)
    s.pending.append((ExecutableConditionOp.name, args))
    return kw.start_pos


def hal_condition(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.ir.attributes import TypeAttr
    from hlopt.ir.types import FunctionType

    pos, body, attrs = c
    s.pending.pop()
    device, i1 = s.decode("type", "!hal.device", pos), s.decode("type", "i1", pos)
    props = {"function_type": TypeAttr(FunctionType([device], [i1]))}
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation(ExecutableConditionOp.name, (), (), props, a, [body]), pos


def hal_constant_block_head(s: Any, c: list) -> tuple:
    from hlopt.ir.attributes import TypeAttr
    from hlopt.ir.types import FunctionType

    kw, sig, keys, attrs = c
    args, results = _sig_args(s, sig)
    text = str(keys)
    if text.startswith("("):
        inner = text[1:-1]
        items = [x for x in _split(inner)] if inner.strip() else []
    else:
        items = [text]
    if len(results) == 1 and text.startswith("("):
        raise s.error("expected string", keys.start_pos)
    key_attrs = []
    for item in items:
        k = s.decode("attr", item, keys.start_pos)
        if not isinstance(k, StringAttr):
            raise s.error("expected string", keys.start_pos)
        key_attrs.append(k)
    props = {"function_type": TypeAttr(FunctionType([a[1] for a in args], results)), "keys": ArrayAttr(key_attrs)}
    s.pending.append((ExecutableConstantBlockOp.name, args))
    return props, (s.decode_dict(attrs) if attrs is not None else None), kw.start_pos


def hal_constant_block(s: Any, c: list) -> tuple[Operation, int]:
    (props, attrs, pos), body = c
    s.pending.pop()
    if not body.blocks:
        raise s.error("expected non-empty function body", pos)
    return Operation(ExecutableConstantBlockOp.name, (), (), props, attrs, [body]), pos


def hal_binary(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.syntax import symbol_name

    kw, vis, sym, prop_dict, attrs = c
    props: dict = {"sym_name": StringAttr(symbol_name(sym)), "sym_visibility": StringAttr(str(vis or "public"))}
    if prop_dict is not None:
        props.update(_parse_prop_dict(s, prop_dict))
    a = _attr_dict(s, attrs, ExecutableBinaryOp)
    return Operation(ExecutableBinaryOp.name, (), (), props, a), kw.start_pos






def hal_return(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.dialects.func import parse_return

    op, pos = parse_return(s, c)
    return Operation(ReturnOp.name, op.operands), pos


def _attr_dict(s: Any, tok: Any, op: Any) -> DictionaryAttr | None:
    """An assembly format's attr-dict: IREE's dialects use strict properties,
    so an inherent attribute there is an error, not a property."""
    if tok is None:
        return None
    a = s.decode_dict(tok)
    d = op if isinstance(op, type) or op is None else next((o for o in OPS if o.name == str(op)), None)
    if d is None:
        return a
    inherent = set(d.inherent) | {"operandSegmentSizes"}
    for k, _ in a.entries:
        if k in inherent:
            # located at the `attributes` keyword when the dictionary has one, as MLIR does
            m = re.search(r"attributes\s*\Z", s.src.text[max(0, tok.start_pos - 64):tok.start_pos])
            at = tok.start_pos - (len(m.group()) if m else 0)
            raise s.error(f"custom op '{d.name}' inherent attribute '{k}' cannot be parsed from attr-dict when "
                          "strict properties in assembly format is enabled", at)
    return a


def _container(s: Any, c: list, name: str, end: str) -> tuple[Operation, int]:
    (props, attrs, pos), body = c
    s.pending.pop()
    if not body.blocks:
        body.add_block()
    block = body.blocks[0]
    if block.terminator is None or block.terminator.name != end:
        block.append(Operation(end))  # the implicit terminator
    return Operation(name, (), (), props, attrs, [body]), pos


def _symbol_head(s: Any, name: str, vis: Any, sym: Any) -> dict:
    from hlopt.syntax import symbol_name

    # IREE's custom<SymbolVisibility> reads a missing visibility as `public`
    props: dict = {"sym_name": StringAttr(symbol_name(sym)), "sym_visibility": StringAttr(str(vis or "public"))}
    s.pending.append((name, None))
    return props


def hal_executable_head(s: Any, c: list) -> tuple:
    kw, vis, lazy, sym, attrs = c
    props = _symbol_head(s, ExecutableOp.name, vis, sym)
    if lazy is not None:
        props["lazy"] = UnitAttr()
    return props, (_attr_dict(s, attrs, ExecutableOp)), kw.start_pos


def hal_executable(s: Any, c: list) -> tuple[Operation, int]:
    return _container(s, c, ExecutableOp.name, ExecutableEndOp.name)


def hal_variant_head(s: Any, c: list) -> tuple:
    kw, vis, sym, target, objects, sources, attrs = c
    props = _symbol_head(s, ExecutableVariantOp.name, vis, sym)
    props["target"] = _paren_attr_of(s, target, "executable.target")
    if objects is not None:
        props["objects"] = _paren_attr(s, objects)
    if sources is not None:
        props["sources"] = _paren_attr(s, sources)
    return props, (_attr_dict(s, attrs, ExecutableVariantOp)), kw.start_pos


def hal_variant(s: Any, c: list) -> tuple[Operation, int]:
    return _container(s, c, ExecutableVariantOp.name, ExecutableVariantEndOp.name)


def _paren_index(s: Any, tok: Any, what: str) -> IntegerAttr:
    from hlopt.ir.types import index

    n = str(tok)[1:-1].strip()
    if not re.fullmatch(r"\d+", n):
        raise s.error(f"expected an integer {what}", tok.start_pos + 1)
    return IntegerAttr(int(n), index)


_VALUE = re.compile(r"%([\w$.\-]+)(?:#(\d+))?")


def _value_uses(s: Any, tok: Any, what: str) -> list[Any]:
    """`(%a)` or `{%a, %b}` -> index values (positioned for diagnostics)."""
    from hlopt.ir.types import index

    text = str(tok)
    inner = text[1:-1]
    out = []
    for piece in (x for x in inner.split(",")):
        if not piece.strip() and not out and not inner.strip():
            break
        m = _VALUE.fullmatch(piece.strip())
        if m is None:
            raise s.error(f"expected {what}", tok.start_pos + 1)
        at = tok.start_pos + 1 + inner.index(piece) + len(piece) - len(piece.lstrip())
        out.append(s.lookup(m.group(1), int(m.group(2) or 0), index, at))
    return out


def hal_subspan(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.ir.attributes import DenseArrayAttr
    from hlopt.ir.types import i32

    kw, layout, binding, align, offset, flags, attrs, t, dims = c
    props: dict = {"layout": _paren_attr_of(s, layout, "pipeline.layout"),
                   "binding": _paren_index(s, binding, "binding ordinal")}
    if align is not None:
        props["alignment"] = _paren_index(s, align, "alignment")
    if flags is not None:
        bits = parse_bit_enum(str(flags)[1:-1], _DESCRIPTOR_FLAGS)
        if bits is None:
            raise s.error(_enum_error(InterfaceBindingSubspanOp.name, "descriptor_flags", _DESCRIPTOR_FLAGS),
                          flags.start_pos + 1)
        props["descriptor_flags"] = IntegerAttr(bits, i32)
    off = _value_uses(s, offset, "a byte offset value") if offset is not None else []
    if len(off) > 1:
        raise s.error("expected one byte offset value", offset.start_pos)
    d = _value_uses(s, dims, "a list of dimension values '{%a, ...}'") if dims is not None else []
    props["operandSegmentSizes"] = DenseArrayAttr(i32, [len(off), len(d)])
    a = _attr_dict(s, attrs, InterfaceBindingSubspanOp)
    return Operation(InterfaceBindingSubspanOp.name, off + d, [s.decode_type(t)], props, a), kw.start_pos


def hal_constant_load(s: Any, c: list) -> tuple[Operation, int]:
    kw, layout, ordinal, align, values, attrs, t = c
    props: dict = {"layout": _paren_attr_of(s, layout, "pipeline.layout"), "ordinal": _paren_index(s, ordinal, "ordinal")}
    if align is not None:
        props["alignment"] = _paren_index(s, align, "alignment")
    if values is not None:
        props["values"] = _paren_attr(s, values)
    a = _attr_dict(s, attrs, InterfaceConstantLoadOp)
    return Operation(InterfaceConstantLoadOp.name, [], [s.decode_type(t)], props, a), kw.start_pos


def hal_workgroup(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.ir.types import index

    kw, dim, ub_kw, ub, attrs, t = c
    props: dict = {"dimension": IntegerAttr(int(str(dim)), index)}
    if ub is not None:
        props["upper_bound"] = IntegerAttr(int(str(ub)), index)
    a = _attr_dict(s, attrs, str(kw))
    return Operation(str(kw), [], [s.decode_type(t)], props, a), kw.start_pos


def hal_exe_constant_load(s: Any, c: list) -> tuple[Operation, int]:
    kw, key, attrs, t = c
    k = s.decode("attr", str(key), key.start_pos)
    a = _attr_dict(s, attrs, ExecutableConstantLoadOp)
    return Operation(ExecutableConstantLoadOp.name, [], [s.decode_type(t)], {"key": k}, a), kw.start_pos


OPS = (ExecutableSourceOp, ExecutableSourceEndOp, ExecutableOp, ExecutableEndOp, ExecutableVariantOp,
       ExecutableVariantEndOp, ExecutableExportOp, ReturnOp, InterfaceBindingSubspanOp, InterfaceConstantLoadOp,
       InterfaceWorkgroupIDOp, InterfaceWorkgroupCountOp, InterfaceWorkgroupSizeOp, ExecutableConstantLoadOp,
       ExecutableConditionOp, ExecutableConstantBlockOp, ExecutableBinaryOp, TensorImportOp, TensorExportOp,
       TensorAliasOp, TensorTransientsOp, TensorBarrierOp, ElementTypeOp, EncodingTypeOp, MemoryTypeOp,
       BufferUsageOp, BufferViewCreateOp, BufferViewAssertOp, BufferViewBufferOp, BufferViewElementTypeOp,
       BufferViewEncodingTypeOp, BufferViewRankOp, BufferViewDimOp, BufferViewTraceOp, ExecutableCreateOp,
       ExecutableLookupOp, ExecutableLookupFunctionOp, ExecutableExportOrdinalOp, ExecutableCalculateWorkgroupsOp,
       InstrumentWorkgroupOp, InstrumentPrintOp, InstrumentValueOp, InstrumentMemoryLoadOp, InstrumentMemoryStoreOp,
       DispatchExternOp)

def _guard_printers(ops: Sequence[type]) -> None:
    """A custom printer given pieces its form cannot hold (IR the verifier
    would reject, printed unverified) falls back to the generic form
    (None) instead of a traceback."""
    seen: set = set()
    for op in ops:
        for cls in op.__mro__:
            fn = cls.__dict__.get("print_custom")
            if cls in seen or not isinstance(fn, classmethod):
                continue
            seen.add(cls)

            def guarded(c: Any, o: Operation, p: Any, _f: Any = fn.__func__) -> str | None:
                try:
                    return _f(c, o, p)
                except (IndexError, ValueError, AttributeError, TypeError, KeyError):
                    return None

            cls.print_custom = classmethod(guarded)


_guard_printers(OPS)

DIALECT = Dialect("hal", ops=OPS,
                  parse_attribute=parse_attribute, grammar="hal.lark",
                  syntax={"hal_end": hal_end, "hal_source_head": hal_source_head, "hal_source": hal_source, "hal_export_head": hal_export_head,
                          "hal_count_head": hal_count_head, "hal_count": hal_count, "hal_export": hal_export,
                          "hal_cond_head": hal_cond_head, "hal_cond": hal_count,
                          "hal_condition_head": hal_condition_head, "hal_condition": hal_condition,
                          "hal_constant_block_head": hal_constant_block_head,
                          "hal_constant_block": hal_constant_block, "hal_binary": hal_binary,
                          "hal_return": hal_return, "hal_executable_head": hal_executable_head,
                          "hal_executable": hal_executable, "hal_variant_head": hal_variant_head,
                          "hal_variant": hal_variant, "hal_subspan": hal_subspan,
                          "hal_constant_load": hal_constant_load, "hal_workgroup": hal_workgroup,
                          "hal_exe_constant_load": hal_exe_constant_load})


from hlopt.dialects.hal_runtime import with_runtime_ops  # noqa: E402  (hal.device/fence/command_buffer/... ops)

DIALECT = with_runtime_ops(DIALECT)
