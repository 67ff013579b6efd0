// Where the worker streams synchronize with the main stream (the stream
// current before the loop). hir.synchronize waits for everything enqueued on
// the awaited stream so far, that stream's own waits included, so the
// fork (worker waits for main) and the join (main waits for worker) cannot
// both sit in the loop without serializing the iterations.
// RUN: hlopt %s --lower-streams=num-streams=2 | filecheck %s --check-prefix=FORK
// RUN: hlopt %s --pass-pipeline='builtin.module(lower-streams{num-streams=2 fork=in-loop})' | filecheck %s --check-prefix=INLOOP
// RUN: hlopt %s --pass-pipeline='builtin.module(lower-streams{num-streams=2 fork=in-loop join=after-loop})' | filecheck %s --check-prefix=ASSIGN
// RUN: hlopt %s --pass-pipeline='builtin.module(lower-streams{num-streams=2 join=after-loop})' | filecheck %s --check-prefix=BOTH
// RUN: not hlopt %s --lower-streams=fork=sometimes 2>&1 | filecheck %s --check-prefix=BADFORK
// RUN: not hlopt %s --lower-streams=join=never 2>&1 | filecheck %s --check-prefix=BADJOIN

// The default (nvFuser's StreamParallelType, #4217/#4402): every worker
// waits once for the main stream, in a loop before the work loop; each
// iteration switches to its worker, works, switches back and makes the main
// stream wait for it.
// FORK:       %[[OUT:.*]] = hir.allocate
// FORK-NEXT:  %[[MAIN:.*]] = hir.get_current_stream
// FORK-NEXT:  scf.for %[[J:.*]] = %[[C0:.*]] to %[[C4:.*]] step %[[C1:.*]] {
// FORK-NEXT:    %[[SJ:.*]] = hir.stream %[[J]] mod 2
// FORK-NEXT:    hir.set_current_stream %[[SJ]]
// FORK-NEXT:    hir.synchronize %[[MAIN]]
// FORK-NEXT:  }
// FORK-NEXT:  scf.for %[[I:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// FORK-NEXT:    %[[S:.*]] = hir.stream %[[I]] mod 2
// FORK-NEXT:    hir.set_current_stream %[[S]]
// FORK-NEXT:    hir.alias_select
// FORK-NEXT:    hir.alias_select
// FORK-NEXT:    hir.set
// FORK-NEXT:    hir.set_current_stream %[[MAIN]]
// FORK-NEXT:    hir.synchronize %[[S]]
// FORK-NEXT:  }
// FORK-NEXT:  return %[[OUT]]

// nvFuser #4147: both in the loop (iteration i+1's worker waits for the main
// stream, which waits for iteration i's worker).
// INLOOP:       %[[OUT:.*]] = hir.allocate
// INLOOP-NEXT:  scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// INLOOP-NEXT:    %[[MAIN:.*]] = hir.get_current_stream
// INLOOP-NEXT:    %[[S:.*]] = hir.stream %[[I]] mod 2
// INLOOP-NEXT:    hir.set_current_stream %[[S]]
// INLOOP-NEXT:    hir.synchronize %[[MAIN]]
// INLOOP-NEXT:    hir.alias_select
// INLOOP-NEXT:    hir.alias_select
// INLOOP-NEXT:    hir.set
// INLOOP-NEXT:    hir.set_current_stream %[[MAIN]]
// INLOOP-NEXT:    hir.synchronize %[[S]]
// INLOOP-NEXT:  }
// INLOOP-NEXT:  return %[[OUT]]

// nvFuser's AssignStreams: the fork in the loop, the join in a loop after it.
// ASSIGN:       %[[OUT:.*]] = hir.allocate
// ASSIGN-NEXT:  %[[MAIN:.*]] = hir.get_current_stream
// ASSIGN-NEXT:  scf.for %[[I:.*]] = %[[C0:.*]] to %[[C4:.*]] step %[[C1:.*]] {
// ASSIGN-NEXT:    %[[S:.*]] = hir.stream %[[I]] mod 2
// ASSIGN-NEXT:    hir.set_current_stream %[[S]]
// ASSIGN-NEXT:    hir.synchronize %[[MAIN]]
// ASSIGN-NEXT:    hir.alias_select
// ASSIGN-NEXT:    hir.alias_select
// ASSIGN-NEXT:    hir.set
// ASSIGN-NEXT:    hir.set_current_stream %[[MAIN]]
// ASSIGN-NEXT:  }
// ASSIGN-NEXT:  scf.for %[[J:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// ASSIGN-NEXT:    %[[SJ:.*]] = hir.stream %[[J]] mod 2
// ASSIGN-NEXT:    hir.synchronize %[[SJ]]
// ASSIGN-NEXT:  }
// ASSIGN-NEXT:  return %[[OUT]]

// Both moved out: fork loop, work loop, join loop.
// BOTH:       %[[MAIN:.*]] = hir.get_current_stream
// BOTH-NEXT:  scf.for %[[J:.*]] = %[[C0:.*]] to %[[C4:.*]] step %[[C1:.*]] {
// BOTH-NEXT:    %[[SJ:.*]] = hir.stream %[[J]] mod 2
// BOTH-NEXT:    hir.set_current_stream %[[SJ]]
// BOTH-NEXT:    hir.synchronize %[[MAIN]]
// BOTH-NEXT:  }
// BOTH-NEXT:  scf.for %[[I:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// BOTH-NEXT:    %[[S:.*]] = hir.stream %[[I]] mod 2
// BOTH-NEXT:    hir.set_current_stream %[[S]]
// BOTH-NEXT:    hir.alias_select
// BOTH-NEXT:    hir.alias_select
// BOTH-NEXT:    hir.set
// BOTH-NEXT:    hir.set_current_stream %[[MAIN]]
// BOTH-NEXT:  }
// BOTH-NEXT:  scf.for %[[K:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// BOTH-NEXT:    %[[SK:.*]] = hir.stream %[[K]] mod 2
// BOTH-NEXT:    hir.synchronize %[[SK]]
// BOTH-NEXT:  }
// BOTH-NEXT:  return

// BADFORK: error: unknown fork 'sometimes' (expected before-loop or in-loop)
// BADJOIN: error: unknown join 'never' (expected in-loop or after-loop)

#s = #hir.sharding<[stream, serial]>
func.func @SingleSetOp(%a: tensor<4x8xf32>) -> tensor<4x8xf32, #s> {
  %0 = hir.set %a : tensor<4x8xf32> -> tensor<4x8xf32, #s>
  return %0 : tensor<4x8xf32, #s>
}
