// RUN: hlopt %s --split-input-file --verify-diagnostics

// A prop-dict entry needs a value after `=` (column as MLIR reports it).
func.func private @g(%a: i32) -> i32 {
  return %a : i32
}
func.func @bad(%a: i32) -> i32 {
  // expected-error@+1 {{expected attribute value}}
  %0 = call @g(%a) <no_inline = > : (i32) -> i32
  return %0 : i32
}
