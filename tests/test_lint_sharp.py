"""Sharper lint, by example: a small bad card text and what lint says about it.

Each test writes a card (or a fragment of an event, see ``dsl_helpers``) and
checks the code, where it points (file:line:col) and a piece of the message.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from dsl_helpers import deck_of, event
from lark import Tree
from rich.console import Console

from dof.cli.cards_view import run_cards
from dof.cli.lint import run_lint
from dof.dsl import builtin_cards_dir, load_deck
from dof.dsl.ast import BoxDef, CardDef, PsCardDef
from dof.dsl.diagnostics import Reporter
from dof.dsl.grammar import parser
from dof.dsl.parser import MAX_DEPTH, parse_source


def found(deck, code: str, tmp_path: Path) -> list[tuple[str, str]]:
    """(file:line:col, message) of each diagnostic with ``code``."""
    return [(str(d.span).replace(str(tmp_path) + "/", ""), d.message)
            for d in deck.diagnostics if d.code == code]


def one(deck, code: str):
    [diag] = [d for d in deck.diagnostics if d.code == code]
    return diag


def card(body: str, side: str = "democrat", summary: str = "A card made up for a test.") -> str:
    lines = "\n".join("        " + line for line in body.strip("\n").splitlines())
    return (f'card 201 "Test Card" {{\n    period early; side {side}; ops 2\n'
            f'    summary "{summary}"\n    event {{\n{lines}\n    }}\n}}\n')


# ------------------------------------------------------------------ E407 empty event
def test_an_empty_event_is_an_error_and_the_card_is_not_written(tmp_path):
    deck = deck_of(tmp_path, 'card 201 "Hollow" {\n    period early; side democrat; ops 2\n'
                             '    summary "Nothing yet."\n    event { }\n}\n')
    assert found(deck, "E407", tmp_path) == [("test.card:4:5", "the event is empty")]
    assert one(deck, "E407").hint.startswith("write what happens, or leave the clause out")
    assert deck.card(201).to_json()["written"] is False


def test_an_empty_award_or_play_is_an_error_too(tmp_path):
    deck = deck_of(tmp_path, 'tiananmen box 4 "Hunger Strike" / "Students Arrested" {\n'
                             '    democrat needs 6; communist needs 7\n    summary "x"\n'
                             '    award immediately { }\n}\n')
    assert found(deck, "E407", tmp_path) == [("test.card:4:5", "the award is empty")]


# ------------------------------------------------------------------ W506 branches never run
def test_otherwise_after_a_roll_that_always_holds(tmp_path):
    deck = event(tmp_path, """
democrat rolls a die
if the roll is 1 or more: democrat gains 1 VP
otherwise: communist gains 1 VP
""")
    assert found(deck, "W506", tmp_path) == [
        ("test.card:7:9", "'otherwise' never runs: the conditions before it hold for every "
                          "die result (1-6)")]
    assert one(deck, "W506").caret().strip() == "^" * len("otherwise")


def test_a_modified_roll_may_be_anything(tmp_path):
    deck = event(tmp_path, """
democrat rolls a die plus 2
if the roll is 1 or more: democrat gains 1 VP
otherwise: communist gains 1 VP
""")
    assert found(deck, "W506", tmp_path) == []


def test_a_chain_of_turns_that_covers_the_game(tmp_path):
    deck = event(tmp_path, """
if the turn is 1 to 3: democrat gains 3 VP
otherwise if the period is early: democrat gains 2 VP
otherwise if the turn is 4 or more: democrat gains 1 VP
otherwise: communist gains 1 VP
""")
    assert found(deck, "W506", tmp_path) == [
        ("test.card:6:22", "this branch never runs: the conditions before it already take "
                           "every turn of the game it tests"),
        ("test.card:8:9", "'otherwise' never runs: the conditions before it hold for every "
                          "turn of the game")]


def test_a_turn_outside_the_game_never_holds(tmp_path):
    deck = event(tmp_path, "if the turn is 11: democrat gains 1 VP")
    assert found(deck, "W501", tmp_path) == [
        ("test.card:5:21", "the game lasts turns 1 to 10, so this condition never holds")]
    assert deck.errors == 0


def test_a_prerequisite_on_no_turn_of_the_game(tmp_path):
    deck = deck_of(tmp_path, 'card 201 "Never" { period early; side democrat; ops 1\n'
                             '    summary "x"; requires the turn is greater than 10 }\n')
    assert found(deck, "E404", tmp_path) == [
        ("test.card:2:27", "the game lasts turns 1 to 10, so this prerequisite is never met")]


# ------------------------------------------------------------------ W507 the wrong side acts
def test_a_democrat_card_where_only_the_communist_gains(tmp_path):
    deck = deck_of(tmp_path, card("communist gains 2 VP"))
    assert found(deck, "W507", tmp_path) == [
        ("test.card:5:9", "card 201 is a democrat card, but only the communist acts in its "
                          "event, to his own gain")]


@pytest.mark.parametrize("side, body", [
    # The other side acts, to his loss (General Strike, Stasi): as printed.
    ("democrat", "until cancelled {\n    instead of each communist action round {\n"
                 "        communist discards 1 card\n    }\n}"),
    ("communist", "democrat reveals all cards with a red title from his hand"),
    # Both act; a neutral card is anyone's.
    ("communist", "democrat draws 1 card\ncommunist gains 1 VP"),
    ("neutral", "communist gains 2 VP"),
])
def test_the_other_side_may_act_in_an_event(tmp_path, side, body):
    assert found(deck_of(tmp_path, card(body, side)), "W507", tmp_path) == []


# ------------------------------------------------------------------ W508 own SPs removed
def test_a_player_removing_his_own_sps_in_his_own_event(tmp_path):
    deck = deck_of(tmp_path, card("democrat removes 2 democrat SP from spaces of Poland",
                                  summary="Remove two SPs in Poland."))
    assert found(deck, "W508", tmp_path) == [
        ("test.card:5:28", "the democrat removes his own SPs here, in his own event")]
    assert one(deck, "W508").hint.startswith("to remove the communist's SPs, leave out the owner")


@pytest.mark.parametrize("side, body, summary", [
    # Nagy Reburied: the summary says whose SPs go.
    ("communist", "communist removes all communist SP from each Elite space in Hungary",
     "Clear Communist SPs from the Hungarian Elite spaces."),
    # The Wall Must Go!: the loser removes his own, in the winner's event.
    ("democrat", "communist removes 3 communist SP from East Germany", "The Wall falls."),
    # Ceausescu: a penalty only if something happens.
    ("communist", "if democrat controls Cluj-Napoca: communist removes 1 communist SP from "
                  "Bucuresti", "Bucuresti may weaken."),
    ("democrat", "democrat removes 2 SP from spaces of Poland", "Two SPs go."),
])
def test_removing_own_sps_the_card_means(tmp_path, side, body, summary):
    assert found(deck_of(tmp_path, card(body, side, summary)), "W508", tmp_path) == []


# ------------------------------------------------------------------ W501 except
def test_except_that_takes_the_last_matching_space(tmp_path):
    deck = event(tmp_path, "democrat places 1 SP in spaces adjacent to Leipzig except Berlin "
                           "and Lutheran Church and Halle and Karl-Marx-Stadt and Dresden")
    assert found(deck, "W501", tmp_path) == [
        ("test.card:5:60", "'except Berlin and Lutheran Church and Halle and Karl-Marx-Stadt "
                           "and Dresden' leaves no space this description matches, so this "
                           "never acts")]
    assert found(event(tmp_path, "democrat places 1 SP in spaces adjacent to Leipzig except "
                                 "Dresden"), "W501", tmp_path) == []


# ------------------------------------------------------------------ E406 a printed name
def test_a_new_card_named_like_a_printed_one(tmp_path):
    (tmp_path / "mine.card").write_text('card 111 "Walesa" { period late; side democrat; ops 2\n'
                                        '  summary "Mine."; event { democrat gains 1 VP } }\n')
    diag = one(load_deck(mod=tmp_path), "E406")
    assert (diag.span.line, diag.span.col, diag.message) == (
        1, 1, '"Walesa" is the name of printed card 3: a new card needs a name of its own')
    assert diag.caret() == "^" * len('card 111 "Walesa"')


# ------------------------------------------------------------------ # dof: ignore
def test_ignore_comment_silences_named_warnings_on_its_line(tmp_path):
    deck = event(tmp_path, """
democrat places 1 SP in Minority spaces in Poland  # dof: ignore W501
democrat places 1 SP in Minority spaces in Poland  # dof: ignore W503, W501  # a test
democrat places 1 SP in Minority spaces in Poland
""")
    assert [where for where, _ in found(deck, "W501", tmp_path)] == ["test.card:7:33"]
    assert found(deck, "W509", tmp_path) == []


def test_ignore_comment_names_warnings_only(tmp_path):
    deck = event(tmp_path, """
democrat places 1 SP in Gdnask  # dof: ignore E101, W999
democrat gains 1 VP  # dof: ignore
""")
    assert found(deck, "W509", tmp_path) == [
        ("test.card:5:55", "E101 is an error, and errors cannot be ignored: fix the card "
                           "instead"),
        ("test.card:5:61", "'W999' is not a diagnostic code (a remark goes after another '#')"),
        ("test.card:6:30", "'# dof: ignore' names no code")]
    assert found(deck, "E101", tmp_path) == [
        ("test.card:5:33", "unknown space or country 'Gdnask'")]


# ------------------------------------------------------------------ JSON ranges
def test_json_diagnostics_carry_a_range(tmp_path):
    path = tmp_path / "bad.card"
    path.write_text(card("democrat places 2 SP in East Gremany"))
    out = io.StringIO()
    run_lint([path], fmt="json", console=Console(file=out, width=200))
    [diag] = json.loads(out.getvalue())["diagnostics"]
    assert {k: diag[k] for k in ("line", "col", "end_line", "end_col")} == {
        "line": 5, "col": 33, "end_line": 5, "end_col": 45}


# ------------------------------------------------------------------ clearer messages
@pytest.mark.parametrize("text, where, message, hint", [
    ('card 201 "T" {\n    period early; side democrats; ops 2\n}\n', "2:24",
     "unexpected word 'democrats'", "did you mean 'democrat'?"),
    (card("democrat places -2 SP in Gdansk"), "5:25",
     "a negative amount '-2': amounts are never negative",
     "to take SPs away, write 'removes N SP from ...'"),
    (card("democrat gains -1 VP"), "5:24", "a negative amount '-1': amounts are never negative",
     "the other player gains the VP instead: e.g. 'opponent gains 1 VP'"),
    (card("democrat gains +1 VP"), "5:24", "'+1' has a sign, but an amount is a plain number",
     "write '1'"),
    (card("for the rest of the turn: tiananmen attempts by democrat get 1"), "5:70",
     "a modifier needs its sign: '+1' or '-1'", "write e.g. 'get +1'"),
    (card("cards played by communist get -1 ops"), "5:9", "a lasting rule needs a duration",
     "put it inside e.g. 'for the rest of the turn: ...' or 'until cancelled { ... }' "
     "(rule 7.2)"),
    (card("communist may not make support checks in Poland"), "5:9",
     "a lasting rule needs a duration", None),
    (card("cancel \u201cThe Wall\u201d"), "5:16",
     "curly quote '\u201c': card names are written between straight double quotes (\")",
     'write "The Wall"'),
    (card("democrat places 2\u00a0SP in Gdansk"), "5:26",
     "a no-break space (U+00A0) stands here instead of a space",
     "replace it with an ordinary space"),
    (card("democrat places 2 SP in Gdan\u200bsk"), "5:37",
     "an invisible zero width space (U+200B) stands here",
     "delete it: it is not part of the card text"),
    (card("democrat places 1 SP in Gdansk, Krakow"), "5:39",
     "names in a list are joined with 'and' or 'or', not with ','",
     "write 'Gdansk and Krakow' (or 'or')"),
    ('card 201 "T" {\n    period early side democrat; ops 2\n}\n', "2:18",
     "missing ';' before 'side'", "statements and clauses on one line are separated by ';'"),
    (card("if the turn is 3 democrat gains 1 VP"), "5:26", "missing ':' before 'democrat'",
     "a condition or trigger is followed by ':' and one statement, or by a { block }"),
])
def test_messages_say_what_is_wrong(tmp_path, text, where, message, hint):
    diag = one(deck_of(tmp_path, text), "E001")
    assert (f"{diag.span.line}:{diag.span.col}", diag.message) == (where, message)
    if hint is not None:
        assert diag.hint == hint


def test_card_names_may_still_be_listed_with_commas(tmp_path):
    assert load_deck_errors(event(tmp_path, 'cancel "The Wall", "Sajudis" and "Elena"')) == []


def load_deck_errors(deck) -> list[str]:
    return [d.format() for d in deck.diagnostics if d.is_error]


# ------------------------------------------------------------------ the parser
def lark_nodes(tree: Tree) -> list[tuple]:
    """(kind, line, col, end line, end col) of every node Lark's own parser builds
    (but names, which start at their first capital, after any 'the')."""
    return sorted((str(t.data), t.meta.line, t.meta.column, t.meta.end_line, t.meta.end_column)
                  for t in tree.iter_subtrees()
                  if not t.meta.empty and t.data not in ("start", "name"))


def our_nodes(items: list) -> list[tuple]:
    out, stack = [], list(items)
    while stack:
        item = stack.pop()
        kind = {CardDef: "card", BoxDef: "box", PsCardDef: "ps_card"}.get(
            type(item), getattr(item, "kind", None))
        if kind is None or not item.span.line:
            continue
        out.append((kind, *item.span[1:]))
        stack.extend(getattr(item, "clauses", None) or getattr(item, "children", []))
    return sorted(out)


def test_the_parser_builds_what_lark_builds_for_the_whole_deck():
    """The tree comes from Lark's table, driven by dof's own loop: the same
    nodes at the same places as Lark's parse tree, for every built-in file."""
    for path in sorted(builtin_cards_dir().glob("*.card")):
        text = path.read_text(encoding="utf-8")
        src = parse_source(str(path), text, Reporter())
        ours = our_nodes(src.cards + src.boxes + src.ps_cards)
        assert ours == lark_nodes(parser().parse(text)), path.name


@pytest.mark.parametrize("comment", ["# a } in a comment", "# otherwise nothing happens"])
def test_a_brace_or_otherwise_in_a_comment_is_only_a_comment(tmp_path, comment):
    deck = event(tmp_path, f"if the turn is 3: democrat gains 1 VP\n{comment}\n"
                           f"democrat gains 2 VP  {comment}")
    assert [d.format() for d in deck.diagnostics] == []
    assert [op["op"] for op in deck.card(201).event] == ["if", "vp"]


def test_a_long_chain_of_conditions_is_too_deep_not_a_crash(tmp_path):
    chain = " or ".join(["democrat leads on VP"] * (MAX_DEPTH + 30))
    deck = event(tmp_path, f"if {chain}: democrat gains 1 VP")
    assert [d.code for d in deck.diagnostics] == ["E004"]


def test_a_large_file_lints_like_its_cards(tmp_path):
    """Hundreds of cards in one file: no finding but the one bad card, at the
    right line. (Time and memory are measured by benchmarks/bench_lint.py.)"""
    good = card("democrat places 4 SP in spaces of Poland\n"
                "democrat makes 2 support checks in Poland using this card's ops")
    cards = [good.replace("201", str(n)).replace("Test Card", f"Card {n}")
             for n in range(201, 900)]
    text = "\n".join(cards) + "\n" + card("democrat places 1 SP in Gdnask").replace(
        "201", "900").replace("Test Card", "Card 900")
    deck = deck_of(tmp_path, text, "big.card")
    lines = len("\n".join(cards).splitlines()) + 1
    assert found(deck, "E101", tmp_path) == [
        (f"big.card:{lines + 5}:33", "unknown space or country 'Gdnask'")]
    assert len(deck.diagnostics) == 1 and deck.compiled_cards == 700


# ------------------------------------------------------------------ dof cards: boxes
@pytest.mark.parametrize("query", ["box 4", "Tiananmen 4", "hunger strike", "Students Arr"])
def test_cards_finds_a_tiananmen_box_by_number_or_name(query):
    out = io.StringIO()
    assert run_cards(query, fmt="json", console=Console(file=out, width=200)) == 0
    box = json.loads(out.getvalue())
    assert (box["number"], box["names"]["democrat"]) == (4, "Hunger Strike")


def test_cards_lists_the_boxes_a_name_could_mean():
    out = io.StringIO()
    assert run_cards("students", console=Console(file=out, width=200)) == 1
    text = out.getvalue()
    assert "several cards or boxes match 'students'" in text
    assert "box 2  Students Rally / Students Dispersed" in text
