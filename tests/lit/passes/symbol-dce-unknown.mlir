// RUN: hlopt %s --symbol-dce --verify-diagnostics --allow-unregistered-dialect

func.func private @g() {
  return
}
// An op of an unknown dialect with one region might be a symbol table.
// expected-error@+2 {{operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses}}
// expected-note@+1 {{pass 'symbol-dce' failed}}
"unknown.container"() ({
  "unknown.op"() {ref = @g} : () -> ()
}) : () -> ()
