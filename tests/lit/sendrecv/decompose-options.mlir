// The options of --stablehlo-decompose-collective-permute on one loop body
// (docs/send-recv.md has XLA's rule beside each): a chain of a loop argument
// (2 pairs), a chain of a loop argument (3 pairs, 16 bytes), and a chain of a
// computed value (1 pair).
// RUN: hlopt %s --stablehlo-decompose-collective-permute 2>&1 | filecheck %s --check-prefix=XLA
// RUN: hlopt %s --stablehlo-decompose-collective-permute=all-permutes=true 2>&1 | filecheck %s --check-prefix=ALL
// RUN: hlopt %s --stablehlo-decompose-collective-permute=pipeline-parallelism=false 2>&1 | filecheck %s --check-prefix=LEVEL0
// RUN: hlopt %s --stablehlo-decompose-collective-permute="pipeline-parallelism=false min-bytes=20" 2>&1 | filecheck %s --check-prefix=LEVEL0MIN
// RUN: hlopt %s --stablehlo-decompose-collective-permute=scope=all 2>&1 | filecheck %s --check-prefix=SCOPE

// XLA's default: only loop arguments, only the one with most pairs.
// XLA-DAG: remark: collective_permute not decomposed: it is not directly in a stablehlo.while body
// XLA-DAG: remark: collective_permute not decomposed: another collective_permute of this loop body has more pairs
// XLA-DAG: remark: collective_permute not decomposed: its operand is not a loop argument
// XLA: "stablehlo.collective_permute"(%iterArg_0) {{.*}}dense<{{\[\[}}0, 1], [1, 2]]>
// XLA: "stablehlo.recv"{{.*}}dense<{{\[\[}}0, 1], [1, 2], [2, 3]]>
// XLA: "stablehlo.collective_permute"(%{{.*}}) {{.*}}dense<{{\[\[}}3, 0]]>
// XLA-NOT: stablehlo.recv

// all-permutes=true: every permute of a loop argument.
// ALL-NOT: more pairs
// ALL-DAG: remark: collective_permute not decomposed: it is not directly in a stablehlo.while body
// ALL-DAG: remark: collective_permute not decomposed: its operand is not a loop argument
// ALL: "stablehlo.recv"{{.*}}dense<{{\[\[}}0, 1], [1, 2]]>
// ALL: "stablehlo.recv"{{.*}}dense<{{\[\[}}0, 1], [1, 2], [2, 3]]>
// ALL: "stablehlo.collective_permute"(%{{.*}}) {{.*}}dense<{{\[\[}}3, 0]]>

// pipeline-parallelism=false: XLA's other level, every acyclic permute of the body.
// LEVEL0: remark: collective_permute not decomposed: it is not directly in a stablehlo.while body
// LEVEL0-NOT: remark
// LEVEL0: "stablehlo.recv"{{.*}}dense<{{\[\[}}0, 1], [1, 2]]>
// LEVEL0: "stablehlo.recv"{{.*}}dense<{{\[\[}}0, 1], [1, 2], [2, 3]]>
// LEVEL0: "stablehlo.recv"{{.*}}dense<{{\[\[}}3, 0]]>
// LEVEL0-NOT: collective_permute
// LEVEL0: stablehlo.return
// LEVEL0: "stablehlo.collective_permute"(%0#2)

// ... with XLA's threshold: the two 16-byte transfers stay.
// LEVEL0MIN-DAG: remark: collective_permute not decomposed: it is not directly in a stablehlo.while body
// LEVEL0MIN-DAG: remark: collective_permute not decomposed: it moves 16 bytes, fewer than min-bytes = 20
// LEVEL0MIN: "stablehlo.recv"{{.*}}dense<{{\[\[}}0, 1], [1, 2]]>
// LEVEL0MIN: "stablehlo.collective_permute"(%iterArg_1) {{.*}}dense<{{\[\[}}0, 1], [1, 2], [2, 3]]>
// LEVEL0MIN: "stablehlo.collective_permute"(%{{.*}}) {{.*}}dense<{{\[\[}}3, 0]]>

// scope=all: hlopt's broader rule, every permute, also outside loops.
// SCOPE-NOT: remark
// SCOPE: "stablehlo.recv"{{.*}}dense<{{\[\[}}0, 1], [1, 2]]>
// SCOPE: "stablehlo.recv"{{.*}}dense<{{\[\[}}0, 1], [1, 2], [2, 3]]>
// SCOPE: "stablehlo.recv"{{.*}}dense<{{\[\[}}3, 0]]>
// SCOPE: "stablehlo.recv"{{.*}}dense<{{\[\[}}1, 2]]>
// SCOPE-NOT: collective_permute
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @body(%x: tensor<8xf32>, %y: tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>) {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %0:3 = stablehlo.while(%i = %c0, %a = %x, %b = %y) : tensor<i32>, tensor<8xf32>, tensor<4xf32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %ra = "stablehlo.collective_permute"(%a) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<8xf32>) -> tensor<8xf32>
      %rb = "stablehlo.collective_permute"(%b) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
      %rc = "stablehlo.collective_permute"(%rb) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, source_target_pairs = dense<[[3, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, %ra, %rc : tensor<i32>, tensor<8xf32>, tensor<4xf32>
    }
    %out = "stablehlo.collective_permute"(%0#2) {channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, source_target_pairs = dense<[[1, 2]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    return %0#1, %out : tensor<8xf32>, tensor<4xf32>
  }
}
