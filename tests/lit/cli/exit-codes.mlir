// Exit codes: 0 success, 1 diagnostics, 2 command-line misuse.
// RUN: bash -c 'hlopt %s > /dev/null; test $? = 0'
// RUN: bash -c 'echo '\''"t.x"() : () -> ()'\'' | hlopt 2>/dev/null; test $? = 1'
// RUN: bash -c 'echo '\''"t.x"() : () -> ()'\'' | hlopt --allow-unregistered-dialect >/dev/null; test $? = 0'
// RUN: bash -c 'hlopt %s --no-such-flag 2>/dev/null; test $? = 2'
// RUN: bash -c 'hlopt %s %s 2>/dev/null; test $? = 2'
// RUN: bash -c 'hlopt %s.does-not-exist 2>/dev/null; test $? = 2'
// RUN: bash -c 'hlopt %s --pass-pipeline='\''builtin.module(no-such-pass)'\'' 2>/dev/null; test $? = 2'
// RUN: bash -c 'hlopt %s --pass-pipeline='\''builtin.module(cse'\'' 2>/dev/null; test $? = 2'
// RUN: bash -c 'hlopt %s --cse=no-such-option=1 2>/dev/null; test $? = 2'
// RUN: bash -c 'hlopt %s --canonicalize=max-iterations=abc 2>/dev/null; test $? = 2'
// RUN: bash -c 'hlopt %s --cse --pass-pipeline='\''builtin.module(cse)'\'' 2>/dev/null; test $? = 2'
// RUN: bash -c 'hlopt %s -o 2>/dev/null; test $? = 2'
// RUN: not hlopt %s --no-such-flag 2>&1 | filecheck %s --check-prefix=USAGE
// RUN: not hlopt %s --pass-pipeline='builtin.module(no-such-pass)' 2>&1 | filecheck %s --check-prefix=PIPE
// RUN: not hlopt %s --canonicalize=max-iterations=abc 2>&1 | filecheck %s --check-prefix=OPT
// RUN: not hlopt %s.does-not-exist 2>&1 | filecheck %s --check-prefix=NOFILE

func.func @f() {
  return
}

// USAGE: Unknown command line argument '--no-such-flag'
// PIPE: 'no-such-pass' does not refer to a registered pass or pass pipeline
// OPT: invalid value 'abc' for option 'max-iterations' of pass 'canonicalize'
// NOFILE: could not open input file '{{.*}}.does-not-exist': No such file or directory
