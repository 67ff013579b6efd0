// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s

// util.initializer's form is not a function's (no name, arguments or
// results): as iree-opt, a body without blocks reads and prints as `{ }`.

util.initializer {
}
// CHECK:      util.initializer {
// CHECK-NEXT: }
