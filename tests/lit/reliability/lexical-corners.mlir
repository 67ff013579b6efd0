// MLIR's verdicts on lexical corners (checked against MLIR via jaxlib in
// tests/oracle/test_fuzz_oracle.py): accepted forms.
// RUN: hlopt %s --split-input-file | filecheck %s

// `//` comments inside a function signature, an attribute dictionary and a
// property dictionary are whitespace.
func.func @sig(%a: tensor<f32> // first argument
  , %b: tensor<f32>) -> tensor<f32> attributes {x = 1 : i32, // a comment
  y = 2 : i32} {
  %0 = "stablehlo.compare"(%a, %b) <{ // a comment: with a colon
    comparison_direction = #stablehlo<comparison_direction EQ>}> {tag = "a//b" // not in the string
  } : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %1 = stablehlo.add %a, // the lhs
    %b : tensor<f32>
  return %1 : tensor<f32>
}
// CHECK-LABEL: func.func @sig(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> attributes {x = 1 : i32, y = 2 : i32} {
// CHECK-NEXT: stablehlo.compare EQ, %arg0, %arg1 {tag = "a//b"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.add %arg0, %arg1 : tensor<f32>

// -----

// collective_permute targets beyond mhlo.num_partitions: MLIR does not check
// this bound, and JAX emits such modules.
module attributes {mhlo.num_partitions = 2 : i32} {
  func.func @permute(%a: tensor<f32>) -> tensor<f32> {
    %0 = "stablehlo.collective_permute"(%a) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 5], [1, 0]]> : tensor<2x2xi64>}> : (tensor<f32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}
// CHECK-LABEL: func.func @permute
// CHECK: source_target_pairs = dense<{{\[\[}}0, 5], [1, 0]]> : tensor<2x2xi64>

// -----

// Dialect attributes hlopt knows are reprinted with MLIR's spacing.
func.func @spacing(%a: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.add %a, %a {x = #stablehlo.gather< offset_dims = [0],
        collapsed_slice_dims = [1],start_index_map = [0,1] >} : tensor<f32>
  return %0 : tensor<f32>
}
// CHECK-LABEL: func.func @spacing
// CHECK: {x = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [0, 1]>}

// -----

// Floats need a '.'; out-of-range decimal floats with one become infinity.
func.func @floats() attributes {a = 1.0e999, b = 1.0e39 : f32} {
  %0 = stablehlo.constant dense<1.0e39> : tensor<f32>
  return
}
// CHECK-LABEL: func.func @floats() attributes {a = 0x7FF0000000000000 : f64, b = 0x7F800000 : f32}
// CHECK: dense<0x7F800000> : tensor<f32>

// -----

// A comment between a type keyword and its '<', or around a function type's
// '->', is whitespace; an arrow inside a comment is not an arrow.
func.func @gaps(%a: tensor // the element type follows
    <f32>) -> tensor<f32> {
  %0 = "stablehlo.abs"(%a) : (tensor<f32>) // c
    -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @decl()
// not a result: -> i32
// CHECK-LABEL: func.func @gaps(%arg0: tensor<f32>) -> tensor<f32> {
// CHECK-NEXT: stablehlo.abs %arg0 : tensor<f32>
// CHECK: func.func private @decl(){{$}}

// -----

// `<{` and `}>` are two tokens each: a comment may sit between `<` and `{`
// and between `}` and `>` of a property dictionary.
func.func @props(%a: tensor<4xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.slice"(%a) < // the properties follow
    {start_indices = array<i64: 0>, limit_indices = array<i64: 2>, strides = array<i64: 1>} // done }
  > : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
// CHECK-LABEL: func.func @props
// CHECK-NEXT: stablehlo.slice %arg0 [0:2] : (tensor<4xf32>) -> tensor<2xf32>
