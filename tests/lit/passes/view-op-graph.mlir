// RUN: hlopt %s --view-op-graph 2>&1 >/dev/null | filecheck %s
// RUN: hlopt %s --view-op-graph | filecheck %s --check-prefix=IR
// RUN: hlopt %s --view-op-graph='max-label-len=4 print-control-flow-edges=true' 2>&1 >/dev/null | filecheck %s --check-prefix=OPTS

// The dot text matches MLIR's --view-op-graph byte for byte.
// CHECK:      digraph G {
// CHECK-NEXT:   compound = true;
// CHECK-NEXT:   subgraph cluster_1 {
// CHECK-NEXT:     v2 [label = " ", shape = plain];
// CHECK-NEXT:     label = "builtin.module : ()\l";
// CHECK-NEXT:     subgraph cluster_3 {
// CHECK-NEXT:       v4 [label = " ", shape = plain];
// CHECK-NEXT:       label = "";
// CHECK-NEXT:       subgraph cluster_5 {
// CHECK-NEXT:         v6 [label = " ", shape = plain];
// CHECK-NEXT:         label = "func.func : ()\lfunction_type: (i32, tensor\<i32\>) -...\lsym_name: \"f\"\l";
// CHECK-NEXT:         subgraph cluster_7 {
// CHECK-NEXT:           v8 [label = " ", shape = plain];
// CHECK-NEXT:           label = "";
// CHECK-NEXT:           v9 [label = "<res_arg0> %arg0 i32", shape = Mrecord];
// CHECK-NEXT:           v10 [label = "<res_arg1> %arg1 tensor\<i32\>", shape = Mrecord];
// CHECK-NEXT:           v11 [fillcolor = "0.000000 0.3 0.95", label = "{arith.constant\l\lvalue: 0 : i32\l|{<res_c0_i32> %c0_i32 i32}}", shape = Mrecord, style = filled];
// CHECK-NEXT:           v12 [fillcolor = "0.125000 0.3 0.95", label =
// CHECK-SAME:            <arg_arg0> %arg0|<arg_c0_i32> %c0_i32}|arith.addi\l\loverflowFlags: #arith.overflow\<none...\l|{<res_0> %0 i32
// CHECK-SAME:            shape = Mrecord, style = filled];
// CHECK-NEXT:           subgraph cluster_13 {
// CHECK-NEXT:             v14 [label = " ", shape = plain];
// CHECK-NEXT:             label = "stablehlo.while : (tensor<i32>)\l";
// CHECK-NEXT:             subgraph cluster_15 {
// CHECK-NEXT:               v16 [label = " ", shape = plain];
// CHECK-NEXT:               label = "";
// CHECK-NEXT:               v17 [label = "<res_iterArg> %iterArg tensor\<i32\>", shape = Mrecord];
// CHECK:                    v18 [fillcolor = "0.250000 0.3 0.95", label = "{stablehlo.constant\l\lvalue: dense\<true\> : tensor\<i1\>\l|{<res_c> %c tensor\<i1\>}}", shape = Mrecord, style = filled];
// CHECK:      v9:res_arg0:s -> v12:arg_arg0:n[style = solid];
// CHECK-NEXT: v11:res_c0_i32:s -> v12:arg_c0_i32:n[style = solid];
// CHECK:      v10:res_arg1:s -> v14[lhead = cluster_13, style = solid];
// CHECK:      v14 -> v{{[0-9]+}}:arg_1:n[ltail = cluster_13, style = solid];
// CHECK-NEXT: }

// IR: func.func @f
// IR: stablehlo.while

// OPTS: label = "{arith.constant\l\lvalue: 0 : ...\l|{<res_c0_i32> %c0_i32 i32}}"
// OPTS: v11 -> v12[style = dashed];
func.func @f(%a: i32, %t: tensor<i32>) -> (i32, tensor<i32>) {
  %c0 = arith.constant 0 : i32
  %0 = "arith.addi"(%a, %c0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %1 = stablehlo.while(%iterArg = %t) : tensor<i32>
  cond {
    %c = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    stablehlo.return %iterArg : tensor<i32>
  }
  return %0, %1 : i32, tensor<i32>
}
