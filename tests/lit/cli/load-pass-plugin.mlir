// --load-pass-plugin=FILE.py imports a Python file that registers passes;
// they then work as flags, in --pass-pipeline and in --list-passes.
// The plugin is the README's example.
// RUN: hlopt %s --load-pass-plugin=%S/../../../examples/plugins/count_ops.py --count-ops | filecheck %s
// CHECK: func.func @f(%arg0: i32) -> i32 attributes {plugin.num_ops = 2 : i64}
// RUN: hlopt %s --load-pass-plugin=%S/../../../examples/plugins/count_ops.py --pass-pipeline='builtin.module(func.func(count-ops{attr-name=n}))' | filecheck %s --check-prefix=PIPE
// PIPE: func.func @f(%arg0: i32) -> i32 attributes {n = 2 : i64}
// RUN: hlopt --load-pass-plugin=%S/../../../examples/plugins/count_ops.py --list-passes | filecheck %s --check-prefix=LIST
// LIST: --count-ops [func.func]: Annotate each function with the number of ops in its body
// Without the plugin the pass is unknown; a plugin that is missing or fails
// to import is a usage error (exit 2) naming the file.
// RUN: bash -c 'hlopt %s --count-ops 2>/dev/null; test $? = 2'
// RUN: bash -c 'hlopt %s --load-pass-plugin=%S/no-such-plugin.py 2>/dev/null; test $? = 2'
// RUN: not hlopt %s --load-pass-plugin=%S/Inputs/broken_plugin.py 2>&1 | filecheck %s --check-prefix=BROKEN
// BROKEN: could not load pass plugin '{{.*}}broken_plugin.py': RuntimeError: plugin setup failed
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
