"""Robustness: no input, however malformed, produces a Python exception
(traceback) or a hang. Valid inputs print and re-parse to the same text;
invalid ones give a located `file:line:col: error:` diagnostic (exit 1).

Hypothesis mutates valid inputs (truncation, byte and token edits, binary
junk); fixed cases cover 3,000-deep nesting, huge integers and unterminated
constructs. The profile is derandomized, so CI runs are deterministic."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import traceback
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hlopt.driver import Options, process
from hlopt.syntax.source import Source
from hlopt.syntax.split import split_source

TESTS = Path(__file__).resolve().parents[1]
NAME = "fuzz.mlir"
LOCATED = re.compile(r"^fuzz\.mlir:(\d+):(\d+): error: \S")

def fuzz(n: int) -> settings:
    return settings(max_examples=n, derandomize=True, deadline=None, database=None, print_blob=True,
                    suppress_health_check=list(HealthCheck))


# -- running one input ------------------------------------------------------------------
def _in_big_stack(fn):
    """Run fn like the CLI does (deep recursion allowed). No time limit here:
    a hang is caught by CI's per-step timeout, speed by `make bench`."""
    box: dict = {}

    def target() -> None:
        try:
            box["result"] = fn()
        except BaseException as e:  # noqa: BLE001 - reported by the caller
            box["error"] = e
            box["tb"] = traceback.format_exc()

    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 200000))
    old_size = threading.stack_size(512 * 1024 * 1024)
    try:
        t = threading.Thread(target=target, daemon=True)
        t.start()
    finally:
        threading.stack_size(old_size)
    t.join()
    sys.setrecursionlimit(old_limit)
    if "error" in box:
        raise AssertionError("Python exception escaped the driver:\n" + box["tb"])
    return box["result"]


def check_input(text: str, allow_unregistered: bool = True) -> str | None:
    """Process `text`; assert it either prints (and round-trips) or fails with
    located error diagnostics. Returns the output or None."""
    opts = Options(allow_unregistered=allow_unregistered)

    def run():
        out, diags, _ = process(Source(NAME, text), opts)
        if out is None:
            return None, [d.header() for d in diags], [(d, [n.header() for n in d.notes]) for d in diags]
        out2, diags2, _ = process(Source("printed.mlir", out), opts)
        return out, (out2, [d.header() for d in diags2]), None

    out, info, _ = _in_big_stack(run)
    if out is None:
        headers = info
        assert headers, "failed without a diagnostic"
        first = headers[0]
        m = LOCATED.match(first)
        assert m, f"diagnostic is not located as file:line:col: {first!r}"
        nlines = text.count("\n") + 1
        assert 1 <= int(m.group(1)) <= nlines + 1, f"line out of range: {first!r}"
        return None
    out2, headers2 = info
    assert not headers2, f"printed output does not parse again: {headers2[:1]}\n--- output:\n{out[:2000]}"
    assert out2 == out, f"print(parse(print(x))) != print(x)\n--- first:\n{out[:2000]}\n--- second:\n{out2[:2000]}"
    return out


# -- seeds and mutations ------------------------------------------------------------------
def _seeds() -> list[str]:
    seeds = []
    for path in sorted((TESTS / "lit" / "syntax").glob("*.mlir")):
        if "generic" in path.name or "debuginfo" in path.name:
            continue
        text = path.read_text()
        text = "\n".join(ln for ln in text.split("\n") if "CHECK" not in ln and "RUN:" not in ln)
        seeds.extend(s.text for s in split_source(path.name, text) if s.text.strip())
    seeds.append("")
    seeds.append("module {\n}\n")
    return seeds


SEEDS = _seeds()
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[%^#!@][\w$.\-]*|[A-Za-z_][\w.$]*|0x[0-9A-Fa-f]+|-?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?'
                    r"|->|::|\{-#|#-\}|\S")
VOCAB = ["{", "}", "(", ")", "<", ">", "[", "]", ",", ":", "=", "->", "%0", "%0#1", "^bb0", "^bb1", "@f",
         "#loc", "!t.x", '"', '"s"', "i32", "f32", "tensor<?xf32>", "dense<", "loc(", "module", "func.func",
         "return", "arith.constant", '"t.op"()', "0x7FC00000", "1.0", "-1", "true", "unit", "{-#", "#-}", "//",
         "\n", "\\", "affine_map<(d0) -> (d0)>", "array<i64: 1>", "x", "?", "*", "#", "!"]
JUNK = st.text(alphabet=st.sampled_from(list('{}()<>[]"%^#!@:,=-x?*0123456789abcdefi\\\n \t\x00\x7f\u00e9')),
               min_size=1, max_size=6)


@st.composite
def mutated(draw) -> str:
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["truncate", "delete", "insert", "swap", "tok-delete", "tok-dup",
                                     "tok-swap", "tok-replace"]))
        n = len(text)
        if kind.startswith("tok"):
            toks = [m.group() for m in _TOKEN.finditer(text)]
            if not toks:
                continue
            spans = [m.span() for m in _TOKEN.finditer(text)]
            i = draw(st.integers(0, len(toks) - 1))
            a, b = spans[i]
            if kind == "tok-delete":
                text = text[:a] + text[b:]
            elif kind == "tok-dup":
                text = text[:b] + " " + toks[i] + text[b:]
            elif kind == "tok-replace":
                text = text[:a] + draw(st.sampled_from(VOCAB)) + text[b:]
            else:
                j = draw(st.integers(0, len(toks) - 1))
                (a, b), (c, d) = sorted([spans[i], spans[j]])
                if b <= c:
                    text = text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]
        elif kind == "truncate":
            text = text[:draw(st.integers(0, n))]
        elif kind == "delete":
            i = draw(st.integers(0, n))
            text = text[:i] + text[i + draw(st.integers(1, 8)):]
        elif kind == "insert":
            i = draw(st.integers(0, n))
            text = text[:i] + draw(st.one_of(JUNK, st.sampled_from(VOCAB))) + text[i:]
        else:
            i, j = sorted([draw(st.integers(0, n)), draw(st.integers(0, n))])
            k = draw(st.integers(j, n))
            text = text[:i] + text[j:k] + text[i:j] + text[k:]
    return text


@fuzz(1500)
@given(mutated())
def test_mutated_inputs(text: str) -> None:
    check_input(text)


@fuzz(300)
@given(mutated())
def test_mutated_inputs_registered_only(text: str) -> None:
    check_input(text, allow_unregistered=False)


@fuzz(300)
@given(st.binary(max_size=200))
def test_binary_junk(data: bytes) -> None:
    check_input(data.decode("utf-8", "surrogateescape"))  # how the CLI decodes input


@fuzz(100)
@given(st.sampled_from(SEEDS), st.binary(min_size=1, max_size=40))
def test_binary_junk_inside_valid_input(text: str, junk: bytes) -> None:
    mid = len(text) // 2
    check_input(text[:mid] + junk.decode("utf-8", "surrogateescape") + text[mid:])


def test_seeds_are_valid() -> None:
    for s in SEEDS:
        if s.strip() and "expected-" not in s:
            check_input(s)


# -- fixed nasty inputs -----------------------------------------------------------------------
N = 3000
DEEP = {
    "regions": '"t.a"() ({' * N + "})  : () -> ()" * N,
    "regions-unclosed": '"t.a"() ({' * N,
    "arrays": '"t.a"() {a = ' + "[" * N + "]" * N + "} : () -> ()",
    "arrays-unbalanced": '"t.a"() {a = ' + "[" * N + "]" * (N - 1) + "} : () -> ()",
    "dicts": '"t.a"() {a = ' + "{a = " * N + "1" + "}" * N + "} : () -> ()",
    "tuples": '"t.a"() : () -> ' + "tuple<" * N + ">" * N,
    "function-types": '"t.a"() : () -> ' + "(" * N + "i32" + ") -> i32" * N,
    "opaque-attr": '"t.a"() {a = #t.a' + "<" * N + ">" * N + "} : () -> ()",
    "fused-locs": '"t.a"() : () -> () loc(' + "fused[" * N + "unknown" + "]" * N + ")",
    "name-locs": '"t.a"() : () -> () loc(' + '"n"(' * N + "unknown" + ")" * N + ")",
    "blocks": "func.func @f() {\n" + "".join(f'  "t.br"()[^bb{i + 1}] : () -> ()\n^bb{i + 1}:\n' for i in range(N))
              + "  return\n}\n",
    "modules-300": "module {\n" * 300 + "}\n" * 300,
    "parens": "(" * N,
    "angles": '"t.a"() : () -> !t.x' + "<" * N,
}


@pytest.mark.parametrize("name", list(DEEP) + ["modules"])
def test_deep_nesting(name: str) -> None:
    check_input(DEEP.get(name) or "module {\n" * N + "}\n" * N)


BIG = "9" * 5000
HUGE = {
    "int-i64": f'"t.x"() {{a = {BIG} : i64}} : () -> ()',
    "int-untyped": f'"t.x"() {{a = {BIG}}} : () -> ()',
    "int-i16384": f'"t.x"() {{a = {BIG} : i16384}} : () -> ()',
    "negative": f'"t.x"() {{a = -{BIG} : si64}} : () -> ()',
    "hex": f'"t.x"() {{a = 0x{"F" * 5000} : i64}} : () -> ()',
    "hex-float": f'"t.x"() {{a = 0x{"F" * 5000} : f32}} : () -> ()',
    "float": f'"t.x"() {{a = {BIG}.5 : f16}} : () -> ()',
    "float-exp": '"t.x"() {a = 1.0e999999999999 : f64} : () -> ()',
    "dense": f'"t.x"() {{a = dense<{BIG}> : tensor<2xi8>}} : () -> ()',
    "dense-array": f'"t.x"() {{a = array<i8: {BIG}>}} : () -> ()',
    "dim": f'"t.x"() : () -> tensor<{BIG}xf32>',
    "dim-i64-max": '"t.x"() {a = dense<1.0> : tensor<9223372036854775807xf32>} : () -> ()',
    "width": f'"t.x"() : () -> i{BIG}',
    "result-count": f'%0:{BIG} = "t.x"() : () -> ()',
    "result-index": f'%0:2 = "t.x"() : () -> (i32, i32)\n"t.y"(%0#{BIG}) : (i32) -> ()',
    "loc-line": f'"t.x"() : () -> () loc("f":{BIG}:1)',
    "memspace": f'"t.x"() : () -> memref<4xf32, {BIG}>',
    "hex-dense": '"t.x"() {a = dense<"0x' + "AB" * 50000 + '"> : tensor<100000xi8>} : () -> ()',
    "long-string": '"t.x"() {a = "' + "x" * 200000 + '"} : () -> ()',
    "many-ops": '"t.x"() : () -> ()\n' * 5000,
}


@pytest.mark.parametrize("name", list(HUGE))
def test_huge_values(name: str) -> None:
    check_input(HUGE[name])


UNTERMINATED = [
    '"t.x"() {a = "unterminated} : () -> ()',
    '"t.x"() {a = "ends with backslash\\',
    '"t.x',
    '"t.x"() {a = dense<[1, 2> : tensor<2xi32>} : () -> ()',
    '"t.x"() {a = dense<"0x0102',
    '"t.x"() : () -> () loc(',
    '"t.x"() : () -> () loc("f":1',
    '"t.x"() ({',
    '"t.x"() ({\n^bb0(%a: i32',
    "{-#\n  dialect_resources: {\n    builtin: {\n      b: \"0x01",
    "{-# ",
    "#a = ",
    "!t = tensor<",
    "func.func @f(",
    "func.func @f() -> (",
    "func.func @f() {\n  %0 = arith.constant",
    "module attributes {",
    '"t.x"() {a = #t.a<"x>} : () -> ()',
    '"t.x"() {a = affine_map<(d0) -> (d0}',
    '"t.x"() <{',
    '%0:2 = "t.x"()',
    "// just a comment",
    "\x00",
    "\ufeffmodule {}",
]


@pytest.mark.parametrize("text", UNTERMINATED)
def test_unterminated(text: str) -> None:
    check_input(text)


# -- through the real command line ---------------------------------------------------------------
CLI_CASES = {
    "binary": bytes(range(256)) * 4,
    "deep-regions": DEEP["regions-unclosed"].encode(),
    "deep-arrays": DEEP["arrays-unbalanced"].encode(),
    "huge-int": HUGE["int-i64"].encode(),
    "unterminated": UNTERMINATED[0].encode(),
    "truncated": b"func.func @f(%a: i32) -> i32 {\n  return %a : i3",
    "invalid-utf8": b'"t.x"() {a = "\xff\xfe"} : () -> ()\n',
}


@pytest.mark.parametrize("name", list(CLI_CASES))
def test_cli_never_tracebacks(name: str, tmp_path: Path) -> None:
    path = tmp_path / NAME
    path.write_bytes(CLI_CASES[name])
    r = subprocess.run([sys.executable, "-m", "hlopt", str(path), "--allow-unregistered-dialect"],
                       capture_output=True)
    err = r.stderr.decode("utf-8", "replace")
    assert r.returncode in (0, 1), err
    assert "Traceback" not in err and "internal error" not in err, err
    if r.returncode == 1:
        assert re.match(r"^\S*fuzz\.mlir:\d+:\d+: error: ", err), err
