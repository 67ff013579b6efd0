#!/usr/bin/env bash
# `make demo`: run hlopt on a bundled JAX export through a visible pipeline.
set -euo pipefail
BIN=${1:-.venv/bin}
IN=examples/mlp_train.mlir
OUT=$(mktemp -d)/mlp_train.opt.mlir
PIPELINE="builtin.module(inline,func.func(canonicalize,cse),symbol-dce)"

echo "== input: $IN  ($(grep -c ' = ' "$IN") ops in $(grep -c 'func.func' "$IN") functions, exported by JAX)"
echo "== 1. round trip with no passes: hlopt reprints MLIR's text byte for byte"
"$BIN/hlopt" "$IN" | cmp - "$IN" && echo "   identical"
echo
echo "== 2. hlopt $IN --pass-pipeline='$PIPELINE' --mlir-pass-statistics --mlir-timing -o $OUT"
"$BIN/hlopt" "$IN" --pass-pipeline="$PIPELINE" --mlir-pass-statistics --mlir-timing -o "$OUT"
echo
echo "== result: $(grep -c ' = ' "$OUT") ops in $(grep -c 'func.func' "$OUT") function(s); first lines:"
head -n 12 "$OUT"
echo "   ..."
echo
echo "== 3. errors point at the line (a broken copy of the input):"
BAD=$(mktemp -d)/bad.mlir
sed 's/stablehlo.add %0, %2 : tensor<8x32xf32>/stablehlo.add %0, %2 : tensor<8x16xf32>/' "$IN" > "$BAD"
"$BIN/hlopt" "$BAD" >/dev/null || echo "   (exit code $?)"
