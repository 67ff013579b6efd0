"""The dialects hlopt knows, by name only (importing hlopt stays cheap).

A dialect's module is imported by the context (hlopt.ir.context) the first
time its namespace is used. `open` dialects accept ops hlopt does not model
(printed and verified generically), so real IR using them still
round-trips; a dialect without a module is known by name only.
"""

from types import MappingProxyType

from hlopt.ir.context import DialectInfo

_D = "hlopt.dialects."

DIALECTS = MappingProxyType({
    "builtin": DialectInfo(_D + "builtin"),
    "func": DialectInfo(_D + "func"),
    "arith": DialectInfo(_D + "arith", grammar="arith.lark", open=True),
    "cf": DialectInfo(_D + "cf", grammar="cf.lark", open=True),
    "stablehlo": DialectInfo(_D + "stablehlo", grammar="stablehlo.lark"),
    "chlo": DialectInfo(_D + "chlo"),
    "sdy": DialectInfo(_D + "sdy", grammar="sdy.lark", open=True),
    **{name: DialectInfo("", open=True) for name in (
        "scf", "tensor", "math", "memref", "linalg", "shape", "index", "mhlo", "mpmd", "tosa", "vhlo",
        "hal", "stream", "util", "flow", "iree_encoding", "iree_tensor_ext", "hir")},
})
