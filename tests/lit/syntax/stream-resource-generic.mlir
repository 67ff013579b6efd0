// RUN: hlopt %s | filecheck %s

// A property IREE's alloca does not declare keeps the generic form: the custom
// form has no place for it and hlopt never drops what it does not model
// (iree-opt discards it while parsing; hlopt prints it back).

util.func public @unknown_property(%arg0: index) -> !stream.resource<transient> {
  %0:2 = "stream.resource.alloca"(%arg0) <{bar = 1 : i64}> : (index) -> (!stream.resource<transient>, !stream.timepoint)
  util.return %0#0 : !stream.resource<transient>
}
// CHECK-LABEL: util.func public @unknown_property
// CHECK: %result, %result_timepoint = "stream.resource.alloca"(%arg0) <{bar = 1 : i64}> : (index) -> (!stream.resource<transient>, !stream.timepoint)
