// RUN: hlopt %s --cse --split-input-file --allow-unregistered-dialect | filecheck %s
// RUN: hlopt %s --cse --allow-unregistered-dialect --mlir-pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STATS

// Identical pure ops are merged; constants too.
// CHECK-LABEL: func.func @simple
// CHECK-NEXT:    %[[C:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %[[C]] : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:    return %[[M]]
func.func @simple(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c1_0 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  %1 = arith.addi %a, %c1_0 : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}

// STATS:      CSE
// STATS-NEXT:   (S) 7 num-cse'd - Number of operations CSE'd
// STATS-NEXT:   (S) 1 num-dce'd - Number of operations DCE'd

// -----

// Different operand order, attributes or result types are not the same op;
// unknown (possibly side-effecting) ops are never merged; dead pure ops go.
// CHECK-LABEL: func.func @distinct
// CHECK-NEXT:    arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:    arith.subi %arg1, %arg0 : i32
// CHECK-NEXT:    arith.cmpi eq, %arg0, %arg1 : i32
// CHECK-NEXT:    arith.cmpi ne, %arg0, %arg1 : i32
// CHECK-NEXT:    "test.effect"
// CHECK-NEXT:    "test.effect"
// CHECK-NEXT:    return
func.func @distinct(%a: i32, %b: i32) -> (i32, i32, i1, i1, i32, i32) {
  %0 = "arith.subi"(%a, %b) : (i32, i32) -> i32
  %1 = "arith.subi"(%b, %a) : (i32, i32) -> i32
  %2 = "arith.cmpi"(%a, %b) <{predicate = 0 : i64}> : (i32, i32) -> i1
  %3 = "arith.cmpi"(%a, %b) <{predicate = 1 : i64}> : (i32, i32) -> i1
  %4 = "test.effect"(%a) : (i32) -> i32
  %5 = "test.effect"(%a) : (i32) -> i32
  %dead = arith.muli %a, %b : i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i1, i1, i32, i32
}

// -----

// A value computed in an enclosing block is visible in nested regions that
// are not isolated from above (stablehlo.while); not the other way round.
// CHECK-LABEL: func.func @nested
// CHECK:         %[[C:.*]] = stablehlo.constant dense<1> : tensor<i32>
// CHECK:         %[[OUT:.*]] = stablehlo.add %arg0, %[[C]]
// CHECK:         stablehlo.while
// CHECK:         cond {
// CHECK-NEXT:      %[[CMP:.*]] = stablehlo.compare
// CHECK-NEXT:      stablehlo.return %[[CMP]]
// CHECK:         } do {
// CHECK-NEXT:      %[[IN:.*]] = stablehlo.add %iterArg, %[[C]]
// CHECK-NEXT:      %[[USE:.*]] = stablehlo.multiply %[[IN]], %[[OUT]]
// CHECK-NEXT:      stablehlo.return %[[USE]]
// CHECK:         return %{{.*}}, %[[OUT]], %[[OUT]]
func.func @nested(%arg0: tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>) {
  %c = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.add %arg0, %c : tensor<i32>
  %1 = stablehlo.while(%iterArg = %arg0) : tensor<i32>
  cond {
    %c_1 = stablehlo.constant dense<1> : tensor<i32>
    %2 = stablehlo.compare LT, %iterArg, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %2 : tensor<i1>
  } do {
    %c_2 = stablehlo.constant dense<1> : tensor<i32>
    %3 = stablehlo.add %iterArg, %c_2 : tensor<i32>
    %4 = stablehlo.add %arg0, %c_2 : tensor<i32>
    %5 = stablehlo.multiply %3, %4 : tensor<i32>
    stablehlo.return %5 : tensor<i32>
  }
  %6 = stablehlo.add %arg0, %c : tensor<i32>
  return %1, %0, %6 : tensor<i32>, tensor<i32>, tensor<i32>
}

// -----

// Functions are isolated from above: each gets its own table.
// CHECK-LABEL: func.func @isolated_a
// CHECK-NEXT:    arith.constant 7 : i32
// CHECK-LABEL: func.func @isolated_b
// CHECK-NEXT:    arith.constant 7 : i32
func.func @isolated_a() -> i32 {
  %c = arith.constant 7 : i32
  return %c : i32
}
func.func @isolated_b() -> i32 {
  %c = arith.constant 7 : i32
  return %c : i32
}

// -----

// Multi-block regions follow the dominator tree: the entry block's op
// replaces the one in ^bb3, but ^bb1 and ^bb2 do not see each other.
// CHECK-LABEL: func.func @cfg
// CHECK-NEXT:    %[[E:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[B1:.*]] = arith.muli %[[E]], %arg0 : i32
// CHECK-NEXT:    cf.br ^bb3(%[[B1]] : i32)
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[B2:.*]] = arith.muli %[[E]], %arg0 : i32
// CHECK-NEXT:    cf.br ^bb3(%[[B2]] : i32)
// CHECK:       ^bb3(%[[R:.*]]: i32):
// CHECK-NEXT:    arith.muli %[[R]], %[[E]] : i32
func.func @cfg(%a: i32, %c: i1) -> i32 {
  %0 = arith.addi %a, %a : i32
  "cf.cond_br"(%c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  %1 = arith.muli %0, %a : i32
  "cf.br"(%1)[^bb3] : (i32) -> ()
^bb2:
  %2 = arith.muli %0, %a : i32
  "cf.br"(%2)[^bb3] : (i32) -> ()
^bb3(%r: i32):
  %3 = arith.addi %a, %a : i32
  %4 = arith.muli %r, %3 : i32
  return %4 : i32
}
