"""Imports flow one way, and the test sees every edge.

    top (cli, driver, run_cli, run_hir, hlopt/__init__)
     -> passes            (the pass manager calls --check-semantics' checker)
     -> interp            (the executor: api, machine, runtime, limits, semantics)
     -> analysis
     -> dialects          (op declarations with their folders and `interpret` rules)
     -> kernels           (numpy kernels the rules call; beside ir)
     -> ir, syntax        (syntax beside ir: it may use ir, ir never uses syntax)

hlopt.output (atomic file writing) imports nothing of hlopt; only passes
(files a pass option names) and the top use it, so analyses never write files.

Why kernels sit below the dialects instead of rules being registered from
hlopt/interp: an op is declared in one place (its class holds its verifier,
syntax, folders and interpreter rule), so the rule's numpy helpers must be
importable by the declaration. The executor that runs rules (hlopt/interp)
reaches them through `op.opdef.interpret` and names no op or dialect.

An edge is any way a module gets at another: `import`/`from` statements at
module level or inside functions, `lazy_module("...")`,
`importlib.import_module("...")`, `__import__("...")`, and any other string
constant naming an hlopt module (a table of module names, `"hlopt.x." + name`).
Dialects use the syntax package only through its public API (the names
hlopt/syntax/__init__.py exports, and the codec hlopt/syntax/bytecode/__init__.py
exports for dialects with their own bytecode encodings), never lexer regexes
or parser internals.
No module imports another module's private names.
"""

from __future__ import annotations

import ast
import importlib
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "hlopt"

# what each layer may import besides itself
ALLOWED = {
    "ir": set(),
    "syntax": {"ir"},
    "kernels": {"ir"},
    "dialects": {"ir", "syntax", "kernels"},
    "analysis": {"ir", "syntax", "kernels", "dialects"},
    "interp": {"ir", "syntax", "kernels", "analysis"},
    "output": set(),
    "passes": {"ir", "syntax", "kernels", "dialects", "analysis", "interp", "output"},
    "top": {"ir", "syntax", "kernels", "dialects", "analysis", "interp", "output", "passes"},
}
LAYERS = set(ALLOWED) - {"top", "output"}

# modules of hlopt.syntax that dialects may import, each by the names its
# __all__ exports (their public API): the front end's, and the bytecode
# package's codec for dialects with their own encodings (VHLO)
PUBLIC_SYNTAX = {"hlopt.syntax", "hlopt.syntax.bytecode"}
# dialect modules whose custom syntax another change is rewriting: they keep
# their imports of syntax internals until then (an entry that is no longer
# needed fails test_pending_syntax_entries_are_needed)
PENDING_SYNTAX = {
    # cf/func: their forms move to the declarative assembly format (issue 28 item 2)
    "hlopt.dialects.cf": "declarative assembly format",
    "hlopt.dialects.func": "declarative assembly format",
}


def layer_of(module: str) -> str:
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in LAYERS:
        return parts[1]
    return "output" if module == "hlopt.output" else "top"


def _modules():
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT)
        yield ".".join(("hlopt",) + rel.with_suffix("").parts).removesuffix(".__init__"), path


MODULES = list(_modules())
KNOWN = {m for m, _ in MODULES}


@dataclass(frozen=True)
class Edge:
    target: str
    names: tuple[str, ...]
    line: int
    kind: str  # "import", "local import", "lazy string", "module string"

    def __str__(self) -> str:
        return f"line {self.line}: {self.kind} {self.target}" + (f" ({', '.join(self.names)})" if self.names else "")


_LOADERS = {"lazy_module", "import_module", "__import__"}


def _named_module(text: str) -> str | None:
    """The hlopt module a string names ("hlopt.kernels.values", or a prefix
    "hlopt.dialects." that a name is appended to), else None."""
    if not text.startswith("hlopt.") or any(c.isspace() for c in text):
        return None
    parts = text.rstrip(".").split(".")
    for n in range(len(parts), 1, -1):
        if ".".join(parts[:n]) in KNOWN:
            return ".".join(parts[:n])
    return None


def edges(source: str, module: str, filename: str = "<string>") -> list[Edge]:
    """Every edge from `module` (whose text is `source`) to an hlopt module."""
    tree = ast.parse(source, filename)
    out: list[Edge] = []
    package = module if filename.endswith("__init__.py") else module.rpartition(".")[0]
    local_lines: set[int] = set()
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            local_lines |= {n.lineno for n in ast.walk(fn) if isinstance(n, (ast.Import, ast.ImportFrom))}
    seen_strings: set[int] = set()
    for node in ast.walk(tree):
        kind = "local import" if getattr(node, "lineno", 0) in local_lines else "import"
        if isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level:  # relative: resolve against the package
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([mod] if mod else []))
            if mod == "hlopt" or mod.startswith("hlopt."):
                out.append(Edge(mod, tuple(a.name for a in node.names), node.lineno, kind))
        elif isinstance(node, ast.Import):
            out += [Edge(a.name, (), node.lineno, kind) for a in node.names
                    if a.name == "hlopt" or a.name.startswith("hlopt.")]
        elif isinstance(node, ast.Call) and node.args:
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            arg = node.args[0]
            if name in _LOADERS and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                seen_strings.add(id(arg))
                if arg.value.startswith("hlopt"):
                    out.append(Edge(arg.value, (), node.lineno, "lazy string"))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in seen_strings:
            target = _named_module(node.value)
            if target is not None:
                out.append(Edge(target, (), node.lineno, "module string"))
    return out


EDGES = {m: edges(p.read_text(), m, str(p)) for m, p in MODULES}


def test_the_edge_finder_sees_every_kind_of_edge():
    src = '''
import hlopt.ir.core
from hlopt.syntax import split_top
from hlopt.ir.lazy import lazy_module
import importlib
np = lazy_module("numpy")
kernels = lazy_module("hlopt.kernels.heavy")
_D = "hlopt.dialects."
TABLE = {"x": "hlopt.interp.api", "note": "hlopt.awaited", "doc": "see hlopt.cli for more"}

def f():
    from hlopt.passes.manager import PassManager
    importlib.import_module("hlopt.analysis.timeline")
    __import__("hlopt.output")
    return lambda: importlib.import_module(_D + "arith")
'''
    got = {(e.target, e.kind) for e in edges(src, "hlopt.dialects.example")}
    assert got == {
        ("hlopt.ir.core", "import"), ("hlopt.syntax", "import"), ("hlopt.ir.lazy", "import"),
        ("hlopt.kernels.heavy", "lazy string"), ("hlopt.dialects", "module string"),
        ("hlopt.interp.api", "module string"), ("hlopt.passes.manager", "local import"),
        ("hlopt.analysis.timeline", "lazy string"), ("hlopt.output", "lazy string"),
    }
    rel = edges("from ..kernels import values\nfrom . import arith\n", "hlopt.dialects.x")
    assert [e.target for e in rel] == ["hlopt.kernels", "hlopt.dialects"]


@pytest.mark.parametrize("name", [m for m, _ in MODULES])
def test_imports_flow_one_way(name):
    layer = layer_of(name)
    bad = [f"{name} {e} (layer {layer_of(e.target)})" for e in EDGES[name]
           if layer_of(e.target) != layer and layer_of(e.target) not in ALLOWED[layer]]
    assert not bad, bad


def test_every_module_named_in_a_string_exists():
    """A `lazy_module("hlopt...")` naming a moved or misspelt module fails
    only when the rule first runs; here it fails at once."""
    bad = [f"{m} {e}" for m, es in EDGES.items() for e in es if e.kind == "lazy string" and e.target not in KNOWN]
    assert not bad, bad


@pytest.mark.parametrize("name", [m for m, _ in MODULES if layer_of(m) == "dialects"])
def test_dialects_use_only_the_public_syntax_api(name):
    if name in PENDING_SYNTAX:
        pytest.skip(f"pending: {PENDING_SYNTAX[name]}")
    bad = []
    for e in EDGES[name]:
        if layer_of(e.target) != "syntax":
            continue
        if e.target not in PUBLIC_SYNTAX:
            bad.append(f"{e}: not the public syntax API (import it from hlopt.syntax)")
            continue
        public = set(importlib.import_module(e.target).__all__)
        bad += [f"{e}: {n} is not exported by {e.target}" for n in e.names if n not in public]
    assert not bad, bad


def test_pending_syntax_entries_are_needed():
    """An exception above that is no longer used goes away, so the list only shrinks."""
    stale = [m for m in PENDING_SYNTAX
             if m not in EDGES or not any(layer_of(e.target) == "syntax" and e.target not in PUBLIC_SYNTAX
                                          for e in EDGES[m])]
    assert not stale, stale


@pytest.mark.parametrize("module", sorted(PUBLIC_SYNTAX))
def test_the_public_syntax_api_resolves(module):
    api = importlib.import_module(module)
    for n in api.__all__:
        assert getattr(api, n) is not None, n


@pytest.mark.parametrize("name", [m for m, _ in MODULES])
def test_no_private_names_from_other_modules(name):
    bad = [f"{e}: {n}" for e in EDGES[name] if e.target != name
           for n in e.names if n.startswith("_") and not n.startswith("__")]
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
    from hlopt.dialects import DIALECTS

    names = set()
    for info in DIALECTS.values():
        if info.module:
            names |= {op.name for op in importlib.import_module(info.module).DIALECT.ops}
    return names


@pytest.mark.parametrize("package", ["interp", "kernels"])
def test_interpreter_names_no_op(package):
    """Interpreter rules live on the op declarations (`interpret`
    classmethods): neither the executor nor the kernels name an op, so a
    table from op names to rules cannot come back."""
    ops = _registered_op_names()
    assert "stablehlo.add" in ops and len(ops) > 200
    bad = []
    for path in sorted((ROOT / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ops:
                bad.append(f"{path.name}:{node.lineno} names '{node.value}'")
    assert not bad, bad
