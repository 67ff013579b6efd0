"""Running a module on N x R simulated devices.

Values outside manual code are global (every device holds the whole
array, as in GSPMD's global view); entry arguments are given as global
arrays. Each device's entry results are its blocks of the global results
under the result shardings, which is what XLA's SPMD executable returns per
device; `assemble` rebuilds global arrays from them as jax does.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import numpy as np

from hlopt.interp.limits import Limits, fmt_bytes, thread_stack, type_bytes
from hlopt.interp.machine import DeviceContext, Program
from hlopt.interp.runtime import Aborted, Host, Runtime
from hlopt.ir.interfaces import CallableOpInterface
from hlopt.kernels.sharding import Layout, Mesh, parse_mesh, value_layout
from hlopt.kernels.values import InterpError, Token, random_value


def module_counts(module: Any) -> tuple[int, int]:
    p = module.get_attr("mhlo.num_partitions")
    r = module.get_attr("mhlo.num_replicas")
    return (int(p.value) if p is not None else 1, int(r.value) if r is not None else 1)


def entry_function(module: Any, entry: str = "main") -> Any:
    for r in module.regions:
        for b in r.blocks:
            for op in b.ops:
                sym = op.get_attr("sym_name")
                d = op.opdef
                if sym is not None and sym.value == entry and d is not None and issubclass(d, CallableOpInterface):
                    return op
    raise InterpError(f"no function named '@{entry}' to run")


def _meshes(module: Any) -> dict[str, Mesh]:
    out = {}
    for r in module.regions:
        for b in r.blocks:
            for op in b.ops:
                if op.get_attr("mesh") is not None and op.get_attr("sym_name") is not None:  # sdy.mesh
                    out[op.get_attr("sym_name").value] = parse_mesh(op.get_attr("mesh").text)
    return out


def _attr_list(func: Any, name: str, n: int) -> list:
    a = func.get_attr(name)
    if a is None:
        return [None] * n
    return list(a.elements)


@dataclass
class Signature:
    arg_types: list
    result_types: list
    arg_layouts: list
    result_layouts: list


def signature(module: Any, entry: str, num_devices: int) -> Signature:
    f = entry_function(module, entry)
    ft = f.get_attr("function_type").type
    meshes = _meshes(module)

    def layouts(types: list, attrs: list) -> list:
        out: list[Layout | None] = []
        for t, a in zip(types, attrs):
            shape = getattr(t, "shape", None)
            out.append(None if shape is None else value_layout(a, len(shape), num_devices, meshes))
        return out

    ins, outs = list(ft.inputs), list(ft.results)
    return Signature(ins, outs, layouts(ins, _attr_list(f, "arg_attrs", len(ins))),
                     layouts(outs, _attr_list(f, "res_attrs", len(outs))))


def random_inputs(module: Any, seed: int = 0, entry: str = "main", limits: Limits | None = None) -> list:
    """Seeded random global arguments for the entry function, each drawn in
    its own dtype; an argument over the byte limit is an error before any
    allocation."""
    f = entry_function(module, entry)
    limit = (limits or Limits()).bytes_limit()
    types = list(f.get_attr("function_type").type.inputs)
    total = 0
    for i, t in enumerate(types):
        total += type_bytes(t) or 0
        if total > limit:
            raise InterpError(f"random inputs up to argument {i} ({t.text}) need {fmt_bytes(total)}, over the "
                              f"memory limit of {fmt_bytes(limit)} (--max-bytes {limit})", f)
    rng = np.random.default_rng(seed)
    try:
        return [random_value(t, rng) for t in types]
    except InterpError as e:
        if e.op is None:
            e.op = f
        raise


def interpret(module: Any, args: list | None = None, num_partitions: int | None = None,
              num_replicas: int | None = None, entry: str = "main", seed: int = 0,
              host_inputs: dict | None = None, host_outputs: dict | None = None,
              limits: Limits | None = None) -> list[list[Any]]:
    """Run `entry` on num_partitions x num_replicas devices; return, per
    device (replica-major), the list of its results. `args` are global
    arrays (random ones from `seed` when None). Host transfers: a
    host-to-device recv on channel c reads `host_inputs[c]` in order (each
    device from the first message; a message is an array, or a list of
    arrays for a recv of several values); device-to-host sends fill
    `host_outputs` (when given) as {channel: {device: [payload, ...]}}.
    `limits` bounds op executions per device and bytes held (defaults:
    limits.Limits())."""
    func = entry_function(module, entry)
    try:
        return _interpret(module, func, args, num_partitions, num_replicas, entry, seed, host_inputs,
                          host_outputs, limits)
    except InterpError as e:
        if e.op is None:
            e.op = func
        raise


def _interpret(module: Any, func: Any, args: list | None, num_partitions: int | None,
               num_replicas: int | None, entry: str, seed: int, host_inputs: dict | None,
               host_outputs: dict | None, limits: Limits | None) -> list[list[Any]]:
    mp, mr = module_counts(module)
    P = num_partitions or mp
    R = num_replicas or mr
    n = P * R
    sig = signature(module, entry, n)
    if P < 1 or R < 1:
        raise InterpError(f"device counts must be at least 1 (got {P} partitions x {R} replicas)", func)
    if args is None:
        args = random_inputs(module, seed, entry, limits)
    if len(args) != len(sig.arg_types):
        raise InterpError(f"'@{entry}' takes {len(sig.arg_types)} arguments, got {len(args)}", func)
    args = [_coerce(a, t, i, func) for i, (a, t) in enumerate(zip(args, sig.arg_types))]
    stack = thread_stack(n) if n > 1 else 0
    program = Program(module, P, R, limits)
    program.held = sum(a.nbytes for a in args if isinstance(a, np.ndarray))
    host = Host(host_inputs)
    runtime = Runtime(n, host)
    results: list[list[Any] | None] = [None] * n

    def run(d: int) -> None:
        ctx = DeviceContext(program, d, runtime)
        try:
            with np.errstate(all="ignore"):
                out = ctx.call(func, args)
            _check_results(out, sig.result_types, func, d)
            results[d] = [lay.split(v, d) if lay is not None and not isinstance(v, (Token, tuple)) else v
                          for lay, v in zip(sig.result_layouts, out)]
        except InterpError as e:
            if e.op is None:  # e.g. a sharding or type the entry's signature cannot use
                e.op = func
            runtime.fail(e)
        except Aborted:
            pass
        except RecursionError:
            runtime.fail(InterpError("recursion too deep while interpreting", func))
        except MemoryError:
            runtime.fail(InterpError(f"out of memory on device {d} while running '@{entry}' (--max-bytes stops "
                                     "such runs before they allocate)", func))
        except Exception as e:  # never let a device thread die silently
            runtime.fail(InterpError(f"internal error on device {d}: {type(e).__name__}: {e}", func))
        finally:
            runtime.device_done(d)

    if n == 1:
        run(0)
    else:
        old = threading.stack_size()
        threading.stack_size(stack)
        started = []
        try:
            for d in range(n):
                t = threading.Thread(target=run, args=(d,), name=f"hlopt-device-{d}")
                t.start()
                started.append(t)
        except RuntimeError as e:  # the OS refused another thread: stop the started ones, say why
            runtime.fail(InterpError(f"cannot start a thread for device {len(started)} of {n} ({e}); "
                                     f"run fewer devices", func))
            for d in range(len(started), n):
                runtime.device_done(d)
        finally:
            threading.stack_size(old)
        for t in started:
            t.join()
    if host_outputs is not None:
        host_outputs.update(host.outputs)
    if runtime.error is not None:
        raise runtime.error
    return [r if r is not None else [] for r in results]


def _coerce(a: Any, t: Any, i: int, func: Any) -> Any:
    if isinstance(a, (Token, tuple)):
        return a
    from hlopt.kernels.values import dtype_of

    arr = np.asarray(a)
    shape = tuple(t.shape) if hasattr(t, "shape") else ()  # scalars (i1, index, f32) are 0-d
    if arr.shape != shape:
        raise InterpError(f"argument {i} has shape {arr.shape}, '@main' expects {shape}", func)
    want = dtype_of(t)
    out = arr.astype(want, copy=False) if arr.dtype.kind != "c" or want.kind == "c" else None
    # the convenience cast (Python ints and floats) must not change values silently:
    # no imaginary part dropped, no integer wrapped around
    lossy = out is None or (arr.dtype.kind in "iub" and out.dtype.kind in "iub"
                            and not np.array_equal(out.astype(arr.dtype), arr))
    if lossy:
        raise InterpError(f"argument {i} of dtype {arr.dtype} does not fit '{t.text}' without changing values",
                          func)
    return out


def assemble(module: Any, per_device: list[list[Any]], entry: str = "main") -> list:
    """Global result arrays from per-device results, as jax assembles an
    SPMD executable's outputs (replicated results: device 0's copy)."""
    n = len(per_device)
    try:
        sig = signature(module, entry, n)
        out = []
        for i, (t, lay) in enumerate(zip(sig.result_types, sig.result_layouts)):
            vals = {d: per_device[d][i] for d in range(n)}
            if lay is None or isinstance(vals[0], (Token, tuple)):
                out.append(vals[0])
            else:
                out.append(lay.assemble(vals, tuple(t.shape)))
        return out
    except InterpError as e:
        if e.op is None:
            e.op = _return_of(entry_function(module, entry))
        raise
    except (ValueError, IndexError, MemoryError) as e:  # per-device blocks that do not tile the result
        raise InterpError(f"cannot assemble the global results of '@{entry}': {type(e).__name__}: {e}",
                          _return_of(entry_function(module, entry))) from e


def _check_results(out: list, types: list, func: Any, d: int) -> None:
    """The entry's results as its type says (a wrong shape would only show
    later, as a failure to split or assemble)."""
    if len(out) != len(types):
        raise InterpError(f"'@{func.get_attr('sym_name').value}' returned {len(out)} values on device {d}, its "
                          f"type has {len(types)}", _return_of(func))
    for i, (v, t) in enumerate(zip(out, types)):
        shape = getattr(t, "shape", None)
        if isinstance(v, (Token, tuple)) or shape is None:
            continue
        got = np.shape(v)
        if len(got) != len(shape) or any(s is not None and s >= 0 and s != g for s, g in zip(shape, got)):
            raise InterpError(f"result {i} on device {d} has shape {got}, '@{func.get_attr('sym_name').value}' "
                              f"returns '{t.text}'", _return_of(func))


def _return_of(func: Any) -> Any:
    body = func.regions[0].blocks if func.regions else []
    return body[-1].last_op if body and body[-1].last_op is not None else func
