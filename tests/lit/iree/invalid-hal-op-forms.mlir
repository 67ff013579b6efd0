// RUN: hlopt %s --split-input-file --verify-diagnostics

// Parse errors of hal's declared forms, with iree-opt's messages and
// locations (tests/oracle/test_verify_diagnostics_oracle.py runs this file
// through iree-opt's --verify-diagnostics too).

util.func public @f(%bv: !hal.buffer_view) {
  // expected-error@+1 {{expected '['}}
  %d = hal.buffer_view.dim<%bv : !hal.buffer_view> : index
  util.return
}

// -----

util.func public @f() {
  // expected-error@+1 {{custom op 'hal.buffer_usage' invalid usage attribute specification: "Transfer|Nope"}}
  %0 = hal.buffer_usage<"Transfer|Nope"> : i32
  util.return
}

// -----

util.func public @f() {
  // expected-error@+1 {{custom op 'hal.element_type' inherent attribute 'type' cannot be parsed from attr-dict when strict properties in assembly format is enabled}}
  %0 = hal.element_type<f32> {type = f32} : i32
  util.return
}

// -----

util.func public @f(%d: !hal.device) {
  // expected-error@+1 {{custom op 'hal.executable.lookup' invalid kind of attribute specified}}
  %0 = hal.executable.lookup device(%d : !hal.device) executable("x") : !hal.executable
  util.return
}

// -----

util.func public @f(%k: index, %m: memref<?xi8>) {
  // expected-error@+1 {{expected ')'}}
  hal.instrument.print[%m : memref<?xi8> for %k] "x" * (%k : index
  util.return
}

// -----

util.func public @f(%bv: !hal.buffer_view) {
  // expected-error@+1 {{expected '}'}}
  %0 = hal.tensor.import %bv : !hal.buffer_view -> tensor<4xf32> {x}
  util.return
}

// -----

#target = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">
util.func public @f(%arg0: tensor<4xf32>) {
  // expected-error@+1 {{custom op 'hal.dispatch.extern' tied operand not found for result reference %arg1}}
  %0 = hal.dispatch.extern "main"(%arg0) : (tensor<4xf32>) -> %arg1
    count(%device: !hal.device) -> (index, index, index) {
      %c = arith.constant 1 : index
      hal.return %c, %c, %c : index, index, index
    }
    layout(<bindings = [#hal.pipeline.binding<storage_buffer>]>)
    objects({ #target ordinal(0) = [] })
  util.return
}

// -----

#target = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">
util.func public @f(%arg0: tensor<4xf32>) {
  %0 = hal.dispatch.extern "main"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
    count(%device: !hal.device) -> (index, index, index) {
      %c = arith.constant 1 : index
      hal.return %c, %c, %c : index, index, index
    }
    layout(<bindings = [#hal.pipeline.binding<storage_buffer>]>)
    // expected-error@+1 {{custom op 'hal.dispatch.extern' target condition region must return one i1}}
    objects({ #target if(%device: !hal.device) -> i32 {
      %t = arith.constant 1 : i32
      hal.return %t : i32
    } ordinal(0) = [] })
  util.return
}

// -----

#target = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">
util.func public @f(%arg0: tensor<4xf32>, %n: index) {
  // expected-error@+1 {{custom op 'hal.dispatch.extern' number of operands and types do not match: got 2 operands and 1 types}}
  %0 = hal.dispatch.extern "main"(%arg0, %n) : (tensor<4xf32>) -> tensor<4xf32>
    count(%device: !hal.device) -> (index, index, index) {
      %c = arith.constant 1 : index
      hal.return %c, %c, %c : index, index, index
    }
    layout(<bindings = [#hal.pipeline.binding<storage_buffer>]>)
    objects({ #target ordinal(0) = [] })
  util.return
}
