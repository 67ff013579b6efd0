// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute=scope=all --stablehlo-pipeline-send-recv=backedge-send-recv=true | filecheck %s
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute=scope=all --stablehlo-pipeline-send-recv=backedge-send-recv=true --verify-diagnostics > /dev/null
// A pipelined loop is left alone by a second run:
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute=scope=all --stablehlo-pipeline-send-recv=backedge-send-recv=true --stablehlo-pipeline-send-recv=backedge-send-recv=true 2>/dev/null | filecheck %s
// RUN: hlopt %S/../../fixtures/stablehlo/pipeline_gspmd.mlir --inline --symbol-dce --stablehlo-decompose-collective-permute=scope=all --stablehlo-pipeline-send-recv=backedge-send-recv=true | filecheck %s --check-prefix=JAX

// A ring permute of loop-carried data at the end of the body: x[i+1] = T(tanh(x[i])).
// The transfer of iteration i already feeds iteration i+1, so the first
// iteration is peeled with its transfer: the backward edge {3,0} as XLA's
// group "0", the forward edges as group "1". The loop carries the in-flight
// value (in x's slot) and one token per group; in the body each group waits
// for its previous send, and nothing follows the loop: the last iteration's
// transfer is the loop's result.
// CHECK-LABEL: func.func @ring
// CHECK-NEXT:    %c = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT:    %0 = stablehlo.tanh %arg0 : tensor<8xf32>
// CHECK-NEXT:    %1 = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT:    %2:2 = "stablehlo.recv"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}3, 0]]> : tensor<1x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}3,0}}"}}
// CHECK-NEXT:    %3 = "stablehlo.send"(%0, %1) {{.*}}_xla_send_recv_pipeline = "0"
// CHECK-NEXT:    %4 = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT:    %5:2 = "stablehlo.recv"(%4) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}"}}
// CHECK-NEXT:    %6 = "stablehlo.send"(%0, %4) {{.*}}_xla_send_recv_pipeline = "1"
// CHECK-NEXT:    %7 = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT:    %c_0 = stablehlo.constant dense<0> : tensor<ui32>
// CHECK-NEXT:    %8 = stablehlo.compare EQ, %7, %c_0, UNSIGNED
// CHECK-NEXT:    %9 = stablehlo.select %8, %2#0, %5#0 : tensor<i1>, tensor<8xf32>
// CHECK-NEXT:    %c_1 = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT:    %10 = stablehlo.add %c, %c_1 : tensor<i32>
// CHECK-NEXT:    %11:4 = stablehlo.while(%iterArg = %10, %iterArg_2 = %9, %iterArg_3 = %3, %iterArg_4 = %6) : tensor<i32>, tensor<8xf32>, !stablehlo.token, !stablehlo.token
// CHECK:         } do {
// CHECK-NEXT:      %12 = stablehlo.tanh %iterArg_2 : tensor<8xf32>
// CHECK-NEXT:      %13 = stablehlo.after_all %iterArg_3 : !stablehlo.token
// CHECK-NEXT:      %14:2 = "stablehlo.recv"(%13) {{.*}}source_target_pairs = dense<{{\[\[}}3, 0]]> {{.*}}_xla_send_recv_pipeline = "0"
// CHECK-NEXT:      %15 = "stablehlo.send"(%12, %13) {{.*}}_xla_send_recv_pipeline = "0"
// CHECK-NEXT:      %16 = stablehlo.after_all %iterArg_4 : !stablehlo.token
// CHECK-NEXT:      %17:2 = "stablehlo.recv"(%16) {{.*}}_xla_send_recv_pipeline = "1"
// CHECK-NEXT:      %18 = "stablehlo.send"(%12, %16) {{.*}}_xla_send_recv_pipeline = "1"
// CHECK-NEXT:      %19 = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT:      %c_5 = stablehlo.constant dense<0> : tensor<ui32>
// CHECK-NEXT:      %20 = stablehlo.compare EQ, %19, %c_5, UNSIGNED
// CHECK-NEXT:      %21 = stablehlo.select %20, %14#0, %17#0 : tensor<i1>, tensor<8xf32>
// CHECK-NEXT:      %c_6 = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT:      %22 = stablehlo.add %iterArg, %c_6 : tensor<i32>
// CHECK-NEXT:      stablehlo.return %22, %21, %15, %18 : tensor<i32>, tensor<8xf32>, !stablehlo.token, !stablehlo.token
// CHECK-NEXT:    }
// CHECK-NEXT:    return %11#1 : tensor<8xf32>

// JAX's shard_map pipeline loop (after --inline): the first iteration with
// its two transfer groups is peeled; in the body the next transfer is issued
// right after tanh, before the rest of the iteration's compute (the
// dynamic_update_slice of the outputs).
// JAX:      %[[Y0:.*]] = stablehlo.tanh
// JAX-NEXT: %[[T0:.*]] = stablehlo.after_all  : !stablehlo.token
// JAX-NEXT: "stablehlo.recv"(%[[T0]]) {{.*}}_xla_send_recv_pipeline = "0"
// JAX-NEXT: %[[S0:.*]] = "stablehlo.send"(%[[Y0]], %[[T0]]) {{.*}}_xla_send_recv_pipeline = "0"
// JAX-NEXT: %[[T1:.*]] = stablehlo.after_all  : !stablehlo.token
// JAX-NEXT: "stablehlo.recv"(%[[T1]]) {{.*}}_xla_send_recv_pipeline = "1"
// JAX-NEXT: %[[S1:.*]] = "stablehlo.send"(%[[Y0]], %[[T1]]) {{.*}}_xla_send_recv_pipeline = "1"
// JAX:      %[[X1:.*]] = stablehlo.select
// JAX:      stablehlo.while({{.*}}, %[[X:.*]] = %[[X1]], {{.*}}, %[[A0:.*]] = %[[S0]], %[[A1:.*]] = %[[S1]]) : tensor<i32>, tensor<1x4x16xf32>, tensor<16x16xf32>, tensor<i32>, tensor<4x16xf32>, tensor<1x4x16xf32>, !stablehlo.token, !stablehlo.token
// JAX:      } do {
// JAX:        stablehlo.select %{{.*}}, %{{.*}}, %[[X]]
// JAX:        %[[Y:.*]] = stablehlo.tanh
// JAX-NEXT:   stablehlo.after_all %[[A0]]
// JAX-NEXT:   "stablehlo.recv"{{.*}}_xla_send_recv_pipeline = "0"
// JAX-NEXT:   %[[S2:.*]] = "stablehlo.send"(%[[Y]], {{.*}}_xla_send_recv_pipeline = "0"
// JAX-NEXT:   stablehlo.after_all %[[A1]]
// JAX-NEXT:   "stablehlo.recv"{{.*}}_xla_send_recv_pipeline = "1"
// JAX-NEXT:   %[[S3:.*]] = "stablehlo.send"(%[[Y]], {{.*}}_xla_send_recv_pipeline = "1"
// JAX:        %[[X2:.*]] = stablehlo.select
// JAX-NEXT:   stablehlo.broadcast_in_dim %[[Y]]
// JAX-NEXT:   stablehlo.dynamic_update_slice
// JAX:        stablehlo.return {{.*}}, %[[X2]], {{.*}}, %[[S2]], %[[S3]] :
// JAX-NEXT: }
// JAX-NOT:  stablehlo.recv
// JAX-NOT:  stablehlo.send
// JAX:      return
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

// XLA's pipelineable form (the sent value is a loop argument, the received one
// feeds this iteration's compute): the first transfer is peeled; the loop
// carries its received value and token; each iteration reads the value in
// flight and issues the next iteration's transfer on the value it passes on.
// The transfer the last iteration issues is for an iteration that does not
// run: validation bounds keep every pair to iterations 0..3 of 5.
// CHECK-LABEL: func.func @sends_loop_argument
// CHECK-NEXT:    %c = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT:    %0 = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT:    %1:2 = "stablehlo.recv"(%0) {{.*}} {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2}}"}}
// CHECK-NEXT:    %2 = "stablehlo.send"(%arg0, %0) {{.*}} {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2}}"}}
// CHECK-NEXT:    %3:4 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0, %iterArg_1 = %1#0, %iterArg_2 = %2) : tensor<i32>, tensor<8xf32>, tensor<8xf32>, !stablehlo.token
// CHECK:         } do {
// CHECK-NEXT:      %4 = stablehlo.tanh %iterArg_1 : tensor<8xf32>
// CHECK-NEXT:      %5 = stablehlo.after_all %iterArg_2 : !stablehlo.token
// CHECK-NEXT:      %6:2 = "stablehlo.recv"(%5) {{.*}} {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2}}", _xla_send_recv_validation = "{{[{][{]}}0,3},{0,3}}"}}
// CHECK-NEXT:      %7 = "stablehlo.send"(%4, %5) {{.*}} {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2}}", _xla_send_recv_validation = "{{[{][{]}}0,3},{0,3}}"}}
// CHECK-NEXT:      %c_3 = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT:      %8 = stablehlo.add %iterArg, %c_3 : tensor<i32>
// CHECK-NEXT:      stablehlo.return %8, %4, %6#0, %7 : tensor<i32>, tensor<8xf32>, tensor<8xf32>, !stablehlo.token
// CHECK-NEXT:    }
// CHECK-NEXT:    return %3#1 : tensor<8xf32>
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

// A loop marked as a pipeline loop (is_pipelined_while_loop, 10 iterations,
// step 1) gets XLA's validation bounds on its ring before the split: pair i is
// live in iterations {i, i + 10 - 4}. Pipelining rewrites them as XLA's P2P
// pipeliner does: the peeled copy keeps the pairs live in iteration 0 ({1,0}
// is empty; all empty is "invalid"), the copy in the loop shifts by one.
// CHECK-LABEL: func.func @marked_loop
// CHECK:         "stablehlo.recv"{{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}3,0}}", _xla_send_recv_validation = "invalid"}}
// CHECK-NEXT:    "stablehlo.send"{{.*}}_xla_send_recv_validation = "invalid"
// CHECK:         "stablehlo.recv"{{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}", _xla_send_recv_validation = "{{[{][{]}}0,0},{1,0},{1,0}}"}}
// CHECK-NEXT:    "stablehlo.send"{{.*}}_xla_send_recv_validation = "{{[{][{]}}0,0},{1,0},{1,0}}"
// CHECK:         stablehlo.while
// CHECK-SAME:      attributes {mhlo.frontend_attributes = {is_pipelined_while_loop = "true"}}
// CHECK:         } do {
// CHECK:           "stablehlo.recv"{{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}3,0}}", _xla_send_recv_validation = "{{[{][{]}}2,8}}"}}
// CHECK-NEXT:      "stablehlo.send"{{.*}}_xla_send_recv_validation = "{{[{][{]}}2,8}}"
// CHECK:           "stablehlo.recv"{{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}", _xla_send_recv_validation = "{{[{][{]}}0,5},{0,6},{1,7}}"}}
// CHECK-NEXT:      "stablehlo.send"{{.*}}_xla_send_recv_validation = "{{[{][{]}}0,5},{0,6},{1,7}}"
// CHECK:           stablehlo.return
// CHECK-NEXT:    }
// CHECK-NEXT:    return
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @marked_loop(%x: tensor<8xf32>) -> tensor<8xf32> {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %0:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<8xf32> attributes {mhlo.frontend_attributes = {is_pipelined_while_loop = "true"}}
    cond {
      %n = stablehlo.constant dense<10> : tensor<i32>
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

// A ring shift (x[i+1] = T(x[i]) while the compute reads x[i], as a collective
// matmul does): the value passed on is the received one, so the next
// iteration's transfer goes to the top of the body, on the value in flight,
// and all of the iteration's compute overlaps it.
// CHECK-LABEL: func.func @ring_shift
// CHECK-NEXT:    %c = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT:    %0 = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT:    %1:2 = "stablehlo.recv"(%0) {{.*}}_xla_send_recv_pipeline = "0"
// CHECK-NEXT:    %2 = "stablehlo.send"(%arg0, %0) {{.*}}_xla_send_recv_pipeline = "0"
// CHECK-NEXT:    %3 = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT:    %4:2 = "stablehlo.recv"(%3) {{.*}}_xla_send_recv_pipeline = "1"
// CHECK-NEXT:    %5 = "stablehlo.send"(%arg0, %3) {{.*}}_xla_send_recv_pipeline = "1"
// CHECK:         %8 = stablehlo.select %7, %1#0, %4#0 : tensor<i1>, tensor<8xf32>
// CHECK-NEXT:    %9:6 = stablehlo.while(%iterArg = %c, %iterArg_1 = %arg0, %iterArg_2 = %arg1, %iterArg_3 = %8, %iterArg_4 = %2, %iterArg_5 = %5) : tensor<i32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, !stablehlo.token, !stablehlo.token
// CHECK:         } do {
// CHECK-NEXT:      %10 = stablehlo.after_all %iterArg_4 : !stablehlo.token
// CHECK-NEXT:      %11:2 = "stablehlo.recv"(%10) {{.*}}_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}3,0}}", _xla_send_recv_validation = "{{[{][{]}}0,2}}"}}
// CHECK-NEXT:      %12 = "stablehlo.send"(%iterArg_3, %10)
// CHECK-NEXT:      %13 = stablehlo.after_all %iterArg_5 : !stablehlo.token
// CHECK-NEXT:      %14:2 = "stablehlo.recv"(%13) {{.*}}_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}", _xla_send_recv_validation = "{{[{][{]}}0,2},{0,2},{0,2}}"}}
// CHECK-NEXT:      %15 = "stablehlo.send"(%iterArg_3, %13)
// CHECK:           %18 = stablehlo.select %17, %11#0, %14#0 : tensor<i1>, tensor<8xf32>
// CHECK-NEXT:      %19 = stablehlo.multiply %iterArg_1, %iterArg_2 : tensor<8xf32>
// CHECK-NEXT:      %20 = stablehlo.tanh %19 : tensor<8xf32>
// CHECK:           stablehlo.return %21, %iterArg_3, %20, %18, %12, %15 : tensor<i32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, !stablehlo.token, !stablehlo.token
// CHECK-NEXT:    }
// CHECK-NEXT:    return %9#2 : tensor<8xf32>
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @ring_shift(%x: tensor<8xf32>, %z: tensor<8xf32>) -> tensor<8xf32> {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %0:3 = stablehlo.while(%i = %c0, %a = %x, %acc = %z) : tensor<i32>, tensor<8xf32>, tensor<8xf32>
    cond {
      %n = stablehlo.constant dense<4> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %m = stablehlo.multiply %a, %acc : tensor<8xf32>
      %s = stablehlo.tanh %m : tensor<8xf32>
      %r = "stablehlo.collective_permute"(%a) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>} : (tensor<8xf32>) -> tensor<8xf32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, %r, %s : tensor<i32>, tensor<8xf32>, tensor<8xf32>
    }
    return %0#2 : tensor<8xf32>
  }
}

// -----

// One iteration: it is peeled whole with its transfer, and the loop runs none.
// CHECK-LABEL: func.func @one_trip
// CHECK-NEXT:    %c = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT:    %0 = stablehlo.tanh %arg0 : tensor<8xf32>
// CHECK-NEXT:    %1 = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT:    %2:2 = "stablehlo.recv"(%1)
// CHECK-NEXT:    %3 = "stablehlo.send"(%0, %1)
// CHECK-NEXT:    %c_0 = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT:    %4 = stablehlo.add %c, %c_0 : tensor<i32>
// CHECK-NEXT:    %5:3 = stablehlo.while(%iterArg = %4, %iterArg_1 = %2#0, %iterArg_2 = %3) : tensor<i32>, tensor<8xf32>, !stablehlo.token
// CHECK:           stablehlo.return %10, %8#0, %9 : tensor<i32>, tensor<8xf32>, !stablehlo.token
// CHECK:         return %5#1 : tensor<8xf32>
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @one_trip(%x: tensor<8xf32>) -> tensor<8xf32> {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %0:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<8xf32>
    cond {
      %n = stablehlo.constant dense<1> : tensor<i32>
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

// The received value feeds this iteration's compute, whose result is sent:
// no iteration can issue the next one's transfer.
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @received_and_sent_in_one_iteration(%x: tensor<8xf32>) -> tensor<8xf32> {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    // expected-remark@+1 {{loop not pipelined: the received value is neither used in the body nor only passed to the next iteration}}
    %0:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<8xf32>
    cond {
      %n = stablehlo.constant dense<4> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %y = stablehlo.tanh %a : tensor<8xf32>
      %r = "stablehlo.collective_permute"(%y) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<8xf32>) -> tensor<8xf32>
      %z = stablehlo.add %r, %y : tensor<8xf32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, %z : tensor<i32>, tensor<8xf32>
    }
    return %0#1 : tensor<8xf32>
  }
}
