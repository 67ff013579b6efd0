// sdy.manual_computation: shardings against global types, manual axes before free
// ones, divisibility, axes a parent already made manual, unknown manual axes.
// Messages are jaxlib's (re-checked by tests/oracle/test_shlo_agreement.py).
// RUN: hlopt %s --split-input-file --verify-diagnostics

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8x8xf32> {
  // expected-note@+1 {{parent bounding this axis as manual}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {"y"}]>] manual_axes={"x"} (%a: tensor<2x8xf32>) {
    // expected-error@+1 {{'sdy.sharding_constraint' op operates on axis "x" which is already bound by a parent sdy.manual_computation op}}
    %1 = sdy.sharding_constraint %a <@mesh, [{"x"}, {}]> : tensor<2x8xf32>
    sdy.return %1 : tensor<2x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.manual_computation' op operand sharding at index 0 must have all manual axes come before free axes in its dimension sharding at index 0. Saw manual axis "x" after free axis "y"}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"y", "x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%a: tensor<1x8xf32>) {
    sdy.return %a : tensor<1x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.manual_computation' op unknown manual axis: "q"}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"q"} (%a: tensor<8x8xf32>) {
    sdy.return %a : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-note@+1 {{parent bounding this axis as manual}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%a: tensor<2x8xf32>) {
    // expected-error@+1 {{'sdy.manual_computation' op operates on axis "x" which is already bound by a parent sdy.manual_computation op}}
    %1 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"x"} (%b: tensor<2x8xf32>) {
      sdy.return %b : tensor<2x8xf32>
    } : (tensor<2x8xf32>) -> tensor<2x8xf32>
    sdy.return %1 : tensor<2x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.manual_computation' op result shardings don't match number of values: 0 shardings vs 1 values}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[] manual_axes={"x"} (%a: tensor<2x8xf32>) {
    sdy.return %a : tensor<2x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<6x8xf32>) -> tensor<6x8xf32> {
  // expected-error@+1 {{'sdy.manual_computation' op operand dimension size 6 is not divisible by the manual axes size 4}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%a: tensor<2x8xf32>) {
    sdy.return %a : tensor<2x8xf32>
  } : (tensor<6x8xf32>) -> tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}
