"""Multi-block regions: cf.br / cf.cond_br between blocks with block
arguments, in function bodies and in regions of ops allowing several blocks;
scalar arith values for loop counters and conditions. Expectations are
computed by hand."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

import hlopt
from hlopt.interp import InterpError, interpret
from hlopt.ir.attributes import IntegerAttr
from hlopt.ir.rewriter import Rewriter
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass
from hlopt.passes.semantics import SemanticsChanged, check_semantics

LOOP = """func.func @main(%n: i32, %x: tensor<2xf32>) -> tensor<2xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^loop(%c0, %x : i32, tensor<2xf32>)
^loop(%i: i32, %acc: tensor<2xf32>):
  %done = arith.cmpi sge, %i, %n : i32
  cf.cond_br %done, ^exit(%acc : tensor<2xf32>), ^body
^body:
  %y = stablehlo.add %acc, %acc : tensor<2xf32>
  %i1 = arith.addi %i, %c1 : i32
  cf.br ^loop(%i1, %y : i32, tensor<2xf32>)
^exit(%r: tensor<2xf32>):
  return %r : tensor<2xf32>
}
"""


def _run(text: str, *args: object) -> list:
    return interpret(hlopt.parse_module(text), list(args))[0]


@pytest.mark.parametrize("n,factor", [(0, 1), (1, 2), (3, 8), (-2, 1)])
def test_loop_through_blocks_doubles_n_times(n: int, factor: int) -> None:
    x = np.array([1.5, -2.0], np.float32)
    (r,) = _run(LOOP, np.int32(n), x)
    assert r.dtype == np.float32
    assert r.tolist() == (x * factor).tolist()


def test_branch_forwards_block_arguments_in_order() -> None:
    text = """func.func @main(%a: tensor<3xi32>, %b: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>) {
  cf.br ^bb1(%b, %a : tensor<3xi32>, tensor<3xi32>)
^bb1(%p: tensor<3xi32>, %q: tensor<3xi32>):
  %d = stablehlo.subtract %p, %q : tensor<3xi32>
  cf.br ^bb2(%d : tensor<3xi32>)
^bb2(%r: tensor<3xi32>):
  return %r, %p : tensor<3xi32>, tensor<3xi32>
}
"""
    r, p = _run(text, np.array([1, 2, 3], np.int32), np.array([10, 20, 30], np.int32))
    assert r.tolist() == [9, 18, 27]
    assert p.tolist() == [10, 20, 30]


COND = """func.func @main(%c: i1, %x: tensor<2xi32>, %y: tensor<2xi32>) -> tensor<2xi32> {
  cf.cond_br %c, ^then(%x, %y : tensor<2xi32>, tensor<2xi32>), ^else(%y : tensor<2xi32>)
^then(%a: tensor<2xi32>, %b: tensor<2xi32>):
  %s = stablehlo.multiply %a, %b : tensor<2xi32>
  return %s : tensor<2xi32>
^else(%e: tensor<2xi32>):
  %n = stablehlo.negate %e : tensor<2xi32>
  return %n : tensor<2xi32>
}
"""


@pytest.mark.parametrize("cond,expected", [(True, [12, 35]), (False, [-4, -7])])
def test_cond_br_takes_the_branch_its_condition_names(cond: bool, expected: list) -> None:
    (r,) = _run(COND, np.bool_(cond), np.array([3, 5], np.int32), np.array([4, 7], np.int32))
    assert r.tolist() == expected


def test_a_called_function_with_several_blocks() -> None:
    text = """func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %t = arith.constant true
  %r = call @pick(%t, %x) : (i1, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
func.func private @pick(%c: i1, %x: tensor<2xf32>) -> tensor<2xf32> {
  cf.cond_br %c, ^a, ^b
^a:
  %y = stablehlo.abs %x : tensor<2xf32>
  return %y : tensor<2xf32>
^b:
  return %x : tensor<2xf32>
}
"""
    (r,) = _run(text, np.array([-1.0, 2.0], np.float32))
    assert r.tolist() == [1.0, 2.0]


def test_a_multi_block_region_of_another_op() -> None:
    """An op whose region has several blocks runs it through
    ctx.run_region like any other region."""
    from hlopt.ir.context import current_context
    from hlopt.ir.dialect import Dialect
    from hlopt.ir.opdef import OpDef, region, var_operand, var_result

    class _Execute(OpDef):
        name = "cftest.execute"
        inputs = var_operand()
        outputs = var_result()
        body = region()

        @classmethod
        def interpret(cls, op, args, ctx):
            return ctx.run_region(op.regions[0], args)

    current_context().load(Dialect("cftest", ops=(_Execute,), allow_unknown_ops=True))
    text = """func.func @main(%x: tensor<2xi32>) -> tensor<2xi32> {
  %r = "cftest.execute"(%x) ({
  ^bb0(%a: tensor<2xi32>):
    %c = arith.constant false
    cf.cond_br %c, ^bb1(%a : tensor<2xi32>), ^bb2(%a : tensor<2xi32>)
  ^bb1(%p: tensor<2xi32>):
    "cftest.yield"(%p) : (tensor<2xi32>) -> ()
  ^bb2(%q: tensor<2xi32>):
    %d = stablehlo.add %q, %q : tensor<2xi32>
    "cftest.yield"(%d) : (tensor<2xi32>) -> ()
  }) : (tensor<2xi32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}
"""
    (r,) = _run(text, np.array([4, -6], np.int32))
    assert r.tolist() == [8, -12]


@pytest.mark.parametrize("pred,a,b,expected", [
    ("slt", -1, 2, True), ("ult", -1, 2, False), ("sge", 3, 3, True), ("ugt", -1, 5, True), ("ne", 4, 4, False),
])
def test_cmpi_signed_and_unsigned_predicates(pred: str, a: int, b: int, expected: bool) -> None:
    text = f"""func.func @main(%a: i32, %b: i32) -> i1 {{
  %r = arith.cmpi {pred}, %a, %b : i32
  return %r : i1
}}
"""
    (r,) = _run(text, np.int32(a), np.int32(b))
    assert bool(r) is expected


def test_addi_wraps_and_divsi_by_zero_is_a_located_error() -> None:
    text = """func.func @main(%a: i8, %b: i8) -> (i8, i8) {
  %s = arith.addi %a, %b : i8
  %q = arith.divsi %a, %b : i8
  return %s, %q : i8, i8
}
"""
    s, q = _run(text, np.int8(127), np.int8(2))
    assert int(s) == -127 and int(q) == 63
    with pytest.raises(InterpError) as e:
        _run(text, np.int8(5), np.int8(0))
    assert e.value.message == "'arith.divsi' is undefined for 5 and 0"
    assert e.value.op.name == "arith.divsi"


def test_failed_assert_is_a_located_error() -> None:
    text = """func.func @main(%c: i1) -> i1 {
  cf.assert %c, "c must hold"
  return %c : i1
}
"""
    assert bool(_run(text, np.bool_(True))[0]) is True
    with pytest.raises(InterpError) as e:
        _run(text, np.bool_(False))
    assert e.value.message == "assertion failed: c must hold"


def test_canonicalize_on_branches_keeps_results() -> None:
    """--check-semantics now judges the cf canonicalizations (block merging,
    pass-through branches) on seeded inputs."""
    m = hlopt.parse_module(LOOP)
    check_semantics(m, "builtin.module(func.func(canonicalize,cse))", seeds=3)
    m = hlopt.parse_module(COND)
    check_semantics(m, "builtin.module(canonicalize)", seeds=3)


@register_pass
@dataclass
class _LoopOffByOne(Pass):
    """Wrong on purpose: `cmpi sge` loop exits become `sgt` (one more trip)."""

    argument = "test-loop-off-by-one"
    summary = "(test) turn every arith.cmpi sge into sgt"

    def run(self, op) -> None:
        rw = Rewriter()
        for o in list(op.walk()):
            if o.name == "arith.cmpi" and o.properties.get("predicate").value == 5:  # sge
                rw.set_attr(o, "predicate", IntegerAttr(4, o.properties.get("predicate").type))  # sgt


def test_a_wrong_branch_condition_is_caught() -> None:
    m = hlopt.parse_module(LOOP)
    with pytest.raises(SemanticsChanged) as e:
        check_semantics(m, "builtin.module(test-loop-off-by-one)", seeds=4)
    assert "pass 'test-loop-off-by-one' changed the program's results: output 0" in e.value.message
