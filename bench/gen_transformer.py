"""The 240-layer JAX transformer of issue 26: tests/fixtures/gen_corpus.py's
deep_transformer_grad (value and gradient of a stack of attention + MLP
blocks, unrolled) with 240 layers instead of 24, about 75k ops, lowered by
jax to StableHLO text (pretty form, as `jax.jit(f).lower(...).as_text()`).

    python bench/gen_transformer.py [--layers 240] -o FILE

Needs jax (the oracle extra); cached by run.py under bench/.cache/.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def transformer_text(layers: int = 240) -> str:
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    sys.path.insert(0, str(REPO / "tests" / "fixtures"))
    import gen_corpus as g
    import jax
    import jax.numpy as jnp

    rng = g._rng(3)
    ps = [g._block_params(rng, 8, 16) for _ in range(layers)]
    x = g._f32(rng, 1, 4, 8)

    def loss(ps, x):
        for p in ps:  # unrolled, as the fixture
            x = g._block(p, x)
        return jnp.sum(x * x)

    def deep_transformer_grad(ps, x):
        return jax.value_and_grad(loss)(ps, x)

    return jax.jit(deep_transformer_grad).lower(ps, x).as_text()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layers", type=int, default=240)
    ap.add_argument("-o", dest="out", type=Path, required=True)
    a = ap.parse_args(argv)
    a.out.write_text(transformer_text(a.layers))
    return 0


if __name__ == "__main__":
    sys.exit(main())
