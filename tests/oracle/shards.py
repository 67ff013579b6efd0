"""`python tests/oracle/shards.py K N`: the oracle test files of shard K
(1-based) of N, for `make test-oracle`, which runs the shards side by side
(one pytest per core, no plugin needed). Files go whole to a shard, so a
file's shared reference runs (iree-opt batches, the XLA child) are not
repeated; they are balanced by their measured CPU seconds (bench/README.md,
"test suite time"); a file not listed counts as COST_UNKNOWN."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
COST_UNKNOWN = 10.0
# CPU seconds of each file alone after the reference tools were shared (bench/README.md); stablehlo
# is an estimate (not timed on an idle machine yet)
COST = {
    "test_ireeopt_oracle.py": 124, "test_interp_xla.py": 36, "test_bytecode_oracle.py": 39,
    "test_async_xla.py": 19, "test_shlo_agreement.py": 22, "test_stablehlo_oracle.py": 30,
    "test_send_recv_oracle.py": 22, "test_negative_oracle.py": 16, "test_printer_oracle.py": 26,
    "test_encodings_oracle.py": 7, "test_corpus_regen.py": 11, "test_oracle_ci.py": 11,
    "test_fuzz_oracle.py": 7, "test_chlo_shape_oracle.py": 7, "test_specialize_encodings_oracle.py": 5,
    "test_quant_agreement.py": 5, "test_interp_collectives_xla.py": 3, "test_print_ir_oracle.py": 3,
}


def shards(n: int) -> list[list[Path]]:
    files = sorted(HERE.glob("test_*.py"), key=lambda p: (-COST.get(p.name, COST_UNKNOWN), p.name))
    out: list[list[Path]] = [[] for _ in range(n)]
    load = [0.0] * n
    for p in files:  # greedy: the next most costly file to the least loaded shard
        k = load.index(min(load))
        out[k].append(p)
        load[k] += COST.get(p.name, COST_UNKNOWN)
    return out


if __name__ == "__main__":
    k, n = int(sys.argv[1]), int(sys.argv[2])
    print(" ".join(str(p.relative_to(Path.cwd()) if p.is_relative_to(Path.cwd()) else p) for p in shards(n)[k - 1]))
