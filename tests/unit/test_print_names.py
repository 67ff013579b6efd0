"""The printer keeps SSA names on the values only while a print runs
(`Value._pn`, set by printer.Namer, cleared by `release`): a later print
of part of the IR must not see the names of an earlier, larger one, and
the generic and pretty forms must name as before."""

from __future__ import annotations

from hlopt.ir.core import Operation
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import Namer, print_op, write_op

SRC = """\
func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %0 : i32
  %2:2 = "test.two"(%1) : (i32) -> (i32, i32)
  cf.br ^bb1(%2#1 : i32)
^bb1(%c: i32):
  %3 = arith.addi %c, %2#0 : i32
  return %3 : i32
}
"""


def _all_values(top: Operation) -> list:
    out = []
    for op in top.walk():
        out.extend(op.results)
        for r in op.regions:
            for b in r.blocks:
                out.extend(b.args)
    return out


def _module() -> Operation:
    return parse_module(SRC, allow_unregistered=True)


def test_names_are_released_after_a_print() -> None:
    m = _module()
    text = print_op(m)
    assert "%2:2 = \"test.two\"(%1)" in text
    assert all(v._pn is None for v in _all_values(m))
    parts: list[str] = []
    write_op(m, parts.append, generic=True)
    assert all(v._pn is None for v in _all_values(m))
    assert '"test.two"(%1)' in "".join(parts)


def test_a_part_printed_after_the_whole_does_not_reuse_its_names() -> None:
    m = _module()
    print_op(m, generic=True)  # names every value of the module, then forgets them
    func = next(o for o in m.walk() if o.name == "func.func")
    muli = next(o for o in func.walk() if o.name == "arith.muli")
    # printed alone, nothing of the op is named by this print (the top op's results are
    # not numbered, its operands are defined outside it); a stale name would show here
    assert print_op(muli, generic=True) == (
        '%<<UNKNOWN>> = "arith.muli"(<<UNKNOWN SSA VALUE>>, <<UNKNOWN SSA VALUE>>) '
        "<{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32\n"
    )


def test_generic_names_multi_results_and_block_args() -> None:
    text = print_op(_module(), generic=True)
    # entry arguments are %argN; a later block's argument takes the next number
    assert "^bb0(%arg0: i32, %arg1: i32):" in text
    assert '%0 = "arith.addi"(%arg0, %arg1)' in text
    assert '%2:2 = "test.two"(%1) : (i32) -> (i32, i32)' in text
    assert '"cf.br"(%2#1)[^bb1]' in text
    assert "^bb1(%3: i32):  // pred: ^bb0" in text
    assert '%4 = "arith.addi"(%3, %2#0)' in text
    assert '"func.return"(%4)' in text


def test_a_standalone_namer_names_until_released() -> None:
    m = _module()
    namer = Namer(m, generic=False)
    func = next(o for o in m.walk() if o.name == "func.func")
    a, b = func.regions[0].blocks[0].args
    two = next(o for o in func.walk() if o.name == "test.two")
    assert (namer.name(a), namer.name(b)) == ("%arg0", "%arg1")
    assert namer.name(two.results[1]) == "%2#1"
    assert namer.result_groups(two) == ["%2:2"]
    namer.release()
    assert namer.name(a) is None and namer.name(two.results[0]) is None
