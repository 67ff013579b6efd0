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

Seeds from EXTENDED_FROM on (earlier seeds' programs are unchanged) add
the rest of MLIR's tensor patterns, over more arguments: casts to more and
less static types around extract_slice, empty, expand_shape, collapse_shape,
pad and insert_slice; dims of destination-style ops, reshapes, generates and
slices; extracts through casts, index_casts and generates; constant extents
and slice/pad operands; concat type inference; reshape compositions and
reshapes of splats, from_elements and constants; consecutive and static
pads. Their results are all returned, so each rewrite is visible.

API::

    gen_tensor_program(seed) -> str

CLI: ``python tests/oracle/gen_tensor.py SEED``
"""
from __future__ import annotations

import random
import sys

T = "tensor<4x?xf32>"
EXTENDED_FROM = 24


class _Gen:
    def __init__(self, seed: int):
        self.r = random.Random(seed)
        self.extended = seed >= EXTENDED_FROM
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
        k = r.randrange(16 + len(_EXTRA) if self.extended else 16)
        if k >= 16:
            _EXTRA[k - 16](self)
            return
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
        sig = ("%t: tensor<4x?xf32>, %i: index, %s: f32, %u: tensor<*xf32>, %n: i32, %w: tensor<3xi32>, "
               "%r: tensor<4x5xf32>, %r2: tensor<4x5xf32>")
        if self.extended:
            # every value made, so no rewrite is hidden by dead-code removal
            rets = [(v, ty) for ty, vals in self.pool.items() for v in vals if v.startswith("%v")]
            sig += (", %big: tensor<8x8xf32>, %dyn: tensor<?x?xf32>, %vec: tensor<?xf32>, %sh: tensor<2xindex>, "
                    "%sh32: tensor<2xi32>, %w4: tensor<4xi32>, %j: index")
        else:
            rets = []
            for ty in ("index", "f32", T, "tensor<3xi32>", "tensor<4x5xf32>", "tensor<4xf32>"):
                vals = self.pool.get(ty) or []
                if vals:
                    rets.append((vals[-1], ty))
        types = ", ".join(ty for _, ty in rets)
        out = [f"  func.func @main({sig}) -> ({types}) {{"]
        out += self.lines
        out.append(f"    return {', '.join(v for v, _ in rets)} : {types}")
        out.append("  }")
        return "module {\n" + "\n".join(out) + "\n}\n"

    # -- the extended seeds' constructs ------------------------------------------------
    def idx(self) -> str:
        """A constant index or a dynamic one."""
        return self.idx_const(self.r.choice([1, 2])) if self.r.random() < 0.5 else self.r.choice(["%i", "%j"])

    def pad_body(self, rank: int, value: str) -> str:
        args = ", ".join(f"%p{self.n}_{d}: index" for d in range(rank))
        return f"{{\n    ^bb0({args}):\n      tensor.yield {value} : f32\n    }}"


def _x_cast_slice(g: _Gen) -> None:
    """TensorCastExtractSlice, dim of a slice, ExtractSliceOpCastFolder."""
    s = g.emit(f"tensor.extract_slice %big[%i, 0] [{g.idx()}, 8] [1, 1] : tensor<8x8xf32> to tensor<?x8xf32>",
               "tensor<?x8xf32>")
    g.emit(f"tensor.cast {s} : tensor<?x8xf32> to tensor<2x8xf32>", "tensor<2x8xf32>")
    g.emit(f"tensor.dim {s}, {g.idx_const(0)} : tensor<?x8xf32>", "index")
    c = g.emit("tensor.cast %big : tensor<8x8xf32> to tensor<?x?xf32>", None)
    g.emit(f"tensor.extract_slice {c}[%j, 0] [2, 4] [1, 1] : tensor<?x?xf32> to tensor<2x4xf32>", "tensor<2x4xf32>")


def _x_empty(g: _Gen) -> None:
    """FoldEmptyTensorWithCastOp, ReplaceEmptyTensorStaticShapeDims, FoldEmptyTensorWithDimOp."""
    e = g.emit(f"tensor.empty({g.idx()}, %i) : tensor<?x?xf32>", "tensor<?x?xf32>")
    g.emit(f"tensor.cast {e} : tensor<?x?xf32> to tensor<4x?xf32>", T)
    g.emit(f"tensor.dim {e}, {g.idx_const(1)} : tensor<?x?xf32>", "index")


def _x_dims(g: _Gen) -> None:
    """DimOfDestStyleOp, DimOfReshapeOp, dim of generate and of casts."""
    c0 = g.idx_const(0)
    ins = g.emit(f"tensor.insert %s into %vec[{g.idx()}] : tensor<?xf32>", "tensor<?xf32>")
    g.emit(f"tensor.dim {ins}, {c0} : tensor<?xf32>", "index")
    sh = g.r.choice([("%sh", "tensor<2xindex>"), ("%sh32", "tensor<2xi32>")])
    rs = g.emit(f"tensor.reshape %vec({sh[0]}) : (tensor<?xf32>, {sh[1]}) -> tensor<?x?xf32>", "tensor<?x?xf32>")
    g.emit(f"tensor.dim {rs}, {g.idx_const(g.r.choice([0, 1]))} : tensor<?x?xf32>", "index")
    c = g.emit("tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>", None)
    g.emit(f"tensor.dim {c}, {g.r.choice(['%i', c0])} : tensor<?x?xf32>", "index")


def _x_extracts(g: _Gen) -> None:
    """ExtractFromTensorCast, ExtractElementFromIndexCast, ExtractFromTensorGenerate, StaticTensorGenerate,
    extract of insert."""
    c = g.emit("tensor.cast %vec : tensor<?xf32> to tensor<4xf32>", "tensor<4xf32>")
    g.emit(f"tensor.extract {c}[{g.idx()}] : tensor<4xf32>", "f32")
    ic = g.emit("arith.index_cast %w4 : tensor<4xi32> to tensor<4xindex>", None)
    g.emit(f"tensor.extract {ic}[%i] : tensor<4xindex>", "index")
    a = f"%a{g.n}"
    gen = g.emit(f"tensor.generate {g.idx()} {{\n    ^bb0({a}: index):\n      %x{g.n} = arith.index_cast {a} : index "
                 f"to i32\n      %y{g.n} = arith.sitofp %x{g.n} : i32 to f32\n      tensor.yield %y{g.n} : f32\n"
                 "    } : tensor<?xf32>", "tensor<?xf32>")
    g.emit(f"tensor.extract {gen}[%j] : tensor<?xf32>", "f32")
    k = g.idx()
    ins = g.emit(f"tensor.insert %s into %vec[{k}] : tensor<?xf32>", None)
    g.emit(f"tensor.extract {ins}[{k}] : tensor<?xf32>", "f32")


def _x_concat(g: _Gen) -> None:
    """InferConcatOperandTypes, InferConcatResultType."""
    a = g.emit("tensor.cast %big : tensor<8x8xf32> to tensor<?x8xf32>", None)
    g.emit(f"tensor.concat dim(0) {a}, %dyn : (tensor<?x8xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>",
           "tensor<?x?xf32>")
    g.emit("tensor.concat dim(1) %r, %r2 : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<?x?xf32>", "tensor<?x?xf32>")


def _x_slices(g: _Gen) -> None:
    """Constant-argument folder, splat slices, extract after insert, identity slices."""
    c1, c2 = g.idx_const(1), g.idx_const(2)
    g.emit(f"tensor.extract_slice %big[{c1}, 0] [{c2}, 4] [{c1}, 1] : tensor<8x8xf32> to tensor<?x4xf32>",
           "tensor<?x4xf32>")
    sp = g.emit("arith.constant dense<2.5> : tensor<8x8xf32>", None)
    g.emit(f"tensor.extract_slice {sp}[%i, 1] [2, 4] [1, 1] : tensor<8x8xf32> to tensor<2x4xf32>", "tensor<2x4xf32>")
    small = g.emit("tensor.extract_slice %big[0, 0] [2, 4] [1, 1] : tensor<8x8xf32> to tensor<2x4xf32>", None)
    ins = g.emit(f"tensor.insert_slice {small} into %big[%i, 2] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>",
                 "tensor<8x8xf32>")
    g.emit(f"tensor.extract_slice {ins}[%i, 2] [2, 4] [1, 1] : tensor<8x8xf32> to tensor<2x4xf32>", "tensor<2x4xf32>")
    g.emit(f"tensor.extract_slice %big[{g.idx_const(0)}, 0] [8, 8] [1, 1] : tensor<8x8xf32> to tensor<8x8xf32>",
           "tensor<8x8xf32>")


def _x_inserts(g: _Gen) -> None:
    """insert_slice folds, constant-argument folder, cast folder, source-cast inserter."""
    c2 = g.idx_const(2)
    src = g.emit("tensor.extract_slice %big[0, 0] [2, 4] [1, 1] : tensor<8x8xf32> to tensor<2x4xf32>", None)
    a = g.emit(f"tensor.insert_slice {src} into %big[%i, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>",
               None)
    g.emit(f"tensor.insert_slice {src} into {a}[%i, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>",
           "tensor<8x8xf32>")
    e = g.emit("tensor.extract_slice %big[%j, 0] [2, 4] [1, 1] : tensor<8x8xf32> to tensor<2x4xf32>", None)
    g.emit(f"tensor.insert_slice {e} into %big[%j, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>",
           "tensor<8x8xf32>")
    g.emit(f"tensor.insert_slice %dyn into %big[{c2}, 0] [{g.idx()}, {c2}] [1, 1] : tensor<?x?xf32> into "
           "tensor<8x8xf32>", "tensor<8x8xf32>")
    cs = g.emit(f"tensor.cast {src} : tensor<2x4xf32> to tensor<?x?xf32>", None)
    cd = g.emit("tensor.cast %big : tensor<8x8xf32> to tensor<?x?xf32>", None)
    g.emit(f"tensor.insert_slice {cs} into {cd}[%i, 0] [%j, %j] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>",
           "tensor<?x?xf32>")


def _x_reshapes(g: _Gen) -> None:
    """reshape folds, FoldReshapeWith{Splat,FromElements}, compositions, FoldCollapseOfCastOp."""
    r = g.r
    if r.random() < 0.5:
        n = r.choice([6, 12])
        sp = g.emit(f"tensor.splat %s : tensor<{n}xf32>", None)
        g.emit(f"tensor.expand_shape {sp} [[0, 1]] output_shape [2, {n // 2}] : tensor<{n}xf32> into "
               f"tensor<2x{n // 2}xf32>", f"tensor<2x{n // 2}xf32>")
    else:
        fe = g.emit("tensor.from_elements %s, %s : tensor<1x2xf32>", None)
        g.emit(f"tensor.collapse_shape {fe} [[0, 1]] : tensor<1x2xf32> into tensor<2xf32>", "tensor<2xf32>")
    a, b = r.choice([(2, 10), (4, 5)])
    c = g.emit("tensor.collapse_shape %r [[0, 1]] : tensor<4x5xf32> into tensor<20xf32>", None)
    g.emit(f"tensor.expand_shape {c} [[0, 1]] output_shape [{a}, {b}] : tensor<20xf32> into tensor<{a}x{b}xf32>",
           f"tensor<{a}x{b}xf32>")
    e = g.emit("tensor.expand_shape %r [[0], [1, 2]] output_shape [4, 5, 1] : tensor<4x5xf32> into tensor<4x5x1xf32>",
               None)
    g.emit(f"tensor.collapse_shape {e} [[0, 1, 2]] : tensor<4x5x1xf32> into tensor<20xf32>", "tensor<20xf32>")
    dc = g.emit("tensor.collapse_shape %dyn [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>", None)
    de = g.emit(f"tensor.expand_shape {dc} [[0, 1, 2]] output_shape [%i, {r.choice([1, 2])}, %j] : tensor<?xf32> "
                "into tensor<?x?x?xf32>", None)
    if "%i, 2" in g.lines[-1]:
        de_t = "tensor<?x2x?xf32>"
        g.lines[-1] = g.lines[-1].replace("tensor<?x?x?xf32>", de_t)
    else:
        de_t = "tensor<?x1x?xf32>"
        g.lines[-1] = g.lines[-1].replace("tensor<?x?x?xf32>", de_t)
    g.emit(f"tensor.collapse_shape {de} [[0, 1], [2]] : {de_t} into tensor<?x?xf32>", "tensor<?x?xf32>")
    cc = g.emit("tensor.cast %r : tensor<4x5xf32> to tensor<?x5xf32>", None)
    g.emit(f"tensor.collapse_shape {cc} [[0, 1]] : tensor<?x5xf32> into tensor<?xf32>", "tensor<?xf32>")
    rr = g.emit("tensor.reshape %vec(%sh) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>", None)
    one = g.emit(f"tensor.from_elements {g.idx()} : tensor<1xindex>", None)
    g.emit(f"tensor.reshape {rr}({one}) : (tensor<?x?xf32>, tensor<1xindex>) -> tensor<?xf32>", "tensor<?xf32>")


def _x_static_expand(g: _Gen) -> None:
    """ConvertToStaticExpandShape, collapse of a dense constant."""
    c = g.emit("tensor.cast %big : tensor<8x8xf32> to tensor<?x?xf32>", None)
    g.emit(f"tensor.expand_shape {c} [[0], [1, 2]] output_shape [%i, {g.idx_const(2)}, 4] : tensor<?x?xf32> into "
           "tensor<?x?x4xf32>", "tensor<?x?x4xf32>")
    d = g.emit("arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>", None)
    g.emit(f"tensor.collapse_shape {d} [[0, 1]] : tensor<2x2xi32> into tensor<4xi32>", "tensor<4xi32>")


def _x_pads(g: _Gen) -> None:
    """FoldSourceTensorCast, FoldTargetTensorCast, FoldStaticPadding, FoldConsecutiveConstantPadding."""
    zero = g.emit("arith.constant 0.0 : f32", None)
    c = g.emit("tensor.cast %r : tensor<4x5xf32> to tensor<?x5xf32>", None)
    g.emit(f"tensor.pad {c} low[1, 0] high[1, 2] {g.pad_body(2, '%s')} : tensor<?x5xf32> to tensor<?x7xf32>",
           "tensor<?x7xf32>")
    p = g.emit(f"tensor.pad %dyn low[1, 1] high[1, 1] {g.pad_body(2, zero)} : tensor<?x?xf32> to tensor<?x?xf32>",
               None)
    g.emit(f"tensor.cast {p} : tensor<?x?xf32> to tensor<6x?xf32>", "tensor<6x?xf32>")
    g.emit(f"tensor.pad %t low[{g.idx()}, 0] high[1, %i] {g.pad_body(2, '%s')} : tensor<4x?xf32> to tensor<?x?xf32>",
           "tensor<?x?xf32>")
    q = g.emit(f"tensor.pad %r low[0, 1] high[0, 2] {g.pad_body(2, zero)} : tensor<4x5xf32> to tensor<4x8xf32>", None)
    g.emit(f"tensor.pad {q} low[1, 0] high[1, 0] {g.pad_body(2, zero)} : tensor<4x8xf32> to tensor<6x8xf32>",
           "tensor<6x8xf32>")


_EXTRA = (_x_cast_slice, _x_empty, _x_dims, _x_extracts, _x_concat, _x_slices, _x_inserts, _x_reshapes,
          _x_static_expand, _x_pads)


def gen_tensor_program(seed: int) -> str:
    return _Gen(seed).program()


if __name__ == "__main__":
    sys.stdout.write(gen_tensor_program(int(sys.argv[1]) if len(sys.argv) > 1 else 0))
