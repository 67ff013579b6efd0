"""`-o` into a directory we may not write (issue 25, item 7): mlir-opt then
writes an existing, writable file in place, and so does hlopt; the output
is staged first, so a run that fails while producing it leaves the file as
it was. As root, permission bits do not bind, so the writes run in a forked
child that has dropped to an unprivileged user (everything it needs is
imported before the fork)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from hlopt.cli import main
from hlopt.output import write_output

GOOD = "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n"
NOBODY = 65534


@pytest.fixture
def locked_dir():
    """A directory the writer may read but not write; files made in it by
    the test (as their owner) stay writable for the writer when mode 0o666."""
    d = Path(tempfile.mkdtemp(prefix="hlopt-locked-"))
    d.chmod(0o755)
    yield d
    d.chmod(0o755)
    shutil.rmtree(d)


def _lock(d: Path) -> None:
    if os.getuid() != 0:
        d.chmod(0o555)  # root-owned dirs at 0o755 are already unwritable for the dropped child


def _as_writer(fn) -> int:
    """Run fn() (returns an exit code) where the directory is not writable:
    in a child that drops root, or in this user's child otherwise."""
    pid = os.fork()
    if pid == 0:
        code = 99
        try:
            if os.getuid() == 0:
                os.setgroups([])
                os.setgid(NOBODY)
                os.setuid(NOBODY)
            code = fn()
        except BaseException:
            code = 98
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def test_cli_writes_an_existing_file_in_place_when_its_directory_is_locked(locked_dir: Path) -> None:
    src = locked_dir / "in.mlir"
    src.write_text(GOOD)
    out = locked_dir / "out.mlir"
    out.write_text("old contents, longer than the new output will be " * 20)
    out.chmod(0o666)
    warm = CliRunner().invoke(main, [str(src)])  # imports everything before the fork
    assert warm.exit_code == 0 and warm.stdout.startswith("module {"), warm.output
    _lock(locked_dir)
    code = _as_writer(lambda: CliRunner().invoke(main, [str(src), "-o", str(out)]).exit_code)
    assert code == 0
    assert out.read_text() == warm.stdout
    assert sorted(p.name for p in locked_dir.iterdir()) == ["in.mlir", "out.mlir"]


def test_a_failure_while_producing_the_output_leaves_the_file_as_it_was(locked_dir: Path) -> None:
    out = locked_dir / "out.mlir"
    out.write_text("precious\n")
    out.chmod(0o666)
    _lock(locked_dir)

    def produce(write) -> None:
        write("half of the new output")
        raise RuntimeError("the printer failed")

    def run() -> int:
        try:
            write_output(str(out), produce)
        except RuntimeError:
            return 7
        return 0

    assert _as_writer(run) == 7
    assert out.read_text() == "precious\n"


@pytest.mark.parametrize("exists", [True, False])
def test_without_write_access_to_the_file_it_is_still_permission_denied(locked_dir: Path, exists: bool) -> None:
    out = locked_dir / "out.mlir"
    if exists:
        out.write_text("kept\n")
        out.chmod(0o644)
    _lock(locked_dir)

    def run() -> int:
        try:
            write_output(str(out), "new\n")
        except PermissionError:
            return 13
        return 0

    assert _as_writer(run) == 13
    assert (out.read_text() == "kept\n") if exists else not out.exists()
