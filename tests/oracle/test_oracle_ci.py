"""The oracle suites under CI=true (issue 25, item 8): a missing or broken
reference tool is a failure, not a skip; without CI they still skip. Each
case runs pytest on one small oracle test in a child process, with jax
hidden (a shadowing package that fails to import) or iree-opt replaced."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ONE_JAX_TEST = "tests/oracle/test_corners_oracle.py"  # with -k: one test that only needs jaxlib


def _pytest(target: str, tmp_path: Path, ci: bool, hide_jax: bool = False, iree: str | None = None):
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "HLOPT_IREE_OPT", "PYTEST_ADDOPTS")}
    if ci:
        env["CI"] = "true"
    if hide_jax:
        shadow = tmp_path / "shadow"
        for name in ("jax", "jaxlib"):
            (shadow / name).mkdir(parents=True, exist_ok=True)
            (shadow / name / "__init__.py").write_text(f"raise ModuleNotFoundError(\"No module named '{name}'\", name='{name}')\n")
        env["PYTHONPATH"] = os.pathsep.join([str(shadow), env.get("PYTHONPATH", "")])
    if iree is not None:
        env["HLOPT_IREE_OPT"] = iree
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs", target, "-k", "forward_reference"],
                       cwd=ROOT, env=env, capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def test_missing_jax_skips_locally_and_fails_under_ci(tmp_path) -> None:
    code, out = _pytest(ONE_JAX_TEST, tmp_path, ci=False, hide_jax=True)
    assert code in (0, 5) and "1 skipped" in out and "failed" not in out, out  # 5: nothing else collected
    code, out = _pytest(ONE_JAX_TEST, tmp_path, ci=True, hide_jax=True)
    assert code in (1, 2) and "a reference tool is missing" in out, out  # 2: a failed collection


def test_broken_or_missing_iree_fails_under_ci(tmp_path) -> None:
    broken = tmp_path / "iree-opt"
    broken.write_text("#!/bin/sh\necho 'cannot load libIREECompiler' >&2\nexit 127\n")
    broken.chmod(0o755)
    code, out = _pytest(ONE_JAX_TEST, tmp_path, ci=False, iree=str(broken))
    assert code == 0 and "1 passed" in out, out
    code, out = _pytest(ONE_JAX_TEST, tmp_path, ci=True, iree=str(broken))
    assert code == 1 and "reference tools are broken" in out and "does not run" in out, out
    code, out = _pytest(ONE_JAX_TEST, tmp_path, ci=True, iree=str(tmp_path / "absent"))
    assert code == 1 and "iree-opt not found" in out, out


def test_working_tools_pass_under_ci(tmp_path) -> None:
    code, out = _pytest(ONE_JAX_TEST, tmp_path, ci=True)
    assert code == 0 and "1 passed" in out, out
