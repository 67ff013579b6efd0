"""Pass base class: a dataclass whose fields are the pass options."""

from __future__ import annotations

import dataclasses
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
    statistics: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    statistic_help: ClassVar[dict[str, str]] = {}

    def run(self, op: Operation) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def fail(self, message: str, op: Operation | None = None, notes: list | None = None,
             errors: list | None = None) -> None:
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
                known = ", ".join(sorted(fields)) or "none"
                raise ValueError(f"unknown option '{k}' for pass '{cls.argument}' (options: {known})")
            kwargs[f.name] = _convert(v, f, cls.argument)
        return cls(**kwargs)

    def options_text(self) -> str:
        parts = []
        for f in self.option_fields():
            v = getattr(self, f.name)
            if isinstance(v, bool):
                v = "true" if v else "false"
            elif isinstance(v, (list, tuple)):
                v = ",".join(map(str, v))
            parts.append(f"{f.name.replace('_', '-')}={v}")
        return " ".join(parts)

    def pipeline_text(self) -> str:
        o = self.options_text()
        return self.argument + ("{" + o + "}" if o else "")


def _convert(text: str, f: dataclasses.Field, pass_name: str) -> Any:
    t = f.type if not isinstance(f.type, str) else f.type
    name = f.name.replace("_", "-")
    try:
        if t in (bool, "bool"):
            if text in ("", "true", "1", "on"):
                return True
            if text in ("false", "0", "off"):
                return False
            raise ValueError
        if t in (int, "int"):
            return int(text, 0)
        if t in (float, "float"):
            return float(text)
        if t in ("list[int]",):
            return [int(x, 0) for x in text.split(",") if x]
        if t in ("list[str]",):
            return [x for x in text.split(",") if x]
        return text
    except ValueError:
        raise ValueError(f"invalid value '{text}' for option '{name}' of pass '{pass_name}'") from None


def describe_type(f: dataclasses.Field) -> str:
    t = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
    return {"bool": "bool", "int": "int", "str": "string", "float": "float"}.get(t, t)


__all__ = ["Pass", "PassFailure", "IRError", "dataclass", "field"]
