"""The data-tiling rules of IREE's CPU/VMVX resolvers and the GPU padding
resolver (hlopt.dialects.encoding_tiles, iree_cpu, iree_gpu), each case
worked out from IREE's tile tables and checked against iree-opt
(tests/oracle/test_encodings_oracle.py runs the full cross product)."""

from __future__ import annotations

import pytest

from hlopt.dialects.encoding_tiles import (
    DYNAMIC,
    ContractionFacts,
    TargetFacts,
    Unmodelled,
    choose_tile,
    encoding_info,
)
from hlopt.ir.context import current_context  # noqa: F401  (loads the dialect registry)
from hlopt.syntax.attr_parser import parse_nested

MATMUL = ((3, (0, 2)), (3, (2, 1)), (3, (0, 1)))
BATCH = ((4, (0, 1, 3)), (4, (0, 3, 2)), (4, (0, 1, 2)))
VECMAT = ((2, (1,)), (2, (1, 0)), (2, (0,)))


def _facts(idx: int, types: str = "f32,f32,f32", maps=MATMUL, sizes=None) -> ContractionFacts:
    return ContractionFacts(idx, tuple(types.split(",")), maps, sizes)


def _info(facts: ContractionFacts, triple: str | None, features: str | None = None, ukernels=None,
          vmvx: bool = False) -> tuple:
    i = encoding_info(facts, TargetFacts(triple, features, ukernels), vmvx)
    return i.inner_dims_pos, i.inner_tile_sizes, i.outer_dims_perm


@pytest.mark.parametrize(("features", "types", "idx", "want"), [
    ("", "f32,f32,f32", 2, ([0, 1], [8, 4], [0, 1])),                 # SSE
    ("+avx", "f16,f16,f32", 0, ([0, 1], [8, 1], [0, 1])),             # AVX ymm
    ("+avx512f", "f32,f32,f32", 1, ([1, 0], [16, 1], [1, 0])),        # RHS: N then K
    ("+avx2", "i8,i8,i32", 0, ([0, 1], [8, 2], [0, 1])),
    ("+avx512bw", "i8,i8,i32", 2, ([0, 1], [16, 16], [0, 1])),
    ("+avx512f,+avx512bf16", "bf16,bf16,f32", 0, ([0, 1], [16, 2], [0, 1])),
    ("+avx512f", "bf16,bf16,f32", 0, ([0, 1], [16, 1], [0, 1])),      # no bf16 dot: the float tiles
    ("+avx512vnni", "i16,ui4,i32", 0, ([0, 1], [1, 8], [0, 1])),      # vecmat-only table
])
def test_x86_64_tables(features: str, types: str, idx: int, want: tuple) -> None:
    assert _info(_facts(idx, types), "x86_64-unknown-linux-gnu", features) == want


@pytest.mark.parametrize(("features", "types", "want_lhs"), [
    ("+neon", "f32,f32,f32", [8, 1]),
    ("+neon", "i8,i8,i32", []),             # no dotprod/i8mm: no tile table for i8
    ("+dotprod", "i8,i8,i32", [8, 4]),
    ("+dotprod,+i8mm", "i8,i8,i32", [8, 8]),
    ("+bf16", "bf16,bf16,f32", [8, 4]),
    ("+neon", "i8,i4,i32", [4, 2]),
])
def test_aarch64_tables(features: str, types: str, want_lhs: list) -> None:
    assert _info(_facts(0, types), "aarch64-linux-gnu", features)[1] == want_lhs


def test_riscv_vlen_and_unknown_triples() -> None:
    assert _info(_facts(2), "riscv64-unknown-linux-gnu", "+v,+zvl512b")[1] == [7, 64]
    assert _info(_facts(2), "riscv64-unknown-linux-gnu", "+m")[1] == []             # no +v
    assert _info(_facts(0), "riscv32-unknown-elf", "+v")[1] == []                   # no ukernels by default
    assert _info(_facts(0), "riscv32-unknown-elf", "+v", ukernels="all")[1] == [8, 4]
    assert _info(_facts(0), "wasm32-unknown-emscripten") == ([], [], [])
    assert _info(_facts(0), None) == ([], [], [])
    assert TargetFacts("arm64-apple-darwin", None, None).arch == "aarch64"
    assert TargetFacts("i686-pc-linux-gnu", None, None).arch == "x86"


def test_narrow_dimensions() -> None:
    # narrow M = 2 (po2): the M=2 tile wins, no padding beyond the next power of two
    assert _info(_facts(0, sizes=(2, DYNAMIC, DYNAMIC)), "x86_64-pc-linux-gnu", "+avx512f")[1] == [2, 1]
    # narrow N = 3 -> 4: the tile is chosen as narrow M and transposed for the result
    assert _info(_facts(2, sizes=(DYNAMIC, 3, DYNAMIC)), "x86_64-pc-linux-gnu", "+avx512f") == \
        ([1, 0], [4, 16], [1, 0])
    # equal static sizes: no narrow dimension
    assert _info(_facts(2, sizes=(64, 64, 8)), "x86_64-pc-linux-gnu", "+avx512f")[1] == [16, 16]
    assert choose_tile([(8, 8, 1), (4, 8, 1), (2, 8, 1), (1, 8, 1)], ("M", 1)) == (1, 8, 1)
    assert choose_tile([(8, 8, 1), (4, 8, 1)], None) == (8, 8, 1)


def test_batch_and_vector_kinds() -> None:
    assert _info(_facts(2, maps=BATCH), "aarch64-linux-gnu", "+neon") == ([1, 2], [8, 8], [0, 1, 2])
    # vecmat: M is 1, so the LHS (a vector) only tiles K; the result only N
    assert _info(_facts(0, maps=VECMAT), "x86_64-pc-linux-gnu", "+avx512f") == ([0], [1], [0])
    assert _info(_facts(2, maps=VECMAT), "x86_64-pc-linux-gnu", "+avx512f") == ([0], [16], [0])


def test_vmvx() -> None:
    assert _info(_facts(0), None, vmvx=True)[1] == [8, 4]
    assert _info(_facts(0), None, ukernels="all", vmvx=True)[1] == [DYNAMIC, DYNAMIC]
    # ukernels do not serve batch or narrow matmuls
    assert _info(_facts(0, maps=BATCH), None, ukernels="all", vmvx=True)[1] == [8, 4]
    assert _info(_facts(0, sizes=(1, DYNAMIC, DYNAMIC)), None, ukernels="all", vmvx=True)[1] == [1, 4]


def test_cpu_resolver_attribute_round_trip_and_layout() -> None:
    from hlopt.ir.types import RankedTensorType  # noqa: F401

    r = parse_nested("#iree_cpu.cpu_encoding_resolver<>", "attr")
    assert r.text == "#iree_cpu.cpu_encoding_resolver<>"
    cfg = parse_nested('{cpu_features = "+avx512f", target_triple = "x86_64-unknown-linux-gnu", '
                       'iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, other = 1}', "attr")
    simple = r.clone_with_config(cfg)
    assert simple.text == ('#iree_cpu.cpu_encoding_resolver<configuration = {cpu_features = "+avx512f", '
                           'target_triple = "x86_64-unknown-linux-gnu"}>')
    t = parse_nested("tensor<?x?xf32, #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, "
                     "element_types = [f32, f32, f32], user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, "
                     "affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]>>", "type")
    assert simple.get_layout(t).text == ("#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = "
                                         "{innerDimsPos = [0, 1], innerTileSizes = [16, 1], outerDimsPerm = [0, 1]}}>")


@pytest.mark.parametrize("encoding", [
    # a conv encoding whose operand map is composed through a second map
    "#iree_encoding.encoding<operand_index = 0 : index, op_type = conv, element_types = [f32, f32, f32], "
    "user_indexing_maps = [[affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1) -> (d0, d1)>], "
    "affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]>",
    "#iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], "
    "user_indexing_maps = [[affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], "
    "affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]>",
    "#iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], "
    "original_element_type = i4, user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, "
    "affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]>",
])
def test_unmodelled_encodings_raise(encoding: str) -> None:
    cfg = parse_nested('{target_triple = "x86_64-unknown-linux-gnu"}', "attr")
    r = parse_nested("#iree_cpu.cpu_encoding_resolver<>", "attr").clone_with_config(cfg)
    t = parse_nested(f"tensor<?x?xf32, {encoding}>", "type")
    with pytest.raises(Unmodelled):
        r.get_layout(t)


@pytest.mark.parametrize(("shape", "elem", "pad", "want"), [
    ("?x2048", "f16", "[0, ?]", "[0, 64]"),    # 4096 B spans all 4 sets: one more line
    ("?x1000", "f32", "[0, ?]", "[0, 56]"),    # 4000 B -> 4096 (+96 B) -> one more line (+128 B)
    ("?x100", "f32", "[0, ?]", "[0, 0]"),      # under 512 B: left as is
    ("?x1024", "i4", "[0, ?]", "[0, 0]"),      # sub-byte elements: identity
    ("?x2048", "f16", "[0, 32]", "[0, 32]"),   # already static
    ("2048x?", "f16", "[0, ?]", None),         # dynamic innermost size: fails
    ("?x2048", "f16", "[64, ?]", None),        # non-zero outer padding: fails
])
def test_gpu_padding(shape: str, elem: str, pad: str, want: str | None) -> None:
    cfg = parse_nested('{iree_codegen.target_info = #iree_gpu.target<arch = "gfx942", features = "">}', "attr")
    r = parse_nested("#iree_gpu.gpu_padding_resolver<>", "attr").clone_with_config(cfg)
    assert r.text == "#iree_gpu.gpu_padding_resolver<cache_line_bytes = 128, cache_sets = 4>"
    layout = r.get_layout(parse_nested(f"tensor<{shape}x{elem}, #iree_encoding.padding<{pad}>>", "type"))
    assert (layout.text if layout is not None else None) == \
        (f"#iree_encoding.padding<{want}>" if want is not None else None)


def test_gpu_padding_without_cache_info_is_identity() -> None:
    for info in ('{iree_codegen.target_info = #iree_gpu.target<arch = "gfx1100", features = "">}', "{}"):
        r = parse_nested("#iree_gpu.gpu_padding_resolver<>", "attr").clone_with_config(parse_nested(info, "attr"))
        assert r.text == "#iree_gpu.gpu_padding_resolver<>"
        t = parse_nested("tensor<4x?x8xf32, #iree_encoding.testing<>>", "type")
        assert r.get_layout(t).text == "#iree_encoding.padding<[0, 0, 0]>"


def test_conv_layouts_follow_the_conv_dims() -> None:
    from hlopt.dialects.conv_tiles import conv_encoding_info, infer_conv_dims, parse_map
    from hlopt.dialects.encoding_tiles import TargetFacts

    loops = "(n, oc, oh, ow, ic, fh, fw)"
    maps = [parse_map(f"{loops} -> {r}") for r in
            ("(n, ic, oh * 2 + fh, ow * 2 + fw)", "(oc, ic, fh, fw)", "(n, oc, oh, ow)")]
    cd = infer_conv_dims(maps)
    assert (cd.batch, cd.output_channel, cd.output_image, cd.input_channel, cd.filter_loop) == \
        ((0,), (1,), (2, 3), (4,), (5, 6))
    avx512 = TargetFacts("x86_64-unknown-linux-gnu", "+avx512f", None)
    f32 = ("f32", "f32", "f32")
    assert conv_encoding_info(1, f32, maps, avx512).text() == \
        "{innerDimsPos = [1, 0], innerTileSizes = [16, 16], outerDimsPerm = [0, 1, 2, 3]}"
    # no avx512f, or f16: no tile
    assert conv_encoding_info(0, f32, maps, TargetFacts("x86_64-unknown-linux-gnu", "+avx2", None)).text() == \
        "{innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}"
    assert conv_encoding_info(0, ("f16",) * 3, maps, avx512).inner_tile_sizes == []
    # a depthwise conv (a channel dim shared by all three operands) keeps the identity layout
    dw = [parse_map(f"(n, oh, ow, c, fh, fw) -> {r}") for r in
          ("(n, oh + fh, ow + fw, c)", "(fh, fw, c)", "(n, oh, ow, c)")]
    assert infer_conv_dims(dw).depth == (3,)
    assert conv_encoding_info(0, f32, dw, avx512).inner_dims_pos == []
