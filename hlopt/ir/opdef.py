"""Declarative op definitions (MLIR's ODS, xDSL's IRDL).

An op is one class. Its body declares, in order, its operands, results,
inherent attributes, regions and successors with their constraints; its
`traits` are objects that verify themselves; interfaces are mixins
(hlopt.ir.interfaces). From the declaration come the structural verifier
(counts, types, attributes, regions, successors, traits, inferred result
types, all with MLIR's message texts), named accessors and the list of
inherent attributes. A hand-written `verify` holds only what a declaration
cannot say. Folders, canonicalization patterns, custom syntax and the
interpreter rule are methods of the same class:

    class AddOp(OpDef):
        name = "stablehlo.add"
        lhs = operand(HLO_Tensor)
        rhs = operand(HLO_Tensor)
        result = result(HLO_Tensor)
        traits = (Pure(), Commutative(), SameOperandsAndResultType())

A dialect lists its ops in a `Dialect` object (hlopt.ir.dialect), which a
`Context` (hlopt.ir.context) loads on first use of its namespace.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from hlopt.ir.constraints import AnyAttr, AnyType, Constraint
from hlopt.ir.traits import (
    AttrSizedOperandSegments,
    AttrSizedResultSegments,
    SameVariadicOperandSize,
    SameVariadicResultSize,
    Trait,
    as_trait,
    op_error,
)

if TYPE_CHECKING:
    from hlopt.ir.core import Operation

# Trait names as strings (older spelling, still accepted in `traits`)
PURE = "Pure"
COMMUTATIVE = "Commutative"
TERMINATOR = "Terminator"
RETURN_LIKE = "ReturnLike"
ISOLATED = "IsolatedFromAbove"
SYMBOL = "Symbol"
SYMBOL_TABLE = "SymbolTable"
NO_TERMINATOR = "NoTerminator"
SAME_OPERANDS_AND_RESULT_TYPE = "SameOperandsAndResultType"
CONSTANT_LIKE = "ConstantLike"
IDEMPOTENT = "Idempotent"
INVOLUTION = "Involution"
RECURSIVE_MEMORY_EFFECTS = "RecursiveMemoryEffects"

SINGLE, OPTIONAL, VARIADIC = "single", "optional", "variadic"


# ---------------------------------------------------------------------------
# field declarations

class Field:
    """One declared operand/result/attribute/region/successor group."""

    kind: ClassVar[str] = ""
    __slots__ = ("name", "arity", "constraint", "default", "doc")

    def __init__(self, arity: str = SINGLE, constraint: Constraint | None = None, default: Any = None,
                 doc: str = ""):
        self.name = ""
        self.arity, self.constraint, self.default, self.doc = arity, constraint, default, doc

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<{self.kind} {self.name} {self.arity}>"


class OperandDef(Field):
    kind = "operand"


class ResultDef(Field):
    kind = "result"


class AttrDef(Field):
    """An inherent attribute (printed as a property in the generic form).
    `arity` OPTIONAL: may be absent; `default`: the value when absent."""

    kind = "attribute"


class RegionDef(Field):
    """A region; `constraint` is the number of blocks it must have (None: any)."""

    kind = "region"


class SuccessorDef(Field):
    kind = "successor"


def operand(constraint: Constraint = AnyType, doc: str = "") -> Any:
    return OperandDef(SINGLE, constraint, doc=doc)


def opt_operand(constraint: Constraint = AnyType, doc: str = "") -> Any:
    return OperandDef(OPTIONAL, constraint, doc=doc)


def var_operand(constraint: Constraint = AnyType, doc: str = "") -> Any:
    return OperandDef(VARIADIC, constraint, doc=doc)


def result(constraint: Constraint = AnyType, doc: str = "") -> Any:
    return ResultDef(SINGLE, constraint, doc=doc)


def opt_result(constraint: Constraint = AnyType, doc: str = "") -> Any:
    return ResultDef(OPTIONAL, constraint, doc=doc)


def var_result(constraint: Constraint = AnyType, doc: str = "") -> Any:
    return ResultDef(VARIADIC, constraint, doc=doc)


def attr(constraint: Constraint = AnyAttr, default: Any = None, doc: str = "") -> Any:
    """A required inherent attribute (or one with a default value)."""
    return AttrDef(SINGLE, constraint, default, doc)


def opt_attr(constraint: Constraint = AnyAttr, doc: str = "") -> Any:
    return AttrDef(OPTIONAL, constraint, doc=doc)


def region(blocks: int | None = None, doc: str = "") -> Any:
    """A region; `blocks=1` is ODS's SizedRegion<1>."""
    return RegionDef(SINGLE, blocks, doc=doc)


def var_region(blocks: int | None = None, doc: str = "") -> Any:
    return RegionDef(VARIADIC, blocks, doc=doc)


def successor(doc: str = "") -> Any:
    return SuccessorDef(SINGLE, doc=doc)


def var_successor(doc: str = "") -> Any:
    return SuccessorDef(VARIADIC, doc=doc)


# ---------------------------------------------------------------------------
# the op definition base

class OpDef:
    """Base of op definitions. Class attributes:

    name        "dialect.op"
    summary     one line, for documentation
    traits      trait objects (or their names)
    fields      operand/result/attr/region/successor declarations (class body)
    inherent    inherent attribute names (derived from `attr` fields; older
                definitions may list extra names here)
    declared    whether counts are checked (True once any field is declared)
    default_dialect  ops inside this op's regions may drop this prefix
    """

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    traits: ClassVar[Any] = frozenset()
    trait_objects: ClassVar[tuple[Trait, ...]] = ()
    inherent: ClassVar[tuple[str, ...]] = ()
    declared: ClassVar[bool] = False
    default_dialect: ClassVar[str | None] = None
    operand_defs: ClassVar[tuple[OperandDef, ...]] = ()
    result_defs: ClassVar[tuple[ResultDef, ...]] = ()
    attr_defs: ClassVar[tuple[AttrDef, ...]] = ()
    region_defs: ClassVar[tuple[RegionDef, ...]] = ()
    successor_defs: ClassVar[tuple[SuccessorDef, ...]] = ()

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        own = [v for v in vars(cls).values() if isinstance(v, Field)]
        by_kind: dict[str, list[Field]] = {}
        for kind, attr_name in (("operand", "operand_defs"), ("result", "result_defs"),
                                ("attribute", "attr_defs"), ("region", "region_defs"),
                                ("successor", "successor_defs")):
            inherited = list(getattr(cls, attr_name))
            new = [f for f in own if f.kind == kind]
            if new:
                names = {f.name for f in new}
                merged = [f for f in inherited if f.name not in names] + new
            else:
                merged = inherited
            by_kind[kind] = merged
            setattr(cls, attr_name, tuple(merged))
        if own:
            cls.declared = True
        # the declarations live in the *_defs tuples; removing them from the
        # class keeps interface methods (`callee`, `sym_name`, ...) visible
        for f in own:
            delattr(cls, f.name)
        # traits: objects (strings accepted); `traits` itself becomes the set of
        # names so `TERMINATOR in d.traits` stays a cheap membership test
        raw = vars(cls).get("traits")
        if raw is not None:
            objs = tuple(as_trait(t) for t in raw)
            cls.trait_objects = objs
            cls.traits = frozenset(t.name for t in objs)
        attr_names = tuple(f.name for f in by_kind["attribute"])
        legacy = tuple(n for n in vars(cls).get("inherent", ()) if n not in attr_names)
        if "inherent" in vars(cls) or attr_names:
            cls.inherent = attr_names + legacy
        cls._checker = None  # compiled on first verification (see _compile_checker)

    # -- accessors ---------------------------------------------------------------
    @classmethod
    def operand_segments(cls, op: "Operation") -> list[tuple[int, int]]:
        return _segments(op, cls.operand_defs, len(op._operands), "operandSegmentSizes",
                         AttrSizedOperandSegments.name, SameVariadicOperandSize.name, cls.traits)

    @classmethod
    def result_segments(cls, op: "Operation") -> list[tuple[int, int]]:
        return _segments(op, cls.result_defs, len(op.results), "resultSegmentSizes",
                         AttrSizedResultSegments.name, SameVariadicResultSize.name, cls.traits)

    @classmethod
    def get(cls, op: "Operation", field: str) -> Any:
        """The value of a declared field: a Value (or None when an optional
        one is absent), a list for variadic groups, an attribute, a Region
        or a Block."""
        for defs, seg, seq in ((cls.operand_defs, cls.operand_segments, lambda: op.operands),
                               (cls.result_defs, cls.result_segments, lambda: op.results)):
            for i, f in enumerate(defs):
                if f.name == field:
                    start, size = seg(op)[i]
                    vals = seq()[start:start + size]
                    if f.arity == VARIADIC:
                        return vals
                    return vals[0] if vals else None
        for f in cls.attr_defs:
            if f.name == field:
                v = op.properties.get(field)
                if v is None:
                    v = op.attributes.get(field)
                return f.default if v is None else v
        for i, f in enumerate(cls.region_defs):
            if f.name == field:
                return op.regions[i:] if f.arity == VARIADIC else op.regions[i]
        for i, f in enumerate(cls.successor_defs):
            if f.name == field:
                return op.successors[i:] if f.arity == VARIADIC else op.successors[i]
        raise AttributeError(f"'{cls.name}' declares no field '{field}'")

    @classmethod
    def adaptor(cls, op: "Operation") -> "Adaptor":
        """Named access to the op's fields: `AddOp.adaptor(op).lhs`."""
        return Adaptor(cls, op)

    # -- verification ---------------------------------------------------------------
    @classmethod
    def verify_declaration(cls, op: "Operation") -> None:
        """Everything the declaration says (MLIR's verifyInvariants), in
        MLIR's order: counts, attributes, operand and result types, region
        sizes, traits, inferred result types."""
        check = cls.__dict__.get("_checker")
        if check is None:
            check = _compile_checker(cls)
            type.__setattr__(cls, "_checker", check)
        check(op)

    # MLIR's InferTypeOpInterface follows an inference error with 'failed to infer
    # returned types'; for ops MLIR infers through InferShapedTypeOpInterface
    # (reduce, reduce_window, scatter) only the incompatible-types error has it
    infer_followup: ClassVar[bool] = True

    @classmethod
    def _verify_inferred(cls, op: "Operation") -> None:
        infer = getattr(cls, "infer_result_types", None)
        if infer is None:
            return
        followup = [f"'{op.name}' op failed to infer returned types"]
        try:
            inferred = infer(op)
        except Exception as e:  # an IRError (core imports this module): no import on the hot path
            # MLIR's verifyInferredResultTypes adds a second error after the inference's own
            if getattr(e, "op", None) is op and cls.infer_followup:
                e.followups = followup
            raise
        compatible = getattr(cls, "compatible_return_types", None) or _same_types
        if inferred is not None and not compatible(inferred, op.result_types):
            # refineReturnTypes' own error, always followed by the second one (jaxlib, every op)
            e = op_error(op, "inferred type(s) " + ", ".join(f"'{t.text}'" for t in inferred)
                         + " are incompatible with return type(s) of operation "
                         + ", ".join(f"'{t.text}'" for t in op.result_types))
            e.followups = followup
            raise e

    @classmethod
    def verify(cls, op: "Operation") -> None:
        """Op-specific rules a declaration cannot say; raise IRError."""

    @classmethod
    def verify_regions(cls, op: "Operation") -> None:
        """Rules that need the nested ops verified first (MLIR's verifyRegions)."""

    # True when the declaration, traits, inferred types and verify() of the
    # op read nothing but its own operand and result types, properties and
    # attributes (no parent, defining op, symbol or module attribute): the
    # verifier then checks such an op once per distinct combination
    local_verify: ClassVar[bool] = False

    # -- custom syntax -------------------------------------------------------------------
    # the terminal the op's bare name lexes as, when a rule of its dialect's
    # grammar parses its custom form (e.g. SHLO_OP); None: keyword rules only
    syntax_token: ClassVar[str | None] = None
    # MLIR's declarative assembly format (hlopt.syntax.asm_format): one string
    # that gives the op's custom parser and printer
    assembly_format: ClassVar[str | None] = None

    @classmethod
    def print_custom(cls, op: "Operation", p: Any) -> str | None:
        """Custom (pretty) form of the op after `%results = `, or None to use
        the generic form. `p` is the printer (see hlopt.syntax.printer)."""
        return None

    @classmethod
    def asm_result_names(cls, op: "Operation") -> "list[str] | None":
        """SSA name hints for the results (MLIR's getAsmResultNames), e.g.
        `["cst"]`; None or [] for plain numbering."""
        return None

    @classmethod
    def custom_visit_items(cls, op: "Operation", debuginfo: bool) -> "list[tuple] | None":
        """What the custom form prints that may get aliases, in print order
        (("a", attr_or_type, False) | ("blk", block, print_args[, print_terminator])), when it
        differs from the default (results, operands, attributes, regions)."""
        return None

    @classmethod
    def custom_hides_regions(cls, op: "Operation") -> bool:
        """The custom form prints none of the regions (e.g. a reduce's `applies`)."""
        return False

    @classmethod
    def custom_prints_entry_args(cls, op: "Operation", region_index: int = 0) -> bool:
        """The custom form prints that region's entry-block arguments."""
        return True

    @classmethod
    def custom_prints_terminators(cls, op: "Operation", region_index: int) -> bool:
        """The custom form prints that region's block terminators (an elided
        one is not visited for aliases either, as in MLIR)."""
        return True

    # -- semantics ----------------------------------------------------------------------

    @classmethod
    def fold(cls, op: "Operation") -> Any:
        """Return a list of Values/Attributes replacing the results, or None.

        An empty list means the op was updated in place. Folders must not
        create ops; attributes are materialized by `materialize_constant`.
        For ConstantLike ops, `fold` returns `[value_attr]`.
        """
        return None

    @classmethod
    def canonicalization_patterns(cls) -> "Sequence[Any]":
        """Rewrite patterns `--canonicalize` applies to this op: objects
        with `match_and_rewrite(op, rewriter) -> bool` (see
        hlopt.passes.greedy.RewritePattern and its `pattern` decorator)."""
        return ()

    @classmethod
    def materialize_constant(cls, builder: Any, value: Any, type: Any, location: Any) -> "Operation | None":
        """Create a constant op for a folded `value` of `type` at the
        builder's insertion point (MLIR's Dialect::materializeConstant):
        asks the op's dialect."""
        from hlopt.ir.context import current_context

        d = current_context().get_dialect(cls.name.split(".", 1)[0])
        fn = d.materialize_constant if d is not None else None
        return fn(builder, value, type, location) if fn is not None else None


def _compile_checker(cls: type[OpDef]) -> Callable[["Operation"], None]:
    """One closure per op class doing what the declaration asks, with the
    field walk done once here instead of on every op (the verifier runs
    after every pass). A fast check says "fine"; when it does not, the
    general walk runs and raises MLIR's message for the first problem."""
    checked = [t for t in cls.trait_objects if type(t).verify is not Trait.verify]
    structural = tuple(t.verify for t in checked if t.structural)  # e.g. HasParent, as ODS orders them
    traits = tuple(t.verify for t in checked if not t.structural)
    infer = cls._verify_inferred if getattr(cls, "infer_result_types", None) is not None else None
    fields = _fast_fields(cls) if cls.declared else None
    slow = _verify_fields if cls.declared else None

    def check(op: "Operation") -> None:
        for t in structural:
            t(op)
        if slow is not None and (fields is None or not fields(op)):
            slow(cls, op)
        for t in traits:
            t(op)
        if infer is not None:
            infer(op)

    return check


def _fast_group(defs: Sequence[Field], same_size: bool) -> "Callable[[list], bool] | None":
    """A predicate over a value-type list that is True when it fits the
    declared groups (counts and type constraints); None for layouts only the
    general walk can size (several variadic groups without a same-size
    trait, or segment-size attributes)."""
    nvar = sum(1 for f in defs if f.arity != SINGLE)
    if nvar > 1 and not same_size:
        return None
    fixed = len(defs) - nvar
    checks = tuple((f.arity, None if f.constraint is None or f.constraint is AnyType else f.constraint.check_type)
                   for f in defs)
    if nvar == 0:
        singles = tuple((i, ok) for i, (_, ok) in enumerate(checks) if ok is not None)

        def exact(types: list) -> bool:
            if len(types) != fixed:
                return False
            for i, ok in singles:
                if not ok(types[i]):
                    return False
            return True

        return exact

    def sized(types: list) -> bool:
        extra = len(types) - fixed
        if extra < 0 or extra % nvar:
            return False
        var_size = extra // nvar
        start = 0
        for arity, ok in checks:
            size = 1 if arity == SINGLE else var_size
            if arity == OPTIONAL and size > 1:
                return False
            if ok is not None:
                for t in types[start:start + size]:
                    if not ok(t):
                        return False
            start += size
        return True

    return sized


def _fast_fields(cls: type[OpDef]) -> "Callable[[Operation], bool] | None":
    """A predicate that is True when the op satisfies its field declaration
    (most ops, so the general walk that finds MLIR's message runs only on
    failure); None when only the general walk can tell."""
    traits = cls.traits
    if AttrSizedOperandSegments.name in traits or AttrSizedResultSegments.name in traits:
        return None
    operands_ok = _fast_group(cls.operand_defs, SameVariadicOperandSize.name in traits)
    results_ok = _fast_group(cls.result_defs, SameVariadicResultSize.name in traits)
    if operands_ok is None or results_ok is None:
        return None
    attrs = tuple((f.name, f.arity == SINGLE and f.default is None, f.constraint) for f in cls.attr_defs)
    n_regions = len(cls.region_defs)
    regions_fixed = all(f.arity == SINGLE for f in cls.region_defs)
    region_blocks = tuple(f.constraint for f in cls.region_defs)
    has_succ = bool(cls.successor_defs)

    def fields(op: "Operation") -> bool:
        if attrs:
            props, attributes = op.properties, op.attributes
            for name, required, c in attrs:
                v = props.get(name)
                if v is None:
                    v = attributes.get(name)
                if v is None:
                    if required:
                        return False
                elif c is not None and not c(v):
                    return False
        if not operands_ok([o.value.type for o in op._operands]) or not results_ok([r.type for r in op.results]):
            return False
        regions = op.regions
        if regions or n_regions:
            if not regions_fixed or len(regions) != n_regions:
                return False
            for r, blocks in zip(regions, region_blocks):
                if blocks is not None and len(r.blocks) != blocks:
                    return False
        if op.successors or has_succ:
            return False
        return True

    return fields


def _same_types(a: Sequence[Any], b: Sequence[Any]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))


class Adaptor:
    __slots__ = ("_cls", "_op")

    def __init__(self, cls: type[OpDef], op: "Operation"):
        self._cls, self._op = cls, op

    def __getattr__(self, field: str) -> Any:
        return self._cls.get(self._op, field)


# ---------------------------------------------------------------------------
# derived verification

def _segments(op: "Operation", defs: Sequence[Field], n: int, sizes_attr: str, attr_sized: str,
              same_size: str, traits: Any) -> list[tuple[int, int]]:
    """(start, size) of each declared group, as ODS computes them."""
    nvar = sum(1 for f in defs if f.arity != SINGLE)
    out: list[tuple[int, int]] = []
    if nvar == 0 or (nvar > 1 and attr_sized not in traits and same_size not in traits):
        start = 0
        for f in defs:
            size = 1 if f.arity == SINGLE else 0
            out.append((start, size))
            start += size
        return out
    if attr_sized in traits:
        sizes = op.properties.get(sizes_attr)
        vals = list(getattr(sizes, "values", ())) if sizes is not None else [1] * len(defs)
        start = 0
        for v in vals[:len(defs)]:
            out.append((start, v))
            start += v
        return out
    fixed = len(defs) - nvar
    var_size = (n - fixed) // nvar if nvar else 0
    start = 0
    for f in defs:
        size = 1 if f.arity == SINGLE else var_size
        out.append((start, size))
        start += size
    return out


def _count_message(what: str, fixed: int, n: int, at_least: bool) -> str:
    if at_least:
        return f"expected {fixed} or more {what}s, but found {n}"
    if fixed == 0:
        return f"requires zero {what}s"
    if fixed == 1:
        return "requires a single operand" if what == "operand" else "requires one result"
    return f"expected {fixed} {what}s, but found {n}"


def _verify_group_counts(cls: type[OpDef], op: "Operation", defs: Sequence[Field], n: int, what: str,
                         sizes_attr: str, attr_sized: str) -> list[tuple[int, int]]:
    nvar = sum(1 for f in defs if f.arity != SINGLE)
    fixed = len(defs) - nvar
    if nvar == 0:
        if n != fixed:
            raise op_error(op, _count_message(what, fixed, n, False))
    elif attr_sized in cls.traits:
        sizes = op.properties.get(sizes_attr)
        if sizes is None:
            raise op_error(op, f"requires attribute '{sizes_attr}'")
        vals = list(getattr(sizes, "values", ()))
        if len(vals) != len(defs):
            raise op_error(op, f"'{sizes_attr}' attribute for specifying {what} segments must have "
                               f"{len(defs)} elements, but got {len(vals)}")
        if sum(vals) != n:
            raise op_error(op, f"{what} count ({n}) does not match with the total size ({sum(vals)}) "
                               f"specified in attribute '{sizes_attr}'")
    elif n < fixed:
        raise op_error(op, _count_message(what, fixed, n, True))
    segs = (cls.operand_segments if what == "operand" else cls.result_segments)(op)
    for f, (start, size) in zip(defs, segs):
        if f.arity == OPTIONAL and size > 1:
            raise op_error(op, f"{what} group starting at #{start} requires 0 or 1 element, but found {size}")
    return segs


def _verify_fields(cls: type[OpDef], op: "Operation") -> None:
    # counts (MLIR's structural traits: NOperands, OneResult, ...)
    op_segs = _verify_group_counts(cls, op, cls.operand_defs, len(op._operands), "operand",
                                   "operandSegmentSizes", AttrSizedOperandSegments.name)
    res_segs = _verify_group_counts(cls, op, cls.result_defs, len(op.results), "result",
                                    "resultSegmentSizes", AttrSizedResultSegments.name)
    if op.regions or cls.region_defs:
        _verify_region_count(cls, op)
    if op.successors or cls.successor_defs:
        _verify_successor_count(cls, op)
    # attributes
    props, attrs = op.properties, op.attributes
    for f in cls.attr_defs:
        v = props.get(f.name)
        if v is None:
            v = attrs.get(f.name)
        if v is None:
            if f.arity == SINGLE and f.default is None:
                raise op_error(op, f"requires attribute '{f.name}'")
            continue
        c = f.constraint
        if c is not None and not c(v):
            raise op_error(op, f"attribute '{f.name}' failed to satisfy constraint: {c.summary}")
    # operand and result types
    for what, defs, segs, values in (("operand", cls.operand_defs, op_segs, op._operands),
                                     ("result", cls.result_defs, res_segs, op.results)):
        for f, (start, size) in zip(defs, segs):
            c = f.constraint
            if c is None or c is AnyType:
                continue
            for i in range(start, start + size):
                v = values[i]
                t = v.value.type if what == "operand" else v.type
                if not c.check_type(t):
                    summary = c.summary if f.arity != VARIADIC else f"variadic of {c.summary}"
                    raise op_error(op, f"{what} #{i} must be {summary}, but got '{t.text}'")
    # regions
    for i, f in enumerate(cls.region_defs):
        if f.constraint is None:
            continue
        regions = op.regions[i:] if f.arity == VARIADIC else op.regions[i:i + 1]
        for j, r in enumerate(regions):
            if len(r.blocks) != f.constraint:
                raise op_error(op, f"region #{i + j} ('{f.name}') failed to verify constraint: region with "
                                   f"{f.constraint} blocks")


# MLIR's count messages: (at least N, zero, one, exactly N), for regions and successors
_REGION_MESSAGES = ("expected {f} or more regions", "requires zero regions", "requires one region",
                    "expected {f} regions")
_SUCCESSOR_MESSAGES = ("requires at least {f} successors but found {n}", "requires zero successors",
                       "requires 1 successor", "requires {f} successors but found {n}")


def _verify_count(op: "Operation", defs: Sequence[Field], n: int, messages: tuple[str, ...]) -> None:
    variadic = any(f.arity == VARIADIC for f in defs)
    fixed = sum(1 for f in defs if f.arity != VARIADIC)
    if variadic:
        if n < fixed:
            raise op_error(op, messages[0].format(f=fixed, n=n))
    elif n != fixed:
        raise op_error(op, messages[min(fixed, 2) + 1].format(f=fixed, n=n))


def _verify_region_count(cls: type[OpDef], op: "Operation") -> None:
    _verify_count(op, cls.region_defs, len(op.regions), _REGION_MESSAGES)


def _verify_successor_count(cls: type[OpDef], op: "Operation") -> None:
    _verify_count(op, cls.successor_defs, len(op.successors), _SUCCESSOR_MESSAGES)


# ---------------------------------------------------------------------------
# lookups through the current context (kept as functions for callers)

def lookup_op(name: str) -> "type[OpDef] | None":
    from hlopt.ir.context import current_context

    return current_context().lookup_op(name)


def is_registered_dialect(dialect: str) -> bool:
    from hlopt.ir.context import current_context

    return current_context().is_registered_dialect(dialect)


def dialect_allows_unknown_ops(dialect: str) -> bool:
    from hlopt.ir.context import current_context

    return current_context().allows_unknown_ops(dialect)


def registered_ops() -> list[str]:
    from hlopt.ir.context import current_context

    return current_context().registered_ops()


def constant_materializer(dialect: str) -> Any:
    from hlopt.ir.context import current_context

    d = current_context().get_dialect(dialect)
    return d.materialize_constant if d is not None else None
