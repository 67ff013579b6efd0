"""pyproject.toml lists exactly the packages the source tree has (a package
missing from the list is not installed; a listed one that is gone breaks
`pip install`)."""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_pyproject_lists_exactly_the_packages_of_the_tree():
    text = (ROOT / "pyproject.toml").read_text()
    listed = set(re.findall(r'"([\w.]+)"', re.search(r"^packages = \[(.*)\]$", text, re.M).group(1)))
    tree = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "hlopt").rglob("__init__.py")}
    assert listed - {"hlopt.grammars"} == tree
