// Ops, attributes and types of a dialect nobody registered: the writer
// spells their attributes and types in the assembly-format fallback, and
// the op is unregistered (its properties are one attribute).
"mystery.op"() <{payload = #mystery.thing<1, "a">}> {kind = !mystery.type<3>, other = #mystery.thing<1, "a">} : () -> ()
%0 = "mystery.make"() : () -> !mystery.type<3>
"mystery.eat"(%0, %0) : (!mystery.type<3>, !mystery.type<3>) -> ()
