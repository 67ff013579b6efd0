// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// IREE's custom forms of util.initializer, util.global.load/store, util.func
// and util.call tied results, stream.executable.export workgroup-count regions and aliases,
// stream.return, and dispatches with several entry points or results, as
// iree-opt prints them (tests/oracle/test_specialize_encodings_oracle.py
// compares every chunk with iree-opt byte for byte).

// util.initializer, util.global.load/store (immutable, attributes): the result of a
// load is named after its global, as IREE names it.

util.global private @g : index
util.global private mutable @m : tensor<4xf32>
util.initializer {
  %c1 = arith.constant 1 : index
  %0 = util.global.load immutable @g : index
  %1 = util.global.load @m {util.tag} : tensor<4xf32>
  util.global.store %1, @m {util.tag} : tensor<4xf32>
  util.return
}
util.initializer attributes {util.order = 1 : index} {
  util.return
}

// CHECK: {{^}}module {
// CHECK-NEXT:   util.global private @g : index
// CHECK-NEXT:   util.global private mutable @m : tensor<4xf32>
// CHECK-NEXT:   util.initializer {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %g = util.global.load immutable @g : index
// CHECK-NEXT:     %m = util.global.load @m {util.tag} : tensor<4xf32>
// CHECK-NEXT:     util.global.store %m, @m {util.tag} : tensor<4xf32>
// CHECK-NEXT:     util.return
// CHECK-NEXT:   }
// CHECK-NEXT:   util.initializer attributes {util.order = 1 : index} {
// CHECK-NEXT:     util.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// util.func results tied to arguments: `-> %arg0`, `%arg0 as T` when the type
// changes, several results with attributes, declarations named.

util.func private @decl(%arg0: !stream.resource<*>) -> %arg0 as !stream.resource<external>
util.func private @decl2(%arg0: !stream.resource<*> {util.a}, %arg1: index) -> (%arg1 {util.b}, index, %arg0)
util.func private @untied(index, !stream.resource<*>) -> (index, !stream.resource<*>)
util.func public @same(%r: !stream.resource<*>, %n: index) -> %r attributes {util.c} {
  util.return %r : !stream.resource<*>
}
util.func public @mixed(%r: !stream.resource<*>, %n: index) -> (%r as !stream.resource<external>, index) {
  %0 = stream.async.transfer %r : !stream.resource<*>{%n} -> !stream.resource<external>{%n}
  util.return %0, %n : !stream.resource<external>, index
}

// CHECK: {{^}}module {
// CHECK-NEXT:   util.func private @decl(%arg0: !stream.resource<*>) -> %arg0 as !stream.resource<external>
// CHECK-NEXT:   util.func private @decl2(%arg0: !stream.resource<*> {util.a}, %arg1: index) -> (%arg1 {util.b}, index, %arg0)
// CHECK-NEXT:   util.func private @untied(%arg0: index, %arg1: !stream.resource<*>) -> (index, !stream.resource<*>)
// CHECK-NEXT:   util.func public @same(%arg0: !stream.resource<*>, %arg1: index) -> %arg0 attributes {util.c} {
// CHECK-NEXT:     util.return %arg0 : !stream.resource<*>
// CHECK-NEXT:   }
// CHECK-NEXT:   util.func public @mixed(%arg0: !stream.resource<*>, %arg1: index) -> (%arg0 as !stream.resource<external>, index) {
// CHECK-NEXT:     %0 = stream.async.transfer %arg0 : !stream.resource<*>{%arg1} -> !stream.resource<external>{%arg1}
// CHECK-NEXT:     util.return %0, %arg1 : !stream.resource<external>, index
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// Exports with workgroup-count regions, `as("name")` aliases (the export `name`
// runs the function it names first) and attributes (an empty region leaves two
// spaces); dispatches with several entry points and several results.

stream.executable private @ex {
  stream.executable.export public @fn as("fn_tiled") workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %arg0, %arg1, %c1 : index, index, index
  } attributes {util.tag}
  stream.executable.export public @fn attributes {util.tag}
  stream.executable.export private @other workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @fn(%arg0: !stream.binding, %arg1: !stream.binding) {
      return
    }
    func.func @other(%arg0: !stream.binding) {
      return
    }
  }
}
util.func public @f(%r: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %0 = stream.tensor.dispatch {@ex::@fn_tiled, @ex::@fn}[%c4, %n](%r, %n) : (tensor<?xf32>{%n} in !stream.resource<*>{%n}, index) -> tensor<?xf32>{%n} in !stream.resource<*>{%n}
  %1:2 = stream.tensor.dispatch @ex::@fn_tiled[%c4, %n](%r) : (tensor<4xf32> in !stream.resource<*>{%n}) -> (tensor<4xf32> in %r{%n}, tensor<?xf32>{%n} in !stream.resource<*>{%n})
  %2:2 = stream.async.dispatch @ex::@fn_tiled[%c4, %c4](%r[%c0 to %n for %n], %n) : (!stream.resource<*>{%n}, index) -> (!stream.resource<*>{%n}, %r{%n})
  util.return %0, %2#0 : !stream.resource<*>, !stream.resource<*>
}

// CHECK: {{^}}module {
// CHECK-NEXT:   stream.executable private @ex {
// CHECK-NEXT:     stream.executable.export public @fn as("fn_tiled") workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
// CHECK-NEXT:       %c1 = arith.constant 1 : index
// CHECK-NEXT:       stream.return %arg0, %arg1, %c1 : index, index, index
// CHECK-NEXT:     } attributes {util.tag}
// CHECK-NEXT:     stream.executable.export public @fn  attributes {util.tag}
// CHECK-NEXT:     stream.executable.export private @other workgroups() -> (index, index, index) {
// CHECK-NEXT:       %c1 = arith.constant 1 : index
// CHECK-NEXT:       stream.return %c1, %c1, %c1 : index, index, index
// CHECK-NEXT:     }
// CHECK-NEXT:     builtin.module {
// CHECK-NEXT:       func.func @fn(%arg0: !stream.binding, %arg1: !stream.binding) {
// CHECK-NEXT:         return
// CHECK-NEXT:       }
// CHECK-NEXT:       func.func @other(%arg0: !stream.binding) {
// CHECK-NEXT:         return
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   util.func public @f(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, !stream.resource<*>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %0 = stream.tensor.dispatch {@ex::@fn_tiled, @ex::@fn}[%c4, %arg1](%arg0, %arg1) : (tensor<?xf32>{%arg1} in !stream.resource<*>{%arg1}, index) -> tensor<?xf32>{%arg1} in !stream.resource<*>{%arg1}
// CHECK-NEXT:     %1:2 = stream.tensor.dispatch @ex::@fn_tiled[%c4, %arg1](%arg0) : (tensor<4xf32> in !stream.resource<*>{%arg1}) -> (tensor<4xf32> in %arg0{%arg1}, tensor<?xf32>{%arg1} in !stream.resource<*>{%arg1})
// CHECK-NEXT:     %2:2 = stream.async.dispatch @ex::@fn_tiled[%c4, %c4](%arg0[%c0 to %arg1 for %arg1], %arg1) : (!stream.resource<*>{%arg1}, index) -> (!stream.resource<*>{%arg1}, %arg0{%arg1})
// CHECK-NEXT:     util.return %0, %2#0 : !stream.resource<*>, !stream.resource<*>
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// util.call: results tied to operands name the operand (`as T` when the type
// changes), as the callee's signature ties them; `-> ()` without results.

util.func private @g(%arg0: index)
util.func private @h(%arg0: index, %arg1: !stream.resource<*>) -> (%arg1 as !stream.resource<external>, index)
util.func private @k(%arg0: index, %arg1: !stream.resource<*>) -> %arg1
util.func public @f(%a: index, %r: !stream.resource<*>) -> !stream.resource<*> {
  util.call @g(%a) : (index) -> ()
  %0:2 = util.call @h(%a, %r) {util.tag} : (index, !stream.resource<*>) -> (%r as !stream.resource<external>, index)
  %1 = util.call @k(%0#1, %r) : (index, !stream.resource<*>) -> %r
  util.return %1 : !stream.resource<*>
}

// CHECK: {{^}}module {
// CHECK-NEXT:   util.func private @g(%arg0: index)
// CHECK-NEXT:   util.func private @h(%arg0: index, %arg1: !stream.resource<*>) -> (%arg1 as !stream.resource<external>, index)
// CHECK-NEXT:   util.func private @k(%arg0: index, %arg1: !stream.resource<*>) -> %arg1
// CHECK-NEXT:   util.func public @f(%arg0: index, %arg1: !stream.resource<*>) -> !stream.resource<*> {
// CHECK-NEXT:     util.call @g(%arg0) : (index) -> ()
// CHECK-NEXT:     %0:2 = util.call @h(%arg0, %arg1) {util.tag} : (index, !stream.resource<*>) -> (%arg1 as !stream.resource<external>, index)
// CHECK-NEXT:     %1 = util.call @k(%0#1, %arg1) : (index, !stream.resource<*>) -> %arg1
// CHECK-NEXT:     util.return %1 : !stream.resource<*>
// CHECK-NEXT:   }
// CHECK-NEXT: }
