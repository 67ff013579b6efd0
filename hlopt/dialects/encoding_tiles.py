"""Data-tiling layouts of IREE's CPU and VMVX encoding resolvers: which
inner tiles a contraction operand gets on a target (IREE's
CPUEncodingExternalModels: the per-architecture tile enumerations,
chooseMatmulTile's narrow-dimension rating, getEncodingInfoForMatmul and
the narrow-N transposition). Pure functions over the facts of an
`#iree_encoding.encoding` (`ContractionFacts`) and a target configuration
(`TargetFacts`); the result is an `EncodingInfo`.

Anything outside what is modelled raises `Unmodelled`, so a caller never
turns an encoding it does not understand into a wrong layout.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

DYNAMIC = -9223372036854775808  # ShapedType::kDynamic, as IREE prints a dynamic tile


class Unmodelled(Exception):
    """An encoding or target hlopt does not model (the message says what)."""


@dataclass(frozen=True)
class ContractionFacts:
    """What the tile choice reads from an encoding."""

    operand_index: int
    element_types: tuple[str, ...]
    maps: tuple[tuple[int, tuple[int | None, ...]], ...]  # (num dims, result dims; None: not a bare dim)
    iteration_sizes: tuple[int, ...] | None  # DYNAMIC for `?`
    # the operand's map composed through its broadcast maps (IREE's
    # getMapForOperandIndex) when its user_indexing_maps entry is a list;
    # None: the root map maps[operand_index] itself
    operand_map: tuple[int | None, ...] | None = None


@dataclass
class EncodingInfo:
    inner_dims_pos: list[int] = field(default_factory=list)
    inner_tile_sizes: list[int] = field(default_factory=list)
    outer_dims_perm: list[int] = field(default_factory=list)

    def text(self) -> str:
        def ints(v: list[int]) -> str:
            return "[" + ", ".join(str(x) for x in v) + "]"

        return (f"{{innerDimsPos = {ints(self.inner_dims_pos)}, innerTileSizes = "
                f"{ints(self.inner_tile_sizes)}, outerDimsPerm = {ints(self.outer_dims_perm)}}}")


# -- target facts -----------------------------------------------------------------------

_ARCH = [  # llvm::Triple's arch spellings that IREE's tile tables distinguish
    (re.compile(r"^(x86_64|amd64|x86-64|x86_64h)$"), "x86_64"),
    (re.compile(r"^(i[3-9]86|x86)$"), "x86"),
    (re.compile(r"^(aarch64|arm64|aarch64_be|arm64e|arm64ec|aarch64_32|arm64_32)$"), "aarch64"),
    (re.compile(r"^riscv64(be)?$"), "riscv64"),
    (re.compile(r"^riscv32(be)?$"), "riscv32"),
]


@dataclass(frozen=True)
class TargetFacts:
    """The simplified configuration IREE's CPU resolver keeps."""

    triple: str | None
    cpu_features: str | None
    ukernels: str | None

    @property
    def arch(self) -> str | None:
        if self.triple is None:
            return None
        name = self.triple.split("-", 1)[0]
        for pat, arch in _ARCH:
            if pat.match(name):
                return arch
        return "other"

    def has(self, feature: str) -> bool:
        return self.cpu_features is not None and feature in self.cpu_features.split(",")

    def has_ukernel(self) -> bool:
        """IREE's hasUkernel(config) with no ukernel name."""
        u = self.ukernels if self.ukernels is not None else "default"
        if u == "default":
            u = "mmt4d" if self.arch in ("x86_64", "aarch64") or (
                self.arch == "riscv64" and self.has("+xsmtvdot")) else "none"
        if u == "none":
            return False
        return u == "all" or bool(u)


# -- contraction dimensions ---------------------------------------------------------------

@dataclass
class CDims:
    batch: list[int]
    m: list[int]
    n: list[int]
    k: list[int]


def _contraction_dims(f: ContractionFacts) -> CDims | None:
    """linalg::inferContractionDims on the encoding's root maps."""
    if len(f.maps) != 3:
        return None
    out = f.maps[2][1]
    if any(d is None for d in out) or len(set(out)) != len(out):
        return None  # not a projected permutation: no iterator types
    par = set(out)

    def dims(i: int, parallel: bool) -> set[int]:
        return {d for d in f.maps[i][1] if d is not None and (d in par) == parallel}

    a, b, c = dims(0, True), dims(1, True), dims(2, True)
    ra, rb = dims(0, False), dims(1, False)
    return CDims(batch=sorted(a & b & c), m=sorted((a & c) - b), n=sorted((b & c) - a), k=sorted(ra & rb))


def operand_position(f: ContractionFacts, dim: int) -> int | None:
    results = f.operand_map if f.operand_map is not None else f.maps[f.operand_index][1]
    return results.index(dim) if dim in results else None


def iteration_mn(f: ContractionFacts, cd: CDims) -> tuple[int, int] | None:
    """(M, N) of getEncodingContractionLikeSizes; None without iteration sizes."""
    it = f.iteration_sizes
    if not it:
        return None
    m = it[cd.m[0]] if cd.m else 1
    n = it[cd.n[0]] if cd.n else 1
    return m, n


def _po2ceil(x: int) -> int:
    return 1 if x <= 1 else 1 << (x - 1).bit_length()


def narrow_dim(f: ContractionFacts, cd: CDims) -> tuple[str, int] | None:
    """getPo2MatmulNarrowDim: ('M'|'N', power-of-two size) or None."""
    mn = iteration_mn(f, cd)
    if mn is None:
        return None
    m, n = mn
    if m == DYNAMIC and n == DYNAMIC:
        return None
    if m == DYNAMIC:
        return ("N", _po2ceil(n))
    if n == DYNAMIC:
        return ("M", _po2ceil(m))
    if n < m:
        return ("N", _po2ceil(n))
    if m < n:
        return ("M", _po2ceil(m))
    return None


# -- tile enumerations (narrow-M only; narrow-N is transposed) ------------------------------

def _trunc(m0: int, n0: int, k0: int, ms: tuple[int, ...]) -> list[tuple[int, int, int]]:
    return [(m, n0, k0) for m in (m0, *ms)]


def _is_float(t: str) -> bool:
    return t in ("bf16", "tf32") or bool(re.fullmatch(r"f\d+(E\w+)?", t))


def _x86_64(lhs: str, rhs: str, out: str, t: TargetFacts) -> list:
    if out in ("f32", "f16", "bf16"):
        if lhs == rhs == "bf16" and out in ("bf16", "f32") and t.has("+avx512bf16"):
            return _trunc(16, 16, 2, (8, 4, 2, 1))
        if _is_float(lhs) and _is_float(rhs):
            if t.has("+avx512f"):
                return _trunc(16, 16, 1, (8, 4, 2, 1))
            if t.has("+avx"):
                return _trunc(8, 8, 1, (4, 2, 1))
            return _trunc(8, 4, 1, (4, 2, 1))
    if out == "i32" and ((lhs == rhs == "i8") or (lhs == rhs == "i16")):
        if t.has("+avx512vnni") or t.has("+avx512bw"):
            return _trunc(16, 16, 2, (8, 4, 2, 1))
        if t.has("+avx2"):
            return _trunc(8, 8, 2, (4, 2, 1))
        return _trunc(8, 4, 2, (4, 2, 1))
    if out == "i32" and lhs == "i16" and rhs == "ui4" and t.has("+avx512vnni"):
        return [(1, 32, 8)]
    return []


def _arm64(lhs: str, rhs: str, out: str, t: TargetFacts) -> list:
    if out in ("f32", "f16", "bf16"):
        if lhs == rhs == "bf16" and out in ("bf16", "f32") and t.has("+bf16"):
            return _trunc(8, 8, 4, (4, 2, 1))
        if _is_float(lhs) and _is_float(rhs):
            return _trunc(8, 8, 1, (4, 2, 1))
    if lhs == rhs == "i8" and out == "i32":
        if t.has("+i8mm"):
            return _trunc(8, 8, 8, (4, 2, 1))
        if t.has("+dotprod"):
            return _trunc(8, 8, 4, (4, 2, 1))
    if lhs == "i8" and rhs == "i4" and out == "i32":
        if t.has("+i8mm"):
            return _trunc(4, 8, 16, (2, 1))
        if t.has("+dotprod"):
            return _trunc(8, 8, 8, (4, 2, 1))
        return _trunc(4, 16, 2, (2, 1))
    return []


def _riscv_vlen(t: TargetFacts) -> int:
    for bits in (65536, 32768, 16384, 8192, 4096, 2048, 1024, 512, 256):
        if t.has(f"+zvl{bits}b"):
            return bits
    return 128


def _riscv64(lhs: str, rhs: str, out: str, t: TargetFacts) -> list:
    if not t.has("+v"):
        return []
    vlen = _riscv_vlen(t)
    n0 = vlen // 8
    if lhs == rhs == out == "f32":
        return _trunc(7, n0, 1, (4, 2, 1))
    if lhs == rhs == "f16":
        if t.has("+zvfh"):
            return _trunc(7, n0, 1, (4, 2, 1))
        if t.has("+zvfhmin"):
            return _trunc(6, n0, 1, (4, 2, 1))
    if lhs == rhs == "bf16" and out == "f32" and t.has("+zvfbfwma"):
        return _trunc(7, n0, 1, (4, 2, 1))
    if lhs == rhs == "i8" and out == "i32":
        if t.has("+xsmtvdot"):
            atom = {256: 4, 1024: 8, 4096: 16}.get(vlen, 0)
            if atom:
                return [(3 * atom, 4 * atom, 2 * atom)]
        return _trunc(7, n0, 1, (4, 2, 1))
    return []


def _riscv32(t: TargetFacts) -> list:
    return _trunc(8, 8, 4, (4, 2, 1)) if t.has_ukernel() else []


def cpu_tiles(f: ContractionFacts, t: TargetFacts) -> list:
    if len(f.element_types) != 3:
        return []
    lhs, rhs, out = f.element_types
    arch = t.arch
    if arch == "aarch64":
        return _arm64(lhs, rhs, out, t)
    if arch == "x86_64":
        return _x86_64(lhs, rhs, out, t)
    if arch == "riscv32":
        return _riscv32(t)
    if arch == "riscv64":
        return _riscv64(lhs, rhs, out, t)
    return []


def vmvx_tiles(f: ContractionFacts, cd: CDims, t: TargetFacts) -> list:
    ukernel = t.has_ukernel() and not cd.batch and narrow_dim(f, cd) is None
    if ukernel:
        return [(DYNAMIC, DYNAMIC, DYNAMIC)]
    return _trunc(8, 8, 4, (4, 2, 1))


# -- choice and layout -----------------------------------------------------------------------

def choose_tile(tiles: list, narrow: tuple[str, int] | None) -> tuple[int, int, int]:
    """chooseMatmulTile (scalable vectorization off)."""
    if narrow is not None and narrow[0] == "N":
        m, n, k = choose_tile(tiles, ("M", narrow[1]))
        return n, m, k
    for tile in tiles:
        if DYNAMIC in tile:
            return tile
    rated = []
    for tile in tiles:
        penalty = max(tile[0] - _po2ceil(narrow[1]), 0) if narrow is not None else 0
        rated.append((penalty, tile[0] * tile[1] * tile[2], tile))
    best_penalty = min(r[0] for r in rated)
    best, best_product = (0, 0, 0), 0
    for penalty, product, tile in rated:
        if penalty == best_penalty and best_product < product:
            best, best_product = tile, product
    return best


def matmul_info(f: ContractionFacts, cd: CDims, tile: tuple[int, int, int]) -> EncodingInfo:
    """getEncodingInfoForMatmul."""
    info = EncodingInfo()
    # a dim the operand does not have (another operand's, or broadcast away)
    # has no position and no tile
    if cd.batch and (pos := operand_position(f, cd.batch[0])) is not None:
        info.outer_dims_perm.append(pos)
    for dims, size in ((cd.m, tile[0]), (cd.n, tile[1]), (cd.k, tile[2])):
        if dims and (pos := operand_position(f, dims[0])) is not None:
            info.outer_dims_perm.append(pos)
            info.inner_dims_pos.append(pos)
            info.inner_tile_sizes.append(size)
    return info


def _transpose(info: EncodingInfo) -> None:
    if len(info.inner_tile_sizes) < 2:
        return
    for a in (info.inner_dims_pos, info.inner_tile_sizes, info.outer_dims_perm):
        a[-2], a[-1] = a[-1], a[-2]


def cdims_checked(f: ContractionFacts) -> CDims | None:
    cd = _contraction_dims(f)
    if cd is None or len(cd.batch) > 1 or len(cd.m) > 1 or len(cd.n) > 1 or len(cd.k) > 1:
        return None
    if len(cd.k) != 1:
        raise Unmodelled("a contraction encoding without exactly one reduction dimension")
    return cd


def encoding_info(f: ContractionFacts, t: TargetFacts, vmvx: bool) -> EncodingInfo:
    """The layout IREE's CPU (or VMVX) resolver gives the operand."""
    cd = cdims_checked(f)
    if cd is None:
        return EncodingInfo()
    tiles = vmvx_tiles(f, cd, t) if vmvx else cpu_tiles(f, t)
    if not tiles:
        return EncodingInfo()
    narrow = narrow_dim(f, cd)
    info = matmul_info(f, cd, choose_tile(tiles, narrow))
    if f.operand_index == 2 and narrow is not None and narrow[0] == "N":
        _transpose(info)
    return info
