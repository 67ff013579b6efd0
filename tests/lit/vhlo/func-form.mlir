// vhlo.func_v1's custom form (VhloOps.td's custom<FunctionBody>: the
// name, arguments with their types and `-> (results)` always in parentheses;
// the other inherent attributes in the attribute dictionary after the body),
// as jaxlib prints it (tests/oracle/test_vhlo_closed_oracle.py): a quoted
// name, one result and two.
// RUN: hlopt %s | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s | hlopt | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s | hlopt --mlir-print-op-generic | filecheck %s --check-prefix=GEN

// CHECK:module {
// CHECK-NEXT:  vhlo.func_v1 @"a b"(%arg0: !vhlo.index_v1) -> (!vhlo.index_v1) {
// CHECK-NEXT:    "vhlo.return_v1"(%arg0) : (!vhlo.index_v1) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">, x = 1 : i32}
// CHECK-NEXT:  vhlo.func_v1 @two(%arg0: !vhlo.index_v1) -> (!vhlo.index_v1, !vhlo.index_v1) {
// CHECK-NEXT:    "vhlo.return_v1"(%arg0, %arg0) : (!vhlo.index_v1, !vhlo.index_v1) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
// CHECK-NEXT:}
// GEN: "vhlo.func_v1"() <{arg_attrs = #vhlo.array_v1<[]>, function_type = #vhlo.type_v1<!vhlo.func_v1<(!vhlo.index_v1) -> !vhlo.index_v1>>, res_attrs = #vhlo.array_v1<[]>, sym_name = #vhlo.string_v1<"a b">, sym_visibility = #vhlo.string_v1<"private">}> ({
// GEN: "vhlo.func_v1"() <{arg_attrs = #vhlo.array_v1<[]>, function_type = #vhlo.type_v1<!vhlo.func_v1<(!vhlo.index_v1) -> !vhlo.index_v1, !vhlo.index_v1>>, res_attrs = #vhlo.array_v1<[]>, sym_name = #vhlo.string_v1<"two">, sym_visibility = #vhlo.string_v1<"">}> ({
"vhlo.func_v1"() <{arg_attrs = #vhlo.array_v1<[]>, function_type = #vhlo.type_v1<!vhlo.func_v1<(!vhlo.index_v1) -> !vhlo.index_v1>>, res_attrs = #vhlo.array_v1<[]>, sym_name = #vhlo.string_v1<"a b">, sym_visibility = #vhlo.string_v1<"private">}> ({
^bb0(%q: !vhlo.index_v1):
  "vhlo.return_v1"(%q) : (!vhlo.index_v1) -> ()
}) {x = 1 : i32} : () -> ()
"vhlo.func_v1"() <{arg_attrs = #vhlo.array_v1<[]>, function_type = #vhlo.type_v1<!vhlo.func_v1<(!vhlo.index_v1) -> !vhlo.index_v1, !vhlo.index_v1>>, res_attrs = #vhlo.array_v1<[]>, sym_name = #vhlo.string_v1<"two">, sym_visibility = #vhlo.string_v1<"">}> ({
^bb0(%a: !vhlo.index_v1):
  "vhlo.return_v1"(%a, %a) : (!vhlo.index_v1, !vhlo.index_v1) -> ()
}) : () -> ()
