// --help, --version and --list-passes list every pass with its summary and
// options, and exit 0.
// RUN: hlopt --help | filecheck %s --check-prefix=HELP
// RUN: hlopt -h | filecheck %s --check-prefix=HELP
// RUN: hlopt --version | filecheck %s --check-prefix=VERSION
// RUN: hlopt --list-passes | filecheck %s --check-prefix=LIST

// HELP: Usage: hlopt [OPTIONS]
// HELP: --split-input-file
// HELP: --verify-diagnostics
// HELP: --allow-unregistered-dialect
// HELP: --mlir-print-op-generic
// HELP: --mlir-print-debuginfo
// HELP: --mlir-disable-threading
// HELP: --mlir-print-local-scope
// HELP: --mlir-print-ir-before-all
// HELP: --mlir-print-ir-after-all
// HELP: --mlir-print-ir-after-change
// HELP: --mlir-print-ir-after-failure
// HELP: --mlir-timing
// HELP: --mlir-pass-statistics
// HELP: --pass-pipeline
// HELP: --list-passes
// HELP: --version
// HELP: Passes:
// HELP: --canonicalize {{ *}}Canonicalize operations
// HELP: max-iterations=<int>
// HELP: --cse {{ *}}Eliminate common sub-expressions
// HELP: --strip-debuginfo
// HELP: --symbol-dce

// VERSION: hlopt, version {{[0-9]+\.[0-9]+\.[0-9]+}}

// LIST: Available passes:
// LIST: --canonicalize{{.*}}: Canonicalize operations
// LIST-NEXT: cse-between-iterations=<bool> (default: false)
// LIST-NEXT: disable-patterns=<tuple[str, ...]> (default: )
// LIST-NEXT: enable-patterns=<tuple[str, ...]> (default: )
// LIST-NEXT: filter-dialects=<tuple[str, ...]> (default: )
// LIST-NEXT: max-iterations=<int> (default: 10)
// LIST: --cse{{.*}}: Eliminate common sub-expressions
// LIST: --inline
// LIST: --strip-debuginfo
// LIST: --symbol-dce
