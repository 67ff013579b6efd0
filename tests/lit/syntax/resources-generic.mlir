// RUN: hlopt %s --split-input-file --allow-unregistered-dialect --mlir-print-op-generic | filecheck %s --strict-whitespace --match-full-lines
// {-# dialect_resources #-} with dense_resource: only referenced blobs are
// printed, after a blank line; an empty section disappears.
"t.r"() {r = dense_resource<blob1> : tensor<2xi32>, s = dense_resource<__elided__> : tensor<3xf32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000"
    }
  }
#-}
// CHECK:"builtin.module"() ({
// CHECK-NEXT:  "t.r"() {r = dense_resource<blob1> : tensor<2xi32>, s = dense_resource<__elided__> : tensor<3xf32>} : () -> ()
// CHECK-NEXT:}) : () -> ()
// CHECK-EMPTY:
// CHECK-NEXT:{-#
// CHECK-NEXT:  dialect_resources: {
// CHECK-NEXT:    builtin: {
// CHECK-NEXT:      blob1: "0x040000000100000002000000"
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:#-}
// -----
"t.r"() {r = dense_resource<b2> : tensor<2xi32>, q = dense_resource<a1> : tensor<1xi8>} : () -> ()
{-#
  dialect_resources: { builtin: { a1: "0x0100000007", b2: "0x040000000100000002000000", c: "0x0100000007" } }
#-}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "t.r"() {q = dense_resource<a1> : tensor<1xi8>, r = dense_resource<b2> : tensor<2xi32>} : () -> ()
// CHECK-NEXT:}) : () -> ()
// CHECK-EMPTY:
// CHECK-NEXT:{-#
// CHECK-NEXT:  dialect_resources: {
// CHECK-NEXT:    builtin: {
// CHECK-NEXT:      a1: "0x0100000007",
// CHECK-NEXT:      b2: "0x040000000100000002000000"
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:#-}
// -----
"t.r"() {r = dense_resource<b> : tensor<2xi32>} : () -> ()
{-# #-}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "t.r"() {r = dense_resource<b> : tensor<2xi32>} : () -> ()
// CHECK-NEXT:}) : () -> ()
// -----
func.func @f() -> tensor<2xi32> {
  %0 = arith.constant dense_resource<w> : tensor<2xi32>
  return %0 : tensor<2xi32>
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000100000002000000"
    }
  }
#-}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "func.func"() <{function_type = () -> tensor<2xi32>, sym_name = "f"}> ({
// CHECK-NEXT:    %0 = "arith.constant"() <{value = dense_resource<w> : tensor<2xi32>}> : () -> tensor<2xi32>
// CHECK-NEXT:    "func.return"(%0) : (tensor<2xi32>) -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:}) : () -> ()
// CHECK-EMPTY:
// CHECK-NEXT:{-#
// CHECK-NEXT:  dialect_resources: {
// CHECK-NEXT:    builtin: {
// CHECK-NEXT:      w: "0x040000000100000002000000"
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:#-}
