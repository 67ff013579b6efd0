// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute --stablehlo-pipeline-send-recv | filecheck %s
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute --stablehlo-pipeline-send-recv --verify-diagnostics > /dev/null
// RUN: hlopt %S/../../fixtures/stablehlo/pipeline_gspmd.mlir --inline --symbol-dce --stablehlo-decompose-collective-permute --stablehlo-pipeline-send-recv | filecheck %s --check-prefix=JAX

// A ring permute of loop-carried data at the end of the body: x[i+1] = T(tanh(x[i])).
// Rotated: the first tanh is peeled, the loop carries y = tanh(x) and a token,
// the transfer of y comes first in the body, the last one follows the loop.
// CHECK-LABEL: func.func @ring
// CHECK-NEXT:    %c = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT:    %0 = stablehlo.tanh %arg0 : tensor<8xf32>
// CHECK-NEXT:    %c_0 = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT:    %1 = stablehlo.add %c, %c_0 : tensor<i32>
// CHECK-NEXT:    %2 = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT:    %3:3 = stablehlo.while(%iterArg = %1, %iterArg_2 = %0, %iterArg_3 = %2) : tensor<i32>, tensor<8xf32>, !stablehlo.token
// CHECK:         } do {
// CHECK-NEXT:      %11 = "stablehlo.collective_permute"(%iterArg_2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}3, 0]]>
// CHECK-NEXT:      %12 = stablehlo.after_all %iterArg_3 : !stablehlo.token
// CHECK-NEXT:      %13:2 = "stablehlo.recv"(%12) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}"}}
// CHECK-NEXT:      %14 = "stablehlo.send"(%iterArg_2, %12) {{.*}}_xla_send_recv_pipeline = "1"
// CHECK-NEXT:      %15 = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT:      %c_4 = stablehlo.constant dense<0> : tensor<ui32>
// CHECK-NEXT:      %16 = stablehlo.compare EQ, %15, %c_4, UNSIGNED
// CHECK-NEXT:      %17 = stablehlo.select %16, %11, %13#0 : tensor<i1>, tensor<8xf32>
// CHECK-NEXT:      %18 = stablehlo.tanh %17 : tensor<8xf32>
// CHECK-NEXT:      %c_5 = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT:      %19 = stablehlo.add %iterArg, %c_5 : tensor<i32>
// CHECK-NEXT:      stablehlo.return %19, %18, %14 : tensor<i32>, tensor<8xf32>, !stablehlo.token
// CHECK-NEXT:    }
// CHECK-NEXT:    %4 = "stablehlo.collective_permute"(%3#1)
// CHECK-NEXT:    %5 = stablehlo.after_all %3#2 : !stablehlo.token
// CHECK-NEXT:    %6:2 = "stablehlo.recv"(%5)
// CHECK-NEXT:    %7 = "stablehlo.send"(%3#1, %5)
// CHECK-NEXT:    %8 = stablehlo.partition_id
// CHECK-NEXT:    %c_1 = stablehlo.constant dense<0> : tensor<ui32>
// CHECK-NEXT:    %9 = stablehlo.compare EQ, %8, %c_1, UNSIGNED
// CHECK-NEXT:    %10 = stablehlo.select %9, %4, %6#0
// CHECK-NEXT:    return %10 : tensor<8xf32>

// JAX's shard_map pipeline loop (after --inline): rotated the same way.
// JAX:      stablehlo.tanh
// JAX:      stablehlo.after_all  : !stablehlo.token
// JAX-NEXT: stablehlo.while({{.*}}) : tensor<i32>, tensor<1x4x16xf32>, tensor<16x16xf32>, tensor<i32>, tensor<4x16xf32>, tensor<1x4x16xf32>, !stablehlo.token
// JAX:      } do {
// JAX-NEXT:   "stablehlo.collective_permute"
// JAX-NEXT:   stablehlo.after_all %iterArg
// JAX-NEXT:   "stablehlo.recv"{{.*}}_xla_send_recv_pipeline = "1"
// JAX-NEXT:   "stablehlo.send"{{.*}}_xla_send_recv_pipeline = "1"
// JAX:        stablehlo.dot_general
// JAX:        stablehlo.return
// JAX-NEXT: }
// JAX-NEXT: "stablehlo.collective_permute"
// JAX-NEXT: stablehlo.after_all %{{[0-9]+}}#6
// JAX-NEXT: "stablehlo.recv"
// JAX-NEXT: "stablehlo.send"
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @ring(%x: tensor<8xf32>) -> tensor<8xf32> {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %0:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<8xf32>
    cond {
      %n = stablehlo.constant dense<5> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %y = stablehlo.tanh %a : tensor<8xf32>
      %r = "stablehlo.collective_permute"(%y) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>} : (tensor<8xf32>) -> tensor<8xf32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, %r : tensor<i32>, tensor<8xf32>
    }
    return %0#1 : tensor<8xf32>
  }
}

// -----

// The trip count is not known: peeling the first iteration could run it when the loop would not.
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @unknown_trips(%x: tensor<8xf32>, %n: tensor<i32>) -> tensor<8xf32> {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    // expected-remark@+1 {{loop not pipelined: it is not known to run at least once}}
    %0:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<8xf32>
    cond {
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %y = stablehlo.tanh %a : tensor<8xf32>
      %r = "stablehlo.collective_permute"(%y) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<8xf32>) -> tensor<8xf32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, %r : tensor<i32>, tensor<8xf32>
    }
    return %0#1 : tensor<8xf32>
  }
}

// -----

// Already XLA's pipelined shape (the sent value is a loop argument): only marked.
// CHECK-LABEL: func.func @sends_loop_argument
// CHECK:         do {
// CHECK-NEXT:      stablehlo.after_all
// CHECK-NEXT:      "stablehlo.recv"{{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs
// CHECK-NEXT:      "stablehlo.send"(%iterArg_0, {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @sends_loop_argument(%x: tensor<8xf32>) -> tensor<8xf32> {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %0:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<8xf32>
    cond {
      %n = stablehlo.constant dense<5> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %r = "stablehlo.collective_permute"(%a) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<8xf32>) -> tensor<8xf32>
      %y = stablehlo.tanh %r : tensor<8xf32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, %y : tensor<i32>, tensor<8xf32>
    }
    return %0#1 : tensor<8xf32>
  }
}

// -----

// The condition reads the permuted value, which the rotated loop no longer carries.
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @cond_reads(%x: tensor<f32>) -> tensor<f32> {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    // expected-remark@+1 {{loop not pipelined: its condition reads the permuted value}}
    %0:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<f32>
    cond {
      %n = stablehlo.constant dense<5> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %z = stablehlo.constant dense<0.0> : tensor<f32>
      %q = stablehlo.compare GT, %a, %z, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %b = stablehlo.and %p, %q : tensor<i1>
      stablehlo.return %b : tensor<i1>
    } do {
      %y = stablehlo.tanh %a : tensor<f32>
      %r = "stablehlo.collective_permute"(%y) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<f32>) -> tensor<f32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, %r : tensor<i32>, tensor<f32>
    }
    return %0#1 : tensor<f32>
  }
}
