// RUN: hlopt %s --canonicalize | filecheck %s
// RUN: hlopt %s '--canonicalize=disable-patterns=MultiBlockExecuteInliner,MakeRegionBranchOpSuccessorInputsDead,RemoveDeadRegionBranchOpSuccessorInputs,RemoveDuplicateSuccessorInputUses,InlineRegionBranchOp' | filecheck %s --check-prefix=OFF

// scf.execute_region's and scf.index_switch's canonicalization as iree-opt's
// MLIR registers it (MultiBlockExecuteInliner, then the RegionBranchOpInterface
// patterns; outputs equal to iree-opt's when this file was written and in
// tests/oracle/test_scf_oracle.py). With the patterns disabled (OFF) the ops stay.

func.func private @use32(i32) -> i32
func.func private @two(i32, i32) -> i32

// MultiBlockExecuteInliner: the blocks join the function's, yields branch to
// the block after, whose argument replaces the result.
// CHECK-LABEL: func.func @multi
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %0 = call @use32(%arg1) : (i32) -> i32
// CHECK-NEXT: cf.br ^bb2(%0 : i32)
// CHECK-NEXT: ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: %2 = call @use32(%1) : (i32) -> i32
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
// OFF-LABEL: func.func @multi
// OFF: scf.execute_region
func.func @multi(%c: i1, %x: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %n = func.call @use32(%x) : (i32) -> i32
    scf.yield %n : i32
  ^bb2:
    scf.yield %x : i32
  }
  %s = func.call @use32(%r) : (i32) -> i32
  return %s : i32
}

// InlineRegionBranchOp: a single-block execute_region inside an scf.if (where
// MultiBlockExecuteInliner does not apply) is replaced by its body.
// CHECK-LABEL: func.func @nested
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %1 = func.call @use32(%arg1) : (i32) -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// OFF-LABEL: func.func @nested
// OFF: scf.execute_region
func.func @nested(%c: i1, %x: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %e:2 = scf.execute_region -> (i32, i32) {
      %n = func.call @use32(%x) : (i32) -> i32
      scf.yield %n, %x : i32, i32
    }
    scf.yield %e#0 : i32
  } else {
    scf.yield %x : i32
  }
  return %r : i32
}

// no_inline keeps the op; the RegionBranchOpInterface patterns still drop a
// result that is an outside value (%x) and a duplicate one.
// CHECK-LABEL: func.func @noinline
// CHECK-NEXT: %0 = scf.execute_region -> i32 no_inline {
// CHECK-NEXT: %3 = func.call @use32(%arg0) : (i32) -> i32
// CHECK-NEXT: scf.yield %3 : i32
// CHECK-NEXT: } {keep}
// CHECK-NEXT: %1 = call @two(%0, %0) : (i32, i32) -> i32
// CHECK-NEXT: %2 = call @two(%arg0, %1) : (i32, i32) -> i32
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
// OFF-LABEL: func.func @noinline
// OFF: (i32, i32, i32) no_inline
func.func @noinline(%x: i32) -> i32 {
  %e:3 = scf.execute_region -> (i32, i32, i32) no_inline {
    %n = func.call @use32(%x) : (i32) -> i32
    scf.yield %n, %x, %n : i32, i32, i32
  } {keep}
  %s = func.call @two(%e#0, %e#2) : (i32, i32) -> i32
  %t = func.call @two(%e#1, %s) : (i32, i32) -> i32
  return %t : i32
}

// index_switch: a result every region feeds %y, a duplicate result.
// CHECK-LABEL: func.func @switch_results
// CHECK-NEXT: %0 = scf.index_switch %arg0 {tag} -> i32
// CHECK-NEXT: case 0 {
// CHECK-NEXT: %3 = func.call @use32(%arg1) : (i32) -> i32
// CHECK-NEXT: scf.yield %3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: case 4 {
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: %3 = func.call @use32(%arg2) : (i32) -> i32
// CHECK-NEXT: scf.yield %3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %1 = call @two(%0, %0) : (i32, i32) -> i32
// CHECK-NEXT: %2 = call @two(%arg2, %1) : (i32, i32) -> i32
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
// OFF-LABEL: func.func @switch_results
// OFF: -> i32, i32, i32
func.func @switch_results(%i: index, %x: i32, %y: i32) -> i32 {
  %r:3 = scf.index_switch %i {tag} -> i32, i32, i32
  case 0 {
    %n = func.call @use32(%x) : (i32) -> i32
    scf.yield %n, %y, %n : i32, i32, i32
  }
  case 4 {
    scf.yield %x, %y, %x : i32, i32, i32
  }
  default {
    %m = func.call @use32(%y) : (i32) -> i32
    scf.yield %m, %y, %m : i32, i32, i32
  }
  %s = func.call @two(%r#0, %r#2) : (i32, i32) -> i32
  %t = func.call @two(%r#1, %s) : (i32, i32) -> i32
  return %t : i32
}

// InlineRegionBranchOp: a constant picks a case (4) or the default (9), and a
// switch with only its default region is inlined.
// CHECK-LABEL: func.func @switch_static
// CHECK-NEXT: %0 = call @use32(%arg1) : (i32) -> i32
// CHECK-NEXT: %1 = call @use32(%0) : (i32) -> i32
// CHECK-NEXT: %2 = call @use32(%1) : (i32) -> i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
// OFF-LABEL: func.func @switch_static
// OFF: scf.index_switch
func.func @switch_static(%i: index, %x: i32) -> i32 {
  %c4 = arith.constant 4 : index
  %u = scf.index_switch %c4 -> i32
  case 4 {
    %n = func.call @use32(%x) : (i32) -> i32
    scf.yield %n : i32
  }
  default {
    scf.yield %x : i32
  }
  %c9 = arith.constant 9 : index
  %v = scf.index_switch %c9 -> i32
  case 4 {
    scf.yield %u : i32
  }
  default {
    %k = func.call @use32(%u) : (i32) -> i32
    scf.yield %k : i32
  }
  scf.index_switch %i
  default {
    %k = func.call @use32(%v) : (i32) -> i32
  }
  return %v : i32
}
