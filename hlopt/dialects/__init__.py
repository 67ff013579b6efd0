"""The dialects hlopt knows, by name only (importing hlopt stays cheap).

A dialect's module is imported by the context (hlopt.ir.context) the first
time its namespace is used. As in MLIR, a dialect whose ops hlopt declares
completely is closed: an op of it that it does not define is an error
("unregistered operation 'cf.x' found in dialect ('cf') that does not allow
unknown operations"), with or without --allow-unregistered-dialect. Only
dialects hlopt models in part are `open` (their other ops are printed and
verified generically, so real IR using them still round-trips); a dialect
without a module is known by name only (and open).

Closed and complete (op lists compared with iree-opt's, sdy's with jaxlib's):
builtin, func, arith, cf, scf, tensor, stablehlo, chlo, hir, sdy, hal, util,
stream, iree_tensor_ext, iree_encoding, iree_gpu, iree_cpu (attributes only),
mhlo (jaxlib's 138 ops), vhlo (VhloOps.td's versioned ops). Complete but
accepting unknown ops, as MLIR's own dialect does (ShapeDialect allows
unknown operations): shape. Open:
- math, memref, linalg, index, mpmd, tosa, flow: known by name only
"""

from types import MappingProxyType

from hlopt.ir.context import DialectInfo

_D = "hlopt.dialects."

DIALECTS = MappingProxyType({
    "builtin": DialectInfo(_D + "builtin", grammar="builtin.lark"),
    "func": DialectInfo(_D + "func"),
    "arith": DialectInfo(_D + "arith"),
    "cf": DialectInfo(_D + "cf"),
    "stablehlo": DialectInfo(_D + "stablehlo", grammar="stablehlo.lark"),
    "vhlo": DialectInfo(_D + "vhlo"),  # its module reads VHLO bytecode
    "chlo": DialectInfo(_D + "chlo"),
    "quant": DialectInfo(_D + "quant"),
    "mhlo": DialectInfo(_D + "mhlo"),
    "sdy": DialectInfo(_D + "sdy"),
    "hir": DialectInfo(_D + "hir"),
    "scf": DialectInfo(_D + "scf"),
    "tensor": DialectInfo(_D + "tensor"),
    "shape": DialectInfo(_D + "shape"),
    "hal": DialectInfo(_D + "hal"),
    "util": DialectInfo(_D + "util"),
    "stream": DialectInfo(_D + "stream", grammar=("stream_cmd.lark",)),
    "iree_encoding": DialectInfo(_D + "iree_encoding"),
    "iree_tensor_ext": DialectInfo(_D + "iree_tensor_ext"),
    "iree_cpu": DialectInfo(_D + "iree_cpu"),
    "iree_gpu": DialectInfo(_D + "iree_gpu"),
    **{name: DialectInfo("", open=True) for name in (
        "math", "memref", "linalg", "index", "mpmd", "tosa", "flow")},
})
