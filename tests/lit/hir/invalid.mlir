// Verifier and parser errors of hir ops, located at the offending op or token.
// RUN: hlopt %s --split-input-file --verify-diagnostics

func.func @both(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{'hir.set' op expects either a result or an 'into' destination, not both}}
  %0 = "hir.set"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @shape(%a: tensor<4xf32>) {
  // expected-error@+1 {{'hir.add' op operand shape [4] does not match the result shape [5]}}
  %0 = hir.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @elt(%a: tensor<4xf32>) {
  // expected-error@+1 {{'hir.exp' op requires the same element type for all operands and results}}
  %0 = hir.exp %a : tensor<4xf32> -> tensor<4xf16>
  return
}

// -----

func.func @dims(%a: tensor<4x8xf32>) {
  // expected-error@+1 {{'hir.sum' op dims [2] must be distinct dimensions of the rank-2 operand}}
  %0 = hir.sum %a dims = [2] : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_shape(%a: tensor<4x8xf32>) {
  // expected-error@+1 {{'hir.max' op result shape [8] does not match the expected [4]}}
  %0 = hir.max %a dims = [1] : tensor<4x8xf32> -> tensor<8xf32>
  return
}

// -----

func.func @mm(%a: tensor<4x8xf32>, %b: tensor<4x2xf32>) {
  // expected-error@+1 {{'hir.matmul' op operand shapes [4, 8] and [4, 2] do not multiply}}
  %0 = hir.matmul %a, %b : (tensor<4x8xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return
}

// -----

// Batch dimensions broadcast as in ATen: equal or 1 on one side; 3 and 2 clash.
func.func @matmul_batch_clash(%a: tensor<3x4x8xf32>, %b: tensor<2x8x2xf32>) -> tensor<3x4x2xf32> {
  // expected-error@+1 {{'hir.matmul' op operand shapes [3, 4, 8] and [2, 8, 2] do not multiply}}
  %0 = hir.matmul %a, %b : (tensor<3x4x8xf32>, tensor<2x8x2xf32>) -> tensor<3x4x2xf32>
  return %0 : tensor<3x4x2xf32>
}

// -----

func.func @matmul_broadcast_result(%a: tensor<8x1x2x4xf32>, %b: tensor<4x4x3xf32>) -> tensor<8x1x2x3xf32> {
  // expected-error@+1 {{'hir.matmul' op result shape [8, 1, 2, 3] does not match the expected [8, 4, 2, 3]}}
  %0 = hir.matmul %a, %b : (tensor<8x1x2x4xf32>, tensor<4x4x3xf32>) -> tensor<8x1x2x3xf32>
  return %0 : tensor<8x1x2x3xf32>
}

// -----

func.func @operand_type(%a: f32) {
  // expected-error@+1 {{'hir.neg' op operand #0 must be ranked tensor of any type values, but got 'f32'}}
  %0 = "hir.neg"(%a) : (f32) -> tensor<4xf32>
  return
}

// -----

func.func @select(%a: tensor<4x8xf32>, %i: index) {
  // expected-error@+1 {{'hir.alias_select' op axis 2 is out of range for a rank-2 tensor}}
  %0 = hir.alias_select %a[2, %i] : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @select_type(%a: tensor<4x8xf32>, %i: index) {
  // expected-error@+2 {{'hir.alias_select' op failed to infer returned types}}
  // expected-error@+1 {{'hir.alias_select' op inferred type(s) 'tensor<8xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  %0 = hir.alias_select %a[0, %i] : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @yield_parent(%a: tensor<4xf32>) {
  // expected-error@+1 {{'hir.yield' op expects parent op 'hir.kernel'}}
  hir.yield %a : tensor<4xf32>
}

// -----

func.func @kernel_types(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'hir.kernel' op expects 'hir.yield' operand types to match its result types}}
  %0 = hir.kernel(%x = %a) : (tensor<4xf32>) -> tensor<4xf32> {
    %s = hir.sum %x dims = [0] : tensor<4xf32> -> tensor<f32>
    hir.yield %s : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @kernel_isolated(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hir.kernel() : () -> tensor<4xf32> {
    // expected-error@+1 {{use of undeclared SSA value name}}
    %n = hir.neg %a : tensor<4xf32> -> tensor<4xf32>
    hir.yield %n : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @post(%a: tensor<4xf32>) {
  // expected-error@+1 {{'hir.post_on_stream' op 'missing' does not reference a valid kernel function}}
  %0 = hir.post_on_stream @missing(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func private @k(%a: tensor<4xf32>) -> tensor<4xf32>
func.func @post_type(%a: tensor<4xf32>) {
  // expected-error@+1 {{'hir.post_on_stream' op type (tensor<4xf32>) -> tensor<4xf16> does not match the kernel's type (tensor<4xf32>) -> tensor<4xf32>}}
  %0 = hir.post_on_stream @k(%a) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @stream_pool(%i: index) {
  // expected-error@+1 {{'hir.stream' op requires a pool of at least one stream}}
  %0 = hir.stream %i mod 0
  return
}

// -----

func.func @handle_operand(%i: index) {
  // expected-error@+1 {{'hir.get_current_stream' expects no operand}}
  %0 = hir.get_current_stream %i
  return
}

// -----

func.func @handle_type(%i: index) {
  // expected-error@+1 {{'hir.synchronize' op operand #0 must be hir stream, but got 'index'}}
  "hir.synchronize"(%i) : (index) -> ()
  return
}

// -----

// expected-error@+1 {{unknown axis kind 'ddx' (expected stream, serial or didx)}}
func.func @axis(%a: tensor<4xf32, #hir.sharding<[ddx]>>) {
  return
}

// -----

// Split or merged stream axes are not expressible: one stream axis per tensor.
// expected-error@+1 {{a tensor has at most one stream axis (split or merged stream axes are not supported)}}
func.func @two_streams(%a: tensor<4x4xf32, #hir.sharding<[stream, stream]>>) {
  return
}

// -----

// expected-error@+1 {{mesh devices must be distinct non-negative integers}}
func.func @mesh(%a: tensor<4xf32, #hir.sharding<[didx], mesh = [0, 0]>>) {
  return
}

// -----

// A communication's kind must fit the meshes and shardings of its buffers.
#d = #hir.sharding<[didx], mesh = [0, 1]>
#other = #hir.sharding<[serial], mesh = [2, 3]>
func.func @allgather_meshes(%a: tensor<4xf32, #d>, %b: tensor<4xf32, #other>) {
  // expected-error@+1 {{'hir.communication' op allgather requires the input and output on the same mesh}}
  %q = hir.communication allgather %a into %b team = [0, 1] : tensor<4xf32, #d> into tensor<4xf32, #other>
  return
}

// -----

#d = #hir.sharding<[didx], mesh = [0, 1]>
#r = #hir.sharding<[serial], mesh = [0, 1]>
func.func @team(%a: tensor<4xf32, #d>, %b: tensor<4xf32, #r>) {
  // expected-error@+1 {{'hir.communication' op team [0, 1, 2] does not match the meshes of a allgather (expected [0, 1])}}
  %q = hir.communication allgather %a into %b team = [0, 1, 2] : tensor<4xf32, #d> into tensor<4xf32, #r>
  return
}

// -----

#d = #hir.sharding<[didx], mesh = [0, 1]>
#one = #hir.sharding<[serial], mesh = [1]>
func.func @root(%a: tensor<4xf32, #d>, %b: tensor<4xf32, #one>) {
  // expected-error@+1 {{'hir.communication' op gather expects root = 1}}
  %q = hir.communication gather %a into %b team = [0, 1] root = 0 : tensor<4xf32, #d> into tensor<4xf32, #one>
  return
}

// -----

#d = #hir.sharding<[didx, serial], mesh = [0, 1]>
#r = #hir.sharding<[serial], mesh = [0, 1]>
func.func @reduce_op(%a: tensor<4x2xf32, #d>, %b: tensor<2xf32, #r>) {
  // expected-error@+1 {{'hir.communication' op 'allreduce' requires a reduction operation}}
  %q = hir.communication allreduce %a into %b team = [0, 1] : tensor<4x2xf32, #d> into tensor<2xf32, #r>
  return
}

// -----

#two = #hir.sharding<[serial], mesh = [0, 1]>
#d = #hir.sharding<[didx], mesh = [0, 1]>
func.func @scatter_source(%a: tensor<4xf32, #two>, %b: tensor<4xf32, #d>) {
  // expected-error@+1 {{'hir.communication' op scatter requires a single-device input mesh}}
  %q = hir.communication scatter %a into %b team = [0, 1] root = 0 : tensor<4xf32, #two> into tensor<4xf32, #d>
  return
}

// -----

#a = #hir.sharding<[didx], mesh = [0, 1]>
#b = #hir.sharding<[didx], mesh = [2, 3, 4]>
func.func @sendrecv_sizes(%x: tensor<6xf32, #a>, %y: tensor<6xf32, #b>) {
  // expected-error@+1 {{'hir.communication' op sendrecv requires input and output meshes of the same size}}
  %q = hir.communication sendrecv %x into %y team = [0, 1, 2, 3, 4] : tensor<6xf32, #a> into tensor<6xf32, #b>
  return
}

// -----

#d = #hir.sharding<[didx], mesh = [0, 1, 2]>
#r = #hir.sharding<[serial], mesh = [0, 1, 2]>
func.func @divisible(%x: tensor<4xf32, #d>, %y: tensor<4xf32, #r>) {
  // expected-error@+1 {{'hir.communication' op didx axis of extent 4 does not divide over 3 devices}}
  %q = hir.communication allgather %x into %y team = [0, 1, 2] : tensor<4xf32, #d> into tensor<4xf32, #r>
  return
}

// -----

#d = #hir.sharding<[didx], mesh = [0, 1]>
#r = #hir.sharding<[serial], mesh = [0, 1]>
func.func @kind(%x: tensor<4xf32, #d>, %y: tensor<4xf32, #r>) {
  // expected-error@+1 {{'hir.communication' op attribute 'kind' failed to satisfy constraint: communication kind (allgather, allreduce, reducescatter, reduce, gather, scatter, broadcast, sendrecv, alltoall)}}
  %q = hir.communication alltoallv %x into %y team = [0, 1] : tensor<4xf32, #d> into tensor<4xf32, #r>
  return
}

// -----

#a = #hir.sharding<[didx, serial], mesh = [0, 1]>
func.func @alltoall_same_axis(%x: tensor<4x4xf32, #a>, %y: tensor<4x4xf32, #a>) {
  // expected-error@+1 {{'hir.communication' op alltoall requires input and output sharded (didx) on different axes}}
  %q = hir.communication alltoall %x into %y team = [0, 1] : tensor<4x4xf32, #a> into tensor<4x4xf32, #a>
  return
}

// -----

#r = #hir.sharding<[serial], mesh = [0, 1]>
func.func @root_operand_on_allgather(%x: tensor<4xf32, #r>, %y: tensor<4xf32, #r>, %i: index) {
  // expected-error@+1 {{'hir.communication' op only a broadcast takes a root operand, not a allreduce}}
  %q = hir.communication allreduce %x into %y team = [0, 1] root_index = %i reduce = sum : tensor<4xf32, #r> into tensor<4xf32, #r>
  return
}

// -----

#a = #hir.sharding<[serial], mesh = [0, 1]>
#b = #hir.sharding<[serial], mesh = [0, 1, 2]>
func.func @root_operand_meshes(%x: tensor<4xf32, #a>, %y: tensor<4xf32, #b>, %i: index) {
  // expected-error@+1 {{'hir.communication' op broadcast with a root operand requires the input and output on the same mesh}}
  %q = hir.communication broadcast %x into %y team = [0, 1, 2] root_index = %i : tensor<4xf32, #a> into tensor<4xf32, #b>
  return
}
