// --emit-portable-artifact writes quantized element types (per tensor and
// per axis) and dot algorithms in VHLO's encodings; reading the artifact
// back gives them again. Per-axis types need target 0.18.0, dot algorithms
// 1.6.0 (dot_general_v2): older targets are refused, as jaxlib refuses them.
// RUN: hlopt %s --emit-portable-artifact -o %t.art
// RUN: hlopt %t.art | filecheck %s
// RUN: hlopt %s --emit-portable-artifact=1.6.0 | hlopt | filecheck %s
// RUN: not hlopt %s --emit-portable-artifact=1.5.0 2>&1 | filecheck %s --check-prefix=ALGO
// ALGO: error: cannot write a portable artifact: 'stablehlo.dot_general' attribute 'lhs_precision_type' is not in StableHLO 1.5.0
// RUN: not hlopt %s --emit-portable-artifact=0.17.0 2>&1 | filecheck %s --check-prefix=AXIS
// AXIS: error: cannot write a portable artifact: type '!quant.uniform<i8<-127:127>:f32:1, {5.000000e-01:1,2.500000e-01:2,2.000000e+00:-3}>' is not in StableHLO 0.17.0 (per-axis quantization is since 0.18.0)

// CHECK-LABEL: func.func @q(
// CHECK-SAME:    %arg0: tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-SAME:    %arg1: tensor<2x!quant.uniform<u8<1:200>:f32, 1.250000e-03:-7>>
// CHECK-SAME:    %arg2: tensor<2x3x!quant.uniform<i8<-127:127>:f32:1, {5.000000e-01:1,2.500000e-01:2,2.000000e+00:-3}>>
// CHECK:         stablehlo.add %arg0, %arg0 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK:         stablehlo.dot_general %arg3, %arg4, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>
func.func @q(%arg0: tensor<4x!quant.uniform<i8:f32, 0.5:3>>, %arg1: tensor<2x!quant.uniform<u8<1:200>:f32, 1.25e-3:-7>>,
             %arg2: tensor<2x3x!quant.uniform<i8<-127:127>:f32:1, {0.5:1, 0.25:2, 2.0:-3}>>,
             %arg3: tensor<4x2xf32>, %arg4: tensor<2x3xf32>)
    -> (tensor<4x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x!quant.uniform<u8<1:200>:f32, 1.25e-3:-7>>,
        tensor<2x3x!quant.uniform<i8<-127:127>:f32:1, {0.5:1, 0.25:2, 2.0:-3}>>, tensor<4x3xf32>) {
  %0 = stablehlo.add %arg0, %arg0 : tensor<4x!quant.uniform<i8:f32, 0.5:3>>
  %1 = stablehlo.dot_general %arg3, %arg4, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<4x2xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0, %arg1, %arg2, %1 : tensor<4x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x!quant.uniform<u8<1:200>:f32, 1.25e-3:-7>>, tensor<2x3x!quant.uniform<i8<-127:127>:f32:1, {0.5:1, 0.25:2, 2.0:-3}>>, tensor<4x3xf32>
}
