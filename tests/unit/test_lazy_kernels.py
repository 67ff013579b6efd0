"""Op declarations keep their interpreter rules beside them, but the numpy
kernels load only when something is interpreted: parse, verify and print of
StableHLO/CHLO/arith/cf/sdy input import no numpy."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hlopt.ir.lazy import deferred, lazy_module

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "stablehlo"


def test_parse_verify_print_import_no_numpy():
    files = [FIXTURES / "deep_transformer_grad.mlir", FIXTURES / "chlo_misc.mlir", FIXTURES / "conv_net.mlir"]
    snippet = """
func.func @f(%a: i32, %b: i32, %p: i1, %t: tensor<?xf32>) -> i32 {
  %c = arith.addi %a, %b : i32
  %i = arith.constant 0 : index
  %d = tensor.dim %t, %i : tensor<?xf32>
  cf.cond_br %p, ^bb1(%c : i32), ^bb1(%a : i32)
^bb1(%x: i32):
  cf.switch %x : i32, [
    default: ^bb2(%x : i32),
    42: ^bb2(%a : i32)
  ]
^bb2(%y: i32):
  return %y : i32
}
"""
    code = f"""
import sys
from hlopt.ir.verifier import verify
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op
for path in {[str(f) for f in files]!r}:
    m = parse_module(open(path).read(), path)
    verify(m)
    print_op(m)
m = parse_module({snippet!r})
verify(m)
print_op(m)
print(sorted(k for k in sys.modules if k.split(".")[0] in ("numpy", "ml_dtypes")))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_interpreting_loads_the_kernels_and_runs_deferred_rules():
    from hlopt.interp import interpret
    from hlopt.syntax.parser import parse_module

    m = parse_module("""
func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.cbrt %x : tensor<3xf32>
  %1 = chlo.square %0 : tensor<3xf32> -> tensor<3xf32>
  return %1 : tensor<3xf32>
}
""")
    import numpy as np

    (out,) = interpret(m, [np.array([8.0, -27.0, 1.0], np.float32)])
    np.testing.assert_allclose(np.asarray(out)[0], [4.0, 9.0, 1.0], rtol=1e-6)  # device 0


def test_deferred_builds_once_on_the_declaring_class():
    calls = []

    def build():
        calls.append(1)
        return classmethod(lambda cls: cls.__name__)

    class Base:
        rule = deferred(build)

    class Derived(Base):
        pass

    assert "rule" in vars(Base) and isinstance(vars(Base)["rule"], deferred)
    assert Derived.rule() == "Derived"  # first lookup through a subclass binds to it
    assert Base.rule() == "Base"
    assert Base().rule() == "Base"
    assert calls == [1]
    assert isinstance(vars(Base)["rule"], classmethod) and "rule" not in vars(Derived)


def test_lazy_module_imports_on_first_attribute_and_caches():
    mod = lazy_module("json")
    assert "dumps" not in vars(mod)
    assert mod.dumps([1]) == "[1]"
    assert "dumps" in vars(mod)
    assert repr(mod) == "<lazy module 'json'>"
