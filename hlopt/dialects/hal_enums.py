"""The hal dialect's enums, one table for the executable-interface ops
(hal.py) and the runtime ops (hal_runtime.py): IREE's HALAttrs.td case
names and values, and how the custom forms spell them."""

from __future__ import annotations

import re

from hlopt.ir.attributes import IntegerAttr, quote
from hlopt.ir.constraints import Constraint
from hlopt.ir.types import IntegerType

# -- enums (IREE's HALAttrs.td: case names and values, in declaration order) ------------

_FLAG = (("None", 0), ("Reserved", 1))
ENUMS: dict[str, tuple[int, bool, tuple]] = {
    # name: (width, is_bit_enum, cases)
    "Lifetime": (32, False, (("*", 0), ("external", 1), ("staging", 2), ("transient", 3), ("variable", 4),
                             ("constant", 5))),
    "AllocaFlag": (64, True, (("None", 0), ("IndeterminateLifetime", 1))),
    "DeallocaFlag": (64, True, (("None", 0), ("PreferOrigin", 1))),
    "Flag": (64, True, _FLAG),
    "BufferUsage": (32, True, (
        ("None", 0), ("TransferSource", 1), ("TransferTarget", 2), ("Transfer", 3),
        ("DispatchIndirectParameters", 0x100), ("DispatchUniformRead", 0x200), ("DispatchStorageRead", 0x400),
        ("DispatchStorageWrite", 0x800), ("DispatchStorage", 0xC00), ("DispatchImageRead", 0x1000),
        ("DispatchImageWrite", 0x2000), ("DispatchImage", 0x3000), ("SharingExport", 0x10000),
        ("SharingReplicate", 0x20000), ("SharingConcurrent", 0x40000), ("SharingImmutable", 0x80000),
        ("MappingScoped", 0x1000000), ("MappingPersistent", 0x2000000), ("MappingOptional", 0x4000000),
        ("MappingAccessRandom", 0x8000000), ("MappingAccessSequentialWrite", 0x10000000),
        ("Mapping", 0x9000000))),
    "MemoryType": (32, True, (
        ("None", 0), ("Optimal", 1), ("HostVisible", 2), ("HostCoherent", 4), ("HostCached", 8),
        ("HostLocal", 70), ("DeviceVisible", 16), ("DeviceLocal", 48))),
    "CommandBufferMode": (32, True, (("None", 0), ("OneShot", 1), ("AllowInlineExecution", 16))),
    "CommandCategory": (32, True, (("None", 0), ("Transfer", 1), ("Dispatch", 2))),
    "ExecutionStage": (32, True, (("None", 0), ("CommandIssue", 1), ("CommandProcess", 2), ("Dispatch", 4),
                                  ("Transfer", 8), ("CommandRetire", 16), ("Host", 32))),
    "MemoryAccess": (32, True, (("None", 0), ("Read", 1), ("Write", 2), ("Discard", 4), ("MayAlias", 8),
                                ("Unaligned", 16), ("Any", 32))),
    "DescriptorFlags": (32, True, (("None", 0), ("ReadOnly", 1), ("Indirect", 2))),
    "CollectiveKind": (32, False, (("AllGather", 0), ("AllReduce", 1), ("AllToAll", 2), ("Broadcast", 3),
                                   ("Reduce", 4), ("ReduceScatter", 5), ("Send", 6), ("Recv", 7),
                                   ("SendRecv", 8))),
}

_KEYWORD = re.compile(r"[A-Za-z_][\w$.]*\Z")


def enum_text(kind: str, value: int) -> str | None:
    """The enum's spelling as IREE prints it (quoted unless a bare keyword
    other than `None`); None when no case (combination) spells it."""
    _, bits, cases = ENUMS[kind]
    if not bits:
        s = next((n for n, v in cases if v == value), None)
    elif value == 0:
        s = "None"
    else:
        names = [n for n, v in cases if v and v & value == v]
        covered = 0
        for n, v in cases:
            if n in names:
                covered |= v
        s = "|".join(names) if covered == value else None
    if s is None:
        return None
    return s if _KEYWORD.match(s) and s != "None" else quote(s)


def enum_value(kind: str, text: str) -> int | None:
    """`None`, `"A|B"`, `external`: the value (None: not a case of the enum)."""
    _, bits, cases = ENUMS[kind]
    if bits:
        return parse_bit_enum(text, dict(cases))
    t = text.strip()
    if t.startswith('"') and t.endswith('"') and len(t) >= 2:
        t = t[1:-1]
    return dict(cases).get(t)


def enum_constraint(kind: str) -> Constraint:
    width = ENUMS[kind][0]
    return Constraint(lambda a: isinstance(a, IntegerAttr) and isinstance(a.type, IntegerType)
                      and a.type.width == width, f"valid {kind}")


def enum_cases(kind: str) -> dict[str, int]:
    """The enum's cases as a name -> value dict, in declaration order."""
    return dict(ENUMS[kind][2])


def bit_enum_text(value: int, cases: dict[str, int]) -> str:
    """An I32BitEnumAttr as MLIR prints it: every case whose bits are all
    set, `|`-joined; a bare keyword for a single-bit value, else quoted
    ("None" for 0)."""
    if value == 0:
        names = [k for k, v in cases.items() if v == 0][:1]
    else:
        names = [k for k, v in cases.items() if v and value & v == v]
    text = "|".join(names)
    return text if value and value & (value - 1) == 0 else quote(text)


def parse_bit_enum(text: str, cases: dict[str, int]) -> int | None:
    """`ReadOnly` or `"ReadOnly|Indirect"` -> the bits (None: a name not in `cases`)."""
    text = text.strip()
    if text.startswith('"') and text.endswith('"') and len(text) >= 2:
        text = text[1:-1]
    value = 0
    for name in text.split("|"):
        bits = cases.get(name.strip())
        if bits is None:
            return None
        value |= bits
    return value
