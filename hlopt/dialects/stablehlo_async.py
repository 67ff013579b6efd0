"""StableHLO async ops in two designs, told apart by type (FEATURES.md
section 1):

- the Async RFC's (seed 000): `async_start` runs an isolated body of any
  ops and yields one `!stablehlo.async<Ri>` per body result; a variadic
  `async_done` awaits some of them, its result types inferred. Custom forms
  (op_asm forms on the op classes):

      %f0, %f1 = stablehlo.async_start(%x as %a: T) -> !stablehlo.async<T>, !stablehlo.async<U> {
        ...
        stablehlo.return %0, %1 : T, U
      }
      %r0, %r1 = stablehlo.async_done %f0, %f1 : !stablehlo.async<T>, !stablehlo.async<U>

- upstream StableHLO's (1.20): `!stablehlo.future<T...>`, a body of one
  collective or slice, one future per start, printed generically; its
  rules and messages are upstream's (stablehlo.collectives_async.verify_async_*).

The op classes here replace the generic `async_start`/`async_done` of
stablehlo.collectives_async in the stablehlo Dialect (hlopt/dialects/stablehlo/__init__.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hlopt.dialects.stablehlo.collectives_async import verify_async_done, verify_async_start
from hlopt.dialects.stablehlo.syntax import ShloOp
from hlopt.dialects.stablehlo.types import parse_stablehlo_type
from hlopt.ir.core import IRError, Operation
from hlopt.ir.lazy import lazy_module
from hlopt.ir.opdef import ISOLATED, RECURSIVE_MEMORY_EFFECTS, region, var_operand, var_result
from hlopt.ir.traits import op_error
from hlopt.ir.types import OpaqueType, TupleType, Type

interp_values = lazy_module("hlopt.kernels.values")

START, DONE = "stablehlo.async_start", "stablehlo.async_done"


class AsyncType(OpaqueType):
    """`!stablehlo.async<T>`: the future of one value of type T."""

    __slots__ = ("_type",)

    def __new__(cls, spelling: str) -> "AsyncType":
        return cls._make((spelling,))

    def _init(self, spelling: str) -> None:
        OpaqueType._init(self, spelling)
        self._type = None

    @classmethod
    def of(cls, t: Type) -> "AsyncType":
        return cls("!stablehlo.async<" + t.text + ">")

    @property
    def type(self) -> Type:
        """The awaited value's type (decoded on first use)."""
        if self._type is None:
            from hlopt.syntax import parse_type

            self._type = parse_type((self.body or "").strip())
        return self._type


def parse_type(text: str) -> Type | None:
    """The stablehlo dialect's type hook: `!stablehlo.async<T>` (spelled
    canonically, whatever the spacing), then the other stablehlo types."""
    if text.startswith("!stablehlo.async<") and text.endswith(">"):
        from hlopt.syntax import parse_type as parse_builtin

        return AsyncType.of(parse_builtin(text[len("!stablehlo.async<"):-1].strip()))
    return parse_stablehlo_type(text)


def is_rfc_start(op: Operation) -> bool:
    """The RFC form: results are `!stablehlo.async` (upstream's are futures)."""
    return any(isinstance(t, AsyncType) for t in op.result_types)


def is_rfc_done(op: Operation) -> bool:
    return any(isinstance(t, AsyncType) for t in op.operand_types)


def _types(ts: Sequence[Type]) -> str:
    return ", ".join(f"'{t.text}'" for t in ts)


# ---------------------------------------------------------------------------
# async_start


class AsyncStartOp(ShloOp):
    name = START
    summary = "Start an asynchronous computation (RFC: any body, one !stablehlo.async per result)"
    inputs = var_operand(doc="bound to the body's arguments")
    results_ = var_result(doc="one !stablehlo.async<Ri> per body result (upstream: one !stablehlo.future)", name="results")
    body = region(doc="isolated from above; ends with stablehlo.return")
    traits = frozenset({ISOLATED, RECURSIVE_MEMORY_EFFECTS})
    syntax_token = None  # a form with a region: read as ASM_OP

    @classmethod
    def verify(cls, op: Operation) -> None:
        if is_rfc_start(op):
            _verify_rfc_start(op)

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        # upstream's checks (and its type inference) see the body verified first, as in jaxlib
        if not is_rfc_start(op):
            verify_async_start(op)

    # -- the RFC's form: `(%x as %a: T, ...) -> !stablehlo.async<R>, ... [attributes {...}] { body }`
    #    (upstream's, with futures, prints generically)
    @staticmethod
    def parse_asm(p: Any) -> dict:
        r = p.resolver
        refs, args = [], []
        p.parse_punct("(")
        if not p.parse_optional_punct(")"):
            while True:
                at = p.location()
                v = p.parse_optional_operand()
                if v is None or p.parse_optional_keyword("as") is None:
                    raise r.error("expected '%value as %arg: type'", at)
                a = p.parse_argument()
                a.type = r.type(a.type)
                refs.append(v)
                args.append(a)
                if p.parse_optional_punct(")"):
                    break
                p.parse_comma()
        inputs = [r.operand(v, a.type) for v, a in zip(refs, args)]
        p.parse_punct("->")
        results = r.types([p.parse_type()] + (p.parse_type_list() if p.parse_optional_punct(",") else []))
        attrs = p.parse_optional_attr_dict_with_keyword()
        attrs = r.attr(attrs) if attrs is not None else None
        return {"inputs": inputs, "results": results, "attrs": attrs, "body": p.parse_region(args)}

    @classmethod
    def build_asm(cls, r: Any, st: dict) -> Operation:
        return cls.build(st["inputs"], result_types=st["results"], regions=[st["body"]], attributes=st["attrs"])

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        if not op.result_types or not all(isinstance(t, AsyncType) for t in op.result_types):
            return False
        if op.properties.entries or len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
            return False
        entry = op.regions[0].blocks[0]
        if len(entry.args) != len(op.operands):
            return False
        p.write("(")
        for i, (v, a) in enumerate(zip(op.operands, entry.args)):
            if i:
                p.write(", ")
            p.print_operand(v)
            p.write(" as ")
            p.print_region_argument(a)
        p.write(") -> ")
        p.print_types(op.result_types)
        p.print_optional_attr_dict(op.attributes, (), True)
        p.write(" ")
        p.print_region(op.regions[0])
        return True

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        # the body runs eagerly: the values are what matters
        blk = op.regions[0].blocks[0]
        vals = ctx.run_block(blk, args[:len(blk.args)])
        n = len(op.results)
        if n == 1 and len(vals) != 1:
            return [interp_values.Future(vals)]  # upstream form: one future of all results
        if n != len(vals):
            raise interp_values.InterpError(f"async_start body returns {len(vals)} values for {n} futures", op)
        return [interp_values.Future([v]) for v in vals]


def _verify_rfc_start(op: Operation) -> None:
    res = op.result_types
    for i, t in enumerate(res):
        if not isinstance(t, AsyncType):
            raise op_error(op, f"result #{i} must be '!stablehlo.async' like the other results, but got "
                               f"'{t.text}'")
    if len(op.regions[0].blocks) != 1:
        raise op_error(op, "region #0 ('body') failed to verify constraint: region with 1 blocks")
    b = op.regions[0].blocks[0]
    if len(b.args) != len(op.operands):
        raise op_error(op, f"expects {len(op.operands)} region arguments, but got {len(b.args)}")
    for i, (v, a) in enumerate(zip(op.operands, b.args)):
        if v.type is not a.type:
            raise op_error(op, f"operand type '{v.type.text}' at index {i} must match region argument type "
                               f"'{a.type.text}'")
    ret = b.last_op
    if ret is None or ret.name != "stablehlo.return":
        raise op_error(op, "body must end with 'stablehlo.return'")
    body_types = ret.operand_types
    if len(res) == 1 and len(body_types) > 1 and isinstance(res[0].type, TupleType):
        raise op_error(op, "expects one '!stablehlo.async' result per body result, not one of a tuple: "
                           f"the body returns {len(body_types)} values")
    if len(res) != len(body_types):
        raise op_error(op, f"expects one '!stablehlo.async' result per body result: the body returns "
                           f"{len(body_types)} values, but the op has {len(res)} results")
    for i, (t, bt) in enumerate(zip(res, body_types)):
        if t.type is not bt:
            raise op_error(op, f"result #{i} has type '{t.text}', but body result #{i} has type '{bt.text}' "
                               f"(expected '{AsyncType.of(bt).text}')")
    _verify_awaits(op)


def _verify_awaits(op: Operation) -> None:
    """Every async value is awaited exactly once, by an async_done in the
    start's block, after the start."""
    for i, r in enumerate(op.results):
        uses = r.uses
        if not uses:
            raise op_error(op, f"async value #{i} is never awaited")
        done = []
        for u in uses:
            user = u.owner
            if user.name != DONE:
                raise op_error(op, f"async value #{i} can only be awaited by '{DONE}', but is used by "
                                   f"'{user.name}'", notes=[("used here", user)])
            if user.parent is not op.parent:
                raise op_error(op, f"async value #{i} must be awaited in the block of its start (no "
                                   f"crossing of region boundaries)", notes=[("awaited here", user)])
            if not op.is_before_in_block(user):
                raise op_error(op, f"async value #{i} is awaited before its start",
                               notes=[("awaited here", user)])
            done.append(user)
        if len(done) > 1:
            raise op_error(op, f"async value #{i} is awaited {len(done)} times (exactly once required)",
                           notes=[("awaited again here", done[1])])


# ---------------------------------------------------------------------------
# async_done


class AsyncDoneOp(ShloOp):
    name = DONE
    summary = "Await async values (RFC: variadic, result types inferred from the operands)"
    futures = var_operand(doc="!stablehlo.async<Ti> (upstream: one !stablehlo.future)")
    values = var_result(doc="the awaited values, Ti")

    @classmethod
    def verify(cls, op: Operation) -> None:
        if not is_rfc_done(op):
            if len(op.results) != 1:  # upstream's async_done has exactly one result
                raise op_error(op, "requires one result")
            verify_async_done(op)
            return
        if not op.operands:
            raise op_error(op, "expects at least one '!stablehlo.async' operand")
        for i, t in enumerate(op.operand_types):
            if not isinstance(t, AsyncType):
                raise op_error(op, f"operand #{i} must be '!stablehlo.async' like the other operands, but got "
                                   f"'{t.text}'")
        inferred = [t.type for t in op.operand_types]
        if len(inferred) != len(op.results) or any(a is not b for a, b in zip(inferred, op.result_types)):
            raise op_error(op, f"inferred type(s) {_types(inferred)} are incompatible with return type(s) of "
                               f"operation {_types(op.result_types)}")

    # -- the RFC's form: `%f0, %f1 {attrs} : !stablehlo.async<T0>, !stablehlo.async<T1>`, the
    #    results typed Ti (upstream's, with futures, prints generically)
    @staticmethod
    def parse_asm(p: Any) -> dict:
        vals = p.parse_operand_list()
        attrs = p.parse_optional_attr_dict()
        p.parse_colon()
        return {"vals": vals, "attrs": attrs, "types": p.parse_type_list()}

    @classmethod
    def build_asm(cls, r: Any, st: dict) -> Operation:
        ts = []
        for ref in st["types"]:
            t = r.type(ref)
            if not isinstance(t, AsyncType):
                raise r.error(f"expected '!stablehlo.async' type, but got '{t.text}'", ref.pos)
            ts.append(t)
        at = st["vals"][0].pos if st["vals"] else st["types"][0].pos if st["types"] else 0
        return cls.build(r.operands(st["vals"], ts, at), result_types=[t.type for t in ts],
                         attributes=r.attr(st["attrs"]) if st["attrs"] is not None else None)

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        ts = op.operand_types
        if not ts or op.properties.entries or not all(isinstance(t, AsyncType) for t in ts):
            return False
        if len(ts) != len(op.results) or any(t.type is not r for t, r in zip(ts, op.result_types)):
            return False
        p.write(" ")
        p.print_operands(op.operands)
        p.print_optional_attr_dict(op.attributes)
        p.write(" : ")
        p.print_types(ts)
        return True

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        out: list = []
        for f in args:
            if not isinstance(f, interp_values.Future):
                raise interp_values.InterpError("async_done of a value that is not a future", op)
            out.extend(f.values)
        return out


OPS = {START: AsyncStartOp, DONE: AsyncDoneOp}


__all__ = ["AsyncType", "AsyncStartOp", "AsyncDoneOp", "OPS", "parse_type", "is_rfc_start",
           "is_rfc_done", "IRError"]
