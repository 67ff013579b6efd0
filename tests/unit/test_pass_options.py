"""Pass options are typed by their dataclass annotations (tuple, Optional,
Enum, Literal, ...), passes in subpackages are found, and malformed
pipelines are usage errors."""

from __future__ import annotations

import enum
import subprocess
import sys
import textwrap
from typing import Literal, Optional

import pytest

from hlopt.passes.base import Pass, convert_option, dataclass, field
from hlopt.passes.pipeline import PipelineError, parse_pipeline


class Form(enum.Enum):
    RFC = "rfc"
    UPSTREAM = "upstream"


@dataclass
class _Typed(Pass):
    argument = "test-typed-options"
    sizes: tuple[int, ...] = ()
    pair: tuple[int, str] = (0, "")
    limit: Optional[int] = None  # noqa: UP045 (both spellings are supported)
    cap: int | None = 4
    form: Form = Form.RFC
    policy: Literal["resharding", "standalone"] = "resharding"
    names: list[str] = field(default_factory=list)

    def run(self, op):
        pass


def test_typed_options_convert():
    p = _Typed.from_options({"sizes": "1,2,0x3", "pair": "7,x", "limit": "5", "cap": "none",
                             "form": "upstream", "policy": "standalone", "names": "a,b"})
    assert p.sizes == (1, 2, 3) and isinstance(p.sizes, tuple)
    assert p.pair == (7, "x")
    assert p.limit == 5 and p.cap is None
    assert p.form is Form.UPSTREAM
    assert p.policy == "standalone"
    assert p.names == ["a", "b"]
    assert "form=UPSTREAM" in p.options_text() and "cap=none" in p.options_text()


@pytest.mark.parametrize("opt,value", [("sizes", "1,x"), ("pair", "1"), ("limit", "x"), ("form", "bogus"),
                                       ("policy", "other")])
def test_bad_typed_option_is_an_error(opt, value):
    with pytest.raises(ValueError, match=f"invalid value '{value}' for option '{opt}'"):
        _Typed.from_options({opt: value})


def test_convert_option_plain_types():
    assert convert_option("true", bool) is True and convert_option("off", bool) is False
    assert convert_option("1.5", float) == 1.5
    assert convert_option("", list[int]) == []


@pytest.mark.parametrize("text", ["builtin.module(cse{a=", "builtin.module(cse{a='x}", "cse{", "a(b"])
def test_malformed_pipelines_raise_pipeline_errors(text):
    with pytest.raises(PipelineError):
        parse_pipeline(text)


def test_malformed_pipeline_is_a_usage_error_on_the_command_line():
    r = subprocess.run([sys.executable, "-m", "hlopt", "--pass-pipeline=builtin.module(cse{a="],
                       input="module {}\n", capture_output=True, text=True)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr


def test_pass_in_a_subpackage_is_found(tmp_path):
    pkg = tmp_path / "subpasses"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "nested_pass.py").write_text(textwrap.dedent("""
        from hlopt.passes.base import Pass, dataclass
        from hlopt.passes.registry import register_pass

        @register_pass
        @dataclass
        class NestedPass(Pass):
            argument = "test-nested-subpackage-pass"
            summary = "a pass in a subpackage"

            def run(self, op):
                pass
    """))
    code = textwrap.dedent(f"""
        import hlopt.passes
        hlopt.passes.__path__.append({str(tmp_path)!r})
        from hlopt.passes.registry import get_pass
        print(get_pass("test-nested-subpackage-pass").__name__)
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "NestedPass"
