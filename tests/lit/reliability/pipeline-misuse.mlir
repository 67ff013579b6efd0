// Pipeline misuse is exit 2 (not an internal error, not exit 1); MLIR's
// accepted spellings stay accepted.
// RUN: bash -c 'hlopt %s --inline=default-pipeline=bogus 2>&1; test $? = 2' | filecheck %s --check-prefix=BOGUS
// RUN: bash -c 'hlopt %s "--inline=default-pipeline=func.func(cse" 2>&1; test $? = 2' | filecheck %s --check-prefix=UNCLOSED
// RUN: bash -c 'hlopt %s "--pass-pipeline=builtin.module(inline{default-pipeline=bogus})" 2>&1; test $? = 2' | filecheck %s --check-prefix=BOGUS
// RUN: bash -c 'hlopt %s --pass-pipeline=cse 2>&1; test $? = 2' | filecheck %s --check-prefix=ANCHOR
// RUN: bash -c 'hlopt %s "--pass-pipeline=func.func(cse)" 2>&1; test $? = 2' | filecheck %s --check-prefix=NESTED
// RUN: hlopt %s "--canonicalize{max-iterations=3}" | filecheck %s
// RUN: hlopt %s "--pass-pipeline=builtin.module(func.func(cse))" | filecheck %s
// RUN: hlopt %s --inline=default-pipeline=canonicalize | filecheck %s
// RUN: bash -c 'hlopt %s "--canonicalize{max-iterations=x}" 2>&1; test $? = 2' | filecheck %s --check-prefix=BADVAL

func.func @f() {
  return
}
// CHECK: func.func @f() {
// BOGUS: 'bogus' does not refer to a registered pass or pass pipeline
// BOGUS-NOT: internal error
// UNCLOSED: expected ')' to close 'func.func('
// UNCLOSED-NOT: internal error
// ANCHOR: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'
// NESTED: can't run 'func.func' pass manager on 'builtin.module' op
// BADVAL: invalid value 'x' for option 'max-iterations' of pass 'canonicalize'
