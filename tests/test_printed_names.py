"""Names as printed (issue 22, item 3): `Gdańsk`, `Łódź`, `Tatabánya` and
`Eötvös Loránd University`, which the map file spells Gdansk, Lodz,
Tatabanya and Eotvos Lorand University, are those spaces wherever a person
writes a name: a card file, the game's prompt, a scenario or position file,
`dof cards` and the language server. One name key decides (engine/data/terms.py);
the tools that read card text without parsing it take a name's characters
from the grammar's (dsl/grammar.py)."""

from __future__ import annotations

import io
import json
import re
import unicodedata
from pathlib import Path

import pytest
from dsl_helpers import deck_of
from helpers import scripted
from rich.console import Console
from rich.text import Text
from test_lsp import Editor, position_of

from dof.cli.cards_view import CardHighlighter, run_cards
from dof.cli.human import HumanAgent
from dof.cli.lsp_text import cursor_context, tokens
from dof.cli.main import main
from dof.cli.pytest_scenarios import game_for
from dof.cli.start import Start, started_game
from dof.dsl import builtin_cards_dir
from dof.dsl.diagnostics import Diagnostic, Span
from dof.dsl.grammar import NAME_CHAR, NAME_START, parser
from dof.engine.data import load_data
from dof.engine.game import Game
from dof.engine.rules.decisions import Decision

DATA = load_data()

#: As printed, and as the map file spells it.
PRINTED = {"Gdańsk": "Gdansk", "Łódź": "Lodz", "Tatabánya": "Tatabanya",
           "Eötvös Loránd University": "Eotvos Lorand University"}


def nfd(text: str) -> str:
    """``text`` with its accents written apart, as some editors and file systems keep it."""
    return unicodedata.normalize("NFD", text)


# ------------------------------------------------------------------ the grammar
def test_the_tools_read_a_name_s_characters_as_the_grammar_does():
    """NAME_START and NAME_CHAR are the NAME terminal's classes, for every
    character of the Basic Multilingual Plane (where every accent is)."""
    terminal = next(t for t in parser().terminals if t.name == "NAME")
    name = re.compile(terminal.pattern.to_regexp())
    start, char = re.compile(NAME_START), re.compile(NAME_CHAR)
    for c in map(chr, range(0x10000)):
        assert bool(name.fullmatch("A" + c + "a")) == bool(char.fullmatch(c)), hex(ord(c))
        assert bool(name.fullmatch(c + "a")) == bool(start.fullmatch(c)), hex(ord(c))


def test_a_name_is_letters_of_any_script_with_their_accents():
    name = re.compile(f"{NAME_START}{NAME_CHAR}*")
    words = " ".join(PRINTED).split()
    for written in [*words, *map(nfd, words), "Karl-Marx-Stadt", "Harghita/Covasna", "Москва",
                    "Θεσσαλονίκη"]:
        assert name.fullmatch(written), written
    # Keywords are a-z: none starts a name, nor does a digit or a mark.
    for word in ("places", "the", "4th", nfd("é")):
        assert not name.match(word), word


# ------------------------------------------------------------------ card files
@pytest.mark.parametrize("form", [str, nfd], ids=["composed", "decomposed"])
def test_printed_names_in_a_card_file_lint_clean_and_are_the_map_s_spaces(tmp_path, form):
    text = form('card 201 "Printed Names" {\n    period early; side democrat; ops 2\n'
                '    summary "Names as the cards print them."\n    event {\n'
                "        democrat places 2 SP in Gdańsk\n"
                "        democrat places 1 SP in Łódź and Tatabánya or Eötvös Loránd University\n"
                "        democrat places 1 SP in each space adjacent to Łódź except Gdańsk\n"
                "    }\n}\n")
    deck = deck_of(tmp_path, text)
    assert deck.diagnostics == []
    first, second, third = deck.card(201).event
    assert first["where"] == {"names": ["Gdansk"]}
    assert second["where"] == {"names": ["Lodz", "Tatabanya", "Eotvos Lorand University"]}
    assert third["where"]["adjacent_to"] == {"names": ["Lodz"]}
    assert third["where"]["except"] == ["Gdansk"]


def test_an_unknown_accented_name_is_underlined_where_it_stands(tmp_path):
    """The caret stands under the name as a terminal shows it: an accent
    written apart takes no column of its own."""
    line = nfd("        democrat places 1 SP in Łódźa")
    deck = deck_of(tmp_path, 'card 201 "Printed Names" {\n    period early; side democrat; '
                   f'ops 2\n    summary "x"\n    event {{\n{line}\n    }}\n}}\n')
    [found] = deck.diagnostics
    assert (found.code, found.message) == ("E101", f"unknown space or country {nfd('Łódźa')!r}")
    assert found.hint == "did you mean 'Lodz'?"
    assert found.caret() == " " * len("        democrat places 1 SP in ") + "^" * len("Lodza")
    # A wide letter takes two columns: the caret under it is two wide.
    wide = Diagnostic("E101", "unknown space '東京'", Span("x.card", 1, 10, 1, 12),
                      source_line="in 東京 or 東京")
    assert wide.caret() == " " * len("in 東京 or ") + " " * 2 + "^" * 4


def test_a_word_written_apart_is_one_word_to_a_syntax_error(tmp_path):
    """A name in lowercase, its accent written apart: the caret, the message
    and the hint take the whole word, as the grammar's NAME would."""
    word = nfd("gdańsk")
    line = f"        democrat places 1 SP in {word}"
    deck = deck_of(tmp_path, 'card 201 "Printed Names" {\n    period early; side democrat; '
                   f'ops 2\n    summary "x"\n    event {{\n{line}\n    }}\n}}\n')
    [found] = deck.diagnostics
    assert found.message.startswith(f"unexpected word '{word}';")
    assert found.hint == f"names start with a capital letter: did you mean '{nfd('Gdańsk')}'?"
    assert found.caret() == " " * len("        democrat places 1 SP in ") + "^" * len("gdansk")
    # A finding at a bare position is underlined to the end of the word there.
    bare = Diagnostic("E101", "unknown space", Span("x.card", 1, 4), source_line=nfd("in Łódź now"))
    assert bare.end() == (1, 4 + len(nfd("Łódź")))


def test_printed_card_names_with_accents_name_their_cards(tmp_path):
    deck = deck_of(tmp_path, 'card 201 "Printed Names" {\n    period late; side democrat; ops 2\n'
                   '    summary "x"\n    requires event "Wałęsa" and not event "László Tőkés"\n'
                   '    cancels "Sąjūdis"\n    event { democrat gains 1 VP }\n}\n')
    assert deck.diagnostics == []
    card = deck.card(201)
    assert card.requires == [{"cond": "and", "args": [
        {"cond": "event_occurred", "card": 3},
        {"cond": "not", "arg": {"cond": "event_occurred", "card": 73}}]}]
    assert card.cancels == [33]


# ------------------------------------------------------------------ the game's prompt
@pytest.mark.parametrize("typed", [*PRINTED, nfd("Łódź")])
def test_the_game_prompt_takes_a_printed_name(typed):
    offered = [DATA.space(name).id for name in PRINTED.values()]
    decision = Decision("place", "democrat", offered, "place an SP",
                        describe=lambda s: DATA.spaces[s].name)
    agent = HumanAgent(Console(file=io.StringIO()), scripted([typed]), show_board=False)
    assert agent.choose(Game.new(DATA, seed=1), decision) == DATA.space(typed).id
    assert DATA.spaces[DATA.space(typed).id].name == PRINTED[unicodedata.normalize("NFC", typed)]


# ------------------------------------------------------------------ scenario and position files
SCENARIO = """\
name: Walesa places in the spaces the cards print
position:
  democrat: {Gdańsk: 1, Łódź: 1, Tatabánya: 2, Eötvös Loránd University: 1}
  hands: {democrat: [Wałęsa]}
  events_played: [Solidarity Legalized]
play:
  card: Wałęsa
  as: event
  answers: [Gdańsk, Łódź, gdańsk, ŁÓDŹ]
expect:
  democrat: {Gdańsk: 3, Łódź: 3, Tatabánya: 2, Eötvös Loránd University: 1}
"""


def test_a_scenario_file_takes_printed_names(tmp_path, capsys, monkeypatch):
    path = tmp_path / "printed.scenario.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    built = game_for(None)
    monkeypatch.setattr("dof.cli.main.load_game", lambda mod: built)
    code = main(["scenario", "run", str(path), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert [s["problems"] for s in report["scenarios"]] == [[]]
    assert (code, report["passed"]) == (0, 1)


def test_a_position_file_takes_printed_names(tmp_path):
    path = tmp_path / "pos.yaml"
    path.write_text("democrat: {Gdańsk: 1, Łódź: 2}\ncommunist: {Tatabánya: 3, "
                    f"{nfd('Eötvös Loránd University')}: 4}}\nhands: {{democrat: [Wałęsa]}}\n",
                    encoding="utf-8")
    game = started_game(*game_for(None), 1, {}, Start(None, str(path), []), ["democrat"])
    sp, ids = game.state["sp"], game.space_ids
    assert (sp["democrat"][ids["Gdansk"]], sp["democrat"][ids["Lodz"]]) == (1, 2)
    assert sp["communist"][ids["Tatabanya"]] == 3
    assert sp["communist"][ids["Eotvos Lorand University"]] == 4
    assert 3 in game.state["hands"]["democrat"]


# ------------------------------------------------------------------ dof cards
@pytest.mark.parametrize("query, shown", [("Wałęsa", "#3 Walesa"), ("László Tőkés", "#73 Laszlo "
                                          "Tokes"), ("sąjū", "#33 Sajudis"), (nfd("Wałęsa"),
                                                                              "#3 Walesa")])
def test_dof_cards_finds_a_card_by_its_printed_name(query, shown):
    console = Console(file=io.StringIO(), width=100)
    assert run_cards(query, console=console) == 0
    assert console.file.getvalue().startswith(shown + "\n")


def test_dof_cards_colours_printed_names_as_names():
    line = Text(nfd("democrat places 1 SP in Łódź and Eötvös Loránd University"))
    CardHighlighter().highlight(line)
    names = [line.plain[s.start:s.end] for s in line.spans if s.style == "card.name"]
    assert names == ["SP", *map(nfd, ["Łódź", "Eötvös", "Loránd"]), "University"]


# ------------------------------------------------------------------ the language server
CARD = """\
card 111 "Printed Names" {
    period late; side democrat; ops 2
    summary "Names as the cards print them."
    requires event "Wałęsa"
    event {
        democrat places 2 SP in Łódź and Eötvös Loránd University
    }
}
"""


@pytest.fixture(scope="module")
def editor():
    session = Editor()
    yield session
    session.close()


@pytest.mark.parametrize("form", [str, nfd], ids=["composed", "decomposed"])
def test_the_language_server_hovers_a_printed_name(editor, tmp_path, form):
    text = form(CARD)
    uri = editor.open(tmp_path / "printed.card", text)
    for name, facts in ((form("Łódź"), "Poland"), (form("Eötvös Loránd University"), "Hungary")):
        line, col = position_of(text, name, len(name) - 1)  # on its last letter
        result = editor.at("textDocument/hover", uri, line, col)
        assert result is not None, name
        assert facts in result["contents"]["value"]
        start = position_of(text, name)[1]
        assert result["range"] == {"start": {"line": line, "character": start},
                                   "end": {"line": line, "character": start + len(name)}}


@pytest.mark.parametrize("form", [str, nfd], ids=["composed", "decomposed"])
def test_the_language_server_reads_a_printed_name_as_one_word_at_the_cursor(form):
    """Completion replaces the whole name being typed, accents and all."""
    line = form("        democrat places 2 SP in Łódź and Eötvös Loránd Un")
    assert cursor_context(line) == ("code", line.index(form("Eötvös")))
    assert [t.text for t in tokens(line) if t.capitalised] == [
        "SP", *map(form, ["Łódź", "Eötvös", "Loránd"]), "Un"]


def test_the_language_server_goes_to_a_card_by_its_printed_name(editor, tmp_path):
    uri = editor.open(tmp_path / "printed.card", CARD)
    found = editor.at("textDocument/definition", uri, *position_of(CARD, "Wałęsa", 3))
    assert Path(found["uri"].removeprefix("file://")).resolve() == (
        builtin_cards_dir() / "early.card").resolve()
    source = (builtin_cards_dir() / "early.card").read_text(encoding="utf-8")
    assert found["range"]["start"]["line"] == position_of(source, 'card 3 "Walesa"')[0]
