#!/usr/bin/env python3
"""Seeded generator of cf.switch programs for the generic-pass differential
suite (tests/oracle/test_ireeopt_oracle.py).

Each function switches on an i8/i32/i64 flag (an argument or a constant)
over cases with negative and wrapping values, cases that duplicate the
default (same block and operands), pass-through blocks (only a `cf.br`),
a second switch on the same flag reached through a case or through the
default, switches with only a default, and duplicated pure ops for CSE:
every canonicalization pattern MLIR registers for cf.switch has inputs.
Everything is valid MLIR that iree-opt accepts, in the custom form.

API::

    gen_switch_program(seed) -> str

CLI: ``python tests/oracle/gen_cf.py SEED``
"""
from __future__ import annotations

import random
import sys

WIDTHS = {"i8": 8, "i32": 32, "i64": 64}


class _Fn:
    def __init__(self, r: random.Random, name: str):
        self.r, self.name = r, name
        self.blocks: list[list[str]] = []
        self.n = 0

    def fresh(self) -> str:
        self.n += 1
        return f"%v{self.n}"

    def block(self) -> int:
        self.blocks.append([])
        return len(self.blocks) - 1


def _case_values(r: random.Random, t: str, n: int) -> list[int]:
    w = WIDTHS[t]
    pool = [0, 1, -1, 2, 3, 42, 43, -7, (1 << (w - 1)) - 1, -(1 << (w - 1))]
    vals: list[int] = []
    while len(vals) < n:
        v = r.choice(pool) if r.random() < 0.7 else r.randint(-100, 100)
        if v not in vals:
            vals.append(v)
    return vals


def _switch(flag: str, t: str, default: str, cases: list[tuple[int, str]]) -> str:
    items = [f"default: {default}"] + [f"{v}: {d}" for v, d in cases]
    return f"cf.switch {flag} : {t}, [ " + ", ".join(items) + " ]"


def _function(r: random.Random, k: int) -> str:
    t = r.choice(list(WIDTHS))
    args = ["%a: i32", "%b: i32", f"%flag: {t}"]
    f = _Fn(r, f"f{k}")
    entry = f.block()
    # the exit block takes one i32; every path ends there
    body: list[str] = f.blocks[entry]
    if r.random() < 0.3:
        v = _case_values(r, t, 1)[0] if r.random() < 0.5 else r.randint(-3, 50)
        flag = f.fresh()
        body.append(f"{flag} = arith.constant {v} : {t}")
    else:
        flag = "%flag"
    if r.random() < 0.5:  # duplicated pure ops: CSE food
        x, y = f.fresh(), f.fresh()
        body.append(f"{x} = arith.addi %a, %b : i32")
        body.append(f"{y} = arith.addi %a, %b : i32")
        vals = [x, y, "%a", "%b"]
    else:
        vals = ["%a", "%b"]
    n_cases = r.choice([0, 1, 2, 3, 4])
    cvals = _case_values(r, t, n_cases)
    exit_label = "^exit"
    extra: list[str] = []
    lines_after: list[str] = []

    def target(label_hint: str) -> str:
        """A destination: the exit directly, or a pass-through block, or a
        block computing something first."""
        c = r.random()
        v = r.choice(vals)
        if c < 0.4:
            return f"{exit_label}({v} : i32)"
        name = f"^{label_hint}"
        if c < 0.7:  # pass-through
            lines_after.append(f"{name}:")
            lines_after.append(f"  cf.br {exit_label}({v} : i32)")
        else:
            s = f.fresh()
            lines_after.append(f"{name}:")
            lines_after.append(f"  {s} = arith.muli {v}, {r.choice(vals)} : i32")
            lines_after.append(f"  cf.br {exit_label}({s} : i32)")
        return name

    default = target("d")
    cases = []
    for i, cv in enumerate(cvals):
        if r.random() < 0.25:
            cases.append((cv, default))  # duplicates the default
        elif r.random() < 0.25 and i > 0 and not cases[-1][1].startswith(exit_label + "("):
            cases.append((cv, cases[-1][1]))  # two cases into one block
        else:
            cases.append((cv, target(f"c{i}")))
    if n_cases and r.random() < 0.5:
        # a second switch on the same flag, reached through one case or the default
        via_default = r.random() < 0.5
        inner_vals = cvals[: r.randint(0, len(cvals))] + _case_values(r, t, 2)
        inner_vals = list(dict.fromkeys(inner_vals))
        inner_cases = [(v, f"{exit_label}({r.choice(vals)} : i32)") for v in inner_vals]
        lines_after.append("^inner:")
        lines_after.append("  " + _switch(flag, t, f"{exit_label}({r.choice(vals)} : i32)", inner_cases))
        if via_default:
            default = "^inner"
        else:
            i = r.randrange(len(cases))
            cases[i] = (cases[i][0], "^inner")
            for j in range(len(cases)):  # the inner block needs a single predecessor edge
                if j != i and cases[j][1] == "^inner":
                    cases[j] = (cases[j][0], f"{exit_label}(%a : i32)")
            if default == "^inner":
                default = f"{exit_label}(%a : i32)"
    body.append(_switch(flag, t, default, cases))
    out = [f"func.func @{f.name}({', '.join(args)}) -> i32 {{"]
    out += ["  " + x for x in body]
    out += lines_after + extra
    out.append(f"{exit_label}(%r: i32):")
    out.append("  return %r : i32")
    out.append("}")
    return "\n".join(out)


def gen_switch_program(seed: int) -> str:
    r = random.Random(seed)
    return "\n".join(_function(r, k) for k in range(r.randint(2, 4))) + "\n"


if __name__ == "__main__":
    print(gen_switch_program(int(sys.argv[1]) if len(sys.argv) > 1 else 0), end="")
