"""Generated stream IR for --specialize-encodings on IREE's real resolvers:
executable targets (CPU triples x feature sets, GPU data-tiling targets, VMVX with and without
ukernels, an unknown triple) x contraction kinds (matmul, batch_matmul,
vecmat, matvec, transposed RHS) x element types x iteration sizes (dynamic,
narrow M, narrow N, none) x 1-3 devices with shared or distinct targets.

Each module resolves the three operands' encodings with
`stream.tensor.sizeof` on every device and launches one executable, whose
bindings carry the encodings, on every device (a transferred operand keeps
its source layout), so distinct layouts also duplicate the executable.
`cases()` is deterministic; `python gen_encodings.py` prints them as one
--split-input-file buffer.
"""

from __future__ import annotations

import itertools
import random

CPU = "#iree_cpu.cpu_encoding_resolver<>"
VMVX = "#iree_cpu.vmvx_encoding_resolver<>"

# (name, backend, config entries)
TARGETS = [
    ("x86_sse", "llvm-cpu", {"target_triple": "x86_64-unknown-linux-gnu", "cpu_features": ""}),
    ("x86_avx", "llvm-cpu", {"target_triple": "x86_64-unknown-linux-gnu", "cpu_features": "+avx"}),
    ("x86_avx2", "llvm-cpu", {"target_triple": "x86_64-unknown-linux-gnu", "cpu_features": "+avx,+avx2,+fma"}),
    ("x86_avx512", "llvm-cpu", {"target_triple": "x86_64-unknown-linux-gnu", "cpu_features": "+avx,+avx2,+fma,+avx512f"}),
    ("x86_avx512bw", "llvm-cpu", {"target_triple": "x86_64-pc-linux-gnu", "cpu_features": "+avx512f,+avx512bw"}),
    ("x86_vnni", "llvm-cpu", {"target_triple": "x86_64-pc-linux-gnu", "cpu_features": "+avx512f,+avx512bw,+avx512vnni"}),
    ("x86_bf16", "llvm-cpu", {"target_triple": "x86_64-pc-linux-gnu", "cpu_features": "+avx512f,+avx512bf16"}),
    ("i686", "llvm-cpu", {"target_triple": "i686-pc-linux-gnu", "cpu_features": "+avx2"}),
    ("arm", "llvm-cpu", {"target_triple": "aarch64-unknown-linux-gnu", "cpu_features": "+neon"}),
    ("arm_dotprod", "llvm-cpu", {"target_triple": "aarch64-unknown-linux-gnu", "cpu_features": "+neon,+dotprod"}),
    ("arm_i8mm", "llvm-cpu", {"target_triple": "aarch64-unknown-linux-gnu", "cpu_features": "+neon,+dotprod,+i8mm"}),
    ("arm_sve", "llvm-cpu", {"target_triple": "aarch64-none-elf", "cpu_features": "+sve"}),
    ("arm_bf16", "llvm-cpu", {"target_triple": "arm64-apple-darwin", "cpu_features": "+neon,+bf16"}),
    ("rv64", "llvm-cpu", {"target_triple": "riscv64-unknown-linux-gnu", "cpu_features": "+m,+a,+f,+d,+c"}),
    ("rv64v", "llvm-cpu", {"target_triple": "riscv64-unknown-linux-gnu", "cpu_features": "+m,+a,+f,+d,+v"}),
    ("rv64v256", "llvm-cpu", {"target_triple": "riscv64-unknown-linux-gnu",
                              "cpu_features": "+v,+zvl256b,+zvfh"}),
    ("rv32_uk", "llvm-cpu", {"target_triple": "riscv32-unknown-elf", "cpu_features": "+v", "ukernels": "all"}),
    ("wasm", "llvm-cpu", {"target_triple": "wasm32-unknown-emscripten"}),
    ("no_triple", "llvm-cpu", {}),
    ("vmvx", "vmvx", {}),
    ("vmvx_uk", "vmvx", {"ukernels": "all"}),
    ("vmvx_none", "vmvx", {"ukernels": "none"}),
]

# kind: (loop dims, lhs/rhs/out maps, shape of each operand as loop dims)
KINDS = {
    "matmul": ("(d0, d1, d2)", ["(d0, d2)", "(d2, d1)", "(d0, d1)"]),
    "matmul_tb": ("(d0, d1, d2)", ["(d0, d2)", "(d1, d2)", "(d0, d1)"]),
    "batch_matmul": ("(d0, d1, d2, d3)", ["(d0, d1, d3)", "(d0, d3, d2)", "(d0, d1, d2)"]),
    "vecmat": ("(d0, d1)", ["(d1)", "(d1, d0)", "(d0)"]),
    "matvec": ("(d0, d1)", ["(d0, d1)", "(d1)", "(d0)"]),
}
# broadcast kinds: one operand's user_indexing_maps entry is [root map, broadcast map]
# (the batch dim broadcast away); they reuse the root kind's loops and sizes
BROADCASTS = {
    "batch_matmul_bcast_lhs": ("batch_matmul", 0, "(d0, d1, d2) -> (d1, d2)"),
    "batch_matmul_bcast_rhs": ("batch_matmul", 1, "(d0, d1, d2) -> (d1, d2)"),
}
ALL_KINDS = [*KINDS, *BROADCASTS]
# iteration sizes per kind: loop order as in KINDS (M, N, K / B, M, N, K / N, K / M, K)
SIZES = {
    "matmul": [None, "[?, ?, ?]", "[4, ?, ?]", "[?, 3, 64]", "[100, 200, 300]", "[1, 1000, 10]"],
    "matmul_tb": [None, "[?, ?, ?]", "[?, 7, ?]"],
    "batch_matmul": [None, "[?, ?, ?, ?]", "[8, 2, ?, ?]", "[2, ?, 16, 32]"],
    "vecmat": [None, "[?, ?]", "[128, 64]"],
    "matvec": [None, "[?, ?]", "[128, 64]"],
}
ELEMENTS = [
    ("f32", "f32", "f32"), ("f16", "f16", "f32"), ("f16", "f16", "f16"), ("bf16", "bf16", "f32"),
    ("bf16", "bf16", "bf16"), ("i8", "i8", "i32"), ("i16", "i16", "i32"), ("f16", "f32", "f32"),
    ("i8", "i4", "i32"), ("i16", "ui4", "i32"),
]


# GPU data-tiling targets: (name, "rocm"/"cuda", #iree_gpu.target text); the MMA lists, limits and
# chip follow IREE's known CDNA3 (gfx942, MI300X) and RDNA3 (gfx1100) targets
_CDNA3_MMA = ("MFMA_F32_16x16x16_BF16, MFMA_F32_32x32x8_BF16, MFMA_F32_16x16x32_F8E5M2FNUZ, "
              "MFMA_I32_16x16x32_I8, MFMA_I32_32x32x16_I8, MFMA_F64_16x16x4_F64, MFMA_F32_16x16x4_F32, "
              "MFMA_F32_16x16x16_F16, MFMA_F32_32x32x8_F16, MFMA_F32_16x16x4x4B_F16")
_CDNA4_MMA = ("MFMA_F32_16x16x32_BF16, MFMA_F32_32x32x16_BF16, MFMA_F32_16x16x32_F16, MFMA_F32_32x32x16_F16, "
              "MFMA_I32_16x16x32_I8, MFMA_F32_16x16x4_F32, MFMA_F32_16x16x16_F16, MFMA_F32_16x16x16_BF16")
_RDNA3_MMA = ("WMMAR3_F32_16x16x16_F16, WMMAR3_F32_16x16x16_BF16, WMMAR3_I32_16x16x16_I8")
# RDNA4 (gfx1200/gfx1201) as KnownTargets lists it, f16-output and fp8 intrinsics included
_RDNA4_MMA = ("WMMAR4_F32_16x16x16_F16, WMMAR4_F16_16x16x16_F16, WMMAR4_F32_16x16x16_BF16, "
              "WMMAR4_BF16_16x16x16_BF16, WMMAR4_F32_16x16x16_F8E5M2, WMMAR4_F32_16x16x16_F8E5M2_F8E4M3FN, "
              "WMMAR4_F32_16x16x16_F8E4M3FN, WMMAR4_F32_16x16x16_F8E4M3FN_F8E5M2, WMMAR4_I32_16x16x16_I8")


def gpu_target_info(arch: str, mma: str, simds: int, vgpr: int, chip: str | None, subgroup: str) -> str:
    mmas = ", ".join(f"<{m.strip()}>" for m in mma.split(","))
    chip_txt = f", chip = <{chip}>" if chip else ""
    return (f'#iree_gpu.target<arch = "{arch}", features = "", wgp = <compute = fp64|fp32|fp16|int64|int32|int16|int8, '
            f"storage = b64|b32|b16|b8, subgroup = shuffle|arithmetic, dot = dp4xi8toi32, mma = [{mmas}], "
            f"subgroup_size_choices = [{subgroup}], max_workgroup_sizes = [1024, 1024, 1024], "
            "max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, "
            "max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, "
            f"simds_per_wgp = {simds}, vgpr_space_bits = {vgpr}>{chip_txt}>")


GPU_DT = [
    ("gfx942", "rocm", gpu_target_info("gfx942", _CDNA3_MMA, 4, 16384, 'wgp_count = 304, sku = "mi300x"', "64")),
    ("gfx942_nochip", "rocm", gpu_target_info("gfx942", _CDNA3_MMA, 4, 16384, None, "64")),
    ("gfx950", "rocm", gpu_target_info("gfx950", _CDNA4_MMA, 4, 16384, 'wgp_count = 256, sku = "mi355x"', "64")),
    ("gfx1100", "rocm", gpu_target_info("gfx1100", _RDNA3_MMA, 4, 8192, 'wgp_count = 48, sku = "rx7900xtx"',
                                        "32, 64")),
    ("gfx1201", "rocm", gpu_target_info("gfx1201", _RDNA4_MMA, 4, 8192, 'wgp_count = 32, sku = "rx9070xt"',
                                        "32, 64")),
    ("gfx1200", "rocm", gpu_target_info("gfx1200", _RDNA4_MMA, 4, 8192, None, "32, 64")),
    # no data-tiling limits (no max_load_instruction_bits etc.; IREE's CUDA targets have none):
    # IREE gives the identity layout
    ("sm_80", "cuda", gpu_target_info("sm_80", "NV_MMA_SYNC_F32_16x8x16_F16, NV_MMA_SYNC_F32_16x8x16_BF16, "
                                      "NV_WMMA_F32_16x16x16_F16", 4, 0, 'wgp_count = 108, sku = "a100"', "32").replace(
        ", max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 0", "")),
    ("gfx942_nolimits", "rocm", gpu_target_info("gfx942", _CDNA3_MMA, 4, 16384, None, "64").replace(
        ", max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 16384", "")),
]
# vecmat/matvec are left out: iree-opt 3.13 gives them a swizzle its verifier rejects (hlopt: an error)
GPU_KINDS = ["matmul", "matmul_tb", "batch_matmul", "batch_matmul_bcast_lhs", "batch_matmul_bcast_rhs"]


def _target_attr(i: int, target: tuple) -> str:
    name, backend, cfg = target
    if isinstance(cfg, str):
        abi = 'abi = "hip", ' if backend == "rocm" else ""
        return (f'#t{i} = #hal.executable.target<"{backend}", "{name}", {{{abi}iree.encoding.resolver = '
                f"#iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = {cfg}}}>")
    resolver = VMVX if backend == "vmvx" else CPU
    entries = [f"iree.encoding.resolver = {resolver}"] + [f'{k} = "{v}"' for k, v in cfg.items()]
    return f'#t{i} = #hal.executable.target<"{backend}", "{name}", {{{", ".join(entries)}}}>'


def _dims(maps_loop: str, m: str) -> list[str]:
    loops = [x.strip() for x in maps_loop[1:-1].split(",")]
    return [x.strip() for x in m[1:-1].split(",")], loops


def module(targets: list[tuple], device_targets: list[int], kind: str, elems: tuple, sizes: str | None) -> str:
    """One module: device d runs on target index device_targets[d]."""
    root_kind, bcast_operand, bcast_map = BROADCASTS.get(kind, (kind, None, None))
    loops, maps = KINDS[root_kind]
    loop_names = [x.strip() for x in loops[1:-1].split(",")]
    static = {}
    if sizes is not None:
        for name, s in zip(loop_names, sizes[1:-1].split(",")):
            if s.strip() != "?":
                static[name] = s.strip()
    lines = [_target_attr(i, t) for i, t in enumerate(targets)]
    for d, ti in enumerate(device_targets):
        lines.append(f'#d{d} = #hal.device.target<"local", {{ordinal = {d} : index}}, [#t{ti}]> : !hal.device')
    for i, m in enumerate(maps):
        lines.append(f"#map{i} = affine_map<{loops} -> {m}>")
    if bcast_map is not None:
        lines.append(f"#bcast = affine_map<{bcast_map}>")
    maps_ref = ", ".join(f"[#map{i}, #bcast]" if i == bcast_operand else f"#map{i}" for i in range(3))
    it = f", iteration_sizes = {sizes}" if sizes is not None else ""
    etypes = ", ".join(elems)
    for i, role in enumerate(("lhs", "rhs", "out")):
        lines.append(f"#{role} = #iree_encoding.encoding<operand_index = {i} : index, op_type = matmul, "
                     f"element_types = [{etypes}], user_indexing_maps = [{maps_ref}]{it}>")
    for d in range(len(device_targets)):
        lines.append(f"util.global private @dev{d} = #d{d}")

    def ttype(i: int, role: str) -> tuple[str, int]:
        dims = [x.strip() for x in maps[i][1:-1].split(",")]
        if i == bcast_operand:  # the composed map: the broadcast's results name the root's
            picks = [x.strip() for x in bcast_map.split("->")[1].strip()[1:-1].split(",")]
            dims = [dims[int(x[1:])] for x in picks]
        shape = "x".join(static.get(x, "?") for x in dims)
        return f"tensor<{shape}x{elems[i]}, #{role}>", sum(1 for x in dims if x not in static)

    types = [ttype(i, r) for i, r in enumerate(("lhs", "rhs", "out"))]
    lines += [
        "stream.executable private @ex {",
        "  stream.executable.export public @mm",
        "  builtin.module {",
        "    func.func @mm(%a: !stream.binding, %b: !stream.binding, %c: !stream.binding) {",
        "      %c0 = arith.constant 0 : index",
    ]
    for arg, (role, (t, ndyn)) in zip("abc", zip(("readonly", "readonly", "writeonly"), types)):
        if ndyn:
            lines.append(f"      %v{arg} = stream.binding.subspan %{arg}[%c0] : !stream.binding -> "
                         f"!iree_tensor_ext.dispatch.tensor<{role}:{t}>{{{', '.join(['%c0'] * ndyn)}}}")
        else:
            lines.append(f"      %v{arg} = stream.binding.subspan %{arg}[%c0] : !stream.binding -> "
                         f"!iree_tensor_ext.dispatch.tensor<{role}:{t}>")
    lines += ["      return", "    }", "  }", "}"]
    lines.append("util.func public @main(%x: !stream.resource<*>, %y: !stream.resource<*>, %n: index) {")
    for d in range(len(device_targets)):
        aff = f"#hal.device.affinity<@dev{d}>"
        for i, (t, ndyn) in enumerate(types):
            dyn = "{" + ", ".join(["%n"] * ndyn) + "}" if ndyn else ""
            lines.append(f"  %s{d}_{i} = stream.tensor.sizeof on({aff}) {t}{dyn} : index")
        src, src_aff = ("%x", "#hal.device.affinity<@dev0>") if d == 0 else \
            (f"%r{d - 1}", f"#hal.device.affinity<@dev{d - 1}>")
        lines.append(f"  %x{d} = stream.async.transfer {src} : !stream.resource<*>{{%n}} from({src_aff}) -> "
                     f"to({aff}) !stream.resource<*>{{%n}}")
        lines.append(f"  %y{d} = stream.async.transfer %y : !stream.resource<*>{{%n}} from(#hal.device.affinity<@dev0>) "
                     f"-> to({aff}) !stream.resource<*>{{%n}}")
        ops = []
        for i in range(2):
            t, ndyn = types[i]
            dyn = "{" + ", ".join(["%n"] * ndyn) + "}" if ndyn else ""
            ops.append(f"{t}{dyn} in !stream.resource<*>{{%n}}")
        t, ndyn = types[2]
        dyn = "{" + ", ".join(["%n"] * ndyn) + "}" if ndyn else ""
        lines.append(f"  %r{d} = stream.tensor.dispatch on({aff}) @ex::@mm(%x{d}, %y{d}) : "
                     f"({ops[0]}, {ops[1]}) -> {t}{dyn} in !stream.resource<*>{{%n}}")
    lines += ["  util.return", "}"]
    return "\n".join(lines) + "\n"


GPU_TARGETS = {  # arch -> whether IREE knows its L1 cache (gfx90a/gfx942/gfx950 do)
    "gfx942": "MFMA_F32_16x16x4_F32", "gfx90a": "MFMA_F32_16x16x4_F32", "gfx950": "MFMA_F32_16x16x4_F32",
    "gfx1100": "WMMAR3_F32_16x16x16_F16", "none": None,
}
PAD_TYPES = [  # (shape, element type, encoding)
    ("?x2048", "f16", "#iree_encoding.padding<[0, ?]>"),
    ("?x16", "f16", "#iree_encoding.padding<[0, ?]>"),
    ("?x256", "f16", "#iree_encoding.padding<[0, ?]>"),
    ("?x1000", "f32", "#iree_encoding.padding<[0, ?]>"),
    ("4x?x4096", "i8", "#iree_encoding.padding<[0, 0, ?]>"),
    ("?x300", "bf16", "#iree_encoding.padding<[0, ?]>"),
    ("?x1024", "i4", "#iree_encoding.padding<[0, ?]>"),
    ("?x640", "f64", "#iree_encoding.padding<[0, ?]>"),
    ("?x2048", "f16", "#iree_encoding.padding<[0, 64]>"),
    ("?x2048", "f16", "#iree_encoding.testing<>"),
    ("2048x?", "f16", "#iree_encoding.padding<[0, ?]>"),
    ("?x2048", "f16", "#iree_encoding.padding<[64, ?]>"),
]


def _gpu_target(arch: str) -> str:
    mma = GPU_TARGETS[arch]
    info = "" if mma is None else (
        f', iree_codegen.target_info = #iree_gpu.target<arch = "{arch}", features = "", wgp = <compute = fp32, '
        f"storage = b32, subgroup = none, mma = [<{mma}>], subgroup_size_choices = [64], "
        "max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, "
        "max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647]>>")
    return (f'#hal.executable.target<"rocm", "rocm-hsaco-fb", {{abi = "hip", '
            f"iree.encoding.resolver = #iree_gpu.gpu_padding_resolver<>{info}}}>")


def padding_module(archs: list[str], types: list[tuple]) -> str:
    """`stream.tensor.empty` of each type on each device (one per arch)."""
    lines = []
    for d, arch in enumerate(archs):
        lines.append(f"#t{d} = {_gpu_target(arch)}")
        lines.append(f'#d{d} = #hal.device.target<"hip", {{ordinal = {d} : index}}, [#t{d}]> : !hal.device')
        lines.append(f"util.global private @dev{d} = #d{d}")
    lines.append("util.func public @pad(%n: index, %size: index) {")
    for d in range(len(archs)):
        for shape, et, enc in types:
            ndyn = shape.split("x").count("?")
            dims = "{" + ", ".join(["%n"] * ndyn) + "}" if ndyn else ""
            lines.append(f"  %e{d}_{len(lines)} = stream.tensor.empty on(#hal.device.affinity<@dev{d}>) : "
                         f"tensor<{shape}x{et}, {enc}>{dims} in !stream.resource<*>{{%size}}")
    lines += ["  util.return", "}"]
    return "\n".join(lines) + "\n"


def padding_cases() -> list[tuple[str, str]]:
    """Each padding form alone on each GPU arch (errors included), then
    multi-device mixes of the forms IREE resolves."""
    out = []
    for arch in GPU_TARGETS:
        for i, ty in enumerate(PAD_TYPES):
            out.append((f"pad-{arch}-{i}", padding_module([arch], [ty])))
    ok = [t for t in PAD_TYPES if "?x" in t[0][:2] and "[64, ?]" not in t[2]]
    for archs in (["gfx942", "gfx1100"], ["gfx90a", "none", "gfx950"], ["gfx942", "gfx942"]):
        out.append((f"pad-{'+'.join(archs)}", padding_module(archs, ok)))
    return out


def cases(n: int = 240, seed: int = 21) -> list[tuple[str, str]]:
    """(id, module text): every target x kind once with one device, then
    random multi-device mixes (shared and distinct targets)."""
    rng = random.Random(seed)
    out = []
    for (ti, target), kind in itertools.product(enumerate(TARGETS), KINDS):
        elems = ELEMENTS[(ti + len(out)) % len(ELEMENTS)]
        sizes = SIZES[kind][len(out) % len(SIZES[kind])]
        out.append((f"{target[0]}-{kind}-{'x'.join(elems)}-1dev", module([target], [0], kind, elems, sizes)))
    while len(out) < n:
        ndev = rng.choice((2, 3))
        shared = rng.random() < 0.3
        picks = rng.sample(TARGETS, 1 if shared else ndev)
        device_targets = [0] * ndev if shared else list(range(ndev))
        kind = rng.choice(ALL_KINDS)
        elems = rng.choice(ELEMENTS)
        sizes = rng.choice(SIZES[BROADCASTS.get(kind, (kind,))[0]])
        name = "+".join(t[0] for t in picks)
        out.append((f"{name}-{kind}-{'x'.join(elems)}-{ndev}dev{'-shared' if shared else ''}-{len(out)}",
                    module(picks, device_targets, kind, elems, sizes)))
    return out + padding_cases() + gpu_cases(rng) + conv_cases() + scaled_cases() + ukernel_cases()


def gpu_cases(rng: random.Random) -> list[tuple[str, str]]:
    """Each GPU data-tiling target x element types (kinds and sizes rotating),
    then multi-device mixes of GPU and CPU targets."""
    out = []
    for (ti, target), elems in itertools.product(enumerate(GPU_DT), ELEMENTS):
        kind = GPU_KINDS[(ti + len(out)) % len(GPU_KINDS)]
        root = BROADCASTS.get(kind, (kind,))[0]
        sizes = SIZES[root][len(out) % len(SIZES[root])]
        out.append((f"{target[0]}-{kind}-{'x'.join(elems)}-1dev", module([target], [0], kind, elems, sizes)))
    for n in range(24):
        ndev = rng.choice((2, 3))
        picks = [rng.choice(GPU_DT)] + rng.sample(TARGETS + GPU_DT, ndev - 1)
        if len({p[0] for p in picks}) < ndev:
            continue
        kind = rng.choice(GPU_KINDS)
        elems = rng.choice(ELEMENTS[:6])
        sizes = rng.choice(SIZES[BROADCASTS.get(kind, (kind,))[0]])
        name = "+".join(t[0] for t in picks)
        out.append((f"{name}-{kind}-{'x'.join(elems)}-{ndev}dev-{n}", module(picks, list(range(ndev)), kind, elems,
                                                                          sizes)))
    return out


# conv layouts: (loops, input, filter, output maps, shapes of the three operands)
CONVS = {
    "nhwc_hwcf": ("(n, oh, ow, oc, fh, fw, ic)", "(n, oh + fh, ow + fw, ic)", "(fh, fw, ic, oc)", "(n, oh, ow, oc)",
                  ("1x16x16x4", "3x3x4x8", "1x14x14x8")),
    "nchw_fchw_s2": ("(n, oc, oh, ow, ic, fh, fw)", "(n, ic, oh * 2 + fh, ow * 2 + fw)", "(oc, ic, fh, fw)",
                     "(n, oc, oh, ow)", ("2x4x33x33", "8x4x3x3", "2x8x16x16")),
    "nhwc_hwcf_dilated": ("(n, oh, ow, oc, fh, fw, ic)", "(n, oh + fh * 2, ow + fw * 2, ic)", "(fh, fw, ic, oc)",
                          "(n, oh, ow, oc)", ("1x16x16x4", "3x3x4x8", "1x12x12x8")),
    "depthwise": ("(n, oh, ow, c, fh, fw)", "(n, oh + fh, ow + fw, c)", "(fh, fw, c)", "(n, oh, ow, c)",
                  ("1x16x16x8", "3x3x8", "1x14x14x8")),
    "nwc_wcf": ("(n, ow, oc, fw, ic)", "(n, ow + fw, ic)", "(fw, ic, oc)", "(n, ow, oc)",
                ("1x16x4", "3x4x8", "1x14x8")),
}
# VMVX is left out: its resolver reads contraction dims off conv maps (hlopt: an error)
CONV_TARGETS = ["x86_avx512", "x86_avx2", "arm", "arm_sve", "rv64", "i686"]


def _sizeof_module(targets: list[tuple], header: list[str], ttypes: list[str]) -> str:
    """Declarations, then every operand's sizeof on one device per target."""
    lines = [_target_attr(i, t) for i, t in enumerate(targets)]
    for d in range(len(targets)):
        lines.append(f'#d{d} = #hal.device.target<"local", {{ordinal = {d} : index}}, [#t{d}]> : !hal.device')
    lines += header
    lines += [f"util.global private @dev{d} = #d{d}" for d in range(len(targets))]
    lines.append("util.func public @main() {")
    for d in range(len(targets)):
        for i, t in enumerate(ttypes):
            lines.append(f"  %s{d}_{i} = stream.tensor.sizeof on(#hal.device.affinity<@dev{d}>) {t} : index")
    lines += ["  util.return", "}"]
    return "\n".join(lines) + "\n"


def conv_module(targets: list[tuple], conv: str, elem: str) -> str:
    loops, m_in, m_f, m_out, shapes = CONVS[conv]
    header = [f"#map{i} = affine_map<{loops} -> {m}>" for i, m in enumerate((m_in, m_f, m_out))]
    header += [f"#e{i} = #iree_encoding.encoding<operand_index = {i} : index, op_type = conv, "
               f"element_types = [{elem}, {elem}, {elem}], user_indexing_maps = [#map0, #map1, #map2]>"
               for i in range(3)]
    return _sizeof_module(targets, header, [f"tensor<{s}x{elem}, #e{i}>" for i, s in enumerate(shapes)])


def conv_cases() -> list[tuple[str, str]]:
    """Each conv layout on the CPU targets (f32, and f16 on one), then on a
    CPU and a GPU device together."""
    by_name = {t[0]: t for t in TARGETS + GPU_DT}
    out = []
    for ci, conv in enumerate(CONVS):
        for ti, name in enumerate(CONV_TARGETS):
            if (ci + ti) % 2 == 0 or name == "x86_avx512":
                elem = "f16" if ti == 3 else "f32"
                out.append((f"conv-{conv}-{name}-{elem}", conv_module([by_name[name]], conv, elem)))
        gpu = GPU_DT[ci % len(GPU_DT)][0]
        out.append((f"conv-{conv}-arm+{gpu}", conv_module([by_name["arm"], by_name[gpu]], conv, "f32")))
    return out


def scaled_cases() -> list[tuple[str, str]]:
    """MX (scaled) matmul encodings on CPU, VMVX and GPUs without scaled MMA:
    all the identity layout in IREE."""
    header = [f"#map{i} = affine_map<(d0, d1, d2, d3) -> {m}>" for i, m in
              enumerate(("(d0, d2, d3)", "(d1, d2, d3)", "(d0, d2)", "(d1, d2)", "(d0, d1)"))]
    header += [f"#e{i} = #iree_encoding.encoding<operand_index = {i} : index, op_type = scaled_matmul, "
               "element_types = [f4E2M1FN, f4E2M1FN, f8E8M0FNU, f8E8M0FNU, f32], "
               "user_indexing_maps = [#map0, #map1, #map2, #map3, #map4], iteration_sizes = [256, 512, 128, 32]>"
               for i in range(5)]
    ttypes = [f"tensor<{s}, #e{i}>" for i, s in enumerate(
        ("256x128x32xf4E2M1FN", "512x128x32xf4E2M1FN", "256x128xf8E8M0FNU", "512x128xf8E8M0FNU", "256x512xf32"))]
    by_name = {t[0]: t for t in TARGETS + GPU_DT}
    picks = [["x86_avx512"], ["arm_sve"], ["vmvx_uk"], ["gfx942"], ["gfx1201", "x86_avx2"]]
    return [(f"scaled-{'+'.join(p)}", _sizeof_module([by_name[n] for n in p], header, ttypes)) for p in picks]


_UK_MMA = ("MFMA_F32_16x16x16_BF16, MFMA_F32_16x16x32_F8E5M2FNUZ, MFMA_F32_16x16x32_F8E4M3FNUZ, "
           "MFMA_I32_16x16x32_I8, MFMA_F32_16x16x4_F32, MFMA_F32_16x16x16_F16, MFMA_F32_32x32x8_F16")
# gfx942 with IREE's ROCm tensor ukernel provider (its ukernels' layouts where one matches)
UK_GFX942 = ("gfx942_uk", "rocm", gpu_target_info("gfx942", _UK_MMA, 4, 16384, 'wgp_count = 304, sku = "mi300x"', "64"))


def ukernel_cases() -> list[tuple[str, str]]:
    out = []
    for elems, sizes in [(("f16", "f16", "f32"), "[?, ?, ?]"), (("f16", "f16", "f32"), "[512, 32832, 512]"),
                         (("f16", "f16", "f32"), "[512, 32768, 512]"), (("f16", "f16", "f32"), None),
                         (("f8E4M3FNUZ", "f8E4M3FNUZ", "f32"), "[64, 4096, ?]"),
                         (("f8E4M3FNUZ", "f8E4M3FNUZ", "f32"), "[32, ?, ?]"),
                         (("f8E4M3FNUZ", "f8E4M3FNUZ", "f32"), "[4, ?, ?]"), (("bf16", "bf16", "f32"), "[?, ?, ?]")]:
        text = module([UK_GFX942], [0], "matmul", elems, sizes).replace(
            "iree_codegen.target_info", "iree_codegen.ukernel_provider = #rocm.tensor_ukernel_provider, "
            "iree_codegen.target_info")
        out.append((f"gfx942_uk-matmul-{'x'.join(elems)}-{sizes}", text))
    return out


if __name__ == "__main__":
    print("\n// -----\n".join(text for _, text in cases()))
