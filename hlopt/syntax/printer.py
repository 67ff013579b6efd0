"""MLIR's printer, reproduced: same names, aliases, layout and formatting.

Output is streamed to a `write` callable: lines are handed over in batches
(only the last line of the batch stays, as region printing may still extend
it), and an attribute too big to build as one string (a multi-MB hex
constant) is a placeholder in its line, written chunk by chunk when the line
goes out. Value names follow MLIR's
SSANameState: in the pretty form each region restarts from its parent's
counters (ops may suggest names); in the generic form counters are global
and regions are numbered last-in-first-out. Aliases (`#map`, `#set`, and
`#loc` with debug info) are ordered by (depth, kind, first use), locations
reachable only from op locations are deferred to the end of the output.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from hlopt.ir.attributes import (
    AffineMapAttr,
    ArrayAttr,
    Attribute,
    DenseElementsAttr,
    DictionaryAttr,
    IntegerSetAttr,
    TypeAttr,
    print_named_attrs,
)
from hlopt.ir.core import Block, Operation, Region, Value, no_gc
from hlopt.ir.location import Location, UnknownLoc
from hlopt.ir.types import FunctionType, Type
from hlopt.syntax import op_asm

INDENT = "  "
_FT_INTERNED = FunctionType._interned
_MARK = "\x00\x01"  # brackets a region placeholder in custom op text (never in printed IR)
_BIG = "\x00\x02"  # brackets a streamed attribute's placeholder (never in printed IR)
_FLUSH_LINES = 4096  # lines held before they are handed to the writer
_VALUE_PN = attrgetter("value._pn")  # of an OpOperand: its value's printed name
_VALUE_TYPE = attrgetter("value.type")
_TYPE = attrgetter("type")


class Namer:
    """SSA value and block names (MLIR's SSANameState).

    A value's name is kept on the value itself while the namer lives
    (`Value._pn`: an int N for `%N`, else the name's text after `%`, e.g.
    `arg0`, `5#1`), not in a value -> string dict: one slot and, for the
    common `%N`, one int per value instead of a dict entry and a string
    (at a million values, ~90 MB of the print's peak against ~35 MB).
    `release()` clears them; a value it did not name reads as unnamed."""

    def __init__(self, top: Operation, generic: bool):
        self.generic = generic
        # block -> its index in its region (`^bb{i}`); release() clears the names of the
        # values of these blocks (a list of the named values was 8 bytes a value)
        self.block_order: dict[Block, int] = {}
        self.next_value = 0
        self.next_arg = 0
        self.next_conflict = 0
        self._hint_classes: dict[Any, bool] = {}
        stack: list[tuple[Region, int, int, int, _Scope | None]] = []
        for r in top.regions:
            stack.append((r, 0, 0, 0, None))
        while stack:
            region, nv, na, nc, parent_used = stack.pop()
            if not generic:
                self.next_value, self.next_arg, self.next_conflict = nv, na, nc
            used = _Scope(parent_used)
            for op in self._number_region(region, used):  # the ops with regions, in order
                for r in op.regions:
                    stack.append((r, self.next_value, self.next_arg, self.next_conflict, used))

    def name(self, v: Value) -> str | None:
        """`%name` of v, None when this namer did not name it."""
        n = v._pn
        return None if n is None else "%" + str(n)

    def release(self) -> None:
        """Forget the names (the values' slots back to None)."""
        for b in self.block_order:
            for a in b.args:
                a._pn = None
            op = b._first
            while op is not None:
                for r in op.results:
                    r._pn = None
                op = op._next
        self.block_order = {}

    def _unique(self, name: str, used: "_Scope") -> str:
        if used.contains(name):
            base = name + "_"
            while True:
                probe = base + str(self.next_conflict)
                self.next_conflict += 1
                if not used.contains(probe):
                    name = probe
                    break
        used.add(name)
        return name

    def _number_region(self, region: Region, used: "_Scope") -> list[Operation]:
        """Name the region's block arguments and results; returns its ops
        that have regions (numbered after it)."""
        nested: list[Operation] = []
        generic = self.generic
        hint_classes = self._hint_classes
        if not self.generic and region.parent is not None:
            d = region.parent.opdef
            if d is not None and hasattr(d, "asm_block_arg_names"):
                for arg, n in d.asm_block_arg_names(region.parent, region):
                    arg._pn = self._unique(n, used)
        for i, b in enumerate(region.blocks):
            self.block_order[b] = i
            entry = i == 0
            for a in b.args:
                if a._pn is not None:
                    continue
                if entry:
                    a._pn = self._unique(f"arg{self.next_arg}", used)
                    self.next_arg += 1
                else:
                    a._pn = self.next_value
                    self.next_value += 1
            nv = self.next_value  # (a local while numbering plain results; stored back below)
            op = b._first
            while op is not None:
                if op.regions:
                    nested.append(op)
                res = op.results
                if res:
                    if not generic:
                        d = op.opdef
                        if d is not None:
                            h = hint_classes.get(d)
                            if h is None:
                                h = self._names_results(d)
                            if h:
                                hint = d.asm_result_names(op)
                                if hint:
                                    self.next_value = nv
                                    self._named_results(op, hint, used)
                                    nv = self.next_value
                                    op = op._next
                                    continue
                    if len(res) == 1:
                        res[0]._pn = nv
                    else:
                        base = str(nv)
                        k = 0
                        for r in res:
                            r._pn = f"{base}#{k}"
                            k += 1
                    nv += 1
                op = op._next
            self.next_value = nv
        return nested

    def _names_results(self, d: Any) -> bool:
        """Whether op class d overrides asm_result_names (most do not: their
        results are numbered without asking each op)."""
        r = self._hint_classes.get(d)
        if r is None:
            from hlopt.ir.opdef import OpDef

            f = getattr(d.asm_result_names, "__func__", None)
            r = self._hint_classes[d] = f is not vars(OpDef)["asm_result_names"].__func__
        return r

    def _named_results(self, op: Operation, hint: Sequence[str], used: "_Scope") -> None:
        res = op.results
        if any(isinstance(h, tuple) for h in hint):  # (name, count) groups: `%results:2, %result_timepoint`
            k = 0
            for h in hint:
                name, n = h if isinstance(h, tuple) else (h, 1)
                base = self._unique(name, used)
                for j in range(n):
                    res[k + j]._pn = base if n == 1 else f"{base}#{j}"
                k += n
            return
        if len(hint) == 1:
            base = self._unique(hint[0], used)
            res[0]._pn = base if len(res) == 1 else base + "#0"
            for k in range(1, len(res)):
                res[k]._pn = f"{base}#{k}"
        else:
            for r, nm in zip(res, hint):
                r._pn = self._unique(nm, used)

    def result_groups(self, op: Operation) -> list[str]:
        """The `%a, %b:2 = ` prefix parts for an op's results."""
        res = op.results
        name = self.name
        first = name(res[0]) or "%<<UNKNOWN>>"
        if len(res) == 1:
            return [first]
        if "#" not in (name(res[1]) or "#"):
            return [name(r) or "%<<UNKNOWN>>" for r in res]
        if not first.endswith("#0") or (name(res[-1]) or "").rpartition("#")[0] == first[:-2]:
            return [f"{first[:-2] if first.endswith('#0') else first}:{len(res)}"]
        out, i = [], 0
        while i < len(res):  # several groups (named by asm_result_names)
            n = name(res[i]) or "%<<UNKNOWN>>"
            if not n.endswith("#0"):
                out.append(n)
                i += 1
                continue
            j = i + 1
            while j < len(res) and (name(res[j]) or "").rpartition("#")[0] == n[:-2]:
                j += 1
            out.append(f"{n[:-2]}:{j - i}")
            i = j
        return out


class _Scope:
    __slots__ = ("parent", "names")

    def __init__(self, parent: "_Scope | None"):
        self.parent = parent
        self.names: set[str] = set()

    def contains(self, n: str) -> bool:
        s: _Scope | None = self
        while s is not None:
            if n in s.names:
                return True
            s = s.parent
        return False

    def add(self, n: str) -> None:
        self.names.add(n)


# ---------------------------------------------------------------------------
# aliases


def _alias_prefix(a: Any, debuginfo: bool) -> str | None:
    if isinstance(a, Location):
        # op/argument locations are only visited with debuginfo; a location
        # used as an attribute value gets its alias regardless
        return "loc"
    if isinstance(a, AffineMapAttr):
        return "map"
    if isinstance(a, IntegerSetAttr):
        return "set"
    hook = getattr(a, "alias_prefix", None)
    if hook is not None:
        return hook()
    return None


class Aliases:
    """Collects aliasable attributes in MLIR's visiting order."""

    def __init__(self, debuginfo: bool):
        self.debuginfo = debuginfo
        self.info: dict[Any, list] = {}  # attr -> [depth, prefix, order, deferrable]
        self.names: dict[Any, str] = {}
        self._seen: set[int] = set()
        self._plain: dict[Any, int] = {}  # alias-less containers visited non-deferrably -> depth
        self._next_order = 0

    # visiting ------------------------------------------------------------------
    def visit_attr(self, a: Any, deferrable: bool = False) -> int:
        """Visit attribute/type `a`; return its alias depth contribution."""
        if not a.has_alias_parts:
            return 0
        info = self.info.get(a)
        if info is not None:
            if not deferrable:
                self._undefer(a)
            return info[0] + 1
        plain = self._plain.get(a)
        if plain is not None:  # a container without alias, already visited in full
            return plain
        # MLIR numbers aliases in the order values are first reached (a value
        # before the values nested in it), stably sorted by depth
        order = self._next_order
        self._next_order = order + 1
        depth = 0
        for child in _children(a):
            depth = max(depth, self.visit_attr(child, deferrable))
        prefix = _alias_prefix(a, self.debuginfo)
        if prefix is None:
            if not deferrable:  # revisits (e.g. the same properties on many ops) change nothing
                self._plain[a] = depth
            return depth
        self.info[a] = [depth, prefix, order, deferrable]
        return depth + 1

    def _undefer(self, a: Any) -> None:
        info = self.info.get(a)
        if info is not None and info[3]:
            info[3] = False
            for c in _children(a):
                self._undefer(c)
        elif info is None:
            for c in _children(a):
                self._undefer(c)

    def visit_op(self, op: Operation, generic: bool) -> None:
        """Visit in the order of MLIR's alias-collecting dummy printer: the op's
        location, then (generic form) its regions, operand types, result types
        and attributes -- inherent ones merged in by name for registered ops,
        none of an unregistered op's properties; custom forms visit what they
        print, in print order (func.func skips the arg attrs of a body)."""
        dbg = self.debuginfo
        visit = self.visit_attr
        # work items: ("op", op) | ("a", attr, deferrable) | ("blk", block, args[, terminators])
        stack: list[tuple] = [("op", op)]
        while stack:
            item = stack.pop()
            kind = item[0]
            if kind == "a":
                self.visit_attr(item[1], item[2])
                continue
            if kind == "blk":
                b = item[1]
                seq: list[tuple] = []
                if item[2]:
                    for a in b.args:
                        seq.append(("a", a.type, False))
                        if dbg and a.location is not None:
                            seq.append(("a", a.location, False))
                first = b._first
                if generic and not dbg:
                    # the block's leading region-less ops visited here, in order (no work item
                    # each); the rest from the first op with regions on, as work items
                    if seq:
                        for x in seq:
                            visit(x[1], False)
                        seq = []
                    while first is not None and not first.regions:
                        self._visit_plain_generic(first)
                        first = first._next
                o = first
                while o is not None:
                    seq.append(("op", o))
                    o = o._next
                if len(item) > 3 and not item[3] and seq and seq[-1][0] == "op" and _is_terminator(seq[-1][1]):
                    seq.pop()  # the custom form elides it
                stack.extend(reversed(seq))
                continue
            o = item[1]
            if dbg:
                self.visit_attr(o.location, deferrable=True)
            d = o.opdef
            custom = not generic and d is not None and _has_custom(d)
            items = None
            if custom:
                assert d is not None  # custom implies a definition
                fn = _PRINT_FN[d] if d in _PRINT_FN else _asm_fn(d)
                if fn is not None:  # an op_asm form: its printer says what it prints
                    if not o.regions and _plain(o):
                        continue
                    items = op_asm.visit_items(d, o, dbg)
                    custom = items is not None
                else:
                    items = d.custom_visit_items(o, dbg)
            if items is not None:
                seq = items
            elif not o.regions:
                # no nested work item: visit in place, in the order the
                # work items below would be popped (the common one-line op)
                if custom:
                    for r in o.results:
                        if r.type.has_alias_parts:
                            visit(r.type, False)
                    for u in o._operands:
                        if u.value.type.has_alias_parts:
                            visit(u.value.type, False)
                    visit(o.properties, False)
                    visit(o.attributes, False)
                else:
                    for u in o._operands:
                        if u.value.type.has_alias_parts:
                            visit(u.value.type, False)
                    for r in o.results:
                        if r.type.has_alias_parts:
                            visit(r.type, False)
                    # (a value without alias parts visits nothing: the usual dictionaries are skipped whole)
                    if d is not None and o.properties.entries:
                        if o.properties.has_alias_parts or o.attributes.has_alias_parts:
                            merged = sorted(list(o.properties.entries) + list(o.attributes.entries),
                                            key=lambda kv: kv[0])
                            for _, v in merged:
                                visit(v, False)
                    elif o.attributes.has_alias_parts:
                        for _, v in o.attributes.entries:
                            visit(v, False)
                continue
            elif custom:
                assert d is not None  # custom implies a definition
                seq = []
                # other custom forms: results, operands, attributes, then the
                # regions (block arguments included, as custom forms like
                # stablehlo.reduce's print them)
                seq.extend(("a", r.type, False) for r in o.results)
                seq.extend(("a", u.value.type, False) for u in o._operands)
                seq.append(("a", o.properties, False))
                seq.append(("a", o.attributes, False))
                if not d.custom_hides_regions(o):  # e.g. reduce's `applies` form
                    # entry-block arguments only if the form prints them (not stablehlo.while's)
                    seq.extend(("blk", b, i > 0 or d.custom_prints_entry_args(o, k), d.custom_prints_terminators(o, k))
                               for k, r in enumerate(o.regions) for i, b in enumerate(r.blocks))
            else:
                seq = [("blk", b, True, True) for r in o.regions for b in r.blocks]
                seq.extend(("a", u.value.type, False) for u in o._operands)
                seq.extend(("a", r.type, False) for r in o.results)
                if d is not None and o.properties.entries:
                    merged = sorted(list(o.properties.entries) + list(o.attributes.entries), key=lambda kv: kv[0])
                    seq.extend(("a", v, False) for _, v in merged)
                else:
                    seq.extend(("a", v, False) for _, v in o.attributes.entries)
            stack.extend(reversed(seq))

    def _visit_plain_generic(self, o: Operation) -> None:
        """visit_op's generic form of a region-less op, without debug info."""
        visit = self.visit_attr
        for u in o._operands:
            if u.value.type.has_alias_parts:
                visit(u.value.type, False)
        for r in o.results:
            if r.type.has_alias_parts:
                visit(r.type, False)
        props, attrs = o.properties, o.attributes
        if o.opdef is not None and props.entries:
            if props.has_alias_parts or attrs.has_alias_parts:
                for _, v in sorted(list(props.entries) + list(attrs.entries), key=lambda kv: kv[0]):
                    visit(v, False)
        elif attrs.has_alias_parts:
            for _, v in attrs.entries:
                visit(v, False)

    def assign(self) -> None:
        items = sorted(self.info.items(), key=lambda kv: (kv[1][0], kv[1][1], kv[1][2]))
        counts: dict[str, int] = {}
        self.order = []
        for a, (_depth, prefix, _, deferrable) in items:
            n = counts.get(prefix, 0)
            counts[prefix] = n + 1
            if n == 0:
                name = "#" + prefix
            else:
                name = "#" + prefix + ("_" if prefix[-1].isdigit() else "") + str(n)
            self.names[a] = name
            self.order.append((a, name, deferrable))


def _is_terminator(op: Operation) -> bool:
    from hlopt.ir.opdef import TERMINATOR

    d = op.opdef
    return d is not None and TERMINATOR in d.traits


_HAS_CUSTOM: dict[Any, bool] = {}  # op definition -> whether it has a custom printer


def _has_custom(d: Any) -> bool:
    r = _HAS_CUSTOM.get(d)
    if r is None:
        from hlopt.ir.opdef import OpDef

        f = getattr(d, "print_custom", None)
        r = _HAS_CUSTOM[d] = (f is not None and getattr(f, "__func__", f) is not vars(OpDef)["print_custom"].__func__) \
            or op_asm.has_asm_form(d)
    return r


_PRINT_FN: dict[Any, Any] = {}  # op definition -> its op_asm printing function, or None


def _asm_fn(d: Any) -> Any:
    fn = None
    if op_asm.has_asm_form(d):
        form = op_asm.forms_of(d)[2]
        new = op_asm.OpAsmPrinter

        def fn(op: Operation, p: "Printer") -> str | None:
            ap = new(p)
            ap.parts.append(p.op_name(op))
            return "".join(ap.parts) if form(op, ap) else None
    _PRINT_FN[d] = fn
    return fn


def _plain(o: Operation) -> bool:
    """Nothing of this region-less op can take an alias."""
    if o.properties.has_alias_parts or o.attributes.has_alias_parts:
        return False
    for r in o.results:
        if r.type.has_alias_parts:
            return False
    for u in o._operands:
        if u.value.type.has_alias_parts:
            return False
    return True


def _children(a: Any) -> Sequence[Any]:
    from hlopt.ir.attributes import DenseElementsAttr, StringAttr
    from hlopt.ir.location import CallSiteLoc, FusedLoc, NameLoc
    from hlopt.ir.types import (
        ComplexType,
        MemRefType,
        RankedTensorType,
        TupleType,
        UnrankedTensorType,
        VectorType,
    )

    if isinstance(a, DictionaryAttr):
        return [v for _, v in a.entries]
    if isinstance(a, ArrayAttr):
        return a.elements
    if isinstance(a, TypeAttr):
        return (a.type,)
    if isinstance(a, NameLoc):  # an unknown child is not printed, so not visited
        return () if isinstance(a.child, UnknownLoc) else (a.child,)
    if isinstance(a, CallSiteLoc):
        return (a.callee, a.caller)
    if isinstance(a, FusedLoc):
        return (a.locations if a.metadata is None else (a.metadata, *a.locations))
    if isinstance(a, FunctionType):
        return a.inputs + a.results
    if isinstance(a, RankedTensorType):
        return (a.element_type,) if a.encoding is None else (a.element_type, a.encoding)
    if isinstance(a, MemRefType):
        return tuple(x for x in (a.element_type, a.layout, a.memory_space) if x is not None)
    if isinstance(a, (UnrankedTensorType, VectorType, ComplexType)):
        return (a.element_type,)
    if isinstance(a, TupleType):
        return a.types
    if isinstance(a, (DenseElementsAttr, StringAttr)):
        return (a.type,) if a.type is not None else ()
    ch = getattr(a, "alias_children", None)
    return ch() if ch is not None else ()


# ---------------------------------------------------------------------------
# the printer


class Printer:
    namer: Namer  # made by write_top, which every other printing method runs inside
    def __init__(self, generic: bool = False, debuginfo: bool = False, local_scope: bool = False,
                 elide_elements: int | None = None):
        self.elide_elements = elide_elements  # --mlir-elide-elementsattrs-if-larger
        self.generic = generic
        self.debuginfo = debuginfo
        self.local_scope = local_scope  # no aliases: every attribute, type and location inline
        self.alias: Aliases | None = None
        self.indent = 0
        self.default_dialect: list[str] = []
        self._cache: dict[Any, str] = {}
        self._regions: list[tuple] = []  # regions behind region() placeholders
        self._big: list[Any] = []  # attributes behind _BIG placeholders
        self._write: Any = None  # the output sink (write_top)
        self._used: set[str] | None = None  # dense_resource handles seen in the output

    # -- hooks used by attributes/types (alias-aware printing) ----------------
    def alias_of(self, a: Any) -> str | None:
        return self.alias.names.get(a) if self.alias is not None else None

    def attr_text(self, a: Attribute | Type) -> str:
        n = self.alias_of(a)
        if n is not None:
            return n
        t = self._cache.get(a)
        if t is None:
            # an unaliased map/set prints inline (their print_with defers to us)
            if isinstance(a, AffineMapAttr):
                t = f"affine_map<{a.map}>"
            elif isinstance(a, IntegerSetAttr):
                t = f"affine_set<{a.set}>"
            elif self.elide_elements is not None and isinstance(a, DenseElementsAttr) and (e := a._elided(self)):
                t = e
            elif self._write is not None and getattr(a, "streamed", False):
                t = f"{_BIG}{len(self._big)}{_BIG}"
                self._big.append(a)
            else:
                t = a.print_with(self) if a.has_alias_parts or self.elide_elements is not None else a.text
            self._cache[a] = t
        return t

    def type_text(self, t: Type) -> str:
        if not t.has_alias_parts:
            return t.text
        return self.attr_text(t)  # types and attributes share the alias table and cache

    # -- values ---------------------------------------------------------------
    def value(self, v: Value) -> str:
        n = v._pn
        return "%" + str(n) if n is not None else "<<UNKNOWN SSA VALUE>>"

    def values(self, vs: Sequence[Value]) -> str:
        return ", ".join(["%" + str(v._pn) if v._pn is not None else "<<UNKNOWN SSA VALUE>>" for v in vs])

    def block_name(self, b: Block) -> str:
        i = self.namer.block_order.get(b)
        return "^INVALIDBLOCK" if i is None else f"^bb{i}"

    def types(self, ts: Sequence[Type]) -> str:
        return ", ".join(t.text if not t.has_alias_parts else self.type_text(t) for t in ts)

    def functional_type(self, ins: Sequence[Type], outs: Sequence[Type]) -> str:
        # an interned FunctionType caches exactly this text
        ft = FunctionType(ins, outs)
        return ft.text if not ft.has_alias_parts else self.type_text(ft)

    def attr_dict(self, d: DictionaryAttr, elide: Sequence[str] = (), keyword: bool = False) -> str:
        """` {a = 1}` (or ` attributes {...}`), empty if nothing to print."""
        entries = d.entries
        if elide:
            entries = [e for e in entries if e[0] not in elide]
        if not entries:
            return ""
        body = print_named_attrs(entries, self if d.has_alias_parts or self.elide_elements is not None else None)
        return (" attributes {" if keyword else " {") + body + "}"

    def loc(self, loc: Location) -> str:
        if not self.debuginfo:
            return ""
        return " loc(" + (self.alias_of(loc) or loc.body(self)) + ")"

    def op_name(self, op: Operation) -> str:
        name = op.name
        dd = self.default_dialect[-1] if self.default_dialect else ""
        if dd and name.startswith(dd + ".") and name.count(".") == 1:
            return name[len(dd) + 1:]
        # MLIR elides `builtin.` only where builtin is the default dialect
        # (top level, module bodies, regions of ops naming no default dialect)
        if name.startswith("builtin.") and dd in ("", "builtin"):
            return name[8:]
        return name

    # -- top level --------------------------------------------------------------
    def print_top(self, op: Operation, resources: Sequence[str] = ()) -> str:
        parts: list[str] = []
        self.write_top(op, parts.append, resources)
        return "".join(parts)

    def write_top(self, op: Operation, write: Any, resources: Sequence[str] = ()) -> None:
        """Print `op` to `write` (called with str pieces), final newline included."""
        self._write = write
        self._used = set() if resources else None
        self.namer = Namer(op, self.generic)
        try:
            self._write_top(op, write, resources)
        finally:
            self.namer.release()

    def _write_top(self, op: Operation, write: Any, resources: Sequence[str]) -> None:
        al = Aliases(self.debuginfo)
        if not self.local_scope:
            al.visit_op(op, self.generic)
        al.assign()
        self.alias = al if al.names else None
        lines: list[str] = []
        deferred: list[str] = []
        for a, name, deferrable in al.order:
            text = a.print_with(self) if not isinstance(a, (AffineMapAttr, IntegerSetAttr)) else (
                f"affine_map<{a.map}>" if isinstance(a, AffineMapAttr) else f"affine_set<{a.set}>")
            (deferred if deferrable else lines).append(f"{name} = {text}")
        self.print_op(op, lines)
        lines.extend(deferred)
        self._flush(lines, keep_last=False)
        if resources:  # only referenced blobs are printed, after a blank line
            res = _resources_text(resources, self._used)
            if res:  # line by line: a blob line may be tens of MB
                write("\n")
                for line in res:
                    write(line)
                    write("\n")

    def _flush(self, out: list[str], keep_last: bool = True) -> None:
        """Hand the finished lines of `out` to the writer (each with its
        newline), expanding big attributes' placeholders chunk by chunk."""
        n = len(out) - 1 if keep_last else len(out)
        if n <= 0:
            return
        text = "\n".join(out[:n]) if n < len(out) else "\n".join(out)
        del out[:n]
        if self._used is not None:
            self._used.update(_USED_RESOURCE.findall(text))
        write = self._write
        if _BIG in text:
            for i, part in enumerate(text.split(_BIG)):
                if i % 2 == 0:
                    write(part)
                else:
                    for chunk in self._big[int(part)].print_chunks(self):
                        write(chunk)
        else:
            write(text)
        write("\n")

    def print_op(self, op: Operation, out: list[str]) -> None:
        """Append the op's lines (first line indented) to out."""
        ind = INDENT * self.indent
        prefix = ""
        res = op.results
        if res:
            if len(res) == 1:  # result_groups' first case
                n = res[0]._pn
                prefix = ("%" + str(n) if n is not None else "%<<UNKNOWN>>") + " = "
            else:
                prefix = ", ".join(self.namer.result_groups(op)) + " = "
        if not self.generic:
            d = op.opdef
            if d is not None:
                fn = _PRINT_FN.get(d, _PRINT_FN)
                if fn is _PRINT_FN:
                    fn = _asm_fn(d)
                text = fn(op, self) if fn is not None else d.print_custom(op, self)
                if text is not None:
                    text = ind + prefix + text
                    if _MARK in text:
                        text = self._splice(text, out)
                    out.append(text + (self.loc(op.location) if self.debuginfo else ""))
                    return
        self._generic(op, ind + prefix, out)

    def _generic(self, op: Operation, head: str, out: list[str]) -> None:
        parts = [head, '"', op.name, '"(']
        operands = op._operands
        if operands:
            # C loops: `str` of an int name is its number, of a text name the text
            pns = list(map(_VALUE_PN, operands))
            if None not in pns:
                parts.append("%" + ", %".join(map(str, pns)))
            else:  # a value this print did not name (rare)
                parts.append(", ".join([self.value(o.value) for o in operands]))
        parts.append(")")
        if op.successors:
            parts.append("[" + ", ".join(self.block_name(b) for b in op.successors) + "]")
        props = op.properties
        if props.entries:
            elide = self.elide_elements is not None
            parts.append(" <" + (props.text if not (props.has_alias_parts or elide) else props.print_with(self)) + ">")
        tail = []
        attrs = op.attributes
        if attrs.entries:
            elide = self.elide_elements is not None
            # discardable dictionaries are mostly distinct: their text is not kept on them
            # (`text` would cache it for the life of the IR: a big module's print peak)
            t = attrs._text
            if t is None:
                t = attrs.print_with(self if attrs.has_alias_parts or elide else None)
            elif attrs.has_alias_parts or elide:
                t = attrs.print_with(self)
            tail.append(" " + t)
        tail.append(" : ")
        # the interned FunctionType looked up directly (its text is cached on it)
        ft = _FT_INTERNED.get((tuple(map(_VALUE_TYPE, operands)), tuple(map(_TYPE, op.results))))
        if ft is not None and not ft.has_alias_parts:
            tail.append(ft.text)
        else:
            tail.append(self.functional_type([o.value.type for o in operands], [r.type for r in op.results]))
        if self.debuginfo:
            tail.append(self.loc(op.location))
        if op.regions:
            start = "".join(parts) + " ("
            for i, r in enumerate(op.regions):
                self._region_into(r, start if i == 0 else out.pop() + ", ", out, True, True, True)
            out[-1] += ")" + "".join(tail)
        else:
            out.append("".join(parts) + "".join(tail))

    def region(self, r: Region, print_entry_args: bool = False, print_terminators: bool = True,
               print_empty_block: bool = False, indent: int = 0) -> str:
        """A region, for custom printers to concatenate into their text.

        Returns a placeholder that print_op replaces by the region's lines
        (appended to the output once), so nested custom ops never copy the
        text of the regions inside them. `indent`: levels deeper than the
        op (a region inside an indented list, e.g. hal.dispatch.extern's)."""
        k = len(self._regions)
        self._regions.append((r, print_entry_args, print_terminators, print_empty_block, indent))
        return f"{_MARK}{k}{_MARK}"

    def _splice(self, text: str, out: list[str]) -> str:
        """Emit a custom form's lines, expanding region placeholders;
        returns the (unfinished) last line."""
        parts = text.split(_MARK)
        cur = ""
        for i, part in enumerate(parts):
            if i % 2:
                r, entry_args, terminators, empty_block, indent = self._regions[int(part)]
                self.indent += indent
                self._region_into(r, cur, out, entry_args, terminators, empty_block)
                self.indent -= indent
                cur = out.pop()
            else:
                lines = part.split("\n")
                cur += lines[0]
                for line in lines[1:]:
                    out.append(cur)
                    cur = line
        return cur

    def _region_into(self, r: Region, line_start: str, out: list[str], entry_args: bool,
                     terminators: bool, empty_block: bool) -> None:
        """Append `line_start + "{"`, the body lines, and the closing `}` line."""
        out.append(line_start + "{")
        if r.blocks:
            parent = r.parent
            d = parent.opdef if parent is not None else None
            self.default_dialect.append((d.default_dialect or "") if d is not None else "")
            entry = r.blocks[0]
            header = (empty_block and entry.is_empty()) or (entry_args and bool(entry.args))
            self._block(entry, header, terminators, out)
            for b in r.blocks[1:]:
                self._block(b, True, True, out)
            self.default_dialect.pop()
        out.append(INDENT * self.indent + "}")

    def _block(self, b: Block, header: bool, terminators: bool, out: list[str]) -> None:
        if header:
            s = INDENT * self.indent + self.block_name(b)
            if b.args:
                parts = []
                for a in b.args:
                    t = a.type.text if not a.type.has_alias_parts else self.type_text(a.type)
                    item = f"{self.value(a)}: {t}"
                    if self.debuginfo:
                        loc = a.location if a.location is not None else UnknownLoc()
                        item += " loc(" + loc.body(self) + ")"
                    parts.append(item)
                s += "(" + ", ".join(parts) + ")"
            s += ":"
            preds = _pred_edges(b)
            if not preds:
                if b.parent is not None and b is not b.parent.blocks[0]:
                    s += "  // no predecessors"
            elif len(preds) == 1:
                s += "  // pred: " + self.block_name(preds[0])
            else:
                order = self.namer.block_order
                preds.sort(key=lambda p: order.get(p, 0))
                s += f"  // {len(preds)} preds: " + ", ".join(self.block_name(p) for p in preds)
            out.append(s)
        self.indent += 1
        op = b._first
        last = b._last
        while op is not None:
            if not (op is last and not terminators and _is_terminator(op)):
                self.print_op(op, out)
                if len(out) > _FLUSH_LINES and self._write is not None:
                    self._flush(out)
            op = op._next
        self.indent -= 1




def _pred_edges(b: Block) -> list[Block]:
    r = b.parent
    if r is None:
        return []
    out = []
    for p in r.blocks:
        t = p._last
        if t is not None and t.successors:
            for s in t.successors:
                if s is b:
                    out.append(p)
    return out


_USED_RESOURCE = re.compile(r'dense_resource<([^>]+)>')


def _resources_text(resources: Sequence[str], used: set | None = None) -> list[str]:
    from hlopt.syntax.resources import format_resources

    return format_resources(resources, used)


def print_op(op: Operation, generic: bool = False, debuginfo: bool = False,
             resources: Sequence[str] = (), local_scope: bool = False, elide_elements: int | None = None) -> str:
    """Print `op` (usually a builtin.module) as MLIR would, with a final
    newline; `local_scope` is --mlir-print-local-scope (no aliases)."""
    with no_gc():
        return Printer(generic, debuginfo, local_scope, elide_elements).print_top(op, resources)


def write_op(op: Operation, write: Any, generic: bool = False, debuginfo: bool = False,
             resources: Sequence[str] = (), local_scope: bool = False, elide_elements: int | None = None) -> None:
    """print_op's text handed to `write` in pieces of bounded size (bar
    single lines), so the whole output never exists as one string."""
    with no_gc():
        Printer(generic, debuginfo, local_scope, elide_elements).write_top(op, write, resources)
