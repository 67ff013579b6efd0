"""The verifier checks an op marked `local_verify` once per distinct
(operand/result types, properties, attributes) in one run
(hlopt/ir/verifier.py); an op differing in any of these is still checked
and its error reported."""

from __future__ import annotations

import pytest

from hlopt.ir.core import IRError, Operation
from hlopt.ir.verifier import verify
from hlopt.syntax.parser import parse_module

HEAD = "func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {\n"


def _module(lines: list[str], ret: str = "%a"):
    return parse_module(HEAD + "".join(f"  {x}\n" for x in lines) + f"  return {ret} : tensor<4xf32>\n}}\n")


def _count_checks(monkeypatch, name: str) -> list[Operation]:
    """Record every op of `name` whose own checks run."""
    from hlopt.ir.opdef import lookup_op

    d = lookup_op(name)
    assert d.local_verify
    seen: list[Operation] = []
    inner = d.verify.__func__

    def counting(cls, op):
        seen.append(op)
        return inner(cls, op)

    monkeypatch.setattr(d, "verify", classmethod(counting))
    monkeypatch.delattr(d, "_op_checker", raising=False)  # rebuilt with the counting verify
    return seen


def test_same_shape_checked_once(monkeypatch) -> None:
    m = _module([f"%{i} = stablehlo.add %a, %b : tensor<4xf32>" for i in range(5)]
                + ["%5 = stablehlo.add %a, %b : tensor<4xf32>"], "%5")
    seen = _count_checks(monkeypatch, "stablehlo.add")
    verify(m)
    assert len(seen) == 1
    verify(m)  # a new run checks again
    assert len(seen) == 2


def test_other_types_or_attributes_checked_again(monkeypatch) -> None:
    m = _module([
        "%0 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>",
        "%1 = stablehlo.broadcast_in_dim %b, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>",
        "%2 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>",
        "%3 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<4xf32>) -> tensor<4x2xf32>",
    ])
    seen = _count_checks(monkeypatch, "stablehlo.broadcast_in_dim")
    verify(m)
    ops = m.regions[0].blocks[0].ops_list()[0].regions[0].blocks[0].ops_list()
    assert seen == [ops[0], ops[2], ops[3]]


def test_invalid_op_after_valid_ones_is_reported() -> None:
    m = _module([
        "%0 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>",
        "%1 = stablehlo.broadcast_in_dim %b, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>",
        "%2 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<4xf32>) -> tensor<4xf32>",
    ])
    ops = m.regions[0].blocks[0].ops_list()[0].regions[0].blocks[0].ops_list()
    with pytest.raises(IRError) as e:
        verify(m)
    assert e.value.op is ops[2]


def test_discardable_attributes_share_the_check(monkeypatch) -> None:
    """Discardable attributes the checks do not read (no declared name) leave
    the op in the same memo entry; their dialect hooks still run per op."""
    m = _module([
        "%0 = stablehlo.add %a, %b {tag = 1 : i32} : tensor<4xf32>",
        "%1 = stablehlo.add %a, %b {tag = 2 : i32, note = \"x\"} : tensor<4xf32>",
        "%2 = stablehlo.add %a, %b : tensor<4xf32>",
    ], "%2")
    seen = _count_checks(monkeypatch, "stablehlo.add")
    verify(m)
    assert len(seen) == 1


def test_inherent_name_in_the_discardable_dictionary_is_checked() -> None:
    """An inherent attribute found in the discardable dictionary (ops built
    without properties) is read by the checks: such ops differing only there
    are checked apart and the invalid one reported."""
    from hlopt.ir.attributes import DenseArrayAttr
    from hlopt.ir.types import i64

    m = _module(["%0 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>"], "%0")
    body = m.regions[0].blocks[0].first_op.regions[0].blocks[0]
    a = body.args[0]
    good, bad = (Operation("stablehlo.broadcast_in_dim", [a], [a.type],
                           attributes={"broadcast_dimensions": DenseArrayAttr(i64, [d])}) for d in (0, 1))
    body.insert_after(body.first_op, good)
    body.insert_after(good, bad)
    with pytest.raises(IRError) as e:
        verify(m)
    assert e.value.op is bad
    assert "broadcast_dimensions contains invalid value 1" in e.value.message


CALLS = """module {
  func.func @g(%x: i32) -> i32 {
    return %x : i32
  }
  func.func @f(%a: i32) -> i32 {
    %0 = func.call @g(%a) : (i32) -> i32
    %1 = func.call @g(%0) : (i32) -> i32
    return %1 : i32
  }
  module @inner {
    func.func @g(%x: i64) -> i64 {
      return %x : i64
    }
    func.func @h(%a: i32) -> i32 {
      %0 = func.call @g(%a) : (i32) -> i32
      return %0 : i32
    }
  }
}
"""


def test_calls_checked_once_per_symbol_table(monkeypatch) -> None:
    """func.call (symbol_verify) is checked once per callee and types within
    one symbol table; the same call text in a nested symbol table resolves
    another @g, is checked again and its error reported."""
    from hlopt.ir.opdef import lookup_op

    d = lookup_op("func.call")
    assert d.symbol_verify and not d.local_verify
    seen: list[Operation] = []
    inner = d.verify.__func__

    def counting(cls, op, symbols=None):
        seen.append(op)
        return inner(cls, op, symbols)

    monkeypatch.setattr(d, "verify", classmethod(counting))
    monkeypatch.delattr(d, "_op_checker", raising=False)
    m = parse_module(CALLS)
    with pytest.raises(IRError) as e:
        verify(m)
    assert e.value.message.startswith("'func.call' op operand type mismatch")
    assert e.value.op.parent_op.properties.get("sym_name").value == "h"
    calls = [op for op in m.walk(post_order=False) if op.name == "func.call"]
    assert seen[:2] == [calls[0], calls[2]]  # the one walk: @f's second call shares the first's check


def test_valid_calls_in_two_symbol_tables() -> None:
    verify(parse_module(CALLS.replace("%x: i64) -> i64", "%x: i32) -> i32").replace("%x : i64", "%x : i32")))


def _counting(monkeypatch, name: str, method: str = "verify") -> list[Operation]:
    """Record every op of `name` whose `method` (verify or verify_regions) runs."""
    from hlopt.ir.opdef import lookup_op

    d = lookup_op(name)
    seen: list[Operation] = []
    inner = getattr(d, method).__func__

    def counting(cls, op):
        seen.append(op)
        return inner(cls, op)

    monkeypatch.setattr(d, method, classmethod(counting))
    monkeypatch.delattr(d, "_op_checker", raising=False)
    return seen


IFS = """func.func @f(%c: i1, %a: i32, %b: i64) -> i32 {
  %0 = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  %1 = scf.if %c -> (i32) {
    scf.yield %0 : i32
  } else {
    scf.yield %a : i32
  }
  %2 = "scf.if"(%c) ({
    "scf.yield"(%b) : (i64) -> ()
  }, {
    "scf.yield"(%a) : (i32) -> ()
  }) : (i1) -> i32
  return %1 : i32
}
"""


def test_region_ops_checked_once_per_shape(monkeypatch) -> None:
    """scf.if (local_verify with regions): the key holds its blocks' argument
    types and last ops, so the third if, yielding an i64, is checked again
    and its region-edge error reported."""
    checked = _counting(monkeypatch, "scf.if")
    edges = _counting(monkeypatch, "scf.if", "verify_regions")
    m = parse_module(IFS)
    ifs = [op for op in m.walk(post_order=False) if op.name == "scf.if"]
    with pytest.raises(IRError) as e:
        verify(m)
    assert e.value.op is ifs[2]
    assert "successor operand type #0 'i64' should match successor input type #0 'i32'" in e.value.message
    verify(parse_module(IFS.replace("(%b) : (i64)", "(%a) : (i32)")))
    assert checked[:2] == [ifs[0], ifs[2]]  # the one walk: the second if shares the first's checks
    assert ifs[1] not in edges[:2]


def test_terminators_checked_once_per_parent_and_position(monkeypatch) -> None:
    """scf.yield's checks (HasParent, Terminator, its declaration) run once
    per parent name, end-of-block position and types; a yield that does not
    end its block is checked again and reported."""
    from hlopt.ir.opdef import lookup_op
    from hlopt.ir.verifier import _PARENT, _Walk

    w = _Walk()
    assert w._plan(lookup_op("scf.yield"))[0] is _PARENT
    assert w._plan(lookup_op("func.return"))[0] is not _PARENT  # its verify reads the function's type
    m = parse_module(IFS.replace("(%b) : (i64)", "(%a) : (i32)"))
    ifs = [op for op in m.walk(post_order=False) if op.name == "scf.if"]
    block = ifs[1].regions[1].blocks[0]
    y = block.first_op
    block.insert_before(y, Operation("scf.yield", [y.operands[0]]))
    with pytest.raises(IRError) as e:
        verify(m)
    assert e.value.message == "'scf.yield' op must be the last operation in the parent block"
    assert e.value.op is block.first_op


REDUCES = """func.func @f(%a: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %1 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %2 = "stablehlo.reduce"(%a, %z) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<f64>, %y: tensor<f64>):
    %s = stablehlo.add %x, %y : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %1 : tensor<f32>
}
"""


def test_reduce_checked_once_per_body_shape() -> None:
    """stablehlo.reduce (local_verify with its body in the key): a reduce
    whose body takes other types is checked again and its error reported."""
    m = parse_module(REDUCES)
    reduces = [op for op in m.walk(post_order=False) if op.name == "stablehlo.reduce"]
    with pytest.raises(IRError) as e:
        verify(m)
    assert e.value.op is reduces[2]
    assert "reduction-region's argument at index 0" in e.value.message


HOOK_CALLS: list[tuple] = []


def _memohook(op, name, attr) -> None:
    HOOK_CALLS.append((op, name, attr.value))
    if attr.value < 0:
        raise IRError(f"'{op.name}' op negative {name}", op)


def test_dialect_hooks_run_on_every_op_of_a_memoized_class() -> None:
    """A discardable attribute with a dialect hook never joins the memo: the
    hook runs for each op, whether or not the op's own checks are skipped."""
    from hlopt.ir.context import current_context
    from hlopt.ir.dialect import Dialect

    if current_context().loaded_dialect("memohook") is None:
        current_context().load(Dialect("memohook", ops=(), verify_operation_attribute=_memohook))
    lines = [f"%{i} = stablehlo.add %a, %b {{memohook.n = {n} : i64, plain}} : tensor<4xf32>"
             for i, n in enumerate((1, 2, 3))]
    m = _module(lines, "%2")
    HOOK_CALLS.clear()
    verify(m)
    assert [(name, v) for _, name, v in HOOK_CALLS] == [("memohook.n", 1), ("memohook.n", 2), ("memohook.n", 3)]
    bad = _module(lines[:2] + [lines[2].replace("memohook.n = 3", "memohook.n = -3")], "%2")
    with pytest.raises(IRError) as e:
        verify(bad)
    assert e.value.message == "'stablehlo.add' op negative memohook.n"
    assert e.value.op is bad.regions[0].blocks[0].first_op.regions[0].blocks[0].ops_list()[2]
