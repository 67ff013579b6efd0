"""IREE's encoding dialect (iree_encoding): the tensor-encoding attributes
`--specialize-encodings` reads and writes, as structured values.

Encodings (the `tensor<..., #enc>` attribute): `testing<[layouts = [...]]>`,
`layout<[...]>`, `unknown`; layouts: `specialized<seed[, type]>`,
`identity`, `padding<[...]>`; resolvers (an executable target's
`iree.encoding.resolver`): `specialization_resolver<seed>`,
`identity_resolver`, `unsupported_resolver`.

An encoding is *serializable* when it can carry resolved layouts
(`clone_with_layouts`), and *serialized* once it does; resolvers map a
tensor type to a layout (`get_layout`, None when they cannot).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.ir.attributes import Attribute
from hlopt.ir.dialect import Dialect
from hlopt.ir.types import RankedTensorType, Type


def _text(a: Any, p: Any) -> str:
    if p is None or not a.has_alias_parts:
        return a.text
    return p.attr_text(a)


class EncodingAttrBase(Attribute):
    """An attribute of this dialect; subclasses say how they print."""

    __slots__ = ()
    serializable = False
    alias = False  # printed through an `#encoding` alias, as IREE's dialect names them

    def alias_prefix(self) -> str | None:
        return "encoding" if self.alias else None

    def alias_children(self) -> Sequence[Any]:
        return ()


class _Keyword(EncodingAttrBase):
    """A parameterless attribute: `#iree_encoding.<mnemonic>`."""

    __slots__ = ()
    mnemonic = ""

    def __new__(cls):
        return cls._make(())

    def _init(self) -> None:
        self.has_alias_parts = self.alias

    def print_with(self, p: Any) -> str:
        return "#iree_encoding." + self.mnemonic


class IdentityAttr(_Keyword):
    """The identity layout (no change of the tensor's layout)."""

    __slots__ = ()
    mnemonic = "identity"


class UnknownAttr(_Keyword):
    """An encoding no resolver understands: it is never changed."""

    __slots__ = ()
    mnemonic = "unknown"
    alias = True


class IdentityResolverAttr(_Keyword):
    __slots__ = ()
    mnemonic = "identity_resolver"

    def get_layout(self, t: RankedTensorType) -> Attribute | None:
        return IdentityAttr()


class UnsupportedResolverAttr(_Keyword):
    __slots__ = ()
    mnemonic = "unsupported_resolver"

    def get_layout(self, t: RankedTensorType) -> Attribute | None:
        return None


class SpecializationResolverAttr(EncodingAttrBase):
    """`specialization_resolver<seed>`: resolves to `specialized<seed, type>`."""

    __slots__ = ("seed",)

    def __new__(cls, seed: int):
        return cls._make((seed,))

    def _init(self, seed) -> None:
        self.seed = seed

    def print_with(self, p: Any) -> str:
        return f"#iree_encoding.specialization_resolver<{self.seed}>"

    def get_layout(self, t: RankedTensorType) -> Attribute | None:
        return SpecializedAttr(self.seed, t.with_encoding(None))


class SpecializedAttr(EncodingAttrBase):
    """`specialized<seed[, type]>`: a resolved layout."""

    __slots__ = ("seed", "type")

    def __new__(cls, seed: int, type: Type | None = None):
        return cls._make((seed, type))

    def _init(self, seed, type) -> None:
        self.seed, self.type = seed, type
        self.has_alias_parts = type is not None and type.has_alias_parts

    def print_with(self, p: Any) -> str:
        if self.type is None:
            return f"#iree_encoding.specialized<{self.seed}>"
        t = self.type.text if p is None or not self.type.has_alias_parts else p.type_text(self.type)
        return f"#iree_encoding.specialized<{self.seed}, {t}>"

    def alias_children(self) -> Sequence[Any]:
        return (self.type,) if self.type is not None else ()


class PaddingAttr(EncodingAttrBase):
    """`padding<[0, ?]>`: per-dimension padding; `?` (dynamic) entries make it
    an unserialized encoding a padding resolver fills in (into `layout<[...]>`),
    all-static it is a resolved layout itself."""

    __slots__ = ("values",)
    serializable = True

    def __new__(cls, values: Sequence[int | None]):
        return cls._make((tuple(values),))

    def _init(self, values) -> None:
        self.values = values  # None: dynamic

    @property
    def is_serialized(self) -> bool:
        return None not in self.values

    def clone_with_layouts(self, layouts: Sequence[Attribute]) -> Attribute:
        return LayoutAttr(layouts)

    def print_with(self, p: Any) -> str:
        return "#iree_encoding.padding<[" + ", ".join("?" if v is None else str(v) for v in self.values) + "]>"


class _WithLayouts(EncodingAttrBase):
    __slots__ = ("layouts",)
    serializable = True
    alias = True

    def _init(self, layouts) -> None:
        self.layouts = layouts
        self.has_alias_parts = True

    def alias_children(self) -> Sequence[Any]:
        return self.layouts or ()

    def _layouts_text(self, p: Any) -> str:
        return "[" + ", ".join(_text(a, p) for a in self.layouts) + "]"


class TestingAttr(_WithLayouts):
    """`testing<>` (unserialized) or `testing<layouts = [...]>` (serialized)."""

    __slots__ = ()

    def __new__(cls, layouts: Sequence[Attribute] | None = None):
        return cls._make((None if layouts is None else tuple(layouts),))

    @property
    def is_serialized(self) -> bool:
        return self.layouts is not None

    def clone_with_layouts(self, layouts: Sequence[Attribute]) -> Attribute:
        return TestingAttr(layouts)

    def print_with(self, p: Any) -> str:
        if self.layouts is None:
            return "#iree_encoding.testing<>"
        return f"#iree_encoding.testing<layouts = {self._layouts_text(p)}>"


class LayoutAttr(_WithLayouts):
    """`layout<[...]>`: resolved layouts."""

    __slots__ = ()

    def __new__(cls, layouts: Sequence[Attribute]):
        return cls._make((tuple(layouts),))

    @property
    def is_serialized(self) -> bool:
        """IREE's LayoutAttr::isSerialized: every layout is serialized (the real
        resolvers' `configuration = {encoding_info = ...}`), so a second run keeps them."""
        return bool(self.layouts) and all(getattr(a, "is_serialized", False) is True for a in self.layouts)

    def clone_with_layouts(self, layouts: Sequence[Attribute]) -> Attribute | None:
        # IREE's layout<> re-resolved yields no encoding (the tensor type drops it)
        return None

    def print_with(self, p: Any) -> str:
        return f"#iree_encoding.layout<{self._layouts_text(p)}>"


class EncodingAttr(EncodingAttrBase):
    """`encoding<operand_index = 0 : index, op_type = matmul, ...>`: a
    contraction operand's encoding, resolved into `layout<[...]>`. Parameters
    that are attributes are structured (so aliases inside print); keywords
    and `[?, 4]` size lists are kept as written."""

    __slots__ = ("params",)
    serializable = True
    alias = True
    is_serialized = False

    def __new__(cls, params: Sequence[tuple[str, Any]]):
        return cls._make((tuple(params),))

    def _init(self, params) -> None:
        self.params = params
        self.has_alias_parts = True

    def alias_children(self) -> Sequence[Any]:
        return [v for _, v in self.params if not isinstance(v, str)]

    def print_with(self, p: Any) -> str:
        body = ", ".join(f"{k} = {v if isinstance(v, str) else _text(v, p)}" for k, v in self.params)
        return f"#iree_encoding.encoding<{body}>"

    def clone_with_layouts(self, layouts: Sequence[Attribute]) -> Attribute:
        return LayoutAttr(layouts)


def _encoding_params(body: str) -> list[tuple[str, Any]]:
    from hlopt.syntax import SyntaxErr, split_top

    out: list[tuple[str, Any]] = []
    for piece in split_top(body):
        k, eq, v = piece.partition("=")
        if not eq:
            raise _err("expected 'name = value' in #iree_encoding.encoding")
        v = v.strip()
        try:
            val: Any = _nested(v)
        except SyntaxErr:
            val = v  # keywords (`matmul`) and size lists (`[?, ?]`)
        out.append((k.strip(), val))
    return out


# ---------------------------------------------------------------------------
# queries the pass makes


def serializable_encoding(t: Any) -> Any:
    """The encoding of a ranked tensor type if it is serializable, else None."""
    if not isinstance(t, RankedTensorType):
        return None
    enc = t.encoding
    return enc if getattr(enc, "serializable", False) else None


def is_resolver(a: Any) -> bool:
    return hasattr(a, "get_layout")


# ---------------------------------------------------------------------------
# parsing


_HEAD = re.compile(r"#iree_encoding\.([A-Za-z_][\w]*)")


def _err(msg: str) -> Exception:
    from hlopt.syntax import SyntaxErr

    return SyntaxErr(msg)


def _nested(text: str, start: str = "attr") -> Any:
    from hlopt.syntax import parse_nested

    return parse_nested(text.strip(), start)


def _body(text: str, m: re.Match) -> str | None:
    rest = text[m.end():].strip()
    if not rest:
        return None
    if not (rest.startswith("<") and rest.endswith(">")):
        raise _err(f"malformed #iree_encoding.{m.group(1)} attribute")
    return rest[1:-1].strip()


def _layout_list(text: str) -> tuple:
    a = _nested(text)
    elems = getattr(a, "elements", None)
    if elems is None:
        raise _err("expected a list of layouts")
    return tuple(elems)


def _int(text: str, what: str) -> int:
    try:
        return int(text.strip(), 0)
    except ValueError:
        raise _err(f"expected an integer {what}") from None


_KEYWORDS = {c.mnemonic: c for c in (IdentityAttr, UnknownAttr, IdentityResolverAttr, UnsupportedResolverAttr)}


def parse_attribute(text: str) -> Attribute | None:
    """`#iree_encoding.*` spellings -> structured attributes (None: keep opaque)."""
    m = _HEAD.match(text)
    if m is None:
        return None
    name = m.group(1)
    body = _body(text, m)
    kw = _KEYWORDS.get(name)
    if kw is not None:
        if body:
            raise _err(f"#iree_encoding.{name} takes no parameters")
        return kw()
    if name == "testing":
        if not body:
            return TestingAttr()
        k, eq, v = body.partition("=")
        if k.strip() != "layouts" or not eq:
            raise _err("expected 'layouts = [...]' in #iree_encoding.testing")
        return TestingAttr(_layout_list(v))
    if name == "layout":
        return LayoutAttr(_layout_list(body or "[]"))
    if name == "specialization_resolver":
        return SpecializationResolverAttr(_int(body or "", "seed"))
    if name == "specialized":
        from hlopt.syntax import split_top

        parts = split_top(body or "")
        t = _nested(parts[1], "type") if len(parts) > 1 else None
        return SpecializedAttr(_int(parts[0], "seed"), t)
    if name == "encoding":
        return EncodingAttr(_encoding_params(body or ""))
    if name == "padding":
        body = (body or "").strip()
        if not (body.startswith("[") and body.endswith("]")):
            raise _err("expected '[' in #iree_encoding.padding")
        return PaddingAttr([None if v.strip() == "?" else _int(v, "padding")
                            for v in body[1:-1].split(",") if v.strip()])
    return None


from hlopt.dialects import iree_encoding_ops as _ops  # noqa: E402  (its ops read the attributes above)

DIALECT = Dialect("iree_encoding", ops=_ops.OPS, parse_attribute=parse_attribute)


# ---------------------------------------------------------------------------
# the facts IREE's data-tiling resolvers read from an encoding

_MAP = re.compile(r"^\s*\(([^)]*)\)\s*(?:\[[^\]]*\])?\s*->\s*\((.*)\)\s*$")
_KNOWN_PARAMS = {"operand_index", "op_type", "element_types", "user_indexing_maps", "iteration_sizes"}


def _map_facts(text: str) -> tuple:
    from hlopt.dialects.encoding_tiles import Unmodelled

    m = _MAP.match(text)
    if m is None:
        raise Unmodelled(f"the indexing map '{text}'")
    dims = [d.strip() for d in m.group(1).split(",") if d.strip()]
    results = []
    for r in (x.strip() for x in m.group(2).split(",") if x.strip()):
        results.append(dims.index(r) if r in dims else None)
    return len(dims), tuple(results)


def contraction_facts(enc: Any) -> Any:
    """An `#iree_encoding.encoding`'s ContractionFacts (hlopt.dialects.encoding_tiles);
    raises Unmodelled for anything but a matmul-like encoding hlopt models."""
    from hlopt.dialects.encoding_tiles import DYNAMIC, ContractionFacts, Unmodelled

    if not isinstance(enc, EncodingAttr):
        raise Unmodelled(f"the encoding {enc.text}")
    params = dict(enc.params)
    extra = sorted(set(params) - _KNOWN_PARAMS)
    if extra:
        raise Unmodelled(f"the encoding parameter '{extra[0]}'")
    if params.get("op_type") != "matmul":
        raise Unmodelled(f"op_type = {params.get('op_type')} encodings")
    idx = params.get("operand_index")
    maps = params.get("user_indexing_maps")
    types = params.get("element_types")
    if idx is None or maps is None or types is None or not hasattr(maps, "elements"):
        raise Unmodelled("a matmul encoding without operand_index, element_types and user_indexing_maps")
    facts = []
    composed = []
    for m in maps.elements:
        chain = list(m.elements) if hasattr(m, "elements") else [m]
        if not chain or not all(hasattr(c, "map") for c in chain):
            raise Unmodelled(f"the user_indexing_maps entry {m.text}")
        # contraction dims come from the root (first) map; the operand's dims
        # from the chain composed as IREE's getComposedAffineMap does
        root = _map_facts(chain[0].map)
        facts.append(root)
        composed.append(_compose(root, [_map_facts(c.map) for c in chain[1:]]))
    sizes = None
    it = params.get("iteration_sizes")
    if it is not None:
        # `[?, 4]` stays text; an all-static `[4, 8]` parses as an array attribute
        body = it.strip()[1:-1] if isinstance(it, str) else it.text.strip()[1:-1]
        try:
            sizes = tuple(DYNAMIC if s.strip() == "?" else int(s) for s in body.split(",") if s.strip())
        except ValueError:
            raise Unmodelled(f"iteration_sizes = {it if isinstance(it, str) else it.text}") from None
    index = idx.value
    if not 0 <= index < len(facts):
        raise Unmodelled(f"operand_index {index}")
    operand_map = composed[index] if composed[index] != facts[index][1] else None
    return ContractionFacts(index, tuple(getattr(t, "text", str(t)) for t in types.elements), tuple(facts),
                            sizes, operand_map)


def encoding_op_type(enc: Any) -> str | None:
    """The `op_type` of an `#iree_encoding.encoding` (None for other encodings)."""
    return dict(enc.params).get("op_type") if isinstance(enc, EncodingAttr) else None


def conv_facts(enc: Any) -> tuple[int, tuple[str, ...], list]:
    """(operand_index, element types, parsed root maps) of an `op_type = conv`
    encoding (hlopt.dialects.conv_tiles); raises Unmodelled beyond plain maps."""
    from hlopt.dialects.conv_tiles import parse_map
    from hlopt.dialects.encoding_tiles import Unmodelled

    params = dict(enc.params)
    extra = sorted(set(params) - _KNOWN_PARAMS)
    if extra:
        raise Unmodelled(f"the encoding parameter '{extra[0]}'")
    idx, maps, types = params.get("operand_index"), params.get("user_indexing_maps"), params.get("element_types")
    if idx is None or maps is None or types is None or not hasattr(maps, "elements"):
        raise Unmodelled("a conv encoding without operand_index, element_types and user_indexing_maps")
    parsed = []
    for m in maps.elements:
        if not hasattr(m, "map"):
            # a nested (broadcast) entry: mapDimToOperandIndex would read the composed map
            raise Unmodelled(f"the conv user_indexing_maps entry {m.text}")
        parsed.append(parse_map(m.map))
    return idx.value, tuple(getattr(t, "text", str(t)) for t in types.elements), parsed


def _compose(root: tuple, rest: list[tuple]) -> tuple[int | None, ...]:
    """The result dims of `rest[-1] o ... o rest[0] o root` (each a projected
    permutation given by _map_facts): a later map's dim j is the earlier
    map's result j."""
    from hlopt.dialects.encoding_tiles import Unmodelled

    results = root[1]
    for n_dims, res in rest:
        if n_dims != len(results):
            raise Unmodelled("user_indexing_maps whose maps do not compose")
        results = tuple(None if j is None else results[j] for j in res)
    return results
