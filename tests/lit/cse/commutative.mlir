// RUN: hlopt %s --cse --split-input-file --allow-unregistered-dialect | filecheck %s
// RUN: hlopt %s --cse --split-input-file --allow-unregistered-dialect --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// The operands of a Commutative op are a multiset (MLIR's
// OperationEquivalence): a swapped duplicate is the same value, and the op
// met first stays, its operand order untouched.
// CHECK-LABEL: func.func @swapped
// CHECK-NEXT:    %[[ADD:.*]] = arith.addi %arg1, %arg0 : i32
// CHECK-NEXT:    %[[MUL:.*]] = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT:    %[[AND:.*]] = arith.andi %arg1, %arg0 : i32
// CHECK-NEXT:    %[[OR:.*]] = arith.ori %arg0, %arg1 : i32
// CHECK-NEXT:    %[[XOR:.*]] = arith.xori %arg0, %arg1 : i32
// CHECK-NEXT:    %[[MAX:.*]] = arith.maxsi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[MIN:.*]] = arith.minui %arg1, %arg0 : i32
// CHECK-NEXT:    %[[ADDF:.*]] = arith.addf %arg2, %arg3 : f32
// CHECK-NEXT:    %[[MULF:.*]] = arith.mulf %arg3, %arg2 fastmath<fast> : f32
// CHECK-NEXT:    %[[MAXF:.*]] = arith.maximumf %arg2, %arg3 : f32
// CHECK-NEXT:    %[[MINF:.*]] = arith.minnumf %arg2, %arg3 : f32
// CHECK-NEXT:    return %[[ADD]], %[[ADD]], %[[MUL]], %[[MUL]], %[[AND]], %[[AND]], %[[OR]], %[[OR]], %[[XOR]], %[[XOR]], %[[MAX]], %[[MAX]], %[[MIN]], %[[MIN]], %[[ADDF]], %[[ADDF]], %[[MULF]], %[[MULF]], %[[MAXF]], %[[MAXF]], %[[MINF]], %[[MINF]] :
// GENERIC-LABEL: sym_name = "swapped"
// GENERIC:         %[[ADD:.*]] = "arith.addi"(%arg1, %arg0)
// GENERIC-NOT:     "arith.addi"
// GENERIC:         "func.return"(%[[ADD]], %[[ADD]],
func.func @swapped(%a: i32, %b: i32, %x: f32, %y: f32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %0 = arith.addi %b, %a : i32
  %1 = arith.addi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.muli %b, %a : i32
  %4 = arith.andi %b, %a : i32
  %5 = arith.andi %a, %b : i32
  %6 = arith.ori %a, %b : i32
  %7 = arith.ori %b, %a : i32
  %8 = arith.xori %a, %b : i32
  %9 = arith.xori %b, %a : i32
  %10 = arith.maxsi %a, %b : i32
  %11 = arith.maxsi %b, %a : i32
  %12 = arith.minui %b, %a : i32
  %13 = arith.minui %a, %b : i32
  %14 = arith.addf %x, %y : f32
  %15 = arith.addf %y, %x : f32
  %16 = arith.mulf %y, %x fastmath<fast> : f32
  %17 = arith.mulf %x, %y fastmath<fast> : f32
  %18 = arith.maximumf %x, %y : f32
  %19 = arith.maximumf %y, %x : f32
  %20 = arith.minnumf %x, %y : f32
  %21 = arith.minnumf %y, %x : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32
}

// -----

// Swapped operands of an op result and a block argument, of two results of
// one op, and both results of the extended ops; the same operand twice is a
// different multiset from two distinct operands.
// CHECK-LABEL: func.func @mixed
// CHECK-NEXT:    %[[M:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %[[M]], %arg1 : i32
// CHECK-NEXT:    %[[L:.*]], %[[H:.*]] = arith.mului_extended %arg1, %[[M]] : i32
// CHECK-NEXT:    %[[S:.*]], %[[O:.*]] = arith.addui_extended %arg0, %arg1 : i32, i1
// CHECK-NEXT:    %[[AA:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    %[[BB:.*]] = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:    return %[[A]], %[[A]], %[[L]], %[[H]], %[[L]], %[[H]], %[[S]], %[[O]], %[[S]], %[[O]], %[[AA]], %[[BB]], %[[A]] :
func.func @mixed(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32, i32, i1, i32, i1, i32, i32, i32) {
  %m = arith.muli %a, %a : i32
  %0 = arith.addi %m, %b : i32
  %1 = arith.addi %b, %m : i32
  %l0, %h0 = arith.mului_extended %b, %m : i32
  %l1, %h1 = arith.mului_extended %m, %b : i32
  %s0, %o0 = arith.addui_extended %a, %b : i32, i1
  %s1, %o1 = arith.addui_extended %b, %a : i32, i1
  %2 = arith.addi %a, %a : i32
  %3 = arith.addi %b, %b : i32
  %4 = arith.addi %b, %m : i32
  return %0, %1, %l0, %h0, %l1, %h1, %s0, %o0, %s1, %o1, %2, %3, %4 : i32, i32, i32, i32, i32, i32, i32, i1, i32, i1, i32, i32, i32
}

// -----

// Ops without the Commutative trait keep their operand order: swapped
// subtractions, divisions, shifts and comparisons are distinct values.
// CHECK-LABEL: func.func @ordered
// CHECK-NEXT:    arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:    arith.subi %arg1, %arg0 : i32
// CHECK-NEXT:    arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT:    arith.divsi %arg1, %arg0 : i32
// CHECK-NEXT:    arith.shli %arg0, %arg1 : i32
// CHECK-NEXT:    arith.shli %arg1, %arg0 : i32
// CHECK-NEXT:    arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT:    arith.cmpi slt, %arg1, %arg0 : i32
// CHECK-NEXT:    arith.subf %arg2, %arg3 : f32
// CHECK-NEXT:    arith.subf %arg3, %arg2 : f32
// CHECK-NEXT:    return
func.func @ordered(%a: i32, %b: i32, %x: f32, %y: f32) -> (i32, i32, i32, i32, i32, i32, i1, i1, f32, f32) {
  %0 = arith.subi %a, %b : i32
  %1 = arith.subi %b, %a : i32
  %2 = arith.divsi %a, %b : i32
  %3 = arith.divsi %b, %a : i32
  %4 = arith.shli %a, %b : i32
  %5 = arith.shli %b, %a : i32
  %6 = arith.cmpi slt, %a, %b : i32
  %7 = arith.cmpi slt, %b, %a : i32
  %8 = arith.subf %x, %y : f32
  %9 = arith.subf %y, %x : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i32, i32, i32, i32, i32, i32, i1, i1, f32, f32
}

// -----

// StableHLO's binary ops commute (hlo::OpTrait::IsCommutative) but are not
// MLIR-Commutative: CSE keeps add(a, b) beside add(b, a), as iree-opt's and
// jaxlib's MLIR do. CHLO's broadcasting add/multiply/maximum/and and
// chlo.mulhi are MLIR-Commutative and merge.
// CHECK-LABEL: func.func @hlo
// CHECK-NEXT:    %[[A0:.*]] = stablehlo.add %arg0, %arg1 : tensor<4xf32>
// CHECK-NEXT:    %[[A1:.*]] = stablehlo.add %arg1, %arg0 : tensor<4xf32>
// CHECK-NEXT:    %[[M0:.*]] = stablehlo.multiply %arg0, %arg1 : tensor<4xf32>
// CHECK-NEXT:    %[[M1:.*]] = stablehlo.multiply %arg1, %arg0 : tensor<4xf32>
// CHECK-NEXT:    %[[X0:.*]] = stablehlo.maximum %arg0, %arg1 : tensor<4xf32>
// CHECK-NEXT:    %[[X1:.*]] = stablehlo.maximum %arg1, %arg0 : tensor<4xf32>
// CHECK-NEXT:    %[[N0:.*]] = stablehlo.and %arg2, %arg3 : tensor<4xi32>
// CHECK-NEXT:    %[[N1:.*]] = stablehlo.and %arg3, %arg2 : tensor<4xi32>
// CHECK-NEXT:    %[[BA:.*]] = chlo.broadcast_add %arg0, %arg1 :
// CHECK-NEXT:    %[[BM:.*]] = chlo.broadcast_multiply %arg1, %arg0 :
// CHECK-NEXT:    %[[BX:.*]] = chlo.broadcast_maximum %arg0, %arg1 :
// CHECK-NEXT:    %[[BN:.*]] = chlo.broadcast_and %arg2, %arg3 :
// CHECK-NEXT:    %[[BS0:.*]] = chlo.broadcast_subtract %arg0, %arg1 :
// CHECK-NEXT:    %[[BS1:.*]] = chlo.broadcast_subtract %arg1, %arg0 :
// CHECK-NEXT:    %[[MH:.*]] = chlo.mulhi %arg2, %arg3 :
// CHECK-NEXT:    "test.use"(%[[A0]], %[[A1]], %[[M0]], %[[M1]], %[[X0]], %[[X1]], %[[BA]], %[[BA]], %[[BM]], %[[BM]], %[[BX]], %[[BX]], %[[BS0]], %[[BS1]])
// CHECK-NEXT:    "test.use"(%[[N0]], %[[N1]], %[[BN]], %[[BN]], %[[MH]], %[[MH]])
func.func @hlo(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<4xi32>, %j: tensor<4xi32>) {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  %1 = stablehlo.add %b, %a : tensor<4xf32>
  %2 = stablehlo.multiply %a, %b : tensor<4xf32>
  %3 = stablehlo.multiply %b, %a : tensor<4xf32>
  %4 = stablehlo.maximum %a, %b : tensor<4xf32>
  %5 = stablehlo.maximum %b, %a : tensor<4xf32>
  %6 = stablehlo.and %i, %j : tensor<4xi32>
  %7 = stablehlo.and %j, %i : tensor<4xi32>
  %8 = chlo.broadcast_add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %9 = chlo.broadcast_add %b, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %10 = chlo.broadcast_multiply %b, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %11 = chlo.broadcast_multiply %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %12 = chlo.broadcast_maximum %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %13 = chlo.broadcast_maximum %b, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %14 = chlo.broadcast_and %i, %j : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %15 = chlo.broadcast_and %j, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %16 = chlo.broadcast_subtract %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %17 = chlo.broadcast_subtract %b, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %18 = chlo.mulhi %i, %j : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %19 = chlo.mulhi %j, %i : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  "test.use"(%0, %1, %2, %3, %4, %5, %8, %9, %10, %11, %12, %13, %16, %17) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> ()
  "test.use"(%6, %7, %14, %15, %18, %19) : (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> ()
  return
}

// -----

// Region equivalence uses the same rule: bodies that differ only in the
// operand order of a commutative op (values from outside or defined in the
// body) make one op; a non-commutative op in the same place does not.
// CHECK-LABEL: func.func @regions
// CHECK-NEXT:    %[[R0:.*]] = scf.if %arg0 -> (i32) {
// CHECK-NEXT:      arith.addi %arg1, %arg2 : i32
// CHECK:         %[[R1:.*]] = scf.if %arg0 -> (i32) {
// CHECK-NEXT:      %[[SQ:.*]] = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT:      arith.addi %[[SQ]], %arg2 : i32
// CHECK:         %[[R2:.*]] = scf.if %arg0 -> (i32) {
// CHECK-NEXT:      arith.subi %arg1, %arg2 : i32
// CHECK:         %[[R3:.*]] = scf.if %arg0 -> (i32) {
// CHECK-NEXT:      arith.subi %arg2, %arg1 : i32
// CHECK:         return %[[R0]], %[[R0]], %[[R1]], %[[R1]], %[[R2]], %[[R3]] :
func.func @regions(%c: i1, %a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32) {
  %0 = scf.if %c -> (i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  } else {
    scf.yield %a : i32
  }
  %1 = scf.if %c -> (i32) {
    %s = arith.addi %b, %a : i32
    scf.yield %s : i32
  } else {
    scf.yield %a : i32
  }
  %2 = scf.if %c -> (i32) {
    %m = arith.muli %a, %a : i32
    %s = arith.addi %m, %b : i32
    scf.yield %s : i32
  } else {
    scf.yield %a : i32
  }
  %3 = scf.if %c -> (i32) {
    %m = arith.muli %a, %a : i32
    %s = arith.addi %b, %m : i32
    scf.yield %s : i32
  } else {
    scf.yield %a : i32
  }
  %4 = scf.if %c -> (i32) {
    %s = arith.subi %a, %b : i32
    scf.yield %s : i32
  } else {
    scf.yield %a : i32
  }
  %5 = scf.if %c -> (i32) {
    %s = arith.subi %b, %a : i32
    scf.yield %s : i32
  } else {
    scf.yield %a : i32
  }
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}
