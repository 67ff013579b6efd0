"""Shardy manual computations: the operands split along the manual mesh
axes, the body runs per device on the local blocks, and the results are
reassembled (an exchange among all devices)."""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from hlopt.kernels.sharding import parse_mesh, parse_sdy_shardings, sdy_layout
from hlopt.kernels.values import InterpError


def _manual_info(op: Any, ctx: Any) -> tuple:
    manual = set(re.findall(r'"([^"]+)"', op.get_attr("manual_axes").text)) if op.get_attr("manual_axes") else set()
    ins = parse_sdy_shardings(op.get_attr("in_shardings").text)
    outs = parse_sdy_shardings(op.get_attr("out_shardings").text)
    meshes: dict[str, Any] = {}

    def layout(entry: tuple) -> Any:
        name, dims = entry
        if name not in meshes:
            m = ctx.program.symbols.get(name)
            if m is None or m.get_attr("mesh") is None:
                raise InterpError(f"unknown sdy mesh '@{name}'", op)
            meshes[name] = parse_mesh(m.get_attr("mesh").text)
        return sdy_layout(meshes[name], dims, ctx.num_devices, manual)

    return [layout(e) for e in ins], [layout(e) for e in outs]


def manual_computation(op: Any, args: list, ctx: Any) -> list:
    """Run an sdy.manual_computation-shaped op (in/out_shardings,
    manual_axes, one body region)."""
    ins, outs = ctx.cached(op, lambda o: _manual_info(o, ctx))
    local = [lay.split(a, ctx.device) for lay, a in zip(ins, args)]
    res = ctx.run_region(op.regions[0], local)
    out = []
    group = tuple(range(ctx.num_devices))
    for i, (lay, v, r) in enumerate(zip(outs, res, op.results)):
        if all(t == 1 for t in lay.tiles):
            out.append(np.asarray(v))
            continue
        got = ctx.runtime.exchange((op, ctx.next_count(op), i, group), group, ctx.device, np.asarray(v), op)
        out.append(lay.assemble(got, tuple(r.type.shape)))
    return out
