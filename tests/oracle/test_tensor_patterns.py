"""Each tensor fold's and canonicalization pattern's effect, proved against
MLIR's own canonicalizer (iree-opt, PyPI iree-base-compiler).

For every pattern MLIR registers on the tensor ops hlopt declares, a lit
input (tests/lit/tensor/canonicalize-*.mlir) where it fires: iree-opt's
output changes when the pattern is disabled by its debug name
(`disable-patterns=<name>`), so the pattern really fires there, and hlopt's
output equals iree-opt's both with it and without it. MLIR's names of
patterns in anonymous namespaces are given with that qualifier, which
iree-opt requires for class templates. A few template names contain ", ",
which a pass option list cannot carry: those are checked on hlopt's side
only (disabling the pattern through the API changes the output) and their
effect against iree-opt by the lit inputs' plain canonicalization.
Skipped when iree-opt is not installed.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
LIT = ROOT / "tests" / "lit" / "tensor"


from iree_tool import IREE_OPT  # noqa: E402

ANON = "(anonymous namespace)::"

# MLIR's debug name -> the lit input where it fires
PATTERNS = {
    "DimOfCastOp": "canonicalize-dim.mlir",
    "DimOfDestStyleOp": "canonicalize-dim.mlir",
    "DimOfReshapeOp": "canonicalize-dim.mlir",
    "FoldEmptyTensorWithDimOp": "canonicalize-dim.mlir",
    "ChainedTensorCast": "canonicalize-cast.mlir",
    "TensorCastExtractSlice": "canonicalize-cast.mlir",
    "ChainedTensorBitcast": "canonicalize-cast.mlir",
    "ReplaceEmptyTensorStaticShapeDims": "canonicalize-cast.mlir",
    "FoldEmptyTensorWithCastOp": "canonicalize-cast.mlir",
    "SingleInputConcatOp": "canonicalize-cast.mlir",
    "InferConcatOperandTypes": "canonicalize-cast.mlir",
    "InferConcatResultType": "canonicalize-cast.mlir",
    "StaticTensorGenerate": "canonicalize-cast.mlir",
    "ExtractFromTensorGenerate": "canonicalize-cast.mlir",
    "ExtractFromTensorCast": "canonicalize-cast.mlir",
    "ExtractElementFromIndexCast": "canonicalize-cast.mlir",
    "ExtractSliceOpCastFolder": "canonicalize-slice.mlir",
    ANON + "InsertSliceOpConstantArgumentFolder<mlir::tensor::InsertSliceOp>": "canonicalize-slice.mlir",
    ANON + "InsertSliceOpCastFolder<mlir::tensor::InsertSliceOp>": "canonicalize-slice.mlir",
    ANON + "FoldReshapeWithSplat<mlir::tensor::ExpandShapeOp>": "canonicalize-reshape.mlir",
    ANON + "FoldReshapeWithFromElements<mlir::tensor::CollapseShapeOp>": "canonicalize-reshape.mlir",
    "FoldCollapseOfCastOp": "canonicalize-reshape.mlir",
    "ConvertToStaticExpandShape": "canonicalize-reshape.mlir",
    "FoldSourceTensorCast": "canonicalize-pad.mlir",
    "FoldTargetTensorCast": "canonicalize-pad.mlir",
    "FoldStaticPadding": "canonicalize-pad.mlir",
    "FoldConsecutiveConstantPadding": "canonicalize-pad.mlir",
    "FoldOrthogonalPaddings": "canonicalize-pad.mlir",
    "FoldStaticZeroPadding": "pad-generate.mlir",
}
# names a pass option cannot carry (", " inside): hlopt's side only
COMMA_NAMES = {
    "mlir::OpWithOffsetSizesAndStridesConstantArgumentFolder<mlir::tensor::ExtractSliceOp, "
    "SliceReturnTypeCanonicalizer, SliceCanonicalizer>": "canonicalize-slice.mlir",
    "mlir::ComposeReassociativeReshapeOps<mlir::tensor::CollapseShapeOp, mlir::ReshapeOpKind::kCollapse>":
        "canonicalize-reshape.mlir",
    "mlir::ComposeReassociativeReshapeOps<mlir::tensor::ExpandShapeOp, mlir::ReshapeOpKind::kExpand>":
        "canonicalize-reshape.mlir",
    "mlir::ComposeCollapseOfExpandOp<mlir::tensor::CollapseShapeOp, mlir::tensor::ExpandShapeOp, "
    "mlir::tensor::CastOp, mlir::tensor::DimOp, mlir::RankedTensorType>": "canonicalize-reshape.mlir",
    "mlir::ComposeExpandOfCollapseOp<mlir::tensor::ExpandShapeOp, mlir::tensor::CollapseShapeOp, "
    "mlir::tensor::CastOp>": "canonicalize-reshape.mlir",
}


def _pipeline(name: str | None) -> str:
    return "builtin.module(canonicalize)" if name is None else f"builtin.module(canonicalize{{disable-patterns={{{name}}}}})"


def _iree(path: Path, name: str | None) -> str | None:
    """iree-opt's output, or None when it reports an error."""
    p = subprocess.run([IREE_OPT, str(path), f"--pass-pipeline={_pipeline(name)}"], capture_output=True, text=True,
                       timeout=600, env={**os.environ, "LLVM_DISABLE_CRASH_REPORT": "1"})
    if p.returncode != 0:
        assert "Stack dump" not in p.stderr, p.stderr
        return None
    out = p.stdout
    return out[:-1] if out.endswith("\n\n") else out  # iree-opt's one extra trailing newline


def _hlopt(path: Path, pipeline: str) -> str:
    from hlopt.ir.verifier import verify
    from hlopt.passes.manager import PassManager
    from hlopt.syntax.parser import parse_source
    from hlopt.syntax.printer import print_op
    from hlopt.syntax.source import Source

    module, resources = parse_source(Source(str(path), path.read_text()), True)
    verify(module)
    PassManager.from_text(pipeline).run(module)
    return print_op(module, False, False, resources)


@pytest.mark.skipif(IREE_OPT is None, reason="iree-opt (pip install iree-base-compiler) not found")
@pytest.mark.parametrize("name", sorted(PATTERNS), ids=lambda n: n.replace(ANON, "").split("<")[0])
def test_pattern_fires_as_in_mlir(name: str) -> None:
    path = LIT / PATTERNS[name]
    with_it, without = _iree(path, None), _iree(path, name)
    assert with_it is not None
    assert with_it != without, f"{name} does not fire in {path.name} (or is not MLIR's name)"
    assert _hlopt(path, _pipeline(None)) == with_it
    if without is None:
        # without this pattern MLIR's other patterns leave invalid IR (the
        # verifier after the pass reports it): hlopt must refuse it as well
        from hlopt.ir.core import IRError
        from hlopt.passes.manager import PipelineFailure
        from hlopt.syntax.diagnostics import DiagnosticError

        with pytest.raises((DiagnosticError, IRError, PipelineFailure)):
            _hlopt(path, _pipeline(name))
        return
    assert _hlopt(path, _pipeline(name)) == without


@pytest.mark.parametrize("name", sorted(COMMA_NAMES), ids=lambda n: n.split("<")[0].split("::")[-1] + "<"
                         + n.split("<")[1].split(",")[0].split("::")[-1])
def test_comma_named_pattern_fires(name: str) -> None:
    """Disabling the pattern (through the API: the name cannot be a pass
    option) changes hlopt's canonicalization of its lit input."""
    from hlopt.ir.verifier import verify
    from hlopt.passes.greedy import GreedyConfig, apply_patterns_greedily, canonicalization_patterns_for
    from hlopt.syntax.parser import parse_source
    from hlopt.syntax.printer import print_op
    from hlopt.syntax.source import Source

    path = LIT / COMMA_NAMES[name]
    outs = []
    for disabled in ((), (name,)):
        module, resources = parse_source(Source(str(path), path.read_text()), True)
        verify(module)
        patterns = canonicalization_patterns_for().filtered(disabled=disabled)
        apply_patterns_greedily(module.regions, patterns, GreedyConfig())
        outs.append(print_op(module, False, False, resources))
    assert any(p.debug_name == name for p in canonicalization_patterns_for())
    assert outs[0] != outs[1], f"{name} does not fire in {path.name}"
