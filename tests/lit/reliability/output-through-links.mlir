// -o writes through a symlink (the link stays, its target gets the output)
// and an existing file keeps its permission bits.
// RUN: rm -rf %t && mkdir -p %t && echo old > %t/target && ln -s target %t/link
// RUN: hlopt %s -o %t/link && filecheck %s < %t/target
// RUN: ls -l %t | filecheck %s --check-prefix=LINK
// RUN: chmod 640 %t/target && hlopt %s -o %t/target
// RUN: ls -l %t/target | filecheck %s --check-prefix=MODE
// RUN: ln -s /proc/self/fd/1 %t/stdout && hlopt %s -o %t/stdout | filecheck %s

func.func @f() {
  return
}
// CHECK: func.func @f() {
// LINK: link -> target
// LINK-NOT: .hlopt-
// MODE: -rw-r-----
