"""iree-opt judges the formats hlopt shares with mlir-opt's options:
--dump-pass-pipeline's text, --mlir-timing's report lines (list and
tree), and the IR tree layout of --mlir-print-ir-tree-dir."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))

import hlopt_cli  # noqa: E402
from iree_tool import IREE_OPT, needs_iree  # noqa: E402

pytestmark = needs_iree

MODULE = """\
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a, %a : tensor<4xf32>
  %1 = arith.addf %a, %a : tensor<4xf32>
  %2 = arith.mulf %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
func.func private @unused() {
  return
}
"""


def _run(tool: list[str], args: list[str], tmp_path: pathlib.Path) -> subprocess.CompletedProcess:
    f = tmp_path / "in.mlir"
    f.write_text(MODULE)
    return _exec([*tool, str(f), "-o", "/dev/null", *args])


HLOPT = ["hlopt"]  # its command line, run in this process (hlopt_cli)


def _exec(cmd: list[str]) -> subprocess.CompletedProcess:
    if cmd[0] == "hlopt":
        return hlopt_cli.run(cmd[1:])
    return subprocess.run(cmd, capture_output=True, text=True)


@pytest.mark.parametrize("args", [
    ["--cse", "--canonicalize"],
    ["--pass-pipeline=builtin.module(func.func(cse,canonicalize),symbol-dce)"],
    ["--canonicalize=max-iterations=3 top-down=false"],
    ["--symbol-dce"],
    [],
])
def test_dump_pass_pipeline_matches_iree_opt(args, tmp_path):
    want = _run([IREE_OPT], [*args, "--dump-pass-pipeline"], tmp_path)
    got = _run(HLOPT, [*args, "--dump-pass-pipeline"], tmp_path)
    assert want.returncode == got.returncode == 0, (want.stderr, got.stderr)
    assert got.stderr == want.stderr


_NUM = re.compile(r"\d+\.\d{4}|\(\s*\d+\.\d%\)")


def _shape(report: str) -> list[str]:
    """The report's lines with the figures masked."""
    return [_NUM.sub("#", line) for line in report.splitlines()]


@pytest.mark.parametrize("display", ["tree", "list"])
def test_timing_report_lines_match_iree_opt(display, tmp_path):
    args = ["--cse", "--canonicalize", "--mlir-timing", f"--mlir-timing-display={display}"]
    want = _shape(_run([IREE_OPT], args, tmp_path).stderr)
    got = _shape(_run(HLOPT, args, tmp_path).stderr)
    assert got[:6] == want[:6]  # banner, total, column titles
    # every line is `  <time> (<pct>)  <indent><name>`, ending with Rest and Total
    row = re.compile(r"  \s*# #  (\s*)(.+)")
    for lines in (got, want):
        assert all(row.fullmatch(x) for x in lines[6:]), lines
        assert [row.fullmatch(x).group(2) for x in lines[-2:]] == ["Rest", "Total"]
    names = lambda lines: {row.fullmatch(x).group(2) for x in lines[6:]}  # noqa: E731
    # the names both tools time (iree-opt also times analyses, hlopt the verifier)
    assert {"Parser", "CSEPass", "CanonicalizerPass", "Output", "Rest", "Total"} <= names(got) & names(want)
    if display == "list":
        assert row.fullmatch(got[6]).group(2) == row.fullmatch(want[6]).group(2) == "root"


ELEMENTS = """\
func.func @f() -> (tensor<4xf32>, tensor<2xi32>, tensor<3xi32>, tensor<2x2xi1>) {
  %0 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %1 = arith.constant dense<[1, 2]> : tensor<2xi32>
  %2 = arith.constant {big = [dense<[1, 2, 3]> : tensor<3xi32>]} dense<7> : tensor<3xi32>
  %3 = arith.constant dense<[[true, false], [false, true]]> : tensor<2x2xi1>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<2xi32>, tensor<3xi32>, tensor<2x2xi1>
}
"""


@pytest.mark.parametrize("args", [["--mlir-elide-elementsattrs-if-larger=2"],
                                  ["--mlir-elide-elementsattrs-if-larger=0", "--mlir-print-op-generic"],
                                  ["--mlir-elide-elementsattrs-if-larger=3"]])
def test_elided_elements_match_iree_opt(args, tmp_path):
    f = tmp_path / "e.mlir"
    f.write_text(ELEMENTS)
    want = subprocess.run([IREE_OPT, str(f), *args], capture_output=True, text=True)
    got = _exec([*HLOPT, str(f), *args])
    assert want.returncode == got.returncode == 0, (want.stderr, got.stderr)
    assert got.stdout.rstrip("\n") == want.stdout.rstrip("\n")  # iree-opt adds a blank line at the end


FAILING = """\
func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.addi %0, %c0 : i32
  %2 = arith.muli %1, %1 : i32
  return %2 : i32
}
"""


@pytest.mark.parametrize("pipeline", [
    "builtin.module(func.func(cse,canonicalize{max-iterations=1 test-convergence=true}))",
    "builtin.module(canonicalize{max-iterations=1 test-convergence=true})",
])
def test_crash_reproducer_matches_iree_opt(pipeline, tmp_path):
    """Both tools fail the same pass; their reproducers are the same text,
    and each tool's --run-reproducer fails again on the other's file."""
    f = tmp_path / "in.mlir"
    f.write_text(FAILING)
    files = {}
    for name, tool in (("iree", [IREE_OPT]), ("hlopt", HLOPT)):
        files[name] = tmp_path / f"{name}.repro.mlir"
        r = _exec([*tool, str(f), f"--pass-pipeline={pipeline}", f"--mlir-pass-pipeline-crash-reproducer={files[name]}"])
        assert r.returncode == 1, r.stderr
    assert files["hlopt"].read_text() == files["iree"].read_text()
    for tool, other in (([IREE_OPT], "hlopt"), (HLOPT, "iree")):
        r = _exec([*tool, "--run-reproducer", str(files[other]), "-o", "/dev/null"])
        assert r.returncode == 1, r.stderr  # iree-opt's canonicalizer fails without a message
        if tool is HLOPT:
            assert "failed to converge within 1 iterations" in r.stderr


TREE = """\
module @m {
  func.func @main(%a: i32) -> i32 {
    %0 = arith.addi %a, %a : i32
    %1 = arith.addi %a, %a : i32
    %2 = arith.muli %0, %1 : i32
    return %2 : i32
  }
  func.func private @g() {
    return
  }
}
"""


def _tree(root: pathlib.Path) -> dict[str, str]:
    return {str(p.relative_to(root)): p.read_text() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("args", [
    ["--pass-pipeline=builtin.module(func.func(cse),symbol-dce,canonicalize)", "--mlir-print-ir-after-all"],
    ["--pass-pipeline=builtin.module(func.func(cse),symbol-dce)", "--mlir-print-ir-before-all",
     "--mlir-print-ir-after-all"],
    ["--pass-pipeline=builtin.module(func.func(cse,canonicalize))", "--mlir-print-ir-after-all"],
    ["--cse", "--mlir-print-ir-after=cse"],
])
def test_ir_tree_dir_layout_matches_iree_opt(args, tmp_path):
    f = tmp_path / "t.mlir"
    f.write_text(TREE)
    trees = {}
    for name, tool in (("iree", [IREE_OPT]), ("hlopt", HLOPT)):
        out = tmp_path / name
        r = _exec([*tool, str(f), *args, f"--mlir-print-ir-tree-dir={out}", "-o", "/dev/null"])
        assert r.returncode == 0 and r.stderr == "", r.stderr  # the dumps go to files only
        trees[name] = _tree(out)
    assert trees["iree"]
    assert trees["hlopt"] == trees["iree"]
