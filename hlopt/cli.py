"""`hlopt`: the mlir-opt-style command line (click).

Pass flags (`--cse`, `--lower-streams=num-streams=2`) are collected in
order from the arguments click does not know; everything else follows
mlir-opt's option names.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import threading
import time

import click

from hlopt import __version__
from hlopt.output import StreamClosed


class _Command(click.Command):
    def format_help(self, ctx, formatter):
        super().format_help(ctx, formatter)
        from hlopt.passes.catalog import entries

        rows = []
        for e in entries():
            rows.append((f"--{e.argument}", e.summary))
            for o in e.options:
                rows.append((f"    {o.name}=<{o.type}>", o.help))
        with formatter.section("Passes"):
            formatter.write_dl(rows)


def _list_passes() -> str:
    from hlopt.passes.catalog import entries

    lines = ["Available passes:"]
    for e in entries():
        anchor = f" [{e.anchor}]" if e.anchor else ""
        lines.append(f"  --{e.argument}{anchor}: {e.summary}")
        for o in e.options:
            lines.append(f"      {o.name}=<{o.type}> (default: {o.default})" + (f"  {o.help}" if o.help else ""))
    return "\n".join(lines) + "\n"


@click.command(cls=_Command, context_settings={"ignore_unknown_options": True, "allow_extra_args": True,
                                                "help_option_names": ["-h", "--help"]})
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
@click.option("-o", "output", metavar="FILE", default="-", help="Output file (written atomically); default stdout.")
@click.option("--split-input-file", is_flag=True, help="Split the input on '// -----' and process chunks independently.")
@click.option("--verify-diagnostics", is_flag=True, help="Check diagnostics against expected-* annotations.")
@click.option("--allow-unregistered-dialect", is_flag=True, help="Allow ops of unknown dialects.")
@click.option("--mlir-print-op-generic", "generic", is_flag=True, help="Print every op in the generic form.")
@click.option("--mlir-print-debuginfo", "debuginfo", is_flag=True, help="Print locations.")
@click.option("--mlir-disable-threading", "_threading", is_flag=True,
              help="Accepted for mlir-opt RUN lines; hlopt runs passes on one thread.")
@click.option("--mlir-print-local-scope", "local_scope", is_flag=True,
              help="Print without aliases: attributes, types and locations inline.")
@click.option("--mlir-print-ir-before-all", "before_all", is_flag=True, help="Print IR before each pass.")
@click.option("--mlir-print-ir-after-all", "after_all", is_flag=True, help="Print IR after each pass.")
@click.option("--mlir-print-ir-before", "before_passes", multiple=True, metavar="PASS",
              help="Print IR before each run of these passes (pass arguments, comma separated).")
@click.option("--mlir-print-ir-after", "after_passes", multiple=True, metavar="PASS",
              help="Print IR after each run of these passes (pass arguments, comma separated).")
@click.option("--mlir-print-ir-after-change", "after_change", is_flag=True, help="Print IR after a pass changed it.")
@click.option("--mlir-print-ir-after-failure", "after_failure", is_flag=True, help="Print IR after a pass failed.")
@click.option("--mlir-timing", "timing", is_flag=True, help="Report wall time of parsing, each pass and printing.")
@click.option("--mlir-timing-display", "timing_display", type=click.Choice(["list", "tree"]), default="tree",
              help="The --mlir-timing report: 'tree' in run order (default) or 'list' merged, slowest first.")
@click.option("--mlir-pass-statistics", "statistics", is_flag=True, help="Report pass statistics.")
@click.option("--pass-pipeline", metavar="PIPELINE", default=None,
              help="Textual pipeline, e.g. 'builtin.module(func.func(cse),canonicalize)'.")
@click.option("--verify-each/--no-verify-each", default=True, help="Verify the IR after each pass (default on).")
@click.option("--list-passes", is_flag=True, help="List passes with their options and exit.")
@click.option("--load-pass-plugin", "plugins", multiple=True, metavar="FILE.py",
              help="Import a Python file whose passes register with hlopt.passes.registry.register_pass.")
@click.option("--mlir-elide-elementsattrs-if-larger", "elide_elements", type=click.IntRange(min=0), default=None,
              metavar="N", help="Print elements attributes with more than N elements as dense_resource<__elided__>.")
@click.option("--mlir-pass-pipeline-crash-reproducer", "reproducer", metavar="FILE", default=None,
              help="On a pass failure, write the pipeline's input and the pipeline to FILE (MLIR's reproducer).")
@click.option("--run-reproducer", is_flag=True, help="Run the pipeline recorded in the input's mlir_reproducer resource.")
@click.option("--mlir-print-ir-tree-dir", "tree_dir", metavar="DIR", default=None,
              help="Write the --mlir-print-ir-* dumps to files under DIR, a directory per op.")
@click.option("--verify-roundtrip", is_flag=True,
              help="Check that the output, printed generically, reads back the same from text and bytecode.")
@click.option("--show-dialects", is_flag=True, help="Print the registered dialects and exit.")
@click.option("--dump-pass-pipeline", is_flag=True, help="Print the pipeline that will run (stderr), then run it.")
@click.option("--emit-bytecode", is_flag=True, help="Write the output as MLIR bytecode (format version 1).")
@click.option("--emit-portable-artifact", "artifact", is_flag=False, flag_value="current", default=None,
              metavar="[VERSION]", help="Write a StableHLO portable artifact (VHLO bytecode) for VERSION "
                                        "(default: the newest hlopt writes).")
@click.option("--check-semantics", is_flag=True,
              help="Interpret the module on seeded random inputs before the pipeline and after every pass; "
                   "stop at the first pass that changes a result.")
@click.option("--check-semantics-seeds", type=click.IntRange(min=1), default=1, metavar="K",
              help="Input sets --check-semantics runs (default 1).")
@click.option("--check-semantics-max-steps", "check_max_steps", type=click.IntRange(min=1), default=None, metavar="N",
              help="Op executions per device and run before --check-semantics gives up (default 10^8).")
@click.option("--check-semantics-max-bytes", "check_max_bytes", type=click.IntRange(min=1), default=None,
              metavar="N", help="Bytes the interpreter may hold under --check-semantics (default: half the memory).")
@click.version_option(__version__, "--version", prog_name="hlopt")
def main(args, output, split_input_file, verify_diagnostics, allow_unregistered_dialect, generic, debuginfo,
         _threading, local_scope,
         before_all, after_all, after_change, after_failure, timing, statistics, pass_pipeline, verify_each,
         list_passes, check_semantics, check_semantics_seeds, check_max_steps, check_max_bytes, emit_bytecode,
         timing_display, dump_pass_pipeline, before_passes, after_passes, show_dialects, plugins, elide_elements,
         reproducer, run_reproducer, tree_dir, verify_roundtrip, artifact):
    """hlopt: parse MLIR, run passes, print MLIR (like mlir-opt).

    \b
      hlopt model.mlir --cse --canonicalize -o out.mlir
      cat in.mlir | hlopt --pass-pipeline='builtin.module(func.func(cse))'
    """
    _START[:] = [time.perf_counter()]
    for path in plugins:  # first: their passes are looked up like the built-in ones
        _load_plugin(path)
    if list_passes:
        click.echo(_list_passes(), nl=False)
        return
    if show_dialects:  # as mlir-opt: one line, sorted, comma separated
        from hlopt.dialects import DIALECTS

        click.echo("Available Dialects: " + ",".join(sorted(DIALECTS)))
        return
    from hlopt.driver import Options
    from hlopt.passes.pipeline import PassSpec, PipelineError, parse_options

    inputs, specs = [], []
    for a in args:
        if a.startswith("--") and len(a) > 2:
            body = a[2:]
            brace, eqpos = body.find("{"), body.find("=")
            if brace > 0 and (eqpos < 0 or brace < eqpos) and body.endswith("}"):
                name, rest, eq = body[:brace], body[brace + 1:-1], "="  # `--canonicalize{max-iterations=3}`
            else:
                name, eq, rest = body.partition("=")
            opts = {}
            if eq:
                from hlopt.passes.registry import get_pass

                positional = getattr(get_pass(name), "positional_option", None)
                try:  # `--view-schedule=FILE.json`: the value of the pass's positional option
                    opts = {positional: rest} if positional and "=" not in rest else parse_options(rest)
                except PipelineError as e:
                    raise click.UsageError(str(e)) from None
            specs.append(PassSpec(name, opts))
        elif a == "-" or not a.startswith("-"):
            inputs.append(a)
        else:
            raise click.UsageError(f"Unknown command line argument '{a}'.")
    if len(inputs) > 1:
        raise click.UsageError(f"Too many positional arguments specified: {' '.join(inputs)}")
    if pass_pipeline and specs:
        raise click.UsageError("'--pass-pipeline' option can't be used with individual pass options")
    from hlopt.passes.registry import get_pass

    for s in specs:
        if get_pass(s.name) is None:
            from hlopt.passes.registry import all_passes, closest_names

            near = closest_names(s.name, [p.argument for p in all_passes()])
            hint = "\nDid you mean " + " or ".join(f"'--{x}'" for x in near) + "?" if near else ""
            raise click.UsageError(f"Unknown command line argument '--{s.name}'. Try: 'hlopt --help'{hint}")
    if artifact is not None and artifact != "current" and not re.fullmatch(r"\d+\.\d+\.\d+", artifact):
        # click takes a following word as the optional value: say so instead of reading it as a version
        raise click.UsageError(f"'--emit-portable-artifact' takes its version as '=X.Y.Z' (got '{artifact}')")
    if artifact is not None and (emit_bytecode or split_input_file):
        raise click.UsageError("'--emit-portable-artifact' writes one module: it can't be used with "
                               "'--emit-bytecode' or '--split-input-file'")
    if emit_bytecode and split_input_file:
        raise click.UsageError("'--emit-bytecode' writes one module: it can't be used with '--split-input-file'")
    before_passes, after_passes = _pass_list(before_passes), _pass_list(after_passes)
    if run_reproducer and (specs or pass_pipeline):
        raise click.UsageError("'--run-reproducer' runs the input's own pipeline: no pass options with it")
    opts = Options(artifact=artifact, verify_roundtrip=verify_roundtrip, tree_dir=tree_dir, reproducer=reproducer, run_reproducer=run_reproducer, elide_elements=elide_elements, before_passes=before_passes, after_passes=after_passes, dump_pass_pipeline=dump_pass_pipeline, emit_bytecode=emit_bytecode, timing_display=timing_display, generic=generic, debuginfo=debuginfo, local_scope=local_scope, allow_unregistered=allow_unregistered_dialect, freeze_gc=True,
                   verify=verify_each, pipeline_text=pass_pipeline, pass_specs=specs,
                   print_before_all=before_all, print_after_all=after_all, print_after_change=after_change,
                   print_after_failure=after_failure, timing=timing, statistics=statistics)
    path = inputs[0] if inputs else "-"
    if hasattr(sys, "set_int_max_str_digits"):  # i128+ literals may be long; MLIR has no digit limit
        sys.set_int_max_str_digits(0)
    seeds = check_semantics_seeds if check_semantics else 0
    limits = (check_max_steps, check_max_bytes)
    code = _run_in_big_stack(lambda: _run(path, output, opts, split_input_file, verify_diagnostics, seeds, limits))
    sys.exit(code)


def _load_plugin(path: str) -> None:
    """Import a pass plugin file (mlir-opt's --load-pass-plugin, for Python)."""
    import importlib.util

    name = "hlopt_plugin_" + "".join(c if c.isalnum() else "_" for c in os.path.basename(path))
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None or not os.path.isfile(path):
        raise click.UsageError(f"could not load pass plugin '{path}': not a readable Python file")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # dataclasses look their module up while the file runs
    try:
        spec.loader.exec_module(mod)
    except Exception as e:  # the plugin's own error, reported as a usage error
        del sys.modules[name]
        raise click.UsageError(f"could not load pass plugin '{path}': {type(e).__name__}: {e}") from None


def _pass_list(values: tuple[str, ...]) -> frozenset:
    """`--mlir-print-ir-after=cse,canonicalize` (repeatable): registered pass
    arguments, each checked (a misspelling is a usage error)."""
    from hlopt.passes.registry import all_passes, closest_names, get_pass

    names = frozenset(n.strip() for v in values for n in v.split(",") if n.strip())
    for n in sorted(names):
        if get_pass(n) is None:
            near = closest_names(n, [p.argument for p in all_passes()])
            hint = " (did you mean " + " or ".join(f"'{x}'" for x in near) + "?)" if near else ""
            raise click.UsageError(f"'{n}' does not refer to a registered pass{hint}")
    return names


_START: list[float] = []  # when main() began: the timing report's total


def _run_in_big_stack(fn):
    """Deeply nested IR recurses; run with a large stack and recursion limit.

    The main thread only waits, so it is free to run the SIGINT/SIGTERM
    handlers that remove a pending `-o` temporary file."""
    from hlopt.output import closed_std_fds, install_signal_handlers

    closed_std_fds()  # before any file is opened, so none lands on fd 0-2
    result = []
    sys.setrecursionlimit(200000)
    threading.stack_size(512 * 1024 * 1024)
    t = threading.Thread(target=lambda: result.append(_guard(fn)), daemon=True)
    in_main = threading.current_thread() is threading.main_thread()
    saved = [(s, signal.getsignal(s)) for s in (signal.SIGINT, signal.SIGTERM)] if in_main else []
    if in_main:
        install_signal_handlers()
    try:
        t.start()
        t.join()
    finally:
        for s, h in saved:  # in-process callers (tests) get their handlers back
            signal.signal(s, h)
    return result[0] if result else 1


def _guard(fn):
    try:
        return fn()
    except click.UsageError as e:
        e.show()
        return 2
    except _InputError:
        return 1
    except RecursionError:
        click.echo("error: input nested too deeply", err=True)
        return 1
    except StreamClosed as e:
        click.echo(f"error: could not write to {e}: the stream is closed", err=True)
        return 1
    except Exception as e:  # a bug in hlopt: a diagnostic, never a traceback
        if os.environ.get("HLOPT_TRACEBACK") or os.environ.get("HLOPT_DEBUG"):
            raise
        click.echo(f"error: internal error: {type(e).__name__}: {e} (set HLOPT_TRACEBACK=1 for details)",
                   err=True)
        return 1


def _read(path: str) -> tuple[str, str | bytes]:
    if path == "-":
        if sys.stdin is None:  # `hlopt 0<&-`
            raise click.UsageError("could not open input file '-': stdin is closed")
        data = sys.stdin.buffer.read()
        name = "<stdin>"
    else:
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise click.UsageError(f"could not open input file '{path}': {e.strerror}") from None
        name = path
    from hlopt.syntax.bytecode import is_bytecode

    if is_bytecode(data):  # MLIR bytecode, whatever the file is called: its bytes
        return name, data
    return name, data.decode("utf-8", "surrogateescape")


def _bytecode_text(name: str, data: bytes) -> str:
    """A bytecode input as generic text, for the paths that need text
    (--split-input-file, --run-reproducer)."""
    from hlopt.syntax.bytecode import bytecode_to_text
    from hlopt.syntax.diagnostics import DiagnosticError, render

    try:
        return bytecode_to_text(name, data)
    except DiagnosticError as e:
        render(e.diagnostics)
        raise _InputError() from None


class _InputError(Exception):
    """An input that could not be read; its diagnostic is already shown."""


def _run(path: str, output: str, opts, split: bool, verify_diags: bool, check_seeds: int = 0,
         check_limits: tuple = (None, None)) -> int:
    from hlopt.driver import build_pass_manager, process
    from hlopt.passes.pipeline import PipelineError
    from hlopt.syntax.diagnostics import Diagnostic, render
    from hlopt.syntax.source import Source
    from hlopt.syntax.split import split_source

    name, text = _read(path)
    bytecode = None
    if isinstance(text, bytes):  # the IR is built from the bytecode directly
        if opts.run_reproducer or split:
            text = _bytecode_text(name, text)
        else:
            bytecode, text = text, ""
    if opts.run_reproducer:
        from hlopt.driver import reproducer_pipeline

        found = reproducer_pipeline(text)
        if found is None:
            raise click.UsageError(f"'{name}' has no mlir_reproducer resource with a pipeline")
        opts.pipeline_text, opts.verify = found
    try:
        pm = build_pass_manager(opts)
    except (PipelineError, ValueError) as e:
        raise click.UsageError(str(e)) from None
    _instrument(pm, opts, check_seeds, check_limits)
    if opts.dump_pass_pipeline:
        n = len(pm.items)
        sys.stderr.write(f"Pass Manager with {n} passes:\n{pm.dump_text()}\n\n")
    if bytecode is not None:
        from hlopt.syntax.bytecode import BytecodeSource

        chunks: list[Source] = [BytecodeSource(name, bytecode)]
    else:
        chunks = split_source(name, text) if split else [Source(name, text)]
    outputs: list[str] = []
    failed = False
    all_stages: list = []
    for i, src in enumerate(chunks):
        if i:  # each chunk gets a fresh pipeline (statistics, state), as in mlir-opt
            pm = build_pass_manager(opts)
            _instrument(pm, opts, check_seeds, check_limits)
        out, diags, stages = process(src, opts, pm, stream=True)
        all_stages.extend(stages)
        if verify_diags:
            from hlopt.syntax.expected import check as check_expected

            errs = check_expected(src, diags)
            if errs:
                render(errs)
                failed = True
        elif diags:  # warnings and remarks alone do not fail the run
            for d in diags:
                d.source = d.source or src
            render(diags)
        if out is None and not verify_diags:
            failed = True
        # like mlir-opt, a failed chunk leaves an empty slot between separators
        outputs.append(out)
    def emit(write) -> None:  # the modules are printed straight to the output, in pieces
        for i, o in enumerate(outputs):
            if i:
                write("// -----\n")
            if o is not None:
                o.write_to(write)

    if failed:
        # nothing is written to a file (an existing one stays intact); on stdout the chunks
        # that succeeded are printed around the failed ones' empty slots, as mlir-opt does
        if split and output == "-" and not verify_diags and not opts.emit_bytecode and opts.artifact is None \
                and any(o is not None for o in outputs):
            try:
                _write(output, emit)
            except (BrokenPipeError, OSError):
                pass
        _timing(opts, all_stages)
        return 1

    t0 = time.perf_counter()
    data = emit
    if opts.artifact is not None and outputs and outputs[0] is not None:
        from hlopt.dialects.vhlo_write import ArtifactError, write_portable_artifact

        try:
            data = write_portable_artifact(outputs[0].module, None if opts.artifact == "current" else opts.artifact)
        except ArtifactError as e:
            click.echo(f"{path}: error: cannot write a portable "
                       f"artifact: {e}", err=True)
            return 1
    elif opts.emit_bytecode and outputs and outputs[0] is not None:
        from hlopt.syntax.bytecode.writer import write_bytecode

        try:
            data = write_bytecode(outputs[0].module, resources=outputs[0].resources)
        except ValueError as e:
            click.echo(f"{path}: error: cannot write bytecode: {e}", err=True)
            return 1
    try:
        _write(output, data)
    except BrokenPipeError:
        return 1
    except OSError as e:
        click.echo(f"error: could not write output file '{output}': {e.strerror or e}", err=True)
        return 1
    all_stages.append(("Output", time.perf_counter() - t0))
    _timing(opts, all_stages)  # after the output, as mlir-opt reports at exit
    del Diagnostic
    return 0


def _timing(opts, stages: list) -> None:
    if opts.timing:
        from hlopt.passes.instrumentation import timing_report

        merged: dict[str, float] = {}
        for k, t in stages:
            merged[k] = merged.get(k, 0.0) + t
        timing_report(list(merged.items()), display=opts.timing_display,
                      total=time.perf_counter() - _START[0] if _START else None)


def _instrument(pm, opts, check_seeds: int = 0, check_limits: tuple = (None, None)) -> None:
    from hlopt.passes.instrumentation import PrintIR, Statistics

    if check_seeds:  # --check-semantics with K input sets
        from hlopt.interp.limits import DEFAULT_MAX_STEPS, Limits
        from hlopt.passes.semantics import SemanticCheck

        steps, nbytes = check_limits
        limits = Limits(steps or DEFAULT_MAX_STEPS, nbytes)
        pm.instrumentations.append(SemanticCheck(seeds=check_seeds, limits=limits))
    if opts.print_before_all or opts.print_after_all or opts.print_after_change or opts.print_after_failure \
            or opts.before_passes or opts.after_passes:
        pm.instrumentations.append(PrintIR(opts.print_before_all, opts.print_after_all, opts.print_after_change,
                                           opts.print_after_failure, opts.generic, opts.debuginfo,
                                           local_scope=opts.local_scope, before_passes=opts.before_passes,
                                           after_passes=opts.after_passes, tree_dir=opts.tree_dir))
    if opts.statistics:
        pm.instrumentations.append(Statistics())


def _write(output: str, data) -> None:
    from hlopt.output import write_output, write_stdout

    if output == "-":
        write_stdout(data)
    else:
        write_output(output, data)


if __name__ == "__main__":  # pragma: no cover
    main()
