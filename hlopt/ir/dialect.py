"""A dialect: its name, ops, attributes, types, grammar and patterns, in
one object (MLIR's Dialect). A dialect module defines `DIALECT = Dialect(...)`;
a Context (hlopt.ir.context) imports the module on first use of the
namespace and reads that object.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from hlopt.ir.opdef import OpDef


@dataclass(frozen=True)
class Dialect:
    """name: the namespace; ops: op definition classes; attributes/types:
    classes with a `mnemonic` that parse/print/verify their parameters;
    grammar: a grammars/*.lark file composed with the core grammar for the
    dialect's custom op forms, with `syntax` mapping its rule names to
    callbacks `fn(session, children)`; materialize_constant(builder, attr,
    type, loc) makes the dialect's constant op for folded values;
    canonicalization_patterns apply to every op of the dialect;
    parse_attribute/parse_type build the dialect's structured attributes and types;
    allow_unknown_ops: ops not listed still parse (kept generic)."""

    name: str
    ops: Sequence[type[OpDef]] = ()
    attributes: Sequence[type] = ()
    types: Sequence[type] = ()
    grammar: str | None = None
    syntax: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    materialize_constant: Callable[..., Any] | None = None
    canonicalization_patterns: Sequence[Any] = ()
    allow_unknown_ops: bool = False
    # `#dialect...` / `!dialect...` spellings -> structured values (or None
    # to keep the spelling as an opaque value): MLIR's parseAttribute/parseType
    parse_attribute: Callable[[str], Any] | None = None
    parse_type: Callable[[str], Any] | None = None
    # MLIR's verifyOperationAttribute / verifyRegionArgAttribute /
    # verifyRegionResultAttribute: called by the verifier for each discardable
    # attribute named `<dialect>.x` on an op, and on the arguments/results of
    # a function-like op; they raise IRError. (op, name, attr) and
    # (op, region_index, arg_or_result_index, name, attr).
    verify_operation_attribute: Callable[..., None] | None = None
    verify_region_arg_attribute: Callable[..., None] | None = None
    verify_region_result_attribute: Callable[..., None] | None = None
    # MLIR's BytecodeDialectInterface: an object whose read_attribute(reader)
    # / read_type(reader) / read_properties(op_name, reader) decode the
    # dialect's own bytecode encodings (hlopt.syntax.bytecode)
    bytecode: Any = None

    def __post_init__(self) -> None:
        table = {}
        for op in self.ops:
            if not op.name.startswith(self.name + "."):
                raise ValueError(f"op '{op.name}' does not belong to dialect '{self.name}'")
            table[op.name] = op
        object.__setattr__(self, "op_table", MappingProxyType(table))
        object.__setattr__(self, "syntax", MappingProxyType(dict(self.syntax)))

    def lookup_op(self, name: str) -> type[OpDef] | None:
        return self.op_table.get(name)  # type: ignore[attr-defined]
