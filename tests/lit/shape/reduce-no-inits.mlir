// A shape.reduce without initial values prints `(%shape, )` as MLIR's
// ReduceOp::print does. MLIR's parser does not read that back (an operand
// must follow the comma); hlopt does, so what it prints always parses.
// RUN: hlopt %s | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s | hlopt | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s | hlopt --mlir-print-op-generic | filecheck %s --check-prefix=GEN

// CHECK:    shape.reduce(%arg0, ) : !shape.shape {
// CHECK-NEXT:    ^bb0(%arg1: index, %arg2: !shape.size):
// CHECK-NEXT:      shape.yield
// CHECK-NEXT:    }
// GEN: "shape.reduce"(%arg0) ({
func.func @g(%s: !shape.shape) {
  "shape.reduce"(%s) ({
  ^bb0(%i: index, %e: !shape.size):
    "shape.yield"() : () -> ()
  }) : (!shape.shape) -> ()
  return
}
