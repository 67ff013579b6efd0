"""Pass base class: a dataclass whose fields are the pass options."""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from dataclasses import dataclass, field
from typing import Any, ClassVar

from hlopt.ir.core import IRError, Operation


class PassFailure(Exception):
    """Raised by a pass to stop the pipeline with a diagnostic."""

    def __init__(self, message: str, op: Operation | None = None, notes: list | None = None,
                 errors: list | None = None):
        super().__init__(message)
        # errors: (message, op) pairs reported before this one (MLIR passes may emit several)
        self.message, self.op, self.notes, self.errors = message, op, notes or [], errors or []


@dataclass
class Pass:
    """Subclass as a @dataclass; each field is an option (`num_streams`
    is spelled `num-streams` on the command line). Fields may carry
    `metadata={"help": "..."}`."""

    argument: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    anchor: ClassVar[str | None] = None  # op name the pass runs on; None: any op
    # the name MLIR reports (IR dumps, statistics) where it differs from the class name
    mlir_name: ClassVar[str | None] = None
    statistics: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    # the running pass manager's instrumentations, which a pipeline the pass
    # runs itself inherits (MLIR's Pass::runPipeline)
    instrumentations: list = field(default_factory=list, init=False, repr=False, compare=False)
    statistic_help: ClassVar[dict[str, str]] = {}

    def run(self, op: Operation) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def fail(self, message: str, op: Operation | None = None, notes: list | None = None,
             errors: list | None = None) -> typing.NoReturn:
        raise PassFailure(message, op, notes, errors)

    def stat(self, name: str, n: int = 1) -> None:
        self.statistics[name] = self.statistics.get(name, 0) + n

    # options -------------------------------------------------------------------
    @classmethod
    def option_fields(cls) -> list[dataclasses.Field]:
        return [f for f in dataclasses.fields(cls) if f.init]

    @classmethod
    def from_options(cls, options: dict[str, str]) -> "Pass":
        fields = {f.name.replace("_", "-"): f for f in cls.option_fields()}
        kwargs: dict[str, Any] = {}
        for k, v in options.items():
            f = fields.get(k)
            if f is None:
                from hlopt.passes.registry import closest_names

                known = ", ".join(sorted(fields)) or "none"
                near = closest_names(k, sorted(fields))
                hint = "; did you mean " + " or ".join(f"'{x}'" for x in near) + "?" if near else ""
                raise ValueError(f"unknown option '{k}' for pass '{cls.argument}' (options: {known}{hint})")
            kwargs[f.name] = _convert(v, f, cls.argument, cls)
        p = cls(**kwargs)
        p.check_options()
        return p

    def check_options(self) -> None:
        """Reject option values outside a field's `metadata["choices"]` (an
        iterable, or a callable returning one; a list option checks each
        item) with the registry's message shape, so a bad value is a
        command-line error whoever finds it. Passes may extend this."""
        for f in self.option_fields():
            choices = f.metadata.get("choices") if f.metadata else None
            if choices is None:
                continue
            allowed = [str(c) for c in (choices() if callable(choices) else choices)]
            value = getattr(self, f.name)
            for v in value if isinstance(value, (list, tuple)) else [value]:
                if str(v) not in allowed:
                    raise ValueError(bad_value_message(str(v), f.name.replace("_", "-"), self.argument, allowed))

    @classmethod
    def display_name(cls) -> str:
        return cls.mlir_name or cls.__name__

    def options_text(self) -> str:
        """The options as MLIR prints them: sorted by name, space separated,
        a list as `name={a,b}` and an empty list as nothing (its separator
        stays, as in MLIR's output)."""
        parts = []
        for f in sorted(self.option_fields(), key=lambda f: f.name.replace("_", "-")):
            v = getattr(self, f.name)
            name = f.name.replace("_", "-")
            if isinstance(v, (list, tuple)) or f.metadata.get("list"):
                items = ",".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v)
                parts.append(f"{name}={{{items}}}" if items else "")
                continue
            if isinstance(v, bool):
                v = "true" if v else "false"
            elif isinstance(v, enum.Enum):
                v = v.name
            elif v is None:
                v = "none"
            parts.append(f"{name}={v}")
        return " ".join(parts)

    def pipeline_text(self) -> str:
        o = self.options_text()
        return self.argument + ("{" + o + "}" if o else "")


def _option_type(f: dataclasses.Field, owner: type | None) -> Any:
    """The resolved annotation of an option field (string annotations from
    `from __future__ import annotations` are evaluated in the pass's module)."""
    t = f.type
    if isinstance(t, str) and owner is not None:
        try:
            t = typing.get_type_hints(owner).get(f.name, t)
        except Exception:  # an annotation that does not resolve: treat as text
            pass
    return t


def convert_option(text: str, t: Any) -> Any:
    """Parse one option value of type `t`: bool, int, float, str, Enum,
    Literal[...], Optional[T] (`none` or empty is None), list[T] and
    tuple[T, ...] (comma separated). Raises ValueError."""
    origin = typing.get_origin(t)
    args = typing.get_args(t)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) != len(args) and text in ("", "none", "None"):
            return None
        if len(inner) == 1:
            return convert_option(text, inner[0])
        for a in inner:
            try:
                return convert_option(text, a)
            except ValueError:
                continue
        raise ValueError(text)
    if origin is typing.Literal:
        for a in args:
            if str(a) == text or (isinstance(a, bool) and text in (("true", "1") if a else ("false", "0"))):
                return a
        raise ValueError(text)
    if origin in (list, tuple) or t in (list, tuple):
        if text.startswith("{") and text.endswith("}"):  # MLIR's braced list `{a,b}`
            text = text[1:-1]
        parts = [x for x in text.split(",") if x] if text else []
        if origin is tuple and args and args[-1] is not Ellipsis:
            if len(parts) != len(args):
                raise ValueError(text)
            return tuple(convert_option(x, a) for x, a in zip(parts, args))
        elem = args[0] if args else str
        vals = [convert_option(x, elem) for x in parts]
        return tuple(vals) if (origin or t) is tuple else vals
    if isinstance(t, type) and issubclass(t, enum.Enum):
        for m in t:
            if text in (m.name, str(m.value)):
                return m
        raise ValueError(text)
    if t in (bool, "bool"):
        if text in ("", "true", "1", "on"):
            return True
        if text in ("false", "0", "off"):
            return False
        raise ValueError(text)
    if t in (int, "int"):
        return int(text, 0)
    if t in (float, "float"):
        return float(text)
    if t in (str, "str", Any):
        return text
    raise ValueError(text)


def bad_value_message(value: str, option: str, pass_name: str, allowed: list[str]) -> str:
    """`invalid value 'x' for option 'o' of pass 'p' (expected one of: ...; did you mean 'y'?)`."""
    import difflib

    near = difflib.get_close_matches(value, allowed, n=1, cutoff=0.6)
    hint = f"; did you mean '{near[0]}'?" if near else ""
    return (f"invalid value '{value}' for option '{option}' of pass '{pass_name}' "
            f"(expected one of: {', '.join(allowed)}{hint})")


def _convert(text: str, f: dataclasses.Field, pass_name: str, owner: type | None = None) -> Any:
    name = f.name.replace("_", "-")
    try:
        return convert_option(text, _option_type(f, owner))
    except ValueError:
        raise ValueError(f"invalid value '{text}' for option '{name}' of pass '{pass_name}'") from None


def describe_type(f: dataclasses.Field, owner: type | None = None) -> str:
    t = _option_type(f, owner)
    if isinstance(t, type) and issubclass(t, enum.Enum):
        return "|".join(m.name for m in t)
    if typing.get_origin(t) is typing.Literal:
        return "|".join(map(str, typing.get_args(t)))
    if isinstance(t, str):
        return {"bool": "bool", "int": "int", "str": "string", "float": "float"}.get(t, t)
    return {bool: "bool", int: "int", str: "string", float: "float"}.get(t, str(t).replace("typing.", ""))


__all__ = ["Pass", "PassFailure", "IRError", "dataclass", "field"]
