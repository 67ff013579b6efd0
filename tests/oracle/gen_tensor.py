#!/usr/bin/env python3
"""Seeded generator of small tensor-dialect programs for the generic-pass
differential suite (tests/oracle/test_ireeopt_oracle.py).

Each program is one public function over a dynamically shaped tensor, an
index, a scalar and an unranked tensor, built from the tensor ops hlopt
declares and the folds/patterns MLIR registers for them: dim of static and
dynamic dims (of tensor.empty, of casts), rank, empty with constant sizes,
cast chains and identity casts, from_elements of constants and extract
from it, splat of constants, extract from dense and splat constants,
insert into splat constants, bitcast chains, single-input concat, full and
partial slices, collapse of expand — with duplicated ops for CSE. All of
it is valid MLIR that iree-opt accepts, printed in the custom form.

API::

    gen_tensor_program(seed) -> str

CLI: ``python tests/oracle/gen_tensor.py SEED``
"""
from __future__ import annotations

import random
import sys

T = "tensor<4x?xf32>"


class _Gen:
    def __init__(self, seed: int):
        self.r = random.Random(seed)
        self.n = 0
        self.lines: list[str] = []
        self.pool: dict[str, list[str]] = {"index": ["%i"], "f32": ["%s"], T: ["%t"], "i32": []}

    def fresh(self) -> str:
        self.n += 1
        return f"%v{self.n}"

    def emit(self, text: str, ty: str | None, v: str | None = None) -> str:
        v = v or self.fresh()
        self.lines.append(f"    {v} = {text}")
        if ty is not None:
            self.pool.setdefault(ty, []).append(v)
        return v

    def idx_const(self, k: int) -> str:
        return self.emit(f"arith.constant {k} : index", "index")

    def pick(self, ty: str) -> str:
        vals = self.pool.get(ty) or []
        return self.r.choice(vals[-4:]) if vals else self.idx_const(1)

    def step(self) -> None:
        r = self.r
        k = r.randrange(16)
        if k == 0:  # dim of the argument, static or dynamic dim
            c = self.idx_const(r.choice([0, 1]))
            self.emit(f"tensor.dim %t, {c} : {T}", "index")
        elif k == 1:  # empty with a constant or dynamic size, then its dims
            size = self.idx_const(r.choice([2, 5])) if r.random() < 0.5 else self.pick("index")
            e = self.emit(f"tensor.empty({size}) : {T}", T)
            c = self.idx_const(r.choice([0, 1]))
            self.emit(f"tensor.dim {e}, {c} : {T}", "index")
        elif k == 2:  # rank of ranked and unranked tensors
            self.emit(f"tensor.rank {self.pick(T)} : {T}", "index")
            self.emit("tensor.rank %u : tensor<*xf32>", "index")
        elif k == 3:  # cast chains and identity casts
            a = self.emit(f"tensor.cast {self.pick(T)} : {T} to tensor<?x?xf32>", "tensor<?x?xf32>")
            self.emit(f"tensor.cast {a} : tensor<?x?xf32> to {T}", T)
            if r.random() < 0.5:
                self.emit(f"tensor.cast {self.pick(T)} : {T} to {T}", T)
        elif k == 4:  # dim of a cast
            a = self.emit(f"tensor.cast {self.pick(T)} : {T} to tensor<?x?xf32>", None)
            c = self.idx_const(1)
            self.emit(f"tensor.dim {a}, {c} : tensor<?x?xf32>", "index")
        elif k == 5:  # from_elements of constants or not, and extract from it
            elems = [self.emit(f"arith.constant {r.choice(['1.0', '2.5', '-3.0'])} : f32", "f32")
                     if r.random() < 0.5 else self.pick("f32") for _ in range(3)]
            fe = self.emit(f"tensor.from_elements {', '.join(elems)} : tensor<3xf32>", None)
            idx = self.idx_const(r.randrange(3)) if r.random() < 0.7 else self.pick("index")
            self.emit(f"tensor.extract {fe}[{idx}] : tensor<3xf32>", "f32")
        elif k == 6:  # extract from dense and splat constants
            dense = r.choice(["dense<[1.0, 2.0, 3.0, 4.0]>", "dense<7.0>"])
            cst = self.emit(f"arith.constant {dense} : tensor<4xf32>", None)
            idx = self.idx_const(r.randrange(4)) if r.random() < 0.7 else self.pick("index")
            self.emit(f"tensor.extract {cst}[{idx}] : tensor<4xf32>", "f32")
        elif k == 7:  # splat of a constant or not
            src = self.emit("arith.constant 3 : i32", "i32") if r.random() < 0.6 else "%n"
            self.emit(f"tensor.splat {src} : tensor<3xi32>", "tensor<3xi32>")
        elif k == 8:  # bitcast chain
            a = self.emit("tensor.bitcast %w : tensor<3xi32> to tensor<3xf32>", None)
            self.emit(f"tensor.bitcast {a} : tensor<3xf32> to tensor<3xi32>", "tensor<3xi32>")
        elif k == 9:  # single-input concat
            self.emit(f"tensor.concat dim(0) {self.pick(T)} : ({T}) -> {T}", T)
        elif k == 10:  # full (identity) and partial slices of a static tensor
            self.emit("tensor.extract_slice %r[0, 0] [4, 5] [1, 1] : tensor<4x5xf32> to tensor<4x5xf32>",
                      "tensor<4x5xf32>")
            self.emit("tensor.extract_slice %r[1, 0] [2, 5] [1, 1] : tensor<4x5xf32> to tensor<2x5xf32>",
                      "tensor<2x5xf32>")
        elif k == 11:  # collapse of expand
            e = self.emit("tensor.expand_shape %r [[0, 1], [2]] output_shape [2, 2, 5] : tensor<4x5xf32> "
                          "into tensor<2x2x5xf32>", None)
            self.emit(f"tensor.collapse_shape {e} [[0, 1], [2]] : tensor<2x2x5xf32> into tensor<4x5xf32>",
                      "tensor<4x5xf32>")
        elif k == 12:  # extract with dynamic indices from the argument (no fold)
            self.emit(f"tensor.extract %t[{self.pick('index')}, {self.pick('index')}] : {T}", "f32")
        elif k == 13:  # insert into a tensor, and into a splat constant of the same value
            cst = self.emit("arith.constant dense<2.0> : tensor<4xf32>", None)
            two = self.emit("arith.constant 2.0 : f32", None)
            idx = self.idx_const(r.randrange(4))
            self.emit(f"tensor.insert {two} into {cst}[{idx}] : tensor<4xf32>", "tensor<4xf32>")
            self.emit(f"tensor.insert {self.pick('f32')} into %t[{self.pick('index')}, {self.pick('index')}] : {T}",
                      T)
        elif k == 14:  # full insert_slice of a static tensor
            self.emit("tensor.insert_slice %r into %r2[0, 0] [4, 5] [1, 1] : tensor<4x5xf32> into tensor<4x5xf32>",
                      "tensor<4x5xf32>")
        else:  # a duplicate of an earlier op, for cse
            pure = [line for line in self.lines if "tensor." in line]
            if pure:
                line = r.choice(pure).strip()
                rhs = line.split(" = ", 1)[1]
                self.lines.append(f"    {self.fresh()} = {rhs}")

    def program(self) -> str:
        for _ in range(self.r.randrange(6, 14)):
            self.step()
        rets = {}
        for ty in ("index", "f32", T, "tensor<3xi32>", "tensor<4x5xf32>", "tensor<4xf32>"):
            vals = self.pool.get(ty) or []
            if vals:
                rets[ty] = vals[-1]
        sig = ("%t: tensor<4x?xf32>, %i: index, %s: f32, %u: tensor<*xf32>, %n: i32, %w: tensor<3xi32>, "
               "%r: tensor<4x5xf32>, %r2: tensor<4x5xf32>")
        out = [f"  func.func @main({sig}) -> ({', '.join(rets)}) {{"]
        out += self.lines
        out.append(f"    return {', '.join(rets.values())} : {', '.join(rets)}")
        out.append("  }")
        return "module {\n" + "\n".join(out) + "\n}\n"


def gen_tensor_program(seed: int) -> str:
    return _Gen(seed).program()


if __name__ == "__main__":
    sys.stdout.write(gen_tensor_program(int(sys.argv[1]) if len(sys.argv) > 1 else 0))
