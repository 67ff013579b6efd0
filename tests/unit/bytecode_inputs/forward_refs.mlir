// A value used in a block before the block that defines it (the CFG, not
// the text order, decides dominance), successors to later blocks, and a
// graph region (no dominance) whose op uses a value defined after it.
func.func @loop(%n: i32, %c: i1) -> i32 {
  %z = arith.constant 0 : i32
  cf.br ^bb2(%z : i32)
^bb1:
  %s = arith.addi %x, %n : i32
  cf.br ^bb2(%s : i32)
^bb2(%x: i32):
  cf.cond_br %c, ^bb1, ^bb3
^bb3:
  return %x : i32
}
"test.graph"() ({
  %b = "test.use"(%a) : (i32) -> i32
  %a = "test.def"(%b) : (i32) -> i32
}) : () -> ()
