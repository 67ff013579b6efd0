// A misspelled pass or pass option is a command-line error (exit 2) that
// names the closest registered spellings.
// RUN: bash -c 'hlopt %s --cs 2>/dev/null; test $? = 2'
// RUN: not hlopt %s --cs 2>&1 | filecheck %s --check-prefix=FLAG
// FLAG: Unknown command line argument '--cs'. Try: 'hlopt --help'
// FLAG-NEXT: Did you mean '--cse'?
// RUN: bash -c 'hlopt %s --pass-pipeline="builtin.module(canonicalise)" 2>/dev/null; test $? = 2'
// RUN: not hlopt %s --pass-pipeline='builtin.module(canonicalise)' 2>&1 | filecheck %s --check-prefix=PIPE
// PIPE: 'canonicalise' does not refer to a registered pass or pass pipeline (did you mean 'canonicalize'?)
// RUN: bash -c 'hlopt %s --canonicalize=max-iteration=2 2>/dev/null; test $? = 2'
// RUN: not hlopt %s --canonicalize=max-iteration=2 2>&1 | filecheck %s --check-prefix=OPT
// OPT: unknown option 'max-iteration' for pass 'canonicalize' (options: {{.*}}; did you mean 'max-iterations'?)
// Nothing close: no suggestion.
// RUN: not hlopt %s --zzzzzz 2>&1 | filecheck %s --check-prefix=NONE
// NONE: Unknown command line argument '--zzzzzz'
// NONE-NOT: Did you mean
func.func @f() {
  return
}
