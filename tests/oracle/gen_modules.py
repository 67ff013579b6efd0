#!/usr/bin/env python3
"""Seeded random generator of valid generic-form MLIR modules.

Used by the differential oracle tests (tests/oracle/test_printer_oracle.py):
every module it produces is meant to be accepted by MLIR (jaxlib) with
``allow_unregistered=True``.  It exercises builtin/func/arith/cf and
unregistered ``"t.*"`` ops, nested regions, multiple blocks with successors,
block arguments, multi-result ops, properties vs discardable attributes, every
builtin type, a wide range of attributes and locations of every form.

API::

    gen_module(seed, pretty_safe=False, locs=True) -> str

``pretty_safe=True`` restricts ops to those whose pretty form hlopt implements
(builtin.module, func.func/return/call, arith.constant) plus unregistered ops
(which MLIR prints generically even in pretty mode).

CLI: ``python tests/oracle/gen_modules.py SEED [--pretty-safe] [--no-locs]``
"""
# ruff: noqa: UP031  (printf-style keeps the many MLIR braces readable)
from __future__ import annotations

import random
import struct
import sys

# --------------------------------------------------------------------------
# Types
# --------------------------------------------------------------------------

INT_TYPES = ["i1", "i8", "i16", "i32", "i64", "i128", "i3", "i7", "i4", "i2", "i17", "i64",
             "si8", "si32", "si1", "ui1", "ui8", "ui16", "ui64", "si64"]
# (name, bits, hex digits) -- full-width bit patterns for hex float literals
FLOAT_TYPES = {
    "f16": 16, "bf16": 16, "f32": 32, "f64": 64, "tf32": 19, "f80": 80, "f128": 128,
    "f8E5M2": 8, "f8E4M3FN": 8, "f8E4M3": 8, "f8E3M4": 8, "f8E5M2FNUZ": 8,
    "f8E4M3FNUZ": 8, "f8E4M3B11FNUZ": 8, "f8E8M0FNU": 8, "f6E2M3FN": 6, "f6E3M2FN": 6,
    "f4E2M1FN": 4,
}
# float types used for elements where a value/bit pattern is generated
COMMON_FLOATS = ["f16", "bf16", "f32", "f64", "f8E5M2", "f8E4M3FN", "f8E4M3FNUZ",
                 "f8E4M3B11FNUZ", "f8E5M2FNUZ", "f8E4M3", "f8E3M4"]

ESCAPABLE = "abcXYZ019 _-.,:;!?'`~@#$%^&*()[]{}<>/|+=\"\\\n\t\x00\x01\x7f"
UNICODE = "éü漢字αβγ→∀😀"


def int_width(t: str) -> tuple[int, str]:
    """-> (bits, signedness 's'|'u'|'')"""
    if t == "index":
        return 64, "s"
    if t.startswith("si"):
        return int(t[2:]), "s"
    if t.startswith("ui"):
        return int(t[2:]), "u"
    return int(t[1:]), ""


# Features whose MLIR behaviour hlopt does not reproduce yet can be left out
# (see OPEN_GAPS in test_printer_oracle.py):
#   distinct             distinct[N]<...> attributes (#distinct aliases, renumbering)
#   empty-filename       loc("":L:C) -- MLIR substitutes the buffer name
#   raw-affine           non-canonical affine expressions (MLIR simplifies them)
#   arith-default-props  arith ops without overflowFlags/fastmath (MLIR adds defaults)
#   f80-unnormal         x87 bit patterns with a wrong integer bit (APFloat makes them NaN)
#   strided-offset0      strided<[...], offset: 0> (MLIR drops the zero offset)
ALL_FEATURES = frozenset({"distinct", "empty-filename", "raw-affine", "arith-default-props",
                          "f80-unnormal", "strided-offset0"})

# affine maps/sets exactly as MLIR prints them (already simplified)
CANONICAL_MAPS = [
    "affine_map<(d0, d1) -> (d1, d0)>", "affine_map<(d0) -> (d0 + 1)>", "affine_map<() -> ()>",
    "affine_map<()[s0] -> (s0 * 2, s0)>", "affine_map<(d0, d1)[s0] -> (d1, s0, s0 * -8)>",
    "affine_map<(d0) -> (0, d0, 4)>", "affine_map<(d0, d1) -> (d0 floordiv 4, d1 mod 3, d0 ceildiv 2)>",
    "affine_map<(d0, d1, d2) -> (d1, d2, d0)>", "affine_map<()[s0, s1] -> (s1 mod 3, s0 - s1)>",
    "affine_map<(d0, d1) -> (((d0 + d1) ceildiv 9) ceildiv 3, -27, d1)>", "affine_map<(d0) -> (-d0 + 5)>",
    "affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>", "affine_map<(d0) -> ((d0 mod 4) floordiv 2)>",
]
CANONICAL_SETS = [
    "affine_set<(d0) : (d0 >= 0)>", "affine_set<(d0, d1) : (-3 == 0, d1 >= 0, d0 mod 9 + d0 == 0)>",
    "affine_set<(d0)[s0] : (d0 - s0 >= 0, -d0 + 10 >= 0)>", "affine_set<(d0, d1) : (d0 - d1 == 0)>",
]


class Gen:
    def __init__(self, seed: int, pretty_safe: bool = False, locs: bool = True,
                 features: frozenset[str] = ALL_FEATURES):
        self.r = random.Random(seed)
        self.features = features
        self.pretty_safe = pretty_safe
        self.locs = locs
        self.nfunc = 0
        self.func_sigs: list[tuple[str, list[str], list[str]]] = []
        self.syms = ["a", "b", "main", "f0", "with space", "x.y"]
        self.depth = 0
        self.distinct: dict[int, str] = {}
        self.labels: list[list[str]] = []

    # ---- small helpers -------------------------------------------------
    def chance(self, p: float) -> bool:
        return self.r.random() < p

    def pick(self, xs):
        return self.r.choice(xs)

    # ---- strings --------------------------------------------------------
    def raw_string(self, maxlen: int = 10) -> str:
        """A random Python str of bytes/unicode to be put in a string literal."""
        n = self.r.randint(0, maxlen)
        out = []
        for _ in range(n):
            k = self.r.random()
            if k < 0.6:
                out.append(self.pick(ESCAPABLE))
            elif k < 0.8:
                out.append(self.pick(UNICODE))
            else:
                out.append(chr(self.r.randint(0, 127)))
        return "".join(out)

    def str_lit(self, s: str | None = None, maxlen: int = 10, raw_bytes: bool = True) -> str:
        """Quote a string as an MLIR literal, using every escape form."""
        if s is None:
            s = self.raw_string(maxlen)
        out = ['"']
        for ch in s:
            if ch == '"':
                out.append(self.pick(['\\"', "\\22"]))
            elif ch == "\\":
                out.append(self.pick(["\\\\", "\\5C", "\\5c"]))
            elif ch == "\n":
                out.append(self.pick(["\\n", "\\0A", "\\0a"]))
            elif ch == "\t":
                out.append(self.pick(["\\t", "\\09"]))
            elif ord(ch) < 0x20 or ord(ch) == 0x7F:
                out.append("\\%02X" % ord(ch))
            elif ord(ch) > 0x7F:
                if raw_bytes and self.chance(0.3):
                    out.append("".join("\\%02x" % b for b in ch.encode()))
                else:
                    out.append(ch)
            else:
                out.append(ch)
        out.append('"')
        return "".join(out)

    def ident(self) -> str:
        first = "abcxyzAZ_"
        rest = "abcxyz019_$."
        return self.pick(first) + "".join(self.pick(rest) for _ in range(self.r.randint(0, 5)))

    def attr_key(self) -> str:
        k = self.r.random()
        if k < 0.7:
            return self.ident().rstrip(".") or "k"
        if k < 0.85:
            return self.pick(["a-b", "1num", "key with space", "é", "q\"k", "a.b", "Beta", "_u", "a$b"])
        return self.raw_string(6) or "nonempty"

    def key_text(self, k: str) -> str:
        import re
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_$.]*", k) and not self.chance(0.1):
            return k
        return self.str_lit(k, raw_bytes=False)

    # ---- types ----------------------------------------------------------
    def int_type(self) -> str:
        return self.pick(INT_TYPES)

    def float_type(self, all_kinds: bool = True) -> str:
        return self.pick(list(FLOAT_TYPES) if all_kinds else COMMON_FLOATS)

    def scalar_type(self) -> str:
        k = self.r.random()
        if k < 0.4:
            return self.int_type()
        if k < 0.5:
            return "index"
        if k < 0.85:
            return self.float_type()
        return "complex<%s>" % self.pick(["f32", "f64", "f16", "bf16", "i32", "i8"])

    def shape(self, allow_dyn: bool = True, max_rank: int = 3, allow_zero: bool = True) -> list[str]:
        rank = self.r.randint(0, max_rank)
        dims = []
        for _ in range(rank):
            if allow_dyn and self.chance(0.2):
                dims.append("?")
            else:
                dims.append(str(self.r.randint(0 if allow_zero else 1, 5)))
        return dims

    def opaque_type(self) -> str:
        return self.pick(["!t.x", "!t.tok", '!t.x<"a b">', "!t.x<1, [2, i32]>", "!t.p<{a = 1}>",
                          "!t<\"opaque\">", "!t.y<f32, <nested<>>>"])

    def encoding(self) -> str:
        return self.pick(['"enc"', "#t.enc<1>", "[1, 2]", "{a = 1 : i32}", "@sym", "#t<\"e\">"])

    def layout(self, rank: int) -> str | None:
        if rank == 0:
            return None
        k = self.r.random()
        ds = ", ".join(f"d{i}" for i in range(rank))
        if k < 0.35:
            perm = list(range(rank))
            self.r.shuffle(perm)
            if perm == list(range(rank)):
                perm = perm[::-1]
            if perm == list(range(rank)):
                return None
            return f"affine_map<({ds}) -> ({', '.join(f'd{i}' for i in perm)})>"
        if k < 0.7:
            strides = ", ".join(self.pick(["1", "4", "?", "16"]) for _ in range(rank))
            if self.chance(0.5):
                offs = ['0', '?', '3'] if "strided-offset0" in self.features else ['?', '3']
                return f"strided<[{strides}], offset: {self.pick(offs)}>"
            return f"strided<[{strides}]>"
        return None

    def memspace(self) -> str | None:
        return self.pick([None, None, "1", "3 : i32", '"gpu"', "7 : i64"])

    def type(self, depth: int = 0) -> str:
        k = self.r.random()
        if depth > 1:
            k = k * 0.5
        if k < 0.45:
            return self.scalar_type()
        if k < 0.55:
            t = self.scalar_type() if self.chance(0.8) else self.pick([self.opaque_type(), "vector<2xf32>"])
            dims = self.shape()
            enc = ", " + self.encoding() if self.chance(0.2) else ""
            return "tensor<%s%s%s>" % ("".join(d + "x" for d in dims), t, enc)
        if k < 0.6:
            return "tensor<*x%s>" % self.scalar_type()
        if k < 0.7:
            dims = self.shape()
            et = self.pick(["f32", "i8", "f16", "index", "complex<f32>", "vector<4xf32>", "i1"])
            s = "memref<%s%s" % ("".join(d + "x" for d in dims), et)
            lay = self.layout(len(dims)) if self.chance(0.5) else None
            ms = self.memspace()
            if lay:
                s += ", " + lay
            if ms:
                s += ", " + ms
            return s + ">"
        if k < 0.73:
            ms = self.memspace()
            return "memref<*x%s%s>" % (self.pick(["f32", "i32"]), ", " + ms if ms else "")
        if k < 0.8:
            rank = self.r.randint(0, 3)
            dims = []
            for _ in range(rank):
                d = str(self.r.randint(1, 8))
                if self.chance(0.3):
                    d = "[%s]" % d
                dims.append(d)
            et = self.pick(["f32", "i8", "i1", "bf16", "index", "f8E4M3FN", "i64"])
            return "vector<%s%s>" % ("".join(d + "x" for d in dims), et)
        if k < 0.85:
            n = self.r.randint(0, 3)
            return "tuple<%s>" % ", ".join(self.type(depth + 1) for _ in range(n))
        if k < 0.9:
            return self.func_type(depth + 1)
        if k < 0.93:
            return "none"
        return self.opaque_type()

    def func_type(self, depth: int = 1) -> str:
        ins = [self.type(depth + 1) for _ in range(self.r.randint(0, 2))]
        outs = [self.type(depth + 1) for _ in range(self.r.randint(0, 2))]
        return fn_type_text(ins, outs)

    # ---- attributes -----------------------------------------------------
    def int_value(self, t: str) -> int:
        bits, sign = int_width(t)
        k = self.r.random()
        if sign == "u":
            lo, hi = 0, (1 << bits) - 1
        elif sign == "s":
            lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
        else:
            lo, hi = -(1 << (bits - 1)), (1 << bits) - 1
        if k < 0.3:
            return self.pick([lo, hi, 0, max(lo, -1), min(hi, 1)])
        if k < 0.7:
            return self.r.randint(max(lo, -20), min(hi, 20))
        return self.r.randint(lo, hi)

    def int_lit(self, v: int, t: str) -> str:
        """Integer literal text (maybe hex) that parses to v for type t."""
        bits, sign = int_width(t)
        if v >= 0 and self.chance(0.2):
            return hex(v) if self.chance(0.5) else "0x%X" % v
        return str(v)

    def int_attr(self) -> str:
        t = self.pick(INT_TYPES + ["index"])
        if t == "i1":
            if self.chance(0.5):
                return self.pick(["true", "false"])
            return "%d : i1" % self.r.randint(0, 1)
        v = self.int_value(t)
        if t == "i64" and self.chance(0.3):
            return str(v)  # default type i64
        return "%s : %s" % (self.int_lit(v, t), t)

    def float_bits(self, t: str) -> int:
        n = FLOAT_TYPES[t]
        k = self.r.random()
        if t == "f80" and "f80-unnormal" not in self.features:
            b = self.r.getrandbits(80)
            exp = (b >> 64) & 0x7FFF
            b &= ~(1 << 63)  # x87 explicit integer bit: set exactly for normal numbers
            return b | ((1 << 63) if exp != 0 else 0)
        if k < 0.5 or n not in (16, 32, 64):
            return self.r.getrandbits(n)
        specials = {
            16: [0x7C00, 0xFC00, 0x7E00, 0x0001, 0x8000, 0x3C00, 0x03FF, 0x7BFF],
            32: [0x7F800000, 0xFF800000, 0x7FC00000, 0x00000001, 0x80000000, 0x3F800000,
                 0x007FFFFF, 0x7F7FFFFF, 0xFFC00001],
            64: [0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 0x1, 0x8000000000000000,
                 0x000FFFFFFFFFFFFF, 0x3FF0000000000000],
        }[n]
        return self.pick(specials)

    def float_lit(self, t: str) -> str:
        """A float literal valid for type t (decimal or hex bit pattern)."""
        n = FLOAT_TYPES[t]
        k = self.r.random()
        if k < 0.45:
            digits = max(1, (n + 3) // 4)
            return "0x%0*X" % (digits, self.float_bits(t))
        if k < 0.75 and t in ("f32", "f64", "f16", "bf16"):
            # decimal text of a random double; MLIR rounds to the type
            if t in ("f16", "bf16"):
                v = self.r.uniform(-1000, 1000)
            else:
                (v,) = struct.unpack("<d", struct.pack("<Q", self.r.getrandbits(64)))
                if v != v or v in (float("inf"), float("-inf")) or abs(v) > 1e30 and t == "f32":
                    v = self.r.uniform(-1e6, 1e6)
            return float_text(v)
        small = ["0.0", "-0.0", "1.0", "-1.5", "0.5", "2.0", "1.0e-2", "-2.5E+1", "0.25", "3.0"]
        if t.startswith("f8E8M0"):
            small = ["1.0", "2.0", "0.5", "0.25", "4.0"]
        if t.startswith(("f4", "f6")):
            small = ["0.0", "1.0", "-1.5", "0.5", "2.0", "-0.0"]
        if t.endswith("FNUZ") and True:
            small = [s for s in small if s != "-0.0"]
        return self.pick(small)

    def float_attr(self) -> str:
        t = self.float_type()
        lit = self.float_lit(t)
        if t == "f64" and not lit.startswith("0x") and self.chance(0.3):
            return lit
        return "%s : %s" % (lit, t)

    def elem_lit(self, et: str) -> str:
        if et == "i1":
            return self.pick(["true", "false", "1", "0"])
        if et == "index" or et.startswith(("i", "si", "ui")):
            return self.int_lit(self.int_value(et), et)
        if et.startswith("complex<"):
            inner = et[8:-1]
            return "(%s, %s)" % (self.elem_lit(inner), self.elem_lit(inner))
        # floats in dense must be decimal or hex of full width
        return self.float_lit(et)

    def dense_attr(self) -> str:
        k = self.r.random()
        if k < 0.8:
            et = self.pick(["i1", "i8", "i16", "i32", "i64", "ui8", "si16", "index", "i4",
                            "f16", "bf16", "f32", "f64", "f8E4M3FN", "f8E5M2", "f8E4M3FNUZ",
                            "complex<f32>", "complex<i16>", "complex<f64>", "i128"])
        else:
            et = None  # strings
        kind = self.r.random()
        if kind < 0.1:
            dims = [str(self.r.randint(1, 101)) for _ in range(self.r.randint(1, 2))]
        else:
            dims = self.shape(allow_dyn=False, max_rank=3)
        nelem = 1
        for d in dims:
            nelem *= int(d)
        if et is None:
            container = "tensor"
            sty = self.pick(["!t.str", "!t.s<1>", '!t<"s">'])
            ty = "tensor<%s%s>" % ("".join(d + "x" for d in dims), sty)
        else:
            container = "tensor" if (self.chance(0.85) or nelem == 0 or not dims
                                     or et.startswith("complex") or et == "i128") else "vector"
            ty = "%s<%s%s>" % (container, "".join(d + "x" for d in dims), et)
        if nelem == 0:
            return "dense<> : " + ty
        if kind < 0.1 and et is not None and self.chance(0.3):
            # big: all equal or hex blob
            if self.chance(0.3):
                return "dense<%s> : %s" % (self.elem_lit(et), ty)
        if self.chance(0.2):
            lit = self.str_lit(maxlen=6) if et is None else self.elem_lit(et)
            return "dense<%s> : %s" % (lit, ty)
        if et is not None and self.chance(0.15) and not et.startswith("complex"):
            # hex blob input
            return "dense<\"0x%s\"> : %s" % (self.hex_blob(et, nelem), ty)
        equal = self.chance(0.15)
        first = self.str_lit(maxlen=6) if et is None else self.elem_lit(et)

        def elem():
            if equal:
                return first
            return self.str_lit(maxlen=6) if et is None else self.elem_lit(et)

        def nest(ds):
            if not ds:
                return elem()
            return "[" + ", ".join(nest(ds[1:]) for _ in range(int(ds[0]))) + "]"
        return "dense<%s> : %s" % (nest(dims), ty)

    def hex_blob(self, et: str, nelem: int) -> str:
        if et == "i1":
            return "".join(self.pick(["00", "01"]) for _ in range(nelem))
        if et in FLOAT_TYPES:
            nbytes = (FLOAT_TYPES[et] + 7) // 8
            return "".join(("%0*X" % (nbytes * 2, self.float_bits(et))) if nbytes * 8 == FLOAT_TYPES[et]
                           else "00" * nbytes for _ in range(nelem))
        bits, _ = int_width(et)
        nbytes = (bits + 7) // 8
        out = []
        for _ in range(nelem):
            v = self.r.getrandbits(bits)
            out.append(v.to_bytes(nbytes, "little").hex().upper())
        return "".join(out)

    def dense_array(self) -> str:
        et = self.pick(["i1", "i8", "i16", "i32", "i64", "f32", "f64"])
        n = self.r.randint(0, 5)
        if n == 0:
            return "array<%s>" % et
        if et == "i1":
            vals = [self.pick(["true", "false"]) for _ in range(n)]
        elif et.startswith("i"):
            vals = [str(self.int_value(et)) for _ in range(n)]
        else:
            vals = [self.float_lit(et) for _ in range(n)]
        return "array<%s: %s>" % (et, ", ".join(vals))

    def affine_expr(self, nd: int, ns: int, depth: int = 0) -> str:
        atoms = [f"d{i}" for i in range(nd)] + [f"s{i}" for i in range(ns)] + [str(self.r.randint(-3, 7))]
        if depth > 2 or self.chance(0.4):
            return self.pick(atoms)
        op = self.pick(["+", "-", "*", "floordiv", "ceildiv", "mod"])
        lhs = self.affine_expr(nd, ns, depth + 1)
        if op in ("*", "floordiv", "ceildiv", "mod"):
            rhs = str(self.r.randint(1, 9))  # keep it affine
        else:
            rhs = self.affine_expr(nd, ns, depth + 1)
        return f"({lhs} {op} {rhs})" if self.chance(0.5) else f"{lhs} {op} {rhs}"

    def affine_map(self) -> str:
        if "raw-affine" not in self.features:
            return self.pick(CANONICAL_MAPS)
        nd, ns = self.r.randint(0, 3), self.r.randint(0, 2)
        dims = ", ".join(f"d{i}" for i in range(nd))
        syms = "[%s]" % ", ".join(f"s{i}" for i in range(ns)) if ns else ""
        res = ", ".join(self.affine_expr(nd, ns) for _ in range(self.r.randint(0, 3)))
        return f"affine_map<({dims}){syms} -> ({res})>"

    def affine_set(self) -> str:
        if "raw-affine" not in self.features:
            return self.pick(CANONICAL_SETS)
        nd, ns = self.r.randint(1, 3), self.r.randint(0, 2)
        dims = ", ".join(f"d{i}" for i in range(nd))
        syms = "[%s]" % ", ".join(f"s{i}" for i in range(ns)) if ns else ""
        cs = ", ".join(f"{self.affine_expr(nd, ns)} {self.pick(['>=', '=='])} 0"
                       for _ in range(self.r.randint(1, 3)))
        return f"affine_set<({dims}){syms} : ({cs})>"

    def sym_ref(self) -> str:
        def one():
            s = self.pick(self.syms)
            return "@" + (s if s.replace("_", "a").replace(".", "a").isalnum() and not s[0].isdigit()
                          else self.str_lit(s, raw_bytes=False))
        s = one()
        for _ in range(self.r.randint(0, 2) if self.chance(0.3) else 0):
            s += "::" + one()
        return s

    def attr(self, depth: int = 0) -> str:
        k = self.r.random()
        if depth > 2:
            k *= 0.6
        choices = [
            (0.14, self.int_attr),
            (0.26, self.float_attr),
            (0.36, lambda: self.str_lit()),
            (0.40, lambda: self.pick(["true", "false"])),
            (0.42, lambda: "unit"),
            (0.50, self.dense_attr),
            (0.54, self.dense_array),
            (0.58, self.sym_ref),
            (0.62, lambda: self.type()),
            (0.65, self.affine_map),
            (0.67, self.affine_set),
            (0.69, lambda: self.pick(["#t.attr<\"x\">", "#t<\"raw\">", "#t.a<[1, {b = 2}]>", "#t.b",
                                      "#t.c<(1)>"])),
            (0.70, self.distinct_attr if "distinct" in self.features else self.int_attr),
            (0.72, lambda: self.location()),
            (0.86, lambda: "[%s]" % ", ".join(self.attr(depth + 1) for _ in range(self.r.randint(0, 4)))),
            (1.01, lambda: self.dict_attr(depth + 1)),
        ]
        for p, f in choices:
            if k < p:
                return f()
        raise AssertionError

    def distinct_attr(self) -> str:
        i = self.r.randint(0, 3)
        if i not in self.distinct:
            self.distinct[i] = self.int_attr()
        return "distinct[%d]<%s>" % (i, self.distinct[i])

    def dict_attr(self, depth: int = 0, n: int | None = None) -> str:
        if n is None:
            n = self.r.randint(0, 4)
        seen = set()
        items = []
        for _ in range(n):
            key = self.attr_key()
            if key in seen:
                continue
            seen.add(key)
            if self.chance(0.1):
                items.append(self.key_text(key))  # unit shorthand
            else:
                items.append("%s = %s" % (self.key_text(key), self.attr(depth)))
        return "{" + ", ".join(items) + "}"

    # ---- locations ------------------------------------------------------
    def location(self, depth: int = 0) -> str:
        k = self.r.random()
        if depth > 2:
            k *= 0.5
        fname = self.pick(['"f.py"', '"a/b.py"', '"x"', '"-"', self.str_lit(maxlen=4)])
        if fname == '""' and "empty-filename" not in self.features:
            fname = '"e"'
        if k < 0.15:
            return "loc(unknown)"
        if k < 0.4:
            return "loc(%s:%d:%d)" % (fname, self.r.randint(0, 99), self.r.randint(0, 99))
        if k < 0.47:
            return "loc(%s:%d:%d to %d:%d)" % (fname, self.r.randint(0, 9), self.r.randint(0, 9),
                                               self.r.randint(0, 9), self.r.randint(0, 9))
        if k < 0.5:
            return "loc(%s:%d:%d to :%d)" % (fname, self.r.randint(0, 9), self.r.randint(0, 9),
                                             self.r.randint(0, 9))
        if k < 0.6:
            return "loc(%s)" % self.str_lit(maxlen=5)
        inner = self.location(depth + 1)[4:-1]
        if k < 0.75:
            return "loc(%s(%s))" % (self.str_lit(maxlen=5), inner)
        if k < 0.87:
            return "loc(callsite(%s at %s))" % (inner, self.location(depth + 1)[4:-1])
        parts = ", ".join(self.location(depth + 1)[4:-1] for _ in range(self.r.randint(1, 3)))
        if self.chance(0.4):
            return "loc(fused<%s>[%s])" % (self.pick(['"meta"', "1 : i32", "#t.m", "[1]"]), parts)
        return "loc(fused[%s])" % parts

    def maybe_loc(self) -> str:
        if not self.locs or self.chance(0.25):
            return ""
        return " " + self.location()

    # ---- IR -------------------------------------------------------------
    def module(self) -> str:
        lines: list[str] = []
        name = ' <{sym_name = %s}>' % self.str_lit(self.pick(["m", "top", "a b"]), raw_bytes=False) \
            if self.chance(0.3) else ""
        attrs = self.module_attrs()
        body = []
        nf = self.r.randint(1, 4)
        # declare signatures first so calls can refer to later functions
        for i in range(nf):
            ins = [self.type() for _ in range(self.r.randint(0, 3))]
            outs = [self.type() for _ in range(self.r.randint(0, 2))]
            self.func_sigs.append((f"f{i}", ins, outs))
        self.syms = [f"f{i}" for i in range(nf)] + ["ext", "with space"]
        for i in range(nf):
            body.extend(self.func(*self.func_sigs[i]))
        # module-level unregistered ops (graph region) and nested modules
        scope: list[tuple[str, str]] = []
        for _ in range(self.r.randint(0, 2)):
            body.extend(self.unreg_op(scope, depth=1, allow_regions=True))
        if self.chance(0.3):
            body.append('"builtin.module"() <{sym_name = "inner"}> ({')
            body.append("^bb0:")
            if self.chance(0.5):
                body.extend("  " + ln for ln in self.unreg_op([], depth=1, allow_regions=False))
            body.append("}) : () -> ()" + self.maybe_loc())
        lines.append('"builtin.module"()%s ({' % name)
        lines.extend("  " + ln for ln in body)
        lines.append("})%s : () -> ()%s" % (attrs, self.maybe_loc()))
        return "\n".join(lines) + "\n"

    def dialect_dict(self) -> str:
        keys = sorted({self.pick(["t.a", "t.b", "jax.result_info", "a.b", "t.c.d"])
                       for _ in range(self.r.randint(0, 2))})
        return "{" + ", ".join(k if k.startswith("t.b") else "%s = %s" % (k, self.attr(1)) for k in keys) + "}"

    def module_attrs(self) -> str:
        if not self.chance(0.4):
            return ""
        items = []
        seen = set()
        for _ in range(self.r.randint(1, 3)):
            k = self.pick(["t.a", "mhlo.num_partitions", "z.b", "a.x", "t.dict"])
            if k in seen:
                continue
            seen.add(k)
            items.append("%s = %s" % (k, self.attr(1)))
        return " {" + ", ".join(items) + "}"

    def func(self, name: str, ins: list[str], outs: list[str]) -> list[str]:
        props = ["function_type = %s" % fn_type_text(ins, outs), "sym_name = \"%s\"" % name]
        vis = self.pick([None, None, "private", "public", "nested"])
        decl = self.chance(0.15)
        if decl:
            vis = "private"
        if vis:
            props.append('sym_visibility = "%s"' % vis)
        if ins and self.chance(0.3):
            props.append("arg_attrs = [%s]" % ", ".join(self.dialect_dict() for _ in ins))
        if outs and self.chance(0.3):
            props.append("res_attrs = [%s]" % ", ".join(self.dialect_dict() for _ in outs))
        self.r.shuffle(props)
        disc = ""
        if self.chance(0.2):
            disc = " {t.fattr = %s}" % self.attr(1)
        head = '"func.func"() <{%s}> ({' % ", ".join(props)
        if decl:
            return [head, "})%s : () -> ()%s" % (disc, self.maybe_loc())]
        body = self.region_body(ins, [], outs, is_func=True, depth=1)
        return [head] + body + ["})%s : () -> ()%s" % (disc, self.maybe_loc())]

    def region_body(self, entry_args: list[str], outer: list[tuple[str, str]], outs: list[str] | None,
                    is_func: bool, depth: int) -> list[str]:
        """Lines of a region (indented by one level relative to the op)."""
        nblocks = 1 if self.chance(0.6) else self.r.randint(2, 4)
        # block argument types for non-entry blocks
        btypes = [entry_args] + [[self.type() for _ in range(self.r.randint(0, 2))] for _ in range(nblocks - 1)]
        labels = ["^bb%d" % i if self.chance(0.6) else "^%s%d" % (self.pick(["blk", "x_", "entry", "b$", "B.c"]), i)
                  for i in range(nblocks)]
        self.labels.append(labels)
        lines: list[str] = []
        entry_scope: list[tuple[str, str]] = []
        for bi in range(nblocks):
            args = [(self.fresh(), t) for t in btypes[bi]]
            scope = list(outer) + list(entry_scope) + args
            if bi > 0 or args or self.chance(0.3):
                argtxt = ""
                if args or self.chance(0.3):
                    argtxt = "(%s)" % ", ".join("%s: %s%s" % (n, t, self.maybe_loc()) for n, t in args)
                lines.append("%s%s:" % (labels[bi], argtxt))
            ops: list[str] = []
            for _ in range(self.r.randint(0, 4)):
                ops.extend(self.op(scope, depth, outs if is_func else None))
            ops.extend(self.terminator(scope, bi, nblocks, btypes, outs if is_func else None, is_func))
            if bi == 0:
                entry_scope = [v for v in scope if v not in outer]
            lines.extend("  " + ln for ln in ops)
        self.labels.pop()
        return lines

    def fresh(self) -> str:
        self.counter = getattr(self, "counter", 0) + 1
        k = self.r.random()
        if k < 0.5:
            return "%%%d" % (self.counter + 1000)
        if k < 0.8:
            return "%%v%d" % self.counter
        return "%%%s_%d" % (self.pick(["x", "arg", "c", "cst", "iter$", "a.b"]), self.counter)

    def terminator(self, scope, bi, nblocks, btypes, outs, is_func) -> list[str]:
        loc = self.maybe_loc()
        succs = list(range(bi + 1, nblocks)) + ([bi] if bi > 0 and self.chance(0.2) else [])
        if bi < nblocks - 1 or (succs and self.chance(0.3)):
            # branch to successors
            ts = succs[:self.r.randint(1, min(2, len(succs)))] if succs else []
            if not ts:
                ts = [bi + 1]
            use_cf = not self.pretty_safe and self.chance(0.6)
            if use_cf and len(ts) == 1:
                ops = [self.value_of(scope, t) for t in btypes[ts[0]]]
                pre, ops = self.flatten(ops)
                L = self.labels[-1]
                return pre + ['"cf.br"(%s)[%s] : (%s) -> ()%s' % (
                    ", ".join(ops), L[ts[0]], ", ".join(btypes[ts[0]]), loc)]
            if use_cf and len(ts) == 2:
                cond = self.value_of(scope, "i1")
                a = [self.value_of(scope, t) for t in btypes[ts[0]]]
                b = [self.value_of(scope, t) for t in btypes[ts[1]]]
                pre, flat = self.flatten([cond] + a + b)
                types = ["i1"] + btypes[ts[0]] + btypes[ts[1]]
                L = self.labels[-1]
                return pre + ['"cf.cond_br"(%s)[%s, %s] <{operandSegmentSizes = array<i32: 1, %d, %d>}> : '
                              '(%s) -> ()%s' % (", ".join(flat), L[ts[0]], L[ts[1]], len(a), len(b),
                                                ", ".join(types), loc)]
            allops = []
            types = []
            for t in ts:
                allops += [self.value_of(scope, ty) for ty in btypes[t]]
                types += btypes[t]
            pre, flat = self.flatten(allops)
            props = ""
            if self.chance(0.4):
                props = " <{%s}>" % self.dict_attr(1, self.r.randint(1, 2))[1:-1]
                if props == " <{}>":
                    props = ""
            return pre + ['"t.br"(%s)[%s]%s : (%s) -> ()%s' % (
                ", ".join(flat), ", ".join(self.labels[-1][t] for t in ts), props, ", ".join(types), loc)]
        if is_func:
            vals = [self.value_of(scope, t) for t in outs]
            pre, flat = self.flatten(vals)
            return pre + ['"func.return"(%s) : (%s) -> ()%s' % (", ".join(flat), ", ".join(outs), loc)]
        if nblocks == 1 and self.chance(0.5):
            return []
        return self.unreg_op(scope, 99, allow_regions=False, name="t.yield")

    def flatten(self, vals):
        pre = []
        out = []
        for p, v in vals:
            pre.extend(p)
            out.append(v)
        return pre, out

    def value_of(self, scope: list[tuple[str, str]], t: str) -> tuple[list[str], str]:
        """(defining lines, value ref) of a value of type t; creates a t.def op if needed."""
        cands = [n for n, ty in scope if ty == t]
        if cands and self.chance(0.8):
            return [], self.pick(cands)
        n = self.fresh()
        line = '%s = "t.def"() : %s%s' % (n, fn_type_text([], [t]), self.maybe_loc())
        scope.append((n, t))
        return [line], n

    def op(self, scope, depth, outs) -> list[str]:
        k = self.r.random()
        if k < 0.25:
            return self.const_op(scope)
        # calls only directly in func bodies: symbol lookup stops at unregistered
        # ops (they might be symbol tables)
        if k < 0.32 and self.func_sigs and depth == 1:
            return self.call_op(scope)
        if k < 0.42 and not self.pretty_safe:
            return self.arith_op(scope)
        return self.unreg_op(scope, depth, allow_regions=depth < 4)

    def const_op(self, scope) -> list[str]:
        k = self.r.random()
        if k < 0.35:
            t = self.pick(INT_TYPES[:12] + ["index"])
            if t == "i1":
                v = self.pick(["true", "false"])
            else:
                v = "%s : %s" % (self.int_lit(self.int_value(t), t), t)
        elif k < 0.65:
            t = self.float_type()
            v = "%s : %s" % (self.float_lit(t), t)
        else:
            d = self.dense_attr()
            while "tensor<" not in d and "vector<" not in d or "!t." in d or "none>" in d:
                d = self.dense_attr()
            v = d
            t = d.rsplit(" : ", 1)[1]
        n = self.fresh()
        scope.append((n, t))
        extra = ""
        if self.chance(0.15):
            extra = " {t.x = %s}" % self.attr(1)
        return ['%s = "arith.constant"() <{value = %s}>%s : () -> %s%s' % (n, v, extra, t, self.maybe_loc())]

    def call_op(self, scope) -> list[str]:
        name, ins, outs = self.pick(self.func_sigs)
        vals = [self.value_of(scope, t) for t in ins]
        pre, flat = self.flatten(vals)
        res = self.results_prefix(scope, outs)
        return pre + ['%s"func.call"(%s) <{callee = @%s}> : %s%s' % (
            res, ", ".join(flat), name, fn_type_text(ins, outs), self.maybe_loc())]

    def results_prefix(self, scope, types) -> str:
        if not types:
            return ""
        if len(types) == 1 or self.chance(0.4):
            if len(types) == 1:
                n = self.fresh()
                scope.append((n, types[0]))
                return n + " = "
            n = self.fresh()
            for i, t in enumerate(types):
                scope.append(("%s#%d" % (n, i), t))
            return "%s:%d = " % (n, len(types))
        names = []
        for t in types:
            n = self.fresh()
            scope.append((n, t))
            names.append(n)
        return ", ".join(names) + " = "

    def arith_op(self, scope) -> list[str]:
        k = self.r.random()
        if k < 0.5:
            t = self.pick(["i32", "i64", "i8", "index", "i1"])
            opn = self.pick(["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "divsi"])
        else:
            t = self.pick(["f32", "f64", "f16", "bf16"])
            opn = self.pick(["addf", "subf", "mulf", "divf", "maximumf"])
        ty = t if self.chance(0.7) else "tensor<%dx%s>" % (self.r.randint(1, 4), t)
        a = self.value_of(scope, ty)
        b = self.value_of(scope, ty)
        pre, flat = self.flatten([a, b])
        n = self.fresh()
        scope.append((n, ty))
        props = ""
        explicit = "arith-default-props" not in self.features or self.chance(0.4)
        if opn in ("addi", "subi", "muli") and explicit:
            props = " <{overflowFlags = #arith.overflow<%s>}>" % self.pick(["nsw", "nuw", "nsw, nuw", "none"])
        if opn.endswith("f") and explicit:
            props = " <{fastmath = #arith.fastmath<%s>}>" % self.pick(["fast", "none", "nnan,ninf", "contract"])
        return pre + ['%s = "arith.%s"(%s, %s)%s : (%s, %s) -> %s%s' % (
            n, opn, flat[0], flat[1], props, ty, ty, ty, self.maybe_loc())]

    def unreg_op(self, scope, depth, allow_regions=True, name=None) -> list[str]:
        if name is None:
            name = self.pick(["t.op", "t.a", "t.compute", "t.x.y", "t.op_2", "t.$"])
            if name == "t.$":
                name = "t.dollar$"
        nops = self.r.randint(0, 3)
        vals = []
        for _ in range(nops):
            if scope and self.chance(0.85):
                vals.append(([], self.pick(scope)[0]))
            else:
                vals.append(self.value_of(scope, self.type()))
        pre, flat = self.flatten(vals)
        tys = dict(scope)
        in_types = [tys[v] for v in flat]
        nres = self.pick([0, 0, 1, 1, 1, 2, 3])
        out_types = [self.type() for _ in range(nres)]
        props = ""
        if self.chance(0.3):
            props = " <{%s}>" % self.dict_attr(0, self.r.randint(1, 3))[1:-1]
            if props == " <{}>":
                props = ""
        attrs = ""
        if self.chance(0.5):
            attrs = " " + self.dict_attr(0)
        regions: list[str] = []
        if allow_regions and depth < 4 and self.chance(0.3):
            inner_scope = list(scope)
            for _ in range(self.r.randint(1, 2)):
                if self.chance(0.15):
                    regions.append("EMPTY")
                else:
                    entry = [self.type() for _ in range(self.r.randint(0, 2))]
                    regions.append("\n".join(self.region_body(entry, inner_scope, None, False, depth + 1)))
        res = self.results_prefix(scope, out_types)
        head = '%s"%s"(%s)' % (res, name, ", ".join(flat))
        tail = "%s : %s%s" % (attrs, fn_type_text(in_types, out_types), self.maybe_loc())
        if not regions:
            return pre + [head + props + tail]
        lines = [head + props + " ({"]
        for i, rb in enumerate(regions):
            if i:
                lines.append("}, {")
            if rb != "EMPTY":
                lines.extend(rb.split("\n") if rb else [])
        lines.append("})" + tail)
        return pre + lines


def float_text(v: float) -> str:
    """Python float -> MLIR decimal float literal (always with a '.')."""
    t = repr(v)
    m, e = (t.split("e") + [""])[:2] if "e" in t else (t, None)
    if "." not in m:
        m += ".0"
    return m if e is None else m + "e" + e


def fn_type_text(ins: list[str], outs: list[str]) -> str:
    i = "(%s)" % ", ".join(ins)
    if len(outs) == 1 and not outs[0].startswith("(") and " -> " not in outs[0]:
        o = outs[0]
    else:
        o = "(%s)" % ", ".join(outs)
    return "%s -> %s" % (i, o)


def gen_module(seed: int, pretty_safe: bool = False, locs: bool = True,
               features: frozenset[str] = ALL_FEATURES) -> str:
    return Gen(seed, pretty_safe, locs, frozenset(features)).module()


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.stdout.write(gen_module(int(args[0]) if args else 0, "--pretty-safe" in args, "--no-locs" not in args))
