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
    "builtin": DialectInfo(_D + "builtin", grammar="builtin.lark"),
    "func": DialectInfo(_D + "func", grammar="func.lark"),
    "arith": DialectInfo(_D + "arith", open=True),
    "cf": DialectInfo(_D + "cf", grammar="cf.lark", open=True),
    "stablehlo": DialectInfo(_D + "stablehlo", grammar="stablehlo.lark"),
    "vhlo": DialectInfo(_D + "vhlo", open=True),  # its module reads VHLO bytecode
    "chlo": DialectInfo(_D + "chlo", grammar="chlo.lark"),
    "quant": DialectInfo(_D + "quant"),
    "mhlo": DialectInfo(_D + "mhlo", open=True),
    "sdy": DialectInfo(_D + "sdy", grammar="sdy.lark", open=True),
    "hir": DialectInfo(_D + "hir", grammar="hir.lark"),
    "scf": DialectInfo(_D + "scf", grammar="scf.lark", open=True),
    "tensor": DialectInfo(_D + "tensor", grammar="tensor.lark", open=True),
    "shape": DialectInfo(_D + "shape", grammar="shape.lark", open=True),
    "hal": DialectInfo(_D + "hal", grammar=("hal.lark", "hal_runtime.lark"), open=True),
    "util": DialectInfo(_D + "util", grammar=("util.lark", "util_ops.lark"), open=True),
    "stream": DialectInfo(_D + "stream", grammar=("stream.lark", "stream_cmd.lark"), open=True),
    "iree_encoding": DialectInfo(_D + "iree_encoding", grammar="iree_encoding.lark", open=True),
    "iree_tensor_ext": DialectInfo(_D + "iree_tensor_ext", grammar="iree_tensor_ext.lark", open=True),
    "iree_cpu": DialectInfo(_D + "iree_cpu", open=True),
    "iree_gpu": DialectInfo(_D + "iree_gpu", open=True),
    **{name: DialectInfo("", open=True) for name in (
        "math", "memref", "linalg", "index", "mpmd", "tosa", "flow")},
})
