"""APIs behind the generic passes: greedy driver and patterns, folding,
constant folder, side effects, dominance, symbol uses, CSE keys, and the
passes run programmatically."""

import io

from hlopt.analysis.dominance import DominanceTree
from hlopt.analysis.side_effects import is_pure, is_trivially_dead
from hlopt.analysis.symbol_uses import attr_symbol_refs, symbol_uses
from hlopt.ir.attributes import ArrayAttr, DictionaryAttr, IntegerAttr, OpaqueAttr, SymbolRefAttr
from hlopt.ir.context import current_context
from hlopt.ir.dialect import Dialect
from hlopt.ir.matchers import constant_value, int_value
from hlopt.ir.opdef import (
    PURE,
    RECURSIVE_MEMORY_EFFECTS,
    TERMINATOR,
    OpDef,
    constant_materializer,
)
from hlopt.ir.rewriter import Builder
from hlopt.ir.types import IntegerType
from hlopt.ir.verifier import verify
from hlopt.passes.greedy import (
    GreedyConfig,
    PatternSet,
    RewritePattern,
    apply_patterns_greedily,
    fold_op,
    insertion_region,
    pattern,
)
from hlopt.passes.manager import PassManager
from hlopt.passes.registry import get_pass
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op

i32 = IntegerType(32)
NONE = "<{overflowFlags = #arith.overflow<none>}>"


class _PureRegionOp(OpDef):
    name = "testpass.pure_region"
    traits = frozenset({RECURSIVE_MEMORY_EFFECTS})


class _YieldOp(OpDef):
    name = "testpass.yield"
    traits = frozenset({PURE, TERMINATOR})


current_context().load(Dialect("testpass", ops=(_PureRegionOp, _YieldOp)))


def func_body(m):
    f = m.regions[0].blocks[0].first_op
    return f.regions[0].blocks[0]


def ops(block):
    return [o.name for o in block.ops]


def run(m, pipeline):
    PassManager.from_text(pipeline).run(m)
    verify(m)
    return print_op(m)


def test_pattern_decorator_and_benefit_order():
    seen = []

    @pattern("test.a", benefit=1)
    def low(op, rw):
        seen.append("low")
        return False

    @pattern("test.a", benefit=5)
    def high(op, rw):
        seen.append("high")
        return False

    class Any_(RewritePattern):
        def match_and_rewrite(self, op, rw):
            if op.name == "test.a":
                seen.append("any")
            return False

    ps = PatternSet([low, high, Any_()])
    assert [p.benefit for p in ps.for_op("test.a")] == [5, 1, 1]
    assert len(ps) == 3 and len(ps.for_op("test.b")) == 1
    m = parse_module('func.func @f() {\n "test.a"() : () -> ()\n return\n}')
    apply_patterns_greedily(m, ps)
    assert seen[:3] == ["high", "low", "any"]


def test_custom_pattern_rewrites_to_fixed_point():
    m = parse_module("""func.func @f(%a: i32) -> i32 {
  %0 = "test.inc"(%a) : (i32) -> i32
  %1 = "test.inc"(%0) : (i32) -> i32
  %2 = "test.inc"(%1) : (i32) -> i32
  return %2 : i32
}""")

    @pattern("test.inc")
    def drop_inc(op, rw):
        rw.replace_op(op, [op.operand(0)])
        return True

    drv = apply_patterns_greedily(m, [drop_inc])
    assert drv.converged and drv.num_rewrites == 3
    assert ops(func_body(m)) == ["func.return"]


def test_max_iterations_and_convergence():
    m = parse_module(f"""func.func @f(%a: i32) -> i32 {{
  %c = arith.constant 0 : i32
  %0 = "arith.addi"(%a, %c) {NONE} : (i32, i32) -> i32
  return %0 : i32
}}""")
    drv = apply_patterns_greedily(m, PatternSet(), GreedyConfig(max_iterations=1))
    assert not drv.converged and drv.iterations == 1
    assert ops(func_body(m)) == ["func.return"]


def test_fold_commutative_moves_constants_right():
    m = parse_module(f"""func.func @f(%a: i32) -> i32 {{
  %c = arith.constant 3 : i32
  %0 = "arith.muli"(%c, %a) {NONE} : (i32, i32) -> i32
  return %0 : i32
}}""")
    mul = func_body(m).first_op.next_op
    assert fold_op(mul) == []  # in place
    assert mul.operand(0) is func_body(m).args[0]
    assert int_value(mul.operand(1)) == 3
    assert fold_op(mul) is None


def test_fold_constants_and_identities():
    m = parse_module(f"""func.func @f(%a: i32) -> (i32, i32) {{
  %c2 = arith.constant 2 : i32
  %c1 = arith.constant 1 : i32
  %0 = "arith.subi"(%c2, %c1) {NONE} : (i32, i32) -> i32
  %1 = "arith.muli"(%a, %c1) {NONE} : (i32, i32) -> i32
  return %0, %1 : i32, i32
}}""")
    b = func_body(m)
    sub = b.first_op.next_op.next_op
    assert fold_op(sub) == [IntegerAttr(1, i32)]
    assert fold_op(sub.next_op) == [b.args[0]]
    assert constant_value(b.first_op.result) is IntegerAttr(2, i32)


def test_materializer_registry():
    fn = constant_materializer("arith")
    block = func_body(parse_module("func.func @f() {\n return\n}"))
    bld = Builder()
    bld.set_insertion_point_to_start(block)
    c = fn(bld, IntegerAttr(7, i32), i32, None)
    assert c.name == "arith.constant" and int_value(c.result) == 7
    assert fn(bld, IntegerAttr(7, i32), IntegerType(8), None) is None
    assert constant_materializer("nosuchdialect") is None


def test_side_effects():
    m = parse_module("""func.func @f(%a: i32) -> i32 {
  %0 = "testpass.pure_region"() ({
    "testpass.yield"(%a) : (i32) -> ()
  }) : () -> i32
  %1 = "testpass.pure_region"() ({
    "test.effect"() : () -> ()
    "testpass.yield"(%a) : (i32) -> ()
  }) : () -> i32
  %2 = "test.unknown"() : () -> i32
  return %a : i32
}""")
    a, b, c, ret = func_body(m).ops
    assert is_pure(a) and is_trivially_dead(a)
    assert not is_pure(b) and not is_pure(c) and not is_trivially_dead(c)
    assert is_pure(ret) and not is_trivially_dead(ret)


def test_cse_merges_ops_with_equal_regions_only():
    m = parse_module("""func.func @f(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = "testpass.pure_region"() ({
    "testpass.yield"(%a) : (i32) -> ()
  }) : () -> i32
  %1 = "testpass.pure_region"() ({
    "testpass.yield"(%a) : (i32) -> ()
  }) : () -> i32
  %2 = "testpass.pure_region"() ({
    "testpass.yield"(%b) : (i32) -> ()
  }) : () -> i32
  return %0, %1, %2 : i32, i32, i32
}""")
    p = get_pass("cse")()
    p.run(m)
    assert p.statistics["num-cse'd"] == 1
    ret = func_body(m).last_op
    assert ret.operand(0) is ret.operand(1) and ret.operand(2) is not ret.operand(0)


def test_constant_hoisting_and_insertion_region():
    m = parse_module("""func.func @f(%t: tensor<i32>) -> tensor<i32> {
  %w = stablehlo.while(%iterArg = %t) : tensor<i32>
  cond {
    %c = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    stablehlo.return %iterArg : tensor<i32>
  }
  return %w : tensor<i32>
}""")
    body = func_body(m)
    w = body.first_op
    inner = w.regions[0].blocks[0]
    assert insertion_region(inner) is body.parent
    apply_patterns_greedily(m, PatternSet())
    assert ops(body)[0] == "stablehlo.constant"
    assert ops(inner) == ["stablehlo.return"]


def test_dominance_tree():
    m = parse_module("""func.func @f(%c: i1) {
  "cf.cond_br"(%c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  "cf.br"()[^bb3] : () -> ()
^bb2:
  "cf.br"()[^bb3] : () -> ()
^bb3:
  return
^bb4:
  return
}""")
    region = func_body(m).parent
    b0, b1, b2, b3, b4 = region.blocks
    dom = DominanceTree(region)
    assert dom.idom[b3] is b0 and dom.idom[b1] is b0
    assert dom.children[b0] == [b1, b2, b3]
    assert dom.dominates(b0, b3) and not dom.dominates(b1, b3)
    assert b4 not in dom.idom


def test_symbol_uses():
    refs = list(attr_symbol_refs(DictionaryAttr({"a": ArrayAttr([SymbolRefAttr("x"), SymbolRefAttr("m", ["y"])]),
                                                 "b": OpaqueAttr('#foo.bar<@zed, "s">')})))
    assert [(r.root, r.nested) for r in refs] == [("x", ()), ("m", ("y",)), ("zed", ())]
    m = parse_module("""func.func @f() {
  "test.op"() {callee = @g} : () -> ()
  return
}""")
    f = m.regions[0].blocks[0].first_op
    assert [r.root for r in symbol_uses(f)] == ["g"]


def test_passes_run_programmatically():
    src = f"""func.func @main(%a: i32) -> i32 {{
  %0 = call @helper(%a) : (i32) -> i32
  %1 = call @helper(%a) : (i32) -> i32
  %2 = "arith.addi"(%0, %1) {NONE} : (i32, i32) -> i32
  return %2 : i32
}}
func.func private @helper(%x: i32) -> i32 {{
  %c0 = arith.constant 0 : i32
  %0 = "arith.addi"(%x, %c0) {NONE} : (i32, i32) -> i32
  return %0 : i32
}}
func.func private @dead() {{
  return
}}"""
    out = run(parse_module(src), "builtin.module(inline,canonicalize,cse)")
    assert "@helper" not in out and "@dead" not in out
    assert 'arith.addi %arg0, %arg0 : i32' in out
    out = run(parse_module(src), "builtin.module(symbol-dce)")
    assert "@helper" in out and "@dead" not in out


def test_view_op_graph_leaves_ir_and_writes_stream():
    m = parse_module("func.func @f(%a: i32) -> i32 {\n return %a : i32\n}")
    before = print_op(m)
    p = get_pass("view-op-graph").from_options({"max-label-len": "5"})
    p.stream = io.StringIO()
    p.run(m)
    text = p.stream.getvalue()
    assert text.startswith("digraph G {\n  compound = true;\n") and text.endswith("}\n")
    assert "function_type: (i32)..." in text and "func.return" in text
    assert print_op(m) == before


def test_strip_debuginfo():
    m = parse_module('func.func @f(%a: i32 loc("a":1:1)) {\n return loc("b":2:2)\n} loc("c":3:3)')
    get_pass("strip-debuginfo")().run(m)
    out = print_op(m, debuginfo=True)
    assert '"a"' not in out and '"b"' not in out and '"c"' not in out


def test_canonicalize_options():
    cls = get_pass("canonicalize")
    p = cls.from_options({"max-iterations": "3", "region-simplify": "false"})
    assert p.max_iterations == 3 and p.region_simplify == "disabled"  # MLIR's level names
    assert "max-iterations=3" in p.pipeline_text()


def test_pattern_rooted_on_another_op():
    """A pattern an op declares with `rooted_on` is tried on the named op,
    after the patterns of ops whose names sort before the declaring op's
    turn (MLIR gathers each op's list in op-name order)."""
    from hlopt.ir.rewriter import debug_name, rooted_on
    from hlopt.passes.greedy import canonicalization_patterns_for

    @debug_name("ReadsOther")
    @rooted_on("testroot.other")
    def reads_other(op, rw):
        return False

    class _Decl(OpDef):
        name = "testroot.decl"

        @classmethod
        def canonicalization_patterns(cls):
            return (reads_other,)

    class _Other(OpDef):
        name = "testroot.other"

    current_context().load(Dialect("testroot", ops=(_Decl, _Other)))
    ps = canonicalization_patterns_for(["testroot.decl", "testroot.other"])
    assert [p.debug_name for p in ps.for_op("testroot.other")] == ["ReadsOther"]
    assert ps.for_op("testroot.decl") == []


def test_fuse_locations_as_mlir():
    from hlopt.ir.location import FileLineColLoc, FusedLoc, NameLoc, UnknownLoc, fuse

    a, b, c = NameLoc("a"), NameLoc("b"), FileLineColLoc("f.mlir", 1, 2)
    assert fuse([]) is UnknownLoc() and fuse([UnknownLoc(), a]) is a
    assert fuse([a, b, a]) is FusedLoc([a, b])
    assert fuse([FusedLoc([a, c]), b, c]) is FusedLoc([a, c, b])  # nested fusions flattened
    meta = FusedLoc([a], IntegerAttr(1, i32))
    assert fuse([meta, b]) is FusedLoc([meta, b])  # (one with metadata stays whole)
