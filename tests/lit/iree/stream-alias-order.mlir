// RUN: hlopt %s | filecheck %s

// Encoding aliases are numbered in print order, as iree-opt numbers them:
// a slice's or an encode's source before its result, an update's update
// before its target.

#a = #iree_encoding.testing<>
#b = #iree_encoding.testing<layouts = [#iree_encoding.specialized<4>]>
#c = #iree_encoding.testing<layouts = [#iree_encoding.specialized<5>]>
util.func public @order(%x: !stream.resource<*>, %y: !stream.resource<*>, %n: index, %c0: index) {
  %0 = stream.tensor.slice %x[%c0 for %n] : tensor<?xf32, #a>{%n} in !stream.resource<*>{%n} -> tensor<?xf32, #b>{%n} in !stream.resource<*>{%n}
  %1 = stream.tensor.update %x, %y[%c0] : tensor<?xf32, #c>{%n} in !stream.resource<*>{%n} -> tensor<?xf32, #a>{%n} in %y as !stream.resource<*>{%n}
  %2 = stream.tensor.encode %x : tensor<?xf32, #b>{%n} in !stream.resource<*>{%n} -> tensor<?xf32, #c>{%n} in !stream.resource<*>{%n}
  util.return
}
// CHECK: #encoding = #iree_encoding.testing<>
// CHECK-NEXT: #encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<4>]>
// CHECK-NEXT: #encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<5>]>
// CHECK: stream.tensor.slice {{.+}} : tensor<?xf32, #encoding>{{.+}} -> tensor<?xf32, #encoding1>
// CHECK: stream.tensor.update {{.+}} : tensor<?xf32, #encoding2>{{.+}} -> tensor<?xf32, #encoding>
// CHECK: stream.tensor.encode {{.+}} : tensor<?xf32, #encoding1>{{.+}} -> tensor<?xf32, #encoding2>
