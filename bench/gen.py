#!/usr/bin/env python3
"""Deterministic generator of generic-form MLIR benchmark modules.

    python bench/gen.py 10000 -o /tmp/m10k.mlir
    python bench/gen.py 100000              # -> bench/.cache/gen-100000-<hash>.mlir

The module is builtin.module > many func.func with arith ops (constants with
integer/float/dense/splat/hex-dense values, integer and float binary ops,
cmpi/cmpf, select, casts), tensor-typed values (arith on tensors,
tensor.empty/extract/insert/dim), nested regions (scf.if, scf.for with
iter_args, scf.yield), func.call between functions, external declarations and
varied discardable attributes (strings with escapes, arrays, dictionaries,
unit attrs, `array<i64: ...>`, symbol refs, type attrs).

The raw text is normalized by a round trip through MLIR's C++ parser/printer
(jaxlib) in generic form, so the file is byte-for-byte what MLIR prints and an
identity round trip of any faithful tool must reproduce it exactly.  Every
construct used is also accepted by xdsl-opt (checked with --check-xdsl).

The op count N counts every operation, including builtin.module, func.func,
func.return and scf.yield; the generated module has exactly N ops.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import random
import re
import subprocess
import sys
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
CACHE_DIR = BENCH_DIR / ".cache"
SEED = 20240611

# --------------------------------------------------------------------------
# types

INT_SCALARS = ["i32", "i64"]
FLOAT_SCALARS = ["f32", "f64"]
TENSORS = {  # type -> (shape, element type)
    "tensor<4xf32>": ((4,), "f32"),
    "tensor<2x3xi32>": ((2, 3), "i32"),
    "tensor<8xi64>": ((8,), "i64"),
    "tensor<2x2xf64>": ((2, 2), "f64"),
    # large shapes: constants of these are always splats
    "tensor<16x4xf32>": ((16, 4), "f32"),
    "tensor<1x4x4x4xf32>": ((1, 4, 4, 4), "f32"),
    "tensor<32x2xi32>": ((32, 2), "i32"),
}
SIGNATURES = [
    (("i32", "f32"), ("i32",)),
    (("i32", "i32"), ("i32",)),
    (("f32", "tensor<4xf32>"), ("tensor<4xf32>",)),
    (("i64", "index"), ("i64",)),
    (("tensor<2x3xi32>", "i32"), ("tensor<2x3xi32>", "i32")),
    ((), ("f32",)),
    (("tensor<16x4xf32>", "tensor<1x4x4x4xf32>"), ("tensor<16x4xf32>",)),
    (("i1", "i32", "f32"), ("f32",)),
    (("tensor<8xi64>", "tensor<2x2xf64>", "f64"), ("tensor<2x2xf64>",)),
]

FLOAT_VALUES = [
    "0.0", "1.0", "-1.0", "0.5", "2.0", "-2.25", "3.0", "10.0", "0.125",
    "1.0e-3", "6.25e+2", "-0.0", "0.1", "3.14159", "2.718281828", "1.0e+30",
    "-7.5e-5", "42.0",
]
FLOAT_HEX = {"f32": ["0x7F800000", "0xFF800000", "0x7FC00000"],
             "f64": ["0x7FF0000000000000", "0x7FF8000000000000"]}
STRINGS = ["main", "layer.0/dense", "a b c", 'quote"d', "tab\\09x", "nl\\0Aend",
           "unicode \\E2\\82\\AC", "", "x" * 24,
           "jit(train_step)/jit(main)/transpose(jvp(dense))/dot_general",
           "while/body/remat/layer_norm/reduce_sum", "{devices=[2,1]<=[2]}"]
INT_PREDS = list(range(10))    # eq ne slt sle sgt sge ult ule ugt uge
FLOAT_PREDS = list(range(16))
OVERFLOW = ["#arith.overflow<nsw>", "#arith.overflow<nuw>",
            "#arith.overflow<nsw, nuw>"]
FASTMATH = ["#arith.fastmath<fast>", "#arith.fastmath<nnan, ninf>",
            "#arith.fastmath<contract>", "#arith.fastmath<reassoc, arcp>"]


def _esc(s: str) -> str:
    return s.replace('"', '\\"')


class Gen:
    def __init__(self, n_ops: int, seed: int = SEED):
        self.n = n_ops
        self.r = random.Random(seed)
        self.out: list[str] = []
        self.count = 0          # ops emitted
        self.vid = 0
        self.funcs: list[tuple[str, tuple, tuple]] = []  # defined (callable)

    # ---- helpers --------------------------------------------------------
    def new(self) -> str:
        self.vid += 1
        return f"%v{self.vid}"

    def emit(self, line: str, ind: int) -> None:
        self.out.append("  " * ind + line)
        self.count += 1

    def pick(self, scopes, ty):
        """A value of type `ty` visible in `scopes`, or None."""
        cands = [v for sc in scopes for v in sc.get(ty, ())]
        if not cands:
            return None
        # prefer recent values, but reach back sometimes
        if self.r.random() < 0.7:
            return cands[-1 - self.r.randrange(min(4, len(cands)))]
        return self.r.choice(cands)

    def define(self, scopes, ty, v):
        scopes[-1].setdefault(ty, []).append(v)

    def get(self, scopes, ty, ind):
        v = self.pick(scopes, ty)
        if v is None:
            v = self.constant(scopes, ty, ind)
        return v

    def attr_dict(self) -> str:
        r = self.r
        entries = []
        for key in r.sample(["tag", "level", "flags", "meta", "idx", "marker",
                             "ref", "kind", "scale", "dims"], r.randint(1, 4)):
            if key == "tag":
                entries.append(f'tag = "{_esc(r.choice(STRINGS))}"')
            elif key == "level":
                entries.append(f"level = {r.randint(-5, 100)} : i{r.choice([8, 32, 64])}")
            elif key == "flags":
                entries.append(f'flags = [{r.randint(0, 9)} : i64, "f{r.randint(0, 9)}", unit, {r.choice(FLOAT_VALUES)} : f32]')
            elif key == "meta":
                entries.append(f'meta = {{name = "{_esc(r.choice(STRINGS))}", id = {r.randint(0, 999)} : i32, opt = false}}')
            elif key == "idx":
                k = r.randint(0, 5)
                entries.append("idx = array<i64: " + ", ".join(str(r.randint(-3, 64)) for _ in range(k)) + ">" if k else "idx = array<i64>")
            elif key == "marker":
                entries.append("marker")
            elif key == "ref":
                entries.append(f"ref = @f{r.randint(0, 50)}")
            elif key == "kind":
                entries.append(f"kind = {r.choice(['i32', 'tensor<4xf32>', 'index', 'f64'])}")
            elif key == "scale":
                entries.append(f"scale = {r.choice(FLOAT_VALUES)} : f64")
            elif key == "dims":
                entries.append(f"dims = [[{r.randint(0, 3)}, {r.randint(0, 3)}], []]")
        return " {" + ", ".join(entries) + "}"

    def maybe_attrs(self, p=0.42) -> str:
        return self.attr_dict() if self.r.random() < p else ""

    # ---- constants ------------------------------------------------------
    def const_value(self, ty, hex_ok=True):
        r = self.r
        if ty == "i1":
            return r.choice(["true", "false"])
        if ty in ("i8", "i16", "i32", "i64", "index"):
            x = r.choice([0, 1, 2, -1, 7, 42, 255, 1024, -100, 65536,
                          r.randint(-1000, 1000)])
            if ty == "i8":
                x = max(-128, min(127, x))
            return f"{x} : {ty}"
        if ty in ("f16", "bf16", "f32", "f64"):
            if hex_ok and ty in FLOAT_HEX and r.random() < 0.03:
                return f"{r.choice(FLOAT_HEX[ty])} : {ty}"
            return f"{r.choice(FLOAT_VALUES)} : {ty}"
        shape, et = TENSORS[ty]
        n = 1
        for d in shape:
            n *= d
        if n > 16 or r.random() < 0.35:  # splat
            return f"dense<{self.const_value(et, False).split(' :')[0]}> : {ty}"
        elems = [self.const_value(et, False).split(" :")[0] for _ in range(n)]
        if len(shape) == 2:
            rows = [elems[i * shape[1]:(i + 1) * shape[1]] for i in range(shape[0])]
            body = "[" + ", ".join("[" + ", ".join(row) + "]" for row in rows) + "]"
        else:
            body = "[" + ", ".join(elems) + "]"
        return f"dense<{body}> : {ty}"

    def constant(self, scopes, ty, ind):
        v = self.new()
        self.emit(f'{v} = "arith.constant"() <{{value = {self.const_value(ty)}}}>{self.maybe_attrs(0.16)} : () -> {ty}', ind)
        self.define(scopes, ty, v)
        return v

    # ---- constructs -----------------------------------------------------
    def op_const(self, scopes, ind, small=False):
        r = self.r
        x = r.random() + (0.03 if small else 0.0)
        if x < 0.03:
            # a large dense constant: MLIR prints > 100 elements as a hex blob
            ty = "tensor<128xi8>"
            v = self.new()
            vals = ", ".join(str(r.randint(-128, 127)) for _ in range(128))
            self.emit(f'{v} = "arith.constant"() <{{value = dense<[{vals}]> : {ty}}}> : () -> {ty}', ind)
            return
        if x < 0.10:
            ty = r.choice(["i1", "i8", "f16", "bf16", "index"])
        elif x < 0.55:
            ty = r.choice(list(TENSORS))
        else:
            ty = r.choice(INT_SCALARS + FLOAT_SCALARS)
        self.constant(scopes, ty, ind)

    def op_int_bin(self, scopes, ind):
        r = self.r
        ty = r.choice(INT_SCALARS + ["tensor<2x3xi32>", "tensor<8xi64>", "index",
                                         "tensor<32x2xi32>", "tensor<32x2xi32>"])
        a, b = self.get(scopes, ty, ind), self.get(scopes, ty, ind)
        name = r.choice(["addi", "addi", "muli", "muli", "subi", "andi", "ori",
                         "xori", "maxsi", "minui", "shli", "divsi"])
        props = ""
        if name in ("addi", "muli", "subi", "shli") and r.random() < 0.3:
            props = f" <{{overflowFlags = {r.choice(OVERFLOW)}}}>"
        v = self.new()
        self.emit(f'{v} = "arith.{name}"({a}, {b}){props}{self.maybe_attrs()} : ({ty}, {ty}) -> {ty}', ind)
        self.define(scopes, ty, v)

    def op_float_bin(self, scopes, ind):
        r = self.r
        ty = r.choice(FLOAT_SCALARS + ["tensor<4xf32>", "tensor<2x2xf64>", "tensor<16x4xf32>",
                                           "tensor<1x4x4x4xf32>", "tensor<1x4x4x4xf32>"])
        a, b = self.get(scopes, ty, ind), self.get(scopes, ty, ind)
        name = r.choice(["addf", "addf", "mulf", "mulf", "subf", "divf", "maximumf"])
        props = f" <{{fastmath = {r.choice(FASTMATH)}}}>" if r.random() < 0.25 else ""
        v = self.new()
        self.emit(f'{v} = "arith.{name}"({a}, {b}){props}{self.maybe_attrs()} : ({ty}, {ty}) -> {ty}', ind)
        self.define(scopes, ty, v)

    def op_cmp(self, scopes, ind):
        r = self.r
        v = self.new()
        if r.random() < 0.65:
            ty = r.choice(INT_SCALARS + ["index"])
            a, b = self.get(scopes, ty, ind), self.get(scopes, ty, ind)
            self.emit(f'{v} = "arith.cmpi"({a}, {b}) <{{predicate = {r.choice(INT_PREDS)} : i64}}> : ({ty}, {ty}) -> i1', ind)
        else:
            ty = r.choice(FLOAT_SCALARS)
            a, b = self.get(scopes, ty, ind), self.get(scopes, ty, ind)
            self.emit(f'{v} = "arith.cmpf"({a}, {b}) <{{predicate = {r.choice(FLOAT_PREDS)} : i64}}> : ({ty}, {ty}) -> i1', ind)
        self.define(scopes, "i1", v)

    def op_select(self, scopes, ind):
        ty = self.r.choice(INT_SCALARS + FLOAT_SCALARS + ["tensor<4xf32>"])
        c = self.get(scopes, "i1", ind)
        a, b = self.get(scopes, ty, ind), self.get(scopes, ty, ind)
        v = self.new()
        self.emit(f'{v} = "arith.select"({c}, {a}, {b}) : (i1, {ty}, {ty}) -> {ty}', ind)
        self.define(scopes, ty, v)

    def op_cast(self, scopes, ind):
        r = self.r
        src, dst, name = r.choice([
            ("i32", "index", "index_cast"), ("i64", "index", "index_cast"),
            ("index", "i32", "index_cast"), ("index", "i64", "index_cast"),
            ("i32", "i64", "extsi"), ("i32", "i64", "extui"),
            ("i32", "f32", "sitofp"), ("f32", "f64", "extf"),
            ("f64", "f32", "truncf"), ("f32", "i32", "fptosi"),
            ("f32", "i32", "bitcast"),
        ])
        a = self.get(scopes, src, ind)
        v = self.new()
        self.emit(f'{v} = "arith.{name}"({a}) : ({src}) -> {dst}', ind)
        self.define(scopes, dst, v)

    def op_tensor(self, scopes, ind):
        r = self.r
        ty = r.choice(list(TENSORS))
        shape, et = TENSORS[ty]
        x = r.random()
        v = self.new()
        if x < 0.25:
            self.emit(f'{v} = "tensor.empty"() : () -> {ty}', ind)
            self.define(scopes, ty, v)
            return
        t = self.get(scopes, ty, ind)
        if x < 0.4:
            i = self.get(scopes, "index", ind)
            self.emit(f'{v} = "tensor.dim"({t}, {i}) : ({ty}, index) -> index', ind)
            self.define(scopes, "index", v)
            return
        idx = [self.get(scopes, "index", ind) for _ in shape]
        ops = ", ".join(idx)
        its = ", ".join("index" for _ in shape)
        if x < 0.75:
            self.emit(f'{v} = "tensor.extract"({t}, {ops}) : ({ty}, {its}) -> {et}', ind)
            self.define(scopes, et, v)
        else:
            e = self.get(scopes, et, ind)
            self.emit(f'{v} = "tensor.insert"({e}, {t}, {ops}) : ({et}, {ty}, {its}) -> {ty}', ind)
            self.define(scopes, ty, v)

    def op_call(self, scopes, ind):
        if not self.funcs:
            return self.op_int_bin(scopes, ind)
        name, ins, outs = self.r.choice(self.funcs[-40:])
        args = [self.get(scopes, t, ind) for t in ins]
        res = ", ".join(outs)
        if len(outs) == 1:
            v = self.new()
            self.emit(f'{v} = "func.call"({", ".join(args)}) <{{callee = @{name}}}> : ({", ".join(ins)}) -> {res}', ind)
            self.define(scopes, outs[0], v)
        else:
            v = self.new()
            self.emit(f'{v}:{len(outs)} = "func.call"({", ".join(args)}) <{{callee = @{name}}}> : ({", ".join(ins)}) -> ({res})', ind)
            for i, t in enumerate(outs):
                self.define(scopes, t, f"{v}#{i}")

    def op_if(self, scopes, ind, depth):
        r = self.r
        c = self.get(scopes, "i1", ind)
        if r.random() < 0.25:  # no results, no else
            self.out.append("  " * ind + f'"scf.if"({c}) ({{')
            self.count += 1
            self.body(scopes + [{}], ind + 1, depth + 1, r.randint(1, 4))
            self.emit('"scf.yield"() : () -> ()', ind + 1)
            self.out.append("  " * ind + "}, {\n" + "  " * ind + "}) : (i1) -> ()")
            return
        tys = r.sample(INT_SCALARS + FLOAT_SCALARS + ["tensor<4xf32>", "index"], r.randint(1, 2))
        v = self.new()
        lhs = v if len(tys) == 1 else f"{v}:{len(tys)}"
        self.out.append("  " * ind + f'{lhs} = "scf.if"({c}) ({{')
        self.count += 1
        for branch in range(2):
            if branch:
                self.out.append("  " * ind + "}, {")
            inner = scopes + [{}]
            self.body(inner, ind + 1, depth + 1, r.randint(1, 5))
            ys = [self.get(inner, t, ind + 1) for t in tys]
            self.emit(f'"scf.yield"({", ".join(ys)}) : ({", ".join(tys)}) -> ()', ind + 1)
        self.out.append("  " * ind + f'}}){self.maybe_attrs(0.1)} : (i1) -> {tys[0] if len(tys) == 1 else "(" + ", ".join(tys) + ")"}')
        for i, t in enumerate(tys):
            self.define(scopes, t, v if len(tys) == 1 else f"{v}#{i}")

    def op_for(self, scopes, ind, depth):
        r = self.r
        lb = self.get(scopes, "index", ind)
        ub = self.get(scopes, "index", ind)
        st = self.get(scopes, "index", ind)
        tys = r.sample(INT_SCALARS + FLOAT_SCALARS + ["tensor<4xf32>"], r.randint(0, 2))
        inits = [self.get(scopes, t, ind) for t in tys]
        v = self.new()
        lhs = "" if not tys else (f"{v} = " if len(tys) == 1 else f"{v}:{len(tys)} = ")
        self.out.append("  " * ind + f'{lhs}"scf.for"({", ".join([lb, ub, st] + inits)}) ({{')
        self.count += 1
        iv = self.new()
        its = [self.new() for _ in tys]
        self.out.append("  " * ind + f"^bb0({iv}: index" + "".join(f", {a}: {t}" for a, t in zip(its, tys)) + "):")
        inner = scopes + [{"index": [iv]}]
        for a, t in zip(its, tys):
            self.define(inner, t, a)
        self.body(inner, ind + 1, depth + 1, r.randint(2, 8))
        ys = [self.get(inner, t, ind + 1) for t in tys]
        self.emit(f'"scf.yield"({", ".join(ys)}) : ({", ".join(tys)}) -> ()', ind + 1)
        res = "()" if not tys else (tys[0] if len(tys) == 1 else "(" + ", ".join(tys) + ")")
        self.out.append("  " * ind + f'}}) : ({", ".join(["index"] * 3 + tys)}) -> {res}')
        for i, t in enumerate(tys):
            self.define(scopes, t, v if len(tys) == 1 else f"{v}#{i}")

    def body(self, scopes, ind, depth, target):
        """Emit ops until `target` more ops exist (or the module budget ends)."""
        r = self.r
        # Every simple construct emits at most 5 ops (itself plus constants
        # for missing operands); nested ones at most ~20.  With these guards
        # no body overruns self.limit, so the module gets exactly N ops.
        stop = min(self.count + target, self.limit)
        while self.count < stop:
            x = r.random()
            left = stop - self.count
            room = self.limit - self.count
            if left < 6:
                self.op_const(scopes, ind, small=True)
            elif x < 0.05 and depth < 3 and room > 40:
                self.op_if(scopes, ind, depth)
            elif x < 0.09 and depth < 3 and room > 40:
                self.op_for(scopes, ind, depth)
            elif x < 0.16:
                self.op_const(scopes, ind)
            elif x < 0.52:
                self.op_int_bin(scopes, ind)
            elif x < 0.66:
                self.op_float_bin(scopes, ind)
            elif x < 0.74:
                self.op_cmp(scopes, ind)
            elif x < 0.79:
                self.op_select(scopes, ind)
            elif x < 0.87:
                self.op_cast(scopes, ind)
            elif x < 0.94:
                self.op_tensor(scopes, ind)
            else:
                self.op_call(scopes, ind)

    def func(self, idx):
        r = self.r
        ins, outs = r.choice(SIGNATURES)
        name = f"f{idx}"
        ftype = f'({", ".join(ins)}) -> ' + (outs[0] if len(outs) == 1 else "(" + ", ".join(outs) + ")")
        props = [f"function_type = {ftype}", f'sym_name = "{name}"']
        if r.random() < 0.15 and ins:
            props.insert(0, "arg_attrs = [" + ", ".join(
                r.choice(["{}", "{bench.noalias}", '{bench.name = "x"}', "{bench.align = 16 : i64}"])
                for _ in ins) + "]")
        if r.random() < 0.1:
            props.append('sym_visibility = "private"')
        # external declaration
        if r.random() < 0.04 and self.limit - self.count > 4:
            props = [p for p in props if not p.startswith("sym_visibility")]
            props.append('sym_visibility = "private"')
            self.emit('"func.func"() <{' + ", ".join(props).replace(f'"{name}"', f'"{name}_decl"') + "}> ({\n  }) : () -> ()", 1)
            self.funcs.append((f"{name}_decl", ins, outs))
        fattrs = ""
        if r.random() < 0.2:
            fattrs = r.choice([" {llvm.emit_c_interface}",
                               ' {bench.kind = "kernel", bench.cost = 12 : i64}',
                               " {bench.tile = array<i64: 8, 128>}"])
        self.out.append('  "func.func"() <{' + ", ".join(props) + "}> ({")
        self.count += 1
        args = [f"%a{idx}_{i}" for i in range(len(ins))]
        self.out.append("  ^bb0(" + ", ".join(f"{a}: {t}" for a, t in zip(args, ins)) + "):")
        scopes = [{}]
        for a, t in zip(args, ins):
            self.define(scopes, t, a)
        # leave room for the results + return
        saved = self.limit
        self.limit -= len(outs) + 1
        self.body(scopes, 2, 0, r.randint(20, 160))
        self.limit = saved
        rets = [self.pick(scopes, t) for t in outs]
        # materialize missing results (counted in the reserved room)
        for i, t in enumerate(outs):
            if rets[i] is None:
                rets[i] = self.constant(scopes, t, 2)
        self.emit(f'"func.return"({", ".join(rets)}) : ({", ".join(outs)}) -> ()', 2)
        self.out.append(f"  }}){fattrs} : () -> ()")
        self.funcs.append((name, ins, outs))

    def generate(self) -> str:
        self.out.append('"builtin.module"() <{sym_name = "bench"}> ({')
        self.count = 1
        idx = 0
        while True:
            left = self.n - self.count
            if left <= 0:
                break
            if left < 6:  # tiny remainder: a body-less declaration per op
                self.emit(f'"func.func"() <{{function_type = () -> (), sym_name = "d{idx}", sym_visibility = "private"}}> ({{\n  }}) : () -> ()', 1)
                idx += 1
                continue
            # a function with exactly min(left, its size) ops: set a hard limit
            self.limit = self.n
            self.func(idx)
            idx += 1
        self.out.append('}) {bench.version = 1 : i64, bench.note = "generated"} : () -> ()')
        return "\n".join(self.out) + "\n"


# --------------------------------------------------------------------------
# normalization and checks

def mlir_context():
    from jaxlib.mlir import ir
    from jaxlib.mlir._mlir_libs import _jax_mlir_ext
    ctx = ir.Context()
    reg = ir.DialectRegistry()
    _jax_mlir_ext.register_dialects(reg)
    ctx.append_dialect_registry(reg)
    ctx.load_all_available_dialects()
    return ir, ctx


def normalize(text: str) -> str:
    """Round trip through MLIR (jaxlib) in generic form."""
    ir, ctx = mlir_context()
    with ctx:
        m = ir.Module.parse(text)
        if not m.operation.verify():
            raise RuntimeError("MLIR verification failed")
        return m.operation.get_asm(print_generic_op_form=True)


OP_LINE = re.compile(r'^\s*(?:%[\w#:]+ = )?"[\w.]+"\(', re.M)


def count_ops(text: str) -> int:
    return len(OP_LINE.findall(text))


def check_xdsl(path: Path) -> None:
    import shutil
    exe = shutil.which("xdsl-opt")
    if not exe:
        print("xdsl-opt not found; skipping check", file=sys.stderr)
        return
    p = subprocess.run([exe, str(path), "-o", os.devnull], capture_output=True, text=True)
    if p.returncode:
        err = [ln for ln in p.stderr.splitlines() if "Error" in ln or "Exception" in ln or "^^^" in ln]
        raise RuntimeError(f"xdsl-opt rejected {path}:\n" + "\n".join(err[-10:]))


def gen_hash() -> str:
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:10]


def cached_path(n: int) -> Path:
    return CACHE_DIR / f"gen-{n}-{gen_hash()}.mlir"


def generate(n: int, out: Path | None = None, *, check: bool = False,
             quiet: bool = True) -> Path:
    """Generate (or reuse from the cache) the N-op module; returns its path."""
    cache = cached_path(n)
    if not cache.exists():
        raw = Gen(n).generate()
        try:
            text = normalize(raw)
        except ImportError:
            raise SystemExit("gen.py needs jaxlib (pip install jaxlib) to "  # noqa: B904
                             "normalize the module through MLIR's printer")
        got = count_ops(text)
        if got != n:
            raise RuntimeError(f"generator produced {got} ops, wanted {n}")
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_suffix(".tmp")
        tmp.write_text(text)
        os.replace(tmp, cache)
        for old in CACHE_DIR.glob(f"gen-{n}-*.mlir"):  # stale generator versions
            if old != cache:
                old.unlink()
        if not quiet:
            print(f"generated {cache} ({n} ops, {len(text)} bytes, "
                  f"{len(text) / n:.1f} B/op)", file=sys.stderr)
    if check:
        check_xdsl(cache)
    if out is not None and Path(out).resolve() != cache.resolve():
        Path(out).write_bytes(cache.read_bytes())
        return Path(out)
    return cache


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", type=int, help="number of operations")
    ap.add_argument("-o", "--output", type=Path, help="output file (default: the cache file)")
    ap.add_argument("--raw", action="store_true", help="print the un-normalized text (debugging)")
    ap.add_argument("--check-xdsl", action="store_true", help="also check that xdsl-opt parses it")
    a = ap.parse_args(argv)
    if a.n < 2:
        ap.error("N must be >= 2")
    if a.raw:
        sys.stdout.write(Gen(a.n).generate())
        return
    p = generate(a.n, a.output, check=a.check_xdsl, quiet=False)
    print(p)


if __name__ == "__main__":
    main()
