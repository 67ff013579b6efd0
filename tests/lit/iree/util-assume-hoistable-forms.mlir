// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file | hlopt --split-input-file | filecheck %s

// util.assume.int and util.hoistable_conversion in IREE's hand-written forms:
// empty assumption lists, several per operand,
// attributes after the types on several lines; a conversion without inputs,
// attributes after its region, aliases in its types.

util.func public @assume(%arg0: index, %arg1: i64) -> (index, i64) {
  %0:2 = util.assume.int %arg0[], %arg1[] : index, i64
  %1:2 = util.assume.int %0#0[<umin = 0>, <umax = 1>], %arg1<udiv = 8> : index, i64 {tag = "x"}
  util.return %0#0, %1#1 : index, i64
}
// CHECK-LABEL: util.func public @assume
// CHECK-NEXT:    %0:2 = util.assume.int {{$}}
// CHECK-NEXT:        %arg0[], {{$}}
// CHECK-NEXT:        %arg1[]{{$}}
// CHECK-NEXT:      : index, i64{{$}}

// CHECK-NEXT:    %1:2 = util.assume.int {{$}}
// CHECK-NEXT:        %0#0[<umin = 0>, <umax = 1>], {{$}}
// CHECK-NEXT:        %arg1<udiv = 8>{{$}}
// CHECK-NEXT:      : index, i64 {tag = "x"}{{$}}
// CHECK-NEXT:    util.return %0#0, %1#1 : index, i64

// -----

#enc = #iree_encoding.testing<>
util.func public @hoist(%arg0: tensor<4xf32>, %arg1: tensor<4xf32, #enc>) {
  util.hoistable_conversion "none" inverts("none_inv") () : () -> () {
    util.return
  }
  %0 = util.hoistable_conversion "t" inverts("t_inv") (%a = %arg0, %b = %arg1) : (tensor<4xf32>, tensor<4xf32, #enc>) -> tensor<4xf32, #enc> {
    %c = arith.constant 0 : index
    util.return %b : tensor<4xf32, #enc>
  } {note = 1 : i32}
  util.return
}
// CHECK: #[[ENC:.+]] = #iree_encoding.testing<>
// CHECK-LABEL: util.func public @hoist
// CHECK-NEXT:    util.hoistable_conversion "none" inverts("none_inv") () : () -> () {
// CHECK-NEXT:      util.return
// CHECK-NEXT:    }
// CHECK-NEXT:    %0 = util.hoistable_conversion "t" inverts("t_inv") (%arg2 = %arg0, %arg3 = %arg1) : (tensor<4xf32>, tensor<4xf32, #[[ENC]]>) -> tensor<4xf32, #[[ENC]]> {
// CHECK-NEXT:      %c0 = arith.constant 0 : index
// CHECK-NEXT:      util.return %arg3 : tensor<4xf32, #[[ENC]]>
// CHECK-NEXT:    } {note = 1 : i32}
// CHECK-NEXT:    util.return
