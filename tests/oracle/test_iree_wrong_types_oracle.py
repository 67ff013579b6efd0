"""A wrong-typed operand of each stream, hal and util op (generic form,
from valid IR of tests/lit/iree: see gen_iree_wrong_types.py) gets the same
diagnostic from hlopt as from iree-opt: the message and its line:column.
The cases go to iree-opt in one batch."""

from __future__ import annotations

import functools
import re

import gen_iree_wrong_types
import hlopt_cli
import pytest
from iree_batch import CASE_MARK, run_many
from iree_tool import IREE_OPT

if IREE_OPT is None:
    pytest.skip("iree-opt (pip install iree-base-compiler) is not installed", allow_module_level=True)

CASES = dict(gen_iree_wrong_types.cases())
_ERROR = re.compile(r"^<stdin>:(\d+):(\d+): error: (.*)$", re.M)


@functools.cache
def _reference() -> dict[str, list[tuple[int, int, str]]]:
    """Each case's errors (line within the case, column, message) from one iree-opt run."""
    ids = list(CASES)
    texts = [CASES[i] for i in ids]
    out, line = {}, 1
    for k, (cid, r) in enumerate(zip(ids, run_many(IREE_OPT, ["--allow-unregistered-dialect"], texts))):
        start = line + (1 if k else 0)  # the chunk's first line in the batch (after its marker)
        t = texts[k]
        line = start + t.count("\n") + (0 if t.endswith("\n") else 1)
        assert CASE_MARK not in t
        out[cid] = [(int(a) - start + 1, int(b), m) for a, b, m in _ERROR.findall(r.err)] if r.status == 1 else []
    return out


def test_cases_cover_every_dialect() -> None:
    ops = {cid.split(":", 1)[0] for cid in CASES}
    for d in gen_iree_wrong_types.DIALECTS:
        assert sum(1 for o in ops if o.startswith(d + ".")) >= 5, d
    assert 100 <= len(CASES) <= 300


@pytest.mark.parametrize("cid", sorted(CASES))
def test_wrong_operand_type_as_iree_opt(cid: str) -> None:
    ref = _reference()[cid]
    assert ref, "iree-opt accepted the wrong-typed operand"
    got = hlopt_cli.run(["--allow-unregistered-dialect", "-"], CASES[cid])
    assert got.returncode == 1, got.stdout
    mine = [(int(a), int(b), m) for a, b, m in _ERROR.findall(got.stderr)]
    assert mine[:1] == ref[:1]
