"""The opt driver: parse -> verify -> pass manager -> print, per chunk.

Kept separate from the click front end so tests and tools can call it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from hlopt.ir.core import IRError, Operation
from hlopt.ir.location import Location
from hlopt.syntax.diagnostics import Diagnostic, DiagnosticError
from hlopt.syntax.source import Source


@dataclass
class Options:
    generic: bool = False
    debuginfo: bool = False
    local_scope: bool = False
    allow_unregistered: bool = False
    # process-wide switch: only the command line, whose IR lives until exit, sets it
    freeze_gc: bool = False
    verify: bool = True
    pipeline_text: str | None = None
    pass_specs: list = field(default_factory=list)  # PassSpec, in command-line order
    print_before_all: bool = False
    print_after_all: bool = False
    print_after_change: bool = False
    print_after_failure: bool = False
    timing: bool = False
    statistics: bool = False
    emit_bytecode: bool = False
    timing_display: str = "tree"
    dump_pass_pipeline: bool = False
    elide_elements: int | None = None  # --mlir-elide-elementsattrs-if-larger
    reproducer: str | None = None  # --mlir-pass-pipeline-crash-reproducer=FILE
    run_reproducer: bool = False
    tree_dir: str | None = None  # --mlir-print-ir-tree-dir
    verify_roundtrip: bool = False
    artifact: str | None = None  # --emit-portable-artifact[=VERSION]
    before_passes: frozenset = frozenset()  # --mlir-print-ir-before=PASS
    after_passes: frozenset = frozenset()  # --mlir-print-ir-after=PASS


@dataclass
class Printed:
    """A processed module whose text is written on demand, in pieces
    (process(..., stream=True)): the CLI streams it to its output."""

    module: Operation
    resources: Sequence[str]
    generic: bool
    debuginfo: bool
    local_scope: bool = False
    elide_elements: int | None = None

    def write_to(self, write: Callable[[str], None]) -> None:
        from hlopt.syntax.printer import write_op

        write_op(self.module, write, self.generic, self.debuginfo, self.resources, self.local_scope,
                 self.elide_elements)


def op_diag(e: IRError, source: Source | None, severity: str = "error") -> Diagnostic:
    loc = e.location or (e.op.location if e.op is not None else None)
    d = Diagnostic(severity, e.message, loc, source=source)
    for msg, where in e.notes:
        nloc = where if isinstance(where, Location) or where is None else where.location
        d.notes.append(Diagnostic("note", msg, nloc, source=source))
    return d


def build_pass_manager(opts: Options):
    from hlopt.passes.manager import PassManager

    if opts.pipeline_text:
        from hlopt.passes.pipeline import parse_anchored_pipeline

        pm = PassManager()
        pm.add_specs(parse_anchored_pipeline(opts.pipeline_text))
    else:
        pm = PassManager()
        for s in opts.pass_specs:
            from hlopt.passes.pipeline import PipelineError
            from hlopt.passes.registry import did_you_mean, get_pass

            cls = get_pass(s.name)
            if cls is None:
                raise PipelineError(f"'{s.name}' does not refer to a registered pass{did_you_mean(s.name)}")
            pm.add(cls.from_options(s.options))
    pm.verify_each = opts.verify
    return pm


def process(source: Source, opts: Options, pm=None,
            stream: bool = False) -> tuple[str | Printed | None, list[Diagnostic], list]:
    """Run one buffer; returns (output text or None on failure, diagnostics, timings).
    Warnings and remarks (Context.emit) come back with a successful output too.
    With `stream`, the output is a Printed, not yet printed (no Output timing)."""
    from hlopt.ir.context import current_context

    notes: list[Diagnostic] = []
    seen: set = set()

    def collect(severity: str, message: str, op) -> None:
        # the verifier runs after every pass: report each finding once
        loc = op.location if op is not None else None
        key = (severity, message, id(op) if loc is None else loc.text)
        if key not in seen:
            seen.add(key)
            notes.append(Diagnostic(severity, message, loc, source=source))

    with current_context().diagnostic_handler(collect):
        out, diags, stages = _process(source, opts, pm, stream)
    return out, notes + diags, stages


def _process(source: Source, opts: Options, pm=None,
             stream: bool = False) -> tuple[str | Printed | None, list[Diagnostic], list]:
    from hlopt.ir.core import no_gc
    from hlopt.ir.verifier import verify
    from hlopt.syntax.parser import parse_source
    from hlopt.syntax.printer import print_op

    stages: list[tuple[str, float]] = []
    t0 = time.perf_counter()
    try:
        with no_gc():
            module, resources = parse_source(source, opts.allow_unregistered)
            if opts.freeze_gc:
                # the parsed IR lives until the process exits (the CLI's case): keep
                # later collections (during passes) from rescanning it. Frozen before
                # the GC is back on: else the first allocation after the parse starts
                # a young collection over the whole new IR (0.34 s on the 240-layer
                # transformer, a tenth of its run)
                import gc

                gc.freeze()
    except DiagnosticError as e:
        return None, e.diagnostics, stages
    t1 = time.perf_counter()
    stages.append(("Parser", t1 - t0))
    if opts.verify:
        try:
            verify(module)
        except IRError as e:
            # MLIR's further errors on the same op (e.g. 'failed to infer returned types')
            more = [op_diag(IRError(m, e.op, e.location), source) for m in getattr(e, "followups", ())]
            return None, [op_diag(e, source), *more], stages
        stages.append(("Verifier", time.perf_counter() - t1))
    if pm is not None and pm.items:
        from hlopt.passes.manager import PipelineFailure

        pm.timings = {}
        # the reproducer holds the input of the pipeline, so print it first
        snapshot = print_op(module) if opts.reproducer else None
        try:
            pm.run(module)
        except PipelineFailure as e:
            d = op_diag(IRError(e.message, e.op, notes=e.notes), source)
            what = "failed" if e.kind == "failed" else "produced invalid IR"
            d.notes.append(Diagnostic("note", f"pass '{e.pass_.argument}' {what}", d.location, source=source,
                                      context=True))
            if snapshot is not None:
                d.notes.append(Diagnostic("note", _write_reproducer(opts.reproducer, snapshot, pm, opts),
                                          d.location, source=source, context=True))
            _pass_stages(pm, stages)
            first = [op_diag(IRError(m, o), source) for m, o in e.errors]
            return None, [*first, d], stages
        _pass_stages(pm, stages)
    if opts.verify_roundtrip:
        problem = roundtrip_problem(module, source.name, opts.allow_unregistered)
        if problem is not None:
            return None, [Diagnostic("error", problem, module.location, source=source)], stages
    if stream:
        return Printed(module, resources, opts.generic, opts.debuginfo, opts.local_scope,
                       opts.elide_elements), [], stages
    t2 = time.perf_counter()
    text = print_op(module, opts.generic, opts.debuginfo, resources, opts.local_scope, opts.elide_elements)
    stages.append(("Output", time.perf_counter() - t2))
    return text, [], stages


def roundtrip_problem(module: Operation, name: str, allow_unregistered: bool) -> str | None:
    """--verify-roundtrip: the module printed generically with locations
    must read back to the same print, from text and from bytecode."""
    from hlopt.syntax.bytecode import bytecode_to_text
    from hlopt.syntax.bytecode.writer import write_bytecode
    from hlopt.syntax.parser import parse_source
    from hlopt.syntax.printer import print_op

    reference = print_op(module, generic=True, debuginfo=True)
    for how, text in (("text", lambda: reference),
                      ("bytecode", lambda: bytecode_to_text(name, write_bytecode(module)))):
        try:
            again, _ = parse_source(Source(name, text()), allow_unregistered)
        except DiagnosticError as e:
            return f"roundTrip testing ({how}) failed to read the printed module: {e.diagnostics[0].message}"
        if print_op(again, generic=True, debuginfo=True) != reference:
            return f"roundTrip testing ({how}) roundtripped module differs from reference"
    return None


def reproducer_text(module_text: str, pipeline: str, verify_each: bool) -> str:
    """MLIR's crash reproducer: the pipeline's input, then the pipeline in
    an `mlir_reproducer` external resource (what --run-reproducer reads)."""
    from hlopt.ir.attributes import quote

    return (module_text + "\n{-#\n  external_resources: {\n    mlir_reproducer: {\n"
            f"      pipeline: {quote(pipeline)},\n      disable_threading: false,\n"
            f"      verify_each: {'true' if verify_each else 'false'}\n    }}\n  }}\n#-}}\n")


def _write_reproducer(path: str, module_text: str, pm, opts: Options) -> str:
    from hlopt.output import write_output

    try:
        write_output(path, reproducer_text(module_text, pm.pipeline_text(), opts.verify))
    except OSError as e:
        return f"could not write the reproducer to `{path}`: {e.strerror or e}"
    return f"reproducer generated at `{path}`"


def reproducer_pipeline(text: str) -> tuple[str, bool] | None:
    """(pipeline, verify_each) of a reproducer's `mlir_reproducer` resource."""
    import re

    start = re.search(r"^[ \t]*\{-#", text, re.M)  # a metadata block, not a comment
    m = re.compile(r"mlir_reproducer\s*:\s*\{").search(text, start.end()) if start else None
    if m is None:
        return None
    p = re.compile(r'\s*pipeline\s*:\s*"((?:[^"\\]|\\.)*)"').search(text, m.end())
    if p is None:
        return None
    v = re.compile(r'verify_each\s*:\s*(true|false)').search(text, m.end())
    return p.group(1).replace('\\"', '"').replace("\\\\", "\\"), v is None or v.group(1) == "true"


def _pass_stages(pm, stages: list) -> None:
    for name, t in pm.timings.items():
        stages.append((name, t))


def run_module(module: Operation, pipeline: str) -> None:
    """API helper: run a textual pipeline on a module in place."""
    from hlopt.passes.manager import PassManager

    PassManager.from_text(pipeline).run(module)
