"""jaxlib judges how hlopt writes `{-# ... #-}` resources as MLIR bytecode:
for generated modules with dense_resource constants (blobs of every
alignment MLIR allows, shared and missing handles, unreferenced blobs) and
external resource groups (bools, strings, blobs), jaxlib's Module.parse of
hlopt's bytes prints exactly what it prints for the input text; hlopt's own
reader reads the bytes back to hlopt's print of the input; hlopt reads
jaxlib's bytecode of the same module to jaxlib's print. Portable artifacts:
VHLO has no form for dense_resource constants, so jaxlib's serializer and
hlopt both refuse them."""

from __future__ import annotations

import io
import pathlib
import sys

import numpy as np
import pytest

pytest.importorskip("jaxlib")
pytest.importorskip("jax")

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))

import mlir_ref  # noqa: E402

from hlopt.syntax.bytecode import bytecode_to_text  # noqa: E402
from hlopt.syntax.bytecode.writer import write_bytecode  # noqa: E402
from hlopt.syntax.parser import parse_source  # noqa: E402
from hlopt.syntax.printer import print_op  # noqa: E402
from hlopt.syntax.source import Source  # noqa: E402

_DTYPES = {"f32": np.float32, "f16": np.float16, "i8": np.int8, "i32": np.int32, "i64": np.int64,
           "ui16": np.uint16, "f64": np.float64}


def _blob(rng: np.random.Generator, elt: str, n: int, align: int) -> str:
    vals = rng.integers(-50, 50, n).astype(_DTYPES[elt])
    return '"0x' + align.to_bytes(4, "little").hex().upper() + vals.tobytes().hex().upper() + '"'


def _module(seed: int) -> str:
    """A function returning k dense_resource constants (some sharing a blob,
    one sometimes without data), the blobs they name plus an unreferenced
    one, and with odd seeds an external group of every entry kind."""
    rng = np.random.default_rng(seed)
    k = 1 + seed % 4
    elts = list(_DTYPES)
    consts, blobs, rets = [], [], []
    for i in range(k):
        elt = elts[int(rng.integers(len(elts)))]
        n = int(rng.integers(1, 7))
        width = np.dtype(_DTYPES[elt]).itemsize
        align = [1, 2, 4, 8, 16, 32, 64][int(rng.integers(7))] if seed % 3 else width
        t = f"tensor<{n}x{elt}>"
        name = f"r{seed}_{i}"
        consts.append(f"    %{i} = stablehlo.constant dense_resource<{name}> : {t}")
        rets.append((f"%{i}", t))
        if not (seed % 5 == 4 and i == k - 1):  # a handle with no blob: a declaration
            blobs.append(f"      {name}: {_blob(rng, elt, n, align)}")
    if seed % 2 == 0:  # the first blob used twice, under another type
        consts.append(f"    %{k} = stablehlo.constant dense_resource<r{seed}_0> : {rets[0][1]}")
        rets.append((f"%{k}", rets[0][1]))
    blobs.append(f"      unused{seed}: {_blob(rng, 'i8', 3, 1)}")
    sig = ", ".join(t for _, t in rets)
    body = "\n".join(consts)
    pad = "p" * 600  # a bytecode file large enough for _aligned
    text = (f"module {{\n  func.func @f{seed}() -> ({sig}) attributes {{pad = \"{pad}\"}} {{\n{body}\n"
            f"    return {', '.join(v for v, _ in rets)} : {sig}\n  }}\n}}\n"
            "{-#\n  dialect_resources: {\n    builtin: {\n" + ",\n".join(blobs) + "\n    }\n  }")
    if seed % 2:
        text += (",\n  external_resources: {\n    mlir_reproducer: {\n"
                 f'      pipeline: "builtin.module(func.func(cse))",\n      disable_threading: {str(seed % 4 == 1).lower()},\n'
                 '      note: "a \\"quoted\\" string",\n'
                 f"      raw: {_blob(rng, 'i32', 2, 4)}\n    }}\n  }}")
    return text + "\n#-}\n"


SEEDS = list(range(24))


def _aligned(data: bytes, align: int = 64) -> bytes:
    """A copy of `data` whose bytes start at a multiple of `align`: jaxlib's
    Module.parse reads a bytes object in place and MLIR's reader wants the
    buffer aligned as the resource section is (16 is all CPython promises;
    MLIR's own output of a 32- or 64-aligned blob fails elsewhere too)."""
    offset = bytes.__basicsize__ - 1  # where CPython keeps a bytes object's data
    assert len(data) > 512, "small objects come from pools whose blocks may never be aligned"
    keep = []
    for i in range(1000):
        c = bytes(bytearray(data))
        if (id(c) + offset) % align == 0:
            return c
        keep += [c, bytearray(16 * (i % 7 + 1))]  # alive, so the next copy lands elsewhere
    raise AssertionError("no aligned copy")


def _jaxlib_print(src: str | bytes) -> str:
    from jaxlib.mlir import ir

    if isinstance(src, bytes):
        src = _aligned(src)
    with mlir_ref._make_context(False):
        return ir.Module.parse(src).operation.get_asm(enable_debug_info=True)


def _hlopt_text(text: str) -> tuple:
    return parse_source(Source("-", text), False)


@pytest.mark.parametrize("seed", SEEDS)
def test_hlopt_bytecode_with_resources_reads_in_jaxlib_as_the_input(seed):
    text = _module(seed)
    module, resources = _hlopt_text(text)
    data = write_bytecode(module, resources=resources)
    assert _jaxlib_print(data) == _jaxlib_print(text)


@pytest.mark.parametrize("seed", SEEDS)
def test_hlopt_reads_its_own_resources_back(seed):
    """hlopt's reader (a handle declared without a blob included) gives back hlopt's print of the module and the same resource entries,
    external ones included (strings compared by value: the text printer
    keeps the input's escapes, the reader spells them as MLIR does)."""
    from hlopt.syntax.bytecode.resource_writer import groups_from_sections

    module, resources = _hlopt_text(_module(seed))
    data = write_bytecode(module, resources=resources)
    back, back_res = parse_source(Source("x.mlirbc", bytecode_to_text("x.mlirbc", data)), False)
    assert print_op(back) == print_op(module)
    external, dialect = groups_from_sections(resources)
    used = {f"r{seed}_{i}" for i in range(4)}
    dialect = [(d, kept) for d, es in dialect if (kept := [e for e in es if e.key in used])]
    assert groups_from_sections(back_res) == (external, dialect)


@pytest.mark.parametrize("seed", SEEDS)
def test_hlopt_reads_jaxlibs_resources(seed):
    from jaxlib.mlir import ir

    with mlir_ref._make_context(False):
        m = ir.Module.parse(_module(seed))
        buf = io.BytesIO()
        m.operation.write_bytecode(buf)
        want = m.operation.get_asm()
    back, res = parse_source(Source("x.mlirbc", bytecode_to_text("x.mlirbc", buf.getvalue())), False)
    assert print_op(back, False, False, res) == want


@pytest.mark.parametrize("seed", SEEDS[:6])
def test_portable_artifact_refuses_dense_resource_as_jaxlib_does(seed):
    from jaxlib.mlir.dialects import stablehlo

    from hlopt.dialects.vhlo_write import ArtifactError, write_portable_artifact

    text = _module(seed)
    module, _ = _hlopt_text(text)
    for v in (stablehlo.get_minimum_version(), stablehlo.get_current_version()):
        with pytest.raises(Exception, match="serialize"):
            stablehlo.serialize_portable_artifact_str(text, v)
        with pytest.raises(ArtifactError, match="dense_resource"):
            write_portable_artifact(module, v)


def test_a_group_of_declared_only_handles_prints_nothing_as_in_jaxlib():
    from jaxlib.mlir import ir

    text = ("func.func @f() -> tensor<2xf32> {\n"
            "  %0 = stablehlo.constant dense_resource<nothere> : tensor<2xf32>\n"
            "  return %0 : tensor<2xf32>\n}\n")
    with mlir_ref._make_context(False):
        m = ir.Module.parse(text)
        buf = io.BytesIO()
        m.operation.write_bytecode(buf)
        want = m.operation.get_asm()
    back, res = parse_source(Source("x.mlirbc", bytecode_to_text("x.mlirbc", buf.getvalue())), False)
    assert print_op(back, False, False, res) == want
