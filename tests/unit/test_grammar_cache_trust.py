"""The grammar cache holds pickles, and loading a pickle runs code: a cache
file is only loaded from a directory owned by this user and writable by
nobody else, and only when the file itself is such. A planted pickle that
would create a marker directory proves it: it runs from a private cache
(the control) and never from a shared one."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

_PARSE = """
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op
print(print_op(parse_module('func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\\n  return %a : tensor<2xf32>\\n}\\n')), end='')
"""


class _Plant:
    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return (os.mkdir, (self.marker,))


def _run(cache: Path) -> str:
    env = {**os.environ, "HLOPT_CACHE_DIR": str(cache)}
    r = subprocess.run([sys.executable, "-c", _PARSE], env=env, capture_output=True, text=True)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    return r.stdout


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> tuple[Path, str]:
    """A cache written by a real run (compiling the grammars once for the
    module's tests, not once per test) and that run's output."""
    cache = tmp_path_factory.mktemp("written") / "cache"
    return cache, _run(cache)


@pytest.fixture
def planted(tmp_path: Path, written: tuple[Path, str]) -> tuple[Path, Path, str]:
    """A copy of the written cache (the files named as a real run names
    them), then every file replaced by the plant."""
    source, expected = written
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    for f in source.glob("*.pickle"):
        shutil.copyfile(f, cache / f.name)
    marker = tmp_path / "ran"
    files = sorted(cache.glob("*.pickle"))
    assert files, "the first run wrote no cache files"
    for p in files:
        p.write_bytes(pickle.dumps(_Plant(str(marker))))
        p.chmod(0o600)
    return cache, marker, expected


def test_control_a_private_cache_is_loaded(tmp_path, planted) -> None:
    cache, marker, _ = planted
    cache.chmod(0o700)
    _run(cache)
    assert marker.exists()  # the plant is a working one: a trusted cache file is loaded


@pytest.mark.parametrize("mode", [0o777, 0o770])
def test_a_cache_directory_others_can_write_is_not_used(tmp_path, mode, planted) -> None:
    cache, marker, expected = planted
    cache.chmod(mode)
    assert _run(cache) == expected
    assert not marker.exists()


def test_a_cache_file_others_can_write_is_not_loaded(tmp_path, planted) -> None:
    cache, marker, expected = planted
    cache.chmod(0o700)
    for p in cache.glob("*.pickle"):
        p.chmod(0o666)
    assert _run(cache) == expected
    assert not marker.exists()
    # the run replaced the planted files with its own, private ones
    assert all(p.stat().st_mode & 0o022 == 0 for p in cache.glob("*.pickle"))


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="needs root to give a file away")
def test_a_cache_file_owned_by_someone_else_is_not_loaded(tmp_path, planted) -> None:
    cache, marker, expected = planted
    cache.chmod(0o700)
    for p in cache.glob("*.pickle"):
        os.chown(p, 4242, 4242)
    assert _run(cache) == expected
    assert not marker.exists()


def test_a_symlinked_cache_file_is_not_followed(tmp_path, planted) -> None:
    cache, marker, expected = planted
    cache.chmod(0o700)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for p in cache.glob("*.pickle"):
        target = elsewhere / p.name
        p.rename(target)
        p.symlink_to(target)
    assert _run(cache) == expected
    assert not marker.exists()
