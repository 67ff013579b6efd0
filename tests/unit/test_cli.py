"""The `hlopt` command line: in-process with click's CliRunner (fast) and a
few end-to-end runs of the installed console script (subprocess)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from hlopt.cli import main
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass

GOOD = """func.func @f(%a: i32) -> (i32, i32) {
  %c = arith.constant 1 : i32
  %d = arith.constant 1 : i32
  return %c, %d : i32, i32
}
"""
BAD = '"t.x"() : () -> ()\n'


@register_pass
@dataclass
class _FailingPass(Pass):
    argument = "test-cli-fail"
    summary = "Always fails (test only)"

    def run(self, op) -> None:
        self.fail("test pass failed on purpose", op)


@register_pass
@dataclass
class _BreakingPass(Pass):
    argument = "test-cli-break"
    summary = "Leaves invalid IR behind (test only)"

    def run(self, op) -> None:
        for o in list(op.walk()):
            if o.name == "func.return":
                o.erase()


def run(args, input=None):
    r = CliRunner().invoke(main, args, input=input, catch_exceptions=False)
    return r.exit_code, r.stdout, r.stderr


# -- input / output ---------------------------------------------------------------
def test_stdin_and_dash() -> None:
    for args in ([], ["-"]):
        code, out, err = run(args, GOOD)
        assert code == 0, err
        assert out.startswith("module {\n  func.func @f(%arg0: i32) -> (i32, i32) {\n")
        assert out.endswith("}\n") and not out.endswith("\n\n")


def test_stdin_diagnostic_names_stdin() -> None:
    code, out, err = run([], BAD)
    assert code == 1 and out == ""
    assert err.startswith("<stdin>:1:1: error: operation being parsed with an unregistered dialect")


def test_output_file_replaced_on_success(tmp_path: Path) -> None:
    src, dst = tmp_path / "in.mlir", tmp_path / "out.mlir"
    src.write_text(GOOD)
    dst.write_text("stale\n")
    code, out, err = run([str(src), "-o", str(dst)])
    assert code == 0 and out == ""
    assert dst.read_text().startswith("module {")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.mlir", "out.mlir"]  # no temp files left


@pytest.mark.parametrize("args,input", [([], BAD), (["--test-cli-fail"], GOOD), (["--test-cli-break"], GOOD),
                                        (["--split-input-file"], GOOD + "// -----\n" + BAD)])
def test_output_file_intact_on_failure(tmp_path: Path, args, input) -> None:
    dst = tmp_path / "out.mlir"
    dst.write_text("keep me\n")
    code, out, err = run(["-", "-o", str(dst), *args], input)
    assert code == 1, err
    assert dst.read_text() == "keep me\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.mlir"]


def test_unwritable_output_is_a_diagnostic(tmp_path: Path) -> None:
    code, out, err = run(["-", "-o", str(tmp_path / "no" / "such" / "dir.mlir")], GOOD)
    assert code == 1
    assert "could not write output file" in err and "Traceback" not in err


# -- split-input-file ---------------------------------------------------------------
def test_split_input_file_output_and_lines() -> None:
    text = GOOD + "// -----\n" + "module @m {\n}\n" + "// -----\n" + "\n\n" + BAD
    code, out, err = run(["--split-input-file"], text)
    assert code == 1
    # the failing chunk's line is the original file's line
    assert err.startswith("<stdin>:12:1: error: operation being parsed with an unregistered dialect")
    code, out, err = run(["--split-input-file", "--allow-unregistered-dialect"], text)
    assert code == 0, err
    chunks = out.split("// -----\n")
    assert len(chunks) == 3
    assert chunks[1] == "module @m {\n}\n"
    assert chunks[2] == 'module {\n  "t.x"() : () -> ()\n}\n'


def test_split_verify_diagnostics_keeps_separators() -> None:
    text = GOOD + "// -----\n// expected-error@+1 {{unregistered dialect}}\n" + BAD
    code, out, err = run(["--split-input-file", "--verify-diagnostics"], text)
    assert code == 0, err
    assert out.count("// -----\n") == 1 and out.endswith("// -----\n")


# -- flags ---------------------------------------------------------------------------------
def test_generic_and_debuginfo() -> None:
    code, out, _ = run(["--mlir-print-op-generic"], GOOD)
    assert out.startswith('"builtin.module"() ({\n  "func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "f"}> ({')
    code, out, _ = run(["--mlir-print-debuginfo"], GOOD)
    assert out.splitlines()[-1] == '#loc3 = loc("<stdin>":4:3)' or 'loc("<stdin>":' in out
    assert "} loc(#loc)" in out


def test_pipelines_agree() -> None:
    a = run(["--pass-pipeline=builtin.module(func.func(cse),canonicalize)"], GOOD)
    b = run(["--cse", "--canonicalize"], GOOD)
    c = run(["--cse", "--canonicalize=max-iterations=5 top-down=false"], GOOD)
    d = run(["--pass-pipeline", "builtin.module(cse,canonicalize{max-iterations=5})"], GOOD)
    assert a[0] == b[0] == c[0] == d[0] == 0
    assert a[1] == b[1] == c[1] == d[1]
    assert "%c1_i32_0" not in a[1]


def test_print_ir_after_failure_and_pass_diagnostic() -> None:
    code, out, err = run(["--test-cli-fail", "--mlir-print-ir-after-failure"], GOOD)
    assert code == 1 and out == ""
    assert "<stdin>:0:0: error: test pass failed on purpose" in err  # the implicit module's location
    assert "note: pass 'test-cli-fail' failed" in err
    assert "// -----// IR Dump After _FailingPass Failed: test-cli-fail //----- //" in err
    code, out, err = run(["--test-cli-break"], GOOD)
    assert code == 1 and out == ""
    assert "note: pass 'test-cli-break' produced invalid IR" in err


def test_print_ir_flags_go_to_stderr() -> None:
    for flags, word in ((["--mlir-print-ir-after-all"], "After"), (["--mlir-print-ir-before-all"], "Before"),
                        (["--mlir-print-ir-after-all", "--mlir-print-ir-after-change"], "After")):
        code, out, err = run(["--cse", *flags], GOOD)
        assert code == 0
        assert f"// -----// IR Dump {word} CSEPass: cse //----- //" in err
        assert "IR Dump" not in out
    code, out, err = run(["--canonicalize", "--canonicalize", "--mlir-print-ir-after-all",
                          "--mlir-print-ir-after-change"], GOOD)
    assert err.count("IR Dump After") == 1  # the second canonicalize changes nothing
    code, out, err = run(["--canonicalize", "--mlir-print-ir-after-change"], GOOD)
    assert code == 0 and "IR Dump" not in err  # (a filter of the after-pass dumps, as in MLIR)


def test_timing_and_statistics() -> None:
    code, out, err = run(["--cse", "--mlir-timing"], GOOD)
    assert code == 0 and out.startswith("module {")
    for word in ("Execution time report", "Wall Time", "Parser", "CSEPass", "Output", "Rest", "Total"):
        assert word in err
    code, out, err = run(["--cse", "--mlir-pass-statistics"], GOOD)
    assert "Pass statistics report" in err and "(S) 1 num-cse'd" in err


def test_help_version_list_passes() -> None:
    from hlopt import __version__
    from hlopt.passes.registry import all_passes

    for args in (["--help"], ["-h"], ["--list-passes"]):
        code, out, _ = run(args)
        assert code == 0
        for p in all_passes():
            assert f"--{p.argument}" in out
            if args != ["--list-passes"]:
                continue
            assert p.summary in out
            for f in p.option_fields():
                assert f"{f.name.replace('_', '-')}=<" in out
    code, out, _ = run(["--version"])
    assert code == 0 and out == f"hlopt, version {__version__}\n"


@pytest.mark.parametrize("args", [["--no-such-flag"], ["a.mlir", "b.mlir"], ["--cse=nope=1"],
                                  ["--canonicalize=max-iterations=x"], ["--pass-pipeline=builtin.module(nope)"],
                                  ["--pass-pipeline=builtin.module(cse"], ["--cse", "--pass-pipeline=builtin.module(cse)"],
                                  ["-o"], ["/does/not/exist.mlir"]])
def test_misuse_exits_2(args) -> None:
    code, out, err = run(args, GOOD)
    assert code == 2, (args, err)
    assert out == "" and "Traceback" not in err


def test_internal_errors_are_diagnostics(monkeypatch) -> None:
    import hlopt.driver

    def boom(*a, **k):
        raise KeyError("bug")

    monkeypatch.setattr(hlopt.driver, "process", boom)
    code, out, err = run([], GOOD)
    assert code == 1 and "error: internal error: KeyError" in err


# -- end to end (the installed console script) --------------------------------------------
HLOPT = shutil.which("hlopt", path=os.path.dirname(sys.executable)) or shutil.which("hlopt")


@pytest.mark.skipif(HLOPT is None, reason="hlopt console script not installed")
def test_console_script_end_to_end(tmp_path: Path) -> None:
    src = tmp_path / "in.mlir"
    src.write_text(GOOD)
    r = subprocess.run([HLOPT, str(src), "--cse"], capture_output=True, text=True)
    assert r.returncode == 0 and "%c1_i32_0" not in r.stdout
    r = subprocess.run([HLOPT], input=BAD, capture_output=True, text=True)
    assert r.returncode == 1 and r.stderr.startswith("<stdin>:1:1: error:")
    r = subprocess.run([HLOPT, "--bogus"], capture_output=True, text=True)
    assert r.returncode == 2
