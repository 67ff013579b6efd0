"""The verifier's one walk (hlopt/ir/verifier.py `_Walk`) accepts what the
ordered walks accept, and on a problem `verify` reports the error the
ordered walks report first (message, op, notes), whatever the one walk met
first. The cases cover what the one walk decides by itself: operands
defined earlier in the block or in an enclosing block (order numbers),
values crossing an isolated op, uses before definitions, and errors of
different kinds in one module, where the order decides which one is
reported."""

from __future__ import annotations

import pytest

from hlopt.ir.core import IRError
from hlopt.ir.verifier import _verify_ordered, _Walk, verify
from hlopt.syntax.parser import parse_module


def _parse(text: str):
    m = parse_module(text)
    _outside(m)
    return m


def _outside(m) -> None:
    """Uses of @g's argument %b inside the function become uses of the
    enclosing @f's argument %a (which the text cannot say)."""
    f = m.regions[0].blocks[0].first_op
    g = next((o for o in f.walk() if o.name == "func.func" and o is not f), None)
    if g is None:
        return
    a = f.regions[0].blocks[0].args[0]
    b = g.regions[0].blocks[0].args[0]
    for op in list(g.walk()):
        for i, v in enumerate(op.operands):
            if v is b:
                op.set_operand(i, a)


def _report(fn, m) -> tuple | None:
    try:
        fn(m)
    except IRError as e:
        return (e.message, e.op, [(msg, getattr(at, "name", at)) for msg, at in e.notes])
    return None


VALID = [
    # a value of the enclosing block, defined before the scf.if/scf.for using it inside
    """func.func @f(%a: i32, %c: i1, %lb: index, %ub: index, %s: index) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = scf.if %c -> (i32) {
    %2 = arith.muli %0, %a : i32
    %3 = scf.for %i = %lb to %ub step %s iter_args(%x = %2) -> (i32) {
      %4 = arith.addi %x, %0 : i32
      scf.yield %4 : i32
    }
    scf.yield %3 : i32
  } else {
    scf.yield %0 : i32
  }
  return %1 : i32
}""",
    # several blocks: a value of the entry block used in a successor block
    """func.func @g(%a: i32, %c: i1) -> i32 {
  %0 = arith.addi %a, %a : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
^bb2:
  return %0 : i32
}""",
]


@pytest.mark.parametrize("text", VALID)
def test_valid_modules_pass_both_walks(text: str) -> None:
    m = _parse(text)
    _Walk().op(m)
    _verify_ordered(m)
    verify(m)


INVALID = {
    # a use before the definition in the same block
    "use_before_def": """func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %1, %a : i32
  %1 = arith.addi %a, %a : i32
  return %0 : i32
}""",
    # a nested region using a value its ancestor's block defines after the ancestor
    "nested_use_of_later_value": """func.func @f(%a: i32, %c: i1) -> i32 {
  %0 = scf.if %c -> (i32) {
    scf.yield %1 : i32
  } else {
    scf.yield %a : i32
  }
  %1 = arith.addi %a, %a : i32
  return %0 : i32
}""",
    # an op's region using the op's own result
    "own_result_in_region": """func.func @f(%a: i32, %c: i1) -> i32 {
  %0 = scf.if %c -> (i32) {
    scf.yield %0 : i32
  } else {
    scf.yield %a : i32
  }
  return %0 : i32
}""",
    # an isolated op (func.func) using a value of the function around it
    # (the parser scopes names per isolated region: `_outside` rewires %b to %a)
    "isolation": """func.func @f(%a: i32) -> i32 {
  "test.wrap"() ({
    func.func @g(%b: i32) -> i32 {
      %0 = arith.addi %b, %b : i32
      return %0 : i32
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return %a : i32
}""",
    # the isolation error is inside the function, after an op error in it: the
    # ordered walks report the isolation (checked when the function is met) first
    "isolation_before_later_op_error": """func.func @f(%a: i32) -> i32 {
  "test.wrap"() ({
    func.func @g(%b: i32) -> i32 {
      %0 = "arith.addi"(%b, %b) : (i32, i32) -> i64
      %1 = arith.addi %b, %b : i32
      return %1 : i32
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return %a : i32
}""",
    # a dominance error before an op error in walk order: op checks come first
    "dominance_then_op_error": """func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %1, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = "arith.addi"(%a, %a) : (i32, i32) -> i64
  return %0 : i32
}""",
    # an error in the first function, another in the second: the first one is reported
    "errors_in_two_functions": """func.func @f(%a: i32) -> i64 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func @g(%a: i32) -> i32 {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64
  return %a : i32
}""",
    # two invalid ops of one local_verify class and shape: the first is reported
    "memoized_class_first_error": """func.func @f(%a: i32, %b: i64) -> i32 {
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  %1 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return %a : i32
}""",
}


@pytest.mark.parametrize("name", sorted(INVALID))
def test_first_error_is_the_ordered_walks(name: str) -> None:
    m = _parse(INVALID[name])
    with pytest.raises(IRError):
        _Walk().op(m)  # the one walk finds a problem too
    expected = _report(_verify_ordered, m)
    assert expected is not None
    assert _report(verify, m) == expected


def test_dominance_error_names_the_operand() -> None:
    m = _parse(INVALID["nested_use_of_later_value"])
    with pytest.raises(IRError) as e:
        verify(m)
    assert e.value.message == "operand #0 does not dominate this use"
    assert e.value.op.name == "scf.yield"
    assert e.value.notes[0][0] == "operand defined here (op in a parent region)"


def test_isolation_reported_before_the_later_op_error() -> None:
    m = _parse(INVALID["isolation_before_later_op_error"])
    with pytest.raises(IRError) as e:
        verify(m)
    assert e.value.message == "using value defined outside the region"
    assert e.value.op.name == "arith.addi"
    assert e.value.op.results[0].type.text == "i64"  # the first op, whose own types are wrong too
    assert e.value.notes[0][0] == "required by region isolation constraints"


def test_repeated_runs_agree_after_a_change() -> None:
    """Order numbers are recomputed after the IR changes (a moved op)."""
    m = _parse(VALID[0])
    verify(m)
    f = m.regions[0].blocks[0].first_op
    body = f.regions[0].blocks[0]
    first = body.first_op  # %0, used by the scf.if after it
    assert first is not None and first.next_op is not None
    scf_if = first.next_op
    first.detach()
    body.insert_after(scf_if, first)  # now defined after its uses
    with pytest.raises(IRError) as e:
        verify(m)
    assert e.value.message.endswith("does not dominate this use")


def test_order_numbers_follow_appends_inserts_and_removals() -> None:
    """Appending keeps a block's order numbers valid (the parser builds
    blocks so, and the verifier's first run then numbers nothing); any other
    insertion renumbers on the next query."""
    from hlopt.ir.core import Block, Operation

    b = Block()
    ops = [b.append(Operation("test.op")) for _ in range(4)]
    b.insert_before(ops[2], Operation("test.mid"))
    ops[0].detach()
    b.prepend(Operation("test.first"))
    b.append(Operation("test.last"))
    ops[3].detach()
    b.append(ops[3])
    listed = list(b.ops)
    for i, x in enumerate(listed):
        for j, y in enumerate(listed):
            if i != j:
                assert x.is_before_in_block(y) == (i < j)
    c = Block()  # appends only, with removals between: the numbers stay valid all along
    xs = [c.append(Operation("test.op")) for _ in range(3)]
    xs[1].detach()
    c.append(xs[1])
    xs[0].detach()
    c.append(xs[0])
    assert [x.is_before_in_block(y) for x, y in ((xs[2], xs[1]), (xs[1], xs[0]), (xs[0], xs[2]))] == [
        True, True, False]
