// RUN: hlopt %s --symbol-dce --allow-unregistered-dialect | filecheck %s
// RUN: hlopt %s --symbol-dce --allow-unregistered-dialect --mlir-pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STATS

// Private symbols reachable from public ones (through calls, attributes
// anywhere, nested references) stay; the rest go, including private nested
// symbol tables and everything in them.
// CHECK-LABEL: module {
// CHECK-NEXT:    func.func @pub
// CHECK:         func.func private @used(
// CHECK:         func.func private @used2(
// CHECK:         func.func private @by_attr(
// CHECK:         "test.holder"() {refs = [@by_attr, {x = @nested_mod::@inner}]}
// CHECK-NEXT:    module @nested_mod {
// CHECK-NEXT:      func.func @inner()
// CHECK-NEXT:        return
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NOT:   @dead
// STATS: SymbolDCE
// STATS-NEXT: (S) 7 num-dce'd - Number of symbols DCE'd
module {
  func.func @pub(%a: i32) -> i32 {
    %0 = func.call @used(%a) : (i32) -> i32
    return %0 : i32
  }
  func.func private @used(%a: i32) -> i32 {
    %0 = func.call @used2(%a) : (i32) -> i32
    return %0 : i32
  }
  func.func private @used2(%a: i32) -> i32 {
    return %a : i32
  }
  func.func private @dead(%a: i32) -> i32 {
    %0 = func.call @dead2(%a) : (i32) -> i32
    return %0 : i32
  }
  func.func private @dead2(%a: i32) -> i32 {
    return %a : i32
  }
  func.func private @decl(i32) -> i32
  func.func private @by_attr(%a: i32) -> i32 {
    return %a : i32
  }
  func.func nested @nested_vis() {
    return
  }
  "test.holder"() {refs = [@by_attr, {x = @nested_mod::@inner}]} : () -> ()
  module @nested_mod {
    func.func @inner() {
      return
    }
    func.func private @inner_dead() {
      return
    }
  }
  "builtin.module"() <{sym_name = "private_mod", sym_visibility = "private"}> ({
    func.func @hidden_pub() {
      return
    }
  }) : () -> ()
}
