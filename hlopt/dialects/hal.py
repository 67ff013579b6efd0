"""IREE's HAL dialect (hal): the device and executable-target attributes
that say where stream ops run and how their encodings resolve.

`#hal.device.target<"local", {config}, [#hal.executable.target<...>, ...]> : !hal.device`,
`#hal.executable.target<"backend", "format", {config}>`,
`#hal.device.affinity<@device[, [queues]]>`, `#hal.device.optimal<[affinities]>`,
`#hal.device.select<[devices]> : !hal.device`. Targets print through aliases
named as IREE names them (`#device_target_<id>[_<ordinal>_]`,
`#executable_target_<format>`).

Ops declare IREE's forms on their classes (`assembly_format`, or op_asm forms for
.condition and .constant.block): executables (hal.executable[.source|.variant] with
their implicit end ops, .export/.condition/.constant.block/.binary), the interface ops
of dispatch functions (hal.interface.binding.subspan/constant.load/workgroup.*,
hal.executable.constant.load), tensor <-> buffer pseudo-ops (hal.tensor.*), buffer
views and their element/encoding/memory/usage codes, executable handles
(hal.executable.create/lookup/...), hal.dispatch.extern and the hal.instrument.* ops;
the runtime ops are in hal_runtime.py.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.dialects.hal_enums import bit_enum_text, enum_cases, parse_bit_enum
from hlopt.ir.attributes import (
    ArrayAttr,
    Attribute,
    DictionaryAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    quote,
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
from hlopt.ir.interfaces import AffinityOpInterface, SymbolOpInterface
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
from hlopt.ir.traits import (
    AttrSizedOperandSegments,
    HasParent,
    IsolatedFromAbove,
    Pure,
    SingleBlockImplicitTerminator,
    Symbol,
    SymbolTable,
    Terminator,
    op_error,
)
from hlopt.ir.types import OpaqueType, RankedTensorType, UnrankedTensorType, index
from hlopt.ir.types import i32 as _i32_type
from hlopt.ir.types import i64 as _i64_type
from hlopt.ir.types import index as _index_type
from hlopt.syntax import (
    AllTypesMatch,
    AttrRef,
    AttrSyntax,
    BareInteger,
    FixedType,
    SymbolName,
    SymbolRef,
    TypeAsAttr,
    TypeRef,
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


class _Unqualified(AttrSyntax):
    """A HAL attribute variable of an assembly format (`layout($layout)`,
    `target($target)`): printed through its alias, else without its
    `#hal.<mnemonic>` prefix (MLIR's printStrippedAttrOrType); read either
    way, or qualified."""

    def __init__(self, prefix: str, cls: type):
        self.prefix = prefix
        self.cls = cls

    def can_start(self, p: Any) -> bool:
        return p.peek("<") or p.peek("#")

    def parse(self, p: Any, name: str) -> Any:
        at = p.location()
        body = p.parse_angle_body()
        if body is None:
            return p.parse_attribute(typed=False)
        return AttrRef(self.prefix + body, at - len(self.prefix))

    def printable(self, a: Attribute) -> bool:
        return isinstance(a, self.cls)

    def print(self, p: Any, a: Attribute) -> None:
        printer = p.p  # None in the alias visitor, which records the attribute
        if printer is None:
            p.print_attribute(a)
        else:
            p.write(unqualified(printer, a))


class _BitEnum(AttrSyntax):
    """An I32 bit enum attribute as IREE's formats print it: `ReadOnly`,
    `"ReadOnly|Indirect"`."""

    def __init__(self, cases: dict[str, int]):
        self.cases = cases

    def can_start(self, p: Any) -> bool:
        return p.peek('"') or p.text[p.pos:p.pos + 1].isalpha()

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

    def printable(self, a: Attribute) -> bool:
        return isinstance(a, IntegerAttr)

    def print(self, p: Any, a: Attribute) -> None:
        p.print_alias_free(a, bit_enum_text(a.value, self.cases))  # type: ignore[attr-defined]  # printable()


class _HalAsm:
    """Mixin of the executable-structure ops: IREE's HAL formats use strict
    properties (the inherent attributes a format does not name print in
    `<...>`), and its custom<SymbolVisibility> prints a missing visibility
    as `public`. A missing one is read as `public` here (tests/unit/test_hal_forms.py
    pins it), where the pinned iree-opt leaves the property out."""

    __slots__ = ()
    asm_strict_properties = True

    @staticmethod
    def parse_SymbolVisibility(p: Any) -> tuple:
        v = p.parse_optional_keyword(("public", "private", "nested"))
        return (StringAttr(v or "public"),)

    @staticmethod
    def print_SymbolVisibility(p: Any, op: Operation, vis: Any) -> None:
        p.write(vis.value if isinstance(vis, StringAttr) else "public")


_SYM = {"sym_name": SymbolName()}
_INDEX = BareInteger(index)


class _ContainerOp(_HalAsm, OpDef):
    """A symbol op with one block ended by an implicit terminator (written
    out only when it carries attributes, as IREE prints it)."""

    __slots__ = ()
    # IREE's containers name no default dialect, so MLIR prints a nested `builtin.module`
    # in full; hlopt's printer elides `builtin.` in such regions, and "hal" keeps it (the
    # ops these hold are named with two dots, which a default dialect leaves as they are).
    # hal.executable holds hal.executable_end, which "hal" would shorten: it keeps none.
    default_dialect = "hal"


class ExecutableSourceOp(_ContainerOp, SymbolOpInterface):
    """`hal.executable.source private @ex [<objects = ...>] attributes {...} { ... }`."""

    name = "hal.executable.source"
    summary = "Generic source contents of an executable op"
    sym_visibility = opt_attr(Str)
    sym_name = attr(Str)
    objects = opt_attr(IsA(ExecutableObjectsAttr, "executable objects attribute"))
    body = region(1)
    traits = (IsolatedFromAbove(), SingleBlockImplicitTerminator("hal.executable.source_end"), Symbol(),
              SymbolTable())
    # `objects` is left to the strict prop-dict, where IREE prints it unqualified
    assembly_format = ("custom<SymbolVisibility>($sym_visibility) $sym_name (custom<Objects>($objects)^)? "
                       "attr-dict-with-keyword $body")
    attr_syntax = _SYM

    @staticmethod
    def parse_optional_Objects(p: Any) -> tuple | None:
        if not p.peek("<") or p.peek("<{"):
            return None
        p.parse_punct("<")
        p.parse_keyword("objects")
        p.parse_punct("=")
        a = _Unqualified("#hal.executable.objects", ExecutableObjectsAttr).parse(p, "objects")
        p.parse_punct(">")
        return (a,)

    @staticmethod
    def parse_Objects(p: Any) -> tuple:
        return ExecutableSourceOp.parse_optional_Objects(p) or (None,)

    @staticmethod
    def print_Objects(p: Any, op: Operation, objects: Any) -> None:
        p.write("<objects = ")
        _Unqualified("#hal.executable.objects", ExecutableObjectsAttr).print(p, objects)
        p.write(">")

    @classmethod
    def verify(cls, op: Operation) -> None:
        _one_condition(op, "an executable")


def _one_condition(op: Operation, where: str) -> None:
    if len(op.regions) == 1 and op.regions[0].blocks and \
            sum(isinstance(o, ExecutableConditionOp) for o in op.regions[0].blocks[0].ops) > 1:
        raise op_error(op, f"only one condition op is allowed in {where}")


class ExecutableSourceEndOp(_HalAsm, OpDef):
    name = "hal.executable.source_end"
    summary = "Terminator pseudo-op for the executable source op"
    traits = (Terminator(), HasParent("hal.executable.source"))
    assembly_format = "attr-dict"


class ExecutableOp(_ContainerOp, SymbolOpInterface):
    """`hal.executable private [lazy] @ex { variants... }`."""

    name = "hal.executable"
    summary = "Target-specific executable module"
    sym_visibility = opt_attr(Str)
    sym_name = attr(Str)
    lazy = opt_attr(Unit)
    body = region(1)
    traits = (IsolatedFromAbove(), SingleBlockImplicitTerminator("hal.executable_end"), Symbol(), SymbolTable())
    default_dialect = None  # type: ignore[assignment]  # (see _ContainerOp)
    assembly_format = ("custom<SymbolVisibility>($sym_visibility) (`lazy` $lazy^)? $sym_name "
                       "attr-dict-with-keyword regions")
    attr_syntax = {**_SYM, "lazy": UnitKeyword()}


class ExecutableEndOp(_HalAsm, OpDef):
    name = "hal.executable_end"
    summary = "Terminator pseudo-op for the executable op"
    traits = (Terminator(), HasParent("hal.executable"))
    assembly_format = "attr-dict"


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
    traits = (IsolatedFromAbove(), HasParent("hal.executable"),
              SingleBlockImplicitTerminator("hal.executable.variant_end"), Symbol(), SymbolTable())
    assembly_format = ("custom<SymbolVisibility>($sym_visibility) $sym_name `target` `(` $target `)` "
                       "(`objects` `(` $objects^ `)`)? (`sources` `(` $sources^ `)`)? attr-dict-with-keyword $body")
    attr_syntax = {**_SYM, "target": _Unqualified("#hal.executable.target", ExecutableTargetAttr)}

    @classmethod
    def verify(cls, op: Operation) -> None:
        _one_condition(op, "a variant")


class ExecutableVariantEndOp(_HalAsm, OpDef):
    name = "hal.executable.variant_end"
    summary = "Terminator pseudo-op for the executable variant op"
    traits = (Terminator(), HasParent("hal.executable.variant"))
    assembly_format = "attr-dict"


def _parse_signature_region(p: Any, results: Sequence[str], message: str) -> Region:
    """`(%a: T {attrs} loc(..), ...) -> R { ... }` (IREE's parse of
    custom<WorkgroupCountRegion> and friends): the region, whose arguments
    are the listed ones; the result types must be `results` (else `message`)."""
    p.parse_punct("(")
    args = []
    if not p.parse_optional_punct(")"):
        args.append(p.parse_argument(allow_attrs=True))
        while p.parse_optional_punct(","):
            args.append(p.parse_argument(allow_attrs=True))
        p.parse_punct(")")
    p.parse_punct("->")
    if p.parse_optional_punct("("):
        types = p.parse_type_list() if not p.peek(")") else []
        p.parse_punct(")")
    else:
        types = [p.parse_type()]
    if [t.text for t in types] != list(results):
        raise p.error(message)
    return p.parse_region(args)


def _print_signature_region(p: Any, r: Region, results: str) -> None:
    """What _parse_signature_region reads (nothing for an empty region)."""
    if not r.blocks:
        return
    p.write("(")
    for i, a in enumerate(r.blocks[0].args):
        if i:
            p.write(", ")
        p.print_region_argument(a)
    p.write(f") -> {results} ")
    p.print_region(r, False, True)


class ExecutableExportOp(_HalAsm, OpDef, SymbolOpInterface):
    """`hal.executable.export public @fn [ordinal(N)] layout(#layout)
    [condition(...) -> i1 {...}] [fallback(@f)] [count(...) -> (index, index, index) {...}]
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
    assembly_format = ("custom<SymbolVisibility>($sym_visibility) $sym_name (`ordinal` `(` $ordinal^ `)`)? "
                       "`layout` `(` $layout `)` "
                       "(`condition` `` custom<ExportConditionRegion>($condition)^)? "
                       "(`fallback` `(` $condition_fallback^ `)`)? "
                       "(`count` `` custom<WorkgroupCountRegion>($workgroup_count)^)? attr-dict-with-keyword")
    attr_syntax = {**_SYM, "ordinal": _INDEX, "condition_fallback": SymbolRef()}

    @staticmethod
    def parse_ExportConditionRegion(p: Any) -> tuple:
        return ([_parse_signature_region(p, ("i1",), "condition region must return a boolean value")],)

    @staticmethod
    def print_ExportConditionRegion(p: Any, op: Operation, regions: Sequence[Region]) -> None:
        _print_signature_region(p, regions[0], "i1")

    @staticmethod
    def parse_WorkgroupCountRegion(p: Any) -> tuple:
        return ([_parse_signature_region(p, ("index",) * 3,
                                         "workgroup count region must return the XYZ dimension counts")],)

    @staticmethod
    def print_WorkgroupCountRegion(p: Any, op: Operation, regions: Sequence[Region]) -> None:
        _print_signature_region(p, regions[0], "(index, index, index)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, ExecutableExportOp)
        count, cond = op.workgroup_count, op.condition
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


class ReturnOp(_HalAsm, OpDef):
    name = "hal.return"
    summary = "Return from a hal.* region"
    operands_ = var_operand(name="operands")
    traits = (Terminator(),)
    assembly_format = "($operands^ `:` type($operands))? attr-dict"

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


class ExecutableConditionOp(OpDef):
    """`hal.executable.condition(%device: !hal.device) -> i1 { ... } [attributes {...}]`."""

    name = "hal.executable.condition"
    summary = "Host code to determine if the executable is enabled"
    function_type = attr()
    arg_attrs = opt_attr(Array)
    res_attrs = opt_attr(Array)
    body = region()
    traits = (IsolatedFromAbove(),)

    # -- IREE's custom form: custom<TargetConditionRegion> then the attributes;
    # the function type is always (!hal.device) -> i1
    @staticmethod
    def parse_asm(p: Any) -> dict:
        at = p.location()
        body = _parse_signature_region(p, ("i1",), "target condition region must return one i1")
        return {"at": at, "body": body, "attrs": p.parse_optional_attr_dict_with_keyword()}

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        from hlopt.ir.types import FunctionType, i1

        device = r.type(TypeRef("!hal.device", st["at"]))
        attrs = r.attr(st["attrs"]) if st["attrs"] is not None else None
        return ExecutableConditionOp.build(function_type=TypeAttr(FunctionType([device], [i1])), body=st["body"],
                                           attributes=attrs)

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        if len(op.regions) != 1:
            return False
        _print_signature_region(p, op.regions[0], "i1")
        p.print_optional_attr_dict(op.attributes, (), True)
        return True

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, ExecutableConditionOp)  # (the type checker's view of the accessors)
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


def _dicts(a: Any, n: int) -> list[DictionaryAttr | None] | None:
    """An arg_attrs/res_attrs array as one dictionary (or None: empty) per
    entry; None when it is not `n` dictionaries."""
    if a is None:
        return [None] * n
    if not isinstance(a, ArrayAttr) or len(a) != n or not all(isinstance(d, DictionaryAttr) for d in a.elements):
        return None
    return [d if len(d) else None for d in a.elements]


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

    # -- IREE's custom form: a function signature (func.func's), `as` the keys, the
    # attributes, the body
    @staticmethod
    def parse_asm(p: Any) -> dict:
        from hlopt.dialects.func import parse_function_signature

        keys: list[Any] = []

        def read_keys(p: Any, results: list) -> None:
            # one key, or a list of them (its parentheses optional)
            p.parse_keyword("as")
            paren = len(results) != 1 and p.parse_optional_punct("(")
            while True:
                at = p.location()
                s = p.parse_optional_string()
                if s is None:
                    raise p.error("expected string", at)
                keys.append(AttrRef(s, at))
                if len(results) == 1 or not p.parse_optional_punct(","):
                    break
            if paren:
                p.parse_punct(")")

        op_pos = p.prev_end - len(p.op_name)  # (nothing read yet: the name ends there)
        st = parse_function_signature(p, p.location(), after_results=read_keys, body_required=True)
        st["keys"] = keys
        st["pos"] = op_pos
        return st

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        from hlopt.ir.types import FunctionType

        ft = FunctionType([t for _a, t, _attrs in st["args"]], [t for t, _attrs in st["results"]])
        props: dict[str, Any] = {}
        attrs = st["attrs"]
        if attrs is not None and ("arg_attrs" in attrs or "res_attrs" in attrs):
            # as print_asm writes them: inherent (IREE's parser then rejects them where the
            # signature has attributes too, so its own output does not read back)
            props.update((k, v) for k, v in attrs.entries if k in ("arg_attrs", "res_attrs"))
            attrs = DictionaryAttr([(k, v) for k, v in attrs.entries if k not in ("arg_attrs", "res_attrs")])
        for key, dicts in (("arg_attrs", [x[2] for x in st["args"]]), ("res_attrs", [x[1] for x in st["results"]])):
            if any(d is not None and len(d) for d in dicts):
                if key in props:
                    raise r.error(f"custom op '{ExecutableConstantBlockOp.name}' attribute '{key}' occurs more than "
                                  "once in the attribute list", st["pos"])
                props[key] = ArrayAttr(d if d is not None else DictionaryAttr() for d in dicts)
        return ExecutableConstantBlockOp.build(function_type=TypeAttr(ft), keys=ArrayAttr([r.attr(k) for k in st["keys"]]),
                                               body=st["body"], attributes=attrs, **props)

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        from hlopt.ir.types import FunctionType

        assert isinstance(op, ExecutableConstantBlockOp)
        t, keys = op.function_type, op.keys
        if not isinstance(t, TypeAttr) or not isinstance(t.type, FunctionType) or not isinstance(keys, ArrayAttr) \
                or not op.body.blocks or len(op.body.blocks[0].args) != len(t.type.inputs):
            return False
        ft = t.type
        arg_attrs, res_attrs = _dicts(op.arg_attrs, len(ft.inputs)), _dicts(op.res_attrs, len(ft.results))
        if arg_attrs is None or res_attrs is None:
            return False
        # func.func's signature (MLIR's printFunctionSignature)
        p.write("(")
        for i, a in enumerate(op.body.blocks[0].args):
            if i:
                p.write(", ")
            p.print_region_argument(a, arg_attrs[i])
        p.write(")")
        only = next(iter(ft.results)) if len(ft.results) == 1 else None
        if only is not None and res_attrs[0] is None and not isinstance(only, FunctionType):
            p.write(" -> ")
            p.print_type(only)
        elif ft.results:
            p.write(" -> (")
            for i, (rt, ra) in enumerate(zip(ft.results, res_attrs)):
                if i:
                    p.write(", ")
                p.print_type(rt)
                if ra is not None:
                    p.print_optional_attr_dict(ra)
            p.write(")")
        p.write(" as ")
        if len(ft.results) != 1:
            p.write("(")
        for i, k in enumerate(keys.elements):
            if i:
                p.write(", ")
            p.print_attribute(k)
        if len(ft.results) != 1:
            p.write(")")
        # IREE's printFunctionAttributes lists arg_attrs/res_attrs again, after the
        # discardable attributes (in that order: not a sorted dictionary)
        extra = tuple((k, v) for k, v in (("arg_attrs", op.arg_attrs), ("res_attrs", op.res_attrs)) if v is not None)
        attrs = DictionaryAttr.from_sorted(tuple(op.attributes.entries) + extra) if extra else op.attributes
        p.print_optional_attr_dict(attrs, (), True)
        p.write(" ")
        p.print_region(op.body, False, True)
        return True

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, ExecutableConstantBlockOp)  # (the type checker's view of the accessors)
        _verify_entry_args(op, op.function_type)
        ft = op.function_type.type
        if ft.inputs and (len(ft.inputs) > 1 or ft.inputs[0].text != "!hal.device"):
            raise op_error(op, "initializer must take a !hal.device or nothing")
        for i, t in enumerate(ft.results):
            if t.text != "i32":
                raise op_error(op, f"initializer must return only i32 values (result {i} is '{t.text}')")
        if len(ft.results) != len(op.keys):
            raise op_error(op, "must have one key for every result")
        # FunctionOpInterface: argument and result attributes are dialect attributes
        for what, a in (("arguments", op.arg_attrs), ("results", op.res_attrs)):
            if isinstance(a, ArrayAttr) and any(isinstance(d, DictionaryAttr) and any("." not in k for k, _ in d.entries)
                                                for d in a.elements):
                raise op_error(op, f"{what} may only have dialect attributes")


class ExecutableBinaryOp(_HalAsm, OpDef, SymbolOpInterface):
    """`hal.executable.binary public @b <format = "...", data = ..., mime_type = "..."> attributes {...}`."""

    name = "hal.executable.binary"
    summary = "Compiled executable binary data"
    sym_visibility = opt_attr(Str)
    sym_name = attr(Str)
    format = attr(Str)
    data = attr()
    mime_type = opt_attr(Str)
    traits = (HasParent("hal.executable"), Symbol())
    assembly_format = "custom<SymbolVisibility>($sym_visibility) $sym_name attr-dict-with-keyword"
    attr_syntax = _SYM


# ---------------------------------------------------------------------------
# executable interface ops (inside a variant's builtin.module)

_DESCRIPTOR_FLAGS = enum_cases("DescriptorFlags")
_PrimitiveType = AnyOf(Index, AnySignless, AnyFloat, AnyComplex,
                       summary="index or signless integer or floating-point or complex-type")


def _layout_counts(layout: Any) -> tuple[int, int] | None:
    """(constants, bindings) of a `#hal.pipeline.layout` (None: not one)."""
    if not isinstance(layout, PipelineLayoutAttr):
        return None
    m = re.match(r"\s*constants\s*=\s*(\d+)", layout.body)
    return (int(m.group(1)) if m else 0), layout.body.count("#hal.pipeline.binding<")


_LAYOUT = _Unqualified("#hal.pipeline.layout", PipelineLayoutAttr)


class InterfaceBindingSubspanOp(_HalAsm, OpDef):
    """`hal.interface.binding.subspan layout(#l) binding(N) [alignment(A)]
    [offset(%o)] [flags(F)] : T[{%dims}]`."""

    name = "hal.interface.binding.subspan"
    summary = "Returns an alias to a subspan of interface binding data"
    layout = attr(IsA(PipelineLayoutAttr, "executable entry point layout specification"))
    binding = attr(IndexAttr)
    byte_offset = opt_operand(Index)
    dynamic_dims = var_operand(Index)
    alignment = opt_attr(IndexAttr)
    descriptor_flags = opt_attr(IsA(IntegerAttr, "valid Descriptor flags"))
    result_ = result(name="result")
    traits = (Pure(), AttrSizedOperandSegments())
    assembly_format = ("`layout` `(` $layout `)` `binding` `(` $binding `)` (`alignment` `(` $alignment^ `)`)? "
                       "(`offset` `(` $byte_offset^ `)`)? (`flags` `(` $descriptor_flags^ `)`)? "
                       "attr-dict `:` type($result) (`{` $dynamic_dims^ `}`)?")
    attr_syntax = {"layout": _LAYOUT, "binding": _INDEX, "alignment": _INDEX,
                   "descriptor_flags": _BitEnum(_DESCRIPTOR_FLAGS)}
    type_inference = (FixedType("byte_offset", index), FixedType("dynamic_dims", index))

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, InterfaceBindingSubspanOp)
        t = op.result_.type
        shape = getattr(t, "shape", None)
        ndims = len(op.dynamic_dims)
        if shape is not None:
            dyn = sum(1 for d in shape if d < 0)
            if dyn != ndims:
                raise op_error(op, f"result type '{t.text}' has {dyn} dynamic dimensions but {ndims} "
                                   "associated dimension SSA values")
        counts = _layout_counts(op.layout)
        b = op.binding.value
        if counts is not None and b >= counts[1]:
            raise op_error(op, f"binding ordinal {b} out of bounds in layout {op.layout.text}")


class InterfaceConstantLoadOp(_HalAsm, OpDef):
    """`hal.interface.constant.load layout(#l) ordinal(N) [alignment(A)] [values([...])] : T`."""

    name = "hal.interface.constant.load"
    summary = "Loads a constant value from the interface constant block"
    layout = attr(IsA(PipelineLayoutAttr, "executable entry point layout specification"))
    ordinal = attr(IndexAttr)
    alignment = opt_attr(IndexAttr)
    values = opt_attr(Array)
    result_ = result(_PrimitiveType, name="result")
    traits = (Pure(),)
    assembly_format = ("`layout` `(` $layout `)` `ordinal` `(` $ordinal `)` (`alignment` `(` $alignment^ `)`)? "
                       "(`values` `(` $values^ `)`)? attr-dict `:` type($result)")
    attr_syntax = {"layout": _LAYOUT, "ordinal": _INDEX, "alignment": _INDEX}

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, InterfaceConstantLoadOp)  # (the type checker's view of the accessors)
        counts = _layout_counts(op.layout)
        if counts is not None and op.ordinal.value >= counts[0]:
            raise op_error(op, "push constant ordinal out of bounds")


class _WorkgroupOp(_HalAsm, OpDef):
    """`hal.interface.workgroup.<x>[D] [upper_bound N] : index`, named
    `%workgroup_<x>_x/y/z` for dimensions 0-2."""

    dimension = attr(IndexAttr)
    upper_bound = opt_attr(IndexAttr)
    result_ = result(Index, name="result")
    traits = (Pure(),)
    assembly_format = "`[` $dimension `]` (`upper_bound` $upper_bound^)? attr-dict `:` type($result)"
    attr_syntax = {"dimension": _INDEX, "upper_bound": _INDEX}
    prefix = ""

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        assert isinstance(op, _WorkgroupOp)  # (the type checker's view of the accessors)
        d = op.dimension
        if isinstance(d, IntegerAttr) and 0 <= d.value <= 2:
            return [cls.prefix + "xyz"[d.value]]
        return None


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


class ExecutableConstantLoadOp(_HalAsm, OpDef):
    """`hal.executable.constant.load "key" : i32`."""

    name = "hal.executable.constant.load"
    summary = "Loads a constant value from the executable constant block"
    key = attr(Str)
    result_ = result(_PrimitiveType, name="result")
    traits = (Pure(),)
    assembly_format = "$key attr-dict `:` type($result)"
    attr_syntax = {"key": UntypedAttr()}


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
    attr_syntax = {"type": TypeAsAttr()}

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
    attr_syntax = {"export_name": UntypedAttr(), "layout": _LAYOUT}
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


class TensorImportOp(AffinityOpInterface, _TypeAlias, _StrictFormOp):
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
    attr_syntax = {"consume": UnitKeyword(), "name": _QuotedString(), "target_encoding": TypeAsAttr()}
    type_inference = (*_fixed(("target_dims", "byte_offset")), FixedType("wait_fence", _FENCE_TYPE))

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, TensorImportOp)  # (the type checker's view of the accessors below)
        t = op.target.type
        if _dynamic(t) != len(op.target_dims):
            raise op_error(op, "number of target_dims must match number of dynamic dims in target type")
        _check_storage(op, op.target_encoding.type, t)


class TensorExportOp(AffinityOpInterface, _TypeAlias, _StrictFormOp):
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
    attr_syntax = {"name": _QuotedString(), "source_encoding": TypeAsAttr()}
    type_inference = _fixed(("source_dims",))

    @classmethod
    def verify(cls, op: Operation) -> None:
        assert isinstance(op, TensorExportOp)  # (the type checker's view of the accessors below)
        src = op.source.type
        if _dynamic(src) != len(op.source_dims):
            raise op_error(op, "number of source_dims must match number of dynamic dims in source type")
        _check_storage(op, op.source_encoding.type, src)


class TensorAliasOp(AffinityOpInterface, _StrictFormOp):
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


class TensorTransientsOp(AffinityOpInterface, _StrictFormOp):
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


_VALUE = re.compile(r"%([\w$.\-]+)(?:#(\d+))?")


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
                  parse_attribute=parse_attribute)


from hlopt.dialects.hal_runtime import with_runtime_ops  # noqa: E402  (hal.device/fence/command_buffer/... ops)

DIALECT = with_runtime_ops(DIALECT)
