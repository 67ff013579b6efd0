"""Edge cases for the send/recv passes (issue 23, item 4): modules that are
valid for MLIR and run in the interpreter, where a careless decomposition,
pipelining or recomposition would produce a module that no longer verifies
or no longer computes the same thing. tests/unit/test_send_recv_edges.py runs
every pass of the feature on each with --check-semantics;
tests/oracle/test_send_recv_oracle.py has MLIR (jaxlib) verify every output.
"""

from __future__ import annotations

CH = "channel_handle = #stablehlo.channel_handle<handle = {h}, type = 1>, "


def permute(res: str, x: str, pairs: list, ty: str = "tensor<4xf32>", handle: int | None = 1,
            attrs: str = "") -> str:
    """A collective_permute in generic form; `pairs` [] is the empty dense<> MLIR accepts."""
    ch = CH.format(h=handle) if handle is not None else ""
    dense = f"dense<{pairs}> : tensor<{len(pairs)}x2xi64>".replace(" ", "") if pairs else "dense<> : tensor<0x2xi64>"
    dense = dense.replace(":tensor", " : tensor")
    extra = f", {attrs}" if attrs else ""
    return (f'{res} = "stablehlo.collective_permute"({x}) {{{ch}source_target_pairs = {dense}{extra}}} '
            f': ({ty}) -> {ty}')


def _global(ty: str, parts: int) -> str:
    n = int(ty[len("tensor<"):ty.index("x")])
    return f"tensor<{n * parts}x{ty[ty.index('x') + 1:]}"


def loop_module(body: str, results: str, ty: str = "tensor<4xf32>", trips: int = 3, parts: int = 8,
                cond_extra: str = "", funcs: str = "") -> str:
    """main(x, y) in JAX's shard_map form (GSPMD custom calls, so XLA runs it
    too) runs a counted while carrying (i, a, b) on each device's shard;
    `body` computes the next a and b named in `results`."""
    lines = "\n      ".join(body.strip().split("\n"))
    cond = "\n      ".join(cond_extra.strip().split("\n")) if cond_extra else ""
    g = _global(ty, parts)
    full, shard = f"{{devices=[{parts}]<=[{parts}]}}", "{manual}"

    def to_shard(src: str, dst: str) -> str:
        return (f'%s{dst[1:]} = stablehlo.custom_call @Sharding({src}) {{backend_config = "", mhlo.sharding = "{full}"}} '
                f': ({g}) -> {g}\n    {dst} = stablehlo.custom_call @SPMDFullToShardShape(%s{dst[1:]}) '
                f'{{backend_config = "", mhlo.sharding = "{shard}"}} : ({g}) -> {ty}')

    def to_full(src: str, dst: str) -> str:
        return (f'%o{dst[1:]} = stablehlo.custom_call @Sharding({src}) {{backend_config = "", mhlo.sharding = '
                f'"{shard}"}} : ({ty}) -> {ty}\n    {dst} = stablehlo.custom_call @SPMDShardToFullShape(%o{dst[1:]}) '
                f'{{backend_config = "", mhlo.sharding = "{full}"}} : ({ty}) -> {g}')

    return f"""module @m attributes {{mhlo.num_partitions = {parts} : i32, mhlo.num_replicas = 1 : i32}} {{
  func.func public @main(%gx: {g}, %gy: {g}) -> ({g}, {g}) {{
    {to_shard("%gx", "%x")}
    {to_shard("%gy", "%y")}
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %0:3 = stablehlo.while(%i = %c0, %a = %x, %b = %y) : tensor<i32>, {ty}, {ty}
    cond {{
      {cond}
      %n = stablehlo.constant dense<{trips}> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    }} do {{
      {lines}
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, {results} : tensor<i32>, {ty}, {ty}
    }}
    %u = stablehlo.add %0#1, %0#1 : {ty}
    {to_full("%u", "%r1")}
    {to_full("%0#2", "%r2")}
    return %r1, %r2 : {g}, {g}
  }}{funcs}
}}
"""


RING = [[k, (k + 1) % 8] for k in range(8)]
BACK_RING = [[k, (k - 1) % 8] for k in range(8)]
SPLIT_SELECT = """%pid = stablehlo.{who} : tensor<ui32>
%k = stablehlo.constant dense<{recv}> : tensor<ui32>
%eq = stablehlo.compare {dir}, %pid, %k, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
%ra = stablehlo.select %eq, {t}, {f} : tensor<i1>, tensor<4xf32>"""


def _split_ring(who: str, direction: str) -> str:
    """XLA's cycle decomposer output written by hand: back edge + forward permute + select."""
    back = permute("%bk", "%a", [[7, 0]], handle=1)
    fwd = permute("%fw", "%a", RING[:-1], handle=2)
    t, f = ("%bk", "%fw") if direction == "EQ" else ("%fw", "%bk")
    return "\n".join([fwd, back, SPLIT_SELECT.format(who=who, recv=0, dir=direction, t=t, f=f)])


def cases() -> dict[str, str]:
    """name -> module text."""
    t = "%t = stablehlo.tanh %a : tensor<4xf32>"
    out = {
        # what a send/recv cannot say: left alone (with a remark), never made invalid
        "empty_pairs": loop_module(permute("%ra", "%a", []), "%ra, %b"),
        "empty_pairs_outside": loop_module(t, "%t, %b").replace(
            "%u = stablehlo.add %0#1, %0#1 : tensor<4xf32>", permute("%u", "%0#1", [])),
        "id_beyond_partitions": loop_module(permute("%ra", "%a", [[0, 9], [1, 2]]), "%ra, %b"),
        "no_channel": loop_module(permute("%ra", "%a", [[0, 1], [1, 2]], handle=None), "%ra, %b"),
        "zero_size": loop_module(permute("%ra", "%a", [[0, 1], [1, 2]], ty="tensor<0xf32>"), "%ra, %b",
                                 ty="tensor<0xf32>"),
        # cycles as XLA treats them
        "self_pair": loop_module(permute("%ra", "%a", [[0, 0], [1, 2]]), "%ra, %b"),
        "two_cycle": loop_module(permute("%ra", "%a", [[0, 1], [1, 0]]), "%ra, %b"),
        "ring": loop_module(permute("%ra", "%a", RING), "%ra, %b"),
        "backward_ring": loop_module(permute("%r0", "%a", BACK_RING) + "\n%ra = stablehlo.add %r0, %a : tensor<4xf32>",
                                     "%ra, %b"),
        "split_ring_partition_id": loop_module(_split_ring("partition_id", "EQ"), "%ra, %b"),
        "split_ring_replica_id_ne": loop_module(_split_ring("replica_id", "NE"), "%ra, %b"),
        # several permutes: XLA's choice and the ones left
        "two_chains_tie": loop_module(permute("%ra", "%a", [[0, 1], [1, 2]]) + "\n"
                                      + permute("%rb", "%b", [[3, 4], [4, 5]], handle=2), "%ra, %rb"),
        "chain_of_permutes": loop_module(permute("%r1", "%a", [[3, 0]]) + "\n"
                                         + permute("%ra", "%r1", [[0, 1], [1, 2], [2, 3]], handle=2), "%ra, %b"),
        "not_loop_carried": loop_module(t + "\n" + permute("%ra", "%t", [[0, 1], [1, 2]]), "%ra, %b"),
        # nesting: an inner loop, a case, the condition region
        "nested_loops": loop_module("""%c0i = stablehlo.constant dense<0> : tensor<i32>
%in:2 = stablehlo.while(%k = %c0i, %v = %a) : tensor<i32>, tensor<4xf32>
cond {
  %two = stablehlo.constant dense<2> : tensor<i32>
  %q = stablehlo.compare LT, %k, %two, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.return %q : tensor<i1>
} do {
  """ + permute("%w", "%v", [[0, 1], [1, 2], [2, 3]], handle=3) + """
  %o = stablehlo.constant dense<1> : tensor<i32>
  %k2 = stablehlo.add %k, %o : tensor<i32>
  stablehlo.return %k2, %w : tensor<i32>, tensor<4xf32>
}
""" + permute("%rb", "%b", [[5, 6]], handle=4) + "\n%ra = stablehlo.add %in#1, %a : tensor<4xf32>", "%ra, %rb"),
        # the branch is the same on every device (the trip), so the collective is reached by all
        "case_branch": loop_module("""%two = stablehlo.constant dense<2> : tensor<i32>
%idx = stablehlo.remainder %i, %two : tensor<i32>
%ra = "stablehlo.case"(%idx) ({
  """ + permute("%c1", "%a", [[0, 1], [2, 3]]) + """
  stablehlo.return %c1 : tensor<4xf32>
}, {
  %c2 = stablehlo.negate %a : tensor<4xf32>
  stablehlo.return %c2 : tensor<4xf32>
}) : (tensor<i32>) -> tensor<4xf32>""", "%ra, %b"),
        "permute_in_condition": loop_module(permute("%ra", "%a", [[0, 1]]), "%ra, %b",
                                            cond_extra=permute("%cq", "%b", [[1, 0]], handle=5)),
        # JAX's closed_call form: the loop body calls a private function
        "called_body": loop_module("%ra = func.call @step(%a) : (tensor<4xf32>) -> tensor<4xf32>", "%ra, %b",
                                   funcs="""
  func.func private @step(%s: tensor<4xf32>) -> tensor<4xf32> {
    """ + permute("%q", "%s", [[0, 1], [1, 2]]) + """
    return %q : tensor<4xf32>
  }"""),
        # no trip: nothing to peel
        "zero_trips": loop_module(permute("%ra", "%a", [[0, 1], [1, 2]]), "%ra, %b", trips=0),
    }
    return out


# every pass of the feature, with the options that change what it does
DECOMPOSE_OPTIONS = ["", "scope=all", "pipeline-parallelism=false", "all-permutes=true", "split-cycles=false",
                     "scope=all split-cycles=false", "pipeline-parallelism=false min-bytes=64"]
PIPELINE_OPTIONS = ["", "backedge-send-recv=true"]


def pipelines() -> dict[str, str]:
    """id -> pass pipeline: decompose, pipeline, recompose (and decompose again whole)."""
    out = {}
    for d in DECOMPOSE_OPTIONS:
        for p in PIPELINE_OPTIONS:
            dec = "stablehlo-decompose-collective-permute" + (f"{{{d}}}" if d else "")
            pipe = "stablehlo-pipeline-send-recv" + (f"{{{p}}}" if p else "")
            key = (d or "default").replace(" ", ",") + ("+" + p if p else "")
            out[key] = f"builtin.module({dec},{pipe},stablehlo-send-recv-to-collective-permute)"
    return out
