// --emit-bytecode keeps the {-# ... #-} block: builtin blobs named by
// dense_resource (aligned as their prefix says; unreferenced ones dropped,
// as MLIR writes only what is used) and external groups of every entry kind.
// RUN: hlopt %s --emit-bytecode -o %t.bc
// RUN: hlopt %t.bc | filecheck %s
// RUN: hlopt %t.bc --emit-bytecode | hlopt | filecheck %s
// A blob of 16-byte alignment: the resource section carries the alignment
// flag (id 5 | 0x80) and padding bytes 0xCB. The flag is written only when
// the section starts misaligned, and the file name is in the string section,
// so these bytes are written from stdin to fix the layout whatever the path.
// RUN: hlopt --emit-bytecode < %s | od -A n -t x1 -v | tr -d '\n' | filecheck %s --check-prefix=BYTES
// BYTES: 85 {{([0-9a-f]{2} )+}}21 {{(cb )*}}01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10

// CHECK-LABEL: func.func @f() -> (tensor<4xf32>, tensor<16xi8>, tensor<4xf32>)
// CHECK-NEXT:    %[[A:.*]] = stablehlo.constant dense_resource<weights> : tensor<4xf32>
// CHECK-NEXT:    %[[B:.*]] = stablehlo.constant dense_resource<bytes16> : tensor<16xi8>
// CHECK-NEXT:    return %[[A]], %[[B]], %[[A]]
// CHECK:       {-#
// CHECK-NEXT:    dialect_resources: {
// CHECK-NEXT:      builtin: {
// CHECK-NEXT:        weights: "0x040000000000803F000000400000404000008040",
// CHECK-NEXT:        bytes16: "0x100000000102030405060708090A0B0C0D0E0F10"
// CHECK-NEXT:      }
// CHECK-NEXT:    },
// CHECK-NEXT:    external_resources: {
// CHECK-NEXT:      mlir_reproducer: {
// CHECK-NEXT:        pipeline: "builtin.module(cse)",
// CHECK-NEXT:        disable_threading: true,
// CHECK-NEXT:        verify_each: false
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  #-}
// CHECK-NOT:   never_used
func.func @f() -> (tensor<4xf32>, tensor<16xi8>, tensor<4xf32>) {
  %0 = stablehlo.constant dense_resource<weights> : tensor<4xf32>
  %1 = stablehlo.constant dense_resource<bytes16> : tensor<16xi8>
  return %0, %1, %0 : tensor<4xf32>, tensor<16xi8>, tensor<4xf32>
}
{-#
  dialect_resources: {
    builtin: {
      never_used: "0x0100000001",
      weights: "0x040000000000803F000000400000404000008040",
      bytes16: "0x100000000102030405060708090A0B0C0D0E0F10"
    }
  },
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(cse)",
      disable_threading: true,
      verify_each: false
    }
  }
#-}
