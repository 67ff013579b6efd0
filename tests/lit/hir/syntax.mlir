// Every hir op's custom form prints back as written; the generic form
// parses back to the same custom form.
// RUN: hlopt %s | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s | hlopt | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK:#sharding = #hir.sharding<[stream, serial]>
// CHECK-NEXT:#sharding1 = #hir.sharding<[serial, didx], mesh = [0, 1]>
// CHECK-NEXT:#sharding2 = #hir.sharding<[serial, serial], mesh = [0, 1]>
// CHECK-NEXT:#sharding3 = #hir.sharding<[serial], mesh = [0, 1]>
#s = #hir.sharding<[stream, serial]>
#d = #hir.sharding<[serial, didx], mesh = [0, 1]>
#r = #hir.sharding<[serial, serial], mesh = [0, 1]>

// CHECK-LABEL:  func.func @kernel(%arg0: tensor<4x8xf32>, %arg1: tensor<8x2xf32>) -> (tensor<4x8xf32, #sharding>, tensor<4xf32>) {
// CHECK-NEXT:    %0 = hir.set %arg0 : tensor<4x8xf32> -> tensor<4x8xf32, #sharding>
// CHECK-NEXT:    %1 = hir.abs %arg0 : tensor<4x8xf32> -> tensor<4x8xf32>
// CHECK-NEXT:    %2 = hir.neg %1 : tensor<4x8xf32> -> tensor<4x8xf32>
// CHECK-NEXT:    %3 = hir.exp %2 : tensor<4x8xf32> -> tensor<4x8xf32>
// CHECK-NEXT:    %4 = hir.add %arg0, %0 : (tensor<4x8xf32>, tensor<4x8xf32, #sharding>) -> tensor<4x8xf32, #sharding>
// CHECK-NEXT:    %5 = hir.sub %3, %2 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %6 = hir.mul %5, %5 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %7 = hir.div %6, %5 {note = "x"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %8 = hir.sum %7 dims = [1] : tensor<4x8xf32> -> tensor<4xf32>
// CHECK-NEXT:    %9 = hir.max %7 dims = [0, 1] : tensor<4x8xf32> -> tensor<f32>
// CHECK-NEXT:    %10 = hir.min %7 dims = [] : tensor<4x8xf32> -> tensor<4x8xf32>
// CHECK-NEXT:    %11 = hir.matmul %10, %arg1 : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT:    %12:2 = hir.kernel(%arg2 = %arg0, %arg3 = %0) : (tensor<4x8xf32>, tensor<4x8xf32, #sharding>) -> (tensor<4x8xf32, #sharding>, tensor<4xf32>) attributes {segment = 0 : i64} {
// CHECK-NEXT:      %13 = hir.mul %arg2, %arg3 : (tensor<4x8xf32>, tensor<4x8xf32, #sharding>) -> tensor<4x8xf32, #sharding>
// CHECK-NEXT:      %14 = hir.sum %arg2 dims = [1] : tensor<4x8xf32> -> tensor<4xf32>
// CHECK-NEXT:      hir.yield %13, %14 : tensor<4x8xf32, #sharding>, tensor<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %12#0, %12#1 : tensor<4x8xf32, #sharding>, tensor<4xf32>
// CHECK-NEXT:  }
// GENERIC-LABEL: "func.func"
// GENERIC: "hir.sum"(%{{.*}}) <{dims = array<i64: 1>}> : (tensor<4x8xf32>) -> tensor<4xf32>
// GENERIC: "hir.kernel"(%{{.*}}, %{{.*}}) ({
// GENERIC-NEXT: ^bb0(%{{.*}}: tensor<4x8xf32>, %{{.*}}: tensor<4x8xf32, #sharding>):
// GENERIC: "hir.yield"(%{{.*}}, %{{.*}}) : (tensor<4x8xf32, #sharding>, tensor<4xf32>) -> ()
// GENERIC-NEXT: }) {segment = 0 : i64} : (tensor<4x8xf32>, tensor<4x8xf32, #sharding>) -> (tensor<4x8xf32, #sharding>, tensor<4xf32>)
func.func @kernel(%a: tensor<4x8xf32>, %w: tensor<8x2xf32>) -> (tensor<4x8xf32, #s>, tensor<4xf32>) {
  %0 = hir.set %a : tensor<4x8xf32> -> tensor<4x8xf32, #s>
  %1 = hir.abs %a : tensor<4x8xf32> -> tensor<4x8xf32>
  %2 = hir.neg %1 : tensor<4x8xf32> -> tensor<4x8xf32>
  %3 = hir.exp %2 : tensor<4x8xf32> -> tensor<4x8xf32>
  %4 = hir.add %a, %0 : (tensor<4x8xf32>, tensor<4x8xf32, #s>) -> tensor<4x8xf32, #s>
  %5 = hir.sub %3, %2 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %6 = hir.mul %5, %5 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %7 = hir.div %6, %5 {note = "x"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %8 = hir.sum %7 dims = [1] : tensor<4x8xf32> -> tensor<4xf32>
  %9 = hir.max %7 dims = [0, 1] : tensor<4x8xf32> -> tensor<f32>
  %10 = hir.min %7 dims = [] : tensor<4x8xf32> -> tensor<4x8xf32>
  %11 = hir.matmul %10, %w : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  %k:2 = hir.kernel(%x = %a, %y = %0) : (tensor<4x8xf32>, tensor<4x8xf32, #s>) -> (tensor<4x8xf32, #s>, tensor<4xf32>) attributes {segment = 0} {
    %m = hir.mul %x, %y : (tensor<4x8xf32>, tensor<4x8xf32, #s>) -> tensor<4x8xf32, #s>
    %r = hir.sum %x dims = [1] : tensor<4x8xf32> -> tensor<4xf32>
    hir.yield %m, %r : tensor<4x8xf32, #s>, tensor<4xf32>
  }
  return %k#0, %k#1 : tensor<4x8xf32, #s>, tensor<4xf32>
}

// CHECK-LABEL:  func.func private @k(%arg0: tensor<4x8xf32, #sharding1>) -> tensor<4x8xf32, #sharding1> {
// CHECK-LABEL:  func.func @host(%arg0: tensor<4x8xf32, #sharding1>) -> tensor<4x8xf32, #sharding2> {
// CHECK-NEXT:    %0 = hir.post_on_stream @k(%arg0) : (tensor<4x8xf32, #sharding1>) -> tensor<4x8xf32, #sharding1>
// CHECK-NEXT:    %1 = hir.allocate : tensor<4x8xf32, #sharding2>
// CHECK-NEXT:    %2 = hir.communication allgather %0 into %1 team = [0, 1] : tensor<4x8xf32, #sharding1> into tensor<4x8xf32, #sharding2>
// CHECK-NEXT:    hir.wait %2
// CHECK-NEXT:    %3 = hir.allocate {tag} : tensor<4x8xf32, #sharding2>
// CHECK-NEXT:    %4 = hir.get_current_stream
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %5 = hir.stream %c1 mod 4
// CHECK-NEXT:    hir.set_current_stream %5
// CHECK-NEXT:    hir.synchronize %4 {why = "order"}
// CHECK-NEXT:    %6 = hir.alias_select %1[0, %c1] : tensor<4x8xf32, #sharding2> -> tensor<8xf32, #sharding3>
// CHECK-NEXT:    %7 = hir.alias_select %3[0, %c1] : tensor<4x8xf32, #sharding2> -> tensor<8xf32, #sharding3>
// CHECK-NEXT:    hir.exp %6 into %7 : tensor<8xf32, #sharding3> -> tensor<8xf32, #sharding3>
// CHECK-NEXT:    %8 = hir.record_event %5
// CHECK-NEXT:    hir.set_current_stream %4
// CHECK-NEXT:    hir.wait_event %8
// CHECK-NEXT:    %9 = hir.allocate : tensor<4xf32, #sharding3>
// CHECK-NEXT:    %10 = hir.communication allreduce %0 into %9 team = [0, 1] reduce = sum : tensor<4x8xf32, #sharding1> into tensor<4xf32, #sharding3>
// CHECK-NEXT:    hir.wait %10
// CHECK-NEXT:    return %3 : tensor<4x8xf32, #sharding2>
// GENERIC-LABEL: "func.func"() <{function_type = (tensor<4x8xf32, #sharding1>) -> tensor<4x8xf32, #sharding2>, sym_name = "host"}>
// GENERIC: "hir.post_on_stream"(%{{.*}}) <{callee = @k}> : (tensor<4x8xf32, #sharding1>) -> tensor<4x8xf32, #sharding1>
// GENERIC: "hir.communication"(%{{.*}}, %{{.*}}) <{kind = "allgather", team = array<i64: 0, 1>}> : (tensor<4x8xf32, #sharding1>, tensor<4x8xf32, #sharding2>) -> !hir.request
// GENERIC: "hir.stream"(%{{.*}}) <{pool = 4 : i64}> : (index) -> !hir.stream
// GENERIC: "hir.alias_select"(%{{.*}}, %{{.*}}) <{axis = 0 : i64}> : (tensor<4x8xf32, #sharding2>, index) -> tensor<8xf32, #sharding3>
// GENERIC: "hir.record_event"(%{{.*}}) : (!hir.stream) -> !hir.event
// GENERIC: "hir.communication"(%{{.*}}, %{{.*}}) <{kind = "allreduce", reduce = "sum", team = array<i64: 0, 1>}>
func.func private @k(%a: tensor<4x8xf32, #d>) -> tensor<4x8xf32, #d> {
  return %a : tensor<4x8xf32, #d>
}
func.func @host(%a: tensor<4x8xf32, #d>) -> tensor<4x8xf32, #r> {
  %0 = hir.post_on_stream @k(%a) : (tensor<4x8xf32, #d>) -> tensor<4x8xf32, #d>
  %1 = hir.allocate : tensor<4x8xf32, #r>
  %2 = hir.communication allgather %0 into %1 team = [0, 1] : tensor<4x8xf32, #d> into tensor<4x8xf32, #r>
  hir.wait %2
  %3 = hir.allocate {tag} : tensor<4x8xf32, #r>
  %main = hir.get_current_stream
  %c1 = arith.constant 1 : index
  %s = hir.stream %c1 mod 4
  hir.set_current_stream %s
  hir.synchronize %main {why = "order"}
  %v = hir.alias_select %1[0, %c1] : tensor<4x8xf32, #r> -> tensor<8xf32, #hir.sharding<[serial], mesh = [0, 1]>>
  %o = hir.alias_select %3[0, %c1] : tensor<4x8xf32, #r> -> tensor<8xf32, #hir.sharding<[serial], mesh = [0, 1]>>
  hir.exp %v into %o : tensor<8xf32, #hir.sharding<[serial], mesh = [0, 1]>> -> tensor<8xf32, #hir.sharding<[serial], mesh = [0, 1]>>
  %e = hir.record_event %s
  hir.set_current_stream %main
  hir.wait_event %e
  %b = hir.allocate : tensor<4xf32, #hir.sharding<[serial], mesh = [0, 1]>>
  %q = hir.communication allreduce %0 into %b team = [0, 1] reduce = sum : tensor<4x8xf32, #d> into tensor<4xf32, #hir.sharding<[serial], mesh = [0, 1]>>
  hir.wait %q
  return %3 : tensor<4x8xf32, #r>
}
