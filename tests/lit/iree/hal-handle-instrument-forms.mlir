// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// Executable handles and entry point queries (hal.executable.create/lookup/
// lookup.function/export.ordinal/calculate_workgroups, with their result
// names) and the hal.instrument.* ops in IREE's custom forms.

util.func public @f(%dev: !hal.device, %aff: i64, %c: i32, %w: index, %mem: memref<?xi8>, %key: index, %v: f32, %m2: memref<4xf32>) {
  %exe = hal.executable.create device(%dev : !hal.device) affinity(%aff) target(@ex::@v) : !hal.executable
  %exe2 = hal.executable.create device(%dev : !hal.device) affinity(%aff) target(@ex::@v) constants([%c, %c]) : !hal.executable attributes {a}
  %l = hal.executable.lookup device(%dev : !hal.device) executable(@ex) : !hal.executable
  %fn = hal.executable.lookup.function target(%l : !hal.executable) function(@ex::@v::@e) : i64
  %o = hal.executable.export.ordinal target(@ex::@v::@e) : index
  %x:3 = hal.executable.calculate_workgroups device(%dev : !hal.device) target(@ex::@v::@e) : index, index, index
  %y:3 = hal.executable.calculate_workgroups device(%dev : !hal.device) target(@ex::@v::@e) workload([%w, %w]) : index, index, index attributes {b}
  %k = hal.instrument.workgroup[%mem : memref<?xi8>] dispatch(%c) : index
  hal.instrument.print[%mem : memref<?xi8> for %k] "hello"
  hal.instrument.print[%mem : memref<?xi8> for %k] "v %f" *(%v, %w : f32, index) {q}
  %iv = hal.instrument.value[%mem : memref<?xi8> for %k] 3 : i8 = %v : f32
  %ld = hal.instrument.memory.load[%mem : memref<?xi8> for %k] %m2[%w], %v : memref<4xf32>, f32
  %st = hal.instrument.memory.store[%mem : memref<?xi8> for %k] %m2[%w], %v {z} : memref<4xf32>, f32
  util.return
}
// CHECK: util.func public @f(%arg0: !hal.device, %arg1: i64, %arg2: i32, %arg3: index, %arg4: memref<?xi8>, %arg5: index, %arg6: f32, %arg7: memref<4xf32>) {
// CHECK-NEXT: %executable = hal.executable.create device(%arg0 : !hal.device) affinity(%arg1) target(@ex::@v) : !hal.executable
// CHECK-NEXT: %executable_0 = hal.executable.create device(%arg0 : !hal.device) affinity(%arg1) target(@ex::@v) constants([%arg2, %arg2]) : !hal.executable attributes {a}
// CHECK-NEXT: %exe = hal.executable.lookup device(%arg0 : !hal.device) executable(@ex) : !hal.executable
// CHECK-NEXT: %function_id = hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@v::@e) : i64
// CHECK-NEXT: %ordinal = hal.executable.export.ordinal target(@ex::@v::@e) : index
// CHECK-NEXT: %workgroup_x, %workgroup_y, %workgroup_z = hal.executable.calculate_workgroups device(%arg0 : !hal.device) target(@ex::@v::@e) : index, index, index
// CHECK-NEXT: %workgroup_x_1, %workgroup_y_2, %workgroup_z_3 = hal.executable.calculate_workgroups device(%arg0 : !hal.device) target(@ex::@v::@e) workload([%arg3, %arg3]) : index, index, index attributes {b}
// CHECK-NEXT: %0 = hal.instrument.workgroup[%arg4 : memref<?xi8>] dispatch(%arg2) : index
// CHECK-NEXT: hal.instrument.print[%arg4 : memref<?xi8> for %0] "hello"
// CHECK-NEXT: hal.instrument.print[%arg4 : memref<?xi8> for %0] "v %f" * (%arg6, %arg3 : f32, index) {q}
// CHECK-NEXT: %1 = hal.instrument.value[%arg4 : memref<?xi8> for %0] 3 : i8 = %arg6 : f32
// CHECK-NEXT: %2 = hal.instrument.memory.load[%arg4 : memref<?xi8> for %0] %arg7[%arg3], %arg6 : memref<4xf32>, f32
// CHECK-NEXT: %3 = hal.instrument.memory.store[%arg4 : memref<?xi8> for %0] %arg7[%arg3], %arg6 {z} : memref<4xf32>, f32
