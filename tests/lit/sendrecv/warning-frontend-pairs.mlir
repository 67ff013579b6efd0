// A warning does not fail the run: the module is printed and hlopt exits 0.
// The verifier runs again after each pass; the warning is reported once.
// RUN: hlopt %s --canonicalize --cse 2>&1 | filecheck %s

// CHECK: warning-frontend-pairs.mlir:10:10: warning: source_target_pairs {{.+}}0,1{{.+}} disagree with mhlo.frontend_attributes _xla_send_recv_source_target_pairs = "{{.+}}1,0{{.+}}": XLA uses the frontend attribute
// CHECK-NOT: warning:
// CHECK: func.func @f
// CHECK: "stablehlo.send"
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token) -> !stablehlo.token {
    %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>, mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{1,0}}"}} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
    return %0 : !stablehlo.token
}
