"""Differential tests against IREE itself (`iree-opt` from PyPI's
iree-base-compiler). Skipped when iree-opt is not installed.

* every chunk of every lit input of --specialize-encodings: hlopt's
  `--specialize-encodings` and IREE's `--iree-stream-specialize-encodings`
  give the same module once both are re-printed by
  `iree-opt --mlir-print-op-generic --mlir-print-local-scope`, or both fail
  with the same error messages;
* every chunk of tests/lit/iree (IREE's own printed forms): hlopt prints it
  byte for byte as iree-opt does (also with --mlir-print-debuginfo), and
  iree-opt reads hlopt's generic form back to the same module.
"""

from __future__ import annotations

import pathlib
import re
import subprocess

import hlopt_cli
import pytest
from iree_tool import IREE_OPT

ROOT = pathlib.Path(__file__).resolve().parents[1]
if IREE_OPT is None:
    pytest.skip("iree-opt (pip install iree-base-compiler) is not installed", allow_module_level=True)

PASS_INPUTS = sorted((ROOT / "lit" / "passes").glob("specialize-encodings*.mlir"))
SYNTAX_INPUTS = sorted((ROOT / "lit" / "iree").glob("*.mlir"))
_SPLIT = re.compile(r"^// -----\s*$", re.M)
_ERROR = re.compile(r"^[^\n]*?error: (.*)$", re.M)


def _chunks(paths: list[pathlib.Path]) -> list:
    out = []
    for path in paths:
        for i, chunk in enumerate(_SPLIT.split(path.read_text())):
            if "RUN:" in chunk and chunk.strip().startswith("// RUN:") and chunk.count("\n") < 3:
                continue
            if re.search(r"^\s*[^/\s]", chunk, re.M):  # has IR, not only comments
                # iree-opt checks `expected-*` annotations on its own when it sees them:
                # blank them (line numbers stay) and compare the messages instead
                chunk = re.sub(r"//\s*expected-[^\n]*", "//", chunk)
                out.append(pytest.param(chunk, id=f"{path.name}:{i}"))
    return out


def _run(cmd: list[str], text: str) -> subprocess.CompletedProcess:
    if cmd[0] == "hlopt":
        return hlopt_cli.run(cmd[1:], text)  # in this process: no interpreter start per case
    return subprocess.run(cmd, input=text, capture_output=True, text=True, timeout=300)


def _hlopt(*args: str) -> list[str]:
    return ["hlopt", *args]


def _generic(text: str) -> str:
    r = _run([IREE_OPT, "--mlir-print-op-generic", "--mlir-print-local-scope", "-"], text)
    assert r.returncode == 0, r.stderr
    return r.stdout


def _errors(stderr: str) -> list[str]:
    return _ERROR.findall(stderr)


@pytest.mark.parametrize("chunk", _chunks(PASS_INPUTS))
def test_specialize_encodings_matches_iree(chunk: str) -> None:
    ref = _run([IREE_OPT, "--iree-stream-specialize-encodings", "-"], chunk)
    got = _run(_hlopt("--specialize-encodings", "-"), chunk)
    if ref.returncode != 0:
        assert got.returncode == 1, got.stdout
        assert _errors(got.stderr) == _errors(ref.stderr)
        return
    assert got.returncode == 0, got.stderr
    assert _generic(got.stdout) == _generic(ref.stdout)


@pytest.mark.parametrize("chunk", _chunks(SYNTAX_INPUTS))
def test_round_trip_matches_iree(chunk: str) -> None:
    ref = _run([IREE_OPT, "-"], chunk)
    got = _run(_hlopt("-"), chunk)
    if ref.returncode != 0:
        assert got.returncode == 1
        return
    assert got.returncode == 0, got.stderr
    assert got.stdout == ref.stdout.rstrip("\n") + "\n"  # iree-opt ends with an empty line
    gen = _run(_hlopt("--mlir-print-op-generic", "-"), chunk)
    assert gen.returncode == 0, gen.stderr
    assert _generic(gen.stdout) == _generic(ref.stdout)


@pytest.mark.parametrize("chunk", _chunks(SYNTAX_INPUTS))
def test_debuginfo_print_matches_iree(chunk: str) -> None:
    """With --mlir-print-debuginfo too: the same locations, printed where
    iree-opt prints them (none for util.func arguments or the implicit
    stream.executable.end), under the same alias numbers."""
    ref = _run([IREE_OPT, "--mlir-print-debuginfo", "-"], chunk)
    if ref.returncode != 0:
        return  # the error cases are test_round_trip_matches_iree's
    got = _run(_hlopt("--mlir-print-debuginfo", "-"), chunk)
    assert got.returncode == 0, got.stderr
    assert got.stdout == ref.stdout.rstrip("\n") + "\n"
