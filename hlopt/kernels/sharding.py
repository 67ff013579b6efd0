"""Shardings: which block of a global array each device holds.

Two spellings: GSPMD's HloSharding strings (`{devices=[4,2]<=[8]}`,
`<=[2,4]T(1,0)`, explicit device lists, `last_tile_dim_replicate`,
`{replicated}`, `{manual}`, `{maximal device=0}`) and Shardy's
`#sdy.sharding<@mesh, [{"x"}, {}]>` over an `sdy.mesh`. Both reduce to a
`Layout`: per tensor dimension the number of tiles, and per device its
tile coordinates. Splitting and assembling follow jax: tile i of a
dimension of size n covers [i*ceil(n/t), min((i+1)*ceil(n/t), n)), and a
global array is rebuilt from the first device holding each tile.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from hlopt.kernels.values import InterpError


class Layout:
    __slots__ = ("tiles", "coords")

    def __init__(self, tiles: tuple[int, ...], coords: dict[int, tuple[int, ...]]):
        self.tiles = tiles  # per tensor dim
        self.coords = coords  # device -> tile coordinate per tensor dim

    def slices(self, shape: tuple[int, ...], device: int) -> tuple[slice, ...]:
        c = self.coords.get(device)
        if c is None:
            return tuple(slice(0, 0) for _ in shape)
        out = []
        for n, t, i in zip(shape, self.tiles, c):
            size = -(-n // t)
            out.append(slice(min(i * size, n), min((i + 1) * size, n)))
        return tuple(out)

    def local_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(-(-n // t) for n, t in zip(shape, self.tiles))

    def split(self, x: np.ndarray, device: int) -> np.ndarray:
        return np.asarray(x)[self.slices(np.asarray(x).shape, device)]

    def assemble(self, locals_: dict[int, np.ndarray], shape: tuple[int, ...]) -> np.ndarray:
        first = next(iter(locals_.values()))
        out = np.zeros(shape, np.asarray(first).dtype)
        seen: set[tuple[int, ...]] = set()
        for d in sorted(locals_):
            c = self.coords.get(d)
            if c is None or c in seen:
                continue
            seen.add(c)
            sl = self.slices(shape, d)
            v = np.asarray(locals_[d])
            out[sl] = v[tuple(slice(0, s.stop - s.start) for s in sl)]
        return out


def replicated(rank: int, num_devices: int) -> Layout:
    return Layout((1,) * rank, {d: (0,) * rank for d in range(num_devices)})


# -- HloSharding strings -------------------------------------------------------------------

_DEVICES = re.compile(r"devices=\[([\d,\s]+)\]\s*(?:<=\[([\d,\s]+)\](?:T\(([\d,\s]+)\))?|([\d,\s]+))")


def parse_hlo_sharding(text: str, rank: int, num_devices: int) -> Layout | None:
    """None for `{manual}`; a Layout otherwise."""
    t = text.strip()
    if t.startswith("{") and t.endswith("}"):
        t = t[1:-1].strip()
    if t.startswith("{"):  # tuple shardings: not for arrays
        raise InterpError(f"tuple sharding '{text}' is not supported")
    if t in ("replicated", "") or t.startswith("maximal"):
        return replicated(rank, num_devices)
    if t == "manual":
        return None
    m = _DEVICES.search(t)
    if m is None:
        raise InterpError(f"cannot read sharding '{text}'")
    dims = [int(x) for x in m.group(1).split(",") if x.strip()]
    if m.group(2) is not None:
        rs = [int(x) for x in m.group(2).split(",") if x.strip()]
        devs = np.arange(int(np.prod(rs))).reshape(rs)
        if m.group(3):
            devs = devs.transpose([int(x) for x in m.group(3).split(",") if x.strip()])
        devs = devs.reshape(dims)
    else:
        devs = np.array([int(x) for x in m.group(4).split(",") if x.strip()]).reshape(dims)
    coords: dict[int, tuple[int, ...]] = {}
    for idx in np.ndindex(*devs.shape):
        coords[int(devs[idx])] = tuple(idx[:rank])
    return Layout(tuple(dims[:rank]) if len(dims) >= rank else tuple(dims) + (1,) * (rank - len(dims)), coords)


# -- Shardy -------------------------------------------------------------------------------------

_MESH_AXIS = re.compile(r'"([^"]+)"\s*=\s*(\d+)')
_DEVICE_IDS = re.compile(r"device_ids\s*=\s*\[([\d,\s]*)\]")


class Mesh:
    __slots__ = ("axes", "device_ids")

    def __init__(self, axes: list[tuple[str, int]], device_ids: list[int] | None):
        self.axes = axes
        n = int(np.prod([s for _, s in axes])) if axes else 1
        self.device_ids = device_ids if device_ids else list(range(n))

    def coords(self, device: int) -> dict[str, int] | None:
        if device not in self.device_ids:
            return None
        pos = self.device_ids.index(device)
        sizes = [s for _, s in self.axes]
        c = np.unravel_index(pos, sizes) if sizes else ()
        return {name: int(i) for (name, _), i in zip(self.axes, c)}


def parse_mesh(text: str) -> Mesh:
    body = text
    i = body.find("[")
    j = body.find("]", i)
    axes = [(m.group(1), int(m.group(2))) for m in _MESH_AXIS.finditer(body[i:j + 1])] if i >= 0 else []
    m = _DEVICE_IDS.search(body[j + 1:] if j >= 0 else body)
    ids = [int(x) for x in m.group(1).split(",") if x.strip()] if m else None
    return Mesh(axes, ids)


_SDY_ENTRY = re.compile(r"<\s*@([\w$.]+)\s*,\s*\[")


AxisRef = tuple  # (axis name, pre-size, size); a whole axis is (name, 1, None)
_AXIS_REF = re.compile(r'"([^"]+)"(?:\s*:\s*\(\s*(\d+)\s*\)\s*(\d+))?')


def parse_sdy_shardings(text: str) -> list[tuple[str, list[list[AxisRef]]]]:
    """`<@mesh, [{"x"}, {"y":(1)2}, {}]>` entries (one per value) ->
    [(mesh, dims)], each dim a list of axis refs, major first. A sub-axis
    `"y":(p)s` is the size-s part of axis y after a major part of size p."""
    out = []
    for m in _SDY_ENTRY.finditer(text):
        depth, k = 1, m.end()
        while depth and k < len(text):
            depth += {"[": 1, "]": -1}.get(text[k], 0)
            k += 1
        dims_text = text[m.end():k - 1]
        dims = []
        for g in re.finditer(r"\{([^}]*)\}", dims_text):
            dims.append([(n, int(p), int(sz)) if sz else (n, 1, None) for n, p, sz in _AXIS_REF.findall(g.group(1))])
        out.append((m.group(1), dims))
    return out


def _axis_size_and_coord(mesh_sizes: dict[str, int], ref: AxisRef, coords: dict[str, int]) -> tuple[int, int]:
    """Size of an axis ref and the device's coordinate along it: a mesh axis
    of size n splits major to minor into (pre, size, n / (pre * size))."""
    name, pre, size = ref
    n = mesh_sizes.get(name)
    if n is None:
        raise InterpError(f"sharding names axis '{name}', which the mesh does not have")
    if size is None:
        return n, coords[name]
    if n % (pre * size):
        raise InterpError(f"sub-axis \"{name}\":({pre}){size} does not divide axis '{name}' of size {n}")
    post = n // (pre * size)
    return size, (coords[name] // post) % size


def sdy_layout(mesh: Mesh, dims: list[list[AxisRef]], num_devices: int, only: set[str] | None = None) -> Layout:
    """Tiles and per-device tile coordinates of a Shardy sharding; `only`
    keeps the axes named (a manual computation splits along its manual
    axes only)."""
    sizes = dict(mesh.axes)
    dims = [[r for r in axes if only is None or r[0] in only] for axes in dims]
    coords: dict[int, tuple[int, ...]] = {}
    tiles = tuple(int(np.prod([_axis_size_and_coord(sizes, r, {r[0]: 0})[0] for r in axes])) for axes in dims)
    for d in range(num_devices):
        c = mesh.coords(d)
        if c is None:
            continue
        tc = []
        for axes in dims:
            i = 0
            for r in axes:
                n, k = _axis_size_and_coord(sizes, r, c)
                i = i * n + k
            tc.append(i)
        coords[d] = tuple(tc)
    return Layout(tiles, coords)


def value_layout(attrs: Any, rank: int, num_devices: int, meshes: dict[str, Mesh]) -> Layout:
    """The layout an argument/result attribute dictionary gives a value
    (`mhlo.sharding` or `sdy.sharding`), replicated when it gives none."""
    if attrs is None:
        return replicated(rank, num_devices)
    s = attrs.get("mhlo.sharding")
    if s is not None:
        lay = parse_hlo_sharding(s.value, rank, num_devices)
        return lay if lay is not None else replicated(rank, num_devices)
    s = attrs.get("sdy.sharding")
    if s is not None:
        entries = parse_sdy_shardings(s.text)
        if entries:
            mesh_name, dims = entries[0]
            mesh = meshes.get(mesh_name)
            if mesh is None:
                raise InterpError(f"unknown sdy mesh '@{mesh_name}'")
            return sdy_layout(mesh, dims, num_devices)
    return replicated(rank, num_devices)
