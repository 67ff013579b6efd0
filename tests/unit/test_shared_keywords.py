"""One keyword spelling in two dialects' forms (`consume` in hal.tensor.import's
and stream.tensor.import's declared formats): each op reads it where its form
expects it."""

from __future__ import annotations

from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op

TEXT = """\
util.func public @f(%bv: !hal.buffer_view, %n: index) -> (tensor<?xf32>, !stream.resource<external>) {
  %0 = hal.tensor.import consume %bv : !hal.buffer_view -> tensor<?xf32>{%n}
  %1 = stream.tensor.import consume %bv : !hal.buffer_view -> tensor<?xf32>{%n} in !stream.resource<external>{%n}
  util.return %0, %1 : tensor<?xf32>, !stream.resource<external>
}
"""


def test_one_spelling_two_terminals_each_read_where_expected():
    out = print_op(parse_module(TEXT))
    assert "hal.tensor.import consume %arg0 : !hal.buffer_view -> tensor<?xf32>{%arg1}" in out
    assert "stream.tensor.import consume %arg0 : !hal.buffer_view -> tensor<?xf32>{%arg1} in " \
           "!stream.resource<external>{%arg1}" in out
