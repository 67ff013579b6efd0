// JAX's fori_loop export calls its body (issue 23, item 3): the transfer sits
// in a private function the while body calls. XLA inlines calls before its
// decomposer and pipeliner; so do both passes (inline-calls, default true):
// the export as it comes is decomposed and pipelined, and the private
// function, left without calls, is erased. With inline-calls=false each pass
// says why it left the loop, naming the function, and the pipelining counts
// the loop as skipped.
// RUN: hlopt %s --stablehlo-decompose-collective-permute --stablehlo-pipeline-send-recv --mlir-pass-statistics --check-semantics 2>&1 | filecheck %s
// RUN: hlopt %s --stablehlo-decompose-collective-permute=inline-calls=false --verify-diagnostics -o /dev/null
// RUN: hlopt %s --stablehlo-decompose-collective-permute="scope=all" --stablehlo-pipeline-send-recv=inline-calls=false --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=SKIP
// RUN: hlopt %s --inline --stablehlo-decompose-collective-permute=inline-calls=false --stablehlo-pipeline-send-recv=inline-calls=false --mlir-pass-statistics 2>&1 | filecheck %s --check-prefix=INLINED

// CHECK: DecomposeCollectivePermute
// CHECK-NEXT: (S) 1 calls-inlined
// CHECK-NEXT: (S) 1 decomposed
// CHECK: PipelineSendRecv
// CHECK-NEXT: (S) 1 peeled
// CHECK-NEXT: (S) 1 pipelined
// CHECK-NOT: skipped
// CHECK: stablehlo.while({{.*}}) : tensor<i32>, tensor<4xf32>, tensor<4xf32>, !stablehlo.token
// CHECK: "stablehlo.recv"{{.*}}_xla_send_recv_pipeline = "0"
// CHECK-NOT: func.call
// CHECK-NOT: @step

// SKIP: PipelineSendRecv
// SKIP-NEXT: (S) 1 skipped - while loops with transfers not pipelined (each with a remark)
// SKIP: remark: loop not pipelined: its transfers are in @step, which the body calls (run --inline first, or inline-calls=true)

// --inline does the same.
// INLINED: PipelineSendRecv
// INLINED-NEXT: (S) 1 peeled
// INLINED-NEXT: (S) 1 pipelined
// INLINED-NOT: skipped
// INLINED: stablehlo.while({{.*}}) : tensor<i32>, tensor<4xf32>, tensor<4xf32>, !stablehlo.token
// INLINED: "stablehlo.recv"{{.*}}_xla_send_recv_pipeline = "0"
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func public @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %0:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<4xf32>
    cond {
      %n = stablehlo.constant dense<3> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %r = func.call @step(%a) : (tensor<4xf32>) -> tensor<4xf32>
      %y = stablehlo.add %r, %a : tensor<4xf32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, %y : tensor<i32>, tensor<4xf32>
    }
    return %0#1 : tensor<4xf32>
  }
  func.func private @step(%s: tensor<4xf32>) -> tensor<4xf32> {
    // expected-remark@+1 {{collective_permute not decomposed: it is in @step, which a while body calls; XLA decomposes only permutes directly in a while body (run --inline first, or inline-calls=true)}}
    %q = "stablehlo.collective_permute"(%s) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    return %q : tensor<4xf32>
  }
}
