// RUN: hlopt %s --canonicalize --split-input-file --allow-unregistered-dialect | filecheck %s
// RUN: hlopt %s --canonicalize=region-simplify=false --split-input-file --allow-unregistered-dialect | filecheck %s --check-prefix=NOSIMP

// Identity folds of arith ops; folded results that are attributes become
// arith.constant ops; dead ops and constants go away.
// CHECK-LABEL: func.func @identities
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    return %arg0, %arg0, %[[Z]], %[[Z]], %arg0, %arg1, %arg0, %arg0
func.func @identities(%a: i32, %b: i32, %c: i1) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %true = arith.constant true
  %false = arith.constant false
  %0 = "arith.addi"(%a, %c0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %1 = "arith.muli"(%a, %c1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %2 = "arith.muli"(%a, %c0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %3 = "arith.subi"(%b, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %4 = "arith.select"(%true, %a, %b) : (i1, i32, i32) -> i32
  %5 = "arith.select"(%false, %a, %b) : (i1, i32, i32) -> i32
  %6 = "arith.select"(%c, %a, %a) : (i1, i32, i32) -> i32
  // (a - b) + b -> a
  %7 = "arith.subi"(%a, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %8 = "arith.addi"(%7, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %dead = "arith.muli"(%a, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  return %0, %1, %2, %3, %4, %5, %6, %8 : i32, i32, i32, i32, i32, i32, i32, i32
}

// -----

// Constant folding wraps at the integer width and works on splats;
// commutative ops move constants to the right, then fold (0 + x -> x).
// CHECK-LABEL: func.func @constant_fold
// CHECK-DAG:     %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK-DAG:     %[[M2:.*]] = arith.constant -2 : i32
// CHECK-DAG:     %[[S:.*]] = arith.constant dense<12> : tensor<4xi32>
// CHECK:         return %[[MIN]], %[[M2]], %[[S]], %arg0
func.func @constant_fold(%a: i32) -> (i32, i32, tensor<4xi32>, i32) {
  %big = arith.constant 2147483647 : i32
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %0 = "arith.addi"(%big, %c1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %1 = "arith.subi"(%c5, %c7) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %s3 = arith.constant dense<3> : tensor<4xi32>
  %s4 = arith.constant dense<4> : tensor<4xi32>
  %2 = "arith.muli"(%s3, %s4) <{overflowFlags = #arith.overflow<none>}> : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %3 = "arith.addi"(%c0, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  return %0, %1, %2, %3 : i32, i32, tensor<4xi32>, i32
}

// -----

// Constants are deduplicated and hoisted to the start of the entry block
// (each one moved to the front unless it follows a hoisted one, as MLIR's
// OperationFolder does), also out of regions not isolated from above.
// CHECK-LABEL: func.func @hoist
// CHECK-NEXT:    %[[C5:.*]] = arith.constant 5 : i32
// CHECK-NEXT:    %[[C:.*]] = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : i32
// CHECK-NEXT:    %[[X:.*]] = "test.op"(%[[C3]], %[[C4]])
// CHECK-NEXT:    stablehlo.while
// CHECK-NEXT:    cond {
// CHECK-NEXT:      stablehlo.compare LT, %iterArg, %[[C]]
// CHECK:         return %[[X]], %[[C5]], %[[C3]]
func.func @hoist(%t: tensor<i32>) -> (i32, i32, i32, tensor<i32>) {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %x = "test.op"(%c3, %c4) : (i32, i32) -> i32
  %w = stablehlo.while(%iterArg = %t) : tensor<i32>
  cond {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %cmp = stablehlo.compare LT, %iterArg, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %cmp : tensor<i1>
  } do {
    stablehlo.return %iterArg : tensor<i32>
  }
  %c5 = arith.constant 5 : i32
  %c3b = arith.constant 3 : i32
  return %x, %c5, %c3b, %w : i32, i32, i32, tensor<i32>
}

// -----

// Canonicalization patterns declared by arith: (x + c0) + c1 -> x + (c0 + c1).
// CHECK-LABEL: func.func @reassociate
// CHECK-NEXT:    %[[C6:.*]] = arith.constant 6 : i32
// CHECK-NEXT:    %[[C:.*]] = arith.constant 12 : i32
// CHECK-NEXT:    %[[R:.*]] = arith.addi %arg0, %[[C]] : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %arg0, %[[C6]] : i32
// CHECK-NEXT:    return %[[R]], %[[M]]
func.func @reassociate(%a: i32) -> (i32, i32) {
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %0 = "arith.addi"(%a, %c5) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %1 = "arith.addi"(%0, %c7) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %2 = "arith.muli"(%c2, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %3 = "arith.muli"(%2, %c3) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  return %1, %3 : i32, i32
}

// -----

// Unknown ops are kept even when unused; unreachable blocks are erased,
// with region-simplify=false too (as MLIR's driver does, before each
// iteration); that level keeps unused block arguments, which region
// simplification erases.
// CHECK-LABEL: func.func @blocks
// CHECK:         "test.effect"()
// CHECK-NOT:     test.other
// NOSIMP-LABEL: func.func @blocks
// NOSIMP:         "test.effect"()
// NOSIMP-NOT:     test.other
func.func @blocks(%a: i32) -> i32 {
  %0 = "test.effect"() : () -> i32
  return %a : i32
^bb1:
  %d = "test.other"() : () -> i32
  return %d : i32
}

// -----

// CHECK-LABEL: func.func @dead_arg
// CHECK:         cf.cond_br %arg1, ^bb1, ^bb2
// CHECK:       ^bb2:  // pred: ^bb0
// NOSIMP-LABEL: func.func @dead_arg
// NOSIMP:         cf.cond_br %arg1, ^bb1(%arg0 : i32), ^bb2(%arg0 : i32)
// NOSIMP:       ^bb2(%2: i32):  // pred: ^bb0
func.func @dead_arg(%a: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%a : i32)
^bb1(%x: i32):
  %0 = "test.effect"() : () -> i32
  return %0 : i32
^bb2(%y: i32):
  return %a : i32
}

// -----

// test-convergence fails when max-iterations is too small.
// RUN: not hlopt %s --allow-unregistered-dialect --canonicalize='max-iterations=1 test-convergence=true' 2>&1 | filecheck %s --check-prefix=CONV
// CONV: canonicalizer failed to converge within 1 iterations
