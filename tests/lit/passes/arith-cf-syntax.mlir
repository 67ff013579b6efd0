// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | filecheck %s --check-prefix=GEN
// arith and cf custom forms print as MLIR prints them and parse back;
// inherent attributes with defaults appear in the generic form.

// CHECK-LABEL: func.func @arith
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK-NEXT:    %1 = arith.addf %arg2, %arg2 fastmath<fast> : f32
// CHECK-NEXT:    %2 = arith.cmpi ult, %0, %arg1 : i32
// CHECK-NEXT:    %3 = arith.cmpf oeq, %1, %arg2 : f32
// CHECK-NEXT:    %4 = arith.select %2, %0, %arg1 : i32
// CHECK-NEXT:    %5 = arith.select %arg3, %arg4, %arg4 : tensor<2xi1>, tensor<2xi32>
// CHECK-NEXT:    %6 = arith.extsi %4 : i32 to i64
// CHECK-NEXT:    %7 = arith.trunci %6 overflow<nsw> : i64 to i32
// CHECK-NEXT:    %8 = arith.truncf %1 to_nearest_even : f32 to bf16
// CHECK-NEXT:    %9 = arith.index_cast %7 {tag} : i32 to index
// CHECK-NEXT:    %10 = arith.negf %arg2 : f32
// GEN:           "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw, nuw>}>
// GEN:           "arith.cmpi"(%0, %arg1) <{predicate = 6 : i64}> : (i32, i32) -> i1
// GEN:           "arith.cmpf"(%1, %arg2) <{fastmath = #arith.fastmath<none>, predicate = 1 : i64}>
// GEN:           "arith.truncf"(%1) <{roundingmode = 0 : i32}> : (f32) -> bf16
// GEN:           "arith.negf"(%arg2) <{fastmath = #arith.fastmath<none>}>
func.func @arith(%a: i32, %b: i32, %x: f32, %t: tensor<2xi1>, %v: tensor<2xi32>) -> (i64, index, bf16, f32, tensor<2xi32>, i1) {
  %0 = arith.addi %a, %b overflow<nsw,nuw> : i32
  %1 = arith.addf %x, %x fastmath<fast> : f32
  %2 = arith.cmpi ult, %0, %b : i32
  %3 = arith.cmpf oeq, %1, %x : f32
  %4 = arith.select %2, %0, %b : i32
  %5 = arith.select %t, %v, %v : tensor<2xi1>, tensor<2xi32>
  %6 = arith.extsi %4 : i32 to i64
  %7 = arith.trunci %6 overflow<nsw> : i64 to i32
  %8 = arith.truncf %1 to_nearest_even : f32 to bf16
  %9 = arith.index_cast %7 {tag} : i32 to index
  %10 = arith.negf %x : f32
  return %6, %9, %8, %10, %5, %3 : i64, index, bf16, f32, tensor<2xi32>, i1
}

// -----

// CHECK-LABEL: func.func @cf
// CHECK-NEXT:    cf.assert %arg0, "x \22quoted\22"
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1(%arg1, %arg1 : i32, i32), ^bb2 {hint}
// CHECK-NEXT:  ^bb1(%0: i32, %1: i32):  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb2
// GEN:           "cf.cond_br"(%arg0, %arg1, %arg1)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 2, 0>}> {hint}
func.func @cf(%c: i1, %a: i32) {
  cf.assert %c, "x \"quoted\""
  cf.cond_br %c, ^bb1(%a, %a : i32, i32), ^bb2 {hint}
^bb1(%x: i32, %y: i32):
  cf.br ^bb2
^bb2:
  return
}
