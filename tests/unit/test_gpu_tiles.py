"""IREE's GPU data-tiling rules (hlopt.dialects.gpu_tiles) without iree-opt:
intrinsic choice, unrolling and swizzles. Expected figures are what
iree-opt 3.13 printed for the same targets (tests/lit/passes/specialize-encodings-gpu.mlir)."""

from __future__ import annotations

import pytest

from hlopt.dialects.encoding_tiles import DYNAMIC, ContractionFacts, Unmodelled, cdims_checked
from hlopt.dialects.gpu_tiles import GpuTarget, choose_intrinsic, choose_mma, gpu_encoding_info, mma_swizzle

MATMUL = ((3, (0, 2)), (3, (2, 1)), (3, (0, 1)))
CDNA3 = GpuTarget(("MFMA_F32_16x16x4_F32", "MFMA_F32_16x16x16_F16", "MFMA_F32_32x32x8_F16", "MFMA_I32_16x16x32_I8",
                   "MFMA_F32_16x16x4x4B_F16"), 128, 4, 16384, 65536, 304)
RDNA3 = GpuTarget(("WMMAR3_F32_16x16x16_F16", "WMMAR3_F32_16x16x16_BF16"), 128, 4, 8192, 65536, 48)


def facts(i: int, types: tuple, sizes: tuple | None = None) -> ContractionFacts:
    return ContractionFacts(i, types, MATMUL, sizes)


def test_intrinsic_with_largest_k_wins_and_block_intrinsics_are_skipped() -> None:
    assert choose_intrinsic(("f16", "f16", "f32"), CDNA3) == "MFMA_F32_16x16x16_F16"
    assert choose_intrinsic(("i16", "i16", "i32"), CDNA3) is None


def test_untabled_matching_intrinsic_is_unmodelled() -> None:
    t = GpuTarget(("WMMA_F32_16x16x32_F16",), 128, 4, 16384, 65536, None)
    with pytest.raises(Unmodelled):
        choose_intrinsic(("f16", "f16", "f32"), t)
    assert choose_intrinsic(("i8", "i8", "i32"), t) is None


def test_rdna4_wmmar4_splits_k_across_two_lanes() -> None:
    t = GpuTarget(("WMMAR4_F32_16x16x16_F16", "WMMAR4_F16_16x16x16_F16"), 128, 4, 8192, 65536, 32)
    assert choose_intrinsic(("f16", "f16", "f16"), t) == "WMMAR4_F16_16x16x16_F16"
    f = facts(0, ("f16", "f16", "f32"))
    mma = choose_mma(f, cdims_checked(f), t)
    # two lanes per row, 8 K elements each: the LHS swizzle's K group is [CrossThread 2, Internal 8]
    assert '["CrossThread", 2 : i16, 1 : i8], ["Internal", 8 : i16, "One"]' in mma_swizzle(mma, 0).text()


def test_ukernel_provider_layout_wins_only_where_a_ukernel_matches() -> None:
    mma = CDNA3.mma
    dyn = facts(0, ("f16", "f16", "f32"), sizes=(DYNAMIC, DYNAMIC, DYNAMIC))
    with_uk = GpuTarget(mma, 128, 4, 16384, 65536, 304, "gfx942", True)
    got = choose_mma(dyn, cdims_checked(dyn), with_uk)
    assert (got.intrinsic, got.intrinsics_m, got.subgroups_m, got.intrinsics_n, got.subgroups_n, got.intrinsics_k) \
        == ("MFMA_F32_16x16x16_F16", 8, 2, 4, 4, 1)
    # N below the ukernel's minimum, another arch, or no provider: the heuristic layout
    small = facts(0, ("f16", "f16", "f32"), sizes=(512, 32768, 512))
    plain = choose_mma(small, cdims_checked(small), GpuTarget(mma, 128, 4, 16384, 65536, 304, "gfx942"))
    assert choose_mma(small, cdims_checked(small), with_uk) == plain
    assert choose_mma(dyn, cdims_checked(dyn), GpuTarget(mma, 128, 4, 16384, 65536, 304, "gfx950", True)) \
        == choose_mma(dyn, cdims_checked(dyn), GpuTarget(mma, 128, 4, 16384, 65536, 304, "gfx950"))


def test_dynamic_f16_unrolls_to_128x128x32() -> None:
    f = facts(0, ("f16", "f16", "f32"))
    mma = choose_mma(f, cdims_checked(f), CDNA3)
    assert (mma.intrinsics_m, mma.subgroups_m, mma.intrinsics_n, mma.subgroups_n, mma.intrinsics_k) == (4, 2, 4, 2, 2)
    assert mma.tile() == (128, 128, 32)
    assert mma_swizzle(mma, 0).perm == [0, 1, 4, 2, 3, 5]
    assert mma_swizzle(mma, 2).perm == [0, 4, 1, 5, 2, 6, 3]


def test_static_sizes_and_workgroup_count_cap_the_unrolling() -> None:
    info, swizzle = gpu_encoding_info(facts(0, ("i8", "i8", "i32"), (64, 64, 256)), CDNA3)
    assert info.inner_tile_sizes == [16, 64]
    assert swizzle.endswith("permutation = [2, 0, 1, 3]}")


def test_wave32_stride_zero_lanes_are_distributed() -> None:
    info, swizzle = gpu_encoding_info(facts(0, ("bf16", "bf16", "f32"), (DYNAMIC, DYNAMIC, DYNAMIC)), RDNA3)
    assert info.inner_tile_sizes == [64, 16]
    assert '["CrossThread", 1 : i16, 2 : i8]' in swizzle


def test_missing_limits_give_the_identity_layout() -> None:
    t = GpuTarget(CDNA3.mma, None, None, None, 65536, None)
    info, swizzle = gpu_encoding_info(facts(2, ("f16", "f16", "f32")), t)
    assert (info.inner_tile_sizes, swizzle) == ([], None)


def test_vecmat_is_unmodelled() -> None:
    f = ContractionFacts(0, ("f16", "f16", "f32"), ((2, (1,)), (2, (1, 0)), (2, (0,))), None)
    with pytest.raises(Unmodelled):
        gpu_encoding_info(f, CDNA3)
