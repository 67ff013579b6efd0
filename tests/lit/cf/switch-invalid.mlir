// RUN: hlopt %s --split-input-file --verify-diagnostics
// One case per cf.switch verifier rule. Messages and locations are those
// iree-opt (MLIR) reports, except where noted.

func.func @type_mismatch(%flag: i32) {
  // expected-error@+1 {{'cf.switch' op 'flag' type ('i32') should match case value type ('i64')}}
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[42]> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @count_mismatch(%flag: i32) {
  // expected-error@+1 {{'cf.switch' op number of case values (2) should match number of case destinations (1)}}
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[42, 43]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @segment_sum(%flag: i32, %a: i32) {
  // expected-error@+1 {{'cf.switch' op caseOperands count (1) does not match with the total size (0) specified in attribute 'case_operand_segments'}}
  "cf.switch"(%flag, %a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[42]> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()
^bb1:
  return
}

// -----

func.func @successor_operands(%flag: i32, %a: i32) {
  // expected-error@+1 {{branch has 0 operands for successor #1, but target block has 1}}
  cf.switch %flag : i32, [ default: ^bb1(%a : i32), 42: ^bb1 ]
^bb1(%x: i32):
  return
}

// -----

func.func @successor_types(%flag: i32, %a: i32, %f: f32) {
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #1}}
  cf.switch %flag : i32, [ default: ^bb1(%a : i32), 42: ^bb1(%f : f32) ]
^bb1(%x: i32):
  return
}

// -----

func.func @flag_type(%flag: index) {
  // expected-error@+1 {{'cf.switch' op operand #0 must be signless integer, but got 'index'}}
  "cf.switch"(%flag)[^bb1] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> ()
^bb1:
  return
}

// -----

func.func @custom_flag_type(%flag: index) {
  // expected-error@+1 {{custom op 'cf.switch' invalid kind of type specified: expected builtin.integer, but found 'index'}}
  cf.switch %flag : index, [ default: ^bb1 ]
^bb1:
  return
}

// -----

// (iree-opt crashes on this one: case destinations without case_values)
func.func @no_values(%flag: i32) {
  // expected-error@+1 {{'cf.switch' op number of case values (0) should match number of case destinations (1)}}
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

// (iree-opt accepts this and prints a switch that reads back differently)
func.func @segment_count(%flag: i32) {
  // expected-error@+1 {{'cf.switch' op number of case operand segments (2) should match number of case destinations (1)}}
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0, 0>, case_values = dense<[42]> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @missing_default(%flag: i32) {
  // expected-error@+1 {{expected 'default'}}
  cf.switch %flag : i32, [ 42: ^bb1 ]
^bb1:
  return
}
