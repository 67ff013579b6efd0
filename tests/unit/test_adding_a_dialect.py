"""docs/adding-a-dialect.md is executable: its code blocks are written to a
temporary package, the dialect is registered with a context, and the ops,
their syntax, folders, patterns and interpreter rule, the attribute and the
pass are exercised as the page says."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from hlopt.ir.context import Context, DialectInfo

DOC = Path(__file__).resolve().parents[2] / "docs" / "adding-a-dialect.md"

DRIVER = r'''
import sys
sys.path.insert(0, {root!r})
from hlopt.dialects import DIALECTS
from hlopt.ir.context import Context, DialectInfo, use_context
from hlopt.ir.core import IRError
from hlopt.ir.verifier import verify
from hlopt.syntax.diagnostics import DiagnosticError
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op

ctx = Context(DIALECTS)
ctx.register("toy", DialectInfo("toypkg.toy"))
with use_context(ctx):
    assert ctx.loaded_dialects() == []
    text = """func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {{
  %0 = toy.scale %arg0 : tensor<4xf32> by 2.000000e+00 : f32 {{note = #toy.hint<4x8>}}
  %1 = toy.scale %0 : tensor<4xf32> by 1.000000e+00 : f32
  return %1 : tensor<4xf32>
}}
"""
    m = parse_module(text)
    verify(m)
    out = print_op(m)
    assert out == "module {{\n" + "".join("  " + ln + "\n" for ln in text.splitlines()) + "}}\n", out
    scale = m.regions[0].blocks[0].first_op.regions[0].blocks[0].first_op
    assert type(scale.attributes.get("note")).__name__ == "ShapeHintAttr"
    assert scale.attributes.get("note").dims == (4, 8)
    print("generic:", print_op(m, generic=True).splitlines()[3].strip())
    for bad in ('"toy.scale"() {{factor = 1.0 : f32}} : () -> ()',
                '%1 = "toy.scale"(%i) {{factor = 1.0 : f32}} : (tensor<4xi32>) -> tensor<4xi32>',
                '%1 = "toy.scale"(%x) : (tensor<4xf32>) -> tensor<4xf32>',
                '%1 = toy.scale %x : tensor<4xf32> by 0.000000e+00 : f32'):
        m = parse_module("func.func @g(%x: tensor<4xf32>, %i: tensor<4xi32>) {{\n" + bad + "\nreturn\n}}")
        try:
            verify(m)
        except IRError as e:
            print("error:", e.message)
    try:
        parse_module("func.func @h(%x: tensor<4xf32>) {{\n%0 = toy.scale %x : tensor<4xf32> by 2.0 : f32 {{a = #toy.hint<4xq>}}\nreturn\n}}")
    except DiagnosticError as e:
        print("parse:", e.diagnostics[0].message)
    import toypkg.toy_drop_hints  # noqa: F401  (registers the pass)
    from hlopt.passes.manager import PassManager
    m = parse_module(text)
    pm = PassManager.from_text("builtin.module(toy-drop-hints,canonicalize)")
    pm.run(m)
    print(print_op(m), end="")
'''


CLAMPSI_DRIVER = r'''
import doctest
import sys
sys.path.insert(0, {root!r})
import numpy as np
from hlopt.dialects import DIALECTS
from hlopt.interp import interpret
from hlopt.ir.context import Context, DialectInfo, use_context
from hlopt.ir.verifier import verify
from hlopt.passes.manager import PassManager
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op

ctx = Context(DIALECTS)
ctx.register("toy", DialectInfo("toypkg.toy"))
source, canonical, session = {source!r}, {canonical!r}, {session!r}


def wrapped(text):
    return "module {{\n" + "".join("  " + ln + "\n" for ln in text.splitlines()) + "}}\n"


with use_context(ctx):
    m = parse_module(source, allow_unregistered=False)
    verify(m)
    assert print_op(m) == wrapped(source), print_op(m)
    print("generic:", print_op(m, generic=True).splitlines()[7].strip())
    module = parse_module(source)
    test = doctest.DocTestParser().get_doctest(session, {{"interpret": interpret, "np": np, "module": module}},
                                                "interpreter session", None, 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.summarize().failed == 0 and test.examples
    PassManager.from_text("builtin.module(canonicalize)").run(m)
    verify(m)
    assert print_op(m) == wrapped(canonical), print_op(m)
    m = parse_module(source)
    PassManager.from_text("builtin.module(canonicalize{{disable-patterns=MergeNestedClamps}})").run(m)
    print("without the pattern:", [ln.strip() for ln in print_op(m).splitlines() if "clampsi" in ln])
'''


def _blocks() -> dict[str, str]:
    files: dict[str, str] = {}
    for name, body in re.findall(r"```(?:python|lark) (\S+)\n(.*?)```", DOC.read_text(), re.S):
        files[name] = files.get(name, "") + body + "\n"
    return files


def test_the_walkthrough_runs_as_written(tmp_path):
    files = _blocks()
    assert set(files) == {"toy.py", "toy_drop_hints.py"}
    pkg = tmp_path / "toypkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for name, body in files.items():
        (pkg / name).write_text(body)
    code = DRIVER.format(root=str(tmp_path))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == ('generic: %0 = "toy.scale"(%arg0) <{factor = 2.000000e+00 : f32}> '
                        '{note = #toy.hint<4x8>} : (tensor<4xf32>) -> tensor<4xf32>')
    assert lines[1:5] == [
        "error: 'toy.scale' op requires a single operand",
        "error: 'toy.scale' op operand #0 must be tensor of floating-point values, but got 'tensor<4xi32>'",
        "error: 'toy.scale' op requires attribute 'factor'",
        "error: 'toy.scale' op factor must not be zero",
    ]
    assert lines[5].startswith("parse: ") and "#toy.hint" in lines[5]
    # the pass dropped the hint; canonicalize folded the scale by one away
    assert "\n".join(lines[6:]) == "\n".join([
        "module {",
        "  func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {",
        "    %0 = toy.scale %arg0 : tensor<4xf32> by 2.000000e+00 : f32",
        "    return %0 : tensor<4xf32>",
        "  }",
        "}",
    ])


def _mlir_block(name: str) -> str:
    return re.search(rf"```mlir {re.escape(name)}\n(.*?)```", DOC.read_text(), re.S).group(1)


def test_the_clampsi_example_parses_folds_canonicalizes_and_runs(tmp_path):
    """The op of section 2: its form reads and prints back, `--canonicalize`
    (its folder, the arith constant materializer, its pattern) gives the
    page's second block, and the page's interpreter session is a doctest."""
    pkg = tmp_path / "toypkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for name, body in _blocks().items():
        (pkg / name).write_text(body)
    session = re.search(r"```pycon\n(.*?)```", DOC.read_text(), re.S).group(1)
    code = CLAMPSI_DRIVER.format(root=str(tmp_path), source=_mlir_block("clampsi.mlir"),
                                 canonical=_mlir_block("clampsi-canonicalized.mlir"), session=session)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr + r.stdout
    lines = r.stdout.splitlines()
    assert lines[0] == 'generic: %4 = "toy.clampsi"(%arg0, %0, %1) : (i32, i32, i32) -> i32'
    # disabling the pattern by its debug name leaves the two clamps (the folds still run)
    assert lines[1] == ("without the pattern: ['%0 = toy.clampsi %arg0, %c0_i32, %c10_i32 : i32', "
                        "'%1 = toy.clampsi %0, %c5_i32, %c20_i32 : i32']")


def test_a_dialect_may_spread_its_grammar_over_several_files():
    ctx = Context({"a": DialectInfo("m.a", grammar=("a.lark", "a_more.lark")),
                   "b": DialectInfo("m.b", grammar="b.lark"),
                   "c": DialectInfo("m.c")})
    assert ctx.grammar_files() == ["a.lark", "a_more.lark", "b.lark"]
