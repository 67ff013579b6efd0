"""Writes NAME.mlirbc from each NAME.mlir here with jaxlib's MLIR bytecode
writer (current format version) and NAME.expected, jaxlib's generic print
of the module with locations (what hlopt must print from the bytecode), for
tests/unit/test_bytecode_build.py:

    .venv/bin/python tests/unit/bytecode_inputs/make_inputs.py
"""

import io
import pathlib
import sys

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE.parent.parent / "oracle"))

import mlir_ref  # noqa: E402
from jaxlib.mlir import ir  # noqa: E402

for src in sorted(HERE.glob("*.mlir")):
    with mlir_ref._make_context(True):
        m = ir.Module.parse(src.read_text())
        buf = io.BytesIO()
        m.operation.write_bytecode(buf)
        expected = m.operation.get_asm(enable_debug_info=True, print_generic_op_form=True)
    src.with_suffix(".expected").write_text(expected)
    src.with_suffix(".mlirbc").write_bytes(buf.getvalue())
    print(src.with_suffix(".mlirbc").name, len(buf.getvalue()), "bytes")
