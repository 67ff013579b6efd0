"""Writing `-o` as LLVM's ToolOutputFile does, plus the signal and std-stream
hygiene around it.

- The path the user named is written *through*: a symlink's target is
  written and the link stays; an existing file keeps its permission bits
  (and, where allowed, its owner).
- A regular file is replaced atomically (temporary file in the target's
  directory, then rename), so an interrupted write never leaves half a file.
- Anything else that exists (a character device like /dev/null, a FIFO,
  /dev/stdout, a file with several hard links) is opened and written in
  place: renaming over it would replace the node itself.
- An existing file whose directory we may not write (so no temporary file
  beside it) is written in place, as mlir-opt does; the output is staged in
  an anonymous temporary file first, so a run that fails while producing it
  leaves the file as it was.
- SIGINT/SIGTERM remove a pending temporary file, then the signal is
  re-raised so the exit status is the conventional one (130/143 in a shell).
- Closed std descriptors are reopened on /dev/null at start-up (as LLVM's
  FixupStandardFileDescriptors), so a file hlopt opens never lands on fd 0-2.
"""

from __future__ import annotations

import errno
import os
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Callable
from typing import Union

# temporary files to remove if a signal arrives (LLVM's RemoveFileOnSignal)
_PENDING: set[str] = set()
_LOCK = threading.Lock()


# what is written: the text, or a function that hands it to `write` in pieces
# (the printer's stream), so big outputs never exist as one string
Data = Union[str, bytes, Callable[[Callable[[str], None]], None]]


class StreamClosed(Exception):
    """stdin or stdout was closed by the caller (`0<&-`, `>&-`)."""


def closed_std_fds() -> set[int]:
    """Reopen closed fds 0-2 on /dev/null; return which ones were closed."""
    closed = set()
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            closed.add(fd)
    for fd in sorted(closed):
        try:
            got = os.open(os.devnull, os.O_RDWR)
        except OSError:
            continue
        if got != fd:  # a lower fd was free first; put this one in place
            os.dup2(got, fd)
            os.close(got)
    return closed


def _on_signal(signum: int, frame: object) -> None:
    remove_pending()
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


def install_signal_handlers() -> None:
    """Only the main thread may install handlers; call it from there."""
    for s in (signal.SIGINT, signal.SIGTERM):
        signal.signal(s, _on_signal)


def remove_pending() -> None:
    with _LOCK:
        for p in list(_PENDING):
            try:
                os.unlink(p)
            except OSError:
                pass
        _PENDING.clear()


def _umask() -> int:
    m = os.umask(0o022)
    os.umask(m)
    return m


_SPECIAL = ("/dev/", "/proc/")


def _through_special(path: str) -> bool:
    """Does the path, or any symlink on the way, go through /dev or /proc
    (e.g. /dev/stdout -> /proc/self/fd/1 -> the shell's file)?"""
    p = os.path.abspath(path)
    for _ in range(40):
        if p.startswith(_SPECIAL):
            return True
        if not os.path.islink(p):
            return False
        p = os.path.normpath(os.path.join(os.path.dirname(p), os.readlink(p)))
    return False


def write_output(path: str, data: Data) -> None:
    """Write `data` to the file named `path` (see the module docstring)."""
    try:
        st = os.stat(path)  # follows symlinks
    except FileNotFoundError:
        st = None
    if st is not None and (not stat.S_ISREG(st.st_mode) or st.st_nlink > 1):
        _write_in_place(path, data)
        return
    target = os.path.realpath(path)
    if st is not None and _through_special(path):
        _write_in_place(path, data)  # `-o /dev/stdout >> log`: the shell's file, not a new inode
        return
    try:
        _write_atomic(target, data, st)
    except _NoTempFile:
        _write_staged_in_place(target, data)


class _NoTempFile(Exception):
    """No temporary file can be made beside an existing target."""


def _write_staged_in_place(path: str, data: Data) -> None:
    fd = os.open(path, os.O_WRONLY)  # fails now (before any work) if the file is not writable either
    try:
        try:
            stage = tempfile.TemporaryFile()
        except OSError:
            stage = None
        if stage is None:  # nowhere to stage: write directly, as mlir-opt would
            os.ftruncate(fd, 0)
            _write_all(fd, data)
            return
        with stage:
            _write_all(stage.fileno(), data)
            size = stage.tell()
            stage.seek(0)
            os.ftruncate(fd, 0)
            while size > 0:
                chunk = stage.read(min(size, _CHUNK))
                if not chunk:
                    break
                view = memoryview(chunk)
                while view:
                    view = view[os.write(fd, view):]
                size -= len(chunk)
    finally:
        os.close(fd)


def _write_in_place(path: str, data: Data) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        _write_all(fd, data)
    finally:
        os.close(fd)


_CHUNK = 1 << 20


class _ChunkWriter:
    """Collects str pieces and passes them on encoded, about _CHUNK
    characters at a time: neither the text nor its bytes are ever whole."""

    def __init__(self, put: Callable[[bytes], None]):
        self.put = put
        self.parts: list[str] = []
        self.size = 0

    def write(self, s: str) -> None:
        if len(s) > _CHUNK:
            self.flush()
            for i in range(0, len(s), _CHUNK):
                self.put(s[i:i + _CHUNK].encode("utf-8", "surrogateescape"))
            return
        self.parts.append(s)
        self.size += len(s)
        if self.size >= _CHUNK:
            self.flush()

    def flush(self) -> None:
        if self.parts:
            data = "".join(self.parts)
            self.parts.clear()
            self.size = 0
            self.put(data.encode("utf-8", "surrogateescape"))


def _emit(data: Data, put: Callable[[bytes], None]) -> None:
    if isinstance(data, bytes):
        put(data)
        return
    w = _ChunkWriter(put)
    if isinstance(data, str):
        w.write(data)
    else:
        data(w.write)
    w.flush()


def _write_all(fd: int, data: Data) -> None:
    def put(b: bytes) -> None:
        view = memoryview(b)
        while view:
            n = os.write(fd, view)
            view = view[n:]

    _emit(data, put)


def _write_atomic(target: str, data: Data, st: os.stat_result | None) -> None:
    d = os.path.dirname(target) or "."
    base = os.path.basename(target)
    try:
        fd, tmp = _create_temp(d, base)
    except OSError as e:
        if st is not None and e.errno in (errno.EACCES, errno.EPERM):
            raise _NoTempFile() from e
        raise
    try:
        try:
            mode = stat.S_IMODE(st.st_mode) if st is not None else 0o666 & ~_umask()
            os.fchmod(fd, mode)
            if st is not None:
                try:  # keep the owner where we may (root, or our own file)
                    os.fchown(fd, st.st_uid, st.st_gid)
                except OSError:
                    pass
            _write_all(fd, data)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    finally:
        with _LOCK:
            _PENDING.discard(tmp)
        if os.path.lexists(tmp):
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _create_temp(d: str, base: str) -> tuple[int, str]:
    """O_EXCL-create a temp file, registered for removal *before* it exists,
    so a signal between creation and registration cannot leak it."""
    for _ in range(100):
        tmp = os.path.join(d, f".{base}.hlopt-{os.urandom(4).hex()}")
        with _LOCK:
            _PENDING.add(tmp)
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), tmp
        except FileExistsError:
            with _LOCK:
                _PENDING.discard(tmp)
        except BaseException:
            with _LOCK:
                _PENDING.discard(tmp)
            raise
    raise FileExistsError(f"could not create a temporary file in '{d}'")


def write_stdout(data: Data) -> None:
    out = sys.stdout
    if out is None:
        raise StreamClosed("stdout")
    buf = getattr(out, "buffer", None)
    if buf is None:  # a text-only stream (tests' captured stdout)
        if isinstance(data, str):
            out.write(data)
        else:
            data(out.write)
    else:
        out.flush()
        _emit(data, buf.write)
    out.flush()
