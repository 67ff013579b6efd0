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


# -- hlopt writes them: quantized types and dot algorithms ------------------

_ALGOS = [  # (lhs, rhs, accumulation, lhs count, rhs count, primitive ops, imprecise)
    ("tf32", "tf32", "f32", 1, 1, 1, "false"),
    ("bf16", "bf16", "f32", 1, 1, 3, "false"),
    ("f32", "f32", "f32", 1, 1, 1, "false"),
    ("bf16", "bf16", "f32", 1, 1, 6, "false"),
    ("f16", "f16", "f32", 1, 1, 1, "false"),
]


def _dot_module(i: int) -> str:
    lhs, rhs, acc, lc, rc, n, imp = _ALGOS[i]
    algo = (f"lhs_precision_type = {lhs}, rhs_precision_type = {rhs}, accumulation_type = {acc}, "
            f"lhs_component_count = {lc}, rhs_component_count = {rc}, num_primitive_operations = {n}, "
            f"allow_imprecise_accumulation = {imp}")
    return ("func.func @d(%a: tensor<3x4x2xf32>, %b: tensor<3x2x5xf32>) -> tensor<3x4x5xf32> {\n"
            "  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], "
            f"algorithm = <{algo}> : (tensor<3x4x2xf32>, tensor<3x2x5xf32>) -> tensor<3x4x5xf32>\n"
            "  return %0 : tensor<3x4x5xf32>\n}\n")


def _write_targets() -> list[str]:
    """The suite's target versions and the first ones with, and the last
    ones without, per-axis quantization (0.18.0) and dot algorithms (1.6.0)."""
    from test_bytecode_oracle import _target_versions

    return sorted(set(_target_versions()) | {"0.17.0", "0.18.0", "1.5.0", "1.6.0"},
                  key=lambda v: tuple(int(x) for x in v.split(".")))


def _serializes(text: str) -> bool:
    from jaxlib.mlir.dialects import stablehlo

    try:
        stablehlo.serialize_portable_artifact_str(text, stablehlo.get_current_version())
    except Exception:
        return False
    return True


def _write_cases() -> list:
    mods = [(f"quant{s}", _module(s)) for s in range(0, 12, 2)] + [(f"quant{s}", _module(s)) for s in (1, 5, 9)]
    mods += [(f"dot{i}", _dot_module(i)) for i in range(len(_ALGOS))]
    # only modules jaxlib serializes at its newest version (it verifies them
    # first): whether hlopt's verifier agrees on the others (per-axis
    # unsigned storage) is not what this suite judges
    mods = [(n, t) for n, t in mods if _serializes(t)]
    return [pytest.param(text, v, id=f"{name}-{v}") for name, text in mods for v in _write_targets()]


@pytest.mark.parametrize(("text", "version"), _write_cases())
def test_emitted_artifact_deserializes_as_jaxlibs_own(text, version):
    """hlopt's artifact reads in jaxlib to what jaxlib's own artifact for the
    target reads to; where jaxlib refuses the target, hlopt refuses too."""
    from jaxlib.mlir.dialects import stablehlo

    from hlopt.dialects.vhlo_write import ArtifactError, write_portable_artifact

    module, _ = parse_source(Source("-", text), True)
    try:
        own = stablehlo.serialize_portable_artifact_str(text, version)
    except Exception:
        with pytest.raises(ArtifactError):
            write_portable_artifact(module, version)
        return
    ours = write_portable_artifact(module, version)
    ctx = mlir_ref._make_context(True)
    with ctx:
        want = stablehlo.deserialize_portable_artifact(ctx, own).operation.get_asm(enable_debug_info=True)
        got = stablehlo.deserialize_portable_artifact(ctx, ours).operation.get_asm(enable_debug_info=True)
    assert got == want


@pytest.mark.parametrize("i", range(len(_ALGOS)))
def test_dot_algorithm_artifact_reads_as_jaxlib_deserializes(i):
    from jaxlib.mlir.dialects import stablehlo

    art = stablehlo.serialize_portable_artifact_str(_dot_module(i), stablehlo.get_current_version())
    ctx = mlir_ref._make_context(True)
    with ctx:
        want = stablehlo.deserialize_portable_artifact(ctx, art).operation.get_asm()
    module, res = parse_source(Source("x", bytecode_to_text("x", art)), True)
    assert print_op(module, False, False, res) == want
