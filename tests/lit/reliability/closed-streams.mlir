// A closed stdin or stdout is a clean error, not an internal one.
// RUN: bash -c 'hlopt 0<&- 2>&1; test $? = 2' | filecheck %s --check-prefix=STDIN
// RUN: bash -c 'hlopt %s 2>&1 >&-; test $? = 1' | filecheck %s --check-prefix=STDOUT

func.func @f() {
  return
}
// STDIN: could not open input file '-': stdin is closed
// STDIN-NOT: internal error
// STDOUT: error: could not write to stdout: the stream is closed
// STDOUT-NOT: internal error
