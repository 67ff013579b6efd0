// RUN: hlopt %s --split-input-file --verify-diagnostics

// stream.async.func / stream.cmd.func declarations and the calls to them,
// rejected with IREE's messages.

// expected-error@+1 {{'stream.async.func' op symbol declaration cannot have public visibility}}
stream.async.func public @pub(%arg0: index)

// -----

util.func public @f(%arg0: index) {
  // expected-error@+1 {{'stream.async.call' op undefined external call: nope}}
  stream.async.call @nope(%arg0) : (index) -> ()
  util.return
}

// -----

stream.async.func private @fn(%arg0: index) -> i32
util.func public @f(%arg0: index) {
  // expected-error@+1 {{'stream.async.call' op non-resource return values are not yet supported on async calls}}
  %0 = stream.async.call @fn(%arg0) : (index) -> i32
  util.return
}

// -----

stream.async.func private @fn(%arg0: !stream.resource<*>) -> !stream.resource<*>
util.func public @f(%arg0: !stream.resource<*>, %arg1: index) {
  // expected-error@+1 {{custom op 'stream.async.call' tied operand not found for result reference %other}}
  %0 = stream.async.call @fn(%arg0) : (!stream.resource<*>{%arg1}) -> %other{%arg1}
  util.return
}

// -----

stream.async.func private @fn(%arg0: !stream.resource<*>) -> !stream.resource<*>
util.func public @f(%arg0: !stream.resource<*>, %arg1: index) {
  // expected-error@+1 {{'stream.async.call' op expects 1 resource range operand sets but 0 are present}}
  %0 = stream.async.call @fn(%arg0) : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg1}
  util.return
}

// -----

stream.cmd.func private @fn(%arg0[%arg1 for %arg2]: !stream.resource<*>)
util.func public @f(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %t = stream.cmd.execute with(%arg0 as %a: !stream.resource<transient>{%arg1}) {
    // expected-error@+1 {{'stream.cmd.call' op expects 1 resource range operand sets but 0 are present}}
    "stream.cmd.call"(%a, %arg1) <{callee = @fn, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, resource_operand_accesses = [1 : i32]}> : (!stream.resource<transient>, index) -> ()
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

stream.cmd.func private @fn(%arg0[%arg1 for %arg2]: !stream.resource<*>)
util.func public @f(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %t = stream.cmd.execute with(%arg0 as %a: !stream.resource<transient>{%arg1}) {
    // expected-error@+1 {{'stream.cmd.call' op expects 1 resource access specifiers but 0 are present}}
    "stream.cmd.call"(%a, %arg1, %arg1, %arg1) <{callee = @fn, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>, resource_operand_accesses = []}> : (!stream.resource<transient>, index, index, index) -> ()
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

stream.cmd.func private @fn(%arg0[%arg1 for %arg2]: !stream.resource<*>)
util.func public @f(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %t = stream.cmd.execute with(%arg0 as %a: !stream.resource<transient>{%arg1}) {
    // expected-error@+1 {{'stream.cmd.call' op value set has 1 dynamic dimensions but only 0 dimension values are attached}}
    "stream.cmd.call"(%a, %arg1, %arg1) <{callee = @fn, operandSegmentSizes = array<i32: 1, 0, 1, 1, 0>, resource_operand_accesses = [1 : i32]}> : (!stream.resource<transient>, index, index) -> ()
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

util.func public @f(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %t = stream.cmd.execute with(%arg0 as %a: !stream.resource<transient>{%arg1}) {
    // expected-error@+1 {{'stream.cmd.call' op undefined external call: missing}}
    stream.cmd.call @missing(ro %a[%arg1 for %arg1]) : (!stream.resource<transient>{%arg1}) -> ()
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// expected-error@+1 {{custom op 'stream.async.func' tied operand not found for result reference %arg9}}
stream.async.func private @fn(%arg0: index) -> %arg9

// -----

// expected-error@+1 {{'stream.async.func' op symbol declaration cannot have public visibility}}
stream.async.func public @a(%arg0: index {x}) -> index

// -----

// expected-error@+1 {{'stream.cmd.func' op results may only have dialect attributes}}
stream.cmd.func private @b(%arg0: index) -> (index {y})

// -----

// expected-error@+1 {{'stream.async.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 1, but expected 2}}
"stream.async.func"() <{arg_attrs = [{}], function_type = (index, index) -> (), sym_name = "c", sym_visibility = "private"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'stream.cmd.func' op expects result attribute array to have the same number of elements as the number of function results, got 2, but expected 1}}
"stream.cmd.func"() <{res_attrs = [{}, {}], function_type = (index) -> index, sym_name = "d", sym_visibility = "private"}> ({
}) : () -> ()

// -----

// Only arg_attrs and res_attrs may be spelled in a call's `<...>` properties.
stream.cmd.func private @pc(%arg0: i32)
util.func public @callprops(%arg0: i32, %arg1: !stream.resource<transient>, %arg2: index) -> !stream.timepoint {
  %t = stream.cmd.execute with(%arg1 as %arg3: !stream.resource<transient>{%arg2}) {
    // expected-error@+1 {{custom op 'stream.cmd.call' duplicate or unknown property in properties dictionary: foo}}
    stream.cmd.call @pc(%arg0) <arg_attrs = [{}], foo = 1> : (i32) -> ()
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}
