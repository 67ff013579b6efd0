"""docs/assembly-format.md is executable: its python block is loaded as a
dialect and its mlir block parses and prints back byte for byte."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from hlopt.dialects import DIALECTS
from hlopt.ir.context import Context, DialectInfo, use_context
from hlopt.ir.verifier import verify
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op

DOC = Path(__file__).resolve().parents[2] / "docs" / "assembly-format.md"


def test_the_example_round_trips(tmp_path, monkeypatch):
    text = DOC.read_text()
    code = re.search(r"```python demo.py\n(.*?)```", text, re.S).group(1)
    mlir = re.search(r"```mlir\n(.*?)```", text, re.S).group(1)
    (tmp_path / "asm_doc_demo.py").write_text(code)
    monkeypatch.syspath_prepend(str(tmp_path))
    ctx = Context(DIALECTS)
    ctx.register("demo", DialectInfo("asm_doc_demo"))
    try:
        with use_context(ctx):
            m = parse_module(mlir, allow_unregistered=False)
            verify(m)
            out = print_op(m)
            generic = print_op(m, generic=True)
    finally:
        sys.modules.pop("asm_doc_demo", None)
    assert out == "module {\n" + "".join("  " + ln + "\n" for ln in mlir.splitlines()) + "}\n"
    # what the forms built: inferred types, the stripped attribute, the enum's index
    assert '"demo.cmp"(%0, %1) <{predicate = 2 : i64}> : (i32, i32) -> i1' in generic
    assert "flags = #demo.flags<wrap>" in generic
    assert '"demo.pack"(%0, %2) : (i32, i1) -> ()' in generic
