"""`-o` writes through what the user named (issue 7, item 1): symlinks,
permission bits, devices and FIFOs, signals during the write, closed std
streams. These run the real console entry point in a child process, since
they are about file descriptors, signals and exit statuses."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

GOOD = "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n"
ENTRY = "import sys; from hlopt.cli import main; sys.argv[0] = 'hlopt'; main()"


def hlopt(*args: str, input: str | None = GOOD, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", ENTRY, *args], input=input, capture_output=True, text=True, **kw)


def test_symlink_output_writes_the_target_and_keeps_the_link(tmp_path: Path) -> None:
    target = tmp_path / "real.mlir"
    target.write_text("old\n")
    link = tmp_path / "link.mlir"
    link.symlink_to(target.name)
    r = hlopt("-o", str(link))
    assert r.returncode == 0, r.stderr
    assert link.is_symlink() and os.readlink(link) == target.name
    assert target.read_text().startswith("module {\n  func.func @f")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.mlir", "real.mlir"]


def test_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link.mlir"
    link.symlink_to("made.mlir")
    r = hlopt("-o", str(link))
    assert r.returncode == 0, r.stderr
    assert link.is_symlink() and (tmp_path / "made.mlir").read_text().startswith("module {")


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o755, 0o600])
def test_existing_file_keeps_its_permission_bits(tmp_path: Path, mode: int) -> None:
    out = tmp_path / "out.mlir"
    out.write_text("old\n")
    out.chmod(mode)
    r = hlopt("-o", str(out))
    assert r.returncode == 0, r.stderr
    assert stat.S_IMODE(out.stat().st_mode) == mode
    assert out.read_text().startswith("module {")


def test_new_file_gets_the_umask_mode(tmp_path: Path) -> None:
    out = tmp_path / "new.mlir"
    r = hlopt("-o", str(out), preexec_fn=lambda: os.umask(0o027))
    assert r.returncode == 0, r.stderr
    assert stat.S_IMODE(out.stat().st_mode) == 0o640


def test_hard_linked_file_is_written_in_place(tmp_path: Path) -> None:
    out = tmp_path / "out.mlir"
    out.write_text("old\n")
    other = tmp_path / "other.mlir"
    os.link(out, other)
    r = hlopt("-o", str(out))
    assert r.returncode == 0, r.stderr
    assert other.read_text() == out.read_text() and out.read_text().startswith("module {")


def _null_device(tmp_path: Path) -> str:
    """A private node for /dev/null's device where we may make one (root), so
    a regression replaces that node and never the system's /dev/null."""
    node = tmp_path / "null"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        return str(node)
    except (PermissionError, AttributeError):
        return "/dev/null"  # unprivileged: rename over /dev/null fails anyway


def test_character_device_is_written_not_replaced(tmp_path: Path) -> None:
    dev = _null_device(tmp_path)
    before = os.stat(dev)
    r = hlopt("-o", dev)
    assert r.returncode == 0 and r.stdout == "", r.stderr
    after = os.stat(dev)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev and after.st_ino == before.st_ino
    assert stat.S_IMODE(after.st_mode) == stat.S_IMODE(before.st_mode)


def test_stdout_device_reaches_stdout(tmp_path: Path) -> None:
    # a private link to what /dev/stdout names, so a regression can only
    # replace the link in tmp_path, never the system's /dev/stdout
    link = tmp_path / "stdout"
    link.symlink_to("/proc/self/fd/1")
    r = hlopt("-o", str(link))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("module {\n  func.func @f")
    assert link.is_symlink()


def test_stdout_device_onto_a_file_writes_the_shells_file(tmp_path: Path) -> None:
    """`hlopt -o /dev/stdout > log`: the shell's open file gets the output
    (same inode), it is not replaced by a new file."""
    log = tmp_path / "log"
    log.write_text("first\n")
    ino = log.stat().st_ino
    link = tmp_path / "stdout"
    link.symlink_to("/proc/self/fd/1")
    with open(log, "w") as f:
        r = subprocess.run([sys.executable, "-c", ENTRY, "-o", str(link)], input=GOOD, stdout=f,
                           stderr=subprocess.PIPE, text=True)
    assert r.returncode == 0, r.stderr
    assert log.stat().st_ino == ino and log.read_text().startswith("module {")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log", "stdout"]


def test_fifo_is_opened_and_written(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    r = hlopt("-o", str(fifo))
    reader.join()
    assert r.returncode == 0, r.stderr
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert got and got[0].decode().startswith("module {")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


# A child whose write pauses half-way and signals itself there: the pending
# temporary file must go, the old output must stay, and the status must be
# the signal's own (a shell reports 128+N).
_SIGNAL_MID_WRITE = """
import os, signal, sys, time
import hlopt.output as o
orig = o._write_all
def slow(fd, data):  # data: the text or the printer's stream
    os.write(fd, b"module {{")
    os.kill(os.getpid(), signal.{sig})
    time.sleep(30)
    orig(fd, data)
o._write_all = slow
from hlopt.cli import main
sys.argv[0] = "hlopt"
main()
"""


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGINT"])
def test_signal_during_write_removes_the_temporary_file(tmp_path: Path, sig: str) -> None:
    out = tmp_path / "out.mlir"
    out.write_text("keep me\n")
    r = subprocess.run([sys.executable, "-c", _SIGNAL_MID_WRITE.format(sig=sig), "-o", str(out)], input=GOOD,
                       capture_output=True, text=True)
    assert r.returncode == -getattr(signal, sig), (r.returncode, r.stderr)
    assert out.read_text() == "keep me\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.mlir"]


def test_closed_stdin_is_a_clean_error(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-c", ENTRY], stdin=subprocess.DEVNULL, capture_output=True, text=True, preexec_fn=lambda: os.close(0))
    assert r.returncode == 2
    assert "stdin is closed" in r.stderr and "internal error" not in r.stderr and "Traceback" not in r.stderr


def test_closed_stdout_is_a_clean_error(tmp_path: Path) -> None:
    src = tmp_path / "in.mlir"
    src.write_text(GOOD)
    r = subprocess.run([sys.executable, "-c", ENTRY, str(src)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True, preexec_fn=lambda: os.close(1))
    assert r.returncode == 1
    assert "stdout" in r.stderr and "closed" in r.stderr
    assert "internal error" not in r.stderr and "Traceback" not in r.stderr


def test_closed_stdout_with_o_still_writes_the_file(tmp_path: Path) -> None:
    """With fd 1 closed, the output file must not be opened as fd 1 and
    then receive anything meant for stdout."""
    src, out = tmp_path / "in.mlir", tmp_path / "out.mlir"
    src.write_text(GOOD)
    r = subprocess.run([sys.executable, "-c", ENTRY, str(src), "-o", str(out)], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(1))
    assert r.returncode == 0, r.stderr
    assert out.read_text().startswith("module {")


def test_closed_stderr_keeps_diagnostics_out_of_the_output(tmp_path: Path) -> None:
    out = tmp_path / "out.mlir"
    out.write_text("keep me\n")
    r = subprocess.run([sys.executable, "-c", ENTRY, "-o", str(out)], input='"t.x"() : () -> ()\n',
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                       preexec_fn=lambda: os.close(2))
    assert r.returncode == 1
    assert out.read_text() == "keep me\n"


def test_schedule_and_run_outputs_write_devices_in_place(tmp_path: Path) -> None:
    """--view-schedule=FILE and hlopt-run -o FILE write as -o does: a device
    is written, never replaced by a regular file (as root, a rename over
    /dev/null would replace the system's null device)."""
    from hlopt.analysis.timeline import Timeline
    from hlopt.passes.view_schedule import write_timeline
    from hlopt.run_hir import save_npz as _save_npz

    dev = _null_device(tmp_path)
    before = os.stat(dev)
    write_timeline(Timeline(), dev)
    assert _save_npz(dev, {"x": [1, 2]}) == 0
    after = os.stat(dev)
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino and after.st_rdev == before.st_rdev
    regular = tmp_path / "out.npz"
    assert _save_npz(str(regular), {"x": [1, 2]}) == 0
    import numpy as np

    assert np.load(regular)["x"].tolist() == [1, 2]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["out.npz", *(["null"] if dev != "/dev/null" else [])])
