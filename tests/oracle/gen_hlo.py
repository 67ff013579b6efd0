#!/usr/bin/env python3
"""Seeded generator of small StableHLO/CHLO programs for the generic-pass
differential suite (tests/oracle/test_ireeopt_oracle.py).

The programs hold the cases a folder could touch: elementwise ops on
constants, add/multiply/subtract with 0 and 1 and x-x, identity reshape,
transpose, broadcast_in_dim, convert, slice, reverse and pad, compare of a
value with itself and of constants, select with a constant predicate,
single-input concatenate, get_tuple_element of tuple, chlo.constant_like
on static and dynamic operands, and duplicated ops and constants. iree-opt's
`--canonicalize` folds only what StableHLO and CHLO register in the dialect
(constants, chlo.constant_like); the suite holds hlopt to exactly that.

API::

    gen_hlo_program(seed) -> str

CLI: ``python tests/oracle/gen_hlo.py SEED``
"""
from __future__ import annotations

import random
import sys

V = "tensor<4xf32>"
M = "tensor<2x3xf32>"
VI = "tensor<4xi32>"


class _Gen:
    def __init__(self, seed: int):
        self.r = random.Random(seed)
        self.n = 0
        self.lines: list[str] = []
        self.pool: dict[str, list[str]] = {V: ["%a", "%b"], M: ["%m"], VI: ["%k"], "tensor<4xi1>": []}

    def emit(self, text: str, ty: str | None) -> str:
        self.n += 1
        v = f"%v{self.n}"
        self.lines.append(f"    {v} = {text}")
        if ty is not None:
            self.pool.setdefault(ty, []).append(v)
        return v

    def pick(self, ty: str) -> str:
        return self.r.choice(self.pool[ty][-4:])

    def const(self, ty: str) -> str:
        r = self.r
        if ty == VI:
            body = r.choice(["dense<0>", "dense<1>", "dense<[1, 2, 3, 4]>", "dense<-3>"])
        elif ty == M:
            body = r.choice(["dense<0.000000e+00>", "dense<1.000000e+00>"])
        else:
            body = r.choice(["dense<0.000000e+00>", "dense<1.000000e+00>", "dense<2.500000e+00>",
                             "dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>"])
        return self.emit(f"stablehlo.constant {body} : {ty}", ty)

    def step(self) -> None:
        r = self.r
        k = r.randrange(14)
        if k == 0:  # elementwise binary ops, on constants or with identities
            ty = r.choice([V, VI])
            op = r.choice(["add", "multiply", "subtract", "maximum", "minimum"])
            a = self.const(ty) if r.random() < 0.5 else self.pick(ty)
            b = a if r.random() < 0.2 else (self.const(ty) if r.random() < 0.6 else self.pick(ty))
            self.emit(f"stablehlo.{op} {a}, {b} : {ty}", ty)
        elif k == 1:  # unary ops on constants or values
            a = self.const(V) if r.random() < 0.5 else self.pick(V)
            self.emit(f"stablehlo.{r.choice(['negate', 'abs', 'exponential', 'sqrt'])} {a} : {V}", V)
        elif k == 2:  # identity reshape / convert / reverse
            a = self.pick(V)
            self.emit(f"stablehlo.reshape {a} : ({V}) -> {V}", V)
            self.emit(f"stablehlo.convert {self.pick(V)} : {V}", V)
            self.emit(f"stablehlo.reverse {self.pick(V)}, dims = [] : {V}", V)
        elif k == 3:  # identity transpose / broadcast_in_dim
            self.emit(f"stablehlo.transpose {self.pick(M)}, dims = [0, 1] : ({M}) -> {M}", M)
            self.emit(f"stablehlo.broadcast_in_dim {self.pick(M)}, dims = [0, 1] : ({M}) -> {M}", M)
        elif k == 4:  # full slice and zero pad
            self.emit(f"stablehlo.slice {self.pick(V)} [0:4] : ({V}) -> {V}", V)
            z = self.emit("stablehlo.constant dense<0.000000e+00> : tensor<f32>", None)
            self.emit(f"stablehlo.pad {self.pick(V)}, {z}, low = [0], high = [0], interior = [0] : "
                      f"({V}, tensor<f32>) -> {V}", V)
        elif k == 5:  # compares: x with itself, constants with constants
            a = self.pick(V)
            self.emit(f"stablehlo.compare EQ, {a}, {a} : ({V}, {V}) -> tensor<4xi1>", "tensor<4xi1>")
            c1, c2 = self.const(V), self.const(V)
            self.emit(f"stablehlo.compare LT, {c1}, {c2} : ({V}, {V}) -> tensor<4xi1>", "tensor<4xi1>")
        elif k == 6:  # select with a constant predicate
            p = self.emit(f"stablehlo.constant dense<{r.choice(['true', 'false'])}> : tensor<i1>", None)
            self.emit(f"stablehlo.select {p}, {self.pick(V)}, {self.pick(V)} : tensor<i1>, {V}", V)
        elif k == 7:  # single-input concatenate
            self.emit(f"stablehlo.concatenate {self.pick(V)}, dim = 0 : ({V}) -> {V}", V)
        elif k == 8:  # get_tuple_element of tuple
            t = self.emit(f"stablehlo.tuple {self.pick(V)}, {self.pick(M)} : tuple<{V}, {M}>", None)
            self.emit(f"stablehlo.get_tuple_element {t}[0] : (tuple<{V}, {M}>) -> {V}", V)
        elif k == 9:  # chlo.constant_like: static operands fold, dynamic ones stay
            v = r.choice(["1.000000e+00 : f32", "2.500000e+00 : f32"])
            self.emit(f'"chlo.constant_like"({self.pick(V)}) <{{value = {v}}}> : ({V}) -> {V}', V)
            self.emit(f'"chlo.constant_like"(%d) <{{value = {v}}}> : (tensor<?xf32>) -> tensor<?xf32>', None)
            self.emit(f'"chlo.constant_like"({self.pick(VI)}) <{{value = {r.choice([0, 7, -2])} : i32}}> : '
                      f'({VI}) -> {VI}', VI)
        elif k == 10:  # chlo broadcast ops and chlo.constant
            c = self.emit(f"chlo.constant dense<3.000000e+00> : {V}", V)
            self.emit(f"chlo.broadcast_add {self.pick(V)}, {c} : ({V}, {V}) -> {V}", V)
        elif k == 11:  # reduce with an add body
            z = self.emit("stablehlo.constant dense<0.000000e+00> : tensor<f32>", None)
            self.emit(f"stablehlo.reduce({self.pick(V)} init: {z}) applies stablehlo.add across dimensions = [0] "
                      f": ({V}, tensor<f32>) -> tensor<f32>", "tensor<f32>")
        elif k == 12:  # iota and duplicated constants
            self.emit(f"stablehlo.iota dim = 0 : {V}", V)
            self.const(V)
        else:  # a duplicate of an earlier op, for cse
            ops = [line for line in self.lines if "stablehlo." in line or "chlo." in line]
            if ops:
                rhs = self.r.choice(ops).strip().split(" = ", 1)[1]
                self.n += 1
                self.lines.append(f"    %v{self.n} = {rhs}")

    def program(self) -> str:
        for _ in range(self.r.randrange(8, 16)):
            self.step()
        rets = {}
        for ty in (V, M, VI, "tensor<4xi1>", "tensor<f32>"):
            vals = self.pool.get(ty) or []
            if vals:
                rets[ty] = vals[-1]
        sig = f"%a: {V}, %b: {V}, %m: {M}, %k: {VI}, %d: tensor<?xf32>"
        out = [f"  func.func @main({sig}) -> ({', '.join(rets)}) {{"]
        out += self.lines
        out.append(f"    return {', '.join(rets.values())} : {', '.join(rets)}")
        out.append("  }")
        return "module {\n" + "\n".join(out) + "\n}\n"


def gen_hlo_program(seed: int) -> str:
    return _Gen(seed).program()


if __name__ == "__main__":
    sys.stdout.write(gen_hlo_program(int(sys.argv[1]) if len(sys.argv) > 1 else 0))
