func.func @f() -> tensor<2xi8> attributes {table = [dense_resource<b> : tensor<2xi8>]} {
  %0 = stablehlo.constant dense<1> : tensor<2xi8>
  return %0 : tensor<2xi8>
}
{-#
  dialect_resources: {
    builtin: {
      b: "0x010000000102"
    }
  }
#-}
