"""The pass catalog (hlopt/passes/_catalog.py) that --help and --list-passes
read instead of importing every pass module."""

from __future__ import annotations

import pathlib
import subprocess
import sys

from hlopt.passes.catalog import catalog_source, live_entries

CATALOG = pathlib.Path(__file__).resolve().parents[2] / "hlopt" / "passes" / "_catalog.py"


def test_catalog_is_generated_from_the_pass_classes():
    # stale: regenerate with `make catalog` (python -m hlopt.passes.catalog)
    assert CATALOG.read_text() == catalog_source(live_entries())


def test_listing_passes_imports_no_pass_module():
    code = ("import sys, hlopt.cli as c; text = c._list_passes(); "
            "mods = sorted(m for m in sys.modules if m.startswith('hlopt.passes.') and m not in "
            "('hlopt.passes.catalog', 'hlopt.passes._catalog', 'hlopt.passes.registry', 'hlopt.passes.base')); "
            "print(len(text.splitlines()), 'numpy' in sys.modules, mods)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split(" ", 2)
    assert int(out[0]) > 20
    assert out[1] == "False" and out[2].strip() == "[]", out


def test_a_run_time_pass_is_listed_with_the_catalog_s():
    code = ("from hlopt.passes.base import Pass, dataclass\n"
            "from hlopt.passes.registry import register_pass\n"
            "@register_pass\n@dataclass\nclass P(Pass):\n"
            "    argument = 'zz-user-pass'\n    summary = 'a user pass'\n    def run(self, op): pass\n"
            "import hlopt.cli as c\nprint(c._list_passes())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "  --zz-user-pass: a user pass" in out
    assert out.index("--cse") < out.index("--zz-user-pass")
