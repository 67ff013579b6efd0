// RUN: hlopt %s --split-input-file --verify-diagnostics
// RUN: hlopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// The checks of shape's function ops (shape.func, shape.function_library,
// shape.return): messages and locations as iree-opt's.

func.func @f() {
  // expected-error@+1 {{'shape.return' op expects parent op 'shape.func'}}
  shape.return
}

// -----

// expected-error@+1 {{'shape.func' op entry block must have 1 arguments to match function signature}}
"shape.func"() <{function_type = (index) -> (), sym_name = "g"}> ({
  "shape.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'shape.func' op type of entry block argument #0('i32') must match the type of the corresponding argument in function signature('index')}}
"shape.func"() <{function_type = (index) -> (), sym_name = "g"}> ({
^bb0(%a: i32):
  "shape.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'shape.function_library' op region should have no arguments}}
"shape.function_library"() <{mapping = {}, sym_name = "lib"}> ({
^bb0(%a: index):
}) : () -> ()

// -----

// expected-error@+1 {{'shape.function_library' op requires attribute 'mapping'}}
"shape.function_library"() <{sym_name = "lib"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'shape.function_library' op Operations with a 'SymbolTable' must have exactly one block}}
shape.function_library @lib attributes {k} {
} mapping {}
