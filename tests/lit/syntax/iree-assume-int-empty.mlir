// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s

// util.assume.int with no operands stays generic. iree-opt (3.13) prints it
// as `util.assume.int  : ` (an empty operand list and an empty type list),
// text its own parser rejects ('expected SSA operand'); hlopt prints only
// text it can read back, so the generic form is the one that round-trips
// through both tools. (Outside tests/lit/iree: that oracle re-parses
// iree-opt's output, which fails here.)
util.func public @assume_none() {
  "util.assume.int"() <{assumptions = []}> : () -> ()
  "util.assume.int"() <{assumptions = []}> {baz = 2 : i32} : () -> ()
  util.return
}
// CHECK-LABEL: util.func public @assume_none
// CHECK-NEXT: "util.assume.int"() <{assumptions = []}> : () -> ()
// CHECK-NEXT: "util.assume.int"() <{assumptions = []}> {baz = 2 : i32} : () -> ()
// CHECK-NEXT: util.return
