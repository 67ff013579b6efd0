#!/usr/bin/env bash
# `make demo`: hlopt on bundled inputs: a JAX export through a pass pipeline,
# then each multi-device feature, each checked by execution where it can be.
set -euo pipefail
BIN=${1:-.venv/bin}
IN=examples/mlp_train.mlir
TMP=$(mktemp -d)
OUT=$TMP/mlp_train.opt.mlir
PIPELINE="builtin.module(inline,func.func(canonicalize,cse),symbol-dce)"
CM=examples/collective_matmul.mlir

echo "== input: $IN  ($(grep -c ' = ' "$IN") ops in $(grep -c 'func.func' "$IN") functions, exported by JAX)"
echo "== 1. round trip with no passes: hlopt reprints MLIR's text byte for byte"
"$BIN/hlopt" "$IN" | cmp - "$IN" && echo "   identical"
echo
echo "== 2. hlopt $IN --pass-pipeline='$PIPELINE' --mlir-pass-statistics --mlir-timing -o $OUT"
"$BIN/hlopt" "$IN" --pass-pipeline="$PIPELINE" --mlir-pass-statistics --mlir-timing -o "$OUT"
echo
echo "== result: $(grep -c ' = ' "$OUT") ops in $(grep -c 'func.func' "$OUT") function(s); first lines:"
head -n 8 "$OUT"
echo "   ..."
echo
echo "== 3. the reference interpreter runs JAX's collective matmul on 8 simulated devices"
"$BIN/hlopt-run" "$CM" --seed 0 | head -n 6
echo
echo "== 4. async collectives (StableHLO Async RFC): wrap, schedule for overlap, checked by execution"
"$BIN/hlopt" "$CM" --stablehlo-async-collectives --async-schedule --check-semantics -o "$TMP/async.mlir"
echo "   $(grep -c 'stablehlo.async_start' "$TMP/async.mlir") async_start ops; every result equal before and after (--check-semantics)"
FSDP=tests/fixtures/async/fsdp.mlir
echo "   JAX FSDP step (4 layers, hidden 8192, bf16, 8 devices; H100 cost model), predicted per step:"
"$BIN/hlopt" "$FSDP" --stablehlo-async-collectives=form=upstream --async-schedule \
  --view-schedule="$TMP/timeline.json" --mlir-pass-statistics -o "$TMP/fsdp.mlir" 2>&1 | grep -E "@main" || true
echo "   Chrome/Perfetto timeline: $TMP/timeline.json"
echo
echo "== 5. collective_permute -> send/recv with source_target_pairs (XLA's choices and cycle split), and back"
echo "   XLA's rule (default) takes only permutes of loop arguments in while bodies; this program has none:"
"$BIN/hlopt" "$CM" --stablehlo-decompose-collective-permute -o /dev/null 2>&1 | grep -c "remark: collective_permute not decomposed" | sed "s/^/   remarks: /"
echo "   scope=all decomposes every permute (hlopt's broader rule):"
"$BIN/hlopt" "$CM" --stablehlo-decompose-collective-permute=scope=all --check-semantics -o "$TMP/sr.mlir"
echo "   $(grep -c '"stablehlo.send"' "$TMP/sr.mlir") sends, $(grep -c '"stablehlo.recv"' "$TMP/sr.mlir") recvs, $(grep -c 'collective_permute' "$TMP/sr.mlir") single-pair permute(s) left"
"$BIN/hlopt" "$TMP/sr.mlir" --stablehlo-send-recv-to-collective-permute | cmp - "$CM" && echo "   recomposed: identical to the input"
echo "   pipelined: a JAX pipeline loop's transfer is peeled and the next one issued before each step's compute."
echo "   JAX calls the loop body (func.call); both passes inline it, as XLA inlines calls first (calls-inlined);"
echo "   the loop sends a computed value, which XLA decomposes only with pipeline-parallelism=false:"
"$BIN/hlopt" examples/pipeline_loop.mlir --stablehlo-decompose-collective-permute=pipeline-parallelism=false \
  --stablehlo-pipeline-send-recv --check-semantics --mlir-pass-statistics -o "$TMP/pipe.mlir" 2>&1 | grep -E "inlined|peeled|pipelined" | sed "s/^ */   /" || true
echo "   marks: $(grep -o '_xla_send_recv_pipeline = "[01]"' "$TMP/pipe.mlir" | sort | uniq -c | tr -s ' ' | paste -sd, -)"
echo
echo "== 6. executable specialization per device target (IREE's CPU encoding resolver: x86_64 AVX-512 VNNI vs aarch64 i8mm)"
"$BIN/hlopt" examples/encodings.mlir --specialize-encodings -o "$TMP/enc.mlir"
sed -nE 's/^(#encoding[0-9]*) = .*innerDimsPos = (\[[0-9, ]*\]), innerTileSizes = (\[[0-9, ]*\]).*/   \1: tiles \3 on dims \2/p' "$TMP/enc.mlir"
grep -E "stream.executable private|stream.tensor.dispatch" "$TMP/enc.mlir" | sed 's/^ */   /' | cut -c1-118
echo
echo "== 7. host IR (nvFuser): resharding inferred, kernels + communications, slices on streams; checked by execution"
"$BIN/hlopt" examples/ag_matmul.mlir --check-semantics --mlir-pass-statistics \
  --hir-segment --hir-lower --lower-streams=num-streams=2 -o "$TMP/host.mlir" 2>&1 | grep -E "predicted" || true
grep -E "scf.for|hir.synchronize|hir.communication|hir.matmul|hir.set_current_stream" "$TMP/host.mlir" | head -n 9 | sed 's/^ */   /' | cut -c1-110
"$BIN/hlopt-run" "$TMP/host.mlir" | head -n 3 | sed 's/^/   /' | cut -c1-110
echo "   -- the same with nvFuser's P2P ring (communication=p2p):"
"$BIN/hlopt" examples/ag_matmul_p2p.mlir --check-semantics --hir-segment --hir-lower \
  --lower-streams='num-streams=2 communication=p2p' | grep -E "hir.team_rank|hir.recv|hir.send|hir.wait|hir.matmul" | sed 's/^ */   /' | cut -c1-110
echo
echo "== 8. errors point at the line (a broken copy of the input):"
BAD=$TMP/bad.mlir
sed 's/stablehlo.add %0, %2 : tensor<8x32xf32>/stablehlo.add %0, %2 : tensor<8x16xf32>/' "$IN" > "$BAD"
"$BIN/hlopt" "$BAD" >/dev/null || echo "   (exit code $?)"
