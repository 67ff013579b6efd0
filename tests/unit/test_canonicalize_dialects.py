"""--canonicalize collects the patterns of the dialects loaded in the
context (MLIR's canonicalizer), so a module pays only for the dialects it
uses; a dialect a rewrite loads on the way brings its patterns in."""

from __future__ import annotations

import subprocess
import sys

from hlopt.ir.context import Context, current_context, use_context
from hlopt.ir.dialect import Dialect
from hlopt.ir.opdef import OpDef, operand, result
from hlopt.passes.manager import PassManager
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op


def test_canonicalize_imports_only_the_dialects_of_the_module():
    code = """
import sys
from hlopt.passes.manager import PassManager
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op
m = parse_module('''func.func @f(%x: i32, %t: tensor<4xf32>) -> (i32, tensor<4xf32>) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %x, %c3 : i32
  %1 = arith.addi %0, %c5 : i32
  %2 = stablehlo.abs %t : tensor<4xf32>
  return %1, %2 : i32, tensor<4xf32>
}''')
PassManager.from_text("builtin.module(canonicalize)").run(m)
print(print_op(m))
print(sorted({k.split(".")[2] for k in sys.modules if k.startswith("hlopt.dialects.")}))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    *ir, loaded = out.strip().splitlines()
    # (x + 3) + 5 -> x + 8: arith's patterns (AddIAddConstant) were collected
    assert "%0 = arith.addi %arg0, %c8_i32 : i32" in "\n".join(ir)
    dialects = set(eval(loaded))  # a printed list of names
    assert {"builtin", "func", "arith", "stablehlo"} <= dialects
    assert not dialects & {"hal", "stream", "util", "sdy", "hir", "iree_encoding", "tensor", "shape", "scf",
                           "mhlo", "vhlo", "quant"}, dialects


class _Src(OpDef):
    name = "tcsrc.op"
    x = operand()
    out = result()

    @classmethod
    def canonicalization_patterns(cls):
        def to_dst(op, rw) -> bool:  # creates an op of a dialect loaded only now
            current_context().load(_DST)
            new = rw.create("tcdst.op", list(op.operands), [op.results[0].type])
            rw.replace_op(op, new.results)
            return True
        return (to_dst,)


class _Dst(OpDef):
    name = "tcdst.op"
    x = operand()
    out = result()

    @classmethod
    def canonicalization_patterns(cls):
        def to_done(op, rw) -> bool:
            rw.replace_op(op, [op.operands[0]])
            return True
        return (to_done,)


_DST = Dialect("tcdst", ops=(_Dst,))


def test_a_dialect_loaded_by_a_rewrite_brings_its_patterns():
    from hlopt.dialects import DIALECTS

    with use_context(Context(DIALECTS)) as ctx:
        ctx.load(Dialect("tcsrc", ops=(_Src,)))
        m = parse_module('func.func @f(%a: i32) -> i32 {\n  %0 = "tcsrc.op"(%a) : (i32) -> i32\n'
                         '  return %0 : i32\n}')
        assert "tcdst" not in ctx.loaded_dialects()
        PassManager.from_text("builtin.module(canonicalize)").run(m)
        out = print_op(m)
    assert "tcsrc.op" not in out and "tcdst.op" not in out, out
    assert "return %arg0 : i32" in out
