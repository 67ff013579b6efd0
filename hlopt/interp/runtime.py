"""The collective runtime: a rendezvous among device threads.

Each simulated device runs in its own thread. Collectives meet at a key
(the op, its execution count on the device, the process group); send/recv
go through FIFO mailboxes per (channel, source, target). When every live
device is blocked, nothing can make progress: the runtime reports the
deadlock (naming the waiting ops) instead of hanging.
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Any

from hlopt.kernels.values import InterpError


class Aborted(Exception):
    """Raised in a device thread when another device failed."""


class Host:
    """The host end of host transfers (send/recv with is_host_transfer).

    A host-to-device recv on channel c reads the host's messages for c in
    order, each device from the first (the host sends the same sequence to
    every device); a device-to-host send appends its payload to the device's
    list for c in `outputs` ({channel: {device: [payload, ...]}})."""

    def __init__(self, inputs: Any = None):
        self.inputs = None if inputs is None else {int(c): list(v) for c, v in inputs.items()}
        self.read: dict[tuple[int, int], int] = {}
        self.outputs: dict[int, dict[int, list]] = {}
        self.lock = threading.Lock()

    def recv(self, channel: int, device: int, op: Any) -> Any:
        if self.inputs is None or channel not in self.inputs:
            raise InterpError(f"host-to-device recv on channel {channel} has no host data (give it with "
                              f"interpret(..., host_inputs={{{channel}: [...]}}) or hlopt-run --host-inputs)", op)
        with self.lock:
            k = self.read.get((channel, device), 0)
            msgs = self.inputs[channel]
            if k >= len(msgs):
                raise InterpError(f"host-to-device recv on channel {channel}: the host gave {len(msgs)} "
                                  f"message(s) and device {device} reads message #{k + 1}", op)
            self.read[(channel, device)] = k + 1
            return msgs[k]

    def send(self, channel: int, device: int, payload: list) -> None:
        with self.lock:
            self.outputs.setdefault(channel, {}).setdefault(device, []).append(payload)


class Runtime:
    def __init__(self, num_devices: int, host: Host | None = None):
        self.cv = threading.Condition()
        self.live = num_devices
        self.waiting: dict[int, tuple] = {}  # device -> (op, what, extra, ready)
        self.slots: dict[Any, dict[int, Any]] = {}
        self.readers: dict[Any, int] = {}
        self.mail: dict[tuple, deque] = {}
        self.error: InterpError | None = None
        self.host = host if host is not None else Host()

    # -- lifecycle --------------------------------------------------------------
    def device_done(self, device: int) -> None:
        with self.cv:
            self.live -= 1
            self._check_deadlock()
            self.cv.notify_all()

    def fail(self, err: InterpError) -> None:
        with self.cv:
            if self.error is None:
                self.error = err
            self.cv.notify_all()

    def _wait(self, device: int, op: Any, what: str, ready: Any, extra: Any = None) -> None:
        """Block until ready() (holding self.cv)."""
        if ready():
            return
        self.waiting[device] = (op, what, extra, ready)
        try:
            self._check_deadlock()
            while not ready():
                if self.error is not None:
                    raise Aborted()
                self.cv.wait()
            if self.error is not None and not ready():
                raise Aborted()
        finally:
            self.waiting.pop(device, None)

    def _check_deadlock(self) -> None:
        if self.error is not None or not self.waiting or len(self.waiting) < self.live:
            return
        # a waiter whose condition already holds was notified but has not run yet
        if any(w[3]() for w in self.waiting.values()):
            return
        # every live device waits: report the first recv, else the first collective
        items = sorted(((d, w[:3]) for d, w in self.waiting.items()), key=lambda kv: kv[0])
        recvs = [(d, w) for d, w in items if w[1] == "recv"]
        dev, (op, what, extra) = (recvs or items)[0]
        if what == "recv":
            channel, src, notes = extra
            msg = (f"recv without matching send: device {dev} waits for a message from device {src} "
                   f"on channel {channel}, and no device will send it")
            err = InterpError(msg, op, notes() if notes is not None else [])
        else:
            others = sorted(d for d, w in items if w[0] is not op)
            msg = (f"deadlock: device {dev} waits in '{op.name}' for devices of its group that never reach it"
                   + (f" (devices {others} wait elsewhere)" if others else ""))
            err = InterpError(msg, op)
        self.error = err
        self.cv.notify_all()

    # -- collectives --------------------------------------------------------------
    def exchange(self, key: Any, group: tuple[int, ...], device: int, value: Any, op: Any) -> dict[int, Any]:
        """Post `value` for `key`; return {device: value} for the whole group."""
        if len(group) == 1:
            return {device: value}
        with self.cv:
            if self.error is not None:
                raise Aborted()
            slot = self.slots.setdefault(key, {})
            slot[device] = value
            n = len(group)
            if len(slot) == n:
                self.cv.notify_all()
            else:
                self._wait(device, op, "collective", lambda: len(slot) == n)
            left = self.readers.get(key, n) - 1
            if left == 0:
                self.slots.pop(key, None)
                self.readers.pop(key, None)
            else:
                self.readers[key] = left
            return slot

    # -- point to point -------------------------------------------------------------
    def send(self, channel: Any, src: int, dst: int, value: Any) -> None:
        with self.cv:
            self.mail.setdefault((channel, src, dst), deque()).append(value)
            self.cv.notify_all()

    def recv(self, channel: Any, src: int, dst: int, device: int, op: Any, notes: Any = None) -> Any:
        """Block for the next message from `src`; `notes()` explains a
        deadlock (the sends that could have fed this recv)."""
        with self.cv:
            if self.error is not None:
                raise Aborted()
            q = self.mail.setdefault((channel, src, dst), deque())
            self._wait(device, op, "recv", lambda: bool(q), (channel, src, notes))
            return q.popleft()
