// --show-dialects prints the registered dialects on one line, sorted and
// comma separated (mlir-opt's format), and exits without reading input.
// RUN: hlopt --show-dialects < /dev/null | filecheck %s
// CHECK: Available Dialects: {{(.*,)?}}builtin,{{(.*,)?}}chlo,{{(.*,)?}}func,{{(.*,)?}}sdy,{{(.*,)?}}stablehlo,{{(.*,)?}}vhlo{{(,.*)?$}}
// RUN: bash -c "test \$(hlopt --show-dialects | wc -l) = 1"
