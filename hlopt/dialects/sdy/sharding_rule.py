"""`#sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=4} reduction={k}>`
as a structured attribute (Shardy's OpShardingRuleAttr): factor symbols
`i`..`z`, then `z_1`, `z_2`, ...; parsed, printed canonically and verified
against the op it annotates (verifyOpShardingRuleAttr's rules and messages)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.ir.attributes import Attribute

_Z = ord("z") - ord("i")  # 17: `z`; `z_N` is 17 + N
_KINDS = ("reduction", "need_replication", "permutation", "blocked_propagation")


class RuleSyntaxError(Exception):
    """A sharding rule that does not parse, with Shardy's message."""


def factor_symbol(i: int) -> str:
    return chr(ord("i") + i) if i <= _Z else f"z_{i - _Z}"


def _symbols(word: str) -> list[int]:
    """`ij` -> [0, 1]; `z_2z_1` -> [19, 18]."""
    out = []
    while word:
        if word.startswith("z_"):
            m = re.match(r"z_(\d+)", word)
            if m is None:
                raise RuleSyntaxError(f"expecting integer after 'z_'. Received: '{word}'")
            if m.group(1)[0] == "0":
                raise RuleSyntaxError(f"expecting positive integer without leading zeros. Received: "
                                      f"'{m.group(1)}'")
            out.append(int(m.group(1)) + _Z)
            word = word[m.end():]
            continue
        if not "i" <= word[0] <= "z":
            raise RuleSyntaxError(f"expecting symbol from 'i' to 'z'. Received: '{word[0]}'")
        out.append(ord(word[0]) - ord("i"))
        word = word[1:]
    return out


class OpShardingRuleAttr(Attribute):
    """operands/results: per tensor, per dimension, the factor indices;
    sizes: factor sizes; special: (reduction, need_replication, permutation,
    blocked_propagation) factor lists; custom: `, custom`."""

    __slots__ = ("operands", "results", "sizes", "special", "custom")

    def __new__(cls, operands: Sequence, results: Sequence, sizes: Sequence[int],
                special: Sequence[Sequence[int]] = ((), (), (), ()), custom: bool = False) -> "OpShardingRuleAttr":
        def norm(ms):
            return tuple(tuple(tuple(d) for d in m) for m in ms)
        return cls._make((norm(operands), norm(results), tuple(sizes), tuple(tuple(s) for s in special),
                          bool(custom)))

    def _init(self, operands, results, sizes, special, custom) -> None:
        self.operands, self.results, self.sizes, self.special, self.custom = operands, results, sizes, special, custom

    def print_with(self, p: Any) -> str:
        def mappings(ms) -> str:
            return ", ".join("[" + ", ".join("".join(factor_symbol(f) for f in d) for d in m) + "]" for m in ms)
        s = f"#sdy.op_sharding_rule<({mappings(self.operands)})->({mappings(self.results)})"
        if self.sizes:
            s += " {" + ", ".join(f"{factor_symbol(i)}={n}" for i, n in enumerate(self.sizes)) + "}"
        for kind, fs in zip(_KINDS, self.special):
            if fs:
                s += f" {kind}={{" + ", ".join(factor_symbol(f) for f in fs) + "}"
        return s + (", custom" if self.custom else "") + ">"


_TOK = re.compile(r"\s*(?:(\w+)|(->)|(-?\d+)|([\[\](){}=,<>]))")


def parse_sharding_rule(text: str) -> OpShardingRuleAttr | None:
    """`#sdy.op_sharding_rule<...>` -> the attribute; None if the text is not
    one; RuleSyntaxError for a malformed rule."""
    prefix = "#sdy.op_sharding_rule<"
    if not text.startswith(prefix) or not text.endswith(">"):
        return None
    toks, pos, body = [], 0, text[len(prefix):-1]
    while pos < len(body.rstrip()):
        m = _TOK.match(body, pos)
        if m is None or m.end() == pos:
            raise RuleSyntaxError(f"unexpected '{body[pos:].strip()[:1]}' in sharding rule")
        assert m.lastindex is not None  # every alternative of _TOK is a group
        toks.append(m.group(m.lastindex))
        pos = m.end()
    it = iter(toks + [""])
    cur = [next(it)]

    def take(want: str | None = None) -> str:
        t = cur[0]
        if want is not None and t != want:
            raise RuleSyntaxError(f"expected '{want}'")
        cur[0] = next(it)
        return t

    def tensor_list() -> list:
        take("(")
        out: list = []
        while cur[0] == "[":
            take("[")
            dims = []
            while cur[0] not in ("]", ""):
                dims.append(_symbols(take()) if cur[0] != "," else [])
                if cur[0] == ",":
                    take(",")
            take("]")
            out.append(dims)
            if cur[0] == ",":
                take(",")
        take(")")
        return out

    operands = tensor_list()
    take("->")
    results = tensor_list()
    sizes: list[int] = []
    if cur[0] == "{":
        take("{")
        while cur[0] != "}":
            sym = _symbols(take())
            if len(sym) != 1:
                raise RuleSyntaxError("expecting single factor symbol")
            if sym[0] != len(sizes):
                raise RuleSyntaxError(f"expecting factor indices to be ordered like an iota ([0,1,2,...], e.g. "
                                      f"{{i=#, j=#, ...}}). Expecting factor index symbol "
                                      f"'{factor_symbol(len(sizes))}', received: '{factor_symbol(sym[0])}'")
            take("=")
            size = take()
            if not re.fullmatch(r"-?\d+", size):
                raise RuleSyntaxError(f"expected integer value, got '{size}'")
            sizes.append(int(size))
            if cur[0] == ",":
                take(",")
        take("}")
    special: list[list[int]] = [[], [], [], []]
    for k, kind in enumerate(_KINDS):
        if cur[0] == kind:
            take(kind)
            take("=")
            take("{")
            while cur[0] != "}":
                special[k] += _symbols(take())
                if cur[0] == ",":
                    take(",")
            take("}")
    custom = False
    if cur[0] == ",":
        take(",")
        take("custom")
        custom = True
    if cur[0] != "":
        raise RuleSyntaxError(f"unexpected '{cur[0]}' in sharding rule")
    return OpShardingRuleAttr(operands, results, sizes, special, custom)


def rule_error(rule: OpShardingRuleAttr, op: Any) -> str | None:
    """verifyOpShardingRuleAttr: the message (after `'op' op `), or None."""
    n = len(rule.sizes)
    used: dict[str, set] = {"operand": set(), "result": set()}
    for what, types, maps in (("operand", [v.type for v in op.operands], rule.operands),
                              ("result", [v.type for v in op.results], rule.results)):
        if len(types) != len(maps):
            return f"number of {what}s and mappings must match: {len(types)} != {len(maps)}"
        if not maps:
            return (f"number of {what}s mappings cannot be 0. Op sharding rules can only be defined on operations "
                    "with at least one operand and result.")
        for i, (t, m) in enumerate(zip(types, maps)):
            where = f"{what} - " if len(types) == 1 else f"{what} {i} - "
            shape = getattr(t, "shape", None)
            if shape is None or not getattr(t, "has_static_shape", False):
                return f"{where}expected a ranked tensor with a static shape. type: '{t.text}'"
            if len(m) != len(shape):
                return f"{where}mapping rank must match: {len(m)} != {len(shape)}"
            seen: set = set()
            for dim in m:
                if not dim:
                    return f"{where}dim mapping must have at least one factor"
                for f in dim:
                    if not 0 <= f < n:
                        return (f"{where}expecting factor indices to be within 0<=...<num_factors; received: {f}, "
                                f"num_factors: {n}")
                    if f in seen:
                        return f"{where}cannot reuse factors for the same tensor value"
                    if rule.sizes[f] == 1 and len(dim) > 1:
                        return f"{where}dim mapping can't have a factor of size 1 if there are multiple factors"
                    seen.add(f)
                    used[what].add(f)
    for f in range(n):
        if f not in used["operand"] and f not in used["result"]:
            return f"has factor {factor_symbol(f)}={rule.sizes[f]} that isn't used in operand and result mappings"
    for fs in rule.special[:3]:
        msg = _sorted_unique_in_bound(fs, n)
        if msg is not None:
            return msg
    if len(set().union(*map(set, rule.special[:3]))) != sum(len(fs) for fs in rule.special[:3]):
        return "a factor can only be in one of the reduction, need replication, or permutation factor sets"
    msg = _sorted_unique_in_bound(rule.special[3], n)
    if msg is not None:
        return msg
    if any(f in used["result"] for f in rule.special[0]):
        return "reduction factor cannot be in result mappings"
    return None


def _sorted_unique_in_bound(fs: Sequence[int], n: int) -> str | None:
    if not fs:
        return None
    if list(fs) != sorted(fs):
        return "indices of special factors must be sorted"
    if len(set(fs)) != len(fs):
        return "indices of special factors must be unique"
    if fs[0] < 0:
        return "index must be non-negative"
    if fs[-1] >= n:
        return f"index must be less than {n}, got: {fs[-1]}"
    return None
