// RUN: hlopt %s --split-input-file --verify-diagnostics
// tensor.parallel_insert_slice: only inside scf.forall.in_parallel, into a
// shared output, with insert_slice's slice checks (messages as iree-opt's).

func.func @f(%t: tensor<8xf32>, %x: tensor<2xf32>) {
  // expected-error@+1 {{expected InParallelOpInterface parent, got:}}
  tensor.parallel_insert_slice %x into %t[0] [2] [1] : tensor<2xf32> into tensor<8xf32>
  return
}

// -----

func.func @g(%t: tensor<8xf32>, %x: tensor<3xf32>) -> tensor<8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<8xf32>) {
    scf.forall.in_parallel {
      // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 9 >= 8}}
      tensor.parallel_insert_slice %x into %o[7] [3] [1] : tensor<3xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

func.func @h(%t: tensor<8xf32>, %x: tensor<2xf32>) -> tensor<8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<8xf32>) {
    scf.forall.in_parallel {
      // expected-error@+1 {{'tensor.parallel_insert_slice' op may only insert into an output block argument}}
      tensor.parallel_insert_slice %x into %t[0] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

func.func @k(%t: tensor<8xf32>, %x: tensor<3xf32>) -> tensor<8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<8xf32>) {
    scf.forall.in_parallel {
      // expected-error@+1 {{expected type to be 'tensor<2xf32>' or a rank-reduced version. (size mismatch)}}
      tensor.parallel_insert_slice %x into %o[0] [2] [1] : tensor<3xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

func.func @m(%t: tensor<8x8xf32>, %x: tensor<2xf32>) -> tensor<8x8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<8x8xf32>) {
    scf.forall.in_parallel {
      // expected-error@+1 {{expected 2 offset values, got 1}}
      tensor.parallel_insert_slice %x into %o[0] [2] [1] : tensor<2xf32> into tensor<8x8xf32>
    }
  }
  return %r : tensor<8x8xf32>
}
