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
        result_ = result(HLO_Tensor, name="result")
        traits = (Pure(), Commutative(), SameOperandsAndResultType())

The class is also the class of the ops themselves (`OpDef` subclasses
`Operation`): creating an op named "stablehlo.add" in a context that
registers AddOp gives an AddOp instance, and the declared fields are typed
accessors and a builder:

    add = AddOp.build(x, y)            # result type inferred (SameOperandsAndResultType)
    add = rewriter.create(AddOp, x, y) # the same, at the insertion point
    add.lhs, add.rhs, add.result       # Values; AddOp.lhs is the declaration
    isinstance(op, AddOp)              # op.opdef is AddOp

(rules for names that collide with Operation's API or an interface method:
see "the op class machinery" below).

A dialect lists its ops in a `Dialect` object (hlopt.ir.dialect), which a
`Context` (hlopt.ir.context) loads on first use of its namespace.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, overload

from hlopt.ir.constraints import AnyAttr, AnyType, Constraint
from hlopt.ir.core import Operation
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
    from typing_extensions import Self  # typing.Self is 3.11+; requires-python is 3.10

    from hlopt.ir.core import Block, OpResult, Region, Value

_T = TypeVar("_T")
_O = TypeVar("_O", bound="OpDef")
_MISSING: Any = object()
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

class Field(Generic[_T]):
    """One declared operand/result/attribute/region/successor group.

    In a class body it stands for the accessor of the group (`_T` is what an
    instance access gives, for type checkers); the class creation replaces it
    with a per-class accessor (`_Accessor`) and keeps the declaration in the
    `*_defs` tuples. Class access (`AddOp.lhs`) gives the declaration."""

    kind: ClassVar[str] = ""
    # name: the declared name (messages, builders, Op.get); attr: the class
    # attribute it is declared under, which is its accessor
    __slots__ = ("name", "attr", "arity", "constraint", "default", "doc")

    @overload
    def __get__(self, inst: None, owner: Any) -> Self: ...

    @overload
    def __get__(self, inst: Operation, owner: Any) -> _T: ...

    def __get__(self, inst: Any, owner: Any) -> Any:
        # only reached before the class is complete (accessors replace fields)
        return self if inst is None else owner.get(inst, self.name)

    def __set__(self, inst: Operation, value: _T) -> None:
        raise AttributeError(f"'{self.name}' cannot be set")

    # constraint: a Constraint (for a RegionDef: the number of blocks, or None)
    def __init__(self, arity: str = SINGLE, constraint: Any = None, default: Any = None,
                 doc: str = "", name: str = ""):
        self.name, self.attr = name, ""
        self.arity, self.constraint, self.default, self.doc = arity, constraint, default, doc

    def __set_name__(self, owner: type, attr: str) -> None:
        self.attr = attr
        if not self.name:
            self.name = attr

    def __repr__(self) -> str:
        return f"<{self.kind} {self.name} {self.arity}>"


class OperandDef(Field[_T]):
    kind = "operand"


class ResultDef(Field[_T]):
    kind = "result"


class AttrDef(Field[_T]):
    """An inherent attribute (printed as a property in the generic form).
    `arity` OPTIONAL: may be absent; `default`: the value when absent."""

    kind = "attribute"


class RegionDef(Field[_T]):
    """A region; `constraint` is the number of blocks it must have (None: any)."""

    kind = "region"


class SuccessorDef(Field[_T]):
    kind = "successor"


def operand(constraint: Constraint = AnyType, doc: str = "", name: str = "") -> "OperandDef[Value]":
    return OperandDef(SINGLE, constraint, doc=doc, name=name)


def opt_operand(constraint: Constraint = AnyType, doc: str = "", name: str = "") -> "OperandDef[Value | None]":
    return OperandDef(OPTIONAL, constraint, doc=doc, name=name)


def var_operand(constraint: Constraint = AnyType, doc: str = "", name: str = "") -> "OperandDef[Sequence[Value]]":
    return OperandDef(VARIADIC, constraint, doc=doc, name=name)


def result(constraint: Constraint = AnyType, doc: str = "", name: str = "") -> "ResultDef[OpResult]":
    return ResultDef(SINGLE, constraint, doc=doc, name=name)


def opt_result(constraint: Constraint = AnyType, doc: str = "", name: str = "") -> "ResultDef[OpResult | None]":
    return ResultDef(OPTIONAL, constraint, doc=doc, name=name)


def var_result(constraint: Constraint = AnyType, doc: str = "", name: str = "") -> "ResultDef[Sequence[OpResult]]":
    return ResultDef(VARIADIC, constraint, doc=doc, name=name)


def attr(constraint: Constraint = AnyAttr, default: Any = None, doc: str = "", name: str = "") -> "AttrDef[Any]":
    """A required inherent attribute (or one with a default value)."""
    return AttrDef(SINGLE, constraint, default, doc, name)


def opt_attr(constraint: Constraint = AnyAttr, doc: str = "", name: str = "") -> "AttrDef[Any]":
    return AttrDef(OPTIONAL, constraint, doc=doc, name=name)


def region(blocks: int | None = None, doc: str = "", name: str = "") -> "RegionDef[Region]":
    """A region; `blocks=1` is ODS's SizedRegion<1>."""
    return RegionDef(SINGLE, blocks, doc=doc, name=name)


def var_region(blocks: int | None = None, doc: str = "", name: str = "") -> "RegionDef[Sequence[Region]]":
    return RegionDef(VARIADIC, blocks, doc=doc, name=name)


def successor(doc: str = "", name: str = "") -> "SuccessorDef[Block]":
    return SuccessorDef(SINGLE, doc=doc, name=name)


def var_successor(doc: str = "", name: str = "") -> "SuccessorDef[Sequence[Block]]":
    return SuccessorDef(VARIADIC, doc=doc, name=name)


# ---------------------------------------------------------------------------
# the op class machinery
#
# An OpDef subclass IS the class of its ops (as in xDSL): `Operation(name,
# ...)` returns an instance of the class registered for `name`. Rules that
# keep this cheap and unambiguous:
#
# - `name`: on the class, the op name ("stablehlo.add", a metaclass property
#   so class bodies still write `name = "..."`); on an instance, Operation's
#   slot (the same string, or the spelled name of an unregistered op).
# - every op class gets `__slots__ = ()` (injected here) and so do the
#   interface mixins: ops keep no per-instance `__dict__`.
# - a declared field becomes an accessor: `op.lhs` is the Value (None when
#   an optional one is absent), a variadic group a list, an attribute its
#   value (the declared default when absent), a region a Region, a successor
#   a Block; `AddOp.lhs` is the declaration. Single operands and attributes
#   can be assigned (`op.lhs = v`, `op.predicate = attr`).
# - a field named like Operation's API (`operands`, `results`, `result`,
#   `operand`, `name`, ...) leaves that API alone, so generic code sees
#   every op alike; its accessor is the name with a trailing underscore
#   (`op.results_`, `op.operand_`), and the class body says so, so type
#   checkers see the accessor: `operand_ = operand(T, name="operand")` (the
#   declared name stays "operand" for messages and builders). Declaring it
#   as `operand = operand(T)` is a TypeError.
# - a field named like a class-level attribute of a mixin (interface
#   classmethods `sym_name`, `callee`, `function_type`, ...): class access
#   gives the mixin's attribute (`FuncOp.sym_name(op)` as before), instance
#   access the field (`op.sym_name`). Likewise a mixin classmethod named like
#   Operation's API (CallableOpInterface.result_types): class access gives
#   the classmethod, instance access Operation's property.

_OP_API = frozenset(n for c in Operation.__mro__ for n in vars(c) if not n.startswith("__"))


class OpMeta(type):
    """Metaclass of op definitions: the class-level `name` and `__slots__`
    (see above; mixins declare their own empty `__slots__`)."""

    def __new__(mcs, clsname: str, bases: tuple[type, ...], ns: dict[str, Any], **kw: Any) -> Any:
        ns.setdefault("__slots__", ())
        if isinstance(ns.get("name"), str):
            ns["_op_name"] = ns.pop("name")
        elif isinstance(ns.get("name"), Field):
            raise TypeError(f"{clsname}: a field called 'name' is declared `name_ = attr(..., name=\"name\")` "
                            "(`name` is the op name)")
        return super().__new__(mcs, clsname, bases, ns, **kw)

    @property
    def name(cls) -> str:
        return cls._op_name  # type: ignore[attr-defined]

    @name.setter
    def name(cls, value: str) -> None:
        type.__setattr__(cls, "_op_name", value)


def _check_field_attr(cls: type, f: Field) -> None:
    """A field must be declared under the name it is accessed by, so type
    checkers see the accessor: one whose name collides with Operation's API
    is declared as `operand_ = operand(..., name="operand")`."""
    if f.attr in _OP_API:
        raise TypeError(f"{cls.__name__}.{f.attr}: the name is Operation's API; declare the field as "
                        f"`{f.attr}_ = {f.kind}(..., name=\"{f.attr}\")`")


class _Accessor:
    """Instance access to one declared field of one op class (`op.lhs`);
    class access gives the declaration, or `shadow` (a mixin's attribute of
    the same name) when there is one."""

    __slots__ = ("field", "shadow", "get_fn", "set_fn")

    def __init__(self, field: Field, shadow: Any, get_fn: Callable[[Any], Any],
                 set_fn: Callable[[Any, Any], None] | None):
        self.field, self.shadow, self.get_fn, self.set_fn = field, shadow, get_fn, set_fn

    def __get__(self, inst: Any, owner: Any) -> Any:
        if inst is None:
            s = self.shadow
            if s is None:
                return self.field
            return s.__get__(None, owner) if hasattr(s, "__get__") else s
        return self.get_fn(inst)

    def __set__(self, inst: Any, value: Any) -> None:
        if self.set_fn is None:
            raise AttributeError(f"field '{self.field.name}' cannot be assigned; use set_operands/the rewriter")
        self.set_fn(inst, value)


class _ClassSide:
    """A mixin classmethod named like Operation's API: class access gives the
    classmethod, instance access Operation's attribute."""

    __slots__ = ("cls_attr", "inst_attr")

    def __init__(self, cls_attr: Any, inst_attr: Any):
        self.cls_attr, self.inst_attr = cls_attr, inst_attr

    def __get__(self, inst: Any, owner: Any) -> Any:
        if inst is None:
            return self.cls_attr.__get__(None, owner)
        return self.inst_attr.__get__(inst, owner)

    def __set__(self, inst: Any, value: Any) -> None:
        self.inst_attr.__set__(inst, value)


def _group_getter(cls: type["OpDef"], defs: Sequence[Field], j: int, results: bool) -> Callable[[Any], Any]:
    """The getter of group j of the operands (or results): a fixed index
    when no variable group comes before it (or after it), else the
    segments."""
    f = defs[j]
    nvar = sum(1 for d in defs if d.arity != SINGLE)
    before = all(d.arity == SINGLE for d in defs[:j])
    after = all(d.arity == SINGLE for d in defs[j + 1:])
    if f.arity == SINGLE and (nvar == 0 or before):
        if results:
            return lambda op: op.results[j]
        return lambda op: op._operands[j].value
    if f.arity == SINGLE and after:
        k = len(defs) - j
        if results:
            return lambda op: op.results[len(op.results) - k]
        return lambda op: op._operands[len(op._operands) - k].value
    segments = cls.result_segments if results else cls.operand_segments
    variadic = f.arity == VARIADIC

    def general(op: Any) -> Any:
        start, size = segments(op)[j]
        if results:
            vals = op.results[start:start + size]
        else:
            vals = [o.value for o in op._operands[start:start + size]]
        if variadic:
            return vals
        return vals[0] if vals else None

    return general


def _operand_setter(cls: type["OpDef"], defs: Sequence[Field], j: int) -> Callable[[Any, Any], None] | None:
    """Assigning a single operand: the operand slot at its position (fixed
    from the start or the end, else from the segments)."""
    if defs[j].arity != SINGLE:
        return None
    if all(d.arity == SINGLE for d in defs[:j]):
        return lambda op, value: op._operands[j].set(value)
    if all(d.arity == SINGLE for d in defs[j + 1:]):
        k = len(defs) - j
        return lambda op, value: op._operands[len(op._operands) - k].set(value)
    segments = cls.operand_segments
    return lambda op, value: op._operands[segments(op)[j][0]].set(value)


def _install_accessors(cls: type["OpDef"]) -> None:
    """Per-class accessors for every declared field (see the rules above)."""
    from hlopt.ir.attributes import DictionaryAttr

    def shadow_of(attr_name: str) -> Any:
        # the class itself first: its own classmethod overrides a mixin's
        for c in cls.__mro__:
            if c is Operation or c is object:
                continue  # Operation's own names take the `name_` spelling
            v = vars(c).get(attr_name)
            if v is not None and not isinstance(v, (Field, _Accessor)):
                return v
        return None

    def install(f: Field, get_fn: Callable[[Any], Any], set_fn: Callable[[Any, Any], None] | None) -> None:
        attr_name = f.attr or f.name
        if attr_name in _OP_API:  # a field made outside a class body (no attr)
            attr_name += "_"
        type.__setattr__(cls, attr_name, _Accessor(f, shadow_of(attr_name), get_fn, set_fn))

    f: Field[Any]
    for j, f in enumerate(cls.operand_defs):
        install(f, _group_getter(cls, cls.operand_defs, j, False), _operand_setter(cls, cls.operand_defs, j))
    for j, f in enumerate(cls.result_defs):
        install(f, _group_getter(cls, cls.result_defs, j, True), None)
    for f in cls.attr_defs:
        def get_attr(op: Any, n: str = f.name, default: Any = f.default) -> Any:
            v = op.properties.get(n)
            if v is None:
                v = op.attributes.get(n)
            return default if v is None else v

        def set_attr(op: Any, value: Any, n: str = f.name) -> None:
            if value is None:
                op.remove_attr(n)
            else:
                op.properties = DictionaryAttr([(k, v) for k, v in op.properties.entries if k != n] + [(n, value)])
                if n in op.attributes:
                    op.attributes = DictionaryAttr((k, v) for k, v in op.attributes.entries if k != n)

        install(f, get_attr, set_attr)
    for what, defs in (("regions", cls.region_defs), ("successors", cls.successor_defs)):
        for j, f in enumerate(defs):
            if f.arity == VARIADIC:
                def get_seq(op: Any, j: int = j, what: str = what) -> Any:
                    return list(getattr(op, what)[j:])
                install(f, get_seq, None)
            else:
                def get_one(op: Any, j: int = j, what: str = what) -> Any:
                    return getattr(op, what)[j]
                install(f, get_one, None)
    # mixin classmethods named like Operation's API
    for n in _OP_API:
        for c in cls.__mro__:
            if c is Operation or c is object:
                continue
            v = vars(c).get(n)
            if isinstance(v, classmethod):
                inst_attr = next(vars(o)[n] for o in Operation.__mro__ if n in vars(o))
                type.__setattr__(cls, n, _ClassSide(v, inst_attr))
                break
            if v is not None:
                break


# ---------------------------------------------------------------------------
# what OpDef.build needs, computed once (it runs for every op a pass creates)

_BUILD_NAMES: tuple = ()


def _build_names() -> tuple:
    """The classes build() uses, imported on first use (ir.core and
    ir.attributes import this module)."""
    global _BUILD_NAMES
    from hlopt.ir.attributes import DenseArrayAttr
    from hlopt.ir.core import OpResult, Region
    from hlopt.ir.types import IntegerType

    _BUILD_NAMES = (DenseArrayAttr, OpResult, Region, IntegerType)
    return _BUILD_NAMES


def _build_plan(cls: type["OpDef"]) -> tuple:
    """Per class: (name, name_, arity) of its operand groups, (name, name_)
    of its attributes, (name, name_, arity) of its regions and successors,
    whether its operand and result groups are attribute-sized."""
    def keys(defs: Sequence[Field]) -> tuple:
        return tuple((f.name, f.name + "_", f.arity) for f in defs)

    plan = (keys(cls.operand_defs), tuple((f.name, f.name + "_") for f in cls.attr_defs), keys(cls.region_defs),
            keys(cls.successor_defs), AttrSizedOperandSegments.name in cls.traits,
            AttrSizedResultSegments.name in cls.traits)
    type.__setattr__(cls, "_build_plan", plan)
    return plan


# ---------------------------------------------------------------------------
# the op definition base

class OpDef(Operation, metaclass=OpMeta):
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

    name = ""  # the op name; a ClassVar in effect (OpMeta), Operation's slot on instances
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
        own_keys = [k for k, v in vars(cls).items() if isinstance(v, Field)]
        own = [vars(cls)[k] for k in own_keys]
        for f in own:
            _check_field_attr(cls, f)
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
        # the declarations live in the *_defs tuples; the class gets accessors
        # (`_install_accessors`, below, for the rules on names)
        for k in own_keys:
            type.__delattr__(cls, k)
        cls.opdef = cls
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
        _install_accessors(cls)

    # -- accessors ---------------------------------------------------------------
    @classmethod
    def operand_segments(cls, op: "Operation") -> list[tuple[int, int]]:
        return _segments(op, cls.operand_defs, len(op._operands), "operandSegmentSizes",
                         AttrSizedOperandSegments.name, SameVariadicOperandSize.name, cls.traits)

    @classmethod
    def has_operand_groups(cls, op: "Operation") -> bool:
        """Whether op's operands split into the declared groups. Always, unless
        the groups are attribute-sized: then the stored sizes must give one
        entry per group and add up to the operand count (a generic op may lack
        them, and the accessors would then read the wrong operands)."""
        if AttrSizedOperandSegments.name not in cls.traits:
            return True
        sizes = op.properties.get("operandSegmentSizes")
        vals = list(getattr(sizes, "values", ())) if sizes is not None else None
        return vals is not None and len(vals) == len(cls.operand_defs) and sum(vals) == len(op._operands)

    @classmethod
    def set_operand_group_sizes(cls, op: "Operation", sizes: Sequence[int]) -> None:
        """Store the sizes of an AttrSizedOperandSegments op's declared groups
        (after its operands changed: `operand_segments` then reads these)."""
        DenseArrayAttr, _OpResult, _Region, IntegerType = _BUILD_NAMES or _build_names()
        op.set_attr("operandSegmentSizes", DenseArrayAttr(IntegerType(32), list(sizes)))

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
    def build(cls: "type[_O]", *operands: "Value | Sequence[Value] | None",
              result_types: "Sequence[Any] | None" = None,
              regions: "Sequence[Region] | int | None" = None,
              successors: "Sequence[Block] | None" = None,
              attributes: "dict[str, Any] | None" = None,
              location: Any = None, **fields: Any) -> "_O":
        """A new (unattached) op of this class from its declared fields.

        Positional arguments fill the operand groups in declaration order: a
        Value for a single operand, a Value or None for an optional one, a
        sequence for a variadic one; groups may also be passed by keyword
        (`lhs=...`). Keywords naming declared attributes set them (as
        properties; None leaves one out), keywords naming region or
        successor fields give those; `attributes` are discardable ones.
        `result_types` defaults to what the op infers (its
        `infer_result_types`, or SameOperandsAndResultType). The segment
        sizes of AttrSizedOperandSegments/AttrSizedResultSegments ops are
        computed."""
        DenseArrayAttr, OpResult, Region, IntegerType = _BUILD_NAMES or _build_names()
        plan = cls.__dict__.get("_build_plan")
        if plan is None:
            plan = _build_plan(cls)
        ods, attr_keys, region_keys, succ_keys, seg_operands, seg_results = plan
        if len(operands) > len(ods):
            raise TypeError(f"{cls.__name__}.build: {len(operands)} operand groups for {len(ods)} declared")
        groups: list[Any] = list(operands)
        if len(groups) < len(ods):
            groups += [_MISSING] * (len(ods) - len(groups))
        if fields:
            for j, (fname, alt, _arity) in enumerate(ods):
                for key in (fname, alt):
                    if key in fields:
                        if groups[j] is not _MISSING:
                            raise TypeError(f"{cls.__name__}.build: operand '{fname}' given twice")
                        groups[j] = fields.pop(key)
        flat: list[Any] = []
        sizes: list[int] = []
        for (fname, _alt, arity), g in zip(ods, groups):
            if g is _MISSING:
                if arity == SINGLE:
                    raise TypeError(f"{cls.__name__}.build: missing operand '{fname}'")
                g = None if arity == OPTIONAL else ()
            if arity == VARIADIC:
                vals = list(g)
                flat.extend(vals)
                sizes.append(len(vals))
            elif g is None:
                if arity != OPTIONAL:
                    raise TypeError(f"{cls.__name__}.build: operand '{fname}' is required")
                sizes.append(0)
            else:
                flat.append(g)
                sizes.append(1)
        props: list[tuple[str, Any]] = []
        if fields:
            for fname, alt in attr_keys:
                for key in (fname, alt):
                    if key in fields:
                        v = fields.pop(key)
                        if v is not None:
                            props.append((fname, v))
        if seg_operands:
            props.append(("operandSegmentSizes", DenseArrayAttr(IntegerType(32), sizes)))
        region_list: list[Any] = []  # Regions (`Region` is bound at run time here)
        if isinstance(regions, int):
            region_list = [Region() for _ in range(regions)]
        elif regions is not None:
            region_list = list(regions)
        else:
            for fname, alt, arity in region_keys:
                given = fields.pop(fname, fields.pop(alt, None)) if fields else None
                if arity == VARIADIC:
                    region_list.extend(given or ())
                else:
                    region_list.append(Region() if given is None else given)
        succ_list: list[Any] = list(successors) if successors is not None else []
        if successors is None and fields:
            for fname, alt, arity in succ_keys:
                given = fields.pop(fname, fields.pop(alt, None))
                if arity == VARIADIC:
                    succ_list.extend(given or ())
                elif given is not None:
                    succ_list.append(given)
        if fields:
            raise TypeError(f"{cls.__name__}.build: no declared field(s) {', '.join(sorted(fields))}")
        rtypes = list(result_types) if result_types is not None else None
        if rtypes is not None and seg_results:
            raise TypeError(f"{cls.__name__}.build: pass results per group for segmented results")
        op = cls(cls.name, flat, rtypes or (), dict(props) if props else None, attributes, region_list,
                 succ_list, location)
        if rtypes is None:
            inferred = cls._infer_for_build(op)
            op.results = [OpResult(t, op, i) for i, t in enumerate(inferred)]
        return op

    @classmethod
    def _infer_for_build(cls, op: "Operation") -> "list[Any]":
        infer = getattr(cls, "infer_result_types", None)
        if infer is not None:
            types = infer(op)
            if types is not None:
                return list(types)
        if not cls.result_defs:
            return []
        if SAME_OPERANDS_AND_RESULT_TYPE in cls.traits and op._operands:
            t = op._operands[0].value.type
            return [t for f in cls.result_defs if f.arity == SINGLE]
        raise TypeError(f"{cls.__name__}.build: cannot infer the result types of '{cls.name}'; "
                        "pass result_types")

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
    _checker: ClassVar[Callable[["Operation"], None] | None]  # set per class: see _compile_checker

    @classmethod
    def _verify_inferred(cls, op: "Operation") -> None:
        infer = getattr(cls, "infer_result_types", None)
        if infer is None:
            return
        followup = [f"'{op.name}' op failed to infer returned types"]
        try:
            inferred = infer(op)
        except Exception as e:  # an IRError (core imports this module): no import on the hot path
            from hlopt.ir.core import IRError

            # MLIR's verifyInferredResultTypes adds a second error after the inference's own
            if isinstance(e, IRError) and e.op is op and cls.infer_followup:
                e.followups = followup
            raise
        compatible = getattr(cls, "compatible_return_types", None) or _same_types
        if inferred is not None and not compatible(inferred, op.result_types):
            # refineReturnTypes' own error, always followed by the second one (jaxlib, every op)
            err = op_error(op, "inferred type(s) " + ", ".join(f"'{t.text}'" for t in inferred)
                           + " are incompatible with return type(s) of operation "
                           + ", ".join(f"'{t.text}'" for t in op.result_types))
            err.followups = followup
            raise err

    @classmethod
    def verify(cls, op: "Operation") -> None:
        """Op-specific rules a declaration cannot say; raise IRError."""

    @classmethod
    def verify_regions(cls, op: "Operation") -> None:
        """Rules that need the nested ops verified first (MLIR's verifyRegions)."""

    # True when the declaration, traits, inferred types and verify() of the
    # op read nothing but its own operand and result types, properties and
    # attributes (no parent, defining op, symbol or module attribute), and
    # discardable attributes only by declared names or names verify() spells
    # out; with regions, also (here and in verify_regions) their block counts,
    # block argument types and last ops (class, name, operand types): the
    # verifier then checks such an op once per distinct combination
    local_verify: ClassVar[bool] = False
    # the same, but the checks also resolve symbols from the op (func.call):
    # checked once per combination and nearest symbol table
    symbol_verify: ClassVar[bool] = False

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


def declaration_parts(cls: type[OpDef]) -> tuple:
    """What verify_declaration runs, in its order: (structural trait checks,
    the fast field predicate or None, the general field walk or None, the
    other trait checks, the inferred-type check or None). The verifier
    compiles them with the op's own checks into one function per class."""
    checked = [t for t in cls.trait_objects if type(t).verify is not Trait.verify]
    structural = tuple(t.verify for t in checked if t.structural)  # e.g. HasParent, as ODS orders them
    traits = tuple(t.verify for t in checked if not t.structural)
    infer = cls._verify_inferred if getattr(cls, "infer_result_types", None) is not None else None
    fields = _fast_fields(cls) if cls.declared else None
    slow = _verify_fields if cls.declared else None
    return structural, fields, slow, traits, infer


def _compile_checker(cls: type[OpDef]) -> Callable[["Operation"], None]:
    """One closure per op class doing what the declaration asks, with the
    field walk done once here instead of on every op (the verifier runs
    after every pass). A fast check says "fine"; when it does not, the
    general walk runs and raises MLIR's message for the first problem."""
    structural, fields, slow, traits, infer = declaration_parts(cls)

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


def _count_plan(defs: Sequence[Field]) -> "tuple[int, int | None, tuple] | None":
    """(fewest, most or None, ((index, type predicate), ...)) for groups
    sized by their count alone: single fields and at most one optional or
    variadic group without a type constraint (a single field after it is
    indexed from the end); None for the others."""
    var = [i for i, f in enumerate(defs) if f.arity != SINGLE]
    if len(var) > 1:
        return None
    n = len(defs)
    fixed = n - len(var)
    most: int | None = fixed
    if var:
        f = defs[var[0]]
        if f.constraint is not None and f.constraint is not AnyType:
            return None
        most = fixed + 1 if f.arity == OPTIONAL else None
    singles = tuple((i if not var or i < var[0] else i - n, f.constraint.check_type) for i, f in enumerate(defs)
                    if f.arity == SINGLE and f.constraint is not None and f.constraint is not AnyType)
    return fixed, most, singles


_CODE: dict[str, Any] = {}  # generated check source -> its code object


def compiled(source: str) -> Any:
    """The code object of a generated check's source, compiled once per
    process: classes of one shape (most arith ops, say) share the text and
    differ only in the names their functions are given (the first verify of
    a module compiles a few dozen classes)."""
    code = _CODE.get(source)
    if code is None:
        code = _CODE[source] = compile(source, "<generated check>", "exec")
    return code


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
    # the predicate is generated as straight-line code for the class: one
    # call per op instead of one per field, group and constraint
    env: dict[str, Any] = {"operands_ok": operands_ok, "results_ok": results_ok}
    lines = ["def fields(op):"]
    if cls.attr_defs:
        lines.append("    props, attributes = op.properties, op.attributes")
    for j, ad in enumerate(cls.attr_defs):
        env[f"n{j}"] = ad.name  # (a name, not a literal: classes of one shape share the source)
        lines += [f"    v = props.get(n{j})", "    if v is None:", f"        v = attributes.get(n{j})"]
        if ad.arity == SINGLE and ad.default is None:
            lines += ["    if v is None:", "        return False"]
        if ad.constraint is not None:
            env[f"a{j}"] = getattr(ad.constraint, "pred", ad.constraint)  # (Constraint.__call__ calls pred)
            lines += [f"    if v is not None and not a{j}(v):", "        return False"]

    def group(plan: "tuple | None", seq: str, ok_all: str, typ: str, tag: str) -> None:
        lines.append(f"    seq = {seq}")
        if plan is None:
            lines.extend([f"    if not {ok_all}([{typ.format('x')} for x in seq]):", "        return False"])
            return
        fewest, most, singles = plan
        if most == fewest:
            lines.extend([f"    if len(seq) != {fewest}:", "        return False"])
        else:
            if fewest:  # (a count from 0 up needs no check)
                lines.extend([f"    if len(seq) < {fewest}:", "        return False"])
            if most is not None:
                lines.extend([f"    if len(seq) > {most}:", "        return False"])
        for k, (i, ok) in enumerate(singles):
            env[f"{tag}c{k}"] = ok
            c = getattr(ok, "__self__", None)
            if type(c) is Constraint:  # its memo of answers per type first, then its check
                env[f"{tag}m{k}"] = c._memo
                lines.extend([f"    t = {typ.format(f'seq[{i}]')}", f"    r = {tag}m{k}.get(t)",
                          "    if r is None:", f"        r = {tag}c{k}(t)", "    if not r:", "        return False"])
            else:
                lines.extend([f"    if not {tag}c{k}({typ.format(f'seq[{i}]')}):", "        return False"])

    group(_count_plan(cls.operand_defs), "op._operands", "operands_ok", "{}.value.type", "o")
    group(_count_plan(cls.result_defs), "op.results", "results_ok", "{}.type", "r")
    n_regions = len(cls.region_defs)
    if not n_regions:
        lines += ["    if op.regions:", "        return False"]
    elif not all(f.arity == SINGLE for f in cls.region_defs):
        lines += ["    return False"]
    else:
        lines += ["    regions = op.regions", f"    if len(regions) != {n_regions}:", "        return False"]
        for i, rd in enumerate(cls.region_defs):
            if rd.constraint is not None:
                env[f"b{i}"] = rd.constraint
                lines += [f"    if len(regions[{i}].blocks) != b{i}:", "        return False"]
    if cls.successor_defs:
        lines += ["    return False"]
    else:
        lines += ["    return not op.successors"]
    exec(compiled("\n".join(lines)), env)  # noqa: S102 - the source is the fixed lines above
    fields: Callable[[Operation], bool] = env["fields"]
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
    groups: tuple[tuple[str, Sequence[Field], Any, Sequence[Any]], ...] = (
        ("operand", cls.operand_defs, op_segs, op._operands), ("result", cls.result_defs, res_segs, op.results))
    for what, defs, segs, values in groups:  # values: OpOperands, then OpResults
        for fd, (start, size) in zip(defs, segs):
            c = fd.constraint
            if c is None or c is AnyType:
                continue
            for i in range(start, start + size):
                v = values[i]
                t = v.value.type if what == "operand" else v.type
                if not c.check_type(t):
                    summary = c.summary if fd.arity != VARIADIC else f"variadic of {c.summary}"
                    raise op_error(op, f"{what} #{i} must be {summary}, but got '{t.text}'")
    # regions
    for i, rd in enumerate(cls.region_defs):
        if rd.constraint is None:
            continue
        regions = op.regions[i:] if rd.arity == VARIADIC else op.regions[i:i + 1]
        for j, r in enumerate(regions):
            if len(r.blocks) != rd.constraint:
                raise op_error(op, f"region #{i + j} ('{rd.name}') failed to verify constraint: region with "
                                   f"{rd.constraint} blocks")


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
