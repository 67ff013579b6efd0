"""A StableHLO/func op's attributes as its VHLO op spells them: structured
attributes flattened, symbol references as strings, unit attributes as
booleans, and every attribute StableHLO leaves at its default made explicit
(VHLO ops have no optional attributes)."""

from __future__ import annotations

import re
from typing import Any

from hlopt.ir.attributes import DenseElementsAttr, IntegerAttr
from hlopt.ir.types import IntegerType, RankedTensorType

CURRENT = "1.17.0"  # the newest StableHLO version hlopt writes
MINIMUM = "0.9.0"

i64 = IntegerType(64)
i1 = IntegerType(1)


def _tensor(values: list, dtype: Any = i64, shape: list | None = None) -> DenseElementsAttr:
    return DenseElementsAttr(RankedTensorType(shape if shape is not None else [len(values)], dtype), values)


def _flat(w: Any, base: str, a: dict[str, Any], out: dict[str, Any]) -> None:
    """Structured StableHLO attributes -> VHLO's separate ones (popped from a)."""
    from hlopt.dialects.stablehlo.attributes import dimension_fields

    if "dimension_numbers" in a and base in ("convolution", "dynamic_conv"):
        d = a.pop("dimension_numbers")
        for f in ("input_batch_dimension", "input_feature_dimension", "kernel_input_feature_dimension",
                  "kernel_output_feature_dimension", "output_batch_dimension", "output_feature_dimension"):
            out[f] = w.vint(getattr(d, f), i64)
        for f in ("input_spatial_dimensions", "kernel_spatial_dimensions", "output_spatial_dimensions"):
            out[f] = w.vattr(_tensor(list(getattr(d, f))))
    if "dot_dimension_numbers" in a:
        d = a.pop("dot_dimension_numbers")
        for f in ("lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
                  "rhs_contracting_dimensions"):
            out[f] = w.vattr(_tensor(list(getattr(d, f))))
    if base == "dot_general":
        algo = a.pop("algorithm", None)
        if algo is None:
            from hlopt.ir.attributes import TypeAttr
            from hlopt.ir.types import NoneType

            none = w.vattr(TypeAttr(NoneType()))
            for f in ("lhs_precision_type", "rhs_precision_type", "accumulation_type", "lhs_component_count",
                      "rhs_component_count", "num_primitive_operations", "allow_imprecise_accumulation"):
                out[f] = none
        else:
            _dot_algorithm(w, algo.text, out)
    for key, kind in (("dimension_numbers", "gather"), ("scatter_dimension_numbers", "scatter")):
        if key in a and base in ("gather", "dynamic_gather", "scatter"):
            fields = dimension_fields(a.pop(key).text)
            names = (("offset_dims", "collapsed_slice_dims", "operand_batching_dims",
                      "start_indices_batching_dims", "start_index_map") if kind == "gather" else
                     ("update_window_dims", "inserted_window_dims", "input_batching_dims",
                      "scatter_indices_batching_dims", "scatter_dims_to_operand_dims"))
            for n in names:
                out[n] = w.vattr(_tensor(list(fields.get(n, []))))
            out["index_vector_dim"] = w.vint(fields.get("index_vector_dim", 0), i64)
    if "channel_handle" in a:
        ch = a.pop("channel_handle")
        out["channel_id"] = w.vint(ch.handle, i64)
        if base in ("send", "recv"):
            out["channel_type"] = w.vint(ch.type, i64)
    for n in ("callee", "decomposition"):
        if n in a:
            out[n] = w.vstring(a.pop(n).root)
    if base == "custom_call" and "called_computations" in a:
        refs = a.pop("called_computations").elements
        out["called_computations"] = w._custom(w.attrs, ("vrefs", tuple(r.root for r in refs)),
                                               lambda: [b"\x03", _varint(len(refs)),
                                                        *[w.vstring(r.root) for r in refs]])


_ALGO_FIELD = re.compile(r"(\w+)\s*=\s*([^,>]+)")


def _dot_algorithm(w: Any, text: str, out: dict[str, Any]) -> None:
    """`#stablehlo.dot_algorithm<...>` -> dot_general_v2's seven attributes:
    precision and accumulation types as type attributes, counts as i64,
    the flag as a boolean."""
    from hlopt.ir.attributes import TypeAttr
    from hlopt.syntax import parse_type

    fields = {k: v.strip() for k, v in _ALGO_FIELD.findall(text[text.index("<") + 1:])}
    need = ("lhs_precision_type", "rhs_precision_type", "accumulation_type", "lhs_component_count",
            "rhs_component_count", "num_primitive_operations", "allow_imprecise_accumulation")
    missing = [f for f in need if f not in fields]
    if missing:
        raise ValueError(f"dot algorithm '{text}' lacks {', '.join(missing)}")
    for f in need[:3]:
        out[f] = w.vattr(TypeAttr(parse_type(fields[f])))
    for f in need[3:6]:
        out[f] = w.vint(int(fields[f]), i64)
    out["allow_imprecise_accumulation"] = w.vbool(fields[need[6]] == "true")


def _varint(v: int) -> bytes:
    from hlopt.syntax.bytecode import varint

    return varint(v)


def _defaults(w: Any, base: str, op: Any, names: tuple[str, ...]) -> dict[str, Any]:
    """VHLO's values for what StableHLO leaves implicit."""
    d: dict[str, Any] = {}
    false, empty = w.vbool(False), w._custom(w.attrs, ("varray", ()), lambda: [b"\x03", b"\x01"])
    for n in ("use_global_device_ids", "has_dynamic_root", "lower", "has_side_effect", "indices_are_sorted",
              "unique_indices", "is_host_transfer", "is_stable"):
        d[n] = false
    d["channel_id"] = w.vint(0, i64)
    for n in ("arg_attrs", "res_attrs", "called_computations", "operand_layouts", "result_layouts",
              "output_operand_aliases", "result_tilings", "layout"):
        d[n] = empty
    for n in ("sym_visibility", "backend_config", "infeed_config", "outfeed_config"):
        d[n] = w.vstring("")
    d["version"] = w.vint(0, i64)
    d["dimension"] = w.vint(-1, i64)
    from hlopt.ir.attributes import DictionaryAttr

    d["composite_attributes"] = w.vattr(DictionaryAttr({}))
    d["compare_type"] = w._custom(w.attrs, ("venum", 4, 0), lambda: [_varint(4), _varint(0)])
    d["api_version"] = w._custom(w.attrs, ("vapi", 1), lambda: [_varint(5), _varint(1)])
    default_prec = w._custom(w.attrs, ("venum", 11, 0), lambda: [_varint(11), _varint(0)])
    d["precision_config"] = w._custom(w.attrs, ("vprec2",), lambda: [_varint(1), _varint(2), default_prec,
                                                                       default_prec])
    d["known_expanding_dimensions"] = d["known_nonexpanding_dimensions"] = w.vattr(_tensor([]))
    d["source_target_pairs"] = w.vattr(_tensor([])) if "source_target_pairs" in names else None
    if "result_accuracy" in names:
        mode = w._custom(w.attrs, ("venum", 19, 0), lambda: [_varint(19), _varint(0)])
        d["result_accuracy"] = w._custom(w.attrs, ("vacc0",), lambda: [_varint(20), b"\x01", b"\x01", b"\x01",
                                                                       mode])
    # window defaults need the op's rank
    spatial = None
    if base in ("convolution", "dynamic_conv"):
        t = op.lhs.type
        spatial = len(t.shape) - 2 if hasattr(t, "shape") else None
    elif base in ("reduce_window", "select_and_scatter"):
        t = (op.inputs[0] if base == "reduce_window" else op.operand_).type
        spatial = len(t.shape) if hasattr(t, "shape") else None
    if spatial is not None:
        for n in ("window_strides", "lhs_dilation", "rhs_dilation", "base_dilations", "window_dilations"):
            d[n] = w.vattr(_tensor([1] * spatial))
        d["padding"] = w.vattr(_tensor([0] * (2 * spatial), i64, [spatial, 2]))
        d["window_reversal"] = w.vattr(_tensor([False] * spatial, i1))
    return {k: v for k, v in d.items() if v is not None}


def vhlo_attributes(w: Any, op: Any, base: str, names: tuple[str, ...]) -> list[tuple[str, Any]]:
    from hlopt.dialects.vhlo_write import ArtifactError

    a = dict(list(op.properties.items()) + list(op.attributes.items()))
    discardable = {k for k, _ in op.attributes.items()} - {k for k, _ in op.properties.items()}
    out: dict[str, Any] = {}
    try:
        _flat(w, base, a, out)
    except (ValueError, AttributeError) as e:
        raise ArtifactError(f"'{op.name}': {e}") from None
    for k, v in a.items():
        if k in out:
            continue
        if type(v).__name__ == "UnitAttr" and k in names:
            out[k] = w.vbool(True)
        elif isinstance(v, IntegerAttr) and k == "api_version":
            out[k] = w._custom(w.attrs, ("vapi", v.value), lambda v=v: [_varint(5), _varint(v.value)])
        else:
            out[k] = w.vattr(v)
    # what the target's op version lacks may only hold its default value
    from hlopt.ir.attributes import TypeAttr
    from hlopt.ir.types import NoneType

    empty = {id(w.vattr(_tensor([]))), id(w.vbool(False)), id(w.vint(0, i64)), id(w.vattr(TypeAttr(NoneType())))}
    for k in [k for k in out if k not in names and k not in discardable]:
        if id(out[k]) not in empty:
            raise ArtifactError(f"'{op.name}' attribute '{k}' is not in StableHLO {w.target}")
        del out[k]
    if names:
        defaults = _defaults(w, base, op, names)
        for n in names:
            if n not in out:
                if n not in defaults:
                    raise ArtifactError(f"'{op.name}' has no value for VHLO attribute '{n}'")
                out[n] = defaults[n]
    return sorted(out.items())
