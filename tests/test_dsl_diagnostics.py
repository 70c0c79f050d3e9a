"""Every diagnostic code, with its exact file:line:col, caret and hint."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest
from dsl_helpers import deck_of, event

from dof.dsl.names import default_names
from dof.engine.data.names import did_you_mean, suggestions


def only(deck, code):
    found = [d for d in deck.diagnostics if d.code == code]
    assert found, [d.format() for d in deck.diagnostics]
    return found[0]


def where(diag, tmp_path: Path) -> str:
    return str(diag.span).replace(str(tmp_path) + "/", "")


def test_misspelt_space_gets_e101_with_did_you_mean(tmp_path):
    deck = event(tmp_path, "democrat places 2 SP in Gdnask")
    diag = only(deck, "E101")
    assert where(diag, tmp_path) == "test.card:5:33"
    assert diag.message == "unknown space or country 'Gdnask'"
    assert diag.hint == "did you mean 'Gdansk'?"
    assert diag.format().splitlines()[1:3] == [
        "        democrat places 2 SP in Gdnask", " " * 32 + "^^^^^^"]


def test_did_you_mean_offers_what_difflib_finds():
    # The hint skips the candidates difflib would skip, without trying each:
    # every slip of one letter in every space name gets difflib's answer.
    names = default_names().space_names() + default_names().country_names()
    lowered = {n.lower(): n for n in names}
    for name in names:
        for at in range(1, len(name)):
            slip = name[:at] + "q" + name[at + 1:]
            close = difflib.get_close_matches(slip.lower(), list(lowered), n=3, cutoff=0.6)
            hint = did_you_mean(slip, names) or ""
            assert re.findall("'([^']*)'", hint) == [lowered[c] for c in close]
    assert did_you_mean("Polsih Writers", names) == (
        "did you mean 'Polish Writers', 'Romanian Writers' or 'Czech Writers'?")
    assert did_you_mean("Xyzzy", names) is None


def test_the_names_a_hint_offers_are_read_back_for_a_quick_fix():
    cards = ["Workers' Revolt", "The Tyrant is Gone", "Tyrant's Fall"]
    for slip, offered in [("Gdnask", ["Gdansk"]), ("Bucarest", ["Bucuresti", "Budapest"]),
                          ("Workers Revolt", ["Workers' Revolt"]),
                          ("Tyrants Fall", ["Tyrant's Fall"])]:
        names = cards if "'" in offered[0] else default_names().space_names()
        assert suggestions(did_you_mean(slip, names)) == offered
    assert suggestions("write 'Worker spaces'") == []
    assert suggestions(None) == []


def test_many_misspelt_names_each_get_their_hint(tmp_path):
    slips = ["Gdnask", "Gdansq", "Lepzig", "Bucarest", "Gdnask"] * 40
    deck = event(tmp_path, "\n".join(f"democrat places 1 SP in {s}" for s in slips))
    assert [d.hint for d in deck.diagnostics if d.code == "E101"][:5] == [
        "did you mean 'Gdansk'?", "did you mean 'Gdansk'?", "did you mean 'Leipzig'?",
        "did you mean 'Bucuresti' or 'Budapest'?", "did you mean 'Gdansk'?"]
    assert len([d for d in deck.diagnostics if d.code == "E101"]) == 200


def test_e001_unexpected_word_suggests_keyword(tmp_path):
    deck = event(tmp_path, "democrat plces 2 SP in Gdansk")
    diag = only(deck, "E001")
    assert where(diag, tmp_path) == "test.card:5:18"
    assert diag.message.startswith("unexpected word 'plces'; expected one of:")
    assert "'places'" in diag.message and diag.hint.startswith("did you mean 'places'")
    assert diag.caret() == " " * 17 + "^^^^^"


def test_e001_unexpected_token_lists_expected(tmp_path):
    deck = event(tmp_path, "democrat places SP in Gdansk")
    diag = only(deck, "E001")
    assert where(diag, tmp_path) == "test.card:5:25"
    assert "expected one of:" in diag.message and "a number" in diag.message


def test_e001_truncated_file_is_reported_at_the_brace_left_open(tmp_path):
    deck = deck_of(tmp_path, 'card 201 "Test Card" {\n    period early; side democrat; ops 2\n')
    diag = only(deck, "E001")
    assert diag.message == "this '{' is never closed"
    assert diag.hint == "close it with '}': the parser noticed at the end of the file"
    assert where(diag, tmp_path) == "test.card:1:22"


def test_e002_binary_and_undecodable(tmp_path):
    nul = tmp_path / "nul.card"
    nul.write_bytes(b'card 1 "x" {\n\x00\x01}')
    bad = tmp_path / "bad.card"
    bad.write_bytes(b'card 1 "caf\xe9" {}')
    from dof.dsl import load_deck
    deck = load_deck([nul, bad])
    assert sorted(where(d, tmp_path) for d in deck.diagnostics if d.code == "E002") == [
        "bad.card:1:12", "nul.card:2:1"]


def test_e003_empty_file(tmp_path):
    diag = only(deck_of(tmp_path, "# only a comment\n\n"), "E003")
    assert where(diag, tmp_path) == "test.card:1:1"


def test_e102_unknown_card_and_e403_replaced_card(tmp_path):
    diag = only(event(tmp_path, 'cancel "The Wal"'), "E102")
    assert diag.hint.startswith("did you mean 'The Wall'")
    assert where(diag, tmp_path) == "test.card:5:16"
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "x.card").write_text('card 2 "Solidarity Banned" { period early; side communist; '
                                'ops 4; summary "x" }\n')
    from dof.dsl import load_deck
    deck = load_deck(mod=mod)
    diag = only(deck, "E403")
    assert diag.message == 'card "Solidarity Legalized" (#2) is not in the deck'
    assert diag.span.path.endswith("early.card")


def test_e103_e104_e105(tmp_path):
    deck = event(tmp_path, """
democrat places 1 SP in Wroker spaces in Polnad
move the U.S.S.R. marker to "Sajudiss"
""")
    assert only(deck, "E104").hint == "did you mean 'Worker'?"
    assert only(deck, "E103").hint == "did you mean 'Poland'?"
    assert only(deck, "E105").hint == "did you mean 'Sajudis'?"


@pytest.mark.parametrize("body, code, message", [
    ("democrat places 1 SP in the chosen space", "E206",
     "'the chosen space' refers to no earlier choice"),
    ("if he did: democrat gains 1 VP", "E206",
     "'did' refers to no earlier optional ('may') action"),
    ("end this effect", "E208",
     "'end this effect' is only meaningful inside a lasting effect or trigger"),
    ("at the end of each turn: democrat gains 1 VP", "E207",
     "a repeating trigger needs a duration"),
    ("communist replaces 1 SP with communist SP in Gdansk", "E204",
     "'replaces' needs whose SP go and whose come: e.g. 'replaces 1 democrat SP with "
     "communist SP in ...'"),
    ("democrat places 1 SP in Worker", "E201", "'Worker' is a space type, not a space"),
    ("hold a power struggle in Gdansk", "E201", "'Gdansk' is a space, not a country"),
    ("democrat gains up to 2 VP", "E202", "'up to' is not an amount here"),
    ("hold a power struggle in Poland and Hungary", "E203", "name one country here"),
    ('democrat chooses one {\n    option "VP": democrat gains 1 VP\n}', "E205",
     "'chooses one' needs at least two options"),
    ("democrat draws 2 power struggle cards", "E213",
     'card 201 "Test Card" acts on Power Struggle cards where no power struggle is being '
     "fought: they are in the players' hands only then (8.1.1, ruling R57)"),
])
def test_e2xx_wrong_type_or_arity_each_finding_with_its_code(tmp_path, body, code, message):
    assert only(event(tmp_path, body), code).message == message


BOX = '''tiananmen box 1 "Reformer Memorialized" / "Reformer Discredited" {
    democrat needs 5; communist needs 6; summary "x"
    award immediately { this event succeeds }
}
'''
WILD = '''power struggle card "Tactic Fails" {
    summary "x"
    when played to attack: the attacked suit is barred for the rest of this power struggle
}
'''
SCORING = '''card 111 "Baltic Scoring" {
    period early; side scoring; ops 2
    summary "x"
    event {
        democrat may hold a power struggle in Poland
        score Poland
    }
}
'''


@pytest.mark.parametrize("text, code, at, message", [
    (BOX, "E209", "3:25", "a Tiananmen box is no event: 'this event succeeds' means nothing here"),
    (WILD, "E210", "3:28",
     "only a Power Struggle card played to match an attack knows the attacked suit"),
    (WILD.replace("the attacked suit is barred for the rest of this power struggle",
                  "hold a power struggle in Poland"), "E215", "3:28",
     'power struggle card "Tactic Fails" holds a power struggle during another: all the '
     "Power Struggle cards are in play then (8.1.1, ruling R56)"),
    (SCORING, "E216", "5:9",
     'card 111 "Baltic Scoring" is a Scoring card: its power struggle is held every time it is '
     "played, in one country its event names (8.0, ruling R54)"),
    (SCORING, "E217", "2:33", "a Scoring card has no Ops value (rule 2.2.1)"),
    (SCORING.replace("side scoring; ops 2", "side democrat; no ops"), "E217", "2:34",
     "only Scoring cards have no Ops value (rule 2.2.1)"),
    ('card 201 "Test Card" {\n    period early; side democrat; ops 2; summary "x"\n'
     "    requires the roll is 6\n}\n", "E211", "3:14",
     "a prerequisite can only test the game state (events, Power, control, VP, turn, "
     "Tiananmen track)"),
    ('card 201 "Test Card" {\n    period early; side democrat; ops 2; summary "x"\n'
     "    event { democrat plays the event of this card }\n}\n", "E212", "3:13",
     'card 201 "Test Card" plays itself: it is already being played, so this would play it '
     "again without end (ruling R55)"),
    ('card 201 "Test Card" {\n    period early; side democrat; ops 2; lasting; summary "x"\n'
     "    event { at the next power struggle, after the deal {\n"
     "        democrat draws 2 power struggle cards\n"
     "        democrat reveals all of the drawn cards } }\n}\n", "E214", "5:37",
     "the drawn cards are Power Struggle cards: they can only be discarded, or counted by name"),
])
def test_e2xx_in_boxes_wild_cards_scoring_cards_and_prerequisites(tmp_path, text, code, at,
                                                                  message):
    diag = only(deck_of(tmp_path, text), code)
    assert (where(diag, tmp_path), diag.message) == (f"test.card:{at}", message)


def test_every_e2xx_code_has_an_example_here():
    """Each wrong-type-or-arity finding has its own code (E201 stood for them
    all in dof 0.1.0), and each has an example in this file's tests."""
    from dof.dsl.diagnostics import CODES

    examples = set(re.findall(r'"(E2\d\d)"', Path(__file__).read_text(encoding="utf-8")))
    assert sorted(c for c in CODES if c.startswith("E2")) == sorted(examples) == [
        f"E2{n:02}" for n in range(1, 18)]


def test_e301_out_of_range(tmp_path):
    deck = deck_of(tmp_path, 'card 201 "Test Card" {\n    period early; side democrat; ops 7\n'
                             '    summary "x"\n    event { democrat gains 25 VP }\n}\n')
    found = sorted((where(d, tmp_path), d.message) for d in deck.diagnostics if d.code == "E301")
    assert found == [("test.card:2:38", "Ops value 7 is out of range 1-4"),
                     ("test.card:4:28", "amount 25 is out of range 1 to 20")]


def test_e401_missing_metadata(tmp_path):
    deck = deck_of(tmp_path, 'card 201 "Test Card" {\n    side democrat\n}\n')
    messages = sorted(d.message for d in deck.diagnostics if d.code == "E401")
    assert messages == ['card 201 "Test Card" has no \'ops\'',
                        'card 201 "Test Card" has no \'period\'',
                        'card 201 "Test Card" has no \'summary\'']
    assert all(where(d, tmp_path) == "test.card:1:1" for d in deck.diagnostics)


def test_e402_duplicate_number(tmp_path):
    text = 'card 201 "A" { period early; side democrat; ops 1; summary "a" }\n'
    deck = deck_of(tmp_path, text + text.replace('"A"', '"B"'))
    diag = only(deck, "E402")
    assert where(diag, tmp_path) == "test.card:2:1"
    assert diag.hint.startswith("first defined at ") and diag.hint.endswith('as "A"')


def test_e404_prerequisite_never_met(tmp_path):
    deck = deck_of(tmp_path, '''
card 201 "Chicken" { period early; side democrat; ops 1; summary "a"
    requires event "Egg" }
card 202 "Egg" { period early; side democrat; ops 1; summary "b"
    requires event "Chicken" }
card 203 "Late Bloomer" { period late; side democrat; ops 1; summary "c"
    requires the turn is 1 to 3 }
''')
    messages = sorted(d.message for d in deck.diagnostics if d.code == "E404")
    assert messages == [
        '"Chicken" and "Egg" require each other, so neither can ever be played as an event',
        '"Egg" and "Chicken" require each other, so neither can ever be played as an event',
        "this late card joins the deck on turn 8 (rule 4.1), so this prerequisite is never met"]


def test_e405_duplicate_clause(tmp_path):
    deck = deck_of(tmp_path, 'card 201 "A" { period early; side democrat; ops 1; ops 2; '
                             'summary "a" }\n')
    assert only(deck, "E405").message == "'ops' is given twice"


def test_w501_selector_that_matches_nothing_and_impossible_roll(tmp_path):
    deck = event(tmp_path, """
democrat places 1 SP in Minority spaces in Poland
democrat rolls a die
if the roll is 7 or more: democrat gains 1 VP
""")
    messages = sorted(d.message for d in deck.diagnostics if d.code == "W501")
    assert messages == ["a die shows 1 to 6, so this condition never holds",
                        "no space on the map matches this description, so this never acts"]
    assert deck.errors == 0


def test_w502_w503_w510(tmp_path):
    deck = deck_of(tmp_path, '''card 3 "Walesa" {
    period early; side democrat; ops 4; removed after event
    summary "x"
    event {
        democrat rolls a die
        if the roll is 6:
            democrat gains 1 VP
            democrat gains 2 VP
        for the rest of the turn: tiananmen attempts by democrat get +1
    }
}
''')
    w510 = only(deck, "W510")
    assert w510.message == "card 3: ops is 4 here but 3 in strategy.yaml"
    assert where(w510, tmp_path) == "test.card:2:34"   # at the 'ops 4' clause
    assert where(only(deck, "W503"), tmp_path) == "test.card:8:13"
    assert only(deck, "W502").hint == "add 'lasting' (rule 2.2.5)"


def test_printed_card_may_leave_its_facts_to_strategy_yaml(tmp_path):
    # Card 3 is printed (strategy.yaml): period, side, Ops and the asterisk come from there.
    deck = deck_of(tmp_path, 'card 3 "Walesa" {\n    summary "x"\n'
                             '    event { democrat gains 1 VP }\n}\n')
    assert deck.diagnostics == []
    printed = deck.card(3).printed
    assert (printed.period, printed.side, printed.ops, printed.removed) == (
        "early", "democrat", 3, True)


def test_w510_each_printed_fact_written_differently(tmp_path):
    # Card 4 "Michnik" is printed: early, democrat, 1 Op, removed after event, no red title.
    deck = deck_of(tmp_path, 'card 4 "Michnik" {\n    period late; side communist; red title\n'
                             '    summary "x"\n}\n')
    assert sorted(d.message for d in deck.diagnostics if d.code == "W510") == [
        "card 4: marked 'red title' here but not in strategy.yaml",
        "card 4: period is 'late' here but 'early' in strategy.yaml",
        "card 4: side is 'communist' here but 'democrat' in strategy.yaml"]
    assert deck.errors == 0
    # What the file writes wins (a variant may change a card); the rest is printed.
    printed = deck.card(4).printed
    assert (printed.period, printed.side, printed.ops, printed.red_title) == (
        "late", "communist", 1, True)


def test_w510_ignored_on_its_line(tmp_path):
    deck = deck_of(tmp_path, 'card 4 "Michnik" {\n    ops 2  # dof: ignore W510  # a variant\n'
                             '    summary "x"\n    event { democrat gains 1 VP }\n}\n')
    assert deck.diagnostics == [] and deck.card(4).printed.ops == 2


def test_w504_tiananmen_box_differs_from_tables(tmp_path):
    deck = deck_of(tmp_path, 'tiananmen box 1 "Reformer Memorialized" / "Reformer Discredited" {\n'
                             '    democrat needs 9; communist needs 6\n    summary "x"\n'
                             '    award until the opponent reaches this box: '
                             'tiananmen attempts by you get +1\n}\n')
    assert [d.message for d in deck.diagnostics] == [
        "box 1: democrat needs 9 here but 5 in the game data"]
