"""MLIR's declarative assembly format (ODS `assemblyFormat`), compiled from
the `assembly_format` string of an op definition into its parse, build and
print steps (hlopt.syntax.op_asm).

    class AddIOp(OpDef):
        assembly_format = "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)"

Directives: `$operand` `$attr` `$region` `$successor` variables, `type(...)`,
`operands`, `results`, `attr-dict`, `attr-dict-with-keyword`, `prop-dict`,
`regions`, `successors`, `functional-type(inputs, results)`, literals
(`` `:` ``, `` `to` ``, `` ` ` `` and `` `` `` for spacing), optional groups
`( ... )?` (with an else group `( ... ) : ( ... )?`) anchored by `^`, and
`custom<Name>(args)`, which calls `parse_Name(p) -> tuple` and
`print_Name(p, op, *args)` on the op class.

Types the format does not print are inferred as ODS infers them: from the
SameOperandsAndResultType / SameTypeOperands traits and from the op's
`type_inference` declarations (`AllTypesMatch`, `TypesMatchWith`).
Attributes print and parse through the op's `attr_syntax` entries
(`EnumKeyword`, `StrippedAttr`, ...) or in full.

Spacing follows MLIR's generated printer: whether a space goes before an
element is decided from the format alone (punctuation rules of
OpFormatGen), so it is computed when the format is compiled.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, cast

from hlopt.ir.attributes import Attribute, DenseArrayAttr, DictionaryAttr, IntegerAttr, UnitAttr
from hlopt.ir.core import Operation, Region
from hlopt.ir.opdef import OPTIONAL, VARIADIC
from hlopt.ir.types import IntegerType, Type
from hlopt.syntax.op_asm import AttrRef, OpAsmParser, OpAsmPrinter, OpAsmResolver
from hlopt.syntax.parser import ParseError


class FormatError(Exception):
    """A bad `assembly_format` (reported when the op's format is compiled)."""


# -- attribute syntaxes (how an attribute variable reads and prints) ----------------------------


class AttrSyntax:
    """Default: the attribute in full (`42 : i32`, `@callee`, `"s"`)."""

    typed = True

    def can_start(self, p: OpAsmParser) -> bool:
        c = p.text[p.pos:p.pos + 1]
        return bool(c) and c not in "%^)}],:{"

    def parse(self, p: OpAsmParser, name: str) -> Any:
        return p.parse_attribute(self.typed)

    def build(self, r: OpAsmResolver, value: Any) -> Attribute:
        return r.attr(value) if isinstance(value, AttrRef) else value

    def printable(self, a: Attribute) -> bool:
        return True

    def print(self, p: OpAsmPrinter, a: Attribute) -> None:
        p.print_attribute(a)


class EnumKeyword(AttrSyntax):
    """An integer enum attribute printed as its case's keyword (`slt`);
    `int_type` None is an i64 IntegerAttr without a written type."""

    def __init__(self, cases: Sequence[str], int_type: Type | None = None):
        self.cases = tuple(cases)
        self.int_type = int_type

    def can_start(self, p: OpAsmParser) -> bool:
        m = re.compile(r"[A-Za-z_]\w*").match(p.text, p.pos)
        return m is not None and m.group() in self.cases

    def parse(self, p: OpAsmParser, name: str) -> Any:
        at = p.pos
        w = p.parse_optional_keyword()
        if w is None:
            s = p.parse_optional_string()
            w = s[1:-1] if s is not None else None
        if w not in self.cases:
            raise p.error(f"expected string or keyword containing one of the following enum values for attribute "
                          f"'{name}' [{', '.join(self.cases)}]", at)
        return IntegerAttr(self.cases.index(w), self.int_type) if self.int_type is not None \
            else IntegerAttr(self.cases.index(w))

    def printable(self, a: Attribute) -> bool:
        return isinstance(a, IntegerAttr) and 0 <= a.value < len(self.cases) and \
            (self.int_type is None or a.type is self.int_type)

    def print(self, p: OpAsmPrinter, a: Attribute) -> None:
        p.print_alias_free(a, self.cases[cast(IntegerAttr, a).value])  # printable() checked it


class StrippedAttr(AttrSyntax):
    """A dialect attribute printed without its `#dialect.mnemonic` prefix
    (`<nsw>` for `#arith.overflow<nsw>`); `make(prefix, body)` builds it."""

    def __init__(self, prefix: str, make: Callable[[str], Attribute]):
        self.prefix = prefix
        self.make = make

    def can_start(self, p: OpAsmParser) -> bool:
        return p.peek("<")

    def parse(self, p: OpAsmParser, name: str) -> Any:
        body = p.parse_angle_body()
        if body is None:
            raise p.wrong_token("expected '<'")
        return self.make(body)

    def printable(self, a: Attribute) -> bool:
        return getattr(a, "text", "").startswith(self.prefix + "<")

    def print(self, p: OpAsmPrinter, a: Attribute) -> None:
        p.print_alias_free(a, a.text[len(self.prefix):])


class UnitKeyword(AttrSyntax):
    """A UnitAttr anchoring an optional group (`(`exact` $isExact^)?`): prints nothing."""

    def can_start(self, p: OpAsmParser) -> bool:
        return False

    def parse(self, p: OpAsmParser, name: str) -> Any:
        return UnitAttr()

    def printable(self, a: Attribute) -> bool:
        return isinstance(a, UnitAttr)

    def print(self, p: OpAsmPrinter, a: Attribute) -> None:
        pass


_DEFAULT_ATTR = AttrSyntax()


# -- type inference declarations -----------------------------------------------------------------


class AllTypesMatch:
    """ODS's AllTypesMatch<[names]>: operands, results or attributes (an
    attribute's own type) of one type; one printed type gives the others."""

    def __init__(self, *names: str):
        self.names = names


class TypesMatchWith:
    """ODS's TypesMatchWith: the type of `target` is `fn(type of source)`."""

    def __init__(self, source: str, target: str, fn: Callable[[Type], Type]):
        self.source, self.target, self.fn = source, target, fn


class FixedType:
    """ODS's buildable type (`I1:$condition`): the format need not print it."""

    def __init__(self, name: str, type: Type):
        self.name, self.type = name, type


# -- the format's elements -----------------------------------------------------------------------


class Element:
    space = False  # print a space before it (decided at compile time)


class Literal(Element):
    def __init__(self, text: str):
        self.text = text
        self.keyword = text[:1].isalpha() or text[:1] == "_"


class Space(Element):
    def __init__(self, text: str):
        self.text = text  # "" or " " or "\\n"


class OperandVar(Element):
    def __init__(self, name: str, index: int, field: Any):
        self.name, self.index, self.field = name, index, field


class AttrVar(Element):
    def __init__(self, name: str, field: Any, syntax: AttrSyntax):
        self.name, self.field, self.syntax = name, field, syntax


class RegionVar(Element):
    def __init__(self, name: str, index: int, field: Any):
        self.name, self.index, self.field = name, index, field


class SuccessorVar(Element):
    def __init__(self, name: str, index: int, field: Any):
        self.name, self.index, self.field = name, index, field


class TypeOf(Element):
    """type($x) / type(operands) / type(results): `target` is a variable name,
    "operands" or "results"."""

    def __init__(self, target: str):
        self.target = target


class FunctionalType(Element):
    def __init__(self, inputs: str, results: str):
        self.inputs, self.results = inputs, results


class Directive(Element):
    """attr-dict, attr-dict-with-keyword, prop-dict, operands, regions, successors."""

    def __init__(self, kind: str):
        self.kind = kind


class Custom(Element):
    def __init__(self, name: str, args: list[Element]):
        self.name, self.args = name, args
        # ODS's ref($x): already-parsed values handed to the parse function; `outs` are what it returns
        self.refs = [a.name for a in args if isinstance(a, Ref)]
        self.outs = [a for a in args if not isinstance(a, Ref)] if self.refs else args


class Optional(Element):
    def __init__(self, then: list[Element], else_: list[Element], anchor: Element):
        self.then, self.else_, self.anchor = then, else_, anchor


# -- compiling a format string -------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(`(?:[^`\\]|\\.)*`)|(\$[A-Za-z_]\w*)|([A-Za-z_][\w-]*)|(\^)|(\?)|([(),:<>]))")
_DIRECTIVES = ("attr-dict", "attr-dict-with-keyword", "prop-dict", "operands", "results", "regions", "successors")


class _Tokens:
    def __init__(self, fmt: str):
        self.fmt = fmt
        self.toks: list[tuple[str, int]] = []
        pos = 0
        while True:
            while pos < len(fmt) and fmt[pos].isspace():
                pos += 1
            if pos >= len(fmt):
                break
            m = _TOKEN.match(fmt, pos)
            if m is None:
                raise FormatError(f"unexpected character '{fmt[pos]}' in assembly format at offset {pos}")
            self.toks.append((m.group().strip(), pos))
            pos = m.end()
        self.i = 0

    def peek(self) -> str | None:
        return self.toks[self.i][0] if self.i < len(self.toks) else None

    def next(self) -> str:
        if self.i >= len(self.toks):
            raise FormatError("unexpected end of assembly format")
        t = self.toks[self.i][0]
        self.i += 1
        return t

    def expect(self, t: str, what: str) -> None:
        got = self.next()
        if got != t:
            raise FormatError(f"expected '{t}' {what}, got '{got}'")


class CompiledFormat:
    """One op's compiled format: its parse, build and print steps."""

    def __init__(self, d: Any):
        self.d = d
        self.fmt = d.assembly_format
        self.syntaxes: dict[str, AttrSyntax] = dict(getattr(d, "attr_syntax", {}) or {})
        self.operands = {f.name: (i, f) for i, f in enumerate(d.operand_defs)}
        self.results = {f.name: (i, f) for i, f in enumerate(d.result_defs)}
        self.attrs = {f.name: f for f in d.attr_defs}
        self.regions = {f.name: (i, f) for i, f in enumerate(d.region_defs)}
        # SingleBlockImplicitTerminator's terminator name: `$region` elides a bare
        # one when printing and adds it when parsing (MLIR's ensureTerminator)
        self.implicit_terminator = next((t.terminator for t in d.trait_objects
                                         if getattr(t, "name", None) == "SingleBlockImplicitTerminator"), None)
        self.successors = {f.name: (i, f) for i, f in enumerate(d.successor_defs)}
        # id(element list) -> (that list, its parse steps): the list is held, so its id stays its own
        self._parse_plans: dict[int, tuple] = {}
        self.bound: set[str] = set()  # variables printed by the format
        self.typed: set[str] = set()  # operands/results whose type the format prints
        self.has_attr_dict = False
        self.has_prop_dict = False
        self.all_operands = self.all_results_typed = self.all_operand_types = False
        toks = _Tokens(self.fmt)
        self.elements = self._elements(toks, top=True)
        if toks.peek() is not None:
            raise FormatError(f"unexpected '{toks.peek()}' in assembly format")
        self._check()
        self._spacing(self.elements, [True, False])
        self.elided = tuple(n for n in self.bound if n in self.attrs)
        self.segmented = "AttrSizedOperandSegments" in d.traits
        self.strict = bool(getattr(d, "asm_strict_properties", False))

    # -- format syntax ------------------------------------------------------------------------
    def _elements(self, toks: _Tokens, top: bool = False, in_optional: bool = False) -> list[Element]:
        out: list[Element] = []
        while True:
            t = toks.peek()
            if t is None or t == ")":
                if t == ")" and top:
                    raise FormatError("unexpected ')' in assembly format")
                return out
            out.append(self._element(toks, in_optional))

    def _element(self, toks: _Tokens, in_optional: bool) -> Element:
        t = toks.next()
        if t.startswith("`"):
            text = t[1:-1]
            if text in ("", " ", "\\n"):
                return Space(text)
            if not (re.fullmatch(r"[A-Za-z_][\w$.]*", text) or text in (
                    "->", ":", ",", "=", "<", ">", "(", ")", "[", "]", "{", "}", "*", "?", "+", "|", "...", "::")):
                raise FormatError(f"expected valid literal but got '{text}'")
            return Literal(text)
        if t.startswith("$"):
            el = self._variable(t[1:])
            return self._anchor(toks, el, in_optional)
        if t == "(":
            then = self._elements(toks, in_optional=True)
            toks.expect(")", "to end an optional group")
            else_: list[Element] = []
            if toks.peek() == ":":
                toks.next()
                toks.expect("(", "to start the else group")
                else_ = self._elements(toks, in_optional=True)
                toks.expect(")", "to end the else group")
            toks.expect("?", "after an optional group")
            return self._optional(then, else_)
        if t in _DIRECTIVES or t in ("type", "functional-type", "custom"):
            el = self._directive(t, toks)
            return self._anchor(toks, el, in_optional)
        raise FormatError(f"expected directive, literal, variable, or optional group, got '{t}'")

    def _anchor(self, toks: _Tokens, el: Element, in_optional: bool) -> Element:
        if toks.peek() == "^":
            toks.next()
            if not in_optional:
                raise FormatError("'^' is only valid within optional groups")
            el.anchored = True  # type: ignore[attr-defined]
        return el

    def _variable(self, name: str, bind: bool = True) -> Element:
        if bind and name in self.bound:
            raise FormatError(f"'{name}' is already bound")
        if name in self.operands:
            i, f = self.operands[name]
            el: Element = OperandVar(name, i, f)
        elif name in self.attrs:
            f = self.attrs[name]
            el = AttrVar(name, f, self.syntaxes.get(name, _DEFAULT_ATTR))
        elif name in self.regions:
            i, f = self.regions[name]
            el = RegionVar(name, i, f)
        elif name in self.successors:
            i, f = self.successors[name]
            el = SuccessorVar(name, i, f)
        elif name in self.results:
            raise FormatError(f"result variable '{name}' can only be used within a type directive")
        else:
            raise FormatError(f"expected variable to refer to an argument, region, result, or successor, "
                              f"got '{name}'")
        if bind:
            self.bound.add(name)
        return el

    def _type_target(self, toks: _Tokens) -> str:
        t = toks.next()
        if t in ("operands", "results"):
            if t == "operands":
                self.all_operand_types = True
            else:
                self.all_results_typed = True
            return t
        if not t.startswith("$"):
            raise FormatError(f"expected a variable, 'operands' or 'results' in a type directive, got '{t}'")
        name = t[1:]
        if name not in self.operands and name not in self.results:
            raise FormatError(f"type directive can only refer to operands and results, got '{name}'")
        if name in self.typed:
            raise FormatError("'type($" + name + ")' is already bound")
        self.typed.add(name)
        return name

    def _directive(self, t: str, toks: _Tokens) -> Element:
        if t == "type":
            toks.expect("(", "after 'type'")
            target = self._type_target(toks)
            toks.expect(")", "to end the type directive")
            return TypeOf(target)
        if t == "functional-type":
            toks.expect("(", "after 'functional-type'")
            a = self._type_target(toks)
            toks.expect(",", "between the inputs and results of 'functional-type'")
            b = self._type_target(toks)
            toks.expect(")", "to end the functional-type directive")
            return FunctionalType(a, b)
        if t == "custom":
            toks.expect("<", "after 'custom'")
            name = toks.next()
            toks.expect(">", "after the custom directive's name")
            toks.expect("(", "to start the custom directive's arguments")
            args: list[Element] = []
            while toks.peek() != ")":
                a = toks.next()
                if a.startswith("$"):
                    args.append(self._variable(a[1:]))
                elif a == "type":
                    toks.expect("(", "after 'type'")
                    args.append(TypeOf(self._type_target(toks)))
                    toks.expect(")", "to end the type directive")
                elif a == "ref":
                    args.append(_parse_ref(toks))
                elif a == "attr-dict":
                    self._attr_dict_once()
                    args.append(Directive(a))
                else:
                    raise FormatError(f"expected a variable or type directive as a custom directive argument, "
                                      f"got '{a}'")
                if toks.peek() == ",":
                    toks.next()
            toks.next()
            for fn in ("parse_" + name, "print_" + name):
                if not callable(getattr(self.d, fn, None)):
                    raise FormatError(f"custom directive '{name}' needs '{fn}' on {self.d.__name__}")
            return Custom(name, args)
        if t in ("attr-dict", "attr-dict-with-keyword"):
            self._attr_dict_once()
        elif t == "prop-dict":
            if self.has_prop_dict:
                raise FormatError("'prop-dict' directive has already been seen")
            self.has_prop_dict = True
        elif t == "operands":
            self.all_operands = True
        elif t == "results":
            raise FormatError("'results' directive can only be used as a child to a 'type' directive")
        return Directive(t)

    def _attr_dict_once(self) -> None:
        if self.has_attr_dict:
            raise FormatError("'attr-dict' directive has already been seen")
        self.has_attr_dict = True

    def _optional(self, then: list[Element], else_: list[Element]) -> Optional:
        if not then:
            raise FormatError("optional group has no elements")
        # (a nested optional group has its own anchor: MLIR looks at this group's elements only)
        anchors = [e for e in _flat([x for x in then if not isinstance(x, Optional)]) if getattr(e, "anchored", False)]
        if not anchors:
            raise FormatError("optional group has no anchor element")
        if len(anchors) > 1:
            raise FormatError("only one element can be marked as the anchor of an optional group")
        first = next((e for e in then if not isinstance(e, Space)), None)
        if not isinstance(first, (Literal, OperandVar, AttrVar, RegionVar, SuccessorVar, TypeOf, Custom,
                                  FunctionalType)) and not (isinstance(first, Directive) and first.kind in (
                                      "operands", "regions", "successors")):
            raise FormatError("first parsable element of an optional group must be a literal, variable, "
                              "or custom directive")
        if isinstance(first, OperandVar) and first.field.arity not in (OPTIONAL, VARIADIC):
            raise FormatError(f"first parsable element of an optional group must be optional: '${first.name}'")
        return Optional(then, else_, anchors[0])

    # -- checks -------------------------------------------------------------------------------
    def _check(self) -> None:
        d = self.d
        if not self.has_attr_dict and not self.has_prop_dict:
            raise FormatError("'attr-dict' directive not found in custom assembly format")
        if not self.all_operands:
            for name, (i, _f) in self.operands.items():
                if name not in self.bound:
                    raise FormatError(f"operand #{i}, named '{name}', not found")
        for name, (i, _f) in self.regions.items():
            if name not in self.bound and not any(isinstance(e, Directive) and e.kind == "regions"
                                                  for e in _flat(self.elements)):
                raise FormatError(f"region #{i}, named '{name}', not found")
        for name, (i, _f) in self.successors.items():
            if name not in self.bound and not any(isinstance(e, Directive) and e.kind == "successors"
                                                  for e in _flat(self.elements)):
                raise FormatError(f"successor #{i}, named '{name}', not found")
        known = self._inferable()
        for kind, group in (("operand", self.operands), ("result", self.results)):
            for name, (i, _f) in group.items():
                if name not in known:
                    raise FormatError(f"type of {kind} #{i}, named '{name}', is not buildable and a buildable "
                                      f"type cannot be inferred")
        del d

    def _inferable(self) -> set[str]:
        """The operands/results whose type the format prints or ODS infers."""
        known = set(self.typed)
        if self.all_operand_types:
            known |= set(self.operands)
        if self.all_results_typed:
            known |= set(self.results)
        attrs_typed = {n for n in self.bound if n in self.attrs}
        traits = self.d.traits
        rules = tuple(getattr(self.d, "type_inference", ()))
        known |= {r.name for r in rules if isinstance(r, FixedType)}
        changed = True
        while changed:
            changed = False
            everything = set(self.operands) | set(self.results)
            if "SameOperandsAndResultType" in traits and known & everything and not everything <= known:
                known |= everything
                changed = True
            if "SameTypeOperands" in traits and known & set(self.operands) and not set(self.operands) <= known:
                known |= set(self.operands)
                changed = True
            for r in rules:
                if isinstance(r, AllTypesMatch):
                    if (known | attrs_typed) & set(r.names) and not set(r.names) <= known | attrs_typed:
                        known |= set(r.names) - set(self.attrs)
                        changed = True
                elif isinstance(r, TypesMatchWith) and r.source in known | attrs_typed and r.target not in known:
                    known.add(r.target)
                    changed = True
        return known

    # -- spacing (MLIR's OpFormatGen: shouldEmitSpaceBefore & co) -------------------------------
    def _spacing(self, elements: list[Element], st: list[bool]) -> None:
        """st = [shouldEmitSpace, lastWasPunctuation], threaded through the
        format in order (optional groups' then and else elements included)."""
        for e in elements:
            if isinstance(e, Literal):
                v = e.text
                if len(v) != 1 and v != "->":
                    before = True
                elif st[1]:
                    before = v[0] not in ">)}],"
                else:
                    before = v[0] not in "<>(){}[],"
                e.space = st[0] and before
                st[0] = len(v) != 1 or v[0] not in "<({["
                st[1] = v[0] != "_" and not v[0].isalpha()
            elif isinstance(e, Space):
                st[1] = e.text == ""
                st[0] = False
            elif isinstance(e, AttrVar) and isinstance(e.syntax, UnitKeyword):
                continue  # an elided unit anchor: neither printed nor spaced (MLIR's elidedAnchorElement)
            elif isinstance(e, Optional):
                self._spacing(e.then, st)
                self._spacing(e.else_, st)
            elif isinstance(e, Directive) and e.kind in ("attr-dict", "attr-dict-with-keyword", "prop-dict"):
                st[1] = False
            else:
                e.space = st[0] or not st[1]
                st[1] = False
                st[0] = True

    # -- the three steps ----------------------------------------------------------------------
    def forms(self) -> tuple:
        return (self.parse, self.build, self.print)

    # parse: a dict of what was read, keyed by variable ("$x"), type slot ("type:x") and directive
    def parse(self, p: OpAsmParser) -> dict:
        st: dict[str, Any] = {"@pos": p.pos}
        self._parse_elements(self.elements, p, st)
        return st

    def _parse_elements(self, elements: list[Element], p: OpAsmParser, st: dict) -> None:
        hit = self._parse_plans.get(id(elements))
        if hit is None or hit[0] is not elements:
            hit = self._parse_plans[id(elements)] = (elements, self._parse_plan(elements))
        for step in hit[1]:
            step(p, st)

    def _parse_plan(self, elements: list[Element]) -> tuple:
        """The list's parse steps, each element's case chosen once (as print's
        closures): per op, only the parser calls are left."""
        return tuple(step for step in map(self._parse_step, elements) if step is not None)

    def _parse_step(self, e: Element) -> Any:
        if isinstance(e, Space):
            return None
        if isinstance(e, Literal):
            text = e.text
            if e.keyword:
                return lambda p, st: p.parse_keyword(text)
            if text != ":":  # (`:` before `::` takes _parse_element's case)
                return lambda p, st: p.parse_punct(text)
        if isinstance(e, OperandVar):
            key = "$" + e.name
            arity = e.field.arity
            if arity == VARIADIC:
                def operands(p: OpAsmParser, st: dict) -> None:
                    st[key] = p.parse_operand_list()
                return operands
            if arity == OPTIONAL:
                def optional_operand(p: OpAsmParser, st: dict) -> None:
                    u = p.parse_optional_operand()
                    st[key] = [u] if u is not None else []
                return optional_operand

            def operand(p: OpAsmParser, st: dict) -> None:
                st[key] = [p.parse_operand()]
            return operand
        if isinstance(e, AttrVar):
            key, name, syntax = "$" + e.name, e.name, e.syntax

            def attr(p: OpAsmParser, st: dict) -> None:
                st[key] = syntax.parse(p, name)
            return attr
        if isinstance(e, TypeOf):
            key, target = "type:" + e.target, e.target

            def types(p: OpAsmParser, st: dict) -> None:
                st[key] = self._parse_types(target, p)
            return types
        if isinstance(e, Directive) and e.kind == "attr-dict-with-keyword" and not self.strict:
            def attr_dict_with_keyword(p: OpAsmParser, st: dict) -> None:
                st["attr-dict"] = p.parse_optional_attr_dict_with_keyword()
            return attr_dict_with_keyword
        if isinstance(e, Optional):
            then, else_ = self._after_first(e.then), e.else_

            def group(p: OpAsmParser, st: dict) -> None:
                self._parse_elements(then if self._parse_optional_start(e, p, st) else else_, p, st)
            return group
        return lambda p, st: self._parse_element(e, p, st)

    def _parse_element(self, e: Element, p: OpAsmParser, st: dict) -> None:
        if isinstance(e, Literal):
            if e.keyword:
                p.parse_keyword(e.text)
            elif e.text == ":" and p.peek("::"):  # `:` `` `:` (hal.device.query): MLIR lexes `:` alone
                p._advance(p.pos + 1)
            else:
                p.parse_punct(e.text)
        elif isinstance(e, Space):
            pass
        elif isinstance(e, OperandVar):
            if e.field.arity == VARIADIC:
                st["$" + e.name] = p.parse_operand_list()
            elif e.field.arity == OPTIONAL:
                u = p.parse_optional_operand()
                st["$" + e.name] = [u] if u is not None else []
            else:
                st["$" + e.name] = [p.parse_operand()]
        elif isinstance(e, AttrVar):
            st["$" + e.name] = e.syntax.parse(p, e.name)
        elif isinstance(e, TypeOf):
            st["type:" + e.target] = self._parse_types(e.target, p)
        elif isinstance(e, FunctionalType):
            p.parse_punct("(")
            st["type:" + e.inputs] = p.parse_type_list()
            p.parse_punct(")")
            p.parse_punct("->")
            if p.peek("("):
                p.parse_punct("(")
                st["type:" + e.results] = p.parse_type_list()
                p.parse_punct(")")
            else:
                st["type:" + e.results] = [p.parse_type()]
        elif isinstance(e, Directive):
            k = e.kind
            if k == "attr-dict":
                if self.strict and p.peek("<") and not p.peek("<{"):
                    st["strict"] = p.parse_optional_prop_dict(struct=True)
                st["attr-dict"] = p.parse_optional_attr_dict()
            elif k == "attr-dict-with-keyword":
                if self.strict and p.peek("<") and not p.peek("<{"):  # (hal.executable.binary, hal.dispatch.extern)
                    st["strict"] = p.parse_optional_prop_dict(struct=True)
                st["attr-dict"] = p.parse_optional_attr_dict_with_keyword()
            elif k == "prop-dict":
                st["prop-dict"] = p.parse_optional_prop_dict()
            elif k == "operands":
                st["operands"] = p.parse_operand_list()
            elif k == "successors":
                st["successors"] = _parse_comma_list(p, p.parse_optional_successor, p.parse_successor)
            else:  # regions: a comma list of them
                st["regions"] = _parse_comma_list(p, p.parse_optional_region, p.parse_region)
        elif isinstance(e, SuccessorVar):
            if e.field.arity == VARIADIC:
                st["$" + e.name] = _parse_comma_list(p, p.parse_optional_successor, p.parse_successor)
            else:
                st["$" + e.name] = [p.parse_successor()]
        elif isinstance(e, RegionVar):
            if e.field.arity == VARIADIC:  # a comma list of regions, maybe none (scf.reduce's)
                st["$" + e.name] = _parse_comma_list(p, p.parse_optional_region, p.parse_region)
            else:
                st["$" + e.name] = [p.parse_region()]
        elif isinstance(e, Custom):
            vals = getattr(self.d, "parse_" + e.name)(p, *[st.get("$" + n, []) for n in e.refs])
            for a, v in zip(e.outs, vals):
                if isinstance(a, TypeOf):
                    st["type:" + a.target] = v if isinstance(v, list) else [v]
                elif isinstance(a, OperandVar):
                    st["$" + a.name] = v if isinstance(v, list) else ([v] if v is not None else [])
                elif isinstance(a, AttrVar):
                    st["$" + a.name] = v
                elif isinstance(a, Directive):
                    st["attr-dict"] = v
                else:
                    st["$" + getattr(a, "name", "?")] = v
        elif isinstance(e, Optional):
            if self._parse_optional_start(e, p, st):
                self._parse_elements(self._after_first(e.then), p, st)
            else:
                self._parse_elements(e.else_, p, st)

    def _parse_types(self, target: str, p: OpAsmParser) -> list:
        f = self._field(target)
        if f is None or f.arity == VARIADIC:
            return p.parse_type_list()
        if f.arity == OPTIONAL:
            t = p.parse_optional_type()
            return [t] if t is not None else []
        return [p.parse_type()]

    def _field(self, name: str) -> Any:
        if name in self.operands:
            return self.operands[name][1]
        if name in self.results:
            return self.results[name][1]
        return None

    @staticmethod
    def _after_first(then: list[Element]) -> list[Element]:
        for i, e in enumerate(then):
            if not isinstance(e, Space):
                return then[i + 1:]
        return []

    def _parse_optional_start(self, g: Optional, p: OpAsmParser, st: dict) -> bool:
        """Read the group's first element if it is there (MLIR's parseOptionalX)."""
        first = next(e for e in g.then if not isinstance(e, Space))
        if isinstance(first, Literal):
            return (p.parse_optional_keyword(first.text) is not None) if first.keyword \
                else p.parse_optional_punct(first.text)
        if isinstance(first, OperandVar):
            if first.field.arity == VARIADIC:
                vals = p.parse_operand_list()
                st["$" + first.name] = vals
                return bool(vals)
            u = p.parse_optional_operand()
            st["$" + first.name] = [u] if u is not None else []
            return u is not None
        if isinstance(first, AttrVar):
            if isinstance(first.syntax, UnitKeyword) or not first.syntax.can_start(p):
                return False
            st["$" + first.name] = first.syntax.parse(p, first.name)
            return True
        if isinstance(first, TypeOf):
            ts = p.parse_type_list()
            st["type:" + first.target] = ts
            return bool(ts)
        if isinstance(first, SuccessorVar):
            s = p.parse_optional_successor()
            if s is None:
                return False
            st["$" + first.name] = [s]
            return True
        if isinstance(first, Directive) and first.kind == "operands":
            vals = p.parse_operand_list()
            st["operands"] = vals
            return bool(vals)
        if isinstance(first, RegionVar):
            r = p.parse_optional_region()
            if r is None:
                return False
            st["$" + first.name] = [r]
            return True
        if isinstance(first, Custom):
            parse_optional = getattr(self.d, "parse_optional_" + first.name, None)
            if parse_optional is None:
                raise FormatError(f"custom directive '{first.name}' starting an optional group needs "
                                  f"'parse_optional_{first.name}'")
            got = parse_optional(p)
            if got is None:
                return False
            self._bind_custom(first, got, st)
            return True
        return False

    def _bind_custom(self, e: Custom, vals: Sequence[Any], st: dict) -> None:
        for a, v in zip(e.outs, vals):
            if isinstance(a, TypeOf):
                st["type:" + a.target] = v if isinstance(v, list) else [v]
            elif isinstance(a, OperandVar):
                st["$" + a.name] = v if isinstance(v, list) else ([v] if v is not None else [])
            elif isinstance(a, Directive):
                st["attr-dict"] = v
            else:
                # compile gives a custom directive only variables, type() and attr-dict
                assert isinstance(a, (AttrVar, RegionVar, SuccessorVar))
                st["$" + a.name] = v

    # build: decode, infer, resolve
    def _static_plan(self) -> list | None:
        """For formats whose operands and results are all single and named
        (no `operands`/`results` directives, no custom directive): the order
        in which unprinted types follow from printed ones, fixed at compile
        time. [(target, source, fn or None, source is an attribute)]; None
        when the types depend on what is present at parse time."""
        d = self.d
        if any(f.arity in (OPTIONAL, VARIADIC) for f in (*d.operand_defs, *d.result_defs)) or \
                self.all_operands or self.all_operand_types or self.all_results_typed or self.segmented or \
                self.regions or any(isinstance(e, Custom) for e in _flat(self.elements)):
            return None
        known = set(self.typed)
        attrs = {n for n in self.bound if n in self.attrs}
        names = list(self.operands) + list(self.results)
        rules = tuple(getattr(d, "type_inference", ()))
        plan: list = []
        for rule in rules:
            if isinstance(rule, FixedType) and rule.name not in known:
                plan.append((rule.name, None, lambda _t, t=rule.type: t, False))
                known.add(rule.name)
        changed = True
        while changed:
            changed = False
            groups: list[tuple[list[str], Any]] = []
            if "SameOperandsAndResultType" in d.traits:
                groups.append((names, None))
            if "SameTypeOperands" in d.traits:
                groups.append((list(self.operands), None))
            for rule in rules:
                if isinstance(rule, AllTypesMatch):
                    groups.append((list(rule.names), None))
                elif isinstance(rule, TypesMatchWith) and rule.target not in known and (
                        rule.source in known or rule.source in attrs):
                    plan.append((rule.target, rule.source, rule.fn, rule.source in attrs))
                    known.add(rule.target)
                    changed = True
            for group, _ in groups:
                src = next((n for n in group if n in known), None)
                src_attr = False
                if src is None:
                    src = next((n for n in group if n in attrs), None)
                    src_attr = True
                if src is None:
                    continue
                for n in group:
                    if n not in known and n not in self.attrs:
                        plan.append((n, src, None, src_attr))
                        known.add(n)
                        changed = True
        return plan

    _plan: Any = False

    def build(self, r: OpAsmResolver, st: dict) -> Operation:
        plan = self._plan
        if plan is False:
            plan = self._plan = self._static_plan()
            self._defaults = {f.name: f.default for f in self.d.attr_defs if f.default is not None} \
                if getattr(self.d, "asm_populate_defaults", True) else {}
            self._bound_attrs = tuple((n, self.syntaxes.get(n, _DEFAULT_ATTR)) for n in self.bound if n in self.attrs)
        if self._kinds:
            self._check_kinds(r, st)
        op = self._build_fixed(r, st, plan) if plan is not None else self._build_general(r, st)
        if self.implicit_terminator is not None and op.regions:
            _ensure_terminators(r, op, self.implicit_terminator)
        return op

    @property
    def _kinds(self) -> dict:
        return getattr(self.d, "asm_type_kinds", None) or {}

    def _check_kinds(self, r: OpAsmResolver, st: dict) -> None:
        """A printed type of a buildable kind (ODS's `type($x)` of an Index or
        dialect type) is read as that kind: MLIR's parseType<T> error."""
        for name, (kind, ok) in self._kinds.items():
            for ref in st.get("type:" + name, ()):
                t = r.type(ref)
                if not ok(t):
                    raise r.error(f"custom op '{self.d.name}' invalid kind of type specified: expected {kind}, "
                                  f"but found '{t.text}'", ref.pos)

    def _build_fixed(self, r: OpAsmResolver, st: dict, plan: list) -> Operation:
        dec = r.type
        types: dict[str, Any] = {}  # Types (None where a rule gives none)
        for k, v in st.items():
            if k[0] == "t":  # "type:<name>"
                types[k[5:]] = dec(v[0])
        attrs: dict[str, Any] = {}  # built attributes (typed ones carry .type)
        for name, syn in self._bound_attrs:
            v = st.get("$" + name)
            if v is not None:
                attrs[name] = syn.build(r, v)
        for target, source, fn, from_attr in plan:
            t = None if source is None else attrs[source].type if from_attr else types[source]
            types[target] = fn(t) if fn is not None else t
        operand = r.operand
        operands = [operand(st["$" + n][0], types[n]) for n in self.operands]
        props = dict(self._defaults)
        props.update(attrs)
        extra = st.get("attr-dict")
        dict_attrs: Any = None  # a DictionaryAttr
        if extra is not None:
            dict_attrs = r.attr(extra)
            p_, dict_attrs = r.split_attrs(self.d.name, dict_attrs)
            if p_ is not None:
                _strict_not(self, r, p_, extra)
                props.update(dict(p_.entries))
        if "strict" in st:
            props.update(_strict_read(self, r, st["strict"]))
        pd = st.get("prop-dict")
        if pd is not None:
            props.update(dict(cast(DictionaryAttr, r.attr(pd)).entries))
        successors = [r.successor(s) for n in self.successors for s in st.get("$" + n, [])]
        if "successors" in st:
            successors += [r.successor(s) for s in st["successors"]]
        return Operation(self.d.name, operands, [types[n] for n in self.results], props or None, dict_attrs, (),
                         successors)

    def _build_general(self, r: OpAsmResolver, st: dict) -> Operation:
        d = self.d
        types: dict[str, list[Type]] = {}
        for k, v in st.items():
            if k.startswith("type:"):
                types[k[5:]] = r.types(v)
        # (an operand named `operands` or `results` is a variable, not the directive: func.return, scf.yield)
        if self.all_results_typed and "results" in types:
            rt = types.pop("results")
            if len(self.results) == 1:
                types[next(iter(self.results))] = rt
            else:
                for name, (i, _f) in self.results.items():
                    if i < len(rt):
                        types[name] = [rt[i]]
        # after type(results): an operand group may itself be named `results` (mhlo.return)
        if self.all_operand_types and "operands" in types:  # type(operands) spreads over the declared groups
            types.update(self._spread(types.pop("operands"), st))
        attrs: dict[str, Attribute] = {}
        for name in self.attrs:
            v = st.get("$" + name)
            if v is not None:
                f = self.attrs[name]
                syn = self.syntaxes.get(name, _DEFAULT_ATTR)
                attrs[name] = syn.build(r, v)
                del f
        printed = set(types)
        self._infer(types, attrs, st)
        operands = []
        refs = self._operand_refs(st)
        for name, (_i, f) in self.operands.items():
            us = refs.get(name, [])
            ts = types.get(name)
            if ts is None:
                if not us and f.arity in (OPTIONAL, VARIADIC):
                    continue
                raise r.error(f"type of operand '{name}' could not be inferred", st["@pos"])
            pos = us[0].pos if us else st["@pos"]
            if name not in printed and f.arity in (OPTIONAL, VARIADIC) and len(ts) != len(us):
                if name in st.get("@listed", ()):  # TypesMatchWith gave one type per operand
                    raise r.error(f"custom op '{d.name}' number of operands and types do not match: got "
                                  f"{len(us)} operands and {len(ts)} types", pos)
                ts = ts * len(us)  # an inferred (buildable) type is every operand's of the group
            if name in printed and f.arity == VARIADIC and len(ts) != len(us):  # MLIR's resolveOperands(.., loc, ..)
                raise r.error(f"custom op '{d.name}' number of operands and types do not match: got {len(us)} "
                              f"operands and {len(ts)} types", pos)
            operands.extend(r.operands(us, ts, pos))
        result_types: list[Type] = []
        for name, (_i, f) in self.results.items():
            ts = types.get(name)
            if ts is None:
                if f.arity in (OPTIONAL, VARIADIC) and name in self.typed:
                    continue  # its type is in an optional group that is absent: no result
                raise r.error(f"type of result '{name}' could not be inferred", st["@pos"])
            result_types.extend(ts)
        props: dict[str, Attribute] = {f.name: f.default for f in d.attr_defs if f.default is not None} \
            if getattr(d, "asm_populate_defaults", True) else {}
        props.update(attrs)
        if self.segmented:
            sizes = [len(refs.get(n, [])) for n in self.operands]
            props["operandSegmentSizes"] = DenseArrayAttr(IntegerType(32), sizes)
        extra = st.get("attr-dict")
        dict_attrs: Any = r.attr(extra) if extra is not None else None  # a DictionaryAttr
        pd = st.get("prop-dict")
        if pd is not None:
            props.update(dict(cast(DictionaryAttr, r.attr(pd)).entries))
        if dict_attrs is not None:
            p_, dict_attrs = r.split_attrs(d.name, dict_attrs)
            if p_ is not None:
                _strict_not(self, r, p_, extra)
                props.update(dict(p_.entries))
        if "strict" in st:
            props.update(_strict_read(self, r, st["strict"]))
        successors = [r.successor(s) for n in self.successors for s in st.get("$" + n, [])]
        successors += [r.successor(s) for s in st.get("successors", [])]
        regions = st.get("regions")
        if regions is None:
            # a region the text leaves out (an optional group's) is an empty region in its own
            # slot, as MLIR's (hal.executable.export's count region absent, its condition there)
            regions = []
            for n, (_i, f) in self.regions.items():
                got = st.get("$" + n)
                regions.extend(got if got else [] if f.arity == VARIADIC else [Region()])
        return Operation(d.name, operands, result_types, props or None, dict_attrs, regions, successors)

    def _operand_refs(self, st: dict) -> dict[str, list]:
        if "operands" not in st:
            return {n: st.get("$" + n, []) for n in self.operands}
        allops = st["operands"]
        out: dict[str, list] = {}
        fixed = sum(1 for _, f in self.operands.values() if f.arity not in (OPTIONAL, VARIADIC))
        spare = len(allops) - fixed
        k = 0
        for name, (_i, f) in self.operands.items():
            n = 1 if f.arity not in (OPTIONAL, VARIADIC) else max(spare, 0)
            if f.arity in (OPTIONAL, VARIADIC):
                spare = 0
            out[name] = allops[k:k + n]
            k += n
        return out

    def _spread(self, ts: list[Type], st: dict) -> dict[str, list[Type]]:
        refs = self._operand_refs(st)
        out, k = {}, 0
        for name in self.operands:
            n = len(refs.get(name, []))
            out[name] = ts[k:k + n]
            k += n
        return out

    def _infer(self, types: dict[str, list[Type]], attrs: dict[str, Attribute], st: dict) -> None:
        traits = self.d.traits
        names = list(self.operands) + list(self.results)
        rules = tuple(getattr(self.d, "type_inference", ()))

        def one(name: str) -> Type | None:
            if name in attrs:
                return getattr(attrs[name], "type", None)
            ts = types.get(name)
            return ts[0] if ts else None

        refs = self._operand_refs(st) if any(isinstance(r, FixedType) for r in rules) else {}
        for rule in rules:
            if isinstance(rule, FixedType):  # one type per operand the group has (optional/variadic)
                types.setdefault(rule.name, [rule.type] * (len(refs[rule.name]) if rule.name in refs else 1))
        for _ in range(3):
            if "SameOperandsAndResultType" in traits:
                t = next((one(n) for n in names if one(n) is not None), None)
                if t is not None:
                    for n in names:
                        types.setdefault(n, [t])
            if "SameTypeOperands" in traits:
                t = next((one(n) for n in self.operands if one(n) is not None), None)
                if t is not None:
                    for n in self.operands:
                        types.setdefault(n, [t])
            for rule in rules:
                if isinstance(rule, AllTypesMatch):
                    # variadic groups match as whole type lists (ODS compares the ranges)
                    first = next((n for n in rule.names if one(n) is not None), None)
                    if first is None and _empty_group(self, rule.names, st):
                        for n in rule.names:  # an empty variadic group: the others are empty too
                            types.setdefault(n, [])
                        continue
                    if first is not None:
                        ts = types[first] if first in types else [cast(Type, one(first))]
                        for n in rule.names:
                            if n not in self.attrs:
                                types.setdefault(n, list(ts))
                elif isinstance(rule, TypesMatchWith):
                    t = one(rule.source)
                    if t is not None and rule.target not in types:
                        v = rule.fn(t)
                        if isinstance(v, list):  # one type per operand of a variadic group
                            st.setdefault("@listed", set()).add(rule.target)
                            types[rule.target] = v
                        else:
                            types[rule.target] = [v]

    # print
    def print(self, op: Operation, p: OpAsmPrinter) -> bool:
        fast = self._fast
        if fast is None:
            self._setup_print()
            fast = self._fast
            assert fast is not None  # _setup_print set it
        entries = op.properties.entries
        if entries:
            allowed = self._allowed
            for k, v in entries:
                syn = allowed.get(k, allowed)
                if syn is allowed:
                    return False  # a property no declaration names: only the generic form keeps it
                if syn is not None and not syn.printable(v):
                    return False
        check = self._check_fn
        if check is not None and not check(op):
            return False
        self._groups_op = None  # (an op printed before may have changed since)
        if type(p) is OpAsmPrinter:  # text: the format's elements as closures (the hot path)
            parts = p.parts
            for f in fast:
                if f.__class__ is str:  # literal text, spacing folded in
                    parts.append(f)
                else:
                    f(op, p)
        else:  # the alias visitor: the same elements, interpreted
            self._print_elements(self.elements, op, p)
        return True

    _fast: list | None = None
    _groups_op: Operation | None = None
    _groups: dict = {}

    def _setup_print(self) -> None:
        # property name -> the syntax checking its value (None: printed in attr-dict)
        self._allowed: dict[str, Any] = {n: (self.syntaxes.get(n, _DEFAULT_ATTR) if n in self.bound else None)
                                         for n in self.attrs}
        if self.segmented:
            self._allowed["operandSegmentSizes"] = None
        self._check_fn = getattr(self.d, "asm_printable", None)
        fast: list = []
        for e in self.elements:  # runs of literals (and spaces) print as one string
            if isinstance(e, Literal) or (isinstance(e, Space) and e.text in ("", " ")):
                text = (" " if e.space else "") + e.text if isinstance(e, Literal) else e.text
                if fast and fast[-1].__class__ is str:
                    fast[-1] += text
                elif text:
                    fast.append(text)
            else:
                fast.append(self._closure(e))
        self._fast = fast

    def _closure(self, e: Element) -> Callable[[Operation, OpAsmPrinter], None]:
        """One element's printer, specialized at compile time (spacing folded
        into its text; operands and results of fixed position read by index)."""
        sp = " " if e.space else ""
        fixed_operands = all(f.arity not in (OPTIONAL, VARIADIC) for f in self.d.operand_defs)
        fixed_results = all(f.arity not in (OPTIONAL, VARIADIC) for f in self.d.result_defs)
        if isinstance(e, Literal):
            text = sp + e.text
            return lambda op, p: p.parts.append(text)
        if isinstance(e, OperandVar) and fixed_operands:
            i = e.index

            def operand(op: Operation, p: OpAsmPrinter) -> None:
                p.parts.append(sp + p.p.value(op._operands[i].value))
            return operand
        if isinstance(e, TypeOf) and e.target in self.operands and fixed_operands:
            i = self.operands[e.target][0]

            def operand_type(op: Operation, p: OpAsmPrinter) -> None:
                t = op._operands[i].value.type
                p.parts.append(sp + (t.text if not t.has_alias_parts else p.p.type_text(t)))
            return operand_type
        if isinstance(e, TypeOf) and e.target in self.results and fixed_results:
            i = self.results[e.target][0]

            def result_type(op: Operation, p: OpAsmPrinter) -> None:
                t = op.results[i].type
                p.parts.append(sp + (t.text if not t.has_alias_parts else p.p.type_text(t)))
            return result_type
        if isinstance(e, Directive) and e.kind == "attr-dict" and not self.has_prop_dict:
            elided = tuple(self.elided) + (("operandSegmentSizes",) if self.segmented else ())
            defaults = {f.name: f.default for f in self.d.attr_defs if f.default is not None}

            def attr_dict(op: Operation, p: OpAsmPrinter) -> None:
                if self.strict:
                    self._print_attr_dict(op, p, False)
                    return
                for k, v in op.properties.entries:
                    if k not in elided and defaults.get(k) != v:
                        self._print_attr_dict(op, p, False)
                        return
                if op.attributes.entries:
                    p.parts.append(p.p.attr_dict(op.attributes, elided))
            return attr_dict
        if isinstance(e, AttrVar) and not isinstance(e.syntax, UnitKeyword):
            name, syn = e.name, e.syntax

            def attr_var(op: Operation, p: OpAsmPrinter) -> None:
                a = op.properties.get(name)
                if a is None:
                    a = op.attributes.get(name)
                if a is not None:
                    if sp:
                        p.parts.append(sp)
                    syn.print(p, a)
            return attr_var
        if isinstance(e, FunctionalType) and e.inputs == "operands" and e.results == "results":

            def functional(op: Operation, p: OpAsmPrinter) -> None:
                if sp:
                    p.parts.append(sp)
                p.print_functional_type(op.operand_types, op.result_types)
            return functional
        if isinstance(e, Custom):
            fn = getattr(self.d, "print_" + e.name)
            getters = [self._custom_getter(a, fixed_operands, fixed_results) for a in e.args]

            def custom(op: Operation, p: OpAsmPrinter) -> None:
                if sp:
                    p.parts.append(sp)
                fn(p, op, *[g(op) for g in getters])
            return custom
        if isinstance(e, Optional):
            then = [self._closure(x) for x in e.then]
            else_ = [self._closure(x) for x in e.else_]
            anchor = e.anchor

            def optional(op: Operation, p: OpAsmPrinter) -> None:
                for f in (then if self._present(anchor, op) else else_):
                    f(op, p)
            return optional
        return self._closure_general(e, sp)

    def _closure_general(self, e: Element, sp: str) -> Callable[[Operation, OpAsmPrinter], None]:
        """Closures for variadic groups, functional types and custom
        directives (read through the op's declared accessors)."""
        get = self._get
        defs = self.d.operand_defs
        groups = [f for f in defs if f.arity in (OPTIONAL, VARIADIC)]
        if not self.segmented and len(groups) == 1 and (
                isinstance(e, OperandVar) or (isinstance(e, TypeOf) and e.target in self.operands)):
            # one variable-length group and no segment sizes: a slice of the operands
            name = e.name if isinstance(e, OperandVar) else e.target
            i = self.operands[name][0]
            g = defs.index(groups[0])
            after = len(defs) - i - 1
            if i != g:  # a single operand around the group: its place counted from either end
                lo = i if i < g else None

                def one(op: Operation) -> list:
                    k = lo if lo is not None else len(op._operands) - after - 1
                    return [op._operands[k].value]
                vals = one
            else:
                def vals(op: Operation) -> list:
                    return [u.value for u in op._operands[i:len(op._operands) - after]]
            if isinstance(e, OperandVar):
                return lambda op, p: p.parts.append(sp + p.p.values(vals(op)))
            return lambda op, p: p.parts.append(sp + p.p.types([v.type for v in vals(op)]))
        if isinstance(e, OperandVar):
            name = e.name

            def operands(op: Operation, p: OpAsmPrinter) -> None:
                p.parts.append(sp + p.p.values(get(op, name)))
            return operands
        if isinstance(e, TypeOf) and e.target not in ("operands", "results"):
            target = e.target

            def types(op: Operation, p: OpAsmPrinter) -> None:
                p.parts.append(sp + p.p.types([v.type for v in get(op, target)]))
            return types
        if isinstance(e, Custom):
            fn = getattr(self.d, "print_" + e.name)
            args = e.args
            arg = self._custom_arg

            def custom(op: Operation, p: OpAsmPrinter) -> None:
                if sp:
                    p.parts.append(sp)
                fn(p, op, *[arg(op, a) for a in args])
            return custom
        if isinstance(e, Space):
            if e.text == "\\n":  # MLIR's printNewline: the line break takes the op's indentation
                return lambda op, p: p.print_newline()
            text = " " if e.text == " " else ""
            return lambda op, p: p.parts.append(text)
        return lambda op, p: self._print_elements([e], op, p)

    def _custom_getter(self, a: Element, fixed_operands: bool, fixed_results: bool) -> Callable[[Operation], Any]:
        """What a custom directive's printer gets for argument `a`, read by
        index where the position is fixed (the printing hot path)."""
        if isinstance(a, TypeOf) and a.target in self.operands and fixed_operands:
            i = self.operands[a.target][0]
            return lambda op: [op._operands[i].value.type]
        if isinstance(a, TypeOf) and a.target in self.results and fixed_results:
            j = self.results[a.target][0]
            return lambda op: [op.results[j].type]
        return lambda op: self._custom_arg(op, a)

    def _print_elements(self, elements: list[Element], op: Operation, p: OpAsmPrinter) -> None:
        for e in elements:
            if isinstance(e, Optional):
                if self._present(e.anchor, op):
                    self._print_elements(e.then, op, p)
                else:
                    self._print_elements(e.else_, op, p)
                continue
            if isinstance(e, Space):
                if e.text == " ":
                    p.write(" ")
                elif e.text == "\\n":
                    p.print_newline()
                continue
            if isinstance(e, Directive) and e.kind in ("attr-dict", "attr-dict-with-keyword"):
                self._print_attr_dict(op, p, e.kind == "attr-dict-with-keyword")
                continue
            if isinstance(e, Directive) and e.kind == "prop-dict":
                p.print_prop_dict(op.properties)
                continue
            if isinstance(e, AttrVar) and isinstance(e.syntax, UnitKeyword):
                continue
            if e.space:
                p.write(" ")
            if isinstance(e, Literal):
                p.write(e.text)
            elif isinstance(e, OperandVar):
                p.print_operands(self._get(op, e.name))
            elif isinstance(e, AttrVar):
                a = self._attr(op, e.name)
                if a is not None:
                    e.syntax.print(p, a)
            elif isinstance(e, TypeOf):
                p.print_types(self._types(op, e.target))
            elif isinstance(e, FunctionalType):
                p.print_functional_type(self._types(op, e.inputs), self._types(op, e.results))
            elif isinstance(e, SuccessorVar):
                _print_comma_list(p, self._get(op, e.name), p.print_successor)
            elif isinstance(e, Directive):
                if e.kind == "operands":
                    p.print_operands(op.operands)
                elif e.kind == "successors":
                    _print_comma_list(p, op.successors, p.print_successor)
                elif e.kind == "regions":
                    _print_comma_list(p, op.regions, lambda r: p.print_region(
                        r, True, self.implicit_terminator is None or _prints_terminator(r)))
            elif isinstance(e, RegionVar):
                if e.field.arity == VARIADIC:
                    _print_comma_list(p, op.regions[e.index:], lambda r: p.print_region(r, True, True))
                else:
                    rg = op.regions[e.index]
                    p.print_region(rg, True, self.implicit_terminator is None or _prints_terminator(rg))
            elif isinstance(e, Custom):
                getattr(self.d, "print_" + e.name)(p, op, *[self._custom_arg(op, a) for a in e.args])

    def _custom_arg(self, op: Operation, a: Element) -> Any:
        if isinstance(a, TypeOf):
            return self._types(op, a.target)
        if isinstance(a, AttrVar):
            return self._attr(op, a.name)
        if isinstance(a, Directive):
            return op.attributes
        return self._get(op, getattr(a, "name", ""))

    def _print_attr_dict(self, op: Operation, p: OpAsmPrinter, keyword: bool) -> None:
        if self.has_prop_dict:  # the inherent attributes went to prop-dict
            p.print_optional_attr_dict(op.attributes, (), keyword)
            return
        elided = list(self.elided)
        if self.segmented:
            elided.append("operandSegmentSizes")
        props = op.properties
        extra = []
        for k, v in props.entries:
            if k in elided:
                continue
            f = self.attrs.get(k)
            if f is not None and f.default is not None and v == f.default:
                continue
            extra.append((k, v))
        if self.strict:  # the inherent attributes go in `<...>`, the discardable ones in `{...}`
            if extra:
                _strict_print(self, p, extra)
            p.print_optional_attr_dict(op.attributes, (), keyword)
            return
        if extra:
            merged = DictionaryAttr(sorted(extra + list(op.attributes.entries), key=lambda kv: kv[0]))
            p.print_optional_attr_dict(merged, elided, keyword)
        else:
            p.print_optional_attr_dict(op.attributes, elided, keyword)

    def _get(self, op: Operation, name: str) -> list:
        if name in self.operands:
            if self._groups_op is not op:  # the op's operand groups, split once per print
                vals = op.operands
                self._groups = {n: vals[a:a + k] for n, (a, k) in zip(self.operands, self.d.operand_segments(op))}
                self._groups_op = op
            return self._groups[name]
        v = self.d.get(op, name)
        if v is None:
            return []
        return list(v) if isinstance(v, (list, tuple)) else [v]

    def _attr(self, op: Operation, name: str) -> Attribute | None:
        v = op.properties.get(name)
        return v if v is not None else op.attributes.get(name)

    def _types(self, op: Operation, target: str) -> list[Type]:
        if target in self.operands and not self.all_operand_types:  # a variable (scf.yield's `results`)
            return [v.type for v in self._get(op, target)]
        if target == "operands":
            return [v.type for v in op.operands]
        if target == "results" and (self.all_results_typed or target not in self.results):
            return [r.type for r in op.results]
        return [v.type for v in self._get(op, target)]  # (a result variable may be named `results`)

    def _present(self, anchor: Element, op: Operation) -> bool:
        if isinstance(anchor, AttrVar):
            a = self._attr(op, anchor.name)
            return a is not None and (anchor.field.default is None or a != anchor.field.default)
        if isinstance(anchor, (OperandVar, SuccessorVar)):
            return bool(self._get(op, anchor.name))
        if isinstance(anchor, TypeOf):
            return bool(self._types(op, anchor.target))
        if isinstance(anchor, RegionVar):
            return anchor.index < len(op.regions) and bool(op.regions[anchor.index].blocks)
        if isinstance(anchor, Directive):
            return bool(op.operands) if anchor.kind == "operands" else bool(op.successors)
        if isinstance(anchor, Custom):
            if anchor.args and isinstance(anchor.args[0], RegionVar):  # a region is there when it has blocks
                return self._present(anchor.args[0], op)
            return bool(anchor.args) and bool(self._custom_arg(op, anchor.args[0]))
        return True


def _flat(elements: list[Element]) -> list[Element]:
    out = []
    for e in elements:
        out.append(e)
        if isinstance(e, Optional):
            out.extend(_flat(e.then))
            out.extend(_flat(e.else_))
        elif isinstance(e, Custom):
            out.extend(e.args)
    return out


def compile_format(d: Any) -> CompiledFormat:
    """Compile `d.assembly_format`; a FormatError names the op."""
    try:
        return CompiledFormat(d)
    except FormatError as e:
        raise FormatError(f"{d.name}: {e}") from None


def check_parse(d: Any, text: str) -> None:
    """Raise ParseError if `text` (the op's text after its name) does not read
    as `d`'s form (a helper for tests of the parse step alone)."""
    p = OpAsmParser(text, 0, d.name)
    compile_format(d).parse(p)
    if not p.at_end():
        raise ParseError("unexpected text after the op", p.pos)


def _parse_comma_list(p: OpAsmParser, parse_optional: Callable[[], Any], parse: Callable[[], Any]) -> list:
    """`x (`,` x)*` or nothing: an optional first element, then required ones
    after each comma (successor and region lists)."""
    out = []
    x = parse_optional()
    while x is not None:
        out.append(x)
        x = parse() if p.parse_optional_punct(",") else None
    return out


def _print_comma_list(p: OpAsmPrinter, items: Sequence[Any], print_one: Callable[[Any], None]) -> None:
    for i, x in enumerate(items):
        if i:
            p.write(", ")
        print_one(x)


def _prints_terminator(region: Region) -> bool:
    """ODS's region printer for an op with SingleBlockImplicitTerminator: the
    terminator is printed unless it has no operands, results or attributes."""
    if not region.blocks:
        return True
    t = region.blocks[0].last_op
    return t is None or bool(t.operands or t.results or t.attributes.entries or t.properties.entries)


def _ensure_terminators(r: Any, op: Operation, terminator: str) -> None:
    """MLIR's ensureTerminator on each parsed region: an empty region gets a
    block, a block without a terminator gets `terminator` (located at `op`)."""
    from hlopt.ir.opdef import lookup_op

    for region in op.regions:
        b = region.blocks[0] if region.blocks else region.add_block()
        last = b.last_op
        if last is None or not last.has_trait("Terminator"):
            d = lookup_op(terminator)  # (built without operands, as ODS's no-argument builder)
            t = b.append(d(d.name) if d is not None else Operation(terminator))
            r.at_end(lambda t=t: setattr(t, "location", op.location))


# -- strict properties (IREE's util and hal dialects) ----------------------------------------
# An op class with `asm_strict_properties = True` reads and prints the inherent attributes its
# format does not name in `<a = 1, b = "x">` before the attribute dictionary (ODS's attr-dict
# under strict properties); the dictionary then holds discardable attributes only. An
# IndexAttr prints without its type (the property knows it).


def _strict_untyped(f: Any) -> bool:
    from hlopt.ir.constraints import IndexAttr

    return f is not None and f.constraint is IndexAttr


def _strict_not(self: CompiledFormat, r: OpAsmResolver, inherent: DictionaryAttr, ref: Any) -> None:
    if not self.strict or not inherent.entries:
        return
    k = inherent.entries[0][0]
    raise r.error(f"custom op '{self.d.name}' inherent attribute '{k}' cannot be parsed from attr-dict when strict "
                  f"properties in assembly format is enabled", ref.pos)


def _strict_read(self: CompiledFormat, r: OpAsmResolver, ref: Any) -> dict[str, Attribute]:
    from hlopt.ir.types import IndexType

    out: dict[str, Attribute] = {}
    for k, v in cast(DictionaryAttr, r.attr(ref)).entries:
        if k not in self.attrs:  # MLIR's properties struct has no place for it
            m = re.search(rf"[{{,\s]\"?{re.escape(k)}\b", ref.text)
            raise r.error(f"custom op '{self.d.name}' duplicate or unknown property in properties dictionary: {k}",
                          ref.pos + (m.start() + 1 if m else 0))
        if isinstance(v, IntegerAttr) and _strict_untyped(self.attrs.get(k)) and not isinstance(v.type, IndexType):
            v = IntegerAttr(v.value, IndexType())  # written without its type
        out[k] = v
    return out


def _strict_print(self: CompiledFormat, p: OpAsmPrinter, entries: list) -> None:
    order = {f.name: i for i, f in enumerate(self.d.attr_defs)}  # the properties struct's order
    entries = sorted(entries, key=lambda kv: order.get(kv[0], len(order)))
    p.write(" <")
    for i, (k, v) in enumerate(entries):
        if i:
            p.write(", ")
        p.write(k)
        if isinstance(v, UnitAttr):
            continue
        p.write(" = ")
        if isinstance(v, IntegerAttr) and _strict_untyped(self.attrs.get(k)):
            p.print_alias_free(v, str(v.value))
        else:
            p.print_attribute(v)
    p.write(">")


def _empty_group(self: CompiledFormat, names: Sequence[str], st: dict) -> bool:
    """Whether one of `names` is a variadic operand group read with no operands."""
    return any(n in self.operands and self.operands[n][1].arity == VARIADIC and "$" + n in st and not st["$" + n]
               for n in names)


class Ref(Element):
    """ODS's `ref($x)` as a custom directive argument: the parse function
    receives the values already read for `$x`, the print function `$x`'s
    values, and the directive does not print `$x`."""

    def __init__(self, name: str):
        self.name = name


def _parse_ref(toks: Any) -> Ref:
    toks.expect("(", "after 'ref'")
    a = toks.next()
    if not a.startswith("$"):
        raise FormatError(f"expected a variable in 'ref', got '{a}'")
    toks.expect(")", "to end the ref directive")
    return Ref(a[1:])
