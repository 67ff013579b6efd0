#!/usr/bin/env python3
"""Seeded generator of arith programs exercising every fold and every
canonicalization pattern MLIR registers for arith, for the differential
suite against iree-opt (tests/oracle/test_ireeopt_oracle.py).

Each program is a module with one function per case (`CASES`): a pattern's
source shape (named after the MLIR pattern it should trigger) or a fold
family, instantiated with random types (i1/i8/i16/i32/i64/index, f16/f32/f64,
tensor splats where the pattern accepts them), edge constants (0, 1, -1,
INT_MIN, INT_MAX, NaN, +-inf, -0.0), overflow flags and fastmath flags, and
near misses (mismatched constants, predicates or types) that must be left
alone. Every program holds every case, so one seed exercises them all.

API::

    gen_arith_program(seed) -> str
    pattern_case(name) -> str   # a module of several draws of one pattern's case

CLI: ``python tests/oracle/gen_arith.py SEED``
"""
from __future__ import annotations

import random
import sys
from collections.abc import Callable

INTS = ["i8", "i16", "i32", "i64"]
WIDTH = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64}
FLOATS = ["f16", "f32", "f64"]
CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno",
        "true"]
OVF = ["", " overflow<nsw>", " overflow<nuw>", " overflow<nsw, nuw>"]
INT_BINARY = ["addi", "subi", "muli", "andi", "ori", "xori", "divsi", "divui", "remsi", "remui", "ceildivsi",
              "ceildivui", "floordivsi", "maxsi", "minsi", "maxui", "minui", "shli", "shrsi", "shrui"]
FLOAT_BINARY = ["addf", "subf", "mulf", "divf", "maximumf", "minimumf", "maxnumf", "minnumf", "maximumnumf",
                "minimumnumf"]
# the other float formats MLIR folds with APFloat: bit width, significand bits
# (stored), and how they treat inf/NaN ('ieee', 'fn': NaN only (all ones),
# 'fnuz': NaN only (-0's encoding), 'finite': neither)
NARROW_FLOATS = {"bf16": (16, 7, "ieee"), "tf32": (19, 10, "ieee"), "f8E5M2": (8, 2, "ieee"),
                 "f8E4M3": (8, 3, "ieee"), "f8E3M4": (8, 4, "ieee"), "f8E4M3FN": (8, 3, "fn"),
                 "f8E4M3FNUZ": (8, 3, "fnuz"), "f8E5M2FNUZ": (8, 2, "fnuz"), "f8E4M3B11FNUZ": (8, 3, "fnuz"),
                 "f6E2M3FN": (6, 3, "finite"), "f6E3M2FN": (6, 2, "finite"), "f4E2M1FN": (4, 1, "finite"),
                 "f16": (16, 10, "ieee"), "f128": (128, 112, "ieee")}
# f32 bit patterns MLIR prints in hex
F32_SPECIAL = ["0x7FC00000", "0x7F800000", "0xFF800000", "-0.000000e+00", "0.000000e+00", "1.000000e+00",
               "-1.000000e+00", "2.500000e+00", "3.000000e+38"]


def edge_ints(t: str) -> list[int]:
    w = WIDTH[t]
    if w == 1:
        return [0, 1]
    return [0, 1, -1, 2, 3, 7, -(1 << (w - 1)), (1 << (w - 1)) - 1]


class Fn:
    """One function: arguments of given types, a body, the values returned."""

    def __init__(self, name: str, args: list[str]):
        self.name, self.args = name, args
        self.body: list[str] = []
        self.rets: list[tuple[str, str]] = []
        self.n = 0

    def arg(self, i: int) -> str:
        return f"%a{i}"

    def emit(self, text: str, t: str | None = None) -> str:
        self.n += 1
        v = f"%v{self.n}"
        self.body.append(f"{v} = {text}")
        return v

    def emit2(self, text: str) -> tuple[str, str]:
        """An op with two results."""
        self.n += 2
        a, b = f"%v{self.n - 1}", f"%v{self.n}"
        self.body.append(f"{a}, {b} = {text}")
        return a, b

    def const(self, value: str | int, t: str) -> str:
        if t == "i1":
            return self.emit(f"arith.constant {'true' if int(value) else 'false'}")
        if t.startswith("tensor<"):
            return self.emit(f"arith.constant dense<{value}> : {t}")
        return self.emit(f"arith.constant {value} : {t}")

    def ret(self, v: str, t: str) -> None:
        self.rets.append((v, t))

    def text(self) -> str:
        args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(self.args))
        res = ", ".join(t for _, t in self.rets)
        lines = [f"func.func @{self.name}({args}) -> ({res}) {{"]
        lines += ["  " + b for b in self.body]
        lines.append(f"  return {', '.join(v for v, _ in self.rets)} : {res}")
        lines.append("}")
        return "\n".join(lines)


# -- cases: (rng) -> Fn ---------------------------------------------------------------
def _int_t(r: random.Random, index: bool = True, tensor: float = 0.0) -> str:
    t = r.choice(INTS + (["index"] if index else []))
    if tensor and r.random() < tensor and t != "index":
        return f"tensor<4x{t}>"
    return t


def _elem(t: str) -> str:
    return t[len("tensor<4x"):-1] if t.startswith("tensor<") else t


def _cval(r: random.Random, t: str) -> int:
    return r.choice(edge_ints(_elem(t)) + [r.randint(-9, 9)])


def _reassoc(root: str, inner: str, inner_const_rhs: bool, root_const_rhs: bool) -> Callable:
    def case(r: random.Random, name: str) -> Fn:
        t = _int_t(r, tensor=0.2)
        f = Fn(name, [t])
        c0, c1 = f.const(_cval(r, t), t), f.const(_cval(r, t), t)
        x = f.arg(0)
        i = f.emit(f"arith.{inner} {x}, {c0}{r.choice(OVF)} : {t}" if inner_const_rhs
                   else f"arith.{inner} {c0}, {x}{r.choice(OVF)} : {t}")
        o = f.emit(f"arith.{root} {i}, {c1}{r.choice(OVF)} : {t}" if root_const_rhs
                   else f"arith.{root} {c1}, {i}{r.choice(OVF)} : {t}")
        f.ret(o, t)
        if r.random() < 0.3:
            f.ret(i, t)  # the inner op stays used
        return f
    return case


def _add_mul_neg(rhs: bool) -> Callable:
    def case(r: random.Random, name: str) -> Fn:
        t = _int_t(r, tensor=0.3)
        f = Fn(name, [t, t])
        m = f.const(r.choice([-1, -1, -1, 1, 2]), t)
        p = f.emit(f"arith.muli {f.arg(1)}, {m} : {t}")
        o = f.emit(f"arith.addi {f.arg(0)}, {p}{r.choice(OVF)} : {t}" if rhs else
                   f"arith.addi {p}, {f.arg(0)}{r.choice(OVF)} : {t}")
        f.ret(o, t)
        return f
    return case


def _sub_sub(r: random.Random, name: str) -> Fn:
    t = _int_t(r, tensor=0.3)
    f = Fn(name, [t, t])
    s = f.emit(f"arith.subi {f.arg(0)}, {f.arg(1)}{r.choice(OVF)} : {t}")
    o = f.emit(f"arith.subi {s}, {f.arg(r.choice([0, 0, 1]))}{r.choice(OVF)} : {t}")
    f.ret(o, t)
    return f


def _xor_not_cmpi(r: random.Random, name: str) -> Fn:
    t = _int_t(r)
    f = Fn(name, [t, t])
    c = f.emit(f"arith.cmpi {r.choice(CMPI)}, {f.arg(0)}, {f.arg(1)} : {t}")
    one = f.const(r.choice([1, 1, 0]), "i1")
    f.ret(f.emit(f"arith.xori {c}, {one} : i1" if r.random() < 0.7 else f"arith.xori {one}, {c} : i1"), "i1")
    return f


def _logic_of_ext(logic: str, ext: str) -> Callable:
    def case(r: random.Random, name: str) -> Fn:
        a = r.choice(["i1", "i8", "i16"])
        b = a if r.random() < 0.8 else r.choice(["i1", "i8", "i16"])
        t = r.choice(["i32", "i64"])
        f = Fn(name, [a, b])
        x = f.emit(f"arith.{ext} {f.arg(0)} : {a} to {t}")
        y = f.emit(f"arith.{ext} {f.arg(1)} : {b} to {t}")
        f.ret(f.emit(f"arith.{logic} {x}, {y} : {t}"), t)
        return f
    return case


def _cmpi_of_ext(ext: str) -> Callable:
    def case(r: random.Random, name: str) -> Fn:
        a = r.choice(["i8", "i16"])
        t = r.choice(["i32", "i64"])
        f = Fn(name, [a, a])
        x = f.emit(f"arith.{ext} {f.arg(0)} : {a} to {t}")
        y = f.emit(f"arith.{ext} {f.arg(1)} : {a} to {t}")
        f.ret(f.emit(f"arith.cmpi {r.choice(['eq', 'ne', 'eq', 'ne', 'slt', 'ugt'])}, {x}, {y} : {t}"), "i1")
        return f
    return case


def _redundant_select(true_side: bool) -> Callable:
    def case(r: random.Random, name: str) -> Fn:
        t = r.choice(["i32", "f32", "index", "i1"])
        f = Fn(name, ["i1", "i1", t, t, t])
        p2 = f.arg(0) if r.random() < 0.8 else f.arg(1)
        inner = f.emit(f"arith.select {p2}, {f.arg(2)}, {f.arg(3)} : {t}")
        o = f.emit(f"arith.select %a0, {inner}, {f.arg(4)} : {t}" if true_side else
                   f"arith.select %a0, {f.arg(4)}, {inner} : {t}")
        f.ret(o, t)
        return f
    return case


def _select_not_cond(r: random.Random, name: str) -> Fn:
    t = r.choice(["i32", "f32", "i8"])
    f = Fn(name, ["i1", t, t])
    n = f.emit(f"arith.xori %a0, {f.const(r.choice([1, 1, 0]), 'i1')} : i1")
    f.ret(f.emit(f"arith.select {n}, %a1, %a2 : {t}"), t)
    return f


def _select_i1_to_not(r: random.Random, name: str) -> Fn:
    f = Fn(name, ["i1"])
    a, b = r.choice([(0, 1), (0, 1), (1, 0), (1, 1)])
    f.ret(f.emit(f"arith.select %a0, {f.const(a, 'i1')}, {f.const(b, 'i1')} : i1"), "i1")
    return f


def _select_to_extui(r: random.Random, name: str) -> Fn:
    t = r.choice(["i8", "i32", "i64", "index"])
    f = Fn(name, ["i1"])
    a, b = r.choice([(1, 0), (0, 1), (1, 0), (0, 1), (2, 0)])
    f.ret(f.emit(f"arith.select %a0, {f.const(a, t)}, {f.const(b, t)} : {t}"), t)
    return f


def _cast_chain(first: tuple[str, str, str], second: tuple[str, str]) -> Callable:
    """first = (op, src, mid), second = (op, dst)."""
    def case(r: random.Random, name: str) -> Fn:
        f = Fn(name, [first[1]])
        m = f.emit(f"arith.{first[0]} %a0 : {first[1]} to {first[2]}")
        f.ret(f.emit(f"arith.{second[0]} {m} : {first[2]} to {second[1]}"), second[1])
        return f
    return case


def _trunci_of_ext(ext: str) -> Callable:
    def case(r: random.Random, name: str) -> Fn:
        src, mid, dst = r.choice([("i8", "i64", "i16"), ("i8", "i32", "i16"), ("i16", "i64", "i8"),
                                  ("i8", "i32", "i8"), ("i1", "i32", "i8")])
        f = Fn(name, [src])
        m = f.emit(f"arith.{ext} %a0 : {src} to {mid}")
        f.ret(f.emit(f"arith.trunci {m} : {mid} to {dst}"), dst)
        return f
    return case


def _trunci_shrsi(r: random.Random, name: str) -> Fn:
    src, dst = r.choice([("i32", "i16"), ("i64", "i32"), ("i16", "i8")])
    f = Fn(name, [src])
    k = WIDTH[src] - WIDTH[dst] if r.random() < 0.8 else WIDTH[src] - WIDTH[dst] - 1
    s = f.emit(f"arith.shrsi %a0, {f.const(k, src)} : {src}")
    f.ret(f.emit(f"arith.trunci {s}{r.choice(['', ' overflow<nsw>'])} : {src} to {dst}"), dst)
    return f


def _truncf_of_int(cast: str) -> Callable:
    def case(r: random.Random, name: str) -> Fn:
        f = Fn(name, ["i32"])
        m = f.emit(f"arith.{cast} %a0 : i32 to f64")
        rm = r.choice(["", "", " upward"])
        f.ret(f.emit(f"arith.truncf {m}{rm} : f64 to f32"), "f32")
        return f
    return case


def _of_negf(op: str) -> Callable:
    def case(r: random.Random, name: str) -> Fn:
        t = r.choice(["f32", "f64", "tensor<4xf32>"])
        f = Fn(name, [t, t])
        x = f.emit(f"arith.negf %a0 : {t}")
        y = f.emit(f"arith.negf %a1 : {t}")
        fm = r.choice(["", " fastmath<fast>", " fastmath<nnan,nsz>"])
        f.ret(f.emit(f"arith.{op} {x}, {y}{fm} : {t}"), t)
        return f
    return case


def _cmpf_int_to_fp(r: random.Random, name: str) -> Fn:
    """cmpf of sitofp/uitofp against float constants: fractional, negative, huge, inf, exact."""
    it = r.choice(["i8", "i16", "i32", "i64"])
    ft = r.choice(["f16", "f32", "f64"])
    f = Fn(name, [it])
    conv = f.emit(f"arith.{r.choice(['sitofp', 'uitofp'])} %a0 : {it} to {ft}")
    consts = ["4.500000e+00", "-4.500000e+00", "3.000000e+00", "-1.000000e+00", "0.000000e+00", "-0.000000e+00",
              "1.000000e+02", "2.550000e+02", "1.000000e+04"]
    if ft != "f16":
        consts += ["1.000000e+10", "-1.000000e+10", "2.147483e+09", "1.000000e+20"]
    consts += {"f16": ["0x7C00", "0xFC00"], "f32": ["0x7F800000", "0xFF800000"],
               "f64": ["0x7FF0000000000000"]}[ft]
    for _ in range(4):  # (not false/true: MLIR's pattern reaches llvm_unreachable on them)
        pred = r.choice([p for p in CMPF if p not in ("false", "true")])
        f.ret(f.emit(f"arith.cmpf {pred}, {conv}, {f.const(r.choice(consts), ft)} : {ft}"), "i1")
    return f


def _extended(op: str, use_high: float) -> Callable:
    """addui_extended / subui_extended / mulsi_extended / mului_extended, the second result used or not."""
    def case(r: random.Random, name: str) -> Fn:
        # (not index: MLIR's MulSIExtendedRHSOne builds an invalid extsi to index from it)
        t = r.choice(["i32", "i8", "i64", "tensor<4xi16>"])
        f = Fn(name, [t, t])
        rhs = "%a1" if r.random() < 0.7 else f.const(r.choice([0, 1, -1]), t)
        types = f"{t}, {t.replace(_elem(t), 'i1')}" if op in ("addui_extended", "subui_extended") else t
        lo, hi = f.emit2(f"arith.{op} %a0, {rhs} : {types}")
        f.ret(lo, t)
        if r.random() < use_high:
            f.ret(hi, types.split(", ")[-1])
        return f
    return case


def _extended_folds(r: random.Random, name: str) -> Fn:
    """The extended ops on constants (edge values) and with 0 and 1."""
    t = r.choice(["i8", "i32", "i64"])
    f = Fn(name, [t])
    for op in ("addui_extended", "subui_extended", "mulsi_extended", "mului_extended"):
        types = f"{t}, i1" if op in ("addui_extended", "subui_extended") else t
        a, b = f.const(_cval(r, t), t), f.const(_cval(r, t), t)
        lo, hi = f.emit2(f"arith.{op} {a}, {b} : {types}")
        f.ret(lo, t)
        f.ret(hi, types.split(", ")[-1])
        k = f.const(r.choice([0, 1]), t)
        lo, hi = f.emit2(f"arith.{op} %a0, {k} : {types}")
        f.ret(lo, t)
        f.ret(hi, types.split(", ")[-1])
    lo, hi = f.emit2(f"arith.subui_extended %a0, %a0 : {t}, i1")  # x - x: 0, no borrow
    f.ret(lo, t)
    f.ret(hi, "i1")
    return f


# -- fold families ---------------------------------------------------------------------
def _int_folds(r: random.Random, name: str) -> Fn:
    """Every integer binary op on constants (edge values) and with identities."""
    t = r.choice(INTS + ["index", "i1"])
    f = Fn(name, [t, t])
    for op in INT_BINARY:
        if t == "i1" and op in ("ceildivsi", "floordivsi"):
            continue
        a, b = f.const(_cval(r, t), t), f.const(_cval(r, t), t)
        flags = r.choice(OVF) if op in ("addi", "subi", "muli", "shli") else ""
        f.ret(f.emit(f"arith.{op} {a}, {b}{flags} : {t}"), t)
        x = f.arg(0)
        k = f.const(r.choice(edge_ints(t)), t)
        lhs, rhs = r.choice([(x, k), (k, x), (x, x), (x, f.arg(1))])
        f.ret(f.emit(f"arith.{op} {lhs}, {rhs}{flags} : {t}"), t)
    return f


def _int_tensor_folds(r: random.Random, name: str) -> Fn:
    """Splat constants fold like scalars."""
    e = r.choice(["i32", "i8", "i64"])
    t = f"tensor<4x{e}>"
    f = Fn(name, [t])
    for op in r.sample(INT_BINARY, 8):
        a, b = f.const(_cval(r, e), t), f.const(_cval(r, e), t)
        f.ret(f.emit(f"arith.{op} {a}, {b} : {t}"), t)
        f.ret(f.emit(f"arith.{op} %a0, {r.choice([a, '%a0'])} : {t}"), t)
    return f


def _nonsplat_folds(r: random.Random, name: str) -> Fn:
    """Non-splat element constants fold element by element (MLIR's
    constFoldBinaryOp/constFoldUnaryOp), a splat beside a non-splat too; no
    fold when one element has none (a zero divisor); a non-splat constant
    on the left of cmpi moves right."""
    e = r.choice(["i8", "i32", "i64", "index"])
    t, bt = f"tensor<4x{e}>", "tensor<4xi1>"
    f = Fn(name, [t])

    def ints(zero_ok: bool = True) -> str:
        vals = [_cval(r, e) for _ in range(4)]
        if not zero_ok:
            vals = [v or 1 for v in vals]
        if len(set(vals)) == 1:
            vals[0] += 1
        return "[" + ", ".join(map(str, vals)) + "]"

    for op in r.sample(INT_BINARY, 8):
        a = f.const(ints(), t)
        b = f.const(ints(r.random() < 0.3), t) if r.random() < 0.8 else f.const(_cval(r, e), t)
        f.ret(f.emit(f"arith.{op} {a}, {b} : {t}"), t)
    a, b = f.const(ints(), t), f.const(ints(), t)
    f.ret(f.emit(f"arith.cmpi {r.choice(CMPI)}, {a}, {b} : {t}"), bt)
    f.ret(f.emit(f"arith.cmpi {r.choice(CMPI)}, {a}, %a0 : {t}"), bt)
    if e != "index":
        lo, hi = f.emit2(f"arith.{r.choice(['mulsi_extended', 'mului_extended'])} {a}, {b} : {t}")
        f.ret(lo, t)
        f.ret(hi, t)
    fe = r.choice(FLOATS)
    nan = {"f16": "0x7E00", "f32": "0x7FC00000", "f64": "0x7FF8000000000000"}[fe]
    ft = f"tensor<4x{fe}>"
    x = f.const("[" + ", ".join(r.choice(["-0.0", "1.5", "2.0", "-3.0", nan]) for _ in range(3)) + ", 7.0]", ft)
    y = f.const("[1.0, 3.0, 0.5, -2.0]", ft)
    for op in r.sample(FLOAT_BINARY, 3):
        f.ret(f.emit(f"arith.{op} {x}, {y} : {ft}"), ft)
    f.ret(f.emit(f"arith.negf {x} : {ft}"), ft)
    return f


def _logic_folds(r: random.Random, name: str) -> Fn:
    """and/or/xor with their not, xor of xor, (a * b) / b."""
    t = r.choice(["i8", "i32", "i64"])
    f = Fn(name, [t, t])
    m = f.const(-1, t)
    n = f.emit(f"arith.xori %a0, {m} : {t}")
    f.ret(f.emit(f"arith.andi %a0, {n} : {t}"), t)
    f.ret(f.emit(f"arith.andi {n}, %a0 : {t}"), t)
    f.ret(f.emit(f"arith.ori %a0, {n} : {t}"), t)
    f.ret(f.emit(f"arith.ori {n}, %a1 : {t}"), t)
    a = f.emit(f"arith.andi %a0, %a1 : {t}")
    f.ret(f.emit(f"arith.andi %a{r.choice([0, 1])}, {a} : {t}"), t)
    x = f.emit(f"arith.xori %a0, %a1 : {t}")
    f.ret(f.emit(f"arith.xori {x}, %a{r.choice([0, 1])} : {t}"), t)
    f.ret(f.emit(f"arith.xori %a{r.choice([0, 1])}, {x} : {t}"), t)
    mul = f.emit(f"arith.muli %a0, %a1{r.choice(OVF)} : {t}")
    f.ret(f.emit(f"arith.{r.choice(['divsi', 'divui'])} {mul}, %a{r.choice([0, 1])} : {t}"), t)
    return f


def _cmp_folds(r: random.Random, name: str) -> Fn:
    t = r.choice(INTS + ["index"])
    f = Fn(name, [t, "i1"])
    for _ in range(4):
        a, b = f.const(_cval(r, t), t), f.const(_cval(r, t), t)
        f.ret(f.emit(f"arith.cmpi {r.choice(CMPI)}, {a}, {b} : {t}"), "i1")
        k = f.const(_cval(r, t), t)
        f.ret(f.emit(f"arith.cmpi {r.choice(CMPI)}, {k}, %a0 : {t}"), "i1")  # constant moves right
        f.ret(f.emit(f"arith.cmpi {r.choice(CMPI)}, %a0, %a0 : {t}"), "i1")
    e = f.emit(f"arith.{r.choice(['extsi', 'extui'])} %a1 : i1 to i32")
    f.ret(f.emit(f"arith.cmpi {r.choice(['ne', 'ne', 'eq'])}, {e}, {f.const(0, 'i32')} : i32"), "i1")
    f.ret(f.emit(f"arith.cmpi {r.choice(['ne', 'eq'])}, %a1, {f.const(r.choice([0, 1]), 'i1')} : i1"), "i1")
    return f


def _select_folds(r: random.Random, name: str) -> Fn:
    t = r.choice(["i32", "f32", "i1"])
    f = Fn(name, [t, t, "i1", "i32", "i32"])
    f.ret(f.emit(f"arith.select {f.const(r.choice([0, 1]), 'i1')}, %a0, %a1 : {t}"), t)
    f.ret(f.emit(f"arith.select %a2, %a0, %a0 : {t}"), t)
    c = f.emit(f"arith.cmpi {r.choice(['eq', 'ne'])}, %a3, %a4 : i32")
    f.ret(f.emit(f"arith.select {c}, %a{r.choice([3, 4])}, %a{r.choice([3, 4])} : i32"), "i32")
    f.ret(f.emit(f"arith.select %a2, {f.const(1, 'i1')}, {f.const(0, 'i1')} : i1"), "i1")
    mask = f.const(f"[{', '.join(r.choice(['true', 'false']) for _ in range(4))}]", "tensor<4xi1>")
    a = f.const(f"[{', '.join(str(_cval(r, 'i32')) for _ in range(4))}]", "tensor<4xi32>")
    b = f.const(_cval(r, "i32"), "tensor<4xi32>")
    f.ret(f.emit(f"arith.select {mask}, {a}, {b} : tensor<4xi1>, tensor<4xi32>"), "tensor<4xi32>")
    return f


def _cast_folds(r: random.Random, name: str) -> Fn:
    """Constant casts and cast-of-cast folds (some rewrite in place)."""
    f = Fn(name, ["i8", "i32", "index"])
    k = _cval(r, "i8")
    c8 = f.const(k, "i8")
    for op, dst in (("extsi", "i32"), ("extui", "i32"), ("index_cast", "index"), ("index_castui", "index")):
        f.ret(f.emit(f"arith.{op} {c8} : i8 to {dst}"), dst)
    c32 = f.const(_cval(r, "i32"), "i32")
    f.ret(f.emit(f"arith.trunci {c32} : i32 to i8"), "i8")
    e1 = f.emit(f"arith.{r.choice(['extsi', 'extui'])} %a0 : i8 to i16")
    f.ret(f.emit(f"arith.{r.choice(['extsi', 'extui'])} {e1} : i16 to i64"), "i64")
    e2 = f.emit(f"arith.{r.choice(['extsi', 'extui'])} %a0 : i8 to i32")
    dst = r.choice(["i8", "i16"])
    f.ret(f.emit(f"arith.trunci {e2} : i32 to {dst}"), dst)
    t1 = f.emit("arith.trunci %a1 : i32 to i16")
    f.ret(f.emit(f"arith.trunci {t1} : i16 to i8"), "i8")
    mid = r.choice(["index", "i64", "i16"])
    if mid == "index":
        ic = f.emit("arith.index_cast %a1 : i32 to index")
        f.ret(f.emit(f"arith.index_cast {ic} : index to i32"), "i32")
    else:
        ic = f.emit(f"arith.index_cast %a2 : index to {mid}")
        f.ret(f.emit(f"arith.index_cast {ic} : {mid} to index"), "index")
    icu = f.emit("arith.index_castui %a2 : index to i64")
    f.ret(f.emit(f"arith.index_castui {icu} : i64 to index"), "index")
    return f


def _const_cast_folds(r: random.Random, name: str) -> Fn:
    """Casts of scalar, splat and non-splat constants between ints and floats
    (exact and inexact float narrowing, out-of-range float to int, bitcasts)."""
    f = Fn(name, [])
    iv = [_cval(r, "i32") for _ in range(3)]
    dense_i = f"[{', '.join(str(v) for v in iv)}]"
    for src, v, dst, ops in (("i32", r.choice(iv), "f32", ("sitofp", "uitofp", "bitcast")),
                             ("i16", _cval(r, "i16"), "f64", ("sitofp", "uitofp")),
                             ("tensor<3xi32>", dense_i, "tensor<3xf32>", ("sitofp", "uitofp", "bitcast")),
                             ("tensor<3xi32>", dense_i, "tensor<3xi64>", ("extsi", "extui")),
                             ("tensor<3xi32>", dense_i, "tensor<3xindex>", ("index_cast", "index_castui")),
                             ("tensor<3xi32>", dense_i, "tensor<3xi8>", ("trunci",))):
        c = f.const(v, src)
        for op in ops:
            f.ret(f.emit(f"arith.{op} {c} : {src} to {dst}"), dst)
    fv = r.choice(["2.500000e+00", "-1.000000e+00", "3.000000e+38", "1.000000e-01", "6.553600e+04", "-0.000000e+00",
                   "0x7F800000", "4.294967e+09"])
    c = f.const(fv, "f32")
    for op, dst in (("fptosi", "i32"), ("fptoui", "i32"), ("fptosi", "i8"), ("fptoui", "i16"), ("extf", "f64"),
                    ("truncf", "f16"), ("bitcast", "i32")):
        f.ret(f.emit(f"arith.{op} {c} : f32 to {dst}"), dst)
    d = f.const(r.choice(["1.000000e-01", "2.500000e+00", "-3.000000e+00", "1.000000e+300"]), "f64")
    f.ret(f.emit(f"arith.truncf {d} : f64 to f32"), "f32")
    # convertf between the 16-bit formats (folded only when exact) and flush_denormals
    # (subnormals of either sign, the smallest normal, NaN, a splat and a non-splat)
    h = f.const(r.choice(["1.500000e+00", "1.000980e+00", "6.550400e+04", "-0.000000e+00", "0x7E00", "0xFC00",
                          "5.960460e-08"]), "f16")
    f.ret(f.emit(f"arith.convertf {h} : f16 to bf16"), "bf16")
    g = f.const(r.choice(["2.500000e+00", "1.003910e+00", "3.389530e+38", "0x7FC0", "9.183550e-41"]), "bf16")
    f.ret(f.emit(f"arith.convertf {g} : bf16 to f16"), "f16")
    for v in r.sample(["1.000000e-40", "-1.000000e-40", "1.17549435E-38", "0x7FC00000", "-2.000000e+00",
                       "0x00000001"], 3):
        f.ret(f.emit(f"arith.flush_denormals {f.const(v, 'f32')} : f32"), "f32")
    vals = ", ".join(r.sample(["1.000000e-40", "-1.000000e-45", "2.000000e+00", "0.000000e+00"], 3))
    f.ret(f.emit(f"arith.flush_denormals {f.const(f'[{vals}]', 'tensor<3xf32>')} : tensor<3xf32>"),
          "tensor<3xf32>")
    return f


def _float_folds(r: random.Random, name: str) -> Fn:
    """Float identities (with NaN, +-inf, -0.0 constants) and f32 constant folds."""
    t = r.choice(["f32", "f64", "f16"])
    f = Fn(name, [t])
    consts = F32_SPECIAL if t == "f32" else ["-0.000000e+00", "0.000000e+00", "1.000000e+00", "2.500000e+00"]
    for op in FLOAT_BINARY:
        k = f.const(r.choice(consts), t)
        fm = r.choice(["", "", " fastmath<nnan,nsz>", " fastmath<fast>"])
        f.ret(f.emit(f"arith.{op} %a0, {k}{fm} : {t}"), t)
        f.ret(f.emit(f"arith.{op} %a0, %a0 : {t}"), t)
        if t in ("f32", "f64"):  # constant folds, NaN/inf/-0.0 included for f32
            pool = consts + ["-3.000000e+00", "5.000000e-01", "7.500000e+00"]
            a, b = f.const(r.choice(pool), t), f.const(r.choice(pool), t)
            f.ret(f.emit(f"arith.{op} {a}, {b} : {t}"), t)
    if t in ("f32", "f64"):
        a, b = f.const(r.choice(consts), t), f.const(r.choice(consts), t)
        f.ret(f.emit(f"arith.remf {a}, {b} : {t}"), t)
        for _ in range(3):
            a, b = f.const(r.choice(consts), t), f.const(r.choice(consts), t)
            f.ret(f.emit(f"arith.cmpf {r.choice(CMPF)}, {a}, {b} : {t}"), "i1")
    n = f.emit(f"arith.negf %a0 : {t}")
    f.ret(f.emit(f"arith.negf {n} : {t}"), t)
    return f


def _narrow_bits(r: random.Random, t: str, nonzero: bool = False, finite: bool = False) -> int:
    """A bit pattern of `t`: its zeros, one, NaNs, infinities, largest and
    smallest values, or a random one."""
    bits, man, kind = NARROW_FLOATS[t]
    sign = 1 << (bits - 1)
    exp_all = ((1 << (bits - 1 - man)) - 1) << man
    bias_one = ((1 << (bits - 2 - man)) - 1) << man  # 1.0
    pool = [bias_one, bias_one | sign, 1, sign | 1, sign - 1, (1 << bits) - 1, exp_all, exp_all | sign,
            exp_all | (1 << (man - 1)), exp_all - 1, (exp_all - 1) | sign, bias_one | 1, bias_one + (1 << man)]
    if not nonzero:
        pool += [0, sign]
    while True:
        v = r.choice(pool) if r.random() < 0.6 else r.getrandbits(bits)
        special = (kind == "ieee" and v & exp_all == exp_all) or (kind == "fn" and v & (sign - 1) == sign - 1) or \
            (kind == "fnuz" and v == sign)
        if (nonzero and v & (sign - 1) == 0) or (finite and special):
            continue
        return v


def _narrow_float_folds(r: random.Random, name: str) -> Fn:
    """Constant folds in bf16, f16, tf32, f128 and the f8/f6/f4 formats (APFloat
    semantics: round to nearest even in the format, NaN/inf per format, hex
    printing of NaN and inf), identities, comparisons and casts."""
    types = r.sample(sorted(NARROW_FLOATS), 4)
    f = Fn(name, types)
    for i, t in enumerate(types):
        _, _, kind = NARROW_FLOATS[t]
        tt = f"tensor<2x{t}>" if r.random() < 0.3 else t
        for op in FLOAT_BINARY + ["remf"]:
            # x / 0 in a format with neither inf nor NaN has no value (undefined in APFloat)
            nonzero = kind == "finite" and op in ("divf", "remf")
            a = f.const(f"0x{_narrow_bits(r, t, nonzero and tt != t):X}", tt)  # (a tensor divides a by a)
            b = f.const(f"0x{_narrow_bits(r, t, nonzero):X}", tt)
            f.ret(f.emit(f"arith.{op} {a}, {b} : {tt}"), tt)
            f.ret(f.emit(f"arith.{op} %a{i}, {b} : {t}" if tt == t else f"arith.{op} {a}, {a} : {tt}"), tt)
        n = f.const(f"0x{_narrow_bits(r, t):X}", t)
        f.ret(f.emit(f"arith.negf {n} : {t}"), t)
        for _ in range(3):
            a, b = f.const(f"0x{_narrow_bits(r, t):X}", t), f.const(f"0x{_narrow_bits(r, t):X}", t)
            f.ret(f.emit(f"arith.cmpf {r.choice(CMPF)}, {a}, {b} : {t}"), "i1")
        f.ret(f.emit(f"arith.cmpf {r.choice(CMPF)}, %a{i}, {n} : {t}"), "i1")
        wide = "f64" if t != "f128" else None
        if wide:
            c = f.const(f"0x{_narrow_bits(r, t):X}", t)
            f.ret(f.emit(f"arith.extf {c} : {t} to {wide}"), wide)
            src = f.const(r.choice(["1.000000e+00", "-2.500000e-01", "3.000000e+00", "1.000000e-01", "4.480000e+02",
                                    "6.553600e+04", "0x7FF8000000000000", "0xFFF0000000000000", "-0.000000e+00"])
                          if kind != "finite" else r.choice(["1.500000e+00", "-3.000000e+00", "1.000000e-01"]), wide)
            f.ret(f.emit(f"arith.truncf {src} : {wide} to {t}"), t)
        it = r.choice(["i8", "i16", "i32"])
        k = f.const(r.choice(edge_ints(it) + [r.randint(-100, 100)]), it)
        f.ret(f.emit(f"arith.{r.choice(['sitofp', 'uitofp'])} {k} : {it} to {t}"), t)
        c = f.const(f"0x{_narrow_bits(r, t):X}", t)
        f.ret(f.emit(f"arith.{r.choice(['fptosi', 'fptoui'])} {c} : {t} to {it}"), it)
    return f


def _int_cmpi_pred_folds(r: random.Random, name: str) -> Fn:
    """i1 comparisons against constants fold to the operand."""
    f = Fn(name, ["i1", "tensor<4xi1>"])
    f.ret(f.emit(f"arith.cmpi ne, %a0, {f.const(0, 'i1')} : i1"), "i1")
    f.ret(f.emit(f"arith.cmpi eq, %a0, {f.const(1, 'i1')} : i1"), "i1")
    z = f.const("false", "tensor<4xi1>")
    f.ret(f.emit(f"arith.cmpi ne, %a1, {z} : tensor<4xi1>"), "tensor<4xi1>")
    return f


# pattern name (MLIR's debug name) -> case generator
PATTERN_CASES: dict[str, Callable[[random.Random, str], Fn]] = {
    "AddIAddConstant": _reassoc("addi", "addi", True, True),
    "AddISubConstantRHS": _reassoc("addi", "subi", True, True),
    "AddISubConstantLHS": _reassoc("addi", "subi", False, True),
    "AddIMulNegativeOneRhs": _add_mul_neg(True),
    "AddIMulNegativeOneLhs": _add_mul_neg(False),
    "SubIRHSAddConstant": _reassoc("subi", "addi", True, True),
    "SubILHSAddConstant": _reassoc("subi", "addi", True, False),
    "SubIRHSSubConstantRHS": _reassoc("subi", "subi", True, True),
    "SubIRHSSubConstantLHS": _reassoc("subi", "subi", False, True),
    "SubILHSSubConstantRHS": _reassoc("subi", "subi", True, False),
    "SubILHSSubConstantLHS": _reassoc("subi", "subi", False, False),
    "SubISubILHSRHSLHS": _sub_sub,
    "MulIMulIConstant": _reassoc("muli", "muli", True, True),
    "XOrINotCmpI": _xor_not_cmpi,
    "XOrIOfExtUI": _logic_of_ext("xori", "extui"),
    "XOrIOfExtSI": _logic_of_ext("xori", "extsi"),
    "AndOfExtUI": _logic_of_ext("andi", "extui"),
    "AndOfExtSI": _logic_of_ext("andi", "extsi"),
    "OrOfExtUI": _logic_of_ext("ori", "extui"),
    "OrOfExtSI": _logic_of_ext("ori", "extsi"),
    "CmpIExtSI": _cmpi_of_ext("extsi"),
    "CmpIExtUI": _cmpi_of_ext("extui"),
    "RedundantSelectFalse": _redundant_select(False),
    "RedundantSelectTrue": _redundant_select(True),
    "SelectNotCond": _select_not_cond,
    "SelectI1ToNot": _select_i1_to_not,
    "SelectToExtUI": _select_to_extui,
    "IndexCastOfExtSI": _cast_chain(("extsi", "i8", "i32"), ("index_cast", "index")),
    "IndexCastUIOfExtUI": _cast_chain(("extui", "i8", "i32"), ("index_castui", "index")),
    "BitcastOfBitcast": _cast_chain(("bitcast", "i32", "f32"), ("bitcast", "i32")),
    "ExtSIOfExtUI": _cast_chain(("extui", "i8", "i16"), ("extsi", "i64")),
    "TruncIExtSIToExtSI": _trunci_of_ext("extsi"),
    "TruncIExtUIToExtUI": _trunci_of_ext("extui"),
    "TruncIShrSIToTrunciShrUI": _trunci_shrsi,
    "TruncFSIToFPToSIToFP": _truncf_of_int("sitofp"),
    "TruncFUIToFPToUIToFP": _truncf_of_int("uitofp"),
    "MulFOfNegF": _of_negf("mulf"),
    "DivFOfNegF": _of_negf("divf"),
    "UIToFPOfExtUI": _cast_chain(("extui", "i8", "i32"), ("uitofp", "f32")),
    "SIToFPOfExtSI": _cast_chain(("extsi", "i8", "i32"), ("sitofp", "f32")),
    "SIToFPOfExtUI": _cast_chain(("extui", "i8", "i32"), ("sitofp", "f32")),
    "CmpFIntToFPConst": _cmpf_int_to_fp,
    "AddUIExtendedToAddI": _extended("addui_extended", 0.3),
    "SubUIExtendedToSubI": _extended("subui_extended", 0.3),
    "MulSIExtendedToMulI": _extended("mulsi_extended", 0.3),
    "MulSIExtendedRHSOne": _extended("mulsi_extended", 0.8),
    "MulUIExtendedToMulI": _extended("mului_extended", 0.3),
}
FOLD_CASES: dict[str, Callable[[random.Random, str], Fn]] = {
    "int_folds": _int_folds,
    "int_tensor_folds": _int_tensor_folds,
    "nonsplat_folds": _nonsplat_folds,
    "logic_folds": _logic_folds,
    "cmp_folds": _cmp_folds,
    "select_folds": _select_folds,
    "cast_folds": _cast_folds,
    "float_folds": _float_folds,
    "narrow_float_folds": _narrow_float_folds,
    "i1_cmp_folds": _int_cmpi_pred_folds,
    "extended_folds": _extended_folds,
    "const_cast_folds": _const_cast_folds,
}
CASES = {**PATTERN_CASES, **FOLD_CASES}


def gen_arith_program(seed: int) -> str:
    r = random.Random(seed)
    names = list(CASES)
    r.shuffle(names)
    return "\n".join(CASES[n](r, n).text() for n in names) + "\n"


def pattern_case(name: str, draws: int = 8) -> str:
    """A module of `draws` instances of one pattern's case (near misses
    included), for checking that the pattern fires."""
    return "\n".join(PATTERN_CASES[name](random.Random(s), f"{name}_{s}").text() for s in range(draws)) + "\n"


if __name__ == "__main__":
    sys.stdout.write(gen_arith_program(int(sys.argv[1]) if len(sys.argv) > 1 else 0))
