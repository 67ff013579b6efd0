"""--stablehlo-async-to-mhlo / --mhlo-async-to-stablehlo: byte-for-byte
round trips over the JAX corpus's collective fixtures, in both forms, with
and without locations, and the structure of the lowering."""

from __future__ import annotations

from pathlib import Path

import pytest

import hlopt
from hlopt.passes.async_collectives import AsyncCollectives
from hlopt.passes.async_schedule import AsyncSchedule
from hlopt.passes.async_to_mhlo import MhloAsyncToStablehlo, StablehloAsyncToMhlo

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "stablehlo"
NAMES = ["collective_matmul_sdy", "collective_matmul_gspmd", "collectives_sdy", "collectives_gspmd",
         "pipeline_sdy", "pipeline_gspmd"]


def _print(m, debuginfo: bool) -> str:
    return hlopt.print_op(m, debuginfo=debuginfo)


@pytest.mark.parametrize("debuginfo", [False, True], ids=["plain", "debuginfo"])
@pytest.mark.parametrize("form", ["rfc", "upstream"])
@pytest.mark.parametrize("name", NAMES)
def test_round_trip_is_byte_for_byte(name, form, debuginfo):
    suffix = ".debuginfo.mlir" if debuginfo else ".mlir"
    m = hlopt.parse_module((FIXTURES / (name + suffix)).read_text())
    AsyncCollectives(form=form).run(m)
    AsyncSchedule().run(m)
    before = _print(m, debuginfo)
    StablehloAsyncToMhlo(xla_compatible=False).run(m)
    hlopt.verify(m)
    lowered = _print(m, debuginfo)
    assert "stablehlo.async_start" not in lowered and "mhlo.async_start" in lowered
    # through text, as a pipeline split across two hlopt runs would see it
    m2 = hlopt.parse_module(lowered)
    MhloAsyncToStablehlo().run(m2)
    hlopt.verify(m2)
    assert _print(m2, debuginfo) == before


def test_lowering_structure():
    m = hlopt.parse_module((FIXTURES / "collective_matmul_sdy.mlir").read_text())
    AsyncCollectives().run(m)
    StablehloAsyncToMhlo(xla_compatible=False).run(m)
    top = list(m.regions[0].blocks[0].ops)
    bodies = [o for o in top if o.get_attr("sym_name") is not None
              and o.get_attr("sym_name").value.startswith("async_body_")]
    assert len(bodies) == 7
    for f in bodies:
        assert f.get_attr("sym_visibility").value == "private"
        assert f.get_attr("execution_thread").value == "main"
        ops = [o.name for o in f.regions[0].blocks[0].ops]
        assert ops == ["stablehlo.collective_permute", "func.return"]
    starts = [o for o in m.walk() if o.name == "mhlo.async_start"]
    assert sorted(s.get_attr("called_computation").root for s in starts) == sorted(
        f.get_attr("sym_name").value for f in bodies)
    assert not [o for o in m.walk() if o.name == "mhlo.async_update"]
