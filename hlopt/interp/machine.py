"""The executor: per-block plans of (rule, op, operands, results) and the
per-device context rules run in.

An op's rule is its definition's `interpret` classmethod,

    interpret(op, args: list, ctx: DeviceContext) -> list   # one value per result

A block ends in a return-like terminator (its operands are the block's
values) or in a branch, whose `interpret` returns `(successor index,
values for that block's arguments)`; a region runs from its entry block
until a block returns. A block's plan is built once per interpreter (the
rule looked up, operand and result lists frozen), so running an op costs a
dict lookup per operand, one call and a dict store per result.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from hlopt.interp.limits import Limits, fmt_bytes, type_bytes
from hlopt.interp.runtime import Aborted
from hlopt.kernels.values import InterpError


def _no_rule(op: Any, args: list, ctx: Any) -> list:
    raise InterpError(f"the interpreter cannot run '{op.name}'", op)


class Program:
    """Module-wide, device-independent state: plans, decoded attributes,
    symbols."""

    def __init__(self, module: Any, num_partitions: int, num_replicas: int, limits: Limits | None = None):
        self.module = module
        self.limits = limits or Limits()
        self.max_steps = self.limits.max_steps
        self.max_bytes = self.limits.bytes_limit()
        self.held = 0  # bytes the devices' environments may hold (static result types, each value once)
        self.lock = threading.Lock()
        self.block_bytes: dict[Any, tuple] = {}
        self.num_partitions = num_partitions
        self.num_replicas = num_replicas
        self.plans: dict[Any, tuple] = {}
        self.cache: dict[Any, Any] = {}
        self.symbols: dict[str, Any] = {}
        self.rules: dict[str, Any] = {}  # op name -> its definition's interpret (or _no_rule)
        for r in module.regions:
            for b in r.blocks:
                for op in b.ops:
                    sym = op.get_attr("sym_name")
                    if sym is not None:
                        self.symbols[sym.value] = op

    def reserve(self, block: Any, what: str) -> None:
        """Account for the values `block` defines (first run on a device);
        a located error, before anything is allocated, when one of them or
        the running total exceeds the byte limit."""
        sizes = self.block_bytes.get(block)
        if sizes is None:
            sizes = self.block_bytes[block] = tuple(
                (op, sum(b for b in (type_bytes(r.type) for r in op.results) if b is not None))
                for op in block.ops if op.results)
        limit = self.max_bytes
        with self.lock:
            for op, n in sizes:
                if n > limit:
                    raise InterpError(f"'{op.name}' would allocate {fmt_bytes(n)}, over the memory limit of "
                                      f"{fmt_bytes(limit)} (--max-bytes {limit})", op)
                self.held += n
                if self.held > limit:
                    raise InterpError(f"'{op.name}' would bring the values held by {what} to {fmt_bytes(self.held)}, "
                                      f"over the memory limit of {fmt_bytes(limit)} (--max-bytes {limit})", op)

    def rule(self, op: Any) -> Any:
        fn = self.rules.get(op.name)
        if fn is None:
            d = op.opdef
            fn = self.rules[op.name] = getattr(d, "interpret", None) or _no_rule
        return fn

    def plan(self, block: Any) -> tuple:
        """(steps, returned values, branch step or None) for a block."""
        p = self.plans.get(block)
        if p is None:
            steps = []
            term: tuple = ()
            branch = None
            for op in block.ops:
                if op.next_op is None and _returns(op):
                    term = tuple(op.operands)
                    break
                if op.next_op is None and op.successors:
                    branch = (self.rule(op), op, tuple(op.operands))
                    break
                steps.append((self.rule(op), op, tuple(op.operands), tuple(op.results)))
            p = (tuple(steps), term, branch)
            self.plans[block] = p
        return p


class DeviceContext:
    """What a rule sees of the device running it."""

    __slots__ = ("program", "device", "partition_id", "replica_id", "runtime", "counts", "env", "lifted", "steps",
                 "seen")

    def __init__(self, program: Program, device: int, runtime: Any):
        self.program = program
        self.device = device
        self.partition_id = device % program.num_partitions
        self.replica_id = device // program.num_partitions
        self.runtime = runtime
        self.counts: dict[Any, int] = {}
        self.env: dict[Any, Any] = {}
        self.lifted = False
        self.steps = 0  # ops run on this device, against program.max_steps
        self.seen: set = set()  # blocks whose values are accounted in program.held

    @property
    def num_partitions(self) -> int:
        return self.program.num_partitions

    @property
    def num_replicas(self) -> int:
        return self.program.num_replicas

    @property
    def num_devices(self) -> int:
        return self.program.num_partitions * self.program.num_replicas

    def cached(self, op: Any, fn: Callable[[Any], Any]) -> Any:
        # keyed by the decoding function's code too, so one op can cache
        # several facts (lambdas defined at one place share their code)
        c = self.program.cache
        key = (op, fn.__code__)
        v = c.get(key)
        if v is None:
            v = c[key] = fn(op)
        return v

    def next_count(self, op: Any) -> int:
        """How many times this device has run `op` before (matches the
        same execution of a collective across devices)."""
        n = self.counts.get(op, 0)
        self.counts[op] = n + 1
        return n

    # -- execution ------------------------------------------------------------------
    def _apply(self, fn: Any, op: Any, ins: tuple) -> Any:
        env = self.env
        try:
            return fn(op, [env[v] for v in ins], self)
        except InterpError as e:
            if e.op is None:
                e.op = op
            raise
        except (Aborted, RecursionError):
            raise
        except KeyError as e:
            raise InterpError(f"'{op.name}' uses a value that was not computed", op) from e
        except MemoryError as e:
            raise InterpError(f"'{op.name}' ran out of memory (--max-bytes stops such runs before they allocate)",
                              op) from e
        except (ValueError, OverflowError) as e:
            if not _too_large(e):
                raise InterpError(f"'{op.name}' failed: {type(e).__name__}: {e}", op) from e
            raise InterpError(f"'{op.name}' needs an array too large for numpy ({e})", op) from e
        except Exception as e:  # a rule's failure on this input is a located error, not a traceback
            raise InterpError(f"'{op.name}' failed: {type(e).__name__}: {e}", op) from e

    def run_block(self, block: Any, args: Any) -> list:
        """Run a block to its end; a block ending in a branch continues in
        the successor blocks until one returns."""
        while True:
            steps, term, branch = self.program.plan(block)
            if block not in self.seen:
                self.seen.add(block)
                self.program.reserve(block, "the devices" if self.program.num_partitions *
                                     self.program.num_replicas > 1 else "the run")
            self.steps += len(steps) + 1
            if self.steps > self.program.max_steps:
                self._too_many_steps(block)
            env = self.env
            for a, v in zip(block.args, args):
                env[a] = v
            for fn, op, ins, outs in steps:
                res = self._apply(fn, op, ins)
                if len(outs) == 1:
                    env[outs[0]] = res[0]
                else:
                    for v, r in zip(outs, res):
                        env[v] = r
            if branch is None:
                return [env[v] for v in term]
            fn, op, ins = branch
            index, args = self._apply(fn, op, ins)
            block = op.successors[index]

    def _too_many_steps(self, block: Any) -> None:
        # name the loop (or other op) whose region keeps running, else the block's last op
        op = block.parent_op
        if op is None or op.get_attr("function_type") is not None:  # a function body: its last op
            op = block.last_op
        n = self.program.max_steps
        raise InterpError(f"'{op.name}' exceeded the step limit of {n} op executions on device {self.device} "
                          f"(--max-steps {n}); the program may not terminate", op)

    def run_region(self, region: Any, args: Any) -> list:
        return self.run_block(region.blocks[0], args)

    def call(self, func: Any, args: Any) -> list:
        """Run a function body in a fresh environment."""
        saved = self.env
        self.env = {}
        try:
            return self.run_region(func.regions[0], args)
        finally:
            self.env = saved

    def lookup(self, name: str) -> Any:
        f = self.program.symbols.get(name)
        if f is None:
            raise InterpError(f"no symbol named '@{name}'")
        return f


def _too_large(e: Exception) -> bool:
    """numpy's words for an allocation it refuses up front."""
    m = str(e)
    return isinstance(e, OverflowError) or any(w in m for w in ("too large", "too big", "Maximum allowed dimension"))


def _returns(op: Any) -> bool:
    """A return-like terminator; an unregistered `<dialect>.return` or
    `.yield` ending a block without results (`mhlo.return`) counts as one."""
    if op.has_trait("ReturnLike"):
        return True
    return (op.opdef is None and not op.results and not op.successors and not op.regions
            and op.name.rsplit(".", 1)[-1] in ("return", "yield"))


def as_array(v: Any) -> np.ndarray:
    return v if isinstance(v, np.ndarray) else np.asarray(v)
