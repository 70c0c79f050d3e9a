"""`dof explain`: each card's compiled program said in English, with the
rules it relies on. Every kind of the vocabulary has a renderer; every
shipped card, box and wild card is explained; each printed card's
explanation names what its summary names (numbers, places, cards,
durations); a mod card whose summary says otherwise is a W511."""

from __future__ import annotations

import json

import pytest
from dsl_helpers import deck_of

from dof.cli.main import main
from dof.dsl import load_deck
from dof.dsl.explain import Explainer, speaker
from dof.dsl.explain.mentions import Reader
from dof.dsl.names import default_names
from dof.engine.data.vocabulary import Cond, Expr, Hook, Op, Until


@pytest.fixture(scope="module")
def deck():
    return load_deck()


@pytest.fixture(scope="module")
def explainer(deck):
    return Explainer(deck.cards, default_names())


# ---------------------------------------------------------------- the contract
@pytest.mark.parametrize(("table", "kind"), [
    (speaker.OPS, Op), (speaker.EXPRESSIONS, Expr), (speaker.CONDITIONS, Cond),
    (speaker.HOOKS, Hook), (speaker.DURATIONS, Until)])
def test_every_name_of_the_vocabulary_has_one_renderer(table, kind):
    """A new operation, expression, condition, hook or duration cannot go
    unexplained, and nothing is explained that the vocabulary lacks."""
    assert set(table) == kind.every()


def test_a_kind_is_filed_once():
    with pytest.raises(ValueError, match="has two renderers"):
        speaker.renders(Op.PLACE)(lambda sp, op: None)


# ---------------------------------------------------------------- the shipped deck
def test_every_card_box_and_wild_card_is_explained_in_sentences(deck, explainer):
    explained = ([explainer.card(c) for c in deck.cards.values()]
                 + [explainer.box(b) for b in deck.boxes.values()]
                 + [explainer.wild(n, p) for n, p in deck.ps_cards.items()])
    assert len(explained) == 110 + 8 + 4
    for e in explained:
        assert e.lines, e.title
        for line in e.lines:
            assert line.text[0].isupper() and line.text[-1] in ".:", (e.title, line.text)
            assert not any(leak in line.text for leak in ("{", "}", "None", "_", "  ")), (
                e.title, line.text)
        assert set(e.rules) == {r for line in e.lines for r in line.rules}


@pytest.mark.parametrize("number", range(1, 111))
def test_a_printed_cards_explanation_names_what_its_summary_names(deck, explainer, number):
    """The numbers, spaces, countries, regions, space types, cards and
    durations of the summary are in the explanation, which is said from the
    program alone: no card is excepted."""
    card = deck.cards[number]
    reader = Reader(explainer.names, explainer.titles)
    said = reader.read(card.summary)
    assert said.missing_from(reader.read(explainer.card(card).text)) == []


def test_walesa_said_line_by_line_with_its_rules(deck, explainer):
    walesa = explainer.card(deck.cards[3])
    assert [(line.depth, line.text, line.rules) for line in walesa.lines] == [
        (0, 'Playable as an event only if the event "Solidarity Legalized" has occurred.',
         ("7.1",)),
        (0, "Event:", ()),
        (1, "The Democrat places 4 SPs in any spaces in Poland, placed directly.", ("6.1.1",)),
        (1, "The Democrat makes 2 support checks in Poland, adding this card's Ops.",
         ("6.2", "7.3.3"))]
    assert walesa.rules == ("6.1.1", "6.2", "7.1", "7.3.3")
    assert walesa.facts == ("Early Year", "Democrat event", "3 Ops", "removed after its event")


def test_a_description_the_map_fixes_names_its_spaces(deck, explainer):
    text = explainer.card(deck.cards[52]).text
    assert "each Elite or Bureaucrat space in Czechoslovakia (Plzen, Praha)" in text


def test_you_in_a_one_sided_event_is_its_side(deck, explainer):
    """Systematization's unnamed 'remove' is the Communist's (5.2)."""
    text = explainer.card(deck.cards[69]).text
    assert "The Communist removes all Democrat SPs from the chosen space." in text
    assert "You " not in text


def test_what_other_cards_do_to_a_card_is_said(deck, explainer):
    assert ('Once this event has occurred, "Honecker" can no longer be played as an event.'
            in explainer.card(deck.cards[83]).text)
    assert 'The event "Army Backs Revolution" cancels this card.' in explainer.card(
        deck.cards[70]).text


def test_a_lasting_award_the_game_data_prices(deck, explainer):
    """Hand size and action rounds are said against the game data's."""
    assert "The Communist is dealt a hand of 7 cards, 1 fewer than the usual 8." in (
        explainer.card(deck.cards[65]).text)
    assert "The Communist may take 1 extra action round (8 instead of 7)." in (
        explainer.card(deck.cards[15]).text)
    box = explainer.box(deck.boxes[3])
    assert box.text.splitlines()[-1] == "You discard 2 of the drawn cards, keeping the other 1."


# ---------------------------------------------------------------- reading a text
@pytest.fixture(scope="module")
def reader(explainer):
    return Reader(explainer.names, explainer.titles)


def test_a_reader_finds_names_by_any_spelling_and_what_they_lie_in(reader):
    said = reader.read("Four SPs in Lodz and the East German Writers; Students, best-of-three.")
    assert said.numbers == {4, 3}
    assert {"Lodz", "German Writers", "Student", "Poland", "East Germany",
            "Eastern Europe"} <= said.names


def test_a_country_is_named_by_its_adjective_too(reader):
    """The game data's adjective of each country: 'a Polish space', 'East
    German checks', 'Balkan' for the region (a plural name's singular)."""
    said = reader.read("A Polish space, five East German checks, the next Balkan power struggle.")
    assert {"Poland", "East Germany", "Balkans"} <= said.names
    assert said.durations == {"the next power struggle"}
    assert reader.read("The Polish Writers space").names >= {"Polish Writers", "Intellectual"}


def test_a_reader_takes_only_capitalised_names_and_durations_by_meaning(reader):
    said = reader.read("A clever ruse: the Wall came down for good, then Kremlin Coup! this turn.")
    assert said.names == {'"Kremlin Coup!"'}
    assert said.durations == {"the rest of the game", "the rest of the turn"}
    assert reader.read("Legacy of 1968 and the 40th Anniversary Celebration").numbers == set()


# ---------------------------------------------------------------- W511
def test_a_mod_card_whose_summary_says_otherwise_is_a_w511(tmp_path):
    text = ('card 201 "Test Card" {\n    period early; side democrat; ops 2\n'
            '    summary "Three Democratic SPs in Gdansk for the rest of the turn."\n'
            "    event { democrat places 2 SP in Krakow }\n}\n")
    found = [(d.span.line, d.code, d.message) for d in deck_of(tmp_path, text).diagnostics]
    assert found == [(3, "W511", "card 201's summary says 3, Gdansk and 'for the rest of the "
                                 "turn'; its event does not")]
    agreeing = text.replace("Three", "Two").replace(" for the rest of the turn", "").replace(
        "Gdansk", "Krakow")
    assert deck_of(tmp_path, agreeing).diagnostics == []


# ---------------------------------------------------------------- the command
def test_dof_explain_prints_80_columns_and_the_rules(capsys):
    assert main(["explain", "walesa", "box 3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("#3 Walesa\nEarly Year · Democrat event · 3 Ops")
    assert "Tiananmen box 3: Foreign News / People's Daily" in out
    assert "rules: 6.1.1, 6.2, 7.1, 7.3.3" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert not any(line.endswith(" ") for line in out.splitlines())


def test_dof_explain_all_as_json_is_every_card_box_and_wild_card(capsys):
    assert main(["explain", "--all", "--format", "json"]) == 0
    found = json.loads(capsys.readouterr().out)["explanations"]
    assert [(e["kind"], e["number"] or e["name"]) for e in found][108:114] == [
        ("card", 109), ("card", 110), ("box", 1), ("box", 2), ("box", 3), ("box", 4)]
    assert found[-1]["kind"] == "wild card"
    assert set(found[2]) == {"kind", "number", "name", "side", "ops", "facts", "summary",
                             "lines", "rules"}
    assert found[2]["lines"][0] == {"text": 'Playable as an event only if the event '
                                            '"Solidarity Legalized" has occurred.',
                                    "depth": 0, "rules": ["7.1"]}


@pytest.mark.parametrize(("query", "error"), [
    ("Walessa", "dof explain: no card 'Walessa' in the deck; did you mean 'Walesa'?"),
    ("111", "dof explain: no card number '111' in the deck"),
    ("Rally in the Square", "dof explain: 'Rally in the Square' is a Power Struggle card with no "
                            "play to explain: only the wild cards have one (8.3.2)")])
def test_an_unknown_name_is_one_line_and_exit_2(capsys, query, error):
    assert main(["explain", query]) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [error] and captured.out == ""


def test_dof_explain_needs_names_or_all_but_not_both(capsys):
    assert main(["explain"]) == 2
    assert main(["explain", "3", "--all"]) == 2
    assert capsys.readouterr().err.count("name cards, boxes or wild cards, or give --all") == 2


def test_dof_explain_a_mod_card_and_a_wild_card(tmp_path, capsys):
    (tmp_path / "mod.card").write_text(
        'card 201 "Border Guards" {\n    period middle; side communist; ops 2\n'
        '    summary "Two Communist SPs in Leipzig."\n'
        "    event { communist places 2 SP in Leipzig }\n}\n", encoding="utf-8")
    assert main(["explain", "border guards", "Support Surge", "--mod", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "The Communist places 2 SPs in Leipzig, placed directly. [6.1.1]" in out
    assert 'Power Struggle card "Support Surge"' in out
    assert "You draw 2 Power Struggle cards." in out


# ---------------------------------------------------------------- effects in force
#: How a card's text says how long a lasting effect lasts (the start of the
#: line of its lasting block, or of a trigger that acts once: it ends when
#: it has acted), and how the board labels it.
LASTS = [("for the rest of the turn", "for the rest of the turn"),
         ("for the rest of the game", "for the rest of the game"),
         ("until cancelled", "until cancelled"),
         ("until the next deal", "until the next deal"),
         ("until the end of the next power struggle", "until the end of the next power struggle"),
         ("the next support check", "until it has applied once"),
         ("at the next power struggle", "until the next power struggle"),
         ("after the next power struggle", "until the end of the next power struggle"),
         ("at the end of this turn", "until the end of this turn"),
         ("at the end of this action round", "until the end of this action round"),
         ("at final scoring", "until Final Scoring"),
         ("when the game ends", "until the end of the game"),
         ("as soon as", "until"),
         ("after", "until"),
         ("at the start of each", "for the rest of the game"),
         ("at each", "for the rest of the game"),
         ("instead of each", "for the rest of the game"),
         ("each time", "for the rest of the game")]


def _written(at: str) -> str:
    """The card-file text from a compiled operation's place on."""
    path, line, col = at.rsplit(":", 2)
    with open(path, encoding="utf-8") as file:
        return file.read().splitlines()[int(line) - 1][int(col) - 1:]


def _lasting(program) -> list[tuple[dict, dict, str]]:
    """(rule, duration, where its duration is written) for each effect a
    program can register: a lasting block's rules (a trigger in it that
    acts once says its own), a trigger on its own (for the rest of the game)."""
    found = []
    for op in _walk(program):
        if op.get("op") == Op.LASTING:
            found += [(rule, op["duration"], rule["at"] if rule.get("once") else op["at"])
                      for rule in op["rules"]]
        elif op.get("op") == Op.TRIGGER:
            found.append((op, {"until": Until.END_OF_GAME}, op["at"]))
    return found


def _walk(value):
    if isinstance(value, dict):
        yield value
        for inner in value.values():
            yield from _walk(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _walk(inner)


def test_each_lasting_card_is_labelled_by_how_long_its_text_says(deck, explainer):
    """Issue 23: Roundtable Talks was labelled 'until the end of the game'
    though it ends at the next power struggle. Every effect a lasting card
    puts in force is labelled from its own duration or trigger, as its text
    says it."""
    labelled = 0
    for number, card in sorted(deck.cards.items()):
        if not card.printed.lasting:
            continue
        owner = card.printed.side if card.printed.side in ("democrat", "communist") else \
            "democrat"
        for rule, duration, at in _lasting([card.event, card.on_ops]):
            text = _written(at)
            said = explainer.effect(f"#{number}", {"owner": owner, "rule": rule, **duration})
            label = next(lb for w, lb in LASTS if text.startswith(w))
            assert said.facts[0].startswith(label), (number, text, said.facts[0])
            labelled += 1
    assert labelled > 30
    talks = next(n for n, c in deck.cards.items() if c.printed.name == "Roundtable Talks")
    (rule, duration, _), = _lasting(deck.cards[talks].event)
    said = explainer.effect("#17", {"owner": "democrat", "rule": rule, **duration})
    assert said.facts == ("until the next power struggle",)
    assert said.lines[-1].text == "It ends once it has acted."
    assert said.lines[0].text.startswith("At the next power struggle, after the deal")


def test_an_effect_in_force_says_what_it_does_and_what_ends_it(deck, explainer):
    stasi = next(n for n, c in deck.cards.items() if c.printed.name == "Stasi")
    (rule, duration, _), = _lasting(deck.cards[stasi].event)
    said = explainer.effect("#13 Stasi", {"owner": "communist", "rule": rule, **duration})
    assert said.title == "#13 Stasi" and said.facts == ("for the rest of the turn",)
    assert [line.text for line in said.lines] == [
        "At the start of each action round of the Communist:",
        "The Democrat shows the card he will play in his next action round, and must play "
        "it then.",
        "It ends at the end of this turn."]
    assert said.lines[-1].rules == ("4.5.3",)
