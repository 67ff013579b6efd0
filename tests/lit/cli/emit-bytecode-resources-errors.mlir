// What bytecode cannot hold is refused with the file named and exit 1,
// nothing written: a dense_resource nested inside another attribute (a reader parses
// such text on its own, without the file's resource handles), and a
// blob whose alignment prefix is not a power of two.
// RUN: rm -f %t.bc
// RUN: not hlopt %S/Inputs/resource-nested.mlir --emit-bytecode -o %t.bc 2>&1 | filecheck %s --check-prefix=NESTED
// RUN: test ! -e %t.bc
// NESTED: resource-nested.mlir: error: cannot write bytecode: a dense_resource nested in another attribute cannot be written as bytecode
// RUN: not hlopt %S/Inputs/resource-bad-align.mlir --emit-bytecode -o %t.bc 2>&1 | filecheck %s --check-prefix=ALIGN
// ALIGN: resource-bad-align.mlir: error: cannot write bytecode: resource 'b': blob alignment 3 is not a power of two
// RUN: not hlopt %S/Inputs/resource-bad-align.mlir --emit-portable-artifact 2>&1 | filecheck %s --check-prefix=VHLO
// VHLO: resource-bad-align.mlir: error: cannot write a portable artifact: attribute 'dense_resource<b> : tensor<2xi8>' has no VHLO form
