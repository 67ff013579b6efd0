"""Dialect registry: names only, so importing hlopt stays cheap.

A dialect module is imported the first time one of its ops is looked up.
`open` dialects accept ops hlopt does not model (printed and verified
generically), so real IR using them still round-trips.
"""

from hlopt.ir.opdef import announce_dialect

# fully modelled here
for _name in ("builtin", "func", "stablehlo", "chlo"):
    announce_dialect(_name, f"hlopt.dialects.{_name}")
# sdy: mesh/manual_computation/return modelled, other ops pass through
announce_dialect("sdy", "hlopt.dialects.sdy", open=True)

# dialects hlopt models partially: unknown ops of theirs pass through
for _name in ("arith", "scf", "cf", "tensor", "math", "memref", "linalg", "shape", "index",
              "mhlo", "mpmd", "tosa", "vhlo",
              "hal", "stream", "util", "flow", "iree_encoding", "iree_tensor_ext", "hir"):
    announce_dialect(_name, f"hlopt.dialects.{_name}" if _name in ("arith",) else "hlopt.dialects.passthrough",
                     open=True)
