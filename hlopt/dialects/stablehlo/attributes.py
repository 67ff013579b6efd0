"""StableHLO attributes and types, structured so passes read fields.

`#stablehlo<comparison_direction LT>` (and the other enums),
`#stablehlo.channel_handle<handle = 1, type = 1>`, `#stablehlo.dot<...>` and
`#stablehlo.conv<...>` are modelled; other
`#stablehlo.*` attributes (gather/scatter/conv dimension numbers,
dot_algorithm, result_accuracy, ...) stay opaque and round-trip verbatim.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.ir.attributes import Attribute, OpaqueAttr

# channel types (ChannelHandle.type)
CHANNEL_TYPES = {0: "CHANNEL_TYPE_INVALID", 1: "DEVICE_TO_DEVICE", 2: "DEVICE_TO_HOST", 3: "HOST_TO_DEVICE"}
DEVICE_TO_DEVICE, DEVICE_TO_HOST, HOST_TO_DEVICE = 1, 2, 3


class EnumAttr(Attribute):
    """`#stablehlo<kind VALUE>`: comparison_direction, comparison_type,
    precision, rng_algorithm, transpose, fft_type, rng_distribution..."""

    __slots__ = ("kind", "value")

    def __new__(cls, kind: str, value: str) -> "EnumAttr":
        return cls._make((kind, value))

    def _init(self, kind: str, value: str) -> None:
        self.kind, self.value = kind, value

    def print_with(self, p: Any) -> str:
        return f"#stablehlo<{self.kind} {self.value}>"


# the values of StableHLO's enums, with the C++ names MLIR's parse error gives
ENUM_VALUES = {
    "comparison_direction": ("ComparisonDirection", ("EQ", "NE", "GE", "GT", "LE", "LT")),
    "comparison_type": ("ComparisonType", ("NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED")),
    "precision": ("Precision", ("DEFAULT", "HIGH", "HIGHEST")),
    "rng_algorithm": ("RngAlgorithm", ("DEFAULT", "THREE_FRY", "PHILOX")),
    "rng_distribution": ("RngDistribution", ("UNIFORM", "NORMAL")),
    "fft_type": ("FftType", ("FFT", "IFFT", "RFFT", "IRFFT")),
    "transpose": ("Transpose", ("TRANSPOSE_INVALID", "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT")),
}


def check_enum(kind: str, value: str) -> None:
    """Raise MLIR's parse error for a value outside the enum (unknown kinds pass)."""
    known = ENUM_VALUES.get(kind)
    if known is not None and value not in known[1]:
        from hlopt.syntax import SyntaxErr

        raise SyntaxErr(f"expected ::mlir::stablehlo::{known[0]} to be one of: {', '.join(known[1])}")


def comparison_direction(v: str) -> EnumAttr:
    return EnumAttr("comparison_direction", v)


def comparison_type(v: str) -> EnumAttr:
    return EnumAttr("comparison_type", v)


def precision(v: str) -> EnumAttr:
    return EnumAttr("precision", v)


class ChannelHandleAttr(Attribute):
    __slots__ = ("handle", "type")

    def __new__(cls, handle: int, type: int) -> "ChannelHandleAttr":
        return cls._make((handle, type))

    def _init(self, handle: int, type: int) -> None:
        self.handle, self.type = handle, type

    @property
    def type_name(self) -> str:
        return CHANNEL_TYPES.get(self.type, str(self.type))

    def print_with(self, p: Any) -> str:
        return f"#stablehlo.channel_handle<handle = {self.handle}, type = {self.type}>"


_DOT_FIELDS = ("lhs_batching_dimensions", "rhs_batching_dimensions",
               "lhs_contracting_dimensions", "rhs_contracting_dimensions")


class DotDimensionNumbersAttr(Attribute):
    __slots__ = _DOT_FIELDS

    def __new__(cls, lhs_batching: Sequence[int] = (), rhs_batching: Sequence[int] = (),
                lhs_contracting: Sequence[int] = (), rhs_contracting: Sequence[int] = ()) -> "DotDimensionNumbersAttr":
        return cls._make((tuple(lhs_batching), tuple(rhs_batching), tuple(lhs_contracting), tuple(rhs_contracting)))

    def _init(self, lb, rb, lc, rc) -> None:
        (self.lhs_batching_dimensions, self.rhs_batching_dimensions,
         self.lhs_contracting_dimensions, self.rhs_contracting_dimensions) = lb, rb, lc, rc

    def print_with(self, p: Any) -> str:
        parts = []
        for f in _DOT_FIELDS:
            v = getattr(self, f)
            if v:
                parts.append(f"{f} = [{', '.join(map(str, v))}]")
        return "#stablehlo.dot<" + ", ".join(parts) + ">"


_CONV_FIELDS = ("input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions",
                "kernel_input_feature_dimension", "kernel_output_feature_dimension", "kernel_spatial_dimensions",
                "output_batch_dimension", "output_feature_dimension", "output_spatial_dimensions")
_UNKNOWN_DIM = None


class ConvDimensionNumbersAttr(Attribute):
    """`#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>` (also read
    from the `#stablehlo.conv<raw input_batch_dimension = 0, ...>` form)."""

    __slots__ = _CONV_FIELDS

    def __new__(cls, input_batch_dimension: int, input_feature_dimension: int,
                input_spatial_dimensions: Sequence[int], kernel_input_feature_dimension: int,
                kernel_output_feature_dimension: int, kernel_spatial_dimensions: Sequence[int],
                output_batch_dimension: int, output_feature_dimension: int,
                output_spatial_dimensions: Sequence[int]) -> "ConvDimensionNumbersAttr":
        return cls._make((input_batch_dimension, input_feature_dimension, tuple(input_spatial_dimensions),
                          kernel_input_feature_dimension, kernel_output_feature_dimension,
                          tuple(kernel_spatial_dimensions), output_batch_dimension, output_feature_dimension,
                          tuple(output_spatial_dimensions)))

    def _init(self, *values) -> None:
        for f, v in zip(_CONV_FIELDS, values):
            setattr(self, f, v)

    def compact_text(self) -> str:
        """printConvolutionDimensions: `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`."""
        return (_conv_dims(self.input_spatial_dimensions, ((self.input_batch_dimension, "b"),
                                                           (self.input_feature_dimension, "f")))
                + "x" + _conv_dims(self.kernel_spatial_dimensions, ((self.kernel_input_feature_dimension, "i"),
                                                                    (self.kernel_output_feature_dimension, "o")))
                + "->" + _conv_dims(self.output_spatial_dimensions, ((self.output_batch_dimension, "b"),
                                                                     (self.output_feature_dimension, "f"))))

    def print_with(self, p: Any) -> str:
        return "#stablehlo.conv<" + self.compact_text() + ">"


def _conv_dims(spatial: Sequence[int], non_spatial: Sequence[tuple[int, str]]) -> str:
    n = max(spatial) + 1 if spatial else 0
    for d, _ in non_spatial:
        n = max(n, d + 1)
    dims: list[str] = ["?"] * n
    for d, label in non_spatial:
        if d >= 0:
            dims[d] = label
    for i, d in enumerate(spatial):
        if d >= 0:
            dims[d] = str(i)
    return "[" + ", ".join(dims) + "]"


_CONV_LIST = re.compile(r"\s*\[([^\]]*)\]\s*")
_CONV_KIND = ({"b": "batch", "f": "feature"}, {"i": "input_feature", "o": "output_feature"},
              {"b": "batch", "f": "feature"})


def parse_conv_dims(text: str) -> ConvDimensionNumbersAttr | None:
    """`[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` (parseConvolutionDimensions)."""
    parts = []
    pos = 0
    for i, sep in enumerate(("x", "->", "")):
        m = _CONV_LIST.match(text, pos)
        if m is None:
            return None
        labels = [x.strip() for x in m.group(1).split(",")] if m.group(1).strip() else []
        named: dict[str, int] = {}
        spatial: dict[int, int] = {}
        for d, lab in enumerate(labels):
            if lab in _CONV_KIND[i]:
                if lab in named:
                    return None
                named[lab] = d
            elif lab.isdigit():
                if int(lab) in spatial:
                    return None
                spatial[int(lab)] = d
            else:
                return None
        if len(named) != 2 or sorted(spatial) != list(range(len(spatial))):
            return None
        keys = list(_CONV_KIND[i])
        parts.append((named[keys[0]], named[keys[1]], [spatial[k] for k in range(len(spatial))]))
        pos = m.end()
        if sep:
            if not text.startswith(sep, pos):
                return None
            pos += len(sep)
    if pos != len(text):
        return None
    (ib, if_, isp), (ki, ko, ksp), (ob, of, osp) = parts
    return ConvDimensionNumbersAttr(ib, if_, isp, ki, ko, ksp, ob, of, osp)


_CONV_RAW_ITEM = re.compile(r"\s*([a-z_]+)\s*=\s*(\[[^\]]*\]|-?\d+)\s*(?:,|$)")


def _parse_conv_raw(body: str) -> ConvDimensionNumbersAttr | None:
    fields: dict[str, Any] = {}
    pos = 0
    body = body.rstrip()
    while pos < len(body):
        m = _CONV_RAW_ITEM.match(body, pos)
        if m is None or m.group(1) not in _CONV_FIELDS:
            return None
        v = m.group(2)
        fields[m.group(1)] = _ints(v[1:-1]) if v.startswith("[") else int(v)
        pos = m.end()
    if set(fields) != set(_CONV_FIELDS):
        return None
    return ConvDimensionNumbersAttr(*(fields[f] for f in _CONV_FIELDS))


# ---------------------------------------------------------------------------
# hooks for hlopt.syntax.attr_parser

_ENUM = re.compile(r"#stablehlo<([a-z_]+) ([A-Z_0-9]+)>\Z")
_CHANNEL = re.compile(r"#stablehlo\.channel_handle<\s*handle\s*=\s*(-?\d+)\s*,\s*type\s*=\s*(-?\d+)\s*>\Z")
_DOT = re.compile(r"#stablehlo\.dot<(.*)>\Z", re.S)
_CONV = re.compile(r"#stablehlo\.conv<\s*(raw\s)?(.*)>\Z", re.S)
_DOT_ITEM = re.compile(r"\s*([a-z_]+)\s*=\s*\[([^\]]*)\]\s*(?:,|$)")


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


# the fields of #stablehlo.gather<...> / #stablehlo.scatter<...> in the order
# MLIR prints them; empty lists and index_vector_dim = 0 are elided
_DIM_STRUCTS = {
    "gather": ("offset_dims", "collapsed_slice_dims", "operand_batching_dims", "start_indices_batching_dims",
               "start_index_map", "index_vector_dim"),
    "scatter": ("update_window_dims", "inserted_window_dims", "input_batching_dims",
                "scatter_indices_batching_dims", "scatter_dims_to_operand_dims", "index_vector_dim"),
}
_DIM_STRUCT = re.compile(r"#stablehlo\.(gather|scatter)<(.*)>\Z", re.S)
_DIM_ENTRY = re.compile(r"\s*(\w+)\s*=\s*(\[[-\d,\s]*\]|-?\d+)\s*(,|\Z)")


def _canonical_dims(kind: str, body: str) -> Attribute | None:
    """`#stablehlo.gather<...>` respelled as MLIR prints it (None if malformed:
    kept verbatim, so the verifier and MLIR see the same text)."""
    fields: dict[str, str] = {}
    pos = 0
    while pos < len(body):
        m = _DIM_ENTRY.match(body, pos)
        if m is None or m.group(1) not in _DIM_STRUCTS[kind] or m.group(1) in fields:
            return None
        fields[m.group(1)] = m.group(2)
        pos = m.end()
    parts = []
    for name in _DIM_STRUCTS[kind]:
        v = fields.get(name)
        if v is None:
            continue
        if v.startswith("["):
            vals = _ints(v[1:-1])
            if vals:
                parts.append(f"{name} = [{', '.join(map(str, vals))}]")
        elif int(v) != 0:
            parts.append(f"{name} = {int(v)}")
    return OpaqueAttr(f"#stablehlo.{kind}<{', '.join(parts)}>")


_ACCURACY = re.compile(r"#stablehlo\.result_accuracy<\s*(?:atol\s*=\s*([^,>]+?)\s*,\s*)?"
                       r"(?:rtol\s*=\s*([^,>]+?)\s*,\s*)?(?:ulps\s*=\s*(-?\d+)\s*,\s*)?"
                       r"(mode\s*=\s*#stablehlo\.result_accuracy_mode<\w+>)\s*>\Z")


def _canonical_accuracy(m: re.Match) -> Attribute | None:
    """`#stablehlo.result_accuracy<...>` as MLIR prints it: tolerances in its
    float format, zero tolerances elided."""
    from hlopt.ir.floats import format_float, parse_decimal, semantics

    parts = []
    for name, text in (("atol", m.group(1)), ("rtol", m.group(2))):
        if text is None:
            continue
        bits = parse_decimal(text, semantics("f64"))
        if bits is None:
            return None
        if bits & ~(1 << 63):  # +-0 is the default
            parts.append(f"{name} = {format_float(bits, 'f64')}")
    if m.group(3) is not None and int(m.group(3)) != 0:
        parts.append(f"ulps = {int(m.group(3))}")
    parts.append(re.sub(r"\s+", " ", m.group(4)))
    return OpaqueAttr(f"#stablehlo.result_accuracy<{', '.join(parts)}>")


def parse_stablehlo_attr(text: str) -> Attribute | None:
    m = _DIM_STRUCT.match(text)
    if m:
        return _canonical_dims(m.group(1), m.group(2))
    m = _ACCURACY.match(text)
    if m:
        return _canonical_accuracy(m)
    m = _ENUM.match(text)
    if m:
        check_enum(m.group(1), m.group(2))
        return EnumAttr(m.group(1), m.group(2))
    m = _CHANNEL.match(text)
    if m:
        return ChannelHandleAttr(int(m.group(1)), int(m.group(2)))
    m = _CONV.match(text)
    if m:
        if m.group(1):
            return _parse_conv_raw(m.group(2))
        return parse_conv_dims(m.group(2).strip())
    m = _DOT.match(text)
    if m:
        fields: dict[str, list[int]] = {}
        body = m.group(1)
        pos = 0
        while pos < len(body.rstrip()):
            mi = _DOT_ITEM.match(body, pos)
            if mi is None or mi.group(1) not in _DOT_FIELDS:
                return None
            fields[mi.group(1)] = _ints(mi.group(2))
            pos = mi.end()
        return DotDimensionNumbersAttr(*(fields.get(f, ()) for f in _DOT_FIELDS))
    return None


__all__ = ["EnumAttr", "ChannelHandleAttr", "DotDimensionNumbersAttr", "ConvDimensionNumbersAttr",
           "parse_stablehlo_attr", "parse_conv_dims"]


_DIM_FIELD = re.compile(r"(\w+)\s*=\s*(\[[^\]]*\]|-?\d+)")


def dimension_fields(spelling: str) -> dict[str, Any]:
    """The fields of an opaque `#stablehlo.gather<...>` / `#stablehlo.scatter<...>`:
    name -> list of ints, or int (absent lists are empty, as in MLIR)."""
    out: dict[str, Any] = {}
    for name, value in _DIM_FIELD.findall(spelling):
        if value.startswith("["):
            out[name] = [int(v) for v in value[1:-1].split(",") if v.strip()]
        else:
            out[name] = int(value)
    return out
