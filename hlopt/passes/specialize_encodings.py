"""`--specialize-encodings`: resolve tensor encodings per device and
duplicate executables per layout (IREE's --iree-stream-specialize-encodings).

1. Every tensor-phase stream op (its definition sets `tensor_phase` and
   names its `encoding_fields`) with an affinity and a recognized encoding
   (serializable, not yet serialized) gets its encodings resolved by the
   layout resolvers of the executable targets of the device it runs on; a
   dispatch's operands use the affinity of the resource that produced them
   (a transferred value keeps its source device's layout). A target without
   a resolver resolves to `#iree_encoding.identity`.
2. Each executable is duplicated once per distinct list of binding layouts
   among its dispatch sites: the first list keeps the original, the others
   get clones `<name>_dup0`, `_dup1`, ... inserted right after the original
   (so they read in reverse order, as IREE inserts them); the clones'
   binding subspans and the dispatches' entry points are updated.

Devices are grouped by executable targets (hlopt.analysis.device_affinity),
so a layout is resolved once per device class and type, and devices that
share targets never cause copies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from hlopt.analysis.device_affinity import AffinityLookupError, DeviceClasses, resource_affinity
from hlopt.dialects.encoding_tiles import Unmodelled
from hlopt.dialects.iree_encoding import IdentityResolverAttr, TestingAttr, is_resolver, serializable_encoding
from hlopt.dialects.stream import (
    BindingSubspanOp,
    ExecutableExportOp,
    ExecutableOp,
    TensorDispatchOp,
    is_resource,
    operand_groups,
)
from hlopt.ir.attributes import ArrayAttr, OpaqueAttr, StringAttr, SymbolRefAttr, TypeAttr
from hlopt.ir.core import BlockArgument, Operation
from hlopt.ir.interfaces import CallableOpInterface, affinity_of, implements
from hlopt.ir.rewriter import Rewriter
from hlopt.ir.symbols import symbol_name
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass

_MODULE_ERROR = "failed to add layouts to Stream::TensorPhaseOp with encodings"
_CONVERT_ERROR = "failed to convert unserialized encoding to serialized encoding"
_RESOLVE_ERROR = "failed to resolve recognized layout"
_RESOLVER_KEY = "iree.encoding.resolver"


class _Failed(Exception):
    def __init__(self, errors: list):
        self.errors = errors


def _op_msg(op: Operation, msg: str) -> str:
    return f"'{op.name}' op {msg}"


def _recognized(t: Any) -> bool:
    return serializable_encoding(t) is not None


def _unrecognized_or_serialized(t: Any) -> bool:
    enc = serializable_encoding(t)
    return enc is None or enc.is_serialized


class _Resolver:
    """Layouts per (device class, type), resolved once each."""

    def __init__(self, devices: DeviceClasses):
        self.devices = devices
        self._resolvers: dict = {}
        self._cache: dict = {}

    def resolvers(self, cls: Any) -> tuple:
        """The class's resolvers, each holding the part of its target's
        configuration it reads (IREE's cloneWithSimplifiedConfig), in
        target order without repeats. A target without a resolver resolves
        to identity; a resolver hlopt does not model raises Unmodelled."""
        r = self._resolvers.get(cls)
        if r is None:
            seen: dict = {}
            targets = self.devices.class_targets(cls)
            if targets is None:
                raise Unmodelled(f"the device {self.devices.class_device(cls).text}")
            for target in targets:
                res = getattr(target, "resolver", None)
                if res is None or not (is_resolver(res) or isinstance(res, OpaqueAttr)):
                    # IREE: no resolver, or a value that is no resolver, means identity
                    res = IdentityResolverAttr()
                elif not is_resolver(res):
                    raise Unmodelled(f"encoding resolver {res.text}")
                elif hasattr(res, "clone_with_config"):
                    res = res.clone_with_config(getattr(target, "config", None))
                seen.setdefault(res, None)
            r = self._resolvers[cls] = tuple(seen)
        return r

    def resolve(self, t: Any, cls: Any) -> Any:
        """`t` with resolved layouts; `t` itself when its encoding is not
        recognized or already serialized; None when a resolver fails.
        Raises Unmodelled for a resolver, target or encoding hlopt does
        not model (never a guessed layout)."""
        enc = serializable_encoding(t)
        if enc is None or enc.is_serialized:
            return t
        key = (cls, t)
        try:
            return self._cache[key]
        except KeyError:
            pass
        layouts = []
        out = None
        for r in self.resolvers(cls):
            layout = r.get_layout(t)
            if layout is None:
                break
            layouts.append(layout)
        else:
            if not layouts and not isinstance(enc, TestingAttr):
                # IREE finds no target, fails to build `layout<[]>` with an unlocated
                # error, drops the encoding and succeeds: a miscompile hlopt reports instead
                raise Unmodelled("an affinity without executable targets (IREE drops the encoding "
                                 "and reports 'expected non-empty layouts')")
            out = t.with_encoding(enc.clone_with_layouts(layouts))  # None drops the encoding
        self._cache[key] = out
        return out


@register_pass
@dataclass
class SpecializeEncodings(Pass):
    argument = "specialize-encodings"
    summary = "Specializes tensor encodings per device and duplicates executables per layout"
    anchor = "builtin.module"
    statistic_help = {"num-specialized": "Number of encodings resolved",
                      "num-duplicated": "Number of executables duplicated"}

    def run(self, op: Operation) -> None:
        module = op
        self.symbols = _SymbolIndex(module)
        self._recognized: dict = {}
        self._dispatch_memo: dict = {}
        funcs = [o for o in _body(module) if implements(o, CallableOpInterface) and o.regions]
        stream_ops = [o for f in funcs for o in f.walk(post_order=False) if self._candidate(o)]
        devices = DeviceClasses(module)
        resolver = _Resolver(devices)
        # every query (including each dispatch operand's producer) first, as
        # IREE batches them before changing the IR
        operand_classes: dict[Operation, list] = {}
        dispatches = [o for o in stream_ops if o.opdef is TensorDispatchOp]
        for o in dispatches:
            try:
                operand_classes[o] = self._operand_classes(o, devices)
            except AffinityLookupError as e:
                self.fail(_MODULE_ERROR, module, errors=[
                    (_op_msg(o, "failed to determine resource affinity for operand "
                             + _value_text(e.value, o)), o),
                    ("failed to cache all the queries, it usually means that there are failures in "
                     "affinity analysis", module)])
        rw = Rewriter()
        n = 0
        for o in stream_ops:
            try:
                n += self._update(o, devices.class_of(affinity_of(o)), resolver,
                                  operand_classes.get(o), rw)
            except _Failed as e:
                self.fail(_MODULE_ERROR, module, errors=[*e.errors, (_op_msg(o, _CONVERT_ERROR), o)])
            except Unmodelled as e:
                # never a guessed layout: a wrong one changes what the program computes
                self.fail(_op_msg(o, f"cannot resolve its encodings: hlopt does not model {e}"), o)
        self.stat("num-specialized", n)
        if funcs:
            self._duplicate(module, dispatches, rw)

    # -- candidates ---------------------------------------------------------------------
    def _candidate(self, o: Operation) -> bool:
        d: Any = o.opdef  # duck-typed: stream ops of the tensor phase declare encoding_fields
        if d is None or not getattr(d, "tensor_phase", False) or affinity_of(o) is None:
            return False
        if d is TensorDispatchOp:
            if not self._recognized_entry_points(o):
                return False
        for f in d.encoding_fields:
            a = o.properties.get(f)
            types = [x.type for x in a.elements] if isinstance(a, ArrayAttr) else [getattr(a, "type", None)]
            if any(_recognized(t) for t in types):
                return True
        return False

    def _recognized_entry_points(self, o: Operation) -> bool:
        """Every entry point is an export whose function views each binding
        only through subspans of encodable types (IREE's recognizeDispatchEntryPoints).
        Answered once per entry-point list (the IR does not change meanwhile)."""
        assert isinstance(o, TensorDispatchOp)
        eps = o.entry_points
        r = self._recognized.get(eps)
        if r is None:
            r = self._recognized[eps] = self._recognize(eps)
        return r

    def _recognize(self, eps: ArrayAttr) -> bool:
        for ep in eps.elements:
            found = self.symbols.export_and_func(ep)
            if found is None:
                return False
            _export, _exe, func = found
            if func is None:
                return False
            for arg in func.regions[0].blocks[0].args if func.regions and func.regions[0].blocks else ():
                if not _is_binding(arg.type):
                    continue
                for user in arg.users:
                    if not isinstance(user, BindingSubspanOp) or not hasattr(user.result.type, "with_encoding"):
                        return False
        return True

    # -- resolution -------------------------------------------------------------------------
    def _operand_classes(self, o: Operation, devices: DeviceClasses) -> list:
        out = []
        for v in operand_groups(TensorDispatchOp, o)[1]:
            out.append(devices.class_of(resource_affinity(v)) if is_resource(v.type) else None)
        return out

    def _update(self, o: Operation, cls: Any, resolver: _Resolver, operand_classes: list | None,
                rw: Rewriter) -> int:
        d: Any = o.opdef  # duck-typed: stream ops of the tensor phase declare encoding_fields

        def resolved(t: Any, c: Any) -> Any:
            nt = resolver.resolve(t, c)
            if nt is None:
                raise _Failed([(_op_msg(o, _RESOLVE_ERROR), o)])
            return nt

        if getattr(d, "fixed_encodings", False):
            # IREE cannot update these: their encodings must already be final
            for f in d.encoding_fields:
                if not _unrecognized_or_serialized(o.properties.get(f).type):
                    raise _Failed([])
            return 0
        n = 0
        if isinstance(o, TensorDispatchOp):
            assert operand_classes is not None  # computed for every dispatch
            oenc, renc = o.operand_encodings, o.result_encodings
            # sites with the same encodings, resources and device classes resolve alike
            mask = tuple(is_resource(v.type) for v in operand_groups(TensorDispatchOp, o)[1])
            key = (oenc, renc, mask, tuple(operand_classes), cls)
            new = self._dispatch_memo.get(key)
            if new is None:
                new_ops = [TypeAttr(resolved(a.type, c)) if r else a
                           for a, r, c in zip(oenc.elements, mask, operand_classes)]
                new_res = [TypeAttr(resolved(a.type, cls)) for a in renc.elements]
                new = self._dispatch_memo[key] = {"operand_encodings": ArrayAttr(new_ops),
                                                  "result_encodings": ArrayAttr(new_res)}
            _set_props(o, new)
            n += 1
        else:
            # IREE's order: result encodings before source encodings
            for f in sorted(d.encoding_fields, key=lambda f: not f.startswith("result")):
                t = o.properties.get(f).type
                o.set_attr(f, TypeAttr(resolved(t, cls)))
                n += 1
        rw.modified(o)
        return n

    # -- executable duplication -------------------------------------------------------------
    def _found(self, ep: Any) -> tuple:
        found = self.symbols.export_and_func(ep)
        assert found is not None  # _recognize accepted every entry point of a candidate dispatch
        return found

    def _duplicate(self, module: Operation, dispatches: list, rw: Rewriter) -> None:
        per_export: dict[Operation, dict] = {}
        site_layouts: dict[Operation, ArrayAttr] = {}
        for dsp in dispatches:
            layouts = ArrayAttr(TensorDispatchOp.binding_layouts(dsp))
            site_layouts[dsp] = layouts
            for ep in dsp.entry_points.elements:
                export, _exe, _func = self._found(ep)
                per_export.setdefault(export, {}).setdefault(layouts, None)
        chosen: dict[tuple, ExecutableOp] = {}
        for export, layout_lists in per_export.items():
            exe = export.parent_op
            assert isinstance(exe, ExecutableOp)  # an export's parent (verified)
            name = exe.sym_name.value
            for i, layouts in enumerate(layout_lists):
                target = exe
                if i > 0:
                    target = cast(ExecutableOp, exe.clone())
                    target.set_attr("sym_name", StringAttr(f"{name}_dup{i - 1}"))
                    rw.set_insertion_point_after(exe)
                    rw.insert(target)
                    self.symbols.add_executable(target)
                    self.stat("num-duplicated")
                func = self.symbols.func_in(target, _function_name(export))
                if func is not None:
                    _update_bindings(func, layouts.elements, rw)
                chosen[(export, layouts)] = target
        for dsp in dispatches:
            new_eps = []
            for ep in dsp.entry_points.elements:
                export, _exe, _func = self._found(ep)
                target = chosen[(export, site_layouts[dsp])]
                new_eps.append(SymbolRefAttr(target.sym_name.value, ep.nested))
            eps = ArrayAttr(new_eps)
            if eps is not dsp.entry_points:
                _set_props(dsp, {"entry_points": eps})
                rw.modified(dsp)


def _set_props(op: Operation, new: dict) -> None:
    """Replace some properties at once (one re-sorted dictionary per op)."""
    props = op.properties
    op.properties = type(props)([(k, new.get(k, v)) for k, v in props.entries])


def _update_bindings(func: Operation, layouts: tuple, rw: Rewriter) -> None:
    """Re-encode the subspans of each binding argument with its layout."""
    for arg, layout in zip(func.regions[0].blocks[0].args, layouts):
        if not _is_binding(arg.type):
            continue
        enc = serializable_encoding(getattr(layout, "type", None))
        if enc is None:
            continue
        for user in arg.users:  # stream.binding.subspan (_recognize)
            r = user.result
            t: Any = r.type  # a subspan's type: _recognize checked that it has with_encoding
            r.type = t.with_encoding(enc)
            rw.modified(user)


def _function_name(export: Operation) -> str:
    """The inner function an export runs (its `function_ref`; `as("name")`
    exports name it apart from the export's own symbol)."""
    assert isinstance(export, ExecutableExportOp)  # from _SymbolIndex._lookup
    ref = export.function_ref
    return ref.root if isinstance(ref, SymbolRefAttr) else export.sym_name.value


def _is_binding(t: Any) -> bool:
    return getattr(t, "spelling", None) == "!stream.binding"


def _body(op: Operation):
    for r in op.regions:
        for b in r.blocks:
            yield from b.ops


def _value_text(v: Any, user: Operation) -> str:
    """How MLIR prints a value in a diagnostic."""
    if isinstance(v, BlockArgument):
        return f"<block argument> of type '{v.type.text}' at index: {v.index}"
    from hlopt.syntax.printer import print_op

    return print_op(v.defining_op, generic=True).strip()


class _SymbolIndex:
    """Executables, their exports and inner functions by name (one scan)."""

    def __init__(self, module: Operation):
        self.executables: dict[str, Operation] = {}
        self._found: dict = {}
        for o in _body(module):
            if isinstance(o, ExecutableOp):
                self.add_executable(o)

    def add_executable(self, exe: ExecutableOp) -> None:
        name = exe.sym_name
        if isinstance(name, StringAttr):
            self.executables[name.value] = exe
            self._found.clear()

    def export_and_func(self, ep: Any) -> tuple | None:
        try:
            return self._found[ep]
        except KeyError:
            pass
        r = self._found[ep] = self._lookup(ep)
        return r

    def _lookup(self, ep: Any) -> tuple | None:
        if not isinstance(ep, SymbolRefAttr) or len(ep.nested) != 1:
            return None
        exe = self.executables.get(ep.root)
        if exe is None:
            return None
        export = None
        for o in _body(exe):
            if isinstance(o, ExecutableExportOp) and getattr(o.sym_name, "value", None) == ep.nested[0]:
                export = o
                break
        if export is None:
            return None
        return export, exe, self.func_in(exe, _function_name(export))

    @staticmethod
    def func_in(exe: Operation, name: str) -> Operation | None:
        inner = ExecutableOp.inner_module(exe)
        if inner is None:
            return None
        for o in _body(inner):
            if symbol_name(o) == name:
                return o
        return None
