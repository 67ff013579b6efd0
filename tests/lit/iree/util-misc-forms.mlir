// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// util ops in IREE's custom forms: numeric.optional_narrow (min/max as
// <...>), range.min/max/extents, string.format (result named from the
// format string) and itoa, status.check_ok, switch, hoistable_conversion
// (entry arguments bound in the header), unreachable and scf.unreachable
// with and without a message.

util.func public @misc(%arg0: index, %arg1: i32, %arg2: tensor<4xf32>, %arg3: i32, %arg4: index) {
  %0 = util.numeric.optional_narrow %arg1 : i32 as si8
  %1 = util.numeric.optional_narrow %arg1 : i32 as ui8 <min_value = 1 : i32, max_value = 8 : i32> {z}
  %2 = util.range.min %arg4, %arg0 : index
  %3 = util.range.max %arg4 {x} : index
  %min, %max = util.range.extents [%arg0 for %arg0], [%arg4 for %arg0] : index
  %min_0, %max_1 = util.range.extents [%arg1 for %arg1] {x} : i32
  %xN = util.string.format "x{}"(%arg0) : (index) -> !util.buffer
  %aNbN = util.string.format "a={} b={{}} {}!"(%arg0, %arg1) {x} : (index, i32) -> !util.buffer
  %itoa = util.string.itoa %arg1 : i32 -> !util.buffer
  util.status.check_ok %arg3
  util.status.check_ok %arg3, "failed" {x}
  %4 = util.switch i32 from [%arg1, %arg1] at %arg0 else %arg1 : i32
  %5 = util.switch index from [] at %arg0 else %arg0 {x} : index
  %6 = util.hoistable_conversion "a" inverts("b") (%arg5 = %arg2) : (tensor<4xf32>) -> tensor<4xf32> {
    util.return %arg5 : tensor<4xf32>
  }
  %7:2 = util.hoistable_conversion "a" inverts("b") (%arg5 = %arg2, %arg6 = %arg0) : (tensor<4xf32>, index) -> (index, tensor<4xf32>) {
    util.return %arg6, %arg5 : index, tensor<4xf32>
  } {q}
  util.return
}
// CHECK-LABEL: util.func public @misc
// CHECK: %0 = util.numeric.optional_narrow %arg1 : i32 as si8
// CHECK: %1 = util.numeric.optional_narrow %arg1 : i32 as ui8 <min_value = 1 : i32, max_value = 8 : i32> {z}
// CHECK: %2 = util.range.min %arg4, %arg0 : index
// CHECK: %3 = util.range.max %arg4 {x} : index
// CHECK: %min, %max = util.range.extents [%arg0 for %arg0], [%arg4 for %arg0] : index
// CHECK: %min_0, %max_1 = util.range.extents [%arg1 for %arg1] {x} : i32
// CHECK: %xN = util.string.format "x{}"(%arg0) : (index) -> !util.buffer
// CHECK: %aNbN = util.string.format "a={} b={{[{][{]}}}} {}!"(%arg0, %arg1) {x} : (index, i32) -> !util.buffer
// CHECK: %itoa = util.string.itoa %arg1 : i32 -> !util.buffer
// CHECK: util.status.check_ok %arg3
// CHECK: util.status.check_ok %arg3, "failed" {x}
// CHECK: %4 = util.switch i32 from [%arg1, %arg1] at %arg0 else %arg1 : i32
// CHECK: %5 = util.switch index from [] at %arg0 else %arg0 {x} : index
// CHECK: %6 = util.hoistable_conversion "a" inverts("b") (%arg5 = %arg2) : (tensor<4xf32>) -> tensor<4xf32> {
// CHECK: util.return %arg5 : tensor<4xf32>
// CHECK: %7:2 = util.hoistable_conversion "a" inverts("b") (%arg5 = %arg2, %arg6 = %arg0) : (tensor<4xf32>, index) -> (index, tensor<4xf32>) {
// CHECK: util.return %arg6, %arg5 : index, tensor<4xf32>
// CHECK: } {q}

// -----

util.func public @unreachable() {
  util.unreachable "boom"
}
util.func public @unreachable_attrs() {
  util.unreachable {x}
}
util.func public @unreachable_both() {
  util.unreachable "boom" {x}
}
util.func public @scf_unreachable(%arg0: i1) {
  scf.if %arg0 {
    util.scf.unreachable "oops"
  }
  scf.execute_region {
    util.scf.unreachable
    scf.yield
  }
  util.return
}
// CHECK-LABEL: util.func public @unreachable
// CHECK: util.unreachable "boom"
// CHECK-LABEL: util.func public @unreachable_attrs
// CHECK: util.unreachable {x}
// CHECK-LABEL: util.func public @unreachable_both
// CHECK: util.unreachable "boom" {x}
// CHECK-LABEL: util.func public @scf_unreachable
// CHECK: scf.if %arg0 {
// CHECK: util.scf.unreachable "oops"
// CHECK: scf.execute_region {
// CHECK: util.scf.unreachable
// CHECK: scf.yield
