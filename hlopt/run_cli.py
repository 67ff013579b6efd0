"""`hlopt-run`: run a module with the reference interpreter.

    hlopt-run model.mlir --num-partitions 8 --seed 1 -o out.npz
    hlopt-run model.mlir --inputs x.npz --print-values

Inputs are global arrays (`arg0`, `arg1`, ... in an .npz, or random ones
drawn from the entry signature with --seed); outputs are global arrays
(`result0`, ...) assembled from the entry's result shardings. A summary
per output (type, then per device: shape, dtype, checksum) goes to stdout.

Host transfers: --host-inputs H.npz holds the host's messages for
host-to-device recvs, `ch<C>_<k>` the k-th message (from 0) on channel C
(`ch<C>_<k>_<i>` its i-th value when the recv returns several);
--host-outputs D.npz receives device-to-host sends as `ch<C>_dev<D>_<k>`
(`_<i>` likewise).
"""

from __future__ import annotations

import re
import sys
from typing import Any

import click
import numpy as np

from hlopt.run_hir import save_npz


def _fmt_shape(shape: tuple) -> str:
    return "x".join(map(str, shape)) if shape else "scalar"


def summary(module, per_device: list, glob: list, entry: str, print_values: bool) -> str:
    from hlopt.interp.api import signature
    from hlopt.kernels.values import Token, checksum

    sig = signature(module, entry, len(per_device))
    lines = []
    for i, t in enumerate(sig.result_types):
        lines.append(f"result{i}: {t.text}")
        for d, res in enumerate(per_device):
            v = res[i]
            if isinstance(v, (Token, tuple)):
                lines.append(f"  device {d}: {type(v).__name__.lower()}")
                continue
            a = np.asarray(v)
            line = f"  device {d}: {_fmt_shape(a.shape)} {a.dtype} checksum {checksum(a)}"
            if print_values:
                line += " = " + _values(a)
            lines.append(line)
        if print_values and not isinstance(glob[i], (Token, tuple)):
            lines.append("  global: " + _values(np.asarray(glob[i])))
    return "\n".join(lines) + "\n"


def _values(a: np.ndarray) -> str:
    return np.array2string(a, threshold=100_000, max_line_width=10_000, separator=", ").replace("\n", "")


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("path", default="-", metavar="FILE")
@click.option("--num-partitions", type=click.IntRange(min=1), default=None,
              help="Default: the module's mhlo.num_partitions (else 1).")
@click.option("--num-replicas", type=click.IntRange(min=1), default=None,
              help="Default: the module's mhlo.num_replicas (else 1).")
@click.option("--entry", default="main", show_default=True, help="Function to run.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True, help="Seed of the random inputs.")
@click.option("--inputs", "inputs_path", metavar="X.NPZ", default=None,
              help="Global inputs as arg0, arg1, ... or by parameter name (instead of random ones); "
                   "dtypes must match exactly.")
@click.option("--cast-inputs", is_flag=True, help="Allow --inputs arrays of a dtype that casts safely to the parameter's.")
@click.option("--save-inputs", "save_inputs", metavar="X.NPZ", default=None,
              help="Write the inputs used (arg0, arg1, ...), e.g. the random ones, to reproduce the run.")
@click.option("-o", "output", metavar="OUT.NPZ", default=None, help="Write global results as result0, result1, ...")
@click.option("--host-inputs", "host_inputs_path", metavar="H.NPZ", default=None,
              help="Host messages for host-to-device recvs: ch<C>_<k> (ch<C>_<k>_<i> for several values).")
@click.option("--host-outputs", "host_outputs_path", metavar="D.NPZ", default=None,
              help="Write device-to-host sends as ch<C>_dev<D>_<k> (_<i> for several values).")
@click.option("--max-steps", type=click.IntRange(min=1), default=None, metavar="N",
              help="Op executions per device before giving up (default 10^8).")
@click.option("--max-bytes", type=click.IntRange(min=1), default=None, metavar="N",
              help="Bytes of values the run may hold (default: half the physical memory).")
@click.option("--print-values", is_flag=True, help="Also print each global result.")
@click.option("--allow-unregistered-dialect", is_flag=True, help="Allow ops of unknown dialects.")
def main(path, num_partitions, num_replicas, entry, seed, inputs_path, cast_inputs, save_inputs, output,
         host_inputs_path, host_outputs_path, max_steps, max_bytes, print_values, allow_unregistered_dialect):
    """Run FILE's entry function on simulated devices with numpy."""
    sys.exit(run(path, num_partitions, num_replicas, entry, seed, inputs_path, output, print_values,
                 allow_unregistered_dialect, host_inputs_path, host_outputs_path, cast_inputs=cast_inputs,
                 save_inputs=save_inputs, max_steps=max_steps, max_bytes=max_bytes))


_HOST_KEY = re.compile(r"ch(\d+)_(\d+)(?:_(\d+))?$")


def host_messages(data: Any) -> dict[int, list]:
    """{channel: [message, ...]} from the arrays of an .npz ({key: array})
    of ch<C>_<k>[_<i>] arrays."""
    parts: dict[int, dict[int, dict[int, np.ndarray]]] = {}
    for key in sorted(data):
        m = _HOST_KEY.match(key)
        if m is None:
            raise ValueError(f"'{key}' is not ch<C>_<k> or ch<C>_<k>_<i>")
        c, k, i = int(m.group(1)), int(m.group(2)), m.group(3)
        parts.setdefault(c, {}).setdefault(k, {})[-1 if i is None else int(i)] = data[key]
    out: dict[int, list] = {}
    for c, msgs in parts.items():
        if sorted(msgs) != list(range(len(msgs))):
            raise ValueError(f"channel {c}: messages {sorted(msgs)} are not numbered 0, 1, ...")
        out[c] = [v[-1] if -1 in v else [v[i] for i in sorted(v)] for _, v in sorted(msgs.items())]
    return out


def _arrays(values: list, prefix: str) -> dict:
    """{prefix<i>: array} of the array values (tokens and tuples have no .npz form)."""
    from hlopt.kernels.values import Token

    return {f"{prefix}{i}": np.asarray(v) for i, v in enumerate(values) if not isinstance(v, (Token, tuple))}


def run(path: str, num_partitions: int | None, num_replicas: int | None, entry: str, seed: int,
        inputs_path: str | None, output: str | None, print_values: bool, allow_unregistered: bool,
        host_inputs_path: str | None = None, host_outputs_path: str | None = None, *,
        cast_inputs: bool = False, save_inputs: str | None = None, max_steps: int | None = None,
        max_bytes: int | None = None) -> int:
    from hlopt.driver import op_diag
    from hlopt.interp import assemble, interpret, random_inputs
    from hlopt.interp.api import entry_function
    from hlopt.interp.inputs import InputError, bind_inputs, read_npz
    from hlopt.interp.limits import DEFAULT_MAX_STEPS, Limits
    from hlopt.ir.core import IRError
    from hlopt.ir.verifier import verify
    from hlopt.kernels.values import InterpError
    from hlopt.syntax.diagnostics import DiagnosticError, render
    from hlopt.syntax.parser import parse_source
    from hlopt.syntax.source import Source

    if path == "-":
        name, text = "<stdin>", sys.stdin.read()
    else:
        try:
            with open(path, encoding="utf-8", errors="surrogateescape") as f:
                name, text = path, f.read()
        except OSError as e:
            click.echo(f"error: could not open input file '{path}': {e.strerror}", err=True)
            return 2
    src = Source(name, text)
    try:
        module, _ = parse_source(src, allow_unregistered)
        verify(module)
    except DiagnosticError as e:
        render(e.diagnostics)
        return 1
    except IRError as e:
        render([op_diag(e, src)])
        return 1
    from hlopt.analysis.hir_run import is_hir_module

    if is_hir_module(module):  # nvFuser-style fusion or host program: the hir evaluator runs it
        from hlopt.run_hir import run_hir

        return run_hir(module, src, entry, seed, inputs_path, output, print_values, num_partitions)
    limits = Limits(max_steps or DEFAULT_MAX_STEPS, max_bytes)
    try:
        if inputs_path is not None:
            try:
                args = bind_inputs(entry_function(module, entry), read_npz(inputs_path, limits.bytes_limit()),
                                   cast_inputs)
            except InputError as e:
                click.echo(f"error: inputs '{inputs_path}': {e}", err=True)
                return 1
        else:
            args = random_inputs(module, seed, entry, limits)
        if save_inputs is not None and save_npz(save_inputs, _arrays(args, "arg")):
            return 1
        host_inputs = None
        if host_inputs_path is not None:
            try:
                host_inputs = host_messages(read_npz(host_inputs_path, limits.bytes_limit()))
            except ValueError as e:  # InputError too
                click.echo(f"error: host inputs '{host_inputs_path}': {e}", err=True)
                return 1
        host_outputs: dict = {}
        per = interpret(module, args, num_partitions, num_replicas, entry, host_inputs=host_inputs,
                        host_outputs=host_outputs, limits=limits)
        glob = assemble(module, per, entry)
    except InterpError as e:
        d = op_diag(IRError(e.message, e.op if hasattr(e.op, "location") else None, notes=e.notes), src)
        render([d])
        return 1
    except MemoryError:  # outside any op (reading or assembling arrays): still one line, not a traceback
        click.echo("error: out of memory (--max-bytes stops a run before it allocates too much)", err=True)
        return 1
    sys.stdout.write(summary(module, per, glob, entry, print_values))
    if output is not None:
        if save_npz(output, _arrays(glob, "result")):
            return 1
    if host_outputs_path is not None:
        sent = {}
        for c, by_dev in sorted(host_outputs.items()):
            for d, msgs in sorted(by_dev.items()):
                for k, payload in enumerate(msgs):
                    if len(payload) == 1:
                        sent[f"ch{c}_dev{d}_{k}"] = payload[0]
                    else:
                        sent.update({f"ch{c}_dev{d}_{k}_{i}": v for i, v in enumerate(payload)})
        if save_npz(host_outputs_path, sent):
            return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    main()
