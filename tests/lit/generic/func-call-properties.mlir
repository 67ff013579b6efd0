// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GEN

// func.call prints its properties (callee aside) as MLIR's prop-dict
// `<...>` in declaration order (arg_attrs, res_attrs, no_inline), then the
// discardable attributes; `<{...}>` and jaxlib's `{no_inline}` parse too.
// CHECK-LABEL: func.func @calls
// CHECK-NEXT:    %0 = call @g(%arg0) <no_inline> : (i32) -> i32
// CHECK-NEXT:    %1 = call @g(%0) <no_inline> {foo = 1 : i32} : (i32) -> i32
// CHECK-NEXT:    %2 = call @g(%1) <arg_attrs = [{a.b}], res_attrs = [{c.d}], no_inline> : (i32) -> i32
// CHECK-NEXT:    %3 = call @g(%2) <no_inline> {foo = 2 : i32} : (i32) -> i32
// CHECK-NEXT:    %4 = call @g(%3) : (i32) -> i32
// GEN: "func.call"(%arg0) <{callee = @g, no_inline}> : (i32) -> i32
// GEN: "func.call"(%1) <{arg_attrs = [{a.b}], callee = @g, no_inline, res_attrs = [{c.d}]}> : (i32) -> i32
func.func private @g(%a: i32) -> i32 {
  return %a : i32
}
func.func @calls(%a: i32) -> i32 {
  %0 = call @g(%a) <no_inline> : (i32) -> i32
  %1 = call @g(%0) <{no_inline}> {foo = 1 : i32} : (i32) -> i32
  %2 = call @g(%1) <no_inline, res_attrs = [{c.d}], arg_attrs = [{a.b}]> : (i32) -> i32
  %3 = call @g(%2) {no_inline, foo = 2 : i32} : (i32) -> i32
  %4 = call @g(%3) : (i32) -> i32
  return %4 : i32
}

