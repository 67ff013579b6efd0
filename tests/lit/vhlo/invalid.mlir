// RUN: hlopt %s --split-input-file --verify-diagnostics
// RUN: hlopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// vhlo is closed, as in StableHLO (with or without --allow-unregistered-dialect),
// and its ops have VhloOps.td's groups and attributes (each case is checked
// against jaxlib by tests/oracle/test_vhlo_closed_oracle.py).

func.func @unknown() {
  // expected-error@+1 {{unregistered operation 'vhlo.nope_v1' found in dialect ('vhlo') that does not allow unknown operations}}
  "vhlo.nope_v1"() : () -> ()
  return
}

// -----

func.func @add_count(%a: !vhlo.tensor_v1<4x!vhlo.f32_v1>) {
  // expected-error@+1 {{'vhlo.add_v1' op expected 2 operands, but found 1}}
  %0 = "vhlo.add_v1"(%a) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
  return
}

// -----

func.func @abs_results(%a: !vhlo.tensor_v1<4x!vhlo.f32_v1>) {
  // expected-error@+1 {{'vhlo.abs_v1' op requires one result}}
  "vhlo.abs_v1"(%a) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
  return
}

// -----

func.func @missing_attr(%a: !vhlo.tensor_v1<4x!vhlo.f32_v1>) {
  // expected-error@+1 {{'vhlo.concatenate_v1' op requires attribute 'dimension'}}
  %0 = "vhlo.concatenate_v1"(%a, %a) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
  return
}

// -----

func.func @while_regions(%a: !vhlo.tensor_v1<4x!vhlo.f32_v1>) {
  // expected-error@+1 {{'vhlo.while_v1' op expected 2 regions}}
  %0 = "vhlo.while_v1"(%a) ({
    "vhlo.return_v1"(%a) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
  }) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
  return
}

// -----

func.func @return_last(%a: !vhlo.tensor_v1<4x!vhlo.f32_v1>) {
  %0 = "vhlo.if_v1"(%a) ({
    // expected-error@+1 {{'vhlo.return_v1' op must be the last operation in the parent block}}
    "vhlo.return_v1"(%a) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
    "vhlo.return_v1"(%a) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
  }, {
    "vhlo.return_v1"(%a) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
  }) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
  return
}
