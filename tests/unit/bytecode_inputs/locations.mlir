// Every kind of location: file:line:col, names with and without a child,
// call sites, fused (with and without metadata), unknown, on ops and on
// block arguments.
func.func @locs(%a: i32 loc("in.py":1:2), %b: i32 loc(unknown)) -> i32 {
  %0 = arith.addi %a, %b : i32 loc("x.py":3:4)
  %1 = arith.muli %0, %a : i32 loc("named"("y.py":5:6))
  %2 = arith.subi %1, %b : i32 loc("bare")
  %3 = arith.xori %2, %a : i32 loc(callsite("callee"("f.py":7:8) at "caller.py":9:10))
  %4 = arith.ori %3, %b : i32 loc(fused["p.py":1:1, "q.py":2:2])
  %5 = arith.andi %4, %a : i32 loc(fused<"meta">["r.py":3:3, "s"])
  return %5 : i32 loc(unknown)
} loc("top.py":0:0)
