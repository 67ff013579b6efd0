// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// External streamable functions and their calls in IREE's custom forms:
// stream.cmd.func (a resource argument carries its offset and length
// arguments), stream.async.func (results tied to arguments, `as` when the type
// changes, argument and result attributes), stream.async.call (optional
// affinity, resource ranges, tied results, no results) and stream.cmd.call
// (ro/wo/rw resources mixed with primitive operands, zero or one result).

stream.cmd.func private @cmdfn(%arg0[%arg1 for %arg2]: !stream.resource<*>, %arg3: i32, %arg4[%arg5 for %arg6]: !stream.resource<*> {some.attr}) -> i32
stream.cmd.func private @cmdfn2(%arg0: i32)
stream.cmd.func private @cmdfn3(%arg0: index) -> (i32, f32 {a.b}) attributes {x}
stream.async.func private @asyncfn(%arg0: !stream.resource<*>, %arg1: index) -> (%arg0, !stream.resource<*>)
stream.async.func private @asyncfn2(%arg0: !stream.resource<*>, %arg1: index) -> %arg0 as !stream.resource<transient>
stream.async.func private @asyncfn3()
stream.async.func private @asyncfn4(%arg0: index {x.y}) -> !stream.resource<*> attributes {z}
util.func public @f(%arg0: !stream.resource<*>, %arg1: index, %arg2: i32, %arg3: !stream.resource<transient>) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %0:2 = stream.async.call @asyncfn(%arg0[%c0 to %arg1 for %arg1], %arg1) : (!stream.resource<*>{%arg1}, index) -> (%arg0{%arg1}, !stream.resource<*>{%arg1})
  %1 = stream.async.call on(#hal.device.promise<@dev>) @asyncfn4(%arg1) {q} : (index) -> !stream.resource<*>{%arg1}
  stream.async.call @asyncfn3() : () -> ()
  %2 = stream.cmd.execute with(%arg3 as %arg4: !stream.resource<transient>{%arg1}) {
    %3 = stream.cmd.call @cmdfn(ro %arg4[%c0 for %arg1], %arg2, rw %arg4[%c0 for %arg1]) : (!stream.resource<transient>{%arg1}, i32, !stream.resource<transient>{%arg1}) -> i32
    stream.cmd.call @cmdfn2(%arg2) {foo} : (i32) -> ()
    stream.cmd.call @cmdfn(wo %arg4[%c0 for %arg1], %arg2, rw %arg4[%c0 for %arg1]) : (!stream.resource<transient>{%arg1}, i32, !stream.resource<transient>{%arg1}) -> ()
  } => !stream.timepoint
  util.return %0#0, %1 : !stream.resource<*>, !stream.resource<*>
}
// CHECK: stream.cmd.func private @cmdfn(%arg0[%arg1 for %arg2]: !stream.resource<*>, %arg3: i32, %arg4[%arg5 for %arg6]: !stream.resource<*> {some.attr}) -> i32
// CHECK-NEXT: stream.cmd.func private @cmdfn2(%arg0: i32)
// CHECK-NEXT: stream.cmd.func private @cmdfn3(%arg0: index) -> (i32, f32 {a.b}) attributes {x}
// CHECK-NEXT: stream.async.func private @asyncfn(%arg0: !stream.resource<*>, %arg1: index) -> (%arg0, !stream.resource<*>)
// CHECK-NEXT: stream.async.func private @asyncfn2(%arg0: !stream.resource<*>, %arg1: index) -> %arg0 as !stream.resource<transient>
// CHECK-NEXT: stream.async.func private @asyncfn3()
// CHECK-NEXT: stream.async.func private @asyncfn4(%arg0: index {x.y}) -> !stream.resource<*> attributes {z}
// CHECK-LABEL: util.func public @f
// CHECK: %0:2 = stream.async.call @asyncfn(%arg0[%c0 to %arg1 for %arg1], %arg1) : (!stream.resource<*>{%arg1}, index) -> (%arg0{%arg1}, !stream.resource<*>{%arg1})
// CHECK-NEXT: %1 = stream.async.call on(#hal.device.promise<@dev>) @asyncfn4(%arg1) {q} : (index) -> !stream.resource<*>{%arg1}
// CHECK-NEXT: stream.async.call @asyncfn3() : () -> ()
// CHECK: %3 = stream.cmd.call @cmdfn(ro %arg4[%c0 for %arg1], %arg2, rw %arg4[%c0 for %arg1]) : (!stream.resource<transient>{%arg1}, i32, !stream.resource<transient>{%arg1}) -> i32
// CHECK-NEXT: stream.cmd.call @cmdfn2(%arg2) {foo} : (i32) -> ()
// CHECK-NEXT: stream.cmd.call @cmdfn(wo %arg4[%c0 for %arg1], %arg2, rw %arg4[%c0 for %arg1]) : (!stream.resource<transient>{%arg1}, i32, !stream.resource<transient>{%arg1}) -> ()
// GENERIC: "stream.cmd.func"() <{arg_attrs = [{}, {}, {}, {}, {some.attr}, {}, {}], function_type = (!stream.resource<*>, index, index, i32, !stream.resource<*>, index, index) -> i32, res_attrs = [{}], sym_name = "cmdfn", sym_visibility = "private"}> ({
// GENERIC: "stream.async.func"() <{arg_attrs = [{}, {}], function_type = (!stream.resource<*>, index) -> (!stream.resource<*>, !stream.resource<*>), res_attrs = [{}, {}], sym_name = "asyncfn", sym_visibility = "private", tied_operands = [0 : index, -1 : index]}> ({
// GENERIC: "stream.async.func"() <{function_type = () -> (), sym_name = "asyncfn3", sym_visibility = "private"}> ({
// GENERIC: "stream.async.call"(%arg0, %arg1, %arg1, %0, %arg1, %arg1, %arg1, %arg1) <{callee = @asyncfn, operandSegmentSizes = array<i32: 2, 1, 1, 1, 1, 2>, tied_operands = [0 : index, -1 : index]}>
// GENERIC: "stream.async.call"() <{callee = @asyncfn3, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0>}> : () -> ()
// GENERIC: "stream.cmd.call"(%arg4, %arg2, %arg4, %arg1, %arg1, %0, %0, %arg1, %arg1) <{callee = @cmdfn, operandSegmentSizes = array<i32: 3, 2, 2, 2, 0>, resource_operand_accesses = [1 : i32, 3 : i32], tied_operands = [-1 : index]}>
// GENERIC: "stream.cmd.call"(%arg2) <{callee = @cmdfn2, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, resource_operand_accesses = []}> {foo} : (i32) -> ()

// -----

// Results tied with a changed type (`%arg0 as T`), alone or in a list; several cmd.call results.
stream.async.func private @af(%arg0: !stream.resource<*>, %arg1: index) -> (%arg0 as !stream.resource<transient>, index {a.b})
stream.cmd.func private @cf(%arg0: index) -> (i32, f32)
util.func public @f(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.resource<transient>) -> !stream.resource<transient> {
  %c0 = arith.constant 0 : index
  %0 = stream.async.call @af2(%arg0[%c0 to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> %arg0 as !stream.resource<transient>{%arg1}
  %1 = stream.cmd.execute with(%arg2 as %arg3: !stream.resource<transient>{%arg1}) {
    %2:2 = stream.cmd.call @cf(%arg1) : (index) -> (i32, f32)
    stream.cmd.serial {
      stream.cmd.concurrent {
        stream.cmd.discard %arg3[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      } attributes {q}
    }
  } => !stream.timepoint
  util.return %0 : !stream.resource<transient>
}
stream.async.func private @af2(%arg0: !stream.resource<*>) -> %arg0 as !stream.resource<transient>
stream.async.func private @af3(%arg0: !stream.resource<*>) -> (%arg0 as !stream.resource<transient>, !stream.resource<*>)
util.func public @g(%arg0: !stream.resource<*>, %arg1: index) {
  %c0 = arith.constant 0 : index
  %0:2 = stream.async.call @af3(%arg0[%c0 to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> (%arg0 as !stream.resource<transient>{%arg1}, !stream.resource<*>{%arg1})
  util.return
}
// CHECK: stream.async.func private @af(%arg0: !stream.resource<*>, %arg1: index) -> (%arg0 as !stream.resource<transient>, index {a.b})
// CHECK-NEXT: stream.cmd.func private @cf(%arg0: index) -> (i32, f32)
// CHECK: %0 = stream.async.call @af2(%arg0[%c0 to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> %arg0 as !stream.resource<transient>{%arg1}
// CHECK: %2:2 = stream.cmd.call @cf(%arg1) : (index) -> (i32, f32)
// CHECK: stream.cmd.serial {
// CHECK-NEXT: stream.cmd.concurrent {
// CHECK-NEXT: stream.cmd.discard %arg3[%c0 for %arg1] : !stream.resource<transient>{%arg1}
// CHECK-NEXT: } attributes {q}
// CHECK-NEXT: }
// CHECK: stream.async.func private @af3(%arg0: !stream.resource<*>) -> (%arg0 as !stream.resource<transient>, !stream.resource<*>)
// CHECK: %0:2 = stream.async.call @af3(%arg0[%c0 to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> (%arg0 as !stream.resource<transient>{%arg1}, !stream.resource<*>{%arg1})
// GENERIC: "stream.async.call"({{.*}}) <{callee = @af2, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1>, tied_operands = [0 : index]}>

// -----

// Argument and result attributes of a call (arg_attrs/res_attrs) print in the
// `<...>` property dictionary between the operands and the attribute
// dictionary, as iree-opt prints them; empty lists are kept.
stream.async.func private @pa(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, !stream.resource<*>)
stream.cmd.func private @pc(%arg0: i32, %arg1[%arg2 for %arg3]: !stream.resource<*>) -> i32
util.func public @callattrs(%arg0: !stream.resource<*>, %arg1: index, %arg2: i32, %arg3: !stream.resource<transient>) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %0:2 = stream.async.call on(#hal.device.promise<@dev>) @pa(%arg0[%c0 to %arg1 for %arg1], %arg1) <arg_attrs = [{a.b}, {}], res_attrs = [{c.d = 1 : i32}, {}]> {q = 3 : i64} : (!stream.resource<*>{%arg1}, index) -> (%arg0{%arg1}, !stream.resource<*>{%arg1})
  %1 = stream.cmd.execute with(%arg3 as %arg4: !stream.resource<transient>{%arg1}) {
    %2 = stream.cmd.call @pc(%arg2, rw %arg4[%c0 for %arg1]) <res_attrs = [{}]> {z} : (i32, !stream.resource<transient>{%arg1}) -> i32
    stream.cmd.call @pc(%arg2, ro %arg4[%c0 for %arg1]) <arg_attrs = [], res_attrs = []> : (i32, !stream.resource<transient>{%arg1}) -> ()
  } => !stream.timepoint
  util.return %0#0 : !stream.resource<*>
}
// CHECK-LABEL: util.func public @callattrs
// CHECK: %0:2 = stream.async.call on(#hal.device.promise<@dev>) @pa(%arg0[%c0 to %arg1 for %arg1], %arg1) <arg_attrs = [{a.b}, {}], res_attrs = [{c.d = 1 : i32}, {}]> {q = 3 : i64} : (!stream.resource<*>{%arg1}, index) -> (%arg0{%arg1}, !stream.resource<*>{%arg1})
// CHECK: %2 = stream.cmd.call @pc(%arg2, rw %arg4[%c0 for %arg1]) <res_attrs = [{}]> {z} : (i32, !stream.resource<transient>{%arg1}) -> i32
// CHECK-NEXT: stream.cmd.call @pc(%arg2, ro %arg4[%c0 for %arg1]) <arg_attrs = [], res_attrs = []> : (i32, !stream.resource<transient>{%arg1}) -> ()
// GENERIC: "stream.async.call"(%arg0, %arg1, %arg1, %0, %arg1, %arg1, %arg1, %arg1) <{affinity = #hal.device.promise<@dev>, arg_attrs = [{a.b}, {}], callee = @pa, operandSegmentSizes = array<i32: 2, 1, 1, 1, 1, 2>, res_attrs = [{c.d = 1 : i32}, {}], tied_operands = [0 : index, -1 : index]}> {q = 3 : i64}
// GENERIC: "stream.cmd.call"(%arg2, %arg4, %arg1, %0, %arg1) <{callee = @pc, operandSegmentSizes = array<i32: 2, 1, 1, 1, 0>, res_attrs = [{}], resource_operand_accesses = [3 : i32], tied_operands = [-1 : index]}> {z}
// GENERIC-NEXT: "stream.cmd.call"(%arg2, %arg4, %arg1, %0, %arg1) <{arg_attrs = [], callee = @pc, operandSegmentSizes = array<i32: 2, 1, 1, 1, 0>, res_attrs = [], resource_operand_accesses = [1 : i32]}> : 
