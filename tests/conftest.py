"""`HLOPT_TEST_SHARD=K/N` (set by `make test`): this pytest runs every N-th
collected test, from the K-th on, so N processes side by side (one per
core) run the whole suite between them with no plugin. Interleaving single
tests, not files, keeps the shards even without a table of file costs: the
slow tests of one file are spread over all shards. Unset: every test runs."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TypeVar

_T = TypeVar("_T")


def shard_spec(text: str) -> tuple[int, int]:
    """`K/N` -> (K, N), 1 <= K <= N; anything else is a usage error."""
    k, sep, n = text.partition("/")
    try:
        kk, nn = int(k), int(n)
    except ValueError:
        kk = nn = 0
    if sep != "/" or not 1 <= kk <= nn:
        raise ValueError(f"HLOPT_TEST_SHARD must be K/N with 1 <= K <= N, got '{text}'")
    return kk, nn


def split(items: Sequence[_T], k: int, n: int) -> tuple[list[_T], list[_T]]:
    """(the tests shard k of n runs, the others), both in collection order."""
    keep = [it for i, it in enumerate(items) if i % n == k - 1]
    drop = [it for i, it in enumerate(items) if i % n != k - 1]
    return keep, drop


def pytest_collection_modifyitems(config, items) -> None:
    spec = os.environ.get("HLOPT_TEST_SHARD", "").strip()
    if not spec:
        return
    import pytest

    try:
        k, n = shard_spec(spec)
    except ValueError as e:
        raise pytest.UsageError(str(e)) from None
    keep, drop = split(items, k, n)
    if drop:
        config.hook.pytest_deselected(items=drop)
    items[:] = keep
