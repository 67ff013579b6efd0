"""IREE's GPU codegen dialect (iree_gpu): the padding resolver
`#iree_gpu.gpu_padding_resolver<[cache_line_bytes = N, cache_sets = M]>`.

As an executable target's `iree.encoding.resolver` it takes the L1 cache
shape of the target's `iree_codegen.target_info = #iree_gpu.target<arch = ...>`
(IREE knows it for gfx90a, gfx942 and gfx950: 128-byte lines, 4 sets) and
pads the innermost dimension of `#iree_encoding.padding<[0, ..., ?]>` tensors
so rows start in different cache sets. Without cache information every
tensor gets the identity padding. Other attributes of the dialect
(`#iree_gpu.target`, ...) stay opaque.

The data-tiling resolver `#iree_gpu.gpu_encoding_resolver<>` reads the same
target's MMA intrinsics and workgroup limits and gives a matmul operand the
tiles and swizzle of IREE's data-tiled MMA (hlopt.dialects.gpu_tiles).
"""

from __future__ import annotations

import re
from typing import Any

from hlopt.dialects import iree_gpu_ops as _ops
from hlopt.dialects.iree_encoding import PaddingAttr
from hlopt.ir.attributes import Attribute, DictionaryAttr
from hlopt.ir.dialect import Dialect
from hlopt.ir.types import DYNAMIC, RankedTensorType

_L1_CACHE = {"gfx90a": (128, 4), "gfx942": (128, 4), "gfx950": (128, 4)}  # IREE's getL1CacheInfo
_ARCH = re.compile(r'^#iree_gpu\.target<\s*arch\s*=\s*"([^"]*)"')
_DYNAMIC = None


class PaddingResolverAttr(Attribute):
    """`#iree_gpu.gpu_padding_resolver<[cache_line_bytes = N, cache_sets = M]>`."""

    __slots__ = ("cache_line_bytes", "cache_sets")

    def __new__(cls, cache_line_bytes: int | None = None, cache_sets: int | None = None):
        return cls._make((cache_line_bytes, cache_sets))

    def _init(self, cache_line_bytes, cache_sets) -> None:
        self.cache_line_bytes, self.cache_sets = cache_line_bytes, cache_sets
        self.has_alias_parts = False

    def print_with(self, p: Any) -> str:
        parts = []
        if self.cache_line_bytes is not None:
            parts.append(f"cache_line_bytes = {self.cache_line_bytes}")
        if self.cache_sets is not None:
            parts.append(f"cache_sets = {self.cache_sets}")
        return f"#iree_gpu.gpu_padding_resolver<{', '.join(parts)}>"

    def clone_with_config(self, target_config: DictionaryAttr | None) -> "PaddingResolverAttr":
        info = target_config.get("iree_codegen.target_info") if target_config is not None else None
        m = _ARCH.match(info.text) if info is not None else None
        cache = _L1_CACHE.get(m.group(1)) if m else None
        return PaddingResolverAttr(*cache) if cache else PaddingResolverAttr()

    def get_layout(self, t: RankedTensorType) -> Attribute | None:
        rank = len(t.shape)
        identity = PaddingAttr([0] * rank)
        if not self.cache_line_bytes or not self.cache_sets:
            return identity
        enc = t.encoding
        if not isinstance(enc, PaddingAttr):
            return None
        pads = enc.values
        if _DYNAMIC not in pads:
            return enc
        if any(v != 0 for v in pads[:-1]) or pads[-1] is not _DYNAMIC or len(pads) != rank:
            return None
        inner = t.shape[-1]
        if inner == DYNAMIC:
            return None  # a dynamic innermost size is not padded by IREE either
        bits = _element_bits(t)
        line = self.cache_line_bytes
        if bits is None or bits % 8 != 0 or bits > line:
            return identity
        span = self.cache_sets * line
        size = inner * (bits // 8)
        if size < span:
            return identity
        pad = 0
        if size % line:
            pad += line - size % line
        if (size + pad) % span == 0:
            pad += line
        return PaddingAttr([0] * (rank - 1) + [pad * 8 // bits])


class EncodingResolverAttr(Attribute):
    """`#iree_gpu.gpu_encoding_resolver<[configuration = {...}]>`; `target`
    is the `#iree_gpu.target` text cloneWithSimplifiedConfig keeps (it is
    not printed: only resolved layouts, which drop it, are)."""

    __slots__ = ("config", "target", "ukernel_provider")

    def __new__(cls, config: DictionaryAttr | None = None, target: str | None = None, ukernel_provider: bool = False):
        return cls._make((config, target, ukernel_provider))

    def _init(self, config, target, ukernel_provider) -> None:
        self.config, self.target, self.ukernel_provider = config, target, ukernel_provider
        self.has_alias_parts = config is not None and config.has_alias_parts

    def alias_prefix(self) -> str | None:
        return None

    def alias_children(self) -> Any:
        return (self.config,) if self.config is not None else ()

    def print_with(self, p: Any) -> str:
        if self.config is None:
            return "#iree_gpu.gpu_encoding_resolver<>"
        c = self.config.text if p is None or not self.config.has_alias_parts else p.attr_text(self.config)
        return f"#iree_gpu.gpu_encoding_resolver<configuration = {c}>"

    @property
    def is_serialized(self) -> bool:
        return self.config is not None and self.config.get("encoding_info") is not None

    def clone_with_config(self, target_config: DictionaryAttr | None) -> "EncodingResolverAttr":
        from hlopt.dialects.encoding_tiles import Unmodelled

        if self.config is not None and len(self.config):
            raise Unmodelled(f"the configured resolver {self.text}")
        provider = target_config.get("iree_codegen.ukernel_provider") if target_config is not None else None
        if provider is not None and provider.text != "#rocm.tensor_ukernel_provider":
            raise Unmodelled(f"the GPU resolver with the ukernel provider {provider.text}")
        info = target_config.get("iree_codegen.target_info") if target_config is not None else None
        if info is not None and not info.text.startswith("#iree_gpu.target<"):
            info = None
        return EncodingResolverAttr(None, info.text if info is not None else None, provider is not None)

    def get_layout(self, t: RankedTensorType) -> Attribute:
        from hlopt.dialects.encoding_tiles import EncodingInfo, Unmodelled
        from hlopt.dialects.gpu_tiles import gpu_encoding_info
        from hlopt.dialects.iree_encoding import EncodingAttr, contraction_facts, encoding_op_type
        from hlopt.syntax import parse_nested

        enc = t.encoding
        swizzle = None
        op_type = encoding_op_type(enc)
        if op_type == "scaled_matmul" and self.target is not None and _has_scaled_mma(self.target) and all(
                (lambda g: (g.max_load_bits, g.vgpr_space_bits, g.simds_per_wgp))(_gpu_target(self.target, self.ukernel_provider))):
            raise Unmodelled("the GPU data-tiling layout of scaled_matmul encodings (scaled MMA intrinsics)")
        if isinstance(enc, EncodingAttr) and self.target is not None and op_type == "matmul":
            info, swizzle = gpu_encoding_info(contraction_facts(enc), _gpu_target(self.target, self.ukernel_provider))
        elif isinstance(enc, EncodingAttr) and op_type not in ("matmul", "conv", "scaled_matmul"):
            raise Unmodelled(f"op_type = {op_type} encodings")
        elif isinstance(enc, EncodingAttr) or getattr(enc, "serializable", False):
            info = EncodingInfo()  # no GPU target, or not a contraction: the identity layout
        else:
            raise Unmodelled(f"the encoding {enc.text}")
        text = info.text()
        if swizzle is not None:
            text = text[:-1] + f", swizzle = {swizzle}}}"
        return EncodingResolverAttr(DictionaryAttr([("encoding_info", parse_nested(text, "attr"))]))


_INT_FIELD = r"\b{}\s*=\s*(\d+)"


def _gpu_target(text: str, ukernel_provider: bool = False) -> Any:
    """The GpuTarget facts of a `#iree_gpu.target<...>` text."""
    from hlopt.dialects.gpu_tiles import GpuTarget

    def field(name: str) -> int | None:
        m = re.search(_INT_FIELD.format(name), text)
        return int(m.group(1)) if m else None

    m = re.search(r"\bmma\s*=\s*\[([^\]]*)\]", text)
    mma = tuple(re.findall(r"<\s*([A-Za-z0-9_]+)\s*>", m.group(1))) if m else ()
    arch = re.search(r'\barch\s*=\s*"([^"]*)"', text)
    return GpuTarget(mma, field("max_load_instruction_bits"), field("simds_per_wgp"), field("vgpr_space_bits"),
                     field("max_workgroup_memory_bytes") or 0, field("wgp_count"), arch.group(1) if arch else "",
                     ukernel_provider)


def _has_scaled_mma(text: str) -> bool:
    """Whether the target lists scaled MMA intrinsics (without them IREE's GPU
    resolver gives scaled_matmul encodings the identity layout)."""
    m = re.search(r"\bscaled_mma\s*=\s*\[([^\]]*)\]", text)
    return m is not None and bool(m.group(1).strip())


def _element_bits(t: RankedTensorType) -> int | None:
    """getElementTypeBitWidth for int, float and index (64) elements."""
    e = t.element_type
    if getattr(e, "spelling", None) == "index" or str(getattr(e, "text", "")) == "index":
        return 64
    w = getattr(e, "width", None)
    return w if isinstance(w, int) else None


_HEAD = re.compile(r"#iree_gpu\.gpu_padding_resolver\s*<(.*)>\s*$", re.S)
_ENC_HEAD = re.compile(r"#iree_gpu\.gpu_encoding_resolver\s*<(.*)>\s*$", re.S)
_PARAM = re.compile(r"^\s*(cache_line_bytes|cache_sets)\s*=\s*(\d+)\s*$")


def parse_attribute(text: str) -> Attribute | None:
    from hlopt.syntax import SyntaxErr

    m = _ENC_HEAD.match(text)
    if m is not None:
        return _parse_encoding_resolver(m.group(1).strip())
    m = _HEAD.match(text)
    if m is None:
        return None  # other iree_gpu attributes stay opaque
    vals: dict[str, int] = {}
    for piece in (x for x in m.group(1).split(",") if x.strip()):
        pm = _PARAM.match(piece)
        if pm is None:
            raise SyntaxErr(f"unexpected '{piece.strip()}' in #iree_gpu.gpu_padding_resolver")
        vals[pm.group(1)] = int(pm.group(2))
    return PaddingResolverAttr(vals.get("cache_line_bytes"), vals.get("cache_sets"))


def _parse_encoding_resolver(body: str) -> Attribute:
    from hlopt.syntax import SyntaxErr, parse_nested

    if not body:
        return EncodingResolverAttr()
    k, eq, v = body.partition("=")
    if k.strip() != "configuration" or not eq:
        raise SyntaxErr("expected 'configuration = {...}' in #iree_gpu.gpu_encoding_resolver")
    config = parse_nested(v.strip(), "attr")
    if not isinstance(config, DictionaryAttr):
        raise SyntaxErr("expected a dictionary configuration")
    return EncodingResolverAttr(config)


DIALECT = Dialect("iree_gpu", ops=_ops.OPS, parse_attribute=parse_attribute)
