// --mlir-print-ir-tree-dir=DIR writes each IR dump to its own file: a
// directory per op (`<op name>_<symbol>`, dots as underscores) and a file
// per dump, numbered per op (a nested pipeline counts as one step of its
// parent), as MLIR lays them out. Nothing goes to stderr.
// RUN: rm -rf %t && hlopt %s --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' --mlir-print-ir-after-all --mlir-print-ir-tree-dir=%t -o /dev/null 2>&1 | filecheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: IR Dump
// RUN: filecheck %s --check-prefix=MAIN < %t/builtin_module_m/func_func_main/0_0_cse.mlir
// MAIN:      // -----// IR Dump After CSEPass: cse //----- //
// MAIN-NEXT: func.func @main(%arg0: i32) -> i32 {
// MAIN-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// MAIN-NEXT:   %1 = arith.muli %0, %0 : i32
// RUN: filecheck %s --check-prefix=G < %t/builtin_module_m/func_func_g/0_0_cse.mlir
// G: func.func private @g()
// RUN: filecheck %s --check-prefix=DCE < %t/builtin_module_m/1_symbol-dce.mlir
// DCE:      // -----// IR Dump After SymbolDCEPass: symbol-dce //----- //
// DCE-NEXT: module @m {
// DCE-NOT:  @g
// Before and after dumps of one pass take consecutive numbers.
// RUN: rm -rf %t2 && hlopt %s --pass-pipeline='builtin.module(symbol-dce)' --mlir-print-ir-before-all --mlir-print-ir-after-all --mlir-print-ir-tree-dir=%t2 -o /dev/null
// RUN: filecheck %s --check-prefix=BEFORE < %t2/builtin_module_m/0_symbol-dce.mlir
// BEFORE: IR Dump Before SymbolDCEPass
// RUN: filecheck %s --check-prefix=AFTER < %t2/builtin_module_m/1_symbol-dce.mlir
// AFTER: IR Dump After SymbolDCEPass
module @m {
  func.func @main(%a: i32) -> i32 {
    %0 = arith.addi %a, %a : i32
    %1 = arith.addi %a, %a : i32
    %2 = arith.muli %0, %1 : i32
    return %2 : i32
  }
  func.func private @g() {
    return
  }
}
