// RUN: not hlopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect 2>&1 >/dev/null | filecheck %s
// Mismatches between annotations and diagnostics make hlopt exit 1 and are
// reported at the annotation (missing) or at the diagnostic (unexpected).

// Expected but not produced.
// expected-error@+1 {{this is never reported}}
"t.ok"() : () -> ()

// -----

// Produced but not expected.
"t.a"() {a = #x} : () -> ()

// -----

// Right message, wrong line.
// expected-error@+2 {{undefined symbol alias id 'x'}}
"t.a"() {a = #x} : () -> ()
"t.ok"() : () -> ()

// -----

// A regex that does not match.
// expected-error-re@+1 {{undefined symbol alias id '{{[0-9]+}}'}}
"t.a"() {a = #x} : () -> ()

// -----

// A missing note.
// expected-error@+3 {{redefinition of symbol named 'g'}}
// expected-note@+1 {{no such note}}
"t.a"() {sym_name = "g"} : () -> ()
"t.a"() {sym_name = "g"} : () -> ()

// -----

// @below binds to the very next line that is no annotation, a comment too.
// expected-error@below {{undefined symbol alias id 'x'}}
// (this comment line is where the expectation points)
"t.a"() {a = #x} : () -> ()
// CHECK: {{.*}}verify-diagnostics-fail.mlir:6:4: error: expected error "this is never reported" was not produced
// CHECK-NEXT: {{.*}}verify-diagnostics-fail.mlir:12:14: error: unexpected error: undefined symbol alias id 'x'
// CHECK-NEXT: {{.*}}verify-diagnostics-fail.mlir:18:14: error: unexpected error: undefined symbol alias id 'x'
// CHECK-NEXT: {{.*}}verify-diagnostics-fail.mlir:17:4: error: expected error "undefined symbol alias id 'x'" was not produced
// CHECK-NEXT: {{.*}}verify-diagnostics-fail.mlir:25:14: error: unexpected error: undefined symbol alias id 'x'
// CHECK-NEXT: {{.*}}verify-diagnostics-fail.mlir:24:4: error: expected error "undefined symbol alias id '{{[{][{][[]0-9[]][+][}][}]}}'" was not produced
// CHECK-NEXT: {{.*}}verify-diagnostics-fail.mlir:32:1: error: unexpected note: see existing symbol definition here
// CHECK-NEXT: {{.*}}verify-diagnostics-fail.mlir:31:4: error: expected note "no such note" was not produced
// CHECK-NEXT: {{.*}}verify-diagnostics-fail.mlir:40:14: error: unexpected error: undefined symbol alias id 'x'
// CHECK-NEXT: {{.*}}verify-diagnostics-fail.mlir:38:4: error: expected error "undefined symbol alias id 'x'" was not produced
// CHECK-NOT: error
