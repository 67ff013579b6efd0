// Pattern names as iree-opt's MLIR matches them: a class template in an
// anonymous namespace is selected only by its qualified name (a plain class,
// see options.mlir, with or without the qualifier).
// RUN: hlopt %s --canonicalize | filecheck %s --check-prefix=ON
// RUN: hlopt %s '--pass-pipeline=builtin.module(canonicalize{disable-patterns={(anonymous namespace)::RemoveDuplicateOperandsPattern<mlir::shape::BroadcastOp>}})' | filecheck %s --check-prefix=OFF
// RUN: hlopt %s '--pass-pipeline=builtin.module(canonicalize{disable-patterns=RemoveDuplicateOperandsPattern<mlir::shape::BroadcastOp>})' | filecheck %s --check-prefix=ON
// RUN: hlopt %s '--pass-pipeline=builtin.module(canonicalize{enable-patterns={(anonymous namespace)::RemoveDuplicateOperandsPattern<mlir::shape::BroadcastOp>}})' | filecheck %s --check-prefix=ON
// RUN: hlopt %s '--pass-pipeline=builtin.module(canonicalize{enable-patterns=RemoveDuplicateOperandsPattern<mlir::shape::BroadcastOp>})' | filecheck %s --check-prefix=OFF

// ON-LABEL: func.func @f
// ON: shape.broadcast %arg0, %arg1 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
// OFF-LABEL: func.func @f
// OFF: shape.broadcast %arg0, %arg1, %arg0 : tensor<?xindex>, tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
func.func @f(%a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {
  %0 = shape.broadcast %a, %b, %a : tensor<?xindex>, tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}
