"""Reading op attributes for the interpreter.

Structured StableHLO attributes (dot, conv, gather and scatter dimension
numbers, enums) are decoded from their printed text, which is fixed by
MLIR's printer, so the interpreter does not depend on how the dialect layer
models them. Results are cached per op by the caller (see ctx.cached).
"""

from __future__ import annotations

import functools
import re
from typing import Any

import numpy as np

from hlopt.ir.types import ComplexType, FloatType, IntegerType
from hlopt.kernels.values import InterpError, dtype_of


def attr(op: Any, name: str, default: Any = None) -> Any:
    return op.get_attr(name, default)


def ints(a: Any) -> tuple[int, ...]:
    """Integers of an `array<i64: ...>`, a dense int tensor, an array of
    integer attributes or a single integer attribute."""
    if a is None:
        return ()
    vals = getattr(a, "values", None)
    if vals is not None and not hasattr(a, "flat_values"):
        return tuple(int(v) for v in vals)
    if hasattr(a, "flat_values"):
        return tuple(int(v) for v in a.flat_values())
    if hasattr(a, "elements"):
        return tuple(int(e.value) for e in a.elements)
    return (int(a.value),)


def int_attr(op: Any, name: str, default: int | None = None) -> int | None:
    a = op.get_attr(name)
    if a is None:
        return default
    return int(a.value)


def bool_attr(op: Any, name: str) -> bool:
    a = op.get_attr(name)
    if a is None:
        return False
    v = getattr(a, "value", True)  # UnitAttr has no value: present means true
    return bool(v)


def dense_matrix(a: Any) -> np.ndarray | None:
    """A dense int attribute (replica_groups, source_target_pairs, padding) as
    an int64 array of its shape."""
    if a is None:
        return None
    shape = tuple(a.type.shape)
    return np.array([int(v) for v in a.flat_values()], dtype=np.int64).reshape(shape)


_ENUM = re.compile(r"#stablehlo<\s*[a-z_]+\s+([A-Za-z_0-9]+)\s*>")


def enum_value(a: Any) -> str | None:
    """`#stablehlo<comparison_direction LT>` -> "LT"; also bare strings."""
    if a is None:
        return None
    v = getattr(a, "value", None)
    if isinstance(v, str) and getattr(a, "kind", None) is not None:
        return v
    m = _ENUM.search(a.text)
    if m:
        return m.group(1)
    return a.text.strip('"')


_FIELD = re.compile(r"([a-z_]+)\s*=\s*(\[[^\]]*\]|-?\d+)")


def struct_fields(a: Any) -> dict[str, Any]:
    return dict(_struct_fields(a))


@functools.lru_cache(maxsize=4096)
def _struct_fields(a: Any) -> tuple:
    """`#stablehlo.gather<offset_dims = [0], index_vector_dim = 1>` ->
    {"offset_dims": (0,), "index_vector_dim": 1}."""
    out: dict[str, Any] = {}
    for m in _FIELD.finditer(a.text):
        v = m.group(2)
        out[m.group(1)] = tuple(int(x) for x in v[1:-1].split(",") if x.strip()) if v.startswith("[") else int(v)
    return tuple(out.items())


_CONV = re.compile(r"#stablehlo\.conv<\s*\[([^\]]*)\]\s*x\s*\[([^\]]*)\]\s*->\s*\[([^\]]*)\]\s*>")


def conv_dims(a: Any) -> dict[str, Any]:
    """Convolution dimension numbers from either printed form."""
    text = a.text
    m = _CONV.match(text)
    if m is None:
        f = struct_fields(a)
        if "input_batch_dimension" not in f:
            raise InterpError(f"cannot read convolution dimension numbers {text}")
        return f
    out: dict[str, Any] = {}
    for part, (pre, labels) in zip(m.groups(), (("input", ("b", "f")), ("kernel", ("i", "o")), ("output", ("b", "f")))):
        items = [x.strip() for x in part.split(",")]
        spatial = {}
        for d, lab in enumerate(items):
            if lab.isdigit():
                spatial[int(lab)] = d
            elif lab == labels[0]:
                out[f"{pre}_{'batch' if pre != 'kernel' else 'input_feature'}_dimension"] = d
            elif lab == labels[1]:
                out[f"{pre}_{'feature' if pre != 'kernel' else 'output_feature'}_dimension"] = d
        out[f"{pre}_spatial_dimensions"] = tuple(spatial[k] for k in sorted(spatial))
    return out


def dense_to_numpy(a: Any, t: Any = None) -> np.ndarray:
    """A dense elements attribute as an array of its exact element values
    (floats rebuilt from their bit patterns, so NaN payloads survive)."""
    t = a.type if t is None else t
    et = t.element_type
    d = dtype_of(et)
    shape = tuple(t.shape)
    if a.splat:
        vals = a.values
        n = 1
    else:
        vals = a.flat_values()
        n = len(vals)
    if isinstance(et, FloatType):
        bits = np.dtype(f"u{d.itemsize}") if d.itemsize in (1, 2, 4, 8) else None
        if bits is None:
            raise InterpError(f"constants of type {et.text} are not supported")
        arr = np.array(vals, dtype=np.uint64).astype(bits).view(d)
    elif isinstance(et, ComplexType):
        sub = dtype_of(et.element_type)
        bits = np.dtype(f"u{sub.itemsize}")
        re_ = np.array([v[0] for v in vals], dtype=np.uint64).astype(bits).view(sub)
        im_ = np.array([v[1] for v in vals], dtype=np.uint64).astype(bits).view(sub)
        arr = (re_.astype(np.float64) + 1j * im_.astype(np.float64)).astype(d)
    elif isinstance(et, IntegerType) and et.width == 1:
        arr = np.array([bool(v) for v in vals], dtype=np.bool_)
    elif isinstance(et, IntegerType) and et.signedness == "u":
        mask = (1 << et.width) - 1
        arr = np.array([int(v) & mask for v in vals], dtype=np.uint64).astype(d)
    else:
        arr = np.array([int(v) for v in vals], dtype=np.int64).astype(d)
    if n == 1 and int(np.prod(shape)) != 1:
        return np.full(shape, arr[0], dtype=d)
    return arr.reshape(shape)
