"""APFloat's arithmetic on bit patterns, for constant folding in any float
format (f16, bf16, tf32, f32, f64, f128 and the f8/f6/f4 types).

Each operation computes the exact rational result and rounds it once to the
nearest even value of the format (hlopt.ir.floats.fraction_to_bits), so the
result is the one LLVM's APFloat gives with rmNearestTiesToEven, NaNs, signed
zeros and overflow included: an IEEE format overflows to infinity, a NaN-only
format (f8E4M3FN, the FNUZ types) to NaN, a finite-only one (f6/f4) to its
largest value. The FNUZ types have no negative zero. Each function returns
None where APFloat would have no answer for the format (a NaN or an infinity
in a format without one); the caller then leaves the op alone. f80 keeps its
explicit integer bit; f8E8M0FNU (unsigned, no zero) is not handled.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from hlopt.ir.floats import FloatSemantics, bits_to_fraction, fraction_to_bits, max_finite_bits, nan_bits


def supported(s: FloatSemantics) -> bool:
    return s.kind != "e8m0"


def _quiet_bit(s: FloatSemantics) -> int:
    # (f80 stores its integer bit above the fraction: the quiet bit is next)
    return 1 << (s.man_bits - (2 if s.explicit_int else 1))


def _sign_bit(s: FloatSemantics) -> int:
    return 1 << (s.bits - 1)


def is_nan(bits: int, s: FloatSemantics) -> bool:
    return decode(bits, s)[0] == "nan"


def _is_signaling(bits: int, s: FloatSemantics) -> bool:
    # only IEEE formats tell a signaling NaN (quiet bit clear) from a quiet one
    return s.kind == "ieee" and is_nan(bits, s) and not bits & _quiet_bit(s)


def quiet(bits: int, s: FloatSemantics) -> int:
    """APFloat's makeQuiet: an IEEE NaN gets its quiet bit."""
    return bits | _quiet_bit(s) if _is_signaling(bits, s) else bits


def _nan(s: FloatSemantics, negative: bool = False) -> int | None:
    """makeNaN(false, negative): the format's default quiet NaN."""
    if s.kind == "finite":
        return None
    b = nan_bits(s)
    return b | _sign_bit(s) if negative and s.kind != "fnuz" else b


def _inf(s: FloatSemantics, negative: bool) -> int | None:
    if s.kind != "ieee":
        return None
    int_bit = 1 << (s.man_bits - 1) if s.explicit_int else 0
    return ((1 << s.exp_bits) - 1) << s.man_bits | int_bit | (_sign_bit(s) if negative else 0)


def _zero(s: FloatSemantics, negative: bool) -> int:
    return _sign_bit(s) if negative and s.kind != "fnuz" else 0


def _round(v: Fraction, s: FloatSemantics, negative_zero: bool = False) -> int | None:
    """`v` rounded to nearest even; an overflow becomes what APFloat's
    handleOverflow makes of it in this format."""
    neg = v < 0
    b = fraction_to_bits(v, s, negative_zero=negative_zero)
    if b is None:  # past the largest finite value
        if s.kind == "ieee":
            return _inf(s, neg)
        if s.kind == "finite":
            return max_finite_bits(s) | (_sign_bit(s) if neg else 0)
        return _nan(s, neg)
    if s.kind == "fnuz" and b & ~_sign_bit(s) == 0:
        return 0  # an underflow to zero is +0 (-0 is the NaN)
    return b


def decode(bits: int, s: FloatSemantics) -> tuple[str, bool, Fraction | None]:
    """(category, negative, exact value): category is 'nan', 'inf', 'zero' or
    'normal' (subnormals included); the value is None for NaN and inf."""
    negative = bool(bits >> (s.bits - 1) & 1)
    v = bits_to_fraction(bits, s)
    if v is None:
        inf = _inf(s, negative)
        return ("inf" if bits == inf else "nan"), negative, None
    return ("zero" if v == 0 else "normal"), negative, v


def _nan_operand(a: int, b: int, s: FloatSemantics) -> int | None:
    """The NaN an arithmetic op propagates (the first NaN operand, quieted)."""
    if is_nan(a, s):
        return quiet(a, s)
    if is_nan(b, s):
        return quiet(b, s)
    return None


def add(a: int, b: int, s: FloatSemantics, subtract: bool = False) -> int | None:
    n = _nan_operand(a, b, s)
    if n is not None:
        return n
    ca, na, va = decode(a, s)
    cb, nb, vb = decode(b, s)
    nb_eff = nb != subtract  # the sign rhs contributes
    if ca == "inf" and cb == "inf":
        return a if na == nb_eff else _nan(s)
    if ca == "inf":
        return a
    if cb == "inf":
        return _inf(s, nb_eff)
    if ca == "zero" and cb == "zero":
        return _zero(s, na and nb_eff)  # -0 only from two like-signed -0s
    if cb == "zero":
        return a
    if ca == "zero":
        return b ^ _sign_bit(s) if subtract else b
    assert va is not None and vb is not None  # NaN and inf operands returned above
    v = va - vb if subtract else va + vb
    return _zero(s, False) if v == 0 else _round(v, s)


def sub(a: int, b: int, s: FloatSemantics) -> int | None:
    return add(a, b, s, subtract=True)


def _product_like(a: int, b: int, s: FloatSemantics, divide: bool) -> int | None:
    n = _nan_operand(a, b, s)
    if n is not None:
        return n
    ca, na, va = decode(a, s)
    cb, nb, vb = decode(b, s)
    neg = na != nb
    if divide:
        if (ca, cb) in (("inf", "inf"), ("zero", "zero")):
            return _nan(s)
        if ca == "inf":
            return _inf(s, neg)
        if ca == "zero" or cb == "inf":
            return _zero(s, neg)
        if cb == "zero":  # x / 0: infinity, or NaN where the format has none
            return _inf(s, neg) if s.kind == "ieee" else _nan(s, neg)
        assert va is not None and vb is not None  # NaN and inf operands returned above
        v = va / vb
    else:
        if {ca, cb} == {"inf", "zero"}:
            return _nan(s)
        if "inf" in (ca, cb):
            return _inf(s, neg)
        if "zero" in (ca, cb):
            return _zero(s, neg)
        assert va is not None and vb is not None  # NaN and inf operands returned above
        v = va * vb
    return _round(v, s)  # (an underflow keeps the sign: fraction_to_bits gives -0 for a tiny negative)


def mul(a: int, b: int, s: FloatSemantics) -> int | None:
    return _product_like(a, b, s, divide=False)


def div(a: int, b: int, s: FloatSemantics) -> int | None:
    return _product_like(a, b, s, divide=True)


def mod(a: int, b: int, s: FloatSemantics) -> int | None:
    """APFloat::mod (C's fmod): the remainder has the sign of `a`."""
    n = _nan_operand(a, b, s)
    if n is not None:
        return n
    ca, na, va = decode(a, s)
    cb, _, vb = decode(b, s)
    if ca == "inf" or cb == "zero":
        return _nan(s)
    if ca == "zero" or cb == "inf":
        return a
    assert va is not None and vb is not None  # NaN and inf operands returned above
    q = abs(va) // abs(vb)
    r = abs(va) - q * abs(vb)  # exact, and representable
    if r == 0:
        return _zero(s, na)
    return _round(-r if na else r, s)


def _order(bits: int, s: FloatSemantics) -> tuple:
    """A key ordering non-NaN values as APFloat's compare does (-0 == +0)."""
    cat, negative, v = decode(bits, s)
    return ((-1 if negative else 1), 0) if cat == "inf" else (0, v)


def _less(a: int, b: int, s: FloatSemantics) -> bool:
    return _order(a, s) < _order(b, s)


def compare(a: int, b: int, s: FloatSemantics) -> str:
    """APFloat's compare: 'lt', 'eq', 'gt' or 'unordered' (a NaN); -0 == +0."""
    if is_nan(a, s) or is_nan(b, s):
        return "unordered"
    x, y = _order(a, s), _order(b, s)
    return "lt" if x < y else "gt" if x > y else "eq"


def _opposite_zeros(a: int, b: int, s: FloatSemantics) -> bool:
    return decode(a, s)[0] == "zero" == decode(b, s)[0] and a != b


def _extreme(a: int, b: int, s: FloatSemantics, larger: bool, nan: Callable) -> int | None:
    """The larger (or smaller) operand as llvm::maximum/minimum/maxnum/minnum
    pick it: `nan` decides when an operand is a NaN; +0 is above -0; of two
    equal values the first."""
    n = nan(a, b, s)
    if n is not None:
        return n
    if _opposite_zeros(a, b, s):
        return b if bool(a & _sign_bit(s)) == larger else a
    return b if (_less(a, b, s) if larger else _less(b, a, s)) else a


def _num_nan(a: int, b: int, s: FloatSemantics) -> int | None:
    """maxnum/minnum (IEEE 754-2008): a signaling NaN (quieted) wins, a quiet
    one loses to the other operand."""
    for x in (a, b):
        if _is_signaling(x, s):
            return quiet(x, s)
    if is_nan(a, s):
        return b
    if is_nan(b, s):
        return a
    return None


def maximum(a: int, b: int, s: FloatSemantics) -> int | None:
    """llvm::maximum: a NaN operand wins."""
    return _extreme(a, b, s, True, _nan_operand)


def minimum(a: int, b: int, s: FloatSemantics) -> int | None:
    """llvm::minimum: a NaN operand wins."""
    return _extreme(a, b, s, False, _nan_operand)


def maxnum(a: int, b: int, s: FloatSemantics) -> int | None:
    return _extreme(a, b, s, True, _num_nan)


def minnum(a: int, b: int, s: FloatSemantics) -> int | None:
    return _extreme(a, b, s, False, _num_nan)


def _number_nan(a: int, b: int, s: FloatSemantics) -> int | None:
    """maximumNumber/minimumNumber (IEEE 754-2019): any NaN, signaling or
    quiet, loses to the other operand; of two NaNs the second, quieted."""
    if is_nan(a, s):
        return quiet(b, s) if is_nan(b, s) else b
    if is_nan(b, s):
        return a
    return None


def maximumnum(a: int, b: int, s: FloatSemantics) -> int | None:
    """llvm::maximumnum: the number wins over a NaN; +0 is above -0."""
    return _extreme(a, b, s, True, _number_nan)


def minimumnum(a: int, b: int, s: FloatSemantics) -> int | None:
    """llvm::minimumnum: the number wins over a NaN; -0 is below +0."""
    return _extreme(a, b, s, False, _number_nan)


def is_denormal(bits: int, s: FloatSemantics) -> bool:
    """A subnormal: the exponent field is zero and the significand is not."""
    return (bits >> s.man_bits) & ((1 << s.exp_bits) - 1) == 0 and bits & ((1 << s.man_bits) - 1) != 0


def flush_denormal(a: int, s: FloatSemantics) -> int:
    """A subnormal becomes the zero of its sign (+0 in the formats without -0)."""
    return _zero(s, bool(a & _sign_bit(s))) if is_denormal(a, s) else a


def neg(a: int, s: FloatSemantics) -> int:
    """changeSign: a FNUZ zero or NaN keeps its (only) encoding."""
    if s.kind == "fnuz" and decode(a, s)[0] in ("zero", "nan"):
        return a
    return a ^ _sign_bit(s)


BINARY: dict[str, Callable[[int, int, FloatSemantics], int | None]] = {
    "add": add, "sub": sub, "mul": mul, "div": div, "mod": mod,
    "maximum": maximum, "minimum": minimum, "maxnum": maxnum, "minnum": minnum,
    "maximumnum": maximumnum, "minimumnum": minimumnum,
}


def from_int(v: int, s: FloatSemantics) -> int | None:
    """convertFromAPInt: the integer `v` rounded to nearest even."""
    return 0 if v == 0 else _round(Fraction(v), s)


def to_int(bits: int, s: FloatSemantics, width: int, signed: bool) -> int | None:
    """convertToInteger toward zero; None where APFloat reports an invalid
    operation (NaN, inf, out of range)."""
    cat, _, v = decode(bits, s)
    if v is None:
        return None
    k = int(v)  # toward zero
    lo, hi = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, (1 << width) - 1)
    return k if lo <= k <= hi else None


def convert(bits: int, src: FloatSemantics, dst: FloatSemantics) -> int | None:
    """APFloat::convert to `dst` when it loses nothing and raises nothing (what
    arith.extf/truncf fold), else None. A NaN keeps its sign and its payload
    shifted to the new width; a FNUZ NaN becomes the default NaN."""
    cat, negative, v = decode(bits, src)
    if cat == "normal":
        assert v is not None  # a normal number decodes to its value
        out = fraction_to_bits(v, dst)
        return out if out is not None and bits_to_fraction(out, dst) == v else None
    if cat == "zero":
        if negative and dst.kind == "fnuz" and src.kind != "fnuz":
            return None  # -0 becomes +0: information lost
        return _zero(dst, negative)
    if cat == "inf":
        return _inf(dst, negative)
    # NaN
    if dst.kind == "finite" or _is_signaling(bits, src):
        return None
    if dst.kind != "ieee":
        return _nan(dst, negative) if src.kind != "ieee" else None
    if src.kind == "fnuz":
        return _nan(dst)
    payload = bits & ((1 << src.man_bits) - 1)
    shift = dst.precision - src.precision
    if shift < 0:
        if payload & ((1 << -shift) - 1):
            return None  # payload bits lost
        payload >>= -shift
    else:
        payload <<= shift
    inf = _inf(dst, negative)
    assert inf is not None  # dst.kind is "ieee" here
    return inf | payload
