"""VHLO, StableHLO's versioned serialization dialect, read from bytecode
(portable artifacts) and converted to StableHLO as it is read, as
`stablehlo-translate --deserialize` does: VHLO's attribute and type
encodings (VhloBytecode.cpp codes) decode straight to their builtin and
StableHLO spellings, and each `vhlo.<op>_vN` becomes its StableHLO (or func)
op with the attributes StableHLO spells differently put back together."""

from __future__ import annotations

import re
import struct
from typing import Any

from hlopt.dialects.hlo_bytecode import DIRECTIONS, DYNAMIC
from hlopt.dialects.vhlo_ops import OP_ATTRIBUTES
from hlopt.ir.attributes import quote
from hlopt.ir.dialect import Dialect


class VText(str):
    """A decoded VHLO attribute's spelling, with what the op conversion
    needs to respell it (`kind`, `data`)."""

    kind: str = ""
    data: Any = None


def _v(text: str, kind: str, data: Any = None) -> VText:
    t = VText(text)
    t.kind, t.data = kind, data
    return t


_FLOATS = {2: "bf16", 3: "f16", 4: "f32", 5: "f64", 6: "f8E4M3FN", 7: "f8E5M2", 27: "f8E4M3FNUZ",
           28: "f8E5M2FNUZ", 29: "f8E4M3B11FNUZ", 34: "tf32", 35: "f8E4M3", 36: "f8E3M4", 37: "f4E2M1FN",
           38: "f6E2M3FN", 39: "f6E3M2FN", 40: "f8E8M0FNU"}
# VHLO's "SI" integers are the signless ones (StableHLO has no signed integers)
_INTS = {31: "i2", 10: "i4", 11: "i8", 12: "i16", 13: "i32", 14: "i64", 32: "ui2", 15: "ui4", 16: "ui8",
         17: "ui16", 18: "ui32", 19: "ui64"}
_ENUMS = {
    3: ("comparison_direction", DIRECTIONS),
    4: ("comparison_type", ("NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED")),
    7: ("fft_type", ("FFT", "IFFT", "RFFT", "IRFFT")),
    11: ("precision", ("DEFAULT", "HIGH", "HIGHEST")),
    12: ("rng_algorithm", ("DEFAULT", "THREE_FRY", "PHILOX")),
    13: ("rng_distribution", (None, "UNIFORM", "NORMAL")),
    16: ("transpose", ("TRANSPOSE_INVALID", "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT")),
    19: ("result_accuracy_mode", ("DEFAULT", "HIGHEST", "TOLERANCE")),
}
_FALLBACK_TYPE = re.compile(r"!vhlo\.(i|si|ui|f|bf)(\d+)_v1\Z")


def _tensor_values(r: Any, type_: str, data: bytes) -> list | None:
    """Integer/bool element values of a tensor blob (None for others)."""
    from hlopt.syntax.bytecode import element_type, int_kind, num_elements

    et = element_type(type_)
    n = num_elements(r, type_)
    if et == "i1":  # bit-packed; one byte 0x00/0xFF when a splat
        if len(data) == 1 and n != 1 and data[0] in (0, 0xFF):
            return [bool(data[0])] * n
        if n == 1:
            return [bool(data[0])]
        return [bool((data[i // 8] >> (i % 8)) & 1) for i in range(n)]
    kind = int_kind(et)
    if kind is None:
        return None
    size = max(1, kind[0] // 8)
    if len(data) == size and n != 1:
        data = data * n
    signed = kind[1] != "u"
    return [int.from_bytes(data[i * size:(i + 1) * size], "little", signed=signed) for i in range(n)]


def _storage(flags: int, storage: str) -> str:
    """A quantized type's storage type: its width, signed when flags say so."""
    return ("i" if flags & 1 else "u") + re.sub(r"\D", "", storage)


class VhloBytecode:
    def read_attribute(self, r: Any) -> str:
        from hlopt.syntax.bytecode import dense_text, float_width, int_kind, int_text, read_apint, unquote

        code = r.varint()
        if code in _ENUMS:
            mnemonic, names = _ENUMS[code]
            v = r.varint()
            if v >= len(names) or names[v] is None:
                raise r.fail(f"invalid vhlo {mnemonic} value: {v}")
            return _v(f"#stablehlo<{mnemonic} {names[v]}>", "enum", names[v])
        if code == 1:
            items = r.list(r.attribute)
            return _v("[" + ", ".join(items) + "]", "array", items)
        if code == 2:
            b = r.varint() == 1
            return _v("true" if b else "false", "bool", b)
        if code == 5:
            return _v(f"{r.varint()} : i32", "api_version")
        if code == 6:
            entries = []
            for _ in range(r.varint()):
                k, v = r.attribute(), r.attribute()
                entries.append((unquote(k), v))
            from hlopt.ir.attributes import keyword_or_string

            text = "{" + ", ".join(keyword_or_string(k) if v == "unit" else f"{keyword_or_string(k)} = {v}"
                                   for k, v in entries) + "}"
            return _v(text, "dict", entries)
        if code == 8:
            t = r.type()
            w = float_width(t)
            if w is None:
                raise r.fail(f"vhlo float attribute of non-float type '{t}'")
            bits = read_apint(r, w)
            return _v(f"0x{bits:0{max(1, (w + 3) // 4)}X} : {t}", "float")
        if code == 9:
            t = r.type()
            kind = int_kind(t)
            if kind is None:
                raise r.fail(f"vhlo integer attribute of non-integer type '{t}'")
            bits = read_apint(r, kind[0])
            value = int(int_text(bits, kind[0], kind[1]))
            text = ("true" if bits else "false") if t == "i1" else f"{value} : {t}"
            return _v(text, "int", value)
        if code == 10:
            out, idx, opnd = r.list(r.signed_varint), r.signed_varint(), r.list(r.signed_varint)
            return _v(f"#stablehlo.output_operand_alias<output_tuple_indices = [{', '.join(map(str, out))}], "
                      f"operand_index = {idx}, operand_tuple_indices = [{', '.join(map(str, opnd))}]>", "alias")
        if code == 14:
            s = r.string()
            return _v(quote(s), "string", s)
        if code == 15:
            t = r.type()
            data = r.blob()
            return _v(dense_text(r, t, data), "tensor", (t, _tensor_values(r, t, data)))
        if code == 17:
            return _v(r.type(), "type")
        if code == 18:
            bounds = ["?" if b == DYNAMIC else str(b) for b in r.list(r.signed_varint)]
            return _v(f"#stablehlo.bounds<{', '.join(bounds)}>", "bounds")
        if code == 20:
            atol = struct.unpack("<d", read_apint(r, 64).to_bytes(8, "little"))[0]
            rtol = struct.unpack("<d", read_apint(r, 64).to_bytes(8, "little"))[0]
            ulps = r.signed_varint()
            mode = r.attribute()
            return _v(f"#stablehlo.result_accuracy<atol = {atol!r}, rtol = {rtol!r}, ulps = {ulps}, "
                      f"mode = #stablehlo.result_accuracy_mode<{mode.data}>>", "accuracy")
        raise r.fail(f"unsupported vhlo attribute code: {code}")

    def read_type(self, r: Any) -> str:
        code = r.varint()
        if code in _FLOATS:
            return _FLOATS[code]
        if code in _INTS:
            return _INTS[code]
        simple = {0: "i1", 9: "index", 22: "!stablehlo.token", 26: "!shape.witness", 33: "none"}
        if code in simple:
            return simple[code]
        if code == 1:
            return f"complex<{r.type()}>"
        if code == 8:
            ins, outs = r.list(r.type), r.list(r.type)
            res = outs[0] if len(outs) == 1 and not outs[0].startswith("(") else f"({', '.join(outs)})"
            return f"({', '.join(ins)}) -> {res}"
        if code in (20, 21):
            from hlopt.syntax.bytecode import ranked_tensor_text

            return ranked_tensor_text(r, code == 21)
        if code == 23:
            return f"tuple<{', '.join(r.list(r.type))}>"
        if code == 24:  # UniformQuantizedV1Type: flags, storage, expressed, f64 scale, zp, range
            from hlopt.syntax.bytecode import read_apint

            flags = r.varint()
            storage, expressed = r.type(), r.type()
            scale = struct.unpack("<d", read_apint(r, 64).to_bytes(8, "little"))[0]
            zp, lo, hi = r.signed_varint(), r.signed_varint(), r.signed_varint()
            st = _storage(flags, storage)
            return f"!quant.uniform<{st}<{lo}:{hi}>:{expressed}, {scale!r}:{zp}>"
        if code == 30:  # UniformQuantizedPerAxisV1Type: flags, storage, expressed, axis, range, scales, zps
            from hlopt.syntax.bytecode import read_apint

            flags = r.varint()
            storage, expressed = r.type(), r.type()
            axis = r.varint()
            lo, hi = r.signed_varint(), r.signed_varint()
            scales = [struct.unpack("<d", read_apint(r, 64).to_bytes(8, "little"))[0]
                      for _ in range(r.varint())]
            zps = [r.signed_varint() for _ in range(r.varint())]
            if len(zps) != len(scales):
                raise r.fail("per-axis quantized type with as many scales as zero points expected")
            st = _storage(flags, storage)
            body = ", ".join(f"{sc!r}:{zp}" for sc, zp in zip(scales, zps))
            return f"!quant.uniform<{st}<{lo}:{hi}>:{expressed}:{axis}, {{{body}}}>"
        if code == 25:
            return f"tensor<*x{r.type()}>"
        if code == 42:
            return f"!stablehlo.future<{', '.join(r.list(r.type))}>"
        raise r.fail(f"unsupported vhlo type code: {code}")

    def convert_fallback(self, text: str, what: str) -> str | None:
        """VHLO types without a custom encoding (signless integers)."""
        m = _FALLBACK_TYPE.match(text)
        return f"{m.group(1)}{m.group(2)}" if m is not None else None

    def read_properties(self, op: str, r: Any) -> list[tuple[str, str]]:
        names = OP_ATTRIBUTES.get(op.partition(".")[2])
        if names is None:
            raise r.fail(f"unknown vhlo op '{op}'")
        return [(n, r.attribute()) for n in names]

    def convert_op(self, name: str, props: list, attrs: str | None, parent: str | None,
                   at: int) -> tuple[str, list, str | None]:
        from hlopt.dialects.vhlo_convert import convert_op

        return convert_op(name, props, attrs, parent, at)


def _ops() -> tuple:
    from hlopt.dialects.vhlo_defs import OPS  # the versioned ops, declared so the dialect is closed

    return OPS


DIALECT = Dialect("vhlo", ops=_ops(), bytecode=VhloBytecode())

__all__ = ["DIALECT", "VText"]
