// RUN: hlopt %s --pass-pipeline='builtin.module(func.func(symbol-dce))' --verify-diagnostics

// expected-error@+2 {{'func.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table}}
// expected-note@+1 {{pass 'symbol-dce' failed}}
func.func @f() {
  return
}
