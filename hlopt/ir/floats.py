"""Bit-exact float semantics and MLIR's float printing.

MLIR prints a float attribute with APFloat::toString(6, 0, false) when that
text reads back to the same bits, else with APFloat's default toString, else
(NaN, Inf, or no '.') as a hex bit pattern. We reproduce APFloat's decimal
conversion with Python integers so the output matches byte for byte.
"""

from __future__ import annotations

import struct as _struct
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache


@dataclass(frozen=True)
class FloatSemantics:
    name: str
    bits: int
    exp_bits: int
    man_bits: int  # stored mantissa bits (without the implicit bit)
    bias: int
    # 'ieee': inf and NaN at max exponent; 'fn': no inf, NaN = all ones;
    # 'fnuz': no inf, no -0, NaN = sign bit only; 'finite': no inf, no NaN;
    # 'e8m0': exponent only, unsigned, NaN = all ones.
    kind: str = "ieee"
    explicit_int: bool = False  # x87 f80 stores the integer bit

    @property
    def precision(self) -> int:
        return self.man_bits + (0 if self.explicit_int else 1)


_SEMANTICS = {
    s.name: s
    for s in [
        FloatSemantics("f16", 16, 5, 10, 15),
        FloatSemantics("bf16", 16, 8, 7, 127),
        FloatSemantics("f32", 32, 8, 23, 127),
        FloatSemantics("f64", 64, 11, 52, 1023),
        FloatSemantics("f80", 80, 15, 64, 16383, explicit_int=True),
        FloatSemantics("f128", 128, 15, 112, 16383),
        FloatSemantics("tf32", 19, 8, 10, 127),
        FloatSemantics("f8E5M2", 8, 5, 2, 15),
        FloatSemantics("f8E4M3", 8, 4, 3, 7),
        FloatSemantics("f8E3M4", 8, 3, 4, 3),
        FloatSemantics("f8E4M3FN", 8, 4, 3, 7, "fn"),
        FloatSemantics("f8E5M2FNUZ", 8, 5, 2, 16, "fnuz"),
        FloatSemantics("f8E4M3FNUZ", 8, 4, 3, 8, "fnuz"),
        FloatSemantics("f8E4M3B11FNUZ", 8, 4, 3, 11, "fnuz"),
        FloatSemantics("f8E8M0FNU", 8, 8, 0, 127, "e8m0"),
        FloatSemantics("f6E2M3FN", 6, 2, 3, 1, "finite"),
        FloatSemantics("f6E3M2FN", 6, 3, 2, 3, "finite"),
        FloatSemantics("f4E2M1FN", 4, 2, 1, 1, "finite"),
    ]
}

FLOAT_TYPE_NAMES = frozenset(_SEMANTICS)


def semantics(name: str) -> FloatSemantics:
    return _SEMANTICS[name]


# ---------------------------------------------------------------------------
# Decoding and encoding bit patterns


def _classify(bits: int, s: FloatSemantics):
    """Return (category, negative, exponent, significand) for a bit pattern.

    category is 'nan', 'inf', 'zero' or 'normal'; for 'normal' the value is
    significand * 2**exponent with an integer significand.
    """
    if s.kind == "e8m0":
        if bits == 0xFF:
            return "nan", False, 0, 0
        return "normal", False, bits - s.bias, 1
    sign = (bits >> (s.bits - 1)) & 1
    exp_field = (bits >> s.man_bits) & ((1 << s.exp_bits) - 1)
    man = bits & ((1 << s.man_bits) - 1)
    max_field = (1 << s.exp_bits) - 1
    if s.explicit_int:
        # x87 80-bit, as APFloat reads it: pseudo-infinities, pseudo-NaNs
        # and unnormals (integer bit clear, exponent not 0) are NaNs.
        int_bit = man >> (s.man_bits - 1)
        if exp_field == max_field:
            return ("inf" if man == 1 << (s.man_bits - 1) else "nan"), bool(sign), 0, 0
        if exp_field == 0 and man == 0:
            return "zero", bool(sign), 0, 0
        if exp_field != 0 and not int_bit:
            return "nan", bool(sign), 0, 0
        return "normal", bool(sign), max(exp_field, 1) - s.bias - (s.man_bits - 1), man
    if s.kind == "ieee" and exp_field == max_field:
        return ("inf" if man == 0 else "nan"), bool(sign), 0, 0
    if s.kind == "fn" and exp_field == max_field and man == (1 << s.man_bits) - 1:
        return "nan", bool(sign), 0, 0
    if s.kind == "fnuz" and sign and exp_field == 0 and man == 0:
        return "nan", True, 0, 0
    if exp_field == 0:
        if man == 0:
            return "zero", bool(sign), 0, 0
        return "normal", bool(sign), 1 - s.bias - s.man_bits, man
    return "normal", bool(sign), exp_field - s.bias - s.man_bits, man | (1 << s.man_bits)


def bits_to_fraction(bits: int, s: FloatSemantics) -> Fraction | None:
    cat, neg, exp, sig = _classify(bits, s)
    if cat in ("nan", "inf"):
        return None
    if cat == "zero":
        return Fraction(0)
    v = Fraction(sig) * (Fraction(2) ** exp)
    return -v if neg else v


def _max_finite_bits(s: FloatSemantics) -> int:
    man_all = (1 << s.man_bits) - 1
    field_max = (1 << s.exp_bits) - 1
    if s.kind == "ieee":
        return ((field_max - 1) << s.man_bits) | man_all
    if s.kind == "fn":
        return (field_max << s.man_bits) | (man_all - 1)
    if s.kind == "e8m0":
        return 0xFE
    return (field_max << s.man_bits) | man_all


def _floor_log2(n: int, d: int) -> int:
    e = n.bit_length() - d.bit_length()
    # 2**(e-1) < n/d < 2**(e+1); pick the floor exactly
    if (n << max(-e, 0)) < (d << max(e, 0)):
        e -= 1
    return e


def fraction_to_bits(value: Fraction, s: FloatSemantics, negative_zero: bool = False, tie: object = None):
    """Round an exact rational to the nearest representable value (ties to
    even). Returns None on overflow (callers treat that as 'no round trip')."""
    sign_bit = 1 << (s.bits - 1)
    if s.kind == "e8m0":
        if value <= 0:
            return None
        # powers of two only: pick the nearest exponent (ties up, as APFloat).
        e = _floor_log2(value.numerator, value.denominator)
        lo = Fraction(2) ** e
        hi = lo * 2
        e = e + 1 if (value - lo) >= (hi - value) else e
        field = e + s.bias
        return field if 0 <= field <= 0xFE else None
    neg = value < 0 or (value == 0 and negative_zero)
    a = -value if value < 0 else value
    if a == 0:
        if neg and s.kind == "fnuz":
            return 0
        return sign_bit if neg else 0
    prec = s.precision
    min_exp = 1 - s.bias  # exponent of the smallest normal (unbiased)
    n, d = a.numerator, a.denominator
    e = _floor_log2(n, d)
    e = max(e, min_exp)
    # scale so that the significand has prec bits at exponent e
    shift = prec - 1 - e
    if shift >= 0:
        num, den = n << shift, d
    else:
        num, den = n, d << (-shift)
    q, r = divmod(num, den)
    if tie is not None and 2 * r == den:
        return tie
    if 2 * r > den or (2 * r == den and q & 1):
        q += 1
    if q >= (1 << prec):
        q >>= 1
        e += 1
    if q < (1 << (prec - 1)):  # subnormal
        field, man = 0, q
    else:
        field = e + s.bias
        man = q - (0 if s.explicit_int else (1 << (prec - 1)))
        if s.explicit_int:
            man = q
    bits = (field << s.man_bits) | man
    if bits > _max_finite_bits(s):
        return None
    if field < 0:
        return None
    return bits | (sign_bit if neg else 0)


def parse_decimal(text: str, s: FloatSemantics) -> int | None:
    """Correctly rounded decimal -> bits. Fast path: Python's float() is
    correctly rounded to f64; rounding that to a narrower format gives the
    same bits unless the f64 value sits exactly on a tie of the narrower
    format (then the exact rational is rounded instead)."""
    t = text.strip()
    neg = t.startswith("-")
    d: float | None
    try:
        d = float(t)
    except ValueError:
        return None
    if d != d or d in (_INF, -_INF) or d == 0.0 or s.precision > 53:
        d = None  # f80/f128 are wider than the f64 fast path
    if d is not None:
        if s.name == "f64":
            return _struct.unpack("<Q", _struct.pack("<d", d))[0]
        b = fraction_to_bits(Fraction(d), s, tie=_TIE)
        if b is not _TIE:
            return b
    try:
        v = Fraction(t)
    except (ValueError, ZeroDivisionError):
        return None
    return fraction_to_bits(v, s, negative_zero=neg and v == 0)


import math as _math  # noqa: E402

_INF = float("inf")
_TIE = object()


def parse_decimal_literal(text: str, s: FloatSemantics) -> int | None:
    """Bits of a decimal float literal in MLIR source (None on overflow).

    MLIR's parser reads the literal as a C++ double (Token::getFloatingPointValue)
    and converts that double to the target semantics, so the value is rounded
    twice (f80/f128 get no more than f64 precision and range; ties of narrower
    formats fall on the double). ``parse_decimal`` is the correctly rounded
    APFloat(sem, string) used by the printer's round-trip check."""
    try:
        d = float(text.strip())
    except ValueError:
        return None
    if d != d or d in (_INF, -_INF):
        return None
    if s.name == "f64":
        return _struct.unpack("<Q", _struct.pack("<d", d))[0]
    return fraction_to_bits(Fraction(d), s, negative_zero=_math.copysign(1.0, d) < 0)


def float_to_bits(value: float, s: FloatSemantics) -> int:
    """Encode a Python float (used by passes building constants)."""
    import math

    if math.isnan(value):
        return nan_bits(s)
    if math.isinf(value):
        if s.kind != "ieee":
            return nan_bits(s)
        field_max = (1 << s.exp_bits) - 1
        b = field_max << s.man_bits
        if s.explicit_int:
            b |= 1 << (s.man_bits - 1)
        return b | ((1 << (s.bits - 1)) if value < 0 else 0)
    b = fraction_to_bits(Fraction(value), s, negative_zero=math.copysign(1.0, value) < 0)
    return nan_bits(s) if b is None else b


def nan_bits(s: FloatSemantics) -> int:
    if s.kind == "ieee":
        field_max = (1 << s.exp_bits) - 1
        return (field_max << s.man_bits) | (1 << (s.man_bits - 1)) | (
            (1 << (s.man_bits - 2)) if s.explicit_int else 0)
    if s.kind == "fn":
        return (1 << (s.bits - 1)) - 1
    if s.kind == "fnuz":
        return 1 << (s.bits - 1)
    if s.kind == "e8m0":
        return 0xFF
    raise ValueError(f"{s.name} has no NaN")


def bits_to_float(bits: int, s: FloatSemantics) -> float:
    cat, neg, exp, sig = _classify(bits, s)
    if cat == "nan":
        return float("nan")
    if cat == "inf":
        return float("-inf") if neg else float("inf")
    if cat == "zero":
        return -0.0 if neg else 0.0
    v = float(Fraction(sig) * (Fraction(2) ** exp))
    return -v if neg else v


# ---------------------------------------------------------------------------
# APFloat::toString


def _adjust_int(sig: int, exp: int, fmt_prec: int) -> tuple[int, int]:
    bits = sig.bit_length()
    required = (fmt_prec * 196 + 58) // 59
    if bits <= required:
        return sig, exp
    removable = (bits - required) * 59 // 196
    if not removable:
        return sig, exp
    return sig // (10**removable), exp + removable


def _adjust_digits(digits: list[str], exp: int, fmt_prec: int) -> tuple[list[str], int]:
    # digits are least-significant first, as in APFloat's buffer
    n = len(digits)
    if n <= fmt_prec:
        return digits, exp
    first = n - fmt_prec
    if digits[first - 1] < "5":
        while first < n and digits[first] == "0":
            first += 1
        return digits[first:], exp + first
    for i in range(first, n):
        if digits[i] == "9":
            first += 1
        else:
            digits[i] = chr(ord(digits[i]) + 1)
            break
    if first == n:
        return ["1"], exp + first
    return digits[first:], exp + first


def apfloat_to_string(bits: int, s: FloatSemantics, fmt_prec: int = 0,
                      max_padding: int = 3, truncate_zero: bool = True) -> str:
    cat, neg, exp, sig = _classify(bits, s)
    if cat == "inf":
        return "-Inf" if neg else "+Inf"
    if cat == "nan":
        return "NaN"
    out = "-" if neg else ""
    if cat == "zero":
        if not max_padding:
            if truncate_zero:
                return out + "0.0E+0"
            return out + "0.0" + "0" * max(fmt_prec - 1, 0) + "e+00"
        return out + "0"
    # APFloat decomposes as significand (precision bits) * 2**exp.
    if not fmt_prec:
        fmt_prec = 2 + s.precision * 59 // 196
    tz = (sig & -sig).bit_length() - 1
    exp += tz
    sig >>= tz
    if exp > 0:
        sig <<= exp
        exp = 0
    elif exp < 0:
        sig *= 5 ** (-exp)
    sig, exp = _adjust_int(sig, exp, fmt_prec)
    digits: list[str] = []
    in_trail = True
    while sig:
        sig, d = divmod(sig, 10)
        if in_trail and not d:
            exp += 1
        else:
            digits.append(chr(48 + d))
            in_trail = False
    digits, exp = _adjust_digits(digits, exp, fmt_prec)
    nd = len(digits)
    if not max_padding:
        scientific = True
    elif exp >= 0:
        scientific = exp > max_padding or nd + exp > fmt_prec
    else:
        msd = exp + nd - 1
        scientific = False if msd >= 0 else (-msd) > max_padding
    if scientific:
        exp += nd - 1
        out += digits[nd - 1] + "."
        if nd == 1 and truncate_zero:
            out += "0"
        else:
            out += "".join(reversed(digits[: nd - 1]))
        if not truncate_zero and fmt_prec > nd - 1:
            out += "0" * (fmt_prec - nd + 1)
        out += "E" if truncate_zero else "e"
        out += "+" if exp >= 0 else "-"
        e = str(abs(exp))
        if not truncate_zero and len(e) < 2:
            e = "0" + e
        return out + e
    if exp >= 0:
        return out + "".join(reversed(digits)) + "0" * exp
    whole = exp + nd
    rev = "".join(reversed(digits))
    if whole > 0:
        return out + rev[:whole] + "." + rev[whole:]
    return out + "0." + "0" * (-whole) + rev


def hex_literal(bits: int) -> str:
    return "0x" + format(bits, "X")


@lru_cache(maxsize=65536)
def format_float(bits: int, type_name: str) -> str:
    """MLIR's printFloatValue for the value with this bit pattern."""
    s = _SEMANTICS[type_name]
    cat = _classify(bits, s)[0]
    if cat not in ("nan", "inf"):
        text = apfloat_to_string(bits, s, 6, 0, False)
        if parse_decimal(text, s) == bits:
            return text
        text = apfloat_to_string(bits, s)
        if "." in text:
            return text
    if s.explicit_int and cat == "nan":
        # APFloat re-encodes an x87 NaN with an all-ones exponent
        man = bits & ((1 << s.man_bits) - 1)
        bits = (bits >> (s.bits - 1) << (s.bits - 1)) | (((1 << s.exp_bits) - 1) << s.man_bits) | man
    return hex_literal(bits)


max_finite_bits = _max_finite_bits  # public name
