"""Data-tiling layouts of IREE's CPU encoding resolver for `op_type = conv`
encodings: the convolution dimensions inferred from the (input, filter,
output) root maps as MLIR's inferConvolutionDims classifies them, the
(OC, IC) tile IREE's CPU tables choose (f32 only: 16x16 on x86_64 with
avx512f, 8x8 on aarch64) and the packed layout of IREE's
getEncodingInfoForConv. Anything else is the identity layout, as in IREE.
Pure functions; maps outside `dN`, `dN * c` and sums of two such raise
`Unmodelled`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hlopt.dialects.encoding_tiles import EncodingInfo, TargetFacts, Unmodelled

_MAP = re.compile(r"^\s*\(([^)]*)\)\s*->\s*\((.*)\)\s*$")
_TERM = re.compile(r"^\s*(?:(\w+)\s*\*\s*(\d+)|(\d+)\s*\*\s*(\w+)|(\w+))\s*$")


def _terms(expr: str, dims: list[str]) -> list[tuple[int, int]] | None:
    """(dim, coefficient) of each `+` term of a result, None when a term is
    not a dim or a dim times a constant."""
    out = []
    for term in expr.split("+"):
        m = _TERM.match(term)
        if m is None:
            return None
        name, coeff = ((m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3)) if m.group(4)
                       else (m.group(5), "1"))
        if name not in dims:
            return None
        out.append((dims.index(name), int(coeff)))
    return out


def parse_map(text: str) -> tuple[int, list[list[tuple[int, int]] | None]]:
    m = _MAP.match(text)
    if m is None:
        raise Unmodelled(f"the indexing map '{text}'")
    dims = [d.strip() for d in m.group(1).split(",") if d.strip()]
    return len(dims), [_terms(r, dims) for r in m.group(2).split(",") if r.strip()]


@dataclass(frozen=True)
class ConvDims:
    batch: tuple[int, ...]
    output_image: tuple[int, ...]
    output_channel: tuple[int, ...]
    filter_loop: tuple[int, ...]
    input_channel: tuple[int, ...]
    depth: tuple[int, ...]
    dilations: tuple[int, ...]


def _bare(results: list) -> set[int]:
    return {r[0][0] for r in results if r is not None and len(r) == 1 and r[0][1] == 1}


def infer_conv_dims(maps: list[tuple[int, list]]) -> ConvDims | None:
    """inferConvolutionDims on (input, filter, output) maps; None where MLIR fails."""
    if len(maps) != 3:
        return None
    n_loops = maps[0][0]
    unconvolved: set[int] = set()
    convolved: set[int] = set()
    coeff: dict[int, int] = {}
    for r in maps[0][1]:
        if r is None or len(r) > 2:
            return None
        if len(r) == 1 and r[0][1] == 1:
            d = r[0][0]
            if d in unconvolved or d in convolved:
                return None
            unconvolved.add(d)
            continue
        if len(r) != 2:
            return None
        for d, c in r:
            if d in unconvolved or d in convolved:
                return None
            convolved.add(d)
            coeff[d] = c
    filt, out = _bare(maps[1][1]), _bare(maps[2][1])
    batch = (unconvolved & out) - filt
    oi = convolved & out
    oc = (filt & out) - unconvolved
    ic = (filt & unconvolved) - out
    fl = convolved & filt
    depth = unconvolved & out & filt
    if len(batch | oi | oc | ic | fl | depth) != n_loops or not oi or not fl:
        return None
    return ConvDims(*(tuple(sorted(s)) for s in (batch, oi, oc, fl, ic, depth)),
                    tuple(coeff[d] for d in sorted(fl)))


def _tile(types: tuple[str, ...], t: TargetFacts) -> tuple[int, int] | None:
    """(OC, IC) of enumerateCPUConvTiles' first entry."""
    if tuple(types[:3]) != ("f32", "f32", "f32"):
        return None
    if t.arch == "aarch64":
        return 8, 8
    if t.arch == "x86_64" and t.has("+avx512f"):
        return 16, 16
    return None


def conv_encoding_info(index: int, types: tuple[str, ...], maps: list[tuple[int, list]],
                       t: TargetFacts) -> EncodingInfo:
    cd = infer_conv_dims(maps)
    if cd is None or cd.depth or len(cd.output_image) != 2 or any(d != 1 for d in cd.dilations):
        return EncodingInfo()
    tile = _tile(types, t)
    if tile is None or not cd.input_channel or not cd.output_channel or index not in (0, 1, 2):
        return EncodingInfo()
    oc_t, ic_t = tile
    own = maps[index][1]

    def pos(dims: tuple[int, ...]) -> list[int]:
        out = []
        for d in dims:
            hit = [i for i, r in enumerate(own) if r is not None and r == [(d, 1)]]
            if hit:
                out.append(hit[0])
        return out

    batch, oc, fl, ic = pos(cd.batch), pos(cd.output_channel), pos(cd.filter_loop), pos(cd.input_channel)
    if index == 0:
        if not ic:
            return EncodingInfo()
        known = set(batch + ic)
        image = [i for i in range(len(own)) if i not in known]
        return EncodingInfo([ic[0]], [ic_t], batch + ic + image)
    if index == 1:
        if not oc or not ic:
            return EncodingInfo()
        return EncodingInfo([ic[0], oc[0]], [ic_t, oc_t], oc + ic + fl)
    if not oc:
        return EncodingInfo()
    return EncodingInfo([oc[0]], [oc_t], batch + oc + pos(cd.output_image))
