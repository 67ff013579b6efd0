"""Shardy's bytecode encodings (shardy's bytecode.td codes), decoded to
the sdy assembly spellings; nested parts (axis refs, dimension shardings,
mesh axes) come back in the short form their parents print them in."""

from __future__ import annotations

from typing import Any

from hlopt.ir.attributes import quote


def _strip(text: str, prefix: str) -> str:
    return text[len(prefix):] if text.startswith(prefix) else text


class _Parts(str):
    """A rule's nested part: no spelling of its own, its factors as data."""

    parts: list = []

    def __new__(cls, text: str, parts: list) -> "_Parts":
        o = super().__new__(cls, text)
        o.parts = parts
        return o


class SdyBytecode:
    def read_attribute(self, r: Any) -> str:
        code = r.varint()
        if code == 0:  # ManualAxesAttr: StringAttrs
            return "#sdy<manual_axes{" + ", ".join(r.list(r.attribute)) + "}>"
        if code == 1:  # MeshAxisAttr
            name = r.string()
            return f"{quote(name)}={r.signed_varint()}"
        if code == 2:  # MeshAttr
            axes = r.list(r.attribute)
            ids = r.list(r.signed_varint)
            body = "[" + ", ".join(axes) + "]"
            if ids:
                body += ", device_ids=[" + ", ".join(map(str, ids)) + "]"
            return f"#sdy.mesh<{body}>"
        if code == 3:  # SubAxisInfoAttr
            pre, size = r.signed_varint(), r.signed_varint()
            return f"({pre}){size}"
        if code == 4:  # AxisRefAttr
            name = quote(r.string())
            sub = r.optional_attribute()
            return name + (":" + sub if sub else "")
        if code == 5:  # DimensionShardingAttr
            axes = r.list(r.attribute)
            closed = r.byte()
            prio, has = r.s.varint_flag()
            body = ", ".join(axes + ([] if closed else ["?"]))
            return "{" + body + "}" + (f"p{prio}" if has else "")
        if code in (6, 15, 17):  # TensorShardingAttr V1/V2/V3
            mesh = _strip(r.attribute(), "#sdy.")
            dims = r.list(r.attribute)
            replicated = r.list(r.attribute)
            unreduced = r.list(r.attribute) if code != 6 else []
            op = r.signed_varint() if code == 17 else None
            text = f"{mesh}, [{', '.join(dims)}]"
            if replicated:
                text += ", replicated={" + ", ".join(replicated) + "}"
            if unreduced:
                text += ", unreduced={" + ", ".join(unreduced) + "}"
            if op is not None:
                raise r.fail(f"unsupported sdy sharding reduction op code {op}")
            return f"#sdy.sharding<{text}>"
        if code in (7, 16):  # TensorShardingPerValueAttr
            items = [_strip(s, "#sdy.sharding") for s in r.list(r.attribute)]
            return f"#sdy.sharding_per_value<[{', '.join(items)}]>"
        if code == 8:  # DimMappingAttr: its factors
            return _Parts("", r.list(r.signed_varint))
        if code == 9:  # TensorMappingAttr: its dimensions' factors
            return _Parts("", [d.parts for d in r.list(r.attribute)])
        if code == 10:  # OpShardingRuleAttr
            from hlopt.dialects.sdy.sharding_rule import OpShardingRuleAttr

            sizes = r.list(r.signed_varint)
            operands = [m.parts for m in r.list(r.attribute)]
            results = [m.parts for m in r.list(r.attribute)]
            special = [r.list(r.signed_varint) for _ in range(4)]
            custom = bool(r.byte())
            return OpShardingRuleAttr(operands, results, sizes, special, custom).text
        if code == 11:
            return "#sdy<axis_ref_list{" + ", ".join(r.list(r.attribute)) + "}>"
        raise r.fail(f"unsupported sdy attribute code: {code}")
