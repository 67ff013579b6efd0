"""The stream dialect's shared kit: IREE's type constraints for stream
values and the pieces of its custom forms (value uses inside coarse tokens,
`{%size}` lists, affinities, dispatch heads and resource lists, tied
results) that the ops of stream.py and stream_cmd.py both parse and print.
Its own module so that neither op module imports the other's internals."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hlopt.ir.attributes import (
    ArrayAttr,
    IntegerAttr,
    OpaqueAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    symbol_name_text,
)
from hlopt.ir.constraints import (
    I1,
    I32,
    I64,
    AnyComplex,
    AnyFloat,
    AnyInteger,
    AnyOf,
    AnyType,
    Constraint,
    Index,
    Integer,
    VectorOf,
)
from hlopt.ir.core import Operation
from hlopt.ir.types import DYNAMIC, FunctionType, IndexType, OpaqueType, RankedTensorType, Type, i1, i32, i64
from hlopt.syntax import AllTypesMatch, AttrSyntax, FixedType, StrippedAttr, TypeRef

INDEX = IndexType()


def is_resource(t: Any) -> bool:
    """`!stream.resource<...>`: values whose affinity the analysis tracks."""
    return isinstance(t, OpaqueType) and t.spelling.startswith("!stream.resource")


def dynamic_dims(t: Any) -> int:
    return sum(1 for d in t.shape if d == DYNAMIC) if isinstance(t, RankedTensorType) else 0


def operand_groups(cls: Any, op: Operation) -> list[list[Any]]:
    """The operand groups of an op with AttrSizedOperandSegments, by its
    declared segmentation (the stored `operandSegmentSizes`)."""
    ops = op.operands
    return [ops[a:a + n] for a, n in cls.operand_segments(op)]


def custom_or_generic(fn: Any) -> Any:
    """Print the custom form, or the generic one (None) when the op's pieces
    do not fit it (IR the verifier would reject; never a traceback)."""

    def wrapper(cls: Any, op: Operation, p: Any) -> str | None:
        try:
            return fn(cls, op, p)
        except (IndexError, ValueError, AttributeError, TypeError):
            return None

    wrapper.__name__, wrapper.__doc__ = fn.__name__, fn.__doc__
    return wrapper


USE_RE = re.compile(r"%([\w$.\-]+)(?:#(\d+))?")


class Use:
    """A `%name` inside a coarse token, positioned for diagnostics, with its
    name and result index split out."""

    __slots__ = ("text", "start_pos", "name", "index")

    def __init__(self, text: str, start_pos: int):
        self.text, self.start_pos = text, start_pos
        name, _, index = text[1:].partition("#")
        self.name, self.index = name, int(index or 0)

    def __str__(self) -> str:
        return self.text


class Piece:
    """A piece of a coarse token, shaped like a Lark token for the helpers."""

    __slots__ = ("text", "start_pos", "type")

    def __init__(self, text: str, start_pos: int, type: str = "TYPE"):
        self.text, self.start_pos, self.type = text, start_pos, type

    def __str__(self) -> str:
        return self.text


def use_of(s: Any, tok: Any, t: Any) -> Any:
    if type(tok) is Use:  # already split
        return s.lookup(tok.name, tok.index, t, tok.start_pos)
    m = USE_RE.fullmatch(str(tok))
    assert m is not None  # the grammar's USE token
    return s.lookup(m.group(1), int(m.group(2) or 0), t, tok.start_pos)


def uses_of(s: Any, toks: Sequence[Any] | None, t: Any = INDEX) -> list[Any]:
    return [use_of(s, x, t) for x in toks or ()]


_PROPS: dict = {}


_DIMS = re.compile(r"\{\s*(?:%[\w$.\-]+(?:#\d+)?(?:\s*,\s*%[\w$.\-]+(?:#\d+)?)*)?\s*\}\Z")


def dim_uses(s: Any, tok: Any) -> list:
    """`{%a, %b}` as positioned uses ([] when absent)."""
    if tok is None:
        return []
    text = str(tok)
    if _DIMS.match(text) is None:
        raise s.error("expected a list of SSA values '{%a, ...}'", tok.start_pos)
    return [Use(m.group(), tok.start_pos + m.start()) for m in USE_RE.finditer(text)]


_WS = re.compile(r"\s*")


def _ws_end(text: str, pos: int = 0) -> int:
    """Where the whitespace at `pos` ends (the pattern matches the empty string too)."""
    m = _WS.match(text, pos)
    assert m is not None
    return m.end()


_ON = re.compile(r"on\s*(?=\()")


def cached_operand_types(s: Any, tok: Any, ties: bool = False) -> list[tuple]:
    """Split `(T{%d} in R{%s}, index, ...)` into (type, dims, (R, sizes) | None, pos).
    With `ties` (result lists), a type or R may be a `%value` tied to an
    operand: a VALUE_USE Piece.

    The same list text recurs at most dispatch sites: it is split once per
    parse (the parser state's cache) and only the positions are moved."""
    text = str(tok)
    key = ("stream.operand_types", text, ties)
    hit = s.cache.get(key)
    if hit is None:
        items = split_operand_types(s, tok, ties)  # errors point into this occurrence
        s.cache[key] = (items, tok.start_pos)
        return items
    items, first = hit
    d = tok.start_pos - first
    return [(t if isinstance(t, Type) else Piece(t.text, t.start_pos + d, t.type),
             [Use(x.text, x.start_pos + d) for x in dims],
             None if res is None else (Piece(res[0].text, res[0].start_pos + d, res[0].type),
                                       [Use(x.text, x.start_pos + d) for x in res[1]]),
             p0 + d) for t, dims, res, p0 in items]


def split_operand_types(s: Any, tok: Any, ties: bool) -> list[tuple]:
    """`(T{%d} [in R{%s}], ...)` -> (type or tied `%value`, dims, resource, pos) per
    item, uncached (IREE's shaped type lists; hal.dispatch.extern reads them too)."""
    from hlopt.syntax import LexError, scan_balanced, split_top, type_end

    text = str(tok)
    inner, base = text[1:-1], tok.start_pos + 1
    out: list[tuple] = []
    if not inner.strip():
        return out
    off = 0
    for piece in split_top(inner):
        lead = len(piece) - len(piece.lstrip())
        p0 = base + off + lead
        body = piece.strip()
        off += len(piece) + 1
        try:
            m = USE_RE.match(body) if ties else None
            if m is not None:
                t, e = Piece(m.group(), p0, "VALUE_USE"), m.end()
            else:
                e = type_end(body, 0)
                if e < 0:
                    raise s.error("expected a type", p0)
                t = s.decode("type", body[:e], p0)
            rest = body[e:]
            dims: list = []
            r = rest.lstrip()
            if r.startswith("{"):
                j = scan_balanced(r, 0)
                at = p0 + len(body) - len(r)
                dims = dim_uses(s, Piece(r[:j], at, "ATTR_DICT"))
                r = r[j:].lstrip()
            res = None
            if r.startswith("in") and r[2:3].isspace():
                r2 = r[2:].lstrip()
                at = p0 + len(body) - len(r2)
                m2 = USE_RE.match(r2) if ties else None
                e2 = m2.end() if m2 is not None else type_end(r2, 0)
                if e2 < 0:
                    raise s.error("expected a resource type after 'in'", at)
                size = r2[e2:].strip()
                res = (Piece(r2[:e2], at, "VALUE_USE" if m2 is not None else "TYPE"),
                       dim_uses(s, Piece(size, at + len(r2) - len(r2[e2:].lstrip()))))
                r = ""
            if r.strip():
                raise s.error(f"unexpected '{r.strip()[:20]}' in the operand types", p0 + len(body) - len(r))
        except LexError as ex:
            raise s.error(str(ex), p0) from None
        out.append((t, dims, res, p0))
    return out


def tied_index(s: Any, target: Any, names: list[tuple[str, str]], opname: str) -> int:
    """The operand a result `%x` names (it is tied to it)."""
    m = USE_RE.fullmatch(str(target))
    for i, (name, idx) in enumerate(names):
        if m is not None and name == m.group(1) and (idx or "0") == (m.group(2) or "0"):
            return i
    raise s.error(f"custom op '{opname}' tied operand not found for result reference {target}", target.start_pos)


def tied_operands(op: Operation) -> list[int]:
    t = getattr(op, "tied_operands", None)  # the declared accessor (None where the op has none)
    n = len(op.results)
    if not isinstance(t, ArrayAttr):
        return [-1] * n
    return [getattr(x, "value", -1) for x in t.elements]


ACCESS_KINDS = {1: "ro", 2: "wo", 3: "rw"}


ACCESS_BITS = {v: k for k, v in ACCESS_KINDS.items()}


RESOURCE_ITEM = re.compile(r"\s*(\w+)\s+(%[\w$.\-]+(?:#\d+)?)\s*\[\s*(%[\w$.\-]+(?:#\d+)?)\s+for\s+"
                            r"(%[\w$.\-]+(?:#\d+)?)\s*\]\s*:\s*([^{]+?)\s*(\{[^}]*\})\s*(?:,|\Z)")


# ---------------------------------------------------------------------------
# IREE's type constraints, with the summaries its ODS gives them

def _spelled(*spellings: str) -> Any:
    return lambda t: isinstance(t, OpaqueType) and t.spelling in spellings


_LIFETIMES = ("*", "external", "transient", "variable", "constant")
# IREE's type constraints, with their messages
ANY_RESOURCE = Constraint(is_resource, "any stream-compatible type")
STREAM_RESOURCE = Constraint(_spelled(*(f"!stream.resource<{x}>" for x in _LIFETIMES)),
                             "resource or external resource or transient resource or variable resource or "
                             "constant resource")
STREAM_OR_STAGING = Constraint(_spelled(*(f"!stream.resource<{x}>" for x in (*_LIFETIMES, "staging"))),
                           STREAM_RESOURCE.summary + " or staging resource")
TIMEPOINT = Constraint(_spelled("!stream.timepoint"), "A timepoint indicating execution availability.")
CHANNEL = Constraint(_spelled("!stream.channel"), "A collective communication channel.")
FILE = Constraint(_spelled("!stream.file"), "A file handle used for I/O operations.")
BUFFER = Constraint(_spelled("!util.buffer"), "A reference counted byte buffer.")
FUNCTION_TYPE_ATTR = Constraint(lambda a: isinstance(a, TypeAttr) and isinstance(a.type, FunctionType),
                                "type attribute of function type")
FLAT_SYMBOL = Constraint(lambda a: isinstance(a, SymbolRefAttr) and not a.nested, "flat symbol reference attribute")
NAME = Constraint(lambda a: isinstance(a, StringAttr), "string attribute")
COLLECTIVE = Constraint(lambda a: a.text.startswith("#stream.collective<"), "collective operation and specification")
FENCE = Constraint(_spelled("!stream.test.fence"), "Test-only fence type for timeline-aware op testing.")

STAGING = Constraint(_spelled("!stream.resource<staging>"), "staging resource")
PRIMITIVE = AnyOf(Index, AnyInteger, AnyFloat, AnyComplex)
LOADABLE = AnyOf(PRIMITIVE, VectorOf(AnyType, "vector of any non-token type values"))
FILL_PATTERN = AnyOf(*(Integer([w], "") for w in (8, 16, 32, 64)))
RESOURCE_OR_PRIMITIVE = AnyOf(STREAM_RESOURCE, PRIMITIVE)
NATIVE_FILL_PATTERN = AnyOf(*(Integer([w], "") for w in (8, 16, 32)))
CONSTANT_OR_VARIABLE = Constraint(_spelled("!stream.resource<constant>", "!stream.resource<variable>"),
                                  "constant resource or variable resource")
BINDING = Constraint(_spelled("!stream.binding"), "A managed resource binding into an executable scope.")


# ---------------------------------------------------------------------------
# The stream ops' assembly formats: IREE's custom<...> directives, written once
# with the op_asm parser/printer API (StreamOps.cpp / UtilOps.cpp)

TIMEPOINT_TYPE = OpaqueType("!stream.timepoint")
CHANNEL_TYPE = OpaqueType("!stream.channel")
BUFFER_TYPE = OpaqueType("!util.buffer")

# ODS's buildable types: a format need not print them (Stream_Size/Offset are Index)
_BUILDABLE = ((Index, INDEX), (I1, i1), (I32, i32), (I64, i64), (TIMEPOINT, TIMEPOINT_TYPE),
              (CHANNEL, CHANNEL_TYPE), (BUFFER, BUFFER_TYPE), (FENCE, OpaqueType("!stream.test.fence")))
# the kinds MLIR checks while parsing a printed buildable type (`parseType<IndexType>`)
_KINDS = ((Index, "builtin.index", lambda t: t == INDEX), (CHANNEL, "stream.channel", CHANNEL))


class _Inference:
    """`type_inference` of a stream op, derived from its declarations: a
    FixedType per field of a buildable constraint, AllTypesMatch per group of
    `same_types` (a tied result has its operand's type)."""

    def __get__(self, inst: Any, owner: Any) -> tuple:
        rules = owner.__dict__.get("_stream_inference")
        if rules is None:
            fields = (*owner.operand_defs, *owner.result_defs)
            rules = tuple(FixedType(f.name, t) for f in fields for c, t in _BUILDABLE if f.constraint is c)
            rules += tuple(AllTypesMatch(*g) for g in getattr(owner, "same_types", ()))
            owner._stream_inference = rules
        return rules


class _Kinds:
    def __get__(self, inst: Any, owner: Any) -> dict:
        kinds = owner.__dict__.get("_stream_kinds")
        if kinds is None:
            kinds = {f.name: (kind, ok) for f in (*owner.operand_defs, *owner.result_defs)
                     for c, kind, ok in _KINDS if f.constraint is c}
            owner._stream_kinds = kinds
        return kinds


class StreamAsm:
    """Mixin of the stream ops with an `assembly_format`: their inferred
    types and the custom directives IREE's formats name."""

    __slots__ = ()
    type_inference = _Inference()
    asm_type_kinds = _Kinds()
    same_types: tuple[tuple[str, ...], ...] = ()

    # custom<ShapedTiedResult>(type($target), $target_size): `%target as T{%size}`
    # (the result is tied to the op's target; the value named is not checked, as in IREE)
    @staticmethod
    def parse_ShapedTiedResult(p: Any) -> tuple:
        if p.parse_optional_operand() is not None:
            p.parse_keyword("as")
        t = p.parse_type()
        p.parse_punct("{")
        size = p.parse_operand()
        p.parse_punct("}")
        return t, size

    @classmethod
    def print_ShapedTiedResult(cls, p: Any, op: Operation, types: Sequence[Any], sizes: Sequence[Any]) -> None:
        p.print_operand(cls.get(op, cls.tied_operand))  # type: ignore[attr-defined]  # an OpDef subclass
        p.write(" as ")
        p.print_type(types[0])
        p.write("{")
        p.print_operands(sizes)
        p.write("}")

    tied_operand = "target"

    # custom<SymbolVisibility>($sym_visibility): IREE writes `public` when there is none
    @staticmethod
    def parse_SymbolVisibility(p: Any) -> tuple:
        v = p.parse_optional_keyword(("public", "private", "nested"))
        return (StringAttr(v) if v is not None else None,)

    @staticmethod
    def print_SymbolVisibility(p: Any, op: Operation, vis: Any) -> None:
        p.write(vis.value if isinstance(vis, StringAttr) else "public")

    # custom<ParameterReference>($scope, $key): `%scope::%key` or `%key`
    @staticmethod
    def parse_ParameterReference(p: Any) -> tuple:
        first = p.parse_operand()
        if p.parse_optional_punct("::"):
            return first, p.parse_operand()
        return None, first

    @staticmethod
    def print_ParameterReference(p: Any, op: Operation, scope: Sequence[Any], key: Sequence[Any]) -> None:
        if scope:
            p.print_operand(scope[0])
            p.write("::")
        p.print_operands(key)

    # custom<ShapedTypeList>(type($values), [type($results),] $sizes): `T{%s}, U{%t}`
    # (`shaped_types_twice`: the results have the values' types too)
    shaped_types_twice = False

    @classmethod
    def parse_ShapedTypeList(cls, p: Any) -> tuple:
        types, sizes = [], []
        while True:
            types.append(p.parse_type())
            p.parse_punct("{")
            sizes.append(p.parse_operand())
            p.parse_punct("}")
            if not p.parse_optional_punct(","):
                return (types, list(types), sizes) if cls.shaped_types_twice else (types, sizes)

    @staticmethod
    def print_ShapedTypeList(p: Any, op: Operation, types: Sequence[Any], *rest: Sequence[Any]) -> None:
        sizes = rest[-1]
        for i, (t, z) in enumerate(zip(types, sizes)):
            if i:
                p.write(", ")
            p.print_type(t)
            p.write("{")
            p.print_operand(z)
            p.write("}")


_SHAPE_DIMS = re.compile(r"tensor<((?:(?:\?|\d+)x)*)")


def dynamic_dim_count(text: str) -> int:
    """The dynamic dims of an encoding type read as text (IREE reads them
    while parsing: the type decides how many `{%d}` follow)."""
    m = _SHAPE_DIMS.match(text)
    return m.group(1).count("?") if m is not None else 0


class TypeArray(AttrSyntax):
    """An ArrayAttr of TypeAttrs a custom directive reads as a list of types
    (IREE's resource_encodings)."""

    def build(self, r: Any, value: Any) -> Any:
        return ArrayAttr([TypeAttr(r.type(t)) for t in value])

    def printable(self, a: Any) -> bool:
        return isinstance(a, ArrayAttr) and all(isinstance(e, TypeAttr) for e in a.elements)


class EncodedResourceOperands:
    """custom<EncodedResourceOperands>($resources, type($resources), $resource_sizes,
    $resource_encodings, $resource_encoding_dims): one `%r : enc{%d} in T{%s}` per
    line (stream.tensor.trace)."""

    __slots__ = ()

    @staticmethod
    def parse_EncodedResourceOperands(p: Any) -> tuple:
        res, types, sizes, encs, dims = [], [], [], [], []
        while True:
            res.append(p.parse_operand())
            p.parse_punct(":")
            enc = p.parse_type()
            encs.append(enc)
            n = dynamic_dim_count(enc.text)
            if n:
                if not p.parse_optional_punct("{"):
                    raise p.error("expected '{' in operand list", p.location())
                dims.append(p.parse_operand())
                while p.parse_optional_punct(","):
                    dims.append(p.parse_operand())
                p.parse_punct("}")
            p.parse_keyword("in")
            types.append(p.parse_type())
            p.parse_punct("{")
            sizes.append(p.parse_operand())
            p.parse_punct("}")
            if not p.parse_optional_punct(","):
                return res, types, sizes, encs, dims

    @staticmethod
    def print_EncodedResourceOperands(p: Any, op: Operation, res: Sequence[Any], types: Sequence[Any],
                                      sizes: Sequence[Any], encs: Any, dims: Sequence[Any]) -> None:
        p.increase_indent()
        p.print_newline()
        di = 0
        for i, (r, t, z, e) in enumerate(zip(res, types, sizes, encs.elements)):
            if i:
                p.write(",")
                p.print_newline()
            p.print_operand(r)
            p.write(" : ")
            p.print_type(e.type)
            n = dynamic_dims(e.type)
            if n:
                p.write("{")
                p.print_operands(dims[di:di + n])
                p.write("}")
                di += n
            p.write(" in ")
            p.print_type(t)
            p.write("{")
            p.print_operand(z)
            p.write("}")
        p.decrease_indent()
        p.print_newline()


class SymbolNameAttr(AttrSyntax):
    """ODS's SymbolNameAttr: a StringAttr written as `@name`."""

    def can_start(self, p: Any) -> bool:
        return p.peek("@")

    def parse(self, p: Any, name: str) -> Any:
        return StringAttr(p.parse_symbol_name()[0])

    def printable(self, a: Any) -> bool:
        return isinstance(a, StringAttr)

    def print(self, p: Any, a: Any) -> None:
        p.print_alias_free(a, symbol_name_text(a.value))


def _parse_with_list(p: Any) -> tuple[list, list, list, list]:
    """`(%r as %arg: T{%s}, ...)`: operands, their types, sizes, region arguments."""
    operands, types, sizes, args = [], [], [], []
    p.parse_punct("(")
    if not p.parse_optional_punct(")"):
        while True:
            operands.append(p.parse_operand())
            p.parse_keyword("as")
            arg = p.parse_argument(allow_type=False)
            p.parse_punct(":")
            arg.type = p.parse_type()
            types.append(arg.type)
            p.parse_punct("{")
            sizes.append(p.parse_operand())
            p.parse_punct("}")
            args.append(arg)
            if not p.parse_optional_punct(","):
                break
        p.parse_punct(")")
    return operands, types, sizes, args


def _print_with_list(p: Any, operands: Sequence[Any], sizes: Sequence[Any], region: Any) -> None:
    p.write("(")
    for i, (v, a, z) in enumerate(zip(operands, region.blocks[0].args, sizes)):
        if i:
            p.write(", ")
        p.print_operand(v)
        p.write(" as ")
        p.print_operand(a)
        p.write(": ")
        p.print_type(a.type)
        p.write("{")
        p.print_operand(z)
        p.write("}")
    p.write(")")


class ResourceRegion:
    """IREE's custom<ResourceRegion>(operands, their types and sizes, result
    types and sizes, tied_operands, body): `(%r as %arg: T{%s}) -> (%r{%s}, U{%t}) {...}`
    (stream.async.execute / concurrent), and custom<ExplicitResourceRegion>
    without results (stream.cmd.execute, whose yield stays implicit)."""

    __slots__ = ()

    @classmethod
    def parse_ResourceRegion(cls, p: Any) -> tuple:
        operands, types, sizes, args = _parse_with_list(p)
        rtypes, rsizes, ties = [], [], []
        if p.parse_optional_punct("->"):
            paren = p.parse_optional_punct("(")
            if not (paren and p.parse_optional_punct(")")):
                while True:
                    tied = p.parse_optional_operand()
                    if tied is not None:
                        k = next((i for i, u in enumerate(operands) if (u.name, u.index) == (tied.name, tied.index)),
                                 None)
                        if k is None:
                            raise p.error("tied operand not found for result reference "
                                          f"%{tied.name}" + (f"#{tied.index}" if tied.index else ""), tied.pos)
                        rtypes.append(types[k])
                        ties.append(k)
                    else:
                        rtypes.append(p.parse_type())
                        ties.append(-1)
                    p.parse_punct("{")
                    rsizes.append(p.parse_operand())
                    p.parse_punct("}")
                    if not paren or not p.parse_optional_punct(","):
                        break
                if paren:
                    p.parse_punct(")")
        tied_attr = ArrayAttr([IntegerAttr(t, INDEX) for t in ties]) if ties else None
        return operands, types, sizes, rtypes, rsizes, tied_attr, [p.parse_region(args)]

    @staticmethod
    def print_ResourceRegion(p: Any, op: Operation, operands: Sequence[Any], types: Sequence[Any],
                             sizes: Sequence[Any], rtypes: Sequence[Any], rsizes: Sequence[Any], tied: Any,
                             body: Sequence[Any]) -> None:
        _print_with_list(p, operands, sizes, body[0])
        if rtypes:
            ties = [e.value for e in tied.elements] if isinstance(tied, ArrayAttr) else [-1] * len(rtypes)
            p.write(" -> ")
            if len(rtypes) != 1:
                p.write("(")
            for i, (t, z, k) in enumerate(zip(rtypes, rsizes, ties)):
                if i:
                    p.write(", ")
                if k >= 0:
                    p.print_operand(operands[k])
                else:
                    p.print_type(t)
                p.write("{")
                p.print_operand(z)
                p.write("}")
            if len(rtypes) != 1:
                p.write(")")
        p.write(" ")
        p.print_region(body[0], False, True)

    @staticmethod
    def parse_ExplicitResourceRegion(p: Any) -> tuple:
        operands, types, sizes, args = _parse_with_list(p)
        return operands, types, sizes, [p.parse_region(args)]  # (its yield: the op's implicit terminator)

    @staticmethod
    def print_ExplicitResourceRegion(p: Any, op: Operation, operands: Sequence[Any], types: Sequence[Any],
                                     sizes: Sequence[Any], body: Sequence[Any]) -> None:
        _print_with_list(p, operands, sizes, body[0])
        p.write(" ")
        p.print_region(body[0], False, False)


def region_fits(op: Operation, operands: Sequence[Any]) -> bool:
    """The with(...) list prints the region's arguments beside the operands:
    one block, one argument per operand, of its type."""
    r = op.regions[0] if op.regions else None
    if r is None or len(r.blocks) != 1:
        return False
    args = r.blocks[0].args
    return len(args) == len(operands) and all(a.type == v.type for a, v in zip(args, operands))


class AttrArray(AttrSyntax):
    """An ArrayAttr a custom directive reads element by element (IREE's
    resource.constants values)."""

    def build(self, r: Any, value: Any) -> Any:
        return ArrayAttr([r.attr(v) for v in value])

    def printable(self, a: Any) -> bool:
        return isinstance(a, ArrayAttr)


# -- IREE's custom<...Parameter...Operations>: `{ row, row }` of parameter transfers -------------
# A row is a sequence of parts: `ref` (`%scope::%key[%offset]`), `range3` (`%r[%o to %e for %l]`),
# `range2` (`%r[%o for %l]`), `sized` (`: T{%size}`) and `->`. Every row names the same scope (and
# the same target/source resource); the parts a row reads are returned column by column.

def _same_use(a: Any, b: Any) -> bool:
    # IREE compares the SSA names, not their result numbers
    return (a is None and b is None) or (a is not None and b is not None and a.name == b.name)


def _parse_param_rows(p: Any, parts: tuple[str, ...], message: str) -> dict[str, Any]:
    cols: dict[str, Any] = {"keys": [], "offsets": [], "r_offsets": [], "r_ends": [], "r_lengths": [],
                            "types": [], "sizes": []}
    first = True
    while True:
        row_scope = resource = rtype = size = None
        for part in parts:
            if part == "->":
                p.parse_punct("->")
            elif part == "ref":
                row_scope, key = StreamAsm.parse_ParameterReference(p)
                p.parse_punct("[")
                cols["keys"].append(key)
                cols["offsets"].append(p.parse_operand())
                p.parse_punct("]")
            elif part == "sized":
                p.parse_punct(":")
                rtype = p.parse_type()
                p.parse_punct("{")
                size = p.parse_operand()
                p.parse_punct("}")
                cols["types"].append(rtype)
                cols["sizes"].append(size)
            else:  # range3 / range2
                resource = p.parse_operand()
                p.parse_punct("[")
                cols["r_offsets"].append(p.parse_operand())
                if part == "range3":
                    p.parse_keyword("to")
                    cols["r_ends"].append(p.parse_operand())
                p.parse_keyword("for")
                cols["r_lengths"].append(p.parse_operand())
                p.parse_punct("]")
        if first:
            cols["scope"], cols["resource"], first = row_scope, resource, False
            if resource is not None:
                cols["rtype"], cols["rsize"] = rtype, size
        elif not _same_use(row_scope, cols["scope"]) or (resource is not None and (
                not _same_use(resource, cols["resource"]) or getattr(rtype, "text", rtype) != getattr(cols["rtype"], "text", cols["rtype"])
                or not _same_use(size, cols["rsize"]))):
            raise p.error(message)
        if not p.parse_optional_punct(","):
            return cols


def _print_param_rows(p: Any, parts: tuple[str, ...], scope: Sequence[Any], keys: Sequence[Any],
                      offsets: Sequence[Any], resource: Any = None, rtype: Any = None, rsize: Any = None,
                      ranges: Sequence[Sequence[Any]] = (), types: Sequence[Any] = (),
                      sizes: Sequence[Any] = ()) -> None:
    p.increase_indent()
    p.print_newline()
    for i in range(len(keys)):
        if i:
            p.write(",")
            p.print_newline()
        for part in parts:
            if part == "->":
                p.write(" -> ")
            elif part == "ref":
                StreamAsm.print_ParameterReference(p, None, scope, keys[i:i + 1])  # type: ignore[arg-type]
                p.write("[")
                p.print_operand(offsets[i])
                p.write("]")
            elif part == "sized":
                p.write(" : ")
                p.print_type(rtype if resource is not None else types[i])
                p.write("{")
                p.print_operand(rsize if resource is not None else sizes[i])
                p.write("}")
            else:
                p.print_operand(resource)
                p.write("[")
                p.print_operand(ranges[0][i])
                if part == "range3":
                    p.write(" to ")
                    p.print_operand(ranges[1][i])
                p.write(" for ")
                p.print_operand(ranges[-1][i])
                p.write("]")
    p.decrease_indent()
    p.print_newline()


_SAME_TARGET = "each operation must use the same scope and target resource"
_SAME_SOURCE = "each operation must use the same source resource and scope"


class ParameterOperations:
    """The five row lists of the parameter gather/scatter/load ops, written once
    (`_parse_param_rows` / `_print_param_rows`)."""

    __slots__ = ()

    @staticmethod
    def parse_ParameterLoadOperations(p: Any) -> tuple:
        c = _parse_param_rows(p, ("ref", "sized"), "each operation must use the same scope")
        return c["scope"], c["keys"], c["offsets"], c["types"], c["sizes"]

    @staticmethod
    def print_ParameterLoadOperations(p: Any, op: Operation, scope: Any, keys: Any, offs: Any, types: Any,
                                      sizes: Any) -> None:
        _print_param_rows(p, ("ref", "sized"), scope, keys, offs, types=types, sizes=sizes)

    @staticmethod
    def parse_AsyncParameterGatherOperations(p: Any) -> tuple:
        c = _parse_param_rows(p, ("ref", "->", "range3", "sized"), _SAME_TARGET)
        return (c["scope"], c["keys"], c["offsets"], c["resource"], c["rtype"], c["rsize"], c["r_offsets"],
                c["r_ends"], c["r_lengths"])

    @staticmethod
    def print_AsyncParameterGatherOperations(p: Any, op: Operation, scope: Any, keys: Any, offs: Any, target: Any,
                                             ttype: Any, tsize: Any, tos: Any, tes: Any, tls: Any) -> None:
        _print_param_rows(p, ("ref", "->", "range3", "sized"), scope, keys, offs, target[0], ttype[0], tsize[0],
                          (tos, tes, tls))

    @staticmethod
    def parse_CmdParameterGatherOperations(p: Any) -> tuple:
        c = _parse_param_rows(p, ("ref", "->", "range2", "sized"), _SAME_TARGET)
        return c["scope"], c["keys"], c["offsets"], c["resource"], c["rtype"], c["rsize"], c["r_offsets"], \
            c["r_lengths"]

    @staticmethod
    def print_CmdParameterGatherOperations(p: Any, op: Operation, scope: Any, keys: Any, offs: Any, target: Any,
                                           ttype: Any, tsize: Any, tos: Any, tls: Any) -> None:
        _print_param_rows(p, ("ref", "->", "range2", "sized"), scope, keys, offs, target[0], ttype[0], tsize[0],
                          (tos, tls))

    @staticmethod
    def parse_AsyncParameterScatterOperations(p: Any) -> tuple:
        c = _parse_param_rows(p, ("range3", "sized", "->", "ref"), _SAME_SOURCE)
        return (c["resource"], c["rtype"], c["rsize"], c["r_offsets"], c["r_ends"], c["r_lengths"], c["scope"],
                c["keys"], c["offsets"])

    @staticmethod
    def print_AsyncParameterScatterOperations(p: Any, op: Operation, source: Any, stype: Any, ssize: Any, sos: Any,
                                              ses: Any, sls: Any, scope: Any, keys: Any, offs: Any) -> None:
        _print_param_rows(p, ("range3", "sized", "->", "ref"), scope, keys, offs, source[0], stype[0], ssize[0],
                          (sos, ses, sls))

    @staticmethod
    def parse_CmdParameterScatterOperations(p: Any) -> tuple:
        c = _parse_param_rows(p, ("range2", "sized", "->", "ref"), _SAME_SOURCE)
        return c["resource"], c["rtype"], c["rsize"], c["r_offsets"], c["r_lengths"], c["scope"], c["keys"], \
            c["offsets"]

    @staticmethod
    def print_CmdParameterScatterOperations(p: Any, op: Operation, source: Any, stype: Any, ssize: Any, sos: Any,
                                            sls: Any, scope: Any, keys: Any, offs: Any) -> None:
        _print_param_rows(p, ("range2", "sized", "->", "ref"), scope, keys, offs, source[0], stype[0], ssize[0],
                          (sos, sls))


# -- IREE's custom<ShapedFunctionType>: `(T{%d}, U) -> (%x{%s}, %y as V{%t}, W)` ----------------

def _size_aware(t: Any) -> bool:
    return isinstance(t, OpaqueType) and (t.spelling.startswith("!stream.resource") or t.spelling == "!util.buffer")


def _parse_type_dims(p: Any, text: str, dims: list) -> None:
    """The `{...}` after a type read as text: a dynamically shaped tensor's dims
    (as many as its `?`s), a size-aware type's size."""
    if text.startswith("tensor<"):
        n = dynamic_dim_count(text)
        if not n:
            return
        p.parse_punct("{")
        got = [p.parse_operand()]
        while p.parse_optional_punct(","):
            got.append(p.parse_operand())
        if len(got) != n:
            raise p.error(f"expected {n} operands", got[0].pos)
        p.parse_punct("}")
        dims.extend(got)
    elif text.startswith("!stream.resource<") or text == "!util.buffer":
        p.parse_punct("{")
        dims.append(p.parse_operand())
        p.parse_punct("}")


def _print_type_dims(p: Any, t: Any, dims: Sequence[Any], at: int) -> int:
    n = dynamic_dims(t) if isinstance(t, RankedTensorType) else 1 if _size_aware(t) else 0
    if n:
        p.write("{")
        p.print_operands(dims[at:at + n])
        p.write("}")
    return at + n


class ShapedFunctionType:
    """custom<ShapedFunctionType>(ref($operands), type($operands), $operand_dims,
    type($results), $result_dims, $tied_operands); a result naming an operand
    is tied to it (and has its type unless `as T` says otherwise)."""

    __slots__ = ()

    @staticmethod
    def parse_ShapedFunctionType(p: Any, operands: Sequence[Any]) -> tuple:
        types: list = []
        dims: list = []
        p.parse_punct("(")
        if not p.parse_optional_punct(")"):
            while True:
                t = p.parse_type()
                _parse_type_dims(p, t.text, dims)
                types.append(t)
                if not p.parse_optional_punct(","):
                    break
            p.parse_punct(")")
        p.parse_punct("->")
        rtypes: list = []
        rdims: list = []
        ties: list[int] = []
        paren = p.parse_optional_punct("(")
        if not (paren and p.parse_optional_punct(")")):
            while True:
                tied = p.parse_optional_operand()
                if tied is not None:
                    k = next((i for i, u in enumerate(operands) if (u.name, u.index) == (tied.name, tied.index)), -1)
                    if k < 0:
                        raise p.error(f"tied operand not found for result reference %{tied.name}"
                                      + (f"#{tied.index}" if tied.index else ""), tied.pos)
                    t = p.parse_type() if p.parse_optional_keyword("as") else types[k]
                else:
                    t = p.parse_type()
                _parse_type_dims(p, t.text, rdims)
                rtypes.append(t)
                ties.append(k if tied is not None else -1)
                if not p.parse_optional_punct(","):
                    break
            if paren:
                p.parse_punct(")")
        tied_attr = ArrayAttr([IntegerAttr(t, INDEX) for t in ties]) if ties else None
        return types, dims, rtypes, rdims, tied_attr

    prints_ties = True  # False: an op without IREE's TiedOpInterface prints its results as types

    @classmethod
    def print_ShapedFunctionType(cls, p: Any, op: Operation, operands: Sequence[Any], types: Sequence[Any],
                                 dims: Sequence[Any], rtypes: Sequence[Any], rdims: Sequence[Any],
                                 tied: Any) -> None:
        p.write("(")
        at = 0
        for i, t in enumerate(types):
            if i:
                p.write(", ")
            p.print_type(t)
            at = _print_type_dims(p, t, dims, at)
        p.write(") -> ")
        if len(rtypes) != 1:
            p.write("(")
        ties = [e.value for e in tied.elements] if isinstance(tied, ArrayAttr) and cls.prints_ties else []
        at = 0
        for i, t in enumerate(rtypes):
            if i:
                p.write(", ")
            k = ties[i] if i < len(ties) else -1
            if k >= 0:
                p.print_operand(operands[k])
                if operands[k].type != t:
                    p.write(" as ")
                    p.print_type(t)
            else:
                p.print_type(t)
            at = _print_type_dims(p, t, rdims, at)
        if len(rtypes) != 1:
            p.write(")")


# -- IREE's custom<DispatchOperands> / custom<CmdCallOperands>: `(%r[%o to %e for %l], %x)` -----

class DispatchOperands:
    """custom<DispatchOperands>($operands, $offsets, $ends, $lengths): a
    resource operand carries its `[%offset to %end for %length]` range."""

    __slots__ = ()

    @staticmethod
    def parse_DispatchOperands(p: Any) -> tuple:
        operands: list = []
        offs: list = []
        ends: list = []
        lens: list = []
        p.parse_punct("(")
        if p.parse_optional_punct(")"):
            return operands, offs, ends, lens
        while True:
            operands.append(p.parse_operand())
            if p.parse_optional_punct("["):
                offs.append(p.parse_operand())
                p.parse_keyword("to")
                ends.append(p.parse_operand())
                p.parse_keyword("for")
                lens.append(p.parse_operand())
                p.parse_punct("]")
            if not p.parse_optional_punct(","):
                break
        p.parse_punct(")")
        return operands, offs, ends, lens

    @staticmethod
    def print_DispatchOperands(p: Any, op: Operation, operands: Sequence[Any], offs: Sequence[Any],
                               ends: Sequence[Any], lens: Sequence[Any]) -> None:
        p.write("(")
        ri = 0
        for i, v in enumerate(operands):
            if i:
                p.write(", ")
            p.print_operand(v)
            if is_resource(v.type):
                p.write("[")
                p.print_operand(offs[ri])
                p.write(" to ")
                p.print_operand(ends[ri])
                p.write(" for ")
                p.print_operand(lens[ri])
                p.write("]")
                ri += 1
        p.write(")")

    @staticmethod
    def parse_CmdCallOperands(p: Any) -> tuple:
        operands: list = []
        offs: list = []
        lens: list = []
        p.parse_punct("(")
        if p.parse_optional_punct(")"):
            return operands, offs, lens, None
        accesses = []
        while True:
            kind = p.parse_optional_keyword(("ro", "rw", "wo"))
            operands.append(p.parse_operand())
            if kind is not None:
                accesses.append(IntegerAttr(ACCESS_BITS[kind], i32))
                p.parse_punct("[")
                offs.append(p.parse_operand())
                p.parse_keyword("for")
                lens.append(p.parse_operand())
                p.parse_punct("]")
            if not p.parse_optional_punct(","):
                break
        p.parse_punct(")")
        return operands, offs, lens, ArrayAttr(accesses)

    @staticmethod
    def print_CmdCallOperands(p: Any, op: Operation, operands: Sequence[Any], offs: Sequence[Any],
                              lens: Sequence[Any], accesses: Any) -> None:
        p.write("(")
        ri = 0
        for i, v in enumerate(operands):
            if i:
                p.write(", ")
            if is_resource(v.type):
                bits = accesses.elements[ri].value
                p.write("rw " if bits & 3 == 3 else "ro " if bits & 1 else "wo " if bits & 2 else " ")
                p.print_operand(v)
                p.write("[")
                p.print_operand(offs[ri])
                p.write(" for ")
                p.print_operand(lens[ri])
                p.write("]")
                ri += 1
            else:
                p.print_operand(v)
        p.write(")")


def _dims_needed(t: Any) -> int:
    return dynamic_dims(t) if isinstance(t, RankedTensorType) else 1 if _size_aware(t) else 0


def shaped_printable(operands: Sequence[Any], dims: Sequence[Any], results: Sequence[Any], rdims: Sequence[Any],
                     tied: Any, resources: int = -1, *ranges: Sequence[Any]) -> bool:
    """Whether custom<ShapedFunctionType> (and the operand ranges beside it) can
    print an op: one dim per `?`/size, ties naming operands, one range per
    resource; otherwise the op prints generically."""
    if sum(_dims_needed(v.type) for v in operands) != len(dims) \
            or sum(_dims_needed(r.type) for r in results) != len(rdims):
        return False
    if tied is not None and not (isinstance(tied, ArrayAttr) and all(
            isinstance(e, IntegerAttr) and -1 <= e.value < len(operands) for e in tied.elements)):
        return False
    n = sum(1 for v in operands if is_resource(v.type))
    return all(len(r) == n for r in ranges)


class DispatchEntryPoints:
    """custom<DispatchEntryPoints>($entry_points): `@ex::@fn`, or `{@a::@f, @b::@g}`
    (the op's attr_syntax reads `entry_points` with AttrArray)."""

    __slots__ = ()

    @staticmethod
    def _entry_point(p: Any) -> Any:
        if not p.peek("@"):
            raise p.error("invalid kind of attribute specified")  # IREE parses a SymbolRefAttr
        return p.parse_attribute()

    @classmethod
    def parse_DispatchEntryPoints(cls, p: Any) -> tuple:
        if not p.parse_optional_punct("{"):
            return ([cls._entry_point(p)],)
        eps = [cls._entry_point(p)]
        while p.parse_optional_punct(","):
            eps.append(cls._entry_point(p))
        p.parse_punct("}")
        return (eps,)

    @staticmethod
    def print_DispatchEntryPoints(p: Any, op: Operation, eps: Any) -> None:
        if len(eps.elements) == 1:
            p.print_attribute(eps.elements[0])
            return
        p.write("{")
        for i, e in enumerate(eps.elements):
            if i:
                p.write(", ")
            p.print_attribute(e)
        p.write("}")


def entry_points_printable(eps: Any) -> bool:
    return isinstance(eps, ArrayAttr) and len(eps.elements) > 0 and all(
        isinstance(e, SymbolRefAttr) for e in eps.elements)


_COLLECTIVE_BODY = re.compile(r"<\s*\w+(?:\s+with\s+\w+)?\s*:\s*\w+\s*>\Z")


class CollectiveKind(StrippedAttr):
    """`<kind [with op] : type>` after the op name: a #stream.collective without its prefix."""

    def __init__(self) -> None:
        super().__init__("#stream.collective", lambda body: OpaqueAttr("#stream.collective" + body))

    def parse(self, p: Any, name: str) -> Any:
        at = p.location()
        body = p.parse_angle_body()
        if body is None:
            raise p.wrong_token("expected '<'")
        if _COLLECTIVE_BODY.match(body) is None:  # IREE's attribute parser wants `kind [with op] : type`
            raise p.error("expected ':'", at + 1)
        return self.make(body)


class DispatchResources:
    """custom<DispatchResources>($resources, type($resources), $resource_sizes,
    $resource_offsets, $resource_lengths, $resource_accesses): one
    `ro %r[%o for %l] : T{%s}` per line (stream.cmd.dispatch / collective)."""

    __slots__ = ()

    @staticmethod
    def parse_DispatchResources(p: Any) -> tuple:
        res: list = []
        types: list = []
        sizes: list = []
        offs: list = []
        lens: list = []
        accesses = []
        while True:
            kind = p.parse_optional_keyword()
            if kind is None:
                raise p.error("expected valid keyword")
            res.append(p.parse_operand())
            p.parse_punct("[")
            offs.append(p.parse_operand())
            p.parse_keyword("for")
            lens.append(p.parse_operand())
            p.parse_punct("]")
            p.parse_punct(":")
            types.append(p.parse_type())
            p.parse_punct("{")
            sizes.append(p.parse_operand())
            p.parse_punct("}")
            accesses.append(IntegerAttr(ACCESS_BITS.get(kind, 0), i32))
            if not p.parse_optional_punct(","):
                return res, types, sizes, offs, lens, ArrayAttr(accesses)

    @staticmethod
    def print_DispatchResources(p: Any, op: Operation, res: Sequence[Any], types: Sequence[Any],
                                sizes: Sequence[Any], offs: Sequence[Any], lens: Sequence[Any], acc: Any) -> None:
        for i, (r, t, z, o, n, a) in enumerate(zip(res, types, sizes, offs, lens, acc.elements)):
            p.print_newline()
            p.write("  ")
            bits = a.value
            p.write("rw " if bits & 3 == 3 else "ro " if bits & 1 else "wo " if bits & 2 else " ")
            p.print_operand(r)
            p.write("[")
            p.print_operand(o)
            p.write(" for ")
            p.print_operand(n)
            p.write("] : ")
            p.print_type(t)
            p.write("{")
            p.print_operand(z)
            p.write("}")
            if i < len(res) - 1:
                p.write(",")


def resources_printable(res: Sequence[Any], acc: Any, *groups: Sequence[Any]) -> bool:
    return isinstance(acc, ArrayAttr) and len(acc.elements) == len(res) and all(
        isinstance(a, IntegerAttr) for a in acc.elements) and all(len(g) == len(res) for g in groups)


# -- IREE's custom<EncodedShapedFunctionType> (stream.tensor.dispatch) ---------------------------
# `(enc{%d} in R{%s}, index) -> (enc{%d} in R{%s}, enc in %x{%s})`: a resource carries its
# tensor encoding (and that encoding's dynamic dims); a primitive has `!util.unused`.

def _parse_shaped(p: Any, dims: list) -> Any:
    t = p.parse_type()
    _parse_type_dims(p, t.text, dims)
    return t


def _is_unused(t: Any) -> bool:
    return isinstance(t, OpaqueType) and t.spelling == "!util.unused"


class EncodedShapedFunctionType:
    __slots__ = ()

    @staticmethod
    def parse_EncodedShapedFunctionType(p: Any, operands: Sequence[Any]) -> tuple:
        types: list = []
        sizes: list = []
        encs: list = []
        edims: list = []
        p.parse_punct("(")
        if not p.parse_optional_punct(")"):
            while True:
                d0: list = []
                t0 = _parse_shaped(p, d0)
                if p.parse_optional_keyword("in"):
                    types.append(_parse_shaped(p, sizes))
                    encs.append(t0)
                    edims.extend(d0)
                else:
                    types.append(t0)
                    sizes.extend(d0)
                    encs.append(TypeRef("!util.unused", t0.pos))
                if not p.parse_optional_punct(","):
                    break
            p.parse_punct(")")
        p.parse_punct("->")
        rtypes: list = []
        rsizes: list = []
        rencs: list = []
        rdims: list = []
        ties: list[int] = []
        paren = p.parse_optional_punct("(")
        if not (paren and p.parse_optional_punct(")")):
            while True:
                d0 = []
                t0 = p.parse_optional_type()
                if t0 is not None:
                    _parse_type_dims(p, t0.text, d0)
                if not p.parse_optional_keyword("in"):
                    rtypes.append(t0)
                    rsizes.extend(d0)
                    rencs.append(TypeRef("!util.unused", t0.pos if t0 is not None else p.location()))
                    ties.append(-1)
                else:
                    tied = p.parse_optional_operand()
                    k = -1
                    if tied is not None:
                        k = next((i for i, u in enumerate(operands) if (u.name, u.index) == (tied.name, tied.index)),
                                 -1)
                        if k < 0:
                            raise p.error(f"tied operand not found for result reference %{tied.name}"
                                          + (f"#{tied.index}" if tied.index else ""), tied.pos)
                        t = p.parse_type() if p.parse_optional_keyword("as") else types[k]
                    else:
                        t = p.parse_type()
                    if t.text.startswith("!stream.resource<") or t.text == "!util.buffer":
                        p.parse_punct("{")
                        rsizes.append(p.parse_operand())
                        p.parse_punct("}")
                    rtypes.append(t)
                    rencs.append(t0)
                    rdims.extend(d0)
                    ties.append(k)
                if not p.parse_optional_punct(","):
                    break
            if paren:
                p.parse_punct(")")
        tied_attr = ArrayAttr([IntegerAttr(t, INDEX) for t in ties]) if ties else None
        return types, sizes, encs, edims, rtypes, rsizes, rencs, rdims, tied_attr

    @staticmethod
    def print_EncodedShapedFunctionType(p: Any, op: Operation, operands: Sequence[Any], types: Sequence[Any],
                                        sizes: Sequence[Any], encs: Any, edims: Sequence[Any],
                                        rtypes: Sequence[Any], rsizes: Sequence[Any], rencs: Any,
                                        rdims: Sequence[Any], tied: Any) -> None:
        p.write("(")
        at = ed = 0
        for i, (t, e) in enumerate(zip(types, encs.elements)):
            if i:
                p.write(", ")
            if not _is_unused(e.type):
                p.print_type(e.type)
                ed = _print_type_dims(p, e.type, edims, ed)
                p.write(" in ")
            p.print_type(t)
            at = _print_type_dims(p, t, sizes, at)
        p.write(") -> ")
        if len(rtypes) != 1:
            p.write("(")
        ties = [e.value for e in tied.elements] if isinstance(tied, ArrayAttr) else []
        at = ed = 0
        for i, (t, e) in enumerate(zip(rtypes, rencs.elements)):
            if i:
                p.write(", ")
            if not _is_unused(e.type):
                p.print_type(e.type)
                ed = _print_type_dims(p, e.type, rdims, ed)
                p.write(" in ")
            k = ties[i] if i < len(ties) else -1
            if k >= 0:
                p.print_operand(operands[k])
                if operands[k].type != t:
                    p.write(" as ")
                    p.print_type(t)
            else:
                p.print_type(t)
            if _size_aware(t):
                p.write("{")
                p.print_operand(rsizes[at])
                p.write("}")
                at += 1
        if len(rtypes) != 1:
            p.write(")")


_ENCODED_NEEDS: dict = {}


def encoded_printable(operands: Sequence[Any], sizes: Sequence[Any], encs: Any, edims: Sequence[Any],
                      results: Sequence[Any], rsizes: Sequence[Any], rencs: Any, rdims: Sequence[Any],
                      tied: Any) -> bool:
    """Whether custom<EncodedShapedFunctionType> can print an op (else: generic);
    the counts each (encodings, types, ties) needs are worked out once."""
    key = (encs, rencs, tied, tuple(v.type for v in operands), tuple(r.type for r in results))
    need = _ENCODED_NEEDS.get(key)
    if need is None:
        need = _ENCODED_NEEDS[key] = _encoded_needs(operands, encs, results, rencs, tied)
    return need is not False and need == (len(sizes), len(rsizes), len(edims), len(rdims))


def _encoded_needs(operands: Sequence[Any], encs: Any, results: Sequence[Any], rencs: Any, tied: Any) -> Any:
    if not (isinstance(encs, ArrayAttr) and isinstance(rencs, ArrayAttr) and len(encs.elements) == len(operands)
            and len(rencs.elements) == len(results)
            and all(isinstance(e, TypeAttr) for e in (*encs.elements, *rencs.elements))):
        return False
    if tied is not None and not (isinstance(tied, ArrayAttr) and all(
            isinstance(e, IntegerAttr) and -1 <= e.value < len(operands) for e in tied.elements)):
        return False
    return (sum(_dims_needed(v.type) for v in operands), sum(1 for r in results if _size_aware(r.type)),
            sum(_dims_needed(e.type) for e in encs.elements if not _is_unused(e.type)),
            sum(_dims_needed(e.type) for e in rencs.elements if not _is_unused(e.type)))
