// Whitespace inside sdy attribute bodies (tabs, line breaks, runs of spaces)
// is not part of the attribute: MLIR reprints each canonically.
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s

// CHECK: sdy.mesh @mesh = <["a"=2, "b"=4]>
sdy.mesh @mesh = <["a"=2,	"b"=4]>
// CHECK: sdy.mesh @wide = <["x"=2, "y"=2], device_ids=[3, 2, 1, 0]>
sdy.mesh @wide = <[	"x"=2,  "y"=2 ],
    device_ids=[3,	2, 1,0]>

// CHECK-LABEL: func.func @f
// CHECK-SAME: (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>})
func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh,	[{"a"},{	}]>}) -> tensor<8x8xf32> {
  // CHECK-NEXT: sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
  %0 = sdy.sharding_constraint %a <@mesh,	[{"a"},	{"b"}]> : tensor<8x8xf32>
  // CHECK-NEXT: sdy.reshard %0 <@mesh, [{}, {"a", "b"}]> : tensor<8x8xf32>
  %1 = sdy.reshard %0 <@mesh, [{},
      {"a",	"b"}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
