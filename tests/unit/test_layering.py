"""Imports flow one way: cli -> passes -> analysis -> dialects -> ir, with
syntax beside ir (dialects may use syntax; syntax and ir name no dialect),
and no module imports another module's private names."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "hlopt"

# what each layer may not import
FORBIDDEN = {
    "ir": ("hlopt.syntax", "hlopt.dialects", "hlopt.passes", "hlopt.analysis", "hlopt.cli", "hlopt.driver",
           "hlopt.interp"),
    "syntax": ("hlopt.dialects", "hlopt.passes", "hlopt.analysis", "hlopt.cli", "hlopt.driver"),
    # dialects may use the interpreter's kernels (their ops' `interpret` methods), not its executor
    "dialects": ("hlopt.passes", "hlopt.analysis", "hlopt.cli", "hlopt.driver", "hlopt.interp.api",
                 "hlopt.interp.machine", "hlopt.interp.runtime", "hlopt.interp.semantics"),
    "analysis": ("hlopt.passes", "hlopt.cli", "hlopt.driver"),
    "passes": ("hlopt.cli",),
    # the interpreter reaches ops through their definitions (`op.opdef.interpret`, traits), never by name
    "interp": ("hlopt.dialects", "hlopt.cli", "hlopt.driver"),
}


def _modules():
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT)
        yield ".".join(("hlopt",) + rel.with_suffix("").parts).removesuffix(".__init__"), path


def _imports(path: Path):
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module, [a.name for a in node.names], node.lineno
        elif isinstance(node, ast.Import):
            for a in node.names:
                yield a.name, [], node.lineno


MODULES = list(_modules())


@pytest.mark.parametrize("name,path", MODULES, ids=[m for m, _ in MODULES])
def test_imports_flow_one_way(name, path):
    parts = name.split(".")
    layer = parts[1] if len(parts) > 1 else ""
    bad = []
    for mod, _names, line in _imports(path):
        for f in FORBIDDEN.get(layer, ()):
            if mod == f or mod.startswith(f + "."):
                bad.append(f"{path.name}:{line} imports {mod}")
    assert not bad, bad


@pytest.mark.parametrize("name,path", MODULES, ids=[m for m, _ in MODULES])
def test_no_private_names_from_other_modules(name, path):
    bad = []
    for mod, names, line in _imports(path):
        if not mod.startswith("hlopt") or mod == name:
            continue
        for n in names:
            if n.startswith("_") and not n.startswith("__"):
                bad.append(f"{path.name}:{line} imports {mod}.{n}")
    assert not bad, bad


IMPORTABLE = [m for m, _ in MODULES if m != "hlopt.__main__"]


def test_every_module_imports_first():
    """Each module imports in a fresh interpreter on its own: no circular
    import that only works when another module happened to load first."""
    import subprocess
    import sys

    code = ("import importlib, subprocess, sys\n"
            "bad = []\n"
            "for m in sys.argv[1:]:\n"
            "    r = subprocess.run([sys.executable, '-c', 'import ' + m], capture_output=True, text=True)\n"
            "    if r.returncode:\n"
            "        bad.append(m + ': ' + r.stderr.strip().splitlines()[-1])\n"
            "print('\\n'.join(bad))\n")
    out = subprocess.run([sys.executable, "-c", code, *IMPORTABLE], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def _registered_op_names() -> set[str]:
    import importlib

    from hlopt.dialects import DIALECTS

    names = set()
    for info in DIALECTS.values():
        if info.module:
            names |= {op.name for op in importlib.import_module(info.module).DIALECT.ops}
    return names


def test_interpreter_names_no_op():
    """Interpreter rules live on the op declarations (`interpret`
    classmethods): no module of hlopt.interp names an op, so a table from op
    names to rules cannot come back."""
    ops = _registered_op_names()
    assert "stablehlo.add" in ops and len(ops) > 200
    bad = []
    for path in sorted((ROOT / "interp").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ops:
                bad.append(f"{path.name}:{node.lineno} names '{node.value}'")
    assert not bad, bad
