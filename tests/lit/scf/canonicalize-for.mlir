// RUN: hlopt %s --canonicalize --split-input-file | filecheck %s
// RUN: hlopt %s '--canonicalize=disable-patterns=MakeRegionBranchOpSuccessorInputsDead' --split-input-file | filecheck %s --check-prefix=NOMAKE
// RUN: hlopt %s '--canonicalize=disable-patterns=InlineRegionBranchOp' --split-input-file | filecheck %s --check-prefix=NOINL
// (iree-opt itself emits invalid IR for that one: its dead-input pattern drops a one-trip loop's argument
// without the result tied to it through the loop)
// RUN: hlopt %s '--canonicalize=enable-patterns=RemoveDeadRegionBranchOpSuccessorInputs' --split-input-file | filecheck %s --check-prefix=DEAD

// scf.for's canonicalization as iree-opt's MLIR does it: the
// RegionBranchOpInterface patterns that replaced ForOpIterArgsFolder and
// SimplifyTrivialLoops (outputs checked against iree-opt in
// tests/oracle/test_ireeopt_oracle.py).

func.func private @use32(i32) -> i32

// An iter_arg yielded unchanged holds its init (MakeRegionBranchOpSuccessorInputsDead),
// then it and an iter_arg whose argument and result are unused are dropped
// (RemoveDeadRegionBranchOpSuccessorInputs); the used one stays.
// CHECK-LABEL: func.func @iter_args
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.for %arg4 = %arg0 to %arg1 step %c1 iter_args(%arg5 = %arg3) -> (i32) {
// CHECK-NEXT:   %1 = func.call @use32(%arg5) : (i32) -> i32
// CHECK-NEXT:   %2 = func.call @use32(%arg2) : (i32) -> i32
// CHECK-NEXT:   scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %arg2, %0 : i32, i32
// NOMAKE-LABEL: func.func @iter_args
// NOMAKE: scf.for {{.*}} iter_args(%arg5 = %arg2, %arg6 = %arg3) -> (i32, i32)
// DEAD-LABEL: func.func @iter_args
// DEAD: scf.for {{.*}} iter_args(%arg5 = %arg2, %arg6 = %arg3) -> (i32, i32)
func.func @iter_args(%lb: index, %ub: index, %x: i32, %y: i32) -> (i32, i32) {
  %s = arith.constant 1 : index
  %r:3 = scf.for %i = %lb to %ub step %s iter_args(%a = %x, %b = %y, %c = %x) -> (i32, i32, i32) {
    %n = func.call @use32(%b) : (i32) -> i32
    %m = func.call @use32(%x) : (i32) -> i32
    scf.yield %a, %n, %m : i32, i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

func.func private @use(index)
func.func private @use32(i32) -> i32

// InlineRegionBranchOp: loops of no trips (decreasing constant bounds,
// equal bounds) become their inits, a loop of one trip its body with the
// lower bound for the induction variable; a loop that runs (4 trips) and
// yields an outside value gives that value, and is then dead.
// CHECK-LABEL: func.func @trivial
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: call @use(%c0) : (index) -> ()
// CHECK-NEXT: %0 = call @use32(%arg0) : (i32) -> i32
// CHECK-NEXT: return %arg0, %0, %arg1, %arg0 : i32, i32, i32, i32
// NOINL-LABEL: func.func @trivial
// NOINL-COUNT-3: scf.for
// NOINL: return %0, %1, %arg1, %2 : i32, i32, i32, i32
func.func @trivial(%x: i32, %y: i32, %n: index) -> (i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r0 = scf.for %i = %c4 to %c0 step %c1 iter_args(%a = %x) -> (i32) {
    %v = func.call @use32(%a) : (i32) -> i32
    scf.yield %v : i32
  }
  %r1 = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %x) -> (i32) {
    func.call @use(%i) : (index) -> ()
    %v = func.call @use32(%a) : (i32) -> i32
    scf.yield %v : i32
  }
  %r2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x) -> (i32) {
    scf.yield %y : i32
  }
  %r3 = scf.for %i = %n to %n step %c1 iter_args(%a = %x) -> (i32) {
    %v = func.call @use32(%a) : (i32) -> i32
    scf.yield %v : i32
  }
  return %r0, %r1, %r2, %r3 : i32, i32, i32, i32
}

// -----

func.func private @use(index)

// Bounds that are not both constants are left alone (iree-opt's MLIR does
// not match `ub = lb + c`).
// CHECK-LABEL: func.func @not_constant
// CHECK: scf.for %arg1 = %arg0 to %0 step %c4 {
func.func @not_constant(%n: index) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %ub = arith.addi %n, %c1 : index
  scf.for %i = %n to %ub step %c4 {
    func.call @use(%i) : (index) -> ()
  }
  return
}
