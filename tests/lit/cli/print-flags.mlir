// --allow-unregistered-dialect, --mlir-print-op-generic, --mlir-print-debuginfo.
// RUN: not hlopt %s 2>&1 | filecheck %s --check-prefix=UNREG
// RUN: hlopt %s --allow-unregistered-dialect | filecheck %s --check-prefix=PRETTY
// RUN: hlopt %s --allow-unregistered-dialect --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: hlopt < %s --allow-unregistered-dialect --mlir-print-debuginfo | filecheck %s --check-prefix=DEBUG
// RUN: hlopt %s --allow-unregistered-dialect --mlir-print-op-generic | hlopt --allow-unregistered-dialect | filecheck %s --check-prefix=PRETTY

func.func @f(%a: i32) -> i32 {
  %0 = "t.op"(%a) : (i32) -> i32 loc("here.py":3:4)
  return %0 : i32
}

// UNREG: print-flags.mlir:9:8: error: operation being parsed with an unregistered dialect

// PRETTY: func.func @f(%arg0: i32) -> i32 {
// PRETTY-NEXT: %0 = "t.op"(%arg0) : (i32) -> i32
// PRETTY-NEXT: return %0 : i32

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT: "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
// GENERIC-NEXT: ^bb0(%arg0: i32):
// GENERIC-NEXT: %0 = "t.op"(%arg0) : (i32) -> i32
// GENERIC-NEXT: "func.return"(%0) : (i32) -> ()

// DEBUG: #loc2 = loc("<stdin>":8:14)
// DEBUG-NEXT: module {
// DEBUG-NEXT: func.func @f(%arg0: i32 loc("<stdin>":8:14)) -> i32 {
// DEBUG-NEXT: %0 = "t.op"(%arg0) : (i32) -> i32 loc(#loc3)
// DEBUG-NEXT: return %0 : i32 loc(#loc4)
// DEBUG-NEXT: } loc(#loc1)
// DEBUG-NEXT: } loc(#loc)
// DEBUG-NEXT: #loc = loc("<stdin>":0:0)
// DEBUG-NEXT: #loc1 = loc("<stdin>":8:1)
// DEBUG-NEXT: #loc3 = loc("here.py":3:4)
// DEBUG-NEXT: #loc4 = loc("<stdin>":10:3)
