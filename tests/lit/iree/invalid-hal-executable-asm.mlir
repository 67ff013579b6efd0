// RUN: hlopt %s --split-input-file --verify-diagnostics

// Malformed executable-structure forms: each message and its position as the
// pinned iree-opt reports them.

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable.source private @ex {
  // expected-error@+1 {{custom op 'hal.executable.export' workgroup count region must return the XYZ dimension counts}}
  hal.executable.export public @a layout(#layout) count(%d: !hal.device) -> (index, index) {
    hal.return
  }
}

// -----

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable.source private @ex {
  // expected-error@+1 {{custom op 'hal.executable.export' condition region must return a boolean value}}
  hal.executable.export public @a layout(#layout) condition(%d: !hal.device) -> i32 {
    hal.return
  }
}

// -----

hal.executable.source private @ex {
  // expected-error@+1 {{custom op 'hal.executable.constant.block' expected non-empty function body}}
  hal.executable.constant.block() -> i32 as "a" {
  }
}

// -----

hal.executable.source private @ex {
  // expected-error@+1 {{custom op 'hal.executable.constant.block' expected string}}
  hal.executable.constant.block() -> (i32, i32) as ("a", 3) {
    %c = arith.constant 1 : i32
    hal.return %c, %c : i32, i32
  }
}

// -----

hal.executable.source private @ex {
  // expected-error@+1 {{custom op 'hal.executable.constant.block' expected 'as'}}
  hal.executable.constant.block() -> i32 {d} as "k" {
    %c = arith.constant 1 : i32
    hal.return %c : i32
  }
}

// -----

hal.executable.source private @ex {
  // expected-error@+1 {{'hal.executable.constant.block' op arguments may only have dialect attributes}}
  hal.executable.constant.block(%device: !hal.device {a}) -> i32 as "k" {
    %c = arith.constant 1 : i32
    hal.return %c : i32
  }
}

// -----

hal.executable.source private @ex {
  // expected-error@+1 {{custom op 'hal.executable.constant.block' attribute 'arg_attrs' occurs more than once in the attribute list}}
  hal.executable.constant.block(%device: !hal.device {foo.a}) -> i32 as "k" attributes {arg_attrs = [{foo.a}]} {
    %c = arith.constant 1 : i32
    hal.return %c : i32
  }
}

// -----

func.func @f() {
  // expected-error@+1 {{expected attribute value}}
  %0 = hal.interface.workgroup.id[x] : index
  return
}
