// An op of an unregistered dialect has no interpreter rule.
module {
  func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "foo.bar"(%a) : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
