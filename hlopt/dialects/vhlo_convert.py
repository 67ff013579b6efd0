"""`vhlo.<op>_vN` -> StableHLO/func, on the op records the bytecode reader
decodes (the mapping `stablehlo-translate --deserialize` applies): new
names, flattened VHLO attributes folded back into StableHLO's structured
ones, tensors respelled as the dense arrays StableHLO declares, and the
values VHLO spells out that StableHLO leaves implicit removed."""

from __future__ import annotations

import re
from typing import Any

_VERSION = re.compile(r"_v\d+\Z")

# attribute -> the VHLO value StableHLO omits (see _is_default)
_DEFAULTS: dict[tuple[str, ...], dict[str, tuple]] = {
    ("func",): {"sym_visibility": ("str", ""), "arg_attrs": ("array",), "res_attrs": ("array",)},
    ("all_gather", "all_reduce", "reduce_scatter", "collective_reduce"): {
        "use_global_device_ids": ("bool",)},
    ("collective_broadcast", "collective_reduce"): {"has_dynamic_root": ("bool",)},
    ("cholesky",): {"lower": ("bool",)},
    ("compare",): {"compare_type": ("enum", "NOTYPE")},
    ("composite",): {"version": ("int", 0), "composite_attributes": ("dict",)},
    ("convolution", "dynamic_conv"): {"window_strides": ("splat", 1), "lhs_dilation": ("splat", 1),
                                      "rhs_dilation": ("splat", 1), "window_reversal": ("splat", False),
                                      "precision_config": ("precision",)},
    ("convolution",): {"padding": ("splat", 0)},
    ("custom_call",): {"has_side_effect": ("bool",), "backend_config": ("str", ""),
                       "api_version": ("text", "1 : i32"), "called_computations": ("array",),
                       "output_operand_aliases": ("array",), "result_tilings": ("array",)},
    ("dot_general", "dot"): {"precision_config": ("precision",)},
    ("dynamic_broadcast_in_dim",): {"known_expanding_dimensions": ("empty_tensor",),
                                    "known_nonexpanding_dimensions": ("empty_tensor",)},
    ("dynamic_gather", "gather"): {"indices_are_sorted": ("bool",)},
    ("infeed",): {"infeed_config": ("str", ""), "layout": ("array",)},
    ("outfeed",): {"outfeed_config": ("str", "")},
    ("recv", "send"): {"is_host_transfer": ("bool",), "source_target_pairs": ("empty_tensor",)},
    ("reduce_window",): {"window_strides": ("splat", 1), "base_dilations": ("splat", 1),
                         "window_dilations": ("splat", 1), "padding": ("splat", 0)},
    ("scatter",): {"indices_are_sorted": ("bool",), "unique_indices": ("bool",)},
    ("select_and_scatter",): {"window_strides": ("splat", 1), "padding": ("splat", 0)},
    ("sort",): {"dimension": ("int", -1), "is_stable": ("bool",)},
    ("cbrt", "cosine", "exponential", "exponential_minus_one", "log", "log_plus_one", "logistic", "rsqrt",
     "sine", "sqrt", "tan", "tanh"): {"result_accuracy": ("accuracy",)},
}
DEFAULTS: dict[str, dict[str, tuple]] = {}
for _ops, _rules in _DEFAULTS.items():
    for _op in _ops:
        DEFAULTS.setdefault(_op, {}).update(_rules)

_COLLECTIVES = {"all_gather", "all_reduce", "reduce_scatter", "all_to_all", "collective_permute",
                "collective_broadcast", "collective_reduce"}
_DEFAULT_ACCURACY = "#stablehlo.result_accuracy<atol = 0.0, rtol = 0.0, ulps = 0, " \
                    "mode = #stablehlo.result_accuracy_mode<DEFAULT>>"


def _kind(v: Any) -> str:
    return getattr(v, "kind", "")


def _is_default(v: Any, rule: tuple) -> bool:
    what = rule[0]
    if what == "str":
        return _kind(v) == "string" and v.data == rule[1]
    if what == "array":
        return _kind(v) == "array" and not v.data
    if what == "dict":
        return _kind(v) == "dict" and not v.data
    if what == "bool":
        return _kind(v) == "bool" and v.data is False
    if what == "int":
        return _kind(v) == "int" and v.data == rule[1]
    if what == "enum":
        return _kind(v) == "enum" and v.data == rule[1]
    if what == "text":
        return str(v) == rule[1]
    if what == "splat":
        vals = v.data[1] if _kind(v) == "tensor" else None
        return vals is not None and all(x == rule[1] for x in vals)
    if what == "empty_tensor":
        return _kind(v) == "tensor" and v.data[1] is not None and not v.data[1]
    if what == "precision":
        return _kind(v) == "array" and all(_kind(x) == "enum" and x.data == "DEFAULT" for x in v.data)
    if what == "accuracy":
        return str(v) == _DEFAULT_ACCURACY
    return False


def _ints(v: Any) -> list[int]:
    if _kind(v) == "tensor" and v.data[1] is not None:
        return list(v.data[1])
    if _kind(v) == "int":
        return [v.data]
    raise ValueError(f"expected an integer tensor, got {v}")


def _int(v: Any) -> int:
    if _kind(v) != "int":
        raise ValueError(f"expected an integer, got {v}")
    return v.data


def _struct(name: str, fields: list[tuple[str, Any]]) -> str:
    from hlopt.dialects.hlo_bytecode import struct_text

    return struct_text(name, fields)


def _fold(base: str, a: dict[str, Any]) -> list[tuple[str, str]]:
    """VHLO's flattened struct attributes -> StableHLO's structured ones."""
    out: list[tuple[str, str]] = []

    def take(*names: str) -> list[Any]:
        return [a.pop(n) for n in names]

    if base in ("convolution", "dynamic_conv") and "input_batch_dimension" in a:
        from hlopt.dialects.hlo_bytecode import conv_dims_text

        ib, if_, isp, ki, ko, ksp, ob, of, osp = take(
            "input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions",
            "kernel_input_feature_dimension", "kernel_output_feature_dimension", "kernel_spatial_dimensions",
            "output_batch_dimension", "output_feature_dimension", "output_spatial_dimensions")
        out.append(("dimension_numbers",
                    f"#stablehlo.conv<{conv_dims_text(_ints(isp), [(_int(ib), 'b'), (_int(if_), 'f')])}x"
                    f"{conv_dims_text(_ints(ksp), [(_int(ki), 'i'), (_int(ko), 'o')])}->"
                    f"{conv_dims_text(_ints(osp), [(_int(ob), 'b'), (_int(of), 'f')])}>"))
    if base == "dot_general" and "lhs_batching_dimensions" in a:
        names = ("lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
                 "rhs_contracting_dimensions")
        out.append(("dot_dimension_numbers", _struct("dot", [(n, _ints(v)) for n, v in zip(names, take(*names))])))
        algo = ("lhs_precision_type", "rhs_precision_type", "accumulation_type", "lhs_component_count",
                "rhs_component_count", "num_primitive_operations", "allow_imprecise_accumulation")
        if "lhs_precision_type" in a:
            vals = take(*algo)
            if str(vals[0]) != "none":
                lhs, rhs, acc, lc, rc, n, imp = vals
                out.append(("algorithm",
                            f"#stablehlo.dot_algorithm<lhs_precision_type = {lhs}, rhs_precision_type = {rhs}, "
                            f"accumulation_type = {acc}, lhs_component_count = {_int(lc)}, "
                            f"rhs_component_count = {_int(rc)}, num_primitive_operations = {_int(n)}, "
                            f"allow_imprecise_accumulation = {imp}>"))
    if base in ("gather", "dynamic_gather") and "offset_dims" in a:
        names = ("offset_dims", "collapsed_slice_dims", "operand_batching_dims", "start_indices_batching_dims",
                 "start_index_map")
        present = [n for n in names if n in a]
        fields: list = [(n, _ints(a.pop(n))) for n in present]
        fields.append(("index_vector_dim", _int(a.pop("index_vector_dim"))))
        out.append(("dimension_numbers", _struct("gather", fields)))
    if base == "scatter" and "update_window_dims" in a:
        names = ("update_window_dims", "inserted_window_dims", "input_batching_dims",
                 "scatter_indices_batching_dims", "scatter_dims_to_operand_dims")
        present = [n for n in names if n in a]
        fields = [(n, _ints(a.pop(n))) for n in present]
        fields.append(("index_vector_dim", _int(a.pop("index_vector_dim"))))
        out.append(("scatter_dimension_numbers", _struct("scatter", fields)))
    if base in ("send", "recv") and "channel_id" in a:
        cid, ctype = take("channel_id", "channel_type")
        out.append(("channel_handle", f"#stablehlo.channel_handle<handle = {_int(cid)}, type = {_int(ctype)}>"))
    if base in _COLLECTIVES and "channel_id" in a:
        cid = _int(a.pop("channel_id"))
        if cid != 0:
            out.append(("channel_handle", f"#stablehlo.channel_handle<handle = {cid}, type = 0>"))
    if base == "custom_call" and _is_default(a.get("operand_layouts"), ("array",)) and \
            _is_default(a.get("result_layouts"), ("array",)):
        a.pop("operand_layouts")
        a.pop("result_layouts")
    if base == "custom_call" and _kind(a.get("backend_config")) == "dict" and not a["backend_config"].data:
        a.pop("backend_config")
    for n in ("callee", "decomposition"):
        if n in a and _kind(a[n]) == "string":
            out.append((n, "@" + _symbol(a.pop(n).data)))
    if base == "custom_call" and _kind(a.get("called_computations")) == "array" and a["called_computations"].data:
        refs = a.pop("called_computations").data
        out.append(("called_computations", "[" + ", ".join("@" + _symbol(r.data) for r in refs) + "]"))
    return out


def _symbol(name: str) -> str:
    from hlopt.ir.attributes import keyword_or_string

    return keyword_or_string(name)


def convert_op(name: str, props: list, attrs: str | None, parent: str | None,
               at: int) -> tuple[str, list, str | None]:
    from hlopt.ir.context import current_context
    from hlopt.syntax.bytecode import BytecodeError

    base = _VERSION.sub("", name.partition(".")[2])
    if base == "func":
        target = "func.func"
    elif base == "call":
        target = "func.call"
    elif base == "return":
        target = "func.return" if parent == "func.func" else "stablehlo.return"
    else:
        target = "stablehlo." + base
    opdef = current_context().lookup_op(target)
    if opdef is None:
        raise BytecodeError(f"'{name}' has no StableHLO counterpart hlopt knows ('{target}')", at)
    a = dict(props) if isinstance(props, list) else {}
    entries = getattr(attrs, "entries", None)
    if entries is not None and not a:  # before native properties, inherent attributes sat in the dictionary
        from hlopt.dialects.vhlo_ops import OP_ATTRIBUTES
        from hlopt.syntax.bytecode import entry_text

        inherent = set(OP_ATTRIBUTES.get(name.partition(".")[2], ()))
        a = {k: v for k, v in entries if k in inherent}
        rest = [(k, v) for k, v in entries if k not in inherent]
        attrs = "{" + ", ".join(entry_text(k, v) for k, v in rest) + "}" if rest else None
    try:
        out = _fold(base, a)
        rules = DEFAULTS.get(base, {})
        fields = {f.name: f for f in opdef.attr_defs}
        for k, v in a.items():
            if k in rules and _is_default(v, rules[k]):
                continue
            f = fields.get(k)
            summary = getattr(getattr(f, "constraint", None), "summary", "") or ""
            if "i64 dense array" in summary and _kind(v) == "tensor":
                vals = _ints(v)
                v = f"array<i64: {', '.join(map(str, vals))}>" if vals else "array<i64>"
            elif "i1 dense array" in summary and _kind(v) == "tensor":
                vals = _ints(v)
                v = f"array<i1: {', '.join('true' if x else 'false' for x in vals)}>" if vals else "array<i1>"
            elif "unit attribute" in summary and _kind(v) == "bool":
                if not v.data:
                    continue
                v = "unit"
            out.append((k, str(v)))
    except (ValueError, KeyError) as e:
        raise BytecodeError(f"cannot convert '{name}' to '{target}': {e}", at) from None
    return target, out, attrs
