"""scf and tensor are closed: every op IREE's Python bindings list for them
(the MLIR that iree-opt runs) is declared by hlopt with a custom printer, and
the forms and messages of the ops declared last (scf.forall/in_parallel/
parallel/reduce/reduce.return, tensor.parallel_insert_slice/gather/scatter)
are iree-opt's (and those of the shape ops declared with them: debug_print,
meet, with_shape, value_as_shape, value_of, reduce, yield, and its
func/function_library/return: shape declares every op, and accepts unknown
ones as MLIR's ShapeDialect does): the lit inputs
print byte for byte as iree-opt prints them (custom and generic form, one
iree-opt process per mode), and each negative lit case is one iree-opt
accepts under --verify-diagnostics as well."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from hlopt_cli import run as hlopt_run  # noqa: E402
from iree_batch import run_many  # noqa: E402
from iree_tool import IREE_OPT  # noqa: E402

pytestmark = pytest.mark.skipif(IREE_OPT is None, reason="iree-opt (pip install iree-base-compiler) not found")

LIT = HERE.parent / "lit"
POSITIVE = [LIT / "scf" / "forall-parallel.mlir", LIT / "tensor" / "gather-scatter.mlir",
            LIT / "tensor" / "asm-format.mlir",
            LIT / "shape" / "meet-value-shape.mlir", LIT / "shape" / "reduce.mlir", LIT / "shape" / "asm-format.mlir",
            LIT / "shape" / "function-ops.mlir", LIT / "shape" / "region-forms.mlir",
            LIT / "shape" / "reduce-no-inits.mlir", LIT / "tensor" / "pad-generate-forms.mlir"]
NEGATIVE = [LIT / "scf" / "forall-parallel-invalid.mlir", LIT / "tensor" / "parallel-insert-slice-invalid.mlir",
            LIT / "tensor" / "gather-scatter-invalid.mlir", LIT / "shape" / "meet-value-shape-invalid.mlir",
            LIT / "shape" / "reduce-invalid.mlir", LIT / "shape" / "asm-format-invalid.mlir",
            LIT / "shape" / "function-ops-invalid.mlir", LIT / "tensor" / "pad-generate-invalid.mlir"]


def _binding_ops(dialect: str) -> list[str]:
    spec = importlib.util.find_spec("iree.compiler")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("iree.compiler (iree-base-compiler) not importable")
    path = Path(next(iter(spec.submodule_search_locations))) / "dialects" / f"_{dialect}_ops_gen.py"
    if not path.exists():
        pytest.skip(f"{path.name} not in this iree-base-compiler")
    return sorted(set(re.findall(r'OPERATION_NAME = "([^"]+)"', path.read_text())))


@pytest.mark.parametrize("dialect", ["scf", "tensor"])
def test_closed_dialect_declares_every_op_with_a_custom_form(dialect: str) -> None:
    from hlopt.ir.context import Context
    from hlopt.ir.opdef import OpDef, lookup_op
    from hlopt.syntax.op_asm import has_asm_form

    names = _binding_ops(dialect)
    assert len(names) > 5
    missing = [n for n in names if lookup_op(n) is None]
    # a custom form: a print_custom, or an assembly_format / op_asm form (hlopt.syntax.op_asm)
    generic_only = [n for n in names if lookup_op(n) is not None
                    and lookup_op(n).print_custom.__func__ is OpDef.print_custom.__func__
                    and not has_asm_form(lookup_op(n))]
    assert missing == [] and generic_only == [], (missing, generic_only)
    assert not Context().allows_unknown_ops(dialect)


def test_shape_declares_every_op_and_accepts_unknown_ones_as_mlir() -> None:
    from hlopt.ir.context import current_context
    from hlopt.ir.opdef import OpDef, lookup_op
    from hlopt.syntax.op_asm import has_asm_form

    names = _binding_ops("shape")
    assert len(names) > 30
    assert [n for n in names if lookup_op(n) is None] == []
    generic_only = [n for n in names if lookup_op(n).print_custom.__func__ is OpDef.print_custom.__func__
                    and not has_asm_form(lookup_op(n))]
    # the two ops ShapeOps.td gives no assembly format
    assert generic_only == ["shape.debug_print", "shape.split_at"], generic_only
    ref = subprocess.run([IREE_OPT, "-"], input='"shape.clampx"() : () -> ()\n', capture_output=True, text=True,
                         timeout=300)
    assert ref.returncode == 0, ref.stderr  # no --allow-unregistered-dialect needed
    assert current_context().allows_unknown_ops("shape")
    got = hlopt_run(["-"], input='"shape.clampx"() : () -> ()\n')
    assert got.returncode == 0 and got.stdout == ref.stdout.rstrip("\n") + "\n", got.stderr


def _strip_runs(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//")) + "\n"


@pytest.mark.parametrize("mode", ["custom", "generic"])
def test_forms_print_as_iree_opt_prints_them(mode: str) -> None:
    flags = ["--mlir-print-op-generic"] if mode == "generic" else []
    texts = [_strip_runs(p.read_text()) for p in POSITIVE]
    refs = run_many(IREE_OPT, ["--allow-unregistered-dialect", *flags], texts)
    for path, text, ref in zip(POSITIVE, texts, refs):
        assert ref.status == 0, (path.name, ref.err)
        got = hlopt_run(["-", "--allow-unregistered-dialect", *flags], input=text)
        assert got.returncode == 0, (path.name, got.stderr)
        assert got.stdout == ref.out.rstrip("\n") + "\n", path.name


@pytest.mark.parametrize("path", NEGATIVE, ids=lambda p: p.name)
def test_negative_cases_hold_for_iree_opt(path: Path) -> None:
    r = subprocess.run([IREE_OPT, "--split-input-file", "--verify-diagnostics", str(path)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
