// RUN: hlopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Bad literals: dense elements, integers, floats (MLIR's messages).

// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"t.x"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()

// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"t.x"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<3xi8>'}}
"t.x"() {a = dense<"0x0102"> : tensor<3xi8>} : () -> ()

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"t.x"() {a = dense<1> : tensor<?xi8>} : () -> ()

// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"t.x"() {a = dense<1.5> : tensor<i32>} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for type}}
"t.x"() {a = dense<300> : tensor<i8>} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"t.x"() {a = 256 : ui8} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"t.x"() {a = 4 : si3} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"t.x"() {a = 99999999999999999999 : i64} : () -> ()

// -----

// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"t.x"() {a = -1 : ui8} : () -> ()

// -----

// expected-note@+2 {{add a trailing dot to make the literal a float}}
// expected-error@+1 {{unexpected decimal integer literal for a floating point value}}
"t.x"() {a = 1 : f32} : () -> ()

// -----

// expected-error@+1 {{floating point value not valid for specified type}}
"t.x"() {a = 1.5 : i32} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range}}
"t.x"() {a = array<i8: 300>} : () -> ()

// -----

// expected-error@+1 {{unknown escape in string literal}}
"t.x"() {a = "\u00e9"} : () -> ()
