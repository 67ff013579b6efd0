"""StableHLO's and CHLO's bytecode encodings (StablehloBytecode.cpp and
ChloBytecode.cpp codes), decoded to their assembly spellings. The dialects
hand these objects to the bytecode reader as `Dialect.bytecode`."""

from __future__ import annotations

import struct
from typing import Any

DIRECTIONS = ("EQ", "NE", "GE", "GT", "LE", "LT")
_CMP_TYPE = ("NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED")
_ENUMS = {
    2: ("comparison_direction", DIRECTIONS),
    3: ("comparison_type", _CMP_TYPE),
    6: ("fft_type", ("FFT", "IFFT", "RFFT", "IRFFT")),
    8: ("precision", ("DEFAULT", "HIGH", "HIGHEST")),
    9: ("rng_algorithm", ("DEFAULT", "THREE_FRY", "PHILOX")),
    10: ("rng_distribution", (None, "UNIFORM", "NORMAL")),
    12: ("transpose", ("TRANSPOSE_INVALID", "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT")),
    16: ("result_accuracy_mode", ("DEFAULT", "HIGHEST", "TOLERANCE")),
}
DYNAMIC = -(1 << 63)


def enum_text(r: Any, mnemonic: str, names: tuple, dialect: str = "stablehlo") -> str:
    v = r.varint()
    if v >= len(names) or names[v] is None:
        raise r.fail(f"invalid {dialect} {mnemonic} value: {v}")
    return f"#{dialect}<{mnemonic} {names[v]}>"


def _ints(r: Any) -> list[int]:
    return r.list(r.signed_varint)


def struct_text(name: str, pairs: list[tuple[str, Any]]) -> str:
    parts = []
    for k, v in pairs:
        if isinstance(v, list):
            if not v:
                continue
            v = "[" + ", ".join(map(str, v)) + "]"
        parts.append(f"{k} = {v}")
    return f"#stablehlo.{name}<{', '.join(parts)}>"


def conv_dims_text(spatial: list[int], fixed: list[tuple[int, str]]) -> str:
    n = len(spatial) + len(fixed)
    slots = ["?"] * n
    for i, d in enumerate(spatial):
        if 0 <= d < n:
            slots[d] = str(i)
    for d, c in fixed:
        if 0 <= d < n:
            slots[d] = c
    return "[" + ", ".join(slots) + "]"


class StablehloBytecode:
    def read_attribute(self, r: Any) -> str:
        code = r.varint()
        if code in _ENUMS:
            return enum_text(r, *_ENUMS[code])
        if code == 1:
            h, t = r.signed_varint(), r.signed_varint()
            return f"#stablehlo.channel_handle<handle = {h}, type = {t}>"
        if code == 4:
            ib, if_, isp = r.signed_varint(), r.signed_varint(), _ints(r)
            ki, ko, ksp = r.signed_varint(), r.signed_varint(), _ints(r)
            ob, of, osp = r.signed_varint(), r.signed_varint(), _ints(r)
            return (f"#stablehlo.conv<{conv_dims_text(isp, [(ib, 'b'), (if_, 'f')])}x"
                    f"{conv_dims_text(ksp, [(ki, 'i'), (ko, 'o')])}->{conv_dims_text(osp, [(ob, 'b'), (of, 'f')])}>")
        if code == 5:
            names = ("lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
                     "rhs_contracting_dimensions")
            return struct_text("dot", [(n, _ints(r)) for n in names])
        if code == 7:
            names = ("offset_dims", "collapsed_slice_dims", "operand_batching_dims", "start_indices_batching_dims",
                     "start_index_map")
            pairs: list = [(n, _ints(r)) for n in names]
            return struct_text("gather", pairs + [("index_vector_dim", r.signed_varint())])
        if code == 11:
            names = ("update_window_dims", "inserted_window_dims", "input_batching_dims",
                     "scatter_indices_batching_dims", "scatter_dims_to_operand_dims")
            pairs = [(n, _ints(r)) for n in names]
            return struct_text("scatter", pairs + [("index_vector_dim", r.signed_varint())])
        if code == 13:
            bounds = ["?" if b == DYNAMIC else str(b) for b in _ints(r)]
            return f"#stablehlo.bounds<{', '.join(bounds)}>"
        if code == 14:
            out = _ints(r)
            idx = r.signed_varint()
            opnd = _ints(r)
            return (f"#stablehlo.output_operand_alias<output_tuple_indices = [{', '.join(map(str, out))}], "
                    f"operand_index = {idx}, operand_tuple_indices = [{', '.join(map(str, opnd))}]>")
        if code == 15:
            lhs, rhs, acc = r.type(), r.type(), r.type()
            lc, rc, n = r.signed_varint(), r.signed_varint(), r.signed_varint()
            imprecise = "true" if r.byte() else "false"
            return (f"#stablehlo.dot_algorithm<lhs_precision_type = {lhs}, rhs_precision_type = {rhs}, "
                    f"accumulation_type = {acc}, lhs_component_count = {lc}, rhs_component_count = {rc}, "
                    f"num_primitive_operations = {n}, allow_imprecise_accumulation = {imprecise}>")
        if code == 17:
            atol = struct.unpack("<d", r.apint(64).to_bytes(8, "little"))[0]
            rtol = struct.unpack("<d", r.apint(64).to_bytes(8, "little"))[0]
            ulps = r.signed_varint()
            mode = r.attribute()
            return (f"#stablehlo.result_accuracy<atol = {atol!r}, rtol = {rtol!r}, ulps = {ulps}, "
                    f"mode = {mode}>")
        raise r.fail(f"unsupported stablehlo attribute code: {code}")

    def read_type(self, r: Any) -> str:
        code = r.varint()
        if code == 0:
            return "!stablehlo.token"
        if code == 1:
            return f"!stablehlo.future<{', '.join(r.list(r.type))}>"
        raise r.fail(f"unknown stablehlo type code: {code}")


class ChloBytecode:
    def read_attribute(self, r: Any) -> str:
        code = r.varint()
        if code == 0:
            return enum_text(r, "comparison_direction", DIRECTIONS, "chlo")
        if code == 1:
            return enum_text(r, "comparison_type", _CMP_TYPE, "chlo")
        raise r.fail(f"unknown chlo attribute code: {code}")
