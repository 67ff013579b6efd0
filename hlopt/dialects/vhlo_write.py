"""StableHLO -> a portable artifact: VHLO bytecode for a target version
(what `stablehlo.serialize_portable_artifact` writes). Each StableHLO/func op
becomes the newest `vhlo.<op>_vN` the target has, with every attribute VHLO
spells out (StableHLO's defaults made explicit, structured attributes
flattened), in VHLO's own attribute and type encodings."""

from __future__ import annotations

import struct
from typing import Any

from hlopt.dialects.vhlo_ops import OP_ATTRIBUTES, OP_VERSIONS
from hlopt.ir.attributes import (
    ArrayAttr,
    DenseArrayAttr,
    DenseElementsAttr,
    DictionaryAttr,
    FloatAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
)
from hlopt.ir.types import (
    ComplexType,
    FloatType,
    FunctionType,
    IndexType,
    IntegerType,
    NoneType,
    RankedTensorType,
    TupleType,
    UnrankedTensorType,
)
from hlopt.syntax.bytecode import Entry, Writer, varint

_FLOAT_CODES = {"bf16": 2, "f16": 3, "f32": 4, "f64": 5, "f8E4M3FN": 6, "f8E5M2": 7, "f8E4M3FNUZ": 27,
                "f8E5M2FNUZ": 28, "f8E4M3B11FNUZ": 29, "tf32": 34, "f8E4M3": 35, "f8E3M4": 36, "f4E2M1FN": 37,
                "f6E2M3FN": 38, "f6E3M2FN": 39, "f8E8M0FNU": 40}
_FLOAT_BITS = {"bf16": 16, "f16": 16, "f32": 32, "f64": 64, "tf32": 19}
_INT_CODES = {("", 2): 31, ("", 4): 10, ("", 8): 11, ("", 16): 12, ("", 32): 13, ("", 64): 14,
              ("u", 2): 32, ("u", 4): 15, ("u", 8): 16, ("u", 16): 17, ("u", 32): 18, ("u", 64): 19}
_ENUM_CODES = {"comparison_direction": (3, ("EQ", "NE", "GE", "GT", "LE", "LT")),
               "comparison_type": (4, ("NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED")),
               "fft_type": (7, ("FFT", "IFFT", "RFFT", "IRFFT")),
               "precision": (11, ("DEFAULT", "HIGH", "HIGHEST")),
               "rng_algorithm": (12, ("DEFAULT", "THREE_FRY", "PHILOX")),
               "rng_distribution": (13, (None, "UNIFORM", "NORMAL")),
               "transpose": (16, ("TRANSPOSE_INVALID", "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT")),
               "result_accuracy_mode": (19, ("DEFAULT", "HIGHEST", "TOLERANCE"))}


class ArtifactError(Exception):
    """What the target version cannot express."""


PER_AXIS_SINCE = "0.18.0"  # the first version with UniformQuantizedPerAxisV1Type


def _vkey(v: str) -> tuple[int, ...]:
    return tuple(int(x) for x in v.split("."))


def _signed_varint(v: int) -> bytes:
    return varint(((v << 1) ^ (v >> 63)) & ((1 << 64) - 1))


def _apint(bits: int, width: int) -> bytes:
    if width <= 8:
        return bytes([bits & 0xFF])
    if width <= 64:
        if bits >> (width - 1):
            bits -= 1 << width
        return _signed_varint(bits)
    words = [(bits >> (64 * i)) & ((1 << 64) - 1) for i in range((width + 63) // 64)]
    while len(words) > 1 and words[-1] == 0:
        words.pop()
    return varint(len(words)) + b"".join(_signed_varint(w - (1 << 64) if w >> 63 else w) for w in words)


class VhloWriter(Writer):
    def __init__(self, target: str, current: str):
        super().__init__(producer=f"StableHLO_v{target}")
        self.target = target
        self.current = current
        self.dialect("vhlo")

    # -- entries ----------------------------------------------------------------
    def _custom(self, table: dict, key: Any, parts_fn: Any) -> Entry:
        e = table.get(key)
        if e is None:
            parts = parts_fn()  # nested entries first: every index exists before encoding
            e = table[key] = Entry("vhlo", lambda: b"".join(
                varint(p.index) if isinstance(p, Entry) else p for p in parts), True)
        return e

    def type(self, t: Any) -> Entry:
        return self._custom(self.types, ("v", t.text), lambda: self._type_parts(t))

    def _type_parts(self, t: Any) -> list:
        if isinstance(t, IntegerType):
            if t.width == 1 and not t.signedness:
                return [varint(0)]
            code = _INT_CODES.get(("u" if t.signedness == "u" else "", t.width))
            if code is None or t.signedness == "s":
                raise ArtifactError(f"type '{t.text}' has no VHLO form")
            return [varint(code)]
        if isinstance(t, FloatType):
            if t.name not in _FLOAT_CODES:
                raise ArtifactError(f"type '{t.text}' has no VHLO form")
            return [varint(_FLOAT_CODES[t.name])]
        if isinstance(t, IndexType):
            return [varint(9)]
        if isinstance(t, NoneType):
            return [varint(33)]
        if isinstance(t, ComplexType):
            return [varint(1), self.type(t.element_type)]
        if isinstance(t, FunctionType):
            return [varint(8), varint(len(t.inputs)), *[self.type(x) for x in t.inputs],
                    varint(len(t.results)), *[self.type(x) for x in t.results]]
        if isinstance(t, RankedTensorType):
            head = [varint(20)] if t.encoding is None else [varint(21), self.vattr(t.encoding)]
            return [*head, varint(len(t.shape)), *[_signed_varint(d) for d in t.shape], self.type(t.element_type)]
        if isinstance(t, UnrankedTensorType):
            return [varint(25), self.type(t.element_type)]
        if isinstance(t, TupleType):
            return [varint(23), varint(len(t.types)), *[self.type(x) for x in t.types]]
        if t.text == "!stablehlo.token":
            return [varint(22)]
        from hlopt.dialects.quant import UniformQuantizedType

        if isinstance(t, UniformQuantizedType):
            return self._quant_parts(t)
        raise ArtifactError(f"type '{t.text}' has no VHLO form")

    def _quant_parts(self, t: Any) -> list:
        """UniformQuantizedV1Type (24) / UniformQuantizedPerAxisV1Type (30):
        signedness as flags, a signless storage type, f64 scales."""
        storage = self.type(IntegerType(t.width))
        expressed = self.type(FloatType(t.expressed))
        flags = varint(int(t.signed))
        if not t.per_axis:
            return [varint(24), flags, storage, expressed, _apint(t.scales[0], 64),
                    _signed_varint(t.zero_points[0]), _signed_varint(t.storage_min), _signed_varint(t.storage_max)]
        if _vkey(self.target) < _vkey(PER_AXIS_SINCE):
            raise ArtifactError(f"type '{t.text}' is not in StableHLO {self.target} "
                                f"(per-axis quantization is since {PER_AXIS_SINCE})")
        return [varint(30), flags, storage, expressed, varint(t.axis), _signed_varint(t.storage_min),
                _signed_varint(t.storage_max), varint(len(t.scales)), *[_apint(b, 64) for b in t.scales],
                varint(len(t.zero_points)), *[_signed_varint(z) for z in t.zero_points]]

    def vattr(self, a: Any) -> Entry:
        return self._custom(self.attrs, ("v", type(a).__name__, a.text), lambda: self._attr_parts(a))

    def vbool(self, b: bool) -> Entry:
        return self._custom(self.attrs, ("vbool", b), lambda: [varint(2), varint(int(b))])

    def vstring(self, s: str) -> Entry:
        return self._custom(self.attrs, ("vstr", s), lambda: [varint(14), varint(self.string(s))])

    def vint(self, v: int, t: Any) -> Entry:
        return self.vattr(IntegerAttr(v, t))

    def vtensor(self, values: list, t: RankedTensorType) -> Entry:
        return self.vattr(DenseElementsAttr(t, values))

    def _attr_parts(self, a: Any) -> list:
        if isinstance(a, IntegerAttr):
            t = a.type
            if isinstance(t, IntegerType) and t.width == 1:
                return [varint(2), varint(int(bool(a.value)))]
            width = 64 if isinstance(t, IndexType) else t.width
            return [varint(9), self.type(t), _apint(a.value & ((1 << width) - 1), width)]
        if isinstance(a, FloatAttr):
            return [varint(8), self.type(a.type), _apint(_float_bits(a), _float_width(a.type))]
        if isinstance(a, StringAttr):
            return [varint(14), varint(self.string(a.value))]
        if isinstance(a, ArrayAttr):
            return [varint(1), varint(len(a.elements)), *[self.vattr(x) for x in a.elements]]
        if isinstance(a, DictionaryAttr):
            parts: list = [varint(6), varint(len(a.entries))]
            for k, v in a.entries:
                parts += [self.vstring(k), self.vattr(v)]
            return parts
        if isinstance(a, TypeAttr):
            return [varint(17), self.type(a.type)]
        if isinstance(a, UnitAttr):
            return [varint(2), varint(1)]
        if isinstance(a, SymbolRefAttr) and not a.nested:
            return [varint(14), varint(self.string(a.root))]
        if isinstance(a, DenseElementsAttr):
            return [varint(15), self.type(a.type), *_blob(a)]
        if isinstance(a, DenseArrayAttr):
            t = RankedTensorType([len(a.values)], a.element_type)
            return self._attr_parts(DenseElementsAttr(t, list(a.values)))
        kind = getattr(a, "kind", None)
        if kind in _ENUM_CODES:
            code, names = _ENUM_CODES[kind]
            return [varint(code), varint(names.index(a.value))]
        if type(a).__name__ == "TypeExtensionsAttr" or a.text.startswith("#stablehlo.bounds<"):
            bounds = [-(1 << 63) if b.strip() == "?" else int(b) for b in a.text[18:-1].split(",") if b.strip()]
            return [varint(18), varint(len(bounds)), *[_signed_varint(b) for b in bounds]]
        raise ArtifactError(f"attribute '{a.text}' has no VHLO form")

    # -- ops --------------------------------------------------------------------
    def op_version(self, base: str, name: str) -> str:
        best = None
        for mnemonic, (lo, hi) in OP_VERSIONS.items():
            if mnemonic.rsplit("_v", 1)[0] != base:
                continue
            top = self.current if hi == "current" else hi
            if _vkey(lo) <= _vkey(self.target) <= _vkey(top):
                best = mnemonic
        if best is None:
            raise ArtifactError(f"'{name}' is not in StableHLO {self.target}")
        return best

    def _collect(self, op: Any) -> list:
        from hlopt.dialects.vhlo_lower import vhlo_attributes

        if op.name == "builtin.module":  # the module and its attributes stay builtin
            name = op.name
            entries = [(k, self.attr(v)) for k, v in op.properties.items()]
            entries += [(k, self.attr(v)) for k, v in op.attributes.items()]
        else:
            base = {"func.func": "func", "func.return": "return", "func.call": "call",
                    "stablehlo.return": "return"}.get(op.name)
            if base is None:
                if not op.name.startswith("stablehlo."):
                    raise ArtifactError(f"'{op.name}' is not a StableHLO op")
                base = op.name.partition(".")[2]
            mnemonic = self.op_version(base, op.name)
            name = "vhlo." + mnemonic
            entries = vhlo_attributes(self, op, base, OP_ATTRIBUTES[mnemonic])
        self.op_name(name)
        return self._record(op, name, lambda: self._dict_entry(entries) if entries else None,
                            op.name in ("builtin.module", "func.func"))

    def _dict_entry(self, entries: list[tuple[str, Entry]]) -> Entry:
        """The op's attribute dictionary: builtin, with VHLO values."""
        names = [(self.string_attr(k), v) for k, v in sorted(entries, key=lambda kv: kv[0])]
        key = ("opdict", tuple((id(k), id(v)) for k, v in names))
        e = self.attrs.get(key)
        if e is None:
            def enc() -> bytes:
                return varint(1) + varint(len(names)) + b"".join(varint(k.index) + varint(v.index)
                                                                  for k, v in names)

            e = self.attrs[key] = Entry("builtin", enc, True)
        return e


def _float_width(t: Any) -> int:
    name = t.name
    if name in _FLOAT_BITS:
        return _FLOAT_BITS[name]
    return 8 if name.startswith("f8") else 6 if name.startswith("f6") else 4


def _float_bits(a: FloatAttr) -> int:
    bits = getattr(a, "bits", None)
    if bits is not None:
        return bits
    import numpy as np

    name = a.type.name
    if name == "f64":
        return struct.unpack("<Q", struct.pack("<d", a.value))[0]
    if name == "f32":
        return struct.unpack("<I", struct.pack("<f", a.value))[0]
    if name == "f16":
        return int(np.array(a.value, dtype=np.float16).view(np.uint16))
    if name == "bf16":
        import ml_dtypes

        return int(np.array(a.value, dtype=ml_dtypes.bfloat16).view(np.uint16))
    raise ArtifactError(f"float attribute '{a.text}' has no VHLO form yet")


def _blob(a: DenseElementsAttr) -> list:
    """A tensor's raw data as MLIR stores it (one element when a splat);
    VHLO packs i1 elements to bits (a splat: one byte, 0xFF or 0x00)."""
    import numpy as np

    from hlopt.ir.dense import to_numpy

    et = a.type.element_type
    n = a.type.num_elements
    if isinstance(et, IntegerType) and et.width == 1:
        vals = [bool(v) for v in np.asarray(to_numpy(a)).reshape(-1)]
        if a.splat and n > 1:
            data = bytes([0xFF if vals[0] else 0])
        else:
            packed = bytearray((n + 7) // 8)
            for i, v in enumerate(vals):
                if v:
                    packed[i // 8] |= 1 << (i % 8)
            data = bytes(packed)
    elif a.raw is not None:
        data = bytes(a.raw)
    else:
        arr = np.asarray(to_numpy(a))
        dtype = _np_dtype(et)
        if dtype is not None:
            arr = arr.astype(dtype)
        flat = arr.reshape(-1)
        if a.splat and n > 1:
            flat = flat[:1]
        data = flat.astype(flat.dtype.newbyteorder("<")).tobytes()
    return [varint(len(data)), data]


def _np_dtype(et: Any) -> Any:
    import numpy as np

    if isinstance(et, IntegerType) and et.width in (8, 16, 32, 64):
        return np.dtype(f"{'u' if et.signedness == 'u' else 'i'}{et.width // 8}")
    if isinstance(et, FloatType):
        if et.name in ("f16", "f32", "f64"):
            return np.dtype({"f16": "f2", "f32": "f4", "f64": "f8"}[et.name])
        import ml_dtypes

        names = {"bf16": "bfloat16", "f8E4M3FN": "float8_e4m3fn", "f8E5M2": "float8_e5m2"}
        return np.dtype(getattr(ml_dtypes, names[et.name])) if et.name in names else None
    if isinstance(et, ComplexType) and isinstance(et.element_type, FloatType):
        return np.dtype({"f32": "c8", "f64": "c16"}.get(et.element_type.name, "c16"))
    return None


def write_portable_artifact(module: Any, target: str | None = None) -> bytes:
    from hlopt.dialects.vhlo_lower import CURRENT, MINIMUM

    target = target or CURRENT
    if not (_vkey(MINIMUM) <= _vkey(target) <= _vkey(CURRENT)):
        raise ArtifactError(f"target version {target} is outside the supported range {MINIMUM} to {CURRENT}")
    w = VhloWriter(target, CURRENT)
    return w.write(module)
