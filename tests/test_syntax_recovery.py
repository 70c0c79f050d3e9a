"""Every syntax error of a file in one run (dsl/recovery.py): the parser goes
on at the next statement, clause or card, each mistake gives one
diagnostic and no more, and the cards that parsed are still checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from dsl_helpers import CARD, deck_of

from dof.cli.main import main
from dof.dsl import builtin_cards_dir, load_deck
from dof.dsl.diagnostics import Reporter
from dof.dsl.parser import parse_source
from dof.dsl.recovery import CAP
from dof.dsl.scan import accepted


def errors(deck) -> list[tuple[str, str]]:
    """(line:col, code) of each error, in file order."""
    return [(f"{d.span.line}:{d.span.col}", d.code) for d in deck.diagnostics if d.is_error]


#: The mistakes a modder made writing a variant card from the docs
#: (issue 22), each independent of the others.
ROUND_TABLE = '''\
card 111 "Round Table Returns" {
    period late; side democrat; ops 2; removed after event
    summary "Democrat scores 1 VP and more."
    event {
        democrat puts 3 SP in Gdansk
        democrat adds 3 SP to Romania
        democrat gains 1 VP for each democrat-controlled space in Romania
        democrat gains 1 VP
}

card 112 "Another Card" {
    period late; side democrat; ops 2
    summary "Written right."
    event { democrat gains 1 VP }
}
'''


def test_four_independent_mistakes_give_four_diagnostics_in_one_run(tmp_path):
    (tmp_path / "variants.card").write_text(ROUND_TABLE, encoding="utf-8")
    deck = load_deck(mod=tmp_path)
    assert errors(deck) == [("4:11", "E001"), ("5:18", "E001"), ("6:18", "E001"),
                            ("7:29", "E001")]
    unclosed = deck.diagnostics[0]
    assert unclosed.message == "this '{' is never closed"
    assert unclosed.hint == ("close it with '}': the parser noticed at 11:1, where the next "
                             "definition starts")
    # The card after the mistakes is read, checked and compiled; the one
    # that holds them is not.
    assert 111 not in deck.cards and deck.card(112).written


#: Mistakes of one statement each, with where each is reported in the test
#: card (dsl_helpers.CARD, its event's first line is line 5).
ALONE = [
    ("democrat puts 3 SP in Gdansk", "5:18"),
    ("democrat gains 1 VP for each democrat-controlled space in Romania", "5:29"),
    ("democrat places 3 SP to Gdansk", "5:30"),
    ("Democrat gains 1 VP", "5:9"),
    ("democrats gains 1 VP", "5:9"),
    ("democrat places 2 SPs in Gdansk, Krakow and Leipzig", "5:40"),
    ("if the turn is 3 democrat gains 1 VP", "5:26"),
    ("if the turn == 3: democrat gains 1 VP", "5:21"),
    ("if the turn is 3: democrat gains 1 VP else: democrat gains 2 VP", "5:47"),
    ("cancel The Wall", "5:16"),
    ('cancel "The Wall', "5:16"),
    ("democrat places 2 SP in gdansk", "5:33"),
    ("democrat may may gain 1 VP", "5:22"),
    ("democrat places 1 SP in Gdansk {", "5:40"),
    ("for the rest of turn: cards played by democrat get +1 ops", "5:25"),
    ("democrat draws 2 card from the deck", "5:31"),
    ("democrat gains 1 VP }", "6:9"),
]


@pytest.mark.parametrize("mistake, where", ALONE)
def test_a_mistake_gives_one_diagnostic(tmp_path, mistake, where):
    body = f"        {mistake}\n        democrat gains 1 VP"
    assert errors(deck_of(tmp_path, CARD.format(body=body))) == [(where, "E001")]


def test_mistakes_in_one_event_each_give_their_own_and_no_more(tmp_path):
    """Every mistake (but the early '}', which ends the event) on a line of
    its own in one event: as many diagnostics, each where it is alone."""
    alone = [(m, w) for m, w in ALONE if not m.endswith("}")]
    body = "\n".join(f"        {mistake}" for mistake, _ in alone)
    found = errors(deck_of(tmp_path, CARD.format(body=body)))
    assert found == [(f"{5 + i}:{where.split(':')[1]}", "E001")
                     for i, (_, where) in enumerate(alone)]


def test_mistakes_in_separate_cards_each_give_their_own(tmp_path):
    cards = [CARD.replace("201", str(201 + i)).replace("Test Card", f"Test Card {i}")
             .format(body=f"        {mistake}") for i, (mistake, _) in enumerate(ALONE)]
    found = errors(deck_of(tmp_path, "\n".join(cards)))
    assert len(found) == len(ALONE)


def test_a_card_with_a_syntax_error_is_not_checked_but_is_known_by_name(tmp_path):
    text = ('card 201 "Broken" {\n    period early; side democrat; ops 2\n'
            '    summary "Its event has a slip, and an unknown space."\n'
            '    event {\n        democrat puts 1 SP in Gdnask\n'
            '        democrat places 1 SP in Gdnask\n    }\n}\n'
            'card 202 "Follower" {\n    period early; side democrat; ops 2\n'
            '    summary "Needs the broken card."\n    requires event "Broken"\n'
            '    event {\n        democrat places 1 SP in Lepzig\n    }\n}\n')
    deck = deck_of(tmp_path, text)
    # The slip; no E101 for the broken card's Gdnask; card 202 is checked
    # (its own E101) and finds "Broken" by name.
    assert [(d.code, d.span.line) for d in deck.diagnostics] == [("E001", 5), ("E101", 14)]
    assert deck.compiled_cards == 1  # 202, not the broken 201


def test_a_broken_card_still_counts_for_duplicate_numbers(tmp_path):
    text = ('card 201 "One" {\n    period early; side democrat; ops 2\n    summary "x"\n'
            '    event { democrat puts 1 SP in Gdansk }\n}\n'
            'card 201 "Two" {\n    period early; side democrat; ops 2\n    summary "y"\n}\n')
    assert [d.code for d in deck_of(tmp_path, text).diagnostics] == ["E001", "E402"]


#: Headers of the test card with a mistake, and where it is reported.
HEADERS = [
    ('card 201 Test Card" {', "1:10"),            # the opening quote left out
    ('card 201 "Test Card {', "1:10"),            # the closing quote left out
    ('card 201 "Test Card" democrat 2 early {', "1:22"),  # clauses written in the header
    ('card #201 "Test Card" {', "1:24"),          # '#' starts a comment: no number
    ('card "Test Card" {', "1:6"),                # the number left out
]


@pytest.mark.parametrize("header, where", HEADERS, ids=[h for h, _ in HEADERS])
def test_a_mistaken_header_gives_one_diagnostic_and_the_next_card_is_read(tmp_path, header,
                                                                         where):
    """What a header's mistake leaves unread is not read as definitions: one
    diagnostic, not one per clause of the card, and the card after it is
    checked as written (its unknown space found)."""
    broken = CARD.format(body="        democrat gains 1 VP").replace('card 201 "Test Card" {',
                                                                    header)
    after = CARD.replace('201 "Test Card"', '202 "Other"').format(
        body="        democrat places 1 SP in Gdnask")
    deck = deck_of(tmp_path, broken + after)
    assert [(f"{d.span.line}:{d.span.col}", d.code) for d in deck.diagnostics] == \
        [(where, "E001"), ("12:33", "E101")]


def test_a_header_mended_keeps_its_card_known_by_name(tmp_path):
    """A header that a repair reads on (a quote, clauses in the header) names
    its card: a card that requires it finds it."""
    follower = ('card 202 "Follower" {\n    period early; side democrat; ops 2\n'
                '    summary "Needs the test card."\n    requires event "Test Card"\n}\n')
    for header, _ in HEADERS[:3]:
        broken = CARD.format(body="        democrat gains 1 VP").replace(
            'card 201 "Test Card" {', header)
        assert [d.code for d in deck_of(tmp_path, broken + follower).diagnostics] == ["E001"]


def test_a_brace_too_many_after_a_card_is_one_diagnostic(tmp_path):
    text = CARD.format(body="        democrat gains 1 VP") + "}\n" + CARD.replace(
        '201 "Test Card"', '202 "Other"').format(body="        democrat puts 1 SP in Gdansk")
    assert errors(deck_of(tmp_path, text)) == [("8:1", "E001"), ("13:18", "E001")]


def test_a_file_reports_at_most_cap_errors_then_counts_the_rest(tmp_path):
    body = "\n".join(["        democrat puts 1 SP in Gdansk"] * (CAP + 7))
    deck = deck_of(tmp_path, CARD.format(body=body))
    assert len(deck.diagnostics) == CAP + 1
    last = deck.diagnostics[-1]
    assert (last.span.line, last.message) == (5 + CAP, "7 more syntax errors in this file, "
                                              "not shown")
    assert last.hint == f"dof shows the first {CAP} of a file: mend these and lint again"


def test_lint_reports_the_syntax_errors_of_every_file(tmp_path, capsys):
    for number, verb in ((201, "puts"), (202, "adds")):
        card = CARD.replace('201 "Test Card"', f'{number} "Card {number}"')
        (tmp_path / f"{verb}.card").write_text(card.format(
            body=f"        democrat {verb} 1 SP in Gdansk\n        democrat scores 1 VP"),
            encoding="utf-8")
    assert main(["lint", "--format", "json", str(tmp_path)]) == 1
    found = json.loads(capsys.readouterr().out)["diagnostics"]
    assert [(Path(d["path"]).name, d["line"], d["code"]) for d in found] == [
        ("adds.card", 5, "E001"), ("adds.card", 6, "E001"), ("puts.card", 5, "E001"),
        ("puts.card", 6, "E001")]


def test_the_built_in_cards_parse_with_no_definition_marked():
    for path in sorted(builtin_cards_dir().glob("*.card")):
        reporter = Reporter()
        src = parse_source(str(path), path.read_text(encoding="utf-8"), reporter)
        assert src is not None and reporter.diagnostics == []
        assert not any(d.syntax_error for d in [*src.cards, *src.boxes, *src.ps_cards])


def test_what_the_grammar_accepts_after_a_point_past_a_mistake():
    """What an editor may offer to complete (dsl/scan.py reads with this
    recovery): the verbs after a player, the one preposition after 'places
    1 SP', even past an earlier slip."""
    start = 'card 201 "T" {\n    event {\n        democrat puts 1 SP in Gdansk\n        democrat '
    verbs = accepted(start, len(start))
    assert {"PLACES", "PLACE", "GAINS", "MAY"} <= verbs and not {"IN", "CONTROLS"} & verbs
    assert accepted(start + "places 1 SP ", len(start) + 12) == {"IN"}
    assert accepted("", 0) == {"CARD", "POWER", "TIANANMEN", "_SEP"}
