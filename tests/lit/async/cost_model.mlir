// The cost model's control-flow rules, with numbers computed by hand. Units
// chosen so a byte costs 1 ns: memory and link bandwidth 1 GB/s, compute
// peak too high to matter, 1 us per collective. So: compare of two i32 into
// i1 = 9 ns, add of i32 = 12 ns, negate of tensor<4xf32> = 32 ns,
// collective_permute of tensor<4xf32> = 1000 + 16 = 1016 ns.
// RUN: hlopt %s --stablehlo-async-collectives '--async-schedule=peak-tflops=1e9 memory-bandwidth-gbps=1 link-bandwidth-gbps=1 link-latency-us=1' --mlir-pass-statistics 2>&1 >/dev/null | filecheck %s
// RUN: hlopt %s --stablehlo-async-collectives '--async-schedule=peak-tflops=1e9 memory-bandwidth-gbps=1 link-bandwidth-gbps=1 link-latency-us=1 default-trip-count=3' --mlir-pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=TRIPS
// RUN: hlopt %s --stablehlo-async-collectives --async-schedule --verify-diagnostics > /dev/null

// A counted loop (JAX's counter: start 0, step 1, i < 5) costs 5 x (condition
// + body) + the last condition. Before: 5 x (9 + 12 + 1016 + 32) + 9; after,
// the permute overlaps the add and the negate in every iteration:
// 5 x (9 + 1016) + 9; exposed 5 x 1016, then 5 x (1016 - 12 - 32).
// CHECK-DAG: 5134 @counted step-time-after-ns
// CHECK-DAG: 5354 @counted step-time-before-ns
// CHECK-DAG: 5080 @counted exposed-comm-before-ns
// CHECK-DAG: 4860 @counted exposed-comm-after-ns
func.func @counted(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:3 = stablehlo.while(%i = %c0, %a = %x, %b = %y) : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  cond {
    %n = stablehlo.constant dense<5> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %p = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    %n = stablehlo.negate %b : tensor<4xf32>
    stablehlo.return %j, %p, %n : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// fori_loop with traced bounds keeps the bound in the carry, unchanged by the
// body: trip count 4 from its initial value. 4 x 1069 + 9 before.
// CHECK-DAG: 4285 @carried_bound step-time-before-ns
func.func @carried_bound(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %r:4 = stablehlo.while(%i = %c0, %ub = %c4, %a = %x, %b = %y) : tensor<i32>, tensor<i32>, tensor<4xf32>, tensor<4xf32>
  cond {
    %p = stablehlo.compare LT, %i, %ub, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %p = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    %n = stablehlo.negate %b : tensor<4xf32>
    stablehlo.return %j, %ub, %p, %n : tensor<i32>, tensor<i32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#2 : tensor<4xf32>
}

// An unknown trip count (the bound is an argument) costs default-trip-count
// iterations (1 unless set; 3 in the TRIPS run) and gets a remark.
// CHECK-DAG: 1078 @unknown step-time-before-ns
// TRIPS-DAG: 3216 @unknown step-time-before-ns
func.func @unknown(%x: tensor<4xf32>, %y: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  // expected-remark@+1 {{trip count of this loop is unknown: the cost model assumes 1 iteration(s) (option 'default-trip-count')}}
  %r:3 = stablehlo.while(%i = %c0, %a = %x, %b = %y) : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %p = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    %m = stablehlo.negate %b : tensor<4xf32>
    stablehlo.return %j, %p, %m : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// case and if cost their most expensive branch (two negates: 64 ns), here
// overlapped with a permute they do not depend on: 1016 + 64 before, 1016 after.
// CHECK-DAG: 1080 @worst_case step-time-before-ns
// CHECK-DAG: 1016 @worst_case step-time-after-ns
// CHECK-DAG: 952 @worst_case exposed-comm-after-ns
// CHECK-DAG: 1080 @worst_if step-time-before-ns
// CHECK-DAG: 1016 @worst_if step-time-after-ns
func.func @worst_case(%x: tensor<4xf32>, %k: tensor<i32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %p = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %r = "stablehlo.case"(%k) ({
    stablehlo.return %x : tensor<4xf32>
  }, {
    %0 = stablehlo.negate %x : tensor<4xf32>
    %1 = stablehlo.negate %0 : tensor<4xf32>
    stablehlo.return %1 : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<4xf32>
  return %p, %r : tensor<4xf32>, tensor<4xf32>
}
func.func @worst_if(%x: tensor<4xf32>, %c: tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>) {
  %p = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %r = "stablehlo.if"(%c) ({
    %0 = stablehlo.negate %x : tensor<4xf32>
    %1 = stablehlo.negate %0 : tensor<4xf32>
    stablehlo.return %1 : tensor<4xf32>
  }, {
    stablehlo.return %x : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %p, %r : tensor<4xf32>, tensor<4xf32>
}

// A call costs its callee, simulated in place (1016 + 32 before); the call
// reaches communication, so it is inlined and the permute overlaps the
// caller's negate: 1016 after.
// CHECK-DAG: 1048 @caller step-time-before-ns
// CHECK-DAG: 1016 @caller step-time-after-ns
// CHECK-DAG: 1 num-inlined-calls
func.func @caller(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %p = func.call @shift(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %n = stablehlo.negate %y : tensor<4xf32>
  return %p, %n : tensor<4xf32>, tensor<4xf32>
}
func.func private @shift(%x: tensor<4xf32>) -> tensor<4xf32> {
  %p = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return %p : tensor<4xf32>
}

// After canonicalization the bound may be a constant outside the loop: the
// same 5 iterations as @counted.
// CHECK-DAG: 5354 @hoisted step-time-before-ns
func.func @hoisted(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c5 = stablehlo.constant dense<5> : tensor<i32>
  %r:3 = stablehlo.while(%i = %c0, %a = %x, %b = %y) : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  cond {
    %p = stablehlo.compare LT, %i, %c5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %j = stablehlo.add %i, %c1 : tensor<i32>
    %p = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    %n = stablehlo.negate %b : tensor<4xf32>
    stablehlo.return %j, %p, %n : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}
