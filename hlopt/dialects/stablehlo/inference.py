"""StableHLO shape functions: the spec's constraints that StableHLO's
TypeInference.cpp checks while inferring result types, with its messages
(which carry no op-name prefix). Each `infer_*` raises IRError for a broken
constraint and returns the inferred types (None where it cannot tell); the
ops call them from `infer_result_types` or `verify`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hlopt.dialects.stablehlo.verification import compatible_elements, fail
from hlopt.ir.core import Operation
from hlopt.ir.types import ComplexType, RankedTensorType, Type

DYN = -1


def ranked(t: Type) -> RankedTensorType | None:
    return t if isinstance(t, RankedTensorType) else None


def ints(attr: Any) -> list[int]:
    """An i64 list attribute's values ([] when absent)."""
    if attr is None:
        return []
    vals = getattr(attr, "values", None)
    return list(vals) if vals is not None else list(attr.flat_values())


def dyn(d: int) -> bool:
    """A `?` dimension (hlopt spells it -1; attribute values are never dynamic in MLIR)."""
    return d == DYN


def list_text(vals: Sequence[int]) -> str:
    """llvm's printing of an ArrayRef<int64_t> in a diagnostic."""
    return ", ".join(str(v) for v in vals)


def dim_text(d: int) -> str:
    return "?" if dyn(d) else str(d)


def compatible_dims(a: int, b: int) -> bool:
    return dyn(a) or dyn(b) or a == b


def compatible_shapes(a: Sequence[int], b: Sequence[int]) -> bool:
    return len(a) == len(b) and all(compatible_dims(x, y) for x, y in zip(a, b))


def tensor(shape: Sequence[int], element: Type) -> RankedTensorType:
    return RankedTensorType(tuple(shape), element)


# ---------------------------------------------------------------------------
# data movement

def infer_slice(op: Operation, t: RankedTensorType, start: list[int], limit: list[int],
                strides: list[int]) -> list[Type]:
    rank = len(t.shape)
    if len(start) != rank:
        raise fail(op, f"the number of elements in start_indices ({len(start)}) does not match the rank of the "
                       f"operand ({rank})")
    shape = []
    for i in range(rank):
        if start[i] < 0:
            raise fail(op, f"negative start index {start[i]} in dimension {i}")
        if not dyn(t.shape[i]) and limit[i] > t.shape[i]:
            raise fail(op, f"limit index {limit[i]} is larger than dimension size {t.shape[i]} in dimension {i}")
        if start[i] > limit[i]:
            raise fail(op, f"start index {start[i]} is larger than limit index {limit[i]} in dimension {i}")
        if strides[i] <= 0:
            raise fail(op, f"stride must be positive but got {strides[i]} in dimension {i}")
        shape.append(-(-(limit[i] - start[i]) // strides[i]))
    return [tensor(shape, t.element_type)]


def infer_pad(op: Operation, t: RankedTensorType, low: list[int], high: list[int],
              interior: list[int]) -> list[Type]:
    rank = len(t.shape)
    if len(low) != rank:
        raise fail(op, f"edge_padding_low length ({len(low)}) must match operand rank ({rank})")
    shape = []
    for i, s in enumerate(t.shape):
        if interior[i] < 0:
            raise fail(op, f"Interior padding cannot be negative: {interior[i]}")
        if dyn(s):
            shape.append(DYN)
            continue
        r = s + low[i] + high[i] + max(s - 1, 0) * interior[i]
        if r < 0:
            raise fail(op, f"Padding result in negative size for dimension {i}")
        shape.append(r)
    return [tensor(shape, t.element_type)]


def verify_broadcast_in_dim(op: Operation, t: RankedTensorType, dims: list[int], r: RankedTensorType) -> None:
    if len(dims) != len(t.shape):
        raise fail(op, f"broadcast_dimensions size ({len(dims)}) does not match operand rank ({len(t.shape)})")
    if len(set(dims)) != len(dims):
        raise fail(op, "broadcast_dimensions should not have duplicates")
    rank = len(r.shape)
    for i, d in enumerate(dims):
        if d < 0 or d >= rank:
            raise fail(op, f"broadcast_dimensions contains invalid value {d} for result with rank {rank}")
        s = t.shape[i]
        if not dyn(s) and s != 1 and s != r.shape[d]:
            raise fail(op, f"size of operand dimension {i} ({s}) is not equal to 1 or size of result dimension "
                           f"{d} ({r.shape[d]})")


def infer_transpose(op: Operation, t: RankedTensorType, perm: list[int]) -> list[Type]:
    rank = len(t.shape)
    if len(perm) != rank:
        raise fail(op, f"TransposeOp operand rank {rank} does not match permutation size {len(perm)}")
    if sorted(perm) != list(range(rank)):
        raise fail(op, f"attribute permutation must be a permutation of [{list_text(range(rank))}] but got "
                       f"{list_text(perm)}")
    return [tensor([t.shape[d] for d in perm], t.element_type)]


def verify_reverse(op: Operation, t: RankedTensorType, dims: list[int]) -> None:
    if len(set(dims)) != len(dims):
        raise fail(op, f"dimensions should be unique. Got: {list_text(dims)}")
    for d in dims:
        if d < 0:
            raise fail(op, f"all dimensions should be non-negative. Got dimension: {d}.")
        if d >= len(t.shape):
            raise fail(op, f"all dimensions should be between [0, {len(t.shape)}). Got dimension: {d}.")


def infer_dynamic_slice(op: Operation, t: RankedTensorType, starts: Sequence[Any], sizes: list[int]) -> list[Type]:
    if len(starts) != len(sizes):
        raise fail(op, f"has mismatched number of slice sizes ({len(sizes)}) and number of start indices "
                       f"({len(starts)})")
    if len(t.shape) != len(starts):
        raise fail(op, f"has mismatched number of start indices ({len(starts)}) and the rank of operand "
                       f"({len(t.shape)})")
    if len({getattr(v.type, "element_type", None) for v in starts}) > 1:
        raise fail(op, "start indices must have same element type")
    for i, s in enumerate(sizes):
        if s < 0:
            raise fail(op, f"has negative size index to dynamic slice: {s}")
        if not dyn(t.shape[i]) and s > t.shape[i]:
            raise fail(op, f"has slice size {s} greater than dimension size {t.shape[i]} in dimension {i} of operand")
    return [tensor(sizes, t.element_type)]


def infer_dynamic_update_slice(op: Operation, t: RankedTensorType, u: RankedTensorType,
                               starts: Sequence[Any]) -> list[Type]:
    if len(u.shape) != len(t.shape):
        raise fail(op, f"update rank does not match operand rank: {len(u.shape)} vs {len(t.shape)}.")
    if len(starts) != len(t.shape):
        raise fail(op, f"expects number of start_indices to match operand rank: {len(starts)} vs {len(t.shape)}.")
    if len({getattr(v.type, "element_type", None) for v in starts}) > 1:
        raise fail(op, "start indices must have same element type")
    for i, (o, d) in enumerate(zip(t.shape, u.shape)):
        if dyn(d):
            continue
        if not dyn(o) and d > o:
            raise fail(op, f"expects size at dimension {i} of update to be in range [0, {o}]. Got: {d}.")
    return [RankedTensorType(t.shape, t.element_type, t.encoding)]


def _num_elements(t: RankedTensorType) -> int | None:
    n = 1
    for s in t.shape:
        if dyn(s):
            return None
        n *= s
    return n


def verify_reshape(op: Operation, t: RankedTensorType, r: RankedTensorType) -> None:
    a, b = _num_elements(t), _num_elements(r)
    if a is not None and b is not None and a != b:
        raise fail(op, f"number of output elements ({b}) doesn't match expected number of elements ({a})")


def verify_dim_in_bounds(op: Operation, t: RankedTensorType, dim: int) -> None:
    if dim < 0:
        raise fail(op, f"requires non-negative dimension attribute; found ({dim})")
    if dim >= len(t.shape):
        raise fail(op, f"requires dimension attribute in range [0, {len(t.shape)}); found ({dim})")


def verify_dynamic_reshape(op: Operation, t: RankedTensorType, shape_t: RankedTensorType,
                           r: RankedTensorType) -> None:
    if t.element_type is not r.element_type:
        raise fail(op, f"expects operand and result to have compatible element type. Got: '{t.text}' and '{r.text}'")
    a, b = _num_elements(t), _num_elements(r)
    if a is not None and b is not None and a != b:
        raise fail(op, f"number of output elements ({b}) doesn't match expected number of elements ({a})")
    if shape_t.shape[0] != len(r.shape):
        raise fail(op, "result should have a rank equal to the number of elements in output_shape")



# ---------------------------------------------------------------------------
# reductions

def verify_sort_dimension(op: Operation, t: RankedTensorType, dim: int) -> None:
    rank = len(t.shape)
    if dim < -rank or dim >= rank:
        raise fail(op, f"dimension attribute value must be in range [-{rank}, {rank}), but found {dim}")


def verify_reduce_dims(op: Operation, inputs: Sequence[Any], dims: list[int]) -> None:
    w = ranked(inputs[0].type)
    if w is None:
        return
    for i, v in enumerate(inputs[1:], 1):
        t = ranked(v.type)
        if t is not None and not compatible_shapes(w.shape, t.shape):
            raise fail(op, f"expects all inputs to have compatible shapes. Shape at input-index {i} is not "
                           f"compatible with shape at input-index 0")
    seen = set()
    for d in dims:
        if d < 0 or d >= len(w.shape):
            raise fail(op, f"Out-of-bounds dimension {d}, expected to be in range [0, {len(w.shape)})")
        if d in seen:
            raise fail(op, f"Duplicate reduction dimension: {d}")
        seen.add(d)


def infer_map(op: Operation, inputs: Sequence[Any], dims: list[int]) -> list[Type] | None:
    if not op.regions or not op.regions[0].blocks:
        raise fail(op, "expects non-empty computation region")
    b = op.regions[0].blocks[0]
    if len(inputs) != len(b.args):
        raise fail(op, f"expects number of operands to match the arity of map computation, but got: "
                       f"{len(inputs)} and {len(b.args)}")
    for i, a in enumerate(b.args):
        at = ranked(a.type)
        if at is None or at.shape:
            raise fail(op, f"computation arguments must be 0-rank tensor, but got: arg #{i} of type '{a.type.text}'")
        et = inputs[i].type.element_type
        if at.element_type is not et:
            raise fail(op, f"element type of operands and computation arguments must match, but got: '{et.text}' "
                           f"and '{at.element_type.text}'")
    ret = b.last_op
    outs = ret.operands if ret is not None else []
    if len(outs) != 1:
        raise fail(op, f"computation must return single output, but got: {len(outs)}")
    ot = ranked(outs[0].type)
    if ot is None or ot.shape:
        raise fail(op, f"computation must return 0-rank tensor, but got: '{outs[0].type.text}'")
    for i, d in enumerate(dims):
        if d != i:
            raise fail(op, f"requires monotonically increasing dimension numbers, but got: {list_text(dims)}")
    shape: tuple = ()
    for v in inputs:
        s = v.type.shape
        if len(dims) != len(s):
            raise fail(op, f"applied to a subset of dimensions currently not supported: operand dimensions = "
                           f"{len(s)}, requested map dimensions size = {len(dims)}")
        shape = s
    return [tensor(shape, ot.element_type)]


def infer_batch_norm(op: Operation, multi: Sequence[Any], single: Sequence[Any], feature: int,
                     inference: bool) -> list[Type]:
    def pairwise(vs: Sequence[Any]) -> bool:
        shapes = [v.type.shape for v in vs]
        return all(compatible_shapes(shapes[0], s) for s in shapes[1:])

    if not pairwise(multi):
        raise fail(op, "expects multi-dimensional operands to have compatible shapes.")
    if not pairwise(single):
        raise fail(op, "expects single-dimensional operands to have compatible shapes.")
    mt = multi[0].type
    if feature >= len(mt.shape):
        raise fail(op, f"expects featureIndex to be smaller than the rank of multi-dimensional operands; got "
                       f"featureIndex {feature}, and rank {len(mt.shape)}.")
    count, size = mt.shape[feature], single[0].type.shape[0]
    if not compatible_dims(size, count):
        raise fail(op, f"expects the size of single-dimensional operands to be compatible with feature count, but "
                       f"the size of single-dimensional operands is {dim_text(size)} and the feature count is "
                       f"{dim_text(count)}.")
    out: list[Type] = [RankedTensorType(mt.shape, mt.element_type, mt.encoding)]
    if not inference:
        out += [tensor((count,), mt.element_type)] * 2
    return out


# ---------------------------------------------------------------------------
# miscellaneous

def verify_rng_bit_generator(op: Operation, init: RankedTensorType, out: RankedTensorType) -> None:
    if not compatible_shapes(init.shape, out.shape):
        raise fail(op, f"output state shape must be compatible with initial state shape. Got: '{init.text}' and "
                       f"'{out.text}'")


def _bit_width(et: Any) -> int | None:
    if isinstance(et, ComplexType):
        inner = _bit_width(et.element_type)
        return None if inner is None else 2 * inner
    return getattr(et, "width", None)


def verify_bitcast_convert(op: Operation, t: RankedTensorType, r: RankedTensorType) -> None:
    if isinstance(t.element_type, ComplexType) != isinstance(r.element_type, ComplexType):
        raise fail(op, f"cannot convert between real and complex types, but got: '{t.text}' and '{r.text}'")
    wa, wb = _bit_width(t.element_type), _bit_width(r.element_type)
    if wa is None or wb is None:
        return
    small, big = (t.shape, r.shape) if wa < wb else (r.shape, t.shape)
    prefix = small
    if wa != wb:
        if len(small) != len(big) + 1:
            raise fail(op, f"rank of smaller element type ({len(small)}) should be 1 more than rank of larger "
                           f"element type ({len(big)}), but {len(small)} != {len(big)} + 1.")
        prefix = small[:-1]
        if not dyn(small[-1]) and small[-1] * min(wa, wb) != max(wa, wb):
            raise fail(op, f"requires compatible bit widths. Got: '{t.text}' and '{r.text}', but {min(wa, wb)} * "
                           f"{small[-1]} != {max(wa, wb)}.")
    if not all(compatible_dims(x, y) for x, y in zip(prefix, big)):
        raise fail(op, "operand and result shapes must match except for the innermost dimension of the shape with "
                       f"the smaller element type. Got: '{t.text}' and '{r.text}'.")


def compatible_types(inferred: Sequence[Type], actual: Sequence[Type]) -> bool:
    """hlo::isCompatibleForHloTypeInference, without bounds: same count and
    element types, shapes equal where both are static."""
    if len(inferred) != len(actual):
        return False
    for i, a in zip(inferred, actual):
        if not compatible_elements(getattr(i, "element_type", i), getattr(a, "element_type", a)):
            return False
        si, sa = getattr(i, "shape", None), getattr(a, "shape", None)
        if si is not None and sa is not None and not compatible_shapes(si, sa):
            return False
    return True


# ---------------------------------------------------------------------------
# collectives

def verify_all_gather(op: Operation, dim: int, pairs: Sequence[tuple[Type, Type]]) -> None:
    for t, r in pairs:
        t, r = ranked(t), ranked(r)
        if t is None or r is None:
            continue
        if dim >= len(t.shape):
            raise fail(op, "all_gather_dim must be a valid index of operand")
        if t.shape[dim] == 0:
            raise fail(op, "dimension size of operand at 'all_gather_dim' cannot be zero")
        if len(r.shape) != len(t.shape):
            raise fail(op, "operand and result must have the same rank")
        for i in range(len(t.shape)):
            if i != dim and not compatible_dims(r.shape[i], t.shape[i]):
                raise fail(op, "operand and result should have the same shape except for the dimension size at "
                               "'all_gather_dim'")
        if dyn(t.shape[dim]) or dyn(r.shape[dim]):
            return
        if r.shape[dim] % t.shape[dim]:
            raise fail(op, f"result gather dimension has size {r.shape[dim]}, expected to be a multiple of operand "
                           f"gather dimension size {t.shape[dim]}")


def verify_reduce_scatter(op: Operation, t: RankedTensorType, r: RankedTensorType, dim: int,
                          accumulator: Type | None) -> None:
    if len(t.shape) != len(r.shape):
        raise fail(op, "operand and result should have same rank")
    if dim >= len(t.shape):
        raise fail(op, "scatter dim should be less than operand/result rank")
    if not (dyn(t.shape[dim]) or dyn(r.shape[dim])):
        if r.shape[dim] == 0:
            raise fail(op, "result dimension size at scatter_dimension cannot be zero")
        if t.shape[dim] == 0:
            raise fail(op, "operand dimension size at scatter_dimension cannot be zero")
        if t.shape[dim] % r.shape[dim]:
            raise fail(op, f"operand scatter dimension has size {t.shape[dim]}, expected to be a multiple of result "
                           f"scatter dimension size {r.shape[dim]}")
        for i in range(len(t.shape)):
            if i != dim and not compatible_dims(t.shape[i], r.shape[i]):
                raise fail(op, f"non scatter dimensions should be same for operand ({t.shape[i]}) and result "
                               f"({r.shape[i]})")
    acc = accumulator if accumulator is not None else t.element_type
    if r.element_type is not acc:
        raise fail(op, f"result element-type is expected to be '{acc.text}', but got '{r.element_type.text}'")


def infer_all_to_all(op: Operation, types: Sequence[Type], split_dim: int, concat_dim: int,
                     split_count: int) -> list[Type] | None:
    out: list[Type] = []
    for t in types:
        t = ranked(t)
        if t is None:
            return None
        rank = len(t.shape)
        if split_dim >= rank:
            raise fail(op, f"AllToAll split_dimension {split_dim} is out-of-bounds for input rank {rank}")
        if concat_dim >= rank:
            raise fail(op, f"AllToAll concat_dimension {concat_dim} is out-of-bounds for input rank {rank}")
        shape = list(t.shape)
        if not dyn(shape[split_dim]) and shape[split_dim] % split_count:
            raise fail(op, f"split dimension has size {shape[split_dim]}, expected to be a multiple of split_count "
                           f"{split_count}")
        if not dyn(shape[split_dim]):
            shape[split_dim] //= split_count
        if not dyn(shape[concat_dim]):
            shape[concat_dim] *= split_count
        out.append(tensor(shape, t.element_type))
    return out


def verify_collective_broadcast(op: Operation) -> None:
    from hlopt.ir.attributes import DenseElementsAttr

    rg = op.replica_groups
    if not isinstance(rg, DenseElementsAttr):
        return
    shape = getattr(rg.type, "shape", ())
    if len(shape) != 2:
        raise fail(op, f"replica groups should be a rank 2 tensor,but instead it is of rank {len(shape)}")
    seen = set()
    for v in rg.flat_values():
        if v < 0:
            raise fail(op, f"replica_groups values must be positive, but was given {v}")
        if v in seen:
            raise fail(op, f"replica id #{v} seen more than once")
        seen.add(v)


# ---------------------------------------------------------------------------
# contractions

def shape_text(shape: Sequence[int]) -> str:
    """dimSizesToString: `[2, ?, 3]`."""
    return "[" + ", ".join(dim_text(d) for d in shape) + "]"


def check_inferred_shape(op: Operation, shape: Sequence[int], r: RankedTensorType) -> None:
    if not compatible_shapes(shape, r.shape):
        raise fail(op, f"inferred shape '{shape_text(shape)}' is incompatible with return type of operation "
                       f"'{r.text}'")


def distinct_dims(op: Operation, a: Sequence[int], b: Sequence[int], an: str, bn: str) -> None:
    seen: set[int] = set()
    for d in list(a) + list(b):
        if d in seen:
            raise fail(op, f"has duplicated dimension from {an} and {bn}: {d}")
        seen.add(d)


def infer_dot_general(op: Operation, lhs: RankedTensorType, rhs: RankedTensorType, lb: Sequence[int],
                      rb: Sequence[int], lc: Sequence[int], rc: Sequence[int], precision: Any) -> list[int]:
    if precision is not None and len(precision) > 2:
        raise fail(op, f"expects precision config to be empty or have <= 2 elements, got {len(precision)}")
    if len(lb) != len(rb):
        raise fail(op, "lhs and rhs should have the same number of batching dimensions")
    if len(lc) != len(rc):
        raise fail(op, "lhs and rhs should have the same number of contracting dimensions")
    distinct_dims(op, lb, lc, "lhs_batching_dimensions", "lhs_contracting_dimensions")
    distinct_dims(op, rb, rc, "rhs_batching_dimensions", "rhs_contracting_dimensions")
    for t, dims, name in ((lhs, lb, "lhs_batching_dimensions"), (lhs, lc, "lhs_contracting_dimensions"),
                          (rhs, rb, "rhs_batching_dimensions"), (rhs, rc, "rhs_contracting_dimensions")):
        for d in dims:
            if not 0 <= d < len(t.shape):
                raise fail(op, f"{name} value: {d} is out of range: [0, {len(t.shape)})")
    for a, b in zip(lb, rb):
        if not compatible_dims(lhs.shape[a], rhs.shape[b]):
            raise fail(op, "batching dimension sizes must match for lhs/rhs")
    for a, b in zip(lc, rc):
        if not compatible_dims(lhs.shape[a], rhs.shape[b]):
            raise fail(op, "contracting dimension sizes must match for lhs/rhs")
    shape = [lhs.shape[a] if not dyn(lhs.shape[a]) else rhs.shape[b] for a, b in zip(lb, rb)]
    shape += [s for i, s in enumerate(lhs.shape) if i not in lb and i not in lc]
    shape += [s for i, s in enumerate(rhs.shape) if i not in rb and i not in rc]
    return shape


# ---------------------------------------------------------------------------
# windows (reduce_window, select_and_scatter, convolution)

def padding_pairs(op: Operation, attr: Any) -> list[tuple[int, int]]:
    """convertPaddingAttribute: a {N, 2} i64 tensor as (low, high) pairs."""
    if attr is None:
        return []
    shape = getattr(attr.type, "shape", ())
    if len(shape) != 2 or shape[1] != 2:
        raise fail(op, f"expects the shape of padding-attribute to be {{N, 2}}, but got {{{list_text(shape)}}}.")
    v = list(attr.flat_values())
    return [(v[2 * i], v[2 * i + 1]) for i in range(len(v) // 2)]


def window(op: Operation, dims: Sequence[int], strides: Sequence[int], padding: Sequence[tuple[int, int]],
           base_dil: Sequence[int] = (), win_dil: Sequence[int] = (), reversal: Sequence[bool] = ()) -> list[tuple]:
    """verifyWindowAttributesAndInferWindowDimensions: per dimension
    (size, stride, low, high, base dilation, window dilation)."""
    for n, what in ((len(strides), "window-strides"), (len(base_dil), "base-dilation factors"),
                    (len(win_dil), "window-dilation factors"), (len(padding), "padding-entries"),
                    (len(reversal), "window-reversal")):
        if n and n != len(dims):
            raise fail(op, f"expects {what} to have same dimension-size as size of window dimensions "
                           f"({len(dims)}), but got: {n}.")
    out = []
    for i, size in enumerate(dims):
        if not dyn(size) and size <= 0:
            raise fail(op, f"expects window to have positive value for {i}-th window dimension, but got {size}.")
        stride = strides[i] if strides else 1
        if stride <= 0:
            raise fail(op, f"expects window to have positive stride for {i}-th window dimension, but got {stride}.")
        bd = base_dil[i] if base_dil else 1
        if bd <= 0:
            raise fail(op, f"expects window to have positive base dilation factor for {i}-th window dimension, but "
                           f"got {bd}.")
        wd = win_dil[i] if win_dil else 1
        if wd <= 0:
            raise fail(op, f"expects window to have positive window dilation factor for {i}-th window dimension, "
                           f"but got {wd}.")
        lo, hi = padding[i] if padding else (0, 0)
        out.append((size, stride, lo, hi, bd, wd))
    return out


def _dilated(n: int, k: int) -> int:
    return 0 if n == 0 else (n - 1) * k + 1


def window_output_shape(shape: Sequence[int], win: Sequence[tuple]) -> list[int]:
    out = []
    for s, (size, stride, lo, hi, bd, wd) in zip(shape, win):
        if dyn(s) or dyn(size):
            out.append(DYN)
            continue
        padded, w = lo + _dilated(s, bd) + hi, _dilated(size, wd)
        out.append(0 if padded < w else (padded - w) // stride + 1)
    return out


def verify_reduce_window_window(op: Operation, inputs: Sequence[Any], dims: Sequence[int], strides: Sequence[int],
                                base_dil: Sequence[int], win_dil: Sequence[int], padding: Any) -> None:
    w = ranked(inputs[0].type)
    for i, v in enumerate(inputs[1:], 1):
        t = ranked(v.type)
        if w is not None and t is not None and not compatible_shapes(w.shape, t.shape):
            raise fail(op, f"expects all inputs to have compatible shapes. Shape at input-index {i} is not "
                           f"compatible with shape at input-index 0")
    pads = padding_pairs(op, padding)
    for v in inputs:
        t = ranked(v.type)
        if t is not None and len(t.shape) != len(dims):
            raise fail(op, f"expects window-dimensions size == input rank, but got window-dimensions size: "
                           f"{len(dims)} and input: '{t.text}' with rank = {len(t.shape)}.")
    window(op, dims, strides, pads, base_dil, win_dil)


def verify_select_and_scatter_window(op: Operation, t: RankedTensorType, source: RankedTensorType,
                                     dims: Sequence[int], strides: Sequence[int], padding: Any) -> None:
    if len(t.shape) != len(dims):
        raise fail(op, f"expects window-dimensions size == operand rank, but got window-dimensions size: "
                       f"{len(dims)} and operand-type: '{t.text}' with rank = {len(t.shape)}.")
    win = window(op, dims, strides, padding_pairs(op, padding))
    want = tensor(window_output_shape(t.shape, win), t.element_type)
    if not compatible_shapes(want.shape, source.shape) or want.element_type is not source.element_type:
        raise fail(op, f"expects source-type to be '{want.text}', but got'{source.text}'")


def _unique(vals: Sequence[int]) -> bool:
    return len(set(vals)) == len(vals)


def infer_convolution(op: Operation, lhs: RankedTensorType, rhs: RankedTensorType, dn: Any, strides: Sequence[int],
                      padding: Any, lhs_dil: Sequence[int], rhs_dil: Sequence[int], reversal: Sequence[bool],
                      feature_groups: int, batch_groups: int, precision: Any) -> list[int]:
    """inferConvolutionOp (with verifyConvolutionAttributes): the result shape."""
    n = len(lhs.shape)
    if n < 2:
        raise fail(op, f"expects convolution arguments to have >= 2 dimensions. Got: '{lhs.text}' and "
                       f"'{rhs.text}'.")
    if n != len(rhs.shape):
        raise fail(op, f"expects convolution arguments to have same number of dimensions. Got: '{lhs.text}' and "
                       f"'{rhs.text}'.")
    le, re_ = lhs.element_type, rhs.element_type
    if le is not re_ and not any(getattr(t, "spelling", "").startswith("!quant.") or
                                 type(t).__name__.startswith("Uniform") for t in (le, re_)):
        raise fail(op, f"expects lhs and rhs to have compatible element type. Got: '{le.text}' and '{re_.text}'")
    ins, ks, outs = dn.input_spatial_dimensions, dn.kernel_spatial_dimensions, dn.output_spatial_dimensions
    if not len(ins) == len(ks) == len(outs):
        raise fail(op, f"expects the same size for input, kernel and output spatial-dimensions, but got "
                       f"{len(ins)}, {len(ks)}, and {len(outs)} resp.")
    in_dims = [dn.input_batch_dimension, dn.input_feature_dimension, *ins]
    k_dims = [dn.kernel_input_feature_dimension, dn.kernel_output_feature_dimension, *ks]
    out_dims = [dn.output_batch_dimension, dn.output_feature_dimension, *outs]
    if not all(0 <= d < n for d in in_dims + k_dims + out_dims):
        raise fail(op, f"expects input, kernel, and output dimension-numbers to be in-range [0, {n}).")
    for dims, what in ((in_dims, "input"), (k_dims, "kernel"), (out_dims, "output")):
        if not _unique(dims):
            raise fail(op, f"expects {what} dimension-numbers to be unique, got {{{list_text(dims)}}}.")
    if batch_groups > 1 and feature_groups > 1:
        raise fail(op, f"expects batch_group_count and feature_group_count not to be both greater than 1. Got "
                       f"{batch_groups} and {feature_groups} resp.")
    in_f, in_b = lhs.shape[dn.input_feature_dimension], lhs.shape[dn.input_batch_dimension]
    k_in, k_out = rhs.shape[dn.kernel_input_feature_dimension], rhs.shape[dn.kernel_output_feature_dimension]
    if not dyn(in_b) and in_b % batch_groups:
        raise fail(op, f"expects input batch dimension ({in_b}) to be divisible by batch_group_count. Got "
                       f"batch_group_count = {batch_groups}.")
    if not dyn(in_f):
        if in_f % feature_groups:
            raise fail(op, f"expects input feature dimension ({in_f}) to be a multiple of feature_group_count. Got "
                           f"feature_group_count = {feature_groups}.")
        if not dyn(k_in) and in_f // feature_groups != k_in:
            raise fail(op, f"expects input feature dimension ({in_f}) / feature_group_count = kernel input feature "
                           f"dimension ({k_in}). Got feature_group_count = {feature_groups}.")
    if not dyn(k_out):
        if k_out % batch_groups:
            raise fail(op, f"expects output feature dimension size ({k_out}) to be a multiple of batch_group_count. "
                           f"Got batch_group_count = {batch_groups}.")
        if k_out % feature_groups:
            raise fail(op, f"expects kernel output feature dimension ({k_out}) to be divisible by "
                           f"feature_group_count. For feature_group_count = {feature_groups}.")
    if precision is not None and len(precision) > 2:
        raise fail(op, f"expects precision config to be empty or have <= 2 elements, got {len(precision)}")
    if n != len(ins) + 2:
        raise fail(op, f"expects convolution arguments to have {len(ins) + 2} dimensions. Got: {n}")
    win = window(op, [rhs.shape[d] for d in ks], strides, padding_pairs(op, padding), lhs_dil, rhs_dil, reversal)
    spatial = window_output_shape([lhs.shape[d] for d in ins], win)
    shape = [DYN] * n
    for d, s in zip(outs, spatial):
        shape[d] = s
    shape[dn.output_batch_dimension] = DYN if dyn(in_b) else in_b // batch_groups
    shape[dn.output_feature_dimension] = k_out
    return shape


# ---------------------------------------------------------------------------
# gather and scatter

def _in_bounds(op: Operation, dims: Sequence[int], bound: int, name: str, bound_name: str) -> None:
    for d in dims:
        if d < 0 or d >= bound:
            raise fail(op, f"Expects each element of {name} to be in range [0, {bound_name}) i.e. [0, {bound}). got: "
                           f"{d}.")


def _dim_in_bounds(op: Operation, d: int, bound: int, name: str, bound_name: str) -> None:
    if d < 0 or d > bound:
        raise fail(op, f"Expects {name} to be in range [0, {bound_name}] i.e. [0, {bound}]. got: {d}.")


def _sorted(vals: Sequence[int]) -> bool:
    return list(vals) == sorted(vals)


def verify_gather(op: Operation, t: RankedTensorType, idx: RankedTensorType, n_slice_sizes: int,
                  f: dict[str, Any]) -> None:
    off, col = f.get("offset_dims", []), f.get("collapsed_slice_dims", [])
    obd, sibd = f.get("operand_batching_dims", []), f.get("start_indices_batching_dims", [])
    sim, ivd = f.get("start_index_map", []), f.get("index_vector_dim", 0)
    rank, irank = len(t.shape), len(idx.shape)
    if rank != len(off) + len(col) + len(obd):
        raise fail(op, f"offset_dims size ({len(off)}) plus collapse_slice_dims size ({len(col)}) plus "
                       f"operand_batching_dims size ({len(obd)}) is not equal to operand rank ({rank})")
    _dim_in_bounds(op, ivd, irank, "index_vector_dim", "rank-of('start_indices')")
    if ivd == irank or not dyn(idx.shape[ivd]):
        eff = 1 if ivd == irank else idx.shape[ivd]
        if eff != len(sim):
            raise fail(op, f"start_index_map size ({len(sim)}) is not equal to size of index dimension ({ivd}) of "
                           f"start_indices ({eff})")
    if not _sorted(off):
        raise fail(op, f"expects offset_dims to be sorted, got: [{list_text(off)}]")
    if not _unique(off):
        raise fail(op, f"expects offset_dims to not repeat, got: [{list_text(off)}]")
    distinct_dims(op, col, obd, "collapsed_slice_dims", "operand_batching_dims")
    if not _sorted(col):
        raise fail(op, f"expects collapsed_slice_dims to be sorted, got: [{list_text(col)}]")
    _in_bounds(op, col, rank, "collapsed_slice_dims", "rank-of('operand')")
    if not _sorted(obd):
        raise fail(op, f"expects operand_batching_dims to be sorted, got: [{list_text(obd)}]")
    _in_bounds(op, obd, rank, "operand_batching_dims", "rank-of('operand')")
    if not _unique(sibd):
        raise fail(op, f"expects start_indices_batching_dims to not repeat, got: [{list_text(sibd)}]")
    _in_bounds(op, sibd, irank, "start_indices_batching_dims", "rank-of('start_indices')")
    if ivd in sibd:
        raise fail(op, f"expects start_indices_batching_dims not to include index_vector_dim {ivd}")
    if len(obd) != len(sibd):
        raise fail(op, "operand_batching_dims and start_indices_batching_dims should have the same size")
    for i, (a, b) in enumerate(zip(obd, sibd)):
        if not compatible_dims(t.shape[a], idx.shape[b]):
            raise fail(op, f"operand_batching_dims[{i}] and start_indices_batching_dims[{i}] must have compatible "
                           f"sizes, but got {t.shape[a]} and {idx.shape[b]}")
    distinct_dims(op, sim, obd, "start_index_map", "operand_batching_dims")
    _in_bounds(op, sim, rank, "start_index_map", "rank-of('operand')")
    if n_slice_sizes != rank:
        raise fail(op, f"slice_sizes size ({n_slice_sizes}) not equal to operand rank ({rank})")


def infer_gather(op: Operation, t: RankedTensorType, idx: RankedTensorType, sizes: Sequence[int] | None,
                 f: dict[str, Any]) -> list[Type]:
    """gather / dynamic_gather (sizes None: not constant) after verify_gather."""
    off, col, obd = f.get("offset_dims", []), f.get("collapsed_slice_dims", []), f.get("operand_batching_dims", [])
    ivd = f.get("index_vector_dim", 0)
    if sizes is not None:
        for dims, name in ((col, "collapsed_slice_dims"), (obd, "operand_batching_dims")):
            for d in dims:
                if sizes[d] > 1:
                    raise fail(op, f"Expects that for each dim in {name}, slice_sizes[dim] should be <= 1, but got "
                                   f"{sizes[d]}")
        for i, s in enumerate(sizes):
            if s < 0 or (not dyn(t.shape[i]) and s > t.shape[i]):
                raise fail(op, f"slice size ({s}) is out of bounds for operand dimension ({t.shape[i]}) at index {i}")
    irank = len(idx.shape) + (1 if ivd == len(idx.shape) else 0)
    result_rank = len(off) + irank - 1
    _in_bounds(op, off, result_rank, "offset_dims", "implied-result-rank")
    dropped = set(col) | set(obd)
    window = [(sizes[d] if sizes is not None else DYN) for d in range(len(t.shape)) if d not in dropped]
    shape, b = [], 0
    for i in range(result_rank):
        if i in off:
            shape.append(window[off.index(i)])
            continue
        j = b + (1 if b >= ivd else 0)
        shape.append(idx.shape[j])
        b += 1
    return [tensor(shape, t.element_type)]


def verify_scatter(op: Operation, inputs: Sequence[RankedTensorType], idx: RankedTensorType,
                   updates: Sequence[RankedTensorType], f: dict[str, Any]) -> None:
    uwd, iwd = f.get("update_window_dims", []), f.get("inserted_window_dims", [])
    ibd, sibd = f.get("input_batching_dims", []), f.get("scatter_indices_batching_dims", [])
    sdod, ivd = f.get("scatter_dims_to_operand_dims", []), f.get("index_vector_dim", 0)
    if any(not compatible_shapes(inputs[0].shape, t.shape) for t in inputs):
        raise fail(op, "Not all inputs have compatible shapes.")
    if any(not compatible_shapes(updates[0].shape, t.shape) for t in updates):
        raise fail(op, "Not all updates have compatible shapes.")
    _dim_in_bounds(op, ivd, len(idx.shape), "index_vector_dim", "rank-of('scatter_indices')")
    ishape = list(idx.shape) + ([1] if ivd == len(idx.shape) else [])
    for u in updates:
        want = len(ishape) - 1 + len(uwd)
        if len(u.shape) != want:
            raise fail(op, f"expects updates tensor must be of rank {want} ( == rank-of('scatter_indices') - 1 + "
                           f"size-of('update_window_dims'), where 'scatter_indices' is expanded by a trailing 1 "
                           f"dimension if 'index_vector_dim' == rank-of('scatter_indices')), but got {len(u.shape)}.")
    for t, u in zip(inputs, updates):
        rank = len(t.shape)
        size = len(uwd) + len(iwd) + len(ibd)
        if rank != size:
            raise fail(op, f"Expects rank-of operand to match size-of('update_window_dims') + "
                           f"size-of('inserted_window_dims') + size-of('input_batching_dims') i.e. {size} but got "
                           f"{rank}.")
        if not _sorted(uwd):
            raise fail(op, f"Expects update_window_dims to be sorted; got: [{list_text(uwd)}].")
        if not _unique(uwd):
            raise fail(op, f"Expects update_window_dims to not repeat; got: [{list_text(uwd)}].")
        _in_bounds(op, uwd, len(u.shape), "update_window_dims", "rank-of('updates')")
        distinct_dims(op, iwd, ibd, "inserted_window_dims", "input_batching_dims")
        if not _sorted(iwd):
            raise fail(op, f"Expects inserted_window_dims to be sorted; got: [{list_text(iwd)}].")
        _in_bounds(op, iwd, rank, "inserted_window_dims", "rank-of('operand')")
        if not _sorted(ibd):
            raise fail(op, f"Expects input_batching_dims to be sorted; got: [{list_text(ibd)}].")
        _in_bounds(op, ibd, rank, "input_batching_dims", "rank-of('operand')")
        if not _unique(sibd):
            raise fail(op, f"Expects scatter_indices_batching_dims to not repeat; got: [{list_text(sibd)}].")
        _in_bounds(op, sibd, len(ishape), "scatter_indices_batching_dims", "rank-of('scatter_indices')")
        if ivd in sibd:
            raise fail(op, f"expects scatter_indices_batching_dims not to include index_vector_dim {ivd}.")
        if len(ibd) != len(sibd):
            raise fail(op, "input_batching_dims and scatter_indices_batching_dims should have the same size.")
        for i, (a, b) in enumerate(zip(ibd, sibd)):
            if not compatible_dims(t.shape[a], ishape[b]):
                raise fail(op, f"input_batching_dims[{i}] and scatter_indices_batching_dims[{i}] must have "
                               f"compatible sizes, but got {t.shape[a]} and {ishape[b]}.")
        if ivd == len(idx.shape) and len(sdod) != 1:
            raise fail(op, f"Scatter op has {len(sdod)} elements in scatter_dims_to_operand_dims and the bound of "
                           f"dimension index_vector_dim={ivd} of scatter_indices is 1. These two numbers must be "
                           f"equal.")
        if not dyn(ishape[ivd]) and len(sdod) != ishape[ivd]:
            raise fail(op, f"Scatter op has {len(sdod)} elements in scatter_dims_to_operand_dims and the bound of "
                           f"dimension index_vector_dim={ivd} of scatter_indices is {ishape[ivd]}. These two numbers "
                           f"must be equal.")
        distinct_dims(op, sdod, ibd, "scatter_dims_to_operand_dims", "input_batching_dims")
        _in_bounds(op, sdod, rank, "scatter_dims_to_operand_dims", "rank-of('operand')")
    for t, u in zip(inputs, updates):
        dropped = set(iwd) | set(ibd)
        max_sizes = [s for d, s in enumerate(t.shape) if d not in dropped]
        for i, d in enumerate(uwd):
            if dyn(u.shape[d]) or dyn(max_sizes[i]):
                continue
            if u.shape[d] > max_sizes[i]:
                raise fail(op, f"expects bounds of the window dimensions of updates to not exceed the bounds of the "
                               f"corresponding dimensions of operand. For dimension {d}, updates bound is "
                               f"{u.shape[d]}, operand bound is {max_sizes[i]}.")
        seen = 0
        for i, s in enumerate(u.shape):
            if i in uwd:
                continue
            if seen == ivd:
                seen += 1
            if not compatible_dims(s, ishape[seen]):
                raise fail(op, f"expects bounds of the scatter dimensions of updates to be same as the bounds of the "
                               f"corresponding dimensions of scatter indices. For scatter dimension {i}, updates "
                               f"bound is {s} , scatter_indices bound is {ishape[seen]}.")
            seen += 1


def constant_ints(v: Any) -> list[int] | None:
    """matchInts: the values of a `stablehlo.constant` integer tensor (None otherwise)."""
    d = v.defining_op if hasattr(v, "defining_op") else None
    if d is None or d.name != "stablehlo.constant":
        return None
    value = d.value
    try:
        return [int(x) for x in value.flat_values()]
    except (AttributeError, TypeError, ValueError):
        return None


# ---------------------------------------------------------------------------
# fft, conditionals, dynamic broadcast

def infer_fft(op: Operation, t: RankedTensorType, fft_type: str, length: Sequence[int]) -> list[Type]:
    n = len(length)
    if n > 3 or n < 1:
        raise fail(op, f"rank must be between 1 and 3, but got {n}.")
    et = t.element_type
    rfft, irfft = fft_type == "RFFT", fft_type == "IRFFT"
    if rfft:
        if getattr(et, "name", None) not in ("f32", "f64"):
            raise fail(op, f"RFFT requires f32 or f64 input type, but is given '{et.text}'.")
        out_et: Type = ComplexType(et)
    else:
        if not isinstance(et, ComplexType):
            raise fail(op, f"FFT/IFFT/IRFFT take a complex tensor as input, but is given '{t.text}'.")
        out_et = et.element_type if irfft else et
    if len(t.shape) < n:
        raise fail(op, f"operand rank must not be less than fft rank of {n} for operand of type '{t.text}'.")
    shape = list(t.shape)
    if rfft:
        for d, f in zip(t.shape[-n:], length):
            if not compatible_dims(d, f):
                raise fail(op, f"RFFT requires innermost dimensions to be compatible with fft_length. Got: "
                               f"{list_text(t.shape)} but wanted {list_text(length)}.")
        if length[-1] != 0:
            shape[-1] = length[-1] // 2 + 1
    if irfft:
        for d, f in zip(t.shape[-n:-1], length):
            if not compatible_dims(d, f):
                raise fail(op, f"IRFFT requires non-final dimensions to be compatible with fft_length. Got: "
                               f"{list_text(t.shape)} but wanted {list_text(length)}, and {d} != {f}.")
        last = t.shape[-1]
        if (not compatible_dims(last, 0) or length[-1] != 0) and not compatible_dims(last, length[-1] // 2 + 1):
            raise fail(op, f"IRFFT requires innermost dimension to be compatible with fft_length[-1]/2+1. Got: "
                           f"{last} but fft_length is {list_text(length)}.")
        shape[-1] = length[-1]
    return [tensor(shape, out_et)]


def infer_conditional(op: Operation, index: RankedTensorType) -> list[Type] | None:
    if index.shape:
        raise fail(op, f"operand should be rank 0 tensor but got rank {len(index.shape)}")
    if not op.regions:
        raise fail(op, "expect at least one branch")
    rets = []
    for i, r in enumerate(op.regions):
        if not r.blocks:
            raise fail(op, "expect non-empty region")
        if r.blocks[0].args:
            raise fail(op, f"branch {i} must have 0 arguments, but found {len(r.blocks[0].args)}")
        term = r.blocks[0].last_op
        if term is None:
            return None
        rets.append(list(term.operand_types))
    for i, ts in enumerate(rets):
        if not compatible_types(rets[0], ts):
            raise fail(op, f"branch 0 and branch {i} have mismatched return types: "
                           f"{', '.join(repr_type(t) for t in rets[0])} vs {', '.join(repr_type(t) for t in ts)}")
    return rets[0]


def repr_type(t: Type) -> str:
    return f"'{t.text}'"


def verify_dynamic_broadcast_in_dim(op: Operation, t: RankedTensorType, r: RankedTensorType, dims: list[int],
                                    expanding: list[int], nonexpanding: list[int]) -> None:
    if t.element_type is not r.element_type and not any(
            type(x).__name__.startswith("Uniform") for x in (t.element_type, r.element_type)):
        raise fail(op, f"expects operand and result to have compatible element type. Got: '{t.text}' and "
                       f"'{r.text}'")
    if len(dims) != len(t.shape):
        raise fail(op, f"broadcast_dimensions size ({len(dims)}) does not match operand rank ({len(t.shape)})")
    if len(r.shape) < len(t.shape):
        raise fail(op, f"result rank ({len(r.shape)}) is less than operand rank ({len(t.shape)})")
    if not _unique(dims):
        raise fail(op, "broadcast_dimensions should not have duplicates")
    for i, d in enumerate(dims):
        if d < 0 or d >= len(r.shape):
            raise fail(op, f"broadcast_dimensions contains invalid value {d} for result with rank {len(r.shape)}")
        s = t.shape[i]
        if s != 1 and not compatible_dims(s, r.shape[d]):
            raise fail(op, f"size of operand dimension {i} ({dim_text(s)}) is not compatible with size of result "
                           f"dimension {d} ({dim_text(r.shape[d])})")
    hints = expanding + nonexpanding
    if len(set(hints)) != len(hints):
        raise fail(op, "duplicate expansion hint for at least one operand dimension")
    for i in sorted(set(hints)):
        if i < 0 or i >= len(t.shape):
            raise fail(op, f"hint for expanding dimension {i} does not refer to a valid operand dimension")
