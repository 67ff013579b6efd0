// A shape.reduce without initial values prints `(%shape, )` as MLIR's
// ReduceOp::print does; that text does not parse back (in MLIR either: an
// operand must follow the comma), with MLIR's message and location.
// RUN: hlopt %s | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s | not hlopt 2>&1 | filecheck %s --check-prefix=ERR

// CHECK:    shape.reduce(%arg0, ) : !shape.shape {
// CHECK-NEXT:    ^bb0(%arg1: index, %arg2: !shape.size):
// CHECK-NEXT:      shape.yield
// CHECK-NEXT:    }
// ERR: <stdin>:3:24: error: expected SSA operand
func.func @g(%s: !shape.shape) {
  "shape.reduce"(%s) ({
  ^bb0(%i: index, %e: !shape.size):
    "shape.yield"() : () -> ()
  }) : (!shape.shape) -> ()
  return
}
