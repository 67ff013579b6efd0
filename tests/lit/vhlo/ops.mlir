// RUN: hlopt %s --mlir-print-op-generic | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | hlopt --mlir-print-op-generic | filecheck %s

// VHLO ops in the generic form, as MLIR prints them (vhlo is closed; the ops
// are declared from VhloOps.td's groups). tests/oracle/test_vhlo_closed_oracle.py
// checks that jaxlib prints this module exactly so.

// CHECK: "vhlo.func_v1"() <{arg_attrs = #vhlo.array_v1<[]>, function_type = #vhlo.type_v1<!vhlo.func_v1<(!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.bool_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>>>, res_attrs = #vhlo.array_v1<[]>, sym_name = #vhlo.string_v1<"main">, sym_visibility = #vhlo.string_v1<"">}> ({
// CHECK: ^bb0(%arg0: !vhlo.tensor_v1<4x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<!vhlo.bool_v1>):
// CHECK: %0 = "vhlo.add_v1"(%arg0, %arg0) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
// CHECK: %1 = "vhlo.compare_v1"(%0, %arg0) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.bool_v1>
// CHECK: %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<4xf32>>}> : () -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
// CHECK: %3 = "vhlo.if_v1"(%arg1) ({
// CHECK: "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
// CHECK: "vhlo.return_v1"(%2) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
// CHECK: %4:2 = "vhlo.while_v1"(%3, %arg1) ({
// CHECK: ^bb0(%arg6: !vhlo.tensor_v1<4x!vhlo.f32_v1>, %arg7: !vhlo.tensor_v1<!vhlo.bool_v1>):
// CHECK: "vhlo.return_v1"(%arg7) : (!vhlo.tensor_v1<!vhlo.bool_v1>) -> ()
// CHECK: ^bb0(%arg4: !vhlo.tensor_v1<4x!vhlo.f32_v1>, %arg5: !vhlo.tensor_v1<!vhlo.bool_v1>):
// CHECK: "vhlo.return_v1"(%arg4, %arg5) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.bool_v1>) -> ()
// CHECK: %5 = "vhlo.custom_call_v1"(%4#0) <{api_version = #vhlo<api_version_v1 API_VERSION_STATUS_RETURNING>, backend_config = #vhlo.string_v1<"">, call_target_name = #vhlo.string_v1<"foo">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
// CHECK: %6 = "vhlo.reduce_v1"(%5, %2) <{dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>}> ({
// CHECK: ^bb0(%arg2: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg3: !vhlo.tensor_v1<!vhlo.f32_v1>):
// CHECK: %9 = "vhlo.add_v1"(%arg2, %arg3) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
// CHECK: "vhlo.return_v1"(%9) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// CHECK: %7 = "vhlo.create_token_v1"() : () -> !vhlo.token_v1
// CHECK: %8 = "vhlo.optimization_barrier_v1"(%5, %7) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.token_v1) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
// CHECK: "vhlo.return_v1"(%5) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()

"vhlo.func_v1"() <{arg_attrs = #vhlo.array_v1<[]>, function_type = #vhlo.type_v1<!vhlo.func_v1<(!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.bool_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>>>, res_attrs = #vhlo.array_v1<[]>, sym_name = #vhlo.string_v1<"main">, sym_visibility = #vhlo.string_v1<"">}> ({
^bb0(%a: !vhlo.tensor_v1<4x!vhlo.f32_v1>, %p: !vhlo.tensor_v1<!vhlo.bool_v1>):
  %0 = "vhlo.add_v1"(%a, %a) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
  %1 = "vhlo.compare_v1"(%0, %a) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.bool_v1>
  %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<4xf32>>}> : () -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
  %3 = "vhlo.if_v1"(%p) ({
    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
  }, {
    "vhlo.return_v1"(%2) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
  }) : (!vhlo.tensor_v1<!vhlo.bool_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
  %4:2 = "vhlo.while_v1"(%3, %p) ({
  ^bb0(%x: !vhlo.tensor_v1<4x!vhlo.f32_v1>, %c: !vhlo.tensor_v1<!vhlo.bool_v1>):
    "vhlo.return_v1"(%c) : (!vhlo.tensor_v1<!vhlo.bool_v1>) -> ()
  }, {
  ^bb0(%x: !vhlo.tensor_v1<4x!vhlo.f32_v1>, %c: !vhlo.tensor_v1<!vhlo.bool_v1>):
    "vhlo.return_v1"(%x, %c) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.bool_v1>) -> ()
  }) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.bool_v1>) -> (!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.bool_v1>)
  %5 = "vhlo.custom_call_v1"(%4#0) <{api_version = #vhlo<api_version_v1 API_VERSION_STATUS_RETURNING>, backend_config = #vhlo.string_v1<"">, call_target_name = #vhlo.string_v1<"foo">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
  %6 = "vhlo.reduce_v1"(%5, %2) <{dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>}> ({
  ^bb0(%l: !vhlo.tensor_v1<!vhlo.f32_v1>, %r: !vhlo.tensor_v1<!vhlo.f32_v1>):
    %s = "vhlo.add_v1"(%l, %r) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
    "vhlo.return_v1"(%s) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
  }) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
  %t = "vhlo.create_token_v1"() : () -> !vhlo.token_v1
  %7 = "vhlo.optimization_barrier_v1"(%5, %t) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.token_v1) -> (!vhlo.tensor_v1<4x!vhlo.f32_v1>)
  "vhlo.return_v1"(%5) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
}) : () -> ()
