"""`--view-op-graph`: print a Graphviz dot digraph of the IR to stderr and
leave the IR unchanged (MLIR's PrintOpGraph, same output format).

Ops without regions are record nodes `{operands|name + attributes|results}`
colored by op name; ops with regions are clusters holding one cluster per
block (block arguments are nodes); data-flow edges run from a result's port
(south) to an operand's port (north), and with `print-control-flow-edges`
dashed edges link consecutive ops of a block.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

from hlopt.ir.attributes import ArrayAttr, DenseElementsAttr
from hlopt.ir.core import Block, BlockArgument, Operation, Value
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass

_ESCAPED = set('{}<>|"')
_LARGE_ATTR_LIMIT = 16


def escape_label(s: str) -> str:
    out = []
    for c in s:
        if c in _ESCAPED:
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        else:
            out.append(c)
    return "".join(out)


def _quote(s: str) -> str:
    return '"' + s + '"'


class _Node:
    __slots__ = ("id", "cluster")

    def __init__(self, id: int, cluster: int | None = None):
        self.id, self.cluster = id, cluster


@register_pass
@dataclass
class PrintOpGraph(Pass):
    argument = "view-op-graph"
    mlir_name = "ViewOpGraphPass"
    summary = "Print Graphviz visualization of an operation"

    max_label_len: int = field(default=20, metadata={"help": "Limit attribute/type length to number of chars"})
    print_attrs: bool = field(default=True, metadata={"help": "Print attributes of operations"})
    print_control_flow_edges: bool = field(default=False, metadata={"help": "Print control flow edges"})
    print_data_flow_edges: bool = field(default=True, metadata={"help": "Print data flow edges"})
    print_result_types: bool = field(default=True, metadata={"help": "Print result types of operations"})

    stream: TextIO | None = field(default=None, init=False, repr=False, compare=False)

    def run(self, op: Operation) -> None:
        from hlopt.syntax.printer import Namer

        self.namer = Namer(op, generic=False)
        try:
            self._run(op)
        finally:
            self.namer.release()  # the names live on the values until then

    def _run(self, op: Operation) -> None:
        from hlopt.syntax.printer import Printer

        self.printer = Printer()
        self.counter = 0
        self.out: list[str] = []
        self.indent = 0
        self.value_node: dict[Value, _Node] = {}
        self.data_edges: list[tuple[Value, _Node, str]] = []
        self.edges: list[str] = []
        self.colors: dict[str, str] = {}
        names: dict[str, None] = {}
        for o in op.walk():
            names.setdefault(o.name, None)
        for i, n in enumerate(names):
            self.colors[n] = f"{i / len(names):f} 0.3 0.95"
        self._line("digraph G {")
        self.indent += 1
        self._line("compound = true;")
        self._operation(op)
        self._all_edges()
        self.indent -= 1
        self._line("}")
        stream = self.stream if self.stream is not None else sys.stderr
        stream.write("".join(self.out))
        stream.flush()

    # -- text helpers --------------------------------------------------------------
    def _line(self, s: str) -> None:
        self.out.append("  " * self.indent + s + "\n")

    def _trunc(self, s: str) -> str:
        n = self.max_label_len
        return s if len(s) <= n else s[:n] + "..."

    def _name(self, v: Value) -> str:
        return self.namer.name(v) or "<<UNKNOWN SSA VALUE>>"

    def _port(self, v: Value) -> str:
        return self._name(v).lstrip("%").replace("#", "_")

    def _attr(self, a) -> str:
        """MLIR's emitMlirAttr: splats in full, large element/array
        attributes elided, the rest truncated to max-label-len."""
        if isinstance(a, DenseElementsAttr):
            if a.splat:
                return escape_label(self.printer.attr_text(a))
            if a.type.num_elements > _LARGE_ATTR_LIMIT:
                rank = a.type.rank
                return "[" * rank + "..." + "]" * rank + " : " + self._type(a.type)
        elif isinstance(a, ArrayAttr) and len(a) > _LARGE_ATTR_LIMIT:
            return "[...]"
        return escape_label(self._trunc(self.printer.attr_text(a)))

    def _type(self, t) -> str:
        return escape_label(self._trunc(self.printer.type_text(t)))

    @staticmethod
    def _attrs(op: Operation) -> list:
        entries = dict(op.properties.entries)
        entries.update(op.attributes.entries)
        return sorted(entries.items())

    # -- emission ----------------------------------------------------------------
    def _node(self, label: str, shape: str, color: str | None = None) -> _Node:
        self.counter += 1
        attrs = {"label": _quote(label), "shape": shape}
        if color is not None:
            attrs["fillcolor"] = _quote(color)
            attrs["style"] = "filled"
        self._line(f"v{self.counter} " + _attr_list(attrs) + ";")
        return _Node(self.counter)

    def _cluster(self, body: Callable[[], None], label: str = "") -> _Node:
        self.counter += 1
        cid = self.counter
        self._line(f"subgraph cluster_{cid} {{")
        self.indent += 1
        anchor = self._node(" ", "plain")
        self._line(f"label = {_quote(label)};")
        body()
        self.indent -= 1
        self._line("}")
        return _Node(anchor.id, cid)

    def _edge(self, a: _Node, b: _Node, port: str, style: str) -> None:
        attrs = {"style": style}
        if a.cluster is not None:
            attrs["ltail"] = f"cluster_{a.cluster}"
        if b.cluster is not None:
            attrs["lhead"] = f"cluster_{b.cluster}"
        s = f"v{a.id}"
        if port and a.cluster is None:
            s += f":res_{port}:s"
        s += f" -> v{b.id}"
        if port and b.cluster is None:
            s += f":arg_{port}:n"
        self.edges.append(s + _attr_list(attrs))

    def _all_edges(self) -> None:
        if self.print_data_flow_edges:
            for v, node, port in self.data_edges:
                src = self.value_node.get(v)
                if src is not None:
                    self._edge(src, node, port, "solid")
        for e in self.edges:
            self._line(e + ";")
        self.edges = []

    def _operation(self, op: Operation) -> _Node:
        if op.regions:
            def body() -> None:
                for r in op.regions:
                    for b in r.blocks:
                        self._block(b)

            node = self._cluster(body, self._cluster_label(op))
        else:
            node = self._node(self._record_label(op), "Mrecord", self.colors.get(op.name))
        for r in op.results:
            self.value_node[r] = node
        if self.print_data_flow_edges:
            for v in op.operands:
                self.data_edges.append((v, node, self._port(v)))
        return node

    def _block(self, block: Block) -> None:
        def body() -> None:
            for a in block.args:
                self.value_node[a] = self._node(self._arg_label(a), "Mrecord")
            prev: _Node | None = None
            for o in block.ops:
                n = self._operation(o)
                if self.print_control_flow_edges and prev is not None:
                    self._edge(prev, n, "", "dashed")
                prev = n
        self._cluster(body)

    # -- labels ------------------------------------------------------------------
    def _arg_label(self, a: BlockArgument) -> str:
        s = f"<res_{self._port(a)}> {self._name(a)}"
        if self.print_result_types:
            s += " " + self._type(a.type)
        return s

    def _record_label(self, op: Operation) -> str:
        s = "{"
        if op.operands:
            s += "{" + "|".join(f"<arg_{self._port(v)}> {self._name(v)}" for v in op.operands) + "}|"
        s += op.name + "\\l"
        attrs = self._attrs(op)
        if self.print_attrs and attrs:
            s += "\\l"
            for k, v in attrs:
                s += f"{k}: {self._attr(v)}\\l"
        if op.results:
            parts = []
            for r in op.results:
                p = f"<res_{self._port(r)}> {self._name(r)}"
                if self.print_result_types:
                    p += " " + self._type(r.type)
                parts.append(p)
            s += "|{" + "|".join(parts) + "}"
        return s + "}"

    def _cluster_label(self, op: Operation) -> str:
        types = ", ".join(self.printer.type_text(r.type) for r in op.results)
        s = op.name
        if self.print_result_types:
            s += f" : ({self._trunc(types)})"
        if self.print_attrs:
            s += "\\l"
            for k, v in self._attrs(op):
                s += f"{escape_label(k)}: {self._attr(v)}\\l"
        return s


def _attr_list(attrs: dict) -> str:
    return "[" + ", ".join(f"{k} = {v}" for k, v in sorted(attrs.items())) + "]"
