"""IREE dialect attributes, the device/affinity analysis and
--specialize-encodings through the Python API."""

from __future__ import annotations

import pytest

import hlopt
from hlopt.analysis.device_affinity import (
    NO_DEVICE,
    AffinityLookupError,
    DeviceClasses,
    UnionFind,
    resource_affinity,
)
from hlopt.dialects import iree_encoding as enc
from hlopt.dialects.hal import DeviceAffinityAttr, DeviceOptimalAttr, DeviceSelectAttr, DeviceTargetAttr
from hlopt.dialects.iree_tensor_ext import DispatchTensorType
from hlopt.ir.attributes import SymbolRefAttr
from hlopt.passes.manager import PassManager
from hlopt.passes.specialize_encodings import SpecializeEncodings
from hlopt.syntax.attr_parser import parse_attr, parse_type


def run(text: str) -> tuple:
    m = hlopt.parse_module(text)
    p = SpecializeEncodings()
    pm = PassManager()
    pm.add(p)
    pm.run(m)
    return m, hlopt.print_op(m), p.statistics


# -- attributes ---------------------------------------------------------------------------

def test_device_target_fields_and_alias_names():
    a = parse_attr('#hal.device.target<"cuda-x", {ordinal = 2 : index}, '
                   '[#hal.executable.target<"cuda", "sm-90", {iree.encoding.resolver = '
                   '#iree_encoding.specialization_resolver<4>}>]> : !hal.device')
    assert isinstance(a, DeviceTargetAttr)
    assert a.device_id == "cuda-x" and a.type.text == "!hal.device"
    (t,) = a.executable_targets()
    assert (t.backend, t.format) == ("cuda", "sm-90")
    assert t.resolver is enc.SpecializationResolverAttr(4)
    assert a.alias_prefix() == "device_target_cuda_x_2_"
    assert t.alias_prefix() == "executable_target_sm_90"
    # interned: the same text is the same object
    assert parse_attr(a.text) is a


def test_empty_config_is_not_printed():
    t = parse_attr('#hal.executable.target<"vmvx", "bytecode", {}>')
    assert t.text == '#hal.executable.target<"vmvx", "bytecode">'
    assert t.resolver is None


def test_affinities():
    a = parse_attr("#hal.device.affinity<@d, [0, 2]>")
    assert isinstance(a, DeviceAffinityAttr) and a.queues == (0, 2) and a.devices() == ("d",)
    o = parse_attr("#hal.device.optimal<[#hal.device.affinity<@a>, #hal.device.affinity<@b>]>")
    assert isinstance(o, DeviceOptimalAttr) and o.devices() == ("a", "b")
    s = parse_attr('#hal.device.select<[#hal.device.target<"a"> : !hal.device, #hal.device.target<"b", '
                   '[#hal.executable.target<"x", "y">]> : !hal.device]> : !hal.device')
    assert isinstance(s, DeviceSelectAttr) and [t.backend for t in s.executable_targets()] == ["x"]


@pytest.mark.parametrize("text, serialized", [
    ("#iree_encoding.testing<>", False),
    ("#iree_encoding.testing<layouts = []>", True),
    ("#iree_encoding.testing<layouts = [#iree_encoding.identity]>", True),
    ("#iree_encoding.layout<[#iree_encoding.specialized<1>]>", False),
])
def test_serializable_encodings(text, serialized):
    a = parse_attr(text)
    assert a.serializable and a.is_serialized is serialized
    assert a.text == text
    assert a.alias_prefix() == "encoding"


def test_resolvers():
    t = parse_type("tensor<?x4xf32, #iree_encoding.testing<>>")
    spec = parse_attr("#iree_encoding.specialization_resolver<8>")
    assert spec.get_layout(t).text == "#iree_encoding.specialized<8, tensor<?x4xf32>>"
    assert enc.IdentityResolverAttr().get_layout(t) is enc.IdentityAttr()
    assert enc.UnsupportedResolverAttr().get_layout(t) is None
    assert enc.serializable_encoding(t) is t.encoding
    assert enc.serializable_encoding(parse_type("tensor<4xf32, #iree_encoding.unknown>")) is None
    # IREE's padding is serializable: resolved when static, a resolver's to fill in with `?`
    static = enc.serializable_encoding(parse_type("tensor<4x4xf32, #iree_encoding.padding<[0, 64]>>"))
    assert static is not None and static.is_serialized
    dyn = enc.serializable_encoding(parse_type("tensor<4x4xf32, #iree_encoding.padding<[0, ?]>>"))
    assert dyn is not None and not dyn.is_serialized
    assert dyn.clone_with_layouts([static]).text == "#iree_encoding.layout<[#iree_encoding.padding<[0, 64]>]>"


def test_encoding_attr_keeps_keywords_and_resolves_to_layout():
    a = parse_attr("#iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, "
                   "element_types = [f32, f16], iteration_sizes = [?, 4]>")
    assert a.text == ("#iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, "
                      "element_types = [f32, f16], iteration_sizes = [?, 4]>")
    assert a.clone_with_layouts([enc.IdentityAttr()]).text == "#iree_encoding.layout<[#iree_encoding.identity]>"


def test_dispatch_tensor_type_reencodes():
    t = parse_type("!iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32, #iree_encoding.testing<>>>")
    assert isinstance(t, DispatchTensorType) and t.access == "readonly"
    n = t.with_encoding(enc.IdentityAttr())
    assert n.text == "!iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32, #iree_encoding.identity>>"


# -- analysis ---------------------------------------------------------------------------------

def test_union_find():
    uf = UnionFind()
    for x in "abcde":
        uf.add(x)
    uf.union("a", "b")
    uf.union("c", "d")
    uf.union("b", "d")
    assert uf.find("a") == uf.find("c") and uf.find("e") == "e"
    assert sorted(map(sorted, uf.classes().values())) == [["a", "b", "c", "d"], ["e"]]


def _devices(n: int, classes: int) -> str:
    lines = [f'#t{k} = #hal.executable.target<"cpu", "f{k}", {{iree.encoding.resolver = '
             f'#iree_encoding.specialization_resolver<{k}>}}>' for k in range(classes)]
    lines += [f'util.global private @d{i} = #hal.device.target<"local", {{ordinal = {i} : index}}, '
              f'[#t{i % classes}]> : !hal.device' for i in range(n)]
    return "\n".join(lines) + "\n"


def test_devices_grouped_by_targets():
    m = hlopt.parse_module(_devices(12, 3))
    dc = DeviceClasses(m)
    assert dc.num_classes() == 3
    aff = [DeviceAffinityAttr(SymbolRefAttr(f"d{i}")) for i in range(12)]
    assert dc.class_of(aff[0]) == dc.class_of(aff[3]) == dc.class_of(aff[9])
    assert dc.class_of(aff[0]) != dc.class_of(aff[1])
    assert dc.class_of(DeviceAffinityAttr(SymbolRefAttr("nope"))) == NO_DEVICE
    assert dc.class_of(DeviceOptimalAttr(aff[:2])) == NO_DEVICE


def test_resource_affinity_follows_transfers():
    m = hlopt.parse_module(_devices(2, 2) + """
util.func public @f(%x: !stream.resource<*>, %n: index) {
  %0 = stream.tensor.empty on(#hal.device.affinity<@d0>) : tensor<4xf32> in !stream.resource<*>{%n}
  %1 = stream.async.transfer %0 : !stream.resource<*>{%n} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%n}
  %2 = stream.async.transfer %1 : !stream.resource<*>{%n} -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%n}
  util.return
}""")
    f = [o for o in m.walk() if o.name == "util.func"][0]
    empty, t1, t2 = [o for o in f.walk() if o.name.startswith("stream.")]
    assert resource_affinity(empty.results[0]).text == "#hal.device.affinity<@d0>"
    assert resource_affinity(t1.results[0]).text == "#hal.device.affinity<@d0>"  # keeps its source
    assert resource_affinity(t2.results[0]).text == "#hal.device.affinity<@d0>"  # no `from`: its source's
    with pytest.raises(AffinityLookupError):
        resource_affinity(f.regions[0].blocks[0].args[0])


# -- the pass ------------------------------------------------------------------------------

def _program(devices: int, classes: int, shapes: list[str]) -> str:
    ops = [f"  %s{i} = stream.tensor.sizeof on(#hal.device.affinity<@d{i % devices}>) "
           f"tensor<{shape}, #iree_encoding.testing<>> : index"
           for i, shape in enumerate(s for s in shapes for _ in range(devices))]
    return _devices(devices, classes) + "util.func public @f() {\n" + "\n".join(ops) + "\n  util.return\n}\n"


def test_layouts_resolved_once_per_class_and_type(monkeypatch):
    calls = []
    orig = enc.SpecializationResolverAttr.get_layout

    def counting(self, t):
        calls.append((self.seed, t))
        return orig(self, t)

    monkeypatch.setattr(enc.SpecializationResolverAttr, "get_layout", counting)
    shapes = ["4xf32", "8xf32", "2x2xi8"]
    _, text, stats = run(_program(64, 4, shapes))
    # 64 devices x 3 types = 192 sites, but 4 classes x 3 types resolutions
    assert len(calls) == 4 * len(shapes)
    assert stats["num-specialized"] == 64 * len(shapes)
    assert "#iree_encoding.specialized<3, tensor<2x2xi8>>" in text


def test_no_copies_for_devices_sharing_targets():
    src = _devices(8, 1) + """#enc = #iree_encoding.testing<>
stream.executable private @ex {
  stream.executable.export public @ex
  builtin.module {
    func.func @ex(%a: !stream.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream.binding.subspan %a[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32, #enc>>
      return
    }
  }
}
util.func public @f(%n: index) {
""" + "\n".join(
        f"  %e{i} = stream.tensor.empty on(#hal.device.affinity<@d{i}>) : tensor<4xf32> in !stream.resource<*>{{%n}}\n"
        f"  %r{i} = stream.tensor.dispatch on(#hal.device.affinity<@d{i}>) @ex::@ex(%e{i}) : "
        f"(tensor<4xf32, #enc> in !stream.resource<*>{{%n}}) -> tensor<4xf32, #enc> in !stream.resource<*>{{%n}}"
        for i in range(8)) + "\n  util.return\n}\n"
    m, text, stats = run(src)
    assert stats.get("num-duplicated", 0) == 0
    assert text.count("stream.executable private") == 1
    hlopt.verify(m)
