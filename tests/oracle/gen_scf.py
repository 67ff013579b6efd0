#!/usr/bin/env python3
"""Seeded generator of scf programs for the generic-pass differential suite
(tests/oracle/test_ireeopt_oracle.py), and of CFGs for block merging.

`gen_scf_program(seed)`: functions with scf.for loops (constant, equal and
`lb + c` bounds of zero, one and many trips, scalar and tensor iter_args
that are yielded unchanged, unused or used), scf.if (constant and argument
conditions, negated conditions, results that are invariant, constant
booleans, unused, conditions used inside the branches, empty else
branches, nested ifs, consecutive ifs on the same condition), nested in
each other: every scf fold and pattern hlopt implements has inputs.

`gen_cfg_merge_program(seed)`: cf CFGs whose successor blocks are
identical up to values defined outside them, and block arguments that
every predecessor feeds the same value (region-simplify=aggressive).

Everything is valid MLIR that iree-opt accepts, in the custom form.

CLI: ``python tests/oracle/gen_scf.py SEED [cfg]``
"""
from __future__ import annotations

import random
import sys
from typing import Any

_DECLS = """  func.func private @use(index)
  func.func private @use32(i32) -> i32
  func.func private @uset(tensor<4xf32>) -> tensor<4xf32>
"""


class _Gen:
    def __init__(self, r: random.Random):
        self.r = r
        self.n = 0
        self.lines: list[str] = []

    def fresh(self, p: str = "v") -> str:
        self.n += 1
        return f"%{p}{self.n}"

    def emit(self, depth: int, s: str) -> None:
        self.lines.append("  " * depth + s)

    def cond(self, depth: int) -> str:
        r = self.r
        k = r.random()
        if k < 0.2:
            c = self.fresh("b")
            self.emit(depth, f"{c} = arith.constant {r.choice(['true', 'false'])}")
            return c
        if k < 0.35:
            t, c = self.fresh("t"), self.fresh("b")
            self.emit(depth, f"{t} = arith.constant true")
            self.emit(depth, f"{c} = arith.xori %c, {t} : i1")
            return c
        return r.choice(["%c", "%d"])

    def call(self, depth: int, x: str) -> str:
        v = self.fresh()
        self.emit(depth, f"{v} = func.call @use32({x}) : (i32) -> i32")
        return v

    # scf.if ------------------------------------------------------------------
    def if_op(self, depth: int, vals: list[str]) -> list[str]:
        r = self.r
        c = self.cond(depth)
        n = r.choice([0, 1, 2, 3])
        res = [self.fresh("r") for _ in range(n)]
        then_v: list[str] = []
        else_v: list[str] = []
        head = (", ".join(res) + " = ") if n else ""
        types = ", ".join(["i32"] * n)
        if n:
            self.emit(depth, f"{head}scf.if {c} -> ({types}) {{")
        else:
            self.emit(depth, f"scf.if {c} {{")
        inner = list(vals)
        if r.random() < 0.3:  # the condition used inside (ConditionPropagation)
            z = self.fresh()
            self.emit(depth + 1, f"{z} = arith.extui {c} : i1 to i32")
            inner.append(self.call(depth + 1, z))
        if r.random() < 0.35 and depth < 3:
            inner += self.if_op(depth + 1, inner) if r.random() < 0.6 else self.for_op(depth + 1, inner)
        elif r.random() < 0.6:
            inner.append(self.call(depth + 1, r.choice(inner)))
        for _ in range(n):
            then_v.append(r.choice(inner if r.random() < 0.6 else vals))
        if n:
            self.emit(depth + 1, f"scf.yield {', '.join(then_v)} : {types}")
        has_else = n > 0 or r.random() < 0.5
        if has_else:
            self.emit(depth, "} else {")
            ev = list(vals)
            if r.random() < 0.4:
                ev.append(self.call(depth + 1, r.choice(vals)))
            for i in range(n):
                else_v.append(then_v[i] if then_v[i] in vals and r.random() < 0.4 else r.choice(ev))
            if n:
                self.emit(depth + 1, f"scf.yield {', '.join(else_v)} : {types}")
        attrs = " {tag}" if r.random() < 0.1 else ""
        self.emit(depth, "}" + attrs)
        used = [x for x in res if r.random() < 0.7]
        return used

    def bool_if(self, depth: int) -> list[str]:
        """An if yielding constant booleans (ReplaceIfYieldWithConditionOrValue)."""
        a, b = self.r.choice([("true", "false"), ("true", "true")])  # (false/true: negated_bool_if)
        return self._const_bool_if(depth, a, b, True)

    def _const_bool_if(self, depth: int, a: str, b: str, call: bool | None) -> list[str]:
        """`scf.if %c` yielding the constants a / b, its result extended to
        i32; `call`: a call in the then branch (None: at random)."""
        t, f, res = self.fresh("k"), self.fresh("k"), self.fresh("r")
        self.emit(depth, f"{t} = arith.constant {a}")
        self.emit(depth, f"{f} = arith.constant {b}")
        self.emit(depth, f"{res} = scf.if %c -> (i1) {{")
        if call or (call is None and self.r.random() < 0.5):
            self.call(depth + 1, "%x")
        self.emit(depth + 1, f"scf.yield {t} : i1")
        self.emit(depth, "} else {")
        self.emit(depth + 1, f"scf.yield {f} : i1")
        self.emit(depth, "}")
        z = self.fresh()
        self.emit(depth, f"{z} = arith.extui {res} : i1 to i32")
        return [z]

    def consecutive_ifs(self, depth: int, vals: list[str]) -> list[str]:
        """Two ifs on one condition (CombineIfs), the second using the first."""
        r = self.r
        c = r.choice(["%c", "%d"])
        a = self.fresh("r")
        self.emit(depth, f"{a} = scf.if {c} -> (i32) {{")
        y = self.call(depth + 1, r.choice(vals))
        self.emit(depth + 1, f"scf.yield {y} : i32")
        self.emit(depth, "} else {")
        self.emit(depth + 1, f"scf.yield {r.choice(vals)} : i32")
        self.emit(depth, "}")
        b = self.fresh("r")
        self.emit(depth, f"{b} = scf.if {c} -> (i32) {{")
        y = self.call(depth + 1, a)
        self.emit(depth + 1, f"scf.yield {y} : i32")
        self.emit(depth, "} else {")
        self.emit(depth + 1, f"scf.yield {a} : i32")
        self.emit(depth, "}")
        return [b]

    # scf.for -----------------------------------------------------------------
    def bounds(self, depth: int) -> tuple[str, str, str]:
        r = self.r
        k = r.random()
        lb = self.fresh("i")
        if k < 0.4:
            lo, hi = r.choice([(0, 0), (4, 0), (0, 1), (0, 4), (2, 3), (0, 8)])
            ub = self.fresh("i")
            self.emit(depth, f"{lb} = arith.constant {lo} : index")
            self.emit(depth, f"{ub} = arith.constant {hi} : index")
        elif k < 0.55:
            self.emit(depth, f"{lb} = arith.addi %n, %n : index")
            ub = lb
        elif k < 0.7:
            c, ub = self.fresh("i"), self.fresh("i")
            self.emit(depth, f"{lb} = arith.muli %n, %n : index")
            self.emit(depth, f"{c} = arith.constant {r.choice([0, 1, 3])} : index")
            self.emit(depth, f"{ub} = arith.addi {lb}, {c} : index")
        else:
            self.emit(depth, f"{lb} = arith.constant 0 : index")
            ub = "%n"
        st = self.fresh("i")
        self.emit(depth, f"{st} = arith.constant {r.choice([1, 1, 2, 4])} : index")
        return lb, ub, st

    def for_op(self, depth: int, vals: list[str]) -> list[str]:
        r = self.r
        lb, ub, st = self.bounds(depth)
        n = r.choice([0, 1, 2, 3])
        tensor = r.random() < 0.3
        iv = self.fresh("iv")
        args = [self.fresh("a") for _ in range(n)]
        inits = [r.choice(vals) for _ in range(n)]
        types = ["i32"] * n
        if tensor:
            args.append(self.fresh("a"))
            inits.append("%t")
            types.append("tensor<4xf32>")
        res = [self.fresh("r") for _ in args]
        if args:
            head = ", ".join(res) + " = "
            ia = ", ".join(f"{a} = {v}" for a, v in zip(args, inits))
            self.emit(depth, f"{head}scf.for {iv} = {lb} to {ub} step {st} iter_args({ia}) -> ({', '.join(types)}) {{")
        else:
            self.emit(depth, f"scf.for {iv} = {lb} to {ub} step {st} {{")
        if r.random() < 0.5:
            self.emit(depth + 1, f"func.call @use({iv}) : (index) -> ()")
        inner = list(vals) + args[:n]
        yields: list[str] = []
        for i in range(n):
            k = r.random()
            if k < 0.25:
                yields.append(args[i])  # yields its own iter arg
            elif k < 0.4:
                yields.append(inits[i])  # yields the init (unused arg)
            elif k < 0.55:
                yields.append(r.choice(vals))  # an invariant
            else:
                v = self.call(depth + 1, r.choice(inner))
                inner.append(v)
                yields.append(v)
        if depth < 2 and r.random() < 0.3:
            self.if_op(depth + 1, inner)
        if tensor:
            if r.random() < 0.5:
                v = self.fresh()
                self.emit(depth + 1, f"{v} = func.call @uset({args[-1]}) : (tensor<4xf32>) -> tensor<4xf32>")
                yields.append(v)
            else:
                yields.append(args[-1])
        if args:
            self.emit(depth + 1, f"scf.yield {', '.join(yields)} : {', '.join(types)}")
        self.emit(depth, "}")
        return [x for x, t in zip(res, types) if t == "i32" and r.random() < 0.7]

    # scf.while / index_switch / execute_region (gen_scf_region_program) -------
    def while_op(self, depth: int, vals: list[str]) -> list[str]:
        """A while loop: the condition a call or a cmpi (repeated in the after
        region, maybe inverted), forwarded as an operand or not, before
        arguments forwarded in order, permuted, duplicated or invariant, an
        scf.if on the condition right before scf.condition, or a constant
        false condition."""
        r = self.r
        n = r.choice([1, 2, 3])
        args = [self.fresh("w") for _ in range(n)]
        inits = [r.choice(vals) for _ in range(n)]
        shape = r.choice(["call", "cmp", "cmp", "false", "movedown"])
        body: list[tuple[int, str]] = []
        c = self.fresh("b")
        if shape == "cmp":
            body.append((1, f"{c} = arith.cmpi slt, {args[0]}, %y : i32"))
        elif shape == "false":
            body.append((1, f"{c} = arith.constant false"))
        else:
            body.append((1, f"{c} = func.call @cond({args[0]}) : (i32) -> i1"))
        fwd = list(args)
        k = r.random()
        if k < 0.3:
            r.shuffle(fwd)  # WhileOpAlignBeforeArgs
        elif k < 0.45 and n > 1:
            fwd[1] = fwd[0]  # duplicate forwarded values
        elif k < 0.6:
            w = self.fresh()
            body.append((1, f"{w} = func.call @use32({r.choice(args)}) : (i32) -> i32"))
            fwd[-1] = w
        types = ["i32"] * n
        if shape == "movedown":
            m = self.fresh("r")
            u = self.fresh()
            body.append((1, f"{m} = scf.if {c} -> (i32) {{"))
            body.append((2, f"{u} = func.call @two({args[0]}, {fwd[-1]}) : (i32, i32) -> i32"))
            body.append((2, f"scf.yield {u} : i32"))
            body.append((1, "} else {"))
            body.append((2, f"scf.yield {args[-1]} : i32"))
            body.append((1, "}"))
            fwd[0] = m
        if r.random() < 0.3:  # the condition forwarded (WhileConditionTruth)
            fwd.append(c)
            types.append("i1")
        res = [self.fresh("r") for _ in fwd]
        head = (", ".join(res) + " = ") if len(res) == 1 else f"{res[0]}:{len(res)} = "
        names = [res[0]] if len(res) == 1 else [f"{res[0]}#{i}" for i in range(len(res))]
        ia = ", ".join(f"{a} = {v}" for a, v in zip(args, inits))
        self.emit(depth, f"{head}scf.while ({ia}) : ({', '.join(['i32'] * n)}) -> ({', '.join(types)}) {{")
        for d, line in body:
            self.emit(depth + d, line)
        self.emit(depth + 1, f"scf.condition({c}) {', '.join(fwd)} : {', '.join(types)}")
        after = [self.fresh("p") for _ in fwd]
        self.emit(depth, "} do {")
        self.emit(depth, "^bb0(" + ", ".join(f"{a}: {t}" for a, t in zip(after, types)) + "):")
        inner = [a for a, t in zip(after, types) if t == "i32"]
        if types[-1] == "i1":
            z = self.fresh()
            self.emit(depth + 1, f"{z} = arith.extui {after[-1]} : i1 to i32")
            inner.append(z)
        if shape == "cmp":
            q = self.fresh("b")
            pred = r.choice(["slt", "sge", "sgt"])
            self.emit(depth + 1, f"{q} = arith.cmpi {pred}, {after[0]}, %y : i32")
            z = self.fresh()
            self.emit(depth + 1, f"{z} = arith.extui {q} : i1 to i32")
            inner.append(z)
        if depth < 3 and r.random() < 0.3:
            inner += self.if_op(depth + 1, inner)
        ys = []
        for i in range(n):
            k = r.random()
            if k < 0.3:
                ys.append(inner[i] if i < len(inner) else inner[0])  # an after argument
            elif k < 0.45:
                ys.append(inits[i])  # loop-invariant
            else:
                ys.append(self.call(depth + 1, r.choice(inner)))
        self.emit(depth + 1, f"scf.yield {', '.join(ys)} : {', '.join(['i32'] * n)}")
        self.emit(depth, "}" + (" attributes {w}" if r.random() < 0.15 else ""))
        return [x for x, t in zip(names, types) if t == "i32" and r.random() < 0.7]

    def switch_op(self, depth: int, vals: list[str]) -> list[str]:
        """An index_switch on %i or a constant (a case value or not), with
        results that are duplicates, region-invariant or unused."""
        r = self.r
        k = r.random()
        if k < 0.3:
            arg = self.fresh("i")
            self.emit(depth, f"{arg} = arith.constant {r.choice([0, 2, 5, -1])} : index")
        else:
            arg = "%i"
        cases = sorted(r.sample([-1, 0, 2, 3, 5], r.choice([0, 1, 2, 3])))
        n = r.choice([0, 1, 2, 3])
        inv = r.choice(vals)
        res = self.fresh("r")
        names = [res] if n == 1 else [f"{res}#{i}" for i in range(n)]
        head = "" if n == 0 else (f"{res} = " if n == 1 else f"{res}:{n} = ")
        types = ", ".join(["i32"] * n)
        self.emit(depth, f"{head}scf.index_switch {arg}" + (" {tag}" if r.random() < 0.15 else "")
                  + (f" -> {types}" if n else ""))
        for cv in cases + [None]:
            self.emit(depth, f"case {cv} {{" if cv is not None else "default {")
            inner = list(vals)
            if r.random() < 0.6:
                inner.append(self.call(depth + 1, r.choice(vals)))
            if depth < 3 and r.random() < 0.2:
                inner += self.for_op(depth + 1, inner) if r.random() < 0.5 else self.if_op(depth + 1, inner)
            ys = []
            for j in range(n):
                if j == 1 and r.random() < 0.5:
                    ys.append(inv)  # every region yields the same outside value
                elif j == 2 and r.random() < 0.6:
                    ys.append(ys[0])  # a duplicate result
                else:
                    ys.append(r.choice(inner))
            if n:
                self.emit(depth + 1, f"scf.yield {', '.join(ys)} : {types}")
            elif cv is not None:
                self.emit(depth + 1, "scf.yield")
            self.emit(depth, "}")
        return [x for x in names if r.random() < 0.7]

    def execute_op(self, depth: int, vals: list[str]) -> list[str]:
        """An execute_region of one or several blocks, maybe no_inline, with
        a result that is an outside value or a duplicate."""
        r = self.r
        n = r.choice([0, 1, 2])
        res = self.fresh("r")
        names = [res] if n == 1 else [f"{res}#{i}" for i in range(n)]
        head = "" if n == 0 else (f"{res} = " if n == 1 else f"{res}:{n} = ")
        tl = ", ".join(["i32"] * n)
        arrow = "" if n == 0 else (" -> i32" if n == 1 else f" -> ({tl})")
        ni = " no_inline" if r.random() < 0.2 else ""
        self.emit(depth, f"{head}scf.execute_region{arrow}{ni} {{")
        v = self.call(depth + 1, r.choice(vals))
        ys = [v, r.choice([v, r.choice(vals)])][:n]
        if r.random() < 0.4:  # several blocks
            b1, b2 = self.fresh("bb")[1:], self.fresh("bb")[1:]
            self.emit(depth + 1, f"cf.cond_br %c, ^{b1}, ^{b2}")
            self.emit(depth, f"^{b1}:")
            if n:
                self.emit(depth + 1, f"scf.yield {', '.join(ys)} : {tl}")
            else:
                self.emit(depth + 1, "scf.yield")
            self.emit(depth, f"^{b2}:")
            ys = [r.choice(vals) for _ in range(n)]
        if depth < 3 and r.random() < 0.3:
            self.if_op(depth + 1, vals + [v])
        if n:
            self.emit(depth + 1, f"scf.yield {', '.join(ys)} : {tl}")
        else:
            self.emit(depth + 1, "scf.yield")
        self.emit(depth, "}" + (" {keep}" if r.random() < 0.15 else ""))
        return [x for x in names if r.random() < 0.8]

    def cast_for(self, depth: int) -> None:
        """A loop carrying a tensor.cast'ed (static to dynamic) iter_arg
        (ForOpTensorCastFolder), its result cast back and used once."""
        lb, ub, st = self.bounds(depth)
        d, a, res, iv = self.fresh("t"), self.fresh("a"), self.fresh("r"), self.fresh("iv")
        self.emit(depth, f"{d} = tensor.cast %t : tensor<4xf32> to tensor<?xf32>")
        self.emit(depth, f"{res} = scf.for {iv} = {lb} to {ub} step {st} iter_args({a} = {d}) -> (tensor<?xf32>) {{")
        e, u, f = self.fresh("t"), self.fresh("t"), self.fresh("t")
        self.emit(depth + 1, f"{e} = tensor.cast {a} : tensor<?xf32> to tensor<4xf32>")
        self.emit(depth + 1, f"{u} = func.call @uset({e}) : (tensor<4xf32>) -> tensor<4xf32>")
        self.emit(depth + 1, f"{f} = tensor.cast {u} : tensor<4xf32> to tensor<?xf32>")
        self.emit(depth + 1, f"scf.yield {f} : tensor<?xf32>")
        self.emit(depth, "}")
        z = self.fresh("t")
        self.emit(depth, f"{z} = tensor.cast {res} : tensor<?xf32> to tensor<4xf32>")
        self.emit(depth, f"func.call @uset({z}) : (tensor<4xf32>) -> tensor<4xf32>")

    def negated_bool_if(self, depth: int) -> list[str]:
        """An if yielding false/true (ReplaceIfYieldWithConditionOrValue's
        xori with true), or its select(c, false, true) after conversion."""
        return self._const_bool_if(depth, "false", "true", None)

    def nested_if(self, depth: int) -> None:
        """`if a { if b { ... } }` (CombineNestedIfs)."""
        self.emit(depth, "scf.if %c {")
        self.emit(depth + 1, "scf.if %d {")
        self.call(depth + 2, "%x")
        self.emit(depth + 1, "}")
        self.emit(depth, "}")


def _module(decls: str, funcs: list[tuple[str, str, list[str], str]]) -> str:
    """A module of the declarations and i32-returning functions (name,
    parameters, body lines, returned value)."""
    out = ["module {", decls.rstrip("\n")]
    for name, params, lines, ret in funcs:
        out.append(f"  func.func @{name}({params}) -> i32 {{")
        out += lines
        out.append(f"    return {ret} : i32")
        out.append("  }")
    out.append("}")
    return "\n".join(out) + "\n"


def _functions(r: random.Random, name: str, params: str, n_funcs: tuple[int, int], n_ops: tuple[int, int],
               kinds: list, first: Any = None) -> list[tuple[str, str, list[str], str]]:
    """Functions of random op shapes: `kinds` pairs a cumulative weight with
    a maker (generator, values) -> new values; `first(k, generator)` may
    open function k."""
    funcs = []
    for k in range(r.randint(*n_funcs)):
        g = _Gen(r)
        vals = ["%x", "%y"]
        if first is not None:
            first(k, g)
        for _ in range(r.randint(*n_ops)):
            kind = r.random()
            make = next(m for bound, m in kinds if kind < bound)
            vals += make(g, vals) or []
        funcs.append((f"{name}{k}", params, g.lines, vals[-1]))
    return funcs


def gen_scf_program(seed: int) -> str:
    kinds = [(0.35, lambda g, v: g.if_op(2, v)), (0.7, lambda g, v: g.for_op(2, v)), (0.8, lambda g, v: g.bool_if(2)),
             (0.9, lambda g, v: g.consecutive_ifs(2, v)), (1.0, lambda g, v: g.nested_if(2))]
    return _module(_DECLS, _functions(random.Random(seed), "f", "%c: i1, %d: i1, %x: i32, %y: i32, %n: index, "
                                      "%t: tensor<4xf32>", (2, 4), (2, 5), kinds))


_REGION_DECLS = _DECLS + """  func.func private @cond(i32) -> i1
  func.func private @two(i32, i32) -> i32
"""


def gen_scf_region_program(seed: int) -> str:
    """Functions mixing scf.while, scf.index_switch and scf.execute_region
    (every pattern iree-opt's MLIR registers for them) with ifs, loops and
    negated boolean ifs."""
    kinds = [(0.3, lambda g, v: g.while_op(2, v)), (0.55, lambda g, v: g.switch_op(2, v)),
             (0.8, lambda g, v: g.execute_op(2, v)), (0.9, lambda g, v: g.negated_bool_if(2)),
             (1.0, lambda g, v: g.for_op(2, v))]

    def first(k: int, g: _Gen) -> None:
        if k == 1:
            g.cast_for(2)

    return _module(_REGION_DECLS, _functions(random.Random(1000 + seed), "h", "%c: i1, %d: i1, %x: i32, %y: i32, "
                                             "%n: index, %i: index, %t: tensor<4xf32>", (3, 4), (4, 6), kinds, first))


def gen_cfg_merge_program(seed: int) -> str:
    """Diamonds and switches whose arms are identical up to outside values."""
    r = random.Random(seed)
    out = ["module {"]
    for k in range(r.randint(2, 4)):
        lines: list[str] = []
        n = r.choice([2, 2, 3])
        ops = [r.choice(["addi", "muli", "subi"]) for _ in range(r.randint(1, 3))]
        same_args = r.random() < 0.5
        head_vals = ["%a", "%b", "%e"]
        if n == 2:
            if same_args:
                v = r.choice(head_vals)
                lines.append(f"    cf.cond_br %c, ^bb1({v} : i32), ^bb2({v} : i32)")
            else:
                lines.append("    cf.cond_br %c, ^bb1(%a : i32), ^bb2(%b : i32)")
        else:
            vs = [r.choice(head_vals) if not same_args else "%a" for _ in range(n + 1)]
            lines.append(f"    cf.switch %f : i32, [default: ^bb1({vs[0]} : i32), 1: ^bb2({vs[1]} : i32), "
                         f"2: ^bb3({vs[2]} : i32)]")
        ret_block = n + 1
        identical = r.random() < 0.7
        for b in range(1, n + 1):
            lines.append(f"  ^bb{b}(%p{b}: i32):")
            cur = f"%p{b}"
            for i, o in enumerate(ops):
                other = r.choice(head_vals) if not identical or i else head_vals[b % 3 if r.random() < 0.3 else 0]
                v = f"%v{b}_{i}"
                if identical:
                    other = head_vals[i % 3] if r.random() < 0.7 else r.choice(head_vals)
                lines.append(f"    {v} = arith.{o} {cur}, {other} : i32")
                cur = v
            fwd = cur if r.random() < 0.8 else "%e"
            lines.append(f"    cf.br ^bb{ret_block}({fwd}, %e : i32, i32)")
        lines.append(f"  ^bb{ret_block}(%r: i32, %s: i32):")
        lines.append("    %z = arith.addi %r, %s : i32")
        lines.append("    return %z : i32")
        out.append(f"  func.func @g{k}(%c: i1, %f: i32, %a: i32, %b: i32, %e: i32) -> i32 {{")
        out += lines
        out.append("  }")
    out.append("}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    s = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    if len(sys.argv) > 2 and sys.argv[2] == "cfg":
        sys.stdout.write(gen_cfg_merge_program(s))
    elif len(sys.argv) > 2 and sys.argv[2] == "region":
        sys.stdout.write(gen_scf_region_program(s))
    else:
        sys.stdout.write(gen_scf_program(s))
