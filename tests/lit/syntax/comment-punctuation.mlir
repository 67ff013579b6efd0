// RUN: hlopt %s --allow-unregistered-dialect | filecheck %s --strict-whitespace --match-full-lines
// A comment after a value whose `: type` or `-> type` may follow (an alias
// definition, a typed attribute, a signature) is skipped whole: the ':' and
// '->' inside it are not punctuation.
#s = #foo.bar<[a, b]>
// x: y -> z
// X: %[[A:.*]] = foo.op %arg0[0] : tensor<4xf32> -> tensor<8xf32>
func.func @f(%arg0: i32) -> i32 { // done: -> here
  %0 = "foo.op"() {a = #s} : () -> i32 // :
  return %arg0 : i32 // ->
}
// CHECK:module {
// CHECK-NEXT:  func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = "foo.op"() {a = #foo.bar<[a, b]>} : () -> i32
// CHECK-NEXT:    return %arg0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:}
