"""The CHLO and shape dialect forms against the reference tools: every
chunk of tests/lit/chlo/{forms,scan,ragged_dot}.mlir prints as jaxlib's MLIR prints it, and
every chunk of tests/lit/shape/*.mlir as iree-opt (a complete mlir-opt that
registers shape) prints it, byte for byte. Skipped without the tool."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).parent
LIT = HERE.parent / "lit"
sys.path.insert(0, str(HERE))


def _hlopt(text: str, generic: bool = False) -> str:
    from hlopt.driver import Options, process
    from hlopt.syntax.source import Source

    out, diags, _ = process(Source("chunk.mlir", text), Options(generic=generic))
    assert out is not None, diags[0].header()
    return out


def _chunks(path: pathlib.Path) -> list[tuple[str, str]]:
    return [(f"{path.name}#{i}", c) for i, c in enumerate(path.read_text().split("// -----"))]


SCAN = _chunks(LIT / "chlo" / "scan.mlir") + _chunks(LIT / "chlo" / "ragged_dot.mlir") + \
    _chunks(LIT / "chlo" / "forms.mlir")


@pytest.mark.parametrize("name,chunk", SCAN, ids=[n for n, _ in SCAN])
def test_scan_prints_as_jaxlib(name: str, chunk: str) -> None:
    pytest.importorskip("jax")
    import mlir_ref

    ref = mlir_ref.parse_and_print(chunk)
    assert _hlopt(chunk) == ref
    assert _hlopt(ref) == ref
    assert _hlopt(ref, generic=True) == mlir_ref.parse_and_print(chunk, generic=True)


# ---------------------------------------------------------------------------
# shape: jaxlib has no shape dialect; iree-opt (a complete mlir-opt) judges

from iree_tool import IREE_OPT, needs_iree  # noqa: E402


def _iree(text: str, *flags: str) -> subprocess.CompletedProcess:
    return subprocess.run([IREE_OPT, *flags, "-"], input=text, capture_output=True, text=True)


SHAPE_OPS = _chunks(LIT / "shape" / "ops.mlir")
SHAPE_CANON = _chunks(LIT / "shape" / "canonicalize.mlir")


@needs_iree
@pytest.mark.parametrize("name,chunk", SHAPE_OPS, ids=[n for n, _ in SHAPE_OPS])
def test_shape_ops_print_as_iree_opt(name: str, chunk: str) -> None:
    ref = _iree(chunk).stdout.rstrip("\n") + "\n"
    assert _hlopt(chunk) == ref
    assert _hlopt(_hlopt(chunk, generic=True)) == ref
    assert _hlopt(chunk, generic=True) == _iree(chunk, "--mlir-print-op-generic").stdout.rstrip("\n") + "\n"


@needs_iree
@pytest.mark.parametrize("name,chunk", SHAPE_CANON, ids=[n for n, _ in SHAPE_CANON])
def test_shape_canonicalize_as_iree_opt(name: str, chunk: str) -> None:
    from hlopt.driver import Options, build_pass_manager, process
    from hlopt.syntax.source import Source

    for generic in (False, True):
        ref = _iree(chunk, "--canonicalize", *(["--mlir-print-op-generic"] if generic else []))
        assert ref.returncode == 0, ref.stderr
        opts = Options(pipeline_text="builtin.module(canonicalize)", generic=generic)
        out, diags, _ = process(Source("chunk.mlir", chunk), opts, build_pass_manager(opts))
        assert out is not None, diags[0].header()
        assert out == ref.stdout.rstrip("\n") + "\n"


def _shape_errors() -> list[tuple[str, str, str]]:
    from lit_chunks import expected_error_chunks

    return expected_error_chunks([LIT / "shape" / "verify.mlir"], lambda p: "shape/verify.mlir")


@needs_iree
@pytest.mark.parametrize("name,chunk,message", _shape_errors(), ids=[c[0] for c in _shape_errors()])
def test_shape_diagnostics_are_iree_opts(name: str, chunk: str, message: str) -> None:
    r = _iree(chunk)
    assert r.returncode != 0, f"{name}: iree-opt accepts it"
    first = next(ln for ln in r.stderr.splitlines() if " error: " in ln)
    assert message in first, first


def _terminator_order() -> list[tuple[str, str, str]]:
    from lit_chunks import expected_error_chunks

    path = LIT / "shape" / "verify_terminator_order.mlir"
    return expected_error_chunks([path], lambda p: p.name)


@pytest.mark.parametrize("name,chunk,message", _terminator_order(), ids=[c[0] for c in _terminator_order()])
def test_misplaced_terminator_messages_are_jaxlibs(name: str, chunk: str, message: str) -> None:
    """jaxlib registers shape, scf, tensor, stablehlo and sdy: its first
    error for a misplaced terminator (parent rule or position) is hlopt's."""
    pytest.importorskip("jax")
    import mlir_ref

    ok, err = mlir_ref.verify(chunk)
    assert not ok, f"{name}: jaxlib accepts it"
    assert message in err.splitlines()[0], err


def _shape_pattern_names() -> list[str]:
    from hlopt.dialects import shape

    return sorted({p.debug_name for d in shape.OPS for p in d.canonicalization_patterns()
                   if getattr(p, "debug_name", "")})


@needs_iree
@pytest.mark.parametrize("pattern", _shape_pattern_names())
def test_shape_pattern_names_are_iree_opts(pattern: str) -> None:
    """Each shape pattern carries MLIR's debug name: with it disabled,
    hlopt's canonicalize of tests/lit/shape/canonicalize.mlir is iree-opt's."""
    path = LIT / "shape" / "canonicalize.mlir"
    flags = ["--split-input-file",
             f"--pass-pipeline=builtin.module(canonicalize{{disable-patterns={{(anonymous namespace)::{pattern}}}}})"]
    ref = subprocess.run([IREE_OPT, *flags, str(path)], capture_output=True, text=True)
    assert ref.returncode == 0, ref.stderr
    import hlopt_cli

    out = hlopt_cli.run([*flags, str(path)])  # the command line, in this process
    assert out.returncode == 0, out.stderr

    def lines(text: str) -> list[str]:  # iree-opt separates chunks by blank lines, hlopt by `// -----`
        return [ln for ln in text.splitlines() if ln and ln != "// -----"]

    assert lines(out.stdout) == lines(ref.stdout)
