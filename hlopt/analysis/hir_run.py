"""Running a hir module as a whole program, for `hlopt-run` and
`--check-semantics` (the evaluator itself is hlopt.analysis.hir_eval).

A hir module runs at whichever level it is written: while a value-form op
still reshards (a fusion before `--hir-lower`), every entry runs on global
arrays (`run_global`) and each device's result is its shard of the global
one; otherwise (a host program, or a fusion whose ops are all local) every
device runs it (`run_devices`). Either way the result is, per device, the
list of what it holds of each result (None where a result's mesh does not
include the device), so a program can be compared before and after a pass
device by device. The number of devices comes from the meshes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from hlopt.analysis.hir_eval import EvalError, dtype_of, run_devices, run_global, shard
from hlopt.analysis.hir_segments import is_fusion_op
from hlopt.dialects.hir import is_resharding
from hlopt.dialects.hir_attrs import didx_axis, mesh_of, sharding
from hlopt.ir.core import Operation
from hlopt.ir.types import FloatType, IntegerType, RankedTensorType, Type


def _types(op: Operation) -> list[Type]:
    ts = [v.type for v in op.operands] + [r.type for r in op.results]
    for r in op.regions:
        for b in r.blocks:
            ts.extend(a.type for a in b.args)
    return ts


def is_hir_module(module: Operation) -> bool:
    """Holds a hir op or a tensor typed with a #hir.sharding encoding."""
    for op in module.walk():
        if op.name.startswith("hir."):
            return True
        ft = op.properties.get("function_type") if op.name == "func.func" else None
        if ft is not None and any(sharding(t) is not None for t in (*ft.type.inputs, *ft.type.results)):
            return True
    return False


def num_devices(module: Operation) -> int:
    """One more than the largest device id of any mesh (1 without meshes)."""
    top = 0
    for op in module.walk():
        ts = _types(op)
        ft = op.properties.get("function_type") if op.name == "func.func" else None
        if ft is not None:
            ts += [*ft.type.inputs, *ft.type.results]
        for t in ts:
            if isinstance(t, RankedTensorType):
                top = max(top, max(mesh_of(t)))
    return top + 1


def functions(module: Operation) -> dict[str, Operation]:
    return {o.properties.get("sym_name").value: o for o in module.regions[0].blocks[0].ops
            if o.name == "func.func" and o.properties.get("sym_name") is not None
            and o.regions and o.regions[0].blocks}


def entry_points(module: Operation) -> list[str]:
    """Functions with a body that no hir.post_on_stream launches."""
    launched = {o.properties.get("callee").leaf for o in module.walk() if o.name == "hir.post_on_stream"}
    return [n for n in functions(module) if n not in launched]


def function_types(module: Operation, entry: str) -> tuple[list[Type], list[Type]]:
    fn = functions(module).get(entry)
    if fn is None:
        raise EvalError(f"no function named '@{entry}' to run")
    ft = fn.properties.get("function_type").type
    return list(ft.inputs), list(ft.results)


def random_inputs(module: Operation, entry: str, seed: int) -> list[np.ndarray]:
    """Seeded random global arguments of `entry` (normal floats, small integers)."""
    rng = np.random.default_rng(seed)
    out = []
    for t in function_types(module, entry)[0]:
        if not isinstance(t, RankedTensorType):
            raise EvalError(f"cannot make an input of type '{t.text}'")
        dt = dtype_of(t)
        if isinstance(t.element_type, IntegerType):
            out.append(rng.integers(-8, 8, size=t.shape).astype(dt))
        elif isinstance(t.element_type, FloatType):
            out.append(rng.standard_normal(t.shape).astype(dt))
        else:
            raise EvalError(f"cannot make an input of type '{t.text}'")
    return out


def is_fusion_level(module: Operation) -> bool:
    """A value-form op still reshards: only the global meaning is defined."""
    return any(is_fusion_op(o) and is_resharding(o) for o in module.walk())


def run(module: Operation, entry: str, inputs: Sequence[np.ndarray], n: int | None = None
        ) -> list[list[np.ndarray | None]]:
    """Per device (0 .. n-1), what it holds of each result of `entry`."""
    n = n if n is not None else num_devices(module)
    results = function_types(module, entry)[1]
    per: list[list[np.ndarray | None]] = [[] for _ in range(n)]
    if is_fusion_level(module):
        glob = run_global(module, entry, inputs)
        outs = [shard(g, t) for g, t in zip(glob, results)]
    else:
        outs, _ = run_devices(module, entry, inputs)
    for o in outs:
        for d in range(n):
            per[d].append(o.get(d))
    return per


def assemble(per: list[list[np.ndarray | None]], types: Sequence[Type]) -> list[np.ndarray | None]:
    """Global results from the devices' shards (a didx axis concatenated in mesh order)."""
    out: list[np.ndarray | None] = []
    for i, t in enumerate(types):
        mesh = mesh_of(t)
        parts = [per[d][i] if d < len(per) else None for d in mesh]
        if any(p is None for p in parts):
            out.append(None)
            continue
        d = didx_axis(t)
        out.append(parts[0] if d is None else np.concatenate(parts, axis=d))
    return out


class HirRunner:
    """What `--check-semantics` runs on a hir module: `entry` when the module
    has it, else every entry function (a fusion file usually holds several);
    results per device, all entries' concatenated, a result a device does not
    hold as `()` (equal only to another absent one). Evaluator errors are
    raised as the interpreter's InterpError, which the check reports."""

    def __init__(self, module: Operation, entry: str):
        names = entry_points(module)
        self.entries = [entry] if entry in names else names
        if not self.entries:
            raise _interp_error(EvalError("no function to run"))
        self.n = num_devices(module)

    def inputs(self, module: Operation, seed: int) -> dict[str, list[np.ndarray]]:
        try:
            return {e: random_inputs(module, e, seed + k) for k, e in enumerate(self.entries)}
        except EvalError as err:
            raise _interp_error(err) from None

    def run(self, module: Operation, inputs: dict[str, list[np.ndarray]]) -> list[list[Any]]:
        per: list[list[Any]] = [[] for _ in range(self.n)]
        try:
            with np.errstate(all="ignore"):
                for e in self.entries:
                    for d, res in enumerate(run(module, e, inputs[e], self.n)):
                        per[d].extend(() if v is None else v for v in res)
        except EvalError as err:
            raise _interp_error(err) from None
        return per


def _interp_error(e: EvalError) -> Exception:
    from hlopt.kernels.values import InterpError

    return InterpError(str(e), e.op)


__all__ = ["EvalError", "HirRunner", "assemble", "entry_points", "function_types", "is_fusion_level", "is_hir_module",
           "num_devices", "random_inputs", "run"]
