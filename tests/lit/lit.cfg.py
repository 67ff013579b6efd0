# lit configuration for hlopt's golden tests: `// RUN: hlopt %s ... | filecheck %s`.
import os
import shutil
import sys

import lit.formats

config.name = "hlopt"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.test_source_root, "Output")

# Tools (hlopt, filecheck) come from the interpreter's environment (the venv).
bindir = os.path.dirname(sys.executable)
config.environment["PATH"] = os.pathsep.join([bindir, os.environ.get("PATH", "")])
# stable, uncolored diagnostics; no shared grammar cache races between tests
config.environment["TERM"] = "dumb"
for tool in ("hlopt", "filecheck"):
    if shutil.which(tool, path=config.environment["PATH"]) is None:
        lit_config.fatal(f"'{tool}' not found on PATH; run `make test` to bootstrap .venv")
