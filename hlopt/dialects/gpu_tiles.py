"""Data-tiling layouts of IREE's GPU encoding resolver: which MMA intrinsic a
contraction uses on a `#iree_gpu.target` (the one maximizing K among those
matching the element types), how far it is unrolled (registers, shared
memory and workgroup count bound the M/N unrolling; SIMDs split it into
subgroups) and the resulting tile swizzle (IREE's GPUEncodingExternalModels
and GPUTileSwizzleUtils). Pure functions; anything outside the intrinsics
tabled here raises `Unmodelled`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from hlopt.dialects.encoding_tiles import (
    DYNAMIC,
    ContractionFacts,
    EncodingInfo,
    Unmodelled,
    cdims_checked,
    iteration_mn,
    matmul_info,
    operand_position,
)


@dataclass(frozen=True)
class Layout:
    """MMASingleSubgroupLayout of one operand."""

    outer: tuple[int, int]
    thread: tuple[int, int]
    tstrides: tuple[int, int]
    element: tuple[int, int]


def _mfma_lhs(m: int, k: int) -> Layout:
    per = 64 // m
    return Layout((1, 1), (m, per), (1, m), (1, k // per))


def _mfma_rhs(n: int, k: int) -> Layout:
    per = 64 // n
    return Layout((1, 1), (per, n), (n, 1), (k // per, 1))


_ACC16 = Layout((1, 1), (4, 16), (16, 1), (4, 1))
_ACC32 = Layout((4, 1), (2, 32), (32, 1), (4, 1))
_WMMAR3 = (Layout((1, 1), (16, 1), (1, 0), (1, 16)), Layout((1, 1), (1, 16), (0, 1), (16, 1)),
           Layout((8, 1), (2, 16), (16, 1), (1, 1)))
# RDNA4 (gfx12) WMMA: two lanes per row split K in halves
_WMMAR4 = (Layout((1, 1), (16, 2), (1, 16), (1, 8)), Layout((1, 1), (2, 16), (16, 1), (8, 1)),
           Layout((1, 1), (2, 16), (16, 1), (8, 1)))


def _mfma(m: int, k: int) -> tuple[Layout, Layout, Layout]:
    return _mfma_lhs(m, k), _mfma_rhs(m, k), (_ACC16 if m == 16 else _ACC32)


_F8 = ("f8E4M3FNUZ", "f8E5M2FNUZ", "f8E4M3FN", "f8E5M2")
# name -> (M, N, K, (a, b, c) element types, subgroup size, (lhs, rhs, acc) layouts)
INTRINSICS = {
    "MFMA_F32_16x16x4_F32": (16, 16, 4, ("f32", "f32", "f32"), 64, _mfma(16, 4)),
    "MFMA_F32_16x16x16_F16": (16, 16, 16, ("f16", "f16", "f32"), 64, _mfma(16, 16)),
    "MFMA_F32_16x16x16_BF16": (16, 16, 16, ("bf16", "bf16", "f32"), 64, _mfma(16, 16)),
    "MFMA_F32_32x32x8_F16": (32, 32, 8, ("f16", "f16", "f32"), 64, _mfma(32, 8)),
    "MFMA_F32_32x32x8_BF16": (32, 32, 8, ("bf16", "bf16", "f32"), 64, _mfma(32, 8)),
    "MFMA_I32_16x16x32_I8": (16, 16, 32, ("i8", "i8", "i32"), 64, _mfma(16, 32)),
    "MFMA_I32_32x32x16_I8": (32, 32, 16, ("i8", "i8", "i32"), 64, _mfma(32, 16)),
    "MFMA_F32_16x16x32_F16": (16, 16, 32, ("f16", "f16", "f32"), 64, _mfma(16, 32)),
    "MFMA_F32_16x16x32_BF16": (16, 16, 32, ("bf16", "bf16", "f32"), 64, _mfma(16, 32)),
    "MFMA_F32_32x32x16_F16": (32, 32, 16, ("f16", "f16", "f32"), 64, _mfma(32, 16)),
    "MFMA_F32_32x32x16_BF16": (32, 32, 16, ("bf16", "bf16", "f32"), 64, _mfma(32, 16)),
    "WMMAR3_F32_16x16x16_F16": (16, 16, 16, ("f16", "f16", "f32"), 32, _WMMAR3),
    "WMMAR3_F32_16x16x16_BF16": (16, 16, 16, ("bf16", "bf16", "f32"), 32, _WMMAR3),
    "WMMAR3_I32_16x16x16_I8": (16, 16, 16, ("i8", "i8", "i32"), 32, _WMMAR3),
    **{f"MFMA_F32_{m}x{m}x{k}_{a.upper()}" + ("" if a == b else f"_{b.upper()}"): (m, m, k, (a, b, "f32"), 64,
                                                                           _mfma(m, k))
       for m, k in ((16, 32), (32, 16)) for a in _F8 for b in _F8 if a.endswith("FNUZ") == b.endswith("FNUZ")},
    "WMMAR3_F16_16x16x16_F16": (16, 16, 16, ("f16", "f16", "f16"), 32, _WMMAR3),
    "WMMAR3_BF16_16x16x16_BF16": (16, 16, 16, ("bf16", "bf16", "bf16"), 32, _WMMAR3),
    **{f"WMMAR4_{c.upper()}_16x16x16_{_n}": (16, 16, 16, (a, b, c), 32, _WMMAR4) for _n, (a, b, c) in {
        "F16": ("f16", "f16", "f32"), "BF16": ("bf16", "bf16", "f32"), "I8": ("i8", "i8", "i32"),
        "F8E5M2": ("f8E5M2", "f8E5M2", "f32"), "F8E4M3FN": ("f8E4M3FN", "f8E4M3FN", "f32"),
        "F8E5M2_F8E4M3FN": ("f8E5M2", "f8E4M3FN", "f32"), "F8E4M3FN_F8E5M2": ("f8E4M3FN", "f8E5M2", "f32"),
    }.items()},
    "WMMAR4_F16_16x16x16_F16": (16, 16, 16, ("f16", "f16", "f16"), 32, _WMMAR4),
    "WMMAR4_BF16_16x16x16_BF16": (16, 16, 16, ("bf16", "bf16", "bf16"), 32, _WMMAR4),
}
_BITS = {"f32": 32, "f16": 16, "bf16": 16, "i8": 8, "i32": 32, **{t: 8 for t in _F8}}
_NAME = re.compile(r"^[A-Z_0-9]*?_([A-Z0-9]+)_(\d+)x(\d+)x(\d+)(x\d+B)?_([A-Z0-9]+)(?:_([A-Z0-9]+))?$")
_TYPE = re.compile(r"^(F|I|BF)(\d+)(.*)$")


def _type_name(s: str) -> str:
    m = _TYPE.match(s)
    if m is None:
        return s.lower()
    return m.group(1).lower() + m.group(2) + m.group(3)


def _name_types(name: str) -> tuple[tuple[str, str, str] | None, bool]:
    """(a, b, c) element types read off an intrinsic's name, and whether it is
    a block intrinsic (`..._MxNxKxBB_...`), for intrinsics not tabled here."""
    m = _NAME.match(name)
    if m is None:
        return None, False
    a = _type_name(m.group(6))
    b = _type_name(m.group(7)) if m.group(7) else a
    return (a, b, _type_name(m.group(1))), m.group(5) is not None


@dataclass(frozen=True)
class GpuTarget:
    """What the GPU resolver reads from a `#iree_gpu.target`."""

    mma: tuple[str, ...]
    max_load_bits: int | None
    simds_per_wgp: int | None
    vgpr_space_bits: int | None
    workgroup_memory_bytes: int
    wgp_count: int | None
    arch: str = ""
    ukernel_provider: bool = False  # `iree_codegen.ukernel_provider = #rocm.tensor_ukernel_provider`


def choose_intrinsic(etypes: tuple[str, ...], target: GpuTarget) -> str | None:
    """chooseIntrinsicMMAAttr: the matching intrinsic with the largest K (the
    later one on ties)."""
    best, best_k = None, 0
    for name in target.mma:
        if name in INTRINSICS:
            _, _, k, types, _, _ = INTRINSICS[name]
        else:
            types, block = _name_types(name)
            if block:
                continue
            if types is None or tuple(types) == tuple(etypes[:3]):
                raise Unmodelled(f"the MMA intrinsic {name}")
            continue
        if types != tuple(etypes[:3]):
            continue
        if best is not None and best_k > k:
            continue
        best, best_k = name, k
    return best


@dataclass(frozen=True)
class DataTiledMMA:
    intrinsic: str
    intrinsics_m: int
    subgroups_m: int
    intrinsics_n: int
    subgroups_n: int
    intrinsics_k: int

    def tile(self) -> tuple[int, int, int]:
        m, n, k = INTRINSICS[self.intrinsic][:3]
        return (m * self.intrinsics_m * self.subgroups_m, n * self.intrinsics_n * self.subgroups_n,
                k * self.intrinsics_k)


def _vector_bits(layout: Layout, etype: str) -> int:
    return math.prod(layout.outer) * math.prod(layout.element) * _BITS[etype]


def _floor_po2(x: int) -> int:
    return 1 << (x.bit_length() - 1)


# The data-tiled layouts of the ROCm tensor ukernels (their `#rocm.ukernel_info`):
# (archs, element types, iteration size constraints (index, min, max, div), benefit, mma)
UKERNELS = (
    (("gfx942",), ("f16", "f16", "f32"), ((0, 512, None, 64), (1, 32832, None, 64), (2, 512, None, 64)), 0,
     ("MFMA_F32_16x16x16_F16", 8, 2, 4, 4, 1)),
    (("gfx950",), ("f8E4M3FN", "f8E4M3FN", "f32"), ((0, 64, None, None), (1, 8192, None, None)), 2,
     ("MFMA_F32_16x16x32_F8E4M3FN", 8, 2, 4, 4, 1)),
    (("gfx942",), ("f8E4M3FNUZ", "f8E4M3FNUZ", "f32"), ((0, 64, None, None), (1, 2048, 8192, None)), 1,
     ("MFMA_F32_16x16x32_F8E4M3FNUZ", 8, 2, 4, 4, 1)),
    (("gfx942",), ("f8E4M3FNUZ", "f8E4M3FNUZ", "f32"), ((0, 32, None, None),), 0,
     ("MFMA_F32_16x16x32_F8E4M3FNUZ", 8, 1, 2, 8, 2)),
)


def _sizes_fit(sizes: tuple[int, ...], constraints: tuple) -> bool:
    """checkIterationSizeConstraints: a dynamic size passes a minimum and a
    divisor, never a maximum."""
    for index, lo, hi, div in constraints:
        v = sizes[index]
        if lo is not None and v != DYNAMIC and v < lo:
            return False
        if hi is not None and (v == DYNAMIC or v > hi):
            return False
        if div is not None and v != DYNAMIC and v % div:
            return False
    return True


def ukernel_mma(f: ContractionFacts, target: GpuTarget) -> DataTiledMMA | None:
    """TensorUKernelProviderAttr::getDataLayoutForUKernel: the matching
    ukernel with the highest benefit (the first on ties)."""
    if len(f.element_types) != 3 or f.iteration_sizes is None or len(f.iteration_sizes) != 3:
        return None
    best, best_benefit = None, 0
    for archs, types, constraints, benefit, mma in UKERNELS:
        if best is not None and best_benefit >= benefit:
            continue
        if tuple(f.element_types) != types or not _sizes_fit(f.iteration_sizes, constraints):
            continue
        if target.arch not in archs or mma[0] not in target.mma:
            continue
        best, best_benefit = DataTiledMMA(mma[0], mma[1], mma[2], mma[3], mma[4], mma[5]), benefit
    return best


def choose_mma(f: ContractionFacts, cd, target: GpuTarget) -> DataTiledMMA | None:
    """chooseDataTiledMMAAttr for a matmul encoding."""
    if target.ukernel_provider:
        mma = ukernel_mma(f, target)
        if mma is not None:
            return mma
    if not target.max_load_bits or not target.vgpr_space_bits or not target.simds_per_wgp:
        return None
    name = choose_intrinsic(f.element_types, target)
    if name is None:
        return None
    im_m, im_n, _, types, _, (la, lb, lc) = INTRINSICS[name]
    bits_a, bits_b, bits_c = _vector_bits(la, types[0]), _vector_bits(lb, types[1]), _vector_bits(lc, types[2])
    ik = max(1, target.max_load_bits // min(bits_a, bits_b))
    inf = 2 ** 63 - 1
    max_m = max_n = max_mn = inf
    mn = iteration_mn(f, cd)
    if mn is not None:
        m, n = mn
        if m != DYNAMIC:
            max_m = -(-m // im_m)
        if n != DYNAMIC:
            max_n = -(-n // im_n)
        if m != DYNAMIC and n != DYNAMIC:
            wgps = target.wgp_count if target.wgp_count is not None else 512
            max_mn = -(-(m * n) // (wgps * im_m * im_n))

    def ai(a: int, b: int) -> float:
        return (a * b) / (a + b)

    total_m = total_n = 1
    best = ai(1, 1)
    tm = 1
    while tm <= max_m:
        tn_vgpr = (target.vgpr_space_bits - tm * ik * bits_a) // (ik * bits_b + tm * bits_c)
        tn_smem = (target.workgroup_memory_bytes * 8 - tm * ik * bits_a) // (ik * bits_b)
        tn = min(tn_vgpr, tn_smem, max_n, max_mn // tm)
        if tn <= 0:
            break
        tn = _floor_po2(tn)
        if ai(tm, tn) > best:
            total_m, total_n, best = tm, tn, ai(tm, tn)
        tm <<= 1
    sg_m = sg_n = in_m = in_n = 1
    best = ai(1, 1)
    sm = 1
    while sm <= min(target.simds_per_wgp, total_m):
        sn = _floor_po2(min(target.simds_per_wgp // sm, total_n))
        a, b = total_m // sm, total_n // sn
        if ai(a, b) > best:
            sg_m, sg_n, in_m, in_n, best = sm, sn, a, b, ai(a, b)
        sm <<= 1
    return DataTiledMMA(name, in_m, sg_m, in_n, sg_n, ik)


# -- swizzle ----------------------------------------------------------------------------------

# a swizzle dim: (kind, size, distribution) with kind in Internal/CrossThread/CrossIntrinsic
class Swizzle:
    def __init__(self, rank: int):
        self.shape: list[list[tuple]] = [[] for _ in range(rank)]
        self.perm: list[int] = []

    def expand(self, src: int, dim: tuple) -> None:
        dst = sum(len(s) for s in self.shape[:src])
        self.shape[src].insert(0, dim)
        self.perm = [dst] + [p + (p >= dst) for p in self.perm]

    def remove(self, src: int) -> None:
        """Drop source dim `src`'s group (a dim the operand does not have)."""
        start = sum(len(s) for s in self.shape[:src])
        end = start + len(self.shape[src])
        del self.shape[src]
        self.perm = [p if p < start else p - (end - start) for p in self.perm if not start <= p < end]

    def interleave(self, dst: int) -> None:
        p = self.perm
        self.perm = p[1:dst + 1] + [p[0]] + p[dst + 1:]

    def innermost_cross_thread(self) -> int:
        flat = [d for s in self.shape for d in s]
        permuted = [flat[i] for i in self.perm]
        for i in range(len(permuted) - 1, -1, -1):
            if permuted[i][0] == "CrossThread":
                return i
        raise Unmodelled("a swizzle without a cross-thread dimension")

    def text(self) -> str:
        def dim(d: tuple) -> str:
            kind, size, dist = d
            if kind == "Internal":
                return f'["Internal", {size} : i16, "One"]'
            if kind == "CrossThread":
                return f'["CrossThread", {size} : i16, {dist} : i8]'
            return f'["CrossIntrinsic", {size} : i16]'

        shape = "[" + ", ".join("[" + ", ".join(dim(d) for d in s) + "]" for s in self.shape) + "]"
        return f"{{expandShape = {shape}, permutation = [{', '.join(str(p) for p in self.perm)}]}}"


def _intrinsic_swizzle(name: str, operand: int) -> Swizzle:
    layout = INTRINSICS[name][5][operand]
    subgroup = INTRINSICS[name][4]
    outer, thread, tstrides, element = (list(x) for x in (layout.outer, layout.thread, layout.tstrides,
                                                          layout.element))
    if operand == 1:  # the swizzle's RHS is [N, K]
        for v in (outer, thread, tstrides, element):
            v.reverse()
    s = Swizzle(2)
    for src in (1, 0):
        if element[src] != 1:
            s.expand(src, ("Internal", element[src], 1))
    factor = subgroup // math.prod(thread)
    for i, (t, st) in enumerate(zip(thread, tstrides)):
        if t != 1 or st == 0:
            s.expand(i, ("CrossThread", t, factor if st == 0 else 1))
    if thread[0] != 1 and thread[1] != 1 and tstrides[0] > tstrides[1]:
        s.perm[0], s.perm[1] = s.perm[1], s.perm[0]
    for i, o in enumerate(outer):
        if o != 1:
            s.expand(i, ("Internal", o, 1))
    return s


def _expand_if(s: Swizzle, src: int, dim: tuple, interleave: bool = False) -> None:
    if dim[1] > 1:
        s.expand(src, dim)
        if interleave:
            s.interleave(s.innermost_cross_thread())


def mma_swizzle(mma: DataTiledMMA, operand: int) -> Swizzle:
    """getSwizzle for a DataTiledMMAAttr interleaving K on LHS and RHS."""
    s = _intrinsic_swizzle(mma.intrinsic, operand)
    ik = ("CrossIntrinsic", mma.intrinsics_k, 1)
    im = ("CrossIntrinsic", mma.intrinsics_m, 1)
    inn = ("CrossIntrinsic", mma.intrinsics_n, 1)
    if operand == 0:
        _expand_if(s, 1, ik, True)
        _expand_if(s, 0, im)
        _expand_if(s, 0, ("CrossThread", mma.subgroups_m, mma.subgroups_n))
    elif operand == 1:
        _expand_if(s, 1, ik, True)
        _expand_if(s, 0, inn)
        _expand_if(s, 0, ("CrossThread", mma.subgroups_n, 1))
    else:
        sg_n = ("CrossThread", mma.subgroups_n, 1)
        sg_m = ("CrossThread", mma.subgroups_m, 1)
        _expand_if(s, 1, inn)
        _expand_if(s, 0, im)
        _expand_if(s, 1, sg_n)
        _expand_if(s, 0, sg_m)
    return s


def gpu_encoding_info(f: ContractionFacts, target: GpuTarget) -> tuple[EncodingInfo, str | None]:
    """(layout, swizzle text or None) the GPU resolver gives the operand."""
    cd = cdims_checked(f)
    if cd is None:
        return EncodingInfo(), None
    mma = choose_mma(f, cd, target)
    if mma is None:
        return EncodingInfo(), None
    info = matmul_info(f, cd, mma.tile())
    idx = f.operand_index
    swizzle = mma_swizzle(mma, idx)
    for dims, should in ((cd.m, idx in (0, 2)), (cd.n, idx in (1, 2)), (cd.k, idx in (0, 1))):
        if should and not dims:
            # iree-opt 3.13 (and IREE's main branch) keep the absent dim's swizzle group, a
            # layout their own verifier rejects ("swizzle expandShape size does not match
            # innerTileSizes size") when the output is read back
            raise Unmodelled("the GPU data-tiling layout of a contraction without an M or N dimension "
                             "(vecmat/matvec: IREE 3.13 produces a swizzle its verifier rejects)")
    for dims, should in ((cd.m, idx in (0, 2)), (cd.n, idx in (1, 2)), (cd.k, idx in (0, 1))):
        # a dim broadcast away from this operand: its group goes, outermost first
        # (getEncodingSwizzle); the groups are ordered M, N, K
        if should and operand_position(f, dims[0]) is None:
            swizzle.remove(0)
    return info, swizzle.text()
