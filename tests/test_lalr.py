"""The parser reads Lark's LALR table and lexers (dsl/lalr.py): a Lark that
lays them out otherwise is refused with one message naming the versions to
install, and pyproject.toml asks for exactly those versions."""

import tomllib
from pathlib import Path
from types import SimpleNamespace

import lark
import pytest

from dof.cli.main import main
from dof.dsl.grammar import parser
from dof.dsl.lalr import LARK_VERSIONS, LarkMismatch, Machine, machine

ROOT = Path(__file__).resolve().parent.parent


def changed(what: str) -> str:
    """What dof says of the installed Lark when ``what`` reads otherwise."""
    return (f"dof's parser reads Lark's LALR table; Lark {lark.__version__} changed it "
            f"({what}): install lark>=1.1,<1.4")


def lark_like(table: object = None, lexer: object = None) -> SimpleNamespace:
    """The installed Lark's parts the machine reads, with ``table`` or
    ``lexer`` laid out otherwise."""
    real = parser()
    return SimpleNamespace(
        parser=SimpleNamespace(parser=SimpleNamespace(parser=SimpleNamespace(
            parse_table=table or real.parser.parser.parser.parse_table)),
            lexer=lexer or real.parser.lexer),
        rules=real.rules)


def test_pyproject_asks_for_the_lark_versions_the_parser_reads():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "lark" + LARK_VERSIONS in project["dependencies"]
    assert LARK_VERSIONS == ">=1.1,<1.4"


def test_the_installed_lark_is_read_as_it_is():
    assert Machine(lark_like()).parse("a.card", 'card 1 "A" { ops 1 }').cards[0].name == "A"


def test_a_parse_table_elsewhere_is_refused_with_the_versions_to_install():
    moved = lark_like()
    moved.parser.parser.parser = SimpleNamespace(table=None)
    with pytest.raises(LarkMismatch) as refused:
        Machine(moved)
    assert str(refused.value) == changed(
        "the parse table, Lark.parser.parser.parser.parse_table: "
        "'types.SimpleNamespace' object has no attribute 'parse_table'")


def test_an_action_of_another_kind_is_refused():
    table = parser().parser.parser.parser.parse_table
    first = dict(table.states[table.start_states["start"]])
    symbol = next(sym for sym in first if sym.isupper())
    first[symbol] = ("Accept", None)
    states = {**table.states, table.start_states["start"]: first}
    with pytest.raises(LarkMismatch) as refused:
        Machine(lark_like(SimpleNamespace(states=states, start_states=table.start_states,
                                          end_states=table.end_states)))
    assert str(refused.value) == changed(
        "the table's actions, Shift or Reduce by one of Lark.rules: "
        f"state {table.start_states['start']} on {symbol}: Accept None")


def test_a_lexer_missing_for_a_state_is_refused():
    real = parser().parser.lexer
    lexers = dict(real.lexers)
    lexers.popitem()
    with pytest.raises(LarkMismatch) as refused:
        Machine(lark_like(lexer=SimpleNamespace(lexers=lexers, root_lexer=real.root_lexer)))
    assert str(refused.value) == changed(
        "the contextual lexer, Lark.parser.lexer: a lexer for each parser state")


@pytest.fixture
def another_lark(monkeypatch):
    """The machine built from a Lark whose lexer is no longer where it was."""
    moved = lark_like()
    moved.parser.lexer = SimpleNamespace(contexts={})
    monkeypatch.setattr("dof.dsl.lalr.parser", lambda: moved)
    monkeypatch.setenv("DOF_NO_CACHE", "1")  # the deck is parsed, not read from the cache
    machine.cache_clear()
    yield
    machine.cache_clear()


def test_dof_lint_with_another_lark_says_which_to_install(another_lark, tmp_path, capsys):
    card = tmp_path / "a.card"
    card.write_text('card 1 "A" {\n  ops 1\n}\n', encoding="utf-8")
    assert main(["lint", str(card)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "dof: " + changed(
        "the contextual lexer, Lark.parser.lexer: "
        "'types.SimpleNamespace' object has no attribute 'root_lexer'") + "\n"
