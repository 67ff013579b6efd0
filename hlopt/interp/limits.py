"""Resource limits of an interpreter run: op executions, bytes, threads.

Generous defaults that still end: a loop that never exits stops after
`max_steps` op executions per device, and no value (nor the sum of the
values a run holds) may need more than `max_bytes`, checked from the static
result types *before* the op allocates anything. Each simulated device is a
thread; their stacks must fit the address space.
"""

from __future__ import annotations

import os
import resource
from dataclasses import dataclass
from typing import Any

DEFAULT_MAX_STEPS = 10**8
STACK_BYTES = 64 << 20  # deep IR recurses; shrunk (down to MIN_STACK_BYTES) when many devices must fit
MIN_STACK_BYTES = 16 << 20


def physical_memory() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):  # pragma: no cover - non-POSIX
        return 8 << 30


def address_space_limit() -> int | None:
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    return None if soft == resource.RLIM_INFINITY else soft


def default_max_bytes() -> int:
    """Half the physical memory (or of the address-space limit, if lower)."""
    total = physical_memory()
    rl = address_space_limit()
    if rl is not None:
        total = min(total, rl)
    return total // 2


@dataclass(frozen=True)
class Limits:
    max_steps: int = DEFAULT_MAX_STEPS
    max_bytes: int | None = None  # None: default_max_bytes()

    def bytes_limit(self) -> int:
        return self.max_bytes if self.max_bytes is not None else default_max_bytes()


def type_bytes(t: Any) -> int | None:
    """Bytes a value of static type `t` occupies in the interpreter (None:
    dynamic or no array; tuples sum their parts)."""
    from hlopt.ir.types import ShapedType, TupleType
    from hlopt.kernels.values import InterpError, dtype_of

    if isinstance(t, TupleType):
        parts = [type_bytes(x) for x in t.types]
        return sum(p for p in parts if p is not None)
    shape = getattr(t, "shape", ()) if isinstance(t, ShapedType) else ()
    if shape is None or any(d is None or d < 0 for d in shape):
        return None
    try:
        item = dtype_of(t).itemsize
    except InterpError:
        return None
    n = 1
    for d in shape:
        n *= d
    return n * item


def fmt_bytes(n: int) -> str:
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift:
            return f"{n / (1 << shift):.1f} {unit}"
    return f"{n} B"


def thread_stack(num_devices: int) -> int:
    """Stack size for `num_devices` device threads; raises InterpError when
    they cannot fit half the address-space limit."""
    from hlopt.kernels.values import InterpError

    rl = address_space_limit()
    if rl is None or num_devices * STACK_BYTES <= rl // 2:
        return STACK_BYTES
    per = (rl // 2 // num_devices) & ~0xFFFF
    if per < MIN_STACK_BYTES:
        most = rl // 2 // MIN_STACK_BYTES
        raise InterpError(f"{num_devices} devices need one thread each with a {fmt_bytes(MIN_STACK_BYTES)} stack; "
                          f"the address-space limit ({fmt_bytes(rl)}, ulimit -v) allows at most {most} devices")
    return per
