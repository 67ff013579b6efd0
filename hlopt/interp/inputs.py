"""Reading entry arguments from .npz files, strictly.

A user's inputs must bind to the entry's parameters without surprises: each
key names one parameter (`arg<i>`, or the parameter's SSA name), every
parameter gets one, and each array has the parameter's shape and exactly its
element type (safe widening only when asked). A malformed archive is an
InputError with one line of explanation, never a traceback; headers are
checked against the stored sizes before any array is allocated.
"""

from __future__ import annotations

import re
import zipfile
from typing import Any

import numpy as np

from hlopt.kernels.values import TOKEN, dtype_of, is_token_type


class InputError(ValueError):
    """A malformed or mismatched input file (one line, no location)."""


def read_npz(path: str, limit_bytes: int | None = None) -> dict[str, np.ndarray]:
    """{key: array} of an .npz archive; no pickles, no arrays whose header
    promises more data than the archive stores or more than `limit_bytes`."""
    try:
        zf = zipfile.ZipFile(path)
    except FileNotFoundError:
        raise InputError("no such file") from None
    except IsADirectoryError:
        raise InputError("is a directory") from None
    except OSError as e:
        raise InputError(e.strerror or str(e)) from None
    except zipfile.BadZipFile:
        raise InputError(_not_npz_reason(path)) from None
    out: dict[str, np.ndarray] = {}
    with zf:
        for info in zf.infolist():
            name = info.filename
            if not name.endswith(".npy"):
                raise InputError(f"member '{name}' is not a .npy array")
            key = name[:-4]
            try:
                with zf.open(info) as f:
                    out[key] = _read_npy(f, key, info.file_size, limit_bytes)
            except InputError:
                raise
            except (OSError, ValueError, EOFError, zipfile.BadZipFile, RuntimeError) as e:
                raise InputError(f"array '{key}' cannot be read: {e}") from None
    return out


def _not_npz_reason(path: str) -> str:
    try:
        with open(path, "rb") as f:
            head = f.read(6)
    except OSError as e:
        return e.strerror or str(e)
    if not head:
        return "the file is empty (expected an .npz archive)"
    if head == b"\x93NUMPY":
        return "this is a single .npy array; expected an .npz archive (np.savez(path, arg0=...))"
    return "not an .npz archive (not a zip file)"


def _read_npy(f: Any, key: str, stored: int, limit_bytes: int | None) -> np.ndarray:
    fmt = np.lib.format
    version = fmt.read_magic(f)
    if version == (1, 0):
        shape, fortran, dtype = fmt.read_array_header_1_0(f)
    elif version == (2, 0):
        shape, fortran, dtype = fmt.read_array_header_2_0(f)
    else:
        raise InputError(f"array '{key}' has unsupported .npy format version {version}")
    if dtype.hasobject:
        raise InputError(f"array '{key}' holds Python objects (dtype {dtype}); only numeric arrays are read")
    nbytes = int(np.prod(shape, dtype=object)) * dtype.itemsize
    if nbytes > stored:
        raise InputError(f"array '{key}': header claims shape {shape} of {dtype} ({nbytes} bytes) but the "
                         f"archive stores {stored} bytes")
    if limit_bytes is not None and nbytes > limit_bytes:
        raise InputError(f"array '{key}' needs {nbytes} bytes, over the limit of {limit_bytes} (--max-bytes)")
    data = f.read(nbytes)
    if len(data) != nbytes:
        raise InputError(f"array '{key}' is truncated")
    if fortran:  # the order literal is spelled out for the type checker
        return np.frombuffer(data, dtype=dtype).reshape(shape, order="F").copy(order="F")
    return np.frombuffer(data, dtype=dtype).reshape(shape, order="C").copy(order="C")


_ARG_KEY = re.compile(r"arg(0|[1-9][0-9]*)$")


def arg_names(func: Any) -> dict[str, int]:
    """{name: parameter index} from the parameters' `jax.arg_info` names
    (what jax.export records for each argument), when present and unique."""
    attrs = func.get_attr("arg_attrs")
    names: dict[str, int] = {}
    for i, d in enumerate(attrs.elements if attrs is not None else ()):
        a = d.get("jax.arg_info") if hasattr(d, "get") else None
        v = getattr(a, "value", None)
        if isinstance(v, str) and v and not _ARG_KEY.match(v):
            names[v] = -1 if v in names else i
    return {k: i for k, i in names.items() if i >= 0}


def bind_inputs(func: Any, arrays: dict[str, np.ndarray], cast: bool = False) -> list:
    """The entry's arguments from `arrays`: keys `arg<i>` or the parameters'
    names (`jax.arg_info`); token parameters need no key. Raises InputError
    naming the first key or parameter that does not fit."""
    return bind_types(list(func.get_attr("function_type").type.inputs), arrays, cast, arg_names(func))


def bind_types(types: list, arrays: dict[str, np.ndarray], cast: bool = False,
               by_name: dict[str, int] | None = None) -> list:
    """`bind_inputs` for parameters given by their types (hir entries have no function_type)."""
    by_name = by_name or {}
    bound: dict[int, tuple[str, np.ndarray]] = {}
    for key in sorted(arrays):
        m = _ARG_KEY.match(key)
        i = int(m.group(1)) if m else by_name.get(key)
        if i is None or i >= len(types):
            expected = _expected(types, by_name)
            raise InputError(f"key '{key}' names no parameter of the entry (expected {expected})")
        if i in bound:
            raise InputError(f"parameter {i} is given twice: '{bound[i][0]}' and '{key}'")
        bound[i] = (key, arrays[key])
    args: list[Any] = []  # arrays, and TOKEN for tokens
    for i, t in enumerate(types):
        if is_token_type(t):
            if i in bound:
                raise InputError(f"key '{bound[i][0]}': parameter {i} is a token and takes no data")
            args.append(TOKEN)
            continue
        if i not in bound:
            raise InputError(f"no input for parameter {i} ('arg{i}', {t.text})")
        key, a = bound[i]
        args.append(_check(key, i, a, t, cast))
    return args


def _expected(types: list, by_name: dict[str, int]) -> str:
    n = len(types)
    keys = "no keys" if n == 0 else "arg0" if n == 1 else f"arg0..arg{n - 1}"
    return keys + (f" or {', '.join(by_name)}" if by_name else "")


def _check(key: str, i: int, a: np.ndarray, t: Any, cast: bool) -> np.ndarray:
    from hlopt.kernels.values import InterpError

    try:
        want = dtype_of(t)
    except InterpError as e:
        raise InputError(f"parameter {i}: {e.message}") from None
    shape = tuple(t.shape) if hasattr(t, "shape") else ()
    if a.shape != shape:
        raise InputError(f"key '{key}' has shape {a.shape}, parameter {i} ({t.text}) expects {shape}")
    if a.dtype == want:
        return a
    if a.dtype.kind == "V" and a.dtype.fields is None and want.kind == "V" and a.dtype.itemsize == want.itemsize:
        # .npz keeps ml_dtypes' types (bf16, f8, ...) as raw bytes ('|V2'): their bits are the parameter's
        return a.view(want)
    if cast and np.can_cast(a.dtype, want, "safe"):
        return a.astype(want)
    hint = "" if cast else (" (--cast-inputs allows safe casts)" if np.can_cast(a.dtype, want, "safe") else "")
    raise InputError(f"key '{key}' has dtype {a.dtype}, parameter {i} ({t.text}) needs {want}{hint}")
