"""IREE's CPU codegen dialect (iree_cpu): the encoding resolvers of its CPU
and VMVX backends, `#iree_cpu.cpu_encoding_resolver<[configuration = {...}]>`
and `#iree_cpu.vmvx_encoding_resolver<...>`.

As an executable target's `iree.encoding.resolver` the resolver has no
configuration; `--specialize-encodings` first keeps the part of the target's
configuration the resolver reads (`clone_with_config`, IREE's
cloneWithSimplifiedConfig), then resolves a tensor type to the same
attribute carrying `encoding_info` (`get_layout`; the tile choice is
hlopt.dialects.encoding_tiles). A resolver configured with something hlopt
does not model raises Unmodelled rather than guessing a layout.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.dialects.encoding_tiles import TargetFacts, Unmodelled, encoding_info
from hlopt.dialects.iree_encoding import EncodingAttr, contraction_facts, conv_facts, encoding_op_type
from hlopt.ir.attributes import Attribute, DictionaryAttr, StringAttr
from hlopt.ir.dialect import Dialect
from hlopt.ir.types import RankedTensorType

_KEEP = {"cpu_encoding_resolver": ("cpu_features", "target_triple", "ukernels", "enable_inner_tiled"),
         "vmvx_encoding_resolver": ("ukernels",)}


class EncodingResolverAttr(Attribute):
    """`#iree_cpu.<kind><[configuration = {...}]>`."""

    __slots__ = ("kind", "config")

    def __new__(cls, kind: str, config: DictionaryAttr | None = None):
        return cls._make((kind, config))

    def _init(self, kind, config) -> None:
        self.kind, self.config = kind, config
        self.has_alias_parts = config is not None and config.has_alias_parts

    def alias_prefix(self) -> str | None:
        return None

    def alias_children(self) -> Sequence[Any]:
        return (self.config,) if self.config is not None else ()

    def print_with(self, p: Any) -> str:
        if self.config is None:
            return f"#iree_cpu.{self.kind}<>"
        c = self.config.text if p is None or not self.config.has_alias_parts else p.attr_text(self.config)
        return f"#iree_cpu.{self.kind}<configuration = {c}>"

    @property
    def is_serialized(self) -> bool:
        return self.config is not None and self.config.get("encoding_info") is not None

    def clone_with_config(self, target_config: DictionaryAttr | None) -> "EncodingResolverAttr":
        items = []
        for k in _KEEP[self.kind]:
            v = target_config.get(k) if target_config is not None else None
            if v is not None:
                items.append((k, v))
        return EncodingResolverAttr(self.kind, DictionaryAttr(items))

    def _facts(self, conv: bool = False) -> TargetFacts:
        c = self.config

        def s(k: str) -> str | None:
            v = c.get(k) if c is not None else None
            if v is not None and not isinstance(v, StringAttr):
                raise Unmodelled(f"a non-string '{k}' in the {self.text} configuration")
            return v.value if v is not None else None

        # IREE's conv path comes before the inner_tiled switch, which only changes contractions
        if not conv and c is not None and c.get("enable_inner_tiled") is not None and c.get("enable_inner_tiled").text != "false":
            raise Unmodelled("the CPU resolver's enable_inner_tiled layouts")
        return TargetFacts(s("target_triple"), s("cpu_features"), s("ukernels"))

    def get_layout(self, t: RankedTensorType) -> Attribute:
        from hlopt.syntax import parse_nested

        enc = t.encoding
        vmvx = self.kind == "vmvx_encoding_resolver"
        if isinstance(enc, EncodingAttr) and encoding_op_type(enc) == "conv":
            if vmvx:
                # the VMVX resolver has no conv path: IREE reads contraction dims off the conv maps
                raise Unmodelled("op_type = conv encodings on the VMVX resolver")
            from hlopt.dialects.conv_tiles import conv_encoding_info

            info = conv_encoding_info(*conv_facts(enc), self._facts(conv=True))
        elif isinstance(enc, EncodingAttr) and encoding_op_type(enc) == "scaled_matmul":
            from hlopt.dialects.encoding_tiles import EncodingInfo

            # its K and Kb reductions are two K dims, past the one IREE's CPU tables handle
            info = EncodingInfo()
        elif isinstance(enc, EncodingAttr):
            info = encoding_info(contraction_facts(enc), self._facts(), vmvx)
        elif getattr(enc, "serializable", False):
            from hlopt.dialects.encoding_tiles import EncodingInfo

            info = EncodingInfo()  # IREE's resolvers give other encodings the identity layout
        else:
            raise Unmodelled(f"the encoding {enc.text}")
        items = [("encoding_info", parse_nested(info.text(), "attr"))]
        if vmvx and isinstance(enc, EncodingAttr):
            items.append(("encoding_attr", enc))
        return EncodingResolverAttr(self.kind, DictionaryAttr(items))


_HEAD = re.compile(r"#iree_cpu\.(cpu_encoding_resolver|vmvx_encoding_resolver)\s*(.*)$", re.S)


def parse_attribute(text: str) -> Attribute | None:
    from hlopt.syntax import SyntaxErr, parse_nested

    m = _HEAD.match(text)
    if m is None:
        return None
    body = m.group(2).strip()
    if not (body.startswith("<") and body.endswith(">")):
        raise SyntaxErr(f"expected '<' in #iree_cpu.{m.group(1)}")
    body = body[1:-1].strip()
    if not body:
        return EncodingResolverAttr(m.group(1))
    k, eq, v = body.partition("=")
    if k.strip() != "configuration" or not eq:
        raise SyntaxErr(f"expected 'configuration = {{...}}' in #iree_cpu.{m.group(1)}")
    config = parse_nested(v.strip(), "attr")
    if not isinstance(config, DictionaryAttr):
        raise SyntaxErr("expected a dictionary configuration")
    return EncodingResolverAttr(m.group(1), config)


# iree_cpu declares attributes only (no ops): closed, as in IREE
DIALECT = Dialect("iree_cpu", parse_attribute=parse_attribute)
