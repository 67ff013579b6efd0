"""The builtin attribute and type entries hlopt builds from their
bytecode records (hlopt/syntax/bytecode/objects.py) are the objects the
text parser makes of their spellings, for every entry of every corpus
fixture as jaxlib writes it (current format and format 1)."""

from __future__ import annotations

import io
import pathlib
import sys

import pytest

pytest.importorskip("jaxlib")

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "unit"))

import mlir_ref  # noqa: E402
from test_bytecode_build import entry_objects  # noqa: E402

CORPUS = sorted(p for p in (HERE.parent / "fixtures" / "stablehlo").glob("*.mlir")
                if ".generic" not in p.name and ".debuginfo" not in p.name)


@pytest.mark.parametrize("version", [None, 1], ids=["current", "v1"])
@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem) for p in CORPUS])
def test_entries_from_records_are_the_text_parsers(path, version):
    from jaxlib.mlir import ir

    with mlir_ref._make_context(True):
        buf = io.BytesIO()
        ir.Module.parse(path.read_text()).operation.write_bytecode(buf, desired_version=version)
    entries = entry_objects(buf.getvalue())
    assert any(record for *_, record in entries)
    for kind, i, got, want, _ in entries:
        assert got is want, (kind, i, want.text[:200])
