"""The `hlopt` command line run in this process (click's CliRunner), for the
oracle suites that compare its exit status, stdout and stderr with a
reference tool's: the same command as `python -m hlopt ARGS` without a
Python start-up and import per case (~0.4 s of CPU each)."""

from __future__ import annotations

import subprocess

from click.testing import CliRunner


def run(args: list[str], input: str | None = None) -> subprocess.CompletedProcess:
    """`hlopt ARGS` with `input` on stdin, as subprocess.run would report it."""
    from hlopt.cli import main

    r = CliRunner().invoke(main, args, input=input, catch_exceptions=False)
    return subprocess.CompletedProcess(["hlopt", *args], r.exit_code, r.stdout, r.stderr)
