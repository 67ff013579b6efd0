"""`make test`'s unit shards (tests/conftest.py): the shards of a suite are
disjoint, cover it, keep collection order, and differ in size by at most one."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

_CONFTEST = Path(__file__).resolve().parents[1] / "conftest.py"
_spec = importlib.util.spec_from_file_location("hlopt_tests_conftest", _CONFTEST)
assert _spec is not None and _spec.loader is not None
conftest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(conftest)


@pytest.mark.parametrize("total", [0, 1, 2, 7, 100])
@pytest.mark.parametrize("n", [1, 2, 3])
def test_shards_partition_the_suite(total, n):
    items = [f"t{i}" for i in range(total)]
    shards = [conftest.split(items, k, n) for k in range(1, n + 1)]
    kept = [keep for keep, _ in shards]
    assert sorted(x for keep in kept for x in keep) == sorted(items)
    for keep, drop in shards:
        assert sorted(keep + drop) == sorted(items) and not set(keep) & set(drop)
        assert keep == [x for x in items if x in keep]  # collection order
    assert max(map(len, kept)) - min(map(len, kept)) <= 1


@pytest.mark.parametrize("bad", ["", "2", "0/2", "3/2", "a/b", "1/0", "1-2"])
def test_bad_shard_spec_is_refused(bad):
    with pytest.raises(ValueError, match="K/N"):
        conftest.shard_spec(bad)


def test_two_shards_run_every_test_once(tmp_path):
    """Through pytest itself: the two shards' outcomes add up to the suite."""
    (tmp_path / "conftest.py").write_text(_CONFTEST.read_text())
    (tmp_path / "test_some.py").write_text(
        "import pytest\n@pytest.mark.parametrize('i', range(5))\ndef test_a(i):\n    print('ran', i)\n"
        "def test_b():\n    pass\n")
    ran = []
    for k in (1, 2):
        env = {**os.environ, "HLOPT_TEST_SHARD": f"{k}/2"}
        r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", str(tmp_path)],
                           env=env, capture_output=True, text=True, cwd=tmp_path)
        assert r.returncode == 0, r.stdout + r.stderr
        ran += re.findall(r"ran \d", r.stdout)
        assert "deselected" in r.stdout
    assert sorted(ran) == [f"ran {i}" for i in range(5)]
    env = {**os.environ, "HLOPT_TEST_SHARD": "3/2"}
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
                       env=env, capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode != 0 and "HLOPT_TEST_SHARD" in r.stdout + r.stderr
