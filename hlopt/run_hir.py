"""`hlopt-run` on a hir module (nvFuser-style fusion or host program):
hlopt.run_cli dispatches here when the module holds hir ops or
#hir.sharding types.

The program runs with hlopt.analysis.hir_run (the hir evaluator): a fusion
whose ops still reshard on global arrays, a host program (or a fusion of
local ops) on every device of its meshes. Devices: those the meshes name
(0 .. largest id); `--num-partitions` may ask for more (they hold nothing),
not fewer. Entry: `--entry`; when it is the default `main` and there is no
@main, the module's only entry function (one no hir.post_on_stream
launches). Inputs and outputs are global arrays as for StableHLO modules.
"""

from __future__ import annotations

import sys
from typing import Any

import click
import numpy as np


def _fmt(a: np.ndarray) -> str:
    return "x".join(map(str, a.shape)) if a.shape else "scalar"


def _values(a: np.ndarray) -> str:
    return np.array2string(a, threshold=100_000, max_line_width=10_000, separator=", ").replace("\n", "")


def summary(types: list, per: list, glob: list, print_values: bool) -> str:
    """One block per result: its type, then per device shape, dtype and checksum."""
    from hlopt.kernels.values import checksum

    lines = []
    for i, t in enumerate(types):
        lines.append(f"result{i}: {t.text}")
        for d, res in enumerate(per):
            v = res[i]
            if v is None:
                lines.append(f"  device {d}: not in the mesh")
                continue
            line = f"  device {d}: {_fmt(v)} {v.dtype} checksum {checksum(v)}"
            if print_values:
                line += " = " + _values(v)
            lines.append(line)
        if print_values and glob[i] is not None:
            lines.append("  global: " + _values(glob[i]))
    return "\n".join(lines) + "\n"


def pick_entry(module: Any, entry: str) -> str:
    from hlopt.analysis.hir_run import EvalError, entry_points, functions

    if entry in functions(module):
        return entry
    cands = entry_points(module)
    if entry == "main" and len(cands) == 1:
        return cands[0]
    raise EvalError(f"no function named '@{entry}' to run (entry functions: "
                    + (", ".join("@" + c for c in cands) or "none") + "; choose one with --entry)")


def run_hir(module: Any, src: Any, entry: str, seed: int, inputs_path: str | None, output: str | None,
            print_values: bool, num_partitions: int | None) -> int:
    from hlopt.analysis import hir_run
    from hlopt.driver import op_diag
    from hlopt.ir.core import IRError
    from hlopt.syntax.diagnostics import render

    try:
        name = pick_entry(module, entry)
        ins_t, res_t = hir_run.function_types(module, name)
        n = hir_run.num_devices(module)
        if num_partitions is not None:
            if num_partitions < n:
                raise hir_run.EvalError(f"the module's meshes name {n} devices, --num-partitions gives "
                                        f"{num_partitions}")
            n = num_partitions
        if inputs_path is not None:
            from hlopt.interp.inputs import InputError, bind_types, read_npz

            try:  # the same strict reading and binding as for StableHLO entries
                args = bind_types(list(ins_t), read_npz(inputs_path))
            except InputError as e:
                click.echo(f"error: inputs '{inputs_path}': {e}", err=True)
                return 1
        else:
            args = hir_run.random_inputs(module, name, seed)
        with np.errstate(all="ignore"):
            per = hir_run.run(module, name, args, n)
    except hir_run.EvalError as e:
        render([op_diag(IRError(str(e), e.op if e.op is not None and hasattr(e.op, "location") else None),
                        src)])
        return 1
    glob = hir_run.assemble(per, res_t)
    sys.stdout.write(summary(res_t, per, glob, print_values))
    if output is not None:
        arrays = {f"result{i}": g for i, g in enumerate(glob) if g is not None}
        return save_npz(output, arrays)
    return 0


def save_npz(path: str, arrays: dict) -> int:
    """Write as `-o` writes (atomically, or in place for a device or pipe); 0, or 1 after reporting."""
    import io

    from hlopt.output import write_output

    buf = io.BytesIO()
    np.savez(buf, **arrays)
    try:
        write_output(path, buf.getvalue())
    except OSError as e:
        click.echo(f"error: could not write output file '{path}': {e.strerror or e}", err=True)
        return 1
    return 0
