"""Execute StableHLO text with XLA (jaxlib) SPMD on N host CPU devices.

`run_xla(text, args, ...)` runs in a child process (some invalid inputs
abort XLA, and a collective not every device reaches hangs), with
XLA_FLAGS=--xla_force_host_platform_device_count=8. The child lives for the
whole session and serves one run after another (importing jax is ~0.7 s of
CPU, more than most runs); it is replaced after a run that fails, aborts or
times out, so no failure leaks into the next run. The child compiles
with the backend client's compile_and_load (CompileOptions: num_partitions,
use_spmd_partitioning, use_shardy_partitioner when the module has sdy ops,
a replicas x partitions device assignment), puts each global argument on
the devices with the parameter sharding XLA chose (jax.device_put splits
it), and returns both the per-device outputs and the global outputs
assembled with the output shardings, as jax does.

These are private jax APIs: the oracle extra pins jax/jaxlib 0.10.2.
"""

from __future__ import annotations

import atexit
import json
import os
import select
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass
class XlaResult:
    per_device: list[list[np.ndarray]]  # [device][output]
    global_: list[np.ndarray]


class XlaError(Exception):
    pass


def xla_available() -> bool:
    try:
        import jax  # noqa: F401
        import jaxlib  # noqa: F401
    except ImportError:
        return False
    return True


def run_xla(text: str, args: list[np.ndarray], num_partitions: int = 1, num_replicas: int = 1,
            spmd: bool | None = None, timeout: float = 300) -> XlaResult:
    if spmd is None:
        spmd = num_partitions > 1 and ("mhlo.sharding" in text or "sdy." in text)
    with tempfile.TemporaryDirectory(prefix="hlopt-xla-") as d:
        with open(os.path.join(d, "module.mlir"), "w") as f:
            f.write(text)
        _savez(os.path.join(d, "inputs.npz"), {f"arg{i}": np.asarray(a) for i, a in enumerate(args)})
        with open(os.path.join(d, "meta.json"), "w") as f:
            json.dump({"num_partitions": num_partitions, "num_replicas": num_replicas, "spmd": spmd,
                       "nargs": len(args)}, f)
        _WORKER.run(d, timeout)
        out = _load(os.path.join(d, "outputs.npz"))
        n = num_partitions * num_replicas
        nout = int(out["nout"])
        per = [[out[f"d{dev}_{i}"] for i in range(nout)] for dev in range(n)]
        glob = [out[f"g{i}"] for i in range(nout)]
        return XlaResult(per, glob)


class _Worker:
    """The long-lived child: reads a directory per line on stdin, runs it,
    answers OK or ERR on its own pipe; its stderr goes to a file read from
    where the run began, for the error message."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None
        self.log = None

    def _start(self) -> None:
        env = dict(os.environ)
        # cheap LLVM code generation: the oracle compiles big modules once and runs them once;
        # no excess precision, so bf16/f8 ops round as the spec says (docs/interpreter.md)
        env["XLA_FLAGS"] = (env.get("XLA_FLAGS", "") + " --xla_force_host_platform_device_count=8"
                            " --xla_backend_optimization_level=0 --xla_llvm_disable_expensive_passes=true"
                            " --xla_allow_excess_precision=false").strip()
        env["JAX_PLATFORMS"] = "cpu"
        self.log = tempfile.TemporaryFile(mode="w+", prefix="hlopt-xla-stderr-")
        self.proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--serve"], env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True)

    def stop(self) -> None:
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            self.proc.stdin.close()
            self.proc.stdout.close()
            self.log.close()
        self.proc = None

    def run(self, d: str, timeout: float) -> None:
        if self.proc is None or self.proc.poll() is not None:
            self.stop()
            self._start()
        self.log.seek(0, os.SEEK_END)
        start = self.log.tell()
        try:
            self.proc.stdin.write(d + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass  # it died: reported below
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            self.stop()
            raise XlaError(f"XLA did not finish within {timeout} s")
        answer = self.proc.stdout.readline().strip()
        if answer == "OK":
            return
        if answer != "ERR":  # no answer: it exited (an abort, a crash)
            self.proc.wait()
        code = self.proc.poll()
        self.log.seek(start)
        tail = self.log.read().strip().splitlines()[-15:]
        self.stop()  # the next run gets a fresh child
        raise XlaError(f"XLA child exited with {1 if code is None else code}:\n" + "\n".join(tail))


_WORKER = _Worker()
atexit.register(_WORKER.stop)


def _savez(path: str, arrays: dict[str, Any]) -> None:
    """np.savez, with ml_dtypes arrays (bf16, f8: numpy stores them as opaque
    void) saved as their bits plus the dtype's name."""
    out: dict[str, Any] = {}
    for k, a in arrays.items():
        a = np.asarray(a)
        if a.dtype.kind == "V" or type(a.dtype).__module__.startswith("ml_dtypes"):
            out[f"{k}__bits"] = a.view(f"u{a.dtype.itemsize}")
            out[f"{k}__dtype"] = np.array(a.dtype.name)
        else:
            out[k] = a
    np.savez(path, **out)


def _load(path: str) -> dict[str, np.ndarray]:
    import ml_dtypes  # noqa: F401  (registers the dtype names with numpy)

    z = np.load(path)
    out = {}
    for k in z.files:
        if k.endswith("__bits"):
            name = k[:-6]
            out[name] = z[k].view(np.dtype(str(z[f"{name}__dtype"])))
        elif not k.endswith("__dtype"):
            out[k] = z[k]
    return out


def _child(d: str) -> None:
    import jax
    from jax._src import xla_bridge as xb
    from jax._src.lax import linalg  # importing registers the LAPACK FFI targets with the CPU client
    from jax._src.lib import xla_client as xc
    from jax._src.sharding_impls import GSPMDSharding

    with open(os.path.join(d, "meta.json")) as f:
        meta = json.load(f)
    with open(os.path.join(d, "module.mlir")) as f:
        text = f.read()
    P, R = meta["num_partitions"], meta["num_replicas"]
    n = P * R
    inputs = _load(os.path.join(d, "inputs.npz"))
    args = [inputs[f"arg{i}"] for i in range(meta["nargs"])]
    backend = xb.get_backend("cpu")
    devs = tuple(backend.devices()[:n])
    o = xc.CompileOptions()
    o.num_partitions, o.num_replicas = P, R
    bo = o.executable_build_options
    bo.num_partitions, bo.num_replicas = P, R
    bo.use_spmd_partitioning = bool(meta["spmd"])
    bo.use_shardy_partitioner = "sdy." in text
    # favour compile time: the oracle runs small inputs once
    bo.exec_time_optimization_effort = -1.0
    da = xc.DeviceAssignment.create(np.arange(n, dtype=np.int32).reshape(R, P))
    o.device_assignment = da
    bo.device_assignment = da
    if "lapack_" in text:
        # the targets' LAPACK function pointers are bound lazily (jax does it when it lowers a
        # linalg op or deserializes an export); without this a LAPACK custom call jumps to null
        linalg.initialize_lapack()
    exe = backend.compile_and_load(text, xc.DeviceList(devs), o)
    hs = exe.get_parameter_shardings()
    if hs is None:
        hs = [None] * len(args)
    bufs = []
    for a, h in zip(args, hs):
        if h is None:
            bufs.append(jax.make_array_from_single_device_arrays(
                a.shape, GSPMDSharding.get_replicated(devs), [jax.device_put(a, dv) for dv in devs]))
        else:
            bufs.append(jax.device_put(a, GSPMDSharding(devs, xc.HloSharding.from_proto(h))))
    res = exe.execute_sharded(bufs)
    outs = res.disassemble_into_single_device_arrays()
    osh = exe.get_output_shardings()
    saved: dict[str, Any] = {"nout": np.array(len(outs))}
    for i, per in enumerate(outs):
        by_dev = {x.devices().pop(): x for x in per}
        for k, dv in enumerate(devs):
            saved[f"d{k}_{i}"] = np.asarray(by_dev[dv])
        if osh is not None:
            s = GSPMDSharding(devs, xc.HloSharding.from_proto(osh[i]))
            gshape = _global_shape(per, s, devs)
            idx = s.devices_indices_map(gshape)
            g = np.zeros(gshape, np.asarray(per[0]).dtype)
            for dv in devs:
                g[idx[dv]] = np.asarray(by_dev[dv])
            saved[f"g{i}"] = g
        else:
            saved[f"g{i}"] = np.asarray(by_dev[devs[0]])
    _savez(os.path.join(d, "outputs.npz"), saved)


def _global_shape(per: list, s: Any, devs: tuple) -> tuple[int, ...]:
    """Global shape from the local shape and the sharding's tile counts."""
    local = np.asarray(per[0]).shape
    hs = s._hlo_sharding
    if hs.is_replicated() or hs.is_manual() or hs.is_maximal():
        return tuple(local)
    tiles = hs.tile_assignment_dimensions()
    return tuple(int(a) * int(t) for a, t in zip(local, tiles))


def _serve() -> None:
    """The worker's loop; stdout is the answer pipe only (anything the runs
    print goes to stderr)."""
    import traceback

    answers = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    for line in sys.stdin:
        try:
            _child(line.strip())
        except BaseException:
            traceback.print_exc()
            sys.stderr.flush()
            answers.write("ERR\n")
        else:
            answers.write("OK\n")
        answers.flush()


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve"]:
        _serve()
    else:
        _child(sys.argv[1])
