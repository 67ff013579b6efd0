"""Issue 3: the oracle suite regenerates the JAX corpus and re-checks it.

The generator runs in a subprocess writing to a temporary directory. Every
regenerated file must round-trip through hlopt byte for byte (pretty,
generic, debuginfo). When the installed JAX is the one the committed
fixtures were made with, the regenerated files must equal them too
(generation is deterministic); with another JAX version that comparison is
reported as skipped, since JAX's lowering may change.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

jax = pytest.importorskip("jax")
jaxlib = pytest.importorskip("jaxlib")

import hlopt  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "stablehlo"


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("corpus")
    env = dict(os.environ, HLOPT_CORPUS_OUT=str(out))
    p = subprocess.run([sys.executable, str(ROOT / "tests" / "fixtures" / "gen_corpus.py")],
                       env=env, capture_output=True, text=True, timeout=1500)
    assert p.returncode == 0, p.stderr[-3000:]
    return out


def _files() -> list[str]:
    return sorted(f.name for f in FIXTURES.glob("*.mlir"))


def _same_jax() -> bool:
    head = (FIXTURES / "MANIFEST.txt").read_text().splitlines()[1]
    return head == f"# jax {jax.__version__}, jaxlib {jaxlib.__version__}"


@pytest.mark.parametrize("name", _files())
def test_regenerated_roundtrip(regenerated: Path, name: str) -> None:
    path = regenerated / name
    assert path.exists(), f"generator did not write {name}"
    text = path.read_text()
    m = hlopt.parse_module(text, str(path))
    hlopt.verify(m)
    out = hlopt.print_op(m, generic=name.endswith(".generic.mlir"), debuginfo=name.endswith(".debuginfo.mlir"))
    assert out == text


@pytest.mark.parametrize("name", _files())
def test_regenerated_equals_committed(regenerated: Path, name: str) -> None:
    if not _same_jax():
        pytest.skip("fixtures were generated with another JAX version")
    assert (regenerated / name).read_text() == (FIXTURES / name).read_text()
