// RUN: hlopt %s --split-input-file --verify-diagnostics

// Verifier errors of stream.resource.*, stream.tensor.{import,export,load,store,trace},
// stream.async.* and stream.channel.*, with iree-opt's messages.

util.func public @size_of_non_resource(%arg0: i32) {
  // expected-error@+1 {{'stream.resource.size' op operand #0 must be any stream-compatible type, but got 'i32'}}
  %0 = "stream.resource.size"(%arg0) : (i32) -> index
  util.return
}

// -----

util.func public @subview_types(%arg0: !stream.resource<*>, %arg1: index) {
  // expected-error@+1 {{'stream.resource.subview' op failed to verify that all of {source, result} have same type}}
  %0 = "stream.resource.subview"(%arg0, %arg1, %arg1, %arg1) : (!stream.resource<*>, index, index, index) -> !stream.resource<transient>
  util.return
}

// -----

util.func public @load_not_staging(%arg0: !stream.resource<*>, %arg1: index) {
  // expected-error@+1 {{'stream.resource.load' op operand #0 must be staging resource, but got '!stream.resource<*>'}}
  %0 = stream.resource.load %arg0[%arg1] : !stream.resource<*>{%arg1} -> i32
  util.return
}

// -----

util.func public @import_dims(%arg0: !hal.buffer_view, %arg1: index) {
  // expected-error@+1 {{'stream.tensor.import' op type set has 2 dynamic dimensions but only 1 dimension values are attached}}
  %0 = stream.tensor.import %arg0 : !hal.buffer_view -> tensor<?x?xf32>{%arg1} in !stream.resource<external>{%arg1}
  util.return
}

// -----

util.func public @export_dims(%arg0: !stream.resource<external>, %arg1: index) {
  // expected-error@+1 {{'stream.tensor.export' op type set has 0 dynamic dimensions but only 1 dimension values are attached}}
  %0 = stream.tensor.export %arg0 : tensor<4xf32>{%arg1} in !stream.resource<external>{%arg1} -> !hal.buffer_view
  util.return
}

// -----

util.func public @load_rank(%arg0: !stream.resource<staging>, %arg1: index) {
  // expected-error@+1 {{'stream.tensor.load' op indices rank mismatch}}
  %0 = stream.tensor.load %arg0[%arg1] : tensor<4x4xf32> in !stream.resource<staging>{%arg1} -> f32
  util.return
}

// -----

util.func public @store_rank(%arg0: !stream.resource<staging>, %arg1: index, %arg2: f32) {
  // expected-error@+1 {{'stream.tensor.store' op indices rank mismatch}}
  %0 = stream.tensor.store %arg2, %arg0 : f32 -> tensor<4xf32> in %arg0 as !stream.resource<staging>{%arg1}
  util.return
}

// -----

util.func public @trace_dims(%arg0: !stream.resource<staging>, %arg1: index) {
  // expected-error@+1 {{'stream.tensor.trace' op type set has 1 dynamic dimensions but only 0 dimension values are attached}}
  "stream.tensor.trace"(%arg0, %arg1) <{key = "k", operandSegmentSizes = array<i32: 1, 1, 0>, resource_encodings = [tensor<?xf32>]}> : (!stream.resource<staging>, index) -> ()
  util.return
}

// -----

util.func public @cast_sizes(%arg0: !stream.resource<*>, %arg1: index, %arg2: index) {
  // expected-error@+1 {{'stream.async.cast' op source and result sizes must be equal (tied storage)}}
  %0 = stream.async.cast %arg0 : !stream.resource<*>{%arg1} -> !stream.resource<transient>{%arg2}
  util.return
}

// -----

util.func public @fill_pattern(%arg0: !stream.resource<*>, %arg1: index, %arg2: f32) {
  // expected-error@+1 {{'stream.async.fill' op operand #5 must be 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer, but got 'f32'}}
  %0 = stream.async.fill %arg2, %arg0[%arg1 to %arg1 for %arg1] : f32 -> %arg0 as !stream.resource<*>{%arg1}
  util.return
}

// -----

util.func public @collective_param(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.channel, %arg3: i32) {
  // expected-error@+1 {{'stream.async.collective' op collective operation requires a source parameter but none present}}
  %0 = "stream.async.collective"(%arg0, %arg1, %arg1, %arg1, %arg1, %arg0, %arg1, %arg1, %arg1, %arg1, %arg1, %arg2) {op = #stream.collective<broadcast : f32>} : (!stream.resource<*>, index, index, index, index, !stream.resource<*>, index, index, index, index, index, !stream.channel) -> !stream.resource<*>
  util.return
}

// -----

util.func public @concurrent_parent(%arg0: !stream.resource<*>, %arg1: index) {
  // expected-error@+1 {{'stream.async.concurrent' op expects parent op to be one of 'stream.async.execute, stream.async.concurrent'}}
  %0 = stream.async.concurrent with(%arg0 as %arg2: !stream.resource<*>{%arg1}) -> %arg0{%arg1} {
    stream.yield %arg2 : !stream.resource<*>{%arg1}
  }
  util.return
}

// -----

util.func public @pack_sizes(%arg0: index) {
  // expected-error@+1 {{'stream.resource.pack' op requires a [start, end] range for each slice}}
  %0:2 = "stream.resource.pack"(%arg0) <{lifetime_intervals = [0 : index], operandSegmentSizes = array<i32: 0, 1>}> : (index) -> (index, index)
  util.return
}

// -----

util.func public @constants_types(%arg0: index) {
  // expected-error@+1 {{'stream.resource.constants' op all results must be of the same type}}
  %0:3 = "stream.resource.constants"(%arg0, %arg0) <{values = [dense<1.0> : tensor<4xf32>, dense<1.0> : tensor<4xf32>]}> : (index, index) -> (!stream.resource<constant>, !stream.resource<variable>, !stream.timepoint)
  util.return
}

// -----

util.func public @channel_rank(%arg0: !stream.channel) {
  // expected-error@+1 {{'stream.channel.rank' op result #0 must be index, but got 'i32'}}
  %0 = "stream.channel.rank"(%arg0) : (!stream.channel) -> i32
  util.return
}

// -----

util.func public @channel_count_type(%arg0: !stream.channel) {
  // expected-error@+1 {{custom op 'stream.channel.count' invalid kind of type specified: expected builtin.index, but found 'i32'}}
  %0 = stream.channel.count %arg0 : i32
  util.return
}

// -----

util.func public @trace_without_dims(%arg0: !stream.resource<staging>, %arg1: index) {
  // expected-error@+1 {{expected '{' in operand list}}
  stream.tensor.trace "k" = [%arg0 : tensor<?xf32> in !stream.resource<staging>{%arg1}]
  util.return
}

// -----

util.func public @try_map_flag(%arg0: !util.buffer, %arg1: index) {
  // expected-error@+1 {{'stream.resource.try_map' op result #0 must be 1-bit signless integer, but got 'i32'}}
  %did_map, %result = stream.resource.try_map %arg0[%arg1] : !util.buffer -> i32, !stream.resource<constant>{%arg1}
  util.return
}

// -----

util.func public @split_type(%arg0: !stream.channel, %arg1: index) {
  // expected-error@+1 {{custom op 'stream.channel.split' invalid kind of type specified: expected stream.channel, but found 'i32'}}
  %0 = stream.channel.split %arg0, %arg1, %arg1 : i32 -> !stream.channel
  util.return
}

// -----

util.func public @create_type() {
  // expected-error@+1 {{custom op 'stream.channel.create' invalid kind of type specified: expected stream.channel, but found 'i32'}}
  %0 = stream.channel.create : i32
  util.return
}

// -----

util.func public @export_not_timepoint(%arg0: i32) {
  // expected-error@+1 {{'stream.timepoint.export' op operand #0 must be A timepoint indicating execution availability., but got 'i32'}}
  %0 = "stream.timepoint.export"(%arg0) : (i32) -> i32
  util.return
}

// -----

util.func public @alloca_staging(%arg0: index) {
  // expected-error@+1 {{'stream.async.alloca' op result #0 must be resource or external resource or transient resource or variable resource or constant resource, but got '!stream.resource<staging>'}}
  %0 = stream.async.alloca : !stream.resource<staging>{%arg0}
  util.return
}
