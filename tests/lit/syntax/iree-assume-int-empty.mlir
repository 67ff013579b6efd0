// RUN: hlopt %s | filecheck %s

// util.assume.int with no operands prints as iree-opt (3.13) prints it: the op
// name, two spaces, the colon and a space (an empty operand list and an empty
// type list), then the attribute dictionary. Neither iree-opt nor hlopt reads
// that text back ('expected SSA operand' in IREE), so the input is generic and
// the case lives outside tests/lit/iree, whose oracle re-parses iree-opt's output.
util.func public @assume_none() {
  "util.assume.int"() <{assumptions = []}> : () -> ()
  "util.assume.int"() <{assumptions = []}> {baz = 2 : i32} : () -> ()
  util.return
}
// CHECK-LABEL: util.func public @assume_none
// CHECK-NEXT: {{^    util.assume.int  : $}}
// CHECK-NEXT: {{^    util.assume.int  :  \{baz = 2 : i32\}$}}
// CHECK-NEXT: util.return
