// #sdy.op_sharding_rule: its syntax (factor symbols i..z, z_1, ...; sizes in iota
// order) and its consistency with the op it annotates (mapping counts and ranks,
// factor indices, special factor sets). Messages are jaxlib's (re-checked by
// tests/oracle/test_shlo_agreement.py).
// RUN: hlopt %s --split-input-file --verify-diagnostics

func.func @a(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'stablehlo.negate' op number of operands and mappings must match: 1 != 2}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=4}>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @a(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'stablehlo.negate' op operand - mapping rank must match: 1 != 2}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=8, j=4}>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @a(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'stablehlo.negate' op operand - cannot reuse factors for the same tensor value}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, i])->([i, j]) {i=8, j=4}>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @a(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'stablehlo.negate' op operand - expecting factor indices to be within 0<=...<num_factors; received: 2, num_factors: 2}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k])->([i, k]) {i=8, j=4}>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @a(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'stablehlo.negate' op has factor k=2 that isn't used in operand and result mappings}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4, k=2}>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @a(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{expecting factor indices to be ordered like an iota ([0,1,2,...], e.g. {i=#, j=#, ...}). Expecting factor index symbol 'i', received: 'j'}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {j=8, i=4}>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @a(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'stablehlo.negate' op reduction factor cannot be in result mappings}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4} reduction={j}>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @a(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'stablehlo.negate' op indices of special factors must be sorted}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4} need_replication={j, i}>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @a(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'stablehlo.negate' op a factor can only be in one of the reduction, need replication, or permutation factor sets}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4} need_replication={j} permutation={j}>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @a(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'stablehlo.negate' op indices of special factors must be unique}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4} permutation={i, i}>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @a(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'stablehlo.negate' op index must be less than 2, got: 2}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4} blocked_propagation={k}>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @a(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error@+1 {{'stablehlo.negate' op operand - expected a ranked tensor with a static shape. type: 'tensor<?x4xf32>'}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4}>} : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

func.func @a(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'stablehlo.negate' op has factor k=1 that isn't used in operand and result mappings}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4, k=1, l=2, m=3, n=1, o=1, p=1, q=1, r=1, s=1, t=1, u=1, v=1, w=1, x=1, y=1, z=1, z_1=5}>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @a(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{expecting symbol from 'i' to 'z'. Received: 'a'}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, a])->([i, j]) {i=8, j=4}>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @a(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{expecting positive integer without leading zeros. Received: '01'}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4, z_01=2}>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @a(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'stablehlo.negate' op reduction factor cannot be in result mappings}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4} reduction={i}>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @a(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'stablehlo.negate' op operand - dim mapping can't have a factor of size 1 if there are multiple factors}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = #sdy.op_sharding_rule<([i, jk])->([i, jk]) {i=8, j=4, k=1}>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @a(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'stablehlo.negate' op should have a sharding rule attribute of type OpShardingRuleAttr for attr named 'sdy.sharding_rule'}}
  %0 = stablehlo.negate %x {sdy.sharding_rule = 3 : i64} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
