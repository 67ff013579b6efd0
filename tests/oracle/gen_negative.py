#!/usr/bin/env python3
"""Mechanically generated negative inputs for the op declarations.

For every registered StableHLO/CHLO/Shardy op that occurs in the JAX corpus
(tests/fixtures/stablehlo/*.generic.mlir), take its first occurrence whose
regions capture nothing from above, move it into a new function `@__neg`
whose arguments are its operands (appended to the corpus module, so symbols
such as meshes and callees still resolve), and make variants:

    base        the op unchanged (both tools must accept it)
    operands    one operand fewer (one more when it has none, and one more per
                variadic group for SameVariadicOperandSize ops)
    results     one result more
    element     operand #0 (else result #0) with another element type
    attribute   the first required inherent attribute removed

Each variant is printed in the generic form by hlopt's printer (which
matches MLIR's). tests/oracle/test_negative_oracle.py feeds every variant to
jaxlib's MLIR and to hlopt; their verdicts must agree.

    python tests/oracle/gen_negative.py [--lit DIR]   # list, or write a lit sample
"""

from __future__ import annotations

import argparse
import pathlib
import sys
from collections.abc import Iterator
from dataclasses import dataclass

import hlopt
from hlopt.ir.attributes import StringAttr, TypeAttr
from hlopt.ir.core import BlockArgument, Operation, Region
from hlopt.ir.opdef import SINGLE
from hlopt.ir.types import FloatType, FunctionType, IntegerType, RankedTensorType, Type

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "fixtures" / "stablehlo"
DIALECTS = ("stablehlo", "chlo", "sdy")
SKIP_FILES = ("deep_transformer_grad",)  # large; its ops occur in smaller files too
KINDS = ("base", "operands", "results", "element", "attribute")


@dataclass(frozen=True)
class Case:
    op: str
    kind: str
    source: str  # fixture file name
    text: str


def _captures(op: Operation) -> bool:
    """Whether a value used inside op's regions is defined outside op."""
    for inner in op.nested_ops():
        for v in inner.operands:
            if isinstance(v, BlockArgument):
                region = v.owner.parent
                owner = region.parent if region is not None else None
            else:
                owner = v.defining_op
            if owner is None or not op.is_ancestor(owner):
                return True
    return False


def _other_element(t: Type) -> Type | None:
    if not isinstance(t, RankedTensorType):
        return None
    et = t.element_type
    if isinstance(et, FloatType):
        new = IntegerType(32)
    elif isinstance(et, IntegerType) and et.width == 1:
        new = FloatType("f32")
    elif isinstance(et, IntegerType):
        new = FloatType("f32")
    else:
        new = IntegerType(32)
    return RankedTensorType(t.shape, new, t.encoding)


def _required_attr(op: Operation) -> str | None:
    d = op.opdef
    for f in getattr(d, "attr_defs", ()):
        if f.arity == SINGLE and f.default is None and op.properties.get(f.name) is not None:
            return f.name
    return None


def _first_occurrences() -> dict[str, tuple[str, str]]:
    """op name -> (fixture file, module text) of its first usable occurrence."""
    out: dict[str, tuple[str, str]] = {}
    for path in sorted(CORPUS.glob("*.generic.mlir")):
        if any(s in path.name for s in SKIP_FILES):
            continue
        text = path.read_text()
        m = hlopt.parse_module(text, str(path))
        for op in m.walk():
            if op.name in out or op.name.split(".", 1)[0] not in DIALECTS or op.opdef is None:
                continue
            if op.parent_op is m or _captures(op) or op.has_trait("Terminator"):
                continue  # terminators are checked inside their parent ops' variants
            out[op.name] = (path.name, text)
    return out


def _variant(text: str, op_name: str, kind: str, alone: bool = False) -> str | None:
    """The module of `text` plus `@__neg` holding the mutated op, generic form
    (`alone`: the function by itself)."""
    m = hlopt.parse_module(text)
    target = next(o for o in m.walk() if o.name == op_name and o.parent_op is not m and not _captures(o))
    arg_types = list(target.operand_types)
    res_types = list(target.result_types)
    props, attrs = target.properties, target.attributes
    operand_idx = list(range(len(arg_types)))
    if kind == "operands":
        d = target.opdef
        if "SameVariadicOperandSize" in d.traits:
            # one more row in every variadic group (an input and its init, ...):
            # an uneven split is undefined behaviour in MLIR's C++ accessors
            operand_idx = []
            for f, (start, size) in zip(d.operand_defs, d.operand_segments(target)):
                group = list(range(start, start + size))
                operand_idx += group + group[:1] if f.arity != SINGLE else group
        elif arg_types:
            operand_idx = operand_idx[:-1]
        else:
            arg_types = [RankedTensorType((), FloatType("f32"))]
            operand_idx = [0]
    elif kind == "results":
        res_types = res_types + [res_types[0] if res_types else RankedTensorType((), FloatType("f32"))]
    elif kind == "element":
        if arg_types and _other_element(arg_types[0]) is not None:
            arg_types[0] = _other_element(arg_types[0])
        elif res_types and _other_element(res_types[0]) is not None:
            res_types[0] = _other_element(res_types[0])
        else:
            return None
    elif kind == "attribute":
        name = _required_attr(target)
        if name is None:
            return None
        props = type(props)([(k, v) for k, v in props.entries if k != name])
    region = Region()
    block = region.add_block()
    args = [block.add_argument(t) for t in arg_types]
    mapping = dict(zip(target.operands, args))
    tmp = target.clone(mapping)
    new = Operation(target.name, [args[i] for i in operand_idx], res_types, props, attrs,
                    [r for r in tmp.regions])
    block.append(new)
    block.append(Operation("func.return"))
    fn = Operation("func.func", properties={"sym_name": StringAttr("__neg"),
                                            "function_type": TypeAttr(FunctionType(arg_types, []))},
                   regions=[region])
    if alone:
        return hlopt.print_op(fn, generic=True)
    m.regions[0].blocks[0].append(fn)
    return hlopt.print_op(m, generic=True)


def cases() -> Iterator[Case]:
    for name, (src, text) in sorted(_first_occurrences().items()):
        for kind in KINDS:
            t = _variant(text, name, kind)
            if t is not None:
                yield Case(name, kind, src, t)


def lit_sample(per_op: int = 1) -> str:
    """A --verify-diagnostics file: for each op, up to `per_op` variants that
    both tools reject with the same message, standing alone (no corpus
    module). Needs jaxlib (tests/oracle/mlir_ref.py)."""
    import mlir_ref

    from hlopt.driver import Options, process
    from hlopt.syntax.source import Source

    chunks = []
    mutations = KINDS[1:]
    for i, (name, (src, text)) in enumerate(sorted(_first_occurrences().items())):
        if name.startswith("sdy."):
            continue  # needs the corpus' meshes
        taken = 0
        for kind in mutations[i % 4:] + mutations[:i % 4]:  # rotate so every kind is sampled
            if taken >= per_op:
                break
            body = _variant(text, name, kind, alone=True)
            if body is None:
                continue
            ok, msg = mlir_ref.verify(body)
            out, diags, _ = process(Source("chunk.mlir", body), Options())
            if ok or out is not None or not diags:
                continue
            mlir_msg = msg.split(" error: ", 1)[-1].splitlines()[0]
            d = diags[0]
            if d.message != mlir_msg:
                continue
            line = d.file_line_col()[1]
            lines = body.rstrip("\n").split("\n")
            indent = " " * (len(lines[line - 1]) - len(lines[line - 1].lstrip()))
            # MLIR's later errors on the same op (e.g. 'failed to infer returned types') too
            same = [e for e in diags if e.file_line_col()[1] == line]
            for k, e in enumerate(same):
                lines.insert(line - 1, f"{indent}// expected-error@+{k + 1} {{{{{e.message}}}}}")
            chunks.append(f"// {name}: {kind} (from {src})\n" + "\n".join(lines) + "\n")
            taken += 1
    head = ("// Generated by tests/oracle/gen_negative.py --lit: one mechanically mutated variant per\n"
            "// corpus op that jaxlib's MLIR rejects with the same message as hlopt\n"
            "// (re-checked against MLIR by tests/oracle/test_negative_oracle.py).\n"
            "// RUN: hlopt %s --split-input-file --verify-diagnostics\n\n")
    return head + "\n// -----\n\n".join(chunks)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lit", metavar="FILE", help="write the --verify-diagnostics sample to FILE")
    args = ap.parse_args(argv)
    if args.lit:
        pathlib.Path(args.lit).write_text(lit_sample())
        return 0
    for c in cases():
        print(c.op, c.kind, c.source, len(c.text))
    return 0


if __name__ == "__main__":
    sys.exit(main())
