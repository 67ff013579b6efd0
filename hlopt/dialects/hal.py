"""IREE's HAL dialect (hal): the device and executable-target attributes
that say where stream ops run and how their encodings resolve.

`#hal.device.target<"local", {config}, [#hal.executable.target<...>, ...]> : !hal.device`,
`#hal.executable.target<"backend", "format", {config}>`,
`#hal.device.affinity<@device[, [queues]]>`, `#hal.device.optimal<[affinities]>`,
`#hal.device.select<[devices]> : !hal.device`. Targets print through aliases
named as IREE names them (`#device_target_<id>[_<ordinal>_]`,
`#executable_target_<format>`). `hal.executable.source` (with its implicit
`hal.executable.source_end`) and region-less `hal.executable.export` use
IREE's custom forms; other HAL ops pass through generically.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.ir.attributes import (
    ArrayAttr,
    Attribute,
    DictionaryAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    quote,
    symbol_name_text,
)
from hlopt.ir.core import Operation, Region
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import SymbolOpInterface
from hlopt.ir.opdef import OpDef, attr, opt_attr, region, var_operand
from hlopt.ir.traits import HasParent, IsolatedFromAbove, Symbol, SymbolTable, Terminator


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
    from hlopt.syntax.attr_parser import SyntaxErr

    return SyntaxErr(msg)


def _nested(text: str) -> Any:
    from hlopt.syntax.attr_parser import parse_nested

    return parse_nested(text.strip(), "attr")


def _split(body: str) -> list[str]:
    from hlopt.syntax.parser import split_top

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


def _visibility_prefix(op: Operation) -> str:
    from hlopt.dialects.util import visibility_prefix

    return visibility_prefix(op)


class ExecutableSourceOp(OpDef, SymbolOpInterface):
    """`hal.executable.source private @ex attributes {...} { ... }`."""

    name = "hal.executable.source"
    summary = "Generic source contents of an executable op"
    sym_name = attr()
    sym_visibility = opt_attr()
    objects = opt_attr()
    body = region(1)
    traits = (IsolatedFromAbove(), Symbol(), SymbolTable())
    default_dialect = "hal"

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        name = op.properties.get("sym_name")
        if not isinstance(name, StringAttr) or op.properties.get("objects") is not None \
                or len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
            return None  # `objects` has no spelling in the custom form
        s = "hal.executable.source " + _visibility_prefix(op) + symbol_name_text(name.value)
        s += p.attr_dict(op.attributes, keyword=True)
        return s + " " + p.region(op.regions[0], print_terminators=False)

    @classmethod
    def custom_prints_terminators(cls, op: Operation, region_index: int) -> bool:
        return False

    @classmethod
    def custom_visit_items(cls, op: Operation, debuginfo: bool) -> list[tuple] | None:
        # the implicit hal.executable.source_end is not printed: its location gets no alias
        if len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
            return None
        return [("a", v, False) for _, v in op.attributes.entries] + \
            [("op", o) for o in op.regions[0].blocks[0].ops if o.name != ExecutableSourceEndOp.name]


class ExecutableSourceEndOp(OpDef):
    name = "hal.executable.source_end"
    summary = "Terminator pseudo-op for the executable source op"
    traits = (Terminator(), HasParent("hal.executable.source"))


class ExecutableExportOp(OpDef, SymbolOpInterface):
    """`hal.executable.export public @fn [ordinal(N)] layout(#layout)`."""

    name = "hal.executable.export"
    summary = "Executable entry point declaration"
    sym_visibility = opt_attr()
    sym_name = attr()
    ordinal = opt_attr()
    layout = attr()
    workgroup_size = opt_attr()
    subgroup_size = opt_attr()
    workgroup_local_memory = opt_attr()
    source_locs = opt_attr()
    workgroup_count = region()
    condition = region()
    traits = (Symbol(),)

    @classmethod
    def custom_prints_entry_args(cls, op: Operation, region_index: int = 0) -> bool:
        return True

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        name, layout, ordinal = (op.properties.get(k) for k in ("sym_name", "layout", "ordinal"))
        extra = {k for k, _ in op.properties.entries} - {"sym_name", "sym_visibility", "layout", "ordinal"}
        if not isinstance(name, StringAttr) or layout is None or extra or len(op.regions) != 2 \
                or op.regions[1].blocks or len(op.regions[0].blocks) > 1 \
                or (ordinal is not None and not isinstance(ordinal, IntegerAttr)):
            return None  # a condition region and the other properties stay generic
        s = "hal.executable.export " + _visibility_prefix(op) + symbol_name_text(name.value)
        if ordinal is not None:
            s += f" ordinal({ordinal.value})"
        s += f" layout({p.attr_text(layout)})"
        r = op.regions[0]
        if r.blocks:
            b = r.blocks[0]
            term = b.last_op
            if term is None:
                return None
            s += (" count(" + ", ".join(f"{p.value(a)}: {p.type_text(a.type)}" + _arg_loc(p, a) for a in b.args)
                  + ") -> ("
                  + p.types(term.operand_types) + ") " + p.region(r))
        return s + p.attr_dict(op.attributes, keyword=True)


def _arg_loc(p: Any, a: Any) -> str:
    """` loc(...)` after a count region argument, with --mlir-print-debuginfo."""
    if not p.debuginfo:
        return ""
    from hlopt.ir.location import UnknownLoc

    loc = a.location if a.location is not None else UnknownLoc()
    return " loc(" + loc.body(p) + ")"


class ReturnOp(OpDef):
    name = "hal.return"
    summary = "Return from a hal.* region"
    operands_ = var_operand()
    traits = (Terminator(),)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        from hlopt.dialects.util import return_text

        return return_text("hal.return", op, p)


def hal_source_head(s: Any, c: list) -> tuple:
    from hlopt.syntax.parser import symbol_name

    kw, vis, sym, attrs = c
    props: dict = {"sym_name": StringAttr(symbol_name(sym))}
    if vis is not None:
        props["sym_visibility"] = StringAttr(str(vis))
    s.pending.append((ExecutableSourceOp.name, None))
    return props, (s.decode_dict(attrs) if attrs is not None else None), kw.start_pos


def hal_source(s: Any, c: list) -> tuple[Operation, int]:
    (props, attrs, pos), body = c
    s.pending.pop()
    if not body.blocks:
        body.add_block()
    block = body.blocks[0]
    if block.terminator is None or block.terminator.name != ExecutableSourceEndOp.name:
        block.append(Operation(ExecutableSourceEndOp.name))  # the implicit terminator
    return Operation(ExecutableSourceOp.name, (), (), props, attrs, [body]), pos


def _paren_attr(s: Any, tok: Any) -> Any:
    inner = str(tok)[1:-1]
    return s.decode("attr", inner.strip(), tok.start_pos + 1 + len(inner) - len(inner.lstrip()))


def hal_export_head(s: Any, c: list) -> tuple[dict, int]:
    from hlopt.ir.types import index
    from hlopt.syntax.parser import symbol_name

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
    from hlopt.syntax.lexer import scan_balanced

    (sig,) = c
    text = str(sig)
    close = scan_balanced(text, 0)
    args = [(n, t, loc, at) for n, t, loc, _, at in s.parse_arg_list(text[1:close - 1], sig.start_pos + 1)]
    s.pending.append((ExecutableExportOp.name, args))


def hal_count(s: Any, c: list) -> Region:
    _, body = c
    s.pending.pop()
    return body


def hal_export(s: Any, c: list) -> tuple[Operation, int]:
    (props, pos), count, attrs = c
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation(ExecutableExportOp.name, (), (), props, a, [count or Region(), Region()]), pos


def hal_return(s: Any, c: list) -> tuple[Operation, int]:
    from hlopt.dialects.func import parse_return

    op, pos = parse_return(s, c)
    return Operation(ReturnOp.name, op.operands), pos


DIALECT = Dialect("hal", ops=(ExecutableSourceOp, ExecutableSourceEndOp, ExecutableExportOp, ReturnOp),
                  parse_attribute=parse_attribute, grammar="hal.lark",
                  syntax={"hal_source_head": hal_source_head, "hal_source": hal_source, "hal_export_head": hal_export_head,
                          "hal_count_head": hal_count_head, "hal_count": hal_count, "hal_export": hal_export,
                          "hal_return": hal_return},
                  allow_unknown_ops=True)


from hlopt.dialects.hal_runtime import with_runtime_ops  # noqa: E402  (hal.device/fence/command_buffer/... ops)

DIALECT = with_runtime_ops(DIALECT)
