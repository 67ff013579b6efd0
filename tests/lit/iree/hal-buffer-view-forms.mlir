// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// hal.element_type (named after its type, sanitized), hal.encoding_type,
// hal.memory_type and hal.buffer_usage (bit enums: every case whose bits
// are set, quoted unless one bit), and the hal.buffer_view.* ops.

util.func public @f(%bv: !hal.buffer_view, %b: !hal.buffer, %n: index, %e: i32) {
  %c0 = arith.constant 0 : index
  %et = hal.element_type<f32> : i32
  %et2 = hal.element_type<i1> {a} : i32
  %et3 = hal.element_type<complex<f32>> : i32
  %enc = hal.encoding_type<dense_row_major> : i32
  %enc2 = hal.encoding_type<dense_row_major> {q} : i32
  %mt = hal.memory_type<"HostVisible|DeviceLocal"> : i32
  %mt2 = hal.memory_type<HostVisible> : i32
  %bu = hal.buffer_usage<"TransferSource|DispatchStorage"> : i32
  %bu2 = hal.buffer_usage<Transfer> {x} : i32
  %view = hal.buffer_view.create buffer(%b : !hal.buffer)[%c0, %n] shape([%n, %n]) type(%et) encoding(%enc) : !hal.buffer_view
  %view2 = hal.buffer_view.create buffer(%b : !hal.buffer)[%c0, %n] shape([]) type(%e) encoding(%e) : !hal.buffer_view attributes {y}
  hal.buffer_view.assert<%bv : !hal.buffer_view> message("m") shape([%n]) type(%et) encoding(%enc)
  hal.buffer_view.assert<%bv : !hal.buffer_view> message("m") shape([]) type(%et) encoding(%enc) attributes {z}
  %buf = hal.buffer_view.buffer<%bv : !hal.buffer_view> : !hal.buffer
  %t = hal.buffer_view.element_type<%bv : !hal.buffer_view> : i32
  %t2 = hal.buffer_view.encoding_type<%bv : !hal.buffer_view> : i32
  %r = hal.buffer_view.rank<%bv : !hal.buffer_view> : index
  %d = hal.buffer_view.dim<%bv : !hal.buffer_view>[1] : index
  %d2 = hal.buffer_view.dim<%bv : !hal.buffer_view>[0] : index attributes {w}
  hal.buffer_view.trace "key" = %bv, %view : !hal.buffer_view, !hal.buffer_view
  hal.buffer_view.trace "key2" = %bv : !hal.buffer_view attributes {v}
  util.return
}
// CHECK: util.func public @f(%arg0: !hal.buffer_view, %arg1: !hal.buffer, %arg2: index, %arg3: i32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %element_type_f32 = hal.element_type<f32> : i32
// CHECK-NEXT: %element_type_i1 = hal.element_type<i1> {a} : i32
// CHECK-NEXT: %element_type_complex3Cf323E = hal.element_type<complex<f32>> : i32
// CHECK-NEXT: %dense_row_major = hal.encoding_type<dense_row_major> : i32
// CHECK-NEXT: %dense_row_major_0 = hal.encoding_type<dense_row_major> {q} : i32
// CHECK-NEXT: %memory_type = hal.memory_type<"HostVisible|DeviceVisible|DeviceLocal"> : i32
// CHECK-NEXT: %memory_type_1 = hal.memory_type<HostVisible> : i32
// CHECK-NEXT: %buffer_usage = hal.buffer_usage<"TransferSource|DispatchStorageRead|DispatchStorageWrite|DispatchStorage"> : i32
// CHECK-NEXT: %buffer_usage_2 = hal.buffer_usage<"TransferSource|TransferTarget|Transfer"> {x} : i32
// CHECK-NEXT: %view = hal.buffer_view.create buffer(%arg1 : !hal.buffer)[%c0, %arg2] shape([%arg2, %arg2]) type(%element_type_f32) encoding(%dense_row_major) : !hal.buffer_view
// CHECK-NEXT: %view_3 = hal.buffer_view.create buffer(%arg1 : !hal.buffer)[%c0, %arg2] shape([]) type(%arg3) encoding(%arg3) : !hal.buffer_view attributes {y}
// CHECK-NEXT: hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("m") shape([%arg2]) type(%element_type_f32) encoding(%dense_row_major)
// CHECK-NEXT: hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("m") shape([]) type(%element_type_f32) encoding(%dense_row_major) attributes {z}
// CHECK-NEXT: %buffer = hal.buffer_view.buffer<%arg0 : !hal.buffer_view> : !hal.buffer
// CHECK-NEXT: %0 = hal.buffer_view.element_type<%arg0 : !hal.buffer_view> : i32
// CHECK-NEXT: %1 = hal.buffer_view.encoding_type<%arg0 : !hal.buffer_view> : i32
// CHECK-NEXT: %2 = hal.buffer_view.rank<%arg0 : !hal.buffer_view> : index
// CHECK-NEXT: %3 = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[1] : index
// CHECK-NEXT: %4 = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[0] : index attributes {w}
// CHECK-NEXT: hal.buffer_view.trace "key" = %arg0, %view : !hal.buffer_view, !hal.buffer_view
// CHECK-NEXT: hal.buffer_view.trace "key2" = %arg0 : !hal.buffer_view attributes {v}
