"""Writes NAME.mlirbc from each NAME.mlir here with jaxlib's MLIR bytecode
writer (current format version) and NAME.expected, jaxlib's generic print
of the module with locations (what hlopt must print from the bytecode), for
tests/unit/test_bytecode_build.py. A module with a rewrite below is changed
with jaxlib's API first (to give its use lists orders no text gives), and
NAME.uses records, for each value in definition order, its uses as MLIR's
reader orders them when it reads NAME.mlirbc back (owner op number in
pre-order, operand number):

    .venv/bin/python tests/unit/bytecode_inputs/make_inputs.py
"""

import io
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE.parent.parent / "oracle"))

import mlir_ref  # noqa: E402
from jaxlib.mlir import ir  # noqa: E402


def _use_lists(m):
    """Setting an operand again moves its use to the front of the value's
    list; replace_all_uses_with moves each use the same way."""
    body = m.body.operations[0].regions[0].blocks[0]
    a, b = body.arguments[0], body.arguments[1]
    b.replace_all_uses_with(a)
    ops = [o.operation for o in body.operations]
    ops[9].operands[0] = ops[9].operands[0]  # %9 = addf %4#1, %4#1: two of six uses swap
    inner = ops[10].regions[0].blocks[0].operations[0].operation
    inner.operands[0] = inner.operands[0]  # %11's use of %5 now precedes test.region's


REWRITES = {"use_lists": _use_lists}
# older bytecode formats also written (NAME.vN.mlirbc): before lazy
# sections and use lists (1), before native properties (4, segment sizes
# in the attribute dictionary)
VERSIONS = {"forward_refs": (1, 4), "nested": (1, 4)}
# portable artifacts also written (NAME.vhlo-VERSION.mlirbc, VHLO target
# versions; the oldest jaxlib writes is in bytecode format 1); expected: the
# module jaxlib deserializes
ARTIFACTS = {"artifact": ("0.9.0", "1.0.0", "1.17.0")}


def _uses(m) -> list:
    ids = {}
    values = []

    def walk(op):
        ids[op] = len(ids)
        for r in op.regions:
            for b in r.blocks:
                values.extend(b.arguments)
                for o in b.operations:
                    values.extend(o.operation.results)
                    walk(o.operation)
    walk(m.operation)
    return [[[ids[u.owner.operation], u.operand_number] for u in v.uses] for v in values]


for src in sorted(HERE.glob("*.mlir")):
    with mlir_ref._make_context(True):
        m = ir.Module.parse(src.read_text())
        if src.stem in REWRITES:
            REWRITES[src.stem](m)
        buf = io.BytesIO()
        m.operation.write_bytecode(buf)
        expected = m.operation.get_asm(enable_debug_info=True, print_generic_op_form=True)
        if src.stem in REWRITES:
            uses = _uses(ir.Module.parse(buf.getvalue()))
            src.with_suffix(".uses").write_text(json.dumps(uses) + "\n")
    src.with_suffix(".expected").write_text(expected)
    src.with_suffix(".mlirbc").write_bytes(buf.getvalue())
    print(src.with_suffix(".mlirbc").name, len(buf.getvalue()), "bytes")
    for v in VERSIONS.get(src.stem, ()):
        with mlir_ref._make_context(True):
            m = ir.Module.parse(src.read_text())
            buf = io.BytesIO()
            m.operation.write_bytecode(buf, desired_version=v)
            expected = m.operation.get_asm(enable_debug_info=True, print_generic_op_form=True)
        (HERE / f"{src.stem}.v{v}.expected").write_text(expected)
        (HERE / f"{src.stem}.v{v}.mlirbc").write_bytes(buf.getvalue())
    for v in ARTIFACTS.get(src.stem, ()):
        from jaxlib.mlir.dialects import stablehlo

        art = stablehlo.serialize_portable_artifact_str(src.read_text(), v)
        with mlir_ref._make_context(True) as ctx:
            m = stablehlo.deserialize_portable_artifact(ctx, art)
            expected = m.operation.get_asm(enable_debug_info=True, print_generic_op_form=True)
        (HERE / f"{src.stem}.vhlo-{v}.expected").write_text(expected)
        (HERE / f"{src.stem}.vhlo-{v}.mlirbc").write_bytes(art)
