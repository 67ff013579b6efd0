// RUN: hlopt %s --split-input-file --verify-diagnostics
// RUN: hlopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// A dialect hlopt declares completely is closed, as MLIR's: an op it does
// not define is an error, with or without --allow-unregistered-dialect
// (messages and locations as iree-opt's; sdy's as jaxlib's).

// expected-error@+1 {{unregistered operation 'cf.clampx' found in dialect ('cf') that does not allow unknown operations}}
"cf.clampx"() : () -> ()

// -----

func.func @f(%arg0: i32) -> i32 {
  // expected-error@+1 {{unregistered operation 'cf.frob' found in dialect ('cf') that does not allow unknown operations}}
  %0 = "cf.frob"(%arg0) : (i32) -> i32
  return %0 : i32
}

// -----

// expected-error@+1 {{unregistered operation 'sdy.clampx' found in dialect ('sdy') that does not allow unknown operations}}
"sdy.clampx"() : () -> ()

// -----

// expected-error@+1 {{unregistered operation 'hal.clampx' found in dialect ('hal') that does not allow unknown operations}}
"hal.clampx"() : () -> ()

// -----

// expected-error@+1 {{unregistered operation 'util.clampx' found in dialect ('util') that does not allow unknown operations}}
"util.clampx"() : () -> ()

// -----

// expected-error@+1 {{unregistered operation 'stream.clampx' found in dialect ('stream') that does not allow unknown operations}}
"stream.clampx"() : () -> ()

// -----

// expected-error@+1 {{unregistered operation 'iree_tensor_ext.clampx' found in dialect ('iree_tensor_ext') that does not allow unknown operations}}
"iree_tensor_ext.clampx"() : () -> ()

// -----

// An unknown op of a registered dialect in custom form.
func.func @f(%arg0: i32) {
  // expected-error@+1 {{custom op 'cf.bar' is unknown}}
  cf.bar %arg0
  return
}

// -----

// An op of a dialect nobody registered, in custom form (MLIR's text).
func.func @f(%arg0: i32) {
  // expected-error@+1 {{Dialect `foo' not found for custom op 'foo.bar'}}
  foo.bar %arg0
  return
}

// -----

// scf declares all of MLIR's scf ops (forall, parallel and reduce included).
// expected-error@+1 {{unregistered operation 'scf.clampx' found in dialect ('scf') that does not allow unknown operations}}
"scf.clampx"() : () -> ()

// -----

// tensor declares all of MLIR's tensor ops (gather, scatter and
// parallel_insert_slice included).
// expected-error@+1 {{unregistered operation 'tensor.clampx' found in dialect ('tensor') that does not allow unknown operations}}
"tensor.clampx"() : () -> ()
