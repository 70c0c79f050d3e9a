"""A large deck is read by several processes (dsl/pieces.py) with exactly the
result of one: the same compiled cards, boxes and wild cards, and the same
findings in the same order. The size threshold is lowered so that small
files take that road."""

from __future__ import annotations

import os
import re
import time
from itertools import pairwise
from pathlib import Path

import pytest

from dof.dsl import builtin_cards_dir, load_deck, pieces
from dof.dsl import deck as deck_module
from dof.dsl.compiled import Deck


@pytest.fixture(autouse=True)
def small_decks_in_pieces(monkeypatch):
    monkeypatch.setattr(pieces, "PARALLEL_MIN", 0)
    monkeypatch.setattr(pieces, "SHARE_MIN", 0)


def renumbered(first: int, name_suffix: str = "") -> str:
    """The built-in strategy cards as new cards numbered from ``first``."""
    text = "".join((builtin_cards_dir() / f"{period}.card").read_text(encoding="utf-8")
                   for period in ("early", "middle", "late"))
    cards = re.findall(r'^card \d+ "([^"]*)" \{\n(.*?)^\}\n', text, re.S | re.M)
    return "\n".join(f'card {first + i} "{name}{name_suffix} {first + i}" {{\n{body}}}\n'
                     for i, (name, body) in enumerate(cards))


def same(paths: list[Path], jobs: int = 3, in_pieces: bool = True) -> Deck:
    """The deck read by ``jobs`` processes, checked against one process;
    ``in_pieces``: whether the workers' deck is the one given (else one
    process did the work again), so that a broken road cannot pass unseen."""
    real, given = deck_module._load_in_pieces, []

    def watched(*args):
        given.append(real(*args))
        return given[-1]

    deck_module._load_in_pieces = watched
    try:
        together = load_deck(paths, jobs=jobs)
    finally:
        deck_module._load_in_pieces = real
    assert (given[0] is not None) == in_pieces
    alone = load_deck(paths, jobs=1)
    assert {n: c.to_json() for n, c in together.cards.items()} == {
        n: c.to_json() for n, c in alone.cards.items()}
    assert list(together.cards) == list(alone.cards)
    assert {n: b.to_json() for n, b in together.boxes.items()} == {
        n: b.to_json() for n, b in alone.boxes.items()}
    assert together.ps_cards == alone.ps_cards
    assert together.diagnostics == alone.diagnostics
    assert [d.source_line for d in together.diagnostics] == [
        d.source_line for d in alone.diagnostics]
    assert (together.compiled_cards, together.compiled_boxes) == (
        alone.compiled_cards, alone.compiled_boxes)
    return together


def test_the_built_in_deck_read_in_pieces_is_the_deck_read_at_once():
    deck = same([builtin_cards_dir()])
    assert deck.compiled_cards == 110 and deck.compiled_boxes == 8 and len(deck.ps_cards) == 4
    assert not deck.diagnostics


def test_one_large_file_cut_into_shares(tmp_path):
    path = tmp_path / "many.card"
    path.write_text(renumbered(201) + "\n" + renumbered(401, " II"), encoding="utf-8")
    deck = same([path], jobs=4)
    assert deck.compiled_cards == 2 * 104 and not deck.errors


def test_findings_across_shares_are_those_of_one_process(tmp_path):
    """Names given twice (E402, E406), a 'requires' cycle between cards in
    different shares (E404), a prerequisite on no turn, misspelt spaces,
    suppressed and unknown warnings, an empty file."""
    text = renumbered(201)
    text = text.replace("card 203 ", "card 202 ", 1)  # a number given twice
    text = text.replace('"Solidarity Legalized', '"Legalized', 1)
    text += '\ncard 900 "The Wall" {\n    ops 1\n}\n'  # a printed card's name
    text += ('\ncard 901 "Chain A" {\n    ops 1\n    requires event "Chain B" has occurred\n'
             '    event {\n        democrat places 1 SP in Lodz\n    }\n}\n')
    text = ('card 902 "Chain B" {\n    ops 1\n    requires event "Chain A" has occurred\n'
            '    event {\n        democrat places 1 SP in Gdnask\n    }\n}\n\n'
            'card 903 "Never" {\n    ops 1\n    requires the turn is 12\n    event {\n'
            '        democrat places 1 SP in Lodz  # dof: ignore W504 W999\n    }\n}\n\n') + text
    (tmp_path / "a.card").write_text(text, encoding="utf-8")
    (tmp_path / "b.card").write_text("# nothing here yet\n", encoding="utf-8")
    deck = same([tmp_path], jobs=3)
    codes = {d.code for d in deck.diagnostics}
    assert {"E402", "E406", "E404", "E101", "E003", "W509"} <= codes


def test_a_syntax_error_in_a_later_share_is_reported_as_one_process_does(tmp_path):
    text = renumbered(201).replace("democrat places", "democrat plaecs", 1)
    broken = text.rindex("card 2")  # the last card: the last share
    text = text[:broken] + text[broken:].replace("    event {", "    event {{", 1)
    broken_line = text.count("\n", 0, text.index("event {{")) + 1
    path = tmp_path / "broken.card"
    path.write_text(text, encoding="utf-8")
    deck = same([path], jobs=2, in_pieces=False)
    # Both mistakes, as one process finds them; the two cards that hold them
    # are not compiled, the others are (two copies warn W511, as above).
    assert [(d.code, d.span.line) for d in deck.diagnostics if d.is_error] == [
        ("E001", 15), ("E001", broken_line)]
    assert deck.compiled_cards == text.count("\ncard ") + 1 - 2


def test_a_share_that_does_not_parse_stops_the_others(tmp_path, monkeypatch):
    """The first share's syntax error is reported without waiting for the
    other shares' workers: they are stopped (here the second would take a
    while, then leave a mark)."""
    text = renumbered(201).replace("    event {", "    event {{", 1)
    path = tmp_path / "broken.card"
    path.write_text(text, encoding="utf-8")
    mark, real = tmp_path / "second share parsed", deck_module.parse_piece

    def slow_after_the_first(name, whole, start, end, line):
        if start:
            time.sleep(2)
            mark.write_text("parsed", encoding="utf-8")
        return real(name, whole, start, end, line)

    monkeypatch.setattr(deck_module, "parse_piece", slow_after_the_first)
    deck = load_deck([path], jobs=2)
    assert [d.code for d in deck.diagnostics if d.is_error] == ["E001"]
    time.sleep(2.5)
    assert not mark.exists()


@pytest.mark.parametrize("how", ["raises", "dies"])
def test_a_worker_that_fails_leaves_the_work_to_one_process(tmp_path, monkeypatch, capfd, how):
    path = tmp_path / "many.card"
    path.write_text(renumbered(201).replace("card 203 ", "card 202 ", 1), encoding="utf-8")
    (tmp_path / "empty.card").write_text("\n", encoding="utf-8")
    expected = load_deck([tmp_path], jobs=1)
    # W511: the copies of St. Nicholas Church and Modrow name cards whose
    # prerequisites name the printed cards, not the copies.
    assert [d.code for d in expected.diagnostics] == ["E003", "E402", "W511", "W511"]
    parent, real = os.getpid(), deck_module.build_items

    def failing_in_workers(*args):
        if os.getpid() != parent:
            if how == "dies":
                os._exit(3)
            raise RuntimeError("a bug in a worker")
        return real(*args)

    monkeypatch.setattr(deck_module, "build_items", failing_in_workers)
    deck = load_deck([tmp_path], jobs=2)
    assert deck.diagnostics == expected.diagnostics
    assert deck.compiled_cards == expected.compiled_cards == 103
    assert "Traceback" not in capfd.readouterr().err


def test_shares_cover_the_text_and_start_where_definitions_start():
    text = renumbered(201)
    other = "# a comment\n\n" + renumbered(401, " II")
    found = pieces.shares([("a.card", text), ("b.card", other)], 3)
    assert found is not None and len(found) == 3
    covered: dict[str, list[tuple[int, int]]] = {}
    for share in found:
        for path, start, end, line in share:
            whole = text if path == "a.card" else other
            assert line == whole.count("\n", 0, start) + 1
            assert start == 0 or whole[start:].startswith("card ")
            covered.setdefault(path, []).append((start, end))
    for path, whole in (("a.card", text), ("b.card", other)):
        spans = covered[path]
        assert spans[0][0] == 0 and spans[-1][1] == len(whole)
        assert all(end == start for (_, end), (start, _) in pairwise(spans))
    sizes = [sum(end - start for _, start, end, _ in share) for share in found]
    assert max(sizes) < 1.5 * min(sizes)


def test_small_decks_single_cores_and_single_cards_stay_in_one_process(monkeypatch):
    two = 'card 1 "x" {}\ncard 2 "y" {}\n'
    assert pieces.shares([("a.card", two)], 2) is not None
    assert pieces.shares([("a.card", two)], 1) is None
    assert pieces.shares([("a.card", 'card 1 "x" {}\n')], 2) is None
    monkeypatch.setattr(pieces, "PARALLEL_MIN", 1_000_000)
    assert pieces.shares([("a.card", two)], 2) is None
    monkeypatch.setattr(pieces, "PARALLEL_MIN", 0)
    monkeypatch.setattr(pieces, "SHARE_MIN", len(two))
    assert pieces.shares([("a.card", two)], 2) is None  # no share under SHARE_MIN
