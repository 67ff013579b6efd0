// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// util.buffer.* in IREE's custom forms: sizes as {%size} after the buffer
// type, inherent attributes the form does not spell (alignment, mime_type)
// as <...> before the discardable {...}, trailing 'attributes {...}' where
// IREE's format has attr-dict-with-keyword, and IREE's result names.

util.func public @buffers(%arg0: index, %arg1: i32, %arg2: !util.buffer, %arg3: index) {
  %buffer = util.buffer.alloc uninitialized : !util.buffer{%arg3}
  %buffer_0 = util.buffer.alloc uninitialized <alignment = 16> {x} : !util.buffer{%arg3}
  util.buffer.dealloc %arg2 : !util.buffer{%arg3}
  util.buffer.dealloc %buffer : !util.buffer{%arg3} attributes {x}
  %buffer_cst = util.buffer.constant : !util.buffer = "hello"
  %name = util.buffer.constant "name" <alignment = 64, mime_type = "text/plain"> : !util.buffer = dense<[1, 2]> : tensor<2xi32>
  %blob = util.buffer.constant "blob" {x} : !util.buffer = dense<[1, 2, 3]> : tensor<3xi8>
  %buffer_1 = util.buffer.slice %arg2[%arg0] : !util.buffer{%arg3} -> !util.buffer{%arg0}
  %buffer_2 = util.buffer.slice %arg2[%arg0] <alignment = 8> {y} : !util.buffer{%arg3} -> !util.buffer{%arg0}
  %buffer_span = util.buffer.subspan %arg2[%arg0] : !util.buffer{%arg3} -> !util.buffer{%arg0}
  %buffer_span_3 = util.buffer.subspan %arg2[%arg0] : !util.buffer{%arg3} -> !util.buffer{%arg0} attributes {x}
  %buffer_size = util.buffer.size %arg2 : !util.buffer
  %buffer_size_4 = util.buffer.size %arg2 : !util.buffer attributes {x}
  %buffer_storage, %buffer_offset = util.buffer.storage %arg2 : !util.buffer{%arg3} -> (memref<?xi8>, index)
  util.buffer.copy %arg2[%arg0], %buffer[%buffer_size], %arg0 : !util.buffer{%arg3} -> !util.buffer{%arg3}
  util.buffer.copy %arg2[%arg0], %buffer[%buffer_size], %arg0 : !util.buffer{%arg3} -> !util.buffer{%arg3} attributes {x}
  %0 = util.buffer.compare %arg2[%arg0], %buffer[%arg0], %arg0 : !util.buffer{%arg3}, !util.buffer{%arg3}
  util.buffer.fill %arg1, %arg2[%arg0 for %arg0] : i32 -> !util.buffer{%arg3}
  util.buffer.fill %arg0, %arg2[%arg0 for %arg0] : index -> !util.buffer{%arg3} attributes {x}
  %1 = util.buffer.load %arg2[%arg0 for %arg0] : !util.buffer{%arg3} -> i32
  %2 = util.buffer.load %arg2[%arg0 for %arg0] : !util.buffer{%arg3} -> f32 attributes {x}
  util.buffer.store %arg1, %arg2[%arg0 for %arg0] : i32 -> !util.buffer{%arg3}
  %3 = util.buffer.hash %arg2[%arg0 for %arg0] : !util.buffer{%arg3} -> i64
  util.return
}
// CHECK-LABEL: util.func public @buffers
// CHECK: %buffer = util.buffer.alloc uninitialized : !util.buffer{%arg3}
// CHECK: %buffer_0 = util.buffer.alloc uninitialized <alignment = 16> {x} : !util.buffer{%arg3}
// CHECK: util.buffer.dealloc %arg2 : !util.buffer{%arg3}
// CHECK: util.buffer.dealloc %buffer : !util.buffer{%arg3} attributes {x}
// CHECK: %buffer_cst = util.buffer.constant : !util.buffer = "hello"
// CHECK: %name = util.buffer.constant "name" <alignment = 64, mime_type = "text/plain"> : !util.buffer = dense<[1, 2]> : tensor<2xi32>
// CHECK: %blob = util.buffer.constant "blob" {x} : !util.buffer = dense<[1, 2, 3]> : tensor<3xi8>
// CHECK: %buffer_1 = util.buffer.slice %arg2[%arg0] : !util.buffer{%arg3} -> !util.buffer{%arg0}
// CHECK: %buffer_2 = util.buffer.slice %arg2[%arg0] <alignment = 8> {y} : !util.buffer{%arg3} -> !util.buffer{%arg0}
// CHECK: %buffer_span = util.buffer.subspan %arg2[%arg0] : !util.buffer{%arg3} -> !util.buffer{%arg0}
// CHECK: %buffer_span_3 = util.buffer.subspan %arg2[%arg0] : !util.buffer{%arg3} -> !util.buffer{%arg0} attributes {x}
// CHECK: %buffer_size = util.buffer.size %arg2 : !util.buffer
// CHECK: %buffer_size_4 = util.buffer.size %arg2 : !util.buffer attributes {x}
// CHECK: %buffer_storage, %buffer_offset = util.buffer.storage %arg2 : !util.buffer{%arg3} -> (memref<?xi8>, index)
// CHECK: util.buffer.copy %arg2[%arg0], %buffer[%buffer_size], %arg0 : !util.buffer{%arg3} -> !util.buffer{%arg3}
// CHECK: util.buffer.copy %arg2[%arg0], %buffer[%buffer_size], %arg0 : !util.buffer{%arg3} -> !util.buffer{%arg3} attributes {x}
// CHECK: %0 = util.buffer.compare %arg2[%arg0], %buffer[%arg0], %arg0 : !util.buffer{%arg3}, !util.buffer{%arg3}
// CHECK: util.buffer.fill %arg1, %arg2[%arg0 for %arg0] : i32 -> !util.buffer{%arg3}
// CHECK: util.buffer.fill %arg0, %arg2[%arg0 for %arg0] : index -> !util.buffer{%arg3} attributes {x}
// CHECK: %1 = util.buffer.load %arg2[%arg0 for %arg0] : !util.buffer{%arg3} -> i32
// CHECK: %2 = util.buffer.load %arg2[%arg0 for %arg0] : !util.buffer{%arg3} -> f32 attributes {x}
// CHECK: util.buffer.store %arg1, %arg2[%arg0 for %arg0] : i32 -> !util.buffer{%arg3}
// CHECK: %3 = util.buffer.hash %arg2[%arg0 for %arg0] : !util.buffer{%arg3} -> i64
