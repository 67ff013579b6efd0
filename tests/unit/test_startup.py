"""Start-up work of the op parser (hlopt/syntax/grammar.py, parser.py's
`_parser`): a parser loaded from the grammar cache decodes only the table
rows a parse enters and builds a rule's callback when the rule is first
reduced, and its rules are compared by identity, the objects the callbacks
are keyed by (no walk over the whole table to make sure of it)."""

from __future__ import annotations

import copy
from array import array

from lark.grammar import Rule

from hlopt.ir.context import current_context
from hlopt.syntax.grammar import IdentityRule, _LazyCallbacks, _LazyStates, make_op_parser
from hlopt.syntax.parser import OpBuilder, _install_fast_callbacks, _parser, parse_module
from hlopt.syntax.printer import print_op


def _loaded_parser():
    """A parser as `_parser()` makes one, loaded afresh (not the cached instance)."""
    builder = OpBuilder()
    lark = make_op_parser(builder, tuple(current_context().grammar_files()))
    _install_fast_callbacks(lark, builder)
    return lark


def _decoded(states: _LazyStates) -> int:
    return dict.__len__(states)


def test_setting_up_a_loaded_parser_reads_no_table_row():
    """Making the parser ready (rules by identity, the fast callbacks) must
    not walk the table: a walk over every (state, token) entry was 0.06-0.08 s
    of each run's start-up."""
    _parser()  # the first call in a fresh cache compiles and writes the tables
    lark = _loaded_parser()
    states = lark.parser.parser.parser.parse_table.states
    assert isinstance(states, _LazyStates)
    assert _decoded(states) == 0
    # the whole table is still there: one packed row per state (193 states once the
    # dialects' forms were declared on their ops instead of in grammar files)
    assert len(states) == len(states._packed) > 100


def test_table_rules_are_the_callbacks_keys():
    """Every rule the table reduces by is one of the parser's rules, compared
    by identity, and its callback is found under that very object (an equal
    but distinct Rule is not a key): the identity re-keying holds."""
    lark = _loaded_parser()
    parser = lark.parser.parser.parser
    rules = {id(r): r for r in lark.rules}
    assert all(type(r) is IdentityRule for r in rules.values())
    reduced = {id(arg): arg for row in parser.parse_table.states.values()  # decodes every row
               for act, arg in row.values() if act.name == "Reduce"}
    assert reduced and set(reduced) <= set(rules)
    callbacks = parser.callbacks
    assert isinstance(callbacks, _LazyCallbacks)
    for rule in reduced.values():
        assert callable(callbacks[rule])
        assert any(k is rule for k in dict.keys(callbacks))
    some = next(iter(reduced.values()))
    twin = Rule(some.origin, some.expansion, some.order, some.alias, some.options)
    assert twin == copy.copy(twin) and twin is not some
    assert not dict.__contains__(callbacks, twin)


def test_a_parse_decodes_only_the_rows_it_enters():
    """`module {}` enters a handful of states; the module parsed back prints
    the same as before the lazy table (the printer's form of an empty module)."""
    lark = _loaded_parser()
    states = lark.parser.parser.parser.parse_table.states
    n = _decoded(states)
    m = parse_module("module {}\n")
    assert print_op(m) == "module {\n}\n"
    _, builder = _parser()
    builder.s = None
    used = _parser()[0].parser.parser.parser.parse_table.states
    assert 0 < _decoded(used) < len(used)
    assert _decoded(states) == n  # a second parser's rows are its own


def test_lazy_states_read_as_the_whole_table():
    """Iterating the lazy table decodes every row, so code that walks it
    (error messages' expected tokens, the lexer's per-state terminals) sees
    all of it; a state that is not in the table is a KeyError."""
    lark = _loaded_parser()
    states = lark.parser.parser.parser.parse_table.states
    keys = list(states)
    assert _decoded(states) == len(keys) == len(states)
    assert all(isinstance(states[k], dict) for k in keys)
    # every (state, token) entry of the packed rows is in the decoded table
    packed = sum(len(array(states._code, p)) // 2 for p in states._packed.values())
    assert packed > len(keys) and sum(map(len, states.values())) == packed
    try:
        states[max(keys) + 1]
    except KeyError:
        pass
    else:
        raise AssertionError("a state outside the table was found")
