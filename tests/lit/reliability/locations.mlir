// Location numbers as MLIR reads them: hex line/column, line-only
// locations (column 0), the unsigned 32-bit maximum.
// RUN: hlopt %s --mlir-print-debuginfo | filecheck %s

func.func @f() {
  return loc("a.py":1:0x10)
}
func.func @g() {
  return loc("a.py":7)
}
func.func @h() {
  return loc("a.py":4294967295:0xFFFFFFFF)
}
func.func @i() {
  return loc("a.py":1:2 to :0x1F)
}
// CHECK-DAG: loc("a.py":1:16)
// CHECK-DAG: loc("a.py":7:0)
// CHECK-DAG: loc("a.py":4294967295:4294967295)
// CHECK-DAG: loc("a.py":1:2 to :31)
