"""jaxlib judges how hlopt reads quantized types in portable artifacts
(VHLO's UniformQuantizedV1Type and UniformQuantizedPerAxisV1Type
encodings): generated modules with per-tensor and per-axis
`!quant.uniform` element types, serialized by jaxlib at each target version
it accepts them for, are read by hlopt to exactly what jaxlib's
deserializer prints."""

from __future__ import annotations

import pathlib
import sys

import pytest

pytest.importorskip("jaxlib")
pytest.importorskip("jax")

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))

import mlir_ref  # noqa: E402

from hlopt.syntax.bytecode import bytecode_to_text  # noqa: E402
from hlopt.syntax.parser import parse_source  # noqa: E402
from hlopt.syntax.printer import print_op  # noqa: E402
from hlopt.syntax.source import Source  # noqa: E402

_STORAGE = [("i8", ""), ("u8", "<1:200>"), ("i16", "<-1000:1000>"), ("i4", ""), ("i32", ""), ("u4", "<0:7>")]
_SCALES = ["0.5", "1.25e-3", "3.0", "7.8125e-3", "1.0e+2"]


def _quant(seed: int) -> str:
    st, rng = _STORAGE[seed % len(_STORAGE)]
    expressed = ["f32", "bf16", "f16"][seed % 3]
    if seed % 2:  # per axis, over dimension 1 of a 2x3 tensor
        body = ", ".join(f"{_SCALES[(seed + i) % 5]}:{(i * 3 - seed) % 5}" for i in range(3))
        return f"!quant.uniform<{st}{rng}:{expressed}:1, {{{body}}}>"
    return f"!quant.uniform<{st}{rng}:{expressed}, {_SCALES[seed % 5]}:{seed % 7 - 3}>"


def _module(seed: int) -> str:
    t = f"tensor<2x3x{_quant(seed)}>"
    u = f"tensor<2x3x{_quant(seed + 2)}>"
    return (f"func.func @q{seed}(%arg0: {t}, %arg1: {u}) -> ({t}, {u}) {{\n"
            f"  %0 = stablehlo.add %arg0, %arg0 : {t}\n"
            f"  return %0, %arg1 : {t}, {u}\n}}\n")


def _cases() -> list:
    from jaxlib.mlir.dialects import stablehlo
    from test_bytecode_oracle import _target_versions

    out = []
    for seed in range(12):
        for v in _target_versions():
            try:  # per-axis types are newer than the oldest targets
                art = stablehlo.serialize_portable_artifact_str(_module(seed), v)
            except Exception:
                continue
            out.append(pytest.param(seed, v, art, id=f"{seed}-{v}"))
    return out


@pytest.mark.parametrize(("seed", "version", "artifact"), _cases())
def test_quantized_artifact_reads_as_jaxlib_deserializes(seed, version, artifact):
    from jaxlib.mlir.dialects import stablehlo

    ctx = mlir_ref._make_context(True)
    with ctx:
        want = stablehlo.deserialize_portable_artifact(ctx, artifact).operation.get_asm()
    module, res = parse_source(Source("x", bytecode_to_text("x", artifact)), True)
    assert print_op(module, False, False, res) == want
