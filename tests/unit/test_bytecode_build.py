"""The bytecode reader that builds IR directly (syntax/bytecode/build.py),
on files jaxlib wrote (tests/unit/bytecode_inputs/make_inputs.py, format
version 6): it prints what jaxlib printed, and the same as the text path
(bytecode -> generic text -> parser), whatever the print options; forward
references, nested regions, use-list orders, locations, a dialect nobody
registered and truncated files."""

from __future__ import annotations

import pathlib

import pytest

from hlopt.ir.location import CallSiteLoc, FileLineColLoc, FusedLoc, NameLoc, UnknownLoc
from hlopt.syntax.bytecode import BytecodeSource, bytecode_to_text, read_bytecode
from hlopt.syntax.bytecode import build as bc_build
from hlopt.syntax.bytecode.reader import BytecodeFile
from hlopt.syntax.diagnostics import DiagnosticError
from hlopt.syntax.parser import ForwardRef, parse_source
from hlopt.syntax.printer import print_op
from hlopt.syntax.source import Source

INPUTS = pathlib.Path(__file__).parent / "bytecode_inputs"
NAMES = sorted(p.stem for p in INPUTS.glob("*.mlirbc"))


def _data(name: str) -> bytes:
    return (INPUTS / f"{name}.mlirbc").read_bytes()


def _read(name: str):
    return read_bytecode(f"{name}.mlirbc", _data(name))


def _walk(op):
    yield op
    for r in op.regions:
        for b in r.blocks:
            for o in b.ops_list():
                yield from _walk(o)


def _func(module, sym: str):
    return next(o for o in _walk(module) if o.name == "func.func" and o.properties.get("sym_name").value == sym)


def test_inputs_take_the_direct_path(monkeypatch):
    # older formats (segment sizes among the attributes) and portable
    # artifacts (VHLO ops converted as read) too: no module-sized text
    def no_text(self):
        raise AssertionError("read through the text path")
    monkeypatch.setattr(BytecodeFile, "to_text", no_text)

    def resources_only(src, *args):  # the `{-# ... #-}` section is read as text, nothing else
        assert src.text.lstrip().startswith("{-#") or not src.text.strip(), "parsed as text"
        return parse_source(src, *args)
    monkeypatch.setattr(bc_build, "parse_source", resources_only)
    versions = set()
    for name in NAMES:
        versions.add(BytecodeFile(_data(name)).version)
        _read(name)
    assert versions == {0, 1, 4, 6}  # VHLO 0.9.0 artifacts are format 0


@pytest.mark.parametrize("name", NAMES)
def test_prints_what_jaxlib_printed(name):
    module, resources = _read(name)
    assert print_op(module, True, True, resources) == (INPUTS / f"{name}.expected").read_text()


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("generic", [False, True])
@pytest.mark.parametrize("debuginfo", [False, True])
def test_same_print_as_the_text_path(name, generic, debuginfo):
    direct, res = _read(name)
    text, tres = parse_source(Source(name, bytecode_to_text(name, _data(name))), True)
    assert print_op(direct, generic, debuginfo, res) == print_op(text, generic, debuginfo, tres)


def test_forward_references_across_blocks_and_in_graph_regions():
    module, _ = _read("forward_refs")
    for op in _walk(module):  # every placeholder was replaced by its definition
        assert not any(type(v) is ForwardRef for v in op.operands), op.name
    f = _func(module, "loop")
    b0, b1, b2, b3 = f.regions[0].blocks
    addi = b1.ops_list()[0]
    assert addi.name == "arith.addi"
    # %x is the argument of ^bb2, defined after its use in ^bb1
    assert addi.operand(0) is b2.args[0]
    assert addi.operand(1) is f.regions[0].blocks[0].args[0]
    # the successors are the region's blocks (a later block included)
    assert b0.ops_list()[-1].successors == [b2]
    assert b2.ops_list()[-1].successors == [b1, b3]
    # the graph region: each op uses the other's result
    use, defn = next(o for o in _walk(module) if o.name == "test.graph").regions[0].blocks[0].ops_list()
    assert use.operand(0) is defn.results[0] and defn.operand(0) is use.results[0]
    assert [u.owner for u in defn.results[0].uses] == [use]


def test_nested_regions_see_the_enclosing_values():
    module, _ = _read("nested")
    f = _func(module, "nest")
    a = f.regions[0].blocks[0].args[0]
    outer_if = f.regions[0].blocks[0].ops_list()[0]
    addf = outer_if.regions[0].blocks[0].ops_list()[0]
    inner_if = outer_if.regions[0].blocks[0].ops_list()[1]
    mulf = inner_if.regions[0].blocks[0].ops_list()[0]
    assert addf.operands == [a, a]
    assert mulf.operands == [addf.results[0], a]
    region_op = outer_if.regions[1].blocks[0].ops_list()[0]
    x, y = region_op.regions[0].blocks[0].args
    assert region_op.regions[0].blocks[0].ops_list()[0].operands == [x, y, a]
    # the uses of %a in the order their ops were made (the text parser's order)
    # (an op is made after the ops of its regions, as the text parser does)
    assert [u.owner.name for u in a.uses] == ["arith.addf", "arith.addf", "arith.mulf", "test.yield",
                                             "test.region", "arith.subf"]


def test_use_list_orders_are_read(monkeypatch):
    seen = []
    real = bc_build.read_use_lists
    monkeypatch.setattr(bc_build, "read_use_lists", lambda s, n: (seen.append(n), real(s, n))[1])
    _read("nested")
    assert seen == [2]  # the function's arguments: %a's uses are shuffled


def test_a_bad_use_list_index_is_located():
    data = bytearray(_data("nested"))
    f = BytecodeFile(bytes(data))
    # the use-list record of the function's arguments: find it by reading up to it
    at = []
    real = bc_build.read_use_lists

    def spy(s, n):
        at.append(s.pos)
        return real(s, n)
    bc_build.read_use_lists, saved = spy, real
    try:
        bc_build.read_module(f)
    finally:
        bc_build.read_use_lists = saved
    # the record: how many values have an order (a range of 2 says it), then
    # the first one's index: make it 7, past the 2 arguments
    data[at[0] + 1] = (7 << 1) | 1
    with pytest.raises(DiagnosticError) as e:
        read_bytecode("n.mlirbc", bytes(data))
    assert "invalid use-list value index: 7" in e.value.diagnostics[0].message


def test_locations_of_every_kind():
    module, _ = _read("locations")
    f = _func(module, "locs")
    ops = f.regions[0].blocks[0].ops_list()
    kinds = [type(o.location) for o in ops]
    assert kinds == [FileLineColLoc, NameLoc, NameLoc, CallSiteLoc, FusedLoc, FusedLoc, UnknownLoc]
    first = ops[0].location
    assert (first.filename, first.line, first.column) == (b"x.py", 3, 4)
    assert isinstance(ops[1].location.child, FileLineColLoc)
    assert isinstance(ops[2].location.child, UnknownLoc)
    a, b = f.regions[0].blocks[0].args
    assert isinstance(a.location, FileLineColLoc) and a.location.filename == b"in.py"
    assert isinstance(b.location, UnknownLoc)
    assert isinstance(f.location, FileLineColLoc) and f.location.filename == b"top.py"


def test_table_entries_are_decoded_once_and_shared(monkeypatch):
    decoded = []
    real = bc_build._Builder._decode

    def count(self, kind, text, at):
        decoded.append((kind, text))
        return real(self, kind, text, at)
    monkeypatch.setattr(bc_build._Builder, "_decode", count)
    module, _ = _read("nested")
    assert decoded and len(decoded) == len(set(decoded))  # each entry once
    f = _func(module, "nest")
    ops = [o for o in _walk(f) if o.name.startswith("arith.")]
    assert len({id(o.results[0].type) for o in ops}) == 1  # one tensor<4xf32> object


def test_unregistered_dialect_through_the_assembly_fallback():
    module, _ = _read("unknown_dialect")
    op = next(o for o in _walk(module) if o.name == "mystery.op")
    assert op.properties.get("payload").text == '#mystery.thing<1, "a">'
    assert op.attributes.get("kind").text == "!mystery.type<3>"
    # one table entry, one object: the same attribute in properties and attributes
    assert op.properties.get("payload") is op.attributes.get("other")
    make, eat = [o for o in _walk(module) if o.name in ("mystery.make", "mystery.eat")]
    assert eat.operands == [make.results[0], make.results[0]]


def test_unregistered_dialect_refused_without_the_flag():
    with pytest.raises(DiagnosticError) as e:
        read_bytecode("u.mlirbc", _data("unknown_dialect"), allow_unregistered=False)
    d = e.value.diagnostics[0]
    assert d.location == FileLineColLoc("u.mlirbc", 0, 0)
    assert "op 'mystery.op': operation being parsed with an unregistered dialect" in d.message
    assert "(at byte offset " in d.message


@pytest.mark.parametrize("name", NAMES)
def test_every_truncation_is_a_located_error(name):
    data = _data(name)
    for cut in range(len(data)):
        with pytest.raises(DiagnosticError) as e:
            read_bytecode("t.mlirbc", data[:cut])
        d = e.value.diagnostics[0]
        assert d.location == FileLineColLoc("t.mlirbc", 0, 0), cut
        assert "(at byte offset " in d.message, (cut, d.message)


def test_parse_source_reads_a_bytecode_source():
    module, _ = parse_source(BytecodeSource("f.mlirbc", _data("nested")), True)
    direct, _ = _read("nested")
    assert print_op(module, True, True) == print_op(direct, True, True)


def _values(module):
    """Every value in definition order, as make_inputs.py lists them."""
    out = []

    def walk(op):
        for r in op.regions:
            for b in r.blocks:
                out.extend(b.args)
                for o in b.ops_list():
                    out.extend(o.results)
                    walk(o)
    walk(module)
    return out


def _use_orders(module):
    ids = {op: i for i, op in enumerate(_walk(module))}
    return [[[ids[u.owner], u.index] for u in v.uses] for v in _values(module)]


def test_uses_come_in_the_writers_order():
    # MLIR lists the newest use first, hlopt the oldest: each value's uses
    # here are the reverse of what jaxlib's reader gives for the same file
    import json

    module, _ = _read("use_lists")
    expected = json.loads((INPUTS / "use_lists.uses").read_text())
    assert _use_orders(module) == [list(reversed(u)) for u in expected]


def test_use_lists_differ_from_the_text_order():
    # the orders are not the ones reading the printed module gives
    module, _ = _read("use_lists")
    text, _ = parse_source(Source("t", print_op(module, True, True)), True)
    direct, parsed = _use_orders(module), _use_orders(text)
    assert [len(u) for u in direct] == [len(u) for u in parsed]
    a = 0  # the function's first argument took %b's uses (jaxlib's replace_all_uses_with)
    assert direct[a] != parsed[a] and sorted(direct[a]) == sorted(parsed[a])
    assert sum(d != p for d, p in zip(direct, parsed)) == 3


def test_use_list_records_of_both_encodings(monkeypatch):
    seen = []
    real = bc_build.read_use_lists
    monkeypatch.setattr(bc_build, "read_use_lists", lambda s, n: (seen.append((n, r := real(s, n))), r)[1])
    _read("use_lists")
    # the arguments (3, %a all shuffled), test.two's second result (2 values, one index pair)
    assert [(n, [(i, p) for i, _, p in r]) for n, r in seen] == [(3, [(0, False)]), (2, [(1, True)])]
    pairs = seen[1][1][0][1]
    assert len(pairs) == 4  # two uses swap: (writer position, sorted position) each


def test_sorted_without_a_record():
    # %5 is used by test.region and inside its region; the writer's order is
    # MLIR's default (descending use ID) so it wrote none, and the reader
    # sorts: the region op's use first, though it was made after the inner one
    module, _ = _read("use_lists")
    f = _func(module, "uses")
    ops = f.regions[0].blocks[0].ops_list()
    v5, region = ops[5].results[0], ops[10]
    assert region.name == "test.region"
    assert [u.owner for u in v5.uses] == [region, region.regions[0].blocks[0].ops_list()[0]]


def test_an_invalid_use_list_order_is_located(monkeypatch):
    real = bc_build.read_use_lists

    def corrupt(s, n):  # an index twice: not a permutation
        return [(i, [0] * len(ix), p) if not p else (i, ix, p) for i, ix, p in real(s, n)]
    monkeypatch.setattr(bc_build, "read_use_lists", corrupt)
    with pytest.raises(DiagnosticError) as e:
        read_bytecode("u.mlirbc", _data("use_lists"))
    d = e.value.diagnostics[0]
    assert "parsed use-list orders were invalid and could not be applied" in d.message
    assert d.location == FileLineColLoc("u.mlirbc", 0, 0)


@pytest.mark.parametrize("version", [1, 4])
def test_older_formats_move_segment_sizes_to_properties(version):
    old, _ = _read(f"forward_refs.v{version}")
    new, _ = _read("forward_refs")
    cond_br = next(o for o in _walk(old) if o.name == "cf.cond_br")
    assert "operandSegmentSizes" in cond_br.properties and "operandSegmentSizes" not in cond_br.attributes
    assert print_op(old, True, True) == print_op(new, True, True)


def _names(module):
    return [o.name for o in _walk(module)]


@pytest.mark.parametrize("version", ["0.9.0", "1.0.0", "1.17.0"])
def test_artifacts_are_built_as_stablehlo(version, monkeypatch):
    from hlopt.dialects import vhlo

    calls = []
    real = vhlo.VhloBytecode.convert_op
    monkeypatch.setattr(vhlo.VhloBytecode, "convert_op",
                        lambda self, *a: (calls.append(a[0]), real(self, *a))[1])
    module, _ = _read(f"artifact.vhlo-{version}")
    plain, _ = _read("artifact")
    names = _names(module)
    assert not any(n.startswith("vhlo.") for n in names)
    assert names == _names(plain)
    assert print_op(module, False, False) == print_op(plain, False, False)
    # the terminators converted by their parent op
    while_op = next(o for o in _walk(module) if o.name == "stablehlo.while")
    assert [r.blocks[0].ops_list()[-1].name for r in while_op.regions] == ["stablehlo.return"] * 2
    assert names[-1] == "func.return"
    # each distinct record converted once: the two return_v1 of the while share one
    assert len(calls) < len(names) - 1 and calls.count("vhlo.return_v1") == 3


def entry_objects(data: bytes):
    """(kind, index, structural object, text-path object, built from its
    record) for each attribute/type entry whose text the parser reads on
    its own (a few only make sense inside their dialect's attribute)."""
    from hlopt.syntax.bytecode.stream import Stream

    f = BytecodeFile(data)
    b = bc_build._Builder(f, True)
    out = []
    for kind, entries, get, text in (("attr", f.attr_entries, b.objects.attr, b._text_attr),
                                     ("type", f.type_entries, b.objects.type, b._text_type)):
        read = b.objects._attribute if kind == "attr" else b.objects._type
        for i, (d, start, end, custom) in enumerate(entries):
            try:
                want = text(i)
            except Exception:
                continue
            record = custom and d.name == "builtin" and b.objects._record(start, end, read) is not None
            if kind == "attr" and custom and d.name == "builtin" and Stream(f.data, start, end).varint() in range(10, 16):
                continue  # locations: build.py reads those
            out.append((kind, i, get(i), want, record))
    return out


@pytest.mark.parametrize("name", [n for n in NAMES if "vhlo" not in n])
def test_entries_from_records_are_the_text_parsers_objects(name):
    # objects intern: the one from the record is the very one the text gives
    entries = entry_objects(_data(name))
    for kind, i, got, want, _ in entries:
        assert got is want, (kind, i, want.text)


def test_builtin_entries_are_built_from_records():
    entries = entry_objects(_data("attributes"))
    built = [want.text for kind, _, _, want, record in entries if record]
    texts = [want.text for kind, _, _, want, record in entries if not record]
    assert len(built) > 100
    for spelling in ("[true, false", "{a = [[1, [2]], {}]", '"typed" : i32', "@a::@b::@c", "array<i1: true, false, true>",
                     "array<f32>", "dense<[true, false, true]> : tensor<3xi1>", "dense<> : tensor<0xi32>",
                     "dense<[1, 2]> : tensor<2xindex>", "dense_resource<blob1>", "tensor<4xf32, \"enc\">",
                     "f8E4M3FN", "() -> (i1, i1)", "tensor<*xi8>", "vector<2x3xi64>"):
        assert any(t.startswith(spelling) for t in built), spelling
    # what stays with the text: memrefs, scalable vectors, string and sparse elements
    for spelling in ("memref<4xf32>", "vector<[4]xf32>", 'dense<["a", "b"]>', "sparse<[[0, 1]], 2.000000e+00>"):
        assert any(t.startswith(spelling) for t in texts), spelling
