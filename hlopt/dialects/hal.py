"""IREE's HAL dialect (hal): the device and executable-target attributes
that say where stream ops run and how their encodings resolve.

`#hal.device.target<"local", {config}, [#hal.executable.target<...>, ...]> : !hal.device`,
`#hal.executable.target<"backend", "format", {config}>`,
`#hal.device.affinity<@device[, [queues]]>`, `#hal.device.optimal<[affinities]>`,
`#hal.device.select<[devices]> : !hal.device`. Targets print through aliases
named as IREE names them (`#device_target_<id>[_<ordinal>_]`,
`#executable_target_<format>`).

Ops in IREE's custom forms: executables (hal.executable[.source|.variant]
with their implicit end ops, .export/.condition/.constant.block/.binary) and
the interface ops of dispatch functions (hal.interface.binding.subspan/
constant.load/workgroup.*, hal.executable.constant.load) declare their
assembly formats (op_asm forms for .condition and .constant.block); in
grammars/hal.lark still: tensor <-> buffer pseudo-ops (hal.tensor.*),
buffer views and their element/encoding/memory/usage codes, executable
handles (hal.executable.create/lookup/...), hal.dispatch.extern and the
hal.instrument.* ops. Other HAL ops pass through generically.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.dialects.hal_enums import bit_enum_text, enum_cases, parse_bit_enum
from hlopt.dialects.syntax_util import arg_loc_text
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
from hlopt.ir.core import IRError, Operation, Region, Value
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
from hlopt.ir.types import RankedTensorType, Type, UnrankedTensorType, index
from hlopt.syntax import (
    AttrRef,
    AttrSyntax,
    BareInteger,
    FixedType,
    SymbolName,
    SymbolRef,
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
        w = p.parse_optional_keyword()
        if w is None:
            w = p.parse_optional_string()
        bits = parse_bit_enum(w, self.cases) if w is not None else None
        if bits is None:
            raise p.error(f"expected string or keyword containing one of the following enum values for attribute "
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


def _enum_error(op: str, key: str, cases: dict[str, int]) -> str:
    return (f"custom op '{op}' expected string or keyword containing one of the following enum values for "
            f"attribute '{key}' [{', '.join(cases)}]")


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


class ElementTypeOp(OpDef):
    """`hal.element_type<f32> : i32`, named `%element_type_<type>`."""

    name = "hal.element_type"
    summary = "An iree_hal_element_type_t for the given MLIR type"
    result_ = result(_I32)
    type = attr(IsA(TypeAttr, "any type attribute"))
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        t = op.type
        return [sanitize_name("element_type_" + t.type.text)] if isinstance(t, TypeAttr) else None

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        t = op.type
        if not isinstance(t, TypeAttr) or op.operands or len(op.results) != 1:
            return None
        return f"hal.element_type<{p.type_text(t.type)}>" + p.attr_dict(op.attributes) + \
            " : " + p.type_text(op.result_.type)

    @classmethod
    def verify(cls, op: Operation) -> None:
        if not _element_type_supported(op.type.type):
            raise op_error(op, "unsupported element type")


class EncodingTypeOp(OpDef):
    """`hal.encoding_type<dense_row_major> : i32` (no encoding attribute)."""

    name = "hal.encoding_type"
    summary = "An iree_hal_encoding_type_t for the given MLIR encoding"
    result_ = result(_I32)
    encoding = opt_attr()
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["dense_row_major"] if op.encoding is None else None

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if op.operands or len(op.results) != 1:
            return None
        enc = op.encoding
        inner = p.attr_text(enc) if enc is not None else "dense_row_major"
        return f"hal.encoding_type<{inner}>" + p.attr_dict(op.attributes) + " : " + p.type_text(op.result_.type)

    @classmethod
    def verify(cls, op: Operation) -> None:
        if op.encoding is not None:
            raise op_error(op, "unsupported encoding type")


class _BitfieldOp(OpDef):
    """`hal.<op><Bits> : i32` of an I32 bit enum property."""

    key = ""
    cases: dict = {}
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return [cls.name[len("hal."):]]

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        v = op.properties.get(cls.key)
        if not isinstance(v, IntegerAttr) or op.operands or len(op.results) != 1:
            return None
        return f"{cls.name}<{bit_enum_text(v.value, cls.cases)}>" + p.attr_dict(op.attributes) + \
            " : " + p.type_text(op.results[0].type)


class MemoryTypeOp(_BitfieldOp):
    name = "hal.memory_type"
    summary = "An iree_hal_memory_type_t for the given memory type bits"
    result_ = result(_I32)
    type = attr(IsA(IntegerAttr, "valid MemoryType"))
    key = "type"
    cases = _MEMORY_TYPES


class BufferUsageOp(_BitfieldOp):
    name = "hal.buffer_usage"
    summary = "An iree_hal_buffer_usage_t for the given usage bits"
    result_ = result(_I32)
    usage = attr(IsA(IntegerAttr, "valid BufferUsage"))
    key = "usage"
    cases = _BUFFER_USAGES


def _view(p: Any, v: Any) -> str:
    return f"<{p.value(v)} : {p.type_text(v.type)}>"


class BufferViewCreateOp(OpDef):
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
    result_ = result(_BufferView)
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["view"]

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if len(op.operands) < 5 or len(op.results) != 1:
            return None
        b, off, n, et, enc, *shape = op.operands
        return (f"hal.buffer_view.create buffer({p.value(b)} : {p.type_text(b.type)})[{p.value(off)}, {p.value(n)}]"
                f" shape([{p.values(shape)}]) type({p.value(et)}) encoding({p.value(enc)}) : "
                + p.type_text(op.result_.type) + p.attr_dict(op.attributes, keyword=True))


class BufferViewAssertOp(OpDef):
    """`hal.buffer_view.assert<%bv : !hal.buffer_view> message("m") shape([...]) type(%et) encoding(%enc)`."""

    name = "hal.buffer_view.assert"
    summary = "Buffer view contents assertion"
    buffer_view = operand(_BufferView)
    element_type = operand(_I32)
    encoding_type = operand(_I32)
    shape = var_operand(Index)
    message = attr(Str)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        msg = op.message
        if len(op.operands) < 3 or op.results or not isinstance(msg, StringAttr):
            return None
        bv, et, enc, *shape = op.operands
        return (f"hal.buffer_view.assert{_view(p, bv)} message({p.attr_text(msg)}) shape([{p.values(shape)}]) "
                f"type({p.value(et)}) encoding({p.value(enc)})" + p.attr_dict(op.attributes, keyword=True))


class _BufferViewQueryOp(OpDef):
    """`hal.buffer_view.<query><%bv : !hal.buffer_view> : T [attributes {...}]`."""

    buffer_view = operand(_BufferView)
    traits = (Pure(),)
    result_name: str | None = None

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return [cls.result_name] if cls.result_name else None

    @classmethod
    def index_text(cls, op: Operation) -> str | None:
        return ""

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        idx = cls.index_text(op)
        if len(op.operands) != 1 or len(op.results) != 1 or idx is None:
            return None
        return (cls.name + _view(p, op.buffer_view) + idx + " : " + p.type_text(op.results[0].type)
                + p.attr_dict(op.attributes, keyword=True))


class BufferViewBufferOp(_BufferViewQueryOp):
    name = "hal.buffer_view.buffer"
    summary = "Buffer view buffer accessor"
    result_ = result(_Buffer)
    result_name = "buffer"


class BufferViewElementTypeOp(_BufferViewQueryOp):
    name = "hal.buffer_view.element_type"
    summary = "Buffer view element type query"
    result_ = result(_I32)


class BufferViewEncodingTypeOp(_BufferViewQueryOp):
    name = "hal.buffer_view.encoding_type"
    summary = "Buffer view encoding type query"
    result_ = result(_I32)


class BufferViewRankOp(_BufferViewQueryOp):
    name = "hal.buffer_view.rank"
    summary = "Buffer view rank query"
    result_ = result(Index)


class BufferViewDimOp(_BufferViewQueryOp):
    name = "hal.buffer_view.dim"
    summary = "Buffer view dimension value query"
    result_ = result(Index)
    index = attr(IndexAttr)

    @classmethod
    def index_text(cls, op: Operation) -> str | None:
        i = op.index
        return f"[{i.value}]" if isinstance(i, IntegerAttr) else None


class BufferViewTraceOp(OpDef):
    """`hal.buffer_view.trace "key" = %a, %b : !hal.buffer_view, !hal.buffer_view`."""

    name = "hal.buffer_view.trace"
    summary = "Trace value(s) operation"
    operands_ = var_operand(_BufferView)
    key = attr(Str)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        key = op.key
        if not isinstance(key, StringAttr) or op.results:
            return None
        return (f"hal.buffer_view.trace {p.attr_text(key)} = {p.values(op.operands)} : "
                f"{p.types(op.operand_types)}" + p.attr_dict(op.attributes, keyword=True))


# ---------------------------------------------------------------------------
# executable handles and entry point queries

_Device = hal_type("device", summary="device")
_Executable = hal_type("executable", summary="executable")
_I64 = Constraint(lambda t: getattr(t, "text", None) == "i64", "64-bit signless integer")


def _tail(op: Operation, p: Any) -> str:
    return p.attr_dict(op.attributes, keyword=True)


class ExecutableCreateOp(OpDef):
    """`hal.executable.create device(%d : !hal.device) affinity(%a) target(@ex::@v)
    [constants([%c, ...])] : !hal.executable`."""

    name = "hal.executable.create"
    summary = "Creates an executable"
    device = operand(_Device)
    queue_affinity = operand(_I64)
    constants = var_operand(_I32)
    result_ = result(_Executable)
    executable_target = attr(IsA(SymbolRefAttr, "symbol reference attribute"))
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["executable"]

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        t = op.executable_target
        if len(op.operands) < 2 or len(op.results) != 1 or t is None:
            return None
        d, a, *cs = op.operands
        s = f"hal.executable.create device({p.value(d)} : {p.type_text(d.type)}) affinity({p.value(a)}) target({t.text})"
        if cs:
            s += f" constants([{p.values(cs)}])"
        return s + " : " + p.type_text(op.result_.type) + _tail(op, p)


class ExecutableLookupOp(OpDef):
    """`hal.executable.lookup device(%d : !hal.device) executable(@ex) : !hal.executable`."""

    name = "hal.executable.lookup"
    summary = "Executable cache lookup pseudo-op"
    device = operand(_Device)
    result_ = result(_Executable)
    executable = attr(FlatSymbolRef)
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["exe"]

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        e = op.executable
        if len(op.operands) != 1 or len(op.results) != 1 or e is None:
            return None
        d = op.device
        return (f"hal.executable.lookup device({p.value(d)} : {p.type_text(d.type)}) executable({e.text}) : "
                + p.type_text(op.result_.type) + _tail(op, p))


class ExecutableLookupFunctionOp(OpDef):
    """`hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@v::@e) : i64`."""

    name = "hal.executable.lookup.function"
    summary = "Executable function lookup pseudo-op"
    executable = operand(_Executable)
    result_ = result(_I64)
    entry_point = attr(IsA(SymbolRefAttr, "symbol reference attribute"))
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["function_id"]

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        e = op.entry_point
        if len(op.operands) != 1 or len(op.results) != 1 or e is None:
            return None
        x = op.executable
        return (f"hal.executable.lookup.function target({p.value(x)} : {p.type_text(x.type)}) function({e.text}) : "
                + p.type_text(op.result_.type) + _tail(op, p))


class ExecutableExportOrdinalOp(OpDef):
    """`hal.executable.export.ordinal target(@ex::@v::@e) : index`."""

    name = "hal.executable.export.ordinal"
    summary = "Executable export ordinal lookup pseudo-op"
    result_ = result(Index)
    entry_point = attr(IsA(SymbolRefAttr, "symbol reference attribute"))
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["ordinal"]

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        e = op.entry_point
        if op.operands or len(op.results) != 1 or e is None:
            return None
        return f"hal.executable.export.ordinal target({e.text}) : " + p.type_text(op.result_.type) + _tail(op, p)


class ExecutableCalculateWorkgroupsOp(OpDef):
    """`hal.executable.calculate_workgroups device(%d : !hal.device) target(@ex::@v::@e)
    [workload([%w, ...])] : index, index, index`."""

    name = "hal.executable.calculate_workgroups"
    summary = "Calculates workgroup count from workload for an exported function"
    device = operand(_Device)
    workload = var_operand(Index)
    workgroup_x = result(Index)
    workgroup_y = result(Index)
    workgroup_z = result(Index)
    entry_point = attr(IsA(SymbolRefAttr, "symbol reference attribute"))
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["workgroup_x", "workgroup_y", "workgroup_z"] if len(op.results) == 3 else None

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        e = op.entry_point
        if not op.operands or len(op.results) != 3 or e is None:
            return None
        d, *w = op.operands
        s = f"hal.executable.calculate_workgroups device({p.value(d)} : {p.type_text(d.type)}) target({e.text})"
        if w:
            s += f" workload([{p.values(w)}])"
        return s + " : " + p.types(op.result_types) + _tail(op, p)


# ---------------------------------------------------------------------------
# instrumentation (hal.instrument.*)

_AnyMemRef = Constraint(lambda t: type(t).__name__ in ("MemRefType", "UnrankedMemRefType"), "memref of any non-token type values")


def _instr_head(p: Any, b: Value, key: Value | None) -> str:
    """`[%buffer : T for %workgroupKey]` (or `[%buffer : T]`)."""
    s = f"[{p.value(b)} : {p.type_text(b.type)}"
    return s + (f" for {p.value(key)}]" if key is not None else "]")


class InstrumentWorkgroupOp(OpDef):
    """`hal.instrument.workgroup[%buf : memref<?xi8>] dispatch(%id) : index`."""

    name = "hal.instrument.workgroup"
    summary = "Emits a dispatch workgroup instrumentation event"
    buffer = operand(_AnyMemRef)
    dispatchId = operand(_I32)
    workgroupKey = result(Index)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if len(op.operands) != 2 or len(op.results) != 1:
            return None
        return (f"hal.instrument.workgroup{_instr_head(p, op.buffer, None)} dispatch({p.value(op.dispatchId)})"
                + p.attr_dict(op.attributes) + " : " + p.type_text(op.workgroupKey.type))


class InstrumentPrintOp(OpDef):
    """`hal.instrument.print[%buf : T for %key] "fmt" [* (%a, ... : A, ...)]`."""

    name = "hal.instrument.print"
    summary = "Emits a human-readable printf-style string event"
    buffer = operand(_AnyMemRef)
    workgroupKey = operand(Index)
    values = var_operand()
    format = attr(Str)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        f = op.format
        if len(op.operands) < 2 or op.results or not isinstance(f, StringAttr):
            return None
        vals = op.operands[2:]
        s = f"hal.instrument.print{_instr_head(p, op.buffer, op.workgroupKey)} {p.attr_text(f)}"
        if vals:
            s += f" * ({p.values(vals)} : {p.types([v.type for v in vals])})"
        return s + p.attr_dict(op.attributes)


class InstrumentValueOp(OpDef):
    """`hal.instrument.value[%buf : T for %key] 3 : i8 = %v : f32`."""

    name = "hal.instrument.value"
    summary = "Emits a scalar value instrumentation event"
    buffer = operand(_AnyMemRef)
    workgroupKey = operand(Index)
    operand_ = operand()
    result_ = result()
    ordinal = attr(Constraint(lambda a: isinstance(a, IntegerAttr) and getattr(a.type, "text", "") in
                              ("i8", "si8", "ui8"), "8-bit integer attribute"))

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        o = op.ordinal
        if len(op.operands) != 3 or len(op.results) != 1 or o is None:
            return None
        v = op.operand_
        return (f"hal.instrument.value{_instr_head(p, op.buffer, op.workgroupKey)} {p.attr_text(o)} = {p.value(v)}" + p.attr_dict(op.attributes)
                + " : " + p.type_text(v.type))

    @classmethod
    def verify(cls, op: Operation) -> None:
        if op.operand_.type is not op.result_.type:
            raise op_error(op, "failed to verify that all of {operand, result} have same type")


class _InstrumentMemoryOp(OpDef):
    """`hal.instrument.memory.<load|store>[%buf : T for %key] %base[%i, ...], %v : memref<...>, T`."""

    buffer = operand(_AnyMemRef)
    workgroupKey = operand(Index)
    value_ = operand()
    base = operand(_AnyMemRef)
    indices = var_operand(Index)
    result_ = result()
    traits = (Pure(),)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if len(op.operands) < 4 or len(op.results) != 1:
            return None
        v, base, *idx = op.operands[2:]
        return (f"{cls.name}{_instr_head(p, op.buffer, op.workgroupKey)} {p.value(base)}[{p.values(idx)}], {p.value(v)}"
                + p.attr_dict(op.attributes) + f" : {p.type_text(base.type)}, {p.type_text(op.result_.type)}")

    @classmethod
    def verify(cls, op: Operation) -> None:
        if op.value_.type is not op.result_.type:
            what = "loadValue" if cls.name.endswith("load") else "storeValue"
            raise op_error(op, f"failed to verify that all of {{{what}, result}} have same type")


class InstrumentMemoryLoadOp(_InstrumentMemoryOp):
    name = "hal.instrument.memory.load"
    summary = "Emits a memory load instrumentation event"


class InstrumentMemoryStoreOp(_InstrumentMemoryOp):
    name = "hal.instrument.memory.store"
    summary = "Emits a memory store instrumentation event"


# ---------------------------------------------------------------------------
# hal.dispatch.extern


def shaped_types_text(p: Any, values: Sequence[Any], types: Sequence[Any], dims: Sequence[Any]) -> list[str]:
    """`T{%d, ...}` per value, taking each shaped type's dynamic dims in turn."""
    out, k = [], 0
    for t in types:
        n = _dynamic(t)
        out.append(p.type_text(t) + _dims_text(p, dims[k:k + n]))
        k += n
    return out


class DispatchExternOp(OpDef):
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
    _PROP_DICT = ("workgroup_size", "subgroup_size", "workgroup_local_memory")

    @classmethod
    def custom_prints_entry_args(cls, op: Operation, region_index: int = 0) -> bool:
        return True

    @classmethod
    def _parts(cls, op: Operation) -> tuple | None:
        g = _groups(op)
        props = op.properties
        targets, ords, objs = (props.get(k) for k in ("targets", "target_ordinals", "target_objects"))
        if g is None or len(g) != 4 or not all(isinstance(a, ArrayAttr) for a in (targets, ords, objs)) \
                or not len(op.regions) or len(op.regions[0].blocks) != 1 \
                or not (len(targets) == len(ords) == len(objs) == len(op.regions) - 1) \
                or props.get("export_name") is None or props.get("layout") is None:
            return None
        return g, targets, ords, objs

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        parts = cls._parts(op)
        if parts is None:
            return None
        (work, args, adims, rdims), targets, ords, objs = parts
        ties = [getattr(x, "value", -1) for x in op.tied_operands.elements] \
            if isinstance(op.tied_operands, ArrayAttr) else [-1] * len(op.results)
        if len(ties) != len(op.results):
            return None
        s = "hal.dispatch.extern " + p.attr_text(op.export_name)
        if work:
            s += f"[{p.values(work)}]"
        s += f"({p.values(args)}) : (" + ", ".join(shaped_types_text(p, args, [a.type for a in args], adims)) + ") -> "
        outs, k = [], 0
        for r, tie in zip(op.results, ties):
            n = _dynamic(r.type)
            d = _dims_text(p, rdims[k:k + n])
            k += n
            if tie >= 0:
                if not 0 <= tie < len(args):
                    return None
                t = args[tie]
                outs.append(p.value(t) + ("" if t.type is r.type else " as " + p.type_text(r.type)) + d)
            else:
                outs.append(p.type_text(r.type) + d)
        s += outs[0] if len(outs) == 1 and ties[0] < 0 and not hasattr(op.results[0].type, "inputs") \
            else "(" + ", ".join(outs) + ")"
        if len(outs) == 1 and ties[0] >= 0:
            s = s[:-len("(" + outs[0] + ")")] + outs[0]
        c = _signature_region("count", op.regions[0], "(index, index, index)", p)
        if c is None:
            return None
        s += c + f" layout({unqualified(p, op.layout)}) objects({{"
        ind = "  " * p.indent
        items = []
        for t, o, objects, r in zip(targets.elements, ords.elements, objs.elements, op.regions[1:]):
            item = f"\n{ind}  {p.attr_text(t)}"
            if r.blocks:
                if len(r.blocks) != 1:
                    return None
                args_ = ", ".join(f"{p.value(a)}: {p.type_text(a.type)}" + arg_loc_text(p, a) for a in r.blocks[0].args)
                item += f" if({args_}) -> i1 " + p.region(r, indent=1)
            item += f" ordinal({getattr(o, 'value', o)}) = {p.attr_text(objects)}"
            items.append(item)
        s += ",".join(items) + f"\n{ind}}})"
        s += _prop_dict(op, cls._PROP_DICT, p, untyped=("subgroup_size", "workgroup_local_memory"))
        return s + p.attr_dict(op.attributes, keyword=True)

    @classmethod
    def custom_visit_items(cls, op: Operation, debuginfo: bool) -> list[tuple] | None:
        parts = cls._parts(op)
        if parts is None:
            return None
        _, targets, ords, objs = parts
        seq: list[tuple] = [("a", u.value.type, False) for u in op._operands] + \
            [("a", r.type, False) for r in op.results]
        seq += [("blk", b, True, True) for b in op.regions[0].blocks]
        seq.append(("a", op.layout, False))
        for t, objects, r in zip(targets.elements, objs.elements, op.regions[1:]):
            seq.append(("a", t, False))
            seq += [("blk", b, True, True) for b in r.blocks]
            seq.append(("a", objects, False))
        props = op.properties
        seq += [("a", props.get(k), False) for k in cls._PROP_DICT if props.get(k) is not None]
        return seq + [("a", v, False) for _, v in op.attributes.entries]

    @classmethod
    def verify(cls, op: Operation) -> None:
        g = _groups(op)
        if g is None:
            return
        work, args, adims, rdims = g
        for vals, dims in ((args, adims), (op.results, rdims)):
            need = sum(_dynamic(v.type) for v in vals)
            if need != len(dims):
                raise op_error(op, f"value set has {need} dynamic dimensions but only {len(dims)} dimension "
                                   "values are attached")
        for v in list(args) + list(op.results):
            et = getattr(v.type, "element_type", None)
            if et is not None and getattr(et, "text", None) == "index":
                raise op_error(op, f"I/O type {v.type.text} is invalid: index types must not cross the "
                                   "dispatch boundary")
        count = op.regions[0]
        if count.blocks:
            _check_device_workload(op, count, "workgroup_count")
            captured = [a.type for a in count.blocks[0].args if a.type.text != "!hal.device"]
            if len(work) != len(captured):
                raise op_error(op, f"workload operands and workgroup count args mismatch ({len(work)} vs "
                                   f"{len(captured)})")
        if len(op.targets) != len(op.target_objects):
            raise op_error(op, "target and objects arrays must match")
        if len(op.targets) != len(op.regions) - 1:
            raise op_error(op, "target and condition regions must match (but they may be empty)")
        for r in op.regions[1:]:
            _verify_target_condition(op, r)


# ---------------------------------------------------------------------------
# tensor <-> buffer (view) pseudo-ops (hal.tensor.*)


_BufferOrView = hal_type("buffer", "buffer_view", summary="buffer or buffer_view")
_Fence = hal_type("fence", summary="fence")
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


def _on(a: Any, p: Any) -> str:
    """` on(#affinity)` for an op's `affinity`, when it has one."""
    return f" on({p.attr_text(a)})" if a is not None else ""


def _dims_text(p: Any, dims: Sequence[Any]) -> str:
    return "{" + p.values(dims) + "}" if dims else ""


def _segments(op: Operation) -> list[int] | None:
    seg = op.properties.get("operandSegmentSizes")
    vals = list(getattr(seg, "values", ()))
    return vals if vals and sum(vals) == len(op.operands) else None


def _groups(op: Operation) -> list[list[Any]] | None:
    seg = _segments(op)
    if seg is None:
        return None
    out, i = [], 0
    for n in seg:
        out.append(list(op.operands[i:i + n]))
        i += n
    return out


def _alias_items(op: Operation, *attrs: Any) -> list[tuple]:
    """Alias visiting order of a one-line form: the printed attributes, the
    attribute dictionary, then operand and result types."""
    return [("a", a, False) for a in attrs if a is not None] + \
        [("a", v, False) for _, v in op.attributes.entries] + \
        [("a", u.value.type, False) for u in op._operands] + [("a", r.type, False) for r in op.results]


class TensorImportOp(OpDef):
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
    inherent = ("target_encoding", "consume", "name", "affinity", "operandSegmentSizes")

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        g = _groups(op)
        enc = op.target_encoding
        nm = op.name_
        if g is None or len(g) != 4 or not isinstance(enc, TypeAttr) or len(op.results) != 1:
            return None
        (src,), dims, fence, off = g
        s = "hal.tensor.import" + _on(op.affinity, p)
        if fence:
            s += f" wait({p.value(fence[0])}) =>"
        if op.consume is not None:
            s += " consume"
        s += " " + p.value(src)
        if off:
            s += f" offset({p.value(off[0])})"
        if nm is not None:
            s += " " + p.attr_text(nm)
        t = op.target.type
        s += f" : {p.type_text(src.type)} -> {p.type_text(enc.type)}"
        if enc.type is not t:
            s += " as " + p.type_text(t)
        return s + _dims_text(p, dims) + p.attr_dict(op.attributes)

    @classmethod
    def custom_visit_items(cls, op: Operation, debuginfo: bool) -> list[tuple] | None:
        return _alias_items(op, op.affinity, op.target_encoding)

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.target.type
        g = _groups(op)
        if g is not None and _dynamic(t) != len(g[1]):
            raise op_error(op, "number of target_dims must match number of dynamic dims in target type")
        _check_storage(op, op.target_encoding.type, t)


class TensorExportOp(OpDef):
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
    inherent = ("source_encoding", "name", "affinity")

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        enc = op.source_encoding
        nm = op.name_
        if not op.operands or not isinstance(enc, TypeAttr) or len(op.results) != 1:
            return None
        src, *dims = op.operands
        s = "hal.tensor.export" + _on(op.affinity, p) + " " + p.value(src)
        if nm is not None:
            s += " " + p.attr_text(nm)
        s += " : " + p.type_text(enc.type)
        if enc.type is not src.type:
            s += " as " + p.type_text(src.type)
        return s + _dims_text(p, dims) + " -> " + p.type_text(op.target.type) + p.attr_dict(op.attributes)

    @classmethod
    def custom_visit_items(cls, op: Operation, debuginfo: bool) -> list[tuple] | None:
        return _alias_items(op, op.affinity, op.source_encoding)

    @classmethod
    def verify(cls, op: Operation) -> None:
        src = op.source.type
        if _dynamic(src) != len(op.operands) - 1:
            raise op_error(op, "number of source_dims must match number of dynamic dims in source type")
        _check_storage(op, op.source_encoding.type, src)


class TensorAliasOp(OpDef):
    """`hal.tensor.alias [on(#a)] [wait(%f) =>] %t : T{%dims} to %storage : !hal.buffer`."""

    name = "hal.tensor.alias"
    summary = "Hints that tensor storage should alias a HAL buffer view"
    source = operand(_AnyTensor)
    source_dims = var_operand(Index)
    storage = operand(_BufferOrView)
    wait_fence = opt_operand(_Fence)
    result_ = result(_AnyTensor)
    affinity = opt_attr()
    traits = (Pure(), AttrSizedOperandSegments())

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        g = _groups(op)
        if g is None or len(g) != 4 or len(g[0]) != 1 or len(g[2]) != 1 or len(op.results) != 1 \
                or op.result_.type is not g[0][0].type:
            return None
        (src,), dims, (storage,), fence = g
        s = "hal.tensor.alias" + _on(op.affinity, p)
        if fence:
            s += f" wait({p.value(fence[0])}) =>"
        s += f" {p.value(src)} : {p.type_text(src.type)}" + _dims_text(p, dims)
        return s + f" to {p.value(storage)} : {p.type_text(storage.type)}" + p.attr_dict(op.attributes)

    @classmethod
    def custom_visit_items(cls, op: Operation, debuginfo: bool) -> list[tuple] | None:
        return _alias_items(op, op.affinity)

    @classmethod
    def verify(cls, op: Operation) -> None:
        g = _groups(op)
        if g is not None and _dynamic(op.source.type) != len(g[1]):
            raise op_error(op, "number of dynamic dims must match the operand type")
        if op.result_.type is not op.source.type:
            raise op_error(op, "failed to verify that all of {source, result} have same type")


class TensorTransientsOp(OpDef):
    """`hal.tensor.transients [on(#a)] %t : T{%dims} from %storage : !hal.buffer`."""

    name = "hal.tensor.transients"
    summary = "Annotates a tensor to use transient storage from a provided buffer"
    source = operand(_AnyTensor)
    source_dims = var_operand(Index)
    storage = operand(_BufferOrView)
    result_ = result(_AnyTensor)
    affinity = opt_attr()
    traits = (Pure(),)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if len(op.operands) < 2 or len(op.results) != 1 or op.result_.type is not op.source.type:
            return None
        src, *dims, storage = op.operands
        s = "hal.tensor.transients" + _on(op.affinity, p) + f" {p.value(src)} : {p.type_text(src.type)}" + _dims_text(p, dims)
        return s + f" from {p.value(storage)} : {p.type_text(storage.type)}" + p.attr_dict(op.attributes)

    @classmethod
    def custom_visit_items(cls, op: Operation, debuginfo: bool) -> list[tuple] | None:
        return _alias_items(op, op.affinity)

    @classmethod
    def verify(cls, op: Operation) -> None:
        if _dynamic(op.source.type) != len(op.operands) - 2:
            raise op_error(op, "number of dynamic dims must match the operand type")
        if op.result_.type is not op.source.type:
            raise op_error(op, "failed to verify that all of {source, result} have same type")


class TensorBarrierOp(OpDef):
    """`hal.tensor.barrier join(%a, %b : A, B) => %fence : !hal.fence [attributes {...}]`."""

    name = "hal.tensor.barrier"
    summary = "Signals a fence when all tensors are available"
    sources = var_operand(_AnyTensor)
    signal_fence = operand(_Fence)
    results_ = var_result(_AnyTensor)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if not op.operands:
            return None
        *srcs, fence = op.operands
        return (f"hal.tensor.barrier join({p.values(srcs)} : {p.types([v.type for v in srcs])}) => "
                f"{p.value(fence)} : {p.type_text(fence.type)}" + p.attr_dict(op.attributes, keyword=True))

    @classmethod
    def verify(cls, op: Operation) -> None:
        if [v.type for v in op.operands[:-1]] != [r.type for r in op.results]:
            raise op_error(op, "failed to verify that all of {sources, results} have same type")


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


def _paren_value(s: Any, tok: Any, t: Any, what: str) -> Any:
    """`(%v)` -> the value (of type `t`)."""
    uses = _value_uses_typed(s, tok, t, what)
    if len(uses) != 1:
        raise s.error(f"expected {what}", tok.start_pos)
    return uses[0]


def _value_uses_typed(s: Any, tok: Any, t: Any, what: str) -> list[Any]:
    text = str(tok)
    inner = text[1:-1]
    if not inner.strip():
        return []
    out, off = [], 0
    for piece in inner.split(","):
        m = _VALUE.fullmatch(piece.strip())
        if m is None:
            raise s.error(f"expected {what}", tok.start_pos + 1 + off)
        at = tok.start_pos + 1 + off + len(piece) - len(piece.lstrip())
        out.append(s.lookup(m.group(1), int(m.group(2) or 0), t, at))
        off += len(piece) + 1
    return out


def _dims_and_attrs(s: Any, first: Any, second: Any, op: Any = None) -> tuple[list, Any]:
    """The optional `{%d, ...}` dims then the optional `{attrs}` (both ATTR_DICT tokens)."""
    from hlopt.ir.types import index

    toks = [t for t in (first, second) if t is not None]
    dims: list = []
    if toks and re.match(r"\{\s*%", str(toks[0])):
        dims = _value_uses_typed(s, toks.pop(0), index, "a dimension value")
    if len(toks) > 1:
        raise s.error("expected ':'", toks[1].start_pos)
    return dims, (_attr_dict(s, toks[0], op) if toks else None)


def _type_alias(s: Any, first: Any, second: Any) -> tuple[Any, Any]:
    """IREE's custom<TypeAlias>: `T` or `T as U` -> (encoding, type)."""
    a = s.decode_type(first)
    return a, (s.decode_type(second) if second is not None else a)


def _fence_type(s: Any, pos: int) -> Any:
    return s.decode("type", "!hal.fence", pos)


def hal_tensor_import(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.ir.attributes import DenseArrayAttr
    from hlopt.ir.types import i32, index

    kw, aff, wait, consume, src, offset, name, st, enc, rt, d1, d2 = c
    enc_t, t = _type_alias(s, enc, rt)
    dims, attrs = _dims_and_attrs(s, d1, d2, TensorImportOp)
    fence = [_paren_value(s, wait, _fence_type(s, wait.start_pos), "a fence value")] if wait is not None else []
    off = [_paren_value(s, offset, index, "a byte offset value")] if offset is not None else []
    source = _lookup(s, src, s.decode_type(st))
    props: dict = {"target_encoding": TypeAttr(enc_t),
                   "operandSegmentSizes": DenseArrayAttr(i32, [1, len(dims), len(fence), len(off)])}
    if aff is not None:
        props["affinity"] = _paren_attr(s, aff)
    if consume is not None:
        props["consume"] = UnitAttr()
    if name is not None:
        props["name"] = s.decode("attr", str(name), name.start_pos)
    return Operation(TensorImportOp.name, [source, *dims, *fence, *off], [t], props, attrs), kw.start_pos


def _lookup(s: Any, tok: Any, t: Any) -> Any:
    m = _VALUE.fullmatch(str(tok))
    if m is None:
        raise s.error("expected SSA operand", tok.start_pos)
    return s.lookup(m.group(1), int(m.group(2) or 0), t, tok.start_pos)


def hal_tensor_export(s: Any, c: list) -> tuple[Operation, int]:
    kw, aff, src, name, enc, st, d1, rt, attrs = c
    enc_t, t = _type_alias(s, enc, st)
    dims, _ = _dims_and_attrs(s, d1, None)
    props: dict = {"source_encoding": TypeAttr(enc_t)}
    if aff is not None:
        props["affinity"] = _paren_attr(s, aff)
    if name is not None:
        props["name"] = s.decode("attr", str(name), name.start_pos)
    a = _attr_dict(s, attrs, TensorExportOp)
    return Operation(TensorExportOp.name, [_lookup(s, src, t), *dims], [s.decode_type(rt)], props, a), kw.start_pos


def hal_tensor_alias(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.ir.attributes import DenseArrayAttr
    from hlopt.ir.types import i32

    kw, aff, wait, src, st, d1, storage, stt, d2 = c
    t = s.decode_type(st)
    dims, _ = _dims_and_attrs(s, d1, None)
    _, attrs = _dims_and_attrs(s, None, d2, TensorAliasOp)
    fence = [_paren_value(s, wait, _fence_type(s, wait.start_pos), "a fence value")] if wait is not None else []
    props: dict = {"operandSegmentSizes": DenseArrayAttr(i32, [1, len(dims), 1, len(fence)])}
    if aff is not None:
        props["affinity"] = _paren_attr(s, aff)
    operands = [_lookup(s, src, t), *dims, _lookup(s, storage, s.decode_type(stt)), *fence]
    return Operation(TensorAliasOp.name, operands, [t], props, attrs), kw.start_pos


def hal_tensor_transients(s: Any, c: list) -> tuple[Operation, int]:
    kw, aff, src, st, d1, storage, stt, d2 = c
    t = s.decode_type(st)
    dims, _ = _dims_and_attrs(s, d1, None)
    _, attrs = _dims_and_attrs(s, None, d2, TensorTransientsOp)
    props = {"affinity": _paren_attr(s, aff)} if aff is not None else {}
    operands = [_lookup(s, src, t), *dims, _lookup(s, storage, s.decode_type(stt))]
    return Operation(TensorTransientsOp.name, operands, [t], props, attrs), kw.start_pos


def hal_tensor_barrier(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.syntax import split_top

    kw, join, fence, ft, attrs = c
    text = str(join)[1:-1]
    vals, sep, types = text.partition(":")
    if not sep:
        raise s.error("expected ':'", join.end_pos - 1)
    tys = [s.decode("type", x.strip(), join.start_pos + 1 + len(vals) + 1) for x in split_top(types) if x.strip()]
    names = [x.strip() for x in vals.split(",") if x.strip()]
    if len(names) != len(tys):
        raise s.error(f"{len(names)} operands present, but expected {len(tys)}", join.start_pos)
    srcs = []
    for n, t in zip(names, tys):
        m = _VALUE.fullmatch(n)
        if m is None:
            raise s.error("expected SSA operand", join.start_pos + 1 + text.index(n))
        srcs.append(s.lookup(m.group(1), int(m.group(2) or 0), t, join.start_pos + 1 + text.index(n)))
    operands = [*srcs, _lookup(s, fence, s.decode_type(ft))]
    a = _attr_dict(s, attrs, TensorBarrierOp)
    return Operation(TensorBarrierOp.name, operands, tys, {}, a), kw.start_pos


def hal_element_type(s: Any, c: list) -> tuple[Operation, int]:
    kw, body, attrs, t = c
    inner = str(body)[1:-1]
    ty = s.decode("type", inner.strip(), body.start_pos + 1 + len(inner) - len(inner.lstrip()))
    a = _attr_dict(s, attrs, ElementTypeOp)
    return Operation(ElementTypeOp.name, [], [s.decode_type(t)], {"type": TypeAttr(ty)}, a), kw.start_pos


def hal_encoding_type(s: Any, c: list) -> tuple[Operation, int]:
    kw, body, attrs, t = c
    inner = str(body)[1:-1]
    props = {}
    if inner.strip() != "dense_row_major":
        if not inner.strip().startswith("#"):
            raise s.error(f"custom op '{EncodingTypeOp.name}' expected 'dense_row_major'", body.start_pos + 1)
        props["encoding"] = _paren_attr(s, body)
    a = _attr_dict(s, attrs, EncodingTypeOp)
    return Operation(EncodingTypeOp.name, [], [s.decode_type(t)], props, a), kw.start_pos


def hal_bitfield(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.ir.types import i32

    kw, body, attrs, t = c
    d = MemoryTypeOp if str(kw) == MemoryTypeOp.name else BufferUsageOp
    bits = parse_bit_enum(str(body)[1:-1], d.cases)
    if bits is None:
        raise s.error(_enum_error(d.name, d.key, d.cases), body.start_pos + 1)
    a = _attr_dict(s, attrs, d)
    return Operation(d.name, [], [s.decode_type(t)], {d.key: IntegerAttr(bits, i32)}, a), kw.start_pos


def _typed_use(s: Any, tok: Any, what: str) -> Any:
    """`(%v : T)` / `<%v : T>` -> the value."""
    text = str(tok)
    inner = text[1:-1]
    name, sep, t = inner.partition(":")
    m = _VALUE.fullmatch(name.strip())
    if m is None or not sep:
        raise s.error(f"expected {what}", tok.start_pos + 1)
    ty = s.decode("type", t.strip(), tok.start_pos + 1 + len(name) + 1 + len(t) - len(t.lstrip()))
    return s.lookup(m.group(1), int(m.group(2) or 0), ty, tok.start_pos + 1 + len(name) - len(name.lstrip()))


def _shape(s: Any, tok: Any) -> list[Any]:
    """`([%a, %b])` -> index values."""
    from hlopt.ir.types import index

    text = str(tok)
    inner = text[1:-1].strip()
    if not (inner.startswith("[") and inner.endswith("]")):
        raise s.error("expected '['", tok.start_pos + 1)
    start = tok.start_pos + text.index("[")
    return _value_uses_typed(s, _Tok(inner, start), index, "a dimension value")


class _Tok:
    """A piece of a coarse token, positioned for diagnostics."""

    __slots__ = ("text", "start_pos")

    def __init__(self, text: str, start_pos: int):
        self.text, self.start_pos = text, start_pos

    def __str__(self) -> str:
        return self.text


def hal_bv_create(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.ir.types import i32, index

    kw, buf, off, n, shape, et, enc, t, attrs = c
    i32t = i32
    operands = [_typed_use(s, buf, "a buffer value and its type"), _lookup(s, off, index), _lookup(s, n, index),
                _paren_value(s, et, i32t, "an element type value"), _paren_value(s, enc, i32t, "an encoding type value"),
                *_shape(s, shape)]
    a = _attr_dict(s, attrs, BufferViewCreateOp)
    return Operation(BufferViewCreateOp.name, operands, [s.decode_type(t)], {}, a), kw.start_pos


def hal_bv_assert(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.ir.types import i32

    kw, bv, msg, shape, et, enc, attrs = c
    m = _paren_attr(s, msg)
    if not isinstance(m, StringAttr):
        raise s.error("expected string", msg.start_pos + 1)
    operands = [_typed_use(s, bv, "a buffer view value and its type"),
                _paren_value(s, et, i32, "an element type value"), _paren_value(s, enc, i32, "an encoding type value"),
                *_shape(s, shape)]
    a = _attr_dict(s, attrs, BufferViewAssertOp)
    return Operation(BufferViewAssertOp.name, operands, [], {"message": m}, a), kw.start_pos


def hal_bv_query(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.ir.types import index

    kw, bv, idx, t, attrs = c
    props = {}
    name = str(kw)
    if (idx is not None) != (name == BufferViewDimOp.name):
        raise s.error("expected ':'" if idx is not None else "expected '['", (idx or t).start_pos)
    if idx is not None:
        props["index"] = IntegerAttr(int(str(idx)), index)
    a = _attr_dict(s, attrs, name)
    return Operation(name, [_typed_use(s, bv, "a buffer view value and its type")], [s.decode_type(t)], props, a), \
        kw.start_pos


def hal_bv_trace(s: Any, c: list) -> tuple[Operation, int]:
    kw, key, values, types, attrs = c
    k = s.decode("attr", str(key), key.start_pos)
    operands = s.uses(values, types, values[0].start_pos)
    a = _attr_dict(s, attrs, BufferViewTraceOp)
    return Operation(BufferViewTraceOp.name, operands, [], {"key": k}, a), kw.start_pos


def _sym_paren(s: Any, tok: Any) -> SymbolRefAttr:
    a = _paren_attr(s, tok)
    if not isinstance(a, SymbolRefAttr):
        raise s.error("expected a symbol reference", tok.start_pos + 1)
    return a


def _i64(s: Any, pos: int) -> Any:
    return s.decode("type", "i64", pos)


def _list_values(s: Any, tok: Any, t: Any, what: str) -> list[Any]:
    """`([%a, %b])` -> values of type `t`."""
    text = str(tok)
    inner = text[1:-1].strip()
    if not (inner.startswith("[") and inner.endswith("]")):
        raise s.error("expected '['", tok.start_pos + 1)
    return _value_uses_typed(s, _Tok(inner, tok.start_pos + text.index("[")), t, what)


def hal_exe_create(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.ir.types import i32

    kw, dev, aff, target, consts, t, attrs = c
    operands = [_typed_use(s, dev, "a device value and its type"),
                _paren_value(s, aff, _i64(s, aff.start_pos), "a queue affinity value")]
    if consts is not None:
        operands += _list_values(s, consts, i32, "a constant value")
    a = _attr_dict(s, attrs, ExecutableCreateOp)
    return Operation(ExecutableCreateOp.name, operands, [s.decode_type(t)],
                     {"executable_target": _sym_paren(s, target)}, a), kw.start_pos


def hal_exe_lookup(s: Any, c: list) -> tuple[Operation, int]:
    kw, dev, exe, t, attrs = c
    a = _attr_dict(s, attrs, ExecutableLookupOp)
    return Operation(ExecutableLookupOp.name, [_typed_use(s, dev, "a device value and its type")],
                     [s.decode_type(t)], {"executable": _sym_paren(s, exe)}, a), kw.start_pos


def hal_exe_lookup_fn(s: Any, c: list) -> tuple[Operation, int]:
    kw, exe, fn, t, attrs = c
    a = _attr_dict(s, attrs, ExecutableLookupFunctionOp)
    return Operation(ExecutableLookupFunctionOp.name, [_typed_use(s, exe, "an executable value and its type")],
                     [s.decode_type(t)], {"entry_point": _sym_paren(s, fn)}, a), kw.start_pos


def hal_export_ordinal(s: Any, c: list) -> tuple[Operation, int]:
    kw, target, t, attrs = c
    a = _attr_dict(s, attrs, ExecutableExportOrdinalOp)
    return Operation(ExecutableExportOrdinalOp.name, [], [s.decode_type(t)], {"entry_point": _sym_paren(s, target)},
                     a), kw.start_pos


def hal_calc_workgroups(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.ir.types import index

    kw, dev, target, workload, tx, ty, tz, attrs = c
    operands = [_typed_use(s, dev, "a device value and its type")]
    if workload is not None:
        operands += _list_values(s, workload, index, "a workload value")
    a = _attr_dict(s, attrs, ExecutableCalculateWorkgroupsOp)
    return Operation(ExecutableCalculateWorkgroupsOp.name, operands, [s.decode_type(x) for x in (tx, ty, tz)],
                     {"entry_point": _sym_paren(s, target)}, a), kw.start_pos


def _instr_operands(s: Any, buf: Any, bt: Any, key: Any) -> list[Any]:
    from hlopt.ir.types import index

    out = [_lookup(s, buf, s.decode_type(bt))]
    if key is not None:
        out.append(_lookup(s, key, index))
    return out


def hal_instr_workgroup(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.ir.types import i32

    kw, buf, bt, did, attrs, t = c
    operands = _instr_operands(s, buf, bt, None) + [_paren_value(s, did, i32, "a dispatch id value")]
    a = _attr_dict(s, attrs, InstrumentWorkgroupOp)
    return Operation(InstrumentWorkgroupOp.name, operands, [s.decode_type(t)], {}, a), kw.start_pos


def hal_instr_print(s: Any, c: list) -> tuple[Operation, int]:
    kw, buf, bt, key, fmt, vals, attrs = c
    operands = _instr_operands(s, buf, bt, key)
    if vals is not None:
        text = str(vals)[1:-1]
        names, sep, types = text.partition(":")
        if not sep:
            raise s.error("expected ':'", vals.end_pos - 1)
        from hlopt.syntax import split_top

        tys = [s.decode("type", x.strip(), vals.start_pos + 2 + len(names)) for x in split_top(types) if x.strip()]
        uses = [x.strip() for x in names.split(",") if x.strip()]
        if len(uses) != len(tys):
            raise s.error(f"{len(uses)} operands present, but expected {len(tys)}", vals.start_pos)
        operands += [_lookup(s, _Tok(u, vals.start_pos + 1 + text.index(u)), t) for u, t in zip(uses, tys)]
    a = _attr_dict(s, attrs, InstrumentPrintOp)
    f = s.decode("attr", str(fmt), fmt.start_pos)
    return Operation(InstrumentPrintOp.name, operands, [], {"format": f}, a), kw.start_pos


def hal_instr_value(s: Any, c: list) -> tuple[Operation, int]:
    kw, buf, bt, key, ordinal, v, attrs, t = c
    ty = s.decode_type(t)
    operands = _instr_operands(s, buf, bt, key) + [_lookup(s, v, ty)]
    a = _attr_dict(s, attrs, InstrumentValueOp)
    return Operation(InstrumentValueOp.name, operands, [ty], {"ordinal": s.decode_attr(ordinal)}, a), kw.start_pos


def hal_instr_memory(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.ir.types import index

    kw, buf, bt, key, base, idx, v, attrs, baset, t = c
    ty = s.decode_type(t)
    operands = _instr_operands(s, buf, bt, key) + [_lookup(s, v, ty), _lookup(s, base, s.decode_type(baset))]
    operands += [_lookup(s, i, index) for i in idx or ()]
    a = _attr_dict(s, attrs, str(kw))
    return Operation(str(kw), operands, [ty], {}, a), kw.start_pos


def _require_dims(s: Any, items: list[tuple], tok: Any) -> None:
    """IREE's custom<ShapedFunctionType>: a dynamically shaped type is
    followed by its `{%dims}`."""
    for t, dims, _, at in items:
        if isinstance(t, Type) and _dynamic(t) and not dims:
            raise s.error("expected '{'", at + len(t.text))
        if isinstance(t, Type) and dims and len(dims) != _dynamic(t):
            raise s.error(f"custom op '{DispatchExternOp.name}' expected {_dynamic(t)} operands", dims[0].start_pos)


def hal_extern_head(s: Any, c: list) -> tuple:
    """`"name"[%w](%a, ...) : (A, B{%d}) -> results` of hal.dispatch.extern."""
    from hlopt.dialects.stream_syntax import split_operand_types
    from hlopt.ir.types import index

    kw, name, workload, args_tok, types_tok, *res = c
    names = [x.strip() for x in str(args_tok)[1:-1].split(",") if x.strip()]
    items = split_operand_types(s, types_tok, False)
    _require_dims(s, items, types_tok)
    if len(items) != len(names):
        raise s.error(f"{len(names)} operands present, but expected {len(items)}", args_tok.start_pos)
    text = str(args_tok)
    args = [_lookup(s, _Tok(n, args_tok.start_pos + text.index(n)), t) for n, (t, _, _, _) in zip(names, items)]
    adims = [_lookup(s, u, index) for _, dims, _, _ in items for u in dims]
    res = [x for x in res if x is not None]
    if len(res) == 1 and str(res[0]).startswith("("):
        ritems = split_operand_types(s, res[0], True)
    else:
        text_r = "".join(str(x) for x in res)
        ritems = split_operand_types(s, _Tok("(" + text_r + ")", res[0].start_pos - 1), True)
    _require_dims(s, [x for x in ritems if isinstance(x[0], Type)], None)
    types, rdims, ties = [], [], []
    for t, dims, _, at in ritems:
        if isinstance(t, Type):
            types.append(t)
            ties.append(-1)
        else:
            k = next((i for i, n in enumerate(names) if n == str(t)), None)
            if k is None:
                raise s.error(f"custom op '{DispatchExternOp.name}' tied operand not found for result reference "
                              f"{t}", at)
            types.append(args[k].type)
            ties.append(k)
        rdims += [_lookup(s, u, index) for u in dims]
    work = _value_uses_typed(s, _Tok("[" + ", ".join(str(w) for w in workload) + "]", workload[0].start_pos - 1),
                             index, "a workload value") if workload else []
    return kw.start_pos, s.decode("attr", str(name), name.start_pos), work, args, adims, rdims, types, ties


def hal_extern_target(s: Any, c: list) -> tuple:
    target, cond, ordinal, objects = c
    return (s.decode_attr(target), cond or Region(), _paren_index(s, ordinal, "ordinal"), s.decode_attr(objects))


def hal_if_head(s: Any, c: list) -> None:
    (sig,) = c
    args, results = _sig_args(s, sig)
    if [t.text for t in results] != ["i1"]:
        raise s.error("target condition region must return one i1", sig.end_pos)
    s.pending.append((ExecutableConditionOp.name, args))


def hal_dispatch_extern(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.ir.attributes import DenseArrayAttr
    from hlopt.ir.types import i32

    head, count, layout, *rest = c
    pos, name, work, args, adims, rdims, types, ties = head
    attrs = rest.pop()
    prop_dict = rest.pop()
    targets = rest
    props: dict = {"export_name": name, "layout": _paren_attr_of(s, layout, "pipeline.layout"),
                   "targets": ArrayAttr([t[0] for t in targets]),
                   "target_ordinals": ArrayAttr([t[2] for t in targets]),
                   "target_objects": ArrayAttr([t[3] for t in targets]),
                   "tied_operands": ArrayAttr([IntegerAttr(t, _index()) for t in ties]),
                   "operandSegmentSizes": DenseArrayAttr(i32, [len(work), len(args), len(adims), len(rdims)])}
    if prop_dict is not None:
        props.update(_parse_prop_dict(s, prop_dict, ("subgroup_size", "workgroup_local_memory")))
    a = _attr_dict(s, attrs, DispatchExternOp)
    regions = [count] + [t[1] for t in targets]
    return Operation(DispatchExternOp.name, [*work, *args, *adims, *rdims], types, props, a, regions), pos


def _index() -> Any:
    from hlopt.ir.types import index

    return index


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


def _paren_index(s: Any, tok: Any, what: str) -> IntegerAttr:
    from hlopt.ir.types import index

    n = str(tok)[1:-1].strip()
    if not re.fullmatch(r"\d+", n):
        raise s.error(f"expected an integer {what}", tok.start_pos + 1)
    return IntegerAttr(int(n), index)


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
                  parse_attribute=parse_attribute, grammar="hal.lark",
                  syntax={"hal_count_head": hal_count_head, "hal_count": hal_count, "hal_tensor_import": hal_tensor_import, "hal_tensor_export": hal_tensor_export,
                          "hal_tensor_alias": hal_tensor_alias, "hal_tensor_transients": hal_tensor_transients,
                          "hal_tensor_barrier": hal_tensor_barrier, "hal_element_type": hal_element_type,
                          "hal_encoding_type": hal_encoding_type, "hal_bitfield": hal_bitfield,
                          "hal_bv_create": hal_bv_create, "hal_bv_assert": hal_bv_assert,
                          "hal_bv_query": hal_bv_query, "hal_bv_trace": hal_bv_trace,
                          "hal_exe_create": hal_exe_create, "hal_exe_lookup": hal_exe_lookup,
                          "hal_exe_lookup_fn": hal_exe_lookup_fn, "hal_export_ordinal": hal_export_ordinal,
                          "hal_calc_workgroups": hal_calc_workgroups, "hal_instr_workgroup": hal_instr_workgroup,
                          "hal_instr_print": hal_instr_print, "hal_instr_value": hal_instr_value,
                          "hal_instr_memory": hal_instr_memory, "hal_extern_head": hal_extern_head,
                          "hal_extern_target": hal_extern_target, "hal_if_head": hal_if_head,
                          "hal_if": hal_count, "hal_dispatch_extern": hal_dispatch_extern})


from hlopt.dialects.hal_runtime import with_runtime_ops  # noqa: E402  (hal.device/fence/command_buffer/... ops)

DIALECT = with_runtime_ops(DIALECT)
