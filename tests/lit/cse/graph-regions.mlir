// builtin.module's body is a graph region (its RegionKindInterface says so):
// an op may use a value defined later in the module. The verifier accepts
// it, and cse keeps uses that come before the kept op intact. An
// unregistered op's regions may be graphs too (MLIR's dominance info
// assumes so), while a function body stays an SSA CFG. MLIR's print
// and cse result for each chunk are checked by tests/oracle/test_corners_oracle.py.
// RUN: hlopt %s --split-input-file --allow-unregistered-dialect | filecheck %s --check-prefix=VERIFY
// RUN: hlopt %s --split-input-file --allow-unregistered-dialect --cse | filecheck %s --check-prefix=CSE

"test.use"(%0) : (i32) -> ()
%0 = "test.def"() : () -> i32
// VERIFY-LABEL: module {
// VERIFY-NEXT: "test.use"(%0) : (i32) -> ()
// VERIFY-NEXT: %0 = "test.def"() : () -> i32

// -----

%1 = "test.use"(%0) : (i32) -> i32
%0 = arith.constant 1 : i32
%2 = arith.constant 1 : i32
%3 = arith.constant 1 : i32
%4 = "test.use"(%3, %2) : (i32, i32) -> i32
// CSE: %0 = "test.use"(%c1_i32) : (i32) -> i32
// CSE-NEXT: %c1_i32 = arith.constant 1 : i32
// CSE-NEXT: %1 = "test.use"(%c1_i32, %c1_i32) : (i32, i32) -> i32
// CSE-NEXT: }

// -----

// in an explicit module, a use inside a nested op's region of a value defined later at the top level
module {
  "test.region"() ({
    "test.use"(%0) : (i32) -> ()
  }) : () -> ()
  %0 = "test.def"() : () -> i32
}
// VERIFY: "test.region"() ({
// VERIFY-NEXT: "test.use"(%0) : (i32) -> ()
// VERIFY-NEXT: }) : () -> ()
// VERIFY-NEXT: %0 = "test.def"() : () -> i32

// -----

func.func @f() {
  "test.region"() ({
    %a = arith.constant 1 : i32
    "test.use"(%b) : (i32) -> ()
    %b = arith.constant 1 : i32
    %c = arith.constant 1 : i32
    "test.use"(%a, %b, %c) : (i32, i32, i32) -> ()
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
// VERIFY-LABEL: func.func @f
// VERIFY: "test.use"(%c1_i32_0) : (i32) -> ()
// VERIFY-NEXT: %c1_i32_0 = arith.constant 1 : i32
// CSE-LABEL: func.func @f
// CSE-NEXT: "test.region"() ({
// CSE-NEXT: %c1_i32 = arith.constant 1 : i32
// CSE-NEXT: "test.use"(%c1_i32) : (i32) -> ()
// CSE-NEXT: "test.use"(%c1_i32, %c1_i32, %c1_i32) : (i32, i32, i32) -> ()
