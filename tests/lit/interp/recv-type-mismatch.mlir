// A recv whose declared type is not what its send sends: MLIR's verifier
// cannot see it (send and recv are separate ops), so the interpreter reports
// it at the recv, in hlopt-run and under --check-semantics alike.
// RUN: not hlopt-run %s 2>&1 | filecheck %s --check-prefix=INTERP
// RUN: not hlopt %s --check-semantics --cse 2>&1 | filecheck %s --check-prefix=SEM
// RUN: not hlopt-run %s --entry count 2>&1 | filecheck %s --check-prefix=COUNT
// RUN: hlopt %s --verify-each | filecheck %s --check-prefix=VALID

// INTERP-NOT: internal error
// INTERP: recv-type-mismatch.mlir:[[# @LINE + 7]]:12: error: 'stablehlo.recv' result 0 is 'tensor<3xf32>', but partition 0 sent a 2 float32 value
// SEM: recv-type-mismatch.mlir:[[# @LINE + 6]]:12: error: cannot check semantics: the input program does not run: 'stablehlo.recv' result 0 is 'tensor<3xf32>', but partition 0 sent a 2 float32 value
// VALID: func.func @main
module attributes {mhlo.num_partitions = 2 : i32} {
  func.func @main(%a: tensor<2xf32>) -> tensor<3xf32> {
    %tok = stablehlo.after_all : !stablehlo.token
    %t1 = "stablehlo.send"(%a, %tok) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
    %r:2 = "stablehlo.recv"(%t1) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (!stablehlo.token) -> (tensor<3xf32>, !stablehlo.token)
    %s = stablehlo.add %r#0, %r#0 : tensor<3xf32>
    return %s : tensor<3xf32>
  }

  // COUNT: recv-type-mismatch.mlir:[[# @LINE + 4]]:12: error: 'stablehlo.recv' returns 2 value(s), but partition 0 sent 1
  func.func @count(%a: tensor<2xf32>) -> tensor<2xf32> {
    %tok = stablehlo.after_all : !stablehlo.token
    %t1 = "stablehlo.send"(%a, %tok) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
    %r:3 = "stablehlo.recv"(%t1) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (!stablehlo.token) -> (tensor<2xf32>, tensor<2xf32>, !stablehlo.token)
    return %r#1 : tensor<2xf32>
  }
}
