#!/usr/bin/env python3
"""Seeded generator of small func/arith/cf programs for the generic-pass
differential suite (tests/oracle/test_ireeopt_oracle.py).

Each program is a module of functions calling each other (a DAG, with
some self-recursion and no_inline calls), private and public, some with
several blocks (cf.cond_br / cf.br with block arguments, cf.assert), over
i1/i32/i64/index/f32 values: duplicated constants (also inside branches),
every arith binary op with identities (x+0, x*1, x-x, x&x, ...), constant
operands on both sides, comparisons, selects and casts. Everything is valid
MLIR that iree-opt accepts, printed in the custom form.

API::

    gen_program(seed) -> str

CLI: ``python tests/oracle/gen_programs.py SEED``
"""
from __future__ import annotations

import random
import sys

INT_TYPES = ["i32", "i64", "index"]
CONSTS = {"i1": ["true", "false"], "i32": ["0", "1", "-1", "2", "3", "7", "2147483647", "-2147483648"],
          "i64": ["0", "1", "-1", "5", "64"], "index": ["0", "1", "2", "4"],
          "f32": ["0.000000e+00", "1.000000e+00", "2.500000e+00", "-0.000000e+00", "3.000000e+00"]}
INT_BINARY = ["addi", "subi", "muli", "andi", "ori", "xori", "divsi", "divui", "remsi", "remui", "maxsi",
              "minsi", "maxui", "minui", "shli", "shrsi", "shrui"]
FLOAT_BINARY = ["addf", "subf", "mulf", "divf"]
CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]


class _Fn:
    def __init__(self, name: str, args: list[str], results: list[str], private: bool):
        self.name, self.args, self.results, self.private = name, args, results, private


class Gen:
    def __init__(self, seed: int):
        self.r = random.Random(seed)
        self.fns: list[_Fn] = []
        self.n = 0

    def chance(self, p: float) -> bool:
        return self.r.random() < p

    def fresh(self) -> str:
        self.n += 1
        return f"%v{self.n}"

    # -- values ---------------------------------------------------------------
    def const(self, out: list[str], pool: dict, t: str, value: str | None = None) -> str:
        v = self.fresh()
        value = value if value is not None else self.r.choice(CONSTS[t])
        if t == "i1":
            out.append(f"{v} = arith.constant {value}")
        else:
            out.append(f"{v} = arith.constant {value} : {t}")
        pool.setdefault(t, []).append(v)
        return v

    def value(self, out: list[str], pool: dict, t: str) -> str:
        vals = pool.get(t) or []
        if not vals or self.chance(0.25):
            return self.const(out, pool, t)
        return self.r.choice(vals[-3:])  # recent values, so results depend on most ops

    def op(self, out: list[str], pool: dict, fi: int) -> None:
        r = self.r
        k = r.random()
        if k < 0.45:
            t = r.choice(["i32", "i32", "i64", "index"])
            name = r.choice(INT_BINARY)
            a = self.value(out, pool, t)
            b = a if self.chance(0.15) else self.value(out, pool, t)
            if self.chance(0.3):  # identities with 0 and 1
                b = self.const(out, pool, t, r.choice(["0", "1"]))
            if self.chance(0.2):
                a, b = b, a
            v = self.fresh()
            flags = " overflow<nsw>" if name in ("addi", "subi", "muli") and self.chance(0.1) else ""
            out.append(f"{v} = arith.{name} {a}, {b}{flags} : {t}")
            pool[t].append(v)
        elif k < 0.55:
            name = r.choice(FLOAT_BINARY)
            a, b = self.value(out, pool, "f32"), self.value(out, pool, "f32")
            v = self.fresh()
            out.append(f"{v} = arith.{name} {a}, {b} : f32")
            pool["f32"].append(v)
        elif k < 0.68:
            t = r.choice(["i32", "i64", "index"])
            a = self.value(out, pool, t)
            b = a if self.chance(0.15) else self.value(out, pool, t)
            v = self.fresh()
            out.append(f"{v} = arith.cmpi {r.choice(CMPI)}, {a}, {b} : {t}")
            pool.setdefault("i1", []).append(v)
        elif k < 0.76:
            t = r.choice(["i32", "i64", "i1"])
            c = self.value(out, pool, "i1")
            a = self.value(out, pool, t)
            b = a if self.chance(0.2) else self.value(out, pool, t)
            v = self.fresh()
            out.append(f"{v} = arith.select {c}, {a}, {b} : {t}")
            pool.setdefault(t, []).append(v)
        elif k < 0.86:
            src, dst, name = r.choice([("i32", "i64", "extsi"), ("i32", "i64", "extui"), ("i64", "i32", "trunci"),
                                       ("i32", "index", "index_cast"), ("index", "i32", "index_cast"),
                                       ("i64", "index", "index_castui")])
            a = self.value(out, pool, src)
            v = self.fresh()
            out.append(f"{v} = arith.{name} {a} : {src} to {dst}")
            pool.setdefault(dst, []).append(v)
        else:
            self.call(out, pool, fi)

    def call(self, out: list[str], pool: dict, fi: int) -> None:
        r = self.r
        later = list(range(fi + 1, len(self.fns)))
        if not later and not self.chance(0.3):
            return
        j = fi if (not later or self.chance(0.08)) else r.choice(later)
        f = self.fns[j]
        args = [self.value(out, pool, t) for t in f.args]
        res = [self.fresh() for _ in f.results]
        lhs = (", ".join(res) + " = ") if len(res) == 1 else (f"{self.fresh()}:{len(res)} = " if res else "")
        if len(res) > 1:
            base = lhs.split(":")[0]
            res = [f"{base}#{i}" for i in range(len(res))]
        attr = " {no_inline}" if self.chance(0.1) else ""
        sig = f"({', '.join(f.args)}) -> " + (f.results[0] if len(f.results) == 1 else f"({', '.join(f.results)})")
        if attr:
            call = (f'"func.call"({", ".join(args)}) <{{callee = @{f.name}, no_inline}}> : '
                    f'({", ".join(f.args)}) -> ({", ".join(f.results)})')
        else:
            call = f"call @{f.name}({', '.join(args)}) : {sig}"
        out.append(lhs + call)
        for v, t in zip(res, f.results):
            pool.setdefault(t, []).append(v)

    # -- functions ------------------------------------------------------------
    def body(self, fi: int, f: _Fn) -> list[str]:
        r = self.r
        pool: dict[str, list[str]] = {}
        args = []
        for i, t in enumerate(f.args):
            pool.setdefault(t, []).append(f"%a{i}")
            args.append(f"%a{i}: {t}")
        lines: list[str] = []
        for _ in range(r.randint(2, 8)):
            self.op(lines, pool, fi)
        if self.chance(0.35):  # several blocks
            rt = r.choice(["i32", "i64"])
            cond = self.value(lines, pool, "i1")
            x = self.value(lines, pool, rt)
            if self.chance(0.3):
                c = self.const(lines, pool, "i1", "true")
                lines.append(f'cf.assert {c}, "ok"')
            lines.append(f"cf.cond_br {cond}, ^bb1({x} : {rt}), ^bb2")
            blocks = []
            for label, argdecl in (("^bb1", f"(%p1: {rt})"), ("^bb2", "")):
                bpool = {k: list(v) for k, v in pool.items()}
                if argdecl:
                    bpool.setdefault(rt, []).append("%p1")
                bl: list[str] = []
                for _ in range(r.randint(0, 3)):
                    self.op(bl, bpool, fi)
                y = self.value(bl, bpool, rt)
                if self.chance(0.3):
                    bl.append(f"cf.br ^bb3({y} : {rt})")
                    blocks.append((label + argdecl, bl))
                    continue
                bl.append(f"cf.br ^bb3({y} : {rt})")
                blocks.append((label + argdecl, bl))
            tail_pool = {k: list(v) for k, v in pool.items()}
            tail_pool.setdefault(rt, []).append("%m")
            tail: list[str] = []
            for _ in range(r.randint(0, 2)):
                self.op(tail, tail_pool, fi)
            tail.append(self.ret(tail, tail_pool, f))
            text = ["    " + s for s in lines]
            for label, bl in blocks:
                text.append(f"  {label}:")
                text += ["    " + s for s in bl]
            text.append(f"  ^bb3(%m: {rt}):")
            text += ["    " + s for s in tail]
            return self.wrap(f, args, text)
        lines.append(self.ret(lines, pool, f))
        return self.wrap(f, args, ["    " + s for s in lines])

    def ret(self, out: list[str], pool: dict, f: _Fn) -> str:
        vals = [pool[t][-1] if pool.get(t) else self.value(out, pool, t) for t in f.results]
        if not vals:
            return "return"
        return f"return {', '.join(vals)} : {', '.join(f.results)}"

    def wrap(self, f: _Fn, args: list[str], body: list[str]) -> list[str]:
        vis = "private " if f.private else ""
        res = ""
        if len(f.results) == 1:
            res = f" -> {f.results[0]}"
        elif f.results:
            res = f" -> ({', '.join(f.results)})"
        return [f"  func.func {vis}@{f.name}({', '.join(args)}){res} {{", *body, "  }"]

    def module(self) -> str:
        r = self.r
        n = r.randint(2, 6)
        for i in range(n):
            args = [r.choice(INT_TYPES + ["i32", "f32"]) for _ in range(r.randint(0, 3))]
            results = [r.choice(["i32", "i64", "i32"]) for _ in range(r.randint(1, 2))]
            private = i > 0 and self.chance(0.75)
            self.fns.append(_Fn("main" if i == 0 else f"f{i}", args, results, private))
        out = ["module {"]
        for i, f in enumerate(self.fns):
            out += self.body(i, f)
        out.append("}")
        return "\n".join(out) + "\n"


def gen_program(seed: int) -> str:
    return Gen(seed).module()


if __name__ == "__main__":
    sys.stdout.write(gen_program(int(sys.argv[1]) if len(sys.argv) > 1 else 0))
