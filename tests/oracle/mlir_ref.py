#!/usr/bin/env python3
"""Reference MLIR parser/printer/verifier: a thin wrapper around jaxlib's MLIR.

hlopt must reproduce MLIR's printer byte-for-byte; this module is the oracle
the tests compare against.  It uses the same dialect registration as JAX
itself (``jax._src.interpreters.mlir.make_ir_context``): builtin, func, arith,
cf, scf, math, memref, vector, ... plus stablehlo, chlo, mhlo, sdy and mpmd.

API::

    parse_and_print(text, generic=False, debuginfo=False,
                    allow_unregistered=False, **get_asm_kwargs) -> str
    verify(text, allow_unregistered=False) -> (ok: bool, error_message: str)

CLI::

    python tests/oracle/mlir_ref.py [--generic] [--debuginfo]
        [--allow-unregistered-dialect] [--verify-only] FILE|-

Prints MLIR's own print of FILE to stdout.  With --verify-only prints ``OK``
or the diagnostic and exits 0/1.  Requires ``jax``/``jaxlib`` (pip install jax).

Notes: jaxlib's Python parser always runs the verifier (there is no way to
print unverified IR), input without a top-level ``module`` is wrapped in one
(like mlir-opt), and the parse buffer is named ``-``, so parser-made
locations print as ``loc("-":LINE:COL)`` under --debuginfo.
"""
from __future__ import annotations

import argparse
import sys

_ctx_factory = None


def _make_context(allow_unregistered: bool = False):
    """Return a fresh ir.Context with JAX's dialects registered."""
    global _ctx_factory
    if _ctx_factory is None:
        try:
            from jax._src.interpreters.mlir import make_ir_context
            _ctx_factory = make_ir_context
        except Exception:  # pragma: no cover - fallback for other jax versions
            from jaxlib.mlir import ir
            from jaxlib.mlir.dialects import chlo, mhlo, sdy, stablehlo

            def _fallback():
                ctx = ir.Context()
                stablehlo.register_dialect(ctx)
                chlo.register_dialect(ctx)
                sdy.register_dialect(ctx)
                mhlo.register_mhlo_dialect(ctx)
                ctx.load_all_available_dialects()
                return ctx
            _ctx_factory = _fallback
    ctx = _ctx_factory()
    ctx.allow_unregistered_dialects = bool(allow_unregistered)
    return ctx


class _Diags:
    """Collects diagnostics emitted while parsing/verifying."""

    def __init__(self, ctx):
        self.msgs: list[str] = []
        self._h = ctx.attach_diagnostic_handler(self._handle)

    def _handle(self, d):
        self.msgs.append(_fmt_diag(d))
        return True

    def detach(self):
        self._h.detach()


def _fmt_diag(d) -> str:
    s = f"{d.location}: {str(d.severity).split('.')[-1].lower()}: {d.message}"
    for n in d.notes:
        s += "\n" + _fmt_diag(n)
    return s


def _parse(text: str, ctx):
    from jaxlib.mlir import ir
    # Module.parse always verifies and wraps bare top-level ops in a module.
    return ir.Module.parse(text, context=ctx).operation


def parse_and_print(text: str, generic: bool = False, debuginfo: bool = False,
                    allow_unregistered: bool = False, **asm_kwargs) -> str:
    """Parse ``text`` and return MLIR's print of it.

    ``generic`` -> ``print_generic_op_form=True``;
    ``debuginfo`` -> ``enable_debug_info=True`` (like --mlir-print-debuginfo).
    Extra keyword args go to ``Operation.get_asm`` (e.g. ``pretty_debug_info``,
    ``large_elements_limit``, ``use_local_scope``, ``assume_verified``).
    Raises ``ValueError`` with MLIR's diagnostics on parse/verify failure.
    """
    from jaxlib.mlir import ir
    ctx = _make_context(allow_unregistered)
    with ctx:
        diags = _Diags(ctx)
        try:
            op = _parse(text, ctx)
        except ir.MLIRError as e:
            raise ValueError(_mlir_error_text(e, diags)) from None
        finally:
            diags.detach()
        return op.get_asm(print_generic_op_form=generic,
                          enable_debug_info=debuginfo, **asm_kwargs)


def _mlir_error_text(e, diags) -> str:
    parts = []
    for d in getattr(e, "error_diagnostics", []) or []:
        parts.append(_fmt_diag(d))
    if not parts:
        parts = diags.msgs or [str(e)]
    return "\n".join(parts)


def verify(text: str, allow_unregistered: bool = False) -> tuple[bool, str]:
    """Parse and verify ``text``; return ``(ok, error_message)``.

    ``error_message`` is ``""`` when ok; otherwise MLIR's diagnostics as
    ``loc: error: message`` lines (notes follow their error).
    """
    from jaxlib.mlir import ir
    ctx = _make_context(allow_unregistered)
    with ctx:
        diags = _Diags(ctx)
        try:
            # Module.parse wraps top-level ops in an implicit module (like
            # mlir-opt) and runs the verifier; diagnostics name the buffer "-".
            ir.Module.parse(text, context=ctx).operation.verify()
        except ir.MLIRError as e:
            return False, _mlir_error_text(e, diags)
        finally:
            diags.detach()
    return True, ""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file", help="input .mlir file or - for stdin")
    ap.add_argument("--generic", action="store_true",
                    help="print generic op form")
    ap.add_argument("--debuginfo", action="store_true",
                    help="print locations (like --mlir-print-debuginfo)")
    ap.add_argument("--pretty-debuginfo", action="store_true",
                    help="print locations without #loc aliases")
    ap.add_argument("--allow-unregistered-dialect", action="store_true")
    ap.add_argument("--verify-only", action="store_true")
    a = ap.parse_args(argv)
    text = sys.stdin.read() if a.file == "-" else open(a.file).read()
    if a.verify_only:
        ok, msg = verify(text, a.allow_unregistered_dialect)
        print("OK" if ok else msg)
        return 0 if ok else 1
    try:
        kw = {}
        if a.pretty_debuginfo:
            kw["pretty_debug_info"] = True
        out = parse_and_print(text, generic=a.generic,
                              debuginfo=a.debuginfo or a.pretty_debuginfo,
                              allow_unregistered=a.allow_unregistered_dialect,
                              **kw)
    except ValueError as e:
        print(str(e), file=sys.stderr)
        return 1
    sys.stdout.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
